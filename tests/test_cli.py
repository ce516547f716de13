"""The command line: contract JSON, batch streaming, one-line errors with exit 2, documented commands."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main, make_parser

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_score_json_matches_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--ruleset", "zj-2.4", "--json", "1112345678999m+5m", "tsumo"], capsys)
    assert code == 0
    obj = json.loads(out)
    assert {"ruleset", "hand", "complete", "legal", "total", "unit", "patterns", "excluded", "notes"} <= set(obj)
    assert obj["hand"] == "1112345678999m+5m tsumo"
    assert obj["patterns"] == [{"id": "nine-gates", "zh": "九子連環", "en": "Nine Gates", "value": 640, "count": 1}]
    assert {"id": "pure-one-suit", "by": "nine-gates", "rule": "limit"} in obj["excluded"]


def test_score_several_rulesets_and_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--json", "--ruleset", "zj24", "--ruleset", "ZJ33", "1122m3344p5566s7z+7z"], capsys)
    assert code == 0
    assert [(o["ruleset"], o["total"]) for o in json.loads(out)] == [("zj-2.4", 25), ("zj-3.3", 35)]


def test_score_readable_receipt(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--ruleset", "zj-2.4", "111m555p999s444z2z+2z"], capsys)
    assert code == 0
    assert "四暗刻" in out and "total 160 points" in out and "series by four-concealed-triplets" in out


def test_incomplete_hand_is_not_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["score", "--json", "--ruleset", "zj-2.4", "123m456m789m1234s+6s"], capsys)
    obj = json.loads(out)
    assert code == 0 and obj["complete"] is False and obj["total"] == 0 and obj["patterns"] == []


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "123x"],
        ["score", "11111m2345678m99m"],
        ["score", "--json", "[EFC]1112223334m"],
        ["score", "123m456m789m11p22p", "tsumo", "seat=Q"],
        ["score", "--ruleset", "nope", "1112345678999m+5m"],
        ["score"],
        ["waits", "1112345678999m+5m"],
        ["waits", "123m"],
        ["patterns", "--ruleset", "nope"],
    ],
)
def test_malformed_input_exits_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_malformed_hand_in_a_real_process() -> None:
    proc = subprocess.run([sys.executable, "-m", "generator", "score", "12345678m9999p1z0z"],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip() == "error: at column 17: '0z' is not a tile (a red five is 0m, 0p or 0s)"


def test_batch_streams_in_order_and_reports_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("1112345678999m+5m\nnot a hand\n\n1122m3344p5566s7z+7z tsumo\n", encoding="utf-8")
    code, out, _ = run(["score", "--batch", str(f), "--ruleset", "zj-2.4"], capsys)
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 2  # some line was bad; all others were still scored
    assert len(lines) == 3
    assert lines[0][0]["total"] == 640
    assert lines[1]["line"] == 2 and "at column" in lines[1]["error"]
    assert lines[2][0]["hand"] == "1122m3344p5566s7z+7z tsumo"


def test_batch_from_stdin() -> None:
    hands = "\n".join(["123m456p789s234s1z+1z"] * 50)
    proc = subprocess.run([sys.executable, "-m", "generator", "score", "--batch", "-", "--ruleset", "zj-2.4"],
                          input=hands, capture_output=True, text=True, cwd=ROOT, check=False)
    assert proc.returncode == 0
    assert [json.loads(x)[0]["total"] for x in proc.stdout.splitlines()] == [10] * 50


def test_waits_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["waits", "--ruleset", "zj-2.4", "--json", "123456m4444666s"], capsys)
    assert code == 0
    assert json.loads(out) == {"ruleset": "zj-2.4", "hand": "123456m4444666s", "waits": ["5s"], "formal": ["4s"]}


def test_waits_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "w.txt"
    f.write_text("1112345678999m\n19m19p19s1234567z\n", encoding="utf-8")
    code, out, _ = run(["waits", "--ruleset", "zj-2.4", "--batch", str(f)], capsys)
    objs = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and [len(o["waits"]) for o in objs] == [9, 13]


def test_rulesets_and_patterns_json(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["rulesets", "--json"], capsys)
    ids = [o["id"] for o in json.loads(out)]
    assert {"zj-2.4", "zj-3.3"} <= set(ids)
    _, out, _ = run(["patterns", "--ruleset", "zj-2.4", "--ruleset", "zj-3.3", "--json"], capsys)
    objs = json.loads(out)
    assert len([o for o in objs if o["ruleset"] == "zj-2.4"]) == 45
    assert len([o for o in objs if o["ruleset"] == "zj-3.3"]) == 45
    assert all({"id", "zh", "en", "value", "category", "provenance"} <= set(o) for o in objs)
    assert {o["provenance"] for o in objs} <= {"source", "interpretation"}


def test_every_command_is_documented_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    parser = make_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices  # type: ignore[union-attr]
    for name, sub in commands.items():
        assert re.search(rf"mahjong-atlas {re.escape(name)}\b", readme), f"command {name!r} not in README"
        for action in sub._actions:
            for opt in action.option_strings:
                if opt.startswith("--") and opt != "--help":
                    assert opt in readme, f"option {opt} of {name!r} not in README"
