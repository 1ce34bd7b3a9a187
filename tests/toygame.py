"""Hæsta spil ("highest card"): a tiny two-player game that follows the shared API.

It exists to prove that the conformance suite works before, and besides, the real games:
each deal, both seats get four of ten cards (two lie aside, unseen); the leader plays any card, the other
answers with any card, the higher rank takes the trick and leads the next.  Two deals
make a match; most tricks wins.  `broken(...)` builds variants that each break one
point of the contract, so the suite can be shown to catch them.

It has a view description too (`layout`, `describe`, ...; see `cardlearn.games`), so
the table's generic tests run on a second game.  Action notation: a card, e.g. `"QH"`.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from dataclasses import dataclass, field

from cardlearn.bots import RandomBot, SearchBot
from cardlearn.cards import RANKS, Card, parse_cards
from cardlearn.core import GameState, IllegalMove, SaveReader, fresh_seed, save_json, shuffled, stacked_deck
from cardlearn.protocol import Examples, FinishedDeal, GameInfo, GoldenCase

DECK = parse_cards("AS KS QS JS 10S AH KH QH JH 10H")
HAND = 4
DEALS = 2
INFO = GameInfo(name={"is": "Hæsta spil", "en": "Highest card"}, players=(2, 2), partnerships=False,
                score_sign=1, phases=("play", "over"), strongest_bot="search")
NAME = INFO.name
PLAYERS = INFO.players
RULE_WORDS = {"en": {"not_in_hand": "{card} is not in your hand: play a card you hold",
                     "unreadable": "cannot read the move {text}: a card is a rank and a suit, like 'QH'"},
              "is": {"not_in_hand": "{card} er ekki á hendi þinni: spilaðu spili sem þú átt",
                     "unreadable": "ekki tókst að lesa leikinn {text}: spil er skrifað með gildi og lit, "
                                   "t.d. 'QH'"}}
RULE_TEACH = {"en": {"not_in_hand": "You play a card from your own hand."},
              "is": {"not_in_hand": "Þú spilar spili af eigin hendi."}}
SHEET_NAMES = {"en": {"tricks": "tricks", "total": "total"}, "is": {"tricks": "slagir", "total": "alls"}}


@dataclass(frozen=True)
class Rules:
    deals: int = DEALS


@dataclass(frozen=True, slots=True)
class Action:
    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class State(GameState):
    seed: int
    deal_no: int
    leader: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trick: tuple[Card, ...]
    tricks: tuple[int, int]
    sheet: tuple[tuple[int, int], ...]
    history: tuple[Action, ...]
    deck0: tuple[Card, ...]  # the first deal's deck, saved so a stacked deck survives JSON; () in a
    # determinized position, which has no recorded start (its save is a snapshot)
    aside: tuple[Card, ...] = ()  # dealt to nobody, seen by nobody
    won: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # the cards of each seat's tricks this deal
    dealer: int = 1  # the seat that did not lead the deal's first trick
    rules: Rules = field(default=Rules())

    @property
    def to_move(self) -> int | None:
        if len(self.sheet) == self.rules.deals:
            return None
        return (self.leader + len(self.trick)) % 2

    @property
    def winner(self) -> int | None:
        if self.to_move is not None or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    @property
    def scores(self) -> tuple[int, int]:
        return tuple(sum(row[s] for row in self.sheet) for s in (0, 1))

    @property
    def score_sheet(self) -> list[dict]:
        return [{"tricks": row, "total": row} for row in self.sheet]

    @property
    def players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 2 * HAND * self.rules.deals

    def start(self) -> State:
        if not self.deck0:
            return GameState.start(self)  # refuses: no recorded start
        return _rebase(type(self), new_game(seed=self.seed, deck=self.deck0, rules=self.rules))

    def observation(self, seat: int) -> dict:
        """What `seat` sees, as JSON:

        - `seat` — the seat asking; `to_move` — whose turn it is (None once the match is over);
        - `hand` — its own cards; `other_hand_size` — how many the other seat holds;
        - `trick` — the cards of the trick so far; `tricks` — tricks won this deal per seat;
        - `history` — every move so far; `deal_no` — the deal, from 0; `scores` — per seat.
        """
        return {"seat": seat, "to_move": self.to_move, "hand": [str(c) for c in self.hands[seat]],
                "trick": [str(c) for c in self.trick], "tricks": list(self.tricks),
                "history": [str(a) for a in self.history], "deal_no": self.deal_no,
                "other_hand_size": len(self.hands[1 - seat]), "scores": list(self.scores)}

    def _legal(self):
        return tuple(Action(c) for c in sorted(self.hands[self.to_move]))

    def _parse_action(self, text):
        try:
            return Action(Card.parse(text))
        except ValueError as err:
            raise IllegalMove(f"cannot read the move {text!r}: {err}", rule="unreadable",
                              params={"text": repr(text)}) from None

    def _why_illegal(self, action):
        if not isinstance(action, Action):
            raise IllegalMove(f"{action!r} is not a move of this game")
        return "not_in_hand", {"card": action.card.symbol}

    def _next(self, action):
        # `_evolve`, not `dataclasses.replace`: it keeps the finished deal's record
        # (`last_deal`) while the next deal is played.
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        state = self._evolve(hands=tuple(hands), trick=(*self.trick, action.card),
                             history=(*self.history, action))
        if len(state.trick) < 2:
            return state
        lead, answer = state.trick
        taker = self.leader if RANKS.index(lead.rank) >= RANKS.index(answer.rank) else seat
        tricks, won = list(state.tricks), list(state.won)
        tricks[taker] += 1
        won[taker] += state.trick
        state = state._evolve(trick=(), tricks=tuple(tricks), won=tuple(won), leader=taker)
        if state.hands[0] or state.hands[1]:
            return state
        ended = state._ending_deal()  # the deal's last position, kept for `last_deal`
        state = state._evolve(sheet=(*state.sheet, state.tricks), tricks=(0, 0), **ended)
        if state.to_move is None:
            return state
        return _deal(state, shuffled(DECK, self.seed, state.deal_no + 1), state.deal_no + 1)

    def _finished_deal(self, row) -> FinishedDeal:
        return FinishedDeal(number=self.deal_no + 1, index=len(self.sheet), dealer=self.dealer,
                            hands=self.hands, taken=self.won, tricks=self.tricks, table=(), table_to=None,
                            details={}, row=row, unplayed=self.aside)

    def to_json(self):
        data = {"seed": self.seed, "history": [str(a) for a in self.history],
                "rules": {"deals": self.rules.deals}, "deck": " ".join(map(str, self.deck0))}
        if not self.deck0:  # no recorded start: the position itself, checked card by card on reading
            data |= {"hands": [" ".join(map(str, h)) for h in self.hands],
                     "aside": " ".join(map(str, self.aside)),
                     "trick": " ".join(map(str, self.trick)), "tricks": list(self.tricks),
                     "won": [" ".join(map(str, w)) for w in self.won], "sheet": [list(r) for r in self.sheet],
                     "deal_no": self.deal_no, "leader": self.leader, "dealer": self.dealer}
        return save_json("toy", data)

    @classmethod
    def from_json(cls, text):
        r = SaveReader(text, "toy")
        deals = r.get("rules", dict).get("deals")
        if type(deals) is not int or deals < 1:
            raise ValueError("saved game: rules.deals must be a whole number, at least 1")
        if not r.get("deck", str):
            return _snapshot(r, Rules(deals=deals))
        state = new_game(seed=r.get("seed", int), deck=r.cards("deck"), rules=Rules(deals=deals))
        for move in r.get("history", list):
            try:
                state = state.apply(move)
            except ValueError as err:
                raise ValueError(f"saved game is corrupted: {err}") from None
        return state

    def __str__(self):
        return f"toy deal {self.deal_no}: {self.hands} trick {self.trick}"


State.GAME = sys.modules[__name__]

EXAMPLES = Examples(variants=(Rules(deals=1),), typos=("Q", "QH QS"), near_misses=("AS", "KS", "QS", "10H"),
                    golden=(GoldenCase("toy", seeds=range(2)),))


def _snapshot(r: SaveReader, rules: Rules) -> State:
    """A determinized position's save: its fields read back, every card of the deck once."""
    hands, won = r.get("hands", list), r.get("won", list)
    if len(hands) != 2 or len(won) != 2:
        raise ValueError("saved game: 'hands' and 'won' have one entry per seat")
    state = State(seed=r.get("seed", int), deal_no=r.integer("deal_no", 0, rules.deals),
                  leader=r.integer("leader", 0, 1),
                  hands=(r.cards("hands", hands[0]), r.cards("hands", hands[1])),
                  trick=r.cards("trick"), tricks=r.int_tuple("tricks", 2),
                  sheet=tuple(tuple(row) for row in r.get("sheet", list)),
                  history=tuple(Action(Card.parse(a)) for a in r.get("history", list)), deck0=(),
                  aside=r.cards("aside"), won=(r.cards("won", won[0]), r.cards("won", won[1])),
                  dealer=r.integer("dealer", 0, 1), rules=rules)
    held = (*state.hands[0], *state.hands[1], *state.aside, *state.trick, *state.won[0], *state.won[1])
    if sorted(held) != sorted(DECK):
        raise ValueError("saved game: its cards are not the toy's ten cards, each once")
    return state


