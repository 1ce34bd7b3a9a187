"""Kozel's moves and their legality: the move as a value (`Action`, with its notation and
`Action.parse`), the moves legal in a position (`legal_moves`, `State`'s `_legal` hook) and
why a move is not (`why_illegal`, its `_why_illegal` hook), as functions of the state they
are given; what a move does is in `state.py`."""

from __future__ import annotations

import itertools
import operator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from cardlearn.cards import RANKS, Card, NotACard, deck_card
from cardlearn.core import IllegalMove, unreadable

from .rules import DECK, PLACE_BY_KEY, beats_paired, card_symbols, pairings, team_of

if TYPE_CHECKING:
    from .state import State

__all__ = [  # this module's part of the game API: the package re-exports these
    "CLAIM",
    "PASS",
    "Action",
]

_SUIT = operator.attrgetter("suit")
_KEY = operator.attrgetter("key")


# How a Kozel move is written, for the refusal of one that cannot be read (`unreadable`).
NOTATION = {
    "en": "a card is a rank and a suit, like 'AS' or '10D' (a Kozel deck has nothing below the six), "
          "and several cards are joined with a plus: '9H+KH'",
    "is": "spil er skrifað með gildi og lit, t.d. 'AS' eða '10D' (í Geit eru engin spil lægri en "
          "sexa), og fleiri spil saman með plús: '9H+KH'",
}
DECK_RANKS = tuple(RANKS[4:])  # six to ace (`rules.DECK`)


def _card(text: str) -> Card:
    """A card of the Kozel deck; an empty piece (as in 'AS+') is no card either."""
    if not text.strip():
        raise NotACard("")
    return deck_card(text.strip(), DECK_RANKS)


class Action(NamedTuple):
    """`kind` is "play" (a lead or a beat, face up), "discard" (face down), "claim" or
    "pass"; `cards` sorted; `pairs` (declared pairing only) the target of each card."""

    kind: str
    cards: tuple[Card, ...] = ()
    pairs: tuple[Card, ...] | None = None

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def __str__(self) -> str:
        if self.kind in ("claim", "pass"):
            return self.kind
        if self.pairs is not None:
            body = "+".join(f"{c}>{t}" for c, t in zip(self.cards, self.pairs))
        else:
            body = "+".join(map(str, self.cards))
        return "discard:" + body if self.kind == "discard" else body

    @classmethod
    def parse(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise IllegalMove("a Kozel move is text like 'AS+10S', 'discard:7S', 'claim' or 'pass', "
                              f"not {text!r}")
        body = text.strip()
        if body.lower() in ("claim", "pass"):
            return cls(body.lower())
        kind = "play"
        if body.lower().startswith("discard:"):
            kind, body = "discard", body[len("discard:"):]
        pieces = [p.strip() for p in body.split("+")]
        try:
            if any(">" in p for p in pieces):
                if kind == "discard" or not all(p.count(">") == 1 for p in pieces):
                    raise unreadable(text, NOTATION["en"])  # a declared beat is card>target, each
                pairs = sorted((_card(a), _card(b)) for a, b in (p.split(">") for p in pieces))
                cards, targets = tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)
            else:
                cards, targets = tuple(sorted(_card(p) for p in pieces)), None
        except NotACard as err:  # the card that is none of the deck's, named in the refusal
            raise unreadable(text, NOTATION["en"], err.typed.strip(), DECK_RANKS) from None
        if len(set(cards)) != len(cards):  # a card named twice
            raise unreadable(text, NOTATION["en"])
        if targets is not None and len(set(targets)) != len(targets):
            raise IllegalMove(f"the move {text!r} pairs two cards with one target")
        return cls(kind, cards, targets)


CLAIM, PASS = Action("claim"), Action("pass")
# Every card's one-card play and discard, made once, by `Card.key`: most replies are these
# (a named tuple is immutable, so one object can stand in every list of legal moves).
_PLAY_ONE: dict[int, Action] = {c.key: Action("play", (c,)) for c in DECK}
_DISCARD_ONE: dict[int, Action] = {c.key: Action("discard", (c,)) for c in DECK}


# -- the legal moves and why a move is not one ------------------------------------------

