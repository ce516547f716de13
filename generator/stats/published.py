"""Published exact counts of single patterns (content/stats/published.toml), set beside the atlas's own figures.

A pattern page prints the published count, its source, and whether the atlas's stored figure is the same; where
the source counts otherwise, the file says how (`differs`), and a figure that disagrees without saying so stops the
build (`check_agreement`), so a page never puts two counts side by side without explaining them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules import Ruleset
from ..rules.errors import ContentError, ContentErrors
from ..rules.locate import locate
from ..rules.sources import Citation, load_sources, parse_citations
from .store import STATS_DIR

PUBLISHED_FILE = "published.toml"
FIELDS: dict[str, type] = {"ruleset": str, "pattern": str, "weighted_shown": int, "source": str, "differs": str}
REQUIRED = ("ruleset", "pattern", "weighted_shown", "source")


@dataclass(frozen=True)
class PublishedFigure:
    """One published count of the complete hands that show a pattern, weighted by physical tile copies."""

    weighted_shown: int
    cites: tuple[Citation, ...]  # resolved against the bibliography (titles filled in)
    differs: str  # how the source's convention differs from the atlas's; "" when it is the same
    file: str
    line: int


def published_path(content: Path) -> Path:
    return content / STATS_DIR / PUBLISHED_FILE


def load_published(content: Path, rulesets: dict[str, Ruleset]) -> dict[tuple[str, str], PublishedFigure]:
    """(rule set id, pattern id) -> its published figure; every problem of the file reported at once as
    `file:line: field: what was expected`."""
    path = published_path(content)
    if not path.exists():
        return {}
    name = f"content/{STATS_DIR}/{PUBLISHED_FILE}"
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(name, getattr(exc, "lineno", None), "(file)", f"not valid TOML: {exc}") from None
    lines = locate(text)
    bibliography = load_sources(content) or {}
    problems: list[ContentError] = []
    out: dict[tuple[str, str], PublishedFigure] = {}
    entries = data.get("figure", [])
    if set(data) - {"figure"} or not isinstance(entries, list):
        problems.append(ContentError(name, 1, "(file)", "expected only [[figure]] tables"))
        entries = []
    for i, raw in enumerate(entries):
        header = lines.get(("figure", i, ""), 1)

        def fail(field: str, message: str, i: int = i, header: int = header) -> None:
            problems.append(ContentError(name, lines.get(("figure", i, field), header), field, message))

        figure = _figure(raw, rulesets, bibliography, fail)
        if figure is None:
            continue
        key, weighted, cites, differs = figure
        if key in out:
            fail("pattern", f"a second figure for {key[0]} {key[1]} (one per pattern)")
            continue
        out[key] = PublishedFigure(weighted, cites, differs, name, header)
    if problems:
        raise ContentErrors(problems)
    return out


def _figure(raw: dict[str, Any], rulesets: dict[str, Ruleset], bibliography: dict[str, Any], fail: Any
            ) -> tuple[tuple[str, str], int, tuple[Citation, ...], str] | None:
    """One [[figure]] table checked, or None after reporting what is wrong with it through `fail(field, message)`."""
    ok = True
    for field in sorted(set(raw) - set(FIELDS)):
        fail(field, f"unknown field (expected {', '.join(FIELDS)})")
        ok = False
    for field, typ in FIELDS.items():
        if field not in raw:
            if field in REQUIRED:
                fail(field, "missing")
                ok = False
        elif not isinstance(raw[field], typ) or isinstance(raw[field], bool):
            fail(field, f"expected {'a whole number' if typ is int else 'a string'}, not {raw[field]!r}")
            ok = False
    if not ok:
        return None
    rs = rulesets.get(raw["ruleset"])
    if rs is None:
        fail("ruleset", f"no rule set '{raw['ruleset']}' (expected one of {', '.join(sorted(rulesets))})")
        return None
    if raw["pattern"] not in rs.by_id:
        fail("pattern", f"{rs.id} has no pattern '{raw['pattern']}'")
        return None
    if raw["weighted_shown"] < 0:
        fail("weighted_shown", "expected a count of 0 or more")
        return None
    cites = parse_citations(raw["source"])
    if not cites or any(not c.at for c in cites):
        fail("source", "expected 'key: where', e.g. 'kawaya-gairon: 大三元'")
        return None
    unknown = [c.key for c in cites if c.key not in bibliography]
    if unknown:
        fail("source", f"no bibliography entry '{unknown[0]}' in content/sources.toml")
        return None
    resolved = tuple(Citation(c.key, c.at, bibliography[c.key].title) for c in cites)
    return (rs.id, raw["pattern"]), raw["weighted_shown"], resolved, raw.get("differs", "").strip()


def check_agreement(figure: PublishedFigure, rs: Ruleset, pattern_id: str, stored: int) -> None:
    """Refuse a published figure that is not the atlas's (`stored`, current figures) and does not say why."""
    if figure.weighted_shown != stored and not figure.differs:
        raise ContentError(figure.file, figure.line, "differs",
                           f"the published {figure.weighted_shown:,} for {rs.id} {pattern_id} is not the atlas's "
                           f"{stored:,}: say how the source counts otherwise")
