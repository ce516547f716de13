"""Inline SVG for tiles and hands: every tile picture on the site comes from here.

We draw the tiles ourselves (faces in `svg_faces`) rather than use Unicode mahjong
glyphs or a third-party tile set: the glyphs render as tofu or emoji depending on the
reader's fonts, and tile-art licences would bind the whole site. Inline SVG needs no
extra requests, scales crisply, and carries its own text alternative.

Contract, relied on by the templates and checked by tests/test_svg.py:

* every function is pure and deterministic (same input, byte-identical output), so
  page builds are reproducible and diffs of generated pages stay quiet;
* no ids are emitted, so a page may hold hundreds of tiles and still validate;
* each tile is `<svg role="img" aria-label="5 dots">` with a `<title>` giving English
  and Chinese, and uses fixed colours so dark-mode CSS cannot recolour it; with `lang="zh-Hans"` (a page of
  the Chinese site) every label and title says it in Chinese (`<svg aria-label="五筒">`), so a screen reader
  there reads no English;
* hand fragments are flex rows that wrap between groups (see HAND_CSS) but never
  inside a meld, so a hand stays readable on a phone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from html import escape
from typing import Final, Literal

from ..hand import Hand, Meld, MeldKind
from ..tiles import GHOST, NUM_KINDS, Tile, tile_en, tile_zh
from .svg_faces import FONT_STACK, IVORY, back_face, face, flower_face, flower_zh, num

Size = Literal["normal", "small", "large"]

# CSS pixel width x height of an upright tile; "small" is for tables, "large" for figures.
SIZES: Final[dict[str, tuple[int, int]]] = {"normal": (30, 40), "small": (22, 30), "large": (45, 60)}

_VIEW_W, _VIEW_H = 60, 80  # the drawing coordinates of svg_faces
_MARK_H = 12  # extra drawing height below a winning tile for its marker
_EDGE = "#cbb98c"
_OUTLINE = "#8d7d57"
_BACK = "#2f7a57"
_BACK_EDGE = "#1e5a3e"
_MARK = "#d32f2f"

HAND_CSS: Final = """\
.tile{vertical-align:middle;flex:none}
.tiles{display:inline-flex;flex-wrap:wrap;align-items:flex-end;gap:1px;vertical-align:middle}
.hand{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.4rem .7rem;margin:.4rem 0;line-height:1}
.hand .standing{display:inline-flex;flex-wrap:wrap;gap:1px;min-width:0}
.hand .win,.hand .meld,.hand .flowers,.hand .waits{display:inline-flex;flex-wrap:nowrap;align-items:flex-end;gap:1px}
.hand .win{margin-left:.25rem}
.hand .meld.exposed{padding-bottom:3px;border-bottom:3px solid rgba(70,130,200,.55)}
.hand .meld.concealed-kong{padding-bottom:3px;border-bottom:3px dotted rgba(120,120,120,.6)}
.hand .waits{padding:0 .3rem;border-left:2px solid rgba(211,47,47,.6)}
"""


def _check_tile(tile: Tile) -> None:
    if not isinstance(tile, int) or not (0 <= tile < NUM_KINDS or tile == GHOST):
        raise ValueError(f"not a tile: {tile!r}")


def _dimensions(size: Size) -> tuple[int, int]:
    try:
        return SIZES[size]
    except KeyError:
        raise ValueError(f"unknown tile size {size!r}; expected one of {', '.join(SIZES)}") from None


def _body(width: float, height: float, fill: str, edge: str, outline: str) -> str:
    """Tile body: a darker edge offset to the lower right (the tile's thickness) under the face."""
    return (
        f'<rect x="2" y="3" width="{num(width + 1)}" height="{num(height + 1)}" rx="6" fill="{edge}" '
        f'stroke="{outline}" stroke-width="1"/>'
        f'<rect x="0.6" y="0.6" width="{num(width)}" height="{num(height)}" rx="6" fill="{fill}" '
        f'stroke="{outline}" stroke-width="1.2"/>'
    )


_IVORY_BODY: Final = (IVORY, _EDGE, _OUTLINE)
_BACK_BODY: Final = (_BACK, _BACK_EDGE, _BACK_EDGE)


def _svg(
    art: str,
    *,
    body: tuple[str, str, str],
    label: str,
    title: str,
    size: Size,
    sideways: bool,
    win: bool,
    extra_class: str = "",
) -> str:
    """Wrap 60x80 face artwork in a tile body as one accessible inline SVG.

    `sideways` lays the tile a quarter turn anticlockwise, as a claimed tile lies in
    an exposed meld; only the face turns, so the edge still shades the lower right.
    `win` adds a red triangle under the tile so the winning tile is marked even where
    the page CSS is missing.
    """
    w: float
    h: float
    w, h = _dimensions(size)
    view_w, view_h = _VIEW_W, _VIEW_H
    if sideways:
        art = _body(75.4, 55.4, *body) + f'<g transform="translate(0 57.1) rotate(-90)">{art}</g>'
        w, h, view_w, view_h = h, w, view_h, view_w
    else:
        art = _body(56.4, 75.4, *body) + art
    if win:
        art += f'<path d="M{num(view_w / 2)} {view_h + 2}l7 9h-14z" fill="{_MARK}"/>'
        h, view_h = h * (view_h + _MARK_H) / view_h, view_h + _MARK_H
    classes = " ".join(c for c in ("tile", extra_class, "sideways" if sideways else "", "win" if win else "") if c)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{classes}" width="{num(w)}" height="{num(h)}" '
        f'viewBox="0 0 {view_w} {view_h}" role="img" aria-label="{escape(label)}" '
        f'font-family="{FONT_STACK}"><title>{escape(title)}</title>{art}</svg>'
    )


