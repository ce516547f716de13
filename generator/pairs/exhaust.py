"""Stage three: each pair the search left undecided, tried on every division that could hold both.

A second walk of every orbit gathers, per undecided pair, the divisions that show or admit both (walk.py);
then every situation of what the two patterns read (moves.situations) is built on each and scored. When no
legal hand counts both, the pair is `below-minimum` if a hand under the minimum does, `excludes` if some hand
showed both (one dropped on every one of them), else `never`; the reason names the space tried. A pair with
more divisions than `DIVISIONS`, or more hands than
`HANDS`, stays undecided and says so: the answer would not rest on the whole space.

An ``excludes`` pair whose witness counts neither of the two, though its rule keeps one, is gathered too: random
situations of its divisions look for a hand on which the kept one stays (`kept_witness`), so the witness shows
the rule at work rather than something else dropping both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from random import Random

from ..messages import N_, Message
from ..rules import Ruleset
from ..scoring.needs import Needs
from ..stats.shards import SHARD, Checkpoints, Shard, orbit_shards, run_shards
from .decide import BOTH, Answer, named
from .moves import fixed_flags, random_situation, reads_of, situations, valid
from .potential import needs
from .walk import Walker, Witness, witness_hand
from .witness import Apart, Search

Pair = tuple[str, str]
Kept = tuple[int, bytes, int]
"""A gathered division: (orbit index, the hand's counts as bytes, division index), a witness kept small."""
DIVISIONS = 40_000
"""Divisions gathered per pair at most; a pair with more is left undecided."""
HANDS = 250_000
"""Hands scored per pair at most."""
SAMPLES = 3_000
"""Random situations of the gathered divisions scored per pair before the exhaustive try."""


class Gatherer(Walker):
    """The walk again, keeping for each asked pair the divisions that show or admit both."""

    def __init__(self, rulesets: list[Ruleset], asked: dict[str, list[Pair]]) -> None:
        super().__init__(rulesets)
        self.asked = [[(s.ids.index(a), s.ids.index(b), (a, b)) for a, b in asked.get(rs.id, [])]
                      for rs, s in ((rs, self.sightings[rs.id]) for rs in self.rulesets)]
        self.kept: dict[str, dict[Pair, list[Kept]]] = {rs.id: {} for rs in self.rulesets}
        self.full: dict[str, set[Pair]] = {rs.id: set() for rs in self.rulesets}
        self._hits: list[dict[int, list[Pair]]] = [{} for _ in self.rulesets]

    def _record(self, k: int, mask: int, admitted: int, witness: Witness, pungs: int) -> None:
        both = mask | admitted
        hits = self._hits[k].get(both)
        if hits is None:
            hits = self._hits[k][both] = [p for ia, ib, p in self.asked[k] if both >> ia & 1 and both >> ib & 1]
        if not hits:
            return
        rid = self.rulesets[k].id
        for pair in hits:
            kept = self.kept[rid].setdefault(pair, [])
            if len(kept) < DIVISIONS:
                index, counts, d = witness
                kept.append((index, bytes(counts), d))  # a 34-slot count vector in 34 bytes: thousands are kept
            else:
                self.full[rid].add(pair)


def gather_shard(rulesets: list[Ruleset], asked: dict[str, list[Pair]], shard: Shard
                 ) -> tuple[dict[str, dict[Pair, list[Kept]]], dict[str, set[Pair]]]:
    g = Gatherer(rulesets, asked)
    for index, orbit in shard.orbits:
        g.orbit(index, orbit)
    return g.kept, g.full


@dataclass
class Gathered:
    kept: dict[str, dict[Pair, list[Kept]]] = field(default_factory=dict)
    full: dict[str, set[Pair]] = field(default_factory=dict)


def gather(rulesets: list[Ruleset], asked: dict[str, list[Pair]], jobs: int, scheduler: str | None = None,
           checkpoints: Checkpoints | None = None, shard: int = SHARD) -> Gathered:
    """The divisions of every orbit holding each asked pair (the shards' shares merged, in orbit order: the first
    `DIVISIONS` of them, whatever the shards)."""
    out = Gathered({rs.id: {} for rs in rulesets}, {rs.id: set() for rs in rulesets})
    for kept, full in run_shards(partial(gather_shard, rulesets, asked), orbit_shards(None, shard), scheduler, jobs,
                                 checkpoints or Checkpoints(None, "matrix-gather")):
        for rid, pairs in full.items():
            out.full[rid] |= pairs
        for rid, pairs in kept.items():
            for pair, ws in pairs.items():
                into = out.kept[rid].setdefault(pair, [])
                into.extend(ws)  # shards come in orbit order, so the first DIVISIONS are the earliest
                if len(into) > DIVISIONS:
                    out.full[rid].add(pair)
                    del into[DIVISIONS:]
    return out


def sample(rs: Ruleset, answer: Answer, divisions: list[Kept], apart: Apart | None) -> Answer | None:
    """`SAMPLES` random situations of random gathered divisions: an answer if one of them is a witness (a hand
    counting both, or for a pair the rules keep apart one showing both with the one the rule drops dropped, as
    `Search.done` asks; failing that, after every sample, one showing both however they fared), else None. Most
    pairs with too many divisions to try are pairs with many witnesses."""
    if not divisions:
        return None
    a, b = answer.a, answer.b
    reads, fixed = _reads(rs, a, b)
    search = Search(rs)
    rnd = Random(f"{rs.id} {a} {b}")
    win = _win_of(rs, a, b)
    for _ in range(SAMPLES):
        hand, reading = witness_hand(_unpacked(rnd.choice(divisions)))
        v = valid(random_situation(hand, reading, reads, search.riichi, fixed, rnd, win))
        if v is None or not win.holds(v):
            continue
        search.record(v)
        if (a, b) in search.found.both:
            return _both(rs, a, b, search.found.both[(a, b)], apart)
        if search.done((a, b), apart):
            break
    if apart is None:
        return None
    seen = search.found.apart_witness((a, b), apart.keep)
    return Answer(a, b, "excludes", seen[0], seen[1], apart.rule) if seen is not None else None


def unkept(answer: Answer, apart: Apart | None) -> bool:
    """Whether an answer is an ``excludes`` whose witness counts neither of the two though its rule keeps one
    (something else on that hand dropped it), which `kept_witness` may better."""
    return answer.status == "excludes" and answer.by is None and apart is not None and apart.keep is not None


def kept_witness(rs: Ruleset, answer: Answer, divisions: list[Kept], apart: Apart | None) -> Answer:
    """An `unkept` answer with a hand of the gathered divisions on which the kept one stays, if a random situation
    gives one; else (and any other answer) as it was."""
    got = sample(rs, answer, divisions, apart) if unkept(answer, apart) else None
    return got if got is not None and got.by is not None else answer  # not another hand that counts neither


def _reads(rs: Ruleset, a: str, b: str) -> tuple[frozenset[str], dict[str, bool]]:
    """What the situations of a pair vary, and the flags they fix."""
    # Claims, the winning tile and the self-draw change which readings a hand has and which one the engine scores,
    # whatever the two patterns read: without them a pair of tile patterns could look apart on concealed hands only.
    reads = frozenset({"sets", "win", "tsumo"}).union(*(reads_of(rs.pattern(pid)) for pid in (a, b)))
    return reads, fixed_flags([rs.pattern(a), rs.pattern(b)], rs)


def _both(rs: Ruleset, a: str, b: str, hand: str, apart: Apart | None) -> Answer:
    if apart is not None:
        raise ValueError(f"{rs.id}: the rules keep {a} and {b} apart ({apart.rule}), but {hand!r} counts both")
    return Answer(a, b, "both", hand, None, BOTH)


def _win_of(rs: Ruleset, a: str, b: str) -> Needs:
    """What both patterns need of the win: a hand that misses it shows not both, so it need not be scored."""
    return needs(rs.pattern(a), rs).also(needs(rs.pattern(b), rs)).tight()


def _unpacked(kept: Kept) -> Witness:
    index, counts, d = kept
    return index, tuple(counts), d


def exhaust(rs: Ruleset, answer: Answer, divisions: list[Kept], truncated: bool, apart: Apart | None) -> Answer:
    """The pair's answer after every situation of every gathered division, or the undecided answer as it was;
    a random sample of them first."""
    a, b = answer.a, answer.b
    if not divisions:  # the walk holds no division with both (a pattern read in a shape of its own): nothing to try
        return answer
    found = sample(rs, answer, divisions, apart)
    if found is not None:
        return found
    if truncated:
        return Answer(a, b, "undecided", answer.witness, None,
                      Message(N_("%(reason)s; more than %(n)s divisions of complete hands into sets and a pair "
                                 "hold both, too many to try every one"), reason=answer.reason, n=f"{DIVISIONS:,}"))
    reads, fixed = _reads(rs, a, b)
    search = Search(rs)
    win = _win_of(rs, a, b)
    for index, counts, d in divisions:
        hand, reading = witness_hand(_unpacked((index, counts, d)))
        for h in situations(hand, reading, reads, search.riichi, fixed, win):
            v = valid(h)
            if v is None or not win.holds(v):
                continue
            search.record(v)
            if (a, b) in search.found.both:
                return _both(rs, a, b, search.found.both[(a, b)], apart)
            if search.found.scored > HANDS:
                return Answer(a, b, "undecided", answer.witness, None,
                              Message(N_("%(reason)s; more than %(n)s hands to try on the divisions that hold "
                                         "both"), reason=answer.reason, n=f"{HANDS:,}"))
    space = Message(N_("every one of the %(hands)s hands built on the %(divisions)s divisions of complete hands into "
                       "sets and a pair that hold both, with every claim, kong, winning tile, self-draw and situation "
                       "of what the two read that meets what both need of the win"),
                    hands=f"{search.found.scored:,}", divisions=f"{len(divisions):,}")
    kept = search.found.apart_witness((a, b), apart.keep) if apart is not None else None
    if apart is not None and kept is not None:
        return Answer(a, b, "excludes", kept[0], kept[1], Message(N_("%(rule)s; both show on some of %(space)s"),
                                                                  rule=apart.rule, space=space))
    if search.ghosts:  # the divisions walked hold no ghost, and a hand with ghosts might count both
        return Answer(a, b, "undecided", answer.witness, None,
                      Message(N_("%(reason)s; none of %(space)s counts both, but hands with ghosts are not among "
                                 "them"), reason=answer.reason, space=space))
    if (a, b) in search.found.below:
        return Answer(a, b, "below-minimum", search.found.below[(a, b)], None,
                      Message(N_("both count only on hands under the minimum, on %(space)s"), space=space))
    if (a, b) not in search.found.together:
        return Answer(a, b, "never", None, None, Message(N_("the reading the engine scores never shows both, on "
                                                            "%(space)s"), space=space))
    shown = search.found.showing((a, b))
    if shown is None:
        return Answer(a, b, "excludes", search.found.together[(a, b)], None,
                      Message(N_("where both show, another pattern drops both, on %(space)s"), space=space))
    hand, dropped, by = shown
    if len(search.found.shown[(a, b)]) == 2:
        return Answer(a, b, "excludes", hand, b if dropped == a else a,
                      Message(N_("one of the two is dropped wherever both show (on this hand %(dropped)s, by "
                                 "%(by)s), on %(space)s"), dropped=named(rs, dropped), by=named(rs, by), space=space))
    return Answer(a, b, "excludes", hand, b if dropped == a else a,
                  Message(N_("%(dropped)s is dropped (%(by)s) on %(space)s"), dropped=named(rs, dropped),
                          by=named(rs, by), space=space))
