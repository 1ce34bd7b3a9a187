"""What every game module shares: the error type, seeded shuffles, stacked-deck checks,
saved-game (JSON) helpers and a small base class for game states.

No game logic lives here.  A game's `State` subclasses `GameState` and supplies
`_legal()` (its legal actions as a tuple), `_parse_action(text)`, `_why_illegal(action)`
and `_next(action)`; the base class turns those into the public `legal_actions()` and
`apply()` of `shared/API.md`, so every game rejects bad moves the same way.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from cardlearn.cards import Card, parse_cards

__all__ = [
    "GameState",
    "IllegalMove",
    "SaveReader",
    "check_rule_types",
    "derived",
    "fresh_seed",
    "rules_from_dict",
    "rules_to_dict",
    "save_json",
    "shuffled",
    "stacked_deck",
]


class IllegalMove(ValueError):
    """A move the rules forbid; the message names the rule.  `rule` and `params`, where
    a game gives them, let the table say the same in another language (the game's
    `RULE_WORDS[lang][rule]`, formatted with `params`)."""

    def __init__(self, message: str, *, rule: str | None = None, params: dict[str, str] | None = None):
        super().__init__(message)
        self.rule, self.params = rule, params or {}

    def say(self, words: dict[str, str]) -> str:
        """The message in the language of `words` (a game's `RULE_WORDS[lang]`)."""
        return words[self.rule].format(**self.params) if self.rule in words else str(self)


def shuffled(cards: Sequence[Card], seed: int, *salt: object) -> tuple[Card, ...]:
    """The cards shuffled by a generator seeded from `seed` and `salt` alone.

    Sorting first makes the result depend on the multiset only, and a string seed is
    hashed with SHA-512 by `random`, so it is the same on every machine and run.
    """
    rng = random.Random(":".join(map(str, (seed, *salt))))
    deck = sorted(cards)
    rng.shuffle(deck)
    return tuple(deck)


def fresh_seed(rng: random.Random | None = None) -> int:
    """A new 63-bit seed, from `rng` or else from the operating system."""
    return (rng or random.SystemRandom()).getrandbits(63)


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
    return dataclasses.asdict(rules)


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


def check_rule_types(rules: Any) -> None:
    """Every variant option must have the type of its default (a `Rules` dataclass)."""
    for f in dataclasses.fields(rules):
        value, kind = getattr(rules, f.name), type(f.default)
        if type(value) is not kind:
            raise ValueError(f"rule option {f.name} must be a {kind.__name__}, not {value!r}")


def save_json(game: str, payload: dict[str, Any]) -> str:
    return json.dumps({"game": game, "format": 1, **payload}, ensure_ascii=False, sort_keys=True)


class SaveReader:
    """Reads a saved game, turning every malformed field into a clear `ValueError`."""

    def __init__(self, text: str, game: str):
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as err:
            raise ValueError(f"saved game is not valid JSON: {err}") from None
        if not isinstance(data, dict) or data.get("game") != game:
            raise ValueError(f"saved game is not a {game} game")
        if data.get("format") != 1:
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

    def int_tuple(self, key: str, length: int) -> tuple[int, ...]:
        value = self.get(key, list)
        if len(value) != length or not all(type(v) is int for v in value):
            raise ValueError(f"saved game: field {key!r} must be {length} whole numbers")
        return tuple(value)


class derived:  # lower case: used like `property`
    """A property computed once per (immutable) state and kept in the instance dict, which
    then shadows it.  Like `functools.cached_property`, without the lock that makes that
    one cost a microsecond in Python 3.11 (a lot, at a few µs per move)."""

    def __init__(self, fn: Any):
        self.fn, self.name = fn, fn.__name__
        self.__doc__ = fn.__doc__

    def __get__(self, obj: Any, cls: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


class GameState:
    """Mixin for an immutable game state; see the module docstring."""

    __slots__ = ()
    # Values derived from the fields and cached in the instance dict (immutable state).
    _CACHED: tuple[str, ...] = ("_legal_cache", "to_move")

    # -- supplied by each game ---------------------------------------------------------
    def _legal(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def _parse_action(self, text: str) -> Any:
        raise NotImplementedError

    def _why_illegal(self, action: Any) -> str | tuple[str, dict[str, str]]:
        """Why a well-formed `action` is not legal: a message, or a key of the game's
        `RULE_WORDS` with the values to fill in."""
        raise NotImplementedError

    def _next(self, action: Any) -> GameState:
        raise NotImplementedError

    # -- shared --------------------------------------------------------------------------
    def _evolve(self, **changes: Any) -> Any:
        return self._evolve_with(changes)

    def _evolve_with(self, changes: dict[str, Any]) -> Any:
        """A copy with some fields changed: `dataclasses.replace` without its checks,
        which cost more than a whole Kasína move.  Drops the cached derived values."""
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        for key in self._CACHED:
            fields.pop(key, None)
        fields.update(changes)
        return new

    def _legal_tuple(self) -> tuple[Any, ...]:
        # Immutable state, so the legal moves can be cached on the instance.
        cache = self.__dict__.get("_legal_cache")
        if cache is None:
            cache = self._legal() if self.to_move is not None else ()
            self.__dict__["_legal_cache"] = cache
        return cache

    def legal_actions(self) -> list[Any]:
        return list(self._legal_tuple())

    def is_legal(self, action: Any) -> bool:
        legal = self._legal_tuple()
        # Most moves applied are the very objects legal_actions() handed out.
        return any(a is action for a in legal) or action in legal

    def apply(self, action: Any) -> GameState:
        if isinstance(action, str):
            action = self._parse_action(action)
        if self.to_move is None:
            raise IllegalMove("the match is over: no more moves")
        if not self.is_legal(action):
            why = self._why_illegal(action)
            if isinstance(why, str):
                raise IllegalMove(why)
            rule, params = why
            words = sys.modules[type(self).__module__].RULE_WORDS["en"]
            raise IllegalMove(words[rule].format(**params), rule=rule, params=params)
        return self._next(action)

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def _repr_html_(self) -> str:
        from cardlearn.draw import state_html
        return state_html(self)
