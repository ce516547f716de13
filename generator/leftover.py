"""Why a hand is not a win: the closest arrangement of its standing tiles into sets and a pair, and what is left
over; a rule set with suit-bound wilds (团圆) says what its dragons are instead. Receipts print it for a hand a rule
set refuses (generator/receipt.py), so the command line, the site and the calculator say the same.

>>> from generator.notation import parse_hand
>>> why_not(parse_hand("123m456p789s11z23s+5s"), suit_bound_wilds=False)
'at most 3 sets and a pair (123m 456p 789s 11z); left over: 2s 3s 5s'

"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .hand import Hand
from .messages import N_, Message
from .tiles import GHOST, Tile, counts_of, is_dragon, is_wind, tile_to_text


@dataclass(frozen=True)
class Arrangement:
    sets: tuple[str, ...]  # each set's tiles as text ("123m", "555z")
    pair: str | None
    left: tuple[str, ...]  # the tiles no set or pair took, as text


def _text(tiles: Sequence[int]) -> str:
    """Tiles of one suit in the notation ("123m")."""
    return "".join(tile_to_text(t)[0] for t in tiles) + tile_to_text(tiles[0])[1]


@lru_cache(maxsize=4096)
def _best(counts: tuple[int, ...], paired: bool) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """(tiles used, the groups, the tiles left) for counts from the lowest tile on, most tiles used; groups of two
    are the pair. A hand has 14 tiles at most, so the search is small."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return 0, (), ()
    options: list[tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]] = []

    def take(group: tuple[int, ...], now_paired: bool) -> None:
        rest = list(counts)
        for t in group:
            rest[t] -= 1
        used, groups, left = _best(tuple(rest), now_paired)
        options.append((used + len(group), (group, *groups), left))

    if counts[first] >= 3:
        take((first,) * 3, paired)
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        take((first, first + 1, first + 2), paired)
    if counts[first] >= 2 and not paired:
        take((first,) * 2, True)
    rest = list(counts)
    rest[first] -= 1
    used, groups, left = _best(tuple(rest), paired)
    options.append((used, groups, (first, *left)))
    return max(options, key=lambda o: o[0])


def closest(tiles: Sequence[Tile]) -> Arrangement:
    """The arrangement of `tiles` into sets and at most one pair that leaves the fewest tiles over."""
    _, groups, left = _best(tuple(counts_of(tiles)), False)
    pair = next((g for g in groups if len(g) == 2), None)
    return Arrangement(tuple(_text(g) for g in groups if len(g) == 3), _text(pair) if pair else None,
                       tuple(tile_to_text(t) for t in left))


SUIT_WILDS = Message(N_("中 is the wild of 萬 (m), 白 of 筒 (p), 發 of 条 (s)"))
WILDS = N_("here the dragons are wilds (%(wilds)s): each stands only for a tile of its own suit, and no choice of them "
           "completes the hand%(no_winds)s")
"""The sentence for a rule set whose dragons are suit-bound wilds (团圆); the calculator tells it from the others."""
_NO_WINDS = Message(N_("; this tile set has no winds"))
_PAIR, _NO_PAIR = Message(N_(" and a pair")), Message(N_(", no pair"))


def why_not(hand: Hand, suit_bound_wilds: bool, winds: bool = True) -> str:
    """One sentence saying why the standing tiles do not make four sets and a pair (or what seven pairs lacks);
    `winds`: whether the rule set's tiles include the winds."""
    standing = (*hand.concealed, hand.win_tile)
    if suit_bound_wilds and any(is_dragon(t) for t in standing):
        no_winds = _NO_WINDS if not winds and any(is_wind(t) for t in hand.all_tiles) else ""
        return Message(WILDS, wilds=SUIT_WILDS, no_winds=no_winds)
    ghosts = standing.count(GHOST)  # a ghost is no kind: what is said is of the other tiles
    standing = tuple(t for t in standing if t != GHOST)
    best = closest(standing)
    sets = len(best.sets) + len(hand.melds)
    shown = " ".join([*best.sets, *([best.pair] if best.pair else [])])
    most = Message(N_("at most %(n)s set") if sets == 1 else N_("at most %(n)s sets"), n=sets)
    pairs = sum(c // 2 for c in counts_of(standing)) if not hand.melds else 0
    seven = Message(N_("; seven pairs needs 7 pairs, it has %(n)s"), n=pairs) if pairs >= 4 else ""
    said = Message(N_("%(most)s%(pair)s (%(shown)s); left over: %(left)s%(seven)s") if shown else
                   N_("%(most)s%(pair)s; left over: %(left)s%(seven)s"), most=most,
                   pair=_PAIR if best.pair else _NO_PAIR, shown=shown, left=" ".join(best.left), seven=seven)
    if ghosts:
        return Message(N_("%(said)s; no choice of tiles for its %(n)s ghost(s) (8z) completes it"), said=said, n=ghosts)
    return said
