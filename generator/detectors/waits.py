"""Patterns of the wait: edge, closed and single waits on a unique winning tile.

The wait is judged on the standing tiles before the win. It counts only when exactly one
tile completes them, and waits are counted formally: a tile whose four copies the hand
already holds still counts as a second wait (MCR practice, after the MIL rules).
Where the winning tile sits is read from the concealed sets of the reading; when it could
sit in several places, edge beats closed beats single, so a hand scores one wait at most.
"""

from __future__ import annotations

from typing import Literal, cast

from ..completion import completes_alone
from ..shapes import Form, Kind, TileSet
from ..tiles import Tile, counts_of
from .gate import Gate
from .registry import detector
from .view import Match, View

Shape = Literal["edge", "closed", "single"]
_ORDER: tuple[str, ...] = ("edge", "closed", "single")


def only_wait(standing: list[int], win: Tile, seven_pairs: bool) -> bool:
    """Whether `win` is the only tile completing `standing` (a count vector, which `win` completes as
    sets and a pair) as sets and a pair, or as seven pairs when allowed, counting tiles with no copy
    left to draw."""
    if not completes_alone(standing, win):
        return False
    # Seven pairs: thirteen standing tiles with one kind held an odd number of times wait on that kind
    # alone (a pair of fours counting as two pairs), so another tile completes them when it is not `win`.
    return not (seven_pairs and standing.count(1) + standing.count(3) == 1 and standing[win] % 2 == 0)


def _shape_of(sets: list[tuple[int, TileSet]], win: Tile) -> tuple[str, int] | None:
    """Best wait shape of the winning tile among concealed sets, with the set's index."""
    found: dict[str, int] = {}
    for i, s in sets:
        if s.kind is Kind.CHOW and s.tile <= win <= s.tile + 2:  # `win in s.tiles`, without building them
            found.setdefault("closed" if win == s.tile + 1 else "edge", i)
        elif s.kind is Kind.PAIR and s.tile == win:
            found.setdefault("single", i)
    for shape in _ORDER:
        if shape in found:
            return shape, found[shape]
    return None


def _wait_of(v: View) -> tuple[str, int] | None:
    """The reading's wait shape and the set holding the winning tile, when the winning tile was
    the only one; None otherwise. Worked out once per reading (kept in `View.shared`): the edge,
    closed and single patterns all ask for it."""
    if "wait" in v.shared:
        return cast("tuple[str, int] | None", v.shared["wait"])
    win = v.hand.win_tile
    free = [(i, s) for i, s in enumerate(v.sets) if not s.melded and s.kind is not Kind.KNITTED]
    found = _shape_of(free, win)
    if found is not None:
        if v.form is Form.REGULAR:
            unique = only_wait(counts_of(v.hand.concealed), win, not v.hand.melds)
        else:  # the set and pair beside the knitted tiles, which hold the winning tile
            rest = [t for _, s in free for t in s.tiles]
            rest.remove(win)
            unique = only_wait(counts_of(rest), win, False)
        if not unique:
            found = None
    v.shared["wait"] = found
    return found


@detector("wait", gate=Gate(sets=lambda s, a: s.form in (Form.REGULAR, Form.KNITTED_STRAIGHT)
                            and (a["shape"] == "single" or s.chows >= 1)))
def wait(v: View, *, shape: Shape) -> list[Match]:
    """The winning tile was the only tile that completed the hand and it sits at the end
    of a chow (edge), in its middle (closed), or in the pair (single).

    In a knitted-straight reading the wait is judged on the set and the pair beside the
    knitted tiles, and only when the winning tile is among them.
    """
    if v.form is not Form.REGULAR and v.form is not Form.KNITTED_STRAIGHT:
        return []
    found = _wait_of(v)
    return [(found[1],)] if found is not None and found[0] == shape else []
