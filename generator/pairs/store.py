"""The stored answers of the walk: one deterministic JSON file per rule set, which the build reads.

content/matrix/<ruleset>.json holds the space walked (orbits, distinct hands, divisions), the rule set's tile
patterns, a witness hand for every pair of them that some division shows together (concealed, self-drawn, won
on its highest tile, as the notation writes it) and the pairs no division shows together (`never`). `rules`
fingerprints what showing depends on (the winning forms and the tile patterns' detectors and parameters, not
their values), so an edit of a value leaves the answers current and an edit of a detector makes them stale
(`is_current`). No time stamps: the same rule data gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..notation import format_hand
from ..rules import CONTENT_DIR, Ruleset
from .walk import Sightings, tile_patterns, witness_hand

MATRIX_DIR = "matrix"

SPACE = ("every distinct concealed complete hand (its tile counts, grouped by the suit, wind and dragon "
         "symmetries) and every division of its tiles into the rule set's winning forms")


def fingerprint(rs: Ruleset) -> str:
    forms, four_as_two = rs.scoring.winning_shapes(rs)
    data = {"forms": sorted(f.value for f in forms), "four_as_two_pairs": four_as_two,
            "patterns": [[pid, rs.pattern(pid).detect, dict(rs.pattern(pid).params)] for pid in tile_patterns(rs)]}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def answers_object(rs: Ruleset, s: Sightings) -> dict[str, Any]:
    return {
        "ruleset": rs.id,
        "rules": fingerprint(rs),
        "space": {"what": SPACE, "orbits": s.space.orbits, "hands": s.space.hands, "divisions": s.space.divisions},
        "tile_patterns": s.ids,
        "together": [{"a": a, "b": b, "hand": format_hand(witness_hand(w)[0])}
                     for (a, b), w in sorted(s.together.items(), key=lambda kv: (s.ids.index(kv[0][0]),
                                                                                   s.ids.index(kv[0][1])))],
        "never": [[a, b] for a, b in s.never()],
    }


def write_answers(obj: dict[str, Any], content: Path = CONTENT_DIR) -> Path:
    folder = content / MATRIX_DIR
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{obj['ruleset']}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(obj, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def read_answers(ruleset_id: str, content: Path = CONTENT_DIR) -> dict[str, Any] | None:
    """The stored answers of a rule set, or None when `mahjong-atlas matrix` has not been run for it."""
    path = content / MATRIX_DIR / f"{ruleset_id}.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def is_current(obj: dict[str, Any], rs: Ruleset) -> bool:
    """Whether stored answers were walked under what `rs` holds now."""
    return obj.get("rules") == fingerprint(rs)


@dataclass(frozen=True)
class Walked:
    """The stored answers of the walk for one rule set (generator/pairs/store.py), as the matrix uses them."""

    never: frozenset[tuple[str, str]]  # pairs of tile patterns, in rule order, that no division shows together
    hands: int  # the distinct complete hands walked
    divisions: int
    current: bool  # walked under the rule data the rule set holds now; stale answers decide nothing

    def proof(self) -> str:
        return (f"no division of any of the {self.hands:,} distinct concealed complete hands shows both "
                f"({self.divisions:,} divisions walked; exposing a set or declaring a kong changes no tile pattern)")


def stored_walk(rs: Ruleset, content: Path = CONTENT_DIR) -> Walked | None:
    """The stored answers of `rs` as the matrix reads them, or None when there are none."""
    obj = read_answers(rs.id, content)
    if obj is None:
        return None
    space = obj["space"]
    return Walked(frozenset((a, b) for a, b in obj["never"]), space["hands"], space["divisions"], is_current(obj, rs))
