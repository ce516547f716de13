"""Statistics of a rule set with ghosts (广东麻将 2023): every complete hand, counted by classes.

The population. Every distinct concealed hand of fourteen tiles from the rule set's 140 (four of each
of the 34 kinds and four ghosts) that is complete in its forms with its ghosts standing in, as
generator/ghosts.py decides (no fifth copy of a tile), and every hand of four ghosts (四鬼和), whatever
its other ten tiles are. A hand is its tile counts and how many ghosts it holds; it counts once and
weighs its physical tile combinations: the product of C(4, count) over the kinds, times C(4, ghosts).

Why classes. With ghosts the hands run to billions (four ghosts and any ten tiles), far too many to
score, or even to group into orbits of the suit symmetry. But no tile pattern of the rule set reads a
suit more finely than its *outcomes*: for each number of ghosts it might take (none to four), the
groups its tiles and those ghosts can make — sets and at most one pair (all pungs or not, all
terminals or not), pairs for seven pairs, or its part of thirteen orphans (`OUTCOME_DETECTORS`, the
detectors this holds for). Suits of the same size and outcomes are interchangeable, and there are a
few hundred such profiles. The winds and the dragons are kept as their counts, in decreasing order.
A class is the number of ghosts, the wind counts, the dragon counts and the multiset of the three
suits' profiles: its hand count and weight are products of per-group sums, and one hand of it, scored
by the engine, stands for all. A hand with a suit (or honours) that no four ghosts can complete can
only be 四鬼和; those hands are counted together, as all hands of four ghosts less the classes met.

Ties. Where a hand's best readings tie with different patterns, the family chooses by the patterns,
not by the tiles' order (`scoring/guangdong.py: _tie_break`), so every hand of a class counts the same
patterns and the class needs no hand-by-hand scoring (as the orbits of `tally` do).

tests/test_stats_ghost.py checks the outcomes against brute force, the counts against a direct count of
small cases, and the shortcut against scoring members of classes one by one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import comb, prod

from ..detectors.suits import NINE_GATES
from ..rules import Ruleset
from ..scoring.families import find_policy
from ..shapes import Form
from ..tiles import MAX_GHOSTS, NUM_KINDS
from .hands import HAND_SIZE, Vec, add_tiles, arrangements
from .tally import Result, Tally, score_hand, tile_ruleset
from .wins import WAYS, WinTally, reads_win, win_ruleset

CONVENTION = ("every distinct concealed complete hand of the rule set's 140 tiles once (its tile counts and its "
              "ghosts), hands complete only through their ghosts and every hand of four ghosts included; scored "
              "self-drawn, won on its highest tile that is not a ghost, with only the patterns that depend on the "
              "tiles alone; weighted: physical tile combinations, the product of C(4, count) over the kinds times "
              "C(4, ghosts)")

WIN_CONVENTION = ("every complete hand of the population (its tile counts and its ghosts) with each tile kind it "
                  "holds that is not a ghost as the winning tile, won on a discard and self-drawn, the two ways "
                  "counted apart; scored with the patterns that read the winning tile or the wait and the tile "
                  "patterns; weighted: the hand's weight times the copies of the winning tile it holds")

OUTCOME_DETECTORS = frozenset({"all_pungs", "flush", "form", "terminals_honors", "honor_sets"})
"""Tile detectors that read a suit no more finely than its outcomes: whether its sets are all pungs, whether all
its tiles are terminals, whether it is there at all; and the honours, which classes keep as their counts."""

Outcome = tuple[int, str, int, bool, bool]
"""What a group's tiles and `ghosts` ghosts can make: (ghosts, form, pairs, all pungs, all terminals or honours);
form a `Form` value: "regular" (sets and `pairs` pairs), "seven-pairs" or "thirteen-orphans" (its part of them)."""


@dataclass(frozen=True)
class Group:
    """One group of kinds no set crosses: a suit (chows; terminals at ranks 1 and 9), the winds or the dragons."""

    kinds: int
    chows: bool
    orphans: frozenset[int]  # the terminals and honours among its kinds


SUIT = Group(9, True, frozenset({0, 8}))
WIND_GROUP = Group(4, False, frozenset(range(4)))
DRAGON_GROUP = Group(3, False, frozenset(range(3)))


@dataclass(frozen=True)
class GroupClass:
    """The count vectors of one group in one class: how many, their total weight, how many kinds they hold in all
    (what the wins count), and the first, which stands for all."""

    hands: int
    weight: int
    kinds: int
    sample: Vec

    @classmethod
    def of(cls, v: Vec, orderings: int = 1) -> GroupClass:
        """The class of `v` alone, or of its `orderings` distinct orderings."""
        return cls(orderings, orderings * prod(comb(4, c) for c in v), orderings * sum(1 for c in v if c), v)

    def plus(self, other: GroupClass) -> GroupClass:
        return GroupClass(self.hands + other.hands, self.weight + other.weight, self.kinds + other.kinds, self.sample)


@dataclass(frozen=True)
class HandClass:
    """The hands of one class: a sample's counts and ghosts, how many hands, their weight, and the kinds of tile
    they hold summed over the hands (each hand's wins on a tile that is not a ghost)."""

    counts: Vec
    ghosts: int
    hands: int
    weight: int
    kinds: int


def ghost_supported(rs: Ruleset) -> bool:
    """Rule sets that play ghosts and whose every tile pattern reads a suit only through its outcomes."""
    family = find_policy(rs.policy)
    return (family is not None and family.plays_ghosts(rs) and Form.REGULAR in rs.forms
            and all(p.detect in OUTCOME_DETECTORS for p in tile_ruleset(rs).patterns))


# ----------------------------------------------------------------------------- outcomes of one group


def _completed(group: Group) -> dict[Vec, set[tuple[str, int, bool, bool]]]:
    """Every count vector of the group that is whole groups by itself, with what it makes (form, pairs, all
    pungs, all terminals or honours); at most HAND_SIZE tiles."""
    n, made = group.kinds, {}
    sets: list[tuple[dict[int, int], bool, bool]] = [({k: 3}, True, k in group.orphans) for k in range(n)]
    if group.chows:
        sets += [({k: 1, k + 1: 1, k + 2: 1}, False, False) for k in range(n - 2)]
    level: set[tuple[Vec, bool, bool]] = {((0,) * n, True, True)}
    whole = set(level)
    for _ in range(4):
        level = {(w, pungs and is_pung, orphan and set_orphan) for v, pungs, orphan in level
                 for tiles, is_pung, set_orphan in sets if (w := add_tiles(v, tiles)) is not None}
        whole |= level
    for v, pungs, orphan in whole:
        made.setdefault(v, set()).add(("regular", 0, pungs, orphan))
        for k in range(n):
            if (w := add_tiles(v, {k: 2})) is not None and sum(w) <= HAND_SIZE:
                made.setdefault(w, set()).add(("regular", 1, pungs, orphan and k in group.orphans))
    for v in product((0, 2, 4), repeat=n):
        if sum(v) <= HAND_SIZE:
            made.setdefault(v, set()).add(("seven-pairs", sum(v) // 2, False, False))
    base = tuple(1 if k in group.orphans else 0 for k in range(n))
    made.setdefault(base, set()).add(("thirteen-orphans", 0, False, True))
    for k in sorted(group.orphans):  # one orphan twice: the pair
        made.setdefault(base[:k] + (2,) + base[k + 1:], set()).add(("thirteen-orphans", 1, False, True))
    return made


def removals(v: Vec, k: int) -> Iterator[Vec]:
    """Every vector `v` less some `k` of its tiles (what the ghosts played)."""
    held = [i for i, c in enumerate(v) if c]

    def walk(j: int, left: int, cur: list[int]) -> Iterator[Vec]:
        if left == 0:
            yield tuple(cur)
            return
        if j == len(held):
            return
        i = held[j]
        for taken in range(min(left, v[i]) + 1):
            cur[i] -= taken
            yield from walk(j + 1, left - taken, cur)
            cur[i] += taken

    yield from walk(0, k, list(v))


@lru_cache(maxsize=None)
def outcomes(group: Group) -> dict[Vec, frozenset[Outcome]]:
    """Every count vector of the group that some ghosts (at most four) make whole, with its outcomes; a vector
    missing here takes more than four ghosts."""
    out: dict[Vec, set[Outcome]] = {}
    for v, made in _completed(group).items():
        for k in range(MAX_GHOSTS + 1):
            for c in removals(v, k):
                out.setdefault(c, set()).update((k,) + m for m in made)
    return {c: frozenset(o) for c, o in sorted(out.items())}


# ----------------------------------------------------------------------------- classes


Profile = tuple[int, tuple[Outcome, ...]]
"""A suit's size and its outcomes, sorted: suits of one profile are interchangeable."""


def _profile(v: Vec) -> Profile | None:
    made = outcomes(SUIT).get(v)
    return None if made is None else (sum(v), tuple(sorted(made)))


def _suit_classes() -> list[tuple[Profile, GroupClass]]:
    """Suit vectors some ghosts make whole, summed by profile, in a fixed order."""
    out: dict[Profile, GroupClass] = {}
    for v in outcomes(SUIT):
        key = _profile(v)
        assert key is not None
        old = out.get(key)
        out[key] = GroupClass.of(v) if old is None else old.plus(GroupClass.of(v))
    return sorted(out.items())


ClassKey = tuple[int, tuple[Profile, ...], Vec, Vec]
"""A class: the ghosts, the suits' profiles (sorted), the wind counts and the dragon counts (decreasing)."""


def class_key(counts: Vec, ghosts: int) -> ClassKey | None:
    """The class of a hand (34 counts and its ghosts); None when some group takes more than four ghosts."""
    suits = [_profile(counts[9 * s: 9 * s + 9]) for s in range(3)]
    winds, dragons = counts[27:31], counts[31:34]
    if None in suits or winds not in outcomes(WIND_GROUP) or dragons not in outcomes(DRAGON_GROUP):
        return None
    return (ghosts, tuple(sorted(suits)),  # type: ignore[type-var]  # None is ruled out above
            tuple(sorted(winds, reverse=True)), tuple(sorted(dragons, reverse=True)))


def _honour_classes(group: Group) -> list[tuple[frozenset[Outcome], GroupClass]]:
    """Honour vectors some ghosts make whole, one per orbit (counts in decreasing order)."""
    out = []
    for v, made in outcomes(group).items():
        if list(v) == sorted(v, reverse=True):
            out.append((made, GroupClass.of(v, arrangements(v))))
    return out


def _complete(groups: tuple[frozenset[Outcome], ...], ghosts: int, forms: frozenset[Form]) -> bool:
    """Whether some sharing of `ghosts` among the groups makes the hand whole in one of `forms` (四鬼和 aside)."""
    for form, pairs in ((Form.REGULAR, 1), (Form.SEVEN_PAIRS, 7), (Form.THIRTEEN_ORPHANS, 1)):
        if form not in forms:
            continue
        reach = {(0, 0)}
        for made in groups:
            reach = {(k + o[0], p + o[2]) for k, p in reach for o in made
                     if o[1] == form.value and k + o[0] <= ghosts and p + o[2] <= pairs}
        if (ghosts, pairs) in reach:
            return True
    return False


def class_combinations(rs: Ruleset, only: int | None = None) -> Iterator[HandClass]:
    """Every class of complete hands whose groups all have outcomes (with `only`, of those with that many ghosts),
    in a fixed order."""
    forms = frozenset(rs.forms)
    suits = _suit_classes()
    by_size: dict[int, list[int]] = {}
    for i, ((size, _made), _class) in enumerate(suits):
        by_size.setdefault(size, []).append(i)
    winds, dragons = _honour_classes(WIND_GROUP), _honour_classes(DRAGON_GROUP)
    for ghosts in range(MAX_GHOSTS + 1) if only is None else (only,):
        naturals, ghost_weight = HAND_SIZE - ghosts, comb(MAX_GHOSTS, ghosts)
        for (w_made, w), (d_made, d) in product(winds, dragons):
            left = naturals - sum(w.sample) - sum(d.sample)
            for i, j, k in _triples(suits, by_size, left):
                made = (frozenset(suits[i][0][1]), frozenset(suits[j][0][1]), frozenset(suits[k][0][1]), w_made,
                        d_made)
                if not (ghosts == MAX_GHOSTS and Form.FOUR_GHOSTS in forms) and not _complete(made, ghosts, forms):
                    continue
                groups = (suits[i][1], suits[j][1], suits[k][1], w, d)
                layouts = 6 if i != j and j != k else (1 if i == k else 3)
                hands = layouts * prod(g.hands for g in groups)
                yield HandClass(sum((g.sample for g in groups), ()), ghosts, hands,
                                layouts * prod(g.weight for g in groups) * ghost_weight,
                                sum(hands // g.hands * g.kinds for g in groups))


def _triples(suits: list[tuple[Profile, GroupClass]], by_size: dict[int, list[int]], size: int
             ) -> Iterator[tuple[int, int, int]]:
    """Index triples i <= j <= k of suit classes whose sizes add up to `size`."""
    for i in range(len(suits)):
        for j in range(i, len(suits)):
            rest = size - suits[i][0][0] - suits[j][0][0]
            for k in by_size.get(rest, ()):
                if k >= j:
                    yield i, j, k


def all_hands(naturals: int, kinds: int = NUM_KINDS) -> tuple[int, int]:
    """(hands, weight) of every distinct hand of `naturals` tiles of `kinds` kinds."""
    hands, weight = [1] + [0] * naturals, [1] + [0] * naturals
    for _ in range(kinds):
        hands = [sum(hands[n - c] for c in range(min(4, n) + 1)) for n in range(naturals + 1)]
        weight = [sum(weight[n - c] * comb(4, c) for c in range(min(4, n) + 1)) for n in range(naturals + 1)]
    return hands[naturals], weight[naturals]


def all_hands_kinds(naturals: int) -> int:
    """The kinds held, summed over every distinct hand of `naturals` tiles of the 34 kinds: each kind is held by
    the hands that are not hands of the other 33."""
    return NUM_KINDS * (all_hands(naturals)[0] - all_hands(naturals, NUM_KINDS - 1)[0])


def four_ghosts_only_sample() -> Vec:
    """Ten tiles that four ghosts complete only as 四鬼和: the first suit no ghosts make whole, and the second
    suit's lowest tiles for the rest."""
    suit = outcomes(SUIT)
    lost = next(v for v in sorted(product(range(5), repeat=9)) if sum(v) <= HAND_SIZE - MAX_GHOSTS and v not in suit)
    counts, left = list(lost) + [0] * (NUM_KINDS - 9), HAND_SIZE - MAX_GHOSTS - sum(lost)
    for t in range(9, 18):
        counts[t], left = min(4, left), left - min(4, left)
    return tuple(counts)


def tally_ghosts(rs: Ruleset) -> tuple[Tally, WinTally]:
    """The figures of a `ghost_supported` rule set, every class scored once through the engine: of its hands, and
    of their wins on a tile that is not a ghost (`nine_gates_wins`)."""
    if not ghost_supported(rs):
        raise ValueError(f"{rs.id}: not a rule set of ghosts whose tile patterns read suits only by their outcomes")
    tiles = tile_ruleset(rs)
    tally = Tally(grouping="classes")
    met_hands = met_weight = met_kinds = 0  # the hands of four ghosts the classes hold
    wins, win_weight = 0, 0
    for c in class_combinations(rs):
        result = _score(c.counts, c.ghosts, tiles)
        if c.ghosts == MAX_GHOSTS:
            met_hands, met_weight, met_kinds = met_hands + c.hands, met_weight + c.weight, met_kinds + c.kinds
        if result is None:
            continue
        tally.add(result, c.hands, c.weight)
        tally.orbits += 1
        wins, win_weight = wins + c.kinds, win_weight + c.weight * (HAND_SIZE - c.ghosts)
    if Form.FOUR_GHOSTS in rs.forms:
        hands, weight = all_hands(HAND_SIZE - MAX_GHOSTS)
        result = _score(four_ghosts_only_sample(), MAX_GHOSTS, tiles)
        assert result is not None
        tally.add(result, hands - met_hands, weight - met_weight)
        tally.orbits += 1
        wins += all_hands_kinds(HAND_SIZE - MAX_GHOSTS) - met_kinds
        win_weight += (weight - met_weight) * (HAND_SIZE - MAX_GHOSTS)
    return tally, nine_gates_wins(rs, wins, win_weight)


def nine_gates_wins(rs: Ruleset, wins: int, weight: int) -> WinTally:
    """The win figures, each way of winning over the `wins` wins of `weight`: every hand with each kind of tile it
    holds that is not a ghost as the winning tile. Nine gates on the wait is the only pattern they report, and it
    shows only where the thirteen tiles before the win are 1112345678999 of one suit with ghosts standing in, so
    those wins are listed (the suits alike: one suit's, three times) and each is scored through the engine, once
    for both ways unless nine gates reads the way (`self_draw_any`): no other pattern they are scored with does."""
    scored = win_ruleset(rs)
    if any(p.detect != "nine_gates" for p in scored.patterns if reads_win(p)):
        raise ValueError(f"{rs.id}: the wins of hands with ghosts are counted for nine gates only")
    out = WinTally.empty()
    for way in out.ways.values():
        way.hands, way.weight = wins, weight
    listed = sorted({(standing[:w] + (standing[w] + 1,) + standing[w + 1:], ghosts, w)
                     for ghosts in range(MAX_GHOSTS + 1) for standing in removals(NINE_GATES, ghosts) for w in range(9)
                     if standing[w] < 4})
    alike = not any(p.params.get("self_draw_any") for p in scored.patterns if p.detect == "nine_gates")
    for counts, ghosts, w in listed:
        hand = counts + (0,) * (NUM_KINDS - 9)
        copies = prod(comb(4, c) for c in counts) * comb(MAX_GHOSTS, ghosts) * counts[w]
        drawn = score_hand(hand, scored, w, True, ghosts=ghosts)
        discard = drawn if alike else score_hand(hand, scored, w, False, ghosts=ghosts)
        for way, result in zip(WAYS, (discard, drawn)):
            if result.complete:
                out.ways[way].add_rows(result, 3, 3 * copies)
    return out


def _score(counts: Vec, ghosts: int, rs: Ruleset) -> Result | None:
    """The class's figures from its sample hand; None when the engine finds it incomplete (the outcomes say only
    that it may be whole)."""
    result = score_hand(counts, rs, ghosts=ghosts)
    return result if result.complete else None
