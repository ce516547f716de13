"""The Riichi policy (Japanese mahjong): yaku worth han, minipoints (fu), limits, payments.

`RiichiPolicy` (at the end) is the family's policy object; its hooks are this module's functions, and the
scoring of one reading is riichi_reading.py's.

A reading is scored so:
- its yaku are the rule set's patterns whose detectors fire, at their concealed `value` or, in a
  hand with a claimed meld, their `open_value` (0: not in an open hand); the data's exclusions
  apply (ryanpeikou over iipeikou, junchan over chanta…);
- a yakuman sets every other yaku and the dora aside; yakuman add up (`stack_yakuman`) or the
  highest one is paid alone;
- without a yakuman, the dora patterns add their han, but only to a hand with a yaku: a hand of
  dora alone is not a legal win;
- the han and fu give the basic points: fu × 2^(han + 2) up to the mangan's 2,000 (4 han 30 fu and
  3 han 60 fu, 1,920, are rounded up to a mangan only with `kiriage_mangan`), then the limits by
  han; with `counted_yakuman` 13 han or more is a yakuman, without it a sanbaiman;
- a pair of the wind that is both the seat and the round wind gives `double_wind_pair_fu`
  minipoints (4 by default: 2 for each wind; 2 where the two are not added);
- the payments: a discarder pays 4 × basic (6 × to the dealer); on a self-draw the dealer pays
  2 × basic and each other player 1 × (all pay 2 × when the dealer wins), each payment rounded up
  to 100. `total` is what the winner receives (no counters or deposits).
The reading scoring the most points is taken (then the most han, then fu).
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache, partial
from operator import attrgetter

from ..hand import Hand, MeldKind, WaitingHand, WinContext
from ..messages import N_, Message, Name, joined
from ..notation import parse_hand
from ..rules import ContentError, Pattern, Ruleset
from ..shapes import Form, Reading
from ..tiles import EAST
from .needs import Needs
from .policy import AlikeCheck, Policy
from .result import Counted, Excluded, Score
from .riichi_fu import fu_of
from .riichi_reading import (
    LIMITS,
    MANGAN,
    OPTION_DEFAULTS,
    YAKUMAN,
    YAKUMAN_HAN,
    Plan,
    Result,
    hand_yaku,
    option,
    order_of,
    plan_of,
    score_reading,
    total_of,
    yakuman_name,
)

_KONG = MeldKind.KONG

UNUSED_FLAGS = ("last_copy", "flowers", "wild_kongs")
"""Context fields of the notation that Riichi does not read."""


# --------------------------------------------------------------------------- hooks


def prepare(hand: Hand) -> Hand:
    """The hand as Riichi reads it: the dealer is the East seat."""
    ctx = hand.context
    if ctx.dealer == (ctx.seat == EAST):
        return hand
    return Hand(hand.concealed, hand.melds, hand.win_tile, _seated(ctx))


@lru_cache(maxsize=1 << 13)  # a batch of Riichi hands meets thousands of contexts (the indicators among them)
def _seated(ctx: WinContext) -> WinContext:
    """`ctx` with the dealer flag its seat gives. Built from its fields read in one C call, not by
    `dataclasses.replace` (which looks the fields up in Python): half the contexts of a batch are new."""
    values = list(_CONTEXT_FIELDS(ctx))
    values[_DEALER] = ctx.seat == EAST
    return WinContext(*values)


_CONTEXT_NAMES = tuple(f.name for f in fields(WinContext))
_CONTEXT_FIELDS = attrgetter(*_CONTEXT_NAMES)
_DEALER = _CONTEXT_NAMES.index("dealer")


def problem(hand: Hand | WaitingHand) -> str | None:
    """`_problem` of a hand, remembered for the last hand asked about: a batch line of a rule set named on the
    command line asks it twice of the same hand (`engine.check`, then the scoring). Hands are frozen, and the
    memo holds the hand itself, so an identical object is the same hand."""
    last, why = _last_problem[0]
    if last is not hand:
        why = _problem(hand)
        _last_problem[0] = (hand, why)
    return why


_last_problem: list[tuple[object, str | None]] = [(None, None)]


def _problem(hand: Hand | WaitingHand) -> str | None:
    """What makes the hand impossible in a Riichi game, or None. It lives in the policy, not the parser,
    because other rule sets give these flags other meanings (a dealer in the South seat is fine in
    Zung Jung): scoring gives such a hand no value and says why, and the CLI, asked for a Riichi
    rule set by name, refuses it as it refuses a malformed hand (`engine.check`)."""
    ctx = hand.context
    if ctx.dealer and ctx.seat != EAST:
        return Message(N_("in Riichi the dealer is the East seat: 'dealer' needs seat=E (or leave 'dealer' out)"))
    is_open = False
    kongs = 0
    for m in hand.melds:  # one pass, no generators: every hand of a batch is asked
        if not m.concealed:
            is_open = True
        if m.kind is _KONG:
            kongs += 1
    if is_open and (ctx.riichi or ctx.double_riichi):
        return Message(N_("riichi is declared on a concealed hand only; this hand has a claimed meld"))
    if len(ctx.dora) > 1 + kongs:
        return Message(N_("%(n)s dora indicators with %(kongs)s kong(s): at most one, plus one per kong"),
                       n=len(ctx.dora), kongs=kongs)
    if len(ctx.ura) > max(len(ctx.dora), 1 + kongs):
        return Message(N_("%(n)s ura dora indicators: at most one under each dora indicator"), n=len(ctx.ura))
    if ctx.after_kong and not kongs:
        return Message(N_("'after-kong' (a win on the replacement tile) needs a kong among the melds"))
    if ctx.after_kong and ctx.last_tile:
        return Message(N_("'after-kong' and 'last-tile' do not combine in Riichi (the replacement tile is not the "
                          "last tile of the wall)"))
    if ctx.ippatsu and ctx.after_kong:
        return Message(N_("'ippatsu' and 'after-kong' do not combine in Riichi (a kong ends the ippatsu turn)"))
    if ctx.robbing_kong and ctx.last_tile:
        return Message(N_("'robbing-kong' and 'last-tile' do not combine in Riichi"))
    if ctx.first_turn and hand.melds:
        return Message(N_("'first-turn' wins (tenhou, chiihou) come before any call or kong"))
    if ctx.first_turn and (ctx.declared_riichi or ctx.last_tile or ctx.after_kong or ctx.robbing_kong):
        return Message(N_("'first-turn' (a win on the first draw) does not combine with riichi or a late-game flag"))
    return None




def unused_flags(hand: Hand) -> list[str]:
    ctx = hand.context
    if not (ctx.last_copy or ctx.flowers or ctx.wild_kongs):  # `UNUSED_FLAGS`, spelt out: most hands have none
        return []
    return [name.replace("_", "-") for name in UNUSED_FLAGS if getattr(ctx, name)]


# --------------------------------------------------------------------------- scoring


def score(hand: Hand, found: list[Reading], rs: Ruleset, key: str) -> Score:
    return score_each(hand, found, rs, key)[0]


def score_each(hand: Hand, found: list[Reading], rs: Ruleset, key: str) -> tuple[Score, list[Result]]:
    """The score, and every reading's own result (none when the hand is refused)."""
    why = problem(hand)
    if why is not None:
        note = Message(N_("not a Riichi hand: %(why)s"), why=why)
        return Score(rs.id, key, True, False, 0, rs.unit, notes=[note]), []
    hand = prepare(hand)
    facts = hand_yaku(hand, rs)
    each = [score_reading(hand, reading, rs, facts) for reading in found]
    best: Result | None = None
    for r in each:
        if best is None or r.rank > best.rank:
            best = r
    assert best is not None  # the engine passes the readings of a complete hand
    notes = list(best.notes)
    return Score(rs.id, key, True, best.legal, best.total, rs.unit, best.patterns, best.excluded, notes,
                 best.reading, best.payments, han=best.han, fu=best.fu, limit=best.limit), each


