"""Which patterns a reading could show at all, decided from its profiles before any detector runs.

Why: a rule set has eighty to a hundred patterns and a reading shows a handful; running every
detector on every reading was most of the engine's time. A gate is a cheap *necessary*
condition of one detector, in three parts: one read off the reading's `SetProfile` (form,
numbers of chows, pungs and kongs, their suits), one off the hand's `TileProfile` (suits,
honours, rank bands, terminals), one off its `ContextProfile` (self-draw, win flags, claimed
melds). A detector that reads the sets is gated on set facts, one that reads the tiles on tile
facts: with wild tiles the two can differ. Profiles repeat far more than hands do, so each part
is worked out once per profile and kept as a bit mask over the pattern list (`Candidates`); a
reading runs the patterns whose bit survives all three.

A gate may let a pattern through that then does not match; it must never hold back one that
would: tests/test_gates.py checks on seeded random hands of every form, under every rule set,
that gated detection finds exactly what running every detector finds. Each gate restates a
condition its detector tests first thing; a detector without a gate always runs, so a new
detector is correct before it is fast.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..detectors import REGISTRY, Match, View
from ..detectors.ranks import TILE_LISTS
from ..detectors.view import TILE_BITS, ContextProfile, SetProfile, TileProfile
from ..rules import Pattern
from ..shapes import Form

Args = Mapping[str, Any]


@dataclass(frozen=True)
class Gate:
    """The three parts of a gate; None is no condition."""

    sets: Callable[[SetProfile, Args], bool] | None = None
    tiles: Callable[[TileProfile, Args], bool] | None = None
    context: Callable[[ContextProfile, Args], bool] | None = None


_SETS_OR_PAIRS = (Form.REGULAR, Form.SEVEN_PAIRS)
_ONE_SUIT = (1, 2, 4)
_BANDS = ((1, 3, 1), (4, 6, 2), (7, 9, 4))  # rank band (low, high, bit) as in TileProfile.bands


@cache  # a handful of (low, high) pairs in all the rule data
def _bands_within(low: int, high: int) -> int:
    """Bit mask of the rank bands that hold some rank from `low` to `high`."""
    return sum(bit for a, b, bit in _BANDS if a <= high and low <= b)


def _honor_free(t: TileProfile, a: Args) -> bool:
    """No honour when the detector's `honors` parameter is "none"."""
    return a.get("honors") != "none" or not t.honors


def _fits(flag: bool, want: str) -> bool:
    """A yes / no / any parameter of the context detectors."""
    return want == "any" or flag == (want == "yes")


def _list_bits(which: str) -> tuple[int, int]:
    """Suit and honour masks (as in TileProfile) of the tiles on a fixed list: a hand with a tile
    outside them cannot be all on the list."""
    bits = 0
    for t in TILE_LISTS[which]:
        bits |= TILE_BITS[t]
    return bits & 7, (bits >> 3) & 3


_LIST_BITS = {which: _list_bits(which) for which in TILE_LISTS}


def _on_list(t: TileProfile, a: Args) -> bool:
    suits, honors = _LIST_BITS[a["which"]]
    return not (t.suits & ~suits or t.honors & ~honors)


def _form(*forms: Form) -> Callable[[SetProfile, Args], bool]:
    return lambda s, a: s.form in forms


def _link_sets(s: SetProfile, link: str, times: int) -> bool:
    """Enough sets for `times` couples of `link` (no set shared between couples, all in one suit)."""
    if s.form is not Form.REGULAR or s.suit_sets < 2 * times:
        return False
    if link == "shifted-pungs":
        return s.suit_pungs >= 2 * times
    if link == "pung-chow":
        return s.suit_pungs >= times and s.chows >= times
    return s.chows >= 2 * times


def _chain_sets(s: SetProfile, orders: str) -> bool:
    """Enough chows, suit pungs and sets of one suit for one of the chain's words (C a chow, P a pung or kong,
    R the pair; a chain stays in one suit)."""
    return s.form is Form.REGULAR and any(
        word.count("C") <= s.chows and word.count("P") <= s.suit_pungs and len(word) <= s.suit_sets
        for word in orders.split("|"))


def _mirror_sets(s: SetProfile, sets: str) -> bool:
    """Two sets of the given kinds in each of two suits."""
    if s.form is not Form.REGULAR:
        return False
    if sets == "chows":
        return s.chows >= 4 and s.chow_suits.bit_count() >= 2
    if sets == "pungs":
        return s.suit_pungs >= 4 and s.pung_suits.bit_count() >= 2
    return s.chows >= 2 and s.suit_pungs >= 2


