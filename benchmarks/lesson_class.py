"""A class arriving at once (issue 34, point 7): a lesson of 25 pupils on the pages server,
each pupil a real Chromium page (or a lighter client speaking the pages' HTTP, `--client
http`), and what it costs the server.

    PYTHONPATH=. .venv/bin/python -m benchmarks.lesson_class                  # kozel, 25 pupils, SQLite
    PYTHONPATH=. .venv/bin/python -m benchmarks.lesson_class --pupils 12 --play 20 --json out.json
    PYTHONPATH=. .venv/bin/python -m benchmarks.lesson_class --rooms postgresql://user@127.0.0.1:5432/db
    PYTHONPATH=. .venv/bin/python -m benchmarks.lesson_class --client http --json /tmp/lesson-http.json

Serves one game's page (`pages/<game>.ipynb` copied into a folder of its own) with Voilà as
`make pages` does (`tests/browser/browserkit.py`: `pages/.voila/voila.py`, preheated kernels,
the lesson's handlers), its rooms and lessons in a fresh SQLite file (or `--rooms`). Then:

1. **pool**: the teacher makes the lesson (POST lesson/api/new, the front page's default
   level `thumb`) and a thread polls GET lesson/api/teacher every two seconds as the
   teacher's page does; the server keeps as many preheated kernels ready for the game's page
   as the class has pupils (`cardlearn.lesson.server.grow_pool`, at most
   CARDLEARN_POOL_MAX).  Timed until the server logs "Kernel pool of <game>.ipynb is filled
   with N kernel(s)"; the kernels' memory then, against the server's own pool before.
2. **join**: `--pupils` Chromium pages (one browser, a context each: their own devices) open
   the front page and type the code and a first name; then the join presses, spread evenly
   over `--spread` seconds; each page goes on to the waiting page.
3. **start**: the teacher starts (POST lesson/api/teacher {do: "start"}); each waiting page
   polls lesson/api/seat and opens its pupil's seat.  Timed from the press until every
   table is drawn (`.cardlearn-table[data-moves]` in the page, noted in the page itself by
   a MutationObserver, `Date.now()`: one machine, one clock); per page too (median, p95,
   max), split into press → seat page opened and seat page opened → table drawn; how many
   page loads got a preheated kernel (the server's log: "Using pre-heated kernel").
4. **memory**: RSS and USS (psutil) of every kernel (median, total) and of the server.
5. **play**: `--play` seconds of play at every table: this process writes the pupils' moves
   straight into the rooms (`rooms.open(link.room).play(seat, token, random legal action,
   after=len(room))`, the links from `classroom.read(code).pupils`), one move a table every
   `--every` seconds, Áfram pressed for every pupil after a deal; the computer seats'
   moves are the pages' kernels' own.  So the moves come from a light client writing to
   the store, and the pages only follow them (each kernel notices the move, replays it and
   redraws its Chromium page).  CPU (share of one core) sampled each second: the server,
   all kernels, Chromium, this process.  Then whether every page shows its room's last move.

The pupils' 25 browsers run on the server's own machine here, and on two cores they take
most of its CPU while the pages load (the CPU figures say how much): the time to the last
table is the browsers' as much as the server's, and the server's side is also given in
CPU-seconds.  When a page's browser takes longer than the server's idle cull
(`--cull-idle`, 60 s as `make pages`) between its kernel running the page and the page's
widgets connecting, the kernel is culled under the page, which then never draws its table;
the summary counts the kernels culled.

`--client http`: the pupils' browsers are on their own devices in a classroom, not on the
server's two cores.  So the 25 pupils are light clients in threads of this process, speaking
the pages' own protocol (`HttpPupil`): POST lesson/api/join {code, name} → key, presses spread
as above; GET lesson/api/seat every 1.5 s as the waiting page does; once seated, GET the
seat's url (Voilà's page, `voila/render/<game>.ipynb?room=…&seat=…&token=…`) and read it to
the end.  With a preheated kernel Voilà sends the page's head at once and the rest once the
page's first cell has run in the kernel (the room opened, the table built): the response's
end is the server's side of that pupil's table, checked by the table in the HTML (the first
cell's output, Voilà's `application/vnd.voila.cell-output+json` script: a widget view whose
text/plain is the table's repr, "<cardlearn Table: …>").  Timed from the start press to
each response's end.  No browser runs during the class and the play (the kernels have no
browser connected: `pages/.voila/voila.py` keeps a handed-out kernel for up to 5 minutes
until its browser connects, so none is culled).  After the play, once the kernels are quiet,
ONE Chromium page (a fresh context) opens a pupil's seat again and is timed from navigation
to its table drawn: one device's own share.  "Server side for 25 + one device's drawing" is
printed as an estimate of the classroom figure, not a measurement of it (the 25 pages'
widget connections at once are in neither part).

Numbers are printed, never asserted: the machine is shared (its load average is printed).
The whole run takes 3-5 minutes on a 2-core machine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import browserkit as bk

from cardlearn import rooms
from cardlearn.lesson import classroom
from cardlearn.lesson.server import DEFAULT_POOL_MAX, POOL_MAX

TARGET_S = 15.0
DRAWN = f"{bk.TABLE}[data-moves]"
NAMES = ("Anna", "Bjarki", "Dóra", "Egill", "Freyja", "Gunnar", "Helga", "Ísak", "Jóna", "Kári", "Lilja",
         "Magnús", "Nanna", "Óli", "Pála", "Ragnar", "Sigga", "Tómas", "Unnur", "Valur", "Þóra", "Ægir",
         "Örn", "Birna", "Davíð", "Elín", "Finnur", "Guðrún", "Hrafn", "Inga")

# In every document of a pupil's tab: when it was opened (navigation start) and when its
# table was first drawn, kept in the tab's sessionStorage (it outlives the front page → the
# waiting page → the seat).  Date.now() and performance.timeOrigin: ms since the epoch.
MARKS_JS = """
(() => {
  const KEY = 'cardlearn-bench';
  const note = (what, t) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      list.push([what, location.pathname, t]);
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch (e) { /* about:blank */ }
  };
  note('open', performance.timeOrigin);
  addEventListener('load', () => {
    note('loaded', Date.now());
    const nav = performance.getEntriesByType('navigation')[0];
    if (nav) note('html', performance.timeOrigin + nav.responseEnd);
  });
  let done = false;
  const obs = new MutationObserver(() => {
    if (!done && document.querySelector('.cardlearn-table[data-moves]')) {
      done = true; obs.disconnect(); note('drawn', Date.now());
    }
  });
  obs.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-moves']});
})();
"""
READ_MARKS_JS = "() => JSON.parse(sessionStorage.getItem('cardlearn-bench') || '[]')"


def say(text: str) -> None:
    print(f"  … {text}", file=sys.stderr, flush=True)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def spread_of(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"median": statistics.median(values), "p95": pct(values, 0.95), "max": max(values),
            "n": len(values)}


def show(values: dict[str, float], unit: str = "s") -> str:
    if not values:
        return "no samples"
    return (f"median {values['median']:.1f} {unit}, p95 {values['p95']:.1f} {unit}, "
            f"max {values['max']:.1f} {unit} (n={int(values['n'])})")


# -- the server over HTTP -------------------------------------------------------------------
def call(base: str, path: str, data: dict[str, Any] | None = None, timeout: float = 30) -> Any:
    """GET (or, with `data`, POST as JSON) lesson/api/<path>; the JSON answer."""
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(f"{base}/lesson/api/{path}", data=body,
                                     method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"} if body else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as err:
        raise RuntimeError(f"lesson/api/{path}: HTTP {err.code} {err.read()[:300]!r}") from None


class TeacherPage(threading.Thread):
    """GET lesson/api/teacher every `every` seconds, as the teacher's open page does (which
    keeps the pool growing while the lesson waits); the answers' times are kept."""

    def __init__(self, base: str, code: str, key: str, every: float) -> None:
        super().__init__(daemon=True)
        self.path = "teacher?" + urllib.parse.urlencode({"code": code, "key": key, "lang": "is"})
        self.base, self.every = base, every
        self.stop = threading.Event()
        self.took: list[float] = []
        self.failed: list[str] = []

    def run(self) -> None:
        while not self.stop.is_set():
            started = time.perf_counter()
            try:
                call(self.base, self.path)
                self.took.append(time.perf_counter() - started)
            except (OSError, RuntimeError, ValueError) as err:
                self.failed.append(str(err)[:200])
            self.stop.wait(self.every)


