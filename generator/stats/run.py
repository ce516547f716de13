"""The full statistics run behind `mahjong-atlas stats`: every orbit of complete hands, every rule set, in parallel.

Workers take blocks of orbits in turn (block i goes to worker i mod jobs), each enumerating the
orbits itself, so nothing but the tallies crosses between processes; tallies are sums, so the
result does not depend on the number of workers. Each orbit is counted twice over: its hands
(`tally`) and their wins, each winning tile by discard and by self-draw (`wins`). The run also checks the enumerator against
the published counts of complete hands and refuses to write anything if they differ. Rule sets
of suit-bound wilds have their own population and are counted by classes (`wild`), in seconds,
after the orbits.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice

from ..rules import Ruleset
from ..scoring.policy import find_policy
from .hands import Orbit, all_orbits
from .tally import Tally, policy_supported, tally_orbits
from .wild import tally_wild, wild_supported
from .wins import WinTally, win_orbit_step

PUBLISHED = {"regular": 11_498_658, "standard": 16_873_619}
"""Distinct concealed complete hands: four sets and a pair; and with seven pairs (seven different pairs) and
thirteen orphans added."""

BLOCK = 2_000


@dataclass
class Universe:
    """Hands met by the enumerator, by form (seven pairs split by whether a tile is held four times)."""

    by_form: dict[str, int] = field(default_factory=dict)

    def add(self, orbit: Orbit) -> None:
        key = orbit.form + ("+quads" if orbit.quads else "")
        self.by_form[key] = self.by_form.get(key, 0) + orbit.size

    def merge(self, other: Universe) -> None:
        for k, n in other.by_form.items():
            self.by_form[k] = self.by_form.get(k, 0) + n

    def figures(self) -> dict[str, int]:
        f = self.by_form
        regular = f.get("regular", 0)
        return {"regular": regular, "standard": regular + f.get("seven-pairs", 0) + f.get("thirteen-orphans", 0)}

    def problems(self) -> list[str]:
        got = self.figures()
        return [f"{name}: enumerated {got[name]:,}, published {want:,}" for name, want in PUBLISHED.items()
                if got[name] != want]


REPORT_EVERY = 50
"""Blocks between two progress lines of a worker (`--progress`)."""


def blocks(worker: int, jobs: int, limit: int | None, report: bool = False) -> Iterator[tuple[int, Orbit]]:
    """This worker's orbits, with their index in the whole enumeration: blocks of BLOCK orbits in turn."""
    orbits = all_orbits() if limit is None else islice(all_orbits(), limit)
    start = time.perf_counter()
    for i, orbit in enumerate(orbits):
        if (i // BLOCK) % jobs == worker:
            if report and i % (BLOCK * REPORT_EVERY) == BLOCK * worker:
                print(f"worker {worker}: orbit {i:,} reached after {time.perf_counter() - start:.0f} s "
                      f"({time.process_time():.0f} s of processor time)", file=sys.stderr, flush=True)
            yield i, orbit


def _work(args: tuple[int, int, int | None, list[Ruleset], bool]
          ) -> tuple[dict[str, Tally], dict[str, WinTally], Universe]:
    worker, jobs, limit, rulesets, report = args
    universe = Universe()
    wins, win_step = win_orbit_step(rulesets)

    def counted() -> Iterator[Orbit]:
        for _i, orbit in blocks(worker, jobs, limit, report):
            universe.add(orbit)
            win_step(orbit)  # the wins of the orbit's hands, while its hands are at hand
            yield orbit

    return tally_orbits(counted(), rulesets), wins, universe


@dataclass
class RunResult:
    tallies: dict[str, Tally]
    wins: dict[str, WinTally]  # rule sets with patterns that read the winning tile
    universe: Universe
    seconds: float
    skipped: list[str]  # rule sets the run cannot cover, with why


def uncovered(rs: Ruleset) -> str | None:
    """Why the run cannot give figures for `rs`, or None when it can."""
    if policy_supported(rs) or wild_supported(rs):
        return None
    family = find_policy(rs.policy)
    if family is not None and family.statistics_gap is not None:
        return family.statistics_gap
    if family is not None and family.suit_bound_wilds:
        return "its wild tiles are counted by classes, and some of its tile patterns read more than the wilds"
    return f"the enumerator does not know its scoring policy {rs.policy!r} or its winning forms"


def run_stats(rulesets: list[Ruleset], jobs: int = 2, limit: int | None = None,
              progress: Callable[[str], None] | None = None, report: bool = False) -> RunResult:
    """Tally every supported rule set over every orbit (or the first `limit` orbits, for a quick look); with
    `report`, each worker says on stderr how far it got, now and then (the whole run holds some 2.2 million orbits)."""
    start = time.perf_counter()
    supported = [rs for rs in rulesets if policy_supported(rs)]
    skipped = [f"{rs.id}: {why}" for rs in rulesets if (why := uncovered(rs))]
    tasks = [(w, jobs, limit, supported, report) for w in range(jobs)]
    if not supported:  # only rule sets of wild tiles: no orbit to enumerate
        parts = []
    elif jobs == 1:
        parts = [_work(tasks[0])]
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_work, tasks)
    tallies = {rs.id: Tally() for rs in supported}
    wins: dict[str, WinTally] = {}
    universe = Universe()
    for part_tallies, part_wins, part_universe in parts:
        universe.merge(part_universe)
        for rid, t in part_tallies.items():
            tallies[rid].merge(t)
        for rid, w in part_wins.items():
            wins.setdefault(rid, WinTally.empty()).merge(w)
    for rs in rulesets:
        if wild_supported(rs):
            tallies[rs.id] = tally_wild(rs)
    if progress:
        progress(f"scored {sum(t.orbits for t in tallies.values()):,} orbit × rule set pairs")
    return RunResult(tallies, wins, universe, time.perf_counter() - start, skipped)
