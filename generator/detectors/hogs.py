"""Several tiles held four times each without a kong (Sihai 双四归 / 八归 / 十二归).

Builds on MCR's tile hog (四归一), which finds each such tile; these patterns ask for
several of them in one suit, or on adjacent ranks.
"""

from __future__ import annotations

from ..shapes import Form
from .gate import Gate, form_in
from .ranks import hog_tiles
from .registry import detector
from .view import Match, View


@detector("hog_group", gate=Gate(sets=form_in(Form.REGULAR), tiles=lambda t, a: t.hogs >= a["n"]))
def hog_group(v: View, *, n: int, consecutive: bool = False) -> list[Match]:
    """At least `n` tiles of one suit each held four times in the sets and the pair, none as
    a kong; with `consecutive`, `n` adjacent ranks (1111 2222 held as 111 222 123).
    Sets and a pair only: four of a tile in seven pairs belong to the quad-pairs patterns."""
    if not v.is_regular:
        return []
    hogs = [t for t in hog_tiles(v) if t < 27]
    for suit in range(3):
        mine = [t for t in hogs if t // 9 == suit]
        if consecutive:
            starts = [t for t in mine if all(t + k in mine for k in range(n))]
            group = [starts[0] + k for k in range(n)] if starts else []
        else:
            group = mine[:n]
        if len(group) == n:
            return [tuple(i for i, s in enumerate(v.sets) if any(t in s.tiles for t in group))]
    return []
