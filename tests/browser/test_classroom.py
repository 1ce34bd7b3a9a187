"""A whole deal of every classroom page at 1024 × 768, as a class sees it on the projector
(issue 21, point 10): after every move every card and Staðfesta lie inside the window
unscrolled, cards are at least 70 px wide, the words a pupil reads from the back (the
status line with the score, seat captions, the prompt, messages, the last move, the end
panel) are at least 18 px, the captions under the cards in the middle are not cut off, the
visible text shows no program values (a dict, `None`, an identifier, "sæti 0", a card
code), and the hint list and the log are in view.  At the deal's end the panel
(`cardlearn-summary`) names the winner, the table waits (bots too) and the next deal starts
only after Áfram.

Issue 32 adds, after every move: the hand, Staðfesta, the end panel and the match's banner
inside the window; no box scrolling sideways (the panels, the side column and its sheet, the
seats' names); a selected card's corner index not cut off; and the hand's top moving at most
HAND_MOVES_PX within a deal.  Every game's whole deal is also shown in demo mode at
1024 × 768 and at 1024 × 680 (a projector with the browser's toolbars), and Kasína to the
match's end (its banner, then the whole sheet opened).  Each test prints what it measured
(the lowest hand and panels, how far the hand moved).

Kasína, Kozel and Lomber are played by the pupil's own clicks (select, then Staðfesta, a
forced move's cards already selected, or the move's own button); Kínaskák in demo mode
(`cardlearn-demo`: the computer plays every seat, stopping at the end panel), with four
seats, its page's default.

Screenshots of the window (what the projector shows): `test-output/browser/classroom-<game>-NNN.png`
every few moves, `classroom-<game>-summary.png` at the end panel,
`classroom-<game>-next-deal.png` after Áfram.  Each test prints the longest stretch with
nothing for the pupil to do (from the pupil's move to the pupil's next turn or a panel).
"""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

import pytest
from browserkit import (
    OUTPUT,
    TableView,
    click_button,
    click_move,
    click_tokens,
    dismiss_summary,
    kasina_plan,
    open_table,
    page_room,
    read_table,
    settle,
    summary_shown,
    table_locator,
    wait_until,
)

from cardlearn.table import WORDS

BIG_PX = 18  # the smallest text a pupil must read from the back (issue 21, point 1)
CARD_PX = 70
HAND_MOVES_PX = 8  # the most the hand's top may move between moves of one deal (issue 32, point 2)
WINDOW_HEIGHTS = (768, 680)  # a projector full screen, and with the browser's toolbars
SHOT_EVERY = 6  # a screenshot every this many moves
SHOT_PREFIX = ["classroom-"]  # the start of those screenshots' names
PLAYED_DEAL = 12  # moves: fewer is a deal that was not played out (all passed)
DEAL_TIMEOUT_S = 240  # a whole deal in demo mode (Kínaskák with four search bots is longest)

# The words a pupil reads from the back, by where they are drawn.
READ_FROM_THE_BACK = {
    "status line and score": ".cardlearn-status",
    "seat captions": ".cardlearn-seat-label",
    "prompt": ".cardlearn-hand-label",
    "message": ".cardlearn-message",
    "last move": ".cardlearn-last-move",
    "end panel": ".cardlearn-summary",
}

# Program values that must never reach the visible text.
RAW = {
    "a Python dict": re.compile(r"\{\s*['\"]\w+['\"]\s*:"),
    "a Python list or tuple": re.compile(r"[\[(]\s*['\"]\w*['\"]\s*[,)\]]|[\[(]'\w+'"),
    "None/True/False": re.compile(r"\b(?:None|True|False)\b"),
    "an identifier with an underscore": re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b"),
    "a seat number": re.compile(r"\b(?:sæti|sætis|sæta|seat|seat's|sagnhafi|declarer|lokaði|went out)\s+\d",
                                re.IGNORECASE),
    "a meld id": re.compile(r"\b(?:röð|þrenna|run|set)\s+\d+-\d+\b", re.IGNORECASE),
    "a card code": re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9TJQKA])[SHDC](?!\w)|\bJK\b"),
}

# Who won, as a seat or team is named in the words.
WINNER = re.compile(r"\b(?:Þú|Þið|Tölva \d|Tölvan|Tölvurnar|Lið|You|Computer)")

