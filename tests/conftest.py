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


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """In a strict run (scripts/test.sh with every tool installed) a skipped test is a failure: a check that did not
    run must not look like a check that passed."""
    import os

    if not os.environ.get("ATLAS_STRICT"):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped and exitstatus == 0:
        for rep in skipped:
            reporter.write_line(f"strict run: skipped {rep.nodeid}: {rep.longrepr}")  # type: ignore[union-attr]
        session.exitstatus = 1
