"""An edition's changes from its base, sorted into what a player reads first and what a maintainer reads last.

The loader keeps an edition's diff as (pattern, field, old, new) rows (`Ruleset.diff`). A reader does not think in
fields: a new value, a pattern gone, a definition reworded, an exclusion gained are different kinds of news, and a
renumbering or a new citation matters to few. `edition_changes` turns the rows into those groups, every value in
words (no field's raw data reaches a page), and says for each removed pattern what took its place, from the data:
a pattern of the edition with the same test, one with the same name, or what the example hands that scored it
count instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from markupsafe import Markup

from ..examples.diffs import HandDelta
from ..rules import Pattern, Ruleset
from ..rules.model import Exclusion
from ..stats.play import reads
from .i18n import DEFAULT, N_, current, ngettext, say
from .i18n import gettext as _
from .text_diff import marked_pair
from .views import option_keys, option_label, option_value, pattern_name, unit_word, why_said

# The labels are catalogue entries (N_), said in the page's language where a change is made (`_`)
VALUE_FIELDS = {"value": N_("value"), "open_value": N_("value with a claimed meld")}
NAME_FIELDS = {"zh": N_("Chinese name"), "en": N_("English name"), "aliases": N_("other names")}


def words(value: Any) -> str:
    """A field's value as a reader reads it: lists joined, tables as 'key value', yes/no, and 'none' for nothing.

    >>> words(["九子連環", "九蓮寶燈"]), words({"on_wait": True, "dealer": "no"}), words(None), words([])
    ('九子連環、九蓮寶燈', 'on wait yes; dealer no', 'none', 'none')
    """
    if value is None or value == [] or value == {} or value == "":
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Mapping):
        return "; ".join(f"{str(k).replace('_', ' ')} {words(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "、".join(words(v) for v in value)
    return str(value)


@dataclass(frozen=True)
class FigureChange:
    pattern: Pattern
    label: str  # "value", "value with a claimed meld"
    old: int | None
    new: int | None


@dataclass(frozen=True)
class AddedPattern:
    pattern: Pattern
    replaces: tuple[Pattern, ...]  # removed patterns of the base whose test this one has


@dataclass(frozen=True)
class RemovedPattern:
    """A pattern of the base the edition drops, and what took its place.

    `fate` is "same-test-new" (an added pattern has its test), "same-test" (a kept pattern now has its test),
    "same-name" (a pattern of the edition has its name), "counted-instead" (the example hands that scored it under
    the base count `others` under the edition), "scored-without" (those hands count nothing new) or "none".
    """

    pattern: Pattern
    fate: str
    others: tuple[Pattern, ...] = ()
    hands: int = 0  # example hands that scored it under the base


@dataclass(frozen=True)
class TextChange:
    pattern: Pattern
    label: str
    old: Markup  # rendered, with what the edition drops in <del>
    new: Markup  # rendered, with what the edition adds in <ins>
    in_chinese: bool = False  # the two Chinese twins compared (on a Chinese page, where both have one)


@dataclass(frozen=True)
class Condition:
    label: str  # the detector's parameter in words, or "test" for the detector itself
    old: str
    new: str


@dataclass(frozen=True)
class DetectorChange:
    pattern: Pattern
    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class ExclusionChange:
    pattern: Pattern
    gained: tuple[tuple[Pattern, str], ...]  # (pattern of the edition, why in words)
    lost: tuple[tuple[Pattern, str], ...]  # (pattern of the base, why in words)
    reworded: tuple[tuple[Pattern, str, str], ...] = ()  # same exclusion, a new reason or count


@dataclass(frozen=True)
class WordsChange:
    """A field whose two values read as short words: a name, a provenance, a number, a category."""

    pattern: Pattern
    label: str
    old: str
    new: str


@dataclass(frozen=True)
class SeriesChange:
    pattern: Pattern
    old_peers: tuple[Pattern, ...]  # the other patterns of its series in the base
    new_peers: tuple[Pattern, ...]  # ... and in the edition


@dataclass(frozen=True)
class RuleChange:
    """An option of the rule data (a limit, whether yakuman add up) that the edition sets otherwise."""

    key: str
    label: str
    old: str
    new: str


@dataclass
class EditionChanges:
    """The groups, each a list; `sections` gives the non-empty ones in reading order."""

    rules: list[RuleChange] = field(default_factory=list)
    values: list[FigureChange] = field(default_factory=list)
    added: list[AddedPattern] = field(default_factory=list)
    removed: list[RemovedPattern] = field(default_factory=list)
    definitions: list[TextChange] = field(default_factory=list)
    tests: list[DetectorChange] = field(default_factory=list)
    exclusions: list[ExclusionChange] = field(default_factory=list)
    names: list[WordsChange] = field(default_factory=list)
    series: list[SeriesChange] = field(default_factory=list)
    interpretations: list[WordsChange | TextChange] = field(default_factory=list)
    other: list[WordsChange] = field(default_factory=list)
    hands: list[HandDelta] = field(default_factory=list)
    renumbered: list[WordsChange] = field(default_factory=list)
    sources: list[TextChange] = field(default_factory=list)
    why: dict[str, tuple[str, ...]] = field(default_factory=dict)  # hand key -> what moves its result (hand_reasons)

    ORDER = ("rules", "values", "added", "removed", "definitions", "tests", "exclusions", "names", "series",
             "interpretations", "other", "hands", "renumbered", "sources")

    def sections(self) -> list[tuple[str, list[Any]]]:
        return [(name, getattr(self, name)) for name in self.ORDER if getattr(self, name)]


def edition_changes(base: Ruleset, edition: Ruleset, hands: Sequence[HandDelta] = ()) -> EditionChanges:
    """The edition's diff from `base`, grouped; `hands` are the example hands whose result differs (for what the
    hands of a removed pattern count instead)."""
    out = EditionChanges(hands=list(hands), rules=rule_changes(base, edition))
    if edition.diff is None:
        return out
    diff = edition.diff
    for pid, key, old, new in diff.changed:
        _sort(out, base, edition, base.pattern(pid), edition.pattern(pid), key, old, new)
    removed = [base.pattern(pid) for pid in diff.removed]
    for pid in diff.added:
        p = edition.pattern(pid)
        out.added.append(AddedPattern(p, tuple(q for q in removed if _test(q) == _test(p))))
    out.removed = [_fate(p, edition, set(diff.added), hands) for p in removed]
    return out


def rule_changes(base: Ruleset, edition: Ruleset) -> list[RuleChange]:
    """The options the edition sets otherwise than its base, in words."""
    return [RuleChange(key, option_label(key), words(option_value(base, key)), words(option_value(edition, key)))
            for key in option_keys(base, edition) if option_value(base, key) != option_value(edition, key)]


def hand_reasons(base: Ruleset, edition: Ruleset, hand: HandDelta, rules: Sequence[RuleChange],
                 total_under: Callable[[Ruleset], int]) -> tuple[str, ...]:
    """Why a hand's result differs between base and edition, from the rule data: each changed rule that, set
    alone in the base as the edition sets it, moves the hand's total (`total_under` scores the hand under a rule
    set), then each pattern the hand counts under either whose value the edition changes, or that only one has."""
    out = []
    for r in rules:
        alone = replace(base, options={**base.options, r.key: option_value(edition, r.key)})
        if total_under(alone) != hand.old_total:
            out.append(_("{rule}: {old} → {new}").format(rule=r.label, old=r.old, new=r.new))
    old, new = dict(hand.old_patterns), dict(hand.new_patterns)
    changed = {pid: (o, n) for pid, key, o, n in (edition.diff.changed if edition.diff else ()) if key == "value"}
    for pid in sorted(old.keys() | new.keys()):
        if pid in changed:
            out.append(_("{pattern}: {old} → {new} {unit}").format(
                pattern=pattern_name(edition.pattern(pid)), old=changed[pid][0], new=changed[pid][1],
                unit=unit_word(edition.value_unit)))
        elif pid not in new:
            out.append(_("{pattern}: not counted").format(pattern=pattern_name(base.pattern(pid))))
        elif pid not in old:
            out.append(_("{pattern}: counted").format(pattern=pattern_name(edition.pattern(pid))))
    return tuple(out)


def _sort(out: EditionChanges, base: Ruleset, edition: Ruleset, old_p: Pattern, p: Pattern, key: str,
          old: Any, new: Any) -> None:
    if key in VALUE_FIELDS:
        out.values.append(FigureChange(p, _(VALUE_FIELDS[key]), old, new))
    elif key in NAME_FIELDS:
        out.names.append(WordsChange(p, _(NAME_FIELDS[key]), words(old), words(new)))
    elif key in ("definition", "reading"):
        change = _prose_change(old_p, p, key, old or "", new or "")
        (out.definitions if key == "definition" else out.interpretations).append(change)
    elif key == "provenance":
        out.interpretations.append(WordsChange(p, _("rests on"), _provenance(old), _provenance(new)))
    elif key == "detect":
        out.tests.append(DetectorChange(p, _conditions(old_p, p)))
    elif key == "excludes":
        out.exclusions.append(_exclusions(base, edition, old_p, p))
    elif key == "number":
        out.renumbered.append(WordsChange(p, _("number"), words(old), words(new)))
    elif key == "group":
        old_peers, new_peers = _peers(base, old_p), _peers(edition, p)
        # A peer removed or added is news of its own (patterns removed, added): among the patterns both keep, the
        # same peers mean the series is only renamed.
        both = {q.id for q in base.patterns} & {q.id for q in edition.patterns}
        if {q.id for q in old_peers} & both == {q.id for q in new_peers} & both:
            out.renumbered.append(WordsChange(p, _("series"), words(old), words(new)))
        else:
            out.series.append(SeriesChange(p, old_peers, new_peers))
    elif key == "source":
        out.sources.append(TextChange(p, "source", *marked_pair(words(old), words(new))))
    else:
        out.other.append(WordsChange(p, key.replace("_", " "), words(old), words(new)))


def _prose_change(old_p: Pattern, p: Pattern, key: str, old: str, new: str) -> TextChange:
    """A definition or reading that the edition rewrote, compared in the page's language: on a Chinese page the two
    Chinese twins where both texts have one (an edition that rewrites the English writes its own twin), else the
    English, which the page marks as English."""
    zh_old, zh_new = old_p.zh_text.get(key, ""), p.zh_text.get(key, "")
    if current() != DEFAULT and (zh_old or not old) and (zh_new or not new):  # a text added or dropped has no twin
        return TextChange(p, key, *marked_pair(zh_old, zh_new), in_chinese=True)
    return TextChange(p, key, *marked_pair(old, new))


def _provenance(value: Any) -> str:
    said = {"source": N_("the source's text"), "interpretation": N_("an interpretation")}.get(value)
    return _(said) if said else words(value)


def _test(p: Pattern) -> tuple[str, tuple[tuple[str, str], ...]]:
    return p.detect, tuple(sorted((k, repr(v)) for k, v in p.params.items()))


def _conditions(old: Pattern, new: Pattern) -> tuple[Condition, ...]:
    out = [Condition(_("test"), old.detect.replace("_", " "), new.detect.replace("_", " "))] \
        if old.detect != new.detect else []
    for k in sorted(set(old.params) | set(new.params)):
        a, b = old.params.get(k), new.params.get(k)
        if a != b:
            out.append(Condition(k.replace("_", " "), _("not asked") if a is None else words(a),
                                 _("not asked") if b is None else words(b)))
    said_old, said_new = reads(old), reads(new)
    if out and said_old and said_new and said_old != said_new:  # the same change, as a player would say it
        out.insert(0, Condition(_("what it asks"), say(said_old, current()), say(said_new, current())))
    return tuple(out)


def _why(e: Exclusion) -> str:
    """An exclusion's reason, in its Chinese twin on a Chinese page where the data gives one, and how many it drops."""
    return why_said(e) + (ngettext(", {n} instance", ", {n} instances", e.count).format(n=e.count) if e.count else "")


