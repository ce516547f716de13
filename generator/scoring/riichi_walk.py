"""Riichi's yaku of one reading, found in one walk over its sets: no `View`, no call per detector.

Why: every scored Riichi hand comes through here once per reading, and the common way (a `View` of the reading,
the gates' look-ups, then one call per admitted detector) was most of a Riichi reading's scoring. The walk answers
for the detectors the Riichi rule sets use, with the parameters they use them with:

- what the hand alone decides (the win's flags, the tiles' suits and kinds, the dora) is found once per hand
  (`HandYaku`); the patterns with an exact gate on the tiles and the win (`Gate.exact`: riichi, menzen tsumo,
  the flushes, all simples…) are decided by that gate itself, as the common way decides them;
- the rest is read off one pass over the reading's sets (`walk`).

The rule data stays the source: which patterns there are, their detectors and parameters decide what the walk
looks for (`WalkPlan`); a pattern whose detector or parameters it does not know runs through the common
detectors (`WalkPlan.others`), so a new pattern is correct before it is fast. tests/test_riichi_walk.py checks on
seeded hands of every form, under every Riichi rule set, that the walk finds exactly what the detectors find.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from operator import eq, or_
from typing import Any, NamedTuple

from ..detectors import REGISTRY, WHOLE, Match, View
from ..detectors.ranks import TILE_LISTS
from ..detectors.riichi import dora_count, plain_pair_and_wait, pungs_on_single_wait, waited_on_thirteen
from ..detectors.gate import Gate
from ..detectors.suits import gates_shape
from ..detectors.view import TILE_BITS, ContextKey, ContextProfile, TileProfile, context_key_of, tile_key_of
from ..hand import Hand
from ..rules import Pattern
from ..shapes import Form, Kind, Reading
from ..tiles import DRAGONS, NUM_KINDS, WINDS, Tile, is_orphan, is_terminal
from .common import matches_of
from .gates import candidates_of

_CHOW, _PUNG, _KONG = Kind.CHOW, Kind.PUNG, Kind.KONG
_REGULAR, _SEVEN_PAIRS, _THIRTEEN_ORPHANS = Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS
_WITH_PAIR = (Form.REGULAR, Form.KNITTED_STRAIGHT)
_FORM_NAMED = {f.value: f for f in Form}
"""Enum members as module constants: every scored Riichi reading reads them (see shapes.py)."""
_ORPHAN = tuple(is_orphan(t) for t in range(NUM_KINDS))
_TERMINAL = tuple(is_terminal(t) for t in range(NUM_KINDS))
_SCORING_HONOURS = {"dragon": DRAGONS, "wind": WINDS}
"""`honor_pung`'s fixed families; the seat and prevalent winds are the hand's."""

Hit = tuple[int, str, tuple[Match, ...]]
"""A pattern found: its place in the rule set's list, its id and its matches (a tuple: hits are memo keys)."""
_ONCE: tuple[Match, ...] = (WHOLE,)
"""The matches of a whole-hand pattern."""
Entry = tuple[int, str, dict[str, Any]]
"""A pattern the walk looks for: its place in the list, its id and its detector's arguments (defaults filled in)."""


# --------------------------------------------------------------------------- the plan


_KNOWN: dict[str, Any] = {
    # detector: which arguments the walk answers for (None: any)
    "form": None, "thirteen_wait": None, "pinfu": None, "single_wait_pungs": None, "all_pungs": None,
    "all_honors": None, "mixed_chows": None, "honor_pung": None, "dora": None, "tile_list": None,
    # where the patterns of `found_in` need a set to show (the walk looks for them only then):
    "identical_chows": lambda a: a["n"] >= 2,
    "concealed_pungs": lambda a: a["n"] >= 1,
    "honor_sets": lambda a: a["pungs"] >= 1,
    "pure_straight": lambda a: a["suits"] == "one",
    "mixed_pungs": lambda a: not a["pair"],
    "kongs": lambda a: a["concealed"] == "any" and a["n"] >= 1,
    "outside": lambda a: True,
    "terminals_honors": lambda a: not a["pungs"],
    "nine_gates": lambda a: a["concealed"] and not a["self_draw_any"],
}


