"""The Guangdong policy (广东麻将 and 推倒和, the MIL competition texts): 番 that add up, a cap, basic points.

Every 番种 a reading shows counts and adds up, except one that another always brings: the texts' 必然包含
rule (if A holds, B necessarily holds, so B is not added to A). Which pairs those are is rule data, each
an unconditional exclusion of the pattern that brings the other. What the family decides, each a fact of
the rule set's [options]:
- the 番 sum, cut to the rule set's `cap` (推倒和: 32; 广东麻将 2023 has none);
- a pattern that `stands_alone` (广东 2023's 四鬼和): it adds only to the few patterns it names, and a hand
  that shows others scores the better of it (with those few) and the rest (`ghosts.py` gives it a reading
  of its own, so taking the best reading is that choice);
- the basic points (基本分) the payments are multiples of: (`base_points` + 番) × the coefficient, which
  doubles with no ghost in the hand (`no_ghost_double`) and per ghost discarded (`discarded_ghost_double`)
  (推倒和: 2 + 番; 广东 2023: 番 × 系数);
- the minimum to win, `min_fan` 番 and `min_points` basic points (广东 2023: 2 and 4);
- whether a chow may be claimed (`claimed_chows`; 广东 2023: no);
- the payments, `kind = "base"` schemes of `[[options.payment]]`: the discarder pays a multiple of the
  basic points on a discard (`robbed`: the player whose kong was robbed, when the text sets that apart),
  each other player on a self-draw, plus `horse` per matching horse tile (奖马); `direct_kong`, the multiple
  the discarder of a claimed kong pays for a win on its replacement tile, is named in a note;
- the hands its game cannot have (`problem`): 天听 with a claimed chow or pung, a first-turn win with a
  meld or a declaration, a win on a kong's replacement tile with no kong; and, where ghosts are played, a
  ghost won off a discard and horses where none are turned up.
Ghosts (`ghosts`, the count of ghost tiles) come in through `readings` and `waits` (generator/ghosts.py). The
reading with the most 番 is taken.
"""

from __future__ import annotations

from typing import Final

from ..completion import Waits
from ..detectors import View
from ..ghosts import ghost_readings, ghost_waits, ghosts_in, stand_in
from ..hand import Hand, MeldKind, WaitingHand
from ..messages import N_, Message, joined
from ..rules import ContentError, Pattern, Ruleset
from ..shapes import Form, Reading
from ..tiles import GHOST
from .common import apply_exclusions, counted, detect, in_rule_order, per_ruleset
from .needs import Needs
from .payments import payments
from .policy import Policy, capped
from .result import Counted, Excluded, Score

OPTION_TYPES: Final[dict[str, type]] = {
    "cap": int, "base_points": int, "payment": list, "four_as_two_pairs": bool, "ghosts": int, "stands_alone": list,
    "no_ghost_double": bool, "discarded_ghost_double": bool, "min_fan": int, "min_points": int,
    "claimed_chows": bool}
"""The options a Guangdong rule set may give."""


def _alone(ruleset: Ruleset) -> dict[str, frozenset[str]]:
    """The patterns that stand alone, each with the patterns it still adds to."""
    return {a["id"]: frozenset(a.get("stacks_with", ())) for a in ruleset.option("stands_alone", []) or []}


def _patterns_for(reading: Reading, ruleset: Ruleset) -> tuple[Pattern, ...]:
    """The patterns a reading may show: on a 四鬼和 reading the standing-alone pattern and what it adds to, on any
    other every pattern but the standing-alone ones (which are read in their own shape). The same tuple each time
    (`_selections`): the detectors' gates keep their memos by the list's identity (`gates.candidates_of`)."""
    four_ghosts, others = _selections(ruleset)
    return four_ghosts if reading.form is Form.FOUR_GHOSTS else others


