"""Riichi's own detectors: the declarations, pinfu, the wait-dependent yakuman and the dora.

Everything else Riichi scores (all simples, flushes, seven pairs, the honour sets…) is read by
the common detectors; these are the patterns no other rule set has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..hand import Hand, WinContext
from ..shapes import Form, Kind, Reading, TileSet
from ..tiles import DRAGONS, NUM_KINDS, Tile
from .gate import Gate, form_in
from .registry import detector
from .view import WHOLE, Match, View


_CHOW, _PAIR = Kind.CHOW, Kind.PAIR
"""Enum members as module constants: every scored Riichi reading reads them (see shapes.py)."""

_DECLARED_BIT = {"riichi": 1, "double-riichi": 2, "ippatsu": 4, "ready": 3}
"""The bits of `ContextProfile.declared` each kind reads; `ready` is either declaration."""


@detector("declared", gate=Gate(context=lambda c, a: (a["open"] or not c.claimed)
                                and bool(c.declared & _DECLARED_BIT[a["kind"]]), exact=True))
def declared(v: View, *, kind: Literal["riichi", "double-riichi", "ippatsu", "ready"], open: bool = False
             ) -> list[Match]:
    """A declaration of the notation's flags: riichi, double riichi (on the first turn) or ippatsu
    (the win within one go-around after riichi); `ready` is either riichi flag (推倒和's 报听, of which
    天听, declared on the first draw, is one). A concealed hand only, unless `open`: 推倒和 lets a hand
    with claimed melds declare ready."""
    ctx = v.ctx
    if kind == "ready":
        flag = ctx.riichi or ctx.double_riichi
    else:
        flag = ctx.riichi if kind == "riichi" else ctx.double_riichi if kind == "double-riichi" else ctx.ippatsu
    return [WHOLE] if flag and (open or v.is_closed) else []


def wait_of(v: View) -> str:
    """How the winning tile sat in its set (`wait_in`)."""
    return wait_in(v.reading, v.hand.win_tile)


def wait_in(reading: Reading, win_tile: Tile) -> str:
    """How the winning tile sat in its set: 'pair' (single wait), 'pung' (one of two pairs),
    'closed' (the middle of a chow), 'edge' (3 of 123, 7 of 789), 'two-sided', or '' with no set.
    Read off the reading and the tile alone: Riichi's scoring asks it without a `View` (riichi_walk.py)."""
    win = reading.win
    if win is None:
        return ""
    return wait_in_set(reading.sets[win], win_tile)


def wait_in_set(s: TileSet, win_tile: Tile) -> str:
    """`wait_in` for the winning tile placed in set `s`: the statistics ask it of every place a tile could take
    before any reading is made (stats/wins.py)."""
    if s.kind is _PAIR:
        return "pair"
    if s.kind is not _CHOW:
        return "pung"
    at = win_tile - s.tile
    if at == 1:
        return "closed"
    rank = s.tile % 9 + 1
    if (at == 2 and rank == 1) or (at == 0 and rank == 7):
        return "edge"
    return "two-sided"


@detector("pinfu", gate=Gate(sets=lambda s, a: s.chows == 4))
def pinfu(v: View) -> list[Match]:
    """A concealed hand of four chows whose pair scores nothing (no dragon, no seat or round wind),
    won on a two-sided wait: a hand with no minipoints beyond the base."""
    if not v.is_closed or v.form is not Form.REGULAR or len(v.chows) != 4:
        return []
    return [WHOLE] if plain_pair_and_wait(v.reading, v.ctx, v.hand.win_tile) else []


def plain_pair_and_wait(reading: Reading, ctx: WinContext, win_tile: Tile) -> bool:
    """The rest of pinfu, for a concealed regular reading of four chows: a pair that is no dragon, no seat or
    round wind, and a two-sided wait."""
    pair = reading.sets[-1].tile
    if pair in DRAGONS or pair == ctx.seat or pair == ctx.round:
        return False
    return wait_in(reading, win_tile) == "two-sided"


@detector("single_wait_pungs", gate=Gate(sets=lambda s, a: s.pungs == 4))
def single_wait_pungs(v: View) -> list[Match]:
    """Four concealed pungs (or concealed kongs) with the winning tile completing the pair."""
    return [WHOLE] if v.form is Form.REGULAR and pungs_on_single_wait(v.reading, v.hand.win_tile) else []


def pungs_on_single_wait(reading: Reading, win_tile: Tile) -> bool:
    """For a regular reading: won on the pair, and every other set a concealed pung or kong."""
    if wait_in(reading, win_tile) != "pair":
        return False
    return all(s.is_pung and not s.exposed for s in reading.sets[:-1])


@detector("thirteen_wait", gate=Gate(sets=form_in(Form.THIRTEEN_ORPHANS)))
def thirteen_wait(v: View) -> list[Match]:
    """Thirteen orphans whose thirteen tiles before the win were all different: it waited on all thirteen."""
    if v.form is not Form.THIRTEEN_ORPHANS:
        return []
    return [WHOLE] if waited_on_thirteen(v.hand) else []


def waited_on_thirteen(hand: Hand) -> bool:
    """For thirteen orphans: the winning tile was not yet among the standing tiles."""
    return hand.concealed.count(hand.win_tile) == 1


DORA_OF = tuple(
    (t // 9) * 9 + (t % 9 + 1) % 9 if t < 27
    else 27 + (t - 27 + 1) % 4 if t < 31
    else 31 + (t - 31 + 1) % 3
    for t in range(NUM_KINDS)
)
"""The dora each indicator points at: the next tile of its kind, 9 back to 1, North to East, Red to White."""


@detector("dora", gate=Gate(context=lambda c, a: c.bonus))
def dora(v: View, *, kind: Literal["dora", "ura", "red"]) -> list[Match]:
    """One match per dora in the hand: by the dora (and kan dora) indicators, by the ura dora
    indicators (only for a hand that declared riichi), or per red five."""
    return [WHOLE] * dora_count(v.ctx, kind, v.counts.__getitem__)


def dora_count(ctx: WinContext, kind: Literal["dora", "ura", "red"], held: Callable[[Tile], int]) -> int:
    """The dora of one kind in a hand, `held` giving how many copies of a tile it holds (a list's item or a tuple's
    count: Riichi's scoring asks without a `View`)."""
    if kind == "red":
        return ctx.red.bit_count()
    indicators = ctx.dora if kind == "dora" else ctx.ura if ctx.declared_riichi else ()
    n = 0
    for i in indicators:  # each indicator points at one tile: a dora for every copy held
        n += held(DORA_OF[i])
    return n
