"""A pattern's "why": the reason its source gives for it, in our words, cited like `source`.

The loader refuses a why of the wrong type, one without its citation (or a citation without a why) and a citation
of a key the bibliography lacks, with file, line and field. An edition keeps a base's why only where its own text is
cited for it. Every why shows on its pattern page under a "Why" heading, linked to its bibliography entry, and the
content keeps the whys it has (a count per rule set, and the Sihai fans by name)."""

from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from generator.rules import CONTENT_DIR, ContentError
from generator.rulesets import load_rulesets
from generator.site.urls import output_path, pattern_url

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
source = "zj-2.4: §1.1"
provenance = "source"
definition = "Four chows."
why = """
A reason the text gives.
"""
why_source = "zj-2.4: §1.1 (“一個理由”)"

[[pattern]]
id = "flush"
zh = "清"
en = "Flush"
value = 10
group = "b"
detect = { name = "flush", honors = "none" }
source = "zj-2.4: §2.1.2"
provenance = "source"
definition = "One suit."
'''

EDITION = '''[ruleset]
id = "toy-2"
base = "toy"
edition = "2"
source = "zj-3.3: the list of patterns"
'''

WHY_SOURCE = 'why_source = "zj-2.4: §1.1 (“一個理由”)"'


def content(tmp_path: Path, *files: tuple[str, str]) -> Path:
    folder = tmp_path / "content"
    (folder / "rulesets").mkdir(parents=True)
    shutil.copy(CONTENT_DIR / "sources.toml", folder / "sources.toml")
    for name, text in files:
        (folder / "rulesets" / name).write_text(text, encoding="utf-8")
    return folder


def error_for(tmp_path: Path, *files: tuple[str, str]) -> str:
    with pytest.raises(ContentError) as info:
        load_rulesets(content(tmp_path, *files))
    return str(info.value)


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_a_why_loads_with_its_citation_resolved(tmp_path: Path) -> None:
    rs = load_rulesets(content(tmp_path, ("toy.toml", TOY)))["toy"]
    plain, flush = rs.pattern("plain"), rs.pattern("flush")
    assert plain.why.strip() == "A reason the text gives."
    assert [(c.key, c.at) for c in plain.why_citations] == [("zj-2.4", "§1.1 (“一個理由”)")]
    assert plain.why_citations[0].title == rs.entry("zj-2.4").title
    assert (flush.why, flush.why_source, flush.why_citations) == ("", "", ())


def test_an_unknown_key_in_why_source_is_refused_at_its_line(tmp_path: Path) -> None:
    text = TOY.replace(WHY_SOURCE, 'why_source = "zj-9: §1.1"')
    message = error_for(tmp_path, ("toy.toml", text))
    assert message.startswith(f"content/rulesets/toy.toml:{line_of(text, 'why_source')}: pattern 'plain' why_source: "
                              "unknown source key 'zj-9'"), message


@pytest.mark.parametrize("old, new, needle, field, words", [
    ('why = """\nA reason the text gives.\n"""', "why = 3", "why = 3", "why", "expected a string, found 3"),
    (WHY_SOURCE, 'why_source = ["zj-2.4: §1.1"]', "why_source", "why_source", "expected a string"),
    (WHY_SOURCE, "", 'why = """', "why", "a 'why' needs a 'why_source'"),
    ('why = """\nA reason the text gives.\n"""', "", "why_source", "why_source", "there is no 'why'"),
    ('why = """\nA reason the text gives.\n"""', 'why = "  "', 'why = "  "', "why", "leave the field out"),
    (WHY_SOURCE, 'why_source = "zj-2.4"', "why_source", "why_source", "citation of 'zj-2.4' says not where"),
    (WHY_SOURCE, 'why_source = "§1.1"', "why_source", "why_source", "expected 'key: where' citations"),
])
def test_a_broken_why_names_file_line_and_field(tmp_path: Path, old: str, new: str, needle: str, field: str,
                                                words: str) -> None:
    assert old in TOY
    text = TOY.replace(old, new)
    message = error_for(tmp_path, ("toy.toml", text))
    assert message.startswith(f"content/rulesets/toy.toml:{line_of(text, needle)}: pattern 'plain' {field}: "), message
    assert words in message, message


def test_an_edition_does_not_inherit_a_why_its_own_text_is_not_cited_for(tmp_path: Path) -> None:
    changed_value = EDITION + '\n[[change]]\nid = "plain"\nsource = "zj-3.3: §1.1"\nvalue = 2\n'
    rulesets = load_rulesets(content(tmp_path, ("toy.toml", TOY), ("toy-2.toml", changed_value)))
    assert rulesets["toy"].pattern("plain").why
    edition = rulesets["toy-2"].pattern("plain")
    assert edition.value == 2 and (edition.why, edition.why_source, edition.why_citations) == ("", "", ())
    (tmp_path / "content").rename(tmp_path / "first")
    rulesets = load_rulesets(content(tmp_path, ("toy.toml", TOY), ("toy-2.toml", EDITION)))  # no [[change]] at all
    assert rulesets["toy-2"].pattern("plain").why == ""


def test_an_edition_keeps_a_why_where_it_cites_its_own_text_for_it(tmp_path: Path) -> None:
    recited = EDITION + '\n[[change]]\nid = "plain"\nwhy_source = "zj-3.3: §1.1 (“same reason”)"\n'
    rulesets = load_rulesets(content(tmp_path, ("toy.toml", TOY), ("toy-2.toml", recited)))
    base, edition = rulesets["toy"].pattern("plain"), rulesets["toy-2"].pattern("plain")
    assert edition.why == base.why and [c.key for c in edition.why_citations] == ["zj-3.3"]
    assert "zj-3.3" in [s.key for s in rulesets["toy-2"].bibliography]
    (tmp_path / "content").rename(tmp_path / "first")
    reworded = EDITION + '\n[[change]]\nid = "plain"\nwhy = "A new reason."\n'  # a new why, the base's citation
    message = error_for(tmp_path, ("toy.toml", TOY), ("toy-2.toml", reworded))
    assert message.startswith(f"content/rulesets/toy-2.toml:{line_of(reworded, 'why = ')}: pattern 'plain' why: "
                              "a 'why' needs a 'why_source'"), message


def test_a_why_is_checked_as_markdown_at_its_own_line(tmp_path: Path) -> None:
    """A why is Markdown like a definition: raw HTML or a link to a missing page is refused where it is written."""
    from generator.rules.errors import Problems
    from generator.site import content_check

    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    path = folder / "rulesets" / "zj-2.4.toml"
    text = path.read_text(encoding="utf-8")
    marker = "Zung Jung insists on four wind triplets"
    assert text.count(marker) == 1
    text = text.replace(marker, "Zung Jung <b>insists</b> on four [wind](/rulesets/zj-2.4/no-such/) triplets")
    path.write_text(text, encoding="utf-8")
    problems = Problems()
    content_check.before_search(folder, load_rulesets(folder), [], problems)
    line = line_of(text, "<b>insists</b>")
    assert sorted((e.file, e.line, e.field) for e in problems.found) == [
        ("content/rulesets/zj-2.4.toml", line, "pattern 'big-four-winds' why")] * 2
    assert any("no-such" in e.message for e in problems.found) and any("<b>" in e.message for e in problems.found)


# ---------------------------------------------------------------- the shipped content

# The fans whose reason the Sihai text gives (its introduction and §1-§6), by their name in the fan table.
SIHAI_WHY = {
    "九莲宝灯", "九莲明灯", "大七星", "连七对", "三风对", "三元对", "四喜对", "全单", "全双", "混全单", "混全双", "全筋",
    "小三风", "大三风", "小四喜", "大四喜", "四杠", "小三同刻", "小三连刻", "镜同", "镜同顺刻", "镜同刻", "全连",
}
OWN_TEXT = {"sihai-3.1": "sihai-3.1", "zj-2.4": "zj-2.4", "tuanyuan": "tuanyuan"}


@pytest.fixture(scope="module")
def rulesets():  # type: ignore[no-untyped-def]
    return load_rulesets(CONTENT_DIR)


def test_the_content_keeps_its_whys(rulesets) -> None:  # type: ignore[no-untyped-def]
    counts = {rid: n for rid, rs in rulesets.items() if (n := sum(1 for p in rs.patterns if p.why))}
    assert counts == {"sihai-3.1": 23, "zj-2.4": 1, "tuanyuan": 2}  # every other rule set gives no reasons
    assert {p.zh for p in rulesets["sihai-3.1"].patterns if p.why} == SIHAI_WHY
    assert [p.id for p in rulesets["zj-2.4"].patterns if p.why] == ["big-four-winds"]
    assert [p.id for p in rulesets["tuanyuan"].patterns if p.why] == ["weak-suit", "wild-kong"]


def test_each_why_cites_its_own_rule_text_and_is_our_own_prose(rulesets) -> None:  # type: ignore[no-untyped-def]
    for rid, rs in rulesets.items():
        for p in rs.patterns:
            if not p.why:
                continue
            assert p.why_citations and {c.key for c in p.why_citations} == {OWN_TEXT[rid]}, (rid, p.id)
            assert all(c.at for c in p.why_citations), (rid, p.id)
            assert 1 <= len(re.findall(r"[.;:](?:\s|$)", p.why.strip())) <= 4, (rid, p.id)  # a short paraphrase
            # Facts carry over, sentences do not: the Chinese in a why is names, never a run of the source's words
            assert not re.search(r"[\u4e00-\u9fff]{6,}", p.why), (rid, p.id, p.why)
            assert re.search(r"[a-z]{3,}( [a-z]{2,}){5,}", " ".join(p.why.split())), (rid, p.id)  # English prose


def test_zung_jung_3_3_does_not_inherit_the_v2_4_why(rulesets) -> None:  # type: ignore[no-untyped-def]
    """v2.4 explains its Big Four Winds definition; the v3.3 list is not known to, so the edition shows no why."""
    assert rulesets["zj-2.4"].pattern("big-four-winds").why
    assert rulesets["zj-3.3"].pattern("big-four-winds").why == ""


def test_every_why_renders_under_a_why_heading_with_its_source_link(built_site: Path, rulesets) -> None:  # type: ignore[no-untyped-def]
    shown = 0
    for rs in rulesets.values():
        for p in rs.patterns:
            html = (built_site / output_path(pattern_url(rs.id, p.id))).read_text(encoding="utf-8")
            section = re.search(r'<section id="why">(.*?)</section>', html, re.DOTALL)
            if not p.why:
                assert section is None and "<h2>Why</h2>" not in html, (rs.id, p.id)
                continue
            shown += 1
            assert section, (rs.id, p.id)
            body = section.group(1)
            assert "<h2>Why</h2>" in body, (rs.id, p.id)
            first_words = " ".join(p.why.split()[:6])
            text = unescape(re.sub(r"<[^>]+>", "", body)).replace("\u2019", "'")  # Markdown curls apostrophes
            assert first_words in " ".join(text.split()), (rs.id, p.id)
            linked = re.findall(r'href="/sources/#([^"]+)"', body)
            assert linked == [c.key for c in p.why_citations], (rs.id, p.id, linked)
            assert html.index('<section id="definition">') < html.index('<section id="why">') < \
                html.index('<section id="combination">'), (rs.id, p.id)
    assert shown == 26


CHROMIUM = Path("/usr/bin/chromium")
AXE = Path(__file__).resolve().parent.parent / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists() or not AXE.exists(), reason="needs /usr/bin/chromium and npm's axe-core")
def test_a_why_section_passes_axe_and_fits_375px(built_site: Path) -> None:
    from playwright.sync_api import sync_playwright

    from generator.site.serve import start_in_thread

    server, url = start_in_thread(built_site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--no-first-run"])
            page = browser.new_page(viewport={"width": 375, "height": 800})
            page.goto(f"{url}/rulesets/sihai-3.1/nine-gates/")
            assert page.locator("#why h2").inner_text() == "Why"
            assert page.evaluate("document.documentElement.scrollWidth") <= 375
            page.add_script_tag(path=str(AXE))
            result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    assert [v["id"] for v in result["violations"] if v["impact"] in ("serious", "critical")] == []
