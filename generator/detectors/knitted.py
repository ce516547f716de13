"""Patterns of knitted tiles: 147 / 258 / 369 spread over the three suits.

A knitted straight appears in two forms: as three groups of a knitted-straight reading
(knitted straight + one set + a pair), or inside an honours-and-knitted hand that holds
all nine of its suit tiles.
"""

from __future__ import annotations

from typing import Literal

from ..shapes import KNITTED_PATTERNS, Form, Kind
from ..tiles import HONORS
from .gate import Gate, form_in
from .registry import detector
from .view import WHOLE, Match, View


@detector("knitted_straight", gate=Gate(sets=form_in(Form.KNITTED_STRAIGHT, Form.HONORS_KNITTED)))
def knitted_straight(v: View) -> list[Match]:
    """1-4-7, 2-5-8 and 3-6-9 each in a different suit (MCR 组合龙), in either form."""
    if v.form is Form.KNITTED_STRAIGHT:
        return [tuple(i for i, s in enumerate(v.sets) if s.kind is Kind.KNITTED)]
    if v.form is Form.HONORS_KNITTED:
        return [WHOLE] if _whole_straight(v) else []
    return []


def _whole_straight(v: View) -> bool:
    """The hand's suit tiles are exactly the nine tiles of one knitted straight."""
    suited = frozenset(t for t in v.kinds if t < 27)
    return any(suited == frozenset(p) for p in KNITTED_PATTERNS)


@detector("honors_knitted", gate=Gate(sets=form_in(Form.HONORS_KNITTED)))
def honors_knitted(v: View, *, honors: Literal["any", "all"] = "any", straight: bool = False) -> list[Match]:
    """Fourteen different tiles: knitted suit tiles and honours; with `honors = "all"` all
    seven honours are among them (MCR 七星不靠); with `straight` the suit tiles are a whole
    knitted straight, nine tiles, beside five honours (Sihai 组龙不靠)."""
    if v.form is not Form.HONORS_KNITTED:
        return []
    if honors == "all" and not set(HONORS) <= v.kinds:
        return []
    if straight and not _whole_straight(v):
        return []
    return [WHOLE]
