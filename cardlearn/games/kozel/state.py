"""Kozel's positions (`State`), what each move does, and the start of a match (`new_game`);
the moves themselves (`Action`), which are legal and why one is not are in `legality.py`."""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import TYPE_CHECKING, Any, cast

from cardlearn.cards import Card, cards_text, without
from cardlearn.core import (
    GameState,
    derived,
    rules_to_dict,
    save_json,
    shuffled,
    stacked_deck,
    start_options,
)
from cardlearn.protocol import FinishedDeal, ScoreRow

from .legality import Action, legal_moves, why_illegal
from .rules import (
    DECK,
    HAND_SIZE,
    INFO,
    ROW_KEYS,
    TEAMS,
    Rules,
    SheetRow,
    beat_target,
    card_points,
    check_seat,
    claim_order,
    deal_cards,
    deal_loss,
    egg_bonus,
    face_down_turned_up,
    four_of_a_suit,
    next_dealer,
    sorted_cards,
    team_of,
    team_points,
)

__all__ = [  # this module's part of the game API: the package re-exports these
    "Four",
    "Pair",
    "Play",
    "Row",
    "State",
    "new_game",
]

# ---------------------------------------------------------------------------------------
# State

Play = tuple[int, str, tuple[Card, ...]]  # (seat, "lead" | "beat" | "discard", cards)
Four = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]  # one per seat
Pair = tuple[tuple[Card, ...], tuple[Card, ...]]  # one per team
Row = tuple[tuple[int, int], tuple[int, int], tuple[int, int], bool, tuple[int, int]]  # as ROW_KEYS


# The seats yet to play to a trick, by its leader and the plays made so far, in turn.
_YET_TO_PLAY = tuple(tuple(tuple((leader + k) % 4 for k in range(made, 4)) for made in range(5))
                     for leader in range(4))


def per_seat(cards: Sequence[tuple[Card, ...]]) -> Four:
    """One entry per seat, from a list of four (`tuple(list)` would not say how many)."""
    return (cards[0], cards[1], cards[2], cards[3])