def legal_moves(state: State) -> tuple[Action, ...]:
    """The legal moves of `state` (the `_legal` hook of `GameState`): the leads; `claim`
    and `pass` in a claim window; else the beats, the discards (unless a beat is due)
    and a claim."""
    seat, phase = state._turn
    assert seat is not None  # asked only while someone is to move
    hand = state.hands[seat]
    if phase == "lead":
        return _leads(hand)
    if phase == "claim":
        return (CLAIM, PASS)
    n = len(state.plays[0][2])
    rules = state.rules
    may_beat = rules.allow_beat_partner or team_of(state.trick_winner) != team_of(seat)
    if n == 1 and rules.pairing == "free":  # the common case: the same moves, listed quicker
        return one_card_replies(state, seat, hand, may_beat)
    combos = list(itertools.combinations(hand, n))
    beats_: list[Action] = []
    make = tuple.__new__  # Action(...) without the named tuple's Python-level __new__
    if may_beat:
        target, trump = state.target, state.trump
        declared = rules.pairing == "declared"
        if declared:
            combos_to_pair = combos
        else:
            # Only cards that beat some target card can be part of a beat: the
            # combinations of those alone are the same combinations, in the same
            # order, less the ones bound to fail, and the pairing search is spared them.
            useful: list[Card] = []
            place = PLACE_BY_KEY
            for c in hand:
                for t in target:  # `beats(c, t, trump)` written out
                    if place[c.key] > place[t.key] if c.suit == t.suit else c.suit == trump:
                        useful.append(c)
                        break
            combos_to_pair = list(itertools.combinations(useful, n))
        for combo in combos_to_pair:
            if declared:
                beats_ += [Action("play", combo, p) for p in pairings(combo, target, trump)]
            elif beats_paired(combo, target, trump):
                beats_.append(make(Action, ("play", combo, None)))
    actions = beats_
    if not (beats_ and rules.must_beat_if_able):
        actions = beats_ + [make(Action, ("discard", combo, None)) for combo in combos]
    if state._windows_open and state._may_claim(seat):
        actions.append(CLAIM)
    return tuple(actions)


def one_card_replies(state: State, seat: int, hand: tuple[Card, ...],
                     may_beat: bool) -> tuple[Action, ...]:
    """`legal_moves` for a reply to a one-card lead under free pairing, in the same order:
    the beats, then the discards (unless a beat is due), then a claim.  Its moves are
    the shared one-card actions, made once (`_PLAY_ONE`, `_DISCARD_ONE`)."""
    actions: list[Action] = []
    rules = state.rules
    if may_beat:
        plays = state.plays
        t = plays[0][2][0]  # the lead: the target under beat_target "lead", or while unbeaten
        if rules.beat_target != "lead":
            for p in reversed(plays):  # `state.target`, written out: the latest play face up
                if p[1] != "discard":
                    t = p[2][0]
                    break
        place, trump = PLACE_BY_KEY, state.trump_card.suit
        suit, above = t.suit, place[t.key]
        # `beats(card, t, trump)` written out: higher in t's suit, or a trump on a plain
        actions = [_PLAY_ONE[c.key] for c in hand
                   if (place[c.key] > above if c.suit == suit else c.suit == trump)]
    if not (actions and rules.must_beat_if_able):
        actions += map(_DISCARD_ONE.__getitem__, map(_KEY, hand))
    # `state._windows_open and state._may_claim(seat)`, the hand looked at first (as
    # `_whose_turn` looks): it seldom holds four of a suit, and then nothing more is asked
    if (len(hand) == 4 and hand[0].suit == hand[3].suit == hand[1].suit == hand[2].suit
            and state._windows_open and state._may_claim(seat)):
        actions.append(CLAIM)
    return tuple(actions)


