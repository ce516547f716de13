"""Gather everything a build needs before anything is rendered: rule sets, scored examples, prose, figures.

A build is complete or it writes nothing, so every input is read and checked here first;
the renderers then work from this one immutable snapshot. Iteration orders are fixed
(sorted ids, rule-set order) so two builds of the same content are byte-identical.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .. import __version__
from ..cache import NO_CACHE, BuildCache
from ..examples.atlas import Atlas, PatternExamples
from ..examples.collect import collect
from ..examples.model import Example
from ..rules import CONTENT_DIR, ContentError, Ruleset
from ..rules.errors import Problems
from ..rulesets import load_rulesets
from ..stats.published import PublishedFigure, load_published
from . import content_check
from .glossary import Glossary, load_glossary
from .urls import RESERVED_PATTERN_IDS

_TITLE = re.compile(r"\A#\s+(.+?)\s*$", re.MULTILINE)


@dataclass(frozen=True)
class ProsePage:
    """One Markdown page of content/pages: its slug (file stem), title (its `# ` line) and body."""

    slug: str
    title: str
    body: str
    figures: Any = None  # the matching content/theorems/<name>.json, if any (theorem pages)
    zh: ProsePage | None = None  # its Chinese twin, content/pages/<slug>.zh-Hans.md, written in our own words

    def read_in(self, chinese: bool) -> tuple[ProsePage, bool]:
        """The page a reader of the locale reads, and whether it is in that locale's language: on a Chinese page
        the twin where there is one, else this English page (which that page marks as English)."""
        if chinese and self.zh is not None:
            return self.zh, True
        return self, not chinese


@dataclass
class SiteData:
    """The whole input of a build: the rule sets, the example atlas, the prose pages, the content version."""

    rulesets: dict[str, Ruleset]
    atlas: Atlas
    prose: dict[str, ProsePage]
    version: str
    by_key: dict[str, Example] = field(default_factory=dict)
    content: Path = CONTENT_DIR  # the folder read, for the page parts loaded late (stored statistics)
    published: dict[tuple[str, str], PublishedFigure] = field(default_factory=dict)  # (rule set, pattern) -> count
    glossary: Glossary = field(default_factory=Glossary)  # content/glossary.toml: terms and the names players write

    def __post_init__(self) -> None:
        self.by_key = {e.key: e for e in self.atlas.examples}

    @property
    def examples(self) -> list[Example]:
        return self.atlas.examples

    def pattern_examples(self, ruleset_id: str, pattern_id: str) -> PatternExamples | None:
        return self.atlas.by_pattern.get(f"{ruleset_id}/{pattern_id}")


def content_version(content: Path) -> str:
    """Engine version plus a short hash of every content file, so a citation names exactly what it cites."""
    digest = hashlib.sha256()
    for path in sorted(p for p in content.rglob("*") if p.is_file()):
        rel = path.relative_to(content).as_posix()
        if "/." in "/" + rel or rel.endswith((".pyc", "~")):
            continue
        digest.update(rel.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return f"{__version__}+{digest.hexdigest()[:10]}"


ZH_PAGE = ".zh-Hans"  # content/pages/<slug>.zh-Hans.md: a page's Chinese twin, not a page of its own


def _read_prose(content: Path, problems: Problems) -> dict[str, ProsePage]:
    pages: dict[str, ProsePage] = {}
    paths = sorted((content / "pages").glob("*.md"))
    for path in paths:
        if not path.stem.endswith(ZH_PAGE):
            page = problems.keep(lambda: _prose_page(content, path))
            if page is not None:
                pages[path.stem] = page
    for path in paths:
        slug = path.stem.removesuffix(ZH_PAGE)
        if slug == path.stem:
            continue
        twin = problems.keep(lambda: _prose_page(content, path))
        if twin is None:
            continue
        if slug not in pages:
            if not path.with_name(slug + ".md").is_file():  # a page that failed to load has said why
                problems.add(ContentError(str(path.relative_to(content.parent)), 1, "(file)",
                                          f"a Chinese twin of no page: there is no content/pages/{slug}.md"))
            continue
        english = pages[slug]
        pages[slug] = replace(english, zh=replace(twin, slug=slug, figures=english.figures))
    return pages


def _prose_page(content: Path, path: Path) -> ProsePage:
    figures_dir = content / "theorems"
    text = path.read_text(encoding="utf-8")
    m = _TITLE.search(text)
    if not m or text[: m.start()].strip():
        raise ContentError(str(path.relative_to(content.parent)), 1, "title",
                           "a page must start with a '# Title' line")
    figures = None
    stem = path.stem.removeprefix("theorem-")
    for candidate in (figures_dir / f"{path.stem}.json", figures_dir / f"{stem}.json"):
        if candidate.is_file():
            try:
                figures = json.loads(candidate.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                raise ContentError(str(candidate.relative_to(content.parent)), exc.lineno, "(json)",
                                   f"invalid JSON: {exc.msg}") from None
            break
    return ProsePage(path.stem, m.group(1), text[m.end():].strip() + "\n", figures)


def _check_ids(rulesets: dict[str, Ruleset], problems: Problems) -> None:
    for rs in rulesets.values():
        for p in rs.patterns:
            if p.id in RESERVED_PATTERN_IDS:
                problems.add(ContentError(p.origin.file, p.origin.line, f"pattern {p.id!r} id",
                                          f"'{p.id}' names a page of the rule set's folder; choose another id"))


def gather(content: Path = CONTENT_DIR, cache: BuildCache = NO_CACHE) -> SiteData:
    """Load, score and read everything; raises ContentErrors naming every problem of bad content."""
    problems = Problems()
    rulesets = load_rulesets(content, problems)
    _check_ids(rulesets, problems)
    prose = _read_prose(content, problems)
    content_check.before_search(content, rulesets, prose, problems)  # bad Markdown fails now, not after the search
    published = problems.keep(lambda: load_published(content, rulesets))
    glossary = load_glossary(content, problems)
    problems.raise_any()
    return SiteData(
        rulesets=rulesets,
        atlas=collect(rulesets, content, cache),
        prose=prose,
        version=content_version(content),
        content=content,
        published=published or {},
        glossary=glossary,
    )
