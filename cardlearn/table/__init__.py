"""The card table widget: play a game against bots (or friends, hot-seat) in Jupyter, and
step through a game afterwards.

Everything game-specific comes from the game's facts and view description (see
`cardlearn.games` and `cardlearn.protocol`): `game.INFO`, `state.players`, `state.teams`,
`state.start()`; `layout` says what a seat sees, `action_cards` which tokens a move uses,
`describe`/`explain` put moves into words, `quiet` marks decisions that need no pause.  The
table itself knows only *tokens*, `(zone, card)` pairs (`card` None for a target zone): a
move is made by selecting exactly its tokens (then Confirm), or by a button when it has
none.  That one mechanism covers a single card, a capture, a discard, a lay-off onto
someone's meld, bids and "buy"/"pass".

The pieces, each to be read in one sitting:

- `words` — every text in Icelandic and English, names of seats and teams, plurals;
- `model` — `TableModel`, no widgets: seats, moves, undo, the bots' turns as steps, the
  selection and what a click means, messages and hints, each of these a part of its own
  (`history`, `turns`, `selection`, `hints`, `messages`) that the model hands on to;
- `snapshot` — `Snapshot`, what a picture of the table shows, taken from a model;
- `look` — the look's constants and the stylesheet (`look.css`: felt, card sizes, marks);
- `view` — `TableView`, the ipywidgets that draw a snapshot and pass clicks on, and
  `fragments`, the HTML it asks for of what is only shown (log, hints, sheet, summary);
- `widget` — `play`, `Table`: a model and its view, with the bots moved from the event loop;
- `replay` — `replay`, `Replay`;
- `room` — a table bound to a room (`cardlearn.rooms`), the classroom pages' table.

The widget is redrawn only by assigning traits (never by printing into an `Output`), so
nbval can execute notebooks that use it and tests can drive it with `button.click()`.
`model` and `snapshot` import no widgets: they run wherever the engines run.
"""

from __future__ import annotations

from cardlearn.table.model import TableModel
from cardlearn.table.replay import Replay, replay, states_of
from cardlearn.table.snapshot import HUMAN, LOG_SHOWN, Snapshot
from cardlearn.table.widget import Table, play
from cardlearn.table.words import WORDS

__all__ = [
    "HUMAN", "LOG_SHOWN", "WORDS", "Replay", "Snapshot", "Table", "TableModel", "play", "replay", "states_of",
]
