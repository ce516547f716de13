"""The site's pages as data: one `Page` per URL, each naming its template and the view it prints.

Pages are planned here from the gathered `SiteData` and rendered later in one pass, so the
link checker sees the complete site before a byte is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..digest import result_stamp
from ..examples.model import Example
from ..rules import Ruleset
from ..stats.frequency import ruleset_frequencies
from . import atlas_pages, cards, urls, views
from .gather import SiteData

KIND_ORDER = {"curated": 0, "generated": 1, "near-miss": 2}
SAMPLE_HAND = "123m456p1z [555s] {7777z} +1z"  # drawn on the how-to-read page to show the picture conventions
MAX_DIFF_HANDS = 60  # the diff page lists the hands whose score moves most; examples.json has them all
ROLE_ORDER = {"curated": 0, "minimal": 1, "typical": 2, "near-miss": 3, "matrix": 4}


@dataclass(frozen=True)
class Page:
    url: str
    template: str
    title: str
    context: dict[str, Any] = field(default_factory=dict)
    ruleset: Ruleset | None = None  # the page's own rule set: badge, accent, citation
    searchable: bool = True
    description: str = ""
    crumbs: tuple[tuple[str, str], ...] = ()  # (label, url) from the home page down, the page itself excluded
    inputs: Any = None  # with `build`: everything the view is made from, cheaper to digest than the view
    build: Callable[[], dict[str, Any]] | None = None  # makes the view (`context`) when the page must be rendered

    @property
    def path(self) -> str:
        return urls.output_path(self.url)

    def view(self) -> dict[str, Any]:
        """What the template prints."""
        return self.build() if self.build is not None else self.context

    def __digest__(self) -> tuple[Any, ...]:
        """What the page's bytes depend on (with the code, which the page cache's key names): a page whose view is
        made on demand stands for it by its inputs, so an incremental build skips making views it will not use."""
        shown = self.inputs if self.build is not None else self.context
        return (self.url, self.template, self.title, shown, self.ruleset, self.searchable, self.description,
                self.crumbs)


def _home_crumb() -> tuple[str, str]:
    return ("Home", urls.HOME)


def _rs_crumbs(rs: Ruleset) -> tuple[tuple[str, str], ...]:
    return (_home_crumb(), ("Rule sets", urls.RULESETS), (f"{rs.name} {rs.id}", urls.ruleset_url(rs.id)))


def ruleset_pages(data: SiteData, rs: Ruleset, index: dict[tuple[str, str, str], Example]) -> list[Page]:
    pages: list[Page] = []
    concepts = atlas_pages.concepts_by_pattern(data)
    frequencies = ruleset_frequencies(rs, data.content)
    rows = [{"p": p, "examples": atlas_pages.example_count(data, rs, p), "concept": concepts.get((rs.id, p.id))}
            for p in rs.patterns]
    pages.append(Page(
        urls.ruleset_url(rs.id), "ruleset.html", f"{rs.name} {rs.edition}",
        {"rows": rows, "options": views.options_rows(rs), "option_tables": views.option_tables(rs),
         "payments": views.payment_rows(rs),
         "has_matrix": atlas_pages.has_matrix(data, rs.id), "editions": _editions_of(data, rs)},
        ruleset=rs, description=f"{rs.name} ({rs.zh}) {rs.edition}: principles, limits, payments and every pattern.",
        crumbs=_rs_crumbs(rs)[:2],
    ))
    for i, p in enumerate(rs.patterns):
        shown, misses = atlas_pages.pattern_examples(data, rs, p)
        concept = concepts.get((rs.id, p.id))
        pages.append(Page(
            urls.pattern_url(rs.id, p.id), "pattern.html", f"{p.zh} {p.en}",
            {"p": p, "relations": views.relations(rs, p, index), "examples": shown, "misses": misses,
             "concept": concept, "peers": atlas_pages.concept_peers(data, concept, rs.id),
             "frequency": frequencies[p.id], "combines": atlas_pages.combines(data, rs, p),
             "prev": rs.patterns[i - 1] if i > 0 else None,
             "next": rs.patterns[i + 1] if i + 1 < len(rs.patterns) else None},
            ruleset=rs, description=f"{p.zh} {p.en}, {p.value} {rs.unit} in {rs.name} {rs.edition}.",
            crumbs=_rs_crumbs(rs),
        ))
    pages.append(Page(urls.card_url(rs.id), "card.html", f"{rs.name} quick card", cards.card(rs),
                      ruleset=rs, searchable=False, crumbs=_rs_crumbs(rs)))
    if rs.diff is not None:
        base = data.rulesets.get(rs.diff.base)
        pages.append(Page(urls.diff_url(rs.id), "diff.html", f"{rs.name} {rs.id}: changes from {rs.diff.base}",
                          {"base": base, "diff": rs.diff, "rows": views.diff_rows(rs),
                           "hands": atlas_pages.diff_hands(data, rs), "max_hands": MAX_DIFF_HANDS},
                          ruleset=rs, crumbs=_rs_crumbs(rs)))
    pages.extend(atlas_pages.matrix_pages(data, rs, _rs_crumbs(rs)))
    return pages


def _editions_of(data: SiteData, rs: Ruleset) -> list[Ruleset]:
    """Rule sets that are editions over this one, and this one's base: the family the page links to."""
    out = [r for r in data.rulesets.values() if r.diff is not None and r.diff.base == rs.id]
    if rs.diff is not None and rs.diff.base in data.rulesets:
        out.insert(0, data.rulesets[rs.diff.base])
    return out


