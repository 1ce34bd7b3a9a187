"""Kasína — the Icelandic Casino, a two-player fishing game.

The whole game and every variant option are summed up in the notebook
`notebooks/01-kasina.ipynb`, section "Reglur í hnotskurn / Rules at a glance"; the section
numbers (§A2.4 …) in this package are those of its rule file, docs/rules/kasina.md.

Each turn a player plays one card from hand, either *taking* (`taka`) table cards whose
rank matches it or whose values add up to its value, or *laying it down* (a trail,
`leggja niður`).  Emptying the table is a *svippur* (sweep).  After six deals the hand
(*spil*) is scored; the first to 21 points wins the match.

Seats 0 and 1; seat 1 deals the first hand unless `new_game(dealer=0)`, the non-dealer
leads, and the deal passes each hand.  Phases (`state.phase`): "play", and "over" once
the match is won.

Action notation: `"5S"` lays the five of spades on the table; `"5S:2C+3H+5D"` plays it
and takes the two of clubs, three of hearts and five of diamonds (any order, any case).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

# Each module's `__all__` is its part of the game's public names (those
# `cardlearn.protocol.GameModule` asks for among them): re-exported here, summed below.
from . import bots, examples, hidden, rules, saves, state, teach, view
from .bots import *  # noqa: F403
from .examples import *  # noqa: F403
from .hidden import *  # noqa: F403
from .rules import *  # noqa: F403
from .saves import *  # noqa: F403
from .state import *  # noqa: F403
from .teach import *  # noqa: F403
from .view import *  # noqa: F403

State.GAME = sys.modules[__name__]  # noqa: F405 -- from `.state`

# mypy reads only a literal `__all__`: without one, it takes the names imported above as public.
if not TYPE_CHECKING:
    __all__ = [name for module in (bots, examples, hidden, rules, saves, state, teach, view)
               for name in module.__all__]
