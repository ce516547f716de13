"""The site build: contract URLs, whole links, byte-identical rebuilds, examples.json matching the engine, and a
failed build leaving the previous site untouched."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from site_files import tree

from generator.notation import parse_hand
from generator.rules import CONTENT_DIR
from generator.rulesets import load_rulesets
from generator.scoring import score
from generator.site import build as build_module
from generator.site.build import CACHE_DIR, MARKER, BuildError, build, write_site
from generator.site.links import _ids, check_links
from generator.site.search import SearchIndexError, indexed_part
from generator.site.urls import output_path, pattern_url


@pytest.fixture(scope="module")
def rulesets():  # type: ignore[no-untyped-def]
    return load_rulesets(CONTENT_DIR)


@pytest.fixture(scope="module")
def examples(built_site: Path) -> list[dict]:
    return json.loads((built_site / "data" / "examples.json").read_text(encoding="utf-8"))


def test_every_pattern_of_every_ruleset_has_its_contract_page(built_site: Path, rulesets) -> None:  # type: ignore[no-untyped-def]
    assert rulesets, "no rule sets were loaded"
    for rs in rulesets.values():
        index = built_site / "rulesets" / rs.id / "index.html"
        assert index.is_file(), f"no rule-set page for {rs.id}"
        for p in rs.patterns:
            page = built_site / output_path(pattern_url(rs.id, p.id))
            assert page == built_site / "rulesets" / rs.id / p.id / "index.html"
            assert page.is_file(), f"no page for {rs.id}/{p.id}"
            html = page.read_text(encoding="utf-8")
            # the page names its pattern, its rule set and the rule set's edition
            assert p.zh in html and p.en in html
            assert rs.edition in html and f'data-pagefind-meta="ruleset:{rs.id}"' in html


def test_every_example_has_a_hand_page_with_a_citation(built_site: Path, examples: list[dict]) -> None:
    assert examples, "the site has no example hands"
    from generator.digest import result_stamp

    for e in examples:
        html = (built_site / "hands" / e["key"] / "index.html").read_text(encoding="utf-8")
        assert f"<code>{e['hand']}</code>" in html
        assert f"/hands/{e['key']}/" in html  # the permalink
        for result in e["results"]:
            assert f'id="score-{result["ruleset"]}"' in html
            # each citation names the exact result it cites: the stamp of that result's contract JSON
            stamp = result_stamp(result)
            assert f"[{result['ruleset']}], result <code>{stamp}</code>" in html


def test_hand_pages_give_guangdongs_basic_points_from_the_score(built_site: Path, examples: list[dict]) -> None:
    """A rule set that pays in multiples of basic points (基本分) shows them under the total, as the score has them."""
    seen = 0
    for e in examples:
        html = (built_site / "hands" / e["key"] / "index.html").read_text(encoding="utf-8")
        for result in e["results"]:
            section = html[html.index(f'id="score-{result["ruleset"]}"'):]
            section = section[:section.index("</section>")]
            shown = re.findall(r'<tr class="base"><th scope="row">Basic points <span lang="zh">基本分</span></th>'
                               r'<td colspan="2" class="num">([^<]+)</td>', section)
            if result.get("base") is None:
                assert shown == [], (e["key"], result["ruleset"])
            else:
                assert [s.replace("\u202f", "") for s in shown] == [str(result["base"])], (e["key"], result["ruleset"])
                seen += 1
    assert seen >= 20, seen


def test_concept_pages_exist_at_contract_urls(built_site: Path) -> None:
    from generator.examples.concepts import load_concepts

    for c in load_concepts(CONTENT_DIR / "concepts.toml", load_rulesets(CONTENT_DIR)):
        assert (built_site / "concepts" / c.id / "index.html").is_file(), c.id


def test_written_site_has_no_broken_link_or_anchor(built_site: Path) -> None:
    files = tree(built_site)
    pages = [p for p in files if p.endswith(".html")]
    assert len(pages) > 20
    assert check_links(files) == []


def test_link_checker_reports_the_page_and_the_target() -> None:
    files = {
        "index.html": b'<a href="/a/">a</a><a href="/a/#here">h</a><a href="/a/#gone">x</a><a href="/b/">b</a>',
        "a/index.html": b'<h1 id="here">A</h1><a href="../index.html">up</a><a href="https://example.org/">e</a>',
    }
    broken = [str(b) for b in check_links(files)]
    assert broken == ["index.html: no anchor #gone in a/index.html: /a/#gone", "index.html: no such page: /b/"]
    # the same relative link means another page on another page (resolutions are shared between pages)
    files = {"b/index.html": b'<a href="x/">x</a>', "c/index.html": b'<a href="x/">x</a>', "c/x/index.html": b""}
    assert [str(b) for b in check_links(files)] == ["b/index.html: no such page: x/"]
    assert [str(b) for b in check_links(files, external_ok=False)] == ["b/index.html: no such page: x/"]
    assert [str(b) for b in check_links({"i.html": b'<a href="http://e.org/">e</a><a href="mailto:a@b">m</a>'},
                                        external_ok=False)] == ["i.html: external link: http://e.org/"]


_ONE_REGEX_IDS = re.compile(r"""<[^>]*?\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")
"""The id scan as one regex from each '<' (the first id= of a tag): what `links._ids` must find, faster."""


