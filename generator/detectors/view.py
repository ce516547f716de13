"""What a detector sees: one reading of one hand, with the facts most patterns ask for.

Facts are computed lazily and once per reading, so a rule set with a hundred
patterns pays for each fact only if some pattern needs it.
"""

from __future__ import annotations

from functools import cached_property

from ..hand import Hand, WinContext
from ..shapes import Form, Kind, Reading, TileSet
from ..tiles import Tile, counts_of, is_honor, is_orphan, is_terminal

Match = tuple[int, ...]
"""Indices (into `View.sets`) of the sets one instance of a pattern uses; () for whole-hand patterns."""

WHOLE: Match = ()


class View:
    def __init__(self, hand: Hand, reading: Reading) -> None:
        self.hand = hand
        self.reading = reading
        self.ctx: WinContext = hand.context
        self.sets: tuple[TileSet, ...] = reading.sets
        self.form: Form = reading.form

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """All tiles of the hand, kongs counting four."""
        return self.hand.all_tiles

    @cached_property
    def counts(self) -> list[int]:
        return counts_of(self.tiles)

    @cached_property
    def kinds(self) -> frozenset[Tile]:
        return frozenset(self.tiles)

    @cached_property
    def suits(self) -> frozenset[int]:
        """Suit indices (0 m, 1 p, 2 s) present."""
        return frozenset(t // 9 for t in self.tiles if t < 27)

    @cached_property
    def has_honors(self) -> bool:
        return any(is_honor(t) for t in self.tiles)

    @cached_property
    def chows(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.sets) if s.kind is Kind.CHOW)

    @cached_property
    def pungs(self) -> tuple[int, ...]:
        """Pungs and kongs."""
        return tuple(i for i, s in enumerate(self.sets) if s.kind in (Kind.PUNG, Kind.KONG))

    @cached_property
    def kongs(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.sets) if s.kind is Kind.KONG)

    @cached_property
    def pairs(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.sets) if s.kind is Kind.PAIR)

    @cached_property
    def pair(self) -> int | None:
        """Index of the pair of a regular or knitted-straight reading."""
        if self.form in (Form.REGULAR, Form.KNITTED_STRAIGHT):
            return len(self.sets) - 1
        return None

    @cached_property
    def concealed_pungs(self) -> tuple[int, ...]:
        """Pungs and kongs that count as concealed: not claimed, not completed by a discard."""
        return tuple(i for i in self.pungs if not self.sets[i].exposed)

    @property
    def is_regular(self) -> bool:
        return self.form is Form.REGULAR

    @cached_property
    def is_closed(self) -> bool:
        """No claimed meld (a concealed kong keeps the hand closed)."""
        return not self.hand.is_open

    @cached_property
    def all_orphans(self) -> bool:
        return all(is_orphan(t) for t in self.tiles)

    @cached_property
    def has_terminals(self) -> bool:
        return any(is_terminal(t) for t in self.tiles)

    @property
    def all_indices(self) -> Match:
        return tuple(range(len(self.sets)))
