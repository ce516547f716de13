"""The stored matrix answers (content/matrix/, `mahjong-atlas matrix`) against the engine: every witness
re-scores to its claim, no hand of the seeded streams or of Hypothesis contradicts a `never`, `excludes` or
`below-minimum`, the rule books' well-known cases, and the whole procedure on a reduced space."""

from __future__ import annotations

from functools import cache
from itertools import combinations, islice
from random import Random

import pytest
from hand_strategies import hand_texts, random_hand_text
from hypothesis import HealthCheck, given, seed, settings

from generator.hand import Hand
from generator.hand_stream import HandStream
from generator.notation import HandError, parse_hand
from generator.pairs.decide import STATUSES, Answer, apart_of
from generator.pairs.exhaust import kept_witness
from generator.pairs.run import _decide
from generator.pairs.store import read_answers, stored_answers
from generator.pairs.walk import divisions, walk, walked
from generator.rules import Ruleset
from generator.rulesets import all_rulesets
from generator.scoring import engine
from generator.scoring.families import policy_of
from generator.scoring.result import Score
from generator.stats.hands import Orbit, one_suit_hands
from generator.stats.tally import hand_of, images
from generator.tiles import NUM_KINDS, counts_of

RULESETS = {rid: rs for rid, rs in all_rulesets().items() if walked(rs)}
APART = ("never", "excludes", "below-minimum")


@cache
def _pairs(rid: str) -> dict[tuple[str, str], tuple[str, str | None, str | None, str]]:
    stored = stored_answers(RULESETS[rid])
    assert stored is not None and stored.current, f"content/matrix/{rid}.json is stale: run mahjong-atlas matrix"
    return stored.pairs


@cache
def _score(text: str, rid: str) -> Score:
    return engine.score(parse_hand(text), RULESETS[rid])


def _shown(s: Score) -> set[str]:
    return {c.id for c in s.patterns} | {e.id for e in s.excluded}


def test_every_rule_set_has_an_answer_for_every_pair() -> None:
    for rid, rs in RULESETS.items():
        obj = read_answers(rid)
        ids = [p.id for p in rs.patterns]
        assert [(x["a"], x["b"]) for x in obj["pairs"]] == list(combinations(ids, 2)), rid
        assert all(x["status"] in STATUSES and x["reason"] for x in obj["pairs"]), rid
        assert obj["answers"] == {s: sum(1 for x in obj["pairs"] if x["status"] == s) for s in STATUSES}


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_every_witness_rescores_to_its_claim(rid: str) -> None:
    for (a, b), (status, witness, by, _reason) in _pairs(rid).items():
        if witness is None:
            assert status not in ("both", "below-minimum"), (rid, a, b)
            continue
        s = _score(witness, rid)
        counted = {c.id for c in s.patterns}
        assert s.complete and policy_of(RULESETS[rid].policy).problem(parse_hand(witness)) is None, (rid, witness)
        if status == "both":
            assert s.legal and {a, b} <= counted, (rid, a, b, witness)
        elif status == "below-minimum":
            assert not s.legal and {a, b} <= counted, (rid, a, b, witness)
        elif status == "excludes":  # one dropped and `by` counted, or (no `by`) both dropped by a third pattern
            assert {a, b} <= _shown(s) and not {a, b} <= counted, (rid, a, b, witness)
            assert by in counted if by is not None else not {a, b} & counted, (rid, a, b, witness)


def _contradictions(hand: Hand) -> list[str]:
    out = []
    for rid, rs in RULESETS.items():
        s = engine.score(hand, rs)
        if not s.complete or policy_of(rs.policy).problem(hand) is not None:
            continue
        counted = sorted({c.id for c in s.patterns})
        pairs = _pairs(rid)
        order = {p.id: i for i, p in enumerate(rs.patterns)}
        for x, y in combinations(counted, 2):
            key = (x, y) if order[x] < order[y] else (y, x)
            status = pairs[key][0]
            if status in ("never", "excludes") or (status == "below-minimum" and s.legal):
                out.append(f"{rid}: {key} is {status}, but {s.hand} counts both")
        for x, y in combinations(sorted(_shown(s)), 2):
            key = (x, y) if order[x] < order[y] else (y, x)
            if pairs[key][0] == "never":
                out.append(f"{rid}: {key} is never, but {s.hand} shows both")
    return out


def test_no_hand_of_the_example_stream_contradicts_an_answer() -> None:
    stream = HandStream(4)
    bad = [c for i in range(1000) for c in _contradictions(stream[i])]
    assert not bad, bad[:10]


def test_no_seeded_hand_contradicts_an_answer() -> None:
    rnd = Random(1905)
    bad = []
    for _ in range(1000):
        try:
            bad += _contradictions(parse_hand(random_hand_text(rnd)))
        except HandError:
            continue
    assert not bad, bad[:10]


@seed(1906)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(hand_texts())
def test_no_hand_contradicts_an_answer(text: str) -> None:
    try:
        hand = parse_hand(text)
    except HandError:
        return
    assert not _contradictions(hand)


def test_a_policy_that_keeps_two_patterns_apart_never_counts_both() -> None:
    """`Policy.kept_apart`, the argument behind `excludes`, tried on the example stream: no hand counts both."""
    stream = HandStream(5)
    tried = 0
    for i in range(1500):
        for rs in RULESETS.values():
            s = engine.score(stream[i], rs)
            counted = [c.id for c in s.patterns]
            for x, y in combinations(counted, 2):
                assert policy_of(rs.policy).kept_apart(rs, x, y) is None, (rs.id, x, y, s.hand)
                tried += 1
    assert tried > 10_000


