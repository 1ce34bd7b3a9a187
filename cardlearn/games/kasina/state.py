"""Kasína's moves (`Action`), positions (`State`) and the start of a match (`new_game`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from cardlearn.cards import Card, NotACard, cards_text, deck_card
from cardlearn.core import (
    DEAL_END,
    GameState,
    IllegalMove,
    derived,
    rules_to_dict,
    save_json,
    shuffled,
    stacked_deck,
    start_options,
    unreadable,
)
from cardlearn.protocol import FinishedDeal, ScoreRow

from .rules import (
    DECK,
    INFO,
    PLAY_FACTS,
    Rules,
    SheetRow,
    deal_pattern,
    hand_score,
    is_sweep,
    match_winner,
    may_take,
    subset_sums,
    table_captures,
    table_order,
    table_values,
    table_with,
    takes_something,
)

__all__ = [  # this module's part of the game API: the package re-exports these
    "Action",
    "Hands",
    "State",
    "new_game",
]

_card_key = attrgetter("key")  # Card order (`Card.__lt__`), read in C


# How a Kasína move is written, for the refusal of one that cannot be read (`unreadable`).
NOTATION = {
    "en": "a card is a rank and a suit, like '5S' or '10D', and a capture like '6D:2C+4H' (the card "
          "you play, a colon, the cards you take)",
    "is": "spil er skrifað með gildi og lit, t.d. '5S' eða '10D', og taka eins og '6D:2C+4H' (spilið "
          "sem þú leggur, tvípunktur, spilin sem þú tekur)",
}


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
            card = deck_card(played.strip())
            captured = tuple(deck_card(c) for c in taken.replace("+", " ").split())
        except NotACard as err:  # the card that is none of the deck's, named in the refusal
            raise unreadable(text, NOTATION["en"], err.typed.strip()) from None
        # Notation slips: told as `unreadable`, in the pupil's language, with the notation.
        if (":" in text and not captured) or len(set(captured)) != len(captured):
            raise unreadable(text, NOTATION["en"])
        return cls(card, frozenset(captured))


# Every card's trail, made once, by `Card.key`: most moves are trails (a named tuple is
# immutable, so one object can stand in every list of legal moves).
_TRAIL: dict[int, Action] = {c.key: Action(c) for c in DECK}

Hands = tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True)
class State(GameState):
    """One moment of a match; immutable (`apply` returns a new state).

    `last_deal` (the latest finished hand) has `table` the cards left on the table after
    the last card, `table_to` the last capturer who took them, and `details["sweeps"]`
    the hand's sweeps per seat."""

    SCORE_SIGN: ClassVar[int] = INFO.score_sign

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
        return self._seat_to_move()

    def _seat_to_move(self) -> int | None:
        """`to_move`, worked out (`_next` keeps it at once for the position it makes)."""
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
            super().start()  # refuses: this position has no recorded start
        assert self.origin is not None  # the base class raised otherwise
        seed, dealer, deck = self.origin
        return new_game(seed=seed, dealer=dealer, deck=deck, rules=self.rules)

    @property
    def score_sheet(self) -> list[SheetRow]:
        # each row of `sheet` holds every category and the total (made so, checked on reading)
        return [cast(SheetRow, dict(row)) for row in self.sheet]

    def observation(self, seat: int) -> dict[str, Any]:
        """Exactly what `seat` may see, JSON-serialisable (cards as strings like "AS"):

        - `seat`, `to_move` — this seat; the seat to play (None once the match is over);
        - `hand` — this seat's cards; `opponent_hand_size` — how many the other holds;
        - `table` — the face-up cards on the table; `stock_size` — cards left to deal;
        - `pile_sizes` — per seat, the cards in its pile (*stokkur*) of taken cards;
        - `dealer` — who dealt this hand (the other seat plays first);
        - `scores` — per seat, the match points so far; `winner` — the seat that won, or None;
        - `sweeps` — per seat, the sweeps (*svipur*, the table taken bare) this hand;
        - `last_capturer` — who took cards last this hand (gets the leftovers), or None;
        - `hand_no` — this hand's number from 0 (the first hand is 0; `state.deal_number`
          counts from 1); `hand_start` — where this hand begins in `history`;
        - `history` — every move of the match, as text (every Kasína play is face up);
        - `score_sheet` — one row per finished hand, each category per seat, and "total";
        - `rules` — the variant options in force, as a dict.
        """
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
        return (f"{seat}|{self.hand_no}|{self.dealer}|{self.totals}|{cards_text(self.hands[seat])}|"
                f"{cards_text(self.table)}|{len(self.history)}|{moves}|{self.winner}")

    if TYPE_CHECKING:  # a Kasína move gives a Kasína state (GameState.apply promises a GameState)
        def apply(self, action: Any) -> State: ...
        def legal_actions(self) -> list[Action]: ...

    def with_hidden(self, hands: Hands, stock: tuple[Card, ...], seed: int) -> State:
        """This position with the cards a seat cannot see placed anew (`determinize`): both
        hands, the stock, and the seed of later hands' shuffles.  Such a position has no
        recorded start (`start()` refuses; a save of it is a snapshot)."""
        return self._evolve_with({"hands": hands, "stock": stock, "seed": seed, "origin": None,
                                  DEAL_END: None})

    # -- GameState hooks ---------------------------------------------------------------
    def _legal(self) -> tuple[Action, ...]:
        rules, table = self.rules, self.table
        values = table_values(table)
        assert self.to_move is not None  # asked only while the match runs
        hand = self.hands[self.to_move]  # kept sorted, so the order is stable
        # `masks_for` per card, written out: the card's facts by key, the rules read once
        facts, aces_take = PLAY_FACTS, rules.ace_values != "finnish"
        maximal, trail = rules.must_capture_maximal, rules.trail_rule
        sums = subset_sums(values)
        actions: list[Action] = []
        make = tuple.__new__  # Action(...) without the named tuple's Python-level __new__
        for card in hand:  # each card's captures, then (where the rules let it) its trail
            value, ace = facts[card.key]
            ace_takes_ace = ace and aces_take
            if sums >> value & 1 or (ace_takes_ace and sums & 2):  # it takes something
                for idx in table_captures(value, values, ace_takes_ace, maximal):
                    actions.append(make(Action, (card, frozenset([table[i] for i in idx]))))
                if trail == "free":
                    actions.append(_TRAIL[card.key])
            elif trail != "only_if_no_capture":  # it takes nothing, and may be laid down
                actions.append(_TRAIL[card.key])
        if not actions:  # "only_if_no_capture", and no card takes anything: all may be laid down
            actions = [_TRAIL[c.key] for c in hand]
        return tuple(actions)

    def _parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def _canonical(self, action: Any) -> Action | None:
        """The legal action equal to `action`, checked by the rules directly: listing
        every legal move first (the base class's way) costs as much as the captures
        there are, and on a big table (`trail_rule="free"`, nobody taking) they are
        hundreds of thousands."""
        if self.__dict__.get("_legal_cache") is not None or not isinstance(action, Action):
            found: Action | None = super()._canonical(action)
            return found
        seat = self.to_move
        assert seat is not None  # apply refuses moves once the match is over
        card, captured = action
        hand, table, rules = self.hands[seat], self.table, self.rules
        if card not in hand or not isinstance(captured, frozenset) or not captured <= set(table):
            return None
        if captured:
            legal = may_take(card, table, captured, rules)
        elif rules.trail_rule == "free":
            legal = True
        else:
            values = table_values(table)
            legal = not takes_something(card, values, rules) and (
                rules.trail_rule == "card_cannot_capture"
                or not any(takes_something(c, values, rules) for c in hand))
        return tuple.__new__(Action, (card, captured)) if legal else None

    def _why_illegal(self, action: Any) -> tuple[str, dict[str, str]]:
        if not isinstance(action, Action):
            raise IllegalMove(f"{action!r} is not a Kasína move")
        assert self.to_move is not None  # apply refuses moves once the match is over
        if action.card not in self.hands[self.to_move]:
            return "not_in_hand", {"card": action.card.symbol}
        missing = table_order(action.captured - set(self.table))
        if missing:  # two rules, so that the verb agrees: "liggur"/"liggja", "is"/"are"
            rule = "not_on_table" if len(missing) == 1 else "not_on_table_many"
            return rule, {"cards": " ".join(c.symbol for c in missing)}
        if action.is_trail:
            if self.rules.trail_rule == "card_cannot_capture":
                return "trail_card_can_take", {"card": action.card.symbol}
            return "must_take", {}
        if self.rules.must_capture_maximal and may_take(
                action.card, self.table, action.captured, replace(self.rules, must_capture_maximal=False)):
            return "must_take_all", {}  # a capture, but it leaves a whole group behind
        taken = " + ".join(c.symbol for c in table_order(action.captured))
        return "cannot_take", {"card": action.card.symbol, "cards": taken}

    def _next(self, action: Action) -> State:
        seat = self.to_move
        assert seat is not None  # apply refuses moves once the match is over
        card, captured = action
        hand = self.hands[seat]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1:]
        other = self.hands[1 - seat]
        changes: dict[str, Any] = {"hands": (hand, other) if seat == 0 else (other, hand),
                                   "history": self.history + (action,)}  # noqa: RUF005 -- `(*h, a)` builds a list first
        final = not hand and not other and not self.stock
        if captured:
            # Cards are interned, so identity is equality: `in captured` would call the
            # Python-level `Card.__hash__` once per table card.
            gone = set(map(id, captured))
            table = tuple([c for c in self.table if id(c) not in gone])
            piles = list(self.piles)
            piles[seat] += (card, *sorted(captured, key=_card_key))  # a set has no order of its own
            changes.update(table=table, piles=tuple(piles), last_capturer=seat)
            # A legal capture lies within the table, so only one that takes as many cards
            # as lie there can take them all: `is_sweep` decides.
            if len(captured) == len(self.table) and is_sweep(self, action):
                changes["sweeps"] = (self.sweeps[0] + (seat == 0), self.sweeps[1] + (seat == 1))
        else:
            changes["table"] = table_with(self.table, card)
        state = self._evolve_with(changes)
        if final:
            return state._end_hand()
        if not hand and not other:
            return state._deal(first=False)
        # Its seat to move worked out now, as `to_move` would keep it: `is_over`,
        # `legal_actions` and `apply` all ask it first, and a `derived` look-up is a Python call.
        state.__dict__["to_move"] = state._seat_to_move()
        return state

    # -- dealing and scoring -----------------------------------------------------------
    def _deal(self, first: bool) -> State:
        stock = list(self.stock)
        size = min(self.rules.hand_size, (len(stock) - (4 if first else 0)) // 2)
        got: dict[str, list[Card]] = {"n": [], "d": [], "t": []}
        for packet in deal_pattern(first, size):
            for who in packet:
                got[who].append(stock.pop(0))
        non_dealer, dealer = tuple(sorted(got["n"], key=_card_key)), tuple(sorted(got["d"], key=_card_key))
        hands = (non_dealer, dealer) if self.dealer == 1 else (dealer, non_dealer)
        table = table_order(got["t"]) if first else self.table
        return self._evolve(stock=tuple(stock), hands=hands, table=table)

    def _counted_piles(self) -> Hands:
        """The piles as a finished hand counts them: the last capturer takes what is left."""
        if self.last_capturer is None:
            return self.piles
        piles = list(self.piles)
        piles[self.last_capturer] += tuple(sorted(self.table))
        return piles[0], piles[1]

    def _end_hand(self) -> State:
        piles = self._counted_piles()
        row = hand_score(piles, self.sweeps, self.last_capturer, self.rules)
        winner = match_winner(self.totals, row, self.dealer, self.rules)
        totals = tuple(t + r for t, r in zip(self.totals, row["total"]))
        ended = self._evolve(
            table=(), piles=piles, totals=totals, winner=winner,
            sheet=(*self.sheet, tuple(row.items())), **self._ending_deal())
        if winner is not None:
            return ended
        return ended._start_hand(self.hand_no + 1, 1 - self.dealer,
                                 shuffled(DECK, self.seed, self.hand_no + 1))

    def _finished_deal(self, row: ScoreRow) -> FinishedDeal:
        # The last card is played and not yet counted: the leftover table cards still lie
        # there, and `details` has the hand's sweeps.
        return FinishedDeal(
            number=self.hand_no + 1, index=self.deals_done, dealer=self.dealer, hands=self.hands,
            taken=self._counted_piles(), tricks=None, table=self.table, table_to=self.last_capturer,
            details={"sweeps": self.sweeps}, row=row, unplayed=self.stock)

    def _start_hand(self, hand_no: int, dealer: int, deck: tuple[Card, ...]) -> State:
        return self._evolve(
            hand_no=hand_no, dealer=dealer, stock=deck, hands=((), ()), table=(),
            piles=((), ()), sweeps=(0, 0), last_capturer=None,
            hand_start=len(self.history))._deal(first=True)

    # -- saving ------------------------------------------------------------------------
    def to_json(self) -> str:
        return save_json("kasina", {
            "rules": rules_to_dict(self.rules), "seed": self.seed, "hand_no": self.hand_no,
            "dealer": self.dealer, "stock": cards_text(self.stock),
            "hands": [cards_text(h) for h in self.hands], "table": cards_text(self.table),
            "piles": [cards_text(p) for p in self.piles], "sweeps": list(self.sweeps),
            "last_capturer": self.last_capturer, "totals": list(self.totals),
            "sheet": [{k: list(v) for k, v in row} for row in self.sheet],
            "winner": self.winner, "history": [str(a) for a in self.history],
            "hand_start": self.hand_start,
            "origin": None if self.origin is None else list(self.origin),
        })


def new_game(*, players: int | None = None, seed: int | None = None,
             deck: str | Sequence[Card] | None = None, rules: Rules = Rules(),  # noqa: B008 -- frozen: one shared default is safe
             dealer: int | None = None) -> State:
    """A new match.  `deck` stacks the first hand (top card first); later hands are
    shuffled from `seed`."""
    if players not in (None, 2):
        raise ValueError(f"Kasína is for exactly 2 players, not {players}")
    dealer, seed = start_options("Kasína", rules, Rules, dealer, seed, 2)
    cards = shuffled(DECK, seed, 0) if deck is None else stacked_deck(deck, DECK, "Kasína")
    blank = State(rules=rules, seed=seed, hand_no=0, dealer=dealer, stock=(), hands=((), ()),
                  table=(), piles=((), ()), sweeps=(0, 0), last_capturer=None, totals=(0, 0),
                  sheet=(), winner=None, history=(), hand_start=0,
                  origin=(seed, dealer, None if deck is None else cards_text(cards)))
    return blank._start_hand(0, dealer, cards)
