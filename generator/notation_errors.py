"""The notation's error: a string that is not a hand, with the column where it goes wrong; and the checks of a
parsed hand's tiles that raise it.

Apart from notation.py (which re-exports `HandError`) so that the parser stays one module of readable length.
"""

from __future__ import annotations

from collections import Counter

from .hand import Meld, WinContext
from .messages import N_, Message
from .tiles import GHOST, MAX_GHOSTS, Tile, red_bit, tile_to_text


class HandError(ValueError):
    """A string that is not a hand: carries the 1-based column and the reason. The reason is a template (marked
    with `N_` where it is raised) and its `values`; `message` is the whole error as a `Message`, so the calculator
    can say it in the page's language while `str()` stays the command line's English."""

    def __init__(self, reason: str, position: int | None = None, text: str | None = None, tiles: int | None = None,
                 **values: object) -> None:
        self.tiles = tiles  # a wrong tile count: the tiles, a kong as three (the calculator says how many more)
        self.reason = reason if isinstance(reason, Message) else Message(reason, **values)
        self.position = position
        self.text = text
        self.message = self.reason if position is None else \
            Message(N_("at column %(column)s: %(reason)s"), column=position, reason=self.reason)
        super().__init__(str(self.message))


def _shown(text: str, limit: int = 24) -> str:
    """User input quoted in a message: long input cut, invisible characters spelled out (one printable line)."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return "".join(c if c.isprintable() else f"U+{ord(c):04X}" for c in cut)


def _check_first_turn(ctx: WinContext, melds: list[tuple[Meld, int]]) -> None:
    """A first-turn win comes before anyone has claimed a tile, so the hand holds no exposed meld (a concealed
    kong declared from the wall is still possible)."""
    if ctx.first_turn:
        for meld, col in melds:
            if not meld.concealed:
                raise HandError(N_("'first-turn' is a win before any tile was claimed, so the hand cannot hold an "
                                   "exposed meld"), col)


def _check_copies(tiles: list[Tile], columns: dict[Tile, int]) -> None:
    for t, n in sorted(Counter(tiles).items()):
        if n > 4:
            if t == GHOST:
                raise HandError(N_("%(n)s ghosts (8z): there are %(most)s"), columns[t], n=n, most=MAX_GHOSTS)
            raise HandError(N_("%(n)s copies of %(tile)s (a tile has only four copies)"), columns[t], n=n,
                            tile=tile_to_text(t))


def _red_mask(reds: list[tuple[Tile, int]]) -> int:
    """The suits holding a red five, as `WinContext.red` bits; a second red five of a suit is refused."""
    mask = 0
    for tile, col in reds:
        bit = red_bit(tile)
        if mask & bit:
            raise HandError(N_("a second red five of %(suit)s (each suit has one red five)"), col,
                            suit=tile_to_text(tile)[1])
        mask |= bit
    return mask
