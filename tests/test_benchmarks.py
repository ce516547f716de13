"""The benchmark that takes the engine's batch line apart (benchmarks/engine_phases.py) still measures what it says.

It swaps engine functions for replays of their recorded answers; a rename in the engine, or a replay that changed
what the line computes, would make its figures wrong without failing, so both are checked here.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
from mcr_oracle import random_hands

from generator import cli
from generator.notation import format_hand
from generator.rulesets import find_ruleset

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
phases = importlib.import_module("engine_phases")

TEXTS = [format_hand(h) for h in random_hands(7, 300)]


def test_a_replayed_step_leaves_every_line_as_it_was() -> None:
    rs = find_ruleset("mcr")
    out: list[str] = []

    def line() -> None:
        out[:] = [cli.score_line_text(t, [rs]) for t in TEXTS]

    line()
    expected = list(out)
    for label, step in phases.engine_steps().items():
        calls = phases._recorded(line, step)
        assert calls, f"{label}: the line never calls {step.name}"
        out.clear()
        phases._replaying(line, step, calls)()
        assert out == expected, label
        phases._alone(step, calls)()  # the step made again from its recorded arguments runs
    line()
    assert out == expected  # every function is put back


def test_the_phases_benchmark_runs_and_prints_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("MahjongGB")
    assert phases.main(["--hands", "150", "--repeat", "1"]) == 0
    printed = capsys.readouterr().out
    for step in [*phases.engine_steps(), "the C++ calculator", "ratio engine/pipeline speed"]:
        assert step in printed
