"""Patterns that are a whole-hand form rather than a combination of sets."""

from __future__ import annotations

from typing import Literal

from ..shapes import Form
from .gate import Gate, form_in
from .registry import detector
from .view import Match, View


@detector("form", gate=Gate(sets=lambda s, a: s.form.value == a["shape"]))
def form(
    v: View, *, shape: Literal["seven-pairs", "thirteen-orphans", "honors-knitted", "knitted-straight", "four-ghosts"]
) -> list[Match]:
    """The hand is read in this special form."""
    return [v.all_indices] if v.form.value == shape else []


@detector("shifted_pairs", gate=Gate(sets=form_in(Form.SEVEN_PAIRS)))
def shifted_pairs(v: View) -> list[Match]:
    """Seven pairs of one suit in seven consecutive ranks (MCR 连七对)."""
    if v.form is not Form.SEVEN_PAIRS:
        return []
    tiles = sorted(v.sets[i].tile for i in v.pairs)
    ok = tiles[0] < 27 and tiles[-1] // 9 == tiles[0] // 9 and tiles == list(range(tiles[0], tiles[0] + 7))
    return [v.all_indices] if ok else []
