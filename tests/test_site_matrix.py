"""The compatibility matrix on the built site: data/matrix/<ruleset-id>.json answers every pair once and agrees with
the page's marks; every mark either links to a witness that exists or is focusable and says its reason; the page
says which space was searched and when its answers are stale or missing; a pattern page lists its partners.

The built-site checks use the session's `built_site`; the page's handling of all five answers and of missing or
stale stored answers is checked on a small matrix rendered alone, since the stored answers of content/matrix/ may
be current or not when the suite runs."""

from __future__ import annotations

import json
import re
from html import unescape
from itertools import combinations
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import unquote

import pytest
from browser_support import CHROMIUM

from generator.examples.matrix import STATUSES, Cell, Matrix
from generator.pairs.store import Stored
from generator.rulesets import all_rulesets
from generator.site import urls
from generator.site.pages.matrix import combinations_of, matrix_json, matrix_pages
from generator.site.render import environment

RULESETS = all_rulesets()
TD = re.compile(r'<td class="m-([a-z-]+)">(.*?)</td>')
LINK = re.compile(r'^<a href="([^"]+)" aria-label="([^"]*)">([^<]*)</a>$')
MARK = re.compile(r'^<span tabindex="0" role="img" aria-label="([^"]*)">([^<]*)</span>$')
SYMBOLS = {"both": "✓", "below-minimum": "↓", "excludes": "×", "never": "∅", "undecided": "?"}


def _matrices(site: Path) -> dict[str, dict[str, Any]]:
    found = {p.stem: json.loads(p.read_text(encoding="utf-8"))
             for p in sorted((site / "data" / "matrix").glob("*.json"))}
    assert found, "the build wrote no data/matrix/*.json"
    return found


def _page(site: Path, rid: str) -> str:
    return (site / urls.output_path(urls.matrix_url(rid))).read_text(encoding="utf-8")


def _rows(html: str) -> list[list[tuple[str, str]]]:
    """The table's body as rows of (status, the cell's inner HTML), the row's header left out."""
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    return [TD.findall(tr) for tr in body.split("<tr>")[1:]]


def _pairs(obj: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(x["a"], x["b"]): x for x in obj["pairs"]}


def test_every_rule_set_with_a_matrix_page_has_its_data_file(built_site: Path) -> None:
    pages = {rid for rid in RULESETS if (built_site / urls.output_path(urls.matrix_url(rid))).is_file()}
    assert pages and pages == set(_matrices(built_site))


def test_the_data_file_answers_every_unordered_pair_once_in_rule_order(built_site: Path) -> None:
    for rid, obj in _matrices(built_site).items():
        rs = RULESETS[rid]
        assert obj["ruleset"] == rid
        assert obj["patterns"] == [p.id for p in rs.patterns], rid
        assert [(x["a"], x["b"]) for x in obj["pairs"]] == list(combinations(obj["patterns"], 2)), rid
        for x in obj["pairs"]:
            assert set(x) == {"a", "b", "status", "witness", "by", "reason"}, (rid, x)
            assert x["status"] in STATUSES, (rid, x)
            assert x["witness"] is None or isinstance(x["witness"], str) and x["witness"], (rid, x)
            if x["status"] == "excludes":
                assert x["by"] in (x["a"], x["b"], None) and x["reason"], (rid, x)  # None: a third pattern drops both
            else:
                assert x["by"] is None, (rid, x)
            if x["status"] in ("never", "undecided"):
                assert x["reason"], (rid, x)
            if x["status"] == "never":
                assert x["witness"] is None, (rid, x)


def test_the_data_file_bytes_are_sorted_and_one_pair_a_line(built_site: Path) -> None:
    for rid in _matrices(built_site):
        text = (built_site / "data" / "matrix" / f"{rid}.json").read_text(encoding="utf-8")
        obj = json.loads(text)
        lines = text.splitlines()
        assert lines[0] == '{"pairs": [' and len(lines) == len(obj["pairs"]) + 4, rid
        for line, x in zip(lines[1:], obj["pairs"]):
            assert line.rstrip(",") == json.dumps(x, ensure_ascii=False, sort_keys=True), rid