def log_count(log: Path, text: str) -> int:
    try:
        return log.read_text(errors="replace").count(text)
    except OSError:
        return 0


# -- processes ------------------------------------------------------------------------------
def chromium_processes() -> list[Any]:
    """Chromium's processes (this process's descendants: Playwright's driver starts it)."""
    found = []
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if "chrom" in child.name().lower():
                found.append(child)
    return found


def memory_of(pids: list[int]) -> list[tuple[float, float]]:
    """(RSS, USS) in MB of each process still there."""
    out = []
    for pid in pids:
        with contextlib.suppress(psutil.Error):
            info = psutil.Process(pid).memory_full_info()
            out.append((info.rss / 2**20, getattr(info, "uss", 0.0) / 2**20))
    return out


def memory_summary(pids: list[int]) -> dict[str, float]:
    mem = memory_of(pids)
    if not mem:
        return {"n": 0}
    rss, uss = [m[0] for m in mem], [m[1] for m in mem]
    return {"n": len(mem), "rss_median_mb": statistics.median(rss), "uss_median_mb": statistics.median(uss),
            "rss_total_mb": sum(rss), "uss_total_mb": sum(uss)}


def cpu_total(proc: Any) -> float:
    times = proc.cpu_times()
    return float(times.user + times.system)


class CpuSampler:
    """Each process group's CPU seconds between samples (a process that appears is counted
    from its first sample on; one that ends, up to its last)."""

    def __init__(self, groups: dict[str, Callable[[], list[Any]]]) -> None:
        self.groups = groups
        self.last: dict[str, dict[int, tuple[Any, float]]] = {g: {} for g in groups}
        self.when = time.monotonic()
        self.samples: dict[str, list[float]] = {g: [] for g in groups}
        self.used_s: dict[str, float] = dict.fromkeys(groups, 0.0)
        self.elapsed = 0.0
        self.system: list[float] = []
        self.take(first=True)
        psutil.cpu_percent(None)

    def take(self, first: bool = False) -> None:
        now = time.monotonic()
        dt = max(now - self.when, 1e-6)
        for group, find in self.groups.items():
            seen: dict[int, tuple[Any, float]] = {}
            used = 0.0
            for proc in find():
                try:
                    total = cpu_total(proc)
                except psutil.Error:
                    continue
                old = self.last[group].get(proc.pid)
                if old is not None:
                    used += total - old[1]
                seen[proc.pid] = (proc, total)
            self.last[group] = seen
            if not first:
                self.samples[group].append(100 * used / dt)
                self.used_s[group] += used
        if not first:
            self.system.append(psutil.cpu_percent(None) * psutil.cpu_count())
            self.elapsed += dt
        self.when = now

    def summary(self) -> dict[str, dict[str, float]]:
        out = {g: {"mean": statistics.fmean(s), "max": max(s), "cpu_s": self.used_s[g]}
               for g, s in self.samples.items() if s}
        if self.system:
            out["machine (all processes)"] = {"mean": statistics.fmean(self.system), "max": max(self.system)}
        return out


def cached(make: Callable[[], list[int]]) -> Callable[[], list[Any]]:
    """psutil.Process objects for the pids `make` gives, kept between calls (cpu_times of the
    same object, and no lookup of a process again each second)."""
    known: dict[int, Any] = {}

    def find() -> list[Any]:
        out = []
        for pid in make():
            if pid not in known:
                try:
                    known[pid] = psutil.Process(pid)
                except psutil.Error:
                    continue
            out.append(known[pid])
        return out

    return find


