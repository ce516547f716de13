"""Figures of the patterns that read the winning tile: every concealed complete hand with each winning tile it holds.

The population. A *win* is a concealed complete hand (as in `tally`), one tile kind it holds as
the winning tile, and how that tile came: on a discard or self-drawn. Each win counts once in
the distinct figures; the weighted figures weigh it by the hand's physical tile combinations
times the copies of the winning tile the hand holds, so the weights of a hand's wins sum to
fourteen times its weight: every physical tile of the hand is equally likely to have been the
last one. The two ways of winning are counted apart and stored apart; a page's headline
figure takes them as equally likely.

What is scored. The patterns that read the winning tile or the wait (`reads_win`: the waits,
nine gates on the wait, concealed pungs, which a discard breaks) are scored with the tile
patterns, so the engine picks its best reading among the patterns the tiles and the winning
tile decide (`win_ruleset`). The patterns of the way of winning (self-drawn, concealed hand)
are left out with those of play: the population fixes them (every hand concealed, each way
counted apart), so a figure of theirs would only restate how it is made, and without them a
discard and a self-draw of a tile that lies in no pung read and score alike.

Why it is fast enough. Scoring every win (some fourteen per hand) would take hours. Most winning
tiles of a hand change nothing: a tile that is not the only one completing the hand gives no
wait; a tile held fewer than three times lies in no pung, so a discard of it exposes none; and
nine gates needs its own fourteen tiles. Such tiles of one hand give the same readings with
the same patterns, on a discard and self-drawn alike, so one of them is scored for all
(`_groups`), and a group that can show none of the reported patterns (too few pungs, no
unique wait) is not scored at all. Riichi reads no unique wait but prices every place (the
minipoints of the wait, pinfu's two-sided wait, the pung a discard exposes), so there the
tiles that take places of the same classes in every division of the hand are scored once
(`_place_groups`, `Policy.win_places`). Orbits, fixed tile lists and tied readings are handled as
in `tally`, the winning tile mapping with the hand. tests/test_stats_wins.py checks all this against scoring
every win of sample hands one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import permutations

from ..detectors.riichi import wait_in_set
from ..detectors.suits import holds_nine_gates
from ..detectors.waits import only_wait
from ..rules import Pattern, Ruleset
from ..scoring import engine
from ..scoring.families import policy_of
from ..shapes import Kind, TileSet, decompositions
from ..tiles import NUM_KINDS, Tile, is_orphan
from .hands import Orbit, Vec
from .tally import (Result, Tally, TileList, fixed_tile_lists, hand_of, images, score_hand, share_scorings,
                    tile_only)

CONVENTION = ("every concealed complete hand (its tile counts) with each tile kind it holds as the winning tile, "
              "won on a discard and self-drawn, the two ways counted apart; scored with the patterns that read the "
              "winning tile or the wait and the tile patterns, the others (the way of winning, play) neither counting "
              "nor excluding; weighted: the hand's physical tile combinations (the product of C(4, count) over its "
              "tiles) times the copies of the winning tile it holds")

WIN_DETECTORS = frozenset({"wait", "concealed_pungs", "single_wait_pungs", "thirteen_wait", "pinfu"})
"""Detectors that read the winning tile or the wait of a concealed hand (nine gates too, on the wait)."""

PLACE_DETECTORS = frozenset({"concealed_pungs", "single_wait_pungs", "thirteen_wait", "pinfu", "nine_gates"})
"""Win detectors that read the winning tile only through its place in a reading (the set holding it, the wait it
makes, the pung a discard exposes), but for nine gates and thirteen orphans, whose hands are scored tile by tile."""

WAYS = ("discard", "self_drawn")
"""The two ways a win comes, in the order stored: on a discard (tsumo False), self-drawn."""

def reads_win(p: Pattern) -> bool:
    """Whether `p` reads the winning tile or the wait (and nothing of play beyond the way of winning)."""
    return p.detect in WIN_DETECTORS or (p.detect == "nine_gates" and not tile_only(p))


def win_ruleset(rs: Ruleset) -> Ruleset:
    """`rs` restricted to its tile patterns and the patterns that read the winning tile (plus the chicken hand the
    policies need); the other patterns' exclusions go with them."""
    keep = {p.id for p in rs.patterns if tile_only(p) or reads_win(p)}
    keep.add(rs.option("chicken"))
    patterns = tuple(replace(p, excludes=tuple(e for e in p.excludes if e.id in keep))
                     for p in rs.patterns if p.id in keep)
    return replace(rs, patterns=patterns)


