"""Kasína's facts and rules: `INFO`, the deck and its two casinos, the variant options
(`Rules`), and the rules as pure functions — card values, what a card may take, sweeps, a
hand's score, the match's winner, the dealing pattern — with the hand estimate the search
bot scores its cut-short simulations by (`deal_estimate`)."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from cardlearn.cards import RANKS, Card, parse_cards, standard_deck
from cardlearn.core import check_rule_types
from cardlearn.protocol import GameInfo, ScoreRow

if TYPE_CHECKING:
    from .state import Action, State

__all__ = [  # this module's part of the game API: the package re-exports these
    "CATEGORIES",
    "DECK",
    "INFO",
    "LITLA_KASINA",
    "NAME",
    "PLAYERS",
    "STORA_KASINA",
    "Rules",
    "SheetRow",
    "capture_options",
    "deal_estimate",
    "deal_pattern",
    "deal_sizes",
    "hand_score",
    "is_sweep",
    "match_winner",
    "played_value",
    "sweepable",
    "table_value",
]

INFO = GameInfo(name={"is": "Kasína", "en": "Casino"}, players=(2, 2), partnerships=False,
                score_sign=1, phases=("play", "over"), strongest_bot="search", has_deal_estimate=True,
                score_unit={"is": "stig", "en": "points"}, deal_word={"is": "{n}. spil", "en": "Hand {n}"},
                notebook="01-kasina", page="Kasína", lab=True, handout=True)
NAME = INFO.name
PLAYERS = INFO.players
DECK = standard_deck()
LITLA_KASINA = Card("2", "S")   # little casino, 2 points
STORA_KASINA = Card("10", "D")  # big casino, 5 points
CATEGORIES = ("little_casino", "big_casino", "sweeps", "last_trick", "spades", "aces", "cards")


class SheetRow(ScoreRow):
    """A Kasína score-sheet row: each of `CATEGORIES`, points per seat, and `total`."""

    little_casino: tuple[int, int]
    big_casino: tuple[int, int]
    sweeps: tuple[int, int]
    last_trick: tuple[int, int]
    spades: tuple[int, int]
    aces: tuple[int, int]
    cards: tuple[int, int]

_ACE_VALUES = ("hand_1_or_14_table_1", "finnish", "both_anywhere")
_TRAIL_RULES = ("only_if_no_capture", "card_cannot_capture", "free")


@dataclass(frozen=True)
class Rules:
    """Variant options (rule file §A3); every default is the rule file's."""

    target: int = 21
    hand_size: int = 4
    ace_values: str = "hand_1_or_14_table_1"
    trail_rule: str = "only_if_no_capture"
    must_capture_maximal: bool = False
    builds: bool = False
    sweep_on_final_play: bool = True
    sweeps_cancel: bool = False
    ace_scoring: str = "majority"
    simultaneous_target: str = "higher_total"

    def __post_init__(self) -> None:
        check_rule_types(self)
        checks = [
            (self.target >= 1, "target must be at least 1 point"),
            (self.hand_size in (4, 5), "hand_size is 4 (Stekkjargerði) or 5 (Dalvíkurskóli)"),
            (self.ace_values in _ACE_VALUES, f"ace_values is one of {_ACE_VALUES}"),
            (self.trail_rule in _TRAIL_RULES, f"trail_rule is one of {_TRAIL_RULES}"),
            (not self.builds, "builds are not part of Icelandic kasína and not supported"),
            (self.ace_scoring in ("majority", "each"), "ace_scoring is 'majority' or 'each'"),
            (self.simultaneous_target in ("higher_total", "count_out"),
             "simultaneous_target is 'higher_total' or 'count_out'"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)


# ---------------------------------------------------------------------------------------
# Card values and captures (§A2.4)

def table_value(card: Card) -> int:
    """A card's value on the table: 2–10 by pips, J 11, Q 12, K 13, ace 1."""
    return _VALUE[card.rank] if card.rank != "A" else 1


def played_value(card: Card) -> int:
    """A card's value when played from hand: as on the table, but an ace is 14."""
    return _VALUE[card.rank]


# 2 … 10, J 11, Q 12, K 13, A 14 (a card's rank: None only for a joker, not in this deck)
_VALUE: dict[str | None, int] = {rank: i + 2 for i, rank in enumerate(RANKS)}


@lru_cache(maxsize=1 << 18)
def capture_masks(value: int, table_values: tuple[int, ...], ace_takes_ace: bool,
                  maximal: bool) -> tuple[tuple[int, ...], ...]:
    """The sets of table positions a card of `value` may take (§A2.4), smallest first.
    Found with bit masks: subsets adding up to `value` are the groups, and every union
    of pairwise disjoint groups is a legal capture.  Its work grows with the captures it
    lists, and on a big table (`trail_rule="free"`, nobody taking) they are hundreds of
    thousands: a single move is therefore checked without it (`is_capture`).

    Cached (a `functools.lru_cache`): the same few tables come up again and again in play
    and in searches; `capture_masks.cache_clear()` empties it (the benchmark times a cold
    search)."""
    groups: list[int] = []
    _add_groups(value, table_values, 0, 0, 0, groups)
    if ace_takes_ace:  # a played ace (14) also takes a lone table ace (1) by rank
        groups += [1 << i for i, v in enumerate(table_values) if v == 1]
    unions = {0}
    for g in groups:
        unions |= {m | g for m in unions if not m & g}
    unions.discard(0)
    if maximal:
        unions = {m for m in unions if all(m & g for g in groups)}
    # by size, then by mask: sorted by mask, then (a stable sort) by size, both in C
    order = sorted(sorted(unions), key=int.bit_count)
    return tuple(map(mask_positions, order))


def table_captures(value: int, table_values: tuple[int, ...], ace_takes_ace: bool,
                   maximal: bool) -> tuple[tuple[int, ...], ...]:
    """`capture_masks`, looked up by the table's cards up to the last one that may belong
    to a capture: a card worth more than `value` never does, and the table is kept in
    order of value (`table_order`), so on it those cards come last and the rest keep
    their positions.  The same answer, from a cache that hits far more often (an 8 sees
    the same table whatever kings lie there)."""
    cut = bisect_right(table_values, value)
    if cut < len(table_values) and min(table_values[cut:]) <= value:
        cut = len(table_values)  # a table out of value order (a snapshot save): all of it
    return capture_masks(value, table_values[:cut], ace_takes_ace, maximal)


def _add_groups(value: int, table_values: tuple[int, ...], start: int, total: int, mask: int,
                groups: list[int]) -> None:
    """Append to `groups` every subset (a mask) of the positions from `start` on that adds
    `total` up to `value`, each joined to `mask`.  A module-level function, not a closure
    in `capture_masks`: a recursive closure is a reference cycle, left for the garbage
    collector at every cache miss, and that made the collector cost a quarter of a move."""
    for i in range(start, len(table_values)):
        t = total + table_values[i]
        if t == value:
            groups.append(mask | 1 << i)
        elif t < value:
            _add_groups(value, table_values, i + 1, t, mask | 1 << i, groups)


@lru_cache(maxsize=1 << 12)
def mask_positions(mask: int) -> tuple[int, ...]:
    """The positions of the bits set in `mask`, lowest first: `0b101` → `(0, 2)`."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def _by_value(table_values: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The distinct values of a table, and how many cards have each."""
    values = tuple(sorted(set(table_values)))
    return values, tuple(list(table_values).count(v) for v in values)


@lru_cache(maxsize=1 << 16)
def capture_groups(value: int, values: tuple[int, ...], counts: tuple[int, ...],
                   ace_takes_ace: bool) -> tuple[tuple[int, ...], ...]:
    """The groups (§A2.4) a card of `value` may take from a table holding `counts[j]`
    cards of value `values[j]`, each group as how many cards of each value it holds:
    the ways to make `value` as a sum of table values, and for a played ace that takes
    an ace by rank, one table ace (value 1) alone."""
    out: list[tuple[int, ...]] = []
    _add_sums(values, counts, 0, value, (), out)
    if ace_takes_ace and values and values[0] == 1:
        lone_ace = (1,) + (0,) * (len(values) - 1)
        if lone_ace not in out:
            out.append(lone_ace)
    return tuple(g for g in out if any(g))


def _add_sums(values: tuple[int, ...], counts: tuple[int, ...], j: int, left: int,
              chosen: tuple[int, ...], out: list[tuple[int, ...]]) -> None:
    """Append to `out` every way to make `left` from the values from `j` on (how many
    cards of each), after the counts `chosen` for the values before `j`.  Not a closure in
    `capture_groups`, for the reason `_add_groups` gives."""
    if left == 0:
        out.append(chosen + (0,) * (len(values) - j))
        return
    if j == len(values) or values[j] > left:
        return
    for k in range(min(counts[j], left // values[j]), -1, -1):
        _add_sums(values, counts, j + 1, left - k * values[j], (*chosen, k), out)


def _fits_a_group(groups: Iterable[tuple[int, ...]], taken: tuple[int, ...], counts: tuple[int, ...]) -> bool:
    """Does some whole group lie among the cards that `taken` leaves on the table?"""
    return any(all(g <= c - t for g, t, c in zip(group, taken, counts)) for group in groups)


def is_capture(value: int, table_values: Sequence[int], taken: Iterable[int], ace_takes_ace: bool,
               maximal: bool) -> bool:
    """Is taking the table positions `taken` a legal capture for a card of `value`
    (§A2.4), without listing every capture: can the counts of its values be split into
    groups (a memoised search over counts), and with `maximal`, is no whole group left?"""
    values, counts = _by_value(table_values)
    index = {v: j for j, v in enumerate(values)}
    want = [0] * len(values)
    for i in set(taken):
        want[index[table_values[i]]] += 1
    target = tuple(want)
    if not any(target):
        return False
    groups = capture_groups(value, values, counts, ace_takes_ace)
    if maximal and _fits_a_group(groups, target, counts):
        return False
    return _splits(target, groups)


@lru_cache(maxsize=1 << 16)
def _splits(taken: tuple[int, ...], groups: tuple[tuple[int, ...], ...]) -> bool:
    """Can these counts be split into whole groups?  (The first value still held must
    lie in some group: trying only those groups finds every split once over.)"""
    if not any(taken):
        return True
    first = next(j for j, k in enumerate(taken) if k)
    return any(g[first] and all(a <= b for a, b in zip(g, taken))
               and _splits(tuple(b - a for a, b in zip(g, taken)), groups) for g in groups)


def can_capture(value: int, table_values: Sequence[int], ace_takes_ace: bool) -> bool:
    """Can a card of `value` take anything from this table (is there a single group)?"""
    values, counts = _by_value(table_values)
    return bool(capture_groups(value, values, counts, ace_takes_ace))


_TABLE_VALUE = {c: table_value(c) for c in DECK}
_TABLE_KEY = {c: (table_value(c), c.sort_key()) for c in DECK}


# `_TABLE_KEY` as one int per card, by `Card.key` (value * 128 + key: the same order).
# (A dict keyed by int: a card of no Kasína deck is a KeyError, as it was.)
_TABLE_RANK: dict[int, int] = {c.key: table_value(c) * 128 + c.sort_key() for c in DECK}


def table_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The table kept in order of value (then suit): the order means nothing in the
    rules, and a canonical one lets capture searches be cached and reused."""
    # Sorted as (int, card) pairs: the ints differ card by card, so no card is compared,
    # and no key function (a Python-level `Card.__hash__` per look-up) is called.
    rank = _TABLE_RANK
    return tuple([c for _, c in sorted([(rank[c.key], c) for c in cards])])


def table_with(table: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`table_order((*table, card))`: the table with `card` laid down, in table order.
    A table already in that order (as the engine keeps it) takes the card in its place
    without a sort; any other (a snapshot save's) is sorted whole, as before."""
    ranks = [_TABLE_RANK[c.key] for c in table]
    if ranks != sorted(ranks):
        return table_order((*table, card))
    at = bisect_right(ranks, _TABLE_RANK[card.key])
    return (*table[:at], card, *table[at:])


def table_values(table: Sequence[Card]) -> tuple[int, ...]:
    """The table's cards' values, in its order (the key of `capture_masks`)."""
    value = _VALUE_BY_KEY  # by `Card.key`: a dict keyed by cards calls `Card.__hash__`
    return tuple([value[c.key] for c in table])


_VALUE_BY_KEY: dict[int, int] = {c.key: table_value(c) for c in DECK}
_UP_TO_14 = (1 << 15) - 1  # bits 0 … 14: no card is played for more than 14


def subset_sums(table_values: Iterable[int]) -> int:
    """The totals from 0 to 14 that some of these table values add up to, as bits: bit
    `t` is set when some cards make `t` (bit 0 always: no cards at all; bit 1 only for a
    table ace).  A card of `value` takes something exactly when bit `value` is set, or,
    for an ace that takes an ace by rank, bit 1: the quick test that spares the cards
    that can take nothing the look-up of their captures (`capture_masks`)."""
    sums = 1
    for v in table_values:
        sums = (sums | sums << v) & _UP_TO_14
    return sums


# Per `Card.key`: (the card's value played from hand, is it an ace?), for `_legal`.
PLAY_FACTS: dict[int, tuple[int, bool]] = {c.key: (_VALUE[c.rank], c.rank == "A") for c in DECK}


def masks_for(card: Card, values: tuple[int, ...], rules: Rules) -> tuple[tuple[int, ...], ...]:
    """`capture_masks` for `card` played onto a table of these `values`."""
    ace_takes_ace = card.rank == "A" and rules.ace_values != "finnish"
    return capture_masks(_VALUE[card.rank], values, ace_takes_ace, rules.must_capture_maximal)


def may_take(card: Card, table: Sequence[Card], captured: Iterable[Card], rules: Rules) -> bool:
    """Is taking `captured` (cards of `table`) with `card` a legal capture (§A2.4)?
    Checked directly, not looked up among every capture (`is_capture`)."""
    where = {c: i for i, c in enumerate(table)}
    ace_takes_ace = card.rank == "A" and rules.ace_values != "finnish"
    return is_capture(_VALUE[card.rank], table_values(table), [where[c] for c in captured],
                      ace_takes_ace, rules.must_capture_maximal)


def takes_something(card: Card, values: tuple[int, ...], rules: Rules) -> bool:
    """Can `card` take anything from a table of these `values`?"""
    ace_takes_ace = card.rank == "A" and rules.ace_values != "finnish"
    return can_capture(_VALUE[card.rank], values, ace_takes_ace)


def capture_options(card: Card | str, table: Iterable[Card | str],
                    rules: Rules | None = None) -> list[frozenset[Card]]:
    """Every set of table cards that `card` may take (§A2.4): unions of disjoint groups,
    each group one card of the same rank or cards whose values add up to the card's."""
    card = card if isinstance(card, Card) else Card.parse(card)
    cards = parse_cards(table)
    masks = masks_for(card, table_values(cards), rules or Rules())
    return [frozenset(cards[i] for i in m) for m in masks]


def sweepable(table: Sequence[Card], rules: Rules | None = None) -> bool:
    """Could some card take every card of this table at once?"""
    rules, values = rules or Rules(), table_values(table)
    everything = tuple(range(len(table)))
    return bool(table) and any(everything in masks_for(Card(r, "S"), values, rules) for r in RANKS)


def is_sweep(state: State, action: Action) -> bool:
    """Does `action` clear the table for a svippur (sweep) point (§A2.6)?  A final play of
    the hand that clears the table scores only with `sweep_on_final_play`."""
    if not action.captured or not action.captured >= set(state.table):
        return False
    final = not state.stock and sum(len(h) for h in state.hands) == 1
    return state.rules.sweep_on_final_play or not final


# ---------------------------------------------------------------------------------------
# Scoring and the match's end (§A2.8, §A2.9)

def hand_score(piles: Sequence[Sequence[Card]], sweeps: Sequence[int],
               last_trick: int | None, rules: Rules | None = None) -> dict[str, tuple[int, int]]:
    """Points per seat for one finished hand (§A2.8), by category, plus `total`."""
    rules = rules or Rules()
    # Each pile read once into its cards' keys, ranks and suits, then counted in C (`in`
    # on the cards themselves would call the Python-level `Card.__eq__` card by card).
    keys = [[c.key for c in pile] for pile in piles]
    ranks = [[c.rank for c in pile] for pile in piles]
    suits = [[c.suit for c in pile] for pile in piles]

    def holder(card: Card) -> tuple[int, int]:
        return int(card.key in keys[0]), int(card.key in keys[1])

    def most(counts: tuple[int, int]) -> tuple[int, int]:
        return (int(counts[0] > counts[1]), int(counts[1] > counts[0]))

    little, big = holder(LITLA_KASINA), holder(STORA_KASINA)
    aces = ranks[0].count("A"), ranks[1].count("A")
    s0, s1 = sweeps
    row = {
        "little_casino": (2 * little[0], 2 * little[1]),
        "big_casino": (5 * big[0], 5 * big[1]),
        "sweeps": (s0, s1) if not rules.sweeps_cancel else (max(0, s0 - s1), max(0, s1 - s0)),
        "last_trick": (int(last_trick == 0), int(last_trick == 1)),
        "spades": most((suits[0].count("S"), suits[1].count("S"))),
        "aces": most(aces) if rules.ace_scoring == "majority" else aces,
        "cards": most((len(piles[0]), len(piles[1]))),
    }
    row["total"] = (sum(row[c][0] for c in CATEGORIES), sum(row[c][1] for c in CATEGORIES))
    return row


def match_winner(before: tuple[int, int], row: dict[str, tuple[int, int]], dealer: int,
                 rules: Rules) -> int | None:
    """Who has won after a hand's `row` is added to the totals `before` (§A2.9)."""
    after = tuple(b + t for b, t in zip(before, row["total"]))
    reached = [s for s in (0, 1) if after[s] >= rules.target]
    if len(reached) < 2:
        return reached[0] if reached else None
    if rules.simultaneous_target == "higher_total":
        return None if after[0] == after[1] else max((0, 1), key=lambda s: after[s])
    running = list(before)
    for category in CATEGORIES:  # count out in the seed's order, non-dealer first
        for seat in (1 - dealer, dealer):
            running[seat] += row[category][seat]
            if running[seat] >= rules.target:
                return seat
    return None  # unreachable: both reached the target


def deal_estimate(state: State) -> tuple[float, float]:
    """The hand's expected points per seat, judged from the piles so far: casinos, sweeps
    (and aces, when each ace scores) as they stand; each majority (cards, spades, aces) by
    the chance that the lead holds if the cards still out split evenly; the last trick a
    toss-up.  The search bot scores the simulations it cuts short with it."""
    row = hand_score(state.piles, state.sweeps, None, state.rules)
    # (category, which cards count, how many there are); a majority is worth 1 point (§A2.8)
    majorities: list[tuple[str, Callable[[Card], bool], int]] = [
        ("cards", lambda c: True, 52), ("spades", lambda c: c.suit == "S", 13)]
    if state.rules.ace_scoring == "majority":
        majorities.append(("aces", lambda c: c.rank == "A", 4))
    totals = [row["total"][s] + 0.5 for s in (0, 1)]  # the last trick: 1 point, either seat
    for category, counts, out_of in majorities:
        mine, theirs = (sum(map(counts, pile)) for pile in state.piles)
        left = out_of - mine - theirs
        totals[0] += chance_to_lead(mine, theirs, left) - row[category][0]
        totals[1] += chance_to_lead(theirs, mine, left) - row[category][1]
    return totals[0], totals[1]


def chance_to_lead(mine: int, theirs: int, left: int) -> float:
    """The chance to end with more than the other side when `left` cards still come, each
    to either side with even odds (a normal approximation to the binomial)."""
    if left <= 0:
        return float(mine > theirs)
    z = (theirs - mine + 1) / math.sqrt(left)
    return 0.5 * math.erfc(z / math.sqrt(2))


# ---------------------------------------------------------------------------------------
# Dealing (§A2.2)

def deal_pattern(first: bool, size: int) -> tuple[str, ...]:
    """Who gets each packet of a deal, in order: 'n' non-dealer, 'd' dealer, 't' table."""
    if first:
        return ("nn", "dd", "tt", "nn", "dd", "tt") if size == 4 else ("nn", "dd", "tt", "nnn", "ddd", "tt")
    return ("nn", "dd", "nn", "dd") if size == 4 else ("nn", "dd", "nnn", "ddd")


def deal_sizes(rules: Rules) -> tuple[int, ...]:
    """Cards per player in each deal of a hand: 4 six times, or 5, 5, 5, 5, 4."""
    return (4,) * 6 if rules.hand_size == 4 else (5, 5, 5, 5, 4)
