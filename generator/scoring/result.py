"""What a scoring run returns: the receipt the site prints and the CLI serialises."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from json import JSONEncoder
from json.encoder import encode_basestring
from typing import Any

from ..detectors import Match
from ..messages import N_, Message
from ..notation import format_tiles
from ..shapes import Form, Kind, Reading, TileSet
from ..tiles import Tile


NO_SHAPE = Message(N_("the tiles do not form a winning shape in this rule set"))
"""The note of a hand whose tiles make no winning shape (receipts then say what is left over: leftover.py)."""


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
    han: int | None = None  # Riichi: the han, the minipoints and the limit's name ('' under the limits)
    fu: int | None = None
    limit: str = ""
    base: int | None = None  # Guangdong: the text's 基本分 (basic points), from which the payments are worked out

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
            "excluded": [_excluded_item(e) for e in self.excluded],
            "notes": list(self.notes),
        }
        if self.han is not None:
            out["han"] = self.han
            out["fu"] = self.fu
            if self.limit:
                out["limit"] = self.limit
        if self.base is not None:
            out["base"] = self.base
        if self.reading is not None:
            out["reading"] = describe_reading(self.reading)
        if self.payments:
            out["payments"] = [_payment_item(p) for p in self.payments]
        return out

    def json_text(self) -> str:
        """`to_json()` as the text the batch writes (`ensure_ascii=False`, separators ", " and ": "),
        put together from pieces kept between hands: the text of each pattern, exclusion and set.

        Why: building and encoding a dictionary per pattern, exclusion and set was a sixth of a batch
        line's time, and these pieces repeat from hand to hand. tests/test_fast_paths.py checks the
        text against the encoder's under every rule set.
        """
        parts = [
            '{"ruleset": ', _text(self.ruleset), ', "hand": ', _text(self.hand),
            ', "complete": ', _scalar(self.complete), ', "legal": ', _scalar(self.legal),
            ', "total": ', _scalar(self.total), ', "unit": ', _text(self.unit),
            ', "patterns": [', ", ".join([_pattern_text(c.id, c.zh, c.en, c.value, c.count) for c in self.patterns]),
            '], "excluded": [',
            ", ".join([_excluded_text(e.id, e.by, e.rule) for e in self.excluded]) if self.excluded else "",
            '], "notes": [', ", ".join([_text(n) for n in self.notes]) if self.notes else "", "]",
        ]
        if self.han is not None:
            parts += (', "han": ', _scalar(self.han), ', "fu": ', _scalar(self.fu))
            if self.limit:
                parts += (', "limit": ', _text(self.limit))
        if self.base is not None:
            parts += (', "base": ', _scalar(self.base))
        reading = self.reading
        if reading is not None:
            win = reading.win
            parts += (', "reading": {"form": ', _FORM_TEXT[reading.form], ', "sets": [',
                      ", ".join([_set_json(s.kind, s.tile, s.melded, s.exposed, i == win)
                                 for i, s in enumerate(reading.sets)]),
                      "]}")
        if self.payments:
            parts += (', "payments": [', ", ".join([_payment_text(p.scheme, p.payer, p.amount) for p in self.payments]),
                      "]")
        parts.append("}")
        return "".join(parts)


_ENCODER = JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
_text = encode_basestring
"""A string as JSON text, as `_ENCODER` writes it."""
_FORM_TEXT = {form: _text(form.value) for form in Form}
"""Each form's name as JSON text (`Form.value` runs Python code on every access)."""


def _scalar(x: object) -> str:
    """A number or a truth value as JSON text, as `_ENCODER` writes it."""
    if x is True or x is False:
        return "true" if x else "false"
    return str(x) if type(x) is int else _ENCODER.encode(x)


@lru_cache(maxsize=4096)  # a few hundred patterns in all the rule sets, seldom counted more than four times
def _pattern_text(pid: str, zh: str, en: str, value: object, count: int) -> str:
    """A counted pattern's JSON text, its count included (one memo look-up per line of the receipt)."""
    return (f'{{"id": {_text(pid)}, "zh": {_text(zh)}, "en": {_text(en)}, "value": {_scalar(value)}, '
            f'"count": {_scalar(count)}}}')


def _payment_item(p: Payment) -> dict[str, Any]:
    return {"scheme": p.scheme, "payer": p.payer, "amount": p.amount}


@lru_cache(maxsize=2048, typed=True)  # typed: an amount of 1000.0 is written as such, not as 1000's text
def _payment_text(scheme: str, payer: str, amount: float) -> str:
    """A payment's JSON text: a few hundred amounts recur from hand to hand (Riichi's are multiples of 100)."""
    return _ENCODER.encode(_payment_item(Payment(scheme, payer, amount)))


def _excluded_item(e: Excluded) -> dict[str, str]:
    return {"id": e.id, "by": e.by, "rule": e.rule}


# The JSON memos below are keyed by fields, not by the frozen objects: hashing those runs Python code.


@lru_cache(maxsize=2048)
def _excluded_text(pid: str, by: str, rule: str) -> str:
    return _ENCODER.encode(_excluded_item(Excluded(pid, by, rule)))


@lru_cache(maxsize=2048)  # 34 tiles, five kinds, three flags: in practice well under a thousand
def _set_json(kind: Kind, tile: Tile, melded: bool, exposed: bool, win: bool) -> str:
    """One set of `describe_reading` as JSON text, memoised by its fields (a `Kind` hashes as its
    text does, in C; the frozen `TileSet` would hash by running Python code)."""
    return _ENCODER.encode(_set_item(TileSet(kind, tile, melded, exposed), win))


@lru_cache(maxsize=1024)
def _set_text(s: TileSet) -> tuple[str, str]:
    """Kind and tiles of one set as JSON text; memoised because a batch prints the same few hundred sets again and
    again (sets are small frozen values: 34 tiles times five kinds and two flags)."""
    return s.kind.value, format_tiles(s.tiles)


def _set_item(s: TileSet, win: bool) -> dict[str, Any]:
    kind, tiles = _set_text(s)
    item: dict[str, Any] = {"kind": kind, "tiles": tiles}
    if s.melded:
        item["melded"] = True
    if s.exposed:
        item["exposed"] = True
    if win:
        item["win"] = True
    return item


def describe_reading(reading: Reading) -> dict[str, Any]:
    return {"form": reading.form.value, "sets": [_set_item(s, i == reading.win) for i, s in enumerate(reading.sets)]}
