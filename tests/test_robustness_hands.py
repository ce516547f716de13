"""What a user types never crashes the parser, the engine or `score --batch`.

A seeded sample of the fuzz in benchmarks/fuzz_hands.py (which runs 100,000+ of each), plus
the inputs that once got something other than a HandError through.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hand_strategies import Tally, any_strings, check_error, check_hand, check_string, hand_texts
from hypothesis import HealthCheck, given, seed, settings

from generator.cli import main
from generator.notation import HandError, parse_hand, parse_waiting
from generator.rulesets import all_rulesets

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = settings(max_examples=300, database=None, deadline=None, suppress_health_check=list(HealthCheck))


@seed(8)
@SAMPLE
@given(any_strings())
def test_any_string_is_a_hand_or_a_hand_error(text: str) -> None:
    check_string(text)


@seed(8)
@settings(SAMPLE, max_examples=100)
@given(hand_texts())
def test_every_hand_scores_under_every_ruleset(text: str) -> None:
    check_hand(text, list(all_rulesets().values()))


def test_the_sample_reaches_the_engine() -> None:
    """The generated hands are mostly hands and mostly complete, or the engine test above tests little."""
    tally = Tally()
    rulesets = list(all_rulesets().values())

    @seed(9)
    @settings(SAMPLE, max_examples=60)
    @given(hand_texts())
    def run(text: str) -> None:
        check_hand(text, rulesets, tally)

    run()
    assert tally.hands >= 0.9 * tally.strings
    some = next(iter(rulesets)).id
    assert 0.2 * tally.hands <= max(tally.complete.values()) and tally.complete[some] < tally.hands


@pytest.mark.parametrize(
    "text, column, words",
    [
        ("123m456m789m11p2p flowers=" + "9" * 5000, 19, "whole number from 0 to 8"),  # int() refuses 4300+ digits
        ("123m456m789m11p22p flowers=" + "9" * 5000, 20, "not '999999999999999999999999…'"),
        ("[123m\xa0]", 6, "found 'U+00A0'"),
        ("123m\x00456m", 5, "unexpected character 'U+0000'"),
        ("\ufeff123m456m789m11p22p", 1, "'U+FEFF'"),
        ("123m456m789m11p22p " + "x" * 300, 20, "unknown flag 'xxxxxxxxxxxxxxxxxxxxxxxx…'"),
        ("123m456m789m11p22p seat=\x1b[31m", 20, "not 'U+001B[31m'"),
    ],
)
def test_messages_are_one_short_printable_line(text: str, column: int, words: str) -> None:
    with pytest.raises(HandError) as info:
        parse_hand(text)
    check_error(info.value, text)
    assert info.value.position == column and words in info.value.reason


def test_a_waiting_hand_refuses_a_huge_flag_value() -> None:
    with pytest.raises(HandError) as info:
        parse_waiting("123m456m789m11p2p wild-kongs=" + "3" * 5000)
    assert info.value.position == 19 and "from 0 to 3" in info.value.reason


# ----------------------------------------------------------------------------- score --batch


BATCH = (
    "1112345678999m+5m tsumo\n"
    "\n"
    "123x\n"
    "   \n"
    "11223344556677m\n"
    "123m456m789m11p22p flowers=" + "9" * 5000 + "\n"
    "19m19p19s1234567z+1z\n"
)


def _batch_lines(out: str) -> list[dict[str, object] | list[dict[str, object]]]:
    return [json.loads(line) for line in out.splitlines()]


def test_batch_reports_bad_lines_in_place_and_carries_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(BATCH, encoding="utf-8")
    code = main(["score", "--batch", str(path), "--ruleset", "zj-2.4"])
    objs = _batch_lines(capsys.readouterr().out)
    assert code == 2
    assert [o["line"] if isinstance(o, dict) else o[0]["hand"] for o in objs] == [
        "1112345678999m+5m tsumo", 3, "1122334455667m+7m", 6, "19m19p19s1234567z+1z"]
    bad = objs[1]
    assert isinstance(bad, dict) and bad["input"] == "123x" and bad["error"] == "at column 4: unknown suit letter or tile 'x'"


def test_batch_survives_bytes_that_are_not_utf8_and_a_bom(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(b"\xef\xbb\xbf1112345678999m+5m tsumo\n\xff\xfe1m\n11223344556677m\n")
    code = main(["score", "--batch", str(path), "--ruleset", "zj-2.4"])
    objs = _batch_lines(capsys.readouterr().out)
    assert code == 2 and len(objs) == 3
    assert isinstance(objs[0], list) and objs[0][0]["hand"] == "1112345678999m+5m tsumo"
    assert objs[1] == {"error": "at column 1: unexpected character '\ufffd'", "line": 2, "input": "\ufffd\ufffd1m"}
    assert isinstance(objs[2], list)


def test_batch_from_stdin_with_undecodable_bytes() -> None:
    """The real stdin of a subprocess: a pipe of bytes, not a test double."""
    proc = subprocess.run([sys.executable, "-m", "generator", "waits", "--batch", "-", "--ruleset", "zj-2.4"],
                          input=b"\xef\xbb\xbf1112345678999m\nabc\xff\n11223344556677m\n", capture_output=True,
                          cwd=ROOT, timeout=60, check=False)
    lines = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert proc.returncode == 2 and proc.stderr == b""
    assert lines[0]["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert lines[1] == {"error": "at column 1: no tiles before the flags", "line": 2, "input": "abc\ufffd"}
    assert "wrong tile count" in lines[2]["error"] and lines[2]["line"] == 3


def test_batch_goes_on_past_an_engine_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine bug on one hand is reported on that hand's line; the others are still scored, and the exit
    status (1) tells it apart from bad input (2)."""
    from generator import cli

    real = cli.score

    def flaky(hand, rs, **given):  # type: ignore[no-untyped-def]
        if hand.context.tsumo:
            raise ZeroDivisionError("division by zero")
        return real(hand, rs, **given)

    monkeypatch.setattr(cli, "score", flaky)
    path = tmp_path / "hands.txt"
    path.write_text("1112345678999m+5m tsumo\n11223344556677m\n", encoding="utf-8")
    code = main(["score", "--batch", str(path), "--ruleset", "zj-2.4"])
    objs = _batch_lines(capsys.readouterr().out)
    assert code == 1
    assert objs[0] == {"error": "internal error, please report this hand: ZeroDivisionError: division by zero",
                       "line": 1, "input": "1112345678999m+5m tsumo"}
    assert isinstance(objs[1], list) and objs[1][0]["complete"] is True


def test_batch_into_a_closed_pipe_is_quiet() -> None:
    """`score --batch big.txt | head -1`: no 'cannot read' error for a pipe the reader closed."""
    hands = "1112345678999m+5m tsumo\n" * 3000
    proc = subprocess.run(f"{sys.executable} -m generator score --batch - | head -c 10",
                          shell=True, input=hands.encode(), capture_output=True, cwd=ROOT, timeout=120, check=False)
    assert proc.stdout == b'[{"ruleset' and b"cannot read" not in proc.stderr and b"Traceback" not in proc.stderr
