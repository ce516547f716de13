"""The stored matrix answers under attack (generator/pairs/verify.py), and the premises a `never` rests on, each tried
by a test that could break it.

The premises (docs/design.md, Compatibility matrix), and where each is attacked:
- claims and kongs add no tile pattern, and set none aside but the copy-counting ones: tests/test_pairs.py;
- a pattern of the win shows only where its requirement on the division holds, and only on wins that meet its
  needs: tests/test_pairs.py;
- the flag patterns read the flags alone, so every combination of flags and seat decides them: tests/test_pairs.py
  (the rule books' cases) and below (the seat);
- the exhaustive try builds every way a division's sets can be held, claimed or konged, with every tile as the
  winning one: below, on seeded and Hypothesis hands;
- the chicken hand shows only where it counts: below;
and all of them at once by the adversary, on hands nobody built the answers from.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from functools import cache
from pathlib import Path
from random import Random

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.hand import Hand
from generator.hand_stream import HandStream
from generator.notation import format_hand, parse_hand
from generator.pairs.context import context_never
from generator.pairs.moves import _set_choices, situations, valid
from generator.pairs.store import Stored, stored_answers
from generator.pairs.verify import attack, contradictions, situated
from generator.pairs.walk import divisions, walked
from generator.rules import CONTENT_DIR
from generator.rulesets import all_rulesets
from generator.scoring import engine
from generator.scoring.families import policy_of
from generator.shapes import Kind
from generator.tiles import EAST

RULESETS = {rid: rs for rid, rs in all_rulesets().items() if walked(rs)}
HANDS = 8000
"""Hands the suite's attack scores per rule set; `mahjong-atlas matrix --verify N` takes any number."""

ISSUE_PAIRS = [  # the pairs once stored as `never` that random hands showed together
    ("mcr", "quadruple-chow", "closed-wait"), ("mcr", "quadruple-chow", "edge-wait"),
    ("mcr", "quadruple-chow", "last-tile"), ("mcr-2006", "quadruple-chow", "closed-wait"),
    ("mcr-2006", "quadruple-chow", "edge-wait"), ("mcr-2006", "quadruple-chow", "last-tile"),
    ("riichi-ema-2016", "nine-gates", "blessing-of-man"),
]


@cache
def _stored(rid: str) -> Stored:
    stored = stored_answers(RULESETS[rid])
    assert stored is not None and stored.current, f"content/matrix/{rid}.json is stale: run mahjong-atlas matrix"
    return stored


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_the_adversary_finds_no_contradiction(rid: str) -> None:
    report = attack(RULESETS[rid], _stored(rid), HANDS)
    assert not report.contradictions, report.contradictions[:10]
    assert report.hands > HANDS * 0.9 and report.with_melds > HANDS / 4 and report.with_kongs > HANDS / 20
    if policy_of(RULESETS[rid].policy).plays_ghosts(RULESETS[rid]):  # the walk's claim for ghost hands, attacked
        assert report.with_ghosts > HANDS / 2


def test_the_adversary_puts_ghosts_in_and_finds_a_false_never_only_ghosts_show() -> None:
    """四鬼和 shows only on hands with all four ghosts: a `never` stored for it beside a pattern it stacks with (海底,
    杠上花) is contradicted by the attack's ghost hands."""
    stored = _stored("guangdong-2023")
    pairs = dict(stored.pairs)
    wrong = [("last-tile", "four-ghosts"), ("out-on-a-kong", "four-ghosts")]
    for a, b in wrong:
        assert pairs[(a, b)][0] == "both", (a, b)
        pairs[(a, b)] = ("never", None, None, "a false never")
    report = attack(RULESETS["guangdong-2023"], replace(stored, pairs=pairs), 6000, seed=7)
    for a, b in wrong:
        assert any(f"{a} and {b}" in x for x in report.contradictions), (a, b)


# Hands the adversary once found against guangdong-2023's answers: a robbed kong's tile that ghosts pair or pung,
# which no hand of the 34 kinds can have (its four copies are the kong's), so the walk cannot rule them out.
GHOST_ONLY = ["4m888z [666z] [555z] [333m] +7z robbing-kong", "222333444p6668z+5z robbing-kong",
              "1133355557788z+2z robbing-kong", "111222333444z8z+5m robbing-kong"]


@pytest.mark.parametrize("text", GHOST_ONLY)
def test_what_only_ghosts_show_is_not_answered_from_the_walk(text: str) -> None:
    rs = RULESETS["guangdong-2023"]
    s = engine.score(parse_hand(text), rs)
    assert s.legal and "robbing-the-kong" in {c.id for c in s.patterns}, text
    assert contradictions(rs, _stored("guangdong-2023").pairs, s) == []


def test_the_adversary_finds_the_false_nevers_it_was_written_for() -> None:
    """The answers as they once stood (the issue's seven pairs `never`): the attack contradicts every one."""
    for rid in ("mcr", "mcr-2006", "riichi-ema-2016"):
        stored = _stored(rid)
        wrong = [(a, b) for r, a, b in ISSUE_PAIRS if r == rid]
        pairs = dict(stored.pairs)
        for a, b in wrong:
            pairs[(a, b) if (a, b) in pairs else (b, a)] = ("never", None, None, "a false never")
        report = attack(RULESETS[rid], replace(stored, pairs=pairs), 6000, seed=7)
        for a, b in wrong:
            assert any(f"{a} and {b}" in x or f"{b} and {a}" in x for x in report.contradictions), (rid, a, b)


