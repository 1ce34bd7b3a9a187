"""The Kínaskák engine: actions, the state of a match, dealing, turns, buying, going out
and scoring, and `new_game`.  The rule facts live in `rules.py`, the meld search in
`melds.py`; see the package docstring for the action notation and the steps of a lay-down."""

from __future__ import annotations

import json
import random
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

from cardlearn.cards import JOKER, Card, cards_text, make_deck, without
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
)
from cardlearn.protocol import FinishedDeal, ScoreRow

from .melds import hand_key, keyed_meld_specs
from .rules import (
    CONTRACTS,
    FINAL_ROUND,
    HAND_SIZE,
    INFO,
    Rules,
    check_players,
    deck_for,
    end_placings,
    fit_run,
    hand_penalties,
    in_place_order,
    is_set,
    max_jokers,
    rank_at,
    run_cards,
)

_KEY = attrgetter("key")  # Card order without a Python-level __lt__ per comparison


class Meld(NamedTuple):
    """A meld on the table.  `key` is the run's suit or the set's rank; `low` the run's
    first position on the run scale (0 for a set); `cards` in place order, jokers where
    they lie (a set's jokers last)."""

    owner: int
    kind: str
    key: str
    low: int
    cards: tuple[Card, ...]

    def stands_for(self, i: int, wrap: bool) -> Card | str:
        """What slot `i` stands for: a card in a run, a rank in a set (§B2.2, bindings)."""
        if self.kind == "set":
            return self.key
        return Card(rank_at(self.low + i, wrap), self.key)

    @property
    def jokers(self) -> int:
        return self.cards.count(JOKER)


class Sight(NamedTuple):
    """What `State.sight(seat)` gives: fields of `observation(seat)` as engine values
    (a test checks them against the observation, so they show no more than it does)."""

    seat: int
    hand: tuple[Card, ...]         # observation "hand"
    round_no: int                  # "round"
    discard_top: Card | None       # "discard_top"
    laid_down: bool                # "laid_down"[seat]


_TEXTS: dict[Any, str] = {}  # action → its text, filled as moves are written (saves write many)


class Action(NamedTuple):
    """One decision.  `verb`: take, draw, buy, pass, run, set, off, steal, discard.
    `cards`: the hand cards it uses (a run's in place order); `binds`: for a run, the card
    each slot stands for; `meld`: (owner, index) of the meld laid off on or stolen from;
    `end`: "low" or "high" for a lay-off on a run."""

    verb: str
    cards: tuple[Card, ...] = ()
    binds: tuple[Card, ...] = ()
    meld: tuple[int, int] | None = None
    end: str = ""

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is None:
            if len(_TEXTS) > 200_000:  # the actions ever seen are few; a cap all the same
                _TEXTS.clear()
            text = _TEXTS[self] = self._text()
        return text

    def _text(self) -> str:
        v = self.verb
        if v in ("take", "draw", "buy", "pass"):
            return v
        if v == "run":
            return "run " + " ".join(str(c) if c is not JOKER else f"JK={b}"
                                     for c, b in zip(self.cards, self.binds))
        if v == "set":
            return "set " + " ".join(map(str, self.cards))
        if v == "discard":
            return f"discard {self.cards[0]}"
        assert self.meld is not None  # the verbs left, off and steal, name a meld
        where = f"{self.meld[0]}-{self.meld[1]}"
        if v == "steal":
            return f"steal {self.cards[0]} {where}"
        return f"off {self.cards[0]} {where}" + (f" {self.end}" if self.end else "")

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: Any) -> Action:
        if not isinstance(text, str):
            raise IllegalMove(f"a Kínaskák move is text like 'take', 'discard 7H' or 'run 3H 4H 5H 6H', "
                              f"not {text!r}")
        words = text.split()
        if not words:
            raise IllegalMove("an empty move: write e.g. 'draw', 'discard 7H' or 'off 7H 1-0 high'")
        verb, rest = words[0].lower(), words[1:]
        try:
            if verb in ("take", "draw", "buy", "pass") and not rest:
                return cls(verb)
            if verb == "discard" and len(rest) == 1:
                return cls(verb, (Card.parse(rest[0]),))
            if verb == "set" and len(rest) >= 3:
                return cls(verb, tuple(sorted(map(Card.parse, rest))))
            if verb == "run" and len(rest) >= 4:
                return _parse_run(rest)
            if verb in ("off", "steal") and len(rest) in (2, 3):
                card = Card.parse(rest[0])
                owner, _, index = rest[1].partition("-")
                if not (owner.isdigit() and index.isdigit()):
                    raise ValueError(f"{rest[1]!r} is not a meld like '2-0' (seat, then its meld number)")
                end = rest[2].lower() if len(rest) == 3 else ""
                if end not in ("", "low", "high") or (verb == "steal" and end):
                    raise ValueError(f"{rest[2]!r} is not an end: 'low' or 'high'")
                return cls(verb, (card,), meld=(int(owner), int(index)), end=end)
        except ValueError as err:
            params = {"text": repr(text), "why": str(err)}
            raise IllegalMove(f"cannot read the move {text!r}: {err}", rule="unreadable",
                              params=params) from None
        why = ("the moves are take, draw, buy, pass, run …, set …, off CARD SEAT-N [low|high], "
               "steal CARD SEAT-N, discard CARD")
        raise IllegalMove(f"cannot read the move {text!r}: {why}", rule="unreadable",
                          params={"text": repr(text), "why": why})


def _parse_run(words: list[str]) -> Action:
    cards, binds = [], []
    for w in words:
        card_text, eq, bind = w.partition("=")
        card = Card.parse(card_text)
        if card is JOKER:
            if not eq:
                raise ValueError("a joker in a run is written with the card it stands for, e.g. JK=4H")
            bound = Card.parse(bind)
            if bound is JOKER:
                raise ValueError("a joker stands for a card, not for a joker")
        elif eq:
            raise ValueError(f"only a joker takes '=': {w!r}")
        else:
            bound = card
        cards.append(card)
        binds.append(bound)
    return Action("run", tuple(cards), tuple(binds))


TAKE, DRAW, BUY, PASS = Action("take"), Action("draw"), Action("buy"), Action("pass")
_NONE: frozenset[str] = frozenset()  # no suits or ranks used yet

Row = tuple[int, int, int, int | None, tuple[int, ...]]  # round, runs, sets, went_out, penalty


# Cards are interned (one object per card), so these compare by identity: `list.remove`
# and `in` would call the Python-level `Card.__eq__` on every card they pass.

def _drop_known(known: tuple[Card, ...], gone: Iterable[Card]) -> tuple[Card, ...]:
    """Publicly known cards of a hand after `gone` left it (equal cards are one value)."""
    rest, ids = list(known), list(map(id, known))
    for c in gone:
        if id(c) in ids:
            i = ids.index(id(c))
            del rest[i], ids[i]
    return tuple(rest)


