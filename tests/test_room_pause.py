"""The teacher's hold on a room (`Room.pause`, `resume`, `pause("end")`) and the pupils'
tallies (`Room.tally`): while a room is held nothing moves and nothing is written, a pause
entry the code cannot have written is a `CorruptLog`, a page shows the pause (and a reload
of it too) and goes on after the resume by itself, computers and all, and every hint and
refused move of a pupil is counted in the seat's tally.

The room tests run on SQLite and on PostgreSQL (as tests/test_rooms.py: skipped without
`CARDLEARN_TEST_POSTGRES`, a failure under `CI=true`); the page tests on a SQLite file.
"""

from __future__ import annotations

import html
import json
import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_rooms import cli, play_on, rows, sql, to_deal_end

from cardlearn import rooms
from cardlearn.cards import Card
from cardlearn.core import IllegalMove
from cardlearn.games import GAMES
from cardlearn.rooms import log as roomlog
from cardlearn.rooms.store import connect
from cardlearn.table.model import TableModel
from cardlearn.table.room import ROOM_WORDS, RoomModel, RoomTable
from cardlearn.table.textview import parse_typed_move

PAUSED = {"is": "Kennarinn gerði hlé. Bíddu andartak.", "en": "The teacher has paused the game. Please wait."}
ENDED = {"is": "Kennslustundinni er lokið. Takk fyrir!", "en": "The lesson has ended. Thank you!"}


# -- the two backends ---------------------------------------------------------------------
# `where` and `store`: the two stores (tests/stores.py)


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