Lang = Literal["en", "zh-Hans"]
"""The language of a page: its tiles' labels and titles are written in it."""


def _zh(lang: Lang) -> bool:
    return lang != "en"


@lru_cache(maxsize=1024)  # a pure function of a few hundred argument sets, called ~25,000 times per build
def render_tile(tile: Tile, *, size: Size = "normal", sideways: bool = False, win: bool = False,
                lang: Lang = "en") -> str:
    """One tile as inline SVG, e.g. for prose ("wait on <tile>") or inside a hand.

    The aria-label is `tile_en` ("5 dots"), the tooltip adds the Chinese name
    ("5 dots 五筒"); a winning tile says so in both. In Chinese: "五筒", "五筒（和牌张）".
    """
    _check_tile(tile)
    if _zh(lang):
        label = title = tile_zh(tile)
        if win:
            label, title = f"{label}，和牌张", f"{title}（和牌张）"
    else:
        label = tile_en(tile)
        title = f"{label} {tile_zh(tile)}"
        if win:
            label, title = f"{label}, winning tile", f"{title} (winning tile)"
    return _svg(face(tile), body=_IVORY_BODY, label=label, title=title, size=size, sideways=sideways, win=win)


@lru_cache(maxsize=16)
def render_back(*, size: Size = "normal", sideways: bool = False, lang: Lang = "en") -> str:
    """A face-down tile (green back), used for the outer tiles of a concealed kong."""
    label, title = ("牌背", "牌背") if _zh(lang) else ("Tile back", "Tile back 牌背")
    return _svg(back_face(), body=_BACK_BODY, label=label, title=title, size=size,
                sideways=sideways, win=False, extra_class="back")  # fmt: skip


def render_flower(n: int, *, size: Size = "normal", lang: Lang = "en") -> str:
    """Flower tile n (1-8: plum, orchid, chrysanthemum, bamboo, then the four seasons).

    MCR counts flowers only by number, so one generic drawing with the number and
    the traditional name is enough to tell them apart.
    """
    if not isinstance(n, int) or not 1 <= n <= 8:
        raise ValueError(f"flower number must be 1-8, got {n!r}")
    label = f"花牌 {n}" if _zh(lang) else f"Flower {n}"
    title = f"{label} {flower_zh(n)}"
    return _svg(
        flower_face(n), body=_IVORY_BODY, label=label, title=title, size=size, sideways=False, win=False,
        extra_class="flower-tile",
    )  # fmt: skip


def render_red_five(tile: Tile, *, size: Size = "normal", lang: Lang = "en") -> str:
    """A red five (Riichi's 赤ドラ, written 0m 0p 0s): the five's face with a red disc in its corner, so it reads as a
    five first and as the dora second, as the physical tile does."""
    _check_tile(tile)
    if tile_en(tile)[0] != "5":
        raise ValueError(f"only a five can be red, got {tile_en(tile)!r}")
    label = f"赤{tile_zh(tile)}" if _zh(lang) else f"red {tile_en(tile)}"
    title = label if _zh(lang) else f"{label} 赤{tile_zh(tile)}"
    return _svg(face(tile) + f'<circle cx="49" cy="13" r="5.5" fill="{_MARK}"/>', body=_IVORY_BODY, label=label,
                title=title, size=size, sideways=False, win=False, extra_class="red-five")


def render_tiles(tiles: Iterable[Tile], *, size: Size = "normal", label: str | None = None,
                 lang: Lang = "en") -> str:
    """A plain row of tiles in the given order (no sorting, no marks), wrapping as needed.

    `label` names the row for screen readers (e.g. "waits"); the tiles are labelled anyway.
    """
    items = tuple(tiles)
    for t in items:
        _check_tile(t)
    aria = f' role="group" aria-label="{escape(label)}"' if label else ""
    return f'<span class="tiles"{aria}>' + "".join(render_tile(t, size=size, lang=lang) for t in items) + "</span>"


def _plural(tiles: Sequence[Tile], lang: Lang = "en") -> str:
    """'1 characters ×3, 5 dots' ('一萬 ×3、五筒') — short enough for an aria-label of a 14-tile hand."""
    counts = Counter(tiles)
    name = tile_zh if _zh(lang) else tile_en
    parts = []
    for t in sorted(counts):
        parts.append(name(t) if counts[t] == 1 else f"{name(t)} ×{counts[t]}")
    return ("、" if _zh(lang) else ", ").join(parts)