# -- the parts ------------------------------------------------------------------------------
def grow(base: str, log: Path, server: bk.Server, game: str, pupils: int, level: str, every: float,
         warmup: float) -> tuple[str, str, TeacherPage, dict[str, Any]]:
    """The lesson made, the teacher's page polling, and the pool grown to the class's size."""
    want = min(pupils, int(os.environ.get(POOL_MAX) or DEFAULT_POOL_MAX))
    filled = f"Kernel pool of {game}.ipynb is filled with {want} kernel(s)"
    started = time.monotonic()
    made = call(base, "new", {"game": game, "pupils": str(pupils), "level": level, "lang": "is"})
    code, key = str(made["code"]), str(made["key"])
    teacher = TeacherPage(base, code, key, every)
    if every > 0:
        teacher.start()
    say(f"lesson {code} made ({pupils} pupils, level {level}); the pool grows to {want} kernels")
    processes_at: float | None = None
    last_said = 0.0
    while log_count(log, filled) == 0 and want > 2:  # 2: the server's own pool (voila.py)
        elapsed = time.monotonic() - started
        running = len(bk.kernels_of(server))
        if processes_at is None and running >= want:
            processes_at = elapsed
        if elapsed - last_said >= 10:
            say(f"{elapsed:4.0f} s: {running} kernel processes; the pool not filled yet")
            last_said = elapsed
        if elapsed > warmup:
            say(f"the pool was not filled within {warmup:.0f} s: going on")
            break
        time.sleep(0.5)
    took = time.monotonic() - started
    ready = log_count(log, filled) > 0 or want <= 2
    say(f"pool {'filled' if ready else 'NOT filled'} after {took:.0f} s; waiting for its kernels to go quiet")
    quiet = wait_quiet(server, started, warmup)
    return code, key, teacher, {"want": want, "filled": ready, "filled_s": took if ready else None,
                                "processes_s": processes_at, "quiet_s": quiet}


QUIET = 20.0  # % of one core, all kernels together: the pool's pages have run up to the wait


def wait_quiet(server: bk.Server, started: float, warmup: float) -> float | None:
    """Seconds from `started` until the kernels together use less than QUIET % of one core
    over two seconds: Voilà's "filled" is said once each kernel has *started*; its page
    then runs (imports, up to the cell that waits for the page's request) after that."""
    find = cached(lambda: [pid for pid, _ in bk.kernels_of(server)])
    sampler = CpuSampler({"kernels": find})
    last_said = time.monotonic()
    while time.monotonic() - started < warmup:
        time.sleep(1)
        sampler.take()
        recent = sampler.samples["kernels"][-2:]
        if len(recent) == 2 and max(recent) < QUIET:
            took = time.monotonic() - started
            say(f"the pool's kernels quiet {took:.0f} s after the lesson was made")
            return took
        if time.monotonic() - last_said >= 10:
            say(f"{time.monotonic() - started:4.0f} s: kernels busy ({recent[-1]:.0f} % of one core)")
            last_said = time.monotonic()
    return None


def join_all(browser: Any, base: str, code: str, pupils: int, spread: float) -> tuple[list[Any], list[float]]:
    """`pupils` pages at the front page, the code and a name typed in each; then the join
    presses, spread evenly over `spread` s.  The pages, and each press's time (epoch ms)."""
    pages = []
    opening = time.monotonic()
    for i in range(pupils):
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        context.add_init_script(script=MARKS_JS)
        page = context.new_page()
        page.set_default_timeout(60_000)
        bk.watch_page(page)
        page.goto(base + "/", wait_until="domcontentloaded")
        page.fill(".cardlearn-join-code", code)
        page.fill(".cardlearn-join-name", NAMES[i % len(NAMES)])
        pages.append(page)
    say(f"{pupils} front pages open, code and name typed ({time.monotonic() - opening:.0f} s); "
        f"now the presses")
    pressed: list[float] = []
    started = time.monotonic()
    for i, page in enumerate(pages):
        due = started + (spread * i / (pupils - 1) if pupils > 1 else 0)
        time.sleep(max(0.0, due - time.monotonic()))
        pressed.append(time.time() * 1000)
        page.click(".cardlearn-join")
    last = time.monotonic() - started
    for page in pages:
        page.wait_for_url("**/lesson/wait*")
    say(f"{pupils} pupils joined: presses over {last:.1f} s, all waiting after "
        f"{time.monotonic() - started:.1f} s")
    return pages, pressed


def marks(page: Any) -> dict[str, float]:
    """When the tab opened the waiting page and the seat, and drew the table (epoch ms)."""
    out: dict[str, float] = {}
    for what, path, when in page.evaluate(READ_MARKS_JS):
        if what == "open" and "/lesson/wait" in path:
            out.setdefault("wait", float(when))
        elif what == "open" and "/voila/render/" in path:
            out["seat"] = float(when)  # the last: a reload would be a second
        elif what == "loaded" and "/voila/render/" in path:
            out["loaded"] = float(when)
        elif what == "html" and "/voila/render/" in path:
            out["html"] = float(when)
        elif what == "drawn":
            out["drawn"] = float(when)
    return out


