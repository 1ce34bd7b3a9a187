"""A table's history: every position of the match so far and the moves between them, where
undo may stop, and the deal whose summary is open.  Part of `TableModel` (see
`cardlearn.table.model`), which owns one `History` per match and asks it; a room's model
(`cardlearn.table.room`) fills it from the room's log instead of from moves made here.

It asks its table who plays a seat and whether a move was quiet, so that a subclass's
answers (a room's seats) count here too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardlearn.protocol import AnyState
from cardlearn.table.messages import Note, illegal, rule_of
from cardlearn.table.words import WORDS, singular

if TYPE_CHECKING:
    from cardlearn.table.model import TableModel

Move = tuple[int, Any]  # (seat, action) played from `states[i]`

MOVES_NAMED = 3  # moves taken back at once are named up to three; more are counted


def said_moves(table: TableModel, states: Sequence[AnyState], moves: Sequence[Move], lang: str) -> list[str]:
    """`moves[i]` (made from `states[i]`) each in words with its subject, as the move log
    says them to its viewer ("Þú spilar út 9♥"), without a closing full stop."""
    return [table.game.describe(state, action, lang, viewer=table.log_viewer(), who=table.namer(lang))
            .rstrip(".") for state, (_, action) in zip(states, moves)]


def taken_back_words(said: Sequence[str], lang: str) -> str:
    """ 'Tekið aftur: „Þú spilar út 9♥“.' — up to `MOVES_NAMED` moves named, each quoted as
    the log says it (";" between), more as the first and a count: 'Tekið aftur: „Þú spilar
    út 9♥“ og 3 leikir þar á eftir.' """
    w = WORDS[lang]
    quoted = [w["quoted"].format(text=text) for text in said]
    if len(said) <= MOVES_NAMED:
        return w["taken_back"].format(moves="; ".join(quoted))
    n = len(said) - 1
    return w["taken_back_more_one" if singular(n, lang) else "taken_back_more"].format(move=quoted[0], n=n)


def taken_back(table: TableModel, states: Sequence[AnyState], moves: Sequence[Move]) -> Note:
    """The message line after an undo: what it took back, in whichever language is asked."""
    states, moves = tuple(states), tuple(moves)
    return lambda lang: taken_back_words(said_moves(table, states, moves, lang), lang)


class History:
    """The positions `states` and the moves `moves` of one match (`moves[i]` from
    `states[i]` to `states[i + 1]`), and `summary_at`: the move that ended the deal now
    summed up, None while no summary is open."""

    def __init__(self, table: TableModel, state: AnyState):
        self._table = table
        self.states: list[AnyState] = [state]
        self.moves: list[Move] = []
        self.summary_at: int | None = None

    @property
    def state(self) -> AnyState:
        return self.states[-1]

    def push(self, seat: int, after: AnyState) -> None:
        """Move on to `after`, `seat`'s move; a move that ends a deal (not the match) opens
        the deal's summary."""
        before = self.state
        self.moves.append((seat, after.history[-1]))  # the engine's own form of the move
        self.states.append(after)
        if after.deals_done > before.deals_done and not after.is_over:
            self.summary_at = len(self.moves) - 1

    def replace(self, states: list[AnyState], moves: list[Move]) -> None:
        """The whole history at once (a room's log read back); the summary is the caller's."""
        self.states, self.moves = states, moves

    def cut(self, i: int) -> None:
        """Back to `states[i]`: the moves from there on are taken back, and a summary of a
        deal that ended among them is closed."""
        del self.states[i + 1 :], self.moves[i:]
        if self.summary_at is not None and self.summary_at >= i:
            self.summary_at = None

    def play(self, action: Any) -> bool:
        """The human's move `action` from the position now (an illegal one only says why on
        the message line); playing on dismisses the deal's summary."""
        table = self._table
        state = self.state
        seat = state.to_move
        assert seat is not None
        try:
            after = state.apply(action)
        except ValueError as err:  # IllegalMove, or a malformed action
            table._note = illegal(table.game, err)
            table._refused(rule_of(err))
            return False
        self.summary_at = None
        self.push(seat, after)
        table._changed()
        return True

    def undo(self) -> bool:
        """Back to the latest earlier undo stop (see `is_undo_stop`); True if it went back,
        and the message line says what it took back ("Tekið til baka: Þú spilar út 9♥"),
        else that there is nothing to undo."""
        table = self._table
        i = self.undo_target()
        if i is None:
            table._say("nothing_to_undo")
            return False
        table.cancel_bots()
        note = taken_back(table, self.states[i:-1], self.moves[i:])
        self.cut(i)
        table._changed()
        table._note = note  # the message line says what was taken back
        return True

    # -- undo stops ------------------------------------------------------------------------
    def is_undo_stop(self, i: int) -> bool:
        """Does undo stop at `states[i]`: a human seat to move with a real choice (more
        than one legal move) that it did not make quietly?"""
        state = self.states[i]
        if not self._table._human(state.to_move) or len(state.legal_actions()) < 2:
            return False
        return i >= len(self.moves) or not self._table.quiet(state, self.moves[i][1])

    def undo_stops(self) -> list[int]:
        return [i for i in range(len(self.moves)) if self.is_undo_stop(i)]

    def undo_target(self) -> int | None:
        return next((i for i in range(len(self.states) - 2, -1, -1) if self.is_undo_stop(i)), None)

    # -- in words --------------------------------------------------------------------------
    def describe_move(self, i: int, lang: str) -> str:
        """Move `i` in words with its subject ("Þú tekur…"), as the log's viewer heard it."""
        table = self._table
        return table.game.describe(self.states[i], self.moves[i][1], lang, viewer=table.log_viewer(),
                                   who=table.who)

    def undo_says(self, lang: str) -> str:
        """What undo would take back: the move made at its stop, and every move after it."""
        i = self.undo_target()
        w = WORDS[lang]
        if i is None:
            return w["undo_nothing"]
        text = self.describe_move(i, lang)
        after = len(self.moves) - i - 1
        more_moves = "" if not after else w["undo_more_one"] if after == 1 else w["undo_more"].format(n=after)
        return w["undo_what"].format(move=text) + more_moves
