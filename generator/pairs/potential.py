"""What a pattern of the win could show on a concealed division, in some situation: the second half of the walk.

A pattern that reads more than the tiles (the winning tile's place, claimed melds and kongs, the flags, the
winds, flowers, declarations, indicators) shows on a hand that is a concealed division of its tiles plus a
*situation*: which sets were claimed, which pungs konged, the winning tile, how it was won. For each such
detector, `requirement` names a condition on the concealed division that every situation in which it shows
meets: a kong needs a pung whose fourth copy is not in the hand, a seat-wind pung needs a wind pung, an edge
wait a 1-2-3 or 7-8-9 chow, robbing a kong a tile held once, and so on. The condition may admit divisions on
which the pattern never shows, never the reverse (tests/test_pairs.py checks it on every reading of the
seeded hand streams): so a pair that no division admits together is a pair no hand shows together, and the
requirement is the reason the matrix gives.

Detectors not listed read nothing of the division (a flag, the flowers): every division admits them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..detectors import REGISTRY
from ..rules import Pattern, Ruleset
from ..scoring.needs import Needs
from ..shapes import Form, Kind, Reading
from ..stats.hands import Vec
from ..tiles import DRAGONS

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True)
class Shape:
    """The facts of a concealed division that the requirements read."""

    form: Form
    chows: int
    edge_chows: int  # 1-2-3 and 7-8-9 chows, which an edge wait needs
    pungs: int
    kongable: int  # pungs whose fourth copy is not among the hand's tiles
    wind_pungs: int
    dragon_pungs: int
    dragon_pair: bool
    single: bool  # some tile held once (robbing a kong takes the only copy's partner)
    fives: int  # bit mask of the suits whose five the hand holds (a red five is one of them)
    nine_gates: bool  # one suit's 1112345678999 and one more, honours none


def shape_of(r: Reading, counts: Vec) -> Shape:
    chows = edge = pungs = kongable = winds = dragons = 0
    for s in r.sets:
        if s.kind is Kind.CHOW:
            chows += 1
            edge += s.tile % 9 in (0, 6)
        elif s.kind in (Kind.PUNG, Kind.KONG):
            pungs += 1
            kongable += counts[s.tile] == 3
            winds += 27 <= s.tile < 31
            dragons += s.tile >= 31
    pair = r.sets[-1] if r.form is Form.REGULAR and r.sets else None
    fives = sum(1 << k for k in range(3) if counts[9 * k + 4])
    gates = False
    if r.form is Form.REGULAR and not any(counts[27:]):
        for k in range(3):
            suit = counts[9 * k:9 * k + 9]
            if sum(suit) == 14 and all(c >= n for c, n in zip(suit, NINE_GATES, strict=True)):
                gates = True
    return Shape(r.form, chows, edge, pungs, kongable, winds, dragons,
                 pair is not None and pair.tile in DRAGONS, 1 in counts, fives, gates)


Requirement = tuple[str, Callable[[Shape, Mapping[str, Any]], bool]]
"""(what it asks of the division, in words; the test)."""

_SETS_AND_PAIR = (Form.REGULAR, Form.KNITTED_STRAIGHT)


def _honour(a: Mapping[str, Any]) -> str:
    return {"seat": "a wind pung", "prevalent": "a wind pung", "wind": "a wind pung", "dragon": "a dragon pung",
            }.get(a["which"], "a wind or dragon pung")


REQUIREMENTS: dict[str, Callable[[Mapping[str, Any]], Requirement]] = {
    "concealed_pungs": lambda a: (f"at least {a['n']} pung(s) among its sets", lambda s, a: s.pungs >= a["n"]),
    "kongs": lambda a: (f"{2 * a['n'] if a.get('concealed') == 'both' else a['n']} pung(s) whose fourth copy is "
                        "free to kong", lambda s, a: s.kongable >= (2 * a["n"] if a.get("concealed") == "both"
                                                                     else a["n"])),
    "honor_pung": lambda a: (_honour(a), lambda s, a: (s.dragon_pungs if a["which"] == "dragon" else s.wind_pungs
                                                       if a["which"] in ("seat", "prevalent", "wind")
                                                       else s.wind_pungs + s.dragon_pungs) >= 1),
    "melded_hand": lambda a: ("four sets and a pair, to claim the four sets", lambda s, a: s.form is Form.REGULAR),
    "wait": lambda a: ({"edge": "a 1-2-3 or 7-8-9 chow, with four sets and a pair",
                        "closed": "a chow, with four sets and a pair", "single": "sets and a pair"}[a["shape"]],
                       lambda s, a: s.form in _SETS_AND_PAIR and (
                           s.edge_chows >= 1 if a["shape"] == "edge" else s.chows >= 1 if a["shape"] == "closed"
                           else True)),
    "pinfu": lambda a: ("four chows and a pair that is not a dragon",
                        lambda s, a: s.form is Form.REGULAR and s.chows == 4 and not s.dragon_pair),
    "single_wait_pungs": lambda a: ("four pungs and a pair", lambda s, a: s.form is Form.REGULAR and s.pungs == 4),
    "thirteen_wait": lambda a: ("the thirteen orphans", lambda s, a: s.form is Form.THIRTEEN_ORPHANS),
    "nine_gates": lambda a: ("one suit's 1112345678999 and one more tile", lambda s, a: s.nine_gates),
    "win_context": lambda a: (("a tile held once, which the robbed kong's tile completes", lambda s, a: s.single)
                              if a["flag"] == "robbing_kong" else ("", lambda s, a: True)),
    "dora": lambda a: (("a five (a red five is one)", lambda s, a: s.fives != 0) if a["kind"] == "red"
                       else ("", lambda s, a: True)),
}


def requirement(p: Pattern) -> Requirement:
    """What `p` (a pattern that reads more than the tiles) asks of a concealed division; ('', always) if nothing."""
    make = REQUIREMENTS.get(p.detect)
    if make is None:
        return "", lambda s, a: True
    args = {name: param.default for name, param in REGISTRY[p.detect].params.items()} | dict(p.params)
    words, test = make(args)
    return words, lambda s, _a, test=test, args=args: test(s, args)


# ----------------------------------------------------------------------------- what a pattern needs of the win


def _flag(name: str, value: str) -> tuple[tuple[str, bool], ...]:
    return () if value == "any" else ((name, value == "yes"),)


def needs(p: Pattern, rs: Ruleset | None = None) -> Needs:
    """What `p` needs of the win (`Needs()` when nothing): each a necessary condition of its detector or of the
    notation, and (with `rs`) of its rule set's game (`Policy.win_needs`); tests/test_pairs.py checks them
    wherever the pattern shows on the seeded hand streams."""
    own = _detector_needs(p)
    return own.also(rs.scoring.win_needs(rs, p)) if rs is not None else own


def _detector_needs(p: Pattern) -> Needs:
    a = {name: param.default for name, param in REGISTRY[p.detect].params.items()} | dict(p.params)
    d = p.detect
    if d == "first_turn":
        return Needs(claimed=(0, 0), flags=(("first_turn", True),) + _flag("tsumo", a["tsumo"]) + _flag(
            "dealer", a["dealer"]), words="a first-turn win, before any tile was claimed")
    if d == "declared":
        flag = {"riichi": "riichi", "double-riichi": "double_riichi", "ippatsu": "ippatsu"}[a["kind"]]
        return Needs(claimed=(0, 0), flags=((flag, True),), words="a declaration on a hand with no claimed meld")
    if d in ("concealed_hand", "pinfu", "single_wait_pungs"):
        return Needs(claimed=(0, 0), flags=_flag("tsumo", a.get("tsumo", "any")), words="a hand with no claimed meld")
    if d == "nine_gates" and a["concealed"]:
        return Needs(melds=(0, 0), words="a hand with no meld declared")
    if d == "melded_hand":
        return Needs(claimed=(4, 4), flags=(("tsumo", False),), words="four claimed melds and a win on a discard")
    if d == "kongs":
        n = a["n"]
        if a["concealed"] == "no":
            return Needs(claimed=(n, 4), kongs=(n, 4), words=f"{n} claimed kong(s)")
        if a["concealed"] == "both":
            return Needs(claimed=(n, 4), melds=(2 * n, 4), kongs=(2 * n, 4),
                         words=f"{n} concealed and {n} claimed kong(s)")
        return Needs(melds=(n, 4), kongs=(n, 4), words=f"{n} kong(s)")
    if d == "concealed_pungs":  # n of the four sets are concealed pungs: at most the rest were claimed
        n = a["n"]
        return Needs(claimed=(0, 4 - n), words=f"{n} concealed pung(s), so at most {4 - n} claimed set(s)")
    if d == "self_drawn":
        return Needs(flags=(("tsumo", True),), words="a self-drawn win")
    if d == "win_context":
        flags = ((a["flag"], True),) + _flag("tsumo", a["tsumo"])
        if a["flag"] == "robbing_kong":
            flags += (("tsumo", False),)
        return Needs(flags=tuple(sorted(set(flags))), words=f"the {a['flag'].replace('_', '-')} flag")
    if d == "dora" and a.get("kind") == "ura":
        return Needs(flags=(("declared_riichi", True),), words="a riichi declared, for its ura dora")
    return Needs()


EXCLUSIVE = {"wait": "shape"}
"""Detectors that give one answer per reading, told apart by a parameter: a reading has one wait (waits.py
scores the best of edge, closed and single), so two wait patterns never show together."""


def one_at_a_time(p: Pattern, q: Pattern) -> str | None:
    """The reason two patterns of one such detector, with different answers, never show together; else None."""
    param = EXCLUSIVE.get(p.detect)
    if param is None or p.detect != q.detect or dict(p.params).get(param) == dict(q.params).get(param):
        return None
    return f"a reading has one {param} of {p.detect}: {p.en} and {q.en} are two different ones"
