"""Compatibility matrix per rule set: for each pair of patterns, can both count in one hand?

Every answer is evidence the build found, never a guess:

* ``both``: a hand where both count (``example`` is its key; the hand is on the site);
* ``excluded``: one is removed whenever the other counts (``by`` names which, ``rule`` the reason
  the engine gave, or the rule data declares it);
* ``unseen``: no searched hand showed both counting (``searched`` says how many hands were tried);
* ``impossible``: an exhaustive check proved they never both hold (``proof`` says which check).

Only patterns whose detectors read the win context alone can be checked exhaustively in a
build (every flag combination the notation accepts); everything else stays ``unseen`` with N.

That is the build's own answer, used only for a rule set without stored answers. `mahjong-atlas matrix`
decides every pair (generator/matrix/) and stores the answers under content/matrix/; `stored_matrix` reads
them: ``both``, ``below-minimum``, ``excludes`` and ``never``, each with its witness hand (`example`, a hand
of the site) or its reason, and `current` False when the rule data changed since they were decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any, Literal

from .. import detectors
from ..hand import Hand, WinContext
from ..notation import HandError, format_hand, parse_hand
from ..rules import Ruleset
from ..shapes import readings

Status = Literal["both", "excluded", "unseen", "impossible", "below-minimum", "excludes", "never"]
DECIDED = ("both", "below-minimum", "excludes", "never")
"""The statuses of stored answers (generator/matrix/decide.py)."""

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
    notation: str | None = None  # stored answers: the witness hand as written (None for "never")
    reason: str = ""  # stored answers: why (the rule, the space searched, the argument)


@dataclass
class Matrix:
    """All pairs of one rule set's patterns. `patterns` is the rule set's own order."""

    ruleset: str
    patterns: list[str]
    searched: int  # how many distinct hands were scored under this rule set to fill it
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)  # (a, b) with a before b in `patterns`
    stored: bool = False  # the answers of `mahjong-atlas matrix` (content/matrix/), not the build's own
    current: bool = True  # stored answers decided on the rule data the rule set holds now
    space: dict[str, Any] = field(default_factory=dict)  # stored answers: what was searched

    def cell(self, a: str, b: str) -> Cell | None:
        """The cell of a pair in either order; None on the diagonal."""
        if a == b:
            return None
        return self.cells.get((a, b)) or self.cells.get((b, a))

    def counts(self) -> dict[str, int]:
        """How many pairs have each status (for the page's summary line)."""
        out = dict.fromkeys(DECIDED, 0) if self.stored else {"both": 0, "excluded": 0, "unseen": 0, "impossible": 0}
        for c in self.cells.values():
            out[c.status] = out.get(c.status, 0) + 1
        return out


@dataclass
class PairEvidence:
    """What the search saw for one rule set, fed into `build_matrix`."""

    searched: int = 0
    both: dict[tuple[str, str], str] = field(default_factory=dict)  # (a, b) with a < b by id -> hand key
    excluded: dict[tuple[str, str], str] = field(default_factory=dict)  # (by, victim) -> rule


def build_matrix(rs: Ruleset, evidence: PairEvidence) -> Matrix:
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
            if pair in evidence.both:
                cells[key] = Cell("both", example=evidence.both[pair], by=by, rule=rule, searched=evidence.searched)
            elif by is not None:
                cells[key] = Cell("excluded", by=by, rule=rule, searched=evidence.searched)
            else:
                proof = _context_proof(rs, a, b)
                cells[key] = (Cell("impossible", searched=evidence.searched, proof=proof) if proof
                              else Cell("unseen", searched=evidence.searched))
    return Matrix(rs.id, ids, evidence.searched, cells)


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


# ----------------------------------------------------------------------------- stored answers


def stored_matrix(rs: Ruleset, obj: dict[str, Any], current: bool, key_of: dict[tuple[str, str], str],
                  hands: dict[str, str] | None = None) -> Matrix:
    """The stored answers of `mahjong-atlas matrix` as a Matrix; `key_of` gives each pair's witness as a hand of
    the site (an example where both count, preferred to the stored witness, or the stored witness added as an
    example). A pair the stored answers lack (a pattern added since) is "unseen" with the reason."""
    ids = [p.id for p in rs.patterns]
    stored = {(p["a"], p["b"]): p for p in obj.get("pairs", [])}
    cells: dict[tuple[str, str], Cell] = {}
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            row = stored.get((a, b)) or stored.get((b, a))
            if row is None or row["status"] not in DECIDED:
                cells[(a, b)] = Cell("unseen", reason="not decided for this rule data: run mahjong-atlas matrix")
                continue
            key = key_of.get((a, b)) or key_of.get((b, a))
            notation = (hands or {}).get(key) if key else None  # the site's hand standing in for the stored witness
            cells[(a, b)] = Cell(row["status"], example=key, by=row.get("by"),
                                 notation=notation or row.get("witness"), reason=row.get("reason", ""))
    return Matrix(rs.id, ids, int(obj.get("space", {}).get("hands", 0)), cells, stored=True, current=current,
                  space=dict(obj.get("space", {})))
