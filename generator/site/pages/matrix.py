"""A rule set's compatibility matrix page, its data file, and what a pattern page lists from the matrix."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ...examples.matrix import STATUSES, Cell, Matrix
from ...rules import Pattern, Ruleset
from .. import i18n, urls
from ..gather import SiteData
from ..i18n import N_
from ..i18n import gettext as _
from ..search_terms import ruleset_keywords
from ..views import pattern_name, ruleset_label
from .page import Page, ruleset_crumbs

Witnessed = dict[str, list[tuple[Ruleset, Pattern, Pattern]]]  # hand key -> matrix pairs it shows counting together

MATRIX_SYMBOLS = {"both": "✓", "below-minimum": "↓", "excludes": "×", "never": "∅", "undecided": "?"}
STATUS_WORDS = {"both": N_("count together"), "below-minimum": N_("count together only under the minimum"),
                "excludes": N_("one drops the other"), "never": N_("never together"), "undecided": N_("undecided")}


def status_words() -> dict[str, str]:
    """STATUS_WORDS in the current locale."""
    return {status: _(words) for status, words in STATUS_WORDS.items()}


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


def witness_url(data: SiteData, rs: Ruleset, c: Cell) -> str | None:
    """Where a cell's witness is shown: its hand page when the site has one, else the calculator with the hand."""
    if c.example and c.example in data.by_key:
        return urls.hand_url(c.example) + f"#score-{rs.id}"
    return urls.calculator_url(c.witness) if c.witness else None


def cell_words(rs: Ruleset, a: str, b: str, c: Cell) -> str:
    """One sentence for a pair: the answer and its reason (for an ``excludes``, which of the two stays)."""
    if c.status == "excludes":
        return excludes_words(rs, a, b, c)
    words = _(STATUS_WORDS[c.status])
    na, nb = _named(rs, a), _named(rs, b)
    return _("{a} and {b}: {status} ({reason})").format(a=na, b=nb, status=words, reason=reason_words(c)) \
        if c.reason else _("{a} and {b}: {status}").format(a=na, b=nb, status=words)


def reason_words(c: Cell) -> str:
    """The cell's reason in the page's language (the stored reasons are Messages; generator/pairs/store.py)."""
    return i18n.say(c.reason, i18n.current())


def _named(rs: Ruleset, pid: str) -> str:
    return pattern_name(rs.pattern(pid))


def excludes_words(rs: Ruleset, a: str, b: str, c: Cell) -> str:
    """Which of an ``excludes`` pair stays and which is dropped (or, where the witness counts neither, that they
    never count together), and the rule."""
    if c.by is None:  # the rule drops one or both; on the witness something drops the other too
        said = _("{a} and {b} never count together (on the hand shown, neither does)").format(
            a=_named(rs, a), b=_named(rs, b))
    else:
        said = _("{kept} stays, {dropped} is dropped").format(kept=_named(rs, c.by),
                                                              dropped=_named(rs, b if c.by == a else a))
    return _("{said}: {reason}").format(said=said, reason=reason_words(c)) if c.reason else said


@dataclass(frozen=True)
class Mark:
    status: str
    symbol: str
    url: str | None
    words: str


