"""A lesson kept in the rooms' store: made, joined, seated, steered (`cardlearn.lesson.log`
says what its log holds).

Every change reads the lesson, checks the caller's key and the lesson's state, and appends
one entry at the log's length (compare-and-append): two pupils joining at once both land,
one after the other, and a refused call writes nothing.  No widgets, no web server: the
pages server (`cardlearn.lesson.server`) and the command line call these.

    lesson, teacher = create("kozel", pupils=25)
    pupil = join(lesson.code, "Anna")          # pupil.key: kept by the pupil's browser
    start(lesson.code, teacher)                 # the tables' rooms are made
    seat(lesson.code, pupil.key).link           # room, seat and token of Anna's table
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardlearn import rooms
from cardlearn.games import GAMES
from cardlearn.lesson.codes import ALPHABET, CODE_LENGTH, new_code, read_code
from cardlearn.lesson.errors import LessonError
from cardlearn.lesson.log import PACES, Lesson, Link, Pupil, fold, key_hash, log_id
from cardlearn.lesson.seating import arrange, joined_name
from cardlearn.rooms import Entry, StaleMove, Store, pupil_name
from cardlearn.table.fixed import seed_from_environment

KEY_BYTES = 16  # a browser's key: 128 random bits
SEAT_PART = 4  # a seat's code for a new device: the lesson's code and four signs more ("TX4M9-KAC7")
SEAT_CODE_LENGTH = CODE_LENGTH + SEAT_PART
SEAT_CODE_SECONDS = 15 * 60  # and good for a quarter of an hour
TRIES = 50  # compare-and-append attempts before a write gives up (a class joining at once)
MAX_PUPILS = 60


@dataclass(frozen=True)
class Joined:
    """A pupil who joined (or took a seat on a new device): the pupil's number and name,
    whether the name was changed (taken already), and the key the browser keeps."""

    pupil: int
    name: str
    changed: bool
    key: str


def _store(store: Store | None) -> Store:
    return store or rooms.default_store()


def read(code: str, store: Store | None = None) -> Lesson:
    """The lesson `code` names (typed as a pupil types it); `LessonError` "bad_code" for a
    code no lesson has."""
    code = read_code(code)
    lesson = fold(code, _store(store).entries(log_id(code)))
    if lesson is None:
        raise LessonError(f"no lesson has the code {code}", rule="no_lesson")
    return lesson


Make = Callable[[Lesson], tuple[str, int, dict[str, object]]]  # the entry (kind, seat, data) to append


def _write(code: str, store: Store | None, make: Make) -> Lesson:
    """Append the entry `make` gives for the lesson as it is now; `make` checks and raises
    before anything is written.  On a lost race the lesson is read again and checked again."""
    s = _store(store)
    for _ in range(TRIES):
        lesson = read(code, s)
        kind, seat, data = make(lesson)
        try:
            s.append(log_id(lesson.code), Entry(lesson.length, kind, seat, data))
        except StaleMove:
            continue
        return read(code, s)
    raise LessonError(f"lesson {code}: too many changes at once; try again", rule="busy")


def create(game: str, pupils: int | None = None, *, level: str | None = None, lang: str = "is",
           players: int | None = None, names: Sequence[str] = (), store: Store | None = None,
           rng: random.Random | None = None) -> tuple[Lesson, str]:
    """A new lesson of `game` for a class of `pupils` (default: as many as `names`, the
    class list, whose missing pupils the teacher's page shows), and the teacher's key
    (plain: only here).  `players` is the table's size (a game of 2-6: its own default)."""
    listed = [pupil_name(n) for n in names if str(n).strip()]
    if len({n.casefold() for n in listed}) < len(listed):
        raise LessonError(f"the class list names a pupil twice: {sorted(listed)}", rule="bad_name")
    pupils = len(listed) if pupils is None else pupils
    if game not in GAMES:
        raise LessonError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}", rule="bad_lesson")
    module = GAMES[game]
    level = module.INFO.strongest_bot if level is None else level
    if level not in module.BOTS:
        raise LessonError(f"level {level!r} is not one of {', '.join(module.BOTS)}", rule="bad_lesson")
    if type(pupils) is not int or not 1 <= pupils <= MAX_PUPILS:
        raise LessonError(f"a lesson has 1 to {MAX_PUPILS} pupils, not {pupils!r}", rule="bad_lesson")
    if lang not in ("is", "en"):
        raise LessonError(f"a lesson's language is 'is' or 'en', not {lang!r}", rule="bad_lesson")
    low, high = module.PLAYERS
    size = module.new_game(seed=0).players if players is None else players
    if type(size) is not int or not low <= size <= high:
        raise LessonError(f"a table of this game has {low}–{high} seats, not {players!r}", rule="bad_lesson")
    s, rng = _store(store), rng or random.SystemRandom()
    teacher = secrets.token_urlsafe(KEY_BYTES)
    data = {"game": game, "size": pupils, "names": listed, "level": level, "lang": lang, "players": size,
            "teacher": key_hash(teacher), "created": time.time()}
    for _ in range(TRIES):
        code = new_code(rng)
        if s.length(log_id(code)):
            continue  # in use
        try:
            s.append(log_id(code), Entry(0, "lesson", 0, data))
        except StaleMove:
            continue
        return read(code, s), teacher
    raise LessonError("no free lesson code was found; try again", rule="busy")


