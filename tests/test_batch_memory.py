"""What `score --batch` leaves to the collector: the engine makes no reference cycles, and a batch that did would
still be collected.

`cli._batch` raises the collector's threshold to `COLLECT_AT` for its loop, because a line's objects die by reference
counting and collecting would only walk the memos. That holds only while no hand, good or bad, under any rule set,
leaves a cycle behind: the first test scores hands of every form, situation and rule set, and damaged lines, with the
collector off, and a collection afterwards must find nothing. The second gives the batch a line worker that does make
cycles and checks that the collector still frees them.
"""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest
from mcr_oracle import random_hands

from generator import cli
from generator.cli import score_line_text
from generator.notation import HandError, format_hand
from generator.rulesets import all_rulesets

_DAMAGE = "0123456789mpsz[]{}+ =x"


def _lines(seed: int, n: int) -> list[str]:
    """Hand texts of every form with flags, some damaged (errors are lines too)."""
    rng = random.Random(seed)
    out = []
    for hand in random_hands(seed, n):
        text = format_hand(hand)
        out.append(text)
        if rng.random() < 0.2:
            chars = list(text)
            chars[rng.randrange(len(chars))] = rng.choice(_DAMAGE)
            out.append("".join(chars))
    return out


def test_scoring_leaves_no_cycles() -> None:
    rulesets = list(all_rulesets().values())
    lines = _lines(2026, 400)
    try:  # Riichi hands with every flag and indicator, made by test code that needs the `mahjong` package
        from riichi_oracle import riichi_hands
    except ImportError:
        riichi: list[str] = []
    else:
        riichi = riichi_hands(2026, 300)
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        bad = 0
        for rs in rulesets:
            for text in lines + riichi:
                try:
                    score_line_text(text, [rs], named=rs.id.startswith("riichi"))
                except HandError:
                    bad += 1
        found = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert bad > len(rulesets) * 40  # the damaged lines and refused hands were among them
    assert found == 0, f"{found} objects in reference cycles after scoring"


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_batch_still_collects_cycles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lines.txt"
    path.write_text("x\n" * 3000, encoding="utf-8")
    monkeypatch.setattr(cli, "COLLECT_AT", 5000)
    alive: list[int] = []

    def leaky(text: str) -> str:
        for _ in range(10):
            _Cycle()  # garbage that reference counting cannot free
        alive.append(sum(isinstance(o, _Cycle) for o in gc.get_objects(0)))
        return "[]"

    before = gc.get_threshold()
    assert cli._batch(str(path), leaky) == cli.EXIT_OK
    assert gc.get_threshold() == before
    assert max(alive) <= 5000  # 30,000 cycles made, never more than a threshold's worth alive
    gc.collect()
    capsys.readouterr()
