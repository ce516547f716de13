"""The stored compatibility answers on the site: the build's data/matrix/<ruleset>.json, the matrix page's marks,
and each pattern page's list of what the pattern counts with, excludes or is excluded by, and never meets.

The answers are `mahjong-atlas matrix`'s (content/matrix/, read by examples/collect.py into the atlas's
`Matrix`); a witness is a hand page of the site (or, where the site has a calculator page, opens in it).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from ..examples.matrix import Cell, Matrix
from ..rules import Pattern, Ruleset
from . import urls

SYMBOLS = {"both": "✓", "below-minimum": "↓", "excludes": "×", "never": "∅",
           "excluded": "×", "unseen": "·", "impossible": "∅"}
WORDS = {"both": "count together", "below-minimum": "together only below the minimum",
         "excludes": "one excludes the other", "never": "never together"}
CALCULATOR = "/calculator/"


def matrix_json_path(ruleset_id: str) -> str:
    return f"data/matrix/{ruleset_id}.json"


def matrix_json(m: Matrix) -> bytes:
    """{"ruleset", "patterns", "pairs": [{"a", "b", "status", "witness", "by", "reason"}]}, every unordered pair
    once, in the rule set's order."""
    pairs = []
    for i, a in enumerate(m.patterns):
        for b in m.patterns[i + 1:]:
            c = m.cell(a, b)
            assert c is not None
            pairs.append({"a": a, "b": b, "status": c.status, "witness": c.notation, "by": c.by, "reason": c.reason})
    obj = {"ruleset": m.ruleset, "patterns": list(m.patterns), "pairs": pairs}
    return (json.dumps(obj, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def data_files(matrices: dict[str, Matrix]) -> dict[str, bytes]:
    """The build's data/matrix/ files: one per rule set with stored answers."""
    return {matrix_json_path(rid): matrix_json(m) for rid, m in sorted(matrices.items()) if m.stored}


def witness_url(c: Cell, known: set[str], has_calculator: bool) -> str | None:
    """Where a mark's witness opens: its hand page, else the calculator (when the site has one)."""
    if c.example and c.example in known:
        return urls.hand_url(c.example)
    if c.notation and has_calculator:
        return f"{CALCULATOR}#hand={quote(c.notation, safe='')}"
    return None


def title_of(c: Cell, a: str, b: str, number: dict[str, int]) -> str:
    """The words a mark shows on hover and focus."""
    if c.status == "both":
        return f"{number[a]} and {number[b]} count together in {c.notation}"
    if c.status == "below-minimum":
        return f"{number[a]} and {number[b]} count together only below the minimum: {c.reason}"
    if c.status == "excludes":
        stays = f"{number[c.by]} stays. " if c.by in number else ""
        return f"{number[a]} and {number[b]} both show, one is dropped. {stays}{c.reason}"
    if c.status == "never":
        return f"{number[a]} and {number[b]} never show together: {c.reason}"
    return c.reason or c.status


def combines(m: Matrix | None, rs: Ruleset, p: Pattern, known: set[str], has_calculator: bool) -> dict[str, Any]:
    """Pattern page: the other patterns grouped by answer, each with its witness link or reason."""
    out: dict[str, Any] = {"stored": False, "current": True, "groups": []}
    if m is None or not m.stored:
        return out
    groups: dict[str, list[dict[str, Any]]] = {k: [] for k in ("both", "below-minimum", "excludes-it",
                                                             "it-excludes", "excludes", "never")}
    for q in rs.patterns:
        if q.id == p.id:
            continue
        c = m.cell(p.id, q.id)
        if c is None or c.status not in WORDS:
            continue
        row = {"other": q, "url": witness_url(c, known, has_calculator), "hand": c.notation, "reason": c.reason}
        if c.status == "excludes":
            key = "it-excludes" if c.by == p.id else "excludes-it" if c.by == q.id else "excludes"
        else:
            key = c.status
        groups[key].append(row)
    headings = {
        "both": "Counts with", "below-minimum": "Counts with, but only below the minimum",
        "excludes-it": "Dropped when shown with", "it-excludes": "Drops", "excludes": "Kept apart from",
        "never": "Never appears with",
    }
    out.update(stored=True, current=m.current,
               groups=[(k, headings[k], rows) for k, rows in groups.items() if rows])
    return out


def has_calculator() -> bool:
    """Whether the site has a calculator page to open witnesses in (built on another branch; not yet here)."""
    return getattr(urls, "CALCULATOR", None) is not None
