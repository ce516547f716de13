"""Cross-rule-set concepts (content/concepts.toml): one idea, its pattern in each rule set.

A concept groups the patterns that mean the same thing in different rule sets ("pure
straight": ZJ 一氣通貫, MCR 清龙, Sihai 一条龙), so the site can compare their names,
values and exclusions side by side and score one hand under all of them.

File format::

    [[concept]]
    id = "pure-straight"
    zh = "一气通贯 / 清龙"
    en = "Pure straight"
    description = "..."
    members = ["zj-2.4/nine-tile-straight", "mcr/pure-straight"]
    nesting = true   # optional: the page shows how the members' definitions nest (`nesting`)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules import Pattern, Ruleset
from ..rules.errors import Problems
from ..rules.toml_file import TomlFile as _File
from ..rules.zh_text import CONCEPT_PROSE, read_twins, twin_keys
from .model import Example

SLUG = re.compile(r"^[a-z0-9][a-z0-9\-]*$")
CONCEPT_KEYS = {"id", "zh", "en", "description", "members", "nesting"} | twin_keys(CONCEPT_PROSE)


@dataclass(frozen=True)
class ConceptRow:
    """One member of a concept, with what the comparison table prints."""

    ruleset: str
    pattern: Pattern
    limit: int | None  # the rule set's limit (option `limit`), else its highest pattern value
    relative: float | None  # value / limit, so 40 of 320 and 6 of 88 compare
    scale: str  # what `limit` is: "the limit" (the rule set has one) or "the highest value" (MCR has no limit)
    excludes: tuple[str, ...]  # patterns this one removes (rule data)
    excluded_by: tuple[str, ...]  # patterns of the same rule set whose data removes this one


@dataclass
class Concept:
    id: str
    zh: str
    en: str
    description: str
    members: list[tuple[str, str]]  # (ruleset id, pattern id), in file order
    example: str | None = None  # key of the example hand in which the most members count (filled by collect)
    line: int | None = None  # where it is defined in concepts.toml
    counts_in: list[str] = field(default_factory=list)  # member "rs/pattern" that count in `example`
    nesting: bool = False  # the members' definitions nest (one family, stricter and looser): show how
    zh_text: dict[str, str] = field(default_factory=dict)  # the Chinese twin of the description (rules/zh_text.py)

    def rows(self, rulesets: dict[str, Ruleset]) -> list[ConceptRow]:
        """The comparison rows, in member order."""
        return [concept_row(rulesets[r], p) for r, p in self.members if r in rulesets]


def ruleset_limit(rs: Ruleset) -> int | None:
    """The figure values are measured against: the limit option, else the largest pattern value."""
    limit = rs.option("limit")
    if isinstance(limit, int) and limit > 0:
        return limit
    values = [p.value for p in rs.patterns]
    return max(values) if values else None


def concept_row(rs: Ruleset, pid: str) -> ConceptRow:
    p = rs.pattern(pid)
    limit = ruleset_limit(rs)
    by = tuple(q.id for q in rs.patterns if any(e.id == pid for e in q.excludes))
    scale = "the limit" if isinstance(rs.option("limit"), int) and rs.option("limit") > 0 else "the highest value"
    return ConceptRow(rs.id, p, limit, round(p.value / limit, 4) if limit else None, scale,
                      tuple(e.id for e in p.excludes), by)


def load_concepts(path: Path, rulesets: dict[str, Ruleset], problems: Problems | None = None) -> list[Concept]:
    """Read and check concepts.toml: a dangling member or a bad field is a problem at file:line: field. Every
    concept is checked; without `problems` any problem raises, with it they are added and the good concepts kept.
    Members of a rule set that did not load (`problems.unloaded`) are left out unchecked."""
    found = Problems() if problems is None else problems
    out = found.keep(lambda: _load_concepts(path, rulesets, found)) or []
    if problems is None:
        found.raise_any()
    return out


def _load_concepts(path: Path, rulesets: dict[str, Ruleset], found: Problems) -> list[Concept]:
    if not path.exists():
        return []
    f = _File(path, path.parent.parent)
    for key in f.data:
        if key != "concept":
            found.add(f.error(key, 0, "", "unknown table (expected [[concept]])", key))
    raw = f.data.get("concept", [])
    if not isinstance(raw, list):
        raise f.error("concept", 0, "", "expected [[concept]] tables", "concept")
    out: list[Concept] = []
    seen_ids: dict[str, int] = {}
    for i, data in enumerate(raw):
        c = found.keep(lambda: _concept(f, i, data, rulesets, found.unloaded))
        if c is None:
            continue
        if c.id in seen_ids:
            found.add(f.error("concept", i, "id", f"duplicate concept id {c.id!r} (also concept #{seen_ids[c.id] + 1})",
                              f"concept {c.id!r} id"))
            continue
        seen_ids[c.id] = i
        out.append(c)
    return out


def _concept(f: _File, i: int, data: Any, rulesets: dict[str, Ruleset], unloaded: set[str]) -> Concept:
    label = f.entry_label("concept", i, data, CONCEPT_KEYS)
    values: dict[str, Any] = {}
    for key, typ in (("id", str), ("zh", str), ("en", str), ("description", str), ("members", list)):
        if key not in data:
            raise f.error("concept", i, "", f"missing; expected {'an array' if typ is list else 'a string'}",
                          label + key)
        if not isinstance(data[key], typ):
            raise f.error("concept", i, key, f"expected {'an array' if typ is list else 'a string'}, "
                          f"found {data[key]!r}", label + key)
        values[key] = data[key]
    nesting = data.get("nesting", False)
    if not isinstance(nesting, bool):
        raise f.error("concept", i, "nesting", f"expected true or false, found {nesting!r}", label + "nesting")
    if not SLUG.match(values["id"]):
        raise f.error("concept", i, "id", f"expected a lowercase slug, found {values['id']!r}", label + "id")
    members: list[tuple[str, str]] = []
    for m in values["members"]:
        if isinstance(m, str) and m.split("/")[0] in unloaded:
            continue
        member = _member(f, i, label, m, rulesets)
        if member in members:
            raise f.error("concept", i, "members", f"{m!r} is listed twice", label + "members")
        members.append(member)
    if not members and not unloaded:
        raise f.error("concept", i, "members", "a concept needs at least one member", label + "members")
    twins = Problems()
    zh_text = read_twins(f, "concept", i, data, CONCEPT_PROSE, label, twins)
    twins.raise_any()
    return Concept(values["id"], values["zh"], values["en"], values["description"].strip(), members,
                   line=f.line("concept", i), nesting=nesting, zh_text=zh_text)


def _member(f: _File, i: int, label: str, m: Any, rulesets: dict[str, Ruleset]) -> tuple[str, str]:
    if not isinstance(m, str) or m.count("/") != 1:
        raise f.error("concept", i, "members", f"expected \"<ruleset>/<pattern>\", found {m!r}", label + "members")
    rid, pid = m.split("/")
    rs = rulesets.get(rid)
    if rs is None:
        raise f.error("concept", i, "members", f"{m!r}: unknown rule set {rid!r} (known: {', '.join(rulesets)})",
                      label + "members")
    if pid not in {p.id for p in rs.patterns}:
        raise f.error("concept", i, "members", f"{m!r}: {rid} has no pattern {pid!r}", label + "members")
    return rid, pid


@dataclass(frozen=True)
class Nest:
    """Members met by exactly the same example hands, and the nests inside theirs (met by fewer of those hands)."""

    members: tuple[tuple[str, str], ...]
    hands: int  # example hands that meet them
    inside: tuple[Nest, ...] = ()


def meets(example: Example, ruleset: str, pattern: str) -> bool:
    """Whether the hand meets the pattern's definition: it counts, or it matched and an exclusion removed it."""
    s = example.results.get(ruleset)
    return s is not None and any(x.id == pattern for x in (*s.patterns, *s.excluded))


