"""Voilà's configuration for the classroom pages (read by `make pages` and the browser
tests' server through JUPYTER_CONFIG_PATH; see README.md beside this file)."""

from datetime import timedelta

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from cardlearn.games.extras import page_index

c = get_config()  # noqa: F821 -- traitlets gives a configuration file this function

# Every page keeps two kernels started with the page already run in them: a page load takes
# one (and only one: nothing passes between pupils), Voilà starts its replacement.
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = 2
# The pools of all four pages are filled at once when the server starts; on a busy two-core
# machine the table's output then came later than nbclient's 4 s, and the page was stored
# without its table.
c.VoilaExecutor.iopub_timeout = 60
# And a kernel that starts while the machine is busy (the pools filling, a class opening
# pages at once; once in CI beside the static site's browser test) may take over the 60 s
# nbclient waits for its first answer: the page then stayed at "Running ..." for good.
c.VoilaExecutor.startup_timeout = 180
# Kernels talk to the server over Unix sockets in the runtime folder, not TCP ports: a port
# is picked by one process and bound later by the kernel, and in between another process
# took it once (the other test worker's server filling its pools): the kernel died on
# "Address already in use", and its restarts kept the same cached ports and died too, so
# the page handed that kernel never drew.  Sockets in a folder of one's own cannot clash.
c.KernelManager.transport = "ipc"
# The index (templates/cardlearn/tree-lab.html) names each game's page, seats and notebook
# from the registry, the games' INFO: the server hands the template these as a variable.
c.Voila.tornado_settings = {"jinja_template_vars": {"cardlearn_index": page_index()}}


# How long a kernel handed to a page may wait for the page's browser to connect before it
# counts as idle: a class of 25 opening their tables at once on a busy machine took 70 s.
HANDED_GRACE = timedelta(seconds=300)


class PoolKeepingKernelManager(AsyncMappingKernelManager):
    """Culls idle kernels as usual, but counts as active a kernel waiting in a preheated pool,
    and one handed to a page whose browser has not connected yet.

    Voilà does not cull a kernel while it waits in its pool, but its last activity stays that
    of when it ran the page: once a page load takes it, the next cull (every 15 s) found it
    idle for minutes with no browser connected yet, and shut it down under the page (seen: a
    kernel 203 s in the pool, culled within a second of being handed out).  And when a class
    opens its tables at once (the lesson's start, `benchmarks/lesson_class.py`), a page's
    browser took over a minute to connect to its kernel: 22 of 25 were culled in between and
    their pages never drew.  A kernel that has had a browser is culled as before, 60 s after
    its page was closed."""

    async def cull_kernels(self) -> None:
        now = utcnow()
        pooled = set()
        for pool in getattr(self, "_pools", {}).values():  # Voilà's pools: tasks giving kernels
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    pooled.add(task.result().get("kernel_id"))
        connected = self.__dict__.setdefault("_cardlearn_connected", set())
        handed = self.__dict__.setdefault("_cardlearn_handed", {})
        for kernel_id in self.list_kernel_ids():
            if self._kernel_connections.get(kernel_id, 0) > 0:
                connected.add(kernel_id)
            if kernel_id in pooled:  # waiting in its pool: its grace starts when a page takes it
                handed.pop(kernel_id, None)
                self.get_kernel(kernel_id).last_activity = now
            elif kernel_id not in connected and now - handed.setdefault(kernel_id, now) < HANDED_GRACE:
                self.get_kernel(kernel_id).last_activity = now  # handed out, its browser not here yet
        alive = set(self.list_kernel_ids())
        for gone in set(handed) - alive:
            del handed[gone]
        connected &= alive
        await super().cull_kernels()


c.VoilaConfiguration.multi_kernel_manager_class = PoolKeepingKernelManager


def _keep_every_request() -> None:
    """Voilà hands a page's request to the preheated kernel waiting for it, and keeps the
    request for later only when no kernel waits yet.  A kernel whose connection was closing
    at that moment (it tries again when a connection fails) lost its request, and its page
    never drew.  So every request is kept too: a kernel that connects again finds it."""
    from voila.request_info_handler import RequestInfoSocketHandler

    send = RequestInfoSocketHandler.send_updates.__func__  # type: ignore[attr-defined]
    if getattr(send, "keeps_requests", False):
        return

    def send_and_keep(cls: type, msg: dict) -> None:
        cls._cache[msg["kernel_id"]] = msg["payload"]  # type: ignore[attr-defined]
        send(cls, msg)

    send_and_keep.keeps_requests = True  # type: ignore[attr-defined]
    RequestInfoSocketHandler.send_updates = classmethod(send_and_keep)  # type: ignore[method-assign]


_keep_every_request()


def _send_at_once() -> None:
    """Kernel messages go to the browser at once (TCP_NODELAY on the kernel's websocket).
    Tornado leaves Nagle's algorithm on, so after the small "busy" status a move's redraw
    waited for the browser's delayed acknowledgement: 40 ms on every click that sent one
    message (issue 32's click → redraw, `benchmarks/browser_latency.py`: the first change
    on the page came 47 ms after Confirm, 6 ms after a click that happened to send two)."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    open_ = KernelWebsocketHandler.open
    if getattr(open_, "sends_at_once", False):
        return

    async def open_at_once(self: KernelWebsocketHandler, kernel_id: str) -> None:
        self.set_nodelay(True)
        await open_(self, kernel_id)

    open_at_once.sends_at_once = True  # type: ignore[attr-defined]
    KernelWebsocketHandler.open = open_at_once  # type: ignore[method-assign]


_send_at_once()


def _serve_lessons() -> None:
    """The lesson's pages and JSON (cardlearn/lesson/server.py) beside Voilà's own handlers,
    first, so that no catch-all of Voilà's takes their paths."""
    from voila.app import Voila

    init = Voila.init_handlers
    if getattr(init, "serves_lessons", False):
        return

    def init_with_lessons(self: Voila) -> list:
        from cardlearn.lesson.server import handlers

        return [*handlers(self.server_url), *init(self)]

    init_with_lessons.serves_lessons = True  # type: ignore[attr-defined]
    Voila.init_handlers = init_with_lessons  # type: ignore[method-assign]


_serve_lessons()
