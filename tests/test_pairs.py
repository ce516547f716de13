"""The walk behind the matrix's `never` answers for tile patterns (generator/pairs/): the walker against a plain
search on a reduced space, its premise against exposed and konged hands, and the stored answers against the
engine on the seeded hand streams."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import combinations, islice
from pathlib import Path
from random import Random

import pytest
from hand_strategies import hand_texts, random_hand_text
from hypothesis import HealthCheck, given, seed, settings

from generator.cli import main
from generator.detectors import View
from generator.hand import Hand
from generator.hand_stream import HandStream
from generator.notation import HandError, format_hand, parse_hand
from generator.pairs.decide import apart_of
from generator.ghosts import stand_in
from generator.pairs.potential import counts_copies, forces, needs, one_at_a_time, requirement, shape_of, steady
from generator.pairs.store import answers_object, fingerprint, is_current, read_answers, stored_answers
from generator.pairs.walk import Walker, admits, divisions, tile_patterns, walk, walked, witness_hand
from generator.rules import Pattern, Ruleset
from generator.rulesets import all_rulesets
from generator.scoring import engine
from generator.scoring.common import find
from generator.scoring.families import policy_of
from generator.shapes import Form, Reading
from generator.stats.hands import Orbit, all_orbits, one_suit_hands
from generator.stats.tally import hand_of, images
from generator.tiles import GHOST, NUM_KINDS

RULESETS = {rid: rs for rid, rs in all_rulesets().items() if walked(rs)}


def _one_suit_orbits(step: int = 1) -> list[Orbit]:
    """The orbits of the 13,259 complete hands of one suit (every `step`-th): each stands for its three suits."""
    return [Orbit(c, len(images(c)), "regular") for h in one_suit_hands()[::step] for c in [h + (0,) * (NUM_KINDS - 9)]]


def _read(hand: Hand, rs: Ruleset, r: Reading) -> tuple[Hand, list[Pattern]]:
    """The hand a reading's detectors look at (a ghost reading's stand-in) and the patterns read on it: on a shape
    of its own (四鬼和) that pattern and those read beside it, elsewhere every pattern but such a one."""
    own = policy_of(rs.policy).read_apart(rs)
    if r.form is Form.FOUR_GHOSTS:
        keep = set(own).union(*own.values())
        return stand_in(hand, r), [p for p in rs.patterns if p.id in keep]
    return stand_in(hand, r), [p for p in rs.patterns if p.id not in own]


def _shown_together(hand: Hand, rs: Ruleset, readings: list) -> set[tuple[str, str]]:
    """Pairs of the rule set's tile patterns (in rule order) that one of `readings` shows together, found by
    running each pattern's detector on its own."""
    ids = tile_patterns(rs)
    patterns = [rs.pattern(pid) for pid in ids]
    out: set[tuple[str, str]] = set()
    for r in readings:
        seen, read = _read(hand, rs, r)
        shown = set(find(View(seen, r), [p for p in patterns if p in read]))
        out.update((a, b) for a, b in combinations(ids, 2) if a in shown and b in shown)
    return out


def test_the_walker_finds_what_a_plain_search_finds_on_one_suit() -> None:
    orbits = _one_suit_orbits(step=11)
    sightings = walk(RULESETS.values(), orbits)
    for rid, rs in RULESETS.items():
        expected: set[tuple[str, str]] = set()
        for o in orbits:  # every hand of every orbit, where the walker reads one hand per orbit but a fixed tile list
            for counts in images(o.counts):
                hand = hand_of(counts)
                expected |= _shown_together(hand, rs, [r for r in divisions(hand) if admits(rs, r)])
        assert set(sightings[rid].together) == expected, rid
        assert sightings[rid].space.hands == sum(o.size for o in orbits)
        for pair, w in sightings[rid].together.items():
            hand, r = witness_hand(w)
            assert pair in _shown_together(hand, rs, [r]), (rid, pair)


