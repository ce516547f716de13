"""Patterns of how the hand was won rather than what it holds."""

from __future__ import annotations

from typing import Literal

from ..shapes import Form
from .gate import Gate
from .registry import detector
from .view import WHOLE, Match, View

YesNoAny = Literal["yes", "no", "any"]


def _fits(flag: bool, want: str) -> bool:
    return want == "any" or flag == (want == "yes")


@detector("self_drawn", gate=Gate(context=lambda c, a: c.tsumo, exact=True))
def self_drawn(v: View) -> list[Match]:
    """Won by drawing the winning tile."""
    return [WHOLE] if v.ctx.tsumo else []


@detector("win_context", gate=Gate(context=lambda c, a: getattr(c, a["flag"]) and _fits(c.tsumo, a["tsumo"]),
                                    exact=True))
def win_context(
    v: View, *, flag: Literal["last_tile", "after_kong", "robbing_kong", "last_copy"], tsumo: YesNoAny = "any"
) -> list[Match]:
    """A win-context flag from the notation, optionally only on a self-draw or a discard."""
    return [WHOLE] if getattr(v.ctx, flag) and _fits(v.ctx.tsumo, tsumo) else []


@detector("first_turn", gate=Gate(context=lambda c, a: c.first_turn and _fits(c.dealer, a["dealer"])
                                  and _fits(c.tsumo, a["tsumo"]), exact=True))
def first_turn(v: View, *, dealer: YesNoAny = "any", tsumo: YesNoAny = "any") -> list[Match]:
    """Heavenly / earthly / human wins: a win in the first go-around, told apart by dealer and self-draw."""
    ok = v.ctx.first_turn and _fits(v.ctx.dealer, dealer) and _fits(v.ctx.tsumo, tsumo)
    return [WHOLE] if ok else []


@detector("concealed_hand", gate=Gate(context=lambda c, a: not c.claimed and _fits(c.tsumo, a["tsumo"]), exact=True))
def concealed_hand(v: View, *, tsumo: YesNoAny = "any") -> list[Match]:
    """No claimed meld (a concealed kong keeps the hand concealed)."""
    return [WHOLE] if v.is_closed and _fits(v.ctx.tsumo, tsumo) else []


@detector("chicken")
def chicken(v: View) -> list[Match]:
    """Placeholder match: the policy counts it only when no other pattern counts."""
    return [WHOLE]


@detector("melded_hand", gate=Gate(context=lambda c, a: c.claimed == 4 and not c.tsumo, exact=True))
def melded_hand(v: View) -> list[Match]:
    """Four claimed melds (a concealed kong does not count) and the win on a discard, so
    only the pair was completed by the winning tile (MCR 全求人)."""
    claimed = len(v.hand.melds) == 4 and all(not m.concealed for m in v.hand.melds)
    return [WHOLE] if claimed and not v.ctx.tsumo else []


@detector("one_tile_left", gate=Gate(sets=lambda s, a: s.form is Form.REGULAR))
def one_tile_left(v: View) -> list[Match]:
    """Four melds declared (claimed, or concealed kongs), so one tile stood in the hand and the winning
    tile paired it (推倒和 大吊车: a concealed kong is not part of the hand, so it counts as declared)."""
    return [WHOLE] if v.is_regular and len(v.hand.melds) == 4 else []


@detector("flowers")
def flowers(v: View) -> list[Match]:
    """One match per flower tile declared with the hand."""
    return [WHOLE] * v.ctx.flowers
