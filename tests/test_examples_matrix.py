"""Compatibility matrices as the build makes them: every pair's cell is the stored answer, tied to a site hand
where the build saw one, and the context-only argument behind some `never` answers holds."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from examples_atlas import project_atlas

from generator import detectors
from generator.examples.matrix import STATUSES, Cell, PairEvidence, build_matrix
from generator.hand_stream import HandStream
from generator.pairs.context import CONTEXT_ONLY
from generator.pairs.store import Stored, stored_answers
from generator.rules import ContentError
from generator.rulesets import all_rulesets
from generator.shapes import ALL_FORMS, readings

RULESETS = all_rulesets()


def test_every_pair_has_a_cell_with_its_backing() -> None:
    atlas = project_atlas()
    for rid, rs in RULESETS.items():
        m = atlas.matrices[rid]
        ids = [p.id for p in rs.patterns]
        assert m.patterns == ids
        assert len(m.cells) == len(ids) * (len(ids) - 1) // 2
        assert m.searched == atlas.searched[rid] >= 1000
        for (a, b), cell in m.cells.items():
            assert m.cell(b, a) is cell and cell.status in STATUSES
            if cell.status == "both" and cell.example:
                score = atlas.example(cell.example).results[rid]
                assert {a, b} <= {p.id for p in score.patterns}, (rid, a, b)
            elif cell.status == "both":
                assert cell.witness, (rid, a, b)
            elif cell.status == "excludes":  # no `by`: a third pattern drops both wherever both show
                assert cell.by in (a, b, None) and cell.reason, (rid, a, b)
            else:
                assert cell.reason, (rid, a, b)


def test_the_build_uses_the_stored_answers_and_links_its_own_hands() -> None:
    atlas = project_atlas()
    for rid, rs in RULESETS.items():
        stored = stored_answers(rs)
        if stored is None or not stored.current:
            continue
        m = atlas.matrices[rid]
        for pair, (status, _w, by, _r) in stored.pairs.items():
            cell = m.cell(*pair)
            assert cell.status == status or (status == "undecided" and cell.status == "both"), (rid, pair)
            if status == "excludes":
                assert cell.by == by


def test_known_answers() -> None:
    m = project_atlas().matrices["zj-2.4"]
    assert m.cell("final-draw", "final-discard").status == "never"  # self-drawn vs. on a discard
    assert m.cell("blessing-of-heaven", "blessing-of-earth").status == "never"  # dealer or not
    assert m.cell("concealed-hand", "all-sequences").status == "both"
    cell = m.cell("two-identical-sequences", "three-identical-sequences")
    assert (cell.status, cell.by) == ("excludes", "three-identical-sequences") and "series" in cell.reason
    assert m.cell("small-three-dragons", "big-three-dragons").status == "never"  # two dragon pungs or three


def _stored(pairs: dict, current: bool = True) -> Stored:
    return Stored(pairs, {}, 1, 1, 1, current, current)


def test_a_stored_answer_that_a_hand_of_the_site_contradicts_stops_the_build() -> None:
    rs = RULESETS["zj-2.4"]
    evidence = PairEvidence(100, {("all-sequences", "concealed-hand"): "k1"})
    stored = _stored({("all-sequences", "concealed-hand"): ("never", None, None, "made up")})
    try:
        build_matrix(rs, evidence, stored)
    except ContentError as exc:
        assert "content/matrix/zj-2.4.json" in str(exc) and "k1" in str(exc)
    else:
        raise AssertionError("a contradicted 'never' was accepted")


def test_stale_or_missing_answers_leave_pairs_undecided_but_site_hands_count() -> None:
    rs = RULESETS["zj-2.4"]
    evidence = PairEvidence(100, {("all-sequences", "concealed-hand"): "k1"})
    for stored in (None, _stored({("chicken-hand", "all-sequences"): ("excludes", None, "all-sequences", "r")},
                                 current=False)):
        m = build_matrix(rs, evidence, stored)
        assert m.cell("all-sequences", "concealed-hand") == Cell("both", example="k1",
                                                                  reason="this hand of the site counts both")
        assert m.cell("chicken-hand", "all-sequences").status == "undecided"
        assert "mahjong-atlas matrix" in m.cell("chicken-hand", "all-sequences").reason


def test_context_only_detectors_ignore_the_tiles() -> None:
    """The claim behind the flags' `never` (generator/pairs/context.py): these detectors give the same answer
    whatever the tiles of a concealed hand (a declaration needs one; its game refuses it on an open hand)."""
    stream, rng = HandStream(99), Random(7)
    specs = [(p.detect, dict(p.params)) for rs in RULESETS.values() for p in rs.patterns if p.detect in CONTEXT_ONLY]
    assert {name for name, _ in specs} == CONTEXT_ONLY
    compared = 0
    for i in range(600):
        a, b = stream[i], stream[i + 600]
        b = replace(b, context=a.context)
        ra, rb = readings(a, ALL_FORMS), readings(b, ALL_FORMS)
        if not ra or not rb or a.melds or b.melds:
            continue
        va, vb = detectors.View(a, rng.choice(ra)), detectors.View(b, rng.choice(rb))
        for name, params in specs:
            assert bool(detectors.run(name, va, params)) == bool(detectors.run(name, vb, params)), name
        compared += 1
    assert compared > 50
