"""What a pattern page says about how often its pattern occurs, from the stored figures (`store`).

Four cases: figures (current, or marked as computed for earlier rule data, with the command
that refreshes them), of the complete hands for a pattern of the tiles and of the wins for a
pattern that reads the winning tile (`wins`); a pattern of play, which no count gives a figure,
with what it reads (`play`); a rule set the run cannot cover; and figures not computed yet. Shares are
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

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor, log10
from pathlib import Path
from typing import Any

from ..messages import N_, Message, Name
from ..rules import CONTENT_DIR, Pattern, Ruleset
from .ghost import ghost_supported
from .play import play_reason
from .published import PublishedFigure, check_agreement
from .run import uncovered
from .store import read_stats, tiles_current, wins_current
from .tally import tile_only
from .wins import WAYS, reads_win

REFRESH = "mahjong-atlas stats --ruleset {id}"

WAY_LABELS = {"discard": Message(N_("On a discard")), "self_drawn": Message(N_("Self-drawn"))}


@dataclass(frozen=True)
class Share:
    """Hands that show or count a pattern: how many distinct hands, and the weighted share as odds and percent."""

    hands: int
    one_in: float | int | None  # None: no hand
    percent: str


@dataclass(frozen=True)
class Way:
    """The figures of a win pattern for one way of winning (its wins are half of all)."""

    label: str
    shown: Share
    counted: Share


@dataclass(frozen=True)
class Frequency:
    """The frequency section of one pattern page. `status`: "figures", "context", "uncovered" or "missing"."""

    status: str
    reason: str = ""
    current: bool = True
    refresh: str = ""  # the command that recomputes the rule set's figures
    population: int = 0  # complete hands of the rule set; for `wins`, wins (both ways together)
    shown: Share | None = None
    counted: Share | None = None
    rank: str = ""  # "3rd"; none for win patterns
    of: int = 0  # tile patterns ranked
    wins: bool = False  # figures of the wins (each hand with each winning tile, both ways), not of the hands
    ghosts: bool = False  # the population holds hands with ghosts (stats/ghost.py)
    ways: tuple[Way, ...] = ()
    published: PublishedFigure | None = None  # a published count of the same hands, and whether it is the atlas's
    agrees: bool = False


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
    whether its population's figures are current (`tiles_current` or `wins_current`, the same for every pattern
    of the rule set that the population covers)."""
    if not tile_only(p) and not reads_win(p):
        return Frequency("context", play_reason(p))
    refresh = REFRESH.format(id=rs.id)
    if (why := uncovered(rs)) is not None:
        return Frequency("uncovered", Message(N_("The count of complete hands does not cover %(ruleset)s yet: "
                                                 "%(why)s."), ruleset=Name(rs.name, rs.zh), why=Message(why)))
    if reads_win(p):
        return _win_frequency(rs, p, stored, current, refresh)
    row = stored["patterns"].get(p.id) if stored is not None else None
    if stored is None or row is None:
        return Frequency("missing", Message(N_("No figures have been computed for this pattern yet.")),
                         refresh=refresh)
    total = stored["weight"]
    return Frequency(
        "figures", current=tiles_current(stored, rs) if current is None else current, refresh=refresh,
        population=stored["hands"],
        shown=_share(row["hands_shown"], row["weighted_shown"], total),
        counted=_share(row["hands_counted"], row["weighted_counted"], total),
        rank=ordinal(row["rank"]), of=len(stored["patterns"]), ghosts=ghost_supported(rs),
    )


def _win_frequency(rs: Ruleset, p: Pattern, stored: dict[str, Any] | None, current: bool | None,
                   refresh: str) -> Frequency:
    """A win pattern's figures: both ways together (equally likely), and each way on its own."""
    wins = stored.get("wins") if stored is not None else None
    rows = wins["patterns"].get(p.id) if wins is not None else None
    if stored is None or wins is None or rows is None:
        return Frequency("missing", Message(N_("No figures of the wins have been computed for this pattern yet.")),
                         refresh=refresh)
    per_way, weight = wins["wins"], wins["weight"]

    def both(key: str) -> Share:
        return _share(sum(rows[w][f"hands_{key}"] for w in WAYS), sum(rows[w][f"weighted_{key}"] for w in WAYS),
                      2 * weight)

    ways = tuple(Way(WAY_LABELS[w], _share(rows[w]["hands_shown"], rows[w]["weighted_shown"], weight),
                     _share(rows[w]["hands_counted"], rows[w]["weighted_counted"], weight)) for w in WAYS)
    return Frequency("figures", current=wins_current(stored, rs) is True if current is None else current,
                     refresh=refresh, population=2 * per_way, shown=both("shown"), counted=both("counted"),
                     wins=True, ways=ways, ghosts=ghost_supported(rs))


def ruleset_frequencies(rs: Ruleset, content: Path = CONTENT_DIR,
                        published: Mapping[tuple[str, str], PublishedFigure] | None = None) -> dict[str, Frequency]:
    """Pattern id -> its page's section, reading the rule set's stored figures once; `published` (from
    `published.load_published`) adds the published counts of the tile patterns."""
    stored = read_stats(rs.id, content)
    tiles = stored is not None and tiles_current(stored, rs)
    wins = stored is not None and wins_current(stored, rs) is True
    out = {p.id: pattern_frequency(rs, p, stored, wins if reads_win(p) else tiles) for p in rs.patterns}
    for (rid, pid), figure in (published or {}).items():
        f = out.get(pid) if rid == rs.id else None
        if f is None or f.status != "figures" or f.wins or stored is None:
            continue
        own = stored["patterns"][pid]["weighted_shown"]
        if f.current:
            check_agreement(figure, rs, pid, own)
        out[pid] = replace(f, published=figure, agrees=figure.weighted_shown == own)
    return out
