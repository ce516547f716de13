"""Stage two: hands on which two patterns count together, or show together with one dropped, found by the engine.

Every answer here is a hand the engine scored, so it needs no proof: `both` (a legal hand counting both),
`below` (a hand counting both that is under the rule set's minimum) and `shown` (a hand whose reading shows
both, one of them dropped by a rule, with the pattern that stays). The search starts from the seeded example
stream and the walk's witnesses, takes random walks of a few moves from each (moves.py), and then, for each
pair still without a hand counting both, tries every hand one and two moves away from the hands on which
either of the two counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from random import Random
from typing import NamedTuple

from ..hand import Hand
from ..notation import format_hand
from ..rules import Ruleset
from ..scoring import engine
from ..scoring.families import policy_of
from ..scoring.result import Score
from .moves import (concealed, declares, fixed_flags, ghost_some, neighbours, plain, random_walk, reads_of,
                    situations, valid)

Pair = tuple[str, str]


class Apart(NamedTuple):
    """Why one of a pair never counts where both show (decide.apart_of): the pattern that stays (None when a
    third one drops both), the one dropped, and the rule in words."""

    keep: str | None
    drop: str
    rule: str


KEEP = 3
"""Hands kept per pattern as starting points of the targeted search (the first found)."""
BUDGET = 600
"""Hands one pair's targeted search may score at most: what it misses, the situations and exhaust.py try."""
SITUATIONS = 3000
"""Hands one pair's situation search may score at most."""
GHOSTED = 8
"""In a rule set of ghosts, hands with ghosts made from each starting hand of a pair's targeted search."""


@dataclass
class Found:
    """What the search saw for one rule set; pairs in rule order."""

    both: dict[Pair, str] = field(default_factory=dict)  # a legal hand counting both
    below: dict[Pair, str] = field(default_factory=dict)  # a hand counting both, under the minimum
    shown: dict[Pair, dict[str, tuple[str, str]]] = field(default_factory=dict)  # dropped -> (hand, by)
    together: dict[Pair, str] = field(default_factory=dict)  # shown together on the reading scored, however they fared
    counts_on: dict[str, str] = field(default_factory=dict)  # a legal hand each pattern counts on
    scored: int = 0  # hands scored

    def apart_witness(self, pair: Pair, keep: str | None) -> tuple[str, str | None] | None:
        """A hand showing both but not counting both, for a pair the rules keep apart, and the one of the two that
        counts on it (None when a third pattern drops both): the hand where `keep` stays first."""
        if keep is not None:
            drop = pair[1] if keep == pair[0] else pair[0]
            for stays, dropped in ((keep, drop), (drop, keep)):
                got = self.showing(pair, dropped)
                if got is not None:
                    return got[0], stays
        return (self.together[pair], None) if pair in self.together else None

    def showing(self, pair: Pair, dropped: str | None = None) -> tuple[str, str, str] | None:
        """(hand, dropped, by) of the first hand seen showing both with `dropped` (any one of the two if None)
        dropped, or None."""
        ways = self.shown.get(pair, {})
        for pid in ((dropped,) if dropped is not None else pair):
            if pid in ways:
                return (ways[pid][0], pid, ways[pid][1])
        return None


