"""Rule sets as data: the model and the validating loader. The rule families are checked through the
`Families` the loader is handed; the atlas's own rule sets, checked against the registry, are generator.rulesets."""

from __future__ import annotations

from .errors import ContentError
from .content import CONTENT_DIR
from .model import EditionDiff, Exclusion, Families, Family, Origin, Pattern, Ruleset

__all__ = [
    "CONTENT_DIR", "ContentError", "EditionDiff", "Exclusion", "Families", "Family", "Origin", "Pattern", "Ruleset",
]
