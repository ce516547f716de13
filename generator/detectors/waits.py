"""Patterns of the wait: edge, closed and single waits on a unique winning tile.

The wait is judged on the standing tiles before the win. It counts only when exactly one
tile completes them, and waits are counted formally: a tile whose four copies the hand
already holds still counts as a second wait (MCR practice, after the MIL rules).
Where the winning tile sits is read from the concealed sets of the reading; when it could
sit in several places, edge beats closed beats single, so a hand scores one wait at most.
"""

from __future__ import annotations

from typing import Literal

from ..completion import completes_alone
from ..shapes import Form, Kind, TileSet
from ..tiles import Tile, counts_of
from .gate import Gate
from .registry import detector
from .view import Match, View

Shape = Literal["edge", "closed", "single"]
# Enum members as module constants, for the hot paths (see shapes.py).
_CHOW, _PUNG, _PAIR, _KNITTED = Kind.CHOW, Kind.PUNG, Kind.PAIR, Kind.KNITTED
_REGULAR, _KNITTED_STRAIGHT = Form.REGULAR, Form.KNITTED_STRAIGHT
_EDGE_OF = tuple(t + 2 if t % 9 == 0 else t if t % 9 == 6 else -1 for t in range(27))
"""Per chow (by its first tile), the tile that sits at its edge: the 3 of 123, the 7 of 789; -1 for none."""


def only_wait(standing: list[int], win: Tile, seven_pairs: bool) -> bool:
    """Whether `win` is the only tile completing `standing` (a count vector, which `win` completes as
    sets and a pair) as sets and a pair, or as seven pairs when allowed, counting tiles with no copy
    left to draw."""
    if not completes_alone(standing, win):
        return False
    # Seven pairs: thirteen standing tiles with one kind held an odd number of times wait on that kind
    # alone (a pair of fours counting as two pairs), so another tile completes them when it is not `win`.
    return not (seven_pairs and standing.count(1) + standing.count(3) == 1 and standing[win] % 2 == 0)


def _shape_of(sets: tuple[TileSet, ...], win: Tile) -> tuple[str, int] | None:
    """Best wait shape of the winning tile among the concealed sets (edge, then closed, then single),
    with the index of the first set giving it. One pass, no intermediate list: every reading asks.

    None as well when the sets show that another tile completes the hand, which the search of
    `only_wait` would find at a far higher cost (a third of the readings that get this far): the
    winning tile at the open end of a chow (its other end completes it too), or in a pung (then
    the standing tiles hold two pairs, and the other pair's tile completes them as well).
    """
    edge = closed = single = -1
    for i, s in enumerate(sets):
        if s.melded:
            continue
        kind = s.kind
        if kind is _CHOW:
            start = s.tile
            if start <= win <= start + 2:  # `win in s.tiles`, without building them
                if win == start + 1:
                    if closed < 0:
                        closed = i
                elif win == _EDGE_OF[start]:
                    if edge < 0:
                        edge = i
                else:  # an open end
                    return None
        elif kind is _PAIR:
            if s.tile == win and single < 0:
                single = i
        elif kind is _PUNG and s.tile == win:
            return None
    if edge >= 0:
        return "edge", edge
    if closed >= 0:
        return "closed", closed
    return ("single", single) if single >= 0 else None


def _wait_of(v: View) -> tuple[str, int] | None:
    """The reading's wait shape and the set holding the winning tile, when the winning tile was
    the only one; None otherwise. Worked out once per reading (kept in `View.shared`): the edge,
    closed and single patterns all ask for it."""
    shared = v.shared
    if "wait" in shared:  # (no `cast` here: a call, and two of the three wait patterns come this way)
        return shared["wait"]  # type: ignore[return-value]
    win = v.hand.win_tile
    found = _shape_of(v.sets, win)
    if found is not None:
        if v.form is _REGULAR:
            unique = only_wait(counts_of(v.hand.concealed), win, not v.hand.melds)
        else:  # the set and pair beside the knitted tiles, which hold the winning tile
            rest = [t for s in v.sets if not s.melded and s.kind is not _KNITTED for t in s.tiles]
            rest.remove(win)
            unique = only_wait(counts_of(rest), win, False)
        if not unique:
            found = None
    shared["wait"] = found
    return found


@detector("wait", gate=Gate(sets=lambda s, a: s.form in (Form.REGULAR, Form.KNITTED_STRAIGHT)
                            and (a["shape"] == "single" or s.chows >= 1)))
def wait(v: View, *, shape: Shape) -> list[Match]:
    """The winning tile was the only tile that completed the hand and it sits at the end
    of a chow (edge), in its middle (closed), or in the pair (single).

    In a knitted-straight reading the wait is judged on the set and the pair beside the
    knitted tiles, and only when the winning tile is among them.
    """
    if v.form is not _REGULAR and v.form is not _KNITTED_STRAIGHT:
        return []
    found = _wait_of(v)
    return [(found[1],)] if found is not None and found[0] == shape else []
