"""The table widget, driven without a browser: `act`, `undo`, `hint`, `button.click()`
and trait assignment.  Generic tests run for every game in `GAMES`."""

from __future__ import annotations

import dataclasses
import random
import re
import time

import pytest

from cardlearn.cards import parse_cards
from cardlearn.games import GAMES
from cardlearn.table import WORDS, Replay, Table, play, replay, seat_count, start_of, states_of

NAMES = sorted(GAMES)


def one(table: Table | Replay, css: str):
    found = [w for w in _walk(table) if css in w._dom_classes]
    assert len(found) == 1, f"{len(found)} widgets with class {css}"
    return found[0]


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def card_button(table: Table, zone: str, card) -> object:
    """An unselected, shown button for `card` in `zone`."""
    for button in table.find(f"cardlearn-card-{card}"):
        if f"cardlearn-zone-{zone}" in button._dom_classes and button.button_style != "success":
            return button
    raise AssertionError(f"no button for {card} in {zone}")


def click_move(table: Table, action) -> None:
    """Make `action` the way a player would: its cards, then Confirm if still needed, or
    its own button."""
    state = table.state
    tokens = table.game.action_cards(action)
    if not tokens:
        label = table.game.describe(state, action, table.lang)
        [button] = [b for b in table.find("cardlearn-action") if b.description == label]
        button.click()
        return
    for zone, card in tokens:
        assert table.state is state, "played before every card was selected"
        card_button(table, zone, card).click()
    if table.state is state:
        confirm = one(table, "cardlearn-confirm")
        assert not confirm.disabled
        confirm.click()


@pytest.mark.parametrize("name", NAMES)
def test_whole_match_through_act(name):
    table = play(name, seed=3, delay=0)
    rng = random.Random(1)
    for _ in range(5000):
        if table.state.is_over:
            break
        assert table.state.to_move == 0
        moves = len(table.state.history)
        table.act(rng.choice(table.state.legal_actions()))
        assert len(table.state.history) > moves
        assert f"Leikir: {len(table.state.history)}" in one(table, "cardlearn-status").value
    assert table.state.is_over
    assert WORDS["is"]["over"] in one(table, "cardlearn-status").value
    assert table.state.score_sheet and "<table>" in one(table, "cardlearn-sheet").value
    table.act(table.state)  # anything after the end only says so
    assert one(table, "cardlearn-message").value == WORDS["is"]["is_over"]


@pytest.mark.parametrize("name", NAMES)
def test_illegal_act_shows_message_and_changes_nothing(name):
    table = play(name, seed=4, delay=0)
    before = table.state
    table.act("this is no move")
    assert table.state is before
    assert one(table, "cardlearn-message").value.startswith("Ólöglegt:")
    table.act(table.state.legal_actions()[0])
    assert one(table, "cardlearn-message").value == ""


def test_illegal_kasina_card_names_the_rule():
    table = play("kasina", seed=4, delay=0)
    before = table.state
    absent = next(c for c in GAMES["kasina"].DECK if c not in before.hands[0])
    table.act(str(absent))
    assert table.state is before
    assert f"{absent} er ekki á hendi þinni" in table.message  # the rule, in Icelandic
    table.lang = "en"
    table.act(str(absent))
    assert f"{absent} is not in your hand" in table.message


@pytest.mark.parametrize("name", NAMES)
def test_undo(name):
    table = play(name, seed=5, delay=0)
    start = table.state
    table.undo()  # nothing to undo at the start
    assert table.state is start and table.message == WORDS["is"]["nothing_to_undo"]
    table.act(start.legal_actions()[0])
    after_one = table.state
    table.act(after_one.legal_actions()[-1])
    assert len(table.state.history) > len(after_one.history)
    table.undo()
    assert table.state is after_one
    table.undo()
    assert table.state is start
    assert one(table, "cardlearn-log").value == ""


@pytest.mark.parametrize("name", NAMES)
def test_hint_lists_exactly_the_legal_moves(name):
    table = play(name, seed=6, delay=0)
    assert one(table, "cardlearn-hints").value == ""
    hints = table.hint()
    assert [text for text, _ in hints] == [str(a) for a in table.state.legal_actions()]
    assert all(isinstance(why, str) and why for _, why in hints)
    shown = one(table, "cardlearn-hints").value
    assert shown.count("<li>") == len(hints)
    table.act(hints[0][0])  # the hint's text is a move the table accepts
    assert one(table, "cardlearn-hints").value == ""  # a hint belongs to one position
    one(table, "cardlearn-hint").click()
    assert one(table, "cardlearn-hints").value.count("<li>") == len(table.state.legal_actions())


