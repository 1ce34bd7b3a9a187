"""The engines' decisions, pinned: seeded random matches of every game, digested position
by position, must give the digests recorded in `tests/golden/speed.json`.

Engine speed-ups (`benchmarks/speed.py`) must not change a single decision.  The stored
transcripts (`tests/test_transcripts.py`) replay a few bot matches; this test covers many
more positions and more of each position.  At every position of a match it hashes: whose
move it is, the phase, the deals done, the scores, every legal move in `legal_actions()`
order (the order matters: a random bot picks by index), the mover's
`observation_digest` (what seeds a bot), and at every third position its whole
observation.  Every fourth move is
applied from its text (the parsing path), every seventh position is asked a move that is
not legal now (the refusal's message and rule are hashed: nothing may change there
either), and every eleventh is dealt anew for the mover with `determinize` (its legal
moves, observation and `hidden_cards` hashed).  At the match's end the score sheet, the
scores, the winner, the save (`to_json`), every seat's observation and `last_deal` are
hashed too.  Each match gives one sha256 chained over all of that.

The digests were recorded from the engines before they were made faster; re-record
(`python tests/test_speed_golden.py --record`) only when a rule change is meant to alter
results, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from cardlearn.core import IllegalMove, shuffle_in_place
from cardlearn.games import GAMES

GOLDEN = Path(__file__).parent / "golden" / "speed.json"

# (label, game, players or None for the game's default, rules options, seeds): each game
# declares its cases beside it (`EXAMPLES.golden`, its examples.py).
CASES: list[tuple[str, str, int | None, dict[str, Any], range]] = [
    (case.label, name, case.players, dict(case.options), case.seeds)
    for name, game in GAMES.items() for case in game.EXAMPLES.golden]


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def match_digest(game_name: str, players: int | None, options: dict[str, Any], seed: int) -> str:
    """One seeded random match of `game_name`, digested as the module docstring says."""
    game = GAMES[game_name]
    rules = game.Rules(**options)
    state = game.new_game(seed=seed, rules=rules) if players is None else \
        game.new_game(seed=seed, rules=rules, players=players)
    rng = random.Random(f"golden:{game_name}:{seed}")
    sha = hashlib.sha256()

    def put(*parts: Any) -> None:
        for part in parts:
            sha.update(str(part).encode())
            sha.update(b"\x1f")
        sha.update(b"\x1e")

    n, previous = 0, None
    while not state.is_over:
        seat = state.to_move
        legal = state.legal_actions()
        texts = [str(a) for a in legal]
        put(n, seat, state.phase, state.deals_done, state.deal_number, _text(state.scores),
            "|".join(texts), state.observation_digest(seat))
        if n % 3 == 0:  # the whole observation (its history grows: every position would cost)
            put(_text(state.observation(seat)))
        if n % 7 == 3 and previous is not None:
            tried = [t for t in previous if t not in texts]
            if tried:
                try:
                    state.check(tried[0])
                    put("accepted", tried[0])
                except IllegalMove as err:
                    put("refused", tried[0], err, err.rule, _text(err.params))
        if n % 11 == 5:
            world = game.determinize(state, seat, random.Random(n))
            put("world", "|".join(map(str, world.legal_actions())), _text(world.observation(seat)),
                " ".join(map(str, game.hidden_cards(state, seat))))
        action = legal[rng.randrange(len(legal))]
        state = state.apply(str(action) if n % 4 == 1 else action)
        previous, n = texts, n + 1
    put("end", n, _text(state.score_sheet), _text(state.scores), state.winner, state.to_json(),
        *(_text(state.observation(s)) for s in range(state.players)), state.last_deal)
    return sha.hexdigest()


def digests() -> dict[str, list[str]]:
    return {label: [match_digest(name, players, options, seed) for seed in seeds]
            for label, name, players, options, seeds in CASES}


def test_the_written_out_shuffle_is_random_shuffle():
    for seed in range(300):
        items = list(range(seed % 110))
        mine, theirs = random.Random(seed), random.Random(seed)
        shuffle_in_place(items, mine)
        expected = list(range(seed % 110))
        theirs.shuffle(expected)
        assert items == expected and mine.random() == theirs.random()


def _recorded() -> dict[str, list[str]]:
    data: dict[str, list[str]] = json.loads(GOLDEN.read_text())["digests"]
    return data


def test_every_game_is_covered():
    assert {name for _, name, _, _, _ in CASES} == set(GAMES)
    assert set(_recorded()) == {label for label, *_ in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_random_matches_reproduce_the_recorded_digests(case):
    label, name, players, options, seeds = case
    want = _recorded()[label]
    got = [match_digest(name, players, options, seed) for seed in seeds]
    wrong = [seed for seed, w, g in zip(seeds, want, got) if w != g]
    assert not wrong, f"{label}: the matches with seeds {wrong} no longer play out as recorded"


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python tests/test_speed_golden.py --record")
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps({"about": "sha256 per seeded random match; see tests/test_speed_golden.py",
                                  "digests": digests()}, indent=1) + "\n")
    print(f"wrote {GOLDEN}")
