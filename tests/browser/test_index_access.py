"""The pages around the table (issue 33, points 3 and 8) in Chromium: Voilà's index (as served
and with the teacher's form open), the teacher's page of links that a game page shows after
making a shared room, and the static site's index (site/index.html, as tools/site/build.py
writes it: no site build needed).

- axe-core's rules tagged wcag2a, wcag2aa, wcag21a and wcag21aa find no violation;
- language of parts (WCAG 3.1.2): the pages are Icelandic, and no text in an Icelandic part
  has an English word, nor an English part an Icelandic one;
- one <h1>, a <main>, headings for the parts, the page's language and title;
- every link, button, summary and text field on the indexes (and every seat's link on the
  links page) is at least 44 px high, a checkbox or radio button inside a label that is;
- keyboard focus shows a ring at least 2 px wide, 3:1 against the page's felt.

axe-core comes from the PyPI package `axe-playwright-python` (its bundled `axe.min.js`,
injected into the page; nothing is fetched).
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from browserkit import PAGE_TIMEOUT_MS, ROOT

from cardlearn.table.room import ROOM_WORDS

sys.path.insert(0, str(ROOT / "tools" / "site"))
import build as site_build

pytestmark = pytest.mark.browser

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
MIN_TARGET_PX = 44

# Words that mark a text as English or as Icelandic: none is a word of the other language
# ("of", "for" and "a" are Icelandic words too, so they are not here).
ENGLISH = ["the", "and", "choose", "game", "games", "card", "cards", "course", "rules", "history",
           "examples", "notebooks", "deck", "english", "teacher", "shared", "table", "pupils", "pupil",
           "play", "computers", "seat", "seats", "names", "name", "optional", "random", "rule",
           "thumb", "search", "make", "show", "links", "link", "runs", "browser", "first", "page",
           "takes", "moment", "each", "their", "own", "other", "take", "new", "in", "to"]
ICELANDIC = ["og", "í", "á", "við", "er", "eru", "sæti", "nemenda", "nemendur", "tölvur", "veldu",
             "leik", "borð", "kennari", "námskeiðið", "slóðir", "nafn", "hver", "sinni", "íslensku",
             "íslenska", "stofna", "sýna", "smástund", "vafranum", "keyrir"]

# Each text node under `root` whose words belong to the other language than its element's
# `lang` (the nearest [lang]); code (file names, addresses) is in no language.
MIXED_LANG = r"""([selector, english, icelandic]) => {
  const en = new Set(english), is = new Set(icelandic), found = [];
  const walker = document.createTreeWalker(document.querySelector(selector), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('code, script, style')) continue;
    const lang = ((el.closest('[lang]') || {}).lang || '').slice(0, 2);
    const words = node.textContent.toLowerCase().match(/\p{L}+/gu) || [];
    const wrong = words.filter(w => lang === 'is' ? en.has(w) : lang === 'en' ? is.has(w) : false);
    if (wrong.length || !lang) found.push(`${lang || 'no lang'}: ${node.textContent.trim()} (${wrong})`);
  }
  return found;
}"""

# The visible targets lower than `min` px: links, buttons, summaries, text fields and labels,
# and checkboxes or radio buttons that are not inside a label high enough.
SMALL_TARGETS = """([selector, min]) => {
  const root = document.querySelector(selector), small = [];
  const seen = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = el =>
    `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent || el.name).trim().slice(0, 40)}"`;
  for (const el of root.querySelectorAll('a[href], button, summary, input, label, select')) {
    if (!seen(el) || el.type === 'hidden' || el.closest('.cardlearn-hidden')) continue;
    let target = el;
    if (el.type === 'checkbox' || el.type === 'radio') target = el.closest('label') || el;
    const h = target.getBoundingClientRect().height;
    if (h < min) small.push(`${name(el)}: ${h.toFixed(1)} px`);
  }
  return small;
}"""

# What the focused element's focus ring is: its width, style, and contrast against `bg`.
FOCUS_RING = """(bg) => {
  const el = document.activeElement, s = getComputedStyle(el);
  const rgb = c => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92
      : Math.pow((v + 0.055) / 1.055, 2.4); }).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [l1, l2] = [lum(rgb(s.outlineColor)), lum(rgb(bg))].sort((a, b) => b - a);
  const text = (el.textContent || el.name || '').trim().slice(0, 30);
  return {what: `${el.tagName.toLowerCase()}.${el.className} "${text}"`,
          width: parseFloat(s.outlineWidth), style: s.outlineStyle,
          contrast: (l1 + 0.05) / (l2 + 0.05), body: el === document.body};
}"""
FELT = "rgb(30, 107, 60)"  # #1e6b3c, the indexes' background


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations of the four WCAG 2.x A/AA tags, as rule, impact and nodes."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:  # the test extra installs it; CI=true makes a skip a failure (conftest)
        pytest.skip("axe-core not installed: pip install axe-playwright-python (make setup does)")
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    found = [{"id": v["id"], "impact": v["impact"],
              "nodes": [" ".join(n["target"]) + ": " + (n.get("failureSummary") or "")[:160]
                        for n in v["nodes"][:5]]}
             for v in results.response["violations"]]
    print(f"axe on {page.url.split('?')[0]}: {len(found)} violations {[v['id'] for v in found]}")
    return found


def check_lang_of_parts(page: Any, selector: str = "body") -> None:
    assert page.evaluate("document.documentElement.lang") == "is"
    wrong = page.evaluate(MIXED_LANG, [selector, ENGLISH, ICELANDIC])
    assert wrong == [], "text in the other language than its lang says:\n" + "\n".join(wrong)


def check_targets(page: Any, selector: str = "body") -> None:
    small = page.evaluate(SMALL_TARGETS, [selector, MIN_TARGET_PX])
    assert small == [], f"targets lower than {MIN_TARGET_PX} px:\n" + "\n".join(small)


def check_focus_ring(page: Any, stops: int, bg: str = FELT, want: str = "") -> None:
    """Tab `stops` times from the top (or until `want`, a class, has focus); each focused
    element shows a ring ≥2 px, 3:1 against `bg`."""
    seen = 0
    for _ in range(stops):
        page.keyboard.press("Tab")
        ring = page.evaluate(FOCUS_RING, bg)
        if ring["body"]:
            break
        if want and want not in ring["what"]:
            continue
        seen += 1
        assert ring["style"] != "none" and ring["width"] >= 2, f"no focus ring of 2 px: {ring}"
        assert ring["contrast"] >= 3, f"focus ring under 3:1: {ring}"
    assert seen, f"no element of the page{' with ' + want if want else ''} took focus in {stops} Tabs"


def check_structure(page: Any) -> None:
    assert page.locator("h1").count() == 1
    assert page.locator("main").count() == 1
    assert page.locator("main h2").count() >= 2
    assert page.title() == "Spil / Card games"


# ---------------------------------------------------------------------------------------
# Voilà's index


def open_index(page: Any, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("a.cardlearn-game-kasina")


def open_teacher_forms(page: Any) -> None:
    """Open both of the teacher's forms: a new lesson, and a shared table."""
    for summary in page.locator("details.cardlearn-teacher-form summary").all():
        summary.click()
    page.locator("input[name=name0]").wait_for()
    page.locator(".cardlearn-new-lesson [name=pupils]").wait_for()


