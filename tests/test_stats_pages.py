"""Pattern pages show the stored statistics: the figures on the page are the stored ones, stale figures are marked,
context patterns say why they have none, and `mahjong-atlas check` warns about stale figures.

Pages are rendered in memory from the real rule data with no example hands (no example search, no site written);
the statistics are read from a content folder of the test's own, so a stale file can be staged."""

from __future__ import annotations

import html
import json
import re
import shutil
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.examples.atlas import Atlas
from generator.examples.snapshot import SnapshotInfo
from generator.rules import CONTENT_DIR, Ruleset
from generator.rulesets import all_rulesets
from generator.site import check
from generator.site.build import render_site
from generator.site.gather import SiteData
from generator.site.render import md_page
from generator.site.urls import output_path, pattern_url
from generator.stats.frequency import pattern_frequency
from generator.stats.play import named, play_reason
from generator.stats.store import is_current, read_stats, stale_rulesets, tiles_current, wins_object
from generator.stats.tally import tile_only
from generator.stats.wins import WAYS, reads_win

RULESETS = tuple(sorted(p.stem for p in (CONTENT_DIR / "stats").glob("*.json")))


def _content(tmp_path: Path, stale: tuple[str, ...] = (), wins: dict[str, dict[str, Any]] | None = None,
             stale_wins: tuple[str, ...] = ()) -> Path:
    """A content folder holding the stored statistics of RULESETS, with the `stale` ones' fingerprint changed, the
    given win figures in place of the stored ones, and the `stale_wins` ones' win fingerprint changed."""
    content = tmp_path / "content"
    (content / "stats").mkdir(parents=True)
    for rid in RULESETS:
        obj = read_stats(rid)
        assert obj is not None, f"content/stats/{rid}.json is missing: run `mahjong-atlas stats --ruleset {rid}`"
        if rid in stale:
            obj["rules"] = "0" * 16
        if wins and rid in wins:
            obj["wins"] = wins[rid]
        if rid in stale_wins:
            obj["wins"]["rules"] = "0" * 16
        (content / "stats" / f"{rid}.json").write_text(json.dumps(obj), encoding="utf-8")
    return content


def _render(content: Path) -> dict[str, str]:
    """Every page of RULESETS' rule sets, rendered in memory: path -> HTML."""
    rulesets = {rid: rs for rid, rs in all_rulesets().items() if rid in RULESETS}
    atlas = Atlas([], {}, [], {}, [], [], SnapshotInfo("", False))
    data = SiteData(rulesets, atlas, {}, "test", content=content)
    files, _pages = render_site(data)
    return {path: body.decode("utf-8") for path, body in files.items() if path.endswith(".html")}


def _section(page: str) -> str:
    """The frequency section as plain text (tags dropped, entities and number spaces undone)."""
    m = re.search(r'<section id="frequency".*?</section>', page, re.DOTALL)
    assert m, "the pattern page has no frequency section"
    text = html.unescape(re.sub(r"<[^>]+>", " ", m.group(0)))
    return re.sub(r"\s+", " ", text.replace("\u202f", "").replace("\u2009", ""))


def _page(pages: dict[str, str], rs: Ruleset, pid: str) -> str:
    return pages[output_path(pattern_url(rs.id, pid))]


