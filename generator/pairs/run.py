"""The full walk behind `mahjong-atlas matrix`: every orbit, every walked rule set, in parallel.

Workers take the statistics run's blocks of orbits in turn (`stats.run.blocks`) and return their sightings;
merging keeps each pair's earliest witness by orbit index, so the result does not depend on the number of
workers.
"""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import dataclass

from ..rules import Ruleset
from ..stats.run import blocks
from .walk import Sightings, Walker, walked


@dataclass
class WalkResult:
    sightings: dict[str, Sightings]
    seconds: float
    orbits: int  # orbits enumerated (each rule set's space says how many of them it admits)


def _work(args: tuple[int, int, int | None, list[Ruleset], bool]) -> tuple[dict[str, Sightings], int]:
    worker, jobs, limit, rulesets, report = args
    walker = Walker(rulesets)
    n = 0
    for index, orbit in blocks(worker, jobs, limit, report):
        walker.orbit(index, orbit)
        n += 1
    return walker.sightings, n


def run_walk(rulesets: list[Ruleset], jobs: int = 2, limit: int | None = None, report: bool = False) -> WalkResult:
    """Walk every orbit (or the first `limit`, which proves nothing) for the rule sets the walk covers."""
    start = time.perf_counter()
    chosen = [rs for rs in rulesets if walked(rs)]
    tasks = [(w, jobs, limit, chosen, report) for w in range(jobs)]
    if jobs == 1:
        parts = [_work(tasks[0])]
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_work, tasks)
    merged = Walker(chosen).sightings
    for part, _n in parts:
        for rid, s in part.items():
            merged[rid].merge(s)
    return WalkResult(merged, time.perf_counter() - start, sum(n for _p, n in parts))
