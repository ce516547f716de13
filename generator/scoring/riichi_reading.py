"""Riichi's scoring of one reading: its yaku, han and fu, the limits and the payments (riichi.py says how).

Apart from the policy module because every scored hand comes through here once per reading: the rule set's facts
are worked out once (`Plan`) and the reading is scored in one pass over them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from ..detectors import Match
from ..hand import Hand
from ..messages import N_, Message
from ..rules import Ruleset
from ..shapes import Reading
from .common import Tally, apply_exclusions, per_ruleset
from .result import Counted, Excluded, Payment
from .riichi_fu import fu_of
from .riichi_walk import HandYaku, Hit, WalkPlan, walk

YAKUMAN = "yakuman"
DORA = "dora"
"""The pattern groups the policy reads: yakuman, and the dora (which are not yaku)."""

MANGAN_NAME, KIRIAGE_NAME = Message(N_("mangan")), Message(N_("kiriage mangan"))
LIMITS = ((13, 8000, Message(N_("counted yakuman"))), (11, 6000, Message(N_("sanbaiman"))),
          (8, 4000, Message(N_("baiman"))), (6, 3000, Message(N_("haneman"))), (5, 2000, MANGAN_NAME))
YAKUMAN_NAMES = (Message(N_("yakuman")), Message(N_("double yakuman")))
NO_YAKU = Message(N_("no yaku: a hand needs one to win, and dora do not count as yaku"))
MANGAN = 2000
KIRIAGE = 1920
"""The basic points of 4 han 30 fu and 3 han 60 fu, which `kiriage_mangan` rounds up to a mangan."""
YAKUMAN_BASE = 8000
YAKUMAN_HAN = 13


@dataclass
class Result:
    legal: bool
    han: int
    fu: int
    base: int
    limit: str
    patterns: list[Counted]
    excluded: list[Excluded]
    reading: Reading
    payments: list[Payment]
    total: int
    notes: list[str]

    @property
    def rank(self) -> tuple[int, int, int, int]:
        return (self.legal, self.total, self.han, self.fu)


def pattern_value(rs: Ruleset, pid: str, closed: bool) -> int:
    p = rs.pattern(pid)
    return p.value if closed or p.open_value is None else p.open_value


@dataclass(frozen=True)
class Plan:
    """A rule set's facts as every reading reads them, worked out once per rule set object."""

    ruleset: Ruleset
    order: dict[str, int]  # each pattern's place in the rule set's list
    closed_value: dict[str, int]
    open_value: dict[str, int]  # 0: not in an open hand
    yakuman: frozenset[str]
    dora: frozenset[str]
    alone: frozenset[str]  # paid alone (`extra.alone`)
    pinfu: frozenset[str]
    names: dict[str, tuple[str, str]]  # (zh, en)
    stack_yakuman: bool
    counted_yakuman: bool
    kiriage_mangan: bool
    double_wind_pair_fu: int
    closed_walk: WalkPlan  # what the walk looks for in a closed hand's readings (riichi_walk.py)
    open_walk: WalkPlan  # and in an open hand's: not the patterns it cannot count (`open_value` 0)
    excluders: frozenset[str]  # the patterns that exclude others in the data (`Pattern.excludes`)
    receipts: dict[tuple[str, int, tuple[Match, ...]], Counted] = field(default_factory=dict)
    outcomes: dict[tuple[bool, tuple[Hit, ...]], _Outcome] = field(default_factory=dict)  # `score_reading`'s memo

    def counted(self, pid: str, value: int, matches: list[Match]) -> Counted:
        """The receipt line of a pattern counted at `value` with these matches, kept per rule set and shared
        between hands as MCR's plan does: the lines are frozen, a batch makes the same few thousand again and
        again, and making a frozen dataclass costs more than finding it. Bounded, for long batches."""
        key = (pid, value, tuple(matches))
        line = self.receipts.get(key)
        if line is None:
            if len(self.receipts) >= 1 << 14:
                self.receipts.clear()
            zh, en = self.names[pid]
            line = self.receipts[key] = Counted(pid, zh, en, value, len(matches), key[2])
        return line


OPTION_DEFAULTS = {"counted_yakuman": True, "stack_yakuman": True, "kiriage_mangan": False, "double_wind_pair_fu": 4}
"""What a rule set that leaves an option out plays: Mahjong Soul's ranked rules."""


def option(rs: Ruleset, key: str) -> Any:
    return rs.option(key, OPTION_DEFAULTS[key])


