"""The fidelity audit of 2026-12: one check per finding of severity H or M (and some L), so that a decision
taken on a finding cannot quietly come undone. Finding ids are the audit's (S = Sihai, Z = Zung Jung v2.4,
V = v3.3, M = MCR). The Sihai totals (S1) are checked row by row in test_sihai_counts.py."""

from __future__ import annotations

import pytest
from hands import counted_ids, score_of

from generator.cli import main
from generator.examples.neighbours import neighbours
from generator.notation import HandError, parse_hand, parse_waiting
from generator.rules import CONTENT_DIR, load_rulesets


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
    for rid in ("mcr", "mcr-2006"):
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
    from generator.rules import all_rulesets
    from generator.rules.sources import load_sources

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
    from generator.rules import ContentError, all_rulesets

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
