"""Example hands: curated from the sources, generated per pattern, near misses; scored under every rule set."""

from .model import Example, hand_key

__all__ = ["Example", "hand_key"]
