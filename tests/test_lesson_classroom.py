"""A lesson kept in the rooms' store (issue 34): made, joined, seated and steered, on SQLite
and on PostgreSQL (`where`, `store`: tests/stores.py)."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from cardlearn import rooms
from cardlearn.lesson import classroom as lessons
from cardlearn.lesson.log import fold, log_id
from cardlearn.rooms.errors import CorruptLog, RoomError
from cardlearn.rooms.log import Entry
from cardlearn.rooms.store import connect


def rule(call: Any, *args: Any, **kwargs: Any) -> str:
    """The rule a refused call names (a lesson's own, or a room's: a name is checked as there)."""
    with pytest.raises(RoomError) as err:
        call(*args, **kwargs)
    return err.value.rule


def test_a_class_joins_is_seated_and_finds_its_seats(store: Any) -> None:
    lesson, teacher = lessons.create("kozel", 6, level="random", store=store, rng=random.Random(1))
    assert lessons.read(lesson.code.lower(), store).game == "kozel"  # a code is read however typed
    joined = [lessons.join(lesson.code, name, store) for name in ["Anna", "Bjarki", "anna", "Sigga", "Dóra"]]
    assert [j.name for j in joined] == ["Anna", "Bjarki", "anna B", "Sigga", "Dóra"]
    assert [j.changed for j in joined] == [False, False, True, False, False]
    assert lessons.seat(lesson.code, joined[1].key, store).link is None  # waiting
    started = lessons.start(lesson.code, teacher, store)
    assert len(started.tables) == 2  # five pupils at tables of four: 3 + 2, computers in the rest
    for j in joined:
        link = lessons.seat(lesson.code, j.key, store).link
        assert link is not None
        room = rooms.open(link.room, store)
        room.check(link.seat, link.token)  # the link opens the pupil's own seat
        assert room.names[link.seat] == j.name
    seated = sorted(len(rooms.open(r, store).humans) for r in started.tables)
    assert seated == [2, 3]


def test_keys_open_only_their_own_seat(store: Any) -> None:
    lesson, _ = lessons.create("kasina", 4, store=store)
    anna = lessons.join(lesson.code, "Anna", store)
    assert rule(lessons.seat, lesson.code, "not-a-key", store) == "wrong_key"
    assert rule(lessons.start, lesson.code, anna.key, store) == "wrong_key"  # a pupil is no teacher
    assert rule(lessons.read, "XXXXX", store) == "no_lesson"
    assert rule(lessons.read, "0OO1I", store) == "bad_code"
    before = store.length(log_id(lesson.code))
    assert rule(lessons.join, lesson.code, "Tölva 1", store) == "bad_name"  # a name the table gives
    assert store.length(log_id(lesson.code)) == before  # a refusal writes nothing


def test_a_full_lesson_and_an_ended_one_refuse_pupils(store: Any) -> None:
    lesson, teacher = lessons.create("kasina", 2, store=store)
    lessons.join(lesson.code, "Anna", store)
    lessons.join(lesson.code, "Bjarki", store)
    assert rule(lessons.join, lesson.code, "Sigga", store) == "full"
    lessons.start(lesson.code, teacher, store)
    lessons.end(lesson.code, teacher, store)
    assert rule(lessons.join, lesson.code, "Sigga", store) == "ended"
    assert rule(lessons.pause, lesson.code, teacher, store) == "ended"


def test_a_late_pupil_is_seated_at_once(store: Any) -> None:
    lesson, teacher = lessons.create("kasina", 5, store=store)
    lessons.join(lesson.code, "Anna", store)
    lessons.start(lesson.code, teacher, store)
    late = lessons.join(lesson.code, "Bjarki", store)
    link = lessons.seat(lesson.code, late.key, store).link
    assert link is not None and link.room in lessons.read(lesson.code, store).tables
    rooms.open(link.room, store).check(link.seat, link.token)


def test_the_teacher_places_pupils_before_the_start(store: Any) -> None:
    lesson, teacher = lessons.create("kasina", 4, store=store)
    for name in ["Anna", "Bjarki", "Sigga"]:
        lessons.join(lesson.code, name, store)
    assert lessons.layout(lessons.read(lesson.code, store)) == [["Anna", "Bjarki"], ["Sigga", None]]
    lessons.place(lesson.code, teacher, 1, 1, store)  # Bjarki beside Sigga
    assert lessons.layout(lessons.read(lesson.code, store)) == [["Anna", "Sigga"], ["Bjarki", None]] or \
        lessons.layout(lessons.read(lesson.code, store)) == [["Anna", None], ["Sigga", "Bjarki"]]
    assert rule(lessons.place, lesson.code, teacher, 7, 0, store) == "no_pupil"
    lessons.start(lesson.code, teacher, store)
    assert rule(lessons.place, lesson.code, teacher, 0, 1, store) == "started"
    assert rule(lessons.start, lesson.code, teacher, store) == "started"


def test_a_seat_moves_to_a_new_device_with_its_code(store: Any) -> None:
    lesson, teacher = lessons.create("kasina", 2, store=store)
    anna = lessons.join(lesson.code, "Anna", store)
    code = lessons.seat_code(lesson.code, teacher, 0, store)
    assert code.startswith(lesson.code + "-") and len(code) == lessons.SEAT_CODE_LENGTH + 1
    moved = lessons.take_seat(code.lower(), store)
    assert moved.name == "Anna" and moved.key != anna.key
    assert rule(lessons.seat, lesson.code, anna.key, store) == "moved"  # the old device
    assert lessons.seat(lesson.code, moved.key, store).name == "Anna"
    assert rule(lessons.take_seat, code, store) == "bad_seat_code"  # used once


def test_pupils_joining_at_once_all_land(where: str) -> None:
    first = connect(where)
    lesson, _ = lessons.create("kozel", 25, store=first)
    names = [f"Nemandi {chr(65 + i)}" for i in range(12)]
    results: list[Any] = []

    def one(name: str) -> None:
        store = connect(where)  # a connection of its own, as each request of a server
        try:
            results.append(lessons.join(lesson.code, name, store))
        finally:
            store.close()

    threads = [threading.Thread(target=one, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(j.name for j in results) == sorted(names)
    assert sorted(j.pupil for j in results) == list(range(12))
    first.close()


def test_a_lesson_survives_a_new_connection(where: str) -> None:
    a = connect(where)
    lesson, teacher = lessons.create("lomber", 3, store=a)
    anna = lessons.join(lesson.code, "Anna", a)
    lessons.start(lesson.code, teacher, a)
    a.close()
    b = connect(where)  # the pages server restarted
    assert lessons.seat(lesson.code, anna.key, b).link is not None
    b.close()


def test_a_lesson_log_the_code_cannot_have_written_is_corrupt() -> None:
    data = {"game": "kasina", "size": 2, "level": "random", "lang": "is", "players": 2,
            "teacher": "h", "created": 1.0}
    good = [Entry(0, "lesson", 0, data), Entry(1, "join", 0, {"name": "Anna", "key": "k"})]
    assert fold("AAAAA", good) is not None
    for bad in ([Entry(0, "join", 0, {"name": "Anna", "key": "k"})],
                [good[0], Entry(1, "join", 3, {"name": "Anna", "key": "k"})],
                [good[0], Entry(1, "place", 0, {"pupil": 4, "table": 0})],
                [good[0], Entry(1, "move", 0, {})],
                [good[0], Entry(1, "end", 0, {}), Entry(2, "pause", 0, {})]):
        with pytest.raises(CorruptLog):
            fold("AAAAA", bad)
