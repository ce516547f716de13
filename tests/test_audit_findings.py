"""The fidelity audit of 2026-12: one check per finding of severity H or M (and some L), so that a decision
taken on a finding cannot quietly come undone. Finding ids are the audit's (S = Sihai, Z = Zung Jung v2.4,
V = v3.3, M = MCR). The Sihai totals (S1) are checked row by row in test_sihai_counts.py."""

from __future__ import annotations

import pytest
from hands import counted_ids, score_of

from generator.cli import main
from generator.examples.neighbours import neighbours
from generator.notation import HandError, parse_hand, parse_waiting
from generator.rules import CONTENT_DIR
from generator.rulesets import load_rulesets


@pytest.fixture(scope="module")
def rulesets():  # type: ignore[no-untyped-def]
    return load_rulesets(CONTENT_DIR)


# ----------------------------------------------------------------------------- hands that cannot happen


@pytest.mark.parametrize("hand", ["123m456p5s [789s] [123p] +5s first-turn",
                                  "123m456p789s5s [111z] +5s tsumo first-turn",
                                  "123m456p789s5s [1111z] +5s tsumo first-turn"])
def test_a_first_turn_win_with_an_exposed_meld_is_refused(hand: str) -> None:
    with pytest.raises(HandError, match="'first-turn' is a win before any tile was claimed") as info:
        parse_hand(hand)
    assert info.value.position == hand.index("[") + 1  # positioned at the meld, like the other errors


def test_a_first_turn_win_may_hold_a_concealed_kong() -> None:
    assert parse_hand("123m456p789s5s {1111z} +5s tsumo first-turn").context.first_turn
    with pytest.raises(HandError, match="first-turn"):
        parse_waiting("123m456p5s [789s] [123p] first-turn")


def test_the_cli_exits_2_on_such_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "123m456p5s [789s] [123p] +5s first-turn"]) == 2
    err = capsys.readouterr().err
    assert "column 12" in err and "exposed meld" in err


def test_the_example_search_never_steps_into_such_a_hand() -> None:
    start = parse_hand("123m456p5s [789s] [123p] +5s")
    assert all(not (s.hand.context.first_turn and any(not m.concealed for m in s.hand.melds))
               for s in neighbours(start))
    first = parse_hand("123m456p789s123p5s+5s first-turn")
    assert all(not (s.hand.context.first_turn and any(not m.concealed for m in s.hand.melds))
               for s in neighbours(first))


# ----------------------------------------------------------------------------- Sihai


def test_s2_dragon_pung_once() -> None:
    assert score_of("123m456p7s555666z+7s", "sihai-3.1").total == 30  # 混全连 20 + 番牌 10, not 10 × 2


def test_s6_tile_fans_treat_thirteen_orphans_alike() -> None:
    ids = counted_ids("19m19p19s1234567z+1m", "sihai-3.1")
    assert ids == {"thirteen-orphans"}


# ----------------------------------------------------------------------------- Zung Jung


def test_z1_the_discard_triplet_rule_is_credited_to_the_later_book(rulesets) -> None:  # type: ignore[no-untyped-def]
    for rid in ("zj-2.4", "zj-3.3"):
        p = rulesets[rid].pattern("three-concealed-triplets")
        assert p.provenance == "interpretation" and "later book" in p.reading
        assert "zj-book-3.2" in {c.key for c in p.citations}
    assert "§0.0" not in rulesets["zj-2.4"].principles.split("Later rules")[1].split("- **Seven")[0]


def test_v1_to_v5_renumbered_patterns_cite_v33_numbers(rulesets) -> None:  # type: ignore[no-untyped-def]
    zj = rulesets["zj-3.3"]
    for pid, number in (("final-discard", "9.1.2"), ("win-on-kong", "9.2"), ("robbing-kong", "9.3"),
                        ("three-concealed-triplets", "4.2.2"), ("four-concealed-triplets", "4.2.3")):
        p = zj.pattern(pid)
        assert p.number == number and p.citations[0].key == "zj-3.3" and p.citations[0].at == f"§{number}"


def test_v6_v33_principles_are_its_own(rulesets) -> None:  # type: ignore[no-untyped-def]
    text = rulesets["zj-3.3"].principles
    assert "125 + 5 + 30 = 160" in text and "115 + 5 + 40" not in text
    assert "not recognized" in text and "agree otherwise" not in text
    assert "agree otherwise" in rulesets["zj-2.4"].principles


