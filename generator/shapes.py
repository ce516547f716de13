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
from itertools import permutations, product
from operator import itemgetter

from .hand import Hand, Meld, MeldKind
from .tiles import NUM_KINDS, ORPHANS, Tile, counts_of


class Form(str, Enum):
    REGULAR = "regular"  # four sets and a pair
    SEVEN_PAIRS = "seven-pairs"
    THIRTEEN_ORPHANS = "thirteen-orphans"
    HONORS_KNITTED = "honors-knitted"  # lesser / greater honours and knitted tiles
    KNITTED_STRAIGHT = "knitted-straight"  # knitted straight + one set + pair
    FOUR_GHOSTS = "four-ghosts"  # 四鬼和: the four ghosts in the hand, the other tiles anything (generator/ghosts.py)


class Kind(str, Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"  # three tiles of a knitted straight, e.g. 1m 4m 7m


# Enum members as module constants for the per-set and per-reading tests below: `Kind.CHOW` is looked up
# through the enum metaclass's attribute hook (about 70 ns on Python 3.11, ten times a global).
_CHOW, _PUNG, _KONG, _PAIR, _KNITTED = Kind.CHOW, Kind.PUNG, Kind.KONG, Kind.PAIR, Kind.KNITTED
_REGULAR, _SEVEN_PAIRS, _THIRTEEN_ORPHANS = Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS
_HONORS_KNITTED, _KNITTED_STRAIGHT = Form.HONORS_KNITTED, Form.KNITTED_STRAIGHT


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
        if self.kind is _CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        if self.kind is _KNITTED:
            return (self.tile, self.tile + 3, self.tile + 6)
        n = {_PUNG: 3, _KONG: 4, _PAIR: 2}[self.kind]
        return (self.tile,) * n

    @property
    def is_pung(self) -> bool:
        """Pungs and kongs alike (both count as triplets)."""
        return self.kind is _PUNG or self.kind is _KONG

    def holds(self, tile: Tile) -> bool:
        """Whether the set holds `tile` (`tile in self.tiles`, without building the tuple)."""
        kind = self.kind
        if kind is _CHOW:
            return self.tile <= tile <= self.tile + 2
        if kind is _KNITTED:
            return tile in (self.tile, self.tile + 3, self.tile + 6)
        return tile == self.tile

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
        return self.sets[-1] if self.form in (_REGULAR, _KNITTED_STRAIGHT) else None


_PAIRS = tuple(TileSet(Kind.PAIR, t) for t in range(NUM_KINDS))
_PUNGS = tuple(TileSet(Kind.PUNG, t) for t in range(NUM_KINDS))
_CHOWS = tuple(TileSet(Kind.CHOW, t) for t in range(NUM_KINDS))
"""Sets shared by every reading that has them (TileSets are frozen values; making one costs more than a lookup)."""

ALL_FORMS = frozenset(Form)
STANDARD_FORMS = frozenset({Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS})


# ----------------------------------------------------------------------------- decomposition


GROUPS: tuple[tuple[Tile, Tile], ...] = ((0, 9), (9, 18), (18, 27), (27, 34))
"""The tile ranges that sets never cross: the three suits, then the honours (no chows)."""

Split = tuple[tuple[TileSet, ...], tuple[TileSet, ...]]
"""One way to split a group into sets: its chows, then its pungs, each in tile order. Kept apart so
that a hand's sets come out sorted (chows before pungs, as `TileSet` orders them) by joining its
groups' splits, with no sorting and no new sets made."""


def _first_held(counts: tuple[int, ...]) -> int:
    """Index of the first nonzero count, -1 when all are zero (a plain loop: the splitting searches
    ask this on every step, and a generator costs more than the search)."""
    for i, n in enumerate(counts):
        if n:
            return i
    return -1


@lru_cache(maxsize=1 << 15)
def group_sets(group: tuple[int, ...], base: Tile) -> tuple[Split, ...]:
    """Every way to split one group's counts (a suit's nine, or the honours' seven, starting at
    tile `base`) into pungs and chows; () when there is none.

    Why per group: no set crosses a suit, so a hand's splits are the product of its groups'
    splits, and the count vector of one suit recurs across hands far more often than a whole
    hand does, so this memo is hit where a memo on whole hands would not be.
    """
    first = _first_held(group)
    if first < 0:
        return (((), ()),)
    out: list[Split] = []
    c = list(group)
    if c[first] >= 3:
        c[first] -= 3
        pung = (_PUNGS[base + first],)
        out.extend((chows, pung + pungs) for chows, pungs in group_sets(tuple(c), base))
        c[first] += 3
    if base < 27 and first <= 6 and c[first + 1] and c[first + 2]:
        c[first] -= 1
        c[first + 1] -= 1
        c[first + 2] -= 1
        chow = (_CHOWS[base + first],)
        out.extend((chow + chows, pungs) for chows, pungs in group_sets(tuple(c), base))
    # Both ways can end in the same split: four copies of the lowest tile beside a chow from it (1111 2 3) are a
    # pung and a chow whichever is taken first, and a reading twice is scored twice.
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=1 << 12)
def decompositions(counts: tuple[int, ...]) -> tuple[tuple[Tile, tuple[TileSet, ...]], ...]:
    """Every (pair, sets) split of standing tiles whose count is 3n+2, the sets sorted.

    Distinct results only, so 111222333m gives pungs and chows once each. Pairs in tile order;
    for each pair, the product of the groups' splits (`group_sets`), the lowest group varying
    slowest: the order a search from the lowest tile up meets them. The four groups are spelt
    out rather than looped over: every hand of every rule set comes through here.
    """
    groups = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    pair_group = -1
    for g in range(4):
        rest = sum(groups[g]) % 3
        if rest:
            if rest == 1 or pair_group >= 0:
                return ()
            pair_group = g
    if pair_group < 0:
        return ()
    parts: list[tuple[Split, ...]] = [_PAIR_SLOT] * 4
    for g in range(4):
        if g != pair_group:
            splits = group_sets(groups[g], _BASES[g])
            if not splits:
                return ()
            parts[g] = splits
    out: list[tuple[Tile, tuple[TileSet, ...]]] = []
    for p, splits in _pair_splits(groups[pair_group], _BASES[pair_group]):
        parts[pair_group] = splits
        m, pp, s, z = parts
        if len(m) == len(pp) == len(s) == len(z) == 1:  # most hands: one split per group
            out.append((p, _joined((m[0], pp[0], s[0], z[0]))))
        else:
            out.extend([(p, _joined(combo)) for combo in product(m, pp, s, z)])
    return tuple(out)


