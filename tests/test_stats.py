"""The statistics: the enumerator against published counts, the orbit shortcut against scoring every hand,
the tile-only classification against changes of the win context, and the stored file."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from functools import cache

import pytest

from generator import detectors
from generator.detectors import View
from generator.hand import WinContext
from generator.notation import parse_hand
from generator.rulesets import all_rulesets
from generator.scoring import engine
from generator.shapes import decompositions
from generator.stats.hands import (
    Orbit,
    all_orbits,
    canonical,
    knitted_hands,
    one_suit_hands,
    regular_orbits,
    seven_pairs_orbits,
)
from generator.stats.run import Universe
from generator.stats.store import fingerprint, frequency_text, is_current, stats_object
from generator.stats.tally import (
    Tally,
    fixed_tile_lists,
    hand_of,
    images,
    policy_supported,
    reported,
    tally_orbit,
    tile_only,
    tile_ruleset,
)
from generator.tiles import NUM_KINDS

RULESETS = sorted(rid for rid, rs in all_rulesets().items() if policy_supported(rs))


# ----------------------------------------------------------------------------- the enumerator


def test_13259_one_suit_hands_match_a_search_of_every_vector() -> None:
    def vectors(i: int, left: int) -> itertools.chain:
        if i == 9:
            return iter([()] if left == 0 else [])
        return itertools.chain.from_iterable(
            ((c,) + rest for rest in vectors(i + 1, left - c)) for c in range(min(4, left) + 1))

    searched = {v for v in vectors(0, 14) if decompositions(v + (0,) * (NUM_KINDS - 9))}
    assert len(searched) == 13_259
    assert set(one_suit_hands()) == searched


def test_published_counts_of_complete_hands() -> None:
    regular = sum(o.size for o in regular_orbits())
    distinct_pairs = sum(o.size for o in seven_pairs_orbits(quads=False))
    assert regular == 11_498_658
    assert regular + distinct_pairs + 13 == 16_873_619


def test_published_weighted_counts_of_complete_hands() -> None:
    """Every orbit of every form, weighted by physical tiles, against the published totals (the figures are the
    project's own copy in generator/stats/run.py; the literals here are the sources' numbers)."""
    universe = Universe()
    for orbit in all_orbits():
        universe.add(orbit)
    weights = universe.weights()
    assert weights == {"regular": 11_353_128_141_498, "seven distinct pairs": 1_505_948_184_576,
                       "thirteen orphans": 1_308_622_848, "riichi": 12_859_078_207_674, "mcr": 13_257_769_189_488}
    assert universe.weight["overlap"] == 1_306_741_248  # four sets and a pair that are seven different pairs too
    assert not universe.problems()


def test_orbits_are_their_hands_images() -> None:
    for orbit in _sample():
        hands = images(orbit.counts)
        assert len(hands) == orbit.size, orbit
        assert {canonical(h) for h in hands} == {orbit.counts}
        assert sum(orbit.counts) == 14 and max(orbit.counts) <= 4


def test_knitted_hands_are_complete_only_in_knitted_forms() -> None:
    hands = knitted_hands()
    assert len(hands) > 720  # the 720 honours-and-knitted hands, and knitted straights with a set and a pair
    mcr = all_rulesets()["mcr"]
    zj = all_rulesets()["zj-2.4"]
    for h in sorted(hands)[::50]:
        assert engine.readings_of(hand_of(h), mcr)
        assert not engine.readings_of(hand_of(h), zj)


# ----------------------------------------------------------------------------- the orbit shortcut


def _one_by_one(orbit: Orbit, rs) -> tuple[Counter, Counter]:
    """Shown (any reading, every detector run) and counted (the engine's score) over every hand of the orbit."""
    shown: Counter[str] = Counter()
    counted: Counter[str] = Counter()
    patterns = [p for p in rs.patterns if p.id in set(reported(rs))]
    for h in images(orbit.counts):
        hand = hand_of(h)
        found = engine.readings_of(hand, rs)
        if not found:
            continue
        shown.update({p.id for r in found for p in patterns if detectors.run(p.detect, View(hand, r), p.params)})
        counted.update({c.id for c in engine.score(hand, rs).patterns} & set(reported(rs)))
    return shown, counted


def _orbit(counts: tuple[int, ...], form: str = "regular") -> Orbit:
    return Orbit(canonical(counts), len(images(counts)), form)


def _vec(text: str) -> tuple[int, ...]:
    counts = [0] * NUM_KINDS
    for t in parse_hand(text).all_tiles:
        counts[t] += 1
    return tuple(counts)


SPECIAL = [
    "223344666888s66z",  # all green in one hand of the orbit
    "123345888p456s55z",  # reversible tiles in one hand of the orbit
    "66777788889999m",  # readings that tie for the best total with different patterns (Sihai)
    "22266677889999m",  # the same under MCR
    "111222333m456m99s",
    "11223344556677s",  # seven pairs that are also sets and a pair
]


@cache
def _sample() -> list[Orbit]:
    """Orbits spread over the enumeration (small ones, so every hand can be scored), the special cases, and the
    last orbits (thirteen orphans and the knitted forms)."""
    spread, tail = [], []
    for i, o in enumerate(all_orbits()):
        if o.form in ("thirteen-orphans", "knitted"):
            tail.append(o)
        elif i % 30_011 == 0 and o.size <= 150:
            spread.append(o)
    return spread + [_orbit(_vec(text)) for text in SPECIAL] + tail[:4] + tail[-4:]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_orbit_shortcut_equals_scoring_every_hand(ruleset_id: str) -> None:
    rs = tile_ruleset(all_rulesets()[ruleset_id])
    ids = set(reported(rs))
    lists = fixed_tile_lists(rs)
    for orbit in _sample():
        tally = Tally()
        tally_orbit(orbit, rs, lists, tally)
        shown, counted = _one_by_one(orbit, rs)
        assert {k: v[0] for k, v in tally.shown.items() if k in ids} == dict(shown), orbit
        assert {k: v[0] for k, v in tally.counted.items() if k in ids} == dict(counted), orbit
        assert tally.weight == tally.hands * orbit.weight


# ----------------------------------------------------------------------------- tile-only patterns


CONTEXTS = [WinContext(tsumo=True), WinContext(tsumo=False), WinContext(tsumo=True, seat=28, round=30, last_tile=True),
            WinContext(tsumo=False, last_copy=True, seat=29, round=29, dealer=True, first_turn=True)]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_tile_patterns_do_not_read_the_win(ruleset_id: str) -> None:
    rs = all_rulesets()[ruleset_id]
    tile = [p for p in rs.patterns if tile_only(p)]
    assert tile and len(tile) < len(rs.patterns)
    for orbit in _sample()[::2]:
        base = hand_of(orbit.counts)
        seen = set()
        for ctx in CONTEXTS:
            for win in sorted(set(base.concealed + (base.win_tile,))):
                tiles = list(base.concealed + (base.win_tile,))
                tiles.remove(win)
                hand = replace(base, concealed=tuple(sorted(tiles)), win_tile=win, context=ctx)
                found = engine.readings_of(hand, rs)
                seen.add(frozenset((p.id, r.form, tuple((s.kind, s.tile) for s in r.sets))
                                   for r in found for p in tile
                                   if detectors.run(p.detect, View(hand, r), p.params)))
        assert len(seen) == 1, (orbit, rs.id)


def test_context_patterns_are_left_out() -> None:
    rs = all_rulesets()["mcr"]
    out = {p.id for p in rs.patterns if not tile_only(p)}
    assert {"self-drawn", "concealed-hand", "edge-wait", "flower-tiles", "seat-wind", "melded-kong"} <= out
    assert {"all-green", "pure-straight", "all-pungs", "dragon-pung", "seven-pairs"} <= set(reported(rs))
    restricted = tile_ruleset(rs)
    assert all(e.id in {p.id for p in restricted.patterns} for p in restricted.patterns for e in p.excludes)


# ----------------------------------------------------------------------------- the stored figures


def test_stats_object_ranks_and_fingerprints() -> None:
    rs = all_rulesets()["zj-2.4"]
    tally = Tally()
    t_rs = tile_ruleset(rs)
    for orbit in itertools.islice(regular_orbits(), 0, None, 100_003):
        tally_orbit(orbit, t_rs, [], tally)
    obj = stats_object(rs, tally)
    ranks = sorted(row["rank"] for row in obj["patterns"].values())
    assert ranks == list(range(1, len(obj["patterns"]) + 1))
    best = min(obj["patterns"], key=lambda pid: obj["patterns"][pid]["rank"])
    assert obj["patterns"][best]["weighted_shown"] == max(r["weighted_shown"] for r in obj["patterns"].values())
    assert is_current(obj, rs)
    changed = replace(rs, patterns=tuple(replace(p, value=p.value + 1) if p.id == best else p for p in rs.patterns))
    assert not is_current(obj, changed) and fingerprint(changed) != fingerprint(rs)
    assert "rank 1 of" in (frequency_text(obj, best) or "")


def test_rule_sets_with_the_same_fingerprints_are_tallied_once_and_share_equal_figures() -> None:
    """MCR 2006 plays the hands as MCR does, Riichi's WRC 2025 edition as M-League's: a run tallies each pair once.
    What the shared tally gives a rule set is what a run of that rule set alone gives it (a slice of the orbits)."""
    from generator.stats.run import run_stats, same_figures

    rulesets = all_rulesets()
    ids = ["mcr", "mcr-2006", "riichi-mleague", "riichi-wrc-2025", "zj-2.4"]
    assert {k: v for k, v in same_figures([rulesets[r] for r in ids]).items() if k != v} == {
        "mcr-2006": "mcr", "riichi-wrc-2025": "riichi-mleague"}
    together = run_stats([rulesets[r] for r in ids], jobs=1, limit=300)
    assert together.shared == {"mcr-2006": "mcr", "riichi-wrc-2025": "riichi-mleague"}
    for rid in ("mcr-2006", "riichi-wrc-2025"):
        alone = run_stats([rulesets[rid]], jobs=1, limit=300)
        assert alone.shared == {}
        rs = rulesets[rid]
        assert stats_object(rs, together.tallies[rid], together.wins.get(rid)) == stats_object(
            rs, alone.tallies[rid], alone.wins.get(rid))
        assert together.tallies[rid].orbits > 0
