"""View models: what a template prints, derived from engine results and rule data, never typed by hand.

A receipt turns a `Score` into the lines the reader checks (pattern, value × count, running
total, the limit applied, the excluded patterns with their reason); relations say why one
pattern does not count with another, with a hand from the site that shows it happen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..examples.model import Example
from ..hand import WinContext
from ..notation import BOOL_FLAGS, parse_hand
from ..receipt import RULE_WORDS, receipt_lines
from ..rules import Pattern, Ruleset
from ..rules.model import Exclusion
from ..scoring import Score
from ..scoring.families import policy_of
from ..tiles import ALL_TILES, suit_of, tile_en, tile_to_text, tile_zh
from . import urls
from .figures import FigureTable, figure_tables
from ..rules.zh_text import localized as localized_text
from .i18n import DEFAULT, N_, current, ngettext, say
from .i18n import gettext as _


@dataclass(frozen=True)
class Line:
    """One counted pattern on a receipt, with the link to its page."""

    zh: str
    en: str
    url: str | None
    value: int
    count: int
    points: int
    running: int
    sets: str  # "①③" — which sets of the reading this pattern used
    words: str = ""  # the value and the running total in the family's words (receipt.CountedLine)
    running_words: str = ""


@dataclass(frozen=True)
class Struck:
    """A pattern the hand shows that did not count, and what removed it, with the links to their pages."""

    zh: str
    en: str
    url: str | None
    rule: str
    by: str
    by_url: str | None


@dataclass(frozen=True)
class Printed:
    """What a receipt prints of a score besides the score itself."""

    lines: tuple[Line, ...]
    struck: tuple[Struck, ...]
    subtotal: int
    # (number, kind, tiles, marks): the kind in the page's language with its marks ("exposed", "win"), and the marks
    # in English as well, which the page's classes are named by
    reading: tuple[tuple[str, str, str, str], ...]
    form: str
    payments: tuple[tuple[str, tuple[tuple[str, float], ...]], ...]  # (scheme name, ((payer, amount), ...))
    why_not: str  # what is left over when the tiles make no winning shape (generator/leftover.py)
    grade: str = ""  # Riichi's han and fu and limit (receipt.grade)
    fu: tuple[tuple[str, int], ...] = ()  # Riichi's fu, part by part
    base: int | None = None  # Guangdong's basic points (基本分), the unit its payments are multiples of
    notes: tuple[str, ...] = ()  # the score's notes in the page's language


@dataclass(frozen=True)
class Receipt:
    """One score as its receipt prints it under one rule set.

    What it prints is worked out when a template first reads it: the pattern pages hold some 1,500 receipts, and
    those of the pages the build cache still holds are never rendered, so working them out would be wasted.
    """

    ruleset: Ruleset
    score: Score

    def __digest__(self) -> tuple[Ruleset, Score]:
        """For the build cache: a receipt is `receipt(score, ruleset)`, so those two are all it depends on."""
        return self.ruleset, self.score

    @cached_property
    def printed(self) -> Printed:
        """What the receipt prints (templates read `r.printed.lines` and so on)."""
        return _printed(self.score, self.ruleset)

    @property
    def adjusted(self) -> bool:
        """The total differs from the plain sum: a limit, cap or conversion applied (the notes say which)."""
        return self.score.complete and self.score.total != self.printed.subtotal


def receipt(score: Score, rs: Ruleset) -> Receipt:
    return Receipt(rs, score)


# The families' words the templates print (scoring/policy.py `group_label`: the rule data's own words stay English)
FAMILY_WORDS = (N_("Group"), N_("Series"))


def _say(text: str) -> str:
    """Text of the engine's (a note, a reason, a word of the receipt) in the page's language."""
    return say(text, current())


def why_said(e: Exclusion) -> str:
    """An exclusion's reason in the page's language: the engine's words ("implied") through the catalogue, the
    data's own reason in its Chinese twin (`why_zh`, which the loader makes a Name) on a Chinese page."""
    return _say(RULE_WORDS.get(e.why, e.why))


def pattern_name(p: Pattern) -> str:
    """A pattern as a page names it: its English name on an English page, its Chinese one otherwise."""
    return p.en if current() == DEFAULT else p.zh