def _exclusions(base: Ruleset, edition: Ruleset, old: Pattern, new: Pattern) -> ExclusionChange:
    before, after = {e.id: e for e in old.excludes}, {e.id: e for e in new.excludes}
    return ExclusionChange(
        new,
        gained=tuple((edition.pattern(i), _why(e)) for i, e in after.items() if i not in before),
        lost=tuple((base.pattern(i), _why(e)) for i, e in before.items() if i not in after),
        reworded=tuple((edition.pattern(i), _why(before[i]), _why(e)) for i, e in after.items()
                       if i in before and _why(before[i]) != _why(e)))


def _peers(rs: Ruleset, p: Pattern) -> tuple[Pattern, ...]:
    return tuple(q for q in rs.patterns if q.group == p.group and q.id != p.id)


def _fate(p: Pattern, edition: Ruleset, added: set[str], hands: Iterable[HandDelta]) -> RemovedPattern:
    same_test = tuple(q for q in edition.patterns if _test(q) == _test(p))
    if same_test:
        return RemovedPattern(p, "same-test-new" if all(q.id in added for q in same_test) else "same-test", same_test)
    names = {p.zh, *p.aliases}
    same_name = tuple(q for q in edition.patterns if names & {q.zh, *q.aliases})
    if same_name:
        return RemovedPattern(p, "same-name", same_name)
    scored = [h for h in hands if any(pid == p.id for pid, _ in h.old_patterns)]
    if not scored:
        return RemovedPattern(p, "none")
    common: set[str] | None = None
    for h in scored:
        new = {pid for pid, _ in h.new_patterns} - {pid for pid, _ in h.old_patterns}
        common = new if common is None else common & new
    instead = tuple(q for q in edition.patterns if q.id in (common or set()))
    return RemovedPattern(p, "counted-instead" if instead else "scored-without", instead, len(scored))