@per_ruleset
def _selections(ruleset: Ruleset) -> tuple[tuple[Pattern, ...], tuple[Pattern, ...]]:
    """`_patterns_for`'s two lists: for 四鬼和 readings, and for the others."""
    alone = _alone(ruleset)
    ps = ruleset.patterns
    if not alone:
        return ps, ps
    keep = set(alone).union(*alone.values())
    return tuple(p for p in ps if p.id in keep), tuple(p for p in ps if p.id not in alone)


def fans(hand: Hand, reading: Reading, ruleset: Ruleset) -> tuple[int, int, list[Counted], list[Excluded]]:
    """One reading's 番 after the cap, before it, what counts and what 必然包含 set aside. A ghost reading is
    looked at as the hand its ghosts make."""
    tally = detect(View(stand_in(hand, reading), reading), _patterns_for(reading, ruleset))
    apply_exclusions(tally, ruleset)
    patterns = [counted(ruleset, pid, tally.found[pid]) for pid in in_rule_order(ruleset, tally.counting())]
    excluded = [tally.excluded[pid] for pid in in_rule_order(ruleset, tally.excluded)]
    raw = sum(c.points for c in patterns)
    cap = ruleset.option("cap")
    return (raw if cap is None else min(raw, cap)), raw, patterns, excluded


def coefficient(hand: Hand, ruleset: Ruleset) -> int:
    """The text's 分数系数 (广东 2023 八-2-2): 1, doubled for a hand with no ghost (`no_ghost_double`; the
    winning tile is in the hand), and doubled once per ghost the winner discarded (`discarded_ghost_double`)."""
    factor = 1
    if ruleset.option("no_ghost_double", False) and not ghosts_in(hand.closed_tiles):
        factor *= 2
    if ruleset.option("discarded_ghost_double", False):
        factor *= 2 ** hand.context.ghosts_discarded
    return factor


def base_points(ruleset: Ruleset, total: int, factor: int = 1) -> int:
    """The text's 基本分 for a win of `total` 番: (`base_points` + 番) × the coefficient (推倒和 九-2-1: 2 + 番;
    广东 2023 八-2-2: 番 × 系数)."""
    return (int(ruleset.option("base_points", 0)) + total) * factor


def below_minimum(ruleset: Ruleset, total: int, base: int) -> str | None:
    """Why a win of `total` 番 and `base` basic points is under the rule set's minimum (both are asked), or None."""
    low_fan, low_points = int(ruleset.option("min_fan", 0)), int(ruleset.option("min_points", 0))
    short = [Message(N_("%(n)s 番 (at least %(least)s)"), n=total, least=low_fan)] if total < low_fan else []
    short += [Message(N_("%(n)s basic points (at least %(least)s)"), n=base, least=low_points)] \
        if base < low_points else []
    return Message(N_("below the minimum to win: %(short)s"), short=joined(short, " and ")) if short else None


def _tie_break(reading: Reading, patterns: list[Counted], ruleset: Ruleset
               ) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """Which of two readings of equal 番 is taken (the greater key): an ordinary one before 四鬼和, then the one
    whose largest pattern is worth most (a hand read as 大四喜 or as 小四喜 and 碰碰和 is named 大四喜), then the
    one whose patterns come first in the rule's list. The texts do not say; any choice scores the same, and one
    made by the patterns alone, not by the tiles' order, names the same patterns for a hand whatever its suits
    are called, which the statistics' classes rely on (stats/ghost.py)."""
    return (reading.form is not Form.FOUR_GHOSTS, tuple(sorted((c.points for c in patterns), reverse=True)),
            tuple(-ruleset.patterns.index(ruleset.pattern(c.id)) for c in patterns))


