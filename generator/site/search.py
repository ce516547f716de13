"""The search index: Pagefind over the rendered pages, one index for the whole bilingual site.

Pagefind's extended binary segments Chinese (清一色, 花色 become words) and, with
`--force-language zh`, keeps a single index that also holds the English words, so a search
finds Chinese names, English names, notation and prose from any page. The plain binary
cannot segment Chinese, so the build refuses to index with it rather than ship a search
that silently misses words. Only the elements marked `data-pagefind-body` are indexed
(headers, footers, the search page and the printable cards are left out).

The binary runs as a command, not through Pagefind's Python service: the service answers
its write request and is then terminated, and under load that killed it while it was still
writing some of the bundle's files, so two builds of the same content differed. A command
that has exited has finished writing, which keeps the build deterministic.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
from pathlib import Path

INDEX_DIR = "pagefind"

_INDEXED = re.compile(r"Indexed (\d+) pages?")


class SearchIndexError(RuntimeError):
    """The index could not be built (missing binary, Pagefind error)."""


def pagefind_binary() -> Path:
    """The extended Pagefind binary (or PAGEFIND_BINARY_PATH); the plain one cannot segment Chinese."""
    explicit = os.environ.get("PAGEFIND_BINARY_PATH")
    if explicit:
        return Path(explicit)
    if importlib.util.find_spec("pagefind_bin_extended") is None:
        raise SearchIndexError("Chinese search needs Pagefind's extended binary: pip install 'pagefind[extended]'")
    from pagefind_bin_extended import get_executable  # type: ignore[import-untyped]

    return Path(get_executable())


def index_site(site_dir: Path) -> int:
    """Write the search index into site_dir/pagefind; returns the number of pages indexed."""
    command = [str(pagefind_binary()), "--site", str(site_dir), "--output-subdir", INDEX_DIR, "--force-language", "zh"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SearchIndexError(f"Pagefind failed: {exc}") from exc
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()
        raise SearchIndexError(f"Pagefind failed (exit {done.returncode}): {detail[-1] if detail else 'no output'}")
    found = _INDEXED.search(done.stdout)
    return int(found.group(1)) if found else 0
