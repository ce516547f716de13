"""Serve the built site on 127.0.0.1 (search needs HTTP: Pagefind cannot load its index from file://).

Only the loopback interface is bound: this is a preview server, not a web server. Missing
paths get the site's own 404 page. The browser tests start the same server on a free port.
"""

from __future__ import annotations

import functools
import re
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HOST = "127.0.0.1"
IMMUTABLE = re.compile(r"/(pyodide/[0-9.]+-[0-9a-f]{10}/|calculator/(engine-[0-9a-f]{12}\.zip|snapshot-[0-9a-f]{12}\.bin)$)")


class Handler(SimpleHTTPRequestHandler):
    quiet = False
    prefix = "/"  # the base path the site was built for (`build --base-url`): only addresses under it are the site's
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,  # noqa: RUF012 (the base class's attribute)
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".svg": "image/svg+xml", ".json": "application/json", ".wasm": "application/wasm"}

    def end_headers(self) -> None:
        if IMMUTABLE.search(self.path):  # content-hashed names (the calculator's runtime and engine): cache for good
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / ".not-under-the-base-url")  # answered by the 404 page
        return super().translate_path("/" + path[len(self.prefix):])

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: str | Path, port: int = 0, *, quiet: bool = False, handler: type[Handler] = Handler,
                prefix: str = "/") -> ThreadingHTTPServer:
    """A server for `directory` on 127.0.0.1:`port` (0 = any free port; read it from server.server_address),
    answering under `prefix` only, as a host serving the site at a sub-path does."""
    handler = type("QuietHandler" if quiet else handler.__name__, (handler,), {"quiet": quiet, "prefix": prefix})
    return ThreadingHTTPServer((HOST, port), functools.partial(handler, directory=str(directory)))


def start_in_thread(directory: str | Path, port: int = 0, prefix: str = "/") -> tuple[ThreadingHTTPServer, str]:
    """Start a quiet server in a daemon thread; returns it and its address (call .shutdown() to stop)."""
    server = make_server(directory, port, quiet=True, prefix=prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST}:{server.server_address[1]}"


def serve(port: int = 8000, directory: str = "site", prefix: str = "/") -> int:
    root = Path(directory)
    if not (root / "index.html").is_file():
        print(f"error: no built site in {root}/ (run: mahjong-atlas build)", file=sys.stderr)
        return 1
    try:
        server = make_server(root, port, prefix=prefix)
    except OSError as exc:
        print(f"error: cannot listen on {HOST}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"Serving {root}/ at http://{HOST}:{server.server_address[1]}{prefix} (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