def test_v19_blessing_of_earth_definition_and_detector_agree() -> None:
    rs = load_rulesets(CONTENT_DIR)["zj-3.3"]
    p = rs.pattern("blessing-of-earth")
    assert "before their own first draw" in p.definition and p.params == {"dealer": "no", "tsumo": "no"}
    for seat in ("S", "W", "N"):  # any discard before the winner's first draw, as the definition now says
        assert "blessing-of-earth" in counted_ids(f"123m456p789s123p5s+5s first-turn seat={seat}", "zj-3.3")
    assert "blessing-of-earth" not in counted_ids("123m456p789s123p5s+5s tsumo first-turn seat=W", "zj-3.3")


# ----------------------------------------------------------------------------- MCR


def test_m1_edge_wait_example() -> None:
    assert "edge-wait" in counted_ids("1233m456p789s111z+3m", "mcr")
    p = load_rulesets(CONTENT_DIR)["mcr"].pattern("edge-wait")
    assert "1-2-3-3 waiting on 3 is an edge wait" in p.definition and "has no unique wait if it could" not in \
        p.definition


def test_m2_exclusion_lists_are_credited_to_practice(rulesets) -> None:  # type: ignore[no-untyped-def]
    mcr_family = [rid for rid, rs in rulesets.items() if rs.policy == "mcr"]
    assert {"mcr", "mcr-2006"} <= set(mcr_family)
    for rid in mcr_family:
        for p in rulesets[rid].patterns:
            if p.excludes:
                assert "coh" in {c.key for c in p.citations}, (rid, p.id, p.source)
    p = rulesets["mcr"].pattern("big-four-winds")
    assert p.provenance == "interpretation" and "不计圈风刻、门风刻、三风刻、碰碰和" in p.reading


def test_m8_green_book_principles_do_not_deny_its_own_change(rulesets) -> None:  # type: ignore[no-untyped-def]
    text = rulesets["mcr-2006"].principles
    assert "score Self-Drawn, not Fully Concealed Hand" not in text
    assert "score Fully Concealed Hand, 4 fan, when self-drawn" in text
    assert "score Self-Drawn, not Fully Concealed Hand" in rulesets["mcr"].principles
    assert score_of("1133m5577p11399s+3s tsumo", "mcr-2006").total == 29
    assert score_of("1133m5577p11399s+3s tsumo", "mcr").total == 26


def test_m9_the_all_types_dispute_is_on_the_page(rulesets) -> None:  # type: ignore[no-untyped-def]
    p = rulesets["mcr-2006"].pattern("lesser-honors-and-knitted-tiles")
    assert p.provenance == "interpretation" and "Disputed" in p.reading
    assert {"sloper-259", "mahjongtime-mcr"} <= {c.key for c in p.citations}


# ----------------------------------------------------------------------------- curated hands cite the bibliography


def test_every_curated_hand_cites_entries_with_a_locator() -> None:
    from generator.examples.curated import load_curated
    from generator.rules.sources import load_sources
    from generator.rulesets import all_rulesets

    bib = load_sources(CONTENT_DIR)
    assert bib is not None
    hands = load_curated(CONTENT_DIR / "hands", all_rulesets())
    assert len(hands) >= 50
    for ch in hands:
        assert ch.citations and all(c.key in bib and c.at and c.title == bib[c.key].title for c in ch.citations), \
            (ch.id, ch.source)
    keys = {c.key for ch in hands for c in ch.citations}
    assert {"sihai-3.1", "tuanyuan", "zj-2.4", "ema-2016"} <= keys


_HAND = '''[[hand]]
id = "x"
hand = "123m456p789s234m55s"
source = "{source}"
title = "t"
[hand.expect."zj-2.4"]
total = 10
'''


