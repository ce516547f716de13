"""Suit-bound wilds: completeness and waits against a brute-force oracle, readings, and the three-suit theorem.

The oracle tries every substitution of every wild and asks the ordinary decomposition of
generator.shapes — slow and obviously right; the module under test never substitutes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from itertools import combinations_with_replacement, product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from generator.hand import Meld, MeldKind, WaitingHand
from generator.notation import parse_hand, parse_waiting
from generator.shapes import Kind, decompositions
from generator.tiles import GREEN, RED, WHITE, WINDS, Tile, counts_of, tile_from_text, tile_to_text
from generator.wilds import (
    SUIT_WILD,
    WildReading,
    candidates,
    counting_suit,
    describe_wilds,
    is_complete_with_wilds,
    waits_with_wilds,
    wild_readings,
)

SUITED = tuple(range(27))
ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------------------------- the oracle


def complete_by_substitution(closed: list[int], *, winds: bool) -> bool:
    """Every wild tried as every tile of its suit; complete if some substitution decomposes."""
    if not winds and any(closed[t] for t in WINDS):
        return False
    base = list(closed)
    choices = []
    for suit, wild in enumerate(SUIT_WILD):
        base[wild] = 0
        choices.append(list(combinations_with_replacement(range(9 * suit, 9 * suit + 9), closed[wild])))
    for picks in product(*choices):
        c = list(base)
        for group in picks:
            for t in group:
                c[t] += 1
        if decompositions(tuple(c)):
            return True
    return False


# ----------------------------------------------------------------------------- strategies


@st.composite
def complete_hands(draw: st.DrawFn, max_wilds: int = 4, winds: bool | None = None) -> tuple[list[Tile], list[Meld], bool]:
    """A complete hand (standing tiles, melds, winds flag): four sets and a pair, some sets declared,
    up to `max_wilds` standing tiles replaced by their suit's wild."""
    winds = draw(st.booleans()) if winds is None else winds
    pool = SUITED + (WINDS if winds else ())
    sets = []
    for _ in range(4):
        if draw(st.booleans()):
            sets.append((MeldKind.CHOW, draw(st.sampled_from(range(3))) * 9 + draw(st.integers(0, 6))))
        else:
            sets.append((MeldKind.PUNG, draw(st.sampled_from(pool))))
    pair = draw(st.sampled_from(pool))
    n_melds = draw(st.integers(0, 4))
    standing = [pair, pair]
    melds = []
    for i, (kind, t) in enumerate(sets):
        tiles = [t, t + 1, t + 2] if kind is MeldKind.CHOW else [t, t, t]
        if i < n_melds:
            melds.append(Meld(kind, t))
        else:
            standing.extend(tiles)
    every = standing + [x for m in melds for x in m.tiles]
    assume(max(Counter(every).values()) <= 4)
    positions = draw(st.lists(st.integers(0, len(standing) - 1), max_size=max_wilds, unique=True))
    for i in positions:
        suit = counting_suit(standing[i])
        if suit is not None:
            standing[i] = SUIT_WILD[suit]
    return standing, melds, winds


@st.composite
def ready_hands(draw: st.DrawFn, max_wilds: int = 4, winds: bool | None = None) -> tuple[WaitingHand, bool]:
    """A complete hand with one standing tile removed, and sometimes another tile swapped for a random one:
    mostly ready hands, some not ready at all."""
    standing, melds, winds = draw(complete_hands(max_wilds, winds))
    standing.pop(draw(st.integers(0, len(standing) - 1)))
    if draw(st.booleans()):
        pool = SUITED + (WHITE, GREEN, RED) + (WINDS if winds else ())
        standing[draw(st.integers(0, len(standing) - 1))] = draw(st.sampled_from(pool))
    every = standing + [x for m in melds for x in m.tiles]
    assume(max(Counter(every).values()) <= 4)
    return WaitingHand(tuple(sorted(standing)), tuple(melds)), winds


def texts(tiles: tuple[Tile, ...]) -> list[str]:
    return [tile_to_text(t) for t in tiles]