@pytest.mark.parametrize("name", NAMES)
def test_clicks_make_the_same_move_as_act(name):
    start = play(name, seed=7, delay=0).state
    for action in start.legal_actions():
        clicked, acted = play(name, seed=7, delay=0), play(name, seed=7, delay=0)
        click_move(clicked, action)
        acted.act(action)
        assert clicked.state == acted.state, str(action)


@pytest.mark.parametrize("name", NAMES)
def test_card_buttons_follow_the_legal_moves(name):
    table = play(name, seed=8, delay=0)
    tokens = {t for a in table.state.legal_actions() for t in table.game.action_cards(a)}
    for button in table.find("cardlearn-card"):
        zone = next(c for c in button._dom_classes if c.startswith("cardlearn-zone-"))[15:]
        card = next(c for c in button._dom_classes if c.startswith("cardlearn-card-"))[15:]
        usable = any(z == zone and str(c) == card for z, c in tokens)
        assert button.disabled is (not usable)
        assert button.button_style == ("info" if usable else "")
    assert one(table, "cardlearn-confirm").disabled


def test_kasina_capture_choice_needs_confirm():
    kasina = GAMES["kasina"]
    # packets: 2 cards to seat 0, 2 to seat 1, 2 to the table, and again
    top = parse_cards("5S 9C 4D 7H 5D 2C KH 8S 6C QC JD 3H")
    deck = top + tuple(c for c in kasina.DECK if c not in top)
    table = play(kasina.new_game(seed=1, deck=deck), delay=0)
    assert sorted(map(str, table.state.table)) == sorted(map(str, parse_cards("5D 2C JD 3H")))
    card_button(table, "hand", "5S").click()
    assert one(table, "cardlearn-confirm").disabled
    assert card_button(table, "table", "JD").disabled and card_button(table, "hand", "9C").disabled
    card_button(table, "table", "5D").click()
    assert len(table.state.history) == 0  # 5S could take 2C + 3H as well: wait for Confirm
    assert [b.button_style for b in table.find("cardlearn-card")].count("success") == 2
    [five] = table.find("cardlearn-card-5D")
    five.click()  # deselect it again
    assert [b.button_style for b in table.find("cardlearn-card")].count("success") == 1
    card_button(table, "table", "5D").click()
    one(table, "cardlearn-confirm").click()
    assert str(table.state.history[0]) == "5S:5D"
    assert "Þú: tekur 5♦ með 5♠" in one(table, "cardlearn-log").value


@pytest.mark.parametrize("name", NAMES)
def test_language_switch(name):
    table = play(name, seed=9, delay=0)
    labels = ("cardlearn-undo", "cardlearn-hint", "cardlearn-new", "cardlearn-confirm", "cardlearn-lang")
    for lang in ("is", "en", "is"):
        assert table.lang == lang
        now = [one(table, css).description for css in labels]
        assert now == [WORDS[lang][k] for k in ("undo", "hint", "new", "confirm", "lang")]
        assert f"{WORDS[lang]['moves']}: 0" in one(table, "cardlearn-status").value
        one(table, "cardlearn-lang").click()
    assert play(name, seed=9, delay=0, lang="en").find("cardlearn-undo")[0].description == "Undo"
    table.lang = "is"
    table.act("this is no move")  # the message line follows the language too
    assert one(table, "cardlearn-message").value.startswith("Ólöglegt:")
    table.lang = "en"
    assert one(table, "cardlearn-message").value.startswith("Illegal move:")
    assert one(table, "cardlearn-lang").description == "Íslenska"


@pytest.mark.parametrize("name", NAMES)
def test_hot_seat_hides_the_hands(name):
    table = play(name, seats={0: "human", 1: "human"}, seed=10, delay=0)

    def hidden() -> bool:
        passing = table.find("cardlearn-pass")
        if passing:
            assert f"Sæti {table.state.to_move}" in passing[0].value
        return table.find("cardlearn-zone-hand") == [] and bool(table.find("cardlearn-ready"))

    assert hidden()  # nobody has said "ready" yet
    for _ in range(200):
        seat = table.state.to_move
        one(table, "cardlearn-ready").click()
        assert not hidden()
        hand = sorted(b._dom_classes[1][15:] for b in table.find("cardlearn-card")
                      if "cardlearn-zone-hand" in b._dom_classes)
        assert hand == sorted(table.state.observation(seat)["hand"])
        while table.state.to_move == seat:
            table.act(table.state.legal_actions()[0])
        if table.state.to_move in (0, 1):
            assert hidden()  # another human's turn: hands hidden until "ready"
            return
    raise AssertionError("the two humans never took turns")


