"""Ghost tiles (鬼牌, 广东麻将 2023): a ghost stands for any tile, but never for a fifth copy of one.

A hand holding ghosts is complete when some choice of a tile for each ghost makes it complete, with at
most four copies of any tile among the standing tiles, the winning tile and what the ghosts play (七-1-5:
1234444556677 waits on 1 and 7, not on 4, and a ghost may play 1 or 7 but not 4; the melds are not
counted, so with 444 pung'd beside 1234556677 a ghost may play 4). Four ghosts in the hand are a winning
shape of their own (四鬼和), whatever the other tiles are.

Every choice that completes the hand is found: a multiset of tiles for the ghosts (a ghost played as a tile
is the tile, so the order of the ghosts does not matter), each hand that choice completes read in the
ordinary ways. The scoring takes the reading worth most, so no completing choice may be missed: two ghosts in a flush suit may be a
pair of an honour elsewhere that scores less, or a pung of a dragon that scores more. The choices that
complete a set of standing tiles are kept (`fillings`), because a waiting hand asks the same question of
every tile it might draw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations_with_replacement

from .completion import Waits, is_complete_counts
from .hand import Hand, WaitingHand
from .shapes import Form, Reading, readings
from .tiles import GHOST, MAX_GHOSTS, NUM_KINDS, ORPHANS, Tile

FOUR_GHOSTS_SHAPE = MAX_GHOSTS
"""How many ghosts in the hand make the 四鬼和 shape: all of them."""


@dataclass(frozen=True, slots=True)
class GhostReading(Reading):
    """A reading of a hand with ghosts. Its sets show the tiles the ghosts play; `stand_in` is the hand with
    each ghost replaced by the tile it plays (what the detectors look at), `stands_for` those tiles, sorted,
    and `ghosts` how many ghosts the hand holds, winning tile included."""

    stand_in: Hand | None = None
    stands_for: tuple[Tile, ...] = ()
    ghosts: int = 0


def stand_in(hand: Hand, reading: Reading) -> Hand:
    """The hand a reading's detectors look at: for a ghost reading the hand its ghosts make, else `hand`."""
    if isinstance(reading, GhostReading) and reading.stand_in is not None:
        return reading.stand_in
    return hand


def ghosts_in(tiles: tuple[Tile, ...]) -> int:
    """How many of `tiles` are ghosts."""
    return tiles.count(GHOST)


def _counts(tiles: tuple[Tile, ...] | list[Tile]) -> list[int]:
    """A 34-slot count vector of the tiles that are not ghosts."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        if t != GHOST:
            counts[t] += 1
    return counts


def _room(standing: list[int]) -> tuple[int, ...]:
    """Per tile, how many more copies the standing tiles may take: the text's five-copy rule (七-1-5) counts the
    standing tiles and the winning tile, not the melds (with 444 pung'd and a 4 standing, a ghost may still
    play 4; with 3333 konged, a ghost may play 3)."""
    return tuple(4 - n for n in standing)


@lru_cache(maxsize=4096)
def fillings(standing: tuple[int, ...], room: tuple[int, ...], k: int, n_melds: int, forms: frozenset[Form],
             four_as_two_pairs: bool) -> tuple[tuple[Tile, ...], ...]:
    """Every multiset of `k` tiles (sorted tuples) that completes the standing tiles (counts) in one of `forms`,
    taking no tile past its `room`.

    Why not try every multiset: four ghosts have 66,045 of them, and a waits table asks for each of 34 tiles.
    Instead each form proposes the fills its groups could use (`_proposals`), a superset of the answer, and
    the ordinary completeness test keeps the ones that complete, so the answer is the brute force's."""
    counts = list(standing)
    out: list[tuple[Tile, ...]] = []
    for fill in sorted(_proposals(standing, k, n_melds, forms, four_as_two_pairs)):
        if any(fill.count(t) > room[t] for t in set(fill)):
            continue
        for t in fill:
            counts[t] += 1
        if is_complete_counts(counts, n_melds, forms, four_as_two_pairs):
            out.append(fill)
        for t in fill:
            counts[t] -= 1
    return tuple(out)


