"""The site build: gather -> render in memory -> check links -> write to a temp folder -> index -> swap in.

A build is complete or it changes nothing: every page is rendered and every internal link
and anchor checked before a byte is written; the output goes to a temporary folder beside
the target, is indexed for search there, and only then replaces the previous site with two
renames. A failed build leaves the previous site/ as it was. The same content gives the
same bytes (no timestamps, sorted iteration), which the tests check by building twice.

Builds are incremental through a cache folder beside the output (`generator.cache`): each
rule set's example search and the examples' scores, each page (keyed by the digest of its
template set and of everything its view holds, `generator.digest`), each page's link scan
and each search shard are reused while their inputs are unchanged; when nothing at all
changed and the output folder still holds what the last build wrote, the build stops there.
The output never depends on the cache: an incremental build equals a cold one byte for byte.
"""

from __future__ import annotations

import gc
import hashlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import markdown
from jinja2 import Template

from .. import __version__
from ..cache import NO_CACHE, BuildCache, ContentTable
from ..digest import Digester, engine_digest, tree_digest
from ..examples.search import SearchError
from ..examples.snapshot import format_changes
from ..rules import CONTENT_DIR, ContentError
from . import calculator, content_check, i18n, svg, swap
from .base_url import BaseUrl, rebase
from .figures import figure_tables
from .gather import SiteData, gather
from .i18n import Locale
from .links import BrokenLink, Scan, check_links
from .markdown_safe import INSPECTED
from .pages.matrix import matrix_files
from .pages.page import Page
from .pages.plan import site_pages
from .pages.sources import cited_content
from .render import SNIPPETS, TEMPLATES_DIR, environment
from .search import INDEX_DIR, SearchIndexError, index_files
from .sync import Ledger, SiteFiles, sha1_of, sync_tree
from .urls import EXAMPLES_JSON, output_path

MARKER = ".mahjong-atlas-site"  # written into every build, so a rebuild only ever replaces a folder we made
CACHE_DIR = ".mahjong-atlas-cache"  # the default cache folder, beside the output folder
STATIC_DIR = TEMPLATES_DIR / "static"
_MARKDOWN = (INSPECTED, SNIPPETS)  # Markdown conversions the build cache keeps


ROOT_URL = BaseUrl()


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
    lines = [e.json_text() for e in data.examples]
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def render_site(data: SiteData, cache: BuildCache = NO_CACHE) -> tuple[dict[str, bytes], list[Page]]:
    """Every output file in memory (path -> bytes), and the pages planned.

    With a cache, a page whose digest (its template set, and everything its view holds) is
    the one stored is taken from the cache instead of being rendered again.
    """
    envs = {loc: environment(compiled=cache.folder("templates"), locale=loc) for loc in i18n.LOCALES}
    for env in envs.values():
        env.globals["figures"] = figure_tables
    site = {
        "rulesets": list(data.rulesets.values()),
        "engine": __version__,
        "has_concepts": bool(data.atlas.concepts),
        "has_about": "about" in data.prose,
        "has_glossary": bool(data.glossary.terms or data.glossary.names),
        **cited_content(data),  # the content version and its date, which hand citations print
    }
    files = SiteFiles()
    pages = site_pages(data)
    templates: dict[tuple[Locale, str], Template] = {}
    set_key = f"{engine_digest()}:{tree_digest(TEMPLATES_DIR)}:{tree_digest(i18n.LOCALE_DIR)}" if cache.enabled else ""
    previous: dict[str, tuple[str, bytes, str]] = cache.load("pages", set_key) or {}  # path -> key, bytes, sha1
    digest = Digester(data.atlas.score_parts)
    site_key = digest(site) if cache.enabled else ""
    kept: dict[str, tuple[str, bytes, str]] = {}
    for page in pages:
        if page.path in files:
            raise BuildError(f"two pages want the same address {page.url}")
        key = digest((page, site_key)) if cache.enabled else ""
        hit = previous.get(page.path)
        if hit is not None and hit[0] == key:
            files.put(page.path, hit[1], hit[2])
        else:
            name = (page.locale, page.template)
            template = templates.get(name) or templates.setdefault(name, envs[page.locale].get_template(page.template))
            with i18n.using(page.locale):  # a view made on demand speaks the page's language
                html = template.render(page=page, site=site, **page.view()).encode("utf-8")
            files[page.path] = i18n.localize_links(html, page.locale)
        kept[page.path] = (key, files[page.path], files.sha1(page.path))
    if cache.enabled and kept != previous:
        cache.store("pages", set_key, kept)
    files.update(_static_files())
    files.update(calculator.asset_files(data))
    files[output_path(EXAMPLES_JSON)] = examples_json(data)
    files.update(matrix_files(data))
    files[MARKER] = b"Built by mahjong-atlas; `mahjong-atlas build` replaces this folder.\n"
    return files, pages


