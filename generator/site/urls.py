"""Every URL the site has, in one place.

The contract URLs (notation.md "Site contract") are fixed; the rest are ours to choose but
just as stable, since writers cite them. Links are root-absolute directory URLs ("/rulesets/mcr/")
so a page can move between templates without its links changing; `output_path` maps a URL to
the file that serves it.

>>> pattern_url("zj-2.4", "pure-one-suit")
'/rulesets/zj-2.4/pure-one-suit/'
>>> output_path(pattern_url("zj-2.4", "pure-one-suit"))
'rulesets/zj-2.4/pure-one-suit/index.html'
>>> output_path("/404.html")
'404.html'
"""

from __future__ import annotations

HOME = "/"
RULESETS = "/rulesets/"
CONCEPTS = "/concepts/"
HANDS = "/hands/"
THEOREMS = "/theorems/"
SEARCH = "/search/"
HOW_TO_READ = "/how-to-read/"
SOURCES = "/sources/"
GLOSSARY = "/glossary/"
NOT_FOUND = "/404.html"
EXAMPLES_JSON = "/data/examples.json"
STATIC = "/static/"
CALCULATOR = "/calculator/"

# Words a pattern id may not take, because the rule-set folder already uses them for its own pages.
RESERVED_PATTERN_IDS = frozenset({"card", "matrix", "diff", "variations"})


def ruleset_url(ruleset_id: str) -> str:
    return f"/rulesets/{ruleset_id}/"


def pattern_url(ruleset_id: str, pattern_id: str) -> str:
    return f"/rulesets/{ruleset_id}/{pattern_id}/"


def card_url(ruleset_id: str) -> str:
    return f"/rulesets/{ruleset_id}/card/"


def matrix_url(ruleset_id: str) -> str:
    return f"/rulesets/{ruleset_id}/matrix/"


def diff_url(ruleset_id: str) -> str:
    """What an edition changes over its base."""
    return f"/rulesets/{ruleset_id}/diff/"


def variations_url(ruleset_id: str) -> str:
    """The rules that differ between a rule set and its editions, side by side."""
    return f"/rulesets/{ruleset_id}/variations/"


def concept_url(concept_id: str) -> str:
    return f"/concepts/{concept_id}/"


def hand_url(key: str) -> str:
    return f"/hands/{key}/"


def prose_url(slug: str) -> str:
    """A Markdown page of content/pages: theorem pages under /theorems/, the others at the top level."""
    if slug.startswith("theorem-"):
        return f"/theorems/{slug.removeprefix('theorem-')}/"
    return f"/{slug}/"


def calculator_url(hand: str) -> str:
    """The calculator asked for `hand` (its page reads the hand from the fragment).

    >>> calculator_url("123m456p789s111z2z+2z tsumo")
    '/calculator/#hand=123m456p789s111z2z%2B2z%20tsumo'
    """
    from urllib.parse import quote

    return f"{CALCULATOR}#hand={quote(hand, safe='')}"


def source_url(key: str) -> str:
    """A bibliography entry: its anchor on the sources page."""
    return f"{SOURCES}#{key}"


def static_url(name: str) -> str:
    return STATIC + name


def output_path(url: str) -> str:
    """The file under the site root that serves `url`."""
    path = url.split("#", 1)[0].lstrip("/")
    if path == "" or path.endswith("/"):
        return path + "index.html"
    return path
