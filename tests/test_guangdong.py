"""广东麻将 2023 (MIL): the rule data against the text's table (tests/facts/guangdong-2023.toml), one hand per 番种,
the text's worked examples (四鬼和 with 十三幺, the coefficient after three discarded ghosts), stacking (必然包含 and
四鬼和's own rule), the minimum of 4 points and 2 番, the coefficient, payments and horses, the hands the game cannot
have, the JSON, and the differential run of the engine against a plain scorer written apart
(tests/guangdong_oracle.py).

Where the text gives no figure, the figures are worked out from its rules by hand: a hand of N 番 has N × 2 basic
points without a ghost, N × 1 with one; the discarder pays them, or each other player on a self-draw.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from engine_loop import sample
from guangdong_oracle import TABLE, seeded_hands
from guangdong_oracle import score as plain_score

from generator.cli import main
from generator.notation import HandError, parse_hand
from generator.rulesets import find_ruleset
from generator.scoring import Score, score
from generator.tiles import GHOST

RS = find_ruleset("guangdong-2023")
FACTS = tomllib.loads((Path(__file__).parent / "facts" / "guangdong-2023.toml").read_text(encoding="utf-8"))
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲"
SEED = 20230934
PER_PATTERN = sample(300, 30)


def sc(hand: str) -> Score:
    return score(parse_hand(hand), RS)


def counted(result: Score) -> dict[str, int]:
    return {c.zh: c.points for c in result.patterns}


def paid(result: Score) -> list[tuple[str, float]]:
    return [(p.payer, p.amount) for p in result.payments]


# ----------------------------------------------------------------------------- the rule data


def test_the_19_fan_of_the_text_with_their_values_and_classes_in_its_order() -> None:
    assert [(p.zh, p.value, p.category) for p in RS.patterns] == [
        (f["zh"], f["value"], f["class"]) for f in FACTS["fan"]]
    assert list(TABLE) == [(f["zh"], f["value"]) for f in FACTS["fan"]]  # the plain scorer's table too
    assert [p.number for p in RS.patterns] == [str(i) for i in range(1, 20)]
    assert (RS.policy, RS.unit, RS.option("cap")) == ("guangdong", "fan", None)


def test_every_fan_cites_its_row_of_the_table() -> None:
    for p, mark in zip(RS.patterns, CIRCLED, strict=True):
        assert p.citations[0].key == FACTS["source"] and p.citations[0].at.startswith(f"八-2-6 {mark}"), p.id
        assert p.provenance in ("source", "interpretation") and p.definition.strip()
        assert (p.provenance == "interpretation") == bool(p.reading.strip()), p.id


def test_the_options_are_the_texts_figures() -> None:
    assert RS.option("ghosts") == FACTS["tiles"]["flowers"]
    assert (RS.option("min_points"), RS.option("min_fan")) == (FACTS["minimum"]["points"], FACTS["minimum"]["fan"])
    (alone,) = RS.option("stands_alone")
    assert RS.pattern(alone["id"]).zh == "四鬼和"
    assert sorted(RS.pattern(i).zh for i in alone["stacks_with"]) == sorted(FACTS["four_ghosts_stacks_with"])
    (scheme,) = RS.option("payment")
    pays = FACTS["payments"]
    assert (scheme["discarder"], scheme["robbed"], scheme["self_draw"], scheme["horse"], scheme["direct_kong"]) == (
        pays["discard"], pays["robbed_kong"], pays["self_draw_each"], FACTS["horse_each"], pays["direct_kong_flower"])


def test_the_stacking_rule_is_data() -> None:
    brings = {p.zh: sorted(RS.pattern(e.id).zh for e in p.excludes) for p in RS.patterns if p.excludes}
    assert brings == {
        "杠上花": ["自摸"], "七对": ["门清"], "幺九": ["碰碰和"], "天和": ["自摸", "门清"], "地和": ["自摸", "门清"],
        "九莲宝灯": ["清一色", "门清"], "大四喜": ["碰碰和"], "十三幺": ["门清"],
    }
    assert all(e.why.startswith("必然包含") and e.count is None for p in RS.patterns for e in p.excludes)


# ----------------------------------------------------------------------------- one hand per 番种

EXAMPLES = [  # hand, what counts, the 番 (no ghost in these: the basic points are twice the 番)
    ("111m567p345s678s9m+9m tsumo", {"自摸": 1, "门清": 1}, 2),
    ("[111m][555p]999s777z5m+5m", {"碰碰和": 4}, 4),
    ("[111m]456m999m111z2z+2z", {"混一色": 4}, 4),
    ("[111m]567p345s78s99m+6s robbing-kong", {"抢杠": 4}, 4),
    ("[111m]567p345s678s9m+9m last-tile", {"海底": 4}, 4),
    ("[1111m]567p345s678s9m+9m after-kong", {"杠上花": 5}, 5),
    ("1122m3344p5566s7z+7z", {"七对": 6}, 6),
    ("[111m]456m777m123m9m+9m", {"清一色": 8}, 8),
    ("[111m]999p111s777z9m+9m", {"幺九": 12}, 12),
    ("[555z]666z234m456p7z+7z", {"小三元": 12}, 12),
    ("[111z]222z333z567m4z+4z", {"混一色": 4, "小四喜": 12}, 16),
    ("111m567p345s678s9m+9m first-turn tsumo dealer", {"天和": 12}, 12),
    ("111m567p345s678s9m+9m first-turn tsumo", {"地和": 12}, 12),
    ("1112345678999m+5m", {"九莲宝灯": 16}, 16),
    ("[555z]666z777z234m5p+5p", {"大三元": 16}, 16),
    ("[111z]222z333z444z5m+5m", {"混一色": 4, "大四喜": 16}, 20),
    ("19m19p19s1234567z+7z", {"十三幺": 16}, 16),
]


def test_every_fan_has_an_example() -> None:
    shown = {zh for _, fans, _ in EXAMPLES for zh in fans} | {"四鬼和"}  # 四鬼和 needs ghosts: its own tests below
    assert shown == {f["zh"] for f in FACTS["fan"]}


@pytest.mark.parametrize("hand, fans, total", EXAMPLES)
def test_one_hand_per_fan(hand: str, fans: dict[str, int], total: int) -> None:
    result = sc(hand)
    assert (result.complete, result.legal) == (True, True), result.notes
    assert counted(result) == fans
    base = total * FACTS["coefficient"]["no_ghost"]
    assert (result.total, result.base) == (total, base)
    ctx = parse_hand(hand).context
    expected = ([("each", base)] if ctx.tsumo else [("robbed", 3 * base)] if ctx.robbing_kong
                else [("discarder", base)])
    assert paid(result) == expected


# ----------------------------------------------------------------------------- the text's worked examples


def test_four_ghosts_with_thirteen_orphans_scores_thirteen_orphans() -> None:
    """八-2-7: a hand that is 四鬼和 and 十三幺 scores 十三幺's 16, not 四鬼和 beside it."""
    result = sc("19m19p19s123z8888z+4z")
    want = FACTS["four_ghosts_and_orphans"]
    assert counted(result) == {want["scored"]: want["fan"]} and result.total == want["fan"]
    assert result.reading.form.value == "thirteen-orphans"


