"""Make a folder hold exactly a given set of files, touching only what differs.

Why: a build stages the new site in a folder and swaps it in (swap.py). Writing every file
of a 100 MB site into an empty folder, and deleting the whole previous site after the swap,
took longer than everything else an incremental build does (seconds of disk time here, where
the file system discards freed blocks as it deletes). The previous site is therefore kept as
the next build's staging folder: after a one-value edit a few hundred of its files differ,
and only those are written.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def sync_tree(root: Path, files: Mapping[str, bytes], *, within: str = "", keep: str | None = None) -> int:
    """Write into `root` the files whose bytes differ, delete the others and the folders left empty; returns how
    many files were written. Paths are relative to `root`; only what lies in the folder `within` is looked at,
    and nothing in the folder `keep` is deleted.

    >>> import tempfile; root = Path(tempfile.mkdtemp())
    >>> sync_tree(root, {"a/x.html": b"1", "b.txt": b"2"}), sync_tree(root, {"a/x.html": b"1", "c": b"3"})
    (2, 1)
    >>> sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))
    ['a', 'a/x.html', 'c']
    """
    base = root / within
    present = {p.relative_to(root).as_posix(): p for p in base.rglob("*") if p.is_file() or p.is_symlink()
               } if base.is_dir() else {}
    kept = f"{keep}/" if keep else None
    for rel, path in present.items():
        if rel not in files and not (kept and rel.startswith(kept)):
            path.unlink()
    written = 0
    for rel in sorted(files):
        data = files[rel]
        target = root / rel
        old = present.get(rel)
        if old is not None and not old.is_symlink() and old.stat().st_size == len(data) and old.read_bytes() == data:
            continue
        if old is not None and (old.is_symlink() or old.is_dir()):
            old.unlink()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written += 1
    for folder in sorted((p for p in base.rglob("*") if p.is_dir() and not p.is_symlink()),
                         key=lambda p: len(p.parts), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return written
