"""What a seat cannot see (the other hand and the stock), what the opponent's trails show
it cannot hold, and the deals of those cards a bot imagines (`determinize`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardlearn.cards import Card, parse_cards
from cardlearn.core import fresh_seed

from .rules import DECK, Rules, deal_sizes, masks_for, table_values
from .state import Action, State

__all__ = [  # this module's part of the game API: the package re-exports these
    "cannot_hold",
    "determinize",
    "hidden_cards",
    "redealer",
]


def hidden_cards(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` cannot see, wherever they lie (the other hand and the stock)."""
    return tuple(sorted(state.hands[1 - seat] + state.stock))


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The same position as `seat` sees it, with the cards it cannot see (the other
    hand and the stock) dealt anew, consistent with what the opponent's play has shown
    (see `cannot_hold`), and a new seed for future shuffles."""
    return redealer(state, seat)(rng)


def redealer(state: State, seat: int) -> Callable[[random.Random], State]:
    """What `seat` cannot see, and what the opponent's trails show it cannot hold, worked
    out once (from the same facts as `observation(seat)`: own hand, table, this hand's
    moves); the function returned deals those cards anew for each generator it is given.
    A bot that samples many deals for one choice calls this once."""
    moves = state.history[state.hand_start:]
    own = state.hands[seat]
    unseen = _unseen(own, state.table, moves)
    held = len(state.hands[1 - seat])
    excluded = _cannot_hold(state.table, moves, unseen, 1 - seat, 1 - state.dealer, held, state.rules)
    possible = [c for c in unseen if c not in excluded]
    stock_size = len(state.stock)

    def deal(rng: random.Random) -> State:
        candidates = possible[:]
        rng.shuffle(candidates)
        hand = tuple(sorted(candidates[:held]))
        rest = [c for c in unseen if c not in hand]
        rng.shuffle(rest)
        hands = (own, hand) if seat == 0 else (hand, own)
        stock = tuple(rest[:stock_size])  # at a match's end, nothing is hidden
        return state.with_hidden(hands, stock, fresh_seed(rng))

    return deal


def cannot_hold(obs: dict[str, Any], rules: Rules) -> set[Card]:
    """Cards the opponent cannot be holding: taking is compulsory, so each time it laid
    a card down in this deal, no card in its hand could take anything then (§A2.5)."""
    moves = [Action.parse(m) for m in obs["history"][obs["hand_start"]:]]
    unseen = _unseen(parse_cards(obs["hand"]), parse_cards(obs["table"]), moves)
    return _cannot_hold(parse_cards(obs["table"]), moves, unseen, 1 - obs["seat"], 1 - obs["dealer"],
                        obs["opponent_hand_size"], rules)


def _unseen(hand: Sequence[Card], table: Sequence[Card], moves: Sequence[Action]) -> tuple[Card, ...]:
    """The cards a seat has not seen this hand: not in its hand, not on the table, not
    taken by either player (a taking move shows its cards)."""
    seen = {*hand, *table}
    for action in moves:
        if action.captured:
            seen |= {action.card, *action.captured}
    return tuple(c for c in DECK if c not in seen)


def _cannot_hold(table: Sequence[Card], moves: Sequence[Action], unseen: Sequence[Card], opponent: int,
                 first: int, opponent_hand_size: int, rules: Rules) -> set[Card]:
    """`cannot_hold` from the facts themselves: the table now, this hand's moves, the cards
    unseen, the opponent's seat, the seat that moved first and the opponent's hand size."""
    if rules.trail_rule != "only_if_no_capture" or not opponent_hand_size:
        return set()
    start = 0
    for size in deal_sizes(rules):
        if len(moves) < start + 2 * size:
            break
        start += 2 * size
    before = list(table)
    excluded: set[Card] = set()
    for i in range(len(moves) - 1, start - 1, -1):  # back through the deal, undoing moves
        move = moves[i]
        if move.captured:
            before += move.captured
            continue
        before.remove(move.card)
        if (first + i) % 2 == opponent:
            values = table_values(before)
            excluded |= {c for c in unseen if masks_for(c, values, rules)}
    return excluded
