"""Where an MCR batch line's time goes, beside where the PyMahjongGB pipeline's goes.

    python benchmarks/engine_phases.py [--hands 20000] [--seed 2024] [--repeat 3]

`engine_speed.py` says how fast; this says why. In one process, on one seeded mixed hand set
(the same as `engine_speed.py`'s), each step of the line `score --batch --ruleset mcr` writes is
timed as a loop of its own over inputs the step before made, the fastest of `--repeat` passes
that take every step in turn (CPU time), and printed in µs per hand beside the steps of the pipeline a Python user would
otherwise write (`pymahjonggb_batch.py`):

- engine: parse the notation; the hand's canonical text (the result's key); its readings; the
  detection of every reading the policy scores (the reading's `View` and the detectors the
  gates let through), what the rest of scoring costs (the counting principles, the best
  reading, the receipt), and the JSON text;
- pipeline: the same parse; PyMahjongGB's arguments; its C++ calculator; the JSON text.

The last lines give the ratio of the whole lines and the ratio the engine would reach if one
step cost nothing: a bound on what speeding up that step alone can give. Steps are timed apart,
so their sum differs from the whole line by a few per cent (caches warm differently).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.cli import score_line_text
from generator.detectors import View
from generator.hand import Hand
from generator.mcr_oracle import oracle_arguments, random_hands
from generator.notation import format_hand, parse_hand
from generator.rules import Pattern, Ruleset, find_ruleset
from generator.scoring.common import find
from generator.scoring.engine import readings_of, score
from generator.scoring.mcr import corrected_context, divisions


def _fastest(steps: dict[str, Callable[[], object]], repeat: int, n: int) -> dict[str, float]:
    """µs of CPU time (user + system) per hand of each step, the fastest of `repeat` passes. The passes take
    every step in turn, so a slow spell of a shared machine falls on all of them alike."""
    best = dict.fromkeys(steps, float("inf"))
    for _ in range(repeat):
        for step, work in steps.items():
            before = os.times()
            work()
            after = os.times()
            best[step] = min(best[step], after.user + after.system - before.user - before.system)
    return {step: seconds / n * 1e6 for step, seconds in best.items()}


def _detected(rs: Ruleset) -> tuple[Pattern, ...]:
    """The patterns the MCR policy runs detectors for: all but the chicken hand and flowers (made once, since
    the gates' memo is kept per pattern list)."""
    skip = (rs.option("chicken"), rs.option("flowers"))
    return tuple(p for p in rs.patterns if p.id not in skip)


def engine_steps(texts: list[str], rs: Ruleset, repeat: int) -> dict[str, float]:
    """µs per hand of each step of the engine's batch line, and of the whole line."""
    n = len(texts)
    hands = [parse_hand(t) for t in texts]
    found = [readings_of(h, rs) for h in hands]
    scored = [score(h, rs, r) for h, r in zip(hands, found)]
    plain = [(corrected_context(h)[0], divisions(r)) for h, r in zip(hands, found)]
    detected = _detected(rs)

    def detection() -> None:
        for hand, readings in plain:
            for reading in readings:
                find(View(hand, reading), detected)

    def whole(texts: list[str] = texts) -> None:
        for t in texts:
            score_line_text(t, [rs])

    whole()  # warm every memo the way a long batch has them warm
    us = _fastest({
        "whole line": whole,
        "parse the notation": lambda: [parse_hand(t) for t in texts],
        "the hand's canonical text": lambda: [format_hand(h) for h in hands],
        "readings": lambda: [readings_of(h, rs) for h in hands],
        "detection (View + detectors)": detection,
        "scoring in all": lambda: [score(h, rs, r) for h, r in zip(hands, found)],
        "JSON text": lambda: [s.json_text() for s in scored],
    }, repeat, n)
    us["rest of scoring (principles, best reading, receipt)"] = (
        us["scoring in all"] - us["the hand's canonical text"] - us["detection (View + detectors)"])
    return us


def pipeline_steps(texts: list[str], repeat: int) -> dict[str, float]:
    """µs per hand of each step of the PyMahjongGB pipeline (`pymahjonggb_batch.fan_line` taken apart)."""
    from MahjongGB import MahjongFanCalculator

    n = len(texts)
    hands: list[Hand] = [parse_hand(t) for t in texts]
    arguments = [oracle_arguments(h) for h in hands]
    fans = [MahjongFanCalculator(**a, verbose=True) for a in arguments]

    def dump() -> None:
        for text, f in zip(texts, fans):
            json.dumps({"hand": text, "total": sum(v * c for v, c, _zh, _en in f),
                        "fans": [{"zh": zh, "en": en, "value": v, "count": c} for v, c, zh, en in f]},
                       ensure_ascii=False, separators=(", ", ": "))

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from pymahjonggb_batch import fan_line

    def whole() -> None:
        for t in texts:
            json.dumps(fan_line(t), ensure_ascii=False, separators=(", ", ": "))

    return _fastest({
        "whole line": whole,
        "parse the notation": lambda: [parse_hand(t) for t in texts],
        "PyMahjongGB's arguments": lambda: [oracle_arguments(h) for h in hands],
        "the C++ calculator": lambda: [MahjongFanCalculator(**a, verbose=True) for a in arguments],
        "JSON text": dump,
    }, repeat, n)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3, help="passes per step; the fastest counts")
    args = parser.parse_args(argv)
    texts = [format_hand(h) for h in random_hands(args.seed, args.hands)]
    rs = find_ruleset("mcr")
    print(f"hand set: {len(texts)} mixed complete hands from generator.mcr_oracle.random_hands(seed={args.seed}); "
          f"fastest of {args.repeat} passes per step, CPU time")
    engine = engine_steps(texts, rs, args.repeat)
    print("engine (`score --batch --ruleset mcr`, in-process)   µs/hand")
    for step in ("parse the notation", "the hand's canonical text", "readings", "detection (View + detectors)",
                 "rest of scoring (principles, best reading, receipt)", "JSON text", "whole line"):
        print(f"  {step:<52} {engine[step]:6.1f}")
    try:
        pipeline = pipeline_steps(texts, args.repeat)
    except ImportError:
        print("PyMahjongGB is not installed: the comparison is skipped (pip install pymahjonggb)")
        return 0
    print("PyMahjongGB pipeline (pymahjonggb_batch.py, in-process)  µs/hand")
    for step in (*(s for s in pipeline if s != "whole line"), "whole line"):
        print(f"  {step:<52} {pipeline[step]:6.1f}")
    line = engine["whole line"]
    print(f"ratio engine/pipeline speed, whole lines: {pipeline['whole line'] / line:.2f}")
    for step in ("detection (View + detectors)", "rest of scoring (principles, best reading, receipt)", "readings"):
        print(f"  if {step} cost nothing: {pipeline['whole line'] / (line - engine[step]):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