@dataclass(frozen=True)
class Nesting:
    nests: tuple[Nest, ...]  # the outermost
    hands: int  # example hands that meet any member
    unmet: tuple[tuple[str, str], ...]  # members no example hand meets (of which nothing can be said)


def nesting(c: Concept, examples: Iterable[Example]) -> Nesting:
    """How the members' definitions nest, measured on the example hands: a member's nest sits inside another's when
    every hand that meets it meets the other too, and fewer do."""
    hands = list(examples)
    met = {m: frozenset(e.key for e in hands if meets(e, *m)) for m in c.members}
    classes: dict[frozenset[str], list[tuple[str, str]]] = {}
    for m in c.members:
        if met[m]:
            classes.setdefault(met[m], []).append(m)
    keys = sorted(classes, key=lambda k: (-len(k), c.members.index(classes[k][0])))

    def node(k: frozenset[str]) -> Nest:
        smaller = [j for j in keys if j < k]
        direct = [j for j in smaller if not any(j < i for i in smaller)]
        return Nest(tuple(classes[k]), len(k), tuple(node(j) for j in direct))

    roots = [k for k in keys if not any(k < j for j in keys)]
    return Nesting(tuple(node(k) for k in roots), len(frozenset().union(*met.values())),
                   tuple(m for m in c.members if not met[m]))


def obvious_counterparts(rulesets: dict[str, Ruleset]) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """Pairs of patterns in different rule sets with the same detector and equal parameters."""
    by_detector: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for rid in sorted(rulesets):
        for p in rulesets[rid].patterns:
            sig = (p.detect, repr(sorted(p.params.items())))
            by_detector.setdefault(sig, []).append((rid, p.id))
    out = []
    for members in by_detector.values():
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                if a[0] != b[0]:
                    out.append((a, b))
    return out


def missing_concepts(concepts: Iterable[Concept], rulesets: dict[str, Ruleset]) -> list[str]:
    """Obvious counterparts that share no concept, as readable lines (empty when complete)."""
    homes: dict[tuple[str, str], set[str]] = {}
    for c in concepts:
        for m in c.members:
            homes.setdefault(m, set()).add(c.id)
    out = []
    for a, b in obvious_counterparts(rulesets):
        if not homes.get(a, set()) & homes.get(b, set()):
            out.append(f"{a[0]}/{a[1]} ({', '.join(sorted(homes.get(a, ()))) or 'no concept'}) and {b[0]}/{b[1]} "
                       f"({', '.join(sorted(homes.get(b, ()))) or 'no concept'}) use the same detector and "
                       f"parameters but share no concept")
    return out
