"""A lesson in Chromium (issue 34): a class joins by code on the front page, waits, is seated
by the teacher's start and plays; on SQLite and on PostgreSQL (the server's rooms and lessons
in either; PostgreSQL from CARDLEARN_TEST_POSTGRES, which .ci/run starts).

Each pupil is a browser context of its own (their own device: a phone, a tablet, a
Chromebook), the teacher another; one Voilà server serves the front page, the lesson's pages
and the Kasína page, as `make pages` does.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import PAGE_TIMEOUT_MS, PAGES, TABLE, Served, free_port, screenshot, watch_page
from test_index_access import axe_violations

from cardlearn import rooms
from cardlearn.lesson import classroom as lessons
from cardlearn.lesson.server import teacher_path
from cardlearn.lesson.words import LESSON_WORDS
from cardlearn.rooms.store import connect
from cardlearn.table.room import ROOM_WORDS

pytestmark = pytest.mark.browser

PG_URL = os.environ.get("CARDLEARN_TEST_POSTGRES")
IN_CI = os.environ.get("CI") == "true"
GAME = "kasina"  # tables of two: five pupils make three tables, one with a computer
SAYS = LESSON_WORDS["is"]  # the pages' words: the tests look for them, whatever they become
DEVICES = {"phone": (360, 740), "tablet": (768, 1024), "chromebook": (1366, 768)}


# The whole flow and a restart on both databases; the rest on SQLite only (the suite's time:
# the database is the same code under every page, tested on both in tests/test_lesson_*.py).
SQLITE_ONLY = pytest.mark.parametrize("served", ["sqlite"], indirect=True)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def served(request: pytest.FixtureRequest, chromium_path: str,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp(f"lesson-{request.param}")
    shutil.copy(PAGES / f"{GAME}.ipynb", root / f"{GAME}.ipynb")
    if request.param == "postgres":
        if not PG_URL:
            reason = "PostgreSQL tests need a server: CARDLEARN_TEST_POSTGRES=postgresql://... (.ci/run)"
            if IN_CI:
                pytest.fail(f"{reason} — CI=true, so they must run")
            pytest.skip(reason)
        where = PG_URL
    else:
        where = str(root / "rooms.sqlite")
    server = Served(root, where, free_port())
    server.start(f"voila-lesson-{request.param}.log")
    yield server
    server.stop()


@pytest.fixture
def store(served: Served) -> Iterator[Any]:
    s = connect(served.rooms)
    yield s
    s.close()


@pytest.fixture
def devices(browser: Any) -> Iterator[list[Any]]:
    made: list[Any] = []
    yield made
    for context in made:
        context.close()


def device(browser: Any, made: list[Any], kind: str = "chromebook") -> Any:
    width, height = DEVICES[kind]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=kind == "phone",
                                  has_touch=kind != "chromebook")
    made.append(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    watch_page(page)
    return page


def join(page: Any, served: Served, code: str, name: str) -> None:
    page.goto(served.base + "/", wait_until="domcontentloaded")
    page.fill(".cardlearn-join-code", code)
    page.fill(".cardlearn-join-name", name)
    page.click(".cardlearn-join")


def error_says(page: Any, words: str, timeout: int = 15_000) -> None:
    """Until the page's alert says `words`."""
    page.wait_for_function("w => (document.querySelector('.cardlearn-lesson-error') || {}).innerText"
                           "?.includes(w)", arg=words, timeout=timeout)


def wait_seated(page: Any) -> None:
    """Until the pupil's own table is drawn (its kernel from the pool, or a fresh one)."""
    page.wait_for_selector(f"{TABLE}[data-moves]", timeout=PAGE_TIMEOUT_MS)


def teacher_page(browser: Any, made: list[Any], served: Served, code: str, key: str) -> Any:
    page = device(browser, made, "chromebook")
    page.set_viewport_size({"width": 1024, "height": 768})  # the teacher's laptop on the projector
    page.goto(f"{served.base}/{teacher_path(code, key)}", wait_until="domcontentloaded")
    return page


