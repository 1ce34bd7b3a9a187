"""Kasína — the Icelandic Casino, a two-player fishing game.

The whole game and every variant option are summed up in the notebook
`notebooks/01-kasina.ipynb`, section "Reglur í hnotskurn / Rules at a glance"; the section
numbers (§A2.4 …) in this module are those of the project's rule file for Kasína.

Each turn a player plays one card from hand, either *taking* (`taka`) table cards whose
rank matches it or whose values add up to its value, or *laying it down* (a trail,
`leggja niður`).  Emptying the table is a *svippur* (sweep).  After six deals the hand
(*spil*) is scored; the first to 21 points wins the match.

Action notation: `"5S"` lays the five of spades on the table; `"5S:2C+3H+5D"` plays it
and takes the two of clubs, three of hearts and five of diamonds (any order, any case).
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from cardlearn.bots import Bot, RandomBot, margin
from cardlearn.bots import SearchBot as _Search
from cardlearn.cards import RANKS, Card, parse_cards, standard_deck
from cardlearn.core import (
    GameState,
    IllegalMove,
    SaveReader,
    check_rule_types,
    derived,
    fresh_seed,
    rules_from_dict,
    rules_to_dict,
    save_json,
    shuffled,
    stacked_deck,
)

NAME = {"is": "Kasína", "en": "Casino"}
PLAYERS = (2, 2)
DECK = standard_deck()
LITLA_KASINA = Card("2", "S")   # little casino, 2 points
STORA_KASINA = Card("10", "D")  # big casino, 5 points
CATEGORIES = ("little_casino", "big_casino", "sweeps", "last_trick", "spades", "aces", "cards")

RULE_WORDS = {  # why a move is illegal (IllegalMove.rule), in each language
    "en": {"not_in_hand": "{card} is not in your hand: you play one card from your own hand",
           "not_on_table": "{cards} is not on the table: you can only take cards lying there",
           "not_on_table_many": "{cards} are not on the table: you can only take cards lying there",
           "trail_card_can_take": "{card} can take cards, so it may not be laid down (trail rule)",
           "must_take": "taking is compulsory: you may lay a card down only when no card "
                        "in your hand can take",
           "must_take_all": "you must take every group you can with that card "
                            "(must_capture_maximal)",
           "cannot_take": "{card} cannot take {cards}: each taken card must match its rank, or be "
                          "in a group adding up to its value (ace 14 from hand, 1 on the table)"},
    "is": {"not_in_hand": "{card} er ekki á hendi þinni: þú spilar einu spili af eigin hendi",
           "not_on_table": "{cards} liggur ekki í borði: aðeins má taka spil sem liggja þar",
           "not_on_table_many": "{cards} liggja ekki í borði: aðeins má taka spil sem liggja þar",
           "trail_card_can_take": "{card} getur tekið, svo að ekki má leggja það niður",
           "must_take": "skylt er að taka: aðeins má leggja niður ef ekkert spil á hendi getur tekið",
           "must_take_all": "með spilinu verður að taka alla flokka sem það getur tekið",
           "cannot_take": "{card} getur ekki tekið {cards}: hvert spil sem er tekið þarf að vera "
                          "jafnhátt því eða í flokki sem leggst saman í gildi þess "
                          "(ás er 14 af hendi, 1 í borði)"},
}

SHEET_NAMES = {  # score sheet headings, for the table
    "is": {"little_casino": "litla kasína", "big_casino": "stóra kasína", "sweeps": "svippar",
           "last_trick": "síðasti slagur", "spades": "spaðar", "aces": "ásar", "cards": "bunkinn",
           "total": "alls"},
    "en": {"little_casino": "little casino", "big_casino": "big casino", "sweeps": "sweeps",
           "last_trick": "last trick", "spades": "spades", "aces": "aces", "cards": "cards",
           "total": "total"},
}

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
# Rule facts

def table_value(card: Card) -> int:
    """A card's value on the table: 2–10 by pips, J 11, Q 12, K 13, ace 1."""
    return _VALUE[card.rank] if card.rank != "A" else 1


def played_value(card: Card) -> int:
    """A card's value when played from hand: as on the table, but an ace is 14."""
    return _VALUE[card.rank]


_VALUE = {rank: i + 2 for i, rank in enumerate(RANKS)}  # 2 … 10, J 11, Q 12, K 13, A 14


