"""The Kínaskák engine: the state of a match, dealing, turns, buying, going out and
scoring, and `new_game`.  The rule facts live in `rules.py`, the meld search (and `Meld`)
in `melds.py`, the moves (`Action`), which are legal and why one is not in `legality.py`;
see the package docstring for the action notation and the steps of a lay-down."""

from __future__ import annotations

import json
import random
from bisect import insort
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

from cardlearn.cards import JOKER, Card, cards_text, without
from cardlearn.core import (
    DEAL_END,
    GameState,
    derived,
    rules_to_dict,
    save_json,
    shuffled,
    stacked_deck,
    start_options,
)
from cardlearn.protocol import FinishedDeal, ScoreRow

from .legality import (
    Action,
    buy_window,
    in_place,
    legal_moves,
    run_placing,
    steal_slot,
    stolen_from,
    table_facts,
    why_illegal,
)
from .legality import layoff_ends as layoff_ends  # where the tests and notebooks find it
from .melds import Meld
from .rules import (
    CONTRACTS,
    FINAL_ROUND,
    HAND_SIZE,
    INFO,
    Rules,
    SheetRow,
    check_players,
    deck_for,
    hand_penalties,
)

__all__ = [  # this module's part of the game API: the package re-exports these
    "Action",
    "Meld",
    "State",
    "new_game",
]

_KEY = attrgetter("key")  # Card order without a Python-level __lt__ per comparison


class Sight(NamedTuple):
    """What `State.sight(seat)` gives: fields of `observation(seat)` as engine values
    (a test checks them against the observation, so they show no more than it does)."""

    seat: int
    hand: tuple[Card, ...]         # observation "hand"
    round_no: int                  # "round"
    discard_top: Card | None       # "discard_top"
    laid_down: bool                # "laid_down"[seat]



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




def _add(cards: tuple[Card, ...], *new: Card) -> tuple[Card, ...]:
    out = list(cards)
    for c in new:
        insort(out, c, key=_KEY)
    return tuple(out)


def _put(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
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


def laid_off(meld: Meld, card: Card, end: str, wrap: bool) -> Meld:
    if end == "low":
        return meld._replace(low=(meld.low - 1) % 13 if wrap else meld.low - 1, cards=(card, *meld.cards))
    if end == "high":
        return meld._replace(cards=(*meld.cards, card))
    return meld._replace(cards=tuple(sorted((*meld.cards, card))))


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
        their facts (`legality.table_facts`) carry over, as after a move."""
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
    def score_sheet(self) -> list[SheetRow]:
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
        The melds are public; the answers are kept per meld (see `legality.table_facts`)."""
        return any(f.layoffs(card) for f in table_facts(self))

    # -- legal moves: the hooks, written in legality.py as functions of the state --------
    _legal = legal_moves
    _why_illegal = why_illegal
    buyers = buy_window  # public: who would be asked to buy (the table's words ask it)

    def _parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def _canonical(self, action: Any) -> Any:
        for a in self._legal_tuple():  # as the base class does first, without its call
            if a is action:
                return a
        found = super()._canonical(action)
        if found is None and isinstance(action, Action) and action.verb == "run":
            found = super()._canonical(in_place(self, action))
        return found

    # -- moves -------------------------------------------------------------------------
    # A move is a chain of rule steps (a discard ends the turn, which starts the next one,
    # which may draw for the player, which may end the round and deal the next).  Each step
    # writes the fields it changes to `c`, one dict for the whole move, and `_next` makes
    # the new state from them once, through `_evolve_with` (which also drops the values
    # derived from the old fields).  `self` is the state before the move.  The first step,
    # `_STEPS[verb]` (a function below the class), reads it (only the log has changed
    # yet); the steps after it read a
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
                     "fines": self.fines}, row=row,
            unplayed=(*self.stock, *(c for melds in self.melds for meld in melds for c in meld.cards)))

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


# A move's first rule step, by its verb (`State._next`): it reads the state before the move
# and writes the fields it changes to `c`; the steps that follow are `State` methods.

def _take(state: State, action: Action, c: dict[str, Any]) -> None:
    p, hands, known, discard = state.player, state.hands, state.known, state.discard
    top = discard[-1]
    c.update(hands=_put(hands, p, _add(hands[p], top)), known=_put(known, p, _add(known[p], top)),
             discard=discard[:-1], live=False, taken=top, step="discard")


def _draw(state: State, action: Action, c: dict[str, Any]) -> None:
    queue = state.buyers()
    if queue:
        c.update(step="buy", buy_queue=queue, buy_requests=())
    else:
        c["live"] = False
        state._draw_for_player(c)


def _buy(state: State, action: Action, c: dict[str, Any]) -> None:
    seat = state.buy_queue[0]
    if state.rules.buy_priority == "seat_order":
        state._sell(c, seat)
    else:
        c["buy_requests"] = (*state.buy_requests, seat)
        state._ask_next(c)


def _pass(state: State, action: Action, c: dict[str, Any]) -> None:
    state._ask_next(c)


def _run(state: State, action: Action, c: dict[str, Any]) -> None:
    placed = run_placing(action, state.rules)
    assert placed is not None  # a legal run has a placing the engine offers
    state._lay(c, Meld(state.player, "run", placed[0], placed[1], action.cards))


def _set(state: State, action: Action, c: dict[str, Any]) -> None:
    rank = next(card.rank for card in action.cards if card is not JOKER)
    assert rank is not None  # a natural card has a rank
    state._lay(c, Meld(state.player, "set", rank, 0, action.cards))


def _off(state: State, action: Action, c: dict[str, Any]) -> None:
    p, card, melds, hands, known = state.player, action.cards[0], state.melds, state.hands, state.known
    assert action.meld is not None  # a lay-off names its meld
    owner, i = action.meld
    meld = laid_off(melds[owner][i], card, action.end, state.rules.run_wrap)
    c.update(melds=_put(melds, owner, _put(melds[owner], i, meld)),
             hands=_put(hands, p, without(hands[p], (card,))),
             known=_less_known(known, p, (card,)))
    state._after_main(c)


def _steal(state: State, action: Action, c: dict[str, Any]) -> None:
    p, card, melds, hands, known = state.player, action.cards[0], state.melds, state.hands, state.known
    assert action.meld is not None  # a steal names its meld
    owner, i = action.meld
    old = melds[owner][i]
    slot = steal_slot(old, card, state.rules.run_wrap)
    assert slot is not None  # a legal steal swaps in the card the joker stands for
    c.update(melds=_put(melds, owner, _put(melds[owner], i, stolen_from(old, card, slot))),
             hands=_put(hands, p, _add(without(hands[p], (card,)), JOKER)),
             known=_put(known, p, _add(_drop_known(known[p], (card,)), JOKER)))


def _discard(state: State, action: Action, c: dict[str, Any]) -> None:
    p, card, hands, known = state.player, action.cards[0], state.hands, state.known
    c.update(hands=_put(hands, p, without(hands[p], (card,))),
             known=_less_known(known, p, (card,)),
             discard=(*state.discard, card), live=True, discarder=p)
    state._end_turn(c)


_STEPS: dict[str, Callable[[State, Action, dict[str, Any]], None]] = {
    "take": _take, "draw": _draw, "buy": _buy, "pass": _pass, "run": _run, "set": _set,
    "off": _off, "steal": _steal, "discard": _discard}


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
