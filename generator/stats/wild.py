"""Statistics of a rule set with suit-bound wild tiles (团圆麻将): every complete hand, counted by classes.

The population. Every distinct concealed hand of fourteen tiles from the rule set's tile set
(the three suits and their three wilds, plus the winds when the set has them) that is four
sets and a pair with the wilds standing in, hands complete only through their wilds
included. As for the other rule sets, each hand counts once and weighs its physical tile
combinations (a wild has four copies like any tile). A wild never leaves its suit, so a
hand is complete exactly when each suit with its own wild is (`hands.wild_suit_parts`,
decided by `wilds.suit_state`), the winds are pungs or the pair, and one group holds the
pair.

Why classes, not orbits. Without winds that is 446,496,303 hands, about 75 million orbits of
the suit symmetry: too many to score each. But the rule set's tile patterns read no more of
a hand than how many wilds each suit holds (`CLASS_DETECTORS`), so hands are grouped by the
(tile count, pair, wild count) of each group: a class's hand count and weight are products
of per-group sums, and one hand of the class, scored by the engine, stands for all.
tests/test_stats_wild.py checks the counts against brute force and the shortcut against
scoring members of a class one by one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from math import comb, prod

from ..rules import Ruleset
from ..scoring.families import find_policy, policy_of
from ..tiles import NUM_KINDS, WINDS
from ..wilds import SUIT_WILD
from .hands import HAND_SIZE, Part, Vec, arrangements, honour_parts, wild_suit_parts
from .tally import Tally, score_hand, tile_ruleset

CONVENTION = ("every distinct concealed complete hand of the rule set's tile set once (its tile counts), hands "
              "complete only through their wilds included; scored self-drawn, won on its highest tile, with only the "
              "patterns that depend on the tiles alone; weighted: physical tile combinations, the product of "
              "C(4, count) over the tiles (wilds included)")

CLASS_DETECTORS = frozenset({"weak_suits"})
"""Tile detectors that read no more of a hand than how many wilds each suit holds."""

ClassKey = tuple[int, int, int]
"""A group's class: its tile count, its pairs (0 or 1), its wilds."""


@dataclass(frozen=True)
class GroupClass:
    """The parts of one group (a suit with its wild, or the winds) in one class: how many, their total weight, and
    the first of them, which stands for all."""

    hands: int
    weight: int
    sample: Vec


def wild_supported(rs: Ruleset) -> bool:
    """Rule sets of suit-bound wilds whose every tile pattern reads only how many wilds each suit holds."""
    family = find_policy(rs.policy)
    if family is None or not family.suit_bound_wilds:
        return False
    return all(p.detect in CLASS_DETECTORS for p in tile_ruleset(rs).patterns)


def _classes(parts: list[Part], wilds: bool) -> dict[ClassKey, GroupClass]:
    """Parts summed by class; honour parts (`wilds` False) stand for every arrangement of their counts."""
    out: dict[ClassKey, GroupClass] = {}
    for part in parts:
        key = (part.size, part.pairs, part.counts[-1] if wilds else 0)
        n = 1 if wilds else arrangements(part.counts)
        weight = n * prod(comb(4, c) for c in part.counts)
        old = out.get(key)
        out[key] = GroupClass(n, weight, part.counts) if old is None else GroupClass(
            old.hands + n, old.weight + weight, old.sample)
    return out


def _layout(samples: tuple[Vec, ...]) -> Vec:
    """The 34-slot hand of one sample per group: suits (nine naturals and their wild) first, then the winds."""
    counts = [0] * NUM_KINDS
    for s, part in enumerate(samples[:3]):
        counts[9 * s: 9 * s + 9] = part[:9]
        counts[SUIT_WILD[s]] = part[9]
    for t, c in zip(WINDS, samples[3] if len(samples) > 3 else ()):
        counts[t] = c
    return tuple(counts)


def class_combinations(winds: bool, size: int = HAND_SIZE) -> Iterator[tuple[Vec, int, int]]:
    """(sample hand, hands, weight) of every class of complete hands of `size` tiles, in a fixed order."""
    suit = sorted(_classes(wild_suit_parts(size), wilds=True).items())
    groups = [suit, suit, suit] + ([sorted(_classes(honour_parts(4), wilds=False).items())] if winds else [])
    for combo in product(*groups):
        if sum(key[0] for key, _ in combo) != size or sum(key[1] for key, _ in combo) != 1:
            continue
        yield (_layout(tuple(c.sample for _, c in combo)), prod(c.hands for _, c in combo),
               prod(c.weight for _, c in combo))


def tally_wild(rs: Ruleset, size: int = HAND_SIZE) -> Tally:
    """The figures of a `wild_supported` rule set: every class scored once through the engine."""
    if not wild_supported(rs):
        raise ValueError(f"{rs.id}: not a rule set of suit-bound wilds whose tile patterns read only the wilds")
    tiles = tile_ruleset(rs)
    tally = Tally(grouping="classes")
    for counts, hands, weight in class_combinations(policy_of(rs.policy).tile_set_winds(rs), size):
        result = score_hand(counts, tiles)
        if not result.complete or not result.safe:  # every class is complete by construction; fans ignore readings
            raise AssertionError(f"{rs.id}: the class of {counts} did not score as one complete hand")
        tally.add(result, hands, weight)
        tally.orbits += 1
    return tally