@lru_cache(maxsize=1 << 18)
def _capture_masks(value: int, table_values: tuple[int, ...], ace_takes_ace: bool,
                   maximal: bool) -> tuple[tuple[int, ...], ...]:
    """The sets of table positions a card of `value` may take (§A2.4), smallest first.
    Found with bit masks: subsets adding up to `value` are the groups, and every union
    of pairwise disjoint groups is a legal capture."""
    groups: list[int] = []

    def subsets(start: int, total: int, mask: int) -> None:
        for i in range(start, len(table_values)):
            t = total + table_values[i]
            if t == value:
                groups.append(mask | 1 << i)
            elif t < value:
                subsets(i + 1, t, mask | 1 << i)

    subsets(0, 0, 0)
    if ace_takes_ace:  # a played ace (14) also takes a lone table ace (1) by rank
        groups += [1 << i for i, v in enumerate(table_values) if v == 1]
    unions = {0}
    for g in groups:
        unions |= {m | g for m in unions if not m & g}
    unions.discard(0)
    if maximal:
        unions = {m for m in unions if all(m & g for g in groups)}
    order = sorted(unions, key=lambda m: (m.bit_count(), m))
    return tuple(tuple(i for i in range(len(table_values)) if m >> i & 1) for m in order)


_TABLE_VALUE = {c: table_value(c) for c in DECK}
_TABLE_KEY = {c: (table_value(c), c.sort_key()) for c in DECK}
_NOTHING: frozenset[Card] = frozenset()


def _table_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The table kept in order of value (then suit): the order means nothing in the
    rules, and a canonical one lets capture searches be cached and reused."""
    return tuple(sorted(cards, key=_TABLE_KEY.__getitem__))


def _table_values(table: Sequence[Card]) -> tuple[int, ...]:
    return tuple([_TABLE_VALUE[c] for c in table])


def _masks_for(card: Card, values: tuple[int, ...], rules: Rules) -> tuple[tuple[int, ...], ...]:
    """`_capture_masks` for `card` played onto a table of these `values`."""
    ace_takes_ace = card.rank == "A" and rules.ace_values != "finnish"
    return _capture_masks(_VALUE[card.rank], values, ace_takes_ace, rules.must_capture_maximal)


def capture_options(card: Card | str, table: Iterable[Card | str],
                    rules: Rules | None = None) -> list[frozenset[Card]]:
    """Every set of table cards that `card` may take (§A2.4): unions of disjoint groups,
    each group one card of the same rank or cards whose values add up to the card's."""
    card = card if isinstance(card, Card) else Card.parse(card)
    table = parse_cards(table)
    masks = _masks_for(card, _table_values(table), rules or Rules())
    return [frozenset(table[i] for i in m) for m in masks]


def hand_score(piles: Sequence[Sequence[Card]], sweeps: Sequence[int],
               last_trick: int | None, rules: Rules | None = None) -> dict[str, tuple[int, int]]:
    """Points per seat for one finished hand (§A2.8), by category, plus `total`."""
    rules = rules or Rules()

    def holder(card: Card) -> tuple[int, int]:
        return tuple(int(card in pile) for pile in piles)  # type: ignore[return-value]

    def most(counts: tuple[int, int]) -> tuple[int, int]:
        return (int(counts[0] > counts[1]), int(counts[1] > counts[0]))

    spades = tuple(sum(c.suit == "S" for c in pile) for pile in piles)
    aces = tuple(sum(c.rank == "A" for c in pile) for pile in piles)
    net = sweeps if not rules.sweeps_cancel else tuple(max(0, s - o) for s, o in zip(sweeps, sweeps[::-1]))
    row = {
        "little_casino": tuple(2 * h for h in holder(LITLA_KASINA)),
        "big_casino": tuple(5 * h for h in holder(STORA_KASINA)),
        "sweeps": tuple(net),
        "last_trick": tuple(int(last_trick == s) for s in (0, 1)),
        "spades": most(spades),
        "aces": most(aces) if rules.ace_scoring == "majority" else aces,
        "cards": most((len(piles[0]), len(piles[1]))),
    }
    row["total"] = tuple(sum(row[c][s] for c in CATEGORIES) for s in (0, 1))
    return row  # type: ignore[return-value]


def deal_estimate(state: State) -> tuple[float, float]:
    """The hand's expected points per seat, judged from the piles so far: casinos, sweeps
    (and aces, when each ace scores) as they stand; each majority (cards, spades, aces) by
    the chance that the lead holds if the cards still out split evenly; the last trick a
    toss-up.  The search bot scores the simulations it cuts short with it."""
    row = hand_score(state.piles, state.sweeps, None, state.rules)
    # (category, which cards count, how many there are); a majority is worth 1 point (§A2.8)
    majorities = [("cards", lambda c: True, 52), ("spades", lambda c: c.suit == "S", 13)]
    if state.rules.ace_scoring == "majority":
        majorities.append(("aces", lambda c: c.rank == "A", 4))
    totals = [row["total"][s] + 0.5 for s in (0, 1)]  # the last trick: 1 point, either seat
    for category, counts, out_of in majorities:
        mine, theirs = (sum(map(counts, pile)) for pile in state.piles)
        left = out_of - mine - theirs
        totals[0] += _chance_to_lead(mine, theirs, left) - row[category][0]
        totals[1] += _chance_to_lead(theirs, mine, left) - row[category][1]
    return totals[0], totals[1]


