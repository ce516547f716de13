"""团圆麻将: every fan, the stake levels, caps and gold caps, the minimum and its two self-draw regimes,
the discard restrictions, the flat kong payments, and the rule data itself.

Expected figures are worked out from the text by hand: a payer owes unit × 2^fans, so at
level 1 (unit 1.25) three weak suits and a self-draw are 4 fans = 16 × 1.25 = 20.
"""

from __future__ import annotations

import json

import pytest

from generator.cli import main
from generator.notation import parse_hand
from generator.rules import ContentError, Ruleset
from generator.rulesets import find_ruleset
from generator.scoring import Payment, Score, score
from generator.scoring.multiplier import (
    DEFAULT_TABLE,
    TableState,
    rules_of,
    score_at_table,
    settle,
    variant,
)

RS = find_ruleset("tuanyuan")

HARD = "123m456p789s111s2s+2s"  # no wild: 萬, 筒, 条 all weak
ONE_WILD = "46m7z456p789s111s2s+2s"  # 中 plays 5m: 筒 and 条 weak
TWO_WILDS = "46m7z46p5z789s111s2s+2s"  # 中 and 白: only 条 weak
THREE_WILDS = "46m7z46p5z79s6z111s2s+2s"  # 中 發 白: no weak suit
NO_MAN_NO_RED = "46p5z456p789s111s2s+2s"  # no 萬 at all and no 中: 萬 weak (missing), 条 weak
ONLY_RED_MAN = "777z456p789s111s2s+2s"  # the 萬 are three 中 alone: 萬 not weak


def sc(hand: str, rs: Ruleset = RS, table: TableState = DEFAULT_TABLE) -> Score:
    return score_at_table(parse_hand(hand), rs, table)


def fans_of(result: Score) -> dict[str, int]:
    return {c.id: c.count * c.value for c in result.patterns}


def paid(result: Score) -> list[tuple[str, str, float]]:
    return [(p.scheme, p.payer, p.amount) for p in result.payments]


# ----------------------------------------------------------------------------- fans


@pytest.mark.parametrize("hand, weak", [
    (HARD, 3), (ONE_WILD, 2), (TWO_WILDS, 1), (THREE_WILDS, 0), (NO_MAN_NO_RED, 2), (ONLY_RED_MAN, 2),
])
def test_one_fan_per_weak_suit(hand: str, weak: int) -> None:
    result = sc(hand + " tsumo")
    assert result.complete
    assert fans_of(result).get("weak-suit", 0) == weak
    assert result.total == weak + 1  # plus the self-draw


def test_self_draw_is_one_fan_and_a_replacement_win_is_just_a_self_draw() -> None:
    assert fans_of(sc(HARD)) == {"weak-suit": 3}
    assert fans_of(sc(HARD + " tsumo")) == {"weak-suit": 3, "self-draw": 1}
    assert fans_of(sc(HARD + " after-kong")) == {"weak-suit": 3, "self-draw": 1}


@pytest.mark.parametrize("kongs", [1, 2, 3])
def test_each_wild_kong_of_the_winner_is_a_fan(kongs: int) -> None:
    result = sc(f"{HARD} tsumo wild-kongs={kongs}")
    assert fans_of(result)["wild-kong"] == kongs
    assert result.total == 4 + kongs


def test_worked_example_hard_self_draw_at_level_1() -> None:
    """Three weak suits and a self-draw: 4 fans, 16 × 1.25 = 20 from each payer."""
    result = score(parse_hand(HARD + " tsumo"), RS)
    assert (result.legal, result.total, result.unit) == (True, 4, "fan")
    assert paid(result) == [("level-1", "each", 20.0)]


def test_the_texts_example_all_three_wilds_self_drawn_cannot_win() -> None:
    """中, 發 and 白 in hand, self-drawn, no wild kongs anywhere: one fan, below every minimum."""
    for stake in ("level-1", "level-2", "level-2-home"):
        for regime in ("any-payer", "every-payer"):
            result = sc(THREE_WILDS + " tsumo", variant(RS, stake=stake, self_draw_minimum=regime))
            assert (result.total, result.legal, result.payments) == (1, False, [])
            assert any("below the minimum" in n for n in result.notes)


# ----------------------------------------------------------------------------- stake levels and caps


