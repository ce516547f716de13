"""The stored statistics: one deterministic JSON file per rule set, which the site build reads.

content/stats/<ruleset>.json holds the universe (complete hands, their physical weight) and,
per tile pattern, `hands_shown`, `hands_counted`, `weighted_shown`, `weighted_counted` and
`rank` (1 = the pattern shown by the largest weighted share of hands). `rules` fingerprints
the rule data the figures were computed from, so a reader can tell stale figures
(`is_current`) after a value or an exclusion changed. No time stamps: the same rule data
gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..rules import CONTENT_DIR, Ruleset
from .tally import CONVENTION, Tally, reported, tile_ruleset
from .wild import CONVENTION as WILD_CONVENTION
from .wild import wild_supported

STATS_DIR = "stats"


def fingerprint(rs: Ruleset) -> str:
    """A hash of everything in `rs` that the figures depend on: policy, forms, options and the tile patterns."""
    tiles = tile_ruleset(rs)
    data = {
        "policy": rs.policy,
        "forms": sorted(f.value for f in rs.forms),
        "options": rs.options,
        "patterns": [[p.id, p.value, p.group, p.detect, dict(p.params), [[e.id, e.why, e.count] for e in p.excludes]]
                     for p in tiles.patterns],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def stats_object(rs: Ruleset, tally: Tally) -> dict[str, Any]:
    """The JSON object of one rule set's figures."""
    ids = reported(rs)
    rows = {}
    for pid in ids:
        shown = tally.shown.get(pid, [0, 0])
        counted = tally.counted.get(pid, [0, 0])
        rows[pid] = {"hands_shown": shown[0], "hands_counted": counted[0],
                     "weighted_shown": shown[1], "weighted_counted": counted[1]}
    order = sorted(ids, key=lambda pid: (-rows[pid]["weighted_shown"], pid))
    for rank, pid in enumerate(order, start=1):
        rows[pid]["rank"] = rank
    return {
        "ruleset": rs.id,
        "rules": fingerprint(rs),
        "convention": WILD_CONVENTION if wild_supported(rs) else CONVENTION,
        "hands": tally.hands,
        "weight": tally.weight,
        "orbits": tally.orbits,
        "patterns": rows,
    }


def write_stats(obj: dict[str, Any], content: Path = CONTENT_DIR) -> Path:
    folder = content / STATS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{obj['ruleset']}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def read_stats(ruleset_id: str, content: Path = CONTENT_DIR) -> dict[str, Any] | None:
    """The stored figures of a rule set, or None when `mahjong-atlas stats` has not been run for it."""
    path = content / STATS_DIR / f"{ruleset_id}.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def is_current(obj: dict[str, Any], rs: Ruleset) -> bool:
    """Whether stored figures were computed from the rule data `rs` holds now."""
    return obj.get("rules") == fingerprint(rs)


def stale_rulesets(rulesets: Iterable[Ruleset], content: Path = CONTENT_DIR) -> list[str]:
    """Ids of the rule sets whose stored figures were computed from other rule data than they hold now."""
    return [rs.id for rs in rulesets if (obj := read_stats(rs.id, content)) is not None and not is_current(obj, rs)]


def frequency_text(obj: dict[str, Any], pattern_id: str) -> str | None:
    """One line for a pattern page, e.g. 'shown in 1 of every 37 complete hands (counted in 1 of 52); rank 12 of 64'."""
    row = obj["patterns"].get(pattern_id)
    if row is None:
        return None
    total = obj["weight"]

    def one_in(weight: int) -> str:
        return f"1 in {total / weight:,.0f}" if weight else "no"

    return (f"shown by {one_in(row['weighted_shown'])} complete hands, counted in {one_in(row['weighted_counted'])}"
            f" (rank {row['rank']} of {len(obj['patterns'])} tile patterns)")
