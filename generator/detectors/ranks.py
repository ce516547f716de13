"""Patterns about which ranks and which particular tiles a hand uses.

MCR has a family of "every tile within a band of ranks" patterns (upper, middle, lower
tiles and the upper / lower four), patterns on a fixed tile list (all green, reversible
tiles) and patterns on what every set holds (all fives, all even pungs); tile hog is
here too because it reads the tile counts, not the sets.
"""

from __future__ import annotations

from typing import Final, Literal

from ..shapes import Form, Kind
from ..tiles import GREEN, NUM_KINDS, WHITE, Tile, is_honor, make, rank_of
from .gate import Args, Gate, bands_within
from .registry import detector
from .view import TILE_BITS, WHOLE, Match, TileProfile, View

TILE_LISTS: Final[dict[str, frozenset[Tile]]] = {
    # bamboo 2 3 4 6 8 and the green dragon: the tiles printed in green only
    "green": frozenset([make(r, "s") for r in (2, 3, 4, 6, 8)] + [GREEN]),
    # tiles whose faces look the same upside down: dots 1234589, bamboo 245689, white dragon
    "reversible": frozenset(
        [make(r, "p") for r in (1, 2, 3, 4, 5, 8, 9)] + [make(r, "s") for r in (2, 4, 5, 6, 8, 9)] + [WHITE]
    ),
}


def _list_bits(which: str) -> tuple[int, int]:
    """Suit and honour masks (as in TileProfile) of the tiles on a fixed list: a hand with a tile
    outside them cannot be all on the list."""
    bits = 0
    for t in TILE_LISTS[which]:
        bits |= TILE_BITS[t]
    return bits & 7, (bits >> 3) & 3


_LIST_BITS = {which: _list_bits(which) for which in TILE_LISTS}


def _on_list(t: TileProfile, a: Args) -> bool:
    suits, honors = _LIST_BITS[a["which"]]
    return not (t.suits & ~suits or t.honors & ~honors)


@detector("rank_range", gate=Gate(tiles=lambda t, a: not t.honors
                                  and not t.bands & ~bands_within(a["low"], a["high"])))
def rank_range(v: View, *, low: int, high: int) -> list[Match]:
    """Only suit tiles, every one ranked from `low` to `high` (MCR 全大 is 7-9, 大于五 6-9)."""
    return [WHOLE] if all(low <= _SUIT_RANK[t] <= high for t in v.kinds) else []


_SUIT_RANK = tuple(0 if is_honor(t) else rank_of(t) for t in range(NUM_KINDS))
"""Per tile, its rank, 0 for an honour (which no rank range holds): `rank_range` asks it of every tile kind."""


@detector("tile_list", gate=Gate(tiles=_on_list))
def tile_list(v: View, *, which: Literal["green", "reversible"]) -> list[Match]:
    """Every tile is on a fixed list: the all-green tiles or the reversible (upside-down
    symmetric) tiles."""
    return [WHOLE] if v.kinds <= TILE_LISTS[which] else []


@detector("all_sets_contain", gate=Gate(sets=lambda s, a: s.form is Form.REGULAR
                                        and s.every_set >> (a["rank"] - 1) & 1))
def all_sets_contain(v: View, *, rank: int) -> list[Match]:
    """Every set and the pair holds a suit tile of this rank (MCR 全带五: rank 5)."""
    if not v.is_regular:
        return []
    for s in v.sets:  # reading the set's first tile: a chow holds three ranks up from it, other sets one
        t = s.tile
        if t >= 27 or not 0 <= rank - 1 - t % 9 <= (2 if s.kind is Kind.CHOW else 0):
            return []
    return [WHOLE]


@detector("all_even_pungs", gate=Gate(sets=lambda s, a: s.form is Form.REGULAR and s.suit_pungs == 4))
def all_even_pungs(v: View) -> list[Match]:
    """Four pungs (or kongs) and a pair, all of even-ranked suit tiles (2, 4, 6, 8)."""
    if not v.is_regular or len(v.pungs) != 4:
        return []
    ok = all(not is_honor(s.tile) and rank_of(s.tile) % 2 == 0 for s in v.sets)
    return [WHOLE] if ok else []


def hog_tiles(v: View) -> list[Tile]:
    """Tiles whose four copies are all in the hand without forming a kong, in tile order."""
    counts = v.counts
    held = counts.count(4)
    if not held:
        return []
    kong_tiles = {v.sets[i].tile for i in v.kongs}
    out: list[Tile] = []
    t = -1
    for _ in range(held):  # each kind held four times found by `index`, in C, not by a loop over all 34 kinds
        t = counts.index(4, t + 1)
        if t not in kong_tiles:
            out.append(t)
    return out


@detector("tile_hog", gate=Gate(tiles=lambda t, a: t.hogs >= 1))
def tile_hog(v: View) -> list[Match]:
    """One match per tile whose four copies are all in the hand without forming a kong;
    the match lists the sets holding that tile."""
    return [tuple([i for i, s in enumerate(v.sets) if s.holds(t)]) for t in hog_tiles(v)]