def test_the_page_marks_match_the_data_file(built_site: Path) -> None:
    for rid, obj in _matrices(built_site).items():
        ids, pairs = obj["patterns"], _pairs(obj)
        rows = _rows(_page(built_site, rid))
        assert len(rows) == len(ids), rid
        for i, row in enumerate(rows):
            assert len(row) == len(ids), (rid, i)
            for j, (status, inner) in enumerate(row):
                if i == j:
                    assert status == "diag" and inner == "", (rid, i)
                    continue
                x = pairs[(ids[min(i, j)], ids[max(i, j)])]
                assert status == x["status"], (rid, ids[i], ids[j])
                m = LINK.match(inner) or MARK.match(inner)
                assert m and m.groups()[-1] == SYMBOLS[status], (rid, ids[i], ids[j], inner)


def test_every_linked_mark_resolves_and_says_its_reason(built_site: Path) -> None:
    linked = 0
    for rid, obj in _matrices(built_site).items():
        ids, pairs = obj["patterns"], _pairs(obj)
        for i, row in enumerate(_rows(_page(built_site, rid))):
            for j, (_status, inner) in enumerate(row):
                m = LINK.match(inner)
                if m is None:
                    continue
                linked += 1
                href, label = unescape(m.group(1)), unescape(m.group(2))
                x = pairs[(ids[min(i, j)], ids[max(i, j)])]
                if href.startswith(urls.CALCULATOR):
                    assert href.startswith(urls.CALCULATOR + "#hand="), href
                    assert unquote(href.split("#hand=", 1)[1]) == x["witness"], (rid, x)
                else:
                    page, _, anchor = href.partition("#")
                    hand = built_site / urls.output_path(page)
                    assert page.startswith("/hands/") and hand.is_file(), (rid, href)
                    assert anchor == f"score-{rid}" and f'id="score-{rid}"' in hand.read_text(encoding="utf-8"), href
                assert label.startswith(f"{i + 1} × {j + 1}: ") and x["reason"] in label, (rid, label, x)
    assert linked, "no mark links to a witness"


def test_every_unlinked_mark_is_focusable_with_its_reason_as_its_name(built_site: Path) -> None:
    for rid, obj in _matrices(built_site).items():
        ids, pairs = obj["patterns"], _pairs(obj)
        for i, row in enumerate(_rows(_page(built_site, rid))):
            for j, (status, inner) in enumerate(row):
                if i == j or LINK.match(inner):
                    continue
                m = MARK.match(inner)
                assert m, (rid, ids[i], ids[j], inner)  # tabindex="0", role="img", an aria-label
                label = unescape(m.group(1))
                x = pairs[(ids[min(i, j)], ids[max(i, j)])]
                assert label.startswith(f"{i + 1} × {j + 1}: ") and x["reason"] in label, (rid, label, x)
                assert status != "both" or x["witness"] is None, (rid, x)  # a witness, when there is one, is linked


def test_the_legend_counts_every_status_and_the_space_searched_is_given(built_site: Path) -> None:
    for rid, obj in _matrices(built_site).items():
        html = _page(built_site, rid)
        for s in STATUSES:
            n = sum(1 for x in obj["pairs"] if x["status"] == s)
            li = re.search(rf'<li class="legend-{s}"><span class="m-{s}" aria-hidden="true">[^<]+</span>'
                           rf' [^:]+: (?:<!--search:skip-->)?(?:<span[^>]*>)?([\d\u202f\u00a0 ,]+) pairs?(?:</span>)?'
                           rf"(?:<!--/search:skip-->)?;", html)
            assert li and int(re.sub(r"\D", "", li.group(1))) == n, (rid, s)
        space = 'class="matrix-space"' in html
        missing = "No stored answers." in html
        assert space != missing, rid
        if missing or "Stale answers" in html:
            assert "<code>mahjong-atlas matrix</code>" in html, rid
        if any(x["status"] == "undecided" and x["reason"].endswith("run `mahjong-atlas matrix`") for x in obj["pairs"]):
            assert missing or "Stale answers" in html, rid  # undecided for want of answers: the page says so


def _combination(site: Path, rid: str, pid: str) -> str:
    html = (site / urls.output_path(urls.pattern_url(rid, pid))).read_text(encoding="utf-8")
    return html[html.index('<section id="combination">'):html.index("</section>", html.index('id="combination"'))]


def _group(section: str, status: str) -> str | None:
    m = re.search(rf'<details class="combines combines-{status}"[^>]*>(.*?)</details>', section, re.DOTALL)
    return m.group(1) if m else None