# --------------------------------------------------------------------------- editions that score alike


POINTS_OPTIONS = frozenset({"counted_yakuman", "stack_yakuman", "kiriage_mangan", "double_wind_pair_fu"})
"""Options in which two editions may differ and still count the same patterns in a hand without a yakuman; its
points may still differ, so `scores_alike` works them out again reading by reading."""


def scores_alike(earlier: Ruleset, ruleset: Ruleset) -> AlikeCheck | None:
    """`RiichiPolicy.scores_alike`. Editions whose patterns other than the yakuman are the same data, whose options
    differ only in POINTS_OPTIONS, and whose yakuman the earlier one also has, count the same patterns in every
    reading where the earlier found no yakuman; the test then checks that each reading's points come out the same
    under both, from its han and fu."""
    if earlier.policy != ruleset.policy or earlier.forms != ruleset.forms:
        return None
    if _other_options(earlier) != _other_options(ruleset) or _plain_patterns(earlier) != _plain_patterns(ruleset):
        return None
    theirs = {p.id: (p.detect, dict(p.params)) for p in earlier.patterns if p.group == YAKUMAN}
    if any(theirs.get(p.id) != (p.detect, dict(p.params)) for p in ruleset.patterns if p.group == YAKUMAN):
        return None  # a yakuman only the later one has could show where the earlier found none
    a, b = plan_of(earlier), plan_of(ruleset)
    same_points = ((a.counted_yakuman, a.kiriage_mangan, a.double_wind_pair_fu)
                   == (b.counted_yakuman, b.kiriage_mangan, b.double_wind_pair_fu))
    return partial(_alike, a, b, same_points)


