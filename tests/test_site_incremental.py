"""The incremental build: after a one-value edit it reuses what did not change and still writes exactly what a cold
build writes; with nothing changed it stops early and leaves the site alone."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from site_files import tree

from generator.cache import BuildCache, Remembered
from generator.digest import Digester
from generator.rules import CONTENT_DIR
from generator.site import links
from generator.site.build import _check_links, build, open_cache
from generator.site.links import BrokenLink


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


def test_link_verdicts_are_reused_only_for_unchanged_pages_among_unchanged_targets(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page found sound is not checked again while its bytes and every link target (paths, ids) stay the same;
    a changed page, a removed page or a removed anchor is checked again, and a broken link still fails."""
    checked: list[str] = []
    page_problems = links._page_problems

    def counting(path: str, *args: Any) -> list[BrokenLink]:
        checked.append(path)
        return page_problems(path, *args)

    monkeypatch.setattr(links, "_page_problems", counting)
    site = {"index.html": b'<a href="/a/#here">a</a>', "a/index.html": b'<h1 id="here">A</h1><a href="/b/">b</a>',
            "b/index.html": b"<p>b</p>", "c/index.html": b'<a href="/b/">b</a>'}

    def check(files: dict[str, bytes]) -> list[str]:
        checked.clear()
        return [str(b) for b in _check_links(files, BuildCache(tmp_path))]

    assert check(site) == [] and sorted(checked) == sorted(site)
    assert check(site) == [] and checked == []  # nothing changed: every verdict is reused
    gains = {**site, "index.html": b'<a href="/a/#here">a</a><a href="/d/">d</a>'}
    assert check(gains) == ["index.html: no such page: /d/"] and checked == ["index.html"]
    assert check(gains) == ["index.html: no such page: /d/"]  # a broken page is never remembered as sound
    assert check(site) == [] and checked == ["index.html"]
    no_b = {p: html for p, html in site.items() if p != "b/index.html"}  # unchanged pages link to it
    assert check(no_b) == ["a/index.html: no such page: /b/", "c/index.html: no such page: /b/"]
    no_anchor = {**site, "a/index.html": b'<h1>A</h1><a href="/b/">b</a>'}  # unchanged index.html links to #here
    assert check(no_anchor) == ["index.html: no anchor #here in a/index.html: /a/#here"]
    assert check(site) == [] and len(checked) == len(site)  # other targets than last time: every page again


def test_remembered_results_come_back_only_under_the_same_key(tmp_path: Path) -> None:
    """Markdown conversions kept by the build cache are reused under the key they were stored with (the code and
    Markdown's version) and computed again under any other."""
    calls: list[str] = []

    def shout(text: str) -> str:
        calls.append(text)
        return text.upper()

    cache = BuildCache(tmp_path)
    first = Remembered("shouts", shout)
    first.load(cache, "code-1")
    assert first("a") == first("a") == "A" and calls == ["a"]
    first.save(cache, "code-1")
    again = Remembered("shouts", shout)
    again.load(cache, "code-1")
    assert again("a") == "A" and calls == ["a"]  # from the cache, not computed
    other = Remembered("shouts", shout)
    other.load(cache, "code-2")
    assert other("a") == "A" and calls == ["a", "a"]
