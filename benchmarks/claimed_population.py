"""The next statistics population, sized and costed on a slice: hands with claimed sets.

    python benchmarks/claimed_population.py [--sample 2000] [--seed 2024] [--ruleset mcr] [--machines 4 16 64]

Prints, in one run:
- the exact size of the population (`generator/stats/claimed.py`): distinct hands and their physical weight per
  number of declared sets, and the concealed population's published figures it reproduces with none;
- a slice: `--sample` hands drawn uniformly from each number of declared sets (a group's share drawn by the
  exact counts, its concealed part and melds by rejection from uniform draws, which keeps it uniform), each
  scored once per winning tile kind its concealed part holds, on a discard and self-drawn, as the wins
  population of the concealed run is (`stats/wins.py`);
- the orbits the run would score: each sampled hand's symmetry class is measured by applying the 864 tile
  symmetries (suits, winds, dragons among themselves), and the mean of 1 / class size estimates orbits per hand;
- the cost: measured CPU µs per win times the wins of every orbit, here (`--jobs 2`) and on clusters of N
  machines like this one, with the scoring of every win (the concealed run's grouping of winning tiles that read
  alike, which scores about three of fourteen, would cut it further).

No figure is asserted by the tests (the exact counts are: tests/test_stats_claimed.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations_with_replacement, permutations
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.hand import Hand, Meld, MeldKind, WinContext
from generator.rulesets import all_rulesets
from generator.scoring import score
from generator.stats.claimed import MAX_MELDS, concealed_parts, group_counts, population

GROUPS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 4, False), (31, 3, False))
"""Each group's first tile, its kinds, and whether it has chows."""
CORES = 2


def _melds(kinds: int, chows: bool) -> list[tuple[MeldKind, int, bool]]:
    out = [(MeldKind.CHOW, t, False) for t in range(kinds - 2)] if chows else []
    out += [(MeldKind.PUNG, t, False) for t in range(kinds)]
    out += [(MeldKind.KONG, t, False) for t in range(kinds)]
    out += [(MeldKind.KONG, t, True) for t in range(kinds)]
    return out


def _uses(meld: tuple[MeldKind, int, bool], kinds: int) -> list[int]:
    kind, t, _ = meld
    v = [0] * kinds
    if kind is MeldKind.CHOW:
        for i in range(3):
            v[t + i] += 1
    else:
        v[t] += 4 if kind is MeldKind.KONG else 3
    return v


class Sampler:
    """Uniform draws of hands with `k` declared sets."""

    def __init__(self) -> None:
        self.groups = []
        for start, kinds, chows in GROUPS:
            parts = {key: sorted(v) for key, v in concealed_parts(kinds, chows).items()}
            melds = _melds(kinds, chows)
            multisets = {m: list(combinations_with_replacement(range(len(melds)), m)) for m in range(MAX_MELDS + 1)}
            self.groups.append((start, kinds, parts, melds, multisets, group_counts(kinds, chows).hands))

    def _shares(self, k: int, rnd: Random) -> list[tuple[int, int, int]]:
        """Each group's (sets, pairs, melds), drawn with the exact number of hands each choice leaves."""
        # Suffix tables: ways[i][(j, p, m)] = hands of groups i.. with these totals.
        ways: list[dict[tuple[int, int, int], int]] = [{} for _ in range(len(self.groups) + 1)]
        ways[-1] = {(0, 0, 0): 1}
        for i in range(len(self.groups) - 1, -1, -1):
            table = self.groups[i][5]
            for (j, p, m), n in ways[i + 1].items():
                for (gj, gp, gm), gn in table.items():
                    key = (j + gj, p + gp, m + gm)
                    if key[0] + key[2] <= MAX_MELDS and key[1] <= 1:
                        ways[i][key] = ways[i].get(key, 0) + n * gn
        need = (MAX_MELDS - k, 1, k)
        shares = []
        for i, group in enumerate(self.groups):
            options = [((gj, gp, gm), gn * ways[i + 1].get((need[0] - gj, need[1] - gp, need[2] - gm), 0))
                       for (gj, gp, gm), gn in group[5].items()]
            total = sum(w for _, w in options)
            pick = rnd.randrange(total)
            for share, w in options:
                if pick < w:
                    break
                pick -= w
            shares.append(share)
            need = (need[0] - share[0], need[1] - share[1], need[2] - share[2])
        return shares

    def draw(self, k: int, rnd: Random) -> tuple[list[int], list[Meld]]:
        counts: list[int] = []
        melds: list[Meld] = []
        for (start, kinds, parts, group_melds, multisets, _), (j, p, m) in zip(self.groups, self._shares(k, rnd),
                                                                             strict=True):
            while True:  # rejection: uniform over the compatible (part, melds) pairs of this share
                part = rnd.choice(parts[(j, p)])
                chosen = rnd.choice(multisets[m])
                total = list(part)
                for i in chosen:
                    total = [a + b for a, b in zip(total, _uses(group_melds[i], kinds), strict=True)]
                if max(total, default=0) <= 4:
                    break
            counts += part
            for i in chosen:
                kind, t, concealed = group_melds[i]
                melds.append(Meld(kind, start + t, concealed))
        return counts, melds