def seat_everyone(base: str, code: str, key: str, pages: list[Any], pressed: list[float], log: Path,
                  timeout_s: float, sampler: CpuSampler) -> dict[str, Any]:
    sampling = Sampling(sampler)
    sampling.start()
    used_before = log_count(log, "Using pre-heated kernel")
    start_ms = time.time() * 1000
    call(base, "teacher", {"code": code, "key": key, "do": "start", "lang": "is"})
    answered = time.time() * 1000 - start_ms
    say(f"started (the POST answered in {answered:.0f} ms); waiting for {len(pages)} tables")
    missing = 0
    for n, page in enumerate(pages, 1):
        left = max(1.0, timeout_s - (time.time() * 1000 - start_ms) / 1000)
        try:
            page.wait_for_selector(DRAWN, state="attached", timeout=left * 1000)
        except Exception as err:  # Playwright's TimeoutError: noted, the others still timed
            missing += 1
            say(f"page {n}: no table within {timeout_s:.0f} s ({str(err).splitlines()[0]}); it shows "
                f"{bk.page_text(page, 200)!r}")
            continue
        if n % 5 == 0 or n == len(pages):
            after = (time.time() * 1000 - start_ms) / 1000
            say(f"{n}/{len(pages)} tables drawn ({after:.1f} s after the start)")
    sampling.stop.set()
    sampling.join()
    per = [marks(page) for page in pages]
    to_drawn = [(m["drawn"] - start_ms) / 1000 for m in per if "drawn" in m]
    to_seat = [(m["seat"] - start_ms) / 1000 for m in per if "seat" in m]
    own = [(m["drawn"] - m["seat"]) / 1000 for m in per if "drawn" in m and "seat" in m]
    html = [(m["html"] - m["seat"]) / 1000 for m in per if "html" in m and "seat" in m]
    loaded = [(m["loaded"] - m["html"]) / 1000 for m in per if "loaded" in m and "html" in m]
    widgets = [(m["drawn"] - m["loaded"]) / 1000 for m in per if "drawn" in m and "loaded" in m]
    joins = [(m["wait"] - p) / 1000 for m, p in zip(per, pressed) if "wait" in m]
    return {"start_post_ms": answered, "drawn": len(to_drawn), "missing": missing,
            "last_table_s": max(to_drawn) if to_drawn else None,
            "start_to_table_s": spread_of(to_drawn), "start_to_seat_page_s": spread_of(to_seat),
            "seat_page_to_table_s": spread_of(own), "seat_page_to_html_s": spread_of(html),
            "html_to_load_event_s": spread_of(loaded),
            "load_event_to_table_s": spread_of(widgets), "join_press_to_waiting_page_s": spread_of(joins),
            "preheated": log_count(log, "Using pre-heated kernel") - used_before,
            "cpu_percent_of_one_core": sampler.summary(), "per_page_start_to_table_s": to_drawn}


class Sampling(threading.Thread):
    """A `CpuSampler` taking a sample each second in a thread of its own, until `stop`."""

    def __init__(self, sampler: CpuSampler) -> None:
        super().__init__(daemon=True)
        self.sampler = sampler
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.wait(1.0):
            self.sampler.take()


# -- the pupils as a light client (--client http) -------------------------------------------
CELL_OUTPUT = re.compile(r'<script type="application/vnd\.voila\.cell-output\+json">\s*(.*?)\s*</script>',
                         re.S)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TABLE_TEXT = "<cardlearn Table"  # the table widget's text/plain (its repr)
MARKER = ("the page's first cell output (Voilà's <script type=\"application/vnd.voila.cell-output+json\">) "
          f"a widget view ({WIDGET_VIEW}) whose text/plain begins {TABLE_TEXT!r}")


def table_in(html: str) -> tuple[str, str]:
    """The table in a Voilà page's HTML: (the table widget's text/plain, or "";  the first
    error a cell output, or "").  Voilà writes each cell's outputs as JSON in a script of
    type application/vnd.voila.cell-output+json; the page's first cell outputs the table
    widget once the kernel has opened the room and built the table."""
    table = error = ""
    for found in CELL_OUTPUT.finditer(html):
        try:
            output = json.loads(found.group(1))
        except ValueError:
            continue
        if output.get("output_type") == "error" and not error:
            error = f"{output.get('ename')}: {output.get('evalue')}"[:200]
        data = output.get("data") or {}
        text = str(data.get("text/plain", ""))
        if WIDGET_VIEW in data and text.startswith(TABLE_TEXT) and not table:
            table = text
    return table, error


def now_ms() -> float:
    return time.time() * 1000


class HttpPupil(threading.Thread):
    """A pupil's device as a light client speaking the pages' own HTTP protocol, in a thread:
    at `due` (monotonic) POST lesson/api/join {code, name} → key (the front page's press);
    GET lesson/api/seat every `poll_s` seconds after each answer, the first at once (the
    waiting page); once seated, GET the seat's url, Voilà's page, and read it to its end.
    With a preheated kernel Voilà sends the page's first part at once, and the rest when
    the page's cell has run in the kernel (the room opened, the table built), so the
    response's end is the server's side of this pupil's table done (`table_in` checks it).
    Times in epoch ms: press, joined, seated (the poll that saw the seat), headers, html."""

    def __init__(self, base: str, code: str, name: str, due: float, poll_s: float, timeout_s: float) -> None:
        super().__init__(daemon=True)
        self.base, self.code, self.name, self.due = base, code, name, due
        self.poll_s, self.timeout_s = poll_s, timeout_s
        self.stop = threading.Event()
        self.times: dict[str, float] = {}
        self.polls = 0
        self.url = self.table = self.cell_error = ""
        self.html_bytes = 0
        self.error: str | None = None

    def run(self) -> None:
        try:
            self.work()
        except Exception as err:  # noted and reported: the others go on
            self.error = f"{type(err).__name__}: {err}"[:300]

    def work(self) -> None:
        self.stop.wait(max(0.0, self.due - time.monotonic()))
        self.times["press"] = now_ms()
        joined = call(self.base, "join", {"code": self.code, "name": self.name})
        self.times["joined"] = now_ms()
        query = "seat?" + urllib.parse.urlencode({"code": self.code, "key": str(joined["key"])})
        while True:
            seat = call(self.base, query)
            self.polls += 1
            if seat.get("state") == "seated":
                break
            if seat.get("state") == "ended":
                raise RuntimeError("the lesson ended before the seat came")
            if self.stop.wait(self.poll_s):
                return
        self.times["seated"] = now_ms()
        self.url = urllib.parse.urljoin(self.base + "/", str(seat["url"]))
        with urllib.request.urlopen(self.url, timeout=self.timeout_s) as answer:
            self.times["headers"] = now_ms()
            body = answer.read()
        self.times["html"] = now_ms()
        self.html_bytes = len(body)
        self.table, self.cell_error = table_in(body.decode(errors="replace"))


def join_http(base: str, code: str, pupils: int, spread: float, timeout_s: float) -> list[HttpPupil]:
    """`pupils` light clients, their join presses spread evenly over `spread` s; returns once
    every one has its key (and polls its seat)."""
    started = time.monotonic() + 0.5
    class_ = [HttpPupil(base, code, NAMES[i % len(NAMES)],
                        started + (spread * i / (pupils - 1) if pupils > 1 else 0), 1.5, timeout_s)
              for i in range(pupils)]
    for pupil in class_:
        pupil.start()
    while any(p.is_alive() and "joined" not in p.times for p in class_):
        if time.monotonic() - started > spread + 60:
            break
        time.sleep(0.1)
    joined = sum("joined" in p.times for p in class_)
    say(f"{joined} pupils (HTTP clients) joined: presses over {spread:g} s, all waiting after "
        f"{time.monotonic() - started:.1f} s")
    return class_


