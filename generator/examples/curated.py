"""Curated hands (content/hands/*.toml): the sources' own examples, with the results they must score.

They are pages and tests at once: every expectation is checked on every build, and a
mismatch stops it with file, line and field. File format::

    [[hand]]
    id = "zj24-small-three-dragons"        # optional slug
    hand = "[234m] 567p555z777z6z+6z"      # notation.md
    source = "zj-2.4: §3.2.1, example"     # citations as a pattern's source: bibliography key, locator
    title = "Small Three Dragons"
    note = "The source gives 白白白 中中中 發發; the other tiles are ours."
    note_zh = "原文给出白白白 中中中 發發；其余的牌是我们补的。"   # the note in Chinese, for the Chinese page
    [hand.expect."zj-2.4"]                  # quoted: rule-set ids contain dots
    total = 60                             # exact total
    total_min = 60                         # a figure the source states as "at least"
    patterns = ["small-three-dragons", "value-honor"]   # exactly the counted patterns
    includes = ["value-honor"]             # these count (others may too)
    legal = true
    complete = true
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..hand import Hand
from ..messages import Name
from ..notation import HandError, format_hand, parse_hand
from ..rules import ContentError, Ruleset
from ..rules.errors import Problems
from ..rules.sources import Citation, Source, check_citations, load_sources
from ..rules.toml_file import TomlFile as _File
from ..rules.zh_text import has_chinese
from ..rules.locate import locate
from ..scoring import Score
from .scorer import Scorer

SLUG = re.compile(r"^[a-z0-9][a-z0-9\-]*$")
QUOTED = re.compile(r'"([^"]*)"')
HAND_KEYS = {"id", "hand", "source", "title", "title_zh", "note", "note_zh", "expect"}
EXPECT_KEYS = {"total", "total_min", "total_max", "patterns", "includes", "legal", "complete"}


@dataclass(frozen=True)
class Expectation:
    ruleset: str
    line: int | None
    total: int | None = None
    total_min: int | None = None
    total_max: int | None = None
    patterns: tuple[str, ...] | None = None
    includes: tuple[str, ...] = ()
    legal: bool | None = None
    complete: bool | None = None
    lines: dict[str, int] = field(default_factory=dict)  # field -> line


@dataclass(frozen=True)
class CuratedHand:
    id: str
    hand: Hand
    canonical: str
    source: str
    title: str
    note: str  # a Name (English and Chinese) where the file gives note_zh
    expect: tuple[Expectation, ...]
    file: str
    line: int | None
    citations: tuple[Citation, ...] = ()  # the source field resolved against the bibliography


def load_curated(folder: Path, rulesets: dict[str, Ruleset], problems: Problems | None = None) -> list[CuratedHand]:
    """Every hand of every file in `folder`, files in name order, hands in file order. Every hand is checked;
    without `problems` any problem raises, with it they are added and the good hands kept. Expectations under a
    rule set that did not load (`problems.unloaded`) are left out unchecked."""
    found = Problems() if problems is None else problems
    out: list[CuratedHand] = []
    if folder.is_dir():
        ids: dict[str, str] = {}
        bib = found.keep(lambda: load_sources(folder.parent, folder.parent.parent))
        for path in sorted(folder.glob("*.toml")):
            for ch in found.keep(lambda: _load_file(path, folder.parent.parent, rulesets, bib, found)) or []:
                if ch.id in ids:
                    found.add(ContentError(ch.file, ch.line, "hand.id", f"duplicate id {ch.id!r} (also {ids[ch.id]})"))
                    continue
                ids[ch.id] = f"{ch.file}:{ch.line}"
                out.append(ch)
    if problems is None:
        found.raise_any()
    return out


def _load_file(path: Path, root: Path, rulesets: dict[str, Ruleset], bib: dict[str, Source] | None,
               found: Problems) -> list[CuratedHand]:
    f = _File(path, root)
    for key in f.data:
        if key != "hand":
            found.add(f.error(key, 0, "", "unknown table (expected [[hand]])", key))
    raw = f.data.get("hand", [])
    if not isinstance(raw, list):
        raise f.error("hand", 0, "", "expected [[hand]] tables", "hand")
    text_lines = path.read_text(encoding="utf-8").splitlines()
    starts = [f.line("hand", i) or 1 for i in range(len(raw))] + [len(text_lines) + 1]
    out = []
    for i, data in enumerate(raw):
        # rule-set ids hold dots, so their tables are quoted ([hand.expect."zj-2.4"]); unquote for `locate`
        chunk = [QUOTED.sub(r"\1", ln) if ln.lstrip().startswith("[") else ln
                 for ln in text_lines[starts[i] - 1: starts[i + 1] - 1]]
        sub = locate("\n".join(chunk))
        offset = starts[i] - 1
        lines = {k: n + offset for k, n in sub.items()}
        hand = found.keep(lambda: _hand(f, i, data, rulesets, bib, lines, found.unloaded))
        if hand is not None:
            out.append(hand)
    return out


def _hand(f: _File, i: int, data: Any, rulesets: dict[str, Ruleset], bib: dict[str, Source] | None,
          lines: dict[tuple[str, int, str], int], unloaded: set[str]) -> CuratedHand:
    line = f.line("hand", i)
    if not isinstance(data, dict):
        raise ContentError(f.name, line, "hand", "expected a table")
    label = f"hand {data.get('id')!r} " if isinstance(data.get("id"), str) else f"hand #{i + 1} "

    def err(key: str, message: str, table: str = "hand") -> ContentError:
        return ContentError(f.name, lines.get((table, 0, key.split(".")[-1])) or line, label + key, message)

    for key in data:
        if key not in HAND_KEYS:
            raise err(key, f"unknown field (expected one of {', '.join(sorted(HAND_KEYS))})")
    for key in ("hand", "source", "title"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise err(key, "missing; expected a non-empty string")
    for key in ("id", "note", "title_zh", "note_zh"):
        if key in data and not isinstance(data[key], str):
            raise err(key, f"expected a string, found {data[key]!r}")
    if "title_zh" in data and not has_chinese(data["title_zh"]):
        raise err("title_zh", "expected the title in Chinese (simplified characters); found none")
    if "note_zh" in data and not has_chinese(data["note_zh"]):
        raise err("note_zh", "expected the note in Chinese (simplified characters); found none")
    if "note_zh" in data and not data.get("note", "").strip():
        raise err("note_zh", "a Chinese twin without the English note it is the twin of")
    citations, problem = check_citations(data["source"], bib, need_locator=True)
    if problem:
        raise err("source", problem)
    try:
        hand = parse_hand(data["hand"])
    except HandError as exc:
        raise err("hand", f"not a hand: {exc}") from None
    canonical = format_hand(hand)
    hid = data.get("id") or f"{Path(f.name).stem}-{i + 1}"
    if not SLUG.match(hid):
        raise err("id", f"expected a lowercase slug, found {hid!r}")
    expect_raw = data.get("expect", {})
    if not isinstance(expect_raw, dict) or not expect_raw:
        raise err("expect", "expected at least one table [hand.expect.<ruleset-id>] (a curated hand is a test)")
    expects = []
    for rid in expect_raw:
        table = f"hand.expect.{rid}"
        split = [f"{rid}.{k}" for k in (expect_raw[rid] if isinstance(expect_raw[rid], dict) else ())]
        if rid in unloaded or unloaded.intersection(split):
            continue
        if rid not in rulesets and any(s in rulesets for s in split):  # TOML read [hand.expect.zj-2.4] as zj-2 → 4
            whole = next(s for s in split if s in rulesets)
            raise ContentError(f.name, lines.get((f"hand.expect.{whole}", 0, "")) or line, label + f"expect.{rid}",
                               f'write [hand.expect."{whole}"]: a bare TOML key is split at its dots')
        if rid not in rulesets:
            raise ContentError(f.name, lines.get((table, 0, "")) or line, label + f"expect.{rid}",
                               f"unknown rule set {rid!r} (known: {', '.join(rulesets)})")
        expects.append(_expectation(f.name, label, rid, expect_raw[rid], rulesets[rid], lines, line))
    # A title or note with its Chinese twin is a Name: English as written, said in Chinese on a Chinese page
    title = data["title"].strip()
    twin = data.get("title_zh", "").strip()
    note = data.get("note", "").strip()
    note_twin = data.get("note_zh", "").strip()
    return CuratedHand(hid, hand, canonical, data["source"].strip(), Name(title, twin) if twin else title,
                       Name(note, note_twin) if note_twin else note, tuple(expects), f.name, line, citations)


def _expectation(file: str, label: str, rid: str, raw: Any, rs: Ruleset, lines: dict[tuple[str, int, str], int],
                 hand_line: int | None) -> Expectation:
    table = f"hand.expect.{rid}"
    here = {k: n for (t, _, k), n in lines.items() if t == table and k}
    head = lines.get((table, 0, "")) or hand_line

    def err(key: str, message: str) -> ContentError:
        return ContentError(file, here.get(key, head), f"{label}expect.{rid}.{key}", message)

    if not isinstance(raw, dict):
        raise ContentError(file, head, f"{label}expect.{rid}", "expected a table")
    values: dict[str, Any] = {}
    known = {p.id for p in rs.patterns}
    for key, value in raw.items():
        if key not in EXPECT_KEYS:
            raise err(key, f"unknown field (expected one of {', '.join(sorted(EXPECT_KEYS))})")
        if key.startswith("total") and (isinstance(value, bool) or not isinstance(value, int)):
            raise err(key, f"expected an integer, found {value!r}")
        if key in ("legal", "complete") and not isinstance(value, bool):
            raise err(key, f"expected true or false, found {value!r}")
        if key in ("patterns", "includes"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise err(key, f"expected an array of pattern ids, found {value!r}")
            bad = [v for v in value if v not in known]
            if bad:
                raise err(key, f"{rid} has no pattern {bad[0]!r}")
            value = tuple(value)
        values[key] = value
    return Expectation(rid, head, lines=here, **values)


def check(ch: CuratedHand, scorer: Scorer) -> None:
    """Raise ContentError at the first expectation the engine does not meet."""
    for e in ch.expect:
        s = scorer(ch.hand, e.ruleset)
        problem = _mismatch(e, s)
        if problem is not None:
            key, message = problem
            shown = ", ".join(f"{c.id}×{c.count}" if c.count > 1 else c.id for c in s.patterns) or "no pattern"
            legal = "" if s.legal else "; not a legal win: " + "; ".join(s.notes)
            raise ContentError(ch.file, e.lines.get(key, e.line), f"hand {ch.id!r} expect.{e.ruleset}.{key}",
                               f"{message}; the engine gives {s.total} ({shown}{legal})")


def _mismatch(e: Expectation, s: Score) -> tuple[str, str] | None:
    """The first expectation field the score does not meet, with what was expected."""
    got = sorted(c.id for c in s.patterns)
    if e.complete is not None and s.complete != e.complete:
        return "complete", f"expected complete = {str(e.complete).lower()}"
    if e.legal is not None and s.legal != e.legal:
        return "legal", f"expected legal = {str(e.legal).lower()}"
    if e.total is not None and s.total != e.total:
        return "total", f"expected total {e.total}"
    if e.total_min is not None and s.total < e.total_min:
        return "total_min", f"expected at least {e.total_min}"
    if e.total_max is not None and s.total > e.total_max:
        return "total_max", f"expected at most {e.total_max}"
    if e.patterns is not None and sorted(e.patterns) != got:
        return "patterns", f"expected exactly {sorted(e.patterns)}"
    missing = [p for p in e.includes if p not in got]
    if missing:
        return "includes", f"expected {missing} to count"
    return None
