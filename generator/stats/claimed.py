"""The next population, sized exactly: hands with claimed sets (declared melds), counted without being listed.

The statistics run covers concealed hands only, so a pattern that needs a meld (a melded hand, a claimed kong)
has no figure. A hand with `k` declared sets is a concealed part of 4 - k sets and a pair (the winning tile among
its tiles) and a multiset of `k` melds, each a claimed chow, a claimed pung, a claimed kong or a concealed kong;
no tile more than four times in all. Two hands are the same when both parts are.

No set and no meld crosses a group (a suit's nine tiles, the winds, the dragons), and a group's share of the
concealed part is a number of sets and at most the pair, fixed by its size. So the count is a product over groups,
summed over how the sets, the pair and the melds are shared out: per group, every concealed vector against every
meld multiset is a few million checks, and the five groups are combined by a convolution over (sets, pairs,
melds). Weighted figures weigh a hand by the physical copies of its tiles, the product over tiles of C(4, count),
as the concealed population's do.

With no meld it gives the concealed population's published 11,498,658 hands of four sets and a pair
(tests/test_stats_claimed.py, with each group's counts against listing them one by one).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb, prod

Vec = tuple[int, ...]

MELD_KINDS = ("chow", "pung", "kong", "concealed kong")
MAX_MELDS = 4


@dataclass(frozen=True)
class GroupCounts:
    """Per (concealed sets, pairs, melds) of one group: how many distinct parts, and their summed weight."""

    hands: dict[tuple[int, int, int], int]
    weight: dict[tuple[int, int, int], int]


def _add(v: Vec, tiles: Vec) -> Vec | None:
    out = tuple(a + b for a, b in zip(v, tiles, strict=True))
    return out if max(out, default=0) <= 4 else None


def _shapes(kinds: int, chows: bool) -> tuple[list[Vec], list[Vec]]:
    """The tile vectors of one set (pungs, and chows in a suit) and of one pair, over a group of `kinds` tiles."""
    unit = [tuple(3 if i == t else 0 for i in range(kinds)) for t in range(kinds)]
    if chows:
        unit += [tuple(1 if t <= i <= t + 2 else 0 for i in range(kinds)) for t in range(kinds - 2)]
    pairs = [tuple(2 if i == t else 0 for i in range(kinds)) for t in range(kinds)]
    return unit, pairs


def concealed_parts(kinds: int, chows: bool) -> dict[tuple[int, int], set[Vec]]:
    """Every vector of the group that splits into `j` sets and `p` pairs (p 0 or 1, j + p at most 5), by (j, p)."""
    sets, pairs = _shapes(kinds, chows)
    out: dict[tuple[int, int], set[Vec]] = {(0, 0): {(0,) * kinds}}
    for j in range(1, 5):
        out[(j, 0)] = {w for v in out[(j - 1, 0)] for s in sets if (w := _add(v, s)) is not None}
    for j in range(5):
        out[(j, 1)] = {w for v in out[(j, 0)] for p in pairs if (w := _add(v, p)) is not None}
    return out


def meld_usage(kinds: int, chows: bool) -> dict[int, Counter[Vec]]:
    """Per number of melds (0 to 4): the tiles each multiset of melds takes, and how many multisets take them
    (a claimed and a concealed kong of a tile take the same tiles)."""
    sets, _ = _shapes(kinds, chows)
    pungs = [s for s in sets if max(s) == 3]
    runs = [s for s in sets if max(s) == 1]
    kongs = [tuple(4 if n else 0 for n in p) for p in pungs]
    melds = runs + pungs + kongs + kongs  # claimed chows, claimed pungs, claimed kongs, concealed kongs
    out: dict[int, Counter[Vec]] = {}
    for m in range(MAX_MELDS + 1):
        usage: Counter[Vec] = Counter()
        for chosen in combinations_with_replacement(range(len(melds)), m):
            total: Vec | None = (0,) * kinds
            for i in chosen:
                total = _add(total, melds[i]) if total is not None else None
            if total is not None:
                usage[total] += 1
        out[m] = usage
    return out


def group_counts(kinds: int, chows: bool) -> GroupCounts:
    """Distinct (concealed part, meld multiset) pairs of one group, by (sets, pairs, melds), with at most four sets
    and melds together and four copies of a tile."""
    parts, usage = concealed_parts(kinds, chows), meld_usage(kinds, chows)
    hands: dict[tuple[int, int, int], int] = {}
    weight: dict[tuple[int, int, int], int] = {}
    for (j, p), vectors in parts.items():
        for m in range(MAX_MELDS + 1 - j):
            n = w = 0
            for v in vectors:
                for used, ways in usage[m].items():
                    total = [a + b for a, b in zip(v, used, strict=True)]
                    if max(total) <= 4:
                        n += ways
                        w += ways * prod(comb(4, c) for c in total)
            if n:
                hands[(j, p, m)], weight[(j, p, m)] = n, w
    return GroupCounts(hands, weight)


@dataclass(frozen=True)
class Population:
    """Distinct hands and their summed weight, by number of declared sets (0 to 4)."""

    hands: dict[int, int]
    weight: dict[int, int]


def population() -> Population:
    """The hands of four sets and a pair with 0 to 4 of the sets declared, over the 34 tile kinds."""
    suit, winds, dragons = group_counts(9, True), group_counts(4, False), group_counts(3, False)
    acc: dict[tuple[int, int, int], tuple[int, int]] = {(0, 0, 0): (1, 1)}
    for group in (suit, suit, suit, winds, dragons):
        nxt: dict[tuple[int, int, int], tuple[int, int]] = {}
        for (j, p, m), (n, w) in acc.items():
            for (gj, gp, gm), gn in group.hands.items():
                key = (j + gj, p + gp, m + gm)
                if key[0] + key[2] > MAX_MELDS or key[1] > 1:
                    continue
                old = nxt.get(key, (0, 0))
                nxt[key] = (old[0] + n * gn, old[1] + w * group.weight[(gj, gp, gm)])
        acc = nxt
    hands = {k: acc[(MAX_MELDS - k, 1, k)][0] for k in range(MAX_MELDS + 1)}
    weight = {k: acc[(MAX_MELDS - k, 1, k)][1] for k in range(MAX_MELDS + 1)}
    return Population(hands, weight)
