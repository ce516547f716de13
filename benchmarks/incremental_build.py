"""Benchmark the incremental build against a cold one, each as a whole `mahjong-atlas build` process.

    python benchmarks/incremental_build.py [--edit mcr:full-flush:24:25] [--edit zj-2.4:...] [--repeat 1]

On a copy of content/ in a temporary folder, it times:
- a cold build (`--no-cache`);
- a first build with the cache (fills it; costs about what a cold build costs);
- a no-change rebuild (target: under a tenth of the cold build);
- for each `--edit RULESET_FILE:PATTERN:OLD:NEW`: the rebuild after changing that one value in the copy
  (target: under a quarter of the cold build), then the value is put back and the cache re-warmed;
and checks that every incremental output equals a cold build of the same content byte for byte.
Wall and CPU time (the Pagefind processes included) are printed side by side with the ratios.
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edit", action="append", help="RULESET_FILE:PATTERN:OLD:NEW (repeatable)")
    args = parser.parse_args()
    edits = args.edit or DEFAULT_EDITS
    with tempfile.TemporaryDirectory(prefix="atlas-incremental-") as tmp:
        work = Path(tmp)
        content = work / "content"
        shutil.copytree(ROOT / "content", content)
        out, cache, cold_out = work / "site", work / "cache", work / "cold"
        flags = ["--cache", str(cache), "--content", str(content)]
        rows = []
        subprocess.run([sys.executable, "-c", "import generator.cli, generator.site.build"], cwd=ROOT, env=PLAIN_ENV,
                       check=True)  # untimed: the modules' compiled code is cached before the first timed build
        cold = _build(cold_out, "--no-cache", "--content", str(content))
        rows.append(("cold build (--no-cache)", cold))
        rows.append(("first build, filling the cache", _build(out, *flags)))
        rows.append(("no-change rebuild", _build(out, *flags)))
        identical = _tree(out) == _tree(cold_out)
        for edit in edits:
            _set_value(content, edit)
            rows.append((f"rebuild after editing {edit}", _build(out, *flags)))
            _build(cold_out, "--no-cache", "--content", str(content))
            identical &= _tree(out) == _tree(cold_out)
            _set_value(content, edit, undo=True)
            _build(out, *flags)  # back to the original content, so each edit starts from the same warm cache
        print(f"{'build':48} {'wall s':>8} {'cpu s':>8} {'wall/cold':>10} {'cpu/cold':>9}")
        for name, (wall, cpu) in rows:
            print(f"{name:48} {wall:8.2f} {cpu:8.2f} {wall / cold[0]:10.2f} {cpu / cold[1]:9.2f}")
        print(f"every incremental output equals a cold build of the same content: {identical}")
        return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
