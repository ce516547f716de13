"""The stored answers: one deterministic JSON file per rule set, content/matrix/<ruleset>.json, which the build reads.

`rules` fingerprints the rule data the answers were decided on (every pattern's detector, parameters, value,
series and exclusions, the policy, the forms and the options), so a reader can tell stale answers
(`is_current`) after the rule data changed. `space` says what was searched; no time stamps: the same rule
data and engine give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ..rules import CONTENT_DIR, Ruleset
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .decide import Decision

MATRIX_DIR = "matrix"


def fingerprint(rs: Ruleset) -> str:
    data = {
        "policy": rs.policy,
        "forms": sorted(f.value for f in rs.forms),
        "options": rs.options,
        "patterns": [[p.id, p.value, p.group, p.detect, dict(p.params), [[e.id, e.why, e.count] for e in p.excludes]]
                     for p in rs.patterns],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def matrix_object(rs: Ruleset, decision: Decision) -> dict[str, Any]:
    return {
        "ruleset": rs.id,
        "rules": fingerprint(rs),
        "patterns": decision.patterns,
        "counts": decision.counts(),
        "space": decision.space,
        "pairs": [a.to_json() for a in decision.answers],
    }


def write_matrix(obj: dict[str, Any], content: Path = CONTENT_DIR) -> Path:
    folder = content / MATRIX_DIR
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{obj['ruleset']}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def read_matrix(ruleset_id: str, content: Path = CONTENT_DIR) -> dict[str, Any] | None:
    """The stored answers of a rule set, or None when `mahjong-atlas matrix` has not been run for it."""
    path = content / MATRIX_DIR / f"{ruleset_id}.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def is_current(obj: dict[str, Any], rs: Ruleset) -> bool:
    """Whether stored answers were decided on the rule data `rs` holds now."""
    return obj.get("rules") == fingerprint(rs) and obj.get("patterns") == [p.id for p in rs.patterns]


def public_object(obj: dict[str, Any]) -> dict[str, Any]:
    """The site's data/matrix/<ruleset>.json: ruleset, patterns, and every unordered pair once."""
    return {"ruleset": obj["ruleset"], "patterns": obj["patterns"],
            "pairs": [{k: p[k] for k in ("a", "b", "status", "witness", "by", "reason")} for p in obj["pairs"]]}