def seat_http(base: str, code: str, key: str, class_: list[HttpPupil], log: Path, timeout_s: float,
              sampler: CpuSampler) -> dict[str, Any]:
    sampling = Sampling(sampler)
    sampling.start()
    used_before = log_count(log, "Using pre-heated kernel")
    start_ms = now_ms()
    call(base, "teacher", {"code": code, "key": key, "do": "start", "lang": "is"})
    answered = now_ms() - start_ms
    say(f"started (the POST answered in {answered:.0f} ms); waiting for {len(class_)} pages' responses")
    deadline = time.monotonic() + timeout_s
    said = 0
    while any(p.is_alive() for p in class_) and time.monotonic() < deadline:
        done = sum(not p.is_alive() for p in class_)
        if done // 5 > said // 5:
            say(f"{done}/{len(class_)} pages' responses read "
                f"({(now_ms() - start_ms) / 1000:.1f} s after the start)")
            said = done
        time.sleep(0.1)
    sampling.stop.set()
    sampling.join()
    for pupil in class_:
        pupil.stop.set()
    for n, pupil in enumerate(class_, 1):
        if pupil.error or pupil.is_alive() or not pupil.table:
            say(f"pupil {n}: {pupil.error or ('no response yet' if pupil.is_alive() else 'no table')} "
                f"{pupil.cell_error}")

    def after(p: HttpPupil, a: str, b: str) -> float | None:
        return (p.times[b] - (start_ms if a == "start" else p.times[a])) / 1000 if b in p.times else None

    def spread_between(a: str, b: str, only_tables: bool = False) -> dict[str, float]:
        values = [after(p, a, b) for p in class_ if p.table or not only_tables]
        return spread_of([v for v in values if v is not None])

    to_table = [v for p in class_ if p.table and (v := after(p, "start", "html")) is not None]
    return {"start_post_ms": answered, "drawn": len(to_table), "missing": len(class_) - len(to_table),
            "last_table_s": max(to_table) if len(to_table) == len(class_) else None,
            "last_of_those_s": max(to_table) if to_table else None,
            "start_to_table_s": spread_of(to_table),
            "start_to_seat_page_s": spread_between("start", "seated"),
            "seat_page_to_first_byte_s": spread_between("seated", "headers"),
            "seat_page_to_table_s": spread_between("seated", "html", only_tables=True),
            "join_press_to_waiting_page_s": spread_between("press", "joined"),
            "marker": MARKER, "html_bytes": spread_of([float(p.html_bytes) for p in class_ if p.html_bytes]),
            "preheated": log_count(log, "Using pre-heated kernel") - used_before,
            "errors": [p.error or p.cell_error for p in class_ if p.error or p.cell_error][:5],
            "cpu_percent_of_one_core": sampler.summary(), "per_page_start_to_table_s": to_table,
            "urls": [p.url for p in class_]}


def one_device(browser: Any, url: str, log: Path, timeout_s: float) -> dict[str, Any]:
    """One real Chromium page (a fresh context: a device of its own) opening `url`, a pupil's
    seat, on the otherwise idle machine: navigation → Voilà's HTML received → load event →
    the table drawn.  The same seat's page again: another kernel opens the same room."""
    used_before = log_count(log, "Using pre-heated kernel")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(script=MARKS_JS)
    page = context.new_page()
    bk.watch_page(page)
    say("one Chromium page opens a pupil's seat on the idle machine")
    try:
        page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        page.wait_for_selector(DRAWN, state="attached", timeout=timeout_s * 1000)
        m = marks(page)
        room = page.evaluate(f"() => document.querySelector('{DRAWN}').dataset.room || ''")
    except Exception as err:  # Playwright's TimeoutError
        context.close()
        return {"error": str(err).splitlines()[0][:300]}
    context.close()
    out: dict[str, Any] = {"room": room, "preheated": log_count(log, "Using pre-heated kernel") - used_before}
    for name, a, b in (("navigation_to_table_s", "seat", "drawn"), ("navigation_to_html_s", "seat", "html"),
                       ("html_to_load_event_s", "html", "loaded"),
                       ("load_event_to_table_s", "loaded", "drawn"), ("html_to_table_s", "html", "drawn")):
        out[name] = (m[b] - m[a]) / 1000 if a in m and b in m else None
    return out


class Table:
    """A table's room and its pupils' seats (seat → token), played from this process."""

    def __init__(self, room: Any, tokens: dict[int, str]) -> None:
        self.room, self.tokens = room, tokens
        self.written = self.refused = self.continues = 0
        self.start_length = len(room)

    def step(self, rng: random.Random) -> None:
        """One pupil's move if a pupil is to move (the pages' kernels play the computers),
        or every pupil's Áfram after a deal."""
        state = self.room.state()
        if state.is_over:
            return
        deal = state.deals_done
        if deal >= 1:
            pending = [s for s in self.tokens if s not in self.room.continued(deal)]
            for seat in pending:
                try:
                    self.room.proceed(seat, self.tokens[seat], after=len(self.room))
                    self.continues += 1
                except rooms.RoomError:
                    self.refused += 1
            if pending:
                return
        seat = state.to_move
        if seat not in self.tokens:
            return  # a computer's turn: a page's kernel plays it
        try:
            self.room.play(seat, self.tokens[seat], rng.choice(state.legal_actions()), after=len(self.room))
            self.written += 1
        except rooms.RoomError:  # a computer's move landed meanwhile
            self.refused += 1


