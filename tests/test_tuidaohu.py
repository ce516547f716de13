"""推倒和 2024 (MIL): the rule data against the text's table, one hand per 番种, stacking (必然包含), the cap, the
basic points and payments, the notation's declarations, the hands the game cannot have, and the differential
run of the engine against a plain scorer written apart (tests/tuidaohu_oracle.py).

The text has no worked scoring examples, so the figures here are worked out from its rules by hand: a discard
win of N 番 costs the discarder 2 × (2 + N), a self-draw each other player 2 + N.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from tuidaohu_oracle import TABLE, seeded_hands
from tuidaohu_oracle import score as plain_score

from generator.cli import main
from generator.notation import HandError, parse_hand
from generator.rulesets import find_ruleset
from generator.scoring import Score, score

RS = find_ruleset("tuidaohu-2024")
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳㉑㉒㉓"
SEED = 20240934
PER_PATTERN = 300


def sc(hand: str) -> Score:
    return score(parse_hand(hand), RS)


def counted(result: Score) -> dict[str, int]:
    return {c.zh: c.points for c in result.patterns}


def paid(result: Score) -> list[tuple[str, float]]:
    return [(p.payer, p.amount) for p in result.payments]


# ----------------------------------------------------------------------------- the rule data


def test_the_23_fan_of_the_text_with_their_values_in_its_order() -> None:
    assert [(p.zh, p.value) for p in RS.patterns] == list(TABLE)
    assert [p.number for p in RS.patterns] == [str(i) for i in range(1, 24)]
    assert (RS.policy, RS.unit, RS.option("cap"), RS.option("base_points")) == ("guangdong", "fan", 32, 2)


def test_every_fan_cites_its_row_of_the_table() -> None:
    for p, mark in zip(RS.patterns, CIRCLED):
        assert p.citations[0].key == "mil-tuidaohu-2024" and p.citations[0].at.startswith(f"九-3 {mark}"), p.id
        assert p.provenance in ("source", "interpretation") and p.definition.strip()
        assert (p.provenance == "interpretation") == bool(p.reading.strip()), p.id


def test_the_stacking_rule_is_data() -> None:
    brings = {p.zh: sorted(RS.pattern(e.id).zh for e in p.excludes) for p in RS.patterns if p.excludes}
    assert brings == {
        "全不靠": ["门清"], "天听": ["报听"], "七对": ["门清"], "豪华七对": ["七对", "门清"], "天和": ["门清"],
        "十三幺": ["门清"], "四暗刻": ["碰碰和", "门清"], "大四喜": ["碰碰和"],
    }
    assert all(e.why.startswith("必然包含") and e.count is None for p in RS.patterns for e in p.excludes)


# ----------------------------------------------------------------------------- one hand per 番种

EXAMPLES = [
    ("111m567p345s678s9m+9m", {"门清": 2}, 2),
    ("[123m]567p345s678s9m+9m", {"平和": 2}, 2),
    ("[222m]567p345s678s5m+5m", {"断幺": 2}, 2),
    ("[111m]567p345s678s9m+9m riichi", {"报听": 2}, 2),
    ("[111m][555p]999s777z5m+5m", {"碰碰和": 6}, 6),
    ("[123m]789p111s999s7z+7z", {"全带幺": 6}, 6),
    ("2m[111z][333m][456p][789s]+2m", {"大吊车": 6}, 6),
    ("[123m]456m999m111z2z+2z", {"混一色": 6}, 6),
    ("[111m]567p345s78s99m+6s robbing-kong", {"抢杠": 8}, 8),
    ("[111m]567p345s678s9m+9m last-tile", {"海底": 8}, 8),
    ("[1111m]567p345s678s9m+9m after-kong", {"杠上开花": 8}, 8),
    ("147m258p369s1235z+7z", {"全不靠": 8}, 8),
    ("[123m]456m789m555s9p+9p", {"清龙": 8}, 8),
    ("111m567p345s678s9m+9m double-riichi", {"门清": 2, "天听": 16}, 18),
    ("1122m3344p5566s7z+7z", {"七对": 16}, 16),
    ("[123m]456m777m111m9m+9m", {"清一色": 16}, 16),
    ("1111m3344p5566s7z+7z", {"豪华七对": 24}, 24),
    ("111m567p345s678s9m+9m first-turn tsumo", {"天和": 32}, 32),
    ("19m19p19s1234567z+7z", {"十三幺": 32}, 32),
    ("[555z]666z777z234m5p+5p", {"大三元": 32}, 32),
    ("[111z]222z333z555z6z+6z", {"碰碰和": 6, "全带幺": 6, "字一色": 32}, 32),
    ("111m333p555s777s9m+9m", {"四暗刻": 32}, 32),
    ("[111z]222z333z444z5m+5m", {"混一色": 6, "大四喜": 32}, 32),
]


def test_every_fan_has_an_example() -> None:
    assert {zh for _, fans, _ in EXAMPLES for zh in fans} == {zh for zh, _ in TABLE}


@pytest.mark.parametrize("hand, fans, total", EXAMPLES)
def test_one_hand_per_fan(hand: str, fans: dict[str, int], total: int) -> None:
    result = sc(hand)
    assert (result.complete, result.legal) == (True, True)
    assert counted(result) == fans
    assert (result.total, result.base) == (total, 2 + total)
    tsumo = parse_hand(hand).context.tsumo
    assert paid(result) == ([("each", 2 + total)] if tsumo else [("discarder", 2 * (2 + total))])


def test_what_the_stacking_rule_sets_aside_is_shown() -> None:
    assert {(e.id, e.by) for e in sc("1111m3344p5566s7z+7z").excluded} == {
        ("seven-pairs", "luxury-seven-pairs"), ("concealed-hand", "luxury-seven-pairs")}
    assert {(e.id, e.by) for e in sc("111m567p345s678s9m+9m double-riichi").excluded} == {
        ("ready-declared", "ready-on-the-first-draw")}
    assert {(e.id, e.by) for e in sc("111m333p555s777s9m+9m").excluded} == {
        ("all-pungs", "four-concealed-pungs"), ("concealed-hand", "four-concealed-pungs")}


# ----------------------------------------------------------------------------- the readings of the open questions


def test_the_cap_is_32_fan_and_says_so() -> None:
    result = sc("[111z]222z333z555z6z+6z tsumo")
    assert (result.total, result.base, paid(result)) == (32, 34, [("each", 34)])
    assert "the sum 44 is cut to the 32-番 cap" in result.notes


def test_a_plain_hand_wins_with_no_fan() -> None:
    result = sc("[123m][567p]345s678s7z+7z")
    assert (result.legal, result.total, result.base, paid(result)) == (True, 0, 2, [("discarder", 4)])


def test_last_discard_is_a_discard_only() -> None:
    assert "海底" not in counted(sc("[111m]567p345s678s9m+9m last-tile tsumo"))


def test_a_pung_completed_on_a_discard_is_not_concealed() -> None:
    assert counted(sc("111m333p555s77s99m+7s")) == {"门清": 2, "碰碰和": 6}
    assert counted(sc("111m333p555s77s99m+7s tsumo")) == {"四暗刻": 32}


def test_declared_ready_may_follow_claims_and_heavenly_hand_is_any_first_draw() -> None:
    assert counted(sc("[123m][456p]345s678s9m+9m riichi")) == {"平和": 2, "报听": 2}
    assert counted(sc("111m567p345s678s9m+9m first-turn tsumo")) == {"天和": 32}  # no dealer flag
    assert "天和" not in counted(sc("111m567p345s678s9m+9m first-turn"))  # a discard is not the first draw


def test_half_flush_needs_an_honour_and_outside_hand_needs_sets() -> None:
    assert "混一色" not in counted(sc("[123m]456m777m111m9m+9m"))
    assert "全带幺" not in counted(sc("19m19p19s1234567z+7z"))
    assert "全带幺" not in counted(sc("1199m1199p11z22z3z+3z"))  # seven pairs of terminals and honours


def test_one_tile_left_counts_concealed_kongs_and_self_draws() -> None:
    assert counted(sc("2m{1111z}[333m][456p][789s]+2m tsumo"))["大吊车"] == 6


@pytest.mark.parametrize("hand, why", [
    ("[123m]567p345s678s9m+9m double-riichi", "天听"),
    ("{1111m}567p345s678s9m+9m first-turn tsumo", "first-turn"),
    ("111m567p345s678s9m+9m first-turn tsumo riichi", "first-turn"),
    ("[111m]567p345s678s9m+9m after-kong", "after-kong"),
])
def test_hands_the_game_cannot_have_are_no_win(hand: str, why: str) -> None:
    result = sc(hand)
    assert (result.legal, result.total, result.payments) == (False, 0, [])
    assert why in result.notes[0]


def test_an_exposed_kong_after_ready_on_the_first_draw_is_allowed() -> None:
    assert counted(sc("[1111m]567p345s678s9m+9m double-riichi")) == {"天听": 16}


# ----------------------------------------------------------------------------- the notation and the JSON


def test_json_total_base_payments_and_the_flags_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--ruleset", "推倒和", "--json", "111m567p345s678s9m+9m riichi tsumo flowers=2"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["ruleset"], obj["total"], obj["unit"], obj["base"]) == ("tuidaohu-2024", 4, "fan", 6)
    assert obj["payments"] == [{"scheme": "mil", "payer": "each", "amount": 6}]
    assert obj["notes"] == ["not used by tuidaohu-2024: flowers"]  # riichi is 报听 here, read


def test_other_rule_sets_print_no_base(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--ruleset", "mcr", "--json", "123m456p789s234s5m+5m"]) == 0
    assert "base" not in json.loads(capsys.readouterr().out)


# ----------------------------------------------------------------------------- the differential run


def test_the_engine_agrees_with_a_plain_scorer_on_seeded_hands() -> None:
    hands = refused = 0
    skipped = 0
    coverage: Counter[str] = Counter()
    differences = []
    for built_on, text in seeded_hands(SEED, PER_PATTERN):
        try:
            hand = parse_hand(text)
        except HandError:  # a robbed tile held elsewhere, a fifth copy: the notation refuses the try
            skipped += 1
            continue
        hands += 1
        mine, plain = score(hand, RS), plain_score(hand)
        got = frozenset(counted(mine))
        coverage.update(got)
        if plain.refused:
            refused += 1
            same = not mine.legal and mine.total == 0
        else:
            same = (mine.legal and (mine.total, mine.base) == (plain.total, plain.base)
                    and tuple(paid(mine)) == plain.payments and got in plain.best)
        if not same:
            differences.append((built_on, text, counted(mine), mine.total, plain))
    print(f"\n推倒和 2024 vs the plain scorer: {hands} hands (seed {SEED}, {PER_PATTERN} tries per 番种, {skipped} "
          f"refused by the notation, {refused} no win in the game), {len(differences)} differences; 番种 counted: "
          + ", ".join(f"{zh} {coverage[zh]}" for zh, _ in TABLE))
    assert not differences, differences[:5]
    assert hands >= 5000
    assert all(coverage[zh] >= 50 for zh, _ in TABLE), coverage
