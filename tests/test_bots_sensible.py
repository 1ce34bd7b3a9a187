"""Bots that look sensible to a class.

Kínaskák: no bot level, and so no hint (its first move is the strongest bot's choice),
takes the top of the discard pile only to throw the same card back in the same turn
("Tölvan: tekur J♦ úr kastbunkanum / Tölvan: kastar J♦"): the default rules allow it, but
pupils read it as a bug.

Lomber: the rule-of-thumb bot's auction reaches every contract of the game over seeded
deals, and it concedes (leggur sig) when its hand after the exchange is too weak, so that a
class sees all of them (`benchmarks/contracts.py` prints the counts over more deals)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardlearn.games import kinaskak as k
from cardlearn.games import lomber
from cardlearn.games.kinaskak.bots import throws_back
from cardlearn.table.choices import Advice

# -- Kínaskák ---------------------------------------------------------------------------


def throwbacks(players: int, seed: int, level: str) -> tuple[int, int]:
    """A match of `players` seats all played by bots of `level`: how many turns took the
    discard, and in how many of them the taker discarded the card it took."""
    state = k.new_game(players=players, seed=seed)
    cls = k.BOTS[level]
    bots = [cls(seed=seed * 10 + s) for s in range(players)]
    takes = backs = 0
    while not state.is_over:
        seat = state.to_move
        action = bots[seat].choose(state, seat)
        takes += action.verb == "take"
        backs += throws_back(action, state.taken)
        state = state.apply(action)
    return takes, backs


@pytest.mark.parametrize("level", ["random", "thumb"])
def test_no_bot_throws_back_the_card_it_took(level: str) -> None:
    takes = backs = 0
    for seed in range(6):
        t, b = throwbacks(2 + seed % 3, seed, level)
        takes, backs = takes + t, backs + b
    assert takes >= 50, "too few turns took the discard to show anything"
    assert backs == 0, f"{level}: {backs} of {takes} taken discards were thrown straight back"


def after_a_take(seed: int, limit: int) -> list[k.State]:
    """Positions just after a seat took the discard (rule-of-thumb and random seats)."""
    state = k.new_game(players=4, seed=seed)
    bots = [(k.ThumbBot if s % 2 else k.BOTS["random"])(seed=seed + s) for s in range(4)]
    found: list[k.State] = []
    while not state.is_over and len(found) < limit:
        seat = state.to_move
        state = state.apply(bots[seat].choose(state, seat))
        if state.taken is not None and state.to_move == state.player and state.phase == "discard":
            found.append(state)
    return found


class AnyThumb(k.ThumbBot):
    """The rule-of-thumb bot as it was: it considers every legal move."""

    def considered(self, state):
        return list(state.legal_actions())


class AnySearch(k.SearchBot):
    """The search bot as it was: every legal move, simulations played by `AnyThumb`."""

    policy = AnyThumb

    def considered(self, state):
        return list(state.legal_actions())


@pytest.mark.slow
def test_search_bot_thumb_and_hint_do_not_throw_back_the_card_taken() -> None:
    positions = [s for seed in range(4) for s in after_a_take(seed, 10)]
    assert len(positions) >= 30
    before: Counter[str] = Counter()  # throw-backs of the bots that consider every move
    tempting: list[k.State] = []
    for state in positions:
        seat, taken = state.to_move, state.taken
        assert not throws_back(k.ThumbBot(seed=1).choose(state, seat), taken)
        assert not throws_back(k.SearchBot(seed=1, iterations=20, seconds=None).choose(state, seat), taken)
        before["thumb"] += throws_back(AnyThumb(seed=1).choose(state, seat), taken)
        if throws_back(AnySearch(seed=1, iterations=20, seconds=None).choose(state, seat), taken):
            before["search"] += 1
            tempting.append(state)
    # the positions are ones where a bot free to throw back did so
    assert before["thumb"] >= 1 and before["search"] >= 1, before
    for state in tempting + positions[:4]:  # the hint: the strongest bot with its own settings
        assert not throws_back(Advice(k, state, seed=1).order[0], state.taken)


def test_the_card_taken_is_thrown_back_when_nothing_else_may_go() -> None:
    """Left with only copies of the card taken to discard, the turn still ends."""
    state = k.new_game(players=2, seed=0)
    state = state.apply(k.Action("take"))
    assert state.taken is not None
    discards = [a for a in k.bots.sensible_moves(state) if a.verb == "discard"]
    assert discards and not any(throws_back(a, state.taken) for a in discards)


# -- Lomber -----------------------------------------------------------------------------

DEALS = 1500


def deal_outcomes(deals: int) -> tuple[Counter[str], int]:
    """Over `deals` seeded first deals played by three rule-of-thumb bots up to the first
    trick: how often each contract was won in the auction, and how many declarers conceded."""
    contracts: Counter[str] = Counter()
    conceded = 0
    for seed in range(deals):
        state = lomber.new_game(seed=seed)
        bots = [lomber.ThumbBot(seed=seed * 3 + s) for s in range(3)]
        while state.phase != "play" and state.deals_done == 0:
            seat = state.to_move
            action = bots[seat].choose(state, seat)
            conceded += str(action) == "concede"
            state = state.apply(action)
        if state.contract is not None:
            contracts[state.contract] += 1
    return contracts, conceded


def test_lomber_thumb_reaches_every_contract_and_concedes() -> None:
    contracts, conceded = deal_outcomes(DEALS)
    missing = [c for c in lomber.CONTRACTS if contracts[c] == 0]
    assert not missing, f"never won in {DEALS} deals: {missing} (seen: {dict(contracts)})"
    assert conceded > 0, f"no declarer conceded in {DEALS} deals"
