"""A rule set's own page: principles, options, payments, value against rarity, and the table of every pattern."""

from __future__ import annotations

from ...rules import Ruleset
from ...stats.frequency import ruleset_frequencies
from .. import urls, views
from ..gather import SiteData
from ..i18n import gettext as _
from ..search_terms import ruleset_keywords, ruleset_names
from ..value_chart import value_chart
from .concept import concepts_by_pattern
from .matrix import has_matrix
from .page import Page, ruleset_crumbs
from .pattern import example_count
from .variations import variations_root


def editions_of(data: SiteData, rs: Ruleset) -> list[Ruleset]:
    """Rule sets that are editions over this one, and this one's base: the family the page links to."""
    out = [r for r in data.rulesets.values() if r.diff is not None and r.diff.base == rs.id]
    if rs.diff is not None and rs.diff.base in data.rulesets:
        out.insert(0, data.rulesets[rs.diff.base])
    return out


def own_names(data: SiteData, rs: Ruleset) -> list[str]:
    """The names the page is found by as a name: an edition leaves out the ones it shares with its base (five Riichi
    editions are all "Riichi"), so that the bare name finds the base first and the edition comes by its own."""
    names = ruleset_names(rs)
    base = data.rulesets.get(rs.diff.base) if rs.diff is not None else None
    if base is None:
        return names
    shared = set(ruleset_names(base))
    return [n for n in names if n not in shared]


def ruleset_page(data: SiteData, rs: Ruleset) -> Page:
    concepts = concepts_by_pattern(data)
    rows = [{"p": p, "examples": example_count(data, rs, p), "concept": concepts.get((rs.id, p.id))}
            for p in rs.patterns]
    return Page(
        urls.ruleset_url(rs.id), "ruleset.html", " ".join(views.ruleset_words(rs)),
        {"rows": rows, "options": views.options_rows(rs, defaults=True), "option_tables": views.option_tables(rs),
         "payments": views.payment_rows(rs), "chart": value_chart(rs, ruleset_frequencies(rs, data.content)),
         "has_matrix": has_matrix(data, rs.id), "editions": editions_of(data, rs), "names": own_names(data, rs),
         "variations": variations_root(data.rulesets, rs),
         "option_rules": {views.option_label(r.option): r for r in rs.rules}},
        ruleset=rs, keywords=(*ruleset_keywords(rs), "rule set", "rules", "scoring rules"),
        description=_("{name} ({zh}) {edition}: principles, limits, payments and every pattern.").format(
            name=rs.name, zh=rs.zh, edition=rs.edition),
        crumbs=ruleset_crumbs(rs)[:2],
    )
