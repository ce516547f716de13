"""The incremental build: after a one-value edit it reuses what did not change and still writes exactly what a cold
build writes; with nothing changed it stops early and leaves the site alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from site_files import tree

from generator.cache import BuildCache
from generator.digest import Digester
from generator.rules import CONTENT_DIR
from generator.site.build import build, open_cache


def _edit_value(rules: Path, pattern_id: str, old: int, new: int) -> None:
    text = rules.read_text(encoding="utf-8")
    at = text.index(f"value = {old}", text.index(f'\nid = "{pattern_id}"\n'))  # its own table, not an exclusion
    rules.write_text(text[:at] + f"value = {new}" + text[at + len(f"value = {old}"):], encoding="utf-8")


def test_an_incremental_build_after_a_one_value_edit_equals_a_cold_build(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    out = tmp_path / "incremental" / "site"
    cache = tmp_path / "cache"
    assert build(str(out), content=content, cache=open_cache(out, cache)) == 0
    first = tree(out)

    # MCR's Full Flush (清一色) counts in dozens of example hands, under mcr and its edition mcr-2006 (no curated
    # hand expects an MCR total, so the edit is not refused by a curated expectation)
    _edit_value(content / "rulesets" / "mcr.toml", "full-flush", 24, 25)
    warm = open_cache(out, cache)
    assert build(str(out), content=content, cache=warm) == 0
    incremental = tree(out)

    cold_out = tmp_path / "cold" / "site"
    assert build(str(cold_out), content=content, cache=open_cache(cold_out, use_cache=False)) == 0
    cold = tree(cold_out)

    assert sorted(incremental) == sorted(cold)
    assert [p for p in cold if incremental[p] != cold[p]] == []
    changed = [p for p in cold if first.get(p) != cold[p]]
    assert "rulesets/mcr/full-flush/index.html" in changed and any(p.startswith("hands/") for p in changed)
    # ... and the build reused what the edit did not touch: the other rule sets' searches, some search shards
    assert {"search-sihai-3.1", "search-tuanyuan", "search-zj-2.4", "search-zj-3.3"} <= set(warm.hits)
    # the edited rule set's search and its edition's are checked hand by hand under the new values, not run again
    assert {"search-mcr", "search-mcr-2006"} <= set(warm.checked)
    # a value edit moves only numbers, which the search does not index: every search shard is reused
    assert [name for name in warm.misses if name.startswith("pagefind-")] == []
    assert "pagefind-rulesets-mcr" in warm.hits

    capsys.readouterr()
    again = open_cache(out, cache)
    assert build(str(out), content=content, cache=again) == 0
    assert "is up to date" in capsys.readouterr().out and again.misses == []
    assert tree(out) == incremental

    (out / "index.html").write_text("tampered")  # the output no longer holds what the cache says: rebuild it
    assert build(str(out), content=content, cache=open_cache(out, cache)) == 0
    assert tree(out) == incremental


def test_a_broken_cache_entry_is_a_miss_not_an_error(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)
    cache.store("entry", "k1", {"a": 1})
    assert cache.load("entry", "k1") == {"a": 1}
    assert cache.load("entry", "k2") is None  # another key: the inputs changed
    (tmp_path / "entry.pickle").write_bytes(b"not a pickle")
    assert cache.load("entry", "k1") is None
    assert cache.memo("entry", "k1", lambda: 7) == 7 and cache.misses == ["entry"]
    assert cache.memo("entry", "k1", lambda: 8) == 7 and cache.hits == ["entry"]
    with pytest.raises(ValueError, match="bad cache entry name"):
        cache.store("../escape", "k", 1)


def test_digests_see_values_order_and_kind() -> None:
    d = Digester()
    assert d({"a": [1, 2]}) == Digester()({"a": [1, 2]})
    assert d([1, 2]) != d([2, 1])  # order shows on a page
    assert d({"a": 1, "b": 2}) != d({"b": 2, "a": 1})  # templates iterate mappings in insertion order
    assert d(frozenset({"x", "y"})) == d(frozenset({"y", "x"}))
    assert d((1,)) != d(("1",)) and d([1]) != d((1,)) and d(["ab", "c"]) != d(["a", "bc"])
    with pytest.raises(TypeError, match="cannot digest"):
        d(object())


def test_a_cache_that_cannot_be_written_warns_once_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    cache = BuildCache(blocker / "cache")
    cache.store("a", "k", 1)
    cache.store("b", "k", 2)
    assert cache.load("a", "k") is None and cache.memo("c", "k", lambda: 3) == 3
    err = capsys.readouterr().err
    assert err.count("warning: the build cache") == 1 and "cannot be written" in err