# ----------------------------------------------------------------------------- completeness and waits


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(complete_hands(), st.booleans(), st.data())
def test_completeness_matches_the_substitution_oracle(hand: tuple[list[Tile], list[Meld], bool], perturb: bool,
                                                      data: st.DataObject) -> None:
    standing, _, winds = hand
    if perturb:  # a near miss: one tile swapped for any other
        standing = list(standing)
        standing[data.draw(st.integers(0, len(standing) - 1))] = data.draw(st.sampled_from(SUITED + (RED, GREEN, WHITE)))
    closed = counts_of(standing)
    assert is_complete_with_wilds(closed, winds=winds) == complete_by_substitution(closed, winds=winds)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(ready_hands(max_wilds=3))
@example((parse_waiting("112223334m2222z"), True))  # a fifth South: a pung and the pair, a formal wait
def test_waits_match_the_substitution_oracle(case: tuple[WaitingHand, bool]) -> None:
    hand, winds = case
    closed = counts_of(hand.concealed)
    expected = []
    for t in candidates(winds=winds):
        closed[t] += 1
        if complete_by_substitution(closed, winds=winds):
            expected.append(t)
        closed[t] -= 1
    assert texts(waits_with_wilds(hand, winds=winds).all) == texts(tuple(expected))


def test_a_lone_wild_waits_on_its_whole_suit_and_on_itself() -> None:
    w = waits_with_wilds(parse_waiting("123456p789s111s7z"), winds=False)
    assert texts(w.waits) == [f"{r}m" for r in range(1, 10)] + ["7z"]
    assert w.formal == ()
    w = waits_with_wilds(parse_waiting("123m456m789m111m6z"), winds=False)
    assert texts(w.waits) == [f"{r}s" for r in range(1, 10)] + ["6z"]


def test_a_wild_never_plays_another_suit() -> None:
    # 4m 6m wait on 5m; 白 (the 筒 wild) cannot be 5m, 中 can
    w = waits_with_wilds(parse_waiting("46m456p789s111s22s"), winds=False)
    assert texts(w.waits) == ["5m", "7z"]
    assert not is_complete_with_wilds(counts_of(parse_hand("46m456p789s111s22s+5z").closed_tiles), winds=False)


def test_a_natural_wait_also_completes_with_the_suits_wild() -> None:
    # single wait on 5m: the 中 plays 5m
    assert texts(waits_with_wilds(parse_waiting("123m456p789s111s5m"), winds=False).waits) == ["5m", "7z"]


def test_formal_waits_count_copies_held_including_wilds() -> None:
    w = waits_with_wilds(parse_waiting("7777z123m456p789s"), winds=False)
    assert texts(w.waits) == [f"{r}m" for r in range(1, 10)]
    assert texts(w.formal) == ["7z"]  # a fifth 中 does not exist, but it would complete the hand


def test_winds_are_refused_unless_the_tile_set_has_them() -> None:
    hand = parse_waiting("123m456p789s1s111z")
    assert waits_with_wilds(hand, winds=False).all == ()
    assert texts(waits_with_wilds(hand, winds=True).waits) == ["1s", "6z"]
    assert wild_readings(parse_hand("123m456p789s1s111z+6z tsumo"), winds=False) == []
    assert wild_readings(parse_hand("123m456p789s1s111z+6z tsumo"), winds=True) != []


def test_a_wild_cannot_be_in_a_declared_meld() -> None:
    assert wild_readings(parse_hand("123m456p789s1s [777z]+1s"), winds=False) == []
    assert waits_with_wilds(parse_waiting("123m456p789s1s [777z]"), winds=False).all == ()


def test_winds_pair_only_as_natural_tiles() -> None:
    # two wind pairs: a shanpon, the wilds cannot help a wind
    w = waits_with_wilds(parse_waiting("123m456p789s1122z"), winds=True)
    assert texts(w.waits) == ["1z", "2z"]


def test_four_wilds_and_one_natural_make_a_set_and_the_pair() -> None:
    hand = parse_hand("5m7777z456p789s123s")
    assert is_complete_with_wilds(counts_of(hand.closed_tiles), winds=False)
    [reading] = wild_readings(hand, winds=False)
    assert describe_wilds(reading) == "中 as 1m ×2, 中 as 5m ×2"  # a pung of 5m, and the pair of 中 alone (shown as 11m)


# ----------------------------------------------------------------------------- readings


def test_reading_shows_what_each_wild_plays() -> None:
    [reading] = wild_readings(parse_hand("46m7z456p789s11s12s+3s tsumo"), winds=False)
    assert isinstance(reading, WildReading)
    assert describe_wilds(reading) == "中 as 5m"
    assert reading.win is not None
    assert reading.sets[reading.win].tiles == tuple(tile_from_text(x) for x in ("1s", "2s", "3s"))
    assert reading.sets[-1].kind is Kind.PAIR


