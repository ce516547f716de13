"""Which tile patterns some division of some complete hand shows together: the exhaustive half of the matrix.

The space is every distinct concealed complete hand (`stats.hands.all_orbits`, 2,222,655 orbits of the tile
symmetries; the published 16,873,619 hands) and every division of its tiles into sets in the rule set's
winning forms. A *tile pattern* (`stats.tally.tile_only`) reads the sets of a division and the tiles, nothing
else, so the hands of one orbit show the same tile patterns, except where a fixed tile list (all green,
reversible tiles) singles out particular tiles: those orbits are walked hand by hand.

Why concealed hands are enough. Any winning hand, read one way, is a concealed hand's division with some sets
declared exposed and some pungs declared kongs: its tiles and sets are the same, so a tile pattern that shows on
the exposed reading shows on that concealed division too (tests/test_pairs.py tries to break this on the seeded
hand stream). Two tile patterns that no division walked here shows together are therefore never shown together
by any hand: the matrix's `never`, with the space as its proof.

Hands with ghosts (tiles that stand for any tile) are read as the hand their ghosts make, and a tile pattern
reads that hand's sets and tiles: its standing part holds no tile five times, so it is one of the orbits' hands,
and claimed sets beside it (which may hold a fifth copy of a tile) are sets of a kind and suit the tile
patterns read no differently from another of the same kind and suit. So the walk's `never` for two tile
patterns holds for ghost hands too, and for a pattern whose requirement reads the division alone (nine gates'
tiles, a wait's chow); the adversary (verify.py) attacks it with ghost hands. It does not hold for a requirement
that counts copies of a tile beyond the division's (`potential.counts_copies`: a robbed kong's tile held once, a
fourth copy free to kong), which a ghost can stand for past the four: those pairs are left to the search, which
tries hands with ghosts. A pattern read in a shape of its own (四鬼和) is never met by the walk;
the policy answers its pairs (decide.py).

Patterns that read more than the tiles join the masks through what they ask of a division (potential.py):
a division *admits* such a pattern when some situation could make it show there. A pair that no division
shows or admits together is never shown together either, and the requirement is the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..detectors import View
from ..hand import Hand
from ..rules import Pattern, Ruleset
from ..scoring.common import find
from ..scoring.families import policy_of
from ..shapes import ALL_FORMS, Form, Reading, readings
from ..stats.hands import Orbit, Vec
from ..stats.tally import fixed_tile_lists, hand_of, images, tile_only
from .potential import Shape, counts_copies, requirement, shape_of

Witness = tuple[int, Vec, int]
"""Where a pair was first shown together: (orbit index, hand counts, division index in reading order)."""


def walked(rs: Ruleset) -> bool:
    """Whether the walk covers `rs`. Rule sets of suit-bound wild tiles have another population, so the walk
    proves no `never` for them. Ghosts (tiles that stand for any tile) do not: a hand with ghosts is read as
    the hand its ghosts make, so the walk's `never` holds for most of its pairs (module text, `Sightings.by_copies`)."""
    return not policy_of(rs.policy).suit_bound_wilds


def tile_patterns(rs: Ruleset) -> list[str]:
    """Ids of the rule set's tile patterns, in rule order: the patterns the walk decides."""
    return [p.id for p in rs.patterns if tile_only(p)]


def divisions(hand: Hand) -> list[Reading]:
    """One reading per division of the hand's tiles (the first in reading order) in every form, four identical
    tiles allowed as two of seven pairs (`admits` keeps the divisions a rule set allows)."""
    out, seen = [], set()
    for r in readings(hand, ALL_FORMS, four_as_two_pairs=True):
        key = r.form, tuple((s.kind, s.tile) for s in r.sets), r.loose
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def admits(rs: Ruleset, r: Reading) -> bool:
    """Whether `r` is a winning division in `rs` (its form, and seven pairs holding a tile twice)."""
    forms, four_as_two = policy_of(rs.policy).winning_shapes(rs)
    if r.form not in forms:
        return False
    return four_as_two or r.form is not Form.SEVEN_PAIRS or len({s.tile for s in r.sets}) == len(r.sets)


@dataclass
class Space:
    """What the walk went through for one rule set."""

    orbits: int = 0  # orbits with a winning division in the rule set
    hands: int = 0  # the distinct hands they hold
    divisions: int = 0  # divisions walked (per orbit representative, or per hand of a fixed-tile orbit)

    def merge(self, other: Space) -> None:
        self.orbits += other.orbits
        self.hands += other.hands
        self.divisions += other.divisions


