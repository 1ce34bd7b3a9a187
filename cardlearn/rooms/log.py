"""The move log, as pure functions: a room's state is the replay of its log.

A log is a list of `Entry`s numbered from 0 (`seq`), of five kinds:

- `"move"` — `seat` made a move; `data = {"action": <the action's text in the game's
  notation>, "by": "human" | "computer" | "demo"}`.
- `"undo"` — `seat` took moves back; `data = {"to": k}`: the effective moves are cut back
  to the first `k`.
- `"continue"` — pupil `seat` pressed Áfram after deal `n` ended; `data = {"deal": n}`.
- `"pause"` — the teacher held the room; `seat` 0, `data = {"why": "pause"}` (a pause) or
  `{"why": "end"}` (the lesson ended: nothing follows).  While it holds, nothing moves.
- `"resume"` — the teacher let a paused room go on; `seat` 0, `data = {}`.

`effective_moves` gives the moves that count (undos applied); `replay` plays them on the
new game.  `Replay` does the same one entry at a time, so that a room replays only the
entries written since it last looked (a 12-deal match need not be replayed per move).
Anything the code cannot have written — a malformed entry, an unknown kind, an action the
engine refuses, a seat that was not to move, a gap in the numbering, a move, undo or
continue while paused, a resume of a room not paused, a pause repeating the one in force,
anything after the end — is a `CorruptLog` naming the entry's `seq` and why.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardlearn.protocol import AnyGame, AnyState
from cardlearn.rooms.errors import CorruptLog

KINDS = ("move", "undo", "continue", "pause", "resume")
# A lesson's log lives in the same store under the id "lesson:<CODE>" (`cardlearn.lesson.log`):
# its entries have kinds of their own, which a store reads and a room's replay refuses.
# "pause" and "resume" are in both lists: a lesson's log says when the teacher held the
# whole class, each room's log when its table was held.
LESSON_KINDS = ("lesson", "join", "rekey", "seatcode", "place", "start", "late", "pause", "resume",
                "end", "board")
STORED_KINDS = tuple(dict.fromkeys(KINDS + LESSON_KINDS))  # what a store reads, each kind once
BY = ("human", "computer", "demo")  # who chose a move: the pupil, a computer seat, demo mode
WHY = ("pause", "end")  # why a room is held: the teacher paused it, or the lesson ended


@dataclass(frozen=True)
class Entry:
    """One log entry: its number `seq` (from 0), `kind`, the `seat` it is by, its `data`."""

    seq: int
    kind: str
    seat: int
    data: Mapping[str, Any]

    def data_json(self) -> str:
        return json.dumps(dict(self.data), ensure_ascii=False, sort_keys=True)


def entry_from_row(seq: Any, kind: Any, seat: Any, data: Any) -> Entry:
    """An entry as the store read it (`data` JSON text), checked for its shape only."""
    if type(seq) is not int or seq < 0:
        raise CorruptLog(f"log entry {seq!r}: its number is not a whole number from 0")
    if kind not in STORED_KINDS:
        raise CorruptLog(f"log entry {seq}: unknown kind {kind!r} (kinds are {', '.join(STORED_KINDS)})")
    if type(seat) is not int:
        raise CorruptLog(f"log entry {seq}: seat {seat!r} is not a whole number")
    try:
        value = json.loads(data)
    except (TypeError, ValueError):
        raise CorruptLog(f"log entry {seq}: its data is not JSON: {data!r}") from None
    if not isinstance(value, dict):
        raise CorruptLog(f"log entry {seq}: its data is not a JSON object: {data!r}")
    return Entry(seq, kind, seat, value)


def move_action(entry: Entry) -> str:
    """A move entry's action text; a malformed move is a `CorruptLog`."""
    data = entry.data
    if set(data) != {"action", "by"} or not isinstance(data["action"], str) or data["by"] not in BY:
        raise CorruptLog(f"log entry {entry.seq}: a move's data is {{'action': text, 'by': one of "
                         f"{', '.join(BY)}}}, not {dict(data)!r}")
    return data["action"]


