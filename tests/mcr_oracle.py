"""PyMahjongGB as an independent oracle for the `mcr` rule set: random hands, the argument
converter, and the comparison the differential test, the benchmark and the speed check share.

PyMahjongGB (import name `MahjongGB`) is a compiled build of the reference calculator used
in Chinese practice; it is imported only when a comparison runs, so the site never needs it.
Hands come from a seeded generator that favours the shapes the scoring rules care about
(related chows and pungs, one-suit and honour hands, kongs, special forms), and every hand is
a valid one in the notation (it survives `parse_hand(format_hand(hand))`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from generator.hand import Hand, Meld, MeldKind, WinContext
from generator.notation import HandError, format_hand, parse_hand
from generator.rules import Ruleset
from generator.shapes import KNITTED_PATTERNS
from generator.tiles import DRAGONS, HONORS, ORPHANS, WINDS, Tile, counts_of, is_honor, make

# ----------------------------------------------------------------------------- converter

_SUIT_CODE = {0: "W", 1: "B", 2: "T"}  # characters 万, dots 饼, bamboo 条
_HONOR_CODE = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # E S W N, white 白, green 發, red 中


def tile_code(tile: Tile) -> str:
    """PyMahjongGB's code for a tile, e.g. 5p -> 'B5', white dragon -> 'J3'."""
    if is_honor(tile):
        return _HONOR_CODE[tile - 27]
    return f"{_SUIT_CODE[tile // 9]}{tile % 9 + 1}"


def _pack(meld: Meld) -> tuple[str, str, int]:
    if meld.kind is MeldKind.CHOW:
        return ("CHI", tile_code(meld.tile + 1), 1)  # a chow is named by its middle tile
    if meld.kind is MeldKind.PUNG:
        return ("PENG", tile_code(meld.tile), 1)
    return ("GANG", tile_code(meld.tile), 0 if meld.concealed else 1)  # offer 0: concealed kong


def oracle_arguments(hand: Hand) -> dict[str, Any]:
    """Keyword arguments of `MahjongGB.MahjongFanCalculator` for one hand.

    One flag of PyMahjongGB, `isAboutKong`, stands for both kong wins: the replacement tile
    when self-drawn, robbing the kong on a discard.
    """
    ctx = hand.context
    return {
        "pack": tuple(_pack(m) for m in hand.melds),
        "hand": tuple(tile_code(t) for t in hand.concealed),
        "winTile": tile_code(hand.win_tile),
        "flowerCount": ctx.flowers,
        "isSelfDrawn": ctx.tsumo,
        "is4thTile": ctx.last_copy,
        "isAboutKong": ctx.after_kong or ctx.robbing_kong,
        "isWallLast": ctx.last_tile,
        "seatWind": ctx.seat - WINDS[0],
        "prevalentWind": ctx.round - WINDS[0],
    }


_ORACLE_ZH_ALIASES = {"独听・边张": "边张", "独听・嵌张": "嵌张", "独听・单钓": "单钓将"}


def oracle_fans(hand: Hand, ruleset: Ruleset) -> Counter[str]:
    """Pattern id -> count as PyMahjongGB scores the hand (flowers included)."""
    from MahjongGB import MahjongFanCalculator

    by_zh = {p.zh: p.id for p in ruleset.patterns}
    out: Counter[str] = Counter()
    for _value, count, zh, _en in MahjongFanCalculator(**oracle_arguments(hand), verbose=True):
        out[by_zh[_ORACLE_ZH_ALIASES.get(zh, zh)]] += count
    return out


# ----------------------------------------------------------------------------- comparison

PAIR_FANS = frozenset({"pure-double-chow", "mixed-double-chow", "short-straight", "two-terminal-chows"})
"""The four 1-fan chow pairs: under account-once their names, not their number, may differ."""


@dataclass(frozen=True)
class Comparison:
    hand: str
    engine: Counter[str]
    oracle: Counter[str]
    engine_total: int
    oracle_total: int
    rules: frozenset[str] = frozenset()  # why patterns were left out of the engine's result ("rule" fields)

    @property
    def verdict(self) -> str:
        """'same', 'account-once' (equal totals, only the chow-pair names differ) or 'different'."""
        if self.engine == self.oracle and self.engine_total == self.oracle_total:
            return "same"
        if self.engine_total != self.oracle_total:
            return "different"
        diff = set((self.engine - self.oracle) + (self.oracle - self.engine))
        if diff <= PAIR_FANS and sum(self.engine[f] for f in PAIR_FANS) == sum(self.oracle[f] for f in PAIR_FANS):
            return "account-once"
        return "different"


