"""Every distinct concealed complete hand, as 34-slot tile-count vectors, built from per-suit parts.

No set crosses a suit, so a complete hand of four sets and a pair is three suit parts, a wind
part and a dragon part, each splitting into sets (and one of them holding the pair). The
parts are few (a few thousand per suit), so hands are made by combining them, never by
searching the 34-dimensional space. Seven pairs are combined the same way from parts of
pairs; thirteen orphans and the knitted forms are few enough to list.

Hands come grouped into orbits of the tile symmetries that no tile-only pattern of a
symmetric rule set can tell apart: the three suits among themselves, the four winds among
themselves, the three dragons among themselves. An `Orbit` holds one representative (suit
parts in decreasing order, wind and dragon counts in decreasing order) and the number of
distinct hands it stands for; summing `size` over orbits counts hands.

Published figures the tests and the stats run check: 13,259 one-suit hands, 11,498,658 hands
of four sets and a pair, 16,873,619 with seven pairs (seven different pairs) and thirteen
orphans added.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import permutations
from math import comb, factorial, prod

from ..completion import splits_into_sets
from ..shapes import KNITTED_PATTERNS
from ..tiles import NUM_KINDS, ORPHANS
from ..wilds import suit_state

Vec = tuple[int, ...]

HAND_SIZE = 14


@dataclass(frozen=True, order=True)
class Part:
    """The counts of one group (a suit's nine tiles, the four winds or the three dragons), with its
    size and its `pairs`: the pairs it holds (0 or 1 for sets and a pair, up to 7 for seven pairs)."""

    size: int
    pairs: int
    counts: Vec


@dataclass(frozen=True)
class Orbit:
    """One representative hand and the number of distinct hands its symmetry class holds."""

    counts: Vec  # 34 slots: m, p, s, winds, dragons
    size: int
    form: str  # "regular", "seven-pairs" (quads allowed: `quads`), "thirteen-orphans" or "knitted"
    quads: bool = False  # seven pairs holding a tile four times (two pairs of it)

    @cached_property  # every rule set asks it of the orbit, for its hands and again for its wins
    def weight(self) -> int:
        """Physical tile combinations of one hand of the orbit (all hands of an orbit have the same)."""
        return prod(map(_COPIES_OF_FOUR.__getitem__, self.counts))


_COPIES_OF_FOUR = tuple(comb(4, c) for c in range(5))
"""C(4, c): the ways to take c of a kind's four tiles (a table: the statistics ask the weight of every orbit under
every rule set)."""


# ----------------------------------------------------------------------------- parts


def add_tiles(v: Vec, tiles: dict[int, int]) -> Vec | None:
    """`v` with `tiles` (kind: copies) added, or None where a kind would pass four copies."""
    out = list(v)
    for t, n in tiles.items():
        out[t] += n
        if out[t] > 4:
            return None
    return tuple(out)


def suit_parts(max_size: int = HAND_SIZE) -> list[Part]:
    """Every count vector of one suit that splits into pungs and chows (pairs 0) or into pungs,
    chows and one pair (pairs 1), at most `max_size` tiles, the empty suit included."""
    sets = [{r: 3} for r in range(9)] + [{r: 1, r + 1: 1, r + 2: 1} for r in range(7)]
    level: set[Vec] = {(0,) * 9}
    sets_only = set(level)
    for _ in range(max_size // 3):
        level = {w for v in level for s in sets if (w := add_tiles(v, s)) is not None}
        sets_only |= level
    with_pair = {w for v in sets_only if sum(v) + 2 <= max_size for r in range(9) if (w := add_tiles(v, {r: 2}))}
    parts = [Part(sum(v), 0, v) for v in sets_only if sum(v) <= max_size]
    parts += [Part(sum(v), 1, v) for v in with_pair]
    return sorted(parts)


def wild_suit_parts(max_size: int = HAND_SIZE) -> list[Part]:
    """Every (natural counts, wild count) of one suit and its suit-bound wild that forms sets (pairs 0) or sets
    and one pair (pairs 1) with the wilds standing in, as `wilds.suit_state` decides; ten slots, the wild last,
    at most four of each and `max_size` tiles. Wilds make far more vectors fit than sets alone could build, so
    every bounded vector is asked rather than built from sets."""
    parts = []
    for naturals in _bounded(9, max_size):
        for wilds in range(min(4, max_size - sum(naturals)) + 1):
            size = sum(naturals) + wilds
            if size % 3 == 1:
                continue
            fits, pairs = suit_state(naturals, wilds)
            if fits:
                parts.append(Part(size, pairs, naturals + (wilds,)))
    return sorted(parts)


def _bounded(kinds: int, total: int) -> list[Vec]:
    """Count vectors of `kinds` tiles, at most four of each and `total` in all."""
    if kinds == 0:
        return [()]
    return [(c,) + rest for c in range(min(4, total) + 1) for rest in _bounded(kinds - 1, total - c)]


def honour_parts(kinds: int) -> list[Part]:
    """Pungs and at most one pair of `kinds` honour tiles, counts in decreasing order (one per orbit)."""
    out = []
    for counts in _decreasing(kinds, (3, 2, 0)):
        if counts.count(2) <= 1:
            out.append(Part(sum(counts), counts.count(2), counts))
    return sorted(out)


def pair_parts(kinds: int, decreasing: bool) -> list[Part]:
    """Counts of 0, 2 or 4 (a quad is two pairs) of `kinds` tiles: the parts of seven pairs; with
    `decreasing`, one vector per orbit of permutations of the kinds."""
    vectors = _decreasing(kinds, (4, 2, 0)) if decreasing else _all(kinds, (0, 2, 4))
    return sorted(Part(sum(v), sum(v) // 2, v) for v in vectors if sum(v) <= HAND_SIZE)


def _decreasing(kinds: int, values: tuple[int, ...]) -> list[Vec]:
    if kinds == 0:
        return [()]
    return [(v,) + rest for v in values for rest in _decreasing(kinds - 1, values) if not rest or rest[0] <= v]


def _all(kinds: int, values: tuple[int, ...]) -> list[Vec]:
    if kinds == 0:
        return [()]
    return [(v,) + rest for v in values for rest in _all(kinds - 1, values)]


def arrangements(counts: Vec) -> int:
    """Distinct orderings of `counts`: the orbit of a group's vector under permuting its kinds."""
    return factorial(len(counts)) // prod(factorial(counts.count(c)) for c in set(counts))