@pytest.mark.parametrize("stake, amounts", [
    ("level-1", {3: 10, 4: 20, 5: 40, 6: 80, 7: 100, 9: 100}),
    ("level-2", {2: 10, 3: 20, 4: 40, 5: 80, 6: 160, 7: 200, 9: 200}),
    ("level-2-home", {2: 10, 3: 20, 4: 40, 5: 80, 6: 100, 7: 100}),
])
def test_what_one_payer_owes_at_each_stake(stake: str, amounts: dict[int, float]) -> None:
    s = rules_of(variant(RS, stake=stake)).stake
    assert {f: s.amount(f) for f in amounts} == amounts


@pytest.mark.parametrize("stake, hand, fans, each", [
    ("level-1", HARD + " tsumo wild-kongs=1", 5, 40),
    ("level-2", HARD + " tsumo wild-kongs=1", 5, 80),
    ("level-2", TWO_WILDS + " tsumo", 2, 10),
    ("level-2-home", TWO_WILDS + " tsumo", 2, 10),
])
def test_payments_through_the_engine_at_each_level(stake: str, hand: str, fans: int, each: float) -> None:
    result = score(parse_hand(hand), variant(RS, stake=stake))
    assert (result.total, result.legal) == (fans, True)
    assert paid(result) == [(stake, "each", each)]


def test_minimum_is_three_fans_at_level_1_and_two_at_level_2() -> None:
    two_fans = TWO_WILDS + " tsumo"
    assert not sc(two_fans).legal
    assert sc(two_fans, variant(RS, stake="level-2")).legal
    assert sc(two_fans, variant(RS, stake="level-2-home")).legal
    assert sc(ONE_WILD + " tsumo").legal  # 3 fans at level 1: 10 each
    assert paid(sc(ONE_WILD + " tsumo")) == [("level-1", "each", 10.0)]


@pytest.mark.parametrize("stake, gold", [("level-1", 150), ("level-2", 300)])
def test_gold_cap_when_all_three_payers_reach_seven_fans(stake: str, gold: float) -> None:
    result = sc(HARD + " tsumo wild-kongs=3", variant(RS, stake=stake))  # 3 weak + self-draw + 3 kongs = 7
    assert paid(result) == [(stake, "each", float(gold))]
    assert any("金顶" in n for n in result.notes)


def test_home_level_2_caps_at_six_fans() -> None:
    home = variant(RS, stake="level-2-home")
    assert paid(sc(HARD + " tsumo wild-kongs=2", home)) == [("level-2-home", "each", 150.0)]  # 6 fans, all three: gold
    result = sc(HARD + " tsumo wild-kongs=1", home, TableState(wild_kongs=(1, 0, 0)))  # 5 fans; next 6
    assert paid(result) == [("level-2-home", "next", 100.0), ("level-2-home", "opposite", 80.0),
                            ("level-2-home", "previous", 80.0)]


def test_cap_without_gold_when_only_some_payers_reach_it() -> None:
    result = sc(HARD + " tsumo wild-kongs=2", table=TableState(wild_kongs=(1, 0, 0)))  # 6 fans; next owes 7
    assert paid(result) == [("level-1", "next", 100.0), ("level-1", "opposite", 80.0), ("level-1", "previous", 80.0)]
    assert any(n.startswith("capped at 100") for n in result.notes)
    result = sc(HARD + " tsumo wild-kongs=2", variant(RS, stake="level-2"), TableState(wild_kongs=(1, 0, 0)))
    assert paid(result) == [("level-2", "next", 200.0), ("level-2", "opposite", 160.0), ("level-2", "previous", 160.0)]


def test_payers_own_wild_kongs_can_make_the_gold_cap() -> None:
    result = sc(HARD + " tsumo wild-kongs=2", table=TableState(wild_kongs=(1, 1, 1)))  # 6 fans, every payer 7
    assert paid(result) == [("level-1", "each", 150.0)]


# ----------------------------------------------------------------------------- the minimum per payer


def test_self_draw_regime_any_payer_lets_the_others_off() -> None:
    table = TableState(wild_kongs=(1, 0, 0))  # 2 fans to the winner; next owes 3, the others 2
    result = sc(TWO_WILDS + " tsumo", table=table)
    assert result.legal
    assert paid(result) == [("level-1", "next", 10.0), ("level-1", "opposite", 0.0), ("level-1", "previous", 0.0)]
    assert any("pay nothing" in n for n in result.notes)