def test_a_class_joins_by_code_is_seated_and_sees_its_tables(browser: Any, devices: list[Any], served: Served,
                                                             store: Any) -> None:
    lesson, key = lessons.create(GAME, 6, level="random", store=store)  # five now, one late
    teacher = teacher_page(browser, devices, served, lesson.code, key)
    teacher.wait_for_selector(".cardlearn-lesson-start")
    kinds = ["phone", "tablet", "chromebook", "phone", "tablet"]
    names = ["Anna", "Bjarki", "anna", "Sigga", "Dóra"]
    pupils = []
    for kind, name in zip(kinds, names, strict=True):
        page = device(browser, devices, kind)
        join(page, served, lesson.code.lower(), name)  # typed in lower case: read the same
        page.wait_for_url("**/lesson/wait*")
        page.wait_for_selector(".cardlearn-wait-joined:not(:empty)")
        pupils.append(page)
    said = pupils[2].inner_text(".cardlearn-wait-name")
    assert "anna B" in said and "anna" in said, said  # a taken name gets a letter, and says so
    screenshot(pupils[0], "lesson-wait-phone")
    # the teacher's page shows who joined, live, and the tables they will sit at
    teacher.wait_for_function("() => document.querySelectorAll('.cardlearn-lesson-pupil').length === 5")
    assert len(teacher.query_selector_all(".cardlearn-lesson-table")) == 3
    screenshot(teacher, "lesson-teacher-before-start")
    teacher.click(".cardlearn-lesson-start")
    for page in pupils:  # nothing more for a pupil to do: the waiting page becomes the table
        wait_seated(page)
    teacher.wait_for_function("() => document.querySelectorAll('.cardlearn-lesson-table h3').length === 3 && "
                              "document.querySelector('.cardlearn-lesson-results:not([hidden])') !== null")
    tables = teacher.inner_text(".cardlearn-lesson-grid")
    for name in ["Anna", "Bjarki", "anna B", "Sigga", "Dóra"]:
        assert name in tables, tables
    screenshot(teacher, "lesson-teacher-tables")
    screenshot(pupils[0], "lesson-table-phone")
    # each pupil's page is its own seat at its own table
    seen = set()
    for page in pupils:
        url = page.url
        assert "room=" in url and "token=" in url
        seen.add(url)
    assert len(seen) == 5
    # a reload, and reopening the front page, come back to the same seat
    before = pupils[1].url
    pupils[1].reload(wait_until="domcontentloaded")
    wait_seated(pupils[1])
    pupils[1].goto(served.base + "/", wait_until="domcontentloaded")
    pupils[1].wait_for_url(lambda u: "room=" in u, timeout=PAGE_TIMEOUT_MS)
    assert pupils[1].url.split("?")[1] == before.split("?")[1]
    # a late pupil is seated at once, at a table of their own
    late = device(browser, devices, "phone")
    join(late, served, lesson.code, "Gunna")
    wait_seated(late)
    teacher.wait_for_function("() => document.querySelectorAll('.cardlearn-lesson-table h3').length === 4")


@SQLITE_ONLY
def test_wrong_codes_full_and_ended_lessons_get_one_sentence(browser: Any, devices: list[Any], served: Served,
                                                               store: Any) -> None:
    page = device(browser, devices, "phone")
    join(page, served, "0O1IL", "Anna")
    alert = page.wait_for_selector(".cardlearn-lesson-error:not(:empty)")
    assert alert.inner_text().startswith(SAYS["bad_code"].split(".")[0])
    assert page.evaluate("document.activeElement.className").startswith("cardlearn-join-code")
    lesson, key = lessons.create(GAME, 1, store=store)
    lessons.join(lesson.code, "Anna", store)
    join(page, served, "XXXXX" if lesson.code != "XXXXX" else "AAAAA", "Bjarki")
    error_says(page, SAYS["no_lesson"])
    join(page, served, lesson.code, "Bjarki")
    error_says(page, SAYS["full"])
    lessons.start(lesson.code, key, store)
    lessons.end(lesson.code, key, store)
    join(page, served, lesson.code, "Bjarki")
    error_says(page, SAYS["ended_refusal"])
    assert page.url.rstrip("/") == served.base  # still on the front page: nobody's table


