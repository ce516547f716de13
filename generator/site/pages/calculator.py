"""The hand calculator's page: the engine in the browser (the packaging is site/calculator.py)."""

from __future__ import annotations

from .. import calculator
from ..gather import SiteData
from ..i18n import gettext as _
from .page import Page, home_crumb


def calculator_page(data: SiteData) -> Page:
    # Its body is not in the search index: it names the hashed engine bundle and every rule set's data stamp, so any
    # rule edit would re-index it, and its words are the tile palette's labels. It is found by its title, description
    # and keywords instead (a title-only page, search_terms.TITLE_ONLY).
    return Page(calculator.URL, "calculator.html", _("Hand calculator"), calculator.view(data), crumbs=(home_crumb(),),
                searchable=False,
                keywords=("calculator", "calculate", "score a hand", "scorer", "算番器", "计算器"),
                description=_("Score your own hand under every rule set, in the browser, with the atlas's own engine."))
