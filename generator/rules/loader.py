"""Load and validate rule sets from content/rulesets/*.toml.

Everything is checked before anything is used: an unknown detector, a duplicate id,
a dangling exclusion or a wrong type stops the load with file, line and field.
Editions (`base = "..."`) are resolved into full rule sets here, and the diff kept.
What a rule family checks (that the policy names one, its options) is asked of the
`families` the caller hands in: the rule data sits below the families and never imports them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from .. import detectors
from ..shapes import Form
from .errors import ContentError, Problems
from .fields import check_japanese as _check_japanese
from .fields import get as _get
from .fields import typename as _typename
from .model import EditionDiff, Exclusion, Families, Family, Origin, Pattern, Ruleset
from .option_rules import check_rules, merged, read_rules
from .sources import Citation, Source, check_citations, cited_entries, load_sources
from .toml_file import TomlFile as _File
from .zh_text import PATTERN_PROSE, RULESET_PROSE, SUFFIX, has_chinese, read_twins, twin_keys

UNITS = ("fan", "points", "multiplier")
PROVENANCE = ("source", "interpretation")
SLUG = re.compile(r"^[a-z0-9][a-z0-9\-]*$")
RULESET_ID = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")



PATTERN_KEYS = {
    "id", "zh", "en", "value", "group", "detect", "excludes", "definition", "source", "provenance",
    "reading", "number", "aliases", "category", "extra", "open_value", "why", "why_source", "ja", "kana",
} | twin_keys(PATTERN_PROSE)


def _pattern(f: _File, index: int, data: dict[str, Any], table: str = "pattern",
             bib: dict[str, Source] | None = None) -> Pattern:
    """One pattern; every problem of its fields is raised at once (ContentErrors), each at its own line."""
    pid = data.get("id")
    label = f"pattern {pid!r} " if isinstance(pid, str) else f"pattern #{index + 1} "
    found = Problems()

    def get(key: str, typ: type, **kw: Any) -> Any:
        return found.keep(lambda: _get(f, table, index, data, key, typ, label=label, **kw))

    for key in data:
        if key not in PATTERN_KEYS:
            found.add(f.error(table, index, key, f"unknown field (expected one of {', '.join(sorted(PATTERN_KEYS))})",
                              f"{label}{key}"))
    pid = get("id", str)
    if pid is not None and not SLUG.match(pid):
        found.add(f.error(table, index, "id", f"expected a lowercase slug like 'full-flush', found {pid!r}",
                          f"{label}id"))
    detect = get("detect", dict) or {}
    name = detect.get("name")
    params = {k: v for k, v in detect.items() if k != "name"}
    if "detect" in data and not isinstance(name, str):
        found.add(f.error(table, index, "detect", "expected a table with a string 'name'", f"{label}detect.name"))
    elif isinstance(name, str):
        problem = detectors.check_params(name, params)
        if problem:
            found.add(f.error(table, index, "detect", problem, f"{label}detect"))
    excludes = found.keep(lambda: _excludes(f, table, index, data, label)) or ()
    provenance = get("provenance", str)
    if provenance is not None and provenance not in PROVENANCE:
        found.add(f.error(table, index, "provenance", f"expected 'source' or 'interpretation', found {provenance!r}",
                          f"{label}provenance"))
    reading = get("reading", str, required=False, default="")
    if provenance == "interpretation" and reading is not None and not reading.strip():
        found.add(f.error(table, index, "provenance",
                          "an interpretation needs a 'reading' saying why this reading was chosen", f"{label}reading"))
    source = get("source", str)
    citations: tuple[Any, ...] = ()
    if source is not None:
        citations, problem = check_citations(source, bib, need_locator=True)
        if problem:
            found.add(f.error(table, index, "source", problem, f"{label}source"))
    why, why_source, why_citations = _why(f, table, index, data, label, bib, found)
    aliases = get("aliases", list, required=False, default=[])
    if aliases is not None and not all(isinstance(a, str) for a in aliases):
        found.add(f.error(table, index, "aliases", "expected an array of strings", f"{label}aliases"))
    value = get("value", int)
    open_value = get("open_value", int, required=False, default=None)
    if open_value is not None and value is not None and not 0 <= open_value <= value:
        found.add(f.error(table, index, "open_value", f"expected 0 (concealed hands only) up to the value {value}, "
                          f"found {open_value}", f"{label}open_value"))
    fields = {key: get(key, typ, **kw) for key, typ, kw in (
        ("zh", str, {}), ("en", str, {}), ("group", str, {}), ("definition", str, {}),
        ("number", str, {"required": False, "default": ""}),
        ("category", str, {"required": False, "default": ""}), ("extra", dict, {"required": False, "default": {}}),
        ("ja", str, {"required": False, "default": ""}), ("kana", str, {"required": False, "default": ""}))}
    _check_japanese(f, table, index, label, fields, found)
    zh_text = read_twins(f, table, index, data, PATTERN_PROSE, label, found)
    found.raise_any()
    return Pattern(
        id=pid, detect=name, params=params, excludes=excludes, source=source, citations=citations,
        value=value, open_value=open_value,
        provenance=provenance, reading=reading,
        aliases=tuple(aliases), why=why, why_source=why_source, why_citations=why_citations, zh_text=zh_text,
        **fields,
        origin=Origin(f.name, f.line(table, index), tuple(sorted(f.keys.get((table, index), ())))),
    )


def _why(f: _File, table: str, index: int, data: dict[str, Any], label: str, bib: dict[str, Source] | None,
         found: Problems) -> tuple[str, str, tuple[Citation, ...]]:
    """`why` and `why_source`: the source's reason for the pattern and where it gives it, both or neither.

    The reason is cited like `source`, against the bibliography, so a "why" never stands without its passage."""
    why = found.keep(lambda: _get(f, table, index, data, "why", str, required=False, default="", label=label))
    where = found.keep(lambda: _get(f, table, index, data, "why_source", str, required=False, default="",
                                    label=label))
    if why is None or where is None:
        return "", "", ()
    if "why" in data and not why.strip():
        found.add(f.error(table, index, "why", "expected the source's reason in our words; leave the field out "
                          "when the source gives none", f"{label}why"))
    elif why.strip() and not where.strip():
        found.add(f.error(table, index, "why", "a 'why' needs a 'why_source' citing the passage that gives the "
                          "reason (e.g. 'sihai-3.1: §4 (“...”)')", f"{label}why"))
    elif where.strip() and not why.strip():
        found.add(f.error(table, index, "why_source", "a 'why_source' cites the passage of a 'why'; there is no "
                          "'why'", f"{label}why_source"))
    if not where.strip():
        return why, where, ()
    citations, problem = check_citations(where, bib, need_locator=True)
    if problem:
        found.add(f.error(table, index, "why_source", problem, f"{label}why_source"))
    return why, where, citations


def _excludes(f: _File, table: str, index: int, data: dict[str, Any], label: str) -> tuple[Exclusion, ...]:
    excludes = []
    for raw in _get(f, table, index, data, "excludes", list, required=False, default=[], label=label):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not isinstance(raw.get("why"), str):
            raise f.error(table, index, "excludes", f"expected {{ id = \"...\", why = \"...\" }}, found {raw!r}",
                          f"{label}excludes")
        count = raw.get("count")
        if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
            raise f.error(table, index, "excludes", f"'count' must be a positive integer, found {count!r}",
                          f"{label}excludes")
        why_zh = raw.get("why_zh", "")
        if not isinstance(why_zh, str) or (why_zh and not has_chinese(why_zh)):
            raise f.error(table, index, "excludes", f"'why_zh' must be the reason in Chinese, found {why_zh!r}",
                          f"{label}excludes")
        excludes.append(Exclusion(raw["id"], raw["why"], count, why_zh.strip()))
    return tuple(excludes)


RULESET_KEYS = {
    "id", "name", "zh", "edition", "policy", "unit", "source", "forms", "description", "principles",
    "aliases", "accent", "base", "remove", "pattern_unit",
} | twin_keys(RULESET_PROSE)


def _bibliography(f: _File) -> dict[str, Source] | None:
    """The bibliography of the content folder a rule-set file is in (content/rulesets/x.toml -> content/)."""
    return load_sources(f.path.parent.parent, f.root)


def _ruleset_fields(f: _File, data: dict[str, Any], base: Ruleset | None, families: Families) -> dict[str, Any]:
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
    name = out.get("policy")
    if name is not None:
        family = families.find(name)
        if family is None:
            known = ", ".join(families.names())
            raise f.error(t, 0, "policy", f"expected one of {known}, found {name!r}", "ruleset.policy")
        out["policy"] = family.name  # an alias reads as the family's own name
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
    twins = Problems()
    out["zh_text"] = read_twins(f, t, 0, data, RULESET_PROSE, "ruleset.", twins)
    twins.raise_any()
    if "source" in out:
        cites, problem = check_citations(out["source"], _bibliography(f), need_locator=False)
        if problem:
            raise f.error(t, 0, "source", problem, "ruleset.source")
        out["cites"] = cites
    return out


def load_file(path: Path, bases: dict[str, Ruleset], families: Families, root: Path | None = None) -> Ruleset:
    """The rule set of one file (its base, if any, among `bases`); raises every problem of the file."""
    found = Problems()
    rs = _load_all(_File(path, root), bases, found, families)
    found.raise_any()
    assert rs is not None  # a file that gives no rule set has said why
    return rs


def _load_all(f: _File, bases: dict[str, Ruleset], found: Problems, families: Families) -> Ruleset | None:
    """The rule set of one file, every problem of it added to `found`: each pattern is checked on its own."""
    data = f.data
    for key in data:
        if key not in ("ruleset", "options", "rule", "pattern", "change"):
            found.add(f.error(key, 0, "", "unknown table (expected [ruleset], [options], [[rule]], [[pattern]], "
                              "[[change]])", key))
    head = data.get("ruleset")
    if not isinstance(head, dict):
        found.add(ContentError(f.name, None, "ruleset", "missing [ruleset] table"))
        return None
    rid = found.keep(lambda: _ruleset_id(f, head))
    base_id = found.keep(lambda: _get(f, "ruleset", 0, head, "base", str, required=False, label="ruleset."))
    base = None
    if base_id is not None:
        base = bases.get(base_id)
        if base is None:
            found.add(f.error("ruleset", 0, "base", f"unknown base rule set {base_id!r} (known: "
                              f"{', '.join(sorted(bases))})", "ruleset.base"))
            return None
    fields = found.keep(lambda: _ruleset_fields(f, head, base, families))
    bib = found.keep(lambda: _bibliography(f))
    options = (found.keep(lambda: _get(f, "options", 0, data, "options", dict, required=False, default={}))
               if "options" in data else {})
    patterns, dropped = _patterns(f, data.get("pattern", []), found, bib)
    own_rules = read_rules(f, data.get("rule", []), found, bib)
    rules = tuple(own_rules)
    diff = None
    if base is not None:
        edition = found.keep(lambda: _apply_edition(f, base, head, data.get("change", []), patterns, bib))
        if edition is None:
            return None
        patterns, diff = edition
        options = {**base.options, **(options or {})}
        rules = merged(base.rules, own_rules)
        fields = {**{k: getattr(base, k) for k in ("name", "zh", "edition", "policy", "unit", "source", "cites",
                                                   "forms", "description", "principles", "accent", "pattern_unit")}, **(fields or {})}
        fields.setdefault("aliases", ())
        # the base's Chinese stands only beside the base's English: an edition that rewrites a text drops its twin
        own = fields.get("zh_text", {})
        fields["zh_text"] = {**{k: v for k, v in base.zh_text.items() if k not in head}, **own}
    elif data.get("change"):
        found.add(f.error("change", 0, "", "[[change]] needs a base rule set (ruleset.base)", "change"))
    for problem in _pattern_problems(patterns, dropped):
        found.add(problem)
    if rid is None or fields is None or options is None:
        return None
    fields["bibliography"] = cited_entries(
        [*fields.get("cites", ()), *(c for p in patterns for c in (*p.citations, *p.why_citations)),
         *(c for r in rules for c in r.citations)], bib)
    origin = Origin(f.name, 1, (("id", f.line("ruleset", 0, "id") or 1),))
    rs = Ruleset(id=rid, patterns=tuple(patterns), options=options, diff=diff, origin=origin, rules=rules, **fields)
    before = len(found.found)
    family = families.find(rs.policy)
    assert family is not None  # `_ruleset_fields` refused a name no family has, and a base's name is one
    with found.attempt():
        _check_options(f, rs, family)
        try:
            family.check_options(rs)
        except ContentError as e:  # a family knows the option, the file knows its line
            if e.line is not None or not e.field.startswith("options."):
                raise
            raise f.error("options", 0, e.field.removeprefix("options."), e.message, e.field) from None
    check_rules(f, own_rules, family, found)
    return rs if len(found.found) == before else None


def _ruleset_id(f: _File, head: dict[str, Any]) -> str:
    rid: str = _get(f, "ruleset", 0, head, "id", str, label="ruleset.")
    if not RULESET_ID.match(rid):
        raise f.error("ruleset", 0, "id", f"expected a lowercase id like 'zj-2.4', found {rid!r}", "ruleset.id")
    return rid


def _patterns(f: _File, raw: list[Any], found: Problems, bib: dict[str, Source] | None
              ) -> tuple[list[Pattern], set[str]]:
    """The patterns that load, each checked on its own, and the ids of those that do not (so that what refers to
    them is not reported a second time as a dangling reference)."""
    patterns: list[Pattern] = []
    dropped: set[str] = set()
    for i, p in enumerate(raw):
        loaded = found.keep(lambda: _pattern(f, i, p, bib=bib) if isinstance(p, dict) else _bad(f, i))
        if loaded is not None:
            patterns.append(loaded)
        elif isinstance(p, dict) and isinstance(p.get("id"), str):
            dropped.add(p["id"])
    return patterns, dropped


def _bad(f: _File, i: int) -> Pattern:
    raise f.error("pattern", i, "", "expected a table", "pattern")


def _apply_edition(f: _File, base: Ruleset, head: dict[str, Any], changes: list[Any], added: list[Pattern],
                   bib: dict[str, Source] | None = None) -> tuple[list[Pattern], EditionDiff]:
    remove = _get(f, "ruleset", 0, head, "remove", list, required=False, default=[], label="ruleset.")
    by_id = {p.id: p for p in base.patterns}
    for rid in remove:
        if rid not in by_id:
            raise f.error("ruleset", 0, "remove", f"{rid!r} is not a pattern of {base.id}", "ruleset.remove")
    changed: list[tuple[str, str, Any, Any]] = []
    # A "why" reports what the base's text says; the edition is another text, so it keeps one only where a
    # [[change]] cites the edition's own passage for it (`why_source`, the wording carried over or rewritten).
    result = {p.id: _without_why(p) for p in base.patterns if p.id not in remove}
    for i, raw in enumerate(changes):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise f.error("change", i, "id", "expected a table with the 'id' of a base pattern", "change.id")
        old = result.get(raw["id"])
        if old is None:
            raise f.error("change", i, "id", f"{raw['id']!r} is not a pattern of {base.id}", "change.id")
        merged = _pattern_dict(old)
        if "why_source" in raw and "why" not in raw and by_id[old.id].why:
            merged["why"] = by_id[old.id].why  # the edition's text gives the same reason
            if "why" in by_id[old.id].zh_text:
                merged["why" + SUFFIX] = by_id[old.id].zh_text["why"]
        merged.update(raw)
        for field in PATTERN_PROSE:  # a text the change rewrites keeps no Chinese twin of the old wording
            if field in raw and field + SUFFIX not in raw:
                merged.pop(field + SUFFIX, None)
        new = _pattern(f, i, merged, table="change", bib=bib)
        for key in raw:  # what the edition changes; a Chinese twin is wording, not a change of the rules
            if key != "id" and not key.endswith(SUFFIX) and merged[key] != _pattern_dict(old).get(key):
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


def _without_why(p: Pattern) -> Pattern:
    if not (p.why or p.why_source):
        return p
    return replace(p, why="", why_source="", why_citations=(), zh_text={k: v for k, v in p.zh_text.items() if k != "why"})


def _pattern_dict(p: Pattern) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": p.id, "zh": p.zh, "en": p.en, "value": p.value, "group": p.group,
        "detect": {"name": p.detect, **p.params},
        "excludes": [{"id": e.id, "why": e.why, **({"count": e.count} if e.count else {}),
                      **({"why_zh": e.why_zh} if e.why_zh else {})} for e in p.excludes],
        "definition": p.definition, "source": p.source, "provenance": p.provenance,
    }
    for key in ("reading", "number", "category", "why", "why_source"):
        if getattr(p, key):
            d[key] = getattr(p, key)
    if p.open_value is not None:
        d["open_value"] = p.open_value
    if p.aliases:
        d["aliases"] = list(p.aliases)
    for key in ("ja", "kana"):
        if getattr(p, key):
            d[key] = getattr(p, key)
    if p.extra:
        d["extra"] = dict(p.extra)
    for field, text in p.zh_text.items():
        d[field + SUFFIX] = text
    return d


def _check_options(f: _File, rs: Ruleset, family: Family) -> None:
    """The [options] of a family that names the ones it reads (`Family.option_types`): each known, of its type."""
    known = family.option_types
    if known is None:
        return
    for key, value in rs.options.items():
        if key not in known:
            raise f.error("options", 0, key, f"unknown option for policy {rs.policy!r} (expected one of "
                          f"{', '.join(sorted(known))})", f"options.{key}")
        if isinstance(value, bool) is not (known[key] is bool) or not isinstance(value, known[key]):
            raise f.error("options", 0, key, f"expected {_typename(known[key])}, found {value!r}", f"options.{key}")


def _pattern_problems(patterns: list[Pattern], dropped: set[str] = frozenset()) -> list[ContentError]:  # type: ignore[assignment]
    """Duplicate ids and exclusions that name no pattern of the rule set (or the pattern itself)."""
    out: list[ContentError] = []
    seen: dict[str, Pattern] = {}
    for p in patterns:
        if p.id in seen:
            out.append(ContentError(p.origin.file, p.origin.line_of("id"), f"pattern {p.id!r} id",
                                    f"duplicate id (first defined at line {seen[p.id].origin.line})"))
        seen.setdefault(p.id, p)
    for p in patterns:
        for e in p.excludes:
            if e.id not in seen and e.id not in dropped:
                out.append(ContentError(p.origin.file, p.origin.line_of("excludes"), f"pattern {p.id!r} excludes",
                                        f"{e.id!r} is not a pattern of this rule set"))
            if e.id == p.id:
                out.append(ContentError(p.origin.file, p.origin.line_of("excludes"), f"pattern {p.id!r} excludes",
                                        "a pattern cannot exclude itself"))
    return out


def load_rulesets(content: Path, families: Families, problems: Problems | None = None) -> dict[str, Ruleset]:
    """Every rule set under content/rulesets, bases before editions, keyed by id, each checked against the family
    it names among `families`.

    Every file is checked, and every pattern of each. Without `problems`, any problem raises (all of them, in file
    order, as ContentErrors); with it, the problems are added to it and the rule sets that loaded are returned. An
    edition of a rule set that did not load is not loaded either."""
    found = Problems() if problems is None else problems
    folder = content / "rulesets"
    parsed: dict[Path, _File] = {}
    for path in sorted(folder.glob("*.toml")):  # each file parsed once
        f = found.keep(lambda: _File(path, content.parent))
        if f is None:
            found.unloaded.add(path.stem)  # a file that does not parse is named after its rule set, as a rule
        else:
            parsed[path] = f
    pending = {p: _base_of(f) for p, f in parsed.items()}
    loaded: dict[str, Ruleset] = {}
    ids: dict[str, str] = {}
    while pending:
        ready = [p for p, base in pending.items() if base is None or base in loaded]
        for p in [p for p, base in pending.items() if base in found.unloaded]:
            found.unloaded.add(_id_of(parsed[p]) or p.stem)
            del pending[p]
        if not ready and pending:
            p = min(pending)
            found.add(parsed[p].error("ruleset", 0, "base", f"base rule set {pending[p]!r} not found or "
                                      f"circular (rule sets: {', '.join(sorted(loaded))})", "ruleset.base"))
            found.unloaded.add(_id_of(parsed[p]) or p.stem)
            del pending[p]
        for p in ready:
            del pending[p]
            before = len(found.found)
            rs = _load_all(parsed[p], loaded, found, families)
            if rs is None or len(found.found) > before:
                found.unloaded.add(_id_of(parsed[p]) or p.stem)
                continue
            if rs.id in ids:
                found.add(ContentError(rs.origin.file, rs.origin.line_of("id"), "ruleset.id",
                                       f"duplicate rule-set id (also in {ids[rs.id]})"))
                continue
            ids[rs.id] = rs.origin.file
            loaded[rs.id] = rs
    if problems is None:
        found.raise_any()
    return {k: loaded[k] for k in sorted(loaded) if k not in found.unloaded}


def _id_of(f: _File) -> str | None:
    head = f.data.get("ruleset")
    rid = head.get("id") if isinstance(head, dict) else None
    return rid if isinstance(rid, str) else None


def _base_of(f: _File) -> str | None:
    """The `base` a file names, read before validation so that bases load first."""
    head = f.data.get("ruleset")
    base = head.get("base") if isinstance(head, dict) else None
    return base if isinstance(base, str) else None

