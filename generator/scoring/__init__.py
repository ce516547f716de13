"""The scoring engine and its policies.

The package imports nothing that imports generator.rules: the rule loader reads the policy registry
(`policy`) while generator.rules is still being imported, and importing any module of a package runs
this file first. The engine (which imports the rules) is therefore handed out on first use of `score`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .policy import Policy, UnknownPolicy, policy_of, register, unregister
from .result import Counted, Excluded, Payment, Score

if TYPE_CHECKING:
    from .engine import score

__all__ = ["Counted", "Excluded", "Payment", "Policy", "Score", "UnknownPolicy", "policy_of", "register", "score",
           "unregister"]


def __getattr__(name: str) -> Any:
    if name == "score":
        return importlib.import_module(f"{__name__}.engine").score
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
