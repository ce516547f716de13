"""Where an MCR batch line's time goes, beside where the PyMahjongGB pipeline's goes.

    python benchmarks/engine_phases.py [--hands 20000] [--seed 2024] [--repeat 5]

`engine_speed.py` says how fast; this says why. In one process, on one seeded mixed hand set
(the same as `engine_speed.py`'s), each step of a line is measured two ways, in µs per hand:

- alone: the step's calls of one whole run, recorded with their arguments, made again one after
  another with nothing between them (its own cost);
- in the line: what the whole line saves when the step answers from the recording instead of
  working its answers out. It comes out larger than the cost alone, and the savings add up to
  more than the line: with one step gone the others run faster too (a smaller working set, so
  fewer cache misses), and the replayed answers were made beforehand.

Steps of the engine (`score --batch --ruleset mcr`): parse the notation (which sees that a line
is already the hand's canonical text, the result's key, as these generated lines are); its
readings; detection (each scored reading's `View` and the detectors the gates let through); the
JSON text. What is left is the counting principles, the
best reading, the receipt and the batch loop. Steps of the pipeline (`pymahjonggb_batch.py`):
the same parse; PyMahjongGB's arguments; its C++ calculator; the JSON text.

Runs are timed by CPU time with the collector off (the batch sets its objects aside from it too);
a step alone is its fastest of `--repeat` runs, its saving in the line the median of `--repeat`
differences between a plain line and a replaying one timed one after the other, the whole line its
fastest run. The savings are differences of noisy figures: on a busy machine they scatter.

The last lines give the ratio of the whole lines, and the ratio the engine would reach if one step
cost nothing, taking off the line either the step's cost alone or its saving in the line. The
second is the generous bound: a replay hands out objects made beforehand, so it spares the rest of
the line the step's memory traffic as well.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))  # the random hands of the PyMahjongGB oracle, which is test code

from mcr_oracle import random_hands

from generator import cli
from generator.detectors import View
from generator.notation import format_hand
from generator.rules import Ruleset
from generator.rulesets import find_ruleset
from generator.scoring import Score, engine, mcr


@dataclass(frozen=True)
class Step:
    """One step of a line: where its function is looked up (a module or class, and the attribute); how a recorded
    answer is handed out again (a copy where the line changes what it gets); what else the step's answer makes
    unneeded (functions that then answer None: the `View` a detector call is made for); and how to do the step
    again from its recorded arguments when that takes more than calling it (the view, made again)."""

    owner: object
    name: str
    fresh: Callable[[Any], Any] = lambda answer: answer
    unneeded: tuple[tuple[object, str], ...] = ()
    again: Callable[..., Any] | None = None


Call = tuple[tuple[Any, ...], dict[str, Any], Any]
"""One call of a step: its arguments and its answer."""


@contextmanager
def _patched(owner: object, name: str, replacement: object) -> Iterator[None]:
    original = getattr(owner, name)
    setattr(owner, name, replacement)
    try:
        yield
    finally:
        setattr(owner, name, original)


def _recorded(line: Callable[[], None], step: Step) -> list[Call]:
    """Every call of the step in one run of `line`, in order."""
    original = getattr(step.owner, step.name)
    calls: list[Call] = []

    def recording(*args: Any, **kwargs: Any) -> Any:
        answer = original(*args, **kwargs)
        calls.append((args, kwargs, step.fresh(answer)))  # as given, before the line changes it
        return answer

    with _patched(step.owner, step.name, recording):
        line()
    return calls


def _replaying(line: Callable[[], None], step: Step, calls: list[Call]) -> Callable[[], None]:
    """`line` with the step answering from `calls`: a call to it then costs a function call."""

    def run() -> None:
        answers = (answer for _, _, answer in calls)
        with ExitStack() as stack:
            stack.enter_context(_patched(step.owner, step.name, lambda *a, **k: step.fresh(next(answers))))
            for owner, name in step.unneeded:
                stack.enter_context(_patched(owner, name, lambda *a, **k: None))
            line()
    return run


def _alone(step: Step, calls: list[Call]) -> Callable[[], None]:
    """The step's calls of one line made again one after another, with nothing else between them."""
    again = step.again or getattr(step.owner, step.name)

    def run() -> None:
        for args, kwargs, _ in calls:
            again(*args, **kwargs)
    return run


def _cpu(work: Callable[[], None]) -> float:
    """CPU seconds (user + system) of one call, with the collector off (the recordings hold millions of objects,
    which a collection would scan at random moments; the batch sets its own objects aside from it too)."""
    gc.collect()
    gc.disable()
    try:
        before = time.process_time()  # not os.times: its ticks of 10 ms are too coarse for a short run
        work()
        return time.process_time() - before
    finally:
        gc.enable()


