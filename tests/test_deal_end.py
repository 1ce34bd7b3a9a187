"""One deal and its end, the same in every game: `state.last_deal` (a `FinishedDeal`),
`state.deal_number` (from 1), `state.check` (a typed move checked before it is told), the
docstrings `help()` shows, and the observation keys each game's docstring explains."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardlearn import IllegalMove
from cardlearn.core import GameState, derived
from cardlearn.games import GAMES, kasina, kinaskak, kozel, lomber
from cardlearn.lessons.common import finished_deals, play_deal
from cardlearn.protocol import FinishedDeal

NAMES = sorted(GAMES)


def _one_deal(game: Any, seed: int, level: str = "random") -> tuple[Any, Any]:
    """The position just before a deal's last move, and the one after it, by the idiom
    docs/API.md gives (a loop that stops when `deals_done` grows)."""
    state = game.new_game(seed=seed)
    bot = game.BOTS[level](seed=seed)
    start = state.deals_done
    before = state
    while state.deals_done == start:
        before, state = state, state.apply(bot.choose(state, state.to_move))
    return before, state


@pytest.mark.parametrize("name", NAMES)
def test_last_deal_keeps_the_finished_deal(name):
    game = GAMES[name]
    fresh = game.new_game(seed=11)
    assert fresh.last_deal is None and fresh.deal_number == 1
    _, after = _one_deal(game, 11)
    end = after.last_deal
    assert isinstance(end, FinishedDeal)
    assert (end.number, end.index, end.dealer) == (1, 0, fresh.dealer)
    assert end.row == after.score_sheet[0]
    assert len(end.hands) == after.players and len(end.taken) == len(after.teams)
    # every card of the deck is in the record exactly once (tests/conformance.py checks it
    # on every deal of its matches: `check_finished_deal`)
    game.new_game(players=after.players, rules=after.rules, deck=end.cards)
    # the next deal is dealt (or the match is over) and the record stays while it is played
    bot = game.BOTS["random"](seed=3)
    later = after
    for _ in range(5):
        if later.is_over or later.deals_done > 1:
            break
        later = later.apply(bot.choose(later, later.to_move))
        assert later.last_deal == end
    # the record is frozen, and JSON-ready as `as_json`
    with pytest.raises(dataclasses.FrozenInstanceError):
        end.number = 2  # type: ignore[misc]
    assert json.loads(json.dumps(end.as_json()))["number"] == 1
    assert "Deal 1 " in str(end)


def test_kasina_record_is_the_count():
    """The record's piles, sweeps and leftovers are exactly what the hand was scored from,
    and the leftover cards lay on the table when the last card was played."""
    found_leftovers = False
    for seed in range(6):
        before, after = _one_deal(kasina, seed)
        end = after.last_deal
        assert end is not None
        assert kasina.hand_score(end.taken, end.details["sweeps"], end.table_to, after.rules) == end.row
        last = after.history[-1]
        on_table = set(before.table) - set(last.captured)
        if last.is_trail:
            on_table.add(last.card)
        assert set(end.table) == on_table
        if end.table:
            found_leftovers = True
            assert end.table_to is not None and set(end.table) <= set(end.taken[end.table_to])
    assert found_leftovers  # a hand ended with cards on the table: the case the learners missed


def test_kozel_record_is_the_count():
    for seed in range(3):
        _, after = _one_deal(kozel, seed)
        end = after.last_deal
        assert end is not None
        assert tuple(kozel.card_points(pile) for pile in end.taken) == end.row["points"]
        assert end.tricks == end.row["tricks"] and sum(map(len, end.taken)) == len(kozel.DECK)
        assert end.details["trump_card"].suit in "SHDC"
        down = [card for team in end.details["face_down"] for _, card in team]
        assert all(any(card in pile for pile in end.taken) for card in down)


def test_lomber_record_is_the_count():
    for seed in range(4):
        _, after = _one_deal(lomber, seed)
        end = after.last_deal
        assert end is not None
        assert end.details["contract"] == end.row["contract"]
        assert end.details["declarer"] == end.row["declarer"]
        if end.row["outcome"] not in ("all_pass", "conceded"):
            assert list(end.tricks) == end.row["tricks"]
            assert [len(cards) for cards in end.taken] == [3 * n for n in end.tricks]


def test_kinaskak_record_is_the_count():
    _, after = _one_deal(kinaskak, 5, "thumb")
    end = after.last_deal
    assert end is not None and end.number == 1 == end.row["round"]
    penalties = tuple(kinaskak.penalty(hand) + fine for hand, fine in zip(end.hands, end.details["fines"]))
    assert penalties == end.row["penalty"]
    assert end.details["went_out"] == end.row["went_out"]
    assert after.round_no == after.deal_number == 2


@pytest.mark.parametrize("name", NAMES)
def test_last_deal_survives_a_save_and_not_a_determinized_world(name):
    game = GAMES[name]
    _, after = _one_deal(game, 21)
    loaded = game.State.from_json(after.to_json())
    assert loaded == after and loaded.last_deal == after.last_deal
    if not after.is_over:
        seat = after.to_move
        world = game.determinize(after, seat, random.Random(1))
        assert world.observation(seat) == after.observation(seat)
        assert world.last_deal is None  # a past deal is not what this seat imagines


def _whole_match(game: Any, seed: int) -> Iterator[tuple[Any, FinishedDeal]]:
    state, bot = game.new_game(seed=seed), game.BOTS["random"](seed=seed)
    while not state.is_over:
        number = state.deal_number
        assert number == state.deals_done + 1
        state, end = play_deal(state, bot)
        assert end.number == number and end is state.last_deal
        yield state, end


@pytest.mark.parametrize("name", ["kozel", "lomber"])
def test_deal_numbers_through_a_whole_match(name):
    game = GAMES[name]
    deals = list(_whole_match(game, 4))
    last, end = deals[-1]
    assert last.is_over and last.deal_number == last.deals_done == end.number == len(deals)
    assert end.row == last.score_sheet[-1]  # the match's last deal is kept too
    for state, record in deals[:-1]:
        assert state.deal_no == record.number == state.deal_number - 1  # deal_no counts from 0


def test_finished_deals_gives_every_deal_of_a_match():
    state, bot = kasina.new_game(seed=8), kasina.BOTS["random"](seed=8)
    for _ in range(150):
        state = state.apply(bot.choose(state, state.to_move))
    ends = finished_deals(state)
    assert len(ends) == state.deals_done >= 2
    assert [end.number for end in ends] == list(range(1, len(ends) + 1))
    assert [end.row for end in ends] == state.score_sheet and ends[-1] == state.last_deal


def test_each_game_counts_its_deals_from_one():
    assert kasina.new_game(seed=1).deal_number == kasina.new_game(seed=1).hand_no + 1 == 1
    assert kinaskak.new_game(seed=1).deal_number == kinaskak.new_game(seed=1).round_no == 1


def test_play_deal_takes_one_bot_a_list_or_a_dict():
    bots = [kozel.BOTS["random"](seed=s) for s in range(4)]
    a, end_a = play_deal(kozel.new_game(seed=9), bots)
    b, end_b = play_deal(kozel.new_game(seed=9), dict(enumerate(bots)))
    assert a == b and end_a == end_b and a.deals_done == 1
    finished = next(state for state, _ in _whole_match(lomber, 2) if state.is_over)
    with pytest.raises(ValueError, match="over"):
        play_deal(finished, lomber.BOTS["random"](seed=1))


# ---------------------------------------------------------------------------------------
# Typed moves: `check`

@pytest.mark.parametrize("name", NAMES)
def test_check_gives_the_engines_move_or_its_message(name):
    game = GAMES[name]
    state = game.new_game(seed=7)
    saved = state.to_json()
    for move in state.legal_actions():
        assert state.check(str(move)) is move and state.check(move) is move
    for text in game.EXAMPLES.typos:  # declared beside the game (its examples.py)
        with pytest.raises(IllegalMove) as typo:
            state.check(text)
        assert isinstance(typo.value, ValueError) and typo.value.rule == "unreadable"
    nearly = [state._parse_action(text) for text in game.EXAMPLES.near_misses]  # well-formed, not all legal
    illegal = next(m for m in nearly if m not in state.legal_actions())
    with pytest.raises(IllegalMove) as refused:
        state.check(illegal)
    with pytest.raises(IllegalMove) as same:
        state.apply(illegal)
    assert str(refused.value) == str(same.value) and refused.value.rule == same.value.rule
    assert state.to_json() == saved  # nothing changed


def test_a_typed_loop_survives_a_typo():
    """The loop docs/API.md gives: a typo prints the engine's message and asks again."""
    state = kinaskak.new_game(players=4, seed=3)
    typed = iter(["dra", "steal 4H 0-0", "draw"])
    said = []
    while True:
        text = next(typed)
        try:
            move = state.check(text)
        except IllegalMove as err:
            said.append(str(err))
            continue
        said.append(kinaskak.describe(state, move, "en", viewer=0))
        state = state.apply(move)
        break
    assert said[0].startswith("cannot read the move 'dra'") and len(said) == 3
    assert said[1] and str(state.history[-1]) == "draw"


