"""The size of the population of hands with claimed sets (generator/stats/claimed.py), counted without listing
it: each group's counts against listing its hands one by one, and the whole against the published figures of the
concealed hands it must reproduce with no declared set."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import comb, prod

import pytest

from generator.stats.claimed import group_counts, population


def _listed(kinds: int, chows: bool, most: int) -> tuple[Counter[tuple[int, int, int]], Counter[tuple[int, int, int]]]:
    """Distinct (concealed vector, meld multiset) of one group, listed from multisets of sets, a pair and melds,
    with sets and melds together at most `most`; counted and weighed by (sets, pairs, melds)."""
    pungs = [("pung", t) for t in range(kinds)]
    runs = [("chow", t) for t in range(kinds - 2)] if chows else []
    melds = runs + pungs + [("kong", t) for t in range(kinds)] + [("concealed kong", t) for t in range(kinds)]

    def tiles(shape: tuple[str, int]) -> list[int]:
        kind, t = shape
        return [t, t + 1, t + 2] if kind == "chow" else [t] * (4 if "kong" in kind else 3)

    seen: set[tuple[tuple[int, ...], tuple[tuple[str, int], ...], int, int, int]] = set()
    for j in range(most + 1):
        for sets in combinations_with_replacement(runs + pungs, j):
            for pair in [None, *range(kinds)]:
                concealed = [0] * kinds
                for s in sets:
                    for t in tiles(s):
                        concealed[t] += 1
                if pair is not None:
                    concealed[pair] += 2
                for m in range(most - j + 1):
                    for chosen in combinations_with_replacement(melds, m):
                        total = list(concealed)
                        for s in chosen:
                            for t in tiles(s):
                                total[t] += 1
                        if max(total, default=0) <= 4:
                            seen.add((tuple(concealed), tuple(sorted(chosen)), j, int(pair is not None), m))
    hands: Counter[tuple[int, int, int]] = Counter()
    weight: Counter[tuple[int, int, int]] = Counter()
    for concealed, chosen, j, p, m in seen:
        total = list(concealed)
        for s in chosen:
            for t in tiles(s):
                total[t] += 1
        hands[(j, p, m)] += 1
        weight[(j, p, m)] += prod(comb(4, c) for c in total)
    return hands, weight


@pytest.mark.parametrize(("kinds", "chows", "most"), [(4, False, 4), (3, False, 4), (9, True, 3)])
def test_group_counts_are_the_listed_ones(kinds: int, chows: bool, most: int) -> None:
    counted = group_counts(kinds, chows)
    hands, weight = _listed(kinds, chows, most)
    keys = {key for key in counted.hands if key[0] + key[2] <= most}
    assert keys == set(hands)
    assert {key: counted.hands[key] for key in keys} == dict(hands)
    assert {key: counted.weight[key] for key in keys} == dict(weight)


def test_no_declared_set_is_the_published_concealed_population() -> None:
    pop = population()
    assert pop.hands[0] == 11_498_658  # hands of four sets and a pair
    assert pop.weight[0] == 11_353_128_141_498  # their physical tile combinations
    # The figure docs/design.md plans with (the groups' counts are checked against listings above).
    assert sum(pop.hands[k] for k in range(1, 5)) == 1_050_550_599
