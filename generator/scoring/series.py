"""The series policy (Zung Jung; Sihai's 同类别不复用): one pattern per series, series add up.

Within one group only the highest-valued pattern counts; patterns of different
groups all count, even when one implies the other. Limits follow Zung Jung: a sum
above the limit is cut to it, and a single pattern worth more than the limit is
scored alone. Options: `limit`, `chicken`, `repeatable` (when given, only the listed
patterns score once per instance, the others once per hand) and `minimum` /
`minimums` (a win below the line is not legal; see minimums.py).
"""

from __future__ import annotations

from ..detectors import View
from ..hand import Hand
from ..messages import N_, Message, Name
from ..rules import Ruleset
from ..shapes import Reading
from .common import Tally, apply_exclusions, counted, detect, in_rule_order
from .minimums import below_minimum
from .policy import Policy, capped
from .result import Counted, Excluded, Score


def _series(tally: Tally, ruleset: Ruleset) -> None:
    best: dict[str, str] = {}
    for pid in tally.counting():
        p = ruleset.pattern(pid)
        cur = best.get(p.group)
        if cur is None or (p.value, -_pos(ruleset, pid)) > (ruleset.pattern(cur).value, -_pos(ruleset, cur)):
            best[p.group] = pid
    for pid in tally.counting():
        winner = best[ruleset.pattern(pid).group]
        if winner != pid:
            tally.exclude(pid, winner, "series")


def _pos(ruleset: Ruleset, pid: str) -> int:
    return next(i for i, p in enumerate(ruleset.patterns) if p.id == pid)


def _above(ruleset: Ruleset, c: str, x: str) -> bool:
    """Whether `c` is of `x`'s series and ranks above it (the higher value, then the earlier in rule order)."""
    pc, px = ruleset.pattern(c), ruleset.pattern(x)
    return c != x and pc.group == px.group and (pc.value, -_pos(ruleset, c)) > (px.value, -_pos(ruleset, x))


def score_reading(hand: Hand, reading: Reading, ruleset: Ruleset) -> tuple[int, list[Counted], list[Excluded], list[str]]:
    view = View(hand, reading)
    chicken = ruleset.option("chicken")
    tally = detect(view, ruleset.patterns, skip=lambda p: p.id == chicken)
    repeatable = ruleset.option("repeatable")
    if repeatable is not None:  # only the listed patterns score per instance; the rest once
        tally.found = {pid: m if pid in repeatable else m[:1] for pid, m in tally.found.items()}
    apply_exclusions(tally, ruleset)
    _series(tally, ruleset)
    notes: list[str] = []
    ids = in_rule_order(ruleset, tally.counting())
    limit = ruleset.option("limit")
    over = [pid for pid in ids if limit is not None and ruleset.pattern(pid).value > limit]
    if over:
        top = max(over, key=lambda i: (ruleset.pattern(i).value, -_pos(ruleset, i)))
        for pid in ids:
            if pid != top:
                tally.exclude(pid, top, "limit")
        notes.append(Message(N_("%(name)s is worth more than the %(limit)s limit, so it is scored alone"),
                             name=ruleset.pattern(top).zh, limit=limit))
        ids = [top]
    patterns = [counted(ruleset, pid, tally.found[pid]) for pid in ids]
    total = sum(c.points for c in patterns)
    if limit is not None and not over and total > limit:
        notes.append(Message(N_("the sum %(total)s is cut to the %(limit)s limit"), total=total, limit=limit))
        total = limit
    if not patterns and chicken:
        patterns = [counted(ruleset, chicken, [()])]
        total = patterns[0].points
    excluded = [tally.excluded[pid] for pid in in_rule_order(ruleset, tally.excluded)]
    return total, patterns, excluded, notes


def score(hand: Hand, readings: list[Reading], ruleset: Ruleset, key: str) -> Score:
    best = None
    for reading in readings:
        result = score_reading(hand, reading, ruleset)
        if best is None or result[0] > best[1][0]:
            best = (reading, result)
    assert best is not None
    reading, (total, patterns, excluded, notes) = best
    refused = below_minimum(ruleset, total, hand.context.tsumo)
    if refused:
        notes = notes + [refused]
    return Score(ruleset.id, key, True, refused is None, total, ruleset.unit, patterns, excluded, notes, reading)


class SeriesPolicy(Policy):
    """Zung Jung's family: a pattern's group is its series, of which one pattern counts."""

    name = "series"
    group_label = "Series"
    one_per_group = True
    orbit_statistics = True

    def score(self, hand: Hand, found: list[Reading], ruleset: Ruleset, key: str) -> Score:
        return score(hand, found, ruleset, key)

    def limit_rule(self, ruleset: Ruleset) -> str:
        """The limit as `_total` applies it: a sum above it is cut to it; the highest pattern worth more is scored
        alone, which is what makes the values above the limit worth building for. Short: it fits the printed card.

        >>> from types import SimpleNamespace
        >>> rs = SimpleNamespace(option={"limit": 200}.get, unit="points",
        ...                      patterns=[SimpleNamespace(value=v) for v in (5, 480, 240, 240)])
        >>> SeriesPolicy().limit_rule(rs)
        'a total above 200 points scores 200; the highest pattern worth more (240 or 480) scores alone'
        """
        limit = ruleset.option("limit")
        if limit is None:
            return ""
        text = capped(limit, ruleset.unit)
        above = sorted({p.value for p in ruleset.patterns if p.value > limit})
        if above:
            values = ", ".join(str(v) for v in above[:-1]) + (" or " if len(above) > 1 else "") + str(above[-1])
            return Message(N_("%(capped)s; the highest pattern worth more (%(values)s) scores alone"), capped=text,
                           values=values)
        return text

    def kept_apart(self, ruleset: Ruleset, a: str, b: str) -> tuple[str, str] | None:
        """Besides the exclusions: one pattern of a series counts (the higher value, then the earlier in rule
        order), and a pattern worth more than the limit counts alone."""
        found = super().kept_apart(ruleset, a, b)
        if found is not None:
            return found
        pa, pb = ruleset.pattern(a), ruleset.pattern(b)
        first = (pa.value, -_pos(ruleset, a)) > (pb.value, -_pos(ruleset, b))
        if pa.group == pb.group:
            return (a if first else b), Message(N_("one pattern of the %(series)s series counts"), series=pa.group)
        limit = ruleset.option("limit")
        if limit is not None and max(pa.value, pb.value) > limit:
            keep = a if pa.value > limit and (pb.value <= limit or first) else b
            p = ruleset.pattern(keep)
            return keep, Message(N_("%(name)s is worth more than the %(limit)s limit and counts alone"),
                                 name=Name(p.en, p.zh), limit=limit)
        return None

    def sets_aside(self, ruleset: Ruleset, c: str, x: str) -> bool:
        """Besides the exclusions, a pattern of `x`'s series ranked above it."""
        return super().sets_aside(ruleset, c, x) or _above(ruleset, c, x)

    def removers(self, ruleset: Ruleset, c: str) -> frozenset[str] | None:
        """Besides the exclusions, a pattern of the same series ranked above it."""
        found = super().removers(ruleset, c)
        above = {p.id for p in ruleset.patterns if _above(ruleset, p.id, c)}
        return None if found is None else found | above

    def score_division(self, hand: Hand, reading: Reading, ruleset: Ruleset
                       ) -> tuple[int, list[Counted], list[Excluded]]:
        total, patterns, excluded, _notes = score_reading(hand, reading, ruleset)
        return total, patterns, excluded


POLICY = SeriesPolicy()
