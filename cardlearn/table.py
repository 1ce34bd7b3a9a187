"""The card table widget: play a game against bots (or friends, hot-seat) in Jupyter, and
step through a game afterwards.

Everything game-specific comes from the game module's view description (see
`cardlearn.games`): `layout` says what a seat sees, `action_cards` which cards a move
uses, `describe`/`explain` put moves into words.  The table itself knows only *tokens*,
`(zone, card)` pairs: a move is made by selecting exactly its tokens (then Confirm), or by
a button when it has none.  That one mechanism covers a single card, a capture (hand card
+ table cards), several cards at once, a discard, a lay-off onto someone's meld, bids and
"buy"/"pass" — no game-specific code here.

The widget is redrawn only by assigning traits (never by printing into an `Output`), so
nbval can execute notebooks that use it and tests can drive it with `button.click()`.
"""

from __future__ import annotations

import base64
import html
import re
import sys
import threading
from collections import Counter
from functools import lru_cache
from types import ModuleType
from typing import Any

import ipywidgets as widgets

from cardlearn.cards import Card
from cardlearn.core import IllegalMove
from cardlearn.games import game_module

__all__ = ["WORDS", "Replay", "Table", "play", "replay", "seat_count", "start_of", "states_of"]

HUMAN = "human"
LOG_SHOWN = 12  # the move log shows this many latest moves

WORDS = {
    "is": {"you": "Þú", "seat": "Sæti {n}", "team": "Lið {n}", "computer": "Tölva",
           "computer_n": "Tölva (sæti {n})", "your_turn": "Þú átt leik", "turn": "{who} á leik",
           "thinking": "{who} hugsar…", "over": "Leik lokið", "wins": "{who} vinnur!",
           "tie": "jafntefli", "moves": "Leikir", "score": "Stig", "cards": "{n} spil",
           "your_hand": "Höndin þín", "hand_of": "Hönd: {who}", "confirm": "Staðfesta",
           "undo": "Taka aftur", "hint": "Vísbending", "new": "Nýtt spil", "lang": "English",
           "ready": "Tilbúin(n)", "pass": "Réttu tölvuna til: {who}. Hin líta undan!",
           "press_ready": "Smelltu á „Tilbúin(n)“ fyrst.", "illegal": "Ólöglegt: {msg}",
           "wait": "{who} á leik — bíddu aðeins.", "no_hint": "Enginn leikur fyrir þig núna.",
           "hints": "Löglegir leikir", "nothing_to_undo": "Ekkert að taka aftur.",
           "is_over": "Leiknum er lokið — byrjaðu nýtt spil.", "bot_error": "Villa í tölvu: {msg}",
           "log": "Ferill", "sheet": "Stigablað", "start": "Upphafsstaða",
           "move_n": "Leikur {i} af {n}"},
    "en": {"you": "You", "seat": "Seat {n}", "team": "Team {n}", "computer": "Computer",
           "computer_n": "Computer (seat {n})", "your_turn": "Your turn", "turn": "{who} to move",
           "thinking": "{who} is thinking…", "over": "Game over", "wins": "{who} wins!",
           "tie": "a tie", "moves": "Moves", "score": "Score", "cards": "{n} cards",
           "your_hand": "Your hand", "hand_of": "Hand: {who}", "confirm": "Confirm",
           "undo": "Undo", "hint": "Hint", "new": "New game", "lang": "Íslenska",
           "ready": "Ready", "pass": "Pass the computer to {who}. Everyone else, look away!",
           "press_ready": "Click “Ready” first.", "illegal": "Illegal move: {msg}",
           "wait": "{who} to move — please wait.", "no_hint": "No move for you right now.",
           "hints": "Legal moves", "nothing_to_undo": "Nothing to undo.",
           "is_over": "The game is over — start a new one.", "bot_error": "Computer error: {msg}",
           "log": "Moves", "sheet": "Score sheet", "start": "Starting position",
           "move_n": "Move {i} of {n}"},
}


# ---------------------------------------------------------------------------------------
# Small helpers

