"""No Chinese page shows a run of English words outside notation, code and text marked with its own `lang`.

A Chinese reader meets English only where it is meant: tile notation and commands (`code`, `kbd`, `samp`, `pre`,
an element of class `notation`), and text the page marks as English (`lang="en"`: a source's English title, a
pattern's English name beside its Chinese one). Anything else in English is a string that missed its translation:
an interface string outside gettext, rule data without its Chinese twin, or an engine Message rendered without `say`.

The scanner reads visible text only (attributes such as `title` and `aria-label` are not scanned) and counts a run
as three or more English words in a row, so a lone id ("mcr-2006"), a unit ("fu") or a name of two words passes.
"""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SKIPPED_TAGS = {"script", "style", "code", "kbd", "samp", "pre", "svg", "template", "math"}
RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*){2,}")
SHOWN = 40  # runs listed when the test fails


class EnglishRuns(HTMLParser):
    """The runs of English words in a page's visible text, outside the elements that may hold English."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, bool]] = []  # (tag, whether its text is exempt)
        self.runs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        a = dict(attrs)
        lang = a.get("lang")
        classes = (a.get("class") or "").split()
        exempt = (tag in SKIPPED_TAGS or (lang is not None and not lang.lower().startswith("zh"))
                  or "notation" in classes or a.get("translate") == "no")
        self.open.append((tag, exempt))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass  # `<x/>` holds no text

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        # an end tag closes the innermost element of its name and any left open inside it (HTML's implied ends)
        if any(t == tag for t, _ in self.open):
            while self.open and self.open.pop()[0] != tag:
                pass

    def handle_data(self, data: str) -> None:
        if any(exempt for _, exempt in self.open):
            return
        self.runs.extend(" ".join(m.group(0).split()) for m in RUN.finditer(data))


def english_runs(html: str) -> list[str]:
    parser = EnglishRuns()
    parser.feed(html)
    parser.close()
    return parser.runs


def test_the_scanner_finds_only_unmarked_english() -> None:
    html = ('<p>一手牌 one tile changed <span lang="en">Big Four Winds</span> <code>run the engine now</code>'
            '<span class="notation">East East East</span> 大四喜 Big Four<br>Winds here</p>')
    assert english_runs(html) == ["one tile changed"]


def test_no_chinese_page_shows_a_run_of_english_words(built_site: Path) -> None:
    pages = sorted((built_site / "zh-Hans").rglob("*.html"))
    assert pages, "the site has no Chinese pages"
    counts: Counter[str] = Counter()
    first_page: dict[str, str] = {}
    for page in pages:
        for run in english_runs(page.read_text(encoding="utf-8")):
            counts[run] += 1
            first_page.setdefault(run, str(page.relative_to(built_site)))
    shown = "\n".join(f"  {n}× {run!r} (e.g. {first_page[run]})" for run, n in counts.most_common(SHOWN))
    assert not counts, (f"{len(counts)} runs of English words ({sum(counts.values())} in all) on Chinese pages, "
                        f"outside code, notation and text marked lang=\"en\"; the first {SHOWN}:\n{shown}")
