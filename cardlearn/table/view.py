"""The table's picture: the widgets of `Table` and how a redraw fills them — the felt
with the other seats round the top (a partner across, four seats), the open zones in the
middle, your cards at the bottom; the status, log, score sheet, the end-of-deal summary,
the match banner and the hints.  `TableDrawing` is mixed into `Table` (`widget`), which
keeps the moves and the selection; everything here only reads them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

import ipywidgets as widgets

from cardlearn.cards import Card
from cardlearn.table import look
from cardlearn.table.look import css_name, esc
from cardlearn.table.words import WORDS, count_cards, result, symbols

HUMAN = "human"
LOG_SHOWN = 12  # the move log shows this many latest moves
PACK_OVER = 6  # a zone of more cards than this, at most one usable now, is drawn overlapped,
PACK_ANY = 12  # and so is any row of more cards than this (a rummy hand)
_SYMBOL = r"(?<![0-9A-Za-z]){}(?![0-9A-Za-z])"  # a card code or symbol, not part of a longer one


def _quiet(game: ModuleType, state: Any, action: Any) -> bool:
    quiet = getattr(game, "quiet", None)
    return bool(quiet(state, action)) if quiet is not None else False


def _entry(entry: Any) -> tuple[str | None, int | None, str]:
    """A layout entry as (card text or None for face down, seat, note)."""
    if isinstance(entry, dict):
        return entry.get("card"), entry.get("seat"), entry.get("note", "")
    return str(entry), None, ""


def _places(players: int, viewer: int) -> dict[int, str]:
    """Where each other seat sits, seen from `viewer` at the bottom: with four seats the
    partner across at the top and the others left and right (the next seat in playing
    order on the left); otherwise all along the top, in playing order."""
    others = [(viewer + k) % players for k in range(1, players)]
    if players == 4:
        return dict(zip(others, ("left", "top", "right")))
    return {s: "top" for s in others}


def _named(text: str, card: str) -> bool:
    """Does a move's description name `card` (by its symbol)?"""
    return re.search(_SYMBOL.format(re.escape(Card.parse(card).symbol)), text) is not None


# ---------------------------------------------------------------------------------------
# Small widgets


class _CardRow(widgets.HBox):
    """The entries of one zone (or the hand), each a button showing its card.  Buttons
    are kept and reused.  No card button is ever disabled: a click on an unusable card
    must reach the table, which then says why it cannot be used."""

    def __init__(self, zone: str, on_click: Callable[[str, int], None]):
        super().__init__()
        self.zone, self._on_click, self._cells = zone, on_click, []
        self.add_class("cardlearn-row")

    def _new_cell(self, index: int) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b: self._on_click(self.zone, index))
        return button

    def show(self, cells: list[tuple[str | None, str, str, tuple[str, ...]]]) -> None:
        """Each cell: (card text or None for a back, caption, button style, extra classes)."""
        while len(self._cells) < len(cells):
            self._cells.append(self._new_cell(len(self._cells)))
        zone = f"cardlearn-zone-{css_name(self.zone)}"
        for button, (text, caption, style, extra) in zip(self._cells, cells):
            picture = f"cardlearn-card-{css_name(text)}" if text else "cardlearn-back"
            classes = (
                "cardlearn-card",
                picture,
                zone,
                *extra,
                *(("cardlearn-captioned",) if caption else ()),
            )
            button.tooltip = Card.parse(text).symbol if text else caption or None
            button.description = caption
            button.button_style = style
            if tuple(button._dom_classes) != classes:
                button._dom_classes = classes
        self.children = tuple(self._cells[: len(cells)])


