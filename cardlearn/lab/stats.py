"""The lab's statistics: an estimate with its 95 % interval, for a proportion (Wilson's
score interval) and for a mean (the normal approximation), and how a number is written in
each notebook language.

Why Wilson and not "p ± 1.96 × standard error": with a few hundred deals and rare events
(eggs in Kozel, a sóló lost with three matadors) the plain interval runs below 0 % or gives
a width of zero when nothing happened; Wilson's stays inside 0–100 % and is honest about
how little "0 of 200" says.  A mean of thousands of independent deals is close enough to
normal (central limit theorem) for its interval to be mean ± 1.96 standard errors.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cardlearn.lessons.language import check_lang

Z95 = 1.959963984540054  # the normal distribution's 97.5th percentile: a two-sided 95 % interval
Kind = Literal["share", "mean"]


class LabError(ValueError):
    """Bad input to the lab (an unknown question, a deal count that is not a positive whole
    number, …); the message names the problem, and nothing has been run or written."""


@dataclass(frozen=True)
class Estimate:
    """One number a question measured, with its 95 % interval `low`–`high` over `n` samples.

    `kind` "share" is a proportion (0–1, Wilson's interval), "mean" an average (normal
    interval) in the question's `unit` words.  `label` names it in every notebook language;
    `key` is its name in code (the answer sentence picks estimates by key)."""

    key: str
    label: Mapping[str, str]
    kind: Kind
    value: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": dict(self.label), "kind": self.kind, "value": self.value,
                "low": self.low, "high": self.high, "n": self.n}

    @classmethod
    def from_json(cls, data: Any) -> Estimate:
        """An estimate read back from the cache; `ValueError` for anything malformed (the
        cache then recomputes), including an interval that does not hold its estimate."""
        if not isinstance(data, dict) or set(data) != {"key", "label", "kind", "value", "low", "high", "n"}:
            raise ValueError("not an estimate")
        label = data["label"]
        if not (isinstance(data["key"], str) and isinstance(label, dict)
                and all(isinstance(label.get(lang), str) for lang in ("en", "is"))
                and data["kind"] in ("share", "mean") and type(data["n"]) is int and data["n"] >= 0):
            raise ValueError("not an estimate")
        numbers = [data[k] for k in ("value", "low", "high")]
        if not all(type(x) in (int, float) and math.isfinite(x) for x in numbers):
            raise ValueError("an estimate's numbers must be finite")
        value, low, high = (float(x) for x in numbers)
        if not low <= value <= high:
            raise ValueError("an estimate outside its own interval")
        labels = {"en": label["en"], "is": label["is"]}
        return cls(data["key"], labels, data["kind"], value, low, high, data["n"])


def wilson(successes: float, n: int) -> tuple[float, float, float]:
    """A proportion `successes / n` and its 95 % Wilson score interval.  With `n == 0`
    nothing is known: the estimate is 0 and the interval the whole 0–1."""
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval always holds p; min/max guard against rounding at p = 0 or 1
    return p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of `values` and its 95 % normal interval (mean ± 1.96 standard errors, the
    standard deviation with n − 1).  One value or none: no spread is known, so the interval
    is the value itself (and n says how little that is)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = math.fsum(values) / n
    if n == 1:
        return mean, mean, mean
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def share(key: str, label: Mapping[str, str], flags: Sequence[float]) -> Estimate:
    """The share of samples where something happened (`flags` 1 or 0; a tie may count ½)."""
    p, lo, hi = wilson(math.fsum(flags), len(flags))
    return Estimate(key, label, "share", p, lo, hi, len(flags))


def mean(key: str, label: Mapping[str, str], values: Sequence[float]) -> Estimate:
    m, lo, hi = mean_interval(values)
    return Estimate(key, label, "mean", m, lo, hi, len(values))


# ---------------------------------------------------------------------------------------
# Numbers in words: Icelandic writes a decimal comma and a thousands dot ("1.234,5")

def number(x: float, lang: str, digits: int = 1) -> str:
    """`x` with `digits` decimals, as the language writes it (−0 is written 0)."""
    check_lang(lang)
    x = 0.0 if round(x, digits) == 0 else x
    text = f"{x:,.{digits}f}".replace("-", "−")
    if lang == "is":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def signed(x: float, lang: str, digits: int = 1) -> str:
    """`number` with a plus sign in front of a positive number (a gain or a loss)."""
    text = number(x, lang, digits)
    return "+" + text if round(x, digits) > 0 else text


def percent(p: float, lang: str, digits: int = 1) -> str:
    return f"{number(100 * p, lang, digits)} %"


def interval(e: Estimate, lang: str, digits: int = 1) -> str:
    """The estimate's interval in words, "12.3–15.0 %" / "12,3–15,0 %" or "−0.4 to 1.2"."""
    if e.kind == "share":
        return f"{number(100 * e.low, lang, digits)}–{number(100 * e.high, lang, digits)} %"
    word = {"en": "to", "is": "til"}[lang]
    return f"{number(e.low, lang, digits)} {word} {number(e.high, lang, digits)}"


def value(e: Estimate, lang: str, digits: int = 1) -> str:
    return percent(e.value, lang, digits) if e.kind == "share" else number(e.value, lang, digits)
