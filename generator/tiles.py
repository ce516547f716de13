"""Tiles as small integers.

Tiles are ints so that hands can be tile-count vectors (34 slots) and sets can be
compared and hashed cheaply; every other module speaks this encoding.

    0-8   characters 1m-9m      9-17  dots 1p-9p      18-26 bamboo 1s-9s
    27-30 winds E S W N         31-33 dragons P (white) F (green) C (red)
    34    a ghost (鬼牌, `8z`): a flower that stands for any tile (Guangdong 2023)

The ghost is outside the 34 kinds: count vectors, detectors and sets never hold it. A family that plays
ghosts reads them itself (generator/ghosts.py) and hands the rest of the engine the tiles they stand for.

>>> tile_from_text("5p"), tile_to_text(13)
(13, '5p')
>>> [tile_to_text(t) for t in (27, 31, 33)]
['1z', '5z', '7z']
"""

from __future__ import annotations

from typing import Final

Tile = int

NUM_KINDS: Final = 34
SUITS: Final = "mps"
SUIT_LETTERS: Final = "mpsz"

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
HONORS: Final = WINDS + DRAGONS
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
ORPHANS: Final = TERMINALS + HONORS
ALL_TILES: Final = tuple(range(NUM_KINDS))

GHOST: Final = 34
"""A ghost tile: a flower that stands for any tile (written `8z` or `G`); never one of the 34 kinds."""
MAX_GHOSTS: Final = 4
"""The four flowers 梅兰竹菊 are the ghosts."""

WIND_LETTERS: Final = "ESWN"

_ZH_SUIT = {"m": "萬", "p": "筒", "s": "条"}
_ZH_HONOR = ("東", "南", "西", "北", "白", "發", "中")
_EN_SUIT = {"m": "characters", "p": "dots", "s": "bamboo"}
_EN_HONOR = ("East wind", "South wind", "West wind", "North wind", "White dragon", "Green dragon", "Red dragon")
_ZH_DIGITS = "一二三四五六七八九"


def make(rank: int, suit: str) -> Tile:
    """Tile from a rank 1-9 (1-7 for 'z') and a suit letter."""
    return SUIT_LETTERS.index(suit) * 9 + rank - 1


def suit_index(tile: Tile) -> int:
    """0, 1, 2 for m, p, s; 3 for honours."""
    return tile // 9


def suit_of(tile: Tile) -> str:
    return SUIT_LETTERS[tile // 9]


def rank_of(tile: Tile) -> int:
    return tile % 9 + 1


def red_bit(tile: Tile) -> int:
    """The bit of a five's suit in a red-five mask (`WinContext.red`): 1 characters, 2 dots, 4 bamboo;
    0 for any other tile."""
    return 1 << suit_index(tile) if tile < 27 and rank_of(tile) == 5 else 0


def is_honor(tile: Tile) -> bool:
    return tile >= 27


def is_wind(tile: Tile) -> bool:
    return 27 <= tile <= 30


def is_dragon(tile: Tile) -> bool:
    return tile >= 31


def is_terminal(tile: Tile) -> bool:
    return tile < 27 and tile % 9 in (0, 8)


def is_orphan(tile: Tile) -> bool:
    """Terminal or honour (MCR 幺九)."""
    return tile >= 27 or tile % 9 in (0, 8)


def tile_to_text(tile: Tile) -> str:
    return f"{rank_of(tile)}{suit_of(tile)}"


def tile_from_text(text: str) -> Tile:
    """Parse one tile such as '5p' or '7z'; raises ValueError on anything else."""
    if len(text) != 2 or not text[0].isdigit() or text[1] not in SUIT_LETTERS:
        raise ValueError(f"not a tile: {text!r}")
    rank, suit = int(text[0]), text[1]
    if not (1 <= rank <= (7 if suit == "z" else 9)):
        raise ValueError(f"not a tile: {text!r}")
    return make(rank, suit)


def tile_zh(tile: Tile) -> str:
    """Chinese name, e.g. '五筒', '東', '發', '鬼'."""
    if tile == GHOST:
        return "鬼"
    if tile >= 27:
        return _ZH_HONOR[tile - 27]
    return _ZH_DIGITS[rank_of(tile) - 1] + _ZH_SUIT[suit_of(tile)]


def tile_en(tile: Tile) -> str:
    """English name used for text alternatives, e.g. '5 dots', 'Red dragon', 'ghost'."""
    if tile == GHOST:
        return "ghost"
    if tile >= 27:
        return _EN_HONOR[tile - 27]
    return f"{rank_of(tile)} {_EN_SUIT[suit_of(tile)]}"


def wind_from_letter(letter: str) -> Tile:
    return WIND_LETTERS.index(letter) + EAST


def wind_letter(tile: Tile) -> str:
    return WIND_LETTERS[tile - EAST]


def counts_of(tiles: list[Tile] | tuple[Tile, ...]) -> list[int]:
    """34-slot count vector."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts
