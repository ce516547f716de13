"""The Chinese calculator page (/zh-Hans/calculator/) answers in Chinese: the engine running in the browser says its
verdicts, notes and errors with the catalogue's words the page carries (#calculator-words), and the page's own text
is Chinese too; the English page carries no words and answers as the command line does.

The browser test serves the calculator page alone (both languages, the static scripts and the engine bundle), not a
whole site build: the engine's start without a memory snapshot is the only slow part.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from browser_support import ARGS, CHROMIUM, NO_CHROMIUM
from test_site_zh_english import EnglishRuns

from generator import __version__
from generator.rulesets import all_rulesets
from generator.site import calculator, calculator_engine, calculator_snapshot, i18n
from generator.site.build import _static_files
from generator.site.pages.calculator import calculator_page
from generator.site.render import environment

ROOT = Path(__file__).resolve().parent.parent
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
BAD_HAND = "123m456p789s11z2x"  # an unknown letter: the parser's error
REFUSED = "123m456p789s1z [555p] +1z riichi"  # riichi on an open hand: Riichi refuses it
NO_SHAPE = "123m456p789s11z23s+5s"  # no winning shape anywhere: what is left over


def _page_html(locale: i18n.Locale) -> str:
    rulesets = all_rulesets()
    data = SimpleNamespace(content=ROOT / "content", rulesets=rulesets)
    with i18n.using(locale):
        page = calculator_page(data)  # type: ignore[arg-type]
        site = {"rulesets": list(rulesets.values()), "engine": __version__, "has_concepts": False,
                "has_about": False, "has_sources": False}
        html = environment(locale=locale).get_template(page.template).render(page=page, site=site, **page.view())
    return i18n.localize_links(html.encode("utf-8"), locale).decode("utf-8")


def _words(html: str) -> dict[str, str]:
    m = re.search(r'<script type="application/json" id="calculator-words">(.*?)</script>', html, re.DOTALL)
    return json.loads(m.group(1)) if m else {}


def test_only_the_chinese_page_carries_words_and_they_cover_the_engine() -> None:
    assert _words(_page_html(i18n.EN)) == {}
    words = _words(_page_html(i18n.ZH_HANS))
    assert words["error: %(reason)s"] == "错误：%(reason)s"
    assert words["at column %(column)s: %(reason)s"].startswith("第")
    assert "the tiles do not form a winning shape in this rule set" in words  # scoring/result.py
    assert "Not a winning shape: %(why)s." in words  # calculator.js


def test_the_engine_answers_in_chinese_once_given_the_words() -> None:
    words = _words(_page_html(i18n.ZH_HANS))
    english = json.loads(calculator_engine.answer(BAD_HAND))
    try:
        calculator_engine.set_words(json.dumps(words, ensure_ascii=False))
        error = json.loads(calculator_engine.answer(BAD_HAND))["error"]
        refused = json.loads(calculator_engine.answer(REFUSED))
    finally:
        calculator_engine.set_words("{}")
    assert english["error"].startswith("error: at column 17:")
    assert error.startswith("错误：第 17 个字符处：") and "x" in error
    riichi = next(r for r in refused["results"] if r["score"]["ruleset"] == "riichi")
    note = riichi["score"]["notes"][0]
    assert note == "立直麻将中不可能有这副牌：只有门清才能立直；这副牌有鸣牌副露"
    assert not LATIN_WORD.search(note)
    # back in English: exactly the command line's answer again
    assert json.loads(calculator_engine.answer(BAD_HAND)) == english


# ----------------------------------------------------------------------------- in the browser


@pytest.fixture(scope="module")
def calculator_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Both calculator pages, the static scripts and the engine's files, served (no memory snapshot: it needs Node
    and adds nothing to what is said)."""
    if calculator.runtime_dir() is None:
        pytest.skip(f"no Pyodide runtime in .cache/npm ({calculator.NPM_INSTALL})")
    from generator.site.serve import start_in_thread

    root = tmp_path_factory.mktemp("calculator-zh")
    saved = calculator_snapshot.snapshot
    calculator_snapshot.snapshot = lambda *args, **kwargs: None  # type: ignore[assignment]
    try:
        files = dict(calculator.assets(ROOT / "content").files)
        pages = {locale: _page_html(locale) for locale in (i18n.EN, i18n.ZH_HANS)}
    finally:
        calculator_snapshot.snapshot = saved  # type: ignore[assignment]
    files.update(_static_files())
    for locale, html in pages.items():
        files[f"{locale.prefix.lstrip('/')}/calculator/index.html".lstrip("/")] = html.encode("utf-8")
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    server, url = start_in_thread(root)
    yield url
    server.shutdown()
    server.server_close()


