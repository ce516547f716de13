"""Make a folder hold exactly a given set of files, touching only what differs.

Why: a build stages the new site in a folder and swaps it in (swap.py). Writing every file
of a 100 MB site into an empty folder, and deleting the whole previous site after the swap,
takes longer than everything else an incremental build does (seconds of disk time here, where
the file system discards freed blocks as it deletes). The previous site is therefore kept as
the next build's staging folder: after a one-value edit a few hundred of its files differ,
and only those are written.

A file is known unchanged without reading it when the folder's `Ledger` (kept in the build
cache) records its size, modification time and digest, and the size and time still match: the
digest then says whether its bytes are the new ones. Anything else is read and compared, so a
missing or stale ledger costs time, never correctness.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Mapping
from pathlib import Path

Ledger = dict[str, tuple[int, int, str]]
"""Path -> (size, modification time in ns, sha1 of the bytes) of the files written into a folder."""


class SiteFiles(dict[str, bytes]):
    """The site's files by path, each one's sha1 worked out once: the link check, the search index, the
    staging sync and the build's manifest all key on it (a pass over 100 MB each).

    >>> files = SiteFiles({"a.html": b"1"}); first = files.sha1("a.html"); files["a.html"] = b"2"
    >>> files.sha1("a.html") != first == sha1_of({"a.html": b"1"}, "a.html")
    True
    """

    def __init__(self, files: Mapping[str, bytes] | None = None) -> None:
        super().__init__(files or {})
        self._sha1: dict[str, tuple[bytes, str]] = {}

    def put(self, rel: str, data: bytes, sha1: str) -> None:
        """A file whose sha1 is known (a page the build cache kept, with its digest): no pass over its bytes."""
        self[rel] = data
        self._sha1[rel] = (data, sha1)

    def sha1(self, rel: str) -> str:
        data = self[rel]
        known = self._sha1.get(rel)
        if known is None or known[0] is not data:  # a file replaced since is digested again
            known = self._sha1[rel] = (data, hashlib.sha1(data).hexdigest())
        return known[1]


def sha1_of(files: Mapping[str, bytes], rel: str) -> str:
    """The sha1 of one file, from `SiteFiles` when the caller has one."""
    return files.sha1(rel) if isinstance(files, SiteFiles) else hashlib.sha1(files[rel]).hexdigest()


def digests(files: Mapping[str, bytes]) -> dict[str, str]:
    """sha1 of each file's bytes: what a ledger and the build's manifest record."""
    return {rel: sha1_of(files, rel) for rel in files}


def _walk(base: Path, root: Path) -> tuple[dict[str, os.stat_result], list[str]]:
    """Files under base (path relative to root -> lstat) and folders under base, deepest first."""
    found: dict[str, os.stat_result] = {}
    folders: list[str] = []
    if not base.is_dir():
        return found, folders
    prefix = len(str(root)) + 1
    for here, dirs, names in os.walk(base):
        folders.extend(os.path.join(here, d) for d in dirs)
        for name in names:
            full = os.path.join(here, name)
            found[full[prefix:].replace(os.sep, "/")] = os.lstat(full)
    folders.sort(key=lambda f: f.count(os.sep), reverse=True)
    return found, folders


def sync_tree(root: Path, files: Mapping[str, bytes], *, within: str = "", keep: str | None = None,
              ledger: Mapping[str, tuple[int, int, str]] | None = None,
              sha: Mapping[str, str] | None = None) -> Ledger:
    """Write into `root` the files whose bytes differ, delete the others and the folders left empty; returns the
    ledger of `files` as they now lie. Paths are relative to `root`; only what lies in the folder `within` is
    looked at, nothing in the folder `keep` is deleted, `ledger` describes the folder as an earlier sync left it
    and `sha` holds the files' digests when the caller has them.

    >>> import tempfile; root = Path(tempfile.mkdtemp())
    >>> first = sync_tree(root, {"a/x.html": b"1", "b.txt": b"2"})
    >>> second = sync_tree(root, {"a/x.html": b"1", "c": b"3"}, ledger=first)
    >>> sorted(p.relative_to(root).as_posix() for p in root.rglob("*")), second["a/x.html"] == first["a/x.html"]
    (['a', 'a/x.html', 'c'], True)
    """
    sha = sha if sha is not None else digests(files)
    ledger = ledger or {}
    present, folders = _walk(root / within, root)
    kept = f"{keep}/" if keep else None
    for rel in present:
        if rel not in files and not (kept and rel.startswith(kept)):
            (root / rel).unlink()
    out: Ledger = {}
    for rel in sorted(files):
        data, digest = files[rel], sha[rel]
        target = root / rel
        st = present.get(rel)
        if st is not None and _same(st, ledger.get(rel), digest, target, data):
            out[rel] = (st.st_size, st.st_mtime_ns, digest)
            continue
        if st is not None and not stat.S_ISREG(st.st_mode):
            target.unlink()
        target.parent.mkdir(parents=True, exist_ok=True)
        fresh = target.with_name(f".{target.name}.{os.getpid()}.new")
        fresh.write_bytes(data)
        os.replace(fresh, target)  # never written in place: the old file may be a hard link to the live site's
        now = target.stat()
        out[rel] = (now.st_size, now.st_mtime_ns, digest)
    for folder in folders:
        try:
            os.rmdir(folder)  # only an empty folder goes
        except OSError:
            pass
    return out


def _same(st: os.stat_result, known: tuple[int, int, str] | None, digest: str, path: Path, data: bytes) -> bool:
    """Whether the regular file at `path` (lstat `st`) already holds `data` (digest `digest`)."""
    if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
        return False
    if known is not None and known[0] == st.st_size and known[1] == st.st_mtime_ns:
        return known[2] == digest
    return path.read_bytes() == data
