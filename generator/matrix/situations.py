"""Stage two: the patterns that read more than the tiles — melds and kongs, the winning tile's place, the
win flags, seat and prevalent winds, flowers — on hands built from the divisions of stage one.

A *situation* of a division is one way to play it out: each set concealed or exposed, each pung possibly a
kong (exposed or concealed) when the fourth copy is free, which tile of which concealed set or pair won,
self-drawn or not; then any win flags the notation accepts for that hand (last tile, after a kong, robbing
a kong, last copy, first turn, dealer), any seat and prevalent wind, flowers or none. Every situation of
every kept division is a real hand, parsed by the notation and read by the engine (`engine.prepared`
applies MCR's corrections of impossible flags first).

The flags, the winds and the flowers are enumerated apart from the melds: the detectors of flags read only
the flags (tests/test_examples_matrix.py), and what the notation and MCR's corrections let through depends
only on self-draw, a declared kong and the copies of the winning tile elsewhere in the hand (`_flag_key`);
the wind patterns read only the wind pungs and the two winds; flowers only their number.

The classes of stage one (`walk.signature`) hold the divisions alike in everything the non-tile detectors
read but the exact tiles of a wait, so what situations make them show on the first divisions of a class
stands for the class (`achievable`); pairs with a tile pattern are formed from the class's tile patterns.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from .. import detectors
from ..detectors import View
from ..hand import Hand, Meld, MeldKind, WinContext
from ..notation import HandError, format_hand, parse_hand
from ..rules import Pattern, Ruleset
from ..scoring import engine
from ..shapes import Form, Kind, Reading
from ..stats.tally import hand_of, tile_only
from ..tiles import NUM_KINDS, WINDS
from .walk import Division, divisions_of

CONTEXT_DETECTORS = frozenset({"win_context", "first_turn", "self_drawn", "flowers"})
"""Detectors that read the win flags (or the flowers) alone."""
FLAGS = ("last_tile", "after_kong", "robbing_kong", "last_copy", "first_turn", "dealer")


@dataclass(frozen=True)
class Situation:
    """How a division is played out: per set of the body its state (c concealed, e exposed, ck concealed kong,
    ek exposed kong), the winning tile as (tile, 0), self-drawn, flags, winds, flowers."""

    states: tuple[str, ...]
    win: tuple[int, int]
    tsumo: bool
    flags: tuple[str, ...] = ()
    seat: int = WINDS[0]
    round: int = WINDS[0]
    flowers: int = 0

    def with_(self, **kw: Any) -> Situation:
        return replace(self, **kw)


def norm_key(r: Reading) -> tuple[Any, ...]:
    """A division's sets whatever is melded: kongs read as pungs."""
    return r.form, tuple(sorted((Kind.PUNG if s.kind is Kind.KONG else s.kind, s.tile) for s in r.sets)), r.loose


def build(counts: tuple[int, ...], r: Reading, sit: Situation) -> Hand | None:
    """The hand of a division in a situation, or None when the situation does not fit it (no fourth copy for a
    kong, the winning tile not standing, a flag the notation refuses)."""
    sets = list(r.sets)
    body = sets[:4] if r.form is Form.REGULAR else []
    standing = list(counts)
    melds = []
    for s, state in zip(body, sit.states, strict=False):
        if state == "c":
            continue
        if s.kind is Kind.CHOW:
            if state != "e":
                return None
            melds.append(Meld(MeldKind.CHOW, s.tile))
            for t in (s.tile, s.tile + 1, s.tile + 2):
                standing[t] -= 1
        else:
            if state in ("ck", "ek") and counts[s.tile] != 3:
                return None
            kind = MeldKind.PUNG if state == "e" else MeldKind.KONG
            melds.append(Meld(kind, s.tile, concealed=state == "ck"))
            standing[s.tile] -= 3
    win = sit.win[0]
    if standing[win] < 1:
        return None
    standing[win] -= 1
    concealed = tuple(t for t in range(NUM_KINDS) for _ in range(standing[t]))
    ctx = WinContext(tsumo=sit.tsumo or "after_kong" in sit.flags, seat=sit.seat, round=sit.round,
                     flowers=sit.flowers, **{f: True for f in sit.flags})
    return Hand(concealed, tuple(melds), win, ctx)


