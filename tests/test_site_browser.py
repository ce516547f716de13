"""The built site in a real browser: search in Chinese and English, tiles on hand pages, a phone-width layout,
dark mode with light tiles, and axe-core accessibility checks on one page of every template.

Drives Debian's Chromium through Playwright (PyPI `playwright`; no Playwright-downloaded browser). Screenshots
of every template go to test-artifacts/ for a human to look at.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest
from browser_support import CHROMIUM

from generator.notation import parse_hand
from generator.rules import CONTENT_DIR
from generator.rulesets import load_rulesets

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
NPM_DIR = ROOT / ".cache" / "npm"
AXE = NPM_DIR / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium "
                       "(apt-get install -y chromium fonts-noto-cjk)"),
]




@pytest.fixture(scope="module")
def samples(built_site: Path) -> dict[str, str]:
    """One URL per page template (the first page of each, by path), read from the pages' body class."""
    found: dict[str, str] = {}
    for path in sorted(built_site.rglob("*.html")):
        if "pagefind" in path.parts:
            continue
        m = re.search(r'<body class="tpl-([a-z0-9-]+)"', path.read_text(encoding="utf-8"))
        assert m, f"{path} has no template class"
        rel = path.relative_to(built_site).as_posix()
        found.setdefault(m.group(1), "/" + (rel.removesuffix("index.html")))
    return found


