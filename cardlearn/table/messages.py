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
# the table's own refusals of a try at a move (a card no move uses, a selection that is no
# move, a guided deal's "not that one now"); the game's rules and a typed move's are tries too
TABLE_TRIES = frozenset({ILLEGAL, "not_usable", "not_with", "confirm_more", "guided"})


def is_try(game: AnyGame, rule: str) -> bool:
    """Whether a refusal by `rule` answered a try at a move, as opposed to a wait, a pause, the
    game's end, demo mode or Confirm with nothing chosen (which neither count towards nor
    break a row of refused tries)."""
    return rule in game.RULE_WORDS.get("en", {}) or rule in TABLE_TRIES or rule.startswith("typed_")


def said(key: str, **kw: Any) -> Note:
    """The table's words under `key`, filled with `kw`, in whichever language is asked."""
    return lambda lang: WORDS[lang][key].format(**kw)


def rule_of(err: ValueError) -> str:
    """The rule a refused move broke, by name: the error's `rule` (the engine's
    `IllegalMove` where the game names one, a room's error, a typed move's), else `ILLEGAL`."""
    rule = getattr(err, "rule", None)
    return rule if isinstance(rule, str) and rule else ILLEGAL


def sentence(text: str) -> str:
    """`text` ending as a sentence does, to be followed by another."""
    return text if not text or text.endswith((".", "!", "?", "…")) else text + "."


def rule_offered(game: AnyGame, refusal: Note, rule: str, way_on: Note) -> Note:
    """The second refused try in a row: the refusal, then the rule that blocked it in the
    game's one sentence (`RULE_TEACH`; none for a rule of the table's own, such as a guided
    deal's "not now") and `way_on`, what the pupil may do instead."""

    def say(lang: str) -> str:
        taught = game.RULE_TEACH.get(lang, {}).get(rule)
        parts = [sentence(refusal(lang)), WORDS[lang]["twice"]]
        if taught:
            parts.append(WORDS[lang]["the_rule"].format(rule=taught))
        parts.append(way_on(lang))
        return " ".join(p for p in parts if p)

    return say


def illegal(game: AnyGame, err: ValueError) -> Note:
    """Why a move was refused: the engine's reason in the game's own words (`RULE_WORDS`),
    or a malformed action's error as it was raised."""

    def say(lang: str) -> str:
        words = game.RULE_WORDS.get(lang, {})
        msg = err.say(dict(words)) if isinstance(err, IllegalMove) else str(err)
        return WORDS[lang]["illegal"].format(msg=msg)

    return say
