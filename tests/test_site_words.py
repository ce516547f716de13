"""The words a reader sees: no page shows maintainers' text (snapshot counts, the repository's file names); no title
or sentence names a rule set twice ("Riichi riichi", "Mahjong Atlas · Mahjong Atlas"); a card with a limit says what
the limit does; an edition's changes page says which of its rules moves each hand's score. Read from the built site.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from pathlib import Path

import pytest

from generator.notation import parse_hand
from generator.rules import CONTENT_DIR
from generator.rulesets import load_rulesets
from generator.scoring import score
from generator.site import urls
from generator.site.views import option_label, option_value

ROOT = Path(__file__).resolve().parent.parent
RULESETS = load_rulesets(CONTENT_DIR)

_UNSEEN = re.compile(r"<(script|style)\b.*?</\1>|<!--.*?-->", re.DOTALL)
_BLOCK = re.compile(r"</?(?:p|div|li|ol|ul|h[1-6]|td|th|tr|dt|dd|dl|nav|header|footer|section|article|main|title"
                    r"|figcaption|summary|details|table|caption|aside)\b[^>]*>")


def visible_text(page: str) -> str:
    """A page's text as a reader meets it (its title included): one line per block (paragraph, cell, heading), in
    single spaces, so that the end of one block does not run into the next."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", _BLOCK.sub("\n", _UNSEEN.sub(" ", page))))
    return "\n".join(line for line in (" ".join(part.split()) for part in text.split("\n")) if line)


def maintainer_text(root: Path = ROOT) -> re.Pattern[str]:
    """What only a maintainer should read: the snapshot the build compares with, a path into one of the repository's
    folders (read from the checkout, so a new folder is covered), a Python file's name."""
    folders = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    return re.compile(r"\bsnapshots?\b|(?<![\w/.])(?:" + "|".join(map(re.escape, folders)) + r")/[\w.-]"
                      r"|\b[\w-]+\.py\b", re.IGNORECASE)


def test_the_maintainer_text_pattern_catches_what_readers_were_shown() -> None:
    pattern = maintainer_text()
    for seen in ["Changes: 0 example scores moved since the last snapshot.",
                 "A property test (tests/test_wilds.py) draws ready hands",
                 "Script benchmarks/tuanyuan_theorem.py", "see generator/site/search.py"]:
        assert pattern.search(seen), seen
    for fine in ["Tests of the engine", "https://example.org/tests/x", "mahjong-atlas stats", "3.1 standard edition"]:
        assert not pattern.search(fine), fine


def test_no_reader_page_shows_maintainers_text(built_site: Path) -> None:
    pattern = maintainer_text()
    found = {}
    for page in sorted(built_site.rglob("*.html")):
        text = visible_text(page.read_text(encoding="utf-8"))
        if m := pattern.search(text):
            found[page.relative_to(built_site).as_posix()] = text[max(0, m.start() - 60):m.end() + 40]
    assert found == {}


def _titles(built_site: Path) -> dict[str, str]:
    return {p.relative_to(built_site).as_posix(): html.unescape(re.search(r"<title>(.*?)</title>", p.read_text(
        encoding="utf-8")).group(1)) for p in sorted(built_site.rglob("*.html"))}  # type: ignore[union-attr]


def test_no_title_repeats_itself(built_site: Path) -> None:
    titles = _titles(built_site)
    assert titles["index.html"] == "Mahjong Atlas"
    assert titles["zh-Hans/index.html"] == "麻将图鉴"  # the Chinese twin names the site in Chinese
    repeated = {path: t for path, t in titles.items() if len(set(t.split(" · "))) != len(t.split(" · "))}
    assert repeated == {}
    assert all(t.endswith("麻将图鉴" if path.startswith("zh-Hans/") else "Mahjong Atlas") for path, t in titles.items())


def test_no_page_names_a_rule_set_by_its_name_and_then_its_id(built_site: Path) -> None:
    """The id is notation (the badge's chip, `--ruleset`); after the name it only repeats it: "Chinese Official mcr",
    "Riichi riichi". (A chip before the name, as badges and receipts show it, is the notation, styled as such.)"""
    stutters = [re.compile(rf"\b{re.escape(rs.name)} {re.escape(rs.id)}(?![\w.-])") for rs in RULESETS.values()]
    found = {}
    for page in sorted(built_site.rglob("*.html")):
        text = visible_text(page.read_text(encoding="utf-8"))
        for s in stutters:
            if m := s.search(text):
                found[page.relative_to(built_site).as_posix()] = text[max(0, m.start() - 40):m.end() + 40]
    assert found == {}


def _card_limit(built_site: Path, ruleset_id: str) -> str:
    page = (built_site / urls.output_path(urls.card_url(ruleset_id))).read_text(encoding="utf-8")
    found = re.search(r'<span class="card-limit"[^>]*>(.*?)</span><!--', page, re.DOTALL)
    return visible_text(found.group(1)) if found else ""


