"""The bibliography (content/sources.toml) and the citations that point into it.

A `source` field names one or more entries of the bibliography, each with where in that text:
"gb-1998: fan 12", "zj-2.4: §4.2.1; zj-book-3.2: Miscellaneous Rules". A citation is `key: locator`;
citations are joined with "; ". The loader checks every key against the bibliography and stops
with `file:line: field: message` on one it does not know, so every citation on the site resolves
to an entry of the /sources/ page.

A content folder without a sources.toml (the small folders tests write) has no bibliography, and
its citations are not checked; the real content has one, and a test holds every citation to it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Problems
from .toml_file import TomlFile
from .zh_text import read_twins, twin_keys

KEY = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")
_SPLIT = re.compile(r";\s+(?=[a-z0-9][a-z0-9.\-]*:\s)")
_ONE = re.compile(r"^([a-z0-9][a-z0-9.\-]*)(?::\s+(.+))?$", re.DOTALL)

REQUIRED = ("key", "title", "title_en", "author", "year", "edition", "language", "used_for")
OPTIONAL = ("url", "obtain", "publisher", "accessed", "note")
# The fields a Chinese page shows as prose or as a fact in words; each may have its Chinese twin `F_zh` (zh_text.py)
PROSE = ("author", "publisher", "year", "edition", "language", "obtain", "used_for", "note")


@dataclass(frozen=True)
class Source:
    """One entry of the bibliography."""

    key: str
    title: str
    title_en: str
    author: str
    year: str
    edition: str
    language: str
    used_for: str
    url: str = ""
    obtain: str = ""
    publisher: str = ""
    accessed: str = ""
    note: str = ""
    # the Chinese twins by English field name; not compared, so an entry stays hashable and equal to itself
    zh_text: Mapping[str, str] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Citation:
    """One `key: locator` of a source field."""

    key: str
    at: str = ""
    title: str = ""  # the entry's title, filled in once the key is resolved (pages print it)


def parse_citations(text: str) -> tuple[Citation, ...] | None:
    """The citations of a source field, or None when it does not read as `key: locator[; key: locator ...]`.

    >>> parse_citations("gb-1998: fan 12; coh: score_definition.xml, fan 12")
    (Citation(key='gb-1998', at='fan 12'), Citation(key='coh', at='score_definition.xml, fan 12'))
    >>> parse_citations("zj-2.4") == (Citation('zj-2.4'),)
    True
    >>> parse_citations("§4.2.1") is None
    True
    """
    out = []
    for part in _SPLIT.split(text.strip()):
        m = _ONE.match(part.strip())
        if not m:
            return None
        out.append(Citation(m.group(1), (m.group(2) or "").strip().rstrip(";").strip()))
    return tuple(out) if out else None


_LOADED: dict[tuple[Path, int, int], dict[str, Source]] = {}


def bibliography_path(content: Path) -> Path:
    return content / "sources.toml"


def load_sources(content: Path, root: Path | None = None) -> dict[str, Source] | None:
    """The bibliography of a content folder by key, in file order; None when the folder has none."""
    path = bibliography_path(content)
    try:
        st = path.stat()
    except OSError:
        return None
    stamp = (path.resolve(), st.st_mtime_ns, st.st_size)
    done = _LOADED.get(stamp)
    if done is None:
        done = _LOADED[stamp] = _read(path, root if root is not None else content.parent)
    return done


def bibliography_date(content: Path) -> str:
    """The date of this state of the rule data and its citations ([bibliography] dated), or ""."""

    path = bibliography_path(content)
    if not path.is_file():
        return ""
    head = TomlFile(path, content.parent).data.get("bibliography", {})
    return str(head.get("dated", "")) if isinstance(head, dict) else ""


def _read(path: Path, root: Path) -> dict[str, Source]:

    f = TomlFile(path, root)
    for table in f.data:
        if table not in ("source", "bibliography"):
            raise f.error(table, 0, "", "unknown table (expected [bibliography] and [[source]] entries)", table)
    head = f.data.get("bibliography", {})
    dated = head.get("dated") if isinstance(head, dict) else None
    if not isinstance(dated, str) or not re.match(r"^\d{4}-\d{2}-\d{2}$", dated):
        raise f.error("bibliography", 0, "dated", f"expected a date like '2026-12-01', found {dated!r}",
                      "bibliography.dated")
    entries = f.data.get("source", [])
    if not isinstance(entries, list):
        raise f.error("source", 0, "", "expected [[source]] entries", "source")
    out: dict[str, Source] = {}
    for i, raw in enumerate(entries):
        out_entry = _entry(f, i, raw, out)
        out[out_entry.key] = out_entry
    return out


def _entry(f: Any, i: int, raw: Any, seen: dict[str, Source]) -> Source:
    if not isinstance(raw, dict):
        raise f.error("source", i, "", "expected a table", "source")
    key = raw.get("key")
    label = f"source {key!r} " if isinstance(key, str) else f"source #{i + 1} "
    known = set(REQUIRED + OPTIONAL) | twin_keys(PROSE)
    for name in raw:
        if name not in known:
            raise f.error("source", i, name, f"unknown field (expected one of {', '.join(sorted(known))})",
                          f"{label}{name}")
    values: dict[str, str] = {}
    for name in REQUIRED + OPTIONAL:
        if name not in raw:
            if name in REQUIRED:
                raise f.error("source", i, name, "missing; expected a string (say so if it is not known)",
                              f"{label}{name}")
            continue
        value = raw[name]
        if not isinstance(value, str) or not value.strip():
            raise f.error("source", i, name, f"expected a non-empty string, found {value!r}", f"{label}{name}")
        values[name] = value.strip()
    if not KEY.match(values["key"]):
        raise f.error("source", i, "key", f"expected a lowercase key like 'gb-1998', found {values['key']!r}",
                      f"{label}key")
    if values["key"] in seen:
        raise f.error("source", i, "key", "duplicate key", f"{label}key")
    if "url" not in values and "obtain" not in values:
        raise f.error("source", i, "key", "needs a 'url' or, where there is no public address, 'obtain' "
                      "(an ISBN, an archived copy, whom to ask)", f"{label}url")
    if "url" in values and not re.match(r"^https?://\S+$", values["url"]):
        raise f.error("source", i, "url", f"expected an http(s) address, found {values['url']!r}", f"{label}url")
    found = Problems()
    twins = read_twins(f, "source", i, raw, PROSE, label, found)
    found.raise_any()  # the bibliography stops at its first problem, as for every other field
    return Source(**values, zh_text=twins)


def check_citations(text: str, bibliography: dict[str, Source] | None, *, need_locator: bool
                    ) -> tuple[tuple[Citation, ...], str | None]:
    """The citations of a source field and, if it does not resolve, what is wrong with it."""
    cites = parse_citations(text)
    if cites is None:
        if bibliography is None:
            return (), None
        return (), (f"expected 'key: where' citations joined by '; ' (e.g. 'gb-1998: fan 12'), found {text!r}")
    if bibliography is None:  # nothing to resolve against: the field is shown as written
        return (), None
    for c in cites:
        if c.key not in bibliography:
            return cites, f"unknown source key {c.key!r} (content/sources.toml has: {', '.join(bibliography)})"
        if need_locator and not c.at:
            return cites, f"citation of {c.key!r} says not where in it (e.g. '{c.key}: §3' or '{c.key}: fan 12')"
    return tuple(Citation(c.key, c.at, bibliography[c.key].title) for c in cites), None


def cited_entries(citations: Any, bibliography: dict[str, Source] | None) -> tuple[Source, ...]:
    """The entries named by a sequence of citations, each once, in order of first citation."""
    if not bibliography:
        return ()
    keys: list[str] = []
    for c in citations:
        if c.key in bibliography and c.key not in keys:
            keys.append(c.key)
    return tuple(bibliography[k] for k in keys)
