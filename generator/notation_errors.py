"""The notation's error: a string that is not a hand, with the column where it goes wrong.

Apart from notation.py (which re-exports `HandError`) so that the parser stays one module of readable length.
"""

from __future__ import annotations


class HandError(ValueError):
    """A string that is not a hand: carries the 1-based column and the reason."""

    def __init__(self, reason: str, position: int | None = None, text: str | None = None, tiles: int | None = None) -> None:
        self.tiles = tiles  # a wrong tile count: the tiles, a kong as three (the calculator says how many more)
        self.reason = reason
        self.position = position
        self.text = text
        where = f"at column {position}: " if position is not None else ""
        super().__init__(f"{where}{reason}")


def _shown(text: str, limit: int = 24) -> str:
    """User input quoted in a message: long input cut, invisible characters spelled out (one printable line)."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return "".join(c if c.isprintable() else f"U+{ord(c):04X}" for c in cut)