# Everything measured in one round trip: cards and Staðfesta outside the window, the
# narrowest card, the smallest text under each selector, the hint list and the log.
_LOOK_FN = """
(big) => {
  const tables = document.querySelectorAll('.cardlearn-table');
  const root = tables[tables.length - 1];
  for (let e = root.parentElement; e; e = e.parentElement) if (e.scrollTop) e.scrollTop = 0;
  const W = window.innerWidth, H = window.innerHeight;
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(e).visibility !== 'hidden'; };
  const items = [...root.querySelectorAll(
    '.cardlearn-card, button.cardlearn-confirm, button.cardlearn-dismiss')].filter(shown);
  const outside = items.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5;
  }).map((e) => e.className.replace(/ ?(jupyter-|lm-|widget-|mod-)[\\w-]+/g, '')
       + ' @ ' + JSON.stringify(e.getBoundingClientRect()));
  const widths = [...root.querySelectorAll('button.cardlearn-card')].filter(shown)
    .map((e) => e.getBoundingClientRect().width);
  const sizes = {};
  for (const [what, sel] of Object.entries(big)) {
    let least = null;
    for (const box of root.querySelectorAll(sel)) {
      if (!shown(box)) continue;
      for (const e of [box, ...box.querySelectorAll('*')]) {
        const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own || !shown(e)) continue;
        const px = parseFloat(getComputedStyle(e).fontSize);
        if (least === null || px < least.px) least = {px, text: e.innerText.slice(0, 60)};
      }
    }
    sizes[what] = least;
  }
  const rect = (sel) => { const e = root.querySelector(sel); if (!e || !shown(e)) return null;
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const logLines = [...root.querySelectorAll('.cardlearn-log li')].filter(shown).map((e) => {
    const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, text: e.innerText}; });
  // The status line and scoreboard cut off by the side column (it hides what overflows).
  const side = root.querySelector('.cardlearn-side');
  const edge = side ? side.getBoundingClientRect().right : W;
  const cut = [...root.querySelectorAll('.cardlearn-status, .cardlearn-status table')].filter(shown)
    .filter((e) => e.getBoundingClientRect().right > edge + 0.5).map((e) => e.innerText.slice(0, 80));
  // The captions under the cards in the middle (a trick, the trump, a last trick): none cut
  // off, none running into the next one in its row (the text's own box, not the card's).
  const captions = [];
  const textBox = (b) => { const r = document.createRange(); r.selectNodeContents(b);
    const rs = [...r.getClientRects()].filter((q) => q.width > 0);
    const least = (k) => Math.min(...rs.map((q) => q[k])), most = (k) => Math.max(...rs.map((q) => q[k]));
    return rs.length ? {left: least('left'), right: most('right'), top: least('top'), bottom: most('bottom')}
                     : null; };
  for (const row of root.querySelectorAll('.cardlearn-middle .cardlearn-row')) {
    const boxes = [...row.querySelectorAll('button.cardlearn-captioned')].filter(shown)
      .filter((b) => b.innerText.trim())
      .map((b) => ({b, text: b.innerText.replace(/\\s+/g, ' '), t: textBox(b)}));
    boxes.forEach((x, i) => {
      if (getComputedStyle(x.b).overflowX === 'hidden' && x.b.scrollWidth > x.b.clientWidth + 1)
        captions.push('cut: ' + x.text);
      const next = boxes[i + 1];
      const level = (a, b) => a.bottom > b.top && b.bottom > a.top;  // on the same line
      if (next && x.t && next.t && x.t.right > next.t.left - 2 && level(x.t, next.t))
        captions.push(`into the next: ${x.text} | ${next.text}`);
    });
  }
  // The pupil's hand: its row's top (a selected card's lift not counted), its cards' lowest
  // bottom and farthest right; Staðfesta; the end panel and the match's banner.
  const hand = [...root.querySelectorAll('button.cardlearn-zone-hand')].filter(shown);
  const handRow = hand.length ? hand[0].parentElement.getBoundingClientRect() : null;
  const handBox = hand.length ? {top: handRow.top,
    bottom: Math.max(...hand.map((e) => e.getBoundingClientRect().bottom)),
    right: Math.max(...hand.map((e) => e.getBoundingClientRect().right))} : null;
  const boxOf = (sel) => { const e = [...root.querySelectorAll(sel)].filter(shown)[0];
    if (!e) return null; const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            text: e.innerText.slice(0, 60).replace(/\\s+/g, ' ')}; };
  const panels = {confirm: boxOf('button.cardlearn-confirm'), summary: boxOf('.cardlearn-summary'),
                  banner: boxOf('.cardlearn-banner.cardlearn-panel')};
  // Anything that scrolls sideways (or cuts its text at the side): the panels and the side
  // column whatever their overflow, seat names, and every box that would scroll.
  const nameOf = (e) => e.className.toString().split(' ').filter((c) => c.startsWith('cardlearn-'))
    .join('.') || e.tagName.toLowerCase();
  const always = new Set(root.querySelectorAll('.cardlearn-panel, .cardlearn-sheet, .cardlearn-side, '
    + '.cardlearn-felt, .cardlearn-seat-label, .cardlearn-seat-label *, .cardlearn-summary *, '
    + '.cardlearn-banner *'));
  const sideways = [root, ...root.querySelectorAll('*')].filter(shown).filter((e) => {
    if (e.scrollWidth <= e.clientWidth + 1 || e.tagName === 'svg') return false;
    const o = getComputedStyle(e).overflowX;
    return always.has(e) ? o !== 'visible' || e.classList.contains('cardlearn-seat-label')
                         : o === 'auto' || o === 'scroll';
  }).map((e) => `${nameOf(e)} ${e.scrollWidth} > ${e.clientWidth}`);
  // A selected card (lifted) whose corner index a box around it cuts off.
  const lifted = [...root.querySelectorAll('button.cardlearn-card.mod-success')].filter(shown);
  const clipped = lifted.filter((c) => {
    const r = c.getBoundingClientRect();
    for (let e = c.parentElement; e && e !== root.parentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = e.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.left < b.left - 0.5) return true;
    }
    return false;
  }).map((c) => nameOf(c));
  return {outside, cut, captions, count: items.length, sizes, handBox, panels, sideways, clipped,
          title: (root.querySelector('.cardlearn-title') || {innerText: ''}).innerText,
          narrowest: widths.length ? Math.min(...widths) : null,
          hints: rect('.cardlearn-hints ul'), log: rect('.cardlearn-log'), logLines,
          text: root.innerText, W, H, scrolled: window.scrollY};
}
"""
_LOOK_JS = _LOOK_FN

