"""A score as a receipt: the counted patterns with their running total, those not counted with the rule that
removed them, the reading and who pays what. The command line prints it as text, the site as a table (which adds
the links to pattern pages) and the calculator page as the same table, drawn in the browser from `receipt_json`
run under Pyodide; all three read it from here, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .leftover import why_not
from .messages import N_, Message, Name, joined
from .notation import HandError, parse_hand
from .rules import Ruleset
from .scoring import Score
from .scoring.families import policy_of
from .scoring.result import NO_SHAPE, describe_reading

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭"
PAYERS: Mapping[str, str] = {
    "each": Message(N_("each loser pays")), "discarder": Message(N_("discarder pays")),
    "other": Message(N_("each other player pays")), "dealer": Message(N_("the dealer pays")),
    "non-dealer": Message(N_("each other non-dealer pays")),
    "robbed": Message(N_("the player whose kong was robbed pays"))}
"""Who pays, in words (scoring/payments.py and Riichi's payments name the payer by these ids)."""
RULE_WORDS: Mapping[str, str] = {rule: Message(rule) for rule in (
    N_("implied"), N_("series"), N_("limit"), N_("yakuman"), N_("limit: yakuman do not add up"),
    N_("limit: scored alone"), N_("principle: non-separation"), N_("principle: non-identical"),
    N_("principle: account once"), N_("option: no wait on the knitted straight"))}
"""The engine's and the rule data's words for why a pattern was not counted (the data's longer reasons, "必然包含:
…", are said as the data writes them)."""
READING_WORDS: Mapping[str, str] = {word: Message(word) for word in (
    N_("chow"), N_("pung"), N_("kong"), N_("pair"), N_("knitted"), N_("exposed"), N_("win"), N_("regular"),
    N_("seven-pairs"), N_("thirteen-orphans"), N_("honors-knitted"), N_("knitted-straight"))}
"""The reading's words: the kinds of set, their marks and the winning forms (scoring/result.py `describe_reading`)."""
SCHEMES: Mapping[str, str] = {"riichi": Message(N_("riichi")), "kongs": Message(N_("kongs"))}
"""Payment schemes the engine names by id, where the rule data gives no name."""


@dataclass(frozen=True)
class CountedLine:
    """One counted pattern."""

    id: str
    zh: str
    en: str
    value: int
    count: int
    points: int
    running: int  # the total of this line and those above it
    sets: str  # "①③": which sets of the reading the pattern used
    listed: bool  # the rule set lists the pattern (so it has a page)
    words: str = ""  # the value in the family's words where a figure would mislead (Riichi: "yakuman", not 13)
    running_words: str = ""  # the running total in those words ("double yakuman" after two yakuman)


@dataclass(frozen=True)
class StruckLine:
    """A pattern the hand shows that did not count, and what removed it."""

    id: str
    zh: str  # the rule set's names of the pattern; its id and "" when the rule set does not list it
    en: str
    listed: bool
    rule: str  # "implied", "series", "limit", "principle: …"
    by: str  # the id of the pattern or principle that removed it
    by_name: str | None  # "zh en" of that pattern; None when it is not a pattern the rule set lists


@dataclass(frozen=True)
class ReceiptLines:
    """What a receipt shows of a score besides the score's own total, notes and payments."""

    counted: tuple[CountedLine, ...]
    struck: tuple[StruckLine, ...]
    subtotal: int  # the plain sum of the counted lines, before any limit, cap or conversion
    reading: tuple[tuple[str, str, str], ...]  # (number, kind, tiles) with "exposed"/"win" marks in kind
    form: str  # the winning form of the reading; "" when the score has none
    payments: tuple[tuple[str, tuple[tuple[str, float], ...]], ...]  # (scheme's name, ((payer in words, amount), …))
    why_not: str  # for a hand that is no winning shape here, what is left over (leftover.py); "" otherwise
    grade: str = ""  # Riichi: "3 han 40 fu", "5 han 30 fu, mangan", "double yakuman"; "" in other families
    fu: tuple[tuple[str, int], ...] = ()  # Riichi: the fu part by part (adding up to the score's), none for a yakuman
    base: int | None = None  # Guangdong: the basic points (基本分) the payments are multiples of; None elsewhere


def figure(value: float) -> str:
    """A figure as every receipt prints it: ints plain, floats without a trailing .0, and from 10,000 on grouped by
    thin spaces (the site's `number` filter; calculator.js's num() writes the same).

    >>> figure(8000.0), figure(48000), figure(2.5)
    ('8000', '48\u202f000', '2.5')
    """
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}".replace(",", "\u202f") if isinstance(value, int) and abs(value) >= 10000 else str(value)


def grade(score: Score) -> str:
    """What a Riichi player checks a score by: its han and fu and the limit's name; a yakuman by its name alone (its
    13 han per yakuman are only how the policy adds them up), a counted yakuman or a sanbaiman with its han. Empty
    for a family without han (`Score.han` None) and for a hand that is no legal win."""
    if score.han is None or not score.legal:
        return ""
    if _yakuman(score):
        return score.limit
    if score.limit:
        return Message(N_("%(han)s han %(fu)s fu, %(limit)s"), han=score.han, fu=score.fu, limit=score.limit)
    return Message(N_("%(han)s han %(fu)s fu"), han=score.han, fu=score.fu)


