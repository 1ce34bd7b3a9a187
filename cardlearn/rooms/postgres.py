"""Rooms in a PostgreSQL database (a school's server), with psycopg 3.

The same tables as SQLite (`store.SCHEMA`).  An append is one statement that inserts only
if the log's length is the entry's seq; of two appends at one seq that both see that length,
the second waits for the first's commit, hits the primary key (room, seq) and is refused
(`StaleMove`).  The same statement sends `NOTIFY cardlearn_rooms, '<room id>'` (delivered
at its commit), and `wait` sleeps until a notification arrives instead of polling: one
listening connection per store, on a thread that wakes every waiter of the store to look.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import errors

from cardlearn.rooms.errors import CorruptLog, RoomError, StaleMove
from cardlearn.rooms.log import Entry, entry_from_row
from cardlearn.rooms.store import CHANNEL, COLUMNS, RoomRow, room_from_row, statements

_T = TypeVar("_T")
RECHECK = 5.0  # seconds: a waiter looks at the log at least this often (a lost listener)
SCHEMA_LOCK = 4_815_162_342  # advisory lock id: two processes creating the tables at once


def shown(url: str) -> str:
    """The URL without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


class PostgresStore:
    """A `Store` on a PostgreSQL database, named by a `postgresql://` URL."""

    def __init__(self, url: str):
        self.url, self.location = url, shown(url)
        self._lock = threading.RLock()  # one connection, shared by a page's threads
        self._db = self._connect()
        self._setup()
        self._cond = threading.Condition()
        self._listener: threading.Thread | None = None
        self._listening = threading.Event()
        self._stop = threading.Event()

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.OperationalError as err:
            raise RoomError(f"cannot reach the rooms database {self.location}: {err}".strip(),
                            rule="no_store") from None

    def _setup(self) -> None:
        with self._lock, self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for sql in statements():
                self._db.execute(sql)
        for table, columns in COLUMNS.items():
            have = tuple(r[0] for r in self._db.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                "AND table_name = %s ORDER BY ordinal_position", (table,)))
            if have != columns:
                raise CorruptLog(f"{self.location} is not a rooms database: its table {table} has the "
                                 f"columns {have}, not {columns}")

    def _run(self, work: Callable[[psycopg.Connection[Any]], _T]) -> _T:
        """`work` on the connection; once more on a new connection if the old one broke
        (the server restarted).  Every write is a compare-and-append, so a repeat is safe."""
        with self._lock:
            try:
                return work(self._db)
            except psycopg.OperationalError:
                if not self._db.closed and not self._db.broken:
                    raise
            self._db = self._connect()
            return work(self._db)

    def create(self, row: RoomRow) -> None:
        self._run(lambda db: db.execute(
            "INSERT INTO rooms VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (row.id, row.format, row.game, row.rules, row.seed, row.players, row.seats, row.tokens,
             row.created)))

    def room(self, room: str) -> RoomRow | None:
        found = self._run(lambda db: db.execute("SELECT * FROM rooms WHERE id = %s", (room,)).fetchone())
        return None if found is None else room_from_row(room, found)

    def length(self, room: str) -> int:
        return self._run(lambda db: _length(db, room))

    def entries(self, room: str, after: int = 0) -> list[Entry]:
        rows = self._run(lambda db: db.execute(
            "SELECT seq, kind, seat, data FROM entries WHERE room = %s AND seq >= %s ORDER BY seq",
            (room, after)).fetchall())
        return [entry_from_row(*r) for r in rows]

    def append(self, room: str, entry: Entry) -> None:
        try:
            self._run(lambda db: self._append(db, room, entry))
        except errors.UniqueViolation:  # the primary key: another writer's entry at this seq
            raise StaleMove(f"entry {entry.seq} was written by someone else first") from None

    def _append(self, db: psycopg.Connection[Any], room: str, entry: Entry) -> None:
        # One statement, so one round trip and atomic by itself: insert only if the log's
        # length is entry.seq, and NOTIFY (sent at its commit) only if inserted.
        sent = db.execute(
            "WITH added AS (INSERT INTO entries SELECT %s, %s, %s, %s, %s, %s "
            "WHERE (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE room = %s) = %s RETURNING room) "
            "SELECT pg_notify(%s, room) FROM added",
            (room, entry.seq, entry.kind, entry.seat, entry.data_json(), time.time(), room, entry.seq,
             CHANNEL)).fetchall()
        if not sent:
            length = _length(db, room)
            raise StaleMove(f"the log has {length} entries, not {entry.seq}: someone wrote first",
                            length=length)

    def get_pref(self, room: str, seat: int, key: str) -> str | None:
        found = self._run(lambda db: db.execute(
            "SELECT value FROM prefs WHERE room = %s AND seat = %s AND key = %s",
            (room, seat, key)).fetchone())
        return None if found is None else str(found[0])

    def set_pref(self, room: str, seat: int, key: str, value: str) -> None:
        self._run(lambda db: db.execute(
            "INSERT INTO prefs VALUES (%s, %s, %s, %s) ON CONFLICT (room, seat, key) "
            "DO UPDATE SET value = excluded.value", (room, seat, key, value)))

    def claim(self, room: str, seq: int, holder: str, ttl: float) -> bool:
        now = time.time()
        # Inserted, or taken over from a holder quiet for `ttl` seconds; one statement, so
        # two kernels claiming at once cannot both win.
        won = self._run(lambda db: db.execute(
            "INSERT INTO claims VALUES (%s, %s, %s, %s) ON CONFLICT (room, seq) DO UPDATE "
            "SET holder = excluded.holder, at = excluded.at "
            "WHERE claims.holder = excluded.holder OR claims.at < %s RETURNING holder",
            (room, seq, holder, now, now - ttl)).fetchall())
        return bool(won)

    # -- waiting: LISTEN/NOTIFY -------------------------------------------------------------
    def wait(self, room: str, after: int, timeout: float) -> int:
        self._listen()
        end = time.monotonic() + timeout
        with self._cond:  # held while looking, so no notification slips in before the wait
            while True:
                length = self.length(room)
                left = end - time.monotonic()
                if length > after or left <= 0:
                    return length
                self._cond.wait(min(left, RECHECK))

    def _listen(self) -> None:
        """Start the listening thread once, and return when its LISTEN is in place."""
        with self._lock:
            if self._listener is None or not self._listener.is_alive():
                self._listening.clear()
                self._listener = threading.Thread(target=self._listen_loop, name="cardlearn-rooms-listen",
                                                  daemon=True)
                self._listener.start()
        self._listening.wait(10.0)

    def _listen_loop(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    while not self._stop.is_set():
                        for _ in db.notifies(timeout=0.5):
                            self._wake()
            except psycopg.Error:
                self._listening.set()  # waiters fall back to looking every RECHECK seconds
                self._stop.wait(1.0)

    def _wake(self) -> None:
        with self._cond:
            self._cond.notify_all()

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(2.0)
        with self._lock:
            self._db.close()


def _length(db: psycopg.Connection[Any], room: str) -> int:
    found = db.execute("SELECT MAX(seq) FROM entries WHERE room = %s", (room,)).fetchone()
    return 0 if found is None or found[0] is None else int(found[0]) + 1
