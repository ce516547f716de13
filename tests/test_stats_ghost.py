"""Statistics of 广东麻将 2023 (ghosts): each group's outcomes against brute force that tries every tile a ghost
could play, the plain hands against the orbit enumerator, and the class shortcut against scoring hands of a class
one by one."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product
from math import comb, prod

import pytest

from generator.detectors.suits import NINE_GATES
from generator.rulesets import find_ruleset
from generator.stats.ghost import (DRAGON_GROUP, SUIT, WIND_GROUP, Group, all_hands, all_hands_kinds,
                                   class_combinations, class_key, four_ghosts_only_sample, ghost_supported, outcomes,
                                   removals)
from generator.stats.hands import regular_orbits, seven_pairs_orbits, thirteen_orphans_hands
from generator.stats.tally import score_hand, tile_ruleset
from generator.stats.wins import win_ruleset
from generator.tiles import NUM_KINDS

RULESET = "guangdong-2023"


@cache
def _rs():
    return find_ruleset(RULESET)


@cache
def _tiles():
    return tile_ruleset(_rs())


def _made(counts: tuple[int, ...], group: Group) -> set[tuple[str, int, bool, bool]]:
    """What a group's complete counts make, read directly: every split into sets and at most one pair with its
    flags, seven pairs, thirteen orphans' part."""
    out: set[tuple[str, int, bool, bool]] = set()

    def split(c: list[int], pairs: int, pungs: bool, orphan: bool) -> None:
        if not any(c):
            out.add(("regular", pairs, pungs, orphan))
            return
        i = next(k for k, n in enumerate(c) if n)
        if c[i] >= 3:
            c[i] -= 3
            split(c, pairs, pungs, orphan and i in group.orphans)
            c[i] += 3
        if c[i] >= 2 and pairs == 0:
            c[i] -= 2
            split(c, 1, pungs, orphan and i in group.orphans)
            c[i] += 2
        if group.chows and i + 2 < group.kinds and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            split(c, pairs, False, False)
            for k in (i, i + 1, i + 2):
                c[k] += 1

    if sum(counts) % 3 != 1:
        split(list(counts), 0, True, True)
    if all(n in (0, 2, 4) for n in counts):
        out.add(("seven-pairs", sum(counts) // 2, False, False))
    if all((n >= 1) == (k in group.orphans) and n <= 2 for k, n in enumerate(counts)) and list(counts).count(2) <= 1:
        out.add(("thirteen-orphans", list(counts).count(2), False, True))
    return out


def _brute(counts: tuple[int, ...], group: Group) -> frozenset[tuple]:
    """Every outcome of the counts with 0-4 ghosts, a ghost playing any tile of the group but no fifth copy."""
    out = set()
    for k in range(5):
        for fill in combinations_with_replacement(range(group.kinds), k):
            c = list(counts)
            for t in fill:
                c[t] += 1
            if max(c) <= 4 and sum(c) <= 14:
                out |= {(k,) + m for m in _made(tuple(c), group)}
    return frozenset(out)


def _vectors(kinds: int, total: int) -> list[tuple[int, ...]]:
    if kinds == 0:
        return [()]
    return [(c,) + rest for c in range(min(4, total) + 1) for rest in _vectors(kinds - 1, total - c)]


@pytest.mark.parametrize("group", [WIND_GROUP, DRAGON_GROUP], ids=["winds", "dragons"])
def test_honour_outcomes_are_brute_force(group):
    table = outcomes(group)
    for v in product(range(5), repeat=group.kinds):
        assert table.get(v, frozenset()) == _brute(v, group), v


def test_suit_outcomes_are_brute_force():
    """Every suit of at most five tiles, and 400 seeded larger ones, against every fill of up to four ghosts."""
    table = outcomes(SUIT)
    rng = random.Random(34)
    small = [v for v in _vectors(9, 5)]
    large = [tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(400)]
    for v in small + [v for v in large if sum(v) <= 14]:
        assert table.get(v, frozenset()) == _brute(v, SUIT), v


def test_all_hands_counts_by_hand():
    assert all_hands(2) == (comb(34, 2) + 34, comb(136, 2))
    assert all_hands(3)[1] == comb(136, 3)
    assert all_hands(14)[1] == comb(136, 14)
    assert all_hands_kinds(2) == 34 * 1 + comb(34, 2) * 2
    three = [v for v in _vectors(34, 3) if sum(v) == 3]
    assert all_hands_kinds(3) == sum(sum(1 for c in v if c) for v in three)


def test_plain_hands_are_the_orbit_enumerators():
    """With no ghost, the classes hold exactly the hands the orbit enumerator lists for the rule set's forms (four
    sets and a pair, seven pairs with quads, thirteen orphans), hand for hand and weight for weight."""
    hands = weight = kinds = 0
    for c in class_combinations(_rs(), only=0):
        hands, weight, kinds = hands + c.hands, weight + c.weight, kinds + c.kinds
    orbits = list(regular_orbits()) + list(seven_pairs_orbits(quads=True))
    orphans = thirteen_orphans_hands()
    expect_hands = sum(o.size for o in orbits) + len(orphans)
    expect_weight = sum(o.size * o.weight for o in orbits) + sum(prod(comb(4, c) for c in h) for h in orphans)
    expect_kinds = sum(o.size * sum(1 for c in o.counts if c) for o in orbits) + 13 * len(orphans)
    assert (hands, weight, kinds) == (expect_hands, expect_weight, expect_kinds)


@cache
def _classes() -> dict[tuple, tuple[int, ...]]:
    return {class_key(c.counts, c.ghosts): c.counts for c in class_combinations(_rs())}


def _random_hand(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """A seeded complete hand with 1-4 of its tiles turned into ghosts, or ten random tiles and four ghosts."""
    while True:
        c = [0] * NUM_KINDS
        shape = rng.random()
        if shape < 0.2:
            tiles = rng.sample(range(NUM_KINDS), 10) if rng.random() < 0.5 else [rng.randrange(9) for _ in range(10)]
            if rng.random() < 0.5:  # a suit that four ghosts cannot make whole, found by trying
                suit = next(v for v in iter(lambda: tuple(rng.choice((0, 1, 1, 2, 3)) for _ in range(9)), None)
                            if sum(v) <= 10 and v not in outcomes(SUIT))
                tiles = [r for r in range(9) for _ in range(suit[r])] + rng.sample(range(9, NUM_KINDS), 10 - sum(suit))
            for t in tiles:
                c[t] += 1
            if max(c) <= 4:
                return tuple(c), 4
            continue
        suits = rng.sample(range(3), rng.choice((1, 1, 2, 3)))
        pool = [9 * s + r for s in suits for r in range(9)] + list(range(27, 34)) * (rng.random() < 0.5)
        if shape < 0.35:
            for t in rng.sample(pool, 7):
                c[t] += 2
        else:
            for _ in range(4):
                t = rng.choice(pool)
                if t < 27 and t % 9 < 7 and rng.random() < 0.5:
                    for k in (t, t + 1, t + 2):
                        c[k] += 1
                else:
                    c[t] += 3
            c[rng.choice(pool)] += 2
        if max(c) > 4:
            continue
        ghosts = rng.randint(1, 4)
        tiles = [t for t in range(NUM_KINDS) for _ in range(c[t])]
        for t in rng.sample(tiles, ghosts):
            c[t] -= 1
        return tuple(c), ghosts


def test_hands_of_a_class_score_alike():
    """400 seeded hands with ghosts, each scored by the engine beside the hand that stands for its class: the same
    completeness, the same patterns shown and counted. Four-ghost hands outside every class score 四鬼和 alone."""
    rng = random.Random(2023)
    classes = _classes()
    forms = Counter()
    for _ in range(400):
        counts, ghosts = _random_hand(rng)
        mine = score_hand(counts, _tiles(), ghosts=ghosts)
        key = class_key(counts, ghosts)
        if key is None:
            assert ghosts == 4 and mine.counted == {"four-ghosts"}, counts
            forms["four ghosts only"] += 1
            continue
        assert key in classes, (counts, ghosts)
        theirs = score_hand(classes[key], _tiles(), ghosts=ghosts)
        assert (mine.complete, mine.shown, mine.counted) == (theirs.complete, theirs.shown, theirs.counted), counts
        forms[ghosts] += 1
    assert all(forms[g] > 30 for g in range(1, 5)) and forms["four ghosts only"] > 10, forms
    lump = score_hand(four_ghosts_only_sample(), _tiles(), ghosts=4)
    assert lump.complete and lump.counted == {"four-ghosts"}


def test_only_the_ghost_rule_set_is_counted_by_ghost_classes():
    assert ghost_supported(_rs())
    assert not ghost_supported(find_ruleset("tuidaohu-2024"))


def test_nine_gates_shows_only_in_the_listed_wins():
    """The win figures score only the wins whose thirteen tiles before the win are 1112345678999 with ghosts
    standing in. 300 seeded one-suit hands near that shape (a tile moved, ghosts anywhere), each won on every tile
    of the suit it holds: wherever the engine shows nine gates, the win is one of those."""
    listed = {(standing[:w] + (standing[w] + 1,) + standing[w + 1:], g, w)
              for g in range(5) for standing in removals(NINE_GATES, g) for w in range(9) if standing[w] < 4}
    wins = win_ruleset(_rs())
    rng = random.Random(9)
    shown = 0
    for _ in range(300):
        tiles = [r for r, n in enumerate(NINE_GATES) for _ in range(n)] + [rng.randrange(9)]
        if rng.random() < 0.5:
            tiles[rng.randrange(14)] = rng.randrange(9)
        ghosts = rng.randint(0, 4)
        for t in rng.sample(tiles, ghosts):
            tiles.remove(t)
        counts = tuple(tiles.count(r) for r in range(9))
        if max(counts) > 4:
            continue
        for w in (r for r in range(9) if counts[r]):
            result = score_hand(counts + (0,) * 25, wins, w, True, ghosts=ghosts)
            if "nine-gates" in result.shown:
                shown += 1
                assert (counts, ghosts, w) in listed, (counts, ghosts, w)
    assert shown > 50

