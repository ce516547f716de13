"""How many complete hands show each tile pattern of a rule set, and how many it counts in.

What is counted. A pattern *depends only on the tiles* when its detector reads nothing but the
sets of a reading and the hand's tiles: not the win context, not the wait, not melds or
concealment (`tile_only`). Each rule set is scored restricted to those patterns
(`tile_ruleset`): the others neither count nor exclude, so the figures are properties of the
fourteen tiles, the same whatever the hand was won on. Hands are concealed, self-drawn, and
the winning tile is their highest tile (no counted pattern reads it). A hand *shows* a
pattern when some reading of it has the pattern; the pattern *counts* in the hand when the
engine's score lists it. Each hand counts once; `weighted` figures weigh a hand by its
physical tile combinations (the product of C(4, count) over its tiles), so weighted shares
are the odds that fourteen tiles dealt at random show or score the pattern, given that they
form a complete hand.

Why orbits suffice. The enumerator groups hands into orbits of the tile symmetries (suits,
winds, dragons among themselves); a tile pattern reads every suit, wind and dragon alike,
except the fixed tile lists (all green, reversible tiles), so all hands of an orbit show the
same patterns and, when the best reading is unambiguous, count the same. An orbit is scored
hand by hand instead when some hand of it could use a fixed tile list, or when its readings
tie for the best total with different patterns (the engine's tie-break follows tile order,
which the symmetries change). tests/test_stats.py checks the shortcut against scoring every
hand of sample orbits one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from itertools import permutations, product
from typing import Any
from weakref import ReferenceType, ref

from ..detectors import REGISTRY
from ..detectors.ranks import TILE_LISTS
from ..hand import Hand, WinContext
from ..rules import Pattern, Ruleset
from ..scoring import engine
from ..scoring.families import find_policy, policy_of
from ..scoring.policy import AlikeCheck
from ..scoring.result import Counted, Excluded
from ..shapes import Form, Reading
from ..tiles import GHOST, NUM_KINDS, Tile
from .hands import Orbit, Vec

CONVENTION = ("every distinct concealed complete hand once (its tile counts); scored self-drawn, won on its highest "
              "tile, with only the patterns that depend on the tiles alone (the others neither count nor exclude); "
              "weighted: physical tile combinations, the product of C(4, count) over the tiles")

TILE_DETECTORS = frozenset({
    "all_chows", "identical_chows", "mixed_chows", "pure_straight", "shifted_chows", "chow_pairs", "terminal_chows",
    "all_pungs", "shifted_pungs", "double_pungs", "mixed_pungs", "all_even_pungs", "terminal_pung", "honor_sets",
    "all_honors", "honor_pairs", "flush", "all_simples", "no_honors", "suit_count", "all_types", "rank_range",
    "tile_list", "all_sets_contain", "tile_hog", "hog_group", "quad_pairs", "rank_family", "outside",
    "terminals_honors", "form", "shifted_pairs", "knitted_straight", "honors_knitted", "linked_sets", "chain",
    "ladder", "number_run", "mirror_suits", "shared_rank", "weak_suits",
})
"""Detectors that read only the sets of a reading and the hand's tiles."""

TILE_WHEN: dict[str, Callable[[Mapping[str, Any]], bool]] = {
    "honor_pung": lambda a: a["which"] in ("dragon", "wind"),  # seat and prevalent winds are the game's, not the tiles'
    "nine_gates": lambda a: not a.get("on_wait", True),  # on the wait it reads the winning tile
}
"""Detectors that read only the tiles for some parameters."""

FIXED_TILE_DETECTORS = frozenset({"tile_list"})
"""Tile detectors that single out particular suits or dragons (all green, reversible tiles)."""


def tile_only(p: Pattern) -> bool:
    """Whether pattern `p` depends on the tiles alone (see the module docstring)."""
    if p.detect in TILE_DETECTORS:
        return True
    when = TILE_WHEN.get(p.detect)
    if when is None:
        return False
    args = REGISTRY[p.detect].arguments(p.params)
    return when(args)


def tile_ruleset(rs: Ruleset) -> Ruleset:
    """`rs` restricted to its tile patterns (plus the chicken hand the policies need to exist); the other
    patterns' exclusions go with them."""
    keep = {p.id for p in rs.patterns if tile_only(p)} | {rs.option("chicken")}
    patterns = tuple(replace(p, excludes=tuple(e for e in p.excludes if e.id in keep))
                     for p in rs.patterns if p.id in keep)
    return replace(rs, patterns=patterns)


def reported(rs: Ruleset) -> list[str]:
    """Ids of the patterns the statistics cover, in rule order."""
    return [p.id for p in rs.patterns if tile_only(p)]


# ----------------------------------------------------------------------------- one hand


