"""Curated hands are tests: the sources' examples score as expected, and a broken file or a wrong
expectation stops with file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from examples_atlas import project_atlas

from generator.examples.curated import check, load_curated
from generator.examples.model import hand_key
from generator.examples.scorer import Scorer
from generator.rules import CONTENT_DIR, ContentError
from generator.rulesets import all_rulesets

RULESETS = all_rulesets()
CURATED = load_curated(CONTENT_DIR / "hands", RULESETS)


@pytest.mark.parametrize("hand", CURATED, ids=[c.id for c in CURATED])
def test_curated_hand_meets_its_expectations(hand) -> None:  # type: ignore[no-untyped-def]
    assert hand.expect
    check(hand, Scorer(RULESETS))


def test_the_sources_are_all_represented() -> None:
    files = {Path(c.file).name for c in CURATED}
    assert {"zung-jung-2.4.toml", "sihai-3.1.toml", "tuanyuan.toml"} <= files
    assert all(c.source and c.title for c in CURATED)


def test_curated_hands_are_examples_of_what_counts_in_them() -> None:
    atlas = project_atlas()
    for c in CURATED:
        ex = atlas.example(hand_key(c.canonical))
        assert ex.kind == "curated" and ex.source == c.source
        for e in c.expect:
            for p in ex.results[e.ruleset].patterns:
                assert hand_key(c.canonical) in atlas.by_pattern[f"{e.ruleset}/{p.id}"].curated


def _write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "content" / "hands"
    folder.mkdir(parents=True)
    (folder / "h.toml").write_text(text, encoding="utf-8")
    return folder


GOOD = '''[[hand]]
id = "x"
hand = "123m456p789s234m55s"
source = "test"
title = "t"
[hand.expect."zj-2.4"]
total = 10
patterns = ["all-sequences", "concealed-hand"]
'''


def test_a_good_file_loads(tmp_path: Path) -> None:
    (hand,) = load_curated(_write(tmp_path, GOOD), RULESETS)
    check(hand, Scorer(RULESETS))
    assert hand.expect[0].line == 6 and hand.expect[0].lines["total"] == 7


@pytest.mark.parametrize(("old", "new", "where"), [
    ("total = 10", "total = 15", ":7: hand 'x' expect.zj-2.4.total: expected total 15; the engine gives 10"),
    ('patterns = ["all-sequences", "concealed-hand"]', 'patterns = ["all-sequences"]',
     ":8: hand 'x' expect.zj-2.4.patterns"),
    ("total = 10", "total_min = 11", ":7: hand 'x' expect.zj-2.4.total_min: expected at least 11"),
])
def test_a_wrong_expectation_names_file_line_and_field(tmp_path: Path, old: str, new: str, where: str) -> None:
    (hand,) = load_curated(_write(tmp_path, GOOD.replace(old, new)), RULESETS)
    with pytest.raises(ContentError) as err:
        check(hand, Scorer(RULESETS))
    assert f"h.toml{where}" in str(err.value)


@pytest.mark.parametrize(("old", "new", "where"), [
    ('hand = "123m456p789s234m55s"', 'hand = "123m456p789s234m55"', ":3: hand 'x' hand: not a hand"),
    ('[hand.expect."zj-2.4"]', '[hand.expect."zj-9"]', ":6: hand 'x' expect.zj-9: unknown rule set 'zj-9'"),
    ('"concealed-hand"]', '"concealed"]', ":8: hand 'x' expect.zj-2.4.patterns: zj-2.4 has no pattern 'concealed'"),
    ("total = 10", 'total = "10"', ":7: hand 'x' expect.zj-2.4.total: expected an integer"),
    ('title = "t"', 'titel = "t"', ":5: hand 'x' titel: unknown field"),
    ('source = "test"\n', ""  , ":1: hand 'x' source: missing"),
])
def test_a_broken_file_names_file_line_and_field(tmp_path: Path, old: str, new: str, where: str) -> None:
    with pytest.raises(ContentError) as err:
        load_curated(_write(tmp_path, GOOD.replace(old, new)), RULESETS)
    assert f"h.toml{where}" in str(err.value)
