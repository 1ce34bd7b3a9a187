"""Kozel's facts: the deck, the card constants, the variant options (`Rules`) and the rules
themselves as pure functions (what beats what, card points, loss points, the deal order).
Nothing here knows about a position: `state.py` applies these to one."""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from cardlearn.cards import RANKS, Card, make_deck
from cardlearn.core import check_rule_types
from cardlearn.protocol import GameInfo, ScoreRow

__all__ = [  # this module's part of the game API: the package re-exports these
    "CARD_POINTS",
    "DECK",
    "HAND_SIZE",
    "INFO",
    "NAME",
    "PLAYERS",
    "RANK_ORDER",
    "TEAMS",
    "Rules",
    "SheetRow",
    "beats",
    "can_beat",
    "card_points",
    "deal_loss",
    "deal_order",
    "egg_bonus",
    "face_down_turned_up",
    "four_of_a_suit",
    "loss_points",
    "priority",
    "team_of",
    "trump_index",
]

INFO = GameInfo(
    name={"is": "Geit", "en": "Kozel"},
    players=(4, 4),
    partnerships=True,  # teams (0, 2) and (1, 3)
    score_sign=-1,  # loss points: fewer is better
    phases=("lead", "respond", "claim", "over"),
    strongest_bot="search",
    has_deal_estimate=False,  # the search plays every simulation to the end of the deal,
    score_unit={"is": "tapstig", "en": "loss points"},
    deal_word={"is": "{n}. spil", "en": "Deal {n}"},
    notebook="02-kozel",
    page="Geit (Kozel)",
    lab=True,
    handout=True,
)
NAME = INFO.name
PLAYERS = INFO.players

# 36 cards, six to ace, suit by suit (♠ ♥ ♦ ♣): every seeded shuffle depends on this order.
DECK = make_deck(RANKS[4:])
TEAMS = ((0, 2), (1, 3))
HAND_SIZE = 4

RANK_ORDER = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")  # low to high: the ten above the king
# Both tables are looked up with `Card.rank`, typed `str | None`: None (a joker) is no Kozel
# card, a KeyError like any other rank outside the deck.
CARD_POINTS: dict[str | None, int] = {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "10": 10,
                                      "A": 11}
RANK_INDEX: dict[str | None, int] = {rank: i for i, rank in enumerate(RANK_ORDER)}  # place, low to high
ROW_KEYS = ("points", "tricks", "loss_points", "eggs", "total")  # a score sheet row, in order


class SheetRow(ScoreRow):
    """A Kozel score-sheet row, per team: card `points`, `tricks`, the `loss_points` it
    got, whether the deal was an egg (`eggs`: 60–60), and `total` (its loss points)."""

    points: tuple[int, int]
    tricks: tuple[int, int]
    loss_points: tuple[int, int]
    eggs: bool


