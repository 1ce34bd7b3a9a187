"""The shared contract, on every registered game and on the toy game."""

from __future__ import annotations

import conformance
import pytest
import toygame

from cardlearn.games import GAMES

MODULES = {"toy": toygame, **GAMES}


@pytest.fixture(params=sorted(MODULES), ids=str)
def game(request):
    return MODULES[request.param]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_match_keeps_the_contract(game, seed):
    conformance.check_match(game, seed, every=3)


def test_same_seed_same_match(game):
    conformance.check_determinism(game, seed=11)


def test_saved_game_has_the_same_future(game):
    conformance.check_json_future(game, seed=5)


def test_bad_saved_games_and_decks_are_refused(game):
    conformance.check_bad_inputs(game)


def test_registry_modules_have_the_shared_names():
    for name, module in GAMES.items():
        for attr in ("Rules", "new_game", "State", "determinize", "BOTS"):
            assert hasattr(module, attr), f"{name} lacks {attr}"
        assert "random" in module.BOTS and len(module.BOTS) >= 2