@dataclass(frozen=True)
class State(GameState):
    """One moment of a match; immutable (`apply` returns a new state).

    `plays` is the current trick; `piles` the face-up cards in each team's trick pile and
    `hidden` the face-down ones, as (who discarded, card); `known` the cards each seat is
    publicly known to hold (the trump indicator it drew, face-up cards given back by a
    claim) until it plays them face up, or plays any cards face down (then nobody can be
    sure the known ones are still in the hand).

    `last_deal` (the latest finished deal) has `taken` each team's whole pile, face-down
    cards included, and `details`: `trump_card`, `face_down` (per team, (seat, card) for
    each card played face down) and `last_trick` (as the field)."""

    SCORE_SIGN = INFO.score_sign  # loss points: fewer is better
    # The derived values a move hands its new state ready-made (`GameState._successor`):
    # the turn, worked out from what the move knows, and the two read from it.  Every
    # other derived value is dropped; tests/conftest.py has `apply` check these three.
    _READY = ("_turn", "to_move", "is_over")

    rules: Rules
    seed: int
    deal_no: int
    dealer: int
    trump_card: Card
    trump_pos: int | None
    stock: tuple[Card, ...]
    hands: Four
    leader: int
    original_leader: int
    plays: tuple[Play, ...]
    interrupted: bool
    passed: tuple[int, ...]
    last_trick: tuple[tuple[int, str, tuple[Card, ...], int], ...]
    piles: Pair
    hidden: tuple[tuple[tuple[int, Card], ...], tuple[tuple[int, Card], ...]]
    tricks: tuple[int, int]
    known: Four
    totals: tuple[int, int]
    sheet: tuple[Row, ...]
    eggs_count: int
    egg_streak: int
    winner: int | None
    history: tuple[Action, ...]
    origin: tuple[int, int, str | None] | None = field(default=None, repr=False)

    # -- game facts ----------------------------------------------------------------------
    if TYPE_CHECKING:  # a Kozel position lists Kozel moves (GameState.legal_actions promises Any)
        def legal_actions(self) -> list[Action]: ...

    @property
    def players(self) -> int:
        return 4

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return TEAMS

    @property
    def phase(self) -> str:
        return self._turn[1]

    @property
    def deals_done(self) -> int:
        return len(self.sheet)

    @property
    def max_game_length(self) -> int | None:
        return None  # the rule file forbids a deal cap: eggs could in principle repeat

    def start(self) -> State:
        if self.origin is None:
            raise ValueError("this position has no recorded start (e.g. a determinized one)")
        seed, dealer, deck = self.origin
        return new_game(seed=seed, dealer=dealer, deck=deck, rules=self.rules)

    # -- the public API --------------------------------------------------------------------
    @property
    def trump(self) -> str:
        """The trump suit's letter ("S", "H", "D", "C"): the suit of `trump_card`."""
        suit = self.trump_card.suit
        assert suit is not None  # a Kozel deck has no joker
        return suit

    @property
    def with_eggs(self) -> bool:
        """Has a deal of this match been eggs?  The losers are then "goats with eggs"."""
        return self.eggs_count > 0

    @derived  # kept once asked: `is_over`, `apply` and the bots ask it again and again
    def to_move(self) -> int | None:
        return self._turn[0]

    @derived  # kept by every move that keeps `to_move` (`_successor`): asked before each move
    def is_over(self) -> bool:
        """True once the match is over (`to_move` is None)."""
        return self.to_move is None

    @property
    def scores(self) -> tuple[int, int]:
        return self.totals

    @property
    def score_sheet(self) -> list[SheetRow]:
        # each row of `sheet` is a tuple in the order of ROW_KEYS (see `Row`)
        return [cast(SheetRow, dict(zip(ROW_KEYS, row))) for row in self.sheet]

    @derived
    def _turn(self) -> tuple[int | None, str]:
        """Who decides now and what kind of decision it is (see the module docstring)."""
        return self._whose_turn()

    def _whose_turn(self) -> tuple[int | None, str]:
        """`_turn`, worked out from the position (a move hands it on ready, `_READY`)."""
        if self.winner is not None:
            return None, "over"
        plays = self.plays
        if not plays:
            return self.leader, "lead"
        nxt = (self.leader + len(plays)) % 4
        # `_windows_open` written out (plays is not empty here): this runs once per position
        if not self.interrupted and self.rules.four_suit_interrupt == "after_plays":
            hands = self.hands
            for seat in _YET_TO_PLAY[self.leader][len(plays)]:
                # `four_of_a_suit(h)` written out: asked at nearly every position.  The first
                # card against the last first: in a hand kept in card order they differ
                # unless all four are of one suit, and nothing more is compared.
                h = hands[seat]
                if len(h) == 4 and h[0].suit == h[3].suit == h[1].suit == h[2].suit:
                    return self._claim_turn(nxt)
        return nxt, "respond"

    def _claim_turn(self, nxt: int) -> tuple[int | None, str]:
        """`_turn` once a seat yet to play holds four of a suit (and the window is open):
        the first in claim order who may claim decides, the next to play by responding
        (he claims, or plays on), any other by claiming or passing."""
        for seat in claim_order(self.leader, len(self.plays), self.original_leader, self.rules):
            if seat == nxt:
                if self._may_claim(seat):
                    return seat, "respond"
            elif seat not in self.passed and self._may_claim(seat):
                return seat, "claim"
        return nxt, "respond"

    @property
    def _windows_open(self) -> bool:
        return self.rules.four_suit_interrupt == "after_plays" and not self.interrupted and bool(self.plays)

    def _may_claim(self, seat: int) -> bool:
        return four_of_a_suit(self.hands[seat]) and all(p[0] != seat for p in self.plays)

    @property
    def target(self) -> tuple[Card, ...]:
        """The cards a beat must beat: the current winner's (or the lead, A10)."""
        return beat_target(self.plays, self.rules)

    @property
    def trick_winner(self) -> int:
        """Who takes the trick if nobody beats again: the last to beat, else the leader."""
        return _last_beater(self.plays)

    def observation(self, seat: int) -> dict[str, Any]:
        """Exactly what `seat` may see, JSON-serialisable (cards as strings like "AS"):

        - `seat`, `to_move`, `phase` — this seat; who decides now; "lead", "respond",
          "claim" or "over" (as `state.phase`);
        - `hand` — this seat's cards; `hand_sizes` — per seat, how many each holds;
        - `trump`, `trump_card` — the trump suit's letter and the card turned to show it;
          `trump_card_position` — where that card lies in the stock (0 the top; None once
          someone has drawn it: then `known` says who holds it);
        - `trick` — the trick on the table, one dict per play: `seat`, `kind` ("lead",
          "beat" or "discard"), `count`, and `cards` (left out for another seat's
          face-down discard);
        - `stock_size` — cards left to draw;
        - `points` — per team, the card points of the face-up cards in its pile (face-down
          ones count once they are turned up, `face_down_shown`); `tricks` — per team,
          tricks this deal; `piles` — per team, those face-up cards; `hidden` — per team,
          `[seat, card]` for each face-down card (the card None unless this seat discarded
          it, or the cards are turned up);
        - `scores` — per team, loss points so far; `eggs_count` — eggs deals in the match;
          `egg_streak` — eggs deals in a row just before now;
        - `deal_no` — this deal's number from 0 (`state.deal_number` counts from 1);
          `dealer`, `leader` — who dealt; who leads this trick; `original_leader` — who led
          it before a claim (four of a suit) took the lead; `interrupted` — has this trick
          been claimed; `passed` — seats that let the chance to claim go by;
        - `last_trick` — the latest finished trick, `[seat, kind, cards, count]` per play
          (cards empty for a hidden discard);
        - `known` — per seat, the cards everyone knows it holds (the trump card it drew,
          cards a claim gave back);
        - `score_sheet` — one row per finished deal; `winner` — the winning team, or None;
        - `rules` — the variant options in force, as a dict.

        With `discards_visible="all"`, and once a deal's last trick is taken (the deal's
        last position, `last_deal_position`, and the match's final one: `face_down_shown`),
        every face-down card is shown to every seat.
        """
        seat = check_seat(seat)
        see_all = self.rules.discards_visible == "all" or self.face_down_shown

        def trick_entry(play: Play) -> dict[str, Any]:
            who, kind, cards = play
            entry: dict[str, Any] = {"seat": who, "kind": kind, "count": len(cards)}
            if kind != "discard" or see_all or who == seat:
                entry["cards"] = [str(c) for c in cards]
            return entry

        def hidden_entry(who: int, card: Card) -> list[Any]:
            return [who, str(card) if see_all or who == seat else None]

        return {
            "seat": seat,
            "to_move": self.to_move,
            "hand": [str(c) for c in self.hands[seat]],
            "phase": self.phase,
            "trump": self.trump,
            "trump_card": str(self.trump_card),
            "trump_card_position": self.trump_pos,
            "trick": [trick_entry(p) for p in self.plays],
            "stock_size": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
            "points": list(team_points(self.piles, self.hidden)) if self.face_down_shown
            else [card_points(p) for p in self.piles],
            "tricks": list(self.tricks),
            "eggs_count": self.eggs_count,
            "scores": list(self.totals),
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "leader": self.leader,
            "original_leader": self.original_leader,
            "interrupted": self.interrupted,
            "passed": list(self.passed),
            "last_trick": [[w, k, [str(c) for c in cs], n] for w, k, cs, n in self.last_trick],
            "piles": [[str(c) for c in p] for p in self.piles],
            "hidden": [[hidden_entry(w, c) for w, c in h] for h in self.hidden],
            "known": [[str(c) for c in k] for k in self.known],
            "egg_streak": self.egg_streak,
            "score_sheet": self.score_sheet_json(),
            "winner": self.winner,
            "rules": _rules_json(self.rules),
        }

    @property
    def face_down_shown(self) -> bool:
        """Are the face-down cards turned up (`rules.face_down_turned_up`)?  True once a
        deal's last trick is taken, before the next deal is dealt: in `last_deal_position`
        and the match's final position, where every seat sees them and they count."""
        return face_down_turned_up(self.hands, self.stock, self.plays)

    def score_sheet_json(self) -> list[dict[str, Any]]:
        """`score_sheet` with lists for tuples, as a save and the observation write it."""
        return [{k: (list(v) if isinstance(v, tuple) else v) for k, v in zip(ROW_KEYS, row)}
                for row in self.sheet]

    # -- GameState hooks (the legal moves: functions of the state, in legality.py) ----------
    _legal = legal_moves
    _why_illegal = why_illegal

    def _parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def _next(self, action: Action) -> State:
        seat, phase = self._turn
        assert seat is not None  # GameState.apply refuses a move once the match is over
        history = self.history + (action,)  # noqa: RUF005 -- one copy; `(*h, a)` builds a list first
        kind, cards, _ = action
        if kind == "pass":
            return self._evolve_with({"passed": (*self.passed, seat), "history": history})
        if kind == "claim":
            return self._claim(seat, history)
        hands = list(self.hands)
        hand = hands[seat]
        if len(cards) == 1:  # `without(hand, cards)` without the call (a legal move's card is there)
            i = hand.index(cards[0])
            hands[seat] = hand[:i] + hand[i + 1:]
        else:
            hands[seat] = without(hand, cards)
        known = self.known
        if known[seat]:
            if kind == "play":  # played face up: those of them that were known are no longer
                gone = set(cards)
                known = per_seat([tuple([c for c in k if c not in gone]) if w == seat else k
                                  for w, k in enumerate(known)])
            else:  # a discard: a known card may now lie face down, no longer sure where
                known = per_seat([() if w == seat else k for w, k in enumerate(known)])
        if kind == "play":
            kind = "lead" if phase == "lead" else "beat"
        plays = self.plays + ((seat, kind, cards),)  # noqa: RUF005 -- as `history`
        if len(plays) == 4:
            return self._finish_trick(plays, hands, known, history)
        # Its turn worked out now and handed on ready (`_READY`: `is_over`, `legal_actions`
        # and `apply` all ask it first, and each `derived` look-up is a Python call), from what
        # is at hand: `_whose_turn` in short for a trick under way, where nobody yet to
        # play holds four of a suit (else it is asked of the new state).
        leader, made = self.leader, len(plays)
        turn: tuple[int | None, str] | None = ((leader + made) % 4, "respond")
        if not self.interrupted and self.rules.four_suit_interrupt == "after_plays":
            for s in _YET_TO_PLAY[leader][made]:
                h = hands[s]  # as `_whose_turn` looks
                if len(h) == 4 and h[0].suit == h[3].suit == h[1].suit == h[2].suit:
                    turn = None
                    break
        if turn is None:  # worked out from the new position, and handed on as ready
            plain = self._evolve_with({
                "hands": tuple(hands), "known": known, "history": history, "passed": (), "plays": plays})
            turn = plain._whose_turn()
            return plain._successor(turn, turn[0], False)[0]
        state, fields = self._successor(turn, turn[0], False)  # `_READY`
        fields["hands"], fields["known"], fields["history"] = tuple(hands), known, history
        fields["passed"], fields["plays"] = (), plays
        return state

    def _claim(self, seat: int, history: tuple[Action, ...]) -> State:
        """Four of a suit (§2.3): everything on the table goes back to its owner, and the
        claimant leads his four cards; nobody may claim again in this trick."""
        hands, known = list(self.hands), list(self.known)
        for who, kind, cards in self.plays:
            hands[who] = sorted_cards(hands[who] + cards)
            if kind != "discard":  # seen by all, so now known to be in that hand
                known[who] = sorted_cards(known[who] + cards)
        lead = hands[seat]
        hands[seat] = ()
        # The claimant has not played to this trick, so what is known of his hand is among
        # the four he now leads face up: nothing of it is left to be known.
        known[seat] = ()
        return self._evolve_with({
            "hands": per_seat(hands), "known": per_seat(known), "plays": ((seat, "lead", lead),),
            "leader": seat, "interrupted": True, "passed": (), "history": history})

    # -- the end of a trick and of a deal --------------------------------------------------
    def _finish_trick(self, plays: tuple[Play, ...], hands: list[tuple[Card, ...]], known: Four,
                      history: tuple[Action, ...]) -> State:
        """The trick that the last play completes (`plays`; `hands`, `known` and `history` as
        that play left them): the winner's team takes all the cards; everyone refills, the
        winner first.  One new state for both."""
        up: list[Card] = []
        down: list[tuple[int, Card]] = []
        see_all = self.rules.discards_visible == "all"
        last: list[tuple[int, str, tuple[Card, ...], int]] = []  # as `last_trick` keeps it
        winner = plays[0][0]
        for who, kind, cards in plays:  # one pass: face-up cards, face-down ones, the record, the winner
            if kind != "discard":
                winner = who  # `_last_beater(plays)`: the last to play face up
                up += cards
                last.append((who, kind, cards, len(cards)))
            else:
                down += zip(repeat(who), cards)
                last.append((who, kind, cards if see_all else (), len(cards)))
        team = team_of(winner)
        piles, hidden, tricks = self.piles, self.hidden, self.tricks
        if team == 0:
            piles = ((*piles[0], *up), piles[1])
            hidden = ((*hidden[0], *down), hidden[1])
            tricks = (tricks[0] + 1, tricks[1])
        else:
            piles = (piles[0], (*piles[1], *up))
            hidden = (hidden[0], (*hidden[1], *down))
            tricks = (tricks[0], tricks[1] + 1)
        stock, trump_pos = self.stock, self.trump_pos
        k = 0
        size = len(hands[0])
        short = HAND_SIZE - size
        if len(hands[1]) == len(hands[2]) == len(hands[3]) == size and 0 < 4 * short <= len(stock):
            # The usual case, the loop below in short: all four are short by as many cards
            # and the stock has them all, so the i-th seat from the winner gets every
            # fourth card from the i-th on (one card each after a one-card trick).
            k = 4 * short
            if short == 1:
                hands = _one_card_each(hands, stock, winner)
            else:  # `sorted_cards((*h, *d))`, without a call per seat (the drawn cards are a tuple)
                hands = [tuple(sorted(h + stock[(seat - winner) % 4:k:4], key=_KEY))
                         for seat, h in enumerate(hands)]
            if trump_pos is not None and trump_pos < k:  # everyone saw who drew the trump indicator
                who = (winner + trump_pos) % 4
                known = per_seat([sorted_cards((*kn, stock[trump_pos])) if j == who else kn
                                  for j, kn in enumerate(known)])
        elif stock:
            drawn: list[tuple[Card, ...]] = [(), (), (), ()]
            sizes = list(map(len, hands))
            while k < len(stock) and min(sizes) < HAND_SIZE:  # one card at a time, winner first
                for i in range(4):
                    who = (winner + i) % 4
                    if k < len(stock) and sizes[who] < HAND_SIZE:
                        drawn[who] = (*drawn[who], stock[k])
                        sizes[who] += 1
                        if trump_pos == k:  # everyone saw who drew the trump indicator
                            known = per_seat([sorted_cards((*kn, stock[k])) if j == who else kn
                                              for j, kn in enumerate(known)])
                        k += 1
            if k:
                hands = [tuple(sorted(h + d, key=_KEY)) if d else h for h, d in zip(hands, drawn)]
        if k:
            stock = stock[k:]
            trump_pos = None if trump_pos is None or trump_pos < k else trump_pos - k
        # The next turn set now, as `_next` sets it: the winner leads (`_whose_turn` with no
        # plays; the match goes on, or this move would have been refused).
        state, fields = self._successor((winner, "lead"), winner, False)  # `_READY`
        fields["hands"], fields["known"], fields["history"] = tuple(hands), known, history
        fields["passed"], fields["plays"], fields["last_trick"] = (), (), tuple(last)
        fields["piles"], fields["hidden"], fields["tricks"] = piles, hidden, tricks
        fields["stock"], fields["trump_pos"], fields["interrupted"] = stock, trump_pos, False
        fields["leader"] = fields["original_leader"] = winner
        if not stock and not any(hands):
            return state._end_deal(winner)
        return state

    def _end_deal(self, last_winner: int) -> State:
        points = team_points(self.piles, self.hidden)
        loss, eggs = deal_loss(points, self.tricks, self.rules)
        total = egg_bonus(loss, self.egg_streak, self.rules)
        totals = (self.totals[0] + total[0], self.totals[1] + total[1])
        row = (points, self.tricks, loss, eggs, total)
        losers = [t for t in (0, 1) if totals[t] >= self.rules.match_limit]
        ended = self._evolve(
            totals=totals, sheet=(*self.sheet, row), eggs_count=self.eggs_count + eggs,
            egg_streak=self.egg_streak + 1 if eggs else 0,
            winner=1 - losers[0] if losers else None, **self._ending_deal())
        if losers:
            return ended
        dealer, deal_no = next_dealer(self.dealer, last_winner, eggs, self.rules), self.deal_no + 1
        return ended._deal(deal_no, dealer, last_winner, shuffled(DECK, self.seed, deal_no), stacked=False)

    def _finished_deal(self, row: ScoreRow) -> FinishedDeal:
        # The last trick is gathered and the deal not yet counted: each team's pile holds
        # its face-up cards, `hidden` its face-down ones (turned up for the count).
        taken = tuple(sorted_cards((*up, *(c for _, c in down))) for up, down in zip(self.piles, self.hidden))
        return FinishedDeal(
            number=self.deal_no + 1, index=self.deals_done, dealer=self.dealer, hands=self.hands,
            taken=taken, tricks=self.tricks, table=(), table_to=None,
            details={"trump_card": self.trump_card, "face_down": self.hidden, "last_trick": self.last_trick},
            row=row, unplayed=self.stock)

    def _deal(self, deal_no: int, dealer: int, leader: int, deck: tuple[Card, ...], *,
              stacked: bool) -> State:
        """Deal 4 cards each from the dealer's left, then show the trump indicator (§2.2)."""
        hands, stock, card, pos = deal_cards(deck, dealer, self.rules, self.seed, deal_no, stacked)
        return self._evolve(
            deal_no=deal_no, dealer=dealer, trump_card=card, trump_pos=pos, stock=stock,
            hands=per_seat(hands), leader=leader, original_leader=leader,
            plays=(), interrupted=False, passed=(), piles=((), ()), hidden=((), ()), tricks=(0, 0),
            known=((), (), (), ()))

    # -- saving ------------------------------------------------------------------------------
    def _payload(self) -> dict[str, Any]:
        return {
            "rules": _rules_json(self.rules), "seed": self.seed, "deal_no": self.deal_no,
            "dealer": self.dealer, "trump_card": str(self.trump_card), "trump_pos": self.trump_pos,
            "stock": cards_text(self.stock), "hands": [cards_text(h) for h in self.hands],
            "leader": self.leader, "original_leader": self.original_leader,
            "plays": [[w, k, cards_text(c)] for w, k, c in self.plays], "interrupted": self.interrupted,
            "passed": list(self.passed), "piles": [cards_text(p) for p in self.piles],
            "last_trick": [[w, k, cards_text(cs), n] for w, k, cs, n in self.last_trick],
            "hidden": [[[w, str(c)] for w, c in h] for h in self.hidden], "tricks": list(self.tricks),
            "known": [cards_text(k) for k in self.known], "totals": list(self.totals),
            "sheet": self.score_sheet_json(), "eggs_count": self.eggs_count,
            "egg_streak": self.egg_streak, "winner": self.winner,
            "history": [str(a) for a in self.history],
            "origin": None if self.origin is None else list(self.origin),
        }

    def to_json(self) -> str:
        return save_json("kozel", self._payload())


