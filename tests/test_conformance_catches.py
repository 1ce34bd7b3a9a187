"""The conformance checks can fail: each deliberately broken toy game is caught."""

from __future__ import annotations

import random

import conformance
import pytest
import toygame


def states(game, seed=3):
    return list(conformance.random_match(game, seed))


def test_leaky_observation_is_caught():
    game = toygame.broken("leaky_observation")
    with pytest.raises(AssertionError, match="leaks"):
        for state in states(game):
            conformance.check_observation(game, state, random.Random(0))


def test_duplicate_legal_action_is_caught():
    game = toygame.broken("duplicate_actions")
    with pytest.raises(AssertionError, match="twice"):
        conformance.check_legal_actions(game.new_game(seed=1))


def test_ignoring_the_seed_is_caught():
    with pytest.raises(AssertionError, match="same seed"):
        conformance.check_determinism(toygame.broken("global_random"), seed=4)


def test_raw_error_on_malformed_move_is_caught():
    game = toygame.broken("raw_error")
    with pytest.raises(AssertionError, match="not IllegalMove"):
        conformance.check_malformed_actions(game.new_game(seed=1), [])


def test_lossy_json_is_caught():
    game = toygame.broken("lossy_json")
    state = game.new_game(seed=1)
    state = state.apply(state.legal_actions()[0])
    with pytest.raises(AssertionError, match="not equal"):
        conformance.check_json_round_trip(game, state)


def test_determinize_that_redeals_nothing_is_caught():
    game = toygame.broken("no_redeal")
    with pytest.raises(AssertionError, match="left the hidden cards"):
        conformance.check_redeal(game, states(game), random.Random(0))


def test_a_redeal_check_that_saw_nothing_fails():
    game = toygame.broken("no_redeal")
    with pytest.raises(AssertionError, match="no position"):
        conformance.check_redeal(game, states(game)[-1:], random.Random(0))  # the end: no hidden cards


def test_history_of_foreign_actions_is_caught():
    game = toygame.broken("foreign_history")
    match = states(game)
    with pytest.raises(AssertionError, match="history"):
        conformance.check_history(game, match[-1], match)


def test_words_that_name_hidden_cards_are_caught():
    game = toygame.broken("leaky_describe")
    with pytest.raises(AssertionError, match="cannot see"):
        for state in states(game):
            conformance.check_view(game, state, random.Random(0))


def test_tokens_that_cannot_be_clicked_are_caught():
    game = toygame.broken("unclickable")
    with pytest.raises(AssertionError, match="not clickable"):
        conformance.check_view(game, game.new_game(seed=1), random.Random(0))


def test_teams_that_miss_a_seat_are_caught():
    game = toygame.broken("bad_teams")
    with pytest.raises(AssertionError, match="teams"):
        conformance.check_facts(game, game.new_game(seed=1))


def test_a_finished_deal_that_loses_cards_is_caught():
    game = toygame.broken("lost_cards")
    match = states(game)
    with pytest.raises(AssertionError, match="deck once"):
        conformance.check_deals(game, match)


def test_a_typo_told_in_english_only_is_caught():
    game = toygame.broken("english_typo")
    with pytest.raises(AssertionError, match="unreadable"):
        conformance.check_unreadable(game, game.new_game(seed=1))


def test_a_determinized_save_that_reads_back_different_is_caught():
    game = toygame.broken("lossy_snapshot")
    with pytest.raises(AssertionError, match="determinized"):
        conformance.check_determinized_save(game, game.new_game(seed=1), random.Random(0))


def test_an_unexplained_observation_key_is_caught():
    game = toygame.broken("unexplained_observation")
    with pytest.raises(AssertionError, match="secret_key"):
        conformance.check_observation_explained(game, states(game))


def test_the_toy_game_itself_passes():
    conformance.check_match(toygame, seed=9)


def test_search_bot_that_peeks_is_caught():
    class Peeking(toygame.ToySearch):
        def _world(self, state, seat, rng):
            return state  # the real deal, hidden cards and all

    match = states(toygame)
    conformance.check_search_does_not_peek(toygame, match, random.Random(0), bots=[toygame.ToySearch])
    with pytest.raises(AssertionError, match="reasoned differently"):
        conformance.check_search_does_not_peek(toygame, match, random.Random(0), samples=6, bots=[Peeking])
