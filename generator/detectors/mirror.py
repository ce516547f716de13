"""Two suits that mirror each other: the same two sets, rank for rank, in both (Sihai 镜同).

The text builds the family from 镜同 (two chows in each of two suits on the same ranks) and
extends it to pungs; the chow-and-pung form sits between them.
"""

from __future__ import annotations

from itertools import combinations
from typing import Literal

from ..shapes import Form
from .gate import Gate
from .links import letter
from .registry import detector
from .view import Match, SetProfile, View

WANT = {"chows": "CC", "chow-pung": "CP", "pungs": "PP"}


def _mirror_sets(s: SetProfile, sets: str) -> bool:
    """Two sets of the given kinds in each of two suits."""
    if s.form is not Form.REGULAR:
        return False
    if sets == "chows":
        return s.chows >= 4 and s.chow_suits.bit_count() >= 2
    if sets == "pungs":
        return s.suit_pungs >= 4 and s.pung_suits.bit_count() >= 2
    return s.chows >= 2 and s.suit_pungs >= 2


@detector("mirror_suits", gate=Gate(sets=lambda s, a: _mirror_sets(s, a["sets"])))
def mirror_suits(v: View, *, sets: Literal["chows", "chow-pung", "pungs"]) -> list[Match]:
    """Two suits each holding two sets of the given kinds on the same ranks: 234 678 in
    characters and in dots (chows); 123 777 twice (chow-pung); 333 666 twice (pungs)."""
    if not v.is_regular:
        return []
    want = WANT[sets]
    by_suit: dict[int, list[int]] = {}
    for i in sorted(v.chows + v.pungs):
        if v.sets[i].tile < 27:
            by_suit.setdefault(v.sets[i].tile // 9, []).append(i)

    def shape(two: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
        return tuple(sorted((letter(v.sets[i]), v.sets[i].tile % 9) for i in two))

    for s1, s2 in combinations(sorted(by_suit), 2):
        for a in combinations(by_suit[s1], 2):
            if "".join(k for k, _ in shape(a)) != want:
                continue
            for b in combinations(by_suit[s2], 2):
                if shape(a) == shape(b):
                    return [tuple(sorted(a + b))]
    return []
