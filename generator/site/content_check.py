"""Checks on content that no single loader can make: Markdown safety, and the site addresses content links to.

The loaders check each file's own shape (rules/loader.py, examples/curated.py,
examples/concepts.py). This module checks every Markdown field of the content — pattern
definitions, readings and whys, rule-set descriptions, principles and payment notes, concept
descriptions, curated-hand notes, prose pages — and reports each problem as a ContentError
naming the file, the line of the offending link or tag, and the field. It runs twice:

- `before_search`, right after loading: unsafe links and raw HTML (markdown_safe), and links
  to rule sets, patterns and concepts that do not exist — so a typo fails in a second, not
  after the example search;
- `after_render`, over the link checker's findings on the rendered pages: links only the
  rendered site can answer (example-hand pages, prose pages, anchors) are traced back to the
  content field that wrote them; what remains is a fault of the templates, not of content.

Both report every problem they find, as the loaders do, so `mahjong-atlas check` can list them all.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from ..examples.concepts import Concept, load_concepts
from ..examples.curated import CuratedHand, load_curated
from ..examples.model import hand_key
from ..rules import ContentError, Ruleset
from ..rules.errors import ContentErrors, Problems
from ..rules.locate import locate
from . import urls
from .links import BrokenLink
from .markdown_safe import inspect, line_of, problems, scheme_of


@dataclass(frozen=True)
class Source:
    """One Markdown field of the content, and the page it is printed on (relative links resolve against it)."""

    file: str  # as loaders name files: relative to the content folder's parent
    line: int  # the line its text starts on
    field: str
    text: str
    page: str

    def error(self, line_in_text: int, message: str) -> ContentError:
        return ContentError(self.file, self.line + line_in_text - 1, self.field, message)


class _Files:
    """Content files read once each, with their key index (rules/locate.py)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._text: dict[str, list[str]] = {}
        self._keys: dict[str, dict[tuple[str, int, str], int]] = {}

    def lines(self, name: str) -> list[str]:
        if name not in self._text:
            self._text[name] = (self.root / name).read_text(encoding="utf-8").splitlines()
        return self._text[name]

    def keys(self, name: str) -> dict[tuple[str, int, str], int]:
        if name not in self._keys:
            self._keys[name] = locate("\n".join(self.lines(name)))
        return self._keys[name]

    def text_start(self, name: str, key_line: int | None) -> int:
        """The line a TOML string's text starts on: the next one when the value opens with a triple quote
        at the end of the key's line (TOML drops that first newline)."""
        if key_line is None:
            return 1
        lines = self.lines(name)
        value = lines[key_line - 1].partition("=")[2].strip() if key_line <= len(lines) else ""
        return key_line + 1 if value in ('"""', "'''") else key_line


def _ruleset_sources(rs: Ruleset, files: _Files, seen: set[tuple[str, int, str]]) -> Iterable[Source]:
    name = rs.origin.file
    keys = files.keys(name)
    for key in ("description", "principles"):
        line = keys.get(("ruleset", 0, key))
        if line is not None and getattr(rs, key):  # an edition that does not set it inherits its base's
            yield Source(name, files.text_start(name, line), f"ruleset.{key}", getattr(rs, key),
                         urls.ruleset_url(rs.id))
    if any(k[0] == "options.payment" for k in keys):  # else the payments (and their notes) are the base's
        for i, scheme in enumerate(rs.option("payment", []) or []):
            line = keys.get(("options.payment", i, "note"))
            if line is not None and isinstance(scheme.get("note"), str):
                yield Source(name, files.text_start(name, line), f"options.payment {scheme.get('id', i + 1)!r} note",
                             scheme["note"], urls.ruleset_url(rs.id))
    for p in rs.patterns:
        written = dict(p.origin.fields)
        for key in ("definition", "reading", "why"):
            text = getattr(p, key)
            if key not in written or not text:  # inherited unchanged by an edition: checked in its base's file
                continue
            where = (p.origin.file, written[key], key)
            if where not in seen:
                seen.add(where)
                yield Source(p.origin.file, files.text_start(p.origin.file, written[key]), f"pattern {p.id!r} {key}",
                             text, urls.pattern_url(rs.id, p.id))


def markdown_sources(content: Path, rulesets: dict[str, Ruleset], concepts: list[Concept],
                     curated: list[CuratedHand], prose_slugs: Iterable[str]) -> list[Source]:
    """Every Markdown field of the content, in a fixed order (rule sets by id, then concepts, hands, pages)."""
    files = _Files(content.parent)
    seen: set[tuple[str, int, str]] = set()
    out: list[Source] = []
    for rid in sorted(rulesets):
        out.extend(_ruleset_sources(rulesets[rid], files, seen))
    concepts_file = (content / "concepts.toml").relative_to(content.parent).as_posix()
    for i, c in enumerate(concepts):
        line = files.keys(concepts_file).get(("concept", i, "description"), c.line)
        out.append(Source(concepts_file, files.text_start(concepts_file, line), f"concept {c.id!r} description",
                          c.description, urls.concept_url(c.id)))
    for ch in curated:
        keys = files.keys(ch.file)
        index = next((k[1] for k, n in keys.items() if k[0] == "hand" and not k[2] and n == ch.line), None)
        line = keys.get(("hand", index, "note")) if index is not None else None
        if ch.note:
            out.append(Source(ch.file, files.text_start(ch.file, line or ch.line), f"hand {ch.id!r} note", ch.note,
                              urls.hand_url(hand_key(ch.canonical))))
    for slug in sorted(prose_slugs):
        name = (content / "pages" / f"{slug}.md").relative_to(content.parent).as_posix()
        out.append(Source(name, 1, "page", "\n".join(files.lines(name)), urls.prose_url(slug)))
    return out


