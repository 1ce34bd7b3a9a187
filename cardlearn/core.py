"""What every game module shares: the error type, seeded shuffles, stacked-deck checks,
saved-game (JSON) helpers and a small base class for game states.

No game logic lives here.  A game's `State` subclasses `GameState` and supplies
`_legal()` (its legal actions as a tuple), `_parse_action(text)`, `_why_illegal(action)`
and `_next(action)` (abstract methods: a game that forgets one cannot make a state); the
base class turns those into the public `legal_actions()`, `check()` and `apply()`, so
every game rejects bad moves the same way.  The whole state contract is
`cardlearn.protocol.State`, described in `docs/API.md`.

A deal's end is kept once, here, for every game: the game's scoring step merges
`self._ending_deal()` into the changes of the state that scores the deal, and writes the
hook `_finished_deal(row)`, which turns that last position into a
`cardlearn.protocol.FinishedDeal`; `state.last_deal` gives it from then on.
"""

from __future__ import annotations

import abc
import dataclasses
import functools
import json
import operator
import os
import random
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, overload

from cardlearn.cards import RANKS, Card, card_reason, parse_cards
from cardlearn.protocol import FinishedDeal, ScoreRow, ShownRow

__all__ = [
    "CHECK_DERIVED",
    "DEAL_END",
    "VIEW_NAMES",
    "GameState",
    "IllegalMove",
    "SaveReader",
    "check_ready",
    "check_rule_types",
    "derived",
    "fresh_seed",
    "match_over",
    "message_language",
    "row_as_it_is",
    "rules_from_dict",
    "rules_to_dict",
    "save_json",
    "set_language",
    "shuffled",
    "stacked_deck",
    "start_options",
    "unreadable",
    "unreadable_words",
]


# What every game's `view.py` gives (`cardlearn.protocol.GameModule` asks for them, and the
# game's package re-exports them): its words, pictures and the sentences of its moves.
def row_as_it_is(row: ScoreRow, lang: str, who: Callable[[int], str]) -> ShownRow:
    """A game's `sheet_row` where every value of its rows is already a number (or a yes/no
    flag the table words): the pupil reads the row as it is, in any language."""
    return dict(row)


VIEW_NAMES = ("RULE_WORDS", "SHEET_NAMES", "action_cards", "command", "deal_result", "describe",
              "explain", "layout", "quiet", "sheet_row", "text_picture")


# The language a refused move's `str()` speaks: "en" until a notebook or a table sets
# another (`set_language`; an Icelandic notebook's `SAY.speaker("is")` and a table's
# language button do).  One per process: a kernel is one notebook.
_LANGUAGE = ["en"]


def set_language(lang: str) -> None:
    """Make `str(IllegalMove)` speak `lang` ("en" or "is") from now on, where the game has
    words for the rule broken (its `RULE_WORDS[lang]`)."""
    if lang not in ("en", "is"):
        raise ValueError(f"a refusal speaks 'en' or 'is', not {lang!r}")
    _LANGUAGE[0] = lang


def message_language() -> str:
    """The language `str(IllegalMove)` speaks now (`set_language`)."""
    return _LANGUAGE[0]


class IllegalMove(ValueError):
    """A move the rules forbid; the message names the rule.  `rule` and `params`, where
    a game gives them, let the table say the same in another language (the game's
    `RULE_WORDS[lang][rule]`, formatted with `params`).  A position's `check` and `apply`
    give the error its game's `words` (`RULE_WORDS`), so that `str(err)` speaks the
    language set (`set_language`) and names only what that game has."""

    def __init__(self, message: str, *, rule: str | None = None, params: dict[str, str] | None = None,
                 words: Mapping[str, Mapping[str, str]] | None = None):
        super().__init__(message)
        self.rule, self.params = rule, params or {}
        self.words = words

    def say(self, words: Mapping[str, str]) -> str:
        """The message in the language of `words` (a game's `RULE_WORDS[lang]`)."""
        if self.rule is None or self.rule not in words:
            return ValueError.__str__(self)
        return words[self.rule].format(**self.params)

    def __str__(self) -> str:
        return self.say((self.words or {}).get(message_language(), {}))


_OVER = {"en": {"match_over": "the match is over: no more moves"},
         "is": {"match_over": "leiknum er lokið: ekki verður leikið meira"}}


