"""Small changes to a complete hand that keep it complete: the steps of the witness search.

Each move changes one thing a pattern of the win may read (which tile was the winning one, a set claimed or
held, a pung konged, a flag, the winds, flowers, a declaration, an indicator) and leaves the tiles' division
alone, so a tile pattern the hand shows stays shown (generator/pairs/walk.py). A move the notation would refuse
(a first-turn win with a claimed meld, robbing a kong of a tile held twice…) is never offered: every hand made
here parses back to itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import product
from random import Random
from typing import Any

from ..detectors.riichi import DORA_OF
from ..hand import Hand, Meld, MeldKind, WinContext
from ..notation import HandError, format_hand, parse_hand
from ..rules import Pattern, Ruleset
from ..scoring.needs import Needs
from ..shapes import Kind, Reading
from ..tiles import EAST, GHOST, Tile
from .potential import detector_args, needs

WINDS = tuple(range(EAST, EAST + 4))
FLAGS = ("tsumo", "last_tile", "after_kong", "robbing_kong", "last_copy", "first_turn", "dealer",
         "riichi", "double_riichi", "ippatsu")
FLOWERS = (0, 1, 8)


def valid(hand: Hand) -> Hand | None:
    """The hand as the notation reads it back, or None when the notation refuses it."""
    try:
        return parse_hand(format_hand(hand))
    except HandError:
        return None


def ghost_some(hand: Hand, rnd: Random) -> Hand | None:
    """`hand` with up to four of its standing tiles turned into ghosts, and its winning tile too when self-drawn (a
    ghost is not won off a discard), or None when the notation refuses it: the hands a rule set of ghosts adds to
    those of the 34 kinds."""
    standing, win = list(hand.concealed), hand.win_tile
    own = len(standing) + hand.context.tsumo
    k = min(rnd.choice((1, 1, 2, 2, 3, 4)), own)
    for i in rnd.sample(range(own), k):
        if i == len(standing):
            win = GHOST
        else:
            standing[i] = GHOST
    return valid(replace(hand, concealed=tuple(sorted(standing)), win_tile=win))


def _held(hand: Hand) -> list[int]:
    counts = [0] * (GHOST + 1)  # a ghost is counted apart from the 34 kinds
    for t in hand.all_tiles:
        counts[t] += 1
    return counts


def win_moves(hand: Hand) -> Iterator[Hand]:
    """The same tiles, won on another standing tile."""
    for t in sorted(set(hand.concealed)):
        if t != hand.win_tile:
            rest = list(hand.concealed)
            rest.remove(t)
            yield replace(hand, concealed=tuple(sorted(rest + [hand.win_tile])), win_tile=t)


def set_moves(hand: Hand, reading: Reading) -> Iterator[Hand]:
    """A standing set of the reading claimed (a chow or pung exposed), konged (a pung whose fourth copy is not in
    the hand, concealed or claimed), or a claimed meld taken back into the standing tiles."""
    counts = _held(hand)
    standing = list(hand.concealed)
    for i, s in enumerate(reading.sets):
        if s.melded or s.kind not in (Kind.CHOW, Kind.PUNG) or i == reading.win:
            continue
        tiles = [s.tile, s.tile + 1, s.tile + 2] if s.kind is Kind.CHOW else [s.tile] * 3
        rest = list(standing)
        try:
            for t in tiles:
                rest.remove(t)
        except ValueError:
            continue
        kind = MeldKind.CHOW if s.kind is Kind.CHOW else MeldKind.PUNG
        yield replace(hand, concealed=tuple(rest), melds=hand.melds + (Meld(kind, s.tile),))
        if s.kind is Kind.PUNG and counts[s.tile] == 3:
            for concealed in (True, False):
                yield replace(hand, concealed=tuple(rest), melds=hand.melds + (Meld(MeldKind.KONG, s.tile, concealed),))
    for j, m in enumerate(hand.melds):
        others = hand.melds[:j] + hand.melds[j + 1:]
        if m.kind is MeldKind.PUNG and counts[m.tile] == 3:
            yield replace(hand, melds=others + (Meld(MeldKind.KONG, m.tile, False),))
        tiles = list(m.tiles[:3])
        yield replace(hand, concealed=tuple(sorted(standing + tiles)), melds=others)


def declares(rs: Ruleset) -> bool:
    """Whether the rule set reads Riichi's declarations and indicators (the `riichi` argument of the moves)."""
    return any(p.detect in ("declared", "dora") for p in rs.patterns)


