"""Steps every policy shares: run the detectors, apply data exclusions, pick the best reading."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, wraps
from typing import TypeVar

from ..detectors import WHOLE, Match, View
from ..rules import Exclusion, Pattern, Ruleset
from .gates import candidates, candidates_of
from .result import Counted, Excluded


@dataclass
class Tally:
    """Patterns found in one reading, and what removed the others: the working state of a policy."""

    found: dict[str, list[Match]] = field(default_factory=dict)
    excluded: dict[str, Excluded] = field(default_factory=dict)

    def counting(self) -> list[str]:
        return [pid for pid, m in self.found.items() if m and pid not in self.excluded]

    def exclude(self, pid: str, by: str, rule: str) -> None:
        if pid in self.found and pid not in self.excluded:
            self.excluded[pid] = _excluded(pid, by, rule)


_excluded = lru_cache(maxsize=1 << 12)(Excluded)
"""`Excluded` lines shared between readings and hands: they are frozen, a batch makes the same few hundred again
and again, and looking one up (three strings, hashed in C) costs less than making a frozen dataclass."""


def detect(view: View, patterns: Sequence[Pattern], skip: Callable[[Pattern], bool] | None = None) -> Tally:
    """Run the detectors of `patterns` on one reading; patterns whose gate rules them out for this
    reading's profile are not run (gates.py), the others in their given order."""
    if skip is None:
        return Tally(find(view, patterns))
    tally = Tally()
    found = tally.found
    for p, fn in candidates(patterns, view):
        if skip(p):
            continue
        matches = fn(view) if fn is not None else [WHOLE]  # None: an exact gate (gates.py)
        if matches:
            found[p.id] = matches
    return tally


def find(view: View, patterns: Sequence[Pattern]) -> dict[str, list[Match]]:
    """`detect(view, patterns).found`: the matches of every pattern that shows, by pattern id."""
    return matches_of(view, candidates_of(patterns).of(view))


def matches_of(view: View, runs: Iterable[tuple[Pattern, Callable[[View], list[Match]] | None]]
               ) -> dict[str, list[Match]]:
    """The matches of every pattern of `runs` (each with its detector, None where an exact gate admitted the
    reading) that shows on `view`, by pattern id."""
    found: dict[str, list[Match]] = {}
    for p, fn in runs:
        if fn is None:  # an exact gate admitted the reading: the detector would match the whole hand
            found[p.id] = [WHOLE]
            continue
        matches = fn(view)
        if matches:
            found[p.id] = matches
    return found


def apply_exclusions(tally: Tally, ruleset: Ruleset) -> None:
    """Each counted pattern removes the patterns its data says it excludes, strongest first."""
    plan = _plan(ruleset)
    strength, excludes = plan.strength, plan.excludes
    found, excluded = tally.found, tally.excluded
    for pid in sorted(tally.counting(), key=strength.__getitem__):
        if pid in excluded:
            continue
        for e in excludes[pid]:
            eid = e.id
            if eid in found and eid not in excluded:
                if e.count is not None and len(found[eid]) > e.count:
                    found[eid] = found[eid][e.count:]
                    continue
                tally.exclude(eid, pid, e.why)


T = TypeVar("T")


def per_ruleset(build: Callable[[Ruleset], T]) -> Callable[[Ruleset], T]:
    """`build(ruleset)` worked out once per rule set, for what every scored reading asks of it. Kept by the rule set's
    identity (hashing a rule set of dozens of patterns would cost more than the lookup saves), the rule set kept
    alive with its entry so an id is never reused; past 256 entries (the throwaway rule sets of tests and rule
    variants) the memo starts over."""
    memo: dict[int, tuple[Ruleset, T]] = {}

    @wraps(build)
    def of(ruleset: Ruleset) -> T:
        entry = memo.get(id(ruleset))
        if entry is None or entry[0] is not ruleset:
            if len(memo) >= 256:
                memo.clear()
            entry = memo[id(ruleset)] = (ruleset, build(ruleset))
        return entry[1]

    return of


@dataclass(frozen=True)
class _Plan:
    """What every scored reading asks of its rule set's patterns, by id: its place in the order exclusions apply in
    (looked up and keyed anew, a tenth of a Riichi reading's scoring), its exclusions, its place in the rule set (the
    order a score lists patterns in; made anew, a twelfth of a Sihai one's)."""

    strength: dict[str, tuple[int, str]]
    excludes: dict[str, tuple[Exclusion, ...]]
    order: dict[str, int]


@per_ruleset
def _plan(ruleset: Ruleset) -> _Plan:
    ps = ruleset.patterns
    return _Plan({p.id: (-p.value, p.id) for p in ps}, {p.id: p.excludes for p in ps},
                 {p.id: i for i, p in enumerate(ps)})


def counted(ruleset: Ruleset, pid: str, matches: list[Match]) -> Counted:
    p = ruleset.pattern(pid)
    return Counted(p.id, p.zh, p.en, p.value, len(matches), tuple(matches))


def in_rule_order(ruleset: Ruleset, ids: Iterable[str]) -> list[str]:
    return sorted(ids, key=_plan(ruleset).order.__getitem__)