def play(code: str, store: Any, pages: list[Any], sampler: CpuSampler, seconds: float, every: float,
         rng: random.Random) -> dict[str, Any]:
    lesson = classroom.read(code, store)
    by_room: dict[str, dict[int, str]] = {}
    for pupil in lesson.pupils:
        if pupil.link is not None:
            by_room.setdefault(pupil.link.room, {})[pupil.link.seat] = pupil.link.token
    tables = [Table(rooms.open(r, store), by_room.get(r, {})) for r in lesson.tables]
    say(f"playing {seconds:.0f} s at {len(tables)} tables, a pupil's move a table every {every:g} s")
    started = time.monotonic()
    due = [started + every * i / len(tables) for i in range(len(tables))]
    next_sample = started + 1
    while (now := time.monotonic()) < started + seconds:
        if now >= next_sample:
            sampler.take()
            next_sample += 1
        for i, table in enumerate(tables):
            if now >= due[i]:
                table.step(rng)
                due[i] += every
        time.sleep(max(0.0, min([next_sample, *due]) - time.monotonic()))
    sampler.take()
    lengths = {t.room.id: len(t.room) for t in tables}
    written = sum(t.written for t in tables)
    grown = sum(lengths[t.room.id] - t.start_length for t in tables)
    say(f"{written} pupil moves written; the logs grew by {grown}")
    # did every page follow?  Its table's data-moves reaches the room's length at the end.
    followed: list[float] = []
    behind = 0
    waited = time.monotonic()
    for page in pages:
        room_id = page.evaluate(f"() => document.querySelector('{DRAWN}')?.dataset.room || ''")
        if not room_id:  # no table in the page (its kernel gone)
            behind += 1
            continue
        want = lengths.get(room_id, 0)
        try:
            page.wait_for_function(
                f"() => {{ const r = document.querySelector('{DRAWN}'); "
                f"return r !== null && Number(r.dataset.moves) >= {want}; }}", timeout=15_000, polling=50)
            followed.append(time.monotonic() - waited)
        except Exception:  # Playwright's TimeoutError
            behind += 1
    return {"tables": len(tables), "seconds": seconds, "every_s": every, "pupil_moves": written,
            "continues": sum(t.continues for t in tables), "refused": sum(t.refused for t in tables),
            "log_growth": grown,
            "computer_and_other_entries": grown - written - sum(t.continues for t in tables),
            "pages_caught_up": len(followed), "pages_behind": behind,
            "caught_up_within_s": max(followed) if followed else None}


# -- main -----------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="kozel", choices=sorted(bk.games_with_pages()))
    parser.add_argument("--pupils", type=int, default=25)
    parser.add_argument("--level", default="thumb", help="the computers' level (the front page's default)")
    parser.add_argument("--rooms",
                        help="where the server keeps rooms and lessons (default: a fresh SQLite file)")
    parser.add_argument("--spread", type=float, default=10.0, help="the joins spread over this many seconds")
    parser.add_argument("--play", type=float, default=30.0, help="seconds of play measured")
    parser.add_argument("--every", type=float, default=2.0, help="a pupil's move a table every this many s")
    parser.add_argument("--teacher-poll", type=float, default=2.0,
                        help="the teacher's page polls every this many seconds (0: no teacher's page)")
    parser.add_argument("--warmup", type=float, default=240.0, help="at most this long for the pool to fill")
    parser.add_argument("--cull-idle", type=int, default=bk.CULL_IDLE_S,
                        help=f"the server culls a kernel idle this long with no page connected "
                             f"(default {bk.CULL_IDLE_S} s, as `make pages`)")
    parser.add_argument("--seed", type=int, default=34, help="the pupils' random moves")
    parser.add_argument("--client", choices=("chromium", "http"), default="chromium",
                        help="the pupils: real Chromium pages on this machine (default), or a light client "
                             "speaking the pages' HTTP in threads, plus one Chromium page after them")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    if not 1 <= args.pupils <= classroom.MAX_PUPILS:
        parser.error(f"--pupils: 1 to {classroom.MAX_PUPILS}")
    chromium = bk.find_chromium()
    if chromium is None:
        print("Chromium not found (/usr/bin/chromium): apt-get install chromium", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    began = time.monotonic()
    load_before = os.getloadavg()
    result: dict[str, Any] = {"game": args.game, "pupils": args.pupils, "level": args.level,
                              "cores": psutil.cpu_count(), "load_before": load_before}
    with tempfile.TemporaryDirectory(prefix="cardlearn-bench-") as tmp, contextlib.ExitStack() as stack:
        root = Path(tmp) / "pages"
        root.mkdir()
        shutil.copy(bk.PAGES / f"{args.game}.ipynb", root)
        where = args.rooms or str(Path(tmp) / "rooms.sqlite")
        backend = "PostgreSQL" if where.startswith("postgres") else "SQLite"
        store = rooms.connect(where)
        stack.callback(store.close)
        servers: list[bk.Server] = []
        log_name = "bench-lesson-class.log"
        base = stack.enter_context(bk.voila_server(log_name, root=root, rooms=where, server=servers,
                                                   timeout=120, cull=(args.cull_idle, bk.CULL_INTERVAL_S)))
        server = servers[0]
        log = server.log_path
        say(f"server up ({backend}); waiting for its own pool of {args.game}'s page")
        while log_count(log, f"Kernel pool of {args.game}.ipynb is filled with") == 0:
            if time.monotonic() - began > args.warmup:
                break
            time.sleep(0.5)
        server_pid = server.proc.pid if server.proc else os.getpid()

        def kernel_pids() -> list[int]:
            return [pid for pid, _ in bk.kernels_of(server)]

        result["before_lesson"] = {"kernels": memory_summary(kernel_pids()),
                                   "server": memory_summary([server_pid])}

        code, key, teacher, result["pool"] = grow(base, log, server, args.game, args.pupils, args.level,
                                                  args.teacher_poll, args.warmup)
        result["pool"]["kernels"] = memory_summary(kernel_pids())
        result["pool"]["server"] = memory_summary([server_pid])
        result["pool"]["load"] = os.getloadavg()
        result["client"] = args.client

        groups = {"server": cached(lambda: [server_pid]), "kernels": cached(kernel_pids),
                  "chromium": cached(lambda: [c.pid for c in chromium_processes()]),
                  "this benchmark": cached(lambda: [os.getpid()])}
        timeout_s = bk.PAGE_TIMEOUT_MS / 1000
        pages: list[Any] = []
        class_: list[HttpPupil] = []
        if args.client == "chromium":
            p = stack.enter_context(sync_playwright())
            browser = bk.launch_chromium(p, chromium)
            stack.callback(browser.close)
            pages, pressed = join_all(browser, base, code, args.pupils, args.spread)
            result["seat"] = seat_everyone(base, code, key, pages, pressed, log, timeout_s,
                                           CpuSampler(groups))
        else:  # no browser while the class arrives and plays: the pupils' devices are elsewhere
            del groups["chromium"]  # "this benchmark": the HTTP clients' threads too
            class_ = join_http(base, code, args.pupils, args.spread, timeout_s)
            result["seat"] = seat_http(base, code, key, class_, log, timeout_s, CpuSampler(groups))
        joined = classroom.read(code, store)
        result["join"] = {"spread_s": args.spread, "joined": len(joined.pupils),
                          "press_to_waiting_page_s": result["seat"].pop("join_press_to_waiting_page_s")}
        result["seat"]["load"] = os.getloadavg()
        time.sleep(2)  # the server's own pool refills after the last page took a kernel
        kernels_now = kernel_pids()
        chrome = [c.pid for c in chromium_processes()]
        result["seated"] = {"kernels": memory_summary(kernels_now), "server": memory_summary([server_pid]),
                            "chromium": memory_summary(chrome)}

        sampler = CpuSampler(groups)
        result["play"] = play(code, store, pages, sampler, args.play, args.every, random.Random(args.seed))
        result["play"]["cpu_percent_of_one_core"] = sampler.summary()
        result["play"]["load"] = os.getloadavg()
        teacher.stop.set()
        result["teacher_page"] = {"polls": len(teacher.took), "failed": len(teacher.failed),
                                  "answer_s": spread_of(teacher.took), "errors": teacher.failed[:3]}
        if class_:  # one device's own drawing, on the machine idle again
            say("waiting for the kernels to go quiet")
            result["device"] = {"quiet_after_s": wait_quiet(server, time.monotonic(), args.warmup),
                                "load_before": os.getloadavg()}
            seat_url_ = next((c.url for c in class_ if c.table), "")
            if seat_url_:
                browser = bk.launch_chromium(stack.enter_context(sync_playwright()), chromium)
                stack.callback(browser.close)
                result["device"].update(one_device(browser, seat_url_, log, timeout_s))
        text = log.read_text(errors="replace")
        result["server_log"] = {"tracebacks": text.count("Traceback"), "errors": text.count("[E "),
                                "culled": text.count("Culling '"),
                                "kernel_gone_404": text.count("Kernel does not exist")}
        result["cull_idle_s"] = args.cull_idle
        for context in [page.context for page in pages]:
            context.close()
    result["wall_s"] = time.monotonic() - began
    report(result, backend)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))
    return 0


