"""What a pattern needs of how a hand was won, beyond the division of its tiles: the compatibility matrix's
short arguments for `never` (two patterns whose needs no win meets together; generator/pairs/potential.py).

It sits with the policies because a family's game adds needs of its own (`Policy.win_needs`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..hand import Hand
from ..messages import N_, joined
from ..shapes import Form, Kind, Reading

PLACES = frozenset({"chow", "pung", "pair", "single"})
"""Where the winning tile can sit in a reading: in a chow, a pung or the pair it completes, or alone (a knitted
or orphan tile, or one of the loose tiles of honours and knitted)."""


@dataclass(frozen=True)
class Needs:
    """What a pattern of the win needs of how the hand was won, beyond its division: how many claimed melds, how
    many declared ones (claimed, or concealed kongs), how many kongs, how many of them concealed (`hidden`) and
    claimed (`open_kongs`),
    where the winning tile sits (subsets of PLACES: every concealed set that holds a copy of it is of a kind in
    `win_only`, some is of a kind in `win_some`), and flags that must be set or unset (`tsumo`,
    `dealer`, `first_turn`, `last_tile`, `after_kong`, `robbing_kong`, `ippatsu`, and `declared_riichi` for
    riichi or double riichi)."""

    claimed: tuple[int, int] = (0, 4)
    melds: tuple[int, int] = (0, 4)
    kongs: tuple[int, int] = (0, 4)
    flags: tuple[tuple[str, bool], ...] = ()
    words: str = ""
    hidden: tuple[int, int] = (0, 4)
    open_kongs: tuple[int, int] = (0, 4)
    win_only: frozenset[str] = PLACES
    win_some: frozenset[str] = PLACES

    def meet(self, other: Needs) -> bool:
        """Whether some win meets both."""
        mine = dict(self.flags)
        if any(mine.get(name, value) != value for name, value in other.flags):
            return False
        both = self.also(other).tight()
        only = both.win_only
        return (all(lo <= hi for lo, hi in (both.claimed, both.melds, both.kongs, both.hidden, both.open_kongs))
                and bool(only & self.win_some and only & other.win_some))

    def tight(self) -> Needs:
        """The same needs with each count's bounds narrowed by the others: the kongs are the concealed ones and
        the claimed ones, a claimed kong is a claimed meld, and the declared melds are the claimed ones and the
        concealed kongs."""
        n = self
        for _ in range(3):
            (c0, c1), (m0, m1), (k0, k1), (h0, h1), (o0, o1) = n.claimed, n.melds, n.kongs, n.hidden, n.open_kongs
            o1 = min(o1, c1, k1 - h0)
            h1 = min(h1, k1 - o0, m1 - c0)
            o0 = max(o0, k0 - h1)
            h0 = max(h0, k0 - o1, m0 - c1)  # declared melds not claimed are concealed kongs
            k0, k1 = max(k0, h0 + o0), min(k1, h1 + o1)
            c0 = max(c0, o0, m0 - h1)
            c1 = min(c1, m1 - h0)
            m0, m1 = max(m0, c0 + h0, k0), min(m1, c1 + h1)
            n = replace(n, claimed=(c0, c1), melds=(m0, m1), kongs=(k0, k1), hidden=(h0, h1), open_kongs=(o0, o1))
        return n

    def holds(self, hand: Hand, reading: Reading | None = None) -> bool:
        """Whether `hand` (and, given, the reading on which the pattern showed) meets these needs: what the tests
        check wherever the pattern shows."""
        ctx = hand.context
        if reading is not None:
            at = win_places(hand, reading)
            if not (at <= self.win_only and at & self.win_some):
                return False
        return self.melds_hold(hand) and all((ctx.declared_riichi if name == "declared_riichi" else getattr(ctx, name)) == value
                              for name, value in self.flags)

    def melds_hold(self, hand: Hand) -> bool:
        """Whether `hand`'s melds meet the counts: claimed, declared, kongs, concealed and claimed kongs."""
        claimed = sum(1 for m in hand.melds if not m.concealed)
        kongs = sum(1 for m in hand.melds if m.is_kong)
        hidden = sum(1 for m in hand.melds if m.is_kong and m.concealed)
        return all(lo <= n <= hi for n, (lo, hi) in ((claimed, self.claimed), (len(hand.melds), self.melds),
                                                      (kongs, self.kongs), (hidden, self.hidden),
                                                      (kongs - hidden, self.open_kongs)))

    def also(self, other: Needs | None) -> Needs:
        """Both needs at once (the policy's beside the detector's, or two patterns' on one win): a flag both name
        takes `other`'s value, so check `meet` first where they may differ."""
        if other is None:
            return self
        some = other.win_some if self.win_some == PLACES else self.win_some if other.win_some == PLACES else (
            self.win_some | other.win_some)  # some set holds it in each: in the union, at least
        return Needs(_within(self.claimed, other.claimed), _within(self.melds, other.melds),
                     _within(self.kongs, other.kongs), tuple(sorted({**dict(self.flags), **dict(other.flags)}.items())),
                     _words(self.words, other.words), _within(self.hidden, other.hidden),
                     _within(self.open_kongs, other.open_kongs), self.win_only & other.win_only, some)


def _words(a: str, b: str) -> str:
    """Both needs' words, said one after the other (either alone when the other says nothing)."""
    return joined((a, b), N_("; ")) if a and b else a or b


def _within(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return max(a[0], b[0]), min(a[1], b[1])


_PLACE = {Kind.CHOW: "chow", Kind.PUNG: "pung", Kind.KONG: "pung", Kind.PAIR: "pair", Kind.KNITTED: "single"}


def win_places(hand: Hand, reading: Reading) -> frozenset[str]:
    """The kinds of the concealed sets of `reading` that hold a copy of the winning tile (any of them may be the
    one it completed: the wait patterns judge that); for the forms without sets, alone or (thirteen orphans
    holding it twice) in the pair."""
    if reading.sets:
        return frozenset(_PLACE[s.kind] for s in reading.sets if not s.melded and s.holds(hand.win_tile))
    if reading.form is Form.THIRTEEN_ORPHANS and hand.win_tile in hand.concealed:
        return frozenset({"pair"})
    return frozenset({"single"})
