"""Concept pages name every rule set (one that lacks the pattern gets a row saying so), and a concept marked
`nesting = true` shows how its members' definitions nest, measured on the example hands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.examples.concepts import Concept, load_concepts, nesting
from generator.examples.model import Example
from generator.rules import ContentError
from generator.rulesets import all_rulesets
from generator.scoring.families import policy_of
from generator.scoring.result import Counted, Excluded, Score
from generator.site.urls import concept_url, output_path

RULESETS = all_rulesets()


def _side_by_side(built_site: Path, concept: str) -> list[tuple[str, str]]:
    """(rule set id, pattern cell text) for each row of the concept page's comparison table."""
    html = (built_site / output_path(concept_url(concept))).read_text("utf-8")
    table = html[html.index('<section id="side-by-side">'):html.index("</section>", html.index('id="side-by-side"'))]
    rows = re.findall(r'<tr style="[^"]*"[^>]*>\s*<th scope="row"><a class="rs-tag"[^>]*>([^<]+)</a></th>\s*<td[^>]*>(.*?)</td>',
                      table, re.S)
    return [(rid, re.sub(r"<[^>]+>", "", cell).strip()) for rid, cell in rows]


def test_every_concept_page_has_a_row_for_every_rule_set(built_site: Path) -> None:
    concepts = load_concepts(Path("content") / "concepts.toml", RULESETS)
    assert len(concepts) > 50
    for c in concepts:
        rows = _side_by_side(built_site, c.id)
        assert sorted(set(rid for rid, _ in rows)) == sorted(RULESETS), c.id
        members = {r for r, _ in c.members}
        for rid, cell in rows:
            if rid in members:
                assert "has no pattern" not in cell, (c.id, rid)
            else:
                assert cell == f"{RULESETS[rid].name} has no pattern for this.", (c.id, rid, cell)
        assert len(rows) == len(c.members) + len(set(RULESETS) - members), c.id


def test_tuanyuan_is_named_on_the_nine_gates_page(built_site: Path) -> None:
    rows = dict(_side_by_side(built_site, "nine-gates"))
    assert rows["tuanyuan"] == "Tuanyuan has no pattern for this."
    assert [rid for rid, _ in _side_by_side(built_site, "nine-gates")] == [
        rid for rid in RULESETS for _ in range(max(1, sum(r == rid for r, _ in _nine_gates().members)))]


def _nine_gates() -> Concept:
    return next(c for c in load_concepts(Path("content") / "concepts.toml", RULESETS) if c.id == "nine-gates")


def _width(rid: str, pid: str) -> int:
    """How wide a Nine Gates member's definition is, read from its detector's parameters: 1 the open shape (claims
    allowed), 2 any arrangement of the fourteen tiles, 3 the gates as the wait except on a self-draw, 4 the gates as
    the wait."""
    params = dict(RULESETS[rid].pattern(pid).params)
    if not params.get("concealed", True):
        return 1
    if not params.get("on_wait", True):
        return 2
    return 3 if params.get("self_draw_any", False) else 4


def test_the_nine_gates_family_nests_from_open_to_pure(built_site: Path) -> None:
    html = (built_site / output_path(concept_url("nine-gates"))).read_text("utf-8")
    section = html[html.index('<section id="nesting">'):]
    section = section[:section.index("</section>")]
    depth, levels = 0, []
    for m in re.finditer(r"<(/?)ul\b|<li>(.*?)(?=<ul>|</li>)", section, re.S):
        if m.group(1) is not None and m.group(2) is None:
            depth += -1 if m.group(1) else 1
        else:
            levels.append((depth, sorted(re.findall(r'href="/rulesets/([^/]+)/([^/]+)/"', m.group(2)))))
    members = _nine_gates().members
    plain = [m for m in members if not _plays_ghosts(m[0])]
    widths = sorted({_width(*m) for m in plain})
    chain = [(depth, sorted(m for m in plain if _width(*m) == w)) for depth, w in enumerate(widths, 1)]
    # A member whose rule set plays ghosts meets hands with ghosts that no other rule set calls complete, so it
    # heads a tree of its own, over the members that ask the same of the tiles.
    ghostly = [[(1, [m]), (2, sorted(p for p in plain if _width(*p) == _width(*m)))]
               for m in members if _plays_ghosts(m[0])]
    assert levels == chain + [level for tree in ghostly for level in tree]
    assert ("guangdong-2023", "nine-gates") in members and ("sihai-3.1", "open-nine-gates") in members


def _plays_ghosts(rid: str) -> bool:
    return policy_of(RULESETS[rid].policy).plays_ghosts(RULESETS[rid])


def _example(key: str, met: dict[str, list[str]]) -> Example:
    """A hand whose result under each rule set counts the first pattern listed and excludes the rest."""
    ex = Example(hand=key, kind="curated")
    for rid, ids in met.items():
        ex.results[rid] = Score(rid, key, True, True, 1, "points",
                                patterns=[Counted(i, "", "", 1, 1) for i in ids[:1]],
                                excluded=[Excluded(i, ids[0], "implied") for i in ids[1:]])
    return ex


def test_nesting_is_the_inclusion_of_the_hands_that_meet_each_member() -> None:
    c = Concept("x", "", "", "", [("a", "wide"), ("b", "narrow"), ("a", "narrow"), ("b", "side"), ("c", "never")],
                nesting=True)
    hands = [
        _example("1123456789m+1m", {"a": ["wide", "narrow"], "b": ["narrow", "side"]}),  # narrow: met here only
        _example("1223456789m+1m", {"a": ["wide"], "b": ["side"]}),  # side: here too
        _example("1233456789m+1m", {"a": ["wide"]}),  # wide: everywhere
        _example("1234456789m+1m", {"b": []}),  # meets nothing
    ]
    result = nesting(c, hands)
    assert result.hands == 3 and result.unmet == (("c", "never"),)
    [wide] = result.nests
    assert (wide.members, wide.hands) == ((("a", "wide"),), 3)
    [side] = wide.inside  # narrow sits inside side, not beside it: the direct nest only
    assert (side.members, side.hands) == ((("b", "side"),), 2)
    [narrow] = side.inside
    assert (narrow.members, narrow.hands, narrow.inside) == ((("b", "narrow"), ("a", "narrow")), 1, ())


def test_members_that_do_not_nest_stand_side_by_side() -> None:
    c = Concept("x", "", "", "", [("a", "left"), ("a", "right")], nesting=True)
    hands = [_example("1123456789m+1m", {"a": ["left"]}), _example("1223456789m+1m", {"a": ["right"]})]
    assert [n.members for n in nesting(c, hands).nests] == [(("a", "left"),), (("a", "right"),)]


def test_a_bad_nesting_field_names_file_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "content" / "concepts.toml"
    path.parent.mkdir()
    path.write_text('[[concept]]\nid = "flush"\nzh = "清一色"\nen = "Flush"\ndescription = "One suit."\n'
                    'members = ["mcr/full-flush"]\nnesting = "yes"\n', encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_concepts(path, RULESETS)
    assert "concepts.toml:7: concept 'flush' nesting: expected true or false" in str(err.value)
    path.write_text(path.read_text(encoding="utf-8").replace('"yes"', "true"), encoding="utf-8")
    assert load_concepts(path, RULESETS)[0].nesting is True
