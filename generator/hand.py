"""The value objects every other module passes around: melds, win context, hand.

They are frozen so a parsed hand can be a dictionary key and a cache key, and so a
scoring run can never change the hand it was given.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from .tiles import EAST, GHOST, Tile, counts_of, red_bit


class MeldKind(str, Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


# Enum members as module constants, for the hot paths (see shapes.py).
_CHOW, _KONG = MeldKind.CHOW, MeldKind.KONG


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: exposed chow, pung or kong, or a concealed kong.

    `tile` is the lowest tile of a chow, the repeated tile otherwise.
    """

    kind: MeldKind
    tile: Tile
    concealed: bool = False  # only a kong may be concealed

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is _CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind is _KONG else 3)

    @property
    def is_kong(self) -> bool:
        return self.kind is _KONG

    def count(self, tile: Tile) -> int:
        """Copies of `tile` in the meld: `tiles.count(tile)` without building the tuple."""
        if self.kind is _CHOW:
            return 1 if self.tile <= tile <= self.tile + 2 else 0
        if tile != self.tile:
            return 0
        return 4 if self.kind is _KONG else 3


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the hand was won; everything the tiles alone cannot tell."""

    tsumo: bool = False
    last_tile: bool = False
    after_kong: bool = False
    robbing_kong: bool = False
    last_copy: bool = False
    first_turn: bool = False
    dealer: bool = False
    seat: Tile = EAST
    round: Tile = EAST
    flowers: int = 0
    wild_kongs: int = 0
    # Guangdong 2023's flags (other rule sets ignore them and say so in a note):
    ghosts_discarded: int = 0  # ghosts the winner discarded earlier in the hand (出鬼)
    horses: int = 0  # horse tiles that matched the winner's seat (中马), paid on a self-draw
    # Riichi's flags (other rule sets ignore them and say so in a note):
    riichi: bool = False
    double_riichi: bool = False  # declared on the first turn; counts as riichi too
    ippatsu: bool = False
    dora: tuple[Tile, ...] = ()  # dora indicators shown (one, plus one per kong), sorted
    ura: tuple[Tile, ...] = ()  # ura dora indicators (read only for a riichi hand), sorted
    red: int = 0  # red fives in the hand, a bit per suit: 1 characters, 2 dots, 4 bamboo

    @property
    def declared_riichi(self) -> bool:
        return self.riichi or self.double_riichi


_FIVES = tuple((t, red_bit(t)) for t in range(27) if red_bit(t))
"""The three fives and their bits in a red-five mask."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A complete (14-tile-equivalent) hand: standing tiles, declared melds, the winning tile.

    `concealed` excludes the winning tile and is sorted, so equal hands compare equal.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: Tile = 0
    context: WinContext = field(default_factory=WinContext)

    def __post_init__(self) -> None:
        # A red five is a copy of a five the hand holds: a hand changed into one without that suit's five (an
        # example's neighbour, say) keeps no red mark for it, so it scores and prints as its parsed text does.
        red = self.context.red
        if red:
            tiles = self.all_tiles
            held = 0
            for five, bit in _FIVES:  # three look-ups in C, not a call per tile: every Riichi hand with a red five
                if five in tiles:
                    held |= bit
            if red & ~held:
                object.__setattr__(self, "context", replace(self.context, red=red & held))

    @property
    def closed_tiles(self) -> tuple[Tile, ...]:
        """Standing tiles including the winning tile, sorted."""
        return tuple(sorted(self.concealed + (self.win_tile,)))

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand (kongs give four), sorted."""
        out = list(self.concealed)
        out.append(self.win_tile)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(sorted(out))

    def counts(self) -> list[int]:
        """The 34 kinds' counts; a ghost is none of them."""
        tiles = self.all_tiles
        return counts_of(tiles) if GHOST not in tiles else counts_of([t for t in tiles if t != GHOST])

@dataclass(frozen=True, slots=True)
class WaitingHand:
    """A 13-tile-equivalent hand waiting for one tile (input of `waits`)."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    context: WinContext = field(default_factory=WinContext)

    def with_win(self, tile: Tile) -> Hand:
        """The complete hand this one becomes when `tile` wins it."""
        return Hand(self.concealed, self.melds, tile, self.context)
