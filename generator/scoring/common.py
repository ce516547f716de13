"""Steps every policy shares: run the detectors, apply data exclusions, pick the best reading."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..detectors import WHOLE, Match, View
from ..rules import Pattern, Ruleset
from .gates import candidates
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
            self.excluded[pid] = Excluded(pid, by, rule)


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
    found: dict[str, list[Match]] = {}
    for p, fn in candidates(patterns, view):
        if fn is None:  # an exact gate admitted the reading: the detector would match the whole hand
            found[p.id] = [WHOLE]
            continue
        matches = fn(view)
        if matches:
            found[p.id] = matches
    return found


def apply_exclusions(tally: Tally, ruleset: Ruleset) -> None:
    """Each counted pattern removes the patterns its data says it excludes, strongest first."""
    for pid in sorted(tally.counting(), key=lambda i: (-ruleset.pattern(i).value, i)):
        if pid in tally.excluded:
            continue
        for e in ruleset.pattern(pid).excludes:
            if e.id in tally.found and e.id not in tally.excluded:
                if e.count is not None and len(tally.found[e.id]) > e.count:
                    tally.found[e.id] = tally.found[e.id][e.count:]
                    continue
                tally.exclude(e.id, pid, e.why)


def counted(ruleset: Ruleset, pid: str, matches: list[Match]) -> Counted:
    p = ruleset.pattern(pid)
    return Counted(p.id, p.zh, p.en, p.value, len(matches), tuple(matches))


def in_rule_order(ruleset: Ruleset, ids: Iterable[str]) -> list[str]:
    order = {p.id: i for i, p in enumerate(ruleset.patterns)}
    return sorted(ids, key=lambda i: order[i])