@pytest.mark.parametrize("ruleset_id", sorted(r for r, rs in RULESETS.items() if rs.option("limit") is not None))
def test_a_card_with_a_limit_says_what_the_limit_does(built_site: Path, ruleset_id: str) -> None:
    """Beside the bare figure ("Limit 200"), a sentence: what a total above it scores, and that each pattern worth
    more (Sihai's 240, 320 and 480) is scored alone."""
    rs = RULESETS[ruleset_id]
    limit = rs.option("limit")
    said = _card_limit(built_site, ruleset_id)
    assert said.startswith(f"Limit {limit}") and f"above {limit} {rs.unit} scores {limit}" in said, said
    above = sorted({p.value for p in rs.patterns if p.value > limit})
    assert above, f"{ruleset_id} has no pattern above its limit"
    assert "alone" in said and all(re.search(rf"\b{v}\b", said) for v in above), (above, said)


@pytest.mark.parametrize("ruleset_id", sorted(r for r, rs in RULESETS.items() if rs.policy == "riichi"))
def test_a_riichi_card_says_each_yakuman_rule_once(built_site: Path, ruleset_id: str) -> None:
    """The limit's sentence says whether 13 han count as a yakuman and whether yakuman add up; the card does not
    list those two options again beside it."""
    page = (built_site / urls.output_path(urls.card_url(ruleset_id))).read_text(encoding="utf-8")
    text = visible_text(page)
    stacks = option_value(RULESETS[ruleset_id], "stack_yakuman")
    said = _card_limit(built_site, ruleset_id)
    assert ("yakuman add up" if stacks else "yakuman do not add up") in said, said
    for label in ("Yakuman add up", "13 han or more is a yakuman"):
        assert label not in text, (ruleset_id, label)


def test_sihai_is_among_the_cards_that_explain_their_limit() -> None:
    assert RULESETS["sihai-3.1"].option("limit") is not None


_ROW = re.compile(r'<tr><td class="hand-cell"><a href="/hands/[^"]+"><code>(.*?)</code></a></td>'
                  r'<td class="num">([^<]*)</td><td class="num">([^<]*)</td><td class="why">(.*?)</td></tr>', re.DOTALL)


def _figure(cell: str) -> int:
    return int(re.sub(r"\D", "", cell.split("(")[0]))


@pytest.mark.parametrize("ruleset_id", sorted(r for r, rs in RULESETS.items() if rs.diff is not None))
def test_an_editions_changes_say_why_each_hand_scores_otherwise(built_site: Path, ruleset_id: str) -> None:
    """Every rule (option) the edition sets otherwise than its base is listed; each hand whose score moves says why,
    and names every such rule that, set alone in the base as the edition sets it, moves that hand's total (checked
    here with the engine)."""
    rs = RULESETS[ruleset_id]
    base = RULESETS[rs.diff.base]  # type: ignore[union-attr]
    page = (built_site / urls.output_path(urls.diff_url(ruleset_id))).read_text(encoding="utf-8")
    text = visible_text(page)
    differing = [k for k in sorted(set(base.options) | set(rs.options)) if base.options.get(k) != rs.options.get(k)]
    for key in differing:
        assert option_label(key) in text, key
    rows = _ROW.findall(page)
    assert rows, "the page lists no hand that scores differently"
    for hand, old, new, why in rows:
        why = visible_text(why)
        assert why, hand
        parsed = parse_hand(html.unescape(hand))
        assert score(parsed, base).total == _figure(old) and score(parsed, rs).total == _figure(new), hand
        for key in differing:
            alone = replace(base, options={**base.options, key: rs.options.get(key)})
            assert (option_label(key) in why) == (score(parsed, alone).total != _figure(old)), (hand, key, why)


def test_the_ema_changes_say_that_yakuman_no_longer_add_up(built_site: Path) -> None:
    """The case readers met: 240 000 against 48 000 with no word of why."""
    page = (built_site / urls.output_path(urls.diff_url("riichi-ema-2016"))).read_text(encoding="utf-8")
    stacked = [(hand, why) for hand, old, new, why in _ROW.findall(page) if _figure(old) >= 2 * _figure(new) > 0]
    assert stacked, "no hand's score falls to half or less"
    assert any(f"{option_label('stack_yakuman')}: yes → no" in visible_text(why) for _, why in stacked), stacked


def test_riichi_is_described_in_han_with_its_limits_named(built_site: Path) -> None:
    """Riichi's yaku are worth han and its hands are paid in points; its limits are the mangan up to the yakuman,
    and a yakuman is named as one wherever a value is printed, never as 13 han."""
    table = _flat((built_site / urls.output_path(urls.RULESETS)).read_text(encoding="utf-8"))
    assert re.search(r"Mahjong Soul four-player ranked rules han, paid in points mangan to yakuman \d+", table), table
    pattern = (built_site / urls.output_path(urls.pattern_url("riichi", "all-simples"))).read_text(encoding="utf-8")
    assert 'content="断幺九 All Simples, 1 han in Riichi' in pattern
    dragons = _flat((built_site / urls.output_path(urls.pattern_url("riichi", "big-three-dragons")))
                           .read_text(encoding="utf-8"))
    assert "Value yakuman With a claimed meld yakuman" in dragons and "13 han" not in dragons
    page = _flat((built_site / urls.output_path(urls.ruleset_url("riichi"))).read_text(encoding="utf-8"))
    assert "Limit basic points stop at a mangan's 2,000; 5 han is a mangan" in page


def _flat(page: str) -> str:
    return " ".join(visible_text(page).split())
