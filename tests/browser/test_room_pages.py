"""Rooms in Chromium: several pupils' pages at one table, each its own browser (a browser
context per pupil, as on their own machines), served by one Voilà server whose pages keep
their rooms in this test's SQLite file.

- two pages at one Kasína room and four at one Kozel room play a whole deal by clicks; each
  move shows on the other pages by itself; whose turn it is is said by name;
- a race: both Kasína pupils press Áfram at the same moment at the deal's end: both presses
  are written once each (the later one caught up and written again), both pages go on;
- reload and a restart of the server mid-match come back to the same position and language;
- a wrong token gets a refusal and no table;
- other seats' hidden cards are nowhere in a page's DOM;
- nothing is fetched from outside 127.0.0.1.

The moves are chosen from the room's state read in this process (the same database), then
made by clicking their cards (and Confirm) on the page of the seat to move.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from browserkit import (
    MOVE_TIMEOUT_MS,
    PAGE_TIMEOUT_MS,
    PAGES,
    TABLE,
    Served,
    Watch,
    click_move,
    free_port,
    outside_viewport,
    screenshot,
    settle,
    watch_page,
)

from cardlearn import rooms
from cardlearn.protocol import State
from cardlearn.table.room import ROOM_WORDS, UNDO_KEY

pytestmark = pytest.mark.browser

GAMES_SERVED = ("kasina", "kozel")  # only these pages: fewer kernels preheated on 2 cores


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("rooms-pages")
    for game in GAMES_SERVED:
        shutil.copy(PAGES / f"{game}.ipynb", root / f"{game}.ipynb")
    server = Served(root, root / "rooms.sqlite", free_port())
    server.start("voila-rooms.log")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def store(served: Served) -> Any:
    return rooms.connect(served.rooms)


@dataclass
class Pupil:
    """One pupil's browser (a context of its own) with the page of one seat."""

    seat: int
    page: Any
    watch: Watch
    context: Any


@pytest.fixture
def pupils(browser: Any) -> Iterator[list[Pupil]]:
    made: list[Pupil] = []
    yield made
    for p in made:
        p.context.close()


