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
from dataclasses import dataclass, replace
from typing import Any

from ..detectors import REGISTRY
from ..detectors.suits import holds_nine_gates
from ..messages import N_, Message, Name, joined
from ..rules import Pattern, Ruleset
from ..scoring.families import policy_of
from ..scoring.needs import PLACES, Needs
from ..shapes import Form, Kind, Reading
from ..stats.hands import Vec
from ..tiles import DRAGONS

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
    gates = r.form is Form.REGULAR and holds_nine_gates(counts)
    return Shape(r.form, chows, edge, pungs, kongable, winds, dragons,
                 pair is not None and pair.tile in DRAGONS, 1 in counts, fives, gates)


Requirement = tuple[str, Callable[[Shape, Mapping[str, Any]], bool]]
"""(what it asks of the division, in words; the test)."""

_SETS_AND_PAIR = (Form.REGULAR, Form.KNITTED_STRAIGHT)


def _honour(a: Mapping[str, Any]) -> Message:
    wind = Message(N_("a wind pung"))
    return {"seat": wind, "prevalent": wind, "wind": wind, "dragon": Message(N_("a dragon pung")),
            }.get(a["which"], Message(N_("a wind or dragon pung")))


def _kongable(n: int) -> Message:
    return Message(N_("%(n)s pung(s) whose fourth copy is free to kong"), n=n)


REQUIREMENTS: dict[str, Callable[[Mapping[str, Any]], Requirement]] = {
    "concealed_pungs": lambda a: (Message(N_("at least %(n)s pung(s) among its sets"), n=a["n"]),
                                  lambda s, a: s.pungs >= a["n"]),
    "kongs": lambda a: (_kongable(2 * a["n"] if a.get("concealed") == "both" else a["n"]),
                        lambda s, a: s.kongable >= (2 * a["n"] if a.get("concealed") == "both" else a["n"])),
    "honor_pung": lambda a: (_honour(a), lambda s, a: (s.dragon_pungs if a["which"] == "dragon" else s.wind_pungs
                                                       if a["which"] in ("seat", "prevalent", "wind")
                                                       else s.wind_pungs + s.dragon_pungs) >= 1),
    "melded_hand": lambda a: (Message(N_("four sets and a pair, to claim the four sets")),
                              lambda s, a: s.form is Form.REGULAR),
    "one_tile_left": lambda a: (Message(N_("four sets and a pair, to declare the four sets")),
                                lambda s, a: s.form is Form.REGULAR),
    "wait": lambda a: (Message({"edge": N_("a 1-2-3 or 7-8-9 chow, with four sets and a pair"),
                                "closed": N_("a chow, with four sets and a pair"),
                                "single": N_("sets and a pair")}[a["shape"]]),
                       lambda s, a: s.form in _SETS_AND_PAIR and (
                           s.edge_chows >= 1 if a["shape"] == "edge" else s.chows >= 1 if a["shape"] == "closed"
                           else True)),
    "pinfu": lambda a: (Message(N_("four chows and a pair that is not a dragon")),
                        lambda s, a: s.form is Form.REGULAR and s.chows == 4 and not s.dragon_pair),
    "single_wait_pungs": lambda a: (Message(N_("four pungs and a pair")),
                                    lambda s, a: s.form is Form.REGULAR and s.pungs == 4),
    "thirteen_wait": lambda a: (Message(N_("the thirteen orphans")), lambda s, a: s.form is Form.THIRTEEN_ORPHANS),
    "nine_gates": lambda a: (Message(N_("one suit's 1112345678999 and one more tile")), lambda s, a: s.nine_gates),
    "win_context": lambda a: ((Message(N_("a tile held once, which the robbed kong's tile completes")),
                               lambda s, a: s.single)
                              if a["flag"] == "robbing_kong" else ("", lambda s, a: True)),
    "dora": lambda a: ((Message(N_("a five (a red five is one)")), lambda s, a: s.fives != 0) if a["kind"] == "red"
                       else ("", lambda s, a: True)),
}


def detector_args(p: Pattern) -> dict[str, Any]:
    """The pattern's detector arguments, defaults filled in."""
    return REGISTRY[p.detect].arguments(p.params)


def places(s: Shape) -> frozenset[str]:
    """Where a division lets the winning tile sit (scoring.needs.PLACES)."""
    out = set()
    if s.chows:
        out.add("chow")
    if s.pungs:
        out.add("pung")
    if s.form in (Form.REGULAR, Form.KNITTED_STRAIGHT, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS):
        out.add("pair")
    if s.form in (Form.KNITTED_STRAIGHT, Form.HONORS_KNITTED, Form.THIRTEEN_ORPHANS):
        out.add("single")
    return frozenset(out)


_IN = {"chow": Message(N_("a chow")), "pung": Message(N_("a pung")), "pair": Message(N_("the pair")),
       "single": Message(N_("a lone tile"))}


