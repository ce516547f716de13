"""Shared fixtures. `built_site`: the whole site built once per test run (search index included), for the site
build, HTML-validation and browser tests, so the three share one build instead of making three. `base_url`: that
site served by the project's own server, for a test module; `browser`: one Chromium for a test module.

The `engine` marker (`pytest -m engine`, tests/engine_loop.py) goes on the tests of the files in ENGINE_TESTS,
except those that build the site or are marked slow."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import ARGS, CHROMIUM, NO_CHROMIUM
from engine_loop import FLAG

ENGINE_TESTS = frozenset({
    "test_notation.py", "test_riichi_notation.py", "test_shapes.py", "test_wilds.py",  # hands, readings, waits
    "test_gates.py", "test_riichi_walk.py",  # detectors, their gates and the Riichi walk that stands for them
    "test_mcr_fans.py", "test_mcr_principles.py", "test_mcr_theorems.py", "test_zung_jung.py", "test_sihai.py",
    "test_tuanyuan.py", "test_riichi_rules.py", "test_tuidaohu.py", "test_policy_registry.py",  # family by family
    "test_ghosts.py", "test_guangdong.py",
    "test_mcr_differential.py", "test_riichi_differential.py", "test_riichi_jansou.py",  # the oracles
    "test_rules_loader.py", "test_rules_lookup.py", "test_structure.py",  # rule loading, the package's shape
})
"""The engine's test files: notation, readings and waits, detectors, scoring, the oracles' differential runs, rule
loading and the import structure. Not the site, the examples, the statistics or the matrix, whose runs take
minutes."""
BUILDS_A_SITE = frozenset({"test_policy_registry.py::test_a_page_of_the_family_renders_with_its_label"})
"""Tests of those files that build a site of their own (the ones that use `built_site` are found by the fixture)."""


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("markexpr", "") == "engine":  # before collection: the sampled checks read it on import
        os.environ[FLAG] = "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        builds = "built_site" in getattr(item, "fixturenames", ()) or item.nodeid.split("/")[-1] in BUILDS_A_SITE
        if item.path.name in ENGINE_TESTS and not builds and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.engine)


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
def calculator_url(base_url: str) -> str:
    """`base_url` for the calculator's browser tests, which need the Pyodide runtime in the built site."""
    from generator.site import calculator

    if calculator.runtime_dir() is None:
        pytest.skip(f"no Pyodide runtime in .cache/npm ({calculator.NPM_INSTALL}; scripts/test.sh installs it)")
    return base_url


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
