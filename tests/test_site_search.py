"""Search finds the pattern first: every concept's names, English and Chinese, find its concept page or one of its
pattern pages among the first three results; a name typed in the other script (simplified for Zung Jung's
traditional names, traditional for MCR's simplified ones) finds the page all the same; each result says what it
is and for which rule set; the kind and rule-set filters narrow the results; the cards and matrices are found by
their titles; the focus moves to the results. Through the search page itself (`/search/?q=`, `#search-results`),
in Debian's Chromium.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import opencc
import pytest
from browser_support import ARGS, CHROMIUM

from generator.examples.concepts import Concept, load_concepts
from generator.rules import CONTENT_DIR
from generator.rulesets import load_rulesets
from generator.site import urls
from generator.site.i18n import ZH_HANS, localized
from generator.site.search_terms import KIND_ORDER, split_names

TOP = 3

RULESETS = load_rulesets(CONTENT_DIR)
CONCEPTS = load_concepts(CONTENT_DIR / "concepts.toml", RULESETS)



@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One Chromium for the module's tabs: Playwright's sync API allows one running instance per thread."""
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium fonts-noto-cjk)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def tab(browser, base_url: str) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """One search tab, kept open: each query is typed into its form, so the index loads once."""
    page = browser.new_page()
    page.goto(base_url + urls.SEARCH)
    yield page
    page.close()


def _search(tab, query: str, every: bool = False) -> list[str]:  # type: ignore[no-untyped-def]
    """The addresses of the results the page lists for `query` typed into its form and submitted: the first page
    of them, or `every` one (pressing "Show more" until all are shown). The status says how many were found, in
    the page's language ("… found." or "找到 …")."""
    tab.fill("#search-input", query)
    tab.evaluate("document.getElementById('search-status').textContent = ''")
    tab.press("#search-input", "Enter")
    tab.wait_for_function("/found|找到/.test(document.getElementById('search-status').textContent)", timeout=20000)
    while every and tab.is_visible("#search-more"):
        before = tab.locator("#search-results li").count()
        tab.click("#search-more")
        tab.wait_for_function(f"document.querySelectorAll('#search-results li').length > {before}")
    return [a.get_attribute("href") for a in tab.query_selector_all("#search-results .result-title")]


def _concept_pages(c: Concept) -> set[str]:
    return {urls.concept_url(c.id)} | {urls.pattern_url(r, p) for r, p in c.members if r in RULESETS}


def _rank(found: list[str], wanted: set[str]) -> int | None:
    return next((i + 1 for i, url in enumerate(found) if url in wanted), None)


pytestmark = pytest.mark.browser


def test_every_concept_name_finds_its_concept_or_pattern_in_the_top_three(tab, capsys) -> None:  # type: ignore[no-untyped-def]
    ranks: list[int] = []
    misses: dict[str, list[str]] = {}
    for c in CONCEPTS:
        wanted = _concept_pages(c)
        for name in [*split_names(c.en), *split_names(c.zh)]:
            found = _search(tab, name)
            rank = _rank(found, wanted)
            ranks.append(rank or len(found) + 1)
            if rank is None or rank > TOP:
                misses[f"{c.id}: {name}"] = found[:TOP]
    hits = sum(r <= TOP for r in ranks)
    with capsys.disabled():
        print(f"\nconcept names: {hits} of {len(ranks)} in the top {TOP}, median rank {statistics.median(ranks)}, "
              f"{sum(r == 1 for r in ranks)} first")
    assert len(ranks) > 150  # every concept has an English and a Chinese name
    assert misses == {}


NAMES_ELEMENT = re.compile(r'<p hidden data-pagefind-meta="names:.*?</p>', re.DOTALL)


def _other_script_names(built_site: Path, ruleset_id: str, config: str) -> list[tuple[str, str, str, bool]]:
    """(pattern id, name as the rule set writes it, the name in the other script, whether the page shows the other
    form anywhere but in its hidden names) for the patterns whose name differs between the scripts."""
    convert = opencc.OpenCC(config)
    out = []
    for p in RULESETS[ruleset_id].patterns:
        other = convert.convert(p.zh)
        html = (built_site / urls.output_path(urls.pattern_url(ruleset_id, p.id))).read_text(encoding="utf-8")
        if other != p.zh:
            out.append((p.id, p.zh, other, other in NAMES_ELEMENT.sub("", html)))
    return out