def mb(summary: dict[str, float], what: str) -> str:
    if not summary.get("n"):
        return "none"
    return (f"{summary['n']:.0f} × median {summary['rss_median_mb']:.0f} MB RSS / "
            f"{summary['uss_median_mb']:.0f} MB USS = {summary['rss_total_mb'] / 1024:.2f} GiB RSS / "
            f"{summary['uss_total_mb'] / 1024:.2f} GiB USS {what}")


def report(r: dict[str, Any], backend: str) -> None:
    load = " / ".join(f"{x:.1f}" for x in r["load_before"])
    print(f"A class arriving at once: {r['game']}, {r['pupils']} pupils, {backend}, {r['cores']} cores "
          f"(load average before: {load}); kernels culled after {r['cull_idle_s']} s idle with no page; "
          f"{r['wall_s']:.0f} s in all")
    pool, before = r["pool"], r["before_lesson"]
    filled = f"{pool['filled_s']:.0f} s" if pool["filled"] else "not filled"
    started = f"{pool['processes_s']:.0f} s" if pool.get("processes_s") is not None else "-"
    quiet = f"{pool['quiet_s']:.0f} s" if pool.get("quiet_s") is not None else "not within the warmup"
    print(f"  pool: Voilà's pool of {pool['want']} kernels for the page filled {filled} after the lesson was "
          f"made (all processes running after {started}); their pages run up to the request (kernels quiet) "
          f"after {quiet}; load then {pool['load'][0]:.1f}")
    print(f"    before the lesson: kernels {mb(before['kernels'], '')}; server "
          f"{before['server'].get('rss_total_mb', 0):.0f} MB RSS")
    print(f"    pool filled:       kernels {mb(pool['kernels'], '')}; server "
          f"{pool['server'].get('rss_total_mb', 0):.0f} MB RSS")
    extra_rss = pool["kernels"].get("rss_total_mb", 0) - before["kernels"].get("rss_total_mb", 0)
    extra_uss = pool["kernels"].get("uss_total_mb", 0) - before["kernels"].get("uss_total_mb", 0)
    print(f"    the class's pool costs {extra_rss / 1024:.2f} GiB RSS ({extra_uss / 1024:.2f} GiB USS) more")
    join, seat = r["join"], r["seat"]
    if r.get("client") == "http":
        report_http(r)
    else:
        print(f"  join: {join['joined']} of {r['pupils']} joined, presses spread over "
              f"{join['spread_s']:g} s; press → waiting page {show(join['press_to_waiting_page_s'])}")
        last = f"{seat['last_table_s']:.1f} s" if seat["last_table_s"] is not None else "-"
        print(f"  start → last table drawn: {last} (aim ≤ {TARGET_S:g} s); "
              f"{seat['drawn']}/{r['pupils']} drawn, {seat['preheated']} page loads given a preheated "
              f"kernel; the start POST answered in {seat['start_post_ms']:.0f} ms; "
              f"load then {seat['load'][0]:.1f}")
        print(f"    per page, start → table:        {show(seat['start_to_table_s'])}")
        print(f"    per page, start → seat opened:  {show(seat['start_to_seat_page_s'])}")
        print(f"    per page, seat opened → table:  {show(seat['seat_page_to_table_s'])}")
        print(f"      seat opened → Voilà's HTML received (the server, the kernel's page run): "
              f"{show(seat['seat_page_to_html_s'])}")
        print(f"      HTML → load event (Chromium: scripts, styles): {show(seat['html_to_load_event_s'])}")
        print(f"      load event → table drawn (widgets: Chromium and the kernel): "
              f"{show(seat['load_event_to_table_s'])}")
    cpu = seat["cpu_percent_of_one_core"]
    for group, v in cpu.items():
        print(f"    CPU until seated: {group:24s} mean {v['mean']:5.0f} %  max {v['max']:5.0f} % of one core"
              + (f", {v['cpu_s']:5.1f} CPU-s" if "cpu_s" in v else ""))
    if "server" in cpu and "kernels" in cpu and seat["drawn"]:
        ours = cpu["server"]["cpu_s"] + cpu["kernels"]["cpu_s"]
        print(f"    the server's side (server and kernels) used {ours:.1f} CPU-s seating the class, "
              f"{ours / seat['drawn']:.2f} a pupil"
              + ("" if r.get("client") == "http" else
                 f": {ours / r['cores']:.1f} s of this machine's {r['cores']} cores at the least, were the "
                 f"browsers elsewhere (an estimate, not measured)"))
    seated = r["seated"]
    k = seated["kernels"]
    print(f"  memory, seated: kernels {mb(k, '')}")
    if k.get("n"):
        server_mb = seated["server"].get("rss_total_mb", 0)
        print(f"    a pupil costs the server about {k['rss_median_mb']:.0f} MB RSS "
              f"({k['uss_median_mb']:.0f} MB USS) (one kernel); the server process {server_mb:.0f} MB RSS; "
              f"server and kernels {(k['rss_total_mb'] + server_mb) / 1024:.2f} GiB RSS")
    c = seated["chromium"]
    if c.get("n"):
        print(f"    (the pupils' side, one Chromium: {c['n']:.0f} processes, "
              f"{c['uss_total_mb'] / 1024:.2f} GiB USS)")
    play_ = r["play"]
    print(f"  play {play_['seconds']:.0f} s at {play_['tables']} tables: {play_['pupil_moves']} pupils' "
          f"moves "
          f"written by this process straight into the rooms (a light client, not the pages), "
          f"{play_['continues']} Áfram, {play_['computer_and_other_entries']} computer moves by the pages' "
          f"kernels, {play_['refused']} refused as stale; "
          + ("no pages to follow them (HTTP clients: the kernels play with no browser connected)"
             if r.get("client") == "http" else
             f"the pages followed: {play_['pages_caught_up']}/{r['pupils']} showed their room's last move"
             + (f" (within {play_['caught_up_within_s']:.1f} s of the end)"
                if play_["caught_up_within_s"] is not None else "")))
    for group, v in play_["cpu_percent_of_one_core"].items():
        print(f"    CPU {group:24s} mean {v['mean']:5.0f} %  max {v['max']:5.0f} % of one core")
    print(f"    load average after: {play_['load'][0]:.1f}")
    if "device" in r:
        report_device(r)
    t = r["teacher_page"]
    log = r["server_log"]
    print(f"  the teacher's page: {t['polls']} polls, answered {show(t['answer_s'])}, {t['failed']} failed; "
          f"server log: {log['tracebacks']} tracebacks, {log['culled']} kernels culled, "
          f"{log['kernel_gone_404']} requests for a kernel gone")


