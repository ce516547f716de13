"""A build that is killed or fails leaves the previous site as it was; Markdown never smuggles script into a page.

The kills are real: a `mahjong-atlas build` subprocess gets SIGKILL, once at a point made
certain by a pause inserted into the write step (half the pages written), once between the
two renames of the fallback swap, and once (slow) on the whole real content, the moment its
temporary folder appears. The quick builds use a toy rule set (tests/fixtures/toy/).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from site_files import tree, write_tree

from generator.cli import main
from generator.rules import CONTENT_DIR
from generator.site import content_check, swap
from generator.site.build import MARKER, build, write_site
from generator.site.links import scan

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).resolve().parent / "fixtures" / "toy" / "content"
PREVIOUS = {"index.html": b"<!DOCTYPE html><title>the previous site</title>", MARKER: b"built earlier\n",
            "rulesets/toy/index.html": b"<!DOCTYPE html><title>toy</title>"}


def toy_content(tmp_path: Path, definition: str | None = None) -> Path:
    """The toy rule set, plus the how-to-read page every page links to."""
    content = tmp_path / "content"
    shutil.copytree(TOY, content)
    (content / "pages").mkdir()
    shutil.copy(CONTENT_DIR / "pages" / "how-to-read.md", content / "pages")
    if definition is not None:
        toy = content / "rulesets" / "toy.toml"
        toy.write_text(toy.read_text(encoding="utf-8").replace("One suit, no honours.", definition), encoding="utf-8")
    return content


def previous_site(tmp_path: Path) -> Path:
    return write_tree(tmp_path / "site", PREVIOUS)


def leftovers(tmp_path: Path) -> list[str]:
    """Debris beside the site: what a build leaves that is neither the site nor its staging folder."""
    return sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".site.") and p.name != ".site.next")


def start_build(out: Path, content: Path, hook: str = "") -> subprocess.Popen[str]:
    """`mahjong-atlas build` in a subprocess; `hook` is Python run first (to pause at a chosen step)."""
    code = textwrap.dedent(hook) + textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from generator.site.build import build
        sys.exit(build({str(out)!r}, content=Path({str(content)!r}), index=False))
    """)
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def wait_for(proc: subprocess.Popen[str], word: str, timeout: float = 300) -> None:
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if word in line:
            return
        if not line and proc.poll() is not None:
            raise AssertionError(f"the build ended (status {proc.returncode}) before {word}: {proc.stderr.read()}")
    raise AssertionError(f"no {word} within {timeout} s")