# -- checks ---------------------------------------------------------------------------------
def check_teacher(lesson: Lesson, key: str) -> None:
    if not isinstance(key, str) or key_hash(key) != lesson.teacher:
        raise LessonError(f"lesson {lesson.code}: that is not the teacher's key", rule="wrong_key")


def pupil_of(lesson: Lesson, key: str) -> int:
    """The number of the pupil whose browser keeps `key`."""
    h = key_hash(key) if isinstance(key, str) else ""
    for n, p in enumerate(lesson.pupils):
        if p.key == h:
            return n
    if h in lesson.old_keys:
        raise LessonError(f"lesson {lesson.code}: this seat was moved to another device", rule="moved")
    raise LessonError(f"lesson {lesson.code}: this browser has no seat in it", rule="wrong_key")


def _open(lesson: Lesson) -> None:
    if lesson.ended:
        raise LessonError(f"lesson {lesson.code} has ended", rule="ended")


def _teacher(code: str, key: str, store: Store | None) -> Lesson:
    lesson = read(code, store)
    check_teacher(lesson, key)
    _open(lesson)
    return lesson


# -- pupils ---------------------------------------------------------------------------------
def join(code: str, name: str, store: Store | None = None) -> Joined:
    """A pupil joins under `name` (checked as a room's names are; a name already taken gets
    a letter, `Joined.changed`).  After the start the pupil is seated at once, at a table
    of their own with computers (a room's seats are fixed when it is made)."""
    key = secrets.token_urlsafe(KEY_BYTES)
    picked: dict[str, object] = {}

    def make(lesson: Lesson) -> tuple[str, int, dict[str, object]]:
        _open(lesson)
        if len(lesson.pupils) >= lesson.size:
            raise LessonError(f"lesson {lesson.code} is full: {lesson.size} pupils have joined", rule="full")
        chosen, changed = joined_name(name, lesson.names())
        picked.update(name=chosen, changed=changed, pupil=len(lesson.pupils))
        data: dict[str, object] = {"name": chosen, "key": key_hash(key)}
        if lesson.started:
            if "link" not in picked:  # made once: a lost race must not make a second room
                room = rooms.create(lesson.game, [0], level=lesson.level, players=lesson.players,
                                    seed=seed_from_environment(), store=_store(store), names={0: chosen})
                picked["link"] = {"room": room.id, "seat": 0, "token": room.tokens[0]}
            data["link"] = picked["link"]
        return "join", len(lesson.pupils), data

    _write(code, store, make)
    return Joined(int(str(picked["pupil"])), str(picked["name"]), bool(picked["changed"]), key)


