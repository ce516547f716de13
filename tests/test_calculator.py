"""The calculator page (/calculator/): the engine run in the browser by Pyodide gives what the command line gives.

* the engine bundle the build ships holds the package's own modules and rule data byte for byte, and is enough on
  its own (imported in an isolated interpreter with nothing else on the path, it answers like the package);
* the worker's entry module (`calculator_engine`) gives, natively, exactly `score --json` / `waits --json`;
* in Chromium, a seeded set of hands — every rule set, regular and special forms, melds, flags, 团圆's wild tiles,
  13-tile hands — scored in the page: every total, counted and excluded pattern list and wait set read from the
  page's contract attributes is compared with `mahjong-atlas score --json` and `waits --json`;
* a malformed hand shows the command line's own message and no totals; hostile text stays text; over-long input
  is refused; the address asks a new hand without a reload; the picker builds hands by keyboard; axe finds
  nothing serious on the answered page; no horizontal scroll at 375 px.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from random import Random
from urllib.parse import quote

import pytest
from browser_support import ARGS, CHROMIUM
from hand_strategies import random_hand_text

from generator.cli import score_line, waits_object
from generator.notation import HandError, parse_hand
from generator.rulesets import all_rulesets
from generator.site import calculator, calculator_engine
from generator.site.pages.calculator import calculator_page

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
CLI = [sys.executable, "-m", "generator"]

def _parses(text: str) -> bool:
    try:
        parse_hand(text)
    except HandError:
        return False
    return True


# Every rule set scores each of these; together they cover both forms, melds, every flag and 团圆's wilds.
HANDS = [
    "123m456p789s111z2z+2z tsumo",  # regular, honours, self-drawn
    "1122m3344p5566s7z+7z tsumo",  # seven pairs (a wild 中 pair under 团圆)
    "19m19p19s1234567z+1z",  # thirteen orphans
    "11223344556677m",  # seven shifted pairs / pure one suit
    "147m258p369s1234z+5z",  # knitted (MCR/Sihai special form)
    "123m5z [456p] [777s] {1111z} +5z seat=S round=S dealer",  # exposed chow and pung, concealed kong, winds
    "234m345s2z [6666s] [678p] +2z after-kong",  # exposed kong, replacement tile
    "123m456p789s11z23s+4s robbing-kong",  # robbing a kong
    "123m456p789s111z2z+2z first-turn dealer tsumo flowers=3 last-tile",  # heavenly win, flowers, last tile
    "2223344455566m+6m",  # full flush, pungs
    "123m456p789s55s11z+1z",  # not legal under a minimum
    "123456p789s111s7z+5m tsumo",  # 团圆: 中 as a wild of 萬
    "123456p789s111s7z+7z tsumo wild-kongs=1",  # 团圆: a wild kong
    "1234567m22p456s7z+8m tsumo",  # 团圆: wild in a chow
    "234m067p55s678s45m+3m riichi ippatsu tsumo dora=4s ura=3m seat=E",  # Riichi: red five, dora, ura, dealer
    "11223344556677p double-riichi dora=7p",  # Riichi: seven pairs, double riichi
    "123m456p11z23s {5555m} +4s riichi after-kong dora=1z4p",  # Riichi: rinshan, kan dora
]
# And a seeded sample of the fuzz's hands, as a player might type them (tests/hand_strategies.py).
HANDS += [text for text in map(lambda n: random_hand_text(Random(n)), range(2026, 2046))
          if _parses(text)][:12]
WAITING = [
    "1112345678999m",  # nine gates
    "123456p789s111s7z",  # 团圆's wild wait
    "123456m4444666s",  # a formal wait
    "19m19p19s1234567z",  # thirteen-sided
]
MALFORMED = ["12x3m", "1112345678999m+5m tsumo seat=Q", "11111m2345678999p", "1112345678999m11p"]
INCOMPLETE = {"123m": 3, "123m [456p]": 6, "12m {5555z}": 5}  # hands being built: fewer than 13 tiles (a kong as 3)


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120)


def _cli_scores(hands: list[str]) -> dict[str, list[dict]]:
    """`score --json` per hand (the list over every rule set)."""
    out = {}
    for hand in hands:
        run = _cli("score", "--json", hand)
        assert run.returncode == 0, run.stderr
        out[hand] = json.loads(run.stdout)
    return out


def _cli_waits(hands: list[str]) -> dict[str, dict[str, dict]]:
    """`waits --json` per hand and rule set (one --batch run per rule set: the same objects, one per line)."""
    out: dict[str, dict[str, dict]] = {h: {} for h in hands}
    for rid in all_rulesets():
        run = _cli("waits", "--batch", "-", "--ruleset", rid, stdin="\n".join(hands) + "\n")
        assert run.returncode == 0, run.stderr
        for hand, line in zip(hands, run.stdout.splitlines(), strict=True):
            out[hand][rid] = json.loads(line)
    one = _cli("waits", "--json", "--ruleset", "zj-2.4", hands[0])  # the single-hand command says the same
    assert json.loads(one.stdout) == out[hands[0]]["zj-2.4"]
    return out


def _cli_error(hand: str) -> str:
    run = _cli("score", hand)
    assert run.returncode == 2
    return run.stderr.strip()


# ----------------------------------------------------------------------------- without a browser


def test_the_entry_module_answers_exactly_what_the_command_line_does() -> None:
    rulesets = list(all_rulesets().values())
    for hand in HANDS:
        got = calculator_engine.answer_object(hand)
        assert got["mode"] == "score", got
        assert [r["score"] for r in got["results"]] == score_line(hand, rulesets)
    for hand in WAITING:
        got = calculator_engine.answer_object(hand)
        assert got["mode"] == "waits", got
        assert [{k: w[k] for k in ("ruleset", "hand", "waits", "formal")} for w in got["rulesets"]] == \
            [waits_object(hand, rs) for rs in rulesets]
        for row in got["rows"]:
            for rid, cell in row["cells"].items():
                if cell is not None and not cell["formal"]:
                    s = score_line(row["hand"], [all_rulesets()[rid]])[0]
                    assert (cell["total"], cell["patterns"]) == (s["total"], [p["id"] for p in s["patterns"]])
    for hand in MALFORMED:
        assert calculator_engine.answer_object(hand) == {"error": _cli_error(hand)}
    for hand, tiles in INCOMPLETE.items():  # the command line says "wrong tile count"; the page, how many more
        assert "wrong tile count" in _cli_error(hand)
        assert calculator_engine.answer_object(hand) == {"mode": "incomplete", "hand": hand, "tiles": tiles,
                                                         "to_waiting": 13 - tiles, "to_complete": 14 - tiles}
    long = calculator_engine.answer_object("1" * 5000)
    assert long["error"].startswith("error: the hand is too long")
    assert calculator_engine.answer_object(None)["error"]  # type: ignore[arg-type]


def _bundle(site: Path) -> Path:
    html = (site / "calculator" / "index.html").read_text(encoding="utf-8")
    m = re.search(r'data-bundle="(/calculator/engine-[0-9a-f]{12}\.zip)"', html)
    assert m, "the calculator page names no engine bundle"
    return site / m.group(1).lstrip("/")


def test_the_packaged_engine_is_the_package_own_files_byte_for_byte(built_site: Path, tmp_path: Path) -> None:
    bundle = _bundle(built_site)
    with zipfile.ZipFile(bundle) as z:
        members = {n: z.read(n) for n in z.namelist()}
    package = ROOT / "generator"
    engine = {n: b for n, b in members.items() if n.startswith("generator/")}
    for name, data in engine.items():
        assert data == (ROOT / name).read_bytes(), f"{name} in the bundle differs from the package's"
    rules = {n: b for n, b in members.items() if n.startswith("content/")}
    assert rules == {f"content/rulesets/{p.name}": p.read_bytes()
                     for p in sorted((ROOT / "content" / "rulesets").glob("*.toml"))}
    assert members[calculator.ENTRY] == (package / "site" / "calculator_engine.py").read_bytes()
    assert set(members) == set(engine) | set(rules) | {calculator.ENTRY}
    assert not any(n.startswith(("generator/site/", "generator/stats/", "generator/examples/")) or
                   n == "generator/cli.py" for n in members), "the bundle holds more than scoring needs"
    # Enough on its own: unpacked and imported in an isolated interpreter (no repository on the path), it loads
    # every rule set and answers like the package.
    z = zipfile.ZipFile(bundle)
    z.extractall(tmp_path)
    code = ("import sys, json; sys.path.insert(0, '.'); import atlas_calc; atlas_calc.setup(); "
            "print(json.dumps([atlas_calc.answer(h) for h in sys.argv[1:]])); "
            "print(sorted(m for m in sys.modules if m.startswith('generator')))")
    run = subprocess.run([sys.executable, "-I", "-c", code, *HANDS[:3], WAITING[0]], capture_output=True,
                         text=True, cwd=tmp_path, timeout=120, env={k: v for k, v in os.environ.items()
                                                                      if k != "PYTHONPATH"})
    assert run.returncode == 0, run.stderr
    answers, modules = run.stdout.splitlines()
    assert json.loads(answers) == [calculator_engine.answer(h) for h in [*HANDS[:3], WAITING[0]]]
    assert all(f"generator/{m.removeprefix('generator.').replace('.', '/')}" in {
        n.removesuffix(".py").removesuffix("/__init__") for n in engine} or m == "generator"
        for m in eval(modules)), "a module scoring imports is missing from the bundle"  # noqa: S307 (our own print)


# ----------------------------------------------------------------------------- in the browser


@pytest.fixture(scope="module")
def page(calculator_url: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        pg = browser.new_page(viewport={"width": 1100, "height": 900})
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(calculator_url + "/calculator/")
        pg.wait_for_function("document.getElementById('calculator').dataset.ready === 'true'", timeout=120000)
        yield pg
        assert errors == [], errors
        browser.close()


def _ask(page, hand: str) -> None:  # type: ignore[no-untyped-def]
    """Ask a hand by the address, as an outside check would, and wait for the answer."""
    page.evaluate("h => { location.hash = 'hand=' + encodeURIComponent(h); }", hand)
    page.wait_for_function("h => document.getElementById('results').dataset.for === h", arg=hand, timeout=30000)


_READ = """() => {
  const r = document.getElementById('results');
  const rows = [...r.querySelectorAll('tr[data-ruleset][data-total]')].map(tr => ({
    ruleset: tr.dataset.ruleset, total: Number(tr.dataset.total), legal: tr.dataset.legal === 'true',
    complete: tr.dataset.complete === 'true'}));
  const receipts = {};
  for (const sec of r.querySelectorAll('section.receipt')) {
    receipts[sec.id.replace('calc-score-', '')] = {
      patterns: [...sec.querySelectorAll('tr[data-pattern]')].map(tr => tr.dataset.pattern),
      excluded: [...sec.querySelectorAll('tr[data-excluded]')].map(tr => tr.dataset.excluded),
      links: [...sec.querySelectorAll('tr[data-pattern] a')].map(a => a.getAttribute('href'))};
  }
  const heads = Object.fromEntries([...r.querySelectorAll('th[data-ruleset][data-waits]')].map(th =>
    [th.dataset.ruleset, {waits: th.dataset.waits, formal: th.dataset.formal}]));
  const cells = [...r.querySelectorAll('tr[data-tile] td[data-ruleset][data-total]')].map(td =>
    [td.closest('tr').dataset.tile, td.dataset.ruleset, Number(td.dataset.total)]);
  const formal = [...r.querySelectorAll('tr[data-tile] td[data-ruleset][data-formal]')].map(td =>
    [td.closest('tr').dataset.tile, td.dataset.ruleset]);
  return {for: r.dataset.for, waits: r.dataset.waits ?? null, formal_waits: r.dataset.formal ?? null, rows, receipts,
          heads, cells, formal,
          errors: [...r.querySelectorAll('[data-error]')].map(e => e.dataset.error)};
}"""


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_the_page_scores_every_hand_as_the_command_line_does(page) -> None:  # type: ignore[no-untyped-def]
    expected = _cli_scores(HANDS)
    seen_rulesets = set()
    for hand in HANDS:
        _ask(page, hand)
        got = page.evaluate(_READ)
        want = expected[hand]
        assert got["errors"] == [] and got["waits"] is None
        assert got["rows"] == [{"ruleset": s["ruleset"], "total": s["total"], "legal": s["legal"],
                                "complete": s["complete"]} for s in want], hand
        for s in want:
            r = got["receipts"][s["ruleset"]]
            if s["complete"]:
                assert r["patterns"] == [p["id"] for p in s["patterns"]], (hand, s["ruleset"])
                assert r["excluded"] == [e["id"] for e in s["excluded"]], (hand, s["ruleset"])
                assert r["links"] == [f"/rulesets/{s['ruleset']}/{p['id']}/" for p in s["patterns"]]
            seen_rulesets.add(s["ruleset"])
    assert seen_rulesets == set(all_rulesets())
    # both forms and the wilds were exercised, and every rule set has at least one winning hand among them
    assert any(s["reading"]["form"] != "regular" for h in HANDS for s in expected[h] if s.get("reading"))
    assert all(any(s["complete"] for h in HANDS for s in expected[h] if s["ruleset"] == rid) for rid in seen_rulesets)
    assert any("wild-kong" in [p["id"] for p in s["patterns"]] for h in HANDS for s in expected[h])
    riichi = {p["id"] for h in HANDS for s in expected[h] if s["ruleset"] == "riichi" for p in s["patterns"]}
    assert {"red-five", "dora", "ura-dora", "double-riichi", "after-a-kong"} <= riichi, riichi


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_the_page_shows_waits_and_their_scores_as_the_command_line_does(page) -> None:  # type: ignore[no-untyped-def]
    expected = _cli_waits(WAITING)
    to_score = sorted({f"{w['hand']}+{t}" for h in WAITING for w in expected[h].values() for t in w["waits"]})
    run = _cli("score", "--batch", "-", stdin="\n".join(to_score) + "\n")  # `score --json`'s lists, one a line
    assert run.returncode == 0, run.stderr
    scored = dict(zip(to_score, map(json.loads, run.stdout.splitlines()), strict=True))
    formal_seen = False
    for hand in WAITING:
        _ask(page, hand)
        got = page.evaluate(_READ)
        union = sorted({t for w in expected[hand].values() for t in w["waits"]},
                       key=lambda t: ("mpsz".index(t[1]), t[0]))
        assert got["waits"] == " ".join(union), hand
        assert got["rows"] == [] and got["errors"] == []
        assert got["heads"] == {rid: {"waits": " ".join(w["waits"]), "formal": " ".join(w["formal"])}
                                for rid, w in expected[hand].items()}
        want_cells, want_formal = [], []
        order = sorted({t for w in expected[hand].values() for t in w["waits"] + w["formal"]},
                       key=lambda t: ("mpsz".index(t[1]), t[0]))
        for t in order:
            for rid, w in expected[hand].items():
                if t in w["waits"]:
                    s = next(x for x in scored[f"{w['hand']}+{t}"] if x["ruleset"] == rid)
                    want_cells.append([t, rid, s["total"]])
                elif t in w["formal"]:
                    want_formal.append([t, rid])
        assert got["cells"] == want_cells, hand
        assert got["formal"] == want_formal, hand
        formal_union = [t for t in order if any(t in w["formal"] for w in expected[hand].values())]
        assert got["formal_waits"] == (" ".join(formal_union) or None), hand
        formal_seen |= bool(want_formal)
    assert formal_seen, "no formal wait among the seeded hands"


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_bad_input_shows_the_parsers_message_and_no_totals(page) -> None:  # type: ignore[no-untyped-def]
    for hand in MALFORMED:
        _ask(page, hand)
        got = page.evaluate(_READ)
        assert got["errors"] == [_cli_error(hand)] and got["rows"] == [] and got["cells"] == []
    hostile = '<img src=x onerror="window.pwned=1">123m'
    _ask(page, hostile)
    got = page.evaluate(_READ)
    assert got["errors"] and got["errors"][0].startswith("error: at column 1:")
    assert page.evaluate("document.querySelectorAll('#results img, #cite img').length") == 0
    assert page.evaluate("window.pwned === undefined")
    assert page.text_content("#results [data-error]") == got["errors"][0]  # shown as text, not markup
    long = "1m" * 150
    _ask(page, long)
    got = page.evaluate(_READ)
    assert got["errors"][0].startswith("error: the hand is too long") and got["rows"] == []


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_the_address_asks_a_new_hand_without_a_reload(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate("window.sameDocument = 'yes'")
    _ask(page, HANDS[0])
    _ask(page, HANDS[1])
    assert page.evaluate("window.sameDocument") == "yes"
    assert page.input_value("#calc-hand") == HANDS[1]
    href = page.get_attribute("#cite-link", "href")
    assert href == "/calculator/#hand=" + quote(HANDS[1], safe="~()*!.'")
    stamps = page.eval_on_selector_all("#cite-list [data-cite]:not([hidden]) .c-stamp", "els => els.map(e => e.textContent)")
    assert len(stamps) == len(all_rulesets()) and all(re.fullmatch(r"[0-9a-f]{10}", s) for s in stamps)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_the_picker_builds_a_hand_by_keyboard_and_keeps_the_text_in_step(page) -> None:  # type: ignore[no-untyped-def]
    page.click("#calc-clear")
    def key(selector: str) -> None:
        page.focus(selector)
        page.keyboard.press("Enter")
    # 123m 456p 789s 111z 2z, then the winning 2z, self-drawn
    for t in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "2z"]:
        key(f'#palette .pick[data-tile="{t}"]')
    key('.modes .mode[data-mode="win"]')
    key('#palette .pick[data-tile="2z"]')
    page.focus('[data-flag="tsumo"]')
    page.keyboard.press("Space")
    built = "123m456p789s1112z+2z tsumo"
    assert page.input_value("#calc-hand") == built
    page.wait_for_function("h => document.getElementById('results').dataset.for === h", arg=built, timeout=30000)
    assert [r["total"] for r in page.evaluate(_READ)["rows"]] == [s["total"] for s in _cli_scores([built])[built]]
    # a meld by the mode buttons, and the text read back into the controls
    key('.modes .mode[data-mode="ckong"]')
    key('#palette .pick[data-tile="5z"]')
    assert "{5555z}" in page.input_value("#calc-hand")
    page.fill("#calc-hand", "123m5z [456p] [777s] {1111z} +5z seat=S dealer")
    page.dispatch_event("#calc-hand", "input")
    assert page.eval_on_selector('[data-flag="seat"]', "e => e.value") == "S"
    assert page.eval_on_selector('[data-flag="dealer"]', "e => e.checked") is True
    assert page.locator("#calc-preview svg").count() == 15  # 4 standing, 3 + 3 + 4 in melds, the winning tile
    # focus is visible on the palette buttons
    page.focus('#palette .pick[data-tile="5m"]')
    outline = page.eval_on_selector('#palette .pick[data-tile="5m"]', "e => getComputedStyle(e).outlineStyle")
    assert outline != "none"
    labels = page.eval_on_selector_all("#palette .pick", "els => els.map(e => e.querySelector('svg').getAttribute('aria-label'))")
    assert len(labels) == 34 + 3 + 1 + 8 and all(labels)  # the tiles, the red fives, the ghost, the flowers


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_the_answered_page_passes_axe_and_fits_375px(page) -> None:  # type: ignore[no-untyped-def]
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (npm install --prefix .cache/npm axe-core)")
    for hand in (HANDS[5], WAITING[2], MALFORMED[0]):
        _ask(page, hand)
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        bad = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
               for v in result["violations"] if v["impact"] in ("serious", "critical")]
        assert bad == [], hand
    page.set_viewport_size({"width": 375, "height": 800})
    for hand in (HANDS[5], WAITING[0]):
        _ask(page, hand)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{hand}: the page is {width}px wide at 375px"
    page.set_viewport_size({"width": 1100, "height": 900})


def test_a_build_without_the_runtime_says_how_to_enable_it(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ATLAS_PYODIDE_DIR", str(ROOT / "no-such-folder"))
    monkeypatch.setattr(calculator, "_warned", set())
    a = calculator.assets(ROOT / "content")
    assert a.runtime is None and not any(p.startswith("pyodide/") for p, _ in a.files)
    calculator.assets(ROOT / "content")
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("warning:") and calculator.NPM_INSTALL in err[0]
    # the page says how to enable it, and asks for no runtime
    from types import SimpleNamespace

    from generator import __version__
    from generator.site.render import environment

    rulesets = all_rulesets()
    data = SimpleNamespace(content=ROOT / "content", rulesets=rulesets)
    page = calculator_page(data)  # type: ignore[arg-type]
    site = {"rulesets": list(rulesets.values()), "engine": __version__, "has_concepts": False, "has_about": False,
            "has_sources": False}
    html = environment().get_template(page.template).render(page=page, site=site, **page.view())
    assert 'id="calc-missing"' in html and calculator.NPM_INSTALL in html and "data-runtime" not in html


@pytest.mark.parametrize("hand, unsaid", [
    ("19m19p19s1234567z+1z", True),  # no seat: East's, the dealer's
    ("234m234p234s55p67s+8s tsumo", True),
    ("19m19p19s1234567z+1z seat=S", False),
    ("19m19p19s1234567z+1z seat=E", False),  # East named: the reader chose the dealer
    ("234m234p234s55p67s+8s tsumo dealer", False),
])
def test_a_riichi_hand_without_a_seat_also_says_what_a_non_dealer_receives(hand: str, unsaid: bool) -> None:
    """The notation's default seat is East, which Riichi makes the dealer: a hand that names no seat gets, beside the
    dealer's score, what the same win pays a non-dealer (the command line's score of the hand with seat=S), under
    the rule sets whose dealer is the East seat only."""
    answer = calculator_engine.answer_object(hand)
    rulesets = all_rulesets()
    for r in answer["results"]:
        rs = rulesets[r["score"]["ruleset"]]
        nd = r.get("non_dealer")
        if not (unsaid and rs.policy == "riichi"):
            assert nd is None, (hand, rs.id)
            continue
        south = hand + " seat=S"
        [expected] = score_line(south, [rs])
        assert nd["total"] == expected["total"] < r["score"]["total"], (rs.id, nd, r["score"]["total"])
        assert nd["hand"].endswith("seat=S")
        assert nd["payments"] and all(payer != "each loser pays" for _, parts in nd["payments"] for payer, _ in parts)
