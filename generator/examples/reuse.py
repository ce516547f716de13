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


def still_holds(scorer: Scorer, rid: str, recorded: Mapping[str, Facts], changed: set[str],
                fired: dict[tuple[str, str], bool] | None = None) -> bool:
    """Whether every recorded hand has the same facts under the scorer's rule set, whose `changed` values moved.

    Only hands on which a changed pattern's detector fires are scored again: a value enters a score
    only through patterns found in some reading. A pattern the rule set's options name (the chicken
    hand, flowers) is placed by the policy itself and its value can tip the choice of reading, so
    changing one of those re-scores every hand. `fired` keeps what the detectors said, for an edition
    checked next that detects the same way (it holds the same hands).
    """
    rs = scorer.rulesets[rid]
    everyone = bool(changed & _named(rs.options))
    patterns = [p for p in rs.patterns if p.id in changed]
    probe = Probe(rs)
    fired = {} if fired is None else fired
    how = repr((rs.policy, sorted(f.value for f in rs.forms), rs.options,  # all that readings and detection read
                [(p.detect, sorted(p.params.items())) for p in patterns]))
    for canon, before in recorded.items():
        hand = _parsed(canon)
        if not everyone:
            shows = fired.get((how, canon))
            if shows is None:
                shows = fired[how, canon] = bool(probe.fires(prepared(hand, rs), patterns))
            if not shows:
                continue
        if facts(scorer(hand, rid)) != before:
            return False
    return True


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