def _chance_to_lead(mine: int, theirs: int, left: int) -> float:
    """The chance to end with more than the other side when `left` cards still come, each
    to either side with even odds (a normal approximation to the binomial)."""
    if left <= 0:
        return float(mine > theirs)
    z = (theirs - mine + 1) / math.sqrt(left)
    return 0.5 * math.erfc(z / math.sqrt(2))


def is_sweep(state: State, action: Action) -> bool:
    """Does `action` clear the table for a svippur (sweep) point (§A2.7)?  A final play of
    the hand that clears the table scores only with `sweep_on_final_play`."""
    if not action.captured or not action.captured >= set(state.table):
        return False
    final = not state.stock and sum(len(h) for h in state.hands) == 1
    return state.rules.sweep_on_final_play or not final


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


def deal_pattern(first: bool, size: int) -> tuple[str, ...]:
    """Who gets each packet of a deal, in order: 'n' non-dealer, 'd' dealer, 't' table."""
    if first:
        return ("nn", "dd", "tt", "nn", "dd", "tt") if size == 4 else ("nn", "dd", "tt", "nnn", "ddd", "tt")
    return ("nn", "dd", "nn", "dd") if size == 4 else ("nn", "dd", "nnn", "ddd")


# ---------------------------------------------------------------------------------------
# Actions

