"""The computers' turns at a table: the bots of the computer seats (and, in demo mode, of
the humans' seats), the bot's turn now due as a `BotTurn`, and its steps: think, then
complete unless the table has moved on meanwhile.  Part of `TableModel` (see
`cardlearn.table.model`), which delegates its bot methods here.

A step goes through the table's own methods (`pending_bot`, `think`, `complete`, `fail`),
not this class's, so that a room's model, which writes a computer's move to the room
first, and a test that replaces one of them are obeyed by `bot_step` and `run_bots` too."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardlearn.bots import SearchBot
from cardlearn.protocol import AnyGame, AnyState, Bot
from cardlearn.table.fixed import table_bot
from cardlearn.table.messages import said
from cardlearn.table.snapshot import HUMAN

if TYPE_CHECKING:
    from cardlearn.table.model import TableModel

# Demo mode's paces, seconds a move shows (None: one move per press of "Næsti leikur").
# Slow gives the teacher time for a sentence or two about each move; normal, for a short
# remark; both well above the 0.26–0.4 s a move that flashed a Kozel deal past in 5.3 s.
DEMO_PACES: dict[str, float | None] = {"slow": 2.5, "normal": 1.2, "step": None}
DEMO_PACE = "normal"  # demo's pace until the teacher chooses another


@dataclass(frozen=True)
class BotTurn:
    """A bot's move now due: `seat` moves in `state`, after `ply` moves, in the model's
    `generation`.  Stale once the table moved on, was undone or restarted."""

    state: AnyState = field(compare=False)
    seat: int
    ply: int
    generation: int


class Turns:
    """The bots of one table, seeded `seed + seat`: `bots` for the computer seats of
    `roles`, `demo_bots` for the humans' seats once demo mode is on (`demo`).
    `generation` grows whenever the bot turns handed out become stale."""

    def __init__(self, table: TableModel, game: AnyGame, roles: Mapping[int, str], seed: int):
        self._table, self._game, self._seed = table, game, seed
        self.bots: dict[int, Bot] = {s: table_bot(game, r, seed + s) for s, r in roles.items() if r != HUMAN}
        self.demo_bots: dict[int, Bot] = {}  # the humans' seats, played in demo mode
        self.demo = False
        self.pace = DEMO_PACE  # demo mode's pace, a key of `DEMO_PACES`
        self.demo_from = 0  # how many moves had been made when demo mode began
        self._step: tuple[int, int] | None = None  # (generation, ply) the step button allows
        self.generation = 0
        self.shown_error: Exception | None = None  # a bot's error, as `fail` said it

    def switch_demo(self, on: bool) -> None:
        """Demo mode: the computer plays every seat at the table's pace (the humans' with
        the game's strongest bot, made once per seat), stopping at each deal's summary until
        it is dismissed.  Switching it off gives the humans their seats back (a bot turn
        handed out for one of them becomes stale) and selects a forced move again."""
        table = self._table
        if on == self.demo:
            return
        self.demo = on
        table.cancel_bots()
        if on:
            self.demo_from, self._step = len(table._history.moves), None
            strongest = self._game.INFO.strongest_bot
            for s in table._humans:
                self.demo_bots.setdefault(s, table_bot(self._game, strongest, self._seed + s))
        table._changed()  # the selection and message go; a forced move is selected again (not in demo)

    def refuse(self) -> bool:
        """Say why no human may move now (the match over, the summary open, demo mode, a
        computer's turn), if so."""
        table = self._table
        seat = table.state.to_move
        if seat is None:
            rule = "is_over"
            table._say("is_over")
        elif table.paused:
            rule = "press_continue"
            table._say("press_continue", button=table.dismiss_words())
        elif self.demo:
            rule = "demo_on"
            table._say("demo_on")
        elif not table._human(seat):
            rule = "not_your_turn"  # as a room names it (`NotYourTurn`)
            table._say("wait", who=table.who(seat))
        else:
            return False
        table._refused(rule)
        return True

    def set_pace(self, pace: str) -> None:
        """Demo mode's pace: "slow", "normal" or "step" (a move per `allow_step`).  A bot's
        turn already handed out becomes stale, so that stepping begins at once."""
        if pace not in DEMO_PACES:
            raise ValueError(f"a demo's pace is one of {', '.join(DEMO_PACES)}, not {pace!r}")
        if pace != self.pace:
            self._table.cancel_bots()
        self.pace, self._step = pace, None

    def allow_step(self) -> bool:
        """The step button ("Næsti leikur"): in demo mode at the step pace, exactly one
        computer move may now be made (the next one, in this generation); False, changing
        nothing, where no computer's move is due."""
        table = self._table
        if not (self.demo and self.pace == "step"):
            return False
        self._step = (self.generation, len(table._history.moves))
        if self._table.pending_bot() is None:
            self._step = None
            return False
        return True

    def demo_moves(self) -> int:
        """How many moves demo mode has made since it began (an undo takes its moves back
        off the count)."""
        moves = len(self._table._history.moves)
        self.demo_from = min(self.demo_from, moves)
        return moves - self.demo_from

    def streak(self) -> int:
        """How many computer moves in a row were made since a human's last move."""
        n = 0
        for seat, _ in reversed(self._table._history.moves):
            if seat in self.bots or self.demo:
                n += 1
            else:
                break
        return n

    # -- a bot's turn, step by step ----------------------------------------------------------
    def pending(self) -> BotTurn | None:
        table = self._table
        state = table.state
        seat = state.to_move
        if seat is None or table.paused or (table._human(seat) and not self.demo):
            return None
        ply = len(table._history.moves)
        if self.demo and self.pace == "step" and self._step != (self.generation, ply):
            return None  # one move per press of the step button
        return BotTurn(state, seat, ply, self.generation)

    def is_current(self, turn: BotTurn) -> bool:
        table = self._table
        return (turn.generation == self.generation and turn.ply == len(table._history.moves)
                and turn.state is table.state)

    def think(self, turn: BotTurn, seconds: float | None = None) -> Any:
        """The bot's choice; a search with a clock thinks at most `seconds`, when given."""
        bot = self.bots.get(turn.seat) or self.demo_bots[turn.seat]
        clock = getattr(bot, "seconds", None)
        if seconds is None or not isinstance(bot, SearchBot) or clock is None:
            return bot.choose(turn.state, turn.seat)
        bot.seconds = min(clock, seconds)
        try:
            return bot.choose(turn.state, turn.seat)
        finally:
            bot.seconds = clock

    def complete(self, turn: BotTurn, action: Any) -> bool:
        """Make the bot's `action` if `turn` is still current (then select any forced human
        move after it); False, changing nothing, for a stale turn."""
        table = self._table
        if not table.is_current(turn):
            return False
        table._history.push(turn.seat, turn.state.apply(action))
        table._changed()  # "wait", said while the bot moved, is stale now
        return True

    def fail(self, turn: BotTurn, err: Exception) -> bool:
        if not self._table.is_current(turn):
            return False
        self._table._note = said("bot_error", msg=str(err))
        self.shown_error = err
        return True

    def show_error(self, err: Exception) -> None:
        """The program's error `err` on the message line (in a click's callback, say, whose
        error would otherwise reach only a log); a bot's error already shown by `fail`
        keeps its own words."""
        if err is not self.shown_error:
            self._table._note = said("program_error", msg=f"{type(err).__name__}: {err}")

    def step(self) -> bool:
        """One bot move now, if one is due (its error is shown, then raised)."""
        table = self._table
        turn = table.pending_bot()
        if turn is None:
            return False
        try:
            table.complete(turn, table.think(turn))
        except Exception as err:
            table.fail(turn, err)
            raise
        return True

    def run(self) -> int:
        n = 0
        while self._table.bot_step():
            n += 1
        return n
