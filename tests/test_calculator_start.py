"""The calculator's memory snapshot (generator/site/calculator_snapshot.py): made twice from the same runtime and
bundle it is the same bytes (the build stays reproducible), and a build without Node says so once and leaves the
page to start Python in full. That the page restores it in Chromium: tests/test_calculator_reader.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.site import calculator, calculator_snapshot

ROOT = Path(__file__).resolve().parent.parent


def test_the_snapshot_is_the_same_bytes_every_time() -> None:
    exe, runtime = calculator_snapshot.node(), calculator.runtime_dir()
    if exe is None or runtime is None:
        pytest.skip("needs Node.js and the Pyodide runtime (scripts/test.sh installs it)")
    bundle = calculator._zip(calculator.bundle_members(ROOT / "content"))
    first = calculator_snapshot._make(exe, runtime, bundle)
    assert first is not None and len(first) > 1_000_000
    assert calculator_snapshot._make(exe, runtime, bundle) == first
    assert b"atlas_calc" in first and str(ROOT).encode() not in first  # no path of this checkout


def test_without_node_the_build_warns_once_and_ships_no_snapshot(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    if calculator.runtime_dir() is None:
        pytest.skip("needs the Pyodide runtime (scripts/test.sh installs it)")
    monkeypatch.setenv("ATLAS_NODE", "")
    monkeypatch.setattr(calculator_snapshot, "_warned", set())
    a = calculator.assets(ROOT / "content")
    calculator.assets(ROOT / "content")
    assert a.snapshot is None and a.runtime is not None and not any(p.endswith(".bin") for p, _ in a.files)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("warning: no memory snapshot for the calculator")
