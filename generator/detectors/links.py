"""Sets tied to each other by rank inside one suit: pairs of related sets, chains of touching
sets, and ladders that climb one rank at a time.

Sihai's one-suit (一色) fans are built from a few ways two sets can relate (the same chow,
chows one rank apart, 123 + 456, pungs one rank apart, a pung touching a chow) and from
chains in which each set begins on the rank after the previous one ends. One detector per
idea keeps the single, doubled (双…) and mirrored (镜…) fans on the same code.

Ranks here are 0-based (0 = a 1 tile); a set "spans" the ranks it covers: a chow three, a
pung, kong or pair one.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, pairwise
from typing import Literal

from ..shapes import Form, Kind, TileSet
from .gate import SETS_OR_PAIRS, Gate, form_in, honor_free
from .registry import detector
from .view import WHOLE, Match, SetProfile, View

Link = Literal["identical-chows", "stepped-chows", "short-straight", "shifted-pungs", "pung-chow"]


def span(s: TileSet) -> tuple[int, int]:
    """First and last rank the set covers."""
    start = s.tile % 9
    return (start, start + 2) if s.kind is Kind.CHOW else (start, start)


def mirror_rank(s: TileSet) -> int:
    """The starting rank of the set's reflection about 5 (a 1 becomes a 9, 123 becomes 789)."""
    return 8 - span(s)[1]


def letter(s: TileSet) -> str:
    """C for a chow, P for a pung or kong, R for the pair (the letters chain orders use)."""
    if s.kind is Kind.CHOW:
        return "C"
    return "R" if s.kind is Kind.PAIR else "P"


def linked(a: TileSet, b: TileSet, link: str) -> bool:
    """Whether two sets of one suit stand in `link` (in either order)."""
    if a.tile >= 27 or b.tile >= 27 or a.tile // 9 != b.tile // 9:
        return False
    kinds = letter(a) + letter(b)
    gap = abs(a.tile - b.tile)
    if link == "identical-chows":
        return kinds == "CC" and gap == 0
    if link == "stepped-chows":
        return kinds == "CC" and gap == 1
    if link == "short-straight":
        return kinds == "CC" and gap == 3
    if link == "shifted-pungs":
        return kinds == "PP" and gap == 1
    if kinds == "PC":
        a, b = b, a
    elif kinds != "CP":
        return False
    return a.tile + 3 == b.tile or b.tile + 1 == a.tile  # 123 + 444, or 111 + 234


def _set_indices(v: View) -> tuple[int, ...]:
    return tuple(sorted(v.chows + v.pungs))


def _link_sets(s: SetProfile, link: str, times: int) -> bool:
    """Enough sets for `times` couples of `link` (no set shared between couples, all in one suit)."""
    if s.form is not Form.REGULAR or s.suit_sets < 2 * times:
        return False
    if link == "shifted-pungs":
        return s.suit_pungs >= 2 * times
    if link == "pung-chow":
        return s.suit_pungs >= times and s.chows >= times
    return s.chows >= 2 * times


@detector("linked_sets", gate=Gate(sets=lambda s, a: _link_sets(s, a["link"], a["times"])))
def linked_sets(v: View, *, link: Link, times: Literal[1, 2] = 1, mirrored: bool = False) -> list[Match]:
    """Two sets of one suit in `link`; with `times = 2`, two such couples with no set in
    common, both in the same suit (Sihai's 双… fans); with `mirrored`, the second couple is
    the first reflected about 5 (123 + 456 and 456 + 789: 镜连六).

    Links: identical-chows (345 345), stepped-chows (345 456), short-straight (123 456),
    shifted-pungs (444 555), pung-chow (a pung touching a chow: 111 234 or 234 555).
    """
    if not v.is_regular:
        return []
    couples = [(i, j) for i, j in combinations(_set_indices(v), 2) if linked(v.sets[i], v.sets[j], link)]
    if times == 1:
        return [couples[0]] if couples else []
    for first, second in combinations(couples, 2):
        if set(first) & set(second) or v.sets[first[0]].tile // 9 != v.sets[second[0]].tile // 9:
            continue
        if mirrored:
            reflected = sorted(mirror_rank(v.sets[i]) for i in first)
            if reflected != sorted(span(v.sets[i])[0] for i in second):
                continue
        return [tuple(sorted(first + second))]
    return []


