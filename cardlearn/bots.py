"""Bot code shared by every game.

A bot sees a position only through `state.observation(seat)`, `state.legal_actions()`
and `determinize(...)`.  Its randomness is seeded from its own seed *and* that
observation, so a bot with the same seed makes the same choice in two positions that
look the same from its seat, whatever happened before.
"""

from __future__ import annotations

import random
from typing import Any


class Bot:
    """Base class: `choose(state, seat)` returns one of `state.legal_actions()`."""

    label = {"is": "tölva", "en": "computer"}

    def __init__(self, seed: int | None = 0):
        self.seed = 0 if seed is None else seed

    def rng(self, state: Any, seat: int) -> random.Random:
        """A generator that depends only on this bot's seed and what `seat` sees."""
        return random.Random(f"{self.seed}:{state.observation_digest(seat)}")

    def choose(self, state: Any, seat: int) -> Any:
        raise NotImplementedError


class RandomBot(Bot):
    """Plays a legal move chosen uniformly at random."""

    label = {"is": "slembi", "en": "random"}

    def choose(self, state: Any, seat: int) -> Any:
        return self.rng(state, seat).choice(state.legal_actions())