Known = tuple[tuple[Card, ...], ...]  # per seat, the cards everyone saw go into its hand


def _less_known(known: Known, p: int, gone: Iterable[Card]) -> Known:
    """`known` with seat `p`'s cards less `gone` (the same tuple when it has none known, as
    is usual: no new tuple per discard)."""
    return _put(known, p, _drop_known(known[p], gone)) if known[p] else known


def _has_joker(cards: Iterable[Card]) -> bool:
    return any(c is JOKER for c in cards)


# Every card by its `Card.key` (the joker's is 100), and one discard action per card
# (immutable, so shared): looked up by an int, where a dict keyed by the card called the
# Python-level `Card.__hash__` for every card of every hand at every discard.
_CARD_AT: dict[int, Card] = {c.key: c for c in make_deck(jokers=1)}
_DISCARD_AT: dict[int, Action] = {k: Action("discard", (c,)) for k, c in _CARD_AT.items()}


def _add(cards: tuple[Card, ...], *new: Card) -> tuple[Card, ...]:
    out = list(cards)
    for c in new:
        insort(out, c, key=_KEY)
    return tuple(out)


def _put(seq: tuple, i: int, value: Any) -> tuple:
    return (*seq[:i], value, *seq[i + 1:])


# A match's moves (and their texts, for saves) are kept in chunks of `_CHUNK`: appending a
# move to one flat tuple copies the whole history, thousands of moves late in a match, which
# cost more than the rules of the move.  Chunking is a pure function of the moves, so two
# logs of the same moves are equal tuples.
_CHUNK = 64
Log = tuple[tuple[tuple[Any, ...], ...], tuple[Any, ...]]  # (full chunks, the last few)
EMPTY_LOG: Log = ((), ())


def _logged(log: Log, item: Any) -> Log:
    chunks, tail = log
    tail = (*tail, item)
    return ((*chunks, tail), ()) if len(tail) == _CHUNK else (chunks, tail)


def as_log(items: Iterable[Any]) -> Log:
    items = tuple(items)
    full = len(items) - len(items) % _CHUNK
    return tuple(items[i:i + _CHUNK] for i in range(0, full, _CHUNK)), items[full:]


def log_items(log: Log) -> tuple[Any, ...]:
    return (*chain.from_iterable(log[0]), *log[1])


def log_len(log: Log) -> int:
    return _CHUNK * len(log[0]) + len(log[1])


# Cached: trying each placing costs ~150 µs (a `Counter` per window), and the same few
# runs are laid again and again in a search bot's simulations.
@lru_cache(maxsize=1 << 12)
def run_placing(action: Action, rules: Rules) -> tuple[str, int] | None:
    """(suit, low) of the run `action` lays, if its jokers' declared cards are one of the
    placings the engine offers (`rules.end_placings`: every placing of its cards)."""
    size, wrap = len(action.cards), rules.run_wrap
    for placed in end_placings(action.cards, rules):
        if run_cards(placed[0], placed[1], size, wrap) == action.binds:
            return placed
    return None


def layoff_ends(meld: Meld, card: Card, rules: Rules) -> tuple[str, ...]:
    """Where `card` may be laid off on `meld` (§B2.5): "" for a set; "low"/"high" for the
    ends of a run (a joker, or an ace on a 2–K run, may fit both)."""
    size = len(meld.cards) + 1
    if card is JOKER and meld.jokers + 1 > max_jokers(size, rules.joker_limit):
        return ()
    if meld.kind == "set":
        return ("",) if card is JOKER or card.rank == meld.key else ()
    if card is not JOKER and card.suit != meld.key:
        return ()
    wrap, low, high = rules.run_wrap, meld.low, meld.low + len(meld.cards) - 1
    if wrap:
        if size > 13:
            return ()
        ends = [("low", low - 1), ("high", high + 1)]
    else:
        both = rules.run_ace_both_ends
        ends = [e for e in (("low", low - 1), ("high", high + 1)) if 1 <= e[1] <= 14]
        if not both:
            ends = [e for e in ends if not (min(low, e[1]) == 1 and max(high, e[1]) == 14)]
    return tuple(name for name, pos in ends if card is JOKER or rank_at(pos, wrap) == card.rank)


def laid_off(meld: Meld, card: Card, end: str, wrap: bool) -> Meld:
    if end == "low":
        return meld._replace(low=(meld.low - 1) % 13 if wrap else meld.low - 1, cards=(card, *meld.cards))
    if end == "high":
        return meld._replace(cards=(*meld.cards, card))
    return meld._replace(cards=tuple(sorted((*meld.cards, card))))


def steal_slot(meld: Meld, card: Card, wrap: bool) -> int | None:
    """The slot of the joker that `card` may replace (§B2.5 StealJoker), or None."""
    if card is JOKER:
        return None
    for i, c in enumerate(meld.cards):
        if c is JOKER and (meld.stands_for(i, wrap) == (card.rank if meld.kind == "set" else card)):
            return i
    return None


def stolen_from(meld: Meld, card: Card, slot: int) -> Meld:
    cards = _put(meld.cards, slot, card)
    return meld._replace(cards=tuple(sorted(cards)) if meld.kind == "set" else cards)


class _MeldFacts:
    """What one meld on the table offers, whatever the hand: the natural cards that may be
    laid off on it, the cards its jokers stand for, and the lay-off and steal actions per
    card, made once (melds and actions are immutable).  See `State._table_facts`."""

    __slots__ = ("_layoffs", "_steals", "ends", "has_joker", "meld", "rules", "stand_ins", "where")

    def __init__(self, meld: Meld, where: tuple[int, int], rules: Rules):
        wrap = rules.run_wrap
        self.meld, self.where, self.rules = meld, where, rules
        # a run: the cards just below and above it (None for a set: any card of its rank)
        self.ends: tuple[Card, ...] | None = None
        if meld.kind == "run":
            below = Card(rank_at(meld.low - 1, wrap), meld.key) if wrap or meld.low > 1 else None
            top = meld.low + len(meld.cards)
            above = Card(rank_at(top, wrap), meld.key) if wrap or top <= 14 else None
            self.ends = tuple(c for c in dict.fromkeys((below, above)) if c is not None)
        self.has_joker = _has_joker(meld.cards)
        # a run's jokers: the cards they stand for, in card order
        self.stand_ins: tuple[Card, ...] = ()
        if meld.kind == "run" and self.has_joker:
            slots = [j for j, c in enumerate(meld.cards) if c is JOKER]
            stand_ins = dict.fromkeys(meld.stands_for(j, wrap) for j in slots)
            # (in a run each slot stands for a card: the filter only tells the checker so)
            self.stand_ins = tuple(sorted((c for c in stand_ins if isinstance(c, Card)), key=_KEY))
        # per card, by its key (an int hashes in C, a `Card` by a Python-level `__hash__`)
        self._layoffs: dict[int, tuple[Action, ...]] = {}
        self._steals: dict[int, Action] = {}

    def layoffs(self, card: Card) -> tuple[Action, ...]:
        """Laying `card` off on this meld, at each end where it fits."""
        actions = self._layoffs.get(card.key)
        if actions is None:
            actions = self._layoffs[card.key] = tuple(Action("off", (card,), meld=self.where, end=end)
                                                      for end in layoff_ends(self.meld, card, self.rules))
        return actions

    def steal(self, card: Card) -> Action:
        action = self._steals.get(card.key)
        if action is None:
            action = self._steals[card.key] = Action("steal", (card,), meld=self.where)
        return action