class Action(NamedTuple):
    """Play `card`; take `captured` from the table (empty: lay the card down, a trail).

    A named tuple rather than a dataclass: legal moves are built by the thousand in
    searches, and a tuple is several times cheaper to make, hash and compare."""

    card: Card
    captured: frozenset[Card] = frozenset()

    @property
    def is_trail(self) -> bool:
        return not self.captured

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def __str__(self) -> str:
        if not self.captured:
            return str(self.card)
        return f"{self.card}:" + "+".join(map(str, sorted(self.captured)))

    @classmethod
    def parse(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise IllegalMove(f"a Kasína move is a card like '5S' or '5S:2C+3H', not {text!r}")
        played, _, taken = text.partition(":")
        try:
            card = Card.parse(played)
            captured = parse_cards(taken.replace("+", " "))
        except ValueError as err:
            raise IllegalMove(f"cannot read the move {text!r}: {err}") from None
        if ":" in text and not captured:
            raise IllegalMove(f"the move {text!r} names no cards to take after ':'")
        if len(set(captured)) != len(captured):
            raise IllegalMove(f"the move {text!r} names a table card twice")
        return cls(card, frozenset(captured))


# ---------------------------------------------------------------------------------------
# State

Hands = tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True)
class State(GameState):
    """One moment of a match; immutable (`apply` returns a new state)."""

    rules: Rules
    seed: int
    hand_no: int
    dealer: int
    stock: tuple[Card, ...]
    hands: Hands
    table: tuple[Card, ...]
    piles: Hands
    sweeps: tuple[int, int]
    last_capturer: int | None
    totals: tuple[int, int]
    sheet: tuple[tuple[tuple[str, tuple[int, int]], ...], ...]
    winner: int | None
    history: tuple[Action, ...]
    hand_start: int
    origin: tuple[int, int, str | None] | None = field(default=None, repr=False)

    # -- the public API ---------------------------------------------------------------
    @derived
    def to_move(self) -> int | None:
        if self.winner is not None:
            return None
        return 1 - self.dealer if len(self.hands[0]) == len(self.hands[1]) else self.dealer

    @property
    def scores(self) -> tuple[int, int]:
        return self.totals

    @property
    def players(self) -> int:
        return 2

    @property
    def deals_done(self) -> int:
        return len(self.sheet)

    @property
    def max_game_length(self) -> int | None:
        """No bound: a hand plays 48 cards, but the rules set no number of hands (a tie
        above the target plays on under `simultaneous_target="higher_total"`, and with
        `trail_rule="free"` a hand may end with nothing taken and no points)."""
        return None

    def start(self) -> State:
        if self.origin is None:
            return super().start()
        seed, dealer, deck = self.origin
        return new_game(seed=seed, dealer=dealer, deck=deck, rules=self.rules)

    @property
    def score_sheet(self) -> list[dict[str, tuple[int, int]]]:
        return [dict(row) for row in self.sheet]

    def observation(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "to_move": self.to_move,
            "hand": [str(c) for c in self.hands[seat]],
            "table": [str(c) for c in self.table],
            "stock_size": len(self.stock),
            "pile_sizes": [len(p) for p in self.piles],
            "opponent_hand_size": len(self.hands[1 - seat]),
            "dealer": self.dealer,
            "scores": list(self.totals),
            "sweeps": list(self.sweeps),
            "last_capturer": self.last_capturer,
            "hand_no": self.hand_no,
            "hand_start": self.hand_start,
            "history": [str(a) for a in self.history],
            "score_sheet": [{k: list(v) for k, v in row} for row in self.sheet],
            "winner": self.winner,
            "rules": rules_to_dict(self.rules),
        }

    def observation_digest(self, seat: int) -> str:
        # What `seat` sees, in short: this hand's moves (with the hand, table and scores)
        # fix the rest of its observation.
        moves = ",".join(map(str, self.history[self.hand_start:]))
        return (f"{seat}|{self.hand_no}|{self.dealer}|{self.totals}|{_text(self.hands[seat])}|"
                f"{_text(self.table)}|{len(self.history)}|{moves}|{self.winner}")

    # -- GameState hooks ---------------------------------------------------------------
    def _legal(self) -> tuple[Action, ...]:
        rules, table = self.rules, self.table
        values = _table_values(table)
        hand = self.hands[self.to_move]  # kept sorted, so the order is stable
        takes = [_masks_for(card, values, rules) for card in hand]
        trail = rules.trail_rule
        may_trail = trail == "free" or trail == "card_cannot_capture" or not any(takes)
        actions: list[Action] = []
        make = tuple.__new__  # Action(...) without the named tuple's Python-level __new__
        for card, options in zip(hand, takes):
            for idx in options:
                actions.append(make(Action, (card, frozenset([table[i] for i in idx]))))
            if may_trail and (trail == "free" or not options):
                actions.append(make(Action, (card, _NOTHING)))
        return tuple(actions)

    def _parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def _why_illegal(self, action: Any) -> tuple[str, dict[str, str]]:
        if not isinstance(action, Action):
            raise IllegalMove(f"{action!r} is not a Kasína move")
        if action.card not in self.hands[self.to_move]:
            return "not_in_hand", {"card": action.card.symbol}
        missing = _table_order(action.captured - set(self.table))
        if missing:  # two rules, so that the verb agrees: "liggur"/"liggja", "is"/"are"
            rule = "not_on_table" if len(missing) == 1 else "not_on_table_many"
            return rule, {"cards": " ".join(c.symbol for c in missing)}
        if action.is_trail:
            if self.rules.trail_rule == "card_cannot_capture":
                return "trail_card_can_take", {"card": action.card.symbol}
            return "must_take", {}
        if self.rules.must_capture_maximal and any(
                action.captured < o for o in capture_options(action.card, self.table, self.rules)):
            return "must_take_all", {}
        taken = " + ".join(c.symbol for c in _table_order(action.captured))
        return "cannot_take", {"card": action.card.symbol, "cards": taken}

    def _next(self, action: Action) -> State:
        seat = self.to_move
        card, captured = action
        hand = self.hands[seat]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1:]
        other = self.hands[1 - seat]
        changes: dict[str, Any] = {"hands": (hand, other) if seat == 0 else (other, hand),
                                   "history": (*self.history, action)}
        final = not hand and not other and not self.stock
        if captured:
            table = tuple([c for c in self.table if c not in captured])
            piles = list(self.piles)
            piles[seat] += (card, *sorted(captured))  # a set has no order of its own
            changes.update(table=table, piles=tuple(piles), last_capturer=seat)
            if is_sweep(self, action):
                changes["sweeps"] = (self.sweeps[0] + (seat == 0), self.sweeps[1] + (seat == 1))
        else:
            changes["table"] = _table_order((*self.table, card))
        state = self._evolve_with(changes)
        if final:
            return state._end_hand()
        if not hand and not other:
            return state._deal(first=False)
        return state

    # -- dealing and scoring -----------------------------------------------------------
    def _deal(self, first: bool) -> State:
        stock = list(self.stock)
        size = min(self.rules.hand_size, (len(stock) - (4 if first else 0)) // 2)
        got = {"n": [], "d": [], "t": []}
        for packet in deal_pattern(first, size):
            for who in packet:
                got[who].append(stock.pop(0))
        hands = [(), ()]
        hands[1 - self.dealer] = tuple(sorted(got["n"]))
        hands[self.dealer] = tuple(sorted(got["d"]))
        table = _table_order(got["t"]) if first else self.table
        return self._evolve(stock=tuple(stock), hands=tuple(hands), table=table)

    def _end_hand(self) -> State:
        piles = list(self.piles)
        if self.last_capturer is not None:  # the last capturer takes what is left
            piles[self.last_capturer] += tuple(sorted(self.table))
        row = hand_score(piles, self.sweeps, self.last_capturer, self.rules)
        winner = match_winner(self.totals, row, self.dealer, self.rules)
        totals = tuple(t + r for t, r in zip(self.totals, row["total"]))
        ended = self._evolve(
            table=(), piles=tuple(piles), totals=totals, winner=winner,
            sheet=(*self.sheet, tuple(row.items())))
        if winner is not None:
            return ended
        return ended._start_hand(self.hand_no + 1, 1 - self.dealer,
                                 shuffled(DECK, self.seed, self.hand_no + 1))

    def _start_hand(self, hand_no: int, dealer: int, deck: tuple[Card, ...]) -> State:
        return self._evolve(
            hand_no=hand_no, dealer=dealer, stock=deck, hands=((), ()), table=(),
            piles=((), ()), sweeps=(0, 0), last_capturer=None,
            hand_start=len(self.history))._deal(first=True)

    # -- saving ------------------------------------------------------------------------
    def to_json(self) -> str:
        return save_json("kasina", {
            "rules": rules_to_dict(self.rules), "seed": self.seed, "hand_no": self.hand_no,
            "dealer": self.dealer, "stock": _text(self.stock),
            "hands": [_text(h) for h in self.hands], "table": _text(self.table),
            "piles": [_text(p) for p in self.piles], "sweeps": list(self.sweeps),
            "last_capturer": self.last_capturer, "totals": list(self.totals),
            "sheet": [{k: list(v) for k, v in row} for row in self.sheet],
            "winner": self.winner, "history": [str(a) for a in self.history],
            "hand_start": self.hand_start,
            "origin": None if self.origin is None else list(self.origin),
        })

    @classmethod
    def from_json(cls, text: str) -> State:
        return _load(SaveReader(text, "kasina"))

    def __str__(self) -> str:
        return _text_picture(self)


State.GAME = sys.modules[__name__]


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


# ---------------------------------------------------------------------------------------
# Starting, loading and determinizing

def new_game(*, players: int | None = None, seed: int | None = None,
             deck: str | Sequence[Card] | None = None, rules: Rules = Rules(),
             dealer: int | None = None) -> State:
    """A new match.  `deck` stacks the first hand (top card first); later hands are
    shuffled from `seed`."""
    if players not in (None, 2):
        raise ValueError(f"Kasína is for exactly 2 players, not {players}")
    if not isinstance(rules, Rules):
        raise ValueError("rules must be a kasina.Rules")
    dealer = 1 if dealer is None else dealer
    if dealer not in (0, 1):
        raise ValueError(f"the dealer is seat 0 or 1, not {dealer!r}")
    seed = fresh_seed() if seed is None else seed
    if not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    cards = shuffled(DECK, seed, 0) if deck is None else stacked_deck(deck, DECK, "Kasína")
    blank = State(rules=rules, seed=seed, hand_no=0, dealer=dealer, stock=(), hands=((), ()),
                  table=(), piles=((), ()), sweeps=(0, 0), last_capturer=None, totals=(0, 0),
                  sheet=(), winner=None, history=(), hand_start=0,
                  origin=(seed, dealer, None if deck is None else _text(cards)))
    return blank._start_hand(0, dealer, cards)


def _load(r: SaveReader) -> State:
    rules = rules_from_dict(Rules, r.get("rules", dict))
    origin = r.data.get("origin")
    if origin is not None:
        return _replay(r, rules, origin)
    return _load_snapshot(r, rules)


def _replay(r: SaveReader, rules: Rules, origin: Any) -> State:
    """A saved game that started from `new_game` is rebuilt by replaying its moves, so
    a tampered save cannot produce a position the rules never allow."""
    if not (isinstance(origin, list) and len(origin) == 3 and type(origin[0]) is int
            and origin[1] in (0, 1) and (origin[2] is None or isinstance(origin[2], str))):
        raise ValueError("saved game: field 'origin' must be [seed, dealer, deck or null]")
    state = new_game(seed=origin[0], dealer=origin[1], deck=origin[2], rules=rules)
    return r.replay(state)


def _load_snapshot(r: SaveReader, rules: Rules) -> State:
    """A position with no recorded start (a bot's determinized guess): check it card by card."""
    hands = r.get("hands", list)
    piles = r.get("piles", list)
    if len(hands) != 2 or len(piles) != 2:
        raise ValueError("saved game: 'hands' and 'piles' must have one entry per seat")
    state = State(
        rules=rules, seed=r.integer("seed", 0, 2**63), hand_no=r.integer("hand_no", 0, 10**6),
        dealer=r.integer("dealer", 0, 1), stock=r.cards("stock"),
        hands=tuple(r.cards("hands", h) for h in hands), table=r.cards("table"),
        piles=tuple(r.cards("piles", p) for p in piles), sweeps=r.int_tuple("sweeps", 2),
        last_capturer=r.integer("last_capturer", 0, 1, optional=True),
        totals=r.int_tuple("totals", 2), sheet=_load_sheet(r.get("sheet", list)),
        winner=r.integer("winner", 0, 1, optional=True),
        history=tuple(map(Action.parse, r.get("history", list))),
        hand_start=r.integer("hand_start", 0, 10**6))
    everything = state.stock + state.table + sum(state.hands + state.piles, ())
    if sorted(everything) != sorted(DECK):
        raise ValueError("saved game: its cards are not the 52 cards of one deck, each once")
    _check_snapshot(state)
    return state


def _check_snapshot(state: State) -> None:
    """What must hold of any position the rules can reach; piles and last capturer are
    worked out again from the hand's moves."""
    nd, d = len(state.hands[1 - state.dealer]), len(state.hands[state.dealer])
    if nd not in (d, d - 1):
        raise ValueError("saved game: the hands are not sizes the alternating play can leave")
    if state.hand_no != len(state.sheet) - (state.winner is not None):
        raise ValueError("saved game: 'hand_no' does not match the score sheet")
    if state.totals != tuple(sum(dict(row)["total"][s] for row in state.sheet) for s in (0, 1)):
        raise ValueError("saved game: the scores are not the sum of the score sheet")
    if state.hand_start > len(state.history):
        raise ValueError("saved game: 'hand_start' lies beyond the moves played")
    if state.winner is not None:
        if state.totals[state.winner] < state.rules.target or state.stock or any(state.hands):
            raise ValueError("saved game: it names a winner who has not reached the target")
        return
    if not any(state.hands):
        raise ValueError("saved game: a running hand must have cards in someone's hand")
    piles: list[list[Card]] = [[], []]
    captures, last = [0, 0], None
    for i, action in enumerate(state.history[state.hand_start:]):
        seat = (1 - state.dealer + i) % 2
        if action.captured:
            piles[seat] += (action.card, *sorted(action.captured))
            captures[seat] += 1
            last = seat
    if [list(p) for p in state.piles] != piles or state.last_capturer != last:
        raise ValueError("saved game: the piles are not what this hand's moves took")
    if any(s > c for s, c in zip(state.sweeps, captures)):
        raise ValueError("saved game: more sweeps than captures")


def _load_sheet(rows: list[Any]) -> tuple[tuple[tuple[str, tuple[int, int]], ...], ...]:
    out = []
    for row in rows:
        if not isinstance(row, dict) or set(row) != {*CATEGORIES, "total"} or not all(
                isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v) for v in row.values()):
            raise ValueError("saved game: a score sheet row is malformed")
        if [sum(row[c][s] for c in CATEGORIES) for s in (0, 1)] != row["total"]:
            raise ValueError("saved game: a score sheet row's total is not the sum of its items")
        out.append(tuple((c, tuple(row[c])) for c in (*CATEGORIES, "total")))
    return tuple(out)