def _one_or_three(s: SetProfile, a: Args, suits: int) -> bool:
    """`n` sets in one suit (`suits = "one"`), or sets in all three suits (`"three"`; `suits` is their mask)."""
    return s.suit_sets >= a["n"] if a["suits"] == "one" else suits == 7


GATES: dict[str, Gate] = {
    # chows
    "all_chows": Gate(sets=lambda s, a: (s.form is Form.REGULAR and s.chows == 4)
                      or (a["knitted"] and s.form is Form.KNITTED_STRAIGHT)),
    "identical_chows": Gate(sets=lambda s, a: s.chows >= (4 if a["twice"] else a["n"])
                            and s.suit_sets >= (2 if a["twice"] else a["n"])),
    "mixed_chows": Gate(sets=lambda s, a: s.chows >= 3 and s.chow_suits == 7),
    "pure_straight": Gate(sets=lambda s, a: s.chows >= 3 and (s.suit_sets >= 3 if a["suits"] == "one"
                                                             else s.chow_suits == 7)),
    "shifted_chows": Gate(sets=lambda s, a: s.chows >= a["n"] and _one_or_three(s, a, s.chow_suits)),
    "chow_pairs": Gate(sets=lambda s, a: s.chows >= 2),
    "terminal_chows": Gate(sets=lambda s, a: s.form is Form.REGULAR and s.chows == 4
                           and s.chow_suits.bit_count() <= 2),
    # pungs and kongs
    "all_pungs": Gate(sets=lambda s, a: s.form is Form.REGULAR and s.pungs == 4),
    "concealed_pungs": Gate(sets=lambda s, a: s.pungs >= a["n"]),
    "kongs": Gate(sets=lambda s, a: s.kongs >= a["n"]),
    "shifted_pungs": Gate(sets=lambda s, a: s.suit_pungs >= a["n"] and _one_or_three(s, a, s.pung_suits)),
    "double_pungs": Gate(sets=lambda s, a: s.pung_suits.bit_count() >= 2),
    "mixed_pungs": Gate(sets=lambda s, a: s.pung_suits.bit_count() >= (2 if a["pair"] else 3)),
    "all_even_pungs": Gate(sets=lambda s, a: s.form is Form.REGULAR and s.pungs == 4),
    "terminal_pung": Gate(sets=lambda s, a: s.pungs >= 1),
    # honours
    "honor_pung": Gate(sets=lambda s, a: s.wind_pungs + s.dragon_pungs >= 1),
    "honor_sets": Gate(sets=lambda s, a: (s.wind_pungs if a["family"] == "winds" else s.dragon_pungs) >= a["pungs"]),
    "all_honors": Gate(sets=_form(*_SETS_OR_PAIRS), tiles=lambda t, a: not t.suits),
    "honor_pairs": Gate(sets=_form(Form.SEVEN_PAIRS)),
    # suits and ranks
    "flush": Gate(tiles=lambda t, a: t.suits in _ONE_SUIT and bool(t.honors) == (a["honors"] == "required")),
    "all_simples": Gate(tiles=lambda t, a: not t.honors and not t.terminals),
    "no_honors": Gate(tiles=lambda t, a: not t.honors),
    "nine_gates": Gate(sets=_form(Form.REGULAR), tiles=lambda t, a: t.suits in _ONE_SUIT and not t.honors),
    "suit_count": Gate(tiles=lambda t, a: t.suits.bit_count() == a["n"]),
    "all_types": Gate(tiles=lambda t, a: t.suits == 7 and t.honors == 3),
    "rank_range": Gate(tiles=lambda t, a: not t.honors and not t.bands & ~_bands_within(a["low"], a["high"])),
    "tile_list": Gate(tiles=_on_list),
    "all_sets_contain": Gate(sets=_form(Form.REGULAR), tiles=lambda t, a: not t.honors),
    "tile_hog": Gate(tiles=lambda t, a: t.hogs >= 1),
    "hog_group": Gate(sets=_form(Form.REGULAR), tiles=lambda t, a: t.hogs >= a["n"]),
    "quad_pairs": Gate(sets=_form(Form.SEVEN_PAIRS), tiles=lambda t, a: t.hogs >= a["n"]),
    "rank_family": Gate(sets=_form(*_SETS_OR_PAIRS), tiles=_honor_free),
    # terminals
    "outside": Gate(sets=_form(Form.REGULAR), tiles=lambda t, a: _honor_free(t, a)
                    and (t.terminals or (a["honors"] == "allowed" and bool(t.honors)))),
    "terminals_honors": Gate(sets=_form(*_SETS_OR_PAIRS), tiles=lambda t, a: not t.simples and _honor_free(t, a)),
    # forms
    "form": Gate(sets=lambda s, a: s.form.value == a["shape"]),
    "shifted_pairs": Gate(sets=_form(Form.SEVEN_PAIRS)),
    "knitted_straight": Gate(sets=_form(Form.KNITTED_STRAIGHT, Form.HONORS_KNITTED)),
    "honors_knitted": Gate(sets=_form(Form.HONORS_KNITTED)),
    "wait": Gate(sets=lambda s, a: s.form in (Form.REGULAR, Form.KNITTED_STRAIGHT)
                 and (a["shape"] == "single" or s.chows >= 1)),
    # the win itself
    "self_drawn": Gate(context=lambda c, a: c.tsumo),
    "win_context": Gate(context=lambda c, a: getattr(c, a["flag"]) and _fits(c.tsumo, a["tsumo"])),
    "first_turn": Gate(context=lambda c, a: c.first_turn and _fits(c.dealer, a["dealer"])
                       and _fits(c.tsumo, a["tsumo"])),
    "concealed_hand": Gate(context=lambda c, a: not c.claimed and _fits(c.tsumo, a["tsumo"])),
    "melded_hand": Gate(context=lambda c, a: c.claimed == 4 and not c.tsumo),
    # Sihai's one-suit families
    "linked_sets": Gate(sets=lambda s, a: _link_sets(s, a["link"], a["times"])),
    "chain": Gate(sets=lambda s, a: _chain_sets(s, a["orders"])),
    "ladder": Gate(sets=lambda s, a: s.form is Form.REGULAR and s.suit_sets > a["n"]
                   and (s.chows if a["sets"] == "chows" else s.pungs) >= a["n"]),
    "number_run": Gate(sets=_form(*_SETS_OR_PAIRS), tiles=_honor_free),
    "mirror_suits": Gate(sets=lambda s, a: _mirror_sets(s, a["sets"])),
    "shared_rank": Gate(sets=_form(Form.REGULAR), tiles=_honor_free),
}


