"""The classroom pages (`pages/<game>.ipynb`, served by Voilà) in a real Chromium: the
table is drawn, moves are made by clicking cards and buttons, the page shows what the
engine says, undo and the language switch work, and nothing is fetched from outside.

The browser window is 1024 × 768 (a school projector): the whole table must fit in it.
Screenshots: `test-output/browser/<game>-loaded.png`, `-after-moves.png`, `-undo.png`,
`-english-hint.png`, `-1024x768.png`, `-1920x1080.png`, `index.png`.  A click only
selects a card and Staðfesta (Confirm) makes the move (the table's second edition);
a whole deal of every page is played in test_classroom.py.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import nbformat
import pytest
from browserkit import (
    OUTPUT,
    PAGES,
    PLANNERS,
    ROOT,
    TableView,
    check_human_move,
    click_button,
    click_card,
    click_tokens,
    clickable_hand,
    dismiss_summary,
    games_with_pages,
    is_yours,
    open_table,
    outside_viewport,
    read_table,
    screenshot,
    settle,
    summary_shown,
    table_locator,
    voila_server,
    wait_until,
    widget_error_text,
)

from cardlearn.games import GAMES
from cardlearn.table import LOG_SHOWN, WORDS

HUMAN_MOVES = 4  # human moves per page test, each answered by the bot


def page_url(base: str, game: str) -> str:
    return f"{base}/voila/render/{game}.ipynb"


# ---------------------------------------------------------------------------------------
# Clicking


TARGET_READY = "button.cardlearn-target:not(.cardlearn-unusable):not(.mod-success)"


def target_ready(page: Any) -> bool:
    return table_locator(page).locator(TARGET_READY).count() > 0


def click_any_move(page: Any, before: TableView) -> TableView:
    """For a game without a planner: click enabled cards (hand first), Confirm or an action
    button until a move is made."""
    view = before
    for _ in range(12):
        if view.moves > before.moves:
            return view
        # A click only selects; Confirm plays once the selection is a move (a forced move's
        # cards come selected, so Confirm is first).
        if view.button("cardlearn-confirm")["enabled"]:
            click_button(page, "cardlearn-confirm")
        elif any(b["enabled"] and "cardlearn-action" in b["classes"] for b in view.buttons):
            table_locator(page).locator("button.cardlearn-action:enabled").first.click()
        elif view.selected() and target_ready(page):  # cards chosen: now the pile or meld they go to
            table_locator(page).locator(TARGET_READY).first.click()
        elif choice := next((c for c in sorted(view.cards, key=lambda c: c.zone != "hand")
                             if c.enabled and not c.selected), None):
            click_card(page, choice.zone, choice.card)
        else:  # a target zone (a discard pile, a meld)
            assert target_ready(page), f"nothing to click: {view.text[:300]!r}"
            table_locator(page).locator(TARGET_READY).first.click()
        shown = view
        view = wait_until(
            page,
            lambda v, s=shown: v.moves > s.moves or v.selected() != s.selected() or v.buttons != s.buttons,
            what="a click to show",
        )
    raise AssertionError(f"no move made after 12 clicks: {view.status!r}")


def human_turn(view: TableView, lang: str) -> bool:
    return view.status.startswith(WORDS[lang]["your_turn"]) or view.status.startswith(WORDS[lang]["over"])


def play_one_move(page: Any, game: str, before: TableView) -> TableView:
    """One human move by clicks, checked against the engine, then the bot's reply."""
    words = WORDS["is"]
    planner = PLANNERS.get(game)
    if planner is None:
        after = click_any_move(page, before)
    else:
        legal, tokens = planner(before)
        allowed = clickable_hand(game, legal)
        assert sorted(before.enabled("hand")) == allowed, (
            f"the clickable hand cards {before.enabled('hand')} are not those the engine allows "
            f"({allowed}); table {before.zone('table')}"
        )
        after = click_tokens(page, before, tokens)
        check_human_move(before, after, tokens)
    assert after.moves > before.moves, f"{before.status!r} → {after.status!r}"
    mine = [line for line in after.log if is_yours(line)]
    assert mine, f"no move of yours in the log: {after.log}"
    # The bot replies after the page's delay; then it is the human's turn again.
    # (A step of a compound move, or a decision such as a claim, may be yours again at once.)
    planned = game in PLANNERS
    replied = wait_until(
        page, lambda v: (v.moves >= before.moves + (2 if planned else 1) and human_turn(v, "is"))
        or summary_shown(page),  # a deal's end: the table waits on its panel until Áfram
        what="the computer's reply",
    )
    if summary_shown(page):  # Áfram, then the next deal until it is the human's turn
        dismiss_summary(page, replied)
        return wait_until(page, lambda v: human_turn(v, "is"), what="the human's turn in the next deal")
    assert len(replied.log) == min(replied.moves, LOG_SHOWN), f"log {replied.log} vs {replied.status!r}"
    computers = (words["computer"], words["computer_n"].split()[0])  # "Tölvan", or "Tölva 2" of several
    assert replied.log[-1].startswith(computers if planned else (*computers, words["you"])), replied.log
    forced = WORDS["is"]["forced"].split("{")[0]  # "Þú átt aðeins einn leik: …" is news, not a complaint
    assert not replied.message or replied.message.startswith(forced), (
        f"unexpected message after a legal move: {replied.message!r}")
    return replied