def test_a_walk_keeps_the_earliest_witness_whatever_the_order_of_merging() -> None:
    orbits = list(enumerate(_one_suit_orbits(step=53)))
    whole = Walker(RULESETS.values()).walk(orbits)
    halves = [Walker(RULESETS.values()).walk(orbits[k::2]) for k in (1, 0)]
    merged = halves[0]
    for rid, s in halves[1].items():
        merged[rid].merge(s)
    for rid in RULESETS:
        assert merged[rid].together == whole[rid].together
        assert merged[rid].space == whole[rid].space
        assert merged[rid].alongside == whole[rid].alongside
        assert merged[rid].common == whole[rid].common
        for pair, kinds in whole[rid].alongside.items():  # `common` is what every kind of division has
            if kinds is not None:
                mask, pungs = whole[rid].common[pair]
                assert all(m & mask == mask and p >= pungs for m, p in kinds), (rid, pair)


# ----------------------------------------------------------------------------- the premise


def _concealed(hand: Hand) -> Hand:
    """The same tiles held concealed: every meld's tiles among the standing tiles, kongs as pungs."""
    tiles = list(hand.concealed)
    for m in hand.melds:
        tiles.extend(m.tiles[:3])
    return replace(hand, concealed=tuple(sorted(tiles)), melds=())


def _premise_holds(text: str) -> int:
    """Check the premise on every rule set that reads the hand as complete; how many did."""
    try:
        hand = parse_hand(text)
    except HandError:
        return 0
    checked = 0
    for rs in RULESETS.values():
        found = engine.readings_of(hand, rs)
        if not found or not hand.melds:
            continue
        for r in found:  # a ghost reading: the hand its ghosts make
            if r.form is Form.FOUR_GHOSTS:
                continue
            seen = stand_in(hand, r)
            concealed = _concealed(seen)
            shown_concealed = _shown_together(concealed, rs, divisions(concealed))
            assert _shown_together(seen, rs, [r]) <= shown_concealed, (text, rs.id)
        checked += 1
    return checked


def _steady_holds(text: str) -> int:
    """Each steady tile pattern shown on the concealed division of a reading of a hand with melds shows on the
    reading too: the premise of a third pattern seen on every division of a pair (decide.apart_of)."""
    try:
        hand = parse_hand(text)
    except HandError:
        return 0
    if not hand.melds:
        return 0
    checked = 0
    for rs in RULESETS.values():
        steadies = [rs.pattern(pid) for pid in tile_patterns(rs) if steady(rs.pattern(pid))]
        for r in engine.readings_of(hand, rs):
            if r.form is Form.FOUR_GHOSTS:
                continue
            seen = stand_in(hand, r)
            got = _concealed_division(seen, r)
            if got is None:
                continue
            c, d = got
            before = set(find(View(c, d), steadies))
            assert before <= set(find(View(seen, r), steadies)), (text, rs.id, before)
            checked += len(before)
    return checked


def test_claiming_and_konging_set_no_steady_tile_pattern_aside() -> None:
    rnd = Random(23)
    assert sum(_steady_holds(random_hand_text(rnd)) for _ in range(2000)) > 1000


@seed(2311)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(hand_texts())
def test_claiming_and_konging_set_no_steady_tile_pattern_aside_hypothesis(text: str) -> None:
    _steady_holds(text)


def test_a_kong_can_set_nine_gates_aside() -> None:
    """Why SET_ASIDE_BY_A_KONG exists: as held tiles this is a nine gates, with 1m konged it is not."""
    rs = RULESETS["sihai-3.1"]
    hand = parse_hand("2355678999m [1111m] +4m tsumo")
    gates = [p for p in rs.patterns if p.detect == "nine_gates"]
    c = _concealed(hand)
    assert any(find(View(c, d), gates) for d in divisions(c))
    assert not any(find(View(hand, r), gates) for r in engine.readings_of(hand, rs))


