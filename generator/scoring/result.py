"""What a scoring run returns: the receipt the site prints and the CLI serialises."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..detectors import Match
from ..notation import format_tiles
from ..shapes import Reading, TileSet


@dataclass(frozen=True)
class Counted:
    id: str
    zh: str
    en: str
    value: int
    count: int
    sets: tuple[Match, ...] = ()  # one entry per instance: indices into the reading's sets

    @property
    def points(self) -> int:
        return self.value * self.count


@dataclass(frozen=True)
class Excluded:
    id: str
    by: str  # the pattern or principle that removed it
    rule: str  # "implied", "series", "limit", "principle: …"


@dataclass(frozen=True)
class Payment:
    scheme: str
    payer: str  # "each", "discarder", "other"
    amount: float


@dataclass
class Score:
    ruleset: str
    hand: str
    complete: bool
    legal: bool
    total: int
    unit: str
    patterns: list[Counted] = field(default_factory=list)
    excluded: list[Excluded] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    reading: Reading | None = None
    payments: list[Payment] = field(default_factory=list)

    def to_json(self, zh_names: dict[str, str] | None = None) -> dict[str, Any]:
        """The contract object of notation.md, plus `reading` and `payments`."""
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "hand": self.hand,
            "complete": self.complete,
            "legal": self.legal,
            "total": self.total,
            "unit": self.unit,
            "patterns": [
                {"id": c.id, "zh": c.zh, "en": c.en, "value": c.value, "count": c.count} for c in self.patterns
            ],
            "excluded": [{"id": e.id, "by": e.by, "rule": e.rule} for e in self.excluded],
            "notes": list(self.notes),
        }
        if self.reading is not None:
            out["reading"] = describe_reading(self.reading)
        if self.payments:
            out["payments"] = [{"scheme": p.scheme, "payer": p.payer, "amount": p.amount} for p in self.payments]
        return out


@lru_cache(maxsize=1024)
def _set_text(s: TileSet) -> tuple[str, str]:
    """Kind and tiles of one set as JSON text; memoised because a batch prints the same few hundred sets again and
    again (sets are small frozen values: 34 tiles times five kinds and two flags)."""
    return s.kind.value, format_tiles(s.tiles)


def describe_reading(reading: Reading) -> dict[str, Any]:
    sets = []
    for i, s in enumerate(reading.sets):
        kind, tiles = _set_text(s)
        item: dict[str, Any] = {"kind": kind, "tiles": tiles}
        if s.melded:
            item["melded"] = True
        if s.exposed:
            item["exposed"] = True
        if i == reading.win:
            item["win"] = True
        sets.append(item)
    return {"form": reading.form.value, "sets": sets}
