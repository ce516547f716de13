"""The bibliography: every citation of the rule data names an entry of content/sources.toml and says where in it;
an unknown key stops the load with file, line and field; the site lists every entry on /sources/ under its own
anchor, links each pattern's Source line to its entries, and no page names a working file."""

from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from generator.rules import CONTENT_DIR, ContentError
from generator.rules.sources import load_sources, parse_citations
from generator.rulesets import load_rulesets
from generator.site.urls import output_path, pattern_url, ruleset_url

TOY = '''[ruleset]
id = "toy"
name = "Toy"
zh = "玩具"
edition = "1"
policy = "series"
unit = "points"
source = "zj-2.4: the whole text"
forms = ["regular"]

[[pattern]]
id = "plain"
zh = "平"
en = "Plain"
value = 1
group = "a"
detect = { name = "all_chows" }
source = "zj-2.4: §1.1; zj-2.5: §1.1"
provenance = "source"
definition = "Four chows."
'''


@pytest.fixture(scope="module")
def rulesets():  # type: ignore[no-untyped-def]
    return load_rulesets(CONTENT_DIR)


def toy_content(tmp_path: Path, text: str) -> Path:
    content = tmp_path / "content"
    (content / "rulesets").mkdir(parents=True)
    shutil.copy(CONTENT_DIR / "sources.toml", content / "sources.toml")
    (content / "rulesets" / "toy.toml").write_text(text, encoding="utf-8")
    return content


def test_an_unknown_source_key_is_refused_with_file_line_and_field(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as info:
        load_rulesets(toy_content(tmp_path, TOY))
    line = TOY.splitlines().index('source = "zj-2.4: §1.1; zj-2.5: §1.1"') + 1
    assert str(info.value).startswith(f"content/rulesets/toy.toml:{line}: pattern 'plain' source: "
                                      "unknown source key 'zj-2.5'")


def test_a_citation_without_a_locator_or_a_key_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"toy.toml:\d+: pattern 'plain' source: citation of 'zj-2.4' says not"):
        load_rulesets(toy_content(tmp_path, TOY.replace("zj-2.4: §1.1; zj-2.5: §1.1", "zj-2.4")))
    (tmp_path / "content").rename(tmp_path / "first")
    with pytest.raises(ContentError, match=r"toy.toml:\d+: pattern 'plain' source: expected 'key: where'"):
        load_rulesets(toy_content(tmp_path, TOY.replace("zj-2.4: §1.1; zj-2.5: §1.1", "§1.1")))
    (tmp_path / "content").rename(tmp_path / "second")
    with pytest.raises(ContentError, match=r"toy.toml:8: ruleset.source: unknown source key 'zj'"):
        load_rulesets(toy_content(tmp_path, TOY.replace('"zj-2.4: the whole text"', '"zj: the whole text"')))


def test_every_citation_of_the_rule_data_resolves(rulesets) -> None:  # type: ignore[no-untyped-def]
    bibliography = load_sources(CONTENT_DIR)
    assert bibliography and len(bibliography) >= 15
    shown = 0
    for rs in rulesets.values():
        assert rs.cites and all(c.key in bibliography for c in rs.cites), rs.id
        for p in rs.patterns:
            shown += 1
            assert p.citations, f"{rs.id}/{p.id}: {p.source!r} names no entry"
            for c in p.citations:
                assert c.key in bibliography and c.at and c.title == bibliography[c.key].title, (rs.id, p.id, c)
            assert not re.search(r"reference/|\.md\b|src\d{3}|\.\./", p.source), (rs.id, p.id, p.source)
    assert shown == sum(len(rs.patterns) for rs in rulesets.values()) > 400  # every pattern page of eight rule sets


def test_each_entry_says_where_to_find_it() -> None:
    for s in (load_sources(CONTENT_DIR) or {}).values():
        assert s.url or s.obtain, s.key
        assert s.author and s.year and s.edition and s.language and s.used_for, s.key
    gb = (load_sources(CONTENT_DIR) or {})["gb-1998"]
    assert gb.title == "中国麻将竞赛规则（试行）" and "7-5009-1630-2" in gb.obtain and "人民体育出版社" in gb.publisher


