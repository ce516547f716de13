"""The long runs (`stats`, `matrix`) in shards: local worker processes or a Dask cluster, and nothing finished lost.

The orbits of complete hands are cut into shards of `SHARD` orbits, in enumeration order; the command's own process
enumerates them (about ten seconds for the 2.2 million orbits) and hands each shard to an executor, at most a few at
a time so memory stays flat. Every result is a sum or keeps the earliest witness by orbit index, and the results
are merged in shard order, so neither the executor nor the number of workers changes a byte of the output.

Executors (`--scheduler`): none, `jobs` local processes (forked, as before); `local` or `local:N`, a Dask
`LocalCluster` of N worker processes; any other value, the address of a running Dask scheduler
(`tcp://host:8786`). Dask is the optional extra `distributed` (`pip install '.[distributed]'`): the code asks for
it only when a scheduler is named, and its `Client.get_executor()` is a `concurrent.futures.Executor` like the
local pool, so one loop serves both.

Checkpoints: each finished shard's result is written to the checkpoint folder (`runs/` in the build cache's
folder by default) as it arrives, keyed by a digest of the engine's code (which fixes the order of the enumeration), the rule
data, the run's options and the shard's place. A run that is interrupted (Ctrl-C, a killed process, a lost worker) keeps every shard it finished,
and the next run with the same key reads them instead of computing them again, and writes the same bytes as a run
that was never interrupted.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

from ..cache import BuildCache
from ..digest import engine_digest
from .defaults import SHARD
from .hands import Orbit, all_orbits

R = TypeVar("R")
IN_FLIGHT = 2
"""Shards submitted per worker ahead of the results: enough to keep every worker busy, few enough that the orbits
waiting in the queue stay small."""


class SchedulerError(Exception):
    """A `--scheduler` that cannot be used (the extra missing, a bad address): the message says what to do."""


@dataclass(frozen=True)
class Shard:
    index: int
    orbits: tuple[tuple[int, Orbit], ...]  # (the orbit's index in the whole enumeration, the orbit)


def orbit_shards(limit: int | None = None, size: int = SHARD) -> Iterator[Shard]:
    """The orbits (the first `limit`, when given) in shards of `size`, in enumeration order."""
    orbits = enumerate(all_orbits() if limit is None else islice(all_orbits(), limit))
    for k in range(sys.maxsize):
        chunk = tuple(islice(orbits, size))
        if not chunk:
            return
        yield Shard(k, chunk)


class Checkpoints:
    """The finished shards of one run, by shard index, in a folder; `Checkpoints(None, …)` keeps nothing. `parts`:
    what the run's results are computed from besides the code and the orbits (rule-data fingerprints, options)."""

    def __init__(self, folder: Path | None, run: str, *parts: object) -> None:
        self.cache = BuildCache(folder)
        self.run = run
        said = " ".join([engine_digest(), *map(repr, parts)]) if folder is not None else ""
        self.key = hashlib.sha256(said.encode()).hexdigest()[:32]

    def _name(self, shard: Shard) -> str:
        return f"{self.run}-{shard.index:05d}"

    def _key(self, shard: Shard) -> str:  # the run's key names the code, which fixes the enumeration's order
        return f"{self.key} {shard.index} {shard.orbits[0][0]} {len(shard.orbits)}"

    def load(self, shard: Shard) -> Any | None:
        return self.cache.load(self._name(shard), self._key(shard)) if self.cache.enabled else None

    def save(self, shard: Shard, value: object) -> None:
        if self.cache.enabled:
            self.cache.store(self._name(shard), self._key(shard), value)


class _Inline(cf.Executor):
    """One worker: each shard computed in this process, when it is submitted."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        future: cf.Future[Any] = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001  (the caller gets it from the future, as from a pool)
            future.set_exception(exc)
        return future


@contextmanager
def executor(scheduler: str | None, jobs: int) -> Iterator[tuple[cf.Executor, int]]:
    """(the executor, how many shards it runs at once) for `--scheduler` (see the module's text)."""
    if scheduler is None:
        if jobs == 1:
            yield _Inline(), 1
            return
        with cf.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            yield pool, jobs
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise SchedulerError("--scheduler needs Dask's distributed scheduler: pip install '.[distributed]'") from None
    if scheduler == "local" or scheduler.startswith("local:"):
        count = scheduler.partition(":")[2]
        if scheduler != "local" and (not count.isdigit() or int(count) < 1):
            raise SchedulerError(f"--scheduler {scheduler!r}: write local or local:N, N a number of workers")
        n = int(count) if count else jobs
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            yield client.get_executor(pure=False), n
        return
    try:
        client = Client(scheduler, timeout=30)
    except (OSError, ValueError, TimeoutError) as exc:
        raise SchedulerError(f"--scheduler {scheduler!r}: cannot reach it ({exc})") from None
    with client:
        workers = max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()))
        yield client.get_executor(pure=False), workers


@dataclass
class Beside:
    """Tasks that run on the shards' executor beside them (the statistics' wild and ghost tallies, minutes each):
    submitted before the shards, so a worker takes each while the others go through the shards; `results` holds
    what they gave once the shards are done. Like `work`, each must be picklable."""

    tasks: dict[str, Callable[[], Any]]
    results: dict[str, Any] = field(default_factory=dict)


def run_shards(work: Callable[[Shard], R], shards: Iterable[Shard], scheduler: str | None, jobs: int,
               checkpoints: Checkpoints, report: bool = False, beside: Beside | None = None) -> Iterator[R]:
    """`work` of every shard, yielded in shard order as soon as each and those before it are done, so the caller
    merges as the run goes and holds only the results that came early: finished shards are read from
    `checkpoints`, the others computed on the executor and saved as each arrives (an interrupted run keeps them).
    `work` must be picklable (a module's function, or a `functools.partial` of one). `beside`'s tasks run on the
    same executor, and their results are in it once every shard has been yielded."""
    start = time.perf_counter()
    done: dict[int, R] = {}
    order: list[int] = []  # shard indices in submission order, which is shard order
    resumed = finished = 0
    with executor(scheduler, jobs) as (pool, width):
        aside = {name: pool.submit(task) for name, task in beside.tasks.items()} if beside else {}
        running: dict[cf.Future[R], Shard] = {}

        def collect() -> None:
            nonlocal finished
            ready, _ = cf.wait(list(running), return_when=cf.FIRST_COMPLETED)
            for future in ready:
                shard = running.pop(future)
                done[shard.index] = value = future.result()
                checkpoints.save(shard, value)
                finished += 1
                if report:
                    print(f"shard {shard.index + 1} done after {time.perf_counter() - start:.0f} s ({finished} "
                          f"computed, {resumed} read from an earlier run)", file=sys.stderr, flush=True)

        def ready() -> Iterator[R]:
            while order and order[0] in done:
                yield done.pop(order.pop(0))

        try:
            for shard in shards:
                order.append(shard.index)
                kept = checkpoints.load(shard)
                if kept is not None:
                    done[shard.index] = kept
                    resumed += 1
                else:
                    running[pool.submit(work, shard)] = shard
                while len(running) >= IN_FLIGHT * width:
                    collect()
                yield from ready()
            while running:
                collect()
                yield from ready()
            if beside is not None:
                beside.results = {name: future.result() for name, future in aside.items()}
        except BaseException:
            for future in [*running, *aside.values()]:
                future.cancel()
            raise
