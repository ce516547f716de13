"""Riichi's minipoints (fu): the figure a hand's han multiply, and the parts a receipt lists to let a player check it.

One computation serves both: the scoring asks for the figure alone (it runs for every reading of every hand the
statistics count), a receipt passes a list and gets each part named as well.
"""

from __future__ import annotations

from ..detectors import View
from ..detectors.riichi import wait_of
from ..notation import format_tiles
from ..shapes import Form, Kind
from ..tiles import DRAGONS, is_orphan

FuPart = tuple[str, int]
"""One line of the fu: what it is for, and how many fu."""

_SET_NAMES = {Kind.PUNG: "pung", Kind.KONG: "kong"}


def fu_of(view: View, pinfu: bool, parts: list[FuPart] | None = None) -> int:
    """The minipoints of one reading, rounded up to ten (seven pairs: 25; thirteen orphans: 0, as fu do not count
    for a yakuman). `pinfu`: whether the reading counts pinfu. With `parts`, each part is appended to it, the
    rounding included, so that they add up to the figure returned."""
    form = view.form
    if form is Form.SEVEN_PAIRS:
        return _fixed(25, "seven pairs (fixed)", parts)
    if form is Form.THIRTEEN_ORPHANS:
        return _fixed(0, "thirteen orphans, a yakuman: no fu", parts)
    tsumo = view.ctx.tsumo
    if pinfu:
        return _fixed(20, "pinfu, self-drawn (fixed)", parts) if tsumo else \
            _fixed(30, "pinfu, on a discard (fixed)", parts)
    closed = view.is_closed
    fu = 20 + (10 if closed and not tsumo else 0) + (2 if tsumo else 0)
    if parts is not None:
        parts.append(("base", 20))
        if closed and not tsumo:
            parts.append(("a concealed hand won on a discard", 10))
        if tsumo:
            parts.append(("self-drawn", 2))
    sets = view.sets
    for s in sets[:-1]:
        if s.kind is Kind.CHOW:
            continue
        part = 4 if is_orphan(s.tile) else 2
        if s.kind is Kind.KONG:
            part *= 4
        if not s.exposed:
            part *= 2
        fu += part
        if parts is not None:
            how = "exposed" if s.exposed else "concealed"
            tiles = "terminals or honours" if is_orphan(s.tile) else "simples"
            parts.append((f"{how} {_SET_NAMES.get(s.kind, 'pung')} of {tiles} ({format_tiles(s.tiles)})", part))
    pair = sets[-1].tile
    ctx = view.ctx
    for counts, why in ((pair in DRAGONS, "a pair of dragons"), (pair == ctx.seat, "a pair of the seat wind"),
                        (pair == ctx.round, "a pair of the round wind")):
        if counts:
            fu += 2
            if parts is not None:
                parts.append((why, 2))
    wait = wait_of(view)
    if wait in ("pair", "closed", "edge"):
        fu += 2
        if parts is not None:
            parts.append((f"a {'single' if wait == 'pair' else wait} wait", 2))
    if fu == 20:  # an open hand with nothing else to count is given 30
        return _fixed(30, "an open hand with nothing else (fixed)", parts, drop=True)
    rounded = -(-fu // 10) * 10
    if parts is not None and rounded != fu:
        parts.append((f"rounded up from {fu}", rounded - fu))
    return rounded


def _fixed(fu: int, why: str, parts: list[FuPart] | None, drop: bool = False) -> int:
    """A figure the rules fix for the whole hand; `drop`: it replaces the parts counted so far."""
    if parts is not None:
        if drop:
            parts.clear()
        parts.append((why, fu))
    return fu