@pytest.mark.parametrize(("ruleset_id", "config"), [("zj-2.4", "t2s"), ("mcr", "s2t")])
def test_a_name_in_the_other_script_finds_the_pattern_page(tab, built_site: Path, ruleset_id: str,  # type: ignore[no-untyped-def]
                                                           config: str) -> None:
    """Zung Jung writes its names in traditional characters, MCR in simplified: the other script finds them too,
    among the first results of the rule set's pages. Some pages show the other form elsewhere (a peer's name, the concept's), but
    not all: those are found through the converted names alone."""
    names = _other_script_names(built_site, ruleset_id, config)
    assert len(names) > 20, "the rule set's names should mostly differ between the scripts"
    assert sum(not shown for *_, shown in names) >= 5, "too few names rest on the conversion alone"
    tab.evaluate(f"document.getElementById('search-ruleset').value = '{ruleset_id}'")  # as if chosen, no search yet
    misses = {}
    for pid, written, other, _ in names:
        found = _search(tab, other)
        if urls.pattern_url(ruleset_id, pid) not in found[:TOP]:  # after its concept, which is for this rule set too
            misses[f"{written} as {other}"] = found[:TOP]
    tab.evaluate("document.getElementById('search-ruleset').value = ''")
    assert misses == {}


def test_fixed_examples_of_the_two_scripts(tab) -> None:  # type: ignore[no-untyped-def]
    """Written out, so the test does not rest on the converter alone: 兩般高 is Zung Jung's (and no other rule set's
    name in either script), 清龙 MCR's."""
    assert urls.pattern_url("zj-2.4", "two-identical-sequences-twice") in _search(tab, "两般高")[:TOP]
    assert urls.pattern_url("mcr", "pure-straight") in _search(tab, "清龍")[:TOP]


def test_each_result_says_what_it_is_and_for_which_rule_set(tab) -> None:  # type: ignore[no-untyped-def]
    _search(tab, "清一色")
    items = tab.query_selector_all("#search-results li")
    assert len(items) > 10
    kinds = set()
    for li in items:
        href = li.query_selector(".result-title").get_attribute("href")
        kind = li.query_selector(".result-kind").inner_text().strip(" ·").lower()
        assert kind in KIND_ORDER, href
        kinds.add(kind)
        m = re.fullmatch(r"/rulesets/([^/]+)/[^/]+/", href)
        if m:
            assert kind == "pattern", href
            assert li.query_selector(".rs-id").inner_text().split() == [m.group(1)], href
        if href.startswith("/concepts/") and href != urls.CONCEPTS:
            assert kind == "concept", href
            assert len(li.query_selector(".rs-id").inner_text().split()) > 1, href
        if href.startswith("/hands/"):
            assert kind == "example hand", href
    assert {"pattern", "concept", "example hand"} <= kinds


def test_filters_narrow_the_results_and_stay_in_the_address(tab, base_url: str) -> None:  # type: ignore[no-untyped-def]
    tab.goto(f"{base_url}{urls.SEARCH}?q={quote('清一色')}&kind={quote('pattern')}&ruleset=mcr")
    tab.wait_for_function("document.getElementById('search-status').textContent.includes('found')", timeout=20000)
    found = [a.get_attribute("href") for a in tab.query_selector_all("#search-results .result-title")]
    assert found and found[0] == urls.pattern_url("mcr", "full-flush")
    assert all(re.fullmatch(r"/rulesets/mcr/[^/]+/", url) for url in found), found
    assert tab.input_value("#search-kind") == "pattern" and tab.input_value("#search-ruleset") == "mcr"
    tab.select_option("#search-kind", "example hand")
    tab.wait_for_function("location.search.includes('kind=example')")
    tab.wait_for_function("document.getElementById('search-status').textContent.includes('found')", timeout=20000)
    hands = [a.get_attribute("href") for a in tab.query_selector_all("#search-results .result-title")]
    assert hands and all(url.startswith("/hands/") for url in hands), hands
    tab.select_option("#search-kind", "")
    tab.select_option("#search-ruleset", "")
    tab.goto(base_url + urls.SEARCH)


