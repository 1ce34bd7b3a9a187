"""The guided first deal on a classroom page, in Chromium (issue 35, point 1; Kasína so far):
"Lærðu spilið" opens it; the step is shown and said; the lit cards are the next move and
are named so; a click off them is answered and nothing moves; followed by its suggestions it
goes on; axe finds nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browserkit import MOVE_TIMEOUT_MS, PAGE_TIMEOUT_MS, TABLE, screenshot
from test_access import READY, focus_stays, reach
from test_index_access import axe_violations

from cardlearn.guided import GUIDES
from cardlearn.table.room import page_path

pytestmark = pytest.mark.browser



def play_lit_move(page: Any, first: str, timeout: int) -> None:
    """Click the lit cards and Staðfesta (the guided Kasína deal's first move, by a mouse); wait
    for the computer's answer in the step (`first`: the step before) and the next lit move."""
    for button in page.query_selector_all("button.cardlearn-card.cardlearn-suggested"):
        button.click()
        page.wait_for_timeout(200)
    page.click("button.cardlearn-confirm")
    page.wait_for_function("t => { const s = document.querySelector('.cardlearn-step');"
                           " return s && s.innerText !== t && s.innerText.includes('Tölvan'); }",
                           arg=first, timeout=timeout)
    page.wait_for_selector("button.cardlearn-suggested", timeout=30_000)


def test_the_guided_kasina_deal_on_its_page(tab: Any, voila_url: str) -> None:
    page = tab.page
    page.goto(f"{voila_url}/{page_path('kasina')}", wait_until="domcontentloaded")
    page.wait_for_selector(".cardlearn-learn", timeout=PAGE_TIMEOUT_MS)
    page.click(".cardlearn-learn")
    step = page.wait_for_selector(".cardlearn-step", timeout=PAGE_TIMEOUT_MS)
    assert "kasínu" in step.inner_text()
    lit = page.query_selector_all("button.cardlearn-suggested")
    assert lit, "the next move is lit"
    assert all("næsti leikur" in (b.get_attribute("aria-label") or "") for b in lit)
    assert axe_violations(page) == []
    screenshot(page, "learn-kasina-start")
    # a card that is not lit: answered, nothing chosen
    unlit = "button.cardlearn-card.cardlearn-zone-hand:not(.cardlearn-suggested)"
    other = page.query_selector(f"{TABLE} {unlit}")
    other.click()
    page.wait_for_function("() => document.querySelector('.cardlearn-message').innerText.startsWith('Ekki')")
    assert page.query_selector_all(f"{TABLE} button.cardlearn-card.mod-success") == []
    # the lit cards, then Staðfesta: the first move is made, the computer answers, the next step comes
    play_lit_move(page, step.inner_text(), 30_000)
    screenshot(page, "learn-kasina-step-3")


@pytest.mark.parametrize("game", [g for g in GUIDES if g != "kasina"])
def test_every_guided_deal_opens_on_its_page_and_takes_its_first_lit_move(tab: Any, voila_url: str,
                                                                       game: str) -> None:
    page = tab.page
    english = game == "kozel"  # one page by the English rules' "Learn the game": in English
    if english:
        page.goto(f"{voila_url}/{page_path(game)}", wait_until="domcontentloaded")
        page.wait_for_selector("button.cardlearn-lang", timeout=PAGE_TIMEOUT_MS)
        page.click("button.cardlearn-lang")  # "English": the page's English words show
        page.wait_for_selector(".cardlearn-page-en .cardlearn-learn", timeout=PAGE_TIMEOUT_MS)
        page.click(".cardlearn-page-en .cardlearn-learn")
    else:
        page.goto(f"{voila_url}/{page_path(game)}?learn=1", wait_until="domcontentloaded")
    step = page.wait_for_selector(".cardlearn-step", timeout=PAGE_TIMEOUT_MS)
    first = step.inner_text()
    if english:
        assert "Deal 1" in page.inner_text(".cardlearn-title"), "the guided deal opened in English"
    page.wait_for_selector("button.cardlearn-suggested", timeout=30_000)
    assert axe_violations(page) == []
    lit_actions = page.query_selector_all("button.cardlearn-action.cardlearn-suggested")
    if lit_actions:
        lit_actions[0].click()  # a bid, "pass": the move is the button
    else:
        for button in page.query_selector_all("button.cardlearn-card.cardlearn-suggested"):
            button.click()
            page.wait_for_timeout(200)
        page.click("button.cardlearn-confirm")
    page.wait_for_function("t => { const s = document.querySelector('.cardlearn-step');"
                           " return s && s.innerText !== t; }", arg=first, timeout=30_000)
    screenshot(page, f"learn-{game}-after-first-move")
    if game == "kozel":  # Computer 3's claim begins the trick anew: no card keeps an old caption
        page.wait_for_selector(f"{TABLE} button.cardlearn-zone-trick.cardlearn-card-KS", timeout=30_000)
        captions = page.eval_on_selector_all(f"{TABLE} button.cardlearn-zone-trick",
                                             "bs => bs.map(b => b.innerText.trim())")
        assert [c for c in captions if c and c != "\u200b"] == ["Computer 3 · four of a suit"], captions


LIT = f"{TABLE} button.cardlearn-card.cardlearn-suggested"


# the match's moves so far, from the status line ("Leikir í viðureigninni: 4"): a table of its
# own has no room's `data-moves`
MOVES_MADE = ("() => Number((document.querySelector('.cardlearn-status').innerText"
              ".match(/viðureigninni:\\s*(\\d+)/) || [0, -1])[1])")


def moves_made(page: Any) -> int:
    return int(page.evaluate(MOVES_MADE))


def lit_tokens(page: Any) -> list[tuple[str, str]]:
    """The lit cards as (zone, card) from their classes (`cardlearn-zone-hand`, `cardlearn-card-7D`)."""
    found = []
    for classes in page.eval_on_selector_all(LIT, "bs => bs.map(b => b.className)"):
        zone = re.search(r"cardlearn-zone-(\S+)", classes)
        card = re.search(r"cardlearn-card-(\S+)", classes)
        assert zone and card, classes
        found.append((zone.group(1), card.group(1)))
    return found


def test_the_guided_kasina_deal_whole_by_keyboard_alone(tab: Any, voila_url: str) -> None:
    """The guided deal to its end by keys only, as a pupil who cannot use a mouse plays it:
    the skip link to the hand, Tab from row to row, Home and the arrows within one, Space on
    each lit card, S to confirm; focus stays in the table after every move; axe finds nothing
    mid-deal or on the end panel, whose button ("Spilaðu alvöru spil") Enter presses, and the
    real deal goes on."""
    page = tab.page
    page.goto(f"{voila_url}/{page_path('kasina')}?learn=1", wait_until="domcontentloaded")
    page.wait_for_selector(LIT, timeout=PAGE_TIMEOUT_MS)
    page.keyboard.press("Tab")  # the skip link: the page's first stop
    assert "spilin þín" in page.evaluate("() => document.activeElement.textContent").lower()
    page.keyboard.press("Enter")
    moves = 0
    while not page.locator(".cardlearn-summary button.cardlearn-dismiss").count():
        assert moves < 60, "the guided deal did not end"
        # the pupil's turn: the lit cards, or a forced move's cards already chosen (Staðfesta usable)
        page.wait_for_function(
            f"() => (document.querySelector('{TABLE} .cardlearn-bottom.cardlearn-to-move')"
            f" && (document.querySelector('{LIT}') || document.querySelector('{READY}')))"
            " || document.querySelector('.cardlearn-summary button.cardlearn-dismiss')",
            timeout=MOVE_TIMEOUT_MS, polling=50)
        if page.locator(".cardlearn-summary button.cardlearn-dismiss").count():
            break
        before = moves_made(page)
        keys: list[str] = []
        tokens = lit_tokens(page)
        if not tokens and not page.locator(READY).count():  # caught mid-redraw: look again
            page.wait_for_timeout(100)
            continue
        for zone, card in tokens:
            shown = page.locator(f"{TABLE} button.cardlearn-card-{card}.cardlearn-zone-{zone}").first
            if "mod-success" in (shown.get_attribute("class") or ""):
                continue  # a forced move's cards come chosen
            reach(page, zone, card, keys)
            page.keyboard.press("Space")
            keys.append(f"Space on {card}")
            # as a pupil sees the card chosen before going on (a key pressed mid-redraw is lost)
            chosen = f"{TABLE} button.cardlearn-card-{card}.cardlearn-zone-{zone}.mod-success"
            page.wait_for_selector(chosen, timeout=MOVE_TIMEOUT_MS)
        try:
            page.wait_for_selector(READY, timeout=MOVE_TIMEOUT_MS)
        except Exception:
            raise AssertionError(f"move {moves + 1}: no move chosen after {keys}; lit {lit_tokens(page)}, "
                                 f"message {page.inner_text('.cardlearn-message')!r}") from None
        page.keyboard.press("s")
        page.wait_for_function(MOVES_MADE + f" > {before}", timeout=MOVE_TIMEOUT_MS)
        focus_stays(page, f"move {moves + 1}")
        moves += 1
        if moves == 6:
            assert axe_violations(page) == [], "mid-deal"
    assert moves >= 10, f"only {moves} moves by the pupil"
    page.wait_for_function("() => (document.activeElement.className || '').includes('cardlearn-dismiss')",
                           timeout=MOVE_TIMEOUT_MS)
    assert page.inner_text(".cardlearn-summary button.cardlearn-dismiss").strip() == "Spilaðu alvöru spil"
    assert axe_violations(page) == [], "the end panel"
    screenshot(page, "learn-kasina-end")
    page.keyboard.press("Enter")  # a real deal: the computer on its own, nothing lit
    page.wait_for_function("() => !document.querySelector('.cardlearn-summary button.cardlearn-dismiss')",
                           timeout=MOVE_TIMEOUT_MS)
    page.wait_for_selector(f"{TABLE} .cardlearn-bottom.cardlearn-to-move", timeout=MOVE_TIMEOUT_MS)
    assert page.locator(LIT).count() == 0 and page.locator(".cardlearn-step").count() == 0
    assert not tab.watch.page_errors, tab.watch.page_errors
