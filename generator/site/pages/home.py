"""The site's fixed pages: home, the indexes of rule sets and theorems, search, and the 404 page (the hands index
is planned with the hand pages, in hand.py)."""

from __future__ import annotations

from markupsafe import Markup

from .. import i18n, urls
from ..gather import SiteData
from ..i18n import gettext as _
from .page import SITE_NAME, Page, home_crumb


def home_pages(data: SiteData) -> list[Page]:
    chinese = i18n.current() != i18n.EN
    theorems = [{"slug": s, "title": doc.title, "lang": Markup("" if in_language else ' lang="en"')}
                for s, p in data.prose.items() if s.startswith("theorem-")
                for doc, in_language in [p.read_in(chinese)]]
    return [
        Page(urls.HOME, "home.html", _(SITE_NAME),
             {"theorems": theorems, "n_patterns": sum(len(r.patterns) for r in data.rulesets.values()),
              "n_examples": len(data.examples), "n_concepts": len(data.atlas.concepts),
              "version": data.version},
             description=_("Mahjong scoring rules side by side: every pattern of every rule set, with worked examples.")),
        Page(urls.RULESETS, "rulesets.html", _("Rule sets"), {}, crumbs=(home_crumb(),)),
        Page(urls.THEOREMS, "theorems.html", _("Theorems"), {"theorems": theorems}, crumbs=(home_crumb(),),
             keywords=("theorems", "theorem", "proofs", "facts")),
        Page(urls.SEARCH, "search.html", _("Search"), {}, searchable=False, crumbs=(home_crumb(),)),
        Page(urls.NOT_FOUND, "404.html", _("Page not found"), {}, searchable=False),
    ]
