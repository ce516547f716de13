"""Every pair of a rule set's patterns decided from the walk and the witness search, each answer with its backing.

* `never`: no hand shows both — the walk found no division that shows (or, for a pattern that reads more than
  the tiles, admits) both, or, for two patterns that read only the win's flags, no combination of flags the
  notation accepts holds both (`context.py`); the reason says which;
* `both`: a legal hand counts both (the witness);
* `excludes`: the policy drops one of the two on every hand that shows both (`Policy.kept_apart`: an
  exclusion, a series, the limit, a yakuman…), `by` naming the pattern that stays, with a hand that shows
  both when the search found one;
* `undecided`: none of these yet — the reason says what was seen; exhaust.py then tries the pair on every
  division that holds both, which decides it (`below-minimum` among the answers it can give) or says why not.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

from ..rules import Ruleset
from .context import context_never
from .potential import needs, one_at_a_time
from .witness import Found

Status = Literal["both", "below-minimum", "excludes", "never", "undecided"]
STATUSES: tuple[Status, ...] = ("both", "below-minimum", "excludes", "never", "undecided")


@dataclass(frozen=True)
class Answer:
    a: str
    b: str
    status: Status
    witness: str | None
    by: str | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "status": self.status, "witness": self.witness, "by": self.by,
                "reason": self.reason}


def decide(rs: Ruleset, never: dict[tuple[str, str], str], found: Found) -> list[Answer]:
    """One answer per unordered pair, in rule order. `never`: the walk's never pairs with their reasons."""
    out = []
    for a, b in combinations([p.id for p in rs.patterns], 2):
        out.append(_answer(rs, a, b, never, found))
    return out


def _answer(rs: Ruleset, a: str, b: str, never: dict[tuple[str, str], str], found: Found) -> Answer:
    pair = (a, b)
    if pair in never:
        if pair in found.both or pair in found.shown:
            raise ValueError(f"{rs.id}: the walk says {a} and {b} never show together, but "
                             f"{found.both.get(pair) or found.shown[pair][0]!r} shows both: a requirement "
                             f"(generator/pairs/potential.py) is wrong")
        return Answer(a, b, "never", None, None, never[pair])
    flags = context_never(rs, a, b)
    if flags is not None:
        if pair in found.both or pair in found.shown:
            raise ValueError(f"{rs.id}: no flags show {a} and {b} together, yet a hand of the search does")
        return Answer(a, b, "never", None, None, flags)
    exclusive = one_at_a_time(rs.pattern(a), rs.pattern(b))
    if exclusive is not None:
        if pair in found.both or pair in found.shown:
            raise ValueError(f"{rs.id}: {a} and {b} are one detector's exclusive answers, yet a hand shows both")
        return Answer(a, b, "never", None, None, exclusive)
    na, nb = needs(rs.pattern(a), rs), needs(rs.pattern(b), rs)
    if not na.meet(nb):
        if pair in found.both or pair in found.shown:
            raise ValueError(f"{rs.id}: {a} and {b} need different wins, yet a hand of the search shows both")
        return Answer(a, b, "never", None, None, f"{rs.pattern(a).en} needs {na.words}; {rs.pattern(b).en} needs "
                                                 f"{nb.words}: no win is both")
    apart = rs.scoring.kept_apart(rs, a, b)
    if pair in found.both:
        if apart is not None:
            raise ValueError(f"{rs.id}: the policy keeps {a} and {b} apart ({apart[1]}), but "
                             f"{found.both[pair]!r} counts both")
        return Answer(a, b, "both", found.both[pair], None, "this hand counts both")
    if apart is not None:
        keep, rule = apart
        shown = found.shown.get(pair)
        if shown:
            return Answer(a, b, "excludes", shown[0], keep, rule)
        if rs.option("chicken") in pair and keep in found.counts_on:  # its detector shows on every hand
            return Answer(a, b, "excludes", found.counts_on[keep], keep, rule)
        return Answer(a, b, "undecided", None, keep, f"{rule}, but no hand found that shows both")
    if pair in found.below:
        return Answer(a, b, "undecided", found.below[pair], None,
                      "counted together only on hands under the minimum so far")
    if pair in found.shown:
        hand, dropped, by = found.shown[pair]
        return Answer(a, b, "undecided", hand, None,
                      f"shown together, {dropped} dropped ({by}), on every hand tried; never counted together")
    return Answer(a, b, "undecided", None, None, "no hand found that shows both, and no proof that none does")


def counts(answers: list[Answer]) -> dict[str, int]:
    out = dict.fromkeys(STATUSES, 0)
    for x in answers:
        out[x.status] += 1
    return out
