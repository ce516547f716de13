"""Whether a rule set's cached example search still holds after its values were edited.

The search never reads a total (search.py): of a score it reads only whether the hand is
complete and legal, which patterns count how many times, and what was excluded by what — the
hand's `Facts`. A search is a deterministic walk whose every step depends on those facts of the
hands it scored, so if every hand it scored has the same facts under the new values, running it
again would take exactly the same steps and find exactly the same examples. Checking that costs
one scoring of each recorded hand; running the search again costs that and the walk itself
(neighbours, detector probes, completeness checks) on top. A value edit that changes some
hand's facts (a hand becomes legal, a different reading wins) fails the check, and the search
runs again.

The cache of a search is therefore keyed by the rule set without its values (`ruleset_frame_key`)
and stores the values it was made under; this module decides whether it may be reused.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..notation import parse_hand
from ..rules import Ruleset
from ..scoring import Score
from .scorer import Scorer

Facts = tuple[bool, bool, tuple[tuple[str, int], ...], tuple[tuple[str, str, str], ...]]
"""(complete, legal, counted (id, count), excluded (id, by, rule)): all a search reads of a score."""


def facts(score: Score) -> Facts:
    return (score.complete, score.legal, tuple((c.id, c.count) for c in score.patterns),
            tuple((e.id, e.by, e.rule) for e in score.excluded))


def pattern_values(rs: Ruleset) -> dict[str, int]:
    """What a value edit changes, and all that the search's cache key leaves out."""
    return {p.id: p.value for p in rs.patterns}


def recorded_facts(scorer: Scorer, rid: str) -> dict[str, Facts]:
    """The facts of every hand scored under rid so far, by canonical notation (cheap to store and to read)."""
    return {s.hand: facts(s) for s in scorer.scored(rid)}


def still_holds(scorer: Scorer, rid: str, recorded: Mapping[str, Facts]) -> bool:
    """Whether every recorded hand has the same facts under the scorer's (edited) rule set."""
    for canon, before in recorded.items():
        if facts(scorer(parse_hand(canon), rid)) != before:
            return False
    return True
