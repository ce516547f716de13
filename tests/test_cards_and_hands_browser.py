"""The printable cards and the hands in a real browser: each card prints on one page (a PDF render) with its
exclusions and the site's address; the hands index filters itself by rule set, pattern and kind behind a plain
static server (the standard library's), keeping its state in the query, and lists every hand without script; hand
titles say what the hand shows and name the badge's rule set; the citation sits near the top and its copy button
copies it.

Drives Debian's Chromium through Playwright, as tests/test_site_browser.py does.
"""

from __future__ import annotations

import functools
import io
import json
import re
import threading
import unicodedata
from collections.abc import Iterator
from html import unescape
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from browser_support import CHROMIUM

from generator.rules import CONTENT_DIR, Pattern
from generator.rulesets import load_rulesets
from generator.scoring.families import policy_of
from generator.site.base_url import BaseUrl, rebase_page
from generator.site.pages.card import groups

AXE = Path(__file__).resolve().parent.parent / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"

class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the standard library's name)
        pass


@pytest.fixture(scope="module")
def static_url(built_site: Path) -> Iterator[str]:
    """The built folder behind the standard library's plain file server: no logic of the project's own."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()



@pytest.fixture(scope="module")
def examples(built_site: Path) -> list[dict]:
    return json.loads((built_site / "data" / "examples.json").read_text(encoding="utf-8"))


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html))).strip()


# ---------------------------------------------------------------------------------------------- cards


@pytest.mark.parametrize("size", ["A4", "Letter"])
@pytest.mark.parametrize("prefix", ["", "/zh-Hans"])
@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_every_card_prints_on_one_page_with_its_exclusions_and_the_sites_address(
        browser, static_url: str, size: str, prefix: str) -> None:  # type: ignore[no-untyped-def]
    """In both languages. The Chinese card's rows are found by their English names, which it prints beside the Chinese:
    the PDF's text gives some Chinese characters as radicals (⻔ for 门), so its Chinese cannot be compared."""
    from pypdf import PdfReader

    page = browser.new_page()
    for rs in load_rulesets(CONTENT_DIR).values():
        page.goto(f"{static_url}{prefix}/rulesets/{rs.id}/card/")
        pdf = page.pdf(format=size)  # print CSS: Chromium renders the page as it prints
        assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, f"the {prefix} {rs.id} card is not one {size} page"
        reader = PdfReader(io.BytesIO(pdf))
        assert len(reader.pages) == 1, f"the {prefix} {rs.id} card prints on {len(reader.pages)} {size} pages"
        # NFKC: the PDF's text maps some characters to their Kangxi radical forms (⿇ for 麻)
        printed = re.sub(r"\s+", "", unicodedata.normalize("NFKC", reader.pages[0].extract_text()))
        address = f"{static_url}{prefix}/rulesets/{rs.id}/"
        assert address in printed, f"the {prefix} {rs.id} card does not print the site's address {address}"
        for p in rs.patterns:
            assert re.sub(r"\s+", "", p.en) in printed, f"the {prefix} {rs.id} card prints no {p.en}"
        if any(p.excludes for p in rs.patterns):
            assert "✕" in printed, f"the {prefix} {rs.id} card prints no exclusion"
    page.close()