def match_over() -> IllegalMove:
    """The refusal of any move once the match is over, in every game."""
    return IllegalMove(_OVER["en"]["match_over"], rule="match_over", words=_OVER)


# A move the game cannot read (the rule `unreadable`, in every game): the game's own
# notation, or, when the engine names the card it could not read (the value `typed`), why
# that is no card of the game's deck, in words made for that deck alone (`card_reason`).
_UNREADABLE = {"en": "cannot read the move {text}: ", "is": "ekki tókst að lesa leikinn {text}: "}


class UnreadableText(str):
    """A game's `RULE_WORDS[lang]["unreadable"]`: as a `str`, the head and the game's
    notation; its `format` puts the card's own reason in the notation's place when the
    engine gave one (`typed`)."""

    lang: str
    notation: str
    ranks: tuple[str, ...]
    jokers: bool

    def __new__(cls, lang: str, notation: str, ranks: Sequence[str], jokers: bool) -> UnreadableText:
        made = super().__new__(cls, _UNREADABLE[lang] + notation)
        made.lang, made.notation, made.ranks, made.jokers = lang, notation, tuple(ranks), jokers
        return made

    def format(self, *args: object, **params: object) -> str:
        typed = str(params.get("typed") or "")
        tail = card_reason(typed, self.lang, self.ranks, self.jokers) if typed else self.notation
        return _UNREADABLE[self.lang].format(text=params.get("text", "")) + tail


def unreadable_words(notation: Mapping[str, str], ranks: Sequence[str] = RANKS,
                     jokers: bool = False) -> dict[str, str]:
    """A game's rule `unreadable` in each language of `notation` (how the game's moves are
    written), for a deck of these `ranks` (and jokers, if it has them)."""
    return {lang: UnreadableText(lang, text, ranks, jokers) for lang, text in notation.items()}


def unreadable(text: object, notation: str, typed: str = "", ranks: Sequence[str] = RANKS,
               jokers: bool = False) -> IllegalMove:
    """The refusal of `text`, which the game cannot read: the rule `unreadable`, its English
    message the game's `notation`, or why `typed` (the card in it that could not be read) is
    no card of the game's deck."""
    params = {"text": repr(text), **({"typed": typed} if typed else {})}
    said = UnreadableText("en", notation, ranks, jokers).format(**params)
    return IllegalMove(said, rule="unreadable", params=params)


def shuffled(cards: Sequence[Card], seed: int, *salt: object) -> tuple[Card, ...]:
    """The cards shuffled by a generator seeded from `seed` and `salt` alone.

    Sorting first makes the result depend on the multiset only, and a string seed is
    hashed with SHA-512 by `random`, so it is the same on every machine and run.
    """
    rng = random.Random(":".join(map(str, (seed, *salt))))
    deck = sorted(cards, key=_card_key)  # as `sorted(cards)`, without a Python-level __lt__
    shuffle_in_place(deck, rng)
    return tuple(deck)


_card_key = operator.attrgetter("key")


