"""One number running through the whole hand: every set and the pair holds it.

MCR fixes the number (全带五: every set holds a 5); Sihai's 全带 fans let it be any number,
and its 全称 asks each set to be balanced on that number (the pung or pair of it, or the chow
with it in the middle).
"""

from __future__ import annotations

from typing import Literal

from ..shapes import Form
from .gate import Gate, form_in, honor_free
from .links import span
from .registry import detector
from .view import WHOLE, Match, View


@detector("shared_rank", gate=Gate(sets=form_in(Form.REGULAR), tiles=honor_free))
def shared_rank(v: View, *, honors: Literal["allowed", "none"], centred: bool = False) -> list[Match]:
    """Some rank N (any suit) lies in every number set and in a number pair; with honours
    allowed, honour sets and an honour pair stand aside but two number elements must remain.
    With `centred`, every element is centred on N (NNN, NN, or the chow N-1 N N+1)."""
    if not v.is_regular:
        return []
    if honors == "none" and v.has_honors:
        return []
    spans = [span(s) for s in v.sets if s.tile < 27]
    if len(spans) < 2:
        return []
    for n in range(9):
        if centred:
            ok = all((low + high) // 2 == n for low, high in spans)
        else:
            ok = all(low <= n <= high for low, high in spans)
        if ok:
            return [WHOLE]
    return []
