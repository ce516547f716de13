"""Whether a rule set's cached example search still holds after its values were edited.

The search never reads a total (search.py): of a score it reads only whether the hand is
complete and legal, which patterns count how many times, and what was excluded by what — the
hand's `Facts`. A search is a deterministic walk whose every step depends on those facts of the
hands it scored, so if every hand it scored has the same facts under the new values, running it
again would take exactly the same steps and find exactly the same examples. Checking that scores
again only the recorded hands on which an edited pattern can show; running the search again
would score all of them and walk the neighbours on top. A value edit that changes some
hand's facts (a hand becomes legal, a different reading wins) fails the check, and the search
runs again.

The cache of a search is therefore keyed by the rule set without its values (`ruleset_frame_key`)
and stores the values it was made under; this module decides whether it may be reused.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..hand import Hand
from ..notation import parse_hand
from ..rules import Ruleset
from ..scoring import Score
from ..scoring.engine import prepared
from .scorer import Scorer
from .search import Probe

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


class ValueEdit:
    """The hands a value edit of one rule set can reach: those on which an edited pattern's detector fires.

    A value enters a score only through patterns found in some reading, so a hand on which no edited
    pattern fires scores exactly as before (`tests/test_examples_reuse.py` checks the claim under every
    rule set). A pattern the rule set's options name (the chicken hand, flowers) is placed by the policy
    itself and its value can tip the choice of reading, so changing one of those reaches every hand.
    `fired` keeps what the detectors said, for the next check of the same hands under a rule set that
    detects the same way (an edition, or the same rule set's stored scores after its search).
    """

    def __init__(self, rs: Ruleset, changed: set[str], fired: dict[tuple[str, str], bool] | None = None) -> None:
        self.rs = rs
        self.everyone = bool(changed & _named(rs.options))
        self.patterns = [p for p in rs.patterns if p.id in changed]
        self.probe = Probe(rs)
        self.fired = {} if fired is None else fired
        self.how = repr((rs.policy, sorted(f.value for f in rs.forms), rs.options,  # all readings and detection read
                         [(p.detect, sorted(p.params.items())) for p in self.patterns]))

    def reaches(self, hand: Hand, canon: str) -> bool:
        """Whether the edit may change the score of `hand`, whose canonical notation is `canon`."""
        if self.everyone:
            return True
        shows = self.fired.get((self.how, canon))
        if shows is None:
            shows = self.fired[self.how, canon] = bool(self.probe.fires(prepared(hand, self.rs), self.patterns))
        return shows


def changed_values(rs: Ruleset, made_under: Mapping[str, int]) -> set[str]:
    """The patterns whose values differ from those a cached result was made under."""
    return {pid for pid, v in pattern_values(rs).items() if made_under.get(pid) != v}


def still_holds(scorer: Scorer, rid: str, recorded: Mapping[str, Facts], changed: set[str],
                fired: dict[tuple[str, str], bool] | None = None) -> bool:
    """Whether every recorded hand has the same facts under the scorer's rule set, whose `changed` values moved.

    Only the hands the edit reaches (`ValueEdit`) are scored again.
    """
    edit = ValueEdit(scorer.rulesets[rid], changed, fired)
    for canon, before in recorded.items():
        hand = _parsed(canon)
        if edit.reaches(hand, canon) and facts(scorer(hand, rid)) != before:
            return False
    return True


def scores_still_held(rs: Ruleset, made_under: Mapping[str, int], scores: Mapping[Hand, Score],
                      fired: dict[tuple[str, str], bool] | None = None) -> dict[Hand, Score]:
    """The stored scores, made under the values `made_under`, that hold under `rs`'s values: every one when the
    values are the same, else those of the hands the edit does not reach.

    Why: after a one-value edit most example hands do not show the edited pattern, and scoring them again
    would be a tenth of the rebuild.
    """
    changed = changed_values(rs, made_under)
    if not changed:
        return dict(scores)
    edit = ValueEdit(rs, changed, fired)
    return {hand: s for hand, s in scores.items() if not edit.reaches(hand, s.hand)}


_parsed = lru_cache(maxsize=1 << 15)(parse_hand)
"""A rule set and its edition record mostly the same hands."""


def _named(options: object) -> set[str]:
    """Every string in the options (pattern ids among them)."""
    if isinstance(options, str):
        return {options}
    if isinstance(options, Mapping):
        return set().union(*(_named(v) for v in options.values()))
    if isinstance(options, (list, tuple, set, frozenset)):
        return set().union(*(_named(v) for v in options))
    return set()