Bound = tuple[Pattern, Callable[..., list[Match]], dict[str, Any]]
"""A pattern with its detector function and parameters, ready to call."""


class Candidates:
    """The patterns of one pattern list that could show on a reading, memoised by profile.

    Each part of the gates gives a bit mask over the patterns (bit i: pattern i may show), kept
    per profile; the patterns of a combined mask are kept per mask. All four memos stay small
    (hundreds to a few thousand entries) however many hands are scored.
    """

    def __init__(self, patterns: Sequence[Pattern]) -> None:
        self.patterns = patterns
        self._bound: list[Bound] = []
        self._gates: list[tuple[Gate | None, dict[str, Any]]] = []
        for p in patterns:
            spec = REGISTRY[p.detect]
            self._bound.append((p, spec.fn, dict(p.params)))
            args = {name: param.default for name, param in spec.params.items()} | dict(p.params)
            self._gates.append((GATES.get(p.detect), args))
        self._by_sets: dict[tuple[object, ...], int] = {}  # keyed by `View.set_key`, the profile as a plain tuple
        self._by_tiles: dict[tuple[object, ...], int] = {}  # keyed by `View.tile_key`
        self._by_context: dict[tuple[object, ...], int] = {}  # keyed by `View.context_key`
        self._by_mask: dict[int, tuple[Bound, ...]] = {}

    def _mask(self, half: str, profile: SetProfile | TileProfile | ContextProfile) -> int:
        mask = 0
        for i, (gate, args) in enumerate(self._gates):
            test = getattr(gate, half) if gate is not None else None
            if test is None or test(profile, args):
                mask |= 1 << i
        return mask

    def of(self, view: View) -> tuple[Bound, ...]:
        sk, tk = view.set_key, view.tile_key
        a = self._by_sets.get(sk)
        if a is None:
            a = self._by_sets[sk] = self._mask("sets", SetProfile._make(sk))
        b = self._by_tiles.get(tk)
        if b is None:
            b = self._by_tiles[tk] = self._mask("tiles", TileProfile._make(tk))
        ck = view.context_key
        c = self._by_context.get(ck)
        if c is None:
            c = self._by_context[ck] = self._mask("context", ContextProfile._make(ck))
        mask = a & b & c
        found = self._by_mask.get(mask)
        if found is None:
            found = self._by_mask[mask] = tuple(bound for i, bound in enumerate(self._bound) if mask >> i & 1)
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
    return entry.of(view)