@SQLITE_ONLY
def test_a_seat_moves_to_a_new_device_and_the_old_one_is_told(browser: Any, devices: list[Any],
                                                                served: Served, store: Any) -> None:
    lesson, key = lessons.create(GAME, 2, store=store)
    old = device(browser, devices, "tablet")
    join(old, served, lesson.code, "Anna")
    old.wait_for_url("**/lesson/wait*")
    code = lessons.seat_code(lesson.code, key, 0, store)
    new = device(browser, devices, "phone")
    join(new, served, code, "")
    new.wait_for_url("**/lesson/wait*")
    assert "Anna" in new.inner_text(".cardlearn-wait-name")
    error_says(old, SAYS["moved"])


@SQLITE_ONLY
def test_the_teacher_pauses_and_the_pupils_page_says_so_and_results_download(
        browser: Any, devices: list[Any], served: Served, store: Any) -> None:
    lesson, key = lessons.create(GAME, 1, level="random", store=store)
    pupil = device(browser, devices, "chromebook")
    join(pupil, served, lesson.code, "Anna")
    pupil.wait_for_url("**/lesson/wait*")
    teacher = teacher_page(browser, devices, served, lesson.code, key)
    teacher.click(".cardlearn-lesson-start")
    wait_seated(pupil)
    teacher.click(".cardlearn-lesson-pause")
    pupil.wait_for_function("w => document.body.innerText.includes(w)", arg=ROOM_WORDS["is"]["paused"],
                            timeout=15_000)
    teacher.click(".cardlearn-lesson-resume")
    teacher.wait_for_selector(".cardlearn-lesson-pause")
    teacher.wait_for_selector("#cl-csv")
    with teacher.expect_download() as download:
        teacher.click("#cl-csv")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("Nafn,Borð,")
    assert text.splitlines()[1].startswith("Anna,1,")


@SQLITE_ONLY
def test_the_lesson_pages_pass_axe(browser: Any, devices: list[Any], served: Served, store: Any) -> None:
    lesson, key = lessons.create(GAME, 3, level="random", store=store)
    front = device(browser, devices, "phone")
    front.goto(served.base + "/", wait_until="domcontentloaded")
    assert axe_violations(front) == []
    screenshot(front, "lesson-join-phone")
    join(front, served, lesson.code, "Anna")
    front.wait_for_selector(".cardlearn-wait-joined:not(:empty)")
    assert axe_violations(front) == []
    teacher = teacher_page(browser, devices, served, lesson.code, key)
    teacher.wait_for_selector(".cardlearn-lesson-pupil")
    assert axe_violations(teacher) == []
    teacher.click(".cardlearn-lesson-start")
    teacher.wait_for_selector(".cardlearn-lesson-table h3")
    teacher.wait_for_selector(".cardlearn-lesson-results:not([hidden])")
    assert axe_violations(teacher) == []
    teacher.click("#cl-board-0")
    board = teacher.context.new_page()
    board.set_viewport_size({"width": 1024, "height": 768})
    board.goto(f"{served.base}/lesson/board/{lesson.code}", wait_until="domcontentloaded")
    board.wait_for_selector(".cardlearn-board-view :first-child")
    assert axe_violations(board) == []
    size = board.evaluate("parseFloat(getComputedStyle(document.querySelector('.cardlearn-board-view'))"
                          ".fontSize)")
    assert size >= 36
    screenshot(board, "lesson-board-1024")
    room = rooms.open(lessons.read(lesson.code, store).tables[0], store)
    hidden = {str(c) for s in range(room.players) for c in room.module.hidden_cards(room.state(), s)}
    cards = "[...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"
    assert not set(board.evaluate(cards)) & hidden
    teacher.click("#cl-board-hands")  # the teacher turns the hands open: then, and only then
    board.wait_for_function(f"h => {cards}.some(c => h.includes(c))", arg=sorted(hidden))


