"""Seven-pairs patterns beyond the plain form: quads held as two pairs, and honour pairs.

Sihai grades seven pairs by how many tile kinds are held four times (杠七对, no kong is
declared) and builds a ladder of honour pairs towards 大七星 (all seven honours paired).
"""

from __future__ import annotations

from typing import Literal

from ..shapes import Form
from ..tiles import DRAGONS, HONORS, WINDS
from .gate import Gate, form_in
from .registry import detector
from .view import Match, View

FAMILIES = {"winds": WINDS, "dragons": DRAGONS, "all": HONORS}


@detector("quad_pairs", gate=Gate(sets=form_in(Form.SEVEN_PAIRS), tiles=lambda t, a: t.hogs >= a["n"]))
def quad_pairs(v: View, *, n: int) -> list[Match]:
    """A seven-pairs hand with at least `n` tile kinds held four times (each as two pairs)."""
    if v.form is not Form.SEVEN_PAIRS:
        return []
    quads = sum(1 for c in v.counts if c == 4)
    return [v.all_indices] if quads >= n else []


@detector("honor_pairs", gate=Gate(sets=form_in(Form.SEVEN_PAIRS)))
def honor_pairs(v: View, *, family: Literal["winds", "dragons", "all"], n: int) -> list[Match]:
    """A seven-pairs hand whose pairs include at least `n` different kinds of winds, dragons
    or honours (n = 7 with all honours: the seven honours, one pair each)."""
    if v.form is not Form.SEVEN_PAIRS:
        return []
    used = [i for i in v.pairs if v.sets[i].tile in FAMILIES[family]]
    kinds = {v.sets[i].tile for i in used}
    return [tuple(used)] if len(kinds) >= n else []