def _other_options(rs: Ruleset) -> dict[str, object]:
    return {k: v for k, v in rs.options.items() if k not in POINTS_OPTIONS}


def _plain_patterns(rs: Ruleset) -> list[tuple[object, ...]]:
    """The patterns other than the yakuman as the scoring reads them; exclusions of a yakuman left out (none
    applies in a reading without one)."""
    yakuman = {p.id for p in rs.patterns if p.group == YAKUMAN}
    return [(p.id, p.value, p.open_value, p.group, p.detect, dict(p.params), dict(p.extra),
             [(e.id, e.why, e.count) for e in p.excludes if e.id not in yakuman])
            for p in rs.patterns if p.id not in yakuman]


def _alike(a: Plan, b: Plan, same_points: bool, hand: Hand, found: list[Reading],
           each: list[tuple[int, list[Counted], list[Excluded]]]) -> bool:
    """`scores_alike`'s test of one hand; `each`: what `a`'s rule set gave each reading."""
    yakuman = a.yakuman
    ctx = hand.context
    if ctx.dealer != (ctx.seat == EAST):  # as `prepare` seats it, without making the hand again
        ctx = _seated(ctx)
    closed = all(m.concealed for m in hand.melds)
    for reading, (total, counted, excluded) in zip(found, each, strict=True):
        if any(c.id in yakuman for c in counted) or any(e.id in yakuman for e in excluded):
            return False
        if same_points:
            continue
        pinfu = any(c.id in a.pinfu for c in counted)
        fu = fu_of(reading, ctx, hand.win_tile, closed, pinfu, a.double_wind_pair_fu)
        if b.double_wind_pair_fu != a.double_wind_pair_fu and fu_of(
                reading, ctx, hand.win_tile, closed, pinfu, b.double_wind_pair_fu) != fu:
            return False  # even in a reading of no legal win: readings that tie are told apart by their fu
        if not total:  # no legal win: none under the other either, as the same patterns count
            continue
        han = sum(c.points for c in counted)
        if not total == total_of(a, han, fu, ctx.dealer, ctx.tsumo) == total_of(b, han, fu, ctx.dealer, ctx.tsumo):
            return False  # the first: this test's working out is not the scoring's, so it cannot vouch
    return True


