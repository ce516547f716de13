"""Every reading of a complete hand, and the waits of a 13-tile hand.

A scoring policy needs *all* readings, not one: take-the-highest (MCR) and
freedom of count (Zung Jung) both pick the best reading, and the position of the
winning tile changes patterns (a pung completed by a discard is exposed; edge,
closed and single waits), so a reading fixes the sets *and* the set holding the
winning tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from itertools import permutations

from .hand import Hand, MeldKind, WaitingHand
from .tiles import NUM_KINDS, ORPHANS, Tile, counts_of


class Form(str, Enum):
    REGULAR = "regular"  # four sets and a pair
    SEVEN_PAIRS = "seven-pairs"
    THIRTEEN_ORPHANS = "thirteen-orphans"
    HONORS_KNITTED = "honors-knitted"  # lesser / greater honours and knitted tiles
    KNITTED_STRAIGHT = "knitted-straight"  # knitted straight + one set + pair


class Kind(str, Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"  # three tiles of a knitted straight, e.g. 1m 4m 7m


@dataclass(frozen=True, slots=True, order=True)
class TileSet:
    """One set of a reading. `melded` marks a declared meld (exposed, or a concealed kong);
    `exposed` is what concealment-based patterns read: claimed melds, and a pung
    completed by another player's discard."""

    kind: Kind
    tile: Tile
    melded: bool = False
    exposed: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is Kind.CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        if self.kind is Kind.KNITTED:
            return (self.tile, self.tile + 3, self.tile + 6)
        n = {Kind.PUNG: 3, Kind.KONG: 4, Kind.PAIR: 2}[self.kind]
        return (self.tile,) * n

    @property
    def is_pung(self) -> bool:
        """Pungs and kongs alike (both count as triplets)."""
        return self.kind is Kind.PUNG or self.kind is Kind.KONG


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand.

    `sets` holds, for a regular hand, the four sets followed by the pair; for seven
    pairs the seven pairs; for the knitted-straight form the three knitted groups,
    the set and the pair; it is empty for thirteen orphans and honours-and-knitted,
    whose tiles are `loose`. `win` is the index in `sets` of the concealed set that
    holds the winning tile (None when the form has no sets).
    """

    form: Form
    sets: tuple[TileSet, ...]
    win: int | None
    loose: tuple[Tile, ...] = ()

    @property
    def pair(self) -> TileSet | None:
        return self.sets[-1] if self.form in (Form.REGULAR, Form.KNITTED_STRAIGHT) else None


ALL_FORMS = frozenset(Form)
STANDARD_FORMS = frozenset({Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS})


# ----------------------------------------------------------------------------- decomposition


@lru_cache(maxsize=1 << 16)
def _sets_only(counts: tuple[int, ...]) -> tuple[tuple[tuple[Kind, Tile], ...], ...]:
    """Every multiset of pungs and chows that uses exactly `counts` (sorted set lists)."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return ((),)
    out: list[tuple[tuple[Kind, Tile], ...]] = []
    c = list(counts)
    if c[first] >= 3:
        c[first] -= 3
        out.extend(((Kind.PUNG, first),) + rest for rest in _sets_only(tuple(c)))
        c[first] += 3
    if first < 27 and first % 9 <= 6 and c[first + 1] and c[first + 2]:
        c[first] -= 1
        c[first + 1] -= 1
        c[first + 2] -= 1
        out.extend(((Kind.CHOW, first),) + rest for rest in _sets_only(tuple(c)))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def decompositions(counts: tuple[int, ...]) -> tuple[tuple[Tile, tuple[tuple[Kind, Tile], ...]], ...]:
    """Every (pair, sets) split of standing tiles whose count is 3n+2.

    Distinct results only: sets are sorted, so 111222333m gives pungs and chows once each.
    """
    out = []
    for p in range(NUM_KINDS):
        if counts[p] >= 2:
            c = list(counts)
            c[p] -= 2
            for sets in _sets_only(tuple(c)):
                out.append((p, sets))
    return tuple(out)





# ----------------------------------------------------------------------------- forms


KNITTED_PATTERNS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(suit * 9 + start + 3 * k for suit, start in zip(perm, range(3)) for k in range(3)))
    for perm in permutations(range(3))
)
"""The six knitted straights (147/258/369 spread over the three suits in every order)."""


