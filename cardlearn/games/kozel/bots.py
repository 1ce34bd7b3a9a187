"""Kozel's computer players: `ThumbBot` (rules of thumb) and `SearchBot` (determinized
Monte Carlo over `ThumbBot` play), in `BOTS` from weakest to strongest."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardlearn import protocol
from cardlearn.bots import Bot, RandomBot
from cardlearn.bots import SearchBot as _Search
from cardlearn.cards import Card, parse_cards

from .hidden import seen_cards
from .legality import CLAIM, Action
from .rules import CARD_POINTS, DECK, RANK_INDEX, beats, card_points
from .state import State

__all__ = [  # this module's part of the game API: the package re-exports these
    "BOTS",
    "RandomBot",
    "SearchBot",
    "ThumbBot",
]


def _strength(card: Card, trump: str) -> int:
    """How much a card is worth keeping: trumps above all, then by rank."""
    return RANK_INDEX[card.rank] + (20 if card.suit == trump else 0)


def _cost(cards: Iterable[Card], trump: str) -> float:
    """What giving these cards away costs: their points (lost to the pile they land in
    are counted elsewhere) and the strength they would have later."""
    return sum(_strength(c, trump) + CARD_POINTS[c.rank] * 0.6 for c in cards)


class ThumbBot(Bot):
    """Rules of thumb: lead low cards of a side suit, or sure winners; beat an opponent
    as cheaply as will hold the trick, saving trumps and tens for tricks with points; let
    a partner's winning cards stand and, when last to play, throw him points face down;
    otherwise discard the lowest cards."""

    label = {"is": "þumalputti", "en": "rule of thumb"}

    def choose(self, state: protocol.AnyState, seat: int) -> Action:
        assert isinstance(state, State)  # a Kozel bot is given Kozel positions (BOTS is per game)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        obs = state.observation(seat)
        trump = obs["trump"]
        if obs["phase"] == "claim" or CLAIM in actions:
            hand = parse_cards(obs["hand"])
            if hand[0].suit == trump or card_points(hand) >= 14 or obs["phase"] == "claim":
                return CLAIM
        if obs["phase"] == "lead":
            return self._lead(obs, actions, trump)
        return self._respond(obs, actions, trump, seat)

    def _unseen(self, obs: dict[str, Any]) -> set[Card]:
        return set(DECK) - seen_cards(obs)

    def _lead(self, obs: dict[str, Any], actions: list[Action], trump: str) -> Action:
        unseen = self._unseen(obs)

        def safe(card: Card) -> bool:  # nothing unseen can beat it
            return not any(beats(u, card, trump) for u in unseen)

        def score(a: Action) -> float:
            cards = a.cards
            if all(safe(c) for c in cards):
                return 100 + card_points(cards) + len(cards)  # sure to win: cash points
            if len(cards) >= 3:  # three or four of a suit are hard to beat all at once
                return 40 + card_points(cards) - 3 * sum(c.suit == trump for c in cards)
            # otherwise a cheap single card: low rank, no points, no trump
            c = cards[0]
            return (20 - _strength(c, trump) - CARD_POINTS[c.rank] - 10 * (len(cards) - 1))

        return max(actions, key=score)

    def _respond(self, obs: dict[str, Any], actions: list[Action], trump: str, seat: int) -> Action:
        trick = obs["trick"]
        plays_left = 3 - len(trick)  # players after this one
        winner = next(e["seat"] for e in reversed(trick) if e["kind"] != "discard")
        on_table = sum(CARD_POINTS[Card.parse(c).rank] for e in trick for c in e.get("cards", ())
                       if e["kind"] != "discard")
        discards = [a for a in actions if a.kind == "discard"]
        beat_moves = [a for a in actions if a.kind == "play"]
        partner_wins = winner % 2 == seat % 2
        if partner_wins or not beat_moves:
            if partner_wins and plays_left == 0 and discards:  # safe: give the partner points
                return max(discards, key=lambda a: card_points(a.cards) * 3 - sum(
                    20 for c in a.cards if c.suit == trump))
            if discards:
                return min(discards, key=lambda a: _cost(a.cards, trump))
            return min(beat_moves, key=lambda a: _cost(a.cards, trump))
        unseen = self._unseen(obs)

        def held(a: Action) -> bool:  # could an unseen card still beat one of ours?
            return plays_left == 0 or not any(beats(u, c, trump) for c in a.cards for u in unseen)

        def value(a: Action) -> float:
            gain = on_table + card_points(a.cards)
            spend = sum(_strength(c, trump) for c in a.cards) * 0.8
            return gain - spend + (15 if held(a) else 0)

        best = max(beat_moves, key=value)
        if not discards:  # must_beat_if_able: nothing else to do
            return best
        cheapest_discard = min(discards, key=lambda a: _cost(a.cards, trump))
        worth = on_table + card_points(best.cards) >= 6 or held(best)
        if worth or card_points(cheapest_discard.cards) >= 10:
            return best
        return cheapest_discard


class SearchBot(_Search):
    """Determinized Monte Carlo search (`cardlearn.bots.SearchBot`), each simulation played
    to the end of the deal by `ThumbBot` in every seat."""

    policy = ThumbBot
    iterations = 120


BOTS = {"random": RandomBot, "thumb": ThumbBot, "search": SearchBot}
