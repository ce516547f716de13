"""The full statistics run behind `mahjong-atlas stats`: every orbit of complete hands, every rule set, in parallel.

The orbits go out in shards (shards.py) to local worker processes or a Dask cluster, and each
finished shard is kept so an interrupted run resumes; tallies are sums, merged in shard order, so
the result does not depend on the number of workers or where they ran. Each orbit is counted twice over: its hands
(`tally`) and their wins, each winning tile by discard and by self-draw (`wins`). The run also checks the enumerator against
the published counts of complete hands and refuses to write anything if they differ. Rule sets
of suit-bound wilds (`wild`) and of ghosts (`ghost`) have their own populations and are counted by
classes after the orbits.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ..rules import Ruleset
from ..scoring.families import find_policy
from .ghost import ghost_supported, tally_ghosts
from .hands import Orbit
from .shards import SHARD, Beside, Checkpoints, Shard, orbit_shards, run_shards
from .store import fingerprint, wins_fingerprint
from .tally import Tally, policy_supported, tally_orbits
from .wild import tally_wild, wild_supported
from .wins import WinTally, win_orbit_step

PUBLISHED = {"regular": 11_498_658, "standard": 16_873_619}
"""Distinct concealed complete hands: four sets and a pair; and with seven pairs (seven different pairs) and
thirteen orphans added."""
PUBLISHED_WEIGHT = {
    "regular": 11_353_128_141_498,
    "seven distinct pairs": 1_505_948_184_576,
    "thirteen orphans": 1_308_622_848,
    "riichi": 12_859_078_207_674,
    "mcr": 13_257_769_189_488,
}
"""The same hands weighted by physical tiles (each distinct hand × the product of C(4, count)), as published:
four sets and a pair; seven different pairs (those that are also four sets and a pair included); thirteen orphans;
every hand of Riichi's forms once (the first three, their overlap once); every hand of MCR's forms once (seven
pairs may hold a tile four times, and the knitted forms)."""


@dataclass
class Universe:
    """Hands met by the enumerator by form (seven pairs split by whether a tile is held four times), as distinct
    hands and weighted by physical tiles; `overlap`: four sets and a pair that are also seven different pairs."""

    by_form: dict[str, int] = field(default_factory=dict)
    weight: dict[str, int] = field(default_factory=dict)

    def add(self, orbit: Orbit) -> None:
        key = orbit.form + ("+quads" if orbit.quads else "")
        self.by_form[key] = self.by_form.get(key, 0) + orbit.size
        w = orbit.size * orbit.weight
        self.weight[key] = self.weight.get(key, 0) + w
        if orbit.form == "regular" and all(c in (0, 2) for c in orbit.counts):
            self.weight["overlap"] = self.weight.get("overlap", 0) + w

    def merge(self, other: Universe) -> None:
        for mine, theirs in ((self.by_form, other.by_form), (self.weight, other.weight)):
            for k, n in theirs.items():
                mine[k] = mine.get(k, 0) + n

    def figures(self) -> dict[str, int]:
        f = self.by_form
        regular = f.get("regular", 0)
        return {"regular": regular, "standard": regular + f.get("seven-pairs", 0) + f.get("thirteen-orphans", 0)}

    def weights(self) -> dict[str, int]:
        """The weighted figures, named as in `PUBLISHED_WEIGHT`."""
        w = self.weight
        regular, pairs, orphans = w.get("regular", 0), w.get("seven-pairs", 0), w.get("thirteen-orphans", 0)
        return {"regular": regular, "seven distinct pairs": pairs + w.get("overlap", 0), "thirteen orphans": orphans,
                "riichi": regular + pairs + orphans,
                "mcr": sum(n for k, n in w.items() if k != "overlap")}

    def problems(self) -> list[str]:
        got, weights = self.figures(), self.weights()
        return [f"{name}: enumerated {got[name]:,}, published {want:,}" for name, want in PUBLISHED.items()
                if got[name] != want] + [f"{name}, weighted: enumerated {weights[name]:,}, published {want:,}"
                                         for name, want in PUBLISHED_WEIGHT.items() if weights[name] != want]


def shard_work(rulesets: list[Ruleset], shard: Shard) -> tuple[dict[str, Tally], dict[str, WinTally], Universe]:
    """One shard's tallies: its hands, their wins and the universe they belong to."""
    universe = Universe()
    wins, win_step = win_orbit_step(rulesets)

    def counted() -> Iterator[Orbit]:
        for _i, orbit in shard.orbits:
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
    shared: dict[str, str] = field(default_factory=dict)  # a rule set -> the one whose figures it took (`same_figures`)


