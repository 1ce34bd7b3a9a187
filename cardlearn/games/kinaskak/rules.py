"""Kínaskák's rules as data and pure functions: the game's facts (`INFO`), the deck, the
variant options (`Rules`), the contracts, the run scale, runs (*raðir*), sets (*þrennur*)
and penalties.

Positions on the run scale: ace low 1, 2 … 10, J 11, Q 12, K 13, ace high 14 (§B2.1); with
`run_wrap` the scale is cyclic over the thirteen ranks instead.  Whether a hand can still
make a contract is a search of its own: `melds.py`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, NamedTuple

from cardlearn.cards import JOKER, RANKS, Card, make_deck, parse_cards
from cardlearn.core import check_rule_types
from cardlearn.protocol import GameInfo, ScoreRow

if TYPE_CHECKING:
    from .state import State

__all__ = [  # this module's part of the game API: the package re-exports these
    "CONTRACTS",
    "INFO",
    "NAME",
    "PLAYERS",
    "Contract",
    "Rules",
    "SheetRow",
    "card_penalty",
    "deal_estimate",
    "deck_for",
    "is_run",
    "is_set",
    "penalty",
    "round_penalties",
]

INFO = GameInfo(
    name={"is": "Kínaskák", "en": "Kinaskak (contract rummy)"},
    players=(2, 6),
    partnerships=False,
    score_sign=-1,  # penalty points: fewer is better
    phases=("draw", "buy", "meld", "discard", "over"),
    strongest_bot="search",
    has_deal_estimate=True,
    score_unit={"is": "refsistig", "en": "penalty points"},
    deal_word={"is": "{n}. umferð", "en": "Round {n}"},
    notebook="03-kinaskak",
    page="Kínaskák",
    lab=True,
    handout=True,
)
NAME = INFO.name
PLAYERS = INFO.players

FINAL_ROUND = 8
HAND_SIZE = 13
# A joker's `Card.key`: the meld search and the bots count cards by key (an int hashes in C).
JOKER_KEY = JOKER.key


# The options the meld search reads, as one tuple (see `Rules.meld_config`):
# (run_wrap, run_ace_both_ends, joker_limit, distinct_set_ranks).
MeldConfig = tuple[bool, bool, str, bool]


class SheetRow(ScoreRow):
    """A Kínaskák score-sheet row: the `round` (1–8) and its `contract` (runs and sets
    asked), the seat that `went_out` (None if nobody), each seat's `penalty` points, and
    `total` (the same penalties: they are the score)."""

    round: int
    contract: dict[str, int]
    went_out: int | None
    penalty: tuple[int, ...]


@dataclass(frozen=True)
class Rules:
    """Variant options: one per row of the rule file's ambiguity table (docs/rules/kinaskak.md §B3), each with
    the rule file's default.  `max_turns_per_round=None` means 60 × players."""

    jokers_per_deck: int = 2
    decks: Literal["by_players"] | int = "by_players"
    run_wrap: bool = False
    run_ace_both_ends: bool = True
    distinct_set_ranks: bool = False
    joker_limit: Literal["min_one_natural", "not_more_than_naturals", "one_per_meld"] = "min_one_natural"
    extra_melds_on_laydown: bool = False
    new_melds_after_laydown: bool = False
    layoff_same_turn: bool = True
    joker_steal_from_sets: bool = True
    joker_steal_by_owner: bool = True
    stolen_joker_must_be_used: bool = False
    max_buys: int = 3
    excess_buy_penalty: int | None = None
    buy_priority: Literal["lot", "seat_order"] = "lot"
    discarder_may_buy: bool = False
    buy_initial_upcard: bool = True
    buy_in_final_lap: bool = False
    round8_draw_source: Literal["stock", "either"] = "stock"
    go_out_by_discard: bool = True
    forbid_same_card_discard: bool = False
    dealer_rotation: Literal["clockwise"] = "clockwise"
    stock_exhaustion: Literal["reshuffle", "end_round"] = "reshuffle"
    max_reshuffles: int = 1
    max_turns_per_round: int | None = None
    tie_break: Literal["shared", "fewest_total_cards"] = "shared"

    def __post_init__(self) -> None:
        check_rule_types(self)
        checks = [
            (0 <= self.jokers_per_deck <= 4, "jokers_per_deck is from 0 to 4"),
            (self.decks == "by_players" or 2 <= self.decks <= 4, "decks is 'by_players' or 2 to 4"),
            (self.max_buys >= 0, "max_buys is 0 or more"),
            (self.excess_buy_penalty is None or self.excess_buy_penalty >= 0,
             "excess_buy_penalty is None or 0 or more points"),
            (self.max_reshuffles >= 0, "max_reshuffles is 0 or more"),
            (self.max_turns_per_round is None or self.max_turns_per_round >= 1,
             "max_turns_per_round is None or at least 1"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)

    @property
    def meld_config(self) -> MeldConfig:
        """The options the meld search reads, as one small tuple, (run_wrap,
        run_ace_both_ends, joker_limit, distinct_set_ranks): `melds.completable`'s cache
        keys on it, where hashing a whole `Rules` (26 fields) per look-up would cost more.
        A plain tuple made anew each time (the search asks only when its own caches miss),
        not cached on the instance: writing the instance dict makes every later read of a
        `Rules` field slower in Python 3.11 (a dict look-up instead of the object's inline
        values), 1.4 % more instructions in the engine benchmark's random play."""
        return (self.run_wrap, self.run_ace_both_ends, self.joker_limit, self.distinct_set_ranks)


class Contract(NamedTuple):
    """A round's goal (*samningur*): how many runs and sets the first lay-down must hold."""

    runs: int
    sets: int

    @property
    def min_cards(self) -> int:
        return 4 * self.runs + 3 * self.sets


CONTRACTS: tuple[Contract, ...] = (
    Contract(1, 1), Contract(0, 2), Contract(2, 0), Contract(1, 2),
    Contract(2, 1), Contract(0, 3), Contract(3, 0), Contract(2, 2),
)


def check_players(players: object) -> int:
    """The number of seats, if the game allows it: Kínaskák is for 2 to 6 players."""
    low, high = PLAYERS
    if type(players) is not int or not low <= players <= high:
        raise ValueError(f"Kínaskák is for {low} to {high} players, not {players!r}")
    return players


def deck_for(players: int, rules: Rules = Rules()) -> tuple[Card, ...]:
    """Two decks and 2 jokers each for 2–4 players, three for 5–6 (§B2.1, flags 1–2)."""
    check_players(players)
    copies = (2 if players <= 4 else 3) if rules.decks == "by_players" else rules.decks
    return make_deck(copies=copies, jokers=rules.jokers_per_deck * copies)


# ---------------------------------------------------------------------------------------
# Penalties (§B1 "End of rounds and scoring")

_PENALTY = {"A": 15, "9": 10, "10": 10, "J": 10, "Q": 10, "K": 10}


def card_penalty(card: Card) -> int:
    """Joker 20, ace 15, 9, 10 and faces 10, 2–8 5."""
    return 20 if card.rank is None else _PENALTY.get(card.rank, 5)


def penalty(cards: Iterable[Card | str] | str) -> int:
    """The penalty points of the cards left in a hand."""
    return sum(card_penalty(c) for c in parse_cards(cards))


def hand_penalties(hands: Iterable[Sequence[Card]], fines: Iterable[int]) -> tuple[int, ...]:
    """Per seat, the penalty of its hand plus its fines (excess buys)."""
    return tuple(penalty(h) + f for h, f in zip(hands, fines))


def round_penalties(state: State) -> tuple[int, ...]:
    """The round's penalty points per seat as it stands: each hand's penalty plus its
    fines (what the score sheet gets when the round ends)."""
    return hand_penalties(state.hands, state.fines)


# What a round's end usually brings, from 51,288 positions of 150 four-player games of
# rule-of-thumb bots (seeds 0-149, every 15th move): a seat that has not laid down ended
# with 40 penalty points on average, whatever it held at the time (the correlation with
# its penalty then was nil); one that had laid down with about 2 + 1/5 of its penalty then.
NOT_LAID_DOWN_END = 40.0
LAID_DOWN_END = (2.0, 0.2)


def deal_estimate(state: State) -> tuple[float, ...]:
    """The penalty points each seat may expect at the end of the round, judged from now
    (see the figures above), fines included.  The search bot scores the simulations it
    cuts short with it: the penalty as it stands would reward throwing away high cards,
    which does not pay before laying down."""
    base, share = LAID_DOWN_END
    return tuple(
        ((base + share * penalty(h) if h else 0.0) if laid else NOT_LAID_DOWN_END) + f
        for h, laid, f in zip(state.hands, state.laid_down, state.fines))


# ---------------------------------------------------------------------------------------
# The run scale

_LOW_SCALE = ("A", *RANKS)  # position 1 is the low ace, 14 the high ace


def rank_at(pos: int, wrap: bool) -> str:
    """The rank standing at a position of the run scale."""
    return RANKS[pos % 13] if wrap else _LOW_SCALE[pos - 1]


def max_jokers(size: int, limit: str) -> int:
    """How many jokers a meld of `size` cards may hold (§B2.2, flag `joker_limit`)."""
    if limit == "one_per_meld":
        return 1
    if limit == "not_more_than_naturals":
        return size // 2
    return size - 1


def run_lows(size: int, wrap: bool, ace_both: bool) -> range:
    """Where a run of `size` cards may start on the scale."""
    if wrap:
        return range(13) if size <= 13 else range(0)
    top = 14 if ace_both or size < 14 else 13
    return range(1, top - size + 2)


@lru_cache(maxsize=1 << 12)  # the same few hundred windows are asked for over and over
def run_cards(suit: str, low: int, size: int, wrap: bool) -> tuple[Card, ...]:
    """The natural cards a run of `size` from position `low` stands for."""
    return tuple(Card(rank_at(p, wrap), suit) for p in range(low, low + size))


# ---------------------------------------------------------------------------------------
# Runs and sets (§B2.2)

def fit_run(cards: Sequence[Card], rules: Rules = Rules()) -> tuple[str, int] | None:
    """(suit, low) of the highest placing of these cards as one run, or None (§B2.2): a
    joker at an end stands for the card above the naturals when there is room.  This is
    the placing a lay-down gets when the player clicks its cards alone."""
    placings = run_placings(cards, rules)
    return placings[-1] if placings else None


def end_placings(cards: Sequence[Card], rules: Rules = Rules()) -> list[tuple[str, int]]:
    """Every placing a player may declare for these cards as one run, highest first and
    then down to the lowest (§B4.4: JK 4H 5H 6H may be declared as 3H–6H or 4H–7H; with two
    or more jokers at the ends they may also be split between the ends: 5H 6H JK JK as
    JK=4H 5H 6H JK=7H).  A joker's binding decides what may later be laid off on the run
    and which card steals the joker.  Placings that stand for the same cards (a cyclic run
    holding every rank, whichever its start) are one declaration: the highest is kept."""
    size, wrap = len(cards), rules.run_wrap
    out: list[tuple[str, int]] = []
    seen: list[Counter[Card]] = []
    for placed in reversed(run_placings(cards, rules)):
        stands = Counter(run_cards(*placed, size, wrap))
        if stands not in seen:
            seen.append(stands)
            out.append(placed)
    return out


def in_place_order(cards: Sequence[Card], binds: Sequence[Card],
                   rules: Rules = Rules()) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """A run written in any order (`cards`, and per card the card it stands for: itself,
    or a joker's declared card), put in place order, lowest position first: the cards and
    their bindings as a lay-down of it reads them.  None if the declared cards are no run
    window.  Written in place order already, it is kept as written (a cyclic run holding
    every rank reads the same from any start)."""
    size, wrap = len(cards), rules.run_wrap
    if len(binds) != size or size < 4 or any(b is JOKER or b.suit is None for b in binds):
        return None
    suit = binds[0].suit
    lows = run_lows(size, wrap, rules.run_ace_both_ends)
    if suit is None or any(b.suit != suit for b in binds):
        return None
    pairs = list(zip(cards, binds))
    for low in lows:
        if run_cards(suit, low, size, wrap) == tuple(binds):
            return tuple(cards), tuple(binds)
    for low in lows:
        window = run_cards(suit, low, size, wrap)
        if Counter(window) != Counter(binds):
            continue
        rest, placed = list(pairs), []
        for want in window:
            # a natural card before a joker declared as the same card (the A…A run's aces)
            i = min((j for j, (_, b) in enumerate(rest) if b == want),
                    key=lambda j: rest[j][0] is JOKER)
            placed.append(rest.pop(i))
        return tuple(c for c, _ in placed), tuple(b for _, b in placed)
    return None


def run_placings(cards: Sequence[Card], rules: Rules = Rules()) -> list[tuple[str, int]]:
    """Every (suit, low) at which these cards form a run, lowest first."""
    naturals = [c for c in cards if c.rank is not None]
    size = len(cards)
    if size < 4 or not naturals or size - len(naturals) > max_jokers(size, rules.joker_limit):
        return []
    suit = naturals[0].suit
    assert suit is not None  # a natural card has a suit
    if any(c.suit != suit for c in naturals):
        return []
    want = Counter(naturals)
    out = []
    for low in run_lows(size, rules.run_wrap, rules.run_ace_both_ends):
        have = Counter(run_cards(suit, low, size, rules.run_wrap))
        if not want - have:
            out.append((suit, low))
    return out


def is_run(cards: Iterable[Card | str] | str, rules: Rules = Rules()) -> bool:
    """At least four cards of one suit in sequence, ace low or high, no wrap-around;
    jokers stand in for any missing card (any binding that works is accepted)."""
    return bool(run_placings(parse_cards(cards), rules))


def is_set(cards: Iterable[Card | str] | str, rules: Rules = Rules()) -> bool:
    """At least three cards of one rank, any suits (duplicates allowed), jokers wild."""
    cards = parse_cards(cards)
    ranks = {c.rank for c in cards if c.rank is not None}
    jokers = sum(c.rank is None for c in cards)
    return len(cards) >= 3 and len(ranks) == 1 and jokers <= max_jokers(len(cards), rules.joker_limit)
