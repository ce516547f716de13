"""A cached example search is reused after a value edit only when every hand it scored reads the same to it."""

from __future__ import annotations

import dataclasses

from generator.examples.generate import SEED, HandStream
from generator.examples.reuse import Facts, facts, recorded_facts, still_holds
from generator.examples.scorer import Scorer
from generator.notation import parse_hand
from generator.rules import Ruleset, all_rulesets


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
    assert still_holds(Scorer({"mcr": _with_value(rs, "full-flush", 25)}), "mcr", recorded)
    # 断幺 2 -> 8: hands of all simples below the 8-fan minimum become legal, which the search reads
    edited = Scorer({"mcr": _with_value(rs, "all-simples", 8)})
    assert not still_holds(edited, "mcr", recorded)
    moved = {c for c, f in recorded.items() if facts(edited(parse_hand(c), "mcr")) != f}
    assert any(not recorded[c][1] and facts(edited(parse_hand(c), "mcr"))[1] for c in moved)
