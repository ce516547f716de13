"""The plain tile arithmetic both plain scorers of the Guangdong family share (tests/tuidaohu_oracle.py,
tests/guangdong_oracle.py): tiles as 0..33 (suits 0..26 by nine, then the seven honours), a brute-force division of
the standing tiles, and two seeded pickers. Nothing of the engine: the oracles stay independent of what they check.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

HONOURS = tuple(range(27, 34))
ORPHANS = (0, 8, 9, 17, 18, 26) + HONOURS
EVERY = list(range(34))


def suit(t: int) -> int:
    return t // 9 if t < 27 else -1


def rank(t: int) -> int:
    return t % 9 + 1 if t < 27 else 0


def orphan(t: int) -> bool:
    return t >= 27 or rank(t) in (1, 9)


def tiles_of(kind: str, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == "chow" else [t] * {"pair": 2, "pung": 3, "kong": 4}[kind]


def divisions(counts: list[int], need: int) -> Iterator[list[tuple[str, int]]]:
    """Every way to read `counts` as `need` sets (chow/pung, by first tile) and one pair."""
    def walk(c: list[int], sets: int, pair: bool, out: list[tuple[str, int]]) -> Iterator[list[tuple[str, int]]]:
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            if sets == need and pair:
                yield list(out)
            return
        if c[i] >= 3 and sets < need:
            c[i] -= 3
            yield from walk(c, sets + 1, pair, out + [("pung", i)])
            c[i] += 3
        if c[i] >= 2 and not pair:
            c[i] -= 2
            yield from walk(c, sets, True, out + [("pair", i)])
            c[i] += 2
        if i < 27 and rank(i) <= 7 and c[i + 1] and c[i + 2] and sets < need:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            yield from walk(c, sets + 1, pair, out + [("chow", i)])
            for k in (i, i + 1, i + 2):
                c[k] += 1
    yield from walk(list(counts), 0, False, [])


def any_set(rng: random.Random, pool: list[int]) -> tuple[str, int]:
    t = rng.choice(pool)
    if t < 27 and rank(t) <= 7 and t + 2 in pool and rng.random() < 0.5:
        return "chow", t
    return "pung", t


def one_suit(rng: random.Random, honours: bool) -> list[int]:
    s = rng.randrange(3)
    return list(range(s * 9, s * 9 + 9)) + (list(HONOURS) if honours else [])
