"""The calculator as a first-time reader meets it (issue 35), in Chromium: the tile grid walked by keyboard, a hand
being built told how many tiles it needs, the last tile tapped winning, a refused hand told what is left over and
团圆's row why, the answer in view on a 375 px phone, and the page's receipts matching the command line's.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from browser_support import CHROMIUM

from generator.site.calculator import MELD_MODES

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")]


def _open(browser, url: str, width: int = 1100, height: int = 900, **options):  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": height}, **options)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/calculator/")
    page.wait_for_function("document.getElementById('calculator').dataset.ready === 'true'", timeout=120000)
    page.errors = errors
    return page


def _answered(page, text: str | None = None) -> None:  # type: ignore[no-untyped-def]
    text = page.input_value("#calc-hand") if text is None else text
    page.wait_for_function("h => document.getElementById('results').dataset.for === h", arg=text, timeout=30000)


def _ask(page, hand: str) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("h => { location.hash = 'hand=' + encodeURIComponent(h); }", hand)
    _answered(page, hand)


def _cli(*args: str) -> str:
    run = subprocess.run([sys.executable, "-m", "generator", *args], check=False, capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_page_starts_from_the_builds_memory_snapshot(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    page = _open(browser, calculator_url)
    assert page.evaluate("window.calcEngine.phases.snapshot") == "built"
    _ask(page, "123m456p789s111z2z+2z tsumo")
    assert page.errors == []
    page.close()


def test_the_tile_grid_is_one_tab_stop_walked_by_arrow_keys(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    page = _open(browser, calculator_url)
    stops = page.eval_on_selector_all("#palette .pick", "els => els.filter(e => e.tabIndex === 0).length")
    assert stops == 1
    page.locator(".modes .mode").last.focus()  # the control just before the grid
    page.keyboard.press("Tab")
    at = "document.activeElement.dataset.tile || document.activeElement.dataset.flower || document.activeElement.id"
    assert page.evaluate(at) == "1m"
    for key, expected in [("ArrowRight", "2m"), ("ArrowDown", "2p"), ("End", "9p"), ("ArrowDown", "9s"),
                          ("Home", "1s"), ("ArrowUp", "1p"), ("ArrowLeft", "1p"), ("ArrowDown", "1s"),
                          ("ArrowDown", "1z"), ("End", "7z"), ("ArrowDown", "0s"), ("ArrowDown", "8z"), ("ArrowDown", "1")]:
        page.keyboard.press(key)
        assert page.evaluate(at) == expected, key
    page.keyboard.press("Tab")  # one stop for the whole grid: Tab leaves it
    assert page.evaluate(at) == "calc-undo"
    page.keyboard.press("Shift+Tab")  # and comes back to the tile last moved to
    assert page.evaluate(at) == "1"
    # a whole hand by keyboard: 123m 456p 789s 111z 22z, in few keystrokes
    page.click("#calc-clear")
    keys = 0
    page.locator(".modes .mode").last.focus()

    def press(key: str) -> None:
        nonlocal keys
        keys += 1
        page.keyboard.press(key)

    press("Tab")
    moves = {"1m": ["ArrowUp"] * 6 + ["Home"], "2m": ["ArrowRight"], "3m": ["ArrowRight"], "4p": ["ArrowDown", "ArrowRight"],
             "5p": ["ArrowRight"], "6p": ["ArrowRight"], "7s": ["ArrowDown", "ArrowRight"], "8s": ["ArrowRight"],
             "9s": ["ArrowRight"], "1z": ["ArrowDown", "Home"], "2z": ["ArrowRight"]}
    for tile, path in moves.items():
        for key in path:
            press(key)
        assert page.evaluate(at) == tile
        for _ in range(3 if tile == "1z" else 2 if tile == "2z" else 1):
            press("Enter")
    _answered(page)
    assert page.input_value("#calc-hand") == "123m456p789s1112z2z"
    assert keys <= 40, keys  # with every tile a Tab stop, about 110
    assert page.errors == []
    page.close()


def test_a_hand_being_built_says_how_many_tiles_it_still_needs(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    page = _open(browser, calculator_url)
    for tile in ["1m", "2m", "3m", "4p", "5p"]:
        page.click(f'#palette .pick[data-tile="{tile}"]')
    _answered(page)
    assert page.get_attribute("#results", "data-needs") == "9"
    assert page.locator("#results [data-error]").count() == 0
    assert "5 tiles so far: 9 more for a complete hand (8 more shows what it waits on)" in page.text_content("#answer")
    page.click('.modes .mode[data-mode="pung"]')
    page.click('#palette .pick[data-tile="5z"]')  # a pung counts three
    _answered(page)
    assert page.get_attribute("#results", "data-needs") == "6"
    assert page.errors == []
    page.close()


def test_the_last_tile_tapped_is_the_winning_tile_unless_one_is_chosen(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    page = _open(browser, calculator_url)
    for tile in ["2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "2z", "2z", "1m"]:
        page.click(f'#palette .pick[data-tile="{tile}"]')
    _answered(page)
    assert page.input_value("#calc-hand") == "23m456p789s11122z1m"  # the notation's last standing tile wins
    assert page.text_content("#results .calc-canonical code") == "23m456p789s11122z+1m"
    assert "the last one tapped (1m) wins" in page.text_content("#calc-preview-text")
    totals = [int(t) for t in page.eval_on_selector_all("#results tr[data-total]", "els => els.map(e => e.dataset.total)")]
    want = [s["total"] for s in json.loads(_cli("score", "--json", "23m456p789s11122z+1m"))]
    assert totals == want
    page.click('.modes .mode[data-mode="win"]')  # chosen among the hand's tiles: that one wins instead
    page.click('#palette .pick[data-tile="2z"]')
    _answered(page)
    assert page.input_value("#calc-hand") == "123m456p789s1112z+2z"
    assert "of 14 tiles" in page.text_content("#calc-preview-text")
    assert page.errors == []
    page.close()


def test_a_hand_that_is_no_winning_shape_says_what_is_left_over(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    page = _open(browser, calculator_url)
    _ask(page, "123m456p789s11z23s+5s")
    why = page.get_attribute("#results .no-shape", "data-why-not")
    assert why == "at most 3 sets and a pair (123m 456p 789s 11z); left over: 2s 3s 5s"
    assert "left over: 2s 3s 5s" in page.text_content("#answer")
    # each rule set's row explains its own refusal: 团圆's dragons are wilds, and it has no winds
    _ask(page, "123m456p789s555z2z+2z")
    row = page.text_content('#results tr[data-ruleset="tuanyuan"]')
    assert "the dragons are wilds" in row and "no winds" in row
    assert page.get_attribute('#results tr[data-ruleset="mcr"]', "data-complete") == "true"
    assert page.errors == []
    page.close()


def test_on_a_375px_phone_the_answer_is_in_view_beside_the_tiles(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    page = _open(browser, calculator_url, 375, 667, is_mobile=True, has_touch=True)
    box = "(() => { const r = document.getElementById('answer').getBoundingClientRect(); return [r.top, r.bottom]; })()"
    top, bottom = page.evaluate(box)
    assert 0 <= top and bottom <= 667, (top, bottom)  # in the first viewport, before any scrolling
    for tile in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "2z", "2z"]:
        page.tap(f'#palette .pick[data-tile="{tile}"]')
    _answered(page)
    top, bottom = page.evaluate(box)  # the tiles tapped scrolled the page: the answer stayed in view
    assert 0 <= top and bottom <= 667, (top, bottom)
    assert page.locator("#answer li[data-ruleset]").count() == page.locator("#results tr[data-ruleset]").count()
    # each mode says what it means on the button, not in a tooltip
    meanings = page.eval_on_selector_all(".modes .mode", "els => els.map(e => [e.querySelector('.mode-what').innerText,"
                                         " e.querySelector('.mode-what').getBoundingClientRect().height])")
    assert len(meanings) == len(MELD_MODES) and all(text and height > 0 for text, height in meanings)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert page.errors == []
    page.close()


RECEIPT_HANDS = [
    ("riichi", "234m067p55s678s45m+3m riichi ippatsu tsumo dora=4s ura=3m seat=S"),  # dealer / non-dealer
    ("riichi", "234m067p55s678s45m+3m riichi tsumo dora=4s seat=E"),  # the dealer's: each pays
    ("mcr", "123m5z [456p] [777s] {1111z} +5z seat=S round=S dealer"),
    ("sihai-3.1", "123m456p789s111z2z+2z tsumo"),
    ("tuanyuan", "123456p789s111s7z+5m tsumo"),
    ("tuidaohu-2024", "123m456p789s111z2z+2z tsumo"),  # basic points, and payments in multiples of them
]
_LINE = re.compile(r"^  (\S+) (.+?)\s+(\d+)(?: × (\d+))?\s+(\d+)$")


def test_the_receipts_are_the_command_lines(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    page = _open(browser, calculator_url)
    seen: list[str] = []
    grades: list[str] = []
    bases: list[str] = []
    for rid, hand in RECEIPT_HANDS:
        text = _cli("score", "--ruleset", rid, hand).splitlines()
        lines = [m.groups() for m in map(_LINE.match, text) if m]
        payments = [line.removeprefix("  payments, ") for line in text if line.startswith("  payments, ")]
        before_total = text[1:next(i for i, line in enumerate(text) if line.startswith("  total "))]
        grade = [line.strip() for line in before_total if not _LINE.match(line) and not line.startswith(("  (", "  fu: "))]
        fu = [line.removeprefix("  fu: ") for line in before_total if line.startswith("  fu: ")]
        base = [line.removeprefix("  basic points (基本分) ") for line in text if line.startswith("  basic points ")]
        _ask(page, hand)
        sec = f'[id="calc-score-{rid}"]'  # an id with a dot (sihai-3.1) is no CSS #id
        shown = page.eval_on_selector_all(f"{sec} tr[data-pattern]", "trs => trs.map(tr => [...tr.cells].map(c => c.innerText))")
        assert [(zh, value + (f" × {count}" if count else ""), running) for zh, _, value, count, running in lines] == \
            [(cells[0].split(" ")[0], cells[1], cells[2]) for cells in shown], (rid, hand)
        assert page.eval_on_selector_all(f"{sec} .payments .pay", "els => els.map(e => e.textContent)") == payments
        seen.extend(payments)
        assert page.eval_on_selector_all(f"{sec} tr.grade td", "els => els.map(e => e.textContent)") == grade
        grades.extend(grade)
        assert page.eval_on_selector_all(f"{sec} tr.fu-parts td", "els => els.map(e => e.textContent)") == fu
        assert page.eval_on_selector_all(f"{sec} tr.base td", "els => els.map(e => e.textContent)") == base
        bases.extend(base)
    assert "riichi: the dealer pays 8000, each other non-dealer pays 4000" in seen  # the labels the site prints
    assert any(" han " in g for g in grades), grades
    assert bases == ["4"], bases  # 推倒和: 2 + 2 番
    assert page.errors == []
    page.close()


def test_a_riichi_hand_with_no_seat_shows_both_payments_named(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    """No seat given: the Riichi rows name the dealer's total and a non-dealer's, in the brief answer, the summary and
    the receipt (with the fu), until the reader names a seat; then one total again."""
    page = _open(browser, calculator_url)
    _ask(page, "234m234p234s55p67s+8s")
    brief = page.text_content('#answer li[data-ruleset="riichi"]')
    assert "dealer 11600 points · non-dealer 7700 points" in brief.replace("\u202f", ""), brief
    receipt = page.locator("#calc-score-riichi")
    said = receipt.locator(".seat-unsaid")
    assert said.get_attribute("data-dealer") == "11600" and said.get_attribute("data-non-dealer") == "7700"
    assert "No seat given." in said.text_content() and "seat=S" in said.text_content()
    assert "4 han 30 fu" in receipt.text_content() and receipt.locator("tr.fu-parts").count() == 1
    assert page.locator('#results tr[data-ruleset="mcr"] td').first.text_content().count("dealer") == 0
    _ask(page, "234m234p234s55p67s+8s seat=W")
    assert page.locator("#calc-score-riichi .seat-unsaid").count() == 0
    assert "dealer" not in page.text_content('#answer li[data-ruleset="riichi"]')
    assert page.errors == []
    page.close()


def test_the_picker_offers_riichis_declarations_indicators_and_red_fives(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: riichi, double riichi and ippatsu as toggles, dora and ura-dora indicators picked as tiles, red
    fives in the palette, all in step with the text box both ways, and a flag the picker has no control for kept."""
    page = _open(browser, calculator_url)
    for tile in ["2m", "3m", "4m", "0p", "6p", "7p", "5s", "5s", "6s", "7s", "8s", "4m", "5m", "3m"]:
        page.click(f'#palette .pick[data-tile="{tile}"]')
    page.click('.modes .mode[data-mode="dora"]')
    page.click('#palette .pick[data-tile="4s"]')
    page.click('.modes .mode[data-mode="ura"]')
    page.click('#palette .pick[data-tile="3m"]')
    page.check('[data-flag="tsumo"]')
    page.check('[data-flag="ippatsu"]')  # ippatsu needs a riichi: ticking it declares one
    built = "23445m067p55678s3m tsumo riichi ippatsu dora=4s ura=3m"
    assert page.input_value("#calc-hand") == built
    assert page.is_checked('[data-flag="riichi"]')
    _answered(page, built)
    assert page.locator("#calc-indicators button.indicator").count() == 2
    assert page.locator('#calc-preview svg.red-five').count() == 1  # the red five drawn as one
    totals = dict(page.eval_on_selector_all("#results tr[data-total]", "els => els.map(e => [e.dataset.ruleset, +e.dataset.total])"))
    want = {s["ruleset"]: s["total"] for s in json.loads(_cli("score", "--json", built))}
    assert totals == want
    patterns = {p["id"] for p in json.loads(_cli("score", "--json", "--ruleset", "riichi", built))["patterns"]}
    assert {"riichi", "ippatsu", "red-five", "dora", "ura-dora"} <= patterns, patterns
    page.click('#calc-indicators button[data-remove="ura"]')  # an indicator taken away by its own button
    page.check('[data-flag="double-riichi"]')  # riichi or double riichi, never both
    assert page.input_value("#calc-hand") == "23445m067p55678s3m tsumo double-riichi ippatsu dora=4s"
    assert not page.is_checked('[data-flag="riichi"]')
    page.uncheck('[data-flag="double-riichi"]')  # no declaration left: no ippatsu either
    assert page.input_value("#calc-hand") == "23445m067p55678s3m tsumo dora=4s"
    # typed text drives the controls, and a flag the picker has no control for survives a change made in the picker
    page.fill("#calc-hand", "123m456p789s111z2z+2z riichi dora=1z0m horses=2 seat=S")
    page.dispatch_event("#calc-hand", "input")
    assert page.is_checked('[data-flag="riichi"]') and page.eval_on_selector('[data-flag="seat"]', "e => e.value") == "S"
    assert page.locator("#calc-indicators button.indicator").count() == 2
    page.check('[data-flag="tsumo"]')
    assert page.input_value("#calc-hand") == "123m456p789s1112z+2z tsumo riichi seat=S dora=1z0m horses=2"
    assert page.errors == []
    page.close()


def test_the_picker_offers_a_ghost_and_shows_its_waits(browser, calculator_url: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 34: Guangdong 2023's ghost in the picker, standing in the hand (never in a meld), and the waits of a
    hand holding one as the command line gives them."""
    page = _open(browser, calculator_url)
    page.click('.modes .mode[data-mode="pung"]')
    page.click('#palette .pick[data-tile="8z"]')  # refused as a meld, said why
    assert "never part of a meld" in page.text_content("#calc-status")
    page.click('.modes .mode[data-mode="tile"]')
    for tile in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "8z"]:
        page.click(f'#palette .pick[data-tile="{tile}"]')
    _answered(page)
    assert page.input_value("#calc-hand") == "123m456p789s112z8z"  # the tile tapped last, written last
    want = json.loads(_cli("waits", "--json", "--ruleset", "guangdong-2023", "123m456p789s112z8z"))["waits"]
    head = page.locator('#results th[data-ruleset="guangdong-2023"]')
    assert head.get_attribute("data-waits").split() == want and want
    assert page.locator("#calc-preview svg").count() == 13
    assert page.errors == []
    page.close()
