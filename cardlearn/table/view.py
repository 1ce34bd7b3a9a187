"""The table's picture in ipywidgets: `TableView` draws a `Snapshot` (see
`cardlearn.table.snapshot`) and sends each click to a `Handlers` callback; it decides
nothing and keeps no game state.  The felt has the other seats round the top (a partner
across: left, top, right), the open zones in the middle, your cards at the bottom; beside
it the hints, log and score sheet.

Widgets are made once and reused (a redraw is a few small trait messages, and nothing
leaks in a long-running kernel).  CSS classes (the DOM contract of `look`) change only
through `set_classes`; the HTML of what is only shown, never clicked, comes from the view's
own `fragments`.  For tests, a card is a `CardButton` (`zone`, `index`, `card`,
`token`), a target zone a `TargetButton` (`zone`, `token`), another seat a `SeatBox`
(`seat`); `TableView.card_buttons()` and `TableView.target_buttons()` list those shown.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle  # not exported at the top in 8.1

from cardlearn.cards import Card
from cardlearn.grammar import one_stop
from cardlearn.protocol import Token
from cardlearn.table import fragments, textview
from cardlearn.table.look import css_name, esc, four_colour_style, script_html, stylesheet
from cardlearn.table.snapshot import CellView, SeatView, Snapshot, ZoneView
from cardlearn.table.words import WORDS

PACK_OVER = 6  # a zone of more cards than this, at most one usable now, is drawn overlapped,
PACK_ANY = 12  # and so is any row of more cards than this (a rummy hand)


def set_classes(widget: widgets.DOMWidget, *classes: str) -> None:
    """Give `widget` exactly these CSS classes (empty strings left out), in this order: the
    one place the table assigns a widget's classes as a whole.  Nothing is sent when they
    are already so."""
    wanted = tuple(c for c in classes if c)
    if tuple(widget._dom_classes) != wanted:
        widget._dom_classes = wanted


def classes_of(widget: widgets.Widget) -> tuple[str, ...]:
    """A widget's CSS classes (none for a widget that has no DOM)."""
    return tuple(getattr(widget, "_dom_classes", ()))


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """`widget` and every widget shown inside it, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


@dataclass(frozen=True)
class Handlers:
    """What the view's buttons do: each a callback of the table that owns the view."""

    click: Callable[[str, int | None], None]  # a card (zone, index) or a target zone (zone, None)
    confirm: Callable[[], None]
    act: Callable[[Any], None]  # a move's own button
    undo: Callable[[], None]
    hint: Callable[[], object]
    switch_lang: Callable[[], None]
    switch_teacher: Callable[[], None]
    ask_new: Callable[[], None]
    answer_new: Callable[[bool], None]
    ready: Callable[[], None]
    dismiss: Callable[[], None]
    switch_demo: Callable[[], None] = lambda: None
    demo_pace: Callable[[str], None] = lambda _pace: None  # "slow", "normal", "step"
    demo_step: Callable[[], None] = lambda: None  # "Næsti leikur": one move at the step pace
    switch_four_colour: Callable[[], None] = lambda: None  # the four-colour deck on or off
    switch_text_view: Callable[[], None] = lambda: None  # "Textasýn": the table as text
    typed: Callable[[str], bool] = lambda _text: False  # a move typed in the text view: made?


# ---------------------------------------------------------------------------------------
# Small widgets


# A page draws some 200 widgets, and its browser makes a model for each widget's layout
# and style too (218 models in all for a Kozel page).  Those that no code changes after
# they are made are one model each for the whole process, so a page opens with 108 models
# (the table's own buttons keep their layouts: Confirm, the teacher's and demo buttons are
# shown and hidden through them).
@functools.cache
def _shared_layout(width: str = "") -> widgets.Layout:
    return widgets.Layout(width=width) if width else widgets.Layout()


@functools.cache
def _shared_style(kind: type[widgets.Style]) -> widgets.Style:
    return kind()


def _card_look() -> dict[str, Any]:
    """The layout and style of a card's (or a target's) button: shared, never changed."""
    return {"layout": _shared_layout("auto"), "style": _shared_style(widgets.ButtonStyle)}


def _button(handler: Callable[[], object], css: str) -> widgets.Button:
    button = widgets.Button(layout=widgets.Layout(width="auto"), style=_shared_style(widgets.ButtonStyle))
    button.on_click(lambda _b: handler())
    button.add_class(css)
    return button


def _html(css: str) -> widgets.HTML:
    html = widgets.HTML(layout=_shared_layout(), style=_shared_style(HTMLStyle))
    html.add_class(css)
    return html


