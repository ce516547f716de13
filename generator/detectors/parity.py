"""Patterns on which numbers the tiles carry: all odd, all even, or all on one 筋 line.

A 筋 line is one of the three rank families 1-4-7, 2-5-8 and 3-6-9 (ranks three apart).
These are whole-hand tile patterns, judged on hands of sets and pairs (regular or seven
pairs): Sihai says its odd / even / line fans come with All Pungs or Seven Pairs.
"""

from __future__ import annotations

from typing import Literal

from ..shapes import Form
from ..tiles import rank_of
from .gate import SETS_OR_PAIRS, Gate, form_in, honor_free
from .registry import detector
from .view import WHOLE, Match, View


@detector("rank_family", gate=Gate(sets=form_in(*SETS_OR_PAIRS), tiles=honor_free))
def rank_family(v: View, *, family: Literal["odd", "even", "line"], honors: Literal["allowed", "none"]) -> list[Match]:
    """Every number tile is odd (1 3 5 7 9), or even (2 4 6 8), or on one line (all 147, all
    258 or all 369, in any suits). With honours allowed the hand may hold honours and need
    not hold a number tile at all: the pool of allowed kinds is what counts."""
    if v.form not in (Form.REGULAR, Form.SEVEN_PAIRS):
        return []
    if honors == "none" and v.has_honors:
        return []
    ranks = {rank_of(t) for t in v.kinds if t < 27}
    if family == "odd":
        ok = all(r % 2 == 1 for r in ranks)
    elif family == "even":
        ok = all(r % 2 == 0 for r in ranks)
    else:
        ok = bool(ranks) and len({r % 3 for r in ranks}) == 1
    return [WHOLE] if ok else []