def _deal(state: State, deck, deal_no: int) -> State:
    return state._evolve(deal_no=deal_no, hands=(deck[0:HAND], deck[HAND:2 * HAND]),
                         aside=tuple(deck[2 * HAND:]), won=((), ()), dealer=1 - state.leader)


def new_game(*, players=None, seed=None, deck=None, rules=Rules(), dealer=None) -> State:
    if players not in (None, 2):
        raise ValueError("the toy game is for 2 players")
    seed = fresh_seed() if seed is None else seed
    cards = shuffled(DECK, seed, 0) if deck is None else stacked_deck(deck, DECK, "toy")
    blank = State(seed=seed, deal_no=0, leader=0, hands=((), ()), trick=(), tricks=(0, 0),
                  sheet=(), history=(), deck0=cards, rules=rules)
    return _deal(blank, cards, 0)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    obs = state.observation(seat)
    played = {Card.parse(a) for a in obs["history"][obs["deal_no"] * 2 * HAND:]}
    unseen = sorted(c for c in DECK if c not in played and str(c) not in obs["hand"])
    rng.shuffle(unseen)
    hands = [(), ()]
    hands[seat] = parse_cards(obs["hand"])
    aside = tuple(sorted(unseen[obs["other_hand_size"]:]))
    hands[1 - seat] = tuple(sorted(unseen[:obs["other_hand_size"]]))
    # No recorded start any more (deck0 empty: a save of it is a snapshot), and no finished
    # deal (`dataclasses.replace` keeps no `last_deal`): what a real game's determinize gives.
    return dataclasses.replace(state, hands=tuple(hands), aside=aside, seed=fresh_seed(rng), deck0=())


