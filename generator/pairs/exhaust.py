"""Stage three: each pair the search left undecided, tried on every division that could hold both.

A second walk of every orbit gathers, per undecided pair, the divisions that show or admit both (walk.py);
then every situation of what the two patterns read (moves.situations) is built on each and scored. When no
legal hand counts both, the pair is `below-minimum` if a hand under the minimum does, `excludes` if some hand
showed both (one dropped on every one of them), else `never`; the reason names the space tried. A pair with
more divisions than `DIVISIONS`, or more hands than
`HANDS`, stays undecided and says so: the answer would not rest on the whole space.
"""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass, field

from ..rules import Ruleset
from ..stats.run import blocks
from .decide import Answer
from .moves import fixed_flags, reads_of, situations, valid
from .walk import Walker, Witness, witness_hand
from .witness import Search

Pair = tuple[str, str]
Kept = tuple[int, bytes, int]
"""A gathered division: (orbit index, the hand's counts as bytes, division index), a witness kept small."""
DIVISIONS = 20_000
"""Divisions gathered per pair at most; a pair with more is left undecided."""
HANDS = 15_000
"""Hands scored per pair at most."""


class Gatherer(Walker):
    """The walk again, keeping for each asked pair the divisions that show or admit both."""

    def __init__(self, rulesets: list[Ruleset], asked: dict[str, list[Pair]]) -> None:
        super().__init__(rulesets)
        self.asked = [[(s.ids.index(a), s.ids.index(b), (a, b)) for a, b in asked.get(rs.id, [])]
                      for rs, s in ((rs, self.sightings[rs.id]) for rs in self.rulesets)]
        self.kept: dict[str, dict[Pair, list[Kept]]] = {rs.id: {} for rs in self.rulesets}
        self.full: dict[str, set[Pair]] = {rs.id: set() for rs in self.rulesets}
        self._hits: list[dict[int, list[Pair]]] = [{} for _ in self.rulesets]

    def _record(self, k: int, mask: int, admitted: int, witness: Witness) -> None:
        both = mask | admitted
        hits = self._hits[k].get(both)
        if hits is None:
            hits = self._hits[k][both] = [p for ia, ib, p in self.asked[k] if both >> ia & 1 and both >> ib & 1]
        if not hits:
            return
        rid = self.rulesets[k].id
        for pair in hits:
            kept = self.kept[rid].setdefault(pair, [])
            if len(kept) < DIVISIONS:
                index, counts, d = witness
                kept.append((index, bytes(counts), d))  # a 34-slot count vector in 34 bytes: thousands are kept
            else:
                self.full[rid].add(pair)


def _gather(args: tuple[int, int, list[Ruleset], dict[str, list[Pair]]]
            ) -> tuple[dict[str, dict[Pair, list[Kept]]], dict[str, set[Pair]]]:
    worker, jobs, rulesets, asked = args
    g = Gatherer(rulesets, asked)
    for index, orbit in blocks(worker, jobs, None):
        g.orbit(index, orbit)
    return g.kept, g.full


@dataclass
class Gathered:
    kept: dict[str, dict[Pair, list[Kept]]] = field(default_factory=dict)
    full: dict[str, set[Pair]] = field(default_factory=dict)


def gather(rulesets: list[Ruleset], asked: dict[str, list[Pair]], jobs: int) -> Gathered:
    """The divisions of every orbit holding each asked pair (both workers' shares merged, in orbit order)."""
    tasks = [(w, jobs, rulesets, asked) for w in range(jobs)]
    if jobs == 1:
        parts = [_gather(tasks[0])]
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_gather, tasks)
    out = Gathered({rs.id: {} for rs in rulesets}, {rs.id: set() for rs in rulesets})
    for kept, full in parts:
        for rid, pairs in kept.items():
            for pair, ws in pairs.items():
                out.kept[rid].setdefault(pair, []).extend(ws)
        for rid, pairs in full.items():
            out.full[rid] |= pairs
    for rid, pairs in out.kept.items():
        for pair, ws in pairs.items():
            ws.sort()
            if len(ws) > DIVISIONS:
                out.full[rid].add(pair)
                del ws[DIVISIONS:]
    return out


def exhaust(rs: Ruleset, answer: Answer, divisions: list[Kept], truncated: bool) -> Answer:
    """The pair's answer after every situation of every gathered division, or the undecided answer as it was."""
    a, b = answer.a, answer.b
    if truncated:
        return Answer(a, b, "undecided", answer.witness, None,
                      f"{answer.reason}; more than {DIVISIONS:,} divisions hold both, too many to try every one")
    search = Search(rs)
    # Claims, the winning tile and the self-draw change which readings a hand has and which one the engine scores,
    # whatever the two patterns read: without them a pair of tile patterns could look apart on concealed hands only.
    reads = frozenset({"sets", "win", "tsumo"}).union(*(reads_of(rs.pattern(pid)) for pid in (a, b)))
    fixed = fixed_flags([rs.pattern(a), rs.pattern(b)], rs)
    shown = None
    for index, counts, d in divisions:
        hand, reading = witness_hand((index, tuple(counts), d))
        for h in situations(hand, reading, reads, search.riichi, fixed):
            v = valid(h)
            if v is None:
                continue
            search.record(v)
            if (a, b) in search.found.both:
                return Answer(a, b, "both", search.found.both[(a, b)], None, "this hand counts both")
            if search.found.scored > HANDS:
                return Answer(a, b, "undecided", answer.witness, None,
                              f"{answer.reason}; more than {HANDS:,} hands to try on the divisions that hold both")
        got = search.found.shown.get((a, b))
        if got is not None and shown is None:
            shown = got
    space = (f"every one of the {search.found.scored:,} hands built on the {len(divisions):,} divisions that hold "
             f"both, with every claim, kong, winning tile and self-draw, and every situation of what the two read")
    if (a, b) in search.found.below:
        return Answer(a, b, "below-minimum", search.found.below[(a, b)], None,
                      f"both count only on hands under the minimum, on {space}")
    if (a, b) not in search.found.together:
        return Answer(a, b, "never", None, None, f"the reading the engine scores never shows both, on {space}")
    if shown is None:
        return Answer(a, b, "excludes", search.found.together[(a, b)], None,
                      f"where both show, another pattern drops both, on {space}")
    hand, dropped, by = shown
    return Answer(a, b, "excludes", hand, b if dropped == a else a, f"{dropped} is dropped ({by}) on {space}")
