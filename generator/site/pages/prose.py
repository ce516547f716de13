"""The prose pages of content/pages/: essays, theorems, and the how-to-read page with its tile legend."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from .. import i18n, urls, views
from ..gather import SiteData
from ..i18n import gettext as _
from .page import Crumbs, Page, home_crumb

SAMPLE_HAND = "123m456p1z [555s] {7777z} +1z"  # drawn on the how-to-read page to show the picture conventions


def prose_pages(data: SiteData) -> list[Page]:
    pages = []
    for slug, page in data.prose.items():
        template = "theorem.html" if slug.startswith("theorem-") else "prose.html"
        doc, in_language = page.read_in(i18n.current() != i18n.EN)
        context: dict[str, Any] = {"doc": doc, "doc_lang": Markup("" if in_language else ' lang="en"')}
        crumbs: Crumbs = (home_crumb(),)
        if slug.startswith("theorem-"):
            crumbs += ((_("Theorems"), urls.THEOREMS),)
        if slug == "how-to-read":
            template = "how-to-read.html"
            context["legend"] = views.tile_legend()
            context["sample"] = SAMPLE_HAND
        pages.append(Page(urls.prose_url(slug), template, doc.title, context, crumbs=crumbs))
    return pages
