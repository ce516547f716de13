"""The Riichi variations page: one table of every rule that differs between riichi and its editions, each cell
computed from the rule data and linked to the passage it rests on, linked from every Riichi rule-set page."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from generator.rulesets import all_rulesets
from generator.site.pages.variations import editions_over, variation_rows, variations_root
from generator.site.urls import output_path, ruleset_url, source_url, variations_url

EDITIONS = ["riichi-ema-2016", "riichi-mleague", "riichi-tenhou", "riichi-wrc-2025"]


def _columns():  # type: ignore[no-untyped-def]
    rulesets = all_rulesets()
    return [rulesets["riichi"], *editions_over(rulesets, rulesets["riichi"])]


def _cells(rows, key):  # type: ignore[no-untyped-def]
    return {c: cell.words for c, cell in zip([rs.id for rs in _columns()], next(r for r in rows if r.key == key).cells)}


def test_the_rows_are_the_rules_that_differ() -> None:
    columns = _columns()
    assert [rs.id for rs in columns] == ["riichi", *EDITIONS]
    rows = variation_rows(columns)
    assert {r.key for r in rows} == {"counted_yakuman", "stack_yakuman", "kiriage_mangan", "double_wind_pair_fu",
                                     "thirteen-orphans-13-wait", "four-concealed-pungs-single-wait",
                                     "big-four-winds", "pure-nine-gates", "red-five", "blessing-of-man"}
    assert _cells(rows, "kiriage_mangan") == {"riichi": "no", "riichi-ema-2016": "no", "riichi-mleague": "yes",
                                              "riichi-tenhou": "no", "riichi-wrc-2025": "yes"}
    assert _cells(rows, "double_wind_pair_fu")["riichi-mleague"] == "2"
    assert _cells(rows, "big-four-winds")["riichi"] == "double yakuman"  # a yakuman is never "26 han"
    assert _cells(rows, "big-four-winds")["riichi-tenhou"] == "yakuman"
    assert _cells(rows, "pure-nine-gates")["riichi-tenhou"] == "not told apart: scored as Nine Gates"
    assert _cells(rows, "red-five")["riichi-wrc-2025"] == "not played"
    for row in rows:  # every cell names a passage of the bibliography
        assert all(cell.cites for cell in row.cells), row.label


def test_the_cells_are_read_from_the_rule_data() -> None:
    columns = _columns()
    tenhou = columns.index(next(rs for rs in columns if rs.id == "riichi-tenhou"))
    edited = replace(columns[tenhou], options={**columns[tenhou].options, "kiriage_mangan": True})
    rows = variation_rows([*columns[:tenhou], edited, *columns[tenhou + 1:]])
    assert next(r for r in rows if r.key == "kiriage_mangan").cells[tenhou].words == "yes"
    same = [replace(rs, options={**rs.options, "kiriage_mangan": False}) for rs in columns]
    assert "kiriage_mangan" not in {r.key for r in variation_rows(same)}


def test_only_a_rule_set_with_editions_has_the_page() -> None:
    rulesets = all_rulesets()
    for rid in ["riichi", *EDITIONS]:
        assert variations_root(rulesets, rulesets[rid]) is rulesets["riichi"]
    assert variations_root(rulesets, rulesets["mcr"]) is None  # one edition: its diff page is the table


def test_the_page_renders_with_its_links(built_site: Path) -> None:
    html = (built_site / output_path(variations_url("riichi"))).read_text(encoding="utf-8")
    rows = variation_rows(_columns())
    assert len(re.findall(r'<tr id="(?:option|pattern)-', html)) == len(rows)
    for key in ("tenhou", "m-league", "wrc-2025", "ema-2016", "mahjong-soul"):
        assert f'href="{source_url(key)}"' in html, key
    notes = set(re.findall(r'<li id="note-(\d+)">', html))
    assert notes and set(re.findall(r'href="#note-(\d+)"', html)) == notes  # every note is pointed at, and exists
    assert "26 han" not in html and "interpretation" in html
    for rid in ["riichi", *EDITIONS]:
        page = (built_site / output_path(ruleset_url(rid))).read_text(encoding="utf-8")
        assert f'href="{variations_url("riichi")}"' in page, rid


def test_each_new_edition_says_what_it_changes(built_site: Path) -> None:
    from generator.site.urls import diff_url

    def text(rid: str) -> str:
        html = (built_site / output_path(diff_url(rid))).read_text(encoding="utf-8")
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[html.index("<main"):html.index("</main>")]))

    tenhou = text("riichi-tenhou")
    assert "Big Four Winds value double yakuman yakuman" in tenhou and "Rules changed" not in tenhou
    for rid in ("riichi-mleague", "riichi-wrc-2025"):
        said = text(rid)
        assert "kiriage mangan) no yes" in said and "seat and round wind 4 2" in said, rid
        assert "13 han or more is a yakuman (counted yakuman) yes no" in said, rid
    assert "Red Five" in text("riichi-wrc-2025")
    for rid in EDITIONS:
        html = (built_site / output_path(diff_url(rid))).read_text(encoding="utf-8")
        assert f'href="{variations_url("riichi")}"' in html, rid
