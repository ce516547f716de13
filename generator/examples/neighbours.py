"""Hands one change away from a given hand: the moves of the minimal-example climb and of near misses.

Three kinds of change, in the order a near miss prefers them:

* ``tile``: one standing tile (or the winning tile) replaced by another;
* ``meld``: a concealed set claimed instead, a claimed set drawn instead, a kong's concealment flipped;
* ``context``: one win-context flag or wind changed (the only way a pattern such as 海底撈月 can go);
* ``pair`` (fallback, not in `neighbours`): two copies of a tile replaced by two of another.

Every neighbour passes the notation's own checks; whether it is still a complete hand is the
scorer's business, since that depends on the rule set.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from ..hand import Hand, Meld, MeldKind
from ..messages import N_, Message
from ..notation import HandError, format_hand, parse_hand
from ..shapes import Kind, regular_readings
from ..tiles import GHOST, NUM_KINDS, WINDS, Tile, tile_to_text, wind_letter

StepKind = Literal["tile", "meld", "context", "pair"]

FLAG_WORDS: dict[str, tuple[str, str]] = {flag: (Message(on), Message(off)) for flag, on, off in (
    # flag, text when switched on, text when switched off
    ("tsumo", N_("self-drawn instead of won on a discard"), N_("won on a discard instead of self-drawn")),
    ("last_tile", N_("won on the last tile"), N_("not won on the last tile")),
    ("after_kong", N_("won on the replacement tile after a kong"), N_("not won on a kong's replacement tile")),
    ("robbing_kong", N_("won by robbing a kong"), N_("not won by robbing a kong")),
    ("last_copy", N_("won on the last copy of the tile"), N_("not won on the last copy of the tile")),
    ("first_turn", N_("won in the first go-around"), N_("not won in the first go-around")),
    ("dealer", N_("the winner is the dealer"), N_("the winner is not the dealer")),
)}
MELD_KINDS = {kind: Message(kind.value) for kind in MeldKind}
"""A meld's kind in words ("chow", "pung", "kong": the catalogue has them as the receipt's words)."""


@dataclass(frozen=True)
class Step:
    hand: Hand
    kind: StepKind
    label: str = ""  # meld / context / pair steps: what changed; tile steps build it from `old` and `new`
    old: Tile | None = None  # tile steps: the tile taken out ...
    new: Tile | None = None  # ... and the tile put in
    on_win: bool = False  # tile steps: the winning tile itself was changed

    @property
    def text(self) -> str:
        """What changed, for a reader: "one tile changed: 5p→6p", "the 123m chow claimed instead of drawn", ..."""
        if self.kind != "tile":
            return self.label
        assert self.old is not None and self.new is not None
        what = N_("the winning tile changed: %(old)s→%(new)s") if self.on_win else \
            N_("one tile changed: %(old)s→%(new)s")
        return Message(what, old=tile_to_text(self.old), new=tile_to_text(self.new))


def _valid(hand: Hand) -> Hand | None:
    try:
        return parse_hand(format_hand(hand))
    except HandError:
        return None


def tile_steps(hand: Hand) -> list[Step]:
    """Built directly rather than re-parsed: a tile change can only break the copy limit and the
    robbing-kong rule (the robbed tile is nowhere else in the hand), and both are checked here."""
    out: list[Step] = []
    counts = hand.counts()
    robbing = hand.context.robbing_kong
    for a in sorted(set(hand.concealed)):
        rest = list(hand.concealed)
        rest.remove(a)
        for b in range(NUM_KINDS):
            if b == a or counts[b] >= 4 or (robbing and b == hand.win_tile):
                continue
            new = Hand(tuple(sorted(rest + [b])), hand.melds, hand.win_tile, hand.context)
            out.append(Step(new, "tile", "", a, b))
    a = hand.win_tile
    for b in range(NUM_KINDS):
        if b == a or counts[b] >= (1 if robbing else 4):
            continue
        new = Hand(hand.concealed, hand.melds, b, hand.context)
        out.append(Step(new, "tile", "", a, b, on_win=True))
    return out


def _meld_text(m: Meld) -> str:
    return f"{''.join(tile_to_text(t)[0] for t in m.tiles)}{tile_to_text(m.tile)[1]}"


def meld_steps(hand: Hand) -> list[Step]:
    out: list[Step] = []
    for i, m in enumerate(hand.melds):
        melds = list(hand.melds)
        if m.kind is MeldKind.KONG:
            melds[i] = replace(m, concealed=not m.concealed)
            text = Message(N_("the %(meld)s kong declared exposed instead of concealed") if m.concealed
                           else N_("the %(meld)s kong concealed instead of exposed"), meld=_meld_text(m))
            new = _valid(replace(hand, melds=tuple(melds)))
        else:
            del melds[i]
            text = Message(N_("the %(meld)s %(kind)s drawn instead of claimed"), meld=_meld_text(m),
                           kind=MELD_KINDS[m.kind])
            new = _valid(replace(hand, melds=tuple(melds), concealed=tuple(sorted(hand.concealed + m.tiles))))
        if new is not None:
            out.append(Step(new, "meld", text))
        out.extend(_kong_pung(hand, i, m))
    readings = regular_readings(hand)
    if readings:
        r = readings[0]
        done: set[tuple[Kind, Tile]] = set()
        for i, s in enumerate(r.sets):
            if s.melded or i == r.win or s.kind not in (Kind.CHOW, Kind.PUNG) or (s.kind, s.tile) in done:
                continue
            done.add((s.kind, s.tile))
            rest = list(hand.concealed)
            for t in s.tiles:
                rest.remove(t)
            meld = Meld(MeldKind.CHOW if s.kind is Kind.CHOW else MeldKind.PUNG, s.tile)
            new = _valid(replace(hand, melds=hand.melds + (meld,), concealed=tuple(rest)))
            if new is not None:
                out.append(Step(new, "meld", Message(N_("the %(meld)s %(kind)s claimed instead of drawn"),
                                                     meld=_meld_text(meld), kind=MELD_KINDS[meld.kind])))
    return out


def _kong_pung(hand: Hand, i: int, m: Meld) -> list[Step]:
    """A kong played as a pung (one tile fewer), or a claimed pung completed to a kong."""
    melds = list(hand.melds)
    name = _meld_text(m)
    if m.kind is MeldKind.KONG and m.concealed:
        del melds[i]
        new = _valid(replace(hand, melds=tuple(melds), concealed=tuple(sorted(hand.concealed + m.tiles[:3]))))
        text = Message(N_("three %(tile)s kept concealed instead of the concealed kong %(meld)s"),
                       tile=tile_to_text(m.tile), meld=name)
    elif m.kind is MeldKind.KONG:
        melds[i] = Meld(MeldKind.PUNG, m.tile)
        new = _valid(replace(hand, melds=tuple(melds)))
        text = Message(N_("a pung %(pung)s instead of the kong %(meld)s"), pung=name[1:], meld=name)
    elif m.kind is MeldKind.PUNG and hand.counts()[m.tile] < 4:
        melds[i] = Meld(MeldKind.KONG, m.tile)
        new = _valid(replace(hand, melds=tuple(melds)))
        text = Message(N_("the pung %(meld)s made a kong"), meld=name)
    else:
        return []
    return [Step(new, "meld", text)] if new is not None else []


def _context_ok(hand: Hand) -> bool:
    """The notation's rules for flags (notation.py): robbing a kong is a discard win on a tile
    the winner holds nowhere else; a kong's replacement tile is self-drawn; a first-turn win
    holds no exposed meld (nothing was claimed before it)."""
    ctx = hand.context
    if ctx.after_kong and not ctx.tsumo:
        return False
    if ctx.first_turn and not all(m.concealed for m in hand.melds):
        return False
    return not (ctx.robbing_kong and (ctx.tsumo or hand.win_tile == GHOST or hand.counts()[hand.win_tile] > 1))


def context_steps(hand: Hand) -> list[Step]:
    out: list[Step] = []
    ctx = hand.context
    for flag, (on, off) in FLAG_WORDS.items():
        value = getattr(ctx, flag)
        changes: dict[str, Any] = {flag: not value}
        if flag == "tsumo" and value:
            changes["after_kong"] = False
        if flag == "after_kong" and not value:
            changes["tsumo"] = True
        new = replace(hand, context=replace(ctx, **changes))
        if _context_ok(new):
            out.append(Step(new, "context", off if value else on))
    for field_name, label in (("seat", N_("seat wind %(new)s instead of %(old)s")),
                              ("round", N_("prevalent wind %(new)s instead of %(old)s"))):
        for w in WINDS:
            if w != getattr(ctx, field_name):
                moved: dict[str, Any] = {field_name: w}
                new = replace(hand, context=replace(ctx, **moved))
                out.append(Step(new, "context", Message(label, new=wind_letter(w),
                                                        old=wind_letter(getattr(ctx, field_name)))))
    for field_name, label in (("flowers", N_("flowers: %(new)s instead of %(old)s")),
                              ("wild_kongs", N_("wild kongs: %(new)s instead of %(old)s"))):
        n = getattr(ctx, field_name)
        toggled: dict[str, Any] = {field_name: 0 if n else 1}
        new = replace(hand, context=replace(ctx, **toggled))
        out.append(Step(new, "context", Message(label, new=0 if n else 1, old=n)))
    return out


@lru_cache(maxsize=1024)
def pair_steps(hand: Hand) -> list[Step]:
    """Two copies of a standing tile replaced by two copies of another: the fallback when no single change can
    remove a pattern (a suit or the honours leave a complete hand only two or three tiles at a time)."""
    out: list[Step] = []
    counts = hand.counts()
    closed = hand.closed_tiles
    robbing = hand.context.robbing_kong
    for a in sorted(set(closed)):
        if closed.count(a) < 2:
            continue
        rest = list(hand.concealed)
        rest.remove(a)
        win = hand.win_tile
        if win == a:
            win = -1  # the winning tile is one of the two changed
        else:
            rest.remove(a)
        for b in range(NUM_KINDS):
            if b == a or counts[b] > 2:
                continue
            if win == -1:
                if robbing and counts[b]:
                    continue
                new = Hand(tuple(sorted(rest + [b])), hand.melds, b, hand.context)
            else:
                if robbing and b == win:
                    continue
                new = Hand(tuple(sorted(rest + [b, b])), hand.melds, win, hand.context)
            x, y = tile_to_text(a), tile_to_text(b)
            out.append(Step(new, "pair", Message(N_("two tiles changed: %(old)s %(old)s→%(new)s %(new)s"), old=x,
                                                 new=y)))
    return out


@lru_cache(maxsize=4096)
def neighbours(hand: Hand) -> list[Step]:
    """Every one-change neighbour, tiles first, then melds, then context; deterministic order.

    Cached: the minimal climb and the near misses of several patterns and rule sets start from the
    same hands. Callers must not change the list. A hand with a ghost has only its context steps: the tile
    steps count tiles as the 34 kinds, which a ghost is not, so its examples come from seeds and curated hands."""
    if GHOST in hand.closed_tiles:
        return context_steps(hand)
    return tile_steps(hand) + meld_steps(hand) + context_steps(hand)
