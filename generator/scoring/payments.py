"""Who pays what once a hand's value is known.

Schemes are data in the rule-set options (`[[options.payment]]`); the arithmetic of
each kind lives here so the site and the engine agree on every figure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .result import Payment


def payments(schemes: list[Mapping[str, Any]], value: int, tsumo: bool) -> list[Payment]:
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
        elif kind == "par":
            par = s["par"]
            if tsumo or value <= par:
                out.append(Payment(sid, "each", value))
            else:
                out.append(Payment(sid, "discarder", 3 * value - 2 * par))
                out.append(Payment(sid, "other", par))
        else:
            raise ValueError(f"unknown payment kind {kind!r} in scheme {sid!r}")
    return out
