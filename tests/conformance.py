"""The contract of `shared/API.md`, checked on random matches of any game module.

In the spirit of OpenSpiel's random-simulation test and RLCard's determinism test.
Each `check_*` function raises `AssertionError` when a game breaks one point of the
contract; `tests/test_conformance.py` runs them on every game in `GAMES` and on a toy
game, and `tests/test_conformance_catches.py` shows that they fail on broken toys.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from cardlearn import IllegalMove

MAX_STEPS = 5000
MALFORMED = ["", "   ", "??", "ZZ", "5X", "11S", "AS:", ":AS", "AS:AS:AS", "AS::", "BID 99",
             "\u0000", "ÁS", 42, None, 3.5, ("AS",), object()]


def random_match(game: ModuleType, seed: int, *, chaos: bool = False) -> Iterator[Any]:
    """Yield every state of a match played by random bots; `chaos` calls the global RNG
    between steps, which must not change anything."""
    state = game.new_game(seed=seed)
    bot = game.BOTS["random"](seed=seed)
    yield state
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        if chaos:
            random.random()
        state = state.apply(bot.choose(state, state.to_move))
        yield state
    raise AssertionError(f"match with seed {seed} did not end in {MAX_STEPS} moves")


def seats(state: Any) -> range:
    return range(len(state.observation(0)["scores"]) if False else _seat_count(state))


def _seat_count(state: Any) -> int:
    n = 0
    while True:
        try:
            json.dumps(state.observation(n))
        except (IndexError, KeyError, TypeError, ValueError):
            return n
        n += 1
        if n > 8:
            return n


# -- one state at a time ------------------------------------------------------------

def check_legal_actions(state: Any) -> None:
    actions = state.legal_actions()
    if state.is_over:
        assert actions == [], "a finished match offers no moves"
        assert state.to_move is None
        return
    assert actions, "a running match must offer at least one move"
    assert len(set(actions)) == len(actions), "legal_actions lists a move twice"
    assert actions == state.legal_actions(), "legal_actions is not stable between calls"
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(texts), "two legal moves share one text form"


def check_apply_pure(state: Any) -> None:
    """apply never changes its state; apply(str(a)) == apply(a)."""
    if state.is_over:
        return
    before = state.to_json()
    for action in state.legal_actions():
        after = state.apply(action)
        assert state.to_json() == before, "apply changed the state it was called on"
        assert after == state.apply(str(action)), f"apply({str(action)!r}) differs from apply(action)"


def check_json_round_trip(game: ModuleType, state: Any) -> None:
    text = state.to_json()
    json.loads(text)
    again = type(state).from_json(text)
    assert again == state, "State.from_json(state.to_json()) is not equal to the state"
    assert again.to_json() == text, "JSON round trip is not stable"
    assert again.legal_actions() == state.legal_actions()


def check_observation(game: ModuleType, state: Any, rng: random.Random) -> None:
    """Observations are JSON and reveal no hidden card: re-dealing everything a seat
    cannot see (determinize) leaves that seat's observation unchanged."""
    for seat in seats(state):
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs, "observation is not plain JSON"
        for key in ("seat", "to_move", "hand"):
            assert key in obs, f"observation lacks the fixed key {key!r}"
        assert obs["seat"] == seat and obs["to_move"] == state.to_move
        other = game.determinize(state, seat, random.Random(rng.random()))
        assert other.observation(seat) == obs, (
            f"observation({seat}) changes when only cards hidden from seat {seat} change: it leaks them")


def check_determinize(game: ModuleType, state: Any, rng: random.Random) -> None:
    """determinize depends only on what the seat sees and on the generator's state."""
    for seat in seats(state):
        seed = rng.random()
        look_alike = game.determinize(state, seat, random.Random(seed + 1))
        a = game.determinize(state, seat, random.Random(seed))
        b = game.determinize(look_alike, seat, random.Random(seed))
        assert a == b, "determinize gave different results for states that look the same"
        assert a.legal_actions() == state.legal_actions() or state.to_move != seat


