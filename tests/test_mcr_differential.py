"""Chinese Official (mcr) against PyMahjongGB, an independent build of the reference calculator of
Chinese practice: seeded random hands of every kind, scored by both; totals must agree, and fan
lists must agree up to the names of the one-fan chow pairs that account-once leaves open."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_loop import sample
from mcr_oracle import PAIR_FANS, Comparison, Tally, compare, oracle_arguments, random_hands

from generator.notation import parse_hand
from generator.rulesets import find_ruleset
from generator.scoring import score

pytest.importorskip("MahjongGB")

HANDS = sample(5_000, 1_000)
SEED = 20240601


def test_converter_matches_the_documented_call() -> None:
    # PyMahjongGB's documented call (pymahjonggb): T1..T9 T5 T6 B2 B2, winning T4, self-drawn
    args = oracle_arguments(parse_hand("12345566789s22p+4s tsumo"))
    assert args["pack"] == () and args["winTile"] == "T4" and args["isSelfDrawn"] is True
    want = ["T1", "T2", "T3", "T4", "T5", "T5", "T6", "T6", "T7", "T8", "T9", "B2", "B2"]
    assert sorted(args["hand"]) == sorted(want)
    melded = oracle_arguments(parse_hand("456p5z [123m]{1111s}[777z] +5z seat=S round=W"))
    assert melded["pack"] == (("CHI", "W2", 1), ("GANG", "T1", 0), ("PENG", "J1", 1))
    assert (melded["winTile"], melded["seatWind"], melded["prevalentWind"]) == ("J3", 1, 2)


def test_verdicts() -> None:
    def verdict(engine: dict[str, int], oracle: dict[str, int], totals: tuple[int, int]) -> str:
        return Comparison("h", Counter(engine), Counter(oracle), *totals).verdict

    assert verdict({"a": 1}, {"a": 1}, (8, 8)) == "same"
    assert {"pure-double-chow", "short-straight"} <= PAIR_FANS
    assert verdict({"pure-double-chow": 1, "x": 1}, {"short-straight": 1, "x": 1}, (9, 9)) == "account-once"
    assert verdict({"pure-double-chow": 2}, {"short-straight": 1}, (9, 9)) == "different"
    assert verdict({"x": 1}, {"y": 1}, (9, 9)) == "different"
    assert verdict({"x": 1}, {"x": 1}, (9, 10)) == "different"


def test_engine_agrees_with_pymahjonggb_on_random_hands() -> None:
    rs = find_ruleset("mcr")
    tally = Tally()
    for hand in random_hands(SEED, HANDS):
        tally.add(compare(hand, rs, score))
    print(f"\nmcr vs PyMahjongGB on {HANDS} hands (seed {SEED}): {dict(sorted(tally.counts.items()))}")
    assert sum(tally.counts.values()) == HANDS
    assert tally.counts["different"] == 0, "\n".join(
        f"{c.hand}: engine {c.engine_total} {dict(c.engine)} / PyMahjongGB {c.oracle_total} {dict(c.oracle)}"
        for c in tally.examples)


def test_random_hands_cover_every_form_and_most_fans() -> None:
    rs = find_ruleset("mcr")
    seen: set[str] = set()
    for hand in random_hands(SEED, 2_000):
        seen |= {c.id for c in score(hand, rs).patterns}
    forms = {"seven-pairs", "seven-shifted-pairs", "thirteen-orphans", "greater-honors-and-knitted-tiles",
             "lesser-honors-and-knitted-tiles", "knitted-straight", "nine-gates", "four-kongs", "melded-hand"}
    assert forms <= seen
    assert len(seen) >= 75, sorted({p.id for p in rs.patterns} - seen)