_BASES: tuple[Tile, ...] = tuple(a for a, _ in GROUPS)
_PAIR_SLOT: tuple[Split, ...] = ()
"""Placeholder of the pair's group in `decompositions` until its splits are known."""


def _joined(splits: tuple[Split, ...]) -> tuple[TileSet, ...]:
    """The four groups' splits as one sorted tuple of sets: all chows, then all pungs."""
    m, p, s, z = splits
    return m[0] + p[0] + s[0] + m[1] + p[1] + s[1] + z[1]


@lru_cache(maxsize=1 << 14)
def _pair_splits(group: tuple[int, ...], base: Tile) -> tuple[tuple[Tile, tuple[Split, ...]], ...]:
    """For each tile of a group that can be the pair, in tile order, the group's splits of the rest
    into sets (`group_sets`); tiles whose rest does not split are left out. Memoised per group, like
    `group_sets`, for the same reason."""
    out = []
    for i, n in enumerate(group):
        if n < 2:
            continue
        reduced = list(group)
        reduced[i] -= 2
        splits = group_sets(tuple(reduced), base)
        if splits:
            out.append((base + i, splits))
    return tuple(out)


# ----------------------------------------------------------------------------- forms


KNITTED_PATTERNS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(suit * 9 + start + 3 * k for suit, start in zip(perm, range(3)) for k in range(3)))
    for perm in permutations(range(3))
)
"""The six knitted straights (147/258/369 spread over the three suits in every order)."""