def _open(p, url: str):  # type: ignore[no-untyped-def]
    browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("document.getElementById('calculator').dataset.ready === 'true'", timeout=180000)
    return browser, page, errors


def _ask(page, hand: str) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("h => { location.hash = 'hand=' + encodeURIComponent(h); }", hand)
    page.wait_for_function("h => document.getElementById('results').dataset.for === h", arg=hand, timeout=30000)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)
def test_the_chinese_page_gives_chinese_verdicts_and_errors(calculator_site: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser, page, errors = _open(p, calculator_site + "/zh-Hans/calculator/")
        try:
            assert "引擎" in page.text_content("#calc-status")
            _ask(page, BAD_HAND)
            error = page.get_attribute("#results [data-error]", "data-error")
            assert error.startswith("错误：第 17 个字符处：")
            assert page.text_content("#calc-status") == "引擎无法读取这副手牌。"
            _ask(page, REFUSED)
            assert "不是合规和牌：立直麻将中不可能有这副牌" in page.text_content("#results table.summary")
            assert "立直麻将中不可能有这副牌：只有门清才能立直" in page.text_content("#calc-score-riichi")
            _ask(page, NO_SHAPE)
            assert page.text_content("#results .no-shape").startswith("不是和牌型：最多 3 组面子和一对将")
            no_shape = page.text_content("#calc-score-mcr .verdict")
            assert no_shape.startswith("按此规则不是和牌：这些牌在这套规则下不成和牌型")
            assert not LATIN_WORD.search(no_shape.replace("mcr", ""))
            _ask(page, "11144477789m8z8z+5m tsumo")  # ghosts: every rule set answers, each named in Chinese
            runs = EnglishRuns()
            runs.feed(page.inner_html("#results"))
            assert runs.runs == [] and "广东麻将" in page.text_content("#results table.summary")
            _ask(page, "123m")
            assert page.text_content("#results .needs") == "已有 3 张：再加 11 张成和牌（再加 10 张即显示听哪些牌）。杠按三张计。"
            _ask(page, "1112345678999m")
            assert page.text_content("#answer p") == "听 1m 2m 3m 4m 5m 6m 7m 8m 9m 7z（每张的得分见下方）。"
            assert page.text_content("#results h2") == "听牌"
        finally:
            browser.close()
        assert errors == [], errors


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)
def test_the_english_page_still_answers_in_english(calculator_site: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser, page, errors = _open(p, calculator_site + "/calculator/")
        try:
            _ask(page, BAD_HAND)
            assert page.get_attribute("#results [data-error]", "data-error") == \
                "error: at column 17: unknown suit letter or tile 'x'"
            _ask(page, REFUSED)
            assert "not a Riichi hand: riichi is declared on a concealed hand only" in \
                page.text_content("#calc-score-riichi")
            _ask(page, "123m")
            assert page.text_content("#results .needs") == \
                "3 tiles so far: 11 more for a complete hand (10 more shows what it waits on). A kong counts as three."
            _ask(page, "1112345678999m")
            assert page.text_content("#answer p") == \
                "Waits on 1m 2m 3m 4m 5m 6m 7m 8m 9m 7z (each tile's score: below)."
            assert page.text_content("#results h2") == "Waits"
            assert page.text_content("#calc-status").startswith("Waits table in ")
            assert page.text_content("#calc-preview-text") == \
                "13 tiles: a waiting hand (what it waits on is shown below)"
        finally:
            browser.close()
        assert errors == [], errors
