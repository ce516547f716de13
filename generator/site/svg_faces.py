"""Tile faces drawn with plain SVG shapes: the artwork half of `generator.site.svg`.

Every function returns an SVG fragment in one fixed coordinate system, a 60 x 80 tile
whose ivory face spans roughly x 0.6-57, y 0.6-76 (the rest is the darker edge drawn by
`svg.py`). Keeping one coordinate system lets `svg.py` scale, rotate and mark tiles
without knowing what is on them.

The art is our own, so the site owes no licence to a tile-font or image set and looks
the same on every platform. Colours are fixed hex values, never currentColor, so a
dark page theme cannot recolour a tile. Nothing here emits an id, so any number of
tiles can share one HTML page and still validate.

Countable structure, on which the tests rely: a dots face has one `<g class="dot">`
per dot, a bamboo face one `<g class="stick">` per stick (2-9) and the 1 of bamboo
one `<g class="bird">`.
"""

from __future__ import annotations

import math
from typing import Final

from ..tiles import GHOST, Tile, is_honor, rank_of, suit_of, tile_zh

# The face centre and the palette, shared with svg.py.
CX: Final = 28.8
CY: Final = 38.3
IVORY: Final = "#fdf8ea"
BLACK: Final = "#1b1b1b"
RED: Final = "#c62828"
GREEN: Final = "#1d7a3a"
BLUE: Final = "#1d4f9e"
DARK_GREEN: Final = "#0e4a22"
DARK_RED: Final = "#7f1515"

# CJK fallbacks first so 萬 / 發 come from one consistent serif face where installed.
FONT_STACK: Final = (
    "'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC',SimSun,'PingFang SC','Microsoft YaHei',serif"
)

_FLOWER_ZH: Final = "梅蘭菊竹春夏秋冬"
_FLOWER_PETALS: Final = ("#d94f7a", "#8e5cc4", "#e0a21a", "#2e8b57", "#e76f51", "#d62839", "#c7781a", "#3a6fb0")


def num(x: float) -> str:
    """Shortest stable text for a coordinate, so output is byte-identical run to run."""
    text = f"{round(x, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(x: float, y: float, size: float, fill: str, glyph: str, *, weight: str = "700") -> str:
    """A centred glyph; y is the baseline (CJK ideographs sit about 0.38 em above it)."""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" font-weight="{weight}" '
        f'text-anchor="middle" fill="{fill}">{glyph}</text>'
    )


# --------------------------------------------------------------------------- dots

# (dx, dy, colour) per dot, from the face centre; radius per count. These follow the
# traditional sets: 2 green over blue, 3 a blue-red-green diagonal, 6 and 7 a green head
# over four red, 9 in blue, red and green rows.
_B, _G, _R = BLUE, GREEN, RED
_DOTS: Final[dict[int, tuple[float, tuple[tuple[float, float, str], ...]]]] = {
    2: (10.5, ((0, -16, _G), (0, 16, _B))),
    3: (8.6, ((-13, -21, _B), (0, 0, _R), (13, 21, _G))),
    4: (9.2, ((-11, -15, _B), (11, -15, _G), (-11, 15, _G), (11, 15, _B))),
    5: (8.2, ((-13, -19, _B), (13, -19, _G), (0, 0, _R), (-13, 19, _G), (13, 19, _B))),
    6: (7.8, ((-11, -21, _G), (11, -21, _G), (-11, 4, _R), (11, 4, _R), (-11, 22, _R), (11, 22, _R))),
    7: (
        6.8,
        ((-14, -23, _G), (0, -17.5, _G), (14, -12, _G), (-10, 7, _R), (10, 7, _R), (-10, 24, _R), (10, 24, _R)),
    ),
    8: (6.4, tuple((dx, dy, _B) for dy in (-24, -8, 8, 24) for dx in (-10, 10))),
    9: (6.6, tuple((dx, dy, c) for dy, c in ((-22, _B), (0, _R), (22, _G)) for dx in (-15, 0, 15))),
}


def _dot(x: float, y: float, r: float, colour: str) -> str:
    """One dot: a coloured ring around an ivory band and a coloured heart."""
    return (
        f'<g class="dot"><circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 0.8)}" fill="{IVORY}" '
        f'stroke="{colour}" stroke-width="{num(r * 0.4)}"/>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 0.32)}" fill="{colour}"/></g>'
    )


def _one_dot() -> str:
    """The 1 of dots: one large ornate medallion, as on traditional sets."""
    ring = ((CX + 14.2 * math.cos(k * math.pi / 6), CY + 14.2 * math.sin(k * math.pi / 6)) for k in range(12))
    petals = "".join(f'<circle cx="{num(x)}" cy="{num(y)}" r="2.6" fill="{BLUE}"/>' for x, y in ring)
    return (
        f'<g class="dot"><circle cx="{CX}" cy="{CY}" r="21.5" fill="{GREEN}"/>'
        f'<circle cx="{CX}" cy="{CY}" r="18.5" fill="{IVORY}"/>{petals}'
        f'<circle cx="{CX}" cy="{CY}" r="10" fill="{RED}"/>'
        f'<circle cx="{CX}" cy="{CY}" r="6.8" fill="{IVORY}"/>'
        f'<circle cx="{CX}" cy="{CY}" r="4.2" fill="{GREEN}"/>'
        f'<circle cx="{CX}" cy="{CY}" r="1.5" fill="{IVORY}"/></g>'
    )


