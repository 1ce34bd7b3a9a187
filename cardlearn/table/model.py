"""The table's model: everything a card table knows and decides, with no widgets.

`TableModel` holds the game, who plays each seat, the positions and moves so far, the
selection of tokens, the message line, the hint, the language and the teacher's view.  It
asks the game for the layout of the seat shown and resolves every click from that layout
itself.  `snapshot()` gives a read-only `Snapshot` (see `cardlearn.table.snapshot`) of what
a picture of the table shows, every text already in the table's language;
`cardlearn.table.view` draws it with ipywidgets, but a test (or another front end) can read
it directly.

The flow (second edition): a move is made only by the pupil's Confirm (a click selects, it
never plays), or by a move's own button; a forced move (the only legal one) is selected
for the pupil and announced, and waits for that Confirm too.  A deal's end opens its
summary and pauses the table, bots and all, until `dismiss()` (the panel's Áfram).  With
`demo` on, the computer plays every seat, the humans' too, stopping at each deal's end.

Bots never move by themselves here: `pending_bot()` names the bot's turn now due (a
`BotTurn`), `think(turn)` asks the bot for its move, `complete(turn, action)` makes it
unless the table has moved on meanwhile (an undo, a new game); `bot_step()` does all three
at once and `run_bots()` until a human must act.  The widget runs them from the event loop, with
a pause; a test simply calls them.  The model is not thread-safe: its caller serialises
calls (the widget holds a lock), except `think`, which reads only the turn it is given.

The model is made of parts, each a class of its own module that `TableModel` makes and
hands its methods on to: `History` (`cardlearn.table.history`: the positions, the moves,
undo stops, the open summary), `Turns` (`turns`: the bots, a bot's turn step by step, demo
mode), `Selection` (`selection`: the seat shown and the hot seat, the layout and what a
click means, forced moves, Confirm) and `Hints` (`hints`); the message line holds a `Note`
(`messages`).  Every public name stays here.  A part asks its table back rather than its
sibling parts, so that a subclass's answers (a room's model overrides `pending_bot`,
`complete`, `_refuse`, `_play`, `must_pass` ...) hold wherever a part asks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from cardlearn.bots import Thought
from cardlearn.core import IllegalMove, set_language
from cardlearn.protocol import AnyGame, AnyState, Bot, Layout, Token
from cardlearn.table import snapshot
from cardlearn.table.choices import Advice, Choices
from cardlearn.table.hints import Hints
from cardlearn.table.history import History, Move
from cardlearn.table.messages import Note, illegal, is_try, rule_of, rule_offered, said
from cardlearn.table.selection import OPTIONS_SHOWN, Selection
from cardlearn.table.snapshot import HUMAN, Key, Snapshot
from cardlearn.table.turns import DEMO_PACES, BotTurn, Turns
from cardlearn.table.words import WORDS, check_lang, seat_name, side_names

# The names this module has always given, some of them now its parts' (`BotTurn`, `Move`, `Note`).
__all__ = ["DEMO_PACES", "OPTIONS_SHOWN", "BotTurn", "Move", "Note", "TableModel", "new_state", "roles"]


# ---------------------------------------------------------------------------------------
# Setting up


def roles(game: AnyGame, n: int, seats: Mapping[int, str] | None) -> dict[int, str]:
    """Seat → "human" or bot level; an unnamed seat 0 is human, other unnamed seats get
    the game's strongest bot (`INFO.strongest_bot`)."""
    strongest = game.INFO.strongest_bot
    seats = seats or {}
    for seat, role in seats.items():
        if seat not in range(n):
            raise ValueError(f"seat {seat!r} is not a seat of this game: seats are 0 to {n - 1}")
        if role != HUMAN and role not in game.BOTS:
            raise ValueError(
                f"seat {seat}: {role!r} is neither 'human' nor a bot level ({', '.join(game.BOTS)})"
            )
    return {s: seats.get(s, HUMAN if s == 0 else strongest) for s in range(n)}


def new_state(game: AnyGame, seed: int | None, rules: Any, players: int | None) -> AnyState:
    """A new match of `game` (a fixed-size game takes no number of players)."""
    kwargs: dict[str, Any] = {"seed": seed}
    if rules is not None:
        kwargs["rules"] = rules
    if game.PLAYERS[0] != game.PLAYERS[1] and players is not None:
        kwargs["players"] = players
    state: AnyState = game.new_game(**kwargs)
    return state


