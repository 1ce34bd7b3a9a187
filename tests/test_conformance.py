"""The shared contract, on every registered game and on the toy game."""

from __future__ import annotations

import conformance
import pytest
import toygame

from cardlearn.games import GAMES
from cardlearn.protocol import Examples, GameModule

MODULES = {"toy": toygame, **GAMES}
# What `protocol.GameModule` asks of a game module (its annotations and its methods).
GAME_MODULE_MEMBERS = sorted({*GameModule.__annotations__,
                              *(n for n in vars(GameModule) if not n.startswith("_"))})

# A few non-default rule sets per game, so that the contract is checked off the default
# path too: each game declares them beside it (`EXAMPLES.variants`, its examples.py).
VARIANTS = {name: module.EXAMPLES.variants for name, module in MODULES.items()}
# Games with a choice of seats are checked with the fewest and the most too.
SEATINGS = [(name, n) for name, module in sorted(MODULES.items()) if module.PLAYERS[0] != module.PLAYERS[1]
            for n in module.PLAYERS]


@pytest.fixture(params=sorted(MODULES), ids=str)
def game(request):
    return MODULES[request.param]


def test_a_short_match_keeps_the_contract(game):
    """The quick loop's conformance check (`make check`): one match, the costly checks on
    fewer states; the whole matches below are marked slow and run in `make test`."""
    conformance.check_match(game, 3, every=25, costly=30)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_random_match_keeps_the_contract(game, seed):
    conformance.check_match(game, seed, every=3)


@pytest.mark.slow
@pytest.mark.parametrize("name, index", [(n, i) for n in sorted(VARIANTS) for i in range(len(VARIANTS[n]))])
def test_contract_holds_under_other_rules(name, index):
    rules = VARIANTS[name][index]
    final = conformance.check_match(MODULES[name], seed=20 + index, every=5, rules=rules)
    assert final.rules == rules


@pytest.mark.slow
@pytest.mark.parametrize("name, players", SEATINGS)
def test_contract_holds_for_the_fewest_and_most_players(name, players):
    final = conformance.check_match(MODULES[name], seed=30 + players, every=5, players=players)
    assert final.players == players
    conformance.check_json_future(MODULES[name], seed=players, players=players)


def test_every_game_declares_its_examples():
    for name, module in MODULES.items():
        assert isinstance(module.EXAMPLES, Examples), f"{name}: EXAMPLES is not a protocol.Examples"
        variants = module.EXAMPLES.variants
        assert all(isinstance(rules, module.Rules) and rules != module.Rules() for rules in variants), (
            f"{name}: every variant is the game's own Rules, off the default")


@pytest.mark.slow
def test_same_seed_same_match(game):
    conformance.check_determinism(game, seed=11)


def test_saved_game_has_the_same_future(game):
    conformance.check_json_future(game, seed=5)


def test_bad_saved_games_and_decks_are_refused(game):
    conformance.check_bad_inputs(game)


def test_every_refusal_has_its_rule_taught(game):
    conformance.check_rule_teach(game)


def test_registry_modules_have_the_shared_names():
    for name, module in MODULES.items():
        for attr in GAME_MODULE_MEMBERS:
            assert hasattr(module, attr), f"{name} lacks {attr}"
        assert module.State.GAME is module, f"{name}: State.GAME is not its module"
        assert "random" in module.BOTS
        info = module.INFO
        assert (info.name, info.players) == (module.NAME, module.PLAYERS), f"{name}: NAME/PLAYERS not INFO's"
        assert list(module.BOTS)[-1] == info.strongest_bot, f"{name}: BOTS must end with the strongest bot"
        assert info.has_deal_estimate == hasattr(module, "deal_estimate"), f"{name}: has_deal_estimate"
    for name, module in GAMES.items():
        assert len(module.BOTS) >= 2, f"{name} needs a bot stronger than random"