class CardButton(widgets.Button):
    """One card of a zone (or the hand).  `zone` and `index` (its place among the zone's
    entries) are what a click names; `card` is the canonical text of the card shown, None
    for a back.  Never disabled: a click on an unusable card must reach the table, which
    then says why it cannot be used."""

    def __init__(self, zone: str, index: int, on_click: Callable[[str, int | None], None]):
        super().__init__(**_card_look())
        self.zone, self.index = zone, index
        self.card: str | None = None
        self.on_click(lambda _b: on_click(self.zone, self.index))

    @property
    def token(self) -> Token | None:
        """The token this button offers, `(zone, Card)`; None for a back."""
        return None if self.card is None else (self.zone, Card.parse(self.card))

    @property
    def selected(self) -> bool:
        return self.button_style == "success"

    @property
    def usable(self) -> bool:
        """Drawn as usable: selected, or a move would still fit with it (never a back)."""
        return self.card is not None and "cardlearn-unusable" not in classes_of(self)

    def show(self, cell: CellView, caption: str | None = None, run: str = "", lang: str = "is") -> None:
        """Draw `cell`; `caption` is the text under the card (the cell's own caption unless
        given), `run` its place in a run of cards under one caption ("cardlearn-run": a
        later card of the run, drawn without the caption; "cardlearn-run-start": the first
        of a run after another).  Its tooltip is its name in `lang` ("tígulnía", a back
        "spil á grúfu") with its caption: the pages' script makes it the button's
        accessible name (ipywidgets gives an empty button none)."""
        self.card = cell.card
        self.index = cell.index  # a pile drawn stacked shows its last entries only
        picture = f"cardlearn-card-{css_name(cell.card)}" if cell.card else "cardlearn-back"
        unusable = cell.card is not None and not cell.selected and not cell.usable
        with self.hold_sync():  # what changed goes in one message (see `TableView.render`)
            set_classes(
                self,
                "cardlearn-card",
                picture,
                f"cardlearn-zone-{css_name(self.zone)}",
                "cardlearn-last" if cell.last else "",
                "cardlearn-unusable" if unusable else "",
                "cardlearn-captioned" if cell.caption else "",
                "cardlearn-suggested" if cell.suggested else "",
                run,
            )
            self.tooltip = card_name(cell, lang)
            # ipywidgets' button leaves its old text up when the description turns empty (it
            # redraws only a non-empty one): a card that lost its caption (a trick begun anew
            # by a claim) kept "Tölva 1 · slær" under another seat's card.  An invisible
            # character clears it; the accessible name is the tooltip's (the pages' script).
            self.description = (cell.caption if caption is None else caption) or NO_CAPTION
            self.button_style = "success" if cell.selected else "info" if cell.usable else ""


NO_CAPTION = "\u200b"  # a zero-width space: no caption under a card (see `CardButton.show`)


def card_name(cell: CellView, lang: str) -> str:
    """A card's name for a screen reader and a tooltip, in `lang`: "tígulnía" or
    "spil á grúfu", then its caption ("tígulnía · Tölva 2 · út")."""
    name = Card.parse(cell.card).name(lang) if cell.card else WORDS[lang]["card_back"]
    return f"{name} · {cell.caption}" if cell.caption else name


class TargetButton(widgets.Button):
    """A zone that is itself clicked (a discard pile, a meld to lay off onto): `zone`."""

    def __init__(self, zone: str, on_click: Callable[[str, int | None], None]):
        super().__init__(**_card_look())
        self.zone = zone
        self.on_click(lambda _b: on_click(self.zone, None))

    @property
    def token(self) -> Token:
        return (self.zone, None)

    @property
    def usable(self) -> bool:
        return "cardlearn-unusable" not in classes_of(self)

    def show(self, zone: ZoneView) -> None:
        usable = zone.target_usable or zone.target_selected
        zone_class = f"cardlearn-zone-{css_name(self.zone)}"
        with self.hold_sync():
            self.description = zone.label
            self.button_style = "success" if zone.target_selected else "info" if zone.target_usable else ""
            set_classes(self, "cardlearn-target", zone_class, "" if usable else "cardlearn-unusable")


def caption_runs(captions: Sequence[str]) -> list[str]:
    """Each caption's place in a run of equal captions side by side: "cardlearn-run" for a
    later one of a run (drawn without it), "cardlearn-run-start" for the first of a run
    after a captioned run of one or two cards (the CSS hook for a packed row whose runs
    need room for their captions), else ""."""
    runs, length = [], 0
    for i, caption in enumerate(captions):
        before = captions[i - 1] if i else ""
        if caption and caption == before:
            runs.append("cardlearn-run")
            length += 1
            continue
        runs.append("cardlearn-run-start" if caption and before and length <= 2 else "")
        length = 1
    return runs