def test_voila_index_passes_axe_as_served_and_with_the_teachers_form_open(tab: Any,
                                                                         voila_url: str) -> None:
    page = tab.page
    open_index(page, voila_url)
    assert axe_violations(page) == []
    open_teacher_forms(page)
    assert axe_violations(page) == []
    check_structure(page)
    assert page.locator("nav a[class^=cardlearn-game-]").count() >= 4
    # every field has a name of its own (a seat's name field says which seat)
    name3 = "Nafn nemanda í sæti 3 · name of the pupil at seat 3"
    assert page.get_by_role("textbox", name=name3, exact=True).count() == 1
    assert page.get_by_role("checkbox", name="Sæti 3", exact=True).count() == 1


def test_voila_index_marks_its_english_and_has_big_targets_and_visible_focus(tab: Any,
                                                                             voila_url: str) -> None:
    page = tab.page
    open_index(page, voila_url)
    check_lang_of_parts(page)
    open_teacher_forms(page)
    check_targets(page)
    page.mouse.click(1, 1)  # focus navigation from the top
    check_focus_ring(page, 40)


# ---------------------------------------------------------------------------------------
# The teacher's links page


def test_the_teachers_links_page(tab: Any, voila_url: str) -> None:
    """Made by the index's form (Kasína, pupils at seats 0 and 1): axe finds nothing; the
    page is Icelandic with its own title, one h1 names the table, a headed part per language
    marked with its language, one link per seat named by the seat (and the pupil), ≥44 px
    high, underlined, with a visible focus ring."""
    page = tab.page
    open_index(page, voila_url)
    page.locator("details.cardlearn-room-form summary").click()
    page.locator("input[name=name1]").fill("Sigga")
    page.locator("button.cardlearn-room-new-kasina").click()
    page.locator(".cardlearn-room-links").wait_for(timeout=PAGE_TIMEOUT_MS)
    page.wait_for_function("() => document.documentElement.lang === 'is'", timeout=PAGE_TIMEOUT_MS)
    assert page.title() == "Nýtt borð: Kasína · spil"
    assert axe_violations(page) == []
    links = page.locator(".cardlearn-room-links")
    assert page.locator("h1").count() == 1
    assert page.get_by_role("heading", level=1).inner_text() == "Nýtt borð: Kasína · New table: Casino"
    for lang in ("is", "en"):
        w = ROOM_WORDS[lang]
        part = page.get_by_role("region", name=w["links_heading"])
        assert part.get_attribute("lang") == lang
        names = [a.inner_text() for a in part.get_by_role("link").all()]
        assert names == [w["link_seat"].format(n=0), w["link_seat"].format(n=1) + " — Sigga"], names
    check_lang_of_parts(page, ".cardlearn-room-links")
    # the game at a glance under it shows in both languages here (no table hides one): each
    # part says its language
    for lang in ("is", "en"):
        assert page.locator(f"details.cardlearn-page-{lang}").get_attribute("lang") == lang
    check_targets(page, ".cardlearn-room-links")
    assert links.locator("a").first.evaluate("a => getComputedStyle(a).textDecorationLine") == "underline"
    page.mouse.click(1, 1)
    check_focus_ring(page, 60, "rgb(255, 255, 255)", want="cardlearn-room-link")
    assert not tab.watch.page_errors, tab.watch.page_errors


# ---------------------------------------------------------------------------------------
# The static site's index: site/index.html as the build writes it


@pytest.fixture
def site_index(tab: Any) -> Any:
    """The page as the build writes it, set as the tab's document (the tab may load nothing
    but 127.0.0.1; the index loads nothing itself)."""
    tab.page.set_content(site_build.start_page())
    tab.page.wait_for_selector("a.cardlearn-game-kasina")
    return tab.page


def test_site_index_passes_axe_and_marks_its_english(site_index: Any) -> None:
    page = site_index
    assert axe_violations(page) == []
    check_structure(page)
    assert page.locator("nav a[class^=cardlearn-game-]").count() == len(site_build.PAGES)
    check_lang_of_parts(page)


def test_site_index_has_big_targets_and_visible_focus(site_index: Any) -> None:
    page = site_index
    check_targets(page)
    page.mouse.click(1, 1)
    check_focus_ring(page, 30)
