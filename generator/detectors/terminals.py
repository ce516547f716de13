"""Patterns about terminals (1 and 9) and honours in every set."""

from __future__ import annotations

from typing import Literal

from ..shapes import Form, Kind
from ..tiles import NUM_KINDS, is_honor, is_orphan, is_terminal, is_wind
from .gate import SETS_OR_PAIRS, Gate, form_in, honor_free
from .registry import detector
from .view import ORPHAN_HELD, WHOLE, Match, View

_TERMINAL = tuple(is_terminal(t) for t in range(NUM_KINDS))
_ORPHAN = tuple(is_orphan(t) for t in range(NUM_KINDS))
_TERMINAL_OR_WIND = tuple(is_terminal(t) or is_wind(t) for t in range(NUM_KINDS))
"""Per tile: the tests these detectors make on every set, looked up instead of called."""


@detector("outside", gate=Gate(sets=lambda s, a: s.form is Form.REGULAR and s.every_set & ORPHAN_HELD,
                                tiles=honor_free))
def outside(v: View, *, honors: Literal["allowed", "none"]) -> list[Match]:
    """Every set and the pair holds a terminal (or, when allowed, an honour)."""
    if not v.is_regular:
        return []
    if honors == "none" and v.has_honors:
        return []
    ok = _ORPHAN if honors == "allowed" else _TERMINAL
    for s in v.sets:  # a chow's middle tile is never a terminal or an honour: its ends decide
        if not (ok[s.tile] or (s.kind is Kind.CHOW and ok[s.tile + 2])):
            return []
    return [WHOLE]


@detector("terminals_honors", gate=Gate(sets=form_in(*SETS_OR_PAIRS),
                                        tiles=lambda t, a: not t.simples and honor_free(t, a)))
def terminals_honors(v: View, *, honors: Literal["allowed", "required", "none"], pungs: bool = False) -> list[Match]:
    """Every tile a terminal or an honour; honours required, allowed, or excluded; with `pungs`, in four pungs
    or kongs and a pair only (广东 2023 幺九), not in seven pairs.

    Sets and pairs only: thirteen orphans is its own pattern, not a terminals hand.
    """
    if v.form not in (Form.REGULAR, Form.SEVEN_PAIRS) or not v.all_orphans:
        return []
    if pungs and (v.form is not Form.REGULAR or v.chows):
        return []
    if honors == "none" and v.has_honors:
        return []
    if honors == "required" and (not v.has_honors or not v.has_terminals):
        return []
    if all(is_honor(t) for t in v.tiles) and honors != "allowed":
        return []
    return [WHOLE]


@detector("terminal_pung", gate=Gate(sets=lambda s, a: s.pungs >= 1))
def terminal_pung(v: View, *, winds: bool = False) -> list[Match]:
    """One match per pung or kong of a terminal (1 or 9), and with `winds` of a wind too
    (MCR 幺九刻; dragon pungs are scored by their own pattern)."""
    scoring = _TERMINAL_OR_WIND if winds else _TERMINAL
    sets = v.sets
    return [(i,) for i in v.pungs if scoring[sets[i].tile]]
