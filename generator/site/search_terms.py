"""What the search index is told about a page besides its text: what kind of page it is, and the names it is
found by, in simplified and in traditional characters.

A pattern's or concept's page is where a reader typing its name wants to land, but Pagefind ranks short pages
that say the name once in a heading (the example hands) above the long page that defines it. So the templates
give each pattern and concept page its names again, in an element the reader never sees (`hidden`) and Pagefind
reads at its highest weight. The rule sets write their names in different scripts (Zung Jung and Sihai in
traditional characters, MCR in simplified), so each name is given in both: a reader types the script they know.
The conversion is OpenCC's (PyPI `opencc`), whose phrase tables are maintained; a table of our own would drift.

Each name form is also a Pagefind filter value (`name`, in lower case), so the search page asks for the pages
of exactly the name typed and lists them first, however the words rank: a word on every page of a rule set's shard
("Riichi" in Riichi's) weighs nothing there, and a page that shares a name's words ("Two kongs" for "One kong")
could outrank the page of the name itself.

The kinds name what a result is; they are Pagefind filters, so a search can be narrowed to them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any, Union

from markupsafe import Markup, escape

from ..examples.concepts import Concept
from ..rules import Pattern

KINDS: dict[str, str] = {  # template -> kind; any other searchable template is a "page"
    "pattern.html": "pattern",
    "concept.html": "concept",
    "hand.html": "example hand",
    "ruleset.html": "rule set",
    "card.html": "rule set",
    "matrix.html": "rule set",
    "diff.html": "rule set",
}
KIND_ORDER = ("pattern", "concept", "example hand", "rule set", "page")  # as the search page offers them
# Pages whose body is not indexed (a card repeats every pattern's name and value, a matrix every pair of them:
# they would crowd out the pattern pages) but which a reader should still find by their title: "card",
# "compatibility".
TITLE_ONLY = frozenset({"card.html", "matrix.html"})


def kind_of(template: str) -> str:
    """What a page printed by `template` is, as search results name it.

    >>> kind_of("pattern.html"), kind_of("card.html"), kind_of("theorems.html")
    ('pattern', 'rule set', 'page')
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
    """The hidden element that gives a page its names: indexed at the highest weight, as the `names` meta and as
    one `name` filter value each.

    >>> str(names_element(["對對和"]))
    '<p hidden data-pagefind-weight="10" data-pagefind-meta="names"><span data-pagefind-filter="name:對對和">對對和</span> · <span data-pagefind-filter="name:对对和">对对和</span></p>'
    """
    spans = " · ".join(f'<span data-pagefind-filter="name:{escape(name_key(n))}">{escape(n)}</span>'
                       for n in name_forms(items))
    return Markup(f'<p hidden data-pagefind-weight="10" data-pagefind-meta="names">{spans}</p>')