# ----------------------------------------------------------------------------- orbits


def _suit_triples(parts: list[Part], size: int, pairs: int) -> Iterator[tuple[tuple[Part, Part, Part], int]]:
    """Multisets of three suit parts (as p1 >= p2 >= p3) with the given total size and pairs, and the
    number of distinct ways to lay each out over the three suits."""
    by_size: dict[int, list[tuple[int, Part]]] = {}
    for i, p in enumerate(parts):
        by_size.setdefault(p.size, []).append((i, p))
    sizes = sorted(by_size, reverse=True)
    for a in sizes:
        for b in sizes:
            c = size - a - b
            if b > a or c > b or c not in by_size:
                continue
            for i, p1 in by_size[a]:
                for j, p2 in by_size[b]:
                    if j > i or p1.pairs + p2.pairs > pairs:
                        continue
                    for k, p3 in by_size[c]:
                        if k > j or p1.pairs + p2.pairs + p3.pairs != pairs:
                            continue
                        layouts = 6 if i != j and j != k else (1 if i == k else 3)
                        yield (p1, p2, p3), layouts


def _combine(suits: list[Part], winds: list[Part], dragons: list[Part], pairs: int) -> Iterator[tuple[Vec, int]]:
    """Representatives (counts, orbit size) of hands made of three suit parts, a wind and a dragon part with
    HAND_SIZE tiles and `pairs` pairs in all; wind and dragon parts are given in decreasing order."""
    for w in winds:
        for d in dragons:
            left_size, left_pairs = HAND_SIZE - w.size - d.size, pairs - w.pairs - d.pairs
            if left_size < 0 or left_pairs < 0:
                continue
            honours = w.counts + d.counts
            outside = arrangements(w.counts) * arrangements(d.counts)
            for triple, layouts in _suit_triples(suits, left_size, left_pairs):
                a, b, c = sorted((p.counts for p in triple), reverse=True)  # the order `canonical` gives
                yield a + b + c + honours, layouts * outside


