"""The guided first deal on a classroom page, in Chromium (issue 35, point 1; Kasína so far):
"Lærðu spilið" opens it; the step is shown and said; the lit cards are the next move and
are named so; a click off them is answered and nothing moves; followed by its suggestions it
goes on; axe finds nothing."""

from __future__ import annotations

from typing import Any

import pytest
from browserkit import PAGE_TIMEOUT_MS, TABLE, screenshot
from test_index_access import axe_violations

from cardlearn.guided import GUIDES
from cardlearn.table.room import page_path

pytestmark = pytest.mark.browser



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
    first = step.inner_text()
    for button in page.query_selector_all("button.cardlearn-suggested"):
        button.click()
        page.wait_for_timeout(200)
    page.click("button.cardlearn-confirm")
    page.wait_for_function("t => { const s = document.querySelector('.cardlearn-step');"
                           " return s && s.innerText !== t && s.innerText.includes('Tölvan'); }",
                           arg=first, timeout=30_000)
    page.wait_for_selector("button.cardlearn-suggested", timeout=30_000)
    screenshot(page, "learn-kasina-step-3")


@pytest.mark.parametrize("game", [g for g in GUIDES if g != "kasina"])
def test_every_guided_deal_opens_on_its_page_and_takes_its_first_lit_move(tab: Any, voila_url: str,
                                                                       game: str) -> None:
    page = tab.page
    english = game == "kozel"  # one page by the English rules' "Learn the game": in English
    if english:
        page.goto(f"{voila_url}/{page_path(game)}", wait_until="domcontentloaded")
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
