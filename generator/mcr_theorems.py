"""The essay's conclusions on combining sets, checked by the engine on every hand of a class.

The essay on the principles (幾愿, bibliography key jiyuan-essay, §4) derives from non-separation, non-identical
and account-once that (1) four chows score at most three of the one-fan chow pairs
(一般高 / 喜相逢 / 连六 / 老少副), (2) three chows at most two, (3) none beside a pattern of
four chows, (4) at most one beside a pattern of three chows, (5) at most one pattern of
three or four chows and (6) at most one of three or four pungs. Here the engine scores
every division of a class (all multisets of four sets of that kind, each tile used at
most four times) and the figures say how many were checked and the largest count seen.

The sets are concealed and the winning tile completes the pair, so nothing but the sets
decides the combination patterns; the pair is an honour unless the class says otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any

from .hand import Hand
from .notation import format_tiles
from .rules import Ruleset
from .scoring.mcr import score_reading
from .shapes import Form, Kind, Reading, TileSet
from .tiles import RED, Tile, counts_of

SOURCE = "jiyuan-essay: §4 不循环原则的结论"
FIGURES = Path("theorems") / "mcr-principles.json"  # under the content folder; the theorem page prints it
GENERATED_BY = "mahjong-atlas theorems"  # the file's own record of what writes it (the script runs the command)

CHOW_PAIRS = frozenset({"pure-double-chow", "mixed-double-chow", "short-straight", "two-terminal-chows"})
THREE_CHOWS = frozenset({"pure-triple-chow", "pure-shifted-chows", "pure-straight", "mixed-triple-chow",
                         "mixed-shifted-chows", "mixed-straight"})
FOUR_CHOWS = frozenset({"quadruple-chow", "four-pure-shifted-chows", "pure-terminal-chows",
                        "three-suited-terminal-chows"})
THREE_PUNGS = frozenset({"triple-pung", "mixed-shifted-pungs", "pure-shifted-pungs"})
FOUR_PUNGS = frozenset({"four-pure-shifted-pungs"})

CHOWS: tuple[Tile, ...] = tuple(s * 9 + r for s in range(3) for r in range(7))
SUIT_PUNGS: tuple[Tile, ...] = tuple(range(27))


@dataclass(frozen=True)
class HandClass:
    """A family of four-set concealed hands: its chow and pung choices and pair tiles."""

    id: str
    description: str
    chows: int
    pungs: int
    pairs: tuple[Tile, ...] = (RED,)

    def hands(self) -> Iterator[tuple[Hand, Reading]]:
        for chows in combinations_with_replacement(CHOWS, self.chows):
            for pungs in combinations(SUIT_PUNGS, self.pungs):
                for pair in self.pairs:
                    built = _build(chows, pungs, pair)
                    if built is not None:
                        yield built


def _build(chows: tuple[Tile, ...], pungs: tuple[Tile, ...], pair: Tile) -> tuple[Hand, Reading] | None:
    tiles = [c + k for c in chows for k in range(3)] + [p for p in pungs for _ in range(3)] + [pair, pair]
    if max(counts_of(tiles)) > 4:
        return None
    sets = tuple(TileSet(Kind.CHOW, c) for c in chows) + tuple(TileSet(Kind.PUNG, p) for p in pungs)
    tiles.remove(pair)
    hand = Hand(tuple(sorted(tiles)), (), pair)
    return hand, Reading(Form.REGULAR, sets + (TileSet(Kind.PAIR, pair),), len(sets))


def division_text(reading: Reading) -> str:
    """The sets of a reading in notation, e.g. '123m 123m 456p 789s 77z'."""
    return " ".join(format_tiles(s.tiles) for s in reading.sets)


Counts = dict[str, int]


@dataclass(frozen=True)
class Theorem:
    id: str
    essay: str  # the essay's numbering of the conclusion
    statement: str
    classes: tuple[str, ...]
    bound: int
    measure: Callable[[Counts], int]  # what is bounded, from the counted patterns of one reading
    applies: Callable[[Counts], bool] = lambda counts: True


def _total(ids: frozenset[str]) -> Callable[[Counts], int]:
    return lambda counts: sum(n for pid, n in counts.items() if pid in ids)


def _has(ids: frozenset[str]) -> Callable[[Counts], bool]:
    return lambda counts: any(pid in ids for pid in counts)


FOUR_CHOW_CLASS = HandClass("four-chows", "four concealed chows and an honour pair", 4, 0)
FOUR_CHOW_ANY_PAIR = HandClass("four-chows-any-pair", "four concealed chows and every possible pair", 4, 0,
                               tuple(range(34)))
THREE_CHOW_CLASS = HandClass("three-chows", "three concealed chows, a concealed pung of suit tiles and an honour pair",
                             3, 1)
FOUR_PUNG_CLASS = HandClass("four-pungs", "four concealed pungs of suit tiles and an honour pair", 0, 4)
THREE_PUNG_CLASS = HandClass("three-pungs", "three concealed pungs of suit tiles, a concealed chow and an honour pair",
                             1, 3)
CLASSES = {c.id: c for c in (FOUR_CHOW_CLASS, FOUR_CHOW_ANY_PAIR, THREE_CHOW_CLASS, FOUR_PUNG_CLASS, THREE_PUNG_CLASS)}

THEOREMS = (
    Theorem("four-chows-pairs", "(1)", "With four chows, at most three of 一般高 / 喜相逢 / 连六 / 老少副 count.",
            ("four-chows", "four-chows-any-pair"), 3, _total(CHOW_PAIRS)),
    Theorem("three-chows-pairs", "(2)", "With three chows, at most two of them count.",
            ("three-chows",), 2, _total(CHOW_PAIRS)),
    Theorem("four-chow-fan-pairs", "(3)", "Beside a pattern of four chows, none of them counts.",
            ("four-chows", "four-chows-any-pair"), 0, _total(CHOW_PAIRS), _has(FOUR_CHOWS)),
    Theorem("three-chow-fan-pairs", "(4)", "Beside a pattern of three chows, at most one of them counts.",
            ("four-chows", "four-chows-any-pair", "three-chows"), 1, _total(CHOW_PAIRS), _has(THREE_CHOWS)),
    Theorem("chow-families", "(5)", "At most one pattern of three or four chows counts.",
            ("four-chows", "four-chows-any-pair", "three-chows"), 1, _total(THREE_CHOWS | FOUR_CHOWS)),
    Theorem("pung-families", "(6)", "At most one pattern of three or four pungs counts.",
            ("four-pungs", "three-pungs"), 1, _total(THREE_PUNGS | FOUR_PUNGS)),
)


@dataclass
class Finding:
    """One theorem on one class: readings checked, how many it applied to, the largest value seen."""

    theorem: str
    hand_class: str
    checked: int = 0
    applied: int = 0
    largest: int = -1
    witness: str = ""  # a division reaching the largest value
    counterexamples: list[str] = field(default_factory=list)

    @property
    def holds(self) -> bool:
        return not self.counterexamples


def check(ruleset: Ruleset, classes: list[str]) -> tuple[dict[str, int], list[Finding]]:
    """Score every hand of the named classes; return the hands per class and the findings."""
    findings: list[Finding] = []
    sizes: dict[str, int] = {}
    for cid in classes:
        theorems = [t for t in THEOREMS if cid in t.classes]
        mine = [Finding(t.id, cid) for t in theorems]
        n = 0
        for hand, reading in CLASSES[cid].hands():
            n += 1
            counts = {c.id: c.count for c in score_reading(hand, reading, ruleset).patterns}
            for t, f in zip(theorems, mine):
                f.checked += 1
                if not t.applies(counts):
                    continue
                f.applied += 1
                value = t.measure(counts)
                if value > f.largest:
                    f.largest, f.witness = value, division_text(reading)
                if value > t.bound and len(f.counterexamples) < 5:
                    f.counterexamples.append(division_text(reading))
        sizes[cid] = n
        findings.extend(mine)
    return sizes, findings




def figures(ruleset: Ruleset, classes: list[str], sizes: dict[str, int], findings: list[Finding]) -> dict[str, Any]:
    """The figures file's content: the classes with their sizes, and each theorem's result on each class."""
    return {
        "ruleset": ruleset.id,
        "source": SOURCE,
        "generated_by": GENERATED_BY,
        "classes": [{"id": c, "description": CLASSES[c].description, "hands": sizes[c]} for c in classes],
        "theorems": [
            {
                "id": t.id, "essay": t.essay, "statement": t.statement, "bound": t.bound,
                "results": [
                    {"class": f.hand_class, "checked": f.checked, "applies": f.applied, "largest": f.largest,
                     "witness": f.witness, "holds": f.holds}
                    for f in findings if f.theorem == t.id
                ],
            }
            for t in THEOREMS
        ],
    }


def write_figures(content: Path, data: dict[str, Any]) -> Path:
    """Write the figures into the content folder (deterministic: no timings or dates); returns the file."""
    path = content / FIGURES
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path