def _printed(score: Score, rs: Ruleset) -> Printed:
    """The receipt's lines (`generator.receipt`, which the command line prints too) and the links to pattern pages."""
    shown = receipt_lines(score, rs)
    reading = tuple((n, _say(kind), tiles, str(kind)) for n, kind, tiles in shown.reading)
    payments = tuple((_say(scheme), tuple((_say(payer), amount) for payer, amount in parts))
                     for scheme, parts in shown.payments)
    lines = tuple(Line(c.zh, c.en, urls.pattern_url(rs.id, c.id) if c.listed else None, c.value, c.count, c.points,
                       c.running, c.sets, _say(c.words), _say(c.running_words)) for c in shown.counted)
    struck = tuple(Struck(x.zh, x.en, urls.pattern_url(rs.id, x.id) if x.listed else None, _say(x.rule),
                          x.by if x.by_name is None else _say(x.by_name),
                          None if x.by_name is None else urls.pattern_url(rs.id, x.by)) for x in shown.struck)
    return Printed(lines, struck, shown.subtotal, reading, _say(shown.form), payments, _say(shown.why_not),
                   _say(shown.grade), tuple((_say(why), n) for why, n in shown.fu), shown.base,
                   tuple(_say(n) for n in score.notes))


# The words for each yes/no flag of the notation (notation.BOOL_FLAGS); tsumo is said either way.
FLAG_WORDS: Mapping[str, str] = {
    "last-tile": N_("on the last tile"), "after-kong": N_("on the replacement tile after a kong"),
    "robbing-kong": N_("by robbing a kong"), "last-copy": N_("on the last copy of the tile (和绝张)"),
    "first-turn": N_("on the first turn"), "dealer": N_("the winner is the dealer"),
}


def describe_context(ctx: WinContext) -> list[str]:
    """The win context in words, for the hand page (the notation flags, spelled out, in the notation's order)."""
    out = [_("self-drawn (自摸)") if ctx.tsumo else _("won on a discard")]
    for flag in BOOL_FLAGS:
        if flag != "tsumo" and getattr(ctx, flag.replace("-", "_")):
            out.append(_(FLAG_WORDS[flag]))
    out.append(_("seat wind {en} ({zh})").format(en=tile_en(ctx.seat).split()[0], zh=tile_zh(ctx.seat)))
    out.append(_("prevalent wind {en} ({zh})").format(en=tile_en(ctx.round).split()[0], zh=tile_zh(ctx.round)))
    if ctx.flowers:
        out.append(ngettext("{n} flower", "{n} flowers", ctx.flowers).format(n=ctx.flowers))
    if ctx.wild_kongs:
        out.append(ngettext("{n} konged wild tile", "{n} konged wild tiles", ctx.wild_kongs).format(n=ctx.wild_kongs))
    out.extend(_riichi_words(ctx))
    return out


RIICHI_WORDS: Mapping[str, str] = {"riichi": N_("after declaring riichi"), "double_riichi": N_("after a double riichi"),
                                   "ippatsu": N_("within a turn of riichi (ippatsu)")}


def _riichi_words(ctx: WinContext) -> list[str]:
    """Riichi's flags in words (notation.RIICHI_FLAGS, the indicators, the red fives)."""
    out = [_(words) for flag, words in RIICHI_WORDS.items() if getattr(ctx, flag)]
    if ctx.dora:
        out.append(_("dora indicators {tiles}").format(tiles=", ".join(tile_en(t) for t in ctx.dora)))
    if ctx.ura:
        out.append(_("ura dora indicators {tiles}").format(tiles=", ".join(tile_en(t) for t in ctx.ura)))
    if ctx.red:
        n = ctx.red.bit_count()
        out.append(ngettext("{n} red five", "{n} red fives", n).format(n=n))
    return out


