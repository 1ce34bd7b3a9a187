"""The table for every pupil (issue 33) in Chromium: axe-core's WCAG 2.1 A and AA rules on
the index and every page in both languages, cards named in the page's language as the
accessibility tree reads them, the live region, and moves made by keyboard alone.

axe-core comes from the PyPI package `axe-playwright-python` (its bundled `axe.min.js`,
injected into the page; nothing is fetched)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    HAND_CARD,
    MOVE_TIMEOUT_MS,
    PAGE_TIMEOUT_MS,
    TABLE,
    games_with_pages,
    page_room,
    plan,
    settle,
)

from cardlearn.cards import Card

pytestmark = pytest.mark.browser

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
AXE_RUN = """async (tags) => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
  return r.violations.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').slice(0, 200))
  }));
}"""


def axe_source() -> str:
    try:
        import axe_playwright_python
    except ImportError:  # the test extra installs it; CI=true makes a skip a failure (conftest)
        pytest.skip("axe-core not installed: pip install axe-playwright-python (make setup does)")
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def violations(page: Any) -> list[dict[str, Any]]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    return list(page.evaluate(AXE_RUN, TAGS))


def open_page(page: Any, base: str, game: str) -> None:
    page.goto(f"{base}/voila/render/{game}.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(HAND_CARD, state="attached", timeout=PAGE_TIMEOUT_MS)
    settle(page)


def test_the_index_passes_axe(tab: Any, voila_url: str) -> None:
    tab.page.goto(voila_url + "/")
    tab.page.wait_for_selector("a.cardlearn-game-kasina")
    assert violations(tab.page) == []


@pytest.mark.parametrize("game", games_with_pages())
def test_each_page_passes_axe_in_both_languages(tab: Any, voila_url: str, game: str) -> None:
    page = tab.page
    open_page(page, voila_url, game)
    assert page.evaluate("document.documentElement.lang") == "is"
    assert violations(page) == [], game
    page.locator(f"{TABLE} button.cardlearn-lang").click()
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=MOVE_TIMEOUT_MS)
    settle(page)
    assert violations(page) == [], f"{game} in English"
    assert not tab.watch.page_errors, tab.watch.page_errors


@pytest.mark.parametrize("game", games_with_pages())
def test_cards_are_named_in_the_accessibility_tree(tab: Any, voila_url: str, pages_store: Any,
                                                  game: str) -> None:
    """Each card of the pupil's hand is a button named by its Icelandic name ("tígulnía"),
    as a screen reader reads it; no other seat's card is named anywhere; the hand is a
    labelled group; the live region says whose turn it is."""
    page = tab.page
    open_page(page, voila_url, game)
    state = page_room(page, pages_store).state()
    for card in state.hands[0]:
        name = Card.parse(str(card)).name("is")
        assert page.get_by_role("button", name=re.compile("^" + re.escape(name))).count() >= 1, name
    for seat in range(1, state.players):
        for card in state.hands[seat]:  # hidden cards are nowhere named (nor drawn)
            if card in state.hands[0] or page.locator(f"{TABLE} .cardlearn-card-{card}").count():
                continue  # two decks (Kínaskák): the same card may lie open elsewhere
            named = re.compile("^" + re.escape(card.name("is")) + r"\b")
            assert page.get_by_role("button", name=named).count() == 0, (seat, card)
    hand = page.get_by_role("group", name=re.compile("^Spilin þín"))
    assert hand.count() == 1
    status = page.locator("#cardlearn-live-polite")
    assert status.get_attribute("aria-live") == "polite"
    said = "() => /á leik|átt/.test(document.getElementById('cardlearn-live-polite').textContent)"
    page.wait_for_function(said, timeout=MOVE_TIMEOUT_MS)


FOCUSED = "() => { const a = document.activeElement; return a ? a.className : ''; }"


def press_to(page: Any, want: str, keys: list[str], key: str = "Tab", limit: int = 80) -> None:
    """Press `key` until the focused element has every class in `want`."""
    for _ in range(limit):
        if all(c in page.evaluate(FOCUSED).split() for c in want.split()):
            return
        page.keyboard.press(key)
        keys.append(key)
    raise AssertionError(f"{want} never got focus by {key}; focus on {page.evaluate(FOCUSED)}")


def focus_stays(page: Any, after: str) -> None:
    """Focus comes back to the table at once after a move (a redraw may take it away for a
    moment: the page's script gives it back at the next frame, or within a quarter second)."""
    try:
        page.wait_for_function("() => (document.activeElement.className || '').includes('cardlearn-')",
                               timeout=2000, polling=50)
    except Exception:
        raise AssertionError(f"focus left the table after the move: {page.evaluate(FOCUSED)!r}, "
                             f"{after}") from None


def moves_of(page: Any) -> int:
    return int(page.eval_on_selector(TABLE, "r => r.dataset.moves || '-1'"))


def reach(page: Any, zone: str, card: Any, keys: list[str]) -> None:
    """Bring focus by keys to the target of `zone` (card None) or to `card` in `zone`: Tab
    from row to row (each row of cards is one tab stop), Home and the arrows within one."""
    key = "Shift+Tab" if page.evaluate(BEHIND, f"cardlearn-zone-{zone}") else "Tab"  # the short way
    if card is None:
        press_to(page, f"cardlearn-target cardlearn-zone-{zone}", keys, key)
        return
    want = f"cardlearn-card-{card}"
    for _ in range(40):
        press_to(page, f"cardlearn-card cardlearn-zone-{zone}", keys, key)
        page.keyboard.press("Home")
        keys.append("Home")
        seen: set[str] = set()
        while want not in (now := page.evaluate(FOCUSED)).split() and now not in seen:
            seen.add(now)
            page.keyboard.press("ArrowRight")
            keys.append("ArrowRight")
        if want in now.split():
            return
        page.keyboard.press(key)  # not in this row: the next stop
        keys.append(key)
    raise AssertionError(f"{card} in {zone} never got focus")


# Is the first button of a zone before the focused element on the page?
BEHIND = """(zone) => { const b = document.querySelector('.cardlearn-table button.' + zone);
  return !!b && !!(document.activeElement.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_PRECEDING); }"""
READY = f"{TABLE} button.cardlearn-confirm:not(.cardlearn-unusable)"


def pupils_turn(page: Any, store: Any) -> Any:
    """The room's state once it is the pupil's turn on the page, or None at the deal's end."""
    deadline = time.monotonic() + MOVE_TIMEOUT_MS / 1000
    while (state := page_room(page, store).state()).to_move != 0 or not page.locator(
            f"{TABLE} .cardlearn-bottom.cardlearn-to-move").count():
        if page.locator(".cardlearn-summary button.cardlearn-dismiss").count():
            return None
        assert time.monotonic() < deadline, "the pupil's turn never came"
        time.sleep(0.05)
    return state


@pytest.mark.parametrize("game", games_with_pages())
def test_a_whole_deal_by_keyboard_alone(tab: Any, voila_url: str, pages_store: Any, game: str) -> None:
    """A whole deal of each game by keys only: the skip link to the hand; Tab between rows
    of cards (each one tab stop), Home and the arrows within one, Space to choose, S to
    confirm, Enter on a move's own button (a bid, a draw, a buy); after every move focus is
    in the table (never on <body> or the page), and at the deal's end on Áfram, which Enter
    presses.  axe-core finds no violation mid-deal (after the pupil's third move) and at
    the deal's end.  The key presses per move are printed."""
    page = tab.page
    open_page(page, voila_url, game)
    page.keyboard.press("Tab")  # the skip link: the page's first stop
    assert "spilin þín" in page.evaluate("() => document.activeElement.textContent").lower()
    page.keyboard.press("Enter")
    assert "cardlearn-" in page.evaluate(FOCUSED)
    per_move: list[int] = []
    while (state := pupils_turn(page, pages_store)) is not None:
        assert len(per_move) < 120, "the deal did not end"
        before = moves_of(page)
        keys: list[str] = []
        _move, tokens = plan(game, state)
        for zone, card in tokens:
            classes = (f"cardlearn-target.cardlearn-zone-{zone}" if card is None
                       else f"cardlearn-card-{card}.cardlearn-zone-{zone}")
            shown = page.locator(f"{TABLE} button.{classes}").first
            if "mod-success" in (shown.get_attribute("class") or ""):
                continue  # a forced move's cards come chosen
            reach(page, zone, card, keys)
            page.keyboard.press("Space")
            keys.append("Space")
        # Staðfesta turns usable in a redraw of its own: wait for it, or for a move's buttons
        page.wait_for_function(
            f"() => document.querySelector('{READY}') !== null"
            f" || document.querySelector('{TABLE} button.cardlearn-action') !== null",
            timeout=MOVE_TIMEOUT_MS, polling=30)
        if tokens and page.locator(READY).count():
            page.keyboard.press("s")
            keys.append("s")
        else:  # a move without cards, or one a selection leaves open: its own button, the
            # second if there are more (Lomber's "spil", so that the pupil plays a game)
            press_to(page, "cardlearn-action", keys)
            if page.locator(f"{TABLE} button.cardlearn-action").count() > 1:
                page.keyboard.press("Tab")
                keys.append("Tab")
            page.keyboard.press("Enter")
            keys.append("Enter")
        page.wait_for_function(f"() => Number(document.querySelector('{TABLE}').dataset.moves) > {before}",
                               timeout=MOVE_TIMEOUT_MS)
        focus_stays(page, f"keys {keys}")
        per_move.append(len(keys))
        if len(per_move) == 3:  # the deal's middle, as axe sees it
            found = violations(page)
            assert not found, f"{game}, mid-deal: {found}"
    page.wait_for_function("() => (document.activeElement.className || '').includes('cardlearn-dismiss')",
                           timeout=MOVE_TIMEOUT_MS)
    found = violations(page)
    assert not found, f"{game}, the deal's end: {found}"
    ended = moves_of(page)
    page.keyboard.press("Enter")  # Áfram: the next deal
    page.wait_for_function(
        f"() => !document.querySelector('.cardlearn-summary button.cardlearn-dismiss')"
        f" || Number(document.querySelector('{TABLE}').dataset.moves) > {ended}", timeout=MOVE_TIMEOUT_MS)
    print(f"{game}: a whole deal by keyboard, {len(per_move)} moves, key presses per move {per_move}"
          f" (median {sorted(per_move)[len(per_move) // 2]})")
    assert per_move, "the pupil made no move"
    assert not tab.watch.page_errors, tab.watch.page_errors