def requirement(p: Pattern, rs: Ruleset | None = None) -> Requirement:
    """What `p` (a pattern that reads more than the tiles) asks of a concealed division, its detector's
    requirement and what its needs of the win (with `rs`, its rule set's too) imply: as many pungs free to kong
    as it needs kongs, and a set the winning tile can complete where it needs it; ('', always) if nothing."""
    make = REQUIREMENTS.get(p.detect)
    args = detector_args(p)
    words, test = make(args) if make is not None else ("", lambda s, a: True)
    need = needs(p, rs)
    said = [words] if words else []
    if need.kongs[0] and p.detect != "kongs":
        said.append(_kongable(need.kongs[0]))
    for kinds in (need.win_only, need.win_some):
        if kinds != PLACES:
            said.append(Message(N_("the winning tile in %(places)s"),
                                places=joined((_IN[x] for x in sorted(kinds)), N_(" or "))))

    def check(s: Shape, _a: Any) -> bool:
        at = places(s)
        return test(s, args) and s.kongable >= need.kongs[0] and bool(at & need.win_only and at & need.win_some)
    return joined(said, N_("; ")), check


def counts_copies(p: Pattern, rs: Ruleset | None = None) -> bool:
    """Whether `p`'s requirement counts copies of a tile beyond the division's own (a fourth copy free to kong, a
    robbed kong's tile held once): a ghost may stand for a copy past the four, so a rule set of ghosts cannot
    rest a `never` of `p` on the walk (walk.py)."""
    return _robbing(p) or p.detect == "kongs" or needs(p, rs).kongs[0] > 0


# ----------------------------------------------------------------------------- what a pattern needs of the win


def _flag(name: str, value: str) -> tuple[tuple[str, bool], ...]:
    return () if value == "any" else ((name, value == "yes"),)


def needs(p: Pattern, rs: Ruleset | None = None) -> Needs:
    """What `p` needs of the win (`Needs()` when nothing): each a necessary condition of its detector or of the
    notation, and (with `rs`) of its rule set's game (`Policy.win_needs`); tests/test_pairs.py checks them
    wherever the pattern shows on the seeded hand streams."""
    own = _detector_needs(p)
    if rs is None:
        return own
    if _robbing(p) and policy_of(rs.policy).plays_ghosts(rs):  # a ghost may pair or pung the robbed tile
        own = replace(own, win_only=PLACES, words=_ROBBING)
    return own.also(policy_of(rs.policy).win_needs(rs, p))


_ROBBING = Message(N_("the robbing-kong flag"))


def _robbing(p: Pattern) -> bool:
    return p.detect == "win_context" and detector_args(p)["flag"] == "robbing_kong"


def _detector_needs(p: Pattern) -> Needs:
    a = detector_args(p)
    d = p.detect
    if d == "first_turn":
        return Needs(claimed=(0, 0), flags=(("first_turn", True),) + _flag("tsumo", a["tsumo"]) + _flag(
            "dealer", a["dealer"]), words=Message(N_("a first-turn win, before any tile was claimed")))
    if d == "declared":
        flag = {"riichi": "riichi", "double-riichi": "double_riichi", "ippatsu": "ippatsu",
                "ready": "declared_riichi"}[a["kind"]]
        if a["open"]:  # 推倒和: a hand with claimed melds may declare ready
            return Needs(flags=((flag, True),), words=Message(N_("a declaration")))
        return Needs(claimed=(0, 0), flags=((flag, True),),
                     words=Message(N_("a declaration on a hand with no claimed meld")))
    if d in ("concealed_hand", "pinfu", "single_wait_pungs"):
        place = {"pinfu": frozenset({"chow"}), "single_wait_pungs": frozenset({"pair"})}.get(d, PLACES)
        return Needs(claimed=(0, 0), flags=_flag("tsumo", a.get("tsumo", "any")), win_some=place,
                     words=Message({"pinfu": N_("a hand with no claimed meld, won inside a chow"),
                                    "single_wait_pungs": N_("a hand with no claimed meld, won on the pair")}.get(
                         d, N_("a hand with no claimed meld"))))
    if d == "nine_gates" and a["concealed"]:
        return Needs(melds=(0, 0), words=Message(N_("a hand with no meld declared")))
    if d == "one_tile_left":  # four melds, concealed kongs included: the winning tile completes the pair
        return Needs(melds=(4, 4), win_only=frozenset({"pair"}),
                     words=Message(N_("four melds declared and a win that completes the pair")))
    if d == "melded_hand":  # the four sets claimed, the winning tile completes the pair
        return Needs(claimed=(4, 4), flags=(("tsumo", False),), win_only=frozenset({"pair"}),
                     words=Message(N_("four claimed melds and a win on a discard that completes the pair")))
    if d == "kongs":
        n = a["n"]
        hidden, open_kongs = {"no": (0, n), "both": (n, n), "yes": (n, 0)}.get(a["concealed"], (0, 0))
        total = max(n, hidden + open_kongs)
        words = Message({"no": N_("%(n)s claimed kong(s)"), "both": N_("%(n)s concealed and %(n)s claimed kong(s)"),
                         "yes": N_("%(n)s concealed kong(s)")}.get(a["concealed"], N_("%(n)s kong(s)")), n=n)
        return Needs(kongs=(total, 4), hidden=(hidden, 4), open_kongs=(open_kongs, 4), words=words,
                     win_only=frozenset({"pair"}) if total == 4 else PLACES).tight()
    if d == "wait":
        shape = a["shape"]
        return Needs(win_some=frozenset({"pair" if shape == "single" else "chow"}),
                     words=Message(N_("a win on the pair") if shape == "single" else N_("a win inside a chow")))
    if d == "thirteen_wait":
        return Needs(win_some=frozenset({"pair"}), words=Message(N_("a win on the orphan already held")))
    if d == "concealed_pungs":  # n of the four sets are concealed pungs: at most the rest were claimed
        n = a["n"]
        return Needs(claimed=(0, 4 - n), words=Message(N_("%(n)s concealed pung(s), so at most %(m)s claimed set(s)"),
                                                       n=n, m=4 - n))
    if d == "self_drawn":
        return Needs(flags=(("tsumo", True),), words=Message(N_("a self-drawn win")))
    if d == "win_context":
        flags = ((a["flag"], True),) + _flag("tsumo", a["tsumo"])
        words = Message(N_("the %(flag)s flag"), flag=a["flag"].replace("_", "-"))
        if a["flag"] == "robbing_kong":  # the notation refuses a robbed tile held anywhere else in the hand
            return Needs(flags=tuple(sorted(set(flags + (("tsumo", False),)))), win_only=frozenset({"chow", "single"}),
                         words=Message(N_("the robbing-kong flag, on a tile held nowhere else")))
        return Needs(flags=tuple(sorted(set(flags))), words=words)
    if d == "form" and a["shape"] not in ("knitted-straight", "four-ghosts"):  # four ghosts stand beside any melds
        return Needs(melds=(0, 0), words=Message(N_("no meld: its tiles make no set to declare")))
    if d == "dora" and a.get("kind") == "ura":
        return Needs(flags=(("declared_riichi", True),), words=Message(N_("a riichi declared, for its ura dora")))
    return Needs()


