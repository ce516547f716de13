"""Patterns that are a whole-hand form rather than a combination of sets."""

from __future__ import annotations

from typing import Literal

from .registry import detector
from .view import Match, View


@detector("form")
def form(
    v: View, *, shape: Literal["seven-pairs", "thirteen-orphans", "honors-knitted", "knitted-straight"]
) -> list[Match]:
    """The hand is read in this special form."""
    return [v.all_indices] if v.form.value == shape else []
