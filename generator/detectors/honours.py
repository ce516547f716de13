"""Patterns built from wind and dragon tiles."""

from __future__ import annotations

from typing import Literal

from ..shapes import Form
from ..tiles import DRAGONS, WINDS, is_honor
from .gate import SETS_OR_PAIRS, Gate, form_in
from .registry import detector
from .view import WHOLE, Match, View

Family = Literal["winds", "dragons"]


def _family(name: str) -> tuple[int, ...]:
    return WINDS if name == "winds" else DRAGONS


@detector("honor_pung", gate=Gate(sets=lambda s, a: s.wind_pungs + s.dragon_pungs >= 1))
def honor_pung(v: View, *, which: Literal["seat", "prevalent", "dragon", "seat-or-dragon", "wind"]) -> list[Match]:
    """One match per pung or kong of a scoring honour (seat wind, prevalent wind, dragons)."""
    scoring: tuple[int, ...]
    if which == "seat":
        scoring = (v.ctx.seat,)
    elif which == "prevalent":
        scoring = (v.ctx.round,)
    elif which == "dragon":
        scoring = DRAGONS
    elif which == "wind":
        scoring = WINDS
    else:
        scoring = (v.ctx.seat, *DRAGONS)
    sets = v.sets
    return [(i,) for i in v.pungs if sets[i].tile in scoring]


@detector("honor_sets", gate=Gate(sets=lambda s, a: (s.wind_pungs if a["family"] == "winds"
                                                      else s.dragon_pungs) >= a["pungs"]))
def honor_sets(v: View, *, family: Family, pungs: int, pair: bool = False) -> list[Match]:
    """At least `pungs` pungs of winds (or dragons), and with `pair` the pair too of that family, of a tile none
    of the pungs is (a ghost may play a fifth copy, 广东 2023: three dragon pungs and a dragon pair are not also
    two pungs and the third dragon's pair)."""
    tiles = _family(family)
    used = [i for i in v.pungs if v.sets[i].tile in tiles]
    if len({v.sets[i].tile for i in used}) < pungs:  # of different tiles: ghosts may make two pungs of one
        return []
    if pair:
        if v.pair is None or v.sets[v.pair].tile not in tiles:
            return []
        if any(v.sets[i].tile == v.sets[v.pair].tile for i in used):
            return []
        used.append(v.pair)
    return [tuple(used)]


@detector("all_honors", gate=Gate(sets=form_in(*SETS_OR_PAIRS), tiles=lambda t, a: not t.suits))
def all_honors(v: View) -> list[Match]:
    """Every tile a wind or a dragon (in a regular or seven-pairs reading)."""
    if v.form not in (Form.REGULAR, Form.SEVEN_PAIRS):
        return []
    return [WHOLE] if all(is_honor(t) for t in v.tiles) else []