@per_ruleset
def plan_of(rs: Ruleset) -> Plan:
    ps = rs.patterns
    return Plan(
        ruleset=rs,
        order={p.id: i for i, p in enumerate(ps)},
        closed_value={p.id: p.value for p in ps},
        open_value={p.id: p.value if p.open_value is None else p.open_value for p in ps},
        yakuman=frozenset(p.id for p in ps if p.group == YAKUMAN),
        dora=frozenset(p.id for p in ps if p.group == DORA),
        alone=frozenset(p.id for p in ps if p.extra.get("alone")),
        pinfu=frozenset(p.id for p in ps if p.detect == "pinfu"),
        names={p.id: (p.zh, p.en) for p in ps},
        stack_yakuman=bool(option(rs, "stack_yakuman")),
        counted_yakuman=bool(option(rs, "counted_yakuman")),
        kiriage_mangan=bool(option(rs, "kiriage_mangan")),
        double_wind_pair_fu=int(option(rs, "double_wind_pair_fu")),
        closed_walk=WalkPlan.of(ps, frozenset(p.id for p in ps)),
        open_walk=WalkPlan.of(ps, frozenset(p.id for p in ps if p.open_value != 0)),
        excluders=frozenset(p.id for p in ps if p.excludes),
    )


def hand_yaku(hand: Hand, rs: Ruleset) -> HandYaku:
    """What `hand` (as `prepare` leaves it) shows whatever its reading: worked out once for all its readings."""
    plan = plan_of(rs)
    closed = True
    for m in hand.melds:
        if not m.concealed:
            closed = False
            break
    # An open hand does not look for the patterns it cannot count (`open_value` 0): they would be dropped unread.
    return HandYaku(hand, plan.closed_walk if closed else plan.open_walk)


def score_reading(hand: Hand, reading: Reading, rs: Ruleset, facts: HandYaku | None = None) -> Result:
    """One reading's result; `facts`: `hand_yaku(hand, rs)`, when the caller scores several readings. What the
    patterns found come to (`_Outcome`) is kept per rule set: a batch meets the same few thousand sets of patterns
    again and again, and only the fu and the payments are the reading's own."""
    plan = plan_of(rs)
    if facts is None:
        facts = hand_yaku(hand, rs)
    closed = facts.closed
    hits = walk(reading, facts)
    outcome = plan.outcomes.get((closed, hits))
    if outcome is None:
        if len(plan.outcomes) >= 1 << 14:  # bounded, for long batches
            plan.outcomes.clear()
        found = {pid: list(matches) for _i, pid, matches in hits}
        outcome = plan.outcomes[closed, hits] = _outcome_of(found, closed, plan)
    ctx = hand.context
    fu = fu_of(reading, ctx, hand.win_tile, closed, outcome.pinfu, plan.double_wind_pair_fu)
    if not outcome.legal:
        return Result(False, 0, fu, 0, "", [], list(outcome.excluded), reading, [], 0, [NO_YAKU])
    han = outcome.han
    base, limit, pays, total = _points(han, fu, outcome.yakuman, plan.counted_yakuman, plan.kiriage_mangan,
                                       ctx.dealer, ctx.tsumo)
    return Result(True, han, fu, base, limit, list(outcome.counted), list(outcome.excluded), reading, list(pays),
                  total, [])


class _Outcome(NamedTuple):
    """What the patterns a reading shows come to, whatever its fu and seat."""

    legal: bool  # a yaku counts: dora alone make no win
    counted: tuple[Counted, ...]  # in the rule set's order
    excluded: tuple[Excluded, ...]  # in the rule set's order
    han: int
    yakuman: bool  # the han are yakuman's (13 a unit)
    pinfu: bool  # pinfu counts, which fixes the fu