def test_a_pattern_page_lists_its_partners_by_answer_as_the_data_file_says(built_site: Path) -> None:
    obj = _matrices(built_site)["mcr"]
    pid = "seven-pairs"
    section = _combination(built_site, "mcr", pid)
    assert 'id="rel-excludes"' in section  # what the section showed before the matrix stays
    for s in STATUSES:
        partners = [x for x in obj["pairs"] if x["status"] == s and pid in (x["a"], x["b"])]
        group = _group(section, s)
        if not partners:
            assert group is None, s
            continue
        assert group is not None and f"({len(partners)})</summary>" in group, s
        linked = re.findall(r'<a href="/rulesets/mcr/([^"/]+)/">', group)
        assert linked == [x["b"] if x["a"] == pid else x["a"] for x in partners], s
        text = unescape(group)
        for x in partners:
            if s != "both":
                assert x["reason"] in text, (s, x)
            if s == "excludes" and x["by"]:
                assert f"{RULESETS['mcr'].pattern(x['by']).en} stays" in text, x
    # with the stored answers current at build time (the page says nothing is stale), seven pairs has partners no
    # hand shows it with, each with the proof
    if "Stale answers" not in _page(built_site, "mcr") and "No stored answers." not in _page(built_site, "mcr"):
        never = _group(section, "never")
        assert never is not None and re.search(r'<li><a href="/rulesets/mcr/four-kongs/">.*?</a>: '
                                               r'<span class="why[^"]*">[^<]+</span>', never)


def test_a_pattern_page_lists_each_partner_under_one_answer(built_site: Path) -> None:
    """The rule data's lists (implies or excludes, excluded by, same series) hold only partners the matrix says one
    drops; a partner the matrix answers otherwise is listed once, under that answer, with the rule on its line (the
    MCR seven pairs page once listed pure terminal chows under "Excluded by" and under "Never together")."""
    checked = 0
    for rid, obj in _matrices(built_site).items():
        status = {}
        for x in obj["pairs"]:
            status[(x["a"], x["b"])] = status[(x["b"], x["a"])] = x["status"]
        for pid in obj["patterns"]:
            section = _combination(built_site, rid, pid)
            for key in ("excludes", "excluded-by", "series"):
                m = re.search(rf'<h3 id="rel-{key}">.*?</ul>', section, re.DOTALL)
                for other in re.findall(rf'<a href="/rulesets/{rid}/([^"/]+)/">', m.group(0) if m else ""):
                    assert status[(pid, other)] == "excludes", (rid, pid, key, other, status[(pid, other)])
                    checked += 1
            groups = [re.findall(rf'<a href="/rulesets/{rid}/([^"/]+)/">', _group(section, s) or "") for s in STATUSES]
            listed = [o for g in groups for o in g]
            assert len(listed) == len(set(listed)), (rid, pid)
    assert checked > 100
    seven = unescape(_combination(built_site, "mcr", "seven-pairs"))
    assert "its rules exclude this when Pure Terminal Chows counts" in seven
    assert 'id="rel-excluded-by"' not in seven or "pure-terminal-chows" not in seven.split('id="rel-excluded-by"')[1].split("</ul>")[0]


# ---------------------------------------------------------------------------- a small matrix rendered alone

MINI = ["seven-pairs", "four-kongs", "full-flush", "chicken-hand"]
MINI_CELLS = {
    ("seven-pairs", "four-kongs"): Cell("never", reason="Four Kongs needs 4 pungs"),
    ("seven-pairs", "full-flush"): Cell("both", witness="1122334455667m+7m", reason="the witness counts both"),
    ("seven-pairs", "chicken-hand"): Cell("excludes", by="seven-pairs", reason="the chicken hand counts alone"),
    ("four-kongs", "full-flush"): Cell("below-minimum", witness="1m [1111m] [2222m] [3333m] [4444m] +1m",
                                       reason="only under the minimum"),
    ("four-kongs", "chicken-hand"): Cell("undecided", reason="no stored answers: run `mahjong-atlas matrix`"),
    ("full-flush", "chicken-hand"): Cell("both", example="not-a-site-hand", reason="no witness to link"),
}


def _mini(stored: Stored | None) -> tuple[Any, Any]:
    rs = RULESETS["mcr"]
    m = Matrix("mcr", MINI, 0, dict(MINI_CELLS), stored)
    return rs, SimpleNamespace(atlas=SimpleNamespace(matrices={"mcr": m}), by_key={})


def _render(stored: Stored | None) -> str:
    rs, data = _mini(stored)
    (page,) = matrix_pages(data, rs)  # type: ignore[arg-type]
    template = environment().get_template(page.template)
    # the block alone, without base.html (which wants the whole site); `rs` is what the template sets above it
    context = template.new_context({"page": page, "rs": rs, "site": {}, **page.view()})
    return "".join(template.blocks["content"](context))