def test_exposing_and_konging_add_no_tile_pattern_seeded() -> None:
    """Every reading of a hand with melds shows no pair of tile patterns that its tiles held concealed (kongs as
    pungs) cannot show: the premise of the walk's `never`."""
    rnd = Random(19)
    assert sum(_premise_holds(random_hand_text(rnd)) for _ in range(1500)) > 1000


@seed(20261203)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(hand_texts())
def test_exposing_and_konging_add_no_tile_pattern(text: str) -> None:
    _premise_holds(text)


# ----------------------------------------------------------------------------- the stored answers


@cache
def _never(rid: str) -> frozenset[tuple[str, str]]:
    w = stored_answers(RULESETS[rid])
    assert w is not None and w.shows_current, f"content/matrix/{rid}.json is missing or stale: run mahjong-atlas matrix"
    return frozenset(w.never)


def _shown_any(hand: Hand, rs: Ruleset, readings: list) -> set[tuple[str, str]]:
    """Pairs of any of the rule set's patterns (in rule order) that one of `readings` shows together."""
    ids = [p.id for p in rs.patterns]
    out: set[tuple[str, str]] = set()
    for r in readings:
        seen, read = _read(hand, rs, r)
        shown = set(find(View(seen, r), read))
        out.update((a, b) for a, b in combinations(ids, 2) if a in shown and b in shown)
    return out


def _contradictions(hand: Hand) -> list[str]:
    out = []
    for rid, rs in RULESETS.items():
        if policy_of(rs.policy).problem(hand) is not None:
            continue  # a hand the rule set's game cannot have
        seen = policy_of(rs.policy).prepare(hand)  # as the engine scores it: a win flag the tiles rule out is set aside
        found = engine.readings_of(seen, rs)
        if found:
            out += [f"{rid}: {a} + {b}" for a, b in _shown_any(seen, rs, found) & _never(rid)]
    return out


def test_part_of_a_walk_proves_no_rule_that_keeps_two_patterns_apart() -> None:
    """`matrix --limit` walks the first orbits only: what every division it saw holding both patterns shows is no
    rule. On the first 50 orbits every division with three kongs and no claimed meld happens to hold four
    concealed pungs, yet a chow can be the fourth set (the stored answer's witness counts both)."""
    rs = RULESETS["mcr"]
    pair = ("three-kongs", "fully-concealed-hand")
    part = walk([rs], islice(all_orbits(), 50))["mcr"]
    assert apart_of(rs, pair, part) is not None  # read as a whole walk, the sample would claim the rule
    part.walked = False  # as cmd_matrix marks a walk cut short by --limit
    assert apart_of(rs, pair, part) is None
    stored = next(x for x in read_answers("mcr")["pairs"] if (x["a"], x["b"]) == pair)
    counted = {c.id for c in engine.score(parse_hand(stored["witness"]), rs).patterns}
    assert stored["status"] == "both" and set(pair) <= counted


def test_every_ruleset_has_current_stored_answers() -> None:
    for rid, rs in RULESETS.items():
        obj = read_answers(rid)
        assert obj is not None and is_current(obj, rs), rid
        ids = [p.id for p in rs.patterns]
        assert obj["patterns"] == ids and obj["tile_patterns"] == tile_patterns(rs)
        assert [(x["a"], x["b"]) for x in obj["pairs"]] == list(combinations(ids, 2)), rid
        tile = set(tile_patterns(rs))
        never = {(x["a"], x["b"]) for x in obj["never"]}
        assert all(t["a"] in tile and t["b"] in tile for t in obj["together"])
        assert not never & {(t["a"], t["b"]) for t in obj["together"]}
        assert all(x["reason"] for x in obj["never"])
        # Four sets and a pair; seven pairs and thirteen orphans added; MCR's knitted forms, or 推倒和's 全不靠 alone
        # (six knitted arrangements, 14 of their 16 tiles: 6 × 120 = 720).
        assert obj["space"]["hands"] in (16_873_619, 16_873_619 + 11_034_218, 16_873_619 + 11_034_218 + 11_736,
                                         16_873_619 + 11_034_218 + 720), rid


