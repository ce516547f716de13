"""The printable one-page card of a rule set: every pattern with its value and what it does not count with,
grouped and ordered by value, plus the few rules a player needs at the table (limit, minimum, payment) and the
site's address. templates/card.html lays it out; print CSS fits it on one A4 / Letter page
(tests/test_card_and_hands_browser.py renders each card to PDF and counts its pages).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...digest import ruleset_stamp
from ...rules import Pattern, Ruleset
from ...scoring.families import policy_of
from .. import urls, views
from ..i18n import current, say
from ..i18n import gettext as _
from ..search_terms import ruleset_keywords
from .page import Page, ruleset_crumbs


@dataclass(frozen=True)
class CardRow:
    pattern: Pattern
    nots: tuple[str, ...]  # the patterns it does not count with, by number (or name), compact
    value: str  # the value as the card prints it: a figure, or the family's word for it (Riichi's yakuman)
    open: str = ""  # with a claimed meld (rule sets with open values): a figure, or "–" for concealed hands only


@dataclass(frozen=True)
class CardGroup:
    label: str
    rows: tuple[CardRow, ...]
    one_counts: bool = False  # the group is one series of a one-per-series rule set: only its highest counts


def _group_key(p: Pattern) -> str:
    """Category if the data names one, else the first part of the rule set's own number, else the group."""
    if p.category:
        return p.category
    if p.number:
        return p.number.split(".")[0]
    return p.group


def _runs(patterns: list[Pattern], key: Callable[[Pattern], str]) -> list[tuple[str, list[Pattern]]]:
    out: list[tuple[str, list[Pattern]]] = []
    for p in patterns:
        k = key(p)
        if out and out[-1][0] == k:
            out[-1][1].append(p)
        else:
            out.append((k, [p]))
    return out


def _by_value(ps: list[Pattern]) -> list[Pattern]:
    """Highest value first; patterns of one value keep the rule set's order."""
    return sorted(ps, key=lambda p: -p.value)


def _referrer(rs: Ruleset) -> Callable[[Pattern], str]:
    """How the card names another pattern: by the rule set's own number where that number names one pattern,
    else by its English name."""
    numbers = [p.number for p in rs.patterns]
    return lambda q: q.number if q.number and numbers.count(q.number) == 1 else q.en


def _nots(rs: Ruleset, p: Pattern, series_shown: bool, ref: Callable[[Pattern], str]) -> tuple[str, ...]:
    """What `p` removes when it counts (its exclusions, `×k` where it removes only k of them), then, in a
    one-per-series rule set whose card does not show the series as a group, the rest of its series."""
    out = [ref(rs.pattern(x.id)) + (f"×{x.count}" if x.count else "") for x in p.excludes]
    if policy_of(rs.policy).one_per_group and not series_shown:
        out += [ref(q) for q in rs.patterns if q.group == p.group and q.id != p.id and ref(q) not in out]
    return tuple(out)


def _series_runs(runs: list[tuple[str, list[Pattern]]]) -> list[tuple[str, list[Pattern]]]:
    """Category runs that each lie within one series, merged where one series spans several (Sihai's 一色 / 龙顺 /
    对称 and 一色 / 龙顺 / 连顺): the card then shows each series as one group, under the categories' common part."""
    out: list[tuple[str, list[Pattern]]] = []
    for label, ps in runs:
        if out and out[-1][1][0].group == ps[0].group:
            a, b = out[-1][0].split(" / "), label.split(" / ")
            common = [x for x, y in zip(a, b, strict=False) if x == y]
            out[-1] = (" / ".join(common) or out[-1][0], out[-1][1] + ps)
        else:
            out.append((label, list(ps)))
    return out


