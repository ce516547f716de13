"""Check the 团圆 theorem on random ready hands: none waits on tiles of all three suits.

Each hand is built as a random complete hand — four sets and a pair, some of them declared
melds, with some standing tiles replaced by their suit's wild — from which one standing
tile is removed, so every hand is ready (the removed tile completes it). Its waits come
from the engine's fast wild-aware waits (`generator.wilds.waits_with_wilds`); a wild
counts in its own suit, a wind in none. Besides the theorem the script checks two things
the proof and the construction promise: the removed tile is always among the waits, and
no waited suit holds a multiple of three tiles (the residue step of the proof).

The run is seeded, so the figures are the same on every machine; they go to
content/theorems/tuanyuan-three-suits.json, which the theorem page shows. Timing is
printed, not written, so the file stays byte-identical between runs.

    python benchmarks/tuanyuan_theorem.py                  # 1,000,000 hands, writes the figures
    python benchmarks/tuanyuan_theorem.py --hands 20000 --out /tmp/t.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.hand import Meld, MeldKind, WaitingHand
from generator.notation import format_waiting
from generator.tiles import WINDS, Tile, tile_to_text
from generator.wilds import SUIT_WILD, counting_suit, waits_with_wilds

SEED = 20250129  # 春节 2025
DEFAULT_HANDS = 1_000_000
OUT = ROOT / "content" / "theorems" / "tuanyuan-three-suits.json"
CATEGORIES = ((False, False), (True, False), (False, True), (True, True))  # (wilds, winds)
MELD_COUNTS = (0, 0, 0, 0, 1, 1, 2, 2, 3, 4)  # how many sets are declared, drawn uniformly from this list


def _random_set(rng: random.Random, pool: tuple[Tile, ...]) -> tuple[MeldKind, Tile]:
    if rng.random() < 0.55:
        return MeldKind.CHOW, rng.randrange(3) * 9 + rng.randrange(7)
    return MeldKind.PUNG, rng.choice(pool)


def random_ready_hand(rng: random.Random, *, wilds: bool, winds: bool) -> tuple[WaitingHand, Tile]:
    """A random ready hand and the tile removed from the complete hand it came from."""
    pool = tuple(range(27)) + (WINDS if winds else ())
    while True:
        sets = [_random_set(rng, pool) for _ in range(4)]
        pair = rng.choice(pool)
        tiles = [pair, pair]
        for kind, t in sets:
            tiles.extend((t, t + 1, t + 2) if kind is MeldKind.CHOW else (t, t, t))
        if max(Counter(tiles).values()) <= 4:
            break
    n_melds = rng.choice(MELD_COUNTS)
    melds = []
    standing = [pair, pair]
    for i, (kind, t) in enumerate(sets):
        if i < n_melds:
            if kind is MeldKind.PUNG and tiles.count(t) == 3 and rng.random() < 0.3:
                melds.append(Meld(MeldKind.KONG, t, concealed=rng.random() < 0.5))
            else:
                melds.append(Meld(kind, t))
        else:
            standing.extend((t, t + 1, t + 2) if kind is MeldKind.CHOW else (t, t, t))
    if wilds:
        used = Counter[Tile]()
        for i in rng.sample(range(len(standing)), rng.randint(1, min(6, len(standing)))):
            suit = counting_suit(standing[i])
            if suit is not None and used[SUIT_WILD[suit]] < 4:
                used[SUIT_WILD[suit]] += 1
                standing[i] = SUIT_WILD[suit]
    removed = standing.pop(rng.randrange(len(standing)))
    return WaitingHand(tuple(sorted(standing)), tuple(melds)), removed


def check(hands: int, seed: int = SEED) -> dict[str, object]:
    """Run the check over `hands` hands (spread evenly over the four categories) and return the figures."""
    rng = random.Random(seed)
    per = [hands // len(CATEGORIES) + (1 if i < hands % len(CATEGORIES) else 0) for i in range(len(CATEGORIES))]
    rows = []
    totals = Counter[str]()
    most: tuple[int, str, list[str]] = (0, "", [])
    two_suit_example = ""
    for (wilds, winds), n in zip(CATEGORIES, per):
        row = Counter[str]()
        for _ in range(n):
            hand, removed = random_ready_hand(rng, wilds=wilds, winds=winds)
            w = waits_with_wilds(hand, winds=winds)
            every = w.all
            suits = {counting_suit(t) for t in every} - {None}
            row["hands"] += 1
            row["waits"] += len(every)
            row[f"suits_{len(suits)}"] += 1
            if removed not in every:
                row["removed_tile_not_a_wait"] += 1
            for s in suits:
                held = sum(1 for t in hand.concealed if counting_suit(t) == s)
                if held % 3 == 0:
                    row["residue_violations"] += 1
            if len(every) > most[0]:
                most = (len(every), format_waiting(hand), [tile_to_text(t) for t in every])
            if len(suits) == 2 and not two_suit_example and wilds and not winds:
                two_suit_example = format_waiting(hand)
        rows.append({
            "wilds": wilds, "winds": winds, "hands": row["hands"],
            "one_suit": row["suits_1"], "two_suits": row["suits_2"], "three_suits": row["suits_3"],
            "no_suit": row["suits_0"], "mean_waits": round(row["waits"] / max(1, row["hands"]), 3),
        })
        totals.update(row)
    return {
        "theorem": "no 13-tile 团圆 hand waits on tiles of all three suits",
        "script": "benchmarks/tuanyuan_theorem.py",
        "seed": seed,
        "hands": totals["hands"],
        "three_suit_waits": totals["suits_3"],
        "two_suit_waits": totals["suits_2"],
        "removed_tile_not_a_wait": totals["removed_tile_not_a_wait"],
        "residue_violations": totals["residue_violations"],
        "by_category": rows,
        "most_waits": {"hand": most[1], "count": most[0], "waits": most[2]},
        "two_suit_example": two_suit_example,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    figures = check(args.hands, args.seed)
    seconds = time.perf_counter() - start
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(figures, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"{figures['hands']:,} ready hands in {seconds:.1f} s ({seconds / max(1, args.hands) * 1e6:.1f} µs each)")
    print(f"waiting on three suits: {figures['three_suit_waits']}; on two: {figures['two_suit_waits']:,}; "
          f"removed tile not a wait: {figures['removed_tile_not_a_wait']}; "
          f"residue violations: {figures['residue_violations']}")
    print(f"figures written to {args.out}")
    bad = figures["three_suit_waits"] or figures["removed_tile_not_a_wait"] or figures["residue_violations"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