_KNITTED_HELD = tuple(itemgetter(*k) for k in KNITTED_PATTERNS)
"""Per knitted straight, the counts of its nine tiles in one C call: most hands hold enough different
suit tiles to be asked about all six."""
_KNITTED_SETS = tuple(tuple(sorted(TileSet(_KNITTED, t) for t in k[::3])) for k in KNITTED_PATTERNS)
"""Per knitted straight, its three knitted sets in order, made once."""


def is_seven_pairs(counts: list[int], four_as_two: bool) -> bool:
    """Whether every count is 0, 2 or (with `four_as_two`) 4, making seven pairs; by C-level counts, not a loop."""
    twos = counts.count(2)
    fours = counts.count(4) if four_as_two else 0
    return twos + 2 * fours == 7 and counts.count(0) + twos + fours == len(counts)


def _with_win(sets: tuple[TileSet, ...], win: Tile, tsumo: bool, form: Form) -> list[Reading]:
    """One reading per distinct concealed set that can hold the winning tile. Readings that expose
    no pung share `sets` (tuples are values), so most hands copy no set list at all."""
    readings = []
    seen: list[TileSet] = []  # `in` tries identity first, and concealed sets are shared constants (`_CHOWS` …)
    for i, s in enumerate(sets):
        if s.melded or not s.holds(win) or s in seen:
            continue
        seen.append(s)
        if s.kind is _PUNG and not tsumo:
            placed = list(sets)
            placed[i] = _EXPOSED_PUNGS[s.tile]
            readings.append(Reading(form, tuple(placed), i))
        else:
            readings.append(Reading(form, sets, i))
    return readings


_MELD_KIND = {MeldKind.CHOW: Kind.CHOW, MeldKind.PUNG: Kind.PUNG, MeldKind.KONG: Kind.KONG}


_MELD_SETS = {(kind, concealed): tuple(TileSet(_MELD_KIND[kind], t, melded=True, exposed=not concealed)
                                       for t in range(NUM_KINDS))
              for kind in MeldKind for concealed in (False, True)}
"""Every meld's set, made once and looked up by the meld's fields: a memo keyed by the `Meld` itself
would hash it in Python (a dataclass) on every hand."""


def _meld_set(m: Meld) -> TileSet:
    return _MELD_SETS[m.kind, m.concealed][m.tile]


def _meld_sets(hand: Hand) -> list[TileSet]:
    return [_meld_set(m) for m in hand.melds]


_EXPOSED_PUNGS = tuple(TileSet(Kind.PUNG, t, melded=False, exposed=True) for t in range(NUM_KINDS))


def regular_readings(hand: Hand) -> list[Reading]:
    return list(_regular_readings(tuple(_closed_counts(hand)), hand.melds, hand.win_tile, hand.context.tsumo))


def _closed_counts(hand: Hand) -> list[int]:
    """Counts of the standing tiles, the winning tile included (`counts_of(hand.closed_tiles)`, unsorted)."""
    closed = counts_of(hand.concealed)
    closed[hand.win_tile] += 1
    return closed


def _regular_readings(closed: tuple[int, ...], melds: tuple[Meld, ...], win: Tile, tsumo: bool
                      ) -> tuple[Reading, ...]:
    """Regular readings depend on the standing tiles (as counts, the winning tile included), the melds,
    the winning tile and self-draw only, so one computation serves every rule set that scores the hand:
    a build and a batch of several rule sets ask for the same hand one rule set (or context) after another.

    Why the last answer only, not an lru memo: random hands do not recur, and hashing the key (each meld
    hashes in Python) costs a one-rule-set batch 1% for nothing, while comparing with the last key is cheap."""
    key = (closed, melds, win, tsumo)
    last_key, last = _last_regular[0]
    if key == last_key:
        return last
    meld_sets = [_meld_set(m) for m in melds]
    out: list[Reading] = []
    for pair, body in decompositions(closed):
        out.extend(_with_win((*meld_sets, *body, _PAIRS[pair]), win, tsumo, _REGULAR))
    found = tuple(out)
    _last_regular[0] = (key, found)
    return found