# ---------------------------------------------------------------------------------------
# Tests without a browser: the pages themselves


def test_every_page_is_a_game_with_a_page() -> None:
    """pages/ holds exactly the pages of the games whose INFO has a `page`."""
    found = sorted(p.stem for p in PAGES.glob("*.ipynb"))
    assert found == sorted(games_with_pages()), (
        f"pages/ has {found}; the games' INFO.page say {games_with_pages()} (copy pages/kasina.ipynb)")


@pytest.mark.parametrize("game", games_with_pages())
def test_page_is_clean(game: str) -> None:
    """A page is one `play` cell, then its rules summary below it in both languages (each
    in a collapsible box the table's language switch shows or hides), stored without
    outputs, pointing to the notebook for the full rules and never to the rule files."""
    nb = nbformat.read(PAGES / f"{game}.ipynb", as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert nb.cells[0].cell_type == "code" and f'play("{game}"' in nb.cells[0].source, "the table comes first"
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, "pages are stored without outputs"
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for lang in ("is", "en"):
        assert f'<details class="cardlearn-page-{lang}"' in text, f"no {lang} rules box"
    assert "shared" not in text and "rules/" not in text, "pages must not point to the rule files"
    assert "Rules at a glance" in text
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"


# ---------------------------------------------------------------------------------------
# Tests in Chromium


@pytest.mark.browser
def test_index_lists_every_page(tab: Any, voila_url: str) -> None:
    tab.page.goto(voila_url + "/")
    for game in games_with_pages():  # by the page's title (its INFO's), linking to its page
        link = tab.page.locator(f"a.cardlearn-game-{game}")
        assert link.inner_text() == GAMES[game].INFO.page and GAMES[game].NAME["is"] in link.inner_text()
        assert link.get_attribute("href").endswith(f"/voila/render/{game}.ipynb")
    # and names each game's notebook in both languages, files that exist
    course = tab.page.locator("ul.cardlearn-course-list").inner_text()
    named = re.findall(r"notebooks/[\w/-]+\.ipynb", course)
    assert {n.startswith("notebooks/is/") for n in named} == {True, False}
    assert all((ROOT / n).exists() for n in named), named
    stems = [GAMES[g].INFO.notebook for g in games_with_pages() if GAMES[g].INFO.notebook]
    assert {f"notebooks/{folder}{stem}.ipynb" for stem in stems for folder in ("", "is/")} <= set(named)
    assert len(named) == 2 * (len(stems) + 1)  # the deck's notebook too
    screenshot(tab.page, "index")
    assert not tab.watch.outside, f"the index asked the internet for {tab.watch.outside}"


@pytest.mark.browser
@pytest.mark.parametrize("game", games_with_pages())
def test_page_plays(tab: Any, voila_url: str, game: str) -> None:
    page, watch = tab.page, tab.watch
    view = open_table(page, page_url(voila_url, game))
    screenshot(page, f"{game}-loaded")
    is_, en = WORDS["is"], WORDS["en"]
    # A new match starts at your turn (after any move of yours that was forced, made at once).
    assert view.status.startswith(is_["your_turn"]), view.status
    assert view.zone("hand"), f"no hand drawn: {view.text[:300]!r}"
    clickable = [c for c in view.cards if c.enabled] + [
        b for b in view.buttons if b["enabled"] and "cardlearn-action" in b["classes"]
    ]
    assert clickable, f"nothing to play with: {view.text[:300]!r}"
    assert view.button("cardlearn-undo")["text"] == is_["undo"]

    # Several moves by clicking, each answered by the bot.
    befores = []
    for _ in range(HUMAN_MOVES):
        befores.append(view)
        view = play_one_move(page, game, view)
    assert view.moves >= 2 * HUMAN_MOVES
    screenshot(page, f"{game}-after-moves")

    # Undo: back to the position before the last human move that was a choice (the bot's
    # reply undone too); undo does not stop where the move was forced (nothing to choose).
    forced = WORDS["is"]["forced"].split("{")[0]
    back = next((b for b in reversed(befores) if not b.message.startswith(forced)), befores[0])
    click_button(page, "cardlearn-undo")
    undone = wait_until(page, lambda v: v.moves == back.moves, what="undo to show")
    assert Counter(undone.zone("hand")) == Counter(back.zone("hand")), (undone.zone("hand"), back)
    assert undone.zone("table") == back.zone("table") and undone.log == back.log
    assert human_turn(undone, "is")
    screenshot(page, f"{game}-undo")
    # Play on from there.
    view = play_one_move(page, game, undone)

    # The language switch relabels the whole table; the hint lists three legal moves at most.
    click_button(page, "cardlearn-lang")
    english = wait_until(
        page, lambda v: v.button("cardlearn-undo")["text"] == en["undo"], what="English labels"
    )
    assert english.moves == view.moves and f"{en['moves']}:" in english.status, english.status
    assert english.button("cardlearn-lang")["text"] == en["lang"]
    # every line starts with who moved: "You", "The computer", or "Computer 2" of several
    subjects = (en["you"], en["computer"], en["computer_n"].split("{")[0])
    assert all(line.startswith(subjects) for line in english.log), english.log
    click_button(page, "cardlearn-hint")
    hinted = wait_until(page, lambda v: bool(v.hints), what="the hint list")
    if game in PLANNERS:
        legal, _ = PLANNERS[game](hinted)
        assert len(hinted.hints) == min(3, len(legal)), f"hints {hinted.hints} vs legal moves {legal}"
    screenshot(page, f"{game}-english-hint")
    felt = table_locator(page).locator(".cardlearn-felt").bounding_box()
    side = table_locator(page).locator(".cardlearn-side").bounding_box()
    if side["y"] >= felt["y"] + felt["height"]:  # wrapped below the felt: the hints get the whole row
        assert side["width"] >= 0.9 * felt["width"], f"hint column {side} under the felt {felt}"
    click_button(page, "cardlearn-lang")
    icelandic = wait_until(
        page, lambda v: v.button("cardlearn-undo")["text"] == is_["undo"], what="Icelandic labels again"
    )
    assert icelandic.moves == view.moves

    final = read_table(page)
    assert widget_error_text(page) is None
    assert not final.message.startswith(is_["bot_error"].split("{")[0]), final.message
    assert not watch.outside, f"the page asked the internet for {watch.outside}"
    assert not watch.widget_problems(), f"widget errors in the browser console: {watch.widget_problems()}"
    assert not watch.page_errors, f"errors thrown in the page: {watch.page_errors}"


def viewport_shot(page: Any, name: str) -> None:
    """What the window shows, unscrolled (not the whole page)."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUTPUT / f"{name}.png"))


def _fits(page: Any, what: str) -> None:
    where = outside_viewport(page)
    assert where["count"] > 0 and not where["outside"], (
        f"{what}: cards outside the window: {where['outside']}"
    )
    assert where["narrowest"] >= 70, f"{what}: a card only {where['narrowest']:.0f} px wide"


@pytest.mark.browser
@pytest.mark.parametrize("game", games_with_pages())
def test_page_fits_a_projector_and_teaches(tab: Any, voila_url: str, browser: Any, game: str) -> None:
    """At 1024 × 768 every card and Confirm are in view unscrolled, cards at least 70 px
    wide; a click on an unusable card says why; the last move is marked; the rules text
    follows the language switch."""
    page, watch = tab.page, tab.watch
    view = open_table(page, page_url(voila_url, game))
    _fits(page, "at the start")
    viewport_shot(page, f"{game}-1024x768")
    assert (
        page.locator(".cardlearn-page-is").is_visible()
        and not page.locator(".cardlearn-page-en").is_visible()
    )

    faded = [c for c in view.cards if not c.enabled]
    if faded:
        click_card(page, faded[0].zone, faded[0].card)
        told = wait_until(page, lambda v: bool(v.message), what="a reason for the unusable card")
        assert told.moves == view.moves, "a click on an unusable card must not move"

    # One move and its reply: the last move is shown, and the table still fits.  (A whole
    # deal of every game, its end panel and the checks after every move are in
    # test_classroom.py.)
    view = play_one_move(page, game, read_table(page))
    assert page.locator(".cardlearn-last-move").inner_text().strip(), "the last move is not shown"
    if game == "kasina":  # every Kasína move shows its cards: they are marked
        assert page.locator(".cardlearn-table .cardlearn-last").count() > 0, "the last move is not marked"
    _fits(page, f"after {view.moves} moves")

    click_button(page, "cardlearn-lang")
    wait_until(page, lambda v: v.button("cardlearn-undo")["text"] == WORDS["en"]["undo"], what="English")
    assert (
        page.locator(".cardlearn-page-en").is_visible()
        and not page.locator(".cardlearn-page-is").is_visible()
    )

    big = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        wide = big.new_page()
        open_table(wide, page_url(voila_url, game))
        _fits(wide, "at 1920 × 1080")
        viewport_shot(wide, f"{game}-1920x1080")
    finally:
        big.close()
    assert not watch.outside, f"the page asked the internet for {watch.outside}"
    assert not watch.page_errors, f"errors thrown in the page: {watch.page_errors}"


@pytest.mark.browser
def test_four_seats_fit_a_projector(tab: Any, tmp_path: Any) -> None:
    """The table of a four-seat game in teams (the tests' fake game): the partner across,
    the others left and right, every card in view at 1024 × 768, also in the teacher's view."""
    import nbformat as nbf

    tests = Path(__file__).resolve().parents[1]
    nb = nbf.v4.new_notebook()
    nb.cells = [nbf.v4.new_code_cell(f"import sys\nsys.path.insert(0, {str(tests)!r})\nimport fakegame\n"
                                     "from cardlearn import play\nplay(fakegame, delay=0.3)")]
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    nbf.write(nb, tmp_path / "fake.ipynb")
    page = tab.page
    with voila_server("voila-fake.log", root=tmp_path) as base:
        open_table(page, f"{base}/voila/render/fake.ipynb")
        for seat, place in ((1, "left"), (2, "top"), (3, "right")):
            assert page.locator(f".cardlearn-{place} .cardlearn-seat-{seat}").count() == 1, (seat, place)
        _fits(page, "four seats")
        viewport_shot(page, "fake-4-seats-1024x768")
        click_button(page, "cardlearn-teacher")
        page.locator(".cardlearn-teacher-on").wait_for()
        settle(page)
        _fits(page, "four seats, teacher's view")
        assert page.locator(".cardlearn-teacher-card").count() == 12  # three hands of four, face up
        viewport_shot(page, "fake-4-seats-teacher")
        page.close()
