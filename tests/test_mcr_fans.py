"""Chinese Official (mcr): every fan scores on a hand that shows it and not on a near miss; the
不计 lists in the data are present Chinese practice (国标小助手's score_definition.xml, bibliography key coh);
names, numbers and values (the 1998 book, gb-1998)."""

from __future__ import annotations

from collections import Counter

import pytest
from hands import counted_ids

from generator.rules import Ruleset
from generator.rulesets import find_ruleset


@pytest.fixture(scope="module")
def mcr() -> Ruleset:
    return find_ruleset("mcr")


# pattern id -> (a hand that scores it, a near miss that does not), in the 1998 order
CASES: dict[str, tuple[str, str]] = {
    "big-four-winds": ("1m [111z][222z][333z][444z] +1m", "123m4z [111z][222z][333z] +4z"),
    "big-three-dragons": ("123m1p [555z][666z][777z] +1p", "123m456p5z [666z][777z] +5z"),
    "all-green": ("22334466888s66z+6z", "22334455888s66z+6z"),
    "nine-gates": ("1112345678999m+5m", "1122345678999m+1m"),
    "four-kongs": ("1z [5555s]{6666s}[7777p][1111m] +1z", "1z [5555s]{6666s}[7777p][111m] +1z"),
    "seven-shifted-pairs": ("1122334455667m+7m", "1122334455668m+8m"),
    "thirteen-orphans": ("19m19p19s1234567z+1z", "1199m1199p1199s1z+1z"),
    "all-terminals": ("111m999p111s999s9m+9m", "111m999p111s111z9m+9m"),
    "little-four-winds": ("123m4z [111z][222z][333z] +4z", "123m5z [111z][222z][333z] +5z"),
    "little-three-dragons": ("123m456p5z [666z][777z] +5z", "123m456p1z [666z][777z] +1z"),
    "all-honors": ("5z [111z][222z][333z][777z] +5z", "1m [111z][222z][333z][777z] +1m"),
    "four-concealed-pungs": ("111m555p999s444z2z+2z", "111m555p999s44z22z+2z"),
    "pure-terminal-chows": ("1122337788995m+5m", "112233778899m5p+5p"),
    "quadruple-chow": ("1z [123m][123m][123m][123m] +1z", "1z [123m][123m][123m][234m] +1z"),
    "four-pure-shifted-pungs": ("1z [444m][555m][666m][777m] +1z", "1z [444m][555m][666m][888m] +1z"),
    "four-pure-shifted-chows": ("123234345456m5z+5z", "123234345567m5z+5z"),
    "three-kongs": ("123m1z [5555s]{6666s}[7777p] +1z", "123m1z [5555s]{6666s}[777p] +1z"),
    "all-terminals-and-honors": ("111m999p111s111z9m+9m", "111m999p111s123s9m+9m"),
    "seven-pairs": ("1122m3344p5566s7z+7z", "111222333m456p7z+7z"),
    "greater-honors-and-knitted-tiles": ("147m25p36s1234567z", "147m258p369s12345z"),
    "all-even-pungs": ("222m444p666s888s4m+4m", "222m444p666s888s5m+5m"),
    "full-flush": ("123456789m1235m+5m", "123456789m1235p+5p"),
    "pure-triple-chow": ("456p5s [123m][123m][123m] +5s", "456p5s [123m][123m][234m] +5s"),
    "pure-shifted-pungs": ("123p1z [444m][555m][666m] +1z", "123p1z [444m][555m][777m] +1z"),
    "upper-tiles": ("777789m7899p789s+9p", "777789m6789p789s+6p"),
    "middle-tiles": ("444456m456p456s5p+5p", "444456m456p456s3p+3p"),
    "lower-tiles": ("111123m123p123s2p+2p", "111123m123p123s4p+4p"),
    "pure-straight": ("123456789m123p5z+5z", "123456m789p123p5z+5z"),
    "three-suited-terminal-chows": ("123789m123789s5p+5p", "123789m123789s6p+6p"),
    "pure-shifted-chows": ("123234345m789p5z+5z", "123234456m789p5z+5z"),
    "all-fives": ("345456m555p5567s+5s", "345456m555p5678s+8s"),
    "triple-pung": ("222m222p222s789s1z+1z", "222m222p333s789s1z+1z"),
    "three-concealed-pungs": ("111m555p999s23m44z+1m", "111m555p99s123m44z+9s"),
    "lesser-honors-and-knitted-tiles": ("147m258p369s12345z", "147m258p369s111z2z+2z"),
    "knitted-straight": ("147m258p369s111z2z+2z", "147m258p36s12345z+6z"),
    "upper-four": ("666789m789p789s9p+9p", "555789m789p789s9p+9p"),
    "lower-four": ("444123m123p123s2p+2p", "555123m123p123s2p+2p"),
    "big-three-winds": ("123m1p [111z][222z][333z] +1p", "123m456p3z [111z][222z] +3z"),
    "mixed-straight": ("123123m456p789s5z+5z", "123123m456p789p5z+5z"),
    "reversible-tiles": ("123345888p456s5z+5z", "123345888p567s5z+5z"),
    "mixed-triple-chow": ("123789m123p123s5z+5z", "123789m123p234s5z+5z"),
    "mixed-shifted-pungs": ("333789m444p555s1z+1z", "333789m444p666s1z+1z"),
    "chicken-hand": ("34m678p33z [789s][333p] +2m", "34m678p33z [789s][333p] +2m tsumo"),
    "last-tile-draw": ("123m456p789s234s1z+1z tsumo last-tile", "123m456p789s234s1z+1z last-tile"),
    "last-tile-claim": ("123m456p789s234s1z+1z last-tile", "123m456p789s234s1z+1z tsumo last-tile"),
    "out-with-replacement-tile": ("123m456p789s1z [5555s] +1z after-kong", "123m456p789s1z [5555s] +1z tsumo"),
    "robbing-the-kong": ("123m456p789s23s11z+1s robbing-kong", "123m456p789s23s11z+1s"),
    "all-pungs": ("111m555p2z [999s][777z] +2z", "123m555p2z [999s][777z] +2z"),
    "half-flush": ("123456789m111z2z+2z", "123456789m111p2z+2z"),
    "mixed-shifted-chows": ("123789m234p345s5z+5z", "123789m234p456s5z+5z"),
    "all-types": ("123m456p789s111z5z+5z", "123m456p789s111z2z+2z"),
    "melded-hand": ("1z [123m][456p][789s][555s] +1z", "1z [123m][456p][789s][555s] +1z tsumo"),
    "two-concealed-kongs": ("123m456p5z {1111s}{2222p} +5z", "123m456p5z {1111s}[2222p] +5z"),
    "two-dragons-pungs": ("123m456p1z [666z][777z] +1z", "123m456p1z [666z][222z] +1z"),
    "outside-hand": ("123m789p111s999s1z+1z", "123m789p111s678s1z+1z"),
    "fully-concealed-hand": ("123m456p789s234s1z+1z tsumo", "123m456p789s1z [234s] +1z tsumo"),
    "two-melded-kongs": ("123m456p5z [1111s][2222p] +5z", "123m456p5z [1111s][222p] +5z"),
    "last-tile": ("123m456p789s23s11z+1s last-copy", "123m456p789s23s11z+1s"),
    "dragon-pung": ("123m456p789s1z [555z] +1z", "123m456p789s1z [555s] +1z"),
    "prevalent-wind": ("123m456p789s5z [222z] +5z round=S", "123m456p789s5z [222z] +5z"),
    "seat-wind": ("123m456p789s5z [222z] +5z seat=S", "123m456p789s5z [222z] +5z seat=W"),
    "concealed-hand": ("123m456p789s234s1z+1z", "123m456p789s234s1z+1z tsumo"),
    "all-chows": ("123m456p789s234s5p+5p", "123m456p789s234s1z+1z"),
    "tile-hog": ("123345m456p789s3m+3m", "123345m456p789s4m+4m"),
    "double-pung": ("222m222p123s789s1z+1z", "222m333p123s789s1z+1z"),
    "two-concealed-pungs": ("222m555p123s789s1z+1z", "222m55p123s789s11z+5p"),
    "concealed-kong": ("123m456p789s1z {5555s} +1z", "123m456p789s1z [5555s] +1z"),
    "all-simples": ("234m456p678s345s5p+5p", "234m456p678s345s9p+9p"),
    "pure-double-chow": ("112233m456p789s1z+1z", "122334m456p789s1z+1z"),
    "mixed-double-chow": ("123m123p456s789s1z+1z", "123m234p456s789s1z+1z"),
    "short-straight": ("123456m789p234s1z+1z", "123567m789p234s1z+1z"),
    "two-terminal-chows": ("123789m456p234s1z+1z", "123678m456p234s1z+1z"),
    "pung-of-terminals-or-honors": ("123m456p789s5z [111s] +5z", "123m456p789s5z [222s] +5z"),
    "melded-kong": ("123m456p789s1z [5555s] +1z", "123m456p789s1z {5555s} +1z"),
    "one-voided-suit": ("123456m789p234p1z+1z", "123456m789p234s1z+1z"),
    "no-honors": ("123m456p789s222s5m+5m", "123m456p789s222s1z+1z"),
    "edge-wait": ("12m456p789s234s11z+3m", "23m456p789s234s11z+1m"),
    "closed-wait": ("13m456p789s234s11z+2m", "12m456p789s234s11z+3m"),
    "single-wait": ("123m456p789s234s1z+1z", "123m456p789s11z22z+1z"),
    "self-drawn": ("123m456p789s1z [234s] +1z tsumo", "123m456p789s1z [234s] +1z"),
    "flower-tiles": ("123m456p789s234s1z+1z flowers=3", "123m456p789s234s1z+1z"),
    "concealed-kong-and-melded-kong": ("123m456p5z {1111s}[2222p] +5z", "123m456p5z {1111s}{2222p} +5z"),}


