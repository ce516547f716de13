"""The MCR policy (国标麻将): the five counting principles, the 8-fan minimum, flowers.

- **Non-repeat** (不重复): each pattern's `excludes` in the rule data removes what it
  implies. An exclusion with a `count` removes that many instances *of the sets it uses*
  (a seat-wind pung is not also a 幺九刻; when seat and prevalent wind are the same pung,
  that one 幺九刻 goes once); a whole-hand pattern such as Nine Gates removes any.
- **Non-separation, non-identical, account-once** (不拆移, 不得相同, 套算一次): the
  combinations of several sets must form a forest (`mcr_forest`); the rule data names the
  groups whose patterns are combinations (`options.combination_groups`).
- **Take the highest** (就高不就低): every reading is scored and the best total counts.
  Readings are the divisions of the tiles into sets; the winning tile's place only matters
  through two rules of practice applied per division: a pung completed by a discard is
  concealed when the winning tile can also sit in a concealed chow, and the wait fans read
  every place the tile can take. On equal totals the reference calculator's preferences
  decide (`options.prefer_on_tie`, a regular reading over seven pairs, otherwise its
  enumeration order), so fan lists match it and not only totals.

Flowers (`options.flowers`) are added after the best reading is chosen and never count
toward `options.minimum`. Impossible win flags are corrected first, with a note.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..detectors import Match, View
from ..hand import Hand, WinContext
from ..messages import N_, Message
from ..notation import format_hand
from ..rules import Pattern, Ruleset
from ..shapes import Form, Kind, Reading
from ..tiles import DRAGONS, RED, WHITE, Tile
from .common import find, per_ruleset
from .mcr_forest import RULE_TEXT, Candidate, grow_forest
from .needs import Needs
from .policy import Policy
from .result import Counted, Excluded, Score

# Enum members as module constants, for the hot paths (see shapes.py).
_CHOW, _PUNG, _KNITTED = Kind.CHOW, Kind.PUNG, Kind.KNITTED
_REGULAR, _SEVEN_PAIRS, _KNITTED_STRAIGHT = Form.REGULAR, Form.SEVEN_PAIRS, Form.KNITTED_STRAIGHT


_Joins = tuple[tuple[str, tuple[Match, ...]], ...]
"""The matches of the combination patterns of one reading, by pattern id in rule order."""
_Forest = tuple[_Joins, tuple[Excluded, ...]]
"""What the combination principles keep of `_Joins`, and the receipt of each drop."""


@dataclass(frozen=True)
class _Plan:
    """What the policy needs from a rule set, computed once per rule set."""

    ruleset: Ruleset
    by_id: dict[str, Pattern]
    detected: tuple[Pattern, ...]  # every pattern but the chicken hand and flowers
    rank: dict[str, int]  # place in the order strongest first, (-value, rule order): an int, cheaper to sort by
    order: dict[str, int]  # rule order
    value: dict[str, int]
    exclusions: dict[str, tuple[tuple[str, int | None, Excluded], ...]]
    """Per pattern, what it excludes: the pattern id, how many instances (None: all) and the receipt line. Plain
    tuples: every reading walks them."""
    excluding: frozenset[str]  # the patterns that exclude any (most exclude none: no-honours, self-drawn…)
    combination: frozenset[str]
    prefer: frozenset[str]
    waits: frozenset[str]
    chicken: str | None
    flowers: str | None
    minimum: int
    knitted_body_waits: bool
    receipts: dict[tuple[str, tuple[Match, ...]], Counted] = field(default_factory=dict)
    forests: dict[_Joins, _Forest] = field(default_factory=dict)
    """`_combinations`' outcome per combination matches (pattern ids and set indices), shared between hands
    like `receipts`: the forest depends on nothing else, and a batch meets a few hundred of them again and again."""

    def counted(self, pid: str, matches: list[Match]) -> Counted:
        """The receipt line of a pattern counted with these matches (what `common.counted` builds).

        Kept per rule set and shared between hands: the lines are frozen, a batch prints the same
        few thousand again and again, and making one costs more than finding it. Bounded, so a
        long batch cannot grow it without limit.
        """
        key = (pid, tuple(matches))
        line = self.receipts.get(key)
        if line is None:
            if len(self.receipts) >= 1 << 14:
                self.receipts.clear()
            p = self.by_id[pid]
            line = self.receipts[key] = Counted(p.id, p.zh, p.en, p.value, len(matches), key[1])
        return line


@per_ruleset
def _plan(rs: Ruleset) -> _Plan:
    opt = rs.option
    chicken, flowers = opt("chicken"), opt("flowers")
    groups = frozenset(opt("combination_groups", ()))
    plan = _Plan(
        ruleset=rs,
        by_id={p.id: p for p in rs.patterns},
        detected=tuple(p for p in rs.patterns if p.id not in (chicken, flowers)),
        rank={p.id: i for i, p in enumerate(sorted(rs.patterns, key=lambda p: -p.value))},  # sorted is stable
        order={p.id: i for i, p in enumerate(rs.patterns)},
        value={p.id: p.value for p in rs.patterns},
        exclusions={p.id: tuple((e.id, e.count, Excluded(e.id, p.id, e.why)) for e in p.excludes) for p in rs.patterns},
        excluding=frozenset(p.id for p in rs.patterns if p.excludes),
        combination=frozenset(p.id for p in rs.patterns if p.group in groups),
        prefer=frozenset(opt("prefer_on_tie", ())),
        waits=frozenset(p.id for p in rs.patterns if p.detect == "wait"),
        chicken=chicken,
        flowers=flowers,
        minimum=int(opt("minimum", 0)),
        knitted_body_waits=bool(opt("knitted_body_waits", True)),
    )
    return plan


# ----------------------------------------------------------------------------- win flags


def corrected_context(hand: Hand) -> tuple[Hand, list[str]]:
    """Drop win flags the tiles make impossible and set the one they force (MCR practice)."""
    ctx, win = hand.context, hand.win_tile
    standing = hand.concealed.count(win) + 1
    shown = 0
    for m in hand.melds:  # `count` asked only of the melds that can hold the tile: every hand comes here
        if m.tile <= win <= m.tile + 2:
            shown += m.count(win)
    changes: dict[str, Any] = {}
    notes: list[str] = []
    if ctx.last_copy and standing != 1:
        changes["last_copy"] = False
        notes.append(Message(N_("last-copy ignored: the hand itself holds another copy of the winning tile")))
    elif not ctx.last_copy and shown == 3:
        changes["last_copy"] = True
        notes.append(Message(N_("last-copy assumed: the winner's own melds show the other three copies")))
    if ctx.after_kong and not any(m.is_kong for m in hand.melds):
        changes["after_kong"] = False
        notes.append(Message(N_("after-kong ignored: the hand declared no kong")))
    if ctx.robbing_kong and (shown or standing != 1):
        changes["robbing_kong"] = False
        notes.append(Message(N_("robbing-kong ignored: the winning tile is elsewhere in the hand, so no one could add "
                                "it to a kong")))
    if not changes:
        return hand, notes
    key = (ctx, tuple(changes.items()))
    fixed = _CORRECTED.get(key)
    if fixed is None:
        if len(_CORRECTED) >= 1 << 12:
            _CORRECTED.clear()
        fixed = _CORRECTED[key] = replace(ctx, **changes)
    return replace(hand, context=fixed), notes


_CORRECTED: dict[tuple[WinContext, tuple[tuple[str, Any], ...]], WinContext] = {}
"""Corrected win contexts by the context and its corrections, shared between hands: `replace` makes a frozen context
of some twenty fields, which costs a dozen times finding it, and a batch corrects the same few hundred contexts
(one hand in ten is corrected, and seven in ten of those were met before). Bounded, for long batches."""


# ----------------------------------------------------------------------------- readings


def _coh_code(tile: Tile) -> int:
    """Tile order of the reference calculator: characters, bamboo, dots, winds, red, green, white."""
    if tile < 27:
        return (0, 2, 1)[tile // 9] * 9 + tile % 9
    if tile in DRAGONS:
        return RED + WHITE - tile
    return tile


def _enumeration_key(reading: Reading) -> tuple[tuple[int, int], ...]:
    """Order in which the reference calculator meets the divisions (it keeps the first of equals)."""
    return tuple(sorted((_coh_code(s.tile), 0 if s.kind is _PUNG else 1)
                        for s in reading.sets if not s.melded and s.kind in (_PUNG, _CHOW)))


def _win_in_chow(reading: Reading) -> bool:
    return reading.win is not None and reading.sets[reading.win].kind is _CHOW


def divisions(readings: list[Reading]) -> list[Reading]:
    """One reading per division of the tiles, special forms first, then in enumeration order.

    Of the readings that differ only in where the winning tile sits, the one that puts it in
    a concealed chow is kept when there is one: its pungs stay concealed, and the wait fans
    look at every place the tile can take anyway, so no other placement scores more.
    """
    if len(readings) == 1:  # the common case: nothing to choose or order
        return readings
    chosen: dict[tuple[Any, ...], Reading] = {}
    for r in readings:
        key = (r.form, tuple((s.kind, s.tile, s.melded) for s in r.sets), r.loose)
        old = chosen.get(key)
        if old is None or (_win_in_chow(r) and not _win_in_chow(old)):
            chosen[key] = r
    special = [r for r in chosen.values() if r.form is not _REGULAR]
    regular = sorted((r for r in chosen.values() if r.form is _REGULAR), key=_enumeration_key)
    return special + regular


# ----------------------------------------------------------------------------- one reading


@dataclass(slots=True)
class _Result:
    """One reading scored: the patterns that count, by id, and what the principles removed. The
    receipt's objects (`patterns`, `excluded` in rule order) are made for the best reading only."""

    reading: Reading
    total: int
    found: dict[str, list[Match]]
    excluded: list[Excluded]

    def patterns(self, plan: _Plan) -> list[Counted]:
        """The receipt lines in rule order: `found`'s own order (see `_score_reading`), so nothing is sorted."""
        return [plan.counted(pid, matches) for pid, matches in self.found.items()]

    def excluded_in_order(self, plan: _Plan) -> list[Excluded]:
        if len(self.excluded) < 2:  # most readings: nothing to order
            return list(self.excluded)
        return sorted(self.excluded, key=lambda e: plan.order[e.id])


