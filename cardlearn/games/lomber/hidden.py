"""What a seat cannot see, and a deal of it: `hidden_cards(state, seat)` and
`determinize(state, seat, rng)`, with the voids that not following suit reveals (§ numbers
refer to the rule file, docs/rules/lomber.md)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from cardlearn.cards import Card, parse_cards
from cardlearn.core import fresh_seed

from .rules import BASTI, DECK, SPADDA, TRUMP, contract_kind, ladder
from .state import State

__all__ = [  # this module's part of the game API: the package re-exports these
    "determinize",
    "hidden_cards",
    "voids",
]


def voids(obs: dict[str, Any]) -> dict[int, set[Card]]:
    """Cards each seat cannot hold, shown by its not following suit this deal: after a
    plain lead, no card of that suit; after a trump lead, no trump but the matadors that
    lead left protected (§2.6)."""
    out: dict[int, set[Card]] = {0: set(), 1: set(), 2: set()}
    if not obs["played"] and not obs["trick"]:
        return out
    kind = contract_kind(obs["contract"])
    lad = ladder(kind, obs["trump"] if kind == "trump" else None)
    tricks = [(lead, parse_cards(cards)) for lead, cards in obs["played"]]
    if obs["trick"]:
        tricks.append((obs["leader"], parse_cards(obs["trick"])))
    for lead, cards in tricks:
        led = cards[0]
        suit = lad.eff[led]
        led_power = lad.power[led] if led in lad.privileged else 0
        for i, card in enumerate(cards[1:], 1):
            if lad.eff[card] != suit:
                out[(lead + i) % 3] |= {c for c in DECK if lad.eff[c] == suit and not (
                    suit == TRUMP and c in lad.privileged and lad.power[c] > led_power)}
    return out


def _unseen(obs: dict[str, Any]) -> list[Card]:
    """The cards hidden from the observing seat, in deck order."""
    seen = {*obs["hand"], *obs["discards"], *obs["trick"], *(c for cs in obs["exposed"].values() for c in cs)}
    for _, cards in obs["played"]:
        seen.update(cards)
    if obs["turned_on_talon"]:
        seen.add(obs["turned"])
    return [c for c in DECK if str(c) not in seen]


def hidden_cards(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` cannot see, wherever they lie (other hands, their discards, the
    talon), sorted."""
    return tuple(sorted(_unseen(state.observation(seat))))


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The same position as `seat` sees it, with every card it cannot see (the other
    hands, their discards, the talon) dealt anew, consistent with the cards shown (the
    túrnir card, grand-túrnir's aces, the hrein-yfir hand), with the voids revealed by
    not following suit, and with a bid of grand-túrnir (its bidder was dealt both black
    aces, so they are in its hand or discards); a new seed for later deals."""
    obs = state.observation(seat)
    others = [s for s in range(3) if s != seat]
    shown = {s: parse_cards(obs["exposed"].get(str(s), [])) for s in others}
    on_talon = parse_cards([obs["turned"]]) if obs["turned_on_talon"] else ()
    unseen = _unseen(obs)
    need = {s: obs["hand_sizes"][s] - len(shown[s]) for s in others}
    aces = [c for c in (SPADDA, BASTI) if c in unseen]
    forced = {s: aces if [s, "grand_turnir"] in obs["bids"] else [] for s in others}
    hands, pinned = _fill(unseen, need, voids(obs), forced, rng)
    dealt = {c for h in (*hands.values(), *pinned.values()) for c in h}
    rest = [c for c in unseen if c not in dealt]
    rng.shuffle(rest)
    new_hands, new_discards = list(state.hands), list(state.discards)
    for s in others:
        new_hands[s] = tuple(sorted((*hands[s], *shown[s])))
        n = len(state.discards[s]) - len(pinned[s])
        new_discards[s], rest = (*pinned[s], *rest[:n]), rest[n:]
    h0, h1, h2 = new_hands
    d0, d1, d2 = new_discards
    return dataclasses.replace(state, hands=(h0, h1, h2), discards=(d0, d1, d2),
                               talon=(*on_talon, *rest), seed=fresh_seed(rng), history=(), origin=None)


def _fill(unseen: list[Card], need: dict[int, int], excluded: dict[int, set[Card]],
          forced: dict[int, list[Card]], rng: random.Random
          ) -> tuple[dict[int, tuple[Card, ...]], dict[int, tuple[Card, ...]]]:
    """Random hands of the sizes `need` avoiding the `excluded` cards, each seat's
    `forced` cards in its hand where its voids allow, else `pinned` to its discards.  The
    more constrained seat is dealt first; a few tries, then (never in practice) a deal
    that ignores the voids."""
    order = sorted(need, key=lambda s: sum(c not in excluded[s] for c in unseen) - need[s])
    every_forced = {c for cards in forced.values() for c in cards}
    for attempt in range(30):
        strict = attempt < 29
        pool = [c for c in unseen if c not in every_forced]
        rng.shuffle(pool)
        hands: dict[int, tuple[Card, ...]] = {}
        pinned: dict[int, tuple[Card, ...]] = {}
        for s in order:
            sure = [c for c in forced[s] if c not in excluded[s] or not strict][:need[s]]
            pinned[s] = tuple(c for c in forced[s] if c not in sure)
            allowed = [c for c in pool if c not in excluded[s] or not strict]
            if len(sure) + len(allowed) < need[s]:
                break
            hands[s] = (*sure, *allowed[:need[s] - len(sure)])
            pool = [c for c in pool if c not in hands[s]]
        else:
            return hands, pinned
    raise AssertionError("unreachable: the last try ignores the voids")
