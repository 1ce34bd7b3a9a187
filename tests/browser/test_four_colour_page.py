"""The four-colour deck (issue 33, point 6) on a classroom page in Chromium: the pupil's
button turns every ♦ blue and ♣ green, on the buttons and in the HTML drawn round them (the
other hands in the teacher's view), ♥ and ♠ as they were; a reload of the page keeps it, as
it keeps the language.  A screenshot of Kozel so, at 1024 × 768."""

from __future__ import annotations

import base64
import re
from typing import Any

import pytest
from browserkit import MOVE_TIMEOUT_MS, OUTPUT, TABLE, click_button, open_table, settle

from cardlearn.draw import BLUE, GREEN, RED

pytestmark = pytest.mark.browser

PICTURES_JS = """(selector) => Array.from(document.querySelectorAll(selector)).map(e => {
  const code = Array.from(e.classList).find(c => /^cardlearn-card-[0-9TJQKA]+[SHDC]$/.test(c));
  return [code ? code.slice('cardlearn-card-'.length) : null, getComputedStyle(e).backgroundImage];
}).filter(p => p[0])"""
HEADER_TOPS_JS = f"""() => Array.from(document.querySelectorAll('{TABLE} .cardlearn-header button'))
  .filter(b => b.offsetParent !== null).map(b => b.getBoundingClientRect().top)"""
FOUR_ON = f"() => document.querySelector('{TABLE}').classList.contains('cardlearn-deck-four')"


def pictures(page: Any, selector: str) -> dict[str, str]:
    """Each card shown by `selector`, by its code, as the SVG its background draws."""
    found = {}
    for code, image in page.evaluate(PICTURES_JS, selector):
        data = re.search(r"base64,([^\"')]+)", image)
        assert data, f"{code}: no picture ({image[:80]!r})"
        found[code] = base64.b64decode(data.group(1)).decode()
    return found


def suit_colours(svgs: dict[str, str], suit: str) -> set[str]:
    return {colour for code, svg in svgs.items() if code.endswith(suit) for colour in (BLUE, GREEN, RED)
            if f'fill="{colour}"' in svg}


def test_four_colours_on_a_page_and_kept_by_a_reload(tab: Any, voila_url: str) -> None:
    page = tab.page
    open_table(page, f"{voila_url}/voila/render/kozel.ipynb")
    page.wait_for_url("**room=*", timeout=MOVE_TIMEOUT_MS)
    click_button(page, "cardlearn-teacher")  # every hand face up: the seats' cards are HTML spans
    settle(page)
    every, spans = f"{TABLE} .cardlearn-card", f"{TABLE} span.cardlearn-card"
    before = pictures(page, every)
    assert {c[-1] for c in before} >= {"D", "C", "H"}, sorted(before)
    assert suit_colours(before, "D") == {RED} and suit_colours(before, "C") == set()
    click_button(page, "cardlearn-four-colour")
    page.wait_for_function(FOUR_ON, timeout=MOVE_TIMEOUT_MS)
    settle(page)
    after = pictures(page, every)
    assert suit_colours(after, "D") == {BLUE} and suit_colours(after, "C") == {GREEN}
    unchanged = {c: s for c, s in before.items() if c[-1] in "HS"}
    assert {c: s for c, s in after.items() if c[-1] in "HS"} == unchanged
    drawn = pictures(page, spans)  # the other seats' hands, drawn as HTML, follow too
    assert any(c[-1] in "DC" for c in drawn) and suit_colours(drawn, "D") <= {BLUE}
    assert suit_colours(drawn, "C") <= {GREEN}
    pressed = page.locator(f"{TABLE} button.cardlearn-four-colour")
    assert "mod-success" in (pressed.get_attribute("class") or "")
    assert pressed.get_attribute("title") == "Tígull blár, lauf grænt"
    click_button(page, "cardlearn-teacher")  # as a pupil sees it, for the screenshot
    settle(page)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUTPUT / "four-colour-kozel-1024.png"))
    url = page.url
    page.reload(wait_until="domcontentloaded")
    open_table(page, url)
    page.wait_for_function(FOUR_ON, timeout=MOVE_TIMEOUT_MS)
    assert suit_colours(pictures(page, every), "D") <= {BLUE}
    # the longest header there is (English, demo on with its pace buttons) still one row
    click_button(page, "cardlearn-lang")
    click_button(page, "cardlearn-demo")
    page.wait_for_selector(f"{TABLE} button.cardlearn-demo-pace-slow", state="visible",
                           timeout=MOVE_TIMEOUT_MS)
    settle(page)
    tops = page.evaluate(HEADER_TOPS_JS)
    assert len(tops) >= 8 and max(tops) - min(tops) < 4, tops
    page.screenshot(path=str(OUTPUT / "four-colour-kozel-1024-en-demo.png"))
    click_button(page, "cardlearn-demo")
    assert not tab.watch.page_errors, tab.watch.page_errors