def _non_repeat(found: dict[str, list[Match]], plan: _Plan) -> list[Excluded]:
    """Apply the rule data's exclusions, strongest pattern first; a removed pattern removes nothing."""
    out: list[Excluded] = []
    exclusions = plan.exclusions
    for pid in sorted(plan.excluding.intersection(found), key=plan.rank.__getitem__):
        mine = found.get(pid)
        if not mine:
            continue
        for tid, count, receipt in exclusions[pid]:
            target = found.get(tid)
            if not target:
                continue
            if count is None:
                left: list[Match] = []
            else:
                left = list(target)
                for m in mine:
                    gone = 0
                    for t in list(left):
                        if gone == count:
                            break
                        if not m or not t or set(m) & set(t):
                            left.remove(t)
                            gone += 1
                if len(left) == len(target):
                    continue
            if left:
                found[tid] = left
            else:
                del found[tid]
            out.append(receipt)
    return out


def _combinations(found: dict[str, list[Match]], plan: _Plan) -> list[Excluded]:
    """Keep the combinations that form a forest over the sets; name the principle of each drop.
    The outcome depends on the matches alone, so it is kept per plan (`_Plan.forests`)."""
    pids = plan.combination.intersection(found)
    if not pids:  # most readings: no combination at all
        return []
    joins = [m for pid in pids for m in found[pid]]
    if len(joins) < 2:  # nothing to choose
        return []
    if len(joins) == 2 and len(set(joins[0]) & set(joins[1])) < 2:  # two joins sharing a set or none: no cycle
        return []
    key = tuple([(pid, tuple(found[pid])) for pid in found if pid in pids])
    forest = plan.forests.get(key)
    if forest is None:
        if len(plan.forests) >= 1 << 14:
            plan.forests.clear()
        forest = plan.forests[key] = _forest(key, plan)
    survivors, out = forest
    for pid, kept in survivors:
        if kept:
            found[pid] = list(kept)
        else:
            del found[pid]
    return list(out)