def short_caption(caption: str, label: str) -> str:
    """`caption` without a repetition of its zone's `label` at its start: "Tromp ♣ (Tölva 2
    dró það)" under "Tromp ♣" reads "Tölva 2 dró það"."""
    if not label or not caption.startswith(label) or caption == label:
        return caption
    rest = caption[len(label):].strip(" ·—-")
    if rest.startswith("(") and rest.endswith(")"):
        rest = rest[1:-1].strip()
    return rest or caption


class CardRow(widgets.HBox):
    """The cards of one zone (or the hand), reused from redraw to redraw; a long row is
    drawn overlapped to fit: many cards none of which is usable now (a finished trick), or
    very many (a rummy hand), more so with more still."""

    def __init__(self, zone: str, on_click: Callable[[str, int | None], None]):
        super().__init__(layout=_shared_layout())
        self.zone, self._on_click = zone, on_click
        self._buttons: list[CardButton] = []
        self.add_class("cardlearn-row")

    def show(self, cells: Sequence[CellView], stacked: bool = False, compact: bool = False,
             label: str = "", lang: str = "is") -> None:
        while len(self._buttons) < len(cells):
            self._buttons.append(CardButton(self.zone, len(self._buttons), self._on_click))
        # Cards in a row under one caption (a seat's two-card lead and the answers to it, a
        # last trick) show it once, under the first: a caption per card overlapped its
        # neighbours' in a packed row.  A note that repeats the zone's label ("Tromp ♣ (…)"
        # under "Tromp ♣") shows only what it adds.
        runs = caption_runs([c.caption for c in cells])
        shown = [short_caption(c.caption, label) for c in cells]
        for button, cell, run, text in zip(self._buttons, cells, runs, shown):
            button.show(cell, "" if run == "cardlearn-run" else text, run, lang)
        n = len(cells)
        # A caption with a note ("Tölva 2 · á grúfu", "Tölva 2 dró það") takes two lines,
        # every card of the row the same height, so that the row does not grow mid-trick.
        two_lines = not compact and any(" · " in c.caption or t != c.caption for c, t in zip(cells, shown))
        idle = 4 * sum(1 for c in cells if c.selected or c.usable) <= n  # a trick, a discard pile
        played = any(c.caption for c in cells)  # seat-marked plays (a trick) pack sooner
        packed = (n > PACK_ANY or (idle and (n > PACK_OVER or (played and n > PACK_OVER - 2)))
                  or (compact and n > 1))
        # a trick of more than five cards (Kozel's two-card leads, answered face down) tighter
        # still, so that it and the trump share a row and the hand stays in a 768 px window
        tighter = (n > 2 * PACK_ANY or (idle and (n > 2 * PACK_OVER or (played and n > 5)))
                   or (compact and n > 3))
        # and a trick of four-card leads (16 cards, Kozel's last trick) tightest: at the
        # tighter packing it ran 60 px past the felt's middle column, cutting the leader's
        # cards and caption
        # (and a meld of your own of more than three cards, compact: a long run beside a set
        # wrapped onto a second row and pushed a four-seat Kínaskák hand below a 768 px window)
        tightest = (idle and played and n > PACK_ANY) or (compact and n > 3)
        with self.hold_sync():
            self.children = tuple(self._buttons[:n])
            set_classes(self, "cardlearn-row", "cardlearn-packed" if packed else "",
                        "cardlearn-packed-more" if tighter else "",
                        "cardlearn-packed-most" if tightest else "", "cardlearn-stacked" if stacked else "",
                        "cardlearn-compact" if compact else "", "cardlearn-captions-2" if two_lines else "")