def context_moves(hand: Hand, riichi: bool) -> Iterator[Hand]:
    """One thing about how the hand was won changed: a flag, the seat or prevalent wind, the flowers, and (with
    `riichi`) a declaration or a dora or ura dora indicator pointing at a tile the hand holds."""
    ctx = hand.context
    names = FLAGS if riichi else FLAGS[:7]
    for name in names:
        yield replace(hand, context=replace(ctx, **{name: not getattr(ctx, name)}))
    for seat in WINDS:
        for prevalent in WINDS:
            if (seat, prevalent) != (ctx.seat, ctx.round):
                dealer = ctx.dealer and seat == EAST
                yield replace(hand, context=replace(ctx, seat=seat, round=prevalent, dealer=dealer))
    for n in FLOWERS:
        if n != ctx.flowers:
            yield replace(hand, context=replace(ctx, flowers=n))
    if riichi:
        for t in sorted(set(hand.all_tiles)):
            pointer = indicator_of(t)
            yield replace(hand, context=replace(ctx, dora=(pointer,)))
            yield replace(hand, context=replace(ctx, ura=(pointer,), riichi=True, dora=ctx.dora or (pointer,)))


def indicator_of(t: Tile) -> Tile:
    """The indicator that makes `t` a dora: the tile before it in its kind's cycle (`DORA_OF` read backwards)."""
    return DORA_OF.index(t)


def ghost_moves(hand: Hand) -> Iterator[Hand]:
    """One standing tile of each kind turned into a ghost, and the winning tile when self-drawn."""
    for t in sorted(set(hand.concealed) - {GHOST}):
        rest = list(hand.concealed)
        rest.remove(t)
        yield replace(hand, concealed=tuple(sorted(rest + [GHOST])))
    if hand.context.tsumo and hand.win_tile != GHOST:
        yield replace(hand, win_tile=GHOST)


def neighbours(hand: Hand, reading: Reading | None, riichi: bool, ghosts: bool = False) -> list[Hand]:
    """Every hand one move from `hand` that the notation accepts, each once, in a fixed order (with `ghosts`, a
    tile turned into a ghost is a move)."""
    out, seen = [], {hand}
    moves = list(win_moves(hand)) + (list(set_moves(hand, reading)) if reading is not None else [])
    moves += list(ghost_moves(hand)) if ghosts else []
    for h in moves + list(context_moves(hand, riichi)):
        v = valid(h)
        if v is not None and v not in seen:
            seen.add(v)
            out.append(v)
    return out


def random_walk(hand: Hand, reading_of: object, riichi: bool, rnd: Random, steps: int) -> Hand:
    """`hand` after up to `steps` random moves (`reading_of(hand)`: the reading whose sets may be claimed)."""
    for _ in range(steps):
        options = neighbours(hand, reading_of(hand), riichi)  # type: ignore[operator]
        if not options:
            break
        hand = rnd.choice(options)
    return hand


def concealed(hand: Hand) -> Hand:
    """The same division held concealed: each meld's tiles back among the standing tiles, a kong as a pung."""
    tiles = list(hand.concealed)
    for m in hand.melds:
        tiles.extend(m.tiles[:3])
    return replace(hand, concealed=tuple(sorted(tiles)), melds=())


def plain(hand: Hand) -> Hand:
    """The hand with no flag, flower or indicator: where the targeted search starts."""
    return replace(hand, context=WinContext(seat=hand.context.seat, round=hand.context.round))


_READS: dict[str, frozenset[str]] = {
    "kongs": frozenset({"sets"}), "concealed_pungs": frozenset({"win", "tsumo"}),
    "melded_hand": frozenset({"sets", "win", "tsumo"}), "concealed_hand": frozenset({"tsumo"}),
    "one_tile_left": frozenset({"sets", "win"}),
    "nine_gates": frozenset({"win", "tsumo"}), "single_wait_pungs": frozenset({"win"}),
    "pinfu": frozenset({"win", "winds"}), "wait": frozenset({"sets", "win"}),
    "thirteen_wait": frozenset({"win"}), "self_drawn": frozenset({"tsumo"}), "honor_pung": frozenset({"winds"}),
    "flowers": frozenset({"flowers"}),
}