def seat(code: str, key: str, store: Store | None = None) -> Pupil:
    """The pupil whose browser keeps `key`: name, and seat link once seated."""
    lesson = read(code, store)
    return lesson.pupils[pupil_of(lesson, key)]


def take_seat(seat_code: str, store: Store | None = None) -> Joined:
    """A new device takes a pupil's seat with the seat code the teacher gave, typed in the
    join form's code field (the old device's key opens nothing from then on)."""
    key = secrets.token_urlsafe(KEY_BYTES)
    whole = read_code(seat_code, SEAT_CODE_LENGTH)
    code, typed = whole[:CODE_LENGTH], whole[CODE_LENGTH:]
    found: dict[str, int] = {}

    def make(lesson: Lesson) -> tuple[str, int, dict[str, object]]:
        _open(lesson)
        pupil, until = lesson.seat_codes.get(key_hash(typed), (-1, 0.0))
        if pupil < 0 or until < time.time():
            raise LessonError(f"lesson {lesson.code}: {typed} is no seat's code (or it is over "
                              f"{SEAT_CODE_SECONDS // 60} minutes old)", rule="bad_seat_code")
        found["pupil"] = pupil
        return "rekey", 0, {"pupil": pupil, "key": key_hash(key)}

    lesson = _write(code, store, make)
    n = found["pupil"]
    return Joined(n, lesson.pupils[n].name, False, key)


# -- the teacher ----------------------------------------------------------------------------
def place(code: str, teacher: str, pupil: int, table: int, store: Store | None = None) -> Lesson:
    """Before the start: put `pupil` at `table` (numbered from 0; one past the last: a new table)."""
    def make(lesson: Lesson) -> tuple[str, int, dict[str, object]]:
        check_teacher(lesson, teacher)
        _open(lesson)
        if lesson.started:
            raise LessonError(f"lesson {lesson.code} has started: its tables are made", rule="started")
        if type(pupil) is not int or not 0 <= pupil < len(lesson.pupils):
            raise LessonError(f"lesson {lesson.code} has no pupil {pupil!r}", rule="no_pupil")
        if type(table) is not int or not 0 <= table < max(len(lesson.pupils), 1):
            raise LessonError(f"no table {table!r} for {len(lesson.pupils)} pupils", rule="no_table")
        return "place", 0, {"pupil": pupil, "table": table}

    return _write(code, store, make)


def layout(lesson: Lesson) -> list[list[str | None]]:
    """The tables as they are (started) or would be now (the teacher's placements kept)."""
    placed = {n: p.table for n, p in enumerate(lesson.pupils) if p.table is not None}
    return arrange(lesson.names(), lesson.players, placed)


def start(code: str, teacher: str, store: Store | None = None) -> Lesson:
    """Make every table's room, the pupils at their seats and computers in the others: each
    waiting page then opens its pupil's seat."""
    s = _store(store)
    lesson = _teacher(code, teacher, s)
    if lesson.started:
        raise LessonError(f"lesson {lesson.code} has started already", rule="started")
    if not lesson.pupils:
        raise LessonError(f"lesson {lesson.code}: no pupil has joined yet", rule="no_pupils")
    names = lesson.names()
    made: list[str] = []
    links: dict[str, dict[str, object]] = {}
    for table in layout(lesson):
        seats = {k: name for k, name in enumerate(table) if name is not None}
        room = rooms.create(lesson.game, list(seats), level=lesson.level, players=lesson.players,
                            seed=seed_from_environment(), store=s, names=seats)
        made.append(room.id)
        for k, name in seats.items():
            links[str(names.index(name))] = {"room": room.id, "seat": k, "token": room.tokens[k]}
    seen = lesson.length

    def make(now: Lesson) -> tuple[str, int, dict[str, object]]:
        if now.started:
            raise LessonError(f"lesson {now.code} has started already", rule="started")
        if now.length != seen:  # a pupil joined meanwhile: lay out again (rooms unused are left)
            raise StaleMove("the lesson changed while its tables were made", length=now.length)
        return "start", 0, {"tables": made, "links": links}

    try:
        return _write(code, s, make)
    except StaleMove:
        return start(code, teacher, s)


