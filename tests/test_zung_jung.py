"""Zung Jung v2.4 and v3.3: every pattern scores on a hand that has it and not on a near miss;
the source's own figures; series, limit, chicken hand and payments."""

from __future__ import annotations

import pytest
from hands import counted_ids, score_of

from generator.rulesets import all_rulesets

# pattern id -> (a hand that scores it, a near miss that does not)
ZJ24_CASES: dict[str, tuple[str, str]] = {
    "chicken-hand": ("123m456p789s1z [555p] +1z seat=S", "123m456p789s1z [123p] +1z seat=S"),
    "all-sequences": ("123m456p789s234s1z+1z", "123m456p789s222s1z+1z"),
    "concealed-hand": ("123m456p789s222s1z+1z", "123m456p789s1z [222s] +1z"),
    "no-terminals": ("234m456p678s234s5p+5p", "234m456p678s234s9p+9p"),
    "mixed-one-suit": ("123456789m111z2z+2z", "123456789m111p2z+2z"),
    "pure-one-suit": ("123m456m789m111m2m+2m", "123m456m789m111m2p+2p"),
    "nine-gates": ("1112345678999m+5m", "1122345678999m+1m"),
    "value-honor": ("123m456p789s5z [777z] +5z", "123m456p789s5z [222z] +5z seat=E round=S"),
    "small-three-dragons": ("123m456p5z [666z][777z] +5z", "123m456p1z [666z][777z] +1z"),
    "big-three-dragons": ("123m1p [555z][666z][777z] +1p", "123m456p5z [666z][777z] +5z"),
    "small-three-winds": ("123m456p3z [111z][222z] +3z", "123m456p5z [111z][222z] +5z"),
    "big-three-winds": ("123m1p [111z][222z][333z] +1p", "123m456p3z [111z][222z] +3z"),
    "small-four-winds": ("123m4z [111z][222z][333z] +4z", "123m5z [111z][222z][333z] +5z"),
    "big-four-winds": ("1m [111z][222z][333z][444z] +1m", "123m4z [111z][222z][333z] +4z"),
    "all-honors": ("5z [111z][222z][333z][777z] +5z", "1m [111z][222z][333z][777z] +1m"),
    "all-triplets": ("111m555p2z [999s][777z] +2z", "123m555p2z [999s][777z] +2z"),
    "three-concealed-triplets": ("111m555p999s23m44z+1m", "111m555p99s123m44z+9s"),
    "four-concealed-triplets": ("111m555p999s444z2z+2z", "111m555p999s44z22z+2z"),
    "one-kong": ("123m456p789s1z [5555s] +1z", "123m456p789s1z [555s] +1z"),
    "two-kongs": ("123m456p1z [5555s]{6666s} +1z", "123m456p1z [5555s][666s] +1z"),
    "three-kongs": ("123m1z [5555s]{6666s}[7777p] +1z", "123m1z [5555s]{6666s}[777p] +1z"),
    "four-kongs": ("1z [5555s]{6666s}[7777p][1111m] +1z", "1z [5555s]{6666s}[7777p][111m] +1z"),
    "two-identical-sequences": ("112233m456p789s1z+1z", "122334m456p789s1z+1z"),
    "two-identical-sequences-twice": ("112233m445566p1z+1z", "112233m456p789p1z+1z"),
    "three-identical-sequences": ("123m789p1z [123m][123m] +1z", "123m789p1z [123m][234m] +1z"),
    "four-identical-sequences": ("1z [123m][123m][123m][123m] +1z", "1z [123m][123m][123m][234m] +1z"),
    "three-similar-sequences": ("123m123p123s456s1z+1z", "123m123p234s456s1z+1z"),
    "small-three-similar-triplets": ("444m444p123m789s4s+4s", "444m444p123m789s5s+5s"),
    "three-similar-triplets": ("444m444p444s789s1z+1z", "444m444p555s789s1z+1z"),
    "nine-tile-straight": ("123456789m456p1z+1z", "123456678m456p1z+1z"),
    "three-consecutive-triplets": ("444555666m789p1z+1z", "444555777m789p1z+1z"),
    "four-consecutive-triplets": ("1z [444m][555m][666m][777m] +1z", "1z [444m][555m][666m][888m] +1z"),
    "mixed-lesser-terminals": ("123m789p111s111z9m+9m", "123m789p111s111z5m+5m"),
    "pure-lesser-terminals": ("123m789p111s999m9p+9p", "123m789p111s111z9m+9m"),
    "mixed-greater-terminals": ("111m999p111s111z9s+9s", "111m999p123s111z9s+9s"),
    "pure-greater-terminals": ("111m999p111s999s9m+9m", "111m999p111s111z9s+9s"),
    "final-draw": ("123m456p789s234s1z+1z tsumo last-tile", "123m456p789s234s1z+1z last-tile"),
    "final-discard": ("123m456p789s234s1z+1z last-tile", "123m456p789s234s1z+1z tsumo last-tile"),
    "win-on-kong": ("123m456p789s1z [5555s] +1z after-kong", "123m456p789s1z [5555s] +1z tsumo"),
    "robbing-kong": ("123m456p789s23s11z+1s robbing-kong", "123m456p789s23s11z+1s"),
    "blessing-of-heaven": ("123m456p789s234s1z+1z tsumo first-turn dealer", "123m456p789s234s1z+1z tsumo first-turn"),
    "blessing-of-earth": ("123m456p789s234s1z+1z tsumo first-turn", "123m456p789s234s1z+1z first-turn"),
    "blessing-of-man": ("123m456p789s234s1z+1z first-turn", "123m456p789s234s1z+1z first-turn dealer"),
    "thirteen-terminals": ("19m19p19s1234567z+1z", "19m19p19s1234566z+6z"),
    "seven-pairs": ("1122m3344p5566s7z+7z", "11223344556677m"),
}


