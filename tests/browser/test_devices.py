"""Every device (issue 33, point 7): each classroom page at a projector (1024 × 768 and
1024 × 680, the browser's toolbars), a tablet (768 × 1024, and 1024 × 768 by touch), a
phone (390 × 844, touch and mobile) and the reflow width (320 × 640, WCAG 1.4.10).

At each size, at the deal's start and in a crowded position of the middle of a deal (a
room set up by the engine: Kozel's trick of two-card leads beside the last trick, a
Kínaskák hand of 13 and more beside long melds), every card of the pupil's hand, and every
usable card elsewhere, has a point a finger reaches: sampled with `elementFromPoint` after
the card is scrolled into view the way a pupil can (the page, or its row), as the audit did.

- **Exposed width** is the number of pixel columns of a card where a tap lands on it.
  Every hand card shows at least `MIN_PX` (24, WCAG 2.5.8), and at least `TAP_PX` (44,
  the audit's aim) or, at `ONE_ROW_PX` and wider, where the hand keeps to one row (the
  projector's height has no room for a second), an even share of the hand's row when the
  hand is too long for `TAP_PX` each (the row's width less a whole card, over the other
  cards, less 2 px for rounding): the width there is used, not wasted.  Under
  `ONE_ROW_PX` the hand wraps into rows, so `TAP_PX` always.
  A usable card elsewhere (a table card to take, the discard pile's top) shows `TAP_PX`:
  rows with usable cards are not drawn overlapped.
- Nothing of the table with a box lies left of the page or right of it (`clipped`): the
  page does not cut content off sideways (a row of the middle that scrolls inside the page
  is allowed); no two seats' captions are drawn over each other; no button is under 24 px high;
  every hand card and usable card has its name as an `aria-label` (set by the pages' script),
  not only as a tooltip, which a touch screen never shows.
- At 1024 × 768 and 1024 × 680 the hand and Staðfesta are inside the window unscrolled;
  on the upright tablet (768 × 1024) the hand, Staðfesta and every card of the middle.
- On the phone the status line (whose turn) is inside the window unscrolled.
- On the phone one move of every game is made by taps (`page.tap`): Playwright taps a
  card only where it is the element hit, so a hidden card fails.

Screenshots (the window, unscrolled): `test-output/browser/dev-<game>-<size>[-touch][-tapped|-mid].png`,
and the whole phone page `dev-<game>-390-whole-mid.png`.  Each test prints what it
measured, a line per size.  Two pages a context (the deal's start, the crowded room) and
three contexts a game (phone, tablet, projector): about 70 s for the file on a quiet machine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from browserkit import (
    MOVE_TIMEOUT_MS,
    OUTPUT,
    TABLE,
    TableView,
    open_table,
    page_room,
    plan,
    read_table,
    settle,
    summary_shown,
    wait_until,
    watch_page,
)

from cardlearn import rooms
from cardlearn.games import GAMES
from cardlearn.table import WORDS
from cardlearn.table.room import page_path, seat_query

pytestmark = pytest.mark.browser

MIN_PX = 24  # never under this (WCAG 2.1's 2.5.8 target size, minimum)
TAP_PX = 44  # the aim (WCAG 2.5.5, Apple's guideline), where the width allows it
PROJECTOR = ((1024, 768), (1024, 680))  # a mouse; the hand and Staðfesta in the window, unscrolled
TABLET = ((768, 1024), (1024, 768))  # touch
PHONE = ((390, 844), (320, 640))  # touch and mobile
UPRIGHT = (768, 1024)  # a tablet upright: the whole table in view, unscrolled
ONE_ROW_PX = 901  # from this width up the hand keeps to one row (look.css)
GAME_NAMES = ("kasina", "kozel", "kinaskak", "lomber")

# What a card of the (last) table exposes to a finger: each card scrolled into view (the
# page and its row, as a pupil scrolls), then sampled every pixel column on five lines.
_MEASURE_JS = """
() => {
  // back to the page as it opens: every box scrolled (Voilà's page scrolls a box, not the window)
  const unscroll = () => { window.scrollTo(0, 0); for (const e of document.querySelectorAll('*')) {
    if (e.scrollTop || e.scrollLeft) { e.scrollTop = 0; e.scrollLeft = 0; } } };
  const tables = document.querySelectorAll('.cardlearn-table');
  const root = tables[tables.length - 1];
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  const exposed = (el) => {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    const cols = new Set();
    const ys = [0.1, 0.3, 0.5, 0.7, 0.9].map((f) => r.top + f * r.height).filter((y) => y >= 0 && y < H);
    for (let x = Math.max(0, Math.ceil(r.left)); x < Math.min(W, r.right); x++) {
      for (const y of ys) {
        const hit = document.elementFromPoint(x + 0.5, y);
        if (hit && (hit === el || el.contains(hit))) { cols.add(x); break; }
      }
    }
    return cols.size;
  };
  const name = (el) => [...el.classList].filter((c) => c.startsWith('cardlearn-card-')
    || c.startsWith('cardlearn-zone-')).join(' ');
  const hand = [...root.querySelectorAll('.cardlearn-bottom > .cardlearn-row button.cardlearn-card')];
  const usable = [...root.querySelectorAll(
    'button.cardlearn-card.mod-info, button.cardlearn-card.mod-success')]
    .filter((e) => !hand.includes(e));
  const bottom = root.querySelector('.cardlearn-bottom');
  const cw = hand.length ? hand[0].getBoundingClientRect().width : 0;
  const rowWidth = bottom ? bottom.clientWidth : 0;
  const out = {hand: hand.map((e) => [name(e), exposed(e)]), usable: usable.map((e) => [name(e), exposed(e)]),
               rowWidth, cw};
  // a card's name for a finger and a screen reader, not only a hover tooltip
  out.unnamed = [...hand, ...usable].filter((e) => !(e.getAttribute('aria-label') || '').trim()).map(name);
  unscroll();
  // nothing with a box cut off at the page's sides (but for a box of the table's that
  // scrolls sideways inside the page: its cards are reached by scrolling it)
  const scrolledInside = (e) => {
    for (let a = e.parentElement; a && root.contains(a); a = a.parentElement) {
      if (/auto|scroll/.test(getComputedStyle(a).overflowX) && a.scrollWidth > a.clientWidth) {
        const r = a.getBoundingClientRect();
        return r.left >= -0.5 && r.right <= W + 0.5;
      }
    }
    return false;
  };
  out.clipped = [...root.querySelectorAll('button, .cardlearn-card, .cardlearn-label, .cardlearn-seat-label, '
      + '.cardlearn-status, .cardlearn-felt')]
    .filter((e) => { const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.left < -0.5 || r.right > W + 0.5) && !scrolledInside(e); })
    .map((e) => e.className.slice(0, 80) + ' @ ' + Math.round(e.getBoundingClientRect().left) + '..'
      + Math.round(e.getBoundingClientRect().right));
  // cards of the middle that show nowhere in the window unscrolled: hidden below the
  // middle's own scrolling at a projector, or below the window on a phone (printed), or
  // anywhere on the upright tablet (checked)
  out.hiddenMiddle = [...root.querySelectorAll('.cardlearn-middle .cardlearn-card')].filter((e) => {
    const r = e.getBoundingClientRect();
    for (const fx of [0.1, 0.5, 0.9]) for (const fy of [0.1, 0.5, 0.9]) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === e || e.contains(hit))) return false;
    }
    return true;
  }).length;
  // seats' captions drawn over each other (three seats squeezed side by side)
  const labels = [...root.querySelectorAll('.cardlearn-seat-label')].map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0);
  out.overlaps = labels.flatMap((a, i) => labels.slice(i + 1).filter((b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2)
    .map((b) => [Math.round(a.left), Math.round(a.top), Math.round(b.left), Math.round(b.top)]));
  const box = (sel) => { const e = root.querySelector(sel); return e ? e.getBoundingClientRect() : null; };
  const felt = box('.cardlearn-felt');
  out.felt = felt ? [Math.round(felt.width), Math.round(felt.height), Math.round(felt.bottom)] : null;
  const turn = box('.cardlearn-status .cardlearn-turn') || box('.cardlearn-status');
  out.status = turn ? [Math.round(turn.top), Math.round(turn.bottom)] : null;
  // the hand and Staðfesta as they lie unscrolled (a hidden Staðfesta, in a row of bids, is no box)
  const inside = (e) => { const r = e.getBoundingClientRect();
    return r.width === 0 || (r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5); };
  out.outside = [...hand, ...root.querySelectorAll('button.cardlearn-confirm')].filter((e) => !inside(e))
    .map((e) => name(e) || e.className.slice(0, 40));
  out.buttons = [...root.querySelectorAll('button:not(.cardlearn-card)')]
    .filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => [e.className.split(' ').filter((c) => c.startsWith('cardlearn-'))[0] || '?',
                 Math.round(e.getBoundingClientRect().height), Math.round(e.getBoundingClientRect().width)]);
  out.scrollWidth = document.documentElement.scrollWidth;
  return out;
}
"""


def measure(page: Any) -> dict[str, Any]:
    settle(page)
    found: dict[str, Any] = page.evaluate(_MEASURE_JS)
    return found


def window_shot(page: Any, name: str) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => { window.scrollTo(0, 0); for (const e of document.querySelectorAll('*'))"
                  " { if (e.scrollTop || e.scrollLeft) { e.scrollTop = 0; e.scrollLeft = 0; } } }")
    page.screenshot(path=str(OUTPUT / f"{name}.png"))


def hand_aim(m: dict[str, Any], width: int) -> float:
    """The exposed width each hand card must show: `TAP_PX`; at `ONE_ROW_PX` and wider,
    where the hand keeps to one row, an even share of the row when the hand cannot show
    `TAP_PX` each in it; never under `MIN_PX`."""
    n = len(m["hand"])
    if n < 2 or width < ONE_ROW_PX:
        return TAP_PX
    share = (m["rowWidth"] - m["cw"]) / (n - 1)
    return max(MIN_PX, min(TAP_PX, int(share) - 2))  # (a pixel each side for rounding)


def problems(m: dict[str, Any], size: tuple[int, int], phone: bool) -> list[str]:
    """What is wrong at this size, in words (empty: nothing)."""
    found = []
    aim = hand_aim(m, size[0])
    narrow = [(c, w) for c, w in m["hand"] if w < aim]
    if narrow:
        found.append(f"hand cards exposing under {aim:.0f} px: {narrow}")
    small = [(c, w) for c, w in m["usable"] if w < TAP_PX]
    if small:
        found.append(f"usable cards elsewhere exposing under {TAP_PX} px: {small}")
    if m["clipped"]:
        found.append(f"cut off at the page's sides: {m['clipped'][:6]}")
    if size == UPRIGHT and m["hiddenMiddle"]:
        found.append(f"{m['hiddenMiddle']} cards of the middle not in view on the upright tablet")
    if (size[0] >= ONE_ROW_PX or size == UPRIGHT) and m["outside"]:
        found.append(f"the hand or Staðfesta outside the window: {m['outside']}")
    if phone and (m["status"] is None or m["status"][1] > size[1]):
        found.append(f"the status line is below the window: {m['status']}")
    if m["unnamed"]:
        found.append(f"cards named only by a tooltip (no aria-label): {m['unnamed']}")
    if m["overlaps"]:
        found.append(f"seats' captions over each other (left, top of each): {m['overlaps']}")
    low = [b for b in m["buttons"] if b[1] < MIN_PX]
    if low:
        found.append(f"buttons under {MIN_PX} px high: {low}")
    return found


def summary(m: dict[str, Any]) -> str:
    hand = [w for _, w in m["hand"]]
    usable = [w for _, w in m["usable"]]
    under = sum(1 for w in hand if w < TAP_PX)
    heights = sorted({b[1] for b in m["buttons"]})
    return (f"hand {len(hand)}: narrowest {min(hand, default=0)} px, {under} under {TAP_PX}, "
            f"{sum(1 for w in hand if w == 0)} unreachable; usable elsewhere {len(usable)}: narrowest "
            f"{min(usable, default=0)}; felt {m['felt']}; status {m['status']}; buttons {heights} px high; "
            f"middle cards not in view unscrolled {m['hiddenMiddle']}")


def check_sizes(page: Any, game: str, sizes: tuple[tuple[int, int], ...], phone: bool, tag: str,
                found: list[str]) -> None:
    for size in sizes:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        m = measure(page)
        label = f"{game} {size[0]}x{size[1]}{tag}"
        print(f"{label}: {summary(m)}")
        found += [f"{label}: {p}" for p in problems(m, size, phone)]
        window_shot(page, f"dev-{game}-{size[0]}x{size[1]}{tag}")


# ---------------------------------------------------------------------------------------
# A crowded position of the middle of a deal, made by the engine in a room of the pages'

def _cards(module: Any, state: Any, action: Any) -> int:
    try:
        return len(module.action_cards(state, action))
    except Exception:  # a move without cards
        return 0


def _crowded(game: str, state: Any, moves: int) -> bool:
    """The position to show: the pupil (seat 0) to move, with much on the table."""
    if state.to_move != 0:
        return False
    if game == "kasina":
        return moves >= 8
    if game == "kozel":  # a trick of two-card leads, beside a last trick of four seats
        return (state.deals_done == 0 and len(state.last_trick) >= 4
                and sum(len(p[2]) for p in state.plays) >= 8)
    if game == "kinaskak":  # long melds on the table, a long hand
        return sum(len(m.cards) for ms in state.melds for m in ms) >= 16 and len(state.hands[0]) >= 13
    return state.contract is not None and len(state.played) >= 2 and len(state.trick) >= 1  # lomber


def crowded_moves(game: str) -> tuple[int, list[Any]]:
    """A seed and the moves (each seat playing its biggest move mostly) to a crowded
    position of its first deal."""
    module = GAMES[game]
    for seed in range(100, 400):
        state, rng = module.new_game(seed=seed), random.Random(seed)
        moves: list[Any] = []
        while state.to_move is not None and len(moves) < 300:
            if _crowded(game, state, len(moves)):
                return seed, moves
            actions = state.legal_actions()
            big = max(actions, key=lambda a: _cards(module, state, a))
            action = big if _cards(module, state, big) >= 3 and rng.random() < 0.9 else rng.choice(actions)
            moves.append(action)
            state = state.apply(action)
    raise AssertionError(f"no crowded position of {game} found")


def crowded_url(base: str, game: str, store: Any) -> str:
    """The page of seat 0 of a room where every seat is a pupil's (so that nothing moves
    while it is measured), at the crowded position."""
    seed, moves = crowded_moves(game)
    players = GAMES[game].new_game(seed=seed).players
    room = rooms.create(game, range(players), seed=seed, store=store)
    for action in moves:
        seat = room.state().to_move
        assert seat is not None
        room.play(seat, room.tokens[seat], action, after=len(room))
    return f"{base}/{page_path(game)}" + seat_query(room.id, 0, room.tokens[0])


# ---------------------------------------------------------------------------------------

def tap_move(page: Any, game: str, store: Any) -> TableView:
    """One move of the pupil by taps (cards, a target, then Staðfesta or the move's
    button); returns the reading once the pupil is to move again (or the deal is over)."""
    before = read_table(page)
    state = page_room(page, store).state()
    _, tokens = plan(game, state)
    table = page.locator(TABLE).last
    for zone, card in tokens:
        sel = (f"button.cardlearn-target.cardlearn-zone-{zone}" if card is None
               else f"button.cardlearn-card.cardlearn-zone-{zone}.cardlearn-card-{card}")
        button = table.locator(sel).first
        if "mod-success" in (button.get_attribute("class") or ""):
            continue  # a forced move's cards are selected for the pupil
        button.tap(position={"x": 8, "y": 20} if card is not None else None, timeout=MOVE_TIMEOUT_MS)
        page.wait_for_function("(b) => b.classList.contains('mod-success')", arg=button.element_handle(),
                               timeout=MOVE_TIMEOUT_MS, polling=30)
    ready = table.locator("button.cardlearn-confirm:not(.cardlearn-unusable)")
    # Staðfesta turns usable in a redraw of its own, after the last card's: wait for it (or
    # for a move's buttons), as `browserkit.click_move` does (CI once looked too soon)
    page.wait_for_function(
        "() => { const t = Array.from(document.querySelectorAll('.cardlearn-table')).pop();"
        " return t.querySelector('button.cardlearn-confirm:not(.cardlearn-unusable)') !== null"
        " || t.querySelector('button.cardlearn-action') !== null; }", timeout=MOVE_TIMEOUT_MS, polling=30)
    if tokens and ready.count():
        ready.tap(timeout=MOVE_TIMEOUT_MS)
    else:
        table.locator("button.cardlearn-action").first.tap(timeout=MOVE_TIMEOUT_MS)
    words = WORDS["is"]
    return wait_until(page, lambda v: v.moves > before.moves and (v.status.startswith(
        (words["your_turn"], words["over"])) or summary_shown(page)),
        what="the tapped move and the computers' replies")


def open_page(browser: Any, url: str, size: tuple[int, int], **touch: bool) -> tuple[Any, Any]:
    """A page in a browser context of its own (touch and mobile as asked), and its watch."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **touch)
    page = context.new_page()
    page.set_default_timeout(30_000)
    watch = watch_page(page)
    open_table(page, url)
    return page, watch


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_device(browser: Any, voila_url: str, pages_store: Any, game: str) -> None:
    """Each size at the deal's start and in a crowded position; on the phone a move by taps."""
    found: list[str] = []
    fresh, crowded = f"{voila_url}/{page_path(game)}", crowded_url(voila_url, game, pages_store)
    page, watch = open_page(browser, fresh, PHONE[0], has_touch=True, is_mobile=True)
    try:
        check_sizes(page, game, PHONE, True, "", found)
        page.set_viewport_size({"width": PHONE[0][0], "height": PHONE[0][1]})
        after = tap_move(page, game, pages_store)
        assert after.moves > 0
        check_sizes(page, game, PHONE, True, "-tapped", found)
        open_table(page, crowded)
        check_sizes(page, game, PHONE, True, "-mid", found)
        # the whole page on the phone, as the pupil scrolls it (a window as tall as the table)
        tall = page.evaluate("() => Math.ceil(document.querySelector('.cardlearn-table')"
                             ".getBoundingClientRect().bottom) + 16")
        page.set_viewport_size({"width": PHONE[0][0], "height": max(PHONE[0][1], min(tall, 3000))})
        settle(page)
        window_shot(page, f"dev-{game}-{PHONE[0][0]}-whole-mid")
        assert not watch.page_errors, watch.page_errors
    finally:
        page.context.close()
    for sizes, touch in ((TABLET, {"has_touch": True}), (PROJECTOR, {})):
        page, watch = open_page(browser, fresh, sizes[0], **touch)
        tag = "-touch" if touch else ""
        try:
            check_sizes(page, game, sizes, False, tag, found)
            open_table(page, crowded)
            check_sizes(page, game, sizes, False, tag + "-mid", found)
            assert not watch.page_errors, watch.page_errors
        finally:
            page.context.close()
    assert not found, "\n".join(found)