@dataclass(frozen=True)
class Rules:
    """Variant options, one per row of the rule file's ambiguity table (docs/rules/kozel.md
    §3); every default is the rule file's.  `loss_table` is (boundary, loss at or above it, loss
    below it with a trick, loss with no trick): by default 31–59 → 2, ≤ 30 → 4, no
    trick → 6."""

    trump_reveal: Literal["middle_return", "top_to_bottom", "middle_to_bottom"] = "middle_return"
    trump_index_range: Literal["middle", "any"] = "middle"
    must_beat_if_able: bool = False
    # (no `allow_partial_beat`: a partial beat is no beat in any source, row A4)
    pairing: Literal["free", "declared"] = "free"
    four_suit_interrupt: Literal["after_plays", "off"] = "after_plays"
    four_suit_priority: Literal["clockwise", "counterclockwise"] = "clockwise"
    eggs_rule: Literal["none", "double_next", "double_cumulative", "add_two"] = "none"
    eggs_same_dealer: bool = False
    next_dealer: Literal["clockwise", "last_trick_winner_right"] = "clockwise"
    allow_beat_partner: bool = True
    beat_target: Literal["current_winner", "lead"] = "current_winner"
    deal_packet: int = 1
    loss_table: tuple[int, int, int, int] = (31, 2, 4, 6)
    match_limit: int = 12
    first_lead: Literal["dealer_left", "random"] = "dealer_left"
    discards_visible: Literal["none", "all"] = "none"

    def __post_init__(self) -> None:
        if isinstance(self.loss_table, list):  # as read back from JSON: the field itself, normalised
            object.__setattr__(self, "loss_table", tuple(self.loss_table))
        check_rule_types(self)
        boundary, *losses = self.loss_table
        checks = [
            (self.deal_packet in (1, 2, 4), "deal_packet is 1, 2 or 4 cards at a time"),
            (1 <= boundary <= 60 and all(0 <= v <= 100 for v in losses),
             "loss_table is (boundary 1-60, then three loss values 0-100)"),
            (1 <= self.match_limit <= 1000, "match_limit must be 1 to 1000 loss points"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)


# ---------------------------------------------------------------------------------------
# Rule facts

def beats(card: Card, other: Card, trump: str) -> bool:
    """Does `card` beat `other`?  Higher in the same suit, or a trump against a non-trump
    (§2.1).  Two cards of different non-trump suits do not beat each other."""
    if card.suit == other.suit:
        return RANK_INDEX[card.rank] > RANK_INDEX[other.rank]
    return card.suit == trump


@lru_cache(maxsize=1 << 16)
def pairings(cards: tuple[Card, ...], target: tuple[Card, ...], trump: str) -> tuple[tuple[Card, ...], ...]:
    """Every ordering of `target` that `cards` beat one-to-one (at most 4! to try)."""
    if len(cards) != len(target):
        return ()
    return tuple(p for p in itertools.permutations(target)
                 if all(beats(c, t, trump) for c, t in zip(cards, p)))


# Each card's place in `RANK_ORDER`, by `Card.key`: `beats` without a dict look-up by rank.
PLACE_BY_KEY: list[int] = [0] * 101
for _card in DECK:
    PLACE_BY_KEY[_card.key] = RANK_INDEX[_card.rank]


def beats_paired(cards: Sequence[Card], target: Sequence[Card], trump: str) -> bool:
    """`bool(pairings(cards, target, trump))`, stopping at the first pairing found and
    without the cache: a position's combinations seldom come again (in random play
    97 % of `pairings`' look-ups missed), and hashing each key costs more than this."""
    if len(cards) != len(target):
        return False
    place = PLACE_BY_KEY
    for p in itertools.permutations(target):
        for c, t in zip(cards, p):
            if c.suit == t.suit:  # `beats`, written out
                if place[c.key] <= place[t.key]:
                    break
            elif c.suit != trump:
                break
        else:
            return True
    return False


def can_beat(cards: Sequence[Card], target: Sequence[Card], trump: str) -> bool:
    """Do `cards` beat `target` under free pairing: is there a one-to-one pairing in
    which every card beats its partner (§2.3, A5)?"""
    return bool(pairings(tuple(cards), tuple(target), trump))


def four_of_a_suit(hand: Sequence[Card]) -> bool:
    """Four cards, all of one suit: the hand that may claim the lead (§2.3)."""
    if len(hand) != HAND_SIZE:
        return False
    suit = hand[0].suit
    return hand[1].suit == suit and hand[2].suit == suit and hand[3].suit == suit


def card_points(cards: Iterable[Card]) -> int:
    """Card points: A 11, 10 10, K 4, Q 3, J 2, others 0 (the deck holds 120)."""
    return sum(CARD_POINTS[c.rank] for c in cards)


def loss_points(points: int, tricks: int, table: tuple[int, int, int, int] = (31, 2, 4, 6)) -> int:
    """Loss points of a team that took `points` card points in `tricks` tricks (§2.4): 0 for
    the winner (61 or more) and for eggs (60); otherwise 2 from 31 points, 4 below that
    with a trick, 6 with no trick at all."""
    if points >= 60:
        return 0
    boundary, mild, bad, none = table
    if tricks == 0:
        return none
    return mild if points >= boundary else bad


def deal_loss(points: Sequence[int], tricks: Sequence[int],
              rules: Rules = Rules()) -> tuple[tuple[int, int], bool]:
    """The loss points of both teams for one deal, and whether it was eggs (60–60)."""
    eggs = points[0] == points[1] == 60
    loss = (loss_points(points[0], tricks[0], rules.loss_table),
            loss_points(points[1], tricks[1], rules.loss_table))
    return loss, eggs


def egg_bonus(loss: tuple[int, int], streak: int, rules: Rules) -> tuple[int, int]:
    """The deal's total after earlier eggs (A7): `streak` deals of eggs came just before."""
    if not streak or rules.eggs_rule == "none":
        return loss
    if rules.eggs_rule == "double_next":
        return (2 * loss[0], 2 * loss[1])
    if rules.eggs_rule == "double_cumulative":
        return (loss[0] << streak, loss[1] << streak)
    a, b = loss  # add_two: only a team that lost anything loses two more
    return (a + 2 if a else 0, b + 2 if b else 0)


def team_of(seat: int) -> int:
    return seat % 2


def priority(seat: int, original_leader: int, rules: Rules) -> int:
    """How close `seat` is to the trick's original leader (A6b): who claims first."""
    distance = (seat - original_leader) % 4
    return distance if rules.four_suit_priority == "clockwise" else (4 - distance) % 4


def claim_order(leader: int, made: int, original_leader: int, rules: Rules) -> list[int]:
    """The seats yet to play to a trick led by `leader` with `made` plays so far, in claim
    priority order (A6b)."""
    unplayed = [(leader + k) % 4 for k in range(made, 4)]
    return sorted(unplayed, key=lambda s: priority(s, original_leader, rules))


def beat_target(plays: Sequence[tuple[int, str, tuple[Card, ...]]], rules: Rules) -> tuple[Card, ...]:
    """The cards a beat must beat, given the plays of the trick so far: the current winner's,
    i.e. the latest play face up (or the lead, A10); () before anything is led."""
    if not plays:
        return ()
    if rules.beat_target == "lead":
        return plays[0][2]
    for p in reversed(plays):  # the latest play that is not a discard
        if p[1] != "discard":
            return p[2]
    raise AssertionError("a trick's lead is never a discard")


def deal_cards(deck: tuple[Card, ...], dealer: int, rules: Rules, seed: int, deal_no: int,
               stacked: bool) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], Card, int]:
    """A deal from `deck` (top card first, §2.2): four cards each from the dealer's left
    (`deal_order`), the rest the stock, and the trump indicator shown (`trump_index`; under
    the stock unless `middle_return`).  Gives the hands in card order, the stock, the trump
    indicator and its place in the stock."""
    hands: list[list[Card]] = [[], [], [], []]
    for card, who in zip(deck, deal_order(dealer, rules.deal_packet)):
        hands[who].append(card)
    stock = deck[16:]
    index = trump_index(len(stock), rules, seed, deal_no, stacked)
    card, pos = stock[index], index
    if rules.trump_reveal != "middle_return":  # turned face up under the stock
        stock, pos = stock[:index] + stock[index + 1:] + (card,), len(stock) - 1
    return [sorted_cards(h) for h in hands], stock, card, pos


