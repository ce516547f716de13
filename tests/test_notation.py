"""The notation contract: canonical form, round trips, and clear errors for everything else."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.hand import Hand, Meld, MeldKind, WinContext
from generator.notation import HandError, format_hand, format_waiting, parse_hand, parse_waiting
from generator.tiles import EAST, GHOST, NUM_KINDS


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Valid hands: up to four melds, at most four copies of any tile, any context."""
    left = [4] * NUM_KINDS
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        if kind is MeldKind.CHOW:
            options = [t for t in range(27) if t % 9 <= 6 and all(left[t + k] for k in range(3))]
        else:
            need = 4 if kind is MeldKind.KONG else 3
            options = [t for t in range(NUM_KINDS) if left[t] >= need]
        if not options:
            continue
        tile = draw(st.sampled_from(options))
        meld = Meld(kind, tile, concealed=kind is MeldKind.KONG and draw(st.booleans()))
        for t in meld.tiles:
            left[t] -= 1
        melds.append(meld)
    pool = [t for t in range(NUM_KINDS) for _ in range(left[t])] + [GHOST] * draw(st.integers(0, 4))
    n = 14 - 3 * len(melds)
    chosen = draw(st.permutations(pool))[:n]
    win = chosen[-1]
    tsumo = draw(st.booleans())
    after_kong = tsumo and draw(st.booleans())
    ctx = WinContext(
        tsumo=tsumo,
        last_tile=draw(st.booleans()),
        after_kong=after_kong,
        robbing_kong=False,
        last_copy=draw(st.booleans()),
        first_turn=all(m.concealed for m in melds) and draw(st.booleans()),  # nothing claimed before a first-turn win
        dealer=draw(st.booleans()),
        seat=draw(st.integers(EAST, EAST + 3)),
        round=draw(st.integers(EAST, EAST + 3)),
        flowers=draw(st.integers(0, 8)),
        wild_kongs=draw(st.integers(0, 3)),
        ghosts_discarded=draw(st.integers(0, 4)),
        horses=draw(st.integers(0, 4)),
    )
    return Hand(tuple(sorted(chosen[:-1])), tuple(melds), win, ctx)


@settings(max_examples=500, deadline=None)
@given(hands())
def test_parse_format_round_trip(hand: Hand) -> None:
    text = format_hand(hand)
    assert parse_hand(text) == hand
    assert format_hand(parse_hand(text)) == text


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("1112345678999m5m tsumo", "1112345678999m+5m tsumo"),
        ("1112345678999m+5m tsumo", "1112345678999m+5m tsumo"),
        ("123m456p789s1z [555p] +1z seat=S round=E", "123m456p789s1z [555p] +1z seat=S"),
        ("11223344556677m", "1122334455667m+7m"),
        ("E S W N P F C 19m19p19s +E", "19m19p19s1234567z+1z"),
        ("EEE[123m]{5555p}CCPP+P dealer", "111z57z7z [123m] {5555p} +5z dealer".replace("111z57z7z", "1115577z")),
        ("[EEE][SSS][WWW][NNN]P+P flowers=2", "5z [111z] [222z] [333z] [444z] +5z flowers=2"),
        ("123m456m789m11p22s+2s after-kong", "123456789m11p22s+2s tsumo after-kong"),
        ("13579m2468p1357s2p seat=w round=1z", "13579m2468p1357s+2p seat=W"),
    ],
)
def test_canonical_form(text: str, canonical: str) -> None:
    assert format_hand(parse_hand(text)) == canonical


def test_a_ghost_is_8z_or_g_and_sorts_after_the_honours() -> None:
    hand = parse_hand("G123m456m789m11z8z+1z tsumo ghosts-discarded=2 horses=3")
    assert hand.concealed.count(GHOST) == 2
    assert format_hand(hand) == "123456789m1188z+1z tsumo ghosts-discarded=2 horses=3"
    assert parse_hand(format_hand(hand)) == hand
    assert parse_hand("123m456m789m11z8z8z+G tsumo").win_tile == GHOST


