"""Patterns about which suits and which ranks the tiles use."""

from __future__ import annotations

from typing import Literal

from ..shapes import Form
from ..tiles import is_simple
from .registry import detector
from .view import WHOLE, Match, View


@detector("flush")
def flush(v: View, *, honors: Literal["required", "none"]) -> list[Match]:
    """One suit only: with honours (half flush) or without (full flush)."""
    if len(v.suits) != 1:
        return []
    return [WHOLE] if v.has_honors == (honors == "required") else []


@detector("all_simples")
def all_simples(v: View) -> list[Match]:
    """Only suited tiles 2-8."""
    return [WHOLE] if all(is_simple(t) for t in v.tiles) else []


@detector("no_honors")
def no_honors(v: View) -> list[Match]:
    return [] if v.has_honors else [WHOLE]


@detector("nine_gates")
def nine_gates(v: View, *, on_wait: bool = True) -> list[Match]:
    """1112345678999 of one suit plus one more tile of that suit, fully concealed.

    With `on_wait` the 13 tiles before the win must be the 1112345678999 shape itself
    (the hand waited on all nine tiles); without it, any arrangement of the 14 counts.
    """
    if v.hand.melds or len(v.suits) != 1 or v.has_honors or v.form is not Form.REGULAR:
        return []
    base = next(iter(v.suits)) * 9
    counts = list(v.counts[base : base + 9])
    if on_wait:
        counts[v.hand.win_tile - base] -= 1
        return [WHOLE] if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3] else []
    need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    return [WHOLE] if all(c >= n for c, n in zip(counts, need)) else []
