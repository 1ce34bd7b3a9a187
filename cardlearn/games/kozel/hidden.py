"""What a seat cannot see (`hidden_cards`) and a position dealt anew from its point of view
(`determinize`), for the search bot and the conformance checks."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from cardlearn.cards import SUITS, Card, parse_cards
from cardlearn.core import fresh_seed

from .rules import DECK, HAND_SIZE, check_seat, sorted_cards
from .state import State, per_seat

__all__ = [  # this module's part of the game API: the package re-exports these
    "determinize",
    "hidden_cards",
]


def hidden_cards(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` cannot see, sorted: the other hands, the stock except the shown
    trump indicator, and the other seats' face-down discards (unless discards are open, or
    turned up at the deal's end: `State.face_down_shown`)."""
    seat = check_seat(seat)
    cards = [c for w, h in enumerate(state.hands) if w != seat for c in h]
    cards += [c for i, c in enumerate(state.stock) if i != state.trump_pos]
    if state.rules.discards_visible == "none" and not state.face_down_shown:
        cards += [c for w, kind, cs in state.plays if kind == "discard" and w != seat for c in cs]
        cards += [c for h in state.hidden for w, c in h if w != seat]
    return sorted_cards(cards)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The position as `seat` sees it, with every card it has not seen dealt anew: the
    other hands, the stock (the trump indicator stays at its known place) and the
    face-down discards of others, on the table and in the piles.  Cards publicly known
    to be some seat's (see `State.known`) stay with that seat, and a seat that is asked
    whether to claim (or has passed) again holds four of a suit.  Depends only on
    `state.observation(seat)` and `rng`."""
    obs = state.observation(check_seat(seat))
    hidden_slots = _hidden_slots(obs)  # per other seat: its face-down cards nobody showed
    seen = seen_cards(obs)
    known = {w: parse_cards(k) for w, k in enumerate(obs["known"]) if w != seat}
    known_all = {c for k in known.values() for c in k if c not in seen}
    pool = [c for c in DECK if c not in seen and c not in known_all]
    must_four = set(obs["passed"]) | ({obs["to_move"]} if obs["phase"] == "claim" else set())
    must_four.discard(seat)
    others = [w for w in range(4) if w != seat]
    result = state
    for _ in range(200):
        left = list(pool)
        rng.shuffle(left)
        hands = [parse_cards(obs["hand"]) if w == seat else () for w in range(4)]
        downs: dict[int, list[Card]] = {}
        for w in others:
            mine = [c for c in known.get(w, ()) if c not in seen]
            size = obs["hand_sizes"][w]
            hand: list[Card] = []
            if w in must_four:
                if not _take_four(mine, left, rng, hand):
                    break
                mine = []
            hand += mine + [left.pop() for _ in range(size - len(hand) - len(mine))]
            hands[w] = sorted_cards(hand)
            downs[w] = [left.pop() for _ in hidden_slots[w]]
        else:
            if obs["trump_card_position"] is None:  # drawn: not in the stock, whoever has it
                _out_of_stock(Card.parse(obs["trump_card"]), hands, downs, left,
                              [w for w in others if w not in must_four and not known.get(w)], rng)
            result = _rebuild(state, obs, hands, downs, left, rng)
            # The same seat deciding the same kind of thing (a re-deal can give, or take
            # away, someone's chance to claim with four of a suit).
            if (result.to_move, result.phase) == (state.to_move, state.phase):
                return result
    return result


def seen_cards(obs: dict[str, Any]) -> set[Card]:
    """The cards the seat of observation `obs` has seen where they lie now: its hand, the
    trump indicator while in the stock, the face-up cards of the trick and the piles, and
    the face-down cards it may see."""
    seen = set(parse_cards(obs["hand"]))
    if obs["trump_card_position"] is not None:  # once drawn, it is someone's (see `known`)
        seen.add(Card.parse(obs["trump_card"]))
    seen |= {Card.parse(c) for e in obs["trick"] for c in e.get("cards", ())}
    seen |= {Card.parse(c) for p in obs["piles"] for c in p}
    seen |= {Card.parse(c) for h in obs["hidden"] for _, c in h if c is not None}
    return seen


def _out_of_stock(card: Card, hands: list[tuple[Card, ...]], downs: dict[int, list[Card]],
                  left: list[Card], free_seats: list[int], rng: random.Random) -> None:
    """Swap `card` out of the cards left for the stock into a hidden place of another seat."""
    if card not in left:
        return
    places = [(w, "hand", i) for w in free_seats for i in range(len(hands[w]))]
    places += [(w, "down", i) for w in downs for i in range(len(downs[w]))]
    if not places:
        return
    w, where, i = rng.choice(places)
    j = left.index(card)
    if where == "hand":
        hand = list(hands[w])
        hand[i], left[j] = card, hand[i]
        hands[w] = sorted_cards(hand)
    else:
        downs[w][i], left[j] = card, downs[w][i]


def _take_four(mine: list[Card], left: list[Card], rng: random.Random, hand: list[Card]) -> bool:
    """Give a seat four cards of one suit, among them the cards it is known to hold."""
    options = [suit for suit in SUITS if all(c.suit == suit for c in mine)
               and len(mine) + sum(c.suit == suit for c in left) >= HAND_SIZE]
    if not options:
        return False
    suit = rng.choice(options)
    free = [c for c in left if c.suit == suit]
    rng.shuffle(free)
    hand += mine + free[:HAND_SIZE - len(mine)]
    for c in hand[len(mine):]:
        left.remove(c)
    return True


def _hidden_slots(obs: dict[str, Any]) -> dict[int, list[tuple[str, int, int]]]:
    """Where each other seat's unseen face-down cards lie: ("trick", play, i) or ("pile", team, i)."""
    slots: dict[int, list[tuple[str, int, int]]] = {w: [] for w in range(4)}
    for p, entry in enumerate(obs["trick"]):
        if "cards" not in entry:
            slots[entry["seat"]] += [("trick", p, i) for i in range(entry["count"])]
    for t, pile in enumerate(obs["hidden"]):
        for i, (w, card) in enumerate(pile):
            if card is None:
                slots[w].append(("pile", t, i))
    return slots


def _rebuild(state: State, obs: dict[str, Any], hands: list[tuple[Card, ...]], downs: dict[int, list[Card]],
             left: list[Card], rng: random.Random) -> State:
    """Put the re-dealt cards into their places; the stock keeps the trump indicator."""
    downs = {w: list(d) for w, d in downs.items()}
    plays = []
    for entry in obs["trick"]:
        who = entry["seat"]
        cards = entry["cards"] if "cards" in entry else [downs[who].pop() for _ in range(entry["count"])]
        plays.append((entry["seat"], entry["kind"], sorted_cards(parse_cards(cards))))
    hidden_a, hidden_b = (tuple((w, Card.parse(c) if c is not None else downs[w].pop()) for w, c in pile)
                          for pile in obs["hidden"])
    stock = list(left[:obs["stock_size"] - (obs["trump_card_position"] is not None)])
    if obs["trump_card_position"] is not None:
        stock.insert(obs["trump_card_position"], Card.parse(obs["trump_card"]))
    return dataclasses.replace(
        state, hands=per_seat(hands), plays=tuple(plays), hidden=(hidden_a, hidden_b), stock=tuple(stock),
        seed=fresh_seed(rng), history=(), origin=None)
