"""The pupil's wait while the computers move (issue 32, point 10): the first computer's
answer shows at the table's pace, each further computer in a row more quickly, the run's
pauses and thinking within a budget, and a table's search thinks at most `TABLE_SECONDS` a
move, so the pupil's turn comes back within about 1.5 s (measured in Chromium by
`benchmarks/browser_latency.py`, never timed here)."""

from __future__ import annotations

from typing import Any

import fakegame
import pytest

from cardlearn.bots import SearchBot
from cardlearn.games import GAMES
from cardlearn.table import play
from cardlearn.table.fixed import TABLE_SECONDS, table_bot
from cardlearn.table.widget import RUN_BUDGET, RUN_FLOOR, RUN_SHARE, RUN_THINKING, THINK_FLOOR

SEATS = {0: "human", 1: "first", 2: "first", 3: "first"}


def test_a_computer_after_a_computer_shows_more_briefly() -> None:
    t = play(fakegame, seats=SEATS, seed=9, delay=0.3)
    try:
        paces = []
        t.model.act(t.model.state.legal_actions()[0])  # the pupil moves: three computers follow
        while (turn := t.model.pending_bot()) is not None and len(paces) < 6:
            action = t.model.think(turn)
            previous = t.model.moves[-1][0] if t.model.moves else None
            paces.append((previous, turn.seat, t.pace(turn, action)))
            t.model.complete(turn, action)
        after_human = [p for before, seat, p in paces if before is None or before == 0]
        after_computer = [p for before, seat, p in paces if before not in (None, 0, seat)]
        assert after_computer, "no computer moved right after another"
        assert all(p == pytest.approx(0.3 * RUN_SHARE) for p in after_computer)
        assert all(p in (0.3, 0.0) for p in after_human)
    finally:
        t.close()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_tables_search_thinks_at_most_the_tables_clock(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDLEARN_SEED", raising=False)
    game = GAMES[name]
    bot = table_bot(game, game.INFO.strongest_bot, seed=1)
    assert isinstance(bot, SearchBot) and bot.seconds is not None and bot.seconds <= TABLE_SECONDS
    # the worst wait for three computers in a row, each move shown after the longer of its
    # pause and its thinking (a page's delay 0.3 s): within the 1.5 s
    assert max(0.3, bot.seconds) + 2 * max(0.3 * RUN_SHARE, bot.seconds) <= 1.5
    monkeypatch.setenv("CARDLEARN_SEED", "7")  # a fixed game thinks by count alone
    assert getattr(table_bot(game, game.INFO.strongest_bot, seed=1), "seconds", 0) is None


def test_a_long_run_of_computers_pauses_at_most_the_run_budget() -> None:
    """Kínaskák: three computers between two turns of the pupil's make ten or more moves
    (draws, buys declined, melds, discards); their pauses together stay within
    `RUN_BUDGET` (each past it shows for `RUN_FLOOR`), and the next run starts afresh."""
    t = play("kinaskak", seats={0: "human", 1: "thumb", 2: "thumb", 3: "thumb"}, seed=3, delay=0.3)
    try:
        runs: list[list[float]] = []
        for _ in range(6):  # six turns of the pupil's, each followed by the computers' run
            run: list[float] = []
            while (turn := t.model.pending_bot()) is not None:
                action = t.model.think(turn)
                run.append(t.pace(turn, action))
                t.model.complete(turn, action)
            runs.append(run)
            state = t.model.state
            if state.to_move is None:
                break
            t.model.act(state.legal_actions()[0])
        long_runs = [r for r in runs if sum(r) > RUN_BUDGET - 0.3]
        assert long_runs, f"no run came near the budget: {runs}"
        for run in runs:
            spent = 0.0
            for pause in run:  # never more than the budget left, or the floor once it is used
                assert pause <= max(RUN_FLOOR, RUN_BUDGET - spent) + 1e-9, run
                spent += pause
        assert all(r[0] in (0.3, 0.0) for r in runs[1:] if r), "a run after the pupil starts at the full pace"
    finally:
        t.close()


def test_a_computer_late_in_a_run_thinks_less(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's thinking clock: a search thinks at most until `RUN_THINKING` after the run
    began, at least `THINK_FLOOR`, and its own clock comes back after the move."""
    monkeypatch.delenv("CARDLEARN_SEED", raising=False)
    t = play("kozel", seed=5, delay=0.3)
    try:
        seen: list[float | None] = []
        for seat, bot in t.model._turns.bots.items():
            assert isinstance(bot, SearchBot) and bot.seconds == TABLE_SECONDS
            choose = bot.choose

            def spy(state: Any, seat: int, bot: SearchBot = bot, choose: Any = choose) -> Any:
                seen.append(bot.seconds)
                return choose(state, seat)

            monkeypatch.setattr(bot, "choose", spy)
        if t.model.pending_bot() is None:  # the pupil moves: three computers follow
            t.model.act(t.model.state.legal_actions()[0])
        for now in (100.0, 100.7, 100.88):
            turn = t.model.pending_bot()
            assert turn is not None
            thinking = t._thinking_time(now)
            assert thinking is not None
            t.model.complete(turn, t.model.think(turn, thinking))
        assert seen == [TABLE_SECONDS, pytest.approx(RUN_THINKING - 0.7), THINK_FLOOR]
        assert all(b.seconds == TABLE_SECONDS for b in t.model._turns.bots.values())
    finally:
        t.close()
