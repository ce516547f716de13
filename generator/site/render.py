"""The rendering toolbox: one Jinja2 environment, safe Markdown, tile filters, rule-set accent colours.

Markdown is only for prose and definitions (tables come from data), and raw HTML in content
is escaped, never passed through: a definition cannot break the page's markup or inject script.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as etree

import markdown
from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined, select_autoescape
from jinja2.bccache import Bucket
from markdown.extensions import Extension
from markdown.extensions.toc import slugify_unicode
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup, escape

from ..cache import Remembered
from ..notation import parse_hand
from ..receipt import figure
from ..rules import Pattern, Ruleset
from ..rules.zh_text import has_chinese
from ..rules.zh_text import localized as localized_text
from ..scoring.families import policy_of
from ..tiles import tile_from_text
from . import i18n, svg, urls
from .i18n import Locale
from .markdown_safe import SafeLinks
from .search_terms import KIND_ORDER, TITLE_ONLY, keywords_element, kind_of, names_element
from .views import category_words, limit_words, ruleset_label, unit_label, unit_word

TEMPLATES_DIR = Path(__file__).resolve().parent.parent.parent / "templates"

# Page backgrounds of the two themes (templates/static/site.css --bg); accents are adjusted to read on both.
LIGHT_BG = "#fbfaf6"
DARK_BG = "#16181c"
MIN_CONTRAST = 5.0


class _EscapeRawHtml(Extension):
    """Treat raw HTML in Markdown as text: content writers get Markdown, not markup."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")


class _HeadingIds(Treeprocessor):
    """A heading ending in `{#some-id}` takes that id (and only an id): a Chinese page keeps its English twin's
    anchors, which the rest of the site links to."""

    _ID = re.compile(r"\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")

    def run(self, root: etree.Element) -> None:
        for el in (e for e in root.iter() if e.tag in ("h2", "h3", "h4")):
            last = list(el)[-1] if len(el) else None
            text = (last.tail if last is not None else el.text) or ""
            m = self._ID.search(text)
            if m:
                el.set("id", m.group(1))
                if last is not None:
                    last.tail = text[:m.start()]
                else:
                    el.text = text[:m.start()]


class _HeadingIdExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.treeprocessors.register(_HeadingIds(md), "heading_ids", 6)  # before toc (5), which keeps a given id


def _markdown(with_ids: bool) -> markdown.Markdown:
    extensions: list[Any] = [_EscapeRawHtml(), SafeLinks(), "sane_lists", "smarty"]  # markdown_safe.py: no javascript:
    if with_ids:
        extensions += [_HeadingIdExtension(), "toc"]
    return markdown.Markdown(extensions=extensions, extension_configs={
        "toc": {"slugify": slugify_unicode, "toc_depth": "2-4"},
        "smarty": {"smart_angled_quotes": False},
    }, output_format="html")


_PROSE = _markdown(with_ids=True)
_SNIPPET = _markdown(with_ids=False)


def md(text: str) -> Markup:
    """Markdown for definitions, descriptions and notes: no heading ids, so it can appear many times on a page.

    >>> str(md("A **pung** <b>raw</b>"))
    '<p>A <strong>pung</strong> &lt;b&gt;raw&lt;/b&gt;</p>'
    """
    return Markup(SNIPPETS(text or ""))


def _snippet(text: str) -> str:
    _SNIPPET.reset()
    return _SNIPPET.convert(text)


SNIPPETS = Remembered("markdown-snippets", _snippet)
"""`md`'s conversions: a text appears on many pages, and in every build (kept by the build cache)."""


@lru_cache(maxsize=256)
def md_page(text: str) -> Markup:
    """Markdown for a whole prose page: headings get ids, so sections can be linked."""
    _PROSE.reset()
    return Markup(_PROSE.convert(text or ""))


def md_inline(text: str) -> Markup:
    """One short Markdown line without its paragraph wrapper (for table cells and captions).

    >>> str(md_inline("*Interpretation*: see §3"))
    '<em>Interpretation</em>: see §3'
    """
    html = str(md(text)).strip()
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    return Markup(html)


@lru_cache(maxsize=8192)
def hand_svg(notation: str, size: svg.Size = "normal", lang: svg.Lang = "en") -> Markup:
    """A hand's tiles from its canonical notation, labelled in `lang`; cached because a hand appears on many
    pages."""
    return Markup(svg.render_hand(parse_hand(notation), size=size, lang=lang))


