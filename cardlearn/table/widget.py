"""The playable table (`play`, `Table`): a `TableModel` drawn by a `TableView`, with the
bots moved from the event loop so that each move shows `delay` seconds after the bot began
to think (with `delay=0` they move at once, inside the call that made them due).

No thread is started: a browser's Python (Pyodide, the static site's kernel) has none.  A
bot's turn is two callbacks on the loop the table was made in (the kernel's: ipykernel's
asyncio loop, Pyodide's WebLoop), `_think` at once and `_complete` when its pause is over,
the same code in both.  Made where no loop runs (a script, a test), the table has a loop of
its own, which `wait()` runs.  A search bot thinks on the loop for at most its `seconds`
(1 s, read between simulations), and each bot's move is its own callback, so clicks are
answered between moves.

`Table` is the widget a notebook shows; its methods (`act`, `undo`, `hint`, `new_game`,
`lang`, `teacher`, `four_colour`) change the model under a lock and redraw.  `table.model` is the model
itself, `table.view` the widgets (see their modules).  An error inside a click or a bot's
move is shown on the message line (and raised on to the kernel's log), never swallowed.
"""

from __future__ import annotations

import asyncio
import html
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast, overload

import ipywidgets as widgets

from cardlearn.games import game_module
from cardlearn.protocol import AnyGame, AnyState
from cardlearn.table.fixed import seed_from_environment
from cardlearn.table.look import FOUR_COLOUR_ROOT
from cardlearn.table.model import DEMO_PACES, BotTurn, TableModel, new_state
from cardlearn.table.snapshot import HUMAN, LOG_SHOWN
from cardlearn.table.textview import parse_typed_move
from cardlearn.table.view import CardButton, Handlers, TableView, TargetButton, classes_of, walk

if TYPE_CHECKING:
    from cardlearn.table.room import Address

__all__ = ["HUMAN", "LOG_SHOWN", "Table", "play"]


@overload
def play(game: str | ModuleType | AnyState, *, seats: dict[int, str] | None = None, seed: int | None = None,
         rules: Any = None, lang: str = "is", delay: float = 0.5, room: None = None) -> Table: ...


@overload
def play(game: str | ModuleType | AnyState, *, seats: dict[int, str] | None = None, seed: int | None = None,
         rules: Any = None, lang: str = "is", delay: float = 0.5, room: Address) -> widgets.Widget: ...


