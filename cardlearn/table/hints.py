"""The hint at a table: the strongest bot's view of a position (`Advice`, asked once per
position and kept for the last one), its choice and at most two more moves with a reason
each (`Advice.listed`; the search's figures in the teacher's view only), and
the position the pupil asked about, which the picture lists until the table moves on.
Part of `TableModel` (see `cardlearn.table.model`), which delegates its hint methods here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardlearn.bots import Thought
from cardlearn.protocol import AnyState
from cardlearn.table.choices import Advice

if TYPE_CHECKING:
    from cardlearn.table.model import TableModel


class Hints:
    """The hints of one table (its game's advice, searched with the table's seed)."""

    def __init__(self, table: TableModel):
        self._table = table
        self._advice: Advice | None = None  # kept across a new game: a hint asked again is quick
        self.asked: AnyState | None = None  # the position whose hint the picture shows
        self.asked_at: set[int] = set()  # the positions (index into `states`) a hint was asked at

    def advice(self, state: AnyState) -> Advice:
        if self._advice is None or self._advice.state is not state:
            self._advice = Advice(self._table.game, state, self._table.seed)
        return self._advice

    def ask(self) -> list[tuple[str, str]]:
        """The moves the hint lists for the human seat to move (`Advice.listed`: the
        strongest bot's choice first, at most three), each `(action text, reason)`; from
        now on the picture lists them (this position).
        None for a computer's turn, at a deal's end or in demo mode: the message says so."""
        table = self._table
        state = table.state
        table._note = None  # a reason given for an earlier click is stale once help is asked
        if not table.human_to_move() or table.paused or table.demo:
            table._say("no_hint")
            return []
        self.asked = state
        self.asked_at.add(len(table.moves))
        return [(str(a), table.reason(state, a)) for a in table.hint_moves(state)]

    def in_deal(self, states: Sequence[AnyState], end: int) -> int:
        """How many positions of the deal that ended at `states[end]` the pupil asked a hint at
        (shown on its deal-end panel)."""
        deal = states[end].deals_done
        return sum(1 for i in self.asked_at if i <= end and states[i].deals_done == deal)

    def shown(self, state: AnyState) -> bool:
        return self.asked is state

    def thought(self, state: AnyState) -> Thought | None:
        """The search bot's reasoning behind the hint for `state`, if it was asked there."""
        advice = self._advice
        return advice.thought if advice is not None and advice.state is state else None
