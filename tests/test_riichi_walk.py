"""Riichi's walk over a reading's sets (generator/scoring/riichi_walk.py) finds what the detectors find.

The walk answers for the common detectors the Riichi rule sets use, so that a Riichi reading is scored without a
`View`, gates or a call per detector; the rule data still says which patterns there are. These tests hold it to
the common way (`common.detect`, gated, with an open hand skipping the patterns it cannot count) on seeded hands
of every form, melds, kongs and flags, under every Riichi rule set; and check that a pattern whose detector the
walk does not know is still found, through the detectors.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_loop import sample
from hands import curated_hands
from mcr_oracle import random_hands
from riichi_oracle import riichi_hands

from generator.detectors import View
from generator.hand import Hand
from generator.notation import format_hand, parse_hand
from generator.rules import Ruleset
from generator.rulesets import all_rulesets, find_ruleset
from generator.scoring.common import detect
from generator.scoring.engine import readings_of
from generator.scoring.riichi import prepare, problem
from generator.scoring.riichi_reading import hand_yaku, plan_of
from generator.scoring.riichi_walk import found_in

SEED = 20261206
RIICHI = sorted(rid for rid, rs in all_rulesets().items() if rs.policy == "riichi")


def _hands() -> list[Hand]:
    texts = riichi_hands(SEED, sample(3000, 600))
    hands = [parse_hand(t) for t in texts] + list(random_hands(SEED, sample(2000, 400))) + curated_hands()
    return [prepare(h) for h in hands if problem(h) is None]


def _walked_and_detected(hand: Hand, rs: Ruleset) -> list[tuple[dict, dict]]:
    """Per reading of `hand`: what the walk finds, and what the common detectors find among the patterns the
    hand can count (an open hand: not those worth nothing open)."""
    found = readings_of(hand, rs)
    if not found:  # the policy scores the readings of a complete hand only
        return []
    facts = hand_yaku(hand, rs)
    wanted = [p for p in rs.patterns if facts.closed or p.open_value != 0]
    return [(found_in(reading, facts), detect(View(hand, reading), wanted).found) for reading in found]


@pytest.mark.parametrize("ruleset_id", RIICHI)
def test_the_walk_finds_what_the_detectors_find(ruleset_id: str) -> None:
    rs = find_ruleset(ruleset_id)
    readings = shown = 0
    for hand in _hands():
        for walked, detected in _walked_and_detected(hand, rs):
            assert walked == detected, f"{format_hand(hand)} under {rs.id}"
            assert list(walked) == list(detected), "in the rule set's order"
            readings += 1
            shown += len(walked)
    assert readings > sample(3000, 600)
    assert shown > readings, "the hands show patterns"


@pytest.mark.parametrize("ruleset_id", RIICHI)
def test_the_walk_knows_every_detector_of_the_riichi_rule_sets(ruleset_id: str) -> None:
    """The shipped rule sets never fall back to the detectors: the walk is what scores them."""
    plan = plan_of(find_ruleset(ruleset_id))
    assert plan.closed_walk.others == () and plan.open_walk.others == ()


def test_a_pattern_the_walk_does_not_know_is_found_by_its_detector() -> None:
    """A rule variant with patterns of detectors the walk does not know (or knows with other parameters): they
    go through the common detectors, and the walk's answer still equals theirs."""
    rs = find_ruleset("riichi")
    mcr = find_ruleset("mcr")
    extra = tuple(replace(p, id=f"extra-{p.id}", open_value=None, excludes=())
                  for p in mcr.patterns if p.detect in ("shifted_chows", "terminal_pung", "kongs", "mixed_pungs"))
    assert extra
    variant = replace(rs, id="riichi-variant", patterns=rs.patterns + extra)
    assert plan_of(variant).closed_walk.others
    readings = 0
    for hand in _hands()[: sample(1500, 300)]:
        for walked, detected in _walked_and_detected(hand, variant):
            assert walked == detected, format_hand(hand)
            assert list(walked) == list(detected)
            readings += 1
    assert readings