def win_reported(rs: Ruleset) -> list[str]:
    """Ids of the patterns the win figures cover, in rule order."""
    return [p.id for p in rs.patterns if reads_win(p)]


# ----------------------------------------------------------------------------- what a rule set's patterns read


@dataclass(frozen=True)
class Reads:
    """What decides whether a rule set's win patterns can show: a unique wait, pungs, the nine gates tiles."""

    wait: bool  # a pattern reads the shape of a unique wait: every uniquely waited tile is scored alone
    pungs: int  # fewest concealed pungs a pattern asks for (0: none asks)
    nine: bool  # nine gates on the wait
    every_tile: bool  # a win pattern this module cannot group tiles for: every win is scored alone
    places: Mapping[str, str] | None = None  # the policy's classes of places (`Policy.win_places`), when every win
    # pattern reads only the place: tiles are grouped by their places (`_place_groups`)
    four_chows: bool = False  # with `places`: a pattern needs a reading of four chows (pinfu)

    @classmethod
    def of(cls, rs: Ruleset) -> Reads:
        win = [p for p in rs.patterns if reads_win(p)]
        pungs = [int(p.params["n"]) for p in win if p.detect == "concealed_pungs"]
        pungs += [4 for p in win if p.detect == "single_wait_pungs"]
        places = policy_of(rs.policy).win_places
        if not all(p.detect in PLACE_DETECTORS for p in win):
            places = None
        return cls(any(p.detect == "wait" for p in win), min(pungs, default=0),
                   any(p.detect == "nine_gates" for p in win),
                   any(p.detect not in ("wait", "concealed_pungs", "nine_gates") for p in win),
                   places, any(p.detect == "pinfu" for p in win))

    def pungs_possible(self, counts: Vec) -> bool:
        """Whether the hand holds enough tiles three times over for the fewest concealed pungs a pattern asks."""
        return self.pungs > 0 and sum(1 for c in counts if c >= 3) >= self.pungs

    @property
    def any(self) -> bool:
        return self.wait or self.pungs > 0 or self.nine or self.every_tile


def unique_wait(counts: Vec, win: Tile) -> bool:
    """Whether `win` is the only tile completing the other thirteen as sets and a pair (the wait patterns' test)."""
    standing = list(counts)
    standing[win] -= 1
    return only_wait(standing, win, True)


def unique_waits(counts: Vec) -> tuple[Tile, ...]:
    """The tiles of the hand that are its only winning tile (`unique_wait`). The last answer is kept: the rule
    sets that read the wait ask it of the same hand one after another."""
    last_counts, last = _last_waits[0]
    if counts != last_counts:
        last = tuple(t for t in range(NUM_KINDS) if counts[t] and unique_wait(counts, t))
        _last_waits[0] = (counts, last)
    return last


_last_waits: list[tuple[Vec, tuple[Tile, ...]]] = [((), ())]


@dataclass(frozen=True)
class Group:
    """Wins of one hand that show the same patterns: scored once (`tile`, won as `tsumo` says), added to each way
    of winning with its winning tiles (`adds`: (tsumo, tiles)); `scored` False when none can show a reported
    pattern, so only the population grows."""

    tile: Tile
    tsumo: bool
    adds: tuple[tuple[bool, tuple[Tile, ...]], ...]
    scored: bool = True