def test_every_pattern_has_a_case(mcr: Ruleset) -> None:
    assert list(CASES) == [p.id for p in mcr.patterns]
    assert len(CASES) == 82  # the 81 fans of 1998 and 明暗杠


@pytest.mark.parametrize("pattern", list(CASES))
def test_pattern_scores_and_near_miss_does_not(pattern: str, mcr: Ruleset) -> None:
    hit, miss = CASES[pattern]
    assert pattern in counted_ids(hit, mcr), hit
    assert pattern not in counted_ids(miss, mcr), miss


# ---------------------------------------------------------------------------------------- 不计 lists

X = None  # exclusion of every instance
# 国标小助手's score_definition.xml (coh): each fan's 不计 list, as that calculator applies it, and its rule on
# pure-structure exclusions; a number is how many instances go (the sets of the excluding pattern).
REFERENCE_EXCLUDES: dict[str, dict[str, int | None]] = {
    "big-four-winds": {"big-three-winds": X, "all-pungs": X, "prevalent-wind": X, "seat-wind": X,
                       "pung-of-terminals-or-honors": X},
    "big-three-dragons": {"two-dragons-pungs": X, "dragon-pung": X},
    "all-green": {"half-flush": X, "one-voided-suit": X},
    "nine-gates": {"full-flush": X, "fully-concealed-hand": X, "concealed-hand": X, "no-honors": X,
                   "pung-of-terminals-or-honors": 1},
    "four-kongs": {"all-pungs": X, "single-wait": X, "three-kongs": X, "two-concealed-kongs": X,
                   "two-melded-kongs": X, "concealed-kong": X, "melded-kong": X, "concealed-kong-and-melded-kong": X},
    "seven-shifted-pairs": {"full-flush": X, "seven-pairs": X, "fully-concealed-hand": X, "concealed-hand": X,
                            "no-honors": X, "single-wait": X},
    "thirteen-orphans": {"all-terminals-and-honors": X, "all-types": X, "fully-concealed-hand": X,
                         "concealed-hand": X, "single-wait": X},
    "all-terminals": {"all-terminals-and-honors": X, "all-pungs": X, "outside-hand": X, "double-pung": X,
                      "pung-of-terminals-or-honors": X, "no-honors": X},
    "little-four-winds": {"big-three-winds": X, "pung-of-terminals-or-honors": X},
    "little-three-dragons": {"two-dragons-pungs": X, "dragon-pung": X},
    "all-honors": {"all-terminals-and-honors": X, "all-pungs": X, "outside-hand": X,
                   "pung-of-terminals-or-honors": X, "one-voided-suit": X},
    "four-concealed-pungs": {"all-pungs": X, "fully-concealed-hand": X, "concealed-hand": X,
                             "three-concealed-pungs": X, "two-concealed-pungs": X},
    "pure-terminal-chows": {"seven-pairs": X, "full-flush": X, "all-chows": X, "pure-double-chow": X,
                            "two-terminal-chows": X, "no-honors": X},
    "quadruple-chow": {"pure-triple-chow": X, "pure-shifted-pungs": X, "seven-pairs": X, "tile-hog": X,
                       "pure-double-chow": X},
    "four-pure-shifted-pungs": {"pure-triple-chow": X, "pure-shifted-pungs": X, "all-pungs": X},
    "four-pure-shifted-chows": {"pure-shifted-chows": X, "short-straight": X, "two-terminal-chows": X},
    "three-kongs": {"two-concealed-kongs": X, "two-melded-kongs": X, "concealed-kong": X, "melded-kong": X,
                    "concealed-kong-and-melded-kong": X},
    "all-terminals-and-honors": {"all-pungs": X, "outside-hand": X, "pung-of-terminals-or-honors": X},
    "seven-pairs": {"fully-concealed-hand": X, "concealed-hand": X, "single-wait": X},
    "greater-honors-and-knitted-tiles": {"lesser-honors-and-knitted-tiles": X, "all-types": X,
                                         "fully-concealed-hand": X, "concealed-hand": X},
    "all-even-pungs": {"all-pungs": X, "all-simples": X, "no-honors": X},
    "full-flush": {"no-honors": X},
    "pure-triple-chow": {"pure-shifted-pungs": X, "pure-double-chow": X},
    "pure-shifted-pungs": {"pure-triple-chow": X},
    "upper-tiles": {"upper-four": X, "no-honors": X},
    "middle-tiles": {"all-simples": X, "no-honors": X},
    "lower-tiles": {"lower-four": X, "no-honors": X},
    "pure-straight": {"short-straight": X, "two-terminal-chows": X},
    "three-suited-terminal-chows": {"all-chows": X, "two-terminal-chows": X, "mixed-double-chow": X, "no-honors": X},
    "all-fives": {"all-simples": X, "no-honors": X},
    "triple-pung": {"double-pung": X},
    "three-concealed-pungs": {"two-concealed-pungs": X},
    "lesser-honors-and-knitted-tiles": {"all-types": X, "fully-concealed-hand": X, "concealed-hand": X},
    "upper-four": {"no-honors": X},
    "lower-four": {"no-honors": X},
    "big-three-winds": {"pung-of-terminals-or-honors": 3},
    "reversible-tiles": {"one-voided-suit": X},
    "mixed-triple-chow": {"mixed-double-chow": X},
    "last-tile-draw": {"self-drawn": X},
    "out-with-replacement-tile": {"self-drawn": X},
    "robbing-the-kong": {"last-tile": X},
    "melded-hand": {"single-wait": X},
    "two-concealed-kongs": {"two-concealed-pungs": X, "concealed-kong": X},
    "two-dragons-pungs": {"dragon-pung": X},
    "fully-concealed-hand": {"self-drawn": X},
    "two-melded-kongs": {"melded-kong": X},
    "dragon-pung": {"pung-of-terminals-or-honors": 1},
    "prevalent-wind": {"pung-of-terminals-or-honors": 1},
    "seat-wind": {"pung-of-terminals-or-honors": 1},
    "all-chows": {"no-honors": X},
    "all-simples": {"no-honors": X},
    "concealed-kong-and-melded-kong": {"melded-kong": X, "concealed-kong": X, "two-melded-kongs": X},
}