def reads_of(p: Pattern) -> frozenset[str]:
    """What of a situation pattern `p`'s detector reads (nothing, for a pattern of the tiles): `win` (which tile was
    the winning one), `sets` (claims and kongs), `tsumo`, `flag:<name>`, `winds`, `flowers`, `dora`, `ura`, `red`.

    Claimed sets are a dimension only for the detectors that need a claim or a kong, or whose answer a claim can
    change (a wait judged on the standing tiles); situations start from the concealed hand, which is what a
    concealed hand, a declaration, a first-turn win or concealed pungs want."""
    a = detector_args(p)
    if p.detect == "win_context":
        flag = a["flag"]
        return frozenset({"win", "tsumo", f"flag:{flag}"} | ({"sets"} if flag == "after_kong" else set()))
    if p.detect == "first_turn":
        return frozenset({"tsumo", "flag:first_turn", "flag:dealer"})
    if p.detect == "declared":
        kind = a["kind"].replace("-", "_")
        if kind == "ready":  # either declaration; an open one reads the claims too
            return frozenset({"flag:riichi", "flag:double_riichi"} | ({"sets"} if a["open"] else set()))
        return frozenset({f"flag:{kind}"} | ({"flag:riichi"} if kind == "ippatsu" else set())
                         | ({"sets"} if a["open"] else set()))
    if p.detect == "dora":
        kind = a.get("kind", "dora")
        return frozenset({"red"} if kind == "red" else {"ura", "flag:riichi"} if kind == "ura" else {"dora"})
    if p.detect == "honor_pung" and a["which"] in ("dragon", "wind"):
        return frozenset()
    return _READS.get(p.detect, frozenset())


def fixed_flags(patterns: list[Pattern], rs: Ruleset) -> dict[str, bool]:
    """The flags the patterns cannot show without, or not with (their needs, potential.needs): the situations of
    a pair hold these as they are. Riichi's `declared_riichi` is its `riichi` flag."""
    out: dict[str, bool] = {}
    for p in patterns:
        for name, value in needs(p, rs).flags:
            if name == "declared_riichi":
                if value and not any(("double_riichi", True) in needs(q, rs).flags for q in patterns):
                    out.setdefault("riichi", True)  # a double riichi is declared without the plain one
                else:
                    out.update(riichi=False, double_riichi=False)
            else:
                out[name] = value
    return out


def situations(hand: Hand, reading: Reading, reads: frozenset[str], riichi: bool,
               fixed: dict[str, bool] | None = None, melds: Needs | None = None) -> Iterator[Hand]:
    """Every hand made from `hand`'s division by changing only what `reads` names: the winning tile, each set
    held, claimed or konged (those that meet the meld counts of `melds`, when given), the flags, the winds (under
    Riichi, whose dealer is the East seat, the seat with a dealer flag), flowers, declarations and indicators. The
    product of the dimensions read, so that a pair whose two patterns each need a change of their own is met in one
    hand."""
    wins = [hand] + list(win_moves(hand)) if "win" in reads else [hand]
    for w in wins:
        for h in (_set_choices(w, reading) if "sets" in reads else [w]):
            if melds is None or melds.melds_hold(h):
                yield from _context_choices(h, reads, riichi, fixed or {})


def _set_choices(hand: Hand, reading: Reading) -> list[Hand]:
    """Every standing set of the division as it is, claimed, or (a pung whose fourth copy is free) konged
    concealed or claimed, each combination once. The winning tile stays standing and completes whichever set (or
    the pair) the standing tiles leave it: with four 1-2-3 chows and a 2 as the winning tile, any three of them may
    be claimed, which turns a many-sided wait into a closed one."""
    counts = _held(hand)
    options: list[list[Meld | None]] = []
    sets = []
    for s in reading.sets:
        if s.melded or s.kind not in (Kind.CHOW, Kind.PUNG):
            continue
        kind = MeldKind.CHOW if s.kind is Kind.CHOW else MeldKind.PUNG
        opts: list[Meld | None] = [None, Meld(kind, s.tile)]
        if s.kind is Kind.PUNG and counts[s.tile] == 3:
            opts += [Meld(MeldKind.KONG, s.tile, True), Meld(MeldKind.KONG, s.tile, False)]
        options.append(opts)
        sets.append(s)
    out, seen = [], set()
    for choice in product(*options):
        rest = list(hand.concealed)
        melds = list(hand.melds)
        ok = True
        for s, m in zip(sets, choice, strict=True):
            if m is None:
                continue
            for t in _tiles_of(s.kind, s.tile):
                if t not in rest:
                    ok = False
                    break
                rest.remove(t)
            melds.append(m)
        if ok:
            h = replace(hand, concealed=tuple(rest), melds=tuple(melds))
            if h not in seen:
                seen.add(h)
                out.append(h)
    return out


