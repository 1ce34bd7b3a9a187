"""Mistakes that teach (issue 35, point 3): after two refused tries in a row the table offers
the rule that blocked them, in the game's one sentence (`RULE_TEACH`), and what the pupil may
do instead; a wait is no try, and a move or an accepted click ends the row."""

from __future__ import annotations

from cardlearn.games import kasina
from cardlearn.guided import GuideModel, guide
from cardlearn.table.model import TableModel
from cardlearn.table.snapshot import take

TWICE = {"is": "önnur tilraunin í röð", "en": "second refused try in a row"}


def must_take_table() -> tuple[TableModel, list[str]]:
    """A Kasína table where the pupil must take, and the hand cards that cannot (seed 3: only
    the ace takes)."""
    start = kasina.new_game(seed=3)
    model = TableModel(kasina, start, seats={0: "human", 1: "random"}, lang="is")
    assert model.human_to_move()
    takers = {str(a.card) for a in start.legal_actions()}
    trails = [str(c) for c in start.hands[0] if str(c) not in takers]
    assert trails, "the position must have a card that may not be laid down"
    return model, trails


def test_the_second_refused_try_in_a_row_offers_the_rule_and_the_way_on() -> None:
    model, trails = must_take_table()
    assert model.act(trails[0]) is False
    first = model.message
    assert "skylt er að taka" in first and TWICE["is"] not in first  # the refusal alone
    assert model.act(trails[-1]) is False
    second = model.message
    assert second.startswith("Það má ekki") and TWICE["is"] in second
    assert "Reglan: " + kasina.RULE_TEACH["is"]["must_take"] in second
    n = len(model.state.legal_actions())
    assert f"Þú átt {n} leiki" in second if n > 3 else "Þetta máttu gera núna" in second
    assert len(model.moves) == 0  # nothing moved
    model.lang = "en"  # said again in the other language, offer and all
    assert TWICE["en"] in model.message and kasina.RULE_TEACH["en"]["must_take"] in model.message


def test_a_move_ends_the_row_of_refused_tries() -> None:
    model, trails = must_take_table()
    assert model.act(trails[0]) is False
    assert model.act(model.state.legal_actions()[0])  # a move: the row is over
    while not model.human_to_move() and not model.paused:
        model.bot_step()
    if model.paused or not model.human_to_move():
        return
    state = model.state
    assert isinstance(state, kasina.State)
    bad = next((str(c) for c in state.hands[0]
                if all(str(a) != str(c) for a in model.state.legal_actions())), None)
    if bad is not None:
        assert model.act(bad) is False and TWICE["is"] not in model.message


def test_an_accepted_click_ends_the_row_and_a_wait_is_no_try() -> None:
    model, _ = must_take_table()
    snap = take(model)
    unusable = next(c for c in snap.hand if not c.usable)
    usable = next(c for c in snap.hand if c.usable)
    model.click(unusable.zone, unusable.index)  # refused: a card no move can use
    model.click(usable.zone, usable.index)  # chosen: no refusal, the row is over
    model.click(usable.zone, usable.index)  # unchosen again
    model.click(unusable.zone, unusable.index)
    assert TWICE["is"] not in model.message
    assert model.confirm() is False  # Confirm with nothing chosen: no try, and no break
    model.click(unusable.zone, unusable.index)  # the second try in a row
    assert TWICE["is"] in model.message


def test_two_refused_clicks_in_the_guided_deal_point_to_the_lit_move() -> None:
    model = GuideModel(guide("kasina"), lang="is")
    off = [c for c in take(model).hand if not c.suggested]
    model.click(off[0].zone, off[0].index)
    assert TWICE["is"] not in model.message
    model.click(off[-1].zone, off[-1].index)
    assert TWICE["is"] in model.message and "Upplýsti leikurinn er næstur" in model.message
    assert len(model.moves) == 0 and model.selected == frozenset()
