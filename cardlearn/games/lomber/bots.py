"""Lomber bots: `random`; `thumb`, which plays by rules of thumb; and `search`, which
tries moves in imagined deals, played out by `thumb`.

The thumb bot reads only its observation and the legal moves.  It bids from a count of
likely tricks in its best suit (matadors, other trumps, plain kings), buys away the small
cards outside trumps, and in play wins cheaply when it can, ducks under a winning partner
and, in the nolo games, keeps under the trick as declarer."""

from __future__ import annotations

from typing import Any

from cardlearn.bots import Bot, RandomBot
from cardlearn.bots import SearchBot as _Search
from cardlearn.cards import Card, parse_cards

from .rules import (
    BID_ORDER,
    CONTRACTS,
    SUIT_LETTERS,
    TRUMP,
    Ladder,
    contract_kind,
    ladder,
    trick_winner,
    trump_order,
)

# Likely tricks from a trump, by its place in the trump order (spadda, manilía, basti, …).
_TRUMP_WORTH = (1.0, 1.0, 0.9, 0.75, 0.6, 0.5, 0.45, 0.4, 0.4, 0.4, 0.4, 0.4)
_KING_WORTH = 0.6
# Tricks needed to bid: with a purchase (spil family), and without (the sólós).  In
# self-play over 40 matches, 3.3 gave the declarer the most per deal (+0.31 bits; 3.0 and
# 3.6 gave +0.18 and +0.22).
_SPIL_NEEDS, _SOLO_NEEDS = 3.3, 5.6


def trick_estimate(hand: tuple[Card, ...], trump: str) -> float:
    """Rough number of tricks the hand takes with `trump` trumps: each trump by its rank,
    long trumps a little more, and plain kings."""
    order = trump_order(trump)
    trumps = [order.index(c) for c in hand if c in order]
    worth = sum(_TRUMP_WORTH[i] for i in trumps) + 0.2 * max(0, len(trumps) - 4)
    kings = sum(c.rank == "K" and c.suit != trump for c in hand)
    return worth + _KING_WORTH * kings


def best_trump(hand: tuple[Card, ...], choices: tuple[str, ...] = SUIT_LETTERS) -> tuple[str, float]:
    suit = max(choices, key=lambda s: (trick_estimate(hand, s), -choices.index(s)))
    return suit, trick_estimate(hand, suit)


def wanted_contract(hand: tuple[Card, ...]) -> str | None:
    """The highest contract the hand supports, or None (pass)."""
    spade = trick_estimate(hand, "S")
    _, other = best_trump(hand, ("H", "D", "C"))
    if spade >= _SOLO_NEEDS:
        return "spadasolo"
    if other >= _SOLO_NEEDS:
        return "solo"
    if spade >= _SPIL_NEEDS and spade >= other:
        return "betra_spil"
    if max(spade, other) >= _SPIL_NEEDS:
        return "spil"
    return None