class ZoneBox(widgets.VBox):
    """A zone: its label (or its target button) over its cards, or a face-down stack."""

    def __init__(self, name: str, on_click: Callable[[str, int | None], None]):
        super().__init__(layout=_shared_layout())
        self.zone = name
        self.add_class(f"cardlearn-zone-{css_name(name)}")
        self._label = _html("cardlearn-label")
        self._target = TargetButton(name, on_click)
        self._row = CardRow(name, on_click)
        self.opened = False  # a pile drawn stacked: is it opened to show every card?
        self._opener = widgets.Button(**_card_look())
        self._opener.add_class("cardlearn-pile-open")
        self._opener.on_click(lambda _b: self._toggle())
        self._shown: ZoneView | None = None
        self._lang = "is"
        self._head = widgets.HBox(layout=_shared_layout())  # a pile's label and its opener, side by side
        self._head.add_class("cardlearn-pile-head")

    def _toggle(self) -> None:
        self.opened = not self.opened
        if self._shown is not None:
            self.show(self._shown, self._lang)

    def show(self, zone: ZoneView, lang: str = "is") -> None:
        self._shown, self._lang = zone, lang
        head: widgets.Widget = self._label
        if zone.target:
            self._target.show(zone)
            head = self._target
        if zone.cells is not None and zone.stack:  # a pile: its top card and a count; a click opens it
            self._label.value = f"<b>{esc(zone.label)}</b> · {esc(zone.count)}"
            opened = self.opened and len(zone.cells) > 1
            self._row.show(zone.cells if opened else zone.cells[-1:], stacked=not opened, lang=lang)
            w = WORDS[lang]
            self._opener.description = w["close_pile" if opened else "open_pile"]
            opener = (self._opener,) if len(zone.cells) > 1 else ()
            set_classes(self, f"cardlearn-zone-{css_name(zone.name)}", "cardlearn-pile",
                        "cardlearn-pile-opened" if opened else "")
            self._head.children = (head, *opener)
            self.children = (self._head, self._row)
            return
        set_classes(self, f"cardlearn-zone-{css_name(zone.name)}",
                    "cardlearn-bare-target" if zone.target and zone.cells == () else "")
        if zone.cells is not None:
            self._label.value = f"<b>{esc(zone.label)}</b>"
            # A seat's own cards (melds, cards shown, tricks won) are drawn compact, overlapped
            # with each index showing, so that they fit beside the seat for the whole match.
            self._row.show(zone.cells, compact=zone.owner is not None, label=zone.label, lang=lang)
            self.children = (head, self._row)
            return
        if zone.target:  # a target names itself, with the stack's size: one line less
            self._target.description = f"{zone.label} · {zone.count}"
        named = "" if zone.target else f"<b>{esc(zone.label)}</b><br>{esc(zone.count)}"  # narrow: two lines
        self._label.value = f"{named}{fragments.backs_html(zone.backs, 2)}"
        shown: tuple[widgets.Widget, ...] = (head, self._label) if zone.target else (self._label,)
        self.children = shown


class SeatBox(widgets.VBox):
    """Another seat: its name and hand (a few backs; its faces in the teacher's view), and
    the zones it owns.  `seat` says whose."""

    def __init__(self, seat: int):
        super().__init__(layout=_shared_layout())
        self.seat = seat
        self._label = _html("cardlearn-seat-label")
        self._zones = widgets.HBox(layout=_shared_layout())
        self._zones.add_class("cardlearn-zones")
        self.children = (self._label, self._zones)

    def show(self, seat: SeatView, teacher: bool, zones: Sequence[widgets.Widget]) -> None:
        if teacher:  # every hand face up: only the picture, the bots never see it
            picture = fragments.faces_html(seat.faces, "cardlearn-teacher-card", fan=True)
        else:  # a few backs stand for the hand (its size is in words): 13 would not fit beside the felt
            picture = fragments.backs_html(seat.hand_size, 6)
        self._label.value = f"<b>{esc(seat.name)}</b> · {esc(seat.label)}{picture}"
        self._zones.children = tuple(zones)
        set_classes(self, "cardlearn-seat", f"cardlearn-seat-{seat.seat}",
                    "cardlearn-to-move" if seat.to_move else "")


# ---------------------------------------------------------------------------------------
# The whole picture


class TextPanel(widgets.VBox):
    """The text view (issue 33, point 5): the table as headed lines (`textview.table_html`)
    and a field to type a move in, with its button.  The field sends its text when the
    browser commits it (Enter, or leaving the field: `continuous_update=False`, as
    ipywidgets 8 advises instead of `on_submit`, whose message can overtake the text it
    submits) and on the button; made, the field is emptied (refused, it keeps the text to
    mend).  The field is one widget for the table's life, so it keeps focus across redraws."""

    def __init__(self, typed: Callable[[str], bool]):
        super().__init__(layout=widgets.Layout())
        self._typed = typed
        self._clearing = False
        self.add_class("cardlearn-textview")
        self.text = _html("cardlearn-textview-body")
        self.field = widgets.Text(continuous_update=False, layout=widgets.Layout(width="22em"),
                                  style={"description_width": "initial"})
        self.field.add_class("cardlearn-typed")
        self.field.observe(self._committed, "value")
        self.play = _button(self.submit, "cardlearn-typed-play")
        row = widgets.HBox([self.field, self.play], layout=widgets.Layout())
        row.add_class("cardlearn-typed-row")
        self.children = (self.text, row)

    def _committed(self, change: Any) -> None:
        if not self._clearing:
            self.submit()

    def submit(self) -> None:
        """Send the field's text (none when it is empty); emptied when the move was made."""
        if not self.field.value.strip():
            return
        if self._typed(self.field.value):
            self._clearing = True
            try:
                self.field.value = ""
            finally:
                self._clearing = False

    def show(self, snap: Snapshot) -> None:
        w = WORDS[snap.lang]
        self.text.value = textview.table_html(textview.describe_table(snap), snap.lang)
        self.field.description = w["typed_label"]
        example = snap.typed_moves[0][0] if snap.typed_moves else ""
        self.field.placeholder = w["typed_example"].format(move=example) if example else ""
        self.play.description = w["typed_play"]