@pytest.fixture(scope="module")
def current(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return _render(_content(tmp_path_factory.mktemp("current")))


def _assert_figures(text: str, row: dict[str, Any], stored: dict[str, Any]) -> None:
    """The page's numbers against the stored integers: counts exactly, shares within their rounding."""
    total = stored["weight"]
    found = re.findall(r"(Shown|Counted) \S+ (?:1 in ([\d.]+) concealed complete hands, weighted by tile copies \(([\d.]+) ?%\) "
                       r"Distinct hands: (\d+) of (\d+), each counted once"
                       r"|in no complete hand)", text)
    assert [kind for kind, *_ in found] == ["Shown", "Counted"], text
    for (kind, odds, pct, hands, population), key in zip(found, ("shown", "counted")):
        if not odds:
            assert row[f"weighted_{key}"] == row[f"hands_{key}"] == 0, kind
            continue
        share = Fraction(row[f"weighted_{key}"], total)
        assert int(hands) == row[f"hands_{key}"] and int(population) == stored["hands"]
        assert abs(float(odds) - float(1 / share)) <= max(0.05, float(1 / share) * 0.005), (kind, odds)
        assert abs(float(pct) - float(share * 100)) <= float(share * 100) * 0.005, (kind, pct)
    rank = re.search(r"Rank \S+ (\d+)(st|nd|rd|th) most common of (\d+) tile pattern", text)
    assert rank and int(rank.group(1)) == row["rank"] and int(rank.group(3)) == len(stored["patterns"]), text


def test_pattern_pages_show_the_stored_figures(current: dict[str, str]) -> None:
    rulesets = all_rulesets()
    checked = 0
    for rid in RULESETS:
        rs, stored = rulesets[rid], read_stats(rid)
        assert stored is not None
        for pid, row in stored["patterns"].items():
            text = _section(_page(current, rs, pid))
            assert ("Computed for earlier rule data" in text) == (not tiles_current(stored, rs))
            _assert_figures(text, row, stored)
            checked += 1
    assert checked > 200 and {"mcr", "tuanyuan"} <= set(RULESETS)


def test_stale_figures_are_marked_with_the_command_that_refreshes_them(tmp_path: Path) -> None:
    pages = _render(_content(tmp_path, stale=("mcr",)))
    rulesets = all_rulesets()
    mcr, stored = rulesets["mcr"], read_stats("mcr")
    assert stored is not None
    pid = min(stored["patterns"], key=lambda p: stored["patterns"][p]["rank"])
    page = _page(pages, mcr, pid)
    text = _section(page)
    assert "Computed for earlier rule data" in text and "mahjong-atlas stats --ruleset mcr" in text
    assert 'class="facts frequency-figures is-stale"' in page
    _assert_figures(text, stored["patterns"][pid], stored)  # still shown, as what they are
    weak = _section(_page(pages, rulesets["tuanyuan"], "weak-suit"))  # the other rule set keeps its own state
    assert ("earlier rule data" in weak) == (not is_current(read_stats("tuanyuan") or {}, rulesets["tuanyuan"]))


def test_play_patterns_say_what_they_depend_on(current: dict[str, str]) -> None:
    rulesets = all_rulesets()
    cases = {("mcr", "robbing-the-kong"): "taken from another player's kong", ("mcr", "last-tile-draw"): "wall",
             ("mcr", "seat-wind"): "seat", ("mcr", "flower-tiles"): "flower", ("mcr", "four-kongs"): "kongs",
             ("mcr", "self-drawn"): "self-drawn", ("tuanyuan", "self-draw"): "self-drawn",
             ("tuanyuan", "wild-kong"): "wild", ("zj-2.4", "value-honor"): "seat"}
    reasons = set()
    for (rid, pid), word in cases.items():
        rs = rulesets[rid]
        p = rs.pattern(pid)
        assert not tile_only(p) and not reads_win(p)
        reason = re.sub(r"\s+", " ", play_reason(p))
        text = _section(_page(current, rs, pid))
        assert reason in text and word in reason and "1 in" not in text and "How the figures are counted" in text
        reasons.add(reason)
    assert len(reasons) >= len(cases) - 1  # self-drawn says the same in two rule sets, the others differ
    for rs in rulesets.values():  # every play pattern's reason comes from the table, not the fallback
        assert all(named(p) for p in rs.patterns if not tile_only(p) and not reads_win(p)), rs.id


def test_the_method_link_leads_to_its_section(current: dict[str, str]) -> None:
    assert 'href="/how-to-read/#how-often-a-pattern-occurs"' in _page(current, all_rulesets()["mcr"], "all-chows")
    rendered = str(md_page((CONTENT_DIR / "pages" / "how-to-read.md").read_text(encoding="utf-8")))
    assert 'id="how-often-a-pattern-occurs"' in rendered and "C(4, count)" in rendered


def test_missing_and_uncovered_figures_say_so() -> None:
    rs = all_rulesets()["mcr"]
    p = rs.pattern("all-chows")
    assert pattern_frequency(rs, p, None).status == "missing"
    no_wins = {k: v for k, v in (read_stats("mcr") or {}).items() if k != "wins"}
    f = pattern_frequency(rs, rs.pattern("edge-wait"), no_wins)
    assert f.status == "missing" and "wins" in f.reason
    odd = replace(rs, policy="unknown-policy")
    f = pattern_frequency(odd, p, read_stats("mcr"))
    assert f.status == "uncovered" and "unknown-policy" in f.reason
    riichi = all_rulesets()["riichi"]
    assert pattern_frequency(riichi, riichi.pattern("all-simples"), read_stats("riichi")).status == "figures"


def test_a_riichi_pattern_page_prints_the_published_count_it_reproduces(built_site: Path) -> None:
    page = html.unescape((built_site / output_path(pattern_url("riichi", "big-three-dragons"))).read_text("utf-8"))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))
    assert "Published count: 16 137 216 complete hands show it" in text  # the page groups digits with thin spaces
    assert "麻雀概論 第3回, 大三元): the same count as the atlas's own above" in text
    assert "does not cover Riichi" not in text