# Runs the look in the page after every move, once the redraw has settled (quiet for
# 120 ms), so that no move goes unchecked however fast the next follows; the readings
# pile up in `window.__cardlearnSeen` for `recorded` to check.
_RECORD_JS = """
([big, moveWords]) => {
  const look = LOOK;
  const tables = document.querySelectorAll('.cardlearn-table');
  const root = tables[tables.length - 1];
  const re = new RegExp('(?:' + moveWords.join('|') + '):\\\\s*(\\\\d+)');
  const moves = () => { const m = re.exec(root.querySelector('.cardlearn-status').innerText);
    return m ? Number(m[1]) : -1; };
  const rec = window.__cardlearnRec = {seen: [], last: performance.now(), checked: moves()};
  new MutationObserver(() => { rec.last = performance.now(); })
    .observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  setInterval(() => {
    const m = moves();
    if (m !== rec.checked && performance.now() - rec.last > 120) {
      rec.checked = m;
      window.scrollTo(0, 0);
      rec.seen.push({moves: m, look: look(big)});
    }
  }, 30);
}
""".replace("LOOK", _LOOK_FN.strip())

# Records, in the page, when the pupil's seat is to move (`cardlearn-bottom.cardlearn-to-move`)
# or a panel is up, so that the waits in between are timed without a round trip.
_WATCH_TURNS_JS = """
() => {
  const tables = document.querySelectorAll('.cardlearn-table');
  const root = tables[tables.length - 1];
  const state = () => root.querySelector('.cardlearn-summary, .cardlearn-banner:not(:empty)') ? 'panel'
    : root.querySelector('.cardlearn-bottom.cardlearn-to-move') ? 'turn' : 'wait';
  window.__cardlearnTurns = [[state(), performance.now()]];
  window.__cardlearnTimer = setInterval(() => {
    const s = state(), seen = window.__cardlearnTurns;
    if (s !== seen[seen.length - 1][0]) seen.push([s, performance.now()]);
  }, 20);
}
"""


def page_url(base: str, game: str) -> str:
    return f"{base}/voila/render/{game}.ipynb"