_last_regular: list[tuple[tuple[object, ...], tuple[Reading, ...]]] = [((), ())]
"""The last key and answer of `_regular_readings` (a list, so the function updates it without `global`)."""


def _seven_pairs(hand: Hand, counts: list[int], four_as_two: bool) -> list[Reading]:
    if not is_seven_pairs(counts, four_as_two):
        return []
    held = hand.closed_tiles[::2]  # every count is even: each pair's tile once, in order
    return [Reading(_SEVEN_PAIRS, tuple([_PAIRS[t] for t in held]), held.index(hand.win_tile))]


def _thirteen_orphans(tiles: tuple[Tile, ...]) -> list[Reading]:
    if len(tiles) == 14 and set(tiles) == _ORPHAN_SET:
        return [Reading(_THIRTEEN_ORPHANS, (), None, tiles)]
    return []


def _honors_knitted(tiles: tuple[Tile, ...]) -> list[Reading]:
    if len(set(tiles)) != 14:
        return []
    suited = {t for t in tiles if t < 27}
    if any(suited <= set(k) for k in KNITTED_PATTERNS):
        return [Reading(_HONORS_KNITTED, (), None, tiles)]
    return []


def _knitted_straight(hand: Hand, closed: list[int]) -> list[Reading]:
    if closed[:27].count(0) > 18:  # fewer than the nine different suit tiles of a knitted straight
        return []
    melds = _meld_sets(hand)
    out: list[Reading] = []
    for pattern, held, knitted in zip(KNITTED_PATTERNS, _KNITTED_HELD, _KNITTED_SETS):
        if 0 in held(closed):
            continue
        rest = list(closed)
        for t in pattern:
            rest[t] -= 1
        for pair, body in decompositions(tuple(rest)):
            all_sets = (*knitted, *melds, *body, _PAIRS[pair])
            out.extend(_with_win(all_sets, hand.win_tile, hand.context.tsumo, _KNITTED_STRAIGHT))
    return out


_ORPHAN_SET = frozenset(ORPHANS)
_SPECIAL_FORMS = frozenset({Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS, Form.HONORS_KNITTED, Form.KNITTED_STRAIGHT})


def readings(hand: Hand, forms: frozenset[Form] = STANDARD_FORMS, *, four_as_two_pairs: bool = True) -> list[Reading]:
    """Every reading of `hand` in the given forms; empty when the hand is not complete."""
    counts = _closed_counts(hand)
    out: list[Reading] = list(_regular_readings(tuple(counts), hand.melds, hand.win_tile, hand.context.tsumo)
                              ) if _REGULAR in forms else []
    if forms.isdisjoint(_SPECIAL_FORMS) or len(hand.melds) > 1:
        return out
    if not hand.melds:
        # The forms without melds differ in how many kinds of tile they hold (seven pairs at most seven, thirteen
        # orphans thirteen, honours and knitted fourteen): one count rules out at least two of them.
        kinds = NUM_KINDS - counts.count(0)
        if _SEVEN_PAIRS in forms and kinds <= 7:
            out.extend(_seven_pairs(hand, counts, four_as_two_pairs))
        if _THIRTEEN_ORPHANS in forms and kinds == 13:
            out.extend(_thirteen_orphans(hand.closed_tiles))
        if _HONORS_KNITTED in forms and kinds == 14:
            out.extend(_honors_knitted(hand.closed_tiles))
    if _KNITTED_STRAIGHT in forms:
        out.extend(_knitted_straight(hand, counts))
    return out
