"""The printable one-page card of a rule set: every pattern with its value, grouped, plus the few rules a
player needs at the table (limit, minimum, payment). templates/card.html lays it out; print CSS fits it
on one A4 / Letter page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...digest import ruleset_stamp
from ...rules import Pattern, Ruleset
from .. import urls, views
from .page import Page, ruleset_crumbs


@dataclass(frozen=True)
class CardGroup:
    label: str
    patterns: tuple[Pattern, ...]


def _group_key(p: Pattern) -> str:
    """Category if the data names one, else the first part of the rule set's own number, else the group."""
    if p.category:
        return p.category
    if p.number:
        return p.number.split(".")[0]
    return p.group


def _runs(rs: Ruleset, key: Callable[[Pattern], str]) -> list[tuple[str, list[Pattern]]]:
    out: list[tuple[str, list[Pattern]]] = []
    for p in rs.patterns:
        k = key(p)
        if out and out[-1][0] == k:
            out[-1][1].append(p)
        else:
            out.append((k, [p]))
    return out


def groups(rs: Ruleset) -> list[CardGroup]:
    """The rule set's own order, split where its category (or section number) changes. When the categories
    are not contiguous (MCR lists its fans by value), group by value instead, as its own tables do."""
    runs = _runs(rs, _group_key)
    if len(runs) > len({k for k, _ in runs}):
        runs = _runs(rs, lambda p: f"{p.value} {views.unit_label(rs.value_unit, p.value)}")
    return [CardGroup(k, tuple(ps)) for k, ps in runs]


def card(rs: Ruleset) -> dict[str, Any]:
    zh_width = max((len(p.zh) for p in rs.patterns), default=2) + 0.6
    return {"groups": groups(rs), "options": views.options_rows(rs), "payments": views.payment_rows(rs),
            "zh_width": f"{min(zh_width, 8.6):.1f}em", "stamp": ruleset_stamp(rs)}


def card_page(rs: Ruleset) -> Page:
    return Page(urls.card_url(rs.id), "card.html", f"{rs.name} quick card", card(rs),
                ruleset=rs, searchable=False, crumbs=ruleset_crumbs(rs))
