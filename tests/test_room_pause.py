"""The teacher's hold on a room (`Room.pause`, `resume`, `pause("end")`) and the pupils'
tallies (`Room.tally`): while a room is held nothing moves and nothing is written, a pause
entry the code cannot have written is a `CorruptLog`, and a seat's tally is read back as
the table wrote it.

The room tests run on SQLite and on PostgreSQL (as tests/test_rooms.py: skipped without
`CARDLEARN_TEST_POSTGRES`, a failure under `CI=true`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_rooms import IN_CI, PG_URL, cli, play_on, rows, sql, to_deal_end

from cardlearn import rooms
from cardlearn.rooms import log as roomlog
from cardlearn.rooms.store import connect


# -- the two backends ---------------------------------------------------------------------
@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the stores of one test live: a SQLite file, or the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite")
    if not PG_URL:
        reason = "PostgreSQL tests need a server: set CARDLEARN_TEST_POSTGRES=postgresql://... (.ci/run does)"
        if IN_CI:
            pytest.fail(f"{reason} — CI=true, so they must run")
        pytest.skip(reason)
    return PG_URL


@pytest.fixture
def store(where: str) -> Any:
    s = connect(where)
    yield s
    s.close()


@pytest.fixture
def other(where: str) -> Any:
    """A second, independent connection to the same database (another page's kernel)."""
    s = connect(where)
    yield s
    s.close()


def kinds(room: rooms.Room) -> list[str]:
    return [e.kind for e in room.entries()]


# -- pause, resume, end -------------------------------------------------------------------
def test_pause_resume_and_end(store: Any, other: Any) -> None:
    room = rooms.create("kasina", [0, 1], seed=5, store=store)
    play_on(room, 2, random.Random(1))
    there = rooms.open(room.id, store=other)  # another page's kernel
    there.tokens = room.tokens
    assert room.paused is None and there.paused is None
    room.pause()
    assert room.paused == there.paused == "pause"
    [entry] = room.entries()[2:]
    assert (entry.kind, entry.seat, dict(entry.data)) == ("pause", 0, {"why": "pause"})
    there.pause()  # the teacher's double click: nothing more is written
    room.resume()
    assert there.paused is None and kinds(room)[2:] == ["pause", "resume"]
    room.resume()  # a room not paused stays as it is
    play_on(there, 1, random.Random(2))  # play goes on
    assert len(room) == 5 and len(room.moves()) == 3
    there.pause()
    room.pause("end")  # ending a paused room
    assert there.paused == "end" and kinds(room)[5:] == ["pause", "pause"]
    room.pause("end")  # said twice: once
    for hold in (room.resume, room.pause):
        with pytest.raises(rooms.RoomError) as err:
            hold()
        assert err.value.rule == "ended" and isinstance(err.value, ValueError)
    assert len(room) == 7 and room.paused == "end"
    assert roomlog.effective_moves(room.entries()) == room.moves() == there.moves()


def test_a_pause_tries_again_when_a_move_lands_first(store: Any, other: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A pupil's move lands between the teacher's reading of the log and the pause's
    append: the pause reads the log again and lands after the move."""
    room = rooms.create("kasina", [0, 1], seed=5, store=store)
    there = rooms.open(room.id, store=other)
    there.tokens = room.tokens
    read, moved = room._refresh, []

    def read_then_move() -> Any:
        replay = read()
        if not moved:  # a pupil's page writes just after the teacher's read
            moved.append(play_on(there, 1, random.Random(1)))
        return replay

    monkeypatch.setattr(room, "_refresh", read_then_move)
    room.pause()
    assert kinds(room) == ["move", "pause"] and there.paused == "pause"


def test_a_bad_reason_is_refused(store: Any) -> None:
    room = rooms.create("kasina", [0, 1], seed=5, store=store)
    with pytest.raises(rooms.RoomError) as err:
        room.pause("nap")
    assert err.value.rule == "bad_pause" and len(room) == 0


def ready(store: Any, write: str) -> tuple[rooms.Room, Callable[[], object]]:
    """A room where `write` (a pupil's move, a computer's, an undo or Áfram) may be made
    now, and the call that makes it."""
    room = rooms.create("kasina", [0], seed=8, level="random", store=store)
    rng = random.Random(3)
    token = room.tokens[0]
    if write == "proceed":
        to_deal_end(room, rng)
        return room, lambda: room.proceed(0, token, after=len(room))
    play_on(room, 2, rng)
    while room.state().to_move != (0 if write in ("play", "undo") else 1):
        play_on(room, 1, rng)
    if write == "undo":
        return room, lambda: room.undo(0, token, 0, after=len(room))
    action = str(room.state().legal_actions()[0])
    if write == "play":
        return room, lambda: room.play(0, token, action, after=len(room))
    return room, lambda: room.play_computer(action, after=len(room))


@pytest.mark.parametrize("write", ["play", "play_computer", "undo", "proceed"])
@pytest.mark.parametrize("why", ["pause", "end"])
def test_nothing_moves_while_paused(where: str, store: Any, write: str, why: str) -> None:
    room, call = ready(store, write)
    room.pause(why)
    n = len(rows(where, "SELECT seq FROM entries WHERE room = ?", room.id))
    with pytest.raises(rooms.Paused) as err:
        call()
    assert err.value.rule == ("paused" if why == "pause" else "ended")
    assert ("teacher has paused" if why == "pause" else "lesson has ended") in str(err.value)
    assert len(rows(where, "SELECT seq FROM entries WHERE room = ?", room.id)) == n
    room.set_pref(0, room.tokens[0], "lang", "en")  # a preference is no move
    assert room.pref(0, "lang") == "en"
    if why == "pause":
        room.resume()
        call()  # and once resumed, it is made
        assert len(room) == n + 2


def test_cli_show_names_pause_and_resume(where: str, store: Any) -> None:
    room = rooms.create("kasina", [0, 1], seed=3, store=store)
    room.pause()
    room.resume()
    room.pause("end")
    done = cli(where, "show", room.id)
    assert done.returncode == 0, done.stderr
    said = [" ".join(line.split()) for line in done.stdout.splitlines()]
    assert said[4:7] == ["0 seat 0 pause paused by the teacher", "1 seat 0 resume resumed by the teacher",
                         "2 seat 0 pause the lesson ended"]
    assert said[-1] == "held: the lesson has ended"


# -- pause entries the code cannot have written --------------------------------------------
PAUSED_LOG = ["move", "move", "pause", "resume", "move"]
SET = "UPDATE entries SET kind = ?, seat = ?, data = ? WHERE room = ? AND seq = ?"


@pytest.mark.parametrize("seq, kind, seat, data, says", [
    (2, "pause", 0, {"why": "nap"}, "a pause is by seat 0"),
    (2, "pause", 0, {}, "a pause is by seat 0"),
    (2, "pause", 1, {"why": "pause"}, "a pause is by seat 0"),
    (3, "resume", 0, {"now": True}, "a resume is by seat 0"),
    (3, "resume", 1, {}, "a resume is by seat 0"),
    (2, "resume", 0, {}, "not paused"),
    (3, "pause", 0, {"why": "pause"}, "already paused"),
    (3, "continue", 0, {"deal": 1}, "while the room was paused"),
    (3, "move", 0, {"action": "x", "by": "human"}, "while the room was paused"),
    (3, "pause", 0, {"why": "end"}, "after the lesson ended"),
])
def test_ill_placed_or_malformed_pause_entries_are_corrupt(
        where: str, store: Any, seq: int, kind: str, seat: int, data: dict[str, Any], says: str) -> None:
    room = rooms.create("kasina", [0, 1], seed=5, store=store)
    play_on(room, 2, random.Random(1))
    room.pause()
    room.resume()
    play_on(room, 1, random.Random(2))
    assert kinds(room) == PAUSED_LOG
    sql(where, SET, kind, seat, json.dumps(data), room.id, seq)
    bad = seq + 1 if "after the lesson" in says else seq  # the end itself is well formed
    fresh = connect(where)
    try:
        with pytest.raises(rooms.CorruptLog, match=f"entry {bad}: .*{says}"):
            rooms.open(room.id, store=fresh).state()
        with pytest.raises(rooms.CorruptLog, match=f"entry {bad}: .*{says}"):
            roomlog.effective_moves(fresh.entries(room.id))
    finally:
        fresh.close()


# -- tallies --------------------------------------------------------------------------------
def test_tally_is_read_per_pupil_seat(where: str, store: Any, other: Any) -> None:
    room = rooms.create("kasina", [0], seed=5, store=store)
    assert room.tally(0) == {"hints": 0, "refused": {}}
    tally = {"hints": 2, "refused": {"not_your_turn": 1, "paused": 3}}
    room.set_pref(0, room.tokens[0], rooms.TALLY_PREF, tally)
    assert rooms.open(room.id, store=other).tally(0) == tally
    with pytest.raises(rooms.RoomError) as err:
        room.tally(1)  # a computer's seat
    assert err.value.rule == "bad_seat"
    for bad in ({"hints": -1, "refused": {}}, {"hints": 1}, {"hints": 1, "refused": {"x": "2"}}, [1]):
        sql(where, "UPDATE prefs SET value = ? WHERE room = ? AND key = 'tally'", json.dumps(bad), room.id)
        with pytest.raises(rooms.CorruptLog, match="seat 0's tally"):
            room.tally(0)
