"""The stored answers of `mahjong-atlas matrix`: one deterministic JSON file per rule set, which the build reads.

content/matrix/<ruleset>.json holds the space walked (orbits, distinct hands, divisions), a witness hand for
every pair of tile patterns that some division shows together (concealed, self-drawn, won on its highest tile),
the pairs no division shows or admits together (`never`, each with its reason), how many hands the witness
search scored, and every pair's answer (`pairs`: status, witness, by, reason; decide.py). Two fingerprints
tell stale answers: `shows` covers what showing depends on (the winning forms, every pattern's detector and
parameters), so a value edit leaves the `never` answers standing; `rules` covers everything counting depends
on besides (policy, options, values, groups, exclusions). No time stamps: the same rule data and code give the
same bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..messages import N_, Message, Name, from_data, joined, to_data
from ..notation import format_hand
from ..rules import CONTENT_DIR, Ruleset
from ..rules.zh_text import without_twins
from ..scoring.families import policy_of
from .decide import Answer, counts
from .potential import requirement
from .walk import Sightings, witness_hand

MATRIX_DIR = "matrix"

SPACE = ("every distinct concealed complete hand (its tile counts, grouped by the suit, wind and dragon "
         "symmetries) and every division of its tiles into the rule set's winning forms")


def fingerprint(rs: Ruleset) -> str:
    """What showing depends on: the winning forms and every pattern's detector and parameters (not values)."""
    forms, four_as_two = policy_of(rs.policy).winning_shapes(rs)
    return _digest({"forms": sorted(f.value for f in forms), "four_as_two_pairs": four_as_two,
                    "patterns": [[p.id, p.detect, dict(p.params)] for p in rs.patterns]})


def rules_fingerprint(rs: Ruleset) -> str:
    """What counting depends on besides: the policy, the options and every pattern's value, group, exclusions and
    extra facts."""
    return _digest({"shows": fingerprint(rs), "policy": rs.policy, "options": without_twins(rs.options),
                    "patterns": [[p.id, p.value, p.open_value, p.group, [[e.id, e.why, e.count] for e in p.excludes],
                                  dict(p.extra)] for p in rs.patterns]})


def _digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def answers_object(rs: Ruleset, s: Sightings, answers: list[Answer] | None = None, scored: int = 0
                   ) -> dict[str, Any]:
    """The stored object: the walk's space and sightings, and (from `decide`) every pair's answer."""
    return {
        "ruleset": rs.id,
        "shows": fingerprint(rs),
        "rules": rules_fingerprint(rs),
        "space": {"what": SPACE, "orbits": s.space.orbits, "hands": s.space.hands, "divisions": s.space.divisions},
        "patterns": s.ids,
        "tile_patterns": [pid for pid in s.ids if pid in s.tile],
        "together": [{"a": a, "b": b, "hand": format_hand(witness_hand(w)[0])}
                     for (a, b), w in sorted(s.together.items(), key=lambda kv: (s.ids.index(kv[0][0]),
                                                                                   s.ids.index(kv[0][1])))],
        "never": [_never(never_reason(rs, s, a, b), a, b) for a, b in s.never()],
        "searched": scored,
        "answers": counts(answers or []),
        "pairs": [x.to_json() for x in answers or []],
    }


def _never(reason: str, a: str, b: str) -> dict[str, Any]:
    return {"a": a, "b": b, "reason": reason, "said": to_data(reason)}


NO_DIVISION = Message(N_("no complete hand shows both, however its tiles are divided into sets and a pair"))


def never_reason(rs: Ruleset, s: Sightings, a: str, b: str) -> Message:
    """Why no hand shows `a` and `b` together, in words: what each asks of the division, and that no division
    walked offers both."""
    asks = [(pid, requirement(rs.pattern(pid), rs)[0]) for pid in (a, b) if pid not in s.tile]
    asks = [(pid, words) for pid, words in asks if words]
    if not asks:
        return NO_DIVISION
    said = joined((Message(N_("%(name)s needs %(needs)s"), name=Name(rs.pattern(pid).en, rs.pattern(pid).zh),
                           needs=words) for pid, words in asks), N_(" and "))
    return Message(N_("%(needs)s: no complete hand that shows the other has it, however its tiles are divided"),
                   needs=said)


def write_answers(obj: dict[str, Any], content: Path = CONTENT_DIR) -> Path:
    folder = content / MATRIX_DIR
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{obj['ruleset']}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(_dumps(obj), encoding="utf-8")
    tmp.replace(path)
    return path


def _dumps(obj: dict[str, Any]) -> str:
    """The stored object as JSON, each pair's answer on a line of its own: a rerun's diff names the pairs that
    changed, and a reason's Message (`said`) does not spread over a dozen lines."""
    out = []
    for key, value in obj.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            rows = ",\n  ".join(json.dumps(x, ensure_ascii=False) for x in value)
            out.append(f" {json.dumps(key)}: [\n  {rows}\n ]")
        else:
            out.append(f" {json.dumps(key)}: " + json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n "))
    return "{\n" + ",\n".join(out) + "\n}\n"


def read_answers(ruleset_id: str, content: Path = CONTENT_DIR) -> dict[str, Any] | None:
    """The stored answers of a rule set, or None when `mahjong-atlas matrix` has not been run for it."""
    path = content / MATRIX_DIR / f"{ruleset_id}.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def is_current(obj: dict[str, Any], rs: Ruleset) -> bool:
    """Whether stored answers were decided under the rule data `rs` holds now."""
    return obj.get("rules") == rules_fingerprint(rs)


def _reason(x: dict[str, Any]) -> str:
    """A stored reason as the Message it was made as (`said`), which says itself in the page's language; files
    written before reasons were stored that way give the English alone."""
    said = from_data(x["said"]) if "said" in x else None
    return said if isinstance(said, str) and said == x["reason"] else x["reason"]


@dataclass(frozen=True)
class Stored:
    """The stored answers of one rule set as the build's matrix reads them."""

    pairs: dict[tuple[str, str], tuple[str, str | None, str | None, str]]  # (a, b) -> (status, witness, by, reason)
    never: dict[tuple[str, str], str]  # the walk's never pairs -> reason
    hands: int  # the distinct complete hands walked
    divisions: int
    searched: int  # hands the witness search scored
    current: bool  # decided under the rule data the rule set holds now
    shows_current: bool  # walked under its forms and detectors (the never answers hold)


def stored_answers(rs: Ruleset, content: Path = CONTENT_DIR) -> Stored | None:
    """The stored answers of `rs`, or None when there are none."""
    obj = read_answers(rs.id, content)
    if obj is None:
        return None
    space = obj["space"]
    pairs = {(x["a"], x["b"]): (x["status"], x["witness"], x["by"], _reason(x)) for x in obj.get("pairs", [])}
    never = {(x["a"], x["b"]): _reason(x) for x in obj["never"]}
    return Stored(pairs, never, space["hands"], space["divisions"], obj.get("searched", 0),
                  is_current(obj, rs) and bool(pairs), obj.get("shows") == fingerprint(rs))
