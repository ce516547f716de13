"""Patterns about which suits and which ranks the tiles use."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from ..shapes import Form
from ..tiles import is_dragon, is_wind
from .gate import ONE_SUIT, Gate, form_in
from .registry import detector
from .view import WHOLE, Match, View


@detector("flush", gate=Gate(tiles=lambda t, a: t.suits in ONE_SUIT
                             and bool(t.honors) == (a["honors"] == "required"), exact=True))
def flush(v: View, *, honors: Literal["required", "none"]) -> list[Match]:
    """One suit only: with honours (half flush) or without (full flush)."""
    if len(v.suits) != 1:
        return []
    return [WHOLE] if v.has_honors == (honors == "required") else []


@detector("all_simples", gate=Gate(tiles=lambda t, a: not t.honors and not t.terminals, exact=True))
def all_simples(v: View) -> list[Match]:
    """Only suited tiles 2-8."""
    return [] if v.has_honors or v.has_terminals else [WHOLE]  # a tile is simple when neither


@detector("no_honors", gate=Gate(tiles=lambda t, a: not t.honors, exact=True))
def no_honors(v: View) -> list[Match]:
    return [] if v.has_honors else [WHOLE]


NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
"""Nine gates' thirteen tiles, 1112345678999 of one suit, as counts per rank."""


def gates_shape(counts: Sequence[int], win_rank: int | None = None) -> bool:
    """Whether one suit's nine counts (fourteen tiles) are nine gates: with `win_rank`, the rank of the winning
    tile, the thirteen before it are the shape itself (the wait read); without, the fourteen hold it."""
    if win_rank is None:
        return all(c >= n for c, n in zip(counts, NINE_GATES, strict=True))
    before = list(counts)
    before[win_rank] -= 1
    return tuple(before) == NINE_GATES


def holds_nine_gates(counts: Sequence[int]) -> bool:
    """Whether a fourteen-tile hand's 34 counts are all of one suit, holding nine gates' shape (`gates_shape`):
    the only hands nine gates fits, whatever the winning tile."""
    return any(sum(suit) == 14 and gates_shape(suit) for suit in (counts[0:9], counts[9:18], counts[18:27]))


@detector("nine_gates", gate=Gate(sets=form_in(Form.REGULAR),
                                  tiles=lambda t, a: t.suits in ONE_SUIT and not t.honors))
def nine_gates(v: View, *, on_wait: bool = True, concealed: bool = True, self_draw_any: bool = False) -> list[Match]:
    """1112345678999 of one suit plus one more tile of that suit, fully concealed.

    With `on_wait` the 13 tiles before the win must be the 1112345678999 shape itself
    (the hand waited on all nine tiles); without it, any arrangement of the 14 counts.
    With `self_draw_any` the wait is asked of a discard win only: a self-drawn win needs
    just the 14 tiles (Sihai 九莲宝灯). With `concealed = False` claimed chows and pungs
    are allowed (Sihai 九莲明灯); a kong never fits the 14-tile shape.
    """
    if (concealed and v.hand.melds) or len(v.tiles) != 14:
        return []
    if len(v.suits) != 1 or v.has_honors or v.form is not Form.REGULAR:
        return []
    base = next(iter(v.suits)) * 9
    wait_read = on_wait and not (self_draw_any and v.ctx.tsumo)
    return [WHOLE] if gates_shape(v.counts[base: base + 9], v.hand.win_tile - base if wait_read else None) else []


@detector("suit_count", gate=Gate(tiles=lambda t, a: t.suits.bit_count() == a["n"], exact=True))
def suit_count(v: View, *, n: int) -> list[Match]:
    """Exactly `n` of the three suits appear (honours aside): MCR 缺一门 is n = 2."""
    return [WHOLE] if len(v.suits) == n else []


@detector("all_types", gate=Gate(tiles=lambda t, a: t.suits == 7 and t.honors == 3, exact=True))
def all_types(v: View) -> list[Match]:
    """All five kinds of tile: characters, dots, bamboo, a wind and a dragon (MCR 五门齐)."""
    ok = len(v.suits) == 3 and any(is_wind(t) for t in v.kinds) and any(is_dragon(t) for t in v.kinds)
    return [WHOLE] if ok else []
