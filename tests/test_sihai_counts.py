"""The Sihai text's combination table (§3) reproduced through the engine's own detectors.

The text counts all-pung hands by the tile kinds they use: five different kinds, four as
pungs and one as the pair, drawn from the pool a fan allows (34 kinds for 对对和, the 22 odd
and honour kinds for 混全单, ...). It does not say which kind is the pair, and the tile-pool
fans do not care, so each choice of five kinds is built once, its lowest kind as the pair,
and read as four concealed pungs and a pair. The detectors of the rule set decide which
rows a hand belongs to. The one-suit rows are counted per suit, as the formulas C(16,5)×3
and C(9,5)×3 do: the 21 all-honour choices fit every suit's 16-kind pool, so the text counts
them three times.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations
from math import comb

import pytest
from sihai_facts import CountRow, count_table

from generator import detectors
from generator.detectors import View
from generator.hand import Hand, WinContext
from generator.rules import Ruleset
from generator.rulesets import find_ruleset
from generator.scoring.series import score_reading
from generator.shapes import Form, Kind, Reading, TileSet
from generator.tiles import NUM_KINDS

RS = "sihai-3.1"

# the table's rows -> the fan (pattern id) each row stands for
ROW_FAN = {
    "对对和": "all-pungs",
    "混全单": "mixed-all-odd",
    "混一色对对和": "half-flush",
    "混全双": "mixed-all-even",
    "全单": "all-odd",
    "混幺九": "terminals-and-honours",
    "全双": "all-even",
    "清一色对对和": "full-flush",
}
ONE_SUIT_ROWS = {"混一色对对和": ("half-flush", "full-flush", "all-honours"), "清一色对对和": ("full-flush",)}


def pung_hand(kinds: tuple[int, ...]) -> tuple[Hand, Reading]:
    """Four concealed pungs of kinds[1:] and the pair of kinds[0], self-drawn on the pair."""
    pair, *pungs = kinds
    concealed = tuple(sorted([t for t in pungs for _ in range(3)] + [pair]))
    hand = Hand(concealed, (), pair, WinContext(tsumo=True))
    sets = tuple(TileSet(Kind.PUNG, t) for t in pungs) + (TileSet(Kind.PAIR, pair),)
    return hand, Reading(Form.REGULAR, sets, 4)


def hands() -> Iterator[tuple[tuple[int, ...], View]]:
    for kinds in combinations(range(NUM_KINDS), 5):
        hand, reading = pung_hand(kinds)
        yield kinds, View(hand, reading)


@cache
def engine_counts() -> dict[str, int]:
    """How many all-pung hands each row of the text holds, decided by the detectors."""
    rs = find_ruleset(RS)
    fans = sorted({f for fs in ONE_SUIT_ROWS.values() for f in fs} | set(ROW_FAN.values()))
    specs = {f: rs.pattern(f) for f in fans}
    totals = dict.fromkeys(ROW_FAN, 0)
    for _, view in hands():
        hit = {f for f, p in specs.items() if detectors.run(p.detect, view, p.params)}
        for row, fan in ROW_FAN.items():
            if row in ONE_SUIT_ROWS:
                # one pool per suit: a hand fits suit s when its fan fires with s its only suit,
                # or when it has no suit at all (all honours)
                in_pool = hit & set(ONE_SUIT_ROWS[row])
                if in_pool:
                    totals[row] += 3 if not view.suits else 1
            elif fan in hit:
                totals[row] += 1
    return totals


def test_the_table_is_the_texts() -> None:
    rows = count_table()
    assert [r.zh for r in rows] == list(ROW_FAN)
    for r in rows:
        assert comb(r.pool, 5) * r.times == r.count, r  # the text's arithmetic
    assert [r.count for r in rows] == [278_256, 26_334, 13_104, 11_628, 3_003, 1_287, 792, 378]


@pytest.mark.parametrize("row", count_table(), ids=lambda r: r.zh)
def test_enumeration_reproduces_the_count(row: CountRow) -> None:
    assert engine_counts()[row.zh] == row.count


def _first_counted(rs: Ruleset, fan: str) -> tuple[tuple[int, ...], list[str], int]:
    """The first all-pung hand (in kind order) on which the engine counts `fan`."""
    p = rs.pattern(fan)
    for kinds, view in hands():
        if not detectors.run(p.detect, view, p.params):
            continue
        total, patterns, _, _ = score_reading(view.hand, view.reading, rs)
        ids = [c.id for c in patterns]
        if fan in ids:
            return kinds, ids, total
    raise AssertionError(f"no all-pung hand counts {fan}")


@pytest.mark.parametrize("row", count_table()[1:], ids=lambda r: r.zh)
def test_combined_scores_add_across_classes(row: CountRow) -> None:
    """The last column adds 对对和 to the row's fan: they sit in different classes, so the
    engine counts both, and their values are the ones the text adds."""
    rs = find_ruleset(RS)
    fan = ROW_FAN[row.zh]
    assert (rs.pattern("all-pungs").value, rs.pattern(fan).value) == row.parts
    assert sum(row.parts) == row.total
    assert rs.pattern("all-pungs").group != rs.pattern(fan).group
    kinds, ids, _ = _first_counted(rs, fan)
    assert "all-pungs" in ids, (kinds, ids)


def test_all_pungs_alone_is_the_first_row() -> None:
    (row,) = [r for r in count_table() if r.zh == "对对和"]
    assert find_ruleset(RS).pattern("all-pungs").value == row.total == sum(row.parts)


# One all-pung hand per row of the table, chosen to show the row's fans and nothing else: the engine's total
# is the text's 合计 (audit S1: the 混幺九 and 全双 rows were 130 and 115 while 混全单 and 断幺 stacked on them).
ROW_HAND = {
    "对对和": "222z9m [222m] [555p] [777s] +9m",
    "混全单": "111m333p555s111z7m+7m",
    "混一色对对和": "222m555m888m111z3m+3m",
    "混全双": "222m444p666s111z8m+8m",
    "全单": "111m333p555s777m9s+9s",
    "混幺九": "111m999p111z222z9s+9s",
    "全双": "222m444p666s888m2s+2s",
    "清一色对对和": "222m444m777m999m5m+5m",
}


@pytest.mark.parametrize("row", count_table(), ids=lambda r: r.zh)
def test_each_rows_hand_scores_the_texts_total(row: CountRow) -> None:
    from generator.notation import parse_hand
    from generator.scoring import score

    s = score(parse_hand(ROW_HAND[row.zh]), find_ruleset(RS))
    assert s.total == row.total, (row.zh, [(c.id, c.points) for c in s.patterns])
    fans = {c.id for c in s.patterns}
    assert "all-pungs" in fans and ROW_FAN[row.zh] in fans, (row.zh, fans)


@pytest.mark.parametrize("row", [r for r in count_table() if r.zh in ("混幺九", "全双")], ids=lambda r: r.zh)
def test_no_hand_of_the_row_adds_more_of_its_class_family(row: CountRow) -> None:
    """On every all-pung hand of the 混幺九 and 全双 rows, the fan it always brings (混全单, 断幺) is not added."""
    rs = find_ruleset(RS)
    fan, dropped = ROW_FAN[row.zh], {"混幺九": "mixed-all-odd", "全双": "all-simples"}[row.zh]
    seen = 0
    for _, view in hands():
        if not detectors.run(rs.pattern(fan).detect, view, rs.pattern(fan).params):
            continue
        _, patterns, _, _ = score_reading(view.hand, view.reading, rs)
        ids = [c.id for c in patterns]
        if fan in ids:
            seen += 1
            assert dropped not in ids, ids
    assert seen > 0