@pytest.mark.parametrize(("source", "message"), [
    ("Zung Jung v2.4 §3.2.1", "expected 'key: where' citations"),
    ("zj-9.9: §3.2.1", "unknown source key 'zj-9.9'"),
    ("zj-2.4", "citation of 'zj-2.4' says not where in it"),
    ("zj-2.4: §3.2.1; nosuch: post 1", "unknown source key 'nosuch'"),
])
def test_a_curated_hand_citation_that_does_not_resolve_is_refused(tmp_path, source: str, message: str) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from generator.examples.curated import load_curated
    from generator.rules import ContentError
    from generator.rulesets import all_rulesets

    content = tmp_path / "content"
    (content / "hands").mkdir(parents=True)
    shutil.copyfile(CONTENT_DIR / "sources.toml", content / "sources.toml")
    (content / "hands" / "h.toml").write_text(_HAND.format(source=source), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_curated(content / "hands", all_rulesets())
    assert "h.toml:4: hand 'x' source: " in str(err.value) and message in str(err.value)
    (content / "hands" / "h.toml").write_text(_HAND.format(source="zj-2.4: §7.1, example"), encoding="utf-8")
    (ok,) = load_curated(content / "hands", all_rulesets())
    assert ok.citations[0].key == "zj-2.4" and ok.citations[0].at == "§7.1, example"


# ----------------------------------------------------------------------------- Sihai: the S1 hands of the audit


@pytest.mark.parametrize(("hand", "total", "ids"), [
    ("111m999p111z222z9s+9s", 110, {"all-pungs", "terminals-and-honours"}),  # S1a: not 130 with 混全单
    ("1119m999p111s111z+9m", 120, {"all-pungs", "terminals-and-honours", "double-pung"}),  # S1a: not 140
    ("222m888m444p666s2s+2s", 110, {"all-pungs", "all-even"}),  # S1b: not 115 with 断幺
])
def test_s1a_s1b_the_audits_hands_score_the_texts_totals(hand: str, total: int, ids: set[str]) -> None:
    assert score_of(hand, "sihai-3.1").total == total and counted_ids(hand, "sihai-3.1") == ids


# ----------------------------------------------------------------------------- Sihai: L and I findings


def test_s3_the_undeclared_quad_is_the_atlas_reading(rulesets) -> None:  # type: ignore[no-untyped-def]
    p = rulesets["sihai-3.1"].pattern("seven-pairs-one-quad")
    assert p.provenance == "interpretation" and "No kong is declared" in p.definition
    assert "atlas's reading" in p.reading
    assert "seven-pairs-one-quad" in counted_ids("1111m2233p4455s6z+6z", "sihai-3.1")
    assert "seven-pairs-one-quad" not in counted_ids("{1111m}223344p555s6z+6z tsumo", "sihai-3.1")


def test_s4_unbroken_run_names_the_extended_edition(rulesets) -> None:  # type: ignore[no-untyped-def]
    for pid in ("unbroken-run", "mixed-unbroken-run"):
        assert "扩展版" in rulesets["sihai-3.1"].pattern(pid).reading


@pytest.mark.parametrize("pid", ["all-odd", "all-even"])
def test_s5_always_is_the_atlas_inference_not_the_text(rulesets, pid: str) -> None:  # type: ignore[no-untyped-def]
    d = rulesets["sihai-3.1"].pattern(pid).definition
    assert "can combine" in d and "(the atlas's inference)" in d and "always combines" not in d


def test_s6_thirteen_orphans_scores_no_tile_fan_and_the_page_says_why(rulesets) -> None:  # type: ignore[no-untyped-def]
    assert counted_ids("19m19p19s1234567z+1m", "sihai-3.1") == {"thirteen-orphans"}
    assert "十三幺" in rulesets["sihai-3.1"].pattern("terminals-and-honours").reading
    assert "十三幺" in rulesets["sihai-3.1"].pattern("all-types").reading


def test_s7_a_hand_without_number_tiles_qualifies_and_the_definition_says_so(rulesets) -> None:  # type: ignore[no-untyped-def]
    for pid in ("mixed-all-odd", "mixed-all-even"):
        d = rulesets["sihai-3.1"].pattern(pid).definition.replace("\n", " ")
        assert "an all-honour hand" in d and "qualif" in d
    s = score_of("1122334455667z+7z", "sihai-3.1")
    assert {"mixed-all-odd", "mixed-all-even"} <= {c.id for c in s.excluded}


def test_s8_the_mirror_is_read_inside_one_suit(rulesets) -> None:  # type: ignore[no-untyped-def]
    p = rulesets["sihai-3.1"].pattern("mirrored-short-straights")
    assert p.provenance == "interpretation" and "second suit" in p.reading and "stays a reading" in p.reading
    assert "mirrored-short-straights" in counted_ids("123m456m456m789m5p+5p", "sihai-3.1")
    assert "mirrored-short-straights" not in counted_ids("123456m123456p5s+5s", "sihai-3.1")


@pytest.mark.parametrize(("pid", "kept", "other", "alternative"), [
    ("silver-ladder", "1223334445555m+6m", "1223334445567m+7m", "123 234 345 456 + 77"),  # S9
    ("great-china", "111234555678m9m+9m", "1112234566678m+9m", "111 22 345 666 789"),  # S9b
    ("king-dragon", "123444567888m9m+9m", "111234567999m5p+5p", "111 234 567 999"),  # S9c
])
def test_s9_the_guessed_shapes_name_the_other_guess(rulesets, pid: str, kept: str, other: str,  # type: ignore[no-untyped-def]
                                                    alternative: str) -> None:
    p = rulesets["sihai-3.1"].pattern(pid)
    assert p.provenance == "interpretation" and "confidence" in p.reading and alternative in p.reading
    assert pid in counted_ids(kept, "sihai-3.1") and pid not in counted_ids(other, "sihai-3.1")


def test_s10_step_two_chows_score_nothing_and_the_page_says_so(rulesets) -> None:  # type: ignore[no-untyped-def]
    assert counted_ids("123345567m789p5s+5s", "sihai-3.1") == {"all-chows"}
    assert "123 345 567" in rulesets["sihai-3.1"].pattern("pure-shifted-chows").reading


def test_s11_the_jade_cong_side_effect_is_on_the_page(rulesets) -> None:  # type: ignore[no-untyped-def]
    s = score_of("[111m]2345678999m+5m", "sihai-3.1")
    assert {"jade-cong", "open-nine-gates"} <= {c.id for c in s.patterns} and s.total == 200
    assert "side effect" in rulesets["sihai-3.1"].pattern("jade-cong").reading


def test_s12_two_number_elements_as_defined_and_detected(rulesets) -> None:  # type: ignore[no-untyped-def]
    p = rulesets["sihai-3.1"].pattern("mixed-shared-number")
    assert "at least two elements (sets or the pair)" in p.definition.replace("\n", " ")
    assert "atlas's own" in p.reading
    assert "mixed-shared-number" in counted_ids("345m111z222z333z5p+5p", "sihai-3.1")  # a set and a pair share 5
    assert "mixed-shared-number" not in counted_ids("345m111z222z333z6z+6z", "sihai-3.1")  # one number element


def test_s13_terminals_and_honours_is_a_reading(rulesets) -> None:  # type: ignore[no-untyped-def]
    p = rulesets["sihai-3.1"].pattern("terminals-and-honours")
    assert p.provenance == "interpretation" and "C(13,5)" in p.reading


# ----------------------------------------------------------------------------- Zung Jung v2.4: L findings


def test_z2_freedom_of_count_is_credited_to_the_later_book(rulesets) -> None:  # type: ignore[no-untyped-def]
    text = rulesets["zj-2.4"].principles
    later = text.index("zj-book-3.2")
    assert later < text.index("Freedom of count") < text.index("- **Seven pairs")


def test_z3_value_honor_names_v24_title_and_tiles(rulesets) -> None:  # type: ignore[no-untyped-def]
    d = rulesets["zj-2.4"].pattern("value-honor").definition
    assert "門風(自風)或三元牌的刻" in d and "番子" in d and "later name" in d


ZJ_NAME_AND_VALUE_ONLY = ("four-concealed-triplets", "mixed-one-suit", "pure-one-suit", "all-honors",  # Z4-Z7
                          "all-triplets", "three-concealed-triplets", "one-kong", "two-kongs", "three-kongs",
                          "four-kongs", "final-draw", "final-discard", "win-on-kong", "robbing-kong",  # Z8-Z17
                          "thirteen-terminals")  # Z18


@pytest.mark.parametrize("pid", ZJ_NAME_AND_VALUE_ONLY)
def test_z4_to_z18_name_and_value_only_patterns_are_readings(rulesets, pid: str) -> None:  # type: ignore[no-untyped-def]
    p = rulesets["zj-2.4"].pattern(pid)
    assert p.provenance == "interpretation" and p.reading.startswith("v2.4 gives only the name")


def test_z7_z19_the_seven_pairs_form_is_the_later_books(rulesets) -> None:  # type: ignore[no-untyped-def]
    assert "later book" in rulesets["zj-2.4"].pattern("all-honors").reading
    r = rulesets["zj-2.4"].pattern("mixed-greater-terminals").reading
    assert "atlas's reading" in r and "later book" in r


def test_z15_final_discard_wording_cites_v103(rulesets) -> None:  # type: ignore[no-untyped-def]
    assert "zj-wsom-1.03" in {c.key for c in rulesets["zj-2.4"].pattern("final-discard").citations}


def test_z20_the_blessing_names_are_a_reading_and_score_alike(rulesets) -> None:  # type: ignore[no-untyped-def]
    zj = rulesets["zj-2.4"]
    for pid in ("blessing-of-earth", "blessing-of-man"):
        p = zj.pattern(pid)
        assert p.provenance == "interpretation" and "does not say which name goes with which case" in p.reading
    assert zj.pattern("blessing-of-earth").value == zj.pattern("blessing-of-man").value
    assert "blessing-of-earth" in counted_ids("123m456p789s123p5s+5s tsumo first-turn seat=S", "zj-2.4")
    assert "blessing-of-man" in counted_ids("123m456p789s123p5s+5s first-turn seat=S", "zj-2.4")


# ----------------------------------------------------------------------------- Zung Jung v3.3: L and I findings


def test_v7_to_v18_every_v33_pattern_cites_v33_first(rulesets) -> None:  # type: ignore[no-untyped-def]
    for p in rulesets["zj-3.3"].patterns:
        assert p.citations[0].key in ("zj-3.3", "zj-3.3-rules"), (p.id, p.source)
        assert all("(" in c.at for c in p.citations if c.key == "zj-2.4"), (p.id, p.source)  # says what it gives


def test_v11_to_v18_third_party_values_are_readings_that_say_so(rulesets) -> None:  # type: ignore[no-untyped-def]
    third = [p for p in rulesets["zj-3.3"].patterns if "mahjong-nu" in {c.key for c in p.citations}]
    assert len(third) >= 25
    for p in third:
        assert p.provenance == "interpretation", p.id
        assert "third-party summary" in " ".join(p.reading.split()), p.id
    assert "two-concealed-triplets" in {p.id for p in third}


def test_v8_nine_gates_needs_the_pure_wait_and_the_page_says_why(rulesets) -> None:  # type: ignore[no-untyped-def]
    assert "nine-gates" not in counted_ids("1112345678899m+9m tsumo", "zj-3.3")
    assert counted_ids("1112345678999m+5m", "zj-3.3") == {"nine-gates"}
    assert "self-draw rule" in rulesets["zj-3.3"].pattern("nine-gates").reading


def test_v20_without_a_concealed_kong_is_not_applied(rulesets) -> None:  # type: ignore[no-untyped-def]
    assert "without\na concealed kong" in rulesets["zj-3.3"].pattern("blessing-of-heaven").reading
    assert "blessing-of-heaven" in counted_ids("123m456p789s5s {1111z} +5s tsumo first-turn dealer", "zj-3.3")


def test_v21_the_v33_rule_set_cites_its_own_texts(rulesets) -> None:  # type: ignore[no-untyped-def]
    rs = rulesets["zj-3.3"]
    from generator.rules.sources import load_sources, parse_citations

    bib = load_sources(CONTENT_DIR)
    assert bib is not None and bib["zj-3.3"].url.startswith("https://")
    keys = [c.key for c in parse_citations(rs.source) or ()]
    assert keys[0] == "zj-3.3" and "reference/" not in rs.source


# ----------------------------------------------------------------------------- MCR: L and I findings


MCR_BOOKS = ("gb-1998", "wmo-2006")


@pytest.mark.parametrize("rid", ["mcr", "mcr-2006"])
def test_mcr_a_source_pattern_takes_only_its_exclusions_from_practice(rulesets, rid: str) -> None:  # type: ignore[no-untyped-def]
    """Provenance 'source' only where a rule book states the definition: a 'source' pattern cites a book for
    it, and 国标小助手 only for its 不计 list; anything else (third-party reports, practice wording) makes it
    an interpretation whose reading says where the wording comes from."""
    books = {"mcr": ("gb-1998",), "mcr-2006": MCR_BOOKS}[rid]
    for p in rulesets[rid].patterns:
        keys = {c.key for c in p.citations}
        if p.provenance == "source":
            assert any(c.key in books and ("definition" in c.at or rid == "mcr-2006") for c in p.citations), p.id
            assert keys <= set(books) | {"coh"}, (rid, p.id, p.source)
            assert all(c.at.endswith("(不计 list)") for c in p.citations if c.key == "coh"), (rid, p.id)
        else:
            assert any(w in p.reading for w in ("国标小助手", "practice", "1998", "Green Book", "Sloper")), p.id


def test_m3_m4_m5_practice_wording_is_marked(rulesets) -> None:  # type: ignore[no-untyped-def]
    mcr = rulesets["mcr"]
    assert "not the book's text" in mcr.pattern("all-chows").reading  # M3
    assert "not a condition the book states" in mcr.pattern("knitted-straight").reading  # M4
    assert "dragons included" in mcr.pattern("pung-of-terminals-or-honors").reading  # M5
    for pid in ("all-chows", "knitted-straight", "pung-of-terminals-or-honors"):
        assert mcr.pattern(pid).provenance == "interpretation"
    s = score_of("123m456p789s5s555z+5s", "mcr")  # a dragon pung scores Dragon Pung, never also 幺九刻
    assert "dragon-pung" in {c.id for c in s.patterns} and "pung-of-terminals-or-honors" not in \
        {c.id for c in s.patterns}


def test_m6_m7_the_description_names_the_book_and_the_packages_rightly(rulesets) -> None:  # type: ignore[no-untyped-def]
    d = rulesets["mcr"].description
    assert "State Sports Commission" not in d and "People's Sports Publishing House" in d  # M6
    assert "中国麻将竞赛规则（试行）" in d and "国家体育总局" in d
    assert "published as PyMahjongGB" not in d and "separate Python package" in d


def test_m10_m11_green_book_values_from_reports_are_readings(rulesets) -> None:  # type: ignore[no-untyped-def]
    gb = rulesets["mcr-2006"]
    for pid in ("fully-concealed-hand", "two-concealed-kongs"):
        p = gb.pattern(pid)
        assert p.provenance == "interpretation" and p.reading, pid
    assert {"sloper-259", "sloper-341"} <= {c.key for c in gb.pattern("two-concealed-kongs").citations}
    assert gb.pattern("two-concealed-kongs").value > rulesets["mcr"].pattern("two-concealed-kongs").value


def test_m12_renumbered_patterns_cite_the_green_books_number(rulesets) -> None:  # type: ignore[no-untyped-def]
    gb = rulesets["mcr-2006"]
    for pid in ("all-pungs", "half-flush", "mixed-shifted-chows", "all-types", "melded-hand"):
        p = gb.pattern(pid)
        assert p.citations[0].key == "wmo-2006" and p.citations[0].at == f"fan {p.number}", (pid, p.source)


def test_m13_six_for_the_kong_pair_cites_sloper(rulesets) -> None:  # type: ignore[no-untyped-def]
    p = rulesets["mcr-2006"].pattern("concealed-kong-and-melded-kong")
    assert p.provenance == "interpretation" and p.citations[0].key == "sloper-259"


# ----------------------------------------------------------------------------- 团圆: L findings


def test_y1_to_y4_unstated_rules_are_marked_interpretation(rulesets) -> None:  # type: ignore[no-untyped-def]
    text = rulesets["tuanyuan"].principles
    tiles = text[text.index("**Tiles and wilds**"):text.index("**Winds**")]
    assert tiles.index("(Interpretation, the thread does not say:)") < tiles.index("never a dragon")  # Y1
    assert tiles.index("*(interpretation)*") < tiles.index("second copy of itself")  # Y2
    stakes = text[text.index("**Stake levels**"):text.index("**Minimum**")]
    assert stakes.index("*(interpretation)*") < stakes.index("his own wild kongs included")  # Y3
    assert stakes.index("*(interpretation)*") < stakes.index("each pays it")  # Y4


def test_y5_the_replacement_tile_clause_is_a_reading(rulesets) -> None:  # type: ignore[no-untyped-def]
    p = rulesets["tuanyuan"].pattern("self-draw")
    assert p.provenance == "interpretation" and "replacement tile" in p.reading and "atlas's reading" in p.reading


def test_y6_no_claim_that_hubei_games_go_without_winds(rulesets) -> None:  # type: ignore[no-untyped-def]
    text = rulesets["tuanyuan"].principles
    assert "commonly played without" not in text and "红中赖子杠" in text


def test_y7_the_thread_entry_says_what_is_not_known() -> None:
    from generator.rules.sources import load_sources

    bib = load_sources(CONTENT_DIR)
    assert bib is not None
    e = bib["tuanyuan"]
    assert e.author == "hujunhua" and "not confirmed" in e.obtain and e.year.startswith("undated")
