"""Winning tiles grouped by their place (Riichi: `Policy.win_places`) against every winning tile scored alone.

The claim attacked: two tiles of a hand that take places of the same classes in every division score alike, and a
hand that cannot show pinfu or enough pungs shows no reported win pattern at all. The sample is every orbit of a
stride through the enumeration where grouping does something (a group of two tiles or more, or a hand left
unscored), and hands of every kind of place; each rule set of the Riichi family is tallied both ways."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import islice

import pytest

from generator.notation import parse_hand
from generator.rules import Ruleset
from generator.rulesets import all_rulesets
from generator.scoring.families import policy_of
from generator.stats.hands import Orbit, all_orbits, canonical
from generator.stats.tally import fixed_tile_lists, images, policy_supported
from generator.stats.wins import WAYS, Reads, WinTally, _groups, tally_win_orbit, win_reported, win_ruleset
from generator.tiles import NUM_KINDS

SPECIAL = [
    ("11122233344455m", "regular"),  # pungs that are also chows: a discard may or may not expose one
    ("111m222p333s44455z", "regular"),  # four concealed pungs, on the pair or not
    ("123m456p789s11122z", "regular"),  # edge and closed waits beside two-sided ones, a pung of honours
    ("111m999p123456s55z", "regular"),  # pungs of terminals beside chows
    ("22334455667788p", "regular"),  # seven pairs that are also sets and a pair
    ("66777788889999m", "regular"),  # readings that tie with different patterns
    ("234567m234p678s55p", "regular"),  # pinfu on most tiles, both ends of each chow alike
    ("1122m3344p5566s11z", "seven-pairs"),  # seven pairs alone
]
"""Hands of every kind of place, added to the stride."""

PLACED = sorted(rid for rid, rs in all_rulesets().items()
                if policy_supported(rs) and policy_of(rs.policy).win_places is not None)


@cache
def _sample() -> list[Orbit]:
    """Orbits where grouping by place does something, from a stride of the enumeration, and the special hands."""
    reads = Reads.of(all_rulesets()["riichi"])
    out = []
    for o in islice(all_orbits(), 0, None, 1_201):
        groups = _groups(o.counts, reads, o.form)
        if any(not g.scored for g in groups) or any(len(tiles) > 1 for g in groups for _t, tiles in g.adds):
            out.append(o)
    for text, form in SPECIAL:
        counts = [0] * NUM_KINDS
        for t in parse_hand(text).all_tiles:
            counts[t] += 1
        out.append(Orbit(canonical(tuple(counts)), len(images(tuple(counts))), form))
    return out


def _tally(orbits: list[Orbit], loaded: Ruleset, reads: Reads) -> WinTally:
    rs = win_ruleset(loaded)
    tally = WinTally.empty()
    lists = fixed_tile_lists(rs)
    for orbit in orbits:
        tally_win_orbit(orbit, rs, reads, lists, tally)
    return tally


def _figures(tally: WinTally, ids: set[str]) -> dict[str, object]:
    return {way: (t.hands, t.weight, {k: v for k, v in t.shown.items() if k in ids},
                  {k: v for k, v in t.counted.items() if k in ids}) for way, t in tally.ways.items()}


def test_the_riichi_family_groups_by_place() -> None:
    assert {"riichi", "riichi-ema-2016"} <= set(PLACED)
    assert Reads.of(all_rulesets()["riichi"]).places is not None
    assert all(Reads.of(all_rulesets()[rid]).places is None for rid in ("mcr", "zj-3.3", "sihai-3.1"))


@pytest.mark.parametrize("ruleset_id", PLACED)
def test_wins_grouped_by_place_equal_every_win_scored_alone(ruleset_id: str) -> None:
    loaded = all_rulesets()[ruleset_id]
    ids = set(win_reported(loaded))
    reads = Reads.of(loaded)
    sample = _sample()
    assert len(sample) >= 1_000
    grouped = _figures(_tally(sample, loaded, reads), ids)
    alone = _figures(_tally(sample, loaded, replace(reads, places=None)), ids)
    assert grouped == alone
    for way in WAYS:  # the sample shows the reported patterns, so a wrong grouping has something to change
        assert set(alone[way][3]) >= {"pinfu", "three-concealed-pungs"}, way  # type: ignore[index]
