"""Broken content fails the build with file, line, field and what was expected, and writes nothing.

Each folder under tests/fixtures/broken/ is one mistake a maintainer could make: `content/` holds
the files to lay over a copy of the real content (a new file, or one that replaces a real one),
and `expect.toml` the `file`, `line` (absent where TOML gives none), `field` and `message` the
build must report. The build runs into an output folder that already holds a previous site; that
site must come through byte for byte, with no temporary folder left beside it.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from site_files import tree, write_tree

from generator.cli import main
from generator.rules import CONTENT_DIR
from generator.rules.errors import Problems
from generator.rulesets import load_rulesets
from generator.site import content_check
from generator.site.build import CACHE_DIR, MARKER, build

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "broken"
CASES = sorted(p.name for p in FIXTURES.iterdir() if (p / "expect.toml").is_file())
# Only the rendered site can judge these (anchors, hand pages): they need the whole build, example search included.
AFTER_RENDER = {"page-link-to-missing-anchor"}
PREVIOUS = {"index.html": b"<!DOCTYPE html><title>the previous site</title>", MARKER: b"built earlier\n",
            "rulesets/zj-2.4/index.html": b"<!DOCTYPE html><title>zj</title>"}


def content_with(tmp_path: Path, case: str) -> Path:
    """A copy of the real content with the fixture's files laid over it."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    shutil.copytree(FIXTURES / case / "content", content, dirs_exist_ok=True)
    return content


def previous_site(tmp_path: Path) -> Path:
    return write_tree(tmp_path / "site", PREVIOUS)


def expected_prefix(expect: dict[str, object]) -> str:
    where = f"{expect['file']}:{expect['line']}" if "line" in expect else str(expect["file"])
    return f"{where}: {expect['field']}: "