@pytest.mark.parametrize("rid, a, b", ISSUE_PAIRS)
def test_the_issues_pairs_are_decided_with_their_witness(rid: str, a: str, b: str) -> None:
    pairs = _stored(rid).pairs
    status, witness, by, _reason = pairs.get((a, b)) or pairs[(b, a)]
    assert status in ("both", "excludes") and witness is not None, (rid, a, b, status)
    s = engine.score(parse_hand(witness), RULESETS[rid])
    shown = {c.id for c in s.patterns} | {e.id for e in s.excluded}
    assert {a, b} <= shown, (rid, witness)
    if status == "both":
        assert s.legal and {a, b} <= {c.id for c in s.patterns}
    else:
        assert by in {c.id for c in s.patterns}


def test_claiming_around_the_winning_tile_is_tried() -> None:
    """Four 1-2-3 chows won on a 2: any three of the chows may be claimed, the fourth completed by the winning tile
    (a closed wait). Only the chows without a 2 were once claimable, and here there are none."""
    hand = parse_hand("11112223333s22p+2s")
    reading = next(r for r in divisions(hand) if sum(s.kind is Kind.CHOW for s in r.sets) == 4)
    made = {format_hand(h) for h in _set_choices(hand, reading)}
    assert "22p11233s [123s] [123s] +2s" in made and "22p13s [123s] [123s] [123s] +2s" in made
    rs = RULESETS["mcr"]
    shows = [h for h in situations(hand, reading, frozenset({"sets", "win", "tsumo"}), False)
             if (v := valid(h)) is not None and "closed-wait" in {c.id for c in engine.score(v, rs).patterns}]
    assert shows


def test_a_non_dealers_first_turn_win_is_tried_in_riichi() -> None:
    """Riichi's dealer is the East seat: a blessing of man needs another seat, which the situations now vary."""
    rs = RULESETS["riichi-ema-2016"]
    hand = parse_hand("1112345678999s+6s")
    reading = engine.score(hand, rs).reading
    assert reading is not None
    reads = frozenset({"win", "tsumo", "sets", "flag:first_turn", "flag:dealer"})
    seats = {h.context.seat for h in situations(hand, reading, reads, True, {"first_turn": True, "dealer": False})}
    assert len(seats) == 2 and EAST in seats  # the dealer's seat and another
    assert context_never(rs, "blessing-of-man", "blessing-of-earth") is not None  # still decided by the flags


def _claims_of(hand: Hand) -> bool:
    """Whether the exhaustive try's set choices on the hand's concealed division rebuild `hand` exactly."""
    whole = replace(hand, concealed=tuple(sorted(list(hand.concealed) + [t for m in hand.melds for t in m.tiles[:3]])),
                    melds=())
    def key(h: Hand) -> tuple[object, ...]:  # melds in any order
        return h.concealed, tuple(sorted(h.melds, key=repr)), h.win_tile
    for reading in divisions(whole):
        if key(hand) in {key(c) for c in _set_choices(whole, reading)}:
            return True
    return False


def test_every_way_of_claiming_a_division_is_tried_seeded() -> None:
    """The premise of the exhaustive try: every hand with claimed sets and kongs is one of the set choices of its
    own concealed division, whatever the winning tile (seeded hands of the adversary's own generator)."""
    rnd = Random(3030)
    stream = HandStream(11)
    tried = 0
    for i in range(1500):
        h = situated(stream[i], rnd, riichi=False)
        if h is None or not h.melds:
            continue
        assert _claims_of(h), format_hand(h)
        tried += 1
    assert tried > 500


_STREAM = HandStream(12)


@seed(3031)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2000), st.integers(min_value=0, max_value=2 ** 32))
def test_every_way_of_claiming_a_division_is_tried(index: int, draw: int) -> None:
    h = situated(_STREAM[index], Random(draw), riichi=False)
    if h is not None and h.melds:
        assert _claims_of(h), format_hand(h)


def test_the_chicken_hand_shows_only_where_it_counts_alone() -> None:
    """The premise behind every chicken hand's `never`: on every hand scored, the chicken hand is either counted
    with nothing else but flowers, or not shown at all."""
    rnd = Random(3032)
    stream = HandStream(13)
    seen = 0
    for rs in RULESETS.values():
        chicken = rs.option("chicken")
        if not chicken:
            continue
        for i in range(1500):
            h = situated(stream[i], rnd, riichi=False)
            if h is None:
                continue
            s = engine.score(h, rs)
            counted = {c.id for c in s.patterns} - {rs.option("flowers")}
            assert chicken not in {e.id for e in s.excluded}, s.hand
            if chicken in counted:
                assert counted == {chicken}, s.hand
                seen += 1
        answers = [x for (a, b), x in _stored(rs.id).pairs.items() if chicken in (a, b)
                   and rs.option("flowers") not in (a, b)]
        assert answers and all(x[0] == "never" and "absence of every other pattern" in x[3] or
                               x[0] == "excludes" and x[2] == chicken for x in answers), rs.id
    assert seen > 20


def test_matrix_verify_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mahjong-atlas matrix --verify N`: a report line per rule set and exit 0 on the stored answers; on a copy of
    the content whose answers say a pair the engine counts together is `never`, the contradiction and exit 1."""
    assert main(["matrix", "--verify", "300", "--ruleset", "mcr"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"^mcr +\d[\d,]* hands \(.*aimed.*\): 0 contradiction\(s\)", err, re.MULTILINE), err
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    path = content / "matrix" / "mcr.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    for x in obj["pairs"]:
        if {x["a"], x["b"]} == {"all-chows", "no-honors"} or x["status"] == "both" and "half-flush" in (x["a"], x["b"]):
            x.update(status="never", witness=None, by=None)
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert main(["matrix", "--verify", "300", "--ruleset", "mcr", "--content", str(content)]) == 1
    assert "are 'never', but" in capsys.readouterr().err
