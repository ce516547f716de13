"""Curated hands' notes in Chinese: every note has its Chinese twin (`note_zh`), a twin without Chinese is refused
with file, line and field, and a Chinese hand page says the Chinese note, not marked as English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.examples.curated import load_curated
from generator.examples.model import hand_key
from generator.messages import Name
from generator.rules import CONTENT_DIR, ContentError
from generator.rules.zh_text import has_chinese
from generator.rulesets import all_rulesets
from generator.site import urls

RULESETS = all_rulesets()
CURATED = load_curated(CONTENT_DIR / "hands", RULESETS)

GOOD = '''[[hand]]
id = "x"
hand = "123m456p789s234m55s"
source = "test"
title = "t"
note = "The tiles are ours."
note_zh = "牌是我们配的。"
[hand.expect."zj-2.4"]
total = 10
'''


def _load(tmp_path: Path, text: str) -> list:  # type: ignore[type-arg]
    folder = tmp_path / "content" / "hands"
    folder.mkdir(parents=True)
    (folder / "h.toml").write_text(text, encoding="utf-8")
    return load_curated(folder, RULESETS)


def test_every_curated_note_has_a_chinese_twin() -> None:
    noted = [c for c in CURATED if c.note]
    assert len(noted) >= 49
    missing = [c.id for c in noted if not isinstance(c.note, Name) or not has_chinese(c.note.zh)]
    assert not missing, f"notes without note_zh: {missing}"


def test_a_note_with_its_twin_is_a_name(tmp_path: Path) -> None:
    (hand,) = _load(tmp_path, GOOD)
    assert hand.note == "The tiles are ours." and isinstance(hand.note, Name) and hand.note.zh == "牌是我们配的。"


@pytest.mark.parametrize(("old", "new", "where"), [
    ('note_zh = "牌是我们配的。"', 'note_zh = "The tiles are ours."',
     ":7: hand 'x' note_zh: expected the note in Chinese"),
    ('note_zh = "牌是我们配的。"', "note_zh = 3", ":7: hand 'x' note_zh: expected a string"),
    ('note = "The tiles are ours."\n', "", ":6: hand 'x' note_zh: a Chinese twin without the English note"),
])
def test_a_bad_twin_names_file_line_and_field(tmp_path: Path, old: str, new: str, where: str) -> None:
    with pytest.raises(ContentError) as err:
        _load(tmp_path, GOOD.replace(old, new))
    assert f"h.toml{where}" in str(err.value)


def _note_element(page: str) -> str:
    m = re.search(r'<div class="prose note"[^>]*>.*?</div>', page, re.S)
    assert m, "no note on the hand page"
    return m.group(0)


def test_a_chinese_hand_page_says_the_chinese_note(built_site: Path) -> None:
    hand = next(c for c in CURATED if c.id == "zj24-three-similar-triplets")
    key = hand_key(hand.canonical)
    page = urls.hand_url(key).strip("/") + "/index.html"
    zh = _note_element((built_site / "zh-Hans" / page).read_text(encoding="utf-8"))
    en = _note_element((built_site / page).read_text(encoding="utf-8"))
    assert "原文给出 444p 444m 444s" in zh and 'lang="en"' not in zh and "The source gives" not in zh
    assert "The source gives 444p 444m 444s" in en and "原文" not in en


def test_chinese_pattern_pages_say_the_chinese_notes(built_site: Path) -> None:
    page = built_site / "zh-Hans" / urls.pattern_url("zj-2.4", "three-similar-triplets").strip("/") / "index.html"
    notes = re.findall(r'<div class="note"[^>]*>.*?</div>', page.read_text(encoding="utf-8"), re.S)
    assert any("原文给出 444p 444m 444s" in n for n in notes)
    assert not [n for n in notes if 'lang="en"' in n and has_chinese(n)]


# ----------------------------------------------------------------------------- the sources page

BIB = '''[bibliography]
dated = "2026-12-01"

[[source]]
key = "x"
title = "t"
title_en = "t"
author = "a"
year = "undated"
edition = "e"
language = "en"
url = "https://example.org/"
used_for = "Everything."
used_for_zh = "全部内容。"
note = "A note."
note_zh = "一条说明。"
'''


def _bibliography(tmp_path: Path, text: str) -> dict:  # type: ignore[type-arg]
    from generator.rules.sources import load_sources

    content = tmp_path / "content"
    content.mkdir()
    (content / "sources.toml").write_text(text, encoding="utf-8")
    return load_sources(content) or {}


def test_every_source_says_its_prose_in_chinese() -> None:
    from generator.rules.sources import load_sources

    bib = load_sources(CONTENT_DIR) or {}
    assert len(bib) >= 30
    for s in bib.values():
        for name in ("used_for", "note", "obtain"):
            if getattr(s, name):
                assert has_chinese(s.zh_text.get(name, "")), f"source {s.key!r} has no {name}_zh"


def test_a_source_twin_loads_beside_its_english(tmp_path: Path) -> None:
    s = _bibliography(tmp_path, BIB)["x"]
    assert s.note == "A note." and s.zh_text == {"used_for": "全部内容。", "note": "一条说明。"}


@pytest.mark.parametrize(("old", "new", "where"), [
    ('note_zh = "一条说明。"', 'note_zh = "A note."', ":16: source 'x' note_zh: expected Chinese text"),
    ('note = "A note."\n', "", ":15: source 'x' note_zh: a Chinese text is the twin of an English one"),
    ('used_for_zh = "全部内容。"', 'used_for_zh = 1', ":14: source 'x' used_for_zh: expected the Chinese text"),
])
def test_a_bad_source_twin_names_file_line_and_field(tmp_path: Path, old: str, new: str, where: str) -> None:
    with pytest.raises(ContentError) as err:
        _bibliography(tmp_path, BIB.replace(old, new))
    assert f"sources.toml{where}" in str(err.value)


def test_the_chinese_sources_page_says_the_chinese_prose(built_site: Path) -> None:
    zh = (built_site / "zh-Hans" / "sources" / "index.html").read_text(encoding="utf-8")
    en = (built_site / "sources" / "index.html").read_text(encoding="utf-8")
    assert '<p class="note">原文可以免费转载和分发' in zh and '<p class="note" lang="en">' not in zh
    assert "The text may be reprinted and handed out free of charge" in en and "原文可以免费转载" not in en