SET_ASIDE_BY_A_KONG = frozenset({"nine_gates", "tile_list", "tile_hog", "hog_group", "quad_pairs"})
"""Tile detectors that read how many copies of a tile the hand holds: konging a pung adds its fourth copy, so one
that shows on a concealed division may not show once a pung of it is konged. The others show on a division
however its sets were claimed or konged (tests/test_pairs.py tries to break that), so a tile pattern the walk
sees on every division of a pair shows wherever the pair does."""


def steady(p: Pattern) -> bool:
    """Whether tile pattern `p` shows on a division however its sets are claimed or konged."""
    return p.detect not in SET_ASIDE_BY_A_KONG


def forces(p: Pattern, n: Needs, pungs: int = 0) -> bool:
    """Whether `p` shows on every win that meets `n`, whatever the division: a pattern that counts kongs or
    concealed pungs, or reads the self-draw or a concealed hand, where `n` asks for at least as much (four
    concealed kongs and nothing claimed: four concealed pungs won on the pair). `pungs`: the division's; nothing
    claimed and a self-draw make every pung concealed."""
    a = detector_args(p)
    d = p.detect
    if d == "kongs":
        k, hidden, open_kongs = a["n"], n.hidden[0], n.open_kongs[0]
        return {"any": n.kongs[0] >= k, "yes": hidden >= k, "no": open_kongs >= k,
                "both": hidden >= k and open_kongs >= k}[a["concealed"]]
    if d == "concealed_pungs":  # a concealed kong is a concealed pung
        return n.hidden[0] >= a["n"] or (n.claimed[1] == 0 and ("tsumo", True) in n.flags and pungs >= a["n"])
    if d == "single_wait_pungs":
        return n.kongs[0] == 4 and n.claimed[1] == 0
    if d == "self_drawn":
        return ("tsumo", True) in n.flags
    if d == "concealed_hand":
        return n.claimed[1] == 0 and (a["tsumo"] == "any" or ("tsumo", a["tsumo"] == "yes") in n.flags)
    return False


EXCLUSIVE = {"wait": "shape"}
"""Detectors that give one answer per reading, told apart by a parameter: a reading has one wait (waits.py
scores the best of edge, closed and single), so two wait patterns never show together."""


def one_at_a_time(p: Pattern, q: Pattern) -> str | None:
    """The reason two patterns of one such detector, with different answers, never show together; else None."""
    param = EXCLUSIVE.get(p.detect)
    if param is None or p.detect != q.detect or dict(p.params).get(param) == dict(q.params).get(param):
        return None
    return Message(N_("a reading has one %(param)s of %(detector)s: %(a)s and %(b)s are two different ones"),
                   param=param, detector=p.detect, a=Name(p.en, p.zh), b=Name(q.en, q.zh))