@dataclass(frozen=True)
class WalkPlan:
    """What the walk looks for in the readings of one rule set's hands, closed or open (an open hand does not look
    for the patterns it cannot count), worked out once per rule set."""

    by_gate: tuple[tuple[int, str, Gate, dict[str, Any]], ...]  # decided by an exact gate on tiles and the win
    by_detector: dict[str, tuple[Entry, ...]]  # per detector the walk knows, its patterns
    others: tuple[Pattern, ...]  # run through the common detectors
    order: dict[str, int]  # each pattern's place in the list
    # `profile`'s memos: the tile and context parts' bits (one per pattern of `by_gate`) per profile, with the tile
    # facts; the patterns found per combined mask. All stay small: a few hundred profiles, fewer masks.
    by_tiles: dict[tuple[int, int], tuple[int, int, int, bool, bool]] = field(default_factory=dict)
    by_context: dict[ContextKey, int] = field(default_factory=dict)
    by_mask: dict[int, tuple[Hit, ...]] = field(default_factory=dict)

    @staticmethod
    def of(patterns: tuple[Pattern, ...], wanted: frozenset[str]) -> WalkPlan:
        """The plan for the patterns whose ids are `wanted` (in the list's order)."""
        by_gate: list[tuple[int, str, Gate, dict[str, Any]]] = []
        by_detector: dict[str, list[Entry]] = {name: [] for name in _KNOWN}
        others: list[Pattern] = []
        for i, p in enumerate(patterns):
            if p.id not in wanted:
                continue
            spec = REGISTRY[p.detect]
            args = spec.arguments(p.params)
            gate = spec.gate
            known = _KNOWN.get(p.detect, False)
            if gate is not None and gate.exact and gate.sets is None:
                by_gate.append((i, p.id, gate, args))
            elif known is None or (known is not False and known(args)):
                by_detector[p.detect].append((i, p.id, args))
            else:
                others.append(p)
        return WalkPlan(tuple(by_gate), {name: tuple(e) for name, e in by_detector.items()}, tuple(others),
                        {p.id: i for i, p in enumerate(patterns)})

    def profile(self, hand: Hand, tiles: tuple[Tile, ...], context_key: ContextKey) -> HandProfile:
        """The tile facts of `hand` (whose sorted tiles are `tiles`) and the patterns of `by_gate` it shows: where
        a pattern's exact gate admits the hand, it matches once with the whole hand (gates.py). Each part of the
        gates is kept per profile, as gates.py keeps them: profiles repeat far more than hands do. The tile profile
        is known by the tiles' bits (`TILE_BITS`: all of it but the tiles held four times without a kong, which
        need the counts and are seldom there)."""
        bits = reduce(or_, map(TILE_BITS.__getitem__, tiles))
        hogs = 0
        fours = sum(map(eq, tiles, tiles[3:]))  # the kinds held four times (the tiles are sorted)
        if fours:  # seldom more than the kongs': a kong holds its four
            kongs = 0
            for m in hand.melds:
                if m.is_kong:
                    kongs += 1
            if fours > kongs:
                hogs = tile_key_of(hand)[5]
        by_tiles = self.by_tiles.get((bits, hogs))
        if by_tiles is None:
            t = TileProfile._make(tile_key_of(hand))
            by_tiles = self.by_tiles[bits, hogs] = (self._mask("tiles", t), t.suits, t.honors, t.terminals, t.simples)
        by_context = self.by_context.get(context_key)
        if by_context is None:
            by_context = self.by_context[context_key] = self._mask("context", ContextProfile._make(context_key))
        mask = by_tiles[0] & by_context
        hits = self.by_mask.get(mask)
        if hits is None:
            hits = self.by_mask[mask] = tuple((i, pid, _ONCE) for k, (i, pid, _gate, _args) in enumerate(self.by_gate)
                                              if mask >> k & 1)
        return HandProfile(hits, *by_tiles[1:])

    def _mask(self, part: str, profile: TileProfile | ContextProfile) -> int:
        """The bits (one per pattern of `by_gate`) of the patterns whose gate's `part` admits `profile`."""
        mask = 0
        for k, (_i, _pid, gate, args) in enumerate(self.by_gate):
            test = getattr(gate, part)
            if test is None or test(profile, args):
                mask |= 1 << k
        return mask


