"""Near misses: a complete hand one change from an example, in which the pattern no longer counts.

Preferred, in order: the pattern is gone rather than excluded; a tile change rather than a
meld or context change; a legal win; the fewest other patterns gained or lost. When a
neighbour keeps the pattern but another pattern now excludes it, that is offered as a
second near miss, since "why does X not count with Y?" is the question readers ask most.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..hand import Hand
from ..messages import N_, Message, Name, joined
from ..receipt import RULE_WORDS
from ..rules import Ruleset
from .neighbours import Step, neighbours, pair_steps, tile_steps
from .scorer import Scorer
from .search import Probe

KIND_ORDER = {"tile": 0, "meld": 1, "context": 2, "pair": 3}
WIDTH = 12  # neighbours of each status scored in full


@dataclass(frozen=True)
class Miss:
    hand: Hand
    base: Hand
    change: str
    status: Literal["absent", "excluded", "incomplete"]
    by: str | None
    reason: str


def _name(rs: Ruleset, pid: str) -> Name:
    """A pattern as a near miss names it: "zh en" in English, its Chinese name in Chinese."""
    p = rs.pattern(pid)
    return Name(f"{p.zh} {p.en}", p.zh)


def _describe(rs: Ruleset, pid: str, step: Step, gained: list[str], by: str | None, rule: str | None) -> str:
    p = _name(rs, pid)
    if by is not None:
        who = _name(rs, by) if by in {x.id for x in rs.patterns} else by
        return Message(N_("%(change)s; %(pattern)s still shows, but %(by)s now excludes it (%(rule)s)"),
                       change=step.text, pattern=p, by=who, rule=RULE_WORDS.get(rule or "", rule))
    if gained:
        return Message(N_("%(change)s; %(pattern)s no longer counts (now counting instead: %(gained)s)"),
                       change=step.text, pattern=p, gained=joined(_name(rs, i) for i in gained))
    return Message(N_("%(change)s; %(pattern)s no longer counts"), change=step.text, pattern=p)


def near_misses(scorer: Scorer, rs: Ruleset, pid: str, bases: list[Hand], extra: list[Hand]) -> list[Miss]:
    """Up to two near misses (one 'absent', one 'excluded' when there is one).

    Tried in order: one change from `bases` (the minimal and typical examples), two tiles from
    them, then the same from `extra` (other hands with the pattern); the first that yields any wins.
    """
    for hands in (bases, extra):
        for steps in (neighbours, pair_steps):
            for base in hands:
                found = _from(scorer, rs, pid, base, steps(base))
                if found:
                    return found
    return _incomplete(scorer, rs, pid, bases[0])


def _incomplete(scorer: Scorer, rs: Ruleset, pid: str, base: Hand) -> list[Miss]:
    """Last resort (十三么: no complete hand lies a tile or two away): the smallest tile change, breaking the hand."""
    for step in sorted(tile_steps(base), key=lambda st: (_distance(st), st.text)):
        if not scorer.complete(step.hand, rs.id):
            reason = Message(N_("%(change)s; the tiles no longer form a winning hand, so %(pattern)s is gone — "
                                "no complete hand lies one or two tiles away from it"), change=step.text,
                             pattern=_name(rs, pid))
            return [Miss(step.hand, base, step.text, "incomplete", None, reason)]
    return []


def _distance(step: Step) -> int:
    """How far a tile change moves: 1 for a neighbouring rank of the same suit, larger otherwise."""
    a, b = step.old, step.new
    assert a is not None and b is not None
    return abs(a - b) if a < 27 and b < 27 and a // 9 == b // 9 else 20


def _from(scorer: Scorer, rs: Ruleset, pid: str, base: Hand, steps: list[Step]) -> list[Miss]:
    """The best 'absent' and 'excluded' neighbour among `steps`.

    Only the cheapest kind of change that yields any is scored in full, and at most WIDTH of
    each status: the detector alone tells 'absent' (it no longer fires) from 'maybe excluded'.
    """
    before = scorer.counted(base, rs.id)
    order = [p.id for p in rs.patterns]
    pattern = rs.pattern(pid)
    probe = Probe(rs)
    pools: dict[str, list[Step]] = {"absent": [], "excluded": []}
    for step in sorted(steps, key=lambda st: KIND_ORDER[st.kind]):
        if not scorer.complete(step.hand, rs.id):
            continue
        pool = pools["excluded" if pid in probe.fires(step.hand, [pattern]) else "absent"]
        if len(pool) < WIDTH and (not pool or KIND_ORDER[pool[0].kind] == KIND_ORDER[step.kind]):
            pool.append(step)
    best: dict[str, tuple[tuple[object, ...], Miss]] = {}
    for step in pools["absent"] + pools["excluded"]:
        s = scorer(step.hand, rs.id)
        after = scorer.counted(step.hand, rs.id)
        if pid in after:
            continue
        excl = next((e for e in s.excluded if e.id == pid), None)
        status: Literal["absent", "excluded"] = "excluded" if excl else "absent"
        gained = sorted(after - before, key=order.index)
        churn = len(after ^ (before - {pid}))
        key = (KIND_ORDER[step.kind], not s.legal, churn, len(s.hand), s.hand)
        miss = Miss(step.hand, base, step.text, status, excl.by if excl else None,
                    _describe(rs, pid, step, gained, excl.by if excl else None, excl.rule if excl else None))
        if status not in best or key < best[status][0]:
            best[status] = (key, miss)
    return [best[k][1] for k in ("absent", "excluded") if k in best]