def _one_regex_ids(html: str) -> set[str]:
    return {unescape(next(g for g in m.groups() if g is not None)) for m in _ONE_REGEX_IDS.finditer(html)}


@given(st.lists(st.sampled_from(['<p', '<svg ', '>', ' id="a"', " id='b&amp;c'", " ID=d", ' id = "e"', ' data-id="f"',
                                 ' title="x id=g"', 'text id="h" ', '<', '\n', ' id="i"><b id="j"',
                                 'xid="', 'id=', '\u3000id=k', 'iid=l']), max_size=14))
def test_the_id_scan_finds_what_the_one_regex_scan_finds(parts: list[str]) -> None:
    html = "".join(parts)
    assert _ids(html) == _one_regex_ids(html)


_SKIPPED = re.compile(rb"<!--search:skip-->.*?<!--/search:skip-->", re.DOTALL)
"""What a search shard's key leaves out of a page, as one regex: what `search.indexed_part` must cut, faster."""


@given(st.lists(st.sampled_from([b"<!--search:skip-->", b"<!--/search:skip-->", b"a", b"<!--", b"-->", b"\n",
                                 b"<!--search:skip", b"/search:skip-->"]), max_size=12))
def test_the_indexed_part_cuts_what_the_one_regex_cuts(parts: list[bytes]) -> None:
    html = b"".join(parts)
    assert indexed_part(html) == _SKIPPED.sub(b"", html)


def test_the_id_scan_agrees_with_the_one_regex_scan_on_the_built_site(built_site: Path) -> None:
    pages = [p.read_text(encoding="utf-8") for p in sorted(built_site.rglob("*.html"))]
    found = [_ids(html) for html in pages]
    assert sum(map(len, found)) > 1000
    assert found == [_one_regex_ids(html) for html in pages]


def test_examples_json_matches_a_fresh_engine_run(examples: list[dict], rulesets) -> None:  # type: ignore[no-untyped-def]
    for e in examples:
        hand = parse_hand(e["hand"])
        assert e["kind"] in ("curated", "generated", "near-miss")
        assert [r["ruleset"] for r in e["results"]] == sorted(r["ruleset"] for r in e["results"])
        for stored in e["results"]:
            fresh = score(hand, rulesets[stored["ruleset"]]).to_json()
            assert fresh == stored, f"{e['hand']} under {stored['ruleset']}"


def test_two_builds_are_byte_identical(built_site: Path, tmp_path: Path) -> None:
    again = tmp_path / "site"
    assert build(str(again)) == 0
    first, second = tree(built_site), tree(again)
    assert sorted(first) == sorted(second)
    # The Pagefind bundle is compared too: it is written by a command that has exited (see site/search.py).
    assert [p for p in first if first[p] != second[p]] == []


def test_a_failed_build_leaves_the_previous_site_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "site"
    files = {"index.html": b"<!DOCTYPE html><title>old</title>", MARKER: b"x"}
    write_site(out, files, index=False)
    before = tree(out)

    real_render = build_module.render_site

    def render_with_a_dead_link(data, cache):  # type: ignore[no-untyped-def]
        rendered, pages = real_render(data, cache)
        rendered["index.html"] += b'<a href="/no/such/page/">dead</a>'
        return rendered, pages

    monkeypatch.setattr(build_module, "render_site", render_with_a_dead_link)
    assert build(str(out), index=False) == 1
    assert tree(out) == before
    monkeypatch.setattr(build_module, "render_site", real_render)

    def failing_index(path: Path, cache: object, pages: object = None) -> tuple[int, dict[str, bytes]]:
        raise SearchIndexError("simulated")

    monkeypatch.setattr(build_module, "index_files", failing_index)
    assert build(str(out)) == 1
    assert tree(out) == before
    left = sorted(p.name for p in tmp_path.iterdir() if p.name != CACHE_DIR)
    assert left in (["site"], [".site.next", "site"]), "temporary folders were left behind"  # staging: swap.py


def test_refuses_to_replace_a_folder_it_did_not_build(tmp_path: Path) -> None:
    precious = tmp_path / "notes"
    precious.mkdir()
    (precious / "thesis.txt").write_text("do not delete")
    with pytest.raises(BuildError, match="refusing"):
        write_site(precious, {"index.html": b"x"}, index=False)
    assert (precious / "thesis.txt").read_text() == "do not delete"