def situations(r: Reading, counts: tuple[int, ...]) -> Iterator[Situation]:
    """Every meld state, winning tile and self-draw of a division, up to the order of sets that hold no copy of
    the winning tile (flags, winds and flowers left plain: see `achievable`).

    Sets without a copy of the winning tile are read by the non-tile detectors only through how many of them
    are exposed, kongs exposed or concealed (the wait reads the concealed sets holding the winning tile, the
    flags the copies of it in melds), so for those only the number in each state is enumerated, in set order;
    sets holding a copy are enumerated one by one. The winning tile is each tile kind of the division; the
    engine's readings then try every place it can take."""
    body = list(r.sets[:4]) if r.form is Form.REGULAR else []
    if r.form in (Form.THIRTEEN_ORPHANS, Form.HONORS_KNITTED):
        wins = sorted(set(r.loose))
    else:
        wins = sorted({t for s in r.sets for t in s.tiles})
    for w in wins:
        options = []
        for s in body:
            opts = ("c", "e") if s.kind is Kind.CHOW else ("c", "e", "ck", "ek") if counts[s.tile] == 3 else ("c", "e")
            options.append(opts)
        seen: set[tuple[Any, ...]] = set()
        for states in product(*options):
            key = tuple(sorted((s.kind, st) for s, st in zip(body, states, strict=True) if not s.holds(w))) + tuple(
                (i, st) for i, (s, st) in enumerate(zip(body, states, strict=True)) if s.holds(w))
            if key in seen:
                continue
            seen.add(key)
            for tsumo in (False, True):
                yield Situation(tuple(states), (w, 0), tsumo)


def matching(hand: Hand, rs: Ruleset, key: tuple[Any, ...]) -> list[Reading]:
    """The readings of `hand` (as the rule set's detectors see it) that are the division `key`."""
    return [r for r in engine.readings_of(hand, rs) if norm_key(r) == key]


class Plan:
    """The rule set's patterns by what they read, as bit masks over `ids`."""

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.ids = [p.id for p in rs.patterns]
        self.bit = {pid: 1 << i for i, pid in enumerate(self.ids)}
        chicken = rs.option("chicken")
        self.chicken = chicken
        self.tile = tuple(p for p in rs.patterns if tile_only(p))
        self.context = tuple(p for p in rs.patterns if not tile_only(p) and p.detect in CONTEXT_DETECTORS)
        self.winds = tuple(p for p in rs.patterns if not tile_only(p) and p.detect == "honor_pung")
        self.melds = tuple(p for p in rs.patterns if not tile_only(p) and p.id != chicken
                           and p.detect not in CONTEXT_DETECTORS and p.detect != "honor_pung")
        self._flag_memo: dict[tuple[Any, ...], list[tuple[int, tuple[str, ...]]]] = {}

    def mask(self, ids: Any) -> int:
        m = 0
        for pid in ids:
            m |= self.bit[pid]
        return m

    def shown(self, hand: Hand, r: Reading, patterns: tuple[Pattern, ...]) -> int:
        found = detectors_find(View(engine.prepared(hand, self.rs), r), patterns)
        return self.mask(found)

    def flag_masks(self, hand: Hand, r: Reading) -> list[tuple[int, tuple[str, ...]]]:
        """Every set of win flags the notation accepts on this hand (self-draw as it is), with the flag patterns
        each makes show: worked out once per `_flag_key`."""
        key = _flag_key(hand)
        memo = self._flag_memo.get(key)
        if memo is not None:
            return memo
        out: dict[int, tuple[str, ...]] = {}
        for bits in product((False, True), repeat=len(FLAGS)):
            flags = tuple(f for f, b in zip(FLAGS, bits, strict=True) if b)
            if "after_kong" in flags and not hand.context.tsumo:
                continue
            ctx = replace(hand.context, **{f: True for f in flags})
            try:
                h = parse_hand(format_hand(replace(hand, context=ctx)))
            except HandError:
                continue
            m = self.shown(h, r, self.context)
            if m not in out:
                out[m] = flags
        memo = self._flag_memo[key] = sorted(out.items())
        return memo

    def wind_masks(self, hand: Hand, r: Reading) -> list[tuple[int, tuple[int, int]]]:
        out: dict[int, tuple[int, int]] = {}
        if not self.winds:
            return [(0, (WINDS[0], WINDS[0]))]
        for seat, rnd in product(WINDS, WINDS):
            h = replace(hand, context=replace(hand.context, seat=seat, round=rnd))
            m = self.shown(h, r, self.winds)
            out.setdefault(m, (seat, rnd))
        return sorted(out.items())


