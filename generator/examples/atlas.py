"""Everything the site renders about example hands, gathered once per build by `collect.collect`.

The site never scores a hand; it reads an `Atlas`:

* `examples` — every example hand (curated, generated, near misses, matrix witnesses), each
  scored under every rule set, deduplicated by canonical hand with their roles merged;
* `by_pattern["<rs>/<pattern>"]` — which examples illustrate a pattern (`PatternExamples`);
* `concepts` — cross-rule-set concepts with the hand scored by all (`concepts.Concept`);
* `matrices[rs]` — the pattern × pattern compatibility matrix (`matrix.Matrix`);
* `edition_diffs` — base → edition data diffs and the hands whose score moves (`diffs.EditionDiffView`);
* `changes` / `snapshot` — results that differ from the committed snapshot (`snapshot.Change`, `SnapshotInfo`).

Deterministic: the same content gives the same Atlas (seeded search, sorted output), so two
builds write byte-identical `data/examples.json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .concepts import Concept, ConceptRow
from .diffs import EditionDiffView, HandDelta, ValueChange
from .matrix import Cell, Matrix
from .model import Example, hand_key
from .snapshot import Change, ResultDigest, SnapshotInfo

__all__ = [
    "Atlas", "Cell", "Change", "Concept", "ConceptRow", "EditionDiffView", "Example", "HandDelta", "Matrix",
    "NearMiss", "PatternExamples", "ResultDigest", "SnapshotInfo", "ValueChange", "hand_key",
]


@dataclass(frozen=True)
class NearMiss:
    """A complete hand one change away from an example, in which the pattern no longer counts."""

    key: str  # the near-miss hand
    derived_from: str  # the example it was changed from
    change: str  # what changed: "one tile changed: 5p→6p", "won on a discard instead of self-drawn", ...
    status: Literal["absent", "excluded", "incomplete"]  # the pattern is gone; or still there but removed by
    #   another; or (only when no complete hand is near, e.g. thirteen orphans) the change breaks the hand
    by: str | None  # "excluded": the pattern that removes it
    reason: str  # a sentence for the page: the change and why the pattern fails


@dataclass
class PatternExamples:
    """The examples of one pattern of one rule set. Item access (`pe["minimal"]`) works too."""

    minimal: str  # key: the hand with the fewest other patterns and lowest total found
    typical: str  # key: a random hand with the pattern, median total among those found
    near_miss: list[str] = field(default_factory=list)  # keys, at least one
    curated: list[str] = field(default_factory=list)  # keys of source hands in which it counts
    near_misses: list[NearMiss] = field(default_factory=list)  # details, same order as `near_miss`
    found: int = 0  # how many searched hands showed the pattern counting

    def __getitem__(self, name: str) -> Any:
        return getattr(self, name)


@dataclass
class Atlas:
    examples: list[Example]
    by_pattern: dict[str, PatternExamples]
    concepts: list[Concept]
    matrices: dict[str, Matrix]
    edition_diffs: list[EditionDiffView]
    changes: list[Change]
    snapshot: SnapshotInfo
    searched: dict[str, int] = field(default_factory=dict)  # rule set -> distinct hands scored in the search
    # (score, `Digester.part` of it) for the examples' scores, worked out while collecting with a build cache (kept
    # there with the scores): the site's page digests start from them
    score_parts: list[tuple[object, bytes]] = field(default_factory=list, repr=False)
    _index: dict[str, Example] = field(default_factory=dict, repr=False)

    def example(self, key: str) -> Example:
        """The example with this key (KeyError if the key is not an example)."""
        if not self._index:
            self._index.update((e.key, e) for e in self.examples)
        return self._index[key]

    def examples_json(self) -> list[dict[str, Any]]:
        """The content of `site/data/examples.json` (notation.md's site contract), in `examples` order."""
        return [e.to_json() for e in self.examples]