def shuffle_in_place(items: list[Any], rng: random.Random) -> None:
    """`rng.shuffle(items)`, the very same permutation from the same generator, written out
    (CPython's `Random.shuffle` with its `_randbelow_with_getrandbits`): a deal's shuffle
    is two Python calls per card there, a good share of a short deal's time.
    tests/test_speed_golden.py checks it against `rng.shuffle` itself."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        items[i], items[r] = items[r], items[i]


def fresh_seed(rng: random.Random | None = None) -> int:
    """A new 63-bit seed, from `rng` or else from the operating system."""
    return (rng or random.SystemRandom()).getrandbits(63)


def start_options(game: str, rules: object, rules_class: type, dealer: object, seed: object,
                  seats: int) -> tuple[int, int]:
    """The checks every `new_game` makes, in one place: the game's own `Rules`, a dealer
    that is a seat (a whole number: JSON's `true` is not seat 1) and a whole-number seed.
    Gives `(dealer, seed)` with the defaults filled in: the last seat deals, so seat 0 acts
    first; a fresh seed from the operating system."""
    if not isinstance(rules, rules_class):
        raise ValueError(f"rules must be a {game} Rules, not {rules!r}")
    dealer = seats - 1 if dealer is None else dealer
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise ValueError(f"the dealer is a seat from 0 to {seats - 1}, not {dealer!r}")
    seed = fresh_seed() if seed is None else seed
    if type(seed) is not int:
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return dealer, seed


def stacked_deck(deck: str | Iterable[Card | str], expected: Sequence[Card], game: str) -> tuple[Card, ...]:
    """Check that a stacked deck holds exactly `expected` (as a multiset)."""
    try:
        cards = parse_cards(deck)
    except ValueError as err:
        raise ValueError(f"stacked deck for {game}: {err}") from None
    have, want = Counter(cards), Counter(expected)
    if have != want:
        missing = sorted((want - have).elements())
        extra = sorted((have - want).elements())
        parts = [f"{len(cards)} cards given, {len(expected)} needed"]
        if missing:
            parts.append("missing " + " ".join(map(str, missing[:12])))
        if extra:
            parts.append("not in this deck or too many " + " ".join(map(str, extra[:12])))
        raise ValueError(f"a stacked deck for {game} must be its own deck exactly: " + "; ".join(parts))
    return cards


def rules_to_dict(rules: Any) -> dict[str, Any]:
    # Rules hold only immutable values (numbers, words, tuples), so a shallow dict equals
    # `dataclasses.asdict`, at a tenth of the cost: observations include the rules, and a
    # search bot builds tens of thousands of observations per move.
    kind: type = type(rules)
    return {name: getattr(rules, name) for name in _field_names(kind)}


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def rules_from_dict(cls: type, data: Any) -> Any:
    """Build a `Rules` dataclass from saved data, naming any unknown or bad option."""
    if not isinstance(data, dict):
        raise ValueError("saved game: 'rules' must be an object of variant options")
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise ValueError(f"saved game: unknown rule option(s) {', '.join(unknown)}")
    try:
        return cls(**data)
    except ValueError as err:
        raise ValueError(f"saved game: {err}") from None


def _fits(value: Any, kind: Any) -> bool:
    """Does `value` have the declared type `kind`?  Plain classes, `X | None` unions,
    `Literal[...]` and `tuple[...]` are understood; `bool` is not taken for `int`, and
    a whole number is taken for a `float`."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is Any:
        return True
    if kind is type(None) or kind is None:
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, k) for k in args)
    if origin is typing.Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(_fits(v, k) for v, k in zip(value, args))
    if kind is float:
        return type(value) in (int, float)
    if kind is int:
        return type(value) is int
    return isinstance(value, origin or kind)


def _type_name(kind: Any) -> str:
    return getattr(kind, "__name__", None) or str(kind).replace("typing.", "")


@functools.cache
def _rule_hints(cls: type) -> dict[str, Any]:
    # Resolving the annotations costs ~100 µs; a Rules class is made once and checked often.
    return typing.get_type_hints(cls)


def check_rule_types(rules: Any) -> None:
    """Every variant option must have its declared type (a `Rules` dataclass)."""
    kind: type = type(rules)
    hints = _rule_hints(kind)
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        kind = hints.get(f.name, type(f.default))
        if not _fits(value, kind):
            raise ValueError(f"rule option {f.name} must be a {_type_name(kind)}, not {value!r}")


def save_json(game: str, payload: dict[str, Any]) -> str:
    return json.dumps({"game": game, "format": 1, **payload}, ensure_ascii=False, sort_keys=True)


