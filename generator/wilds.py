"""Suit-bound wild tiles (团圆麻将): 中 is any 萬 tile, 白 any 筒 tile, 發 any 条 tile, and nothing else.

A wild never leaves its suit, so every question about a hand splits by suit: the hand
is complete when each suit, together with its own wilds, forms sets — plus the pair in
exactly one group — and the winds (when the tile set has them) form pungs and at most
that pair. Each suit is decided once per (natural counts, wild count) and cached, so
completeness and waits never enumerate substitutions: a waiting hand costs about
thirty cached look-ups however many wilds it holds.

>>> from generator.notation import parse_waiting
>>> w = waits_with_wilds(parse_waiting("123456p789s111s7z"), winds=False)
>>> " ".join(tile_to_text(t) for t in w.waits)
'1m 2m 3m 4m 5m 6m 7m 8m 9m 7z'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .completion import Waits
from .hand import Hand, Meld, WaitingHand
from .messages import N_, Message, joined
from .shapes import Form, Kind, Reading, TileSet, _meld_sets, readings
from .tiles import GREEN, RED, WHITE, WINDS, Tile, counts_of, is_dragon, is_wind, tile_to_text

SUIT_WILD: Final = (RED, WHITE, GREEN)
"""The wild of each suit, by suit index: 中 for 萬 (m), 白 for 筒 (p), 發 for 条 (s)."""

WILD_SUIT: Final = {RED: 0, WHITE: 1, GREEN: 2}

SUITED_AND_WILD: Final = tuple(range(27)) + (WHITE, GREEN, RED)
"""Every tile of the 团圆 set without winds: the three suits and their wilds."""

Group = tuple[Kind, int, tuple[int, ...], tuple[int, ...]]
"""One set of a suit: kind, lowest rank (0-8), ranks of its natural tiles, ranks its wilds play."""

State = tuple[bool, int]
"""A group of the hand (a suit with its wilds, or one wind): whether it fits, and whether it holds the pair."""


def is_wild(tile: Tile) -> bool:
    return tile in WILD_SUIT


def counting_suit(tile: Tile) -> int | None:
    """The suit a tile counts in (0 m, 1 p, 2 s): its own, or its wild's suit; None for winds."""
    if tile < 27:
        return tile // 9
    return WILD_SUIT.get(tile)


def has_wild(tiles: Iterable[Tile]) -> bool:
    return any(t in WILD_SUIT for t in tiles)


def outside_tile_set(tiles: Iterable[Tile], melds: Sequence[Meld], *, winds: bool) -> str | None:
    """Why these tiles cannot be a 团圆 hand, or None: winds when the set has none, or a wild in a declared meld
    (a wild is never discarded for others to claim, and four wilds are four stand-ins, not a kong)."""
    if not winds and any(is_wind(t) for t in tiles):
        return Message(N_("winds are not part of this tile set"))
    if any(is_dragon(t) for m in melds for t in m.tiles):
        return Message(N_("中, 發 and 白 are wilds and cannot form a declared meld"))
    return None


# ----------------------------------------------------------------------------- one suit with its wilds


def _minus(counts: tuple[int, ...], ranks: Iterable[int]) -> tuple[int, ...]:
    c = list(counts)
    for r in ranks:
        c[r] -= 1
    return tuple(c)


def _moves(c: tuple[int, ...], w: int, pair: bool) -> Iterator[tuple[Group, tuple[int, ...], int, bool]]:
    """Every way to place one natural copy of the lowest rank still held: each result is (group, rest, wilds left,
    pair still needed). Chows that put wilds below that rank leave the same rest as the ones listed, so they are
    not repeated; a chow of one natural and two wilds is the same remainder as a pung of one natural."""
    i = next(r for r, n in enumerate(c) if n)
    for k in (3, 2, 1):  # pung: k naturals, 3 - k wilds
        if k <= c[i] and 3 - k <= w:
            yield (Kind.PUNG, i, (i,) * k, (i,) * (3 - k)), _minus(c, (i,) * k), w - (3 - k), pair
    if i <= 6 and c[i + 1] and c[i + 2]:
        yield (Kind.CHOW, i, (i, i + 1, i + 2), ()), _minus(c, (i, i + 1, i + 2)), w, pair
    if w >= 1 and i <= 7 and c[i + 1]:
        low = i if i <= 6 else i - 1
        gap = i + 2 if i <= 6 else i - 1
        yield (Kind.CHOW, low, (i, i + 1), (gap,)), _minus(c, (i, i + 1)), w - 1, pair
    if w >= 1 and i <= 6 and c[i + 2]:
        yield (Kind.CHOW, i, (i, i + 2), (i + 1,)), _minus(c, (i, i + 2)), w - 1, pair
    if pair:
        for k in (2, 1):
            if k <= c[i] and 2 - k <= w:
                yield (Kind.PAIR, i, (i,) * k, (i,) * (2 - k)), _minus(c, (i,) * k), w - (2 - k), False