def test_search_index_is_written_in_chinese_shards_that_cover_every_searchable_page(built_site: Path) -> None:
    listing = json.loads((built_site / "pagefind" / "shards.json").read_text(encoding="utf-8"))
    total = 0
    assert sorted(listing["bundles"]) == ["en", "zh-Hans"]
    for bundle in [b for bundles in listing["bundles"].values() for b in bundles]:
        entry = json.loads((built_site / bundle.strip("/") / "pagefind-entry.json").read_text(encoding="utf-8"))
        assert list(entry["languages"]) == ["zh"]
        total += entry["languages"]["zh"]["page_count"]
        assert (built_site / bundle.strip("/") / "pagefind.js").is_file()
    searchable = [p for p in built_site.rglob("*.html") if b"data-pagefind-body" in p.read_bytes()]
    assert total == len(searchable) > 1000


VOID_ELEMENTS = {"meta", "link", "img", "br", "hr", "input"}


def test_what_search_skips_is_marked_for_the_shard_keys(built_site: Path) -> None:
    """Every element Pagefind ignores sits between the skip markers the shard keys cut out, and nothing else does:
    otherwise a score change would re-index a shard (too wide) or a text change would not (stale search)."""
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        regions = re.findall(r"<!--search:skip-->(.*?)<!--/search:skip-->", html, re.DOTALL)
        assert html.count("data-pagefind-ignore") == len(regions) == html.count("<!--search:skip-->")
        for region in regions:
            tag = re.match(r"<([a-z][a-z0-9]*)\b[^>]*data-pagefind-ignore=\"all\">", region)
            assert tag, page  # one element, ignored whole
            name = tag.group(1)
            if name in VOID_ELEMENTS:
                assert region == tag.group(0), page
            else:
                assert region.endswith(f"</{name}>"), page
                assert len(re.findall(f"<{name}[ >]", region)) == region.count(f"</{name}>"), page


def test_receipt_adds_up_like_the_engine_and_shows_the_limit(rulesets) -> None:  # type: ignore[no-untyped-def]
    from generator.site.views import receipt

    rs = rulesets["zj-2.4"]
    s = score(parse_hand("1112223334445p+5p"), rs)  # four concealed consecutive triplets of one suit: over the limit
    r = receipt(s, rs)
    running = 0
    for line, counted in zip(r.printed.lines, s.patterns, strict=True):
        running += counted.value * counted.count
        assert (line.value, line.count, line.running) == (counted.value, counted.count, running)
    assert r.printed.subtotal == running > s.total == rs.option("limit")
    assert r.adjusted
    assert [(x.en, x.rule) for x in r.printed.struck] == [(rs.pattern(e.id).en, e.rule) for e in s.excluded]
    assert all(x.by_url for x in r.printed.struck if x.by in {f"{p.zh} {p.en}" for p in rs.patterns})


def test_a_failing_pagefind_binary_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.site.search import index_site

    (tmp_path / "index.html").write_text("<!DOCTYPE html><title>t</title><main data-pagefind-body>x</main>")
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", "/bin/false")
    with pytest.raises(SearchIndexError, match=r"Pagefind failed \(exit 1\)"):
        index_site(tmp_path)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(tmp_path / "no-such-binary"))
    with pytest.raises(SearchIndexError, match="Pagefind failed"):
        index_site(tmp_path)


def test_the_search_index_counts_the_pages_it_indexed(tmp_path: Path) -> None:
    from generator.site.search import index_site

    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.html").write_text(
            f"<!DOCTYPE html><html lang=zh><title>{name}</title><main data-pagefind-body>清一色 {name}</main></html>"
        )
    (tmp_path / "skipped.html").write_text("<!DOCTYPE html><title>s</title><p>no body marker</p>")
    assert index_site(tmp_path) == 3
    assert json.loads((tmp_path / "pagefind" / "shards.json").read_text()) == {"bundles": {"en": ["/pagefind/shards/site/"]}}
    assert (tmp_path / "pagefind" / "shards" / "site" / "pagefind-entry.json").is_file()
    assert not (tmp_path / ".pagefind-work").exists()


def test_every_notation_flag_is_spelled_out_on_hand_pages() -> None:
    from generator.notation import BOOL_FLAGS
    from generator.site.views import FLAG_WORDS, describe_context

    assert set(FLAG_WORDS) == set(BOOL_FLAGS) - {"tsumo"}  # a new flag cannot be left unexplained
    for flag in BOOL_FLAGS[1:]:
        drawn = "tsumo " if flag == "after-kong" else ""  # a replacement tile is drawn by the winner
        words = describe_context(parse_hand(f"123m456p789s1133z+2z {drawn}{flag} seat=S round=W flowers=2").context)
        assert words == ["self-drawn (自摸)" if drawn else "won on a discard", FLAG_WORDS[flag],
                         "seat wind South (南)", "prevalent wind West (西)", "2 flowers"]
