"""Kozel (Geit, "the goat") — a four-player partnership trick game played with 36 cards.

Two teams of two sit crosswise: team 0 (team A) is seats 0 and 2, team 1 (team B) seats 1
and 3.  Each player holds 4 cards; a card shown from the middle of the stock names the
trump (*tromp*) for the deal.  The leader *spilar út* (leads) one or more cards of one
suit, face up.  Each next player, clockwise, either *slær* (beats) the cards now winning
the trick with as many cards, face up, each beating one of them (any pairing), or
*leggur á grúfu* (lays the same number face down, a discard nobody else sees).  The last
to beat takes the trick (*slagur*); everyone refills from the stock, the trick's winner
first, and he leads next.  A player holding four cards of one suit may claim the lead
out of turn while a trick is being played (*fjögur í lit*).  The 120 card points
(A 11, 10 10, K 4, Q 3, J 2) decide the deal: 61 wins; the losers get 2, 4 or 6 loss
points; 60–60 is "eggs" (*egg*).  The first team to 12 loss points are the goats.

Action notation (any case; cards as `Card.parse` reads them, e.g. `AS`, `10S`, `TS`, `A♠`;
`str(action)` lists the cards in sorted order joined by `+`):

- `"AS+10S"` — lead these cards, or beat the cards now winning the trick with them
  (face up).  With `Rules(pairing="declared")` a beat names each card's target:
  `"AS>KS+10S>9S"` (ace of spades beats the king, ten beats the nine).
- `"discard:7S+8H"` — lay these cards face down (as many as were led).
- `"claim"` — claim the lead with four cards of one suit; `"pass"` — decline the claim
  in this window (the seat is asked again after the next play).

Phases (`state.phase`): `"lead"`, `"respond"` (beat or discard, with `claim` added when the
responder may claim), `"claim"` (an eligible seat that is not the next responder is asked
`claim` / `pass`), `"over"`.

Hidden information: a face-down discard is seen only by its own player (by everyone with
`Rules(discards_visible="all")`), even after the trick is gathered. `observation(seat)`
has the keys of the rule file's API section (docs/rules/kozel.md) and, besides, what a
player at the table also knows: the face-up cards of each team's pile, who discarded how
many cards face down, the last trick, the cards a seat is publicly known to hold (`known`:
the trump indicator it drew, face-up cards a claim gave back), the phase, dealer, leader
and score sheet. `determinize` re-deals exactly `hidden_cards(state, seat)` consistently
with all that.

A stacked deck (`new_game(deck=...)`) deals `c0` to the dealer's left, one at a time
clockwise; `c16..c35` are the stock, and the trump indicator is `c17` (stock index 1).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

# Each module's `__all__` is its part of the game's public names (those
# `cardlearn.protocol.GameModule` asks for among them): re-exported here, summed below.
from . import bots, examples, hidden, legality, rules, saves, state, teach, view
from .bots import *  # noqa: F403
from .examples import *  # noqa: F403
from .hidden import *  # noqa: F403
from .legality import *  # noqa: F403
from .rules import *  # noqa: F403
from .saves import *  # noqa: F403
from .state import *  # noqa: F403
from .teach import *  # noqa: F403
from .view import *  # noqa: F403

State.GAME = sys.modules[__name__]  # noqa: F405 -- from `.state`

# mypy reads only a literal `__all__`: without one, it takes the names imported above as public.
if not TYPE_CHECKING:
    __all__ = [name for module in (bots, examples, hidden, legality, rules, saves, state, teach, view)
               for name in module.__all__]