def detectors_find(view: View, patterns: tuple[Pattern, ...]) -> list[str]:
    return [p.id for p in patterns if detectors.run(p.detect, view, dict(p.params))]


def _flag_key(hand: Hand) -> tuple[Any, ...]:
    """What the notation's and MCR's flag checks read of a hand: self-draw, a declared kong, the copies of the
    winning tile standing and shown in melds."""
    w = hand.win_tile
    return (hand.context.tsumo, any(m.is_kong for m in hand.melds), hand.concealed.count(w) + 1,
            sum(m.count(w) for m in hand.melds))


@dataclass
class Achieved:
    """What a division's situations make show: per non-tile mask, one situation giving it."""

    masks: dict[int, Situation]
    tried: int  # hands built


def achievable(counts: tuple[int, ...], r: Reading, plan: Plan) -> Achieved:
    """Every combination of non-tile patterns some situation of this division shows (on a reading that is this
    division), with one situation for each."""
    key = norm_key(r)
    base: dict[tuple[int, tuple[Any, ...]], tuple[Situation, Hand, Reading]] = {}
    tried = 0
    winds = None
    for sit in situations(r, counts):
        hand = build(counts, r, sit)
        if hand is None:
            continue
        tried += 1
        for rr in matching(hand, plan.rs, key):
            m = plan.shown(hand, rr, plan.melds)
            k = (m, _flag_key(hand))
            if k not in base:
                base[k] = (sit, hand, rr)
            if winds is None:
                winds = plan.wind_masks(hand, rr)  # the wind pungs and the two winds alone
    out: dict[int, Situation] = {}
    flowers = ((0, 0), (plan.flower_bit, 1)) if plan.flower_bit else ((0, 0),)
    for (m, _k), (sit, hand, rr) in base.items():
        for c, flags in plan.flag_masks(hand, rr):
            for w, (seat, rnd) in winds or [(0, (WINDS[0], WINDS[0]))]:
                for f, n in flowers:
                    full = m | c | w | f
                    if full not in out:
                        out[full] = sit.with_(flags=flags, seat=seat, round=rnd, flowers=n)
    return Achieved(out, tried)


def _flower_bit(plan: Plan) -> int:
    return plan.mask(p.id for p in plan.context if p.detect == "flowers")


Plan.flower_bit = property(_flower_bit)  # type: ignore[attr-defined]


def division_of(div: Division, forms: frozenset[Form]) -> tuple[Hand, Reading]:
    counts, d = div
    hand = hand_of(counts)
    return hand, divisions_of(hand, forms)[d]


def _place(r: Reading, tile: int) -> tuple[int, int] | None:
    if r.form in (Form.THIRTEEN_ORPHANS, Form.HONORS_KNITTED):
        tiles = sorted(set(r.loose))
        return (tiles.index(tile), 0) if tile in tiles else None
    for k, s in enumerate(r.sets):
        if s.holds(tile):
            return k, s.tiles.index(tile)
    return None


def transfer(sit: Situation, src: Reading, dst: Reading) -> Situation | None:
    """The situation of one division carried to another of the same class: the same states set by set (sets
    come in the same order of kinds) and the winning tile at the same place of the same set."""
    place = _place(src, sit.win[0])
    if place is None:
        return None
    k, o = place
    if dst.form in (Form.THIRTEEN_ORPHANS, Form.HONORS_KNITTED):
        tiles = sorted(set(dst.loose))
        if k >= len(tiles):
            return None
        return sit.with_(win=(tiles[k], 0))
    if k >= len(dst.sets) or o >= len(dst.sets[k].tiles):
        return None
    return sit.with_(win=(dst.sets[k].tiles[o], 0))
