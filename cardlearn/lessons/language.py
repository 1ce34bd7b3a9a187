"""The language a notebook is written in, and the sentences its code cells print.

Every notebook has an Icelandic twin (`notebooks/is/`) with the same code cells in the same
order; the one line in which the twins' code differs is the language setting in the seed cell,

    LANG = "en"   (the twin: LANG = "is")

and everything a cell shows follows it: pictures and tables (`lang=LANG`), the engine's own
words (`describe(state, move, LANG)`), and the sentences the cell prints.  Those sentences
are not written in the cell, where they would tie the code to one language, but in the
game's lesson module as a table of sayings, one format string per language:

    SAY = Sayings({
        "order": {"en": "order, low to high: {order}", "is": "röðin, frá lægsta til hæsta: {order}"},
    })

and a cell prints `say("order", order=...)` with `say = lesson.SAY.speaker(LANG)` made once.
A table missing a language, or a format string naming other fields than its twin, is refused
when the module is imported, so the twins cannot drift apart without a test failing.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

from cardlearn.core import set_language

LANGS: tuple[str, ...] = ("en", "is")  # English, íslenska
NONE_SHOWN = "—"  # a value that is None, in a sentence of a language other than English


class UnknownLanguage(ValueError):
    """A language the notebooks are not written in (they are in English and Icelandic)."""


class BadSaying(ValueError):
    """A saying that is not written in every language, or whose languages differ in the
    fields they fill in (a twin would then print other numbers)."""


class UnknownSaying(KeyError):
    """A cell asked for a saying the lesson module does not have."""


def check_lang(lang: str) -> str:
    """`lang` itself when the notebooks are written in it, else `UnknownLanguage`."""
    if lang not in LANGS:
        raise UnknownLanguage(f"no notebook language {lang!r}: the notebooks are in {', '.join(LANGS)}")
    return lang


def fields(text: str) -> frozenset[str]:
    """The names a format string fills in (`"{a:>3} beats {b}"` → {"a", "b"})."""
    return frozenset(name.split(".")[0].split("[")[0]
                     for _, name, _, _ in string.Formatter().parse(text) if name)


def yes_no(value: bool, lang: str) -> str:
    """A truth value in words (Python's True/False would be English in the Icelandic twin)."""
    return {"en": ("no", "yes"), "is": ("nei", "já")}[check_lang(lang)][bool(value)]


class Sayings:
    """A lesson module's printed sentences, keyed by name, one format string per language."""

    def __init__(self, table: Mapping[str, Mapping[str, str]]) -> None:
        for key, texts in table.items():
            missing = [lang for lang in LANGS if lang not in texts]
            if missing:
                raise BadSaying(f"saying {key!r} is not written in {', '.join(missing)}")
            names = {lang: fields(texts[lang]) for lang in LANGS}
            if len(set(names.values())) != 1:
                raise BadSaying(f"saying {key!r} fills in different fields by language: "
                                + "; ".join(f"{lang}: {sorted(n)}" for lang, n in names.items()))
        self.table: dict[str, dict[str, str]] = {key: dict(texts) for key, texts in table.items()}

    def say(self, key: str, lang: str, **values: Any) -> str:
        """The saying `key` in `lang`, its fields filled in from `values`."""
        if key not in self.table:
            raise UnknownSaying(f"no saying {key!r}")
        if check_lang(lang) != "en":  # Python's None is an English word: a dash says "none" in any
            values = {k: NONE_SHOWN if v is None else v for k, v in values.items()}
        return self.table[key][lang].format(**values)

    def speaker(self, lang: str) -> Callable[..., str]:
        """`say(key, **values)` in one language: what a notebook's cells call.  The engine's
        refusals speak that language from then on too (`cardlearn.set_language`): a
        notebook makes its speaker once, in its seed cell, so `print(err)` in the
        Icelandic twin prints Icelandic."""
        check_lang(lang)
        set_language(lang)

        def say(key: str, /, **values: Any) -> str:
            return self.say(key, lang, **values)

        return say