def _wilds_alone(w: int, pair: bool) -> bool:
    """Leftover wilds form sets by themselves (three alike of any tile; two for the pair)."""
    rest = w - (2 if pair else 0)
    return rest >= 0 and rest % 3 == 0


@lru_cache(maxsize=1 << 20)
def _fits(c: tuple[int, ...], w: int, pair: bool) -> bool:
    """Whether natural counts `c` of one suit and `w` of its wilds form sets (and the pair, if asked)."""
    if not any(c):
        return _wilds_alone(w, pair)
    return any(_fits(rest, left, p) for _, rest, left, p in _moves(c, w, pair))


def _solve(c: tuple[int, ...], w: int, pair: bool, spare: int) -> list[Group]:
    """One arrangement of a suit that `_fits` accepts; sets of wilds alone play rank `spare`."""
    if not any(c):
        groups: list[Group] = [(Kind.PAIR, spare, (), (spare,) * 2)] if pair else []
        return groups + [(Kind.PUNG, spare, (), (spare,) * 3)] * ((w - 2 * pair) // 3)
    for group, rest, left, p in _moves(c, w, pair):
        if _fits(rest, left, p):
            return [group] + _solve(rest, left, p, spare)
    raise ValueError("_solve called on a suit that does not fit")


def suit_state(naturals: tuple[int, ...], wilds: int) -> State:
    """Fit of one suit; its tile count alone says whether it must hold the pair (≡ 2 mod 3) or not (≡ 0)."""
    r = (sum(naturals) + wilds) % 3
    if r == 1:
        return False, 0
    return _fits(naturals, wilds, r == 2), r // 2


def _wind_state(n: int) -> State:
    """A wind's standing copies: none, a pair, a pung, or (a waits check asking about a fifth copy) both."""
    return n in (0, 2, 3, 5), int(n in (2, 5))


# ----------------------------------------------------------------------------- whole hands


def _states(counts: Sequence[int]) -> list[State]:
    """Groups in a fixed order: m, p, s, then E, S, W, N."""
    out = [suit_state(tuple(counts[9 * s: 9 * s + 9]), counts[SUIT_WILD[s]]) for s in range(3)]
    out.extend(_wind_state(counts[t]) for t in WINDS)
    return out


def _group_of(tile: Tile) -> int:
    suit = counting_suit(tile)
    return suit if suit is not None else 3 + tile - WINDS[0]


def _state_plus(counts: Sequence[int], tile: Tile) -> State:
    """The state of `tile`'s group once `tile` joins the standing tiles."""
    if is_wind(tile):
        return _wind_state(counts[tile] + 1)
    s = counting_suit(tile)
    assert s is not None
    naturals = list(counts[9 * s: 9 * s + 9])
    wilds = counts[SUIT_WILD[s]]
    if is_wild(tile):
        wilds += 1
    else:
        naturals[tile % 9] += 1
    return suit_state(tuple(naturals), wilds)


def is_complete_with_wilds(closed: Sequence[int], *, winds: bool) -> bool:
    """Whether standing tiles (34-slot counts, winning tile included) finish a hand of four sets and a pair.

    Declared melds are complete sets of their own, so only the standing tiles are asked; their count
    (3n + 2) fixes how many sets they must make. Counts may exceed four: a waits check asks about a fifth copy.
    """
    if not winds and any(closed[t] for t in WINDS):
        return False
    states = _states(closed)
    return all(ok for ok, _ in states) and sum(p for _, p in states) == 1


def candidates(*, winds: bool) -> tuple[Tile, ...]:
    """Tiles that can be drawn: the suits and their wilds, and the winds when the set has them."""
    return tuple(sorted(SUITED_AND_WILD + (WINDS if winds else ())))


def waits_with_wilds(hand: WaitingHand, *, winds: bool) -> Waits:
    """Every tile that completes a 13-tile hand, wilds included; `formal` ones are tiles whose four copies
    the hand already holds. Only the drawn tile's group changes, so the other groups are judged once."""
    total = counts_of(list(hand.concealed) + [t for m in hand.melds for t in m.tiles])
    if outside_tile_set((t for t, n in enumerate(total) for _ in range(n)), hand.melds, winds=winds):
        return Waits((), ())
    closed = counts_of(hand.concealed)
    base = _states(closed)
    bad = [g for g, (ok, _) in enumerate(base) if not ok]
    pairs = sum(p for _, p in base)
    real: list[Tile] = []
    formal: list[Tile] = []
    for t in candidates(winds=winds):
        g = _group_of(t)
        if any(b != g for b in bad):
            continue
        ok, p = _state_plus(closed, t)
        if ok and pairs - base[g][1] + p == 1:
            (formal if total[t] >= 4 else real).append(t)
    return Waits(tuple(real), tuple(formal))


# ----------------------------------------------------------------------------- readings


@dataclass(frozen=True, slots=True)
class WildReading(Reading):
    """A reading in which some sets hold wilds. The sets show the tiles the wilds play; `stands_for` pairs each
    wild used with the tile it plays, sorted, so a receipt can say '中 as 5m'."""

    stands_for: tuple[tuple[Tile, Tile], ...] = ()


def _spare_rank(naturals: Sequence[int]) -> int:
    """A rank for sets of wilds alone: the lowest the suit does not hold, so no set suggests a fifth copy."""
    return next((r for r, n in enumerate(naturals) if n == 0), 0)


def _wild_reading(hand: Hand, closed: list[int]) -> WildReading:
    body: list[tuple[TileSet, tuple[Tile, ...]]] = []  # (set, the physical tiles in it)
    stands: list[tuple[Tile, Tile]] = []
    for s in range(3):
        naturals = tuple(closed[9 * s: 9 * s + 9])
        wilds = closed[SUIT_WILD[s]]
        ok, pair = suit_state(naturals, wilds)
        if not ok or not (any(naturals) or wilds):
            continue
        for kind, low, nat, played in _solve(naturals, wilds, bool(pair), _spare_rank(naturals)):
            body.append((TileSet(kind, 9 * s + low), tuple(9 * s + r for r in nat) + (SUIT_WILD[s],) * len(played)))
            stands.extend((SUIT_WILD[s], 9 * s + r) for r in played)
    for t in WINDS:
        if closed[t] in (2, 3):
            body.append((TileSet(Kind.PAIR if closed[t] == 2 else Kind.PUNG, t), (t,) * closed[t]))
    body.sort(key=lambda item: (item[0].kind is Kind.PAIR, item[0], item[1]))
    sets = _meld_sets(hand) + [s for s, _ in body]
    offset = len(hand.melds)
    win = next(offset + i for i, (_, physical) in enumerate(body) if hand.win_tile in physical)
    if sets[win].kind is Kind.PUNG and not hand.context.tsumo:
        sets[win] = TileSet(Kind.PUNG, sets[win].tile, melded=False, exposed=True)
    return WildReading(Form.REGULAR, tuple(sets), win, stands_for=tuple(sorted(stands)))


def wild_readings(hand: Hand, *, winds: bool) -> list[Reading]:
    """Readings of a complete 团圆 hand (empty when it is not one).

    Without wilds these are the ordinary readings of four sets and a pair. With wilds there is
    one representative reading: the rule set's fans never depend on how the sets are arranged,
    and listing every substitution would multiply readings for nothing.
    """
    if outside_tile_set(hand.all_tiles, hand.melds, winds=winds):
        return []
    closed = counts_of(hand.closed_tiles)
    if not has_wild(hand.closed_tiles):
        return list(readings(hand, frozenset({Form.REGULAR})))
    if not is_complete_with_wilds(closed, winds=winds):
        return []
    return [_wild_reading(hand, closed)]


def describe_wilds(reading: Reading) -> str:
    """'中 as 5m, 發 as 3s' for a wild reading; '' otherwise."""
    if not isinstance(reading, WildReading):
        return ""
    zh = {RED: "中", GREEN: "發", WHITE: "白"}
    counted = Counter(reading.stands_for)
    return joined(Message(N_("%(wild)s as %(tile)s ×%(n)s"), wild=zh[w], tile=tile_to_text(t), n=n) if n > 1 else
                  Message(N_("%(wild)s as %(tile)s"), wild=zh[w], tile=tile_to_text(t))
                  for (w, t), n in sorted(counted.items()))
