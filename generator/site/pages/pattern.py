"""The pattern pages: one per pattern of a rule set, with its definition, relations and example hands."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...examples.atlas import NearMiss
from ...examples.model import Example
from ...rules import Pattern, Ruleset
from ...stats.frequency import ruleset_frequencies
from .. import urls, views
from ..gather import SiteData
from ..i18n import DEFAULT, N_, current, ngettext
from ..i18n import gettext as _
from ..render import pattern_value
from .concept import concept_peers, concepts_by_pattern
from .matrix import Group, combinations_of, status_words
from .page import Page, ruleset_crumbs

ROLE_WORDS = {"curated": N_("from a source"), "minimal": N_("minimal example"), "typical": N_("typical example"),
              "near-miss": N_("near miss"), "matrix": N_("compatibility witness")}


@dataclass(frozen=True)
class Shown:
    """One example on a pattern page: the hand, why it is there, and its receipt under the page's rule set."""

    example: Example
    role: str
    receipt: views.Receipt
    miss: NearMiss | None = None
    derived_shown: bool = False  # the hand the near miss was changed from has a page (a page links only to pages)


def pattern_examples(data: SiteData, rs: Ruleset, p: Pattern) -> tuple[list[Shown], list[Shown]]:
    """(illustrations: curated, minimal, typical; near misses) for one pattern page."""
    pe = data.pattern_examples(rs.id, p.id)
    if pe is None:
        return [], []
    shown: list[Shown] = []
    seen: set[str] = set()
    for role, keys in (("curated", pe.curated), ("minimal", [pe.minimal]), ("typical", [pe.typical])):
        for key in keys:
            e = data.by_key.get(key)
            if e is None or key in seen or rs.id not in e.results:
                continue
            seen.add(key)
            shown.append(Shown(e, _(ROLE_WORDS[role]), views.receipt(e.results[rs.id], rs)))
    misses: list[Shown] = []
    details = {m.key: m for m in pe.near_misses}
    for key in pe.near_miss:
        e = data.by_key.get(key)
        if e is not None and rs.id in e.results:
            miss = details.get(key)
            misses.append(Shown(e, _(ROLE_WORDS["near-miss"]), views.receipt(e.results[rs.id], rs), miss,
                                miss is not None and miss.derived_from in data.by_key))
    return shown, misses


RULE_WORDS = {"excludes": N_("its rules exclude {other} when this counts"),
              "excluded_by": N_("its rules exclude this when {other} counts"),
              "series": N_("its rules count only the highest of a series")}


def one_answer(rel: dict[str, list[views.Relation]], groups: list[Group], decided: dict[str, str]
               ) -> tuple[dict[str, list[views.Relation]], list[Group]]:
    """Each partner under one answer. A rule of the data (an exclusion, a series) keeps its list where the matrix
    says one drops the other, or where there is no matrix; where the matrix answers otherwise (never together: the
    rule has nothing to drop; both count: the rule drops only some instances), the rule is said on the partner's
    line of the matrix instead.

    Where a partner goes follows the answer as `mahjong-atlas matrix` stored it (`decided`, partner id -> status),
    stale or not: the lists are indexed for search, and a value edit, which makes the stored answers stale until
    the command runs again, must not move a name between them (only the unindexed matrix lines say it is stale)."""
    status = {x.other.id: g.status for g in groups for x in g.partners} | decided
    if not status:
        return rel, groups
    notes: dict[str, list[str]] = {}
    kept: dict[str, list[views.Relation]] = {}
    for key, items in rel.items():
        kept[key] = []
        for r in items:
            if status.get(r.other.id, "excludes") == "excludes":
                kept[key].append(r)
            else:
                count = ngettext(", {n} instance", ", {n} instances", r.count).format(n=r.count) if r.count else ""
                said = _(RULE_WORDS[key]).format(other=views.pattern_name(r.other))
                if r.why and r.why != "series":
                    said = _("{rule} ({why})").format(rule=said, why=f"{r.why}{count}")
                notes.setdefault(r.other.id, []).append(said)
    out = [replace(g, partners=[replace(x, rule=_("; ").join(notes[x.other.id])) if x.other.id in notes else x
                                for x in g.partners]) for g in groups]
    return kept, out


def stored_statuses(data: SiteData, rs: Ruleset, p: Pattern) -> dict[str, str]:
    """Partner id -> the status `mahjong-atlas matrix` stored for it beside `p`, current or stale; empty without
    stored answers."""
    m = data.atlas.matrices.get(rs.id)
    if m is None or m.stored is None:
        return {}
    return {b if a == p.id else a: x[0] for (a, b), x in m.stored.pairs.items() if p.id in (a, b)}


def example_count(data: SiteData, rs: Ruleset, p: Pattern) -> int:
    """How many of the site's hands the pattern's page shows."""
    pe = data.pattern_examples(rs.id, p.id)
    if pe is None:
        return 0
    return len({*pe.curated, pe.minimal, pe.typical, *pe.near_miss} & data.by_key.keys())


def pattern_pages(data: SiteData, rs: Ruleset, index: dict[tuple[str, str, str], Example]) -> list[Page]:
    """`index`: `views.exclusion_index` of the site's examples, the hands the relations point to."""
    concepts = concepts_by_pattern(data)
    frequencies = ruleset_frequencies(rs, data.content, data.published)
    pages: list[Page] = []
    for i, p in enumerate(rs.patterns):
        shown, misses = pattern_examples(data, rs, p)
        concept = concepts.get((rs.id, p.id))
        relations = views.relations(rs, p, index)
        listed, combines = one_answer(relations, combinations_of(data, rs, p), stored_statuses(data, rs, p))
        pages.append(Page(
            urls.pattern_url(rs.id, p.id), "pattern.html", f"{p.zh} {p.en}" if current() == DEFAULT else p.zh,
            {"p": p, "relations": relations, "listed": listed, "examples": shown, "misses": misses,
             "concept": concept, "peers": concept_peers(data, concept, rs.id),
             "frequency": frequencies[p.id], "combines": combines,
             "combine_words": status_words(),
             "prev": rs.patterns[i - 1] if i > 0 else None,
             "next": rs.patterns[i + 1] if i + 1 < len(rs.patterns) else None},
            ruleset=rs, description=_("{zh} {en}, {value} in {ruleset}.").format(zh=p.zh, en=p.en, value=pattern_value(rs, p),
                                                                   ruleset=f"{rs.name} {rs.edition}"),
            crumbs=ruleset_crumbs(rs),
        ))
    return pages
