"""An edition's changes page: the fields it changes from its base, and the hands whose score moves."""

from __future__ import annotations

from ...examples.diffs import HandDelta
from ...rules import Ruleset
from .. import urls, views
from ..gather import SiteData
from .page import Page, ruleset_crumbs

MAX_DIFF_HANDS = 60  # the diff page lists the hands whose score moves most; examples.json has them all


def diff_hands(data: SiteData, rs: Ruleset) -> list[HandDelta]:
    """The hands of the site whose score the edition moves."""
    view = next((d for d in data.atlas.edition_diffs if d.edition == rs.id), None)
    return [h for h in view.hands if h.key in data.by_key] if view else []


def diff_pages(data: SiteData, rs: Ruleset) -> list[Page]:
    if rs.diff is None:
        return []
    base = data.rulesets.get(rs.diff.base)
    return [Page(urls.diff_url(rs.id), "diff.html", f"{rs.name} {rs.id}: changes from {rs.diff.base}",
                 {"base": base, "diff": rs.diff, "rows": views.diff_rows(rs),
                  "hands": diff_hands(data, rs), "max_hands": MAX_DIFF_HANDS},
                 ruleset=rs, crumbs=ruleset_crumbs(rs))]
