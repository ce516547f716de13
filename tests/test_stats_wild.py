"""Statistics of 团圆 (suit-bound wilds): the per-suit parts and the class counts against brute force that tries
every tile a wild could stand for, and the class shortcut against scoring members of a class one by one."""

from __future__ import annotations

import itertools
from collections import defaultdict
from functools import cache
from math import comb, prod

from generator.rulesets import all_rulesets
from generator.scoring.multiplier import variant
from generator.stats.hands import Part, wild_suit_parts
from generator.stats.store import stats_object
from generator.stats.tally import score_hand, tile_ruleset
from generator.stats.wild import class_combinations, tally_wild, wild_supported
from generator.tiles import NUM_KINDS, WINDS
from generator.wilds import SUIT_WILD

SMALL = 8  # two sets and a pair: every kind of set with and without wilds, small enough to brute-force


@cache
def _sets(counts: tuple[int, ...], pair: bool) -> bool:
    """Whether rank counts (any size, copies unbounded) split into pungs and chows, plus one pair if `pair`."""
    if not any(counts):
        return not pair
    i = next(r for r, n in enumerate(counts) if n)
    c = list(counts)
    options = []
    if c[i] >= 3:
        options.append({i: 3})
    if i <= 6 and c[i + 1] and c[i + 2]:
        options.append({i: 1, i + 1: 1, i + 2: 1})
    if pair and c[i] >= 2:
        options.append({i: 2})
    for take in options:
        rest = tuple(n - take.get(r, 0) for r, n in enumerate(c))
        if _sets(rest, pair and take != {i: 2}):
            return True
    return False


@cache
def _brute_suit(naturals: tuple[int, ...], wilds: int, pair: bool) -> bool:
    """A suit with its wild fits when some choice of ranks for the wilds makes ordinary sets (a wild may play a
    fifth copy: it is a stand-in)."""
    for ranks in itertools.combinations_with_replacement(range(9), wilds):
        c = list(naturals)
        for r in ranks:
            c[r] += 1
        if _sets(tuple(c), pair):
            return True
    return False


def _vectors(kinds: int, total: int) -> list[tuple[int, ...]]:
    if kinds == 0:
        return [()]
    return [(c,) + rest for c in range(min(4, total) + 1) for rest in _vectors(kinds - 1, total - c)]


def test_wild_suit_parts_match_brute_force() -> None:
    want = set()
    for naturals in _vectors(9, SMALL):
        for w in range(min(4, SMALL - sum(naturals)) + 1):
            size = sum(naturals) + w
            if size % 3 != 1 and _brute_suit(naturals, w, size % 3 == 2):
                want.add(Part(size, size % 3 // 2, naturals + (w,)))
    got = wild_suit_parts(SMALL)
    assert len(got) == len(set(got)) and set(got) == want
    # wilds matter: parts complete only through their wilds, and a lone pair of wilds
    assert Part(2, 1, (0,) * 9 + (2,)) in want and Part(3, 0, (1, 0, 1, 0, 0, 0, 0, 0, 0, 1)) in want
    assert sum(1 for p in want if p.counts[9] and not _brute_suit(p.counts[:9], 0, p.pairs == 1)) > 100


def _brute_hand(counts: tuple[int, ...]) -> bool:
    """Four sets and a pair in miniature: each suit with its wild fits, winds are pungs or the pair, one pair."""
    pairs = 0
    for s in range(3):
        naturals, w = counts[9 * s: 9 * s + 9], counts[SUIT_WILD[s]]
        size = sum(naturals) + w
        if size % 3 == 1 or not _brute_suit(naturals, w, size % 3 == 2):
            return False
        pairs += size % 3 == 2
    for t in WINDS:
        if counts[t] not in (0, 2, 3):
            return False
        pairs += counts[t] == 2
    return pairs == 1


def test_class_counts_match_every_hand_of_five_tiles() -> None:
    size = 5
    want = {False: [0, 0], True: [0, 0]}  # winds in the tile set -> [hands, weight]
    for tiles in itertools.combinations_with_replacement(range(NUM_KINDS), size):
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4 or not _brute_hand(tuple(counts)):
            continue
        weight = prod(comb(4, c) for c in counts)
        for winds in (False, True):
            if winds or not any(counts[t] for t in WINDS):
                want[winds][0] += 1
                want[winds][1] += weight
    for winds in (False, True):
        got = [0, 0]
        for _counts, hands, weight in class_combinations(winds, size):
            got[0] += hands
            got[1] += weight
        assert got == want[winds], winds
    assert want[False][0] > 1000


def test_one_hand_of_a_class_stands_for_all() -> None:
    rs = tile_ruleset(all_rulesets()["tuanyuan"])
    by_class: dict[tuple[int, int, int], list[Part]] = defaultdict(list)
    for part in wild_suit_parts(SMALL):
        by_class[(part.size, part.pairs, part.counts[9])].append(part)
    checked = 0
    for counts, _hands, _weight in class_combinations(False, SMALL):
        expected = score_hand(counts, rs)
        assert expected.complete
        members = []
        for s in range(3):
            size = sum(counts[9 * s: 9 * s + 9]) + counts[SUIT_WILD[s]]
            group = by_class[(size, size % 3 // 2, counts[SUIT_WILD[s]])]
            members.append([group[0], group[len(group) // 2], group[-1]])  # the sample is group[0]
        for chosen in itertools.product(*members):
            hand = [0] * NUM_KINDS
            for s, part in enumerate(chosen):
                hand[9 * s: 9 * s + 9] = part.counts[:9]
                hand[SUIT_WILD[s]] = part.counts[9]
            got = score_hand(tuple(hand), rs)
            assert (got.complete, got.shown, got.counted) == (True, expected.shown, expected.counted), hand
            checked += 1
    assert checked > 1000


def test_tuanyuan_figures_add_up() -> None:
    rulesets = all_rulesets()
    assert [rid for rid, rs in rulesets.items() if wild_supported(rs)] == ["tuanyuan"]
    rs = rulesets["tuanyuan"]
    tally = tally_wild(rs, SMALL)
    # without wilds a hand has three weak suits, so weak-suit is shown by every hand lacking a wild of some suit
    hands_all_wilds = sum(h for counts, h, _w in class_combinations(False, SMALL) if all(counts[w] for w in SUIT_WILD))
    assert tally.shown["weak-suit"][0] == tally.hands - hands_all_wilds > 0
    obj = stats_object(rs, tally)
    assert list(obj["patterns"]) == ["weak-suit"] and obj["patterns"]["weak-suit"]["rank"] == 1
    assert "wilds" in obj["convention"]
    with_winds = tally_wild(variant(rs, winds=True), SMALL)
    assert with_winds.hands > tally.hands
