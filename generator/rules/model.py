"""The content model: rule sets and their patterns, as loaded from content/rulesets/*.toml.

Exclusions live on the pattern as data (`excludes`), so the engine applies them and
the site can print why a pattern did not count, from the same source.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from ..shapes import Form
from .sources import Citation, Source


@dataclass(frozen=True)
class Origin:
    """Where a piece of content came from, for error messages and 'edit this' links."""

    file: str
    line: int | None = None
    fields: tuple[tuple[str, int], ...] = ()  # (key, line) inside the table, for field-level errors

    def line_of(self, key: str) -> int | None:
        return dict(self.fields).get(key, self.line)


@dataclass(frozen=True)
class Exclusion:
    id: str
    why: str  # "implied", "series", "principle", "conflict", ...; a `messages.Name` where the data gives `why_zh`
    count: int | None = None  # how many instances it removes (None: all)


@dataclass(frozen=True)
class Pattern:
    id: str
    zh: str
    en: str
    value: int
    group: str  # the series / class / family the policy reads
    detect: str
    params: Mapping[str, Any]
    excludes: tuple[Exclusion, ...]
    definition: str
    source: str
    provenance: str  # "source" or "interpretation"
    reading: str = ""  # why the interpretation was chosen
    citations: tuple[Citation, ...] = ()  # `source` read as bibliography keys and locators
    number: str = ""  # the rule set's own numbering, e.g. "3.2.1"
    aliases: tuple[str, ...] = ()
    ja: str = ""  # the name as Japanese players write it, where the family is Japanese (Riichi); `zh` is the Chinese
    kana: str = ""  # the Japanese name's reading in kana (ダブルリーチ), shown beside it
    category: str = ""  # a display category (Sihai 大类/类别/子类 etc.)
    extra: Mapping[str, Any] = field(default_factory=dict)
    origin: Origin = Origin("")
    open_value: int | None = None  # the value in a hand with a claimed meld (Riichi); 0: concealed hands only
    why: str = ""  # the source's own reason the pattern exists or is valued as it is, in our words; "" if it gives none
    why_source: str = ""  # where the source gives that reason, as `key: locator` citations
    why_citations: tuple[Citation, ...] = ()  # `why_source` read as bibliography keys and locators
    zh_text: Mapping[str, str] = field(default_factory=dict)  # the Chinese twins of the prose fields (rules/zh_text.py)

@dataclass(frozen=True)
class RuleCitation:
    """Where a rule set's option (`[options]`) rests: a `[[rule]]` entry of the file, or of its base when the edition
    keeps the base's value."""

    option: str
    source: str
    citations: tuple[Citation, ...] = ()
    provenance: str = "source"  # or "interpretation", with `reading` saying why
    reading: str = ""
    origin: Origin = Origin("")
    zh_text: Mapping[str, str] = field(default_factory=dict)  # the Chinese twin of the reading (rules/zh_text.py)


@dataclass(frozen=True)
class EditionDiff:
    """What an edition changes over its base, kept for the edition-diff page."""

    base: str
    changed: tuple[tuple[str, str, Any, Any], ...]  # (pattern id, field, old, new)
    added: tuple[str, ...]
    removed: tuple[str, ...]


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    zh: str
    edition: str
    policy: str
    unit: str
    source: str
    forms: frozenset[Form]
    patterns: tuple[Pattern, ...]
    options: Mapping[str, Any]
    description: str = ""
    principles: str = ""
    zh_text: Mapping[str, str] = field(default_factory=dict)  # the Chinese twins of description and principles
    aliases: tuple[str, ...] = ()
    accent: str = "#555555"
    diff: EditionDiff | None = None
    origin: Origin = Origin("")
    cites: tuple[Citation, ...] = ()  # the rule-set-level `source` read as bibliography keys
    bibliography: tuple[Source, ...] = ()  # every entry the rule set or its patterns cite, in order of first citation
    pattern_unit: str = ""  # what a pattern's value counts when it is not the total's unit (Riichi: han)
    rules: tuple[RuleCitation, ...] = ()  # where each option rests (`[[rule]]`), the base's where an edition keeps it

    @property
    def value_unit(self) -> str:
        """The unit of a pattern's value: `pattern_unit`, else the rule set's `unit`."""
        return self.pattern_unit or self.unit

    def pattern(self, pattern_id: str) -> Pattern:
        return self.by_id[pattern_id]

    @cached_property  # kept in the instance's dictionary, past the frozen dataclass's guard
    def by_id(self) -> dict[str, Pattern]:
        """The patterns by id (every scored reading looks patterns up by id)."""
        return {p.id: p for p in self.patterns}

    def entry(self, key: str) -> Source | None:
        """The bibliography entry a citation of this rule set names."""
        return next((s for s in self.bibliography if s.key == key), None)

    def option(self, name: str, default: Any = None) -> Any:
        return self.options.get(name, default)

    def rule(self, option: str) -> RuleCitation | None:
        """Where the option rests, if the rule data says."""
        return next((r for r in self.rules if r.option == option), None)


class Family(Protocol):
    """What the loader asks of the rule family a rule set names (`policy`): generator.scoring's policies are these.
    Everything else a family decides is asked of it through the registry (generator.scoring.families), which sits
    above the rule data."""

    @property
    def name(self) -> str:
        """The family's own name, which a rule set that names it by an alias keeps."""

    @property
    def option_types(self) -> dict[str, type] | None:
        """The [options] the family reads, with their types; None when it does not list them."""

    def check_options(self, ruleset: Ruleset) -> None:
        """Raise a ContentError for an option of `ruleset` the family cannot use."""


class Families(Protocol):
    """The families the loader checks rule sets against, by the name (or alias) rule data gives them."""

    def find(self, name: str) -> Family | None:
        """The family registered under `name` or an alias of it; None when no family is."""

    def names(self) -> tuple[str, ...]:
        """The families' names, in the order the loader's message lists them."""
