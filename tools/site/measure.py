"""Measure the built site in Chromium (docs/site.md quotes its numbers):

    .venv/bin/python tools/site/measure.py [--moves 5] [--site DIR]

- each classroom page, one at a time: seconds from opening it to its table drawn, on a
  first visit (a fresh browser profile: nothing cached) and on a second one (the browser's
  cache warm, as for a pupil coming back);
- Kasína: seconds from the click on Confirm to the computer's reply shown (the page's own
  pause, 0.3 s, included), over `--moves` moves;
- the site's size on disk, as tar.gz, and what a first visit fetches.

Serves site/ on 127.0.0.1 with a plain static file server; nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import io
import os
import statistics
import sys
import tarfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "tests" / "browser"))
import build  # noqa: E402
from browserkit import (  # noqa: E402
    CHROMIUM_ARGS,
    HAND_CARD,
    click_card,
    find_chromium,
    kasina_plan,
    table_locator,
    wait_until,
)

SERVED = [0]  # bytes the server has sent


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def copyfile(self, source: Any, outputfile: Any) -> None:
        SERVED[0] += os.fstat(source.fileno()).st_size
        super().copyfile(source, outputfile)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def sizes(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        tar.add(folder, arcname="site")
    return raw, len(buffer.getvalue())


def open_page(context: Any, url: str) -> tuple[Any, float, int]:
    """A new tab on `url`: it, the seconds until its table's cards are drawn, the bytes the
    server sent meanwhile (the page's, its service worker's and its kernel's requests)."""
    page = context.new_page()
    served = SERVED[0]
    began = time.monotonic()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(HAND_CARD, timeout=300_000)
    return page, time.monotonic() - began, SERVED[0] - served


def kasina_replies(page: Any, moves: int) -> list[float]:
    """Seconds from Confirm to the computer's move in the log, move after move."""
    times = []
    for _ in range(moves):
        view = wait_until(page, lambda v: "Þú átt leik" in v.status, timeout_ms=60_000, what="your turn")
        _, tokens = kasina_plan(view)
        for zone, card in tokens:
            if (zone, card) not in view.selected():
                click_card(page, zone, card)
                view = wait_until(page, lambda v, t=(zone, card): t in v.selected(), what="the selection")
        before = view.moves
        began = time.monotonic()
        # A forced move's long message can push Confirm out of the felt's view (reported):
        # the click is sent to the button itself.
        table_locator(page).locator("button.cardlearn-confirm").first.dispatch_event("click")
        wait_until(page, lambda v, b=before: v.moves >= b + 2, timeout_ms=60_000, what="the computer's reply")
        times.append(time.monotonic() - began)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--site", type=Path, default=build.OUT,
                        help="the built site (default: site/; another build, to compare)")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        print(f"no {args.site}/index.html: run `make site` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    raw, packed = sizes(args.site)
    print(f"{args.site}: {raw / 1e6:.1f} MB in files, {packed / 1e6:.1f} MB as tar.gz")
    server, base = serve(args.site)
    chromium = find_chromium()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
            for game in build.PAGES:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page, first, fetched = open_page(context, base + build.page_url(game))
                page.close()
                page, second, _ = open_page(context, base + build.page_url(game))
                print(f"{game}: table drawn {first:.1f} s after opening (first visit, {fetched / 1e6:.1f} MB "
                      f"fetched), {second:.1f} s (second visit)")
                if game == "kasina":
                    replies = kasina_replies(page, args.moves)
                    print(f"kasina: Confirm → the computer's reply shown: median "
                          f"{statistics.median(replies):.2f} s, {min(replies):.2f}–{max(replies):.2f} s over "
                          f"{len(replies)} moves (0.3 s of it the page's pause)")
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
