"""Racing clicks at a shared table (issue 32, point 9), two or four `RoomModel`s on one room
as the pupils' pages: a click made on a position that has changed meanwhile is refused,
saying what happened, and nothing else happens; an undo request names the move its pupil
saw; lists of names read "Bjarki, Sigga og Dóra"."""

from __future__ import annotations

import pytest
from test_room_table import rooms_file  # noqa: F401  (autouse: every test's rooms in a file of its own)

from cardlearn import rooms
from cardlearn.table.room import ROOM_WORDS, UNDO_KEY, RoomModel, RoomTable
from cardlearn.table.view import classes_of, walk

NAMES = {0: "Anna", 1: "Bjarki", 2: "Sigga", 3: "Dóra"}


def kozel_for_four() -> list[RoomModel]:
    """Four pupils at one Kozel table, each on a page of their own."""
    room = rooms.create("kozel", [0, 1, 2, 3], seed=11, names=NAMES)
    return [RoomModel(rooms.open(room.id), s, room.tokens[s]) for s in range(4)]


def play_until(pages: list[RoomModel], seat: int, moves: int) -> None:
    """The pupils play (each their first legal move) until `moves` are made and `seat` is to move."""
    while not (len(pages[0].moves) >= moves and pages[0].state.to_move == seat):
        mover = pages[pages[0].state.to_move]
        assert mover.act(mover.state.legal_actions()[0]), mover.message
        for page in pages:
            page.catch_up()


def said(page: RoomModel, i: int) -> str:
    return page.describe_move(i).rstrip(".")


def test_listing_names() -> None:
    from cardlearn.grammar import listing

    assert listing(["Bjarki", "Sigga", "Dóra"], "is") == "Bjarki, Sigga og Dóra"
    assert listing(["Bjarki", "Sigga", "Dóra"], "en") == "Bjarki, Sigga and Dóra"
    assert listing(["Anna", "Dóra"], "is") == "Anna og Dóra" and listing(["Anna"], "en") == "Anna"


@pytest.mark.parametrize("caught_up", [True, False])
def test_undo_pressed_as_another_pupils_move_lands_is_refused(caught_up: bool) -> None:
    """The review's race: Anna pressed Afturkalla as Dóra confirmed her lead K♥; Anna's
    click became a request to take back Dóra's move, which Anna had never seen.  Now it
    is refused, whether Anna's kernel had already read Dóra's move (the page had not drawn
    it) or not, and says what happened."""
    anna, bjarki, sigga, dora = pages = kozel_for_four()
    play_until(pages, 3, 4)
    saw = len(anna.room)
    anna.page_saw = saw  # what Anna's page showed when she pressed
    assert dora.act(dora.state.legal_actions()[0])
    if caught_up:
        anna.catch_up()  # the watcher read Dóra's move before the click arrived
    assert not anna.undo()
    dora_move = said(anna, saw)  # "Dóra spilar út …", as Anna's log says it
    assert dora_move.startswith("Dóra ")
    assert anna.message == f"Einhver varð á undan þér: {dora_move}."
    assert anna.room.pref(0, UNDO_KEY) is None and len(anna.room) == saw + 1
    for page in (bjarki, sigga, dora):
        page.catch_up()
        assert not page.look_at_requests() and "Anna" not in page.message
    anna.lang = "en"
    assert anna.message == f"Someone got there first: {said(anna, saw)}."


def test_agreeing_to_undo_as_a_move_lands_is_refused() -> None:
    """Bjarki's "agree to undo" against a move made at the same moment: refused, not an
    agreement to take back a move Bjarki had not seen."""
    anna, bjarki, sigga, _dora = pages = kozel_for_four()
    play_until(pages, 2, 5)
    assert not anna.undo()  # Anna asks
    asked = anna.room.pref(0, UNDO_KEY)
    assert bjarki.look_at_requests() and bjarki.message.startswith("Beðið er um að taka aftur leikinn „")
    saw = len(bjarki.room)
    bjarki.page_saw = saw
    assert sigga.act(sigga.state.legal_actions()[0])  # Sigga's move lands first
    bjarki.catch_up()
    assert not bjarki.undo()
    assert bjarki.message == ROOM_WORDS["is"]["first_what"].format(what=said(bjarki, saw))
    assert bjarki.room.pref(1, UNDO_KEY) is None and anna.room.pref(0, UNDO_KEY) == asked
    assert [e.kind for e in bjarki.room.entries()].count("undo") == 0


def test_a_card_click_on_a_changed_position_is_refused() -> None:
    anna, _bjarki, _sigga, dora = pages = kozel_for_four()
    play_until(pages, 3, 4)
    saw = len(anna.room)
    anna.page_saw = saw  # Anna's page still shows Dóra to move
    assert dora.act(dora.state.legal_actions()[0])
    anna.catch_up()
    if anna.state.to_move == 0:
        assert anna.forced() is None or anna.selected  # a forced move is selected anew
    before = anna.selected
    anna.click("hand", 0)
    assert anna.selected == before and anna.message.startswith("Einhver varð á undan þér: Dóra ")
    anna.page_saw = len(anna.room)  # the page drew the new position: the next click counts
    anna.click("hand", 0)
    assert not anna.message.startswith("Einhver varð á undan þér")
    if anna.state.to_move == 0:  # a double click on Staðfesta: the second finds Anna's own move
        saw = anna.page_saw
        assert anna.act(anna.state.legal_actions()[0])
        anna.click("hand", 0)
        assert "Einhver" not in anna.message and len(anna.room) == saw + 1


def test_an_undo_request_names_the_move_and_lists_who_must_agree() -> None:
    anna, bjarki, sigga, dora = pages = kozel_for_four()
    play_until(pages, 1, 5)
    target = anna.undo_target()
    assert target is not None
    assert not anna.undo()
    move = said(anna, target)
    assert anna.message == (f"Þú baðst um að taka aftur leikinn „{move}“. "
                            "Beðið eftir að Bjarki, Sigga og Dóra samþykki.")
    anna.lang = "en"
    assert anna.message == (f"You asked to take back the move “{said(anna, target)}”. "
                            "Waiting for Bjarki, Sigga and Dóra to agree.")
    for page in (bjarki, sigga, dora):
        assert page.look_at_requests()
        assert not page.undo() or page is dora
    for page in pages:
        page.catch_up()
        assert page.message.startswith("Tekið aftur: ") or page.lang == "en"
    assert anna.message.startswith("Taken back: ") and len(anna.moves) == target


def test_the_pages_hidden_field_tells_the_model_what_the_page_showed() -> None:
    room = rooms.create("kasina", [0, 1], seed=3)
    table = RoomTable(RoomModel(room, 0, room.tokens[0]), delay=0)
    try:
        [field] = [w for w in walk(table) if "cardlearn-room-saw" in classes_of(w)]
        assert field.layout.display == "none"
        field.value = "3"
        model = table.model
        assert isinstance(model, RoomModel) and model.page_saw == 3
        field.value = ""
        assert model.page_saw is None
    finally:
        table.close()
