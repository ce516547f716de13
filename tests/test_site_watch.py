"""`mahjong-atlas serve --watch` as a maintainer uses it: a real process serving a toy site, an edit that reaches the
open page, a broken edit whose `file:line: field: message` shows in the terminal and in the open page while the
last good site is still served, and Ctrl-C leaving no process and no folder behind."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser_support import ARGS, CHROMIUM
from test_robustness_build import toy_content

ROOT = Path(__file__).resolve().parent.parent
PAGE = "/rulesets/toy/flush/"


class Preview:
    """The `serve --watch` process, with everything it has printed so far."""

    def __init__(self, tmp_path: Path) -> None:
        self.content = toy_content(tmp_path)
        self.out = tmp_path / "site"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "generator", "serve", "--watch", "--port", "0", "--dir", str(self.out),
             "--content", str(self.content)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        served = self.wait(lambda: any("Serving" in line for line in self.lines), 300, "the first build")
        assert served
        self.url = re.search(r"at (http://[\d.:]+)/", next(ln for ln in self.lines if "Serving" in ln)).group(1)  # type: ignore[union-attr]

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait(self, ready: Callable[[], object], timeout: float, what: str) -> object:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = ready()
            if got:
                return got
            assert self.proc.poll() is None, "serve --watch ended early:\n" + "\n".join(self.lines)
            time.sleep(0.2)
        raise AssertionError(f"no {what} within {timeout} s:\n" + "\n".join(self.lines))

    def get(self, path: str) -> str:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return r.read().decode("utf-8")

    def status(self) -> dict[str, object]:
        return json.loads(self.get("/__atlas/status"))

    def edit(self, old: str, new: str) -> int:
        toy = self.content / "rulesets" / "toy.toml"
        text = toy.read_text(encoding="utf-8")
        assert old in text
        toy.write_text(text.replace(old, new, 1), encoding="utf-8")
        return text[: text.index(old)].count("\n") + 1


@pytest.fixture
def preview(tmp_path: Path) -> Iterator[Preview]:
    p = Preview(tmp_path)
    yield p
    if p.proc.poll() is None:
        p.proc.kill()
        p.proc.wait()


def _processes_naming(path: Path) -> list[int]:
    """Processes whose command line names `path` (the preview and any build it started)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if str(path).encode() in cmdline:
            found.append(int(pid))
    return found


def test_an_edit_reaches_the_page_and_a_broken_edit_shows_its_error(preview: Preview, tmp_path: Path) -> None:
    page = preview.get(PAGE)
    assert "One suit, no honours." in page and "/__atlas/status" in page
    built = (preview.out / "rulesets" / "toy" / "flush" / "index.html").read_text(encoding="utf-8")
    assert "__atlas" not in built, "the reload script is the server's, never the built site's"

    preview.edit("One suit, no honours.", "A single suit and not one honour tile.")
    preview.wait(lambda: "A single suit and not one honour tile." in preview.get(PAGE), 180, "rebuilt page")
    # the new site is swapped in just before the build process ends and the preview counts it
    preview.wait(lambda: preview.status() == {"build": 2, "errors": []}, 30, "the second build counted")

    line = preview.edit("value = 10", 'value = "ten"')
    expected = f"content/rulesets/toy.toml:{line}: pattern 'flush' value: expected an integer, found 'ten'"
    preview.wait(lambda: expected in preview.lines, 180, "the error line on the terminal")
    assert preview.status() == {"build": 2, "errors": [expected]}
    assert "A single suit and not one honour tile." in preview.get(PAGE), "the last good site is still served"

    if CHROMIUM.exists():  # the open page shows the message (the strict CI run has Chromium)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            tab = browser.new_page()
            tab.goto(preview.url + PAGE)
            tab.wait_for_selector("#atlas-preview-error", timeout=10_000)
            assert expected in tab.inner_text("#atlas-preview-error")
            preview.edit('value = "ten"', "value = 10")  # mended: the page reloads itself and the message goes
            tab.wait_for_function("() => !document.getElementById('atlas-preview-error')", timeout=180_000)
            assert "A single suit and not one honour tile." in tab.content()
            browser.close()

    preview.proc.send_signal(signal.SIGINT)
    assert preview.proc.wait(timeout=30) == 0
    assert _processes_naming(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [".mahjong-atlas-cache", ".site.next", "content", "site"]


def test_ctrl_c_during_a_build_stops_it_and_keeps_the_site(preview: Preview, tmp_path: Path) -> None:
    preview.edit("One suit, no honours.", "Edited while stopping.")
    preview.wait(lambda: "change seen: rebuilding" in preview.lines, 30, "the rebuild to start")
    preview.proc.send_signal(signal.SIGINT)
    assert preview.proc.wait(timeout=30) == 0
    assert _processes_naming(tmp_path) == []
    flush = (preview.out / "rulesets" / "toy" / "flush" / "index.html").read_text(encoding="utf-8")
    assert "One suit, no honours." in flush or "Edited while stopping." in flush  # the old site or the new, whole
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".site.") and p.name != ".site.next"]