def hand_page(data: SiteData, e: Example, witness: dict[str, list[tuple[Ruleset, Any, Any]]]) -> Page:
    scored = tuple(data.rulesets[rid] for rid in data.rulesets if rid in e.results)
    illustrates = []
    roles = dict(e.roles) or {ref: e.kind for ref in e.for_}
    for ref in sorted(roles, key=lambda r: (ROLE_ORDER.get(roles[r], 9), r)):
        rid, _, pid = ref.partition("/")
        rs = data.rulesets.get(rid)
        if rs is not None and pid in {p.id for p in rs.patterns}:
            role = roles[ref]
            illustrates.append((rs, rs.pattern(pid), atlas_pages.ROLE_WORDS.get(role, role), e.reasons.get(ref, "")))
    title = e.title or f"Hand {e.hand}"
    pairs = witness.get(e.key, [])
    main_rs = illustrates[0][0] if illustrates else (pairs[0][0] if pairs else None)

    def view() -> dict[str, Any]:
        receipts = [views.receipt(e.results[rs.id], rs) for rs in scored]
        return {"e": e, "receipts": receipts, "illustrates": illustrates, "pairs": pairs,
                "context_words": views.context_of(e), "cite_rulesets": [r.ruleset for r in receipts],
                "stamps": {r.ruleset.id: result_stamp(r.score.to_json()) for r in receipts}}

    return Page(
        urls.hand_url(e.key), "hand.html", title, ruleset=main_rs,
        description=f"Example hand {e.hand}, scored under every rule set.",
        crumbs=(_home_crumb(), ("Hands", urls.HANDS)), inputs=(e, scored, illustrates, pairs), build=view,
    )


def prose_pages(data: SiteData) -> list[Page]:
    pages = []
    for slug, page in data.prose.items():
        template = "theorem.html" if slug.startswith("theorem-") else "prose.html"
        context: dict[str, Any] = {"doc": page}
        crumbs: tuple[tuple[str, str], ...] = (_home_crumb(),)
        if slug.startswith("theorem-"):
            crumbs += (("Theorems", urls.THEOREMS),)
        if slug == "how-to-read":
            template = "how-to-read.html"
            context["legend"] = views.tile_legend()
            context["sample"] = SAMPLE_HAND
        pages.append(Page(urls.prose_url(slug), template, page.title, context, crumbs=crumbs))
    return pages


def site_pages(data: SiteData) -> list[Page]:
    """Every page of the site, in a fixed order."""
    index = views.exclusion_index(data.examples)
    theorems = [p for s, p in data.prose.items() if s.startswith("theorem-")]
    pages = [
        Page(urls.HOME, "home.html", "Mahjong Atlas",
             {"theorems": theorems, "n_patterns": sum(len(r.patterns) for r in data.rulesets.values()),
              "n_examples": len(data.examples), "n_concepts": len(atlas_pages.concepts(data)),
              "n_changes": len(data.atlas.changes), "version": data.version},
             description="Mahjong scoring rules side by side: every pattern of every rule set, with worked examples."),
        Page(urls.RULESETS, "rulesets.html", "Rule sets", {}, crumbs=(_home_crumb(),)),
        Page(urls.HANDS, "hands.html", "Example hands",
             {"examples": sorted(data.examples, key=lambda e: (KIND_ORDER.get(e.kind, 9), e.hand))},
             crumbs=(_home_crumb(),), searchable=False),
        Page(urls.THEOREMS, "theorems.html", "Theorems", {"theorems": theorems}, crumbs=(_home_crumb(),)),
        Page(urls.SEARCH, "search.html", "Search", {}, searchable=False, crumbs=(_home_crumb(),)),
        Page(urls.NOT_FOUND, "404.html", "Page not found", {}, searchable=False),
    ]
    pages.extend(prose_pages(data))
    for rs in data.rulesets.values():
        pages.extend(ruleset_pages(data, rs, index))
    pages.extend(atlas_pages.concept_pages(data, _home_crumb()))
    pages.extend(atlas_pages.changes_pages(data, _home_crumb()))
    witness = atlas_pages.witnessed(data)
    pages.extend(hand_page(data, e, witness) for e in data.examples)
    return pages
