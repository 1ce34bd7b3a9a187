"""Fixtures for the real-browser tests: Debian's Chromium driven by Playwright, the pages
served by Voilà on a free loopback port.

Without Chromium (or the playwright package) these tests skip with a message saying so,
except under CI (`CI=true`), where a missing browser is a failure: CI must run them.
Screenshots, server logs and a picture of every failed test go to `test-output/browser/`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browserkit import OUTPUT, Watch, find_chromium, launch_chromium, voila_server, watch_page

IN_CI = os.environ.get("CI") == "true"


def _missing(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason} — CI=true, so the browser tests must run: install it "
                    "(.ci/run does: apt-get install chromium)", pytrace=False)
    pytest.skip(f"{reason}: browser tests skipped (apt-get install chromium to run them; "
                "under CI=true they fail instead)")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        _missing("Chromium not found (looked for /usr/bin/chromium and `chromium` on the PATH)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing("the Python package playwright is not installed (pip install -e '.[test]')")
    return path


@pytest.fixture(scope="session")
def playwright_instance(chromium_path: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance: Any, chromium_path: str) -> Iterator[Any]:
    browser = launch_chromium(playwright_instance, chromium_path)
    yield browser
    browser.close()


@pytest.fixture(scope="session", autouse=True)
def fresh_output() -> None:
    """Start each run with no screenshots or logs of an earlier run (on both cores, the first
    worker clears them, at its start: before either has written anything)."""
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0" and OUTPUT.is_dir():
        for old in [*OUTPUT.glob("*.png"), *OUTPUT.glob("*.log")]:
            old.unlink()


@pytest.fixture(scope="session")
def pages_rooms(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The database of the session's pages' rooms (each page is a room)."""
    return tmp_path_factory.mktemp("pages-rooms") / "rooms.sqlite"


@pytest.fixture(scope="session")
def voila_url(chromium_path: str, pages_rooms: Path) -> Iterator[str]:
    """The base URL of Voilà serving `pages/` (one server for the whole session)."""
    with voila_server(rooms=pages_rooms) as base:
        yield base


@pytest.fixture(scope="session")
def pages_store(voila_url: str, pages_rooms: Path) -> Any:
    """The pages' rooms as this process reads them (to choose a pupil's move to click)."""
    from cardlearn import rooms
    return rooms.connect(pages_rooms)


@dataclass
class Tab:
    page: Any
    watch: Watch


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def tab(browser: Any, request: pytest.FixtureRequest) -> Iterator[Tab]:
    """A fresh browser tab that may reach only 127.0.0.1; its errors are noted in `watch`."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})  # a school projector
    page = context.new_page()
    page.set_default_timeout(30_000)
    tab = Tab(page, watch_page(page))
    yield tab
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name)
        try:
            page.screenshot(path=str(OUTPUT / f"failed-{name}.png"), full_page=True)
        except Exception as err:  # the page may be gone; the failure itself matters more
            print(f"no screenshot of the failed test: {err}")
    context.close()