def _sentence(text: str) -> str:
    """`text` ending as a sentence does, so that a screen reader pauses after it."""
    return text if text.endswith((".", "!", "?", ":")) else text + "."


class _Said(NamedTuple):
    """What a redraw showed, of what `TableView._speak` says when it changes."""

    log: int  # the last log line's number
    turn: str
    message: str
    summary: bool
    title: str
    hints: tuple[tuple[str, str], ...] | None
    ready: str
    step: str = ""
    asking: bool = False


class TableView:
    """The widgets of one table.  `children` are what the table's root box shows; `render`
    redraws them from a snapshot.

    The layout at a 1024 × 768 projector (the second edition): a strip of buttons on top;
    below it the felt and, beside it, a side column with the title, the status line and
    scoreboard, the hint list and the log (the newest line in view), so that nothing the
    pupil needs is below the window.  At a deal's end the summary takes the place of your
    cards (the table is paused until Áfram), covering nothing of the table."""

    def __init__(self, handlers: Handlers):
        self._on = on = handlers
        self._lang = "is"
        self._style = widgets.HTML(stylesheet(), layout=widgets.Layout(display="none"))
        self._lang_style = widgets.HTML(layout=widgets.Layout(display="none"))
        self._script = widgets.HTML(script_html(), layout=widgets.Layout(display="none"))
        self._deck_style = widgets.HTML(layout=widgets.Layout(display="none"))  # four colours' faces
        self._title, self._status = _html("cardlearn-title"), _html("cardlearn-status")
        self._buttons = {
            "new": _button(on.ask_new, "cardlearn-new"),
            "undo": _button(on.undo, "cardlearn-undo"),
            "hint": _button(on.hint, "cardlearn-hint"),
            "teacher": _button(on.switch_teacher, "cardlearn-teacher"),
            "demo": _button(on.switch_demo, "cardlearn-demo"),
            "lang": _button(on.switch_lang, "cardlearn-lang"),
            "four_colour": _button(on.switch_four_colour, "cardlearn-four-colour"),
            "new_yes": _button(lambda: on.answer_new(True), "cardlearn-new-yes"),
            "new_no": _button(lambda: on.answer_new(False), "cardlearn-new-no"),
            "dismiss": _button(on.dismiss, "cardlearn-dismiss"),
            "confirm": _button(on.confirm, "cardlearn-confirm"),
            "ready": _button(on.ready, "cardlearn-ready"),
            "textview": _button(on.switch_text_view, "cardlearn-textview-toggle"),
        }
        b = self._buttons
        # Demo mode's pace and step button, beside its toggle, shown while it is on.
        self._paces = {pace: _button(functools.partial(on.demo_pace, pace), f"cardlearn-demo-pace-{pace}")
                       for pace in ("slow", "normal", "step")}
        self._next = _button(on.demo_step, "cardlearn-demo-step")
        self._pace = widgets.HBox([*self._paces.values()], layout=widgets.Layout(display="none"))
        self._pace.add_class("cardlearn-demo-pace")
        heading = widgets.VBox([self._title, self._status], layout=_shared_layout())
        heading.add_class("cardlearn-heading")
        self._header = self._box(
            widgets.HBox,
            "cardlearn-header",
            self._style, self._lang_style, self._script, self._deck_style,
            b["new"], b["undo"], b["hint"], b["teacher"], b["demo"], self._pace, self._next,
            b["textview"], b["four_colour"], b["lang"],
        )
        self._text_panel = TextPanel(on.typed)
        self._ask_text = _html("cardlearn-ask-text")
        self._ask = self._box(widgets.HBox, "cardlearn-ask", self._ask_text, b["new_yes"], b["new_no"])
        # The felt: a grid with the other seats round the top, the middle, and you.
        self._top = self._box(widgets.HBox, "cardlearn-top")
        self._left = self._box(widgets.VBox, "cardlearn-left")
        self._right = self._box(widgets.VBox, "cardlearn-right")
        self._banner, self._teacher_note = _html("cardlearn-banner"), _html("cardlearn-teacher-note")
        self._banner.add_class("cardlearn-panel")
        self._summary_html = _html("cardlearn-summary-text")
        self._summary_table = _html("cardlearn-summary-table")
        summary_words = self._box(widgets.VBox, "cardlearn-summary-words", self._summary_html, b["dismiss"])
        self._summary = self._box(widgets.HBox, "cardlearn-summary", summary_words, self._summary_table)
        self._summary.add_class("cardlearn-panel")
        self._last = _html("cardlearn-last-move")
        self._zones = self._box(widgets.HBox, "cardlearn-zones")
        self._middle = self._box(widgets.VBox, "cardlearn-middle")
        self._own_zones = self._box(widgets.HBox, "cardlearn-zones")
        self._hand_label = _html("cardlearn-hand-label")
        self._hand_label.add_class("cardlearn-label")
        self._hand = CardRow("hand", on.click)
        self._actions = self._box(widgets.HBox, "cardlearn-actions")
        self._action_buttons: list[widgets.Button] = []
        self._action_moves: list[Any] = []
        self._message = _html("cardlearn-message")
        self._step = _html("cardlearn-step")  # a guided deal's step (`cardlearn.guided`), in the side
        # What a screen reader says when the table changes (the pages' script reads this
        # hidden child into the page's live regions): see `_speak`.
        self._say = widgets.HTML(layout=widgets.Layout(display="none"))  # its own: layouts are shared
        self._say.add_class("cardlearn-say")
        self._said: _Said | None = None  # what the last redraw showed, of what is said
        self._utterance = 0
        self._bottom = self._box(widgets.VBox, "cardlearn-bottom")
        self._pass_text = _html("cardlearn-pass")
        self._passing = widgets.VBox(
            [self._pass_text, b["ready"], self._message], layout=widgets.Layout(grid_area="middle")
        )
        self._felt = self._box(widgets.GridBox, "cardlearn-felt")
        self._hints, self._log = _html("cardlearn-hints"), _html("cardlearn-log")
        self._sheet = _html("cardlearn-sheet")
        self._heading = heading
        self._side = side = self._box(widgets.VBox, "cardlearn-side", heading, self._hints, self._log,
                                      self._sheet)
        self._main = self._box(widgets.HBox, "cardlearn-main", self._felt, side)
        self._seat_boxes: dict[int, SeatBox] = {}
        self._zone_boxes: dict[str, ZoneBox] = {}
        self.children: tuple[widgets.Widget, ...] = (self._header, self._main)

    @staticmethod
    def _box(kind: type[widgets.Box], css: str, *children: widgets.Widget) -> widgets.Box:
        box = kind(list(children), layout=_shared_layout())
        box.add_class(css)
        return box

    # -- test hooks ----------------------------------------------------------------------
    def card_buttons(self, zone: str | None = None) -> list[CardButton]:
        """The card buttons shown now (of `zone` only, if given), in drawing order."""
        return [w for c in self.children for w in walk(c)
                if isinstance(w, CardButton) and (zone is None or w.zone == zone)]

    def target_buttons(self) -> list[TargetButton]:
        """The target zones' buttons shown now."""
        return [w for c in self.children for w in walk(c) if isinstance(w, TargetButton)]

    # -- drawing -------------------------------------------------------------------------
    def render(self, snap: Snapshot) -> tuple[widgets.Widget, ...]:
        """Redraw everything from `snap`; returns the root's new children."""
        w = WORDS[snap.lang]
        self._lang = snap.lang
        self._lang_style.value = fragments.lang_style(snap.lang)
        for key, button in self._buttons.items():
            button.description = w[key]
        self._buttons["dismiss"].description = snap.dismiss or w["dismiss"]
        self._buttons["teacher"].button_style = "warning" if snap.teacher else ""
        self._buttons["demo"].button_style = "warning" if snap.demo else ""
        self._buttons["four_colour"].button_style = "success" if snap.four_colour else ""
        self._buttons["four_colour"].tooltip = w["four_colour_tip"]
        self._deck_style.value = four_colour_style() if snap.four_colour else ""  # the root's class: Table
        # pressed (the pages' script says aria-pressed from mod-success)
        self._buttons["textview"].button_style = "success" if snap.text_view else ""
        self._draw_demo(snap)
        self._buttons["undo"].tooltip = snap.undo_says or None
        self._buttons["confirm"].tooltip = w["how_to"]
        self._title.value = f"<b>{esc(snap.title)}</b>"
        turn = f"{snap.turn} · {w['moves']}: {snap.moves}"
        self._status.value = fragments.status_html(turn, snap.scoreboard, snap.score_unit, snap.score_better)
        self._message.value = esc(snap.message)
        self._ask_text.value = esc(w["new_ask"])
        self._log.value = fragments.log_html(snap.log, snap.lang)
        self._sheet.value = fragments.sheet_panel_html(snap)
        top = (self._header, self._ask) if snap.asking else (self._header,)
        if snap.text_view:  # right under the header: redraws keep its place (and the field's focus)
            self._text_panel.show(snap)
            top = (self._header, self._text_panel, *top[1:])
        if snap.passing is not None:
            self._pass_text.value = esc(w["pass"].format(who=snap.passing))
            self._felt.children = (self._passing,)
            self._hints.value = ""
            self.children = (*top, self._main)
            return self.children
        self._draw_felt(snap)
        hints = snap.hints
        self._hints.value = fragments.hints_html(hints, True, snap.lang) if hints is not None else ""
        self._speak(snap)
        self._step.value = f"<p>{esc(snap.step)}</p>" if snap.step else ""
        self.children = (*top, self._main, self._say)
        return self.children

    def _speak(self, snap: Snapshot) -> None:
        """Put what changed into words for the live regions: a new deal's title; the moves
        made since the last redraw (the log's words); then whose turn it is, with what the
        pupil is asked to do when it is theirs, or the deal's end in its first sentence; the
        hint when one is asked for; the move Staðfesta would make once the chosen cards and
        zone make one (all polite).  A refusal on the message line is said at once
        (assertive).  The table as a whole is never read out: a page just opened says only
        whose turn."""
        w = WORDS[snap.lang]
        last = max((line.number for line in snap.log), default=0)
        before = self._said
        now = _Said(last, snap.turn, snap.message, snap.summary is not None, snap.title, snap.hints,
                    snap.ready, snap.step, snap.asking)
        polite: list[str] = []
        if before is not None and snap.title != before.title and snap.summary is None:
            polite.append(snap.title)  # a new deal ("Geit — 2. spil")
        if before is not None and last > before.log:
            polite += [line.text for line in snap.log if line.number > before.log]
        if snap.summary is not None and (before is None or not before.summary):
            polite += list(snap.summary.lines[:1])
        elif before is None or polite or snap.turn != before.turn:
            polite.append(snap.turn)
            if snap.my_turn and snap.prompt and before is not None:
                polite.append(snap.prompt)
        if snap.hints and before is not None and snap.hints != before.hints:
            said, why = snap.hints[0]
            polite.append(f"{w['best']}: {said} — {why}")
        if snap.ready and before is not None and snap.ready != before.ready:
            polite.append(one_stop(w["ready_say"].format(move=snap.ready)))
        if snap.step and (before is None or snap.step != before.step):
            polite.append(snap.step)  # a guided deal's step: what to do next, and why
        if snap.asking and before is not None and not before.asking:
            polite.append(w["new_ask"])  # the question shown above the table: asked aloud too
        message = snap.message if before is None or snap.message != before.message else ""
        # a new message with no move is the answer to the pupil's click (a refusal, or why
        # a card is faded): said at once; one that comes with a move is said after it
        assertive = message if before is not None and not polite else ""
        if message and not assertive and message not in polite:  # a pause says its sentence once
            polite.append(message)
        self._said = now
        if polite or assertive:
            self._utterance += 1
        # cards by name as well as by symbol ("9♦ (tígulnía)"), which a speech synthesiser
        # reads poorly in Icelandic
        spoken = " ".join(_sentence(textview.sayable(p, snap.lang)) for p in polite if p)
        self._say.value = fragments.say_html(self._utterance, spoken, textview.sayable(assertive, snap.lang),
                                             snap.lang, snap.game_name, w)

    def _draw_demo(self, snap: Snapshot) -> None:
        """Demo's pace (the chosen one marked) and, at the step pace, "Næsti leikur"."""
        w = WORDS[snap.lang]
        for pace, button in self._paces.items():
            button.description = w[f"demo_{pace}"]
            button.button_style = "warning" if pace == snap.demo_pace else ""
        self._next.description = w["demo_next"]
        self._pace.layout.display = None if snap.demo else "none"
        self._next.layout.display = None if snap.demo and snap.demo_pace == "step" else "none"

    def _draw_felt(self, snap: Snapshot) -> None:
        w = WORDS[snap.lang]
        boxes: dict[str, list[widgets.Widget]] = {"top": [], "left": [], "right": []}
        for seat in snap.seats:
            boxes[seat.place].append(self._seat_box(seat, snap))
        beside = not snap.sides_taken  # the last move beside the middle, with its cards
        self._top.children = tuple(boxes["top"])
        # Several seats along the top share one row, their hands drawn as a strip of backs.
        set_classes(self._top, "cardlearn-top", "cardlearn-crowded" if len(boxes["top"]) > 1 else "")
        self._left.children = tuple(boxes["left"])
        self._right.children = (*boxes["right"], *((self._last,) if beside else ()))
        self._zones.children = tuple(self._zone_box(z) for z in snap.zones)
        # Several seats along the top leave no height for the last move's pictures: its
        # cards are marked where they lie.
        self._last.value = fragments.last_move_html(snap, pictures=beside and len(boxes["top"]) < 2)
        self._teacher_note.value = esc(w["teacher_on"]) if snap.teacher else ""
        self._middle.children = (*((self._teacher_note,) if snap.teacher else ()), self._zones)
        self._banner.value = fragments.banner_html(snap)
        self._summary_html.value = fragments.summary_text_html(snap)
        self._summary_table.value = fragments.summary_row_html(snap)
        over = [self._banner] if snap.banner is not None else []
        self._own_zones.children = tuple(self._zone_box(z) for z in snap.own_zones)
        self._hand_label.value = (
            f"<b>{esc(snap.hand_title)}</b>"
            + (f" · {esc(snap.hand_info)}" if snap.hand_info else "")
            + (f" — {esc(snap.prompt)}" if snap.prompt else "")  # one line where it fits
        )
        self._hand.show(snap.hand, lang=snap.lang)
        self._draw_actions(snap)
        # With the sides taken (a partner across) the last move goes below your cards, without
        # pictures: the open zones show its cards, marked.  At a deal's end the summary takes
        # the place of your cards: the next deal waits for Áfram, and nothing is covered.
        if snap.summary is not None:
            mine: tuple[widgets.Widget, ...] = (self._summary,)
        else:
            mine = (
                *((self._own_zones,) if snap.own_zones else ()),
                self._hand_label,
                self._hand,
                self._actions,  # Confirm and the moves' buttons, the message line beside them
            )
        self._bottom.children = mine
        # With the sides taken (Kozel) the last move, in words, heads the side column, under the
        # scoreboard: below your cards it fell off a 768 px window.
        # A guided deal's step heads the side column: above the felt it pushed the hand out of
        # a 1024 × 768 window.
        step = (self._step,) if snap.step else ()
        self._side.children = (self._heading, *step, *((self._last,) if not beside else ()), self._hints,
                               self._log, self._sheet)
        set_classes(self._bottom, "cardlearn-bottom", "cardlearn-to-move" if snap.my_turn else "")
        self._felt.children = (self._top, self._left, self._middle, self._right, self._bottom, *over)
        set_classes(self._felt, "cardlearn-felt", "cardlearn-teacher-on" if snap.teacher else "")

    def _seat_box(self, seat: SeatView, snap: Snapshot) -> SeatBox:
        box = self._seat_boxes.get(seat.seat)
        if box is None:
            box = self._seat_boxes[seat.seat] = SeatBox(seat.seat)
        box.show(seat, snap.teacher, [self._zone_box(z) for z in seat.zones])
        return box

    def _zone_box(self, zone: ZoneView) -> ZoneBox:
        box = self._zone_boxes.get(zone.name)
        if box is None:  # kept per zone name, so redraws reuse widgets
            box = self._zone_boxes[zone.name] = ZoneBox(zone.name, self._on.click)
        box.show(zone, self._lang)
        return box

    def _draw_actions(self, snap: Snapshot) -> None:
        """Confirm, plus a button per move that needs no card and per move when the
        selection fits several."""
        confirm = self._buttons["confirm"]
        with confirm.hold_sync():
            confirm.button_style = "success" if snap.confirm else ""
            # grey but never disabled: a press on it must reach the table, which says why
            set_classes(confirm, "cardlearn-confirm", "" if snap.confirm else "cardlearn-unusable")
        while len(self._action_buttons) < len(snap.buttons):
            self._action_buttons.append(_button(self._mover(len(self._action_buttons)), "cardlearn-action"))
        self._action_moves = [b.action for b in snap.buttons]
        for button, move in zip(self._action_buttons, snap.buttons):
            button.description = move.label
            button.button_style = "info"
            set_classes(button, "cardlearn-action", "cardlearn-suggested" if move.suggested else "")
        # Not drawn in a row of bids, where no card is chosen (kept in the tree, hidden).
        confirm.layout.display = None if snap.confirm_shown else "none"
        self._actions.children = (confirm, *self._action_buttons[: len(snap.buttons)], self._message)

    def _mover(self, i: int) -> Callable[[], None]:
        """What action button `i` does: the move it shows now."""
        return lambda: self._on.act(self._action_moves[i])
