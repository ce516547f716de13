"""Ghost tiles (鬼牌, 广东麻将 2023): a ghost stands for any tile, but never for a fifth copy of one.

A hand holding ghosts is complete when some choice of a tile for each ghost makes it complete, with at
most four copies of any tile among the standing tiles, the winning tile and what the ghosts play (七-1-5:
1234444556677 waits on 1 and 7, not on 4, and a ghost may play 1 or 7 but not 4; the melds are not
counted, so with 444 pung'd beside 1234556677 a ghost may play 4). Four ghosts in the hand are a winning
shape of their own (四鬼和), whatever the other tiles are.

Every choice is tried: a multiset of tiles for the ghosts (a ghost played as a tile is the tile, so the
order of the ghosts does not matter), each hand that choice completes read in the ordinary ways. The
scoring takes the reading worth most, so no choice may be skipped: two ghosts in a flush suit may be a
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
from .tiles import GHOST, MAX_GHOSTS, NUM_KINDS, Tile

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
    taking no tile past its `room`."""
    out: list[tuple[Tile, ...]] = []
    counts = list(standing)
    candidates = [t for t in range(NUM_KINDS) if room[t] > 0]
    for fill in combinations_with_replacement(candidates, k):
        if any(fill.count(t) > room[t] for t in set(fill)):
            continue
        for t in fill:
            counts[t] += 1
        if is_complete_counts(counts, n_melds, forms, four_as_two_pairs):
            out.append(fill)
        for t in fill:
            counts[t] -= 1
    return tuple(out)


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