def test_aliases_are_honours() -> None:
    assert parse_hand("ESWNPFC19m19p19s+C") == parse_hand("1234567z19m19p19s+7z")


def test_last_written_tile_is_the_winning_tile() -> None:
    assert parse_hand("19m19p19s1234567z1z").win_tile == 27
    assert parse_hand("19m19p19s12345677z").win_tile == 33


def test_waiting_hand_round_trip() -> None:
    w = parse_waiting("1112345678999m flowers=1")
    assert format_waiting(w) == "1112345678999m flowers=1"
    assert parse_waiting(format_waiting(w)) == w


@pytest.mark.parametrize(
    "text, column, words",
    [
        ("123x", 4, "unknown suit letter"),
        ("11111m2345678m99m", 5, "5 copies of 1m"),
        ("123m", 5, "wrong tile count"),
        ("[12m]123m456m789m1z1z", 1, "3 or 4 tiles"),
        ("[135m]123m456m789m1z1z", 1, "consecutive"),
        ("[EFC]1112223334m", 1, "honours cannot form a chow"),
        ("{123m}1112345678m9m", 1, "concealed kong"),
        ("12345678m9999p1z0z", 17, "'0z' is not a tile"),
        ("123m456m789m11p22p robbing-kong tsumo", 20, "robbing-kong"),
        ("[EEE] 123m456m789m1z+1z seat=Q", 25, "'seat' must be"),
        ("[EEE] 123m456m789m1z+1z foo", 25, "unknown flag"),
        ("[EEE] 123m456m789m1z+1z flowers=9", 25, "'flowers' must be"),
        ("[123m", 6, "not closed"),
        ("123m]456m789m11p22p", 5, "without a matching"),
        ("9z123m456m789m11p2p", 1, "'9z' is not a tile"),
        ("8z8z8z8z8z23m456m789m1p", 9, "5 ghosts"),
        ("[888z]123m456m789m1p1p", 1, "never in a meld"),
        ("[EEE] 123m456m789m1z+1z horses=5", 25, "'horses' must be"),
        ("123m456m789m11p2p3", 18, "ranks without a suit letter"),
        ("123m456m789m11p+2p+3p", 19, "only one '+'"),
        ("123m456m789m11p22p tsumo tsumo", 26, "given twice"),
        ("", 1, "empty"),
        ("tsumo", 1, "no tiles"),
        ("123m456m789m11p22p tsumo 3p", 26, "after the flags"),
        ("123m456m789m111p2p+1p robbing-kong", 20, "robbed tile"),
    ],
)
def test_errors_name_position_and_reason(text: str, column: int, words: str) -> None:
    with pytest.raises(HandError) as info:
        parse_hand(text)
    assert info.value.position == column, str(info.value)
    assert words in str(info.value)
    assert str(info.value).startswith(f"at column {column}: ")


ALPHABET = list("123456789mpsz0ESWNPFCx[]{}+ =-") + [
    "tsumo", "last-tile", "after-kong", "robbing-kong", "seat=", "round=", "flowers=", "wild-kongs=", "dealer",
    " ", "  ", "123m", "456p", "789s", "11z", "[555p]", "{7777s}", "+5m",
]


def random_strings(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30))) for _ in range(n)]


def test_ten_thousand_random_strings_raise_only_hand_error() -> None:
    parsed = 0
    for text in random_strings(10_000, seed=20261129):
        try:
            hand = parse_hand(text)
        except HandError as exc:
            assert exc.position is not None and exc.position >= 1, text
            continue
        parsed += 1
        assert parse_hand(format_hand(hand)) == hand
    assert parsed < 10_000  # most random strings are not hands


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_arbitrary_unicode_raises_only_hand_error(text: str) -> None:
    try:
        parse_hand(text)
    except HandError as exc:
        assert exc.position is not None
