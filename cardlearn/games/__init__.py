"""The registry of games: `GAMES` maps a game's name to its module.

Besides the shared API of `shared/API.md`, every game module offers the table widget
and the pictures a small *view description*, so that one generic table serves all games:

- `NAME` — `{"is": "Kasína", "en": "Casino"}`; `PLAYERS` — `(fewest, most)` seats.
- `describe(state, action, lang)` — the move in words, without who makes it
  ("tekur 2♣ + 3♥ með 5♠ — svippur!"); `state` is the position before the move.
- `explain(state, action, lang)` — a one-line reason for the move (the hint button).
- `action_cards(action)` — the cards a player clicks to make the move, as
  `(zone, Card)` pairs: zone `"hand"` for the mover's own cards, otherwise the `name` of
  a zone of `layout`.  An empty tuple means a plain button, labelled by `describe`.
- `layout(state, seat, lang)` — what `seat` sees, arranged for drawing:
  `{"title": str, "hand": [card, ...], "info": str, "scores": [...],
    "opponents": [{"seat": int, "hand_size": int, "info": str}, ...],
    "zones": [{"name": str, "label": str, "cards": [card, ...]} or
              {"name": str, "label": str, "backs": int}, ...]}`
  with cards as canonical strings; every card listed there is one `seat` may see.
- `SHEET_NAMES` (optional) — `{lang: {score_sheet key: heading}}` for the score sheet.
- `RULE_WORDS` — `{lang: {rule: message}}`: why a move is illegal, for `IllegalMove.rule`.
"""

from __future__ import annotations

from types import ModuleType

from cardlearn.games import kasina

GAMES: dict[str, ModuleType] = {"kasina": kasina}


def game_module(game: str | ModuleType) -> ModuleType:
    """The module for a game name (or a module itself), with a clear error otherwise."""
    if isinstance(game, ModuleType):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}") from None