def _orders(orders: str) -> list[str]:
    words = orders.split("|")
    if not all(words) or any(set(w) - set("CPR") for w in words):
        raise ValueError(f"chain orders must be words of C, P and R separated by '|', not {orders!r}")
    return words


def _chains(v: View, word: str, used: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every run of elements of one suit, in the kinds `word` spells, each starting on the
    rank after the previous one ends."""
    if len(used) == len(word):
        yield used
        return
    want = word[len(used)]
    for i, s in enumerate(v.sets):
        if i in used or s.tile >= 27 or letter(s) != want:
            continue
        if used:
            prev = v.sets[used[-1]]
            if s.tile // 9 != prev.tile // 9 or span(s)[0] != span(prev)[1] + 1:
                continue
        yield from _chains(v, word, used + (i,))


def _chain_sets(s: SetProfile, orders: str) -> bool:
    """Enough chows, suit pungs and sets of one suit for one of the chain's words (C a chow, P a pung or kong,
    R the pair; a chain stays in one suit)."""
    return s.form is Form.REGULAR and any(
        word.count("C") <= s.chows and word.count("P") <= s.suit_pungs and len(word) <= s.suit_sets
        for word in orders.split("|"))


@detector("chain", gate=Gate(sets=lambda s, a: _chain_sets(s, a["orders"])))
def chain(v: View, *, orders: str) -> list[Match]:
    """Sets (and the pair) of one suit that follow each other without gap or overlap, low to
    high, in one of the given orders: words of C (chow), P (pung or kong) and R (the pair)
    separated by '|'. "CPC" is 123 444 567; "PCRCP" is 111 234 55 678 999.
    """
    words = _orders(orders)
    if not v.is_regular:
        return []
    for word in words:
        for found in _chains(v, word, ()):
            return [tuple(sorted(found))]
    return []


@detector("ladder", gate=Gate(sets=lambda s, a: s.form is Form.REGULAR and s.suit_sets > a["n"]
                              and (s.chows if a["sets"] == "chows" else s.pungs) >= a["n"]))
def ladder(v: View, *, sets: Literal["chows", "pungs"], n: int) -> list[Match]:
    """`n` chows (or pungs) of one suit whose starting ranks climb one at a time, and the pair
    of that suit as one more rung: on the rank where the next set would start, or just below
    the first (333 444 + 55; 123 234 345 456 + 55; 11 + 234 345 456 567)."""
    if not v.is_regular or v.pair is None:
        return []
    pool = v.chows if sets == "chows" else v.pungs
    by_tile: dict[int, int] = {}
    for i in pool:
        by_tile.setdefault(v.sets[i].tile, i)
    pair = v.sets[v.pair].tile
    for start in sorted(t for t in by_tile if t < 27):
        run = [start + k for k in range(n)]
        if run[-1] // 9 != start // 9 or not all(t in by_tile for t in run):
            continue
        below, above = start - 1, start + n
        if (pair == below and below // 9 == start // 9) or (pair == above and above // 9 == start // 9):
            return [tuple(by_tile[t] for t in run) + (v.pair,)]
    return []


@detector("number_run", gate=Gate(sets=form_in(*SETS_OR_PAIRS), tiles=honor_free))
def number_run(v: View, *, honors: Literal["allowed", "none"]) -> list[Match]:
    """The number sets and the number pair (or, in seven pairs, the number pairs), taken in
    any suits, follow one another rank after rank without a gap and without a rank used
    twice: 11 234 555 678 9 in mixed suits, or seven pairs on seven consecutive ranks. With
    honours allowed, honour sets and pairs stand aside and at least two number elements must
    remain."""
    if v.form not in (Form.REGULAR, Form.SEVEN_PAIRS):
        return []
    if honors == "none" and v.has_honors:
        return []
    spans = sorted(span(s) for s in v.sets if s.tile < 27)
    if len(spans) < 2:
        return []
    ok = all(b[0] == a[1] + 1 for a, b in pairwise(spans))
    return [WHOLE] if ok else []