def _groups(counts: Vec, reads: Reads, form: str) -> list[Group]:
    """The hand's wins split into groups of the same readings and patterns (see the module docstring)."""
    kinds = tuple(t for t in range(NUM_KINDS) if counts[t])
    nine = reads.nine and holds_nine_gates(counts)
    if reads.places is not None and form in ("regular", "seven-pairs") and not nine:
        return _place_groups(counts, kinds, reads, reads.places)
    if reads.every_tile or form == "knitted" or nine:
        return [Group(t, tsumo, ((tsumo, (t,)),)) for tsumo in (False, True) for t in kinds]
    pungs_possible = reads.pungs_possible(counts)
    waits = unique_waits(counts) if reads.wait and form == "regular" else ()
    out: list[Group] = []
    for t in waits:  # a tile held fewer than three times lies in no pung: a discard of it exposes none
        if counts[t] < 3:
            out.append(Group(t, False, ((False, (t,)), (True, (t,)))))
        else:
            out.extend(Group(t, tsumo, ((tsumo, (t,)),)) for tsumo in (False, True))
    rest = [t for t in kinds if t not in waits]
    few = tuple(t for t in rest if counts[t] < 3)
    many = tuple(t for t in rest if counts[t] >= 3)
    out.extend(Group(t, False, ((False, (t,)),), pungs_possible) for t in many)
    if rest:  # no wait, no pung exposed: the same readings, whatever the tile
        adds = ((False, few), (True, few + many)) if few else ((True, many),)
        out.append(Group(rest[0] if not few else few[0], not few, adds, pungs_possible))
    return out


def _place_groups(counts: Vec, kinds: tuple[Tile, ...], reads: Reads, classes: Mapping[str, str]) -> list[Group]:
    """The wins of a hand whose rule set reads the winning tile only through its place (`Reads.places`), grouped
    per way of winning by the places each tile can take in each division of the hand, in the order the readings
    list them: tiles alike there give readings that pair off one to one, each pair scoring alike, so the engine
    makes the same choice for both. A hand that can show no reported pattern (no division of four chows for pinfu,
    too few pungs) is not scored at all."""
    divisions = [(*body, TileSet(Kind.PAIR, pair)) for pair, body in decompositions(counts)]
    if not ((reads.four_chows and any(all(s.kind is Kind.CHOW for s in d[:-1]) for d in divisions))
            or reads.pungs_possible(counts)):
        return [Group(kinds[0], False, ((False, kinds), (True, kinds)), False)]
    out: list[Group] = []
    for tsumo in (False, True):
        alike: dict[tuple[tuple[object, ...], ...], list[Tile]] = {}
        for t in kinds:
            alike.setdefault(tuple(_places(d, t, tsumo, classes) for d in divisions), []).append(t)
        out.extend(Group(tiles[0], tsumo, ((tsumo, tuple(tiles)),)) for tiles in alike.values())
    return out


def _places(division: tuple[TileSet, ...], t: Tile, tsumo: bool, classes: Mapping[str, str]) -> tuple[object, ...]:
    """The class of each place tile `t` can take in one division, as `shapes` makes the readings: once per distinct
    set holding it; a pung on a discard is exposed, so whether it holds a terminal or an honour counts too."""
    seen: list[TileSet] = []
    out: list[object] = []
    for s in division:
        if s in seen or not s.holds(t):
            continue
        seen.append(s)
        wait = classes[wait_in_set(s, t)]
        out.append((wait, is_orphan(s.tile)) if s.kind is Kind.PUNG and not tsumo else wait)
    return tuple(out)


# ----------------------------------------------------------------------------- symmetry, with the winning tile