def test_a_restart_of_the_server_keeps_the_lesson_and_the_teachers_key(
        browser: Any, devices: list[Any], served: Served, store: Any) -> None:
    """Made from the index's teacher panel; the teacher's page reloads without its key in the
    address (kept in the browser); after `make pages` restarts, the pupil's front page goes
    back to the same seat and the teacher's page to the same lesson."""
    teacher = device(browser, devices, "chromebook")
    teacher.goto(served.base + "/", wait_until="domcontentloaded")
    teacher.click("details.cardlearn-lesson-form summary")
    teacher.fill(".cardlearn-new-lesson [name=pupils]", "3")
    teacher.check(".cardlearn-new-lesson [name=lesson-level][value=random]")
    teacher.click(f".cardlearn-lesson-new-{GAME}")
    teacher.wait_for_url("**/lesson/teacher/*")
    code = teacher.inner_text(".cardlearn-lesson-code").strip()
    pupil = device(browser, devices, "tablet")
    join(pupil, served, code, "Sigga")
    pupil.wait_for_url("**/lesson/wait*")
    teacher.goto(f"{served.base}/lesson/teacher/{code}", wait_until="domcontentloaded")  # no key: kept
    teacher.wait_for_selector(".cardlearn-lesson-pupil")
    teacher.click(".cardlearn-lesson-start")
    wait_seated(pupil)
    seat = pupil.url.split("?")[1]
    served.stop()
    served.start("voila-lesson-restarted.log")
    pupil.goto(served.base + "/", wait_until="domcontentloaded")
    pupil.wait_for_url(lambda u: "room=" in u, timeout=PAGE_TIMEOUT_MS)
    assert pupil.url.split("?")[1] == seat
    wait_seated(pupil)
    teacher.goto(f"{served.base}/lesson/teacher/{code}", wait_until="domcontentloaded")
    teacher.wait_for_function("() => document.body.innerText.includes('Sigga')")
    assert teacher.query_selector(".cardlearn-lesson-table h3") is not None


@SQLITE_ONLY
def test_the_teacher_places_a_pupil_and_the_board_shows_the_demo_step_by_step(
        browser: Any, devices: list[Any], served: Served, store: Any) -> None:
    lesson, key = lessons.create(GAME, 4, level="random", store=store)
    for name in ("Anna", "Bjarki", "Sigga"):
        lessons.join(lesson.code, name, store)
    teacher = teacher_page(browser, devices, served, lesson.code, key)
    teacher.wait_for_selector("#cl-place-2")
    teacher.focus("#cl-place-1")
    teacher.keyboard.press("ArrowDown")  # Bjarki to the next table, beside Sigga: by keyboard,
    teacher.keyboard.press("Tab")  # then the select's own button (an arrow alone moves nobody)
    assert teacher.evaluate("document.activeElement.id") == "cl-place-go-1"
    teacher.keyboard.press("Enter")
    teacher.wait_for_function("() => [...document.querySelectorAll('.cardlearn-lesson-table')]"
                              ".map(t => t.innerText).some(t => t.includes('Bjarki') && t.includes('Sigga'))")
    assert teacher.evaluate("document.activeElement.id") == "cl-place-go-1"  # focus kept through the redraw
    teacher.wait_for_function("s => document.querySelector('.cardlearn-lesson-said').innerText"
                              ".includes(s)", arg=SAYS["placed"].format(name="Bjarki", n=2))
    board = teacher.context.new_page()
    board.set_viewport_size({"width": 1024, "height": 768})
    board.goto(f"{served.base}/lesson/board/{lesson.code}", wait_until="domcontentloaded")
    board.click("#cl-pace-step")
    board.wait_for_selector("#cl-next")
    before = board.inner_text(".cardlearn-board-last")
    board.click("#cl-next")
    board.wait_for_function("b => document.querySelector('.cardlearn-board-last').innerText !== b",
                            arg=before)
    screenshot(board, "lesson-board-demo-1024")
