"""Kasína's computer players, weakest first: `RandomBot`, the rule of thumb (`ThumbBot`:
take what is worth most, tried out over imagined deals) and the search (`SearchBot`:
solves the rest of each imagined deal, `solve_deal`)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

from cardlearn import bots as shared
from cardlearn import protocol
from cardlearn.bots import Bot, RandomBot, margin
from cardlearn.cards import Card

from .hidden import redealer
from .rules import LITLA_KASINA, STORA_KASINA, deal_estimate
from .state import Action, State

__all__ = [  # this module's part of the game API: the package re-exports these
    "BOTS",
    "GreedyBot",
    "SearchBot",
    "ThumbBot",
    "greediest",
    "solve_deal",
]


def _worth(cards: Iterable[Card]) -> float:
    """Rough points a set of cards is worth in a pile: casinos, aces, spades, card count."""
    cards = list(cards)
    return (2 * (LITLA_KASINA in cards) + 5 * (STORA_KASINA in cards)
            + 0.5 * sum(c.rank == "A" for c in cards) + 0.2 * sum(c.suit == "S" for c in cards)
            + 0.06 * len(cards))


def _gain(table: Sequence[Card], action: Action) -> float:
    """What a move takes into its player's pile, counting a sweep as a point."""
    if action.is_trail:
        return 0.0
    return _worth((action.card, *action.captured)) + (len(action.captured) == len(table))


def greediest(state: State) -> Action:
    """The rule of thumb alone: the legal move that takes what is worth most now (the
    first such, in `legal_actions()` order)."""
    table = state.table
    return max(state.legal_actions(), key=lambda a: _gain(table, a))


class ThumbBot(Bot):
    """Rules of thumb, tried out: each move is followed, over a few deals of the cards
    this seat cannot see, by both sides taking what is worth most at once (casinos,
    sweeps, aces, spades, many cards) until the deal ends; the move that does best on
    average is played.  The opponent is assumed careless now and then."""

    label = {"is": "þumalputti", "en": "rule of thumb"}
    samples = 16
    # How often the imagined opponent makes a random move.  Against `random`: with 0 the
    # bot won 88 % of 400 matches, with 0.6 91 % of 800 (modelling every reply as greedy
    # overrates the danger of what is left on the table).
    careless = 0.6

    def choose(self, state: protocol.AnyState, seat: int) -> Action:
        assert isinstance(state, State)  # a Kasína bot is given Kasína positions
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if not self.samples:  # the rule alone: take what is worth most now
            return greediest(state)
        rng = self.rng(state, seat)
        deal = redealer(state, seat)  # the hidden cards' constraints, once per choice
        worlds = [(deal(rng), rng.random()) for _ in range(self.samples)]
        best, choice = -math.inf, actions[0]
        for action in actions:
            # Each move meets the same worlds and the same careless replies, so the moves
            # differ by what they do, not by luck (common random numbers).
            score = sum(self._play_out(w, action, seat, random.Random(luck)) for w, luck in worlds)
            if score > best + 1e-9:
                best, choice = score, action
        return choice

    def _play_out(self, world: State, move: Action, seat: int, rng: random.Random) -> float:
        """What this seat gains minus what the opponent gains from `move` to the end of
        the deal; at the end of the hand, the hand's own score (last trick, majorities)."""
        hand_no, score = world.hand_no, 0.0
        while True:
            score += _gain(world.table, move) * (1 if world.to_move == seat else -1)
            cards = len(world.hands[0]) + len(world.hands[1])
            world = world.apply(move)
            if world.hand_no != hand_no or world.is_over:
                row = world.score_sheet[hand_no]["total"]
                return row[seat] - row[1 - seat]
            if len(world.hands[0]) + len(world.hands[1]) > cards:
                return score  # a new deal: the rest depends on cards nobody has seen
            if world.to_move != seat and rng.random() < self.careless:
                move = rng.choice(world.legal_actions())
            else:
                move = greediest(world)


class GreedyBot(ThumbBot):
    """The rule of thumb without trying it out: take what is worth most now.  The search
    bot's `solve_deal` tries the moves in its order and opens a new deal with it (the
    sampling thumb is 100 times slower)."""

    samples = 0


def solve_deal(world: State, seat: int) -> float:
    """The margin `seat` gets (its points minus the opponent's) when both players play the
    rest of the current deal as well as possible, every card known: a search of every line
    of play to the deal's end (at most 4 cards each; alpha-beta, the greediest moves first,
    so that most lines are cut off early).  Where the hand ends, its real score; where a
    new deal starts, the player who opens it takes what is worth most (`GreedyBot`'s rule)
    and the position is scored by the hand's expected points (`deal_estimate`) — so that
    leaving big casino or a short table to the next deal's opener counts against you.

    Only for imagined worlds: the search bot calls it on deals it made up itself."""
    return _solve(world, seat, -math.inf, math.inf, world.hand_no)


def _solve(world: State, seat: int, alpha: float, beta: float, hand_no: int) -> float:
    if world.hand_no != hand_no or world.is_over:
        return _row_margin(world, seat, hand_no)
    in_hands = len(world.hands[0]) + len(world.hands[1])
    table = world.table
    actions = sorted(world.legal_actions(), key=lambda a: -_gain(table, a))
    maximising = world.to_move == seat
    best = -math.inf if maximising else math.inf
    for action in actions:
        after = world.apply(action)  # one of legal_actions(): found by identity, not checked again
        fresh = (after.hand_no == hand_no and not after.is_over
                 and len(after.hands[0]) + len(after.hands[1]) >= in_hands)
        if fresh:
            value = _opening_estimate(after, seat, hand_no)
        else:
            value = _solve(after, seat, alpha, beta, hand_no)
        if maximising:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break  # the other player would never let the play come here
    return best


def _opening_estimate(world: State, seat: int, hand_no: int) -> float:
    """A new deal has just been dealt: its opener takes what is worth most, then the
    hand's expected points (the last deal's end is the hand's real score)."""
    world = world.apply(greediest(world))
    if world.hand_no != hand_no or world.is_over:
        return _row_margin(world, seat, hand_no)
    return margin(deal_estimate(world), seat, 1)


def _row_margin(world: State, seat: int, hand_no: int) -> float:
    return margin(world.score_sheet[hand_no]["total"], seat, 1)


class SearchBot(shared.SearchBot):
    """Determinized Monte Carlo search (`cardlearn.bots.SearchBot`) whose simulations are
    not rollouts but `solve_deal`: in each imagined world the rest of the current deal is
    played as well as possible by both seats.  A kasína deal is short (at most 8 cards to
    play), so searching it whole is quick; the greedy rollouts it replaces won no more than
    the rule of thumb (51.5 % of 200 deals).  It keeps `ThumbBot`'s move unless another is
    clearly better."""

    policy = GreedyBot  # the rule `solve_deal` orders moves by and opens a new deal with
    baseline = ThumbBot
    iterations = 120  # about 25 ms a move on this 2-core machine (benchmarks, tournament)
    caution = 0.5

    def simulate(self, world: protocol.AnyState, team: int, deals_done: int) -> float:
        assert isinstance(world, State)  # one of this game's imagined worlds
        return solve_deal(world, team)


BOTS = {"random": RandomBot, "thumb": ThumbBot, "search": SearchBot}
