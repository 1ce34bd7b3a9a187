"""The page request's query string in a Voilà kernel, waited for until it comes.

A classroom page's address names its room and seat (`?room=…&seat=…&token=…`).  Voilà
runs each page in a kernel started before anyone asked for it (a preheated kernel), so the
page cannot know its address when it starts: it must wait for the request.  Voilà's own
helper (`voila.utils.get_query_string`) connects to the server's `voila/query/<kernel>`
websocket with a 5 s timeout and, if the connection is not made in time, returns an
empty query *silently*.  That happened here whenever the server was busy starting the
pages' kernels (a server start, a class arriving at once): the page then opened a new
room of its own instead of the shared room its link named, and rewrote its address to it,
so the pupil lost the seat.  So this module waits the same way but never gives up
silently: it retries until the request info arrives.  A kernel waits in its pool for as long
as nobody opens its page (a teacher starts the server before the lesson), so by default it
waits without end; each failed attempt is written to the kernel's log (the server's).  The
connection sends no keep-alive pings: on loopback they serve no purpose, and on a busy
machine a late pong closed a kernel's connection while it waited.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
import time

RETRY_S = 0.5  # between attempts to reach the server's query socket
CONNECT_S = 10.0  # one attempt's time to connect (a busy server answers slowly)


def _now() -> float:
    """The clock of `wait_for_query`'s deadline (a test turns it fast)."""
    return time.monotonic()


class NoRequest(RuntimeError):
    """The page's request never reached its preheated kernel."""


def preheated() -> bool:
    """Is this a Voilà kernel started before its page was asked for?"""
    return os.environ.get("VOILA_PREHEAT", "False") == "True"


def query_url() -> str:
    """The server's websocket that hands this kernel its page request (as Voilà builds it)."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    ip = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"


async def _receive(url: str) -> str:
    import websockets  # Voilà's own dependency: only needed under Voilà

    async with websockets.connect(url, open_timeout=CONNECT_S, ping_interval=None) as socket:
        message = await socket.recv()
    return message if isinstance(message, str) else message.decode()


def _receive_in_thread(url: str) -> str:
    """`_receive` on an event loop of its own (the kernel's loop is busy running this cell)."""
    result: dict[str, str | BaseException] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        try:
            result["info"] = loop.run_until_complete(_receive(url))
        except Exception as err:  # retried by the caller
            result["error"] = err
        finally:
            loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join()
    info = result.get("info")
    if isinstance(info, str):
        return info
    error = result.get("error")
    raise error if isinstance(error, BaseException) else NoRequest("no request info")


def wait_for_query(timeout: float | None = None) -> str:
    """The query string of this kernel's page request: at once outside a preheated kernel
    (Voilà sets QUERY_STRING itself), else once the request has come, however busy the
    server and however long the kernel waits in its pool; `NoRequest` after `timeout`
    seconds when one is given."""
    if not preheated():
        return os.environ.get("QUERY_STRING", "")
    url = query_url()
    deadline = None if timeout is None else _now() + timeout
    while True:
        try:
            info = json.loads(_receive_in_thread(url))
            break
        except Exception as err:
            if deadline is not None and _now() > deadline:
                raise NoRequest(f"the page's request did not reach this kernel in {timeout:g} s: "
                                f"{err}") from err
            print(f"cardlearn: waiting for this page's request at {url}, trying again: {err!r}",
                  file=sys.stderr, flush=True)
            time.sleep(RETRY_S)
    for key, value in info.items():
        os.environ[key] = str(value)
    os.environ["VOILA_PREHEAT"] = "False"  # answered: asking again returns at once
    return os.environ.get("QUERY_STRING", "")