def kill(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL


def kill_build_at(out: Path, content: Path, hook: str, word: str) -> int:
    """Start a build that pauses where `hook` makes it print `word`, then kill -9 it there; returns its pid."""
    proc = start_build(out, content, hook)
    try:
        wait_for(proc, word)
    finally:
        kill(proc)
    return proc.pid


PAUSE_MID_WRITE = """
    import time
    import generator.site.build as b
    real = b._write_tree
    def half_then_pause(root, files, *rest):
        first = dict(sorted(files.items())[: len(files) // 2])
        real(root, first, *rest)
        print("HALF-WRITTEN", flush=True)
        time.sleep(600)
    b._write_tree = half_then_pause
"""


def test_a_build_killed_while_writing_leaves_the_previous_site(tmp_path: Path) -> None:
    out = previous_site(tmp_path)
    before = tree(out)
    pid = kill_build_at(out, toy_content(tmp_path), PAUSE_MID_WRITE, "HALF-WRITTEN")
    assert tree(out) == before
    debris = leftovers(tmp_path)
    assert len(debris) == 1 and debris[0].startswith(f".site.build-{pid}-"), debris
    assert any((tmp_path / debris[0]).rglob("*.html")), "the kill did not land mid-write"

    # the next build clears what the killed one left and replaces the site
    assert build(str(out), content=toy_content(tmp_path / "again"), index=False) == 0
    assert leftovers(tmp_path) == [] and (out / "rulesets" / "toy" / "flush" / "index.html").is_file()


PAUSE_BETWEEN_RENAMES = """
    import os, time
    import generator.site.swap as swap
    swap.exchange = lambda a, b: False   # a system without renameat2: the swap takes two renames
    real = os.rename
    def rename_then_pause(src, dst):
        real(src, dst)
        if ".old-" in str(dst):
            print("OLD-PARKED", flush=True)
            time.sleep(600)
    swap.os.rename = rename_then_pause
"""


def test_a_build_killed_between_the_two_renames_is_recovered(tmp_path: Path) -> None:
    """Without an atomic exchange there is an instant with no site/; a kill there is undone by the next build."""
    out = previous_site(tmp_path)
    before = tree(out)
    pid = kill_build_at(out, toy_content(tmp_path), PAUSE_BETWEEN_RENAMES, "OLD-PARKED")
    assert not out.exists()
    debris = leftovers(tmp_path)  # the new site, complete, and the previous one, parked
    assert len(debris) == 2 and debris[0].startswith(f".site.build-{pid}-"), debris
    assert debris[1] == f".site.old-{pid}" and tree(tmp_path / debris[1]) == before

    assert swap.clear_debris(out)  # what every build does first
    assert tree(out) == before and leftovers(tmp_path) == []


def test_the_swap_is_atomic_where_the_system_allows(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "x").write_text("a")
    if not swap.exchange(a, b):
        pytest.skip("no renameat2(RENAME_EXCHANGE) here: the two-rename fallback is tested above")
    assert (b / "x").read_text() == "a" and not (a / "x").exists()
    out = previous_site(tmp_path)
    before = tree(out)
    assert write_site(out, {"index.html": b"new", MARKER: b"x"}, index=False) == 0
    assert tree(out) == {"index.html": b"new", MARKER: b"x"} and leftovers(tmp_path) == []
    assert tree(tmp_path / ".site.next") == before  # the previous site, kept for the next build to start from


def test_the_next_build_brings_the_kept_site_up_to_date_and_swaps_it_in(tmp_path: Path) -> None:
    """Files that differ are written, files no longer in the site go, and the result is the site and nothing else."""
    out = tmp_path / "site"
    first = {"index.html": b"one", "a/index.html": b"a", "gone/index.html": b"g", MARKER: b"x"}
    second = {"index.html": b"two", "a/index.html": b"a", "b/index.html": b"b", MARKER: b"x"}
    third = {"index.html": b"three", "a/index.html": b"a2", MARKER: b"x"}
    before: dict[str, bytes] | None = None
    for files in (first, second, third):
        assert write_site(out, dict(files), index=False) == 0
        assert tree(out) == files and leftovers(tmp_path) == []
        if before is not None:  # the second build starts from hard links to the first: the first stays whole
            assert tree(tmp_path / ".site.next") == before
        before = files
    assert not (out / "gone").exists() and not (out / "b").exists()  # folders left empty go too


def test_debris_of_a_running_build_is_left_alone(tmp_path: Path) -> None:
    out = previous_site(tmp_path)
    mine = tmp_path / f".site.build-{os.getpid()}-abc"
    mine.mkdir()
    dead = tmp_path / ".site.build-999999999-abc"  # beyond any pid_max: a process that no longer runs
    dead.mkdir()
    assert swap.clear_debris(out) == [dead]
    assert mine.is_dir() and not dead.exists()


@pytest.mark.slow
def test_the_real_build_killed_mid_way_leaves_the_previous_site(tmp_path: Path) -> None:
    """No pause inserted: the whole real content, killed the moment its temporary folder holds pages."""
    out = previous_site(tmp_path)
    before = tree(out)
    proc = subprocess.Popen([sys.executable, "-m", "generator", "build", "--out", str(out)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 1800
        while time.monotonic() < deadline and proc.poll() is None:
            temps = [p for p in tmp_path.glob(".site.build-*") if any(p.glob("*/index.html"))]
            if temps:
                break
            time.sleep(0.002)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL, f"the build ended by itself first: {proc.stderr.read()!r}"
    assert tree(out) == before
    assert leftovers(tmp_path), "the kill came before anything was written"


# ----------------------------------------------------------------------------- Markdown safety


HOSTILE = ("One suit, no honours.\n<script>alert('atlas')</script>\n\n"
           "[Click](javascript:alert(document.domain)) ![tile](data:image/svg+xml;base64,PHN2Zz4=) "
           "[ok](/rulesets/toy/no-honours/)")


def test_a_script_in_a_definition_fails_the_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = previous_site(tmp_path)
    before = tree(out)
    assert build(str(out), content=toy_content(tmp_path, HOSTILE), index=False) == 1
    err = capsys.readouterr().err
    assert "content/rulesets/toy.toml:" in err and "pattern 'flush' definition: raw HTML '<script>" in err
    assert "link target 'javascript:alert(document.domain)' is not allowed" in err
    assert "link target 'data:image/svg+xml;base64,PHN2Zz4=' is not allowed" in err
    assert tree(out) == before


def test_a_script_in_a_definition_never_reaches_a_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even with the content check switched off, the renderer prints the tag as text and drops unsafe targets."""
    monkeypatch.setattr(content_check, "before_search", lambda *args: None)
    out = tmp_path / "site"
    assert build(str(out), content=toy_content(tmp_path, HOSTILE), index=False) == 0
    pages = {rel: data.decode("utf-8") for rel, data in tree(out).items() if rel.endswith(".html")}
    page = pages["rulesets/toy/flush/index.html"]
    assert "&lt;script&gt;alert(&lsquo;atlas&rsquo;)&lt;/script&gt;" in page  # shown as text
    assert "<a>Click</a>" in page and '<span>tile</span>' in page and 'href="/rulesets/toy/no-honours/"' in page
    for rel, html in pages.items():
        assert "<script>alert" not in html, rel
        for target in scan(html)[1]:
            assert not target.lower().startswith(("javascript:", "data:")), (rel, target)


# ----------------------------------------------------------------------------- mahjong-atlas check


def test_check_passes_clean_content_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--content", str(toy_content(tmp_path))]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "check: content and site OK (" in captured.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content"]


def test_check_refuses_a_folder_that_is_not_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--content", str(tmp_path / "nowhere")]) == 2
    assert "no content folder at" in capsys.readouterr().err
