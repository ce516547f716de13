"""The site on a phone (375 px wide) in Chromium: wide tables show that they scroll and keep their first column in
view, every tap target is at least 24 px (axe's WCAG 2.2 target-size rule), and the compatibility matrix answers
any pair of patterns in one line, with its evidence, without hovering."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import ARGS, CHROMIUM
from test_site_browser import _axe_script, samples  # noqa: F401  (a fixture)

from generator.rulesets import all_rulesets
from generator.site import urls

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]

PHONE = {"width": 375, "height": 800}


@pytest.fixture(scope="module")
def phone() -> object:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = b.new_context(viewport=PHONE)
        yield context.new_page()
        b.close()


WIDE_TABLES = """() => [...document.querySelectorAll('.table-wrap')]
  .filter(w => w.scrollWidth > w.clientWidth + 4 && w.querySelector('tbody tr'))
  .map((w, i) => {
    const cell = w.querySelector('tbody tr > :first-child');
    const before = cell.getBoundingClientRect().left;
    w.scrollLeft = 160;
    const after = cell.getBoundingClientRect().left;
    const moved = w.scrollLeft;
    w.scrollLeft = 0;
    const shadows = (getComputedStyle(w).backgroundImage.match(/radial-gradient/g) || []).length;
    return {i, moved, before, after, shadows};
  })"""


def test_wide_tables_show_the_cut_and_keep_their_first_column(phone, base_url: str) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    rs = next(iter(all_rulesets().values()))
    checked = 0
    for path in (urls.ruleset_url(rs.id), urls.matrix_url("mcr"), "/concepts/", urls.ruleset_url("mcr")):
        phone.goto(base_url + path)
        for t in phone.evaluate(WIDE_TABLES):
            assert t["moved"] > 0, (path, t)
            assert abs(t["after"] - t["before"]) <= 1, f"{path}: table {t['i']}: the first column scrolled away"
            assert t["shadows"] == 2, f"{path}: table {t['i']} shows no scroll shadow"
            checked += 1
    assert checked >= 2, "no wide table was found to check"


def test_every_tap_target_is_at_least_24px_at_phone_width(phone, base_url: str, samples: dict[str, str]) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    axe = _axe_script()
    problems = {}
    for template, path in sorted(samples.items()):
        phone.goto(base_url + path)
        phone.add_script_tag(path=str(axe))
        result = phone.evaluate(
            "() => axe.run(document, {runOnly: ['target-size'], resultTypes: ['violations']})")
        bad = [str(n["target"]) for v in result["violations"] for n in v["nodes"][:5]]
        if bad:
            problems[f"{template} {path}"] = bad
    assert problems == {}


def _pick(page, a: int, b: int) -> str:  # type: ignore[no-untyped-def]
    page.select_option("#pick-a", str(a))
    page.select_option("#pick-b", str(b))
    return str(page.text_content("#pick-answer"))


def test_the_matrix_answers_a_picked_pair_with_its_evidence(phone, base_url: str, built_site: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    phone.goto(base_url + urls.matrix_url("mcr"))
    picker = phone.locator("#pair-picker")
    assert picker.is_visible()
    box = picker.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # the answer follows the table's own cell, whatever it says: find a 'both' cell with a hand and an 'excludes' cell
    found = phone.evaluate("""() => {
      const rows = document.querySelector('table.matrix').tBodies[0].rows;
      let both = null, excl = null;
      for (let i = 0; i < rows.length && !(both && excl); i++)
        for (let j = 1; j < rows[i].cells.length; j++) {
          const c = rows[i].cells[j], mark = c.querySelector('[aria-label]');
          if (!both && c.className === 'm-both' && c.querySelector('a')) both = [i + 1, j, c.querySelector('a').getAttribute('href'), mark.getAttribute('aria-label')];
          if (!excl && c.className === 'm-excludes' && mark) excl = [i + 1, j, mark.getAttribute('aria-label')];
        }
      return {both, excl};
    }""")
    a, b, href, label = found["both"]
    text = _pick(phone, a, b)
    assert text == label.split(": ", 1)[1] + " — see the witness hand.", (label, text)
    assert phone.get_attribute("#pick-answer a", "href") == href
    page = href.split("#")[0]
    assert page.startswith(urls.CALCULATOR) or (built_site / page.lstrip("/") / "index.html").is_file()
    a, b, label = found["excl"]
    text = _pick(phone, a, b)
    assert " stays, " in text and " is dropped: " in text and text.startswith(label.split(": ", 1)[1]), (label, text)
    assert _pick(phone, 3, 3) == "Pick two different patterns."