def unseen_cards(obs: dict[str, Any]) -> tuple[Card, ...]:
    """The cards a seat has not seen this hand (other hand and stock), sorted."""
    moves = [Action.parse(m) for m in obs["history"][obs["hand_start"]:]]
    return _unseen(parse_cards(obs["hand"]), parse_cards(obs["table"]), moves)


def _unseen(hand: Sequence[Card], table: Sequence[Card], moves: Sequence[Action]) -> tuple[Card, ...]:
    seen = {*hand, *table}
    for action in moves:
        if action.captured:
            seen |= {action.card, *action.captured}
    return tuple(c for c in DECK if c not in seen)


def deal_sizes(rules: Rules) -> tuple[int, ...]:
    """Cards per player in each deal of a hand: 4 six times, or 5, 5, 5, 5, 4."""
    return (4,) * 6 if rules.hand_size == 4 else (5, 5, 5, 5, 4)


def cannot_hold(obs: dict[str, Any], rules: Rules) -> set[Card]:
    """Cards the opponent cannot be holding: taking is compulsory, so each time it laid
    a card down in this deal, no card in its hand could take anything then (§A2.5)."""
    moves = [Action.parse(m) for m in obs["history"][obs["hand_start"]:]]
    unseen = _unseen(parse_cards(obs["hand"]), parse_cards(obs["table"]), moves)
    return _cannot_hold(parse_cards(obs["table"]), moves, unseen, 1 - obs["seat"], 1 - obs["dealer"],
                        obs["opponent_hand_size"], rules)


