"""Benchmark the incremental build against a cold one, each as a whole `mahjong-atlas build` process.

    python benchmarks/incremental_build.py [--edit mcr:full-flush:24:25] [--edit zj-2.4:...] [--repeat 3]

On a copy of content/ in a temporary folder, it times:
- a cold build (`--no-cache`);
- a first build with the cache (fills it; costs about what a cold build costs);
- a no-change rebuild (target: under a tenth of the cold build);
- for each `--edit RULESET_FILE:PATTERN:OLD:NEW`: the rebuild after changing that one value in the copy
  (target: under a quarter of the cold build), then the value is put back and the cache re-warmed;
and checks that every incremental output equals a cold build of the same content byte for byte.
Wall and CPU time (the Pagefind processes included) are printed side by side with the ratios. Every build
but the first with the cache runs `--repeat` times (default 3) and the run with the least CPU time is
reported, every run's wall time beside it: on a shared VM one slow spell moves a single run by a quarter.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from plain_env import PLAIN_ENV  # a sibling module: a script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_EDITS = ["mcr:full-flush:24:25", "zj-2.4:no-terminals:5:6", "sihai-3.1:knitted-straight:30:35"]
# (patterns no curated hand pins a total on: an edit that contradicts a curated expectation fails the build by design)


def _build(out: Path, *extra: str) -> tuple[float, float]:
    """(wall, cpu) seconds of one build process, children included."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", "build", "--out", str(out), *extra], cwd=ROOT,
                          env=PLAIN_ENV, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode != 0:
        raise SystemExit(f"build failed: {done.stderr.strip()}")
    return wall, (after.children_user + after.children_system) - (before.children_user + before.children_system)


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _set_value(content: Path, edit: str, *, undo: bool = False) -> None:
    ruleset, pattern, old, new = edit.split(":")
    if undo:
        old, new = new, old
    rules = content / "rulesets" / f"{ruleset}.toml"
    text = rules.read_text(encoding="utf-8")
    at = text.index(f"value = {old}\n", text.index(f'\nid = "{pattern}"\n'))  # the pattern's own table, not an exclusion naming it
    rules.write_text(text[:at] + f"value = {new}" + text[at + len(f"value = {old}"):], encoding="utf-8")


def _fastest(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The run with the least CPU time: the one a shared machine disturbed least (as engine_speed.py takes it)."""
    return min(runs, key=lambda r: r[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edit", action="append", help="RULESET_FILE:PATTERN:OLD:NEW (repeatable)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="timed runs of each build, the fastest reported (a slow spell of the VM hits single runs)")
    args = parser.parse_args()
    edits = args.edit or DEFAULT_EDITS
    repeat = max(1, args.repeat)
    with tempfile.TemporaryDirectory(prefix="atlas-incremental-") as tmp:
        work = Path(tmp)
        content = work / "content"
        shutil.copytree(ROOT / "content", content)
        out, cache, cold_out = work / "site", work / "cache", work / "cold"
        flags = ["--cache", str(cache), "--content", str(content)]
        rows: list[tuple[str, list[tuple[float, float]]]] = []
        subprocess.run([sys.executable, "-c", "import generator.cli, generator.site.build"], cwd=ROOT, env=PLAIN_ENV,
                       check=True)  # untimed: the modules' compiled code is cached before the first timed build
        rows.append(("cold build (--no-cache)", [_build(cold_out, "--no-cache", "--content", str(content))
                                                 for _ in range(repeat)]))
        rows.append(("first build, filling the cache", [_build(out, *flags)]))
        rows.append(("no-change rebuild", [_build(out, *flags) for _ in range(repeat)]))
        identical = _tree(out) == _tree(cold_out)
        for edit in edits:
            runs = []
            for n in range(repeat):
                _set_value(content, edit)
                runs.append(_build(out, *flags))
                if n == 0:
                    _build(cold_out, "--no-cache", "--content", str(content))
                    identical &= _tree(out) == _tree(cold_out)
                _set_value(content, edit, undo=True)
                _build(out, *flags)  # back to the original content, so each run starts from the same warm cache
            rows.append((f"rebuild after editing {edit}", runs))
        cold = _fastest(rows[0][1])
        print(f"each build {repeat} time(s) but the first with the cache; the fastest run (least CPU) is shown")
        print(f"{'build':48} {'wall s':>8} {'cpu s':>8} {'wall/cold':>10} {'cpu/cold':>9}   every run, wall s")
        for name, runs in rows:
            wall, cpu = _fastest(runs)
            print(f"{name:48} {wall:8.2f} {cpu:8.2f} {wall / cold[0]:10.2f} {cpu / cold[1]:9.2f}   "
                  + ", ".join(f"{w:.2f}" for w, _ in runs))
        print(f"every incremental output equals a cold build of the same content: {identical}")
        return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
