"""Every pair of a rule set's patterns decided from the walk and the witness search, each answer with its backing.

* `never`: no hand shows both — the walk found no division that shows (or, for a pattern that reads more than
  the tiles, admits) both, or, for two patterns that read only the win's flags, no combination of flags the
  notation accepts holds both (`context.py`); the reason says which;
* `never` for a pattern read in a shape of its own (`Policy.read_apart`: 四鬼和) beside any pattern that is not
  read on that shape (`read_apart_never`);
* `never` for the chicken hand beside any other pattern but flowers: it is the absence of every other pattern
  (`chicken_never`);
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

from ..messages import N_, Message, Name, joined, to_data
from ..rules import Ruleset
from ..scoring.families import policy_of
from .context import context_never
from .potential import forces, needs, one_at_a_time, steady
from .walk import Sightings, bits_of
from .witness import Apart, Found

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
        """As the matrix file stores it: the reason in English, and as the Message it is (`said`), which a page
        in another language says in its own words."""
        return {"a": self.a, "b": self.b, "status": self.status, "witness": self.witness, "by": self.by,
                "reason": self.reason, "said": to_data(self.reason)}


BOTH = Message(N_("this hand counts both"))
UNDECIDED = Message(N_("no hand found that shows both, and no proof that none does"))


def apart_of(rs: Ruleset, pair: tuple[str, str], seen: Sightings | None = None) -> Apart | None:
    """Why one of the two (or both) never counts where both show, if the rules say so: the policy keeps them
    apart (`Policy.kept_apart`); or a third pattern that always drops it (`Policy.drops_always`) shows wherever
    both do — one the two patterns' needs of the win force on any division (`potential.forces`: two concealed
    kongs and a claimed one are three kongs), or on every kind of division that holds both (the walk's
    `seen.alongside`, or in short where it holds too many kinds, `seen.common`: what every such division shows,
    and their fewest pungs) a steady tile pattern the division shows or a pattern forced there."""
    a, b = pair
    got = policy_of(rs.policy).kept_apart(rs, a, b)
    if got is not None:
        return Apart(got[0], b if got[0] == a else a, got[1])
    na, nb = needs(rs.pattern(a), rs), needs(rs.pattern(b), rs)
    if not na.meet(nb):
        return None
    win = na.also(nb).tight()
    order = {p.id: i for i, p in enumerate(rs.patterns)}

    def meets(r: str, x: str) -> bool:  # shown or admitted together on some division
        if seen is None or not seen.walked:
            return True
        return ((r, x) if order[r] < order[x] else (x, r)) in seen.common

    def droppers(drop: str, here: list[str]) -> list[str]:
        return [c for c in here if c not in pair and policy_of(rs.policy).drops_always(rs, c, drop, meets)]

    def top_named(cs: set[str]) -> Message:  # the ones no other of them sets aside: four kongs, not the three kongs
        top = [c for c in cs if not any(policy_of(rs.policy).sets_aside(rs, o, c) for o in cs if o != c)] or sorted(cs)
        return joined(sorted((_name(rs, c) for c in top), key=str), N_(" or "))

    # Only a whole walk says what every division holding both shows; part of one (`--limit`) proves nothing.
    # ... and what the divisions walked show beside a pair, a hand with ghosts need not (walk.py's module text).
    seen = seen if seen is not None and seen.walked and not seen.ghosts else None
    kinds = seen.alongside.get(pair) if seen is not None else None
    if kinds is None and seen is not None and pair in seen.common:
        kinds = frozenset({seen.common[pair]})
    forced = [p.id for p in rs.patterns if forces(p, win)]

    def everywhere(drop: str) -> set[str]:  # what drops `drop` wherever both show; empty if nothing does
        direct = set(droppers(drop, forced))
        if direct or not kinds:
            return direct
        out = set()
        for mask, pungs in kinds:
            here = [rs.patterns[k].id for k in bits_of(mask) if steady(rs.patterns[k])]
            got = droppers(drop, here + [p.id for p in rs.patterns if p.id not in here and forces(p, win, pungs)])
            if not got:
                return set()
            out.add(got[0])
        return out

    asked = list(dict.fromkeys(w for w in (na.words, nb.words) if w))  # what the two ask of the win, if anything
    by = {drop: everywhere(drop) for drop in pair}

    def said(template: str, **values: object) -> Message:  # with what the two ask of the win, if anything
        if asked:
            return Message(N_("with %(needs)s, %(rest)s"), needs=joined(asked, N_(" and ")),
                           rest=Message(template, **values))
        return Message(template, **values)
    if by[a] and by[b]:
        return Apart(None, b, said(N_("%(by)s shows wherever both do and drops both"), by=top_named(by[a] | by[b])))
    for keep, drop in ((a, b), (b, a)):
        if by[drop]:
            return Apart(keep, drop, said(N_("%(by)s shows wherever both do and drops %(name)s"),
                                          by=top_named(by[drop]), name=_name(rs, drop)))
    return None


def decide(rs: Ruleset, never: dict[tuple[str, str], str], found: Found, seen: Sightings | None = None
           ) -> list[Answer]:
    """One answer per unordered pair, in rule order. `never`: the walk's never pairs with their reasons;
    `seen`: the walk, which says what shows wherever each pair does."""
    out = []
    for a, b in combinations([p.id for p in rs.patterns], 2):
        out.append(_answer(rs, a, b, never, found, seen))
    return out


def _answer(rs: Ruleset, a: str, b: str, never: dict[tuple[str, str], str], found: Found,
            seen: Sightings | None) -> Answer:
    pair = (a, b)
    if pair in never:
        if pair in found.both or pair in found.shown:
            raise ValueError(f"{rs.id}: the walk says {a} and {b} never show together, but "
                             f"{found.both.get(pair) or found.showing(pair)!r} shows both: a requirement "
                             f"(generator/pairs/potential.py) is wrong")
        return Answer(a, b, "never", None, None, never[pair])
    apart_shape = read_apart_never(rs, a, b)
    if apart_shape is not None:
        if pair in found.both or pair in found.shown:
            raise ValueError(f"{rs.id}: {a} and {b} are never read together, yet a hand of the search shows both")
        return Answer(a, b, "never", None, None, apart_shape)
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
        return Answer(a, b, "never", None, None, Message(N_("%(a)s needs %(na)s; %(b)s needs %(nb)s: no win is both"),
                                                         a=_name(rs, a), na=na.words, b=_name(rs, b), nb=nb.words))
    chicken = chicken_never(rs, a, b, found)
    if chicken is not None:
        return chicken
    apart = apart_of(rs, pair, seen)
    if pair in found.both:
        if apart is not None:
            raise ValueError(f"{rs.id}: the rules keep {a} and {b} apart ({apart[2]}), but "
                             f"{found.both[pair]!r} counts both")
        return Answer(a, b, "both", found.both[pair], None, BOTH)
    if apart is not None:
        keep, drop, rule = apart
        seen = found.apart_witness(pair, keep)
        if seen is not None:
            return Answer(a, b, "excludes", seen[0], seen[1], rule)
        return Answer(a, b, "undecided", None, None, Message(N_("%(rule)s, but no hand found that shows both"),
                                                             rule=rule))
    if pair in found.below:
        return Answer(a, b, "undecided", found.below[pair], None,
                      Message(N_("counted together only on hands under the minimum so far")))
    if pair in found.shown:
        hand, dropped, by = found.showing(pair)  # type: ignore[misc]  # a pair in `shown` has a way
        return Answer(a, b, "undecided", hand, None,
                      Message(N_("shown together, %(dropped)s dropped (%(by)s), on every hand tried; never counted "
                                 "together"), dropped=named(rs, dropped), by=named(rs, by)))
    return Answer(a, b, "undecided", None, None, UNDECIDED)


def read_apart_never(rs: Ruleset, a: str, b: str) -> str | None:
    """Why `a` and `b` never show on one reading when one of them is read in a shape of its own that the other is
    not read beside (`Policy.read_apart`), or None."""
    own = policy_of(rs.policy).read_apart(rs)
    for alone, other in ((a, b), (b, a)):
        if alone in own and other not in own[alone]:
            names = joined((_name(rs, p.id) for p in rs.patterns if p.id in own[alone]), N_(", "))
            return Message(N_("%(alone)s is read in a shape of its own, beside %(names)s only: no reading shows "
                              "%(other)s with it, and a hand that could be read either way is scored the way worth "
                              "more"), alone=_name(rs, alone), names=names, other=_name(rs, other))
    return None


def chicken_never(rs: Ruleset, a: str, b: str, found: Found) -> Answer | None:
    """The answer for the chicken hand beside another pattern (flowers aside, which are scored beside it). The
    chicken hand is the absence of every other pattern: the policy puts it on a hand only when nothing else
    counts, so it shows only where it counts, and never beside a pattern that counts. So the pair is `never`,
    unless some hand shows the other dropped beside a chicken hand (then `excludes`, with that hand)."""
    chicken = rs.option("chicken")
    if chicken not in (a, b) or rs.option("flowers") in (a, b):
        return None
    other = rs.pattern(b if a == chicken else a)
    if (a, b) in found.both:
        raise ValueError(f"{rs.id}: {found.both[(a, b)]!r} counts the chicken hand beside {other.id}")
    if (a, b) in found.together:
        return Answer(a, b, "excludes", found.together[(a, b)], chicken,
                      Message(N_("%(other)s shows but does not count, so the chicken hand stands"),
                              other=Name(other.en, other.zh)))
    return Answer(a, b, "never", None, None,
                  Message(N_("%(chicken)s is the absence of every other pattern: it counts only where no other "
                             "pattern counts and shows nowhere else, so it never stands beside %(other)s"),
                          chicken=_name(rs, chicken), other=Name(other.en, other.zh)))


def _name(rs: Ruleset, pid: str) -> Name:
    p = rs.pattern(pid)
    return Name(p.en, p.zh)


def named(rs: Ruleset, pid: str | None) -> str:
    """A pattern's name where `pid` is one of the rule set's patterns (what dropped another on a hand), else
    `pid` as it is."""
    return _name(rs, pid) if pid is not None and any(p.id == pid for p in rs.patterns) else str(pid)


def counts(answers: list[Answer]) -> dict[str, int]:
    out = dict.fromkeys(STATUSES, 0)
    for x in answers:
        out[x.status] += 1
    return out
