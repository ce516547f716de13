"""The concepts pages: the grid of concepts across rule sets, and one page per concept."""

from __future__ import annotations

from ...examples.concepts import Concept, ConceptRow, nesting
from ...rules import Pattern, Ruleset
from .. import urls
from ..gather import SiteData
from ..i18n import DEFAULT, current
from ..i18n import gettext as _
from .page import Page, home_crumb


def concepts_by_pattern(data: SiteData) -> dict[tuple[str, str], Concept]:
    """(rule set, pattern) -> the first concept that pattern is a member of."""
    out: dict[tuple[str, str], Concept] = {}
    for c in data.atlas.concepts:
        for member in c.members:
            out.setdefault(member, c)
    return out


def concept_peers(data: SiteData, concept: Concept | None, ruleset_id: str) -> list[tuple[Ruleset, Pattern]]:
    """The concept's patterns in the other rule sets."""
    if concept is None:
        return []
    return [(data.rulesets[r], data.rulesets[r].pattern(p)) for r, p in concept.members
            if r != ruleset_id and r in data.rulesets]


def concept_rows(data: SiteData, c: Concept) -> list[tuple[Ruleset, ConceptRow | None]]:
    """One row per member, and one (None) for each rule set with no member, in the site's rule set order: a rule
    set that lacks the pattern is named, not left out."""
    rows = c.rows(data.rulesets)
    out: list[tuple[Ruleset, ConceptRow | None]] = []
    for rs in data.rulesets.values():
        mine = [row for row in rows if row.ruleset == rs.id]
        if mine:
            out.extend((rs, row) for row in mine)
        else:
            out.append((rs, None))
    return out


def concept_pages(data: SiteData) -> list[Page]:
    items = list(data.atlas.concepts)
    if not items:
        return []
    grid = []
    for c in items:
        cells: dict[str, list[Pattern]] = {}
        for r, p in c.members:
            if r in data.rulesets:
                cells.setdefault(r, []).append(data.rulesets[r].pattern(p))
        grid.append((c, cells))
    pages = [Page(urls.CONCEPTS, "concepts.html", _("Concepts across rule sets"), {"grid": grid}, crumbs=(home_crumb(),))]
    for c in items:
        example = data.by_key.get(c.example) if c.example else None
        scored = []
        if example is not None:
            members = {f"{r}/{p}" for r, p in c.members}
            for rid, rs in data.rulesets.items():
                if rid in example.results:
                    counting = [m for m in c.counts_in if m.startswith(rid + "/") and m in members]
                    scored.append((rs, example.results[rid], [rs.pattern(m.split("/", 1)[1]) for m in counting]))
        pages.append(Page(
            urls.concept_url(c.id), "concept.html", f"{c.en} {c.zh}" if current() == DEFAULT else c.zh,
            {"c": c, "rows": concept_rows(data, c), "example": example, "scored": scored,
             "nesting": nesting(c, data.examples) if c.nesting else None, "rulesets": data.rulesets},
            description=_("{en} ({zh}) compared across rule sets.").format(en=c.en, zh=c.zh),
            keywords=data.glossary.concept_variants(c.id),  # the other names players write (content/glossary.toml)
            crumbs=(home_crumb(), (_("Concepts"), urls.CONCEPTS)),
        ))
    return pages