def _rules_json(rules: Rules) -> dict[str, Any]:
    data = rules_to_dict(rules)
    data["loss_table"] = list(data["loss_table"])
    return data


_KEY = operator.attrgetter("key")


def _one_card_each(hands: Sequence[tuple[Card, ...]], stock: tuple[Card, ...],
                   winner: int) -> list[tuple[Card, ...]]:
    """Hands of three cards after each draws one, the winner first (the i-th seat from him
    gets `stock[i]`), each as `sorted_cards((*h, card))` gives it.  The usual refill: a
    hand kept in card order takes its card in its place, found by three comparisons of
    keys, where sorting four cards by key in C cost several times as much; a hand in any
    other order (a snapshot's) is sorted whole."""
    refilled = []
    for seat, h in enumerate(hands):
        card = stock[(seat - winner) % 4]
        a, b, c = h
        key = card.key
        if not a.key <= b.key <= c.key:
            refilled.append(tuple(sorted((a, b, c, card), key=_KEY)))
        elif key < b.key:  # after any card of its key, as a stable sort puts it
            refilled.append((card, a, b, c) if key < a.key else (a, card, b, c))
        else:
            refilled.append((a, b, card, c) if key < c.key else (a, b, c, card))
    return refilled


def _last_beater(plays: Sequence[Play]) -> int:
    """The seat whose play takes these plays of a trick: the last to play face up."""
    for who, kind, _ in reversed(plays):
        if kind != "discard":
            return who
    raise AssertionError("a trick's lead is never a discard")


