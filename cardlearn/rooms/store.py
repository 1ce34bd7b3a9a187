"""Where rooms are kept: the `Store` protocol and `connect`.

A store holds four tables (the same schema on SQLite and PostgreSQL, `SCHEMA`): `rooms`
(one row per room: its game, rules, seed, seats and hashed tokens), `entries` (the
append-only move log, primary key (room, seq)), `prefs` (per seat: the language, ...) and
`claims` (which page's kernel writes a computer seat's move at a given seq).  A store
knows nothing of games: `cardlearn.rooms` checks and replays what it reads.

`connect()` picks the store from `CARDLEARN_ROOMS`: unset or empty, the SQLite file
`$XDG_DATA_HOME/cardlearn/rooms.sqlite` (`~/.local/share/cardlearn/rooms.sqlite` when
`XDG_DATA_HOME` is unset); a `postgresql://` or `postgres://` URL, that PostgreSQL
database; anything else, the path of a SQLite file.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cardlearn.rooms.errors import CorruptLog
from cardlearn.rooms.log import Entry

ENV = "CARDLEARN_ROOMS"
CHANNEL = "cardlearn_rooms"  # PostgreSQL's NOTIFY channel; the payload is the room id

# One text for both dialects.  Times are DOUBLE PRECISION: PostgreSQL's REAL is 4 bytes,
# about two minutes of precision on today's clock (SQLite reads both as its 8-byte REAL).
SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY, format INTEGER NOT NULL, game TEXT NOT NULL, rules TEXT NOT NULL,
    seed BIGINT NOT NULL, players INTEGER NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
    room TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER NOT NULL,
    data TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (room, seq));
CREATE TABLE IF NOT EXISTS prefs (
    room TEXT NOT NULL, seat INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (room, seat, key));
CREATE TABLE IF NOT EXISTS claims (
    room TEXT NOT NULL, seq INTEGER NOT NULL, holder TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, seq));
"""

# Each table's columns, to tell a foreign database (a table of that name, other columns).
COLUMNS = {
    "rooms": ("id", "format", "game", "rules", "seed", "players", "seats", "tokens", "created"),
    "entries": ("room", "seq", "kind", "seat", "data", "at"),
    "prefs": ("room", "seat", "key", "value"),
    "claims": ("room", "seq", "holder", "at"),
}


def statements() -> list[str]:
    return [s.strip() for s in SCHEMA.split(";") if s.strip()]


@dataclass(frozen=True)
class RoomRow:
    """A `rooms` row as stored: `rules`, `seats` and `tokens` are JSON texts, read (and
    checked) by `cardlearn.rooms.open`.  A row read back has been through `room_from_row`,
    so its columns are of these types whatever else the database holds."""

    id: str
    format: int    # `cardlearn.rooms.FORMAT` when written by this code
    game: str      # a name in `cardlearn.games.GAMES` when written by this code
    rules: str     # JSON: the game's `Rules` as a dict of its options
    seed: int
    players: int
    seats: str     # JSON: {"seat": "human" or a bot level}
    tokens: str    # JSON: {"seat": the hash of its token}, pupil seats only
    created: float  # `time.time()` when the room was made


# Each column's type as Python reads it back.  SQLite keeps a value its column's type cannot
# take as it came (an edited file, other code: a seed of -0.5); a `bool` is no whole number
# here, though Python makes it an int.
_ROW_TYPES: dict[str, tuple[type, ...]] = {
    "id": (str,), "format": (int,), "game": (str,), "rules": (str,), "seed": (int,), "players": (int,),
    "seats": (str,), "tokens": (str,), "created": (float, int),
}


def room_from_row(room: str, found: Sequence[Any]) -> RoomRow:
    """Room `room`'s row as the database gave it (a `SELECT *` in `COLUMNS` order), its
    columns checked for their types only (`CorruptLog`): whether the values make a room is
    for `cardlearn.rooms.open` to check."""
    for column, value in zip(COLUMNS["rooms"], found, strict=True):
        if type(value) not in _ROW_TYPES[column]:
            kind = " or ".join(t.__name__ for t in _ROW_TYPES[column])
            raise CorruptLog(f"room {room}: its {column} is {value!r}, not of type {kind}")
    return RoomRow(*found)


class Store(Protocol):
    """What `cardlearn.rooms` needs of a database.  Every method is atomic; a store may be
    used from several threads."""

    location: str  # where it is, for messages (a file path, or a URL without its password)

    def create(self, row: RoomRow) -> None:
        """Insert a new room row (its id must be new)."""

    def room(self, room: str) -> RoomRow | None:
        """The room's row, or None."""

    def length(self, room: str) -> int:
        """The number of entries in the room's log (its last seq + 1)."""

    def entries(self, room: str, after: int = 0) -> list[Entry]:
        """The log's entries from seq `after` on, in order (`CorruptLog` if one is malformed)."""

    def append(self, room: str, entry: Entry) -> None:
        """Append `entry` if `entry.seq` is the log's length now, else raise `StaleMove`
        and write nothing (compare-and-append: of two appends at one seq, one lands)."""

    def get_pref(self, room: str, seat: int, key: str) -> str | None:
        """A seat's preference as stored (JSON text), or None."""

    def set_pref(self, room: str, seat: int, key: str, value: str) -> None:
        """Store a seat's preference (JSON text), replacing the old one."""

    def claim(self, room: str, seq: int, holder: str, ttl: float) -> bool:
        """Claim the writing of entry `seq` for `holder`: True if no one holds it, `holder`
        already does, or the claim is older than `ttl` seconds (taken over); else False."""

    def wait(self, room: str, after: int, timeout: float) -> int:
        """The log's length as soon as it is more than `after`, or at `timeout` seconds."""

    def close(self) -> None:
        """Close the connections."""


def default_path() -> Path:
    """The documented default: `$XDG_DATA_HOME/cardlearn/rooms.sqlite`."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cardlearn" / "rooms.sqlite"


def location(url_or_path: str | os.PathLike[str] | None = None) -> str:
    """What `connect` would open: the argument, else `CARDLEARN_ROOMS`, else the default."""
    if url_or_path is None:
        url_or_path = os.environ.get(ENV) or default_path()
    return os.fspath(url_or_path)


def is_postgres(where: str) -> bool:
    return where.startswith(("postgresql://", "postgres://"))


def connect(url_or_path: str | os.PathLike[str] | None = None) -> Store:
    """The store named by `url_or_path`, else by `CARDLEARN_ROOMS`, else the default
    SQLite file (see the module docstring).  The tables are made if missing."""
    where = location(url_or_path)
    if is_postgres(where):
        from cardlearn.rooms.postgres import PostgresStore  # psycopg only where it is used
        return PostgresStore(where)
    from cardlearn.rooms.sqlite import SqliteStore
    return SqliteStore(where)