def test_self_draw_regime_every_payer_needs_all_three() -> None:
    strict = variant(RS, self_draw_minimum="every-payer")
    assert not sc(TWO_WILDS + " tsumo", strict, TableState(wild_kongs=(1, 0, 0))).legal
    result = sc(TWO_WILDS + " tsumo", strict, TableState(wild_kongs=(1, 1, 1)))
    assert result.legal and paid(result) == [("level-1", "each", 10.0)]


def test_a_payers_kongs_alone_can_lift_a_one_fan_self_draw() -> None:
    result = sc(THREE_WILDS + " tsumo", table=TableState(wild_kongs=(0, 2, 0)))  # opposite owes 3 fans
    assert result.legal
    assert paid(result) == [("level-1", "next", 0.0), ("level-1", "opposite", 10.0), ("level-1", "previous", 0.0)]


def test_settle_reports_each_share() -> None:
    rules = rules_of(RS)
    s = settle(6, True, rules, TableState(wild_kongs=(0, 1, 0)))
    assert [(x.seat, x.fans, x.amount, x.capped) for x in s.shares] == [
        ("next", 6, 80.0, False), ("opposite", 7, 100.0, True), ("previous", 6, 80.0, False)]
    assert (s.gold, s.meets_minimum) == (False, True)


# ----------------------------------------------------------------------------- discard wins


def test_a_hard_hand_wins_on_a_discard_with_three_fans() -> None:
    result = sc(HARD)
    assert (result.legal, result.total) == (True, 3)
    assert paid(result) == [("level-1", "each", 10.0)]  # all three pay by default


def test_no_discard_win_with_a_wild_in_hand() -> None:
    for hand in (ONE_WILD, TWO_WILDS, ONLY_RED_MAN):
        result = sc(hand)
        assert result.complete and not result.legal
        assert any("硬和" in n for n in result.notes)
        assert sc(hand + " tsumo").legal or sc(hand + " tsumo").total < 3


def test_no_discard_win_from_a_player_who_konged_a_wild() -> None:
    closed = sc(HARD, table=TableState(wild_kongs=(0, 0, 1), discarder="previous"))
    assert not closed.legal and any("封门" in n for n in closed.notes)
    # another player's wild kong does not close the discarder's door, but raises what that player pays
    open_ = sc(HARD, table=TableState(wild_kongs=(1, 0, 0), discarder="previous"))
    assert open_.legal
    assert paid(open_) == [("level-1", "next", 20.0), ("level-1", "opposite", 10.0), ("level-1", "previous", 10.0)]


def test_no_discard_win_after_the_winner_konged_a_wild() -> None:
    result = sc(HARD + " wild-kongs=1")
    assert not result.legal and any("winner has konged" in n for n in result.notes)
    assert sc(HARD + " tsumo wild-kongs=1").legal


def test_strict_closed_door_bars_discard_wins_after_any_wild_kong() -> None:
    strict = variant(RS, closed_door="strict")
    bystander = TableState(wild_kongs=(1, 0, 0), discarder="previous")
    assert sc(HARD, RS, bystander).legal
    result = sc(HARD, strict, bystander)
    assert not result.legal and any("strict 封门" in n for n in result.notes)
    assert sc(HARD, strict).legal  # nobody konged
    assert sc(HARD + " tsumo", strict, bystander).legal  # self-draws are untouched


def test_a_robbed_kong_counts_as_a_discard() -> None:
    assert not sc("46m7z456p789s11s24s+3s robbing-kong").legal  # 中 in hand
    assert sc("123m456p789s11s24s+3s robbing-kong").legal


def test_discarder_alone_pays_in_the_variant() -> None:
    alone = variant(RS, discard_payers="discarder")
    assert paid(sc(HARD, alone)) == [("level-1", "discarder", 10.0)]
    assert paid(sc(HARD, alone, TableState(wild_kongs=(0, 2, 0), discarder="next"))) == [
        ("level-1", "discarder", 10.0)]
    assert paid(sc(HARD + " tsumo", alone)) == [("level-1", "each", 20.0)]  # a self-draw is paid by all three


# ----------------------------------------------------------------------------- kongs of four alike


