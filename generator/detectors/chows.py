"""Patterns of chows."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, pairwise, permutations
from typing import Literal

from ..shapes import Form, Kind
from ..tiles import Tile, is_honor
from .gate import Gate
from .registry import detector
from .view import WHOLE, Match, View


@detector("all_chows", gate=Gate(sets=lambda s, a: (s.form is Form.REGULAR and s.chows == 4)
                                 or (a["knitted"] and s.form is Form.KNITTED_STRAIGHT)))
def all_chows(v: View, *, pair: Literal["any", "suited"] = "any", knitted: bool = False) -> list[Match]:
    """Four chows and a pair (no condition on the wait).

    `pair = "suited"` asks for a suit-tile pair (MCR 平和); with `knitted` the three groups of
    a knitted straight count as chows, so knitted straight + chow + suited pair qualifies.
    """
    if v.is_regular:
        chows = len(v.chows)
    elif knitted and v.form is Form.KNITTED_STRAIGHT:
        chows = len(v.chows) + sum(1 for s in v.sets if s.kind is Kind.KNITTED)
    else:
        return []
    if chows != 4:
        return []
    if pair == "suited" and (v.pair is None or is_honor(v.sets[v.pair].tile)):
        return []
    return [WHOLE]


@detector("identical_chows", gate=Gate(sets=lambda s, a: s.chows >= (4 if a["twice"] else a["n"])
                                       and s.suit_chows >= (2 if a["twice"] else a["n"])))
def identical_chows(v: View, *, n: int, twice: bool = False) -> list[Match]:
    """`n` identical chows (same suit, same ranks); with `twice`, two different groups of two."""
    groups: dict[int, list[int]] = {}
    for i in v.chows:
        groups.setdefault(v.sets[i].tile, []).append(i)
    if twice:
        pairs = [g[:2] for g in groups.values() if len(g) >= 2]
        four = [g for g in groups.values() if len(g) == 4]
        if len(pairs) >= 2:
            return [tuple(pairs[0] + pairs[1])]
        if four:  # four identical chows also read as two groups of two
            return [tuple(four[0])]
        return []
    for tile in sorted(groups):
        if len(groups[tile]) >= n:
            return [tuple(groups[tile][:n])]
    return []


@detector("mixed_chows", gate=Gate(sets=lambda s, a: s.chows >= 3 and s.chow_suits == 7))
def mixed_chows(v: View) -> list[Match]:
    """The same chow in all three suits."""
    by_tile = {v.sets[i].tile: i for i in v.chows}
    for rank in range(7):
        if all(s * 9 + rank in by_tile for s in range(3)):
            return [tuple(by_tile[s * 9 + rank] for s in range(3))]
    return []


@detector("pure_straight", gate=Gate(sets=lambda s, a: s.chows >= 3 and (
    s.suit_chows >= 3 if a["suits"] == "one" else s.chow_suits == 7)))
def pure_straight(v: View, *, suits: Literal["one", "three"] = "one") -> list[Match]:
    """Chows 123, 456 and 789 of one suit; with `suits = "three"` each in a different suit (MCR 花龙)."""
    if len(v.chows) < 3:
        return []
    by_tile = {v.sets[i].tile: i for i in v.chows}
    if suits == "one":
        for base in (0, 9, 18):
            if base in by_tile and base + 3 in by_tile and base + 6 in by_tile:
                return [(by_tile[base], by_tile[base + 3], by_tile[base + 6])]
        return []
    for order in permutations(range(3)):
        tiles = [s * 9 + r for s, r in zip(order, (0, 3, 6))]
        if all(t in by_tile for t in tiles):
            return [tuple(by_tile[t] for t in tiles)]
    return []


@detector("shifted_chows", gate=Gate(sets=lambda s, a: s.chows >= a["n"] and (
    s.suit_chows >= a["n"] if a["suits"] == "one" else s.chow_suits == 7)))
def shifted_chows(
    v: View, *, n: int, suits: Literal["one", "three"] = "one", max_step: int = 1, min_step: int = 1
) -> list[Match]:
    """`n` chows whose ranks rise by the same step (`min_step` up to `max_step`): in one suit
    (123 234 345, or 123 345 567 with steps of two), or with `suits = "three"` one chow per suit.
    """
    chows = v.chows
    if len(chows) < n:
        return []
    starts = {v.sets[i].tile for i in chows}
    if suits == "three":
        starts = {t % 9 for t in starts}
    for step in range(min_step, max_step + 1):
        # A quick look for a run of starts (in one suit, or of ranks) first: most readings have none, and the
        # search below, which picks which chows form the match, is only needed when one exists.
        if not has_run(starts, n, step, one_suit=suits == "one"):
            continue
        for combo in combinations(chows, n):
            tiles = [v.sets[i].tile for i in combo]
            if suits == "one":
                if len({t // 9 for t in tiles}) != 1:
                    continue
                ranks = sorted(tiles)
            else:
                if len({t // 9 for t in tiles}) != n:
                    continue
                ranks = sorted(t % 9 for t in tiles)
            if all(b - a == step for a, b in pairwise(ranks)):
                return [tuple(sorted(combo, key=lambda i: v.sets[i].tile % 9 if suits == "three" else v.sets[i].tile))]
    return []


def has_run(starts: set[Tile], n: int, step: int, *, one_suit: bool) -> bool:
    """Whether `starts` holds some t, t + step, … t + (n-1)·step (all in t's suit when `one_suit`)."""
    for t in starts:
        if one_suit and (t + (n - 1) * step) // 9 != t // 9:
            continue
        for k in range(1, n):
            if t + k * step not in starts:
                break
        else:
            return True
    return False


ChowRelation = Literal["identical", "mixed", "short-straight", "terminal"]


def chows_related(a: Tile, b: Tile, relation: str) -> bool:
    """Whether two chows (given by their lowest tiles) stand in `relation`:
    identical (same suit and ranks), mixed (same ranks, other suit), short-straight
    (same suit, 123 + 456) or terminal (same suit, 123 + 789)."""
    return _RELATED[relation](a, b)


_RELATED: dict[str, Callable[[Tile, Tile], bool]] = {
    "identical": lambda a, b: a == b,
    "mixed": lambda a, b: a // 9 != b // 9 and a % 9 == b % 9,
    "short-straight": lambda a, b: a // 9 == b // 9 and abs(a - b) == 3,
    # chows start at ranks 1-7, so two of one suit six ranks apart are 123 and 789
    "terminal": lambda a, b: a // 9 == b // 9 and abs(a - b) == 6,
}
"""The relations of `chows_related`, one function each."""

_RELATED_TABLES: dict[str, tuple[tuple[bool, ...], ...]] = {
    name: tuple(tuple(related(a, b) for b in range(27)) for a in range(27)) for name, related in _RELATED.items()}
"""`_RELATED` looked up rather than called, by the two chows' lowest tiles: `chow_pairs` tests every pair of
chows of nearly every reading."""


@detector("chow_pairs", gate=Gate(sets=lambda s, a: s.suit_chows >= 2 if a["relation"] != "mixed"
                                  else s.chow_suits.bit_count() >= 2))
def chow_pairs(v: View, *, relation: ChowRelation) -> list[Match]:
    """Every pair of chows in `relation` (one match per pair, so a policy can limit how
    often a chow is combined: MCR's account-once principle)."""
    if len(v.chows) < 2:
        return []
    related = _RELATED_TABLES[relation]
    sets = v.sets
    return [(i, j) for i, j in combinations(v.chows, 2) if related[sets[i].tile][sets[j].tile]]


@detector("terminal_chows", gate=Gate(sets=lambda s, a: s.form is Form.REGULAR and s.chows == 4 and (
    s.suit_chows == 4 if a["pair_suit"] == "same" else s.chow_suits.bit_count() == 2)))
def terminal_chows(v: View, *, pair_suit: Literal["same", "other"]) -> list[Match]:
    """Chows 123 and 789 twice with a pair of 5s: all in one suit (MCR 一色双龙会), or with
    `pair_suit = "other"` 123 + 789 in two suits and the 5s in the third (三色双龙会)."""
    if not v.is_regular or len(v.chows) != 4 or v.pair is None:
        return []
    pair = v.sets[v.pair].tile
    if is_honor(pair) or pair % 9 != 4:
        return []
    tiles = sorted(v.sets[i].tile for i in v.chows)
    if pair_suit == "same":
        base = pair - 4
        want = [base, base, base + 6, base + 6]
    else:
        others = [s for s in range(3) if s != pair // 9]
        want = sorted(s * 9 + r for s in others for r in (0, 6))
    return [v.chows + (v.pair,)] if tiles == want else []


