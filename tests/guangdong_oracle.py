"""A second, deliberately plain scorer of 广东麻将 2023 (MIL), for the differential test: the 番 table read straight
from the text (八-2-6), its 必然包含 pairs and 四鬼和's own stacking rule (八-2-7), the minimum (七-2), the basic
points 番 × coefficient and the payments with horses (八-2, 八-3). The hand is divided by brute force, and each ghost
is replaced by every tile (a fifth copy among the standing tiles and the winning tile refused, 七-1-5). It
reuses nothing of the engine but the notation's `Hand`, and seeded hand builders, one per 番种's shape, that write
hands as notation text with some of their standing tiles turned into ghosts.

The readings the atlas takes where the text is open are the ones the rule data marks `interpretation`; the oracle
states each again in its own code, so a change to either side shows as a difference.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement

from plain_tiles import EVERY, ORPHANS, any_set, divisions, one_suit, orphan, rank, suit, tiles_of

from generator.hand import Hand, MeldKind

GHOST = 34  # the notation's 8z
TABLE: tuple[tuple[str, int], ...] = (  # 八-2-6, in the text's order
    ("自摸", 1), ("门清", 1), ("碰碰和", 4), ("混一色", 4), ("抢杠", 4), ("海底", 4), ("杠上花", 5), ("七对", 6),
    ("清一色", 8), ("幺九", 12), ("小三元", 12), ("小四喜", 12), ("天和", 12), ("地和", 12), ("四鬼和", 12),
    ("九莲宝灯", 16), ("大三元", 16), ("大四喜", 16), ("十三幺", 16),
)
VALUE = dict(TABLE)
BRINGS = {  # 必然包含: A always brings each B listed, so B is not added to A
    "杠上花": {"自摸"}, "七对": {"门清"}, "幺九": {"碰碰和"}, "天和": {"门清", "自摸"}, "地和": {"门清", "自摸"},
    "九莲宝灯": {"清一色", "门清"}, "大四喜": {"碰碰和"}, "十三幺": {"门清"},
}
WITH_FOUR_GHOSTS = {"天和", "地和", "海底", "杠上花", "抢杠"}  # 八-2-7: all 四鬼和 adds to

WINDS, DRAGONS = tuple(range(27, 31)), tuple(range(31, 34))


@dataclass
class Result:
    refused: bool
    legal: bool = False
    total: int = 0
    base: int = 0
    payments: tuple[tuple[str, int], ...] = ()
    best: tuple[frozenset[str], ...] = ()  # the pattern sets of every reading that scores the most


def refusal(hand: Hand) -> bool:
    """The hands the game cannot have (the rules the atlas states, written again here)."""
    c = hand.context
    return (any(m.kind is MeldKind.CHOW for m in hand.melds) or (c.first_turn and bool(hand.melds))
            or (c.after_kong and not any(m.kind is MeldKind.KONG for m in hand.melds))
            or (hand.win_tile == GHOST and not c.tsumo) or (c.horses > 0 and (not c.tsumo or c.last_tile)))


def _context_patterns(hand: Hand) -> set[str]:
    c = hand.context
    found = {"自摸"} if c.tsumo else set()
    if all(m.concealed for m in hand.melds):
        found.add("门清")
    for flag, name in ((c.robbing_kong, "抢杠"), (c.last_tile, "海底"), (c.after_kong, "杠上花")):
        if flag:
            found.add(name)
    if c.first_turn and c.tsumo:
        found.add("天和" if c.dealer else "地和")
    return found


def _patterns_of(hand: Hand, standing: list[int], win: int) -> list[set[str]]:
    """The pattern sets of every reading of a hand without ghosts (`standing` holds the winning tile)."""
    tiles = standing + [t for m in hand.melds for t in tiles_of(m.kind.value, m.tile)]
    suits = {suit(t) for t in tiles if t < 27}
    honours = any(t >= 27 for t in tiles)
    whole = _context_patterns(hand)
    if len(suits) == 1:
        whole.add("混一色" if honours else "清一色")
    counts = [0] * 34
    for t in standing:
        counts[t] += 1
    out = []
    melded = [m.tile for m in hand.melds]  # no chow is ever claimed: every meld is a pung or a kong
    for div in divisions(counts, 4 - len(hand.melds)):
        pair = next(t for k, t in div if k == "pair")
        pungs = melded + [t for k, t in div if k == "pung"]
        found = set(whole)
        if len(pungs) == 4:
            found.add("碰碰和")
            if all(orphan(t) for t in pungs) and orphan(pair):
                found.add("幺九")
        for family, name3, name2 in ((DRAGONS, "大三元", "小三元"), (WINDS, "大四喜", "小四喜")):
            n = sum(1 for t in pungs if t in family)
            if n == len(family):
                found.add(name3)
            elif n == len(family) - 1 and pair in family and pair not in pungs:  # the pair is the one left
                found.add(name2)
        before = sorted(standing)
        before.remove(win)
        if not hand.melds and win < 27 and all(suit(t) == suit(win) for t in before) and \
                [rank(t) for t in before] == [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]:
            found.add("九莲宝灯")
        out.append(found)
    if not hand.melds:
        if all(c in (0, 2, 4) for c in counts) and sum(counts) == 14:
            out.append(whole | {"七对"})
        if set(standing) == set(ORPHANS) and len(standing) == 14:
            out.append(whole | {"十三幺"})
    return out


def _stack(found: set[str]) -> tuple[int, frozenset[str]]:
    kept = set(found)
    for a in found:
        kept -= BRINGS.get(a, set())
    return sum(VALUE[p] for p in kept), frozenset(kept)


def _substitutions(naturals: list[int], ghosts: int, win_is_ghost: bool) -> Iterator[tuple[list[int], int | None]]:
    """(the tiles the ghosts play, the one of them that is the winning tile when the winning tile is a ghost): every
    multiset of tiles (a ghost playing a tile is that tile, so their order does not matter), and each tile of it as
    the winner. tests/test_ghosts.py checks completeness against every ordered choice (34^k) instead."""
    held = [naturals.count(t) for t in range(34)]
    for fill in combinations_with_replacement(range(34), ghosts):
        if any(held[t] + fill.count(t) > 4 for t in fill):
            continue
        if not win_is_ghost:
            yield list(fill), None
        else:
            for w in sorted(set(fill)):
                yield list(fill), w


def score(hand: Hand) -> Result:
    if refusal(hand):
        return Result(True)
    closed = list(hand.concealed) + [hand.win_tile]
    ghosts = closed.count(GHOST)
    naturals = [t for t in closed if t != GHOST]
    options: list[tuple[int, frozenset[str]]] = []
    if ghosts == 4:
        options.append(_stack({"四鬼和"} | (_context_patterns(hand) & WITH_FOUR_GHOSTS)))
    for fill, win in _substitutions(naturals, ghosts, hand.win_tile == GHOST):
        for found in _patterns_of(hand, naturals + fill, hand.win_tile if win is None else win):
            options.append(_stack(found))
    if not options:
        raise AssertionError(f"not a complete hand: {hand}")
    total = max(o[0] for o in options)
    factor = (2 if ghosts == 0 else 1) * 2 ** hand.context.ghosts_discarded
    base = total * factor
    best = tuple(sorted({o[1] for o in options if o[0] == total}, key=sorted))
    if total < 2 or base < 4:
        return Result(False, False, total, base, (), best)
    c = hand.context
    pays = ((("each", base + c.horses),) if c.tsumo else (("robbed", 3 * base),) if c.robbing_kong
            else (("discarder", base),))
    return Result(False, True, total, base, pays, best)


# ----------------------------------------------------------------------------- seeded hands, one builder per shape


def t2s(t: int) -> str:
    return "8z" if t == GHOST else f"{rank(t)}{'mps'[suit(t)]}" if t < 27 else f"{t - 26}z"


@dataclass(frozen=True)
class Shape:
    """What a builder asks of the hand it makes: its sets (or its fourteen standing tiles), and the claims, flags
    and ghosts it needs or rules out."""

    sets: list[tuple[str, int]] | None = None
    pair: int = 0
    tiles: list[int] | None = None
    melds: str = "some"  # "none" (kongs concealed only), "some"
    flags: tuple[str, ...] = ()
    ghosts: int | None = None  # None: a random few


def write(rng: random.Random, shape: Shape) -> str | None:
    """The shape as notation text with random claims, flags and ghosts; None when it needs a fifth copy."""
    flags = set(shape.flags)
    if shape.tiles is not None:
        standing, melds = list(shape.tiles), []
    else:
        assert shape.sets is not None
        counts = Counter([t for k, t in shape.sets for t in tiles_of(k, t)] + [shape.pair] * 2)
        if max(counts.values()) > 4:
            return None
        standing, melds = [shape.pair] * 2, []
        rate = 0.0 if shape.melds == "none" else rng.choice([0.0, 0.3, 0.6])
        for k, t in shape.sets:
            kong = k == "pung" and counts[t] == 3 and rng.random() < 0.3
            if kong and (shape.melds == "none" or rng.random() < 0.4):
                melds.append("{" + t2s(t) * 4 + "}")
            elif k == "pung" and rng.random() < rate:
                melds.append("[" + t2s(t) * (4 if kong else 3) + "]")
            else:
                standing += tiles_of(k, t)
    ghosts = shape.ghosts if shape.ghosts is not None else rng.choice([0, 0, 0, 1, 1, 1, 2, 2, 3])
    for i in rng.sample(range(len(standing)), min(ghosts, len(standing))):
        standing[i] = GHOST
    win = rng.choice(standing)
    standing.remove(win)
    tsumo = "tsumo" in flags or win == GHOST or ("discard" not in flags and rng.random() < 0.5)
    out = ["tsumo"] if tsumo else []
    has_kong = any(len(m) >= 10 for m in melds)
    for flag, p in (("first-turn", 0.06), ("last-tile", 0.1), ("dealer", 0.4)):
        if flag in flags or rng.random() < p:
            out.append(flag)
    if tsumo and ("after-kong" in flags or (has_kong and rng.random() < 0.3)):
        out.append("after-kong")
    if not tsumo and ("robbing-kong" in flags or rng.random() < 0.06):
        out.append("robbing-kong")
    if rng.random() < 0.2:
        out.append(f"ghosts-discarded={rng.randrange(1, 5 - ghosts) if ghosts < 4 else 0}")
    if tsumo and "last-tile" not in out and rng.random() < 0.4:
        out.append(f"horses={rng.randrange(5)}")
    return "".join(t2s(t) for t in sorted(standing)) + "".join(melds) + f"+{t2s(win)} " + " ".join(out)


def _regular(rng: random.Random, pick: Callable[[random.Random], tuple[str, int]], pair: Callable[[random.Random], int],
             **kw: object) -> Shape:
    return Shape(sets=[pick(rng) for _ in range(4)], pair=pair(rng), **kw)  # type: ignore[arg-type]


def _seven_pairs(rng: random.Random, pool: list[int] = EVERY) -> Shape:
    kinds = rng.sample(pool, 7 - (quads := rng.choice([0, 0, 1])))
    kinds += kinds[:quads]
    return Shape(tiles=[t for t in kinds for _ in range(2)], melds="none")


def _anything(rng: random.Random, **kw: object) -> Shape:
    return _regular(rng, lambda q: any_set(q, EVERY), lambda q: q.choice(EVERY), **kw)


def _little(rng: random.Random, family: tuple[int, ...]) -> Shape:
    pair, *pungs = rng.sample(family, len(family))
    rest = [any_set(rng, EVERY) for _ in range(4 - len(pungs))]
    return Shape(sets=[("pung", t) for t in pungs] + rest, pair=pair)


def _nine_gates(rng: random.Random) -> Shape:
    s = rng.randrange(3) * 9
    return Shape(tiles=[s] * 3 + list(range(s + 1, s + 8)) + [s + 8] * 3 + [s + rng.randrange(9)], melds="none")


BUILDERS: dict[str, Callable[[random.Random], Shape]] = {
    "自摸": lambda r: _anything(r, flags=("tsumo",)),
    "门清": lambda r: _anything(r, melds="none"),
    "碰碰和": lambda r: _regular(r, lambda q: ("pung", q.choice(EVERY)), lambda q: q.choice(EVERY)),
    "混一色": lambda r: (pool := one_suit(r, True)) and _regular(r, lambda q: any_set(q, pool), lambda q: q.choice(pool)),
    "抢杠": lambda r: _anything(r, flags=("robbing-kong", "discard")),
    "海底": lambda r: _anything(r, flags=("last-tile",)),
    "杠上花": lambda r: Shape(sets=[("pung", r.choice(EVERY))] + [any_set(r, EVERY) for _ in range(3)],
                           pair=r.choice(EVERY), flags=("after-kong", "tsumo")),
    "七对": lambda r: _seven_pairs(r),
    "清一色": lambda r: ((pool := one_suit(r, False)) and _regular(r, lambda q: any_set(q, pool), lambda q: q.choice(pool))
                      if r.random() < 0.7 else _seven_pairs(r, one_suit(r, False))),
    "幺九": lambda r: _regular(r, lambda q: ("pung", q.choice(ORPHANS)), lambda q: q.choice(ORPHANS)),
    "小三元": lambda r: _little(r, DRAGONS),
    "小四喜": lambda r: _little(r, WINDS),
    "天和": lambda r: _anything(r, melds="none", flags=("first-turn", "tsumo", "dealer")),
    "地和": lambda r: _anything(r, melds="none", flags=("first-turn", "tsumo")),
    "四鬼和": lambda r: Shape(tiles=[r.choice(EVERY) for _ in range(10)] + [GHOST] * 4, melds="none", ghosts=0),
    "九莲宝灯": _nine_gates,
    "大三元": lambda r: Shape(sets=[("pung", d) for d in DRAGONS] + [any_set(r, EVERY)], pair=r.choice(EVERY)),
    "大四喜": lambda r: Shape(sets=[("pung", w) for w in WINDS], pair=r.choice(EVERY)),
    "十三幺": lambda r: Shape(tiles=list(ORPHANS) + [r.choice(ORPHANS)], melds="none"),
}
assert set(BUILDERS) == set(VALUE)
FEWER = {"四鬼和": 10}
"""Tries cut by this factor: a hand of four ghosts costs the plain scorer 73,815 multisets, each divided."""


def seeded_hands(seed: int, per_pattern: int) -> Iterator[tuple[str, str]]:
    """(番种 the hand was built on, its notation text), `per_pattern` tries for each 番种 (fewer for `FEWER`); a try
    that would need a fifth copy of a tile is skipped."""
    rng = random.Random(seed)
    for name, _ in TABLE:
        for _ in range(per_pattern // FEWER.get(name, 1)):
            text = write(rng, BUILDERS[name](rng))
            if text is not None:
                yield name, text
