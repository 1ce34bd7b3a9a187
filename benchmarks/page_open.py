"""Page open time: from a click on the index to the game's table, and a reload, in a real
browser (Debian's Chromium, headless, 1024×768: a school projector).

    .venv/bin/python benchmarks/page_open.py                  # every page, 10 opens each
    .venv/bin/python benchmarks/page_open.py --game lomber --opens 5 --pause 0
    .venv/bin/python benchmarks/page_open.py --json test-output/browser/page-open.json

Serves `pages/` with Voilà as the browser tests do (`tests/browser/browserkit.py`: the same
command and configuration as `make pages`, `pages/.voila/voila.py` included, so with its
pool of preheated kernels), waits until the server's pools are full (`--warmup`), then per
page, `--opens` times: open the index, click the game's link and time until the table has
drawn the pupil's hand; then reload the page and time the same again; then wait `--pause`
seconds (a pupil at the page before the next one opens it: the pool refills meanwhile).
Each time runs from the click (or the reload) until a card of the pupil's hand is in the
page (Playwright's wait for the selector).

Prints per page the median, p95 and max of the opens, of the reloads and of both together,
and how many page loads the server answered with a preheated kernel (its log says "Using
pre-heated kernel"); the target is both under 3 s.  Numbers are printed, never asserted:
the machines are shared.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import browserkit as bk

TARGET_S = 3.0
PAGES = tuple(sorted(bk.games_with_pages()))

def wait_drawn(page: Any, timeout_ms: int) -> None:
    page.wait_for_selector(bk.HAND_CARD, state="attached", timeout=timeout_ms)


def timed_open(page: Any, base: str, game: str, timeout_ms: int) -> float:
    """Seconds from the click on the game's link on the index to its table drawn."""
    page.goto(base + "/", wait_until="load")
    link = page.locator(f"a.cardlearn-game-{game}")
    link.wait_for()
    started = time.perf_counter()
    link.click()
    wait_drawn(page, timeout_ms)
    return time.perf_counter() - started


def timed_reload(page: Any, timeout_ms: int) -> float:
    """Seconds from a reload of the page to its table drawn again."""
    started = time.perf_counter()
    page.reload(wait_until="commit")
    wait_drawn(page, timeout_ms)
    return time.perf_counter() - started


def preheated_uses(log: Path) -> int:
    """How many page loads the server has answered with a preheated kernel so far."""
    try:
        return log.read_text(errors="replace").count("Using pre-heated kernel")
    except OSError:
        return 0


def pools_filled(log: Path) -> int:
    try:
        return log.read_text(errors="replace").count("is filled with")
    except OSError:
        return 0


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"    {name:16s} no samples"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    under = sum(v < TARGET_S for v in values)
    return (f"    {name:16s} n={len(values):2d}  median {statistics.median(values):5.2f} s   "
            f"p95 {p95:5.2f} s   max {max(values):5.2f} s   under {TARGET_S:g} s: {under}/{len(values)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=PAGES, help="only these pages (repeatable)")
    parser.add_argument("--opens", type=int, default=10, help="opens (each with a reload) per page")
    parser.add_argument("--pause", type=float, default=10.0,
                        help="seconds at the page after each reload before the next open (default 10)")
    parser.add_argument("--warmup", type=float, default=90.0,
                        help="at most this many seconds waiting for the preheated pools to fill")
    parser.add_argument("--idle", type=float, default=0.0,
                        help="then leave the server idle this long (90: past the 60 s cull), count its "
                             "kernels and open each page once more")
    parser.add_argument("--json", type=Path, help="also write the samples here")
    args = parser.parse_args(argv)

    chromium = bk.find_chromium()
    if chromium is None:
        print("Chromium not found (/usr/bin/chromium or `chromium` on the PATH): apt-get install chromium",
              file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    games = args.game or list(PAGES)
    log = bk.OUTPUT / "voila-page-open.log"
    results: dict[str, dict[str, list[float]]] = {}
    timeout_ms = bk.PAGE_TIMEOUT_MS
    servers: list[Any] = []
    after_idle: dict[str, float] = {}
    with bk.voila_server(log.name, server=servers) as base, sync_playwright() as p:
        started = time.monotonic()
        while pools_filled(log) < len(PAGES) and time.monotonic() - started < args.warmup:
            time.sleep(0.5)
        filled = pools_filled(log)
        print(f"server up; {filled} of {len(PAGES)} pages' kernel pools filled after "
              f"{time.monotonic() - started:.0f} s" + ("" if filled else " (no preheated kernels)"))
        browser = bk.launch_chromium(p, chromium)
        version = browser.version
        for game in games:
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            page = context.new_page()
            opens: list[float] = []
            reloads: list[float] = []
            used_before = preheated_uses(log)
            for _ in range(args.opens):
                opens.append(timed_open(page, base, game, timeout_ms))
                reloads.append(timed_reload(page, timeout_ms))
                page.goto("about:blank")
                time.sleep(args.pause)
            context.close()
            results[game] = {"open": opens, "reload": reloads,
                             "preheated": [float(preheated_uses(log) - used_before)]}
        if args.idle:
            print(f"right after the opens: {len(bk.kernels_of(servers[0]))} kernels")
            time.sleep(args.idle)
            culled = log.read_text(errors="replace").count("Culling kernel")
            print(f"after {args.idle:.0f} s idle: {len(bk.kernels_of(servers[0]))} kernels "
                  f"({culled} culled in all so far)")
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            page = context.new_page()
            used_before = preheated_uses(log)
            for game in games:
                after_idle[game] = timed_open(page, base, game, timeout_ms)
            print("  then one open per page: " + ", ".join(f"{g} {t:.2f} s" for g, t in after_idle.items())
                  + f"; {preheated_uses(log) - used_before} of {len(games)} served by a preheated kernel")
            context.close()
        browser.close()

    print(f"index click → table drawn, and reload → table drawn, Chromium {version}, 1024×768, "
          f"{args.opens} opens per page, {args.pause:g} s at the page between opens")
    for game, r in results.items():
        print(f"  {game}: {int(r['preheated'][0])} of {2 * args.opens} loads served by a preheated kernel")
        print(summary("open", r["open"]))
        print(summary("reload", r["reload"]))
        print(summary("both", r["open"] + r["reload"]))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"opens": args.opens, "pause_s": args.pause, "samples_s": results,
                                         "after_idle_s": after_idle}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