def groups(rs: Ruleset) -> list[CardGroup]:
    """The rule set's own categories (or section numbers), split where they change and each ordered by value; when
    the categories are not contiguous (MCR lists its fans by value), the patterns grouped by value, highest first,
    as its own tables do. In a one-per-series rule set whose categories lie within its series, each series is one
    group, which says so instead of every row naming the rest of its series."""
    runs = _runs(list(rs.patterns), _group_key)
    if len(runs) > len({k for k, _ in runs}):
        runs = _runs(_by_value(list(rs.patterns)),
                     lambda p: f"{p.value} {views.unit_label(rs.value_unit, p.value)}")
    elif policy_of(rs.policy).one_per_group and all(len({p.group for p in ps}) == 1 for _, ps in runs):
        runs = _series_runs(runs)
    ref = _referrer(rs)
    out = []
    for label, ps in runs:
        whole = len({p.group for p in ps}) == 1 and all(q.group != ps[0].group or q in ps for q in rs.patterns)
        one = policy_of(rs.policy).one_per_group and whole and len(ps) > 1
        out.append(CardGroup(label, tuple(_row(rs, p, _nots(rs, p, whole, ref)) for p in _by_value(ps)), one))
    return out


def _row(rs: Ruleset, p: Pattern, nots: tuple[str, ...]) -> CardRow:
    words = policy_of(rs.policy).value_words
    value = words(rs, p, short=True) or f"{p.value:,}"
    if not _has_open_values(rs):
        return CardRow(p, nots, value)
    if p.open_value is None:
        return CardRow(p, nots, value, value)
    return CardRow(p, nots, value, words(rs, p, p.open_value, True) or f"{p.open_value:,}" if p.open_value else "–")


def _long_of(rs: Ruleset, short: str) -> str:
    words = policy_of(rs.policy).value_words
    return say(next(w for p in rs.patterns if words(rs, p, short=True) == short and (w := words(rs, p))), current())


def _has_open_values(rs: Ruleset) -> bool:
    """Whether some pattern is worth less with a claimed meld, or nothing: the card then prints a column for it."""
    return any(p.open_value is not None for p in rs.patterns)


def _series_note(gs: list[CardGroup]) -> bool:
    """Every group of more than one pattern is one series: the legend says it once, the headings need not."""
    return any(g.one_counts for g in gs) and all(g.one_counts for g in gs if len(g.rows) > 1)


def card(rs: Ruleset) -> dict[str, Any]:
    gs = groups(rs)
    family = policy_of(rs.policy)
    limit_rule = family.limit_rule(rs)
    # what the card explains in words (the limit, and in Riichi the yakuman rules) is not listed again as a figure
    said = {views.option_label(key) for key in family.limit_options} if limit_rule else set()
    options = [(label, v) for label, v in views.options_rows(rs) if label not in said]
    zh_width = max((len(p.zh) for p in rs.patterns), default=2) + 0.6
    value_width = max((len(w) for g in gs for r in g.rows for w in (r.value, r.open)), default=3)
    shorts = sorted({r.value for g in gs for r in g.rows if not r.value.replace(",", "").isdigit()}, key=len)
    return {"groups": gs, "series_note": _series_note(gs), "options": options,
            "payments": views.payment_rows(rs), "has_open": _has_open_values(rs),
            "zh_width": f"{min(zh_width, 8.6):.1f}em", "stamp": ruleset_stamp(rs),
            "value_width": f"{min(value_width * 0.55 + 0.6, 4.4):.1f}em",
            "numbered": any(p.number for p in rs.patterns), "limit_rule": limit_rule,
            "limit_label": views.limit_words(rs),
            # what the short values mean ("Y: yakuman"), read back from the family's words for them
            "value_legend": [(short, _long_of(rs, short)) for short in shorts],
            "has_nots": any(p.excludes for p in rs.patterns) or policy_of(rs.policy).one_per_group}


def card_page(rs: Ruleset) -> Page:
    title = _("{name} quick card").format(name=views.ruleset_words(rs)[0])
    return Page(urls.card_url(rs.id), "card.html", title, card(rs),
                ruleset=rs, searchable=False, crumbs=ruleset_crumbs(rs),
                description=_("A printable one-page card of {ruleset}: every pattern with its value and what it does not "
                              "count with, and the rules a player needs at the table.").format(
                    ruleset=views.ruleset_label(rs)),
                keywords=(*ruleset_keywords(rs), "card", "quick card", "cheat sheet", "printable", "print",
                          "reference card", "summary"))
