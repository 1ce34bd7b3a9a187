"""Record playthrough transcripts for the regression tests in `tests/test_transcripts.py`.

    python tools/record_transcripts.py [game ...]

Each transcript is one whole match played by the game's bots from a fixed seed: the seed,
the rules, every move in the game's notation and the final score sheet.  The test replays
the moves on the current engine and insists on the same sheet, so a change that alters
what any move does shows up.  Re-record only when a rule change is meant to alter results,
and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from cardlearn.core import rules_to_dict
from cardlearn.games import GAMES

OUT = Path(__file__).resolve().parent.parent / "tests" / "transcripts"
SEEDS = (2026, 7)


def record(name: str, seed: int) -> dict[str, Any]:  # the transcript's JSON object
    game = GAMES[name]
    state = game.new_game(seed=seed)
    levels = list(game.BOTS)
    # The strongest bot against random, seats alternating, so both kinds of play appear.
    bots = {s: game.BOTS[levels[-1] if s % 2 == 0 else "random"](seed=seed + s) for s in range(state.players)}
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state, state.to_move))
    return {"game": name, "seed": seed, "rules": rules_to_dict(state.rules),
            "moves": [str(a) for a in state.history],
            "score_sheet": json.loads(json.dumps(state.score_sheet)),
            "scores": list(state.scores), "winner": state.winner}


def main(names: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    for name in names or sorted(GAMES):
        for seed in SEEDS:
            path = OUT / f"{name}-{seed}.json"
            path.write_text(json.dumps(record(name, seed), ensure_ascii=False, indent=1) + "\n")
            print(f"wrote {path.relative_to(OUT.parent.parent)}")


if __name__ == "__main__":
    main(sys.argv[1:])
