"""Example hands: curated from the sources, generated per pattern, near misses; scored under every rule set.

The site calls `collect.collect(rulesets, content)` once and renders the `Atlas` it returns.
"""

from .atlas import Atlas, NearMiss, PatternExamples
from .model import Example, hand_key

__all__ = ["Atlas", "Example", "NearMiss", "PatternExamples", "hand_key"]
