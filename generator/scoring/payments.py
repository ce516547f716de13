"""Who pays what once a hand's value is known.

Schemes are data in the rule-set options (`[[options.payment]]`); the arithmetic of
each kind lives here so the site and the engine agree on every figure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .result import Payment


def payments(schemes: list[Mapping[str, Any]], value: int, tsumo: bool, *, robbed: bool = False, horses: int = 0
             ) -> list[Payment]:
    """What each payer owes the winner of a hand worth `value` under each scheme. `robbed` (a win on a robbed kong)
    and `horses` (matching horse tiles) are read by the `base` schemes that name them."""
    out: list[Payment] = []
    for s in schemes:
        kind = s.get("kind", "multiples")
        sid = s["id"]
        if kind == "multiples":
            if tsumo:
                out.append(Payment(sid, "each", value * s["self_draw"]))
            else:
                out.append(Payment(sid, "discarder", value * s["discarder"]))
                out.append(Payment(sid, "other", value * s["others"]))
        elif kind == "base":
            out.append(_of_base(sid, s, value, tsumo, robbed, horses))
        elif kind == "par":
            out.extend(_par(sid, s, value, tsumo))
        else:
            raise ValueError(f"unknown payment kind {kind!r} in scheme {sid!r}")
    return out


def _par(sid: str, s: Mapping[str, Any], value: int, tsumo: bool) -> list[Payment]:
    """Bystanders' payments capped at `par`, the discarder covering the rest.

    A self-draw costs each loser `self_draw` × value. A discard moves
    (`discarder` + 2 × `others`) × value in all: each bystander pays `others` × value but
    at most `par`, and the discarder pays what remains. The multiples default to 1
    (Zung Jung 3.3's uniform scheme, par 25); Sihai's 分付线 uses 2 / 2 / 1.
    """
    if tsumo:
        return [Payment(sid, "each", value * s.get("self_draw", 1))]
    other = min(value * s.get("others", 1), s["par"])
    discarder = value * (s.get("discarder", 1) + 2 * s.get("others", 1)) - 2 * other
    if discarder == other:
        return [Payment(sid, "each", other)]
    return [Payment(sid, "discarder", discarder), Payment(sid, "other", other)]


def _of_base(sid: str, s: Mapping[str, Any], base: int, tsumo: bool, robbed: bool, horses: int) -> Payment:
    """Multiples of the rule set's basic points (the Guangdong texts' 基本分), which the family works out and
    passes as the value: on a discard the discarder alone pays `discarder` × base (the player whose kong was
    robbed `robbed` × base, when the scheme sets it apart), on a self-draw each other player `self_draw` × base
    and `horse` for each matching horse tile."""
    if tsumo:
        return Payment(sid, "each", base * s["self_draw"] + horses * s.get("horse", 0))
    if robbed and "robbed" in s:
        return Payment(sid, "robbed", base * s["robbed"])
    return Payment(sid, "discarder", base * s["discarder"])
