"""Compatibility matrices: each pair of patterns is backed by a hand, an exclusion rule, the number of hands
searched, or an exhaustive check."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from examples_atlas import project_atlas

from generator import detectors
from generator.examples.generate import HandStream
from generator.examples.matrix import CONTEXT_ONLY, Cell
from generator.rules import all_rulesets
from generator.shapes import ALL_FORMS, readings

RULESETS = all_rulesets()


def test_every_pair_has_a_cell_with_evidence() -> None:
    atlas = project_atlas()
    for rid, rs in RULESETS.items():
        m = atlas.matrices[rid]
        ids = [p.id for p in rs.patterns]
        assert m.patterns == ids
        assert len(m.cells) == len(ids) * (len(ids) - 1) // 2
        assert m.searched == atlas.searched[rid] >= 1000
        for (a, b), cell in m.cells.items():
            assert m.cell(b, a) is cell
            if cell.status == "both":
                score = atlas.example(cell.example).results[rid]
                assert {a, b} <= {p.id for p in score.patterns}, (rid, a, b)
            elif cell.status == "excluded":
                assert cell.by in (a, b) and cell.rule
            elif cell.status == "unseen":
                assert cell.searched == m.searched
            else:
                assert cell.status == "impossible" and cell.proof
                walked = m.walked is not None and m.walked.current and (a, b) in m.walked.never
                assert walked or {rs.pattern(a).detect, rs.pattern(b).detect} <= CONTEXT_ONLY, (rid, a, b)


def test_known_answers() -> None:
    m = project_atlas().matrices["zj-2.4"]
    assert m.cell("final-draw", "final-discard").status == "impossible"  # self-drawn vs. on a discard
    assert m.cell("blessing-of-heaven", "blessing-of-earth").status == "impossible"  # dealer or not
    assert m.cell("concealed-hand", "all-sequences").status == "both"
    cell = m.cell("two-identical-sequences", "three-identical-sequences")
    assert (cell.status, cell.by, cell.rule) == ("excluded", "three-identical-sequences", "series")
    assert m.cell("small-three-dragons", "big-three-dragons").status == "impossible"  # two dragon pungs or three
    assert m.cell("concealed-hand", "thirteen-terminals") != Cell("unseen")


def test_context_only_detectors_ignore_the_tiles() -> None:
    """The claim behind 'impossible': these detectors give the same answer whatever the tiles."""
    stream, rng = HandStream(99), Random(7)
    specs = [(p.detect, dict(p.params)) for rs in RULESETS.values() for p in rs.patterns if p.detect in CONTEXT_ONLY]
    assert specs
    for i in range(300):
        a, b = stream[i], stream[i + 300]
        b = replace(b, context=a.context)
        ra, rb = readings(a, ALL_FORMS), readings(b, ALL_FORMS)
        if not ra or not rb:
            continue
        va, vb = detectors.View(a, rng.choice(ra)), detectors.View(b, rng.choice(rb))
        for name, params in specs:
            assert bool(detectors.run(name, va, params)) == bool(detectors.run(name, vb, params)), name