def test_cards_and_matrices_are_found_by_their_titles(tab, built_site: Path) -> None:  # type: ignore[no-untyped-def]
    cards = {urls.card_url(rid) for rid in RULESETS}
    assert cards <= set(_search(tab, "card", every=True)), "every rule set's card"
    matrices = {urls.matrix_url(rid) for rid in RULESETS
                if (built_site / urls.matrix_url(rid).strip("/") / "index.html").is_file()}
    assert matrices, "no rule set has a compatibility matrix page"
    assert matrices <= set(_search(tab, "compatibility", every=True))


def test_focus_moves_to_the_results_and_the_page_has_one_search_form(tab, base_url: str) -> None:  # type: ignore[no-untyped-def]
    tab.goto(f"{base_url}{urls.SEARCH}?q={quote('all pungs')}")
    tab.wait_for_function("document.getElementById('search-status').textContent.includes('found')", timeout=20000)
    assert tab.evaluate("document.activeElement.id") == "search-results"
    tab.focus("#search-input")
    _search(tab, "seven pairs")
    assert tab.evaluate("document.activeElement.id") == "search-results"
    assert tab.locator("form[role=search]").count() == 1


# What readers type for each kind of page, and the page they mean: a list of its own, not derived from the data, so
# a renamed alias or a lost keyword fails here. Each entry: the query, and the pages any of which should be among
# the first three results (one page where the query names one; every page of a kind where it names only the kind).
DIFFS = (*(urls.diff_url(rid) for rid, rs in RULESETS.items() if rs.diff is not None), urls.variations_url("riichi"))
CARDS = tuple(urls.card_url(rid) for rid in RULESETS)
MATRICES = tuple(urls.matrix_url(rid) for rid in RULESETS)
WORDS_FOR_PAGES: list[tuple[str, tuple[str, ...]]] = [
    # rule sets, by name, abbreviation, alias and common name, in both languages
    ("EMA", (urls.ruleset_url("riichi-ema-2016"),)),
    ("Green Book", (urls.ruleset_url("mcr-2006"),)),
    ("MCR", (urls.ruleset_url("mcr"),)),
    ("Chinese Official", (urls.ruleset_url("mcr"),)),
    ("Mahjong Soul", (urls.ruleset_url("riichi"),)),
    ("国标", (urls.ruleset_url("mcr"),)),
    ("國標", (urls.ruleset_url("mcr"),)),
    ("日麻", (urls.ruleset_url("riichi"),)),
    ("四海", (urls.ruleset_url("sihai-3.1"),)),
    ("Sihai", (urls.ruleset_url("sihai-3.1"),)),
    ("Zung Jung", (urls.ruleset_url("zj-2.4"),)),
    ("中庸", (urls.ruleset_url("zj-2.4"), urls.ruleset_url("zj-3.3"))),
    ("riichi", (urls.ruleset_url("riichi"),)),
    ("团圆", (urls.ruleset_url("tuanyuan"),)),
    # an edition's changes from its base
    ("changes", DIFFS),
    ("what changed", DIFFS),
    ("differences", DIFFS),
    ("MCR 2006 changes", (urls.diff_url("mcr-2006"),)),
    ("Green Book differences", (urls.diff_url("mcr-2006"),)),
    ("EMA what changed", (urls.diff_url("riichi-ema-2016"),)),
    ("riichi variations", (urls.variations_url("riichi"),)),
    ("tenhou.net", (urls.ruleset_url("riichi-tenhou"),)),
    ("M.League", (urls.ruleset_url("riichi-mleague"),)),
    ("World Riichi Championship", (urls.ruleset_url("riichi-wrc-2025"),)),
    # the printable cards
    ("card", CARDS),
    ("cheat sheet", CARDS),
    ("printable", CARDS),
    ("riichi card", (urls.card_url("riichi"),)),
    ("MCR cheat sheet", (urls.card_url("mcr"),)),
    ("Sihai printable card", (urls.card_url("sihai-3.1"),)),
    # the compatibility matrices
    ("compatibility", MATRICES),
    ("combine", MATRICES),
    ("Zung Jung compatibility", (urls.matrix_url("zj-2.4"), urls.matrix_url("zj-3.3"))),
    ("riichi compatibility matrix", (urls.matrix_url("riichi"),)),
    # the pages of the site itself
    ("calculator", (urls.CALCULATOR,)),
    ("score a hand", (urls.CALCULATOR,)),
    ("sources", (urls.SOURCES,)),
    ("bibliography", (urls.SOURCES,)),
    ("theorems", (urls.THEOREMS,)),
    ("how to read", (urls.HOW_TO_READ,)),
    ("no 团圆 hand waits on all three suits", (urls.prose_url("theorem-tuanyuan-three-suits"),)),
    ("how many chow and pung patterns", (urls.prose_url("theorem-mcr-principles"),)),
    # a pattern and a concept, which the tests above cover name by name
    ("Full Flush", (urls.concept_url("full-flush"), urls.pattern_url("mcr", "full-flush"))),
    ("七对", (urls.concept_url("seven-pairs"), urls.pattern_url("mcr", "seven-pairs"))),
]