def _symmetries() -> list[list[int]]:
    """The 864 permutations of tile kinds that permute suits, winds and dragons among themselves."""
    out = []
    for suits in permutations(range(3)):
        for winds in permutations(range(4)):
            for dragons in permutations(range(3)):
                out.append([9 * suits[t // 9] + t % 9 for t in range(27)] + [27 + w for w in winds]
                           + [31 + d for d in dragons])
    return out


def class_size(counts: list[int], melds: list[Meld], symmetries: list[list[int]]) -> int:
    images = set()
    for perm in symmetries:
        moved = [0] * 34
        for t, c in enumerate(counts):
            moved[perm[t]] = c
        images.add((tuple(moved), tuple(sorted((m.kind.value, perm[m.tile], m.concealed) for m in melds))))
    return len(images)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, default=2000, help="hands drawn per number of declared sets")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--ruleset", default="mcr")
    parser.add_argument("--machines", type=int, nargs="*", default=[4, 16, 64])
    args = parser.parse_args(argv)
    rs = all_rulesets()[args.ruleset]

    t0 = time.perf_counter()
    pop = population()
    print(f"population, counted exactly in {time.perf_counter() - t0:.1f} s (generator/stats/claimed.py):")
    print("  declared sets            hands              weight")
    for k in range(MAX_MELDS + 1):
        print(f"  {k:>13} {pop.hands[k]:>16,} {pop.weight[k]:>22,}")
    print(f"  with 1-4      {sum(pop.hands[k] for k in range(1, 5)):>16,} "
          f"{sum(pop.weight[k] for k in range(1, 5)):>22,}")
    print("  (0 declared sets is the concealed run's four sets and a pair: published 11,498,658 hands, "
          "weight 11,353,128,141,498)")

    sampler, symmetries, rnd = Sampler(), _symmetries(), Random(args.seed)
    print(f"slice: {args.sample} uniform hands per number of declared sets, every winning tile kind of the concealed "
          f"part, on a discard and self-drawn, scored under {rs.id}:")
    print("  declared sets  wins/hand  orbits/hand  µs/win (CPU)  orbits          wins to score   CPU hours")
    print("                 (both ways)")
    total_cpu = 0.0
    for k in range(1, MAX_MELDS + 1):
        wins = 0
        per_orbit_wins = inverse = 0.0
        cpu = 0.0
        for _ in range(args.sample):
            counts, melds = sampler.draw(k, rnd)
            size = class_size(counts, melds, symmetries)
            kinds = [t for t, c in enumerate(counts) if c]
            inverse += 1 / size
            per_orbit_wins += 2 * len(kinds) / size
            start = time.process_time()
            for win in kinds:
                rest = list(counts)
                rest[win] -= 1
                concealed = tuple(t for t, c in enumerate(rest) for _ in range(c))
                for tsumo in (False, True):
                    score(Hand(concealed, tuple(melds), win, WinContext(tsumo=tsumo)), rs)
            cpu += time.process_time() - start
            wins += 2 * len(kinds)
        us = cpu / wins * 1e6
        orbits = pop.hands[k] * inverse / args.sample
        to_score = pop.hands[k] * per_orbit_wins / args.sample
        hours = to_score * us / 1e6 / 3600
        total_cpu += hours
        print(f"  {k:>13} {wins / args.sample:>10.1f} {inverse / args.sample:>12.4f} {us:>13.0f} {orbits:>15,.0f} "
              f"{to_score:>15,.0f} {hours:>11.1f}")
    print(f"  all: {total_cpu:,.1f} CPU hours of scoring")
    print(f"  here, {CORES} cores: {total_cpu / CORES:,.1f} hours wall")
    for n in args.machines:
        print(f"  a cluster of {n} machines like this one ({n * CORES} cores): {total_cpu / (n * CORES):,.1f} hours wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
