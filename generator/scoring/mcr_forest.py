"""MCR's combination principles read as one rule: the counted combinations form a forest.

Non-separation (不拆移), non-identical (不得相同) and account-once (套算一次) all limit how
often sets may be combined into patterns of several sets (一般高, 清龙, 双同刻 …). Read
as in the essay on the principles (bibliography key jiyuan-essay): the sets are vertices, each counted
combination joins the sets it uses, and the joins may never close a cycle. A combination
of three sets joins three vertices at once, so it needs all three in different trees.

Candidates are taken strongest first; among equal values each pattern gets one instance
before any pattern gets a second (so the names vary as the reference calculator's do:
234s 223344p 567p is 一般高 + 喜相逢 + 连六, not 喜相逢 × 2 + 连六), then the rule
order breaks ties. Every candidate left out says which principle left it out.

>>> kept, dropped = grow_forest([Candidate("pure-straight", 16, 28, (0, 1, 2)),
...                              Candidate("short-straight", 1, 71, (0, 1)),
...                              Candidate("pure-double-chow", 1, 69, (2, 3))])
>>> [c.pid for c in kept], [(d.candidate.pid, d.principle) for d in dropped]
(['pure-straight', 'pure-double-chow'], [('short-straight', 'non-separation')])
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from ..detectors import Match

NON_SEPARATION = "non-separation"
NON_IDENTICAL = "non-identical"
ACCOUNT_ONCE = "account-once"

RULE_TEXT = {
    NON_SEPARATION: "principle: non-separation",
    NON_IDENTICAL: "principle: non-identical",
    ACCOUNT_ONCE: "principle: account once",
}


@dataclass(frozen=True, slots=True)
class Candidate:
    """One instance of a combination pattern: its value, rule order and the sets it joins."""

    pid: str
    value: int
    order: int
    sets: Match


@dataclass(frozen=True, slots=True)
class Dropped:
    candidate: Candidate
    principle: str  # NON_SEPARATION, NON_IDENTICAL or ACCOUNT_ONCE
    by: str  # the pattern whose sets already hold it (non-separation), else the principle


class _Trees:
    """Union-find over set indices: which sets are already joined by counted combinations. Every index
    has its own entry from the start, so finding a root is a plain list walk (it runs for every set of
    every candidate)."""

    def __init__(self, size: int) -> None:
        self.parent: list[int] = list(range(size))

    def root(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def separate(self, sets: Match) -> bool:
        roots = [self.root(i) for i in sets]
        return len(set(roots)) == len(roots)

    def join(self, sets: Match) -> None:
        first = self.root(sets[0])
        for i in sets[1:]:
            self.parent[self.root(i)] = first


def _why_not(c: Candidate, kept: list[Candidate]) -> tuple[str, str]:
    """Name the principle a cycle-closing candidate breaks."""
    for k in kept:
        if set(c.sets) <= set(k.sets):
            return NON_SEPARATION, k.pid
    if any(k.pid == c.pid and set(c.sets) & set(k.sets) for k in kept):
        return NON_IDENTICAL, NON_IDENTICAL
    return ACCOUNT_ONCE, ACCOUNT_ONCE


def grow_forest(candidates: list[Candidate]) -> tuple[list[Candidate], list[Dropped]]:
    """Keep the candidates whose sets stay acyclic, strongest first; return kept and dropped."""
    trees = _Trees(1 + max([i for c in candidates for i in c.sets], default=-1))
    kept: list[Candidate] = []
    dropped: list[Dropped] = []

    def offer(c: Candidate) -> bool:
        if trees.separate(c.sets):
            trees.join(c.sets)
            kept.append(c)
            return True
        principle, by = _why_not(c, kept)
        dropped.append(Dropped(c, principle, by))
        return False

    ordered = sorted(candidates, key=lambda c: (-c.value, c.order))
    for _, level in groupby(ordered, key=lambda c: c.value):
        seconds: list[Candidate] = []
        for _, same in groupby(level, key=lambda c: c.pid):
            taken = False
            for c in same:
                if taken:
                    seconds.append(c)
                else:
                    taken = offer(c)
        for c in seconds:
            offer(c)
    return kept, dropped