def compare(hand: Hand, ruleset: Ruleset, scorer: Callable[[Hand, Ruleset], Any]) -> Comparison:
    """Score one hand with the engine (`scorer`, e.g. `generator.scoring.score`) and with PyMahjongGB."""
    s = scorer(hand, ruleset)
    engine = Counter({c.id: c.count for c in s.patterns})
    oracle = oracle_fans(hand, ruleset)
    oracle_total = sum(ruleset.pattern(pid).value * n for pid, n in oracle.items())
    return Comparison(format_hand(hand), engine, oracle, s.total, oracle_total, frozenset(e.rule for e in s.excluded))


@dataclass
class Tally:
    """Counts of verdicts over a run, with the first few differing hands kept for the report."""

    counts: Counter[str] = field(default_factory=Counter)
    examples: list[Comparison] = field(default_factory=list)

    def add(self, c: Comparison, keep: int = 10) -> None:
        self.counts[c.verdict] += 1
        if c.verdict == "different" and len(self.examples) < keep:
            self.examples.append(c)


# ----------------------------------------------------------------------------- random hands

_POOLS: dict[str, tuple[Tile, ...]] = {
    "any": tuple(range(34)),
    "suited": tuple(range(27)),
    "simples": tuple(t for t in range(27) if t % 9 not in (0, 8)),
    "orphans": ORPHANS,
    "honors": HONORS,
    "green": tuple(make(r, "s") for r in (2, 3, 4, 6, 8)) + (DRAGONS[1],),
    "reversible": tuple(make(r, "p") for r in (1, 2, 3, 4, 5, 8, 9)) + tuple(make(r, "s") for r in (2, 4, 5, 6, 8, 9))
    + (DRAGONS[0],),
}


def _pool(rng: random.Random) -> tuple[Tile, ...]:
    style = rng.choices(
        ["any", "one-suit", "one-suit+honors", "two-suits", "band", "even", "fives", "orphans", "honors", "green",
         "reversible", "simples"],
        weights=[30, 10, 10, 10, 8, 3, 3, 4, 2, 2, 2, 6],
    )[0]
    if style in _POOLS:
        return _POOLS[style]
    suit = rng.randrange(3)
    if style == "one-suit":
        return tuple(range(suit * 9, suit * 9 + 9))
    if style == "one-suit+honors":
        return tuple(range(suit * 9, suit * 9 + 9)) + HONORS
    if style == "two-suits":
        other = (suit + rng.randrange(1, 3)) % 3
        return tuple(range(suit * 9, suit * 9 + 9)) + tuple(range(other * 9, other * 9 + 9))
    if style == "band":
        low, high = rng.choice([(1, 3), (1, 4), (4, 6), (6, 9), (7, 9), (3, 7)])
        return tuple(s * 9 + r - 1 for s in range(3) for r in range(low, high + 1))
    if style == "even":
        return tuple(s * 9 + r - 1 for s in range(3) for r in (2, 4, 6, 8))
    return tuple(s * 9 + r - 1 for s in range(3) for r in (3, 4, 5, 6, 7))  # "fives": sets around 5


def _related(rng: random.Random, prev: tuple[str, Tile], web: bool = False) -> tuple[str, Tile]:
    """A set related to `prev`: the same one, shifted within the suit, or moved to another suit
    (with `web`, only the moves that make a one-fan chow pair)."""
    kind, t = prev
    if t >= 27:
        return kind, rng.choice(WINDS if t in WINDS else DRAGONS)
    suit, rank = divmod(t, 9)
    move = rng.choice(["same", "shift", "suit"] if web else ["same", "shift", "shift", "suit", "suit", "both"])
    if move in ("shift", "both"):
        rank += rng.choice([-3, 3, 6, -6] if web else [-3, -2, -1, 1, 2, 3, 6, -6])
    if move in ("suit", "both"):
        suit = (suit + rng.randrange(1, 3)) % 3
    if not 0 <= rank < 9:
        return kind, -1
    if kind == "chow" and not web and rng.random() < 0.15:
        kind = "pung"
    return kind, suit * 9 + rank


