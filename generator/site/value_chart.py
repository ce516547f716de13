"""A rule set's patterns as value against rarity: the picture on its page, computed as plain data for the template.

Rule designers argue whether a pattern is worth what it costs to make; this puts each pattern's value beside the
stored odds its page already shows (`stats.frequency`, the "shown" line), nothing new computed from hands.

* Rarity is drawn on a log scale: the odds run from 1 in 2 to 1 in billions, and a linear axis would put every
  pattern but the rarest few on top of one another. Ticks are the powers of ten that cover the data.
* Value is drawn on a linear scale from 0, the way the rules add it up.
* A pattern that reads the winning tile is counted over the wins, not the hands: its point is a hollow diamond,
  never a dot, and the legend and the table say which population each figure is of.
* The template only places what is here: coordinates in SVG units rounded to one decimal, points in the rule
  set's pattern order, so the same figures give the same bytes. No JavaScript and no charting library: the page
  stays static and the picture scales with its viewBox.
* The picture is one image to assistive technology (role="img", no link inside: axe forbids it); the table under
  it is the accessible equivalent, with the links. A pointer follows a point to its page through a second layer
  of links the template lays over the picture, hidden from the accessibility tree and out of the tab order.
* A rule set without figures gets no chart, and the reason its pattern pages give (the same `Frequency.reason`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil, floor, log10

from ..rules import Ruleset
from ..stats.frequency import REFRESH, Frequency
from . import urls
from .i18n import gettext as _
from .i18n import ngettext
from .views import ruleset_words

WIDTH, HEIGHT = 600, 350  # the viewBox
LEFT, RIGHT, TOP, BOTTOM = 52.0, 572.0, 36.0, 290.0  # the plot area inside it
RADIUS = 5.0  # of a tile pattern's dot; a win pattern's diamond reaches 1.3 times as far
HIT_RADIUS = 9.0  # of the circle a pointer can follow to the pattern's page
_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
_STEPS = (1, 2, 5)  # value ticks step by 1, 2 or 5 times a power of ten
_MAX_VALUE_TICKS = 8  # intervals


@dataclass(frozen=True)
class Tick:
    """One tick of an axis: the value it marks, where (in SVG units along its axis) and its label. `minor`: a
    label a narrow screen leaves out (every other power of ten)."""

    value: float
    at: float
    label: str
    minor: bool = False


@dataclass(frozen=True)
class Point:
    """One pattern with figures: what the table says of it and where the picture puts it."""

    id: str
    zh: str
    en: str
    value: int
    one_in: float | int  # the "shown" odds, 1 in N
    wins: bool  # odds among wins (reads the winning tile), not among hands
    current: bool  # False: computed for earlier rule data
    url: str
    x: float
    y: float
    marker: str  # the SVG path of a win pattern's diamond; "" for a dot at (x, y)


@dataclass(frozen=True)
class ValueChart:
    """Everything the rule set's section shows. No points: `reason` says why there is no chart."""

    points: tuple[Point, ...] = ()
    x_ticks: tuple[Tick, ...] = ()
    y_ticks: tuple[Tick, ...] = ()
    unplotted: str = ""  # one sentence: how many patterns have no point, and why
    reason: str = ""
    stale: str = ""  # which figures were computed for earlier rule data: "", "tile", "win" or "tile and win"
    refresh: str = ""  # the command that recomputes them
    width: int = WIDTH
    height: int = HEIGHT
    left: float = LEFT
    right: float = RIGHT
    top: float = TOP
    bottom: float = BOTTOM
    radius: float = RADIUS
    hit_radius: float = HIT_RADIUS

    @property
    def has_wins(self) -> bool:
        return any(p.wins for p in self.points)


def _r(v: float) -> float:
    return round(v, 1) + 0.0  # + 0.0: no "-0.0"


def power_label(k: int) -> str:
    """10**k as an axis writes it: '1', '10', '100', '1000', then '10⁴'."""
    return str(10**k) if 0 <= k <= 3 else "10" + str(k).translate(_SUPERSCRIPT)


def decades(lowest: float, highest: float) -> tuple[int, int]:
    """The powers of ten that cover the odds from `lowest` to `highest` (at least one decade)."""
    lo, hi = floor(log10(lowest)), ceil(log10(highest))
    return lo, max(hi, lo + 1)


def value_top(highest: int) -> tuple[int, int]:
    """(top of the value axis, tick step): the smallest 1-2-5 step that covers `highest` in at most eight steps."""
    highest = max(highest, 1)
    power = 1
    while True:
        for s in _STEPS:
            step = s * power
            if ceil(highest / step) <= _MAX_VALUE_TICKS:
                return ceil(highest / step) * step, step
        power *= 10