# ----------------------------------------------------------------------------- accent colours


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def _luminance(rgb: tuple[float, float, float]) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two hex colours.

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    la, lb = sorted((_luminance(_rgb(a)), _luminance(_rgb(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _mix(colour: str, toward: str, t: float) -> str:
    a, b = _rgb(colour), _rgb(toward)
    return "#" + "".join(f"{round((x + (y - x) * t) * 255):02x}" for x, y in zip(a, b))


def readable(colour: str, background: str) -> str:
    """The accent, moved toward black or white just enough to read on `background` (WCAG AA with margin).

    >>> contrast(readable("#8a3b12", DARK_BG), DARK_BG) >= MIN_CONTRAST
    True
    """
    toward = "#ffffff" if _luminance(_rgb(background)) < 0.5 else "#000000"
    for step in range(21):
        candidate = _mix(colour, toward, step / 20)
        if contrast(candidate, background) >= MIN_CONTRAST:
            return candidate
    return toward


@lru_cache(maxsize=64)
def accent_style(colour: str) -> str:
    """CSS custom properties for a rule set's accent in both themes (site.css picks one with light-dark())."""
    return f"--accent-l:{readable(colour, LIGHT_BG)};--accent-d:{readable(colour, DARK_BG)}"


# ----------------------------------------------------------------------------- environment


def _number(value: Any) -> str:
    """Figures as the engine gives them: ints plain, floats without a trailing .0 (receipt.figure, which the
    command line prints too)."""
    return figure(value)


SKIP_OPEN, SKIP_CLOSE = "<!--search:skip-->", "<!--/search:skip-->"  # what generator.site.search.indexed_part cuts


def unindexed(element: str, skip: bool = True) -> Markup:
    """One element left out of the search: marked for Pagefind and wrapped in the comments a search shard's key cuts.

    For every number the engine or the build computes (values, totals, shares, statistics, counts of changes):
    Pagefind would only index noise, and a shard keyed on them would be re-indexed after any value edit. Used as
    `{% filter unindexed %}<td class="num">…</td>{% endfilter %}`, or `{% filter unindexed(skip=…) %}` where only
    some rows hold numbers; what a reader sees does not change.

    >>> str(unindexed(Markup('<td class="num">24</td>')))
    '<!--search:skip--><td class="num" data-pagefind-ignore="all">24</td><!--/search:skip-->'
    >>> str(unindexed(Markup('<meta name="description" content="24 fan">')))
    '<!--search:skip--><meta name="description" content="24 fan" data-pagefind-ignore="all"><!--/search:skip-->'
    """
    html = str(element).strip()
    if not skip:
        return Markup(html)
    end = html.find(">")
    if not html.startswith("<") or end < 0 or html.startswith(("<!", "</")):
        raise ValueError(f"unindexed wraps one element, not {html[:40]!r}")
    return Markup(f'{SKIP_OPEN}{html[:end]} data-pagefind-ignore="all"{html[end:]}{SKIP_CLOSE}')


def amount(value: Any, unit: str) -> str:
    """A figure with its unit: '1 point', '320 points', '8 fan'."""
    return f"{_number(value)} {unit_label(unit, value)}"


def pattern_value(rs: Ruleset, p: Pattern, value: int | None = None) -> str:
    """A pattern's value (`value`, else its own) as a reader reads it: the family's word where it has one
    (Riichi's 'yakuman'), else the figure with the rule set's unit."""
    value = p.value if value is None else value
    named = policy_of(rs.policy).value_words(rs, p, value)
    return i18n.say(named, i18n.current()) if named else amount(value, rs.value_unit)


class _CompiledTemplates(FileSystemBytecodeCache):
    """Compiled templates kept in the build cache: compiling them is a tenth of an incremental build."""

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:  # a cache that cannot be written only means compiling again (cache.py warns about it)
            pass


@dataclass(frozen=True)
class ProseText:
    """A content text as a page in some locale shows it: its Chinese twin there, else the English, marked."""

    text: str
    lang: Markup  # ' lang="en"' where the text is not in the page's language, else nothing


def _prose(obj: Any, field: str, locale: Locale) -> ProseText:
    text, lang = localized_text(obj, field, locale.tag)
    return ProseText(text, Markup(f' lang="{lang}"') if lang != locale.tag else Markup(""))


def _english(text: str, locale: Locale) -> Markup:
    """An English name beside its Chinese one: marked as English on a page of another locale."""
    return escape(text) if locale == i18n.EN else Markup('<span lang="en">{}</span>').format(text)


_ENGLISH_WORDS = re.compile(r"[A-Za-z]{2,}(?:[ ,.'’()-]+[A-Za-z]{2,})+")


def _english_if_worded(text: str, locale: Locale) -> Markup:
    """Content that is English where the data has no Chinese for it (a source's title, a citation's locator, a date
    note): marked as English on a page of another locale when it holds a run of English words."""
    if locale == i18n.EN or not _ENGLISH_WORDS.search(text):
        return escape(text)
    return Markup('<span lang="en">{}</span>').format(text)


def _text_lang(text: str) -> str:
    """The language a title of the data is written in, for its `lang`: Chinese where it holds a Chinese
    character, else English (a bibliography entry's title is one or the other).

    >>> _text_lang("中庸麻雀計分法"), _text_lang("Zung Jung System v2.51")
    ('zh', 'en')
    """
    return "zh" if has_chinese(text) else "en"


_GLOSSED = re.compile(r"^(?P<title>.*?)\s*\((?P<gloss>[^()]*[A-Za-z]{2,}[^()]*)\)$")


def _titled(text: str, split: bool = True) -> Markup:
    """A source's title marked with the language it is written in; with `split` (a page in another language than
    English, whose reader meets the English words), a Chinese title with an English gloss in brackets
    ("麻将竞赛规则 (Mahjong Competition Rules)") marks each part with its own. An English page keeps the title whole.

    >>> print(_titled("麻将竞赛规则 (Mahjong Competition Rules)"))
    <span lang="zh">麻将竞赛规则</span> (<span lang="en">Mahjong Competition Rules</span>)
    >>> print(_titled("Mahjong Friends"))
    <span lang="en">Mahjong Friends</span>
    """
    m = _GLOSSED.match(text) if split else None
    if m and has_chinese(m["title"]) and not has_chinese(m["gloss"]):
        return Markup('<span lang="zh">{}</span> (<span lang="en">{}</span>)').format(m["title"], m["gloss"])
    return Markup('<span lang="{}">{}</span>').format(_text_lang(text), text)


def _sentence(text: str) -> str:
    """`text` with its first letter a capital, the rest as written (Jinja's `capitalize` lowers the rest, which
    would turn a wind's letter, "seat wind E", into "e").

    >>> _sentence("seat wind E instead of S"), _sentence("和牌张变了")
    ('Seat wind E instead of S', '和牌张变了')
    """
    return text[:1].upper() + text[1:]


def _english_lang(text: str, locale: Locale) -> Markup:
    """` lang="en"` for an element whose content is such English (a cell that may hold paragraphs, where a span
    may not stand), on a page of another locale; nothing otherwise."""
    if locale == i18n.EN or not _ENGLISH_WORDS.search(str(text or "")):
        return Markup("")
    return Markup(' lang="en"')


def _shown_lang(text: str, locale: Locale) -> Markup:
    """` lang="en"` for an element showing content said in the page's language (`say`) that is still English, there
    being no Chinese twin or translation of it, on a page of another locale; nothing otherwise. Chinese text may hold
    tile notation or a rule set's English name, so what decides is whether it holds Chinese, not English words."""
    if locale == i18n.EN or not str(text or "").strip() or has_chinese(str(text)):
        return Markup("")
    return Markup(' lang="en"')


def _ruleset_name(rs: Ruleset, locale: Locale) -> str:
    """What a page calls a rule set: its English name, and on a Chinese page its Chinese one."""
    return rs.name if locale == i18n.EN else rs.zh


def environment(templates: Path = TEMPLATES_DIR, compiled: Path | None = None,
                locale: Locale = i18n.DEFAULT) -> Environment:
    """The template environment of one locale, its catalogue installed for `_()` and `{% trans %}` (newstyle:
    `_()` escapes and formats as Jinja does); `compiled` is a folder that keeps the compiled templates between builds
    (Jinja checks each against its source, so a stale one is never used; the catalogue is read when a page renders,
    so the compiled templates serve every locale)."""
    env = Environment(
        extensions=["jinja2.ext.i18n"],
        loader=FileSystemLoader(str(templates)),
        bytecode_cache=_CompiledTemplates(str(compiled)) if compiled is not None else None,
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    lang: svg.Lang = "en" if locale == i18n.EN else "zh-Hans"
    env.filters.update(md=md, md_page=md_page, md_inline=md_inline,
                       hand=lambda notation, size="normal": hand_svg(notation, size, lang),
                       accent=accent_style, number=_number,
                       amount=amount, unindexed=unindexed, names_element=names_element,
                       keywords_element=keywords_element, say=lambda text: i18n.say(text, locale),
                       sentence=_sentence)
    env.globals.update(
        urls=urls,
        search_kind=kind_of, search_kinds=KIND_ORDER, search_title_only=TITLE_ONLY,
        tile=lambda text, size="normal": Markup(svg.render_tile(tile_from_text(text), size=size, lang=lang)),
        escape=escape, ruleset_label=ruleset_label, limit_words=limit_words,
        category_words=category_words, pattern_value=pattern_value,
        policy_of=policy_of, unit_word=unit_word, locales=i18n.LOCALES, locale=locale, localized=i18n.localized,
        prose=lambda obj, field: _prose(obj, field, locale),
        en=lambda text: _english(text, locale), en_words=lambda text: _english_if_worded(text, locale),
        en_lang=lambda text: _english_lang(text, locale), shown_lang=lambda text: _shown_lang(text, locale),
        rs_name=lambda rs: _ruleset_name(rs, locale), text_lang=_text_lang,
        titled=lambda text: _titled(text, split=locale != i18n.EN),
        rs_edition=lambda rs: _prose(rs, "edition", locale).text,
        script_words=i18n.script_words(locale),
        # on a page of another locale, text the content holds only in English is marked as English
        content_lang=Markup(' lang="en"') if locale != i18n.EN else Markup(""),
    )
    env.policies["ext.i18n.trimmed"] = True  # a {% trans %} block's line breaks are not part of its message
    env.install_gettext_translations(i18n.translations(locale), newstyle=True)  # type: ignore[attr-defined]
    return env
