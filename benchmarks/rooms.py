"""Rooms: how fast a move reaches another page, how big a match's log is, how long a
resume (a reload) takes.

    .venv/bin/python -m benchmarks.rooms                       # SQLite, and PostgreSQL if given
    .venv/bin/python -m benchmarks.rooms --postgres postgresql://user@127.0.0.1:5432/db
    bash -c 'source .ci/run; start_postgres; .venv/bin/python -m benchmarks.rooms; stop_postgres'

Without `--postgres` the URL is taken from `CARDLEARN_TEST_POSTGRES` (the last command
starts a throwaway server the way CI does); with neither, PostgreSQL is skipped.

- **append → seen**: two connections to one room, as two pages' kernels: one appends a
  move (after a random pause of 0–60 ms, so that a 50 ms poll is met at any phase); the
  other waits with `room.wait` on a thread and, once woken, brings its state up to date
  with `room.state()`.  The time from the start of the append to that state, median and
  p95 over `--moves` moves.
- **idle**: `--pages` connections waiting at one room where nobody moves (30 pupils'
  pages), as threads of one process: the share of one core they take (SQLite: a look every
  50 ms each; PostgreSQL: asleep until a NOTIFY, one listening thread per connection).
- **log size**: a whole match played by the rule-of-thumb bots through a room (seat 0 a
  pupil, the others computers), per game: entries, bytes of the entries' data, and what the
  match adds to a SQLite file (after VACUUM).
- **resume**: a reload opens the room afresh (a new connection) and replays the whole log
  (`rooms.open(id).state()`): for a 12-deal match of Kozel (its loss limit raised so that
  12 deals are played), a whole Lomber match (12 deals) and a whole Kínaskák match (8
  rounds, the longest log); and, for comparison, one more entry on top of the cached state.

Numbers are printed, never asserted: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardlearn import rooms
from cardlearn.protocol import Bot
from cardlearn.rooms.log import new_state
from cardlearn.rooms.store import Store, connect


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# -- append -> seen -----------------------------------------------------------------------
def latency(where: str, moves: int) -> list[float]:
    """Seconds from the start of an append on one connection to the new state on another."""
    writer_store, reader_store = connect(where), connect(where)
    # Kínaskák for two: a long match (over a thousand moves), so one room serves every move.
    room = rooms.create("kinaskak", [0, 1], players=2, seed=2026, store=writer_store)
    reader = rooms.open(room.id, store=reader_store)
    reader.state()
    started: dict[int, float] = {}
    seen: list[float] = []
    done = threading.Event()

    def read() -> None:
        length = 0
        while length < moves:
            length = reader.wait(length, 10.0)
            reader.state()
            now = time.perf_counter()
            seen.extend(now - started[n] for n in range(len(seen), length))
        done.set()

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    rng = random.Random(1)
    for n in range(moves):
        time.sleep(rng.uniform(0.0, 0.06))
        state = room.state()
        seat = state.to_move
        if seat is None:
            raise SystemExit(f"the match ended after {n} moves: ask for fewer --moves")
        action = rng.choice(state.legal_actions())
        started[n] = time.perf_counter()
        room.play(seat, room.tokens[seat], action, n)
        deadline = time.monotonic() + 10.0
        while len(seen) <= n and time.monotonic() < deadline:  # one move at a time: seen before the next
            time.sleep(0.001)
    done.wait(30.0)
    writer_store.close()
    reader_store.close()
    return seen


# -- idle waiting ---------------------------------------------------------------------------
def idle_cpu(where: str, pages: int, seconds: float) -> float:
    """Per cent of one core spent by `pages` connections (each a page's kernel, here threads
    of one process) waiting for moves at one room that none makes."""
    room = rooms.create("kasina", [0, 1], seed=1, store=connect(where))
    stores = [connect(where) for _ in range(pages)]
    waiters = [rooms.open(room.id, store=s) for s in stores]
    threads = [threading.Thread(target=w.wait, args=(0, seconds + 1.0), daemon=True) for w in waiters]
    for t in threads:
        t.start()
    time.sleep(1.0)  # every waiter started (PostgreSQL: listening)
    cpu, wall = time.process_time(), time.perf_counter()
    time.sleep(seconds)
    used = (time.process_time() - cpu) / (time.perf_counter() - wall) * 100
    for t in threads:
        t.join()
    for s in stores:
        s.close()
    return used


# -- matches played through a room ----------------------------------------------------------
def play_match(room: rooms.Room, stop: Callable[[Any], bool]) -> None:
    """The rule-of-thumb bots play every seat (seat 0's moves as the pupil's) until `stop`."""
    bots: dict[int, Bot] = {s: room.module.BOTS["thumb"](seed=s) for s in range(room.players)}
    state, pressed = room.state(), 0
    while not stop(state):
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state, seat)
        if room.seats[seat] == rooms.HUMAN:
            state = room.play(seat, room.tokens[seat], action, len(room))
        else:
            state = room.play_computer(action, len(room))
        if state.deals_done > pressed and not state.is_over and room.seats[0] == rooms.HUMAN:
            state = room.proceed(0, room.tokens[0], len(room))  # the pupil's Áfram after each deal
            pressed = state.deals_done


def over(state: Any) -> bool:
    return bool(state.is_over)


def sqlite_bytes(path: Path) -> int:
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("VACUUM")
    db.close()
    return path.stat().st_size


def log_size(game: str, folder: Path) -> tuple[int, int, int, int]:
    """(entries, deals, bytes of entry data, bytes the match adds to a SQLite file)."""
    path = folder / f"size-{game}.sqlite"
    store = connect(path)
    empty = sqlite_bytes(path)
    room = rooms.create(game, [0], seed=7, level="thumb", store=store)
    play_match(room, over)
    entries = room.entries()
    data = sum(len(e.data_json().encode()) for e in entries)
    deals = room.state().deals_done
    store.close()
    return len(entries), deals, data, sqlite_bytes(path) - empty


# -- resume -------------------------------------------------------------------------------
RESUMES: dict[str, tuple[str, dict[str, Any], Callable[[Any], bool]]] = {
    "Kozel, 12 deals": ("kozel", {"match_limit": 60}, lambda s: s.is_over or s.deals_done >= 12),
    "Lomber, whole match": ("lomber", {}, over),
    "Kínaskák, whole match": ("kinaskak", {}, over),
}


def resume(where: str, game: str, rules: dict[str, Any], stop: Callable[[Any], bool],
           times: int) -> tuple[int, int, list[float], list[float], list[float]]:
    """(entries, deals, seconds per fresh open + replay, seconds of the engine alone
    applying the same moves, seconds per one entry on top of a cached room)."""
    store = connect(where)
    room = rooms.create(game, [0], seed=11, rules=rules, level="thumb", store=store)
    play_match(room, stop)
    cold: list[float] = []
    for _ in range(times):
        start = time.perf_counter()
        fresh_store = connect(where)
        rooms.open(room.id, store=fresh_store).state()
        cold.append(time.perf_counter() - start)
        fresh_store.close()
    engine = [engine_replay(room) for _ in range(times)]
    warm = [one_more(room, store) for _ in range(times)]
    deals = room.state().deals_done
    n = len(room)
    store.close()
    return n, deals, cold, engine, warm


def engine_replay(room: rooms.Room) -> float:
    moves = room.moves()
    start = time.perf_counter()
    state = new_state(room.module, room.rules, room.seed, room.players)
    for _, action in moves:
        state = state.apply(action)
    return time.perf_counter() - start


def one_more(room: rooms.Room, store: Store) -> float:
    """Seconds for a cached room to take one new entry: an undo of the last move and the
    same move again would write two; a pref does not touch the log, so undo then replay."""
    other = rooms.open(room.id, store=store)
    other.state()
    state = room.state()
    moves = room.moves()
    room.undo(0, room.tokens[0], len(moves) - 1, len(room))
    start = time.perf_counter()
    other.state()
    took = time.perf_counter() - start
    seat, action = moves[-1]
    if room.seats[seat] == rooms.HUMAN:
        room.play(seat, room.tokens[seat], action, len(room))
    else:
        room.play_computer(action, len(room))
    assert room.state().to_json() == state.to_json()
    return took


def backends(args: argparse.Namespace, folder: Path) -> list[tuple[str, str]]:
    found = [("SQLite", str(folder / "rooms.sqlite"))]
    url = args.postgres or os.environ.get("CARDLEARN_TEST_POSTGRES")
    if url:
        found.append(("PostgreSQL", url))
    else:
        print("PostgreSQL: skipped (give --postgres URL or set CARDLEARN_TEST_POSTGRES)")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--postgres", help="a PostgreSQL URL (default: CARDLEARN_TEST_POSTGRES)")
    parser.add_argument("--moves", type=int, default=120, help="moves timed per backend")
    parser.add_argument("--pages", type=int, default=30, help="idle pages waiting at once")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle waiting measured")
    parser.add_argument("--resumes", type=int, default=7, help="resumes timed per match")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stores = backends(args, folder)
        print("append → seen on another connection (two pupils' pages at one Kínaskák table):")
        for name, where in stores:
            ms = [s * 1e3 for s in latency(where, args.moves)]
            print(f"  {name:10s} median {statistics.median(ms):6.1f} ms   p95 {pct(ms, 0.95):6.1f} ms   "
                  f"max {max(ms):6.1f} ms   ({len(ms)} moves)")
        print(f"idle: {args.pages} pages waiting at one room for {args.idle:.0f} s (threads of one process):")
        for name, where in stores:
            print(f"  {name:10s} {idle_cpu(where, args.pages, args.idle):5.1f} % of one core")
        print("log size per match (rule-of-thumb bots, seat 0 a pupil pressing Áfram after each deal):")
        for game in ("kasina", "kozel"):
            entries, deals, data, disk = log_size(game, folder)
            print(f"  {game:8s} {entries:4d} entries, {deals} deals: {data / 1024:5.1f} KiB of entry data, "
                  f"{disk / 1024:5.1f} KiB in a SQLite file ({disk / entries:.0f} B per entry)")
        print("resume after a reload (new connection, open, replay of the whole log):")
        for name, where in stores:
            for label, (game, rules, stop) in RESUMES.items():
                n, deals, cold, engine, warm = resume(where, game, rules, stop, args.resumes)
                print(f"  {name:10s} {label:22s} {n:5d} entries, {deals:2d} deals: "
                      f"median {statistics.median(cold) * 1e3:6.1f} ms, max {max(cold) * 1e3:6.1f} ms "
                      f"(the engine alone {statistics.median(engine) * 1e3:5.1f} ms); "
                      f"one new entry on a cached room {statistics.median(warm) * 1e3:5.2f} ms")


if __name__ == "__main__":
    main()