def _tiles_of(kind: Kind, tile: Tile) -> list[Tile]:
    return [tile, tile + 1, tile + 2] if kind is Kind.CHOW else [tile] * 3


def _context_axes(hand: Hand, reads: frozenset[str], riichi: bool, fixed: dict[str, bool]
                  ) -> tuple[WinContext, list[str], list[list[Any]]]:
    """The context `fixed` leaves, the flags read, and the choices of each other dimension read: winds, flowers,
    dora, ura and red-five indicators."""
    ctx = replace(hand.context, **fixed)
    named = {d.split(":", 1)[1] for d in reads if d.startswith("flag:")}
    names = sorted(named | ({"tsumo"} if "tsumo" in reads else set()))
    names = [n for n in names if n not in fixed and (riichi or n in FLAGS[:7])]
    if "winds" in reads:
        winds = [(s, r) for s in WINDS for r in WINDS]
    elif riichi and ("flag:dealer" in reads or "dealer" in fixed):  # Riichi's dealer is the East seat
        winds = [(s, ctx.round) for s in WINDS[:2]]
    else:
        winds = [(ctx.seat, ctx.round)]
    flowers = list(FLOWERS) if "flowers" in reads else [ctx.flowers]
    held = sorted(set(hand.all_tiles))
    dora = [ctx.dora] + ([(indicator_of(t),) for t in held] if "dora" in reads and riichi else [])
    ura = [ctx.ura] + ([(indicator_of(t),) for t in held] if "ura" in reads and riichi else [])
    reds = [ctx.red] + ([sum(1 << k for k in range(3) if 9 * k + 4 in held)] if "red" in reads and riichi else [])
    return ctx, names, [[(False, True)] * len(names), winds, flowers, dora, ura, reds]


def _in_context(hand: Hand, ctx: WinContext, names: list[str], choice: tuple[Any, ...]) -> Hand:
    bits, (seat, prevalent), n, d, u, red = choice
    flags = dict(zip(names, bits, strict=True))
    return replace(hand, context=replace(ctx, **flags, seat=seat, round=prevalent, flowers=n,
                                         dora=d or (u[:1] if u else ()), ura=u, red=red))


def _context_choices(hand: Hand, reads: frozenset[str], riichi: bool, fixed: dict[str, bool]) -> Iterator[Hand]:
    ctx, names, axes = _context_axes(hand, reads, riichi, fixed)
    for bits in product((False, True), repeat=len(names)):
        for rest in product(*axes[1:]):
            yield _in_context(hand, ctx, names, (bits, *rest))


def random_situation(hand: Hand, reading: Reading, reads: frozenset[str], riichi: bool, fixed: dict[str, bool],
                     rnd: Random, melds: Needs | None = None) -> Hand:
    """One of `situations(hand, reading, reads, riichi, fixed)`, drawn with `rnd`, each dimension at random; the
    claims and kongs among those that meet the counts of `melds` where some do (three kongs, two of them
    concealed, are one choice in dozens)."""
    wins = [hand] + list(win_moves(hand)) if "win" in reads else [hand]
    w = rnd.choice(wins)
    h = w
    if "sets" in reads:
        choices = _set_choices(w, reading)
        meeting = [c for c in choices if melds is None or melds.melds_hold(c)]
        h = rnd.choice(meeting or choices)
    ctx, names, axes = _context_axes(h, reads, riichi, fixed)
    bits = tuple(rnd.random() < 0.5 for _ in names)
    return _in_context(h, ctx, names, (bits, *(rnd.choice(axis) for axis in axes[1:])))
