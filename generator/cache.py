"""The build cache: results of expensive, pure steps, kept between builds in a folder outside the site.

Each entry is a name and a key (a digest of everything the result was computed from: the
engine's code, the rule data, the templates, the inputs). A rebuild whose key matches reuses
the stored result; any other key recomputes and replaces it. Entries are pickles written to a
temporary file and renamed, so a killed build leaves the old entry or the new one, never half
of one; an unreadable entry counts as missing. Deleting the folder is always safe: the next
build is a cold build with the same output.
"""

from __future__ import annotations

import os
import pickle
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Generic, TypeVar

T = TypeVar("T")

_NAME = re.compile(r"\A[A-Za-z0-9][A-Za-z0-9._-]*\Z")


class BuildCache:
    """A folder of (key, value) pickles; `BuildCache(None)` is a cache that never hits (a cold build)."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.hits: list[str] = []
        self.misses: list[str] = []
        self.checked: list[str] = []  # entries reused after checking that they still hold (examples/reuse.py)
        self.warned = False

    @property
    def enabled(self) -> bool:
        return self.root is not None

    def _path(self, name: str) -> Path:
        assert self.root is not None
        if not _NAME.match(name):
            raise ValueError(f"bad cache entry name {name!r}")
        return self.root / f"{name}.pickle"

    def folder(self, name: str) -> Path | None:
        """A sub-folder for a tool that keeps its own files (compiled templates); None when there is no cache or
        it cannot be created."""
        if self.root is None:
            return None
        try:
            (self.root / name).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._unwritable(exc)
            return None
        return self.root / name

    def load(self, name: str, key: str) -> Any | None:
        """The stored value if its key matches, else None."""
        if self.root is None:
            return None
        try:
            with open(self._path(name), "rb") as f:
                stored_key, value = pickle.load(f)
        except Exception:  # noqa: BLE001  (any unreadable entry, e.g. one pickled by older code, is a miss)
            return None
        return value if stored_key == key else None

    def store(self, name: str, key: str, value: object) -> None:
        """Keep a result for the next build. A cache that cannot be written (a full disk, a read-only folder) only
        makes the next build slower, so it is said once on stderr and never fails the build."""
        if self.root is None:
            return
        import tempfile  # here, not at the top: a process that only reads the cache (`score`) never imports it

        path = self._path(name)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", dir=self.root)
        except OSError as exc:
            self._unwritable(exc)
            return
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump((key, value), f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except OSError as exc:
            Path(tmp).unlink(missing_ok=True)
            self._unwritable(exc)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def _unwritable(self, exc: OSError) -> None:
        if not self.warned:
            print(f"warning: the build cache {self.root} cannot be written ({exc.strerror or exc}); "
                  "the next build will not be faster", file=sys.stderr)
            self.warned = True

    def memo(self, name: str, key: str, compute: Callable[[], T]) -> T:
        """The stored result for (name, key), or compute it and store it (before the caller can change it)."""
        found = self.load(name, key)
        if found is not None:
            self.hits.append(name)
            return found  # type: ignore[no-any-return, unused-ignore]
        self.misses.append(name)
        value = compute()
        self.store(name, key, value)
        return value


NO_CACHE = BuildCache(None)


class ContentTable(dict[str, T]):
    """Results kept per content digest (a page's sha1) from build to build: loaded whole, extended by
    this build, stored again with only the digests still current. What the link check and the search
    index learn of a page holds for as long as its bytes do."""

    def __init__(self, cache: BuildCache, name: str, key: str) -> None:
        super().__init__(cache.load(name, key) or {})
        self.cache, self.name, self.key = cache, name, key
        self.loaded = len(self)

    def save(self, current: Iterable[str]) -> None:
        """Store the table if this build added to it, keeping the entries of the digests in `current`."""
        if self.cache.enabled and len(self) != self.loaded:
            keep = set(current)
            self.cache.store(self.name, self.key, {d: v for d, v in self.items() if d in keep})


class Remembered(Generic[T]):
    """A pure function of a text, memoised in the process and, between `load` and `save`, in the build cache.

    For Markdown conversions: the content check inspects every Markdown field of the content and every
    page rendered again converts its fields, a thousand conversions of texts an edit hardly ever touches.
    An edited text adds an entry and leaves its old one behind (a few hundred bytes an edit); the table
    starts again whenever its key (the code) changes.
    """

    def __init__(self, name: str, compute: Callable[[str], T]) -> None:
        self.name, self.compute = name, compute
        self.known: dict[str, T] = {}
        self.stored = 0  # entries of the table as loaded: a table that did not grow is not stored again

    def __call__(self, text: str) -> T:
        found = self.known.get(text)
        if found is None:
            found = self.known[text] = self.compute(text)
        return found

    def load(self, cache: BuildCache, key: str) -> None:
        stored = cache.load(self.name, key)
        if stored:
            self.known.update(stored)
        self.stored = len(stored or ())

    def save(self, cache: BuildCache, key: str) -> None:
        if cache.enabled and len(self.known) != self.stored:
            cache.store(self.name, key, self.known)
            self.stored = len(self.known)