def _stored(current: bool) -> Stored:
    return Stored({}, {}, hands=123456, divisions=567, searched=89, current=current, shows_current=current)


def test_the_page_shows_all_five_answers_each_marked_apart() -> None:
    html = _render(_stored(True))
    rows = _rows(html)
    seen = {s for row in rows for s, _ in row} - {"diag"}
    assert seen == set(STATUSES)
    for row in rows:
        for status, inner in row:
            if status == "diag":
                continue
            link, mark = LINK.match(inner), MARK.match(inner)
            assert (link or mark) and (link or mark).groups()[-1] == SYMBOLS[status], inner  # type: ignore[union-attr]
            assert unescape((link or mark).group(2 if link else 1)).split(": ", 1)[1], inner  # type: ignore[union-attr]
            if link:
                assert link.group(1).startswith(urls.CALCULATOR + "#hand="), inner  # no site hand: the calculator
    assert len(set(SYMBOLS.values())) == 5
    # the space searched, and nothing called stale
    assert "123\u202f456" in html  # grouped as every figure of 10,000 or more (render._number)
    assert "567" in html and "89" in html and "Stale" not in html and "No stored answers" not in html


def test_the_excludes_mark_says_which_stays_and_the_never_mark_its_proof() -> None:
    html = unescape(_render(_stored(True)))
    assert "Seven Pairs stays, Chicken Hand is dropped: the chicken hand counts alone" in html
    assert "never together (Four Kongs needs 4 pungs)" in html


@pytest.mark.parametrize("stored, words", [(None, "No stored answers."), (_stored(False), "Stale answers")])
def test_missing_or_stale_answers_are_said_with_the_command_that_recomputes_them(stored: Stored | None,
                                                                                 words: str) -> None:
    html = _render(stored)
    note = re.search(r'<p class="stale"[^>]*>(.*?)</p>', html, re.DOTALL)
    assert note and words in note.group(1) and "<code>mahjong-atlas matrix</code>" in note.group(1)


def test_a_pattern_groups_its_partners_by_answer_in_status_order() -> None:
    rs, data = _mini(_stored(True))
    groups = combinations_of(data, rs, rs.pattern("four-kongs"))  # type: ignore[arg-type]
    assert [(g.status, [x.other.id for x in g.partners]) for g in groups] == [
        ("below-minimum", ["full-flush"]), ("never", ["seven-pairs"]), ("undecided", ["chicken-hand"])]
    assert all(g.open for g in groups)
    groups = combinations_of(data, rs, rs.pattern("chicken-hand"))  # type: ignore[arg-type]
    excl = next(g for g in groups if g.status == "excludes").partners[0]
    assert excl.words == "Seven Pairs stays, Chicken Hand is dropped: the chicken hand counts alone"
    both = next(g for g in groups if g.status == "both").partners[0]
    assert both.url is None  # its hand is not on the site and it has no notation: nothing to link


def test_the_data_file_gives_a_site_hand_s_notation_as_the_witness() -> None:
    rs, data = _mini(_stored(True))
    data.by_key = {"not-a-site-hand": SimpleNamespace(hand="11m22m33m44m55m66m77m+7m")}
    obj = json.loads(matrix_json(data, data.atlas.matrices["mcr"]))  # type: ignore[arg-type]
    got = {(x["a"], x["b"]): x["witness"] for x in obj["pairs"]}
    assert got[("full-flush", "chicken-hand")] == "11m22m33m44m55m66m77m+7m"
    assert got[("seven-pairs", "four-kongs")] is None


# ---------------------------------------------------------------------------- hover and keyboard focus, in a browser

TOOLTIP = "el => getComputedStyle(el, '::after').content"


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_a_mark_shows_its_reason_on_keyboard_focus_and_on_hover(  # type: ignore[no-untyped-def]
        browser, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(base_url + urls.matrix_url("riichi"))
    mark = page.locator("table.matrix td > span[tabindex]").first
    label = mark.get_attribute("aria-label")
    assert label
    assert mark.evaluate(TOOLTIP) in ("none", "normal")
    # the keyboard reaches it: from the mark before it (focused by script), Tab
    page.evaluate("el => el.focus()", mark.element_handle())
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == label
    assert mark.evaluate(TOOLTIP) == json.dumps(label, ensure_ascii=False)
    link = page.locator("table.matrix td > a").first
    link.hover()
    assert link.evaluate(TOOLTIP) == json.dumps(link.get_attribute("aria-label"), ensure_ascii=False)
    page.close()