class Search:
    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.order = {p.id: i for i, p in enumerate(rs.patterns)}
        self.found = Found()
        self.starts: dict[str, list[Hand]] = {p.id: [] for p in rs.patterns}  # hands each pattern counts on
        self.riichi = declares(rs)
        self.policy = policy_of(rs.policy)
        self.ghosts = self.policy.plays_ghosts(rs)  # hands with ghosts are searched too
        self._seen: set[Hand] = set()

    def pair(self, a: str, b: str) -> Pair:
        return (a, b) if self.order[a] < self.order[b] else (b, a)

    def record(self, hand: Hand) -> Score | None:
        """Score `hand` once and keep what it shows; None when it is not complete in the rule set. What the family
        reads past (Riichi's flowers) is taken off first, so no witness carries it."""
        hand = self.policy.without_unread(hand)
        if hand in self._seen:
            return None
        self._seen.add(hand)
        s = engine.score(hand, self.rs)
        self.found.scored += 1
        if not s.complete or self.policy.problem(hand) is not None:
            return None
        counted = sorted({c.id for c in s.patterns}, key=self.order.__getitem__)
        dropped = {e.id: e.by for e in s.excluded}
        text = None
        for pid in counted:
            if len(self.starts[pid]) < KEEP:
                self.starts[pid].append(hand)
            if s.legal and pid not in self.found.counts_on:
                text = text or format_hand(hand)
                self.found.counts_on[pid] = text
        for a, b in combinations(counted, 2):
            into = self.found.both if s.legal else self.found.below
            if (a, b) not in into:
                text = text or format_hand(hand)
                into[(a, b)] = text
        for key in combinations(sorted(set(counted) | set(dropped), key=self.order.__getitem__), 2):
            if key not in self.found.together:
                text = text or format_hand(hand)
                self.found.together[key] = text
        for pid, by in dropped.items():  # shown together: one of the two counts, the other is dropped
            for other in counted:
                key = self.pair(pid, other)
                if key not in self.found.both and pid not in self.found.shown.get(key, {}):
                    text = text or format_hand(hand)
                    self.found.shown.setdefault(key, {})[pid] = (text, by)
        return s

    def spread(self, hands: Iterable[Hand], walks: int, seed: int) -> None:
        """Score the hands, each as written and without flags, and `walks` random walks of one to three moves
        from each."""
        rnd = Random(seed)

        def reading_of(h: Hand) -> object:
            s = engine.score(h, self.rs)
            return s.reading if s.complete else None

        for hand in hands:
            for start in (hand, plain(hand)):
                self.record(start)
            for _ in range(walks):
                self.record(random_walk(hand, reading_of, self.riichi, rnd, rnd.randint(1, 3)))
            for _ in range(walks if self.ghosts else 0):
                ghosted = ghost_some(hand, rnd)
                if ghosted is not None:
                    self.record(ghosted)

    def done(self, pair: Pair, apart: Apart | None) -> bool:
        """Whether the pair has a hand counting both or, for a pair the policy keeps apart, a hand showing both
        with the one it drops dropped (any hand showing both, when a third pattern drops both)."""
        if pair in self.found.both:
            return True
        if apart is None:
            return False
        return pair in self.found.together if apart.keep is None else apart.drop in self.found.shown.get(pair, {})

    def target(self, pairs: Iterable[tuple[Pair, Apart | None]], extra: dict[Pair, list[Hand]] | None = None,
               depth: int = 2) -> None:
        """For each pair (with why the policy keeps it apart, if it does) not yet done: every hand up to `depth` moves from the hands either pattern counts on (and `extra`'s hands for
        the pair), until one does it."""
        for pair, apart in pairs:
            if self.done(pair, apart):
                continue
            a, b = pair
            frontier = (extra or {}).get(pair, []) + self.starts[a][:KEEP] + self.starts[b][:KEEP]
            if self.ghosts:  # a pair that only ghosts bring together may be more than two moves away
                rnd = Random(f"{a} {b}")
                frontier += [g for h in frontier for _ in range(GHOSTED) if (g := ghost_some(h, rnd)) is not None]
            for start in frontier:
                self.record(start)
            before = self.found.scored
            for _ in range(depth):
                if self.found.scored - before > BUDGET:
                    break
                nxt: list[Hand] = []
                for hand in frontier:
                    s = engine.score(hand, self.rs)
                    for n in neighbours(hand, s.reading if s.complete else None, self.riichi, self.ghosts):
                        got = self.record(n)
                        if got is not None and {a, b} & ({c.id for c in got.patterns} | {e.id for e in got.excluded}):
                            nxt.append(n)
                    if self.done(pair, apart) or self.found.scored - before > BUDGET:
                        break
                if self.done(pair, apart):
                    break
                frontier = nxt[:4 * KEEP]

    def situate(self, pairs: Iterable[tuple[Pair, Apart | None]], extra: dict[Pair, list[Hand]]) -> None:
        """For each pair still not done: every situation (moves.situations) of the division of `extra`'s hands
        for the pair and of the first hands either pattern counts on, over what the two patterns read."""
        for pair, apart in pairs:
            if self.done(pair, apart):
                continue
            reads = frozenset().union(*(reads_of(self.rs.pattern(pid)) for pid in pair))
            if not reads:
                continue
            spent = 0
            for start in extra.get(pair, []) + self.starts[pair[0]][:2] + self.starts[pair[1]][:2]:
                start = concealed(start)
                s = engine.score(start, self.rs)
                if not s.complete or s.reading is None:
                    continue
                fixed = fixed_flags([self.rs.pattern(pid) for pid in pair], self.rs)
                for h in situations(start, s.reading, reads, self.riichi, fixed):
                    v = valid(h)
                    if v is None:
                        continue
                    self.record(v)
                    spent += 1
                    if self.done(pair, apart) or spent >= SITUATIONS:
                        break
                if self.done(pair, apart) or spent >= SITUATIONS:
                    break
