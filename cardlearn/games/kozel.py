"""Kozel (Geit, "the goat") — a four-player partnership trick game played with 36 cards.

Two teams of two sit crosswise: team 0 (team A) is seats 0 and 2, team 1 (team B) seats 1
and 3.  Each player holds 4 cards; a card shown from the middle of the stock names the
trump (*tromp*) for the deal.  The leader *spilar út* (leads) one or more cards of one
suit, face up.  Each next player, clockwise, either *slær* (beats) the cards now winning
the trick with as many cards, face up, each beating one of them (any pairing), or
*leggur á grúfu* (lays the same number face down, a discard nobody else sees).  The last
to beat takes the trick (*slagur*); everyone refills from the stock, the trick's winner
first, and he leads next.  A player holding four cards of one suit may claim the lead
out of turn while a trick is being played (*fjögur í lit*).  The 120 card points
(A 11, 10 10, K 4, Q 3, J 2) decide the deal: 61 wins; the losers get 2, 4 or 6 loss
points; 60–60 is "eggs" (*egg*).  The first team to 12 loss points are the goats.

Action notation (any case; cards as `Card.parse` reads them, e.g. `AS`, `10S`, `TS`, `A♠`;
`str(action)` lists the cards in sorted order joined by `+`):

- `"AS+10S"` — lead these cards, or beat the cards now winning the trick with them
  (face up).  With `Rules(pairing="declared")` a beat names each card's target:
  `"AS>KS+10S>9S"` (ace of spades beats the king, ten beats the nine).
- `"discard:7S+8H"` — lay these cards face down (as many as were led).
- `"claim"` — claim the lead with four cards of one suit; `"pass"` — decline the claim
  in this window (the seat is asked again after the next play).

Phases (`state.phase`): `"lead"`, `"respond"` (beat or discard, with `claim` added when the
responder may claim), `"claim"` (an eligible seat that is not the next responder is asked
`claim` / `pass`), `"over"`.

Hidden information: a face-down discard is seen only by its own player (by everyone with
`Rules(discards_visible="all")`), even after the trick is gathered.  `observation(seat)`
has the keys of the rule file's API section and, besides, what a player at the table also
knows: the face-up cards of each team's pile, who discarded how many cards face down, the
last trick, the cards a seat is publicly known to hold (`known`: the trump indicator it
drew, face-up cards a claim gave back), the phase, dealer, leader and score sheet.
`determinize` re-deals exactly `hidden_cards(state, seat)` consistently with all that.

A stacked deck (`new_game(deck=...)`) deals `c0` to the dealer's left, one at a time
clockwise; `c16..c35` are the stock, and the trump indicator is `c17` (stock index 1).
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from cardlearn.bots import Bot, RandomBot
from cardlearn.bots import SearchBot as _Search
from cardlearn.cards import SUIT_SYMBOLS, SUITS, Card, kozel_deck, parse_cards
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

NAME = {"is": "Geit", "en": "Kozel"}
PLAYERS = (4, 4)
DECK = kozel_deck()
TEAMS = ((0, 2), (1, 3))
HAND_SIZE = 4

RANK_ORDER = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")  # low to high: the ten above the king
CARD_POINTS = {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
_RANK = {rank: i for i, rank in enumerate(RANK_ORDER)}

RULE_WORDS = {  # why a move is illegal (IllegalMove.rule), in each language
    "en": {"not_in_hand": "you do not hold {cards}: you play cards from your own hand",
           "lead_one_suit": "a lead is one or more cards of one suit, face up ({cards} mixes suits)",
           "lead_face_up": "the leader leads face up: a discard answers a lead, it cannot be one",
           "wrong_count": "you play as many cards as were led ({count}), not {given}",
           "not_a_beat": "{cards} cannot beat {target}: each of your cards must beat one of them "
                         "(same suit and higher, or a trump against a non-trump)",
           "must_beat": "you can beat, and under this variant you must (must_beat_if_able)",
           "partner_winning": "your partner is winning the trick, and under this variant you may "
                              "not beat a partner (allow_beat_partner)",
           "bad_pairing": "each beating card must be paired with a different card of {target}",
           "no_claim": "only a player holding four cards of one suit who has not yet played to "
                       "this trick may claim, once a card is on the table",
           "claim_off": "claims with four of a suit are off in this variant (four_suit_interrupt)",
           "claim_once": "this trick was already claimed with four of a suit: only one claim per trick",
           "pass_only_claim": "'pass' only declines a claim; now you beat or discard",
           "claim_pending": "you are asked whether to claim with four of a suit: 'claim' or 'pass'"},
    "is": {"not_in_hand": "þú ert ekki með {cards} á hendi: þú spilar aðeins spilum af eigin hendi",
           "lead_one_suit": "út er spilað einu eða fleiri spilum í sama lit, upp í loft "
                            "({cards} eru í fleiri en einum lit)",
           "lead_face_up": "sá sem spilar út leggur spilin upp í loft; á grúfu eru spil aðeins lögð "
                           "til að svara útspili",
           "wrong_count": "þú leggur jafnmörg spil og spiluð voru út ({count}), ekki {given}",
           "not_a_beat": "með {cards} slærðu ekki {target}: hvert spil þitt þarf að slá eitt þeirra "
                         "(hærra í sama lit, eða tromp á móti spili sem er ekki tromp)",
           "must_beat": "þú getur slegið og í þessu afbrigði er það skylt",
           "partner_winning": "makker þinn á slaginn og í þessu afbrigði má ekki slá makker",
           "bad_pairing": "hvert spil sem slær þarf að para við eitt spil af {target}, aldrei tvö við "
                          "sama spilið",
           "no_claim": "aðeins sá sem á fjögur spil í sama lit og hefur ekki enn lagt í slaginn "
                       "má krefjast útspils, og aðeins eftir að spil er komið á borðið",
           "claim_off": "í þessu afbrigði má ekki krefjast útspils með fjórum í lit",
           "claim_once": "þegar hefur verið krafist útspils í þessum slag: aðeins ein krafa í slag",
           "pass_only_claim": "„sleppa“ á aðeins við um kröfu með fjórum í lit; nú slærðu eða "
                              "leggur spil á grúfu",
           "claim_pending": "fyrst þarftu að ákveða hvort þú krefst útspils með fjórum í lit "
                            "eða sleppir því"},
}

SHEET_NAMES = {  # score sheet headings (per team), for the table
    "is": {"points": "punktar", "tricks": "slagir", "loss_points": "tapstig", "eggs": "egg",
           "total": "alls"},
    "en": {"points": "card points", "tricks": "tricks", "loss_points": "loss points", "eggs": "eggs",
           "total": "total"},
}


@dataclass(frozen=True)
class Rules:
    """Variant options, one per row of the rule file's ambiguity table (§3); every
    default is the rule file's.  `loss_table` is (boundary, loss at or above it, loss
    below it with a trick, loss with no trick): by default 31–59 → 2, ≤ 30 → 4, no
    trick → 6."""

    trump_reveal: Literal["middle_return", "top_to_bottom", "middle_to_bottom"] = "middle_return"
    trump_index_range: Literal["middle", "any"] = "middle"
    must_beat_if_able: bool = False
    allow_partial_beat: bool = False
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
        if isinstance(self.loss_table, list):  # as read back from JSON
            object.__setattr__(self, "loss_table", tuple(self.loss_table))
        check_rule_types(self)
        boundary, *losses = self.loss_table
        checks = [
            (not self.allow_partial_beat,
             "allow_partial_beat=True is not supported: the rules give no winner for a partial "
             "beat, so a face-up play must beat every card (play the rest face down)"),
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
        return _RANK[card.rank] > _RANK[other.rank]
    return card.suit == trump


@lru_cache(maxsize=1 << 16)
def _pairings(cards: tuple[Card, ...], target: tuple[Card, ...], trump: str) -> tuple[tuple[Card, ...], ...]:
    """Every ordering of `target` that `cards` beat one-to-one (at most 4! to try)."""
    if len(cards) != len(target):
        return ()
    return tuple(p for p in itertools.permutations(target)
                 if all(beats(c, t, trump) for c, t in zip(cards, p)))


def can_beat(cards: Sequence[Card], target: Sequence[Card], trump: str) -> bool:
    """Do `cards` beat `target` under free pairing: is there a one-to-one pairing in
    which every card beats its partner (§2.3, A5)?"""
    return bool(_pairings(tuple(cards), tuple(target), trump))


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
    return tuple(v + 2 if v else 0 for v in loss)  # add_two


def team_of(seat: int) -> int:
    return seat % 2


def priority(seat: int, original_leader: int, rules: Rules) -> int:
    """How close `seat` is to the trick's original leader (A6b): who claims first."""
    distance = (seat - original_leader) % 4
    return distance if rules.four_suit_priority == "clockwise" else (4 - distance) % 4