_TILE_BYTES = tuple(bytes([t]) for t in range(NUM_KINDS))
_WON = {tsumo: WinContext(tsumo=tsumo) for tsumo in (False, True)}
"""The two contexts of the statistics' hands, made once: a context has twenty fields to set, and every hand scored
asks for one."""


def hand_of(counts: Vec, win: Tile | None = None, tsumo: bool = True, ghosts: int = 0) -> Hand:
    """The concealed hand of these tile counts and `ghosts` ghosts, won on `win` (by default its highest tile that
    is not a ghost), self-drawn unless `tsumo` is False. The tiles are spelt out in C (each kind's byte repeated its
    count): every hand the statistics score is made here, a tenth of their time when built tile by tile."""
    tiles = list(b"".join(map(bytes.__mul__, _TILE_BYTES, counts)))
    if win is None:
        win = tiles[-1]
    tiles.remove(win)
    return Hand(tuple(tiles) + (GHOST,) * ghosts, (), win, _WON[tsumo])


@dataclass(frozen=True)
class Result:
    complete: bool
    shown: frozenset[str] = frozenset()
    counted: frozenset[str] = frozenset()
    safe: bool = True  # the counted patterns do not depend on the engine's tie-break between readings


def _division_key(r: Reading, placed: bool = False) -> tuple[Any, ...]:
    """The division of the tiles a reading makes; with `placed`, and the set holding the winning tile."""
    return r.form, tuple((s.kind, s.tile) for s in r.sets), r.loose, r.win if placed else None


def _per_division(hand: Hand, readings: list[Reading], rs: Ruleset, placed: bool,
                  scored: list[tuple[int, list[Counted], list[Excluded]]] | None
                  ) -> list[tuple[int, frozenset[str], frozenset[str]]]:
    """(total, counted ids, detected ids) of each division of the tiles (with `placed`: of each place of the
    winning tile in it), scored on its own by the policy (`scored`: as the policy's score already did, per reading)."""
    out = []
    seen = set()
    for i, r in enumerate(readings):
        key = _division_key(r, placed)
        if key in seen:
            continue
        seen.add(key)
        total, counted, excluded = scored[i] if scored is not None else policy_of(rs.policy).score_division(hand, r, rs)
        ids = frozenset(c.id for c in counted)
        out.append((total, ids, ids | {e.id for e in excluded}))
    return out


def score_hand(counts: Vec, rs: Ruleset, win: Tile | None = None, tsumo: bool = True, placed: bool = False,
               ghosts: int = 0) -> Result:
    """Shown and counted patterns of one hand under a restricted rule set (`tile_ruleset`, `wins.win_ruleset`),
    won as `hand_of` says. With `placed` (patterns that read where the winning tile sits), a division read with
    the winning tile in different sets counts as that many readings."""
    key = (counts, win, tsumo, placed, ghosts)
    taken = _taken(rs, key)
    if taken is not None:
        return taken
    hand = hand_of(counts, win, tsumo, ghosts)
    found = engine.readings_of(hand, rs)
    if not found:
        return _remember(rs, key, Result(False), hand, found, [])
    # The policy's score, as `engine.score` asks it, without the notation key, payments and notes that the engine
    # adds for a reader: the figures read none of them, and writing the key costs a tenth of a scoring.
    s, scored = policy_of(rs.policy).score_each(hand, found, rs)
    counted = frozenset(c.id for c in s.patterns)
    if len({_division_key(r, placed) for r in found}) == 1:
        result = Result(True, counted | {e.id for e in s.excluded}, counted)
    else:
        divisions = _per_division(hand, found, rs, placed, scored)
        best = max(total for total, _c, _d in divisions)
        safe = len({c for total, c, _d in divisions if total == best}) == 1
        result = Result(True, frozenset().union(*(d for _t, _c, d in divisions)), counted, safe)
    return _remember(rs, key, result, hand, found, scored) if scored is not None else result


# ----------------------------------------------------------------------------- rule sets that score alike


@dataclass(frozen=True)
class _Scored:
    """One hand as a rule set scored it, kept for a later rule set that may score it alike."""

    result: Result
    hand: Hand
    found: list[Reading]
    scored: list[tuple[int, list[Counted], list[Excluded]]]


_Key = tuple[Vec, "Tile | None", bool, bool, int]  # score_hand's arguments after the rule set
_RECENT_AT_MOST = 512  # an orbit's hands under one rule set, wins included, are a few dozen

_takes_from: dict[int, tuple[ReferenceType[Ruleset], ReferenceType[Ruleset], AlikeCheck]] = {}
"""id(later) -> (later, earlier, its policy's test); weak, so a shard's rule sets go with it."""
_recent: dict[int, tuple[ReferenceType[Ruleset], dict[_Key, _Scored]]] = {}  # id(earlier) -> its latest scorings


