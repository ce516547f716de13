"""What the search index is told about a page besides its text: what kind of page it is, and the names it is
found by, in simplified and in traditional characters.

A rule set's, pattern's or concept's page is where a reader typing its name wants to land, but Pagefind ranks short
pages that say the name once in a heading (the example hands) above the long page that defines it. So the templates
give each such page its names again, in an element the reader never sees (`hidden`), as metadata that Pagefind
searches and the search page weighs above the text. The rule sets write their names in different scripts (Zung Jung
and Sihai in traditional characters, MCR in simplified), so each name is given in both: a reader types the script
they know. The conversion is OpenCC's (PyPI `opencc`), whose phrase tables are maintained; a table of our own
would drift.

Each name form is also a Pagefind filter value (`name`, in lower case), so the search page asks for the pages
of exactly the name typed and lists them first, however the words rank: a word on every page of a rule set's shard
("Riichi" in Riichi's) weighs nothing there, and a page that shares a name's words ("Two kongs" for "One kong")
could outrank the page of the name itself.

The names are not part of the page's text: Pagefind builds a result's excerpt from that text, and a list of aliases
is no sentence. They are given as the page's `names` metadata (written in the attribute, so the element holds no
text to index), which Pagefind searches and the search page weighs (templates/static/search.js, `metaWeights`).

A page a reader looks for by what it is rather than by what it says (a rule set by "EMA" or "国标", its card by
"cheat sheet", its edition's changes by "what changed") is given those words as its `keywords` metadata: found and
boosted like the names, never shown. Each page module says which words describe its pages (`Page.keywords`).

The kinds name what a result is; they are Pagefind filters, so a search can be narrowed to them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any, Union

from markupsafe import Markup, escape

from ..examples.concepts import Concept
from ..rules import Pattern, Ruleset
from .i18n import N_

KINDS: dict[str, str] = {  # template -> kind; any other searchable template is a "page"
    "pattern.html": "pattern",
    "concept.html": "concept",
    "hand.html": "example hand",
    "ruleset.html": "rule set",
    "diff.html": "edition changes",
    "variations.html": "edition changes",
    "card.html": "card",
    "matrix.html": "compatibility matrix",
}
# as the search page offers them
KIND_ORDER = (N_("pattern"), N_("concept"), N_("example hand"), N_("rule set"), N_("edition changes"), N_("card"),
              N_("compatibility matrix"), N_("page"))  # N_: the search page offers them in its own language
# Pages whose body is not indexed (a card repeats every pattern's name and value, a matrix every pair of them:
# they would crowd out the pattern pages; the calculator is a form) but which a reader should still find by their
# title, description and keywords: "card", "compatibility", "calculator".
TITLE_ONLY = frozenset({"card.html", "matrix.html", "calculator.html"})


def kind_of(template: str) -> str:
    """What a page printed by `template` is, as search results name it.

    >>> kind_of("pattern.html"), kind_of("card.html"), kind_of("theorems.html")
    ('pattern', 'card', 'page')
    """
    return KINDS.get(template, "page")


@cache
def _converter(config: str) -> Any:
    import opencc  # loading the phrase tables takes a moment: only builds that print names pay for it

    return opencc.OpenCC(config)


def split_names(text: str) -> list[str]:
    """The names of a field that lists several ("鸡和 / 无番和").

    >>> split_names("鸡和 / 无番和"), split_names("Chicken hand")
    (['鸡和', '无番和'], ['Chicken hand'])
    """
    return [part.strip() for part in text.split("/") if part.strip()]


Named = Union[str, Pattern, Concept, Iterable["Named"]]


def _names(item: Named) -> Iterator[str]:
    if isinstance(item, str):
        yield from split_names(item)
    elif isinstance(item, (Pattern, Concept)):
        yield from split_names(item.zh)
        yield from split_names(item.en)
        yield from getattr(item, "aliases", ())
        yield from (name for name in (getattr(item, "ja", ""), getattr(item, "kana", "")) if name)
    else:
        for inner in item:
            yield from _names(inner)


def name_forms(items: Iterable[Named]) -> list[str]:
    """The names of patterns, concepts and strings (and lists of them), each as given, in simplified and in
    traditional characters; each form once, in first-seen order.

    >>> name_forms(["對對和", "Full flush", "对对和"])
    ['對對和', '对对和', 'Full flush']
    >>> name_forms([["一气通贯 / 清龙"]])
    ['一气通贯', '一氣通貫', '清龙', '清龍']
    """
    out: dict[str, None] = {}
    for name in _names(items):
        out[name] = None
        out[_converter("t2s").convert(name)] = None
        out[_converter("s2t").convert(name)] = None
    return list(out)


def name_key(name: str) -> str:
    """A name as the `name` filter holds it, and as search.js asks for it: lower case, single spaces.

    >>> name_key("  All  Pungs ")
    'all pungs'
    """
    return " ".join(name.split()).lower()


def names_element(items: Iterable[Named]) -> Markup:
    """The hidden element that gives a page its names: searched as the `names` meta, one `name` filter value each,
    and no text of the page (the excerpt).

    >>> str(names_element(["對對和"]))
    '<p hidden data-pagefind-meta="names:對對和 · 对对和"><span data-pagefind-filter="name:對對和"></span><span data-pagefind-filter="name:对对和"></span></p>'
    """
    forms = name_forms(items)
    spans = "".join(f'<span data-pagefind-filter="name:{escape(name_key(n))}"></span>' for n in forms)
    return Markup(f'<p hidden data-pagefind-meta="names:{escape(" · ".join(forms))}">{spans}</p>')


def ruleset_names(rs: Ruleset) -> list[str]:
    """What readers call a rule set: its name, each of its Chinese names, its id and its aliases (the ones
    `--ruleset` takes), those written with hyphens also with spaces ("green-book" is typed "green book").

    >>> from types import SimpleNamespace
    >>> ruleset_names(SimpleNamespace(name="Riichi", zh="日麻 · 立直麻雀", id="riichi-ema-2016",
    ...                               aliases=("ema",)))
    ['Riichi', '日麻', '立直麻雀', 'riichi-ema-2016', 'riichi ema 2016', 'ema']
    """
    out: dict[str, None] = {}
    for name in [rs.name, *(part for part in rs.zh.replace("·", "/").split("/")), rs.id, *rs.aliases]:
        for form in (name.strip(), name.replace("-", " ").strip()):
            if form:
                out[form] = None
    return list(out)


def ruleset_keywords(rs: Ruleset) -> tuple[str, ...]:
    """The words that find a page of one rule set: its names, and the words of its edition ("Mahjong Soul",
    "Green Book 2006").

    >>> from types import SimpleNamespace
    >>> ruleset_keywords(SimpleNamespace(name="Sihai", zh="四海", id="sihai-3.1", aliases=(),
    ...                                  edition="3.1 标准版"))
    ('Sihai', '四海', 'sihai-3.1', 'sihai 3.1', '3.1 标准版')
    """
    return (*ruleset_names(rs), rs.edition)


def keywords_element(words: Iterable[str]) -> Markup:
    """The hidden element that gives a page the words it is looked for by: searched as the `keywords` meta, never
    part of the page's text (the excerpt).

    >>> str(keywords_element(["card", "cheat sheet"]))
    '<p hidden data-pagefind-meta="keywords:card · cheat sheet"></p>'
    """
    return Markup(f'<p hidden data-pagefind-meta="keywords:{escape(" · ".join(words))}"></p>')