def test_every_v24_pattern_has_a_case() -> None:
    assert set(ZJ24_CASES) == {p.id for p in all_rulesets()["zj-2.4"].patterns}
    assert len(ZJ24_CASES) == 45  # 44 patterns (天和 / 地和 / 人和 counted separately) + the chicken hand


@pytest.mark.parametrize("pattern", sorted(ZJ24_CASES))
def test_v24_pattern_scores_and_near_miss_does_not(pattern: str) -> None:
    hit, miss = ZJ24_CASES[pattern]
    assert pattern in counted_ids(hit, "zj-2.4"), hit
    assert pattern not in counted_ids(miss, "zj-2.4"), miss


def test_value_honor_counts_each_triplet() -> None:
    s = score_of("123m456p5z [777z][666z] +5z", "zj-2.4")
    (vh,) = [c for c in s.patterns if c.id == "value-honor"]
    assert (vh.count, vh.points) == (2, 20)


def test_seat_wind_scores_and_prevailing_wind_does_not() -> None:
    assert "value-honor" in counted_ids("123m456p789s5z [222z] +5z seat=S round=E", "zj-2.4")
    assert "value-honor" not in counted_ids("123m456p789s5z [111z] +5z seat=S round=E", "zj-2.4")


# -------------------------------------------------------------------------- the source's own figures


def test_four_concealed_triplets_is_at_least_160_in_both_editions() -> None:
    for rs, parts in (("zj-2.4", (115, 5, 40)), ("zj-3.3", (125, 5, 30))):
        s = score_of("111m555p999s444z2z+2z", rs)
        assert {"four-concealed-triplets", "concealed-hand", "all-triplets"} <= {c.id for c in s.patterns}
        assert s.total >= sum(parts) == 160


def test_small_three_dragons_at_least_60_big_at_least_160() -> None:
    assert score_of("123m456p5z [666z][777z] +5z", "zj-2.4").total == 40 + 10 + 10
    assert score_of("234m5p [555z][666z][777z] +5p", "zj-2.4").total == 130 + 30


def test_seven_pairs_at_least_25() -> None:
    s = score_of("1122m3344p5566s7z+7z", "zj-2.4")
    assert {c.id for c in s.patterns} == {"seven-pairs", "concealed-hand"}
    assert s.total == 25
    assert score_of("1122m3344p5566s7z+7z", "zj-3.3").total == 35


def test_four_identical_tiles_count_as_two_pairs() -> None:
    assert "seven-pairs" in counted_ids("1111m3344p5566s7z+7z", "zj-2.4")


# -------------------------------------------------------------------------- principles


def test_one_pattern_per_series() -> None:
    s = score_of("111m555p999s444z2z+2z", "zj-2.4")
    assert "three-concealed-triplets" not in {c.id for c in s.patterns}
    (ex,) = [e for e in s.excluded if e.id == "three-concealed-triplets"]
    assert (ex.by, ex.rule) == ("four-concealed-triplets", "series")


def test_different_series_add_up_even_when_implied() -> None:
    s = score_of("123456789m111z2z+2z seat=S", "zj-2.4")  # mixed one-suit + nine-tile straight + concealed
    assert s.total == 40 + 40 + 5


def test_sum_above_limit_is_cut_to_320() -> None:
    s = score_of("1z [555z][666z][777z][222z] +1z seat=S", "zj-2.4")
    assert sum(c.points for c in s.patterns) > 320
    assert s.total == 320
    assert any("320" in n for n in s.notes)


def test_single_pattern_above_limit_scores_alone() -> None:
    s = score_of("1m [111z][222z][333z][444z] +1m", "zj-2.4")
    assert [c.id for c in s.patterns] == ["big-four-winds"]
    assert s.total == 480
    assert {e.id: e.rule for e in s.excluded}["all-triplets"] == "limit"
    assert score_of("1m [111z][222z][333z][444z] +1m", "zj-3.3").total == 400


def test_freedom_of_count_takes_the_best_arrangement() -> None:
    # 444555666m: pungs (三連刻 100 + 四暗刻 115 + 對對和 40) beat three identical chows (120)
    s = score_of("444555666m777p1z+1z", "zj-2.4")
    assert "three-consecutive-triplets" in {c.id for c in s.patterns}
    assert "three-identical-sequences" not in {c.id for c in s.patterns} | {e.id for e in s.excluded}
    # seven pairs and two identical sequences twice come from different arrangements: never both
    s = score_of("11223344556677m", "zj-2.4")
    ids = {c.id for c in s.patterns}
    assert not {"seven-pairs", "two-identical-sequences-twice"} <= ids


