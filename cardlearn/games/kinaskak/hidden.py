"""What a seat cannot see in Kínaskák, and the same position with those cards dealt anew
(the imagined deals of the search bot)."""

from __future__ import annotations

import random
from operator import attrgetter

from cardlearn.cards import Card, parse_cards, without
from cardlearn.core import fresh_seed

from .state import State

__all__ = [  # this module's part of the game API: the package re-exports these
    "determinize",
    "hidden_cards",
]

_KEY = attrgetter("key")  # Card order without a Python-level __lt__ per comparison


def hidden_cards(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` cannot see: the stock and the other hands, less the cards everyone
    saw go into them (taken or bought discards, stolen jokers)."""
    out = list(state.stock)
    for s in range(state.n):
        if s != seat:
            out += without(state.hands[s], state.known[s])
    return tuple(sorted(out, key=_KEY))


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The same position as `seat` sees it, with the cards it cannot see dealt anew: each
    other hand keeps its known cards and gets the rest at random; the stock takes what is
    left; future shuffles and lots get a new seed."""
    obs = state.observation(seat)
    unseen = list(hidden_cards(state, seat))  # a function of the observation: see hidden_cards
    rng.shuffle(unseen)
    hands = list(state.hands)
    for s in range(state.n):
        if s == seat:
            continue
        known = parse_cards(obs["known"][s])
        extra = obs["hand_sizes"][s] - len(known)
        hands[s] = tuple(sorted((*known, *unseen[:extra]), key=_KEY))
        del unseen[:extra]
    return state.with_hidden(tuple(hands), tuple(unseen), fresh_seed(rng))