def same_json(a: Any, b: Any) -> bool:
    """Are two JSON values the same, types included?  In Python `True == 1` and
    `False == 0` (bool is an int subclass), so a saved `"dealer": true` would pass for
    seat 1 under `==`."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return bool(a == b)


class SaveReader:
    """Reads a saved game, turning every malformed field into a clear `ValueError`."""

    def __init__(self, text: str, game: str):
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as err:
            raise ValueError(f"saved game is not valid JSON: {err}") from None
        if not isinstance(data, dict) or data.get("game") != game:
            raise ValueError(f"saved game is not a {game} game")
        if not same_json(data.get("format"), 1):
            raise ValueError(f"saved game has unknown format {data.get('format')!r}")
        self.data, self.game = data, game

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in self.data:
            raise ValueError(f"saved game: missing field {key!r}")
        value = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError(f"saved game: field {key!r} has the wrong type")
        return value

    def integer(self, key: str, low: int, high: int, *, optional: bool = False) -> int | None:
        value = self.data.get(key) if optional else self.get(key, int)
        if value is None and optional:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(f"saved game: field {key!r} must be a whole number from {low} to {high}")
        return value

    def cards(self, key: str, value: Any = None) -> tuple[Card, ...]:
        value = self.get(key, str) if value is None else value
        if not isinstance(value, str):
            raise ValueError(f"saved game: field {key!r} must be a string of cards")
        try:
            return parse_cards(value)
        except ValueError as err:
            raise ValueError(f"saved game: field {key!r}: {err}") from None

    def replay(self, state: Any) -> Any:
        """The saved game rebuilt by replaying its `history` from `state`, its recorded start,
        so that a tampered save cannot give a position the rules never allow; every saved
        field must then be what the moves give."""
        for n, move in enumerate(self.get("history", list), 1):
            try:
                state = state.apply(move)
            except ValueError as err:
                raise ValueError(f"saved game is corrupted: move {n} ({move!r}) is illegal: {err}") from None
        for key, value in json.loads(state.to_json()).items():
            saved = self.data.get(key)
            if isinstance(saved, bool) and type(value) is int:  # `true == 1` in Python
                raise ValueError(f"saved game: field {key!r} must be a whole number, not {json.dumps(saved)}")
            if not same_json(saved, value):
                raise ValueError(f"saved game is inconsistent: its field {key!r} is not what its moves give")
        return state

    def from_origin(self, start: Callable[..., Any], seats: int, **options: Any) -> Any:
        """The saved game rebuilt from its `origin` `[seed, dealer, deck or null]`: `start`
        (the game's `new_game`, given `options` such as the rules) makes the first position,
        then `replay` checks every move.  One check for every game: the dealer must be a
        whole number (JSON `true` is not seat 1) and a seat of the game."""
        origin = self.data.get("origin")
        if not (isinstance(origin, list) and len(origin) == 3 and type(origin[0]) is int
                and type(origin[1]) is int and 0 <= origin[1] < seats
                and (origin[2] is None or isinstance(origin[2], str))):
            raise ValueError(f"saved game: field 'origin' must be [seed, dealer 0-{seats - 1}, deck or null]")
        try:
            state = start(seed=origin[0], dealer=origin[1], deck=origin[2], **options)
        except ValueError as err:
            raise ValueError(f"saved game: its origin cannot start a game: {err}") from None
        return self.replay(state)

    def rules(self, rules_class: type, raw: dict[str, Any] | None = None) -> Any:
        """The saved `"rules"` (or `raw`, a game's own reading of them: Kozel mends old
        saves' options) as the game's `Rules`, naming any unknown or bad option."""
        return rules_from_dict(rules_class, self.get("rules", dict) if raw is None else raw)

    def load(self, rules: Any, start: Callable[..., Any], seats: int,
             snapshot: Callable[[SaveReader, Any], Any], **options: Any) -> Any:
        """The saved game, read the one way every game reads one (a game module's `load`
        calls it with its own parts).  A save with an `origin` is rebuilt from it:
        `from_origin(start, seats, rules=rules, **options)` starts the match again (with
        `start`, the game's `new_game`) and replays every move.  A save without one (a
        bot's determinized guess) is `snapshot(self, rules)`: the game's own reading of
        the position, checked card by card."""
        if self.data.get("origin") is not None:
            return self.from_origin(start, seats, rules=rules, **options)
        return snapshot(self, rules)

    def int_tuple(self, key: str, length: int) -> tuple[int, ...]:
        value = self.get(key, list)
        if len(value) != length or not all(type(v) is int for v in value):
            raise ValueError(f"saved game: field {key!r} must be {length} whole numbers")
        return tuple(value)


_T = TypeVar("_T")


class derived(Generic[_T]):  # lower case: used like `property`
    """A property computed once per (immutable) state and kept in the instance dict, which
    then shadows it.  Like `functools.cached_property`, without the lock that makes that
    one cost a microsecond in Python 3.11 (a lot, at a few µs per move).  Each one
    registers itself with its class, so `GameState._evolve` drops every derived value."""

    def __init__(self, fn: Callable[[Any], _T]):
        self.fn, self.name = fn, fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        if self.__doc__ is None:  # an override without words of its own says what the base says
            self.__doc__ = next((d for k in owner.__mro__[1:] if name in k.__dict__
                                 and (d := getattr(k.__dict__[name], "__doc__", None))), None)
        owner._DERIVED = (*owner.__dict__.get("_DERIVED", ()), name)  # type: ignore[attr-defined]

    @overload
    def __get__(self, obj: None, cls: type | None = None) -> derived[_T]: ...
    @overload
    def __get__(self, obj: object, cls: type | None = None) -> _T: ...

    def __get__(self, obj: object, cls: type | None = None) -> _T | derived[_T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


# Where a state keeps the last position of its latest finished deal: an entry of the
# instance dict, not a dataclass field, so that `_evolve_with` hands it on to every later
# state for free, equality and saves ignore it, and `dataclasses.replace` (a determinized
# position) drops it.  A game's `with_hidden` sets it to None for the same reason.
DEAL_END = "_deal_end"

# Per State class, the names `_evolve_with` drops (see `GameState._cached_names`): a dict
# keyed by class, because the class's own attribute would be inherited by a subclass.
_CACHED_NAMES: dict[type, tuple[str, ...]] = {}

# Whether `apply` checks every derived value a move handed its new state ready-made
# (`GameState._successor`) against the value worked out the plain way, and fails on a
# difference: off for speed; on in the test suite (tests/conftest.py turns it on) and
# wherever the environment sets CARDLEARN_CHECK_DERIVED=1.
CHECK_DERIVED = os.environ.get("CARDLEARN_CHECK_DERIVED", "") not in ("", "0")
_set_attr = object.__setattr__  # past a frozen dataclass's __setattr__, for a new object only


class GameState(abc.ABC):
    """Base of an immutable game state; see the module docstring and `docs/API.md`."""

    __slots__ = ()
    GAME: ClassVar[Any]  # the game module (a `protocol.GameModule`); each game's __init__ sets it
    _DERIVED: ClassVar[tuple[str, ...]] = ()  # names of `derived` values, per class
    # The derived values a game's moves hand their new states ready-made, in the order
    # `_successor(*ready)` takes them (Kozel: `_turn`, `to_move`, `is_over`); none for a
    # game whose moves all go through `_evolve_with`, which drops every derived value.
    _READY: ClassVar[tuple[str, ...]] = ()
    # +1 where a higher score is better (points, payments), -1 where lower is better
    # (loss points, penalties): how a search bot and the benchmarks read a score sheet.
    # Each game sets it from its `INFO.score_sign`.
    SCORE_SIGN: ClassVar[int] = 1
    # The legal moves, kept in the instance dict once listed (`_evolve_with` resets them);
    # None here for a state that has none kept yet, so that `self._legal_cache` reads it,
    # a quicker look-up than `self.__dict__.get(...)`.  Set only through `__dict__`.
    _legal_cache: tuple[Any, ...] | None = None

    if TYPE_CHECKING:  # fields or properties of every game's state (declared, not defined)
        @property
        def winner(self) -> int | None: ...
        @property
        def history(self) -> tuple[Any, ...]: ...
        @property
        def rules(self) -> Any: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        ready = cls._READY  # declared here or inherited: a subclass's derived values count too
        if ready:  # (the `derived` values have registered themselves by now: `__set_name__`)
            if set(ready) != set(cls._cached_names()):
                raise TypeError(f"{cls.__qualname__}._READY must name every derived value "
                                f"({', '.join(cls._cached_names())}), not {', '.join(ready)}")
            cls._successor = _successor_setting(tuple(ready))  # type: ignore[method-assign]

    # -- what each game states ---------------------------------------------------------
    @property
    @abc.abstractmethod
    def to_move(self) -> int | None:
        """The seat that must act now, or None when the match is over."""

    @property
    @abc.abstractmethod
    def players(self) -> int:
        """The number of seats, `0 .. players-1` in playing order."""

    @property
    @abc.abstractmethod
    def scores(self) -> tuple[Any, ...]:
        """The match standing per team, in the game's own unit."""

    @property
    @abc.abstractmethod
    def score_sheet(self) -> Sequence[ScoreRow]:
        """One row per finished deal: each scoring category per team, and "total" (each
        game's own row type, `SheetRow`, names its categories)."""

    @abc.abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """Exactly what `seat` may see, JSON-serialisable."""

    @abc.abstractmethod
    def to_json(self) -> str:
        """The save: `from_json` gives back an equal state with the same future."""

    # -- what the game module gives (`GAME`, set by each game's __init__) ------------------
    @classmethod
    def from_json(cls, text: str) -> Self:
        """A saved game (`to_json`) read back: an equal state with the same future.  A
        malformed or inconsistent save is a `ValueError` naming what is wrong.

        The game module reads it: `GAME.load(reader)` gets a `SaveReader` of the text,
        already checked to be a save of this game (its `"game"` is the module's own name,
        its key in `cardlearn.games.GAMES`), and most games hand it on to
        `SaveReader.load`."""
        game = cls.GAME
        state: Self = game.load(SaveReader(text, game.__name__.rpartition(".")[2]))
        return state

    def __str__(self) -> str:
        """A text picture of the table, every card shown (the game module's
        `text_picture(state)`)."""
        picture: str = self.GAME.text_picture(self)
        return picture

    # -- game facts with a default; games override where they differ --------------------
    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams as tuples of seats: `scores`, `winner` and score-sheet values are per
        team (`((0,), (1,), ...)` where every seat plays for itself)."""
        return tuple((s,) for s in range(self.players))

    @property
    def phase(self) -> str:
        """The kind of decision now due: one of the game's `INFO.phases` ("over" at the end)."""
        return "over" if self.to_move is None else "play"

    @property
    def max_game_length(self) -> int | None:
        """An upper bound on the match's actions, or None where the rules set none."""
        return None

    @property
    def deals_done(self) -> int:
        """Finished deals, i.e. rows of the score sheet (games give a cheaper count: a
        search bot asks it after every simulated move)."""
        return len(self.score_sheet)

    @property
    def deal_number(self) -> int:
        """The number of the deal being played, from 1, as texts write it ("deal 1", "1.
        spil"; Kínaskák's round): `deals_done + 1` while the match runs, the last deal's
        number once it is over.  (`deal_no`, where a game has it, counts from 0.)"""
        return self.deals_done + (self.to_move is not None)

    @property
    def last_deal(self) -> FinishedDeal | None:
        """The latest finished deal's final position (a `cardlearn.protocol.FinishedDeal`:
        its number, each seat's cards left, what each team took, the cards left on the
        table, the game's own facts and its score-sheet row), or None before the first
        deal ends.  Kept while the next deal is played, and through a save of a match that
        began with `new_game` (`from_json` replays its moves); a position with no recorded
        start (a determinized one, a snapshot save) has none.

        To play one deal and look at its end::

            start = state.deals_done
            while state.deals_done == start:
                state = state.apply(bot.choose(state, state.to_move))
            print(state.last_deal)
        """
        end = self.last_deal_position
        if end is None:
            return None
        record: FinishedDeal | None = end.__dict__.get("_finished")
        if record is None:  # built once, when first asked, and shared by every later state
            record = end.__dict__["_finished"] = end._finished_deal(self.score_sheet[end.deals_done])
        return record

    @property
    def last_deal_position(self) -> Self | None:
        """The latest finished deal's last position as a state: what its last move left on
        the table (the last trick whole, the leftover table cards, the melds), before the
        deal was scored and the next one dealt; `last_deal` describes the same position.
        None where `last_deal` is None.  A picture to draw, not a position to play on: its
        deal is over, though a seat may still look to be on the move."""
        end: Self | None = self.__dict__.get(DEAL_END)
        return end

    def start(self) -> Self:
        """The position this match started from; `history` replays from it to here."""
        raise ValueError("this position has no recorded start (e.g. a determinized one)")

    def observation_digest(self, seat: int) -> str:
        """A text that depends on `observation(seat)` alone, to seed a bot's choices.
        Games may give a cheaper one (the whole observation, history and all, costs tens
        of µs late in a match); it must never read anything the seat cannot see."""
        return json.dumps(self.observation(seat), sort_keys=True, ensure_ascii=False)

    @classmethod
    def _cached_names(cls) -> tuple[str, ...]:
        # Every derived value of the class and its bases (the legal-move cache is reset
        # apart, see `_evolve_with`), in a fixed order.
        names = _CACHED_NAMES.get(cls)
        if names is None:
            names = _CACHED_NAMES[cls] = tuple(sorted(
                {n for k in cls.__mro__ for n in k.__dict__.get("_DERIVED", ())}))
        return names

    # -- the four hooks each game supplies -------------------------------------------------
    @abc.abstractmethod
    def _legal(self) -> tuple[Any, ...]:
        """The legal actions, each once, in a stable order (only asked while `to_move` is set)."""

    @abc.abstractmethod
    def _parse_action(self, text: str) -> Any:
        """The action written `text` (the game's notation), or `IllegalMove` naming the form."""

    @abc.abstractmethod
    def _why_illegal(self, action: Any) -> str | tuple[str, dict[str, str]]:
        """Why a well-formed `action` is not legal: a message, or a key of the game's
        `RULE_WORDS` with the values to fill in."""

    @abc.abstractmethod
    def _next(self, action: Any) -> Self:
        """The state after the legal `action` (the engine's own object)."""

    @abc.abstractmethod
    def _finished_deal(self, row: ScoreRow) -> FinishedDeal:
        """The hook behind `last_deal`: this position, the last of a deal (after its last
        move, before it is scored), as a `FinishedDeal` with the deal's score-sheet `row`.
        Called only on a position a game kept with `_ending_deal`."""

    def _ending_deal(self) -> dict[str, Any]:
        """The change that keeps this position, the last of a finished deal, for
        `last_deal`: a game merges it into the changes of the state that scores the deal.
        The kept copy keeps no older deal, so finished deals do not pile up in memory."""
        return {DEAL_END: self._evolve_with({DEAL_END: None})}

    # -- shared --------------------------------------------------------------------------
    def _evolve(self, **changes: Any) -> Self:
        return self._evolve_with(changes)

    def _evolve_with(self, changes: dict[str, Any]) -> Self:
        """A copy with some fields changed: `dataclasses.replace` without its checks,
        which cost more than a whole Kasína move.  Drops the cached derived values."""
        cls = type(self)
        new = object.__new__(cls)
        # A copy of the instance dict, handed to the new object whole: filling the empty
        # dict a new object gets costs about twice as much (it grows as it fills).
        fields = self.__dict__.copy()
        names = _CACHED_NAMES.get(cls) or cls._cached_names()
        for key in names:
            fields.pop(key, None)
        # Reset, not removed: the entry keeps its place, and the dict does not fill up
        # with the holes that removed entries leave (each new state's dict is a copy).
        fields["_legal_cache"] = None
        fields.update(changes)
        _set_attr(new, "__dict__", fields)
        return new

    def _successor(self, *ready: Any) -> tuple[Self, dict[str, Any]]:
        """A new state and its instance dict, a copy of this one's, for the caller to change
        item by item (Kozel's moves), so that no dict of changes is built to be merged
        (that cost as much again as the copy).  `ready` are the derived values the class
        names in `_READY`, one each in that order, worked out by the move from what it
        knows; a class that declares `_READY` must name every derived value it has (checked
        when the class is made), so none is handed on stale.  With `CHECK_DERIVED` on,
        `apply` compares each with the value its plain definition gives (`check_ready`).

        This is the method of a class without `_READY` (it drops every derived value); a
        class with one gets its own, made for its names (`_successor_setting`)."""
        if ready:
            raise TypeError(f"{type(self).__qualname__} declares no _READY derived values")
        new = self._evolve_with({})
        return new, new.__dict__

    def _legal_tuple(self) -> tuple[Any, ...]:
        # Immutable state, so the legal moves can be cached on the instance.
        cache = self._legal_cache
        if cache is None:
            cache = self._legal() if self.to_move is not None else ()
            self.__dict__["_legal_cache"] = cache
        return cache

    def legal_actions(self) -> list[Any]:
        """Every legal action once, in a stable order (a new list each time); empty once
        the match is over.  `str(action)` is its text in the game's notation."""
        # `_legal_tuple` written out: the benchmark's and the bots' hottest call
        cache = self._legal_cache
        if cache is None:
            cache = self.__dict__["_legal_cache"] = self._legal() if self.to_move is not None else ()
        return list(cache)

    def _canonical(self, action: Any) -> Any:
        """The legal action equal to `action` (the engine's own object), or None."""
        legal = self._legal_tuple()
        for a in legal:  # most moves applied are the very objects legal_actions() gave
            if a is action:
                return a
        try:
            return legal[legal.index(action)]
        except ValueError:
            return None

    def check(self, action: Any) -> Any:
        """The legal action `action` names (an action, or its text in the game's notation),
        as the engine's own object; nothing changes.  A text that cannot be read, a move
        the rules forbid now, or any move once the match is over raises `IllegalMove` (a
        `ValueError`) whose message names the rule: the same checks `apply` makes, so a
        typed move can be checked before it is described or played."""
        if isinstance(action, str):
            action = self._read(action)
        if self.to_move is None:
            raise match_over()
        canonical = self._canonical(action)
        if canonical is None:
            self._refuse(action)
        return canonical

    def apply(self, action: Any) -> Self:
        """The position after `action` (an action, or its text in the game's notation);
        this one is left as it was.  A move that cannot be read or is not legal now
        raises `IllegalMove` naming the rule, as `check` does, and nothing changes."""
        # Most moves applied are the very objects `legal_actions()` just listed: found by
        # identity among the cached legal moves, that is all `check` would conclude.  A
        # loop here, not `any(map(operator.is_, ...))`, which made a C call per move, nor
        # `index`, which compares each move before it with `==` (cards: a Python slot).
        legal = self._legal_cache
        if legal is not None and not isinstance(action, str):
            for a in legal:
                if a is action:
                    return self._next(action) if not CHECK_DERIVED else check_ready(self._next(action))
        # `check`'s steps written out again: apply is the engine's hottest call.
        if isinstance(action, str):
            action = self._read(action)
        if self.to_move is None:
            raise match_over()
        canonical = self._canonical(action)
        if canonical is None:
            self._refuse(action)
        # The stored action is the engine's own, never an equal look-alike (a plain tuple).
        return self._next(canonical) if not CHECK_DERIVED else check_ready(self._next(canonical))

    def _refuse(self, action: Any) -> typing.NoReturn:
        why = self._why_illegal(action)
        if isinstance(why, str):
            raise IllegalMove(why)
        rule, params = why
        words = self.GAME.RULE_WORDS
        raise IllegalMove(words["en"][rule].format(**params), rule=rule, params=params, words=words)

    def _read(self, text: str) -> Any:
        """`_parse_action`, its refusal told in the game's own words (`IllegalMove.words`):
        a card that cannot be read is then explained with this game's cards only."""
        try:
            return self._parse_action(text)
        except IllegalMove as err:
            if err.words is None:
                err.words = self.GAME.RULE_WORDS
            raise

    @property
    def is_over(self) -> bool:
        """True once the match is over (`to_move` is None)."""
        return self.to_move is None

    def _repr_html_(self) -> str:
        from cardlearn.draw import state_html
        return state_html(self)


def _successor_setting(names: tuple[str, ...]) -> Callable[..., Any]:
    """`GameState._successor` for a class whose moves hand on the derived values `names`
    (its `_READY`), made once per class as `dataclasses` makes an `__init__`: one store per
    name written out, where a loop over them cost a Kozel move 5 % more."""
    values = [f"v{i}" for i in range(len(names))]
    source = "".join([
        f"def _successor(self, {', '.join(values)}):\n",
        "    new = _new(type(self))\n",
        "    fields = self.__dict__.copy()\n",
        "    fields['_legal_cache'] = None\n",
        *(f"    fields[{name!r}] = {value}\n" for name, value in zip(names, values)),
        "    _set_attr(new, '__dict__', fields)\n",
        "    return new, fields\n"])
    namespace: dict[str, Any] = {"_new": object.__new__, "_set_attr": _set_attr}
    exec(source, namespace)  # the source is made here, from the names' reprs
    successor: Callable[..., Any] = namespace["_successor"]
    successor.__doc__ = GameState._successor.__doc__
    return successor


_S = TypeVar("_S", bound=GameState)


def check_ready(state: _S) -> _S:
    """`state` itself, once every derived value in its instance dict (those a move handed
    it ready-made, `GameState._successor`) is found equal to the value its plain definition
    gives on a copy that has none; an `AssertionError` naming the first that is not.  What
    `apply` does after every move while `CHECK_DERIVED` is on."""
    cls = type(state)
    names = [n for n in cls._cached_names() if n in state.__dict__]
    if not names:
        return state
    plain = object.__new__(cls)
    fields = {k: v for k, v in state.__dict__.items() if k not in names}
    fields["_legal_cache"] = None
    _set_attr(plain, "__dict__", fields)
    for name in names:
        ready, worked_out = state.__dict__[name], getattr(plain, name)
        if ready != worked_out:
            raise AssertionError(f"{cls.__module__}.{cls.__qualname__}: a move handed on {name} = "
                                 f"{ready!r}, but the position gives {worked_out!r}")
    return state
