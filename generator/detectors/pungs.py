"""Patterns of pungs and kongs."""

from __future__ import annotations

from typing import Literal

from .registry import detector
from .view import WHOLE, Match, View


@detector("all_pungs")
def all_pungs(v: View) -> list[Match]:
    """Four pungs or kongs and a pair."""
    return [WHOLE] if v.is_regular and len(v.pungs) == 4 else []


@detector("concealed_pungs")
def concealed_pungs(v: View, *, n: int) -> list[Match]:
    """At least `n` concealed pungs (a concealed kong counts; a pung completed by a discard does not)."""
    c = v.concealed_pungs
    return [c] if len(c) >= n else []


@detector("kongs")
def kongs(v: View, *, n: int, concealed: Literal["any", "yes", "no"] = "any") -> list[Match]:
    """At least `n` kongs (of the requested concealment)."""
    ks = [i for i in v.kongs if concealed == "any" or (not v.sets[i].exposed) == (concealed == "yes")]
    return [tuple(ks)] if len(ks) >= n else []


@detector("shifted_pungs")
def shifted_pungs(v: View, *, n: int) -> list[Match]:
    """`n` pungs of one suit in consecutive ranks (e.g. 444 555 666)."""
    by_tile = {v.sets[i].tile: i for i in v.pungs if v.sets[i].tile < 27}
    for start in sorted(by_tile):
        run = [start + k for k in range(n)]
        if all(t in by_tile for t in run) and run[-1] // 9 == start // 9:
            return [tuple(by_tile[t] for t in run)]
    return []


@detector("mixed_pungs")
def mixed_pungs(v: View, *, pair: bool = False) -> list[Match]:
    """Pungs of one rank in all three suits; with `pair`, two pungs and the pair of that rank in the third suit."""
    pungs = {v.sets[i].tile: i for i in v.pungs if v.sets[i].tile < 27}
    for rank in range(9):
        have = [pungs.get(s * 9 + rank) for s in range(3)]
        found = [i for i in have if i is not None]
        if not pair and len(found) == 3:
            return [tuple(found)]
        if pair and len(found) == 2 and v.pair is not None:
            missing = next(s for s in range(3) if have[s] is None)
            if v.sets[v.pair].tile == missing * 9 + rank:
                return [tuple(found) + (v.pair,)]
    return []
