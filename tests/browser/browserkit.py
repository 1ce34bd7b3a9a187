"""Shared by the browser tests and `benchmarks/browser_latency.py`: find Chromium, serve the
pages (Voilà) or the notebooks (JupyterLab) on a free loopback port, and drive a game
table in the page through its CSS classes (the table's DOM contract, see
`cardlearn/table/look.css` and `fragments.py`).

Nothing here reaches the internet: the servers listen on 127.0.0.1, and `watch_page`
makes the browser refuse every request that does not go to the loopback address.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "pages"
NOTEBOOKS = ROOT / "notebooks"
OUTPUT = ROOT / "test-output" / "browser"
BIN = Path(sys.executable).parent

# The Voilà template that drops the CDN links of Voilà's "lab" template (see its file).
VOILA_TEMPLATE_ROOT = PAGES / ".voila"
VOILA_TEMPLATE = "cardlearn"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# Text that the widget front end shows when a widget cannot be drawn.
WIDGET_ERRORS = (
    "Error displaying widget",
    "Failed to load model class",
    "Could not create a view",
    "Could not create a model",
    "Model not found",
)

TABLE = ".cardlearn-table"
HAND_CARD = ".cardlearn-table button.cardlearn-card.cardlearn-zone-hand"

# How long a page may take to show its table: Voilà starts a kernel and runs the page,
# about 10 s on a 2-core machine, more when the machine is busy.
PAGE_TIMEOUT_MS = 90_000
# How long one move may take to show in the page (the bots' think time included).
MOVE_TIMEOUT_MS = 20_000


def find_chromium() -> str | None:
    """Debian's Chromium (`apt-get install chromium`), or a `chromium` on the PATH."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def games_with_pages() -> list[str]:
    """The games that have a page, `pages/<game>.ipynb` (their INFO's `page`), in the order
    of `GAMES`."""
    from cardlearn.games.extras import games_with

    return games_with("page")


# ---------------------------------------------------------------------------------------
# Servers


def jupyter_env(home: Path, **extra: str) -> dict[str, str]:
    """An environment that keeps Jupyter away from the user's own config and settings."""
    env = dict(os.environ)
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
        ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.setdefault("CARDLEARN_SEED", "2026")  # the pages deal the same games on every run
    env["PYTHONUNBUFFERED"] = "1"
    env.pop("JUPYTER_PATH", None)
    env.update(extra)
    return env


# Kernels of closed (or reloaded) pages are shut down after this long idle (as `make pages`).
CULL_IDLE_S, CULL_INTERVAL_S = 60, 15


def voila_command(
    port: int,
    *,
    tracebacks: bool = True,
    cull: tuple[int, int] = (CULL_IDLE_S, CULL_INTERVAL_S),
    root: Path = PAGES,
) -> list[str]:
    """The command that serves every page of `root` (`pages/`: the same as `make pages`, plus
    tracebacks)."""
    return [
        str(BIN / "voila"),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--template={VOILA_TEMPLATE}",
        f"--show_tracebacks={tracebacks}",
        f"--MappingKernelManager.cull_idle_timeout={cull[0]}",
        f"--MappingKernelManager.cull_interval={cull[1]}",
        str(root),
    ]


def jupyterlab_command(port: int, root_dir: Path) -> list[str]:
    return [
        str(BIN / "jupyter-lab"),
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--port={port}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root_dir}",
        "--ServerApp.disable_check_xsrf=True",  # the test starts the kernel with a plain POST
        # Root may serve (CI runs as root); nothing is fetched from the internet.
        "--allow-root",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.news_url=None",
        "--LabApp.extension_manager=readonly",
    ]


