"""The registry of games.

`GAMES` maps a game's name to its module.  Every game is a package of the same shape
(`rules`, `state`, `saves`, `hidden`, `view`, `bots`) that provides the game API of
`docs/API.md` and the view description of `docs/view.md`; `cardlearn.protocol.GameModule`
is the same contract as a type, and `tests/conformance.py` checks it on random matches.
Each module's `INFO` states the game's facts (seats, partnerships, the score's sign, its
phases, its strongest bot), so the generic table, drawings, bots and benchmarks never guess.
"""

from __future__ import annotations

from types import ModuleType
from typing import cast

from cardlearn.games import kasina, kinaskak, kozel, lomber
from cardlearn.protocol import AnyGame, GameModule

# Each module checked against the contract with its own state and action types (a
# describe that took another game's state, or no string, is caught here), then listed.
_kasina: GameModule[kasina.State, kasina.Action, kasina.SheetRow] = kasina
_kozel: GameModule[kozel.State, kozel.Action, kozel.SheetRow] = kozel
_kinaskak: GameModule[kinaskak.State, kinaskak.Action, kinaskak.SheetRow] = kinaskak
_lomber: GameModule[lomber.State, lomber.Action, lomber.SheetRow] = lomber

GAMES: dict[str, AnyGame] = {"kasina": _kasina, "kozel": _kozel, "kinaskak": _kinaskak, "lomber": _lomber}

__all__ = ["GAMES", "game_module"]


def game_module(game: str | ModuleType | AnyGame) -> AnyGame:
    """The module for a game name, or a game module itself (a test's own game too)."""
    if isinstance(game, str):
        try:
            return GAMES[game]
        except KeyError:
            raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}") from None
    if not hasattr(game, "new_game"):
        raise ValueError(f"{game!r} is not a game: choose one of {', '.join(GAMES)}")
    return cast(AnyGame, game)  # a module is checked against the protocol where it is written
