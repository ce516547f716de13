"""What a pattern page says about how often its pattern occurs, from the stored figures (`store`).

Four cases: figures (current, or marked as computed for earlier rule data, with the command
that refreshes them); a pattern that depends on how the hand is won, which no count of tiles
can give a figure; a rule set the run cannot cover; and figures not computed yet. Shares are
exact fractions of the stored integers, rounded only for display, so a page never shows a
figure the data does not hold.

>>> one_in(Fraction(1, 2340))
2340
>>> one_in(Fraction(3, 17)), one_in(Fraction(10, 1419))
(5.67, 142)
>>> percent(Fraction(1, 2340))
'0.0427'
>>> ordinal(3), ordinal(11), ordinal(22)
('3rd', '11th', '22nd')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor, log10
from pathlib import Path
from typing import Any

from ..rules import CONTENT_DIR, Pattern, Ruleset
from .run import uncovered
from .store import is_current, read_stats
from .tally import tile_only

REFRESH = "mahjong-atlas stats --ruleset {id}"

CONTEXT_REASON = ("It depends on how the hand is won or played (the winning tile, the wait, melds, concealment, "
                  "seat or round wind, flowers), not on the fourteen tiles alone, so a count of hands gives it no "
                  "figure.")


@dataclass(frozen=True)
class Share:
    """Hands that show or count a pattern: how many distinct hands, and the weighted share as odds and percent."""

    hands: int
    one_in: float | int | None  # None: no hand
    percent: str


@dataclass(frozen=True)
class Frequency:
    """The frequency section of one pattern page. `status`: "figures", "context", "uncovered" or "missing"."""

    status: str
    reason: str = ""
    current: bool = True
    refresh: str = ""  # the command that recomputes the rule set's figures
    population: int = 0  # complete hands of the rule set
    shown: Share | None = None
    counted: Share | None = None
    rank: str = ""  # "3rd"
    of: int = 0  # tile patterns ranked


def one_in(share: Fraction) -> float | int:
    """N of '1 in N', to three significant figures."""
    n = 1 / share
    digits = floor(log10(n)) - 2
    if digits < 0:
        return round(float(n), -digits)
    return round(n / 10**digits) * 10**digits


def percent(share: Fraction) -> str:
    """The share in percent, three significant figures, no exponent."""
    value = float(share * 100)
    if value == 0:
        return "0"
    decimals = max(0, 2 - floor(log10(value)))
    return f"{value:.{decimals}f}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _share(hands: int, weighted: int, total: int) -> Share:
    share = Fraction(weighted, total)
    return Share(hands, one_in(share) if weighted else None, percent(share))


def pattern_frequency(rs: Ruleset, p: Pattern, stored: dict[str, Any] | None,
                      current: bool | None = None) -> Frequency:
    """The section for pattern `p` of `rs`, given the rule set's stored figures (`read_stats`) and, when known,
    whether they are current (`is_current`, the same for every pattern of the rule set)."""
    if not tile_only(p):
        return Frequency("context", CONTEXT_REASON)
    refresh = REFRESH.format(id=rs.id)
    if (why := uncovered(rs)) is not None:
        return Frequency("uncovered", f"The count of complete hands does not cover {rs.name} yet: {why}.")
    row = stored["patterns"].get(p.id) if stored is not None else None
    if stored is None or row is None:
        return Frequency("missing", "No figures have been computed for this pattern yet.", refresh=refresh)
    total = stored["weight"]
    return Frequency(
        "figures", current=is_current(stored, rs) if current is None else current, refresh=refresh,
        population=stored["hands"],
        shown=_share(row["hands_shown"], row["weighted_shown"], total),
        counted=_share(row["hands_counted"], row["weighted_counted"], total),
        rank=ordinal(row["rank"]), of=len(stored["patterns"]),
    )


def ruleset_frequencies(rs: Ruleset, content: Path = CONTENT_DIR) -> dict[str, Frequency]:
    """Pattern id -> its page's section, reading the rule set's stored figures once."""
    stored = read_stats(rs.id, content)
    current = stored is not None and is_current(stored, rs)
    return {p.id: pattern_frequency(rs, p, stored, current) for p in rs.patterns}
