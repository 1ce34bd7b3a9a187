import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardlearn.core

sys.path.insert(0, str(Path(__file__).parent))

# Every derived value a move hands its new state ready-made (`GameState._successor`) is
# checked against the plain definition after each `apply` in the tests (off for speed
# elsewhere; CARDLEARN_CHECK_DERIVED=1 turns it on too).
cardlearn.core.CHECK_DERIVED = True

@pytest.fixture(autouse=True)
def english_refusals() -> Iterator[None]:
    """Each test starts with the engine's refusals in English: a notebook's speaker or a
    table's language button sets the language for the whole process (`set_language`)."""
    cardlearn.core.set_language("en")
    yield
    cardlearn.core.set_language("en")


# The two stores rooms and lessons are tested on (fixtures `where`, `store`).
pytest_plugins = ["stores"]
