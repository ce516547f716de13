"""The site's fixed pages: home, the indexes of rule sets and theorems, search, and the 404 page (the hands index
is planned with the hand pages, in hand.py)."""

from __future__ import annotations

from .. import urls
from ..gather import SiteData
from .page import HOME_CRUMB, SITE_NAME, Page


def home_pages(data: SiteData) -> list[Page]:
    theorems = [p for s, p in data.prose.items() if s.startswith("theorem-")]
    return [
        Page(urls.HOME, "home.html", SITE_NAME,
             {"theorems": theorems, "n_patterns": sum(len(r.patterns) for r in data.rulesets.values()),
              "n_examples": len(data.examples), "n_concepts": len(data.atlas.concepts),
              "version": data.version},
             description="Mahjong scoring rules side by side: every pattern of every rule set, with worked examples."),
        Page(urls.RULESETS, "rulesets.html", "Rule sets", {}, crumbs=(HOME_CRUMB,)),
        Page(urls.THEOREMS, "theorems.html", "Theorems", {"theorems": theorems}, crumbs=(HOME_CRUMB,),
             keywords=("theorems", "theorem", "proofs", "facts")),
        Page(urls.SEARCH, "search.html", "Search", {}, searchable=False, crumbs=(HOME_CRUMB,)),
        Page(urls.NOT_FOUND, "404.html", "Page not found", {}, searchable=False),
    ]
