"""Which patterns a reading could show at all, decided from its profiles before any detector runs.

Why: a rule set has eighty to a hundred patterns and a reading shows a handful; running every
detector on every reading was most of the engine's time. Each detector may name a gate where it
is registered (`detectors/gate.py`): a cheap *necessary* condition in up to three parts, read off
the reading's `SetProfile` (form, numbers of chows, pungs and kongs, their suits), the hand's
`TileProfile` (suits, honours, rank bands, terminals) and its `ContextProfile` (self-draw, win
flags, claimed melds). Profiles repeat far more than hands do, so each part is worked out once per
profile and kept as a bit mask over the pattern list (`Candidates`); a reading runs the patterns
whose bit survives all three.

A gate may let a pattern through that then does not match; it must never hold back one that
would: tests/test_gates.py checks on seeded random hands of every form, under every rule set,
that gated detection finds exactly what running every detector finds. Each gate restates a
condition its detector tests first thing; a detector without a gate always runs, so a new
detector is correct before it is fast. A gate marked exact (`Gate.exact`, whole-hand patterns
whose first test is the whole test) also stands for the answer: where it admits, the pattern
matches once with the whole hand and its detector is not called (tests/test_gates.py checks
each such claim against the detector).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..detectors import REGISTRY, Match, View
from ..detectors.gate import Args
from ..detectors.registry import bind
from ..detectors.view import (
    ContextKey,
    ContextProfile,
    SetProfile,
    TileKey,
    TileProfile,
    context_key_of,
    profile_of_sets,
    tile_key_of,
)
from ..hand import Hand
from ..rules import Pattern

Bound = tuple[Pattern, Callable[[View], list[Match]] | None]
"""A pattern with its detector, its parameters bound (`registry.bind`): called with the view alone.
None in place of the detector when the gate is exact (`Gate.exact`): having got through, the pattern
matches once with the whole hand, `[WHOLE]`, and the detector need not run."""


class Candidates:
    """The patterns of one pattern list that could show on a reading, memoised by profile.

    Each part of the gates gives a bit mask over the patterns (bit i: pattern i may show), kept
    per profile; the patterns of a combined mask are kept per mask. All four memos stay small
    (hundreds to a few thousand entries) however many hands are scored.
    """

    def __init__(self, patterns: Sequence[Pattern]) -> None:
        self.patterns = patterns
        self._bound: list[Bound] = []
        # Per part: the patterns that part tests (bit, test, the detector's arguments), and the bits of the others,
        # which that part always lets through.
        self._tests: dict[str, list[tuple[int, Callable[[Any, Args], bool], dict[str, Any]]]] = {
            "sets": [], "tiles": [], "context": []}
        self._free = dict.fromkeys(self._tests, 0)
        for i, p in enumerate(patterns):
            spec = REGISTRY[p.detect]
            exact = spec.gate is not None and spec.gate.exact
            self._bound.append((p, None if exact else bind(spec.fn, p.params)))
            args = spec.arguments(p.params)
            gate = spec.gate
            for part, tests in self._tests.items():
                test = getattr(gate, part) if gate is not None else None
                if test is None:
                    self._free[part] |= 1 << i
                else:
                    tests.append((1 << i, test, args))
        self._by_sets: dict[tuple[int, ...], int] = {}  # keyed by `View.set_key`, the profile as a plain tuple
        self._by_tiles: dict[TileKey, int] = {}  # keyed by `View.tile_key`
        self._by_context: dict[ContextKey, int] = {}  # keyed by `View.context_key`
        self._by_mask: dict[int, tuple[Bound, ...]] = {}
        self.bit = {p.id: 1 << i for i, p in enumerate(patterns)}

    def _mask(self, part: str, profile: SetProfile | TileProfile | ContextProfile) -> int:
        mask = self._free[part]
        for bit, test, args in self._tests[part]:
            if test(profile, args):
                mask |= bit
        return mask

    def of(self, view: View, keep: int = -1) -> tuple[Bound, ...]:
        """The patterns worth running on `view`, of those whose bits `keep` sets (a caller's own rule: Riichi's
        open hands skip the patterns they cannot count)."""
        sk, tk = view.set_key, view.tile_key
        a = self._by_sets.get(sk)
        if a is None:
            a = self._by_sets[sk] = self._mask("sets", profile_of_sets(sk))
        mask = a & self._tiles_and_context(tk, view.context_key) & keep
        found = self._by_mask.get(mask)
        if found is None:
            if len(self._by_mask) >= MASK_MEMO:  # combined masks are many more than profiles: keep memory bounded
                self._by_mask.clear()
            found = self._by_mask[mask] = self._selected(mask)
        return found

    def _tiles_and_context(self, tk: TileKey, ck: ContextKey) -> int:
        """The bits the tile and context parts let through, each memoised by its profile."""
        b = self._by_tiles.get(tk)
        if b is None:
            b = self._by_tiles[tk] = self._mask("tiles", TileProfile._make(tk))
        c = self._by_context.get(ck)
        if c is None:
            c = self._by_context[ck] = self._mask("context", ContextProfile._make(ck))
        return b & c

    def on_hand(self, hand: Hand) -> int:
        """The bits of the patterns whose gates' tile and context parts let `hand` through: every pattern that
        may show on a reading made of its own tiles and melds (`view.tile_key_of`), found before any reading
        is worked out."""
        return self._tiles_and_context(tile_key_of(hand), context_key_of(hand))

    def _selected(self, mask: int) -> tuple[Bound, ...]:
        """The patterns whose bits `mask` sets, in order; found bit by bit, since a reading keeps a
        few of a hundred patterns and a combined mask is often new."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self._bound[low.bit_length() - 1])
            mask ^= low
        return tuple(out)


MASK_MEMO = 1 << 15
"""Most combined masks a `Candidates` keeps (about 7,000 after 20,000 mixed hands)."""

_CANDIDATES: dict[int, Candidates] = {}


def candidates(patterns: Sequence[Pattern], view: View) -> tuple[Bound, ...]:
    """The patterns of `patterns` worth running on `view`, in their given order."""
    return candidates_of(patterns).of(view)


def candidates_of(patterns: Sequence[Pattern]) -> Candidates:
    """The memo of a pattern list, kept by the list's identity (a rule set's tuple, or a policy's selection of
    it, built once per rule set); the list is kept alive with its entry so an id is never reused."""
    entry = _CANDIDATES.get(id(patterns))
    if entry is None or entry.patterns is not patterns:
        if len(_CANDIDATES) >= 256:  # throwaway lists (tests, rule variants): start over
            _CANDIDATES.clear()
        entry = _CANDIDATES[id(patterns)] = Candidates(patterns)
    return entry


def may_show(patterns: Sequence[Pattern], hand: Hand, wanted: Iterable[Pattern]) -> list[Pattern]:
    """Those of `wanted` (patterns of the list `patterns`) that some reading of `hand` could show, judged
    from the hand alone.

    For callers that ask about a few patterns of many hands (examples/search.py: `Probe`): most hands are
    ruled out before their readings are worked out. Only for readings of the hand's own tiles: wild tiles
    can make a kong no meld declares.
    """
    entry = candidates_of(patterns)
    mask, bit = entry.on_hand(hand), entry.bit
    return [p for p in wanted if mask & bit[p.id]]
