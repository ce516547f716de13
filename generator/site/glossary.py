"""The glossary's content (content/glossary.toml): the words the atlas uses, in English and Chinese, and the other
names players write for them and for each concept, read and checked like every content file (file:line: field).

The variants are what a reader types: the glossary page lists them, and search finds a concept's page by them.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules.errors import Problems
from ..rules.toml_file import TomlFile
from ..rules.zh_text import has_chinese, read_twins, twin_keys

FILE = "glossary.toml"
TERM_KEYS = {"id", "en", "zh", "variants", "definition", "concept"} | twin_keys(("definition",))
NAMES_KEYS = {"concept", "variants"}
_SLUG = re.compile(r"^[a-z0-9][a-z0-9\-]*$")


@dataclass(frozen=True)
class Term:
    """A word of the game with its names and the atlas's definition of it."""

    id: str
    en: str
    zh: str
    variants: tuple[str, ...]  # other names, any language or script
    definition: str
    concept: str | None = None  # the concept page comparing it across rule sets, if any
    zh_text: dict[str, str] = field(default_factory=dict)  # the Chinese twin of the definition


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...] = ()
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)  # concept id -> other names players write

    def concept_variants(self, concept_id: str) -> tuple[str, ...]:
        """Every other name of a concept: its [[names]] entry and the variants of the terms that link to it."""
        out = list(self.names.get(concept_id, ()))
        for t in self.terms:
            if t.concept == concept_id:
                out.extend(v for v in (t.en, t.zh, *t.variants) if v not in out)
        return tuple(out)


def concept_ids(content: Path) -> set[str] | None:
    """The ids concepts.toml gives, read without checking the concepts (that is done, and reported, where the
    examples are collected); None when the file does not read, so that its problem is not reported again here."""
    path = content / "concepts.toml"
    if not path.is_file():
        return set()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8")).get("concept", [])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return {c["id"] for c in raw if isinstance(c, dict) and isinstance(c.get("id"), str)} if isinstance(raw, list) else None


def load_glossary(content: Path, problems: Problems, concepts: set[str] | None = None) -> Glossary:
    """The glossary of a content folder (empty without the file); every problem added to `problems`. A term's
    concept is checked against `concepts` (by default the ids of the folder's concepts.toml)."""
    if concepts is None:
        concepts = concept_ids(content)
    path = content / FILE
    if not path.is_file():
        return Glossary()
    f = problems.keep(lambda: TomlFile(path, content.parent))
    if f is None:
        return Glossary()
    for key in f.data:
        if key not in ("term", "names"):
            problems.add(f.error(key, 0, "", "unknown table (expected [[term]] or [[names]])", key))
    terms: list[Term] = []
    seen: set[str] = set()
    for i, raw in enumerate(_tables(f, "term", problems)):
        term = problems.keep(lambda: _term(f, i, raw, concepts, problems))
        if term is None:
            continue
        if term.id in seen:
            problems.add(f.error("term", i, "id", f"{term.id!r} is already a term", f"term {term.id!r} id"))
        seen.add(term.id)
        terms.append(term)
    names: dict[str, tuple[str, ...]] = {}
    for i, raw in enumerate(_tables(f, "names", problems)):
        entry = problems.keep(lambda: _names(f, i, raw, concepts))
        if entry is None:
            continue
        if entry[0] in names:
            problems.add(f.error("names", i, "concept", f"{entry[0]!r} already has a [[names]] entry",
                                 "names.concept"))
        names[entry[0]] = entry[1]
    return Glossary(tuple(terms), names)


def _tables(f: TomlFile, table: str, problems: Problems) -> list[Any]:
    raw = f.data.get(table, [])
    if not isinstance(raw, list):
        problems.add(f.error(table, 0, "", f"expected [[{table}]] tables", table))
        return []
    return raw


def _term(f: TomlFile, i: int, raw: Any, concepts: set[str] | None, problems: Problems) -> Term:
    label = f.entry_label("term", i, raw, TERM_KEYS)
    text: dict[str, str] = {}
    for key in ("id", "en", "zh", "definition"):
        value = raw.get(key)
        if not isinstance(value, str) or not value.strip():
            raise f.error("term", i, key, "expected a non-empty string" if key in raw else
                          "missing; expected a string", label + key)
        text[key] = value.strip()
    if not _SLUG.match(text["id"]):
        raise f.error("term", i, "id", f"expected a lowercase slug like 'seat-wind', found {text['id']!r}", label + "id")
    if not has_chinese(text["zh"]):
        raise f.error("term", i, "zh", f"expected the Chinese name, found {text['zh']!r}", label + "zh")
    concept = raw.get("concept")
    if concept is not None and concepts is not None and concept not in concepts:
        raise f.error("term", i, "concept", f"{concept!r} is not a concept of content/concepts.toml", label + "concept")
    twins = Problems()
    zh_text = read_twins(f, "term", i, raw, ("definition",), label, twins)
    twins.raise_any()
    variants = _variants(f, "term", i, raw, label)
    if text["en"] in variants or text["zh"] in variants:
        raise f.error("term", i, "variants", "lists the term's own name; variants are the other names", label + "variants")
    return Term(text["id"], text["en"], text["zh"], variants, text["definition"], concept, zh_text)


def _names(f: TomlFile, i: int, raw: Any, concepts: set[str] | None) -> tuple[str, tuple[str, ...]]:
    if not isinstance(raw, dict):
        raise f.error("names", i, "", "expected a table", "names")
    for key in raw:
        if key not in NAMES_KEYS:
            raise f.error("names", i, key, "unknown field (expected concept, variants)", f"names.{key}")
    concept = raw.get("concept")
    if not isinstance(concept, str) or concepts is not None and concept not in concepts:
        raise f.error("names", i, "concept", f"expected a concept of content/concepts.toml, found {concept!r}",
                      "names.concept")
    variants = _variants(f, "names", i, raw, "names ")
    if not variants:
        raise f.error("names", i, "variants", "expected at least one name", "names.variants")
    return concept, variants


def _variants(f: TomlFile, table: str, i: int, raw: dict[str, Any], label: str) -> tuple[str, ...]:
    value = raw.get("variants", [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise f.error(table, i, "variants", "expected an array of non-empty strings", label + "variants")
    if len(set(value)) != len(value):
        twice = sorted({v for v in value if value.count(v) > 1})
        raise f.error(table, i, "variants", f"{', '.join(twice)} listed twice", label + "variants")
    return tuple(v.strip() for v in value)