# ----------------------------------------------------------------------------- checks


def _site_path(source: Source, target: str) -> str:
    path = urlsplit(target).path
    return urljoin(source.page, unquote(path)) if path else source.page


def _address_problem(path: str, rulesets: dict[str, Ruleset], concepts: list[Concept]) -> str | None:
    """What is wrong with a site address that the content alone can judge (rule sets, patterns, concepts);
    None when it is fine or only the rendered site can tell."""
    parts = [p for p in path.split("/") if p]
    if not parts or parts[0] not in ("rulesets", "concepts") or len(parts) < 2:
        return None
    if not path.endswith("/"):
        return f"no such page: site pages are folders, write '{path}/'"
    if parts[0] == "concepts":
        known = sorted(c.id for c in concepts)
        if parts[1] not in known or len(parts) > 2:
            return f"no concept page {path!r} (concepts: {', '.join(known) or 'none'})"
        return None
    rs = rulesets.get(parts[1])
    if rs is None:
        return f"no rule set {parts[1]!r} (known: {', '.join(sorted(rulesets))})"
    if len(parts) == 3 and parts[2] not in urls.RESERVED_PATTERN_IDS and parts[2] not in {p.id for p in rs.patterns}:
        return f"{rs.id} has no pattern {parts[2]!r}"
    if len(parts) > 3:
        return f"no such page {path!r}"
    return None


def early_problems(sources: list[Source], rulesets: dict[str, Ruleset], concepts: list[Concept]) -> list[ContentError]:
    """Unsafe Markdown, and links to rule sets, patterns and concepts that do not exist."""
    found: list[ContentError] = []
    for s in sources:
        found.extend(s.error(line, message) for line, message in problems(s.text))
        for target in inspect(s.text)[0]:
            if scheme_of(target):
                continue
            problem = _address_problem(_site_path(s, html.unescape(target)), rulesets, concepts)
            if problem:
                found.append(s.error(line_of(s.text, target), f"link '{target}': {problem}"))
    return found


def attribute(broken: list[BrokenLink], sources: list[Source]) -> tuple[list[ContentError], list[BrokenLink]]:
    """Split the link checker's findings into content errors (a Markdown field wrote the link) and the rest."""
    writers: dict[str, list[tuple[Source, str]]] = {}
    for s in sources:
        for target in inspect(s.text)[0]:
            writers.setdefault(html.unescape(target), []).append((s, target))
    found: dict[tuple[str, int | None, str, str], ContentError] = {}
    rest = []
    for b in broken:
        if b.target not in writers:
            rest.append(b)
            continue
        for s, written in writers[b.target]:
            e = s.error(line_of(s.text, written), f"link '{written}': {b.reason} (on {b.page})")
            found.setdefault((e.file, e.line, e.field, written), e)
    return list(found.values()), rest


def _raise(found: list[ContentError]) -> None:
    if found:
        raise ContentErrors(found)


def sources_of(content: Path, rulesets: dict[str, Ruleset], prose_slugs: Iterable[str],
               problems: Problems | None = None) -> tuple[list[Source], list[Concept]]:
    """Load what the Markdown fields live in besides rule sets (concepts, curated hands) and list the fields; the
    loaders' own problems raise, or go into `problems` when it is given."""
    concepts = load_concepts(content / "concepts.toml", rulesets, problems)
    curated = load_curated(content / "hands", rulesets, problems)
    return markdown_sources(content, rulesets, concepts, curated, prose_slugs), concepts


def before_search(content: Path, rulesets: dict[str, Ruleset], prose_slugs: Iterable[str],
                  problems: Problems) -> None:
    """Add to `problems` every problem the content alone shows (called by gather, before the search)."""
    sources, concepts = sources_of(content, rulesets, prose_slugs, problems)
    for problem in early_problems(sources, rulesets, concepts):
        problems.add(problem)


def after_render(content: Path, rulesets: dict[str, Ruleset], prose_slugs: Iterable[str],
                 broken: list[BrokenLink]) -> list[BrokenLink]:
    """Raise ContentErrors for broken links content wrote; return the broken links the templates wrote."""
    if not broken:
        return []
    sources, _ = sources_of(content, rulesets, prose_slugs)
    found, rest = attribute(broken, sources)
    _raise(found)
    return rest
