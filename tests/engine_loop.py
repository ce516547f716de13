"""The engine loop, `pytest -m engine` (tests/conftest.py marks its tests): the engine's own tests in under a
minute, for checking a change to the engine as it is made. There a sampled check (a differential run against an
oracle, gated detection against every detector) scores a smaller sample; a full run (CI) scores the whole one."""

from __future__ import annotations

import os

FLAG = "ATLAS_ENGINE_LOOP"
"""Set by tests/conftest.py when the run selects the engine loop (`-m engine`)."""


def sample(full: int, loop: int) -> int:
    """How many hands a sampled check scores: `loop` in the engine loop, `full` otherwise."""
    return loop if os.environ.get(FLAG) else full
