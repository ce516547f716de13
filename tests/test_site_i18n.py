"""The Chinese twin of the site: every interface string translated, every page in both languages, each linked to
the other with hreflang and a language switch (generator/site/i18n.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from generator.site import i18n

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{[a-z_]+\}|%\([a-z_]+\)s")


def _method_map() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    """babel.cfg's sections, as `extract_from_dir` takes them (the file README's Translations section runs)."""
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        return parse_mapping_cfg(f)


def _extracted() -> set[str]:
    methods, options = _method_map()
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), methods, options, keywords={"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}):
        found.add(message if isinstance(message, str) else message[0])
    return found


def _catalogue(locale: i18n.Locale) -> dict[str, tuple[str, bool]]:
    with locale.po_file.open("rb") as f:
        catalog = read_po(f, locale=locale.catalogue)
    out = {}
    for m in catalog:
        if m.id:
            key = m.id if isinstance(m.id, str) else m.id[0]
            text = m.string if isinstance(m.string, str) else (m.string[0] if m.string else "")
            out[key] = (text, m.fuzzy)
    return out


@pytest.mark.parametrize("locale", [loc for loc in i18n.LOCALES if loc != i18n.DEFAULT], ids=lambda loc: loc.tag)
def test_every_interface_string_has_a_translation(locale: i18n.Locale) -> None:
    """A string marked in a template or in the site's Python and left out of the catalogue, or left empty or fuzzy
    there, would show in English on the twin: run README's catalogue commands and translate it."""
    catalogue = _catalogue(locale)
    untranslated = sorted(m for m in _extracted() if not catalogue.get(m, ("", True))[0] or catalogue[m][1])
    assert not untranslated, f"{len(untranslated)} string(s) without a {locale.tag} translation: {untranslated[:20]}"


@pytest.mark.parametrize("locale", [loc for loc in i18n.LOCALES if loc != i18n.DEFAULT], ids=lambda loc: loc.tag)
def test_every_translation_keeps_its_placeholders(locale: i18n.Locale) -> None:
    wrong = [(m, t) for m, (t, _fuzzy) in _catalogue(locale).items()
             if t and sorted(PLACEHOLDER.findall(m)) != sorted(PLACEHOLDER.findall(t))]
    assert not wrong


def test_the_catalogue_is_read_without_a_compiled_file() -> None:
    assert not list((ROOT / "generator" / "locale").rglob("*.mo"))
    with i18n.using(i18n.ZH_HANS):
        assert i18n.gettext("Home") == "首页"
    assert i18n.gettext("Home") == "Home"


_ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">')
_SWITCH = re.compile(r'<nav class="lang-switch"[^>]*>(.*?)</nav>', re.DOTALL)
_SWITCH_LINK = re.compile(r'<a href="([^"]+)" hreflang="([^"]+)"')
_HTML_LANG = re.compile(r'<html lang="([^"]+)"')


def _address(path: str) -> str:
    return "/" + path.removesuffix("index.html")


def _path(address: str) -> str:
    return (address + "index.html" if address.endswith("/") else address).lstrip("/")


def test_every_page_has_its_twin_and_back_with_the_switch(built_site: Path) -> None:
    pages = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html"))
    english = [p for p in pages if not p.startswith("zh-Hans/")]
    chinese = [p for p in pages if p.startswith("zh-Hans/")]
    assert len(english) == len(chinese) > 1000
    for path in pages:
        html = (built_site / path).read_text(encoding="utf-8")
        own = "zh-Hans" if path.startswith("zh-Hans/") else "en"
        assert _HTML_LANG.search(html).group(1) == own, path  # type: ignore[union-attr]
        alternates = dict(_ALTERNATE.findall(html))
        assert set(alternates) == {"en", "zh-Hans", "x-default"}, path
        assert alternates["x-default"] == alternates["en"]
        assert alternates[own] == _address(path), path
        for lang, address in alternates.items():  # reciprocal: each version lists this one under this one's language
            assert (built_site / _path(address)).is_file(), (path, address)
            back = dict(_ALTERNATE.findall((built_site / _path(address)).read_text(encoding="utf-8")))
            assert back[own] == _address(path), (path, lang)
        switch = _SWITCH.search(html)
        assert switch is not None, path
        (href, lang), = _SWITCH_LINK.findall(switch.group(1))
        assert lang != own and href == alternates[lang], path


def test_chinese_pages_link_to_chinese_pages(built_site: Path) -> None:
    page = (built_site / "zh-Hans" / "rulesets" / "mcr" / "index.html").read_text(encoding="utf-8")
    body = _SWITCH.sub("", page.split("</head>", 1)[1])
    pages = [h for h in re.findall(r'href="(/[^"#?]*)', body) if h.endswith("/")]
    assert pages and all(h.startswith("/zh-Hans/") for h in pages), [h for h in pages if not h.startswith("/zh-Hans/")]
    assert "规则集" in page and 'lang="zh-Hans"' in page


