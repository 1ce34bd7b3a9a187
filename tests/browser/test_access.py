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


def moves_of(page: Any) -> int:
    return int(page.eval_on_selector(TABLE, "r => r.dataset.moves || '-1'"))


@pytest.mark.xfail(strict=False, reason=(
    "issue 33, open: under CI load focus once stayed on Voilà's notebook (jp-Notebook) after "
    "the played card's button left the hand, with no focus event for the script to act on; "
    "passes on a quiet machine"))
@pytest.mark.parametrize("game", ["kasina"])
def test_moves_by_keyboard_alone(tab: Any, voila_url: str, pages_store: Any, game: str) -> None:
    """Kasína: the pupil's first eight moves by keys only: the skip link to the hand, arrows between
    its cards, Space to choose, Tab to a card on the table, S to confirm; after each move
    focus is back in the hand (never on <body>)."""
    page = tab.page
    open_page(page, voila_url, game)
    per_move: list[int] = []
    page.evaluate("""() => { window.__f = []; document.addEventListener('focusin',
        e => window.__f.push(e.target.className.slice(0, 70)), true); }""")
    page.keyboard.press("Tab")  # the skip link: the page's first stop
    assert "spilin þín" in page.evaluate("() => document.activeElement.textContent").lower()
    page.keyboard.press("Enter")
    assert "cardlearn-zone-hand" in page.evaluate(FOCUSED)
    for _ in range(8):
        deadline = time.monotonic() + MOVE_TIMEOUT_MS / 1000
        while (state := page_room(page, pages_store).state()).to_move != 0 or not page.locator(
                f"{TABLE} .cardlearn-bottom.cardlearn-to-move").count():
            if page.locator(".cardlearn-summary button.cardlearn-dismiss").count():
                return  # the deal's end came first
            assert time.monotonic() < deadline, "the pupil's turn never came"
            time.sleep(0.05)
        before = moves_of(page)
        keys: list[str] = []
        _move, tokens = plan(game, state)
        if not tokens:
            press_to(page, "cardlearn-action", keys)
            page.keyboard.press("Enter")
            keys.append("Enter")
        for zone, card in tokens:
            classes = (f"cardlearn-target cardlearn-zone-{zone}" if card is None
                       else f"cardlearn-card-{card} cardlearn-zone-{zone}")
            if "mod-success" in (page.locator(f"{TABLE} button.{'.'.join(classes.split())}").first
                                 .get_attribute("class") or ""):
                continue  # a forced move's cards come chosen
            if zone == "hand":
                press_to(page, "cardlearn-zone-hand", keys)  # the hand is one tab stop
                page.keyboard.press("Home")
                keys.append("Home")
                press_to(page, classes, keys, "ArrowRight", 20)
            else:
                press_to(page, classes, keys)
            page.keyboard.press("Space")
            keys.append("Space")
        if tokens:
            page.keyboard.press("s")
            keys.append("s")
        page.wait_for_function(f"() => Number(document.querySelector('{TABLE}').dataset.moves) > {before}",
                               timeout=MOVE_TIMEOUT_MS)
        page.wait_for_timeout(300)
        focused = page.evaluate(FOCUSED)
        assert "cardlearn-" in focused, (f"focus left the table after the move: {focused!r}",
                                         keys, page.evaluate("window.__f.slice(-8)"))
        per_move.append(len(keys))
    print(f"{game}: key presses per move {per_move}")
    assert not tab.watch.page_errors, tab.watch.page_errors