def tile_legend() -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Every tile with its notation and names, one row per suit (the how-to-read legend)."""
    rows: dict[str, list[tuple[str, str, str]]] = {}
    for t in ALL_TILES:
        rows.setdefault(suit_of(t), []).append((tile_to_text(t), tile_en(t), tile_zh(t)))
    names = {"m": _("Characters 萬 (m)"), "p": _("Dots 筒 (p)"), "s": _("Bamboo 条 (s)"), "z": _("Honours 字 (z)")}
    return [(names[s], rows[s]) for s in "mpsz"]


def context_of(example: Example) -> list[str]:
    return describe_context(parse_hand(example.hand).context)


# ----------------------------------------------------------------------------- relations between patterns


@dataclass(frozen=True)
class Relation:
    """'X excludes Y because …', with a hand from the site on which the engine did exactly that."""

    other: Pattern
    why: str
    count: int | None
    example: Example | None


def exclusion_index(examples: Iterable[Example]) -> dict[tuple[str, str, str], Example]:
    """(ruleset, excluded pattern, by) -> the first example (by key) where that exclusion happened."""
    index: dict[tuple[str, str, str], Example] = {}
    for e in sorted(examples, key=lambda x: x.key):
        for rid in sorted(e.results):
            for x in e.results[rid].excluded:
                index.setdefault((rid, x.id, x.by), e)
    return index


def relations(rs: Ruleset, p: Pattern, index: Mapping[tuple[str, str, str], Example]
              ) -> dict[str, list[Relation]]:
    """What this pattern removes, what removes it, and (where one pattern per group counts) the rest of its group."""
    excludes = [Relation(rs.pattern(x.id), why_said(x), x.count, index.get((rs.id, x.id, p.id))) for x in p.excludes]
    excluded_by = [Relation(q, why_said(x), x.count, index.get((rs.id, p.id, q.id)))
                   for q in rs.patterns for x in q.excludes if x.id == p.id]
    series: list[Relation] = []
    if policy_of(rs.policy).one_per_group:
        for q in rs.patterns:
            if q.id != p.id and q.group == p.group:
                hit = index.get((rs.id, p.id, q.id)) or index.get((rs.id, q.id, p.id))
                series.append(Relation(q, "series", None, hit))  # a key pattern.py reads; the page says it
    return {"excludes": excludes, "excluded_by": excluded_by, "series": series}


# The scoring families' words for a limit (scoring/*.py `limit_label`; a figure otherwise), marked for the catalogue
LIMIT_WORDS = (N_("none"), N_("mangan to yakuman"))


# The display categories the rule data writes in English (a pattern's `category`; others are written in Chinese),
# marked for the catalogue so a Chinese page says them in Chinese (`category_words`); "win" is left as written, the
# catalogue's "win" being the reading's mark of the winning tile
CATEGORY_WORDS = (N_("bonus"), N_("chows"), N_("concealment"), N_("fan"), N_("kongs"), N_("pungs"), N_("ranks"),
                  N_("special forms"), N_("suits"), N_("terminals"), N_("tiles"), N_("wait"),
                  N_("winds and dragons"))


def category_words(category: str) -> str:
    """A pattern's display category in the page's language (a category written in Chinese is said as it is)."""
    return _(category) if category in CATEGORY_WORDS else category


def limit_words(rs: Ruleset) -> str:
    """A rule set's limit in a few words, in the page's language (a figure is said as it is)."""
    return say(policy_of(rs.policy).limit_label(rs), current())


def ruleset_words(rs: Ruleset) -> tuple[str, str]:
    """A rule set's name and edition in the page's language: the English on an English page, the Chinese name and
    the edition's twin (`edition_zh`) on a Chinese one."""
    locale = current()
    if locale == DEFAULT:
        return rs.name, rs.edition
    return rs.zh, localized_text(rs, "edition", locale.tag)[0]


def ruleset_label(rs: Ruleset) -> str:
    """A rule set as a reader names it: its name and, since editions share a name, its edition. Not its id, which
    is notation (the badge, `--ruleset`) and after the name only repeats it ("Riichi riichi").

    >>> from types import SimpleNamespace
    >>> ruleset_label(SimpleNamespace(name="Riichi", edition="EMA Riichi Competition Rules 2016"))
    'Riichi, EMA Riichi Competition Rules 2016'

    A page of another locale names it by its Chinese name and its edition's twin there.
    """
    locale = current()
    if locale == DEFAULT:
        return f"{rs.name}, {rs.edition}"
    edition, _lang = localized_text(rs, "edition", locale.tag)
    return f"{rs.zh}，{edition}"


UNIT_WORDS = {"points": N_("points"), "point": N_("point"), "fan": N_("fan"), "han": N_("han")}


def unit_word(unit: str) -> str:
    """A unit of the rule data in the current locale's word ('fan' is 番)."""
    return _(UNIT_WORDS[unit]) if unit in UNIT_WORDS else unit


def unit_label(unit: str, value: float) -> str:
    """'1 point', '2 points', '8 fan': the unit as it reads after a number.

    >>> unit_label("points", 1), unit_label("points", 40), unit_label("fan", 1)
    ('point', 'points', 'fan')
    """
    if unit == "points" and value == 1:
        return unit_word("point")
    return unit_word(unit)