def test_editions_cite_their_own_text(rulesets) -> None:  # type: ignore[no-untyped-def]
    """V1-V5, M12: an edition's renumbered patterns cite the edition's numbers, not the base's."""
    zj = rulesets["zj-3.3"]
    for p in zj.patterns:
        first = p.citations[0]
        assert first.key in ("zj-3.3", "zj-3.3-rules"), (p.id, p.source)
        if first.key == "zj-3.3":
            assert first.at.startswith(f"§{p.number}"), (p.id, p.number, first.at)
    assert zj.pattern("final-discard").citations[0].at == "§9.1.2"
    mcr06 = rulesets["mcr-2006"]
    for pid in ("all-pungs", "half-flush", "mixed-shifted-chows", "all-types", "melded-hand"):
        p = mcr06.pattern(pid)
        assert p.citations[0].key == "wmo-2006" and p.citations[0].at == f"fan {p.number}", (pid, p.source)


def test_parse_citations_keeps_semicolons_inside_a_locator() -> None:
    assert parse_citations("sihai-3.1: fan table, row 花色; §3 (combination table)")[0].at == \
        "fan table, row 花色; §3 (combination table)"


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_the_sources_page_lists_every_entry_under_its_anchor(built_site: Path) -> None:
    html = (built_site / "sources" / "index.html").read_text(encoding="utf-8")
    for key, s in (load_sources(CONTENT_DIR) or {}).items():
        assert f'id="{key}"' in html, key
        assert s.title in unescape(html) and s.author in unescape(html), key
    assert "ISBN 7-5009-1630-2" in html


def test_every_pattern_page_links_its_source_to_an_entry(built_site: Path, rulesets) -> None:  # type: ignore[no-untyped-def]
    anchors = set(re.findall(r'id="([^"]+)"', (built_site / "sources" / "index.html").read_text(encoding="utf-8")))
    for rs in rulesets.values():
        page = (built_site / output_path(ruleset_url(rs.id))).read_text(encoding="utf-8")
        assert 'id="sources"' in page and all(f'href="/sources/#{s.key}"' in page for s in rs.bibliography), rs.id
        for p in rs.patterns:
            html = (built_site / output_path(pattern_url(rs.id, p.id))).read_text(encoding="utf-8")
            line = re.search(r'<dt>Source</dt><dd class="citations">(.*?)</dd>', html, re.DOTALL)
            assert line, f"{rs.id}/{p.id}: no Source line"
            linked = re.findall(r'href="/sources/#([^"]+)"', line.group(1))
            assert linked == [c.key for c in p.citations], (rs.id, p.id, linked)
            assert set(linked) <= anchors


def test_a_hand_citation_names_the_rule_text_and_the_content_version(built_site: Path) -> None:
    page = next((built_site / "hands").iterdir()) / "index.html"
    cite = re.search(r'<ul class="citations">(.*?)</ul>', page.read_text(encoding="utf-8"), re.DOTALL)
    assert cite
    text = _text(cite.group(1))
    assert "rule text" in text and "content version" in text and re.search(r"of \d{4}-\d{2}-\d{2}", text)


def test_a_curated_hand_page_links_its_source_to_an_entry(built_site: Path) -> None:
    from generator.examples.curated import load_curated
    from generator.examples.model import Example

    hands = load_curated(CONTENT_DIR / "hands", load_rulesets(CONTENT_DIR))
    assert len(hands) > 20
    for h in hands:
        html = (built_site / "hands" / Example(h.canonical, "curated").key / "index.html").read_text("utf-8")
        line = re.search(r'source: <span class="citations">(.*?)</span></p>', html, re.DOTALL)
        assert line, h.id
        linked = re.findall(r'<a class="cite" href="/sources/#([^"]+)"', line.group(1))
        assert linked == [c.key for c in h.citations], h.id


def test_no_page_names_a_working_file(built_site: Path) -> None:
    bad = re.compile(r"reference/|\.\./shared|src00\d|sources/00\d|\b[\w-]+\.md\b")
    found = []
    for path in built_site.rglob("*.html"):
        text = _text(path.read_text(encoding="utf-8"))
        for m in bad.finditer(text):
            found.append(f"{path.relative_to(built_site)}: {text[max(0, m.start() - 40):m.end() + 20]!r}")
    assert found == [], "\n".join(found[:20])