def matrix_pages(data: SiteData, rs: Ruleset) -> list[Page]:
    m = data.atlas.matrices.get(rs.id)
    if m is None:
        return []
    number = {pid: i + 1 for i, pid in enumerate(m.patterns)}
    rows = []
    for a in m.patterns:
        marks: list[Mark | None] = []
        for b in m.patterns:
            c = m.cell(a, b)
            if c is None:
                marks.append(None)
                continue
            words = f"{number[a]} × {number[b]}: " + cell_words(rs, a, b, c)
            marks.append(Mark(c.status, MATRIX_SYMBOLS[c.status], witness_url(data, rs, c), words))
        rows.append((number[a], rs.pattern(a), marks))
    # the page prints the matrix's cells through `rows` alone, so the Matrix (thousands of cells more to digest for
    # the page cache) is not handed to it
    stored = m.stored
    space = ({"hands": stored.hands, "divisions": stored.divisions, "searched": stored.searched,
              "current": stored.current} if stored is not None else None)
    return [Page(urls.matrix_url(rs.id), "matrix.html", _("{name} compatibility matrix").format(name=rs.name),
                 {"n_patterns": len(m.patterns), "searched": m.searched, "rows": rows, "counts": m.counts(),
                  "symbols": MATRIX_SYMBOLS, "words": status_words(), "statuses": STATUSES, "space": space,
                  "data_url": matrix_data_url(rs.id)},
                 ruleset=rs, searchable=False, crumbs=ruleset_crumbs(rs),
                 description=_("Which patterns of {ruleset} a hand can count together, pair by pair, each answer "
                               "with the hand that shows it or the rule that forbids it.").format(
                     ruleset=ruleset_label(rs)),
                 keywords=(*ruleset_keywords(rs), "compatibility", "compatible", "combine", "combinations",
                           "which patterns count together", "matrix"))]


@dataclass(frozen=True)
class Partner:
    """Another pattern beside the page's own: the pair's answer, its words and its witness's address."""

    other: Pattern
    cell: Cell
    words: str  # the reason or rule (for ``excludes``, which stays), empty when the answer has none
    url: str | None  # the witness: a hand page of the site, else the calculator; None when there is none
    rule: str = ""  # an exclusion or series of the rule data naming the pair, where the answer is not `excludes`


@dataclass(frozen=True)
class Group:
    status: str
    partners: list[Partner]
    open: bool  # shown unfolded: a short list reads at a glance, a long one (dozens of never) waits for a click


OPEN_AT_MOST = 12  # partners a group may list and still be shown unfolded


def combinations_of(data: SiteData, rs: Ruleset, p: Pattern) -> list[Group]:
    """For a pattern page: per status (in `STATUSES` order), the other patterns with that answer beside `p`, in
    rule order; empty groups are left out."""
    m = data.atlas.matrices.get(rs.id)
    if m is None:
        return []
    groups: dict[str, list[Partner]] = {s: [] for s in STATUSES}
    for q in rs.patterns:
        c = m.cell(p.id, q.id)
        if c is None:
            continue
        words = excludes_words(rs, p.id, q.id, c) if c.status == "excludes" else reason_words(c)
        groups[c.status].append(Partner(q, c, words, witness_url(data, rs, c)))
    return [Group(s, groups[s], len(groups[s]) <= OPEN_AT_MOST) for s in STATUSES if groups[s]]


def matrix_data_url(ruleset_id: str) -> str:
    return f"/data/matrix/{ruleset_id}.json"


def matrix_json(data: SiteData, m: Matrix) -> bytes:
    """notation.md's data/matrix/<ruleset-id>.json: every unordered pair once, a before b in rule order.

    One pair a line, keys sorted, so the bytes follow the answers alone and a diff between builds names the pairs
    that changed. A pair the build ties to a hand of the site carries that hand's notation as its witness: the file
    is read without the site's pages, so a witness must be a hand, not a key."""
    pairs = []
    for i, a in enumerate(m.patterns):
        for b in m.patterns[i + 1:]:
            c = m.cells[(a, b)]
            witness = c.witness
            if witness is None and c.example and c.example in data.by_key:
                witness = data.by_key[c.example].hand
            pairs.append({"a": a, "b": b, "status": c.status, "witness": witness, "by": c.by, "reason": c.reason})
    lines = ",\n".join(json.dumps(x, ensure_ascii=False, sort_keys=True) for x in pairs)
    head = json.dumps(m.patterns, ensure_ascii=False)
    return (f'{{"pairs": [\n{lines}\n],\n"patterns": {head},\n"ruleset": {json.dumps(m.ruleset)}}}\n').encode()


def matrix_files(data: SiteData) -> dict[str, bytes]:
    """The data file of every rule set that has a matrix, by output path."""
    return {urls.output_path(matrix_data_url(rid)): matrix_json(data, m)
            for rid, m in sorted(data.atlas.matrices.items())}
