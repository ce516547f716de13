"""The bibliography page, /sources/: every entry of content/sources.toml under its own anchor, with the
rule sets and patterns that cite it, so a Source line anywhere on the site lands on the text it names."""

from __future__ import annotations

from typing import Any

from ...rules.sources import bibliography_date, load_sources
from .. import urls
from ..gather import SiteData
from ..i18n import gettext as _
from .page import Page, home_crumb


def citing(data: SiteData) -> dict[str, list[dict[str, Any]]]:
    """For each key, the rule sets citing it: whether at rule-set level, and how many of its patterns cite it."""
    out: dict[str, list[dict[str, Any]]] = {}
    for rs in data.rulesets.values():
        keys = {c.key for c in rs.cites}
        counts: dict[str, int] = {}
        for p in rs.patterns:
            for key in {c.key for c in p.citations}:
                counts[key] = counts.get(key, 0) + 1
        for key in sorted(keys | set(counts)):
            out.setdefault(key, []).append({"rs": rs, "top": key in keys, "patterns": counts.get(key, 0)})
    return out


def cited_content(data: SiteData) -> dict[str, Any]:
    """What a citation of a hand names besides the rule text: the content version and its date."""
    return {"content_version": data.version, "content_dated": bibliography_date(data.content),
            "has_sources": bool(load_sources(data.content))}


def sources_pages(data: SiteData) -> list[Page]:
    bibliography = load_sources(data.content) or {}
    if not bibliography:
        return []
    return [Page(urls.SOURCES, "sources.html", _("Sources"),
                 {"entries": list(bibliography.values()), "citing": citing(data),
                  "dated": bibliography_date(data.content)},
                 description=_("The bibliography of the atlas: every rule book, web page and program it cites."),
                 keywords=("sources", "bibliography", "references", "citations", "rule books"),
                 crumbs=(home_crumb(),))]