def dots_face(rank: int) -> str:
    """Dots (筒) 1-9 in their traditional layouts."""
    if rank == 1:
        return _one_dot()
    r, layout = _DOTS[rank]
    return "".join(_dot(CX + dx, CY + dy, r, c) for dx, dy, c in layout)


# --------------------------------------------------------------------------- bamboo

_M: Final = ((-18, 0), (-6.5, -20), (6.5, 20), (18, 0))  # 8 of bamboo: |\/| over its mirror |/\|
_STICK_COLOURS: Final = {GREEN: (DARK_GREEN, "#7cc48a"), RED: (DARK_RED, "#f19a9a")}

# (dx, dy, angle, colour) per stick, and the stick length. 5, 7 and 9 carry the red
# sticks of traditional sets; 8 is the "M over W" figure.
_BAMBOO: Final[dict[int, tuple[float, tuple[tuple[float, float, float, str], ...]]]] = {
    2: (27, ((0, -15, 0, _G), (0, 15, 0, _G))),
    3: (27, ((0, -15, 0, _G), (-9, 15, 0, _G), (9, 15, 0, _G))),
    4: (27, ((-9, -15, 0, _G), (9, -15, 0, _G), (-9, 15, 0, _G), (9, 15, 0, _G))),
    5: (27, ((-13, -15, 0, _G), (13, -15, 0, _G), (0, 0, 0, _R), (-13, 15, 0, _G), (13, 15, 0, _G))),
    6: (27, tuple((dx, dy, 0, _G) for dy in (-15, 15) for dx in (-13, 0, 13))),
    7: (18, ((0, -22, 0, _R),) + tuple((dx, dy, 0, _G) for dy in (0, 21) for dx in (-13, 0, 13))),
    8: (27, tuple((dx, dy, a * turn, _G) for dy, turn in ((-15, 1), (15, -1)) for dx, a in _M)),
    9: (18, tuple((dx, dy, 0, _R if dx == 0 else _G) for dy in (-22, 0, 22) for dx in (-13, 0, 13))),
}


def _stick(x: float, y: float, length: float, angle: float, colour: str) -> str:
    """One bamboo stick: a rounded cane, a light highlight and three dark nodes."""
    dark, light = _STICK_COLOURS[colour]
    top, bottom = y - length / 2, y + length / 2
    turn = f' transform="rotate({num(angle)} {num(x)} {num(y)})"' if angle else ""
    nodes = "".join(f"M{num(x - 3.4)} {num(at)}h6.8" for at in (top + 1.2, y, bottom - 1.2))
    return (
        f'<g class="stick"{turn}>'
        f'<rect x="{num(x - 3)}" y="{num(top)}" width="6" height="{num(length)}" rx="2.6" fill="{colour}"/>'
        f'<path d="M{num(x - 0.6)} {num(top + 2.5)}V{num(bottom - 2.5)}" stroke="{light}" stroke-width="1.2"/>'
        f'<path d="{nodes}" stroke="{dark}" stroke-width="1.6" stroke-linecap="round"/></g>'
    )


def _bird() -> str:
    """The 1 of bamboo: a stylised peacock on a cane, drawn from paths and circles."""
    tail = "".join(
        f'<path d="M30 44Q{num(38 + 7 * k)} {num(52 + 4 * k)} {num(36 + 6 * k)} {num(70 - 2.5 * k)}'
        f'Q{num(32 + 3 * k)} {num(60 + 2 * k)} 30 44Z" fill="{colour}"/>'
        f'<circle cx="{num(35.2 + 5.4 * k)}" cy="{num(66 - 2.3 * k)}" r="1.7" fill="{RED}"/>'
        for k, colour in enumerate((GREEN, BLUE, GREEN))
    )
    return (
        f'<g class="bird">{tail}'
        f'<path d="M20 70V57M27 70V58" stroke="{RED}" stroke-width="1.8" stroke-linecap="round"/>'
        f'<path d="M14 71H44" stroke="{DARK_GREEN}" stroke-width="2.4" stroke-linecap="round"/>'
        f'<ellipse cx="27" cy="44" rx="11" ry="15" transform="rotate(-18 27 44)" fill="{GREEN}"/>'
        f'<path d="M22 37Q35 38 36 52Q27 52 22 37Z" fill="{DARK_GREEN}"/>'
        f'<path d="M24 34Q28 29 30 38" stroke="{BLUE}" stroke-width="1.4" fill="none"/>'
        f'<circle cx="20" cy="24" r="7.5" fill="{GREEN}"/>'
        f'<path d="M13.2 22.2L6.5 25.6L13.4 27.2Z" fill="{RED}"/>'
        f'<path d="M19 17Q18 10 22 7M21 17Q23 11 27 10M23 18Q27 14 31 15" stroke="{BLUE}" stroke-width="1.3" '
        f'fill="none" stroke-linecap="round"/>'
        f'<circle cx="22" cy="7" r="1.6" fill="{RED}"/><circle cx="27" cy="10" r="1.6" fill="{RED}"/>'
        f'<circle cx="31" cy="15" r="1.6" fill="{RED}"/>'
        f'<circle cx="18" cy="22.5" r="2.4" fill="{IVORY}"/><circle cx="17.6" cy="22.5" r="1.2" fill="{BLACK}"/></g>'
    )