def test_three_discarded_ghosts_make_the_coefficient_eight() -> None:
    """八-2-2-b: three ghosts discarded, basic points = 番 × 8 (the fourth ghost is in the hand, so not 无鬼)."""
    example = FACTS["discarded_example"]
    result = sc(f"[111m][555p]999s777z8z+5p ghosts-discarded={example['discarded']}")
    assert counted(result) == {"碰碰和": 4}
    assert result.base == 4 * example["factor"] and paid(result) == [("discarder", 32)]


# ----------------------------------------------------------------------------- ghosts in the score


def test_four_ghosts_stack_only_with_the_five_and_else_the_higher_reading_is_taken() -> None:
    alone = sc("1357m2468p13s888z+8z tsumo")
    assert (counted(alone), alone.total, alone.base) == ({"四鬼和": 12}, 12, 12)  # 自摸 does not stack with it
    assert {e.id for e in alone.excluded} == set()
    first = sc("1357m2468p13s888z+8z tsumo first-turn dealer")
    assert counted(first) == {"天和": 12, "四鬼和": 12} and first.total == 24
    sea = sc("1357m2468p13s888z+8z tsumo last-tile")
    assert counted(sea) == {"海底": 4, "四鬼和": 12}
    # four ghosts and four pungs of dragons and winds: the other reading (大三元 and more) is worth more
    big = sc("555666777z1z888z+8z tsumo")
    assert big.total > 12 and "四鬼和" not in counted(big) and "大三元" in counted(big)