def module_of(state: Any) -> ModuleType:
    """The game module a `State` comes from."""
    return sys.modules[type(state).__module__]


def seat_count(state: Any) -> int:
    """How many seats play: `state.players`, else one per hand, else one per score
    (scores alone can mislead: Kozel keeps them per team)."""
    players = getattr(state, "players", None)
    if isinstance(players, int) and not isinstance(players, bool):
        return players
    for value in (players, getattr(state, "hands", None), getattr(state, "scores", None)):
        if value is not None:
            return len(value)
    raise ValueError(f"cannot tell how many seats a {type(state).__name__} has")


def _new_state(game: ModuleType, seed: int | None, rules: Any, players: int) -> Any:
    kwargs: dict[str, Any] = {"seed": seed}
    if rules is not None:
        kwargs["rules"] = rules
    if game.PLAYERS[0] != game.PLAYERS[1]:  # fixed games take no `players` choice
        kwargs["players"] = players
    return game.new_game(**kwargs)


def _roles(game: ModuleType, n: int, seats: dict[int, str] | None) -> dict[int, str]:
    """Seat → "human" or bot level; an unnamed seat 0 is human, other unnamed seats get
    the strongest bot (as with no `seats` at all)."""
    strongest = list(game.BOTS)[-1]
    if seats is None:
        return {s: HUMAN if s == 0 else strongest for s in range(n)}
    for seat, role in seats.items():
        if seat not in range(n):
            raise ValueError(f"seat {seat!r} is not a seat of this game: seats are 0 to {n - 1}")
        if role != HUMAN and role not in game.BOTS:
            raise ValueError(f"seat {seat}: {role!r} is neither 'human' nor a bot level "
                             f"({', '.join(game.BOTS)})")
    return {s: seats.get(s, HUMAN if s == 0 else strongest) for s in range(n)}


def _css(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", str(text))


def _set_classes(widget: widgets.DOMWidget, classes: tuple[str, ...]) -> None:
    if tuple(widget._dom_classes) != classes:
        widget._dom_classes = classes


def _backs_html(n: int, shown: int = 8) -> str:
    """`n` face-down cards, overlapping, at most `shown` drawn."""
    from cardlearn.draw import card_html
    back = card_html("", face_up=False, height=57)
    return "".join(f'<span style="display:inline-block;margin-left:{-28 if i else 0}px">{back}</span>'
                   for i in range(min(n, shown)))


def _cell(value: Any) -> str:
    return "–".join(map(str, value)) if isinstance(value, (tuple, list)) else str(value)


@lru_cache(maxsize=1)
def _card_style() -> str:
    """One <style> that paints every card button with its card's picture, so the card
    itself is what a learner clicks.  Sent once per table; a redraw then changes only a
    button's classes and state, which keeps it to a few small widget messages."""
    from cardlearn.cards import make_deck
    from cardlearn.draw import card_svg
    rules = []
    for card in (*make_deck(), Card.parse("JK")):
        data = base64.b64encode(card_svg(card).encode()).decode()
        rules.append(f".cardlearn-card-{_css(str(card))}{{background-image:url(data:image/svg+xml;base64,{data})}}")
    return ("<style>button.cardlearn-card{background-color:transparent;background-size:contain;"
            "background-repeat:no-repeat;background-position:center;color:transparent;border:none;"
            "box-shadow:none;border-radius:6px;transition:transform .1s}"
            "button.cardlearn-card:disabled{opacity:.45}"
            "button.cardlearn-card.mod-info{outline:2px solid #1976d2}"
            "button.cardlearn-card.mod-success{outline:3px solid #2e7d32;transform:translateY(-8px)}"
            + "".join(rules) + "</style>")


class _CardRow(widgets.HBox):
    """The face-up cards of one zone, each a button showing the card.  Buttons are kept
    and reused, so a redraw only assigns traits (fast, and no widgets leak in a kernel)."""

    def __init__(self, zone: str, on_click: Any):
        super().__init__(layout=widgets.Layout(flex_flow="row wrap", padding="10px 0 0 0"))
        self.zone, self._on_click, self._cells = zone, on_click, []
        self.add_class(f"cardlearn-zone-{_css(zone)}")

    def _new_cell(self, index: int) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width="58px", height="83px", margin="0 3px",
                                                      padding="0"))
        button.on_click(lambda _b: self._on_click(self.zone, index))
        return button

    def show(self, cards: list[str], looks: list[tuple[bool, str]]) -> None:
        while len(self._cells) < len(cards):
            self._cells.append(self._new_cell(len(self._cells)))
        for button, text, (disabled, style) in zip(self._cells, cards, looks):
            button.tooltip = Card.parse(text).symbol  # the picture is the label
            button.disabled, button.button_style = disabled, style
            _set_classes(button, ("cardlearn-card", f"cardlearn-card-{_css(text)}",
                                  f"cardlearn-zone-{_css(self.zone)}"))
        self.children = tuple(self._cells[:len(cards)])


