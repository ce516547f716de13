"""The essay's conclusions on combining chows and pungs (幾愿, bibliography key jiyuan-essay, §4), verified by the engine on
every division of the relevant classes, and the published figures (content/theorems/mcr-principles.json,
written by benchmarks/mcr_theorems.py) checked against a fresh run."""

from __future__ import annotations

import json

from generator.mcr_theorems import CLASSES, THEOREMS, check
from generator.rules import CONTENT_DIR, find_ruleset

# the in-suite run: all four-chow and all four-pung divisions (the script also runs three chows + a pung,
# three pungs + a chow, and four chows with every possible pair)
IN_SUITE = ["four-chows", "four-pungs"]


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


def test_published_figures_match_the_engine() -> None:
    data = json.loads((CONTENT_DIR / "theorems" / "mcr-principles.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in data["classes"]] == list(CLASSES)
    assert [t["id"] for t in data["theorems"]] == [t.id for t in THEOREMS]
    assert all(r["holds"] for t in data["theorems"] for r in t["results"])
    sizes, findings = check(find_ruleset("mcr"), ["four-chows"])
    published = {c["id"]: c["hands"] for c in data["classes"]}
    assert published["four-chows"] == sizes["four-chows"]
    results = {(r["class"], t["id"]): r for t in data["theorems"] for r in t["results"]}
    for f in findings:
        r = results[(f.hand_class, f.theorem)]
        assert (r["checked"], r["applies"], r["largest"], r["witness"]) == (f.checked, f.applied, f.largest, f.witness)
