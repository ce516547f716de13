"""The Guangdong policy (广东麻将 and 推倒和, the MIL competition texts): 番 that add up, a cap, basic points.

Every 番种 a reading shows counts and adds up, except one that another always brings: the texts' 必然包含
rule (if A holds, B necessarily holds, so B is not added to A). Which pairs those are is rule data, each
an unconditional exclusion of the pattern that brings the other. What the family decides:
- the 番 sum, cut to the rule set's `cap` (推倒和: 32);
- the basic points (基本分) the payments are multiples of: `base_points` + 番 (推倒和: 2 + 番);
- the payments, `kind = "base"` schemes of `[[options.payment]]`: the discarder pays a multiple of the
  basic points on a discard (a robbed kong's tile counts as discarded), each other player on a self-draw;
- the hands its game cannot have (`problem`): 天听 with a claimed chow or pung, a first-turn win with a
  meld or a declaration, a win on a kong's replacement tile with no kong.
The reading with the most 番 is taken. The family is written so that its ghost-tile text (MIL 2023) can
join it: its ghosts would come in through `readings` and `waits`, its coefficient through the basic points.
"""

from __future__ import annotations

from typing import Final

from ..detectors import View
from ..hand import Hand, WaitingHand
from ..rules import ContentError, Pattern, Ruleset
from ..shapes import Reading
from .common import apply_exclusions, counted, detect, in_rule_order
from .needs import Needs
from .payments import payments
from .policy import Policy
from .result import Counted, Excluded, Score

OPTION_TYPES: Final[dict[str, type]] = {"cap": int, "base_points": int, "payment": list, "four_as_two_pairs": bool}
"""The options a Guangdong rule set may give."""


def fans(hand: Hand, reading: Reading, ruleset: Ruleset) -> tuple[int, int, list[Counted], list[Excluded]]:
    """One reading's 番 after the cap, before it, what counts and what 必然包含 set aside."""
    tally = detect(View(hand, reading), ruleset.patterns)
    apply_exclusions(tally, ruleset)
    patterns = [counted(ruleset, pid, tally.found[pid]) for pid in in_rule_order(ruleset, tally.counting())]
    excluded = [tally.excluded[pid] for pid in in_rule_order(ruleset, tally.excluded)]
    raw = sum(c.points for c in patterns)
    cap = ruleset.option("cap")
    return (raw if cap is None else min(raw, cap)), raw, patterns, excluded


def base_points(ruleset: Ruleset, total: int) -> int:
    """The text's 基本分 for a win of `total` 番: `base_points` + 番 (推倒和 九-2-1)."""
    return int(ruleset.option("base_points", 0)) + total


def score(hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
    """The reading with the most 番 (after the cap, then before it), its basic points and payments."""
    why = problem(hand)
    if why is not None:
        return Score(ruleset.id, key, True, False, 0, ruleset.unit, notes=[f"not a {ruleset.zh} hand: {why}"])
    best: tuple[Reading, tuple[int, int, list[Counted], list[Excluded]]] | None = None
    for reading in found:
        result = fans(hand, reading, ruleset)
        if best is None or result[:2] > best[1][:2]:
            best = (reading, result)
    assert best is not None  # the engine passes the readings of a complete hand
    reading, (total, raw, patterns, excluded) = best
    notes = [f"the sum {raw} is cut to the {total}-番 cap"] if raw > total else []
    base = base_points(ruleset, total)
    pays = payments(ruleset.option("payment", []) or [], base, hand.context.tsumo)
    return Score(ruleset.id, key, True, True, total, ruleset.unit, patterns, excluded, notes, reading, pays,
                 base=base)


def problem(hand: Hand | WaitingHand) -> str | None:
    """What the game cannot have. Refused here, not in the notation, because the flags mean other things under
    other rule sets (a double riichi on an open hand is Riichi's problem, not this one)."""
    ctx = hand.context
    if ctx.double_riichi and any(not m.concealed and not m.is_kong for m in hand.melds):
        return ("天听 is declared before any call, and after a declaration no chow or pung may be claimed "
                "(七-1-3): only kongs")
    if ctx.first_turn and hand.melds:
        return "a first-turn win comes before any call or kong"
    if ctx.first_turn and ctx.declared_riichi:
        return "a first-turn win comes before any declaration of a ready hand (报听 is made with a discard)"
    if ctx.after_kong and not any(m.is_kong for m in hand.melds):
        return "'after-kong' (杠上开花, a win on the replacement tile) needs a kong among the melds"
    return None


class GuangdongPolicy(Policy):
    """The MIL Guangdong texts' family: 番 add up except where one always brings another, under a cap; the
    payments are multiples of the basic points."""

    name = "guangdong"
    aliases = ("tuidaohu", "推倒和")
    orbit_statistics = True
    option_types = OPTION_TYPES
    unread_fields = ("ippatsu", "dora", "ura", "red", "flowers", "wild_kongs")  # as `unread_flags` names them

    def check_options(self, ruleset: Ruleset) -> None:
        for scheme in ruleset.option("payment", []) or []:
            if not isinstance(scheme, dict) or scheme.get("kind") != "base" or not {
                    "id", "discarder", "self_draw"} <= set(scheme):
                raise ContentError(ruleset.origin.file, None, "options.payment",
                                   f"a Guangdong payment is kind = \"base\" with id, discarder and self_draw; "
                                   f"found {scheme!r}")

    def limit_rule(self, ruleset: Ruleset) -> str:
        cap = ruleset.option("cap")
        return "" if cap is None else f"a total above {cap} {ruleset.unit} scores {cap}"

    def problem(self, hand: Hand | WaitingHand) -> str | None:
        return problem(hand)

    def win_needs(self, ruleset: Ruleset, pattern: Pattern) -> Needs | None:
        """What `problem` refuses, as needs: a first-turn win has no meld and no declaration; a declaration is not
        a first-turn win; a win on a kong's replacement tile needs a kong."""
        a = dict(pattern.params)
        d = pattern.detect
        if d == "first_turn":
            return Needs(melds=(0, 0), flags=(("declared_riichi", False),), words="no meld and no declaration")
        if d == "declared":
            return Needs(flags=(("first_turn", False),), words="not a first-turn win")
        if d == "win_context" and a.get("flag") == "after_kong":
            return Needs(kongs=(1, 4), words="a kong")
        return None

    def unread_flags(self, hand: Hand) -> list[str]:
        """The notation's `riichi` and `double-riichi` are 报听 and 天听 here; Riichi's other flags, flowers and
        wild kongs are not read."""
        ctx = hand.context
        out = [name for name, on in (("ippatsu", ctx.ippatsu), ("dora", bool(ctx.dora)), ("ura", bool(ctx.ura)),
                                     ("flowers", bool(ctx.flowers)), ("wild-kongs", bool(ctx.wild_kongs))) if on]
        if ctx.red:
            out.append("red fives (read as fives)")
        return out

    def score(self, hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
        return score(hand, found, ruleset, key)

    def score_division(self, hand: Hand, reading: Reading, ruleset: Ruleset
                       ) -> tuple[int, list[Counted], list[Excluded]]:
        total, _raw, patterns, excluded = fans(hand, reading, ruleset)
        return total, patterns, excluded


POLICY = GuangdongPolicy()
