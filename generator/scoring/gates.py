"""Which patterns a reading could show at all, decided from its `Profile` before any detector runs.

Why: a rule set has eighty to a hundred patterns and a reading shows a handful; running every
detector on every reading was most of the engine's time. A gate is a cheap *necessary*
condition of one detector, read off the reading's profile (form, numbers of chows, pungs and
kongs, suits, honours, rank bands). A detector that reads the sets is gated on set counts,
one that reads the tiles on tile facts: with wild tiles the two can differ. Profiles repeat far more than hands do, so the list of
patterns worth running is worked out once per profile and pattern list (`Candidates.of`) and
then looked up.

A gate may let a pattern through that then does not match; it must never hold back one that
would: tests/test_gates.py checks on seeded random hands of every form, under every rule set,
that gated detection finds exactly what running every detector finds. Each gate restates a
condition its detector tests first thing (see the detector's docstring); a detector without a
gate always runs, so a new detector is correct before it is fast.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..detectors import REGISTRY, Match, View
from ..detectors.view import Profile
from ..rules import Pattern
from ..shapes import Form

Gate = Callable[[Profile, Mapping[str, Any]], bool]

_SETS_OR_PAIRS = (Form.REGULAR, Form.SEVEN_PAIRS)
_ONE_SUIT = (1, 2, 4)
_BANDS = ((1, 3, 1), (4, 6, 2), (7, 9, 4))  # rank band (low, high, bit) as in Profile.bands


@lru_cache(maxsize=None)  # a handful of (low, high) pairs in all the rule data
def _bands_within(low: int, high: int) -> int:
    """Bit mask of the rank bands that hold some rank from `low` to `high`."""
    return sum(bit for a, b, bit in _BANDS if a <= high and low <= b)


def _honor_free(p: Profile, params: Mapping[str, Any]) -> bool:
    return params.get("honors") != "none" or not p.honors


GATES: dict[str, Gate] = {
    # chows
    "all_chows": lambda p, a: (p.form is Form.REGULAR and p.chows == 4)
    or (a["knitted"] and p.form is Form.KNITTED_STRAIGHT),
    "identical_chows": lambda p, a: p.chows >= (4 if a["twice"] else a["n"]) and p.suit_sets >= (2 if a["twice"] else a["n"]),
    "mixed_chows": lambda p, a: p.chows >= 3 and p.chow_suits == 7,
    "pure_straight": lambda p, a: p.chows >= 3 and (p.suit_sets >= 3 if a["suits"] == "one" else p.chow_suits == 7),
    "shifted_chows": lambda p, a: p.chows >= a["n"] and (p.suit_sets >= a["n"] if a["suits"] == "one"
                                                         else p.chow_suits == 7),
    "chow_pairs": lambda p, a: p.chows >= 2,
    # pungs and kongs
    "all_pungs": lambda p, a: p.form is Form.REGULAR and p.pungs == 4,
    "concealed_pungs": lambda p, a: p.pungs >= a["n"],
    "kongs": lambda p, a: p.kongs >= a["n"],
    "shifted_pungs": lambda p, a: p.suit_pungs >= a["n"] and (p.suit_sets >= a["n"] if a["suits"] == "one"
                                                              else p.pung_suits == 7),
    "double_pungs": lambda p, a: p.pung_suits.bit_count() >= 2,
    "mixed_pungs": lambda p, a: p.pung_suits.bit_count() >= (2 if a["pair"] else 3),
    "all_even_pungs": lambda p, a: p.form is Form.REGULAR and p.pungs == 4,
    "terminal_pung": lambda p, a: p.pungs >= 1,
    # honours
    "honor_pung": lambda p, a: p.wind_pungs + p.dragon_pungs >= 1,
    "honor_sets": lambda p, a: (p.wind_pungs if a["family"] == "winds" else p.dragon_pungs) >= a["pungs"],
    "all_honors": lambda p, a: p.form in _SETS_OR_PAIRS and not p.suits,
    "honor_pairs": lambda p, a: p.form is Form.SEVEN_PAIRS,
    # suits and ranks
    "flush": lambda p, a: p.suits in _ONE_SUIT and bool(p.honors) == (a["honors"] == "required"),
    "all_simples": lambda p, a: not p.honors and not p.terminals,
    "no_honors": lambda p, a: not p.honors,
    "nine_gates": lambda p, a: p.form is Form.REGULAR and p.suits in _ONE_SUIT and not p.honors,
    "suit_count": lambda p, a: p.suits.bit_count() == a["n"],
    "all_types": lambda p, a: p.suits == 7 and p.honors == 3,
    "rank_range": lambda p, a: not p.honors and not p.bands & ~_bands_within(a["low"], a["high"]),
    "all_sets_contain": lambda p, a: p.form is Form.REGULAR,
    "tile_hog": lambda p, a: p.hogs >= 1,
    "hog_group": lambda p, a: p.form is Form.REGULAR and p.hogs >= a["n"],
    "quad_pairs": lambda p, a: p.form is Form.SEVEN_PAIRS and p.hogs >= a["n"],
    "rank_family": lambda p, a: p.form in _SETS_OR_PAIRS and _honor_free(p, a),
    # terminals
    "outside": lambda p, a: p.form is Form.REGULAR and _honor_free(p, a),
    "terminals_honors": lambda p, a: p.form in _SETS_OR_PAIRS and not p.simples and _honor_free(p, a),
    # forms
    "form": lambda p, a: p.form.value == a["shape"],
    "shifted_pairs": lambda p, a: p.form is Form.SEVEN_PAIRS,
    "knitted_straight": lambda p, a: p.form in (Form.KNITTED_STRAIGHT, Form.HONORS_KNITTED),
    "honors_knitted": lambda p, a: p.form is Form.HONORS_KNITTED,
    "wait": lambda p, a: p.form in (Form.REGULAR, Form.KNITTED_STRAIGHT) and (a["shape"] == "single" or p.chows >= 1),
    # Sihai's one-suit families
    "linked_sets": lambda p, a: p.form is Form.REGULAR and p.suit_sets >= 2 * a["times"]
    and _link_sets(p, a["link"], a["times"]),
    "chain": lambda p, a: p.form is Form.REGULAR and _chain_sets(p, a["orders"]),
    "ladder": lambda p, a: p.form is Form.REGULAR and p.suit_sets > a["n"]
    and (p.chows if a["sets"] == "chows" else p.pungs) >= a["n"],
    "number_run": lambda p, a: p.form in _SETS_OR_PAIRS and _honor_free(p, a),
    "mirror_suits": lambda p, a: p.form is Form.REGULAR and _mirror_sets(p, a["sets"]),
    "terminal_chows": lambda p, a: p.form is Form.REGULAR and p.chows == 4 and p.chow_suits.bit_count() <= 2,
    "shared_rank": lambda p, a: p.form is Form.REGULAR and _honor_free(p, a),
}


def _link_sets(p: Profile, link: str, times: int) -> bool:
    """Enough sets for `times` couples of `link` (no set shared between couples)."""
    if link == "shifted-pungs":
        return p.suit_pungs >= 2 * times
    if link == "pung-chow":
        return p.suit_pungs >= times and p.chows >= times
    return p.chows >= 2 * times


def _chain_sets(p: Profile, orders: str) -> bool:
    """Enough chows, suit pungs and sets of one suit for one of the chain's words (C a chow, P a pung or kong,
    R the pair; a chain stays in one suit)."""
    return any(word.count("C") <= p.chows and word.count("P") <= p.suit_pungs and len(word) <= p.suit_sets
               for word in orders.split("|"))


def _mirror_sets(p: Profile, sets: str) -> bool:
    """Two sets of the given kinds in each of two suits."""
    if sets == "chows":
        return p.chows >= 4
    if sets == "pungs":
        return p.suit_pungs >= 4
    return p.chows >= 2 and p.suit_pungs >= 2


Bound = tuple[Pattern, Callable[..., list[Match]], Mapping[str, Any]]
"""A pattern with its detector function and parameters, ready to call."""


class Candidates:
    """The patterns of one pattern list that could show on a reading, by profile, memoised.

    Profiles are few (a handful of small counts), so the memo stays small; it holds one tuple
    of bound patterns per profile met.
    """

    def __init__(self, patterns: Sequence[Pattern]) -> None:
        self.patterns = patterns
        self._bound: list[tuple[Bound, Gate | None, dict[str, Any]]] = []
        for p in patterns:
            spec = REGISTRY[p.detect]
            args = {name: param.default for name, param in spec.params.items()} | dict(p.params)
            self._bound.append(((p, spec.fn, dict(p.params)), GATES.get(p.detect), args))
        self._by_profile: dict[Profile, tuple[Bound, ...]] = {}

    def of(self, profile: Profile) -> tuple[Bound, ...]:
        found = self._by_profile.get(profile)
        if found is None:
            found = tuple(bound for bound, gate, args in self._bound if gate is None or gate(profile, args))
            self._by_profile[profile] = found
        return found


_CANDIDATES: dict[int, Candidates] = {}


def candidates(patterns: Sequence[Pattern], view: View) -> tuple[Bound, ...]:
    """The patterns of `patterns` worth running on `view`, in their given order.

    Keyed by the identity of the pattern list (a rule set's tuple, or a policy's selection of
    it, built once per rule set); the list is kept alive with its entry so an id is never reused.
    """
    entry = _CANDIDATES.get(id(patterns))
    if entry is None or entry.patterns is not patterns:
        if len(_CANDIDATES) >= 256:  # throwaway lists (tests, rule variants): start over
            _CANDIDATES.clear()
        entry = _CANDIDATES[id(patterns)] = Candidates(patterns)
    return entry.of(view.profile)
