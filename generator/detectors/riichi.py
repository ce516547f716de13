"""Riichi's own detectors: the declarations, pinfu, the wait-dependent yakuman and the dora.

Everything else Riichi scores (all simples, flushes, seven pairs, the honour sets…) is read by
the common detectors; these are the patterns no other rule set has.
"""

from __future__ import annotations

from typing import Literal

from ..shapes import Form, Kind
from ..tiles import DRAGONS, NUM_KINDS, Tile
from .gate import Gate, form_in
from .registry import detector
from .view import WHOLE, Match, View


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
    """How the winning tile sat in its set: 'pair' (single wait), 'pung' (one of two pairs),
    'closed' (the middle of a chow), 'edge' (3 of 123, 7 of 789), 'two-sided', or '' with no set."""
    win = v.reading.win
    if win is None:
        return ""
    s = v.reading.sets[win]
    if s.kind is Kind.PAIR:
        return "pair"
    if s.kind is not Kind.CHOW:
        return "pung"
    at = v.hand.win_tile - s.tile
    if at == 1:
        return "closed"
    rank = s.tile % 9 + 1
    if (at == 2 and rank == 1) or (at == 0 and rank == 7):
        return "edge"
    return "two-sided"


def value_winds(v: View) -> tuple[Tile, ...]:
    return (v.ctx.seat, v.ctx.round)


@detector("pinfu", gate=Gate(sets=lambda s, a: s.chows == 4))
def pinfu(v: View) -> list[Match]:
    """A concealed hand of four chows whose pair scores nothing (no dragon, no seat or round wind),
    won on a two-sided wait: a hand with no minipoints beyond the base."""
    if not v.is_closed or v.form is not Form.REGULAR or len(v.chows) != 4:
        return []
    pair = v.reading.sets[-1].tile
    if pair in DRAGONS or pair in value_winds(v):
        return []
    return [WHOLE] if wait_of(v) == "two-sided" else []


@detector("single_wait_pungs", gate=Gate(sets=lambda s, a: s.pungs == 4))
def single_wait_pungs(v: View) -> list[Match]:
    """Four concealed pungs (or concealed kongs) with the winning tile completing the pair."""
    sets = v.reading.sets
    if v.form is not Form.REGULAR or wait_of(v) != "pair":
        return []
    return [WHOLE] if all(s.is_pung and not s.exposed for s in sets[:-1]) else []


@detector("thirteen_wait", gate=Gate(sets=form_in(Form.THIRTEEN_ORPHANS)))
def thirteen_wait(v: View) -> list[Match]:
    """Thirteen orphans whose thirteen tiles before the win were all different: it waited on all thirteen."""
    if v.form is not Form.THIRTEEN_ORPHANS:
        return []
    return [WHOLE] if v.hand.concealed.count(v.hand.win_tile) == 1 else []


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
    ctx = v.ctx
    if kind == "red":
        return [WHOLE] * ctx.red.bit_count()
    if kind == "ura":
        if not ctx.declared_riichi:
            return []
        indicators = ctx.ura
    else:
        indicators = ctx.dora
    counts = v.counts  # each indicator points at one tile: a dora for every copy the hand holds
    return [WHOLE] * sum([counts[DORA_OF[i]] for i in indicators])
