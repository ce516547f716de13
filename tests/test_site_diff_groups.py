"""Edition diff pages group the changes for a reader: an edition fixture (tests/fixtures/edition/) with one change of
each kind lands each in its group, the groups in reading order; on the real editions, a removed pattern says what
took its place, and a changed definition shows both texts with the words that differ marked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.examples.diffs import HandDelta
from generator.rules import CONTENT_DIR
from generator.rulesets import load_rulesets
from generator.site.build import build_files
from generator.site.diff_groups import EditionChanges, edition_changes
from generator.site.text_diff import marked_pair
from generator.site.urls import diff_url, output_path

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "edition" / "content"


@pytest.fixture(scope="module")
def fixture_rulesets():  # type: ignore[no-untyped-def]
    return load_rulesets(FIXTURE)


def _changes(rulesets, hands=()) -> EditionChanges:  # type: ignore[no-untyped-def]
    return edition_changes(rulesets["toy-a"], rulesets["toy-b"], hands)


def _ids(items) -> list[str]:  # type: ignore[no-untyped-def]
    return [x.pattern.id for x in items]


def test_each_change_lands_in_its_group(fixture_rulesets) -> None:  # type: ignore[no-untyped-def]
    c = _changes(fixture_rulesets)
    assert [(v.pattern.id, v.label, v.old, v.new) for v in c.values] == [("flush", "value", 10, 12)]
    assert [(a.pattern.id, [q.id for q in a.replaces]) for a in c.added] == [("clean-hand", ["no-honours"])]
    assert [(r.pattern.id, r.fate, [q.id for q in r.others]) for r in c.removed] == [
        ("no-honours", "same-test-new", ["clean-hand"]), ("all-simples", "none", [])]
    assert _ids(c.definitions) == ["flush"]
    [x] = c.exclusions
    assert (x.pattern.id, [(q.id, why) for q, why in x.gained], [(q.id, why) for q, why in x.lost]) == (
        "flush", [("clean-hand", "implied")], [("no-honours", "implied")])
    assert [(w.pattern.id, w.label, w.old, w.new) for w in c.renumbered] == [("flush", "number", "1", "1.1")]
    assert _ids(c.sources) == ["flush"]
    assert c.names == c.series == c.interpretations == c.other == c.tests == []


def test_groups_come_in_reading_order_renumbering_and_sources_last(fixture_rulesets) -> None:  # type: ignore[no-untyped-def]
    names = [name for name, _ in _changes(fixture_rulesets).sections()]
    assert names == ["values", "added", "removed", "definitions", "exclusions", "renumbered", "sources"]


def test_the_hands_that_scored_a_removed_pattern_say_what_replaced_it(fixture_rulesets) -> None:  # type: ignore[no-untyped-def]
    def hand(key: str, old: tuple[str, ...], new: tuple[str, ...]) -> HandDelta:
        return HandDelta(key, "-", 3, 1, tuple((p, 1) for p in old), tuple((p, 1) for p in new), True, True)

    instead = _changes(fixture_rulesets, [hand("a", ("all-simples",), ("flush",)),
                                          hand("b", ("all-simples", "clean-hand"), ("clean-hand", "flush"))])
    gone = next(r for r in instead.removed if r.pattern.id == "all-simples")
    assert (gone.fate, [q.id for q in gone.others], gone.hands) == ("counted-instead", ["flush"], 2)
    without = _changes(fixture_rulesets, [hand("a", ("all-simples",), ()), hand("b", ("all-simples",), ("flush",))])
    gone = next(r for r in without.removed if r.pattern.id == "all-simples")
    assert (gone.fate, gone.others, gone.hands) == ("scored-without", (), 2)  # nothing new in every hand


def test_the_fixture_page_prints_the_groups_in_order_and_in_words(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content)
    (content / "pages").mkdir()
    shutil.copy(CONTENT_DIR / "pages" / "how-to-read.md", content / "pages")
    files, _, _ = build_files(content)
    html = files[output_path(diff_url("toy-b"))].decode("utf-8")
    sections = re.findall(r'<section id="([a-z]+)">', html)
    assert sections[:5] == ["values", "added", "removed", "definitions", "exclusions"]
    assert sections[-2:] == ["renumbered", "sources"]
    assert "'id'" not in html and "{'" not in html
    removed = html[html.index('<section id="removed">'):html.index('<section id="definitions">')]
    assert re.search(r"No Honours</a>:\s*replaced by <a[^>]*><span lang=\"zh\">清字</span> Clean Hand</a>", removed)
    assert "toy-b has no counterpart" in removed
    exclusions = html[html.index('<section id="exclusions">'):]
    assert re.search(r"now excludes <a[^>]*>.*?Clean Hand</a> \(implied\); no longer excludes <a[^>]*>.*?No Honours",
                     exclusions)


def test_a_changed_text_marks_only_the_words_that_differ() -> None:
    old, new = marked_pair("Worth 640 points, above the limit.\n\nA second paragraph stays.",
                           "Worth 480 points,\nabove the limit.\n\nA second paragraph stays.")
    assert re.findall(r"<del>(.*?)</del>", old) == ["640"] and re.findall(r"<ins>(.*?)</ins>", new) == ["480"]
    old, new = marked_pair("九子連環 is its name.", "九蓮寶燈 is its name.")
    assert re.findall(r"<del>(.*?)</del>", old) == ["子連環"] and re.findall(r"<ins>(.*?)</ins>", new) == ["蓮寶燈"]
    old, new = marked_pair("A *short* text.", "A *much longer* text.")  # marks nest inside the formatting
    assert (str(old), str(new)) == ("<p>A <em><del>short</del></em> text.</p>",
                                    "<p>A <em><ins>much longer</ins></em> text.</p>")


def test_a_rewritten_sentence_is_one_change_not_a_scatter() -> None:
    old, new = marked_pair("The dealer wins by self-draw on the first draw.",
                           "A player other than the dealer wins on a discard before the first draw of the hand.")
    assert len(re.findall("<ins>", new)) <= 3, new


def test_the_real_editions_say_what_replaced_a_removed_pattern(built_site: Path) -> None:
    def section(rid: str, name: str) -> str:
        html = (built_site / output_path(diff_url(rid))).read_text("utf-8")
        start = html.index(f'<section id="{name}">')
        return html[start:html.index("</section>", start)]

    zj = section("zj-3.3", "removed")  # v3.3's 地和 has the test v2.4's 人和 had
    assert re.search(r"Blessing of Man</a>:\s*its test now belongs to <a[^>]*>.*?地和", zj)
    riichi = section("riichi-ema-2016", "removed")
    assert re.search(r"Pure Nine Gates</a>:\s*in the .*? example hands? that scored it under riichi, riichi-ema-2016 "
                     r"counts <a[^>]*><span lang=\"zh\">九莲宝灯</span> Nine Gates</a> instead", riichi)
    mcr = section("mcr-2006", "exclusions")
    assert mcr.count("no longer excludes") == 7 and "Fully Concealed Hand" in mcr
    definitions = section("zj-3.3", "definitions")
    assert "<del>more than</del>" in definitions and "<ins>480, above</ins>" in definitions
    values = section("zj-3.3", "values")
    assert re.search(r"Nine Gates</a></td><td>value</td>\s*(<!--[^>]*-->)?<td[^>]*>640 points</td>(<!--[^>]*-->)*"
                     r"<td[^>]*>480 points</td>", values)


def test_a_changed_test_of_play_is_also_said_in_words() -> None:
    rulesets = load_rulesets(CONTENT_DIR)
    changes = edition_changes(rulesets["zj-2.4"], rulesets["zj-3.3"], [])
    (earth,) = [t for t in changes.tests if t.pattern.id == "blessing-of-earth"]
    said = earth.conditions[0]
    assert said.label == "what it asks"
    assert said.old == "a player other than the dealer winning on their first draw"
    assert said.new == "a player other than the dealer winning on a discard in the first go-around"
    assert [c.label for c in earth.conditions[1:]] == ["tsumo"]  # the parameter itself stays, after the words
