"""Reading a saved Kasína game (`State.from_json`): a game that started from `new_game`
is rebuilt by replaying its moves from its recorded origin, so a tampered save cannot
produce a position the rules never allow; a position with no origin (a bot's determinized
guess) is checked card by card."""

from __future__ import annotations

from typing import Any

from cardlearn.cards import Card
from cardlearn.core import SaveReader

from .rules import CATEGORIES, DECK, Rules
from .state import Action, State, new_game

__all__ = [  # this module's part of the game API: the package re-exports these
    "load",
]


def load(reader: SaveReader) -> State:
    """The saved game `reader` holds; a malformed or inconsistent save is a `ValueError`."""
    state: State = reader.load(reader.rules(Rules), new_game, 2, _load_snapshot)
    return state


def _load_snapshot(r: SaveReader, rules: Rules) -> State:
    """A position with no recorded start (a bot's determinized guess): check it card by card."""
    hands = r.get("hands", list)
    piles = r.get("piles", list)
    if len(hands) != 2 or len(piles) != 2:
        raise ValueError("saved game: 'hands' and 'piles' must have one entry per seat")
    state = State(
        rules=rules, seed=_whole(r.integer("seed", 0, 2**63)),
        hand_no=_whole(r.integer("hand_no", 0, 10**6)),
        dealer=_whole(r.integer("dealer", 0, 1)), stock=r.cards("stock"),
        hands=(r.cards("hands", hands[0]), r.cards("hands", hands[1])), table=r.cards("table"),
        piles=(r.cards("piles", piles[0]), r.cards("piles", piles[1])),
        sweeps=_pair(r.int_tuple("sweeps", 2)),
        last_capturer=r.integer("last_capturer", 0, 1, optional=True),
        totals=_pair(r.int_tuple("totals", 2)), sheet=_load_sheet(r.get("sheet", list)),
        winner=r.integer("winner", 0, 1, optional=True),
        history=tuple(map(Action.parse, r.get("history", list))),
        hand_start=_whole(r.integer("hand_start", 0, 10**6)))
    everything = state.stock + state.table + sum(state.hands + state.piles, ())
    if sorted(everything) != sorted(DECK):
        raise ValueError("saved game: its cards are not the 52 cards of one deck, each once")
    _check_snapshot(state)
    return state


def _whole(value: int | None) -> int:
    assert value is not None  # SaveReader.integer without `optional` gives a number or raises
    return value


def _pair(values: tuple[int, ...]) -> tuple[int, int]:
    first, second = values  # SaveReader.int_tuple(key, 2) checked the length
    return first, second


def _check_snapshot(state: State) -> None:
    """What must hold of any position the rules can reach; piles and last capturer are
    worked out again from the hand's moves."""
    nd, d = len(state.hands[1 - state.dealer]), len(state.hands[state.dealer])
    if nd not in (d, d - 1):
        raise ValueError("saved game: the hands are not sizes the alternating play can leave")
    if state.hand_no != len(state.sheet) - (state.winner is not None):
        raise ValueError("saved game: 'hand_no' does not match the score sheet")
    if state.totals != tuple(sum(dict(row)["total"][s] for row in state.sheet) for s in (0, 1)):
        raise ValueError("saved game: the scores are not the sum of the score sheet")
    if state.hand_start > len(state.history):
        raise ValueError("saved game: 'hand_start' lies beyond the moves played")
    if state.winner is not None:
        if state.totals[state.winner] < state.rules.target or state.stock or any(state.hands):
            raise ValueError("saved game: it names a winner who has not reached the target")
        return
    if not any(state.hands):
        raise ValueError("saved game: a running hand must have cards in someone's hand")
    piles: list[list[Card]] = [[], []]
    captures, last = [0, 0], None
    for i, action in enumerate(state.history[state.hand_start:]):
        seat = (1 - state.dealer + i) % 2
        if action.captured:
            piles[seat] += (action.card, *sorted(action.captured))
            captures[seat] += 1
            last = seat
    if [list(p) for p in state.piles] != piles or state.last_capturer != last:
        raise ValueError("saved game: the piles are not what this hand's moves took")
    if any(s > c for s, c in zip(state.sweeps, captures)):
        raise ValueError("saved game: more sweeps than captures")


def _load_sheet(rows: list[Any]) -> tuple[tuple[tuple[str, tuple[int, int]], ...], ...]:
    out = []
    for row in rows:
        if not isinstance(row, dict) or set(row) != {*CATEGORIES, "total"} or not all(
                isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v) for v in row.values()):
            raise ValueError("saved game: a score sheet row is malformed")
        if [sum(row[c][s] for c in CATEGORIES) for s in (0, 1)] != row["total"]:
            raise ValueError("saved game: a score sheet row's total is not the sum of its items")
        out.append(tuple((c, (row[c][0], row[c][1])) for c in (*CATEGORIES, "total")))
    return tuple(out)
