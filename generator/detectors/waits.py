"""Patterns of the wait: edge, closed and single waits on a unique winning tile.

The wait is judged on the standing tiles before the win. It counts only when exactly one
tile completes them, and waits are counted formally: a tile whose four copies the hand
already holds still counts as a second wait (MCR practice, after the MIL rules).
Where the winning tile sits is read from the concealed sets of the reading; when it could
sit in several places, edge beats closed beats single, so a hand scores one wait at most.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from ..shapes import Form, Kind, TileSet, is_complete_counts
from ..tiles import NUM_KINDS, Tile, counts_of
from .registry import detector
from .view import Match, View

Shape = Literal["edge", "closed", "single"]
_ORDER: tuple[str, ...] = ("edge", "closed", "single")
_REGULAR = frozenset({Form.REGULAR})
_WITH_PAIRS = frozenset({Form.REGULAR, Form.SEVEN_PAIRS})


def _near(counts: list[int], t: Tile) -> bool:
    """Whether tile `t` could take part in a set with the tiles held: a copy of it, or a
    tile of its suit at most two ranks away. Only such tiles can complete a hand."""
    if counts[t]:
        return True
    if t >= 27:
        return False
    low, high = max(t - 2, t - t % 9), min(t + 2, t - t % 9 + 8)
    return any(counts[x] for x in range(low, high + 1))


@lru_cache(maxsize=1 << 14)
def only_wait(standing: tuple[int, ...], win: Tile, seven_pairs: bool) -> bool:
    """Whether `win` is the only tile completing `standing` (a count vector) as sets and a
    pair, or as seven pairs when allowed, counting tiles with no copy left to draw."""
    forms = _WITH_PAIRS if seven_pairs else _REGULAR
    counts = list(standing)
    for t in range(NUM_KINDS):
        if t == win or not _near(counts, t):
            continue
        counts[t] += 1
        other = is_complete_counts(counts, 0, forms)
        counts[t] -= 1
        if other:
            return False
    return True


def _shape_of(sets: list[tuple[int, TileSet]], win: Tile) -> tuple[str, int] | None:
    """Best wait shape of the winning tile among concealed sets, with the set's index."""
    found: dict[str, int] = {}
    for i, s in sets:
        if s.kind is Kind.CHOW and win in s.tiles:
            found.setdefault("closed" if win == s.tile + 1 else "edge", i)
        elif s.kind is Kind.PAIR and s.tile == win:
            found.setdefault("single", i)
    for shape in _ORDER:
        if shape in found:
            return shape, found[shape]
    return None


@detector("wait")
def wait(v: View, *, shape: Shape) -> list[Match]:
    """The winning tile was the only tile that completed the hand and it sits at the end
    of a chow (edge), in its middle (closed), or in the pair (single).

    In a knitted-straight reading the wait is judged on the set and the pair beside the
    knitted tiles, and only when the winning tile is among them.
    """
    if v.form is not Form.REGULAR and v.form is not Form.KNITTED_STRAIGHT:
        return []
    win = v.hand.win_tile
    free = [(i, s) for i, s in enumerate(v.sets) if not s.melded and s.kind is not Kind.KNITTED]
    found = _shape_of(free, win)
    if found is None or found[0] != shape:
        return []
    if v.form is Form.REGULAR:
        unique = only_wait(tuple(counts_of(v.hand.concealed)), win, not v.hand.melds)
    else:  # the set and pair beside the knitted tiles, which hold the winning tile
        rest = [t for _, s in free for t in s.tiles]
        rest.remove(win)
        unique = only_wait(tuple(counts_of(rest)), win, False)
    return [(found[1],)] if unique else []
