"""The one scoring entry point: readings of the hand, then the rule set's policy.

Everything that differs between rule families is asked of the rule set's policy object
(`policy_of(ruleset.policy)`, see policy.py), so a new family adds a policy module, not a branch here.
"""

from __future__ import annotations

from ..hand import Hand
from ..messages import N_, Message, joined
from ..notation import HandError, format_hand
from ..rules import Ruleset
from ..shapes import Reading
from ..tiles import GHOST
from .families import policy_of
from .payments import payments
from .result import NO_SHAPE, Score


NOT_A_TILE = Message(N_("a ghost (8z) is not a tile of this rule set"))


def prepared(hand: Hand, ruleset: Ruleset) -> Hand:
    """The hand as the rule set's detectors see it: what may fire, e.g. for the example search's checks."""
    return policy_of(ruleset.policy).prepare(hand)


def check(hand: Hand, ruleset: Ruleset) -> None:
    """Raise HandError when the rule set's game cannot have this hand (`score` instead scores it as no win, with
    the reason in a note): for input that names the rule set."""
    why = policy_of(ruleset.policy).problem(hand)
    if why is not None:
        raise HandError(N_("%(ruleset)s: %(why)s"), ruleset=ruleset.id, why=why)


def readings_of(hand: Hand, ruleset: Ruleset) -> list[Reading]:
    """Every reading of `hand` in the rule set's forms (or its own, for wild tiles); empty when incomplete, and
    for a hand with a ghost in a rule set without ghosts."""
    policy = policy_of(ruleset.policy)
    if _has_ghost(hand) and not policy.plays_ghosts(ruleset):
        return []
    return policy.readings(hand, ruleset)



def _has_ghost(hand: Hand) -> bool:
    """`GHOST in hand.closed_tiles`, without sorting the standing tiles into a new tuple (every hand asks)."""
    return hand.win_tile == GHOST or GHOST in hand.concealed


def ghost_flags(hand: Hand, ruleset: Ruleset) -> list[str]:
    """The ghost flags a rule set without ghosts reads past (`ghosts-discarded`, `horses`)."""
    if policy_of(ruleset.policy).plays_ghosts(ruleset):
        return []
    ctx = hand.context
    return [name for name, on in (("ghosts-discarded", ctx.ghosts_discarded), ("horses", ctx.horses)) if on]


def score(hand: Hand, ruleset: Ruleset, found: list[Reading] | None = None, key: str | None = None) -> Score:
    """Score `hand`; `found` passes its readings (`readings_of`) when the caller already has them, `key` its
    canonical text (`format_hand`'s, which `notation.parse_keyed` gives with the hand)."""
    if key is None:
        key = format_hand(hand)
    if found is None:
        found = readings_of(hand, ruleset)  # through the module: benchmarks/engine_phases.py replays this step
    policy = policy_of(ruleset.policy)
    if not found:
        why = NOT_A_TILE if _has_ghost(hand) and not policy.plays_ghosts(ruleset) else NO_SHAPE
        return Score(ruleset.id, key, False, False, 0, ruleset.unit, notes=[why])
    result = policy.score(hand, found, ruleset, key)
    unused = policy.unread_flags(hand, ruleset)
    ctx = hand.context
    if ctx.ghosts_discarded or ctx.horses:  # what `ghost_flags` reads: most hands have neither
        unused = unused + ghost_flags(hand, ruleset)
    if unused:
        result.notes.append(Message(N_("not used by %(ruleset)s: %(flags)s"), ruleset=ruleset.id, flags=joined(unused)))
    schemes = ruleset.option("payment")
    if schemes and result.legal and not result.payments:
        result.payments = payments(schemes, result.total, hand.context.tsumo)
    return result