def test_a_pattern_that_always_drops_another_leaves_it_uncounted() -> None:
    """`Policy.drops_always`, the argument behind a third pattern's `excludes`, tried on the example stream and
    seeded hands: where `c` shows on the reading scored, `x` does not count."""
    stream = HandStream(6)
    rnd = Random(1907)
    hands = [stream[i] for i in range(800)] + [h for h in (_parsed(random_hand_text(rnd)) for _ in range(800)) if h]
    tried = 0
    for rs in RULESETS.values():
        always = {(c.id, x.id) for c in rs.patterns for x in rs.patterns
                  if c is not x and policy_of(rs.policy).drops_always(rs, c.id, x.id)}
        assert always, rs.id
        for hand in hands:
            s = engine.score(hand, rs)
            if not s.complete:
                continue
            counted = {c.id for c in s.patterns}
            for c in _shown(s):
                for x in counted:
                    assert (c, x) not in always, (rs.id, c, x, s.hand)
                    tried += 1
    assert tried > 10_000


def test_a_third_pattern_the_two_force_drops_them() -> None:
    """Two concealed kongs and a claimed one are three kongs, which drops both; a concealed hand of four kongs has
    four concealed pungs, which drop the concealed hand: the argument, and a hand the engine scores that way."""
    rs = RULESETS["mcr"]
    both = apart_of(rs, ("two-concealed-kongs", "melded-kong"))
    assert both is not None and both.keep is None and "Three Kongs" in both.rule
    one = apart_of(rs, ("four-kongs", "concealed-hand"))
    assert one is not None and (one.keep, one.drop) == ("four-kongs", "concealed-hand")
    s = _score("456m2p {1111m} {3333p} [5555s] +2p tsumo", "mcr")
    assert {"three-kongs"} <= {c.id for c in s.patterns}
    assert {"two-concealed-kongs", "melded-kong"} <= {e.id for e in s.excluded}
    s = _score("2p {1111m} {3333p} {5555s} {7777s} +2p", "mcr")
    assert "four-kongs" in {c.id for c in s.patterns} and "concealed-hand" in {e.id for e in s.excluded}
    assert apart_of(rs, ("pure-straight", "all-chows")) is None


def test_an_excludes_witness_that_counts_neither_is_bettered_where_the_kept_one_can_stay() -> None:
    """Big Four Winds sets Riichi aside; on a concealed big four winds won on a discard of its pair Four Concealed
    Pungs also shows, and sets Big Four Winds aside in turn: a witness that counts neither. The situations of the
    division (a discard won on one of the wind pungs breaks four concealed pungs) give one where Big Four Winds
    stays."""
    rs = RULESETS["riichi-ema-2016"]
    pair = ("riichi", "big-four-winds")
    neither = "1m111222333444z+1m riichi"
    s = _score(neither, rs.id)
    assert not set(pair) & {c.id for c in s.patterns} and set(pair) <= _shown(s)
    apart = apart_of(rs, pair)
    assert apart is not None and apart.keep == "big-four-winds"
    answer = Answer(*pair, "excludes", neither, None, apart.rule)
    counts = counts_of(parse_hand("1m111222333444z+1m").closed_tiles)
    hand = hand_of(tuple(counts))
    d = next(i for i, r in enumerate(divisions(hand)) if len(r.sets) == 5)  # the four pungs and the pair
    better = kept_witness(rs, answer, [(0, bytes(counts), d)], apart)
    assert better.by == "big-four-winds" and better.reason == apart.rule and better.witness is not None
    s = _score(better.witness, rs.id)
    assert "big-four-winds" in {c.id for c in s.patterns} and "riichi" in {e.id for e in s.excluded}
    assert kept_witness(rs, better, [(0, bytes(counts), d)], apart) is better  # a witness with `by` stays


def _parsed(text: str) -> Hand | None:
    try:
        return parse_hand(text)
    except HandError:
        return None


def test_the_rule_books_cases() -> None:
    assert _pairs("mcr")[("seven-pairs", "all-pungs")][0] == "never"
    assert _pairs("mcr")[("pure-straight", "short-straight")][:3:2] == ("excludes", "pure-straight")
    assert _pairs("mcr")[("all-chows", "no-honors")][:3:2] == ("excludes", "all-chows")
    assert _pairs("zj-2.4")[("small-three-dragons", "big-three-dragons")][0] == "never"
    assert _pairs("riichi")[("riichi", "double-riichi")][0] in ("excludes", "never")


def test_the_whole_procedure_on_one_suit() -> None:
    """Walk, witness search and decision on the orbits of one suit's hands and a short stream: every answer is
    backed, in seconds."""
    rs: Ruleset = RULESETS["zj-2.4"]
    orbits = [Orbit(c, len(images(c)), "regular") for h in islice(one_suit_hands(), 0, None, 40)
              for c in [h + (0,) * (NUM_KINDS - 9)]]
    s = walk([rs], orbits)["zj-2.4"]
    _rid, answers, scored = _decide((rs, s, 0))  # no stream: every hand searched stays in the space walked
    assert scored > 0 and len(answers) == len(rs.patterns) * (len(rs.patterns) - 1) // 2
    by_status = {st: [x for x in answers if x.status == st] for st in STATUSES}
    assert by_status["both"] and by_status["never"] and by_status["excludes"]
    for x in by_status["both"]:
        got = _score(x.witness, "zj-2.4")
        assert got.legal and {x.a, x.b} <= {c.id for c in got.patterns}
    assert all(x.reason for x in answers)
