"""A cached example search is reused after a value edit only when every hand it scored reads the same to it."""

from __future__ import annotations

import dataclasses

import pytest
from mcr_oracle import random_hands

from generator.examples.reuse import (
    Facts,
    _named,
    facts,
    pattern_values,
    recorded_facts,
    scores_still_held,
    still_holds,
)
from generator.examples.scorer import Scorer
from generator.examples.search import Probe
from generator.hand_stream import SEED, HandStream
from generator.notation import format_hand, parse_hand
from generator.rules import Ruleset
from generator.rulesets import all_rulesets
from generator.scoring import score
from generator.scoring.engine import prepared


def _with_value(rs: Ruleset, pid: str, value: int) -> Ruleset:
    return dataclasses.replace(rs, patterns=tuple(dataclasses.replace(p, value=value) if p.id == pid else p
                                                  for p in rs.patterns))


def _recorded(rs: Ruleset, n: int) -> dict[str, Facts]:
    scorer = Scorer({rs.id: rs})
    stream = HandStream(SEED)
    for i in range(n):
        scorer(stream[i], rs.id)
    return recorded_facts(scorer, rs.id)


def test_facts_leave_out_the_total() -> None:
    rs = all_rulesets()["mcr"]
    hand = HandStream(SEED)[0]
    before = Scorer({"mcr": rs})(hand, "mcr")
    counted = before.patterns[0].id
    after = Scorer({"mcr": _with_value(rs, counted, before.patterns[0].value + 1)})(hand, "mcr")
    assert after.total == before.total + before.patterns[0].count
    assert facts(after) == facts(before)


def test_a_value_edit_that_moves_no_fact_keeps_the_search_and_one_that_moves_legality_does_not() -> None:
    rs = all_rulesets()["mcr"]
    recorded = _recorded(rs, 400)
    assert len(recorded) == 400
    # 清一色 24 -> 25: every hand that shows it was legal and stays so; no reading changes places
    assert still_holds(Scorer({"mcr": _with_value(rs, "full-flush", 25)}), "mcr", recorded, {"full-flush"})
    # 断幺 2 -> 8: hands of all simples below the 8-fan minimum become legal, which the search reads
    edited = Scorer({"mcr": _with_value(rs, "all-simples", 8)})
    assert not still_holds(edited, "mcr", recorded, {"all-simples"})
    moved = {c for c, f in recorded.items() if facts(edited(parse_hand(c), "mcr")) != f}
    assert any(not recorded[c][1] and facts(edited(parse_hand(c), "mcr"))[1] for c in moved)


EDGES = ["123m456s46p99s [555p] +5p",  # MCR assumes last-copy: the winner's melds show the other three 5p
         "33s33z [456p] [444m] [234p] +3s",  # MCR's chicken hand, which the policy places
         "11m45555777p [333p] +6p"]  # Zung Jung's chicken hand


@pytest.mark.parametrize("rid", sorted(all_rulesets()))
def test_the_value_of_a_pattern_that_does_not_fire_never_moves_a_score(rid: str) -> None:
    """What lets the check skip hands: a value enters a score only through patterns that fire on the hand as the
    policy prepares it (mcr_oracle's hands carry every win flag, impossible ones included). Every pattern that
    does not fire is raised by 7 at once, which must leave each score exactly as it was (the build's stored scores
    are kept on the same claim, `scores_still_held`)."""
    rs = all_rulesets()[rid]
    named = _named(rs.options)
    probe = Probe(rs)
    checked = 0
    for hand in [parse_hand(text) for text in EDGES] + list(random_hands(11, 150)):
        if not Scorer({rid: rs}).complete(hand, rid):
            continue
        quiet = {p.id for p in rs.patterns} - probe.fires(prepared(hand, rs), list(rs.patterns)) - named
        raised = dataclasses.replace(rs, patterns=tuple(dataclasses.replace(p, value=p.value + 7) if p.id in quiet
                                                        else p for p in rs.patterns))
        assert score(hand, raised) == score(hand, rs), format_hand(hand)  # every field: kept scores are printed
        checked += 1
    assert checked > 50


def test_stored_scores_are_kept_after_a_value_edit_only_for_hands_the_edit_cannot_reach() -> None:
    rs = all_rulesets()["mcr"]
    stream = HandStream(SEED)
    stored = {hand: score(hand, rs) for hand in (stream[i] for i in range(400))}
    assert scores_still_held(rs, pattern_values(rs), stored) == stored  # the values they were made under
    edited = _with_value(rs, "full-flush", 25)
    fresh = {hand: score(hand, edited) for hand in stored}
    kept = scores_still_held(edited, pattern_values(rs), stored)
    moved = {hand for hand in stored if fresh[hand] != stored[hand]}
    assert len(moved) > 20 and not moved & set(kept)  # every hand whose score the edit moves is scored again
    assert len(kept) > 300 and all(kept[hand] == fresh[hand] for hand in kept)
    # 一色三同顺 is named by MCR's options (a policy rule places it): its value may tip any hand's reading
    assert scores_still_held(_with_value(rs, "pure-triple-chow", 25), pattern_values(rs), stored) == {}