class HandProfile(NamedTuple):
    """What a hand's profiles say for all its readings: the patterns of exact gates it shows, and the tile facts
    the walk reads."""

    hits: tuple[Hit, ...]
    suits: int  # bit mask of the suits among the tiles: 1 characters, 2 dots, 4 bamboo
    honours: int  # bit mask: 1 a wind among the tiles, 2 a dragon
    terminals: bool  # a 1 or a 9 among the tiles
    simples: bool  # a 2-8 among the tiles


# --------------------------------------------------------------------------- one hand


class HandYaku:
    """What one hand shows whatever its reading, found once for all its readings."""

    def __init__(self, hand: Hand, plan: WalkPlan) -> None:
        self.hand = hand
        self.plan = plan
        tiles = hand.all_tiles
        context_key = context_key_of(hand)
        self.closed = not context_key[7]  # no claimed meld
        profile = plan.profile(hand, tiles, context_key)
        _, self.suits, self.honours, self.terminals, self.simples = profile
        hits = list(profile.hits)
        by = plan.by_detector
        ctx = hand.context
        if by["dora"] and (ctx.dora or ctx.ura or ctx.red):
            held = tiles.count
            for i, pid, args in by["dora"]:
                n = dora_count(ctx, args["kind"], held)
                if n:
                    hits.append((i, pid, (WHOLE,) * n))
        for i, pid, args in by["tile_list"]:
            if TILE_LISTS[args["which"]].issuperset(tiles):
                hits.append((i, pid, _ONCE))
        self.hits = hits


# --------------------------------------------------------------------------- one reading


def found_in(reading: Reading, facts: HandYaku) -> dict[str, list[Match]]:
    """The matches of every pattern of the plan that shows on `reading`, by pattern id in the rule set's order: what
    `common.matches_of` finds with the gates' candidates."""
    return {pid: list(matches) for _i, pid, matches in walk(reading, facts)}


def walk(reading: Reading, facts: HandYaku) -> tuple[Hit, ...]:
    """`found_in` as the patterns found in the rule set's order, each with its place in it. Each family of patterns
    is looked for only where the sets leave it possible (a pair of simples rules out every outside hand…): most
    readings show a few patterns of the forty."""
    plan, hand = facts.plan, facts.hand
    by = plan.by_detector
    hits = list(facts.hits)
    sets, form = reading.sets, reading.form
    chows: list[int] = []
    pungs: list[int] = []  # pungs and kongs
    kongs: list[int] = []
    concealed: list[int] = []  # pungs and kongs neither claimed nor completed by a discard
    for i, s in enumerate(sets):
        kind = s.kind
        if kind is _CHOW:
            chows.append(i)
        elif kind is _PUNG or kind is _KONG:
            pungs.append(i)
            if kind is _KONG:
                kongs.append(i)
            if not s.exposed:
                concealed.append(i)
    for i, pid, args in by["form"]:
        if form is _FORM_NAMED[args["shape"]]:
            hits.append((i, pid, (tuple(range(len(sets))),)))
    if form is _REGULAR:
        if not facts.simples or not facts.suits:
            _tile_hands(hits, by, facts)
        if _ORPHAN[sets[-1].tile]:  # the pair of an outside hand holds a terminal or an honour
            _outside(hits, by["outside"], sets, facts)
        win_tile = hand.win_tile
        if len(chows) == 4 and facts.closed:
            for i, pid, _args in by["pinfu"]:
                if plain_pair_and_wait(reading, hand.context, win_tile):
                    hits.append((i, pid, _ONCE))
        elif len(pungs) == 4:
            for i, pid, _args in by["all_pungs"]:
                hits.append((i, pid, _ONCE))
            if len(concealed) == 4:
                for i, pid, _args in by["single_wait_pungs"]:
                    if pungs_on_single_wait(reading, win_tile):
                        hits.append((i, pid, _ONCE))
        if by["nine_gates"] and facts.suits in (1, 2, 4) and not facts.honours and not hand.melds:
            _nine_gates(hits, by["nine_gates"], facts)
    elif form is _SEVEN_PAIRS:
        if not facts.simples or not facts.suits:
            _tile_hands(hits, by, facts)
    elif form is _THIRTEEN_ORPHANS:
        for i, pid, _args in by["thirteen_wait"]:
            if waited_on_thirteen(hand):
                hits.append((i, pid, _ONCE))
    if len(chows) >= 2:
        _chows(hits, by, sets, chows)
    if pungs:
        _pungs(hits, by, sets, pungs, kongs, concealed, reading, facts)
    if plan.others:
        order = plan.order
        hits.extend((order[pid], pid, tuple(matches))
                    for pid, matches in found_by_others(hand, reading, plan).items())
    hits.sort()  # by place in the list (no two hits share one)
    return tuple(hits)


