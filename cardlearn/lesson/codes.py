"""A lesson's code (kóði kennslustundar): what pupils type to join.

Short, and made of letters and digits nobody mistakes for another on a projector or a
tablet's keyboard: no 0/O/D/Q, 1/I/L/J, 2/Z, 5/S, 6/G, 8/B, U/V.  Typed in any case, with
spaces or hyphens ("tx-4m9"), it is read the same; a character no code holds is refused by
name, and nothing else is guessed."""

from __future__ import annotations

import random

from cardlearn.lesson.errors import LessonError

ALPHABET = "ACEFHKMNPRTWXY3479"  # 18 signs: 18⁵ ≈ 1.9 million codes of five
CODE_LENGTH = 5


def new_code(rng: random.Random, length: int = CODE_LENGTH) -> str:
    """A fresh code of `length` signs from `ALPHABET` (the caller checks it is not in use)."""
    return "".join(rng.choice(ALPHABET) for _ in range(length))


def read_code(text: str, length: int = CODE_LENGTH) -> str:
    """The code a pupil typed, as it is kept: upper case, without spaces or hyphens;
    `LessonError` (rule "bad_code") naming what is wrong: a sign no code has, or too few
    or too many signs."""
    code = "".join(text.split()).replace("-", "").upper()
    strange = sorted({c for c in code if c not in ALPHABET})
    if strange:
        raise LessonError(f"a lesson's code has no {', '.join(repr(c) for c in strange)}: its signs are "
                          f"{ALPHABET}", rule="bad_code")
    if len(code) != length:
        raise LessonError(f"a lesson's code has {length} signs, not {len(code)}", rule="bad_code")
    return code
