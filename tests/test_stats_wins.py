"""The win figures: every concealed complete hand with each winning tile it holds, by discard and by self-draw.

The grouping of winning tiles and the orbit shortcut against scoring every win of sample hands one by one, the
nine gates figures against a count by hand, and the stored object."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache
from math import comb, prod

import pytest

from generator import detectors
from generator.detectors import View
from generator.rules import Ruleset
from generator.rulesets import all_rulesets
from generator.scoring import engine
from generator.stats.hands import Orbit, all_orbits, canonical, one_suit_hands
from generator.stats.store import is_current, stats_object, wins_current, wins_fingerprint
from generator.stats.tally import Tally, fixed_tile_lists, hand_of, images, policy_supported
from generator.stats.wins import (
    WAYS,
    Reads,
    WinTally,
    reads_win,
    tally_win_orbit,
    win_reported,
    win_ruleset,
    wins_of,
)
from generator.tiles import NUM_KINDS

RULESETS = sorted(rid for rid, rs in all_rulesets().items() if policy_supported(rs))


def _vec(text: str) -> tuple[int, ...]:
    from generator.notation import parse_hand

    counts = [0] * NUM_KINDS
    for t in parse_hand(text).all_tiles:
        counts[t] += 1
    return tuple(counts)


def _orbit(counts: tuple[int, ...], form: str = "regular") -> Orbit:
    return Orbit(canonical(counts), len(images(counts)), form, quads=form == "seven-pairs" and 4 in counts)


SPECIAL = [
    ("11123456789999m", "regular"),  # nine gates: only the ninth 9 on the wait
    ("11122233344455m", "regular"),  # pungs that are also chows: a discard may or may not expose one
    ("111m222p333s44455z", "regular"),  # four pungs: four concealed pungs on a self-draw only, bar the pair
    ("123m456p789s11122z", "regular"),  # edge, closed waits and a pung of honours
    ("223344666888s66z", "regular"),  # all green in one hand of the orbit (a fixed tile list)
    ("66777788889999m", "regular"),  # readings that tie for the best total with different patterns
    ("22266677889999m", "regular"),
    ("11223344556677s", "regular"),  # seven pairs that are also sets and a pair
    ("1122m3344p5566s11z", "seven-pairs"),
]


@cache
def _sample() -> list[Orbit]:
    """Small orbits spread over the enumeration, the special cases, and a few of the knitted forms and orphans."""
    spread, tail = [], []
    for i, o in enumerate(all_orbits()):
        if o.form in ("thirteen-orphans", "knitted"):
            tail.append(o)
        elif i % 97_003 == 0 and o.size <= 36:
            spread.append(o)
    return spread + special() + tail[:2] + tail[-2:]


def special() -> list[Orbit]:
    """The orbits of the SPECIAL hands."""
    return [_orbit(_vec(text), form) for text, form in SPECIAL]


def _one_by_one(orbit: Orbit, rs: Ruleset) -> dict[str, tuple[Counter[str], Counter[str], int, int]]:
    """Per way of winning: shown (any reading, every detector run), counted (the engine's score) and weighted
    shown, over every hand of the orbit and every winning tile it holds; and the wins and their weight."""
    ids = set(win_reported(rs))
    patterns = [p for p in rs.patterns if p.id in ids]
    out = {}
    for tsumo, way in zip((False, True), WAYS):
        shown: Counter[str] = Counter()
        weighted: Counter[str] = Counter()
        wins = weight = 0
        for h in images(orbit.counts):
            for t in range(NUM_KINDS):
                if not h[t]:
                    continue
                hand = hand_of(h, t, tsumo)
                found = engine.readings_of(hand, rs)
                if not found:
                    continue
                wins += 1
                weight += orbit.weight * h[t]
                seen = {p.id for r in found for p in patterns if detectors.run(p.detect, View(hand, r), p.params)}
                shown.update(seen)
                weighted.update({pid: orbit.weight * h[t] for pid in seen})
        out[way] = (shown, weighted, wins, weight)
    return out


def _counted_one_by_one(orbit: Orbit, rs: Ruleset, tsumo: bool) -> Counter[str]:
    ids = set(win_reported(rs))
    counted: Counter[str] = Counter()
    for h in images(orbit.counts):
        for t in (t for t in range(NUM_KINDS) if h[t]):
            hand = hand_of(h, t, tsumo)
            if engine.readings_of(hand, rs):
                counted.update({c.id for c in engine.score(hand, rs).patterns} & ids)
    return counted


def _tally(orbits: list[Orbit], loaded: Ruleset) -> WinTally:
    rs, reads = win_ruleset(loaded), Reads.of(loaded)
    tally = WinTally.empty()
    lists = fixed_tile_lists(rs)
    for orbit in orbits:
        tally_win_orbit(orbit, rs, reads, lists, tally)
    return tally


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_grouped_wins_equal_scoring_every_win(ruleset_id: str) -> None:
    loaded = all_rulesets()[ruleset_id]
    rs = win_ruleset(loaded)
    ids = set(win_reported(rs))
    for orbit in _sample():
        tally = _tally([orbit], loaded)
        brute = _one_by_one(orbit, rs)
        for tsumo, way in zip((False, True), WAYS):
            t = tally.ways[way]
            shown, weighted, wins, weight = brute[way]
            assert (t.hands, t.weight) == (wins, weight), (orbit, way)
            assert {k: v[0] for k, v in t.shown.items() if k in ids} == dict(shown), (orbit, way)
            assert {k: v[1] for k, v in t.shown.items() if k in ids} == dict(weighted), (orbit, way)
            assert {k: v[0] for k, v in t.counted.items() if k in ids} == dict(
                _counted_one_by_one(orbit, rs, tsumo)), (orbit, way)


def test_the_sample_reaches_the_cases_that_matter() -> None:
    """The sample holds wins of every kind the grouping treats apart, so the test above can fail."""
    tally = _tally(_sample(), all_rulesets()["mcr"])
    for way in WAYS:
        shown = tally.ways[way].shown
        assert {"edge-wait", "closed-wait", "single-wait", "nine-gates", "two-concealed-pungs",
                "three-concealed-pungs", "four-concealed-pungs"} <= shown.keys(), way
    # a discard breaks a pung the self-draw keeps: four concealed pungs is rarer on a discard
    assert tally.ways["discard"].shown["four-concealed-pungs"][0] < tally.ways["self_drawn"].shown[
        "four-concealed-pungs"][0]


# ----------------------------------------------------------------------------- nine gates, counted by hand


def _nine_gates_orbits() -> list[Orbit]:
    """1112345678999 of one suit plus one more tile of it: nine hands per suit, nine orbits of three hands."""
    out = []
    for extra in range(9):
        counts = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * (NUM_KINDS - 9)
        counts[extra] += 1
        out.append(_orbit(tuple(counts)))
    return out


def _weight(counts: list[int] | tuple[int, ...]) -> int:
    return prod(comb(4, c) for c in counts)


def test_nine_gates_wins_are_the_ninth_tile_on_a_discard_and_any_tile_self_drawn_in_sihai() -> None:
    orbits = _nine_gates_orbits()
    assert all(o.size == 3 for o in orbits)
    by_hand = []  # (hand weight, copies of the extra tile, kinds held) of the nine hands of one suit
    for extra in range(9):
        counts = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        counts[extra] += 1
        by_hand.append((_weight(counts), counts[extra], counts))
    on_the_wait = 3 * sum(w * copies for w, copies, _c in by_hand)  # the extra tile alone wins it
    any_tile = 3 * sum(w * 14 for w, _copies, _c in by_hand)  # every tile of the hand, by its copies
    checked = []
    for rid in RULESETS:  # every rule set the statistics cover whose nine gates reads the winning tile
        rs = all_rulesets()[rid]
        pid = next((p.id for p in rs.patterns if p.detect == "nine_gates" and reads_win(p)), None)
        if pid is None:
            continue
        checked.append(rid)
        tally = _tally(orbits, rs)
        assert tally.ways["discard"].shown[pid] == [27, on_the_wait], rid
        self_drawn = [243, any_tile] if rid == "sihai-3.1" else [27, on_the_wait]
        assert tally.ways["self_drawn"].shown[pid] == self_drawn, rid
        assert tally.ways["discard"].hands == 3 * 9 * 9  # nine hands a suit, nine tile kinds each
    assert {"mcr", "mcr-2006", "zj-2.4", "zj-3.3", "sihai-3.1"} <= set(checked)


def test_wins_per_hand_are_its_kinds() -> None:
    """One suit's 13,259 hands: the wins counted by a search of every winning tile of every hand, against the
    tally's count (which groups tiles and never scores most of them)."""
    hands = one_suit_hands()
    searched = sum(1 for h in hands for t in range(9) if h[t])
    assert searched == sum(wins_of(h) for h in hands)
    zj = all_rulesets()["zj-2.4"]
    orbits = [_orbit(h + (0,) * (NUM_KINDS - 9)) for h in hands[::211]]
    tally = _tally(orbits, zj)
    expected = sum(o.size * sum(1 for c in o.counts if c) for o in orbits)
    assert tally.ways["discard"].hands == tally.ways["self_drawn"].hands == expected
    assert tally.ways["discard"].weight == sum(o.size * o.weight * 14 for o in orbits)


# ----------------------------------------------------------------------------- the stored object


def test_wins_object_and_its_fingerprint() -> None:
    rs = all_rulesets()["mcr"]
    wins = _tally(_nine_gates_orbits() + _sample()[-6:], rs)
    obj = stats_object(rs, Tally(), wins)
    stored = obj["wins"]
    assert set(stored["patterns"]) == set(win_reported(rs)) and "edge-wait" in stored["patterns"]
    assert stored["patterns"]["nine-gates"]["discard"]["hands_shown"] == 27
    assert stored["wins"] == wins.ways["discard"].hands and stored["weight"] == wins.ways["self_drawn"].weight
    assert wins_current(obj, rs) is True and is_current(obj, rs)
    changed = replace(rs, patterns=tuple(replace(p, value=p.value + 1) if p.id == "edge-wait" else p
                                         for p in rs.patterns))
    assert wins_fingerprint(changed) != wins_fingerprint(rs)
    assert wins_current(obj, changed) is False and not is_current(obj, changed)
    assert wins_current(stats_object(rs, Tally()), rs) is None
