"""Patterns of pungs and kongs."""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Literal

from ..shapes import Form
from .chows import has_run
from .gate import Gate
from .registry import detector
from .view import WHOLE, Match, View


@detector("all_pungs", gate=Gate(sets=lambda s, a: s.form is Form.REGULAR and s.pungs == 4, exact=True))
def all_pungs(v: View) -> list[Match]:
    """Four pungs or kongs and a pair."""
    return [WHOLE] if v.is_regular and len(v.pungs) == 4 else []


@detector("concealed_pungs", gate=Gate(sets=lambda s, a: s.pungs >= a["n"]))
def concealed_pungs(v: View, *, n: int) -> list[Match]:
    """At least `n` concealed pungs (a concealed kong counts; a pung completed by a discard does not)."""
    c = v.concealed_pungs
    return [c] if len(c) >= n else []


@detector("kongs", gate=Gate(sets=lambda s, a: s.kongs >= a["n"]))
def kongs(v: View, *, n: int, concealed: Literal["any", "yes", "no", "both"] = "any") -> list[Match]:
    """At least `n` kongs (of the requested concealment); `both`: at least `n` concealed
    and at least `n` melded ones (MCR 明暗杠)."""
    if concealed == "both":
        hidden = [i for i in v.kongs if not v.sets[i].exposed]
        shown = [i for i in v.kongs if v.sets[i].exposed]
        return [tuple(sorted(hidden[:n] + shown[:n]))] if len(hidden) >= n and len(shown) >= n else []
    ks = [i for i in v.kongs if concealed == "any" or (not v.sets[i].exposed) == (concealed == "yes")]
    return [tuple(ks)] if len(ks) >= n else []


@detector("shifted_pungs", gate=Gate(sets=lambda s, a: s.suit_pungs >= a["n"] and (
    s.suit_sets >= a["n"] if a["suits"] == "one" else s.pung_suits == 7)))
def shifted_pungs(v: View, *, n: int, suits: Literal["one", "three"] = "one") -> list[Match]:
    """`n` pungs of one suit in consecutive ranks (e.g. 444 555 666); with `suits = "three"`,
    three pungs of consecutive ranks each in a different suit (MCR 三色三节高)."""
    if len(v.pungs) < n:
        return []
    by_tile = {v.sets[i].tile: i for i in v.pungs if v.sets[i].tile < 27}
    if suits == "one":
        if not has_run(set(by_tile), n, 1, one_suit=True):  # most readings have none: no need to say where
            return []
        for start in sorted(by_tile):
            run = [start + k for k in range(n)]
            if all(t in by_tile for t in run) and run[-1] // 9 == start // 9:
                return [tuple(by_tile[t] for t in run)]
        return []
    ranks = {t % 9 for t in by_tile}
    for low in sorted(ranks):  # a run starts at a rank held: only those are tried, lowest first
        if low > 9 - n or not all(low + k in ranks for k in range(1, n)):
            continue
        for order in permutations(range(3), n):
            run = [s * 9 + low + k for k, s in enumerate(order)]
            if all(t in by_tile for t in run):
                return [tuple(by_tile[t] for t in run)]
    return []


@detector("double_pungs", gate=Gate(sets=lambda s, a: s.pung_suits.bit_count() >= 2))
def double_pungs(v: View) -> list[Match]:
    """Every pair of suit pungs (or kongs) of one rank in two suits: one match per pair, so a
    policy can see which pungs each instance combines (MCR 双同刻, counted per pair)."""
    if len(v.pungs) < 2:
        return []
    suited = [i for i in v.pungs if v.sets[i].tile < 27]
    return [(i, j) for i, j in combinations(suited, 2)
            if v.sets[i].tile % 9 == v.sets[j].tile % 9 and v.sets[i].tile != v.sets[j].tile]


@detector("mixed_pungs", gate=Gate(sets=lambda s, a: s.pung_suits.bit_count() >= (2 if a["pair"] else 3)))
def mixed_pungs(v: View, *, pair: bool = False) -> list[Match]:
    """Pungs of one rank in all three suits; with `pair`, two pungs and the pair of that rank in the third suit."""
    if len(v.pungs) < (2 if pair else 3):
        return []
    pungs = {v.sets[i].tile: i for i in v.pungs if v.sets[i].tile < 27}
    for rank in sorted({t % 9 for t in pungs}):  # a rank no pung holds matches neither way: only these are tried
        have = [pungs.get(s * 9 + rank) for s in range(3)]
        found = [i for i in have if i is not None]
        if not pair and len(found) == 3:
            return [tuple(found)]
        if pair and len(found) == 2 and v.pair is not None:
            missing = next(s for s in range(3) if have[s] is None)
            if v.sets[v.pair].tile == missing * 9 + rank:
                return [tuple(found) + (v.pair,)]
    return []