def _show_packed(row: _CardRow, cells: list[tuple[str | None, str, str, tuple[str, ...]]]) -> None:
    """Show a row, overlapped to fit when it is long: many cards none of which is usable
    now (a finished trick), or very many (a rummy hand); more so with more still."""
    row.show(cells)
    n = len(cells)
    idle = 4 * sum(1 for _, _, style, _ in cells if style) <= n  # a trick, a discard pile: few to click
    played = any(caption for _, caption, _, _ in cells)  # seat-marked plays (a trick) pack sooner
    packed = n > PACK_ANY or (idle and (n > PACK_OVER or (played and n > PACK_OVER - 2)))
    more = n > 2 * PACK_ANY or (idle and n > 2 * PACK_OVER)
    row._dom_classes = ("cardlearn-row",) + (("cardlearn-packed",) if packed else ()) + (
        ("cardlearn-packed-more",) if more else ())


def _html(css: str) -> widgets.HTML:
    return widgets.HTML().add_class(css)


class TableDrawing:
    """The drawing half of `Table` (see the module docstring)."""

    # -- building the widgets ------------------------------------------------------------
    def _button(self, handler: Callable[[], None], css: str) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b: handler())
        button.add_class(css)
        return button

    def _build(self) -> None:
        self.add_class("cardlearn-table")
        self.add_class("cardlearn-widget")
        self._style = widgets.HTML(look.stylesheet(), layout=widgets.Layout(display="none"))
        self._lang_style = widgets.HTML(layout=widgets.Layout(display="none"))
        self._title, self._status = _html("cardlearn-title"), _html("cardlearn-status")
        self._lang_button = self._button(
            lambda: setattr(self, "lang", "en" if self._lang == "is" else "is"), "cardlearn-lang"
        )
        self._new_button = self._button(self._ask_new, "cardlearn-new")
        self._hint_button = self._button(self.hint, "cardlearn-hint")
        self._undo_button = self._button(self.undo, "cardlearn-undo")
        self._teacher_button = self._button(
            lambda: setattr(self, "teacher", not self._teacher), "cardlearn-teacher"
        )
        self._header = widgets.HBox(
            [
                self._style,
                self._lang_style,
                widgets.VBox([self._title, self._status]).add_class("cardlearn-heading"),
                self._new_button,
                self._undo_button,
                self._hint_button,
                self._teacher_button,
                self._lang_button,
            ]
        ).add_class("cardlearn-header")
        self._ask_text = _html("cardlearn-ask-text")
        self._yes = self._button(lambda: self._answer_new(True), "cardlearn-new-yes")
        self._no = self._button(lambda: self._answer_new(False), "cardlearn-new-no")
        self._ask = widgets.HBox([self._ask_text, self._yes, self._no]).add_class("cardlearn-ask")
        # The felt: a grid with the other seats round the top, the middle, and you.
        self._top = widgets.HBox().add_class("cardlearn-top")
        self._left, self._right = (
            widgets.VBox().add_class("cardlearn-left"),
            widgets.VBox().add_class("cardlearn-right"),
        )
        self._banner, self._teacher_note = _html("cardlearn-banner"), _html("cardlearn-teacher-note")
        self._summary_html = _html("cardlearn-summary-text")
        self._dismiss_button = self._button(self._dismiss, "cardlearn-dismiss")
        self._summary = widgets.VBox([self._summary_html, self._dismiss_button]).add_class(
            "cardlearn-summary"
        )
        self._summary.add_class("cardlearn-panel")
        self._banner.add_class("cardlearn-panel")
        self._last = _html("cardlearn-last-move")
        self._zones = widgets.HBox().add_class("cardlearn-zones")
        self._middle = widgets.VBox().add_class("cardlearn-middle")
        self._own_zones = widgets.HBox().add_class("cardlearn-zones")
        self._hand_label = _html("cardlearn-hand-label")
        self._hand_label.add_class("cardlearn-label")
        self._hand = _CardRow("hand", self._click)
        self._confirm = self._button(self._confirm_click, "cardlearn-confirm")
        self._actions, self._action_buttons, self._action_list = widgets.HBox(), [], []
        self._actions.add_class("cardlearn-actions")
        self._message = _html("cardlearn-message")
        self._bottom = widgets.VBox().add_class("cardlearn-bottom")
        self._pass_text = _html("cardlearn-pass")
        self._ready_button = self._button(self._ready, "cardlearn-ready")
        self._felt = widgets.GridBox().add_class("cardlearn-felt")
        self._hints, self._log, self._sheet = (
            _html("cardlearn-hints"),
            _html("cardlearn-log"),
            _html("cardlearn-sheet"),
        )
        self._side = widgets.VBox([self._hints, self._log, self._sheet]).add_class("cardlearn-side")
        self._main = widgets.HBox([self._felt, self._side]).add_class("cardlearn-main")
        self._seat_boxes: dict[int, tuple[widgets.VBox, widgets.HTML, widgets.HBox]] = {}
        self._zone_boxes: dict[str, tuple[widgets.VBox, widgets.Widget, Any]] = {}

    # -- drawing -------------------------------------------------------------------------
    def _render(self) -> None:
        w, state = WORDS[self._lang], self.state
        self._lang_style.value = look.lang_style(self._lang)
        for button, key in (
            (self._new_button, "new"),
            (self._undo_button, "undo"),
            (self._hint_button, "hint"),
            (self._lang_button, "lang"),
            (self._confirm, "confirm"),
            (self._ready_button, "ready"),
            (self._teacher_button, "teacher"),
            (self._dismiss_button, "dismiss"),
            (self._yes, "new_yes"),
            (self._no, "new_no"),
        ):
            button.description = w[key]
        self._teacher_button.button_style = "warning" if self._teacher else ""
        self._status.value = esc(self._status_text())
        self._message.value = esc(self.message)
        self._ask_text.value = esc(w["new_ask"])
        self._log.value, self._sheet.value = self._log_html(), self._sheet_html()
        self._title.value = f"<b>{esc(self.game.NAME[self._lang])}</b>"
        top = (self._header, self._ask) if self._asking else (self._header,)
        if self._must_pass():
            self._pass_text.value = esc(w["pass"].format(who=self._who(self._pass_to())))
            self._felt.children = (
                widgets.VBox(
                    [self._pass_text, self._ready_button, self._message],
                    layout=widgets.Layout(grid_area="middle"),
                ),
            )
            self._hints.value = ""
            self.children = (*top, self._main)
            return
        seat = self._shown_seat()
        self._view = view = self.game.layout(state, seat, self._lang)
        self._title.value = f"<b>{esc(view['title'])}</b>"
        last = self._last_cards()
        owned: dict[int, list[dict[str, Any]]] = {}
        for zone in view.get("zones", []):
            if zone.get("owner") is not None:
                owned.setdefault(zone["owner"], []).append(zone)
        places = _places(state.players, seat)
        hands = {o["seat"]: o for o in view.get("opponents", [])}
        boxes: dict[str, list[widgets.Widget]] = {"top": [], "left": [], "right": []}
        for other, place in places.items():
            boxes[place].append(self._seat_box(other, hands.get(other), owned.get(other, []), last))
        self._top.children, self._left.children, self._right.children = (
            tuple(boxes["top"]),
            tuple(boxes["left"]),
            tuple(boxes["right"]),
        )
        self._zones.children = tuple(
            self._zone_box(z, last) for z in view.get("zones", []) if z.get("owner") is None
        )
        self._last.value = self._last_html(pictures=state.players != 4)
        self._teacher_note.value = esc(w["teacher_on"]) if self._teacher else ""
        self._banner.value = self._banner_html()
        self._summary_html.value = self._summary_text()
        # The last move beside the middle (below it with four seats, where the sides are
        # taken); the deal's summary and the match banner lie over the felt.
        if state.players != 4:  # beside the middle, with the cards that left the table
            self._right.children = (*self._right.children, self._last)
        middle = [self._teacher_note] if self._teacher else []
        self._middle.children = (*middle, self._zones)
        over = [self._banner] if state.is_over else []
        over += [self._summary] if self._summary_at is not None and not state.is_over else []
        self._own_zones.children = tuple(self._zone_box(z, last) for z in owned.get(seat, []))
        mine = w["your_hand"] if len(self._humans) == 1 else w["hand_of"].format(who=self._who(seat))
        self._hand_label.value = (
            f"<b>{esc(mine)}</b>"
            + (f" · {esc(view['info'])}" if view.get("info") else "")
            + (f"<br>{esc(view['prompt'])}" if view.get("prompt") else "")
        )
        _show_packed(self._hand, self._looks("hand", list(view.get("hand", [])), last))
        self._render_actions()
        self._bottom.children = (
            *((self._own_zones,) if owned.get(seat) else ()),
            self._hand_label,
            self._hand,
            self._actions,
            self._message,
            *((self._last,) if state.players == 4 else ()),
        )
        self._bottom._dom_classes = ("cardlearn-bottom",) + (
            ("cardlearn-to-move",) if state.to_move == seat else ()
        )
        self._felt.children = (self._top, self._left, self._middle, self._right, self._bottom, *over)
        self._felt._dom_classes = ("cardlearn-felt",) + (("cardlearn-teacher-on",) if self._teacher else ())
        self._hints.value = self._hints_html()
        self.children = (*top, self._main)

    def _seat_box(
        self, seat: int, hand: dict[str, Any] | None, zones: list[dict[str, Any]], last: set[str]
    ) -> widgets.Widget:
        if seat not in self._seat_boxes:
            label, zone_row = (
                widgets.HTML().add_class("cardlearn-seat-label"),
                widgets.HBox().add_class("cardlearn-zones"),
            )
            box = widgets.VBox([label, zone_row])
            self._seat_boxes[seat] = (box, label, zone_row)
        box, label, zone_row = self._seat_boxes[seat]
        size = hand["hand_size"] if hand else 0
        info = hand.get("info", "") if hand else ""
        words = " · ".join(x for x in (count_cards(size, self._lang), info) if x)
        if self._teacher:  # every hand face up: only the picture, the bots never see it
            cards = [
                c for c in (_entry(e)[0] for e in self.game.layout(self.state, seat, self._lang)["hand"]) if c
            ]
            picture = look.faces_html(cards, "cardlearn-teacher-card", fan=True)
        else:  # a few backs stand for the hand (its size is in words): 13 would not fit beside the felt
            picture = look.backs_html(size, 6)
        label.value = f"<b>{esc(self._who(seat))}</b> · {esc(words)}{picture}"
        zone_row.children = tuple(self._zone_box(z, last) for z in zones)
        box._dom_classes = ("cardlearn-seat", f"cardlearn-seat-{seat}") + (
            ("cardlearn-to-move",) if self.state.to_move == seat else ()
        )
        return box

    def _zone_box(self, zone: dict[str, Any], last: set[str]) -> widgets.Widget:
        name = zone["name"]
        if name not in self._zone_boxes:  # kept per zone name, so redraws reuse widgets
            box = widgets.VBox().add_class(f"cardlearn-zone-{css_name(name)}")
            label = widgets.HTML().add_class("cardlearn-label")
            target = self._button(lambda: self._click(name, None), "cardlearn-target")
            target.add_class(f"cardlearn-zone-{css_name(name)}")
            self._zone_boxes[name] = (box, label, target, _CardRow(name, self._click))
        box, label, target, row = self._zone_boxes[name]
        head: widgets.Widget = label
        if zone.get("target"):
            target.description = zone["label"]
            usable = (
                any(t[(name, None)] for _, t in self._growing(self._selection()))
                if self.seats.get(self.state.to_move) == HUMAN
                else False
            )
            chosen = (name, None) in self._selected
            target.button_style = "success" if chosen else "info" if usable else ""
            usable = usable or chosen
            target._dom_classes = ("cardlearn-target", f"cardlearn-zone-{css_name(name)}") + (
                () if usable else ("cardlearn-unusable",)
            )
            head = target
        if "cards" in zone:
            entries = list(zone["cards"])
            label.value = f"<b>{esc(zone['label'])}</b>"
            _show_packed(row, self._looks(name, entries, last, zone.get("owner")))
            box.children = (head, row)
        else:
            n = zone.get("backs", 0)
            named = "" if head is not label else f"<b>{esc(zone['label'])}</b> · "  # a target names itself
            label.value = f"{named}{esc(count_cards(n, self._lang))}{look.backs_html(n, 2)}"
            box.children = (head, label) if head is not label else (label,)
        return box

    def _render_actions(self) -> None:
        """Confirm, plus a button per move that needs no card (bids, "buy", "pass") and
        per move when a selection fits several at once."""
        state = self.state
        human = self.seats.get(state.to_move) == HUMAN
        exact = self._exact() if human else []
        self._confirm.button_style = "success" if len(exact) == 1 else ""
        self._confirm.disabled = len(exact) != 1
        moves = [a for a, t in self._tokens() if not t] if human else []
        moves += exact if len(exact) > 1 else []
        while len(self._action_buttons) < len(moves):
            i = len(self._action_buttons)
            self._action_buttons.append(
                self._button(lambda i=i: self.act(self._action_list[i]), "cardlearn-action")
            )
        self._action_list = moves
        for button, move in zip(self._action_buttons, moves):
            button.description = self.game.describe(state, move, self._lang, viewer=state.to_move)
            button.button_style = "info"
        self._actions.children = (self._confirm, *self._action_buttons[: len(moves)])

    def _status_text(self) -> str:
        w, state = WORDS[self._lang], self.state
        seat = state.to_move
        sides = self._sides()
        if seat is None:
            turn = f"{w['over']} — {result(state.winner, state.teams, state.players, self.seats, self._lang)}"
        elif self.seats[seat] == HUMAN:
            turn = w["your_turn"] if len(self._humans) == 1 else w["turn"].format(who=self._who(seat))
        else:
            turn = w["thinking"].format(who=self._who(seat))
        standing = ", ".join(f"{name}: {s}" for name, s in zip(sides, state.scores))
        return f"{turn} · {w['moves']}: {len(state.history)} · {w['score']} — {standing}"

    def _said(self, i: int, viewer: int | None) -> str:
        seat, action = self._moves[i]
        return f"{self._who(seat)}: {self.game.describe(self._states[i], action, self._lang, viewer=viewer)}"

    def _last_cards(self) -> set[str]:
        """The cards of the last move that the seat shown may see: those its words name."""
        if not self._moves:
            return set()
        i = len(self._moves) - 1
        before, action = self._states[i], self._moves[i][1]
        said = self.game.describe(before, action, self._lang, viewer=self._log_viewer())
        return {
            str(c)
            for _, c in self.game.action_cards(before, action)
            if c is not None and _named(said, str(c))
        }

    def _last_html(self, pictures: bool = True) -> str:
        """The last move in words, with its cards (those the seat shown may see) unless
        `pictures` is off (four seats: the trick itself shows them, marked)."""
        if not self._moves:
            return ""
        cards = sorted(self._last_cards(), key=lambda c: Card.parse(c).sort_key()) if pictures else []
        pictures_html = look.faces_html(cards, "cardlearn-last") if cards else ""
        return (
            f'<div class="cardlearn-label"><b>{esc(WORDS[self._lang]["last_move"])}:</b> '
            f"{esc(self._said(len(self._moves) - 1, self._log_viewer()))}</div>{pictures_html}"
        )

    def _log_html(self) -> str:
        first = max(0, len(self._moves) - LOG_SHOWN)  # only the latest moves, numbered as played
        viewer, lines = self._log_viewer(), []
        for i in range(first, len(self._moves)):
            before, after = self._states[i], self._states[i + 1]
            divider = None
            if len(after.score_sheet) > len(before.score_sheet):
                divider = self._deal_line(after, len(after.score_sheet))
            lines.append(
                (i + 1, self._said(i, viewer), _quiet(self.game, before, self._moves[i][1]), divider)
            )
        return look.log_html(lines, self._lang)

    def _deal_line(self, state: Any, n: int) -> str:
        """ "— 1. spili lokið: Þú 3, Tölvan 8 —": a deal's end, with its row's totals."""
        row = state.score_sheet[n - 1]
        totals = row.get("total", ())
        values = totals if isinstance(totals, (tuple, list)) else ()
        said = ", ".join(f"{name}: {v}" for name, v in zip(self._sides(), values))
        head = WORDS[self._lang]["deal_over"].format(n=n)
        return f"— {head}: {said} —" if said else f"— {head} —"

    def _names(self) -> dict[str, str]:
        return getattr(self.game, "SHEET_NAMES", {}).get(self._lang, {})

    def _sheet_html(self) -> str:
        rows = self.state.score_sheet
        if not rows:
            return ""
        table = look.sheet_html(rows, self._names(), self._sides(), self.state.scores, self._lang)
        return f"<b>{esc(WORDS[self._lang]['sheet'])}</b>{table}"

    def _summary_text(self) -> str:
        """The end-of-deal panel: the deal's row of the sheet, the deal's last move, and
        what became of the cards left over (see `_leftovers`)."""
        i = self._summary_at
        if i is None:
            return ""
        w, after = WORDS[self._lang], self._states[i + 1]
        n = len(after.score_sheet)
        before, action = self._states[i], self._moves[i][1]
        told = getattr(self.game, "deal_end", None)
        if told is not None:
            left = [told(before, action, self._lang, viewer=self._log_viewer())]
        else:
            left = self._leftovers(before, action)
        lines = [f"{w['last_move']}: {self._said(i, self._log_viewer())}", *left]
        return (
            f"<b>{esc(w['deal_over'].format(n=n))}</b>"
            + look.row_html(after.score_sheet[-1], self._names(), self._sides(), self._lang)
            + "".join(f"<div>{esc(x)}</div>" for x in lines)
        )

    def _leftovers(self, before: Any, action: Any) -> list[str]:
        """Loose cards still lying in the open (plain entries of unowned zones, not a trick's
        seat-marked plays) when the deal's last move was made, less those it used.  A game
        that says more defines `deal_end(state, action, lang, viewer=None)` instead."""
        w = WORDS[self._lang]
        used = Counter((z, str(c)) for z, c in self.game.action_cards(before, action) if c is not None)
        left = []
        for zone in self.game.layout(before, self._shown_seat(), self._lang).get("zones", []):
            if zone.get("owner") is None and zone.get("cards"):
                loose = [e for e in zone["cards"] if not isinstance(e, dict)]
                cards = Counter((zone["name"], str(c)) for c in loose) - used
                if cards:
                    shown = symbols(c for _, c in cards.elements())
                    left.append(w["leftover"].format(zone=zone["label"], cards=shown))
        return left

    def _banner_html(self) -> str:
        state = self.state
        if not state.is_over:
            return ""
        w = WORDS[self._lang]
        said = result(state.winner, state.teams, state.players, self.seats, self._lang)
        standing = " – ".join(map(str, state.scores))
        sheet = look.sheet_html(state.score_sheet, self._names(), self._sides(), state.scores, self._lang)
        return f"<div><b>{esc(w['over'])} — {esc(said)}</b> ({esc(standing)})</div>{sheet}"

    def _hints_html(self) -> str:
        state = self.state
        if self._hint_state is not state:
            return ""
        items = [
            (
                self.game.describe(state, a, self._lang, viewer=state.to_move),
                self._reason(state, a),
            )
            for a in self._hint_order(state)
        ]
        return look.hints_html(items, True, self._lang)
