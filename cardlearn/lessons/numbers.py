"""Numbers as the notebook's language writes them, inside the sentences its cells print.

English writes 0.0769, -0.19 and 69%; Icelandic writes 0,0769, −0,19 and 69 % (a decimal
comma, a true minus sign and a space before the per cent sign).  A cell passes the float
itself to `say(...)`, so the twins compute the same value; `NumberSayings` wraps every float
in `Written` before the format string is filled in, and the format spec (`:.4f`, `:+.2f`,
`:4.0%`) is kept as the English string wrote it.
"""

from __future__ import annotations

from typing import Any

from cardlearn.lessons.language import Sayings, check_lang


def written(text: str, lang: str) -> str:
    """A number already formatted the English way (`"-0.19"`, `"69%"`), as `lang` writes it."""
    if check_lang(lang) == "en":
        return text
    return text.replace(".", ",").replace("-", "−").replace("%", " %")


def formatted(value: float, spec: str, lang: str) -> str:
    """`format(value, spec)` as `lang` writes numbers ("−0,41" for -0.41 with "+.2f" in Icelandic)."""
    return written(format(value, spec), lang)


class Written:
    """A float that formats itself as `lang` writes numbers (`format(Written(0.5, "is"), ".2f")`
    is "0,50")."""

    def __init__(self, value: float, lang: str) -> None:
        self.value, self.lang = value, check_lang(lang)

    def __format__(self, spec: str) -> str:
        return written(format(self.value, spec), self.lang)

    def __str__(self) -> str:
        return written(str(self.value), self.lang)


class NumberSayings(Sayings):
    """`Sayings` whose floats are written as the language writes them (English unchanged)."""

    def say(self, key: str, lang: str, **values: Any) -> str:
        shown = {k: Written(v, lang) if isinstance(v, float) else v for k, v in values.items()}
        return super().say(key, lang, **shown)
