"""The two stores a room or lesson is tested on: a SQLite file, and the PostgreSQL server
`CARDLEARN_TEST_POSTGRES` names (skipped with a message when it is unset, a failure under
CI=true).  Import the fixtures into a test module: `from stores import store, where`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardlearn.rooms.store import connect

PG_URL = os.environ.get("CARDLEARN_TEST_POSTGRES")
IN_CI = os.environ.get("CI") == "true"


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the stores of one test live: a SQLite file, or the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite")
    if not PG_URL:
        reason = "PostgreSQL tests need a server: set CARDLEARN_TEST_POSTGRES=postgresql://... (.ci/run does)"
        if IN_CI:
            pytest.fail(f"{reason} — CI=true, so they must run")
        pytest.skip(reason)
    return PG_URL


@pytest.fixture
def store(where: str) -> Iterator[Any]:
    s = connect(where)
    yield s
    s.close()
