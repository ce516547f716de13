"""Typed reads of one rule-data table's fields, each failure naming file, line and field: the loader's building
blocks, kept apart so the loader holds only what a rule set is made of."""

from __future__ import annotations

import re
from typing import Any

from .errors import Problems
from .toml_file import TomlFile as _File


def get(f: _File, table: str, index: int, data: dict[str, Any], key: str, typ: type | tuple[type, ...], *,
        required: bool = True, default: Any = None, label: str = "") -> Any:
    field = f"{label}{key}"
    if key not in data:
        if required:
            raise f.error(table, index, key, f"missing; expected {typename(typ)}", field)
        return default
    value = data[key]
    bad = isinstance(value, bool) and typ is int or not isinstance(value, typ)
    if bad:
        raise f.error(table, index, key, f"expected {typename(typ)}, found {value!r}", field)
    return value


def typename(typ: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", list: "an array", dict: "a table"}
    if isinstance(typ, tuple):
        return " or ".join(names.get(t, t.__name__) for t in typ)
    return names.get(typ, typ.__name__)


KANA = re.compile(r"[\u3040-\u30ff\u30fc・ ]+")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def check_japanese(f: _File, table: str, index: int, label: str, fields: dict[str, Any], found: Problems) -> None:
    """A Japanese name is written in kanji or kana, and its reading in kana only; a reading needs its name (the
    pages show the reading in brackets after the name)."""
    ja, kana = fields.get("ja") or "", fields.get("kana") or ""
    if ja and not JAPANESE.search(ja):
        found.add(f.error(table, index, "ja", f"expected a name in kanji or kana, found {ja!r}", f"{label}ja"))
    if kana and not KANA.fullmatch(kana):
        found.add(f.error(table, index, "kana", f"expected kana only, found {kana!r}", f"{label}kana"))
    if kana and not ja:
        found.add(f.error(table, index, "kana", "a reading in kana needs the Japanese name ('ja') it reads",
                          f"{label}kana"))
