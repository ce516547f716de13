"""The committed snapshot of every example's results, and what moved since (the maintainer's view of an edit).

`content/snapshot/results.json` stores, per example hand, the digest of its score under every
rule set. A build re-scores every hand of the snapshot (not just today's examples, whose choice
may itself move after an edit) and lists the results that differ; `mahjong-atlas
accept-snapshot` writes the current examples as the new snapshot.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..hand import Hand
from ..notation import HandError, parse_hand
from ..scoring import Score
from .diffs import digest
from .model import Example

SNAPSHOT = Path("snapshot") / "results.json"  # relative to the content folder
FORMAT = 1


@dataclass(frozen=True)
class ResultDigest:
    complete: bool
    legal: bool
    total: int
    patterns: tuple[tuple[str, int], ...]  # (pattern id, count) as counted

    @classmethod
    def of(cls, score: Score) -> ResultDigest:
        return cls(*digest(score))

    def to_json(self) -> dict[str, Any]:
        return {"complete": self.complete, "legal": self.legal, "total": self.total,
                "patterns": [[p, n] for p, n in self.patterns]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ResultDigest:
        return cls(bool(d["complete"]), bool(d["legal"]), int(d["total"]), tuple((p, int(n)) for p, n in d["patterns"]))


@dataclass(frozen=True)
class Change:
    """One hand whose result under one rule set differs from the snapshot."""

    key: str
    hand: str
    ruleset: str
    old: ResultDigest
    new: ResultDigest
    in_examples: bool  # the hand is still an example (it has a page)


@dataclass
class SnapshotInfo:
    path: str
    exists: bool
    hands: int = 0  # hands in the snapshot
    new_hands: list[str] = field(default_factory=list)  # example keys not in the snapshot
    dropped_hands: list[str] = field(default_factory=list)  # snapshot keys that are no longer examples
    new_rulesets: list[str] = field(default_factory=list)  # rule sets the snapshot does not know
    dropped_rulesets: list[str] = field(default_factory=list)  # rule sets of the snapshot that are gone


def snapshot_json(examples: list[Example]) -> dict[str, Any]:
    hands = {}
    for ex in sorted(examples, key=lambda e: e.key):
        hands[ex.key] = {"hand": ex.hand,
                         "results": {r: ResultDigest.of(ex.results[r]).to_json() for r in sorted(ex.results)}}
    return {"format": FORMAT, "hands": hands}


def write_snapshot(path: Path, examples: list[Example]) -> None:
    """One hand per line, sorted by key, so a rule edit shows in `git diff` as the lines of the hands it moves."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = snapshot_json(examples)
    lines = [f'{{"format": {data["format"]}, "hands": {{']
    items = list(data["hands"].items())
    for i, (key, entry) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"{json.dumps(key)}: {json.dumps(entry, ensure_ascii=False, sort_keys=True)}{comma}")
    lines.append("}}")
    text = "\n".join(lines) + "\n"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def read_snapshot(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def compare(snapshot: dict[str, Any] | None, path: Path, examples: list[Example], rulesets: list[str],
            score: Callable[[Hand, str], Score]) -> tuple[list[Change], SnapshotInfo]:
    """Re-score every snapshot hand under the rule sets both sides know; list what differs."""
    if snapshot is None:
        return [], SnapshotInfo(str(path), False, new_hands=sorted(e.key for e in examples))
    hands: dict[str, Any] = snapshot.get("hands", {})
    known = sorted({r for h in hands.values() for r in h["results"]})
    current = {e.key for e in examples}
    info = SnapshotInfo(
        str(path), True, len(hands),
        new_hands=sorted(current - set(hands)), dropped_hands=sorted(set(hands) - current),
        new_rulesets=sorted(set(rulesets) - set(known)), dropped_rulesets=sorted(set(known) - set(rulesets)),
    )
    changes = []
    for key in sorted(hands):
        entry = hands[key]
        try:
            hand = parse_hand(entry["hand"])
        except HandError:  # a hand the notation has since learned to refuse: it is among the dropped examples
            continue
        for rid in sorted(entry["results"]):
            if rid not in rulesets:
                continue
            old = ResultDigest.from_json(entry["results"][rid])
            new = ResultDigest.of(score(hand, rid))
            if old != new:
                changes.append(Change(key, entry["hand"], rid, old, new, key in current))
    return changes, info


def format_changes(changes: list[Change], info: SnapshotInfo) -> str:
    """The lines a build prints: one per changed result, then the summary."""
    lines = []
    for c in changes:
        moved = f"{c.old.total} → {c.new.total}"
        if c.old.legal != c.new.legal:
            moved += f" (legal {c.old.legal} → {c.new.legal})"
        lines.append(f"changed [{c.ruleset}] {c.hand}: {moved}")
    if not info.exists:
        lines.append(f"no snapshot at {info.path}; run `mahjong-atlas accept-snapshot` to create it")
    else:
        lines.append(f"{len(changes)} result(s) changed since the snapshot ({info.hands} hands); "
                     f"{len(info.new_hands)} new and {len(info.dropped_hands)} dropped example(s)")
    return "\n".join(lines)