def _valid(kind: str, t: Tile) -> bool:
    if not 0 <= t < 34:
        return False
    return kind != "chow" or (t < 27 and t % 9 <= 6)


def _terminal_chows(rng: random.Random) -> list[tuple[str, Tile]]:
    """123 + 789 twice with a pair of 5s: one suit, or two suits and the 5s in the third."""
    a, b, c = rng.sample(range(3), 3)
    if rng.random() < 0.5:
        return [("chow", a * 9), ("chow", a * 9), ("chow", a * 9 + 6), ("chow", a * 9 + 6), ("pair", a * 9 + 4)]
    return [("chow", a * 9), ("chow", a * 9 + 6), ("chow", b * 9), ("chow", b * 9 + 6), ("pair", c * 9 + 4)]


def _set_tiles(kind: str, t: Tile) -> tuple[Tile, ...]:
    return (t, t + 1, t + 2) if kind == "chow" else (t,) * (2 if kind == "pair" else 3)


def _chow_grid(rng: random.Random, pool: tuple[Tile, ...]) -> list[tuple[str, Tile]] | None:
    """Four chows on a grid of two suits by two ranks three or six apart (234m 567m 234p 567p):
    the shapes where the one-fan chow pairs close cycles and account-once must choose."""
    suits, gap = rng.sample(range(3), 2), rng.choice([3, 6])
    low = rng.randrange(7 - gap)
    chows = [rng.choice(suits) * 9 + rng.choice((low, low + gap)) for _ in range(4)]
    counts = counts_of([t + k for t in chows for k in range(3)])
    if max(counts) > 4:
        return None
    pair = rng.choice([t for t in pool if counts[t] <= 2])
    return [("chow", t) for t in chows] + [("pair", pair)]


def _sets(rng: random.Random, pool: tuple[Tile, ...], web: bool = False) -> list[tuple[str, Tile]] | None:
    """Four sets and a pair drawn from `pool`, often related to each other (with `web`,
    four chows each related to an earlier one); None if stuck."""
    if rng.random() < 0.01:
        return _terminal_chows(rng)
    if web and rng.random() < 0.6:
        return _chow_grid(rng, pool)
    counts = [0] * 34
    chow_bias = 1.0 if web else rng.choice([0.2, 0.5, 0.8])
    related = 1.0 if web else 0.55
    out: list[tuple[str, Tile]] = []
    for _ in range(200):
        if len(out) == 4:
            break
        if out and rng.random() < related:
            kind, t = _related(rng, rng.choice(out), web)
        else:
            t = rng.choice(pool)
            kind = "chow" if rng.random() < chow_bias else "pung"
        if not _valid(kind, t) or (kind == "chow" and not all(x in pool for x in (t, t + 1, t + 2))) or t not in pool:
            continue
        tiles = _set_tiles(kind, t)
        if all(counts[x] + tiles.count(x) <= 4 for x in set(tiles)):
            for x in tiles:
                counts[x] += 1
            out.append((kind, t))
    if len(out) < 4:
        return None
    pairs = [t for t in pool if counts[t] <= 2]
    if not pairs:
        return None
    out.append(("pair", rng.choice(pairs)))
    return out


def _context(rng: random.Random, has_kong: bool, tsumo: bool | None = None) -> WinContext:
    tsumo = rng.random() < 0.5 if tsumo is None else tsumo
    after_kong = tsumo and rng.random() < (0.35 if has_kong else 0.04)
    return WinContext(
        tsumo=tsumo,
        last_tile=rng.random() < 0.08,
        after_kong=after_kong,
        robbing_kong=not tsumo and rng.random() < 0.06,
        last_copy=rng.random() < 0.1,
        seat=rng.choice(WINDS),
        round=rng.choice(WINDS),
        flowers=0 if rng.random() < 0.6 else rng.randint(1, 8),
    )


