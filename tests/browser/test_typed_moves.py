"""The text view (issue 33, point 5) in Chromium: on the Kasína page (a room) the pupil turns
it on and plays a whole deal by typing only, keyboard alone: moves in the game's notation and
by card words, Enter to play; a text that is no move is refused on the message line and kept
in the field; leaving the field sends nothing; after each move focus stays in the field,
which is emptied; the deal's end comes."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest
from browserkit import HAND_CARD, MOVE_TIMEOUT_MS, PAGE_TIMEOUT_MS, TABLE, page_room, settle

from cardlearn.games import GAMES

pytestmark = pytest.mark.browser

FIELD = f"{TABLE} .cardlearn-typed input"
IN_FIELD = "() => !!(document.activeElement && document.activeElement.closest('.cardlearn-typed'))"
FOCUSED = "() => { const a = document.activeElement; return a ? a.className : ''; }"


def moves_of(page: Any) -> int:
    return int(page.eval_on_selector(TABLE, "r => r.dataset.moves || '-1'"))


def press_to(page: Any, test: str, limit: int = 80) -> int:
    """Tab until `test` (a function of the page) is true; how many presses it took."""
    for n in range(limit):
        if page.evaluate(test):
            return n
        page.keyboard.press("Tab")
    raise AssertionError(f"never reached by Tab; focus on {page.evaluate(FOCUSED)}")


def words_for(state: Any) -> tuple[Any, str] | None:
    """A legal move named by its cards alone (no other legal move holds them all), and
    those cards' Icelandic names."""
    game = GAMES["kasina"]
    legal = state.legal_actions()

    def cards(a: Any) -> Counter[Any]:
        return Counter(c for _, c in game.action_cards(state, a) if c is not None)

    for a in legal:
        if not any(cards(a) <= cards(b) for b in legal if b != a):
            return a, " ".join(c.name("is") for c in cards(a).elements())
    return None


def test_kasina_by_typing_alone(tab: Any, voila_url: str, pages_store: Any) -> None:
    page = tab.page
    page.goto(f"{voila_url}/voila/render/kasina.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(HAND_CARD, state="attached", timeout=PAGE_TIMEOUT_MS)
    settle(page)
    # the toggle, by Tab and Enter; pressed, the script says so (aria-pressed from mod-success)
    press_to(page, "() => document.activeElement.classList.contains('cardlearn-textview-toggle')")
    page.keyboard.press("Enter")
    page.wait_for_selector(FIELD, timeout=MOVE_TIMEOUT_MS)
    toggle = page.locator(f"{TABLE} button.cardlearn-textview-toggle")
    assert "mod-success" in (toggle.get_attribute("class") or "")
    panel = page.locator(f"{TABLE} .cardlearn-textview-text")
    assert panel.get_attribute("lang") == "is" and panel.locator("h3").count() >= 5
    assert page.get_by_label("Skrifaðu leik").count() == 1, "the field has no visible label"
    press_to(page, IN_FIELD)
    made = 0
    refused = False
    for turn in range(40):  # a deal of Kasína: 24 moves of the pupil's
        deadline = time.monotonic() + MOVE_TIMEOUT_MS / 1000
        while (state := page_room(page, pages_store).state()).to_move != 0 or not page.locator(
                f"{TABLE} .cardlearn-bottom.cardlearn-to-move").count():
            if page.locator(".cardlearn-summary button.cardlearn-dismiss").count():
                break  # the deal's end came first
            assert time.monotonic() < deadline, "the pupil's turn never came"
            time.sleep(0.05)
        else:
            hand = [c.name("is") for c in state.hands[0]]
            text = panel.inner_text()
            assert all(name in text for name in hand), (hand, text)
            if not refused:  # a text that is no move: said, kept in the field, nothing made
                before = moves_of(page)
                page.keyboard.type("blárra hestur")
                page.keyboard.press("Enter")
                page.wait_for_function(
                    f"() => document.querySelector('{TABLE} .cardlearn-message')"
                    ".textContent.includes('skil ekki')", timeout=MOVE_TIMEOUT_MS)
                assert page.input_value(FIELD) == "blárra hestur" and moves_of(page) == before
                page.keyboard.press("Control+A")
                page.keyboard.press("Backspace")
                refused = True
            by_words = words_for(state) if turn % 2 else None
            first = state.legal_actions()[0]
            action, typed = by_words if by_words else (first, str(first))
            before = moves_of(page)
            page.keyboard.type(typed)
            if turn == 0:  # leaving the field to read the table sends nothing; coming back, Enter does
                page.keyboard.press("Shift+Tab")
                page.wait_for_timeout(700)
                assert moves_of(page) == before, "leaving the field made the move"
                page.keyboard.press("Tab")
                assert page.evaluate(IN_FIELD)
            page.keyboard.press("Enter")
            try:
                page.wait_for_function(
                    f"() => Number(document.querySelector('{TABLE}').dataset.moves) > {before}",
                    timeout=MOVE_TIMEOUT_MS)
            except Exception:
                message = page.inner_text(f"{TABLE} .cardlearn-message")
                raise AssertionError(f"{typed!r} not played: {message!r}") from None
            after = page_room(page, pages_store).state()
            assert after.history[len(state.history)] == action, (typed, action)
            page.wait_for_function(f"() => document.querySelector('{FIELD}').value === ''",
                                   timeout=MOVE_TIMEOUT_MS)
            page.wait_for_timeout(300)
            assert page.evaluate(IN_FIELD), f"focus left the field: {page.evaluate(FOCUSED)}"
            made += 1
            continue
        break
    assert page.locator(".cardlearn-summary button.cardlearn-dismiss").count(), f"no deal's end after {made}"
    assert made >= 20, f"only {made} moves typed"
    print(f"kasina: a whole deal typed, {made} moves")
    assert not tab.watch.page_errors, tab.watch.page_errors
