"""Gates: a cheap necessary condition of a detector, read off a reading's profiles before it runs.

A detector names its gate where it is registered (`@detector(name, gate=Gate(...))`), so the
condition sits beside the code it restates. A gate has up to three parts, each read off one
profile of `view.py`: the reading's `SetProfile`, the hand's `TileProfile`, its `ContextProfile`.
A detector that reads the sets is gated on set facts, one that reads the tiles on tile facts
(with wild tiles the two can differ). A gate may let through a reading the detector then
refuses; it must never hold back one the detector would accept (tests/test_gates.py).
`scoring/gates.py` evaluates the gates once per profile and keeps the results.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..shapes import Form
from .view import ContextProfile, SetProfile, TileProfile

Args = Mapping[str, Any]
"""The detector's arguments: its parameters' defaults overridden by the pattern's."""


@dataclass(frozen=True)
class Gate:
    """The three parts of a gate; None is no condition.

    `exact` says more: wherever every part admits, the detector matches, once, with the whole hand
    (`[WHOLE]`), so the engine records that match without calling it. For whole-hand patterns whose
    first test is all there is (self-drawn, no honours, a full flush…): these match on every reading
    their gate lets through, and calling them would be a fifth of the detector calls. The detector stays
    the definition; tests/test_gates.py checks the claim against it on every rule set.
    """

    sets: Callable[[SetProfile, Args], bool] | None = None
    tiles: Callable[[TileProfile, Args], bool] | None = None
    context: Callable[[ContextProfile, Args], bool] | None = None
    exact: bool = False


SETS_OR_PAIRS = (Form.REGULAR, Form.SEVEN_PAIRS)
ONE_SUIT = (1, 2, 4)
"""The suit masks of one suit alone."""
_BANDS = ((1, 3, 1), (4, 6, 2), (7, 9, 4))  # rank band (low, high, bit) as in TileProfile.bands


@cache  # a handful of (low, high) pairs in all the rule data
def bands_within(low: int, high: int) -> int:
    """Bit mask of the rank bands that hold some rank from `low` to `high`."""
    return sum(bit for a, b, bit in _BANDS if a <= high and low <= b)


def honor_free(t: TileProfile, a: Args) -> bool:
    """No honour when the detector's `honors` parameter is "none"."""
    return a.get("honors") != "none" or not t.honors


def form_in(*forms: Form) -> Callable[[SetProfile, Args], bool]:
    """The set part of a detector that reads only these forms."""
    return lambda s, a: s.form in forms
