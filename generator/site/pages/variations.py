"""A rule set's variations page: one table of every rule that differs between it and its editions (rows: the rules;
columns: the rule set and each edition), every cell computed from the rule data and linked to the passage it rests
on. Rules of the whole rule set are its options, cited by `[[rule]]`; rules of one pattern are whether it is played
and what it is worth (closed and open), cited by the pattern's own `source`.

A rule set gets the page when two or more editions stand over it: with one, its edition-diff page is that table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...rules import Pattern, Ruleset
from ...rules.sources import Citation
from ...scoring.families import policy_of
from .. import urls
from ..diff_groups import words
from ..gather import SiteData
from ..i18n import current, say
from ..i18n import gettext as _
from ..search_terms import ruleset_keywords
from ..views import (option_keys, option_label, option_value, pattern_name, ruleset_label, ruleset_words,
                     unit_label)
from .page import Page, ruleset_crumbs

MIN_EDITIONS = 2


@dataclass(frozen=True)
class Cell:
    """What one rule set says of one rule, and where it says so."""

    words: str
    cites: tuple[Citation, ...]
    interpretation: bool = False
    pattern: Pattern | None = None  # the pattern a pattern row's cell links to, when the rule set has it


@dataclass(frozen=True)
class Row:
    label: str
    kind: str  # "option" or "pattern"
    key: str  # the option's key or the pattern's id
    cells: tuple[Cell, ...]


def editions_over(rulesets: dict[str, Ruleset], rs: Ruleset) -> list[Ruleset]:
    return [r for r in rulesets.values() if r.diff is not None and r.diff.base == rs.id]


def variations_root(rulesets: dict[str, Ruleset], rs: Ruleset) -> Ruleset | None:
    """The rule set whose variations page covers `rs` (its own, or its base's), or None when there is none."""
    root = rulesets.get(rs.diff.base) if rs.diff is not None else rs
    if root is None or len(editions_over(rulesets, root)) < MIN_EDITIONS:
        return None
    return root


def value_words(rs: Ruleset, p: Pattern, value: int) -> str:
    """A pattern's value as its family says it ('double yakuman'), else the figure and its unit ('2 han')."""
    named = policy_of(rs.policy).value_words(rs, p, value)
    return say(named, current()) if named is not None else f"{value:,} {unit_label(rs.value_unit, value)}"


def pattern_cell(rs: Ruleset, pid: str, known: Pattern) -> Cell:
    """`known`: the pattern as the first rule set holding it has it (what a rule set without it scores instead)."""
    if pid not in rs.by_id:
        instead = [rs.pattern(e.id) for e in known.excludes if e.id in rs.by_id]
        said = _("not told apart: scored as {pattern}").format(pattern=pattern_name(instead[0])) if instead \
            else _("not played")
        return Cell(said, rs.cites)
    p = rs.pattern(pid)
    said = value_words(rs, p, p.value)
    if p.open_value == 0:
        said += _(", concealed hands only")
    elif p.open_value is not None and p.open_value != p.value:
        said += _("; with a claimed meld {value}").format(value=value_words(rs, p, p.open_value))
    if p.extra.get("alone"):
        said += _(", paid alone")
    return Cell(said, p.citations, p.provenance == "interpretation", p)


def option_cell(rs: Ruleset, key: str) -> Cell:
    rule = rs.rule(key)
    if rule is None:
        return Cell(words(option_value(rs, key)), rs.cites)
    return Cell(words(option_value(rs, key)), rule.citations, rule.provenance == "interpretation")


def _pattern_facts(rs: Ruleset, pid: str) -> Any:
    if pid not in rs.by_id:
        return None
    p = rs.pattern(pid)
    return p.value, p.open_value, bool(p.extra.get("alone"))


def variation_rows(columns: list[Ruleset]) -> list[Row]:
    """Every rule on which the columns differ: the options first, then the patterns in the first column's order
    (patterns only editions have after them)."""
    rows: list[Row] = []
    for key in option_keys(*columns):
        if len({repr(option_value(rs, key)) for rs in columns}) > 1:
            rows.append(Row(option_label(key), "option", key, tuple(option_cell(rs, key) for rs in columns)))
    ids: dict[str, Pattern] = {}
    for rs in columns:
        for p in rs.patterns:
            ids.setdefault(p.id, p)
    for pid, p in ids.items():
        if len({_pattern_facts(rs, pid) for rs in columns}) > 1:
            rows.append(Row(pattern_name(p), "pattern", pid, tuple(pattern_cell(rs, pid, p) for rs in columns)))
    return rows


def notes_of(rows: list[Row]) -> dict[Citation, int]:
    """Every citation of the table, numbered in reading order: a cell points at its notes, the notes below the table
    name the passage and link to the bibliography."""
    out: dict[Citation, int] = {}
    for row in rows:
        for cell in row.cells:
            for c in cell.cites:
                out.setdefault(c, len(out) + 1)
    return out


def variations_pages(data: SiteData, rs: Ruleset) -> list[Page]:
    editions = editions_over(data.rulesets, rs)
    if rs.diff is not None or len(editions) < MIN_EDITIONS:
        return []
    columns = [rs, *editions]
    rows = variation_rows(columns)
    title = _("{name}: the editions' rules side by side").format(name=ruleset_words(rs)[0])
    return [Page(urls.variations_url(rs.id), "variations.html", title,
                 {"columns": columns, "rows": rows, "notes": notes_of(rows)},
                 ruleset=rs, crumbs=ruleset_crumbs(rs),
                 description=(f"Every rule that differs between {ruleset_label(rs)} and its editions "
                              f"({', '.join(e.edition for e in editions)}), each with its source."),
                 keywords=(*ruleset_keywords(rs), "variations", "rule variations", "editions", "differences",
                           "compare editions", *(e.edition for e in editions)))]
