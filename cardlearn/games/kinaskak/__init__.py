"""Kínaskák — Icelandic contract rummy for 2–6 players, eight rounds (rules:
docs/rules/kinaskak.md, part B; its "How this maps to the API" settles seats, dealing, saves).

Each round has a contract (*samningur*): runs (*raðir*, four or more of one suit in
sequence) and sets (*þrennur*, three or more of one rank) that a player must lay down
before laying off cards on the table.  Players draw from the stock (*bunki*) or take the
discard (*kastbunki*); others may buy (*kaupa*) a declined discard with a stock card, three
times a round.  Whoever goes out ends the round after one more turn for everyone; the cards
left in hand are penalty points (joker 20, ace 15, 9–K 10, 2–8 5); lowest total wins.

Phases (`state.phase`): "draw" (take the live discard or draw from the stock), "buy" (the
seat in `to_move` decides whether to buy the declined discard: out-of-turn decisions are the
deciding seat's own moves), "meld" (a lay-down under way), "discard" (the main phase: lay
down, lay off, steal a joker, discard), "over".  Drawing from the stock is automatic when
taking the discard is not possible (a dead top; round 8) and after the buy window.

Action notation (case-insensitive):
``take`` · ``draw`` · ``buy`` · ``pass`` · ``run 3H JK=4H 5H 6H`` (a joker with the card
it stands for) · ``set 8C 8D JK`` · ``off 7H 2-0 high`` (lay 7♥ off on seat 2's first meld,
at its high end; ``low``/``high`` only for runs) · ``steal 4H 2-0`` (swap 4♥ in for the
joker that stands for it, taking the joker) · ``discard 7H``.

How a lay-down is split into steps: the player lays one meld per action; a meld is offered
only if the rest of the hand can still make the rest of the contract (runs of different
suits, and, in round 8, using every card).  The search behind this (`melds.completable`)
tries each run window with each choice of jokers, and counts the sets greedily (the
extra jokers the t-th set of a rank needs never fall as t grows).  Melds are offered at
their shortest, a run of 4 and a set of 3, so `legal_actions()` stays small: longer melds
are made by laying off onto them in the same turn (the default `layoff_same_turn=True`;
with `False`, longer melds are offered too).  A joker at the end of a run may stand for
either end (§B4.4): ``run 4H 5H 6H JK=7H`` and ``run JK=3H 4H 5H 6H`` are both offered.  At
the table the cards alone lay the high one; the low one is the same cards and the target zone
"joker-low" (*jóker neðst*) that the layout of the seat laying down shows.  With two or more
jokers at the ends every placing is offered, highest first: all above, some at each end,
all below.  The last meld commits the lay-down; the melds of an
unfinished one are public.  A player whose hand empties goes out.

Hidden information: a stock card, drawn or bought, is seen only by its holder and never
named in words; a card taken from the discard pile, a bought discard and a stolen joker are
seen by all (`observation(seat)["known"]`), and `determinize` leaves them with their holder.

Every round ends: the stock is rebuilt once from the discards (all but the top card) and the
next time it runs dry the round ends with everyone scoring their hand; a round also ends
after `max_turns_per_round` turns (60 × players by default), because taking the discard
never draws from the stock.  Buying is offered only when the stock can supply both cards.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

# Each module's `__all__` is its part of the game's public names (those
# `cardlearn.protocol.GameModule` asks for among them): re-exported here, summed below.
from . import bots, examples, hidden, melds, rules, saves, state, teach, view
from .bots import *  # noqa: F403
from .examples import *  # noqa: F403
from .hidden import *  # noqa: F403
from .melds import *  # noqa: F403
from .rules import *  # noqa: F403
from .saves import *  # noqa: F403
from .state import *  # noqa: F403
from .teach import *  # noqa: F403
from .view import *  # noqa: F403

State.GAME = sys.modules[__name__]  # noqa: F405 -- from `.state`

# mypy reads only a literal `__all__`: without one, it takes the names imported above as public.
if not TYPE_CHECKING:
    __all__ = [name for module in (bots, examples, hidden, melds, rules, saves, state, teach, view)
               for name in module.__all__]