# ---------------------------------------------------------------------------------------
# The table

def play(game: str | ModuleType | Any, *, seats: dict[int, str] | None = None, seed: int | None = None,
         rules: Any = None, lang: str = "is", delay: float = 0.5) -> Table:
    """A table to play `game` (a name in `GAMES`, or a `State` to continue)."""
    if isinstance(game, (str, ModuleType)):
        module = game_module(game)
        low, high = module.PLAYERS
        n = max(low, max(seats) + 1) if seats else low
        if n > high:
            raise ValueError(f"{module.NAME['en']} is for at most {high} players")
        state = _new_state(module, seed, rules, n)
    else:
        module, state = module_of(game), game
        if rules is not None and rules != getattr(state, "rules", None):
            raise ValueError("a game continued from a State keeps its own rules: leave out `rules`")
    return Table(module, state, seats=seats, seed=seed, lang=lang, delay=delay)


class Table(widgets.VBox):
    """A playable table; see `play`.  State lives in plain attributes; `_render` copies it
    into widget traits.  A re-entrant lock guards every change, because with `delay > 0`
    bots move from a timer thread while clicks arrive from the kernel's thread."""

    def __init__(self, game: ModuleType, state: Any, *, seats: dict[int, str] | None = None,
                 seed: int | None = None, lang: str = "is", delay: float = 0.5):
        super().__init__()
        if lang not in WORDS:
            raise ValueError(f"lang is 'is' or 'en', not {lang!r}")
        if delay < 0:
            raise ValueError("delay is a number of seconds, at least 0")
        self.game, self._lang, self.delay = game, lang, float(delay)
        self.seats = _roles(game, seat_count(state), seats)
        self.bots = {s: game.BOTS[r](seed=(seed or 0) + s) for s, r in self.seats.items() if r != HUMAN}
        self._humans = [s for s, r in self.seats.items() if r == HUMAN]
        self._lock, self._idle, self._timer, self._gen = threading.RLock(), threading.Event(), None, 0
        self._reset(state)
        self._build()
        with self._lock:
            self._advance()
            self._render()

    # -- public API ----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        if lang not in WORDS:
            raise ValueError(f"lang is 'is' or 'en', not {lang!r}")
        with self._lock:
            self._lang = lang
            self._render()

    @property
    def message(self) -> str:
        """The message line's text (errors, "wait", "nothing to undo"), in `lang`."""
        return WORDS[self._lang][self._note[0]].format(**self._note[1]) if self._note else ""

    def act(self, action: Any) -> None:
        """Make a move for the human seat to move (an `Action` or its text)."""
        with self._lock:
            if self._refuse():
                return
            self._play(action)

    def undo(self) -> None:
        """Back to the previous position where a human seat had to decide."""
        with self._lock:
            for i in range(len(self._states) - 2, -1, -1):
                if self.seats.get(self._states[i].to_move) == HUMAN:
                    self._cancel_bots()
                    del self._states[i + 1:], self._moves[i:]
                    self._changed()
                    return
            self._say("nothing_to_undo")

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same seats, rules and bots."""
        with self._lock:
            self._cancel_bots()
            self._reset(_new_state(self.game, seed, getattr(self.state, "rules", None), len(self.seats)))
            self._changed()

    def hint(self) -> list[tuple[str, str]]:
        """The legal moves of the human seat to move, each `(action text, reason)`; also
        shown in the widget."""
        with self._lock:
            state = self.state
            if self.seats.get(state.to_move) != HUMAN:
                self._say("no_hint")
                return []
            self._hint_state = state
            self._render()
            return [(str(a), self.game.explain(state, a, self._lang)) for a in state.legal_actions()]

    def wait(self, timeout: float | None = 10) -> bool:
        """Block until no bot is due to move (only useful with `delay > 0`)."""
        return self._idle.wait(timeout)

    def find(self, css_class: str) -> list[widgets.Widget]:
        """The widgets now shown that carry `css_class` (for tests and notebooks)."""
        found, todo = [], [self]
        while todo:
            widget = todo.pop(0)
            if css_class in getattr(widget, "_dom_classes", ()):
                found.append(widget)
            todo.extend(getattr(widget, "children", ()))
        return found

    def close(self) -> None:
        with self._lock:
            self._cancel_bots()
        super().close()

    def __repr__(self) -> str:
        to_move = self.state.to_move
        where = "match over" if to_move is None else f"seat {to_move} to move"
        return f"<cardlearn Table: {self.game.NAME[self._lang]}, {where}>"

    # -- moving --------------------------------------------------------------------------
    def _reset(self, state: Any) -> None:
        self._states, self._moves = [state], []  # _moves[i] = (seat, action) from _states[i]
        self._selected: set[tuple[str, int]] = set()
        self._viewer = self._humans[0] if len(self._humans) == 1 else None
        self._note, self._hint_state, self._view, self._tokens_of = None, None, {}, (None, [])

    def _refuse(self) -> bool:
        """Say why no human may move now, if so (a click while a bot thinks is ignored)."""
        seat = self.state.to_move
        if seat is None:
            self._say("is_over")
        elif self.seats[seat] != HUMAN:
            self._say("wait", who=self._who(seat))
        else:
            return False
        return True

    def _play(self, action: Any) -> None:
        state = self.state
        try:
            after = state.apply(action)
        except ValueError as err:  # IllegalMove, or a malformed action
            words = getattr(self.game, "RULE_WORDS", {}).get(self._lang, {})
            self._say("illegal", msg=err.say(words) if isinstance(err, IllegalMove) else str(err))
            return
        self._push(state.to_move, after)
        self._changed()

    def _push(self, seat: int, after: Any) -> None:
        self._moves.append((seat, after.history[-1]))  # the engine's own form of the move
        self._states.append(after)

    def _changed(self) -> None:
        self._selected.clear()
        self._note = None
        self._advance()
        self._render()

    def _advance(self) -> None:
        """Let bots move until a human must act: at once with `delay == 0`, else one
        move per timer tick."""
        while True:
            state = self.state
            seat = state.to_move
            if seat not in self.bots:
                self._idle.set()
                return
            if self.delay > 0:
                self._idle.clear()
                self._timer = threading.Timer(self.delay, self._bot_turn, (self._gen, state))
                self._timer.daemon = True
                self._timer.start()
                return
            try:
                self._push(seat, state.apply(self.bots[seat].choose(state, seat)))
            except Exception as err:  # show it in the widget too, then let it surface
                self._say("bot_error", msg=str(err))
                raise

    def _bot_turn(self, gen: int, state: Any) -> None:
        seat = state.to_move
        try:  # think outside the lock, so clicks meanwhile get an answer at once
            after = state.apply(self.bots[seat].choose(state, seat))
        except Exception as err:  # a thread's exception would vanish: show it
            with self._lock:
                if gen == self._gen:
                    self._say("bot_error", msg=str(err))
                    self._idle.set()
            return
        with self._lock:
            if gen != self._gen or self.state is not state:  # undone or restarted meanwhile
                return
            self._push(seat, after)
            self._advance()
            self._render()

    def _cancel_bots(self) -> None:
        self._gen += 1  # a timer already running sees the new generation and gives up
        if self._timer is not None:
            self._timer.cancel()

    # -- selecting cards -----------------------------------------------------------------
    def _tokens(self) -> list[tuple[Any, Counter]]:
        """Each legal action with its multiset of `(zone, Card)` tokens (cached per state)."""
        state = self.state
        if self._tokens_of[0] is not state:
            tokens = [(a, Counter(self.game.action_cards(a))) for a in state.legal_actions()]
            self._tokens_of = (state, tokens)
        return self._tokens_of[1]

    def _zone_cards(self, zone: str) -> list[str]:
        if zone == "hand":
            return list(self._view.get("hand", []))
        return next((list(z.get("cards", [])) for z in self._view.get("zones", []) if z["name"] == zone), [])

    def _choices(self) -> tuple[Counter, list[Counter], list[Any]]:
        """The selection as tokens, the token sets of moves it can still grow into, and
        the moves it already equals."""
        selection = Counter((z, Card.parse(self._zone_cards(z)[i])) for z, i in self._selected)
        growing = [(a, t) for a, t in self._tokens() if t and selection <= t]
        exact = [a for a, t in growing if t == selection] if selection else []
        return selection, [t for _, t in growing], exact

    def _click_card(self, zone: str, index: int) -> None:
        with self._lock:
            if self._refuse() or index >= len(self._zone_cards(zone)):
                return
            if self._must_pass():
                self._say("press_ready")
                return
            self._selected ^= {(zone, index)}
            _, growing, exact = self._choices()
            if not growing:  # a disabled card: ignore the click
                self._selected.discard((zone, index))
            elif len(exact) == 1 and len(growing) == 1:  # nothing more to choose: play it
                self._play(exact[0])
                return
            self._render()

    def _confirm_click(self) -> None:
        with self._lock:
            exact = self._choices()[2] if not self._refuse() else []
            if len(exact) == 1:
                self._play(exact[0])

    def _card_looks(self, zone: str, cards: list[str]) -> list[tuple[bool, str]]:
        """(disabled, button_style) per card: selected green, usable blue, else disabled."""
        if self.seats.get(self.state.to_move) != HUMAN:
            return [(True, "")] * len(cards)
        selection, growing, _ = self._choices()
        looks = []
        for i, text in enumerate(cards):
            if (zone, i) in self._selected:
                looks.append((False, "success"))
                continue
            more = selection + Counter([(zone, Card.parse(text))])
            usable = any(more <= t for t in growing)
            looks.append((not usable, "info" if usable else ""))
        return looks

    # -- who and what is shown -----------------------------------------------------------
    def _who(self, seat: int) -> str:
        w = WORDS[self._lang]
        if self.seats[seat] == HUMAN:
            return w["you"] if len(self._humans) == 1 else w["seat"].format(n=seat)
        return w["computer"] if len(self.bots) == 1 else w["computer_n"].format(n=seat)

    def _must_pass(self) -> bool:
        """Hot-seat: hide the hands until the next human at the screen says "ready"."""
        if len(self._humans) < 2:
            return False
        return self._viewer is None or self._pass_to() != self._viewer

    def _pass_to(self) -> int:
        seat = self.state.to_move
        if self.seats.get(seat) == HUMAN:
            return seat
        return self._humans[0] if self._viewer is None else self._viewer

    def _ready(self) -> None:
        with self._lock:
            self._viewer, self._note = self._pass_to(), None
            self._render()

    def _say(self, key: str, **kw: Any) -> None:
        self._note = (key, kw)  # kept as a key, so a language switch translates it
        self._render()

    # -- drawing -------------------------------------------------------------------------
    def _button(self, handler: Any, css: str) -> widgets.Button:
        button = widgets.Button()
        button.on_click(lambda _b: handler())
        button.add_class(css)
        return button

    def _build(self) -> None:
        self.add_class("cardlearn-table")
        html_ = lambda css: widgets.HTML().add_class(css)
        self._title, self._status = html_("cardlearn-title"), html_("cardlearn-status")
        self._lang_button = self._button(lambda: setattr(self, "lang", "en" if self._lang == "is" else "is"),
                                         "cardlearn-lang")
        self._new_button = self._button(self.new_game, "cardlearn-new")
        self._hint_button = self._button(self.hint, "cardlearn-hint")
        self._undo_button = self._button(self.undo, "cardlearn-undo")
        self._header = widgets.HBox([self._title, self._new_button, self._undo_button, self._hint_button,
                                     self._lang_button])
        self._opponents, self._hand_label = html_("cardlearn-opponents"), html_("cardlearn-hand-label")
        self._zones, self._zone_boxes = widgets.VBox(), {}
        self._hand = _CardRow("hand", self._click_card)
        self._confirm = self._button(self._confirm_click, "cardlearn-confirm")
        self._actions, self._action_buttons, self._action_list = widgets.HBox(), [], []
        self._pass_text = html_("cardlearn-pass")
        self._ready_button = self._button(self._ready, "cardlearn-ready")
        self._message, self._hints = html_("cardlearn-message"), html_("cardlearn-hints")
        self._log, self._sheet = html_("cardlearn-log"), html_("cardlearn-sheet")
        self._header.children = (widgets.HTML(_card_style(), layout=widgets.Layout(display="none")),
                                 *self._header.children)

    def _render(self) -> None:
        w, state = WORDS[self._lang], self.state
        self._new_button.description, self._undo_button.description = w["new"], w["undo"]
        self._hint_button.description, self._lang_button.description = w["hint"], w["lang"]
        self._confirm.description, self._ready_button.description = w["confirm"], w["ready"]
        self._status.value = html.escape(self._status_text())
        self._message.value = html.escape(self.message)
        self._log.value, self._sheet.value = self._log_html(), self._sheet_html()
        if self._must_pass():
            self._title.value = f"<b>{html.escape(self.game.NAME[self._lang])}</b>"
            self._pass_text.value = html.escape(w["pass"].format(who=self._who(self._pass_to())))
            self.children = (self._header, self._status, self._pass_text, self._ready_button,
                             self._message, self._log, self._sheet)
            return
        seat = self._viewer if self._viewer is not None else (self._humans or [0])[0]
        self._view = view = self.game.layout(state, seat, self._lang)
        self._title.value = f"<b>{html.escape(view['title'])}</b>"
        self._opponents.value = "".join(
            f"<div><b>{html.escape(self._who(o['seat']))}</b> · {w['cards'].format(n=o['hand_size'])}"
            f" · {html.escape(o.get('info', ''))}<br>{_backs_html(o['hand_size'])}</div>"
            for o in view.get("opponents", []))
        self._zones.children = tuple(self._zone_box(z) for z in view.get("zones", []))
        mine = w["your_hand"] if len(self._humans) == 1 else w["hand_of"].format(who=self._who(seat))
        self._hand_label.value = f"<b>{html.escape(mine)}</b> · {html.escape(view.get('info', ''))}"
        hand = list(view.get("hand", []))
        self._hand.show(hand, self._card_looks("hand", hand))
        self._render_actions()
        self._hints.value = self._hints_html()
        self.children = (self._header, self._status, self._opponents, self._zones, self._hand_label,
                         self._hand, self._actions, self._message, self._hints, self._log, self._sheet)

    def _zone_box(self, zone: dict[str, Any]) -> widgets.Widget:
        name = zone["name"]
        if name not in self._zone_boxes:  # kept per zone name, so redraws reuse widgets
            label, box = widgets.HTML(), widgets.VBox().add_class(f"cardlearn-zone-{_css(name)}")
            self._zone_boxes[name] = (box, label, _CardRow(name, self._click_card))
        box, label, row = self._zone_boxes[name]
        if "cards" in zone:
            cards = list(zone["cards"])
            label.value = f"<b>{html.escape(zone['label'])}</b>"
            row.show(cards, self._card_looks(name, cards))
            box.children = (label, row)
        else:
            n = zone.get("backs", 0)
            label.value = (f"<b>{html.escape(zone['label'])}</b> · "
                           f"{WORDS[self._lang]['cards'].format(n=n)}<br>{_backs_html(n, 3)}")
            box.children = (label,)
        return box

    def _render_actions(self) -> None:
        """Confirm, plus a button per move that needs no card (bids, "buy", "pass") and
        per move when a selection fits several at once."""
        human = self.seats.get(self.state.to_move) == HUMAN
        _, _, exact = self._choices() if human else (None, None, [])
        self._confirm.disabled = len(exact) != 1
        self._confirm.button_style = "success" if len(exact) == 1 else ""
        moves = [a for a, t in self._tokens() if not t] if human else []
        moves += exact if len(exact) > 1 else []
        while len(self._action_buttons) < len(moves):
            i = len(self._action_buttons)
            self._action_buttons.append(self._button(lambda i=i: self.act(self._action_list[i]),
                                                     "cardlearn-action"))
        self._action_list = moves
        for button, move in zip(self._action_buttons, moves):
            button.description = self.game.describe(self.state, move, self._lang)
            button.button_style = "info"
        self._actions.children = (self._confirm, *self._action_buttons[:len(moves)])

    def _status_text(self) -> str:
        w, state = WORDS[self._lang], self.state
        seat, scores = state.to_move, list(state.scores)
        per_seat = len(scores) == len(self.seats)
        name = (lambda i: self._who(i)) if per_seat else (lambda i: w["team"].format(n=i))
        if seat is None:
            result = w["tie"] if state.winner is None else w["wins"].format(who=name(state.winner))
            turn = f"{w['over']} — {result}"
        elif self.seats[seat] == HUMAN:
            turn = w["your_turn"] if len(self._humans) == 1 else w["turn"].format(who=self._who(seat))
        else:
            turn = w["thinking"].format(who=self._who(seat))
        standing = ", ".join(f"{name(i)} {s}" for i, s in enumerate(scores))
        return f"{turn} · {w['moves']}: {len(state.history)} · {w['score']}: {standing}"

    def _log_html(self) -> str:
        first = max(0, len(self._moves) - LOG_SHOWN)  # only the latest moves, numbered as played
        lines = [f"<li>{html.escape(self._who(seat))}: "
                 f"{html.escape(self.game.describe(self._states[i], action, self._lang))}</li>"
                 for i, (seat, action) in enumerate(self._moves) if i >= first]
        if not lines:
            return ""
        return f"<b>{WORDS[self._lang]['log']}</b><ol start=\"{first + 1}\">{''.join(lines)}</ol>"

    def _sheet_html(self) -> str:
        rows = self.state.score_sheet
        if not rows:
            return ""
        keys = list(rows[0])
        names = getattr(self.game, "SHEET_NAMES", {}).get(self._lang, {})
        head = "".join(f"<th>{html.escape(names.get(k, str(k).replace('_', ' ')))}</th>" for k in keys)
        body = "".join(f"<tr><td>{n}</td>" + "".join(f"<td>{html.escape(_cell(r.get(k, '')))}</td>"
                                                      for k in keys) + "</tr>"
                       for n, r in enumerate(rows, 1))
        return (f"<b>{WORDS[self._lang]['sheet']}</b><table><tr><th>#</th>{head}</tr>{body}</table>")

    def _hints_html(self) -> str:
        state = self.state
        if self._hint_state is not state:
            return ""
        items = "".join(f"<li>{html.escape(self.game.describe(state, a, self._lang))} — "
                        f"{html.escape(self.game.explain(state, a, self._lang))}</li>"
                        for a in state.legal_actions())
        return f"<b>{WORDS[self._lang]['hints']}</b><ul>{items}</ul>"


# ---------------------------------------------------------------------------------------
# Replays

def start_of(state: Any) -> Any:
    """The position `state`'s game started from, rebuilt from `state.origin`."""
    game, origin = module_of(state), getattr(state, "origin", None)
    if origin is None:
        raise ValueError("this position has no recorded start (its origin is unknown, e.g. a "
                         "bot's guess), so its moves cannot be replayed")
    kwargs = dict(origin) if isinstance(origin, dict) else dict(zip(("seed", "dealer", "deck"), origin))
    if getattr(state, "rules", None) is not None:
        kwargs["rules"] = state.rules
    if game.PLAYERS[0] != game.PLAYERS[1]:
        kwargs.setdefault("players", seat_count(state))
    return game.new_game(**kwargs)


