"""Whether tiles finish a hand, and which tiles a 13-tile hand waits on: yes/no questions, no readings.

Kept apart from `shapes` (which lists every reading of a complete hand) because these are asked
far more often, for every candidate tile of a wait and for every hand the statistics enumerate,
and they answer group by group from memoised yes/no splits instead of building sets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .hand import WaitingHand
from .shapes import GROUPS, KNITTED_PATTERNS, STANDARD_FORMS, Form, is_seven_pairs
from .tiles import NUM_KINDS, ORPHANS, Tile, counts_of


def _sets_only(counts: tuple[int, ...] | list[int], runs: bool) -> bool:
    """Whether one group's counts split into pungs and chows (chows only with `runs`), by one pass
    from the lowest rank up: there the count's remainder mod 3 must open that many chows, since
    three equal chows hold the same tiles as three pungs. No search, so no memo of sub-results."""
    if not runs:
        return all(n % 3 == 0 for n in counts)
    one = two = 0  # chows opened one and two ranks below, which still need a tile of this rank
    last = len(counts) - 1
    for i, n in enumerate(counts):
        n -= one + two
        if n < 0:
            return False
        new = n % 3
        if new and i > last - 2:
            return False
        one, two = new, one
    return True


@lru_cache(maxsize=1 << 15)
def _group_splits(counts: tuple[int, ...], pair: bool, runs: bool) -> bool:
    """Whether one suit's counts (or the honours', without runs) split into sets, plus a pair if asked."""
    if not pair:
        return _sets_only(counts, runs)
    c = list(counts)
    # Every set's ranks (offsets) add up to a multiple of 3 (i+i+i, or i+(i+1)+(i+2)), so the pair's
    # offset p has 2p congruent to the sum of all offsets mod 3: one rank in three can hold it.
    for i in range(2 * _offset_sum(counts) % 3, len(c), 3):
        if c[i] >= 2:
            c[i] -= 2
            if _sets_only(c, runs):
                return True
            c[i] += 2
    return False


def _offset_sum(counts: tuple[int, ...] | list[int]) -> int:
    """The sum of the group's tiles' offsets (rank - 1 within the group)."""
    return sum([i * n for i, n in enumerate(counts)])


def splits_into_sets(counts: list[int]) -> bool:
    """Whether counts split into sets and one pair: the yes/no of `decompositions`, group by
    group and memoised (`_group_splits`), since waits ask it for every candidate tile."""
    pair_groups = 0
    for a, b in GROUPS:
        group = tuple(counts[a:b])
        rest = sum(group) % 3
        if rest == 1 or not _group_splits(group, rest == 2, a < 27):
            return False
        pair_groups += rest == 2
    return pair_groups == 1


@lru_cache(maxsize=1 << 14)
def _group_completions(counts: tuple[int, ...], pair: bool, runs: bool) -> tuple[int, ...]:
    """Offsets in one group whose extra copy lets the group split into sets (plus a pair if asked)."""
    out = []
    c = list(counts)
    reach = 2 if runs else 0  # a tile with no copy held and no neighbour within a chow's reach joins no set
    # Without a pair to place, the offsets must add up to a multiple of 3 (see `_group_splits`).
    first, step = ((-_offset_sum(counts)) % 3, 3) if not pair else (0, 1)
    for i in range(first, len(c), step):
        if not any(c[max(i - reach, 0):i + reach + 1]):
            continue
        c[i] += 1
        if _group_splits(tuple(c), pair, runs):
            out.append(i)
        c[i] -= 1
    return tuple(out)


def completes_alone(standing: list[int], win: Tile) -> bool:
    """Whether `win` is the only tile (a fifth copy included) whose extra copy makes `standing` split
    into sets and one pair, given that `win` does; looks at two groups at most.

    Why: the wait patterns ask this of nearly every reading, and the whole count vector seldom
    recurs, while one group's counts do. Since `standing` plus `win` is complete, every other group
    already splits, so another tile can only complete the hand in the winning tile's own group, or,
    when that group is left holding sets and a pair, in the group holding the complete hand's pair
    (which then must take the tile into its sets).
    """
    g = win // 9
    a, z = GROUPS[g]
    own = tuple(standing[a:z])
    with_pair = sum(own) % 3 == 1  # the complete hand's pair is in this group
    if _group_completions(own, with_pair, g < 3) != (win - a,):
        return False
    if with_pair or not _group_splits(own, True, g < 3):
        return True
    for b, e in GROUPS:
        other = tuple(standing[b:e])
        if b != a and sum(other) % 3 == 2:  # the pair's group, which would take the tile into its sets
            return not _group_completions(other, False, b < 27)
    return True


def is_complete_counts(closed: list[int], n_melds: int, forms: frozenset[Form], four_as_two_pairs: bool = True) -> bool:
    """Whether standing tiles (as counts, winning tile included) finish the hand in some form.

    Counts may hold a fifth copy: waits use this to find "formal" waits.
    """
    if Form.REGULAR in forms and splits_into_sets(closed):
        return True
    if n_melds == 0:
        if Form.SEVEN_PAIRS in forms and is_seven_pairs(closed, four_as_two_pairs):
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
