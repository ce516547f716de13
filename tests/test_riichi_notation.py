"""The notation's Riichi parts: red fives, riichi flags, dora indicators; round trips and errors."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest
from hand_strategies import RANDOMS, random_hand_text
from hypothesis import HealthCheck, assume, given, settings

from generator.notation import HandError, format_hand, format_waiting, parse_hand, parse_waiting
from generator.tiles import tile_from_text


def _riichi_text(rnd: Random) -> str:
    """A random hand as hand_strategies writes it, with red fives and Riichi's flags added."""
    text = random_hand_text(rnd)
    # turn some fives into red fives, at most one per suit, in the tile part only
    tile_part = text.split(" ")
    words = []
    done: set[str] = set()
    for word in tile_part:
        if word and word[0].islower() and word[0].isalpha():
            words.append(word)
            continue
        chars = list(word)
        for i, ch in enumerate(chars):
            if ch != "5":
                continue
            letter = next((c for c in chars[i:] if c.isalpha()), "")
            if letter in "mps" and letter and letter not in done and rnd.random() < 0.5:
                chars[i] = "0"
                done.add(letter)
        words.append("".join(chars))
    flags = []
    declared = rnd.choice(("", "riichi", "double-riichi"))
    if declared:
        flags.append(declared)
        if rnd.random() < 0.4:
            flags.append("ippatsu")
    for name in ("dora", "ura"):
        if rnd.random() < 0.6:
            kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
            flags.append(f"{name}=" + "".join(rnd.sample(kinds, rnd.randint(1, 3))))
    rnd.shuffle(flags)
    return " ".join(words + flags)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(RANDOMS.map(_riichi_text))
def test_format_of_parse_is_canonical_with_riichi_parts(text: str) -> None:
    try:
        hand = parse_hand(text)
    except HandError:
        assume(False)
        return
    canon = format_hand(hand)
    again = parse_hand(canon)
    assert again == hand
    assert format_hand(again) == canon
    assert bin(hand.context.red).count("1") == sum(ch == "0" for ch in canon.split(" dora=")[0].split(" ura=")[0])
    # without its Riichi parts the hand is the hand the plain notation gives
    plain = replace(hand.context, riichi=False, double_riichi=False, ippatsu=False, dora=(), ura=(), red=0)
    stripped = " ".join(w if w[0].islower() else w.replace("0", "5") for w in text.split()
                        if w.split("=")[0] not in ("riichi", "double-riichi", "ippatsu", "dora", "ura"))
    assert parse_hand(stripped) == replace(hand, context=plain)


@pytest.mark.parametrize("text, canon", [
    ("50m234p567s11z333z+5m", "05m234p567s11333z+5m"),
    ("234p567s11z33z[406m]+3z", "234p567s1133z [406m] +3z"),
    ("234p567s11z66m[456m] +0m", "66m234p567s11z [406m] +5m"),
    ("234p567s11z66m[046m] +5m", "66m234p567s11z [406m] +5m"),
    ("234p567s11z66m[046m] +5m ura=4z riichi dora=1m3z", "66m234p567s11z [406m] +5m riichi dora=1m3z ura=4z"),
    ("123m456p789s11z22z+2z dora=0m", "123m456p789s1122z+2z dora=5m"),
    ("123m456p789s11z22z+0s", "123m456p789s1122z+0s"),
])
def test_red_five_is_written_at_its_canonical_place(text: str, canon: str) -> None:
    hand = parse_hand(text)
    assert format_hand(hand) == canon
    assert parse_hand(canon) == hand


@pytest.mark.parametrize("text, words", [
    ("0m0m234p567s11z33z+3z", "second red five"),
    ("123m456p789s11z+0z", "'0z' is not a tile"),
    ("123m456p789s11z+2z ippatsu", "'ippatsu'"),
    ("123m456p789s11z+2z riichi double-riichi", "already a riichi"),
    ("123m456p789s11z+2z dora=", "indicator tiles"),
    ("123m456p789s11z+2z dora=1m2m3m4m5m6m", "at most 5"),
    ("123m456p789s111z+1z dora=1z", "5 copies of 1z"),
    ("123m456p789s11z+2z dora=x", "unknown suit letter"),
])
def test_riichi_notation_errors(text: str, words: str) -> None:
    with pytest.raises(HandError) as info:
        parse_hand(text)
    assert words in str(info.value)


def test_waiting_hand_keeps_red_five_and_flags() -> None:
    w = parse_waiting("340m456p789s11z22z riichi dora=1z")
    assert w.context.red == 1 and w.context.riichi and w.context.dora == (tile_from_text("1z"),)
    assert format_waiting(w) == "340m456p789s1122z riichi dora=1z"
    assert parse_waiting(format_waiting(w)) == w
    assert w.with_win(tile_from_text("2z")).context.red == 1