@lru_cache(maxsize=64)  # a hand's groups of winning tiles ask for its maps one after another
def _maps(counts: Vec) -> dict[Vec, tuple[int, ...]]:
    """Each distinct hand of the orbit of `counts` -> a tile map taking `counts` to it (tile t goes to map[t])."""
    out: dict[Vec, tuple[int, ...]] = {}
    blocks = (counts[0:9], counts[9:18], counts[18:27])
    for suits in permutations(range(3)):
        suit_map = tuple(9 * suits[t // 9] + t % 9 for t in range(27))
        image_suits = [()] * 3
        for s, to in enumerate(suits):
            image_suits[to] = blocks[s]
        suited = image_suits[0] + image_suits[1] + image_suits[2]
        for winds in permutations(range(4)):
            wind_counts = [0] * 4
            for i, to in enumerate(winds):
                wind_counts[to] = counts[27 + i]
            for dragons in permutations(range(3)):
                dragon_counts = [0] * 3
                for i, to in enumerate(dragons):
                    dragon_counts[to] = counts[31 + i]
                image = suited + tuple(wind_counts) + tuple(dragon_counts)
                if image not in out:
                    out[image] = suit_map + tuple(27 + w for w in winds) + tuple(31 + d for d in dragons)
    return out


# ----------------------------------------------------------------------------- tallies


@dataclass
class WinTally:
    """Running win figures of one rule set: one `Tally` per way of winning (hands: wins, weight: as defined)."""

    ways: dict[str, Tally]

    @classmethod
    def empty(cls) -> WinTally:
        return cls({way: Tally(grouping="wins") for way in WAYS})

    def merge(self, other: WinTally) -> None:
        for way, t in other.ways.items():
            self.ways[way].merge(t)


def tally_win_orbit(orbit: Orbit, rs: Ruleset, reads: Reads, lists: list[TileList], tally: WinTally) -> None:
    """Add every win of one orbit's hands to `tally` (`rs` a `win_ruleset`, `reads` its `Reads.of`, `lists` its
    fixed tile lists). Hands that hold only the tiles of a fixed list are scored one by one, as in `tally`."""
    if not any(tiles.could_hold(orbit.counts) for tiles in lists):
        _add_hand(orbit.counts, None, orbit.size, orbit, rs, reads, tally)
        return
    plain = []
    for h in images(orbit.counts):
        if any(tiles.holds(h) for tiles in lists):
            _add_hand(h, [h], 1, orbit, rs, reads, tally)
        else:
            plain.append(h)
    if plain:
        _add_hand(plain[0], plain, len(plain), orbit, rs, reads, tally)


def _add_hand(counts: Vec, members: list[Vec] | None, n: int, orbit: Orbit, rs: Ruleset, reads: Reads,
              tally: WinTally) -> None:
    """Add the wins of `n` hands that behave as `counts` does (its images `members`, or the whole orbit when
    None). An orbit that is not complete in the rule set adds nothing."""
    weight = orbit.weight
    groups = _groups(counts, reads, orbit.form)
    if not any(g.scored for g in groups) and not engine.readings_of(hand_of(counts), rs):
        return
    for g in groups:
        result = score_hand(counts, rs, g.tile, g.tsumo, placed=True) if g.scored else Result(True)
        if not result.complete:
            return
        for tsumo, tiles in g.adds:
            way = tally.ways[WAYS[tsumo]]
            if result.safe:
                way.add(result, n * len(tiles), n * weight * sum(counts[t] for t in tiles))
            else:
                _add_one_by_one(counts, members, tiles, tsumo, weight, rs, way)


def _add_one_by_one(counts: Vec, members: list[Vec] | None, tiles: tuple[Tile, ...], tsumo: bool, weight: int,
                    rs: Ruleset, way: Tally) -> None:
    """The wins of a group whose readings tie with different patterns: each hand and winning tile scored alone
    (the engine's tie-break follows tile order, which the symmetries change)."""
    maps = _maps(counts)
    for h in members if members is not None else sorted(maps):
        tile_map = maps[h]
        for t in tiles:
            way.add(score_hand(h, rs, tile_map[t], tsumo, placed=True), 1, weight * counts[t])


def win_orbit_step(rulesets: list[Ruleset]) -> tuple[dict[str, WinTally], Callable[[Orbit], None]]:
    """Empty win tallies of the rule sets that have win patterns, and the function adding one orbit to them (for a
    run that walks the orbits once for both populations)."""
    prepared = [(rs.id, win_ruleset(rs), Reads.of(rs)) for rs in rulesets]
    prepared = [(rid, w, reads, fixed_tile_lists(w)) for rid, w, reads in prepared if reads.any]
    share_scorings([w for _rid, w, _reads, _l in prepared])
    out = {rid: WinTally.empty() for rid, _w, _reads, _l in prepared}

    def step(orbit: Orbit) -> None:
        for rid, w, reads, fixed in prepared:
            tally_win_orbit(orbit, w, reads, fixed, out[rid])

    return out, step


def wins_of(counts: Vec) -> int:
    """How many wins one hand gives per way of winning: the tile kinds it holds."""
    return sum(1 for c in counts if c)
