"""The command line on the Chinese Official rule sets: the pattern listing and a 5,000-hand batch."""

from __future__ import annotations

import io
import json

import pytest
from mcr_oracle import random_hands

from generator.cli import main
from generator.notation import format_hand


def test_patterns_lists_the_81_fans_and_the_practice_kong_pair(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["patterns", "--ruleset", "mcr", "--json"]) == 0
    objs = json.loads(capsys.readouterr().out)
    assert len(objs) == 82
    assert [o["number"] for o in objs] == [str(n) for n in range(1, 83)]
    assert {o["provenance"] for o in objs} == {"source", "interpretation"}


def test_batch_scores_5000_hands(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [format_hand(h) for h in random_hands(77, 5_000)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["score", "--batch", "-", "--ruleset", "mcr"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 5_000
    for text, line in zip(lines, out):
        (practice,) = json.loads(line)
        assert practice["hand"] == text
        assert practice["complete"] and practice["unit"] == "fan"
        assert practice["total"] == sum(p["value"] * p["count"] for p in practice["patterns"])
        assert practice["legal"] == (practice["total"] - sum(p["count"] for p in practice["patterns"]
                                                              if p["id"] == "flower-tiles") >= 8)