def hidden_cards(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` cannot see: the other hand and the cards aside."""
    return tuple(sorted(state.hands[1 - seat] + state.aside))


class ToySearch(SearchBot):
    """The generic search bot, random play in its simulations (the toy has no thumb)."""

    iterations = 24


BOTS = {"random": RandomBot, "search": ToySearch}


# -- view description -------------------------------------------------------------------

def describe(state: State, action, lang: str = "is", viewer: int | None = None, who=None) -> str:
    card = state._parse_action(action).card if isinstance(action, str) else action.card
    return ("spilar " if lang == "is" else "plays ") + card.symbol


def explain(state: State, action, lang: str = "is") -> str:
    if not state.trick:
        return "slær út" if lang == "is" else "leads"
    lead = state.trick[0]
    wins = RANKS.index(action.card.rank) > RANKS.index(lead.rank)
    return {("is", True): "tekur slaginn", ("is", False): "gefur slaginn",
            ("en", True): "takes the trick", ("en", False): "gives the trick away"}[lang, wins]


def action_cards(state: State, action) -> tuple:
    return (("hand", action.card),)


def quiet(state: State, action) -> bool:
    return False  # every card is a real decision


def layout(state: State, seat: int, lang: str = "is", who=None) -> dict:
    other = 1 - seat
    label = {"is": "Slagur", "en": "Trick"}[lang]
    plays = [{"card": str(c), "seat": (state.leader + i) % 2} for i, c in enumerate(state.trick)]
    return {"title": f"{NAME[lang]} — {state.deal_no + 1}",
            "info": f"{state.tricks[seat]}", "hand": [str(c) for c in sorted(state.hands[seat])],
            "scores": list(state.scores),
            "opponents": [{"seat": other, "hand_size": len(state.hands[other]),
                           "info": f"{state.tricks[other]}"}],
            "zones": [{"name": "trick", "label": label, "owner": None, "target": False, "cards": plays}]}


# ---------------------------------------------------------------------------------------
# Deliberately broken variants, one contract point each.

def command(state: State, action, lang: str = "is", who=None) -> str:
    return describe(state, action, lang)


def deal_result(before: State, after: State, lang: str, who) -> str:
    leader = max(range(after.players), key=lambda s: after.scores[s])
    return f"{who(leader)} leads"


def broken(kind: str):
    """A module-like namespace whose game breaks the contract in one way."""
    import types

    module = sys.modules[__name__]
    ns = types.SimpleNamespace(**{k: v for k, v in vars(module).items() if not k.startswith("_")})
    ns.__name__ = f"toy-broken-{kind}"

    if kind == "leaky_observation":
        class Leaky(State):
            def observation(self, seat):
                obs = State.observation(self, seat)
                obs["other_hand"] = [str(c) for c in self.hands[1 - seat]]
                return obs
        ns.new_game = _rebased(Leaky)
    elif kind == "duplicate_actions":
        class Dup(State):
            def _legal(self):
                actions = State._legal(self)
                return actions + actions[:1]
        ns.new_game = _rebased(Dup)
    elif kind == "global_random":
        def new_game_global(*, players=None, seed=None, deck=None, rules=Rules(), dealer=None):
            return new_game(seed=random.getrandbits(32), deck=deck)
        ns.new_game = new_game_global
    elif kind == "raw_error":
        class Raw(State):
            def _parse_action(self, text):
                return Action(Card(text[:-1], text[-1]))  # lets Card's own errors through
        ns.new_game = _rebased(Raw)
    elif kind == "lossy_json":
        class Lossy(State):
            def to_json(self):
                data = json.loads(State.to_json(self))
                data["history"] = data["history"][:-1]
                return json.dumps(data)

            @classmethod
            def from_json(cls, text):
                return _rebase(Lossy, State.from_json(text))
        ns.new_game = _rebased(Lossy)
        ns.State = Lossy
    elif kind == "no_redeal":
        def lazy_determinize(state, seat, rng):
            return dataclasses.replace(state, seed=fresh_seed(rng))  # the true hands stay
        ns.determinize = lazy_determinize
    elif kind == "foreign_history":
        class Foreign(State):
            def _next(self, action):
                after = State._next(self, action)
                return dataclasses.replace(after, history=(*after.history[:-1], str(action)))
        ns.new_game = _rebased(Foreign)
    elif kind == "leaky_describe":
        def leaky_describe(state, action, lang="is", viewer=None):
            other = " ".join(c.symbol for c in state.hands[state.to_move] if c != action.card)
            return f"{describe(state, action, lang, viewer)} ({other})"
        ns.describe = leaky_describe
    elif kind == "unclickable":
        ns.action_cards = lambda state, action: (("trick", action.card),)
    elif kind == "bad_teams":
        class Lonely(State):
            @property
            def teams(self):
                return ((0,),)
        ns.new_game = _rebased(Lonely)
    elif kind == "lost_cards":
        class Lost(State):
            def _finished_deal(self, row):
                return dataclasses.replace(State._finished_deal(self, row), unplayed=())  # the aside cards
        ns.new_game = _rebased(Lost)
    elif kind == "english_typo":
        class English(State):
            def _parse_action(self, text):
                try:
                    return Action(Card.parse(text))
                except ValueError as err:
                    raise IllegalMove(f"cannot read the move {text!r}: {err}") from None  # no rule
        ns.new_game = _rebased(English)
    elif kind == "lossy_snapshot":
        class Snap(State):
            @classmethod
            def from_json(cls, text):
                again = State.from_json(text)
                return _rebase(Snap, dataclasses.replace(again, dealer=1 - again.dealer))  # misread
        ns.new_game = _rebased(Snap)
        ns.State = Snap
    elif kind == "unexplained_observation":
        class Unexplained(State):
            def observation(self, seat):
                return {**State.observation(self, seat), "secret_key": 1}
        ns.new_game = _rebased(Unexplained)
        ns.State = Unexplained
    else:
        raise ValueError(kind)
    return ns


def _rebase(cls, state: State) -> State:
    return cls(**{f.name: getattr(state, f.name) for f in dataclasses.fields(State)})


def _rebased(cls):
    def make(**kwargs):
        return _rebase(cls, new_game(**kwargs))
    return make


def sheet_row(row, lang: str, who):
    return dict(row)  # numbers only: nothing to put into words
