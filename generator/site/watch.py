"""`mahjong-atlas serve --watch`: a live preview, as `mkdocs serve` gives one.

The site is served from its output folder while `content/` and `templates/` are watched. An edit starts a build in a
child process — the ordinary incremental build, so it reuses the build cache, swaps the new site in atomically and
leaves the previous site untouched when it fails. Open pages ask the server (`/__atlas/status`) whether a newer
build or an error is there: they reload on a new build and show a failed build's `file:line: field: message` lines
over the last good page, which is still what the server serves.

The pages the server sends get the one `<script>` that asks; the built files do not, so a preview never changes
what `build` writes. Polling the files' modification times (twice a second) needs no extra package and sees every
editor's way of saving. Ctrl-C stops the watcher, ends a build in progress (a killed build leaves the old site, as
every build does) and closes the server: nothing of the preview outlives it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path

from .base_url import BaseUrl
from .render import TEMPLATES_DIR
from .serve import HOST, Handler, make_server

STATUS = "/__atlas/status"
POLL_SECONDS = 0.5
SETTLE_SECONDS = 0.2  # an editor's save can touch a file twice: wait until the tree holds still

RELOAD_SCRIPT = b"""<script>
(function () {
  var seen = null;
  function show(lines) {
    var box = document.getElementById("atlas-preview-error");
    if (!lines.length) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement("pre");
      box.id = "atlas-preview-error";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:auto 0 0 0;margin:0;padding:1em;max-height:50vh;overflow:auto;" +
        "background:#7f1d1d;color:#fff;font:14px/1.4 monospace;white-space:pre-wrap;z-index:99999";
      document.body.appendChild(box);
    }
    box.textContent = "The last edit does not build; this page is the last good build.\\n\\n" + lines.join("\\n");
  }
  function ask() {
    fetch("/__atlas/status", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (s) {
      if (seen !== null && s.build !== seen) { location.reload(); return; }
      seen = s.build;
      show(s.errors);
    }).catch(function () {}).finally(function () { setTimeout(ask, 700); });
  }
  ask();
})();
</script>
"""


@dataclass
class BuildState:
    """What the open pages ask about: how many builds have succeeded, and the last failed build's messages."""

    build: int = 0
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def as_json(self) -> bytes:
        with self.lock:
            return json.dumps({"build": self.build, "errors": self.errors}).encode("utf-8")


def snapshot(folders: Iterable[Path]) -> dict[str, tuple[int, int]]:
    """Every file under `folders` with its modification time and size: two snapshots differ when a file changed."""
    out: dict[str, tuple[int, int]] = {}
    for folder in folders:
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in filenames:
                if name.startswith(".") or name.endswith(("~", ".swp")):
                    continue
                path = os.path.join(dirpath, name)
                try:
                    st = os.stat(path)
                except FileNotFoundError:  # deleted between the listing and the look
                    continue
                out[path] = (st.st_mtime_ns, st.st_size)
    return out


def problem_lines(stderr: str) -> list[str]:
    """The lines a failed build printed for the reader: `file:line: field: message`, without the 'build failed' lead."""
    lines = [line.removeprefix("build failed: ").rstrip() for line in stderr.splitlines()]
    return [line for line in lines if line and not line.startswith(("Traceback", "  "))] or ["the build failed"]


class Watcher:
    """Rebuilds `out` from `content` whenever a file under the watched folders changes."""

    def __init__(self, out: Path, content: Path, state: BuildState, folders: tuple[Path, ...],
                 base: BaseUrl = BaseUrl()) -> None:
        self.out, self.content, self.state, self.folders, self.base = out, content, state, folders, base
        self.stopping = threading.Event()
        self.child: subprocess.Popen[str] | None = None
        self.lock = threading.Lock()

    def build(self) -> bool:
        """One build in a child process (a clean interpreter each time: nothing of the last build lingers)."""
        cmd = [sys.executable, "-m", "generator", "build", "--out", str(self.out), "--content", str(self.content),
               "--base-url", self.base.origin + self.base.path]
        started = time.monotonic()
        with self.lock:
            if self.stopping.is_set():
                return False
            self.child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                          start_new_session=True)
        _, err = self.child.communicate()
        code = self.child.returncode
        with self.lock:
            self.child = None
        if self.stopping.is_set():
            return False
        with self.state.lock:
            if code == 0:
                self.state.build += 1
                self.state.errors = []
            else:
                self.state.errors = problem_lines(err)
        if code == 0:
            print(f"rebuilt in {time.monotonic() - started:.1f} s", flush=True)
        else:
            for line in self.state.errors:
                print(line, flush=True)
            print("build failed: still serving the last good site", flush=True)
        return code == 0

    def run(self) -> None:
        seen = snapshot(self.folders)
        while not self.stopping.wait(POLL_SECONDS):
            now = snapshot(self.folders)
            if now == seen:
                continue
            while not self.stopping.wait(SETTLE_SECONDS):  # let a burst of saves finish
                later = snapshot(self.folders)
                if later == now:
                    break
                now = later
            seen = now
            print("change seen: rebuilding", flush=True)
            self.build()

    def stop(self) -> None:
        self.stopping.set()
        with self.lock:
            child = self.child
        if child is not None and child.poll() is None:
            os.killpg(child.pid, signal.SIGTERM)  # the build and anything it started (the search indexer)
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()


def preview_server(directory: Path, port: int, state: BuildState, prefix: str = "/") -> ThreadingHTTPServer:
    """The preview server: the site's files, each HTML page with the reload script, and the status answer."""

    class PreviewHandler(Handler):
        def do_GET(self) -> None:  # noqa: N802 (the base class's name)
            if self.path.split("?")[0] == STATUS:
                self._send(200, "application/json", state.as_json())
                return
            page = self._html_file()
            if page is None:
                super().do_GET()
                return
            body = page.read_bytes()
            at = body.rfind(b"</body>")
            self._send(200, "text/html; charset=utf-8", body[:at] + RELOAD_SCRIPT + body[at:] if at >= 0 else body)

        def _html_file(self) -> Path | None:
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                path = path / "index.html"
            return path if path.suffix == ".html" and path.is_file() else None

        def _send(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

    return make_server(directory, port, handler=PreviewHandler, prefix=prefix)


def serve_watch(port: int, directory: str, content: Path, base: BaseUrl = BaseUrl()) -> int:
    """Build (incrementally), then serve the site and rebuild it on every change until Ctrl-C."""
    out = Path(directory)
    state = BuildState()
    watcher = Watcher(out, content, state, (content, TEMPLATES_DIR), base)
    print(f"building {out}/ from {content}/", flush=True)
    if not watcher.build() and not (out / "index.html").is_file():
        print("error: the first build failed and there is no earlier site to serve", file=sys.stderr)
        return 1
    try:
        server = preview_server(out, port, state, base.path)
    except OSError as exc:
        print(f"error: cannot listen on {HOST}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    thread = threading.Thread(target=watcher.run, daemon=True)
    thread.start()
    print(f"Serving {out}/ at http://{HOST}:{server.server_address[1]}{base.path}, watching {content}/ and templates/ "
          "(Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        watcher.stop()
        thread.join(timeout=5)
        server.server_close()
    print("stopped", flush=True)
    return 0
