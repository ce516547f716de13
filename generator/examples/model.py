"""Example hands as the site consumes them: one hand, why it is on the site, and its score under every rule set.

This is the seam between the example machinery (curated, generated, near misses)
and the site: the site renders `Example`s and never scores a hand itself.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from ..scoring import Score

Kind = Literal["curated", "generated", "near-miss"]


@lru_cache(maxsize=1 << 14)  # asked for every example many times over while the atlas is put together
def hand_key(canonical: str) -> str:
    """Stable short key for a hand's page URL, from its canonical notation."""
    return hashlib.sha1(canonical.encode("utf-8")).hexdigest()[:10]


@dataclass
class Example:
    hand: str  # canonical notation
    kind: Kind
    for_: list[str] = field(default_factory=list)  # "ruleset-id/pattern-id" this hand illustrates
    title: str = ""
    source: str = ""  # curated: where the hand comes from
    note: str = ""  # near miss: why the pattern does not count; curated: commentary
    role: str = ""  # generated: "minimal" or "typical"; near-miss: the pattern it misses
    results: dict[str, Score] = field(default_factory=dict)  # ruleset id -> score
    roles: dict[str, str] = field(default_factory=dict)  # "rs/pattern" -> "minimal" | "typical" | "near-miss" |
    #   "near-miss-base" (a hand with the pattern that a near miss was changed from) | "curated"
    #   (every role the hand plays; matrix witnesses have role "matrix" and no entry here)
    reasons: dict[str, str] = field(default_factory=dict)  # near miss: "rs/pattern" -> why it does not count

    @property
    def key(self) -> str:
        return hand_key(self.hand)

    def to_json(self) -> dict[str, Any]:
        """The `data/examples.json` entry of notation.md's site contract."""
        return {
            "hand": self.hand,
            "key": self.key,
            "kind": self.kind,
            "for": sorted(self.for_),
            "results": [self.results[r].to_json() for r in sorted(self.results)],
        }

    def json_text(self) -> str:
        """`json.dumps(self.to_json(), ensure_ascii=False)`, each result written by `Score.json_text`.

        Why: the site's data/examples.json holds every example's line, written on every build, and
        building the results' dictionaries to encode them would be most of it (tests/test_fast_paths.py).
        """
        head = json.dumps({"hand": self.hand, "key": self.key, "kind": self.kind, "for": sorted(self.for_)},
                          ensure_ascii=False)
        return f'{head[:-1]}, "results": [{", ".join([self.results[r].json_text() for r in sorted(self.results)])}]}}'

