"""The Atlas of the project's content, collected once per test process and shared by tests/test_examples_*.py."""

from __future__ import annotations

from functools import lru_cache

from generator.examples import Atlas
from generator.examples.collect import collect
from generator.rules import CONTENT_DIR
from generator.rulesets import all_rulesets


@lru_cache(maxsize=1)
def project_atlas() -> Atlas:
    return collect(all_rulesets(), CONTENT_DIR)
