"""Compatibility matrix per rule set: for each pair of patterns, can both count in one hand?

Every answer is evidence the build found, never a guess:

* ``both``: a hand where both count (``example`` is its key; the hand is on the site);
* ``excluded``: one is removed whenever the other counts (``by`` names which, ``rule`` the reason
  the engine gave, or the rule data declares it);
* ``unseen``: no searched hand showed both counting (``searched`` says how many hands were tried);
* ``impossible``: an exhaustive check proved they never both hold (``proof`` says which check).

Two exhaustive checks decide ``impossible``: for two tile patterns, the walk of every division of
every concealed complete hand (`mahjong-atlas matrix`, stored under content/matrix/, read here
while the rule data it was walked under is current: generator/pairs/); for two patterns whose
detectors read the win context alone, every flag combination the notation accepts, tried in the
build. Everything else stays ``unseen`` with N.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import product
from typing import Literal

from .. import detectors
from ..hand import Hand, WinContext
from ..notation import HandError, format_hand, parse_hand
from ..pairs.store import Walked
from ..rules import ContentError, Ruleset
from ..shapes import readings

Status = Literal["both", "excluded", "unseen", "impossible"]

CONTEXT_ONLY = frozenset({"win_context", "first_turn", "self_drawn"})
"""Detectors that read only `WinContext` (generator/detectors/context.py); a test checks this claim."""


@dataclass(frozen=True)
class Cell:
    """The answer for one pair of patterns (the same object serves (a, b) and (b, a))."""

    status: Status
    example: str | None = None  # "both": key of a hand where both count
    by: str | None = None  # "excluded": the pattern that removes the other
    rule: str | None = None  # "excluded": the engine's / data's reason ("implied", "series", ...)
    searched: int = 0  # hands searched for this rule set (the N of "unseen")
    proof: str | None = None  # "impossible": the exhaustive check that proves it


@dataclass
class Matrix:
    """All pairs of one rule set's patterns. `patterns` is the rule set's own order."""

    ruleset: str
    patterns: list[str]
    searched: int  # how many distinct hands were scored under this rule set to fill it
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)  # (a, b) with a before b in `patterns`
    walked: Walked | None = None  # the stored walk, when `mahjong-atlas matrix` has been run for the rule set

    def cell(self, a: str, b: str) -> Cell | None:
        """The cell of a pair in either order; None on the diagonal."""
        if a == b:
            return None
        return self.cells.get((a, b)) or self.cells.get((b, a))

    def counts(self) -> dict[str, int]:
        """How many pairs have each status (for the page's summary line)."""
        out = {"both": 0, "excluded": 0, "unseen": 0, "impossible": 0}
        for c in self.cells.values():
            out[c.status] += 1
        return out


@dataclass
class PairEvidence:
    """What the search saw for one rule set, fed into `build_matrix`."""

    searched: int = 0
    both: dict[tuple[str, str], str] = field(default_factory=dict)  # (a, b) with a < b by id -> hand key
    excluded: dict[tuple[str, str], str] = field(default_factory=dict)  # (by, victim) -> rule


def build_matrix(rs: Ruleset, evidence: PairEvidence, walked: Walked | None = None) -> Matrix:
    """Every pair's answer from the search's evidence, the rule data, and the stored walk while it is current.
    A pair the walk says never shows together but a hand of the search counts together is a contradiction:
    `ContentError`, naming the stored file, rather than a page that says both."""
    declared = {(p.id, e.id): e.why for p in rs.patterns for e in p.excludes}
    ids = [p.id for p in rs.patterns]
    cells: dict[tuple[str, str], Cell] = {}
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            key = (a, b)
            pair = (a, b) if a < b else (b, a)
            rule_ab = evidence.excluded.get((a, b)) or declared.get((a, b))
            rule_ba = evidence.excluded.get((b, a)) or declared.get((b, a))
            by, rule = (a, rule_ab) if rule_ab else ((b, rule_ba) if rule_ba else (None, None))
            never = walked is not None and walked.current and key in walked.never
            if pair in evidence.both and never:
                raise ContentError(f"content/matrix/{rs.id}.json: never: {a} and {b} never show together, but hand "
                                   f"{evidence.both[pair]!r} counts both; run `mahjong-atlas matrix` again")
            if pair in evidence.both:
                cells[key] = Cell("both", example=evidence.both[pair], by=by, rule=rule, searched=evidence.searched)
            elif never:  # before the rule: a rule between two patterns that never meet drops nothing
                cells[key] = Cell("impossible", searched=evidence.searched, proof=walked.proof())
            elif by is not None:
                cells[key] = Cell("excluded", by=by, rule=rule, searched=evidence.searched)
            else:
                proof = _context_proof(rs, a, b)
                cells[key] = (Cell("impossible", searched=evidence.searched, proof=proof) if proof
                              else Cell("unseen", searched=evidence.searched))
    return Matrix(rs.id, ids, evidence.searched, cells, walked)


# ----------------------------------------------------------------------------- exhaustive check

_PROBE = parse_hand("123m456p789s234m55s")
_FLAGS = ("tsumo", "last_tile", "after_kong", "robbing_kong", "last_copy", "first_turn", "dealer")


def _contexts() -> list[Hand]:
    """Every win context the notation accepts, on one probe hand (flags only; tiles do not matter)."""
    out: list[Hand] = []
    seen: set[str] = set()
    for bits in product((False, True), repeat=len(_FLAGS)):
        ctx = WinContext(**dict(zip(_FLAGS, bits, strict=True)))
        try:
            hand = parse_hand(format_hand(replace(_PROBE, context=ctx)))
        except HandError:
            continue
        key = format_hand(hand)
        if key not in seen:
            seen.add(key)
            out.append(hand)
    return out


_CONTEXT_HANDS: list[Hand] = []


def _context_proof(rs: Ruleset, a: str, b: str) -> str | None:
    """When both detectors read only the win context, try every accepted context: never both ⇒ impossible."""
    pa, pb = rs.pattern(a), rs.pattern(b)
    if pa.detect not in CONTEXT_ONLY or pb.detect not in CONTEXT_ONLY:
        return None
    if not _CONTEXT_HANDS:
        _CONTEXT_HANDS.extend(_contexts())
    for hand in _CONTEXT_HANDS:
        view = detectors.View(hand, readings(hand)[0])
        if detectors.run(pa.detect, view, dict(pa.params)) and detectors.run(pb.detect, view, dict(pb.params)):
            return None
    return (f"checked every one of the {len(_CONTEXT_HANDS)} win contexts the notation allows: "
            f"the two conditions never hold together")
