"""Compatibility matrix per rule set: for each pair of patterns, can both count in one hand?

The answers are decided by `mahjong-atlas matrix` (generator/pairs/) and stored under content/matrix/; the
build reads them and ties each witness to a hand of the site where it can:

* ``both``: a legal hand counts both (``example``: a site hand that does, preferred; ``witness``: the hand);
* ``below-minimum``: both count only on hands under the rule set's minimum;
* ``excludes``: a rule drops one of the two on every hand that shows both (``by``: the pattern that stays,
  ``reason``: the rule; ``witness``: a hand that shows both, when one was found);
* ``never``: no complete hand shows both (``reason``: the proof, with the space it searched);
* ``undecided``: the stored answers leave it open, or are missing or stale (``reason`` says which).

Stored answers are used while the rule data they were decided under is current (`Stored.current`); the
walk's ``never`` answers only need the forms and detectors to be (`Stored.shows_current`), so a value edit
keeps them. A hand of the build that counts two patterns the stored answers call ``never`` or ``excludes``
is a contradiction: the build stops with a `ContentError` naming the stored file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..messages import N_, Message, Plain
from ..pairs.store import Stored
from ..rules import ContentError, Ruleset

Status = Literal["both", "below-minimum", "excludes", "never", "undecided"]
STATUSES: tuple[Status, ...] = ("both", "below-minimum", "excludes", "never", "undecided")


@dataclass(frozen=True)
class Cell:
    """The answer for one pair of patterns (the same object serves (a, b) and (b, a))."""

    status: Status
    example: str | None = None  # key of a hand of the site that witnesses the answer
    witness: str | None = None  # the witness hand's notation (also when it is not a hand of the site)
    by: str | None = None  # "excludes": the pattern that stays
    reason: str = ""  # the rule, the proof, or what is missing


@dataclass
class Matrix:
    """All pairs of one rule set's patterns. `patterns` is the rule set's own order."""

    ruleset: str
    patterns: list[str]
    searched: int  # hands the build scored under this rule set (its own search)
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)  # (a, b) with a before b in `patterns`
    stored: Stored | None = None  # the stored answers, when `mahjong-atlas matrix` has been run for the rule set

    def cell(self, a: str, b: str) -> Cell | None:
        """The cell of a pair in either order; None on the diagonal."""
        if a == b:
            return None
        return self.cells.get((a, b)) or self.cells.get((b, a))

    def counts(self) -> dict[str, int]:
        """How many pairs have each status (for the page's summary line)."""
        out = dict.fromkeys(STATUSES, 0)
        for c in self.cells.values():
            out[c.status] += 1
        return out


@dataclass
class PairEvidence:
    """What the build's own search saw for one rule set, fed into `build_matrix`."""

    searched: int = 0
    both: dict[tuple[str, str], str] = field(default_factory=dict)  # (a, b) with a < b by id -> hand key
    excluded: dict[tuple[str, str], str] = field(default_factory=dict)  # (by, victim) -> rule


SITE_HAND = Message(N_("this hand of the site counts both"))
STALE = Message(N_("the stored answers were decided under earlier rule data: run `%(command)s`"),
                command=Plain("mahjong-atlas matrix"))
MISSING = Message(N_("no stored answers: run `%(command)s`"), command=Plain("mahjong-atlas matrix"))


def build_matrix(rs: Ruleset, evidence: PairEvidence, stored: Stored | None = None) -> Matrix:
    """Every pair's cell: the stored answer while current, tied to a site hand where the build saw one."""
    ids = [p.id for p in rs.patterns]
    cells: dict[tuple[str, str], Cell] = {}
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            cells[(a, b)] = _cell(rs, a, b, evidence, stored)
    return Matrix(rs.id, ids, evidence.searched, cells, stored)


def _cell(rs: Ruleset, a: str, b: str, evidence: PairEvidence, stored: Stored | None) -> Cell:
    seen = evidence.both.get((a, b) if a < b else (b, a))
    answer = None
    if stored is not None and stored.current:
        answer = stored.pairs.get((a, b))
    elif stored is not None and stored.shows_current and (a, b) in stored.never:
        answer = ("never", None, None, stored.never[(a, b)])
    if answer is None:
        why = STALE if stored is not None else MISSING
        if seen:
            return Cell("both", example=seen, reason=SITE_HAND)
        return Cell("undecided", reason=why)
    status, witness, by, reason = answer
    if seen and status in ("never", "excludes", "below-minimum"):
        raise ContentError(f"content/matrix/{rs.id}.json", None, "pairs",
                           f"{a} and {b} are {status!r}, but hand {seen!r} counts both; run `mahjong-atlas matrix` again")
    if seen and status in ("both", "undecided"):  # a hand of the site, linked, rather than the stored one
        return Cell("both", example=seen, witness=witness if status == "both" else None,
                    reason=reason if status == "both" else SITE_HAND)
    return Cell(status, witness=witness, by=by, reason=reason)