def _is_seven_pairs(counts: list[int], four_as_two: bool) -> bool:
    pairs = 0
    for n in counts:
        if n == 2:
            pairs += 1
        elif n == 4 and four_as_two:
            pairs += 2
        elif n:
            return False
    return pairs == 7


def _with_win(sets: list[TileSet], win: Tile, tsumo: bool, form: Form) -> list[Reading]:
    """One reading per distinct concealed set that can hold the winning tile."""
    readings = []
    seen: set[TileSet] = set()
    for i, s in enumerate(sets):
        if s.melded or win not in s.tiles or s in seen:
            continue
        seen.add(s)
        placed = list(sets)
        if s.kind is Kind.PUNG and not tsumo:
            placed[i] = TileSet(s.kind, s.tile, melded=False, exposed=True)
        readings.append(Reading(form, tuple(placed), i))
    return readings


def _meld_sets(hand: Hand) -> list[TileSet]:
    out = []
    for m in hand.melds:
        kind = {MeldKind.CHOW: Kind.CHOW, MeldKind.PUNG: Kind.PUNG, MeldKind.KONG: Kind.KONG}[m.kind]
        out.append(TileSet(kind, m.tile, melded=True, exposed=not m.concealed))
    return out


def regular_readings(hand: Hand) -> list[Reading]:
    closed = counts_of(hand.closed_tiles)
    melds = _meld_sets(hand)
    out: list[Reading] = []
    for pair, sets in decompositions(tuple(closed)):
        body = sorted(TileSet(k, t) for k, t in sets)
        all_sets = melds + body + [TileSet(Kind.PAIR, pair)]
        out.extend(_with_win(all_sets, hand.win_tile, hand.context.tsumo, Form.REGULAR))
    return out