def _forest(joins: _Joins, plan: _Plan) -> _Forest:
    """What `grow_forest` keeps of each combination pattern's matches, and the receipt of each drop."""
    by_id = plan.by_id
    candidates = [Candidate(pid, by_id[pid].value, plan.order[pid], m) for pid, matches in joins for m in matches]
    kept, dropped = grow_forest(candidates)
    survivors = tuple((pid, tuple([c.sets for c in kept if c.pid == pid])) for pid, _ in joins)
    out: list[Excluded] = []
    for d in dropped:
        e = Excluded(d.candidate.pid, d.by, RULE_TEXT[d.principle])
        if e not in out:
            out.append(e)
    return survivors, tuple(out)


def _knitted_body_rule(found: dict[str, list[Match]], hand: Hand, reading: Reading, plan: _Plan) -> list[Excluded]:
    """With `knitted_body_waits = false`, a winning tile that belongs to the knitted straight
    scores no wait (the ruling of MIL's online play and the 规则释义 handbook)."""
    if plan.knitted_body_waits or reading.form is not _KNITTED_STRAIGHT:
        return []
    body = {t for s in reading.sets if s.kind is _KNITTED for t in s.tiles}
    if hand.win_tile not in body:
        return []
    out = []
    for pid in sorted(plan.waits & found.keys()):
        del found[pid]
        out.append(Excluded(pid, "knitted-straight", "option: no wait on the knitted straight"))
    return out