def whole_field(entry: Entry, key: str) -> int:
    """The one whole-number field of an undo ("to") or continue ("deal") entry."""
    data = entry.data
    if set(data) != {key} or type(data[key]) is not int:
        raise CorruptLog(f"log entry {entry.seq}: {entry.kind} data is {{{key!r}: whole number}}, "
                         f"not {dict(data)!r}")
    value: int = data[key]
    return value


def undo_to(entry: Entry, moves: int) -> int:
    """Where an undo entry cuts the effective moves back to (0 ≤ to < moves)."""
    to = whole_field(entry, "to")
    if not 0 <= to < moves:
        raise CorruptLog(f"log entry {entry.seq}: undo to {to} with {moves} effective moves "
                         f"(an undo takes back at least one move)")
    return to


def pause_why(entry: Entry) -> str:
    """A pause entry's `why` ("pause" or "end"); a malformed pause is a `CorruptLog`."""
    data = entry.data
    if set(data) != {"why"} or data["why"] not in WHY or entry.seat != 0:
        raise CorruptLog(f"log entry {entry.seq}: a pause is by seat 0 with data {{'why': one of "
                         f"{', '.join(WHY)}}}, not seat {entry.seat} with {dict(data)!r}")
    why: str = data["why"]
    return why


def held_after(entry: Entry, held: str | None) -> str | None:
    """Whether the room is held after `entry` (`held` before it: "pause", "end" or None).
    `CorruptLog` for what the rooms never write: anything after the end, a move, undo or
    continue while paused, a resume while not paused, a pause repeating the one in force
    (the teacher's double click writes nothing), a malformed pause or resume."""
    if held == "end":
        raise CorruptLog(f"log entry {entry.seq}: a {entry.kind} after the lesson ended")
    if entry.kind == "pause":
        why = pause_why(entry)
        if why == held:
            raise CorruptLog(f"log entry {entry.seq}: a pause of a room already paused")
        return why
    if entry.kind == "resume":
        if dict(entry.data) or entry.seat != 0:
            raise CorruptLog(f"log entry {entry.seq}: a resume is by seat 0 with data {{}}, "
                             f"not seat {entry.seat} with {dict(entry.data)!r}")
        if held is None:
            raise CorruptLog(f"log entry {entry.seq}: a resume of a room that was not paused")
        return None
    if held is not None:
        raise CorruptLog(f"log entry {entry.seq}: a {entry.kind} while the room was paused")
    return None


def in_order(entries: Iterable[Entry], first: int = 0) -> Iterable[Entry]:
    """The entries, checked to be numbered `first`, `first + 1`, ... with no gap."""
    for n, entry in enumerate(entries, first):
        if entry.seq != n:
            raise CorruptLog(f"log entry {entry.seq} stands where entry {n} belongs (a gap or a repeat)")
        yield entry


def effective_moves(entries: Iterable[Entry]) -> list[tuple[int, str]]:
    """The moves that count, as (seat, action text), after every undo in the log."""
    moves: list[tuple[int, str]] = []
    held: str | None = None
    for entry in in_order(entries):
        if entry.kind not in KINDS:
            raise CorruptLog(f"log entry {entry.seq}: unknown kind {entry.kind!r}")
        held = held_after(entry, held)  # a pause or resume moves nothing
        if entry.kind == "move":
            moves.append((entry.seat, move_action(entry)))
        elif entry.kind == "undo":
            del moves[undo_to(entry, len(moves)):]
        elif entry.kind == "continue":
            whole_field(entry, "deal")
    return moves


def new_state(game: AnyGame, rules: Any, seed: int, players: int | None) -> AnyState:
    """The room's first position (a fixed-size game takes no number of players; None: the
    game's own default)."""
    kwargs: dict[str, Any] = {"seed": seed, "rules": rules}
    if game.PLAYERS[0] != game.PLAYERS[1] and players is not None:
        kwargs["players"] = players
    state: AnyState = game.new_game(**kwargs)
    return state


