"""The playable table (`play`, `Table`): a `TableModel` drawn by a `TableView`, with the
bots run on a thread so that each move shows `delay` seconds after the bot began to think
(with `delay=0` they move at once, inside the call that made them due).

`Table` is the widget a notebook shows; its methods (`act`, `undo`, `hint`, `new_game`,
`lang`, `teacher`) change the model under a lock and redraw.  `table.model` is the model
itself, `table.view` the widgets (see their modules).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast, overload

import ipywidgets as widgets

from cardlearn.games import game_module
from cardlearn.protocol import GameModule, State
from cardlearn.table.fixed import seed_from_environment
from cardlearn.table.model import BotTurn, TableModel, new_state
from cardlearn.table.snapshot import HUMAN, LOG_SHOWN
from cardlearn.table.view import CardButton, Handlers, TableView, TargetButton, classes_of, walk

if TYPE_CHECKING:
    from cardlearn.table.room import Address

__all__ = ["HUMAN", "LOG_SHOWN", "Table", "play"]


@overload
def play(game: str | ModuleType | State, *, seats: dict[int, str] | None = None, seed: int | None = None,
         rules: Any = None, lang: str = "is", delay: float = 0.5, room: None = None) -> Table: ...


@overload
def play(game: str | ModuleType | State, *, seats: dict[int, str] | None = None, seed: int | None = None,
         rules: Any = None, lang: str = "is", delay: float = 0.5, room: Address) -> widgets.Widget: ...


def play(
    game: str | ModuleType | State,
    *,
    seats: dict[int, str] | None = None,
    seed: int | None = None,
    rules: Any = None,
    lang: str = "is",
    delay: float = 0.5,
    room: Address | None = None,
) -> Table | widgets.Widget:
    """A table to play `game` (a name in `GAMES`, a game module, or a `State` to continue).
    Without a `seed`, the environment variable CARDLEARN_SEED, when set, fixes the deal (the
    browser tests and a teacher repeating a demonstration); otherwise each table deals
    afresh.

    `room`: a classroom page's address (`cardlearn.table.room.address()`): the table of the
    room and seat it names (or of a new room of one's own), kept in the rooms' database so
    that a reload comes back to it; a refusal instead of a table for a wrong token; the
    teacher's links for a new shared room (see `cardlearn.table.room`).  Then `game` is the
    page's game's name and `seats`, `seed`, `rules` and `lang` are the room's own."""
    if room is not None:
        from cardlearn.table.room import page_widget

        if not isinstance(game, str) or seats is not None or seed is not None or rules is not None:
            raise ValueError("a table in a room takes the game's name only: "
                             "its seats, seed and rules are the room's")
        return page_widget(game, room, delay=delay)
    if seed is None:
        seed = seed_from_environment()
    if isinstance(game, (str, ModuleType)):
        module = game_module(game)
        low, high = module.PLAYERS
        # Without seats, the game's own default number of players (Kínaskák: 4).
        n = max(low, max(seats) + 1) if seats else None
        if n is not None and n > high:
            raise ValueError(f"{module.NAME['en']} is for at most {high} players")
        state = new_state(module, seed, rules, n)
    else:
        module, state = cast(GameModule, game.GAME), game
        if rules is not None and rules != getattr(state, "rules", None):
            raise ValueError("a game continued from a State keeps its own rules: leave out `rules`")
    return Table(module, state, seats=seats, seed=seed, lang=lang, delay=delay)


class Table(widgets.VBox):
    """A playable table; see `play`.  A re-entrant lock guards every change, because with
    `delay > 0` bots move from a thread while clicks arrive from the kernel's thread."""

    def __init__(
        self,
        game: GameModule | ModuleType,
        state: State,
        *,
        seats: Mapping[int, str] | None = None,
        seed: int | None = None,
        lang: str = "is",
        delay: float = 0.5,
        model: TableModel | None = None,
    ):
        super().__init__()
        if delay < 0:
            raise ValueError("delay is a number of seconds, at least 0")
        # `model`: a model made elsewhere (a table bound to a room, `cardlearn.table.room`)
        self.model = model if model is not None else TableModel(
            cast(GameModule, game), state, seats=seats, seed=seed, lang=lang)
        self.delay = float(delay)
        self._lock = threading.RLock()
        self._idle = threading.Event()
        self._stop = threading.Event()  # set to cut a bot's pause short (it was cancelled)
        self._thinking: BotTurn | None = None  # the turn a thread is working on
        self.add_class("cardlearn-table")
        self.add_class("cardlearn-widget")
        self.view = TableView(
            Handlers(
                click=self._click,
                confirm=lambda: self._change(self.model.confirm),
                act=self.act,
                undo=self.undo,
                hint=self.hint,
                switch_lang=lambda: setattr(self, "lang", "en" if self.lang == "is" else "is"),
                switch_teacher=lambda: setattr(self, "teacher", not self.teacher),
                ask_new=lambda: self._change(self.model.ask_new),
                answer_new=lambda yes: self._change(lambda: self.model.answer_new(yes)),
                ready=lambda: self._change(self.model.ready),
                dismiss=lambda: self._change(self.model.dismiss),
                switch_demo=lambda: setattr(self, "demo", not self.demo),
            )
        )
        with self._lock:
            self._go_on()

    # -- public API ----------------------------------------------------------------------
    @property
    def game(self) -> GameModule:
        return self.model.game

    @property
    def seats(self) -> dict[int, str]:
        """Seat → "human" or the bot level playing it."""
        return self.model.seats

    @property
    def state(self) -> State:
        return self.model.state

    @property
    def lang(self) -> str:
        return self.model.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        def switch() -> None:
            self.model.lang = lang

        self._change(switch)

    @property
    def teacher(self) -> bool:
        """The teacher's view: every hand face up, clearly marked (off by default).  Only
        the picture changes: bots are given the state, never this view."""
        return self.model.teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        def switch() -> None:
            self.model.teacher = on

        self._change(switch)

    @property
    def demo(self) -> bool:
        """Demo mode: the computer plays every seat at the table's pace, stopping at each
        deal's summary until Áfram; switching it off gives the pupil the seat back."""
        return self.model.demo

    @demo.setter
    def demo(self, on: bool) -> None:
        def switch() -> None:
            self.model.demo = on

        self._change(switch)

    def dismiss(self) -> None:
        """Close the deal's summary (its Áfram button): the next deal goes on."""
        self._change(self.model.dismiss)

    @property
    def message(self) -> str:
        """The message line's text (a reason, "wait", "nothing to undo"), in `lang`."""
        return self.model.message

    def act(self, action: Any) -> None:
        """Make a move for the human seat to move (an `Action` or its text); an illegal one
        shows why on the message line and changes nothing."""
        self._change(lambda: self.model.act(action))

    def undo(self) -> None:
        """Back to the previous position where a human seat had a real choice (more than
        one legal move, and not a quiet one such as declining to buy)."""
        self._change(self.model.undo)

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same seats, rules and bots (the button asks first)."""
        self._change(lambda: self.model.new_game(seed))

    def hint(self) -> list[tuple[str, str]]:
        """The legal moves of the human seat to move, each `(action text, reason)`, the
        strongest bot's choice first; also shown in the widget."""
        with self._lock:
            hints = self.model.hint()
            self._render()
            return hints

    def wait(self, timeout: float | None = 10) -> bool:
        """Block until no bot is due to move (only useful with `delay > 0`)."""
        return self._idle.wait(timeout)

    def find(self, css_class: str) -> list[widgets.Widget]:
        """The widgets now shown that carry `css_class` (for tests and notebooks)."""
        return [w for w in walk(self) if css_class in classes_of(w)]

    def card_buttons(self, zone: str | None = None) -> list[CardButton]:
        """The card buttons now shown (of `zone` only, if given); each names its `zone`,
        `index`, `card` and `token` (for tests)."""
        return self.view.card_buttons(zone)

    def target_button(self, zone: str) -> TargetButton:
        """The button of target zone `zone` now shown."""
        [button] = [b for b in self.view.target_buttons() if b.zone == zone]
        return button

    def close(self) -> None:
        with self._lock:
            self._cancel_bots()
        super().close()

    def __repr__(self) -> str:
        to_move = self.state.to_move
        where = "match over" if to_move is None else f"seat {to_move} to move"
        return f"<cardlearn Table: {self.game.NAME[self.lang]}, {where}>"

    # -- changes, drawing and the bots ---------------------------------------------------
    def _change(self, change: Callable[[], object]) -> None:
        """Make a change to the model, then redraw and let the bots go on.  A bot's turn
        handed out before the change and now stale stops waiting."""
        with self._lock:
            generation = self.model.generation
            change()
            if self.model.generation != generation:
                self._stop.set()
                self._stop = threading.Event()
            self._go_on()

    def _go_on(self) -> None:
        """Let the bots go on (see `_run_bots`), then redraw."""
        try:
            self._run_bots()
        finally:  # a bot's error (with `delay == 0`) is on the message line; then it surfaces
            self._render()

    def _click(self, zone: str, index: int | None) -> None:
        self._change(lambda: self.model.click(zone, index))

    def _render(self) -> None:
        self.children = (*self.view.render(self.model.snapshot()), *self._extra())

    def _extra(self) -> tuple[widgets.Widget, ...]:
        """Widgets drawn after the view's (none here; a table bound to a room adds the
        hidden child that carries its move count and seat)."""
        return ()

    def _run_bots(self) -> None:
        """Let the bot due move: at once with `delay == 0`, else from a thread (unless one
        is already at this turn)."""
        turn = self.model.pending_bot()
        if turn is None:
            self._thinking = None
            self._idle.set()
            return
        if self.delay == 0:
            try:
                self.model.run_bots()
            finally:
                self._idle.set()
            return
        if turn == self._thinking:
            return
        self._thinking = turn
        self._idle.clear()
        threading.Thread(target=self._bot_turn, args=(turn, self._stop), daemon=True).start()

    def _bot_turn(self, turn: BotTurn, stop: threading.Event) -> None:
        """A bot's move, chosen outside the lock (clicks meanwhile get an answer at once),
        shown `delay` seconds after it began to think, or at once if it is quiet."""
        began = time.monotonic()
        try:
            action = self.model.think(turn)
        except Exception as err:  # a thread's exception would vanish: show it
            with self._lock:
                if self.model.fail(turn, err):
                    self._thinking = None
                    self._render()
                    self._idle.set()
            return
        pause = self.pace(turn, action)
        if pause > 0:
            stop.wait(max(0.0, pause - (time.monotonic() - began)))
        with self._lock:
            if self._thinking == turn:
                self._thinking = None
            try:
                made = self.model.complete(turn, action)
            except Exception as err:  # an illegal choice: show it
                if self.model.fail(turn, err):
                    self._render()
                    self._idle.set()
                return
            if made:
                self._go_on()

    def pace(self, turn: BotTurn, action: Any) -> float:
        """How long a bot's move shows before it is made: `delay`; nothing for a quiet one;
        a third of it for a computer's further moves in a row of its own (laying away
        cards one by one, an exchange), so that a stretch with nothing for the pupil to do
        goes quickly while each card still shows."""
        if self.model.quiet(turn.state, action):
            return 0.0
        moves = self.model.moves
        if moves and moves[-1][0] == turn.seat and not self.model.demo:
            return self.delay / 3
        return self.delay

    def _cancel_bots(self) -> None:
        self.model.cancel_bots()  # a thread still thinking finds its turn stale and gives up
        self._stop.set()
        self._stop = threading.Event()