def worker_log(name: str) -> Path:
    """Where a server's log goes: per pytest-xdist worker, when the browser tests run on
    both cores (two servers must not write one file)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return OUTPUT / (f"{worker}-{name}" if worker else name)


@dataclass
class Server:
    """A server started as a subprocess in its own process group, with its log in a file."""

    name: str
    argv: list[str]
    url: str  # answers 200 once the server is up
    env: dict[str, str]
    log_path: Path
    cwd: Path = ROOT
    timeout: float = 60.0
    proc: subprocess.Popen[bytes] | None = field(default=None, init=False)

    def start(self) -> Server:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            self.argv,
            cwd=self.cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with code {self.proc.returncode}:\n{self.log_tail()}")
            with (
                contextlib.suppress(OSError, urllib.error.URLError),
                urllib.request.urlopen(self.url, timeout=2) as response,
            ):
                if response.status == 200:
                    return self
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(
            f"{self.name} did not answer {self.url} within {self.timeout:.0f} s:\n{self.log_tail()}"
        )

    def stop(self) -> None:
        """End the server and its kernels: SIGTERM to its process group, then SIGKILL."""
        if self.proc is None or self.proc.poll() is not None:
            return
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(timeout=wait)
                break
            except subprocess.TimeoutExpired:
                continue
        # Kernels are in the same process group; make sure none outlives its server.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


@contextlib.contextmanager
def voila_server(
    log_name: str = "voila.log",
    timeout: float = 60.0,
    cull: tuple[int, int] = (CULL_IDLE_S, CULL_INTERVAL_S),
    server: list[Server] | None = None,
    root: Path = PAGES,
    rooms: Path | str | None = None,
    port: int | None = None,
) -> Iterator[str]:
    """Serve `root` (default `pages/`) with Voilà on a free loopback port (or `port`); yields
    the base URL (and appends the `Server` to `server`, when given, for a look at its
    processes).  The pages keep their rooms in `rooms` (a SQLite file or a PostgreSQL URL;
    default a file in the server's temporary home, never the user's own rooms)."""
    port = port or free_port()
    with tempfile.TemporaryDirectory(prefix="cardlearn-voila-") as home:
        # the template, and the configuration `make pages` reads (voila.py: preheated kernels)
        env = jupyter_env(Path(home), JUPYTER_PATH=str(VOILA_TEMPLATE_ROOT),
                          JUPYTER_CONFIG_PATH=str(VOILA_TEMPLATE_ROOT),
                          CARDLEARN_ROOMS=str(rooms or Path(home) / "rooms.sqlite"))
        base = f"http://127.0.0.1:{port}"
        with Server(
            "Voilà", voila_command(port, cull=cull, root=root), base + "/", env, worker_log(log_name),
            timeout=timeout,
        ) as running:
            if server is not None:
                server.append(running)
            yield base


@dataclass
class Served:
    """A test module's Voilà server (`voila_server`) of the pages in `root`, keeping its rooms
    in `rooms` (a SQLite file or a PostgreSQL URL), which can be restarted on the same port and
    database, as a teacher restarts `make pages`.  `base` is its URL while it runs."""

    root: Path
    rooms: Path | str
    port: int
    base: str = ""
    _stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    def start(self, log: str) -> None:
        served = voila_server(log, root=self.root, rooms=self.rooms, port=self.port)
        self.base = self._stack.enter_context(served)

    def stop(self) -> None:
        self._stack.close()
        self._stack = contextlib.ExitStack()

    def url(self, game: str, room: str = "", seat: int = 0, token: str = "") -> str:
        """A game's page: a room's seat, or (no room) a new solo room."""
        from cardlearn.table.room import page_path, seat_query

        return f"{self.base}/{page_path(game)}" + (seat_query(room, seat, token) if room else "")


def kernels_of(server: Server) -> list[tuple[int, float]]:
    """The kernel processes a server started (its children), with their resident memory
    in MB, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or server.proc is None:
            continue
        try:  # a kernel runs in a session of its own, as a child of the server
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid != server.proc.pid:
                continue
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if "ipykernel" not in cmdline:
                continue
            rss = next(
                int(line.split()[1])
                for line in (entry / "status").read_text().splitlines()
                if line.startswith("VmRSS:")
            )
        except (OSError, ProcessLookupError, StopIteration, ValueError):
            continue
        found.append((int(entry.name), rss / 1024))
    return found


