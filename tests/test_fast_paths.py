"""The engine's quick paths give exactly what the full paths they shortcut give.

A quick path may decline (and hand the input to the full path) but never disagree: these tests
run both on seeded random hands, on the same hands written in other ways, and on damaged copies
of them, and compare results and error messages.
"""

from __future__ import annotations

import json
import random

import pytest
from examples_atlas import project_atlas
from hands import curated_hands
from mcr_oracle import random_hands

from generator.cli import _dump, score_line, score_line_text
from generator.completion import splits_into_sets
from generator.detectors import View
from generator.detectors.waits import _wait_of
from generator.notation import (
    HandError,
    _parse_hand_fully,
    _parse_waiting_fully,
    format_hand,
    parse_hand,
    parse_keyed,
    parse_waiting,
)
from generator.rulesets import all_rulesets
from generator.scoring import score
from generator.scoring.engine import readings_of
from generator.shapes import Form, Kind, is_seven_pairs
from generator.tiles import NUM_KINDS, counts_of

_CHARS = "0123456789mpszESWNPFCxq[]{}+ =\\t-"


def _outcome(parse: object, text: str) -> object:
    try:
        return parse(text)  # type: ignore[operator]
    except HandError as exc:
        return ("error", str(exc))


def _variants(text: str, rng: random.Random) -> list[str]:
    """The same hand written otherwise (extra spaces, no '+', honour letters) and damaged copies of it."""
    out = [text, "  " + text.replace(" ", "   ") + " ", text.replace("+", ""), text.replace("1z", "E"),
           text.replace("5z", "P").replace("7z", "C"), text.replace(" [", "["),
           # other white space, which the full parser splits words on too; a meld broken by a space
           text.replace(" ", "\t"), text.replace(" ", " \u3000"), text.replace("[", "[ ", 1)]
    for _ in range(6):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars) + 1)
            op = rng.random()
            if op < 0.4 and i < len(chars):
                del chars[i]
            elif op < 0.7 and i < len(chars):
                chars[i] = rng.choice(_CHARS)
            else:
                chars.insert(i, rng.choice(_CHARS))
        out.append("".join(chars))
    return out


def _text_is_key(text: str) -> bool:
    """Whether `parse_keyed` took `text` itself as the hand's key; either way the key is `format_hand`'s."""
    hand, key = parse_keyed(text)
    assert key == format_hand(hand), text
    return key is text


@pytest.mark.parametrize("seed", [1, 2])
def test_quick_parser_agrees_with_the_full_parser(seed: int) -> None:
    rng = random.Random(seed)
    quick = 0
    for hand in random_hands(seed, 1500):
        text = format_hand(hand)
        assert parse_hand(text) == hand
        assert _text_is_key(text), text  # canonical text is seen to be so (these hands have no red fives)
        for variant in _variants(text, rng):
            got = _outcome(parse_hand, variant)
            assert got == _outcome(_parse_hand_fully, variant), variant
            if not isinstance(got, tuple):
                quick += 1
                _text_is_key(variant)
            short = variant.replace("+", " ", 1) if "+" in variant else variant[1:]
            assert _outcome(parse_waiting, short) == _outcome(_parse_waiting_fully, short), short
    assert quick > 1500 * 4  # most variants are hands, so the comparison is not only of errors


def _moved_reds(text: str) -> list[str]:
    """The text with each red five `0` swapped with each plain five of the tile part: the same tiles, the red one
    written elsewhere than the canonical text writes it (or in another suit)."""
    tiles = text.split(" dora")[0]
    out = []
    for i in (i for i, c in enumerate(tiles) if c == "0"):
        for j in (j for j, c in enumerate(tiles) if c == "5"):
            swapped = list(text)
            swapped[i], swapped[j] = "5", "0"
            out.append("".join(swapped))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_quick_parser_agrees_on_riichi_hands(seed: int) -> None:
    """Red fives (in standing tiles, melds and the winning tile), indicators and Riichi's flags, damaged too."""
    from riichi_oracle import riichi_hands  # needs the mahjong package (the test extra)

    rng = random.Random(seed)
    quick = reds = 0
    for text in riichi_hands(seed, 1500):
        reds += "0" in text.split(" dora")[0]
        assert _text_is_key(text) == ("0" not in text.split(" dora")[0]), text  # a red five: the key is written
        for variant in _variants(text, rng) + [text.replace("5m", "0m", 1), text.replace("0", "5", 1)] + _moved_reds(text):
            got = _outcome(parse_hand, variant)
            assert got == _outcome(_parse_hand_fully, variant), variant
            if not isinstance(got, tuple):
                quick += 1
                _text_is_key(variant)
    assert quick > 1500 * 4 and reds > 300


@pytest.mark.parametrize("ruleset_id", sorted(all_rulesets()))
def test_json_text_is_what_the_encoder_writes(ruleset_id: str) -> None:
    rs = all_rulesets()[ruleset_id]
    hands = list(random_hands(3, 400)) + curated_hands()
    written = 0
    for hand in hands:
        text = format_hand(hand)
        assert score_line_text(text, [rs]) == _dump(score_line(text, [rs])), text
        written += score(hand, rs).complete
    assert written > 200  # most hands are complete, so most lines are whole receipts


def test_example_json_text_is_what_json_dumps_writes() -> None:
    examples = project_atlas().examples
    assert len(examples) > 500
    kinds = set()
    for e in examples:
        assert e.json_text() == json.dumps(e.to_json(), ensure_ascii=False), e.hand
        kinds.add(e.kind)
    assert kinds == {"curated", "generated", "near-miss"}


def _completes(standing: list[int], tile: int, pairs: bool) -> bool:
    counts = list(standing)
    counts[tile] += 1
    return splits_into_sets(counts) or (pairs and is_seven_pairs(counts, True))


def test_wait_refusals_agree_with_trying_every_tile() -> None:
    """The wait is judged without the full search where the reading shows a second wait (`waits._shape_of`):
    in a regular reading the winning tile scores a wait exactly when a concealed chow or the pair holds it and
    no other tile, a fifth copy included, completes the standing tiles."""
    rs = all_rulesets()["mcr"]
    counted = refused = 0
    for hand in list(random_hands(4, 1500)) + curated_hands():
        if any(t >= NUM_KINDS for t in hand.concealed):  # a ghost is read by its family first (generator/ghosts.py)
            continue
        win, standing = hand.win_tile, counts_of(hand.concealed)
        alone = not any(_completes(standing, t, not hand.melds) for t in range(NUM_KINDS) if t != win)
        for reading in readings_of(hand, rs):
            if reading.form is not Form.REGULAR:
                continue
            held = any(not s.melded and s.kind in (Kind.CHOW, Kind.PAIR) and s.holds(win) for s in reading.sets)
            found = _wait_of(View(hand, reading)) is not None
            assert found == (held and alone), format_hand(hand)
            counted += found
            refused += held and not alone
    assert counted > 300 and refused > 300  # both answers are common, so each side is tested
