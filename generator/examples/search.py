"""Find, for every pattern of one rule set, a minimal and a typical hand in which it counts.

Every rule set scores the first `POOL` hands of the shared seeded `HandStream` in full.
Patterns seen fewer than `TARGET` times are then looked for in a second stream, where only
the hands their detectors fire on are scored (full scoring is the expensive part: MCR reads
waits in every division). Patterns still missing get a targeted search: seed hands from the
rule data (`extra.seed_hands`), curated hands and the examples already found for other rule
sets, and hands where the pattern showed but was excluded (then one or two changes away).
A pattern that all of this misses stops the build with its name.

Minimal = legal first, then the fewest other patterns, then the fewest counted instances,
improved by a short descent over one-change neighbours, with context flags it does not need
dropped. Typical = the median hand found, by number of patterns and instances.

No choice reads a total. Which hands illustrate a pattern then depends on what the hands show
(and on legality, where a rule set has a minimum), not on what the patterns are worth: after a
value edit the pages show the same hands with new scores, so a citation of an example survives
the edit, and an incremental build re-renders the pages whose scores moved and little else.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from typing import Any

from .. import detectors
from ..ghosts import stand_in
from ..hand import Hand, WinContext
from ..hand_stream import SEED, HandStream, seed_hands
from ..notation import HandError, format_hand, parse_hand
from ..rules import Pattern, Ruleset
from ..scoring import Score
from ..scoring.engine import readings_of
from ..scoring.families import policy_of
from ..scoring.gates import may_show
from ..shapes import Form, Reading, readings
from ..tiles import GHOST
from .matrix import PairEvidence
from .model import hand_key
from .neighbours import neighbours
from .scorer import Scorer

POOL = 1500  # hands of the shared stream every rule set scores in full (the matrix's N starts here)
TARGET = 5  # positives wanted per pattern; rarer ones are looked for in the detector-filtered stream
FALLBACK_POOL = 10000  # hands of the second stream, filtered by the detectors alone
RARE_TRIES = 150  # scored hands a rare pattern may ask for before the filtered scan gives up on it
CLIMB_ROUNDS = 3
CLIMB_WIDTH = 40  # neighbours scored per round of the minimal climb
DESCENTS, DESCENT_STEPS = 6, 6  # last resort: walks towards fewer patterns


class SearchError(RuntimeError):
    """No example (or no near miss) found for a pattern: the message names it."""


@dataclass
class RulesetSearch:
    """What the search found for one rule set."""

    ruleset: str
    pool: list[Hand]  # the hands scored in full (stream order, then filtered fallback hands)
    counted: list[frozenset[str]]  # counted pattern ids per pool hand
    positives: dict[str, list[Hand]] = field(default_factory=dict)  # pattern -> hands where it counts
    minimal: dict[str, Hand] = field(default_factory=dict)
    typical: dict[str, Hand] = field(default_factory=dict)
    evidence: PairEvidence = field(default_factory=PairEvidence)
    filtered: int = 0  # hands of the fallback stream looked at by the detector filter only

    @property
    def searched(self) -> int:
        return len(self.pool)


def instances(score: Score) -> int:
    """How many pattern instances count: the plainness measure that, unlike the total, no value edit moves."""
    return sum(c.count for c in score.patterns)


def rank(scorer: Scorer, hand: Hand, rid: str, pid: str) -> tuple[bool, int, int, int, str]:
    """Sort key of a minimal example: legal, fewest other patterns, fewest instances, shortest notation."""
    s = scorer(hand, rid)
    canon = s.hand
    return (not s.legal, len(scorer.counted(hand, rid)) - 1, instances(s), len(canon), canon)


def richness(scorer: Scorer, hand: Hand, rid: str) -> tuple[int, int, str]:
    """Sort key of the typical example: how much the hand shows, then its notation."""
    s = scorer(hand, rid)
    return (len(s.patterns), instances(s), s.hand)


def _seed_hands(p: Pattern) -> list[Hand]:
    try:
        return seed_hands(p)
    except HandError as exc:
        raise SearchError(f"{p.origin.file}:{p.origin.line}: pattern {p.id!r} extra.seed_hands: {exc}") from None


@lru_cache(maxsize=1 << 15)
def _readings(hand: Hand, forms: frozenset[Form], four: bool) -> list[Reading]:
    """Readings shared by rule sets with the same forms (the two Zung Jung and the two MCR editions)."""
    return readings(hand, forms, four_as_two_pairs=four)


class Probe:
    """Cheap filter: which of some patterns' detectors fire in some reading (no exclusions, no policy)."""

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.policy = policy_of(rs.policy)
        self.forms, self.four = self.policy.winning_shapes(rs)

    def fires(self, hand: Hand, patterns: Sequence[Pattern]) -> set[str]:
        own = self.policy.own_readings or GHOST in hand.closed_tiles  # ghosts: the engine's readings, no gates
        if not own:  # readings of the hand's own tiles: the gates rule most patterns out from the hand
            patterns = may_show(self.rs.patterns, hand, patterns)
            if not patterns:
                return set()
        found = readings_of(hand, self.rs) if own else _readings(hand, self.forms, self.four)
        out: set[str] = set()
        for r in found:
            view = detectors.View(stand_in(hand, r), r)
            for p in patterns:
                if p.id not in out and detectors.run(p.detect, view, dict(p.params)):
                    out.add(p.id)
        return out