def _tile_hands(hits: list[Hit], by: dict[str, tuple[Entry, ...]], facts: HandYaku) -> None:
    """The patterns of every tile a terminal or an honour, or an honour alone (regular and seven-pairs readings)."""
    if not facts.suits:
        for i, pid, _args in by["all_honors"]:
            hits.append((i, pid, _ONCE))
    if facts.simples:
        return
    for i, pid, args in by["terminals_honors"]:
        honours = args["honors"]
        if (honours == "allowed" or (honours == "none" and not facts.honours)
                or (honours == "required" and facts.honours and facts.terminals)):
            hits.append((i, pid, _ONCE))


def _outside(hits: list[Hit], entries: tuple[Entry, ...], sets: tuple[Any, ...], facts: HandYaku) -> None:
    """Every set and the pair holds a terminal (or, where allowed, an honour): `outside`."""
    for i, pid, args in entries:
        allowed = args["honors"] == "allowed"
        if not allowed and facts.honours:
            continue
        ok = _ORPHAN if allowed else _TERMINAL
        for s in sets:  # a chow's middle tile is never a terminal or an honour: its ends decide
            if not (ok[s.tile] or (s.kind is _CHOW and ok[s.tile + 2])):
                break
        else:
            hits.append((i, pid, _ONCE))


def _nine_gates(hits: list[Hit], entries: tuple[Entry, ...], facts: HandYaku) -> None:
    """1112345678999 of one suit and one more tile of it, concealed (`nine_gates`)."""
    hand = facts.hand
    tiles = hand.all_tiles
    if len(tiles) != 14:
        return
    base = tiles[0] // 9 * 9
    counts = [tiles.count(t) for t in range(base, base + 9)]
    for i, pid, args in entries:
        if gates_shape(counts, hand.win_tile - base if args["on_wait"] else None):
            hits.append((i, pid, _ONCE))


def _chows(hits: list[Hit], by: dict[str, tuple[Entry, ...]], sets: tuple[Any, ...], chows: list[int]) -> None:
    """The patterns of two chows or more: identical chows, the same chow in three suits, a pure straight."""
    by_tile = {sets[i].tile: i for i in chows}  # of identical chows, the last (as the detectors read them)
    if len(by_tile) < len(chows):  # some chows are identical
        groups: dict[int, list[int]] = {}
        for i in chows:
            groups.setdefault(sets[i].tile, []).append(i)
        for i, pid, args in by["identical_chows"]:
            matches = _identical(groups, args["n"], args["twice"])
            if matches:
                hits.append((i, pid, matches))
    if len(by_tile) < 3:
        return
    for i, pid, _args in by["mixed_chows"]:
        for rank in range(7):
            if rank in by_tile and rank + 9 in by_tile and rank + 18 in by_tile:
                hits.append((i, pid, ((by_tile[rank], by_tile[rank + 9], by_tile[rank + 18]),)))
                break
    for i, pid, _args in by["pure_straight"]:
        for base in (0, 9, 18):
            if base in by_tile and base + 3 in by_tile and base + 6 in by_tile:
                hits.append((i, pid, ((by_tile[base], by_tile[base + 3], by_tile[base + 6]),)))
                break