# ---------------------------------------------------------------------------------------
# The model


class TableModel:
    """One table: see the module docstring.  `seats` maps a seat to "human" or a bot level
    (default: seat 0 human, the others the game's strongest bot); `seed` seeds the bots."""

    def __init__(self, game: AnyGame, state: AnyState, *, seats: Mapping[int, str] | None = None,
                 seed: int | None = None, lang: str = "is"):
        self.game = game
        self._lang = check_lang(lang)
        self._roles = roles(game, state.players, seats)
        self.seed = seed or 0
        self._turns = Turns(self, game, self._roles, self.seed)
        self._humans = tuple(s for s, r in self._roles.items() if r == HUMAN)
        self._teacher = False
        self._four_colour = False
        self._text_view = False
        self._note: Note | None = None
        self._tries = 0  # refused tries in a row since the position or selection last moved on
        self._refusals = 0  # every refusal, tries or not: a click or Confirm refused none ends the row
        self._asking = False
        self._hints = Hints(self)
        self._reset(state)
        self._selection.settle()

    # -- what it holds -------------------------------------------------------------------
    @property
    def state(self) -> AnyState:
        return self._history.state

    @property
    def states(self) -> tuple[AnyState, ...]:
        """Every position of this table's match so far, the first one first."""
        return tuple(self._history.states)

    @property
    def moves(self) -> tuple[Move, ...]:
        """`(seat, action)` per move made, `moves[i]` from `states[i]` to `states[i + 1]`."""
        return tuple(self._history.moves)

    @property
    def seats(self) -> dict[int, str]:
        return dict(self._roles)

    @property
    def humans(self) -> tuple[int, ...]:
        return self._humans

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots made for this table by seat: computers', and the humans' for demo mode."""
        return {**self._turns.bots, **self._turns.demo_bots}

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        """The table's language, chosen by the pupil: the engine's refusals printed in this
        kernel (`str(IllegalMove)`) follow it too (`cardlearn.set_language`)."""
        self._lang = check_lang(lang)
        set_language(self._lang)
        self._keep("lang", self._lang)

    def _keep(self, key: str, value: object) -> None:
        """A seat's own choice (`lang`, `deck`, `textview`), kept beyond this table's life
        where there is somewhere to keep it: a room's model keeps it per seat (its pages
        reopen with it); a table of its own has nowhere."""

    @property
    def teacher(self) -> bool:
        """The teacher's view: every hand face up (the picture only; bots get the state)."""
        return self._teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self._teacher = bool(on)

    @property
    def four_colour(self) -> bool:
        """The four-colour deck (♦ blue, ♣ green), chosen per seat: the picture only."""
        return self._four_colour

    @four_colour.setter
    def four_colour(self, on: bool) -> None:
        self._four_colour = bool(on)
        self._keep("deck", "four" if on else "two")

    @property
    def text_view(self) -> bool:
        """The text view: the table as headed lines and a field to type a move in (see
        `cardlearn.table.textview`); off by default, kept per table (a room's per seat)."""
        return self._text_view

    @text_view.setter
    def text_view(self, on: bool) -> None:
        self._text_view = bool(on)
        self._keep("textview", self._text_view)

    @property
    def demo(self) -> bool:
        """Demo mode: the computer plays every seat, the humans' too (see `Turns.switch_demo`)."""
        return self._turns.demo

    @demo.setter
    def demo(self, on: bool) -> None:
        self._turns.switch_demo(bool(on))

    @property
    def demo_pace(self) -> str:
        """Demo mode's pace: "slow" (2.5 s a move), "normal" (1.2 s) or "step" (one move
        per `demo_step`); see `cardlearn.table.turns.DEMO_PACES`."""
        return self._turns.pace

    @demo_pace.setter
    def demo_pace(self, pace: str) -> None:
        self._turns.set_pace(pace)

    def demo_step(self) -> bool:
        """The step button ("Næsti leikur"): at the step pace, the next computer move may
        be made (one, no more); False if demo mode is off, at another pace, or no move is due."""
        return self._turns.allow_step()

    @property
    def demo_moves(self) -> int:
        """How many moves demo mode has made since it was switched on (the status counts them)."""
        return self._turns.demo_moves()

    @property
    def paused(self) -> bool:
        """Is the table waiting at a deal's summary (no move, no bot, until `dismiss`)?"""
        return self._history.summary_at is not None

    @property
    def message(self) -> str:
        """The message line (a reason, "wait", "nothing to undo"), in `lang`."""
        return self._note(self._lang) if self._note else ""

    @property
    def selected(self) -> frozenset[Key]:
        return frozenset(self._selection.keys)

    @property
    def asking(self) -> bool:
        """Is "throw this game away and start a new one?" being asked?"""
        return self._asking

    @property
    def summary_at(self) -> int | None:
        """The move that ended the deal now summed up (until played on or dismissed)."""
        return self._history.summary_at

    @property
    def generation(self) -> int:
        """Grows whenever bot turns handed out become stale (undo, new game, cancel)."""
        return self._turns.generation

    @property
    def thought(self) -> Thought | None:
        """The search bot's reasoning behind the hint for this position, if it was asked."""
        return self._hints.thought(self.state)

    def who(self, seat: int) -> str:
        return seat_name(seat, self._roles, self._lang, self.own_seat, self.names)

    def namer(self, lang: str) -> Callable[[int], str]:
        """Seats by the table's names in `lang` (a message is said again after a switch)."""
        return lambda seat: seat_name(seat, self._roles, lang, self.own_seat, self.names)

    @property
    def names(self) -> Mapping[int, str]:
        """Other pupils' own names by seat (a shared room's); none here: "Þú", "Spilari 2"."""
        return {}

    @property
    def own_seat(self) -> int | None:
        """The seat named "Þú" although other pupils play too (a shared room's page); None here."""
        return None

    def sides(self) -> list[str]:
        state = self.state
        return side_names(state.teams, state.players, self._roles, self._lang, self.own_seat, self.names)

    def quiet(self, state: AnyState, action: Any) -> bool:
        """A decision that needs no pause and no undo stop (the game's `quiet`)."""
        return self.game.quiet(state, action)

    # -- moves ---------------------------------------------------------------------------
    def _reset(self, state: AnyState) -> None:
        self._history = History(self, state)
        self._selection = Selection(self, self._humans)
        self._note = None
        self._hints.asked = None
        self._turns.shown_error = None

    def is_undo_stop(self, i: int) -> bool:
        """Does undo stop at `states[i]` (see `History.is_undo_stop`)?"""
        return self._history.is_undo_stop(i)

    def undo_stops(self) -> list[int]:
        """The positions, by index into `states`, that undo may go back to."""
        return self._history.undo_stops()

    def _refuse(self) -> bool:
        """Say why no human may move now, if so."""
        return self._turns.refuse()

    # -- a guided deal's hooks (`cardlearn.guided`): an ordinary table has none -------------------
    def step_text(self) -> str:
        """What a guided deal says now (the step): "" at an ordinary table."""
        return ""

    def suggested(self) -> Counter[Token]:
        """The tokens of the move a guided deal suggests next (its cards and zone): none at an
        ordinary table."""
        return Counter()

    def suggested_move(self) -> Any | None:
        """The move a guided deal suggests next, when it is made by a button (a bid, "pass")."""
        return None

    def _refused(self, rule: str) -> None:
        """A move the human asked for was refused, by `rule` (the engine's rule, "not_your_turn",
        "is_over" ...; see `messages.rule_of`), its reason already on the message line.  The
        second refused try in a row offers the rule that blocked it, in a sentence, and what
        the pupil may do instead (a wait, or the game's end, is no try)."""
        self._refusals += 1
        if is_try(self.game, rule):
            self._tries += 1
            if self._tries >= 2 and self._note is not None:
                self._note = rule_offered(self.game, self._note, rule, self._way_on)
        self._tally(rule)

    def _tally(self, rule: str) -> None:
        """Count a refusal by `rule`: a table of its own keeps no count; a room's model counts
        it in its seat's tally, for the teacher's lesson."""

    def _way_on(self, lang: str) -> str:
        """What the human to move may do instead of a refused try: the moves, when few."""
        state, w = self.state, WORDS[lang]
        moves = state.legal_actions() if self._human(state.to_move) else []
        if not moves:
            return ""
        if len(moves) > 3:
            return w["may_now_many"].format(n=len(moves))
        said = [self.game.command(state, m, lang, who=self.who) for m in moves]
        return w["may_now"].format(moves="; ".join(said))

    def _tried(self, refusals: int) -> None:
        """A click or Confirm that was no refusal ends a row of refused tries."""
        if self._refusals == refusals:
            self._tries = 0

    def act(self, action: Any) -> bool:
        """Make `action` (or its text) for the human to move; an illegal one only says why."""
        return not self._refuse() and self._play(action)

    def _play(self, action: Any) -> bool:
        """The human's move, once `_refuse` let it through (an illegal one only says why)."""
        return self._history.play(action)

    @property
    def bot_streak(self) -> int:
        """How many computer moves in a row since a human's last move (the status counts them)."""
        return self._turns.streak()

    def _changed(self) -> None:
        self._selection.keys.clear()
        self._note = None
        self._tries = 0
        self._selection.settle()

    def forced(self) -> Any | None:
        """The human's only legal move now, if the human is to move and has just one."""
        return self._selection.forced()

    def undo_target(self) -> int | None:
        """The undo stop that `undo` would go back to (an index into `states`), if any."""
        return self._history.undo_target()

    def undo_says(self) -> str:
        """What undo would take back, in words ("Tekur aftur: Þú leggur 4♣")."""
        return self._history.undo_says(self._lang)

    def describe_move(self, i: int) -> str:
        """Move `i` in words with its subject ("Þú tekur…"), as the log's viewer heard it."""
        return self._history.describe_move(i, self._lang)

    def undo(self) -> bool:
        """Back to the latest earlier undo stop (see `is_undo_stop`); False if none."""
        return self._history.undo()

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same seats, rules and bots."""
        self.cancel_bots()
        self._asking = False
        self._reset(new_state(self.game, seed, self.state.rules, len(self._roles)))
        self._changed()

    def ask_new(self) -> None:
        """The "new game" button: asks first while a match with real choices is under way."""
        decided = bool(self.undo_stops())  # forced moves aside
        if decided and not self.state.is_over:
            self._asking = True
        else:
            self.new_game()

    def answer_new(self, yes: bool) -> None:
        if yes:
            self.new_game()
        else:
            self._asking = False

    def dismiss_words(self) -> str:
        """The words of the deal-end panel's button ("Áfram")."""
        return WORDS[self._lang]["dismiss"]

    def dismiss(self) -> None:
        """Close the end-of-deal summary: the next deal goes on (bots, forced moves)."""
        self._history.summary_at = None
        self._note = None
        self._selection.settle()

    # -- bots (see `cardlearn.table.turns`) ------------------------------------------------
    def pending_bot(self) -> BotTurn | None:
        """The bot's turn now due, or None (a human to move, or the match over)."""
        return self._turns.pending()

    def is_current(self, turn: BotTurn) -> bool:
        return self._turns.is_current(turn)

    def think(self, turn: BotTurn, seconds: float | None = None) -> Any:
        """The bot's choice for `turn` (reads only the turn: may run outside the caller's
        lock); a search with a clock thinks at most `seconds`, when given."""
        return self._turns.think(turn, seconds)

    def complete(self, turn: BotTurn, action: Any) -> bool:
        """Make the bot's `action` if `turn` is still current; False, changing nothing, if not."""
        return self._turns.complete(turn, action)

    def fail(self, turn: BotTurn, err: Exception) -> bool:
        """Show a bot's error on the message line, if its turn is still current."""
        return self._turns.fail(turn, err)

    def show_error(self, err: Exception) -> None:
        """Say on the message line that the program failed with `err` (see `Turns.show_error`)."""
        self._turns.show_error(err)

    def bot_step(self) -> bool:
        """One bot move now, if one is due (its error is shown, then raised)."""
        return self._turns.step()

    def run_bots(self) -> int:
        """Bots move until a human must act or the match is over; how many moves they made."""
        return self._turns.run()

    def cancel_bots(self) -> None:
        """Make every bot turn handed out stale (a thread still thinking gives up)."""
        self._turns.generation += 1

    # -- the layout and what a click means (see `cardlearn.table.selection`) ---------------
    def shown_seat(self) -> int:
        """The seat drawn at the bottom: the one human, or the hot seat's current player."""
        return self._selection.shown_seat()

    def log_viewer(self) -> int | None:
        """Whose eyes the words use: the seat shown, or all-seeing in the teacher's view."""
        return None if self._teacher else self.shown_seat()

    def layout(self) -> Layout:
        """The game's layout of the position now, for the seat shown, in `lang`."""
        return self._selection.layout()

    def entries(self, zone: str) -> list[str | None]:
        """The card texts of a zone (or "hand") as shown now; None for a face-down card."""
        return self._selection.entries(zone)

    def token_of(self, key: Key) -> Token:
        """The token a click names: the card at `index` of the zone, or the zone itself."""
        return self._selection.token_of(key)

    def choices(self) -> Choices:
        """The legal moves of the position now with their tokens (made once per position)."""
        return self._selection.choices()

    def selection(self, keys: set[Key] | frozenset[Key] | None = None) -> Counter[Token]:
        return self._selection.selection(keys)

    def fitting(self, selection: Counter[Token] | None = None) -> list[tuple[Any, Counter[Token]]]:
        """The legal moves, with their tokens, that the selection (default: the current) fits."""
        return self._selection.fitting(selection)

    def exact(self) -> list[Any]:
        """The legal moves whose tokens are exactly the current selection."""
        return self._selection.exact()

    def _human(self, seat: int | None) -> bool:
        return seat is not None and self._roles[seat] == HUMAN

    def click(self, zone: str, index: int | None) -> None:
        """A click on entry `index` of `zone` (or "hand"), or on a target zone (`index` None)."""
        refusals = self._refusals
        self._selection.click(zone, index)
        self._tried(refusals)

    def confirm(self) -> bool:
        """Play the selection, if it is exactly one legal move."""
        refusals = self._refusals
        made = self._selection.confirm()
        self._tried(refusals)
        return made

    # -- the hot seat (see `Selection.must_pass`) -------------------------------------------
    def must_pass(self) -> bool:
        """Hot seat: hide the hands until the next human at the screen says "ready"."""
        return self._selection.must_pass()

    def pass_to(self) -> int:
        return self._selection.pass_to()

    def ready(self) -> None:
        """The next human has the screen: show that seat's hand."""
        self._selection.viewer, self._note = self.pass_to(), None

    # -- messages and hints (see `cardlearn.table.hints`) ----------------------------------
    def _say(self, key: str, **kw: Any) -> None:
        self._note = said(key, **kw)  # made again on a language switch

    def refuse(self, err: ValueError) -> None:
        """Say on the message line why a move asked for (typed) is refused: the engine's
        reason for an illegal move (as for a click), or the error's own words; one with a
        `say(lang)` (a typed move's `TypedMoveError`) is said again after a switch."""
        say = getattr(err, "say", None)
        self._note = illegal(self.game, err) if isinstance(err, IllegalMove) or not callable(say) else say
        self._refused(rule_of(err))

    def hint(self) -> list[tuple[str, str]]:
        """The moves the hint lists for the human seat to move, each `(action text, reason)`:
        the strongest bot's choice first, at most three (`Advice.listed`); from now on the
        snapshot shows them (this position)."""
        return self._hints.ask()

    def advice(self, state: AnyState) -> Advice:
        """The strongest bot's view of `state` (asked once per position, kept for the last)."""
        return self._hints.advice(state)

    def hints_in_deal(self, end: int) -> int:
        """How many hints were asked in the deal that ended at `states[end]`."""
        return self._hints.in_deal(self.states, end)

    def hint_order(self, state: AnyState) -> list[Any]:
        """The legal moves, the strongest bot's choice for the seat to move first."""
        return self._hints.advice(state).order

    def hint_moves(self, state: AnyState) -> list[Any]:
        """The moves a hint lists: the strongest bot's choice and at most two more (`Advice.listed`)."""
        return self._hints.advice(state).listed

    def reason(self, state: AnyState, action: Any) -> str:
        """The game's one-line reason for a move; in the teacher's view also the search's
        figures for it (`Advice.reason`)."""
        return self._hints.advice(state).reason(action, self._lang, self._teacher)

    # -- the picture ---------------------------------------------------------------------
    def human_to_move(self) -> bool:
        """May a human move now (a human seat to move, not paused, not in demo mode)?"""
        return self._human(self.state.to_move) and not self.paused and not self._turns.demo

    @property
    def hint_shown(self) -> bool:
        """Was the hint asked for in this position (so the picture lists it)?"""
        return self._hints.shown(self.state)

    def snapshot(self) -> Snapshot:
        """What a picture of the table shows now (see `cardlearn.table.snapshot`)."""
        return snapshot.take(self)