def test_every_stored_witness_shows_its_pair() -> None:
    for rid, rs in RULESETS.items():
        for t in read_answers(rid)["together"]:
            hand = parse_hand(t["hand"])
            assert (t["a"], t["b"]) in _shown_together(hand, rs, engine.readings_of(hand, rs)), (rid, t)


def test_no_hand_of_the_example_stream_shows_a_never_pair() -> None:
    stream = HandStream()
    bad = [f"{stream[i]}: {c}" for i in range(3000) for c in _contradictions(stream[i])]
    assert not bad, bad[:10]


def test_no_seeded_hand_shows_a_never_pair() -> None:
    rnd = Random(1903)
    bad = []
    for _ in range(3000):
        try:
            hand = parse_hand(random_hand_text(rnd))
        except HandError:
            continue
        bad += _contradictions(hand)
    assert not bad, bad[:10]


@seed(1904)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(hand_texts())
def test_no_hand_shows_a_never_pair(text: str) -> None:
    try:
        hand = parse_hand(text)
    except HandError:
        return
    assert not _contradictions(hand)


# ----------------------------------------------------------------------------- what patterns of the win ask


def _concealed_division(hand: Hand, r) -> tuple[Hand, object] | None:
    """The concealed hand of `hand`'s tiles (kongs as pungs) and its division into the same sets as `r`."""
    c = _concealed(hand)
    want = sorted((s.kind.value if s.kind.value != "kong" else "pung", s.tile) for s in r.sets)
    for d in divisions(c):
        if d.form is r.form and sorted((s.kind.value, s.tile) for s in d.sets) == want and d.loose == r.loose:
            return c, d
    return None


def _requirements_hold(text: str) -> int:
    try:
        hand = parse_hand(text)
    except HandError:
        return 0
    checked = 0
    for rs in RULESETS.values():
        if policy_of(rs.policy).problem(hand) is not None:
            continue
        seen = policy_of(rs.policy).prepare(hand)  # the hand as the engine scores it: a policy's requirements read that
        tile = set(tile_patterns(rs))
        others = [p for p in rs.patterns if p.id not in tile]
        copies = GHOST in seen.all_tiles and policy_of(rs.policy).plays_ghosts(rs)
        for r in engine.readings_of(seen, rs):
            if r.form is Form.FOUR_GHOSTS:
                continue
            played, _ = _read(seen, rs, r)
            # a ghost may stand for a copy past the four, which a requirement that counts copies does not allow for
            shown = [pid for pid in find(View(played, r), others) if not (copies and counts_copies(rs.pattern(pid), rs))]
            if not shown:
                continue
            got = _concealed_division(played, r)
            assert got is not None, (text, rs.id)
            c, d = got
            shape = shape_of(d, tuple(sum(1 for t in c.concealed + (c.win_tile,) if t == k) for k in range(NUM_KINDS)))
            for pid in shown:
                words, test = requirement(rs.pattern(pid), rs)
                assert test(shape, None), (text, rs.id, pid, words)
                checked += 1
    return checked


def test_a_pattern_of_the_win_shows_only_where_its_requirement_holds_seeded() -> None:
    """The premise of the walk's `never` for patterns that read more than the tiles (potential.py): whatever the
    situation, a division on which such a pattern shows meets its requirement."""
    rnd = Random(23)
    stream = HandStream(7)
    assert sum(_requirements_hold(random_hand_text(rnd)) for _ in range(1500)) > 2000
    assert sum(_requirements_hold(format_hand(stream[i])) for i in range(1500)) > 1000


@seed(2312)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(hand_texts())
def test_a_pattern_of_the_win_shows_only_where_its_requirement_holds(text: str) -> None:
    _requirements_hold(text)


