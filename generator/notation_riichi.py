"""The notation's Riichi parts: red fives written `0m 0p 0s`, and the dora indicator flags.

A red five is a five for every count (copies, sets, waits): only Riichi reads it, as one more
dora. Which copy of the five was red changes no score, so a hand keeps the suits that hold a red
five (`WinContext.red`, a bit per suit) and the canonical text writes the `0` at the first five
of that suit it prints: among the standing tiles, else in the first meld holding one, else as the
winning tile.

>>> _mark_red("123455m456p", 1)
'123405m456p'
"""

from __future__ import annotations

import re

from .tiles import SUITS

INDICATOR_FLAGS = ("dora", "ura")
MAX_INDICATORS = 5
"""One dora indicator, plus one for each of up to four kongs."""

def _mark_red(text: str, bit: int) -> str:
    """`text` (tiles as `format_tiles` writes them) with its first five of the bit's suit written `0`;
    unchanged when it has none."""
    return _FIRST_FIVE[bit].sub("0", text, count=1)


_FIRST_FIVE = {1 << k: re.compile(f"5(?=[0-9]*{letter})") for k, letter in enumerate(SUITS)}
"""Per red-five bit, the first `5` among the digits of that suit: a suit's digits run up to its letter, so a five
followed by digits and then that letter is one of its own (the digits of another suit stop at their own letter)."""


def mark_reds(standing: str, melds: list[str], win: str, red: int) -> tuple[str, list[str], str]:
    """The pieces of a hand's canonical text with each red five written `0` where the module's
    docstring says."""
    melds = list(melds)
    for bit in (1, 2, 4):
        if not red & bit:
            continue
        marked = _mark_red(standing, bit)
        if marked != standing:
            standing = marked
            continue
        for k, m in enumerate(melds):
            marked = _mark_red(m, bit)
            if marked != m:
                melds[k] = marked
                break
        else:
            win = _mark_red(win, bit)
    return standing, melds, win