@dataclass
class Sightings:
    """For one rule set: the first division showing each pair of its tile patterns together (`together`), and
    the first admitting each other pair (`admitted`: a pattern that reads more than the tiles could show there
    beside the other), and the space."""

    ids: list[str]  # every pattern, in rule order
    tile: frozenset[str]  # the tile patterns among them
    together: dict[tuple[str, str], Witness] = field(default_factory=dict)  # (a, b) in rule order
    admitted: dict[tuple[str, str], Witness] = field(default_factory=dict)
    alongside: dict[tuple[str, str], frozenset[tuple[int, int]] | None] = field(default_factory=dict)
    # per pair shown or admitted together: each (tile patterns shown, as bits in `ids`; pungs) of its divisions,
    # None when there are more than ALONGSIDE
    common: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    # per pair shown or admitted together: the tile patterns shown on every one of its divisions, and the fewest
    # pungs of them — what `alongside` says in short when it holds too many kinds
    space: Space = field(default_factory=Space)
    walked: bool = True  # False for a rule set the walk does not cover: it then proves nothing
    apart: frozenset[str] = frozenset()  # patterns read in a shape of their own, which no division walked shows
    ghosts: bool = False  # a rule set of ghosts (module text)
    by_copies: frozenset[str] = frozenset()  # in one, the patterns whose `never` the walk cannot prove

    def merge(self, other: Sightings) -> None:
        for mine, theirs in ((self.together, other.together), (self.admitted, other.admitted)):
            for pair, w in theirs.items():
                if pair not in mine or w < mine[pair]:
                    mine[pair] = w
        for pair, seen in other.alongside.items():
            self.alongside[pair] = _joined(self.alongside.get(pair, frozenset()), seen)
        for pair, (mask, pungs) in other.common.items():
            self.common[pair] = _common(self.common.get(pair), mask, pungs)
        self.space.merge(other.space)

    def never(self) -> list[tuple[str, str]]:
        """Pairs no division shows or admits together, in rule order."""
        if not self.walked:
            return []
        return [(a, b) for i, a in enumerate(self.ids) for b in self.ids[i + 1:]
                if (a, b) not in self.together and (a, b) not in self.admitted and not {a, b} & self.apart
                and not {a, b} & self.by_copies]


def _sightings(rs: Ruleset) -> Sightings:
    """A walked rule set's empty sightings, with what its ghosts (if it plays them) keep the walk from proving."""
    family = policy_of(rs.policy)
    ghosts = family.plays_ghosts(rs)
    return Sightings([p.id for p in rs.patterns], frozenset(tile_patterns(rs)), apart=frozenset(family.read_apart(rs)),
                     ghosts=ghosts, by_copies=frozenset(p.id for p in rs.patterns if ghosts and counts_copies(p, rs)))


