"""Sihai 3.1: the fan table against the source text, every fan on a hand that scores it and a
near miss that does not, one fan per class, the text's special rules, the minimum lines, the
limit and the payments."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hands import counted_ids, score_of
from sihai_facts import fan_table, minimum_levels, payment_table, split_lines

from generator.cli import main
from generator.detectors import View
from generator.detectors.links import chain
from generator.notation import parse_hand
from generator.rules import Ruleset
from generator.rulesets import find_ruleset
from generator.scoring.minimums import minimum_of
from generator.scoring.payments import payments
from generator.shapes import readings

RS = "sihai-3.1"

# pattern id -> (a hand that scores it, a near miss that does not)
CASES: dict[str, tuple[str, str]] = {
    # 花色
    "all-types": ("123m456p789s111z5z+5z", "123m456p789s111z2z+2z"),
    "half-flush": ("123456789m111z2z+2z", "123456789m111p2z+2z"),
    "full-flush": ("123m456m789m111m2m+2m", "123m456m789m111m2p+2p"),
    "open-nine-gates": ("2345678999m [111m] +5m", "1112345678999m+5m tsumo"),
    "all-honours": ("5z [111z][222z][333z][777z] +5z", "1m [111z][222z][333z][777z] +1m"),
    "nine-gates": ("1112345678999m+5m", "1112345567899m+9m"),
    # 牌型
    "all-chows": ("123m456p789s234s1z+1z", "123m456p789s222s1z+1z"),
    "all-pungs": ("111m555p999s2z [777z] +2z", "123m555p999s2z [777z] +2z"),
    "seven-pairs": ("1122m3344p5566s7z+7z", "1111m3344p5566s7z+7z"),
    "seven-shifted-pairs": ("11223344556677m", "11223344556688m"),
    "seven-stars": ("11223344556677z", "11m112233445566z"),
    "seven-pairs-one-quad": ("1111m3344p5566s7z+7z", "1122m3344p5566s7z+7z"),
    "seven-pairs-two-quads": ("1111m3333p5566s7z+7z", "1111m3344p5566s7z+7z"),
    "seven-pairs-three-quads": ("1111m3333p5555s7z+7z", "1111m3333p5566s7z+7z"),
    "knitted-and-honours": ("147m258p36s12345z+7z", "147m258p369s123m1z+1z"),
    "greater-knitted-and-honours": ("147m258p3s123456z+7z", "147m258p36s12345z+7z"),
    "knitted-straight-and-honours": ("147m258p369s1234z+5z", "147m258p36s12345z+7z"),
    "thirteen-orphans": ("19m19p19s1234567z+1z", "1199m1199p11s1133z"),
    "knitted-straight": ("147m258p369s123m1z+1z", "147m258p369s1234z+5z"),
    # 序数
    "all-simples": ("234m456p678s234s5p+5p", "234m456p678s234s9p+9p"),
    "mixed-outside": ("123m789p111s111z9m+9m", "123m789p111s111z5m+5m"),
    "pure-outside": ("123m789p111s999m9p+9p", "123m789p111s111z9m+9m"),
    "terminals-and-honours": ("111m999p111s111z9s+9s", "111m999p123s111z9s+9s"),
    "all-terminals": ("111m999p111s999s9m+9m", "111m999p111s111z9s+9s"),
    "mixed-shared-number": ("345m456p555s111z5p+5p", "345m456p666s111z5p+5p"),
    "pure-shared-number": ("345m456p567s555m5p+5p", "345m456p678s555m5p+5p"),
    "balanced-number": ("456m555m456p456s5p+5p", "345m555m456p456s5p+5p"),
    "mixed-all-odd": ("111m333p555s777z9m+9m", "111m333p555s777z8m+8m"),
    "mixed-all-even": ("222m444p666s777z8m+8m", "222m444p666s777z9m+9m"),
    "all-odd": ("111m333p555s777m9p+9p", "111m333p555s777m8p+8p"),
    "all-even": ("222m444p666s888m6m+6m", "222m444p666s888m5m+5m"),
    "one-line": ("222m555p888s222p5s+5s", "222m555p888s333p5s+5s"),
    "mixed-unbroken-run": ("123m456p7s111z777z+7s", "123m456p8s111z777z+8s"),
    "unbroken-run": ("123m444p55s666m789p", "123m444p55s777m789p"),
    # 刻杠
    "one-kong": ("123m456p789s1z [5555s] +1z", "123m456p789s1z [555s] +1z"),
    "two-kongs": ("123m456p1z [5555s]{6666s} +1z", "123m456p1z [5555s][666s] +1z"),
    "three-kongs": ("123m1z [5555s]{6666s}[7777p] +1z", "123m1z [5555s]{6666s}[777p] +1z"),
    "four-kongs": ("1z [5555s]{6666s}[7777p][1111m] +1z", "1z [5555s]{6666s}[7777p][111m] +1z"),
    # 字牌
    "dragon-pung": ("123m456p789s1z [555z] +1z", "123m456p789s1z [222z] +1z"),
    "three-dragon-pairs": ("1122m3344p556677z", "1122m3344p77s5566z"),
    "little-three-dragons": ("123m456p5z [666z][777z] +5z", "123m456p1z [666z][777z] +1z"),
    "big-three-dragons": ("123m1p [555z][666z][777z] +1p", "123m456p5z [666z][777z] +5z"),
    "little-three-winds": ("123m456p3z [111z][222z] +3z", "123m456p5z [111z][222z] +5z"),
    "big-three-winds": ("123m1p [111z][222z][333z] +1p", "123m456p3z [111z][222z] +3z"),
    "little-four-winds": ("123m4z [111z][222z][333z] +4z", "123m5z [111z][222z][333z] +5z"),
    "big-four-winds": ("1m [111z][222z][333z][444z] +1m", "123m4z [111z][222z][333z] +4z"),
    "three-wind-pairs": ("1122m3344p112233z", "1122m3344p55s1122z"),
    "four-wind-pairs": ("1122m33p11223344z", "1122m3344p112233z"),
    # 一色
    "pure-double-chow": ("112233m456p789s1z+1z", "122334m456p789s1z+1z"),
    "two-pure-double-chows": ("112233m556677m1z+1z", "112233m556677p1z+1z"),
    "pure-triple-chow": ("123m789p1z [123m][123m] +1z", "123m789p1z [123m][234m] +1z"),
    "quadruple-chow": ("1z [123m][123m][123m][123m] +1z", "1z [123m][123m][123m][234m] +1z"),
    "shifted-double-chow": ("123234m789p456s1z+1z", "123345m789p456s1z+1z"),
    "pure-shifted-chows": ("123234345m789p1z+1z", "123345567m789p1z+1z"),
    "four-shifted-chows": ("1z [123m][234m][345m][456m] +1z", "1z [123m][234m][345m][567m] +1z"),
    "silver-ladder": ("5m [123m][234m][345m][456m] +5m", "7m [123m][234m][345m][456m] +7m"),
    "two-shifted-double-chows": ("123234m567678m1z+1z", "123234m567789m1z+1z"),
    "two-terminal-chows": ("123789m456p123s1z+1z", "123678m456p123s1z+1z"),
    "pure-straight": ("123456789m456p1z+1z", "123456678m456p1z+1z"),
    "linked-dragon": ("1z [123m][345m][567m][789m] +1z", "1z [123m][234m][345m][456m] +1z"),
    "twin-dragons": ("1122337788995m+5m", "1122337788996m+6m"),
    "short-straight": ("123456m789p123s1z+1z", "123567m789p123s1z+1z"),
    "two-short-straights": ("123456m234567m1z+1z", "123456m234678m1z+1z"),
    "mirrored-short-straights": ("123456m456789m1z+1z", "123456m234567m1z+1z"),
    "two-shifted-pungs": ("333444m789p123s1z+1z", "333555m789p123s1z+1z"),
    "little-three-shifted-pungs": ("333444m55m789p123s", "333444m66m789p123s"),
    "three-shifted-pungs": ("789p1z [333m][444m][555m] +1z", "789p1z [333m][444m][666m] +1z"),
    "two-shifted-pung-pairs": ("1z [111s][222s][777s][888s] +1z", "1z [111s][222s][777s][999s] +1z"),
    "four-shifted-pungs": ("1z [444m][555m][666m][777m] +1z", "1z [444m][555m][666m][888m] +1z"),
    "golden-ladder": ("5m [111m][222m][333m][444m] +5m", "6m [111m][222m][333m][444m] +6m"),
    "tile-hog": ("111123m456p789s1z+1z", "111234m456p789s1z+1z"),
    "two-tile-hogs": ("222234m777789m1z+1z", "222234m777789p1z+1z"),
    "eight-tiles-home": ("111222123m789p1z+1z", "111222234m789p1z+1z"),
    "twelve-tiles-home": ("123m1z [111m][222m][333m] +1z", "123m1z [111m][222m][444m] +1z"),
    "pung-chow-link": ("111234m789p456s1z+1z", "111345m789p456s1z+1z"),
    "pair-of-swallows": ("123444567m789p1z+1z", "123444678m789p1z+1z"),
    "high-on-both-sides": ("111234555m789p1z+1z", "111234666m789p1z+1z"),
    "four-link-chain": ("111234555678m1z+1z", "111234555789m1z+1z"),
    "jade-cong": ("2345678999m [111m] +5m", "2345678999m [111m] +2m"),
    "jade-bi": ("1234445666789m+5m", "123444666789m1z+1z"),
    "great-china": ("11123455567899m", "12344456788899m"),
    "two-pung-chow-links": ("111234666789m1z+1z", "111234777789m1z+1z"),
    "king-dragon": ("12344456788899m", "11122234567899m"),
    # 三色
    "mixed-double-chow": ("123m123p789s456s1z+1z", "123m234p789s456s1z+1z"),
    "mixed-triple-chow": ("123m123p123s456s1z+1z", "123m123p234s456s1z+1z"),
    "double-pung": ("444m444p123m789s1z+1z", "444m555p123m789s1z+1z"),
    "little-three-similar-pungs": ("444m444p123m789s4s+4s", "444m444p123m789s5s+5s"),
    "triple-pung": ("444m444p444s789s1z+1z", "444m444p555s789s1z+1z"),
    "mirror-chows": ("234678m234678p1z+1z", "234678m234789p1z+1z"),
    "mirror-chow-pung": ("123777m123777p1z+1z", "123777m123888p1z+1z"),
    "mirror-pungs": ("333666m333666p1z+1z", "333666m333777p1z+1z"),
    "mixed-straight": ("123m456p789s234s1z+1z", "123m456p789p234s1z+1z"),
    "mixed-shifted-pungs": ("333m444p555s789m1z+1z", "333m444p666s789m1z+1z"),
    # 偶然
    "last-tile-draw": ("123m456p789s234s1z+1z tsumo last-tile", "123m456p789s234s1z+1z last-tile"),
    "human-win": ("123m456p789s234s1z+1z first-turn", "123m456p789s234s1z+1z first-turn dealer"),
    "earthly-win": ("123m456p789s234s1z+1z tsumo first-turn", "123m456p789s234s1z+1z first-turn"),
    "heavenly-win": ("123m456p789s234s1z+1z tsumo first-turn dealer", "123m456p789s234s1z+1z tsumo first-turn"),
    "last-tile-discard": ("123m456p789s234s1z+1z last-tile", "123m456p789s234s1z+1z tsumo last-tile"),
    "robbing-the-kong": ("123m456p789s23s11z+1s robbing-kong", "123m456p789s23s11z+1s"),
    "win-on-kong": ("123m456p789s1z [5555s] +1z after-kong", "123m456p789s1z [5555s] +1z tsumo"),
}


def _rs(**options: object) -> Ruleset:
    rs = find_ruleset(RS)
    return replace(rs, options={**rs.options, **options}) if options else rs


# ----------------------------------------------------------------------------- the table


def test_patterns_json_lists_the_source_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["patterns", "--ruleset", RS, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    table = fan_table()
    assert len(table) == len(listed) == 100
    assert [(o["zh"], o["value"]) for o in listed] == [(r.zh, r.value) for r in table]
    assert [o["number"] for o in listed] == [str(i) for i in range(1, 101)]


def test_labels_and_classes_follow_the_table() -> None:
    rs = find_ruleset(RS)
    for row, p in zip(fan_table(), rs.patterns, strict=True):
        assert (p.extra["major"], p.extra["class"], p.extra["sub"]) == (row.major, row.cls, row.sub), p.id
        # the class 同类别不复用 reads: the 类别 cell; the 牌型 rows split by 子类; 花色 is one class
        want = f"{row.major}/{row.cls or row.sub}" if row.cls or row.sub else row.major
        assert p.group == want, p.id
        assert p.category == " / ".join(x for x in (row.major, row.cls, row.sub) if x), p.id


def test_interpretations_say_why() -> None:
    rs = find_ruleset(RS)
    for p in rs.patterns:
        assert p.provenance in ("source", "interpretation")
        assert p.definition.strip()
        if p.provenance == "interpretation":
            assert len(p.reading.split()) >= 3, p.id
    named_only = ["玉琮", "玉璧", "大中华", "王龙", "金梯", "银梯", "全称", "连环龙", "镜连六", "双飞燕"]
    by_zh = {p.zh: p for p in rs.patterns}
    assert all(by_zh[zh].provenance == "interpretation" for zh in named_only)


# ----------------------------------------------------------------------------- every fan


def test_every_fan_has_a_case() -> None:
    assert set(CASES) == {p.id for p in find_ruleset(RS).patterns}


@pytest.mark.parametrize("pattern", sorted(CASES))
def test_fan_scores_and_near_miss_does_not(pattern: str) -> None:
    hit, miss = CASES[pattern]
    assert score_of(hit, RS).complete and score_of(miss, RS).complete, (hit, miss)
    assert pattern in counted_ids(hit, RS), hit
    assert pattern not in counted_ids(miss, RS), miss


# ----------------------------------------------------------------------------- one fan per class


def _excluded(hand: str) -> dict[str, tuple[str, str]]:
    return {e.id: (e.by, e.rule) for e in score_of(hand, RS).excluded}


def test_all_one_line_beats_all_even_in_its_class_and_adds_to_all_pungs() -> None:
    hand = "222m888p222s888s2p+2p"  # only 2s and 8s: 全双 and 全筋, one class (the text's example)
    assert counted_ids(hand, RS) >= {"one-line", "all-pungs"}
    ex = _excluded(hand)
    assert ex["all-even"] == ("one-line", "series") and ex["mixed-all-even"] == ("one-line", "series")


def test_different_classes_add_up_as_in_the_text() -> None:
    s = score_of("111m333p555s777m9p+9p", RS)  # 全单 + 对对和 = 90 (the text's table)
    assert {c.id for c in s.patterns} == {"all-odd", "all-pungs"} and s.total == 90
    assert _excluded("111m333p555s777m9p+9p")["mixed-all-odd"] == ("all-odd", "series")


def test_three_suit_chow_and_pung_fans_share_one_class() -> None:
    hand = "444m444p123m123p4s+4s"  # 镜同顺刻 with 小三同刻, 双同刻 and 喜相逢 inside: one class
    assert "mirror-chow-pung" in counted_ids(hand, RS)
    ex = _excluded(hand)
    for fan in ("little-three-similar-pungs", "double-pung", "mixed-double-chow"):
        assert ex[fan] == ("mirror-chow-pung", "series")
    assert _excluded("123m123p123s456s1z+1z")["mixed-double-chow"] == ("mixed-triple-chow", "series")


def test_mirrored_pungs_already_include_all_pungs() -> None:
    assert _excluded("333666m333666p1z+1z")["all-pungs"] == ("mirror-pungs", "implied")
    assert "all-pungs" in counted_ids("333666m333777p1z+1z", RS)  # no 镜同刻: 对对和 counts


def test_dragon_pung_counts_once_like_every_fan() -> None:
    """Audit S2: 同类别不复用 has no exception in the text, so two dragon pungs score 番牌 once (10)."""
    s = score_of("123m456p1z [555z][666z] +1z", RS)
    (dragons,) = [c for c in s.patterns if c.id == "dragon-pung"]
    assert (dragons.count, dragons.points) == (1, 10)
    assert find_ruleset(RS).option("repeatable") == []
    s = score_of("112233778899m1z+1z", RS)  # 123 789 twice: 老少副 once
    assert [c.count for c in s.patterns if c.id == "two-terminal-chows"] == [1]


# ----------------------------------------------------------------------------- the text's special rules


@pytest.mark.parametrize(("hand", "fan"), [
    ("1112346788999m+5m tsumo", "nine-gates"),  # concealed, self-drawn; the extra 8 is not the winning tile
    ("1112345678999m+5m", "nine-gates"),  # discard onto the pure nine-way wait
    ("1112346788999m+5m", "open-nine-gates"),  # discard, but the 13 tiles were not the pure shape
    ("2345678999m [111m] +5m tsumo", "open-nine-gates"),  # a claimed pung: not concealed
])
def test_nine_gates_and_open_nine_gates(hand: str, fan: str) -> None:
    ids = counted_ids(hand, RS)
    assert fan in ids
    assert not {"nine-gates", "open-nine-gates"} - {fan} & ids


def test_seven_pairs_with_four_identical_tiles_is_the_quad_series() -> None:
    hand = "1111m3344p5566s7z+7z"
    assert "seven-pairs-one-quad" in counted_ids(hand, RS)
    assert _excluded(hand)["seven-pairs"] == ("seven-pairs-one-quad", "series")


# ----------------------------------------------------------------------------- minimum to win

# hands whose totals the checks below rely on (asserted first)
TOTALS = {
    "123m456p678s222s1z+1z": 0,  # nothing
    "123m456p678s234s1z+1z": 5,  # 平和
    "123m456p678s1z [1111p] +1z": 10,  # 一杠
    "112233m456p678s1z+1z": 15,  # 平和 + 一般高
    "123m456p678s111z5z+5z": 20,  # 五门齐
    "222m444p777s999s5m+5m": 30,  # 对对和
    "111m333p555s999m1z+1z": 50,  # 对对和 + 混全单
}


def test_minimum_levels_are_the_source_table() -> None:
    rows = find_ruleset(RS).option("minimums")
    got = [(r["level"], r["self_draw"], r["discard"], tuple(r["editions"])) for r in rows]
    assert got == [(lv.level, lv.self_draw, lv.discard, lv.editions) for lv in minimum_levels()]
    assert find_ruleset(RS).option("minimum") == "D-V"  # the standard edition's own level


@pytest.mark.parametrize("hand", sorted(TOTALS))
def test_minimum_check_totals(hand: str) -> None:
    assert score_of(hand, RS).total == TOTALS[hand]
    assert score_of(hand + " tsumo", RS).total == TOTALS[hand]


@pytest.mark.parametrize("level", [lv.level for lv in minimum_levels()])
def test_wins_are_legal_exactly_from_each_line(level: str) -> None:
    (row,) = [lv for lv in minimum_levels() if lv.level == level]
    rs = _rs(minimum=level)
    for hand, total in TOTALS.items():
        for tsumo, line in ((False, row.discard), (True, row.self_draw)):
            s = score_of(hand + (" tsumo" if tsumo else ""), rs)
            assert s.legal == (total >= line), (level, hand, tsumo)
            assert bool(s.payments) == s.legal
            if not s.legal:
                assert any("below" in n for n in s.notes)


def test_every_edition_level_belongs_to_a_named_edition() -> None:
    editions = find_ruleset(RS).option("editions")
    assert sorted(editions) == ["A", "B", "C", "D"]
    for lv in minimum_levels():
        for code in lv.editions:
            edition, level = code.split("-")
            assert edition in editions and level == lv.level


def test_edition_levels_name_their_level() -> None:
    assert minimum_of(_rs(), "C-IV") == minimum_of(_rs(), "IV")
    assert minimum_of(_rs(), "B-II") == minimum_of(_rs(), "A-II")
    with pytest.raises(ValueError, match="not a level"):
        minimum_of(_rs(), "D-III")


# ----------------------------------------------------------------------------- the limit


def test_limit_line_is_the_texts() -> None:
    assert find_ruleset(RS).option("limit") == split_lines()[2] == 200


def test_a_fan_above_the_limit_scores_alone() -> None:
    s = score_of("11223344556677z", RS)  # 大七星 with 字一色, 三元对 and 四喜对 inside
    assert [c.id for c in s.patterns] == ["seven-stars"] and s.total == 480
    ex = _excluded("11223344556677z")
    for fan in ("all-honours", "three-dragon-pairs", "four-wind-pairs"):
        assert ex[fan] == ("seven-stars", "limit")


def test_the_highest_beyond_limit_fan_is_the_one_kept() -> None:
    s = score_of("1m [111z][222z][333z][444z] +1m", RS)  # 大四喜 320 and 字一色? no: 1m pair
    assert [c.id for c in s.patterns] == ["big-four-winds"]
    s = score_of("5z [111z][222z][333z][444z] +5z", RS)  # 大四喜 320 beats 字一色 240
    assert [c.id for c in s.patterns] == ["big-four-winds"] and s.total == 320


def test_a_sum_above_the_limit_is_cut() -> None:
    s = score_of("2345678999m [111m] +5m", RS)  # 九莲明灯 160 + 玉琮 160 + 全连 40
    assert sum(c.points for c in s.patterns) == 360
    assert s.total == 200 and any("cut" in n for n in s.notes)


# ----------------------------------------------------------------------------- payments


def _amounts(ps: list) -> dict[str, float]:
    return {p.payer: p.amount for p in ps}


@pytest.mark.parametrize("split", split_lines()[:2])  # 50, and 25 for the basic edition
@pytest.mark.parametrize("h", [0, 5, 20, 25, 30, 50, 51, 80, 120, 200, 480])
def test_payments_follow_the_source_table(split: int, h: int) -> None:
    (scheme,) = find_ruleset(RS).option("payment")
    scheme = {**scheme, "par": split}
    rows = {r.case: r for r in payment_table()}

    def value(form: tuple[int, int]) -> int:
        return form[0] * h + form[1] * split

    tsumo = _amounts(payments([scheme], h, tsumo=True))
    row = rows["自摸"]
    assert tsumo == {"each": value(row.others)} and 3 * tsumo["each"] == value(row.winner)
    discard = _amounts(payments([scheme], h, tsumo=False))
    row = rows["点和，H ≤ F"] if h <= split else rows["点和，H > F"]
    assert row.discarder is not None
    want = {"discarder": value(row.discarder), "other": value(row.others)}
    if want["discarder"] == want["other"]:
        want = {"each": want["other"]}  # only at H = 0 do all three pay the same
    assert discard == want
    paid = discard.get("discarder", discard.get("each", 0)) + 2 * discard.get("other", discard.get("each", 0))
    assert paid == value(row.winner)


def test_split_line_is_the_texts() -> None:
    (scheme,) = find_ruleset(RS).option("payment")
    assert scheme["par"] == split_lines()[0] == 50


def test_scored_hands_carry_their_payments() -> None:
    s = score_of("2345678999m [111m] +5m", RS)  # 200 on a discard
    assert _amounts(s.payments) == {"discarder": 700, "other": 50}
    s = score_of("2345678999m [111m] +5m tsumo", RS)
    assert _amounts(s.payments) == {"each": 400}
    s = score_of("111m333p555s999m1z+1z", RS)  # exactly 50 on a discard: H = F
    assert _amounts(s.payments) == {"discarder": 100, "other": 50}


def test_zung_jung_par_scheme_is_unchanged() -> None:
    scheme = {"id": "u", "kind": "par", "par": 25}
    assert _amounts(payments([scheme], 20, tsumo=False)) == {"each": 20}
    assert _amounts(payments([scheme], 70, tsumo=False)) == {"discarder": 160, "other": 25}
    assert _amounts(payments([scheme], 70, tsumo=True)) == {"each": 70}


def test_chain_orders_are_checked() -> None:
    hand = parse_hand("111234555m789p1z+1z")
    view = View(hand, readings(hand)[0])
    assert chain(view, orders="PCP")
    with pytest.raises(ValueError, match="words of C, P and R"):
        chain(view, orders="PCX")


def test_a_fan_another_always_brings_is_not_added() -> None:
    """Audit S1: the text totals 混幺九 and 全双 with 对对和 at 110; the fans they always bring are dropped."""
    assert _excluded("111m999p111z222z9s+9s")["mixed-all-odd"] == ("terminals-and-honours", "implied")
    assert _excluded("222m888m444p666s2s+2s")["all-simples"] == ("all-even", "implied")
    assert _excluded("19m19p19s1234567z+1m")["all-types"] == ("thirteen-orphans", "implied")
    assert score_of("111m999p111z222z9s+9s", RS).total == 110
    assert score_of("222m888m444p666s2s+2s", RS).total == 110
    assert score_of("1119m999p111s111z+9m", RS).total == 120  # + 双同刻 10 (another class)
    # 全单 does not always bring 断幺, so on 3s, 5s and 7s both count: 30 + 60 + 5, and 双同刻 10
    assert score_of("333m555p777s333p5s+5s", RS).total == 105