def check_bots_do_not_peek(game: ModuleType, state: Any, rng: random.Random) -> None:
    if state.is_over:
        return
    seat = state.to_move
    look_alike = game.determinize(state, seat, random.Random(rng.random()))
    for level, cls in game.BOTS.items():
        choice = cls(seed=7).choose(state, seat)
        assert choice in state.legal_actions(), f"bot {level} chose an illegal move"
        assert cls(seed=7).choose(look_alike, seat) == choice, (
            f"bot {level} chose differently in a position that looks the same from its seat")


def check_malformed_actions(state: Any, foreign: list[str]) -> None:
    """Malformed and illegal moves raise IllegalMove and leave the state unchanged."""
    if state.is_over:
        return
    before = state.to_json()
    legal = {str(a) for a in state.legal_actions()}
    for bad in [*MALFORMED, *(f for f in foreign if f not in legal)]:
        try:
            state.apply(bad)
        except IllegalMove as err:
            assert str(err), "IllegalMove needs a message naming the rule"
        except Exception as err:
            raise AssertionError(f"apply({bad!r}) raised {type(err).__name__}, not IllegalMove") from err
        else:
            raise AssertionError(f"apply({bad!r}) was accepted")
        assert state.to_json() == before, f"apply({bad!r}) failed but changed the state"


def check_scores(state: Any) -> None:
    sheet = state.score_sheet
    totals = [row["total"] for row in sheet]
    width = len(state.scores)
    summed = tuple(sum(t[i] for t in totals) for i in range(width))
    assert tuple(state.scores) == summed, "scores is not the sum of the score sheet totals"
    if state.is_over:
        assert state.to_move is None
    else:
        assert state.winner is None, "a running match has no winner"


# -- whole matches -----------------------------------------------------------------

def check_match(game: ModuleType, seed: int, *, every: int = 1) -> Any:
    """Every per-state check along one random match; returns the final state."""
    rng = random.Random(seed)
    states = list(random_match(game, seed))
    foreign = sorted({str(a) for s in states[::7] for a in s.legal_actions()})[:40]
    for i, state in enumerate(states):
        check_legal_actions(state)
        check_scores(state)
        if i % every == 0 or state.is_over:
            check_apply_pure(state)
            check_json_round_trip(game, state)
            check_observation(game, state, rng)
            check_determinize(game, state, rng)
            check_bots_do_not_peek(game, state, rng)
            check_malformed_actions(state, foreign)
    final = states[-1]
    assert final.is_over and len(final.history) == len(states) - 1
    return final


def check_determinism(game: ModuleType, seed: int) -> None:
    """Same seed, same match, even when the global RNG is used in between."""
    calm = [s.to_json() for s in random_match(game, seed)]
    random.seed(12345)
    noisy = [s.to_json() for s in random_match(game, seed, chaos=True)]
    assert calm == noisy, "the same seed gave a different match"


def check_json_future(game: ModuleType, seed: int) -> None:
    """A saved game continues exactly as the original would, reshuffles included."""
    states = list(random_match(game, seed))
    middle = states[len(states) // 3]
    bot = game.BOTS["random"](seed=seed)
    a, b = middle, type(middle).from_json(middle.to_json())
    while not a.is_over:
        move = bot.choose(a, a.to_move)
        a, b = a.apply(move), b.apply(move)
        assert a == b, "a reloaded game diverged from the original"


def check_bad_inputs(game: ModuleType) -> None:
    state = game.new_game(seed=1)
    for text in ["", "not json", "[]", "{}", '{"game": "other"}', state.to_json()[:-5]]:
        with pytest.raises(ValueError):
            type(state).from_json(text)
    with pytest.raises(ValueError):
        game.new_game(deck="AS KS")
    with pytest.raises(ValueError):
        game.new_game(players=99)