_PROPOSED_FORMS = frozenset({Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS, Form.FOUR_GHOSTS})


def _proposals(standing: tuple[int, ...], k: int, n_melds: int, forms: frozenset[Form],
               four_as_two_pairs: bool) -> set[tuple[Tile, ...]]:
    """Fills that might complete the standing tiles: for each form, the tiles its groups could ask of the ghosts.
    A form this module has no proposer for (the knitted ones, which no ghost rule set plays) gets every multiset."""
    if not forms <= _PROPOSED_FORMS:
        return set(combinations_with_replacement(range(NUM_KINDS), k))
    out: set[tuple[Tile, ...]] = set()
    if Form.REGULAR in forms:
        _regular_fills(list(standing), 0, k, 4 - n_melds, 1, [], out)
    if n_melds == 0 and Form.SEVEN_PAIRS in forms:
        out |= _seven_pairs_fills(standing, k)
    if n_melds == 0 and Form.THIRTEEN_ORPHANS in forms:
        out |= _orphans_fills(standing, k)
    return out


def _regular_fills(counts: list[int], i: int, ghosts: int, sets: int, pairs: int, fill: list[Tile],
                   out: set[tuple[Tile, ...]]) -> None:
    """Sets and a pair: the lowest standing tile left joins a pung, a chow or the pair, with ghosts playing the
    tiles the group lacks; when no standing tile is left, the ghosts left make the missing groups by themselves."""
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS:
        if ghosts == 3 * sets + 2 * pairs:
            for free in _free_groups(sets, pairs):
                out.add(tuple(sorted(fill + free)))
        return
    for size, kind_left in ((3, sets), (2, pairs)):
        if not kind_left:
            continue
        for real in range(1, min(counts[i], size) + 1):
            need = size - real
            if need > ghosts:
                continue
            counts[i] -= real
            _regular_fills(counts, i, ghosts - need, sets - (size == 3), pairs - (size == 2), fill + [i] * need, out)
            counts[i] += real
    if sets and i < 27:
        rank = i % 9
        for start in range(max(i - 2, i - rank), min(i, i - rank + 6) + 1):
            _chow_fill(counts, i, start, ghosts, sets, pairs, fill, out)


def _chow_fill(counts: list[int], i: int, start: Tile, ghosts: int, sets: int, pairs: int, fill: list[Tile],
               out: set[tuple[Tile, ...]]) -> None:
    """The chow from `start` holding tile `i` (the lowest standing tile left): ranks below `i` are ghosts, `i`
    is real, each rank above is real or a ghost (both are tried)."""
    below = [t for t in range(start, i)]
    above = [t for t in range(i + 1, start + 3)]
    if len(below) > ghosts:
        return
    for mask in range(1 << len(above)):
        played = below + [t for b, t in enumerate(above) if mask >> b & 1]
        reals = [i] + [t for b, t in enumerate(above) if not mask >> b & 1]
        if len(played) > ghosts or any(counts[t] == 0 for t in reals):
            continue
        for t in reals:
            counts[t] -= 1
        _regular_fills(counts, i, ghosts - len(played), sets - 1, pairs, fill + played, out)
        for t in reals:
            counts[t] += 1


def _free_groups(sets: int, pairs: int) -> list[list[Tile]]:
    """Every way ghosts alone make `sets` sets and `pairs` pairs (at most four ghosts: one set or one pair)."""
    groups: list[list[Tile]] = [[]]
    for _ in range(sets):
        one = [[t] * 3 for t in range(NUM_KINDS)] + [[t, t + 1, t + 2] for t in range(27) if t % 9 < 7]
        groups = [g + s for g in groups for s in one]
    for _ in range(pairs):
        groups = [g + [t, t] for g in groups for t in range(NUM_KINDS)]
    return groups


