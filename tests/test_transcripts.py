"""Stored playthroughs (seed, moves, final sheet) replay to the same result: a change
that alters what any move does, or which moves are legal, fails here.  Recorded by
`tools/record_transcripts.py`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlearn.core import rules_from_dict
from cardlearn.games import GAMES

HERE = Path(__file__).parent / "transcripts"
FILES = sorted(HERE.glob("*.json"))


def test_every_game_has_transcripts():
    recorded = {json.loads(p.read_text())["game"] for p in FILES}
    assert set(GAMES) <= recorded, "record the new game: python tools/record_transcripts.py NAME"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_transcript_replays_to_the_same_sheet(path):
    record = json.loads(path.read_text())
    game = GAMES[record["game"]]
    state = game.new_game(seed=record["seed"], rules=rules_from_dict(game.Rules, record["rules"]))
    for i, move in enumerate(record["moves"]):
        assert not state.is_over, f"the match ended before move {i}"
        assert move in {str(a) for a in state.legal_actions()}, f"move {i} ({move}) is no longer legal"
        state = state.apply(move)
    assert state.is_over
    assert json.loads(json.dumps(state.score_sheet)) == record["score_sheet"]
    assert list(state.scores) == record["scores"] and state.winner == record["winner"]
