"""The machinery under the examples: the seeded hand stream, one-change neighbours, and the error a
pattern with no possible example raises."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generator.examples.collect import collect
from generator.examples.neighbours import neighbours, pair_steps
from generator.examples.search import SearchError
from generator.hand_stream import SEED, HandStream
from generator.notation import format_hand, parse_hand
from generator.rulesets import load_rulesets


def test_the_stream_is_seeded_and_its_hands_round_trip() -> None:
    a, b = HandStream(SEED), HandStream(SEED)
    hands = [a[i] for i in range(2000)]
    assert hands == [b[i] for i in range(2000)]
    assert len(set(hands)) == len(hands)
    for h in hands:
        assert parse_hand(format_hand(h)) == h, format_hand(h)
    kinds = Counter("melds" if h.melds else "closed" for h in hands)
    assert kinds["melds"] > 200 and kinds["closed"] > 200


def test_a_resumed_stream_continues_as_a_fresh_one() -> None:
    """What the build cache relies on: a stream resumed from a stored state yields what a fresh one would."""
    first = HandStream(SEED)
    first[299]
    resumed, fresh = HandStream(SEED), HandStream(SEED)
    resumed.resume(first.state())
    assert len(resumed) == 300
    assert [resumed[i] for i in range(600)] == [fresh[i] for i in range(600)]


@pytest.mark.parametrize("text", ["123m456p789s234m5s+5s", "11m [555p] {7777s} [123m] 99p+9p tsumo after-kong",
                                  "123m456p78s11z [555p] +9s robbing-kong seat=S"])
def test_neighbours_change_one_thing_and_are_valid_hands(text: str) -> None:
    hand = parse_hand(text)
    steps = neighbours(hand)
    assert steps and len({s.hand for s in steps}) == len(steps)
    for s in steps + pair_steps(hand):
        assert parse_hand(format_hand(s.hand)) == s.hand, s.text
        before, after = Counter(hand.all_tiles), Counter(s.hand.all_tiles)
        moved = (sum((before - after).values()), sum((after - before).values()))
        if s.kind == "tile":
            assert moved == (1, 1) and s.old is not None and s.new is not None
            assert (before - after) == Counter([s.old]) and (after - before) == Counter([s.new])
        elif s.kind == "pair":
            assert moved == (2, 2)
        elif s.kind == "context":
            assert moved == (0, 0) and s.hand.melds == hand.melds
        else:
            assert moved in ((0, 0), (1, 0), (0, 1)), s.text  # a kong played as a pung has one tile fewer


TOY = '''[ruleset]
id = "toy"
name = "Toy"
zh = "玩具"
edition = "1"
policy = "series"
unit = "points"
source = "test"
forms = ["regular"]

[[pattern]]
id = "plain"
zh = "平"
en = "Plain"
value = 1
group = "a"
detect = { name = "all_chows" }
source = "s"
provenance = "source"
definition = "Four chows."

[[pattern]]
id = "four-dragons"
zh = "四元"
en = "Four Dragons"
value = 5
group = "b"
detect = { name = "honor_sets", family = "dragons", pungs = 3, pair = true }
source = "s"
provenance = "source"
definition = "Three dragon pungs and a dragon pair: there are only three dragons."
'''


def test_a_pattern_without_any_example_stops_the_build_with_its_name(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "rulesets").mkdir(parents=True)
    (content / "rulesets" / "toy.toml").write_text(TOY, encoding="utf-8")
    with pytest.raises(SearchError, match=r"toy/four-dragons \(四元 Four Dragons\).*toy.toml:22"):
        collect(load_rulesets(content), content)
