"""The search index: Pagefind over the rendered pages, in shards the search page merges.

Pagefind's extended binary segments Chinese (清一色, 花色 become words) and, with
`--force-language zh`, keeps one language that also holds the English words, so a search
finds Chinese names, English names, notation and prose from any page. The plain binary
cannot segment Chinese, so the build refuses to index with it rather than ship a search
that silently misses words. Only the elements marked `data-pagefind-body` are indexed
(headers, footers, the search page and the printable cards are left out).

Why shards: Pagefind cannot update an index, and indexing the whole site costs more than
the rest of an incremental build. So the pages are split into fixed groups (each rule set's
folder, the example hands by the rule set they illustrate first, everything else); each group
is indexed into its own bundle under `pagefind/shards/`, keyed in the build cache by the
bytes of its pages, and `search.js` merges the bundles listed in `pagefind/shards.json`
(Pagefind's `mergeIndex`, which ranks the results of all bundles together). An edit
re-indexes only the groups whose pages changed, and a cold build produces the same bytes.

One index per language: each locale's pages (the Chinese twins under `zh-Hans/`) are grouped into shards of their
own, and `shards.json` lists the bundles by locale, so the search page of a locale (its `<html lang>`) searches its
own pages only. Every locale is indexed as `zh`, since the English pages hold Chinese names too.

The binary runs as a command, not through Pagefind's Python service: the service answers
its write request and is then terminated, and under load that killed it while it was still
writing some of the bundle's files, so two builds of the same content differed. A command
that has exited has finished writing.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import tempfile
import zlib
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..cache import NO_CACHE, BuildCache, ContentTable
from ..digest import engine_digest
from . import i18n, pagefind_order
from .render import SKIP_CLOSE, SKIP_OPEN
from .sync import sha1_of, sync_tree

INDEX_DIR = "pagefind"
SHARDS_DIR = "shards"
SHARDS_JSON = "shards.json"
_INDEXED = re.compile(r"Indexed (\d+) pages?")
# Parts of a page marked data-pagefind-ignore are wrapped in these comments by the templates, so the key of a shard
# can leave them out: what Pagefind does not read cannot change its output.
_SKIP_OPEN, _SKIP_CLOSE = SKIP_OPEN.encode(), SKIP_CLOSE.encode()
_RULESET_META = re.compile(rb'data-pagefind-meta="ruleset:([^"]+)"')  # the page's own rule set (templates/base.html)
# Pagefind's own search interfaces: our search page uses pagefind.js only, so shards leave these out.
_UI_FILES = re.compile(r"\Apagefind-(?:component-ui|modular-ui|ui|highlight)\.(?:js|css)\Z")


class SearchIndexError(RuntimeError):
    """The index could not be built (missing binary, Pagefind error)."""


def pagefind_binary() -> Path:
    """The extended Pagefind binary (or PAGEFIND_BINARY_PATH); the plain one cannot segment Chinese."""
    explicit = os.environ.get("PAGEFIND_BINARY_PATH")
    if explicit:
        return Path(explicit)
    if importlib.util.find_spec("pagefind_bin_extended") is None:
        raise SearchIndexError("Chinese search needs Pagefind's extended binary: pip install 'pagefind[extended]'")
    from pagefind_bin_extended import get_executable

    return Path(get_executable())


@dataclass(frozen=True)
class Shard:
    """One group of pages and the bundle it is indexed into."""

    name: str
    pages: tuple[str, ...]  # output paths of the HTML pages, sorted

    @property
    def bundle(self) -> str:
        return f"{INDEX_DIR}/{SHARDS_DIR}/{self.name}"


def shards(html_paths: Iterable[str], ruleset_of: Mapping[str, str]) -> list[Shard]:
    """The grouping of pages: `rulesets/<id>`; example hands by the rule set they are shown for first; the rest;
    each locale's pages apart, their groups named after the locale.

    Hands are grouped by rule set rather than by address because an edit of one rule set changes
    which hands its search picks: the pages that come and go are then mostly in that rule set's group.

    >>> [(s.name, s.pages) for s in shards(["index.html", "hands/a1/index.html", "rulesets/mcr/x/index.html"],
    ...                                     {"hands/a1/index.html": "zj-2.4"})]
    [('hands-zj-2.4', ('hands/a1/index.html',)), ('rulesets-mcr', ('rulesets/mcr/x/index.html',)), ('site', ('index.html',))]
    >>> [s.name for s in shards(["zh-Hans/index.html", "zh-Hans/rulesets/mcr/x/index.html"], {})]
    ['zh-Hans-rulesets-mcr', 'zh-Hans-site']
    """
    groups: dict[str, list[str]] = {}
    for path in sorted(html_paths):
        locale = locale_of(path)
        parts = path.removeprefix(locale.prefix.lstrip("/") + "/" if locale.prefix else "").split("/")
        if parts[0] == "hands" and len(parts) > 2:
            name = f"hands-{ruleset_of.get(path, 'none')}"
        elif parts[0] == "rulesets" and len(parts) > 2:
            name = f"rulesets-{parts[1]}"
        else:
            name = "site"
        groups.setdefault(f"{locale.tag}-{name}" if locale.prefix else name, []).append(path)
    return [Shard(name, tuple(groups[name])) for name in sorted(groups)]


def locale_of(path: str) -> i18n.Locale:
    """The locale of a page by its output path: the one whose folder holds it, else the default."""
    top = path.split("/", 1)[0]
    return next((loc for loc in i18n.LOCALES if loc.prefix and loc.tag == top), i18n.DEFAULT)


WORK_DIR = ".pagefind-work"  # inside the build's temporary folder, so a killed build leaves no debris elsewhere


def _link_or_copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _run_pagefind(binary: Path, site_dir: Path, shard: Shard) -> tuple[int, dict[str, bytes]]:
    """Index one shard from a folder holding only its pages; returns (pages indexed, bundle files)."""
    (site_dir / WORK_DIR).mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"{shard.name}-", dir=site_dir / WORK_DIR) as tmp:
        root, out_dir = Path(tmp) / "site", Path(tmp) / "bundle"
        for rel in shard.pages:
            _link_or_copy(site_dir / rel, root / rel)
        command = [str(binary), "--site", str(root), "--output-path", str(out_dir), "--force-language", "zh"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SearchIndexError(f"Pagefind failed: {exc}") from exc
        if done.returncode != 0:
            detail = (done.stderr or done.stdout).strip().splitlines()
            raise SearchIndexError(f"Pagefind failed (exit {done.returncode}): {detail[-1] if detail else 'no output'}")
        found = _INDEXED.search(done.stdout)
        files = {p.relative_to(out_dir).as_posix(): p.read_bytes() for p in sorted(out_dir.rglob("*")) if p.is_file()}
        try:
            files = pagefind_order.ordered(files)
        except (ValueError, KeyError, OSError, EOFError, zlib.error) as exc:
            raise SearchIndexError(f"Pagefind's filter index could not be put in order: {exc}") from exc
        return (int(found.group(1)) if found else 0), files


PagePart = tuple[bytes, str | None] | None
"""Of one page: the digest of what Pagefind reads of it and the rule set it belongs to; None when not searchable."""


def _searchable(pages: Mapping[str, bytes], cache: BuildCache) -> tuple[dict[str, bytes], dict[str, str]]:
    """Page -> digest of what Pagefind reads of it, and page -> its rule set, for the searchable pages.

    Cutting the skipped regions out of every page is most of an incremental build's indexing time,
    so the result is kept per page content (sha1 of its bytes) in the build cache.
    """
    # the code that cuts the regions is part of the result
    known: ContentTable[PagePart] = ContentTable(cache, "search-parts", engine_digest() if cache.enabled else "")
    indexed: dict[str, bytes] = {}
    ruleset_of: dict[str, str] = {}
    shas = {rel: sha1_of(pages, rel) for rel in sorted(pages) if rel.endswith(".html")}
    for rel, sha in shas.items():
        data = pages[rel]
        if sha not in known:
            found = _RULESET_META.search(data)
            known[sha] = ((hashlib.sha256(indexed_part(data)).digest(), found.group(1).decode("utf-8") if found else None)
                          if b"data-pagefind-body" in data else None)  # a group without one would be indexed whole
        part = known[sha]
        if part is not None:
            indexed[rel] = part[0]
            if part[1] is not None:
                ruleset_of[rel] = part[1]
    known.save(shas.values())
    return indexed, ruleset_of


def _shard_key(version: str, indexed: Mapping[str, bytes], shard: Shard) -> str:
    """The key of a shard's bundle: Pagefind's version and, per page, its address and the digest of what it reads."""
    h = hashlib.sha256(f"{version}:zh:{shard.name}".encode())
    for rel in shard.pages:
        h.update(rel.encode("utf-8") + b"\0" + indexed[rel])
    return h.hexdigest()


def indexed_part(html: bytes) -> bytes:
    """A page without its regions marked as skipped: everything Pagefind may read of it.

    >>> indexed_part(b'<main data-pagefind-body>a<!--search:skip--><p data-pagefind-ignore="all">9</p>'
    ...              b'<!--/search:skip-->b</main>')
    b'<main data-pagefind-body>ab</main>'
    """
    kept: list[bytes] = []
    at = 0
    while (start := html.find(_SKIP_OPEN, at)) >= 0:  # what `re.sub(OPEN.*?CLOSE, DOTALL)` cuts, 4x faster
        end = html.find(_SKIP_CLOSE, start + len(_SKIP_OPEN))
        if end < 0:
            break  # an opening with no closing after it is kept, as the regex would keep it
        kept.append(html[at:start])
        at = end + len(_SKIP_CLOSE)
    kept.append(html[at:])
    return b"".join(kept)


def _binary_version(binary: Path) -> str:
    try:
        done = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SearchIndexError(f"Pagefind failed: {exc}") from exc
    if done.returncode != 0:
        raise SearchIndexError(f"Pagefind failed (exit {done.returncode}): cannot run {binary}")
    return done.stdout.strip()


def _index_shard(binary: Path, version: str, site_dir: Path, indexed: Mapping[str, bytes], shard: Shard,
                 cache: BuildCache) -> tuple[int, dict[str, bytes]]:
    def compute() -> tuple[int, dict[str, bytes]]:
        count, files = _run_pagefind(binary, site_dir, shard)
        return count, {rel: data for rel, data in files.items() if not _UI_FILES.match(rel)}

    return cache.memo(f"pagefind-{shard.name}", _shard_key(version, indexed, shard), compute)


def index_site(site_dir: Path, cache: BuildCache = NO_CACHE) -> int:
    """Write the search bundles into site_dir/pagefind; returns the number of pages indexed."""
    total, files = index_files(site_dir, cache)
    sync_tree(site_dir, files, within=INDEX_DIR)
    return total


def index_files(site_dir: Path, cache: BuildCache = NO_CACHE,
                pages: Mapping[str, bytes] | None = None) -> tuple[int, dict[str, bytes]]:
    """The search bundles of the pages in site_dir, by path under the site (pagefind/...), and the pages indexed.

    `pages` are the site's files as the build holds them (else they are read from site_dir).
    """
    binary = pagefind_binary()
    version = f"{binary.name}:{_binary_version(binary)}"
    if pages is None:
        pages = {p.relative_to(site_dir).as_posix(): p.read_bytes() for p in site_dir.rglob("*.html")}
    indexed, ruleset_of = _searchable(pages, cache)
    groups = shards(indexed, ruleset_of)
    workers = max(1, min(len(groups), os.cpu_count() or 1))
    try:
        with ThreadPoolExecutor(max_workers=workers) as pool:  # each worker waits on its own Pagefind process
            done = list(pool.map(lambda s: _index_shard(binary, version, site_dir, indexed, s, cache), groups))
    finally:
        shutil.rmtree(site_dir / WORK_DIR, ignore_errors=True)
    total = 0
    out: dict[str, bytes] = {}
    for shard, (count, files) in zip(groups, done, strict=True):
        total += count
        out.update((f"{shard.bundle}/{rel}", data) for rel, data in files.items())
    by_locale: dict[str, list[str]] = {}
    for shard in groups:  # the bundles of each locale, its pages' shards in the order of `groups`
        by_locale.setdefault(locale_of(shard.pages[0]).tag, []).append(f"/{shard.bundle}/")
    listing = {"bundles": by_locale}
    out[f"{INDEX_DIR}/{SHARDS_JSON}"] = (json.dumps(listing, indent=1) + "\n").encode("utf-8")
    return total, out
