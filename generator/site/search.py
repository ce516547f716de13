"""The search index: Pagefind over the rendered pages, one index for the whole bilingual site.

Pagefind's extended binary segments Chinese (清一色, 花色 become words) and, with
`force_language="zh"`, keeps a single index that also holds the English words, so a search
finds Chinese names, English names, notation and prose from any page. The plain binary
cannot segment Chinese, so the build refuses to index with it rather than ship a search
that silently misses words. Only the elements marked `data-pagefind-body` are indexed
(headers, footers, the search page and the printable cards are left out).
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import os
from pathlib import Path

INDEX_DIR = "pagefind"


class SearchIndexError(RuntimeError):
    """The index could not be built (missing binary, Pagefind error)."""


def _require_extended() -> None:
    if os.environ.get("PAGEFIND_BINARY_PATH"):
        return
    if importlib.util.find_spec("pagefind_bin_extended") is None:
        raise SearchIndexError("Chinese search needs Pagefind's extended binary: pip install 'pagefind[extended]'")


async def _index(site_dir: Path) -> int:
    from pagefind.index import IndexConfig, PagefindIndex

    config = IndexConfig(output_path=str(site_dir / INDEX_DIR), force_language="zh")
    async with PagefindIndex(config=config) as index:
        result = await index.add_directory(str(site_dir))
    return int(result.get("page_count", 0)) if isinstance(result, dict) else 0


def index_site(site_dir: Path) -> int:
    """Write the search index into site_dir/pagefind; returns the number of pages indexed."""
    _require_extended()
    if importlib.util.find_spec("pagefind") is None:
        raise SearchIndexError("search indexing needs Pagefind: pip install 'pagefind[extended]'")
    logging.getLogger("pagefind").setLevel(logging.WARNING)
    try:
        return asyncio.run(_index(site_dir))
    except SearchIndexError:
        raise
    except Exception as exc:
        raise SearchIndexError(f"Pagefind failed: {exc}") from exc