def share_scorings(rulesets: list[Ruleset]) -> None:
    """Let each of these restricted rule sets take a hand's result from the first earlier one whose scoring its
    policy can compare (`Policy.scores_alike`; Riichi's editions), when the policy's test says that this hand
    scores alike under both. The statistics score every orbit under each rule set in turn, so the earlier rule
    set has just scored the same hands; the later one then checks each reading's points instead of scoring it.
    Keyed by identity, as the policies' plans are, and weakly: what a shard registered goes with its rule sets."""
    for table in (_takes_from, _recent):  # a snapshot, and pop: a Dask worker may run shards in threads
        for k, entry in list(table.items()):
            if entry[0]() is None:
                table.pop(k, None)
    for i, later in enumerate(rulesets):
        policy = policy_of(later.policy)
        for earlier in rulesets[:i]:
            if id(earlier) in _takes_from:
                continue  # take from the first of a chain, which scores every hand itself
            check = policy.scores_alike(earlier, later)
            if check is not None:
                _takes_from[id(later)] = (ref(later), ref(earlier), check)
                _recent.setdefault(id(earlier), (ref(earlier), {}))
                break


def _taken(rs: Ruleset, key: _Key) -> Result | None:
    """The result `rs` takes from the rule set it scores alike with, when that one scored this hand lately and
    the policy's test says `rs` scores it alike."""
    entry = _takes_from.get(id(rs))
    if entry is None or entry[0]() is not rs:
        return None
    _later, earlier_ref, check = entry
    earlier = earlier_ref()
    recent = _recent.get(id(earlier))
    seen = recent[1].get(key) if recent is not None and recent[0]() is earlier is not None else None
    if seen is None or not check(seen.hand, seen.found, seen.scored):
        return None
    return seen.result


def _remember(rs: Ruleset, key: _Key, result: Result, hand: Hand, found: list[Reading],
              scored: list[tuple[int, list[Counted], list[Excluded]]]) -> Result:
    """`result`, kept with what the policy's test reads when a later rule set takes from `rs`."""
    entry = _recent.get(id(rs))
    if entry is not None and entry[0]() is rs:
        recent = entry[1]
        if len(recent) >= _RECENT_AT_MOST:
            recent.clear()
        recent[key] = _Scored(result, hand, found, scored)
    return result


# ----------------------------------------------------------------------------- symmetry


def images(counts: Vec) -> list[Vec]:
    """Every distinct hand in the orbit of `counts` (suits, winds and dragons permuted), sorted."""
    suits = set(permutations((counts[0:9], counts[9:18], counts[18:27])))
    winds = set(permutations(counts[27:31]))
    dragons = set(permutations(counts[31:34]))
    return sorted(s[0] + s[1] + s[2] + w + d for s, w, d in product(suits, winds, dragons))


@dataclass(frozen=True)
class TileList:
    """A fixed tile list as the orbit test reads it: how many wind and dragon kinds it has, and its ranks per suit."""

    winds: int
    dragons: int
    ranks: tuple[frozenset[int], ...]
    outside: tuple[Tile, ...]

    @classmethod
    def of(cls, tiles: frozenset[Tile]) -> TileList:
        return cls(sum(1 for t in tiles if 27 <= t < 31), sum(1 for t in tiles if t >= 31),
                   tuple(frozenset(r for r in range(9) if 9 * s + r in tiles) for s in range(3)),
                   tuple(t for t in range(NUM_KINDS) if t not in tiles))

    def holds(self, counts: Vec) -> bool:
        """Whether this hand holds only tiles of the list."""
        return all(counts[t] == 0 for t in self.outside)

    def could_hold(self, counts: Vec) -> bool:
        """Whether some hand of the orbit of `counts` holds only tiles of this list (winds and dragons are
        interchangeable, so only how many kinds of each it uses matters; suits are tried in every order)."""
        winds, dragons, ranks = _kinds_used(counts)
        if winds > self.winds or dragons > self.dragons:
            return False
        return any(all(ranks[s] <= self.ranks[target[s]] for s in range(3)) for target in _SUIT_ORDERS)


_SUIT_ORDERS = tuple(permutations(range(3)))


def _kinds_used(counts: Vec) -> tuple[int, int, tuple[frozenset[int], ...]]:
    """The wind kinds, dragon kinds and each suit's ranks a hand holds. The last answer is kept: every rule set's
    fixed lists ask it of the same orbit, for its hands and again for its wins."""
    last_counts, last = _last_kinds[0]
    if counts != last_counts:
        last = (4 - counts[27:31].count(0), 3 - counts[31:34].count(0),
                tuple(frozenset(r for r in range(9) if counts[9 * s + r]) for s in range(3)))
        _last_kinds[0] = (counts, last)
    return last