def shot(page: Any, name: str) -> None:
    """What the window shows, unscrolled: what the projector shows."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUTPUT / f"{name}.png"))


def raw_values(text: str) -> list[str]:
    """The program values in `text`, each with what it is and the line it is on."""
    found = []
    for line in text.splitlines():
        for what, pattern in RAW.items():
            m = pattern.search(line)
            if m:
                found.append(f"{what}: {m.group(0)!r} in {line.strip()[:120]!r}")
    return found


def check_projector(page: Any, where: str) -> dict[str, Any]:
    """Every check of the window as it is now; fails naming what and where."""
    page.evaluate("window.scrollTo(0, 0)")
    return check_look(page.evaluate(_LOOK_JS, READ_FROM_THE_BACK), where)


def record_every_move(page: Any) -> None:
    page.evaluate(_RECORD_JS, [READ_FROM_THE_BACK, [re.escape(w["moves"]) for w in WORDS.values()]])


def recorded(page: Any, game: str) -> int:
    """Check every reading the page took after a move since the last call; how many."""
    seen = page.evaluate("() => window.__cardlearnRec.seen.splice(0)")
    for s in seen:
        check_look(s["look"], f"{game} at move {s['moves']}")
    return len(seen)


def check_look(seen: dict[str, Any], where: str) -> dict[str, Any]:
    """Every check of one reading of the window; each problem found is noted in PROBLEMS
    under what it is (the first few places kept), and the test fails at its end with all."""
    def note(kind: str, detail: str) -> None:
        found = PROBLEMS.setdefault(kind, [])
        if len(found) < 3:
            found.append(f"{where}: {detail}")
        else:
            found[-1] = found[-1].split(" …")[0] + f" … (also {where})"

    if seen["W"] != 1024 or seen["H"] not in WINDOW_HEIGHTS:
        note("window", f"{seen['W']}×{seen['H']}")
    measure(seen, where)
    hand, panels = seen["handBox"], seen["panels"]
    if hand is not None and (hand["bottom"] > seen["H"] + 0.5 or hand["right"] > seen["W"] + 0.5):
        note("the hand outside the window", str(hand))
    for what, box in panels.items():
        if box is not None and (box["bottom"] > seen["H"] + 0.5 or box["right"] > seen["W"] + 0.5
                                or box["top"] < -0.5 or box["left"] < -0.5):
            note(f"{what} outside the window", str(box))
    if seen["clipped"]:
        note("a selected card's corner index cut off", "; ".join(seen["clipped"][:3]))
    if seen["sideways"]:
        note("a box scrolling sideways (or cutting its words at the side)", "; ".join(seen["sideways"][:3]))
    if seen["outside"]:
        note("cards, Staðfesta or Áfram outside the window", "; ".join(seen["outside"][:3]))
    if seen["cut"]:
        note("the status line or scoreboard cut off at the side column's edge", repr(seen["cut"][0]))
    if seen["captions"]:
        note("a card's caption in the middle cut off",
             "; ".join(seen["captions"][:3]))
    if seen["narrowest"] is not None and seen["narrowest"] < CARD_PX:
        note(f"a card under {CARD_PX} px", f"{seen['narrowest']:.1f} px")
    for what, s in seen["sizes"].items():
        if s is not None and s["px"] < BIG_PX - 0.01:
            note(f"{what} under {BIG_PX} px", f"{s['px']} px: {s['text']!r}")
    for raw in raw_values(seen["text"]):
        note(f"program values in the visible text ({raw.split(':')[0]})", raw)
    hints = seen["hints"]
    if hints is not None and not (hints["top"] >= 0 and hints["top"] + 40 <= seen["H"]):
        note("the hint list not in view", str(seen["hints"]))
    if seen["logLines"]:  # the log box in the window, its newest line in view inside it
        log = seen["log"]
        if not (log["top"] >= 0 and log["top"] + 40 <= seen["H"]):
            note("the log not in view", str(log))
        visible = [x for x in seen["logLines"]
                   if x["top"] >= log["top"] - 1 and x["bottom"] <= log["bottom"] + 1]
        if not visible:
            note("no log line in view", str(log))
    return seen


PROBLEMS: dict[str, list[str]] = {}
# The hand's top after each move, per game and deal (its heading), and the lowest and
# farthest points measured, per game: printed at the end of a test.
HAND_TOPS: dict[tuple[str, str], list[tuple[str, float]]] = {}
MEASURED: dict[str, dict[str, float]] = {}


def measure(seen: dict[str, Any], where: str) -> None:
    """Keep the hand's top for the deal's check (`hand_kept`) and the extremes for the report."""
    game = where.split()[0]
    most = MEASURED.setdefault(game, {})
    def keep(key: str, value: float | None) -> None:
        if value is not None:
            most[key] = max(most.get(key, value), value)
    hand, panels = seen["handBox"], seen["panels"]
    if hand is not None and panels["summary"] is None and panels["banner"] is None:
        HAND_TOPS.setdefault((game, seen["title"]), []).append((where, hand["top"]))
        keep("hand bottom", hand["bottom"])
    for what, box in panels.items():
        keep(f"{what} bottom", box and box["bottom"])
        keep(f"{what} right", box and box["right"])
    keep("boxes scrolling sideways", len(seen["sideways"]))


def hand_kept(game: str) -> None:
    """Note a deal of `game` in which the hand's top moved more than HAND_MOVES_PX."""
    for (g, deal), tops in list(HAND_TOPS.items()):
        if g != game:
            continue
        del HAND_TOPS[(g, deal)]
        low, high = min(tops, key=lambda t: t[1]), max(tops, key=lambda t: t[1])
        moved = high[1] - low[1]
        most = MEASURED.setdefault(game, {})
        most["hand moved"] = max(most.get("hand moved", 0.0), moved)
        if moved > HAND_MOVES_PX:
            PROBLEMS.setdefault(f"the hand's top moving more than {HAND_MOVES_PX} px in a deal", []).append(
                f"{deal}: {moved:.0f} px (top {low[1]:.0f} at {low[0]}, {high[1]:.0f} at {high[0]})")