def _check_links(files: dict[str, bytes], cache: BuildCache) -> list[BrokenLink]:
    """The link check, reusing the scans of pages whose bytes an earlier build scanned, and the verdicts on pages
    an earlier build found sound among the same link targets (`links.check_links`)."""
    code = engine_digest() if cache.enabled else ""
    scanned: ContentTable[Scan] = ContentTable(cache, "link-scans", code)
    known: set[str] = cache.load("links-sound", code) or set()
    sound = set(known) if cache.enabled else None
    broken = check_links(files, scanned=scanned, sound=sound)
    scanned.save(sha1_of(files, path) for path in files if path.endswith(".html"))
    if sound is not None and sound != known:
        cache.store("links-sound", code, sound)
    return broken


def _write_tree(root: Path, files: dict[str, bytes], ledger: Ledger | None = None) -> Ledger:
    """Bring the staging folder to the site's pages; the search bundle (pagefind/) is synced once it is built."""
    return sync_tree(root, files, keep=INDEX_DIR, ledger=ledger)


def _check_replaceable(out: Path) -> None:
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).is_file())):
        raise BuildError(f"{out} exists and is not a site this tool built; refusing to replace it")


def write_site(out: Path, files: dict[str, bytes], *, index: bool = True, cache: BuildCache = NO_CACHE) -> int:
    """Bring a staging folder beside `out` up to date (the site before last, else a new folder), index it, then
    swap it in; returns the pages indexed. `files` gains the search bundle's files."""
    swap.clear_debris(out)  # a build killed earlier may have left its temporary folder, or the old site parked
    _check_replaceable(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    ledgers: dict[str, Ledger] = cache.load("ledgers", "") or {}  # of the live site and of the staging folder
    known = ledgers.get("staging", {})
    staging = swap.claim_staging(out)
    if staging is None and out.is_dir():  # no site kept from the build before last: start from links to this one
        staging, known = swap.linked_copy(out), ledgers.get("live", {})
    tmp = staging or Path(tempfile.mkdtemp(prefix=swap.temp_prefix(out), dir=out.parent))
    try:
        os.chmod(tmp, 0o755)
        ledger = _write_tree(tmp, files, known)
        indexed, bundle = index_files(tmp, cache, pages=files) if index else (0, {})
        ledger.update(sync_tree(tmp, bundle, within=INDEX_DIR, ledger=known))
        files.update(bundle)
        replaced = out.exists()
        swap.swap_in(tmp, out)  # one atomic exchange where the system has it (swap.py)
    except BaseException:
        swap.keep_as_staging(tmp, out)  # whatever it holds, the next build only rewrites what differs
        raise
    if cache.enabled:
        cache.store("ledgers", "", {"live": ledger, "staging": ledgers.get("live", {}) if replaced else {}})
    return indexed


def build_files(content: Path = CONTENT_DIR,
                cache: BuildCache = NO_CACHE) -> tuple[dict[str, bytes], list[Page], SiteData]:
    """Gather, render and link-check; raises BuildError with every broken link listed."""
    with _remembered_markdown(cache):
        data = gather(content, cache)
        files, pages = render_site(data, cache)
    broken = content_check.after_render(content, data.rulesets, data.prose, _check_links(files, cache))  # content's first
    if broken:
        raise BrokenLinks(broken)
    return files, pages, data


@contextmanager
def _remembered_markdown(cache: BuildCache) -> Iterator[None]:
    """Within: the Markdown conversions of the content check and the pages start from those the build cache kept,
    keyed by the code and Markdown's version (`cache.Remembered`), and the cache keeps the new ones."""
    key = f"{engine_digest()}:{markdown.__version__}" if cache.enabled else ""
    for table in _MARKDOWN:
        table.load(cache, key)
    try:
        yield
    finally:
        for table in _MARKDOWN:
            table.save(cache, key)


def _manifest(root: Path) -> dict[str, str]:
    """Every file of a folder and a digest of its bytes: what 'the output is still what we wrote' means."""
    if not root.is_dir():
        return {}
    return {p.relative_to(root).as_posix(): hashlib.sha1(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def open_cache(out: Path, cache_dir: str | Path | None = None, *, use_cache: bool = True) -> BuildCache:
    """The build cache: `cache_dir`, or CACHE_DIR beside the output folder; NO_CACHE for a cold build."""
    if not use_cache:
        return NO_CACHE
    return BuildCache(Path(cache_dir) if cache_dir is not None else out.resolve().parent / CACHE_DIR)


@contextmanager
def _rare_collections() -> Iterator[None]:
    """Run the cyclic garbage collector far less often for the length of a build.

    Why: a build holds hundreds of thousands of objects to its end (hands, scores, page views, what
    it reads from its cache) and makes few reference cycles; at the default thresholds Python
    would re-scan all of them again and again, a quarter of an incremental build's time.
    Peak memory of a cold build is the same either way.
    """
    old = gc.get_threshold()
    gc.set_threshold(50_000, 20, 100)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def build(out: str = "site", *, content: Path = CONTENT_DIR, index: bool = True,
          cache: BuildCache | None = None, base: BaseUrl = ROOT_URL) -> int:
    """`mahjong-atlas build`: 0 on success, 1 with a message on stderr otherwise (the old site stays). `base` is
    where the site will be published (base_url.py)."""
    with _rare_collections():
        return _build(out, content=content, index=index, cache=cache, base=base)


def _build(out: str, *, content: Path, index: bool, cache: BuildCache | None, base: BaseUrl) -> int:
    start = time.perf_counter()
    target = Path(out)
    cache = open_cache(target) if cache is None else cache
    whole_key = (f"{engine_digest()}:{tree_digest(TEMPLATES_DIR)}:{tree_digest(i18n.LOCALE_DIR)}:"
                 f"{tree_digest(content)}:{index}:{base}"
                 f":{calculator.runtime_key()}" if cache.enabled else "")
    done = cache.load("site", whole_key)
    if done is not None and done[0] == _manifest(target):
        print(f"{out}/ is up to date: nothing changed since it was built ({time.perf_counter() - start:.1f} s)")
        print(done[1])
        return 0
    try:
        files, pages, data = build_files(content, cache)
        files = rebase(files, base)
        indexed = write_site(target, files, index=index, cache=cache)
    except (BuildError, ContentError, SearchError, SearchIndexError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    search = f"; search index: {indexed} pages" if index else "; search index skipped"
    print(f"built {len(pages)} pages ({len(data.examples)} example hands) into {out}/ "
          f"in {time.perf_counter() - start:.1f} s{search}")
    changes = format_changes(data.atlas.changes, data.atlas.snapshot)
    print(changes)
    if cache.enabled:  # the folder now holds exactly `files` (write_site), so their digests are its manifest
        cache.store("site", whole_key, ({rel: sha1_of(files, rel) for rel in sorted(files)}, changes))
    return 0