_last_kinds: list[tuple[Vec, tuple[int, int, tuple[frozenset[int], ...]]]] = [((), (0, 0, ()))]


def fixed_tile_lists(rs: Ruleset) -> list[TileList]:
    """The fixed tile lists the rule set's tile patterns single out."""
    return [TileList.of(TILE_LISTS[p.params["which"]]) for p in rs.patterns if p.detect in FIXED_TILE_DETECTORS]


# ----------------------------------------------------------------------------- tallies


@dataclass
class Tally:
    """Running figures of one rule set: hands and weights complete, and per pattern shown and counted."""

    hands: int = 0
    weight: int = 0
    orbits: int = 0  # orbits with hands complete in the rule set (classes, for wild tiles: `grouping`)
    grouping: str = "orbits"
    by_hand: int = 0  # orbits scored hand by hand, in part or whole (fixed tile lists, ambiguous ties)
    shown: dict[str, list[int]] = field(default_factory=dict)  # id -> [hands, weight]
    counted: dict[str, list[int]] = field(default_factory=dict)

    def add(self, result: Result, hands: int, weight: int, counted: Iterable[str] | None = None) -> None:
        self.hands += hands
        self.weight += weight
        self.add_rows(result, hands, weight, counted)

    def add_rows(self, result: Result, hands: int, weight: int, counted: Iterable[str] | None = None) -> None:
        """Add hands to the patterns' rows only, where the population is counted apart."""
        for ids, into in ((result.shown, self.shown), (result.counted if counted is None else counted, self.counted)):
            for pid in ids:
                row = into.setdefault(pid, [0, 0])
                row[0] += hands
                row[1] += weight

    def merge(self, other: Tally) -> None:
        for name in ("hands", "weight", "orbits", "by_hand"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for mine, theirs in ((self.shown, other.shown), (self.counted, other.counted)):
            for pid, (n, w) in theirs.items():
                row = mine.setdefault(pid, [0, 0])
                row[0] += n
                row[1] += w


def tally_orbit(orbit: Orbit, rs: Ruleset, lists: list[TileList], tally: Tally) -> None:
    """Add one orbit's hands to `tally` (`rs` a tile rule set, `lists` its fixed tile lists).

    Hands of the orbit that hold only the tiles of a fixed list are scored one by one; the others
    behave alike, so one of them is scored for all (unless its readings tie, see `_add_alike`)."""
    if not any(tiles.could_hold(orbit.counts) for tiles in lists):
        tally.orbits += _add_alike(orbit.counts, None, orbit.size, orbit.weight, rs, tally)
        return
    tally.by_hand += 1
    plain = []
    complete = False
    for h in images(orbit.counts):
        if any(tiles.holds(h) for tiles in lists):
            complete |= _add_alike(h, [h], 1, orbit.weight, rs, tally)
        else:
            plain.append(h)
    if plain:
        complete |= _add_alike(plain[0], plain, len(plain), orbit.weight, rs, tally)
    tally.orbits += complete


def _add_alike(counts: Vec, members: list[Vec] | None, n: int, weight: int, rs: Ruleset, tally: Tally) -> bool:
    """Add `n` hands that show the same patterns as `counts` (its symmetric images: `members`, or the whole
    orbit when None); False when they are not complete in this rule set. When the engine's choice among tied
    readings decides what counts, each hand is scored."""
    result = score_hand(counts, rs)
    if not result.complete:
        return False
    if result.safe:
        tally.add(result, n, n * weight)
        return True
    tally.by_hand += members is None
    for h in members if members is not None else images(counts):
        counted = result.counted if h == counts else score_hand(h, rs).counted
        tally.add(result, 1, weight, counted)
    return True


def tally_orbits(orbits: Iterator[Orbit], rulesets: list[Ruleset]) -> dict[str, Tally]:
    """Tallies of every rule set (given as loaded; restricted to tile patterns here) over the orbits."""
    tile_sets = [tile_ruleset(rs) for rs in rulesets]
    share_scorings(tile_sets)
    lists = [fixed_tile_lists(rs) for rs in tile_sets]
    out = {rs.id: Tally() for rs in rulesets}
    for orbit in orbits:
        for rs, fixed in zip(tile_sets, lists):
            tally_orbit(orbit, rs, fixed, out[rs.id])
    return out


def policy_supported(rs: Ruleset) -> bool:
    """Rule sets whose readings are the ordinary ones (not wild tiles, no ghosts) and whose policy the tie check
    knows."""
    family = find_policy(rs.policy)
    return (family is not None and family.orbit_statistics and Form.REGULAR in rs.forms
            and not family.plays_ghosts(rs))
