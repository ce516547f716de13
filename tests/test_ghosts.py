"""Ghosts (鬼牌, 广东麻将 2023): completeness and waits of hands with ghosts against a brute force that puts every
tile in place of every ghost, one ghost at a time (34^k hands), and the text's worked examples of the five-copy rule
(七-1-5, kept in tests/facts/guangdong-2023.toml)."""

from __future__ import annotations

import tomllib
from itertools import combinations_with_replacement, product
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.completion import is_complete_counts
from generator.ghosts import fillings
from generator.hand import Hand, WaitingHand
from generator.notation import parse_waiting
from generator.rulesets import find_ruleset
from generator.scoring.engine import readings_of
from generator.scoring.waits import waits_for
from generator.shapes import Form, readings
from generator.tiles import GHOST, NUM_KINDS, Tile, tile_to_text

RS = find_ruleset("guangdong-2023")
FACTS = tomllib.loads((Path(__file__).parent / "facts" / "guangdong-2023.toml").read_text(encoding="utf-8"))
ORDINARY_FORMS = frozenset(RS.forms) - {Form.FOUR_GHOSTS}



def brute_complete(standing: list[Tile], win: Tile, melds: tuple = ()) -> bool:
    """Whether some tile in place of each ghost makes an ordinary complete hand with no tile five times among the
    standing tiles and the winning tile; or the hand holds all four ghosts."""
    closed = standing + [win]
    k = closed.count(GHOST)
    if k == 4:
        return True
    naturals = [t for t in closed if t != GHOST]
    for choice in product(range(NUM_KINDS), repeat=k):
        tiles = naturals + list(choice)
        if max(tiles.count(t) for t in set(tiles)) > 4:
            continue
        hand = Hand(tuple(sorted(tiles[:-1])), melds, tiles[-1])
        if readings(hand, ORDINARY_FORMS, four_as_two_pairs=True):
            return True
    return False


def near_complete(rnd: Random, ghosts: int) -> list[Tile]:
    """Fourteen tiles: four sets and a pair, seven pairs or random tiles, with `ghosts` of them ghosts."""
    shape = rnd.choice(("sets", "sets", "pairs", "random"))
    while True:
        if shape == "sets":
            tiles: list[Tile] = []
            for _ in range(4):
                if rnd.random() < 0.5:
                    first = rnd.choice([t for t in range(27) if t % 9 <= 6])
                    tiles += [first, first + 1, first + 2]
                else:
                    tiles += [rnd.randrange(NUM_KINDS)] * 3
            tiles += [rnd.randrange(NUM_KINDS)] * 2
        elif shape == "pairs":
            tiles = [t for t in (rnd.randrange(NUM_KINDS) for _ in range(7)) for _ in (0, 1)]
        else:
            tiles = [rnd.randrange(NUM_KINDS) for _ in range(14)]
        if max(tiles.count(t) for t in set(tiles)) <= 4:
            break
    if rnd.random() < 0.3:  # a near miss
        tiles[rnd.randrange(14)] = rnd.randrange(NUM_KINDS)
        if max(tiles.count(t) for t in set(tiles)) > 4:
            return near_complete(rnd, ghosts)
    for i in rnd.sample(range(14), ghosts):
        tiles[i] = GHOST
    rnd.shuffle(tiles)
    return tiles


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_a_hand_with_ghosts_is_complete_exactly_when_some_tiles_in_their_place_make_it_complete(
        seed: int, ghosts: int) -> None:
    tiles = near_complete(Random(seed), ghosts)
    hand = Hand(tuple(sorted(tiles[:-1])), (), tiles[-1])
    assert bool(readings_of(hand, RS)) == brute_complete(list(hand.concealed), hand.win_tile), hand


