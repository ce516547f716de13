"""The glossary (content/glossary.toml, /glossary/): its content checked like every content file, its page listing
every term and every concept under all their names, and concept pages found by the names players write."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.examples.concepts import load_concepts
from generator.rules import CONTENT_DIR
from generator.rules.errors import Problems
from generator.rulesets import load_rulesets
from generator.site.glossary import load_glossary
from generator.site.pages.glossary import language_of
from generator.site.urls import GLOSSARY, concept_url, output_path

RULESETS = load_rulesets(CONTENT_DIR)
CONCEPTS = {c.id for c in load_concepts(CONTENT_DIR / "concepts.toml", RULESETS)}

GOOD = '''[[term]]
id = "pung"
en = "pung"
zh = "刻子"
variants = ["pong", "碰"]
definition = "Three alike."
definition_zh = "三张相同的牌。"
concept = "all-pungs"

[[names]]
concept = "all-pungs"
variants = ["碰碰胡", "对对胡"]
'''


def _load(tmp_path: Path, text: str) -> tuple[object, Problems]:
    (tmp_path / "content").mkdir(exist_ok=True)
    (tmp_path / "content" / "glossary.toml").write_text(text, encoding="utf-8")
    found = Problems()
    return load_glossary(tmp_path / "content", found, CONCEPTS), found


def test_a_term_and_a_concepts_names_are_read(tmp_path: Path) -> None:
    g, found = _load(tmp_path, GOOD)
    assert not found.found
    (term,) = g.terms
    assert (term.id, term.zh, term.variants, term.zh_text) == ("pung", "刻子", ("pong", "碰"), {"definition": "三张相同的牌。"})
    # the [[names]] entry first, then the names of the terms that link to the concept
    assert g.concept_variants("all-pungs") == ("碰碰胡", "对对胡", "pung", "刻子", "pong", "碰")


@pytest.mark.parametrize(("old", "new", "line", "field", "says"), [
    ('concept = "all-pungs"\n\n', 'concept = "all-pongs"\n\n', 8, "term 'pung' concept", "not a concept"),
    ('zh = "刻子"', 'zh = "kezi"', 4, "term 'pung' zh", "expected the Chinese name"),
    ('variants = ["pong", "碰"]', 'variants = ["pong", "pong"]', 5, "term 'pung' variants", "listed twice"),
    ('definition = "Three alike."\n', '', 1, "term 'pung' definition", "missing"),
    ('definition_zh = "三张相同的牌。"', 'definition_zh = "three alike"', 7, "term 'pung' definition_zh",
     "expected Chinese text"),
    ('concept = "all-pungs"\nvariants', 'concept = "nothing"\nvariants', 11, "names.concept", "expected a concept"),
    ('id = "pung"', 'id = "Pung"', 2, "term 'Pung' id", "lowercase slug"),
])
def test_bad_glossary_content_names_its_line_and_field(tmp_path: Path, old: str, new: str, line: int, field: str,
                                                       says: str) -> None:
    assert old in GOOD
    _, found = _load(tmp_path, GOOD.replace(old, new))
    (err,) = found.found
    assert (err.file, err.line, err.field) == ("content/glossary.toml", line, field), err
    assert says in err.message


def test_a_variant_is_marked_with_its_language() -> None:
    assert [language_of(v) for v in ("碰碰胡", "対々和", "toitoi", "ダブル立直")] == ["zh", "ja", "en", "ja"]


def test_the_shipped_glossary_covers_the_names_players_write() -> None:
    found = Problems()
    g = load_glossary(CONTENT_DIR, found)
    assert not found.found, found.found
    assert len(g.terms) >= 30 and all(t.zh_text.get("definition") for t in g.terms)
    for concept, name in [("all-chows", "平胡"), ("concealed-hand", "门清"), ("all-pungs", "碰碰胡"),
                          ("all-pungs", "对对胡"), ("seven-pairs", "七小对"), ("thirteen-orphans", "国士无双"),
                          ("pure-straight", "一条龙"), ("chicken-hand", "鸡胡")]:
        assert name in g.concept_variants(concept), (concept, name)


def test_the_page_lists_every_term_and_every_concept(built_site: Path) -> None:
    html = (built_site / output_path(GLOSSARY)).read_text(encoding="utf-8")
    g = load_glossary(CONTENT_DIR, Problems())
    assert re.findall(r'<div class="term" id="([a-z0-9-]+)">', html)[:len(g.terms)] == [t.id for t in g.terms]
    for c in CONCEPTS:
        assert f'href="{concept_url(c)}"' in html, c
    assert '<span class="variant" lang="zh">碰碰胡</span>' in html
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert f'href="{GLOSSARY}"' in home


def test_a_concept_page_carries_the_names_players_write(built_site: Path) -> None:
    html = (built_site / output_path(concept_url("all-pungs"))).read_text(encoding="utf-8")
    assert "碰碰胡" in html and "对对胡" in html
