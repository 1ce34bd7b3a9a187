"""The contract between a game and the generic code (bots, table, drawings, lessons,
benchmarks), as types a checker can follow.  `docs/API.md` says the same in prose.

- `GameInfo` — a game's facts, declared once as data (like OpenSpiel's `GameType` and
  `GameInfo`): names, seats, partnerships, which way the score counts, its bots' strongest
  level and which optional parts it has.  Each game module has one as `INFO`.
- `GameModule` — what a game module (`cardlearn.games.kasina`, ...) provides.
- `State` — what every game state provides (`cardlearn.core.GameState` implements the
  shared part; each game's `State` the rest).
- `FinishedDeal` — a finished deal's final position, as `state.last_deal` gives it.
- `Examples`, `GoldenCase` — the test data a game declares beside it (`examples.py`).
- `Layout`, `Zone`, `Opponent`, `EntryDict` — the view description a game's `layout()`
  returns for the table and the pictures.
- `Bot`, `BotClass` — a computer player and how it is made.

Nothing here runs at play time: the module only names types, so importing it is cheap.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, NotRequired, Protocol, TypedDict, TypeVar

from cardlearn.cards import Card

Lang = Literal["is", "en"]
Words = Mapping[str, str]  # one language's texts, e.g. RULE_WORDS["en"]
Token = tuple[str, Card | None]  # what a player clicks: (zone name or "hand", card or None)
class ScoreRow(TypedDict):
    """A row of `state.score_sheet`, as every game gives it: `total`, the deal's part of
    `state.scores`, per team.  Each game's own row type (`kasina.Row`, `kozel.Row`, ...)
    adds its scoring categories and the deal's facts, typed, so a game's own code reads them
    checked and generic code reads only `total` (or goes through the game's `sheet_row`)."""

    total: Sequence[int]


ShownRow = dict[str, object]  # a row as the pupil reads it (`sheet_row`): names and numbers

S = TypeVar("S")  # a game's state class (`kasina.State`)
A = TypeVar("A")  # a game's action type (`kasina.Action`)
A_in = TypeVar("A_in", contravariant=True)  # the same, where a module only takes actions in
R_in = TypeVar("R_in", contravariant=True)  # a game's score-sheet row type (`kasina.SheetRow`), taken in


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
    ("{n}. spil", "Deal {n}"): the table's scoreboard, headings and panels use them.

    The rest says what the game has beyond its package, each found by the game's name
    (docs/adding-a-game.md; tests/test_registry.py checks that they tell the truth):
    `notebook` is the course notebook's file stem ("01-kasina": `notebooks/01-kasina.ipynb`
    and its Icelandic twin `notebooks/is/01-kasina.ipynb`); `page` is the title of the
    classroom page `pages/<game>.ipynb` on the pages' index and the site ("Geit (Kozel)");
    `lab` says there are lab questions in `cardlearn/lab/<game>.py`, and `handout` a
    printable handout in `cardlearn/handouts/<game>.py`.  None or False: the game has none."""

    name: Mapping[str, str]  # {"is": ..., "en": ...}
    players: tuple[int, int]
    partnerships: bool
    score_sign: Literal[1, -1]
    phases: tuple[str, ...]
    strongest_bot: str = "search"
    has_deal_estimate: bool = False
    score_unit: Mapping[str, str] = field(default_factory=lambda: {"is": "stig", "en": "points"})
    deal_word: Mapping[str, str] = field(default_factory=lambda: {"is": "{n}. spil", "en": "Deal {n}"})
    notebook: str | None = None
    page: str | None = None
    lab: bool = False
    handout: bool = False

    def __post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"a game's seats are (fewest, most), not {self.players}")
        if "over" not in self.phases:
            raise ValueError("a game's phases include 'over', the phase of a finished match")
        stem = self.notebook
        if stem is not None and not (stem[:2].isdigit() and stem[2:3] == "-" and stem[3:].isidentifier()):
            raise ValueError(f"a game's notebook is named by its file stem, as '01-kasina', not {stem!r}")
        if self.page is not None and not self.page.strip():
            raise ValueError("a game's page has a title (or is None: no page)")


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
    label_only: NotRequired[bool]  # no cards ever: its label says it all (Lomber's trump), not "empty"


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


@dataclass(frozen=True)
class FinishedDeal:
    """A finished deal's final position, the same shape in every game: `state.last_deal`.

    When a deal's last move is applied the engine scores it and, unless the match is over,
    deals the next one at once, so the state no longer shows how the deal ended; this
    record keeps it, as the all-seeing narrator saw it after the last move.

    - `number` — the deal's number as texts write it, from 1 ("deal 1"; in Kínaskák the
      round, 1–8); `index` — its row in `state.score_sheet` (`number - 1`).
    - `dealer` — the seat that dealt it.
    - `hands` — per seat, the cards still held at the end (empty where every card is
      played, as in Kasína and Kozel; Kínaskák's hands scored as penalties; Lomber's after a
      concession, an early end of a nolo or a deal that all passed).
    - `taken` — per team (`state.teams`), the cards it won: Kasína's piles as counted (the
      leftover `table` cards included in `taken[table_to]`), Kozel's trick piles (face-down
      discards included), Lomber's tricks; empty in Kínaskák, which takes no tricks.
    - `tricks` — per team, the tricks won (Kozel, Lomber); `None` in a game without tricks.
    - `table` — the face-up cards left lying when the last move was made: Kasína's table
      cards at the hand's end, Kínaskák's discard pile (bottom first); empty in Kozel and
      Lomber.  `table_to` — the seat that got them (Kasína's last capturer), else `None`.
    - `unplayed` — every other card the deal had, in no hand, pile or `table`: the stock
      or talon never drawn (Kínaskák's stock, Lomber's talon left), cards laid aside
      (Lomber's exchanged discards) and Kínaskák's melded cards; empty in Kasína and Kozel.
      With `hands`, `taken` and `table` it holds the deal's deck exactly once (`cards`),
      so a generic check needs no branch per game (it repeats cards `details` names).
    - `details` — the game's own facts, by name (each game's `State` docstring lists them):
      Kasína's `sweeps`; Kozel's `trump_card`, `face_down` and `last_trick`; Lomber's
      `contract`, `declarer`, `trump`, `talon`, `discards` and `played`; Kínaskák's
      `melds`, `went_out` and `stock`.
    - `row` — the deal's row of the score sheet (`state.score_sheet[index]`).

    `str(record)` is a short text of it in English.  Read-only: a record is never changed,
    and the next finished deal gives a new one.
    """

    number: int
    index: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    taken: tuple[tuple[Card, ...], ...]
    tricks: tuple[int, ...] | None
    table: tuple[Card, ...]
    table_to: int | None
    details: Mapping[str, Any]
    row: ScoreRow
    # Last, and not in `str` or `as_json`: `details` already shows these cards in the game's
    # own terms, and the texts recorded from a finished deal stay as they were.
    unplayed: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deal's deck, each once: the hands, the piles taken, the table
        unless someone took it (then it is in `taken` already), and `unplayed`."""
        return (*(c for h in self.hands for c in h), *(c for t in self.taken for c in t),
                *(self.table if self.table_to is None else ()), *self.unplayed)

    def __str__(self) -> str:
        teams = "seat" if len(self.taken) == len(self.hands) else "team"
        lines = [f"Deal {self.number} (score sheet row {self.index}), dealt by seat {self.dealer}"]
        lines += [f"  seat {s} holds: {_shown(h)}" for s, h in enumerate(self.hands)]
        for t, won in enumerate(self.taken if any(self.taken) or self.tricks else ()):
            tricks = "" if self.tricks is None else f" in {self.tricks[t]} trick{'s' * (self.tricks[t] != 1)}"
            lines.append(f"  {teams} {t} took{tricks}: {_shown(won)}")
        if self.table:
            to = "" if self.table_to is None else f" (taken by seat {self.table_to})"
            lines.append(f"  left on the table{to}: {_shown(self.table)}")
        lines += [f"  {key}: {_shown(value)}" for key, value in self.details.items()]
        lines.append(f"  score sheet row: {_shown(self.row)}")
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        """The record as JSON-ready values: cards as their canonical strings ("AS", "10D"),
        tuples as lists, named tuples (a Kínaskák meld) as dicts."""
        return {f: _plain(getattr(self, f)) for f in (
            "number", "index", "dealer", "hands", "taken", "tricks", "table", "table_to", "details", "row")}


def _shown(value: Any) -> str:
    """A value of a `FinishedDeal` in short words: cards as symbols, a row of cards spaced."""
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        return f"{type(value).__name__}(" + ", ".join(
            f"{k}={_shown(v)}" for k, v in zip(value._fields, value)) + ")"
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, Card) for v in value):
            return " ".join(v.symbol for v in value)
        return "(" + ", ".join(map(_shown, value)) + ")" if value else "-"
    return str(value)


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {k: _plain(v) for k, v in zip(value._fields, value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class GoldenCase:
    """Seeded random matches whose digests `tests/golden/speed.json` keeps under `label`:
    `players` seats (None: the game's default), `Rules(**options)`, one match per seed."""

    label: str
    players: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    seeds: range = range(1)


@dataclass(frozen=True)
class Examples:
    """What the shared tests need to know of a game beyond its API, declared beside the
    game (`cardlearn/games/<game>/examples.py`, as `EXAMPLES`), so that no generic test
    keeps a table or a branch per game.

    - `variants` — a few non-default `Rules`, so the contract is checked off the default
      path too (`tests/test_conformance.py`).
    - `typos` — texts that are no move of the game at all: each is refused with the rule
      `unreadable` (`tests/conformance.py`, `check_unreadable`).
    - `near_misses` — well-formed moves of the game's notation, at least one of them
      illegal at the start of `new_game(seed=7)`: refused with the rule's own words.
    - `golden` — the seeded random matches digested in `tests/golden/speed.json`.
    """

    variants: tuple[Any, ...]
    typos: tuple[str, ...]
    near_misses: tuple[str, ...]
    golden: tuple[GoldenCase, ...]

    def __post_init__(self) -> None:
        if not (self.variants and self.typos and self.near_misses and self.golden):
            raise ValueError("a game's examples need variants, typos, near misses and golden cases")


class State(Protocol[A]):
    """An immutable game position whose moves are `A`s.  `apply` returns a new one;
    nothing changes this one."""

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
    def deal_number(self) -> int: ...
    @property
    def last_deal(self) -> FinishedDeal | None: ...
    @property
    def last_deal_position(self) -> State[A] | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def scores(self) -> tuple[Any, ...]: ...
    @property
    def score_sheet(self) -> Sequence[ScoreRow]: ...
    @property
    def history(self) -> tuple[A, ...]: ...
    @property
    def rules(self) -> Any: ...

    def legal_actions(self) -> list[A]: ...
    def check(self, action: A | str) -> A: ...
    def apply(self, action: A | str) -> State[A]: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def observation_digest(self, seat: int) -> str: ...
    def start(self) -> State[A]: ...
    def to_json(self) -> str: ...


class Bot(Protocol):
    """A computer player: `choose` returns one of `state.legal_actions()`, reading only
    what `seat` may see (its observation, the legal moves and `determinize`)."""

    @property
    def label(self) -> Mapping[str, str]: ...

    def choose(self, state: Any, seat: int) -> Any: ...


BotClass = Callable[..., Bot]  # built as `cls(seed=...)`


class GameModule(Protocol[S, A_in, R_in]):
    """What a game module provides, generic in its state class, its action type and its
    score-sheet row type (`GameModule[kasina.State, kasina.Action, kasina.SheetRow]`:
    `cardlearn.games` checks each game so).
    Code that serves any game takes an `AnyGame`; `cardlearn.games.GAMES` holds them."""

    # Read-only properties, so that a module's plain dicts satisfy the Mapping types.
    @property
    def INFO(self) -> GameInfo: ...
    @property
    def EXAMPLES(self) -> Examples: ...
    @property
    def NAME(self) -> Mapping[str, str]: ...
    @property
    def PLAYERS(self) -> tuple[int, int]: ...
    @property
    def RULE_WORDS(self) -> Mapping[str, Mapping[str, str]]: ...
    @property
    def RULE_TEACH(self) -> Mapping[str, Mapping[str, str]]: ...
    @property
    def SHEET_NAMES(self) -> Mapping[str, Mapping[str, str]]: ...
    @property
    def BOTS(self) -> Mapping[str, BotClass]: ...
    @property
    def Rules(self) -> Callable[..., Any]: ...
    @property
    def State(self) -> type[S]: ...

    def new_game(self, *, players: int | None = ..., seed: int | None = ...,
                 deck: str | Sequence[Card] | None = ..., rules: Any = ...,
                 dealer: int | None = ...) -> S: ...
    def hidden_cards(self, state: S, seat: int) -> tuple[Card, ...]: ...
    def determinize(self, state: S, seat: int, rng: random.Random) -> S: ...
    def describe(self, state: S, action: A_in, lang: str = ..., viewer: int | None = ...,
                 who: Callable[[int], str] | None = ...) -> str: ...
    def command(self, state: S, action: A_in, lang: str = ...,
                who: Callable[[int], str] | None = ...) -> str: ...
    def explain(self, state: S, action: A_in, lang: str = ...) -> str: ...
    def action_cards(self, state: S, action: A_in) -> tuple[Token, ...]: ...
    def quiet(self, state: S, action: A_in) -> bool: ...
    def layout(self, state: S, seat: int, lang: str = ...,
               who: Callable[[int], str] | None = ...) -> Layout: ...
    def deal_result(self, before: S, after: S, lang: str, who: Callable[[int], str]) -> str: ...
    def sheet_row(self, row: R_in, lang: str, who: Callable[[int], str]) -> ShownRow: ...


AnyGame = GameModule[Any, Any, Any]  # any game module, as the generic table, rooms and bots take one
AnyState = State[Any]  # any game's position, likewise