def test_kongs_are_paid_flat_outside_the_doubling() -> None:
    result = sc("789m456p2s {9999p}[1111s]+2s tsumo")  # 4 fans → 20 each; kongs 20 + 10 each
    assert paid(result) == [("level-1", "each", 20.0), ("kongs", "each", 30.0)]
    assert sum("闷笑" in n for n in result.notes) == 1 and sum("点笑" in n for n in result.notes) == 1
    doubled = sc("789m456p2s {9999p}[1111s]+2s tsumo wild-kongs=2")  # 6 fans: the win doubles twice, kongs do not
    assert paid(doubled) == [("level-1", "each", 80.0), ("kongs", "each", 30.0)]


def test_kong_payments_stand_even_when_the_win_does_not() -> None:
    result = sc("46m7z46p5z79s6z2s {1111p}+2s tsumo")  # 1 fan: not a legal win
    assert not result.legal
    assert paid(result) == [("kongs", "each", 20.0)]


# ----------------------------------------------------------------------------- forms, tiles, data


def test_only_four_sets_and_a_pair_win() -> None:
    result = score(parse_hand("1122m3344p5566s7z+7z tsumo"), RS)  # seven pairs
    assert not result.complete


def test_winds_are_an_option() -> None:
    hand = "123m456p789s1s111z+6z tsumo"
    assert not score(parse_hand(hand), RS).complete
    result = score(parse_hand(hand), variant(RS, winds=True))
    assert result.complete and fans_of(result) == {"weak-suit": 2, "self-draw": 1}
    assert sc(hand).notes == ["winds are not part of this tile set"]


def test_engine_and_table_paths_agree_on_the_default_table() -> None:
    for hand in (HARD, HARD + " tsumo", ONE_WILD + " tsumo", THREE_WILDS + " tsumo", ONE_WILD):
        assert score(parse_hand(hand), RS).to_json() == sc(hand).to_json()


def test_rule_data() -> None:
    assert [(p.id, p.value, p.detect) for p in RS.patterns] == [
        ("weak-suit", 1, "weak_suits"), ("self-draw", 1, "self_drawn"), ("wild-kong", 1, "wild_kongs")]
    assert (RS.policy, RS.unit, sorted(f.value for f in RS.forms)) == ("multiplier", "fan", ["regular"])
    rules = rules_of(RS)
    assert (rules.stake.id, rules.self_draw_minimum, rules.closed_door, rules.discard_payers, rules.winds) == (
        "level-1", "any-payer", "standard", "all", False)
    assert (rules.kong_exposed, rules.kong_concealed) == (10, 20)
    for word in ("一档", "金顶", "封门", "笑", "every-payer", "interpretation"):
        assert word in RS.principles


@pytest.mark.parametrize("options, field", [
    ({"stake": "level-9"}, "options.stake"),
    ({"self_draw_minimum": "some-payers"}, "options.self_draw_minimum"),
    ({"closed_door": "open"}, "options.closed_door"),
    ({"winds": "yes"}, "options.winds"),
    ({"limit": 7}, "options.limit"),
    ({"kong_payment": {"exposed": 10}}, "options.kong_payment"),
    ({"stakes": [{"id": "x", "zh": "x", "en": "x", "unit": 1.25, "cap_fans": 7, "cap": 50, "gold_cap": 150,
                  "min_fans": 3}], "stake": "x"}, "options.stakes"),
])
def test_bad_options_are_refused_with_the_option_named(options: dict[str, object], field: str) -> None:
    with pytest.raises(ContentError) as exc:
        variant(RS, **options)
    assert field in str(exc.value)


def test_table_state_is_checked() -> None:
    with pytest.raises(ValueError):
        TableState(wild_kongs=(0, -1, 0))
    with pytest.raises(ValueError):
        TableState(discarder="east")


def test_cli_json_and_waits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "--ruleset", "tuanyuan", "--json", "123456p789s111s7z"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["waits"] == [f"{r}m" for r in range(1, 10)] + ["7z"]
    assert main(["score", "--ruleset", "团圆", "--json", ONE_WILD, "tsumo"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["unit"], obj["total"], obj["legal"]) == ("fan", 3, True)
    assert obj["notes"] == ["wilds: 中 as 5m"]
    assert obj["payments"] == [{"scheme": "level-1", "payer": "each", "amount": 10.0}]
    assert isinstance(Payment("level-1", "each", 10.0).amount, float)