def _yakuman(score: Score) -> bool:
    """Whether the score is a yakuman's (or several): its han and fu are not what it is paid by."""
    return score.limit.endswith("yakuman") and score.limit != "counted yakuman"


def _names(rs: Ruleset, pid: str) -> tuple[str, str, bool]:
    try:
        p = rs.pattern(pid)
    except KeyError:
        return pid, "", False
    return p.zh, p.en, True


def _number(i: int, beyond: str) -> str:
    return CIRCLED[i] if i < len(CIRCLED) else beyond


def _sets_used(matches: Iterable[tuple[int, ...]]) -> str:
    used = sorted({i for m in matches for i in m})
    return "".join(_number(i, f"({i + 1})") for i in used)


def receipt_lines(score: Score, rs: Ruleset) -> ReceiptLines:
    running = 0
    counted = []
    words = policy_of(rs.policy).value_words
    for c in score.patterns:
        running += c.points
        zh, en, listed = _names(rs, c.id)
        p = rs.by_id.get(c.id)
        said = (words(rs, p, c.value) or "", words(rs, p, running) or "") if p is not None else ("", "")
        counted.append(CountedLine(c.id, c.zh or zh, c.en or en, c.value, c.count, c.points, running,
                                   _sets_used(c.sets), listed, *said))
    struck = []
    for e in score.excluded:
        zh, en, listed = _names(rs, e.id)
        by_zh, by_en, by_listed = _names(rs, e.by)
        struck.append(StruckLine(e.id, zh, en, listed, RULE_WORDS.get(e.rule, e.rule), e.by,
                                 Name(f"{by_zh} {by_en}".strip(), by_zh) if by_listed else None))
    reading: list[tuple[str, str, str]] = []
    form = ""
    if score.reading is not None:
        described = describe_reading(score.reading)
        form = READING_WORDS.get(described["form"], described["form"])
        for i, s in enumerate(described["sets"]):
            marks = [READING_WORDS.get(s["kind"], s["kind"])]
            marks += [READING_WORDS[m] for m in ("exposed", "win") if s.get(m)]
            reading.append((_number(i, str(i + 1)), joined(marks, " "), s["tiles"]))
    fu = policy_of(rs.policy).fu_parts(score, rs) if score.han is not None and not _yakuman(score) else ()
    return ReceiptLines(tuple(counted), tuple(struck), running, tuple(reading), form, _payments(score, rs),
                        _why_not(score, rs), grade(score), fu, score.base)


def _why_not(score: Score, rs: Ruleset) -> str:
    """What is left over when the tiles make no winning shape under `rs` (not when a rule refuses a shape)."""
    if score.complete or score.notes != [NO_SHAPE]:
        return ""
    try:
        hand = parse_hand(score.hand)
    except HandError:  # a score's key is a canonical hand; nothing to explain if it were not
        return ""
    family = policy_of(rs.policy)
    return why_not(hand, family.suit_bound_wilds, family.tile_set_winds(rs))


def _payments(score: Score, rs: Ruleset) -> tuple[tuple[str, tuple[tuple[str, float], ...]], ...]:
    """The payments grouped by scheme, in the score's order, named as the rule data names them."""
    names: dict[Any, str] = {s.get("id"): Name(s.get("en", s.get("id")), s.get("zh") or s.get("en", s.get("id")))
                             for s in rs.option("payment", []) or []}
    names.update((s.get("id"), Name(s.get("id"), s.get("zh") or s.get("id"))) for s in rs.option("stakes", []) or []
                 if s.get("id") not in names)
    grouped: dict[str, list[tuple[str, float]]] = {}
    for p in score.payments:
        grouped.setdefault(p.scheme, []).append((PAYERS.get(p.payer, p.payer), p.amount))
    return tuple((names.get(k) or SCHEMES.get(k, k), tuple(v)) for k, v in grouped.items())


def receipt_json(score: Score, rs: Ruleset, pattern_url: Any) -> dict[str, Any]:
    """`receipt_lines` as plain data for the calculator page, which draws the site's receipt table from it;
    `pattern_url(ruleset_id, pattern_id)` gives a listed pattern's page (the site's urls.pattern_url)."""
    shown = receipt_lines(score, rs)

    def link(pid: str, listed: bool) -> str | None:
        return pattern_url(rs.id, pid) if listed else None

    return {
        "lines": [{"id": c.id, "zh": c.zh, "en": c.en, "url": link(c.id, c.listed), "value": c.value,
                   "count": c.count, "running": c.running, "sets": c.sets, "words": c.words,
                   "running_words": c.running_words} for c in shown.counted],
        "struck": [{"id": x.id, "zh": x.zh, "en": x.en, "url": link(x.id, x.listed), "rule": x.rule,
                    "by": x.by if x.by_name is None else x.by_name,
                    "by_url": None if x.by_name is None else pattern_url(rs.id, x.by)} for x in shown.struck],
        "subtotal": shown.subtotal,
        "reading": {"form": shown.form, "sets": [{"n": n, "marks": marks, "tiles": tiles}
                                                 for n, marks, tiles in shown.reading]} if shown.form else None,
        "payments": [[scheme, [list(part) for part in parts]] for scheme, parts in shown.payments],
        "why_not": shown.why_not,
        "grade": shown.grade,
        "fu": [list(part) for part in shown.fu],
        "base": shown.base,
    }