@contextlib.contextmanager
def jupyterlab_server(
    root_dir: Path, log_name: str = "jupyterlab.log", timeout: float = 90.0
) -> Iterator[str]:
    """Serve `root_dir` with JupyterLab (no token) on a free loopback port; yields the base URL."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="cardlearn-lab-") as home:
        env = jupyter_env(Path(home))
        # No "would you like news?" toast over the notebook, and no fetching of news.
        settings = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "apputils-extension"
        settings.mkdir(parents=True, exist_ok=True)
        (settings / "notification.jupyterlab-settings").write_text(
            '{"fetchNews": "false", "checkForUpdates": false}'
        )
        # Start the notebook's kernel without asking, and draw every cell, not only those in
        # view, so that the table at the end is in the page.
        tracker = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "notebook-extension"
        tracker.mkdir(parents=True, exist_ok=True)
        (tracker / "tracker.jupyterlab-settings").write_text(
            '{"autoStartDefaultKernel": true, "windowingMode": "none"}'
        )
        base = f"http://127.0.0.1:{port}"
        with Server(
            "JupyterLab",
            jupyterlab_command(port, root_dir),
            base + "/api/status",
            env,
            worker_log(log_name),
            timeout=timeout,
        ):
            yield base


# ---------------------------------------------------------------------------------------
# The browser


def launch_chromium(playwright: Any, executable: str) -> Any:
    return playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)


def is_loopback(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in ("127.0.0.1", "localhost", "::1")


@dataclass
class Watch:
    """What a page did that a test must check: outside requests, console errors, crashes."""

    outside: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def widget_problems(self) -> list[str]:
        words = ("widget", "model", "comm", "jupyter")
        return [m for m in self.console_errors + self.page_errors if any(w in m.lower() for w in words)]


def watch_page(page: Any) -> Watch:
    """Refuse every request that leaves the machine (and note it); note errors in the page."""
    watch = Watch()

    def route(r: Any) -> None:
        if is_loopback(r.request.url):
            r.continue_()
        else:
            watch.outside.append(r.request.url)
            r.abort("internetdisconnected")

    page.route("**/*", route)
    page.on("console", lambda m: m.type == "error" and watch.console_errors.append(m.text))
    page.on("pageerror", lambda e: watch.page_errors.append(str(e)))
    return watch


def widget_error_text(page: Any) -> str | None:
    """The first widget error message shown in the page, if any."""
    text = page.inner_text("body")
    for marker in WIDGET_ERRORS:
        i = text.find(marker)
        if i >= 0:
            return text[max(0, i - 80) : i + 240]
    return None


def screenshot(page: Any, name: str) -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# ---------------------------------------------------------------------------------------
# Reading and driving a table in the page

_CARD_CLASS = re.compile(r"^cardlearn-card-(.+)$")
_ZONE_CLASS = re.compile(r"^cardlearn-zone-(.+)$")

# One round trip to the page that reads the whole table (the last one on the page).
_READ_TABLE_JS = """
(tables) => {
  const root = tables[tables.length - 1];
  const text = (sel) => { const e = root.querySelector(sel); return e ? e.innerText : ''; };
  const items = (sel) => [...root.querySelectorAll(sel + ' li')].map((e) => e.innerText);
  const cards = [...root.querySelectorAll('button.cardlearn-card')].map((e) => ({
    classes: [...e.classList], enabled: !e.disabled && !e.classList.contains('cardlearn-unusable'),
    selected: e.classList.contains('mod-success'),
  }));
  const buttons = [...root.querySelectorAll('button')].filter((b) => !b.classList.contains('cardlearn-card'))
    .map((b) => ({classes: [...b.classList], text: b.innerText,
                  enabled: !b.disabled && !b.classList.contains('cardlearn-unusable')}));
  return {status: text('.cardlearn-status'), log: items('.cardlearn-log'),
          message: text('.cardlearn-message'), hints: items('.cardlearn-hints'), cards, buttons,
          all: root.innerText};
}
"""


@dataclass(frozen=True)
class CardButton:
    card: str  # canonical card text, e.g. "5S"
    zone: str  # "hand", "table", ...
    enabled: bool
    selected: bool


@dataclass(frozen=True)
class TableView:
    """One reading of the table in the page."""

    status: str
    log: tuple[str, ...]  # the move log's lines (the table shows the latest few)
    message: str
    hints: tuple[str, ...]
    cards: tuple[CardButton, ...]
    buttons: tuple[dict[str, Any], ...]
    text: str

    def zone(self, zone: str) -> list[str]:
        return [c.card for c in self.cards if c.zone == zone]

    def enabled(self, zone: str) -> list[str]:
        return [c.card for c in self.cards if c.zone == zone and c.enabled]

    def selected(self) -> list[tuple[str, str]]:
        return [(c.zone, c.card) for c in self.cards if c.selected]

    @property
    def moves(self) -> int:
        return move_count(self.status)

    def button(self, cls: str) -> dict[str, Any]:
        found = [b for b in self.buttons if cls in b["classes"]]
        if len(found) != 1:
            raise AssertionError(f"expected one button .{cls} in the table, found {len(found)}")
        return found[0]


def move_count(status: str) -> int:
    """The move count of the status line ("… · Leikir: 12 · …", "… · Moves: 12 · …")."""
    from cardlearn.table import WORDS

    words = "|".join(re.escape(w["moves"]) for w in WORDS.values())
    m = re.search(rf"(?:{words}):\s*(\d+)", status)
    if not m:
        raise AssertionError(f"no move count in the status line {status!r}")
    return int(m.group(1))


def read_table(page: Any) -> TableView:
    data = page.eval_on_selector_all(TABLE, _READ_TABLE_JS)
    cards = []
    for c in data["cards"]:
        card = next((m.group(1) for cls in c["classes"] if (m := _CARD_CLASS.match(cls))), None)
        zone = next((m.group(1) for cls in c["classes"] if (m := _ZONE_CLASS.match(cls))), None)
        if card and zone:
            cards.append(CardButton(card, zone, c["enabled"], c["selected"]))
    return TableView(
        data["status"],
        tuple(data["log"]),
        data["message"],
        tuple(data["hints"]),
        tuple(cards),
        tuple(data["buttons"]),
        data["all"],
    )


# Every card of the (last) table, and its Confirm button, that is not wholly inside the
# window as it is (no scrolling); and the narrowest card's width.
_OUTSIDE_JS = """
() => {
  const tables = document.querySelectorAll('.cardlearn-table');
  const root = tables[tables.length - 1];
  const W = window.innerWidth, H = window.innerHeight;
  const items = [...root.querySelectorAll('.cardlearn-card, button.cardlearn-confirm')];
  const outside = items.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < 0 || r.top < 0 || r.right > W + 0.5 || r.bottom > H + 0.5);
  }).map((e) => e.className + ' @ ' + JSON.stringify(e.getBoundingClientRect()));
  const widths = [...root.querySelectorAll('.cardlearn-card')].map((e) => e.getBoundingClientRect().width)
    .filter((w) => w > 0);
  return {outside, count: items.length, narrowest: widths.length ? Math.min(...widths) : 0,
          scrolled: window.scrollY};
}
"""


def outside_viewport(page: Any) -> dict[str, Any]:
    """Which cards (and the Confirm button) of the table lie outside the window, unscrolled."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(_OUTSIDE_JS)


