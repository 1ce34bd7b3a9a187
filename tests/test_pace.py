"""The pupil's wait while the computers move (issue 32, point 10): the first computer's
answer shows at the table's pace, each further computer in a row more quickly, and a
table's search thinks at most `TABLE_SECONDS` a move, so three computers in a row give the
turn back within about 1.5 s."""

from __future__ import annotations

import fakegame
import pytest

from cardlearn.bots import SearchBot
from cardlearn.games import GAMES
from cardlearn.table import play
from cardlearn.table.fixed import TABLE_SECONDS, table_bot
from cardlearn.table.widget import RUN_SHARE

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