# ---------------------------------------------------------------------------------------
# Starting

def new_game(*, players: int | None = None, seed: int | None = None,
             deck: str | Sequence[Card] | None = None,
             rules: Rules = Rules(),  # noqa: B008 (a frozen dataclass: one shared default is safe)
             dealer: int | None = None) -> State:
    """A new match.  `deck` stacks the first deal (top card first: `c0` to the dealer's
    left, one at a time; the stock is `c16..c35` and the trump indicator is `c17`)."""
    if players not in (None, 4):
        raise ValueError(f"Kozel is for exactly 4 players (two teams of two), not {players}")
    dealer, seed = start_options("Kozel", rules, Rules, dealer, seed, 4)
    cards = shuffled(DECK, seed, 0) if deck is None else stacked_deck(deck, DECK, "Kozel")
    if rules.first_lead == "random":
        leader = random.Random(f"{seed}:first_lead").randrange(4)
    else:
        leader = (dealer + 1) % 4
    blank = State(
        rules=rules, seed=seed, deal_no=0, dealer=dealer, trump_card=cards[0], trump_pos=None,
        stock=(), hands=((), (), (), ()), leader=leader, original_leader=leader, plays=(),
        interrupted=False, passed=(), last_trick=(), piles=((), ()), hidden=((), ()), tricks=(0, 0),
        known=((), (), (), ()), totals=(0, 0), sheet=(), eggs_count=0, egg_streak=0, winner=None,
        history=(), origin=(seed, dealer, None if deck is None else cards_text(cards)))
    return blank._deal(0, dealer, leader, cards, stacked=deck is not None)