def table_locator(page: Any) -> Any:
    """The last table on the page (a notebook may show several; the newest is last)."""
    return page.locator(TABLE).last


def click_button(page: Any, cls: str) -> None:
    """Click the button with CSS class `cls` of the (last) table on the page."""
    table_locator(page).locator(f"button.{cls}").first.click()


def click_card(page: Any, zone: str, card: str) -> None:
    """Click the button of `card` in `zone` ("hand", "table", …) of the (last) table, near
    its top-left corner: the part that shows when a long row is drawn overlapped."""
    selector = f"button.cardlearn-card.cardlearn-zone-{zone}.cardlearn-card-{card}"
    table_locator(page).locator(selector).first.click(position={"x": 10, "y": 30})


# Resolves once the (last) table has not changed for `quiet` ms (or after `limit` ms).
_SETTLE_JS = """
([quiet, limit]) => new Promise((resolve) => {
  const tables = document.querySelectorAll('.cardlearn-table');
  const root = tables[tables.length - 1];
  const start = performance.now();
  let timer = null;
  const done = () => { observer.disconnect(); resolve(performance.now() - start); };
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = performance.now() - start > limit ? done() : setTimeout(done, quiet);
  });
  observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  timer = setTimeout(done, quiet);
})
"""


def settle(page: Any, quiet_ms: int = 150, limit_ms: int = 5000) -> None:
    """Wait until the table stops changing: one redraw reaches the page as many small widget
    updates (status, cards, log …), and a reading in the middle of them is half old, half new."""
    page.evaluate(_SETTLE_JS, [quiet_ms, limit_ms])


