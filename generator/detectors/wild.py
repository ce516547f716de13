"""Patterns of suit-bound wild tiles (团圆麻将).

They read the tiles of the hand, not the arrangement of its sets, so they give the same
answer on an ordinary reading and on a reading in which wilds play other tiles.
"""

from __future__ import annotations

from ..wilds import SUIT_WILD
from .registry import detector
from .view import WHOLE, Match, View


@detector("weak_suits")
def weak_suits(v: View) -> list[Match]:
    """One match per suit whose wild is not in the winning hand; a suit the hand lacks altogether is weak too."""
    return [WHOLE for wild in SUIT_WILD if not v.counts[wild]]


@detector("wild_kongs")
def wild_kongs(v: View) -> list[Match]:
    """One match per wild the winner konged (threw out for a replacement draw) before winning."""
    return [WHOLE] * v.ctx.wild_kongs
