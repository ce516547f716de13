"""Stable digests of build inputs: what the incremental build keys its caches on.

A cached page, search shard or set of scores may be reused only when everything it was made
from is unchanged, so the keys are digests of values, not of identities or timestamps:
`value_digest` walks dataclasses, mappings, sequences and sets (sorted, because set order
varies between processes) down to their scalars. A `Ruleset` reached from a page is digested
by what templates may read of it — every field except the patterns' values and texts, which
pages only see through the `Pattern` objects and views their context holds — so editing one
value re-renders the pages that show it, not every page that names its rule set.
`tests/test_site_incremental.py` builds incrementally after an edit and compares the result
with a cold build byte for byte; a digest that missed an input would fail it.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .rules import Pattern, Ruleset
from .rules.sources import Source
from .scoring import Score

_PACKAGE = Path(__file__).resolve().parent


def files_digest(paths: Iterable[Path], root: Path) -> str:
    """Names (relative to root) and bytes of files, in sorted order."""
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def tree_digest(root: Path, *suffixes: str) -> str:
    """Every file under root (or those ending in one of `suffixes`), skipping caches and editor debris."""
    found = [p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and not p.name.startswith(".") and not p.name.endswith("~")
             and (not suffixes or p.name.endswith(suffixes))]
    return files_digest(found, root)


@functools.cache  # the code a process runs cannot change under it; a build asks five times
def engine_digest() -> str:
    """The code of the whole package: any change of code may change a score or a page."""
    return tree_digest(_PACKAGE, ".py")


def ruleset_label(rs: Ruleset) -> tuple[Any, ...]:
    """What a template may read from a Ruleset it is handed: all but the patterns' values and texts."""
    fields = tuple((f.name, getattr(rs, f.name)) for f in dataclasses.fields(rs)
                   if f.name not in ("patterns", "origin"))
    return fields + (("patterns", tuple((p.id, p.zh, p.en, p.group) for p in rs.patterns)),)


_SCALARS = (bool, int, float, str, bytes, type(None))
_PLAIN = frozenset({bool, int, float, str, type(None)})  # exact types: a subclass (an enum, Markup) may repr alike


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        skip = {"origin"} if issubclass(cls, Pattern) else set()  # where a pattern is written is not shown
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.name not in skip)
    return names


_FIELDS: dict[type, tuple[str, ...]] = {}


class Digester:
    """Digests of values, memoised per object for one build (objects are not mutated while pages render).

    A scalar stands for itself (its type and repr); a container or record is the sha1 of its
    parts, each length-prefixed so that no two different structures give the same bytes.
    """

    def __init__(self, known: Iterable[tuple[object, bytes]] = ()) -> None:
        """`known`: values with what `part` gave for them in an earlier build, taken as they are (the build cache
        keeps the parts of the examples' scores with the scores, so a rebuild does not repr them again)."""
        self._memo: dict[int, tuple[object, bytes]] = {id(value): (value, part) for value, part in known}

    def __call__(self, value: object) -> str:
        return hashlib.sha1(self._digest(value)).hexdigest()

    def part(self, value: object) -> bytes:
        """What `value` adds to the digest of anything that holds it."""
        return self._digest(value)

    def _digest(self, value: object) -> bytes:
        kind = type(value)
        # `issuperset(map(type, …))` asks "plain values only?" in C: the pages' views hold some 200,000 values.
        if kind in _PLAIN or isinstance(value, _SCALARS) or (
                isinstance(value, (tuple, list)) and kind in (tuple, list) and _PLAIN.issuperset(map(type, value))):
            return f"{kind.__name__}:{value!r}".encode()  # repr tells 1, '1', True and 1.0 apart
        memo = self._memo.get(id(value))
        if memo is not None and memo[0] is value:
            return memo[1]
        h = hashlib.sha1(type(value).__qualname__.encode())
        for part in self._parts(value):
            h.update(len(part).to_bytes(4, "little"))
            h.update(part)
        digest = h.digest()
        self._memo[id(value)] = (value, digest)  # keeps `value` alive, so its id is not reused
        return digest

    def _parts(self, value: object) -> Iterable[bytes]:
        own = getattr(type(value), "__digest__", None)
        if own is not None:  # a view derived by code from fewer values says which (the code is keyed apart)
            return [self._digest(own(value))]
        if isinstance(value, Ruleset):
            return [self._digest(ruleset_label(value))]
        if type(value) is Score:  # most of what page views hold: records of scalars, enums and tuples all the way
            return [repr(value).encode()]  # down, so the repr names every field; walking them is half the digest time
        if isinstance(value, enum.Enum):
            return [self._digest(value.value)]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            values = [getattr(value, name) for name in _field_names(type(value))]
            if _PLAIN.issuperset(map(type, values)):  # a record of scalars (a matrix cell): one repr says it all
                return [repr(values).encode()]
            return [self._digest(v) for v in values]
        if isinstance(value, Mapping):  # in order: templates iterate mappings in insertion order
            return [part for k, v in value.items() for part in (self._digest(k), self._digest(v))]
        if isinstance(value, (set, frozenset)):
            return sorted(self._digest(v) for v in value)
        if isinstance(value, (list, tuple)):
            return [self._digest(v) for v in value]
        if isinstance(value, Path):
            return [self._digest(value.as_posix())]
        if callable(value):
            return [self._digest(f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '')}")]
        raise TypeError(f"cannot digest a {type(value).__qualname__} for the build cache")


def short(text: str) -> str:
    """A 10-hex stamp: enough to tell two versions apart on a page, short enough to quote."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


class _RuleDigester(Digester):
    """Digests for a rule set's stamp: a bibliography entry without its Chinese twins, which say the entry again for
    the Chinese page and change nothing a citation of the rules names (the build cache's Digester keeps them)."""

    def _parts(self, value: object) -> Iterable[bytes]:
        if type(value) is Source:
            values = [getattr(value, f.name) for f in dataclasses.fields(Source) if f.name != "zh_text"]
            return [repr(values).encode()]  # as Digester says a record of strings
        return super()._parts(value)


def ruleset_stamp(rs: Ruleset) -> str:
    """The version of one rule set's data as a citation names it: every field and every pattern, values included."""
    return short(_RuleDigester()((ruleset_label(rs), rs.patterns)))


def result_stamp(result: Mapping[str, Any]) -> str:
    """The version of one computed result (a Score's contract JSON): a citation of a score names exactly that score.

    >>> result_stamp({"total": 8}) == result_stamp({"total": 8}) != result_stamp({"total": 9})
    True
    """
    import json

    return short(json.dumps(result, ensure_ascii=False, sort_keys=True))


def ruleset_frame_key(rs: Ruleset, engine: str) -> str:
    """The cache key of a rule set's example search and scores: the engine's code and the rule data but the
    patterns' values.

    The search reads no total, and a value reaches only the scores of hands its pattern shows on, so after a
    value edit both are checked hand by hand (`examples/reuse.py`) instead of being made again.
    """
    frame = tuple(dataclasses.replace(p, value=0) for p in rs.patterns)
    return hashlib.sha256(f"{engine}:{Digester()((ruleset_label(rs), frame))}".encode()).hexdigest()
