"""A lesson's log, as pure functions: what a lesson is, is the fold of its entries.

A lesson is kept in the rooms' store (`cardlearn.rooms.store`) as an append-only log under
the id `lesson:<CODE>`, beside its tables' rooms, so it is in the same SQLite file or
PostgreSQL database and survives a restart of the pages server.  Entries (`kind`: data):

- `lesson` (entry 0): the game, the class's size (and list of names, if given), the
  computers' level, the page's language, the table size and the hash of the teacher's key;
- `join` (seat = the pupil's number, from 0): the name given and the hash of the key the
  pupil's browser keeps;
- `place`: the teacher puts a waiting pupil at a table ({"pupil", "table"});
- `start`: the tables, each a room and its pupils' seats, and each pupil's seat link;
- `late`: a pupil who joined after the start, seated at a table of their own;
- `seatcode` / `rekey`: the teacher gives a pupil's seat a short code, and a new device
  takes the seat with it (the old key no longer opens it);
- `pause` / `resume` / `end`: the whole lesson; `board`: what the projector's board follows.

Seat links hold the rooms' plain seat tokens: a pupil's key finds them after a restart.
Keys are kept as hashes only.  Anything the code cannot have written is a `CorruptLog`
naming the entry.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from cardlearn.rooms.errors import CorruptLog
from cardlearn.rooms.log import Entry, in_order

PREFIX = "lesson:"  # a lesson's log id in the store: "lesson:" and its code
PACES = ("slow", "normal", "step")  # the board's demo: a move every 4 s, every 2 s, or per press


def log_id(code: str) -> str:
    return PREFIX + code


def key_hash(key: str) -> str:
    """How a key (the teacher's, a pupil's, a seat code) is kept: never in plain."""
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass(frozen=True)
class Link:
    """A pupil's seat: a room, the seat in it and the seat's token (the page's address)."""

    room: str
    seat: int
    token: str


@dataclass(frozen=True)
class Pupil:
    name: str
    key: str  # the hash of the key the pupil's browser keeps
    table: int | None = None  # where the teacher placed the pupil before the start
    link: Link | None = None  # the pupil's seat, once seated


@dataclass(frozen=True)
class Board:
    """What the board follows: a table (by number) or the demo (None), hands open or not,
    and the demo's pace."""

    table: int | None = None
    open: bool = False
    pace: str = "slow"


@dataclass(frozen=True)
class Lesson:
    """A lesson as its log gives it (see the module docstring)."""

    code: str
    game: str
    size: int  # the class's size: the most pupils who may join
    level: str  # the computers' level
    lang: str
    players: int  # seats at a table
    teacher: str  # the hash of the teacher's key
    created: float
    expected: tuple[str, ...] = ()  # the class list, if the teacher gave one: who has not come shows
    pupils: tuple[Pupil, ...] = ()
    tables: tuple[str, ...] = ()  # each table's room id, once started (late tables at the end)
    started: bool = False
    paused: bool = False
    ended: bool = False
    seat_codes: Mapping[str, tuple[int, float]] = field(default_factory=dict)  # hash -> (pupil, until)
    board: Board = Board()
    old_keys: frozenset[str] = frozenset()  # keys whose seat moved to another device
    length: int = 0  # entries folded

    def names(self) -> list[str]:
        return [p.name for p in self.pupils]


# -- the fold ------------------------------------------------------------------------------
def _field(entry: Entry, key: str, kind: type | tuple[type, ...]) -> Any:
    value = entry.data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise CorruptLog(f"lesson entry {entry.seq} ({entry.kind}): its {key!r} is {value!r}")
    return value


def _pupil(lesson: Lesson, entry: Entry) -> int:
    n: int = _field(entry, "pupil", int)
    if not 0 <= n < len(lesson.pupils):
        raise CorruptLog(f"lesson entry {entry.seq} ({entry.kind}): no pupil {n}")
    return n


def _with_pupil(lesson: Lesson, n: int, **changes: Any) -> Lesson:
    pupils = list(lesson.pupils)
    pupils[n] = replace(pupils[n], **changes)
    return replace(lesson, pupils=tuple(pupils))


def _link(entry: Entry, value: Any) -> Link:
    ok = (isinstance(value, Mapping) and isinstance(value.get("room"), str)
          and type(value.get("seat")) is int and isinstance(value.get("token"), str))
    if not ok:
        raise CorruptLog(f"lesson entry {entry.seq} ({entry.kind}): a seat link is {value!r}")
    return Link(value["room"], value["seat"], value["token"])


def first(code: str, entry: Entry) -> Lesson:
    """The lesson entry 0 makes."""
    if entry.kind != "lesson" or entry.seq != 0:
        raise CorruptLog(f"lesson {code}: entry {entry.seq} is a {entry.kind!r}, and a lesson's log "
                         f"begins with its 'lesson' entry")
    expected = entry.data.get("names", [])
    if not isinstance(expected, list) or not all(isinstance(n, str) for n in expected):
        raise CorruptLog(f"lesson {code}: its class list is {expected!r}")
    return Lesson(code=code, game=_field(entry, "game", str), size=_field(entry, "size", int),
                  expected=tuple(expected),
                  level=_field(entry, "level", str), lang=_field(entry, "lang", str),
                  players=_field(entry, "players", int), teacher=_field(entry, "teacher", str),
                  created=_field(entry, "created", (int, float)), length=1)


def step(lesson: Lesson, entry: Entry) -> Lesson:
    """The lesson after one more entry (`CorruptLog` if the entry cannot come now)."""
    kind, seq = entry.kind, entry.seq
    done = lesson
    if lesson.ended:
        raise CorruptLog(f"lesson entry {seq} ({kind}) comes after the lesson ended")
    if kind == "join":
        if entry.seat != len(lesson.pupils):
            raise CorruptLog(f"lesson entry {seq}: pupil {entry.seat} joins as pupil {len(lesson.pupils)}")
        pupil = Pupil(_field(entry, "name", str), _field(entry, "key", str))
        if entry.data.get("link") is not None:  # a late pupil: seated at once, at a table of their own
            link = _link(entry, entry.data["link"])
            pupil = replace(pupil, link=link)
            done = replace(lesson, tables=(*lesson.tables, link.room))
        done = replace(done, pupils=(*done.pupils, pupil))
    elif kind == "place":
        done = _with_pupil(lesson, _pupil(lesson, entry), table=_field(entry, "table", int))
    elif kind == "start":
        if lesson.started:
            raise CorruptLog(f"lesson entry {seq}: the lesson had started already")
        rooms: list[str] = _field(entry, "tables", list)
        links: Mapping[str, Any] = _field(entry, "links", dict)
        done = replace(lesson, started=True, tables=tuple(str(r) for r in rooms))
        for who, value in links.items():
            if not who.isdigit() or int(who) >= len(lesson.pupils):
                raise CorruptLog(f"lesson entry {seq}: a seat link for pupil {who!r}")
            done = _with_pupil(done, int(who), link=_link(entry, value))
    elif kind == "seatcode":
        n = _pupil(lesson, entry)
        codes = dict(lesson.seat_codes)
        codes[_field(entry, "code", str)] = (n, float(_field(entry, "until", (int, float))))
        done = replace(lesson, seat_codes=codes)
    elif kind == "rekey":
        n = _pupil(lesson, entry)
        codes = {c: v for c, v in lesson.seat_codes.items() if v[0] != n}  # a code takes one device
        done = replace(_with_pupil(lesson, n, key=_field(entry, "key", str)), seat_codes=codes,
                       old_keys=lesson.old_keys | {lesson.pupils[n].key})
    elif kind in ("pause", "resume"):
        done = replace(lesson, paused=kind == "pause")
    elif kind == "end":
        done = replace(lesson, ended=True)
    elif kind == "board":
        table = entry.data.get("table")
        if (table is not None and type(table) is not int) or entry.data.get("pace", "slow") not in PACES:
            raise CorruptLog(f"lesson entry {seq}: the board's setting {dict(entry.data)!r}")
        board = Board(table, bool(entry.data.get("open")), entry.data.get("pace", "slow"))
        done = replace(lesson, board=board)
    else:
        raise CorruptLog(f"lesson entry {seq}: a {kind!r} has no place in a lesson's log")
    return replace(done, length=lesson.length + 1)


def fold(code: str, entries: Iterable[Entry]) -> Lesson | None:
    """The lesson its log gives, or None for an empty log (no such lesson)."""
    lesson: Lesson | None = None
    for entry in in_order(entries):
        lesson = first(code, entry) if lesson is None else step(lesson, entry)
    return lesson
