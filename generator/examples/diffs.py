"""Edition diffs (zj-2.4 → zj-3.3, mcr → mcr-2006): what the data changes, and which example hands feel it.

The data diff comes from the loader (`Ruleset.diff`); this module adds the consequence a
reader cares about: the example hands whose score differs between base and edition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import Ruleset
from ..scoring import Score
from .model import Example


@dataclass(frozen=True)
class ValueChange:
    """One changed field of one pattern (usually `value`)."""

    pattern: str
    field: str
    old: Any
    new: Any


@dataclass(frozen=True)
class HandDelta:
    """An example hand scored under the base and under the edition."""

    key: str
    hand: str
    old_total: int
    new_total: int
    old_patterns: tuple[tuple[str, int], ...]  # (pattern id, count) counted under the base
    new_patterns: tuple[tuple[str, int], ...]  # ... and under the edition
    old_legal: bool
    new_legal: bool


@dataclass
class EditionDiffView:
    base: str
    edition: str
    changed: list[ValueChange]
    added: list[str]  # pattern ids new in the edition
    removed: list[str]  # pattern ids of the base the edition drops
    hands: list[HandDelta]  # example hands whose result differs, largest change first


def digest(score: Score) -> tuple[bool, bool, int, tuple[tuple[str, int], ...]]:
    """What 'the result changed' means: completeness, legality, total and the counted patterns."""
    return score.complete, score.legal, score.total, tuple((c.id, c.count) for c in score.patterns)


def edition_diffs(rulesets: dict[str, Ruleset], examples: list[Example]) -> list[EditionDiffView]:
    out = []
    for rid in sorted(rulesets):
        rs = rulesets[rid]
        if rs.diff is None or rs.diff.base not in rulesets:
            continue
        base = rs.diff.base
        hands = []
        for ex in examples:
            old, new = ex.results.get(base), ex.results.get(rid)
            if old is None or new is None or digest(old) == digest(new):
                continue
            hands.append(HandDelta(ex.key, ex.hand, old.total, new.total, digest(old)[3], digest(new)[3],
                                   old.legal, new.legal))
        hands.sort(key=lambda h: (-abs(h.new_total - h.old_total), h.key))
        out.append(EditionDiffView(
            base, rid, [ValueChange(*c) for c in rs.diff.changed], list(rs.diff.added), list(rs.diff.removed), hands))
    return out
