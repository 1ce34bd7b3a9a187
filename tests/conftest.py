import sys
from pathlib import Path

import cardlearn.core

sys.path.insert(0, str(Path(__file__).parent))

# Every derived value a move hands its new state ready-made (`GameState._successor`) is
# checked against the plain definition after each `apply` in the tests (off for speed
# elsewhere; CARDLEARN_CHECK_DERIVED=1 turns it on too).
cardlearn.core.CHECK_DERIVED = True

# The two stores rooms and lessons are tested on (fixtures `where`, `store`).
pytest_plugins = ["stores"]
