"""The stored statistics: one deterministic JSON file per rule set, which the site build reads.

content/stats/<ruleset>.json holds the universe (complete hands, their physical weight) and,
per tile pattern, `hands_shown`, `hands_counted`, `weighted_shown`, `weighted_counted` and
`rank` (1 = the pattern shown by the largest weighted share of hands). Under `wins`, when the
rule set has patterns that read the winning tile: their population (`wins` per way of winning,
its `weight`) and per pattern the same four figures for each way (`discard`, `self_drawn`),
with a fingerprint of their own. `rules` fingerprints
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
from ..rules.zh_text import without_twins
from .ghost import CONVENTION as GHOST_CONVENTION
from .ghost import WIN_CONVENTION as GHOST_WIN_CONVENTION
from .ghost import ghost_supported
from .tally import CONVENTION, Tally, reported, tile_ruleset
from .wild import CONVENTION as WILD_CONVENTION
from .wild import wild_supported
from .wins import CONVENTION as WIN_CONVENTION
from .wins import WAYS, WinTally, win_reported, win_ruleset

STATS_DIR = "stats"


def fingerprint(rs: Ruleset) -> str:
    """A hash of everything in `rs` that the figures depend on: policy, forms, options and the tile patterns."""
    return _fingerprint(rs, tile_ruleset(rs))


def wins_fingerprint(rs: Ruleset) -> str:
    """The same for the win figures: policy, forms, options, the tile patterns and those that read the winning tile."""
    return _fingerprint(rs, win_ruleset(rs))


def _fingerprint(rs: Ruleset, tiles: Ruleset) -> str:
    data = {
        "policy": rs.policy,
        "forms": sorted(f.value for f in rs.forms),
        "options": without_twins(rs.options),
        "patterns": [[p.id, p.value, p.group, p.detect, dict(p.params), [[e.id, e.why, e.count] for e in p.excludes]]
                     for p in tiles.patterns],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _row(shown: list[int], counted: list[int]) -> dict[str, int]:
    return {"hands_shown": shown[0], "hands_counted": counted[0], "weighted_shown": shown[1],
            "weighted_counted": counted[1]}


def wins_object(rs: Ruleset, wins: WinTally) -> dict[str, Any]:
    """The JSON object of one rule set's win figures: the population (the same for both ways of winning) and, per
    pattern that reads the winning tile, a row per way."""
    ways = [wins.ways[way] for way in WAYS]
    if len({(t.hands, t.weight) for t in ways}) != 1:
        raise AssertionError(f"{rs.id}: the two ways of winning count different wins")
    return {
        "convention": GHOST_WIN_CONVENTION if ghost_supported(rs) else WIN_CONVENTION,
        "rules": wins_fingerprint(rs),
        "wins": ways[0].hands,
        "weight": ways[0].weight,
        "patterns": {pid: {way: _row(t.shown.get(pid, [0, 0]), t.counted.get(pid, [0, 0]))
                           for way, t in zip(WAYS, ways)} for pid in win_reported(rs)},
    }


def stats_object(rs: Ruleset, tally: Tally, wins: WinTally | None = None) -> dict[str, Any]:
    """The JSON object of one rule set's figures (with `wins`, its win figures under "wins")."""
    ids = reported(rs)
    rows: dict[str, dict[str, int]] = {pid: _row(tally.shown.get(pid, [0, 0]), tally.counted.get(pid, [0, 0]))
                                       for pid in ids}
    order = sorted(ids, key=lambda pid: (-rows[pid]["weighted_shown"], pid))
    for rank, pid in enumerate(order, start=1):
        rows[pid]["rank"] = rank
    out = {
        "ruleset": rs.id,
        "rules": fingerprint(rs),
        "convention": (WILD_CONVENTION if wild_supported(rs) else GHOST_CONVENTION if ghost_supported(rs)
                       else CONVENTION),
        "hands": tally.hands,
        "weight": tally.weight,
        "orbits": tally.orbits,
        "patterns": rows,
    }
    if wins is not None:
        out["wins"] = wins_object(rs, wins)
    return out


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
    """Whether stored figures were computed from the rule data `rs` holds now (the win figures too, when stored)."""
    return tiles_current(obj, rs) and wins_current(obj, rs) is not False


def tiles_current(obj: dict[str, Any], rs: Ruleset) -> bool:
    """Whether the stored figures of the complete hands were computed from the rule data `rs` holds now."""
    return obj.get("rules") == fingerprint(rs)


def wins_current(obj: dict[str, Any], rs: Ruleset) -> bool | None:
    """Whether the stored win figures were computed from the rule data `rs` holds now; None when none are stored."""
    wins = obj.get("wins")
    return None if wins is None else wins.get("rules") == wins_fingerprint(rs)


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
