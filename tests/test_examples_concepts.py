"""Concepts: every obvious counterpart (same detector, same parameters, another rule set) shares one; members
are checked against the loaded rule sets; each concept has a hand scored by all."""

from __future__ import annotations

from pathlib import Path

import pytest
from examples_atlas import project_atlas

from generator.examples.concepts import load_concepts, missing_concepts, obvious_counterparts
from generator.rules import CONTENT_DIR, ContentError
from generator.rulesets import all_rulesets

RULESETS = all_rulesets()


def test_every_obvious_counterpart_has_a_concept() -> None:
    concepts = load_concepts(CONTENT_DIR / "concepts.toml", RULESETS)
    missing = missing_concepts(concepts, RULESETS)
    assert not missing, "add these to content/concepts.toml:\n" + "\n".join(missing)


def test_obvious_counterparts_are_found() -> None:
    pairs = {frozenset(pair) for pair in obvious_counterparts(RULESETS)}
    assert frozenset({("zj-2.4", "nine-tile-straight"), ("mcr", "pure-straight")}) in pairs
    assert frozenset({("zj-2.4", "blessing-of-man"), ("zj-3.3", "blessing-of-earth")}) in pairs  # v3.3 renamed it
    assert frozenset({("zj-2.4", "blessing-of-earth"), ("zj-3.3", "blessing-of-earth")}) not in pairs
    assert all(a[0] != b[0] for a, b in map(tuple, pairs))


def test_each_concept_has_a_hand_in_which_members_count() -> None:
    atlas = project_atlas()
    assert atlas.concepts
    for c in atlas.concepts:
        assert c.example, f"concept {c.id} has no example hand"
        ex = atlas.example(c.example)
        assert c.counts_in
        for name in c.counts_in:
            rid, pid = name.split("/")
            assert pid in {p.id for p in ex.results[rid].patterns}, (c.id, name)
        rows = c.rows(RULESETS)
        assert [(r.ruleset, r.pattern.id) for r in rows] == c.members
        for r in rows:
            assert r.relative is None or 0 < r.relative


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "content").mkdir()
    path = tmp_path / "content" / "concepts.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = '''[[concept]]
id = "pure-straight"
zh = "清龙"
en = "Pure straight"
description = "123 456 789"
members = ["zj-2.4/nine-tile-straight", "mcr/pure-straight"]
'''


@pytest.mark.parametrize(("old", "new", "where"), [
    ('"mcr/pure-straight"', '"mcr/pure-straigth"',
     ":6: concept 'pure-straight' members: 'mcr/pure-straigth': mcr has no"),
    ('"mcr/pure-straight"', '"mrc/pure-straight"', ":6: concept 'pure-straight' members: 'mrc/pure-straight': unknown"),
    ('"mcr/pure-straight"', '"pure-straight"', ":6: concept 'pure-straight' members: expected"),
    ('en = "Pure straight"\n', "", ":1: concept 'pure-straight' en: missing"),
    ('id = "pure-straight"', 'id = "Pure Straight"', ":2: concept 'Pure Straight' id: expected a lowercase slug"),
])
def test_a_broken_concept_names_file_line_and_field(tmp_path: Path, old: str, new: str, where: str) -> None:
    load_concepts(_write(tmp_path, GOOD), RULESETS)  # the good file loads
    (tmp_path / "content" / "concepts.toml").write_text(GOOD.replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_concepts(tmp_path / "content" / "concepts.toml", RULESETS)
    assert f"concepts.toml{where}" in str(err.value)
