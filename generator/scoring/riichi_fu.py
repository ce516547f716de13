"""Riichi's minipoints (fu): the figure a hand's han multiply, and the parts a receipt lists to let a player check it.

One computation serves both: the scoring asks for the figure alone (it runs for every reading of every hand the
statistics count), a receipt passes a list and gets each part named as well.
"""

from __future__ import annotations

from ..detectors.riichi import wait_in
from ..hand import WinContext
from ..messages import N_, Message
from ..notation import format_tiles
from ..shapes import Form, Kind, Reading
from ..tiles import Tile
from ..tiles import DRAGONS, EAST, is_orphan

_SEVEN_PAIRS, _THIRTEEN_ORPHANS, _CHOW, _KONG = Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS, Kind.CHOW, Kind.KONG
"""Enum members as module constants: every scored reading reads them (see shapes.py)."""
_HONOURS = EAST
"""The first honour tile (East): a pair below it is of a suit."""

FuPart = tuple[str, int]
"""One line of the fu: what it is for, and how many fu."""

# What each part is for, as a receipt names it; made once here, since the scoring passes the fixed ones on every
# reading it counts (the parts are only listed for a receipt).
_SET_PARTS = {
    (True, Kind.PUNG, True): N_("exposed pung of terminals or honours (%(tiles)s)"),
    (True, Kind.PUNG, False): N_("exposed pung of simples (%(tiles)s)"),
    (True, Kind.KONG, True): N_("exposed kong of terminals or honours (%(tiles)s)"),
    (True, Kind.KONG, False): N_("exposed kong of simples (%(tiles)s)"),
    (False, Kind.PUNG, True): N_("concealed pung of terminals or honours (%(tiles)s)"),
    (False, Kind.PUNG, False): N_("concealed pung of simples (%(tiles)s)"),
    (False, Kind.KONG, True): N_("concealed kong of terminals or honours (%(tiles)s)"),
    (False, Kind.KONG, False): N_("concealed kong of simples (%(tiles)s)"),
}
SEVEN_PAIRS = Message(N_("seven pairs (fixed)"))
ORPHANS = Message(N_("thirteen orphans, a yakuman: no fu"))
PINFU_TSUMO = Message(N_("pinfu, self-drawn (fixed)"))
PINFU_RON = Message(N_("pinfu, on a discard (fixed)"))
OPEN_NOTHING = Message(N_("an open hand with nothing else (fixed)"))
BASE = Message(N_("base"))
CLOSED_RON = Message(N_("a concealed hand won on a discard"))
SELF_DRAWN = Message(N_("self-drawn"))
DOUBLE_WIND = Message(N_("a pair of the seat and round wind"))
DRAGON_PAIR = Message(N_("a pair of dragons"))
SEAT_PAIR = Message(N_("a pair of the seat wind"))
ROUND_PAIR = Message(N_("a pair of the round wind"))
WAITS = {"pair": Message(N_("a single wait")), "closed": Message(N_("a closed wait")),
         "edge": Message(N_("a edge wait"))}


def fu_of(reading: Reading, ctx: WinContext, win_tile: Tile, closed: bool, pinfu: bool, double_wind_pair_fu: int = 4,
          parts: list[FuPart] | None = None) -> int:
    """The minipoints of one reading, rounded up to ten (seven pairs: 25; thirteen orphans: 0, as fu do not count
    for a yakuman). `closed`: the hand has no claimed meld; `pinfu`: whether the reading counts pinfu;
    `double_wind_pair_fu`: what a pair of the wind that is both the seat's and the round's gives (the rule set's
    option). With `parts`, each part is appended to it, the rounding included, so that they add up to the figure
    returned."""
    form = reading.form
    if form is _SEVEN_PAIRS:
        return _fixed(25, SEVEN_PAIRS, parts)
    if form is _THIRTEEN_ORPHANS:
        return _fixed(0, ORPHANS, parts)
    tsumo = ctx.tsumo
    if pinfu:
        return _fixed(20, PINFU_TSUMO, parts) if tsumo else _fixed(30, PINFU_RON, parts)
    fu = 20 + (10 if closed and not tsumo else 0) + (2 if tsumo else 0)
    if parts is not None:
        parts.append((BASE, 20))
        if closed and not tsumo:
            parts.append((CLOSED_RON, 10))
        if tsumo:
            parts.append((SELF_DRAWN, 2))
    sets = reading.sets
    for s in sets[:-1]:
        kind = s.kind
        if kind is _CHOW:
            continue
        part = 4 if is_orphan(s.tile) else 2
        if kind is _KONG:
            part *= 4
        if not s.exposed:
            part *= 2
        fu += part
        if parts is not None:
            kind = s.kind if s.kind is Kind.KONG else Kind.PUNG
            parts.append((Message(_SET_PARTS[s.exposed, kind, is_orphan(s.tile)], tiles=format_tiles(s.tiles)), part))
    pair = sets[-1].tile
    if pair < _HONOURS:  # a pair of suit tiles gives nothing (most hands)
        pass
    elif pair == ctx.seat == ctx.round:
        fu += double_wind_pair_fu
        if parts is not None:
            parts.append((DOUBLE_WIND, double_wind_pair_fu))
    else:
        for counts, why in ((pair in DRAGONS, DRAGON_PAIR), (pair == ctx.seat, SEAT_PAIR),
                            (pair == ctx.round, ROUND_PAIR)):
            if counts:
                fu += 2
                if parts is not None:
                    parts.append((why, 2))
    wait = wait_in(reading, win_tile)
    if wait in ("pair", "closed", "edge"):
        fu += 2
        if parts is not None:
            parts.append((WAITS[wait], 2))
    if fu == 20:  # an open hand with nothing else to count is given 30
        return _fixed(30, OPEN_NOTHING, parts, drop=True)
    rounded = -(-fu // 10) * 10
    if parts is not None and rounded != fu:
        parts.append((Message(N_("rounded up from %(fu)s"), fu=fu), rounded - fu))
    return rounded


def _fixed(fu: int, why: str, parts: list[FuPart] | None, drop: bool = False) -> int:
    """A figure the rules fix for the whole hand; `drop`: it replaces the parts counted so far."""
    if parts is not None:
        if drop:
            parts.clear()
        parts.append((why, fu))
    return fu
