"""The adversary of the stored answers: hands nobody built them from, scored by the engine and held against every
`never`, `excludes` and `below-minimum` answer of their rule set (`mahjong-atlas matrix --verify N`, and the suite).

The hands come two ways, and each is put together again in a random situation before it is scored:

* **aimed** at the patterns of the answers attacked: for every pattern in such an answer, the hands of the stored
  answers on which it shows (the witnesses of its other pairs), taken apart and rebuilt;
* **fresh**: complete hands of random tiles (the seeded generator's themes, a seed of the run's own).

A situation is a division of the hand's fourteen tiles (any of its readings in any form), any of its tiles as the
winning one, any of its other sets claimed, a pung konged (concealed or claimed) where its fourth copy is free, and
at random every flag, both winds, flowers and, for Riichi, the declarations, red fives and dora and ura dora
indicators. A hand the notation or the rule set's game refuses is drawn again. So every premise a `never` rests on
(docs/design.md: Compatibility matrix) is attacked at once: that claims and kongs add no tile pattern, that a
requirement holds wherever its pattern shows, that the flags decide the flag patterns, that the exhaustive try saw
every situation.

A hand contradicts a `never` when its scored reading shows both (counted or dropped: the chicken hand shows only
where it counts, being the absence of the rest), an `excludes` when it counts both, a `below-minimum` when it is
legal and counts both.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations
from random import Random

from ..hand import Hand, Meld, MeldKind, WinContext
from ..hand_stream import random_hand
from ..notation import parse_hand
from ..rules import Ruleset
from ..scoring import engine
from ..scoring.families import policy_of
from ..scoring.result import Score
from ..shapes import Kind
from ..tiles import EAST, GHOST, NUM_KINDS, counts_of
from .moves import FLAGS, FLOWERS, WINDS, concealed, declares, ghost_some, indicator_of, valid
from .store import Stored
from .walk import divisions

Pair = tuple[str, str]
ATTACKED = ("never", "excludes", "below-minimum")


@dataclass
class Report:
    """What one rule set's attack tried and found."""

    ruleset: str
    hands: int = 0  # complete hands scored, that the game allows
    aimed: int = 0  # of them, rebuilt from a hand showing a pattern of an attacked answer
    with_melds: int = 0
    with_kongs: int = 0
    with_ghosts: int = 0
    contradictions: list[str] = field(default_factory=list)


def contradictions(rs: Ruleset, answers: dict[Pair, tuple[str, str | None, str | None, str]], s: Score
                   ) -> list[str]:
    """Every stored answer the scored hand `s` contradicts, in words."""
    order = {p.id: i for i, p in enumerate(rs.patterns)}
    counted = sorted({c.id for c in s.patterns}, key=order.__getitem__)
    shown = sorted(set(counted) | {e.id for e in s.excluded}, key=order.__getitem__)
    out = []
    for a, b in combinations(shown, 2):
        got = answers.get((a, b))
        if got is None:
            continue
        status, both = got[0], a in counted and b in counted
        if status == "never" or (status == "excludes" and both) or (status == "below-minimum" and both and s.legal):
            out.append(f"{rs.id}: {a} and {b} are '{status}', but {s.hand} "
                       f"{'counts' if both else 'shows'} both")
    return out


def aimed_starts(rs: Ruleset, answers: dict[Pair, tuple[str, str | None, str | None, str]], per_pattern: int = 6
                 ) -> list[Hand]:
    """Hands showing the patterns of the attacked answers: for each, up to `per_pattern` witnesses of its pairs."""
    attacked = {pid for pair, x in answers.items() if x[0] in ATTACKED for pid in pair}
    shows: dict[str, list[str]] = {}
    for (a, b), (_status, witness, _by, _reason) in answers.items():
        if witness is None:
            continue
        for pid in (a, b):
            if pid in attacked and witness not in shows.setdefault(pid, []) and len(shows[pid]) < per_pattern:
                shows[pid].append(witness)
    return [parse_hand(text) for pid in sorted(shows) for text in shows[pid]]


