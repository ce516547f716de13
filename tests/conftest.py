"""Shared fixtures. `built_site`: the whole site built once per test run (search index included), for the site
build, HTML-validation and browser tests, so the three share one build instead of making three."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generator.site.build import build

    out = tmp_path_factory.mktemp("site-a") / "site"
    assert build(str(out)) == 0, "the site build failed (see the captured stderr)"
    return out