def _results(page, base_url: str, query: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Every result URL the search page lists for `query` (pressing "Show more" until all are shown)."""
    page.goto(f"{base_url}/search/?q={quote(query)}")
    page.wait_for_function("document.getElementById('search-status').textContent.includes('found')", timeout=20000)
    while page.is_visible("#search-more"):
        before = page.locator("#search-results li").count()
        page.click("#search-more")
        page.wait_for_function(f"document.querySelectorAll('#search-results li').length > {before}")
    return [a.get_attribute("href") for a in page.query_selector_all("#search-results .result-title")]


def _pattern_pages_named(name: str) -> set[str]:
    out = set()
    for rs in load_rulesets(CONTENT_DIR).values():
        for p in rs.patterns:
            if p.zh == name or name in p.aliases:
                out.add(f"/rulesets/{rs.id}/{p.id}/")
    return out


def test_search_finds_every_pattern_page_of_qingyise_in_chinese_and_english(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    expected = _pattern_pages_named("清一色")
    assert expected, "no rule set has a pattern named 清一色"
    page = browser.new_page()
    chinese = set(_results(page, base_url, "清一色"))
    assert expected <= chinese, f"missing from the 清一色 results: {sorted(expected - chinese)}"
    english = set(_results(page, base_url, "flush"))
    assert expected <= english, f"missing from the 'flush' results: {sorted(expected - english)}"
    page.close()


def test_search_finds_a_hand_by_its_notation(browser, base_url: str, built_site: Path) -> None:  # type: ignore[no-untyped-def]
    examples = json.loads((built_site / "data" / "examples.json").read_text(encoding="utf-8"))
    e = examples[len(examples) // 2]
    page = browser.new_page()
    found = _results(page, base_url, e["hand"].split()[0])
    assert f"/hands/{e['key']}/" in found[:5], f"{e['hand']} did not find its page: {found[:5]}"
    page.close()


def test_search_from_the_header_of_any_page(browser, base_url: str, samples: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(base_url + samples["pattern"])
    page.fill("#site-q", "清一色")
    page.press("#site-q", "Enter")
    page.wait_for_selector("#search-results .result-title", timeout=20000)
    assert "/search/" in page.url
    urls = {a.get_attribute("href") for a in page.query_selector_all("#search-results .result-title")}
    assert urls & _pattern_pages_named("清一色")
    page.close()


def test_hand_page_shows_every_tile(browser, base_url: str, built_site: Path) -> None:  # type: ignore[no-untyped-def]
    examples = json.loads((built_site / "data" / "examples.json").read_text(encoding="utf-8"))
    e = next((x for x in examples if "[" in x["hand"] or "{" in x["hand"]), examples[0])  # one with a meld if any
    hand = parse_hand(e["hand"])
    expected = len(hand.concealed) + 1 + sum(len(m.tiles) for m in hand.melds) + min(hand.context.flowers, 8)
    page = browser.new_page()
    page.goto(f"{base_url}/hands/{e['key']}/")
    tiles = page.locator("main .hand-figure svg.tile")
    assert tiles.count() == expected
    for i in range(expected):
        box = tiles.nth(i).bounding_box()
        assert box and box["width"] >= 20 and box["height"] >= 20, f"tile {i} is not drawn"
    labels = [tiles.nth(i).get_attribute("aria-label") for i in range(expected)]
    assert all(labels), "every tile needs a text alternative"
    page.close()


def test_no_horizontal_scroll_at_375px_on_every_template(browser, base_url: str, samples: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    too_wide = {}
    for template, url in sorted(samples.items()):
        page.goto(base_url + url)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            too_wide[template] = (url, width)
        page.screenshot(path=str(ARTIFACTS / f"{template}-375.png"))
    context.close()
    assert too_wide == {}


LUMINANCE_JS = """async (b64) => {
  const img = new Image();
  img.src = "data:image/png;base64," + b64;
  await img.decode();
  const c = document.createElement("canvas");
  c.width = img.width; c.height = img.height;
  const g = c.getContext("2d");
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  let sum = 0;
  for (let i = 0; i < d.length; i += 4) sum += (0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2]) / 255;
  return sum / (d.length / 4);
}"""


def _luminance(page, locator) -> float:  # type: ignore[no-untyped-def]
    import base64

    return float(page.evaluate(LUMINANCE_JS, base64.b64encode(locator.screenshot()).decode()))


def test_dark_mode_themes_the_page_and_keeps_tiles_light(browser, base_url: str, samples: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1000, "height": 900}, color_scheme="dark")
    page = context.new_page()
    page.goto(base_url + samples["hand"])
    page.screenshot(path=str(ARTIFACTS / "hand-dark.png"), full_page=True)
    assert _luminance(page, page.locator(".site-header")) < 0.25, "the dark theme did not darken the page"
    tile = page.locator("main .hand-figure svg.tile:not(.back)").first
    assert _luminance(page, tile) > 0.6, "a tile went dark in dark mode"
    page.click(".theme-toggle")  # automatic -> light
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    assert _luminance(page, page.locator(".site-header")) > 0.75, "the theme toggle did not switch to light"
    context.close()


def _axe_script() -> Path:
    if not AXE.exists() and shutil.which("npm"):
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(NPM_DIR), "axe-core"],
                       check=False, capture_output=True, timeout=300)
    if not AXE.exists():
        pytest.skip("axe-core is not installed and npm could not install it (npm install --prefix .cache/npm axe-core)")
    return AXE


def test_axe_finds_no_serious_violation_on_any_template(browser, base_url: str, samples: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    axe = _axe_script()
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    problems = {}
    twins = [(f"{template} zh-Hans", "/zh-Hans" + url) for template, url in sorted(samples.items())]
    for template, url in sorted(samples.items()) + twins:  # the Chinese twin of each, too
        page.goto(base_url + url)
        if template.startswith("search"):
            page.fill("#search-input", "清一色")
            page.press("#search-input", "Enter")
            page.wait_for_selector("#search-results .result-title", timeout=20000)
        page.screenshot(path=str(ARTIFACTS / f"{template}.png"), full_page=True)
        page.add_script_tag(path=str(axe))
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        bad = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
               for v in result["violations"] if v["impact"] in ("serious", "critical")]
        if bad:
            problems[f"{template} {url}"] = bad
    page.close()
    assert problems == {}


def test_every_rule_set_card_prints_on_one_page(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    for rs in load_rulesets(CONTENT_DIR).values():
        page.goto(f"{base_url}/rulesets/{rs.id}/card/")
        pdf = page.pdf(format="A4", print_background=False)
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert pages == 1, f"the {rs.id} card prints on {pages} pages"
    page.close()