def bamboo_face(rank: int) -> str:
    """Bamboo (条) 1-9: the bird for 1, traditional stick layouts for 2-9."""
    if rank == 1:
        return _bird()
    length, layout = _BAMBOO[rank]
    return "".join(_stick(CX + dx, CY + dy, length, a, c) for dx, dy, a, c in layout)


# --------------------------------------------------------------------------- characters and honours


def characters_face(tile: Tile) -> str:
    """Characters (萬): the black Chinese numeral over a red 萬."""
    numeral = tile_zh(tile)[0]
    return _text(CX, 33, 28, BLACK, numeral) + _text(CX, 69, 30, RED, "萬")


def honour_face(tile: Tile) -> str:
    """Winds in black, 中 red, 發 green, 白 as the blue frame of Chinese sets."""
    zh = tile_zh(tile)
    if zh == "白":
        return (
            f'<rect x="{num(CX - 15)}" y="{num(CY - 22)}" width="30" height="44" rx="2" fill="none" '
            f'stroke="{BLUE}" stroke-width="3.2"/>'
            f'<rect x="{num(CX - 10.5)}" y="{num(CY - 17.5)}" width="21" height="35" rx="1" fill="none" '
            f'stroke="{BLUE}" stroke-width="1.2"/>'
        )
    colour = {"中": RED, "發": GREEN}.get(zh, BLACK)
    return _text(CX, CY + 15.5, 40, colour, zh)


def face(tile: Tile) -> str:
    """The face artwork of any of the 34 tiles, and of a ghost."""
    if tile == GHOST:
        return ghost_face()
    if is_honor(tile):
        return honour_face(tile)
    suit = suit_of(tile)
    if suit == "m":
        return characters_face(tile)
    if suit == "p":
        return dots_face(rank_of(tile))
    return bamboo_face(rank_of(tile))


# --------------------------------------------------------------------------- flowers and backs


def flower_zh(n: int) -> str:
    """梅蘭菊竹 (1-4), 春夏秋冬 (5-8)."""
    return _FLOWER_ZH[n - 1]


def flower_face(n: int) -> str:
    """A generic five-petal flower, its number (red 1-4, blue 5-8) and its name."""
    petal = _FLOWER_PETALS[n - 1]
    fx, fy = CX + 2, 34.0
    petals = "".join(
        f'<ellipse cx="{num(fx)}" cy="{num(fy - 7.5)}" rx="5.2" ry="7.8" fill="{petal}" '
        f'transform="rotate({angle} {num(fx)} {num(fy)})"/>'
        for angle in (0, 72, 144, 216, 288)
    )
    number = RED if n <= 4 else BLUE
    return (
        f'<path d="M{num(fx)} {num(fy)}Q{num(fx - 4)} 56 {num(fx - 1)} 71" stroke="{GREEN}" stroke-width="2.2" '
        f'fill="none"/>'
        f'<path d="M{num(fx - 3)} 58Q{num(fx - 16)} 52 {num(fx - 18)} 60Q{num(fx - 10)} 64 {num(fx - 3)} 58Z" '
        f'fill="{GREEN}"/>'
        f'<path d="M{num(fx - 2)} 64Q{num(fx + 12)} 58 {num(fx + 16)} 64Q{num(fx + 8)} 70 {num(fx - 2)} 64Z" '
        f'fill="{GREEN}"/>'
        f'<g class="flower">{petals}<circle cx="{num(fx)}" cy="{num(fy)}" r="4" fill="#f4c430"/></g>'
        + _text(9.5, 15, 14, number, str(n), weight="700")
        + _text(48.5, 15, 11, number, flower_zh(n), weight="400")
    )


def ghost_face() -> str:
    """A ghost (鬼牌, 广东麻将 2023): the flower it is, marked 鬼 in red instead of a number, since any of the four
    flowers plays the same part."""
    flower = flower_face(1)
    return flower[:flower.index("<text")] + _text(CX + 2, 15, 13, RED, "鬼", weight="700")


def back_face() -> str:
    """The coloured back of a tile with a faint inner border, as shown for a concealed kong."""
    return '<rect x="5" y="5" width="47.6" height="66.6" rx="4" fill="none" stroke="#74b596" stroke-width="1.2"/>'