def tally_apart(rs: Ruleset) -> tuple[Tally, WinTally | None]:
    """The figures of a rule set counted by classes rather than orbits: suit-bound wilds (tile figures only) or
    ghosts; run beside the orbits' shards (`shards.Beside`)."""
    if wild_supported(rs):
        return tally_wild(rs), None
    return tally_ghosts(rs)


def same_figures(rulesets: list[Ruleset]) -> dict[str, str]:
    """Each rule set's id -> the id of the first of `rulesets` with the same fingerprints (`store.fingerprint` and
    `store.wins_fingerprint`: everything its figures are computed from, which is also what decides whether stored
    figures are current). Those are tallied once and share the figures: MCR's 2006 edition plays the hands as MCR
    does, and the WRC 2025 edition of Riichi as M-League's."""
    first: dict[tuple[str, str], str] = {}
    return {rs.id: first.setdefault((fingerprint(rs), wins_fingerprint(rs)), rs.id) for rs in rulesets}


def uncovered(rs: Ruleset) -> str | None:
    """Why the run cannot give figures for `rs`, or None when it can."""
    if policy_supported(rs) or wild_supported(rs) or ghost_supported(rs):
        return None
    family = find_policy(rs.policy)
    if family is not None and family.plays_ghosts(rs):
        return "its ghosts are counted by classes, and some of its tile patterns read a suit more finely than that"
    if family is not None and family.suit_bound_wilds:
        return "its wild tiles are counted by classes, and some of its tile patterns read more than the wilds"
    return f"the enumerator does not know its scoring policy {rs.policy!r} or its winning forms"


def run_stats(rulesets: list[Ruleset], jobs: int = 2, limit: int | None = None,
              progress: Callable[[str], None] | None = None, report: bool = False, scheduler: str | None = None,
              checkpoints: Path | None = None, shard: int = SHARD) -> RunResult:
    """Tally every supported rule set over every orbit (or the first `limit` orbits, for a quick look), in shards
    on `jobs` local processes or the Dask `scheduler` (shards.py), each finished shard kept in `checkpoints` for a
    run that resumes; with `report`, progress on stderr as shards finish (the whole run holds some 2.2 million
    orbits)."""
    start = time.perf_counter()
    supported = [rs for rs in rulesets if policy_supported(rs)]
    skipped = [f"{rs.id}: {why}" for rs in rulesets if (why := uncovered(rs))]
    shared = same_figures(supported)
    tallied = [rs for rs in supported if shared[rs.id] == rs.id]
    parts: Iterable[tuple[dict[str, Tally], dict[str, WinTally], Universe]] = ()
    beside = Beside({rs.id: partial(tally_apart, rs) for rs in rulesets if wild_supported(rs) or ghost_supported(rs)})
    if tallied:  # only rule sets of wild tiles: no orbit to enumerate
        kept = Checkpoints(checkpoints, "stats", limit, shard,
                           [(rs.id, fingerprint(rs), wins_fingerprint(rs)) for rs in tallied])
        parts = run_shards(partial(shard_work, tallied), orbit_shards(limit, shard), scheduler, jobs, kept, report,
                           beside)
    tallies = {rs.id: Tally() for rs in tallied}
    wins: dict[str, WinTally] = {}
    universe = Universe()
    for part_tallies, part_wins, part_universe in parts:
        universe.merge(part_universe)
        for rid, t in part_tallies.items():
            tallies[rid].merge(t)
        for rid, w in part_wins.items():
            wins.setdefault(rid, WinTally.empty()).merge(w)
    if not tallied:
        beside.results = {rid: task() for rid, task in beside.tasks.items()}
    for rid, (tally, won) in beside.results.items():
        tallies[rid] = tally
        if won is not None:
            wins[rid] = won
    if progress:
        progress(f"scored {sum(t.orbits for t in tallies.values()):,} orbit × rule set pairs")
    taken = {rid: first for rid, first in shared.items() if rid != first}
    for rid, first in taken.items():
        tallies[rid] = tallies[first]
        if first in wins:
            wins[rid] = wins[first]
    return RunResult(tallies, wins, universe, time.perf_counter() - start, skipped, taken)