# Cached: a hand that is not laid down asks for its melds after every draw, and turning the
# specs into actions (sorting each meld's cards to drop doubles) costs as much as finding
# them; the actions are immutable, so shared.  A dict of our own rather than an
# `lru_cache`: its key names the hand by its cards' int keys (`hand_key`) and the rules by
# `id`, where an `lru_cache` hashed the hand card by card and the whole `Rules` (Python-level
# `__hash__`s, about 40 per look-up) at every discard, and in random play it almost never
# hit.  The entry keeps its `Rules` object alive, so that `id` is not reused while the entry
# stands.
_MELD_MOVES: dict[tuple[Any, ...], tuple[Rules, tuple[Action, ...]]] = {}
_MELD_MOVES_MAX = 1 << 14


def _meld_moves(hand: tuple[Card, ...], keys: bytes, runs: int, sets: int, used_suits: frozenset[str],
                used_ranks: frozenset[str], exact: bool, rules: Rules, long: bool,
                free: bool) -> tuple[Action, ...]:
    """The run and set actions for `melds.meld_specs` of these arguments (`keys`: the
    hand's `hand_key`), doubles dropped."""
    key = (keys, runs, sets, used_suits, used_ranks, exact, id(rules), long, free)
    hit = _MELD_MOVES.get(key)
    if hit is not None:
        return hit[1]
    # `meld_specs` without its own cache: this one stands in front of it
    specs = keyed_meld_specs(hand, keys, runs, sets, used_suits, used_ranks, exact, rules, long, free)
    if not rules.go_out_by_discard:
        specs = tuple(s for s in specs if len(hand) - len(s.cards) != 1)
    out, seen = [], set()
    for s in specs:
        k = (bytes(sorted(map(_KEY, s.cards))), s.low)  # the cards (by key, hashed in C), and the placing
        if k in seen:
            continue
        seen.add(k)
        if s.kind == "run":
            out.append(Action("run", s.cards, run_cards(s.key, s.low, len(s.cards), rules.run_wrap)))
        else:
            out.append(Action("set", s.cards))
    moves = tuple(out)
    if moves:  # none to lay: `meld_specs` finds that again at the cost of a look-up in its own cache
        if len(_MELD_MOVES) >= _MELD_MOVES_MAX:  # bounded: start afresh (no decision depends on it)
            _MELD_MOVES.clear()
        _MELD_MOVES[key] = (rules, moves)
    return moves


# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class State(GameState):
    """One moment of a match; immutable (`apply` returns a new state).

    `last_deal` (the latest finished round) has `hands` the cards each seat was left with
    (its penalty), `table` the discard pile, and `details`: `melds` (per owner, its melds
    as `Meld`s), `went_out` (the seat, or None), `stock` (the cards left in it) and
    `fines` (per seat, excess-buy penalties)."""

    SCORE_SIGN: ClassVar[int] = INFO.score_sign  # penalty points: fewer is better

    rules: Rules
    seed: int
    n: int
    round_no: int
    dealer: int
    stock: tuple[Card, ...]            # top first
    discard: tuple[Card, ...]          # bottom first, top last
    live: bool                         # may the top of the discard pile be taken or bought?
    discarder: int | None              # who put the top there (None: the upcard)
    hands: tuple[tuple[Card, ...], ...]
    known: tuple[tuple[Card, ...], ...]  # cards everyone saw go into each hand
    melds: tuple[tuple[Meld, ...], ...]  # per owner, in the order laid
    pending: tuple[Meld, ...]          # an unfinished lay-down of the player in turn
    laid_down: tuple[bool, ...]
    laid_turn: bool                    # did the player in turn lay down this turn?
    buys_used: tuple[int, ...]
    fines: tuple[int, ...]             # excess-buy penalties this round
    step: str
    player: int                        # whose turn it is
    buy_queue: tuple[int, ...]         # seats still to be asked whether they buy
    buy_requests: tuple[int, ...]
    taken: Card | None                 # the card taken from the discard pile this turn
    went_out: int | None
    final_left: tuple[int, ...]        # seats still to have their last turn
    reshuffles: int
    turns: int
    totals: tuple[int, ...]
    cards_left: tuple[int, ...]        # cards held at round ends, summed (tie_break)
    sheet: tuple[Row, ...]
    log: Log                           # the moves so far, chunked: see `history`
    round_start: int
    origin: tuple[int, int, str | None] | None = field(default=None, repr=False)

    @derived
    def history(self) -> tuple[Action, ...]:
        """The moves applied since `new_game`, in order."""
        return log_items(self.log)

    # -- game facts --------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    @property
    def phase(self) -> str:
        """"draw" (take the live discard or draw from the stock), "buy" (a seat decides
        whether to buy the declined discard), "meld" (a lay-down under way: its next meld),
        "discard" (lay down, lay off, steal a joker or discard), "over"."""
        return self.step

    @property
    def turn_limit(self) -> int:
        """Turns after which a round ends even if nobody has gone out (a safety bound)."""
        return self.rules.max_turns_per_round or 60 * self.n

    @property
    def deals_done(self) -> int:
        return len(self.sheet)

    @property
    def max_game_length(self) -> int | None:
        """Each round has at most `turn_limit` turns; a turn is one draw decision, at most
        n − 1 buy decisions, and at most three moves per card that can be in a hand (a
        meld or lay-off takes a card; a steal turns a natural card into a joker)."""
        rules = self.rules
        deck = len(deck_for(self.n, rules))
        most = deck if rules.excess_buy_penalty is not None else min(deck, HAND_SIZE + 1 + 2 * rules.max_buys)
        return FINAL_ROUND * self.turn_limit * (self.n + 1 + 3 * most)

    def start(self) -> State:
        if self.origin is None:
            raise ValueError("this position has no recorded start (e.g. a determinized one)")
        seed, dealer, deck = self.origin
        return new_game(players=self.n, seed=seed, deck=deck, rules=self.rules, dealer=dealer)

    def deal_round(self, round_no: int, deck: str | Sequence[Card], dealer: int) -> State:
        """This match with round `round_no` dealt now from a stacked `deck` (top card first,
        dealt as `new_game` deals round 1) by `dealer`, the score sheet as it is: a later
        round's contract set up for a worked example or a test.  No move leads here, so
        the position has no recorded start."""
        if type(round_no) is not int or not 1 <= round_no <= FINAL_ROUND:
            raise ValueError(f"round_no is 1 to {FINAL_ROUND}, not {round_no!r}")
        if type(dealer) is not int or not 0 <= dealer < self.n:
            raise ValueError(f"the dealer is a seat from 0 to {self.n - 1}, not {dealer!r}")
        cards = stacked_deck(deck, deck_for(self.n, self.rules), "Kínaskák")
        c: dict[str, Any] = {"origin": None}
        self._deal(c, round_no, dealer, cards)
        new: State = self._evolve_with(c)
        return new

    def with_hidden(self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], seed: int) -> State:
        """The same position with the cards someone cannot see placed otherwise (see
        `hidden.determinize`): these hands and stock, a new seed for future shuffles and
        lots, and no recorded start.  The melds on the table are the same objects, so
        their facts (`_table_facts`) carry over, as after a move."""
        return self._evolve_with({"hands": hands, "stock": stock, "seed": seed, "origin": None,
                                  DEAL_END: None})

    # -- the public API ---------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        step = self.step
        if step == "over":
            return None
        return self.buy_queue[0] if step == "buy" else self.player

    @property
    def scores(self) -> tuple[int, ...]:
        return self.totals

    @property
    def contract(self) -> Any:
        """This round's contract (*samningur*): `runs` and `sets` to lay down."""
        return CONTRACTS[self.round_no - 1]

    @property
    def winner(self) -> int | None:
        """The seat with the fewest penalty points after round 8, or None (while the match
        runs, or a tie that `rules.tie_break` leaves)."""
        if self.step != "over":
            return None
        best = min(self.totals)
        tied = [s for s in range(self.n) if self.totals[s] == best]
        if len(tied) > 1 and self.rules.tie_break == "fewest_total_cards":
            fewest = min(self.cards_left[s] for s in tied)
            tied = [s for s in tied if self.cards_left[s] == fewest]
        return tied[0] if len(tied) == 1 else None

    @property
    def score_sheet(self) -> list[dict[str, Any]]:
        return [{"round": r, "contract": {"runs": runs, "sets": sets}, "went_out": out,
                 "penalty": pen, "total": pen} for r, runs, sets, out, pen in self.sheet]

    def meld_at(self, where: tuple[int, int]) -> Meld | None:
        """The meld `where` = (owner, index) names, as a move writes it ("2-0"), or None."""
        owner, i = where
        if 0 <= owner < self.n and 0 <= i < len(self.melds[owner]):
            return self.melds[owner][i]
        return None

    def observation(self, seat: int) -> dict[str, Any]:
        """Exactly what `seat` may see, JSON-serialisable (cards as strings like "AS"):

        - `seat`, `to_move`, `phase` — this seat; who decides now; as `state.phase`;
        - `hand` — this seat's cards; `hand_sizes` — per seat, how many each holds;
        - `round`, `contract` — the round, 1–8 (`state.deal_number`); its contract as
          `{"runs": r, "sets": s}`;
        - `player`, `dealer` — whose turn it is (not `to_move` while a buy is asked); who dealt;
        - `discard_top` — the top card of the discard pile, or None when the pile is empty
          (after the top card was taken or bought); `discard_live` — whether it may still be
          taken or bought; `discarder` — who laid it (None for the upcard);
          `discard_pile` — the whole pile, bottom first;
        - `stock_size` — cards left in the stock; `reshuffles_used` — stock rebuilds this round;
        - `melds` — every meld on the table, then those of a lay-down under way: `owner`,
          `kind` ("run" or "set"), `key` (the run's suit or the set's rank), `low` (a run's
          lowest place), `cards`, `binds` (per card, what a joker stands for, else None) and
          `pending` (part of an unfinished lay-down);
        - `laid_down`, `buys_used` — per seat: has it laid down its contract; buys so far;
        - `buy_requests` — seats that have asked to buy in the open buy window;
        - `went_out`, `final_turns_left` — who went out (or None); seats still owed a last turn;
        - `turns` — turns finished this round;
        - `known` — per seat, the cards everyone saw go into that hand (a taken or bought
          discard, a stolen joker) and still there;
        - `taken` — the card the player in turn took from the discard pile this turn, or None;
        - `scores` — per seat, penalty points so far.
        """
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(f"seat is 0 to {self.n - 1}, not {seat!r}")
        c = self.contract
        return {
            "seat": seat, "to_move": self.to_move, "hand": [str(x) for x in self.hands[seat]],
            "round": self.round_no, "contract": {"runs": c.runs, "sets": c.sets}, "phase": self.step,
            "player": self.player, "dealer": self.dealer,
            "discard_top": str(self.discard[-1]) if self.discard else None,
            "discard_live": self.live, "discarder": self.discarder,
            "discard_pile": [str(x) for x in self.discard], "stock_size": len(self.stock),
            "melds": [_meld_json(m, self.rules.run_wrap, False) for ms in self.melds for m in ms]
                     + [_meld_json(m, self.rules.run_wrap, True) for m in self.pending],
            "laid_down": list(self.laid_down), "buys_used": list(self.buys_used),
            "buy_requests": list(self.buy_requests), "went_out": self.went_out,
            "final_turns_left": list(self.final_left), "reshuffles_used": self.reshuffles,
            "turns": self.turns, "hand_sizes": [len(h) for h in self.hands],
            "known": [[str(x) for x in k] for k in self.known],
            "taken": None if self.taken is None else str(self.taken),
            "scores": list(self.totals),
        }

    def observation_digest(self, seat: int) -> str:
        return json.dumps(self.observation(seat), sort_keys=True)

    def sight(self, seat: int) -> Sight:
        """The part of `observation(seat)` the rule-of-thumb bot reads, as cards rather
        than text: the same facts, without writing every card out and parsing it back (the
        search bot's simulations ask this after nearly every move)."""
        return Sight(seat, self.hands[seat], self.round_no, self.discard[-1] if self.discard else None,
                     self.laid_down[seat])

    def fits_a_meld(self, card: Card) -> bool:
        """Could `card` be laid off on some meld on the table (§B2.5), whoever holds it?
        The melds are public; the answers are kept per meld (see `_table_facts`)."""
        return any(f.layoffs(card) for f in self._table_facts())

    # -- legal moves -------------------------------------------------------------------
    def _legal(self) -> tuple[Action, ...]:
        step = self.step
        if step == "draw":
            return (TAKE, DRAW)
        if step == "buy":
            return (BUY, PASS)
        p, hand = self.player, self.hands[self.player]
        keys = hand_key(hand)  # the hand as the meld search reads it
        melds = self._meld_actions(hand, keys)
        if step == "meld":
            return melds
        rules = self.rules
        may_add = rules.layoff_same_turn or not self.laid_turn
        held = dict.fromkeys(keys)  # the distinct cards' keys, in hand order
        adds: tuple[Action, ...] = ()
        if self.laid_down[p] and self.round_no < FINAL_ROUND and may_add:
            by_rank, facts = self._by_rank(held), self._table_facts()
            adds = (*self._layoffs(hand, held, by_rank, facts), *self._steals(held, by_rank, facts))
        taken = self.taken
        if rules.forbid_same_card_discard and taken is not None:
            discards = tuple(map(_DISCARD_AT.__getitem__, [k for k in held if k != taken.key] or held))
        else:
            discards = tuple(map(_DISCARD_AT.__getitem__, held))
        return melds + adds + discards if melds or adds else discards

    def _meld_actions(self, hand: tuple[Card, ...], keys: bytes) -> tuple[Action, ...]:
        rules, p = self.rules, self.player
        final = self.round_no == FINAL_ROUND
        pending = self.pending
        if pending or not self.laid_down[p]:
            runs, sets = CONTRACTS[self.round_no - 1]
            used_suits = used_ranks = _NONE
            if pending:  # a lay-down under way: the melds and the suits or ranks it still needs
                runs -= sum(m.kind == "run" for m in pending)
                sets -= sum(m.kind == "set" for m in pending)
                used_suits = frozenset(m.key for m in pending if m.kind == "run")
                used_ranks = frozenset(m.key for m in pending if m.kind == "set")
            long = not rules.layoff_same_turn and not final
            left = len(hand) - 4 * runs - 3 * sets
            if not rules.go_out_by_discard and not long and left == 1:
                return ()
            return _meld_moves(hand, keys, runs, sets, used_suits, used_ranks, final, rules, long, False)
        if not final and ((self.laid_turn and rules.extra_melds_on_laydown)
                          or (not self.laid_turn and rules.new_melds_after_laydown)):
            return _meld_moves(hand, keys, 0, 0, _NONE, _NONE, False, rules, False, True)
        return ()

    def _table_facts(self) -> tuple[_MeldFacts, ...]:
        """A `_MeldFacts` per meld on the table, in owner order.  Kept in the instance dict
        under a name `derived` does not clear, so `_evolve_with` hands them on to the next
        state: they are rebuilt only when `melds` is another tuple (and then only for the
        melds that changed).  A laid-down player's every move asks them."""
        memo = self.__dict__.get("_facts_memo")
        melds, rules = self.melds, self.rules
        if memo is not None and memo[0] is melds and memo[1] is rules:
            return memo[2]
        before = {} if memo is None or memo[1] is not rules else {f.where: f for f in memo[2]}
        facts = []
        for owner, ms in enumerate(melds):
            for i, m in enumerate(ms):
                f = before.get((owner, i))
                facts.append(f if f is not None and f.meld is m else _MeldFacts(m, (owner, i), rules))
        out = tuple(facts)
        self.__dict__["_facts_memo"] = (melds, rules, out)
        return out

    @staticmethod
    def _by_rank(held: dict[int, None]) -> dict[str | None, list[Card]]:
        """The distinct cards held (`held`: their keys), by rank (None: the joker), in hand order."""
        by_rank: dict[str | None, list[Card]] = {}
        for k in held:
            c = _CARD_AT[k]
            by_rank.setdefault(c.rank, []).append(c)
        return by_rank

    def _layoffs(self, hand: tuple[Card, ...], held: dict[int, None], by_rank: dict[str | None, list[Card]],
                 facts: tuple[_MeldFacts, ...]) -> list[Action]:
        if not self.rules.go_out_by_discard and len(hand) == 2:
            return []
        jokers = by_rank.get(None, [])
        out: list[Action] = []
        for f in facts:
            if f.ends is None:  # a set: the cards of its rank, and jokers
                fits = by_rank.get(f.meld.key)
                if fits is None:
                    if not jokers:
                        continue  # (most melds, most turns: no list made)
                    fits = jokers
                elif jokers:
                    fits = fits + jokers
            else:  # a run: only the cards just below and above it, and jokers (in hand order)
                fits = [c for c in f.ends if c.key in held]
                if len(fits) == 2:
                    order = [*held]
                    fits.sort(key=lambda c: order.index(c.key))
                fits += jokers
            for card in fits:
                out += f.layoffs(card)
        return out

    def _steals(self, held: dict[int, None], by_rank: dict[str | None, list[Card]],
                facts: tuple[_MeldFacts, ...]) -> list[Action]:
        rules, p, wrap = self.rules, self.player, self.rules.run_wrap
        out: list[Action] = []
        for f in facts:
            m = f.meld
            if not f.has_joker or (f.where[0] == p and not rules.joker_steal_by_owner) or \
                    (m.kind == "set" and not rules.joker_steal_from_sets):
                continue
            # a set: the cards of its rank held, in hand order; a run: its jokers' cards held
            wanted = by_rank.get(m.key, []) if m.kind == "set" else [c for c in f.stand_ins if c.key in held]
            for card in wanted:
                if rules.stolen_joker_must_be_used:
                    slot = steal_slot(m, card, wrap)
                    assert slot is not None  # `wanted` holds only cards its jokers stand for
                    if not self._joker_fits(f.where, stolen_from(m, card, slot)):
                        continue
                out.append(f.steal(card))
        return out

    def _joker_fits(self, where: tuple[int, int], changed: Meld) -> bool:
        """Could a joker be laid off somewhere once `where` has become `changed`?"""
        for owner, ms in enumerate(self.melds):
            for i, m in enumerate(ms):
                if layoff_ends(changed if (owner, i) == where else m, JOKER, self.rules):
                    return True
        return False

    def _parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def _in_place_order(self, action: Any) -> Any:
        """A run written in any order, in place order (as sets are read in card order):
        `run QC JC 10C 9C` is `run 9C 10C JC QC`.  Other moves, and runs whose declared
        cards are no run, as they are."""
        if isinstance(action, Action) and action.verb == "run":
            placed = in_place_order(action.cards, action.binds, self.rules)
            if placed is not None:
                return action._replace(cards=placed[0], binds=placed[1])
        return action

    def _canonical(self, action: Any) -> Any:
        for a in self._legal_tuple():  # as the base class does first, without its call
            if a is action:
                return a
        found = super()._canonical(action)
        if found is None and isinstance(action, Action) and action.verb == "run":
            found = super()._canonical(self._in_place_order(action))
        return found

    def _why_illegal(self, action: Any) -> tuple[str, dict[str, str]]:
        if not isinstance(action, Action):
            raise IllegalMove(f"{action!r} is not a Kínaskák move")
        action = self._in_place_order(action)
        verb, step, p = action.verb, self.step, self.player
        allowed = {"draw": ("take", "draw"), "buy": ("buy", "pass"), "meld": ("run", "set"),
                   "discard": ("run", "set", "off", "steal", "discard")}[step]
        if verb not in allowed:
            if verb == "buy" and step != "buy":
                if self.round_no == FINAL_ROUND:
                    return "no_buy_round8", {}
                return "no_buy_now", {"max": str(self.rules.max_buys)}
            return "wrong_step", {"step": step, "moves": ", ".join(allowed)}
        if verb == "buy":
            return "no_buy_now", {"max": str(self.rules.max_buys)}
        hand = self.hands[p]
        missing = Counter(action.cards) - Counter(hand)
        if missing:
            return "not_in_hand", {"cards": " ".join(map(str, sorted(missing.elements())))}
        if verb == "discard":
            return "same_card", {"card": str(action.cards[0])}
        if verb in ("run", "set"):
            return self._why_not_meld(action)
        if not self.laid_down[p]:
            return "not_laid_down", {}
        if self.round_no == FINAL_ROUND:
            return "final_round", {}
        if self.laid_turn and not self.rules.layoff_same_turn:
            return "layoff_same_turn", {}
        where = "?" if action.meld is None else f"{action.meld[0]}-{action.meld[1]}"
        meld = None if action.meld is None else self.meld_at(action.meld)
        if meld is None:
            return "no_such_meld", {"meld": where}
        if verb == "steal":
            return self._why_not_steal(action, meld)
        if not self.rules.go_out_by_discard and len(hand) == 2:
            return "keep_two", {}
        return "bad_layoff", {"card": str(action.cards[0]), "meld": where}

    def _why_not_meld(self, action: Action) -> tuple[str, dict[str, str]]:
        rules = self.rules
        text = " ".join(map(str, action.cards))
        if action.verb == "set" and not is_set(action.cards, rules):
            return "not_a_set", {"cards": text}
        if action.verb == "run":
            if fit_run(action.cards, rules) is None or \
                    any(c is not JOKER and c != b for c, b in zip(action.cards, action.binds)):
                return "not_a_run", {"cards": text}
            if run_placing(action, rules) is None:
                return "run_placing", {"cards": text}
        if self.laid_down[self.player] and not self.pending:
            return "no_new_melds", {}
        if self.round_no == FINAL_ROUND:
            return "final_round_whole_hand", {}
        if not rules.layoff_same_turn or len(action.cards) > (4 if action.verb == "run" else 3):
            return "meld_length", {}
        return "contract", {"round": str(self.round_no)}

    def _why_not_steal(self, action: Action, meld: Meld) -> tuple[str, dict[str, str]]:
        rules = self.rules
        if meld.owner == self.player and not rules.joker_steal_by_owner:
            return "steal_own", {}
        if meld.kind == "set" and not rules.joker_steal_from_sets:
            return "steal_from_set", {}
        if steal_slot(meld, action.cards[0], rules.run_wrap) is None:
            return "bad_steal", {"card": str(action.cards[0])}
        return "steal_unused", {}

    # -- moves -------------------------------------------------------------------------
    # A move is a chain of rule steps (a discard ends the turn, which starts the next one,
    # which may draw for the player, which may end the round and deal the next).  Each step
    # writes the fields it changes to `c`, one dict for the whole move, and `_next` makes
    # the new state from them once, through `_evolve_with` (which also drops the values
    # derived from the old fields).  `self` is the state before the move.  The first step,
    # `_do_<verb>`, reads it (only the log has changed yet); the steps after it read a
    # field as it stands, `c.get(name, self.name)`; what no move changes (`n`, `rules`,
    # `seed`) they read from `self`.  (A state per step would cost more than the rules: a
    # move takes up to a dozen steps.)

    def _next(self, action: Action) -> State:
        # Only the action is logged: a save writes the moves' texts (`to_json`), where
        # keeping a text log beside it cost a `str(action)` (an `Action` hash) every move.
        c: dict[str, Any] = {"log": _logged(self.log, action)}
        _STEPS[action.verb](self, action, c)
        new: State = self._evolve_with(c)
        return new

    def _do_take(self, action: Action, c: dict[str, Any]) -> None:
        p, hands, known, discard = self.player, self.hands, self.known, self.discard
        top = discard[-1]
        c.update(hands=_put(hands, p, _add(hands[p], top)), known=_put(known, p, _add(known[p], top)),
                 discard=discard[:-1], live=False, taken=top, step="discard")

    def _do_draw(self, action: Action, c: dict[str, Any]) -> None:
        queue = self.buyers()
        if queue:
            c.update(step="buy", buy_queue=queue, buy_requests=())
        else:
            c["live"] = False
            self._draw_for_player(c)

    def _do_buy(self, action: Action, c: dict[str, Any]) -> None:
        seat = self.buy_queue[0]
        if self.rules.buy_priority == "seat_order":
            self._sell(c, seat)
        else:
            c["buy_requests"] = (*self.buy_requests, seat)
            self._ask_next(c)

    def _do_pass(self, action: Action, c: dict[str, Any]) -> None:
        self._ask_next(c)

    def _ask_next(self, c: dict[str, Any]) -> None:
        queue = c.get("buy_queue", self.buy_queue)[1:]
        if queue:
            c["buy_queue"] = queue
        elif not c.get("buy_requests", self.buy_requests):
            c.update(buy_queue=(), live=False)
            self._draw_for_player(c)
        else:
            # "Ef ágreiningur er um hver megi kaupa er dregið um það": a lot from the game's seed.
            moves = log_len(c.get("log", self.log))
            lot = random.Random(f"{self.seed}:lot:{c.get('round_no', self.round_no)}:{moves}")
            self._sell(c, lot.choice(sorted(c.get("buy_requests", self.buy_requests))))

    def _sell(self, c: dict[str, Any], buyer: int) -> None:
        """The buyer takes the discard and the top of the stock, discarding nothing."""
        get, rules = c.get, self.rules
        discard, buys_used = get("discard", self.discard), get("buys_used", self.buys_used)
        fines, hands, known = get("fines", self.fines), get("hands", self.hands), get("known", self.known)
        top = discard[-1]
        used = buys_used[buyer] + 1
        fine = rules.excess_buy_penalty if used > rules.max_buys else 0
        c.update(discard=discard[:-1], live=False, buy_queue=(), buy_requests=(),
                 buys_used=_put(buys_used, buyer, used), fines=_put(fines, buyer, fines[buyer] + (fine or 0)),
                 hands=_put(hands, buyer, _add(hands[buyer], top)),
                 known=_put(known, buyer, _add(known[buyer], top)))
        self._from_stock(c, buyer)  # the buy window was opened only if the stock can supply both
        self._draw_for_player(c)

    def buyers(self) -> tuple[int, ...]:
        """Who would be asked, clockwise from the player's left, whether they buy the live
        discard if the player in turn declined it now (§B2.6); () when no buy window opens."""
        rules, p = self.rules, self.player
        if self.round_no == FINAL_ROUND or (self.went_out is not None and not rules.buy_in_final_lap):
            return ()
        if self.discarder is None and not rules.buy_initial_upcard:
            return ()
        spare = len(self.discard) - 2 if rules.stock_exhaustion == "reshuffle" and \
            self.reshuffles < rules.max_reshuffles else 0
        if len(self.stock) + max(0, spare) < 2:
            return ()
        n, discarder, buys_used, most = self.n, self.discarder, self.buys_used, rules.max_buys
        anyone, fined = rules.discarder_may_buy, rules.excess_buy_penalty is not None
        out = []
        for k in range(1, n):
            s = (p + k) % n
            if (s != discarder or anyone) and (buys_used[s] < most or fined):
                out.append(s)
        return tuple(out)

    def _from_stock(self, c: dict[str, Any], seat: int) -> bool:
        """`seat` draws the top stock card (reshuffling the discards once if needed); False,
        with the round ended, if no card can be had (§B2.8)."""
        get = c.get
        stock = get("stock", self.stock)
        if not stock:
            rules, discard = self.rules, get("discard", self.discard)
            reshuffles = get("reshuffles", self.reshuffles)
            spent = rules.stock_exhaustion == "end_round" or reshuffles >= rules.max_reshuffles
            if spent or len(discard) < 2:
                self._end_round(c)
                return False
            stock = shuffled(discard[:-1], self.seed, get("round_no", self.round_no), "reshuffle", reshuffles)
            c.update(discard=discard[-1:], reshuffles=reshuffles + 1)
        hands = get("hands", self.hands)
        c.update(stock=stock[1:], hands=_put(hands, seat, _add(hands[seat], stock[0])))
        return True

    def _draw_for_player(self, c: dict[str, Any]) -> None:
        if self._from_stock(c, c.get("player", self.player)):
            c["step"] = "discard"

    def _do_run(self, action: Action, c: dict[str, Any]) -> None:
        placed = run_placing(action, self.rules)
        assert placed is not None  # a legal run has a placing the engine offers
        self._lay(c, Meld(self.player, "run", placed[0], placed[1], action.cards))

    def _do_set(self, action: Action, c: dict[str, Any]) -> None:
        rank = next(card.rank for card in action.cards if card is not JOKER)
        assert rank is not None  # a natural card has a rank
        self._lay(c, Meld(self.player, "set", rank, 0, action.cards))

    def _lay(self, c: dict[str, Any], meld: Meld) -> None:
        get = c.get
        p, hands, known = get("player", self.player), get("hands", self.hands), get("known", self.known)
        melds, pending = get("melds", self.melds), get("pending", self.pending)
        laid_down = get("laid_down", self.laid_down)
        c.update(hands=_put(hands, p, without(hands[p], meld.cards)),
                 known=_less_known(known, p, meld.cards))
        if laid_down[p] and not pending:  # an extra meld after the contract
            c["melds"] = _put(melds, p, (*melds[p], meld))
            self._after_main(c)
            return
        pending = (*pending, meld)
        contract = CONTRACTS[get("round_no", self.round_no) - 1]
        if sum(m.kind == "run" for m in pending) < contract.runs or \
                sum(m.kind == "set" for m in pending) < contract.sets:
            c.update(pending=pending, step="meld")
            return
        c.update(pending=(), melds=_put(melds, p, (*melds[p], *pending)),
                 laid_down=_put(laid_down, p, True), laid_turn=True, step="discard")
        self._after_main(c)

    def _do_off(self, action: Action, c: dict[str, Any]) -> None:
        p, card, melds, hands, known = self.player, action.cards[0], self.melds, self.hands, self.known
        assert action.meld is not None  # a lay-off names its meld
        owner, i = action.meld
        meld = laid_off(melds[owner][i], card, action.end, self.rules.run_wrap)
        c.update(melds=_put(melds, owner, _put(melds[owner], i, meld)),
                 hands=_put(hands, p, without(hands[p], (card,))),
                 known=_less_known(known, p, (card,)))
        self._after_main(c)

    def _do_steal(self, action: Action, c: dict[str, Any]) -> None:
        p, card, melds, hands, known = self.player, action.cards[0], self.melds, self.hands, self.known
        assert action.meld is not None  # a steal names its meld
        owner, i = action.meld
        old = melds[owner][i]
        slot = steal_slot(old, card, self.rules.run_wrap)
        assert slot is not None  # a legal steal swaps in the card the joker stands for
        c.update(melds=_put(melds, owner, _put(melds[owner], i, stolen_from(old, card, slot))),
                 hands=_put(hands, p, _add(without(hands[p], (card,)), JOKER)),
                 known=_put(known, p, _add(_drop_known(known[p], (card,)), JOKER)))

    def _do_discard(self, action: Action, c: dict[str, Any]) -> None:
        p, card, hands, known = self.player, action.cards[0], self.hands, self.known
        c.update(hands=_put(hands, p, without(hands[p], (card,))),
                 known=_less_known(known, p, (card,)),
                 discard=(*self.discard, card), live=True, discarder=p)
        self._end_turn(c)

    def _after_main(self, c: dict[str, Any]) -> None:
        """An empty hand after a meld or lay-off goes out with no discard."""
        if not c.get("hands", self.hands)[c.get("player", self.player)]:
            self._end_turn(c)

    # -- turns and rounds --------------------------------------------------------------
    def _end_turn(self, c: dict[str, Any]) -> None:
        get, n = c.get, self.n
        p, turns = get("player", self.player), get("turns", self.turns) + 1
        went_out, final_left = get("went_out", self.went_out), get("final_left", self.final_left)
        c.update(turns=turns, pending=())
        if went_out is None and not get("hands", self.hands)[p]:
            went_out, final_left = p, tuple((p + k) % n for k in range(1, n))
            c.update(went_out=went_out, final_left=final_left)
        elif went_out is not None and final_left and final_left[0] == p:
            final_left = final_left[1:]
            c["final_left"] = final_left
        if (went_out is not None and not final_left) or turns >= self.turn_limit:
            self._end_round(c)
        else:
            self._start_turn(c, final_left[0] if went_out is not None else (p + 1) % n)

    def _start_turn(self, c: dict[str, Any], seat: int) -> None:
        c.update(player=seat, taken=None, laid_turn=False, pending=(), buy_queue=(), buy_requests=())
        either = self.rules.round8_draw_source == "either"
        if c.get("live", self.live) and (c.get("round_no", self.round_no) < FINAL_ROUND or either):
            c["step"] = "draw"
        else:
            c["live"] = False
            self._draw_for_player(c)

    def _end_round(self, c: dict[str, Any]) -> None:
        c.update(self._evolve_with(c)._ending_deal())  # the round's last position, for `last_deal`
        get, n = c.get, self.n
        round_no, hands = get("round_no", self.round_no), get("hands", self.hands)
        pen = hand_penalties(hands, get("fines", self.fines))
        contract = CONTRACTS[round_no - 1]
        row = (round_no, contract.runs, contract.sets, get("went_out", self.went_out), pen)
        c.update(sheet=(*get("sheet", self.sheet), row),
                 totals=tuple(t + x for t, x in zip(get("totals", self.totals), pen)),
                 cards_left=tuple(t + len(h) for t, h in zip(get("cards_left", self.cards_left), hands)))
        if round_no == FINAL_ROUND:
            c.update(step="over", buy_queue=(), buy_requests=(), pending=())
            return
        deck = shuffled(_sorted_deck(n, self.rules), self.seed, round_no + 1)
        self._deal(c, round_no + 1, (get("dealer", self.dealer) + 1) % n, deck)

    def _finished_deal(self, row: ScoreRow) -> FinishedDeal:
        # The round is over and not yet scored: the hands still hold their penalty cards.
        return FinishedDeal(
            number=self.round_no, index=self.deals_done, dealer=self.dealer, hands=self.hands,
            taken=((),) * self.n, tricks=None, table=self.discard, table_to=None,
            details={"melds": self.melds, "went_out": self.went_out, "stock": self.stock,
                     "fines": self.fines}, row=row)

    def _deal(self, c: dict[str, Any], round_no: int, dealer: int, deck: Sequence[Card]) -> None:
        """Thirteen cards each, one at a time clockwise from the dealer's left; the next
        card turned up as the discard pile; the rest the stock (§B2.4)."""
        n = self.n
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            hands[(dealer + 1 + i) % n].append(deck[i])
        up = HAND_SIZE * n
        empty = ((),) * n
        c.update(
            round_no=round_no, dealer=dealer, stock=tuple(deck[up + 1:]), discard=(deck[up],), live=True,
            discarder=None, hands=tuple(tuple(sorted(h, key=_KEY)) for h in hands), known=empty, melds=empty,
            pending=(), laid_down=(False,) * n, laid_turn=False, buys_used=(0,) * n, fines=(0,) * n,
            buy_queue=(), buy_requests=(), taken=None, went_out=None, final_left=(), reshuffles=0,
            turns=0, round_start=log_len(c.get("log", self.log)), step="discard")
        self._start_turn(c, (dealer + 1) % n)

    # -- saving ------------------------------------------------------------------------
    def to_json(self) -> str:
        wrap = self.rules.run_wrap
        return save_json("kinaskak", {
            "rules": rules_to_dict(self.rules), "seed": self.seed, "players": self.n,
            "round_no": self.round_no, "dealer": self.dealer, "stock": cards_text(self.stock),
            "discard": cards_text(self.discard), "live": self.live, "discarder": self.discarder,
            "hands": [cards_text(h) for h in self.hands], "known": [cards_text(k) for k in self.known],
            "melds": [[_meld_json(m, wrap, False) for m in ms] for ms in self.melds],
            "pending": [_meld_json(m, wrap, True) for m in self.pending],
            "laid_down": list(self.laid_down), "laid_turn": self.laid_turn,
            "buys_used": list(self.buys_used), "fines": list(self.fines), "step": self.step,
            "player": self.player, "buy_queue": list(self.buy_queue),
            "buy_requests": list(self.buy_requests),
            "taken": None if self.taken is None else str(self.taken), "went_out": self.went_out,
            "final_left": list(self.final_left), "reshuffles": self.reshuffles, "turns": self.turns,
            "totals": list(self.totals), "cards_left": list(self.cards_left),
            "sheet": [[r, a, b, o, list(p)] for r, a, b, o, p in self.sheet],
            "history": [str(a) for a in self.history], "round_start": self.round_start,
            "origin": None if self.origin is None else list(self.origin),
        })


