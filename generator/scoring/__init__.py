"""The scoring engine and its policies."""

from .engine import POLICIES, register_policy, score
from .result import Counted, Excluded, Payment, Score

__all__ = ["POLICIES", "Counted", "Excluded", "Payment", "Score", "register_policy", "score"]