OPTION_LABELS = {"limit": N_("Limit (maximum score)"), "minimum": N_("Minimum to win"),
                 "chicken": N_("Hand with no pattern"),
                 "four_as_two_pairs": N_("Four identical tiles as two pairs (seven pairs)"),
                 "stack_yakuman": N_("Yakuman add up"),
                 "counted_yakuman": N_("13 han or more is a yakuman (counted yakuman)"),
                 "kiriage_mangan": N_("4 han 30 fu and 3 han 60 fu paid as a mangan (kiriage mangan)"),
                 "double_wind_pair_fu": N_("Minipoints of a pair of the wind that is both seat and round wind"),
                 # the rest read as their key ("self_draw_minimum": "Self draw minimum") in English
                 "base_points": N_("Base points"), "cap": N_("Cap"), "closed_door": N_("Closed door"),
                 "combination_groups": N_("Combination groups"), "discard_payers": N_("Discard payers"),
                 "flowers": N_("Flowers"), "knitted_body_waits": N_("Knitted body waits"),
                 "kong_payment": N_("Kong payment"), "minimums": N_("Minimums"), "prefer_on_tie": N_("Prefer on tie"),
                 "repeatable": N_("Repeatable"), "self_draw_minimum": N_("Self draw minimum"), "stake": N_("Stake"),
                 "stakes": N_("Stakes"), "winds": N_("Winds"), "editions": N_("Editions"),
                 "ghosts": N_("Ghosts"), "claimed_chows": N_("Claimed chows"), "min_fan": N_("Min fan"),
                 "min_points": N_("Min points"), "no_ghost_double": N_("No ghost double"),
                 "discarded_ghost_double": N_("Discarded ghost double"), "stands_alone": N_("Stands alone")}


def option_label(key: str) -> str:
    """An option of the rule data as a reader reads it.

    >>> option_label("stack_yakuman"), option_label("self_draw_minimum")
    ('Yakuman add up', 'Self draw minimum')
    """
    return _(OPTION_LABELS[key]) if key in OPTION_LABELS else key.replace("_", " ").capitalize()


def option_value(rs: Ruleset, key: str) -> Any:
    """The option as the rule set plays it: its own value, else its family's default (None: neither)."""
    return rs.options.get(key, policy_of(rs.policy).option_defaults.get(key))


def option_keys(*rulesets: Ruleset) -> list[str]:
    """Every option the rule sets set or their families default, sorted."""
    return sorted({k for rs in rulesets for k in (*rs.options, *policy_of(rs.policy).option_defaults)})


def options_rows(rs: Ruleset, defaults: bool = False) -> list[tuple[str, Any]]:
    """The rule set's scalar options in words (limits, minimums, toggles); payments are shown apart. `defaults`: with
    the options the rule set leaves to its family's default."""
    rows: list[tuple[str, Any]] = []
    for key in option_keys(rs) if defaults else sorted(rs.options):
        value = option_value(rs, key)
        if key == "payment" or isinstance(value, list):
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in value.items())
        elif isinstance(value, bool):
            value = _("yes") if value else _("no")
        elif isinstance(value, str) and value in {p.id for p in rs.patterns}:
            value = rs.pattern(value)
        rows.append((option_label(key), value))
    return rows


def option_tables(rs: Ruleset) -> list[FigureTable]:
    """Options that are lists of tables (stake levels and the like) as data tables; payments are shown apart."""
    out: list[FigureTable] = []
    for key in sorted(rs.options):
        value = rs.options[key]
        if key != "payment" and isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            out.extend(figure_tables(value, caption=key))
    return out


def payment_rows(rs: Ruleset) -> list[dict[str, Any]]:
    """Payment schemes with their figures, every key shown (schemes differ in which they use)."""
    out = []
    for s in rs.option("payment", []) or []:
        known = ("id", "zh", "en", "kind", "note", "note_zh")
        figures = [(k.replace("_", " "), s[k]) for k in sorted(s) if k not in known]
        twin = s.get("note_zh", "") if current() != DEFAULT else ""  # the note's Chinese twin on a Chinese page
        out.append({"id": s.get("id", ""), "zh": s.get("zh", ""), "en": s.get("en", s.get("id", "")),
                    "kind": s.get("kind", ""), "note": twin or s.get("note", ""), "figures": figures})
    return out
