"""Two patterns that read only how the hand was won: every combination of flags decides them.

Such a detector (`CONTEXT_ONLY`) reads the flags and nothing of the tiles (tests/test_examples_matrix.py
checks this on the example stream), so two probe hands with every combination of flags that the notation
accepts and the rule set's game allows (`Policy.problem`), each in the East seat and another (Riichi's dealer is
the East seat), are the whole space: when no combination shows both, no hand does. The probes are concealed and
win on a tile they hold once (so robbing a kong is open to them), one of them with a concealed kong (so is a win
on its replacement tile).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import product

from .. import detectors
from ..messages import N_, Message
from ..hand import Hand, WinContext
from ..notation import HandError, format_hand, parse_hand
from ..rules import Ruleset
from ..scoring.families import policy_of
from ..shapes import readings
from ..tiles import EAST

CONTEXT_ONLY = frozenset({"win_context", "first_turn", "self_drawn", "declared"})
"""Detectors that read only `WinContext` (generator/detectors/context.py, riichi.py's declarations)."""

PROBES = ("12356m456p789s55s+4m", "12356m456p55s{1111z}+4m")
SEATS = (EAST, EAST + 1)
"""The East seat and another: Riichi's dealer is the East seat, so a flag combination is tried in both."""
_FLAGS = ("tsumo", "last_tile", "after_kong", "robbing_kong", "last_copy", "first_turn", "dealer",
          "riichi", "double_riichi", "ippatsu")


@cache
def contexts() -> tuple[Hand, ...]:
    """Every win context the notation accepts, on each probe hand, in the East seat and another (flags only; tiles
    do not matter)."""
    out: list[Hand] = []
    seen: set[str] = set()
    for probe, bits, seat in product(map(parse_hand, PROBES), product((False, True), repeat=len(_FLAGS)), SEATS):
        ctx = WinContext(**dict(zip(_FLAGS, bits, strict=True)), seat=seat)
        try:
            hand = parse_hand(format_hand(replace(probe, context=ctx)))
        except HandError:
            continue
        key = format_hand(hand)
        if key not in seen:
            seen.add(key)
            out.append(hand)
    return tuple(out)


def context_never(rs: Ruleset, a: str, b: str) -> str | None:
    """When both detectors read only the win context and no accepted context shows both: the reason; else None."""
    pa, pb = rs.pattern(a), rs.pattern(b)
    if pa.detect not in CONTEXT_ONLY or pb.detect not in CONTEXT_ONLY:
        return None
    allowed = [h for h in contexts() if policy_of(rs.policy).problem(h) is None]
    for hand in map(policy_of(rs.policy).prepare, allowed):  # as the family's detectors see it (Riichi: East deals)
        view = detectors.View(hand, readings(hand)[0])
        if detectors.run(pa.detect, view, dict(pa.params)) and detectors.run(pb.detect, view, dict(pb.params)):
            return None
    return Message(N_("checked every one of the %(n)s combinations of win flags and seat (East or not) that the "
                      "notation and the game allow, on a concealed hand with and without a kong: the two conditions "
                      "never hold together"), n=len(allowed))
