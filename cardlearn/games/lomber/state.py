"""The Lomber state machine: the actions, the auction, deal, declaring, exchange, play,
settlement and the 12-deal match.  Rule facts come from `rules`; loading a save is
`saves`, a deal of the hidden cards `hidden`.  Section numbers (§2.4, the rows of the
ambiguity table §3) are those of the rule file, docs/rules/lomber.md."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple

from cardlearn.cards import RANKS, Card, NotACard, cards_text, deck_card, is_card
from cardlearn.core import (
    GameState,
    IllegalMove,
    derived,
    rules_to_dict,
    save_json,
    shuffled,
    stacked_deck,
    start_options,
)
from cardlearn.core import unreadable as no_move
from cardlearn.protocol import FinishedDeal, ScoreRow

from .rules import (
    BASTI,
    BID_ORDER,
    CONTRACTS,
    DECK,
    HAND_SIZE,
    INFO,
    SPADDA,
    SPIL_FAMILY,
    TRICKS,
    Rules,
    SheetRow,
    contract_kind,
    contract_level,
    deal_payments,
    may_hold,
    plays,
    trick_winner,
    trump_choices,
    winning_index,
)

__all__ = [  # this module's part of the game API: the package re-exports these
    "Action",
    "Auction",
    "Row",
    "State",
    "new_game",
    "script",
]

# Most actions in one deal: an auction of at most 16 calls (each later bid is higher, each
# hold answers one; tests/test_lomber.py searches every auction), 4 declarations (kúpp,
# trump, concession, tótus), 13 discards and 3 "done", and 27 cards played.
PER_DEAL_BOUND = 16 + 4 + 16 + 27
_make = tuple.__new__
STEP_PHASE = {"auction": "auction", "convert": "declare", "trump": "declare", "concede": "declare",
              "totus": "declare", "play": "play", "over": "over"}
SAYINGS = ("play", "concede", "totus")
CARD_KEY = attrgetter("key")  # sorts cards as their own order does, without a Python-level __lt__


# ---------------------------------------------------------------------------------------
# Actions

class Action(NamedTuple):
    """One decision.  `kind` is "bid" (a contract id or "pass"), "convert" ("spil" keeps
    the spil, "kupp" turns it into kúpp), "trump" (a suit letter), "discard" (a card),
    "done" (ends an exchange: draw as many as were discarded), "say" ("play", "concede",
    "totus") or "card" (a card played to the trick).  Text forms: `pass`, `spil`, …,
    `trump H`, `discard 5H`, `done`, `play`, `concede`, `totus`, `5H`."""

    kind: str
    arg: Any = None

    def __str__(self) -> str:
        if self.kind in ("trump", "discard"):
            return f"{self.kind} {self.arg}"
        if self.kind == "done":
            return "done"
        return str(self.arg)

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {str(self.arg) if self.arg is not None else None!r})"


# How a Lomber move is written, for the refusal of one that cannot be read (`unreadable`).
NOTATION = {
    "en": "cards are written like 'AS', '7H' (a Lomber deck has no 8, 9 or 10), bids like 'spil' or "
          "'pass', other moves like 'trump H', 'discard 5H', 'done', 'play'",
    "is": "spil eru skrifuð eins og 'AS' eða '7H' (í lomber eru engar áttur, níur né tíur), sagnir "
          "eins og 'spil' eða 'pass', aðrir leikir eins og 'trump H', 'discard 5H', 'done', 'play'",
}
DECK_RANKS = tuple(r for r in RANKS if r not in ("8", "9", "10"))  # `rules.DECK`


def unreadable(text: Any, typed: str = "") -> IllegalMove:
    """The error for a move that is not Lomber notation: its own words, or, for a card the
    40-card deck lacks (`typed`), why, in words made for that deck (no tens, no jokers)."""
    return no_move(text, NOTATION["en"], typed, DECK_RANKS)


def parse_action(text: Any, step: str) -> Action:
    """Read a move's text form; `step` (the state's current step) settles the words that
    mean different things in different steps ("spil" and "kupp")."""
    if not isinstance(text, str):
        raise unreadable(text)
    word = text.strip().lower()
    head, _, rest = word.partition(" ")
    try:
        if word == "done":
            return Action("done")
        if head == "trump" and rest.upper() in ("S", "H", "D", "C"):
            return Action("trump", rest.upper())
        if head == "discard":
            return Action("discard", _lomber_card(text.strip().partition(" ")[2].strip()))
        if word in SAYINGS:
            return Action("say", word)
        if word == "pass" or word in CONTRACTS:
            if step == "convert" and word in ("spil", "kupp"):
                return Action("convert", word)
            return Action("bid", word)
        return Action("card", _lomber_card(text.strip()))
    except NotACard as err:  # a card the deck lacks, or the card after 'discard', named in the refusal
        raise unreadable(text, err.typed if head == "discard" or is_card(err.typed) else "") from None
    except ValueError:
        raise unreadable(text) from None


def _lomber_card(text: str) -> Card:
    """A card of the 40-card Lomber deck (`NotACard` for anything else: an 8, 9, 10 or joker
    is no Lomber card, so it is a misreading rather than a move to judge)."""
    return deck_card(text, DECK_RANKS)


# ---------------------------------------------------------------------------------------
# The auction (§2.4), as a small value

class Auction(NamedTuple):
    """Where the auction stands: `turn` (None when it is over), the surviving earlier seat
    `champion`, the later seat contesting it, the seats yet to speak, and the standing bid."""

    turn: int | None
    champion: int | None
    challenger: int | None
    waiting: tuple[int, ...]
    holder: int | None
    high: str | None

    def settle(self) -> Auction:
        """Whose turn it is once a call has been dealt with (the contest of §2.4)."""
        if self.champion is None:
            if not self.waiting:
                return self._replace(turn=None)  # everyone passed
            return self._replace(turn=self.waiting[0], waiting=self.waiting[1:])
        if self.challenger is None:
            if not self.waiting:
                return self._replace(turn=None)  # the champion declares
            return self._replace(turn=self.waiting[0], challenger=self.waiting[0], waiting=self.waiting[1:])
        return self

    def may_hold(self) -> bool:
        return self.turn == self.champion and self.challenger is not None

    def call(self, seat: int, bid: str) -> Auction:
        if bid == "pass":
            if self.champion is None:
                return self.settle()
            if seat == self.challenger:
                return self._replace(challenger=None).settle()
            return self._replace(champion=self.challenger, challenger=None).settle()
        if self.champion is None:
            return self._replace(champion=seat, holder=seat, high=bid).settle()
        other = self.champion if seat == self.challenger else self.challenger
        return self._replace(holder=seat, high=bid, turn=other)


def opening_auction(forehand: int) -> Auction:
    order = tuple((forehand + i) % 3 for i in range(3))
    return Auction(None, None, None, order, None, None).settle()


# ---------------------------------------------------------------------------------------
# State

Three = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


class Row(NamedTuple):
    """One finished deal on the score sheet."""

    contract: str | None
    declarer: int | None
    tricks: tuple[int, int, int]
    outcome: str
    payments: tuple[int, int, int]


@dataclass(frozen=True)
class State(GameState):
    """One moment of a match; immutable (`apply` returns a new state).  `steps` is what is
    left of this deal's script, its head the step now due ("auction", "convert", "trump",
    "ex0"/"ex1"/"ex2" an exchange by that seat, "concede", "totus", "play", "over").

    `last_deal` (the latest finished deal) has `taken` the cards of each seat's tricks and
    `details`: `contract`, `declarer`, `trump` (None after all passed), `talon` (the cards
    nobody bought), `discards` (per seat, its laid-away cards) and `played` (each trick
    as (leader, cards))."""

    SCORE_SIGN = INFO.score_sign

    rules: Rules
    seed: int
    deal_no: int
    dealer: int
    hands: Three
    talon: tuple[Card, ...]
    discards: Three
    bought: tuple[int, int, int]
    calls: tuple[tuple[int, str], ...]
    auction: Auction
    contract: str | None
    declarer: int | None
    trump: str | None
    turned: Card | None
    steps: tuple[str, ...]
    leader: int
    trick: tuple[Card, ...]
    played: tuple[tuple[int, tuple[Card, ...]], ...]
    tricks: tuple[int, int, int]
    totus: bool
    last_trick: tuple[int, tuple[Card, ...]] | None  # the latest whole trick, kept across deals
    totals: tuple[int, int, int]
    sheet: tuple[Row, ...]
    history: tuple[Action, ...]
    origin: tuple[int, int, str | None] | None = field(default=None, repr=False)

    # -- game facts ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return 3

    @property
    def step(self) -> str:
        """The step now due within `phase`: "auction", "convert", "trump", "ex0"/"ex1"/"ex2"
        (that seat's exchange), "concede", "totus", "play" or "over"."""
        return self.steps[0]

    @property
    def phase(self) -> str:
        step = self.steps[0]
        return "exchange" if step.startswith("ex") else STEP_PHASE[step]

    @property
    def deals_done(self) -> int:
        return len(self.sheet)

    @property
    def max_game_length(self) -> int:
        return PER_DEAL_BOUND * self.rules.match_deals

    def start(self) -> State:
        if self.origin is None:
            raise ValueError("this position has no recorded start (e.g. a determinized one)")
        seed, dealer, deck = self.origin
        return new_game(seed=seed, dealer=dealer, deck=deck, rules=self.rules)

    @property
    def forehand(self) -> int:
        """The forehand (*forhönd*): the seat after the dealer, who speaks and leads first."""
        return (self.dealer + 1) % 3

    # -- the public API ------------------------------------------------------------------
    @derived
    def to_move(self) -> int | None:
        step = self.steps[0]
        if step == "auction":
            return self.auction.turn
        if step == "play":
            return (self.leader + len(self.trick)) % 3
        if step.startswith("ex"):
            return int(step[2])
        return None if step == "over" else self.declarer

    @derived
    def winner(self) -> int | None:
        """The seat with the most at the end of the match, or None (while it runs, or a tie)."""
        if self.steps[0] != "over":
            return None
        best = max(self.totals)
        return self.totals.index(best) if self.totals.count(best) == 1 else None

    @property
    def scores(self) -> tuple[int, int, int]:
        return self.totals

    @property
    def score_sheet(self) -> list[SheetRow]:
        return [{"contract": r.contract, "declarer": r.declarer, "tricks": list(r.tricks),
                 "outcome": r.outcome, "payments": list(r.payments), "total": list(r.payments)}
                for r in self.sheet]

    @property
    def pending(self) -> int:
        """Cards the seat now exchanging has discarded and not yet replaced."""
        step = self.steps[0]
        if not step.startswith("ex"):
            return 0
        seat = int(step[2])
        return len(self.discards[seat]) - self.bought[seat]

    @derived
    def exposed(self) -> dict[int, tuple[Card, ...]]:
        """Cards in a hand that everyone has seen: the turned túrnir card (with whoever
        drew it), grand-túrnir's black aces, the hrein-yfir hand after the first lead."""
        shown: dict[int, tuple[Card, ...]] = {}
        d = self.declarer
        if d is not None:  # a contract stands
            if self.contract == "hrein_yfir" and (self.played or self.trick):
                shown[d] = self.hands[d]
            if self.contract == "grand_turnir":
                shown[d] = tuple(c for c in (SPADDA, BASTI) if c in self.hands[d])
        if self.turned is not None:
            for seat in range(3):
                if self.turned in self.hands[seat]:
                    shown[seat] = (*shown.get(seat, ()), self.turned)
        return {s: cards for s, cards in shown.items() if cards}

    def observation(self, seat: int) -> dict[str, Any]:
        """Exactly what `seat` may see, JSON-serialisable (cards as strings like "AS"):

        - `seat`, `to_move`, `phase`, `step` — this seat; who decides now; as `state.phase`
          and `state.step`;
        - `hand` — this seat's cards; `hand_sizes` — per seat, how many each holds;
        - `deal_no` — this deal's number from 0 (`state.deal_number` counts from 1);
          `dealer` — who dealt;
        - `bids` — every call so far as `[seat, call]`, passes and holds included;
        - `contract`, `declarer`, `trump` — the contract won, its declarer (*sagnhafi*) and
          the trump suit's letter (None until they are known);
        - `talon_size` — cards left in the talon (*stokkur*);
        - `turned`, `turned_on_talon` — the túrnir card turned to name trumps (or None);
          whether it still lies on the talon;
        - `leader`, `trick` — who led the trick on the table; its cards so far;
        - `played` — this deal's finished tricks, `[leader, cards]` each; `tricks` — per
          seat, tricks won; `last_trick` — the latest whole trick, `[leader, cards]`, kept
          into the next deal (None before the first);
        - `bought`, `discarding` — per seat, cards drawn from the talon; cards the seat now
          exchanging has laid away and not yet replaced (counts only: nobody sees another's
          discards or drawn cards); `discards` — this seat's own laid-away cards;
        - `exposed` — {"seat": cards} everyone has seen in a hand: the túrnir card with
          whoever drew it, grand-túrnir's black aces, the hrein-yfir hand after the lead;
        - `totus` — has the declarer announced tótus (all nine tricks);
        - `scores` — per seat, the payments so far; `score_sheet` — one row per finished deal;
        - `rules` — the variant options in force, as a dict.
        """
        if seat not in (0, 1, 2):
            raise IndexError(f"Lomber has seats 0, 1 and 2, not {seat!r}")
        return {
            "seat": seat, "to_move": self.to_move, "hand": [str(c) for c in self.hands[seat]],
            "phase": self.phase, "step": self.steps[0], "deal_no": self.deal_no, "dealer": self.dealer,
            "bids": [[s, b] for s, b in self.calls], "contract": self.contract,
            "declarer": self.declarer, "trump": self.trump, "talon_size": len(self.talon),
            "turned": None if self.turned is None else str(self.turned),
            "turned_on_talon": bool(self.talon) and self.talon[0] == self.turned,
            "leader": self.leader, "trick": [str(c) for c in self.trick],
            "played": [[lead, [str(c) for c in cards]] for lead, cards in self.played],
            "tricks": list(self.tricks), "hand_sizes": [len(h) for h in self.hands],
            "bought": list(self.bought), "discarding": self.pending,
            "discards": [str(c) for c in self.discards[seat]],
            "exposed": {str(s): [str(c) for c in cards] for s, cards in self.exposed.items()},
            "totus": self.totus, "last_trick": self._last_trick_json(),
            "scores": list(self.totals), "score_sheet": self.score_sheet,
            "rules": rules_to_dict(self.rules),
        }

    def observation_digest(self, seat: int) -> str:
        """A cheap text made only of what `seat` sees (to seed bots): its hand and
        discards, the step, the calls, the trick and the public counts."""
        return "|".join(map(str, (
            seat, self.deal_no, self.steps[0], cards_text(self.hands[seat]), cards_text(self.discards[seat]),
            self.calls, cards_text(self.trick), self.leader, self.tricks, self.bought, self.pending,
            self.trump, self.totals)))

    def _last_trick_json(self) -> list[Any] | None:
        if self.last_trick is None:
            return None
        return [self.last_trick[0], [str(c) for c in self.last_trick[1]]]

    # -- legal moves ---------------------------------------------------------------------
    def _legal(self) -> tuple[Action, ...]:
        step, seat = self.steps[0], self.to_move
        assert seat is not None  # asked only while a seat is to move
        if step == "play":  # `tuple.__new__`: a named tuple's own __new__ is Python code
            return tuple([_make(Action, ("card", c)) for c in self.playable(seat)])
        if step == "auction":
            return tuple(Action("bid", b) for b in ("pass", *self._biddable(seat)))
        if step == "convert":
            return (Action("convert", "spil"), Action("convert", "kupp"))
        if step == "trump":
            assert self.contract is not None  # trumps are named after the auction
            return tuple(Action("trump", s) for s in trump_choices(self.contract))
        if step.startswith("ex"):
            lo, hi = self._exchange_bounds(seat)
            pending = self.pending
            shown = self.exposed.get(seat, ())
            discards = () if pending >= hi else tuple(
                Action("discard", c) for c in self.hands[seat] if c not in shown)
            return (*discards, Action("done")) if pending >= lo else discards
        if step == "concede":
            return (Action("say", "play"), Action("say", "concede"))
        return (Action("say", "play"), Action("say", "totus"))  # the step "totus"

    def _biddable(self, seat: int) -> list[str]:
        a, rules = self.auction, self.rules
        out = []
        for bid in BID_ORDER:
            if bid == "grandisamo" and not rules.enable_grandisamo:
                continue
            if bid == "grand_turnir" and not {SPADDA, BASTI} <= set(self.hands[seat]):
                continue
            if a.high is not None:
                level, high = contract_level(bid, rules), contract_level(a.high, rules)
                if not (level > high or (a.may_hold() and may_hold(a.high, bid, rules))):
                    continue
            out.append(bid)
        return sorted(out, key=lambda b: (contract_level(b, rules), BID_ORDER.index(b)))

    def _exchange_bounds(self, seat: int) -> tuple[int, int]:
        """Fewest and most cards `seat` may discard in its exchange now (§2.5; §3 rows 4, 5)."""
        hi, lo = min(HAND_SIZE, len(self.talon)), 0
        if seat == self.declarer and self.contract in SPIL_FAMILY:
            hi = min(hi, self.rules.declarer_exchange_max)
            lo = self.rules.declarer_exchange_min
            if self.turned is not None and self.rules.turnir_card == "to_declarer":
                lo = max(lo, 1)  # the turned card is his first bought card
        return min(lo, hi), hi

    def playable(self, seat: int) -> tuple[Card, ...]:
        """The cards `seat` may play to the current trick (`legal_plays`)."""
        rules = self.rules
        return plays(self.hands[seat], self.trick, self.contract, self.trump,
                     rules.must_trump_when_void, rules.must_overtake)

    def _parse_action(self, text: str) -> Action:
        return parse_action(text, self.steps[0])

    def _why_illegal(self, action: Any) -> tuple[str, dict[str, str]]:
        if not isinstance(action, Action):
            raise unreadable(action)
        step, seat = self.steps[0], self.to_move
        assert seat is not None  # asked only while a seat is to move
        wanted = {"auction": ("bid",), "convert": ("convert",), "trump": ("trump",),
                  "concede": ("say",), "totus": ("say",), "play": ("card",)}.get(step, ("discard", "done"))
        if action == Action("say", "concede") and not (
                self.contract in CONTRACTS and CONTRACTS[self.contract].concede):
            if self.contract is None:  # in the auction: nothing to concede yet
                return "no_concede_yet", {}
            return "no_concede", {"contract": self.contract}
        if action.kind not in wanted:
            if action.kind in ("discard", "done"):
                return "exchange_closed", {}
            if action.kind == "card" and "discard" in wanted:
                return "write_discard", {"card": str(action.arg)}
            return "not_now", {"move": str(action)}
        if action.kind == "bid":
            return self._why_bad_bid(seat, action.arg)
        if action.kind == "trump":
            return ("spil_trump" if self.contract == "spil" else "solo_trump"), {}
        if action.kind == "say":
            return "not_now", {"move": str(action)}
        if action.kind in ("discard", "card") and action.arg not in self.hands[seat]:
            return "not_in_hand", {"card": str(action.arg)}
        if action.kind == "discard":
            if action.arg in self.exposed.get(seat, ()):
                return "exposed_card", {"card": str(action.arg)}
            return "exchange_max", {"n": str(self._exchange_bounds(seat)[1])}
        if action.kind == "done":
            return "exchange_min", {"n": str(self._exchange_bounds(seat)[0])}
        legal = " ".join(c.symbol for c in self.playable(seat))
        return "must_follow", {"card": action.arg.symbol, "cards": legal}

    def _why_bad_bid(self, seat: int, bid: str) -> tuple[str, dict[str, str]]:
        if bid == "grandisamo" and not self.rules.enable_grandisamo:
            return "grandisamo_off", {}
        if bid == "grand_turnir" and not {SPADDA, BASTI} <= set(self.hands[seat]):
            return "grand_turnir_aces", {}
        high = self.auction.high or "-"
        if self.auction.may_hold() and contract_level(bid, self.rules) == contract_level(high, self.rules):
            return "hold_same_contract", {"bid": bid, "high": high}
        return "bid_too_low", {"bid": bid, "high": high}

    # -- moves ---------------------------------------------------------------------------
    def _next(self, action: Action) -> State:
        """Each move builds one dict of changes and makes one new state of it; what follows
        on its own (the next deal, a skipped exchange) is a further step from that state."""
        seat, kind, arg = self.to_move, action.kind, action.arg
        assert seat is not None  # a move is made only while a seat is to move
        changes: dict[str, Any] = {"history": (*self.history, action)}
        if kind == "card":
            return self._play(seat, arg, changes)
        if kind == "bid":
            changes.update(calls=(*self.calls, (seat, arg)), auction=self.auction.call(seat, arg))
            return self._evolve_with(changes)._after_call()
        if kind == "convert":
            if arg == "spil":
                changes["steps"] = self.steps[1:]
            else:
                assert self.declarer is not None  # a spil was won: it has a declarer
                changes.update(contract="kupp", steps=script("kupp", self.declarer, self.dealer, self.rules))
            return self._evolve_with(changes)._advance()
        if kind == "trump":
            changes.update(trump=arg, steps=self.steps[1:])
            return self._evolve_with(changes)._advance()
        if kind == "discard":
            hand = self.hands[seat]
            i = hand.index(arg)
            changes.update(hands=_put(self.hands, seat, hand[:i] + hand[i + 1:]),
                           discards=_put(self.discards, seat, (*self.discards[seat], arg)))
            return self._evolve_with(changes)
        if kind == "done":
            n = self.pending
            hand = tuple(sorted((*self.hands[seat], *self.talon[:n]), key=CARD_KEY))
            bought = list(self.bought)
            bought[seat] += n
            changes.update(hands=_put(self.hands, seat, hand), talon=self.talon[n:],
                           bought=(bought[0], bought[1], bought[2]), steps=self.steps[1:])
            return self._evolve_with(changes)._advance()
        # kind == "say"
        if arg == "concede":
            return self._evolve_with(changes)._settle(conceded=True)
        changes.update(steps=self.steps[1:], totus=arg == "totus" or self.totus)
        return self._evolve_with(changes)._advance()

    def _after_call(self) -> State:
        a = self.auction
        if a.turn is not None:
            return self
        if a.high is None:
            return self._record(Row(None, None, (0, 0, 0), "all_pass", (0, 0, 0)))
        assert a.holder is not None  # a standing bid has its bidder
        changes: dict[str, Any] = {"contract": a.high, "declarer": a.holder,
                                   "steps": script(a.high, a.holder, self.dealer, self.rules)}
        fixed = CONTRACTS[a.high].trump
        if fixed == "S":
            changes["trump"] = "S"
        elif fixed == "turned":  # túrnir: the top talon card is turned up and names trumps
            changes.update(turned=self.talon[0], trump=self.talon[0].suit)
        return self._evolve_with(changes)._advance()

    def _advance(self) -> State:
        """Skip exchange steps that cannot happen (an empty talon, nothing allowed)."""
        state = self
        while state.steps[0].startswith("ex") and state._exchange_bounds(int(state.steps[0][2]))[1] == 0:
            state = state._evolve(steps=state.steps[1:])
        return state

    def _play(self, seat: int, card: Card, changes: dict[str, Any]) -> State:
        hand = self.hands[seat]
        i = hand.index(card)
        changes["hands"] = _put(self.hands, seat, hand[:i] + hand[i + 1:])
        trick = (*self.trick, card)
        if len(trick) < 3:
            changes["trick"] = trick
            return self._evolve_with(changes)
        won = (self.leader + winning_index(trick, self.contract, self.trump)) % 3
        t0, t1, t2 = self.tricks
        tricks = (t0 + (won == 0), t1 + (won == 1), t2 + (won == 2))
        changes.update(trick=(), leader=won, tricks=tricks, played=(*self.played, (self.leader, trick)),
                       last_trick=(self.leader, trick))
        state: State = self._evolve_with(changes)
        d = self.declarer
        assert d is not None  # cards are played only in a contract
        nolo = contract_kind(self.contract) == "nolo"
        if len(state.played) == TRICKS or (nolo and self.rules.nolo_stop_early and tricks[d]):
            return state._settle()
        if (self.rules.enable_totus and not nolo and len(state.played) == 5 and tricks[d] == 5):
            return state._evolve(steps=("totus", *state.steps))
        return state

    def _settle(self, conceded: bool = False) -> State:
        contract, declarer = self.contract, self.declarer
        assert contract is not None and declarer is not None  # a deal is settled only in a contract
        pay_as = None
        if (contract == "grand_turnir" and self.rules.grand_turnir_spade_bonus
                and self.trump == "S"):
            pay_as = "spadasolo"
        tricks = (0, 0, 0) if conceded else self.tricks
        result, payments = deal_payments(contract, declarer, tricks, self.rules,
                                         conceded=conceded, totus=self.totus, pay_as=pay_as)
        return self._record(Row(contract, declarer, tricks, result, payments))

    def _record(self, row: Row) -> State:
        (a, b, c), (x, y, z) = self.totals, row.payments
        changes: dict[str, Any] = {"totals": (a + x, b + y, c + z), "sheet": (*self.sheet, row),
                                   **self._ending_deal()}
        if len(self.sheet) + 1 == self.rules.match_deals:
            changes["steps"] = ("over",)
            return self._evolve_with(changes)
        deal_no = self.deal_no + 1
        changes.update(_deal_changes(deal_no, (self.dealer + 1) % 3, shuffled(DECK, self.seed, deal_no)))
        return self._evolve_with(changes)

    def _finished_deal(self, row: ScoreRow) -> FinishedDeal:
        # The deal is over (its last trick, a concession, or all passed) and not yet paid.
        won: list[list[Card]] = [[], [], []]
        for lead, cards in self.played:
            won[(lead + trick_winner(cards, self.contract, self.trump)) % 3] += cards
        return FinishedDeal(
            number=self.deal_no + 1, index=self.deals_done, dealer=self.dealer, hands=self.hands,
            taken=tuple(tuple(w) for w in won), tricks=self.tricks, table=(), table_to=None,
            details={"contract": self.contract, "declarer": self.declarer, "trump": self.trump,
                     "talon": self.talon, "discards": self.discards, "played": self.played},
            row=row, unplayed=(*self.talon, *(c for d in self.discards for c in d)))

    # -- saving --------------------------------------------------------------------------
    def _fields(self) -> dict[str, Any]:
        a = self.auction
        return {
            "rules": rules_to_dict(self.rules), "seed": self.seed, "deal_no": self.deal_no,
            "dealer": self.dealer, "hands": [cards_text(h) for h in self.hands],
            "talon": cards_text(self.talon), "discards": [cards_text(d) for d in self.discards],
            "bought": list(self.bought),
            "calls": [[s, b] for s, b in self.calls],
            "auction": [a.turn, a.champion, a.challenger, list(a.waiting), a.holder, a.high],
            "contract": self.contract, "declarer": self.declarer, "trump": self.trump,
            "turned": None if self.turned is None else str(self.turned), "steps": list(self.steps),
            "leader": self.leader, "trick": cards_text(self.trick),
            "played": [[lead, cards_text(cards)] for lead, cards in self.played],
            "tricks": list(self.tricks), "totus": self.totus, "totals": list(self.totals),
            "last_trick": None if self.last_trick is None else [self.last_trick[0],
                                                                  cards_text(self.last_trick[1])],
            "sheet": [[r.contract, r.declarer, list(r.tricks), r.outcome, list(r.payments)]
                      for r in self.sheet],
            "history": [str(a) for a in self.history],
            "origin": None if self.origin is None else list(self.origin),
        }

    def to_json(self) -> str:
        return save_json("lomber", self._fields())


def script(contract: str, declarer: int, dealer: int, rules: Rules) -> tuple[str, ...]:
    """The steps of a deal after the auction (§2.5): conversion, trump naming, the
    exchanges in order, concession, then play."""
    c = CONTRACTS[contract]
    forehand = (dealer + 1) % 3
    defenders: tuple[int, ...]
    if rules.defender_exchange_order == "ccw_from_declarer":
        defenders = ((declarer + 1) % 3, (declarer + 2) % 3)
    else:
        defenders = tuple(s for s in ((forehand + i) % 3 for i in range(3)) if s != declarer)
    steps: list[str] = []
    if contract == "spil" and rules.allow_spil_to_kupp:
        steps.append("convert")
    if c.trump == "named" and (contract == "solo" or rules.trump_named == "at_bid"):
        steps.append("trump")
    if c.exchange in ("all", "declarer"):
        steps.append(f"ex{declarer}")
    if contract == "spil" and rules.trump_named == "after_declarer_exchange":
        steps.append("trump")
    if c.exchange in ("all", "defenders"):
        steps += [f"ex{s}" for s in defenders]
    if c.concede and rules.allow_concede:
        steps.append("concede")
    return (*steps, "play")


def _put(three: Three, seat: int, value: tuple[Card, ...]) -> Three:
    """`three` with seat `seat`'s entry replaced by `value`."""
    a, b, c = three
    return (value, b, c) if seat == 0 else (a, value, c) if seat == 1 else (a, b, value)


# ---------------------------------------------------------------------------------------
# Starting

def new_game(*, players: int | None = None, seed: int | None = None,
             deck: str | Sequence[Card] | None = None,
             rules: Rules = Rules(),  # noqa: B008 (a frozen dataclass: one shared default is safe)
             dealer: int | None = None) -> State:
    """A new 12-deal match.  `deck` stacks the first deal (top card first: c0..c2 to the
    forehand, c3..c5 to the middlehand, c6..c8 to the rearhand, three times round, then
    the talon c27..c39); later deals are shuffled from `seed`."""
    if players not in (None, 3):
        raise ValueError(f"Lomber is for exactly 3 players, not {players}")
    dealer, seed = start_options("Lomber", rules, Rules, dealer, seed, 3)
    cards = shuffled(DECK, seed, 0) if deck is None else stacked_deck(deck, DECK, "Lomber")
    return State(rules=rules, seed=seed, last_trick=None, totals=(0, 0, 0), sheet=(), history=(),
                 origin=(seed, dealer, None if deck is None else cards_text(cards)),
                 **_deal_changes(0, dealer, cards))


def _deal_changes(deal_no: int, dealer: int, deck: Sequence[Card]) -> dict[str, Any]:
    """A new deal: three cards at a time to F, M, R, three times round; 13 to the talon (§2.2)."""
    hands: list[list[Card]] = [[], [], []]
    for i in range(27):
        hands[(dealer + 1 + i // 3) % 3].append(deck[i])
    f, m, r = (tuple(sorted(h, key=CARD_KEY)) for h in hands)
    return {"deal_no": deal_no, "dealer": dealer, "hands": (f, m, r), "talon": tuple(deck[27:]),
            "discards": ((), (), ()), "bought": (0, 0, 0), "calls": (),
            "auction": opening_auction((dealer + 1) % 3), "contract": None, "declarer": None,
            "trump": None, "turned": None, "steps": ("auction",), "leader": (dealer + 1) % 3,
            "trick": (), "played": (), "tricks": (0, 0, 0), "totus": False}
