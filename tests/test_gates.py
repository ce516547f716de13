"""The detector gates (`@detector(..., gate=...)`, run by generator/scoring/gates.py) only skip detectors that
would have found nothing.

Gated detection must find exactly what running every detector of a rule set finds, reading
by reading, on hands of every form: seeded random hands (sets, seven pairs, knitted and
honour forms, melds, kongs, flags), the same hands with tiles turned into dragons (wild
tiles under 团圆, and near misses elsewhere), and the curated hands of content/hands/.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from engine_loop import sample
from hands import curated_hands
from mcr_oracle import random_hands

from generator import detectors
from generator.detectors import WHOLE, View
from generator.detectors.view import SetProfile, TileProfile
from generator.ghosts import stand_in
from generator.hand import Hand
from generator.notation import HandError, format_hand, parse_hand
from generator.rules import Pattern, Ruleset
from generator.rulesets import all_rulesets
from generator.scoring.common import detect
from generator.scoring.engine import readings_of
from generator.scoring.families import policy_of
from generator.scoring.gates import Candidates, may_show
from generator.shapes import Form, Reading, readings
from generator.tiles import DRAGONS, GHOST

SEED = 90210


def _dragoned(hand: Hand, rng: random.Random) -> Hand | None:
    """The hand with one to three standing tiles replaced by dragons, if that is still a hand."""
    tiles = list(hand.concealed)
    for _ in range(rng.randint(1, min(3, len(tiles) or 1))):
        if tiles:
            tiles[rng.randrange(len(tiles))] = rng.choice(DRAGONS)
    try:
        return parse_hand(format_hand(replace(hand, concealed=tuple(sorted(tiles)))))
    except (HandError, ValueError):
        return None


def _hands() -> list[Hand]:
    rng = random.Random(SEED)
    hands = list(random_hands(SEED, sample(1500, 300)))
    hands += [h for h in (_dragoned(h, rng) for h in random_hands(SEED + 1, sample(600, 120))) if h is not None]
    return hands + curated_hands()


def _readings(hand: Hand, rs: Ruleset) -> list:
    return readings_of(hand, rs)  # a hand with a ghost has readings only where ghosts are played


def _view(hand: Hand, reading: Reading) -> View:
    """The view a policy scores: of the hand a ghost reading's ghosts make (generator/ghosts.py)."""
    return View(stand_in(hand, reading), reading)


@pytest.mark.parametrize("ruleset_id", sorted(all_rulesets()))
def test_gated_detection_finds_what_every_detector_finds(ruleset_id: str) -> None:
    rs = all_rulesets()[ruleset_id]
    checked = skipped = 0
    for hand in _hands():
        for reading in _readings(hand, rs):
            every = {}
            for p in rs.patterns:
                matches = detectors.run(p.detect, _view(hand, reading), p.params)
                if matches:
                    every[p.id] = matches
            gated = detect(_view(hand, reading), rs.patterns).found
            assert gated == every, f"{format_hand(hand)} ({reading.form.value}) under {rs.id}"
            checked += 1
            skipped += len(rs.patterns) - len(Candidates(rs.patterns).of(_view(hand, reading)))
    assert checked > sample(1000, 200)
    if len(rs.patterns) > 20:  # a real rule set, not 团圆's three fans: most detectors are skipped
        assert skipped > checked * len(rs.patterns) // 2, "the gates hardly skip anything"


@pytest.mark.parametrize("ruleset_id", sorted(rid for rid, rs in all_rulesets().items() if not policy_of(rs.policy).own_readings))
def test_judged_from_the_hand_alone_the_gates_keep_every_pattern_a_reading_shows(ruleset_id: str) -> None:
    """`may_show` rules patterns out before any reading (`Probe.fires`, examples/search.py): it must keep
    every pattern some reading of the hand shows, and should rule most out."""
    rs = all_rulesets()[ruleset_id]
    judged = {p.id for p in rs.patterns if (gate := detectors.REGISTRY[p.detect].gate) and (gate.tiles or gate.context)}
    kept = shown = 0
    for hand in _hands():
        if GHOST in hand.closed_tiles:  # the gates judge the 34 kinds; the search reads a ghost hand's readings
            continue
        maybe = {p.id for p in may_show(rs.patterns, hand, rs.patterns)}
        for reading in _readings(hand, rs):
            found = detect(_view(hand, reading), rs.patterns).found
            assert found.keys() <= maybe, f"{format_hand(hand)} ({reading.form.value}) under {rs.id}"
            shown += len(found)
        kept += len(maybe & judged)
    assert shown > sample(1000, 200)
    assert kept < len(_hands()) * len(judged) // 2, "the tile and context gates hardly rule out any hand"


