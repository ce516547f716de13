"""The hand pages (one per example hand: its receipt under every rule set and what it illustrates) and the hands
index, whose rows the reader filters by rule set, pattern and kind in the browser (templates/static/site.js).

A hand's title says what the hand shows and names one rule set, the one its badge names: both come from
`summary`, so the hand page and the index row cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...digest import result_stamp
from ...examples.model import Example
from ...rules import Pattern, Ruleset
from ...rules.sources import Citation, Source, check_citations, load_sources
from .. import urls, views
from ..gather import SiteData
from ...messages import Message
from ..i18n import DEFAULT, N_, current, ngettext, say
from ..i18n import gettext as _
from .matrix import Witnessed
from .page import Page, home_crumb
from .pattern import ROLE_WORDS

ROLE_ORDER = {"curated": 0, "minimal": 1, "typical": 2, "near-miss": 3, "near-miss-base": 4, "matrix": 5}
# the hands index's kinds, in the order its filter offers them; "matrix": the hand witnesses a matrix pair
KINDS = (("curated", N_("curated")), ("generated", N_("generated")), ("near-miss", N_("near miss")),
         ("matrix", N_("matrix witness")))
KIND_ORDER = {k: i for i, (k, _) in enumerate(KINDS)}  # the index lists source hands first
ROLE_KIND = {"curated": "curated", "near-miss": "near-miss", "matrix": "matrix"}  # other roles: "generated"

Illustrated = tuple[Ruleset, Pattern, str, str]  # (rule set, pattern, role, near miss: why it does not count)
Pair = tuple[Ruleset, Pattern, Pattern]


@dataclass(frozen=True)
class HandSummary:
    """What the hand page and the index say about one hand."""

    title: str
    ruleset: Ruleset | None  # the rule set the title names: the page's badge
    illustrates: tuple[Illustrated, ...]  # roles as data words ("minimal", "near-miss", ...), in ROLE_ORDER
    pairs: tuple[Pair, ...]
    kinds: tuple[str, ...]  # keys of KINDS

    def chosen(self) -> set[tuple[str, str, str]]:
        """(rule set, pattern, kind) for every pattern the hand was chosen for, matrix pairs included."""
        out = {(rs.id, p.id, ROLE_KIND.get(role, "generated")) for rs, p, role, _ in self.illustrates}
        out.update((rs.id, p.id, "matrix") for rs, a, b in self.pairs for p in (a, b))
        return out

    @property
    def ruleset_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(rid for rid, _, _ in sorted(self.chosen(), key=lambda c: c[0])))

    @property
    def filter_keys(self) -> tuple[str, ...]:
        """What the index's filter matches, one word per choice it can make: 'rs', 'rs/pattern' and the hand's kinds,
        each alone and with a kind ('rs|near-miss', 'rs/pattern|matrix'), so that choosing a rule set and a kind
        finds the hands of that kind for that rule set."""
        keys = set(self.kinds)
        for rid, pid, kind in self.chosen():
            keys.update((rid, f"{rid}/{pid}", f"{rid}|{kind}", f"{rid}/{pid}|{kind}"))
        return tuple(sorted(keys))


def _label(p: Pattern) -> str:
    """A pattern as a title names it: both names on an English page (the Chinese is the name the rule data
    gives first), the Chinese alone on a Chinese page, whose titles are plain text (`<title>`, the index row)
    where an English name could not be marked as English."""
    return p.zh if current() != DEFAULT else f"{p.zh} {p.en}"


def _change(reason: str) -> str:
    """The change a near miss's reason opens with, in the page's language: the reason is a `Message` whose
    `change` is the engine's own Message; a reason made elsewhere (plain text) is cut at its first ';'."""
    if isinstance(reason, Message) and "change" in reason.values:
        return say(reason.values["change"], current())  # type: ignore[arg-type]
    return str(reason).split(";")[0].strip()


def _more(n: int, what: str) -> str:
    """', and 2 more patterns' (`what`: "pattern" or "pair")."""
    if not n:
        return ""
    if what == "pair":
        return ngettext(", and {n} more pair", ", and {n} more pairs", n).format(n=n)
    return ngettext(", and {n} more pattern", ", and {n} more patterns", n).format(n=n)


def _grouped(rulesets: list[Ruleset]) -> list[str]:
    """Rule-set ids for a title, a base listed with two or more of its editions said once ("riichi and 4 editions"):
    five Riichi ids in every title would make each such hand a search result for every Riichi word."""
    ids = [r.id for r in rulesets]
    editions: dict[str, int] = {}
    for r in rulesets:
        if r.diff is not None and r.diff.base in ids:
            editions[r.diff.base] = editions.get(r.diff.base, 0) + 1
    out = []
    for r in rulesets:
        if r.diff is not None and editions.get(r.diff.base, 0) >= 2:
            continue
        n = editions.get(r.id, 0)
        out.append(_("{id} and {n} editions").format(id=r.id, n=n) if n >= 2 else r.id)
    return out