# -- a page at a held room ------------------------------------------------------------------
@pytest.fixture
def rooms_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The page tests keep their rooms in a file of their own (never the user's rooms)."""
    path = tmp_path / "pages.sqlite"
    monkeypatch.setenv("CARDLEARN_ROOMS", str(path))
    monkeypatch.delenv("CARDLEARN_SEED", raising=False)
    return path


def teacher(model: RoomModel) -> rooms.Room:
    """The room as the lesson's service opens it (another connection's `Room`)."""
    return rooms.open(model.room.id)


def to_computer(model: RoomModel) -> None:
    """The pupil's moves (the computer's answers written too) until a computer is to move."""
    while model.state.to_move == model.seat:
        assert model.act(model.state.legal_actions()[0]), model.message


def claimed(room: rooms.Room, seq: int) -> bool:
    """Has some page claimed the writing of entry `seq` (a computer's move)?"""
    return not room.claim(seq, "a-page-that-asks-only", ttl=3600)


def test_a_page_shows_the_pause_and_the_computer_goes_on_after_the_resume(rooms_file: Path) -> None:
    room = rooms.create("kasina", [0], seed=7, level="random")
    model = RoomModel(room, 0, room.tokens[0])
    to_computer(model)
    n = len(room)
    thinking = model.pending_bot()  # this page holds the claim and is thinking
    assert thinking is not None
    teacher(model).pause()
    assert model.catch_up() and model.halted == "pause"
    assert not model.is_current(thinking)  # the thinking computer gives up
    snap = model.snapshot()
    assert snap.turn == PAUSED["is"] and not snap.my_turn and snap.prompt == ""
    model.lang = "en"
    assert model.snapshot().turn == PAUSED["en"]
    assert model.pending_bot() is None and not model.bot_step()  # no claim, no move
    assert len(room) == n + 1 and not claimed(room, n + 1)
    assert model.turn_words("is") == PAUSED["is"]
    teacher(model).resume()
    assert model.catch_up() and model.halted is None
    assert model.bot_step()  # the computer whose turn it was moves by itself
    assert room.entries()[n + 2].kind == "move" and room.entries()[n + 2].data["by"] == "computer"


def test_clicks_and_moves_while_paused_say_the_teachers_words_and_write_nothing(rooms_file: Path) -> None:
    room = rooms.create("kozel", [0], seed=1, level="random")  # the pupil leads: a prompt shows
    model = RoomModel(room, 0, room.tokens[0])
    action = model.state.legal_actions()[0]
    before = model.snapshot()
    assert before.my_turn and before.prompt
    teacher(model).pause()
    model.catch_up()
    snap = model.snapshot()  # nothing is asked of the pupil
    assert not model.human_to_move() and not snap.my_turn and not snap.prompt and snap.turn == PAUSED["is"]
    for attempt in (lambda: model.act(action), lambda: model.click("hand", 0), model.confirm, model.undo,
                    model.new_game):
        model._note = None
        assert not attempt()
        assert model.message == PAUSED["is"]
    model._note = None
    assert model.hint() == [] and model.message == PAUSED["is"]
    assert [e.kind for e in room.entries()] == ["pause"] and not model.selected
    assert room.tally(0) == {"hints": 0, "refused": {"paused": 3}}  # the move, the click, Confirm


def test_a_move_written_as_the_pause_lands_is_refused_in_the_teachers_words(
        rooms_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson ends between the page's checks and its write: the room refuses the
    pupil's move (`Paused`), the page catches up and says why; a computer's move whose page
    had not read the end is refused too, and written by no one."""
    room = rooms.create("kasina", [0], seed=1, level="random")
    model = RoomModel(room, 0, room.tokens[0])
    write = room.play

    def end_then_write(*args: Any, **kwargs: Any) -> Any:
        teacher(model).pause("end")
        return write(*args, **kwargs)

    monkeypatch.setattr(room, "play", end_then_write)
    assert not model.act(model.state.legal_actions()[0])
    assert model.halted == "end" and model.message == ENDED["is"] and len(room) == 1
    assert room.tally(0)["refused"] == {"ended": 1}


def test_a_computers_move_as_the_pause_lands_is_not_written(rooms_file: Path) -> None:
    room = rooms.create("kasina", [0], seed=7, level="random")
    model = RoomModel(room, 0, room.tokens[0])
    to_computer(model)
    turn = model.pending_bot()
    assert turn is not None
    n = len(room)
    teacher(model).pause()  # not read by the page yet
    model.complete(turn, model.think(turn))
    assert model.halted == "pause" and len(room) == n + 1
    assert room.tally(0) == {"hints": 0, "refused": {}}  # the computer's refusal is not the pupil's


def test_a_reload_of_a_held_page_shows_the_pause_or_the_end(rooms_file: Path) -> None:
    room = rooms.create("kozel", [0, 2], seed=11, level="random")
    room.pause()
    for why, words in (("pause", PAUSED), ("end", ENDED)):
        if why == "end":
            room.pause("end")
        for lang in ("is", "en"):
            page = RoomModel(rooms.open(room.id), 2, room.tokens[2], lang=lang)
            assert page.halted == why and page.snapshot().turn == words[lang]
            assert ROOM_WORDS[lang][rooms.HELD_RULES[why]] == words[lang]


def said(table: RoomTable) -> tuple[str, str]:
    """What the table's live regions say now: (polite, assertive)."""
    [say] = table.find("cardlearn-say")
    found = dict(re.findall(r'data-(polite|assertive)="([^"]*)"', say.value))
    return html.unescape(found["polite"]), html.unescape(found["assertive"])


def until(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def test_the_watcher_wakes_on_the_pause_and_the_computer_goes_on_after_the_resume(rooms_file: Path) -> None:
    """A page whose computer is to move: held, it claims and writes nothing; the teacher's
    resume (another connection) wakes its watcher, and the computer moves by itself."""
    room = rooms.create("kasina", [1], seed=7, level="random")  # seat 0, a computer, leads
    room.pause()
    table = RoomTable(RoomModel(rooms.open(room.id), 1, room.tokens[1]), delay=0)
    try:
        assert len(room) == 1 and not claimed(room, 1)
        assert table.model.snapshot().turn == PAUSED["is"]
        assert PAUSED["is"] in said(table)[0]
        teacher(table.model).resume()
        assert until(lambda: len(room) >= 3), "the computer did not move after the resume"
        assert [e.kind for e in room.entries()[:3]] == ["pause", "resume", "move"]
        assert until(lambda: table.model.state.to_move == 1 and table.model.seen == len(room))
        n = len(room)
        teacher(table.model).pause()  # the watcher wakes on the pause entry
        assert until(lambda: table.model.halted == "pause"), "the page did not see the pause"
        polite, _ = said(table)
        assert polite.count(PAUSED["is"]) == 1  # said once, in the polite region
        table.act(table.model.state.legal_actions()[0])  # the pupil's click is answered with it
        assert said(table)[1] == PAUSED["is"] and table.message == PAUSED["is"] and len(room) == n + 1
    finally:
        table.close()


def test_the_teachers_words_are_said_once_when_a_click_meets_the_pause(rooms_file: Path) -> None:
    """The pupil clicks before the page has read the pause: the status and the answer to the
    click are one sentence, said once."""
    room = rooms.create("kasina", [0], seed=1, level="random")
    table = RoomTable(RoomModel(room, 0, room.tokens[0]), delay=0)
    try:
        table._closed.set()  # the watcher stops: the page reads the pause only at the click
        table._watcher.join(5)
        teacher(table.model).pause()
        table.act(table.model.state.legal_actions()[0])
        assert table.model.halted == "pause" and table.message == PAUSED["is"]
        polite, assertive = said(table)
        assert (polite + assertive).count(PAUSED["is"]) == 1 and len(room) == 1
    finally:
        table.close()


def to_deal_end_page(model: RoomModel) -> None:
    """The pupil's and the computer's moves until a deal ends (its summary open)."""
    while model.summary_at is None:
        if model.state.to_move == model.seat:
            assert model.act(model.state.legal_actions()[0]), model.message
        else:
            assert model.bot_step()


def test_aafram_waits_while_paused(rooms_file: Path) -> None:
    room = rooms.create("kasina", [0], seed=1, level="random")
    model = RoomModel(room, 0, room.tokens[0])
    to_deal_end_page(model)
    n = len(room)
    assert not model.act("x")  # the summary is open: refused as at any table
    teacher(model).pause()
    model.dismiss()  # not read yet: the room refuses, the page catches up and says why
    assert model.halted == "pause" and model.message == PAUSED["is"] and model.summary_at is not None
    model._note = None
    model.dismiss()
    assert model.message == PAUSED["is"] and len(room) == n + 1
    teacher(model).resume()
    model.catch_up()
    model.dismiss()
    assert room.entries()[-1].kind == "continue" and model.summary_at is None
    assert room.tally(0)["refused"] == {"press_continue": 1}  # Áfram pressed while paused is no move


def test_a_click_on_a_card_no_move_can_use_is_counted(rooms_file: Path) -> None:
    """Kasína, seed 2: 5♣ can take nothing and may not be trailed while another card can
    take: its click is refused by the engine's rule, and counted so."""
    room = rooms.create("kasina", [0], seed=2, level="random")
    model = RoomModel(room, 0, room.tokens[0])
    [five] = [c for c in model.snapshot().hand if c.card == "5C"]
    assert not five.usable
    model.click("hand", five.index)
    assert model.message and not model.selected
    assert room.tally(0) == {"hints": 0, "refused": {"must_take": 1}}


# -- tallies counted by a page ---------------------------------------------------------------
def test_a_hint_is_counted_once_per_position(rooms_file: Path) -> None:
    room = rooms.create("kasina", [0], seed=7, level="random")
    model = RoomModel(room, 0, room.tokens[0])
    assert model.hint()
    assert model.hint()  # pressed again: the same hint, not another
    assert room.tally(0) == {"hints": 1, "refused": {}}
    to_computer(model)
    model.run_bots()
    assert model.hint()
    assert rooms.open(room.id).tally(0) == {"hints": 2, "refused": {}}


def test_refused_moves_are_counted_by_rule(rooms_file: Path) -> None:
    room = rooms.create("kasina", [0, 1], seed=1)  # seat 0 has a choice: nothing is chosen for it
    a = RoomModel(room, 0, room.tokens[0])
    b = RoomModel(rooms.open(room.id), 1, room.tokens[1])
    hand = {str(c) for c in a.state.hands[0]}
    stranger = next(f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK" if f"{r}{s}" not in hand)
    with pytest.raises(IllegalMove) as err:
        a.state.check(stranger)
    rule = err.value.rule or "illegal"
    assert Card.parse(stranger) and not a.act(stranger)  # an illegal move
    assert not a.confirm()  # Confirm with nothing chosen
    with pytest.raises(ValueError) as typed:
        parse_typed_move("the blue one please", a.state, a.game, "en")
    a.refuse(typed.value)  # a typed move read as none
    assert not b.act(b.state.legal_actions()[0])  # not seat 1's turn
    assert room.tally(0) == {"hints": 0, "refused": {rule: 1, "confirm_empty": 1, "typed_unknown": 1}}
    assert room.tally(1) == {"hints": 0, "refused": {"not_your_turn": 1}}
    assert len(room) == 0


def test_a_stale_click_is_counted_but_a_double_click_is_not(rooms_file: Path) -> None:
    room = rooms.create("kasina", [0, 1], seed=1)
    a = RoomModel(room, 0, room.tokens[0])
    b = RoomModel(rooms.open(room.id), 1, room.tokens[1])
    a.page_saw = 0
    assert a.act(a.state.legal_actions()[0])
    a.click("hand", 0)  # the page had not yet drawn its own move: dropped without a word
    b.catch_up()
    assert b.act(b.state.legal_actions()[0])
    a.page_saw = a.seen  # the page drew seat 0's move, not yet seat 1's
    a.click("hand", 0)
    assert a.message.startswith(ROOM_WORDS["is"]["first_what"].split(":")[0])
    assert room.tally(0) == {"hints": 0, "refused": {"stale": 1}}


def test_a_move_while_another_pupil_has_not_pressed_aafram_is_counted(rooms_file: Path) -> None:
    room = rooms.create("kasina", [0, 1], seed=1)
    a = RoomModel(room, 0, room.tokens[0])
    b = RoomModel(rooms.open(room.id), 1, room.tokens[1])
    while a.summary_at is None:
        mover = a if a.state.to_move == 0 else b
        assert mover.act(mover.state.legal_actions()[0]), mover.message
        (b if mover is a else a).catch_up()
    a.dismiss()
    assert a.waiting == (1,) and not a.act(a.state.legal_actions()[0])
    assert room.tally(0)["refused"] == {"waiting_continue": 1}


def test_a_table_of_its_own_names_the_rule_of_each_refusal() -> None:
    """The hook a room's page counts by: every table calls it, with the engine's rule."""
    refused: list[str] = []

    class Counting(TableModel):
        def _refused(self, rule: str) -> None:
            refused.append(rule)

    game = GAMES["kasina"]
    model = Counting(game, game.new_game(seed=1), seed=1)
    hand = {str(c) for c in model.state.hands[0]}
    stranger = next(f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK" if f"{r}{s}" not in hand)
    assert not model.act(stranger) and not model.act("nonsense")
    assert refused == [rule_of_move(model, stranger), rule_of_move(model, "nonsense")]


def rule_of_move(model: TableModel, action: str) -> str:
    try:
        model.state.apply(action)
    except IllegalMove as err:
        return err.rule or "illegal"
    except ValueError:
        return "illegal"
    raise AssertionError(f"{action} is legal")


def test_a_tally_that_cannot_be_written_does_not_break_the_table(
        rooms_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    room = rooms.create("kasina", [0], seed=1, level="random")
    model = RoomModel(room, 0, room.tokens[0])

    def broken(*args: Any) -> Any:
        raise OSError("the database is away")

    monkeypatch.setattr(room.store, "set_pref", broken)
    assert not model.confirm() and model.message  # refused and said, not counted
    assert model.hint()
    assert model.act(model.state.legal_actions()[0])
    monkeypatch.undo()
    assert room.tally(0) == {"hints": 0, "refused": {}} and len(room) >= 1