def regular_orbits() -> Iterator[Orbit]:
    """Hands of four sets and a pair."""
    for counts, size in _combine(suit_parts(), honour_parts(4), honour_parts(3), 1):
        yield Orbit(counts, size, "regular")


def seven_pairs_orbits(quads: bool = True) -> Iterator[Orbit]:
    """Seven pairs that are not also four sets and a pair; with `quads`, also those holding a tile four
    times (two pairs of it), which some rule sets accept."""
    suits = [p for p in pair_parts(9, decreasing=False) if quads or 4 not in p.counts]
    winds = [p for p in pair_parts(4, decreasing=True) if quads or 4 not in p.counts]
    dragons = [p for p in pair_parts(3, decreasing=True) if quads or 4 not in p.counts]
    for counts, size in _combine(suits, winds, dragons, 7):
        if not splits_into_sets(list(counts)):
            yield Orbit(counts, size, "seven-pairs", quads=4 in counts)


def canonical(counts: Vec) -> Vec:
    """The representative of a hand's orbit: suit parts, wind counts and dragon counts in decreasing order."""
    suits = sorted((counts[0:9], counts[9:18], counts[18:27]), reverse=True)
    return suits[0] + suits[1] + suits[2] + tuple(sorted(counts[27:31], reverse=True)) + tuple(
        sorted(counts[31:34], reverse=True))


def _orbits_of(hands: set[Vec], form: str) -> Iterator[Orbit]:
    """Group explicitly listed hands (closed under the symmetries) into orbits."""
    sizes: dict[Vec, int] = {}
    for h in hands:
        rep = canonical(h)
        sizes[rep] = sizes.get(rep, 0) + 1
    for rep in sorted(sizes):
        yield Orbit(rep, sizes[rep], form)


def thirteen_orphans_hands() -> set[Vec]:
    out = set()
    for extra in ORPHANS:
        counts = [0] * NUM_KINDS
        for t in ORPHANS:
            counts[t] += 1
        counts[extra] += 1
        out.add(tuple(counts))
    return out


def knitted_hands() -> set[Vec]:
    """Hands complete only in the knitted forms (MCR): honours and knitted tiles (fourteen different tiles
    from one knitted straight and the seven honours), and knitted straight plus a set and a pair."""
    out: set[Vec] = set()
    honours = tuple(range(27, 34))
    for pattern in KNITTED_PATTERNS:
        pool = pattern + honours
        for left_out in permutations(pool, 2):
            if left_out[0] < left_out[1]:
                out.add(_vector(t for t in pool if t not in left_out))
        groups = [(t, t, t) for t in range(NUM_KINDS)] + [(t, t + 1, t + 2) for t in range(27) if t % 9 <= 6]
        for group in groups:
            for pair in range(NUM_KINDS):
                counts = _vector(pattern + group + (pair, pair))
                if max(counts) <= 4:
                    out.add(counts)
    return {h for h in out if not splits_into_sets(list(h)) and h not in thirteen_orphans_hands()
            and not _seven_pairs(h)}


def _seven_pairs(counts: Vec) -> bool:
    return all(c in (0, 2, 4) for c in counts) and sum(counts) == HAND_SIZE


def _vector(tiles: Iterator[int] | tuple[int, ...]) -> Vec:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def all_orbits(knitted: bool = True) -> Iterator[Orbit]:
    """Every distinct concealed complete hand in some form, once: four sets and a pair, then seven pairs
    (quads allowed) that are not also regular, thirteen orphans, and (with `knitted`) the knitted forms."""
    yield from regular_orbits()
    yield from seven_pairs_orbits(quads=True)
    yield from _orbits_of(thirteen_orphans_hands(), "thirteen-orphans")
    if knitted:
        yield from _orbits_of(knitted_hands(), "knitted")


def one_suit_hands() -> list[Vec]:
    """Complete hands of fourteen tiles of one suit (nine slots): the figure 13,259."""
    return [p.counts for p in suit_parts() if p.size == HAND_SIZE and p.pairs == 1]
