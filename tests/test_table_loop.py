"""The table's bots move from the event loop, never from a thread (a browser's Python,
Pyodide, has none): under a running asyncio loop, as in a kernel, and under a real
ipykernel, with starting a thread made to fail as it does in Pyodide.  Errors inside a
click or a bot's move are shown on the message line, not lost in a log."""

from __future__ import annotations

import asyncio
import textwrap
import threading
import time
from pathlib import Path

import nbformat
import pytest
import toygame
from nbclient import NotebookClient

from cardlearn.table import WORDS, play
from cardlearn.table.view import classes_of, walk

SEATS = {0: "human", 1: "random"}


REFUSE = """
import threading

_start = threading.Thread.start


def _refuse(self):
    # Starting a thread for cardlearn fails, as any thread does in Pyodide (the kernel's
    # own threads still start: it needs them here).
    if getattr(self._target, "__module__", "").startswith("cardlearn"):
        raise RuntimeError("can't start new thread")
    return _start(self)


threading.Thread.start = _refuse
"""


def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a thread for cardlearn fails, as in Pyodide ("can't start new thread")."""
    start = threading.Thread.start

    def refuse(self: threading.Thread) -> None:
        if getattr(self._target, "__module__", "").startswith("cardlearn"):
            raise RuntimeError("can't start new thread")
        start(self)

    monkeypatch.setattr(threading.Thread, "start", refuse)


def human_move(table):
    return table.state.legal_actions()[-1]


def message(table) -> str:
    return table.message


def test_bots_move_from_a_running_loop_without_threads(monkeypatch):
    no_threads(monkeypatch)

    async def session() -> None:
        table = play(toygame, seats=SEATS, seed=4, delay=0.2)
        start = len(table.model.moves)
        began = time.monotonic()
        table.act(human_move(table))
        assert len(table.model.moves) == start + 1  # the pupil's move; the bot's is due
        bot = table.state.to_move
        assert bot == 1
        table.act(human_move(table))  # a click during the bot's pause: refused, nothing changes
        assert table.message == WORDS["is"]["wait"].format(who=table.model.who(bot))
        # The bot moves while the loop runs on (here: while this coroutine sleeps).
        while len(table.model.moves) == start + 1 and time.monotonic() - began < 10:
            await asyncio.sleep(0.01)
        assert table.model.moves[start + 1][0] == 1
        assert time.monotonic() - began >= 0.2  # after its pause, not at once
        assert table.wait(0)
        table.close()

    asyncio.run(session())


def test_wait_runs_the_tables_own_loop_when_none_runs(monkeypatch):
    no_threads(monkeypatch)
    table = play(toygame, seats=SEATS, seed=4, delay=0.05)
    start = len(table.model.moves)
    table.act(human_move(table))
    time.sleep(0.2)  # no thread and no running loop: nothing moves meanwhile
    assert len(table.model.moves) == start + 1
    assert table.wait(10)
    assert len(table.model.moves) > start + 1 and table.model.moves[start + 1][0] == 1
    table.close()


def test_wait_from_inside_the_running_loop_moves_the_bots_at_once(monkeypatch):
    no_threads(monkeypatch)

    async def cell() -> None:  # a notebook cell calling table.wait(): no callback can run meanwhile
        table = play(toygame, seats=SEATS, seed=4, delay=5)
        table.act(human_move(table))
        began = time.monotonic()
        assert table.wait(10)
        assert time.monotonic() - began < 4 and table.state.to_move == 0
        table.close()

    asyncio.run(cell())


def test_an_error_inside_a_click_is_shown_on_the_table(monkeypatch):
    table = play(toygame, seats=SEATS, seed=4, delay=0)

    def broken(zone, index):
        raise RuntimeError("the click broke")

    monkeypatch.setattr(table.model, "click", broken)
    [button, *_] = table.card_buttons()
    button.click()  # ipywidgets would only log the error
    assert "RuntimeError: the click broke" in table.message
    shown = [w.value for w in walk(table) if "cardlearn-message" in classes_of(w)]
    assert any("the click broke" in str(v) for v in shown)


def test_a_bots_error_on_the_loop_is_shown_and_the_table_is_idle(monkeypatch):
    no_threads(monkeypatch)
    table = play(toygame, seats=SEATS, seed=4, delay=0.05)

    def broken(turn, seconds=None):
        raise RuntimeError("the bot broke")

    monkeypatch.setattr(table.model, "think", broken)
    table.act(human_move(table))
    assert table.wait(10)
    assert table.message == WORDS["is"]["bot_error"].format(msg="the bot broke")
    table.close()


@pytest.mark.slow
def test_bots_move_between_cells_under_ipykernel():
    """The same code under a real kernel: the table is made in one cell with threads
    refused, the bot has moved by a later cell (the kernel's loop ran its callbacks while
    a cell awaited)."""
    cells = [
        REFUSE,
        """
        import toygame
        from cardlearn.table import play
        table = play(toygame, seats={0: "human", 1: "random"}, seed=4, delay=0.2)
        start = len(table.model.moves)
        table.act(table.state.legal_actions()[-1])
        assert len(table.model.moves) == start + 1
        """,
        """
        import asyncio
        for _ in range(500):
            if len(table.model.moves) > start + 1:
                break
            await asyncio.sleep(0.02)
        assert table.model.moves[start + 1][0] == 1, table.model.moves
        assert table.message == "", table.message
        print("bot moved")
        """,
    ]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(textwrap.dedent(c)) for c in cells])
    here = str(Path(__file__).parent)  # toygame's folder
    NotebookClient(nb, timeout=60, kernel_name="python3", resources={"metadata": {"path": here}}).execute()
    printed = [o.get("text", "") for o in nb.cells[-1].outputs if o.get("name") == "stdout"]
    assert "".join(printed).strip() == "bot moved"