def test_check_refuses_every_move_once_the_match_is_over():
    finished = next(state for state, _ in _whole_match(lomber, 3) if state.is_over)
    with pytest.raises(IllegalMove, match="over"):
        finished.check("pass")


# ---------------------------------------------------------------------------------------
# What help() shows

def _public_members(cls: type) -> Iterator[tuple[str, Any]]:
    """Every public method and property of `cls`, its own and inherited (not data fields)."""
    for name in dir(cls):
        if name.startswith("_"):
            continue
        raw = inspect.getattr_static(cls, name)
        if isinstance(raw, (staticmethod, classmethod)):
            raw = raw.__func__
        if inspect.isfunction(raw) or isinstance(raw, (property, derived)):
            yield name, raw if isinstance(raw, derived) else getattr(cls, name)


@pytest.mark.parametrize("name", NAMES)
def test_every_public_member_of_state_has_a_docstring(name):
    members = dict(_public_members(GAMES[name].State))
    for needed in ("observation", "legal_actions", "apply", "check", "last_deal", "deal_number",
                   "to_move", "scores", "score_sheet", "to_json", "from_json", "start", "is_over"):
        assert needed in members
    missing = [m for m, obj in members.items() if not (inspect.getdoc(obj) or "").strip()]
    assert not missing, f"{name}.State members without a docstring: {missing}"


def test_the_base_documents_what_it_gives():
    missing = [m for m, obj in _public_members(GameState) if not (inspect.getdoc(obj) or "").strip()]
    assert not missing


# Every observation key explained in State.observation's docstring: tests/conformance.py
# (`check_observation_explained`), on every game and the toy.