def wait_until(page: Any, predicate: Any, timeout_ms: int = MOVE_TIMEOUT_MS, what: str = "") -> TableView:
    """Read the table until `predicate(view)` holds once the table has settled; fail with the
    last reading otherwise."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        view = read_table(page)
        if predicate(view):
            settle(page)
            view = read_table(page)
            if predicate(view):
                return view
        if time.monotonic() > deadline:
            raise AssertionError(
                f"timed out waiting for {what or predicate}: status {view.status!r}, "
                f"message {view.message!r}, hand {view.zone('hand')}, "
                f"table {view.zone('table')}"
            )
        page.wait_for_timeout(50)


def open_table(page: Any, url: str, timeout_ms: int = PAGE_TIMEOUT_MS) -> TableView:
    """Open a page and wait until its table is drawn (failing on a widget error instead)."""
    page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
    try:
        page.wait_for_function(
            _DRAWN_OR_BROKEN_JS, arg=[HAND_CARD, list(WIDGET_ERRORS)], timeout=timeout_ms, polling=100
        )
    except Exception as err:  # a timeout: say what the page and its server were doing
        raise AssertionError(f"the table of {url} was not drawn in {timeout_ms / 1000:g} s ({err}).\n"
                             f"The page showed: {page_text(page)!r}\n{server_log_tails()}") from None
    error = widget_error_text(page)
    if error:
        raise AssertionError(f"the page shows a widget error: {error!r}")
    settle(page)
    return read_table(page)


def page_text(page: Any, limit: int = 1500) -> str:
    """The page's visible text, cut to `limit` characters (for a failure's message)."""
    try:
        return str(page.evaluate("() => document.body ? document.body.innerText : ''"))[:limit]
    except Exception as err:  # the page may be gone
        return f"(unreadable: {err})"


def server_log_tails(lines: int = 60) -> str:
    """The last lines of this worker's server logs, newest log first (for a failure's
    message: CI keeps the test output, not the logs)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    logs = sorted((p for p in OUTPUT.glob("*.log") if worker is None or p.name.startswith(f"{worker}-")),
                  key=lambda p: p.stat().st_mtime, reverse=True)
    parts = []
    for log in logs[:2]:
        tail = log.read_text(errors="replace").splitlines()[-lines:]
        parts.append(f"--- the last {len(tail)} lines of {log.name}:\n" + "\n".join(tail))
    return "\n".join(parts) or "(no server log)"


# The table has drawn its cards, or the page shows a widget error.
_DRAWN_OR_BROKEN_JS = """
([cards, errors]) => document.querySelector(cards) !== null
  || errors.some((e) => document.body.innerText.includes(e))
"""


# ---------------------------------------------------------------------------------------
# Any game's move by clicks, chosen from the page's room (read from its database)