def test_check_warns_about_stale_statistics(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    content = _content(tmp_path, stale=("mcr",))
    rulesets = all_rulesets()
    assert stale_rulesets(rulesets.values(), content) == ["mcr"]
    shutil.copytree(CONTENT_DIR / "rulesets", content / "rulesets")
    data = SiteData({rid: rulesets[rid] for rid in RULESETS}, Atlas([], {}, [], {}, [], [], SnapshotInfo("", False)),
                    {}, "test", content=content)
    monkeypatch.setattr(check, "build_files", lambda _content: ({}, [], data))  # the full check runs the search
    assert main(["check", "--content", str(content)]) == 0
    err = capsys.readouterr().err
    assert re.search(r"^warning: the statistics of mcr(,| were).*earlier rule data.*--ruleset mcr", err, re.MULTILINE)
    assert err.count("warning:") == 1


def _wins(rid: str) -> dict[str, Any]:
    """Win figures of a few orbits (the nine gates hands and some others), as the run stores them."""
    from test_stats_wins import _nine_gates_orbits, _tally, special

    rs = all_rulesets()[rid]
    return wins_object(rs, _tally(_nine_gates_orbits() + special(), rs))


def _assert_win_figures(text: str, rows: dict[str, Any], wins: dict[str, Any]) -> None:
    """The page's numbers against the stored win figures: both ways together, then each way."""
    found = re.findall(r"(Shown|Counted) \S+ (?:1 in ([\d.]+) wins of a concealed complete hand, weighted by tile copies "
                       r"and the winning tile's copies \(([\d.]+) ?%\) Distinct wins: (\d+) of (\d+), each counted once"
                       r"|in no complete win)", text)
    assert [kind for kind, *_ in found] == ["Shown", "Counted"], text
    for (kind, odds, _pct, hands, population), key in zip(found, ("shown", "counted")):
        weighted = sum(rows[w][f"weighted_{key}"] for w in WAYS)
        if not odds:
            assert weighted == 0, kind
            continue
        share = Fraction(weighted, 2 * wins["weight"])
        assert int(hands) == sum(rows[w][f"hands_{key}"] for w in WAYS) and int(population) == 2 * wins["wins"]
        assert abs(float(odds) - float(1 / share)) <= max(0.05, float(1 / share) * 0.005), (kind, odds)
    ways = re.findall(r"(On a discard|Self-drawn): shown (?:1 in ([\d.]+)|in no win), counted (?:1 in ([\d.]+)|in no win) "
                      r"\((\d+) and (\d+) of (\d+) distinct wins\)", text)
    assert [w[0] for w in ways] == ["On a discard", "Self-drawn"], text
    for (_label, shown, counted, n_shown, n_counted, of), way in zip(ways, WAYS):
        row = rows[way]
        assert (int(n_shown), int(n_counted), int(of)) == (row["hands_shown"], row["hands_counted"], wins["wins"])
        for odds, key in ((shown, "shown"), (counted, "counted")):
            if odds:
                share = Fraction(row[f"weighted_{key}"], wins["weight"])
                assert abs(float(odds) - float(1 / share)) <= max(0.05, float(1 / share) * 0.005), (way, key)
            else:
                assert row[f"weighted_{key}"] == 0
    assert "Rank" not in text and "winning tile in the hand" in text


def test_win_patterns_show_the_win_figures_and_their_own_staleness(tmp_path: Path) -> None:
    staged = {"mcr": _wins("mcr"), "sihai-3.1": _wins("sihai-3.1")}
    pages = _render(_content(tmp_path, wins=staged, stale_wins=("sihai-3.1",)))
    rulesets = all_rulesets()
    mcr = rulesets["mcr"]
    for pid in ("nine-gates", "edge-wait", "single-wait", "four-concealed-pungs"):
        text = _section(_page(pages, mcr, pid))
        assert "Computed for earlier rule data" not in text
        _assert_win_figures(text, staged["mcr"]["patterns"][pid], staged["mcr"])
    nine = staged["mcr"]["patterns"]["nine-gates"]
    assert nine["discard"]["hands_shown"] == nine["self_drawn"]["hands_shown"] > 0  # on the wait, either way
    sihai = rulesets["sihai-3.1"]
    stale = _page(pages, sihai, "nine-gates")
    assert "Computed for earlier rule data" in _section(stale) and 'frequency-figures is-stale' in stale
    _assert_win_figures(_section(stale), staged["sihai-3.1"]["patterns"]["nine-gates"], staged["sihai-3.1"])
    tile_page = _section(_page(pages, sihai, "open-nine-gates"))  # the tile figures keep their own state
    assert ("earlier rule data" in tile_page) == (not tiles_current(read_stats("sihai-3.1") or {}, sihai))
    assert "Rank" in tile_page
