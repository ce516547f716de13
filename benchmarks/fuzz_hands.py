"""Fuzz the hand parser and the engine: 100,000 typed strings and 100,000 hands per run by default.

    python benchmarks/fuzz_hands.py [--strings N] [--hands N] [--seed S]

Strings (raw text, token soups, edited hands) must parse to a hand whose canonical form
parses back, or be refused with a HandError naming a column and a reason. Hands (complete
shapes, near misses, random tiles, with melds and flags) are scored under every rule set:
every score must be a well-formed Score that agrees with the rule set's waits. The first
failure stops the run with Hypothesis's shrunk example and exit status 1; otherwise the
counts are printed and the exit status is 0. The properties live in tests/hand_strategies.py,
which the suite runs on a small seeded sample.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from hand_strategies import Tally, any_strings, check_hand, check_string, hand_texts
from hypothesis import HealthCheck, Phase, given, seed, settings

from generator.rulesets import all_rulesets


def _settings(n: int) -> settings:
    return settings(max_examples=n, database=None, deadline=None, phases=(Phase.generate, Phase.shrink),
                    suppress_health_check=list(HealthCheck), print_blob=True)


def fuzz_strings(n: int, run_seed: int, tally: Tally) -> None:
    @seed(run_seed)
    @_settings(n)
    @given(any_strings())
    def run(text: str) -> None:
        check_string(text, tally)
        _progress("strings", tally.strings, n)

    run()


def fuzz_hands(n: int, run_seed: int, tally: Tally) -> None:
    rulesets = list(all_rulesets().values())

    @seed(run_seed)
    @_settings(n)
    @given(hand_texts())
    def run(text: str) -> None:
        check_hand(text, rulesets, tally)
        _progress("hands", tally.strings, n)

    run()


def _progress(what: str, done: int, total: int) -> None:
    if done % 10_000 == 0:
        print(f"  … {done} of {total} {what}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strings", type=int, default=100_000, help="typed strings to try (default 100000)")
    parser.add_argument("--hands", type=int, default=100_000, help="hands to score (default 100000)")
    parser.add_argument("--seed", type=int, default=20240601, help="Hypothesis seed (default fixed, so runs repeat)")
    args = parser.parse_args(argv)
    rulesets = sorted(all_rulesets())
    strings, hands = Tally(), Tally()
    t0 = time.perf_counter()
    try:
        fuzz_strings(args.strings, args.seed, strings)
        t1 = time.perf_counter()
        fuzz_hands(args.hands, args.seed + 1, hands)
    except Exception as exc:  # noqa: BLE001  (report the shrunk failure Hypothesis raises, then fail)
        print(f"FAILED after {strings.strings} strings and {hands.hands} hands: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        return 1
    t2 = time.perf_counter()
    print(f"rule sets: {', '.join(rulesets)}")
    print(f"strings: {strings.strings} tried as a hand and as a waiting hand: {strings.parsed} hands, "
          f"{strings.waiting_parsed} waiting hands, {strings.strings - strings.parsed} refused with HandError "
          f"({t1 - t0:.1f} s)")
    for kind, n in strings.refused.most_common(15):
        print(f"  {n:>7}  {kind}")
    print(f"hands: {hands.strings} typed, {hands.hands} parsed and scored under {len(rulesets)} rule sets = "
          f"{hands.scored} scores, each checked against the rule set's waits ({t2 - t1:.1f} s)")
    for rid in rulesets:
        print(f"  {rid:<10} complete {hands.complete[rid]:>7}  legal {hands.legal[rid]:>7}")
    print(f"total {t2 - t0:.1f} s: nothing but HandError raised, every refusal names a column, every score well formed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