def _score_reading(hand: Hand, reading: Reading, plan: _Plan) -> _Result:
    """The reading's patterns after the principles. `found` is in rule order from the start (the detectors' answers
    come in the order of `plan.detected`) and stays so: the principles only shrink or drop its entries, and the
    chicken hand is added to an empty one."""
    found = find(View(hand, reading), plan.detected)
    excluded = _non_repeat(found, plan)
    combined = _combinations(found, plan)
    if combined:
        excluded += combined
    if not plan.knitted_body_waits:
        excluded += _knitted_body_rule(found, hand, reading, plan)
    if not found and plan.chicken:
        found[plan.chicken] = [()]
    value = plan.value
    total = 0
    for pid, matches in found.items():
        total += value[pid] * len(matches)
    return _Result(reading, total, found, excluded)


def score_reading(hand: Hand, reading: Reading, ruleset: Ruleset) -> Score:
    """One reading scored on its own, flowers and the minimum aside: what take-the-highest
    compares. For tools that study the principles reading by reading."""
    plan = _plan(ruleset)
    hand, notes = corrected_context(hand)
    r = _score_reading(hand, reading, plan)
    return Score(ruleset.id, format_hand(hand), True, r.total >= plan.minimum, r.total, ruleset.unit, r.patterns(plan),
                 r.excluded_in_order(plan), notes, reading)


def _better(new: _Result, best: _Result | None, plan: _Plan, pairs_hand: bool) -> bool:
    if best is None or new.total > best.total:
        return True
    if new.total < best.total or new.reading.form is not _REGULAR:
        return False
    return pairs_hand or not plan.prefer.isdisjoint(new.found)


def _best(hand: Hand, readings: list[Reading], plan: _Plan) -> _Result:
    """Take the highest: the best of the readings' divisions, ties broken as `_better` says."""
    pairs_hand = False
    for r in readings:
        if r.form is _SEVEN_PAIRS:
            pairs_hand = True
            break
    best: _Result | None = None
    for reading in divisions(readings):
        result = _score_reading(hand, reading, plan)
        if _better(result, best, plan, pairs_hand):
            best = result
    assert best is not None
    return best


# ----------------------------------------------------------------------------- policy


def score(hand: Hand, readings: list[Reading], ruleset: Ruleset, key: str) -> Score:
    plan = _plan(ruleset)
    hand, notes = corrected_context(hand)
    if len(readings) == 1:  # most hands: nothing to compare
        best = _score_reading(hand, readings[0], plan)
    else:
        best = _best(hand, readings, plan)
    patterns, base = best.patterns(plan), best.total
    total = base
    if hand.context.flowers and plan.flowers:
        bonus = plan.counted(plan.flowers, [()] * hand.context.flowers)
        # Into its place in rule order (the list is in rule order already, and flowers come late in it).
        order, place = plan.order, plan.order[plan.flowers]
        at = len(patterns)
        while at and order[patterns[at - 1].id] > place:
            at -= 1
        patterns.insert(at, bonus)
        total += bonus.points
    legal = base >= plan.minimum
    if not legal:
        notes.append(Message(N_("%(n)s %(unit)s without flowers: a win needs at least %(least)s, and flowers do not "
                                "count toward it"), n=base, unit=Message(ruleset.unit), least=plan.minimum))
    return Score(ruleset.id, key, True, legal, total, ruleset.unit, patterns, best.excluded_in_order(plan), notes,
                 best.reading)


class MCRPolicy(Policy):
    """The Chinese Official family: take the highest over the divisions, under the five principles."""

    name = "mcr"
    orbit_statistics = True

    def prepare(self, hand: Hand) -> Hand:
        return corrected_context(hand)[0]

    def win_needs(self, ruleset: Ruleset, pattern: Pattern) -> Needs | None:
        """`prepare` sets a win after a kong aside on a hand that declared no kong, and a win on the last copy
        aside where the concealed hand holds another copy of the tile: so the winning tile completes no pair or
        pung."""
        flag = dict(pattern.params).get("flag") if pattern.detect == "win_context" else None
        if flag == "after_kong":
            return Needs(kongs=(1, 4), words=Message(N_("a declared kong, whose replacement tile won")))
        if flag == "last_copy":
            return Needs(win_only=frozenset({"chow", "single"}),
                         words=Message(N_("a winning tile the hand held no copy of")))
        return None

    def removers(self, ruleset: Ruleset, c: str) -> frozenset[str] | None:
        """The combination principles may set a combination pattern aside, and the knitted-straight option a
        wait: for those, unknown."""
        plan = _plan(ruleset)
        if c in plan.combination or ruleset.pattern(c).detect == "wait":
            return None
        return super().removers(ruleset, c)

    def score(self, hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
        return score(hand, found, ruleset, key)

    def score_division(self, hand: Hand, reading: Reading, ruleset: Ruleset
                       ) -> tuple[int, list[Counted], list[Excluded]]:
        s = score_reading(hand, reading, ruleset)
        return s.total, s.patterns, s.excluded


POLICY = MCRPolicy()