def no_problems(game: str) -> None:
    """Fail with every problem the checks noted during the deal (and forget them)."""
    hand_kept(game)
    most = sorted(MEASURED.pop(game, {}).items())
    print(f"\n{game}: measured " + ", ".join(f"{k} {v:.0f}" for k, v in most))
    found = dict(PROBLEMS)
    PROBLEMS.clear()
    assert not found, f"{game}: " + "\n".join(
        f"{kind}:\n    " + "\n    ".join(at) for kind, at in found.items())


def title(page: Any) -> str:
    return table_locator(page).locator(".cardlearn-title").inner_text().strip()


def check_summary(page: Any, game: str, view: TableView, deal_title: str) -> str:
    """The end panel: named the winner, Áfram inside, the table paused until Áfram, the
    finished deal's heading kept (`deal_title`, the heading while it was played)."""
    panel = table_locator(page).locator(".cardlearn-summary").first
    text = panel.inner_text()
    if title(page) != deal_title:  # the next deal already dealt (its table cards, the stock) under it
        where = f"{game} end panel"
        PROBLEMS.setdefault("the next deal shown under the end panel (before Áfram)", []).append(
            f"{where}: heading {title(page)!r} while the deal played was {deal_title!r}")
    assert WINNER.search(text), f"{game}: the end panel does not name the winner: {text[:400]!r}"
    dismiss = panel.locator("button.cardlearn-dismiss")
    assert dismiss.count() == 1 and dismiss.is_visible(), f"{game}: no Áfram inside the end panel"
    assert dismiss.inner_text().strip() == WORDS["is"]["dismiss"]
    check_projector(page, f"{game} end panel")
    shot(page, f"classroom-{game}-summary")
    # Paused: nothing moves under the panel, bots included.
    page.wait_for_timeout(1500)
    still = read_table(page)
    assert still.moves == view.moves and summary_shown(page), (
        f"{game}: the table moved on under the end panel: {view.status!r} → {still.status!r}")
    assert not still.zone("hand"), (
        f"{game}: the next deal's hand is drawn under the panel: {still.zone('hand')}")
    return text


def next_deal_after_continue(page: Any, game: str, at_panel: TableView) -> None:
    """Áfram: the panel goes, a new deal is dealt (a fresh hand, the title's deal counted on)."""
    before = table_locator(page).locator(".cardlearn-title").inner_text()
    after = dismiss_summary(page, at_panel)
    after = wait_until(page, lambda v: bool(v.zone("hand")),
                       what="the next deal after Áfram")
    title = table_locator(page).locator(".cardlearn-title").inner_text()
    assert not summary_shown(page)
    assert after.zone("hand"), f"{game}: no new hand after Áfram (title {title!r})"
    print(f"{game}: title under the end panel {before!r}, after Áfram {title!r}")
    check_projector(page, f"{game} after Áfram")
    shot(page, f"classroom-{game}-next-deal")