def costs(line: Callable[[], None], steps: dict[str, Step], repeat: int, n: int) -> dict[str, tuple[float, float]]:
    """µs per hand of each step, alone (the fastest of `repeat` runs) and in the line (the median of `repeat` savings,
    each the whole line's time less the time of the line replaying the step, timed one after the other so that a
    slow spell of a shared machine falls on both), and of the whole line (its fastest run)."""
    line()  # warm every memo the way a long batch has them warm
    recorded = {label: _recorded(line, step) for label, step in steps.items()}
    whole: list[float] = []
    alone: dict[str, list[float]] = {label: [] for label in steps}
    saved: dict[str, list[float]] = {label: [] for label in steps}
    for _ in range(repeat):
        for label, step in steps.items():
            plain = _cpu(line)
            whole.append(plain)
            saved[label].append(plain - _cpu(_replaying(line, step, recorded[label])))
            alone[label].append(_cpu(_alone(step, recorded[label])))
    scale = 1e6 / n
    out = {label: (min(alone[label]) * scale, statistics.median(saved[label]) * scale) for label in steps}
    out["whole line"] = (min(whole) * scale, min(whole) * scale)
    return out


def _detect_again(view: View, patterns: Any) -> object:
    return mcr.find(View(view.hand, view.reading), patterns)  # a fresh view: a used one keeps the wait it found


def engine_steps() -> dict[str, Step]:
    """The steps of the engine's batch line (tests/test_benchmarks.py checks that replaying any of them leaves every
    line as it was, so what a replay saves is the step and nothing else)."""
    return {
        "parse the notation": Step(cli, "parse_keyed"),
        "readings": Step(engine, "readings_of", list),
        # the policy removes what the principles drop from the detectors' answer, so it gets a copy
        "detection (View + detectors)": Step(mcr, "find", dict, unneeded=((mcr, "View"),), again=_detect_again),
        "JSON text": Step(Score, "json_text"),
    }


def engine_costs(texts: list[str], rs: Ruleset, repeat: int) -> dict[str, tuple[float, float]]:
    def line() -> None:
        for t in texts:
            cli.score_line_text(t, [rs])

    return costs(line, engine_steps(), repeat, len(texts))


def pipeline_costs(texts: list[str], repeat: int) -> dict[str, tuple[float, float]]:
    import pymahjonggb_batch as gb

    def line() -> None:
        for t in texts:
            gb_json(gb.fan_line(t), ensure_ascii=False, separators=(", ", ": "))

    return costs(line, {
        "parse the notation": Step(gb, "parse_hand"),
        "PyMahjongGB's arguments": Step(gb, "oracle_arguments"),
        "the C++ calculator": Step(gb, "MahjongFanCalculator"),
        "JSON text": Step(sys.modules[__name__], "gb_json"),
    }, repeat, len(texts))


gb_json = json.dumps
"""The pipeline's serialiser, looked up as a module attribute so that its step can be replayed like the others."""


def _print(title: str, us: dict[str, tuple[float, float]]) -> None:
    print(f"{title:<44} {'alone':>8} {'in the line':>12}   µs/hand")
    for label, (alone, in_line) in us.items():
        print(f"  {label:<42} {alone:8.1f} {in_line:12.1f}")


def _ratio(pipeline: float, engine: float) -> str:
    """The speed ratio of two times per hand; a dash when the engine's is not positive (a run too short to time)."""
    return f"{pipeline / engine:.2f}" if engine > 0 else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each variant (alone: the fastest counts; in the line: the median saving)")
    args = parser.parse_args(argv)
    texts = [format_hand(h) for h in random_hands(args.seed, args.hands)]
    print(f"hand set: {len(texts)} mixed complete hands from tests/mcr_oracle.py's random_hands(seed={args.seed}); "
          f"CPU time, {args.repeat} runs of each")
    engine_us = engine_costs(texts, find_ruleset("mcr"), args.repeat)
    _print("engine (`score --batch --ruleset mcr`)", engine_us)
    try:
        pipeline_us = pipeline_costs(texts, args.repeat)
    except ImportError:
        print("PyMahjongGB is not installed: the comparison is skipped (pip install pymahjonggb)")
        return 0
    _print("PyMahjongGB pipeline (pymahjonggb_batch.py)", pipeline_us)
    pipe, line = pipeline_us["whole line"][0], engine_us["whole line"][0]
    print(f"ratio engine/pipeline speed, whole lines: {_ratio(pipe, line)}")
    print(f"{'the ratio if one step cost nothing:':<44} {'alone':>8} {'in the line':>12}")
    for label in ("parse the notation", "readings", "detection (View + detectors)", "JSON text"):
        print(f"  {label:<42}" + "".join(f" {_ratio(pipe, line - cost):>{width}}"
                                          for cost, width in zip(engine_us[label], (8, 12))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