def test_chicken_hand_only_when_nothing_else() -> None:
    s = score_of("123m456p789s1z [555p] +1z seat=S", "zj-2.4")
    assert ([c.id for c in s.patterns], s.total) == (["chicken-hand"], 1)
    assert "chicken-hand" not in counted_ids("123m456p789s1z [5555s] +1z", "zj-2.4")


def test_triplet_completed_by_discard_is_exposed() -> None:
    assert "four-concealed-triplets" not in counted_ids("111m555p999s44z22z+2z", "zj-2.4")
    assert "four-concealed-triplets" in counted_ids("111m555p999s44z22z+2z tsumo", "zj-2.4")


def test_concealed_kong_keeps_hand_concealed_exposed_kong_does_not() -> None:
    assert "concealed-hand" in counted_ids("123m456p789s1z {5555s} +1z", "zj-2.4")
    assert "concealed-hand" not in counted_ids("123m456p789s1z [5555s] +1z", "zj-2.4")


# -------------------------------------------------------------------------- payments


def _pay(hand: str, rs: str) -> dict[tuple[str, str], float]:
    return {(p.scheme, p.payer): p.amount for p in score_of(hand, rs).payments}


def test_v24_payment_methods() -> None:
    discard = _pay("123m456p789s234s1z+1z", "zj-2.4")  # 10 points: all sequences + concealed
    assert discard == {
        ("equal", "discarder"): 10, ("equal", "other"): 10,
        ("discarder-pays-more", "discarder"): 60, ("discarder-pays-more", "other"): 30,
        ("discarder-pays-all", "discarder"): 30, ("discarder-pays-all", "other"): 0,
    }
    tsumo = _pay("123m456p789s234s1z+1z tsumo", "zj-2.4")
    assert tsumo == {("equal", "each"): 10, ("discarder-pays-more", "each"): 40, ("discarder-pays-all", "each"): 10}


def test_v33_uniform_payoff() -> None:
    # 70 points on a discard: discarder 3V-50 = 160, the others 25 each (the spec's own example)
    hand = "123456789m111z2z+2z seat=W"  # 40 + 40 + 5 = 85 in both editions
    assert score_of(hand, "zj-3.3").total == 85
    assert _pay(hand, "zj-3.3") == {("uniform", "discarder"): 3 * 85 - 50, ("uniform", "other"): 25}
    assert _pay("123m456p789s234s1z+1z", "zj-3.3") == {("uniform", "each"): 10}
    assert _pay(hand + " tsumo", "zj-3.3") == {("uniform", "each"): 85}


def test_uniform_payoff_formula_matches_the_published_example() -> None:
    from generator.scoring.payments import payments

    got = {(p.payer, p.amount) for p in payments([{"id": "u", "kind": "par", "par": 25}], 70, tsumo=False)}
    assert got == {("discarder", 160), ("other", 25)}


# -------------------------------------------------------------------------- v3.3 edition


def test_v33_edition_diff() -> None:
    rs = all_rulesets()["zj-3.3"]
    assert rs.diff is not None and rs.diff.base == "zj-2.4"
    assert rs.diff.added == ("two-concealed-triplets",)
    assert rs.diff.removed == ("blessing-of-man",)
    values = {p.id: p.value for p in rs.patterns}
    expected = {
        "pure-one-suit": 80, "nine-gates": 480, "small-three-winds": 30, "big-four-winds": 400, "all-triplets": 30,
        "three-concealed-triplets": 30, "four-concealed-triplets": 125, "four-kongs": 480,
        "two-identical-sequences-twice": 60, "four-identical-sequences": 480, "small-three-similar-triplets": 30,
        "mixed-greater-terminals": 100, "win-on-kong": 10, "robbing-kong": 10, "blessing-of-heaven": 155,
        "blessing-of-earth": 155, "thirteen-terminals": 160, "seven-pairs": 30, "two-concealed-triplets": 5,
    }
    for pid, value in expected.items():
        assert values[pid] == value, pid
    base = {p.id: p.value for p in all_rulesets()["zj-2.4"].patterns}
    unchanged = set(values) - set(expected)
    assert all(values[p] == base[p] for p in unchanged)
    assert len(rs.patterns) == 45


def test_v33_two_concealed_triplets_and_blessings() -> None:
    assert "two-concealed-triplets" in counted_ids("111m555p99s123m44z+9s", "zj-3.3")
    assert "two-concealed-triplets" not in counted_ids("111m555p99s123m44z+9s", "zj-2.4")
    s = score_of("123m456p789s234s1z+1z first-turn", "zj-3.3")
    assert "blessing-of-earth" in {c.id for c in s.patterns}
    assert "blessing-of-earth" not in counted_ids("123m456p789s234s1z+1z tsumo first-turn", "zj-3.3")
