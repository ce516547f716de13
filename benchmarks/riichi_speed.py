"""Riichi hands per second: the engine's `riichi` rule set against the `mahjong` package, in one run.

    python benchmarks/riichi_speed.py [--hands 3000] [--seed 7]

Both score the same seeded hands (built on each yaku's shape, tests/riichi_oracle.py); the
engine's time includes parsing the notation and its JSON text, the library's its tile-id and
config set-up. Prints one line: hands/s for each and their ratio (CPU time, best of --repeat).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from riichi_oracle import oracle, riichi_hands  # noqa: E402

from generator.notation import parse_hand  # noqa: E402
from generator.rulesets import find_ruleset  # noqa: E402
from generator.scoring import score  # noqa: E402


def _best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rs = find_ruleset("riichi")
    texts = riichi_hands(args.seed, args.hands)
    hands = [parse_hand(t) for t in texts]

    def ours() -> None:
        for t in texts:
            score(parse_hand(t), rs).json_text()

    def theirs() -> None:
        for h in hands:
            oracle(h, "riichi")

    a, b = _best(ours, args.repeat), _best(theirs, args.repeat)
    n = len(texts)
    print(f"riichi: {n} hands, engine {n / a:,.0f} hands/s, mahjong {n / b:,.0f} hands/s, ratio {b / a:.2f} "
          f"(engine / library speed, CPU time, best of {args.repeat})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