def deal_order(dealer: int, packet: int = 1) -> tuple[int, ...]:
    """Who gets each of the 16 dealt cards: from the dealer's left, clockwise (§2.2)."""
    order = []
    for _ in range(HAND_SIZE // packet):
        for k in range(1, 5):
            order += [(dealer + k) % 4] * packet
    return tuple(order)


# ---------------------------------------------------------------------------------------
# Actions

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
                    raise ValueError("write a declared beat as card>target for every card, "
                                     "e.g. 'AS>KS+10S>9S'")
                pairs = sorted((Card.parse(a), Card.parse(b)) for a, b in (p.split(">") for p in pieces))
                cards, targets = tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)
            else:
                cards, targets = tuple(sorted(Card.parse(p) for p in pieces)), None
        except ValueError as err:
            raise IllegalMove(f"cannot read the move {text!r}: {err}") from None
        if any(c.is_joker for c in cards) or len(set(cards)) != len(cards):
            raise IllegalMove(f"the move {text!r} names a card twice or a joker")
        if targets is not None and len(set(targets)) != len(targets):
            raise IllegalMove(f"the move {text!r} pairs two cards with one target")
        return cls(kind, cards, targets)


CLAIM, PASS = Action("claim"), Action("pass")


_BY_KEY = operator.attrgetter("key")  # Card order without a Python-level __lt__ per comparison


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_BY_KEY))


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def _without(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    gone = {c.key for c in cards}  # small ints hash in C; a Card's hash is Python code
    return tuple([c for c in hand if c.key not in gone])


# ---------------------------------------------------------------------------------------
# State

Play = tuple[int, str, tuple[Card, ...]]  # (seat, "lead" | "beat" | "discard", cards)
Four = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
Pair = tuple[tuple[Card, ...], tuple[Card, ...]]
Row = tuple[tuple[int, int], tuple[int, int], tuple[int, int], bool, tuple[int, int]]


@dataclass(frozen=True)
class State(GameState):
    """One moment of a match; immutable (`apply` returns a new state).

    `plays` is the current trick; `piles` the face-up cards in each team's trick pile and
    `hidden` the face-down ones, as (who discarded, card); `known` the cards each seat is
    publicly known to hold (the trump indicator it drew, face-up cards given back by a
    claim) until it plays them face up, or plays any cards face down (then nobody can be
    sure the known ones are still in the hand)."""

    SCORE_SIGN = -1  # loss points: fewer is better

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
        return self.trump_card.suit

    @property
    def with_eggs(self) -> bool:
        """Has a deal of this match been eggs?  The losers are then "goats with eggs"."""
        return self.eggs_count > 0

    @property
    def to_move(self) -> int | None:
        return self._turn[0]

    @property
    def scores(self) -> tuple[int, int]:
        return self.totals

    @property
    def score_sheet(self) -> list[dict[str, Any]]:
        return [dict(zip(_ROW_KEYS, row)) for row in self.sheet]

    @derived
    def _turn(self) -> tuple[int | None, str]:
        """Who decides now and what kind of decision it is (see the module docstring)."""
        if self.winner is not None:
            return None, "over"
        plays = self.plays
        if not plays:
            return self.leader, "lead"
        nxt = (self.leader + len(plays)) % 4
        if self._windows_open and any(four_of_a_suit(self.hands[(self.leader + k) % 4])
                                      for k in range(len(plays), 4)):
            for seat in self._claim_order:
                if seat == nxt:
                    if self._may_claim(seat):
                        return seat, "respond"
                elif seat not in self.passed and self._may_claim(seat):
                    return seat, "claim"
        return nxt, "respond"

    @property
    def _windows_open(self) -> bool:
        return self.rules.four_suit_interrupt == "after_plays" and not self.interrupted and bool(self.plays)

    @property
    def _claim_order(self) -> list[int]:
        """The seats yet to play to this trick, in claim priority order."""
        unplayed = [(self.leader + k) % 4 for k in range(len(self.plays), 4)]
        return sorted(unplayed, key=lambda s: priority(s, self.original_leader, self.rules))

    def _may_claim(self, seat: int) -> bool:
        return four_of_a_suit(self.hands[seat]) and all(p[0] != seat for p in self.plays)

    @property
    def target(self) -> tuple[Card, ...]:
        """The cards a beat must beat: the current winner's (or the lead, A10)."""
        if not self.plays:
            return ()  # nothing led yet
        if self.rules.beat_target == "lead":
            return self.plays[0][2]
        return next(p[2] for p in reversed(self.plays) if p[1] != "discard")

    @property
    def trick_winner(self) -> int:
        """Who takes the trick if nobody beats again: the last to beat, else the leader."""
        return next(p[0] for p in reversed(self.plays) if p[1] != "discard")

    def observation(self, seat: int) -> dict[str, Any]:
        seat = _seat(seat)
        see_all = self.rules.discards_visible == "all"

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
            "points": [card_points(p) for p in self.piles],
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

    def score_sheet_json(self) -> list[dict[str, Any]]:
        return [{k: (list(v) if isinstance(v, tuple) else v) for k, v in zip(_ROW_KEYS, row)}
                for row in self.sheet]

    # -- GameState hooks -------------------------------------------------------------------
    def _legal(self) -> tuple[Action, ...]:
        seat, phase = self._turn
        hand = self.hands[seat]
        if phase == "lead":
            return _leads(hand)
        if phase == "claim":
            return (CLAIM, PASS)
        n = len(self.plays[0][2])
        combos = list(itertools.combinations(hand, n))
        beats_: list[Action] = []
        make = tuple.__new__  # Action(...) without the named tuple's Python-level __new__
        if self.rules.allow_beat_partner or team_of(self.trick_winner) != team_of(seat):
            target, trump = self.target, self.trump
            declared = self.rules.pairing == "declared"
            if n == 1 and not declared:  # the common case, without the pairing search
                t = target[0]
                beats_ = [make(Action, ("play", combo, None)) for combo in combos
                          if beats(combo[0], t, trump)]
                combos_to_pair: list[tuple[Card, ...]] = []
            else:
                combos_to_pair = combos
            for combo in combos_to_pair:
                pairings = _pairings(combo, target, trump)
                if not pairings:
                    continue
                if declared:
                    beats_ += [Action("play", combo, p) for p in pairings]
                else:
                    beats_.append(make(Action, ("play", combo, None)))
        actions = beats_
        if not (beats_ and self.rules.must_beat_if_able):
            actions = beats_ + [make(Action, ("discard", combo, None)) for combo in combos]
        if self._windows_open and self._may_claim(seat):
            actions.append(CLAIM)
        return tuple(actions)

    def _parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def _why_illegal(self, action: Any) -> str | tuple[str, dict[str, str]]:
        if not isinstance(action, Action) or action.kind not in ("play", "discard", "claim", "pass"):
            raise IllegalMove(f"{action!r} is not a Kozel move")
        seat, phase = self._turn
        if action.kind == "claim":
            if self.rules.four_suit_interrupt == "off":
                return "claim_off", {}
            if phase == "lead" or not self._may_claim(seat):
                return "no_claim", {}
            return "claim_once", {}  # the only other way a holder of four may not claim
        if phase == "claim":
            return "claim_pending", {}
        if action.kind == "pass":
            return "pass_only_claim", {}
        cards = action.cards
        missing = [c for c in cards if c not in self.hands[seat]]
        if missing:
            return "not_in_hand", {"cards": _symbols(missing)}
        if phase == "lead":
            if action.kind == "discard":
                return "lead_face_up", {}
            if action.pairs is not None:
                return "Kozel: a lead pairs with nothing: write just the cards, e.g. 'AS+KS'"
            return "lead_one_suit", {"cards": _symbols(cards)}
        n = len(self.plays[0][2])
        if len(cards) != n:
            return "wrong_count", {"count": str(n), "given": str(len(cards))}
        target = self.target
        if action.kind == "discard":
            return "must_beat", {}
        if not self.rules.allow_beat_partner and team_of(self.trick_winner) == team_of(seat):
            return "partner_winning", {}
        if self.rules.pairing == "declared" and action.pairs is None:
            return "Kozel: under declared pairing write each card's target, e.g. 'AS>KS+10S>9S'"
        if action.pairs is not None and self.rules.pairing == "free":
            return "Kozel: pairing is free in this variant: write just the cards, e.g. 'AS+10S'"
        if action.pairs is not None and sorted(action.pairs) != sorted(target):
            return "bad_pairing", {"target": _symbols(target)}
        return "not_a_beat", {"cards": _symbols(cards), "target": _symbols(target)}

    def _next(self, action: Action) -> State:
        seat, phase = self._turn
        history = (*self.history, action)
        if action.kind == "pass":
            return self._evolve_with({"passed": (*self.passed, seat), "history": history})
        if action.kind == "claim":
            return self._claim(seat, history)
        hands = list(self.hands)
        hands[seat] = _without(hands[seat], action.cards)
        changes: dict[str, Any] = {"hands": tuple(hands), "history": history, "passed": ()}
        if action.kind == "play":
            kind = "lead" if phase == "lead" else "beat"
            if self.known[seat]:
                known = list(self.known)
                known[seat] = _without(known[seat], action.cards)
                changes["known"] = tuple(known)
        else:
            kind = "discard"
            if self.known[seat]:  # a known card may now lie face down: no longer sure where
                changes["known"] = tuple(() if w == seat else k for w, k in enumerate(self.known))
        changes["plays"] = (*self.plays, (seat, kind, action.cards))
        state = self._evolve_with(changes)
        return state._finish_trick() if len(state.plays) == 4 else state

    def _claim(self, seat: int, history: tuple[Action, ...]) -> State:
        """Four of a suit (§2.3): everything on the table goes back to its owner, and the
        claimant leads his four cards; nobody may claim again in this trick."""
        hands, known = list(self.hands), list(self.known)
        for who, kind, cards in self.plays:
            hands[who] = _sorted(hands[who] + cards)
            if kind != "discard":  # seen by all, so now known to be in that hand
                known[who] = _sorted(known[who] + cards)
        four = hands[seat]
        hands[seat] = ()
        known[seat] = _without(known[seat], four)
        return self._evolve_with({
            "hands": tuple(hands), "known": tuple(known), "plays": ((seat, "lead", four),),
            "leader": seat, "interrupted": True, "passed": (), "history": history})

    # -- the end of a trick and of a deal --------------------------------------------------
    def _finish_trick(self) -> State:
        """The winner's team takes all the cards; everyone refills, the winner first."""
        winner = self.trick_winner
        team = team_of(winner)
        piles, hidden, tricks = list(self.piles), list(self.hidden), list(self.tricks)
        up = [c for _, kind, cards in self.plays if kind != "discard" for c in cards]
        down = [(who, c) for who, kind, cards in self.plays if kind == "discard" for c in cards]
        piles[team] = (*piles[team], *up)
        hidden[team] = (*hidden[team], *down)
        see_all = self.rules.discards_visible == "all"
        last = tuple((w, k, cs if k != "discard" or see_all else (), len(cs)) for w, k, cs in self.plays)
        tricks[team] += 1
        hands, stock, known = list(self.hands), self.stock, self.known
        trump_pos = self.trump_pos
        drawn: list[list[Card]] = [[], [], [], []]
        sizes = [len(h) for h in hands]
        k = 0
        while k < len(stock) and min(sizes) < HAND_SIZE:  # one card at a time, winner first
            for i in range(4):
                who = (winner + i) % 4
                if k < len(stock) and sizes[who] < HAND_SIZE:
                    drawn[who].append(stock[k])
                    sizes[who] += 1
                    if trump_pos == k:  # everyone saw who drew the trump indicator
                        known = tuple(_sorted((*kn, stock[k])) if j == who else kn
                                      for j, kn in enumerate(known))
                    k += 1
        if k:
            stock = stock[k:]
            hands = [_sorted((*h, *d)) if d else h for h, d in zip(hands, drawn)]
            trump_pos = None if trump_pos is None or trump_pos < k else trump_pos - k
        state = self._evolve_with({
            "piles": tuple(piles), "hidden": tuple(hidden), "tricks": tuple(tricks),
            "hands": tuple(hands), "stock": stock, "trump_pos": trump_pos, "known": known,
            "plays": (), "last_trick": last, "leader": winner, "original_leader": winner,
            "interrupted": False})
        if not stock and not any(hands):
            return state._end_deal(winner)
        return state

    def _end_deal(self, last_winner: int) -> State:
        points = tuple(card_points(p) + card_points(c for _, c in h) for p, h in zip(self.piles, self.hidden))
        loss, eggs = deal_loss(points, self.tricks, self.rules)
        total = egg_bonus(loss, self.egg_streak, self.rules)
        totals = (self.totals[0] + total[0], self.totals[1] + total[1])
        row = (points, self.tricks, loss, eggs, total)
        losers = [t for t in (0, 1) if totals[t] >= self.rules.match_limit]
        ended = self._evolve(
            totals=totals, sheet=(*self.sheet, row), eggs_count=self.eggs_count + eggs,
            egg_streak=self.egg_streak + 1 if eggs else 0,
            winner=1 - losers[0] if losers else None)
        if losers:
            return ended
        if eggs and self.rules.eggs_same_dealer:
            dealer = self.dealer
        elif self.rules.next_dealer == "last_trick_winner_right":
            dealer = (last_winner - 1) % 4
        else:
            dealer = (self.dealer + 1) % 4
        deal_no = self.deal_no + 1
        return ended._deal(deal_no, dealer, last_winner, shuffled(DECK, self.seed, deal_no), stacked=False)

    def _deal(self, deal_no: int, dealer: int, leader: int, deck: tuple[Card, ...], *,
              stacked: bool) -> State:
        """Deal 4 cards each from the dealer's left, then show the trump indicator (§2.2)."""
        hands: list[list[Card]] = [[], [], [], []]
        for card, who in zip(deck, deal_order(dealer, self.rules.deal_packet)):
            hands[who].append(card)
        stock = deck[16:]
        index = trump_index(len(stock), self.rules, self.seed, deal_no, stacked)
        card, pos = stock[index], index
        if self.rules.trump_reveal != "middle_return":  # turned face up under the stock
            stock, pos = stock[:index] + stock[index + 1:] + (card,), len(stock) - 1
        return self._evolve(
            deal_no=deal_no, dealer=dealer, trump_card=card, trump_pos=pos, stock=stock,
            hands=tuple(_sorted(h) for h in hands), leader=leader, original_leader=leader,
            plays=(), interrupted=False, passed=(), piles=((), ()), hidden=((), ()), tricks=(0, 0),
            known=((), (), (), ()))

    # -- saving ------------------------------------------------------------------------------
    def _payload(self) -> dict[str, Any]:
        return {
            "rules": _rules_json(self.rules), "seed": self.seed, "deal_no": self.deal_no,
            "dealer": self.dealer, "trump_card": str(self.trump_card), "trump_pos": self.trump_pos,
            "stock": _text(self.stock), "hands": [_text(h) for h in self.hands],
            "leader": self.leader, "original_leader": self.original_leader,
            "plays": [[w, k, _text(c)] for w, k, c in self.plays], "interrupted": self.interrupted,
            "passed": list(self.passed), "piles": [_text(p) for p in self.piles],
            "last_trick": [[w, k, _text(cs), n] for w, k, cs, n in self.last_trick],
            "hidden": [[[w, str(c)] for w, c in h] for h in self.hidden], "tricks": list(self.tricks),
            "known": [_text(k) for k in self.known], "totals": list(self.totals),
            "sheet": self.score_sheet_json(), "eggs_count": self.eggs_count,
            "egg_streak": self.egg_streak, "winner": self.winner,
            "history": [str(a) for a in self.history],
            "origin": None if self.origin is None else list(self.origin),
        }

    def to_json(self) -> str:
        return save_json("kozel", self._payload())

    @classmethod
    def from_json(cls, text: str) -> State:
        return _load(SaveReader(text, "kozel"))

    def __str__(self) -> str:
        return _text_picture(self)


State.GAME = sys.modules[__name__]
_ROW_KEYS = ("points", "tricks", "loss_points", "eggs", "total")


def _seat(seat: Any) -> int:
    if type(seat) is not int or not 0 <= seat < 4:
        raise ValueError(f"a Kozel seat is 0, 1, 2 or 3, not {seat!r}")
    return seat


def _rules_json(rules: Rules) -> dict[str, Any]:
    data = rules_to_dict(rules)
    data["loss_table"] = list(data["loss_table"])
    return data


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _leads(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """Every lead: one or more cards of one suit (§2.3), smallest first."""
    make = tuple.__new__
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    leads = [make(Action, ("play", combo, None)) for cards in by_suit.values()
             for n in range(1, len(cards) + 1) for combo in itertools.combinations(cards, n)]
    leads.sort(key=lambda a: (len(a.cards), a.cards))
    return tuple(leads)


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
# Starting, loading and determinizing

def new_game(*, players: int | None = None, seed: int | None = None,
             deck: str | Sequence[Card] | None = None, rules: Rules = Rules(),
             dealer: int | None = None) -> State:
    """A new match.  `deck` stacks the first deal (top card first: `c0` to the dealer's
    left, one at a time; the stock is `c16..c35` and the trump indicator is `c17`)."""
    if players not in (None, 4):
        raise ValueError(f"Kozel is for exactly 4 players (two teams of two), not {players}")
    if not isinstance(rules, Rules):
        raise ValueError("rules must be a kozel.Rules")
    dealer = 3 if dealer is None else dealer
    if type(dealer) is not int or dealer not in range(4):
        raise ValueError(f"the dealer is seat 0, 1, 2 or 3, not {dealer!r}")
    seed = fresh_seed() if seed is None else seed
    if type(seed) is not int:
        raise ValueError(f"seed must be a whole number, not {seed!r}")
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
        history=(), origin=(seed, dealer, None if deck is None else _text(cards)))
    return blank._deal(0, dealer, leader, cards, stacked=deck is not None)


def _load(r: SaveReader) -> State:
    raw = r.get("rules", dict)
    if isinstance(raw.get("loss_table"), list):
        raw = {**raw, "loss_table": tuple(raw["loss_table"])}
    rules = rules_from_dict(Rules, raw)
    origin = r.data.get("origin")
    if origin is not None:
        return _replay(r, rules, origin)
    return _load_snapshot(r, rules)


def _replay(r: SaveReader, rules: Rules, origin: Any) -> State:
    """A game that started from `new_game` is rebuilt by replaying its moves, so a
    tampered save cannot give a position the rules never allow."""
    if not (isinstance(origin, list) and len(origin) == 3 and type(origin[0]) is int
            and origin[1] in range(4) and type(origin[1]) is int
            and (origin[2] is None or isinstance(origin[2], str))):
        raise ValueError("saved game: field 'origin' must be [seed, dealer 0-3, deck or null]")
    try:
        state = new_game(seed=origin[0], dealer=origin[1], deck=origin[2], rules=rules)
    except ValueError as err:
        raise ValueError(f"saved game: its origin cannot start a game: {err}") from None
    return r.replay(state)


def _load_snapshot(r: SaveReader, rules: Rules) -> State:
    """A position with no recorded start (a bot's determinized guess), checked card by card."""
    def four(key: str) -> Four:
        value = r.get(key, list)
        if len(value) != 4:
            raise ValueError(f"saved game: {key!r} must have one entry per seat")
        return tuple(r.cards(key, v) for v in value)  # type: ignore[return-value]

    def pair(key: str) -> list[Any]:
        value = r.get(key, list)
        if len(value) != 2:
            raise ValueError(f"saved game: {key!r} must have one entry per team")
        return value

    def seat(key: str) -> int:
        return r.integer(key, 0, 3)  # type: ignore[return-value]

    try:
        plays = tuple((_seat(w), k, r.cards("plays", c)) for w, k, c in r.get("plays", list))
        last_trick = tuple((_seat(w), k, r.cards("last_trick", c), n)
                           for w, k, c, n in r.get("last_trick", list))
        if not all(type(n) is int and 0 < n <= 4 and len(c) in (0, n) for _, _, c, n in last_trick):
            raise ValueError("a play of the last trick has a wrong count")
        hidden = tuple(tuple((_seat(w), Card.parse(c)) for w, c in h) for h in pair("hidden"))
        history = tuple(Action.parse(a) for a in r.get("history", list))
        trump_card = Card.parse(r.get("trump_card", str))
    except (TypeError, ValueError) as err:
        raise ValueError(f"saved game: a trick, hidden pile or move is malformed: {err}") from None
    if any(k not in ("lead", "beat", "discard") for _, k, _ in plays):
        raise ValueError("saved game: a play's kind must be lead, beat or discard")
    if not isinstance(r.get("interrupted", bool), bool):
        raise ValueError("saved game: 'interrupted' must be true or false")
    passed = r.get("passed", list)
    if not all(type(s) is int and 0 <= s < 4 for s in passed):
        raise ValueError("saved game: 'passed' must list seats 0-3")
    state = State(
        rules=rules, seed=r.integer("seed", 0, 2**63), deal_no=r.integer("deal_no", 0, 10**6),
        dealer=seat("dealer"), trump_card=trump_card,
        trump_pos=r.integer("trump_pos", 0, 19, optional=True), stock=r.cards("stock"),
        hands=four("hands"), leader=seat("leader"), original_leader=seat("original_leader"),
        plays=plays, interrupted=r.data["interrupted"], passed=tuple(passed), last_trick=last_trick,
        piles=tuple(r.cards("piles", p) for p in pair("piles")), hidden=hidden,  # type: ignore[arg-type]
        tricks=r.int_tuple("tricks", 2), known=four("known"), totals=r.int_tuple("totals", 2),
        sheet=_load_sheet(r.get("sheet", list)), eggs_count=r.integer("eggs_count", 0, 10**6),
        egg_streak=r.integer("egg_streak", 0, 10**6), winner=r.integer("winner", 0, 1, optional=True),
        history=history)
    _check_snapshot(state)
    return state


def _check_snapshot(s: State) -> None:
    """What must hold of every position the rules can reach."""
    on_table = [c for _, _, cards in s.plays for c in cards]
    everything = [*s.stock, *sum(s.hands, ()), *on_table, *sum(s.piles, ()),
                  *(c for h in s.hidden for _, c in h)]
    if sorted(everything) != sorted(DECK):
        raise ValueError("saved game: its cards are not the 36 cards of the Kozel deck, each once")
    if len(s.stock) % 4:
        raise ValueError("saved game: the stock must hold a multiple of 4 cards")
    if s.trump_pos is not None and (s.trump_pos >= len(s.stock) or s.stock[s.trump_pos] != s.trump_card):
        raise ValueError("saved game: the trump indicator is not where 'trump_pos' says")
    if s.trump_pos is None and s.trump_card in s.stock:
        raise ValueError("saved game: the trump indicator is in the stock but has no position")
    if s.totals != tuple(sum(row[4][t] for row in s.sheet) for t in (0, 1)):
        raise ValueError("saved game: the scores are not the sum of the score sheet")
    if s.eggs_count != sum(row[3] for row in s.sheet) or s.egg_streak > s.eggs_count:
        raise ValueError("saved game: the eggs count does not match the score sheet")
    reached = [t for t in (0, 1) if s.totals[t] >= s.rules.match_limit]
    if (s.winner is not None) != bool(reached) or (reached and s.winner != 1 - reached[0]):
        raise ValueError("saved game: the winner is not the team that stayed under the match limit")
    if s.winner is not None:
        return
    played = {w: len(c) for w, _, c in s.plays}
    if len(played) != len(s.plays) or any(w != (s.leader + i) % 4 for i, (w, _, _) in enumerate(s.plays)):
        raise ValueError("saved game: the trick's plays are not in turn from its leader")
    if s.plays and (s.plays[0][1] != "lead" or any(k == "lead" for _, k, _ in s.plays[1:])
                    or len({len(c) for _, _, c in s.plays}) != 1
                    or len({c.suit for c in s.plays[0][2]}) != 1):
        raise ValueError("saved game: the trick does not start with a lead of one suit, "
                         "answered card for card")
    sizes = {len(h) + played.get(w, 0) for w, h in enumerate(s.hands)}
    if len(sizes) != 1 or sizes.pop() > HAND_SIZE or (not s.plays and not any(s.hands)):
        raise ValueError("saved game: the hands are not sizes the play can leave")
    for w, k in enumerate(s.known):
        if not set(k) <= set(s.hands[w]):
            raise ValueError("saved game: a seat is said to hold a card it does not have")


def _load_sheet(rows: list[Any]) -> tuple[Row, ...]:
    out = []
    for row in rows:
        pairs_ok = isinstance(row, dict) and set(row) == set(_ROW_KEYS) and all(
            isinstance(row[k], list) and len(row[k]) == 2 and all(type(x) is int for x in row[k])
            for k in _ROW_KEYS if k != "eggs")
        if not pairs_ok or not isinstance(row["eggs"], bool) or sum(row["points"]) != 120:
            raise ValueError("saved game: a score sheet row is malformed")
        out.append((tuple(row["points"]), tuple(row["tricks"]), tuple(row["loss_points"]), row["eggs"],
                    tuple(row["total"])))
    return tuple(out)  # type: ignore[return-value]


def hidden_cards(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` cannot see, sorted: the other hands, the stock except the shown
    trump indicator, and the other seats' face-down discards (unless discards are open)."""
    seat = _seat(seat)
    cards = [c for w, h in enumerate(state.hands) if w != seat for c in h]
    cards += [c for i, c in enumerate(state.stock) if i != state.trump_pos]
    if state.rules.discards_visible == "none":
        cards += [c for w, kind, cs in state.plays if kind == "discard" and w != seat for c in cs]
        cards += [c for h in state.hidden for w, c in h if w != seat]
    return _sorted(cards)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """The position as `seat` sees it, with every card it has not seen dealt anew: the
    other hands, the stock (the trump indicator stays at its known place) and the
    face-down discards of others, on the table and in the piles.  Cards publicly known
    to be some seat's (see `State.known`) stay with that seat, and a seat that is asked
    whether to claim (or has passed) again holds four of a suit.  Depends only on
    `state.observation(seat)` and `rng`."""
    obs = state.observation(_seat(seat))
    hidden_slots = _hidden_slots(obs)  # per other seat: its face-down cards nobody showed
    seen = _seen_cards(obs)
    known = {w: parse_cards(k) for w, k in enumerate(obs["known"]) if w != seat}
    known_all = {c for k in known.values() for c in k if c not in seen}
    pool = [c for c in DECK if c not in seen and c not in known_all]
    must_four = set(obs["passed"]) | ({obs["to_move"]} if obs["phase"] == "claim" else set())
    must_four.discard(seat)
    others = [w for w in range(4) if w != seat]
    result = state
    for _ in range(200):
        left = list(pool)
        rng.shuffle(left)
        hands = [parse_cards(obs["hand"]) if w == seat else () for w in range(4)]
        downs: dict[int, list[Card]] = {}
        for w in others:
            mine = [c for c in known.get(w, ()) if c not in seen]
            size = obs["hand_sizes"][w]
            hand: list[Card] = []
            if w in must_four:
                if not _take_four(mine, left, rng, hand):
                    break
                mine = []
            hand += mine + [left.pop() for _ in range(size - len(hand) - len(mine))]
            hands[w] = _sorted(hand)
            downs[w] = [left.pop() for _ in hidden_slots[w]]
        else:
            if obs["trump_card_position"] is None:  # drawn: not in the stock, whoever has it
                _out_of_stock(Card.parse(obs["trump_card"]), hands, downs, left,
                              [w for w in others if w not in must_four and not known.get(w)], rng)
            result = _rebuild(state, obs, hands, downs, left, rng)
            if result._turn == state._turn:
                return result
    return result


def _out_of_stock(card: Card, hands: list[tuple[Card, ...]], downs: dict[int, list[Card]],
                  left: list[Card], free_seats: list[int], rng: random.Random) -> None:
    """Swap `card` out of the cards left for the stock into a hidden place of another seat."""
    if card not in left:
        return
    places = [(w, "hand", i) for w in free_seats for i in range(len(hands[w]))]
    places += [(w, "down", i) for w in downs for i in range(len(downs[w]))]
    if not places:
        return
    w, where, i = rng.choice(places)
    j = left.index(card)
    if where == "hand":
        hand = list(hands[w])
        hand[i], left[j] = card, hand[i]
        hands[w] = _sorted(hand)
    else:
        downs[w][i], left[j] = card, downs[w][i]


def _take_four(mine: list[Card], left: list[Card], rng: random.Random, hand: list[Card]) -> bool:
    """Give a seat four cards of one suit, among them the cards it is known to hold."""
    options = [suit for suit in SUITS if all(c.suit == suit for c in mine)
               and len(mine) + sum(c.suit == suit for c in left) >= HAND_SIZE]
    if not options:
        return False
    suit = rng.choice(options)
    free = [c for c in left if c.suit == suit]
    rng.shuffle(free)
    hand += mine + free[:HAND_SIZE - len(mine)]
    for c in hand[len(mine):]:
        left.remove(c)
    return True


def _hidden_slots(obs: dict[str, Any]) -> dict[int, list[tuple[str, int, int]]]:
    """Where each other seat's unseen face-down cards lie: ("trick", play, i) or ("pile", team, i)."""
    slots: dict[int, list[tuple[str, int, int]]] = {w: [] for w in range(4)}
    for p, entry in enumerate(obs["trick"]):
        if "cards" not in entry:
            slots[entry["seat"]] += [("trick", p, i) for i in range(entry["count"])]
    for t, pile in enumerate(obs["hidden"]):
        for i, (w, card) in enumerate(pile):
            if card is None:
                slots[w].append(("pile", t, i))
    return slots


def _seen_cards(obs: dict[str, Any]) -> set[Card]:
    seen = set(parse_cards(obs["hand"]))
    if obs["trump_card_position"] is not None:  # once drawn, it is someone's (see `known`)
        seen.add(Card.parse(obs["trump_card"]))
    seen |= {Card.parse(c) for e in obs["trick"] for c in e.get("cards", ())}
    seen |= {Card.parse(c) for p in obs["piles"] for c in p}
    seen |= {Card.parse(c) for h in obs["hidden"] for _, c in h if c is not None}
    return seen


def _rebuild(state: State, obs: dict[str, Any], hands: list[tuple[Card, ...]], downs: dict[int, list[Card]],
             left: list[Card], rng: random.Random) -> State:
    """Put the re-dealt cards into their places; the stock keeps the trump indicator."""
    downs = {w: list(d) for w, d in downs.items()}
    plays = []
    for entry in obs["trick"]:
        who = entry["seat"]
        cards = entry["cards"] if "cards" in entry else [downs[who].pop() for _ in range(entry["count"])]
        plays.append((entry["seat"], entry["kind"], _sorted(parse_cards(cards))))
    hidden = tuple(tuple((w, Card.parse(c) if c is not None else downs[w].pop()) for w, c in pile)
                   for pile in obs["hidden"])
    stock = list(left[:obs["stock_size"] - (obs["trump_card_position"] is not None)])
    if obs["trump_card_position"] is not None:
        stock.insert(obs["trump_card_position"], Card.parse(obs["trump_card"]))
    return dataclasses.replace(
        state, hands=tuple(hands), plays=tuple(plays), hidden=hidden, stock=tuple(stock),
        seed=fresh_seed(rng), history=(), origin=None)


# ---------------------------------------------------------------------------------------
# Words and pictures for the table widget and notebooks

_WORDS = {
    "is": {"lead": "spilar út {cards}", "beat": "slær með {cards}", "discard_seen": "leggur {cards} á grúfu",
           "discard": "leggur {n} spil á grúfu", "claim": "krefst útspils með fjórum í lit",
           "pass": "sleppir kröfunni", "seat": "Sæti {n}", "team": "Lið {t}", "deal": "{n}. spil",
           "trick": "Slagur", "stock": "Stokkur", "trump": "Tromp {suit}",
           "discard_zone": "Leggja á grúfu: smelltu hér",
           "last_trick": "Síðasti slagur",
           "dealer": "gefur", "points": "punktar {p}, slagir {s}", "drawn": "sæti {n} dró það",
           "prompt_lead": "Veldu spil í sama lit til að spila út",
           "prompt_respond": "Veldu {n} spil og sláðu með þeim upp í loft, eða leggðu þau á grúfu "
                             "(smelltu þá á „Leggja á grúfu“)",
           "prompt_claim": "Þú átt fjögur í lit: viltu krefjast útspils?",
           "over": "Lið {t} er geitin{eggs}!", "eggs": " — með eggjum",
           "why_lead_many": "spilar út {n} spilum í {suit}: til að taka slaginn þarf að slá hvert þeirra",
           "why_lead_low": "lágt spil út, ekkert í húfi", "why_lead_high": "sterkt spil sem erfitt er að slá",
           "why_lead_face": "mannspil út: {p} stig í húfi ef það er slegið",
           "why_beat": "slær og á slaginn í bili (punktar á borði: {p})",
           "why_beat_trump": "slær með trompi (punktar á borði: {p})",
           "why_discard_partner": "makker á slaginn: leggur spil á grúfu sem fara í bunka ykkar",
           "why_discard": "leggur á grúfu: enginn sér hvaða spil það eru",
           "why_claim": "fjögur í lit: öll spil á borði fara aftur á hendur og þú spilar út",
           "why_pass": "geymir fjögur í lit og bíður"},
    "en": {"lead": "leads {cards}", "beat": "beats with {cards}", "discard_seen": "lays {cards} face down",
           "discard": "lays {n} card(s) face down", "claim": "claims the lead with four of a suit",
           "pass": "passes on the claim", "seat": "Seat {n}", "team": "Team {t}", "deal": "Deal {n}",
           "trick": "Trick", "stock": "Stock", "trump": "Trump {suit}",
           "discard_zone": "Lay face down: click here",
           "last_trick": "Last trick",
           "dealer": "dealer", "points": "card points {p}, tricks {s}", "drawn": "drawn by seat {n}",
           "prompt_lead": "Choose cards of one suit to lead",
           "prompt_respond": "Choose {n} card(s): beat face up, or lay face down "
                             "(then click 'Lay face down')",
           "prompt_claim": "You hold four of a suit: claim the lead?",
           "over": "Team {t} are the goats{eggs}!", "eggs": " — with eggs",
           "why_lead_many": "leads {n} cards of {suit}: each must be beaten",
           "why_lead_low": "a low lead, no points at stake", "why_lead_high": "a strong card, hard to beat",
           "why_lead_face": "a face card: {p} points at stake if it is beaten",
           "why_beat": "beats and holds the trick for now ({p} points on the table)",
           "why_beat_trump": "beats with a trump ({p} points on the table)",
           "why_discard_partner": "your partner is winning: the face-down cards go to your team's pile",
           "why_discard": "lays cards face down: nobody sees which",
           "why_claim": "four of a suit: every card on the table goes back and you lead",
           "why_pass": "keeps the four of a suit and waits"},
}
_TEAM_NAMES = {"is": ("A", "B"), "en": ("A", "B")}


def _action(action: Action | str) -> Action:
    return Action.parse(action) if isinstance(action, str) else action


def describe(state: State, action: Action | str, lang: str = "is", viewer: int | None = None) -> str:
    """The move in words, e.g. "slær með 9♦ + J♠"; a face-down discard names its cards only
    to the all-seeing narrator (`viewer` None), its own player, or when discards are open."""
    action, w = _action(action), _WORDS[lang]
    if action.kind in ("claim", "pass"):
        return w[action.kind]
    cards = " + ".join(c.symbol for c in action.cards)
    if action.kind == "discard":
        if viewer is None or viewer == state.to_move or state.rules.discards_visible == "all":
            return w["discard_seen"].format(cards=cards)
        return w["discard"].format(n=len(action.cards))
    return w["lead" if not state.plays else "beat"].format(cards=cards)


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    """One line on why one might make this move (the hint button)."""
    action, w = _action(action), _WORDS[lang]
    if action.kind in ("claim", "pass"):
        return w["why_" + action.kind]
    if not state.plays:
        if len(action.cards) > 1:
            suit = SUIT_SYMBOLS[action.cards[0].suit]
            return w["why_lead_many"].format(n=len(action.cards), suit=suit)
        card = action.cards[0]
        if _RANK[card.rank] >= _RANK["10"] or card.suit == state.trump:
            return w["why_lead_high"]
        points = card_points([card])  # a jack, queen or king is low but not worthless
        return w["why_lead_face"].format(p=points) if points else w["why_lead_low"]
    on_table = card_points(c for _, k, cards in state.plays if k != "discard" for c in cards)
    if action.kind == "play":
        trump = any(c.suit == state.trump for c in action.cards)
        return w["why_beat_trump" if trump else "why_beat"].format(p=on_table)
    partner = team_of(state.trick_winner) == team_of(state.to_move)
    return w["why_discard_partner" if partner else "why_discard"]


def action_cards(state: State, action: Action | str) -> tuple[tuple[str, Card | None], ...]:
    """The tokens a player clicks: the hand cards; a discard also the face-down pile
    (so a beat and a discard of the same cards differ); claim and pass are buttons."""
    action = _action(action)
    if action.pairs is not None:  # declared pairing: one button per pair, beater>target
        return tuple((f"{c}>{t}", None) for c, t in zip(action.cards, action.pairs))
    tokens: tuple[tuple[str, Card | None], ...] = tuple(("hand", c) for c in action.cards)
    if action.kind == "discard":
        tokens += (("discard", None),)
    return tokens


def quiet(state: State, action: Action | str) -> bool:
    """Declining a claim needs no pause and no undo stop."""
    return _action(action).kind == "pass"


def layout(state: State, seat: int, lang: str = "is") -> dict[str, Any]:
    """What `seat` sees, arranged for drawing (see `cardlearn.games`)."""
    w, names = _WORDS[lang], _TEAM_NAMES[lang]
    see_all = state.rules.discards_visible == "all"
    trick = []
    for who, kind, cards in state.plays:
        show = kind != "discard" or see_all or who == seat
        for c in cards:
            note = {"lead": "út", "beat": "slær", "discard": "á grúfu"} if lang == "is" else {
                "lead": "led", "beat": "beats", "discard": "face down"}
            if kind == "lead" and state.interrupted:  # the lead came from a four-of-a-suit claim
                note = {"lead": "fjögur í lit"} if lang == "is" else {"lead": "four of a suit"}
            trick.append({"card": str(c) if show else None, "seat": who, "note": note[kind]})
    last = [{"card": str(c), "seat": who} for who, _, cards, _ in state.last_trick for c in cards]
    last += [{"card": None, "seat": who} for who, _, cards, n in state.last_trick
             if not cards for _ in range(n)]
    trump_entry: dict[str, Any] = {"card": str(state.trump_card), "note": w["trump"].format(
        suit=SUIT_SYMBOLS[state.trump])}
    if state.trump_pos is None:  # drawn: everyone saw who took it, while it is still known
        holder = next((h for h in range(4) if state.trump_card in state.known[h]), None)
        trump_entry["note"] += f" ({w['drawn'].format(n=holder)})" if holder is not None else ""

    def info(s: int) -> str:
        t = team_of(s)
        parts = [w["team"].format(t=names[t]),
                 w["points"].format(p=card_points(state.piles[t]), s=state.tricks[t])]
        if s == state.dealer:
            parts.append(w["dealer"])
        return ", ".join(parts)

    phase = state.phase
    prompt = ""
    if state.to_move == seat:
        n = len(state.plays[0][2]) if state.plays else 0
        prompt = {"lead": w["prompt_lead"], "respond": w["prompt_respond"].format(n=n),
                  "claim": w["prompt_claim"]}.get(phase, "")
    elif state.winner is not None:
        prompt = w["over"].format(t=names[1 - state.winner], eggs=w["eggs"] if state.with_eggs else "")
    zones = [
        {"name": "trump", "label": w["trump"].format(suit=SUIT_SYMBOLS[state.trump]),
         "cards": [trump_entry]},
        {"name": "stock", "label": w["stock"], "backs": len(state.stock)},
        {"name": "trick", "label": w["trick"], "cards": trick},
        {"name": "discard", "label": w["discard_zone"], "cards": [], "target": True},
        {"name": "last-trick", "label": w["last_trick"], "cards": last},
    ]
    if state.rules.pairing == "declared" and phase == "respond" and state.to_move == seat:
        zones += [{"name": f"{c}>{t}", "label": f"{c.symbol} > {t.symbol}", "cards": [], "target": True}
                  for c in state.hands[seat] for t in state.target]
    return {
        "title": f"{NAME[lang]} — {w['deal'].format(n=state.deal_no + 1)}",
        "info": info(seat),
        "hand": [str(c) for c in sorted(state.hands[seat])],
        "scores": list(state.totals),
        "prompt": prompt,
        "opponents": [{"seat": s, "hand_size": len(state.hands[s]), "info": info(s)}
                      for s in ((seat + k) % 4 for k in (1, 2, 3))],
        "zones": zones,
    }


def _text_picture(state: State) -> str:
    lines = [f"Kozel — deal {state.deal_no + 1}, dealer seat {state.dealer}, trump {state.trump_card.symbol} "
             f"(stock {len(state.stock)}), loss points A {state.totals[0]} – B {state.totals[1]}"]
    for s in range(4):
        mark = " <- to move" if state.to_move == s else ""
        lines.append(f"seat {s} ({'AB'[team_of(s)]}): {_symbols(state.hands[s]) or '-'}{mark}")
    for who, kind, cards in state.plays:
        lines.append(f"  trick: seat {who} {kind} {_symbols(cards)}")
    lines.append(f"tricks A {state.tricks[0]}, B {state.tricks[1]}")
    if state.winner is not None:
        lines.append(f"team {'AB'[1 - state.winner]} are the goats{' with eggs' if state.with_eggs else ''}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# Bots

def _strength(card: Card, trump: str) -> int:
    """How much a card is worth keeping: trumps above all, then by rank."""
    return _RANK[card.rank] + (20 if card.suit == trump else 0)


def _cost(cards: Iterable[Card], trump: str) -> float:
    """What giving these cards away costs: their points (lost to the pile they land in
    are counted elsewhere) and the strength they would have later."""
    return sum(_strength(c, trump) + CARD_POINTS[c.rank] * 0.6 for c in cards)


class ThumbBot(Bot):
    """Rules of thumb: lead low cards of a side suit, or sure winners; beat an opponent
    as cheaply as will hold the trick, saving trumps and tens for tricks with points; let
    a partner's winning cards stand and, when last to play, throw him points face down;
    otherwise discard the lowest cards."""

    label = {"is": "þumalputti", "en": "rule of thumb"}

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        obs = state.observation(seat)
        trump = obs["trump"]
        if obs["phase"] == "claim" or CLAIM in actions:
            hand = parse_cards(obs["hand"])
            if hand[0].suit == trump or card_points(hand) >= 14 or obs["phase"] == "claim":
                return CLAIM
        if obs["phase"] == "lead":
            return self._lead(obs, actions, trump)
        return self._respond(obs, actions, trump, seat)

    def _unseen(self, obs: dict[str, Any]) -> set[Card]:
        return set(DECK) - _seen_cards(obs)

    def _lead(self, obs: dict[str, Any], actions: list[Action], trump: str) -> Action:
        unseen = self._unseen(obs)

        def safe(card: Card) -> bool:  # nothing unseen can beat it
            return not any(beats(u, card, trump) for u in unseen)

        def score(a: Action) -> float:
            cards = a.cards
            if all(safe(c) for c in cards):
                return 100 + card_points(cards) + len(cards)  # sure to win: cash points
            if len(cards) >= 3:  # three or four of a suit are hard to beat all at once
                return 40 + card_points(cards) - 3 * sum(c.suit == trump for c in cards)
            # otherwise a cheap single card: low rank, no points, no trump
            c = cards[0]
            return (20 - _strength(c, trump) - CARD_POINTS[c.rank] - 10 * (len(cards) - 1))

        return max(actions, key=score)

    def _respond(self, obs: dict[str, Any], actions: list[Action], trump: str, seat: int) -> Action:
        trick = obs["trick"]
        plays_left = 3 - len(trick)  # players after this one
        winner = next(e["seat"] for e in reversed(trick) if e["kind"] != "discard")
        on_table = sum(CARD_POINTS[Card.parse(c).rank] for e in trick for c in e.get("cards", ())
                       if e["kind"] != "discard")
        discards = [a for a in actions if a.kind == "discard"]
        beat_moves = [a for a in actions if a.kind == "play"]
        partner_wins = winner % 2 == seat % 2
        if partner_wins or not beat_moves:
            if partner_wins and plays_left == 0 and discards:  # safe: give the partner points
                return max(discards, key=lambda a: card_points(a.cards) * 3 - sum(
                    20 for c in a.cards if c.suit == trump))
            if discards:
                return min(discards, key=lambda a: _cost(a.cards, trump))
            return min(beat_moves, key=lambda a: _cost(a.cards, trump))
        unseen = self._unseen(obs)

        def held(a: Action) -> bool:  # could an unseen card still beat one of ours?
            return plays_left == 0 or not any(beats(u, c, trump) for c in a.cards for u in unseen)

        def value(a: Action) -> float:
            gain = on_table + card_points(a.cards)
            spend = sum(_strength(c, trump) for c in a.cards) * 0.8
            return gain - spend + (15 if held(a) else 0)

        best = max(beat_moves, key=value)
        cheapest_discard = min(discards, key=lambda a: _cost(a.cards, trump)) if discards else None
        worth = on_table + card_points(best.cards) >= 6 or held(best) or cheapest_discard is None
        if worth or card_points(cheapest_discard.cards) >= 10:
            return best
        return cheapest_discard


class SearchBot(_Search):
    """Determinized Monte Carlo search (`cardlearn.bots.SearchBot`), each simulation played
    to the end of the deal by `ThumbBot` in every seat."""

    policy = ThumbBot
    iterations = 120


BOTS = {"random": RandomBot, "thumb": ThumbBot, "search": SearchBot}