# A move's first rule step by its verb (`State._next`), looked up once, not by name.
_VERBS = ("take", "draw", "buy", "pass", "run", "set", "off", "steal", "discard")
_STEPS: dict[str, Callable[[State, Action, dict[str, Any]], None]] = {
    verb: getattr(State, "_do_" + verb) for verb in _VERBS}


@lru_cache(maxsize=64)
def _sorted_deck(players: int, rules: Rules) -> tuple[Card, ...]:
    """`deck_for` in card order: `shuffled` sorts it first, and sorting a sorted deck by
    the Python-level `Card.__lt__` takes a pass, not a full sort (a round ending inside a
    search bot's simulation deals the next one)."""
    return tuple(sorted(deck_for(players, rules), key=_KEY))


def _meld_json(m: Meld, wrap: bool, pending: bool) -> dict[str, Any]:
    binds = [str(m.stands_for(i, wrap)) if c is JOKER else None for i, c in enumerate(m.cards)]
    return {"owner": m.owner, "kind": m.kind, "key": m.key, "low": m.low,
            "cards": [str(c) for c in m.cards], "binds": binds, "pending": pending}


# ---------------------------------------------------------------------------------------
# Starting

def new_game(*, players: int | None = None, seed: int | None = None,
             deck: str | Sequence[Card] | None = None,
             rules: Rules = Rules(),  # noqa: B008 -- frozen: one shared default is safe
             dealer: int | None = None) -> State:
    """A new match of eight rounds.  `deck` stacks round 1 (top card first; dealt one at a
    time clockwise from the dealer's left, then the upcard, then the stock)."""
    n = check_players(4 if players is None else players)
    dealer, seed = start_options("Kínaskák", rules, Rules, dealer, seed, n)
    full = deck_for(n, rules)
    cards = shuffled(full, seed, 1) if deck is None else stacked_deck(deck, full, "Kínaskák")
    if HAND_SIZE * n + 1 > len(cards):
        raise ValueError("not enough cards to deal")
    zeros = (0,) * n
    blank = State(
        rules=rules, seed=seed, n=n, round_no=1, dealer=dealer, stock=(), discard=(), live=False,
        discarder=None, hands=((),) * n, known=((),) * n, melds=((),) * n, pending=(),
        laid_down=(False,) * n, laid_turn=False, buys_used=zeros, fines=zeros, step="discard", player=0,
        buy_queue=(), buy_requests=(), taken=None, went_out=None, final_left=(), reshuffles=0, turns=0,
        totals=zeros, cards_left=zeros, sheet=(), log=EMPTY_LOG, round_start=0,
        origin=(seed, dealer, None if deck is None else cards_text(cards)))
    c: dict[str, Any] = {}
    blank._deal(c, 1, dealer, cards)
    return blank._evolve_with(c)
