"""The table bound to a room (`cardlearn.table.room`), without a browser: every move goes
through the room first, a model opened again (a reload, a kernel restart) comes back to the
same position, language and undo point, other pages' moves are followed, a stale move is
caught up and said, computers are written once and wait for every pupil's Áfram, and a
page's widgets hold only its own seat's cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardlearn import rooms
from cardlearn.cards import Card
from cardlearn.table.room import ROOM_WORDS, Address, Refusal, RoomModel, RoomTable, page_widget
from cardlearn.table.view import walk


@pytest.fixture(autouse=True)
def rooms_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test keeps its rooms in a file of its own (never the user's rooms)."""
    path = tmp_path / "rooms.sqlite"
    monkeypatch.setenv("CARDLEARN_ROOMS", str(path))
    monkeypatch.delenv("CARDLEARN_SEED", raising=False)
    return path


def reopen(model: RoomModel) -> RoomModel:
    """The same seat's page again, as after a reload or a kernel restart: the room read anew."""
    return RoomModel(rooms.open(model.room.id), model.seat, model.token)


def first_legal(model: RoomModel) -> Any:
    return model.state.legal_actions()[0]


def solo(game: str = "kasina", seed: int = 7) -> RoomModel:
    room = rooms.create(game, [0], seed=seed)
    return RoomModel(room, 0, room.tokens[0])


def run_computers(*models: RoomModel) -> None:
    """Each page lets its computers move (the one holding the claim writes), then all catch up."""
    moved = True
    while moved:
        moved = False
        for m in models:
            m.catch_up()
            turn = m.pending_bot()
            if turn is not None:
                moved = m.complete(turn, m.think(turn)) or moved
        for m in models:
            m.catch_up()


def test_a_move_is_written_first_and_a_reopened_page_shows_it() -> None:
    model = solo()
    action = first_legal(model)
    assert model.act(action)
    [entry] = model.room.entries()
    assert (entry.kind, entry.seat, entry.data["by"]) == ("move", 0, "human")
    assert model.seen == len(model.room) == 1
    run_computers(model)
    again = reopen(model)
    assert again.state.history == model.state.history and again.moves == model.moves
    assert again.seen == len(model.room)


def test_language_and_undo_point_survive_a_reopen() -> None:
    model = solo()
    model.lang = "en"
    for _ in range(3):  # three moves of the pupil, with the computer's replies
        assert model.act(first_legal(model)), model.message
        run_computers(model)
    before = len(model.moves)
    assert model.undo()
    assert len(model.moves) < before and model.room.entries()[-1].kind == "undo"
    again = reopen(model)
    assert again.lang == "en"
    assert again.moves == model.moves and again.undo_target() == model.undo_target()