def _rooms(lesson: Lesson, store: Store | None) -> list[rooms.Room]:
    return [rooms.open(r, _store(store)) for r in lesson.tables]


def pause(code: str, teacher: str, store: Store | None = None) -> Lesson:
    """Pause every table (nothing can be played until `resume`)."""
    lesson = _write(code, store, _by_teacher("pause", teacher))
    for room in _rooms(lesson, store):
        room.pause()
    return lesson


def resume(code: str, teacher: str, store: Store | None = None) -> Lesson:
    lesson = _write(code, store, _by_teacher("resume", teacher))
    for room in _rooms(lesson, store):
        room.resume()
    return lesson


def end(code: str, teacher: str, store: Store | None = None) -> Lesson:
    """End the lesson: every table stops for good; its results stay readable."""
    lesson = _write(code, store, _by_teacher("end", teacher))
    for room in _rooms(lesson, store):
        room.pause("end")
    return lesson


def _teacher_checked(lesson: Lesson, key: str) -> None:
    check_teacher(lesson, key)
    _open(lesson)


def _by_teacher(kind: str, key: str) -> Make:
    """An entry of `kind` with no data, which only the teacher may write."""
    def make(lesson: Lesson) -> tuple[str, int, dict[str, object]]:
        _teacher_checked(lesson, key)
        return kind, 0, {}
    return make


def seat_code(code: str, teacher: str, pupil: int, store: Store | None = None,
              rng: random.Random | None = None) -> str:
    """A short code with which a new device takes `pupil`'s seat (the teacher reads it out):
    the lesson's code, a hyphen and four signs more, "TX4M9-KAC7"."""
    typed = "".join((rng or random.SystemRandom()).choice(ALPHABET) for _ in range(SEAT_PART))

    def make(lesson: Lesson) -> tuple[str, int, dict[str, object]]:
        _teacher_checked(lesson, teacher)
        if type(pupil) is not int or not 0 <= pupil < len(lesson.pupils):
            raise LessonError(f"lesson {lesson.code} has no pupil {pupil!r}", rule="no_pupil")
        until = time.time() + SEAT_CODE_SECONDS
        return "seatcode", 0, {"pupil": pupil, "code": key_hash(typed), "until": until}

    lesson = _write(code, store, make)
    return f"{lesson.code}-{typed}"


def set_board(code: str, teacher: str, table: int | None, open_hands: bool = False, pace: str = "slow",
              store: Store | None = None) -> Lesson:
    """What the board follows: table `table` (None: the demo), hands open, the demo's pace."""
    def make(lesson: Lesson) -> tuple[str, int, dict[str, object]]:
        _teacher_checked(lesson, teacher)
        if table is not None and (type(table) is not int or not 0 <= table < len(lesson.tables)):
            raise LessonError(f"lesson {lesson.code} has no table {table!r}", rule="no_table")
        if pace not in PACES:
            raise LessonError(f"the demo's pace is one of {', '.join(PACES)}, not {pace!r}", rule="bad_pace")
        return "board", 0, {"table": table, "open": bool(open_hands), "pace": pace}

    return _write(code, store, make)


def table_rooms(lesson: Lesson, store: Store | None = None) -> list[rooms.Room]:
    """The lesson's tables' rooms, in table order."""
    return _rooms(lesson, store)


def pupils_at(lesson: Lesson, room: str) -> Sequence[int]:
    return [n for n, p in enumerate(lesson.pupils) if p.link is not None and p.link.room == room]


__all__ = ["Joined", "Link", "check_teacher", "create", "end", "join", "layout", "pause", "place",
           "pupil_of", "pupils_at", "read", "resume", "seat", "seat_code", "set_board", "start",
           "table_rooms", "take_seat"]