def test_there_are_at_least_twenty_fixtures() -> None:
    assert len(CASES) >= 20, CASES


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c in AFTER_RENDER else c for c in CASES])
def test_broken_content_fails_the_build_and_writes_nothing(case: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    expect = tomllib.loads((FIXTURES / case / "expect.toml").read_text(encoding="utf-8"))
    content = content_with(tmp_path, case)
    out = previous_site(tmp_path)
    before = tree(out)

    assert build(str(out), content=content, index=False) == 1
    err = capsys.readouterr().err
    prefix = expected_prefix(expect)
    lines = [line.removeprefix("build failed: ") for line in err.splitlines()]
    hit = next((line for line in lines if line.startswith(prefix)), None)
    assert hit is not None, f"no line starting {prefix!r} in:\n{err}"
    assert str(expect["message"]) in hit[len(prefix):], hit
    assert tree(out) == before, "the previous site changed"
    # the build cache beside the site may keep what was computed before the failure: it is not the site
    left = sorted(p.name for p in tmp_path.iterdir() if p.name != CACHE_DIR)
    assert left == ["content", "site"], "a temporary folder was left behind"


def test_a_fixture_line_points_at_the_mistake() -> None:
    """The expected lines are not just whatever the loader said: each names the line that holds the mistake."""
    expect = tomllib.loads((FIXTURES / "wrong-value-type" / "expect.toml").read_text(encoding="utf-8"))
    text = (FIXTURES / "wrong-value-type" / "content" / "rulesets" / "toy.toml").read_text(encoding="utf-8")
    assert text.splitlines()[expect["line"] - 1] == 'value = "ten"'
    expect = tomllib.loads((FIXTURES / "markdown-script-tag" / "expect.toml").read_text(encoding="utf-8"))
    text = (FIXTURES / "markdown-script-tag" / "content" / "rulesets" / "toy.toml").read_text(encoding="utf-8")
    assert text.splitlines()[expect["line"] - 1] == "<script>alert(1)</script>"


# ----------------------------------------------------------------------------- mahjong-atlas check


def test_check_lists_every_markdown_problem_and_writes_nothing(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    content = content_with(tmp_path, "markdown-script-tag")
    toy = content / "rulesets" / "toy.toml"
    text = toy.read_text(encoding="utf-8")
    text = text.replace("A toy rule set for the broken-content fixtures.",
                        "A toy rule set; see [flush](/rulesets/toy/flsh/) and [this](javascript:void(0)).")
    toy.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    description = lines.index("A toy rule set; see [flush](/rulesets/toy/flsh/) and [this](javascript:void(0)).") + 1
    script = lines.index("<script>alert(1)</script>") + 1

    code = main(["check", "--content", str(content)])
    captured = capsys.readouterr()
    assert code == 1
    assert captured.out.splitlines() == [
        (f"content/rulesets/toy.toml:{description}: ruleset.description: link '/rulesets/toy/flsh/': toy has no "
         "pattern 'flsh'"),
        (f"content/rulesets/toy.toml:{description}: ruleset.description: link target 'javascript:void(0)' is not "
         "allowed (expected https://…, mailto:… or a site address such as /rulesets/mcr/)"),
        (f"content/rulesets/toy.toml:{script}: pattern 'flush' definition: raw HTML '<script>alert(1)</script>' is "
         "not allowed: write Markdown (a literal '<' can be written as '\\<')"),
    ]
    assert "3 problem(s)" in captured.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content"]


def test_check_reports_a_loader_error_in_the_same_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = content_with(tmp_path, "dangling-exclusion")
    expect = tomllib.loads((FIXTURES / "dangling-exclusion" / "expect.toml").read_text(encoding="utf-8"))
    assert main(["check", "--content", str(content)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith(expected_prefix(expect)) and str(expect["message"]) in out[0]


# ----------------------------------------------------------------------------- the content check's own rules


def test_edition_fields_are_checked_once_in_the_file_that_writes_them(tmp_path: Path) -> None:
    """zj-3.3 inherits most definitions from zj-2.4: a bad inherited definition is reported once, at zj-2.4."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    base = content / "rulesets" / "zj-2.4.toml"
    text = base.read_text(encoding="utf-8")
    marker = "A winning hand that shows no pattern at all."
    assert marker in text
    base.write_text(text.replace(marker, "A <i>winning</i> hand that shows no pattern at all.", 1), encoding="utf-8")
    problems = Problems()
    content_check.before_search(content, load_rulesets(content), [], problems)
    assert [(e.file, e.field) for e in problems.found] == [
        ("content/rulesets/zj-2.4.toml", "pattern 'chicken-hand' definition")]


def test_check_names_every_problem_of_every_broken_file_in_one_run(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Five files broken, two problems in one pattern of one of them: one run lists all six, in file order (a
    syntax error skips the rest of its file only), and writes nothing."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)

    def edit(rel: str, old: str, new: str) -> int:
        """Replace the first `old` in the file; the line it is on."""
        path = content / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return text[: text.index(old)].count("\n") + 1

    value = edit("rulesets/zj-2.4.toml", "value = 5\n", 'value = "five"\n')  # the second pattern
    detector = edit("rulesets/zj-2.4.toml", 'name = "all_chows"', 'name = "all_chowz"')
    syntax = edit("rulesets/sihai-3.1.toml", "[ruleset]\n", "[ruleset\n")
    edit("concepts.toml", '"mcr/full-flush"', '"mcr/full-flsh"')
    lines = (content / "concepts.toml").read_text(encoding="utf-8").splitlines()
    member = max(i for i, line in enumerate(lines[: lines.index('  "mcr/full-flsh",')], 1) if "members" in line)
    hand = edit("hands/tuanyuan.toml", 'hand = "1234m7899p46s567z+5m tsumo"', 'hand = "1234x"')
    edit("pages/about.md", "# ", "Intro\n# ")
    site = previous_site(tmp_path)
    before = tree(site)

    assert main(["check", "--content", str(content)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[0] for line in out] == [
        f"content/concepts.toml:{member}",
        f"content/hands/tuanyuan.toml:{hand}",
        "content/pages/about.md:1",
        f"content/rulesets/sihai-3.1.toml:{syntax}",
        f"content/rulesets/zj-2.4.toml:{value}",
        f"content/rulesets/zj-2.4.toml:{detector}",
    ], "\n".join(out)
    assert "mcr/full-flsh" in out[0] and "not a hand" in out[1] and "# Title" in out[2]
    assert "invalid TOML" in out[3] and "expected an integer" in out[4] and "unknown detector 'all_chowz'" in out[5]
    assert tree(site) == before