DEFAULTS = WinContext()
CONTEXT_FIELDS = ("tsumo", "last_tile", "after_kong", "robbing_kong", "last_copy", "first_turn", "dealer", "seat",
                  "round", "flowers", "wild_kongs")


class Searcher:
    def __init__(self, scorer: Scorer, stream: HandStream, extra_hands: list[Hand],
                 fallback_stream: HandStream | None = None) -> None:
        self.scorer = scorer
        self.stream = stream
        self.extra_hands = extra_hands  # curated hands and examples found so far, tried for missing patterns
        self.consulted_extra = False  # whether a search read extra_hands: only then does its result depend on them
        self.fallback_stream = fallback_stream or HandStream(SEED + 1)

    def search(self, rs: Ruleset) -> RulesetSearch:
        rid = rs.id
        result = RulesetSearch(rid, [], [])
        positives: dict[str, list[Hand]] = {p.id: [] for p in rs.patterns}
        for i in range(POOL):
            self._observe(result, self.stream[i], positives)
        self._rare(rs, result, positives)
        for p in rs.patterns:
            if not positives[p.id]:
                positives[p.id] = self._targeted(rs, p, result)
        result.positives = positives
        probe = Probe(rs)
        for p in rs.patterns:
            minimal = self._minimal(rs, p, positives[p.id], probe)
            typical = self._typical(rid, p.id, positives[p.id], minimal)
            if rank(self.scorer, typical, rid, p.id) < rank(self.scorer, minimal, rid, p.id):
                minimal, typical = typical, minimal  # dropping flags made the typical one plainer still
            result.minimal[p.id], result.typical[p.id] = minimal, typical
        return result

    def _observe(self, result: RulesetSearch, hand: Hand, positives: dict[str, list[Hand]]) -> None:
        rid = result.ruleset
        counted = self.scorer.counted(hand, rid)
        result.pool.append(hand)
        result.counted.append(counted)
        for pid in counted:
            positives[pid].append(hand)
        if counted:
            for e in self.scorer(hand, rid).excluded:
                result.evidence.excluded.setdefault((e.by, e.id), e.rule)

    def _rare(self, rs: Ruleset, result: RulesetSearch, positives: dict[str, list[Hand]]) -> None:
        """Scan the second stream for patterns seen fewer than TARGET times, scoring only hands they show in.

        A pattern gives up after RARE_TRIES scored hands: its detector may fire often while the
        pattern rarely counts (excluded, or a placeholder such as a chicken hand).
        """
        probe = Probe(rs)
        wanted = [p for p in rs.patterns if len(positives[p.id]) < TARGET]
        tries = {p.id: 0 for p in wanted}
        seen = set(result.pool)
        j = 0
        while wanted and j < FALLBACK_POOL:
            hand = self.fallback_stream[j]
            j += 1
            if hand in seen:
                continue
            fired = probe.fires(hand, wanted)
            if not fired:
                continue
            seen.add(hand)
            self._observe(result, hand, positives)
            for pid in fired:
                tries[pid] += 1
            wanted = [p for p in wanted if len(positives[p.id]) < TARGET and tries[p.id] < RARE_TRIES]
        result.filtered = j

    # ------------------------------------------------------------------------- targeted search

    def _targeted(self, rs: Ruleset, p: Pattern, result: RulesetSearch) -> list[Hand]:
        """The pattern never counted in the pool: try seeds and known hands, then climb from where it showed."""
        rid = rs.id
        probe = Probe(rs)
        near: list[Hand] = []  # hands where the pattern shows but does not count
        self.consulted_extra = True
        for hand in _seed_hands(p) + self.extra_hands:
            if self.scorer.counts(hand, rid, p.id):
                return [hand]
            if probe.fires(hand, [p]) and self.scorer.complete(hand, rid):
                near.append(hand)
        near.extend(h for h in result.pool if p.id in {e.id for e in self.scorer(h, rid).excluded})
        found = self._climb_to(rid, p.id, near[:20]) or self._descend(rid, p.id, result)
        if found:
            return found
        raise SearchError(
            f"no example found for {rid}/{p.id} ({p.zh} {p.en}) in {result.searched} scored hands and "
            f"{result.filtered} detector-filtered ones; give the pattern a hand in the rule data: "
            f"extra = {{ seed_hands = [\"...\"] }} ({p.origin.file}:{p.origin.line})")

    def _climb_to(self, rid: str, pid: str, starts: list[Hand]) -> list[Hand]:
        """Hands one or two changes from `starts` in which the pattern counts."""
        frontier = starts
        for _ in range(2):
            nxt: list[Hand] = []
            for hand in frontier:
                for step in neighbours(hand):
                    if self.scorer.counts(step.hand, rid, pid):
                        return [step.hand]
                    nxt.append(step.hand)
            frontier = [h for h in nxt if self.scorer.complete(h, rid)][:40]
        return []

    def _descend(self, rid: str, pid: str, result: RulesetSearch) -> list[Hand]:
        """Walk from the plainest pool hands towards fewer counted patterns (finds e.g. MCR's 无番和)."""
        plain = sorted((h for h, c in zip(result.pool, result.counted, strict=True) if c),
                       key=lambda h: richness(self.scorer, h, rid))[:DESCENTS]
        for hand in plain:
            for _ in range(DESCENT_STEPS):
                best = None
                for step in neighbours(hand):
                    counted = self.scorer.counted(step.hand, rid)
                    if pid in counted:
                        return [step.hand]
                    if counted:
                        key = (len(counted), instances(self.scorer(step.hand, rid)))
                        if best is None or key < best[0]:
                            best = (key, step.hand)
                here = (len(self.scorer.counted(hand, rid)), instances(self.scorer(hand, rid)))
                if best is None or best[0] >= here:
                    break
                hand = best[1]
        return []

    # ------------------------------------------------------------------------- choosing

    def _minimal(self, rs: Ruleset, p: Pattern, hands: list[Hand], probe: Probe) -> Hand:
        rid, pid = rs.id, p.id
        best = self._plain(rid, pid, min(hands, key=lambda h: rank(self.scorer, h, rid, pid)))
        for _ in range(CLIMB_ROUNDS):
            key = rank(self.scorer, best, rid, pid)
            if not key[0] and key[1] == 0:
                break
            shown = [s.hand for s in neighbours(best)
                     if self.scorer.complete(s.hand, rid) and pid in probe.fires(s.hand, [p])]
            better = [h for h in shown[:CLIMB_WIDTH] if self.scorer.counts(h, rid, pid)]
            cand = min(better, key=lambda h: rank(self.scorer, h, rid, pid), default=None)
            if cand is None or rank(self.scorer, cand, rid, pid) >= key:
                break
            best = self._plain(rid, pid, cand)
        return best

    def _plain(self, rid: str, pid: str, hand: Hand) -> Hand:
        """Drop context flags that the example does not need: back to the default wherever the result stays."""
        want = rank(self.scorer, hand, rid, pid)[:3]
        for name in CONTEXT_FIELDS:
            if getattr(hand.context, name) == getattr(DEFAULTS, name):
                continue
            changes: dict[str, Any] = {name: getattr(DEFAULTS, name)}
            if name == "tsumo":
                changes["after_kong"] = False
            try:
                plain = parse_hand(format_hand(replace(hand, context=replace(hand.context, **changes))))
            except HandError:
                continue
            if self.scorer.counts(plain, rid, pid) and rank(self.scorer, plain, rid, pid)[:3] <= want:
                hand = plain
        return hand

    def _typical(self, rid: str, pid: str, hands: list[Hand], minimal: Hand) -> Hand:
        legal = [h for h in hands if h != minimal and self.scorer(h, rid).legal]
        pool = legal or [h for h in hands if h != minimal]
        if not pool:
            pool = [s.hand for s in neighbours(minimal) if self.scorer.counts(s.hand, rid, pid)]
        if not pool:
            raise SearchError(f"only one hand found for {rid}/{pid}; a second (typical) example is needed")
        ordered = sorted(pool, key=lambda h: richness(self.scorer, h, rid))
        chosen = ordered[len(ordered) // 2]
        plain = self._plain(rid, pid, chosen)
        return plain if plain != minimal else chosen


def pair_witnesses(search: RulesetSearch, preferred: Iterable[tuple[str, frozenset[str]]]
                   ) -> tuple[dict[tuple[str, str], str], list[Hand]]:
    """For every pair that counted together in the pool, a hand showing it.

    Existing examples (`preferred`: key, counted ids) are used first; the remaining pairs are
    covered greedily by pool hands, which the caller adds as examples. Returns the pair -> key
    map (pairs sorted by id) and the extra hands.
    """
    wanted: set[tuple[str, str]] = set()
    for counted in search.counted:
        wanted.update(combinations(sorted(counted), 2))
    witness: dict[tuple[str, str], str] = {}
    for key, counted in preferred:
        for pair in combinations(sorted(counted), 2):
            if pair in wanted and pair not in witness:
                witness[pair] = key
    left = wanted - set(witness)
    extra: list[Hand] = []
    candidates = [(h, set(combinations(sorted(c), 2))) for h, c in zip(search.pool, search.counted, strict=True)]
    heap = [(-len(pairs & left), i) for i, (_, pairs) in enumerate(candidates) if pairs & left]
    heapq.heapify(heap)
    while left and heap:  # lazy greedy set cover: a hand's gain only shrinks as pairs get covered
        _, i = heapq.heappop(heap)
        hand, pairs = candidates[i]
        gain = len(pairs & left)
        if gain == 0:
            continue
        if heap and gain < -heap[0][0]:
            heapq.heappush(heap, (-gain, i))
            continue
        key = hand_key(format_hand(hand))
        for pair in pairs & left:
            witness[pair] = key
        left -= pairs
        extra.append(hand)
    return witness, extra