class Replay:
    """A log replayed so far: every effective position (`states`, `states[0]` the new
    game), the moves, the "continue" presses per deal and whether the teacher holds the
    room (`paused`: "pause", "end" or None).  `add` takes one more entry and
    either applies it whole or raises `CorruptLog` and leaves everything as it was, so a
    replay is always the replay of its first `length` entries."""

    def __init__(self, start: AnyState, seats: Mapping[int, str] | None = None):
        self.seats = seats  # seat -> "human" or a bot level: then a move's "by" must fit its seat
        self.states: list[AnyState] = [start]
        self.moves: list[tuple[int, str]] = []
        self.continued: dict[int, frozenset[int]] = {}  # deal number -> seats that pressed Áfram
        self.paused: str | None = None  # "pause" or "end" while the teacher holds the room
        self.length = 0

    @property
    def state(self) -> AnyState:
        return self.states[-1]

    def extend(self, entries: Iterable[Entry]) -> Replay:
        for entry in in_order(entries, self.length):
            self.add(entry)
        return self

    def add(self, entry: Entry) -> None:
        if entry.seq != self.length:
            raise CorruptLog(f"log entry {entry.seq} stands where entry {self.length} belongs")
        if entry.kind not in KINDS:
            raise CorruptLog(f"log entry {entry.seq}: unknown kind {entry.kind!r}")
        self.check_seat(entry)
        held = held_after(entry, self.paused)  # checked first: a refused entry changes nothing
        if entry.kind == "move":
            self.add_move(entry)
        elif entry.kind == "undo":
            self.add_undo(entry)
        elif entry.kind == "continue":
            self.add_continue(entry)
        self.paused = held
        self.length += 1

    def check_seat(self, entry: Entry) -> None:
        if not 0 <= entry.seat < self.state.players:
            raise CorruptLog(f"log entry {entry.seq}: seat {entry.seat} is not a seat of this "
                             f"{self.state.players}-seat game")

    def add_move(self, entry: Entry) -> None:
        action, state = move_action(entry), self.state
        self.check_by(entry)
        if state.to_move != entry.seat:
            mover = "nobody (the match is over)" if state.to_move is None else f"seat {state.to_move}"
            raise CorruptLog(f"log entry {entry.seq}: seat {entry.seat} moved {action!r} "
                             f"but {mover} was to move")
        try:
            after = state.apply(action)
        except ValueError as err:
            raise CorruptLog(f"log entry {entry.seq}: the engine refuses {action!r}: {err}") from None
        self.states.append(after)
        self.moves.append((entry.seat, action))

    def check_by(self, entry: Entry) -> None:
        """A computer seat's moves are by "computer"; a pupil's by "human" or "demo"."""
        if self.seats is None:
            return
        computer = self.seats.get(entry.seat) != "human"
        if computer != (entry.data["by"] == "computer"):
            whose = "a computer" if computer else "a pupil"
            raise CorruptLog(f"log entry {entry.seq}: a move by {entry.data['by']!r} "
                             f"on {whose}'s seat {entry.seat}")

    def add_undo(self, entry: Entry) -> None:
        to = undo_to(entry, len(self.moves))
        del self.states[to + 1:]
        del self.moves[to:]
        # A deal ended again after an undo into it needs its Áfram pressed again.
        done = self.state.deals_done
        self.continued = {d: seats for d, seats in self.continued.items() if d <= done}

    def add_continue(self, entry: Entry) -> None:
        deal = whole_field(entry, "deal")
        seats = self.continued.get(deal, frozenset())
        why = continue_refused(self.state, deal, entry.seat, seats)
        if why:
            raise CorruptLog(f"log entry {entry.seq}: {why}")
        self.continued[deal] = seats | {entry.seat}


def continue_refused(state: AnyState, deal: int, seat: int, seats: frozenset[int]) -> str | None:
    """Why seat `seat` may not press Áfram for deal `deal` now (None: it may): the deal must
    have ended, and a seat presses once per deal."""
    if not 1 <= deal <= state.deals_done:
        return f"deal {deal} has not ended ({state.deals_done} deals done)"
    if seat in seats:
        return f"seat {seat} already pressed Áfram after deal {deal}"
    return None


def replay(game: AnyGame, rules: Any, seed: int, players: int, entries: Iterable[Entry]) -> AnyState:
    """The position the log gives: the new game, then every effective move."""
    try:
        start = new_state(game, rules, seed, players)
    except ValueError as err:
        raise CorruptLog(f"the room's game cannot start: {err}") from None
    return Replay(start).extend(entries).state