def test_excludes_match_the_reference(mcr: Ruleset) -> None:
    data = {p.id: {e.id: e.count for e in p.excludes} for p in mcr.patterns if p.excludes}
    assert data == REFERENCE_EXCLUDES


def test_every_exclusion_names_why(mcr: Ruleset) -> None:
    assert {e.why for p in mcr.patterns for e in p.excludes} == {"implied"}


# ---------------------------------------------------------------------------------------- the list itself


def test_values_form_the_1998_point_groups(mcr: Ruleset) -> None:
    fans = [p for p in mcr.patterns if p.number != "82"]
    assert [int(p.number) for p in fans] == list(range(1, 82))
    groups = Counter(p.value for p in fans if p.id != "flower-tiles")
    # 附件8 番种分类分值表: 88×7, 64×6, 48×2, 32×3, 24×9, 16×6, 12×5, 8×9, 6×7, 4×4, 2×10, 1×12 (+ flowers)
    assert groups == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 12}
    assert mcr.pattern("concealed-kong-and-melded-kong").value == 5


def test_chinese_names_are_the_standard_list(mcr: Ruleset) -> None:
    zh = {p.id: p.zh for p in mcr.patterns}
    assert (zh["edge-wait"], zh["closed-wait"], zh["single-wait"], zh["flower-tiles"]) == ("边张", "嵌张", "单钓将", "花牌")
    assert len(set(zh.values())) == 82


def test_practice_only_rules_are_marked_as_interpretations(mcr: Ruleset) -> None:
    interpreted = {p.id for p in mcr.patterns if p.provenance == "interpretation"}
    assert {"concealed-kong-and-melded-kong", "edge-wait", "closed-wait", "single-wait"} <= interpreted
    assert all(mcr.pattern(pid).reading.strip() for pid in interpreted)
    listed = [p for p in mcr.patterns if p.id != "concealed-kong-and-melded-kong"]
    assert all(p.citations[0].key == "gb-1998" and p.citations[0].at.startswith(f"fan {p.number} ") for p in listed)


def test_ruleset_identity(mcr: Ruleset) -> None:
    assert (mcr.name, mcr.zh, mcr.unit, mcr.policy) == ("Chinese Official", "国标麻将", "fan", "mcr")
    for alias in ("guobiao", "国标", "mcr-1998", "chinese-official"):
        assert find_ruleset(alias) is mcr
    assert mcr.description.strip() and mcr.principles.strip()
