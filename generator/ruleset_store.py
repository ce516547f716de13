"""Rule sets found by name, kept between processes: `score --ruleset riichi` starts without reading TOML.

Why: finding one rule set by name reads the [ruleset] table of every file and then loads and validates
that file (and its base): a sixth of `score --batch`'s start-up, for data that changes only when the
content does. The validated `Ruleset` is kept in the build cache's folder beside the content
(`.mahjong-atlas-cache/`, which may always be deleted), as a pickle keyed by a digest of

- the bytes of every file the load reads (all the rule-set files, which settle what a name resolves
  to, and the bibliography) and the content folder's path (a rule set records where it was written);
- a stamp of the package's code (each module's path, size and modification time): a rule set is only
  what the loader of the code that reads it would make.

Any other key is a miss, and a miss loads as before: content with an error raises its `file:line:
field` errors and stores nothing. Only the project's own content folder is kept; the result is the
same whether it came from the cache or not (tests/test_rules_lookup.py).

Each rule set is its own entry, so a start reads the one it needs however many names earlier processes asked for
(unpickling a rule set is a millisecond or more); one small entry says which rule set each name found.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from .cache import BuildCache
from .rules import CONTENT_DIR, Ruleset
from .rules.sources import bibliography_path

ENTRY = "rulesets-by-name"
"""The cache entry: {name as asked, lowercased: the id of the rule set it found} for one key."""
RULESET_ENTRY = "ruleset-{id}"
"""The cache entry of one rule set, by its id, for the same key."""
_PACKAGE = Path(__file__).resolve().parent


class _QuietCache(BuildCache):
    """The build cache, except that one it cannot write is not worth a word: a `score` that finds it read-only
    only starts as it did before."""

    def _unwritable(self, exc: OSError) -> None:
        pass


def _cache(content: Path) -> BuildCache | None:
    return _QuietCache(content.parent / ".mahjong-atlas-cache") if content == CONTENT_DIR else None


def _key(content: Path) -> str | None:
    """The digest the module's docstring describes; None when a file cannot be read (the load then says why)."""
    h = hashlib.sha256(str(content.resolve()).encode("utf-8") + b"\0")
    try:
        for path in [*sorted((content / "rulesets").glob("*.toml")), bibliography_path(content)]:
            h.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
        for folder, subfolders, files in os.walk(_PACKAGE):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            for name in sorted(f for f in files if f.endswith(".py")):
                st = os.stat(os.path.join(folder, name))
                h.update(f"{os.path.relpath(folder, _PACKAGE)}/{name} {st.st_size} {st.st_mtime_ns}\0".encode())
    except OSError:
        return None
    return h.hexdigest()


def stored(name: str, content: Path) -> tuple[Ruleset | None, str | None]:
    """The rule set kept for `name` (lowercased), if the key still holds; and the key, for `store`."""
    cache = _cache(content)
    key = _key(content) if cache is not None else None
    if cache is None or key is None:
        return None, None
    found = cache.load(ENTRY, key)
    rid = found.get(name) if isinstance(found, dict) else None
    rs = cache.load(RULESET_ENTRY.format(id=rid), key) if isinstance(rid, str) else None
    return (rs if isinstance(rs, Ruleset) and rs.id == rid else None), key


def store(name: str, content: Path, key: str | None, rs: Ruleset) -> None:
    """Keep `rs` as what `name` finds under `key` (with what the entry holds for other names)."""
    cache = _cache(content)
    if cache is None or key is None:
        return
    cache.store(RULESET_ENTRY.format(id=rs.id), key, rs)
    found = cache.load(ENTRY, key)
    kept = dict(found) if isinstance(found, dict) else {}
    kept[name] = rs.id
    cache.store(ENTRY, key, kept)
