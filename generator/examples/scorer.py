"""Scores cached per (hand, rule set): the search asks for the same hands many times.

Most neighbours the search tries are not complete hands, and many complete ones are never
scored (the search only needs to know they are complete), so completeness has its own
cheap check: the count-vector test of the standard forms, or the readings of a policy that
decides completeness itself (`Policy.own_readings`, wild tiles).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..completion import is_complete_counts
from ..hand import Hand
from ..rules import Ruleset
from ..scoring import Score, score
from ..scoring.engine import readings_of
from ..scoring.families import policy_of
from ..tiles import GHOST, counts_of


class Scorer:
    def __init__(self, rulesets: dict[str, Ruleset]) -> None:
        self.rulesets = rulesets
        self._scores: dict[tuple[Hand, str], Score] = {}
        self._counted: dict[tuple[Hand, str], frozenset[str]] = {}
        self._complete: dict[tuple[Hand, object], bool] = {}  # rule sets with the same forms share entries

    def __call__(self, hand: Hand, rid: str) -> Score:
        key = (hand, rid)
        s = self._scores.get(key)
        if s is None:
            s = self._scores[key] = score(hand, self.rulesets[rid])
        return s

    def preload(self, rid: str, scores: Mapping[Hand, Score]) -> None:
        """Scores computed by an earlier build under the same engine and rule data (the build cache)."""
        for hand, s in scores.items():
            self._scores.setdefault((hand, rid), s)

    def scores_of(self, rid: str, hands: Iterable[Hand]) -> dict[Hand, Score]:
        """The scores already computed for these hands under rid, for the build cache."""
        return {h: s for h in hands if (s := self._scores.get((h, rid))) is not None}

    def scored(self, rid: str) -> list[Score]:
        """Every score held under rid (computed or preloaded), in the order first asked for."""
        return [s for (_, r), s in self._scores.items() if r == rid]

    def complete(self, hand: Hand, rid: str) -> bool:
        """Whether the hand wins in this rule set's forms, without scoring it."""
        rs = self.rulesets[rid]
        policy = policy_of(rs.policy)
        own = policy.own_readings or GHOST in hand.closed_tiles  # a ghost is no count-vector tile: the engine judges
        key = (hand, rid if own else policy.winning_shapes(rs))
        done = self._complete.get(key)
        if done is None:
            if own:
                done = bool(readings_of(hand, rs))
            else:
                done = is_complete_counts(counts_of(hand.closed_tiles), len(hand.melds), *key[1])
            self._complete[key] = done
        return done

    def counted(self, hand: Hand, rid: str) -> frozenset[str]:
        """Ids of the patterns that count (empty when the hand is not complete here)."""
        key = (hand, rid)
        c = self._counted.get(key)
        if c is None:
            if not self.complete(hand, rid):
                c = frozenset()
            else:
                c = frozenset(p.id for p in self(hand, rid).patterns)
            self._counted[key] = c
        return c

    def counts(self, hand: Hand, rid: str, pid: str) -> bool:
        return pid in self.counted(hand, rid)
