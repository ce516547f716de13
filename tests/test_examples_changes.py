"""Edition diffs and changes since the snapshot: a value edited in a copy of the content lists exactly the
hands whose results it moves."""

from __future__ import annotations

import shutil
from pathlib import Path

from examples_atlas import project_atlas

from generator.examples.diffs import digest
from generator.examples.scorer import Scorer
from generator.examples.snapshot import SNAPSHOT, ResultDigest, compare, read_snapshot, write_snapshot
from generator.rules import CONTENT_DIR
from generator.rulesets import all_rulesets, load_rulesets

RULESETS = all_rulesets()


def test_edition_diffs_list_changed_values_and_moved_hands() -> None:
    atlas = project_atlas()
    views = {v.edition: v for v in atlas.edition_diffs}
    assert views.keys() == {rid for rid, rs in RULESETS.items() if rs.diff}
    zj = views["zj-3.3"]
    assert zj.base == "zj-2.4"
    assert ("pure-one-suit", "value", 100, 80) in [(c.pattern, c.field, c.old, c.new) for c in zj.changed]
    assert zj.added == ["two-concealed-triplets"] and zj.removed == ["blessing-of-man"]
    for view in atlas.edition_diffs:
        moved = {h.key for h in view.hands}
        expect = {e.key for e in atlas.examples if digest(e.results[view.base]) != digest(e.results[view.edition])}
        assert moved == expect
        for h in view.hands:
            ex = atlas.example(h.key)
            assert (h.old_total, h.new_total) == (ex.results[view.base].total, ex.results[view.edition].total)
    assert views["zj-3.3"].hands, "no example moves between Zung Jung editions"


def test_snapshot_round_trip_has_no_changes(tmp_path: Path) -> None:
    atlas = project_atlas()
    path = tmp_path / "results.json"
    write_snapshot(path, atlas.examples)
    changes, info = compare(read_snapshot(path), path, atlas.examples, sorted(RULESETS), Scorer(RULESETS))
    assert changes == [] and info.exists and info.hands == len(atlas.examples)
    assert not info.new_hands and not info.dropped_hands


def test_editing_one_value_lists_exactly_the_affected_hands(tmp_path: Path) -> None:
    atlas = project_atlas()
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    write_snapshot(content / SNAPSHOT, atlas.examples)
    rules = content / "rulesets" / "zj-2.4.toml"
    text = rules.read_text(encoding="utf-8")
    block = text.index('id = "no-terminals"')
    at = text.index("value = 5", block)
    rules.write_text(text[:at] + "value = 6" + text[at + len("value = 5"):], encoding="utf-8")

    edited = load_rulesets(content)
    moved = [rid for rid in edited if rid in RULESETS and "no-terminals" in {p.id for p in edited[rid].patterns}
             and edited[rid].pattern("no-terminals").value != RULESETS[rid].pattern("no-terminals").value]
    assert "zj-2.4" in moved  # and every edition that inherits the value (zj-3.3)
    snapshot = read_snapshot(content / SNAPSHOT)
    changes, _ = compare(snapshot, content / SNAPSHOT, atlas.examples, sorted(edited), Scorer(edited))

    expected = set()
    for key, entry in snapshot["hands"].items():
        for rid in moved:
            old = ResultDigest.from_json(entry["results"][rid])
            limit = edited[rid].option("limit")
            if "no-terminals" in dict(old.patterns) and old.total < limit:
                expected.add((key, rid))
    assert expected, "no example shows No Terminals"
    assert {(c.key, c.ruleset) for c in changes} == expected
    for c in changes:
        assert c.new.total == c.old.total + 1 and c.new.patterns == c.old.patterns