def test_hands_without_wilds_keep_every_ordinary_reading() -> None:
    found = wild_readings(parse_hand("111222333m456p1s+1s"), winds=False)
    assert len(found) >= 2 and not any(isinstance(r, WildReading) for r in found)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(complete_hands(max_wilds=8))
def test_a_wild_reading_accounts_for_every_tile(case: tuple[list[Tile], list[Meld], bool]) -> None:
    """Replace each wild by the tile the reading says it plays: the sets hold exactly those tiles."""
    standing, melds, winds = case
    from generator.hand import Hand

    hand = Hand(tuple(sorted(standing[:-1])), tuple(melds), standing[-1])
    found = wild_readings(hand, winds=winds)
    assert found, "a hand built from sets must be complete"
    reading = found[0]
    played = [t for t in hand.closed_tiles if t not in (RED, GREEN, WHITE)]
    if isinstance(reading, WildReading):
        assert len(reading.stands_for) == sum(1 for t in hand.closed_tiles if t in (RED, GREEN, WHITE))
        assert all(counting_suit(w) == counting_suit(t) for w, t in reading.stands_for)
        played += [t for _, t in reading.stands_for]
    held = sorted(t for s in reading.sets if not s.melded for t in s.tiles)
    assert held == sorted(played)
    assert sum(1 for s in reading.sets if s.kind is Kind.PAIR) == 1


# ----------------------------------------------------------------------------- the theorem


def waited_suits(hand: WaitingHand, winds: bool) -> set[int]:
    return {s for t in waits_with_wilds(hand, winds=winds).all if (s := counting_suit(t)) is not None}


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(ready_hands(max_wilds=8))
def test_theorem_no_hand_waits_on_three_suits(case: tuple[WaitingHand, bool]) -> None:
    """The 团圆 theorem, with and without wilds and winds, and the step of its proof: a suit whose tile count
    (wilds included) is a multiple of three is never waited on."""
    hand, winds = case
    suits = waited_suits(hand, winds)
    assert len(suits) <= 2
    for s in suits:
        assert sum(1 for t in hand.concealed if counting_suit(t) == s) % 3 != 0


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.booleans(), st.data())
def test_theorem_on_arbitrary_thirteen_tiles(winds: bool, data: st.DataObject) -> None:
    pool = SUITED + (WHITE, GREEN, RED) + (WINDS if winds else ())
    tiles = data.draw(st.lists(st.sampled_from(pool), min_size=13, max_size=13))
    assume(max(Counter(tiles).values()) <= 4)
    assert len(waited_suits(WaitingHand(tuple(sorted(tiles))), winds)) <= 2


@pytest.mark.parametrize("hand, suits", [
    ("66m2346p3588s556z", {0, 2}),  # 6m or 中; 4s, 8s or 發 — the 筒 are complete with both 白
    ("6677z123m456p789s", {0, 2}),  # 發發 中中: any 萬 or any 条 pair-and-pung
])
def test_two_suit_waits_exist(hand: str, suits: set[int]) -> None:
    assert waited_suits(parse_waiting(hand), winds=False) == suits


def test_the_theorem_pages_twenty_tile_wait() -> None:
    w = waits_with_wilds(parse_waiting("4s556677z [222m] [234s]"), winds=False)
    assert texts(w.all) == [f"{r}{s}" for s in "mp" for r in range(1, 10)] + ["5z", "7z"]


def test_the_recorded_random_check_covers_a_million_hands() -> None:
    figures = json.loads((ROOT / "content" / "theorems" / "tuanyuan-three-suits.json").read_text(encoding="utf-8"))
    assert figures["hands"] >= 1_000_000
    assert figures["three_suit_waits"] == figures["removed_tile_not_a_wait"] == figures["residue_violations"] == 0
    assert sum(row["hands"] for row in figures["by_category"]) == figures["hands"]
    assert {(row["wilds"], row["winds"]) for row in figures["by_category"]} == {
        (False, False), (True, False), (False, True), (True, True)}


def test_the_random_check_script_runs_and_is_deterministic(tmp_path: Path) -> None:
    outs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "tuanyuan_theorem.py"), "--hands", "2000",
                               "--out", str(out)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert json.loads(outs[0])["hands"] == 2000
