"""Tile and hand SVG: accessible, valid, deterministic, and drawn with the right layouts."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest

from generator.hand import Hand, Meld, MeldKind, WinContext
from generator.notation import parse_hand
from generator.site.svg import (
    HAND_CSS,
    SIZES,
    meld_label,
    render_back,
    render_flower,
    render_hand,
    render_meld,
    render_tile,
    render_tiles,
)
from generator.tiles import ALL_TILES, make, tile_en, tile_zh

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def parse_fragment(html: str) -> ET.Element:
    """Hand fragments are XML-well-formed HTML; wrap them to parse with ElementTree."""
    return ET.fromstring(f"<div>{html}</div>")


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def svgs(el: ET.Element) -> list[ET.Element]:
    return list(el.iter(f"{SVG}svg"))


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in classes(el)]


def artwork(svg: str) -> str:
    """The drawing alone, without the text alternatives that trivially differ."""
    root = parse(svg)
    root.attrib.pop("aria-label")
    root.remove(root.find(f"{SVG}title"))
    return ET.tostring(root, encoding="unicode")


# --------------------------------------------------------------------------- single tiles


@pytest.mark.parametrize("tile", ALL_TILES)
def test_every_tile_is_an_accessible_svg(tile: int) -> None:
    svg = render_tile(tile)
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == tile_en(tile)
    assert root.find(f"{SVG}title").text == f"{tile_en(tile)} {tile_zh(tile)}"
    assert (root.get("width"), root.get("height")) == ("30", "40")
    assert root.get("viewBox") == "0 0 60 80"
    assert "tile" in classes(root)


@pytest.mark.parametrize("svg", [render_tile(t) for t in ALL_TILES] + [render_back(), render_flower(3)])
def test_tiles_keep_fixed_colours_and_no_ids(svg: str) -> None:
    """Dark-mode CSS must not recolour tiles, and many tiles share a page."""
    assert "currentColor" not in svg
    assert "<?xml" not in svg and "xlink" not in svg
    assert all(el.get("id") is None for el in parse(svg).iter())
    fills = [el.get("fill") for el in parse(svg).iter() if el.get("fill")]
    assert fills and all(f == "none" or f.startswith("#") for f in fills)


def test_distinct_tiles_have_distinct_drawings() -> None:
    drawings = {artwork(render_tile(t)) for t in ALL_TILES}
    assert len(drawings) == len(ALL_TILES)


def test_rendering_is_deterministic() -> None:
    hand = Hand((0, 0, 0, 1, 2), (Meld(MeldKind.PUNG, 27), Meld(MeldKind.KONG, 13, concealed=True)), 2)
    assert [render_tile(t) for t in ALL_TILES] == [render_tile(t) for t in ALL_TILES]
    assert render_hand(hand) == render_hand(hand)


def test_output_is_identical_across_processes() -> None:
    """No dependence on hash seeds or other per-process state."""
    code = (
        "from generator.site.svg import render_hand, render_tile\n"
        "from generator.hand import Hand, Meld, MeldKind\n"
        "h = Hand((0, 0, 0, 1, 2), (Meld(MeldKind.PUNG, 27), Meld(MeldKind.KONG, 13, concealed=True)), 2)\n"
        "print(''.join(render_tile(t) for t in range(34)) + render_hand(h))\n"
    )
    outs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outs.add(run.stdout)
    assert len(outs) == 1


@pytest.mark.parametrize("rank", range(1, 10))
def test_dots_have_n_separate_dots_on_the_face(rank: int) -> None:
    root = parse(render_tile(make(rank, "p")))
    dots = groups(root, "dot")
    assert len(dots) == rank
    discs = []
    for dot in dots:
        ring = dot.find(f"{SVG}circle")
        x, y = float(ring.get("cx")), float(ring.get("cy"))
        r = float(ring.get("r")) + float(ring.get("stroke-width") or 0) / 2
        assert 3 <= x - r and x + r <= 55 and 3 <= y - r and y + r <= 74, "dot leaves the face"
        discs.append((x, y, r))
    for (x1, y1, r1), (x2, y2, r2) in combinations(discs, 2):
        assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2, "dots overlap"


def test_dot_colours_follow_the_traditional_sets() -> None:
    def colours(rank: int) -> list[str]:
        return [g.find(f"{SVG}circle").get("stroke") for g in groups(parse(render_tile(make(rank, "p"))), "dot")]

    nine = colours(9)
    assert len(set(nine[0:3])) == len(set(nine[3:6])) == len(set(nine[6:9])) == 1  # one colour per row
    assert len(set(nine)) == 3
    six = colours(6)
    assert six[0] == six[1] != six[2] and len(set(six[2:])) == 1  # two green over four red
    assert len(set(colours(8))) == 1


@pytest.mark.parametrize("rank", range(2, 10))
def test_bamboo_has_n_sticks(rank: int) -> None:
    root = parse(render_tile(make(rank, "s")))
    sticks = groups(root, "stick")
    assert len(sticks) == rank
    assert not groups(root, "bird")
    centres = set()
    for stick in sticks:
        cane = stick.find(f"{SVG}rect")
        x, y = float(cane.get("x")), float(cane.get("y"))
        w, h = float(cane.get("width")), float(cane.get("height"))
        assert 3 <= x and x + w <= 55 and 3 <= y and y + h <= 74, "stick leaves the face"
        centres.add((round(x + w / 2), round(y + h / 2)))
    assert len(centres) == rank, "two sticks drawn on top of each other"


def test_one_bamboo_is_a_bird_not_a_stick() -> None:
    root = parse(render_tile(make(1, "s")))
    assert len(groups(root, "bird")) == 1
    assert not groups(root, "stick")


def test_red_sticks_mark_the_middle_of_5_7_9() -> None:
    def reds(rank: int) -> int:
        root = parse(render_tile(make(rank, "s")))
        return sum(1 for g in groups(root, "stick") if g.find(f"{SVG}rect").get("fill") == "#c62828")

    assert (reds(5), reds(7), reds(9), reds(6)) == (1, 1, 3, 0)


def test_characters_and_honours_show_their_glyphs() -> None:
    for rank, numeral in enumerate("一二三四五六七八九", start=1):
        texts = [t.text for t in parse(render_tile(make(rank, "m"))).iter(f"{SVG}text")]
        assert texts == [numeral, "萬"]
    for tile, glyph in zip(range(27, 34), ("東", "南", "西", "北", None, "發", "中"), strict=True):
        texts = [t.text for t in parse(render_tile(tile)).iter(f"{SVG}text")]
        assert texts == ([glyph] if glyph else [])
    white = parse(render_tile(31))
    assert any(r.get("stroke") and r.get("fill") == "none" for r in white.iter(f"{SVG}rect"))  # the blue frame


def test_size_option_changes_pixel_size() -> None:
    for size, (w, h) in SIZES.items():
        root = parse(render_tile(5, size=size))
        assert (root.get("width"), root.get("height")) == (str(w), str(h))
    small = parse(render_tile(5, size="small"))
    assert (small.get("width"), small.get("height")) == ("22", "30")
    turned = parse(render_tile(5, sideways=True))
    assert (turned.get("width"), turned.get("height"), turned.get("viewBox")) == ("40", "30", "0 0 80 60")
    marked = parse(render_tile(5, win=True))
    assert float(marked.get("height")) > 40 and marked.get("width") == "30"
    with pytest.raises(ValueError):
        render_tile(5, size="huge")  # type: ignore[arg-type]


def test_bad_input_is_rejected() -> None:
    for bad in (-1, 35):
        with pytest.raises(ValueError):
            render_tile(bad)
    for bad in (0, 9):
        with pytest.raises(ValueError):
            render_flower(bad)


def test_a_ghost_is_a_flower_marked_gui() -> None:
    ghost = parse(render_tile(34))  # the notation's 8z
    assert ghost.get("aria-label") == "ghost"
    assert ghost.find(f"{SVG}title").text == "ghost 鬼"
    assert artwork(render_tile(34)) not in {artwork(render_flower(n)) for n in range(1, 9)}


def test_flower_and_back() -> None:
    flower = parse(render_flower(2))
    assert flower.get("aria-label") == "Flower 2"
    assert flower.find(f"{SVG}title").text == "Flower 2 蘭"
    assert len({artwork(render_flower(n)) for n in range(1, 9)}) == 8
    back = parse(render_back(size="small"))
    assert back.get("aria-label") == "Tile back" and back.get("width") == "22"
    assert not list(back.iter(f"{SVG}text"))


# --------------------------------------------------------------------------- hands


def sample_hand() -> Hand:
    """Standing 55s 78p, winning 9p, exposed pung of East, concealed kong of 5p, exposed chow 234s."""
    melds = (Meld(MeldKind.PUNG, 27), Meld(MeldKind.KONG, 13, concealed=True), Meld(MeldKind.CHOW, 19))
    return Hand((22, 22, 16, 15), melds, 17, WinContext(flowers=2))


def test_hand_marks_exposed_pung_and_concealed_kong() -> None:
    html = render_hand(sample_hand())
    root = parse_fragment(html)
    (hand,) = root
    assert classes(hand) == {"hand"} and hand.get("role") == "group"
    label = hand.get("aria-label")
    for part in ("7 dots", "winning tile 9 dots", "exposed pung of East wind", "concealed kong of 5 dots",
                 "exposed chow of 2-3-4 bamboo", "2 flowers"):  # fmt: skip
        assert part in label

    (pung,) = [el for el in by_class(root, "meld") if "pung" in classes(el)]
    assert {"meld", "exposed"} <= classes(pung)
    assert pung.get("aria-label") == "exposed pung of East wind"
    tiles = svgs(pung)
    assert len(tiles) == 3 and "sideways" in classes(tiles[0])
    assert [t.get("aria-label") for t in tiles] == ["East wind"] * 3

    (kong,) = by_class(root, "concealed-kong")
    assert kong.get("aria-label") == "concealed kong of 5 dots"
    assert [t.get("aria-label") for t in svgs(kong)] == ["Tile back", "5 dots", "5 dots", "Tile back"]
    assert "back" in classes(svgs(kong)[0]) and "back" in classes(svgs(kong)[3])


def test_hand_sets_the_winning_tile_apart_with_a_visible_marker() -> None:
    root = parse_fragment(render_hand(sample_hand()))
    (standing,) = by_class(root, "standing")
    assert [t.get("aria-label") for t in svgs(standing)] == ["7 dots", "8 dots", "5 bamboo", "5 bamboo"]  # sorted
    (win_group,) = [el for el in by_class(root, "win") if el.tag == "span"]
    (win_tile,) = svgs(win_group)
    assert win_tile.get("aria-label") == "9 dots, winning tile"
    assert len(list(win_tile.iter(f"{SVG}path"))) >= 1 + len(list(parse(render_tile(17)).iter(f"{SVG}path")))
    (flowers,) = by_class(root, "flowers")
    assert [t.get("aria-label") for t in svgs(flowers)] == ["Flower 1", "Flower 2"]


def test_mark_win_false_sorts_the_winning_tile_in() -> None:
    hand = Hand((0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8), (), 4)
    root = parse_fragment(render_hand(hand, mark_win=False, size="small"))
    assert not by_class(root, "win")
    labels = [t.get("aria-label") for t in svgs(root)]
    assert labels == [tile_en(t) for t in hand.closed_tiles]
    assert all(t.get("width") == "22" for t in svgs(root))


def test_hand_fragment_wraps_between_groups_only() -> None:
    html = render_hand(sample_hand())
    root = parse_fragment(html)
    (hand,) = root
    # groups are separated by whitespace (a break opportunity even without CSS) ...
    assert all(child.tail == " " for child in list(hand)[:-1])
    # ... and tiles inside a meld are not
    for meld in by_class(root, "meld"):
        assert all(not t.tail for t in svgs(meld))
    for cls in (".hand", ".standing", ".meld", ".win", "flex-wrap:wrap", "flex-wrap:nowrap", ".tile"):
        assert cls in HAND_CSS
    assert 'id="' not in html


def test_render_tiles_keeps_order() -> None:
    root = parse_fragment(render_tiles([33, 0, 13], label="example"))
    (row,) = root
    assert row.get("aria-label") == "example" and row.get("role") == "group"
    assert [t.get("aria-label") for t in svgs(row)] == ["Red dragon", "1 characters", "5 dots"]
    assert parse_fragment(render_tiles([1])).find("span").get("aria-label") is None


def test_meld_labels() -> None:
    assert meld_label(Meld(MeldKind.KONG, 31)) == "exposed kong of White dragon"
    assert meld_label(Meld(MeldKind.CHOW, 6)) == "exposed chow of 7-8-9 characters"
    exposed_kong = parse_fragment(render_meld(Meld(MeldKind.KONG, 0)))
    assert len(svgs(exposed_kong)) == 4 and "sideways" in classes(svgs(exposed_kong)[0])


def test_on_a_chinese_page_every_label_and_title_is_chinese() -> None:
    """The Chinese site's tiles read in Chinese to a screen reader and in a tooltip: no English word in a label."""
    hand = parse_hand("123m5p456s [777z] {1111z} +5p flowers=2")
    html = render_hand(hand, lang="zh-Hans")
    labels = re.findall(r'aria-label="([^"]*)"', html) + re.findall(r"<title>([^<]*)</title>", html)
    assert labels and not [x for x in labels if re.search(r"[A-Za-z]{2,}", x)], labels
    assert 'aria-label="五筒，和牌张"' in html and "暗杠" in html and "明刻" in html
    assert render_hand(hand) == render_hand(hand, lang="en")  # English unchanged
    assert 'aria-label="Hand: ' in render_hand(hand)
    assert meld_label(Meld(MeldKind.CHOW, 6), "zh-Hans") == "吃 七萬八萬九萬"
