"""A preheated page's kernel waits for its request however busy the server is
(`cardlearn.table.voila_query`): Voilà's own helper gave up after 5 s and returned an empty
query, so a shared room's link opened a new room of one's own instead."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time

import pytest

from cardlearn.table import voila_query


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_later(port: int, delay: float, info: dict[str, str], stop: threading.Event) -> None:
    """A stand-in for Voilà's query socket that starts listening only after `delay` (a busy
    server), then hands every connection the request info."""
    import websockets

    async def hand(ws: object) -> None:
        await ws.send(json.dumps(info))  # type: ignore[attr-defined]

    async def main() -> None:
        await asyncio.sleep(delay)
        async with websockets.serve(hand, "127.0.0.1", port):
            while not stop.is_set():
                await asyncio.sleep(0.05)

    asyncio.run(main())


@pytest.fixture
def preheated_env(monkeypatch: pytest.MonkeyPatch) -> int:
    port = free_port()
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(voila_query, "RETRY_S", 0.1)
    return port


def test_a_server_that_answers_late_still_gives_the_query(preheated_env: int) -> None:
    stop = threading.Event()
    query = "room=abc&seat=1&token=t"
    server = threading.Thread(target=serve_later, args=(preheated_env, 1.0, {"QUERY_STRING": query}, stop),
                              daemon=True)
    server.start()
    try:
        assert voila_query.wait_for_query(timeout=20) == query
    finally:
        stop.set()
        server.join(5)
    assert voila_query.wait_for_query() == query  # answered: asked again, at once


def test_no_request_at_all_is_an_error_not_an_empty_address(preheated_env: int) -> None:
    started = time.monotonic()
    with pytest.raises(voila_query.NoRequest):
        voila_query.wait_for_query(timeout=0.5)
    assert time.monotonic() - started < 15


def test_outside_a_preheated_kernel_the_query_is_read_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "room=x")
    assert voila_query.wait_for_query() == "room=x"


def test_a_kernel_waits_in_its_pool_as_long_as_nobody_opens_its_page(
        preheated_env: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """No deadline by default: a teacher starts the server, the class opens the pages much
    later (here the clock runs an hour per look while the server is slow to come)."""
    clock = iter(range(0, 10**9, 3600))
    monkeypatch.setattr(voila_query, "_now", lambda: float(next(clock)))
    stop = threading.Event()
    query = "room=late&seat=0&token=t"
    server = threading.Thread(target=serve_later, args=(preheated_env, 1.0, {"QUERY_STRING": query}, stop),
                              daemon=True)
    server.start()
    try:
        assert voila_query.wait_for_query() == query
    finally:
        stop.set()
        server.join(5)


def test_the_pages_server_keeps_a_request_whose_kernel_was_reconnecting() -> None:
    """The pages' Voilà configuration keeps every page request, so that a kernel whose
    connection was closing when its request came finds it when it connects again."""
    import runpy
    from pathlib import Path

    from tornado.websocket import WebSocketClosedError
    from traitlets.config import Config
    from voila.request_info_handler import RequestInfoSocketHandler as Handler

    config = Path(__file__).resolve().parents[1] / "pages" / ".voila" / "voila.py"
    runpy.run_path(str(config), init_globals={"get_config": Config})

    class Closing:
        def write_message(self, message: object) -> None:
            raise WebSocketClosedError()

    Handler._waiters["k-closing"] = Closing()
    try:
        Handler.send_updates({"kernel_id": "k-closing", "payload": "{\"QUERY_STRING\": \"room=r\"}"})
        assert Handler._cache["k-closing"] == "{\"QUERY_STRING\": \"room=r\"}"
    finally:
        Handler._waiters.pop("k-closing", None)
        Handler._cache.pop("k-closing", None)
