"""The calculator's memory snapshot: Pyodide with the engine imported and the rule sets loaded, made by the build
under Node (calculator_snapshot.mjs) so that a reader's first visit restores it instead of booting Python.

Booting Python, importing the engine and loading eight rule sets is most of a cold start; restoring a snapshot of
the finished interpreter is a copy into memory. The snapshot is reproducible: the script fixes everything the
interpreter reads from outside while it starts (clock, timers, random bytes, hash seed, program name), so the same
runtime and bundle give the same bytes on every build (tests/test_calculator_start.py).

Making one takes a few seconds, so the result is kept in `.cache/calculator-snapshots/` (safe to delete) under a
digest of everything it was made from: the runtime's files, the bundle, the script and Node's version. Without
Node the build prints one warning line and the page starts Python in full (calculator-worker.js).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SCRIPT = Path(__file__).with_name("calculator_snapshot.mjs")
CACHE = Path(__file__).resolve().parent.parent.parent / ".cache" / "calculator-snapshots"
TIMEOUT = 300  # seconds; a start takes about 4 s here

_MADE: dict[str, bytes | None] = {}  # per process: a build asks twice
_warned: set[str] = set()


def node() -> str | None:
    """Node's executable: $ATLAS_NODE (empty: none, a build without a snapshot), else `node` on PATH."""
    chosen = os.environ.get("ATLAS_NODE")
    if chosen is not None:
        return chosen or None
    return shutil.which("node")


def _warn(reason: str) -> None:
    if reason not in _warned:
        _warned.add(reason)
        print(f"warning: no memory snapshot for the calculator ({reason}): its page starts Python in full, "
              f"about 3 s slower", file=sys.stderr)


def _node_version(exe: str) -> str | None:
    try:
        run = subprocess.run([exe, "--version"], check=False, capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    return run.stdout.strip() if run.returncode == 0 else None


def snapshot(runtime: Path, runtime_digest: str, bundle: bytes) -> bytes | None:
    """The snapshot for this runtime folder (named by `runtime_digest`, its files' digest) and engine bundle; None
    (with one warning line) when Node is missing or fails."""
    exe = node()
    if exe is None:
        _warn("Node.js not found; install it or set ATLAS_NODE")
        return None
    version = _node_version(exe)
    if version is None:
        _warn(f"{exe} --version failed")
        return None
    h = hashlib.sha256()
    for part in (runtime_digest.encode(), hashlib.sha256(bundle).digest(), SCRIPT.read_bytes(), version.encode()):
        h.update(hashlib.sha256(part).digest())
    key = h.hexdigest()
    if key in _MADE:
        return _MADE[key]
    stored = CACHE / f"{key}.bin"
    check = stored.with_suffix(".sha256")  # written last: a snapshot without it may be cut short
    if stored.is_file() and check.is_file():
        data = stored.read_bytes()
        if hashlib.sha256(data).hexdigest() == check.read_text(encoding="ascii").strip():
            _MADE[key] = data
            return data
    _MADE[key] = data = _make(exe, runtime, bundle)
    if data is not None:
        _keep(stored, data)
    return data


def _make(exe: str, runtime: Path, bundle: bytes) -> bytes | None:
    with tempfile.TemporaryDirectory(prefix="atlas-snapshot-") as tmp:
        zipped, out = Path(tmp) / "engine.zip", Path(tmp) / "snapshot.bin"
        zipped.write_bytes(bundle)
        try:
            run = subprocess.run([exe, str(SCRIPT), str(runtime), str(zipped), str(out)], check=False, capture_output=True,
                                 text=True, timeout=TIMEOUT, cwd=tmp)
        except (OSError, subprocess.TimeoutExpired) as exc:
            _warn(f"Node failed: {exc}")
            return None
        if run.returncode != 0 or not out.is_file():
            last = (run.stderr.strip().splitlines() or ["no message"])[-1]
            _warn(f"Node failed: {last}")
            return None
        return out.read_bytes()


def _keep(stored: Path, data: bytes) -> None:
    """Keep a snapshot for later builds; a cache that cannot be written only makes them slower."""
    try:
        stored.parent.mkdir(parents=True, exist_ok=True)
        tmp = stored.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.replace(stored)
        stored.with_suffix(".sha256").write_text(hashlib.sha256(data).hexdigest() + "\n", encoding="ascii")
    except OSError:
        pass
