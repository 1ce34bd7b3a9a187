"""The shared machinery of `cardlearn.core`: derived values, canonical actions, rule types."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

import pytest

from cardlearn.core import GameState, check_rule_types, derived
from cardlearn.games import GAMES, kasina


class Minimal(GameState):
    """Every abstract member of `GameState`, as little as possible."""

    to_move = None
    players = 1
    scores: tuple[int, ...] = (0,)
    score_sheet: list[dict] = []

    def observation(self, seat):
        return {"seat": seat, "to_move": None, "hand": []}

    def to_json(self):
        return "{}"

    def _finished_deal(self, row):
        raise AssertionError("a minimal state has no deals")

    @classmethod
    def from_json(cls, text):
        raise ValueError("not a saved game")

    def _legal(self):
        return ()

    def _parse_action(self, text):
        raise ValueError(text)

    def _why_illegal(self, action):
        return "no moves"

    def _next(self, action):
        return self


@dataclass(frozen=True)
class Counter_(Minimal):
    n: int

    @derived
    def double(self) -> int:
        return 2 * self.n

    @derived
    def square(self) -> int:  # a derived value nobody listed anywhere: it must not go stale
        return self.n * self.n


def test_every_derived_value_is_dropped_on_evolve():
    state = Counter_(3)
    assert (state.double, state.square) == (6, 9)
    later = state._evolve(n=4)
    assert (later.double, later.square) == (8, 16)
    assert (state.double, state.square) == (6, 9)


def test_a_state_that_lacks_a_hook_cannot_be_made():
    class NoNext(Minimal):
        _next = GameState._next  # the abstract hook again: as if the game forgot it

    Minimal()  # all there
    with pytest.raises(TypeError, match="_next"):
        NoNext()


def test_apply_stores_the_engines_own_action():
    state = kasina.new_game(seed=8)
    action = state.legal_actions()[0]
    after = state.apply(tuple(action))  # an equal look-alike: a plain tuple
    assert type(after.history[-1]) is kasina.Action
    assert after.history[-1] is action
    assert type(after).from_json(after.to_json()) == after


@dataclass(frozen=True)
class Options:
    count: int = 3
    limit: int | None = None
    ratio: float = 0.5
    mode: Literal["a", "b"] = "a"
    flag: bool = False
    pair: tuple[int, int] = (1, 2)

    def __post_init__(self):
        check_rule_types(self)


@pytest.mark.parametrize("good", [{}, {"limit": 4}, {"limit": None}, {"ratio": 1}, {"ratio": 0.25},
                                  {"mode": "b"}, {"flag": True}, {"pair": (3, 4)}])
def test_rule_options_of_any_declared_type_are_accepted(good):
    Options(**good)


@pytest.mark.parametrize("bad", [{"count": True}, {"count": "3"}, {"count": 3.0}, {"limit": "4"},
                                 {"ratio": "x"}, {"mode": "c"}, {"flag": 1}, {"pair": (1, "2")},
                                 {"pair": [1, 2]}])
def test_rule_options_of_another_type_are_refused_by_name(bad):
    name = next(iter(bad))
    with pytest.raises(ValueError, match=f"rule option {name} must be"):
        Options(**bad)


def test_kasina_rules_still_check_types():
    with pytest.raises(ValueError, match="target"):
        kasina.Rules(target="21")
    assert json.loads(json.dumps(kasina.Rules().__dict__))


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("bad", [{"dealer": True}, {"dealer": -1}, {"dealer": 6}, {"dealer": "1"},
                                 {"seed": True}, {"seed": 1.5}, {"rules": object()}])
def test_every_new_game_refuses_a_dealer_seed_or_rules_that_are_not_its_own(game, bad):
    with pytest.raises(ValueError, match=next(iter(bad))):
        GAMES[game].new_game(**bad)


def test_new_game_fills_in_the_last_seat_as_dealer_and_a_seed():
    from cardlearn.core import start_options
    dealer, seed = start_options("Kasína", kasina.Rules(), kasina.Rules, None, None, 2)
    assert dealer == 1 and type(seed) is int
    assert start_options("Kasína", kasina.Rules(), kasina.Rules, 0, 7, 2) == (0, 7)