def next_dealer(dealer: int, last_winner: int, eggs: bool, rules: Rules) -> int:
    """Who deals the next deal: the same dealer after eggs with `eggs_same_dealer`,
    else the seat right of the last trick's winner or the next seat clockwise."""
    if eggs and rules.eggs_same_dealer:
        return dealer
    if rules.next_dealer == "last_trick_winner_right":
        return (last_winner - 1) % 4
    return (dealer + 1) % 4


def face_down_turned_up(hands: Sequence[Sequence[Card]], stock: Sequence[Card],
                        plays: Sequence[object]) -> bool:
    """Are the face-down cards turned up now?  Once a deal's last trick is taken (no
    hands, no stock, no trick on the table) every pile is turned up for the count
    (§2.4): from then on the face-down cards are no secret, to anyone."""
    return not stock and not plays and not any(hands)


def team_points(piles: Sequence[Iterable[Card]],
                hidden: Sequence[Iterable[tuple[int, Card]]]) -> tuple[int, int]:
    """Each team's card points at a deal's end: its face-up pile and its face-down cards."""
    (up_a, up_b), (down_a, down_b) = piles, hidden
    return (card_points(up_a) + card_points(c for _, c in down_a),
            card_points(up_b) + card_points(c for _, c in down_b))


@lru_cache(maxsize=64)  # a dozen answers (4 dealers, 3 packets), asked at every deal
def deal_order(dealer: int, packet: int = 1) -> tuple[int, ...]:
    """Who gets each of the 16 dealt cards: from the dealer's left, clockwise (§2.2)."""
    order = []
    for _ in range(HAND_SIZE // packet):
        for k in range(1, 5):
            order += [(dealer + k) % 4] * packet
    return tuple(order)


def trump_index(size: int, rules: Rules, seed: int, deal_no: int, stacked: bool) -> int:
    """Where in a stock of `size` cards the trump indicator is shown (§2.2, A1, A2): from
    the seeded generator, but index 1 for a stacked first deal, 0 for `top_to_bottom`."""
    if rules.trump_reveal == "top_to_bottom":
        return 0
    if stacked:
        return 1
    low, high = (1, size - 2) if rules.trump_index_range == "middle" else (0, size - 1)
    return random.Random(f"{seed}:trump:{deal_no}").randint(low, high)


# ---------------------------------------------------------------------------------------
# Small helpers on cards and seats, shared by the other modules

_BY_KEY = operator.attrgetter("key")  # Card order without a Python-level __lt__ per comparison


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in display order (suit ♠ ♥ ♦ ♣, then rank), as hands are kept."""
    return tuple(sorted(cards, key=_BY_KEY))


def card_symbols(cards: Iterable[Card]) -> str:
    """The cards in their symbols ("A♠ 10♠"), as rule messages and pictures show them."""
    return " ".join(c.symbol for c in cards)


def check_seat(seat: object) -> int:
    """`seat` itself if it is a seat 0-3, else a `ValueError`."""
    if type(seat) is not int or not 0 <= seat < 4:
        raise ValueError(f"a Kozel seat is 0, 1, 2 or 3, not {seat!r}")
    return seat
