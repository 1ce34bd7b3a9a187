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
from test_lomber_cases import stack

from benchmarks.contracts import deal_outcomes
from cardlearn.cards import Card, parse_cards
from cardlearn.games import kinaskak as k
from cardlearn.games import lomber
from cardlearn.games.kinaskak.bots import throws_back
from cardlearn.games.lomber.bots import nolo_exposed
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

DEALS = 2000


def forehand_bid(hand: str) -> str:
    return str(lomber.ThumbBot(seed=0).choose(lomber.new_game(seed=1, deck=stack(f=hand)), 0))


def test_lomber_thumb_bids_each_nolo_from_a_hand_that_calls_for_it() -> None:
    # no card the defenders, each following low, could make win a trick: nolo shown
    assert forehand_bid("6H 7H 3D 7D 4C 6C 7C KC AC") == "hrein_yfir"
    # one low card (5♦, the lowest diamond held, third lowest of the suit) just exposed
    assert forehand_bid("2H 3H 5H 7H JH 3D 4D 5D QD") == "hrein_nolo"
    assert nolo_exposed(parse_cards("2H 3H 5H 7H JH 3D 4D 5D QD")) == [Card.parse("5D")]
    # one court card exposed (Q♣ alone), bought away in kúpp
    assert forehand_bid("3S 4S JS AS 3H 4H 7H 7D QC") == "kupp"
    # a long trump suit is a sóló, not a nolo, though its low spades look safe
    assert forehand_bid("AS 2S AC KS QS JS 7S 6S 5S") == "spadasolo"


def test_lomber_thumb_concedes_a_bought_spil_it_cannot_make() -> None:
    """Forehand wins spil and buys into a hand counted below the concession threshold:
    it concedes; with the strong hand it plays."""
    conceded = played = 0
    for seed in range(60):
        state = lomber.new_game(seed=seed)
        bots = [lomber.ThumbBot(seed=s) for s in range(3)]
        while state.phase != "play" and state.deals_done == 0:
            seat = state.to_move
            assert seat is not None
            action = bots[seat].choose(state, seat)
            if state.phase == "declare" and str(action) in ("play", "concede") and seat == state.declarer:
                weak = lomber.bots.trick_estimate(state.hands[seat], state.trump) < lomber.bots._CONCEDE_BELOW
                assert str(action) == ("concede" if weak else "play")
                conceded += weak
                played += not weak
            state = state.apply(action)
    assert conceded and played


@pytest.mark.slow
def test_lomber_thumb_reaches_every_contract_and_concedes() -> None:
    contracts, conceded = deal_outcomes(DEALS)
    missing = [c for c in lomber.CONTRACTS if contracts[c] == 0]
    assert not missing, f"never won in {DEALS} deals: {missing} (seen: {dict(contracts)})"
    assert conceded > 0, f"no declarer conceded in {DEALS} deals"
