"""Stage one: every distinct concealed complete hand, every division of its tiles, every tile pattern.

The space: the orbits of `stats.hands.all_orbits` (every distinct concealed complete hand, grouped
by the suit, wind and dragon symmetries, which no tile pattern of a symmetric rule set tells apart;
hands holding only the tiles of a fixed tile list, all green or reversible tiles, are walked one by
one), each division of the tiles into sets (`Reading`s that differ only in the winning tile's
place are one division), scored by the policy on its own under the rule set restricted to its tile
patterns (`stats.tally.tile_ruleset`). A tile pattern reads the sets and the tiles, not the winning tile
or the win flags (stats/tally.py); exposing or konging a set can only take one away (nine gates read
without the wait wants a concealed hand), never add one (tests/test_matrix_decide.py tries to break
this), so a pair no concealed division shows together no legal hand shows together.

For each rule set the walk records, per pair of tile patterns:
* `shown`: some division shows both (with the first such division, by orbit order);
* `counted`: some division, scored on its own, counts both (the first; a witness candidate);
* `dropped`: how the policy dropped one of the two in divisions that show both, one entry per
  (dropped, by, rule) with the first division it happened in and how many divisions. A division is
  scored only while its pair is still open (shown, never counted yet): every division showing a pair
  that is never counted together is scored, which is what an `excludes` claim needs.
And per division class (`signature`: form, set kinds, honour sets, the pair's kind, terminal chows),
the first divisions of each class and, per tile pattern, the first divisions of the class showing it:
stage two (situations.py) builds its hands on them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..detectors import View
from ..hand import Hand
from ..rules import Pattern, Ruleset
from ..scoring import mcr, series
from ..scoring.common import Tally, apply_exclusions, find
from ..shapes import ALL_FORMS, Form, Kind, Reading, readings
from ..stats.hands import Orbit, Vec, all_orbits
from ..stats.tally import fixed_tile_lists, hand_of, images, tile_only, tile_ruleset
from ..tiles import NUM_KINDS

REPS = 3
"""Divisions kept per class and per (class, tile pattern) for stage two."""

Division = tuple[Vec, int]
"""A division as (hand counts, index among the hand's divisions in reading order)."""


def division_key(r: Reading) -> tuple[Any, ...]:
    return r.form, tuple((s.kind, s.tile) for s in r.sets), r.loose


def divisions_of(hand: Hand, forms: frozenset[Form]) -> list[Reading]:
    """One reading per division of the hand's tiles (the first in reading order), in every form of `forms`."""
    out, seen = [], set()
    for r in readings(hand, forms, four_as_two_pairs=True):
        k = division_key(r)
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


def signature(r: Reading, counts: Vec | None = None) -> tuple[Any, ...]:
    """What the patterns that do not read the tiles alone may read of a division: its form, its sets by kind
    (chows, pungs of suits, winds and dragons), the pair's kind, whether a chow is 123 or 789 (an edge wait
    needs one), how many pungs can be konged (the fourth copy is not in another set), whether some tile is held
    once (robbing a kong and the last copy need a winning tile held nowhere else), and (`orbit`) whether the tiles
    are nine gates (a suit's 1112345678999 and one more)."""
    kongable = 0
    if counts is not None:
        kongable = sum(1 for s in r.sets if s.kind in (Kind.PUNG, Kind.KONG) and counts[s.tile] == 3)
    single = counts is not None and 1 in counts
    chows = pungs = winds = dragons = edge = 0
    pair = "-"
    for s in r.sets:
        if s.kind is Kind.CHOW:
            chows += 1
            edge |= s.tile % 9 in (0, 6)
        elif s.kind in (Kind.PUNG, Kind.KONG):
            if s.tile >= 31:
                dragons += 1
            elif s.tile >= 27:
                winds += 1
            else:
                pungs += 1
        elif s.kind is Kind.PAIR and r.form in (Form.REGULAR, Form.KNITTED_STRAIGHT):
            pair = "d" if s.tile >= 31 else "w" if s.tile >= 27 else "s"
    return r.form.value, chows, pungs, winds, dragons, pair, bool(edge), kongable, single


def nine_gates_shape(counts: Vec) -> bool:
    for s in range(3):
        c = counts[9 * s:9 * s + 9]
        if sum(c) == 14:
            base = (3, 1, 1, 1, 1, 1, 1, 1, 3)
            return all(x >= b for x, b in zip(c, base, strict=True))
    return False


@dataclass
class Evidence:
    """What the walk saw for one rule set. Pattern ids index `ids`; masks are bit masks over them."""

    ids: list[str]
    shown: dict[tuple[int, int], tuple[int, Division]] = field(default_factory=dict)  # (a, b) a < b -> (orbit, div)
    counted: dict[tuple[int, int], tuple[int, Division]] = field(default_factory=dict)
    dropped: dict[tuple[int, int], dict[tuple[str, str, str], list[Any]]] = field(default_factory=dict)
    classes: dict[tuple[Any, ...], list[tuple[int, Division]]] = field(default_factory=dict)
    class_shows: dict[tuple[tuple[Any, ...], int], list[tuple[int, Division]]] = field(default_factory=dict)
    hands: int = 0  # distinct hands complete in the rule set
    orbits: int = 0
    divisions: int = 0  # divisions walked (orbit representatives, or each hand of a fixed-tile orbit)
    scored: int = 0  # divisions scored by the policy (the others held no open pair)
    sample: int = 1  # every sample-th orbit was walked (1: all, the exhaustive run)

    def merge(self, other: Evidence) -> None:
        for mine, theirs in ((self.shown, other.shown), (self.counted, other.counted)):
            for k, v in theirs.items():
                if k not in mine or v[0] < mine[k][0]:
                    mine[k] = v
        for k, rows in other.dropped.items():
            into = self.dropped.setdefault(k, {})
            for why, (first, n) in rows.items():
                if why in into:
                    into[why] = [min(into[why][0], first), into[why][1] + n]
                else:
                    into[why] = [first, n]
        for mine, theirs in ((self.classes, other.classes), (self.class_shows, other.class_shows)):
            for k, v in theirs.items():
                mine[k] = sorted(mine.get(k, []) + v)[:REPS]
        for name in ("hands", "orbits", "divisions", "scored"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


class Walker:
    """Walks orbits for several rule sets at once: the detectors of equal (detector, parameters) run once."""

    def __init__(self, rulesets: list[Ruleset]) -> None:
        self.rulesets = [rs for rs in rulesets]
        self.tile_sets = [tile_ruleset(rs) for rs in rulesets]
        specs: dict[tuple[str, str], int] = {}
        spec_patterns: list[Pattern] = []
        self.maps: list[list[tuple[int, int]]] = []  # per rule set: (spec index, pattern index)
        self.evidence: list[Evidence] = []
        self.structural: list[list[int]] = []
        for rs, trs in zip(self.rulesets, self.tile_sets, strict=True):
            ids = [p.id for p in rs.patterns]
            pairs = []
            for p in trs.patterns:
                if not tile_only(p):
                    continue  # the chicken hand: the policy's, not a detector's
                key = (p.detect, repr(sorted(dict(p.params).items())))
                if key not in specs:
                    specs[key] = len(spec_patterns)
                    spec_patterns.append(replace(p, id=f"spec-{len(spec_patterns)}", excludes=()))
                pairs.append((specs[key], ids.index(p.id)))
            self.maps.append(pairs)
            self.evidence.append(Evidence(ids))
            self.structural.append(structural_masks(rs))
        self.spec_patterns = tuple(spec_patterns)
        self.forms = frozenset().union(*(rs.forms for rs in rulesets)) & ALL_FORMS
        self.lists = [fixed_tile_lists(trs) for trs in self.tile_sets]
        self._mask_memo: list[dict[int, int]] = [{} for _ in rulesets]
        self._seen: list[set[int]] = [set() for _ in rulesets]
        self._policy_memo: list[dict[tuple[Any, ...], Any]] = [{} for _ in rulesets]
        self.co: list[list[int]] = [[0] * len(ev.ids) for ev in self.evidence]
        self.both: list[list[int]] = [[0] * len(ev.ids) for ev in self.evidence]

    def walk(self, orbits: Iterator[tuple[int, Orbit]], progress: Any = None) -> list[Evidence]:
        for n, (index, orbit) in enumerate(orbits):
            self.orbit(index, orbit)
            if progress is not None and n % 100_000 == 99_999:
                progress(f"{n + 1:,} orbits")
        return self.evidence

    def orbit(self, index: int, orbit: Orbit) -> None:
        fixed = any(t.could_hold(orbit.counts) for lists in self.lists for t in lists)
        hands = images(orbit.counts) if fixed else [orbit.counts]
        counted_orbit = [False] * len(self.rulesets)
        for counts in hands:
            hand = hand_of(counts)
            divs = divisions_of(hand, self.forms)
            self._alone = len(divs) == 1
            for d, r in enumerate(divs):
                found = find(View(hand, r), self.spec_patterns)
                spec_bits = 0
                index_of = self._spec_index
                for pid in found:
                    spec_bits |= 1 << index_of[pid]
                self._found = found
                sig = None
                for k, rs in enumerate(self.rulesets):
                    if r.form not in rs.forms:
                        continue
                    if not counted_orbit[k]:
                        counted_orbit[k] = True
                        ev = self.evidence[k]
                        ev.orbits += 1
                        ev.hands += orbit.size
                    if sig is None:
                        sig = signature(r, counts) + (nine_gates_shape(counts),)
                    self._division(k, index, (counts, d), hand, r, spec_bits, sig)

    @property
    def _spec_index(self) -> dict[str, int]:
        memo = getattr(self, "_spec_ids", None)
        if memo is None:
            memo = self._spec_ids = {p.id: i for i, p in enumerate(self.spec_patterns)}
        return memo

    def _policy(self, k: int) -> tuple[frozenset[str], dict[str, tuple[str, str, str]]]:
        """What the policy keeps of this division's tile patterns: worked out from the matches found (the
        policies read nothing else once detection is done), kept per matches."""
        spec_ids = self._spec_index
        found = []
        for s, pi in self.maps[k]:
            m = self._found.get(self.spec_patterns[s].id)
            if m:
                found.append((pi, tuple(m)))
        found.sort()
        key = tuple(found)
        memo = self._policy_memo[k]
        got = memo.get(key)
        if got is None:
            ids = self.evidence[k].ids
            got = policy_on_found(self.tile_sets[k], {ids[pi]: list(m) for pi, m in key})
            if len(memo) > 200_000:
                memo.clear()
            memo[key] = got
        del spec_ids
        return got

    def _mask(self, k: int, spec_bits: int) -> int:
        memo = self._mask_memo[k]
        m = memo.get(spec_bits)
        if m is None:
            m = 0
            for s, pi in self.maps[k]:
                if spec_bits >> s & 1:
                    m |= 1 << pi
            memo[spec_bits] = m
        return m

    def _division(self, k: int, index: int, div: Division, hand: Hand, r: Reading, spec_bits: int,
                  sig: tuple[Any, ...]) -> None:
        ev, co, both, struct = self.evidence[k], self.co[k], self.both[k], self.structural[k]
        ev.divisions += 1
        mask = self._mask(k, spec_bits)
        order = index if self._alone else index + MULTI  # hands of one division first: they make witnesses
        _keep(ev.classes.setdefault(sig, []), (order, div))
        bits = _bits(mask)
        shows = ev.class_shows
        for a in bits:
            reps = shows.get((sig, a))
            if reps is None:
                shows[(sig, a)] = [(order, div)]
            elif len(reps) < REPS or order < reps[-1][0]:
                _keep(reps, (order, div))
        if mask not in self._seen[k]:
            self._seen[k].add(mask)
            for a in bits:
                new = mask & ~co[a] & ~(1 << a)
                if new:
                    co[a] |= new
                    for b in _bits(new):
                        if a < b:
                            ev.shown[(a, b)] = (index, div)
                        else:
                            ev.shown.setdefault((b, a), (index, div))
        open_pair = any(mask & ~both[a] & ~struct[a] & ~(1 << a) for a in bits)
        if not open_pair:
            return
        ev.scored += 1
        counted, dropped = self._policy(k)
        cmask = 0
        for pid in counted:
            cmask |= 1 << ev.ids.index(pid)
        for a in _bits(cmask):
            new = cmask & ~both[a] & ~(1 << a)
            if new:
                both[a] |= new
                for b in _bits(new):
                    if a < b:
                        ev.counted[(a, b)] = (index, div)
        # pairs shown but not both counted in this division: how one was dropped
        for a in bits:
            rest = mask & ~both[a] & ~struct[a] & ~(1 << a) & ~((1 << a) - 1)  # b > a, still open
            for b in _bits(rest):
                if cmask >> a & 1 and cmask >> b & 1:
                    continue
                why = dropped.get(ev.ids[b]) if not cmask >> b & 1 else dropped.get(ev.ids[a])
                if why is None:
                    why = dropped.get(ev.ids[a]) or ("?", "?", "?")
                row = ev.dropped.setdefault((a, b), {}).setdefault(why, [index, 0])
                row[1] += 1


MULTI = 1 << 40
"""Added to the orbit index of a division whose hand has other divisions too, so that kept divisions prefer
hands of one division (the engine then scores the division itself)."""


def _keep(reps: list[tuple[int, Division]], row: tuple[int, Division]) -> None:
    if len(reps) < REPS:
        reps.append(row)
        reps.sort()
    elif row[0] < reps[-1][0]:
        reps[-1] = row
        reps.sort()


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def score_division(hand: Hand, r: Reading, trs: Ruleset) -> tuple[set[str], dict[str, tuple[str, str, str]]]:
    """The counted ids of one division scored on its own, and per dropped id (dropped, by, rule)."""
    if trs.policy == "mcr":
        s = mcr.score_reading(hand, r, trs)
        counted, excluded = s.patterns, s.excluded
    else:
        _t, counted, excluded, _n = series.score_reading(hand, r, trs)
    return {c.id for c in counted}, {e.id: (e.id, e.by, e.rule) for e in excluded}


def policy_on_found(trs: Ruleset, found: dict[str, list[Any]]) -> tuple[frozenset[str], dict[str, tuple[str, str, str]]]:
    """The policy's steps after detection, on the matches of one reading (pattern id -> matches, in rule order):
    the counted ids and, per dropped id, (dropped, by, rule). The same steps as `mcr._score_reading` and
    `series.score_reading` (tests/test_examples_matrix.py compares the two on hands of every form)."""
    order = {p.id: i for i, p in enumerate(trs.patterns)}
    found = dict(sorted(found.items(), key=lambda kv: order[kv[0]]))
    if trs.policy == "mcr":
        plan = mcr._plan(trs)
        f = {pid: m for pid, m in found.items() if pid in plan.value and pid not in (plan.chicken,)}
        excluded = mcr._non_repeat(f, plan)
        excluded += mcr._combinations(f, plan)
        if not f and plan.chicken:
            f[plan.chicken] = [()]
        return frozenset(f), {e.id: (e.id, e.by, e.rule) for e in excluded if e.id not in f}
    chicken = trs.option("chicken")
    tally = Tally({pid: m for pid, m in found.items() if pid != chicken})
    repeatable = trs.option("repeatable")
    if repeatable is not None:
        tally.found = {pid: m if pid in repeatable else m[:1] for pid, m in tally.found.items()}
    apply_exclusions(tally, trs)
    series._series(tally, trs)
    ids = tally.counting()
    limit = trs.option("limit")
    over = [pid for pid in ids if limit is not None and trs.pattern(pid).value > limit]
    if over:
        top = max(over, key=lambda i: (trs.pattern(i).value, -order[i]))
        for pid in ids:
            if pid != top:
                tally.exclude(pid, top, "limit")
        ids = [top]
    if not ids and chicken:
        ids = [chicken]
    return frozenset(ids), {e.id: (e.id, e.by, e.rule) for e in tally.excluded.values()}


def structural_masks(rs: Ruleset) -> list[int]:
    """Per pattern, the patterns it is always kept apart from by a rule, whatever else the hand holds:
    (1) a data exclusion of every instance (`excludes` without `count`): the policy removes it whenever
    the excluding pattern counts, and when that one is removed itself, one of the two is gone anyway;
    (2) under the series policy, the same series (`group`): one pattern per series counts;
    (3) a pattern worth more than the limit: one such pattern counts alone.
    Pairs kept apart this way need no scoring in the walk (the reason is the rule); they are still
    checked on witness hands."""
    ids = [p.id for p in rs.patterns]
    out = [0] * len(ids)
    pos = {pid: i for i, pid in enumerate(ids)}

    def link(a: int, b: int) -> None:
        out[a] |= 1 << b
        out[b] |= 1 << a

    for p in rs.patterns:
        for e in p.excludes:
            if e.count is None and e.id in pos:
                link(pos[p.id], pos[e.id])
    if rs.policy == "series":
        for i, p in enumerate(rs.patterns):
            for j, q in enumerate(rs.patterns):
                if i < j and p.group and p.group == q.group:
                    link(i, j)
        limit = rs.option("limit")
        if limit is not None:
            for i, p in enumerate(rs.patterns):
                if p.value > limit:
                    for j in range(len(ids)):
                        if j != i:
                            link(i, j)
    return out


def blocks(worker: int, jobs: int, limit: int | None, block: int = 2000,
           orbits: Iterator[Orbit] | None = None, sample: int = 1) -> Iterator[tuple[int, Orbit]]:
    """This worker's orbits: blocks of `block` orbits in turn; with `sample`, every sample-th orbit only."""
    source = all_orbits() if orbits is None else orbits
    for i, orbit in enumerate(source):
        if limit is not None and i >= limit:
            return
        if i % sample:
            continue
        if (i // sample // block) % jobs == worker:
            yield i, orbit


NUM = NUM_KINDS
