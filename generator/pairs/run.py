"""The full run behind `mahjong-atlas matrix`: every orbit, every walked rule set, in parallel.

The orbits go out in the statistics run's shards (`stats.shards`: local processes or a Dask cluster, each finished
shard kept for a run that resumes); merging keeps each pair's earliest witness by orbit index, so the result does
not depend on the number of workers or where they ran. The decisions per rule set run on the same executor.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from pathlib import Path
from typing import Any

from ..hand_stream import HandStream, seed_hands
from ..hand import Hand
from ..rules import Ruleset
from ..stats.shards import SHARD, Checkpoints, Shard, executor, orbit_shards, run_shards
from .decide import Answer, apart_of, decide
from .exhaust import Kept, exhaust, gather, kept_witness, unkept
from .store import fingerprint, never_reason
from .walk import Sightings, Walker, unwalked, walked, witness_hand
from .witness import Apart, Found, Search


@dataclass
class WalkResult:
    sightings: dict[str, Sightings]
    seconds: float
    orbits: int  # orbits enumerated (each rule set's space says how many of them it admits)


def walk_shard(rulesets: list[Ruleset], shard: Shard) -> tuple[dict[str, Sightings], int]:
    """One shard's sightings, and how many orbits it held."""
    walker = Walker(rulesets)
    for index, orbit in shard.orbits:
        walker.orbit(index, orbit)
    return walker.sightings, len(shard.orbits)


def run_walk(rulesets: list[Ruleset], jobs: int = 2, limit: int | None = None, report: bool = False,
             scheduler: str | None = None, checkpoints: Path | None = None, shard: int = SHARD) -> WalkResult:
    """Walk every orbit (or the first `limit`, which proves nothing) for the rule sets the walk covers, in shards
    (stats/shards.py: local processes or a Dask `scheduler`, finished shards kept in `checkpoints`)."""
    start = time.perf_counter()
    chosen = [rs for rs in rulesets if walked(rs)]
    kept = Checkpoints(checkpoints, "matrix-walk", limit, shard, [(rs.id, fingerprint(rs)) for rs in chosen])
    merged = Walker(chosen).sightings
    orbits = 0
    if chosen:
        for part, n in run_shards(partial(walk_shard, chosen), orbit_shards(limit, shard), scheduler, jobs, kept,
                                  report):
            orbits += n
            for rid, s in part.items():
                merged[rid].merge(s)
    return WalkResult(merged, time.perf_counter() - start, orbits)


STREAM = 1500
"""Hands of the seeded example stream the witness search starts from, beside the walk's witnesses."""
WALKS = 3
"""Random walks from each starting hand."""


def search_witnesses(rs: Ruleset, s: Sightings, stream: int = STREAM) -> Found:
    """The witness search of one rule set (witness.py), aimed at every pair the walk leaves open."""
    hands = HandStream()
    search = Search(rs)
    starts = [hands[i] for i in range(stream)] + [witness_hand(w)[0] for w in sorted(set(s.together.values()))]
    starts += [h for p in rs.patterns for h in seed_hands(p)]  # shapes the stream does not make (四鬼和)
    search.spread(starts, WALKS, seed=STREAM)
    never = set(s.never())
    extra: dict[tuple[str, str], list[Hand]] = {}
    for pair, w in s.admitted.items():
        extra[pair] = [witness_hand(w)[0]]
    todo = []
    for pair in combinations(s.ids, 2):
        if pair not in never:
            todo.append((pair, apart_of(rs, pair, s)))
    search.target(todo, extra)
    search.situate(todo, extra)
    return search.found


def _decide(args: tuple[Ruleset, Sightings, int]) -> tuple[str, list[Answer], int]:
    rs, s, stream = args
    found = search_witnesses(rs, s, stream)
    never = {(a, b): never_reason(rs, s, a, b) for a, b in s.never()}
    return rs.id, decide(rs, never, found, s), found.scored


def _map(func: Any, tasks: list[Any], jobs: int, scheduler: str | None = None) -> list[Any]:
    """`func` over the tasks, on `jobs` processes or the Dask `scheduler` (the largest rule sets first, so the
    workers finish together)."""
    with executor(scheduler, jobs) as (pool, _width):
        return list(pool.map(func, tasks))


def _exhaust(args: tuple[Ruleset, list[Answer], dict[tuple[str, str], list[Kept]], set[tuple[str, str]],
                         dict[tuple[str, str], Apart | None]]) -> tuple[str, list[Answer]]:
    rs, answers, kept, full, aparts = args
    out = []
    for x in answers:
        pair = (x.a, x.b)
        if x.status == "undecided":
            x = exhaust(rs, x, kept.get(pair, []), pair in full, aparts[pair])
        elif pair in aparts:  # `unkept`
            x = kept_witness(rs, x, kept.get(pair, []), aparts[pair])
        out.append(x)
    return rs.id, out


def decide_all(rulesets: list[Ruleset], sightings: dict[str, Sightings], jobs: int = 2,
               stream: int = STREAM, scheduler: str | None = None, checkpoints: Path | None = None,
               shard: int = SHARD) -> dict[str, tuple[list[Answer], int]]:
    """Every pair of every walked rule set decided (decide.py), then the undecided ones tried on every division
    that holds both (exhaust.py), and an ``excludes`` witness that counts neither of the two bettered where one
    of those divisions keeps the one the rule keeps: rule set id -> (answers, hands the search scored)."""
    chosen = sorted(rulesets, key=lambda rs: -len(rs.patterns))
    seen = {rs.id: sightings.get(rs.id) or unwalked(rs) for rs in chosen}
    parts = _map(_decide, [(rs, seen[rs.id], stream) for rs in chosen], jobs, scheduler)
    decided = {rid: (answers, scored) for rid, answers, scored in parts}
    aparts: dict[str, dict[tuple[str, str], Apart | None]] = {}  # the pairs asked of exhaust.py, with their rule
    for rs in chosen:
        if not seen[rs.id].walked:
            continue
        for x in decided[rs.id][0]:
            if x.status in ("undecided", "excludes") and x.by is None:
                apart = apart_of(rs, (x.a, x.b), seen[rs.id])
                if x.status == "undecided" or unkept(x, apart):
                    aparts.setdefault(rs.id, {})[(x.a, x.b)] = apart
    if not aparts:
        return decided
    chosen = [rs for rs in chosen if rs.id in aparts]
    asked = {rid: list(pairs) for rid, pairs in aparts.items()}
    kept = Checkpoints(checkpoints, "matrix-gather", shard, sorted(asked.items()),
                       [(rs.id, fingerprint(rs)) for rs in chosen])
    gathered = gather(chosen, asked, jobs, scheduler, kept, shard)
    tasks = [(rs, decided[rs.id][0], gathered.kept[rs.id], gathered.full[rs.id], aparts[rs.id]) for rs in chosen]
    for rid, answers in _map(_exhaust, tasks, jobs, scheduler):
        decided[rid] = (answers, decided[rid][1])
    return decided