def seven_pairs_reading(hand: Hand, four_as_two: bool) -> list[Reading]:
    if hand.melds:
        return []
    counts = counts_of(hand.closed_tiles)
    if not _is_seven_pairs(counts, four_as_two):
        return []
    pairs = [TileSet(Kind.PAIR, t) for t, n in enumerate(counts) for _ in range(n // 2)]
    win = next(i for i, p in enumerate(pairs) if p.tile == hand.win_tile)
    return [Reading(Form.SEVEN_PAIRS, tuple(pairs), win)]


def thirteen_orphans_reading(hand: Hand) -> list[Reading]:
    if hand.melds:
        return []
    tiles = hand.closed_tiles
    if set(tiles) == set(ORPHANS) and len(tiles) == 14:
        return [Reading(Form.THIRTEEN_ORPHANS, (), None, tiles)]
    return []


def honors_knitted_reading(hand: Hand) -> list[Reading]:
    if hand.melds:
        return []
    tiles = hand.closed_tiles
    if len(set(tiles)) != 14:
        return []
    suited = {t for t in tiles if t < 27}
    if any(suited <= set(k) for k in KNITTED_PATTERNS):
        return [Reading(Form.HONORS_KNITTED, (), None, tiles)]
    return []


def knitted_straight_readings(hand: Hand) -> list[Reading]:
    if len(hand.melds) > 1:
        return []
    closed = counts_of(hand.closed_tiles)
    melds = _meld_sets(hand)
    out: list[Reading] = []
    for pattern in KNITTED_PATTERNS:
        if any(closed[t] == 0 for t in pattern):
            continue
        rest = list(closed)
        for t in pattern:
            rest[t] -= 1
        knitted = sorted(TileSet(Kind.KNITTED, t) for t in pattern[::3])
        for pair, sets in decompositions(tuple(rest)):
            body = sorted(TileSet(k, t) for k, t in sets)
            all_sets = knitted + melds + body + [TileSet(Kind.PAIR, pair)]
            out.extend(_with_win(all_sets, hand.win_tile, hand.context.tsumo, Form.KNITTED_STRAIGHT))
    return out


def readings(hand: Hand, forms: frozenset[Form] = STANDARD_FORMS, *, four_as_two_pairs: bool = True) -> list[Reading]:
    """Every reading of `hand` in the given forms; empty when the hand is not complete."""
    out: list[Reading] = []
    if Form.REGULAR in forms:
        out.extend(regular_readings(hand))
    if Form.SEVEN_PAIRS in forms:
        out.extend(seven_pairs_reading(hand, four_as_two_pairs))
    if Form.THIRTEEN_ORPHANS in forms:
        out.extend(thirteen_orphans_reading(hand))
    if Form.HONORS_KNITTED in forms:
        out.extend(honors_knitted_reading(hand))
    if Form.KNITTED_STRAIGHT in forms:
        out.extend(knitted_straight_readings(hand))
    return out


# ----------------------------------------------------------------------------- completeness and waits


@lru_cache(maxsize=1 << 16)
def _group_splits(counts: tuple[int, ...], pair: bool, runs: bool) -> bool:
    """Whether one suit's counts (or the honours', without runs) split into sets, plus a pair if asked."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return not pair
    c = list(counts)
    if pair and c[i] >= 2:
        c[i] -= 2
        if _group_splits(tuple(c), False, runs):
            return True
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        if _group_splits(tuple(c), pair, runs):
            return True
        c[i] += 3
    if runs and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        return _group_splits(tuple(c), pair, runs)
    return False


def splits_into_sets(counts: list[int]) -> bool:
    """Whether counts split into sets and one pair: the yes/no of `decompositions`, suit by suit
    and memoised, since waits ask it for every candidate tile."""
    pair_groups = 0
    for start, end in ((0, 9), (9, 18), (18, 27), (27, 34)):
        rest = sum(counts[start:end]) % 3
        if rest == 1:
            return False
        pair_groups += rest == 2
    if pair_groups != 1:
        return False
    return all(
        _group_splits(tuple(counts[start:end]), sum(counts[start:end]) % 3 == 2, start < 27)
        for start, end in ((0, 9), (9, 18), (18, 27), (27, 34))
    )


def is_complete_counts(closed: list[int], n_melds: int, forms: frozenset[Form], four_as_two_pairs: bool = True) -> bool:
    """Whether standing tiles (as counts, winning tile included) finish the hand in some form.

    Counts may hold a fifth copy: waits use this to find "formal" waits.
    """
    if Form.REGULAR in forms and splits_into_sets(closed):
        return True
    if n_melds == 0:
        if Form.SEVEN_PAIRS in forms and _is_seven_pairs(closed, four_as_two_pairs):
            return True
        if Form.THIRTEEN_ORPHANS in forms and all(closed[t] for t in ORPHANS) and sum(closed) == 14 and all(
            closed[t] == 0 for t in range(NUM_KINDS) if t not in ORPHANS
        ):
            return True
        if Form.HONORS_KNITTED in forms and sum(closed) == 14 and max(closed) == 1:
            suited = {t for t in range(27) if closed[t]}
            if any(suited <= set(k) for k in KNITTED_PATTERNS):
                return True
    if Form.KNITTED_STRAIGHT in forms and n_melds <= 1:
        for pattern in KNITTED_PATTERNS:
            if all(closed[t] for t in pattern):
                rest = list(closed)
                for t in pattern:
                    rest[t] -= 1
                if splits_into_sets(rest):
                    return True
    return False


@dataclass(frozen=True, slots=True)
class Waits:
    """Tiles that complete a 13-tile hand. `formal` ones would need a fifth copy: the
    hand already holds all four, yet MCR counts them when judging a unique wait."""

    waits: tuple[Tile, ...]
    formal: tuple[Tile, ...]

    @property
    def all(self) -> tuple[Tile, ...]:
        return tuple(sorted(self.waits + self.formal))


def waits_of(hand: WaitingHand, forms: frozenset[Form] = STANDARD_FORMS, *, four_as_two_pairs: bool = True) -> Waits:
    closed = counts_of(hand.concealed)
    total = counts_of(list(hand.concealed) + [t for m in hand.melds for t in m.tiles])
    real: list[Tile] = []
    formal: list[Tile] = []
    for t in range(NUM_KINDS):
        closed[t] += 1
        if is_complete_counts(closed, len(hand.melds), forms, four_as_two_pairs):
            (formal if total[t] >= 4 else real).append(t)
        closed[t] -= 1
    return Waits(tuple(real), tuple(formal))
