"""The site build: gather -> render in memory -> check links -> write to a temp folder -> index -> swap in.

A build is complete or it changes nothing: every page is rendered and every internal link
and anchor checked before a byte is written; the output goes to a temporary folder beside
the target, is indexed for search there, and only then replaces the previous site with two
renames. A failed build leaves the previous site/ as it was. The same content gives the
same bytes (no timestamps, sorted iteration), which the tests check by building twice.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from jinja2 import Template

from ..examples.search import SearchError
from ..examples.snapshot import format_changes
from ..rules import CONTENT_DIR, ContentError
from . import content_check, svg, swap
from .atlas_pages import concepts
from .figures import figure_tables
from .gather import SiteData, gather
from .links import BrokenLink, check_links
from .pages import Page, site_pages
from .render import TEMPLATES_DIR, environment
from .search import SearchIndexError, index_site
from .urls import EXAMPLES_JSON, output_path

MARKER = ".mahjong-atlas-site"  # written into every build, so a rebuild only ever replaces a folder we made
STATIC_DIR = TEMPLATES_DIR / "static"


class BuildError(Exception):
    """The site cannot be built as asked (broken links, an unsafe output folder, an indexing failure)."""


class BrokenLinks(BuildError):
    """Links or anchors of the rendered pages that lead nowhere (each a `links.BrokenLink`)."""

    def __init__(self, broken: list[BrokenLink]) -> None:
        self.links = broken
        shown = "\n".join(f"  {b}" for b in broken[:100])
        more = f"\n  … and {len(broken) - 100} more" if len(broken) > 100 else ""
        super().__init__(f"{len(broken)} broken link(s) or anchor(s):\n{shown}{more}")


def _static_files() -> dict[str, bytes]:
    files = {}
    for path in sorted(STATIC_DIR.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            if path.name == "site.css":
                data += b"\n/* Tiles and hands: HAND_CSS of generator/site/svg.py */\n" + svg.HAND_CSS.encode("utf-8")
            files["static/" + path.relative_to(STATIC_DIR).as_posix()] = data
    return files


def examples_json(data: SiteData) -> bytes:
    """notation.md's data/examples.json: one example per line, so diffs between builds stay readable."""
    lines = [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=False) for e in data.examples]
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def render_site(data: SiteData) -> tuple[dict[str, bytes], list[Page]]:
    """Every output file in memory (path -> bytes), and the pages planned."""
    env = environment()
    env.globals["figures"] = figure_tables
    site = {
        "rulesets": list(data.rulesets.values()),
        "version": data.version,
        "has_concepts": bool(concepts(data)),
        "has_about": "about" in data.prose,
        "hand_keys": data.by_key,
    }
    files: dict[str, bytes] = {}
    pages = site_pages(data)
    templates: dict[str, Template] = {}
    for page in pages:
        if page.path in files:
            raise BuildError(f"two pages want the same address {page.url}")
        template = templates.get(page.template) or templates.setdefault(page.template, env.get_template(page.template))
        files[page.path] = template.render(page=page, site=site, **page.context).encode("utf-8")
    files.update(_static_files())
    files[output_path(EXAMPLES_JSON)] = examples_json(data)
    files[MARKER] = b"Built by mahjong-atlas; `mahjong-atlas build` replaces this folder.\n"
    return files, pages


def _write_tree(root: Path, files: dict[str, bytes]) -> None:
    for rel in sorted(files):
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(files[rel])


def _check_replaceable(out: Path) -> None:
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).is_file())):
        raise BuildError(f"{out} exists and is not a site this tool built; refusing to replace it")


def write_site(out: Path, files: dict[str, bytes], *, index: bool = True) -> int:
    """Write into a temporary sibling folder, index it, then swap it in; returns the pages indexed."""
    swap.clear_debris(out)  # a build killed earlier may have left its temporary folder, or the old site parked
    _check_replaceable(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=swap.temp_prefix(out), dir=out.parent))
    try:
        os.chmod(tmp, 0o755)
        _write_tree(tmp, files)
        indexed = index_site(tmp) if index else 0
        swap.swap_in(tmp, out)  # one atomic exchange where the system has it (swap.py)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return indexed


def build_files(content: Path = CONTENT_DIR) -> tuple[dict[str, bytes], list[Page], SiteData]:
    """Gather, render and link-check; raises BuildError with every broken link listed."""
    data = gather(content)
    files, pages = render_site(data)
    broken = content_check.after_render(content, data.rulesets, data.prose, check_links(files))  # content's first
    if broken:
        raise BrokenLinks(broken)
    return files, pages, data


def build(out: str = "site", *, content: Path = CONTENT_DIR, index: bool = True) -> int:
    """`mahjong-atlas build`: 0 on success, 1 with a message on stderr otherwise (the old site stays)."""
    start = time.perf_counter()
    try:
        files, pages, data = build_files(content)
        indexed = write_site(Path(out), files, index=index)
    except (BuildError, ContentError, SearchError, SearchIndexError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    search = f"; search index: {indexed} pages" if index else "; search index skipped"
    print(f"built {len(pages)} pages ({len(data.examples)} example hands) into {out}/ "
          f"in {time.perf_counter() - start:.1f} s{search}")
    print(format_changes(data.atlas.changes, data.atlas.snapshot))
    return 0
