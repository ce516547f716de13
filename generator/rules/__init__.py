"""Rule sets as data: the model, the validating loader, and lookup by id or alias."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .errors import ContentError
from .loader import CONTENT_DIR, load_rulesets
from .model import EditionDiff, Exclusion, Origin, Pattern, Ruleset

__all__ = [
    "CONTENT_DIR", "ContentError", "EditionDiff", "Exclusion", "Origin", "Pattern", "Ruleset",
    "all_rulesets", "find_ruleset", "load_rulesets",
]


@lru_cache(maxsize=4)
def all_rulesets(content: Path = CONTENT_DIR) -> dict[str, Ruleset]:
    """The rule sets of a content folder, loaded once per process."""
    return load_rulesets(content)


def find_ruleset(name: str, content: Path = CONTENT_DIR) -> Ruleset:
    """Resolve an id or alias case-insensitively ('MCR', '国标', 'zj24'); KeyError lists the known ids."""
    rulesets = all_rulesets(content)
    key = name.strip().lower()
    for rs in rulesets.values():
        if key == rs.id or key in (a.lower() for a in rs.aliases):
            return rs
    raise KeyError(f"unknown rule set {name!r} (known: {', '.join(rulesets)})")
