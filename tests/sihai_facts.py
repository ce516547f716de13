"""The tables of the Sihai 3.1 rule text, read from the project's own data file `tests/facts/sihai-3.1.toml`,
so tests compare the rule data with the text's figures rather than with the rule data itself.

The file holds the fan table (每个番 with its 大类 / 类别 / 子类 and value), the 起和标准 table (level, self-draw
line, discard line, editions), the split and limit lines, the payment table and §3's combination-count table.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FACTS = Path(__file__).resolve().parent / "facts" / "sihai-3.1.toml"


@dataclass(frozen=True)
class FanRow:
    major: str
    cls: str
    sub: str
    zh: str
    value: int


@dataclass(frozen=True)
class Level:
    level: str
    self_draw: int
    discard: int
    editions: tuple[str, ...]


@dataclass(frozen=True)
class CountRow:
    zh: str
    pool: int  # n of C(n, 5)
    times: int  # the ×3 of the one-suit rows
    count: int
    parts: tuple[int, ...]  # the 计分 column, e.g. (30, 20)
    total: int


@dataclass(frozen=True)
class PaymentRow:
    """One row of the payment table, each amount a linear form a·H + b·F (H the hand's score,
    F the 分付线), as what the payer loses (positive) or the winner gains."""

    case: str
    winner: tuple[int, int]
    discarder: tuple[int, int] | None
    others: tuple[int, int]


@cache
def _facts() -> dict[str, Any]:
    return tomllib.loads(FACTS.read_text(encoding="utf-8"))


def fan_table() -> list[FanRow]:
    """Every fan of the table in reading order (rows top to bottom, cells left to right)."""
    return [FanRow(f["major"], f["class"], f["sub"], f["zh"], f["value"]) for f in _facts()["fan"]]


def minimum_levels() -> list[Level]:
    return [Level(m["level"], m["self_draw"], m["discard"], tuple(m["editions"])) for m in _facts()["minimum"]]


def split_lines() -> tuple[int, int, int]:
    """(分付线, 分付线 of the basic edition, 满贯线) from the sentence under the minimum table."""
    lines = _facts()["lines"]
    return lines["split"], lines["split_basic"], lines["limit"]


def count_table() -> list[CountRow]:
    return [CountRow(c["zh"], c["pool"], c["times"], c["count"], tuple(c["parts"]), c["total"])
            for c in _facts()["count"]]


def payment_table() -> list[PaymentRow]:
    def pair(v: list[int] | None) -> tuple[int, int] | None:
        return None if v is None else (v[0], v[1])

    return [PaymentRow(p["case"], pair(p["winner"]), pair(p.get("discarder")), pair(p["others"]))  # type: ignore[arg-type]
            for p in _facts()["payment"]]
