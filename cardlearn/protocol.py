"""The contract between a game and the generic code (bots, table, drawings, lessons,
benchmarks), as types a checker can follow.  `docs/API.md` says the same in prose.

- `GameInfo` — a game's facts, declared once as data (like OpenSpiel's `GameType` and
  `GameInfo`): names, seats, partnerships, which way the score counts, its bots' strongest
  level and which optional parts it has.  Each game module has one as `INFO`.
- `GameModule` — what a game module (`cardlearn.games.kasina`, ...) provides.
- `State` — what every game state provides (`cardlearn.core.GameState` implements the
  shared part; each game's `State` the rest).
- `Layout`, `Zone`, `Opponent`, `EntryDict` — the view description a game's `layout()`
  returns for the table and the pictures.
- `Bot`, `BotClass` — a computer player and how it is made.

Nothing here runs at play time: the module only names types, so importing it is cheap.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, NotRequired, Protocol, TypedDict

from cardlearn.cards import Card

Lang = Literal["is", "en"]
Words = Mapping[str, str]  # one language's texts, e.g. RULE_WORDS["en"]
Token = tuple[str, Card | None]  # what a player clicks: (zone name or "hand", card or None)
ScoreRow = dict[str, Any]  # a score sheet row: scoring category -> per-team values, and "total"


@dataclass(frozen=True)
class GameInfo:
    """A game's facts, stated once.

    `players` is `(fewest, most)` seats.  `partnerships` says whether seats play in
    teams (then `state.teams` groups them; otherwise every seat is its own team).
    `score_sign` is +1 where a higher score is better (points, payments) and -1 where lower
    is better (loss points, penalties).  `phases` are the values `state.phase` takes.
    `strongest_bot` is the level in `BOTS` the tables use by default.  `has_deal_estimate`
    says whether the module gives `deal_estimate(state)` (a search bot may then cut its
    simulations short).  `score_unit` names what the score counts, per language ("tapstig",
    "loss points"), and `deal_word` the game's own word for one deal with its number
    ("{n}. spil", "Deal {n}"): the table's scoreboard, headings and panels use them."""

    name: Mapping[str, str]  # {"is": ..., "en": ...}
    players: tuple[int, int]
    partnerships: bool
    score_sign: Literal[1, -1]
    phases: tuple[str, ...]
    strongest_bot: str = "search"
    has_deal_estimate: bool = False
    score_unit: Mapping[str, str] = field(default_factory=lambda: {"is": "stig", "en": "points"})
    deal_word: Mapping[str, str] = field(default_factory=lambda: {"is": "{n}. spil", "en": "Deal {n}"})

    def __post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"a game's seats are (fewest, most), not {self.players}")
        if "over" not in self.phases:
            raise ValueError("a game's phases include 'over', the phase of a finished match")


class EntryDict(TypedDict):
    """A card in a zone, with who put it there and a note; `card` None is a face-down card."""

    card: str | None
    seat: NotRequired[int]
    note: NotRequired[str]


Entry = str | EntryDict  # a canonical card string is a face-up card


class Zone(TypedDict):
    """A place on the table: face-up `cards`, or a face-down stack of `backs`."""

    name: str
    label: str
    owner: NotRequired[int | None]  # a seat: the zone is drawn by that seat
    target: NotRequired[bool]  # the zone itself is clickable, as the token (name, None)
    cards: NotRequired[list[Entry]]
    backs: NotRequired[int]
    stack: NotRequired[bool]  # drawn as a pile: its last card on top with a count, opened on a click


class Opponent(TypedDict):
    seat: int
    hand_size: int
    info: str


class Layout(TypedDict):
    """What one seat sees, arranged for drawing (a game's `layout(state, seat, lang)`)."""

    title: str
    info: str
    hand: list[Entry]
    scores: list[Any]
    opponents: list[Opponent]
    zones: list[Zone]
    prompt: NotRequired[str]


class State(Protocol):
    """An immutable game position.  `apply` returns a new one; nothing changes this one."""

    GAME: ClassVar[Any]  # the game module (a `GameModule`; `Any` because a class cannot name it)

    @property
    def SCORE_SIGN(self) -> int: ...  # +1 or -1, as the game's INFO.score_sign

    @property
    def to_move(self) -> int | None: ...
    @property
    def players(self) -> int: ...
    @property
    def teams(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def phase(self) -> str: ...
    @property
    def max_game_length(self) -> int | None: ...
    @property
    def deals_done(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def scores(self) -> tuple[Any, ...]: ...
    @property
    def score_sheet(self) -> list[ScoreRow]: ...
    @property
    def history(self) -> tuple[Any, ...]: ...
    @property
    def rules(self) -> Any: ...

    def legal_actions(self) -> list[Any]: ...
    def apply(self, action: Any) -> State: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def observation_digest(self, seat: int) -> str: ...
    def start(self) -> State: ...
    def to_json(self) -> str: ...


class Bot(Protocol):
    """A computer player: `choose` returns one of `state.legal_actions()`, reading only
    what `seat` may see (its observation, the legal moves and `determinize`)."""

    @property
    def label(self) -> Mapping[str, str]: ...

    def choose(self, state: Any, seat: int) -> Any: ...


BotClass = Callable[..., Bot]  # built as `cls(seed=...)`


class GameModule(Protocol):
    """What a game module provides; `cardlearn.games.GAMES` holds four of them."""

    # Read-only properties, so that a module's plain dicts satisfy the Mapping types.
    @property
    def INFO(self) -> GameInfo: ...
    @property
    def NAME(self) -> Mapping[str, str]: ...
    @property
    def PLAYERS(self) -> tuple[int, int]: ...
    @property
    def RULE_WORDS(self) -> Mapping[str, Mapping[str, str]]: ...
    @property
    def SHEET_NAMES(self) -> Mapping[str, Mapping[str, str]]: ...
    @property
    def BOTS(self) -> Mapping[str, BotClass]: ...
    @property
    def Rules(self) -> Callable[..., Any]: ...
    @property
    def State(self) -> Any: ...

    def new_game(self, *, players: int | None = ..., seed: int | None = ..., deck: Any = ...,
                 rules: Any = ..., dealer: int | None = ...) -> Any: ...
    def hidden_cards(self, state: Any, seat: int) -> tuple[Card, ...]: ...
    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any: ...
    def describe(self, state: Any, action: Any, lang: str = ..., viewer: int | None = ...,
                 who: Callable[[int], str] | None = ...) -> str: ...
    def command(self, state: Any, action: Any, lang: str = ...) -> str: ...
    def explain(self, state: Any, action: Any, lang: str = ...) -> str: ...
    def action_cards(self, state: Any, action: Any) -> tuple[Token, ...]: ...
    def quiet(self, state: Any, action: Any) -> bool: ...
    def layout(self, state: Any, seat: int, lang: str = ...,
               who: Callable[[int], str] | None = ...) -> Layout: ...
    def deal_result(self, before: Any, after: Any, lang: str, who: Callable[[int], str]) -> str: ...
