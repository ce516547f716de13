"""Value against rarity on a rule set's page (generator/site/value_chart.py, templates/ruleset.html): the rarity axis is
logarithmic and covered by its powers of ten, values rise up the picture, the output is the same for the same input,
win patterns are marked apart from tile patterns, a rule set without figures says why, and on the built site the
picture has one point per pattern with figures, each linking to its page, with the same rows in the table under it.

The module's checks feed it made-up figures as well as the stored ones, so they hold whatever content/stats/ holds."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from html import unescape
from itertools import pairwise
from math import floor, log10
from pathlib import Path

import pytest

from generator.rules import Ruleset
from generator.rulesets import all_rulesets
from generator.site import urls
from generator.site.value_chart import BOTTOM, LEFT, RIGHT, TOP, ValueChart, power_label, value_chart
from generator.stats.frequency import Frequency, Share, ruleset_frequencies
from generator.stats.run import uncovered

RULESETS = all_rulesets()
ZJ = RULESETS["zj-2.4"]


def _made_up(rs: Ruleset, odds: Mapping[str, float], *, wins: frozenset[str] = frozenset(),
             stale: frozenset[str] = frozenset()) -> dict[str, Frequency]:
    """Figures for the patterns of `odds` (1 in N), every other pattern one of play; in reverse pattern order, so
    the chart's order cannot come from the mapping's."""
    out: dict[str, Frequency] = {}
    for p in reversed(rs.patterns):
        if p.id in odds:
            share = Share(1, odds[p.id], "0")
            out[p.id] = Frequency("figures", current=p.id not in stale, population=1, shown=share, counted=share,
                                  wins=p.id in wins)
        else:
            out[p.id] = Frequency("context", "It depends on play.")
    return out


def _xs(chart: ValueChart) -> dict[str, float]:
    return {pt.id: pt.x for pt in chart.points}


def test_a_rarer_pattern_sits_further_along_a_log_scale() -> None:
    ids = [p.id for p in ZJ.patterns[:6]]
    odds = dict(zip(ids, (2, 20, 200, 2000, 5000, 2_000_000), strict=True))
    chart = value_chart(ZJ, _made_up(ZJ, odds))
    xs = _xs(chart)
    assert [xs[i] for i in ids] == sorted(xs[i] for i in ids) and len(set(xs.values())) == len(ids)
    # ten times rarer is one decade of the axis wherever it starts: a log scale, not a linear one
    decade = chart.x_ticks[1].at - chart.x_ticks[0].at
    for a, b, decades in ((0, 1, 1), (1, 2, 1), (2, 3, 1), (3, 5, 3)):
        assert xs[ids[b]] - xs[ids[a]] == pytest.approx(decades * decade, abs=0.2), (a, b)
    assert all(LEFT <= x <= RIGHT for x in xs.values())


def test_values_map_monotonically_up_from_zero() -> None:
    chart = value_chart(ZJ, _made_up(ZJ, {p.id: 100.0 for p in ZJ.patterns}))
    by_value = sorted(chart.points, key=lambda pt: pt.value)
    for a, b in pairwise(by_value):
        assert (a.y > b.y) if a.value < b.value else (a.y == b.y), (a, b)  # SVG y grows downwards
    assert chart.y_ticks[0].value == 0 and chart.y_ticks[0].at == BOTTOM
    assert chart.y_ticks[-1].value >= max(p.value for p in ZJ.patterns) and chart.y_ticks[-1].at == TOP
    assert all(TOP <= pt.y <= BOTTOM for pt in chart.points)
    values = [t.value for t in chart.y_ticks]
    assert len({b - a for a, b in pairwise(values)}) == 1 and len(values) <= 9


@pytest.mark.parametrize("lowest, highest", [(1.93, 3.31e9), (3, 2.5e7), (10, 10), (40, 900), (1, 1)])
def test_the_rarity_ticks_are_powers_of_ten_that_cover_the_data(lowest: float, highest: float) -> None:
    ids = [p.id for p in ZJ.patterns[:2]]
    chart = value_chart(ZJ, _made_up(ZJ, {ids[0]: lowest, ids[1]: highest}))
    first = floor(log10(lowest))
    powers = [t.value for t in chart.x_ticks]
    assert powers == [10**k for k in range(first, first + len(powers))] and len(powers) >= 2
    assert powers[0] <= lowest < powers[0] * 10  # no empty decade below the commonest
    assert powers[-1] >= highest and (powers[-1] / 10 < highest or len(powers) == 2)  # nor above the rarest
    assert chart.x_ticks[0].at == LEFT and chart.x_ticks[-1].at == RIGHT
    assert [t.label for t in chart.x_ticks] == [power_label(k) for k in range(first, first + len(powers))]
    assert (power_label(0), power_label(3), power_label(4), power_label(10)) == ("1", "1000", "10⁴", "10¹⁰")


def test_the_stored_figures_give_one_point_per_pattern_with_figures_in_pattern_order() -> None:
    freq = ruleset_frequencies(ZJ)
    chart = value_chart(ZJ, freq)
    shown = [p.id for p in ZJ.patterns if freq[p.id].status == "figures" and freq[p.id].shown.one_in is not None]
    assert [pt.id for pt in chart.points] == shown
    for pt in chart.points:
        f = freq[pt.id]
        assert pt.one_in == f.shown.one_in and pt.value == ZJ.pattern(pt.id).value and pt.wins == f.wins
        assert pt.url == urls.pattern_url(ZJ.id, pt.id)
    powers = [t.value for t in chart.x_ticks]
    assert powers[0] <= min(pt.one_in for pt in chart.points) and powers[-1] >= max(pt.one_in for pt in chart.points)
    play = sum(f.status == "context" for f in freq.values())
    assert chart.unplotted.startswith(f"{play} of the {len(ZJ.patterns)} patterns have no point: ")
    assert "patterns of play" in chart.unplotted and chart.reason == ""


def test_the_same_figures_give_the_same_chart_rounded_to_a_tenth() -> None:
    freq = ruleset_frequencies(ZJ)
    first, again = value_chart(ZJ, freq), value_chart(ZJ, dict(reversed(list(freq.items()))))
    assert first == again and repr(first) == repr(again)
    numbers = [n for pt in first.points for n in (pt.x, pt.y)] + [t.at for t in first.x_ticks + first.y_ticks]
    assert all(round(n, 1) == n for n in numbers)
    for pt in first.points:
        assert re.fullmatch(r"(-?\d+(\.\d)?)", str(pt.x)) and re.fullmatch(r"(-?\d+(\.\d)?)", str(pt.y))
        assert all(re.fullmatch(r"\d+(\.\d)?", n) for n in re.findall(r"[\d.]+", pt.marker))


def test_win_patterns_are_a_different_marker_and_stale_figures_are_said() -> None:
    ids = [p.id for p in ZJ.patterns[:3]]
    chart = value_chart(ZJ, _made_up(ZJ, dict.fromkeys(ids, 50.0), wins=frozenset(ids[1:2]),
                                     stale=frozenset(ids[1:2])))
    tile, win, other = chart.points
    assert chart.has_wins and win.wins and not tile.wins and not other.wins
    assert tile.marker == "" and win.marker.startswith(f"M{win.x} ") and win.marker.endswith("Z")
    assert chart.stale == "win" and chart.refresh == f"mahjong-atlas stats --ruleset {ZJ.id}"
    tiles_only = value_chart(ZJ, _made_up(ZJ, dict.fromkeys(ids, 50.0), stale=frozenset(ids[:1])))
    assert not tiles_only.has_wins and tiles_only.stale == "tile"
    assert value_chart(ZJ, _made_up(ZJ, dict.fromkeys(ids, 50.0))).stale == ""


def test_a_rule_set_without_statistics_gives_no_chart_and_its_pattern_pages_reason() -> None:
    rs = replace(ZJ, policy="unknown-policy")  # a family the count cannot cover
    why = uncovered(rs)
    assert why is not None
    freq = ruleset_frequencies(rs)
    chart = value_chart(rs, freq)
    assert chart.points == () and chart.x_ticks == () and chart.y_ticks == ()
    pattern_page_reason = next(f.reason for f in freq.values() if f.status == "uncovered")
    assert chart.reason == pattern_page_reason and why in chart.reason


def test_figures_not_computed_yet_give_no_chart_and_the_command() -> None:
    chart = value_chart(ZJ, {p.id: Frequency("missing", "No figures yet.") for p in ZJ.patterns})
    assert chart.points == () and chart.reason and chart.refresh == f"mahjong-atlas stats --ruleset {ZJ.id}"


def _render(rs: Ruleset, chart: ValueChart) -> str:
    """The value-against-rarity section of a rule set page rendered alone (no site around it), with `chart`."""
    from generator.site.pages.page import Page
    from generator.site.render import environment

    page = Page(urls.ruleset_url(rs.id), "ruleset.html", rs.name, {
        "rows": [], "options": [], "option_tables": [], "payments": [], "has_matrix": False, "editions": [], "names": [], "variations": None,
        "chart": chart}, ruleset=rs)
    site = {"rulesets": [rs], "engine": "0", "has_concepts": False, "has_about": False, "has_sources": False,
            "css": "/static/site.css", "js": "/static/site.js"}
    html = environment().get_template(page.template).render(page=page, site=site, **page.view())
    start = html.index('<section id="value-rarity"')
    return html[start:html.index("</section>", start)]


def test_the_page_draws_the_same_bytes_and_marks_stale_figures() -> None:
    ids = [p.id for p in ZJ.patterns[:4]]
    odds = dict(zip(ids, (3.5, 420, 98_700, 3.31e9), strict=True))
    current = _render(ZJ, value_chart(ZJ, _made_up(ZJ, odds, wins=frozenset(ids[2:3]))))
    assert current == _render(ZJ, value_chart(ZJ, _made_up(ZJ, odds, wins=frozenset(ids[2:3]))))
    assert "earlier rule data" not in current and current.count("<path d=") == 2  # one diamond, one legend key
    numbers = re.findall(r' (?:cx|cy|x1|x2|y1|y2|x|y)="([^"]+)"', current)
    assert numbers and all(re.fullmatch(r"\d+(\.\d)?", n) for n in numbers), numbers
    stale = _render(ZJ, value_chart(ZJ, _made_up(ZJ, odds, wins=frozenset(ids[2:3]), stale=frozenset(ids[2:3]))))
    assert re.search(r'<p class="stale"[^>]*><strong>Computed for earlier rule data\.</strong>', stale)
    assert re.search(r"since\s+the win figures were computed", stale) and f"mahjong-atlas stats --ruleset {ZJ.id}" in stale
    assert stale.count("(earlier rule data)") == 2 and stale.count(", earlier rule data") == 1  # titles, table row
    assert 'class="value-chart is-stale"' in stale
    odd = replace(ZJ, policy="unknown-policy")
    uncounted = _render(ZJ, value_chart(odd, ruleset_frequencies(odd)))  # the page around it needs a known policy
    assert "<svg" not in uncounted and unescape(uncounted).count(uncovered(odd) or "?") == 1


# ----------------------------------------------------------------------------- the built site

def _section(site: Path, rid: str) -> str:
    html = (site / urls.output_path(urls.ruleset_url(rid))).read_text(encoding="utf-8")
    start = html.index('<section id="value-rarity"')
    return html[start:html.index("</section>", start)]


def _shown(rs: Ruleset) -> list[tuple[str, Frequency]]:
    freq = ruleset_frequencies(rs)
    return [(p.id, freq[p.id]) for p in rs.patterns
            if freq[p.id].status == "figures" and freq[p.id].shown is not None and freq[p.id].shown.one_in is not None]


def test_the_rule_set_page_draws_one_point_per_pattern_with_figures_and_the_same_table(built_site: Path) -> None:
    rs = ZJ
    section = _section(built_site, rs.id)
    shown = _shown(rs)
    assert len(shown) > 10
    svg = re.search(r'<svg viewBox="[^"]+" role="img" aria-label="([^"]+)"><title>([^<]+)</title>(.*?)</svg>',
                    section, re.DOTALL)
    assert svg, "no chart with role=img, an aria-label and a title"
    assert str(len(shown)) in svg.group(1) and svg.group(1) == svg.group(2)
    assert "<a " not in svg.group(3), "a link inside role=img"
    points = re.findall(r'<g class="(vc-tile|vc-win)[^"]*"><title>([^<]+)</title>(<circle [^>]+/>|<path d="[^"]+"/>)</g>',
                        svg.group(3))
    assert len(points) == len(shown)
    for (kind, title, mark), (pid, f) in zip(points, shown, strict=True):
        p = rs.pattern(pid)
        assert title.startswith(f"{p.zh} {p.en}: {p.value} point") and "1 in " in title, title
        assert (kind == "vc-win") == f.wins == mark.startswith("<path") and ("wins" in title) == f.wins, (pid, title)
    # the pointer's layer: one link per point, to the pattern's page, out of the tab order and hidden from the
    # accessibility tree (the table's links are the accessible ones)
    hits = re.search(r'<svg class="vc-hits" viewBox="[^"]+" aria-hidden="true">(.*?)</svg>', section, re.DOTALL)
    assert hits
    links = re.findall(r'<a href="([^"]+)" tabindex="-1"><title>([^<]+)</title><circle [^>]+/></a>', hits.group(1))
    assert [href for href, _ in links] == [urls.pattern_url(rs.id, pid) for pid, _ in shown]
    assert [title for _, title in links] == [title for _, title, _ in points]
    assert all((built_site / urls.output_path(href)).is_file() for href, _ in links)
    assert any(f.wins for _, f in shown) == ("a pattern of the winning tile" in section)
    table = section[section.index("<tbody>"):section.index("</tbody>")]
    rows = re.findall(r'<tr><td><a href="([^"]+)"><span lang="zh">([^<]+)</span> ([^<]+)</a></td>'
                      r'<td class="num">([^<]+)</td><td class="num" data-sort="([^"]+)">([^<]+)</td>'
                      r"<td>(hands|wins)[^<]*</td></tr>", table)
    assert len(rows) == table.count("<tr>") == len(shown)
    for (href, zh, en, value, odds, text, among), (pid, f) in zip(rows, shown, strict=True):
        p = rs.pattern(pid)
        assert (href, zh, unescape(en), value, among) == (urls.pattern_url(rs.id, pid), p.zh, p.en, str(p.value),
                                                           "wins" if f.wins else "hands")
        assert float(odds) == float(text.replace("\u202f", "")) == f.shown.one_in, (pid, text)
    play = sum(ruleset_frequencies(rs)[p.id].status == "context" for p in rs.patterns)
    assert f"{play} of the {len(rs.patterns)} patterns have no point" in section
    # the figures move with every value edit: chart and table are outside the search index
    skipped = re.search(r'<!--search:skip--><div class="value-chart[^"]*" data-pagefind-ignore="all">(.*?)'
                        r"<!--/search:skip-->", section, re.DOTALL)
    assert skipped and "<svg" in skipped.group(1) and "<tbody>" in skipped.group(1)


def test_every_rule_set_page_has_a_chart_or_says_why_not(built_site: Path) -> None:
    for rid, rs in RULESETS.items():
        section = _section(built_site, rid)
        if _shown(rs):
            assert section.count('tabindex="-1"') == section.count("<tr>") - 1 == len(_shown(rs)), rid
        else:
            assert "<svg" not in section and "<table" not in section, rid
            why = uncovered(rs)
            text = unescape(re.sub(r"<[^>]+>", "", section))
            assert why is None or why in text, rid
    assert "<svg" in _section(built_site, "riichi")  # Riichi's figures are counted too
