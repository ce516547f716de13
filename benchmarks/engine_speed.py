"""How fast the engine scores: hands per second for every rule set, MCR against PyMahjongGB, Riichi against `mahjong`.

    python benchmarks/engine_speed.py [--hands 20000] [--seed 2024] [--stream 100000] [--repeat 5] [--no-processes]

One run, one seeded mixed hand set (the random complete hands of `tests/mcr_oracle.py`: every
form, melds, kongs, flowers and win flags), printed side by side:

- in-process, per rule set: hands per second for the batch line (parse the notation, score,
  write the JSON line, as `score --batch` does);
- MCR against the pipeline a Python user would otherwise write (parse each line into
  PyMahjongGB's arguments, call its C++ calculator, serialise the fan list as JSON), in-process
  and as whole processes (`python -m generator score --batch FILE --ruleset mcr` against
  `benchmarks/pymahjonggb_batch.py FILE`, same file), with the ratio engine speed / pipeline speed
  (the pipeline parses with the project's notation parser, so a faster parser speeds up both sides);
- Riichi against the PyPI `mahjong` package as whole processes (`score --batch FILE --ruleset riichi` against
  `benchmarks/riichi_batch.py FILE`: the same notation parser, the oracle's converter, its `HandCalculator`, a
  JSON line), over `tests/riichi_oracle.py`'s hands built on every yaku's shape; the last line prints both
  ratios of the run;
- peak memory: the peak resident set size of each process (from the kernel's accounting);
- streaming: `score --batch` over `--stream` hands against a ten-times-smaller run: output is
  written line by line and the engine's caches are capped, so memory levels off instead of
  growing with the input.

The machine is shared, so each process is timed by wall clock and by CPU time (user + system);
the CPU ratio is the steadier figure. No timing is asserted anywhere in the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the random hands of the PyMahjongGB oracle, which is test code

from mcr_oracle import random_hands
from plain_env import PLAIN_ENV  # a sibling module: a script's folder is on sys.path

from generator.cli import score_line_text
from generator.notation import format_hand
from generator.rules import Ruleset
from generator.rulesets import all_rulesets

PIPELINE = ROOT / "benchmarks" / "pymahjonggb_batch.py"
RIICHI_PEER = ROOT / "benchmarks" / "riichi_batch.py"


def _dump(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def _cpu_seconds(work: Callable[[], object]) -> float:
    """CPU seconds (user + system) this process spends on one call."""
    before = os.times()
    work()
    after = os.times()
    return after.user + after.system - before.user - before.system


@dataclass(frozen=True)
class ProcessRun:
    wall: float
    cpu: float
    peak_mib: float
    lines: int


LAUNCHER = """
import os, subprocess, sys
with open(os.devnull, "wb") as null:
    proc = subprocess.Popen(sys.argv[1:], stdout=sys.stdout, stderr=null)
    _pid, status, usage = os.wait4(proc.pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss, file=sys.stderr)
"""
"""Runs a command and reports its exit status, CPU time and peak RSS. It is a fresh small
interpreter, so the measured process is forked from it and not from this benchmark, whose
memory a forked child's peak RSS would otherwise include."""


