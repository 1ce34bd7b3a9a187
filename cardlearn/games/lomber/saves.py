"""Loading a saved Lomber game.  A save that started from `new_game` is rebuilt from its
origin by replaying its moves (`SaveReader.from_origin`), so a tampered save cannot give a
position the rules never allow.  A position saved with no recorded start (a bot's
determinized guess) is read field by field with a clear error, then checked against what
the rules can reach."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardlearn.cards import Card
from cardlearn.core import SaveReader

from .rules import CONTRACTS, DECK, HAND_SIZE, TALON_SIZE, Rules, trick_winner
from .state import STEP_PHASE, Auction, Row, State, Three, new_game

__all__ = [  # this module's part of the game API: the package re-exports these
    "load",
]

OUTCOMES = ("win", "loss", "remis", "krukk", "conceded", "all_pass")


def load(reader: SaveReader) -> State:
    """The saved game: replayed from its origin, or else read as a checked snapshot."""
    state: State = reader.load(reader.rules(Rules), new_game, 3, load_snapshot)
    return state


def _seat(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value <= 2:
        raise ValueError(f"saved game: {what} must be a seat 0, 1 or 2")
    return value


def _seat_or_none(value: Any, what: str) -> int | None:
    return None if value is None else _seat(value, what)


def _whole(r: SaveReader, key: str, low: int, high: int) -> int:
    value = r.integer(key, low, high)
    assert value is not None  # a required field: `integer` raises when it is missing
    return value


def _three_ints(r: SaveReader, key: str) -> tuple[int, int, int]:
    a, b, c = r.int_tuple(key, 3)
    return a, b, c


def _three(r: SaveReader, key: str) -> Three:
    value = r.get(key, list)
    if len(value) != 3:
        raise ValueError(f"saved game: {key!r} must have one entry per seat")
    a, b, c = (r.cards(key, v) for v in value)
    return a, b, c


def _auction(value: Any) -> Auction:
    if not (isinstance(value, list) and len(value) == 6 and isinstance(value[3], list)):
        raise ValueError("saved game: 'auction' must be [turn, champion, challenger, waiting, holder, high]")
    turn, champion, challenger, waiting, holder, high = value
    if high is not None and high not in CONTRACTS:
        raise ValueError(f"saved game: no such contract {high!r} in 'auction'")
    return Auction(_seat_or_none(turn, "auction turn"), _seat_or_none(champion, "auction champion"),
                   _seat_or_none(challenger, "auction challenger"),
                   tuple(_seat(w, "auction waiting") for w in waiting),
                   _seat_or_none(holder, "auction holder"), high)


def _row(value: Any) -> Row:
    if not (isinstance(value, list) and len(value) == 5):
        raise ValueError("saved game: a score sheet row is malformed")
    contract, declarer, tricks, result, payments = value
    ok = ((contract is None or contract in CONTRACTS) and result in OUTCOMES
          and all(isinstance(x, list) and len(x) == 3 and all(type(v) is int for v in x)
                  for x in (tricks, payments)))
    if not ok:
        raise ValueError("saved game: a score sheet row is malformed")
    if sum(payments) != 0:
        raise ValueError("saved game: a score sheet row does not sum to zero")
    return Row(contract, _seat_or_none(declarer, "a row's declarer"), (tricks[0], tricks[1], tricks[2]),
               result, (payments[0], payments[1], payments[2]))


def _last_trick(r: SaveReader) -> tuple[int, tuple[Card, ...]] | None:
    value = r.data.get("last_trick")
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2):
        raise ValueError("saved game: 'last_trick' must be [leader, cards] or null")
    cards = r.cards("last_trick", value[1])
    if len(cards) != 3:
        raise ValueError("saved game: 'last_trick' must hold three cards")
    return _seat(value[0], "the last trick's leader"), cards


def load_snapshot(r: SaveReader, rules: Rules) -> State:
    """A position saved with no origin, each field read with a clear error, then checked
    (`check_snapshot`)."""
    played = r.get("played", list)
    if not all(isinstance(p, list) and len(p) == 2 for p in played):
        raise ValueError("saved game: 'played' must be a list of [leader, cards]")
    steps = r.get("steps", list)
    if not steps or not all(isinstance(s, str) and (s in STEP_PHASE or s in ("ex0", "ex1", "ex2"))
                            for s in steps):
        raise ValueError("saved game: 'steps' names an unknown step")
    contract, trump, turned = r.data.get("contract"), r.data.get("trump"), r.data.get("turned")
    if contract is not None and contract not in CONTRACTS:
        raise ValueError(f"saved game: no such contract {contract!r}")
    if trump not in (None, "S", "H", "D", "C"):
        raise ValueError("saved game: 'trump' must be a suit letter or null")
    if type(r.data.get("totus")) is not bool:
        raise ValueError("saved game: 'totus' must be true or false")
    state = State(
        rules=rules, seed=_whole(r, "seed", 0, 2**63), deal_no=_whole(r, "deal_no", 0, rules.match_deals),
        dealer=_whole(r, "dealer", 0, 2), hands=_three(r, "hands"), talon=r.cards("talon"),
        discards=_three(r, "discards"), bought=_three_ints(r, "bought"),
        calls=tuple((_seat(s, "a caller"), b) for s, b in r.get("calls", list)),
        auction=_auction(r.data.get("auction")), contract=contract,
        declarer=_seat_or_none(r.data.get("declarer"), "'declarer'"), trump=trump,
        turned=None if turned is None else r.cards("turned", turned)[0], steps=tuple(steps),
        leader=_whole(r, "leader", 0, 2), trick=r.cards("trick"),
        played=tuple((_seat(lead, "a trick's leader"), r.cards("played", c)) for lead, c in played),
        tricks=_three_ints(r, "tricks"), totus=r.data["totus"], last_trick=_last_trick(r),
        totals=_three_ints(r, "totals"),
        sheet=tuple(_row(v) for v in r.get("sheet", list)), history=(), origin=None)
    check_snapshot(state)
    return state


def check_snapshot(state: State) -> None:
    """What must hold of any position the rules can reach."""
    def fail(why: str) -> None:
        raise ValueError(f"saved game: {why}")

    everything = [*state.talon, *state.trick, *(c for h in state.hands for c in h),
                  *(c for d in state.discards for c in d), *(c for _, cs in state.played for c in cs)]
    if Counter(everything) != Counter(DECK):
        fail("its cards are not the 40 cards of the Lomber deck, each once")
    if state.totals != tuple(sum(row.payments[s] for row in state.sheet) for s in range(3)):
        fail("the scores are not the sum of the score sheet")
    over = state.steps == ("over",)
    if len(state.sheet) != (state.rules.match_deals if over else state.deal_no):
        fail("the number of score sheet rows does not match the deal number")
    bidding = state.steps[0] == "auction"
    if (state.contract is None) != (state.declarer is None) or (
            not over and (state.contract is None) != bidding):
        fail("contract, declarer and step do not agree")
    if state.contract and CONTRACTS[state.contract].trump == "S" and state.trump != "S":
        fail("this contract is played with spades trumps")
    if any(len(cs) != 3 for _, cs in state.played) or len(state.trick) > 2 or len(state.played) > 9:
        fail("the tricks are not whole tricks of three cards")
    leader, tricks = (state.dealer + 1) % 3, [0, 0, 0]
    played_by = [0, 0, 0]
    for lead, cards in state.played:
        if lead != leader:
            fail("a trick was led by someone other than the winner of the one before")
        leader = (lead + trick_winner(cards, state.contract, state.trump)) % 3
        tricks[leader] += 1
        for i in range(3):
            played_by[(lead + i) % 3] += 1
    if state.played and (leader != state.leader or tuple(tricks) != state.tricks):
        fail("the trick counts are not what the played tricks give")
    for i in range(len(state.trick)):
        played_by[(state.leader + i) % 3] += 1
    current = int(state.steps[0][2]) if state.steps[0].startswith("ex") else None
    for s in range(3):
        pending = len(state.discards[s]) - state.bought[s]
        if pending < 0 or (pending and s != current):
            fail("a seat has discarded a different number of cards than it bought")
        if not over and len(state.hands[s]) != HAND_SIZE - played_by[s] - pending:
            fail("a hand has the wrong number of cards for this point of the deal")
    if not over and len(state.talon) != TALON_SIZE - sum(state.bought):
        fail("the talon has the wrong number of cards")
