"""Every page of the site, in a fixed order: the plan the build renders and link-checks."""

from __future__ import annotations

from .. import i18n, views
from ..gather import SiteData
from .calculator import calculator_page
from .card import card_page
from .concept import concept_pages
from .diff import diff_pages
from .glossary import glossary_pages
from .hand import hand_pages
from .home import home_pages
from .matrix import matrix_pages, witnessed
from .page import Page
from .pattern import pattern_pages
from .prose import prose_pages
from .ruleset import ruleset_page
from .sources import sources_pages
from .variations import variations_pages


def site_pages(data: SiteData) -> list[Page]:
    """Every page of the site in every locale, in a fixed order: the default locale's pages, then each other
    locale's twins of the same pages, each planned with its locale in force (its words, its `Page.locale`)."""
    pages: list[Page] = []
    for locale in i18n.LOCALES:
        with i18n.using(locale):
            pages.extend(_pages(data))
    return pages


def _pages(data: SiteData) -> list[Page]:
    """Every page of the site in the current locale."""
    index = views.exclusion_index(data.examples)
    pages = home_pages(data)
    pages.extend(prose_pages(data))
    for rs in data.rulesets.values():
        pages.append(ruleset_page(data, rs))
        pages.extend(pattern_pages(data, rs, index))
        pages.append(card_page(rs))
        pages.extend(diff_pages(data, rs))
        pages.extend(variations_pages(data, rs))
        pages.extend(matrix_pages(data, rs))
    pages.extend(concept_pages(data))
    pages.extend(sources_pages(data))
    pages.extend(glossary_pages(data))
    pages.append(calculator_page(data))
    pages.extend(hand_pages(data, witnessed(data)))
    return pages
