"""Pages and page parts drawn from the example atlas: concepts, compatibility matrices, edition-diff
hands, the changes page, and which examples a pattern page shows.

Everything here reads `SiteData.atlas`; nothing scores a hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..examples.atlas import NearMiss
from ..examples.concepts import Concept
from ..examples.diffs import EditionDiffView
from ..examples.model import Example
from ..rules import Pattern, Ruleset
from . import compat, urls, views
from .gather import SiteData

if TYPE_CHECKING:
    from .pages import Page

Crumbs = tuple[tuple[str, str], ...]

ROLE_WORDS = {"curated": "from a source", "minimal": "minimal example", "typical": "typical example",
              "near-miss": "near miss", "matrix": "compatibility witness"}


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
            shown.append(Shown(e, ROLE_WORDS[role], views.receipt(e.results[rs.id], rs)))
    misses: list[Shown] = []
    details = {m.key: m for m in pe.near_misses}
    for key in pe.near_miss:
        e = data.by_key.get(key)
        if e is not None and rs.id in e.results:
            miss = details.get(key)
            misses.append(Shown(e, ROLE_WORDS["near-miss"], views.receipt(e.results[rs.id], rs), miss,
                                miss is not None and miss.derived_from in data.by_key))
    return shown, misses


def example_count(data: SiteData, rs: Ruleset, p: Pattern) -> int:
    pe = data.pattern_examples(rs.id, p.id)
    if pe is None:
        return 0
    return len({*pe.curated, pe.minimal, pe.typical, *pe.near_miss} & data.by_key.keys())


# ----------------------------------------------------------------------------- concepts


def concepts(data: SiteData) -> list[Concept]:
    return list(data.atlas.concepts)


def concepts_by_pattern(data: SiteData) -> dict[tuple[str, str], Concept]:
    out: dict[tuple[str, str], Concept] = {}
    for c in data.atlas.concepts:
        for member in c.members:
            out.setdefault(member, c)
    return out


def concept_peers(data: SiteData, concept: Concept | None, ruleset_id: str) -> list[tuple[Ruleset, Pattern]]:
    if concept is None:
        return []
    return [(data.rulesets[r], data.rulesets[r].pattern(p)) for r, p in concept.members
            if r != ruleset_id and r in data.rulesets]


def concept_pages(data: SiteData, home: tuple[str, str]) -> list[Page]:
    from .pages import Page

    items = concepts(data)
    if not items:
        return []
    grid = []
    for c in items:
        cells: dict[str, list[Pattern]] = {}
        for r, p in c.members:
            if r in data.rulesets:
                cells.setdefault(r, []).append(data.rulesets[r].pattern(p))
        grid.append((c, cells))
    pages = [Page(urls.CONCEPTS, "concepts.html", "Concepts across rule sets", {"grid": grid}, crumbs=(home,))]
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
            urls.concept_url(c.id), "concept.html", f"{c.en} {c.zh}",
            {"c": c, "rows": [(data.rulesets[row.ruleset], row) for row in c.rows(data.rulesets)],
             "example": example, "scored": scored},
            description=f"{c.en} ({c.zh}) compared across rule sets.",
            crumbs=(home, ("Concepts", urls.CONCEPTS)),
        ))
    return pages


# ----------------------------------------------------------------------------- matrices, diffs, changes


def witnessed(data: SiteData) -> dict[str, list[tuple[Ruleset, Pattern, Pattern]]]:
    """Hand key -> the pattern pairs of a compatibility matrix that the hand shows counting together."""
    out: dict[str, list[tuple[Ruleset, Pattern, Pattern]]] = {}
    for rid in sorted(data.atlas.matrices):
        m, rs = data.atlas.matrices[rid], data.rulesets.get(rid)
        if rs is None:
            continue
        for (a, b), c in sorted(m.cells.items()):
            if c.status == "both" and c.example:
                out.setdefault(c.example, []).append((rs, rs.pattern(a), rs.pattern(b)))
    return out


def combines(data: SiteData, rs: Ruleset, p: Pattern) -> dict[str, Any]:
    """A pattern page's stored compatibility answers (site/compat.py)."""
    return compat.combines(data.atlas.matrices.get(rs.id), rs, p, set(data.by_key), compat.has_calculator())


def has_matrix(data: SiteData, ruleset_id: str) -> bool:
    return ruleset_id in data.atlas.matrices


MATRIX_SYMBOLS = {"both": "✓", "excluded": "×", "unseen": "·", "impossible": "∅"}


def matrix_pages(data: SiteData, rs: Ruleset, crumbs: Crumbs) -> list[Page]:
    from .pages import Page

    m = data.atlas.matrices.get(rs.id)
    if m is None:
        return []
    number = {pid: i + 1 for i, pid in enumerate(m.patterns)}
    rows = []
    known = set(data.by_key)
    for a in m.patterns:
        cells: list[tuple[str, str, str | None, str]] = []  # (status, symbol, url, title)
        for b in m.patterns:
            c = m.cell(a, b)
            if c is None:
                cells.append(("diag", "", None, ""))
                continue
            if m.stored:  # the answers of `mahjong-atlas matrix` (site/compat.py)
                cells.append((c.status, compat.SYMBOLS[c.status], compat.witness_url(c, known, compat.has_calculator()),
                              compat.title_of(c, a, b, number)))
                continue
            url = urls.hand_url(c.example) if c.status == "both" and c.example in data.by_key else None
            if c.status == "excluded" and c.by:
                victim = b if c.by == a else a
                title = f"{number[c.by]} excludes {number[victim]} ({c.rule})"
            elif c.status == "both":
                title = f"{number[a]} and {number[b]} count together"
            elif c.status == "impossible":
                title = "never together (checked exhaustively)"
            else:
                title = f"not seen together in {c.searched} hands"
            cells.append((c.status, MATRIX_SYMBOLS[c.status], url, title))
        rows.append((number[a], rs.pattern(a), cells))
    # the page prints the matrix's cells through `rows` alone, so the Matrix (thousands of cells more to digest for
    # the page cache) is not handed to it
    return [Page(urls.matrix_url(rs.id), "matrix.html", f"{rs.name} compatibility matrix",
                 {"n_patterns": len(m.patterns), "searched": m.searched, "rows": rows, "counts": m.counts(),
                  "symbols": compat.SYMBOLS if m.stored else MATRIX_SYMBOLS, "stored": m.stored,
                  "current": m.current, "space": m.space},
                 ruleset=rs, searchable=False, crumbs=crumbs)]


def diff_view(data: SiteData, rs: Ruleset) -> EditionDiffView | None:
    return next((d for d in data.atlas.edition_diffs if d.edition == rs.id), None)


def diff_hands(data: SiteData, rs: Ruleset) -> list[Any]:
    view = diff_view(data, rs)
    return [h for h in view.hands if h.key in data.by_key] if view else []


def changes_pages(data: SiteData, home: tuple[str, str]) -> list[Page]:
    from .pages import Page

    atlas = data.atlas
    names = {rid: rs for rid, rs in data.rulesets.items()}
    return [Page(urls.CHANGES, "changes.html", "Changes since the last snapshot",
                 {"changes": atlas.changes, "snapshot": atlas.snapshot, "names": names}, crumbs=(home,))]
