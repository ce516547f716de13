"""The essay's conclusions on combining chows and pungs (幾愿, bibliography key jiyuan-essay, §4), verified by the engine on
every division of the relevant classes, and the published figures (content/theorems/mcr-principles.json,
written by `mahjong-atlas theorems`) checked against a fresh run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.mcr_theorems import CLASSES, THEOREMS, check
from generator.rules import CONTENT_DIR
from generator.rulesets import find_ruleset

# the in-suite run: all four-chow and all four-pung divisions (the script also runs three chows + a pung,
# three pungs + a chow, and four chows with every possible pair)
IN_SUITE = ["four-chows", "four-pungs"]


@pytest.mark.slow  # every division: left out of the engine loop
def test_essay_conclusions_hold_on_every_division() -> None:
    sizes, findings = check(find_ruleset("mcr"), IN_SUITE)
    print(f"\ndivisions checked: {sizes}")
    for f in findings:
        print(f"  {f.theorem} on {f.hand_class}: {f.checked} checked, {f.applied} apply, largest {f.largest}")
    assert sizes == {"four-chows": 10626, "four-pungs": 17550}  # C(21+3, 4) chow multisets; C(27, 4) pung sets
    assert all(f.holds for f in findings), [(f.theorem, f.counterexamples) for f in findings if not f.holds]
    largest = {(f.theorem, f.hand_class): f.largest for f in findings}
    # the bounds are reached, so they are the exact maxima, not loose limits
    assert largest[("four-chows-pairs", "four-chows")] == 3
    assert largest[("three-chow-fan-pairs", "four-chows")] == 1
    assert largest[("four-chow-fan-pairs", "four-chows")] == 0
    assert largest[("chow-families", "four-chows")] == largest[("pung-families", "four-pungs")] == 1


def test_the_theorems_command_writes_the_published_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mahjong-atlas theorems` on one class writes what the published file says of that class."""
    published = json.loads((CONTENT_DIR / "theorems" / "mcr-principles.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in published["classes"]] == list(CLASSES)
    assert [t["id"] for t in published["theorems"]] == [t.id for t in THEOREMS]
    assert all(r["holds"] for t in published["theorems"] for r in t["results"])
    shutil.copytree(CONTENT_DIR / "rulesets", tmp_path / "rulesets")
    assert main(["theorems", "--classes", "four-chows", "--content", str(tmp_path)]) == 0
    assert "theorems: wrote" in capsys.readouterr().err
    written = json.loads((tmp_path / "theorems" / "mcr-principles.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in written.items() if k not in {"classes", "theorems"}} == {
        k: v for k, v in published.items() if k not in {"classes", "theorems"}}
    assert written["classes"] == [c for c in published["classes"] if c["id"] == "four-chows"]
    assert written["theorems"] == [
        {**t, "results": [r for r in t["results"] if r["class"] == "four-chows"]} for t in published["theorems"]]


def test_the_theorems_command_refuses_an_unknown_class(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["theorems", "--classes", "five-chows"]) == 2
    assert "no hand class five-chows" in capsys.readouterr().err