def run_process(argv: list[str]) -> ProcessRun:
    """Run one command to the end: its wall time, and its CPU time and peak RSS from the kernel's accounting."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", LAUNCHER, *argv], stdout=out, stderr=subprocess.PIPE,
                              cwd=ROOT, env=PLAIN_ENV, check=True, text=True)
        wall = time.perf_counter() - start
        code, cpu, maxrss = done.stderr.split()
        if int(code) not in (0, 2):  # 2: some line was not a hand, reported in its JSON line
            raise SystemExit(f"{' '.join(argv)} exited with {code}")
        out.seek(0)
        lines = sum(1 for _ in out)
    return ProcessRun(wall, float(cpu), int(maxrss) / 1024, lines)


def engine_cmd(path: Path, ruleset: str = "mcr") -> list[str]:
    return [sys.executable, "-m", "generator", "score", "--batch", str(path), "--ruleset", ruleset]


def pipeline_cmd(path: Path) -> list[str]:
    return [sys.executable, str(PIPELINE), str(path)]


def riichi_cmd(path: Path) -> list[str]:
    return [sys.executable, str(RIICHI_PEER), str(path)]


def batch_lines(texts: list[str], rs: Ruleset) -> None:
    """What `score --batch` does with each line: parse, score, write the JSON line (the pipeline side
    serialises as its script does)."""
    for t in texts:
        score_line_text(t, [rs])


def in_process(texts: list[str], pipeline: bool) -> None:
    rulesets = all_rulesets()
    print(f"in-process, one pass each over the {len(texts)} hands: hands per CPU second for the batch line "
          "(parse, score, JSON), and the time per hand")
    cpu: dict[str, float] = {}
    for rs in rulesets.values():
        cpu[rs.id] = _cpu_seconds(partial(batch_lines, texts, rs))
        print(f"  {rs.id:<10} {len(texts) / cpu[rs.id]:>8,.0f} hands/s  {cpu[rs.id] / len(texts) * 1e6:6.0f} µs/hand")
    if not pipeline:
        return
    sys.path.insert(0, str(PIPELINE.parent))
    from pymahjonggb_batch import fan_line

    def gb() -> None:
        for t in texts:
            try:
                _dump(fan_line(t))
            except (TypeError, ValueError):
                pass

    gb_cpu = _cpu_seconds(gb)
    print(f"  MCR: engine {len(texts) / cpu['mcr']:,.0f} hands/s (above) against the PyMahjongGB pipeline "
          f"{len(texts) / gb_cpu:,.0f} hands/s: ratio {gb_cpu / cpu['mcr']:.2f}")


def processes(label: str, ours: Callable[[Path], list[str]], peer_name: str, peer: Callable[[Path], list[str]],
              path: Path, n: int, repeat: int) -> float:
    """Both sides `repeat` times, alternating, so a slow spell of a shared machine falls on both; the ratio is
    taken from each side's fastest run (the least disturbed), and every run is printed. Returns the CPU ratio."""
    print(f"whole processes, {label}, the same file of {n} hands (`score --batch` against the {peer_name}), "
          f"compiled modules cached, output buffered, {repeat} alternating runs each:")
    empty = path.with_name("empty.txt")
    empty.write_text("", encoding="utf-8")
    for cmd in (ours(empty), peer(empty)):  # untimed: each side caches its compiled modules first
        subprocess.run(cmd, cwd=ROOT, env=PLAIN_ENV, check=True, capture_output=True)
    runs: dict[str, list[ProcessRun]] = {"mahjong-atlas score --batch": [], peer_name: []}
    for _ in range(repeat):
        runs["mahjong-atlas score --batch"].append(run_process(ours(path)))
        runs[peer_name].append(run_process(peer(path)))
    best = {name: min(rs, key=lambda r: r.cpu) for name, rs in runs.items()}
    for name, r in best.items():
        print(f"  {name:<28} wall {r.wall:7.2f} s  cpu {r.cpu:7.2f} s  {n / r.cpu:>8,.0f} hands/cpu-s"
              f"  peak RSS {r.peak_mib:6.1f} MiB  ({r.lines} lines)")
        print(f"  {'':<28} every run, cpu s: {', '.join(f'{x.cpu:.2f}' for x in runs[name])}")
    engine, other = best.values()
    print(f"  ratio engine/peer speed (fastest runs): {other.wall / engine.wall:.2f} by wall clock, "
          f"{other.cpu / engine.cpu:.2f} by CPU")
    return other.cpu / engine.cpu


def streaming(n: int, seed: int, workdir: Path) -> None:
    small, large = workdir / "small.txt", workdir / "large.txt"
    texts = [format_hand(h) for h in random_hands(seed + 1, n)]
    large.write_text("\n".join(texts) + "\n", encoding="utf-8")
    small.write_text("\n".join(texts[: n // 10]) + "\n", encoding="utf-8")
    a, b = run_process(engine_cmd(small)), run_process(engine_cmd(large))
    print(f"streaming `score --batch --ruleset mcr`: {n // 10:,} hands peak RSS {a.peak_mib:.1f} MiB, "
          f"{n:,} hands peak RSS {b.peak_mib:.1f} MiB ({b.lines:,} lines in {b.wall:.1f} s wall, "
          f"{n / b.cpu:,.0f} hands/cpu-s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--stream", type=int, default=100_000, help="hands for the streaming check (0: skip)")
    parser.add_argument("--no-processes", action="store_true", help="skip the whole-process runs")
    parser.add_argument("--repeat", type=int, default=5, help="alternating whole-process runs of each side")
    args = parser.parse_args(argv)
    try:
        import MahjongGB  # noqa: F401
        have_gb = True
    except ImportError:
        have_gb = False
        print("PyMahjongGB is not installed: the comparison is skipped (pip install pymahjonggb)")
    try:
        import mahjong  # noqa: F401
        have_riichi = True
    except ImportError:
        have_riichi = False
        print("the mahjong package is not installed: the Riichi comparison is skipped (pip install mahjong)")
    texts = [format_hand(h) for h in random_hands(args.seed, args.hands)]
    print(f"hand set: {len(texts)} mixed complete hands from tests/mcr_oracle.py's random_hands(seed={args.seed}); "
          f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    in_process(texts, have_gb)
    if args.no_processes:
        return 0
    with tempfile.TemporaryDirectory(prefix="atlas-speed-") as tmp:
        path = Path(tmp) / "hands.txt"
        path.write_text("\n".join(texts) + "\n", encoding="utf-8")
        ratios = {}
        if have_gb:
            ratios["MCR against the PyMahjongGB pipeline"] = processes(
                "MCR", engine_cmd, "PyMahjongGB pipeline", pipeline_cmd, path, len(texts), max(1, args.repeat))
        if have_riichi:
            riichi_path = Path(tmp) / "riichi.txt"
            from riichi_oracle import riichi_hands  # test code that needs the mahjong package

            riichi = riichi_hands(args.seed, args.hands)
            riichi_path.write_text("\n".join(riichi) + "\n", encoding="utf-8")
            ratios["Riichi against the mahjong package"] = processes(
                "Riichi (tests/riichi_oracle.py's hands on every yaku's shape)", partial(engine_cmd, ruleset="riichi"),
                "mahjong package pipeline", riichi_cmd, riichi_path, len(riichi), max(1, args.repeat))
        if ratios:
            print("speed ratios, engine / peer, whole processes by CPU, this run: "
                  + "; ".join(f"{k} {v:.2f}" for k, v in ratios.items()))
        if args.stream:
            streaming(args.stream, args.seed, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
