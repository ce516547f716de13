"""The Chinese twins of the content's prose (`F_zh` beside `F`): read beside the English, refused with file, line
and field when they are not Chinese or stand alone, dropped by an edition that rewrites the English, and shown on
a Chinese page with the English as the fallback."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_rules_loader import EDITION, GOOD, error_for, line_of, write

from generator.examples.concepts import load_concepts
from generator.rules import ContentError
from generator.rules.zh_text import localized
from generator.rulesets import load_rulesets

ZH = GOOD.replace('definition = """\nOne suit.\n"""', 'definition = """\nOne suit.\n"""\ndefinition_zh = "一门花色。"', 1) \
    .replace('source = "test"\n', 'source = "test"\ndescription = "A toy."\ndescription_zh = "一个玩具规则。"\n', 1)


def test_twins_are_read_beside_the_english(tmp_path: Path) -> None:
    rs = load_rulesets(write(tmp_path, ZH))["toy"]
    flush = rs.pattern("flush")
    assert flush.zh_text == {"definition": "一门花色。"} and flush.definition.strip() == "One suit."
    assert rs.zh_text == {"description": "一个玩具规则。"}
    assert localized(flush, "definition", "zh-Hans") == ("一门花色。", "zh-Hans")
    assert localized(flush, "definition", "en")[1] == "en"
    # no twin: the English, marked as English
    assert localized(rs.pattern("no-honours"), "definition", "zh-Hans") == ("No honours.", "en")


@pytest.mark.parametrize(("old", "new", "needle", "field", "says"), [
    ('definition_zh = "一门花色。"', 'definition_zh = "One suit."', "definition_zh", "pattern 'flush' definition_zh",
     "expected Chinese text"),
    ('definition_zh = "一门花色。"', 'reading_zh = "这样读。"', "reading_zh", "pattern 'flush' reading_zh",
     "give the English field too"),
    ('definition_zh = "一门花色。"', 'defintion_zh = "一门花色。"', "defintion_zh", "pattern 'flush' defintion_zh",
     "unknown field"),
    ('description_zh = "一个玩具规则。"', 'description_zh = ""', "description_zh", "ruleset.description_zh",
     "non-empty string"),
])
def test_a_bad_twin_names_its_file_line_and_field(tmp_path: Path, old: str, new: str, needle: str, field: str,
                                                  says: str) -> None:
    text = ZH.replace(old, new)
    err = error_for(tmp_path, text)
    assert (err.file, err.line, err.field) == ("content/rulesets/toy.toml", line_of(text, needle), field)
    assert says in err.message


def test_an_edition_keeps_a_twin_only_beside_the_english_it_translates(tmp_path: Path) -> None:
    write(tmp_path, ZH)
    kept = load_rulesets(write(tmp_path, EDITION, "toy-2.toml"))["toy-2"]
    assert kept.pattern("flush").zh_text == {"definition": "一门花色。"}
    assert kept.zh_text == {"description": "一个玩具规则。"}
    assert all(key != "definition_zh" for _, key, _, _ in kept.diff.changed)
    rewritten = EDITION.replace("value = 20\n", 'value = 20\ndefinition = "Only one suit."\n') \
        .replace('remove = ["no-honours"]\n', 'remove = ["no-honours"]\ndescription = "Toy, second edition."\n')
    rs = load_rulesets(write(tmp_path, rewritten, "toy-2.toml"))["toy-2"]
    assert rs.pattern("flush").zh_text == {} and rs.zh_text == {}  # the old Chinese would say the old thing
    both = rewritten.replace('definition = "Only one suit."', 'definition = "Only one suit."\ndefinition_zh = "只用一门花色。"')
    assert load_rulesets(write(tmp_path, both, "toy-2.toml"))["toy-2"].pattern("flush").zh_text == {
        "definition": "只用一门花色。"}


def test_a_concept_and_an_option_rule_take_a_twin(tmp_path: Path) -> None:
    content = write(tmp_path, ZH)
    concepts = content / "concepts.toml"
    concepts.write_text('[[concept]]\nid = "flush"\nzh = "清一色"\nen = "Flush"\ndescription = "One suit."\n'
                        'description_zh = "一门花色。"\nmembers = ["toy/flush"]\n', encoding="utf-8")
    rulesets = load_rulesets(content)
    (concept,) = load_concepts(concepts, rulesets)
    assert localized(concept, "description", "zh-Hans") == ("一门花色。", "zh-Hans")
    concepts.write_text(concepts.read_text(encoding="utf-8").replace("一门花色。", "one suit"), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_concepts(concepts, rulesets)
    assert (info.value.line, info.value.field) == (6, "concept 'flush' description_zh")



def test_a_prose_pages_chinese_twin_is_read_with_it_and_an_orphan_is_refused(tmp_path: Path) -> None:
    from generator.rules.errors import Problems
    from generator.site.gather import _read_prose

    pages = tmp_path / "content" / "pages"
    pages.mkdir(parents=True)
    (pages / "about.md").write_text("# About\n\nText.\n", encoding="utf-8")
    (pages / "about.zh-Hans.md").write_text("# 关于\n\n正文。\n", encoding="utf-8")
    (pages / "gone.zh-Hans.md").write_text("# 无\n\n正文。\n", encoding="utf-8")
    found = Problems()
    read = _read_prose(tmp_path / "content", found)
    assert list(read) == ["about"]  # the twin is no page of its own
    assert read["about"].zh is not None and (read["about"].zh.title, read["about"].zh.slug) == ("关于", "about")
    (err,) = found.found
    assert (err.file, err.line) == ("content/pages/gone.zh-Hans.md", 1) and "no content/pages/gone.md" in err.message


def test_every_payment_note_has_its_chinese_twin_and_leaves_the_stored_answers_current() -> None:
    """A payment scheme's note is said in Chinese on Chinese pages (`note_zh`); the twin is not what counts, so the
    fingerprints of the stored matrix answers and figures leave it out (`zh_text.without_twins`)."""
    from generator.pairs.store import rules_fingerprint
    from generator.rules.zh_text import has_chinese, without_twins
    from generator.rulesets import load_rulesets

    for rs in load_rulesets().values():
        for scheme in rs.option("payment", []) or []:
            if scheme.get("note"):
                assert has_chinese(scheme.get("note_zh", "")), (rs.id, scheme.get("id"))
        if any("note_zh" in s for s in rs.option("payment", []) or []):
            bare = replace(rs, options=without_twins(rs.options))
            assert rules_fingerprint(bare) == rules_fingerprint(rs), rs.id