def play(
    game: str | ModuleType | AnyState,
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
        module, state = cast(AnyGame, game.GAME), game
        if rules is not None and rules != getattr(state, "rules", None):
            raise ValueError("a game continued from a State keeps its own rules: leave out `rules`")
    return Table(module, state, seats=seats, seed=seed, lang=lang, delay=delay)


BROWSER = sys.platform == "emscripten"  # Pyodide: one thread, and its loop always runs


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread (a kernel's), or None (a script, a test).
    Pyodide's WebLoop runs on the browser's own loop, always, but is registered as running
    only while it dispatches a callback: there it is the event loop, wherever the call."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.get_event_loop() if BROWSER else None


# A computer's move right after another computer's shows for this share of `delay`: the
# first answer to the pupil shows at the table's pace, the rest of the run more quickly.
RUN_SHARE = 0.6
# And the computers' pauses between two turns of the pupil's add up to at most this; past
# it each move shows for `RUN_FLOOR`.  In Kínaskák a round of three computers is often ten
# or more moves (draws, buys declined, melds, lay-offs, discards): at the pace above the
# pupil waited 1.8 s at the 90th percentile, over issue 32's 1.5 s.
RUN_BUDGET = 0.8
RUN_FLOOR = 0.05
# Thinking counts too: a search may use `TABLE_SECONDS` a move, and three computers' draws
# in a row used it each.  A computer's search thinks at most until `RUN_THINKING` after
# the run began, and at least `THINK_FLOOR` (its count of imagined deals may end sooner).
RUN_THINKING = 0.9
THINK_FLOOR = 0.05

def run_start(moves: Sequence[tuple[int, Any]], seats: Mapping[int, str]) -> int:
    """Where the computers' run now began: the index after the last pupil's move."""
    i = len(moves)
    while i and seats.get(moves[i - 1][0], HUMAN) != HUMAN:
        i -= 1
    return i


class Table(widgets.VBox):
    """A playable table; see `play`.  A re-entrant lock guards every change: bots move from
    the event loop, but a room's watcher (`cardlearn.table.room`) calls in from its thread."""

    def __init__(
        self,
        game: AnyGame | ModuleType,
        state: AnyState,
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
            cast(AnyGame, game), state, seats=seats, seed=seed, lang=lang)
        self.delay = float(delay)
        self._lock = threading.RLock()
        self._idle = threading.Event()
        self._thinking: BotTurn | None = None  # the turn handed to the loop
        # the computers' run now: where it began in the moves, when (time.monotonic), its pauses
        self._run = (0, 0.0, 0.0)
        # The loop the bots move from: the kernel's, running where the table is made; else
        # one of the table's own, made when a bot first waits (see `_bot_loop`).
        self._loop = _running_loop()
        self._own_loop = self._loop is None
        self.add_class("cardlearn-table")
        self.add_class("cardlearn-widget")
        self.view = TableView(
            Handlers(
                click=self.click,
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
                demo_pace=lambda pace: setattr(self, "demo_pace", pace),
                demo_step=self.demo_step,
                switch_four_colour=lambda: setattr(self, "four_colour", not self.four_colour),
                switch_text_view=lambda: setattr(self, "text_view", not self.text_view),
                typed=self.typed,
            )
        )
        with self._lock:
            self._go_on()

    # -- public API ----------------------------------------------------------------------
    @property
    def game(self) -> AnyGame:
        return self.model.game

    @property
    def seats(self) -> dict[int, str]:
        """Seat → "human" or the bot level playing it."""
        return self.model.seats

    @property
    def state(self) -> AnyState:
        return self.model.state

    @property
    def lang(self) -> str:
        return self.model.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._set("lang", lang)

    @property
    def teacher(self) -> bool:
        """The teacher's view: every hand face up, clearly marked (off by default).  Only
        the picture changes: bots are given the state, never this view."""
        return self.model.teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self._set("teacher", on)

    @property
    def four_colour(self) -> bool:
        """The four-colour deck: ♦ blue and ♣ green on every card picture of this table
        (off by default; a room seat's choice is kept like its language)."""
        return self.model.four_colour

    @four_colour.setter
    def four_colour(self, on: bool) -> None:
        self._set("four_colour", on)

    @property
    def demo(self) -> bool:
        """Demo mode: the computer plays every seat at the table's pace, stopping at each
        deal's summary until Áfram; switching it off gives the pupil the seat back."""
        return self.model.demo

    @demo.setter
    def demo(self, on: bool) -> None:
        self._set("demo", on)

    @property
    def demo_pace(self) -> str:
        """Demo mode's pace, chosen on the table: "slow" (2.5 s a move), "normal" (1.2 s)
        or "step" (a move per press of "Næsti leikur", `demo_step`)."""
        return self.model.demo_pace

    @demo_pace.setter
    def demo_pace(self, pace: str) -> None:
        self._set("demo_pace", pace)

    def _set(self, name: str, value: object) -> None:
        """A setting of the model's (`lang`, `teacher`, `four_colour`, `demo`, ...) changed
        as every change is: under the lock, then redrawn."""
        self._change(lambda: setattr(self.model, name, value))

    def demo_step(self) -> None:
        """"Næsti leikur": in demo mode at the step pace, the computer makes one move now."""
        self._change(self.model.demo_step)

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

    @property
    def text_view(self) -> bool:
        """The text view ("Textasýn"): the table as headed lines and a field to type a move
        in (see `cardlearn.table.textview`); off by default."""
        return self.model.text_view

    @text_view.setter
    def text_view(self, on: bool) -> None:
        self._set("text_view", on)

    def typed(self, text: str) -> bool:
        """A move typed in the text view, in the game's notation or by card words in either
        language (`textview.parse_typed_move`), made as a click and Confirm make it: bots
        answer, the log and the live region say it.  Text read as no move, as several, or
        as an illegal one only says why on the message line.  True if the move was made."""
        made = False

        def move() -> None:
            nonlocal made
            model = self.model
            if model.must_pass():  # hot seat: the hands are hidden until "ready"
                return
            if not model.human_to_move() or model.state.to_move != model.shown_seat():
                made = model.act(text)  # the table's own refusal ("wait", "not your turn")
                return
            try:
                action = parse_typed_move(text, model.state, model.game, model.lang)
            except ValueError as err:
                model.refuse(err)
                return
            made = model.act(action)

        self._change(move)
        return made

    def click(self, zone: str, index: int | None) -> None:
        """A click on entry `index` of `zone` (or "hand"), or on a target zone (`index`
        None), as the card and target buttons send it: it selects, never plays (Confirm
        does); an error inside it is shown on the message line, then raised."""
        self._change(lambda: self.model.click(zone, index))

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
        """Until no bot is due to move, at most `timeout` seconds (only useful with
        `delay > 0`); False if one still is.  A table made outside a running loop (a
        script, a test) runs its own loop here; called from inside the running loop (a
        notebook cell), where no callback can run until the cell ends, the bots due move
        at once, without their pause."""
        if self._idle.is_set():
            return True
        if self._loop is None or self._loop.is_closed():
            return False  # nothing was handed to a loop (or the table was closed)
        if not self._loop.is_running():
            self._loop.run_until_complete(self._idle_or(timeout))
            return self._idle.is_set()
        if self._on_loop_thread():
            with self._lock:
                self._thinking = None
                self.model.run_bots()  # its error is on the message line, then raised
                self._go_on()
            return self._idle.is_set()
        return self._idle.wait(timeout)  # the kernel's thread moves the bots meanwhile

    async def _idle_or(self, timeout: float | None) -> None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._idle.is_set() and (deadline is None or time.monotonic() < deadline):
            await asyncio.sleep(0.005)

    def _on_loop_thread(self) -> bool:
        if BROWSER:
            return True
        try:
            return asyncio.get_running_loop() is self._loop
        except RuntimeError:
            return False

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
        if self._own_loop and self._loop is not None and not self._loop.is_running():
            self._loop.close()
        super().close()

    def __repr__(self) -> str:
        to_move = self.state.to_move
        where = "match over" if to_move is None else f"seat {to_move} to move"
        return f"<cardlearn Table: {self.game.NAME[self.lang]}, {where}>"

    # -- changes, drawing and the bots ---------------------------------------------------
    def _change(self, change: Callable[[], object]) -> None:
        """Make a change to the model, then redraw and let the bots go on.  A bot's turn
        handed out before the change and now stale does nothing when its callback runs
        (the model's `is_current`)."""
        with self._lock:
            try:
                change()
            except Exception as err:  # a click's callback error would only reach a log
                self._show(err)
                raise
            self._go_on()

    def _go_on(self) -> None:
        """Let the bots go on (see `_run_bots`), then redraw."""
        try:
            self._run_bots()
        finally:  # a bot's error (with `delay == 0`) is on the message line; then it surfaces
            self._render()

    def _show(self, err: Exception) -> None:
        """`err` on the message line and the table redrawn."""
        self.model.show_error(err)
        self._render()

    def _render(self) -> None:
        try:
            self.children = (*self.view.render(self.model.snapshot()), *self._extra())
            # the four-colour faces (the view's `_deck_style`) apply inside this root only
            if self.model.four_colour != (FOUR_COLOUR_ROOT in self._dom_classes):
                (self.add_class if self.model.four_colour else self.remove_class)(FOUR_COLOUR_ROOT)
        except Exception as err:  # the drawing failed: say so where the table was, then raise
            note = widgets.HTML(f"<pre>{html.escape(f'{type(err).__name__}: {err}')}</pre>")
            note.add_class("cardlearn-error")
            self.children = (note,)
            raise

    def _extra(self) -> tuple[widgets.Widget, ...]:
        """Widgets drawn after the view's (none here; a table bound to a room adds the
        hidden child that carries its move count and seat)."""
        return ()

    def _run_bots(self) -> None:
        """Let the bot due move: at once with `delay == 0`, else from the event loop (unless
        its turn is already there)."""
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
        self._later(0.0, self._think, turn)

    def _later(self, seconds: float, callback: Callable[..., None], *args: Any) -> None:
        """`callback(*args)` on the table's loop after `seconds`.  The first hop is
        thread-safe (a room's watcher calls from its thread); a closed loop (a closed
        table) runs nothing."""
        if self._loop is None:
            self._loop = asyncio.new_event_loop()  # a script's or a test's table: wait() runs it
        if self._loop.is_closed():
            return
        self._loop.call_soon_threadsafe(self._loop.call_later, seconds, callback, *args)

    def _think(self, turn: BotTurn) -> None:
        """A bot's move chosen, then made `pace` seconds after it began to think (or at
        once if it is quiet): a callback of the loop, so clicks wait while it thinks, and
        are answered during its pause."""
        with self._lock:
            if not self.model.is_current(turn):
                return  # cancelled, undone or moved on: the change that did it went on itself
        began = time.monotonic()
        try:
            action = self.model.think(turn, self._thinking_time(began))
        except Exception as err:  # a loop's callback error would only reach a log: show it
            with self._lock:
                if self.model.fail(turn, err):
                    self._thinking = None
                    self._render()
                    self._idle.set()
            raise
        pause = self.pace(turn, action)
        self._later(max(0.0, pause - (time.monotonic() - began)), self._complete, turn, action)

    def _complete(self, turn: BotTurn, action: Any) -> None:
        """Make the bot's move, unless its turn went stale during the pause (the model
        checks), and let the bots go on."""
        with self._lock:
            if self._thinking == turn:
                self._thinking = None
            try:
                made = self.model.complete(turn, action)
            except Exception as err:  # an illegal choice: show it
                if self.model.fail(turn, err):
                    self._render()
                    self._idle.set()
                raise
            if made:
                try:
                    self._go_on()
                except Exception as err:
                    self._show(err)
                    raise

    def _run_now(self, now: float) -> tuple[int, float, float]:
        """The computers' run the next move belongs to; a fresh one at its first move."""
        start = run_start(self.model.moves, self.model.seats)
        if self._run[0] != start or start == len(self.model.moves):
            self._run = (start, now, 0.0)
        return self._run

    def _thinking_time(self, now: float) -> float | None:
        """How long the computer to move may think (see `RUN_THINKING`); None in demo mode."""
        if self.model.demo:
            return None
        return max(THINK_FLOOR, RUN_THINKING - (now - self._run_now(now)[1]))

    def pace(self, turn: BotTurn, action: Any) -> float:
        """How long a bot's move shows before it is made: `delay`; nothing for a quiet one;
        a third of it for a computer's further moves in a row of its own (laying away
        cards one by one, an exchange), and `RUN_SHARE` of it for a computer that follows
        another, so that a stretch with nothing for the pupil to do goes quickly while each
        card still shows; and the run's pauses together at most `RUN_BUDGET` (issue 32: the
        pupil's turn back within 1.5 s).  In demo mode, its pace instead (`DEMO_PACES`:
        2.5 s slow, 1.2 s normal; at once when stepped, the press being the pace)."""
        if self.model.quiet(turn.state, action):
            return 0.0
        if self.model.demo:
            return DEMO_PACES[self.model.demo_pace] or 0.0
        moves = self.model.moves
        base = self.delay
        if moves and moves[-1][0] == turn.seat:
            base = self.delay / 3
        elif moves and self.model.seats.get(moves[-1][0], HUMAN) != HUMAN:
            base = self.delay * RUN_SHARE  # another computer's move just showed
        start, began, spent = self._run_now(time.monotonic())
        pause = min(base, max(RUN_FLOOR, RUN_BUDGET - spent))
        self._run = (start, began, spent + pause)
        return pause

    def _cancel_bots(self) -> None:
        self.model.cancel_bots()  # a turn still on the loop finds itself stale and gives up
