"""`mahjong-atlas check`: what a build would stop on, one `file:line: field: message` line each, nothing written.

It runs the build's own steps — gather (loading and validating every content file, checking
curated hands against the engine, the example search), rendering every page in memory, and
the link check — through `build.build_files`, so it can never pass content the build refuses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..examples.search import SearchError
from ..rules import CONTENT_DIR, ContentError
from ..stats.store import stale_rulesets
from .build import BrokenLinks, BuildError, build_files
from .content_check import ContentErrors


@dataclass(frozen=True)
class CheckResult:
    problems: list[str]
    pages: int  # pages rendered (0 when the check stopped before rendering)
    warnings: list[str] = field(default_factory=list)  # what builds but should be fixed (stale statistics)


def run_check(content: Path = CONTENT_DIR) -> CheckResult:
    """Every problem found. A loader stops at the first error of its file, so a broken file shows one problem;
    the Markdown and link checks report all of theirs."""
    try:
        _, pages, data = build_files(content)
    except ContentErrors as exc:
        return CheckResult([str(p) for p in exc.problems], 0)
    except ContentError as exc:
        return CheckResult([str(exc)], 0)
    except BrokenLinks as exc:  # links the templates wrote: the page is the file
        return CheckResult([f"{b.page}: href: {b.reason}: {b.target}" for b in exc.links], 0)
    except (BuildError, SearchError) as exc:
        return CheckResult([f"{content.name}: examples: {exc}"], 0)
    stale = stale_rulesets(data.rulesets.values(), content)
    refresh = " ".join(f"--ruleset {rid}" for rid in stale)
    warnings = [(f"warning: the statistics of {', '.join(stale)} were computed for earlier rule data; pattern pages "
                 f"mark them stale until `mahjong-atlas stats {refresh}` runs")] if stale else []
    return CheckResult([], len(pages), warnings)
