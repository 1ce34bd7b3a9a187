"""Rooms in the browser: the classroom pages bound to rooms, served by Voilà and opened in
Chromium (headless), as pupils use them.  (`benchmarks/rooms.py` measures the store itself,
without pages.)

    .venv/bin/python -m benchmarks.rooms_pages                       # SQLite, everything
    .venv/bin/python -m benchmarks.rooms_pages --rooms postgresql://user@127.0.0.1:5432/db
    .venv/bin/python -m benchmarks.rooms_pages --only latency --moves 40

- **latency**: two pupils' pages at one Kasína room (each its own browser context).  The
  pupil to move selects the move's cards (not timed); the clock starts just before the
  click on Confirm (`Date.now()` in that page) and stops when the *other* page's table
  root shows the new log length (`data-moves`, set last in a redraw; `Date.now()` in that
  page: one browser, one clock); also the time to the first change to that table.  So it
  counts the first page's kernel writing the move, the second page's kernel noticing it
  (SQLite: a look every 50 ms; PostgreSQL: LISTEN/NOTIFY), replaying it and redrawing,
  and the widget messages to the second browser.  Median and p95.
- **idle**: `--pages` pupils' pages open at once (two-pupil Kasína rooms, each page
  waiting at a pupil's turn), then `--idle` seconds with nobody moving: the resident
  memory of the kernels (and of the server), and the share of one core they take.
- **resume**: a Kozel match of 12 deals (its loss limit raised so that 12 deals are played;
  seat 0 a pupil, the computers rule-of-thumb bots) written to a room, its page open; the
  time from `reload()` to the table drawn again with the whole log (`data-moves`), against
  the same for a room with an empty log.

Numbers are printed, never asserted: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import browserkit as bk

from benchmarks.rooms import RESUMES, pct, play_match
from cardlearn import rooms
from cardlearn.games import GAMES
from cardlearn.table.room import page_path, seat_query

TABLE = bk.TABLE

# Arms `window.cardlearnSeen`: a promise of [the first change to the table, the moment its
# root's data-moves reaches `n`] (Date.now() both; kept on the window: Playwright would
# wait for a promise it is handed back).  data-moves is the last thing a redraw sets.
SEEN_JS = """
(n) => { window.cardlearnSeen = new Promise((resolve) => {
  const root = document.querySelector('.cardlearn-table');
  let first = null;
  const done = () => Number(root.dataset.moves) >= n;
  const obs = new MutationObserver(() => {
    if (first === null) first = Date.now();
    if (done()) { obs.disconnect(); resolve([first, Date.now()]); }
  });
  obs.observe(root, {attributes: true, childList: true, subtree: true, characterData: true});
}); }
"""

CONFIRM_JS = """
() => { const b = document.querySelector('.cardlearn-table button.cardlearn-confirm');
        const t = Date.now(); b.click(); return t; }