class RiichiPolicy(Policy):
    """Riichi: han and fu, limits and payments; its own forms, its dealer and the hands its game cannot have."""

    name = "riichi"
    option_types = {"counted_yakuman": bool, "stack_yakuman": bool, "kiriage_mangan": bool, "double_wind_pair_fu": int}
    option_defaults = OPTION_DEFAULTS
    unread_fields = UNUSED_FLAGS
    dealer_by_seat = True
    orbit_statistics = True
    win_places = {"two-sided": "two-sided", "closed": "2 fu", "edge": "2 fu", "pair": "2 fu", "pung": "pung"}
    """A closed, an edge and a single wait each add 2 minipoints and no yaku tells them apart (pinfu needs a
    two-sided wait; four concealed pungs on the pair is only read where every set is a pung, so no chow offers the
    other two); the minipoints and pinfu are all the scoring reads of the place."""

    def check_options(self, ruleset: Ruleset) -> None:
        """A pair of the double wind is worth 2 or 4 minipoints: nothing else is played."""
        fu = option(ruleset, "double_wind_pair_fu")
        if fu not in (2, 4):
            raise ContentError(ruleset.origin.file, None, "options.double_wind_pair_fu",
                               f"expected 2 or 4 (minipoints of a pair of the seat and round wind), found {fu!r}")


    def value_words(self, ruleset: Ruleset, pattern: Pattern, value: int | None = None, short: bool = False
                    ) -> str | None:
        """A yakuman is named for what it is paid (its 13 or 26 han are only how the policy adds them up)."""
        value = pattern.value if value is None else value
        if pattern.group != YAKUMAN or not value:
            return None
        units = value // YAKUMAN_HAN
        return ("Y" if units == 1 else f"{units}Y") if short else yakuman_name(units)

    limit_options = ("limit", "counted_yakuman", "stack_yakuman")

    def limit_label(self, ruleset: Ruleset) -> str:
        return Message(N_("mangan to yakuman"))

    def fu_parts(self, score: Score, ruleset: Ruleset) -> tuple[tuple[str, int], ...]:
        """The fu of the reading the score took, worked out again with its parts named."""
        if score.fu is None or score.reading is None or not score.legal:
            return ()
        parts: list[tuple[str, int]] = []
        hand = prepare(parse_hand(score.hand))
        plan = plan_of(ruleset)
        closed = all(m.concealed for m in hand.melds)
        fu_of(score.reading, hand.context, hand.win_tile, closed, not plan.pinfu.isdisjoint(c.id for c in score.patterns),
              plan.double_wind_pair_fu, parts)
        return tuple(parts)

    def limit_rule(self, ruleset: Ruleset) -> str:
        """The limits as `basic_points` and the yakuman rules apply them, short enough for the printed card."""
        counted = option(ruleset, "counted_yakuman")
        steps = [(least, name) for least, _, name in reversed(LIMITS) if least < 13 or counted]
        ladder = joined((Message(N_("%(han)s a %(name)s") if counted or least < steps[-1][0]
                                 else N_("%(han)s or more a %(name)s"), han=least, name=name)
                         for least, name in steps[1:]), N_(", "))
        stack = Message(N_("yakuman add up") if option(ruleset, "stack_yakuman") else N_("yakuman do not add up"))
        if option(ruleset, "kiriage_mangan"):
            return Message(N_("basic points stop at a mangan's %(base)s (4 han 30 fu and 3 han 60 fu too: kiriage); "
                              "%(han)s han is a mangan, %(ladder)s; %(stack)s"), base=f"{MANGAN:,}", han=steps[0][0],
                           ladder=ladder, stack=stack)
        return Message(N_("basic points stop at a mangan's %(base)s; %(han)s han is a mangan, %(ladder)s; %(stack)s"),
                       base=f"{MANGAN:,}", han=steps[0][0], ladder=ladder, stack=stack)

    def kept_apart(self, ruleset: Ruleset, a: str, b: str) -> tuple[str, str] | None:
        """Besides the exclusions: a yakuman sets every other yaku and the dora aside, where yakuman do not add up
        (`stack_yakuman` false) the higher of two counts alone, and a pattern paid alone (`extra.alone`) keeps
        the rest out."""
        found = super().kept_apart(ruleset, a, b)
        if found is not None:
            return found
        big = [pid for pid in (a, b) if ruleset.pattern(pid).group == YAKUMAN]
        if len(big) == 1:
            return big[0], Message(N_("a yakuman sets every other yaku and the dora aside"))
        if len(big) == 2 and not option(ruleset, "stack_yakuman"):
            keep = max(big, key=lambda pid: (ruleset.pattern(pid).value, -order_of(ruleset, pid)))
            return keep, Message(N_("yakuman do not add up: the highest counts alone"))
        alone = [pid for pid in (a, b) if ruleset.pattern(pid).extra.get("alone")]
        if len(alone) == 1 and not big:
            p = ruleset.pattern(alone[0])
            return alone[0], Message(N_("%(name)s is paid alone, with no other yaku or dora"), name=Name(p.en, p.zh))
        return None

    def sets_aside(self, ruleset: Ruleset, c: str, x: str) -> bool:
        """Besides the exclusions: a yakuman sets every other yaku aside, and (where yakuman do not add up) the
        lower yakuman too. A yakuman is set aside only by a higher one, which does the same."""
        pc, px = ruleset.pattern(c), ruleset.pattern(x)
        if super().sets_aside(ruleset, c, x) or (pc.group == YAKUMAN and px.group != YAKUMAN):
            return True
        return (pc.group == px.group == YAKUMAN and not option(ruleset, "stack_yakuman")
                and (pc.value, -order_of(ruleset, c)) > (px.value, -order_of(ruleset, x)))

    def win_needs(self, ruleset: Ruleset, pattern: Pattern) -> Needs | None:
        """What `problem` refuses, as needs: a first-turn win comes before any call or kong and with no riichi or
        late-game flag; a win on a kong's replacement tile needs a kong and is not the last tile or an ippatsu;
        robbing a kong is not the last tile; a riichi is declared, so not on the first turn."""
        a = dict(pattern.params)
        d = pattern.detect
        if d == "first_turn":
            return Needs(melds=(0, 0), flags=(("after_kong", False), ("declared_riichi", False), ("last_tile", False),
                                              ("robbing_kong", False)),
                         words=Message(N_("no call, kong, riichi or late flag")))
        if d == "win_context" and a.get("flag") == "after_kong":
            return Needs(kongs=(1, 4), flags=(("ippatsu", False), ("last_tile", False)),
                         words=Message(N_("a kong, and neither the last tile nor an ippatsu")))
        if d == "win_context" and a.get("flag") == "robbing_kong":
            return Needs(flags=(("last_tile", False),), words=Message(N_("not the last tile")))
        if d == "win_context" and a.get("flag") == "last_tile":
            return Needs(flags=(("after_kong", False), ("robbing_kong", False)),
                         words=Message(N_("neither a kong's replacement tile nor a robbed kong")))
        if d == "declared" or (d == "dora" and a.get("kind") == "ura"):
            return Needs(flags=(("declared_riichi", True), ("first_turn", False)),
                         words=Message(N_("a riichi, after the first turn")))
        return None

    def prepare(self, hand: Hand) -> Hand:
        return prepare(hand)

    def winning_shapes(self, ruleset: Ruleset) -> tuple[frozenset[Form], bool]:
        return ruleset.forms, False  # seven pairs are seven different pairs

    def problem(self, hand: Hand | WaitingHand) -> str | None:
        return problem(hand)

    def unread_flags(self, hand: Hand, ruleset: Ruleset | None = None) -> list[str]:
        return unused_flags(hand)

    def score(self, hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
        return score(hand, found, ruleset, key)

    def score_division(self, hand: Hand, reading: Reading, ruleset: Ruleset
                       ) -> tuple[int, list[Counted], list[Excluded]]:
        """The points a reading receives (0 when it is no legal win); readings that tie on points are told apart
        by han and fu, which the statistics' tie check does not see, so a tie on points counts as a tie."""
        r = score_reading(prepare(hand), reading, ruleset)
        return r.total, r.patterns, r.excluded

    def score_each(self, hand: Hand, found: list[Reading], ruleset: Ruleset
                   ) -> tuple[Score, list[tuple[int, list[Counted], list[Excluded]]] | None]:
        s, each = score_each(hand, found, ruleset, "")
        return s, [(r.total, r.patterns, r.excluded) for r in each] if each else None

    def scores_alike(self, earlier: Ruleset, ruleset: Ruleset) -> AlikeCheck | None:
        return scores_alike(earlier, ruleset)


POLICY = RiichiPolicy()
