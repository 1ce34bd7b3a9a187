"""Fjarki ("the four"): a small fake game for the table's own tests, with every part of the
view description Kasína does not use — four seats in two teams (0 + 2 against 1 + 3),
zones with owners, dict entries (face-down cards, who played what, notes), a target zone,
quiet decisions, forced moves and a deal-by-deal score sheet per team.

Each deal, every seat gets four cards of the sixteen (A K Q J of each suit), then:

1. *discard* — each seat in turn lays one card face down on the kitty (`"d:AS"`: click the
   card, then the kitty itself, a target zone);
2. *claim* — each seat in turn may `"claim"` the lead or `"pass"` (quiet); the first to
   claim leads, else seat 0;
3. *play* — three tricks; follow suit if you can; the highest card of the suit led wins
   (A > K > Q > J) and the winner leads the next.  A trick won counts one for the team.

Two deals make a match (`Rules.deals`).  Not a real game, not in `GAMES`: only the table
tests use it, so it has no `determinize`, and its save is just the seed, rules and moves.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from cardlearn.bots import Bot, RandomBot
from cardlearn.cards import Card, parse_cards
from cardlearn.core import GameState, IllegalMove, SaveReader, save_json, shuffled
from cardlearn.protocol import FinishedDeal, GameInfo, ScoreRow

NAME = {"is": "Fjarki", "en": "Four"}
PLAYERS = (4, 4)
INFO = GameInfo(name=NAME, players=PLAYERS, partnerships=True, score_sign=1,
                phases=("discard", "claim", "play", "over"), strongest_bot="first")
DECK = parse_cards("AS KS QS JS AH KH QH JH AD KD QD JD AC KC QC JC")
ORDER = "JQKA"
TEAMS = ((0, 2), (1, 3))

RULE_WORDS = {
    "en": {
        "not_in_hand": "{card} is not in your hand",
        "follow_suit": "you must follow suit: {card} is not a {suit} and you hold one",
        "wrong_phase": "that is not a move of this phase ({phase})",
    },
    "is": {
        "not_in_hand": "{card} er ekki á hendi þinni",
        "follow_suit": "fylgja verður lit: {card} er ekki {suit} og þú átt slíkt spil",
        "wrong_phase": "sá leikur á ekki við núna ({phase})",
    },
}
RULE_TEACH = {
    "en": {"not_in_hand": "You play a card from your own hand.",
           "follow_suit": "You follow the suit led when you can.",
           "wrong_phase": "A deal goes in phases: discard, claim, play."},
    "is": {"not_in_hand": "Þú spilar spili af eigin hendi.",
           "follow_suit": "Þú fylgir lit ef þú getur.",
           "wrong_phase": "Gjöfin gengur í þrepum: kast, krafa, spil."},
}
SHEET_NAMES = {"is": {"tricks": "slagir", "total": "alls"}, "en": {"tricks": "tricks", "total": "total"}}
_SUITS = {
    "is": {"S": "spaði", "H": "hjarta", "D": "tígull", "C": "lauf"},
    "en": {"S": "spade", "H": "heart", "D": "diamond", "C": "club"},
}


@dataclass(frozen=True)
class Rules:
    deals: int = 2


@dataclass(frozen=True)
class Action:
    kind: str  # "d" discard, "p" play, "claim", "pass"
    card: Card | None = None

    def __str__(self) -> str:
        return f"{self.kind}:{self.card}" if self.card else self.kind


def parse(text: str) -> Action:
    kind, _, card = str(text).partition(":")
    if kind in ("claim", "pass") and not card:
        return Action(kind)
    if kind in ("d", "p") and card:
        try:
            return Action(kind, Card.parse(card))
        except ValueError as err:
            raise IllegalMove(f"cannot read {text!r}: {err}") from None
    raise IllegalMove(f"a Fjarki move is 'd:AS', 'p:AS', 'claim' or 'pass', not {text!r}")


@dataclass(frozen=True)
class State(GameState):
    rules: Rules
    seed: int
    deal_no: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[tuple[int, Card], ...]
    trick: tuple[tuple[int, Card], ...]
    won: tuple[int, ...]  # cards won per seat this deal
    tricks: tuple[int, int]  # per team, this deal
    claimed: int | None
    turn: int
    stage: str  # "discard", "claim", "play"
    passes: int
    sheet: tuple[tuple[int, int], ...]
    history: tuple[Action, ...]

    # -- game facts ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return 4

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return TEAMS

    @property
    def phase(self) -> str:
        return "over" if self.to_move is None else self.stage

    @property
    def max_game_length(self) -> int:
        return self.rules.deals * 16

    def start(self) -> State:
        return new_game(seed=self.seed, rules=self.rules)

    # -- the shared API -----------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if len(self.sheet) == self.rules.deals else self.turn

    @property
    def scores(self) -> tuple[int, int]:
        return tuple(sum(row[t] for row in self.sheet) for t in (0, 1))

    @property
    def winner(self) -> int | None:
        a, b = self.scores
        return None if self.to_move is not None or a == b else (0 if a > b else 1)

    @property
    def score_sheet(self) -> list[dict[str, Any]]:
        return [{"tricks": row, "total": row} for row in self.sheet]

    def observation(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "to_move": self.to_move,
            "hand": [str(c) for c in self.hands[seat]],
            "trick": [[s, str(c)] for s, c in self.trick],
            "stage": self.stage,
            "kitty": [str(c) if s == seat else None for s, c in self.kitty],
            "history": [str(a) for a in self.history],
            "sheet": [list(r) for r in self.sheet],
        }

    def observation_digest(self, seat: int) -> str:
        return repr(self.observation(seat))

    def to_json(self) -> str:
        return save_json("fake", {"seed": self.seed, "deals": self.rules.deals,
                                  "history": [str(a) for a in self.history]})

    @classmethod
    def from_json(cls, text: str) -> State:
        r = SaveReader(text, "fake")
        state = new_game(seed=r.get("seed", int), rules=Rules(deals=r.get("deals", int)))
        for move in r.get("history", list):
            state = state.apply(move)
        return state

    def _legal(self) -> tuple[Action, ...]:
        hand = self.hands[self.turn]
        if self.stage == "discard":
            return tuple(Action("d", c) for c in hand)
        if self.stage == "claim":
            return (Action("claim"), Action("pass"))
        led = [c for c in hand if self.trick and c.suit == self.trick[0][1].suit]
        return tuple(Action("p", c) for c in (led or hand))

    def _parse_action(self, text: str) -> Action:
        return parse(text)

    def _why_illegal(self, action: Any) -> tuple[str, dict[str, str]]:
        if not isinstance(action, Action):
            raise IllegalMove(f"{action!r} is not a Fjarki move")
        wanted = {"discard": "d", "play": "p"}.get(self.stage)
        if action.kind != wanted and not (self.stage == "claim" and action.kind in ("claim", "pass")):
            return "wrong_phase", {"phase": self.stage}
        if action.card not in self.hands[self.turn]:
            return "not_in_hand", {"card": action.card.symbol}
        return "follow_suit", {"card": action.card.symbol, "suit": self.trick[0][1].suit}

    def _next(self, action: Action) -> State:
        seat, history = self.turn, (*self.history, action)
        if action.kind == "d":
            hands = _without(self.hands, seat, action.card)
            kitty = (*self.kitty, (seat, action.card))
            stage = "claim" if len(kitty) == 4 else "discard"
            return self._evolve(hands=hands, kitty=kitty, stage=stage, turn=(seat + 1) % 4, history=history)
        if action.kind in ("claim", "pass"):
            if action.kind == "claim":
                return self._evolve(stage="play", claimed=seat, turn=seat, history=history)
            if self.passes == 3:
                return self._evolve(stage="play", turn=0, passes=4, history=history)
            return self._evolve(passes=self.passes + 1, turn=(seat + 1) % 4, history=history)
        hands = _without(self.hands, seat, action.card)
        trick = (*self.trick, (seat, action.card))
        if len(trick) < 4:
            return self._evolve(hands=hands, trick=trick, turn=(seat + 1) % 4, history=history)
        taker = trick_winner(trick)
        won = tuple(n + 4 * (s == taker) for s, n in enumerate(self.won))
        tricks = tuple(n + (taker in TEAMS[t]) for t, n in enumerate(self.tricks))
        if any(hands):
            return self._evolve(hands=hands, trick=(), won=won, tricks=tricks, turn=taker, history=history)
        ended = self._evolve(hands=hands, trick=trick, won=won, tricks=tricks, history=history)
        after = ended._evolve(sheet=(*self.sheet, tricks), **ended._ending_deal())
        return after if len(after.sheet) == self.rules.deals else _deal(after, self.deal_no + 1)

    def _finished_deal(self, row: ScoreRow) -> FinishedDeal:
        # The table's tests read the record's numbers and the last trick; the fake game
        # keeps counts of cards won, not the cards, so `taken` is empty.
        return FinishedDeal(number=self.deal_no + 1, index=len(self.sheet), dealer=3, hands=self.hands,
                            taken=((), ()), tricks=self.tricks, table=(), table_to=None,
                            details={"kitty": self.kitty, "last_trick": self.trick}, row=row, unplayed=())

    def __str__(self) -> str:
        return f"Fjarki deal {self.deal_no + 1}, {self.stage}, seat {self.turn}"


State.GAME = sys.modules[__name__]


def _without(hands: tuple[tuple[Card, ...], ...], seat: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    hand = list(hands[seat])
    hand.remove(card)
    return tuple(tuple(hand) if s == seat else h for s, h in enumerate(hands))


def trick_winner(trick: tuple[tuple[int, Card], ...]) -> int:
    led = trick[0][1].suit
    return max((s for s, c in trick if c.suit == led), key=lambda s: ORDER.index(dict(trick)[s].rank))


# Every deal starts with these (a new deal and a new match alike).
_FRESH_DEAL: dict[str, Any] = dict(kitty=(), trick=(), won=(0,) * 4, tricks=(0, 0), claimed=None, turn=0,
                                   stage="discard", passes=0)


def _deal(state: State, deal_no: int) -> State:
    deck = shuffled(DECK, state.seed, deal_no)
    hands = tuple(tuple(sorted(deck[4 * s : 4 * s + 4])) for s in range(4))
    return state._evolve(deal_no=deal_no, hands=hands, **_FRESH_DEAL)


def new_game(
    *,
    players: int | None = None,
    seed: int | None = None,
    deck: Any = None,
    rules: Rules = Rules(),
    dealer: int | None = None,
) -> State:
    if players not in (None, 4):
        raise ValueError("Fjarki is for 4 players")
    empty = State(
        rules=rules,
        seed=seed or 0,
        deal_no=0,
        hands=((),) * 4,
        **_FRESH_DEAL,
        sheet=(),
        history=(),
    )
    return _deal(empty, 0)


# -- view description --------------------------------------------------------------------

_WORDS = {
    "is": {
        "discard": "leggur {card} á grúfu",
        "discard_hidden": "leggur spil á grúfu",
        "play": "spilar {card}",
        "claim": "tekur forystu",
        "pass": "pass",
        "kitty": "Grúfa",
        "trick": "Slagur",
        "won": "Unnið",
        "title": "Fjarki — {n}. spil",
        "high": "hæst",
        "mine": "þitt",
        "why": "löglegt",
    },
    "en": {
        "discard": "lays {card} face down",
        "discard_hidden": "lays a card face down",
        "play": "plays {card}",
        "claim": "claims the lead",
        "pass": "pass",
        "kitty": "Kitty",
        "trick": "Trick",
        "won": "Won",
        "title": "Four — deal {n}",
        "high": "high",
        "mine": "yours",
        "why": "legal",
    },
}


def _predicate(state: State, action: Action | str, lang: str = "is", viewer: int | None = None) -> str:
    action = parse(action) if isinstance(action, str) else action
    w = _WORDS[lang]
    if action.kind == "d":
        seen = viewer is None or viewer == state.to_move
        return w["discard"].format(card=action.card.symbol) if seen else w["discard_hidden"]
    if action.kind == "p":
        return w["play"].format(card=action.card.symbol)
    return w[action.kind]


def describe(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
             who=None) -> str:
    """The move in words; with `who`, the whole sentence with its subject ("Þú: ...")."""
    text = _predicate(state, action, lang, viewer)
    return text if who is None or state.to_move is None else f"{who(state.to_move)}: {text}"


def command(state: State, action: Action | str, lang: str = "is", who=None) -> str:
    """The move as its button says it."""
    return _predicate(state, action, lang, state.to_move)


def deal_result(before: State, after: State, lang: str, who) -> str:
    """The deal's winner in a sentence (the team with more tricks in the deal's row)."""
    row = after.score_sheet[-1]["tricks"]
    if row[0] == row[1]:
        return "jafnt" if lang == "is" else "a tie"
    best = 0 if row[0] > row[1] else 1
    return f"{who(TEAMS[best][0])} +"


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    return _WORDS[lang]["why"]


def action_cards(state: State, action: Action) -> tuple[tuple[str, Card | None], ...]:
    if action.kind == "d":
        return (("hand", action.card), ("kitty", None))
    if action.kind == "p":
        return (("hand", action.card),)
    return ()


def quiet(state: State, action: Action) -> bool:
    return action.kind == "pass"


def layout(state: State, seat: int, lang: str = "is", who=None) -> dict[str, Any]:
    w = _WORDS[lang]
    high = trick_winner(state.trick) if state.trick else None
    trick = [
        {"card": str(c), "seat": s, **({"note": w["high"]} if s == high else {})} for s, c in state.trick
    ]
    kitty = [
        {"card": str(c) if s == seat else None, "seat": s, **({"note": w["mine"]} if s == seat else {})}
        for s, c in state.kitty
    ]
    zones = [
        {"name": "kitty", "label": w["kitty"], "target": state.stage == "discard", "cards": kitty},
        {"name": "trick", "label": w["trick"], "cards": trick},
    ]
    zones += [{"name": f"won-{s}", "label": w["won"], "owner": s, "backs": state.won[s]} for s in range(4)]
    return {
        "title": w["title"].format(n=state.deal_no + 1),
        "info": "",
        "hand": [str(c) for c in state.hands[seat]],
        "scores": list(state.scores),
        "opponents": [
            {"seat": s, "hand_size": len(state.hands[s]), "info": ""} for s in range(4) if s != seat
        ],
        "zones": zones,
    }


class FirstBot(Bot):
    """Takes the first legal move, but always passes on a claim (a quiet decision)."""

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        return Action("pass") if Action("pass") in legal else legal[0]


BOTS = {"random": RandomBot, "first": FirstBot}


def sheet_row(row, lang: str, who):
    return dict(row)  # numbers only: nothing to put into words