def x_of(one_in: float, lo: int, hi: int) -> float:
    return _r(LEFT + (log10(one_in) - lo) / (hi - lo) * (RIGHT - LEFT))


def y_of(value: float, top: int) -> float:
    return _r(BOTTOM - value / top * (BOTTOM - TOP))


def _diamond(x: float, y: float) -> str:
    d = _r(RADIUS * 1.3)
    return f"M{x} {_r(y - d)}L{_r(x + d)} {y}L{x} {_r(y + d)}L{_r(x - d)} {y}Z"


def _why(play: int, missing: int, never: int) -> str:
    """Why patterns have no point, by kind: the end of a sentence ("they are patterns of play, …"), in the current
    locale (one whole message per kind and number, so a translation can order its words freely)."""
    kinds = [(n, alone, counted) for n, alone, counted in (
        (play, ngettext("it is a pattern of play, which reads more than the tiles and the winning tile, so no count of "
                        "hands gives it a figure (each pattern's page says what it reads)",
                        "they are patterns of play, which read more than the tiles and the winning tile, so no count "
                        "of hands gives them a figure (each pattern's page says what it reads)", play),
         ngettext("{n} is a pattern of play, which reads more than the tiles and the winning tile, so no count of "
                  "hands gives it a figure (each pattern's page says what it reads)",
                  "{n} are patterns of play, which read more than the tiles and the winning tile, so no count of "
                  "hands gives them a figure (each pattern's page says what it reads)", play)),
        (missing, ngettext("it has no figures computed yet", "they have no figures computed yet", missing),
         ngettext("{n} has no figures computed yet", "{n} have no figures computed yet", missing)),
        (never, ngettext("it shows in no concealed complete hand", "they show in no concealed complete hand", never),
         ngettext("{n} shows in no concealed complete hand", "{n} show in no concealed complete hand", never)),
    ) if n]
    if len(kinds) == 1:
        return kinds[0][1] + _(".")
    return _("; ").join(counted.format(n=n) for n, _alone, counted in kinds) + _(".")


def _unplotted(total: int, play: int, missing: int, never: int) -> str:
    """One sentence: how many patterns have no point, and why."""
    n = play + missing + never
    if n == 0:
        return _("Each of the {total} patterns has a point.").format(total=total)
    return ngettext("{n} of the {total} patterns has no point: {why}", "{n} of the {total} patterns have no point: {why}",
                    n).format(n=n, total=total, why=_why(play, missing, never))


def value_chart(rs: Ruleset, frequencies: Mapping[str, Frequency]) -> ValueChart:
    """The picture of `rs` from its pattern pages' frequency sections (`stats.frequency.ruleset_frequencies`)."""
    plotted = [(p, f) for p in rs.patterns if (f := frequencies[p.id]).status == "figures"
               and f.shown is not None and f.shown.one_in is not None]
    statuses = [frequencies[p.id].status for p in rs.patterns]
    play, missing = statuses.count("context"), statuses.count("missing")
    never = statuses.count("figures") - len(plotted)
    refresh = REFRESH.format(id=rs.id)
    name = ruleset_words(rs)[0]  # in the page's language
    if not plotted:
        uncovered = next((f.reason for f in frequencies.values() if f.status == "uncovered"), "")
        if uncovered:
            return ValueChart(reason=uncovered)
        if missing:
            return ValueChart(reason=_("No figures have been computed for {name} yet.").format(name=name),
                              refresh=refresh)
        return ValueChart(reason=_("No pattern of {name} has a point: {why}").format(name=name,
                                                                                   why=_why(play, 0, never)))
    odds = [f.shown.one_in for _, f in plotted if f.shown is not None and f.shown.one_in is not None]
    lo, hi = decades(min(odds), max(odds))
    top, step = value_top(max(p.value for p, _ in plotted))
    x_ticks = tuple(Tick(10**k, x_of(10**k, lo, hi), power_label(k), minor=hi - lo > 6 and (k - lo) % 2 == 1)
                    for k in range(lo, hi + 1))
    y_ticks = tuple(Tick(v, y_of(v, top), str(v)) for v in range(0, top + 1, step))
    points = []
    for p, f in plotted:
        assert f.shown is not None and f.shown.one_in is not None
        x, y = x_of(f.shown.one_in, lo, hi), y_of(p.value, top)
        points.append(Point(p.id, p.zh, p.en, p.value, f.shown.one_in, f.wins, f.current,
                            urls.pattern_url(rs.id, p.id), x, y, _diamond(x, y) if f.wins else ""))
    stale = " and ".join(kind for kind, wins in (("tile", False), ("win", True))
                         if any(not pt.current and pt.wins == wins for pt in points))
    return ValueChart(tuple(points), x_ticks, y_ticks, _unplotted(len(rs.patterns), play, missing, never),
                      stale=stale, refresh=refresh)
