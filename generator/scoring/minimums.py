"""Minimum hand values for a win, with a separate line for self-draws and for discards.

Rule data lists the levels (`[[options.minimums]]`, each with `level`, `self_draw`,
`discard` and the `editions` that play it) and names the one in force (`minimum`, a level
such as "V" or an edition-level such as "D-V"). Sihai's 起和标准 is the first user: its
five levels belong to four editions, and the standard edition plays IV or V.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..messages import N_, Message
from ..rules import Ruleset


@dataclass(frozen=True)
class Minimum:
    level: str
    self_draw: int
    discard: int

    def line(self, tsumo: bool) -> int:
        return self.self_draw if tsumo else self.discard


def _matches(row: Mapping[str, Any], choice: str) -> bool:
    return row.get("level") == choice or choice in row.get("editions", ())


def minimum_of(ruleset: Ruleset, choice: str | None = None) -> Minimum | None:
    """The level in force (or the one `choice` names); None when the rule set has no minimum."""
    rows = ruleset.option("minimums")
    choice = choice or ruleset.option("minimum")
    if not rows or choice is None:
        return None
    for row in rows:
        if _matches(row, choice):
            return Minimum(str(row["level"]), int(row["self_draw"]), int(row["discard"]))
    known = ", ".join(str(r.get("level")) for r in rows)
    raise ValueError(f"{ruleset.id}: minimum {choice!r} is not a level or edition-level of options.minimums ({known})")


def below_minimum(ruleset: Ruleset, total: int, tsumo: bool) -> str | None:
    """Why a win worth `total` is not allowed, or None when it reaches the line (or there is none)."""
    m = minimum_of(ruleset)
    if m is None:
        return None
    line = m.line(tsumo)
    if total >= line:
        return None
    how = N_("%(total)s is below the self-draw line %(line)s of minimum level %(level)s, so the win is not allowed") \
        if tsumo else N_("%(total)s is below the discard line %(line)s of minimum level %(level)s, so the win is not "
                         "allowed")
    return Message(how, total=total, line=line, level=m.level)