def test_the_ghosts_play_what_scores_most() -> None:
    # two ghosts beside 1112345678999m minus two tiles: 九莲宝灯 when they play the missing ones
    assert counted(sc("11123456789m88z+9m")) == {"九莲宝灯": 16}
    # a ghost pair beside four pungs of one suit: 清一色 and 碰碰和, not a pair of honours
    assert counted(sc("111222333444m8z+8z tsumo")) == {"自摸": 1, "门清": 1, "碰碰和": 4, "清一色": 8}


def test_a_ghost_may_play_a_fifth_copy_of_a_melded_tile_but_the_third_dragon_is_the_one_not_pung_d() -> None:
    # 七-1-5 counts the standing tiles and the winning tile only: a ghost pair may be 5z beside [555z]
    dragons = sc("8z[555z][666z][777z][444z]+8z tsumo")
    assert "大三元" in counted(dragons) and "小三元" not in counted(dragons)
    # the pair of ghosts reads as 1m: 幺九 and 混一色 beside 大三元 (33) beat the dragon pair (29)
    assert counted(dragons) == {"自摸": 1, "混一色": 4, "幺九": 12, "大三元": 16}
    # three ghosts may make a second pung of North beside {4444z}, but 大四喜 needs the four winds
    winds = sc("1112333888z{4444z}+2z tsumo after-kong")
    assert counted(winds) == {"门清": 1, "杠上花": 5, "幺九": 12, "混一色": 4, "大四喜": 16}


def test_no_ghost_doubles_and_the_two_doublings_compound() -> None:
    assert sc("[111m][555p]999s777z5m+5m").base == 8
    assert sc("[111m][555p]999s777z8z+5m").base == 4  # a ghost in the hand
    assert sc("[111m][555p]999s777z5m+5m ghosts-discarded=2").base == 4 * 2 * 4
    assert sc("111m567p345s678s9m+8z tsumo").base == 2  # won on a ghost: not 无鬼


def test_the_minimum_is_two_fan_and_four_points_at_once() -> None:
    one_fan = sc("[111m]567p345s678s9m+9m tsumo")  # 1 番, 2 points
    assert (one_fan.legal, one_fan.total, one_fan.payments) == (False, 1, [])
    assert "1 番 (at least 2)" in one_fan.notes[-1] and "2 basic points (at least 4)" in one_fan.notes[-1]
    ghost = sc("111m567p345s678s8z+9m tsumo")  # 2 番 but a ghost in the hand: 2 points
    assert (ghost.legal, ghost.total, ghost.base) == (False, 2, 2)
    assert "2 basic points (at least 4)" in ghost.notes[-1] and "番 (at least" not in ghost.notes[-1]
    assert sc("111m567p345s678s8z+9m tsumo ghosts-discarded=1").legal  # the discarded ghost doubles it to 4


def test_a_self_draw_pays_the_horses_and_a_discard_has_none() -> None:
    result = sc("[111m][555p]999s777z5m+5m tsumo horses=3")
    assert counted(result) == {"自摸": 1, "碰碰和": 4} and paid(result) == [("each", 10 + 3)]


def test_out_on_a_kong_after_an_exposed_kong_names_the_direct_kong_case() -> None:
    result = sc("[1111m]567p345s678s9m+9m after-kong horses=1")
    assert paid(result) == [("each", 10 + 1)]
    assert any("直杠" in n for n in result.notes)
    assert not any("直杠" in n for n in sc("{1111m}567p345s678s9m+9m after-kong").notes)