def _illustrated_title(e: Example, illustrates: tuple[Illustrated, ...]) -> str:
    rs, p, role, reason = illustrates[0]
    # the same pattern in the same role under other rule sets (editions of one family) is named with the first
    same = [r for r, q, ro, _ in illustrates if q.id == p.id and ro == role]
    where = f"({', '.join(_grouped(same))})"
    more = _more(len(illustrates) - len(same), "pattern")
    if role == "curated" and e.title:
        return say(e.title, current())  # a curated title with a Chinese twin is a Name
    if role == "minimal":
        return _("{pattern} {where} with as little else as possible").format(pattern=_label(p), where=where) + more
    if role == "typical":
        return _("{pattern} {where} in a typical hand").format(pattern=_label(p), where=where) + more
    if role == "near-miss":
        change = _change(reason)
        return _("Near miss of {pattern} {where}").format(pattern=_label(p), where=where) + \
            (_(": ") + change if change else "") + more
    if role == "near-miss-base":
        return _("{pattern} {where} in the hand a near miss is changed from").format(pattern=_label(p),
                                                                                     where=where) + more
    return f"{_label(p)} {where}{more}"


def summary(data: SiteData, e: Example, witness: Witnessed) -> HandSummary:
    """`witness`: `matrix.witnessed(data)`, the compatibility pairs each hand is the witness of."""
    roles = dict(e.roles) or {ref: e.kind for ref in e.for_}
    found = []
    order = {rid: i for i, rid in enumerate(data.rulesets)}
    for ref in roles:
        rid, _sep, pid = ref.partition("/")
        rs = data.rulesets.get(rid)
        if rs is not None and pid in {p.id for p in rs.patterns}:
            shown = (rs, rs.pattern(pid), roles[ref], e.reasons.get(ref, ""))
            found.append(((ROLE_ORDER.get(roles[ref], 9), order[rid], pid), shown))
    illustrates = tuple(x for _, x in sorted(found, key=lambda t: t[0]))
    pairs = tuple(witness.get(e.key, ()))
    kinds = {ROLE_KIND.get(role, "generated") for _, _, role, _ in illustrates} | ({"matrix"} if pairs else set())
    kinds = kinds or {e.kind}
    if e.kind == "curated" or illustrates:
        title = _illustrated_title(e, illustrates) if illustrates else \
            (say(e.title, current()) or _("Hand {hand}").format(hand=e.hand))
        rs = illustrates[0][0] if illustrates else None
    elif pairs:
        rs, a, b = pairs[0]
        title = _("{a} and {b} count together ({id})").format(a=_label(a), b=_label(b), id=rs.id) + \
            _more(len(pairs) - 1, "pair")
    else:
        title, rs = say(e.title, current()) or _("Hand {hand}").format(hand=e.hand), None
    return HandSummary(title, rs, illustrates, pairs, tuple(sorted(kinds, key=lambda k: KIND_ORDER.get(k, 9))))


def hand_page(data: SiteData, e: Example, s: HandSummary, bibliography: dict[str, Source] | None = None) -> Page:
    scored = tuple(data.rulesets[rid] for rid in data.rulesets if rid in e.results)
    illustrates = [(rs, p, _(ROLE_WORDS.get(role, role)), reason) for rs, p, role, reason in s.illustrates]

    # a curated hand's source, resolved as a pattern's is, so the page links it to its bibliography entry
    cites: tuple[Citation, ...] = check_citations(e.source, bibliography, need_locator=False)[0] if e.source else ()

    def view() -> dict[str, Any]:
        receipts = [views.receipt(e.results[rs.id], rs) for rs in scored]
        return {"e": e, "source_cites": cites, "receipts": receipts, "illustrates": illustrates, "pairs": s.pairs,
                "context_words": views.context_of(e), "cite_rulesets": [r.ruleset for r in receipts],
                "stamps": {r.ruleset.id: result_stamp(r.score.to_json()) for r in receipts}}

    return Page(
        urls.hand_url(e.key), "hand.html", s.title, ruleset=s.ruleset,
        description=_("Example hand {hand}, scored under every rule set.").format(hand=e.hand),
        crumbs=(home_crumb(), (_("Hands"), urls.HANDS)), inputs=(e, scored, s, cites), build=view,
    )


def hands_index(data: SiteData, summaries: dict[str, HandSummary]) -> Page:
    """Every hand, source hands first; each row carries what the filter matches (`HandSummary.filter_keys`)."""
    order = sorted(data.examples, key=lambda e: (KIND_ORDER.get(e.kind, 9), e.hand))
    rows = [(e.key, e.hand, summaries[e.key].title, summaries[e.key].kinds, summaries[e.key].ruleset_ids,
             summaries[e.key].filter_keys) for e in order]
    used = {key for *_, keys in rows for key in keys}
    patterns = [(rs, [p for p in rs.patterns if f"{rs.id}/{p.id}" in used]) for rs in data.rulesets.values()]
    return Page(urls.HANDS, "hands.html", _("Example hands"),
                {"rows": rows, "kinds": [(k, _(w)) for k, w in KINDS], "kind_words": {k: _(w) for k, w in KINDS},
                 "patterns": [(rs, ps) for rs, ps in patterns if ps]},
                crumbs=(home_crumb(),), searchable=False)


def hand_pages(data: SiteData, witness: Witnessed) -> list[Page]:
    """The hands index, then one page per hand."""
    summaries = {e.key: summary(data, e, witness) for e in data.examples}
    bibliography = load_sources(data.content)
    return [hands_index(data, summaries)] + [hand_page(data, e, summaries[e.key], bibliography)
                                             for e in data.examples]