def _outcome_of(found: dict[str, list[Match]], closed: bool, plan: Plan) -> _Outcome:
    """The exclusions, the yakuman and the patterns paid alone applied to `found` (in the rule set's order), and the
    han of what counts. Written for the common reading, which shows a few yaku, no yakuman and no exclusion: the
    steps shared with the other families (`Tally`, `apply_exclusions`) are taken only where the reading needs them."""
    value = plan.closed_value if closed else plan.open_value
    # A tally (what excluded what) is made only for a reading that excludes something; it works on `found` itself.
    tally: Tally | None = None
    if not plan.excluders.isdisjoint(found):
        tally = Tally(found)
        apply_exclusions(tally, plan.ruleset)
        counting = tally.counting()
    else:
        counting = list(found)  # `tally.counting()`: nothing is excluded, and `found` holds no empty match list
    yakuman = [pid for pid in counting if pid in plan.yakuman] if not plan.yakuman.isdisjoint(counting) else []
    if yakuman:
        tally = tally or Tally(found)
        order, strength = plan.order, plan.closed_value
        top = max(yakuman, key=lambda pid: (strength[pid], -order[pid]))
        for pid in counting:
            if pid not in plan.yakuman:
                tally.exclude(pid, top, "yakuman")
        if not plan.stack_yakuman:
            for pid in yakuman:
                if pid != top:
                    tally.exclude(pid, top, "limit: yakuman do not add up")
        counting = tally.counting()
    elif not plan.alone.isdisjoint(counting):
        tally = tally or Tally(found)
        alone = [pid for pid in counting if pid in plan.alone]
        for pid in counting:
            if pid != alone[0]:
                tally.exclude(pid, alone[0], "limit: scored alone")
        counting = tally.counting()
    # `found` is in the rule set's order (the walk hands the patterns out in it), and so is `counting`.
    line = plan.counted
    counted = tuple([line(pid, value[pid], found[pid]) for pid in counting])
    if tally is not None and tally.excluded:
        order = plan.order.__getitem__
        excluded = tuple([tally.excluded[pid] for pid in sorted(tally.excluded, key=order)])
    else:
        excluded = ()
    pinfu = not plan.pinfu.isdisjoint(counting)
    if plan.dora.issuperset(counting):
        return _Outcome(False, (), excluded, 0, False, pinfu)
    han = 0
    for c in counted:
        han += c.value * c.count
    return _Outcome(True, counted, excluded, han, bool(yakuman), pinfu)


def total_of(plan: Plan, han: int, fu: int, dealer: bool, tsumo: bool) -> int:
    """What the winner of a reading without a yakuman receives under the plan's rule set."""
    return _points(han, fu, False, plan.counted_yakuman, plan.kiriage_mangan, dealer, tsumo)[3]


@lru_cache(maxsize=4096)  # a few dozen han and fu, two seats, two ways to win: the same points again and again
def _points(han: int, fu: int, yakuman: bool, counted_yakuman: bool, kiriage_mangan: bool, dealer: bool, tsumo: bool
            ) -> tuple[int, str, tuple[Payment, ...], int]:
    """The basic points, the limit's name, the payments and what the winner receives."""
    if yakuman:
        units = han // YAKUMAN_HAN
        base, limit = YAKUMAN_BASE * units, yakuman_name(units)
    else:
        base, limit = basic_points(han, fu, counted_yakuman, kiriage_mangan)
    pays, total = _payments(base, dealer, tsumo)
    return base, limit, pays, total


def order_of(rs: Ruleset, pid: str) -> int:
    return plan_of(rs).order[pid]


def yakuman_name(units: int) -> str:
    return YAKUMAN_NAMES[units - 1] if 1 <= units <= 2 else Message(N_("%(n)sx yakuman"), n=units)


def basic_points(han: int, fu: int, counted_yakuman: bool = True, kiriage_mangan: bool = False) -> tuple[int, str]:
    """Basic points and the limit's name ('' under the limits) of a hand without a yakuman."""
    for least, base, name in LIMITS:
        if han >= least and (counted_yakuman or least < 13):
            return base, name
    base = fu * 2 ** (han + 2)
    if kiriage_mangan and base == KIRIAGE:
        return MANGAN, KIRIAGE_NAME
    return (MANGAN, MANGAN_NAME) if base > MANGAN else (base, "")


def _up(x: int) -> int:
    return -(-x // 100) * 100


def payments(base: int, dealer: bool, tsumo: bool) -> tuple[list[Payment], int]:
    """Who pays the winner what, and the sum: each payment rounded up to 100 separately."""
    pays, total = _payments(base, dealer, tsumo)
    return list(pays), total


@lru_cache(maxsize=1024)  # a few dozen basic points, two seats, two ways to win: the same payments again and again
def _payments(base: int, dealer: bool, tsumo: bool) -> tuple[tuple[Payment, ...], int]:
    pays, total = _payments_made(base, dealer, tsumo)
    return tuple(pays), total


def _payments_made(base: int, dealer: bool, tsumo: bool) -> tuple[list[Payment], int]:
    if not tsumo:
        amount = _up(base * (6 if dealer else 4))
        return [Payment("riichi", "discarder", amount)], amount
    if dealer:
        each = _up(2 * base)
        return [Payment("riichi", "each", each)], 3 * each
    from_dealer, from_other = _up(2 * base), _up(base)
    return [Payment("riichi", "dealer", from_dealer), Payment("riichi", "non-dealer", from_other)], \
        from_dealer + 2 * from_other