@pytest.mark.browser
def test_a_chinese_page_searches_the_chinese_index_and_switches_language(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    from urllib.parse import quote

    page = browser.new_page()
    page.goto(f"{base_url}/zh-Hans/search/?q={quote('清一色')}")
    page.wait_for_function("document.getElementById('search-status').textContent.includes('找到')", timeout=20000)
    found = [a.get_attribute("href") for a in page.query_selector_all("#search-results .result-title")]
    assert len(found) > 5 and all(h.startswith("/zh-Hans/") for h in found), found
    assert "番种" in page.inner_text("#search-results")  # the kinds in Chinese
    page.goto(f"{base_url}/zh-Hans/rulesets/mcr/")
    for _step in range(40):  # the switch is reached from the keyboard, in the header
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.lang-switch') !== null"):
            break
    else:
        pytest.fail("Tab never reaches the language switch")
    assert page.is_visible(".lang-switch a")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base_url}/rulesets/mcr/")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.close()


def test_chinese_pages_show_the_contents_chinese_twins(built_site: Path) -> None:
    """A Chinese page shows the rule data's Chinese text where it has one (not marked English), the prose pages'
    Chinese twins keep the English pages' anchors, and English pages keep the English."""
    from generator.rules import CONTENT_DIR
    from generator.rulesets import load_rulesets

    rs = load_rulesets(CONTENT_DIR)["mcr"]
    p = rs.pattern("full-flush")
    zh = (built_site / "zh-Hans" / "rulesets" / "mcr" / "full-flush" / "index.html").read_text(encoding="utf-8")
    en = (built_site / "rulesets" / "mcr" / "full-flush" / "index.html").read_text(encoding="utf-8")
    first = p.zh_text["definition"].split("\n")[0][:12]
    assert first and first in zh and first not in en
    assert re.search(r'<div class="prose">\s*<p>' + re.escape(first), zh)  # in the page's language, unmarked
    ruleset = (built_site / "zh-Hans" / "rulesets" / "mcr" / "index.html").read_text(encoding="utf-8")
    assert rs.zh_text["description"].split("\n")[0][:12] in ruleset
    how = (built_site / "zh-Hans" / "how-to-read" / "index.html").read_text(encoding="utf-8")
    english_ids = re.findall(r'<h2 id="([^"]+)"', (built_site / "how-to-read" / "index.html").read_text(encoding="utf-8"))
    assert re.findall(r'<h2 id="([^"]+)"', how) == english_ids and len(english_ids) >= 5
    assert '<h1 lang="en">' not in how and "如何阅读本站" in how


KANA = re.compile(r"[\u3040-\u30ff]")
JAPANESE_ONLY = re.compile(r"[対気発盃帯頭緑蓮燈槓単騎撈場風嶺搶門順裏]")  # shinjitai forms Chinese does not write


def test_riichi_patterns_have_a_chinese_name_and_their_japanese_name_marked_japanese(built_site: Path) -> None:
    """Riichi's names as Chinese players write them (两立直, 对对和, 宝牌) are its `zh`; the Japanese name (ダブル立直)
    and its reading stand beside it on the pattern page, marked `lang="ja"`, and search finds the page by either."""
    from generator.rules import CONTENT_DIR
    from generator.rulesets import load_rulesets

    rulesets = load_rulesets(CONTENT_DIR)
    riichi = [rs for rs in rulesets.values() if rs.policy == "riichi"]
    assert len(riichi) >= 5
    for rs in riichi:
        for p in rs.patterns:
            assert not KANA.search(p.zh) and not JAPANESE_ONLY.search(p.zh), (rs.id, p.id, p.zh)
            assert p.ja and p.kana and not KANA.sub("", p.kana).strip("・ "), (rs.id, p.id)
    p = rulesets["riichi"].pattern("double-riichi")
    assert (p.zh, p.ja, p.kana) == ("两立直", "ダブル立直", "ダブルリーチ")
    for prefix in ("zh-Hans/", ""):
        html = (built_site / f"{prefix}rulesets/riichi/double-riichi/index.html").read_text(encoding="utf-8")
        assert '<span lang="zh">两立直</span>' in html
        assert '<span lang="ja">ダブル立直</span>（<span lang="ja">ダブルリーチ</span>）' in html
        assert "ダブル立直" in re.search(r'data-pagefind-meta="names:([^"]+)"', html).group(1)