_MELD_ZH = {(MeldKind.CHOW, False): "吃", (MeldKind.CHOW, True): "暗顺", (MeldKind.PUNG, False): "明刻",
            (MeldKind.PUNG, True): "暗刻", (MeldKind.KONG, False): "明杠", (MeldKind.KONG, True): "暗杠"}


def meld_label(meld: Meld, lang: Lang = "en") -> str:
    """A meld described: 'exposed pung of East wind', 'concealed kong of 5 dots'; in Chinese '明刻 東風', '暗杠 五筒',
    '吃 三萬四萬五萬'."""
    if _zh(lang):
        tiles = "".join(tile_zh(t) for t in meld.tiles) if meld.kind is MeldKind.CHOW else tile_zh(meld.tile)
        return f"{_MELD_ZH[meld.kind, meld.concealed]} {tiles}"
    if meld.kind is MeldKind.CHOW:
        rank, suit = tile_en(meld.tile).split(" ", 1)
        what = f"chow of {rank}-{int(rank) + 1}-{int(rank) + 2} {suit}"
    else:
        what = f"{meld.kind.value} of {tile_en(meld.tile)}"
    return f"{'concealed' if meld.concealed else 'exposed'} {what}"


def render_meld(meld: Meld, *, size: Size = "normal", lang: Lang = "en") -> str:
    """One declared meld as an unbreakable group.

    Exposed: the claimed tile lies sideways (we do not know which tile was claimed,
    so the first one is turned, the usual Japanese-style picture of a left claim).
    Concealed kong: the two outer tiles face down, as on the table.
    """
    _check_tile(meld.tile)
    tiles = meld.tiles
    if meld.concealed:
        cls = "meld concealed-kong"
        back = render_back(size=size, lang=lang)
        body = back + "".join(render_tile(t, size=size, lang=lang) for t in tiles[1:-1]) + back
    else:
        cls = f"meld exposed {meld.kind.value}"
        body = (render_tile(tiles[0], size=size, sideways=True, lang=lang)
                + "".join(render_tile(t, size=size, lang=lang) for t in tiles[1:]))
    return f'<span class="{cls}" role="group" aria-label="{escape(meld_label(meld, lang))}">{body}</span>'


def _flowers_label(count: int, lang: Lang) -> str:
    return f"{count} 张花牌" if _zh(lang) else f"{count} flower{'s' if count != 1 else ''}"


def _flowers(count: int, size: Size, lang: Lang) -> str:
    if count <= 0:
        return ""
    label = _flowers_label(count, lang)
    tiles = "".join(render_flower(n, size=size, lang=lang) for n in range(1, min(count, 8) + 1))
    return f'<span class="flowers" role="group" aria-label="{label}">{tiles}</span>'


def _standing(tiles: Sequence[Tile], size: Size, lang: Lang) -> str:
    if not tiles:
        return ""
    return '<span class="standing">' + "".join(render_tile(t, size=size, lang=lang) for t in sorted(tiles)) + "</span>"


def _melds_and_flowers(melds: Sequence[Meld], flowers: int, size: Size, show_flowers: bool,
                       parts: list[str], summary: list[str], lang: Lang) -> None:
    """The declared melds, then the flowers: drawn the same way after a complete or a waiting hand."""
    for meld in melds:
        parts.append(render_meld(meld, size=size, lang=lang))
        summary.append(meld_label(meld, lang))
    if show_flowers and flowers:
        parts.append(_flowers(flowers, size, lang))
        summary.append(_flowers_label(flowers, lang))


def render_hand(hand: Hand, *, size: Size = "normal", mark_win: bool = True, show_flowers: bool = True,
                lang: Lang = "en") -> str:
    """A complete hand as an HTML fragment: standing tiles, winning tile, melds, flowers.

    With `mark_win` the winning tile stands apart with a red marker (class "win");
    without it, it is sorted in among the standing tiles, as when only the shape
    matters. Groups are separated by a space so the hand still reads and wraps
    sensibly without HAND_CSS. `show_flowers` draws context.flowers flower tiles
    (numbered 1..n: MCR scores flowers by count only).
    """
    for t in hand.concealed:
        _check_tile(t)
    _check_tile(hand.win_tile)
    zh = _zh(lang)
    parts: list[str] = []
    summary: list[str] = []
    standing = "立牌 " if zh else "standing "
    if mark_win:
        parts.append(_standing(hand.concealed, size, lang))
        parts.append(f'<span class="win">{render_tile(hand.win_tile, size=size, win=True, lang=lang)}</span>')
        if hand.concealed:
            summary.append(standing + _plural(hand.concealed, lang))
        summary.append(f"和牌张 {tile_zh(hand.win_tile)}" if zh else f"winning tile {tile_en(hand.win_tile)}")
    else:
        parts.append(_standing(hand.closed_tiles, size, lang))
        summary.append(standing + _plural(hand.closed_tiles, lang))
    _melds_and_flowers(hand.melds, hand.context.flowers, size, show_flowers, parts, summary, lang)
    label = ("手牌：" + "；".join(summary)) if zh else ("Hand: " + "; ".join(summary))
    body = " ".join(p for p in parts if p)
    return f'<span class="hand" role="group" aria-label="{escape(label)}">{body}</span>'
