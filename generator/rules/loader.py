"""Load and validate rule sets from content/rulesets/*.toml.

Everything is checked before anything is used: an unknown detector, a duplicate id,
a dangling exclusion or a wrong type stops the load with file, line and field.
Editions (`base = "..."`) are resolved into full rule sets here, and the diff kept.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from .. import detectors
from ..shapes import Form
from .errors import ContentError
from .locate import locate
from .model import EditionDiff, Exclusion, Origin, Pattern, Ruleset

POLICIES = ("series", "mcr", "multiplier", "riichi")
UNITS = ("fan", "points", "multiplier")
PROVENANCE = ("source", "interpretation")
SLUG = re.compile(r"^[a-z0-9][a-z0-9\-]*$")
RULESET_ID = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")

CONTENT_DIR = Path(__file__).resolve().parent.parent.parent / "content"


class _File:
    """One TOML file with its line index, so every check can point at a line."""

    def __init__(self, path: Path, root: Path | None = None) -> None:
        self.path = path
        try:
            self.name = str(path.relative_to(root)) if root else str(path)
        except ValueError:
            self.name = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ContentError(self.name, None, "(file)", f"cannot read: {exc}") from None
        try:
            self.data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"line (\d+)", str(exc))
            raise ContentError(self.name, int(m.group(1)) if m else None, "(syntax)", f"invalid TOML: {exc}") from None
        self.lines = locate(text)
        self.keys: dict[tuple[str, int], list[tuple[str, int]]] = {}
        """The keyed lines of each table entry, gathered once: every pattern asks for its own."""
        for (table, index, key), n in self.lines.items():
            if key:
                self.keys.setdefault((table, index), []).append((key, n))

    def line(self, table: str, index: int = 0, key: str = "") -> int | None:
        return self.lines.get((table, index, key)) or self.lines.get((table, index, ""))

    def error(self, table: str, index: int, key: str, message: str, label: str | None = None) -> ContentError:
        return ContentError(self.name, self.line(table, index, key.split(".")[0]), label or key, message)


def _get(f: _File, table: str, index: int, data: dict[str, Any], key: str, typ: type | tuple[type, ...], *,
         required: bool = True, default: Any = None, label: str = "") -> Any:
    field = f"{label}{key}"
    if key not in data:
        if required:
            raise f.error(table, index, key, f"missing; expected {_typename(typ)}", field)
        return default
    value = data[key]
    bad = isinstance(value, bool) and typ is int or not isinstance(value, typ)
    if bad:
        raise f.error(table, index, key, f"expected {_typename(typ)}, found {value!r}", field)
    return value


def _typename(typ: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", list: "an array", dict: "a table"}
    if isinstance(typ, tuple):
        return " or ".join(names.get(t, t.__name__) for t in typ)
    return names.get(typ, typ.__name__)


PATTERN_KEYS = {
    "id", "zh", "en", "value", "group", "detect", "excludes", "definition", "source", "provenance",
    "reading", "number", "aliases", "category", "extra", "open_value",
}


def _pattern(f: _File, index: int, data: dict[str, Any], table: str = "pattern") -> Pattern:
    pid = data.get("id")
    label = f"pattern {pid!r} " if isinstance(pid, str) else f"pattern #{index + 1} "
    for key in data:
        if key not in PATTERN_KEYS:
            raise f.error(table, index, key, f"unknown field (expected one of {', '.join(sorted(PATTERN_KEYS))})",
                          f"{label}{key}")
    pid = _get(f, table, index, data, "id", str, label=label)
    if not SLUG.match(pid):
        raise f.error(table, index, "id", f"expected a lowercase slug like 'full-flush', found {pid!r}", f"{label}id")
    detect = _get(f, table, index, data, "detect", dict, label=label)
    name = detect.get("name")
    if not isinstance(name, str):
        raise f.error(table, index, "detect", "expected a table with a string 'name'", f"{label}detect.name")
    params = {k: v for k, v in detect.items() if k != "name"}
    problem = detectors.check_params(name, params)
    if problem:
        raise f.error(table, index, "detect", problem, f"{label}detect")
    excludes = []
    for raw in _get(f, table, index, data, "excludes", list, required=False, default=[], label=label):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not isinstance(raw.get("why"), str):
            raise f.error(table, index, "excludes", f"expected {{ id = \"...\", why = \"...\" }}, found {raw!r}",
                          f"{label}excludes")
        count = raw.get("count")
        if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
            raise f.error(table, index, "excludes", f"'count' must be a positive integer, found {count!r}",
                          f"{label}excludes")
        excludes.append(Exclusion(raw["id"], raw["why"], count))
    provenance = _get(f, table, index, data, "provenance", str, label=label)
    if provenance not in PROVENANCE:
        raise f.error(table, index, "provenance", f"expected 'source' or 'interpretation', found {provenance!r}",
                      f"{label}provenance")
    reading = _get(f, table, index, data, "reading", str, required=False, default="", label=label)
    if provenance == "interpretation" and not reading.strip():
        raise f.error(table, index, "provenance",
                      "an interpretation needs a 'reading' saying why this reading was chosen", f"{label}reading")
    aliases = _get(f, table, index, data, "aliases", list, required=False, default=[], label=label)
    if not all(isinstance(a, str) for a in aliases):
        raise f.error(table, index, "aliases", "expected an array of strings", f"{label}aliases")
    value = _get(f, table, index, data, "value", int, label=label)
    open_value = _get(f, table, index, data, "open_value", int, required=False, default=None, label=label)
    if open_value is not None and not 0 <= open_value <= value:
        raise f.error(table, index, "open_value", f"expected 0 (concealed hands only) up to the value {value}, "
                      f"found {open_value}", f"{label}open_value")
    return Pattern(
        id=pid,
        zh=_get(f, table, index, data, "zh", str, label=label),
        en=_get(f, table, index, data, "en", str, label=label),
        value=value,
        open_value=open_value,
        group=_get(f, table, index, data, "group", str, label=label),
        detect=name,
        params=params,
        excludes=tuple(excludes),
        definition=_get(f, table, index, data, "definition", str, label=label),
        source=_get(f, table, index, data, "source", str, label=label),
        provenance=provenance,
        reading=reading,
        number=_get(f, table, index, data, "number", str, required=False, default="", label=label),
        aliases=tuple(aliases),
        category=_get(f, table, index, data, "category", str, required=False, default="", label=label),
        extra=_get(f, table, index, data, "extra", dict, required=False, default={}, label=label),
        origin=Origin(f.name, f.line(table, index),
                      tuple(sorted(f.keys.get((table, index), ())))),
    )


RULESET_KEYS = {
    "id", "name", "zh", "edition", "policy", "unit", "source", "forms", "description", "principles",
    "aliases", "accent", "base", "remove", "pattern_unit",
}


def _ruleset_fields(f: _File, data: dict[str, Any], base: Ruleset | None) -> dict[str, Any]:
    t = "ruleset"
    for key in data:
        if key not in RULESET_KEYS:
            raise f.error(t, 0, key, f"unknown field (expected one of {', '.join(sorted(RULESET_KEYS))})",
                          f"ruleset.{key}")
    need = base is None
    out: dict[str, Any] = {}
    for key, typ in (("name", str), ("zh", str), ("edition", str), ("policy", str), ("unit", str), ("source", str),
                     ("description", str), ("principles", str), ("accent", str), ("pattern_unit", str)):
        optional = key in ("description", "principles", "accent", "pattern_unit")
        value = _get(f, t, 0, data, key, typ, required=need and not optional, default=None, label="ruleset.")
        if value is not None:
            out[key] = value
    if out.get("policy", "series") not in POLICIES:
        raise f.error(t, 0, "policy", f"expected one of {', '.join(POLICIES)}, found {out['policy']!r}",
                      "ruleset.policy")
    if out.get("unit", "fan") not in UNITS:
        raise f.error(t, 0, "unit", f"expected one of {', '.join(UNITS)}, found {out['unit']!r}", "ruleset.unit")
    forms = _get(f, t, 0, data, "forms", list, required=need, default=None, label="ruleset.")
    if forms is not None:
        known = [m.value for m in Form]
        for name in forms:
            if name not in known:
                raise f.error(t, 0, "forms", f"expected forms among {', '.join(known)}, found {name!r}",
                              "ruleset.forms")
        out["forms"] = frozenset(Form(n) for n in forms)
    aliases = _get(f, t, 0, data, "aliases", list, required=False, default=None, label="ruleset.")
    if aliases is not None:
        out["aliases"] = tuple(aliases)
    return out


def load_file(path: Path, bases: dict[str, Ruleset], root: Path | None = None) -> Ruleset:
    return _load(_File(path, root), bases)


def _load(f: _File, bases: dict[str, Ruleset]) -> Ruleset:
    """The rule set of one parsed file (its base, if any, among `bases`)."""
    data = f.data
    for key in data:
        if key not in ("ruleset", "options", "pattern", "change"):
            raise f.error(key, 0, "", "unknown table (expected [ruleset], [options], [[pattern]], [[change]])", key)
    head = data.get("ruleset")
    if not isinstance(head, dict):
        raise ContentError(f.name, None, "ruleset", "missing [ruleset] table")
    rid = _get(f, "ruleset", 0, head, "id", str, label="ruleset.")
    if not RULESET_ID.match(rid):
        raise f.error("ruleset", 0, "id", f"expected a lowercase id like 'zj-2.4', found {rid!r}", "ruleset.id")
    base_id = _get(f, "ruleset", 0, head, "base", str, required=False, label="ruleset.")
    base = None
    if base_id is not None:
        base = bases.get(base_id)
        if base is None:
            raise f.error("ruleset", 0, "base", f"unknown base rule set {base_id!r} (known: {', '.join(sorted(bases))})",
                          "ruleset.base")
    fields = _ruleset_fields(f, head, base)
    options = _get(f, "options", 0, data, "options", dict, required=False, default={}) if "options" in data else {}
    patterns = [_pattern(f, i, p) if isinstance(p, dict) else _bad(f, i) for i, p in enumerate(data.get("pattern", []))]
    diff = None
    if base is not None:
        patterns, diff = _apply_edition(f, base, head, data.get("change", []), patterns)
        merged = dict(base.options)
        merged.update(options)
        options = merged
        fields = {**{k: getattr(base, k) for k in ("name", "zh", "edition", "policy", "unit", "source", "forms",
                                                   "description", "principles", "accent", "pattern_unit")}, **fields}
        fields.setdefault("aliases", ())
    elif data.get("change"):
        raise f.error("change", 0, "", "[[change]] needs a base rule set (ruleset.base)", "change")
    _check_patterns(f, patterns)
    _check_options(f, fields.get("policy", "series"), options)
    origin = Origin(f.name, 1, (("id", f.line("ruleset", 0, "id") or 1),))
    return Ruleset(id=rid, patterns=tuple(patterns), options=options, diff=diff, origin=origin, **fields)


def _bad(f: _File, i: int) -> Pattern:
    raise f.error("pattern", i, "", "expected a table", "pattern")


def _apply_edition(f: _File, base: Ruleset, head: dict[str, Any], changes: list[Any], added: list[Pattern]
                   ) -> tuple[list[Pattern], EditionDiff]:
    remove = _get(f, "ruleset", 0, head, "remove", list, required=False, default=[], label="ruleset.")
    by_id = {p.id: p for p in base.patterns}
    for rid in remove:
        if rid not in by_id:
            raise f.error("ruleset", 0, "remove", f"{rid!r} is not a pattern of {base.id}", "ruleset.remove")
    changed: list[tuple[str, str, Any, Any]] = []
    result = {p.id: p for p in base.patterns if p.id not in remove}
    for i, raw in enumerate(changes):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise f.error("change", i, "id", "expected a table with the 'id' of a base pattern", "change.id")
        old = result.get(raw["id"])
        if old is None:
            raise f.error("change", i, "id", f"{raw['id']!r} is not a pattern of {base.id}", "change.id")
        merged = _pattern_dict(old)
        merged.update(raw)
        new = _pattern(f, i, merged, table="change")
        for key in raw:
            if key != "id" and merged[key] != _pattern_dict(old).get(key):
                changed.append((old.id, key, _pattern_dict(old).get(key), raw[key]))
        result[old.id] = new
    for p in result.values():
        for e in p.excludes:
            if e.id in remove:
                raise f.error("ruleset", 0, "remove",
                              f"removing {e.id!r} leaves pattern {p.id!r} excluding it "
                              f"({p.origin.file}:{p.origin.line_of('excludes')}); add a [[change]] for {p.id!r} "
                              "with new excludes", "ruleset.remove")
    order = [p.id for p in base.patterns if p.id in result]
    patterns = [result[i] for i in order] + added
    if all(p.number for p in patterns):  # keep the rule set's own numbering order after renumbering
        patterns.sort(key=lambda p: tuple(int(x) if x.isdigit() else 0 for x in p.number.split(".")))
    diff = EditionDiff(base.id, tuple(changed), tuple(p.id for p in added), tuple(remove))
    return patterns, diff


def _pattern_dict(p: Pattern) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": p.id, "zh": p.zh, "en": p.en, "value": p.value, "group": p.group,
        "detect": {"name": p.detect, **p.params},
        "excludes": [{"id": e.id, "why": e.why, **({"count": e.count} if e.count else {})} for e in p.excludes],
        "definition": p.definition, "source": p.source, "provenance": p.provenance,
    }
    for key in ("reading", "number", "category"):
        if getattr(p, key):
            d[key] = getattr(p, key)
    if p.open_value is not None:
        d["open_value"] = p.open_value
    if p.aliases:
        d["aliases"] = list(p.aliases)
    if p.extra:
        d["extra"] = dict(p.extra)
    return d


POLICY_OPTIONS: dict[str, dict[str, type]] = {
    "riichi": {"counted_yakuman": bool, "stack_yakuman": bool},
}
"""The [options] a policy reads, with their types, for the policies that check theirs."""


def _check_options(f: _File, policy: str, options: dict[str, Any]) -> None:
    known = POLICY_OPTIONS.get(policy)
    if known is None:
        return
    for key, value in options.items():
        if key not in known:
            raise f.error("options", 0, key, f"unknown option for policy {policy!r} (expected one of "
                          f"{', '.join(sorted(known))})", f"options.{key}")
        if not isinstance(value, known[key]):
            raise f.error("options", 0, key, f"expected {_typename(known[key])}, found {value!r}", f"options.{key}")


def _check_patterns(f: _File, patterns: list[Pattern]) -> None:
    seen: dict[str, Pattern] = {}
    for p in patterns:
        if p.id in seen:
            raise ContentError(p.origin.file, p.origin.line_of("id"), f"pattern {p.id!r} id",
                               f"duplicate id (first defined at line {seen[p.id].origin.line})")
        seen[p.id] = p
    for p in patterns:
        for e in p.excludes:
            if e.id not in seen:
                raise ContentError(p.origin.file, p.origin.line_of("excludes"), f"pattern {p.id!r} excludes",
                                   f"{e.id!r} is not a pattern of this rule set")
            if e.id == p.id:
                raise ContentError(p.origin.file, p.origin.line_of("excludes"), f"pattern {p.id!r} excludes",
                                   "a pattern cannot exclude itself")


def load_rulesets(content: Path = CONTENT_DIR) -> dict[str, Ruleset]:
    """Every rule set under content/rulesets, bases before editions, keyed by id."""
    folder = content / "rulesets"
    parsed = {p: _File(p, content.parent) for p in sorted(folder.glob("*.toml"))}  # each file parsed once
    pending = {p: _base_of(f) for p, f in parsed.items()}
    loaded: dict[str, Ruleset] = {}
    ids: dict[str, str] = {}
    while pending:
        ready = [p for p, base in pending.items() if base is None or base in loaded]
        if not ready:
            p = min(pending)
            raise parsed[p].error("ruleset", 0, "base", f"base rule set {pending[p]!r} not found or "
                                  f"circular (rule sets: {', '.join(sorted(loaded))})", "ruleset.base")
        for p in ready:
            rs = _load(parsed[p], loaded)
            if rs.id in ids:
                raise ContentError(rs.origin.file, rs.origin.line_of("id"), "ruleset.id",
                                   f"duplicate rule-set id (also in {ids[rs.id]})")
            ids[rs.id] = rs.origin.file
            loaded[rs.id] = rs
            del pending[p]
    return {k: loaded[k] for k in sorted(loaded)}


def _base_of(f: _File) -> str | None:
    """The `base` a file names, read before validation so that bases load first."""
    head = f.data.get("ruleset")
    base = head.get("base") if isinstance(head, dict) else None
    return base if isinstance(base, str) else None

