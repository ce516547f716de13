"""The tables of the Sihai 3.1 source text, parsed at test time so tests compare the rule data
with the text itself rather than with a second copy typed by hand.

The source is tab-separated: the fan table (header 大类 / 类别 / 子类 then the value
columns), the 起和标准 table (level, self-draw line, discard line, editions) and the
combination-count table of §3 (fan, formula, count, score, total).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "shared" / "sources" / "001_8bee20ad8cd190d0.txt"


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


def _lines() -> list[str]:
    return SOURCE.read_text(encoding="utf-8").splitlines()


def _block(header: str) -> list[list[str]]:
    """The tab-separated rows after the line starting with `header`, up to the next blank line."""
    lines = _lines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = [lines[start].split("\t")]
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        rows.append(line.split("\t"))
    return rows


def fan_table() -> list[FanRow]:
    """Every fan of the table in reading order (rows top to bottom, cells left to right),
    with the 大类 filled down and each fan's value taken from its column heading."""
    head, *rows = _block("大类\t类别\t子类\t")
    values = [int(h) for h in head[3:]]
    out: list[FanRow] = []
    major = ""
    for cells in rows:
        major = cells[0] or major
        for value, zh in zip(values, cells[3:]):
            if zh:
                out.append(FanRow(major, cells[1], cells[2], zh, value))
    return out


def minimum_levels() -> list[Level]:
    head, *rows = _block("起和标准\t")
    assert head[1:] == ["自摸线", "点和线", "适用级别"], head
    return [Level(r[0], int(r[1]), int(r[2]), tuple(r[3].split("、"))) for r in rows]


def split_lines() -> tuple[int, int, int]:
    """(分付线, 分付线 of the basic edition, 满贯线) from the sentence under the minimum table."""
    text = "\n".join(_lines())
    m = re.search(r"分付线(\d+)（基础版(\d+)）.*?满贯线(\d+)", text)
    assert m, "the 分付线 / 满贯线 sentence is missing"
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def count_table() -> list[CountRow]:
    head, *rows = _block("番种\t组合式\t")
    assert head == ["番种", "组合式", "组合数", "计分", "合计"], head
    out = []
    for zh, formula, count, parts, total in rows:
        m = re.fullmatch(r"C\((\d+),5\)(?:×(\d+))?", formula)
        assert m, formula
        out.append(CountRow(zh, int(m.group(1)), int(m.group(2) or 1), int(count.replace(",", "")),
                            tuple(int(p) for p in parts.split("+")), int(total)))
    return out


@dataclass(frozen=True)
class PaymentRow:
    """One row of the payment table, each amount a linear form a·H + b·F (H the hand's score,
    F the 分付线), as what the payer loses (positive) or the winner gains."""

    case: str
    winner: tuple[int, int]
    discarder: tuple[int, int] | None
    others: tuple[int, int]


def _linear(expr: str) -> tuple[int, int]:
    """'+4H' -> (4, 0); '−(4H−2F)' -> (4, -2); '−F' -> (0, 1). A leading sign is dropped."""
    body = expr.strip().lstrip("+−").strip("()").replace("−", "-")
    h = f = 0
    for sign, coef, var in re.findall(r"([+-]?)(\d*)([HF])", body):
        n = int(coef or 1) * (-1 if sign == "-" else 1)
        if var == "H":
            h += n
        else:
            f += n
    return h, f


def payment_table() -> list[PaymentRow]:
    head, *rows = _block("和牌方式\t")
    assert head == ["和牌方式", "和方", "铳方", "其余两家各付"], head
    out = []
    for case, winner, discarder, others in rows:
        others = others.replace("三方各付", "")  # self-draw: all three losers pay this
        out.append(PaymentRow(case, _linear(winner), None if discarder == "—" else _linear(discarder), _linear(others)))
    return out