class ThumbBot(Bot):
    """Rules of thumb for the auction, the exchange and the play (see the module)."""

    label = {"is": "þumalputti", "en": "rule of thumb"}

    def choose(self, state: Any, seat: int) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        obs = state.observation(seat)
        hand = parse_cards(obs["hand"])
        by_text = {str(a): a for a in actions}
        step = obs["step"]
        if step == "auction":
            return by_text[self._bid(hand, by_text)]
        if step == "convert":
            return by_text["spil"]
        if step == "trump":
            choices = tuple(str(a).split()[1] for a in actions)
            return by_text[f"trump {best_trump(hand, choices)[0]}"]
        if step in ("concede", "totus"):
            return by_text["play"]
        if step.startswith("ex"):
            return by_text[self._exchange(obs, hand, by_text)]
        return by_text[str(self._card(obs, [a.arg for a in actions]))]

    # -- auction -------------------------------------------------------------------------
    def _bid(self, hand: tuple[Card, ...], by_text: dict[str, Any]) -> str:
        want = wanted_contract(hand)
        if want is None:
            return "pass"
        ceiling = BID_ORDER.index(want)
        fits = [b for b in by_text if b != "pass" and BID_ORDER.index(b) <= ceiling
                and CONTRACTS[b].kind == "trump" and CONTRACTS[b].trump != "turned"
                and (b in ("betra_spil", "spadasolo")) == (want in ("betra_spil", "spadasolo"))]
        return fits[-1] if fits else "pass"  # the richest contract the hand carries

    # -- exchange ------------------------------------------------------------------------
    def _exchange(self, obs: dict[str, Any], hand: tuple[Card, ...], by_text: dict[str, Any]) -> str:
        me, contract = obs["seat"], obs["contract"]
        discards = [a for a in by_text if a.startswith("discard ")]
        if contract == "kupp":  # buy away every card that is likely to take a trick
            lad = ladder("nolo", None)
            risky = [t for t in discards if lad.power[Card.parse(t.split()[1])] >= 8]
            return risky[0] if risky else "done"
        trump = obs["trump"] or best_trump(hand, ("H", "D", "C"))[0]
        keep = set(trump_order(trump)) | {c for c in hand if c.rank == "K"}
        weak = [t for t in discards if Card.parse(t.split()[1]) not in keep]
        limit = 9 if me == obs["declarer"] else 5
        if weak and obs["discarding"] < limit:
            return weak[0]
        return "done" if "done" in by_text else discards[0]

    # -- play ----------------------------------------------------------------------------
    def _card(self, obs: dict[str, Any], legal: list[Card]) -> Card:
        contract, trump, me, declarer = obs["contract"], obs["trump"], obs["seat"], obs["declarer"]
        kind = contract_kind(contract)
        lad = ladder(kind, trump if kind == "trump" else None)
        trick = parse_cards(obs["trick"])
        low = sorted(legal, key=lambda c: (lad.eff[c] == TRUMP, lad.power[c]))
        if kind == "nolo":
            return self._nolo_card(obs, trick, low, lad, me == declarer)
        if not trick:
            return self._lead(obs, low, lad, me == declarer)
        winning = (obs["leader"] + trick_winner(trick, contract, trump)) % 3
        partner_wins = me != declarer and winning != declarer
        if partner_wins and len(trick) == 2:
            return low[0]  # the trick is ours already
        winners = [c for c in low if trick_winner((*trick, c), contract, trump) == len(trick)]
        if not winners:
            return low[0]
        if len(trick) == 2:
            return winners[0]  # last to play: win as cheaply as possible
        plain = [c for c in winners if lad.eff[c] != TRUMP]
        return plain[-1] if plain else winners[0]

    def _lead(self, obs: dict[str, Any], low: list[Card], lad: Ladder, declaring: bool) -> Card:
        trumps = [c for c in low if lad.eff[c] == TRUMP]
        if declaring and trumps:
            gone = {c for _, cards in obs["played"] for c in parse_cards(cards)}
            out = [c for c in lad.power if lad.eff[c] == TRUMP and c not in gone]
            top = max(out, key=lad.power.__getitem__)
            if top in trumps:
                return top  # a sure trick that also draws the defenders' trumps
            if len(trumps) >= 3:
                return trumps[0]
        kings = [c for c in low if c.rank == "K" and lad.eff[c] != TRUMP]
        if kings:
            return kings[0]
        plain = [c for c in low if lad.eff[c] != TRUMP]
        return plain[0] if plain else low[0]

    def _nolo_card(self, obs: dict[str, Any], trick: tuple[Card, ...], low: list[Card], lad: Ladder,
                   declaring: bool) -> Card:
        contract = obs["contract"]
        if not trick:
            return low[0]
        winner = trick[trick_winner(trick, contract, None)]
        under = [c for c in low if lad.eff[c] != lad.eff[winner] or lad.power[c] < lad.power[winner]]
        if declaring:
            return under[-1] if under else low[-1]  # the highest card that stays under the trick
        return low[0]


class SearchBot(_Search):
    """Determinized Monte Carlo search (`cardlearn.bots.SearchBot`), each simulation played
    to the end of the deal by `ThumbBot` in every seat."""

    policy = ThumbBot
    iterations = 120


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "thumb": ThumbBot, "search": SearchBot}