def open_pupil(browser: Any, made: list[Pupil], url: str, seat: int) -> Pupil:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(30_000)
    pupil = Pupil(seat, page, watch_page(page), context)
    made.append(pupil)
    page.goto(url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
    return pupil


def wait_table(pupil: Pupil, moves: int | None = None, *, fresh: bool = False) -> None:
    """Until the page's table is drawn (a page's time: a third or fourth page at once waits
    for a kernel of its own to start, the preheated pool holds two), then until its root
    carries `data-moves` = `moves`, when given (a move's time; a page's time when `fresh`:
    a page just opened reads the moves written meanwhile once its kernel has finished the
    page, which on a busy 2-core machine took over 20 s once in CI).  A timeout says what
    the page showed instead."""
    root = f"document.querySelector('{TABLE}[data-moves]')"
    pupil.page.wait_for_function(f"() => {root} !== null", timeout=PAGE_TIMEOUT_MS, polling=50)
    if moves is None:
        return
    try:
        pupil.page.wait_for_function(f"() => {root}.dataset.moves === '{moves}'",
                                     timeout=PAGE_TIMEOUT_MS if fresh else MOVE_TIMEOUT_MS, polling=50)
    except Exception as err:
        shown = pupil.page.evaluate(f"""() => ({{moves: {root}.dataset.moves,
            message: (document.querySelector('{TABLE} .cardlearn-message') || {{}}).innerText}})""")
        raise AssertionError(f"seat {pupil.seat}'s page shows {shown}, not {moves} moves; "
                             f"page errors {pupil.watch.page_errors}") from err


def root_data(pupil: Pupil) -> dict[str, str]:
    return pupil.page.eval_on_selector(TABLE, "r => ({...r.dataset})")


# The hand's cards by their card class (their other classes say selected, usable ...).
HAND_JS = "bs => bs.map((b) => [...b.classList].find((c) => c.startsWith('cardlearn-card-')))"


def status(pupil: Pupil) -> str:
    return pupil.page.locator(f"{TABLE} .cardlearn-status").inner_text()


# -- what other seats hold is nowhere in a page -------------------------------------------

_CLASSES_JS = """
() => [...document.querySelectorAll('*')].flatMap((e) => [...e.classList])
      .filter((c) => c.startsWith('cardlearn-card-'))
"""


def check_hidden(pupils: list[Pupil], state: State, text_too: bool = True) -> None:
    """No page has an element of another seat's hand card, nor (`text_too`: before the log
    names cards of an earlier deal, dealt again since) its face in the table's text (the
    stylesheet names every card's picture; no element carries another's)."""
    for p in pupils:
        classes = set(p.page.evaluate(_CLASSES_JS))
        text = p.page.locator(TABLE).inner_text()
        mine = {f"cardlearn-card-{c}" for c in state.hands[p.seat]}
        assert mine <= classes, f"seat {p.seat}'s own cards are not all drawn"
        for other in range(state.players):
            if other == p.seat:
                continue
            for card in state.hands[other]:
                assert f"cardlearn-card-{card}" not in classes, (p.seat, other, card)
                assert not text_too or card.symbol not in text, (p.seat, other, card)


def play_deal(game: str, room: rooms.Room, pupils: list[Pupil], shots: str) -> int:
    """Play until the first deal ends, each move by clicks on the page of the seat to move;
    after each, every other page shows it by itself.  Returns the number of moves."""
    by_seat = {p.seat: p for p in pupils}
    n = 0
    while room.state().deals_done == 0:
        state, length = room.state(), len(room)
        mover = by_seat[state.to_move]
        wait_table(mover, length)
        if n == 1:  # whose turn, by name, on a page that waits
            waiting = next(p for p in pupils if p is not mover)
            name = room.names.get(mover.seat, f"Spilari {mover.seat}")  # the teacher's name, if given
            assert f"{name} á leik" in status(waiting), status(waiting)
            assert "Þú átt leik" in status(mover), status(mover)
        click_move(mover.page, game, state)
        deadline = time.monotonic() + MOVE_TIMEOUT_MS / 1000
        while len(room) == length:
            assert time.monotonic() < deadline, f"move {n} by seat {mover.seat} was not written"
            time.sleep(0.02)
        for p in pupils:  # by itself: nobody touches the other pages
            wait_table(p, len(room))
        n += 1
        if n == 2:
            for p in pupils:
                screenshot(p.page, f"{shots}-seat{p.seat}-move2")
    return n


# ---------------------------------------------------------------------------------------


def test_two_pupils_play_a_kasina_deal_and_race_for_afram(served: Served, store: Any, browser: Any,
                                                         pupils: list[Pupil]) -> None:
    room = rooms.create("kasina", [0, 1], seed=2026, store=store, names={0: "Anna", 1: "Bjarki"})
    for seat in (0, 1):
        open_pupil(browser, pupils, served.url("kasina", room.id, seat, room.tokens[seat]), seat)
    for p in pupils:
        wait_table(p, 0)
        assert root_data(p)["seat"] == str(p.seat) and root_data(p)["room"] == room.id
        # the teacher's view and demo are not offered at a shared table
        assert p.page.locator(f"{TABLE} button.cardlearn-teacher").is_hidden()
        assert p.page.locator(f"{TABLE} button.cardlearn-demo").is_hidden()
    check_hidden(pupils, room.state())
    moves = play_deal("kasina", room, pupils, "rooms-kasina")
    assert moves == len(room.moves()) >= 40
    for p in pupils:
        p.page.locator(".cardlearn-summary button.cardlearn-dismiss").wait_for(timeout=MOVE_TIMEOUT_MS)
    screenshot(pupils[0].page, "rooms-kasina-deal-end")
    # The race: both press Áfram at once (neither page waits for the other's click)
    length = len(room)
    for p in pupils:
        p.page.evaluate("() => document.querySelector('.cardlearn-summary button.cardlearn-dismiss').click()")
    for p in pupils:
        wait_table(p, length + 2)
        p.page.locator(".cardlearn-summary").wait_for(state="hidden", timeout=MOVE_TIMEOUT_MS)
    entries = room.entries()[length:]
    assert sorted((e.kind, e.seat) for e in entries) == [("continue", 0), ("continue", 1)]
    check_hidden(pupils, room.state(), text_too=False)
    for p in pupils:
        assert not p.watch.outside, f"seat {p.seat}'s page asked the internet for {p.watch.outside}"
        assert not p.watch.page_errors, p.watch.page_errors


def test_four_pupils_play_a_kozel_deal(served: Served, store: Any, browser: Any, pupils: list[Pupil]) -> None:
    room = rooms.create("kozel", [0, 1, 2, 3], seed=2026, store=store)
    for seat in range(4):
        open_pupil(browser, pupils, served.url("kozel", room.id, seat, room.tokens[seat]), seat)
    for p in pupils:
        wait_table(p, 0)
    check_hidden(pupils, room.state())
    moves = play_deal("kozel", room, pupils, "rooms-kozel")
    assert moves == len(room.moves())
    for p in pupils:
        p.page.locator(".cardlearn-summary button.cardlearn-dismiss").wait_for(timeout=MOVE_TIMEOUT_MS)
        assert not p.watch.outside and not p.watch.page_errors, (p.watch.outside, p.watch.page_errors)
    screenshot(pupils[2].page, "rooms-kozel-deal-end-seat2")


def test_a_wrong_token_gets_a_refusal_and_no_table(served: Served, store: Any, browser: Any,
                                                   pupils: list[Pupil]) -> None:
    room = rooms.create("kasina", [0, 1], seed=5, store=store)
    p = open_pupil(browser, pupils, served.url("kasina", room.id, 1, room.tokens[0]), 1)  # seat 0's token
    p.page.locator(".cardlearn-refusal").wait_for(timeout=PAGE_TIMEOUT_MS)
    text = p.page.locator(".cardlearn-refusal").inner_text()
    assert ROOM_WORDS["is"]["wrong_token"] in text and ROOM_WORDS["en"]["wrong_token"] in text
    assert p.page.locator(TABLE).count() == 0 and p.page.locator(".cardlearn-card").count() == 0
    screenshot(p.page, "rooms-wrong-token")
    assert len(room) == 0 and not p.watch.outside


def test_the_teachers_form_makes_a_shared_room(served: Served, store: Any, browser: Any,
                                              pupils: list[Pupil]) -> None:
    """The index page's form: pupils at seats 0 and 2 of Kozel, computers of rule of thumb;
    the page shows one link per pupil seat, and a link opens that seat's table."""
    teacher = open_pupil(browser, pupils, served.base + "/", 0)
    page = teacher.page
    page.locator("details.cardlearn-room-form summary").click()
    page.locator("input[name=humans][value='1']").uncheck()
    page.locator("input[name=humans][value='2']").check()
    page.locator("input[name=level][value='thumb']").check()
    page.locator("input[name=name2]").fill("Sigga")
    screenshot(page, "rooms-index-form")
    page.locator("button.cardlearn-room-new-kozel").click()
    page.locator(".cardlearn-room-links").wait_for(timeout=PAGE_TIMEOUT_MS)
    links = [a.get_attribute("href") for a in page.locator(".cardlearn-room-links a[lang=is]").all()]
    assert [link.split("seat=")[1][0] for link in links] == ["0", "2"], links
    room = rooms.open(links[0].split("room=")[1].split("&")[0], store=store)
    assert room.humans == (0, 2) and room.seats[1] == room.seats[3] == "thumb"
    assert room.names == {2: "Sigga"}
    assert "Sæti 2 — Sigga" in page.locator(".cardlearn-room-links").inner_text()
    screenshot(page, "rooms-teacher-links")
    # a reload makes no second room: the address is rewritten in place (replaceState, no
    # navigation event to wait for), so its text is polled
    page.wait_for_function("() => location.search.includes('shown=1')", timeout=PAGE_TIMEOUT_MS)
    pupil = open_pupil(browser, pupils, served.base + links[1], 2)
    wait_table(pupil)
    assert root_data(pupil)["seat"] == "2" and root_data(pupil)["room"] == room.id
    assert not teacher.watch.outside and not pupil.watch.outside


def test_a_solo_page_survives_reload_and_a_server_restart(served: Served, store: Any, browser: Any,
                                                          pupils: list[Pupil]) -> None:
    """No room in the address: the page makes one and names it; moves, the language and
    the position come back after a reload and after the server is restarted; Nýr leikur
    makes a new room."""
    p = open_pupil(browser, pupils, served.url("kasina"), 0)
    wait_table(p)
    page = p.page
    page.wait_for_url("**room=*", timeout=MOVE_TIMEOUT_MS)
    room = rooms.open(root_data(p)["room"], store=store)
    assert "token=" in page.url and "seat=0" in page.url
    for _ in range(2):  # two moves of the pupil (the computer answers each)
        state, length = room.state(), len(room)
        wait_table(p, length)
        click_move(p.page, "kasina", state)
        page.wait_for_function(
            f"() => Number(document.querySelector('{TABLE}').dataset.moves) >= {length + 2}",
            timeout=MOVE_TIMEOUT_MS, polling=50)
    page.locator(f"{TABLE} button.cardlearn-lang").click()
    page.wait_for_function("() => document.querySelector('.cardlearn-status').innerText.includes('Moves')",
                           timeout=MOVE_TIMEOUT_MS)
    wait_table(p, len(room))
    settle(page)
    hand = sorted(page.eval_on_selector_all(f"{TABLE} button.cardlearn-card.cardlearn-zone-hand",
                                            HAND_JS))
    url, length = page.url, len(room)
    page.reload()
    wait_table(p, length)
    settle(page)
    assert page.url == url and "Moves" in status(p)
    assert sorted(page.eval_on_selector_all(f"{TABLE} button.cardlearn-card.cardlearn-zone-hand",
                                            HAND_JS)) == hand
    served.stop()  # the teacher restarts `make pages`
    served.start("voila-rooms-restarted.log")
    page.goto(url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
    wait_table(p, length)
    settle(page)
    assert "Moves" in status(p) and page.url == url
    assert sorted(page.eval_on_selector_all(f"{TABLE} button.cardlearn-card.cardlearn-zone-hand",
                                            HAND_JS)) == hand
    screenshot(page, "rooms-solo-after-restart")
    page.locator(f"{TABLE} button.cardlearn-new").click()
    page.locator(f"{TABLE} button.cardlearn-new-yes").click()
    page.wait_for_function(f"(id) => document.querySelector('{TABLE}').dataset.room !== id",
                           arg=room.id, timeout=MOVE_TIMEOUT_MS)
    new_id = root_data(p)["room"]
    page.wait_for_url(f"**room={new_id}*", timeout=MOVE_TIMEOUT_MS)
    assert len(rooms.open(new_id, store=store)) <= 1 and len(rooms.open(room.id, store=store)) == length
    assert not p.watch.outside and not p.watch.page_errors, (p.watch.outside, p.watch.page_errors)


def test_an_undo_pressed_as_the_other_pupils_move_lands_is_refused(served: Served, store: Any, browser: Any,
                                                                  pupils: list[Pupil]) -> None:
    """The review's race (issue 32): Anna presses Afturkalla as Bjarki's move lands.  Her
    page sends the move count it drew with the click, so the click is refused, naming
    Bjarki's move, instead of asking to take back a move Anna never saw."""
    room = rooms.create("kasina", [0, 1], seed=2026, store=store, names={0: "Anna", 1: "Bjarki"})
    anna, bjarki = (open_pupil(browser, pupils, served.url("kasina", room.id, s, room.tokens[s]), s)
                    for s in (0, 1))
    while len(room.moves()) < 4 or room.state().to_move != 1:  # Anna has made choices; Bjarki to move
        state = room.state()
        seat = state.to_move
        assert seat is not None
        room.play(seat, room.tokens[seat], state.legal_actions()[0], after=len(room))
    length = len(room)
    for p in (anna, bjarki):
        wait_table(p, length, fresh=True)
    # Bjarki's move lands as Anna presses Afturkalla
    room.play(1, room.tokens[1], room.state().legal_actions()[0], after=length)
    anna.page.evaluate(f"() => document.querySelector('{TABLE} button.cardlearn-undo').click()")
    anna.page.locator(f"{TABLE} .cardlearn-message", has_text="Einhver varð á undan þér: Bjarki ").wait_for(
        timeout=MOVE_TIMEOUT_MS)
    wait_table(anna, length + 1)
    screenshot(anna.page, "rooms-race-undo-refused")
    time.sleep(1.5)  # a page looks at undo requests every WATCH_TIMEOUT (1 s)
    assert room.pref(0, UNDO_KEY) is None and len(room) == length + 1
    assert "Anna vill" not in bjarki.page.locator(f"{TABLE} .cardlearn-message").inner_text()
    # Now the page shows Bjarki's move: Afturkalla asks to take it back (the last real
    # choice at the table), naming it as Anna saw it.
    message = anna.page.locator(f"{TABLE} .cardlearn-message")
    anna.page.locator(f"{TABLE} button.cardlearn-undo").click()
    message.filter(has_text="Þú baðst um að taka aftur leikinn „Bjarki ").wait_for(timeout=MOVE_TIMEOUT_MS)
    assert "Beðið eftir að Bjarki samþykki" in message.inner_text()
    # The page's own word is what counts: a click from a page that (we pretend) still drew
    # the position before Bjarki's move is refused, though the kernel has long read it.
    anna.page.evaluate(f"""() => {{
        const span = document.querySelector('{TABLE} .cardlearn-room-data [data-moves]');
        span.setAttribute('data-moves', '{length}');
        document.querySelector('{TABLE} button.cardlearn-undo').click();
    }}""")
    message.filter(has_text="Einhver varð á undan þér: Bjarki ").wait_for(timeout=MOVE_TIMEOUT_MS)
    for p in pupils:
        assert not p.watch.page_errors, p.watch.page_errors


def four_card_trick(seed: int) -> list[Any] | None:
    """The moves of a Kozel deal (`seed`) that lead to seat 0 to answer a trick of three
    four-card plays, each seat making its biggest play when it has one of three or more
    cards: the teacher's worst case for the table's middle (issue 32, point 1)."""
    import random

    from cardlearn.games import GAMES

    state = GAMES["kozel"].new_game(seed=seed)
    rng = random.Random(seed)
    moves: list[Any] = []
    while state.to_move is not None and state.deals_done == 0 and len(moves) < 40:
        actions = state.legal_actions()
        big = max(actions, key=lambda a: len(getattr(a, "cards", ()) or ()))
        action = big if len(getattr(big, "cards", ()) or ()) >= 3 else rng.choice(actions)
        moves.append(action)
        state = state.apply(action)
        if len(state.plays) == 3 and sum(len(p[2]) for p in state.plays) >= 12 and state.to_move == 0:
            return moves
    return None


def test_a_four_card_kozel_trick_leaves_the_hand_and_confirm_in_the_window(
        served: Served, store: Any, browser: Any, pupils: list[Pupil]) -> None:
    """Four cards led and answered by two seats (twelve cards in the middle): the pupil to
    answer still sees the whole hand and Staðfesta at 1024 × 768, unscrolled."""
    seed = next(s for s in range(100, 400) if four_card_trick(s) is not None)
    moves = four_card_trick(seed)
    assert moves is not None
    room = rooms.create("kozel", [0, 1, 2, 3], seed=seed, store=store)
    for action in moves:
        seat = room.state().to_move
        assert seat is not None
        room.play(seat, room.tokens[seat], action, after=len(room))
    assert sum(len(p[2]) for p in room.state().plays) >= 12
    pupil = open_pupil(browser, pupils, served.url("kozel", room.id, 0, room.tokens[0]), 0)
    wait_table(pupil, len(room), fresh=True)
    settle(pupil.page)
    where = outside_viewport(pupil.page)
    kept = [w for w in where["outside"] if "cardlearn-zone-hand" in w or "cardlearn-confirm" in w]
    assert where["count"] > 12 and not kept, f"outside the window: {kept}"
    screenshot(pupil.page, "rooms-kozel-four-card-trick")
    assert not pupil.watch.page_errors, pupil.watch.page_errors
