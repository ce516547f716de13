"""Patterns of chows."""

from __future__ import annotations

from collections import Counter

from .registry import detector
from .view import WHOLE, Match, View


@detector("all_chows")
def all_chows(v: View) -> list[Match]:
    """Four chows and a pair (no condition on the pair or the wait)."""
    return [WHOLE] if v.is_regular and len(v.chows) == 4 else []


@detector("identical_chows")
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


@detector("mixed_chows")
def mixed_chows(v: View) -> list[Match]:
    """The same chow in all three suits."""
    by_tile = {v.sets[i].tile: i for i in v.chows}
    for rank in range(7):
        if all(s * 9 + rank in by_tile for s in range(3)):
            return [tuple(by_tile[s * 9 + rank] for s in range(3))]
    return []


@detector("pure_straight")
def pure_straight(v: View) -> list[Match]:
    """Chows 123, 456 and 789 of one suit."""
    by_tile = {v.sets[i].tile: i for i in v.chows}
    for s in range(3):
        if all(s * 9 + r in by_tile for r in (0, 3, 6)):
            return [tuple(by_tile[s * 9 + r] for r in (0, 3, 6))]
    return []


def chow_counter(v: View) -> Counter[int]:
    return Counter(v.sets[i].tile for i in v.chows)

