"""Rooms in a SQLite file: WAL mode (readers never block the writer), `BEGIN IMMEDIATE`
for every write (one writer at a time, across processes), and the log's primary key
(room, seq), so that a second entry at one seq cannot land.  `wait` polls every 50 ms:
SQLite has no notifications between processes."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardlearn.rooms.errors import CorruptLog, StaleMove
from cardlearn.rooms.log import Entry, entry_from_row
from cardlearn.rooms.store import COLUMNS, RoomRow, room_from_row, statements

POLL = 0.05  # seconds between looks at the log while waiting
BUSY_TIMEOUT = 10.0  # seconds a write waits for another process's write


class SqliteStore:
    """A `Store` on one SQLite file (made, with its folder, when missing)."""

    def __init__(self, path: str | Path):
        self.location = str(path)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode (isolation_level None): transactions are begun explicitly.
        self._db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
        self._lock = threading.RLock()  # one connection, shared by a page's threads
        try:
            self._setup()
        except sqlite3.DatabaseError as err:
            self._db.close()
            raise CorruptLog(f"{path} is not a rooms database: {err}") from None

    def _setup(self) -> None:
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # durable at checkpoints; WAL keeps it consistent
            with self._write():
                for sql in statements():
                    self._db.execute(sql)
            for table, columns in COLUMNS.items():
                have = tuple(r[1] for r in self._db.execute(f"PRAGMA table_info({table})"))
                if have != columns:
                    raise sqlite3.DatabaseError(f"its table {table} has the columns {have}, not {columns}")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, begun at once (`BEGIN IMMEDIATE`), so that a check made
        inside it still holds at its commit."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(self, row: RoomRow) -> None:
        with self._write() as db:
            db.execute("INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (row.id, row.format, row.game, row.rules, row.seed, row.players,
                        row.seats, row.tokens, row.created))

    def room(self, room: str) -> RoomRow | None:
        with self._lock:
            found = self._db.execute("SELECT * FROM rooms WHERE id = ?", (room,)).fetchone()
        return None if found is None else room_from_row(room, found)

    def length(self, room: str) -> int:
        with self._lock:
            return _length(self._db, room)

    def entries(self, room: str, after: int = 0) -> list[Entry]:
        with self._lock:
            rows = self._db.execute("SELECT seq, kind, seat, data FROM entries WHERE room = ? AND seq >= ? "
                                    "ORDER BY seq", (room, after)).fetchall()
        return [entry_from_row(*r) for r in rows]

    def append(self, room: str, entry: Entry) -> None:
        try:
            with self._write() as db:
                length = _length(db, room)
                if entry.seq != length:
                    raise StaleMove(f"the log has {length} entries, not {entry.seq}: someone wrote first",
                                    length=length)
                db.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)",
                           (room, entry.seq, entry.kind, entry.seat, entry.data_json(), time.time()))
        except sqlite3.IntegrityError:  # the primary key: another writer's entry at this seq
            raise StaleMove(f"entry {entry.seq} was written by someone else first") from None

    def get_pref(self, room: str, seat: int, key: str) -> str | None:
        with self._lock:
            found = self._db.execute("SELECT value FROM prefs WHERE room = ? AND seat = ? AND key = ?",
                                     (room, seat, key)).fetchone()
        return None if found is None else str(found[0])

    def set_pref(self, room: str, seat: int, key: str, value: str) -> None:
        with self._write() as db:
            db.execute("INSERT INTO prefs VALUES (?, ?, ?, ?) ON CONFLICT (room, seat, key) "
                       "DO UPDATE SET value = excluded.value", (room, seat, key, value))

    def claim(self, room: str, seq: int, holder: str, ttl: float) -> bool:
        now = time.time()
        with self._write() as db:
            # Inserted, or taken over from a holder gone quiet for `ttl` seconds; a holder
            # renewing its own claim keeps it.
            won = db.execute("INSERT INTO claims VALUES (?, ?, ?, ?) ON CONFLICT (room, seq) DO UPDATE "
                             "SET holder = excluded.holder, at = excluded.at "
                             "WHERE claims.holder = excluded.holder OR claims.at < ? RETURNING holder",
                             (room, seq, holder, now, now - ttl)).fetchall()
        return bool(won)

    def wait(self, room: str, after: int, timeout: float) -> int:
        end = time.monotonic() + timeout
        while True:
            length = self.length(room)
            left = end - time.monotonic()
            if length > after or left <= 0:
                return length
            time.sleep(min(POLL, left))

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _length(db: sqlite3.Connection, room: str) -> int:
    # MAX(seq) uses the primary key's index: no count over a long log.
    found = db.execute("SELECT MAX(seq) FROM entries WHERE room = ?", (room,)).fetchone()
    return 0 if found[0] is None else int(found[0]) + 1
