"""Chinese Official (mcr): the five principles, waits, concealed pungs with kongs, win flags, the
8-fan minimum and flowers, the knitted-straight wait option, and the Green Book edition.
Expected figures are the worked cases of 国标小助手's score_principles.xml (coh) and the hands where Chinese practice
and the Green Book differ (sloper-259, mahjong-friends)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hands import counted_ids, score_of
from mcr_oracle import random_hands

from generator.hand import WinContext
from generator.notation import parse_hand
from generator.rules import Ruleset
from generator.rulesets import find_ruleset
from generator.scoring import Score, mcr, score
from generator.scoring.engine import readings_of
from generator.scoring.mcr_forest import ACCOUNT_ONCE, NON_IDENTICAL, RULE_TEXT


def fans(hand: str, rs: str | Ruleset = "mcr") -> Counter[str]:
    return Counter({c.id: c.count for c in score_of(hand, rs).patterns})


def dropped(s: Score, pid: str) -> set[tuple[str, str]]:
    return {(e.by, e.rule) for e in s.excluded if e.id == pid}


# ---------------------------------------------------------------------------------------- account once


def test_two_suits_of_short_straights_score_three_pair_fans_not_four() -> None:
    got = fans("234567s234567p1z+1z")  # 喜相逢 × 2 + 连六, never × 2 each
    assert (got["mixed-double-chow"], got["short-straight"]) == (2, 1)
    assert dropped(score_of("234567s234567p1z+1z", "mcr"), "short-straight") == {
        (ACCOUNT_ONCE, RULE_TEXT[ACCOUNT_ONCE])}


def test_hub_chow_gives_each_pair_fan_once() -> None:
    # 234s 223344p 567p: 一般高 + 喜相逢 + 连六, not 喜相逢 × 2 + 连六 (§4.4)
    got = fans("234s223344567p5s+5s")
    assert {pid: got[pid] for pid in ("pure-double-chow", "mixed-double-chow", "short-straight")} == {
        "pure-double-chow": 1, "mixed-double-chow": 1, "short-straight": 1}
    # the second 喜相逢 would join the same two sets again through the hub: non-identical
    s = score_of("112233m123p789s5z+5z", "mcr")
    assert fans("112233m123p789s5z+5z")["mixed-double-chow"] == 1
    assert dropped(s, "mixed-double-chow") == {(NON_IDENTICAL, RULE_TEXT[NON_IDENTICAL])}


def test_four_chows_in_a_ring_score_three() -> None:
    got = fans("123789m123789s5z+5z")  # 老少副 × 2 and 喜相逢 × 2 close a cycle: 3 count
    assert sum(got[p] for p in ("two-terminal-chows", "mixed-double-chow")) == 3


def test_pung_pairs_without_a_three_pung_fan_all_count() -> None:
    assert fans("222555m222555s1z+1z")["double-pung"] == 2


def test_with_a_three_chow_fan_the_fourth_chow_combines_once() -> None:
    got = fans("123456m789p1233s+3s")  # 花龙 + 123m: 喜相逢 with 123s counts, 连六 123m-456m does not
    assert got["mixed-straight"] == 1
    assert sum(got[p] for p in ("pure-double-chow", "mixed-double-chow", "short-straight", "two-terminal-chows")) == 1


def test_non_separation_pure_straight_is_not_also_a_short_straight() -> None:
    s = score_of("123456789m123p5z+5z", "mcr")
    assert "short-straight" not in {c.id for c in s.patterns}
    assert ("pure-straight", "implied") in dropped(s, "short-straight")


# ---------------------------------------------------------------------------------------- take the highest


def test_highest_division_counts() -> None:
    s = score_of("555666777p5556s+7s tsumo", "mcr")  # 567p × 3 (48) beats 555 666 777p (47)
    assert s.total == 48 and "pure-triple-chow" in {c.id for c in s.patterns}


def test_seven_pairs_hand_also_read_as_sets() -> None:
    s = score_of("445566m445566p5s+5s", "mcr")  # 48 either way; the reading as sets is preferred
    assert s.total == 48
    assert s.reading is not None and s.reading.form.value == "regular"
    assert "seven-pairs" not in {c.id for c in s.patterns}


def test_ties_prefer_pure_triple_chow() -> None:
    s = score_of("44455666m456p99s+5m", "mcr")  # 一色三同顺 reading ties the 一色三节高 reading
    assert "pure-triple-chow" in {c.id for c in s.patterns}


# ---------------------------------------------------------------------------------------- waits


@pytest.mark.parametrize("hand", [
    "123m456p4444666s+5s",  # also waits on 4s, all four of which it holds
    "445566m2277779s+8s",  # seven pairs would also take 9s
    "77789m11888p [444z] +7m",  # also waits on 1p
])
def test_wait_fans_need_a_unique_wait_counting_formal_waits(hand: str) -> None:
    assert not counted_ids(hand, "mcr") & {"edge-wait", "closed-wait", "single-wait"}


def test_edge_beats_closed_beats_single() -> None:
    assert {"edge-wait"} == counted_ids("123456m789p1233s+3s", "mcr") & {"edge-wait", "closed-wait", "single-wait"}


def test_knitted_straight_wait_is_an_option() -> None:
    mcr = find_ruleset("mcr")
    hand = "258m23469p14788s+3p"  # the 3p may sit in the knitted 369p or in 234p
    assert score_of(hand, mcr).total == 17 and "closed-wait" in counted_ids(hand, mcr)
    strict = replace(mcr, options={**mcr.options, "knitted_body_waits": False})
    s = score_of(hand, strict)
    assert s.total == 16
    assert dropped(s, "closed-wait") == {("knitted-straight", "option: no wait on the knitted straight")}


# ---------------------------------------------------------------------------------------- concealed pungs and kongs


@pytest.mark.parametrize("hand, want, absent", [
    ("111m555p999s44z22z+2z", {"three-concealed-pungs"}, {"four-concealed-pungs"}),  # 222z took the discard
    ("111m555p999s23m44z+1m", {"three-concealed-pungs"}, set()),  # the 1m may complete 123m: 111m stays concealed
    ("123m456p5z {1111s}{2222p} +5z", {"two-concealed-kongs"}, {"two-concealed-pungs", "concealed-kong"}),
    ("111m456p5z {1111s}{2222p} +5z", {"two-concealed-kongs", "three-concealed-pungs"}, set()),
    ("111m456p5z {1111s}[2222p] +5z", {"concealed-kong-and-melded-kong", "two-concealed-pungs"},
     {"melded-kong", "concealed-kong"}),
    ("5z {1111s}{2222p}[3333m][4444m] +5z", {"four-kongs", "two-concealed-pungs"},
     {"two-concealed-kongs", "three-kongs", "all-pungs"}),
])
def test_concealed_pungs_and_kongs(hand: str, want: set[str], absent: set[str]) -> None:
    ids = counted_ids(hand, "mcr")
    assert want <= ids and not absent & ids


def test_pung_of_terminals_goes_once_for_seat_and_prevalent_wind() -> None:
    got = fans("123m456p5z [111z][999s] +5z")  # East pung, East seat and round; 999s still a 幺九刻
    assert (got["prevalent-wind"], got["seat-wind"], got["pung-of-terminals-or-honors"]) == (1, 1, 1)
    assert fans("1112345678999m+5m")["pung-of-terminals-or-honors"] == 1  # nine gates takes one of two


def test_big_three_winds_removes_only_its_own_pungs() -> None:
    got = fans("5m [111z][222z][333z][999s] +5m seat=N round=N")
    assert (got["big-three-winds"], got["pung-of-terminals-or-honors"]) == (1, 1)


# ---------------------------------------------------------------------------------------- win flags


def test_last_copy_is_corrected_from_the_tiles() -> None:
    s = score_of("123m456p789s234s1z+1z last-copy", "mcr")  # the hand holds the other 1z
    assert "last-tile" not in {c.id for c in s.patterns} and any("last-copy" in n for n in s.notes)
    s = score_of("23m456p789s11z [111m] +1m", "mcr")  # its own pung shows the other three 1m
    assert "last-tile" in {c.id for c in s.patterns} and any("last-copy" in n for n in s.notes)


def test_kong_flags_are_corrected_from_the_tiles() -> None:
    s = score_of("123m456p789s234s1z+1z after-kong", "mcr")
    assert "out-with-replacement-tile" not in {c.id for c in s.patterns} and any("after-kong" in n for n in s.notes)
    rs = find_ruleset("mcr")
    robbed = parse_hand("123m456p789s23s11z+1s robbing-kong")
    assert "robbing-the-kong" in {c.id for c in score(robbed, rs).patterns}
    held = parse_hand("123m456p789s11s11z+1s")  # another 1s stands in the hand: no one could add it to a kong
    s = score(replace(held, context=WinContext(robbing_kong=True)), rs)
    assert "robbing-the-kong" not in {c.id for c in s.patterns} and any("robbing-kong" in n for n in s.notes)


# ---------------------------------------------------------------------------------------- minimum and flowers


def test_minimum_is_eight_without_flowers() -> None:
    s = score_of("34m678p55s [789s][333p] +2m flowers=8", "mcr")
    assert (s.total, s.legal) == (9, False)
    assert any("at least 8" in n for n in s.notes)
    chicken = score_of("34m678p33z [789s][333p] +2m", "mcr")
    assert ([c.id for c in chicken.patterns], chicken.total, chicken.legal) == (["chicken-hand"], 8, True)


def test_flowers_are_added_after_the_best_reading() -> None:
    s = score_of("123m456p789s234s1z+1z flowers=3", "mcr")
    plain = score_of("123m456p789s234s1z+1z", "mcr")
    assert s.total == plain.total + 3
    assert [c.id for c in s.patterns][-1] == "flower-tiles"


def test_every_exclusion_names_a_pattern_or_a_principle() -> None:
    rs = find_ruleset("mcr")
    ids = {p.id for p in rs.patterns}
    for hand in random_hands(11, 400):
        for e in score(hand, rs).excluded:
            assert e.id in ids
            assert e.by in ids or e.by in RULE_TEXT, e
            assert e.rule == "implied" or e.rule.startswith(("principle: ", "option: ")), e


# ---------------------------------------------------------------------------------------- the Green Book edition


def test_green_book_values() -> None:
    assert fans("123m456p5z {1111s}{2222p} +5z", "mcr-2006")["two-concealed-kongs"] == 1
    assert score_of("123m456p5z {1111s}{2222p} +5z", "mcr-2006").total == score_of(
        "123m456p5z {1111s}{2222p} +5z", "mcr").total + 2
    assert score_of("123m456p5z {1111s}[2222p] +5z", "mcr-2006").total == score_of(
        "123m456p5z {1111s}[2222p] +5z", "mcr").total + 1


@pytest.mark.parametrize("hand", ["1122m3344p5566s7z+7z tsumo", "19m19p19s1234567z+1z tsumo",
                                  "111m555p999s444z2z+2z tsumo", "1112345678999m+5m tsumo"])
def test_green_book_scores_fully_concealed_on_concealed_forms(hand: str) -> None:
    practice, green = fans(hand, "mcr"), fans(hand, "mcr-2006")
    assert practice["self-drawn"] == 1 and not practice["fully-concealed-hand"]
    assert green["fully-concealed-hand"] == 1 and not green["self-drawn"]


def test_green_book_edition_changes_nothing_else() -> None:
    mcr, gb = find_ruleset("mcr"), find_ruleset("mcr-2006")
    assert gb.diff is not None and gb.diff.base == "mcr" and not gb.diff.added and not gb.diff.removed
    for hand in random_hands(5, 600):
        a, b = score(hand, mcr), score(hand, gb)
        if not hand.context.tsumo and not any(m.is_kong for m in hand.melds):
            assert (a.total, [c.id for c in a.patterns]) == (b.total, [c.id for c in b.patterns])
        else:
            assert 0 <= b.total - a.total <= 6


# ---------------------------------------------------------------------------------------- the policy's shortcuts


@pytest.mark.parametrize("rs", ["mcr", "mcr-2006"])
def test_a_reading_keeps_its_patterns_in_rule_order(rs: str) -> None:
    """The receipt lists a reading's patterns as the principles leave them, unsorted (`mcr._Result.patterns`):
    that is rule order only while detection answers in rule order and the principles keep it."""
    ruleset = find_ruleset(rs)
    order = {p.id: i for i, p in enumerate(ruleset.patterns)}
    plan = mcr._plan(ruleset)
    for hand in random_hands(17, 600):
        fixed = mcr.corrected_context(hand)[0]
        for reading in mcr.divisions(readings_of(hand, ruleset)):
            ids = list(mcr._score_reading(fixed, reading, plan).found)
            assert ids == sorted(ids, key=order.__getitem__), (hand, reading)


def test_a_corrected_context_is_the_one_its_flags_make() -> None:
    """Corrected win contexts are shared between hands (`mcr._CORRECTED`): each is what `replace` makes of its
    hand's context, whichever hand met it first."""
    for hand in random_hands(23, 2000):
        fixed, notes = mcr.corrected_context(hand)
        if fixed is hand:
            assert not notes
            continue
        changed = {name: getattr(fixed.context, name) for name in ("last_copy", "after_kong", "robbing_kong")
                   if getattr(fixed.context, name) != getattr(hand.context, name)}
        assert changed and len(notes) == len(changed)
        assert fixed == replace(hand, context=replace(hand.context, **changed))