def states_of(state: Any) -> list[Any]:
    """Every position of `state`'s game, from the start to `state` itself."""
    states = [start_of(state)]
    for action in state.history:
        states.append(states[-1].apply(action))
    if states[-1] != state:
        raise ValueError("replaying this game's moves from its start does not give the same position")
    return states


def replay(state: Any, *, seat: int | None = None, show_all: bool = False, lang: str = "is") -> Replay:
    """A widget to step through `state`'s game; see `Replay`."""
    return Replay(state, seat=seat, show_all=show_all, lang=lang)


class Replay(widgets.VBox):
    """Steps back and forth through a game: ⏮ ◀ ▶ ⏭ and a slider; `index` is the number
    of moves made (0 to `len(state.history)`).  The table is drawn as `seat` sees it
    (default: the seat to move); `show_all` adds every seat's hand, for teaching."""

    def __init__(self, state: Any, *, seat: int | None = None, show_all: bool = False, lang: str = "is"):
        super().__init__()
        if lang not in WORDS:
            raise ValueError(f"lang is 'is' or 'en', not {lang!r}")
        self.game, self.states, self.moves = module_of(state), states_of(state), tuple(state.history)
        self.seat, self.show_all, self.lang = seat, show_all, lang
        self._slider = widgets.IntSlider(min=0, max=len(self.moves), value=0)
        self._slider.add_class("cardlearn-replay-slider")
        self._slider.observe(lambda _change: self._render(), "value")
        steps = [("|◀", lambda: 0, "first"), ("◀", lambda: self.index - 1, "back"),
                 ("▶", lambda: self.index + 1, "forward"), ("▶|", lambda: len(self.moves), "last")]
        buttons = []
        for label, where, css in steps:
            button = widgets.Button(description=label, layout=widgets.Layout(width="44px"))
            button.on_click(lambda _b, where=where: setattr(self, "index", where()))
            button.add_class(f"cardlearn-replay-{css}")
            buttons.append(button)
        self._caption, self._picture, self._hands = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self._caption.add_class("cardlearn-replay-move")
        self._picture.add_class("cardlearn-replay-picture")
        self.add_class("cardlearn-replay")
        self.children = (widgets.HBox([*buttons, self._slider]), self._caption, self._picture, self._hands)
        self._render()

    @property
    def index(self) -> int:
        return self._slider.value

    @index.setter
    def index(self, value: int) -> None:
        self._slider.value = max(0, min(len(self.moves), int(value)))

    @property
    def state(self) -> Any:
        return self.states[self.index]

    def _render(self) -> None:
        from cardlearn.draw import state_html
        w, i = WORDS[self.lang], self.index
        if i == 0:
            self._caption.value = f"<b>{w['start']}</b>"
        else:
            before = self.states[i - 1]
            said = self.game.describe(before, self.moves[i - 1], self.lang)
            who = w["seat"].format(n=before.to_move)
            self._caption.value = (f"<b>{w['move_n'].format(i=i, n=len(self.moves))}</b> — "
                                   f"{html.escape(who)}: {html.escape(said)}")
        self._picture.value = state_html(self.state, self.seat, self.lang)
        if self.show_all:
            hands = ((s, self.game.layout(self.state, s, self.lang).get("hand", []))
                     for s in range(seat_count(self.state)))
            self._hands.value = "<br>".join(
                f"{html.escape(w['seat'].format(n=s))}: {' '.join(Card.parse(c).symbol for c in h) or '—'}"
                for s, h in hands)

    def __repr__(self) -> str:
        return f"<cardlearn Replay: {self.game.NAME[self.lang]}, move {self.index} of {len(self.moves)}>"