"""


def wait_moves(page: Any, n: int, timeout_ms: int = bk.PAGE_TIMEOUT_MS) -> None:
    page.wait_for_function(
        f"() => {{ const r = document.querySelector('{TABLE}[data-moves]'); "
        f"return r !== null && Number(r.dataset.moves) >= {n}; }}", timeout=timeout_ms, polling=20)


def new_page(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    bk.watch_page(page)
    return page


def select(page: Any, game: str, state: Any) -> bool:
    """Select the cards of a one-card-fewest legal move; True once Confirm would play it."""
    module = GAMES[game]
    moves = [(a, tuple(module.action_cards(state, a))) for a in state.legal_actions()]
    _, tokens = min(moves, key=lambda m: (not m[1], len(m[1])))
    if not tokens or any(card is None for _, card in tokens):
        return False
    table = page.locator(TABLE)
    for zone, card in tokens:
        button = table.locator(f"button.cardlearn-card.cardlearn-zone-{zone}.cardlearn-card-{card}").first
        if "mod-success" not in (button.get_attribute("class") or ""):
            bk.click_card(page, zone, str(card))
            page.wait_for_function("(b) => b.classList.contains('mod-success')", arg=button.element_handle(),
                                   timeout=bk.MOVE_TIMEOUT_MS, polling=20)
    page.wait_for_function(f"() => document.querySelector('{TABLE} button.cardlearn-confirm:not([disabled])')"
                           " !== null", timeout=bk.MOVE_TIMEOUT_MS, polling=20)
    return True


def latency(base: str, store: Any, browser: Any, moves: int) -> tuple[list[float], list[float]]:
    """(ms to the other page's table redrawn with the move, ms to its first change)."""
    room = rooms.create("kasina", [0, 1], seed=2026, store=store)
    pages = {s: new_page(browser) for s in (0, 1)}
    for s, page in pages.items():
        page.goto(f"{base}/{page_path('kasina')}{seat_query(room.id, s, room.tokens[s])}")
        wait_moves(page, 0)
    ms: list[float] = []
    firsts: list[float] = []
    while len(ms) < moves and room.state().deals_done == 0:
        state, n = room.state(), len(room)
        seat = state.to_move
        assert seat is not None
        mover, other = pages[seat], pages[1 - seat]
        wait_moves(mover, n)
        wait_moves(other, n)
        if not select(mover, "kasina", state):
            raise RuntimeError("no move to click")
        other.evaluate(SEEN_JS, n + 1)  # armed before the click
        start = mover.evaluate(CONFIRM_JS)
        first_change, done = other.evaluate("() => window.cardlearnSeen")
        ms.append(done - start)
        firsts.append(first_change - start)
        print(f"    move {len(ms)}: first change {firsts[-1]:.0f} ms, redrawn {ms[-1]:.0f} ms",
              file=sys.stderr, flush=True)
    for page in pages.values():
        page.context.close()
    return ms, firsts


def kernels(server: bk.Server) -> list[int]:
    return [pid for pid, _ in bk.kernels_of(server)]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime + stime, in clock ticks of 1/100 s


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def idle(base: str, store: Any, browser: Any, server: bk.Server, n: int, seconds: float) -> None:
    before = set(kernels(server))  # the preheated pools' kernels (no page yet)
    pages: list[Any] = []
    start = time.monotonic()
    for i in range(0, n, 2):
        room = rooms.create("kasina", [0, 1], seed=100 + i, store=store)
        for s in (0, 1):
            if len(pages) == n:
                break
            page = new_page(browser)
            page.goto(f"{base}/{page_path('kasina')}{seat_query(room.id, s, room.tokens[s])}")
            wait_moves(page, 0)
            pages.append(page)
    opened = time.monotonic() - start
    time.sleep(5)  # the pools refill after the last page took a kernel
    pids = kernels(server)
    used = [p for p in pids if p not in before]
    mem = sum(rss_mb(p) for p in pids)
    cpu0 = {p: cpu_seconds(p) for p in pids}
    server_cpu0 = cpu_seconds(server.proc.pid) if server.proc else 0.0
    time.sleep(seconds)
    cpu = sum(cpu_seconds(p) - cpu0[p] for p in pids if Path(f"/proc/{p}").exists())
    server_cpu = (cpu_seconds(server.proc.pid) if server.proc else 0.0) - server_cpu0
    print(f"  {len(pages)} pages opened in {opened:.0f} s; {len(pids)} kernels running "
          f"({len(used)} taken by pages at least, the rest preheated in the pools)")
    print(f"  kernels' memory {mem / 1024:.2f} GiB ({mem / len(pids):.0f} MB each), "
          f"server {rss_mb(server.proc.pid) if server.proc else 0:.0f} MB")
    print(f"  idle {seconds:.0f} s: kernels {100 * cpu / seconds:.1f} % of one core "
          f"({100 * cpu / seconds / len(pids):.2f} % each), server {100 * server_cpu / seconds:.1f} %")
    for page in pages:
        page.context.close()


def resume(base: str, store: Any, browser: Any, times: int) -> None:
    game, rules, stop = RESUMES["Kozel, 12 deals"]
    long = rooms.create(game, [0], seed=11, rules=rules, level="thumb", store=store)
    play_match(long, stop)
    empty = rooms.create(game, [0], seed=11, rules=rules, level="thumb", store=store)
    for label, room in (("12 deals", long), ("empty log", empty)):
        page = new_page(browser)
        page.goto(f"{base}/{page_path(game)}{seat_query(room.id, 0, room.tokens[0])}")
        n = len(room)
        wait_moves(page, n)
        took = []
        for _ in range(times):
            time.sleep(8)  # the page's pool refills (a reload takes a preheated kernel)
            start = time.perf_counter()
            page.reload(wait_until="commit")
            wait_moves(page, n)
            page.wait_for_selector(bk.HAND_CARD)
            took.append(time.perf_counter() - start)
        deals = room.state().deals_done
        print(f"  {label:9s} {n:4d} entries, {deals:2d} deals: reload to table median "
              f"{statistics.median(took):.2f} s, max {max(took):.2f} s ({times} reloads)")
        page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", help="where the pages keep rooms (default: a temporary SQLite file)")
    parser.add_argument("--only", choices=("latency", "idle", "resume"), action="append")
    parser.add_argument("--moves", type=int, default=30, help="moves timed (first Kasína deal: ≤ 48)")
    parser.add_argument("--pages", type=int, default=30, help="pupils' pages open at once")
    parser.add_argument("--idle", type=float, default=30.0, help="seconds of idle measured")
    parser.add_argument("--reloads", type=int, default=3)
    args = parser.parse_args()
    only = set(args.only or ("latency", "idle", "resume"))
    chromium = bk.find_chromium()
    if chromium is None:
        raise SystemExit("Chromium not found (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="cardlearn-bench-") as tmp, contextlib.ExitStack() as stack:
        root = Path(tmp) / "pages"
        root.mkdir()
        for game in ("kasina", "kozel"):
            shutil.copy(bk.PAGES / f"{game}.ipynb", root)
        where = args.rooms or str(Path(tmp) / "rooms.sqlite")
        store = rooms.connect(where)
        servers: list[bk.Server] = []
        base = stack.enter_context(bk.voila_server("bench-rooms.log", root=root, rooms=where, server=servers,
                                                   timeout=120))
        p = stack.enter_context(sync_playwright())
        browser = bk.launch_chromium(p, chromium)
        backend = "PostgreSQL" if where.startswith("postgres") else "SQLite"
        if "latency" in only:
            ms, firsts = latency(base, store, browser, args.moves)
            print(f"move → other page ({backend}, two pupils at one Kasína room, {len(ms)} moves): "
                  f"redrawn: median {statistics.median(ms):.0f} ms, p95 {pct(ms, 0.95):.0f} ms, "
                  f"max {max(ms):.0f} ms; first change: median {statistics.median(firsts):.0f} ms, "
                  f"p95 {pct(firsts, 0.95):.0f} ms")
        if "idle" in only:
            print(f"idle with {args.pages} pupils' pages open ({backend}):")
            idle(base, store, browser, servers[0], args.pages, args.idle)
        if "resume" in only:
            print(f"resume after a reload ({backend}, Kozel):")
            resume(base, store, browser, args.reloads)
        browser.close()


if __name__ == "__main__":
    main()
