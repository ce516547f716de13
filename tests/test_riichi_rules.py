"""The Riichi rule sets as data and as engine output: the loader's new checks, the JSON, the context rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_rules_loader import GOOD, error_for, write

from generator.notation import HandError, parse_hand, parse_waiting
from generator.rulesets import find_ruleset, load_rulesets
from generator.scoring.engine import check, score
from generator.scoring.riichi_reading import basic_points, payments
from generator.scoring.waits import waits_for
from generator.tiles import tile_from_text

ROOT = Path(__file__).resolve().parent.parent
RIICHI = GOOD.replace('policy = "series"', 'policy = "riichi"').replace("limit = 100", "counted_yakuman = true")


def test_open_value_loads_and_is_checked(tmp_path: Path) -> None:
    text = RIICHI.replace("value = 10\n", "value = 10\nopen_value = 9\n")
    rs = load_rulesets(write(tmp_path, text))["toy"]
    assert rs.pattern("flush").open_value == 9 and rs.pattern("no-honours").open_value is None
    err = error_for(tmp_path, RIICHI.replace("value = 10\n", "value = 10\nopen_value = 11\n"))
    assert "toy.toml:19" in str(err) and "open_value" in str(err) and "up to the value 10" in str(err)
    err = error_for(tmp_path, RIICHI.replace("value = 10\n", 'value = 10\nopen_value = "x"\n'))
    assert "open_value" in str(err) and "expected an integer" in str(err)


def test_riichi_options_are_checked(tmp_path: Path) -> None:
    err = error_for(tmp_path, RIICHI.replace("counted_yakuman = true", "counted_yakuman = 1"))
    assert "toy.toml:12" in str(err) and "options.counted_yakuman" in str(err) and "true or false" in str(err)
    err = error_for(tmp_path, RIICHI.replace("counted_yakuman = true", "kiriage = true"))
    assert "unknown option for policy 'riichi'" in str(err)


def test_aliases_find_the_rule_set() -> None:
    for name in ("riichi", "jp", "日麻", "JP"):
        assert find_ruleset(name).id == "riichi"
    assert find_ruleset("ema").id == "riichi-ema-2016"
    ema = find_ruleset("riichi-ema-2016")
    assert ema.diff is not None and ema.diff.base == "riichi"
    assert "red-five" in ema.diff.removed and "blessing-of-man" in ema.diff.added


def test_json_has_han_fu_limit_and_payments() -> None:
    s = score(parse_hand("33m123m123s456s78s+9s riichi tsumo seat=S"), find_ruleset("riichi"))
    out = s.to_json()
    assert (out["han"], out["fu"], out["limit"], out["total"]) == (5, 20, "mangan", 8000)
    assert out["payments"] == [{"scheme": "riichi", "payer": "dealer", "amount": 4000},
                               {"scheme": "riichi", "payer": "non-dealer", "amount": 2000}]
    assert json.loads(s.json_text()) == out
    low = score(parse_hand("33m123m123s456s78s+9s riichi seat=S"), find_ruleset("riichi")).to_json()
    assert "limit" not in low and low["han"] == 4 and low["fu"] == 30 and low["total"] == 7700


def test_other_rule_sets_note_the_riichi_flags_they_ignore() -> None:
    hand = parse_hand("340m456p789s11z22z+2z riichi dora=1m")
    s = score(hand, find_ruleset("zj-2.4"))
    assert s.notes[-1] == "not used by zj-2.4: riichi, dora, red fives (read as fives)"
    assert "han" not in s.to_json()
    plain = score(parse_hand("345m456p789s11z22z+2z"), find_ruleset("zj-2.4"))
    assert (plain.total, [c.id for c in plain.patterns]) == (s.total, [c.id for c in s.patterns])
    assert score(parse_hand("345m456p789s11z22z+2z flowers=2"), find_ruleset("riichi")).notes[-1] \
        == "not used by riichi: flowers"


@pytest.mark.parametrize("text, words", [
    ("123m456p789s1122z+2z dealer seat=S", "dealer is the East seat"),
    ("123m456p78s22z [111z] +9s riichi", "concealed hand only"),
    ("123m456p789s1122z+2z dora=1m2m", "at most one, plus one per kong"),
    ("123m456p789s1122z+2z after-kong", "needs a kong"),
    ("123m456p11z{2222s} 78s+9s riichi ippatsu after-kong", "do not combine"),
])
def test_impossible_riichi_hands(text: str, words: str) -> None:
    hand = parse_hand(text)
    s = score(hand, find_ruleset("riichi"))
    assert not s.legal and s.total == 0 and words in s.notes[0]
    with pytest.raises(HandError, match=words):
        check(hand, find_ruleset("riichi"))
    check(hand, find_ruleset("zj-2.4"))  # the other rule sets read these flags their own way


def test_cli_refuses_a_hand_riichi_cannot_have_when_asked_by_name() -> None:
    proc = subprocess.run([sys.executable, "-m", "generator", "score", "--ruleset", "riichi",
                           "123m456p789s1122z+2z dealer seat=S"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert proc.returncode == 2 and "dealer is the East seat" in proc.stderr


def test_limits_and_payments() -> None:
    assert basic_points(4, 30) == (1920, "") and basic_points(3, 60) == (1920, "")  # no kiriage mangan
    assert basic_points(4, 40) == (2000, "mangan") and basic_points(3, 70) == (2000, "mangan")
    assert [basic_points(h, 30)[1] for h in (5, 6, 7, 8, 10, 11, 12, 13)] == \
        ["mangan", "haneman", "haneman", "baiman", "baiman", "sanbaiman", "sanbaiman", "counted yakuman"]
    assert basic_points(13, 30, counted_yakuman=False) == (6000, "sanbaiman")
    assert payments(1920, False, False)[1] == 7700 and payments(1920, True, False)[1] == 11600
    assert payments(1920, False, True)[0][0].amount == 3900 and payments(1920, False, True)[1] == 7900
    assert payments(1920, True, True)[1] == 11700
    assert payments(320, False, True)[1] == 1500  # 20 fu 2 han self-drawn: 700 + 400 + 400, each rounded up


def test_waits_use_riichi_forms() -> None:
    kokushi = waits_for(parse_waiting("19m19p19s1234567z"), find_ruleset("riichi"))
    assert len(kokushi.waits) == 13
    seven = waits_for(parse_waiting("1122m3344p5566s7z"), find_ruleset("riichi"))
    assert seven.waits == (tile_from_text("7z"),)
    four = waits_for(parse_waiting("1111m3344p5566s7z"), find_ruleset("riichi"))
    assert tile_from_text("1m") not in four.waits  # four of a kind is not two pairs


@pytest.mark.parametrize("ruleset_id, hand, grade, words", [
    # a yakuman is named, never shown as its 13 han; a double one as such
    ("riichi", "789m3355666777z+5z riichi seat=N round=W dora=3z", "yakuman", ["yakuman"]),
    ("riichi", "19m19p19s1234567z+1z seat=S", "double yakuman", ["double yakuman"]),
    # EMA: the 13-sided wait is a single yakuman there
    ("riichi-ema-2016", "19m19p19s1234567z+1z seat=S", "yakuman", ["yakuman"]),
    # below the limits: han and fu, and the limit's name from 5 han
    ("riichi", "234m234p234s55p67s+8s tsumo seat=S", "5 han 20 fu, mangan", ["", "", "", ""]),
    ("riichi", "2233445566778p+8p seat=S", "11 han 30 fu, sanbaiman", ["", "", "", ""]),
    # 13 han without a yakuman: a counted yakuman, or under EMA a sanbaiman, each with its han
    ("riichi", "2233445566778p+8p seat=S riichi tsumo", "13 han 20 fu, counted yakuman", [""] * 6),
    ("riichi-ema-2016", "2233445566778p+8p seat=S riichi tsumo", "13 han 20 fu, sanbaiman", [""] * 6),
])
def test_a_riichi_receipt_says_han_fu_and_the_limit_as_a_player_checks_them(
        ruleset_id: str, hand: str, grade: str, words: list[str]) -> None:
    from generator.receipt import receipt_lines

    rs = find_ruleset(ruleset_id)
    s = score(parse_hand(hand), rs)
    lines = receipt_lines(s, rs)
    assert lines.grade == grade
    assert [c.words for c in lines.counted] == words, [(c.id, c.value, c.words) for c in lines.counted]
    text = subprocess.run([sys.executable, "-m", "generator", "score", "--ruleset", ruleset_id, hand],
                          capture_output=True, text=True, check=True).stdout
    assert f"\n  {grade}\n" in text
    assert not any(c.value >= 13 and not c.words for c in lines.counted)  # a yakuman's han are never printed


def test_no_grade_without_han_or_without_a_legal_win() -> None:
    from generator.receipt import grade

    assert grade(score(parse_hand("234m234p678s55p99s+9s seat=S"), find_ruleset("riichi"))) == ""  # no yaku
    assert grade(score(parse_hand("234m234p234s55p67s+8s tsumo"), find_ruleset("mcr"))) == ""  # no han in MCR


def test_the_fu_parts_add_up_to_the_fu_on_every_seeded_hand() -> None:
    """The receipt's fu, part by part, is the scoring's own computation with the parts named: on every legal hand
    short of a yakuman they add up to the score's fu (the rounding is a part), and each part is one of the rules'."""
    from riichi_oracle import riichi_hands

    from generator.receipt import receipt_lines

    kinds = set()
    for rid in ("riichi", "riichi-ema-2016"):
        rs = find_ruleset(rid)
        checked = 0
        for text in riichi_hands(7, 1500):
            s = score(parse_hand(text), rs)
            lines = receipt_lines(s, rs)
            if " fu" not in lines.grade:  # a yakuman, or no legal win
                assert lines.fu == (), text  # no fu for a yakuman or a hand that is no win
                continue
            assert sum(n for _, n in lines.fu) == s.fu, (text, lines.fu, s.fu)
            assert all(n > 0 for _, n in lines.fu) and s.fu % 10 in (0, 5)
            kinds.update(why.split(" (")[0] for why, _ in lines.fu)
            checked += 1
        assert checked > 700, (rid, checked)
    assert {"base", "self-drawn", "a concealed hand won on a discard", "a single wait", "seven pairs",
            "pinfu, self-drawn", "pinfu, on a discard"} <= kinds, kinds


def test_kiriage_mangan_and_the_double_wind_pair_are_options() -> None:
    from generator.notation import parse_hand
    from generator.rulesets import find_ruleset
    from generator.scoring.engine import score

    assert basic_points(4, 30, kiriage_mangan=True) == (2000, "kiriage mangan")
    assert basic_points(3, 60, kiriage_mangan=True) == (2000, "kiriage mangan")
    assert basic_points(4, 25, kiriage_mangan=True) == (1600, "")
    four_thirty = "33m123m123s456s78s+9s riichi seat=W"  # riichi, pinfu, pure straight: 4 han 30 fu
    assert score(parse_hand(four_thirty), find_ruleset("riichi")).total == 7700
    ml = score(parse_hand(four_thirty), find_ruleset("riichi-mleague"))
    assert (ml.han, ml.fu, ml.total, ml.limit) == (4, 30, 8000, "kiriage mangan")
    double_wind = "456m11z22z{1111s}{7777z}+1z seat=S round=S"  # 1 han 110 fu with a 4-minipoint pair
    assert score(parse_hand(double_wind), find_ruleset("riichi")).fu == 110
    assert score(parse_hand(double_wind), find_ruleset("riichi-mleague")).fu == 100
    assert score(parse_hand(double_wind), find_ruleset("riichi-tenhou")).fu == 110
