"""Every pair decided: `both`, `below-minimum`, `excludes` or `never`, each with what backs it.

* **both**: a legal winning hand whose score counts both (the witness, re-scored by the engine here);
* **below-minimum**: hands count both, but none the search met reaches the win minimum;
* **excludes**: some hand shows both (the witness: both show on the reading the score used and one is
  dropped); in every division of the searched space showing both, one was dropped, and `by` names the
  pattern that stays. The rule is the engine's (a data exclusion, a series, the limit, an MCR principle);
* **never**: no hand of the searched space shows both; the reason says which space and why.

"Shows": the detector fires on a reading of the hand; "counts": the pattern is in the score.

Where the answer comes from (run.py gives the sizes):
* two tile patterns: stage one (walk.py) walks every division of every distinct concealed complete hand;
  what shows there is what every hand built on the division shows (tile patterns read only the sets and
  the tiles), so `never` is exhaustive; an `excludes` pair was scored in every division showing both;
* a pattern that reads more than the tiles: stage two (situations.py) plays out the first divisions of
  every class of stage one in every situation (melds, kongs, winning tile, self-draw, flags, winds,
  flowers); the class stands for its divisions in what those patterns read, so `never` holds for every
  division of the class, and the tile patterns of the class pair with what its situations show;
* the chicken hand: counted only when the reading shows no other pattern (the policies add it then), so it
  is `never` with every pattern a detector finds, a short argument the tests try to break.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .. import detectors
from ..detectors import View
from ..hand import Hand
from ..notation import HandError, format_hand, parse_hand
from ..rules import Ruleset
from ..scoring import engine
from ..shapes import Form
from ..stats.tally import tile_only
from .situations import (
    Achieved,
    Plan,
    Situation,
    achievable,
    build,
    division_of,
    matching,
    norm_key,
    situations,
    transfer,
)
from .walk import Division, Evidence, structural_masks

STATUSES = ("both", "below-minimum", "excludes", "never")
TRIES = 8
"""Hands scored per pair, at most, before a pair shown together is judged on what they gave."""


@dataclass
class Answer:
    a: str
    b: str
    status: str
    witness: str | None
    by: str | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "status": self.status, "witness": self.witness, "by": self.by,
                "reason": self.reason}


@dataclass
class Decision:
    ruleset: str
    patterns: list[str]
    answers: list[Answer]
    space: dict[str, Any] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(STATUSES, 0)
        for a in self.answers:
            out[a.status] = out.get(a.status, 0) + 1
        return out


@dataclass
class Judged:
    shown: bool  # both show on the reading the score used
    counted: bool
    legal: bool
    stays: str | None = None
    dropped_by: str | None = None
    rule: str | None = None
    total: int = 0


def judge(hand: Hand, rs: Ruleset, a: str, b: str) -> Judged:
    s = engine.score(hand, rs)
    counted = {c.id for c in s.patterns}
    excluded = {e.id: e for e in s.excluded}
    shown = {a, b} <= counted | excluded.keys()
    both = {a, b} <= counted
    if both or not shown:
        return Judged(shown, both, s.legal, total=s.total)
    gone = excluded.get(b) or excluded.get(a)
    stays = (a if a in counted else b if b in counted else None)
    return Judged(True, False, s.legal, stays, gone.by if gone else None, gone.rule if gone else None, s.total)


class Decider:
    """Decides one rule set's pairs from the walk's evidence and stage two's situations."""

    def __init__(self, rs: Ruleset, ev: Evidence, forms: frozenset[Form], reps: int = 1) -> None:
        self.rs, self.ev, self.forms = rs, ev, forms
        self.plan = Plan(rs)
        self.ids = ev.ids
        self.n = len(self.ids)
        self.struct = structural_masks(rs)
        self.reps = reps
        self.achieved: dict[tuple[Any, ...], list[tuple[Division, Achieved]]] = {}
        self.situations_tried = 0
        self.chicken = rs.option("chicken")

    # ------------------------------------------------------------------ stage two
    def stage_two(self) -> None:
        for sig in sorted(self.ev.classes, key=repr):
            rows = []
            for _i, div in self.ev.classes[sig][: self.reps]:
                hand, r = division_of(div, self.forms)
                if r.form not in self.rs.forms:
                    continue
                got = achievable(div[0], r, self.plan)
                self.situations_tried += got.tried
                rows.append((div, got))
            self.achieved[sig] = rows

    def nontile_mask(self) -> int:
        return self.plan.mask(p.id for p in self.rs.patterns if not tile_only(p))

    def co_shown(self) -> dict[tuple[int, int], list[tuple[str, Any]]]:
        """Per pair (i < j), sources of hands showing both, hands of one division first: ("div", division) from
        stage one, or ("sit", (target division, class division, situation)): the situation found on the class
        division, carried to the target (a division of the class showing the tile pattern, or the class
        division itself)."""
        found: dict[tuple[int, int], list[tuple[int, str, Any]]] = {}

        def add(pair: tuple[int, int], order: int, kind: str, src: Any) -> None:
            found.setdefault(pair, []).append((order, kind, src))

        for pair, (_i, div) in self.ev.shown.items():
            add(pair, 0, "div", div)
        nt = self.nontile_mask()
        tiles_of: dict[tuple[Any, ...], list[tuple[int, list[tuple[int, Division]]]]] = {}
        for (sig, t), reps in self.ev.class_shows.items():
            tiles_of.setdefault(sig, []).append((t, reps))
        for sig, rows in sorted(self.achieved.items(), key=lambda kv: repr(kv[0])):
            first: dict[int, tuple[Division, Situation]] = {}  # per non-tile pattern: a situation showing it
            seen_xy: set[tuple[int, int]] = set()
            for div, got in rows:
                for q, sit in got.masks.items():
                    q &= nt
                    xs = _bits(q)
                    for x in xs:
                        first.setdefault(x, (div, sit))
                        for y in xs:
                            if x < y and (x, y) not in seen_xy:
                                seen_xy.add((x, y))
                                add((x, y), 1, "sit", (div, div, sit))
            for t, reps in tiles_of.get(sig, []):
                for x, (div, sit) in first.items():
                    pair = (min(t, x), max(t, x))
                    for order, target in reps:
                        add(pair, order, "sit", (target, div, sit))
        out = {}
        for pair, rows in found.items():
            rows.sort(key=lambda r: r[0])
            out[pair] = [(kind, src) for _o, kind, src in rows[:TRIES]]
        return out

    # ------------------------------------------------------------------ hands
    def hands_of(self, kind: str, src: Any) -> Iterator[Hand]:
        """Hands for a source: the division in situations (plain first), or the situation on the division."""
        if kind == "div":
            counts = src[0]
            _hand, r = division_of(src, self.forms)
            yield from self._played(counts, r, None)
        else:
            target, rep, sit = src
            counts = target[0]
            _hand, r = division_of(target, self.forms)
            yield from self._played(counts, r, sit, rep)

    def _played(self, counts: tuple[int, ...], r: Any, sit: Situation | None, rep: Division | None = None
                ) -> Iterator[Hand]:
        key = norm_key(r)
        bases: list[Situation] = []
        if sit is not None:
            moved = transfer(sit, division_of(rep, self.forms)[1], r) if rep is not None else sit
            if moved is not None:
                bases.append(moved)
        plain = sorted(situations(r, counts), key=lambda s: (-s.states.count("c"), not s.tsumo))
        if sit is not None and not bases:  # the situation did not carry over: every one, with its flags and winds
            bases = [s.with_(flags=sit.flags, seat=sit.seat, round=sit.round, flowers=sit.flowers) for s in plain]
        else:
            # plain first, then the division itself forced (every set without the winning tile exposed: the score
            # then reads this division), then more plain ones
            exposed = sorted(plain, key=lambda s: (-s.states.count("e"), not s.tsumo))[:4]
            bases += plain[:2] + exposed + plain[2:8]
        boosts = [(), ("last_tile",), ("last_tile", "after_kong"), ("after_kong",)]
        for extra, base in [(e, b) for e in boosts for b in bases]:  # every base plain before any boosted
            s = base if not extra else base.with_(flags=tuple(sorted(set(base.flags) | set(extra))))
            h = build(counts, r, s)
            if h is None:
                continue
            try:
                h = parse_hand(format_hand(h))
            except HandError:
                continue
            if not matching(h, self.rs, key):
                continue
            yield h

    # ------------------------------------------------------------------ decide
    def decide(self) -> Decision:
        sources = self.co_shown()
        answers = []
        for i in range(self.n):
            for j in range(i + 1, self.n):
                answers.append(self.pair(i, j, sources.get((i, j), [])))
        found = stream_witnesses(self.rs)
        for k, ans in enumerate(answers):
            weak = ans.status == "undecided" or (ans.status == "excludes" and "hands tried" in ans.reason)
            w = found.get(frozenset((ans.a, ans.b)))
            if weak and w:
                answers[k] = Answer(ans.a, ans.b, "both", w, None,
                                    "both count in this legal hand (found in the example stream)")
        space = {
            "stream_hands": STREAM,
            "hands": self.ev.hands, "orbits": self.ev.orbits, "divisions": self.ev.divisions,
            "divisions_scored": self.ev.scored, "classes": len(self.ev.classes),
            "class_divisions_played": sum(len(r) for r in self.achieved.values()),
            "situations": self.situations_tried, "sample": getattr(self.ev, "sample", 1),
            "exhaustive": getattr(self.ev, "sample", 1) == 1,
        }
        return Decision(self.rs.id, list(self.ids), answers, space)

    def pair(self, i: int, j: int, srcs: list[tuple[str, Any]]) -> Answer:
        a, b = self.ids[i], self.ids[j]
        if self.chicken in (a, b):
            other = b if a == self.chicken else a
            if not (self.rs.policy == "mcr" and self.rs.pattern(other).detect == "flowers"):
                return Answer(a, b, "never", None, None,
                              f"{self.chicken} counts only when the reading shows no other pattern")
        if not srcs:
            return Answer(a, b, "never", None, None, self._never_reason(i, j))
        excl: tuple[Hand, Judged] | None = None
        below: tuple[Hand, Judged] | None = None
        seen: Hand | None = None  # a hand showing both on some reading (not the one scored)
        tried = 0
        if (i, j) in self.ev.counted:
            srcs = [("div", self.ev.counted[(i, j)][1])] + srcs
        for kind, src in srcs:
            for h in self.hands_of(kind, src):
                tried += 1
                jd = judge(h, self.rs, a, b)
                if jd.counted and jd.legal:
                    return Answer(a, b, "both", format_hand(h), None, "both count in this legal hand")
                if jd.counted and below is None:
                    below = (h, jd)
                if jd.shown and not jd.counted and (excl is None or (excl[1].stays is None and jd.stays)):
                    excl = (h, jd)
                    if jd.stays and (self.struct[i] >> j & 1 or ((i, j) in self.ev.shown
                                                                 and (i, j) not in self.ev.counted)):
                        break  # the rule, or the walk, already answers for every other hand
                if seen is None and not jd.shown and self._shows_both(h, a, b):
                    seen = h
                if tried >= TRIES * 3:
                    break
            if tried >= TRIES * 3:
                break
        if below is not None:
            h, jd = below
            return Answer(a, b, "below-minimum", format_hand(h), None,
                          f"both count only below the minimum in the {tried} hands tried that count both "
                          f"(this one scores {jd.total})")
        if excl is not None:
            h, jd = excl
            walked = (i, j) in self.ev.shown and (i, j) not in self.ev.counted and tile_only(
                self.rs.pattern(a)) and tile_only(self.rs.pattern(b))
            if self.struct[i] >> j & 1:
                why = self._rule(i, j)
                return Answer(a, b, "excludes", format_hand(h), jd.stays or self._rule_by(i, j), why)
            elif walked:
                n = sum(v[1] for v in self.ev.dropped.get((i, j), {}).values())
                why = (f"{jd.dropped_by} drops one ({jd.rule}); in every one of the {n:,} divisions of "
                       f"{self._hands_words} that show both, one was dropped")
            else:
                why = f"{jd.dropped_by} drops one ({jd.rule}) in every one of the {tried} hands tried that show both"
            return Answer(a, b, "excludes", format_hand(h), jd.stays, why)
        if seen is None and below is None and excl is None:
            found = self._concealed(i, j) or self._wider(i, j, srcs)
            if found is not None:
                h, jd, n = found
                if jd.counted and jd.legal:
                    return Answer(a, b, "both", format_hand(h), None, "both count in this legal hand")
                if jd.counted:
                    below = (h, jd)
                else:
                    excl = (h, jd)
                tried += n
        if below is not None:
            h, jd = below
            return Answer(a, b, "below-minimum", format_hand(h), None,
                          f"both count only below the minimum in the {tried} hands tried that count both "
                          f"(this one scores {jd.total})")
        if excl is not None:
            h, jd = excl
            return Answer(a, b, "excludes", format_hand(h), jd.stays,
                          f"{jd.dropped_by} drops one ({jd.rule}) in every one of the {tried} hands tried that show both")
        if seen is not None:
            return Answer(a, b, "excludes", format_hand(seen), None,
                          f"both show on a reading of this hand, but its score takes another (the highest); so in "
                          f"every one of the {tried} hands tried that show both")
        return Answer(a, b, "undecided", None, None, f"shown together, but none of the {tried} hands tried was judged")

    def _concealed(self, i: int, j: int) -> tuple[Hand, Judged, int] | None:
        """The kept divisions of the tile pattern's classes played concealed, won on each tile kind, on a discard or
        self-drawn, with no flag or the last copy: the hands a wait or the last copy needs."""
        a, b = self.ids[i], self.ids[j]
        tiles = [x for x in (i, j) if tile_only(self.rs.pattern(self.ids[x]))]
        if not tiles:
            return None
        divs = [div for (sig, t), reps in sorted(self.ev.class_shows.items(), key=repr) if t == tiles[0]
                for _o, div in reps]
        tried = 0
        shown: tuple[Hand, Judged] | None = None
        for div in divs:
            _hand, r = division_of(div, self.forms)
            if r.form not in self.rs.forms:
                continue
            states = ("c",) * (4 if r.form is Form.REGULAR else 0)
            for w in sorted({t for t in range(34) if div[0][t]}):
                for tsumo in (False, True):
                    for flags in ((), ("last_copy",)):
                        h = build(div[0], r, Situation(states, (w, 0), tsumo, flags))
                        if h is None:
                            continue
                        try:
                            h = parse_hand(format_hand(h))
                        except HandError:
                            continue
                        tried += 1
                        jd = judge(h, self.rs, a, b)
                        if jd.counted and jd.legal:
                            return h, jd, tried
                        if jd.shown and shown is None:
                            shown = (h, jd)
        return (*shown, tried) if shown else None

    def _wider(self, i: int, j: int, srcs: list[tuple[str, Any]]) -> tuple[Hand, Judged, int] | None:
        """When no hand of the sources was judged (the situation did not carry over to the divisions kept for the
        tile pattern): every kept division of the tile pattern's classes (of any class, for two patterns that read
        more than the tiles), in every situation, with the flags, winds and flowers of the sources."""
        a, b = self.ids[i], self.ids[j]
        extras = {(s.flags, s.seat, s.round, s.flowers) for kind, (_t, _r, s) in
                  ((k, src) for k, src in srcs if k == "sit")} or {((), 27, 27, 0)}
        tiles = [x for x in (i, j) if tile_only(self.rs.pattern(self.ids[x]))]
        if tiles:
            divs = [div for (sig, t), reps in sorted(self.ev.class_shows.items(), key=repr) if t == tiles[0]
                    for _o, div in reps]
        else:
            divs = [div for _sig, reps in sorted(self.ev.classes.items(), key=repr) for _o, div in reps]
        tried = 0
        shown: tuple[Hand, Judged] | None = None
        for div in divs:
            _hand, r = division_of(div, self.forms)
            if r.form not in self.rs.forms:
                continue
            key = norm_key(r)
            for sit in situations(r, div[0]):
                for flags, seat, rnd, flowers in sorted(extras):
                    h = build(div[0], r, sit.with_(flags=flags, seat=seat, round=rnd, flowers=flowers))
                    if h is None:
                        continue
                    try:
                        h = parse_hand(format_hand(h))
                    except HandError:
                        continue
                    if not matching(h, self.rs, key):
                        continue
                    tried += 1
                    jd = judge(h, self.rs, a, b)
                    if jd.counted and jd.legal:
                        return h, jd, tried
                    if jd.shown and shown is None:
                        shown = (h, jd)
                    if tried >= 400:
                        return (*shown, tried) if shown else None
        return (*shown, tried) if shown else None

    def _shows_both(self, hand: Hand, a: str, b: str) -> bool:
        """Whether some reading of `hand` shows both (their detectors fire on it)."""
        h = engine.prepared(hand, self.rs)
        pa, pb = self.rs.pattern(a), self.rs.pattern(b)
        if self.chicken in (a, b):
            return False
        for r in engine.readings_of(hand, self.rs):
            v = View(h, r)
            if detectors.run(pa.detect, v, dict(pa.params)) and detectors.run(pb.detect, v, dict(pb.params)):
                return True
        return False

    def _rule_by(self, i: int, j: int) -> str | None:
        """The pattern a rule that always keeps two apart keeps: the excluding one, the series' highest, the one over
        the limit."""
        a, b = self.rs.pattern(self.ids[i]), self.rs.pattern(self.ids[j])
        for p, q in ((a, b), (b, a)):
            if any(e.id == q.id and e.count is None for e in p.excludes):
                return p.id
        if self.rs.policy == "series" and a.group and a.group == b.group:
            return a.id if (a.value, -i) > (b.value, -j) else b.id
        limit = self.rs.option("limit")
        if limit is not None:
            over = [p for p in (a, b) if p.value > limit]
            if len(over) == 1:
                return over[0].id
        return None

    def _rule(self, i: int, j: int) -> str:
        a, b = self.rs.pattern(self.ids[i]), self.rs.pattern(self.ids[j])
        for p, q in ((a, b), (b, a)):
            for e in p.excludes:
                if e.id == q.id and e.count is None:
                    return f"{p.id} excludes {q.id} ({e.why})"
        if self.rs.policy == "series" and a.group and a.group == b.group:
            return f"one pattern per series ({a.group}) counts"
        limit = self.rs.option("limit")
        return f"a pattern worth more than the limit {limit} is scored alone"

    @property
    def _hands_words(self) -> str:
        sample = getattr(self.ev, "sample", 1)
        if sample == 1:
            return f"the {self.ev.hands:,} distinct concealed complete hands"
        return (f"the {self.ev.hands:,} concealed complete hands walked (one class of symmetric hands in {sample}: "
                "a sample, not every hand)")

    def _never_reason(self, i: int, j: int) -> str:
        a, b = self.rs.pattern(self.ids[i]), self.rs.pattern(self.ids[j])
        if tile_only(a) and tile_only(b):
            return (f"no division of {self._hands_words} shows both; tile patterns read only the sets and tiles, "
                    "so no hand built on those divisions does")
        return ("no situation (melds, kongs, winning tile, flags, winds, flowers) of the divisions kept from "
                f"{len(self.ev.classes)} classes of divisions of {self._hands_words} shows both")


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


STREAM = 3000
"""Hands of the example stream checked before an answer resting on the hands tried alone is given."""


def stream_witnesses(rs: Ruleset, n: int = STREAM) -> dict[frozenset[str], str]:
    """Pairs counted together in a legal hand among the first `n` hands of the seeded example stream (and each
    hand self-drawn or not): a further space searched for `both` before a pair is left at `excludes` on the
    strength of the hands tried, or undecided."""
    from dataclasses import replace as _replace

    from ..examples.generate import SEED, HandStream
    stream = HandStream(SEED)
    out: dict[frozenset[str], str] = {}
    for k in range(n):
        base = stream[k]
        for tsumo in (base.context.tsumo, not base.context.tsumo):
            ctx = _replace(base.context, tsumo=tsumo, after_kong=base.context.after_kong and tsumo,
                           robbing_kong=base.context.robbing_kong and not tsumo)
            try:
                hand = parse_hand(format_hand(_replace(base, context=ctx)))
            except HandError:
                continue
            s = engine.score(hand, rs)
            if not s.legal:
                continue
            ids = [c.id for c in s.patterns]
            for x in ids:
                for y in ids:
                    if x < y:
                        out.setdefault(frozenset((x, y)), format_hand(hand))
    return out