def _regular(rng: random.Random, web: bool = False) -> Hand | None:
    sets = _sets(rng, _POOLS["suited"] if web else _pool(rng), web)
    if sets is None:
        return None
    melds: list[Meld] = []
    standing: list[Tile] = []
    meld_rate = rng.choice([0.0, 0.0, 0.2, 0.5, 0.9])
    kong_rate = rng.choice([0.0, 0.2, 0.6])
    counts = counts_of([x for k, t in sets for x in _set_tiles(k, t)])
    for kind, t in sets:
        if kind == "pair":
            standing += [t, t]
        elif kind == "pung" and counts[t] == 3 and rng.random() < kong_rate:
            melds.append(Meld(MeldKind.KONG, t, concealed=rng.random() < 0.4))
        elif rng.random() < meld_rate:
            melds.append(Meld(MeldKind.CHOW if kind == "chow" else MeldKind.PUNG, t))
        else:
            standing += _set_tiles(kind, t)
    win = rng.choice(standing)
    standing.remove(win)
    ctx = _context(rng, any(m.is_kong for m in melds))
    return Hand(tuple(sorted(standing)), tuple(melds), win, ctx)


def _closed(rng: random.Random, tiles: list[Tile], melds: tuple[Meld, ...] = ()) -> Hand:
    win = rng.choice(tiles)
    rest = list(tiles)
    rest.remove(win)
    return Hand(tuple(sorted(rest)), melds, win, _context(rng, any(m.is_kong for m in melds)))


def _seven_pairs(rng: random.Random) -> Hand:
    if rng.random() < 0.15:
        suit, low = rng.randrange(3), rng.randrange(3)
        kinds = [suit * 9 + low + k for k in range(7)]
    else:
        pool = _pool(rng)
        kinds = [rng.choice(pool) for _ in range(7)]
        if any(kinds.count(k) > 2 for k in kinds) or len(set(pool)) < 4:
            kinds = rng.sample(range(34), 7)
    return _closed(rng, [k for k in kinds for _ in range(2)])


def _thirteen_orphans(rng: random.Random) -> Hand:
    return _closed(rng, list(ORPHANS) + [rng.choice(ORPHANS)])


def _honors_knitted(rng: random.Random) -> Hand:
    pattern = rng.choice(KNITTED_PATTERNS)
    n_honors = rng.choice([5, 6, 7, 7])
    honors = rng.sample(HONORS, n_honors)
    return _closed(rng, honors + rng.sample(pattern, 14 - n_honors))


def _knitted_straight(rng: random.Random) -> Hand | None:
    pattern = list(rng.choice(KNITTED_PATTERNS))
    sets = _sets(rng, _pool(rng))
    if sets is None:
        return None
    (kind, t), (_, pair) = sets[0], sets[-1]
    extra = list(_set_tiles(kind, t))
    melds: tuple[Meld, ...] = ()
    if rng.random() < 0.35:
        if kind == "pung" and rng.random() < 0.4:
            melds = (Meld(MeldKind.KONG, t, concealed=rng.random() < 0.5),)
        else:
            melds = (Meld(MeldKind.CHOW if kind == "chow" else MeldKind.PUNG, t),)
        extra = []
    tiles = pattern + extra + [pair, pair]
    if any(n > 4 for n in counts_of(tiles + [x for m in melds for x in m.tiles])):
        return None
    return _closed(rng, tiles, melds)


def _nine_gates(rng: random.Random) -> Hand:
    suit = rng.randrange(3)
    base = [suit * 9 + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
    win = suit * 9 + rng.randrange(9)
    return Hand(tuple(sorted(base)), (), win, _context(rng, False))


_KINDS: dict[str, tuple[int, Callable[[random.Random], Hand | None]]] = {
    "regular": (70, _regular),
    "chow-web": (10, lambda rng: _regular(rng, web=True)),
    "seven-pairs": (8, _seven_pairs),
    "knitted-straight": (6, _knitted_straight),
    "honors-knitted": (3, _honors_knitted),
    "thirteen-orphans": (1, _thirteen_orphans),
    "nine-gates": (2, _nine_gates),
}


def random_hands(seed: int, n: int) -> Iterator[Hand]:
    """`n` random complete hands, the same ones for the same seed."""
    rng = random.Random(seed)
    names = list(_KINDS)
    weights = [_KINDS[k][0] for k in names]
    made = 0
    while made < n:
        hand = _KINDS[rng.choices(names, weights)[0]][1](rng)
        if hand is None:
            continue
        try:
            hand = parse_hand(format_hand(hand))  # drops anything the notation refuses
        except HandError:
            continue
        made += 1
        yield hand