def score(hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
    """The reading with the most 番 (after the cap, then before it; `_tie_break` between equals), its basic points
    and payments."""
    why = problem(hand) or rule_set_problem(hand, ruleset)
    if why is not None:
        note = Message(N_("not a %(ruleset)s hand: %(why)s"), ruleset=ruleset.zh, why=why)
        return Score(ruleset.id, key, True, False, 0, ruleset.unit, notes=[note])
    best: tuple[Reading, tuple[int, int, list[Counted], list[Excluded]]] | None = None
    for reading in found:
        result = fans(hand, reading, ruleset)
        if best is None or result[:2] > best[1][:2] or (result[:2] == best[1][:2] and _tie_break(
                reading, result[2], ruleset) > _tie_break(best[0], best[1][2], ruleset)):
            best = (reading, result)
    assert best is not None  # the engine passes the readings of a complete hand
    reading, (total, raw, patterns, excluded) = best
    notes = [Message(N_("the sum %(raw)s is cut to the %(total)s-番 cap"), raw=raw, total=total)] \
        if raw > total else []
    base = base_points(ruleset, total, coefficient(hand, ruleset))
    short = below_minimum(ruleset, total, base)
    if short is not None:
        return Score(ruleset.id, key, True, False, total, ruleset.unit, patterns, excluded, notes + [short],
                     reading, base=base)
    ctx = hand.context
    pays = payments(ruleset.option("payment", []) or [], base, ctx.tsumo, robbed=ctx.robbing_kong,
                    horses=ctx.horses)
    direct = [s["direct_kong"] for s in ruleset.option("payment", []) or [] if "direct_kong" in s]
    if ctx.after_kong and direct and any(m.is_kong and not m.concealed for m in hand.melds):
        # the notation does not say whether an exposed kong was claimed from a discard or added to a pung
        notes.append(Message(N_("paid as a self-draw: had the last kong been claimed from a discard (直杠), its "
                                "discarder alone would pay %(n)s × (basic points + horses) (八-2-5)"), n=direct[0]))
    return Score(ruleset.id, key, True, True, total, ruleset.unit, patterns, excluded, notes, reading, pays,
                 base=base)


def rule_set_problem(hand: Hand, ruleset: Ruleset) -> str | None:
    """What the rule set's own facts rule out: a claimed chow where none may be claimed (`claimed_chows`); and
    with ghosts, a ghost won off a discard (a ghost may not be claimed), horses on a discard win or on the wall's
    last tile (horses are turned up from the wall after a self-draw)."""
    if not ruleset.option("claimed_chows", True) and any(m.kind is MeldKind.CHOW for m in hand.melds):
        return Message(N_("no chow may be claimed (五-1: draws, discards, pungs and kongs only)"))
    if not ruleset.option("ghosts"):
        return None
    ctx = hand.context
    if hand.win_tile == GHOST and not ctx.tsumo:
        return Message(N_("a discarded ghost may not be claimed, so a ghost wins only self-drawn (三-24)"))
    if ctx.horses and not ctx.tsumo:
        return Message(N_("horses are turned up only after a self-draw (五-7)"))
    if ctx.horses and ctx.last_tile:
        return Message(N_("no tile is left for a horse after a self-draw of the wall's last tile (三-25)"))
    return None


def problem(hand: Hand | WaitingHand) -> str | None:
    """What the game cannot have. Refused here, not in the notation, because the flags mean other things under
    other rule sets (a double riichi on an open hand is Riichi's problem, not this one)."""
    ctx = hand.context
    if ctx.double_riichi and any(not m.concealed and not m.is_kong for m in hand.melds):
        return Message(N_("天听 is declared before any call, and after a declaration no chow or pung may be claimed "
                          "(七-1-3): only kongs"))
    if ctx.first_turn and hand.melds:
        return Message(N_("a first-turn win comes before any call or kong"))
    if ctx.first_turn and ctx.declared_riichi:
        return Message(N_("a first-turn win comes before any declaration of a ready hand (报听 is made with a "
                          "discard)"))
    if ctx.after_kong and not any(m.is_kong for m in hand.melds):
        return Message(N_("'after-kong' (杠上开花, a win on the replacement tile) needs a kong among the melds"))
    return None


class GuangdongPolicy(Policy):
    """The MIL Guangdong texts' family: 番 add up except where one always brings another, under a cap; the
    payments are multiples of the basic points."""

    name = "guangdong"
    aliases = ("tuidaohu", "推倒和")
    orbit_statistics = True
    option_types = OPTION_TYPES
    unread_fields = ("ippatsu", "dora", "ura", "red", "flowers", "wild_kongs")  # as `unread_flags` names them

    def plays_ghosts(self, ruleset: Ruleset) -> bool:
        return bool(ruleset.option("ghosts"))

    def read_apart(self, ruleset: Ruleset) -> dict[str, frozenset[str]]:
        return _alone(ruleset) if self.plays_ghosts(ruleset) else {}

    def readings(self, hand: Hand, ruleset: Ruleset) -> list[Reading]:
        forms, four = self.winning_shapes(ruleset)
        if GHOST in hand.closed_tiles:
            return ghost_readings(hand, forms, four)
        return super().readings(hand, ruleset)

    def waits(self, hand: WaitingHand, ruleset: Ruleset) -> Waits:
        forms, four = self.winning_shapes(ruleset)
        if self.plays_ghosts(ruleset):  # the five-copy rule counts the standing tiles, with or without ghosts
            return ghost_waits(hand, forms, four)
        return super().waits(hand, ruleset)

    def check_options(self, ruleset: Ruleset) -> None:
        for scheme in ruleset.option("payment", []) or []:
            if not isinstance(scheme, dict) or scheme.get("kind") != "base" or not {
                    "id", "discarder", "self_draw"} <= set(scheme):
                raise ContentError(ruleset.origin.file, None, "options.payment",
                                   f"a Guangdong payment is kind = \"base\" with id, discarder and self_draw; "
                                   f"found {scheme!r}")

    def limit_rule(self, ruleset: Ruleset) -> str:
        cap = ruleset.option("cap")
        return "" if cap is None else capped(cap, ruleset.unit)

    def problem(self, hand: Hand | WaitingHand) -> str | None:
        return problem(hand)

    def win_needs(self, ruleset: Ruleset, pattern: Pattern) -> Needs | None:
        """What `problem` refuses, as needs: a first-turn win has no meld and no declaration; a declaration is not
        a first-turn win; a win on a kong's replacement tile needs a kong."""
        a = dict(pattern.params)
        d = pattern.detect
        if d == "first_turn":
            return Needs(melds=(0, 0), flags=(("declared_riichi", False),),
                         words=Message(N_("no meld and no declaration")))
        if d == "declared":
            return Needs(flags=(("first_turn", False),), words=Message(N_("not a first-turn win")))
        if d == "win_context" and a.get("flag") == "after_kong":
            return Needs(kongs=(1, 4), words=Message(N_("a kong")))
        return None

    def unread_flags(self, hand: Hand, ruleset: Ruleset | None = None) -> list[str]:
        """The notation's `riichi` and `double-riichi` are 报听 and 天听 where the rule set declares (推倒和);
        Riichi's other flags, flowers and wild kongs are not read."""
        ctx = hand.context
        declares = ruleset is None or any(p.detect == "declared" for p in ruleset.patterns)
        out = [] if declares else [name for name, on in (("riichi", ctx.riichi),
                                                         ("double-riichi", ctx.double_riichi)) if on]
        out += [name for name, on in (("ippatsu", ctx.ippatsu), ("dora", bool(ctx.dora)), ("ura", bool(ctx.ura)),
                                     ("flowers", bool(ctx.flowers)), ("wild-kongs", bool(ctx.wild_kongs))) if on]
        if ctx.red:
            out.append(Message(N_("red fives (read as fives)")))
        return out

    def score(self, hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
        return score(hand, found, ruleset, key)

    def score_division(self, hand: Hand, reading: Reading, ruleset: Ruleset
                       ) -> tuple[int, list[Counted], list[Excluded]]:
        total, _raw, patterns, excluded = fans(hand, reading, ruleset)
        return total, patterns, excluded


POLICY = GuangdongPolicy()
