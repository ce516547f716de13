"""A one-value edit changes no page's indexed text: every number the engine or the build computes (values, totals,
shares of the limit, statistics and their staleness, the changes since the snapshot, the content version) is left
out of the search by the `unindexed` filter, so the search shard keys (`search.indexed_part`) do not move and the
edit re-indexes nothing.

Pages are rendered in memory from two copies of the content, before and after the edit (no example search, no site
written), with a few hands scored by the engine under both as examples, the after-edit scores compared with a
snapshot of the before-edit ones, and the stored statistics, which the edit makes stale."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from site_files import edit_value

from generator.examples.atlas import Atlas, PatternExamples
from generator.examples.concepts import load_concepts
from generator.examples.diffs import edition_diffs
from generator.examples.model import Example
from generator.examples.snapshot import compare, snapshot_json
from generator.notation import parse_hand
from generator.rules import CONTENT_DIR
from generator.rulesets import load_rulesets
from generator.scoring.engine import score
from generator.site.build import render_site
from generator.site.gather import SiteData, content_version
from generator.site.search import indexed_part

# MCR's Full Flush (清一色) counts in the first hand; the second is a flush where it is excluded (Seven Shifted Pairs)
HANDS = ("1112345677899m+9m", "1122334455667m+7m")
EDIT = ("mcr", "full-flush", 24, 25)


def _data(content: Path, snapshot: dict | None = None) -> SiteData:
    """The site's input for `content`: HANDS scored under every rule set, shown on the edited pattern's page and
    as the concepts' example; changes against `snapshot` (the before-edit scores)."""
    rulesets = load_rulesets(content)
    examples = [Example(h, "curated", for_=[f"{EDIT[0]}/{EDIT[1]}"], title=f"hand {i}",
                        results={rid: score(parse_hand(h), rs) for rid, rs in rulesets.items()})
                for i, h in enumerate(HANDS)]
    keys = [e.key for e in examples]
    concepts = load_concepts(content / "concepts.toml", rulesets)
    for c in concepts:
        counting = [f"{r}/{p}" for r, p in c.members if r in examples[0].results
                    and p in {x.id for x in examples[0].results[r].patterns}]
        c.example, c.counts_in = (keys[0], counting) if counting else (None, [])
    by_pattern = {f"{EDIT[0]}/{EDIT[1]}": PatternExamples(minimal=keys[0], typical=keys[1], near_miss=[])}
    changes, info = compare(snapshot or snapshot_json(examples), content / "snapshot.json", examples,
                            sorted(rulesets), lambda hand, rid: score(hand, rulesets[rid]))
    atlas = Atlas(examples, by_pattern, concepts, {}, edition_diffs(rulesets, examples), changes, info)
    return SiteData(rulesets, atlas, {}, content_version(content), content=content)


def _searchable(files: dict[str, bytes]) -> dict[str, bytes]:
    return {path: body for path, body in files.items() if path.endswith(".html") and b"data-pagefind-body" in body}


@pytest.fixture(scope="module")
def before_after(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, bytes], dict[str, bytes]]:
    root = tmp_path_factory.mktemp("unindexed")
    before, after = root / "before", root / "after"
    shutil.copytree(CONTENT_DIR, before)
    shutil.copytree(CONTENT_DIR, after)
    edit_value(after / "rulesets" / f"{EDIT[0]}.toml", *EDIT[1:])
    old = _data(before)
    new = _data(after, snapshot_json(old.examples))
    return _searchable(render_site(old)[0]), _searchable(render_site(new)[0])


def test_a_value_edit_moves_numbers_on_many_pages(before_after: tuple[dict[str, bytes], dict[str, bytes]]) -> None:
    """The comparison below is not vacuous: the edit shows on the pages whose numbers it moves."""
    old, new = before_after
    moved = {p for p in old if old[p] != new[p]}
    assert {"rulesets/mcr/full-flush/index.html", "rulesets/mcr/index.html", "rulesets/mcr-2006/full-flush/index.html",
            "rulesets/mcr/seven-pairs/index.html",  # its statistics are now stale
            "rulesets/zj-2.4/pure-one-suit/index.html",  # its peer's value
            "concepts/index.html", "concepts/full-flush/index.html", "index.html",
            f"hands/{Example(HANDS[0], 'curated').key}/index.html"} <= moved


def test_a_value_edit_changes_no_page_s_indexed_text(before_after: tuple[dict[str, bytes], dict[str, bytes]]) -> None:
    old, new = before_after
    assert sorted(old) == sorted(new)
    assert [p for p in old if indexed_part(old[p]) != indexed_part(new[p])] == []
