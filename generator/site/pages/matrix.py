"""A rule set's compatibility matrix page: which pattern pairs count together, which exclude each other."""

from __future__ import annotations

from ...rules import Pattern, Ruleset
from .. import urls
from ..gather import SiteData
from .page import Page, ruleset_crumbs

Witnessed = dict[str, list[tuple[Ruleset, Pattern, Pattern]]]  # hand key -> matrix pairs it shows counting together

MATRIX_SYMBOLS = {"both": "✓", "excluded": "×", "unseen": "·", "impossible": "∅"}


def witnessed(data: SiteData) -> Witnessed:
    """Hand key -> the pattern pairs of a compatibility matrix that the hand shows counting together."""
    out: Witnessed = {}
    for rid in sorted(data.atlas.matrices):
        m, rs = data.atlas.matrices[rid], data.rulesets.get(rid)
        if rs is None:
            continue
        for (a, b), c in sorted(m.cells.items()):
            if c.status == "both" and c.example:
                out.setdefault(c.example, []).append((rs, rs.pattern(a), rs.pattern(b)))
    return out


def has_matrix(data: SiteData, ruleset_id: str) -> bool:
    return ruleset_id in data.atlas.matrices


def matrix_pages(data: SiteData, rs: Ruleset) -> list[Page]:
    m = data.atlas.matrices.get(rs.id)
    if m is None:
        return []
    number = {pid: i + 1 for i, pid in enumerate(m.patterns)}
    rows = []
    for a in m.patterns:
        cells: list[tuple[str, str, str | None, str]] = []  # (status, symbol, url, title)
        for b in m.patterns:
            c = m.cell(a, b)
            if c is None:
                cells.append(("diag", "", None, ""))
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
                  "symbols": MATRIX_SYMBOLS},
                 ruleset=rs, searchable=False, crumbs=ruleset_crumbs(rs))]
