"""Demo mode for teaching (issue 32, point 8): three paces chosen on the table (slow, normal,
one move per press of "Næsti leikur"), a status that counts the demo's own moves, and an
undo that says what it took back."""

from __future__ import annotations

import fakegame
import pytest

from cardlearn.table import Table, TableModel, play
from cardlearn.table.view import classes_of, walk

SEATS = {0: "human", 1: "first", 2: "first", 3: "first"}


def table(delay: float = 0.0) -> Table:
    return play(fakegame, seats=SEATS, seed=9, delay=delay)


def one(widget, css: str):
    found = [w for w in walk(widget) if css in classes_of(w)]
    assert len(found) == 1, f"{len(found)} widgets with class {css}"
    return found[0]


def model(seed: int = 9) -> TableModel:
    m = TableModel(fakegame, fakegame.new_game(seed=seed), seats=SEATS, seed=seed)
    m.run_bots()
    return m


def test_the_paces_are_slow_normal_and_step() -> None:
    from cardlearn.table.turns import DEMO_PACES

    assert DEMO_PACES == {"slow": 2.5, "normal": 1.2, "step": None}


@pytest.mark.parametrize("pace, seconds", [("slow", 2.5), ("normal", 1.2), ("step", 0.0)])
def test_the_widgets_bot_delay_follows_the_demos_pace(pace: str, seconds: float) -> None:
    t = table(delay=0.3)
    try:
        t.demo_pace = "step"  # nothing moves while the test looks
        t.demo = True
        one(t, f"cardlearn-demo-pace-{pace}").click()  # the pace chosen on the table
        assert t.demo_pace == pace
        turn = t.model.pending_bot() or (t.model.demo_step() and t.model.pending_bot())
        assert turn is not None
        action = t.model.think(turn)
        assert t.pace(turn, action) == seconds
        t.demo = False
        turn = t.model.pending_bot()
        if turn is not None:  # a computer's own turn: the table's delay again
            assert t.pace(turn, t.model.think(turn)) in (0.3, 0.1)
    finally:
        t.close()


def test_the_pace_control_and_step_button_show_only_in_demo_mode() -> None:
    t = table()
    pace, step = one(t, "cardlearn-demo-pace"), one(t, "cardlearn-demo-step")
    assert pace.layout.display == "none" and step.layout.display == "none"
    t.demo_pace = "step"
    t.demo = True
    assert pace.layout.display is None and step.layout.display is None
    assert one(t, "cardlearn-demo-pace-step").button_style == "warning"
    assert [b.description for b in pace.children] == ["Hægt", "Hraðar", "Leik fyrir leik"]
    assert step.description == "Næsti leikur"
    one(t, "cardlearn-demo-pace-slow").click()
    assert step.layout.display == "none" and one(t, "cardlearn-demo").layout.display != "none"


def test_the_step_button_plays_exactly_one_move_per_press() -> None:
    t = table()  # no delay: every move due is made at once
    t.demo_pace = "step"
    t.demo = True
    made = len(t.model.moves)
    t.wait()
    assert len(t.model.moves) == made  # at the step pace nothing moves by itself
    for press in range(1, 4):
        one(t, "cardlearn-demo-step").click()
        t.wait()
        assert len(t.model.moves) == made + press
    one(t, "cardlearn-demo-pace-normal").click()  # normal: the demo plays on by itself
    assert len(t.model.moves) > made + 3


def test_the_model_steps_one_move_a_press_and_none_with_demo_off() -> None:
    m = model()
    m.demo_pace = "step"
    m.demo = True
    assert m.pending_bot() is None and m.run_bots() == 0
    assert m.demo_step()
    assert m.run_bots() == 1 and m.run_bots() == 0
    assert m.demo_step() and m.run_bots() == 1
    m.demo_pace = "normal"
    turn = m.pending_bot()
    assert turn is not None
    m.demo_pace = "step"  # a move already being thought about at the normal pace is dropped
    assert not m.complete(turn, m.think(turn)) and m.pending_bot() is None
    m.demo = False
    assert not m.demo_step()  # demo off: the step button means nothing


def test_the_status_counts_the_demos_own_moves() -> None:
    """Before: "(56. leikur tölvu í röð)" counted the pupil's moves made before demo began."""
    m = model()
    for _ in range(3):  # the pupil and the computers play a while
        m.act(m.state.legal_actions()[0])
        m.run_bots()
    m.demo_pace = "step"
    m.demo = True
    who = m.who(m.state.to_move)
    # the pupil's own seat, which the computer plays in a demo, is spoken to: "þú átt leik"
    want = "þú átt leik" if who == "Þú" else f"{who} á leik"
    assert m.snapshot().turn == f"1. leikur í sýnikennslu: {want} — smelltu á „Næsti leikur“"
    for _ in range(2):
        m.demo_step()
        m.run_bots()
    m.demo_pace = "normal"
    assert m.snapshot().turn.startswith("3. leikur í sýnikennslu: ")
    m.lang = "en"
    assert m.snapshot().turn == f"Demo move 3: {m.who(m.state.to_move)} is thinking…"


def test_undo_says_what_it_took_back() -> None:
    m = model()
    first = m.state.legal_actions()[0]
    m.act(first)
    taken = len(m.moves)
    m.run_bots()
    after = len(m.moves) - taken  # the computers' replies, taken back with it
    said = [fakegame.describe(m.states[i], m.moves[i][1], "is", viewer=0, who=m.who).rstrip(".")
            for i in range(taken - 1, len(m.moves))]
    assert m.undo()
    if len(said) <= 3:
        assert m.message == "Tekið aftur: " + "; ".join(f"„{s}“" for s in said) + "."
    else:
        assert m.message == f"Tekið aftur: „{said[0]}“ og {after} leikir þar á eftir."
    m.lang = "en"  # said again in the language switched to
    assert m.message.startswith("Taken back: ")


def test_taken_back_names_up_to_three_moves_and_counts_more() -> None:
    from cardlearn.table.history import taken_back_words

    assert taken_back_words(["Þú spilar út 9♥"], "is") == "Tekið aftur: „Þú spilar út 9♥“."
    assert taken_back_words(["You lead 9♥"], "en") == "Taken back: “You lead 9♥”."
    four = ["Þú spilar út 9♥", "Tölva 1 fylgir", "Tölva 2 fylgir", "Tölva 3 fylgir"]
    assert taken_back_words(four, "is") == "Tekið aftur: „Þú spilar út 9♥“ og 3 leikir þar á eftir."
    assert taken_back_words(four, "en") == "Taken back: “Þú spilar út 9♥” and the 3 moves after it."
    assert taken_back_words(["a"] * 22, "is") == "Tekið aftur: „a“ og 21 leikur þar á eftir."
