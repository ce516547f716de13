"""The `[[rule]]` entries of a rule-set file: where each option of `[options]` rests.

An option is a rule of the whole rule set (kiriage mangan, whether yakuman add up), so it is cited like a pattern:
`source` names the passage (`key: where`), `provenance` says whether the text states it (`source`) or the rule data
reads it so (`interpretation`, with a `reading` saying why). An edition keeps its base's entry for every option it
does not cite itself."""

from __future__ import annotations

from typing import Any

from .errors import Problems
from .model import Family, Origin, RuleCitation
from .sources import Source, check_citations
from .toml_file import TomlFile
from .zh_text import RULE_PROSE, read_twins, twin_keys

RULE_KEYS = ("option", "source", "provenance", "reading")
KNOWN_KEYS = (*RULE_KEYS, *sorted(twin_keys(RULE_PROSE)))


def read_rules(f: TomlFile, raw: Any, found: Problems, bib: dict[str, Source] | None) -> list[RuleCitation]:
    """The file's `[[rule]]` entries that read, each problem added to `found` as `file:line: rule.field: message`."""
    out: list[RuleCitation] = []
    if not isinstance(raw, list):
        found.add(f.error("rule", 0, "", "expected [[rule]] tables", "rule"))
        return out
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        rule = found.keep(lambda: _rule(f, i, entry, bib))
        if rule is None:
            continue
        if rule.option in seen:
            found.add(f.error("rule", i, "option", f"option {rule.option!r} is cited twice", "rule.option"))
        seen.add(rule.option)
        out.append(rule)
    return out


def _rule(f: TomlFile, i: int, entry: Any, bib: dict[str, Source] | None) -> RuleCitation:
    if not isinstance(entry, dict):
        raise f.error("rule", i, "", "expected a table with option, source and provenance", "rule")
    for key in entry:
        if key not in KNOWN_KEYS:
            raise f.error("rule", i, key, f"unknown field (expected one of {', '.join(KNOWN_KEYS)})", f"rule.{key}")
    text: dict[str, str] = {}
    for key in RULE_KEYS:
        value = entry.get(key, "" if key == "reading" else None)
        if not isinstance(value, str):
            raise f.error("rule", i, key, f"expected a string, found {value!r}" if key in entry else
                          "missing; expected a string", f"rule.{key}")
        text[key] = value
    if text["provenance"] not in ("source", "interpretation"):
        raise f.error("rule", i, "provenance", f"expected 'source' or 'interpretation', found {text['provenance']!r}",
                      "rule.provenance")
    if text["provenance"] == "interpretation" and not text["reading"].strip():
        raise f.error("rule", i, "reading", "an interpretation needs a 'reading' saying why this reading was chosen",
                      "rule.reading")
    cites, problem = check_citations(text["source"], bib, need_locator=True)
    if problem:
        raise f.error("rule", i, "source", problem, "rule.source")
    twins = Problems()
    zh_text = read_twins(f, "rule", i, entry, RULE_PROSE, "rule.", twins)
    twins.raise_any()
    return RuleCitation(text["option"], text["source"], cites, text["provenance"], text["reading"].strip(),
                        Origin(f.name, f.line("rule", i, "option")), zh_text)


def check_rules(f: TomlFile, rules: list[RuleCitation], family: Family, found: Problems) -> None:
    """Each cited option is one the family reads (when it names its options)."""
    known = family.option_types
    if known is None:
        return
    for i, r in enumerate(rules):
        if r.option not in known:
            found.add(f.error("rule", i, "option", f"unknown option for policy {family.name!r} (expected one of "
                              f"{', '.join(sorted(known))})", "rule.option"))


def merged(base: tuple[RuleCitation, ...], own: list[RuleCitation]) -> tuple[RuleCitation, ...]:
    """An edition's entries: its own, and its base's for the options it does not cite."""
    mine = {r.option for r in own}
    return (*own, *(r for r in base if r.option not in mine))