def longest_wait(page: Any) -> tuple[float, int]:
    """The longest stretch (s) with nothing for the pupil to do, and how many stretches."""
    marks = page.evaluate("() => { clearInterval(window.__cardlearnTimer); return window.__cardlearnTurns; }")
    waits = [(t2 - t1) / 1000 for (s1, t1), (_s2, t2) in itertools.pairwise(marks) if s1 == "wait"]
    return (max(waits) if waits else 0.0), len(waits)


def follow(page: Any, game: str, done: Any, counter: list[int], timeout_s: float) -> TableView:
    """Watch the table until `done(view)` or an end panel: every move seen is checked (each
    redraw; a quiet move shown in the same redraw as the next is checked with it)."""
    deadline = time.monotonic() + timeout_s
    view = read_table(page)
    shots = [view.moves // SHOT_EVERY]
    last = view.moves
    while True:
        if summary_shown(page):
            settle(page)
            page.wait_for_timeout(200)
            counter[0] += recorded(page, game)
            return read_table(page)
        if view.moves != last:
            settle(page)
            view = read_table(page)
            last = view.moves
            counter[0] += recorded(page, game)
            if view.moves // SHOT_EVERY != shots[-1]:
                shots.append(view.moves // SHOT_EVERY)
                shot(page, f"{SHOT_PREFIX[0]}{game}-{view.moves:03d}")
        if done(view):
            counter[0] += recorded(page, game)
            return view
        assert time.monotonic() < deadline, (
            f"{game}: no end of the deal within {timeout_s:.0f} s: {view.status!r}")
        page.wait_for_timeout(60)
        view = read_table(page)


def my_turn(page: Any) -> bool:
    return table_locator(page).locator(".cardlearn-bottom.cardlearn-to-move").count() > 0


@pytest.mark.browser
def test_kasina_whole_deal_by_the_pupils_clicks(tab: Any, voila_url: str) -> None:
    """The first hand of Kasína (24 moves of the pupil's), each move by clicks: its cards,
    then Staðfesta; a forced move comes selected with its announcement, and only
    Staðfesta plays it.  The hint list is opened every few moves and must be in view."""
    page, game = tab.page, "kasina"
    PROBLEMS.clear()
    view = open_table(page, page_url(voila_url, game))
    page.evaluate(_WATCH_TURNS_JS)
    record_every_move(page)
    deal_title = title(page)
    check_projector(page, "kasina at the start")
    shot(page, "classroom-kasina-start")
    counter, forced, mine = [0], 0, 0
    for _ in range(80):
        if summary_shown(page):
            break
        view = wait_until(page, lambda v: my_turn(page) or summary_shown(page), what="the pupil's turn")
        if summary_shown(page):
            break
        if view.selected():  # a forced move: selected for the pupil, announced, not made
            forced += 1
            assert view.message.startswith("Þú átt aðeins einn leik"), view.message
            page.wait_for_timeout(400)
            assert read_table(page).moves == view.moves, "a forced move was made without Staðfesta"
            check_projector(page, f"kasina forced move selected at move {view.moves}")  # its index in view
        if mine % 5 == 2:
            click_button(page, "cardlearn-hint")
            wait_until(page, lambda v: bool(v.hints), what="the hint list")
            check_projector(page, f"kasina hint at move {view.moves}")
            shot(page, f"classroom-kasina-hint-{view.moves:03d}")
            view = read_table(page)
        _, tokens = kasina_plan(view)
        after = click_tokens(page, view, tokens)
        mine += 1
        if mine % 3 == 0:
            shot(page, f"classroom-kasina-{after.moves:03d}")
        view = follow(page, game, lambda v: my_turn(page), counter, 60)
    assert summary_shown(page), "no end panel after the whole first hand"
    at_panel = read_table(page)
    text = check_summary(page, game, at_panel, deal_title)
    wait, n = longest_wait(page)
    print(f"\nkasina: {mine} moves by the pupil ({forced} forced), {at_panel.moves} in the hand, "
          f"{counter[0]} redraws checked; "
          f"longest wait with nothing to do {wait:.2f} s (of {n}); panel: {text[:200]!r}")
    assert mine >= 20
    assert counter[0] >= at_panel.moves // 4, f"only {counter[0]} of {at_panel.moves} moves checked"
    next_deal_after_continue(page, game, at_panel)
    assert not tab.watch.page_errors, tab.watch.page_errors
    no_problems(game)


def pupils_turn(page: Any, store: Any, seat: int = 0) -> Any:
    """The room's position once it is the pupil's turn there too (the page shows a turn a
    moment after the room has it: the state is read until they agree)."""
    deadline = time.monotonic() + 20
    while True:
        state = page_room(page, store).state()
        if state.to_move == seat:
            return state
        assert time.monotonic() < deadline, f"the page says it is the pupil's turn, the room {state.to_move}"
        time.sleep(0.05)


@pytest.mark.browser
@pytest.mark.parametrize("game", ["kozel", "lomber"])
def test_whole_deal_by_the_pupils_clicks(tab: Any, voila_url: str, pages_store: Any, game: str) -> None:
    """A whole deal of Kozel and of Lomber with every move of the pupil's seat made by clicks
    (its cards, then Staðfesta, or the move's button), checked after every move; then the end
    panel and Áfram.  The move is the legal one with the fewest cards to click, chosen from
    the page's room (the computers play the other seats, thinking by count, not by the clock,
    as CARDLEARN_SEED makes them: the same deal on every run)."""
    page = tab.page
    PROBLEMS.clear()
    open_table(page, page_url(voila_url, game))
    check_projector(page, f"{game} at the start")
    shot(page, f"classroom-{game}-start")
    page.evaluate(_WATCH_TURNS_JS)
    record_every_move(page)
    counter, start, mine, deal_title = [0], 0, 0, title(page)
    at_panel = read_table(page)
    for _ in range(4):  # a deal all pass out (Lomber) is not a whole deal: on to one that is played
        for _ in range(200):
            # the computers think by count: on a busy machine a move may take a while
            wait_until(page, lambda v: my_turn(page) or summary_shown(page), 90_000, "the pupil's turn")
            if summary_shown(page):
                break
            click_move(page, game, pupils_turn(page, pages_store))
            mine += 1
            follow(page, game, lambda v: my_turn(page), counter, 90)
        at_panel = read_table(page)
        assert summary_shown(page), f"{game}: no end panel after 200 moves of the pupil's"
        text = check_summary(page, game, at_panel, deal_title)
        if at_panel.moves - start >= PLAYED_DEAL:
            break
        print(f"\n{game}: a deal of {at_panel.moves - start} moves: {text[:120]!r}; on to the next")
        start = dismiss_summary(page, at_panel).moves
        deal_title = title(page)
    assert at_panel.moves - start >= PLAYED_DEAL, f"{game}: no deal was played out in four"
    assert mine >= 4, f"{game}: the pupil clicked only {mine} moves"
    assert counter[0] >= at_panel.moves // 2, f"{game}: only {counter[0]} of {at_panel.moves} moves checked"
    wait, n = longest_wait(page)
    print(f"\n{game}: {mine} moves clicked by the pupil, {at_panel.moves - start} in the deal, "
          f"{counter[0]} redraws checked; longest stretch without the pupil's seat to move "
          f"{wait:.2f} s (of {n}); panel: {text[:200]!r}")
    next_deal_after_continue(page, game, at_panel)
    assert not tab.watch.page_errors, tab.watch.page_errors
    no_problems(game)


# Presses the demo's step button whenever it is shown (its presses are harmless while a
# move is still being made: each allows the next move only).
# "Næsti leikur" pressed for the teacher, once the recorder has read the window after the
# move before (a press every 150 ms regardless gave the recorder no quiet moment to read in:
# "only 15 of 48 moves checked"); pressed again if a press brought no move in 3 s.
_STEP_JS = """() => window.setInterval(() => {
    const step = document.querySelector('.cardlearn-table button.cardlearn-demo-step');
    if (!step || step.offsetParent === null) return;
    const rec = window.__cardlearnRec, now = performance.now();
    if (rec && rec.pressedAt === rec.checked && now - rec.pressTime < 3000) return;
    if (rec) { rec.pressedAt = rec.checked; rec.pressTime = now; }
    step.click();
}, 150)"""


@pytest.mark.browser
@pytest.mark.parametrize(("game", "height"), [
    ("kinaskak", 768), ("kozel", 768), ("kasina", 768), ("lomber", 768),
    ("kinaskak", 680), ("kozel", 680), ("kasina", 680), ("lomber", 680)])
def test_whole_deal_in_demo_mode(tab: Any, voila_url: str, game: str, height: int) -> None:
    """A whole deal shown in demo mode, checked after every move; then the end panel.  At
    1024 × 768 (a projector full screen) and 1024 × 680 (with the browser's toolbars)."""
    page = tab.page
    page.set_viewport_size({"width": 1024, "height": height})
    PROBLEMS.clear()
    open_table(page, page_url(voila_url, game))
    if game == "kinaskak":  # the page's default: four seats
        seats = len(table_locator(page).locator(".cardlearn-seat").all())
        assert seats == 3, f"Kínaskák's page seats {seats + 1}, not four"
    check_projector(page, f"{game} at the start")
    shot(page, f"classroom-{game}-{height}-start")
    page.evaluate(_WATCH_TURNS_JS)
    record_every_move(page)
    click_button(page, "cardlearn-demo")
    # Move by move, the page pressing "Næsti leikur" for the teacher as soon as each move
    # shows: at the normal pace (1.2 s a move) a Kínaskák deal takes over three minutes.
    click_button(page, "cardlearn-demo-pace-step")
    page.evaluate(_STEP_JS)
    counter, start, deal_title = [0], 0, title(page)
    for _ in range(4):  # a deal all pass out (Lomber) is not a whole deal: on to one that is played
        at_panel = follow(page, game, lambda v: False, counter, DEAL_TIMEOUT_S)
        assert summary_shown(page)
        text = check_summary(page, game, at_panel, deal_title)
        if at_panel.moves - start >= PLAYED_DEAL:
            break
        print(f"\n{game}: a deal of {at_panel.moves - start} moves: {text[:120]!r}; on to the next")
        start = dismiss_summary(page, at_panel).moves
        deal_title = title(page)
    assert at_panel.moves - start >= PLAYED_DEAL, f"{game}: no deal was played out in four"
    # The page's recorder checked the window after (nearly) every move, not only now and then.
    assert counter[0] >= at_panel.moves // 2, f"{game}: only {counter[0]} of {at_panel.moves} moves checked"
    wait, n = longest_wait(page)
    print(f"\n{game}: {at_panel.moves - start} moves in the deal, {counter[0]} redraws checked; "
          f"longest stretch without the pupil's seat to move {wait:.2f} s (of {n}); panel: {text[:200]!r}")
    next_deal_after_continue(page, game, at_panel)
    click_button(page, "cardlearn-demo")  # the pupil's seat back
    assert not tab.watch.page_errors, tab.watch.page_errors
    no_problems(game)


def banner_shown(page: Any) -> bool:
    banner = table_locator(page).locator(".cardlearn-banner.cardlearn-panel")
    return banner.count() > 0 and banner.first.is_visible() and bool(banner.first.inner_text().strip())


@pytest.mark.browser
def test_whole_match_of_kasina_in_demo_mode(tab: Any, voila_url: str) -> None:
    """Kasína played to the match's end in demo mode (Áfram pressed at each hand's end),
    every move checked; the match's banner, with the whole score sheet, inside the window."""
    page, game = tab.page, "kasina"
    PROBLEMS.clear()
    open_table(page, page_url(voila_url, game))
    record_every_move(page)
    click_button(page, "cardlearn-demo")
    counter = [0]
    for hand in range(8):
        at_panel = follow(page, game, lambda v: banner_shown(page), counter, DEAL_TIMEOUT_S)
        if banner_shown(page):
            break
        check_projector(page, f"{game} end panel of hand {hand + 1}")
        shot(page, f"classroom-{game}-match-summary-{hand + 1}")
        dismiss_summary(page, at_panel)
        if not read_table(page).button("cardlearn-demo").get("enabled", True):
            break
    settle(page)
    assert banner_shown(page), "no banner at the match's end"
    check_projector(page, f"{game} match end")
    shot(page, f"classroom-{game}-match-end")
    # The whole sheet, on request, over the window: inside it, nothing scrolling sideways.
    table_locator(page).locator(".cardlearn-sheet details > summary").click()
    page.wait_for_timeout(300)
    whole = table_locator(page).locator(".cardlearn-sheet details[open]").bounding_box()
    assert whole is not None, "the whole sheet did not open"
    check_projector(page, f"{game} whole sheet")
    shot(page, f"classroom-{game}-whole-sheet")
    assert whole["x"] >= 0 and whole["y"] >= 0 and whole["x"] + whole["width"] <= 1024 + 0.5 and (
        whole["y"] + whole["height"] <= 768 + 0.5), f"the whole sheet outside the window: {whole}"
    print(f"\n{game}: {counter[0]} redraws checked to the match's end")
    assert not tab.watch.page_errors, tab.watch.page_errors
    no_problems(game)
