"""The Chinese twin of the content's prose: each prose field `F` may be given again in Chinese as `F_zh`, beside
the English, in the same table (a pattern's definition, reading and why; a rule set's description and principles;
a concept's description; an option rule's reading).

The Chinese is the project's own text, written for the Chinese pages, not a copy of a source; the rule data keeps it
beside the English so the two are edited together. A page in Chinese shows `F_zh` where there is one and the English
otherwise, marked as English (`localized`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from .errors import Problems
from .toml_file import TomlFile

SUFFIX = "_zh"
PATTERN_PROSE = ("definition", "reading", "why")
RULESET_PROSE = ("description", "principles", "edition")
CONCEPT_PROSE = ("description",)
RULE_PROSE = ("reading",)


def has_chinese(text: str) -> bool:
    """Whether `text` holds a Chinese character (CJK ideographs, extension A included).

    Compared by code point, not with a character class: compiling a class that spans 27,000 code points is a
    fortieth of `score`'s start-up, and this module is loaded by every command."""
    return any("\u3400" <= c <= "\u9fff" for c in text)


def without_twins(value: Any) -> Any:
    """`value` with every Chinese twin (a key ending in `_zh`) left out, at any depth: what the fingerprints of stored
    answers and figures read, so writing a twin (a payment note's) leaves them current.

    >>> without_twins({"payment": [{"id": "a", "note": "x", "note_zh": "甲"}], "limit": 8})
    {'payment': [{'id': 'a', 'note': 'x'}], 'limit': 8}
    """
    if isinstance(value, Mapping):
        return {k: without_twins(v) for k, v in value.items() if not (isinstance(k, str) and k.endswith(SUFFIX))}
    if isinstance(value, list | tuple):
        return [without_twins(v) for v in value]
    return value


def twin_keys(fields: Iterable[str]) -> set[str]:
    """The keys of the Chinese twins of `fields`, for a table's list of known keys."""
    return {f + SUFFIX for f in fields}


def read_twins(f: TomlFile, table: str, index: int, data: Mapping[str, Any], fields: Iterable[str], label: str,
               found: Problems) -> dict[str, str]:
    """The Chinese twins the table gives, by English field name; each problem added to `found` at its own line:
    a twin that is not a string, holds no Chinese, or stands without the English it is the twin of."""
    out: dict[str, str] = {}
    for field in fields:
        key = field + SUFFIX
        if key not in data:
            continue
        value = data[key]
        problem = _problem(value, data.get(field))
        if problem:
            found.add(f.error(table, index, key, problem, f"{label}{key}"))
        else:
            out[field] = value.strip()
    return out


def _problem(value: Any, english: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        return "expected the Chinese text as a non-empty string"
    if not has_chinese(value):
        return "expected Chinese text (simplified characters); found none"
    if not isinstance(english, str) or not english.strip():
        return "a Chinese text is the twin of an English one: give the English field too"
    return ""


class HasZhText(Protocol):
    zh_text: Mapping[str, str]


def localized(obj: HasZhText, field: str, lang: str) -> tuple[str, str]:
    """(text, language) of `obj`'s prose field for a page in `lang` ("en" or "zh-Hans"): the Chinese twin on a
    Chinese page where there is one, else the English, which the page then marks `lang="en"`."""
    if lang != "en":
        zh = obj.zh_text.get(field)
        if zh:
            return zh, lang
    return str(getattr(obj, field)), "en"

