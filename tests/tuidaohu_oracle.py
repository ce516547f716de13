"""A second, deliberately plain scorer of 推倒和 2024 (MIL), for the differential test: the 番 table read straight
from the text (九-3), its 必然包含 pairs, the 32-番 cap, the basic points 2 + 番 and the payments (九-2), with the
hand divided by brute force. It reuses nothing of the engine but the notation parser's `Hand`, and seeded hand
builders, one per 番种's shape, that write hands as notation text.

The readings the atlas takes where the text is open are the ones the rule data marks `interpretation`; the
oracle states each again in its own code, so a change to either side shows as a difference.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import permutations

from plain_tiles import EVERY, HONOURS, ORPHANS, any_set, divisions, one_suit, orphan, rank, suit, tiles_of

from generator.hand import Hand, MeldKind

# The text's table (九-3): number, name, 番.
TABLE: tuple[tuple[str, int], ...] = (
    ("门清", 2), ("平和", 2), ("断幺", 2), ("报听", 2), ("碰碰和", 6), ("全带幺", 6), ("大吊车", 6), ("混一色", 6),
    ("抢杠", 8), ("海底", 8), ("杠上开花", 8), ("全不靠", 8), ("清龙", 8), ("天听", 16), ("七对", 16), ("清一色", 16),
    ("豪华七对", 24), ("天和", 32), ("十三幺", 32), ("大三元", 32), ("字一色", 32), ("四暗刻", 32), ("大四喜", 32),
)
VALUE = dict(TABLE)
BRINGS = {  # 必然包含 (九-2-5): A always brings each B listed, so B is not added to A
    "七对": {"门清"}, "豪华七对": {"七对", "门清"}, "十三幺": {"门清"}, "全不靠": {"门清"}, "天和": {"门清"},
    "四暗刻": {"碰碰和", "门清"}, "大四喜": {"碰碰和"}, "天听": {"报听"},
}
CAP = 32

WINDS, DRAGONS = tuple(range(27, 31)), tuple(range(31, 34))
KNITTED = tuple(frozenset(p[k] * 9 + r - 1 for k, ranks in enumerate(((1, 4, 7), (2, 5, 8), (3, 6, 9)))
                          for r in ranks) for p in permutations(range(3)))


# ----------------------------------------------------------------------------- dividing the standing tiles


# ----------------------------------------------------------------------------- the 番 of one reading


@dataclass
class Result:
    refused: bool
    total: int = 0
    base: int = 0
    payments: tuple[tuple[str, int], ...] = ()
    best: tuple[frozenset[str], ...] = ()  # the pattern sets of every reading that scores the most


def refusal(hand: Hand) -> bool:
    """The hands the game cannot have (the same rules the atlas states, written again here)."""
    c = hand.context
    claimed_set = any(not m.concealed and m.kind is not MeldKind.KONG for m in hand.melds)
    return ((c.double_riichi and claimed_set) or (c.first_turn and bool(hand.melds))
            or (c.first_turn and (c.riichi or c.double_riichi))
            or (c.after_kong and not any(m.kind is MeldKind.KONG for m in hand.melds)))


def _hand_patterns(hand: Hand, tiles: list[int]) -> set[str]:
    """The 番种 that read the whole hand or the way it was won, whatever the division."""
    c = hand.context
    suits = {suit(t) for t in tiles if t < 27}
    honours = any(t >= 27 for t in tiles)
    found = set()
    if all(m.concealed for m in hand.melds):
        found.add("门清")
    if all(t < 27 and 2 <= rank(t) <= 8 for t in tiles):
        found.add("断幺")
    if c.riichi or c.double_riichi:
        found.add("报听")
    if c.double_riichi:
        found.add("天听")
    if len(suits) == 1 and honours:
        found.add("混一色")
    if len(suits) == 1 and not honours:
        found.add("清一色")
    if not suits:
        found.add("字一色")
    if c.robbing_kong:
        found.add("抢杠")
    if c.last_tile and not c.tsumo:
        found.add("海底")
    if c.after_kong:
        found.add("杠上开花")
    if c.first_turn and c.tsumo:
        found.add("天和")
    return found


def _set_patterns(hand: Hand, sets: list[tuple[str, int, bool]], pair: int) -> set[str]:
    """The 番种 of four sets and a pair; `sets` are (kind, first tile, concealed)."""
    found = set()
    kinds = [k for k, _, _ in sets]
    if kinds.count("chow") == 4 and pair < 27:
        found.add("平和")
    pungs = [t for k, t, _ in sets if k != "chow"]
    if len(pungs) == 4:
        found.add("碰碰和")
    if orphan(pair) and all((orphan(t) or orphan(t + 2)) if k == "chow" else orphan(t) for k, t, _ in sets):
        found.add("全带幺")
    if len(hand.melds) == 4:
        found.add("大吊车")
    chows = {t for k, t, _ in sets if k == "chow"}
    if any({s * 9, s * 9 + 3, s * 9 + 6} <= chows for s in range(3)):
        found.add("清龙")
    if set(DRAGONS) <= set(pungs):
        found.add("大三元")
    if set(WINDS) <= set(pungs):
        found.add("大四喜")
    if sum(1 for k, _, hidden in sets if k != "chow" and hidden) == 4:
        found.add("四暗刻")
    return found


def _stack(found: set[str]) -> tuple[int, int, frozenset[str]]:
    kept = set(found)
    for a in found:
        kept -= BRINGS.get(a, set())
    raw = sum(VALUE[p] for p in kept)
    return min(raw, CAP), raw, frozenset(kept)


def score(hand: Hand) -> Result:
    if refusal(hand):
        return Result(True)
    standing = list(hand.concealed) + [hand.win_tile]
    tiles = standing + [t for m in hand.melds for t in tiles_of(m.kind.value, m.tile)]
    base = _hand_patterns(hand, tiles)
    counts = [0] * 34
    for t in standing:
        counts[t] += 1
    options: list[tuple[int, int, frozenset[str]]] = []
    melded = [("chow" if m.kind is MeldKind.CHOW else "pung", m.tile, m.concealed) for m in hand.melds]
    for div in divisions(counts, 4 - len(hand.melds)):
        pair = next(t for k, t in div if k == "pair")
        # Each place the winning tile may sit: a pung it completes on a discard is not concealed.
        for at in [i for i, (k, t) in enumerate(div) if hand.win_tile in tiles_of(k, t)]:
            sets = melded + [(k, t, hand.context.tsumo or i != at) for i, (k, t) in enumerate(div) if k != "pair"]
            options.append(_stack(base | _set_patterns(hand, sets, pair)))
    if not hand.melds:
        if sum(c // 2 for c in counts) == 7 and all(c % 2 == 0 for c in counts):
            extra = {"七对"} | ({"豪华七对"} if 4 in counts else set())
            options.append(_stack(base | extra))
        if sorted(set(standing)) == sorted(ORPHANS) and len(standing) == 14:
            options.append(_stack(base | {"十三幺"}))
        if len(set(standing)) == 14 and any({t for t in standing if t < 27} <= k for k in KNITTED):
            options.append(_stack(base | {"全不靠"}))
    if not options:
        raise AssertionError(f"not a complete hand: {hand}")
    top = max(o[:2] for o in options)
    total = top[0]
    points = 2 + total
    pays = (("each", points),) if hand.context.tsumo else (("discarder", 2 * points),)
    return Result(False, total, points, pays, tuple(sorted({o[2] for o in options if o[:2] == top}, key=sorted)))


# ----------------------------------------------------------------------------- seeded hands, one builder per shape


def t2s(t: int) -> str:
    return f"{rank(t)}{'mps'[suit(t)]}" if t < 27 else f"{t - 26}z"


def _chow(rng: random.Random, suits: tuple[int, ...] = (0, 1, 2), starts: tuple[int, ...] = tuple(range(1, 8))
          ) -> tuple[str, int]:
    return "chow", rng.choice(suits) * 9 + rng.choice(starts) - 1


@dataclass(frozen=True)
class Shape:
    """What a builder asks of the hand it makes: its sets (or its fourteen standing tiles), and the claims and
    flags it needs or rules out."""

    sets: list[tuple[str, int]] | None = None
    pair: int = 0
    tiles: list[int] | None = None
    melds: str = "some"  # "none" (kongs concealed only), "some", "all"
    flags: tuple[str, ...] = ()


def write(rng: random.Random, shape: Shape) -> str | None:
    """The shape as notation text, with random claims and flags; None when it needs a fifth copy."""
    flags = set(shape.flags)
    if shape.tiles is not None:
        standing, melds = list(shape.tiles), []
    else:
        assert shape.sets is not None
        all_tiles = [t for k, t in shape.sets for t in tiles_of(k, t)] + [shape.pair] * 2
        counts = Counter(all_tiles)
        if max(counts.values()) > 4:
            return None
        standing, melds = [shape.pair] * 2, []
        rate = {"none": 0.0, "some": rng.choice([0.0, 0.3, 0.7]), "all": 1.0}[shape.melds]
        for k, t in shape.sets:
            kong = k == "pung" and counts[t] == 3 and rng.random() < 0.3
            if kong and (shape.melds == "none" or rng.random() < 0.4):
                melds.append("{" + t2s(t) * 4 + "}")
            elif rng.random() < rate:
                melds.append("[" + "".join(t2s(x) for x in tiles_of("kong" if kong else k, t)) + "]")
            elif kong and shape.melds == "all":
                melds.append("{" + t2s(t) * 4 + "}")
            else:
                standing += tiles_of(k, t)
    win = rng.choice(standing)
    standing.remove(win)
    tsumo = "tsumo" in flags or ("discard" not in flags and rng.random() < 0.5)
    out = ["tsumo"] if tsumo else []
    has_kong = any(len(m) >= 10 for m in melds)
    for flag, p in (("riichi", 0.12), ("double-riichi", 0.06), ("first-turn", 0.05), ("last-tile", 0.1),
                    ("dealer", 0.3)):
        if flag in flags or rng.random() < p:
            out.append(flag)
    if "double-riichi" in out and "riichi" in out:
        out.remove("riichi" if "riichi" not in flags else "double-riichi")
    if tsumo and ("after-kong" in flags or (has_kong and rng.random() < 0.3)):
        out.append("after-kong")
    if not tsumo and ("robbing-kong" in flags or rng.random() < 0.06):
        out.append("robbing-kong")
    return "".join(t2s(t) for t in sorted(standing)) + "".join(melds) + f"+{t2s(win)} " + " ".join(out)


def _regular(rng: random.Random, pick: Callable[[random.Random], tuple[str, int]], pair: Callable[[random.Random], int],
             **kw: object) -> Shape:
    return Shape(sets=[pick(rng) for _ in range(4)], pair=pair(rng), **kw)  # type: ignore[arg-type]


SUITED = list(range(27))


def _seven_pairs(rng: random.Random, quads: int = 0, pool: list[int] = EVERY) -> Shape:
    kinds = rng.sample(pool, 7 - quads)
    kinds += kinds[:quads]
    return Shape(tiles=[t for t in kinds for _ in range(2)], melds="none")


def _outside(rng: random.Random) -> tuple[str, int]:
    if rng.random() < 0.5:
        return _chow(rng, starts=(1, 7))
    return "pung", rng.choice(ORPHANS)


def _from_pool(rng: random.Random, pool: list[int]) -> Shape:
    return _regular(rng, lambda q: any_set(q, pool), lambda q: q.choice(pool))


def _straight(rng: random.Random, s: int) -> Shape:
    return Shape(sets=[("chow", s * 9), ("chow", s * 9 + 3), ("chow", s * 9 + 6), any_set(rng, EVERY)],
                 pair=rng.choice(EVERY))


BUILDERS: dict[str, Callable[[random.Random], Shape]] = {
    "门清": lambda r: _regular(r, lambda q: any_set(q, EVERY), lambda q: q.choice(EVERY), melds="none"),
    "平和": lambda r: _regular(r, _chow, lambda q: q.choice(SUITED)),
    "断幺": lambda r: _regular(r, lambda q: any_set(q, [t for t in SUITED if 2 <= rank(t) <= 8]),
                             lambda q: q.choice([t for t in SUITED if 2 <= rank(t) <= 8])),
    "报听": lambda r: _regular(r, lambda q: any_set(q, EVERY), lambda q: q.choice(EVERY), flags=("riichi",)),
    "碰碰和": lambda r: _regular(r, lambda q: ("pung", q.choice(EVERY)), lambda q: q.choice(EVERY)),
    "全带幺": lambda r: _regular(r, _outside, lambda q: q.choice(ORPHANS)),
    "大吊车": lambda r: _regular(r, lambda q: any_set(q, EVERY), lambda q: q.choice(EVERY), melds="all"),
    "混一色": lambda r: _from_pool(r, one_suit(r, True)),
    "抢杠": lambda r: _regular(r, _chow, lambda q: q.choice(EVERY), flags=("robbing-kong", "discard")),
    "海底": lambda r: _regular(r, lambda q: any_set(q, EVERY), lambda q: q.choice(EVERY),
                             flags=("last-tile", "discard")),
    "杠上开花": lambda r: Shape(sets=[("pung", r.choice(EVERY))] + [any_set(r, EVERY) for _ in range(3)],
                            pair=r.choice(EVERY), flags=("after-kong", "tsumo")),
    "全不靠": lambda r: Shape(tiles=r.sample(sorted(r.choice(KNITTED)) + list(HONOURS), 14), melds="none"),
    "清龙": lambda r: _straight(r, r.randrange(3)),
    "天听": lambda r: _regular(r, lambda q: any_set(q, EVERY), lambda q: q.choice(EVERY), melds="none",
                             flags=("double-riichi",)),
    "七对": lambda r: _seven_pairs(r, r.choice([0, 0, 1])),
    "清一色": lambda r: (_from_pool(r, one_suit(r, False)) if r.random() < 0.7
                      else _seven_pairs(r, r.choice([0, 1]), one_suit(r, False))),
    "豪华七对": lambda r: _seven_pairs(r, r.choice([1, 1, 2, 3])),
    "天和": lambda r: _regular(r, lambda q: any_set(q, EVERY), lambda q: q.choice(EVERY), melds="none",
                             flags=("first-turn", "tsumo")),
    "十三幺": lambda r: Shape(tiles=list(ORPHANS) + [r.choice(ORPHANS)], melds="none"),
    "大三元": lambda r: Shape(sets=[("pung", d) for d in DRAGONS] + [any_set(r, EVERY)], pair=r.choice(EVERY)),
    "字一色": lambda r: (_regular(r, lambda q: ("pung", q.choice(HONOURS)), lambda q: q.choice(HONOURS))
                      if r.random() < 0.7 else _seven_pairs(r, r.choice([0, 1]), list(HONOURS))),
    "四暗刻": lambda r: _regular(r, lambda q: ("pung", q.choice(EVERY)), lambda q: q.choice(EVERY), melds="none",
                              flags=("tsumo",)),
    "大四喜": lambda r: Shape(sets=[("pung", w) for w in WINDS], pair=r.choice(EVERY)),
}
assert set(BUILDERS) == set(VALUE)


def seeded_hands(seed: int, per_pattern: int) -> Iterator[tuple[str, str]]:
    """(番种 the hand was built on, its notation text), `per_pattern` tries for each 番种; a try that would need a
    fifth copy of a tile is skipped."""
    rng = random.Random(seed)
    for name, _ in TABLE:
        for _ in range(per_pattern):
            text = write(rng, BUILDERS[name](rng))
            if text is not None:
                yield name, text
