"""What a detector sees: one reading of one hand, with the facts most patterns ask for.

The set facts (which sets are chows, pungs, kongs, pairs) are gathered in one pass when the
view is made, and the tile facts (suits, honours, terminals) come from one bit mask per tile
kind: every reading needs them for its profiles (`set_profile`, `tile_profile`, which decide
which detectors run at all), and one pass is cheaper than one scan per fact. (No
`functools.cached_property`: on Python 3.11 it takes a lock on every first access, which costs
more than most facts.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..hand import Hand, WinContext
from ..shapes import Form, Kind, Reading, TileSet
from ..tiles import DRAGONS, NUM_KINDS, WINDS, Tile

Match = tuple[int, ...]
"""Indices (into `View.sets`) of the sets one instance of a pattern uses; () for whole-hand patterns."""

WHOLE: Match = ()


class SetProfile(NamedTuple):
    """What the sets of one reading are, in a few counts: with `TileProfile`, all the engine needs to rule
    out most patterns before running their detectors.

    Most patterns of a rule set cannot show on a given reading (a hand with one chow has no chow
    pairs), and readings alike in these counts rule out the same ones, so the engine decides
    which detectors to run once per profile (`scoring/gates.py`) instead of once per reading.
    The two profiles are kept apart because each alone repeats far more than the two together.
    """

    form: Form
    chows: int
    pungs: int  # pungs and kongs
    kongs: int
    suit_pungs: int  # pungs and kongs of suit tiles
    wind_pungs: int
    dragon_pungs: int
    chow_suits: int  # bit mask of the suits of the chows: 1 characters, 2 dots, 4 bamboo
    pung_suits: int  # bit mask of the suits of the suit pungs and kongs
    suit_sets: int  # the most sets (the pair included) that one suit holds
    suit_chows: int  # the most chows that one suit holds
    every_set: int  # what every set and the pair hold: bit r-1 the rank r, `ORPHAN_HELD` a terminal or an honour


class TileProfile(NamedTuple):
    """What tiles the hand holds, as the tile detectors read them (from the hand's own tiles, not from the
    sets: with wild tiles standing in for others the two differ)."""

    suits: int  # bit mask of the suits among the tiles: 1 characters, 2 dots, 4 bamboo
    honors: int  # bit mask: 1 a wind among the tiles, 2 a dragon
    bands: int  # bit mask of the rank bands among the suit tiles: 1 ranks 1-3, 2 ranks 4-6, 4 ranks 7-9
    terminals: bool  # a 1 or a 9 among the tiles
    simples: bool  # a 2-8 among the tiles
    hogs: int  # tile kinds held four times without a kong of them


class ContextProfile(NamedTuple):
    """How the hand was won, as the context detectors read it (self-draw, the win flags, claimed melds).

    Why a third profile: a rule set has several patterns of the win itself (last tile, robbing
    a kong, fully concealed…) that show on few hands, and a handful of these fields rules them out.
    """

    tsumo: bool
    last_tile: bool
    after_kong: bool
    robbing_kong: bool
    last_copy: bool
    first_turn: bool
    dealer: bool
    claimed: int  # melds claimed from other players (a concealed kong is not)
    declared: int  # Riichi's declarations, a bit each: 1 riichi, 2 double riichi, 4 ippatsu
    bonus: bool  # Riichi's dora: an indicator given, or a red five held


_WIND, _DRAGON, _TERMINAL, _SIMPLE = 1 << 3, 1 << 4, 1 << 8, 1 << 9


def _tile_bits(t: Tile) -> int:
    """The tile facts of one tile kind as bits: suit (0-2), wind, dragon, rank band (5-7), terminal, simple."""
    if t in WINDS:
        return _WIND
    if t in DRAGONS:
        return _DRAGON
    suit, rank = divmod(t, 9)
    return (1 << suit) | (1 << (5 + rank // 3)) | (_TERMINAL if rank in (0, 8) else _SIMPLE)


TILE_BITS: tuple[int, ...] = tuple(_tile_bits(t) for t in range(NUM_KINDS))

ORPHAN_HELD = 1 << 9
"""The `SetProfile.every_set` bit of a terminal or an honour in every set; bits 0-8 are the ranks 1-9."""


def _set_facts(tiles: Iterable[Tile]) -> int:
    """What a set of these tiles holds, as `SetProfile.every_set` bits: its suit tiles' ranks, and whether a
    terminal or an honour is among them."""
    bits = 0
    for t in tiles:
        if t >= 27:
            bits |= ORPHAN_HELD
        else:
            bits |= 1 << t % 9
            if t % 9 in (0, 8):
                bits |= ORPHAN_HELD
    return bits


_ONE_TILE_FACTS = tuple(_set_facts((t,)) for t in range(NUM_KINDS))
"""Per tile, the `every_set` bits of a pung, kong or pair of it."""
_RUN_FACTS = tuple(_set_facts(range(t, min(t + 3, NUM_KINDS))) for t in range(NUM_KINDS))
"""Per lowest tile, the `every_set` bits of a chow from it."""
_KNITTED_FACTS = tuple(_set_facts(range(t, min(t + 7, NUM_KINDS), 3)) for t in range(NUM_KINDS))
"""Per lowest tile, the `every_set` bits of a knitted group from it."""
_WITH_PAIR = (Form.REGULAR, Form.KNITTED_STRAIGHT)
_SUIT_SETS: tuple[frozenset[int], ...] = tuple(frozenset(s for s in range(3) if mask >> s & 1) for mask in range(8))
_FORMS = tuple(Form)
# Enum members as module constants, for the hot paths (see shapes.py).
_CHOW, _PUNG, _KONG, _PAIR, _REGULAR = Kind.CHOW, Kind.PUNG, Kind.KONG, Kind.PAIR, Form.REGULAR
_EVERY = (1 << 10) - 1  # every `every_set` bit, before the first set is read


def profile_of_sets(key: tuple[int, ...]) -> SetProfile:
    """The set profile a `View.set_key` stands for."""
    return SetProfile._make((_FORMS[key[0]], *key[1:]))


class View:
    def __init__(self, hand: Hand, reading: Reading) -> None:
        self.hand = hand
        self.reading = reading
        self.shared: dict[str, object] = {}
        """Facts several detectors of one reading need, worked out by the first that asks (the wait)."""
        self.ctx: WinContext = hand.context
        self.sets: tuple[TileSet, ...] = reading.sets
        self.form: Form = reading.form
        # One pass over the sets gathers the set facts and the counts of the set profile.
        chows: list[int] = []
        pungs: list[int] = []
        kongs: list[int] = []
        pairs: list[int] = []
        concealed: list[int] = []
        per_suit = [0, 0, 0, 0]
        chows_per_suit = [0, 0, 0]
        winds = dragons = pung_suits = chow_suits = 0
        every = _EVERY
        for i, s in enumerate(self.sets):
            kind = s.kind
            t = s.tile
            suit = t // 9
            per_suit[suit] += 1
            if kind is _CHOW:
                chows.append(i)
                chow_suits |= 1 << suit
                chows_per_suit[suit] += 1
                every &= _RUN_FACTS[t]
                continue
            if kind is _PUNG:
                pungs.append(i)
            elif kind is _KONG:
                pungs.append(i)
                kongs.append(i)
            else:
                if kind is _PAIR:
                    pairs.append(i)
                    every &= _ONE_TILE_FACTS[t]
                else:
                    every &= _KNITTED_FACTS[t]
                continue
            every &= _ONE_TILE_FACTS[t]
            if not s.exposed:
                concealed.append(i)
            if t < 27:
                pung_suits |= 1 << suit
            elif t < 31:
                winds += 1
            else:
                dragons += 1
        self.chows: tuple[int, ...] = tuple(chows)
        self.pungs: tuple[int, ...] = tuple(pungs)
        """Pungs and kongs."""
        self.kongs: tuple[int, ...] = tuple(kongs)
        self.pairs: tuple[int, ...] = tuple(pairs)
        self.concealed_pungs: tuple[int, ...] = tuple(concealed)
        """Pungs and kongs that count as concealed: not claimed, not completed by a discard."""
        self.pair: int | None = len(self.sets) - 1 if self.form in _WITH_PAIR else None
        """Index of the pair of a regular or knitted-straight reading."""
        n_pungs = len(pungs)
        self.set_key: tuple[int, ...] = (
            _FORMS.index(self.form), len(chows), n_pungs, len(kongs), n_pungs - winds - dragons, winds, dragons,
            chow_suits, pung_suits, max(per_suit[0], per_suit[1], per_suit[2]), max(chows_per_suit), every)
        """The fields of `set_profile` as a plain tuple: what the gates' memo is keyed by, cheaper to make.
        The form is given by its place in `Form`: hashing an enum member runs Python code, an int's does not."""
        self.counts: list[int]
        self.counts, self._bits = _held(hand)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """All tiles of the hand, kongs counting four, sorted. Made when asked: a few detectors read it."""
        return self.hand.all_tiles

    @property
    def kinds(self) -> frozenset[Tile]:
        """The tile kinds held. Made when asked: a few gated detectors read it, most readings never do."""
        return frozenset(self.hand.all_tiles)

    @property
    def suits(self) -> frozenset[int]:
        """Suit indices (0 m, 1 p, 2 s) present."""
        return _SUIT_SETS[self._bits & 7]

    @property
    def has_honors(self) -> bool:
        return bool(self._bits & (_WIND | _DRAGON))

    @property
    def has_terminals(self) -> bool:
        return bool(self._bits & _TERMINAL)

    @property
    def all_orphans(self) -> bool:
        return not self._bits & _SIMPLE

    @property
    def is_regular(self) -> bool:
        return self.form is _REGULAR

    @property
    def is_closed(self) -> bool:
        """No claimed meld (a concealed kong keeps the hand closed)."""
        for m in self.hand.melds:
            if not m.concealed:
                return False
        return True

    @property
    def all_indices(self) -> Match:
        return tuple(range(len(self.sets)))

    @property
    def set_profile(self) -> SetProfile:
        return profile_of_sets(self.set_key)

    @property
    def tile_key(self) -> TileKey:
        """The fields of `tile_profile` as a plain tuple (see `set_key`)."""
        return _tile_key(self.counts, self._bits, self.kongs and [self.sets[i].tile for i in self.kongs])

    @property
    def tile_profile(self) -> TileProfile:
        return TileProfile._make(self.tile_key)

    @property
    def context_key(self) -> ContextKey:
        """The fields of `context_profile` as a plain tuple (see `set_key`)."""
        return context_key_of(self.hand)

    @property
    def context_profile(self) -> ContextProfile:
        return ContextProfile._make(self.context_key)