def report_http(r: dict[str, Any]) -> None:
    join, seat = r["join"], r["seat"]
    print(f"  join (HTTP clients, {r['pupils']} threads in this process): {join['joined']} of {r['pupils']} "
          f"joined, presses spread over {join['spread_s']:g} s; POST lesson/api/join answered "
          f"{show(join['press_to_waiting_page_s'])}")
    last = f"{seat['last_table_s']:.1f} s" if seat["last_table_s"] is not None else "- (not all)"
    print(f"  start → last table's page response read (the server's side of {r['pupils']} tables, "
          f"no browser): {last} "
          f"(aim ≤ {TARGET_S:g} s); {seat['drawn']}/{r['pupils']} responses hold their table, "
          f"{seat['preheated']} page loads given a preheated kernel; the start POST answered in "
          f"{seat['start_post_ms']:.0f} ms; load then {seat['load'][0]:.1f}")
    print(f"    the table in a response: {seat['marker']}")
    print(f"    per pupil, start → response end:     {show(seat['start_to_table_s'])}")
    print(f"    per pupil, start → seat seen (polls every 1.5 s): {show(seat['start_to_seat_page_s'])}")
    print(f"    per pupil, GET the seat → first byte:  {show(seat['seat_page_to_first_byte_s'])}")
    print(f"    per pupil, GET the seat → response end (the kernel ran the page's cell): "
          f"{show(seat['seat_page_to_table_s'])}")
    for error in seat["errors"]:
        print(f"    error: {error}")


def report_device(r: dict[str, Any]) -> None:
    d, seat = r["device"], r["seat"]
    quiet = f"{d['quiet_after_s']:.0f} s" if d.get("quiet_after_s") is not None else "not quiet"
    if "error" in d or d.get("navigation_to_table_s") is None:
        print(f"  one device: no table drawn ({d.get('error', 'no marks')})")
        return

    def s_(x: float | None) -> str:
        return "-" if x is None else f"{x:.2f} s"

    print(f"  one device, after the class (kernels quiet {quiet} after the play; load "
          f"{d['load_before'][0]:.1f}): one Chromium page opens a pupil's seat again (a fresh context, "
          f"{'a preheated kernel' if d['preheated'] else 'NO preheated kernel'}): navigation → table drawn "
          f"{s_(d['navigation_to_table_s'])} (navigation → HTML {s_(d['navigation_to_html_s'])}, "
          f"HTML → load event {s_(d['html_to_load_event_s'])}, load event → drawn "
          f"{s_(d['load_event_to_table_s'])})")
    if seat["last_table_s"] is not None:
        print(f"  ESTIMATE of the classroom figure (each pupil's browser on their own device; not measured "
              f"as a whole): server side for {r['pupils']} ({seat['last_table_s']:.1f} s) + one device's own "
              f"drawing ({d['navigation_to_table_s']:.1f} s) = "
              f"{seat['last_table_s'] + d['navigation_to_table_s']:.1f} s (aim ≤ {TARGET_S:g} s); "
              f"the {r['pupils']} pages' widget connections at once are not in it")


if __name__ == "__main__":
    sys.exit(main())