def _seven_pairs_fills(standing: tuple[int, ...], k: int) -> set[tuple[Tile, ...]]:
    """Seven pairs: a ghost beside each odd count, the ghosts left in pairs of any tile."""
    odd = [t for t in range(NUM_KINDS) if standing[t] % 2]
    left = k - len(odd)
    if left < 0 or left % 2:
        return set()
    return {tuple(sorted(odd + [t for t in extra for _ in (0, 1)]))
            for extra in combinations_with_replacement(range(NUM_KINDS), left // 2)}


def _orphans_fills(standing: tuple[int, ...], k: int) -> set[tuple[Tile, ...]]:
    """Thirteen orphans: the orphans missing, and if the ghosts are one more, any orphan for the pair."""
    missing = [t for t in ORPHANS if standing[t] == 0]
    if len(missing) == k:
        return {tuple(sorted(missing))}
    if len(missing) == k - 1:
        return {tuple(sorted(missing + [t])) for t in ORPHANS}
    return set()


def _stand_ins(hand: Hand, fill: tuple[Tile, ...]) -> list[Hand]:
    """The hands `hand` is when its ghosts play `fill`. A ghost drawn as the winning tile may be any of the tiles
    the ghosts play, so there is one hand for each distinct one of them."""
    standing = [t for t in hand.concealed if t != GHOST]
    ghosts_standing = len(hand.concealed) - len(standing)
    if hand.win_tile != GHOST:
        return [replace(hand, concealed=tuple(sorted(standing + list(fill))))]
    out = []
    for win in sorted(set(fill)):
        rest = list(fill)
        rest.remove(win)
        assert len(rest) == ghosts_standing
        out.append(replace(hand, concealed=tuple(sorted(standing + rest)), win_tile=win))
    return out


def _any_fill(room: tuple[int, ...], k: int) -> tuple[Tile, ...]:
    """Some `k` tiles within `room`: what the ghosts of a 四鬼和 reading are shown as (its score reads no tile)."""
    out: list[Tile] = []
    for t in range(NUM_KINDS):
        out += [t] * min(room[t], k - len(out))
    return tuple(out)


def ghost_readings(hand: Hand, forms: frozenset[Form], four_as_two_pairs: bool) -> list[Reading]:
    """Every reading of a hand that may hold ghosts: the ordinary ones without ghosts; with them, those of every
    hand the ghosts can make, and with four ghosts a 四鬼和 reading too. Empty when the hand is not complete."""
    closed = hand.closed_tiles
    k = ghosts_in(closed)
    if k == 0:
        return readings(hand, forms, four_as_two_pairs=four_as_two_pairs)
    standing = _counts(closed)
    room = _room(standing)
    out: list[Reading] = []
    for fill in fillings(tuple(standing), room, k, len(hand.melds), forms, four_as_two_pairs):
        for stand_in in _stand_ins(hand, fill):
            for r in readings(stand_in, forms, four_as_two_pairs=four_as_two_pairs):
                out.append(GhostReading(r.form, r.sets, r.win, r.loose, stand_in, fill, k))
    if k >= FOUR_GHOSTS_SHAPE and Form.FOUR_GHOSTS in forms:
        fill = _any_fill(room, k)
        stand_in = _stand_ins(hand, fill)[0]
        out.append(GhostReading(Form.FOUR_GHOSTS, (), None, stand_in.closed_tiles, stand_in, fill, k))
    return out


def ghost_waits(hand: WaitingHand, forms: frozenset[Form], four_as_two_pairs: bool) -> Waits:
    """The tiles that complete a 13-tile hand that may hold ghosts, with the five-copy rule on the standing tiles
    and the winning tile. A tile that completes it but whose four copies are already in view (standing or in the
    melds) is only a `formal` wait: no such tile is left to win on, but a drawn ghost may play it."""
    k = ghosts_in(hand.concealed)
    standing = _counts(hand.concealed)
    room = _room(standing)
    seen = list(standing)
    for m in hand.melds:
        for t in m.tiles:
            seen[t] += 1
    if k >= FOUR_GHOSTS_SHAPE and Form.FOUR_GHOSTS in forms:
        found = {t for t in range(NUM_KINDS) if room[t] > 0}
    else:
        found = set()
        for fill in fillings(tuple(standing), room, k + 1, len(hand.melds), forms, four_as_two_pairs):
            found.update(fill)  # the drawn tile is one of the fill, the ghosts the rest
    return Waits(tuple(t for t in sorted(found) if seen[t] < 4), tuple(t for t in sorted(found) if seen[t] >= 4))