def every_filling(standing: list[int], k: int, n_melds: int, four_as_two_pairs: bool) -> tuple[tuple[Tile, ...], ...]:
    """Every multiset of `k` tiles tried in turn, kept when the ordinary test finds the hand complete: what
    `fillings` answers without trying them all."""
    out = []
    for fill in combinations_with_replacement(range(NUM_KINDS), k):
        counts = list(standing)
        for t in fill:
            counts[t] += 1
        if max(counts) <= 4 and is_complete_counts(counts, n_melds, ORDINARY_FORMS, four_as_two_pairs):
            out.append(fill)
    return tuple(out)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 4), st.integers(0, 2), st.booleans())
def test_the_fills_proposed_for_the_ghosts_are_every_fill_that_completes_the_hand(
        seed: int, ghosts: int, n_melds: int, four_as_two_pairs: bool) -> None:
    rnd = Random(seed)
    if ghosts == 4 and rnd.random() < 0.8:  # 66,045 multisets to try: a few draws are enough
        ghosts = rnd.randint(1, 3)
    tiles = [t for t in near_complete(rnd, ghosts) if t != GHOST][3 * n_melds:]
    standing = [tiles.count(t) for t in range(NUM_KINDS)]
    room = tuple(4 - n for n in standing)
    found = fillings(tuple(standing), room, ghosts, n_melds, ORDINARY_FORMS, four_as_two_pairs)
    assert found == every_filling(standing, ghosts, n_melds, four_as_two_pairs), [tile_to_text(t) for t in tiles]


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2))
def test_the_waits_of_a_hand_with_ghosts_are_the_tiles_the_brute_force_completes_it_with(seed: int, ghosts: int) -> None:
    rnd = Random(seed)
    tiles = near_complete(rnd, ghosts)
    if GHOST not in tiles[1:] and ghosts:
        tiles[0], tiles[-1] = tiles[-1], tiles[0]
    drop = next(i for i, t in enumerate(tiles) if t != GHOST)  # the 13 tiles keep every ghost
    standing = tiles[:drop] + tiles[drop + 1:]
    found = waits_for(WaitingHand(tuple(sorted(standing))), RS)
    expected = [t for t in range(NUM_KINDS) if brute_complete(standing, t)]
    assert sorted(found.waits + found.formal) == expected, [tile_to_text(t) for t in standing]
    assert all(standing.count(t) < 4 for t in found.waits)  # nothing in view: no melds here


def test_four_ghosts_win_whatever_the_other_tiles_are() -> None:
    rnd = Random(2023)
    for _ in range(20):
        others = [rnd.randrange(NUM_KINDS) for _ in range(10)]
        if max(others.count(t) for t in set(others)) > 4:
            continue
        hand = Hand(tuple(sorted(others + [GHOST] * 3)), (), GHOST)
        assert any(r.form is Form.FOUR_GHOSTS for r in readings_of(hand, RS))


@pytest.mark.parametrize("case", FACTS["five_copies"], ids=lambda c: c["hand"])
def test_the_texts_five_copy_examples(case: dict) -> None:
    """七-1-5: the tiles each waiting hand may win on, and those it may not, with a real tile or a ghost."""
    waiting = parse_waiting(case["hand"])
    found = waits_for(waiting, RS)
    wins = {tile_to_text(t) for t in found.waits + found.formal}
    assert wins == set(case["wins"])
    assert not wins & set(case["not"])
    for tile in case["wins"]:  # a drawn ghost plays the tile: the hand is complete
        assert readings_of(waiting.with_win(GHOST), RS)
    with_ghost = Hand(tuple(sorted(waiting.concealed)), waiting.melds, GHOST)
    for tile in case["not"]:  # no reading has the ghost play a fifth copy
        assert all(r.stands_for != (int(tile[0]) - 1,) for r in readings_of(with_ghost, RS))


def test_other_rule_sets_read_a_ghost_as_no_tile() -> None:
    hand = Hand(tuple(sorted([0, 1, 2, 3, 4, 5, 6, 7, 8, 27, 27, GHOST, GHOST])), (), GHOST)
    for rid in ("mcr", "tuidaohu-2024", "riichi", "tuanyuan"):
        assert readings_of(hand, find_ruleset(rid)) == []
        assert waits_for(WaitingHand(hand.concealed), find_ruleset(rid)).waits == ()