def why_illegal(state: State, action: Any) -> str | tuple[str, dict[str, str]]:
    """Why the well-formed `action` is not legal in `state` (the `_why_illegal` hook of
    `GameState`): a message, or a key of `view.RULE_WORDS` and the values to fill in."""
    if not isinstance(action, Action) or action.kind not in ("play", "discard", "claim", "pass"):
        raise IllegalMove(f"{action!r} is not a Kozel move")
    seat, phase = state._turn
    assert seat is not None  # GameState.apply refuses a move once the match is over
    if action.kind == "claim":
        if state.rules.four_suit_interrupt == "off":
            return "claim_off", {}
        if phase == "lead" or not state._may_claim(seat):
            return "no_claim", {}
        return "claim_once", {}  # the only other way a holder of four may not claim
    if phase == "claim":
        return "claim_pending", {}
    if action.kind == "pass":
        return "pass_only_claim", {}
    cards = action.cards
    missing = [c for c in cards if c not in state.hands[seat]]
    if missing:
        return "not_in_hand", {"cards": card_symbols(missing)}
    if phase == "lead":
        if action.kind == "discard":
            return "lead_face_up", {}
        if action.pairs is not None:
            return "Kozel: a lead pairs with nothing: write just the cards, e.g. 'AS+KS'"
        return "lead_one_suit", {"cards": card_symbols(cards), "mixed": card_symbols(cards)}
    n = len(state.plays[0][2])
    if len(cards) != n:
        return "wrong_count", {"count": str(n), "given": str(len(cards))}
    target = state.target
    if action.kind == "discard":
        return "must_beat", {}
    if not state.rules.allow_beat_partner and team_of(state.trick_winner) == team_of(seat):
        return "partner_winning", {}
    if state.rules.pairing == "declared" and action.pairs is None:
        return "Kozel: under declared pairing write each card's target, e.g. 'AS>KS+10S>9S'"
    if action.pairs is not None and state.rules.pairing == "free":
        return "Kozel: pairing is free in this variant: write just the cards, e.g. 'AS+10S'"
    if action.pairs is not None and sorted(action.pairs) != sorted(target):
        return "bad_pairing", {"target": card_symbols(target)}
    return "not_a_beat", {"cards": card_symbols(cards), "target": card_symbols(target)}


def _leads(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """Every lead: one or more cards of one suit (§2.3), smallest first (by size, then
    card by card in card order).  Not cached: in random play nine leads in ten were new,
    and each cached one was a hash of four cards and an entry for the garbage collector
    to go through again and again."""
    keys = list(map(_KEY, hand))
    if keys != sorted(keys):  # not as hands are kept (a snapshot save): sort the leads
        return _leads_sorted(hand)
    leads = list(map(_PLAY_ONE.__getitem__, keys))  # the one-card leads, in card order
    suits = list(map(_SUIT, hand))
    make = tuple.__new__  # Action(...) without the named tuple's Python-level __new__
    leads += [make(Action, ("play", pick(hand), None))
              for pick in _multi_card_leads(tuple(map(operator.eq, suits, suits[1:])))]
    return tuple(leads)


@lru_cache(maxsize=64)
def _multi_card_leads(same_as_before: tuple[bool, ...]) -> tuple[operator.itemgetter[Any], ...]:
    """Where the leads of two or more cards lie in a hand kept in card order, whose card
    `i + 1` is of the suit of card `i` where `same_as_before[i]` is true: a suit's cards
    lie together, so this pattern alone fixes them.  Size by size, each suit's
    combinations in turn come in card order, the order of `_leads`.  One getter per lead
    (an `itemgetter` of two or more places gives their cards as a tuple)."""
    runs: list[list[int]] = [[0]]
    for i, same in enumerate(same_as_before, start=1):
        if same:
            runs[-1].append(i)
        else:
            runs.append([i])
    return tuple(operator.itemgetter(*places) for n in range(2, len(same_as_before) + 2)
                 for run in runs for places in itertools.combinations(run, n))


def _leads_sorted(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """`_leads` for a hand in any order: the leads of each suit, sorted."""
    make = tuple.__new__
    by_suit: dict[str | None, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    leads = [make(Action, ("play", combo, None)) for cards in by_suit.values()
             for n in range(1, len(cards) + 1) for combo in itertools.combinations(cards, n)]
    # by size, then by the cards: their int keys order them as `Card.__lt__` does, in C
    leads.sort(key=lambda a: (len(a.cards), [c.key for c in a.cards]))
    return tuple(leads)