@pytest.mark.parametrize("hand, why", [
    ("111m567p345s678s9m+8z", "discarded ghost"),
    ("111m567p345s678s9m+8z robbing-kong", "discarded ghost"),
    ("[111m][555p]999s777z5m+5m horses=2", "horses"),
    ("[111m][555p]999s777z5m+5m tsumo last-tile horses=1", "horse"),
    ("[123m][555p]999s777z5m+5m", "chow"),
    ("{1111m}567p345s678s9m+9m first-turn tsumo", "first-turn"),
])
def test_hands_the_game_cannot_have_are_no_win(hand: str, why: str) -> None:
    result = sc(hand)
    assert (result.legal, result.total, result.payments) == (False, 0, [])
    assert why in result.notes[0]


# ----------------------------------------------------------------------------- the notation and the JSON


def test_json_total_base_payments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--ruleset", "广东麻将", "--json", "111222333444m8z+G tsumo horses=2 riichi"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["ruleset"], obj["total"], obj["unit"], obj["base"]) == ("guangdong-2023", 14, "fan", 14)
    assert obj["payments"] == [{"scheme": "mil", "payer": "each", "amount": 16}]
    assert obj["notes"] == ["not used by guangdong-2023: riichi"]


def test_other_rule_sets_read_the_ghost_flags_past(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--ruleset", "tuidaohu-2024", "--json", "111m567p345s678s9m+9m tsumo horses=2"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == ["not used by tuidaohu-2024: horses"]
    assert main(["score", "--ruleset", "mcr", "--json", "123m456m789m11z8z8z+8z tsumo"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["complete"], obj["notes"]) == (False, ["a ghost (8z) is not a tile of this rule set"])


@pytest.mark.parametrize("text", ["123m456m789m8z8z8z8z8z+1z", "[888z]123m456m789m1p+1p", "123m456m789m11z+9z",
                                  "123m456m789m11z+1z horses=9"])
def test_bad_ghost_input_is_one_line_and_exit_2(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--ruleset", "guangdong-2023", "--json", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: at column") and "Traceback" not in err


# ----------------------------------------------------------------------------- the differential run


def test_the_engine_agrees_with_a_plain_scorer_on_seeded_hands() -> None:
    hands = refused = skipped = below = 0
    coverage: Counter[str] = Counter()
    with_ghosts: Counter[int] = Counter()
    differences = []
    for built_on, text in seeded_hands(SEED, PER_PATTERN):
        try:
            hand = parse_hand(text)
        except HandError:  # a robbed tile held elsewhere, a fifth copy: the notation refuses the try
            skipped += 1
            continue
        hands += 1
        with_ghosts[hand.closed_tiles.count(GHOST)] += 1
        mine, plain = score(hand, RS), plain_score(hand)
        got = frozenset(counted(mine))
        coverage.update(got)
        if plain.refused:
            refused += 1
            same = not mine.legal and mine.total == 0
        else:
            below += not plain.legal
            same = (mine.legal == plain.legal and (mine.total, mine.base) == (plain.total, plain.base)
                    and tuple(paid(mine)) == plain.payments and got in plain.best)
        if not same:
            differences.append((built_on, text, counted(mine), mine.total, mine.base, plain))
    print(f"\n广东麻将 2023 vs the plain scorer: {hands} hands (seed {SEED}, {PER_PATTERN} tries per 番种, "
          f"{skipped} refused by the notation, {refused} no win in the game, {below} below the minimum; by ghosts "
          f"held: {dict(sorted(with_ghosts.items()))}), {len(differences)} differences; 番种 counted: "
          + ", ".join(f"{zh} {coverage[zh]}" for zh, _ in TABLE))
    assert not differences, differences[:5]
    assert hands >= 13 * PER_PATTERN
    assert all(coverage[zh] >= PER_PATTERN // 30 for zh, _ in TABLE), coverage
