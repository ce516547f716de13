"""Hand shapes against published counts and hand-checked readings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from generator.completion import waits_of
from generator.notation import parse_hand, parse_waiting
from generator.shapes import ALL_FORMS, Form, Kind, decompositions, group_sets, readings
from generator.tiles import NUM_KINDS


def one_suit_vectors(total: int) -> Iterator[tuple[int, ...]]:
    def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == 9:
            if left == 0:
                yield ()
            return
        for c in range(min(4, left) + 1):
            for rest in rec(i + 1, left - c):
                yield (c,) + rest

    yield from rec(0, total)


def padded(v: tuple[int, ...]) -> tuple[int, ...]:
    return v + (0,) * (NUM_KINDS - 9)


@pytest.mark.slow  # every hand of one suit: left out of the engine loop
def test_13259_complete_one_suit_hands() -> None:
    assert sum(1 for v in one_suit_vectors(14) if decompositions(padded(v))) == 13_259


@pytest.mark.slow  # every hand of one suit: left out of the engine loop
def test_40070_one_suit_waiting_hands_and_their_wait_counts() -> None:
    dist: Counter[int] = Counter()
    for v in one_suit_vectors(13):
        counts = list(padded(v))
        waits = 0
        for t in range(9):
            if v[t] == 4:
                continue  # a fifth copy does not exist: a formal wait is not a real one
            counts[t] += 1
            waits += bool(decompositions(tuple(counts)))
            counts[t] -= 1
        if waits:
            dist[waits] += 1
    assert sum(dist.values()) == 40_070
    assert dict(dist) == {9: 1, 8: 16, 7: 79, 6: 392, 5: 1335, 4: 2948, 3: 6739, 2: 14493, 1: 14067}


def test_distinct_decompositions_only() -> None:
    # 111222333m + 44p: three pungs, or three identical chows, and nothing twice
    hand = parse_hand("111222333m44p55s5s")
    assert len({r.sets for r in readings(hand)}) == len(readings(hand))
    kinds = sorted(tuple(s.kind for s in r.sets[:-1]) for r in readings(hand))
    assert len(kinds) == 2


@pytest.mark.slow  # every hand of one suit: left out of the engine loop
def test_every_decomposition_of_a_suit_is_distinct() -> None:
    """Four copies of a tile beside a chow from it (1111 2 3) are a pung and a chow whichever the search
    takes first: each split is given once (over every complete one-suit hand and its pair-free groups)."""
    repeated = 0
    for v in list(one_suit_vectors(14)) + list(one_suit_vectors(12)):
        splits = decompositions(padded(v)) if sum(v) == 14 else group_sets(v, 0)
        assert len(set(splits)) == len(splits), v
        repeated += v[0] == 4 and bool(splits)
    assert repeated > 100
    assert len(readings(parse_hand("111123m456p789s5s+5s"))) == 1


def test_winning_tile_position_gives_separate_readings() -> None:
    # 1233s + 3s: the 3s completes chow 123 (edge) or the pair 33
    hand = parse_hand("123m456m789m1233s+3s")
    places = sorted((r.sets[r.win].kind.value, r.sets[r.win].tile) for r in readings(hand))
    assert places == [("chow", 18), ("pair", 20)]


def test_discard_completed_pung_is_exposed_only_when_the_tile_sits_in_it() -> None:
    hand = parse_hand("11m234m555p789s33s+1m")
    (reading,) = [r for r in readings(hand) if r.sets[r.win].kind is Kind.PUNG]
    assert reading.sets[reading.win].exposed
    tsumo = parse_hand("11m234m555p789s33s+1m tsumo")
    assert not any(s.exposed for r in readings(tsumo) for s in r.sets)


def test_melds_are_fixed_and_marked() -> None:
    hand = parse_hand("123m456p1s [777s] {EEEE} +1s")
    (reading,) = readings(hand)
    melded = [s for s in reading.sets if s.melded]
    assert [(s.kind, s.exposed) for s in melded] == [(Kind.PUNG, True), (Kind.KONG, False)]


@pytest.mark.parametrize(
    "text, forms",
    [
        ("11223344556677m", {Form.REGULAR, Form.SEVEN_PAIRS}),
        ("1122m3344p5566s77z", {Form.SEVEN_PAIRS}),
        ("19m19p19s1234567z+1z", {Form.THIRTEEN_ORPHANS}),
        ("147m258p369s1234z+5z", {Form.HONORS_KNITTED}),
        ("147m258p36s12345z+7z", {Form.HONORS_KNITTED}),
        ("147m258p369s123m1z+1z", {Form.KNITTED_STRAIGHT}),
        ("147m258p369s1z [555s] +1z", {Form.KNITTED_STRAIGHT}),
    ],
)
def test_special_forms(text: str, forms: set[Form]) -> None:
    assert {r.form for r in readings(parse_hand(text), ALL_FORMS)} == forms


def test_four_identical_tiles_as_two_pairs_is_an_option() -> None:
    hand = parse_hand("1111m2233p4455s66z")
    assert [r.form for r in readings(hand, ALL_FORMS, four_as_two_pairs=True)] == [Form.SEVEN_PAIRS]
    assert readings(hand, ALL_FORMS, four_as_two_pairs=False) == []


def test_incomplete_hand_has_no_reading() -> None:
    assert readings(parse_hand("123m456m789m1234s+6s"), ALL_FORMS) == []


@pytest.mark.parametrize(
    "text, waits, formal",
    [
        ("1112345678999m", "123456789m", ""),
        ("123456m4444666s", "5s", "4s"),
        ("123m456m789m1111s", "", "1s"),  # 1111s waits only on a fifth 1s
        ("445566m2277779s", "89s", ""),  # closed 8s, and the seven-pairs 9s
        ("19m19p19s1234567z", "19m19p19s1234567z", ""),
    ],
)
def test_waits_and_formal_waits(text: str, waits: str, formal: str) -> None:
    from generator.notation import format_tiles

    w = waits_of(parse_waiting(text), ALL_FORMS)
    assert format_tiles(w.waits) == waits
    assert format_tiles(w.formal) == formal


def test_mcr_formal_wait_examples_from_reference() -> None:
    # reference mcr.md §5.5: [NNN] 77789m 11888p waiting: 7m and (formally) 1p — not a unique wait
    w = waits_of(parse_waiting("77789m11888p [NNN]"), ALL_FORMS)
    assert [t for t in w.all] == [6, 9]  # 7m and 1p
