"""Put a freshly written site in place in one step, and clean up after builds that were killed.

A build writes the new site into a temporary sibling folder and then swaps it in. Done with
two renames (site -> old, new -> site), a build killed between them leaves no site/ at all.
Linux's renameat2(RENAME_EXCHANGE) swaps the two names in one atomic step, so site/ always
names a whole site, old or new. Where that call is missing (other systems, old kernels, some
file systems) the two renames remain, and `clear_debris` puts the old site back at the start
of the next build. A build killed with `kill -9` cannot tidy up after itself, so its
half-written temporary folder is removed by the next build too — but only once the process
that made it is gone, since two builds may run side by side.

The previous site is not deleted after the swap: it is kept beside the output as the next
build's staging folder (`.site.next`), which that build takes over, brings up to date file by
file (sync.py) and swaps in. Deleting and rewriting a whole site costs more disk time than the
rest of an incremental build; this way an edit writes the files it changed. With no kept site (the first
rebuild), the staging folder starts as hard links to the live site's files (`linked_copy`).
"""

from __future__ import annotations

import ctypes
import errno
import os
import re
import secrets
import shutil
from pathlib import Path

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_UNSUPPORTED = {errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.EPERM}


def _renameat2() -> object | None:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return getattr(libc, "renameat2", None)
    except OSError:
        return None


_RENAMEAT2 = _renameat2()


def exchange(a: Path, b: Path) -> bool:
    """Swap the names of two existing folders atomically; False (nothing changed) where the system cannot."""
    if _RENAMEAT2 is None:
        return False
    rc = _RENAMEAT2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)  # type: ignore[operator]
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in _UNSUPPORTED:
        return False
    raise OSError(err, os.strerror(err), str(a), None, str(b))


def temp_prefix(out: Path) -> str:
    """Name prefix of a build's temporary folder beside `out`; it carries the builder's process id."""
    return f".{out.name}.build-{os.getpid()}-"


def old_name(out: Path) -> Path:
    """Where the two-rename fallback parks the previous site for a moment."""
    return out.parent / f".{out.name}.old-{os.getpid()}"


def staging_name(out: Path) -> Path:
    """Where the previous site waits to become the next build's staging folder."""
    return out.parent / f".{out.name}.next"


def claim_staging(out: Path) -> Path | None:
    """Take over the kept previous site under this build's temporary name (so a kill leaves ordinary debris);
    None when there is none."""
    staging = staging_name(out)
    if not staging.is_dir() or staging.is_symlink():
        return None
    mine = out.parent / f"{temp_prefix(out)}{secrets.token_hex(4)}"
    os.rename(staging, mine)
    return mine


def linked_copy(out: Path) -> Path | None:
    """A new temporary folder holding hard links to every file of the live site: a staging folder made in a
    fraction of the time writing the site takes. Files in a staging folder are only ever replaced by a rename
    (sync.py), never written in place, so the two stay independent. None where the links cannot be made."""
    mine = out.parent / f"{temp_prefix(out)}{secrets.token_hex(4)}"
    try:
        os.mkdir(mine)
        for here, dirs, names in os.walk(out):
            base = mine / os.path.relpath(here, out)
            for d in dirs:
                os.mkdir(base / d)
            for name in names:
                os.link(os.path.join(here, name), base / name, follow_symlinks=False)
    except OSError:
        shutil.rmtree(mine, ignore_errors=True)
        return None
    return mine


def keep_as_staging(folder: Path, out: Path) -> None:
    """Keep a whole site that is no longer live for the next build to start from."""
    staging = staging_name(out)
    if staging.exists():  # two builds side by side: the older copy goes
        shutil.rmtree(staging, ignore_errors=True)
    try:
        os.rename(folder, staging)
    except OSError:
        shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clear_debris(out: Path) -> list[Path]:
    """Undo what killed builds left beside `out`: restore a parked previous site if `out` is missing, and remove
    temporary folders of builds that no longer run. Returns what was removed or restored."""
    if not out.parent.is_dir():
        return []
    pattern = re.compile(rf"^\.{re.escape(out.name)}\.(build|old)-(\d+)(-.*)?$")
    touched: list[Path] = []
    for path in sorted(out.parent.iterdir()):
        m = pattern.match(path.name)
        if not m or not path.is_dir() or _alive(int(m.group(2))):
            continue
        if m.group(1) == "old" and not out.exists():
            os.rename(path, out)
        else:
            shutil.rmtree(path, ignore_errors=True)
        touched.append(path)
    return touched


def swap_in(new: Path, out: Path) -> None:
    """Make `new` (a complete folder) the one named `out`; the previous `out` is kept as the staging folder."""
    if not out.exists():
        os.rename(new, out)
        return
    if exchange(new, out):  # `new` now names the previous site
        keep_as_staging(new, out)
        return
    old = old_name(out)
    os.rename(out, old)
    try:
        os.rename(new, out)
    except BaseException:
        os.rename(old, out)
        raise
    keep_as_staging(old, out)