@pytest.mark.parametrize("name", NAMES)
def test_new_game(name):
    table = play(name, seed=11, delay=0)
    table.act(table.state.legal_actions()[0])
    table.new_game(seed=12)
    assert table.state == play(name, seed=12, delay=0).state
    assert one(table, "cardlearn-log").value == "" and table.message == ""
    one(table, "cardlearn-new").click()  # a fresh random game
    assert table.state.history == ()


@pytest.mark.parametrize("name", NAMES)
def test_bots_alone_play_a_whole_match(name):
    n = seat_count(play(name, seed=13, delay=0).state)
    table = play(name, seats={s: "random" for s in range(n)}, seed=13, delay=0)
    assert table.state.is_over
    assert repr(table) == f"<cardlearn Table: {GAMES[name].NAME['is']}, match over>"


@pytest.mark.parametrize("name", NAMES)
def test_replay(name):
    n = seat_count(play(name, seed=14, delay=0).state)
    final = play(name, seats={s: "random" for s in range(n)}, seed=14, delay=0).state
    assert start_of(final).history == ()
    view = replay(final, show_all=True)
    moves = len(final.history)
    assert view.index == 0 and view.state == states_of(final)[0]
    one(view, "cardlearn-replay-back").click()
    assert view.index == 0
    one(view, "cardlearn-replay-forward").click()
    assert view.index == 1 and "1" in one(view, "cardlearn-replay-move").value
    one(view, "cardlearn-replay-last").click()
    assert view.index == moves and view.state == final
    one(view, "cardlearn-replay-forward").click()
    assert view.index == moves
    view.index = -5
    assert view.index == 0
    view.index = moves + 100
    assert view.index == moves
    one(view, "cardlearn-replay-first").click()
    assert view.index == 0 and "svg" in view.children[2].value
    assert not re.search(r"0x[0-9a-f]+", repr(view))


def test_replay_needs_a_recorded_start():
    state = play("kasina", seed=1, delay=0).state
    with pytest.raises(ValueError, match="no recorded start"):
        replay(dataclasses.replace(state, origin=None))


@pytest.mark.parametrize("name", NAMES)
def test_repr_has_no_address(name):
    table = play(name, seed=15, delay=0)
    assert repr(table) == f"<cardlearn Table: {GAMES[name].NAME['is']}, seat 0 to move>"
    assert not re.search(r"0x[0-9a-f]+", repr(table))


def test_bad_arguments():
    with pytest.raises(ValueError, match="bot level"):
        play("kasina", seats={1: "genius"})
    with pytest.raises(ValueError, match="at most 2 players"):
        play("kasina", seats={5: "human"})
    state = play("kasina", seed=1, delay=0).state
    with pytest.raises(ValueError, match="not a seat"):
        play(state, seats={5: "human"})
    with pytest.raises(ValueError, match="keeps its own rules"):
        play(state, rules=GAMES["kasina"].Rules(target=11))
    with pytest.raises(ValueError, match="unknown game"):
        play("poker")
    with pytest.raises(ValueError, match="lang"):
        play("kasina", lang="de")


@pytest.mark.parametrize("name", NAMES)
def test_a_click_while_the_bot_thinks_is_ignored(name):
    table = play(name, seed=16, delay=0.3)
    synchronous = play(name, seed=16, delay=0)
    try:
        first = table.state.legal_actions()[0]
        table.act(first)
        synchronous.act(first)
        if table.state.to_move != 0:  # a bot is due: clicks now change nothing
            thinking = table.state
            table.act(first)
            for button in table.find("cardlearn-card"):
                button.click()
            assert table.state is thinking
            assert table.message == WORDS["is"]["wait"].format(who=table._who(thinking.to_move))
        assert table.wait(10)
        assert table.state == synchronous.state
        for i, (seat, action) in enumerate(table._moves):  # the record is one legal chain
            assert table._states[i].to_move == seat
            assert table._states[i].apply(action) == table._states[i + 1]
    finally:
        table.close()


@pytest.mark.parametrize("name", NAMES)
def test_undo_while_the_bot_thinks(name):
    table = play(name, seed=17, delay=0.05)
    try:
        start = table.state
        table.act(start.legal_actions()[0])
        table.undo()
        assert table.state is start
        time.sleep(0.2)  # the cancelled bot move must not arrive late
        assert table.wait(10) and table.state is start
    finally:
        table.close()