def _cannot_hold(table: Sequence[Card], moves: Sequence[Action], unseen: Sequence[Card], opponent: int,
                 first: int, opponent_hand_size: int, rules: Rules) -> set[Card]:
    if rules.trail_rule != "only_if_no_capture" or not opponent_hand_size:
        return set()
    start = 0
    for size in deal_sizes(rules):
        if len(moves) < start + 2 * size:
            break
        start += 2 * size
    table, excluded = list(table), set()
    for i in range(len(moves) - 1, start - 1, -1):  # back through the deal, undoing moves
        move = moves[i]
        if move.captured:
            table += move.captured
            continue
        table.remove(move.card)
        if (first + i) % 2 == opponent:
            values = _table_values(table)
            excluded |= {c for c in unseen if _masks_for(c, values, rules)}
    return excluded


def redealer(state: State, seat: int) -> Callable[[random.Random], State]:
    """What `seat` cannot see, and what the opponent's trails show it cannot hold, worked
    out once (from the same facts as `observation(seat)`: own hand, table, this hand's
    moves); the function returned deals those cards anew for each generator it is given.
    A bot that samples many deals for one choice calls this once."""
    moves = state.history[state.hand_start:]
    own = state.hands[seat]
    unseen = _unseen(own, state.table, moves)
    held = len(state.hands[1 - seat])
    excluded = _cannot_hold(state.table, moves, unseen, 1 - seat, 1 - state.dealer, held, state.rules)
    possible = [c for c in unseen if c not in excluded]
    stock_size = len(state.stock)

    def deal(rng: random.Random) -> State:
        candidates = possible[:]
        rng.shuffle(candidates)
        hand = tuple(sorted(candidates[:held]))
        rest = [c for c in unseen if c not in hand]
        rng.shuffle(rest)
        hands = (own, hand) if seat == 0 else (hand, own)
        stock = tuple(rest[:stock_size])  # at a match's end, nothing is hidden
        return state._evolve(hands=hands, stock=stock, seed=fresh_seed(rng), origin=None)

    return deal


