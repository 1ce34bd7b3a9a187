"""The table's message line: a `Note` is a message kept as a function of the language, not
as text, so that a reason, a "wait" or a forced move's announcement is said again in
English when the pupil switches language while it is shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlearn.core import IllegalMove
from cardlearn.protocol import AnyGame
from cardlearn.table.words import WORDS

Note = Callable[[str], str]  # a message, made in the language asked for
ILLEGAL = "illegal"  # the rule of a refused move whose error names none (a malformed action)


def said(key: str, **kw: Any) -> Note:
    """The table's words under `key`, filled with `kw`, in whichever language is asked."""
    return lambda lang: WORDS[lang][key].format(**kw)


def rule_of(err: ValueError) -> str:
    """The rule a refused move broke, by name: the error's `rule` (the engine's
    `IllegalMove` where the game names one, a room's error, a typed move's), else `ILLEGAL`."""
    rule = getattr(err, "rule", None)
    return rule if isinstance(rule, str) and rule else ILLEGAL


def illegal(game: AnyGame, err: ValueError) -> Note:
    """Why a move was refused: the engine's reason in the game's own words (`RULE_WORDS`),
    or a malformed action's error as it was raised."""

    def say(lang: str) -> str:
        words = game.RULE_WORDS.get(lang, {})
        msg = err.say(dict(words)) if isinstance(err, IllegalMove) else str(err)
        return WORDS[lang]["illegal"].format(msg=msg)

    return say
