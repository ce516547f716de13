"""Shared fixtures. `built_site`: the whole site built once per test run (search index included), for the site
build, HTML-validation and browser tests, so the three share one build instead of making three. `base_url`: that
site served by the project's own server, for a test module; `browser`: one Chromium for a test module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import ARGS, CHROMIUM, NO_CHROMIUM


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generator.site.build import build

    out = tmp_path_factory.mktemp("site-a") / "site"
    assert build(str(out)) == 0, "the site build failed (see the captured stderr)"
    return out


@pytest.fixture(scope="module")
def base_url(built_site: Path) -> Iterator[str]:
    from generator.site.serve import start_in_thread

    server, url = start_in_thread(built_site)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


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
