"""The site's languages: one site per locale, linked by hreflang, its interface strings through gettext.

English is the default locale and keeps the unprefixed addresses; every other locale is a twin of the whole site
under its own prefix (`/zh-Hans/rulesets/mcr/`), as Docusaurus lays it out. Pages are planned and rendered with the
locale in force (`using`), so the Python that makes views translates its words with `gettext` the way the templates
do with `_()` (jinja2.ext.i18n, one environment per locale, `render.environment`).

The catalogues are `generator/locale/<catalogue>/LC_MESSAGES/messages.po`, read with Babel and compiled in memory:
nothing compiled is kept in the repository, and the same catalogue gives the same bytes on every build.

Pages and content write their links in the default locale's addresses (`/rulesets/mcr/`); `localize_links` moves the
links of a page of another locale to that locale's twins in one pass, Markdown content's links included, and the link
check then holds every locale's pages to their own locale. Links that name their language (`hreflang`: the
alternates and the language switch) are left as they are written.

>>> localize_links(b'<a href="/rulesets/">x</a><a hreflang="en" href="/rulesets/">y</a><img src="/static/a.svg">'
...                b'<a href="/data/examples.json">j</a><form action="/search/">', ZH_HANS)
b'<a href="/zh-Hans/rulesets/">x</a><a hreflang="en" href="/rulesets/">y</a><img src="/static/a.svg"><a href="/data/examples.json">j</a><form action="/zh-Hans/search/">'
>>> with using(ZH_HANS):
...     gettext("Rule sets")
'规则集'
"""

from __future__ import annotations

import gettext as _gettext
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .. import messages

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"


@dataclass(frozen=True)
class Locale:
    tag: str  # BCP 47, as <html lang>, hreflang and the address prefix write it
    catalogue: str  # the gettext folder name under generator/locale/
    name: str  # in its own language, as the language switch offers it

    @property
    def prefix(self) -> str:
        """What the locale's addresses start with: '' for the default locale, '/zh-Hans' for Chinese."""
        return "" if self == DEFAULT else "/" + self.tag

    @property
    def po_file(self) -> Path:
        return LOCALE_DIR / self.catalogue / "LC_MESSAGES" / f"{DOMAIN}.po"


EN = Locale("en", "en", "English")
ZH_HANS = Locale("zh-Hans", "zh_Hans", "简体中文")
DEFAULT = EN
LOCALES: tuple[Locale, ...] = (EN, ZH_HANS)  # the order of the alternates and the switch

_current: ContextVar[Locale] = ContextVar("locale", default=DEFAULT)


def current() -> Locale:
    """The locale pages are being planned and rendered in."""
    return _current.get()


@contextmanager
def using(locale: Locale) -> Iterator[Locale]:
    """Within: `gettext` and the pages planned speak `locale`."""
    token = _current.set(locale)
    try:
        yield locale
    finally:
        _current.reset(token)


@cache
def translations(locale: Locale) -> _gettext.NullTranslations:
    """The locale's catalogue, compiled from its .po file in memory (the default locale needs none). Fuzzy entries
    are left out: a translation marked as a guess is not shown."""
    if locale == DEFAULT or not locale.po_file.is_file():
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with locale.po_file.open("rb") as f:
        catalog = read_po(f, locale=locale.catalogue, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def gettext(message: str) -> str:
    """`message` in the current locale (as written when the catalogue has no translation)."""
    return translations(current()).gettext(message)


def say(text: str, locale: Locale) -> str:
    """Text the engine wrote (a `messages.Message`: a note, a refusal, a fu part, a notation error) in `locale`,
    through its catalogue, pattern names in Chinese on a Chinese page; plain text as it is."""
    if locale == DEFAULT or not isinstance(text, messages.Message):
        return str(text)
    return text.say(translations(locale).gettext, zh=True)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a string for the catalogue where it is defined, to be translated with `gettext` where it is shown
    (module constants are made before any locale is in force)."""
    return message


# What the site's scripts say (templates/static/*.js): a page of another locale carries them translated, keyed by
# the English, in a JSON element the scripts read (base.html, `script_words`); "%(n)s" stands for a number.
SCRIPT_WORDS = (
    N_("Colour theme: automatic"), N_("Colour theme: light"), N_("Colour theme: dark"),
    N_("Pick two different patterns."), N_("see the witness hand"), N_("%(n)s hands"), N_("%(shown)s of %(n)s hands"),
    N_("Copied"), N_("Copy failed: select the text"), N_("Copied to the clipboard"),
    N_("Could not copy; select the text and copy it"),
    N_("Searching…"), N_("1 page found."), N_("%(n)s pages found."),
    N_("Search needs the site served over HTTP (run: mahjong-atlas serve)."),
    N_("Search is unavailable: the index could not be loaded."),
)


def script_words(locale: Locale) -> dict[str, str]:
    """SCRIPT_WORDS in `locale`, by their English (empty for the default locale: the scripts say the English)."""
    if locale == DEFAULT:
        return {}
    return {words: translations(locale).gettext(words) for words in SCRIPT_WORDS}


def localized(url: str, locale: Locale) -> str:
    """A page's address in `locale`: '/rulesets/' -> '/zh-Hans/rulesets/'."""
    return locale.prefix + url if url.startswith("/") and not url.startswith("//") else url


def is_page_address(url: str) -> bool:
    """Whether a root-absolute address is a page (a folder address, or the 404 page) rather than a file every locale
    shares (static assets, the examples' JSON, the search bundles).

    >>> [is_page_address(u) for u in ("/", "/calculator/#hand=1m", "/search/?q=x", "/static/site.css", "/404.html")]
    [True, True, True, False, True]
    """
    path = re.split(r"[?#]", url, maxsplit=1)[0]
    return path.endswith("/") or path == "/404.html"


_TAG = re.compile(rb"<(?:a|form|link|area)\b[^>]*>")
_LINK = re.compile(rb'(\s(?:href|action)=")(/(?!/)[^"]*)"')


def localize_links(html: bytes, locale: Locale) -> bytes:
    """A rendered page's links to pages moved to `locale`'s twins; links that name their language stay."""
    if locale == DEFAULT:
        return html
    prefix = locale.prefix.encode("utf-8")

    def tag(m: re.Match[bytes]) -> bytes:
        text = m.group(0)
        if b" hreflang=" in text:
            return text
        return _LINK.sub(lambda a: a.group(1) + (prefix if is_page_address(a.group(2).decode("utf-8")) else b"")
                         + a.group(2) + b'"', text)

    return _TAG.sub(tag, html)
