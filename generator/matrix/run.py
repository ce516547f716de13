"""The full matrix run behind `mahjong-atlas matrix`: stage one (walk.py) in parallel over blocks of orbits,
then stage two (situations.py) and the decisions (decide.py) per rule set.

Workers take blocks of orbits in turn (block i goes to worker i mod jobs), each enumerating the orbits
itself; what they find merges by taking the first (lowest orbit) witness and adding counts, so the
answers do not depend on the number of workers.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..rules import Ruleset
from ..stats.hands import Orbit
from ..shapes import Form
from .decide import Decider, Decision
from .sampled import sampled_decision
from .walk import Evidence, Walker, blocks


def supported(rs: Ruleset) -> bool:
    """Rule sets the orbit walk covers: the ordinary readings, a policy it can score division by division."""
    from ..shapes import Form
    return rs.policy in ("mcr", "series") and Form.REGULAR in rs.forms


def _work(args: tuple[int, int, int | None, list[Ruleset], Any, int]) -> list[Evidence]:
    worker, jobs, limit, rulesets, source, sample = args
    orbits: Iterator[Orbit] | None = source() if source is not None else None
    def say(text: str) -> None:
        print(f"worker {worker}: {text} ({time.perf_counter() - t0:.0f} s)", flush=True)

    t0 = time.perf_counter()
    return Walker(rulesets).walk(blocks(worker, jobs, limit, orbits=orbits, sample=sample), progress=say)


def walk_all(rulesets: list[Ruleset], jobs: int = 2, limit: int | None = None,
             source: Callable[[], Iterator[Orbit]] | None = None, sample: int = 1) -> dict[str, Evidence]:
    """Stage one for every supported rule set: the evidence per rule set id."""
    rulesets = [rs for rs in rulesets if supported(rs)]
    if not rulesets:
        return {}
    tasks = [(w, jobs, limit, rulesets, source, sample) for w in range(jobs)]
    if jobs == 1:
        parts = [_work(tasks[0])]
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_work, tasks)
    out: dict[str, Evidence] = {}
    for part in parts:
        for rs, ev in zip(rulesets, part, strict=True):
            if rs.id in out:
                out[rs.id].merge(ev)
            else:
                out[rs.id] = ev
    return out


@dataclass
class MatrixRun:
    decisions: dict[str, Decision]
    seconds: dict[str, float]  # "walk", then per rule set its stage two and decisions
    skipped: list[str]


def _decide(args: tuple[Ruleset, Evidence | None, frozenset[Form]]) -> tuple[Decision, float]:
    rs, ev, forms = args
    start = time.perf_counter()
    if ev is None:
        decision = sampled_decision(rs)
    else:
        d = Decider(rs, ev, forms)
        d.stage_two()
        decision = d.decide()
    return decision, time.perf_counter() - start


def run_matrix(rulesets: list[Ruleset], jobs: int = 2, limit: int | None = None,
               source: Callable[[], Iterator[Orbit]] | None = None,
               progress: Callable[[str], None] | None = None, sample: int = 1) -> MatrixRun:
    """Decide every pair of every rule set: stage one over the orbits in `jobs` workers, then each rule set's
    stage two and decisions, rule sets spread over the workers."""
    start = time.perf_counter()
    evidence = walk_all(rulesets, jobs, limit, source, sample)
    seconds = {"walk": time.perf_counter() - start}
    for ev in evidence.values():
        ev.sample = sample
    keep = os.environ.get("MAHJONG_ATLAS_MATRIX_EVIDENCE")  # a file to keep stage one's evidence in (pickle)
    if keep:
        import pickle
        with open(keep, "wb") as f:
            pickle.dump(evidence, f)
    if progress:
        progress(f"stage one: {seconds['walk']:.0f} s")
    forms = frozenset().union(*(rs.forms for rs in rulesets if supported(rs))) if evidence else frozenset()
    tasks = [(rs, evidence.get(rs.id), forms) for rs in rulesets]
    if jobs == 1 or len(tasks) == 1:
        done = [_decide(t) for t in tasks]
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            done = pool.map(_decide, tasks, chunksize=1)
    decisions = {}
    for (rs, _ev, _f), (decision, took) in zip(tasks, done, strict=True):
        decisions[rs.id] = decision
        seconds[rs.id] = took
    return MatrixRun(decisions, seconds, [])


def main_walk(rulesets: list[Ruleset], jobs: int, limit: int | None, path: str) -> None:
    import pickle
    start = time.perf_counter()
    ev = walk_all(rulesets, jobs, limit)
    with open(path, "wb") as f:
        pickle.dump(ev, f)
    print(f"walk: {time.perf_counter() - start:.0f} s", flush=True)