def plan(game: str, state: Any) -> tuple[Any, tuple[tuple[str, Any], ...]]:
    """A legal move with the fewest tokens to click (a button's move only if none has any)."""
    from cardlearn.games import GAMES
    module = GAMES[game]
    moves = [(a, tuple(module.action_cards(state, a))) for a in state.legal_actions()]
    return min(moves, key=lambda m: (not m[1], len(m[1])))


def click_move(page: Any, game: str, state: Any) -> None:
    """Select the move's cards (and target) on the page, then Confirm, or press its button."""
    table = page.locator(TABLE)
    _, tokens = plan(game, state)
    for zone, card in tokens:
        if card is None:
            button = table.locator(f"button.cardlearn-target.cardlearn-zone-{zone}").first
        else:
            button = table.locator(f"button.cardlearn-card.cardlearn-zone-{zone}.cardlearn-card-{card}").first
        if "mod-success" in (button.get_attribute("class") or ""):
            continue  # a forced move's cards are selected for the pupil
        if card is None:
            button.click()
        else:
            click_card(page, zone, str(card))
        page.wait_for_function("(b) => b.classList.contains('mod-success')", arg=button.element_handle(),
                               timeout=MOVE_TIMEOUT_MS, polling=30)
    # Confirm, once the selection is exactly one move; else (a move without cards, or a
    # selection several moves fit) the moves' own buttons
    # (a grey Confirm is never disabled, so that its press says why: it is `cardlearn-unusable`)
    ready = "button.cardlearn-confirm:not([disabled]):not(.cardlearn-unusable)"
    page.wait_for_function(
        "(ready) => { const t = document.querySelector('.cardlearn-table');"
        " return t.querySelector(ready) !== null"
        " || t.querySelector('button.cardlearn-action') !== null; }", arg=ready, timeout=MOVE_TIMEOUT_MS,
        polling=30)
    if tokens and table.locator(ready).count():
        table.locator("button.cardlearn-confirm").click()
    else:
        table.locator("button.cardlearn-action").first.click()


def page_room(page: Any, store: Any) -> Any:
    """The room a page plays in (its table root's `data-room`), read from `store`."""
    from cardlearn import rooms
    room_id = page.eval_on_selector(TABLE, "r => r.dataset.room || ''")
    if not room_id:
        raise AssertionError("the page's table names no room (data-room)")
    return rooms.open(room_id, store)


# ---------------------------------------------------------------------------------------
# Moves: what the engine allows in the position shown, and making one by clicks

Plan = tuple[list[Any], list[tuple[str, str]]]


def kasina_legal(view: TableView) -> list[Any]:
    """Kasína's legal moves for the hand and table shown, by the engine's rule facts
    (default rules: a card may be laid down only when no card can take)."""
    from cardlearn.cards import Card
    from cardlearn.games import kasina

    hand = [Card.parse(c) for c in view.zone("hand")]
    table = [Card.parse(c) for c in view.zone("table")]
    takes = [kasina.Action(c, frozenset(s)) for c in hand for s in kasina.capture_options(c, table)]
    return takes or [kasina.Action(c) for c in hand]


def kasina_plan(view: TableView) -> Plan:
    """The legal moves, and the clicks of the one to make: the biggest capture, else the
    first trail."""
    legal = kasina_legal(view)
    move = max(legal, key=lambda a: (len(a.captured), -legal.index(a)))
    return legal, [("hand", str(move.card)), *(("table", str(c)) for c in sorted(move.captured))]


# Per game: the legal moves in the position a page shows, and the clicks of one of them.
PLANNERS: dict[str, Callable[[TableView], Plan]] = {"kasina": kasina_plan}


def clickable_hand(game: str, legal: list[Any]) -> list[str]:
    """The hand cards that start some legal move: those the table must enable."""
    from cardlearn.games import GAMES

    return sorted(
        {str(card) for a in legal for zone, card in GAMES[game].action_cards(None, a) if zone == "hand"}
    )  # the planned games' tokens do not depend on the position


