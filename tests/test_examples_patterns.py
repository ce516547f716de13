"""Every pattern of every rule set has engine-verified examples: a minimal and a typical hand in which it
counts, and a near miss one change away in which it does not (issue 7)."""

from __future__ import annotations

from collections import Counter

import pytest
from examples_atlas import project_atlas

from generator.examples.search import instances
from generator.notation import parse_hand
from generator.rulesets import all_rulesets

RULESETS = all_rulesets()
PATTERNS = [f"{rid}/{p.id}" for rid in sorted(RULESETS) for p in RULESETS[rid].patterns]


def _counts(key: str, name: str) -> bool:
    rid, pid = name.split("/")
    score = project_atlas().example(key).results[rid]
    return score.complete and pid in {c.id for c in score.patterns}


@pytest.mark.parametrize("name", PATTERNS)
def test_every_pattern_has_two_examples_and_a_near_miss(name: str) -> None:
    pe = project_atlas().by_pattern[name]
    assert pe.minimal != pe.typical, f"{name}: the minimal and typical examples are the same hand"
    for key in (pe.minimal, pe.typical):
        assert _counts(key, name), f"{name}: example {project_atlas().example(key).hand} does not show it"
    assert pe.near_miss, f"{name}: no near miss"
    assert [m.key for m in pe.near_misses] == pe.near_miss
    for miss in pe.near_misses:
        assert not _counts(miss.key, name), f"{name}: the near miss {project_atlas().example(miss.key).hand} shows it"
        rid = name.split("/")[0]
        score = project_atlas().example(miss.key).results[rid]
        assert score.complete == (miss.status != "incomplete"), f"{name}: {miss}"
        if miss.status == "excluded":
            assert any(e.id == name.split("/")[1] and e.by == miss.by for e in score.excluded), miss
        assert miss.reason.startswith(miss.change)
        assert project_atlas().example(miss.derived_from)  # the hand it was changed from is on the site
    for key in pe.curated:
        assert _counts(key, name)


def _tiles(text: str) -> Counter[int]:
    hand = parse_hand(text)
    return Counter(hand.all_tiles)


def test_a_near_miss_changes_one_tile_or_one_thing() -> None:
    """A 'tile' near miss differs from its example by exactly one tile (two for the pair fallback)."""
    atlas = project_atlas()
    checked = 0
    for name, pe in atlas.by_pattern.items():
        for miss in pe.near_misses:
            a, b = _tiles(atlas.example(miss.derived_from).hand), _tiles(atlas.example(miss.key).hand)
            removed, added = sum((a - b).values()), sum((b - a).values())
            if miss.change.startswith(("one tile changed", "the winning tile changed")):
                assert (removed, added) == (1, 1), (name, miss)
                checked += 1
            elif miss.change.startswith("two tiles changed"):
                assert (removed, added) == (2, 2), (name, miss)
            elif "kong" not in miss.change:
                assert (removed, added) == (0, 0), (name, miss)  # a meld claimed / a flag changed: same tiles
    assert checked > len(atlas.by_pattern) / 2, "most near misses should be one-tile changes"


def test_minimal_is_no_worse_than_typical() -> None:
    """The minimal example is legal when the typical one is, and shows no more patterns or instances."""
    atlas = project_atlas()
    for name, pe in atlas.by_pattern.items():
        rid = name.split("/")[0]
        lo, hi = atlas.example(pe.minimal).results[rid], atlas.example(pe.typical).results[rid]
        if hi.legal:
            assert lo.legal, name
        if lo.legal == hi.legal:
            assert (len(lo.patterns), instances(lo)) <= (len(hi.patterns), instances(hi)), name


def test_examples_are_deduplicated_and_merged() -> None:
    atlas = project_atlas()
    keys = [e.key for e in atlas.examples]
    assert len(keys) == len(set(keys))
    for e in atlas.examples:
        assert set(e.for_) == set(e.roles), e.hand
        assert sorted(e.results) == sorted(RULESETS), e.hand
        for name in e.for_:
            pe = atlas.by_pattern[name]
            bases = [m.derived_from for m in pe.near_misses]
            assert e.key in [pe.minimal, pe.typical, *pe.near_miss, *pe.curated, *bases], (e.hand, name)
    roles = Counter(r for e in atlas.examples for r in e.roles.values())
    assert roles["minimal"] and roles["typical"] and roles["near-miss"] and roles["curated"]
