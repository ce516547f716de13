"""Broken rule data is refused with file, line, field and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.rules import ContentError
from generator.rulesets import load_rulesets

GOOD = '''[ruleset]
id = "toy"
name = "Toy"
zh = "玩具"
edition = "1"
policy = "series"
unit = "points"
source = "test"
forms = ["regular"]

[options]
limit = 100

[[pattern]]
id = "flush"
zh = "清一色"
en = "Flush"
value = 10
group = "a"
detect = { name = "flush", honors = "none" }
excludes = [{ id = "no-honours", why = "implied" }]
source = "s1"
provenance = "source"
definition = """
One suit.
"""

[[pattern]]
id = "no-honours"
zh = "无字"
en = "No Honours"
value = 1
group = "b"
detect = { name = "no_honors" }
source = "s2"
provenance = "source"
definition = "No honours."
'''


def write(tmp_path: Path, text: str, name: str = "toy.toml") -> Path:
    folder = tmp_path / "content" / "rulesets"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return tmp_path / "content"


def error_for(tmp_path: Path, text: str, name: str = "toy.toml") -> ContentError:
    with pytest.raises(ContentError) as info:
        load_rulesets(write(tmp_path, text, name))
    return info.value


def line_of(text: str, needle: str, nth: int = 1) -> int:
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if needle in line]
    return lines[nth - 1]


def test_good_file_loads(tmp_path: Path) -> None:
    rs = load_rulesets(write(tmp_path, GOOD))["toy"]
    assert [p.id for p in rs.patterns] == ["flush", "no-honours"]
    assert rs.patterns[0].origin.line == line_of(GOOD, "[[pattern]]")


@pytest.mark.parametrize(
    "old, new, needle, field, words",
    [
        ('name = "flush", honors = "none"', 'name = "flsh"', 'name = "flsh"', "detect", "unknown detector 'flsh'"),
        ('honors = "none"', 'honors = "some"', 'honors = "some"', "detect", "must be one of"),
        ('honors = "none"', 'honours = "none"', 'honours = "none"', "detect", "has no parameter 'honours'"),
        ("value = 10", 'value = "10"', 'value = "10"', "value", "expected an integer"),
        ("value = 10", "value = true", "value = true", "value", "expected an integer"),
        ('id = "no-honours"\nzh', 'id = "flush"\nzh', 'zh = "无字"', "id", "duplicate id"),
        ('{ id = "no-honours", why', '{ id = "no-honour", why', "excludes", "excludes", "'no-honour' is not a pattern"),
        ('provenance = "source"\ndefinition = """', 'provenance = "guess"\ndefinition = """', '"guess"',
         "provenance", "expected 'source' or 'interpretation'"),
        ('provenance = "source"\ndefinition = """', 'provenance = "interpretation"\ndefinition = """',
         '"interpretation"', "reading", "needs a 'reading'"),
        ('group = "a"', 'group = "a"\ncolour = "red"', 'colour = "red"', "colour", "unknown field"),
        ('zh = "清一色"\n', "", "[[pattern]]", "zh", "missing"),
        ('policy = "series"', 'policy = "random"', 'policy = "random"', "ruleset.policy", "expected one of"),
        ('forms = ["regular"]', 'forms = ["regular", "eight-pairs"]', "eight-pairs", "ruleset.forms", "expected forms"),
        ('id = "flush"', 'id = "Flush Hand"', 'id = "Flush Hand"', "id", "lowercase slug"),
        ('zh = "清一色"\n', 'zh = "清一色"\nja = "Chiniisou"\n', 'ja = "Chiniisou"', "ja", "kanji or kana"),
        ('zh = "清一色"\n', 'zh = "清一色"\nja = "清一色"\nkana = "chin\u0027itsu"\n', "kana =", "kana", "kana only"),
        ('zh = "清一色"\n', 'zh = "清一色"\nkana = "チンイーソー"\n', "kana =", "kana", "needs the Japanese name"),
    ],
)
def test_broken_content_names_file_line_field(tmp_path: Path, old: str, new: str, needle: str, field: str,
                                              words: str) -> None:
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    found = error_for(tmp_path, text)
    # every problem of the file is reported; the one this edit makes is among them
    err = next((p for p in getattr(found, "problems", [found]) if field in p.field and words in p.message), found)
    assert err.file.endswith("toy.toml")
    assert field in err.field, str(err)
    assert words in err.message, str(err)
    if "duplicate" in words:
        expected_line = line_of(text, 'id = "flush"', 2)
    else:
        expected_line = line_of(text, needle)
    if field == "zh":
        expected_line = line_of(text, "[[pattern]]")
    assert err.line == expected_line, str(err)
    assert str(err).startswith(f"{err.file}:{err.line}: ")


def test_bad_toml_syntax_gives_line(tmp_path: Path) -> None:
    text = GOOD.replace("value = 10", "value = = 10")
    err = error_for(tmp_path, text)
    assert err.line == line_of(text, "value = = 10")
    assert "invalid TOML" in err.message


EDITION = '''[ruleset]
id = "toy-2"
base = "toy"
edition = "2"
remove = ["no-honours"]

[[change]]
id = "flush"
value = 20
excludes = []
'''


def test_edition_applies_changes_and_keeps_diff(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    rs = load_rulesets(write(tmp_path, EDITION, "toy-2.toml"))["toy-2"]
    assert [(p.id, p.value) for p in rs.patterns] == [("flush", 20)]
    assert rs.diff is not None
    assert ("flush", "value", 10, 20) in rs.diff.changed
    assert rs.diff.removed == ("no-honours",)
    assert rs.name == "Toy" and rs.edition == "2"


def test_edition_errors(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    err = error_for(tmp_path, EDITION.replace('id = "flush"\nvalue', 'id = "flash"\nvalue'), "toy-2.toml")
    assert (err.field, err.line) == ("change.id", 8)
    err = error_for(tmp_path, EDITION.replace('remove = ["no-honours"]', 'remove = ["nothing"]'), "toy-2.toml")
    assert err.field == "ruleset.remove" and "not a pattern of toy" in err.message


def test_dangling_exclusion_after_removal_is_refused(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    err = error_for(tmp_path, EDITION.replace("excludes = []\n", ""), "toy-2.toml")
    assert (err.file, err.field, err.line) == ("content/rulesets/toy-2.toml", "ruleset.remove", 5)
    assert "removing 'no-honours' leaves pattern 'flush' excluding it" in err.message


def test_shipped_content_loads() -> None:
    from generator.rulesets import all_rulesets

    assert {"zj-2.4", "zj-3.3"} <= set(all_rulesets())


RIICHI_TOY = '''[ruleset]
id = "toy-riichi"
name = "Toy"
zh = "玩具"
edition = "1"
policy = "riichi"
unit = "points"
pattern_unit = "han"
source = "test"
forms = ["regular"]

[options]
kiriage_mangan = true
double_wind_pair_fu = 2

[[rule]]
option = "kiriage_mangan"
source = "test: p. 1"
provenance = "source"

[[pattern]]
id = "flush"
zh = "清一色"
en = "Flush"
value = 6
open_value = 5
group = "yaku"
detect = { name = "flush", honors = "none" }
source = "s1"
provenance = "source"
definition = "One suit."
'''


def test_an_option_is_cited_by_a_rule(tmp_path: Path) -> None:
    rs = load_rulesets(write(tmp_path, RIICHI_TOY))["toy-riichi"]
    assert rs.option("kiriage_mangan") is True and rs.rule("kiriage_mangan").provenance == "source"
    assert rs.rule("double_wind_pair_fu") is None


@pytest.mark.parametrize("old, new, line, field, needle", [
    ("double_wind_pair_fu = 2", "double_wind_pair_fu = 3", 14, "options.double_wind_pair_fu", "expected 2 or 4"),
    ("double_wind_pair_fu = 2", "double_wind_pair_fu = true", 14, "options.double_wind_pair_fu", "an integer"),
    ('option = "kiriage_mangan"', 'option = "kiriage"', 17, "rule.option", "unknown option"),
    ('provenance = "source"\n\n[[pattern]]', 'provenance = "interpretation"\n\n[[pattern]]', 16, "rule.reading",
     "needs a 'reading'"),
    ('source = "test: p. 1"', 'sauce = "test: p. 1"', 18, "rule.sauce", "unknown field"),
])
def test_a_bad_rule_or_option_names_its_line(tmp_path: Path, old: str, new: str, line: int, field: str,
                                             needle: str) -> None:
    assert old in RIICHI_TOY
    err = error_for(tmp_path, RIICHI_TOY.replace(old, new))
    assert (err.line, err.field) == (line, field) and needle in err.message, str(err)
