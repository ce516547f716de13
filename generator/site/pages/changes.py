"""The changes page: the example results that differ from the committed snapshot."""

from __future__ import annotations

from .. import urls
from ..gather import SiteData
from .page import HOME_CRUMB, Page


def changes_page(data: SiteData) -> Page:
    atlas = data.atlas
    names = {rid: rs for rid, rs in data.rulesets.items()}
    return Page(urls.CHANGES, "changes.html", "Changes since the last snapshot",
                {"changes": atlas.changes, "snapshot": atlas.snapshot, "names": names}, crumbs=(HOME_CRUMB,))
