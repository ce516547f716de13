"""What a pattern needs of how a hand was won, beyond the division of its tiles: the compatibility matrix's
short arguments for `never` (two patterns whose needs no win meets together; generator/pairs/potential.py).

It sits with the policies because a family's game adds needs of its own (`Policy.win_needs`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand


@dataclass(frozen=True)
class Needs:
    """What a pattern of the win needs of how the hand was won, beyond its division: how many claimed melds, how
    many declared ones (claimed, or concealed kongs) and how many kongs, and flags that must be set or unset
    (`tsumo`, `dealer`, `first_turn`, `last_tile`, `after_kong`, `robbing_kong`, `ippatsu`, and
    `declared_riichi` for riichi or double riichi)."""

    claimed: tuple[int, int] = (0, 4)
    melds: tuple[int, int] = (0, 4)
    kongs: tuple[int, int] = (0, 4)
    flags: tuple[tuple[str, bool], ...] = ()
    words: str = ""

    def meet(self, other: Needs) -> bool:
        """Whether some win meets both."""
        claimed = max(self.claimed[0], other.claimed[0]), min(self.claimed[1], other.claimed[1])
        kongs = max(self.kongs[0], other.kongs[0]), min(self.kongs[1], other.kongs[1])
        melds = max(self.melds[0], other.melds[0], claimed[0], kongs[0]), min(self.melds[1], other.melds[1])
        if claimed[0] > claimed[1] or melds[0] > melds[1] or kongs[0] > kongs[1]:
            return False
        mine = dict(self.flags)
        return all(mine.get(name, value) == value for name, value in other.flags)

    def holds(self, hand: Hand) -> bool:
        """Whether `hand` meets these needs (what the tests check wherever the pattern shows)."""
        ctx = hand.context
        claimed = sum(1 for m in hand.melds if not m.concealed)
        kongs = sum(1 for m in hand.melds if m.is_kong)
        within = all(lo <= n <= hi for n, (lo, hi) in ((claimed, self.claimed), (len(hand.melds), self.melds),
                                                        (kongs, self.kongs)))
        return within and all((ctx.declared_riichi if name == "declared_riichi" else getattr(ctx, name)) == value
                              for name, value in self.flags)

    def also(self, other: Needs | None) -> Needs:
        """Both needs at once (the policy's beside the detector's)."""
        if other is None:
            return self
        return Needs((max(self.claimed[0], other.claimed[0]), min(self.claimed[1], other.claimed[1])),
                     (max(self.melds[0], other.melds[0]), min(self.melds[1], other.melds[1])),
                     (max(self.kongs[0], other.kongs[0]), min(self.kongs[1], other.kongs[1])),
                     tuple(sorted({**dict(self.flags), **dict(other.flags)}.items())),
                     "; ".join(w for w in (self.words, other.words) if w))