def test_readers_words_find_every_kind_of_page_in_the_top_three(tab, built_site: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    ranks: dict[str, int | None] = {}
    misses: dict[str, list[str]] = {}
    for query, wanted in WORDS_FOR_PAGES:
        assert all((built_site / urls.output_path(u)).is_file() for u in wanted), f"{query}: no such page {wanted}"
        found = _search(tab, query)
        rank = ranks[query] = _rank(found, set(wanted))
        if rank is None or rank > TOP:
            misses[query] = found[:TOP]
    with capsys.disabled():
        print(f"\nreaders' words: {sum(r is not None and r <= TOP for r in ranks.values())} of {len(ranks)} in the "
              f"top {TOP}: " + ", ".join(f"{q!r} {r}" for q, r in ranks.items()))
    assert misses == {}


_DT_DD = re.compile(r"<dt>(.*?)</dt>\s*(?:<!--search:skip-->)?<dd[^>]*>(.*?)</dd>", re.DOTALL)
_HIDDEN_WORDS = re.compile(r'<p hidden data-pagefind-meta="(?:names|keywords):([^"]*)"')


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("query", ["Full Flush", "riichi", "Four Identical Sequences", "EMA", "清一色", "card",
                                   "all green"])
def test_excerpts_are_the_pages_sentences_not_their_fact_lists_or_names(tab, built_site: Path,  # type: ignore[no-untyped-def]
                                                                        query: str) -> None:
    """A result's excerpt is a run of the page's prose: never a label run into its value ("Number19", "Value."), as
    the fact lists of pattern, rule-set and source pages would give, nor the page's hidden names or keywords; the
    first result's (the page the query names) holds a phrase of words."""
    _search(tab, query)
    items = tab.query_selector_all("#search-results li")
    assert len(items) >= 3
    for i, li in enumerate(items):
        href = li.query_selector(".result-title").get_attribute("href")
        excerpt = " ".join(li.query_selector(".excerpt").inner_text().split())
        html = (built_site / urls.output_path(href)).read_text(encoding="utf-8")
        for dt, dd in _DT_DD.findall(html):
            label, value = _text(dt), _text(dd)
            assert f"{label}." not in excerpt and (not value or f"{label}{value[:6]}" not in excerpt), (href, excerpt)
        for hidden in _HIDDEN_WORDS.findall(html):
            words = _text(hidden).split(" · ")  # as search_terms.py joins them
            if len(words) > 1:
                assert f"{words[0]} · {words[1]}" not in excerpt, (href, excerpt)
        if i == 0:
            assert re.search(r"(?:[^\W\d_]+[\s,;:()’'-]+){3}[^\W\d_]+", excerpt), (href, excerpt)


# What Chinese players type, and the concept (its page or one of its patterns' pages) or rule set they mean: a list of
# its own, not read from the glossary, so a lost variant fails here. Simplified and traditional forms, each rule
# family's words (和 and 胡), and Riichi's names as Chinese players write them.
CHINESE_WORDS: list[tuple[str, str]] = [
    ("平胡", "all-chows"), ("平和", "all-chows"), ("门清", "concealed-hand"), ("門清", "concealed-hand"),
    ("门前清", "concealed-hand"), ("碰碰胡", "all-pungs"), ("对对胡", "all-pungs"), ("对对和", "all-pungs"),
    ("七小对", "seven-pairs"), ("七对", "seven-pairs"), ("国士无双", "thirteen-orphans"),
    ("國士無雙", "thirteen-orphans"), ("十三幺", "thirteen-orphans"), ("一条龙", "pure-straight"),
    ("一條龍", "pure-straight"), ("清龙", "pure-straight"), ("一气通贯", "pure-straight"), ("鸡胡", "chicken-hand"),
    ("鸡和", "chicken-hand"), ("断幺", "all-simples"), ("断么九", "all-simples"),
    ("杠上开花", "out-with-replacement-tile"), ("岭上开花", "out-with-replacement-tile"),
    ("海底捞月", "last-tile-draw"), ("抢杠胡", "robbing-the-kong"), ("豪华七对", "seven-pairs-with-four-alike"),
    ("全不靠", "lesser-honors-and-knitted"), ("九莲宝灯", "nine-gates"), ("四暗刻", "four-concealed-pungs"),
    ("清一色", "full-flush"), ("混一色", "half-flush"), ("大三元", "big-three-dragons"),
    ("两立直", "riichi-double-riichi"), ("双立直", "riichi-double-riichi"), ("一发", "riichi-ippatsu"),
    ("宝牌", "riichi-dora"), ("里宝牌", "riichi-ura-dora"), ("赤宝牌", "riichi-red-five"),
    ("ドラ", "riichi-dora"),
]
CHINESE_RULESET_WORDS: list[tuple[str, tuple[str, ...]]] = [
    ("国标", ("mcr", "mcr-2006")), ("國標", ("mcr", "mcr-2006")), ("国标麻将", ("mcr", "mcr-2006")),
    ("日麻", ("riichi",)), ("立直麻将", ("riichi",)), ("四海", ("sihai-3.1",)), ("团圆", ("tuanyuan",)),
    ("中庸", ("zj-2.4", "zj-3.3")), ("广东麻将", ("guangdong-2023",)), ("推倒和", ("tuidaohu-2024",)),
]


@pytest.fixture(scope="module")
def zh_tab(browser, base_url: str) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """The Chinese search page (its own Pagefind index, of the zh-Hans pages), kept open."""
    page = browser.new_page()
    page.goto(base_url + localized(urls.SEARCH, ZH_HANS))
    yield page
    page.close()


def test_a_chinese_readers_names_find_their_concept_in_the_top_three_of_the_chinese_search(  # type: ignore[no-untyped-def]
        zh_tab, capsys) -> None:
    by_id = {c.id: c for c in CONCEPTS}
    ranks: dict[str, int | None] = {}
    misses: dict[str, list[str]] = {}
    asked = [(q, {localized(u, ZH_HANS) for u in _concept_pages(by_id[cid])}) for q, cid in CHINESE_WORDS]
    asked += [(q, {localized(urls.ruleset_url(r), ZH_HANS) for r in rids}) for q, rids in CHINESE_RULESET_WORDS]
    for query, wanted in asked:
        found = _search(zh_tab, query)
        assert all(u.startswith("/zh-Hans/") for u in found), (query, found[:3])  # the Chinese index only
        rank = ranks[query] = _rank(found, wanted)
        if rank is None or rank > TOP:
            misses[query] = found[:TOP]
    with capsys.disabled():
        print(f"\nChinese readers' names: {sum(r is not None and r <= TOP for r in ranks.values())} of {len(ranks)} "
              f"in the top {TOP}, {sum(r == 1 for r in ranks.values())} first")
    assert misses == {}
