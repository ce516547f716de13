"""Score random hands with the engine's `mcr` rule set and with PyMahjongGB; count the differences.

    python benchmarks/mcr_differential.py [--hands 100000] [--seed 2024]

Prints how many hands agree exactly, how many differ only in the names of the one-fan
chow pairs (equal totals, allowed by the account-once principle), and how many differ in
any other way, with the first few of those. Exit status 1 when any hand differs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the PyMahjongGB oracle is test code

from mcr_oracle import Comparison, Tally, compare, random_hands

from generator.rulesets import find_ruleset
from generator.scoring import score
from generator.scoring.mcr_forest import RULE_TEXT

PRINCIPLES = dict(sorted(RULE_TEXT.items()))  # principle -> the rule text its exclusions carry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    rs = find_ruleset("mcr")
    tally = Tally()
    forms: Counter[str] = Counter()
    illegal = 0
    principles: Counter[str] = Counter()
    start = time.perf_counter()
    for hand in random_hands(args.seed, args.hands):
        c = compare(hand, rs, score)
        tally.add(c)
        forms[_kind(c)] += 1
        illegal += c.engine_total - c.engine["flower-tiles"] < 8
        principles.update(p for p, rule in PRINCIPLES.items() if rule in c.rules)
    elapsed = time.perf_counter() - start
    print(f"hands compared:          {args.hands} (seed {args.seed}, {elapsed:.0f} s)")
    print(f"identical fan lists:     {tally.counts['same']}")
    print(f"account-once alternative:{tally.counts['account-once']:>6}  (equal totals, chow-pair names differ)")
    print(f"different:               {tally.counts['different']}")
    print(f"hands under 8 fan:       {illegal}  (scored all the same; the engine marks them not legal)")
    print("combination principles:  " + ", ".join(f"{p} cut patterns in {principles[p]} hands" for p in PRINCIPLES))
    print("hand kinds:              " + ", ".join(f"{k} {n}" for k, n in sorted(forms.items())))
    for c in tally.examples:
        print(f"  DIFF {c.hand}: engine {c.engine_total} {dict(c.engine)}"
              f" / PyMahjongGB {c.oracle_total} {dict(c.oracle)}")
    return 1 if tally.counts["different"] else 0


def _kind(c: Comparison) -> str:
    fans = c.oracle
    for special in ("thirteen-orphans", "seven-shifted-pairs", "seven-pairs", "greater-honors-and-knitted-tiles",
                    "lesser-honors-and-knitted-tiles", "knitted-straight", "nine-gates"):
        if fans[special]:
            return special
    return "regular"


if __name__ == "__main__":
    sys.exit(main())
