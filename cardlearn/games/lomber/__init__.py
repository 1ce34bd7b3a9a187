"""Lomber (L'Hombre) — the three-player trick-taking game with an auction, played in
Iceland since the 19th century (rules: docs/rules/lomber.md, after *Múlaþing* 1985).

Three seats in playing order (counter-clockwise at the table; seat i+1 sits to seat i's
right).  Each deal: 9 cards each, three at a time, and a 13-card talon (*stokkur*).  The
auction fixes a contract and its declarer (*sagnhafi*); trumps are named or turned; the
declarer and/or the defenders exchange (*kaupa*) from the talon; nine tricks are played,
with the black aces always trumps in a trump game, the matadors' privilege (spadda,
manilía, basti need not follow a smaller trump), and the nolo orders in the nolo games.
Rasle payments: the declarer settles with each defender, so every deal sums to zero.  A
match is 12 deals.

Action notation (`str(action)`; case does not matter):

- auction: `pass`, or a contract: `spil`, `betra_spil`, `turnir`, `kupp`, `grand_turnir`,
  `solo`, `grandisamo`, `spadasolo`, `hrein_nolo`, `hrein_yfir` (an earlier seat *holds* by
  naming the standing contract again);
- declaring: `spil` (keep) or `kupp` (turn a won spil into kúpp), `trump H` (name trumps),
  `play` or `concede` (*leggja sig*), `totus` or `play` (tótus, when enabled);
- exchange: `discard 5H` (one card at a time, face down), then `done` (draw as many);
- play: the card, e.g. `5H`.

`state.phase` is `auction`, `exchange`, `declare` (conversion, trump naming, concession,
tótus), `play` or `over`; `state.step` names the step within it.  `observation(seat)` holds,
beyond `seat`, `to_move` and `hand`: `phase`, `step`, `deal_no`, `dealer`, `bids` ([seat,
call] in order), `contract`, `declarer`, `trump`, `talon_size`, `turned` and
`turned_on_talon` (the túrnir card), `leader`, `trick`, `played` ([leader, cards] per
finished trick), `tricks`, `hand_sizes`, `bought` and `discarding` (counts: others' discards
and drawn cards are never shown), `discards` (this seat's own), `exposed` ({"seat": cards}
everyone has seen: the túrnir card with whoever drew it, grand-túrnir's black aces, the
hrein-yfir hand after the first lead), `totus`, `last_trick`, `scores`, `score_sheet`, `rules`.

Engine choices where the rule file leaves room: with `trump_named="at_bid"` the declarer
of spil names trumps as soon as the auction is won; a card shown to the table (grand-túrnir's
aces) may not be discarded; `must_trump_when_void` and `must_overtake` apply to the trump
contracts and grandisamó only, the latter to a player who follows suit.
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
