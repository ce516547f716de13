"""The one scoring entry point: readings of the hand, then the rule set's policy.

Policies are looked up by the name the rule data gives (`policy = "series"`), so a
new rule family adds a policy module, not a branch here.
"""

from __future__ import annotations

from collections.abc import Callable

from ..hand import Hand
from ..notation import HandError, format_hand
from ..rules import Ruleset
from ..shapes import Reading, readings
from . import mcr, multiplier, riichi, series
from .payments import payments
from .result import Score

Policy = Callable[[Hand, list[Reading], Ruleset, str], Score]

POLICIES: dict[str, Policy] = {"series": series.score, "multiplier": multiplier.score}
POLICIES["mcr"] = mcr.score
POLICIES["riichi"] = riichi.score

ReadingsHook = Callable[[Hand, Ruleset], list[Reading]]

READINGS: dict[str, ReadingsHook] = {"multiplier": multiplier.readings_for, "riichi": riichi.readings}
"""Policies whose rule sets decide completeness themselves (wild tiles), by policy name."""


PREPARE: dict[str, Callable[[Hand], Hand]] = {"mcr": lambda hand: mcr.corrected_context(hand)[0],
                                             "riichi": riichi.prepare}
"""Policies that adjust a hand before detecting on it (MCR drops impossible win flags), by policy name."""


def prepared(hand: Hand, ruleset: Ruleset) -> Hand:
    """The hand as the rule set's detectors see it: what may fire, e.g. for the example search's checks."""
    prepare = PREPARE.get(ruleset.policy)
    return prepare(hand) if prepare is not None else hand


CHECKS: dict[str, Callable[[Hand], str | None]] = {"riichi": riichi.problem}
"""Policies that refuse some hands of valid notation (what cannot happen in their game), by policy name."""


def check(hand: Hand, ruleset: Ruleset) -> None:
    """Raise HandError when the rule set's game cannot have this hand (`score` instead scores it as no
    win, with the reason in a note): for input that names the rule set."""
    fn = CHECKS.get(ruleset.policy)
    why = fn(hand) if fn is not None else None
    if why is not None:
        raise HandError(f"{ruleset.id}: {why}")


def riichi_only_flags(hand: Hand) -> list[str]:
    """The Riichi-only parts of a hand's notation, which other rule sets read past (a red five as a five)."""
    ctx = hand.context
    if not (ctx.red or ctx.riichi or ctx.double_riichi or ctx.ippatsu or ctx.dora or ctx.ura):
        return []
    out = [name for name, on in (("riichi", ctx.riichi), ("double-riichi", ctx.double_riichi),
                                 ("ippatsu", ctx.ippatsu), ("dora", bool(ctx.dora)), ("ura", bool(ctx.ura))) if on]
    if ctx.red:
        out.append("red fives (read as fives)")
    return out


def register_policy(name: str, policy: Policy) -> None:
    POLICIES[name] = policy


def readings_of(hand: Hand, ruleset: Ruleset) -> list[Reading]:
    """Every reading of `hand` in the rule set's forms (or its own, for wild tiles); empty when incomplete."""
    hook = READINGS.get(ruleset.policy)
    if hook is not None:
        return hook(hand, ruleset)
    return readings(hand, ruleset.forms, four_as_two_pairs=bool(ruleset.option("four_as_two_pairs", True)))


def score(hand: Hand, ruleset: Ruleset, found: list[Reading] | None = None) -> Score:
    """Score `hand`; `found` passes its readings (`readings_of`) when the caller already has them."""
    key = format_hand(hand)
    if found is None:
        found = readings_of(hand, ruleset)
    if not found:
        return Score(ruleset.id, key, False, False, 0, ruleset.unit,
                     notes=["the tiles do not form a winning shape in this rule set"])
    policy = POLICIES.get(ruleset.policy)
    if policy is None:
        raise NotImplementedError(f"policy {ruleset.policy!r} of {ruleset.id} is not implemented")
    result = policy(hand, found, ruleset, key)
    if ruleset.policy != "riichi":
        unused = riichi_only_flags(hand)
        if unused:
            result.notes.append(f"not used by {ruleset.id}: {', '.join(unused)}")
    schemes = ruleset.option("payment")
    if schemes and result.legal and not result.payments:
        result.payments = payments(schemes, result.total, hand.context.tsumo)
    return result
