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

from .bots import BOTS, GreedyBot, SearchBot, ThumbBot, greediest, solve_deal
from .hidden import cannot_hold, determinize, hidden_cards, redealer
from .rules import (
    CATEGORIES,
    DECK,
    INFO,
    LITLA_KASINA,
    NAME,
    PLAYERS,
    STORA_KASINA,
    Rules,
    capture_options,
    deal_estimate,
    deal_pattern,
    deal_sizes,
    hand_score,
    is_sweep,
    match_winner,
    played_value,
    sweepable,
    table_value,
)
from .saves import load
from .state import Action, Hands, State, new_game
from .view import (
    RULE_WORDS,
    SHEET_NAMES,
    action_cards,
    command,
    deal_result,
    describe,
    explain,
    layout,
    quiet,
    sheet_row,
    text_picture,
)

State.GAME = sys.modules[__name__]

__all__ = [
    "BOTS",
    "CATEGORIES",
    "DECK",
    "INFO",
    "LITLA_KASINA",
    "NAME",
    "PLAYERS",
    "RULE_WORDS",
    "SHEET_NAMES",
    "STORA_KASINA",
    "Action",
    "GreedyBot",
    "Hands",
    "Rules",
    "SearchBot",
    "State",
    "ThumbBot",
    "action_cards",
    "cannot_hold",
    "capture_options",
    "command",
    "deal_estimate",
    "deal_pattern",
    "deal_result",
    "deal_sizes",
    "describe",
    "determinize",
    "explain",
    "greediest",
    "hand_score",
    "hidden_cards",
    "is_sweep",
    "layout",
    "load",
    "match_winner",
    "new_game",
    "played_value",
    "quiet",
    "redealer",
    "sheet_row",
    "solve_deal",
    "sweepable",
    "table_value",
    "text_picture",
]