def _identical(groups: dict[int, list[int]], n: int, twice: bool) -> tuple[Match, ...]:
    """`identical_chows`: `n` chows of one tile, or with `twice` two groups of two (four of one tile too)."""
    if twice:
        doubles = [g[:2] for g in groups.values() if len(g) >= 2]
        if len(doubles) >= 2:
            return (tuple(doubles[0] + doubles[1]),)
        four = [g for g in groups.values() if len(g) == 4]
        return (tuple(four[0]),) if four else ()
    for tile in sorted(groups):
        if len(groups[tile]) >= n:
            return (tuple(groups[tile][:n]),)
    return ()


def _pungs(hits: list[Hit], by: dict[str, tuple[Entry, ...]], sets: tuple[Any, ...], pungs: list[int],
           kongs: list[int], concealed: list[int], reading: Reading, facts: HandYaku) -> None:
    """The patterns of pungs and kongs: concealed pungs, kongs, the same pung in three suits, honour pungs."""
    for i, pid, args in by["concealed_pungs"]:
        if len(concealed) >= args["n"]:
            hits.append((i, pid, (tuple(concealed),)))
    for i, pid, args in by["kongs"]:
        if len(kongs) >= args["n"]:
            hits.append((i, pid, (tuple(kongs),)))
    if len(pungs) >= 3:
        suited = {sets[i].tile: i for i in pungs if sets[i].tile < 27}
        for i, pid, _args in by["mixed_pungs"]:
            for rank in range(9):
                if rank in suited and rank + 9 in suited and rank + 18 in suited:
                    hits.append((i, pid, ((suited[rank], suited[rank + 9], suited[rank + 18]),)))
                    break
    honours = [i for i in pungs if sets[i].tile >= 27]
    if not honours:
        return
    ctx = facts.hand.context
    for i, pid, args in by["honor_pung"]:
        which = args["which"]
        scoring = (_SCORING_HONOURS.get(which) or ((ctx.seat,) if which == "seat" else (ctx.round,)
                                                   if which == "prevalent" else (ctx.seat, *DRAGONS)))
        matches = tuple([(k,) for k in honours if sets[k].tile in scoring])
        if matches:
            hits.append((i, pid, matches))
    for i, pid, args in by["honor_sets"]:
        matches = _honour_sets(sets, honours, reading, args)
        if matches:
            hits.append((i, pid, matches))


def _honour_sets(sets: tuple[Any, ...], honours: list[int], reading: Reading, args: dict[str, Any]
                 ) -> tuple[Match, ...]:
    """`honor_sets`: `pungs` pungs of a family's different tiles, and with `pair` a pair of another of its tiles."""
    family = WINDS if args["family"] == "winds" else DRAGONS
    used = [i for i in honours if sets[i].tile in family]
    if len({sets[i].tile for i in used}) < args["pungs"]:
        return ()
    if args["pair"]:
        if reading.form not in _WITH_PAIR:
            return ()
        pair = len(sets) - 1
        tile = sets[pair].tile
        if tile not in family or any(sets[i].tile == tile for i in used):
            return ()
        used.append(pair)
    return (tuple(used),)


def found_by_others(hand: Hand, reading: Reading, plan: WalkPlan) -> dict[str, list[Match]]:
    """The matches of the plan's patterns the walk does not know, by the common detectors (none in the shipped
    Riichi rule sets)."""
    view = View(hand, reading)
    return matches_of(view, candidates_of(plan.others).of(view))