def _needs_hold(text: str) -> int:
    """Check, on every reading of the hand in every rule set whose game allows it, that each pattern of the win
    that shows (on the hand as the policy prepares it) meets its needs, and that no two wait patterns show."""
    try:
        hand = parse_hand(text)
    except HandError:
        return 0
    checked = 0
    for rs in RULESETS.values():
        if policy_of(rs.policy).problem(hand) is not None:
            continue
        seen = policy_of(rs.policy).prepare(hand)
        others = [p for p in rs.patterns if p.id not in set(tile_patterns(rs))]
        for r in engine.readings_of(seen, rs):
            played, read = _read(seen, rs, r)
            shown = find(View(played, r), read)  # a tile pattern's form may need something too
            for pid in shown:
                assert needs(rs.pattern(pid), rs).holds(played, r), (text, rs.id, pid)
                checked += 1
            for x, y in combinations(sorted(shown), 2):
                assert one_at_a_time(rs.pattern(x), rs.pattern(y)) is None, (text, rs.id, x, y)
                nx, ny = needs(rs.pattern(x), rs), needs(rs.pattern(y), rs)
                assert nx.meet(ny), (text, rs.id, x, y)
                win = nx.also(ny).tight()
                pungs = sum(1 for st in r.sets if st.is_pung)
                for p in others:  # a pattern these two force shows beside them (decide.apart_of's argument)
                    assert not forces(p, win, pungs) or p.id in shown, (text, rs.id, x, y, p.id)
    return checked


def test_what_a_pattern_of_the_win_needs_holds_wherever_it_shows() -> None:
    """The premise of the `never` answers between two patterns that need different wins (potential.needs)."""
    rnd = Random(29)
    assert sum(_needs_hold(random_hand_text(rnd)) for _ in range(2000)) > 2000


@seed(2913)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(hand_texts())
def test_what_a_pattern_of_the_win_needs_holds(text: str) -> None:
    _needs_hold(text)


def test_the_rule_books_never_cases() -> None:
    assert ("seven-pairs", "all-pungs") in _never("mcr")
    assert ("all-pungs", "all-chows") in _never("mcr")
    assert ("pure-straight", "all-pungs") in _never("mcr")
    assert ("all-sequences", "all-triplets") in _never("zj-2.4")


# ----------------------------------------------------------------------------- staleness and the command


def test_a_detector_edit_makes_the_answers_stale_and_a_value_edit_does_not() -> None:
    rs = RULESETS["mcr"]
    obj = read_answers("mcr")
    p = rs.pattern("pure-straight")
    valued = replace(rs, patterns=tuple(replace(q, value=q.value + 1) if q is p else q for q in rs.patterns))
    assert not is_current(obj, valued) and is_current(obj, rs)
    moved = replace(rs, patterns=tuple(replace(q, params={**dict(q.params), "suits": 2}) if q is p else q
                                       for q in rs.patterns))
    assert fingerprint(moved) != fingerprint(rs) and not is_current(obj, moved)
    assert stored_answers(rs).current and stored_answers(rs).shows_current
    assert obj["shows"] == fingerprint(valued)  # a value edit: the walk's never answers stand


def test_the_answers_object_is_deterministic_and_covers_every_pair() -> None:
    rs = RULESETS["zj-2.4"]
    orbits = _one_suit_orbits(step=101)
    a = answers_object(rs, walk([rs], orbits)["zj-2.4"])
    b = answers_object(rs, walk([rs], list(reversed(orbits)))["zj-2.4"])
    assert a["never"] == b["never"]
    assert [(t["a"], t["b"]) for t in a["together"]] == [(t["a"], t["b"]) for t in b["together"]]
    together = {(t["a"], t["b"]) for t in a["together"]}
    never = {(x["a"], x["b"]) for x in a["never"]}
    assert together and never and not together & never
    assert together | never <= set(combinations([p.id for p in rs.patterns], 2))


def test_matrix_command_quick_look_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    from generator.rules import CONTENT_DIR
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR / "rulesets", content / "rulesets")
    assert main(["matrix", "--limit", "3000", "--jobs", "1", "--ruleset", "zj-2.4", "--content", str(content)]) == 0
    err = capsys.readouterr().err
    assert "not written (--limit)" in err and not (content / "matrix").exists()
    assert main(["matrix", "--jobs", "0"]) == 2
