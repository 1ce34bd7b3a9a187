"""The classroom pages (`pages/<game>.ipynb`, served by Voilà) in a real Chromium: the
table is drawn, moves are made by clicking cards and buttons, the page shows what the
engine says, undo and the language switch work, and nothing is fetched from outside.

Screenshots: `test-output/browser/<game>-loaded.png`, `-after-moves.png`, `-undo.png`,
`-english-hint.png`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import nbformat
import pytest
from browserkit import (
    PAGES,
    PLANNERS,
    TableView,
    check_human_move,
    click_button,
    click_card,
    click_tokens,
    clickable_hand,
    games_with_pages,
    open_table,
    read_table,
    screenshot,
    table_locator,
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

def click_any_move(page: Any, before: TableView) -> TableView:
    """For a game without a planner: click enabled cards (hand first), Confirm or an action
    button until a move is made."""
    view = before
    for _ in range(12):
        if view.moves > before.moves:
            return view
        if view.button("cardlearn-confirm")["enabled"]:
            click_button(page, "cardlearn-confirm")
        elif any(b["enabled"] and "cardlearn-action" in b["classes"] for b in view.buttons):
            table_locator(page).locator("button.cardlearn-action:enabled").first.click()
        else:
            choice = next((c for c in sorted(view.cards, key=lambda c: c.zone != "hand")
                           if c.enabled and not c.selected), None)
            assert choice is not None, f"nothing to click: {view.text[:300]!r}"
            click_card(page, choice.zone, choice.card)
        shown = view
        view = wait_until(page, lambda v, s=shown: v.moves > s.moves or v.selected() != s.selected()
                          or v.buttons != s.buttons, what="a click to show")
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
            f"({allowed}); table {before.zone('table')}")
        after = click_tokens(page, before, tokens)
        check_human_move(before, after, tokens)
    assert after.moves in (before.moves + 1, before.moves + 2), f"{before.status!r} → {after.status!r}"
    mine = [line for line in after.log if line.startswith(words["you"] + ":")]
    assert mine, f"no move of yours in the log: {after.log}"
    # The bot replies after the page's delay; then it is the human's turn again.
    replied = wait_until(page, lambda v: v.moves >= before.moves + 2 and human_turn(v, "is"),
                         what="the computer's reply")
    assert len(replied.log) == min(replied.moves, LOG_SHOWN), f"log {replied.log} vs {replied.status!r}"
    assert replied.log[-1].startswith(words["computer"]), replied.log
    assert not replied.message, f"unexpected message after a legal move: {replied.message!r}"
    return replied


# ---------------------------------------------------------------------------------------
# Tests without a browser: the pages themselves

def test_every_game_has_a_page() -> None:
    missing = [g for g in GAMES if not (PAGES / f"{g}.ipynb").exists()]
    assert not missing, f"games without a classroom page in pages/: {missing} (copy pages/kasina.ipynb)"


@pytest.mark.parametrize("game", games_with_pages())
def test_page_is_clean(game: str) -> None:
    """A page is a rules summary and one `play` cell, stored without outputs."""
    nb = nbformat.read(PAGES / f"{game}.ipynb", as_version=4)
    nbformat.validate(nb)
    assert nb.cells[0].cell_type == "markdown", "a page starts with its rules summary"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert any(f'play("{game}"' in c.source for c in code), f"no play({game!r}) cell"
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, "pages are stored without outputs"
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"


# ---------------------------------------------------------------------------------------
# Tests in Chromium

@pytest.mark.browser
def test_index_lists_every_page(tab: Any, voila_url: str) -> None:
    tab.page.goto(voila_url + "/")
    for game in games_with_pages():  # the index is drawn by a script: wait for each name
        tab.page.get_by_text(f"{game}.ipynb", exact=True).wait_for()
    screenshot(tab.page, "index")
    assert not tab.watch.outside, f"the index asked the internet for {tab.watch.outside}"


@pytest.mark.browser
@pytest.mark.parametrize("game", games_with_pages())
def test_page_plays(tab: Any, voila_url: str, game: str) -> None:
    page, watch = tab.page, tab.watch
    view = open_table(page, page_url(voila_url, game))
    screenshot(page, f"{game}-loaded")
    is_, en = WORDS["is"], WORDS["en"]
    assert view.moves == 0 and view.status.startswith(is_["your_turn"]), view.status
    assert view.zone("hand"), f"no hand drawn: {view.text[:300]!r}"
    clickable = [c for c in view.cards if c.enabled] + [b for b in view.buttons if b["enabled"]
                                                        and "cardlearn-action" in b["classes"]]
    assert clickable, f"nothing to play with: {view.text[:300]!r}"
    assert view.button("cardlearn-undo")["text"] == is_["undo"]

    # Several moves by clicking, each answered by the bot.
    befores = []
    for _ in range(HUMAN_MOVES):
        befores.append(view)
        view = play_one_move(page, game, view)
    assert view.moves >= 2 * HUMAN_MOVES
    screenshot(page, f"{game}-after-moves")

    # Undo: back to the position before the last human move (the bot's reply undone too).
    back = befores[-1]
    click_button(page, "cardlearn-undo")
    undone = wait_until(page, lambda v: v.moves == back.moves, what="undo to show")
    assert Counter(undone.zone("hand")) == Counter(back.zone("hand")), (undone.zone("hand"), back)
    assert undone.zone("table") == back.zone("table") and undone.log == back.log
    assert human_turn(undone, "is")
    screenshot(page, f"{game}-undo")
    # Play on from there.
    view = play_one_move(page, game, undone)

    # The language switch relabels the whole table; the hint lists the legal moves.
    click_button(page, "cardlearn-lang")
    english = wait_until(page, lambda v: v.button("cardlearn-undo")["text"] == en["undo"],
                         what="English labels")
    assert english.moves == view.moves and f"{en['moves']}:" in english.status, english.status
    assert english.button("cardlearn-lang")["text"] == en["lang"]
    assert all(line.startswith((en["you"], en["computer"])) for line in english.log), english.log
    click_button(page, "cardlearn-hint")
    hinted = wait_until(page, lambda v: bool(v.hints), what="the hint list")
    if game in PLANNERS:
        legal, _ = PLANNERS[game](hinted)
        assert len(hinted.hints) == len(legal), f"hints {hinted.hints} vs legal moves {legal}"
    screenshot(page, f"{game}-english-hint")
    click_button(page, "cardlearn-lang")
    icelandic = wait_until(page, lambda v: v.button("cardlearn-undo")["text"] == is_["undo"],
                           what="Icelandic labels again")
    assert icelandic.moves == view.moves

    final = read_table(page)
    assert widget_error_text(page) is None
    assert not final.message.startswith(is_["bot_error"].split("{")[0]), final.message
    assert not watch.outside, f"the page asked the internet for {watch.outside}"
    assert not watch.widget_problems(), f"widget errors in the browser console: {watch.widget_problems()}"
    assert not watch.page_errors, f"errors thrown in the page: {watch.page_errors}"