def click_tokens(page: Any, before: TableView, tokens: list[tuple[str, str]]) -> TableView:
    """Select the move's cards in turn (each must be enabled; one already selected for you,
    as a forced move's are, is left as it is), then Confirm (a click only selects: the
    table's second edition); returns the first settled reading that shows the move made."""
    view = before
    for zone, card in tokens:
        if (zone, card) in view.selected():
            continue
        assert card in view.enabled(zone), f"{zone} card {card} should be clickable: {view.enabled(zone)}"
        click_card(page, zone, card)
        view = wait_until(
            page,
            lambda v, t=(zone, card): v.moves > before.moves or t in v.selected(),
            what=f"the click on {zone} card {card} to show",
        )
        assert view.moves == before.moves, f"a click on {zone} card {card} made a move: only Confirm may"
    assert view.button("cardlearn-confirm")["enabled"], f"Confirm should be enabled after {tokens}"
    click_button(page, "cardlearn-confirm")
    return wait_until(page, lambda v: v.moves > before.moves, what="the confirmed move to show")


SUMMARY = ".cardlearn-summary"


def summary_shown(page: Any) -> bool:
    """Is a deal's end panel (`cardlearn-summary`) drawn in the (last) table?"""
    panel = table_locator(page).locator(SUMMARY)
    return panel.count() > 0 and panel.first.is_visible()


def dismiss_summary(page: Any, before: TableView) -> TableView:
    """Press Áfram (`cardlearn-dismiss`, inside the end panel) and wait until the panel is
    gone and the next deal's cards are drawn."""
    table_locator(page).locator(f"{SUMMARY} button.cardlearn-dismiss").click()
    page.wait_for_function(
        "(s) => { const t = document.querySelectorAll('.cardlearn-table'); const r = t[t.length - 1];"
        " const p = r.querySelector(s); return !p || p.offsetParent === null; }",
        arg=SUMMARY, timeout=MOVE_TIMEOUT_MS, polling=50,
    )
    settle(page)
    return read_table(page)


def is_yours(line: str, lang: str = "is") -> bool:
    """A log line of the pupil's move: a whole sentence with "Þú"/"You" as its subject
    (the words' second edition), or the first edition's "Þú: …"."""
    from cardlearn.table import WORDS

    return line.startswith((WORDS[lang]["you"] + " ", WORDS[lang]["you"] + ":"))


def check_human_move(
    before: TableView, after: TableView, tokens: list[tuple[str, str]], lang: str = "is"
) -> None:
    """What the page shows right after a human move, against what the move does: the log
    names its cards, the cards taken left the table, the card played left the hand (and,
    for a card laid down, lies on the table)."""
    from cardlearn.cards import Card

    played = [card for zone, card in tokens if zone == "hand"]
    taken = [card for zone, card in tokens if zone != "hand"]
    # The lines the move added: the log shows the latest moves, so `before`'s last lines
    # start `after`'s log once older ones scroll off.  The first of yours among them is
    # this move; a forced move of yours may follow it once the computer has replied.
    shift = next(k for k in range(len(before.log), -1, -1)
                 if list(after.log[:k]) == list(before.log[len(before.log) - k:]))
    mine = [x for x in after.log[shift:] if is_yours(x, lang)]
    assert mine, f"no move of yours in the log: {after.log}"
    for card in played + taken:
        assert Card.parse(card).symbol in mine[0], f"the log line {mine[0]!r} does not name {card}"
    for card in taken:
        assert card not in after.zone("table"), f"{card} was taken but is still on the table"
    if after.moves == before.moves + 1:  # no reply yet, so the hand and table are exact
        assert Counter(after.zone("hand")) == Counter(before.zone("hand")) - Counter(played)
        table = Counter(before.zone("table")) - Counter(taken) + (Counter() if taken else Counter(played))
        assert Counter(after.zone("table")) == table, (before.zone("table"), after.zone("table"), tokens)