def _card_rows(built_site: Path, rid: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """(pattern href, exclusion text, values) of every row of a card, in print order: the value, and where the
    rule set has open values, the value with a claimed meld."""
    html = (built_site / "rulesets" / rid / "card" / "index.html").read_text(encoding="utf-8")
    rows = []
    for tr in re.findall(r"<tr>(.*?)</tr>", html, re.S):
        href = re.search(r'<td class="en"><a href="([^"]+)"', tr)
        nots = re.search(r'<span class="nots">(.*?)</span></td>', tr, re.S)
        values = tuple(re.findall(r'<td class="num[^"]*"[^>]*>([^<]*)</td>', tr))
        assert href and values, tr
        rows.append((href.group(1), _text(nots.group(1)) if nots else "", values))
    return rows


def test_each_card_row_names_what_its_pattern_removes(built_site: Path) -> None:
    for rs in load_rulesets(CONTENT_DIR).values():
        rows = {href: nots for href, nots, _ in _card_rows(built_site, rs.id)}
        assert len(rows) == len(rs.patterns), rs.id
        numbers = [p.number for p in rs.patterns]
        for p in rs.patterns:
            nots = rows[f"/rulesets/{rs.id}/{p.id}/"]
            named = [x.strip() for x in re.sub(r"^✕\s*not counted with", "", nots).split(",") if x.strip()]

            def ref(q: Pattern) -> str:
                return q.number if q.number and numbers.count(q.number) == 1 else q.en

            for x in p.excludes:
                assert ref(rs.pattern(x.id)) + (f"×{x.count}" if x.count else "") in named, (rs.id, p.id, nots)
            peers = [q for q in rs.patterns if q.group == p.group and q.id != p.id] if policy_of(rs.policy).one_per_group else []
            group = next(g for g in groups(rs) if p.id in {r.pattern.id for r in g.rows})
            if {r.pattern.id for r in group.rows} == {p.id} | {q.id for q in peers}:
                peers = []  # the group is the series, and its heading or the legend says only the highest counts
                assert group.one_counts or len(group.rows) == 1, (rs.id, group.label)
            for q in peers:  # the rest of its series, on the row
                assert ref(q) in named, (rs.id, p.id, ref(q), nots)
            assert len(named) == len({ref(rs.pattern(x.id)) for x in p.excludes} | {ref(q) for q in peers}), \
                (rs.id, p.id, nots)


def test_each_card_is_ordered_by_value(built_site: Path) -> None:
    for rs in load_rulesets(CONTENT_DIR).values():
        for g in groups(rs):
            values = [r.pattern.value for r in g.rows]
            assert values == sorted(values, reverse=True), (rs.id, g.label, values)
        words = policy_of(rs.policy).value_words
        printed = {href: v[0] for href, _, v in _card_rows(built_site, rs.id)}
        assert printed == {f"/rulesets/{rs.id}/{p.id}/": words(rs, p, short=True) or f"{p.value:,}" for p in rs.patterns}
    mcr = [int(v[0]) for _, _, v in _card_rows(built_site, "mcr")]  # grouped by value: one run, highest first
    assert mcr == sorted(mcr, reverse=True)


def test_a_riichi_card_gives_closed_and_open_values_and_names_yakuman(built_site: Path) -> None:
    """Riichi's yaku are worth less with a claimed meld, or need a concealed hand: both values, '–' for concealed
    only; a yakuman is printed as one (a double yakuman as such), never as its 13 or 26 han."""
    rows = {href: v for href, _, v in _card_rows(built_site, "riichi")}
    assert rows["/rulesets/riichi/riichi/"] == ("1", "–")  # riichi: concealed hands only
    assert rows["/rulesets/riichi/half-flush/"] == ("3", "2")
    assert rows["/rulesets/riichi/big-three-dragons/"] == ("Y", "Y")  # the legend: "Y: yakuman"
    assert rows["/rulesets/riichi/thirteen-orphans-13-wait/"] == ("2Y", "–")
    assert not any(v in ("13", "26") for vs in rows.values() for v in vs)
    legend = _text((built_site / "rulesets" / "riichi" / "card" / "index.html").read_text(encoding="utf-8"))
    assert "Y: yakuman." in legend and "2Y: double yakuman." in legend
    assert all(len(v) == 1 for _, _, v in _card_rows(built_site, "mcr"))  # no open values, no second column


@pytest.mark.parametrize("base, shown", [("https://example.org/atlas/", "https://example.org/atlas/rulesets/mcr/"),
                                         ("/atlas/", "/atlas/rulesets/mcr/")])
def test_the_card_prints_the_address_it_is_published_under(built_site: Path, base: str, shown: str) -> None:
    html = (built_site / "rulesets" / "mcr" / "card" / "index.html").read_bytes()
    site_line = re.search(rb'<p class="card-site">(.*?)</p>', rebase_page(html, BaseUrl.parse(base)), re.S)
    assert site_line and f">{shown}<".encode() in site_line.group(1), site_line


# ---------------------------------------------------------------------------------------------- the hands index


def _visible(page) -> list[str]:  # type: ignore[no-untyped-def]
    """The hand keys of the index rows shown."""
    return page.eval_on_selector_all(
        "#hands-table tbody tr:not([hidden]) td:first-child a",
        "els => els.map(a => a.getAttribute('href').split('/').filter(Boolean).pop())")


def _count(page) -> str:  # type: ignore[no-untyped-def]
    return page.text_content("#hf-count").strip()


def _hand_html(built_site: Path, key: str) -> str:
    return (built_site / "hands" / key / "index.html").read_text(encoding="utf-8")


def _chosen_for(html: str) -> str:
    """A hand page's sections on what the hand was chosen for: the patterns it illustrates, the pairs it witnesses."""
    return "".join(re.findall(r'<section id="(?:illustrates|witness)".*?</section>', html, re.S))


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_the_hands_index_filters_by_rule_set_pattern_and_kind(
        browser, static_url: str, built_site: Path, examples: list[dict]) -> None:  # type: ignore[no-untyped-def]
    total = len(examples)
    page = browser.new_page()
    page.goto(f"{static_url}/hands/")
    assert page.is_visible("#hand-filter") and len(_visible(page)) == total and _count(page) == f"{total} hands"

    # a pattern: every hand chosen for it is shown, and every hand shown links to it (illustrates or witnesses it)
    ref = next(r for e in examples for r in e["for"] if r.startswith("mcr/"))
    page.select_option("#hf-p", ref)
    shown = _visible(page)
    assert {e["key"] for e in examples if ref in e["for"]} <= set(shown) and len(shown) < total
    assert _count(page) == f"{len(shown)} of {total} hands"
    for key in shown:
        assert f'href="/rulesets/{ref}/"' in _chosen_for(_hand_html(built_site, key)), (ref, key)
    assert page.input_value("#hf-rs") == "mcr" and f"p={ref.replace('/', '%2F')}" in page.url

    # the pattern list offers the chosen rule set's patterns only, and changing the rule set drops the pattern
    page.select_option("#hf-rs", "zj-2.4")
    assert page.input_value("#hf-p") == ""
    offered = page.eval_on_selector_all("#hf-p optgroup:not([disabled]) option", "os => os.map(o => o.value)")
    assert offered and all(v.startswith("zj-2.4/") for v in offered)

    # a rule set and a kind: near misses of that rule set's patterns, and nothing else
    page.select_option("#hf-rs", "sihai-3.1")
    page.select_option("#hf-kind", "near-miss")
    shown = _visible(page)
    assert shown and _count(page) == f"{len(shown)} of {total} hands"
    expected = {e["key"] for e in examples if e["kind"] == "near-miss" and any(r.startswith("sihai-3.1/") for r in e["for"])}
    assert expected <= set(shown)
    for key in shown:
        html = _hand_html(built_site, key)
        assert re.search(r'>sihai-3\.1</a> <a href="/rulesets/sihai-3\.1/[^"]+/">.*?</a> <span class="why">near miss',
                         html), key

    # the state is in the query: reloading the address shows the same list
    url = page.url
    assert "rs=sihai-3.1" in url and "kind=near-miss" in url
    page.goto(url)
    assert page.input_value("#hf-kind") == "near-miss" and _visible(page) == shown

    # each kind alone; then "Show all"
    for kind, words in (("curated", "curated"), ("matrix", "matrix witness")):
        page.goto(f"{static_url}/hands/?kind={kind}")
        rows = page.eval_on_selector_all("#hands-table tbody tr:not([hidden]) td:nth-child(2)",
                                         "els => els.map(td => td.textContent)")
        assert rows and all(words in r.split(", ") for r in rows), kind
    assert len(_visible(page)) < total
    page.click("#hand-filter button[type=reset]")
    page.wait_for_function(f"document.querySelectorAll('#hands-table tbody tr:not([hidden])').length === {total}")
    assert "?" not in page.url
    curated = sum(1 for e in examples if e["kind"] == "curated")
    page.goto(f"{static_url}/hands/?kind=curated")
    assert len(_visible(page)) == curated
    page.close()


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_without_script_the_hands_index_lists_every_hand(
        browser, static_url: str, examples: list[dict]) -> None:  # type: ignore[no-untyped-def]
    total = len(examples)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{static_url}/hands/?kind=curated")
    assert not page.is_visible("#hand-filter")
    assert page.locator("#hands-table tbody tr:visible").count() == total
    context.close()


# ---------------------------------------------------------------------------------------------- hand pages


def _h1(html: str) -> str:
    m = re.search(r"<h1>(.*?)</h1>", html, re.S)
    assert m
    return _text(m.group(1))


def test_hand_titles_say_what_the_hand_shows_and_name_the_badges_rule_set(
        built_site: Path, examples: list[dict]) -> None:
    index = (built_site / "hands" / "index.html").read_text(encoding="utf-8")
    listed = {k: _text(t) for k, t in re.findall(r'<a href="/hands/([0-9a-f]+)/">(.*?)</a>', index)}
    assert len(listed) == len(examples)
    for e in examples:
        html = _hand_html(built_site, e["key"])
        title = _h1(html)
        assert listed[e["key"]] == title, "the index and the hand page give the hand different titles"
        badge = re.search(r'<p class="rs-badge"[^>]*>(?:<!--search:skip-->)?<a href="/rulesets/([^/]+)/"', html)
        first = re.search(r'<a href="/rulesets/([^/]+)/([^/]+)/"><span lang="zh">([^<]+)</span> ([^<]+)</a>',
                          _chosen_for(html))
        assert badge and first, f"{e['hand']}: no rule-set badge, or nothing it was chosen for"
        rid = badge.group(1)
        assert first.group(1) == rid, (title, rid)  # the badge names the rule set of the first pattern shown
        if e["kind"] == "curated":  # a source hand keeps the title its source gives it
            continue
        # "(riichi and 4 editions)": a rule set and its editions that share the example are named once
        assert re.search(rf"\((?:[^()]*, )?{re.escape(rid)}(?: and \d+ editions?)?(?:, [^()]*)?\)", title), (title, rid)
        assert f"{first.group(3)} {unescape(first.group(4))}" in title, title  # it names the pattern it shows
        if e["kind"] == "near-miss":
            assert title.startswith("Near miss of "), title
        assert not title.startswith("Patterns that count together"), title


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_the_citation_sits_near_the_top_and_its_button_copies_it(
        browser, static_url: str, examples: list[dict]) -> None:  # type: ignore[no-untyped-def]
    e = next(x for x in examples if x["kind"] == "near-miss")
    context = browser.new_context(viewport={"width": 1100, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{static_url}/hands/{e['key']}/")
    cite = page.locator("#cite").bounding_box()
    assert cite and cite["y"] < 900, "the citation is not on the first screen"
    assert cite["y"] < page.locator("#breakdowns").bounding_box()["y"]  # type: ignore[index]
    text = re.sub(r"\s+", " ", page.text_content("#cite-text")).strip()
    permalink = f"{static_url}/hands/{e['key']}/"
    assert text.endswith(permalink) and "content version" in text and re.search(r"of \d{4}-\d\d-\d\d", text)
    page.click("button[data-copy=cite-text]")
    page.wait_for_function("document.querySelector('button[data-copy=cite-text]').textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == text
    page.click("button[data-copy=cite-permalink]")
    page.wait_for_function("document.querySelector('button[data-copy=cite-permalink]').textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == permalink
    context.close()


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_axe_and_the_phone_width_on_the_filtered_index_a_hand_and_a_card(
        browser, static_url: str, examples: list[dict]) -> None:  # type: ignore[no-untyped-def]
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm install --prefix .cache/npm axe-core)")
    urls = ["/hands/?rs=mcr&kind=near-miss", f"/hands/{examples[0]['key']}/", "/rulesets/sihai-3.1/card/"]
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    problems = {}
    for url in urls:
        page.goto(static_url + url)
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        bad = [f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in result["violations"]
               if v["impact"] in ("serious", "critical")]
        if bad:
            problems[url] = bad
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(static_url + url)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            problems[url + " at 375px"] = [f"{width}px wide"]
        page.set_viewport_size({"width": 1100, "height": 900})
    page.close()
    assert problems == {}