TileKey = tuple[int, int, int, bool, bool, int]
ContextKey = tuple[bool, bool, bool, bool, bool, bool, bool, int, int, bool]


def _tile_key(counts: list[int], bits: int, kong_tiles: Iterable[Tile]) -> TileKey:
    """`kong_tiles` is read only when some tile is held four times (seldom): a view passes its kongs' tiles, and an
    empty tuple when it has no kong (most readings), so nothing is made for them."""
    hogs = counts.count(4)
    if hogs:
        hogs -= sum(1 for t in set(kong_tiles) if counts[t] == 4)
    return (bits & 7, (bits >> 3) & 3, (bits >> 5) & 7, bool(bits & _TERMINAL), bool(bits & _SIMPLE), hogs)


def tile_key_of(hand: Hand) -> TileKey:
    """`View.tile_key` read off the hand alone, for any reading made of its own tiles and melds (a kong in such
    a reading is one of its melds; wild tiles can make others): what a caller may rule patterns out by before
    working out any reading (`scoring/gates.py: may_show`)."""
    counts, bits = _held(hand)
    return _tile_key(counts, bits, {m.tile for m in hand.melds if m.is_kong})


def _held(hand: Hand) -> tuple[list[int], int]:
    """Copies per tile kind of every tile of the hand (kongs counting four), and the tile facts of all kinds held as
    one bit mask (`TILE_BITS`): read off the hand's parts, not off `hand.all_tiles`, which sorts them first."""
    win = hand.win_tile
    counts = [0] * NUM_KINDS
    counts[win] = 1
    bits = TILE_BITS[win]
    for t in hand.concealed:
        counts[t] += 1
        bits |= TILE_BITS[t]
    for m in hand.melds:
        for t in m.tiles:
            counts[t] += 1
            bits |= TILE_BITS[t]
    return counts, bits


def context_key_of(hand: Hand) -> ContextKey:
    """`View.context_key`, which reads the hand alone."""
    c = hand.context
    claimed = 0
    for m in hand.melds:
        if not m.concealed:
            claimed += 1
    declared = (c.riichi | c.double_riichi << 1 | c.ippatsu << 2) if c.riichi or c.double_riichi else 0
    bonus = bool(c.dora or c.ura or c.red)
    return (c.tsumo, c.last_tile, c.after_kong, c.robbing_kong, c.last_copy, c.first_turn, c.dealer, claimed,
            declared, bonus)
