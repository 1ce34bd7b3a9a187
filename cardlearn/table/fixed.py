"""A fixed game for tests and prepared lessons: the environment variable CARDLEARN_SEED.

With CARDLEARN_SEED set, every table and room opened without a seed of its own deals from
it, and its computer players think by count, not by the clock: a search bot normally stops
after `seconds` of thinking (so that a pupil never waits long), which on a busy machine
means fewer simulations and other moves, so the "same" seeded game went differently from
run to run.  With the seed fixed, the same seed plays the same game however busy the
machine is, a little slower where the machine is slow.
"""

from __future__ import annotations

import os

from cardlearn.bots import SearchBot
from cardlearn.protocol import AnyGame, Bot


class BadSeed(ValueError):
    """CARDLEARN_SEED is set to something that is not a whole number."""


def seed_from_environment() -> int | None:
    """CARDLEARN_SEED as a number, None when it is not set (`BadSeed` when it is not a number)."""
    text = os.environ.get("CARDLEARN_SEED", "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise BadSeed(f"CARDLEARN_SEED must be a whole number, not {text!r}") from None


# A pupil waits while the computers move: each search thinks at most this long at a table
# (its count of imagined deals usually ends sooner), so that three computers in a row give
# the pupil the turn back within about 1.5 s even on a busy classroom machine (a teacher
# measured 2.8 s, and up to 5.5 s, with the search's full second each).
TABLE_SECONDS = 0.35


def table_bot(game: AnyGame, level: str, seed: int) -> Bot:
    """The computer player of `level` for a table: as the game makes it, its search's clock
    held to `TABLE_SECONDS`; thinking by count alone (no clock) while CARDLEARN_SEED fixes
    the game."""
    kind = game.BOTS[level]
    search = kind if isinstance(kind, type) and issubclass(kind, SearchBot) else None
    if search is None:
        return kind(seed=seed)
    if seed_from_environment() is not None:
        return search(seed=seed, seconds=None)
    return search(seed=seed, seconds=min(TABLE_SECONDS, search.seconds or TABLE_SECONDS))
