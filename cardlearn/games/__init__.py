"""The registry of games: `GAMES` maps a game's name to its module."""

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