def test_the_detectors_the_rule_sets_use_most_are_gated() -> None:
    gated = {name for name, spec in detectors.REGISTRY.items() if spec.gate is not None}
    used = {p.detect for rs in all_rulesets().values() for p in rs.patterns}
    assert {"chow_pairs", "wait", "shifted_pungs", "flush", "win_context", "concealed_hand"} <= gated & used
    # the detectors left ungated are few and cheap (a placeholder, flowers, wild tiles)
    assert used - gated <= {"chicken", "flowers", "weak_suits", "wild_kongs"}, used - gated


def test_a_patterns_arguments_are_what_the_signature_says() -> None:
    """`DetectorSpec.arguments` reads the code object; `params` reads the signature and its annotations. For every
    pattern of every rule set they agree, in order too (the gates' tests are built in it)."""
    for rs in all_rulesets().values():
        for p in rs.patterns:
            spec = detectors.REGISTRY[p.detect]
            by_signature = {name: param.default for name, param in spec.params.items()} | dict(p.params)
            assert list(spec.arguments(p.params).items()) == list(by_signature.items()), (rs.id, p.id)
    for spec in detectors.REGISTRY.values():  # every detector, used or not: each parameter annotated
        assert set(spec.arguments({})) == set(spec.params), spec.name


def test_profiles_read_sets_and_tiles() -> None:
    hand = parse_hand("123m123m789p5s [777z] +5s")
    (reading,) = readings(hand)
    sets, tiles = _view(hand, reading).set_profile, _view(hand, reading).tile_profile
    assert isinstance(sets, SetProfile) and isinstance(tiles, TileProfile)
    assert (sets.form, sets.chows, sets.pungs, sets.dragon_pungs, sets.suit_pungs) == (Form.REGULAR, 3, 1, 1, 0)
    assert (sets.chow_suits, sets.pung_suits, sets.suit_sets) == (3, 0, 2)
    assert (tiles.suits, tiles.honors, tiles.bands, tiles.terminals, tiles.simples, tiles.hogs) == (
        7, 2, 7, True, True, 0)


def test_candidates_keep_rule_order() -> None:
    rs = all_rulesets()["mcr"]
    hand = parse_hand("123m456m789m234p5s+5s")
    view = View(hand, readings(hand)[0])
    ids = [p.id for p, _fn in Candidates(rs.patterns).of(view)]
    order = [p.id for p in rs.patterns]
    assert ids == sorted(ids, key=order.index)
    assert "pure-straight" in ids and "seven-pairs" not in ids


def _admits(p: Pattern, view: View) -> bool:
    """Whether every part of the pattern's gate lets the reading through, as `Candidates` decides it."""
    spec = detectors.REGISTRY[p.detect]
    assert spec.gate is not None
    args = {name: param.default for name, param in spec.params.items()} | dict(p.params)
    parts = ((spec.gate.sets, view.set_profile), (spec.gate.tiles, view.tile_profile),
             (spec.gate.context, view.context_profile))
    return all(test is None or test(profile, args) for test, profile in parts)  # type: ignore[arg-type]


_EXACT_RULESETS = sorted(rs.id for rs in all_rulesets().values()
                         if any(getattr(detectors.REGISTRY[p.detect].gate, "exact", False) for p in rs.patterns))


@pytest.mark.parametrize("ruleset_id", _EXACT_RULESETS)
def test_an_exact_gate_decides_what_its_detector_finds(ruleset_id: str) -> None:
    """Where a gate is marked exact, the engine records the whole-hand match without running the detector
    (scoring/gates.py); so on every reading the detector must match once, with the whole hand, exactly
    when the gate lets the reading through, and find nothing otherwise."""
    rs = all_rulesets()[ruleset_id]
    exact = [p for p in rs.patterns if getattr(detectors.REGISTRY[p.detect].gate, "exact", False)]
    admitted = refused = 0
    for hand in _hands():
        for reading in _readings(hand, rs):
            view = _view(hand, reading)
            for p in exact:
                admits = _admits(p, view)
                found = detectors.run(p.detect, _view(hand, reading), p.params)
                assert found == ([WHOLE] if admits else []), f"{p.id} on {format_hand(hand)} under {rs.id}"
                admitted += admits
                refused += not admits
    assert admitted > sample(200, 40) and refused > sample(200, 40)  # both sides of the claim were put to the test, many times


def test_only_whole_hand_detectors_have_exact_gates() -> None:
    """An exact gate stands for the one match `[WHOLE]`: the detectors of several sets, whose matches name
    the sets, never have one; the common whole-hand patterns do (else the engine calls them needlessly)."""
    exact = {name for name, spec in detectors.REGISTRY.items() if spec.gate is not None and spec.gate.exact}
    assert {"self_drawn", "no_honors", "suit_count", "concealed_hand", "flush", "all_pungs"} <= exact
    assert not exact & {"chow_pairs", "concealed_pungs", "kongs", "tile_hog", "form", "wait"}