class Walker:
    """Walks orbits for several rule sets at once; a detector with the same parameters in several rule sets runs
    once per division."""

    def __init__(self, rulesets: Iterable[Ruleset]) -> None:
        self.rulesets = [rs for rs in rulesets if walked(rs)]
        keys: dict[tuple[str, str], int] = {}
        self.specs: list[Pattern] = []
        self.maps: list[list[tuple[int, int]]] = []  # per rule set: (spec index, pattern index)
        self.asks: list[list[tuple[int, Callable[[Shape, Any], bool]]]] = []  # (pattern index, requirement)
        for rs in self.rulesets:
            row = []
            tiles = set(tile_patterns(rs))
            self.asks.append([(k, requirement(p, rs)[1]) for k, p in enumerate(rs.patterns) if p.id not in tiles])
            for k, p in enumerate(rs.patterns):
                if p.id not in tiles:
                    continue
                key = p.detect, repr(sorted(dict(p.params).items()))
                if key not in keys:
                    keys[key] = len(self.specs)
                    self.specs.append(replace(p, id=str(len(self.specs)), excludes=()))
                row.append((keys[key], k))
            self.maps.append(row)
        self.sightings = {rs.id: _sightings(rs) for rs in self.rulesets}
        self._admits: list[dict[Shape, int]] = [{} for _ in self.rulesets]  # shape -> bits of admitted patterns
        self.lists = [t for rs in self.rulesets for t in fixed_tile_lists(rs)]
        self._masks: list[dict[int, int]] = [{} for _ in self.rulesets]  # spec bits -> pattern bits
        self._seen: list[set[tuple[int, int]]] = [set() for _ in self.rulesets]  # (shown, admitted) recorded

    def walk(self, orbits: Iterable[tuple[int, Orbit]]) -> dict[str, Sightings]:
        for index, orbit in orbits:
            self.orbit(index, orbit)
        return self.sightings

    def orbit(self, index: int, orbit: Orbit) -> None:
        one_by_one = any(t.could_hold(orbit.counts) for t in self.lists)
        hands = images(orbit.counts) if one_by_one else [orbit.counts]
        met = [False] * len(self.rulesets)
        for counts in hands:
            hand = hand_of(counts)
            for d, r in enumerate(divisions(hand)):
                bits = 0
                for sid in find(View(hand, r), self.specs):
                    bits |= 1 << int(sid)
                shape = shape_of(r, counts)
                for k, rs in enumerate(self.rulesets):
                    if not admits(rs, r):
                        continue
                    space = self.sightings[rs.id].space
                    if not met[k]:
                        met[k] = True
                        space.orbits += 1
                        space.hands += orbit.size
                    space.divisions += 1
                    self._record(k, self._mask(k, bits), self._admitted(k, shape), (index, counts, d), shape.pungs)

    def _mask(self, k: int, spec_bits: int) -> int:
        memo = self._masks[k]
        mask = memo.get(spec_bits)
        if mask is None:
            mask = 0
            for s, pi in self.maps[k]:
                if spec_bits >> s & 1:
                    mask |= 1 << pi
            memo[spec_bits] = mask
        return mask

    def _admitted(self, k: int, shape: Shape) -> int:
        memo = self._admits[k]
        mask = memo.get(shape)
        if mask is None:
            mask = 0
            for pi, test in self.asks[k]:
                if test(shape, None):
                    mask |= 1 << pi
            memo[shape] = mask
        return mask

    def _record(self, k: int, mask: int, admitted: int, witness: Witness, pungs: int) -> None:
        if (mask, admitted, pungs) in self._seen[k]:
            return  # orbits come in index order, so the first division with these masks is the earliest witness
        self._seen[k].add((mask, admitted, pungs))
        s = self.sightings[self.rulesets[k].id]
        shown = bits_of(mask)
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                s.together.setdefault((s.ids[a], s.ids[b]), witness)
        both = bits_of(mask | admitted)
        along, common = s.alongside, s.common
        for i, a in enumerate(both):
            for b in both[i + 1:]:
                pair = (s.ids[a], s.ids[b])
                along[pair] = _joined(along.get(pair, frozenset()), frozenset({(mask, pungs)}))
                common[pair] = _common(common.get(pair), mask, pungs)
                if admitted >> a & 1 or admitted >> b & 1:
                    s.admitted.setdefault(pair, witness)


ALONGSIDE = 64
"""Kinds of division (tile patterns shown, pungs) kept per pair; a pair met on more is too common for the matrix to
need what shows beside it."""


def _joined(mine: frozenset[tuple[int, int]] | None, theirs: frozenset[tuple[int, int]] | None
            ) -> frozenset[tuple[int, int]] | None:
    if mine is None or theirs is None or len(mine) + len(theirs) > 2 * ALONGSIDE:
        return None
    both = mine | theirs
    return both if len(both) <= ALONGSIDE else None


def _common(mine: tuple[int, int] | None, mask: int, pungs: int) -> tuple[int, int]:
    return (mask, pungs) if mine is None else (mine[0] & mask, min(mine[1], pungs))


def bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def unwalked(rs: Ruleset) -> Sightings:
    """The sightings of a rule set the walk does not cover (suit-bound wilds): none, and no `never`."""
    return Sightings([p.id for p in rs.patterns], frozenset(tile_patterns(rs)), walked=False)


def witness_hand(w: Witness) -> tuple[Hand, Reading]:
    """The concealed hand and division a witness names (self-drawn, won on its highest tile)."""
    _index, counts, d = w
    hand = hand_of(counts)
    return hand, divisions(hand)[d]


def numbered(orbits: Iterable[Orbit]) -> Iterator[tuple[int, Orbit]]:
    return ((i, o) for i, o in enumerate(orbits))


def walk(rulesets: Iterable[Ruleset], orbits: Iterable[Orbit]) -> dict[str, Sightings]:
    """Sightings of every walked rule set over `orbits` (all of them for a proof; fewer for a quick look)."""
    return Walker(rulesets).walk(numbered(orbits))


def summary(s: Sightings) -> dict[str, Any]:
    n = len(s.ids)
    return {"patterns": n, "pairs": n * (n - 1) // 2, "together": len(s.together), "admitted": len(s.admitted),
            "never": len(s.never())}
