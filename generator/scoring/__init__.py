"""The scoring engine, the rule families' policies and their registry."""

from __future__ import annotations

from .engine import score
from .families import UnknownPolicy, policy_of, register, unregister
from .policy import Policy
from .result import Counted, Excluded, Payment, Score

__all__ = ["Counted", "Excluded", "Payment", "Policy", "Score", "UnknownPolicy", "policy_of", "register", "score",
           "unregister"]