def situated(hand: Hand, rnd: Random, riichi: bool, ghosts: bool = False) -> Hand | None:
    """`hand`'s tiles in a random division and situation (see the module's text), most often with some of its
    tiles turned into ghosts where the rule set plays them (`moves.ghost_some`), or None when the notation
    refuses the draw."""
    whole = concealed(hand)
    if GHOST in whole.closed_tiles:
        return None  # a witness with ghosts: the ghosts are put in afresh below, on ordinary tiles
    readings = divisions(whole)
    if not readings:
        return None
    reading = rnd.choice(readings)
    tiles = list(whole.closed_tiles)
    counts = counts_of(tiles)
    win = rnd.choice(tiles)
    standing = list(tiles)
    standing.remove(win)
    melds: list[Meld] = []
    claim = rnd.choice((0.0, 0.3, 0.6, 1.0))
    for s in rnd.sample(reading.sets, len(reading.sets)):
        if s.kind not in (Kind.CHOW, Kind.PUNG) or rnd.random() >= claim:
            continue
        own = list(s.tiles)
        if any(standing.count(t) < own.count(t) for t in set(own)):
            continue  # the winning tile was taken from this set
        for t in own:
            standing.remove(t)
        if s.kind is Kind.CHOW:
            melds.append(Meld(MeldKind.CHOW, s.tile))
        elif counts[s.tile] == 3 and rnd.random() < 0.4:
            melds.append(Meld(MeldKind.KONG, s.tile, rnd.random() < 0.5))
        else:
            melds.append(Meld(MeldKind.PUNG, s.tile))
    closed = all(m.concealed for m in melds)
    kongs = sum(m.is_kong for m in melds)
    flags = {name: rnd.random() < 0.2 for name in FLAGS[:7]}
    if flags["after_kong"]:
        flags["tsumo"] = True
    if riichi:
        flags["riichi"] = closed and rnd.random() < 0.4
        flags["double_riichi"] = closed and not flags["riichi"] and rnd.random() < 0.15
        flags["ippatsu"] = (flags["riichi"] or flags["double_riichi"]) and rnd.random() < 0.3
    held = sorted(set(tiles) | {t for m in melds for t in m.tiles})
    ctx = WinContext(**flags, seat=rnd.choice(WINDS), round=rnd.choice(WINDS), flowers=rnd.choice(FLOWERS))
    if riichi:
        shown = 1 + kongs
        pick = [indicator_of(rnd.choice(held)) if rnd.random() < 0.6 else rnd.randrange(NUM_KINDS)
                for _ in range(rnd.randint(0, shown))]
        ura = [indicator_of(rnd.choice(held)) for _ in range(rnd.randint(0, len(pick)) if ctx.declared_riichi else 0)]
        red = sum(1 << k for k in range(3) if 9 * k + 4 in held and rnd.random() < 0.5)
        ctx = replace(ctx, dora=tuple(sorted(pick)), ura=tuple(sorted(ura)), red=red,
                      dealer=ctx.seat == EAST and ctx.dealer)
    hand = valid(Hand(tuple(sorted(standing)), tuple(melds), win, ctx))
    if hand is not None and ghosts and rnd.random() < 6 / 7:
        return ghost_some(hand, rnd)
    return hand


def _hands(rs: Ruleset, starts: list[Hand], n: int, rnd: Random) -> Iterator[tuple[Hand, bool]]:
    """`n` situated hands the rule set's game allows: aimed ones (rebuilt from `starts`) and fresh ones in turn."""
    riichi = declares(rs)
    ghosts = policy_of(rs.policy).plays_ghosts(rs)
    made = tries = 0
    while made < n and tries < 50 * n:
        tries += 1
        aimed = bool(starts) and tries % 2 == 0
        base = rnd.choice(starts) if aimed else random_hand(rnd)
        if base is None:
            continue
        hand = situated(base, rnd, riichi, ghosts)
        if hand is None or policy_of(rs.policy).problem(hand) is not None:
            continue
        made += 1
        yield hand, aimed


def attack(rs: Ruleset, stored: Stored, n: int, seed: int = 2026) -> Report:
    """Score `n` hands built to break `rs`'s stored answers (module text) and report every contradiction."""
    report = Report(rs.id)
    rnd = Random(f"{seed} {rs.id}")
    starts = aimed_starts(rs, stored.pairs)
    seen: set[Hand] = set()
    for hand, aimed in _hands(rs, starts, n, rnd):
        if hand in seen:
            continue
        seen.add(hand)
        s = engine.score(hand, rs)
        if not s.complete:
            continue
        report.hands += 1
        report.aimed += aimed
        report.with_melds += bool(hand.melds)
        report.with_kongs += any(m.is_kong for m in hand.melds)
        report.with_ghosts += GHOST in hand.all_tiles
        report.contradictions += contradictions(rs, stored.pairs, s)
    return report