def test_an_illegal_move_writes_nothing() -> None:
    model = solo()
    hand = {str(c) for c in model.state.hands[0]}
    stranger = next(f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK" if f"{r}{s}" not in hand)
    assert Card.parse(stranger) and not model.act(stranger)
    assert len(model.room) == 0 and model.message


def test_moves_made_elsewhere_are_followed_and_a_stale_move_is_caught_up() -> None:
    room = rooms.create("kasina", [0, 1], seed=3)
    a = RoomModel(room, 0, room.tokens[0])
    b = RoomModel(rooms.open(room.id), 1, room.tokens[1])
    a2 = RoomModel(rooms.open(room.id), 0, room.tokens[0])  # seat 0's page open twice
    assert a.state.to_move == 0
    assert a.act(first_legal(a))
    assert b.catch_up() and b.state.history == a.state.history
    # The second page of seat 0 had not read the log: its move is refused, it catches up and says so
    assert b.act(first_legal(b))
    a.catch_up()
    stale_action = a2.state.legal_actions()[0]  # from the position a2 still shows
    assert not a2.act(stale_action)
    # it says what happened meanwhile, as the move log says it ("Þú tekur …; Spilari 1 tekur …")
    happened = "; ".join(a2.describe_move(i).rstrip(".") for i in (0, 1))
    assert a2.message == ROOM_WORDS["is"]["first_what"].format(what=happened)
    assert a2.state.history == a.state.history and a2.seen == len(room)


def test_whose_turn_by_name_and_only_ones_own_seat_moves() -> None:
    room = rooms.create("kozel", [0, 2], seed=11, level="random")
    a = RoomModel(room, 0, room.tokens[0])
    c = RoomModel(rooms.open(room.id), 2, room.tokens[2])
    mover = a.state.to_move
    assert mover is not None
    names = {0: ("Þú átt leik", "Spilari 0 á leik"), 2: ("Spilari 2 á leik", "Þú átt leik"),
             1: ("Tölva 1 á leik",) * 2, 3: ("Tölva 3 á leik",) * 2}
    assert (a.snapshot().turn, c.snapshot().turn) == names[mover]
    other = c if mover == 0 else a
    if mover in (0, 2):
        assert not other.act(first_legal(other)) and len(room) == 0


def test_each_page_calls_its_own_seat_you_in_teams_and_results() -> None:
    """At a shared Kozel table seat 2's team is "Þið Spilari 0" on seat 2's page and "Þið Spilari 2"
    on seat 0's (before: "Spilari 0 og Spilari 2" on both: the scoreboard named nobody "Þú")."""
    room = rooms.create("kozel", [0, 2], seed=11, level="random")
    a = RoomModel(room, 0, room.tokens[0])
    c = RoomModel(rooms.open(room.id), 2, room.tokens[2])
    assert a.sides()[0] == "Þið Spilari 2" and c.sides()[0] == "Þið Spilari 0"
    assert a.sides()[1] == c.sides()[1] == "Tölva 1 og Tölva 3"
    a.lang = "en"
    assert a.sides()[0] == "You and Player 2"


def test_computers_are_written_once_by_the_page_holding_the_claim() -> None:
    room = rooms.create("kozel", [0, 2], seed=11, level="random")
    a = RoomModel(room, 0, room.tokens[0])
    c = RoomModel(rooms.open(room.id), 2, room.tokens[2])
    for _ in range(12):
        run_computers(a, c)
        for m in (a, c):
            if m.human_to_move():
                assert m.act(first_legal(m)), m.message
                break
    run_computers(a, c)
    by = [e.data["by"] for e in room.entries() if e.kind == "move"]
    assert "computer" in by and len(by) >= 12
    # each move is in the log once: the replay of the log is every page's position
    assert a.state.history == c.state.history == rooms.open(room.id).state().history


def test_computers_wait_for_every_pupils_continue() -> None:
    room = rooms.create("kasina", [0, 1], seed=5)
    a = RoomModel(room, 0, room.tokens[0])
    b = RoomModel(rooms.open(room.id), 1, room.tokens[1])
    while not (a.paused or a.waiting):
        m = a if a.state.to_move == 0 else b
        assert m.act(first_legal(m)), m.message
        a.catch_up()
        b.catch_up()
    assert a.paused and b.paused and a.waiting == (0, 1)
    mover, other = (a, b) if a.state.to_move == 0 else (b, a)
    mover.dismiss()  # the seat to move in the next deal presses Áfram first
    other.catch_up()
    assert not mover.paused and mover.waiting == (other.seat,) and other.paused
    assert not mover.human_to_move()  # the next deal waits for the other seat's Áfram
    length = len(room)
    assert not mover.act(first_legal(mover)) and len(room) == length
    assert f"Spilari {other.seat}" in mover.message and f"Spilari {other.seat}" in mover.snapshot().turn
    other.dismiss()
    mover.catch_up()
    assert not a.waiting and not b.waiting and mover.human_to_move()


def test_undo_in_a_shared_room_is_by_agreement() -> None:
    room = rooms.create("kasina", [0, 1], seed=5)
    a = RoomModel(room, 0, room.tokens[0])
    b = RoomModel(rooms.open(room.id), 1, room.tokens[1])
    for _ in range(4):
        m = a if a.state.to_move == 0 else b
        assert m.act(first_legal(m)), m.message
        a.catch_up()
        b.catch_up()
    moves = len(a.moves)
    assert not a.undo()  # asked, not done
    assert len(room) == moves and "Spilari 1" in a.message
    assert b.look_at_requests() and "Spilari 0" in b.message
    assert b.undo()  # agreed: written once
    a.catch_up()
    assert room.entries()[-1].kind == "undo" and len(a.moves) < moves and a.moves == b.moves


def test_teacher_view_and_demo_are_off_for_pupils_at_a_shared_table() -> None:
    room = rooms.create("kasina", [0, 1], seed=5)
    a = RoomModel(room, 0, room.tokens[0])
    a.teacher = True
    assert not a.teacher and a.message == ROOM_WORDS["is"]["shared_teacher"]
    a.demo = True
    assert not a.demo
    a.new_game()
    assert len(room) == 0 and a.message == ROOM_WORDS["is"]["shared_new"]


def test_a_page_holds_only_its_own_seats_cards() -> None:
    room = rooms.create("kozel", [0, 1, 2, 3], seed=4)
    tables = [RoomTable(RoomModel(rooms.open(room.id), s, room.tokens[s]), delay=0) for s in range(4)]
    try:
        state = room.state()
        for seat, table in enumerate(tables):
            shown = " ".join(  # every text and class the page's widgets hold, the stylesheet aside
                f"{getattr(w, 'value', '') or ''} {getattr(w, 'description', '') or ''} "
                f"{' '.join(getattr(w, '_dom_classes', ()))}"
                for w in walk(table) if not str(getattr(w, "value", "")).startswith("<style"))
            mine = {str(c) for c in state.hands[seat]}
            assert {b.card for b in table.card_buttons("hand")} == mine
            for other in range(4):
                if other == seat:
                    continue
                for card in state.hands[other]:
                    assert f"cardlearn-card-{card}" not in shown, (seat, other, card)
                    assert card.symbol not in shown, (seat, other, card)
    finally:
        for t in tables:
            t.close()


def test_the_page_refuses_a_wrong_token_and_a_room_of_another_game() -> None:
    room = rooms.create("kasina", [0, 1], seed=5)
    wrong = page_widget("kasina", Address.parse(f"room={room.id}&seat=1&token=not-the-token"))
    assert isinstance(wrong, Refusal) and wrong.key == "wrong_token"
    assert isinstance(page_widget("kozel", Address.parse(f"room={room.id}&seat=1&token={room.tokens[1]}")),
                      Refusal)
    assert page_widget("kasina", Address.parse("room=nosuchroom&seat=0&token=x")).key == "no_such_room"
    table = page_widget("kasina", Address.parse(f"room={room.id}&seat=1&token={room.tokens[1]}"), delay=0)
    assert isinstance(table, RoomTable)
    table.close()


def test_a_page_without_a_room_starts_one_and_new_game_starts_another() -> None:
    table = page_widget("kasina", Address.parse(""), delay=0)
    assert isinstance(table, RoomTable)
    try:
        first = table.room.id
        [data] = table.find("cardlearn-room-data")
        assert f"room={first}" in data.value and 'data-seat="0"' in data.value
        table.act(first_legal(table.model))
        table.new_game()  # nothing decided yet: no question asked
        assert table.room.id != first and len(table.room) == 0
        [data] = table.find("cardlearn-room-data")
        assert f"room={table.room.id}" in data.value
        assert len(rooms.open(first)) >= 1  # the old room is kept
    finally:
        table.close()


def test_the_teachers_form_makes_a_shared_room_and_its_links() -> None:
    links = page_widget("kozel", Address.parse("new=1&humans=0,2&level=thumb"))
    text = links.value
    ids = {part.split("&")[0] for part in text.split("room=")[1:]}
    [room_id] = ids
    room = rooms.open(room_id)
    assert room.humans == (0, 2) and room.seats[1] == room.seats[3] == "thumb"
    assert text.count('href="/voila/render/kozel.ipynb?room=') == 4  # two seats, twice (is, en)
    assert 'data-href="?shown=1"' in text  # the page's address is rewritten: a reload makes no room
    again = page_widget("kozel", Address.parse("shown=1"))
    assert isinstance(again, Refusal) and again.key == "links_shown"


def test_other_pupils_are_named_as_the_teacher_named_them() -> None:
    """A shared table names another pupil by the name the teacher gave ("Anna á leik",
    "Þið Anna"), a pupil without one "Spilari 2"; a Kínaskák meld of a named pupil keeps
    the name in the nominative ("þrenna sem Anna á"), as the table cannot inflect it."""
    room = rooms.create("kozel", [0, 1, 2], seed=11, level="random", names={2: "Anna", 1: "Bjarki"})
    a = RoomModel(room, 0, room.tokens[0])
    c = RoomModel(rooms.open(room.id), 2, room.tokens[2])
    assert a.sides()[0] == "Þið Anna" and c.sides()[0] == "Þið Spilari 0"
    assert a.who(1) == "Bjarki" and a.who(3) == "Tölvan"  # the only computer
    a.lang = "en"
    assert a.sides()[0] == "You and Anna"
    links = page_widget("kasina", Address.parse("new=1&humans=0,1&name1=Sigga")).value
    assert "Sæti 1 — Sigga" in links and "Seat 1 — Sigga" in links
    from cardlearn.games.kinaskak import view as kview
    from cardlearn.grammar import inflected_genitive
    assert inflected_genitive("Anna") is None and inflected_genitive("Spilari 2") == "Spilara 2"
    assert kview._W["is"]["set_held_acc"].format(owner="Anna") == "þrennu sem Anna á"


@pytest.mark.parametrize("names", [
    {3: "Anna"},  # a computer's seat
    {0: "Tölva 2"}, {0: "þú"}, {0: "You"}, {0: "Spilari 1"},  # names the table gives seats
    {0: "Anna", 1: "anna"},  # the same name twice
    {0: "A" * 30}, {0: "R2-D2"}, {0: "<b>"},
])
def test_a_bad_name_is_refused_and_makes_no_room(names: dict[int, str]) -> None:
    with pytest.raises(rooms.RoomError) as err:
        rooms.create("kozel", [0, 1], seed=1, names=names)
    assert err.value.rule == "bad_name"