def hidden_cards(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` cannot see, wherever they lie (the other hand and the stock)."""
    return tuple(sorted(state.hands[1 - seat] + state.stock))


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The same position as `seat` sees it, with the cards it cannot see (the other
    hand and the stock) dealt anew, consistent with what the opponent's play has shown
    (see `cannot_hold`), and a new seed for future shuffles."""
    return redealer(state, seat)(rng)


# ---------------------------------------------------------------------------------------
# Words and pictures for the table widget and notebooks

_WORDS = {
    "is": {"takes": "tekur {taken} með {card}", "trail": "leggur niður {card}",
           "sweep": " — svippur!", "seat": "Sæti {n}", "table": "Borð", "stock": "stokkur",
           "pile": "bunki", "sweeps": "svippar", "hand": "{n}. spil", "dealer": "gjafari",
           "score": "Stig", "winner": "Sæti {n} vinnur!",
           "why_sweep": "hreinsar borðið: svippur, 1 stig",
           "why_little": "tekur litlu kasínu (2♠): 2 stig", "why_big": "tekur stóru kasínu (10♦): 5 stig",
           "why_take": "tekur {cards}", "why_among": "tekur {cards}, þar af {some}", "and": " og ",
           "cards_one": "{n} spil", "cards_many": "{n} spil", "spades_one": "{n} spaða",
           "spades_many": "{n} spaða", "aces_one": "{n} ás", "aces_many": "{n} ása",
           "why_forced": "ekkert spil getur tekið, svo þú verður að leggja niður",
           "why_trail": "leggur niður: {risk}", "risk_sweep": "mótherjinn gæti hreinsað borðið",
           "risk_none": "mótherjinn getur varla nýtt sér það"},
    "en": {"takes": "takes {taken} with {card}", "trail": "lays down {card}",
           "sweep": " — sweep!", "seat": "Seat {n}", "table": "Table", "stock": "stock",
           "pile": "pile", "sweeps": "sweeps", "hand": "Hand {n}", "dealer": "dealer",
           "score": "Score", "winner": "Seat {n} wins!",
           "why_sweep": "clears the table: a sweep (svippur), 1 point",
           "why_little": "takes little casino (2♠): 2 points", "why_big": "takes big casino (10♦): 5 points",
           "why_take": "takes {cards}", "why_among": "takes {cards}, among them {some}", "and": " and ",
           "cards_one": "{n} card", "cards_many": "{n} cards", "spades_one": "{n} spade",
           "spades_many": "{n} spades", "aces_one": "{n} ace", "aces_many": "{n} aces",
           "why_forced": "no card can take, so you must lay one down",
           "why_trail": "lays a card down: {risk}", "risk_sweep": "the opponent might clear the table",
           "risk_none": "the opponent can hardly use it"},
}


def _count(n: int, word: str, lang: str) -> str:
    """ "1 ás", "2 ása"; "1 ace", "2 aces".  Icelandic counts ending in 1 take the singular
    (21 ás), but 11 does not (11 ása)."""
    one = n % 10 == 1 and n % 100 != 11 if lang == "is" else n == 1
    return _WORDS[lang][f"{word}_{'one' if one else 'many'}"].format(n=n)


def describe(state: State, action: Action | str, lang: str = "is", viewer: int | None = None) -> str:
    """The move in words, e.g. "tekur 2♣ + 3♥ með 5♠ — svippur!".  Every Kasína move is
    played face up, so every `viewer` reads the same words."""
    action = Action.parse(action) if isinstance(action, str) else action
    w = _WORDS[lang]
    if action.is_trail:
        return w["trail"].format(card=action.card.symbol)
    taken = " + ".join(c.symbol for c in _table_order(action.captured))
    sweep = w["sweep"] if is_sweep(state, action) else ""
    return w["takes"].format(taken=taken, card=action.card.symbol) + sweep


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    """One line on why one might make this move (the hint button)."""
    action = Action.parse(action) if isinstance(action, str) else action
    w = _WORDS[lang]
    if action.is_trail:
        if not any(not a.is_trail for a in state.legal_actions()):
            return w["why_forced"]
        after = (*state.table, action.card)
        risky = sweepable(after)
        return w["why_trail"].format(risk=w["risk_sweep"] if risky else w["risk_none"])
    taken = {action.card, *action.captured}
    reasons = []
    if is_sweep(state, action):
        reasons.append(w["why_sweep"])
    if LITLA_KASINA in taken:
        reasons.append(w["why_little"])
    if STORA_KASINA in taken:
        reasons.append(w["why_big"])
    counts = {"spades": sum(c.suit == "S" for c in taken), "aces": sum(c.rank == "A" for c in taken)}
    some = w["and"].join(_count(n, word, lang) for word, n in counts.items() if n)
    cards = _count(len(taken), "cards", lang)
    reasons.append(w["why_among" if some else "why_take"].format(cards=cards, some=some))
    return "; ".join(reasons)


def sweepable(table: Sequence[Card], rules: Rules | None = None) -> bool:
    """Could some card take every card of this table at once?"""
    rules, values = rules or Rules(), _table_values(table)
    everything = tuple(range(len(table)))
    return bool(table) and any(everything in _masks_for(Card(r, "S"), values, rules) for r in RANKS)


def action_cards(state: State, action: Action) -> tuple[tuple[str, Card], ...]:
    """The cards a player clicks to make this move: its hand card, then the table cards."""
    return (("hand", action.card), *(("table", c) for c in sorted(action.captured)))


def layout(state: State, seat: int, lang: str = "is") -> dict[str, Any]:
    """What `seat` sees, arranged for drawing: zones of face-up cards and face-down counts."""
    w = _WORDS[lang]
    other = 1 - seat
    return {
        "title": f"{NAME[lang]} — {w['hand'].format(n=state.hand_no + 1)}",
        "opponents": [{"seat": other, "hand_size": len(state.hands[other]),
                       "info": f"{w['pile']} {len(state.piles[other])}, {w['sweeps']} {state.sweeps[other]}"
                               + (f", {w['dealer']}" if state.dealer == other else "")}],
        "zones": [
            {"name": "table", "label": w["table"], "cards": [str(c) for c in state.table]},
            {"name": "stock", "label": w["stock"], "backs": len(state.stock)},
        ],
        "hand": [str(c) for c in sorted(state.hands[seat])],
        "info": f"{w['pile']} {len(state.piles[seat])}, {w['sweeps']} {state.sweeps[seat]}"
                + (f", {w['dealer']}" if state.dealer == seat else ""),
        "scores": list(state.totals),
    }


def _text_picture(state: State) -> str:
    lines = [f"Kasína — hand {state.hand_no + 1}, dealer seat {state.dealer}, "
             f"stock {len(state.stock)}, score {state.totals[0]}–{state.totals[1]}",
             "table: " + (" ".join(c.symbol for c in state.table) or "(empty)")]
    for s in (0, 1):
        mark = " <- to move" if state.to_move == s else ""
        lines.append(f"seat {s}: {' '.join(c.symbol for c in sorted(state.hands[s])) or '-'}"
                     f"   pile {len(state.piles[s])}, sweeps {state.sweeps[s]}{mark}")
    if state.winner is not None:
        lines.append(f"seat {state.winner} wins {state.totals[0]}–{state.totals[1]}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# Bots

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

    def choose(self, state: State, seat: int) -> Action:
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
        after = world._next(action)  # the engine's own legal action: no need to check it again
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
    world = world._next(greediest(world))
    if world.hand_no != hand_no or world.is_over:
        return _row_margin(world, seat, hand_no)
    return margin(deal_estimate(world), seat, 1)


def _row_margin(world: State, seat: int, hand_no: int) -> float:
    return margin(world.score_sheet[hand_no]["total"], seat, 1)


class SearchBot(_Search):
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

    def simulate(self, world: State, team: int, deals_done: int) -> float:
        return solve_deal(world, team)


BOTS = {"random": RandomBot, "thumb": ThumbBot, "search": SearchBot}
