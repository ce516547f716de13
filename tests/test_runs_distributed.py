"""The long runs in shards (generator/stats/shards.py): the same bytes on a Dask cluster as on local processes, and
a run killed part-way resumes from the shards it finished to the same bytes as a run never interrupted.

`pytest -k "dask or distributed"` selects the cluster tests."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.cli import main
from generator.pairs.run import run_walk
from generator.pairs.store import answers_object
from generator.rulesets import all_rulesets
from generator.stats.run import run_stats
from generator.stats.wild import tally_wild
from generator.stats.shards import Checkpoints, Shard, orbit_shards, run_shards
from generator.stats.store import stats_object

ROOT = Path(__file__).resolve().parent.parent
RULESETS = all_rulesets()
LIMIT, SHARD = 6000, 500


def _stats_bytes(result: object, ids: list[str]) -> bytes:
    objs = [stats_object(RULESETS[rid], result.tallies[rid], result.wins.get(rid)) for rid in ids]  # type: ignore[attr-defined]
    return json.dumps(objs, sort_keys=True).encode()


def _walk_bytes(ids: list[str], **how: object) -> bytes:
    result = run_walk([RULESETS[rid] for rid in ids], limit=LIMIT, shard=SHARD, **how)  # type: ignore[arg-type]
    return json.dumps([answers_object(RULESETS[rid], result.sightings[rid]) for rid in ids], sort_keys=True).encode()


def test_shards_cover_the_orbits_in_order() -> None:
    shards = list(orbit_shards(2300, 1000))
    assert [len(s.orbits) for s in shards] == [1000, 1000, 300]
    assert [i for s in shards for i, _o in s.orbits] == list(range(2300))


def test_stats_and_the_walk_on_a_dask_local_cluster_write_the_same_bytes_as_local_processes() -> None:
    pytest.importorskip("distributed", reason="the distributed extra is not installed")
    ids = ["zj-2.4", "mcr", "tuanyuan"]  # 团圆's wild classes are tallied beside the shards, on the same workers
    rulesets = [RULESETS[rid] for rid in ids]
    local = run_stats(rulesets, jobs=2, limit=LIMIT, shard=SHARD)
    cluster = run_stats(rulesets, jobs=2, limit=LIMIT, shard=SHARD, scheduler="local:2")
    assert _stats_bytes(cluster, ids) == _stats_bytes(local, ids)
    assert local.tallies["tuanyuan"] == tally_wild(RULESETS["tuanyuan"])
    assert _walk_bytes(ids[:2], scheduler="local:2") == _walk_bytes(ids[:2], jobs=1)  # 团圆 is not walked


def test_a_bad_scheduler_is_a_one_line_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--ruleset", "zj-2.4", "--limit", "10", "--scheduler", "local:none"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: --scheduler 'local:none'") and "\n" not in err


def test_a_killed_run_resumes_from_its_finished_shards_to_the_same_bytes(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "runs"
    command = [sys.executable, "-m", "generator", "stats", "--ruleset", "zj-2.4", "--limit", str(LIMIT),
               "--shard-size", str(SHARD), "--jobs", "1", "--checkpoints", str(folder)]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 300
    try:
        while len(list(folder.glob("stats-*.pickle"))) < 3:
            assert proc.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline, "no shard finished in time"
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    finished = len(list(folder.glob("stats-*.pickle")))
    assert 3 <= finished < LIMIT // SHARD, "the run was not interrupted part-way"
    rs = [RULESETS["zj-2.4"]]
    resumed = run_stats(rs, jobs=2, limit=LIMIT, shard=SHARD, checkpoints=folder, report=True)
    assert f"{finished} read from an earlier run" in capsys.readouterr().err
    fresh = run_stats(rs, jobs=2, limit=LIMIT, shard=SHARD)
    assert _stats_bytes(resumed, ["zj-2.4"]) == _stats_bytes(fresh, ["zj-2.4"])
    assert len(list(folder.glob("stats-*.pickle"))) == LIMIT // SHARD  # every shard kept now


def test_a_checkpoint_of_other_code_or_rules_is_not_read(tmp_path: Path) -> None:
    shards = list(orbit_shards(40, 10))
    first = Checkpoints(tmp_path, "t", "key-a")
    assert list(run_shards(_size, shards, None, 1, first)) == [10, 10, 10, 10]
    assert list(run_shards(_fail, shards, None, 1, Checkpoints(tmp_path, "t", "key-a"))) == [10, 10, 10, 10]
    with pytest.raises(RuntimeError):
        list(run_shards(_fail, shards, None, 1, Checkpoints(tmp_path, "t", "key-b")))


def _size(shard: Shard) -> int:
    return len(shard.orbits)


def _fail(shard: Shard) -> int:
    raise RuntimeError("computed again")
