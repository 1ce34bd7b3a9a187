"""The table, driven without a browser.  Most tests drive the model (`TableModel`: `act`,
`click`, `undo`, `hint`, the bots' steps) and read its `Snapshot`; the rest drive the widget
through its public methods and documented hooks (`button.click()`, `table.card_buttons()`,
`CardButton.token`, `table.find(css)`), never private attributes or CSS class offsets.
Generic tests run for every game in `GAMES`, for the toy game, and for `fakegame` (four
seats in teams, owners, face-down entries, a target zone, quiet and forced moves — what
Kasína cannot exercise)."""

from __future__ import annotations

import dataclasses
import random
import re
import subprocess
import sys
import threading
import time
import types
from collections import Counter
from typing import Any

import fakegame
import pytest
import toygame

from cardlearn.cards import Card, parse_cards
from cardlearn.games import GAMES
from cardlearn.grammar import genitive, number
from cardlearn.table import WORDS, Snapshot, Table, TableModel, play, replay, states_of
from cardlearn.table.look import css_name, stylesheet
from cardlearn.table.snapshot import CellView, cells, places
from cardlearn.table.view import CardButton, SeatBox, classes_of, set_classes, walk
from cardlearn.table.words import count_cards, deal_over, result, seat_name, simulated_words

MODULES = {"toy": toygame, "fake": fakegame, **GAMES}
NAMES = sorted(MODULES)
# The table knows no game, so the quick loop (`make check`) checks it on the two test games;
# the four real games' runs of the same tests are marked slow and run in `make test`.
QUICK = ("toy", "fake")
ALL = [pytest.param(name, marks=() if name in QUICK else pytest.mark.slow) for name in NAMES]


def thumbs(name: str) -> dict[int, str]:
    """Seat 0 human, the others the rule of thumb where the game has one: these tests play
    whole matches, and a search bot thinks ~0.1 s a move (the default opponent, the search
    bot, is tested on its own below)."""
    game = MODULES[name]
    players = game.new_game(seed=0).players
    level = "thumb" if "thumb" in game.BOTS else game.INFO.strongest_bot
    return {0: "human", **{s: level for s in range(1, players)}}


def new(name: str, **kw) -> Table:
    """A table with no delay (see `thumbs` for its computer seats)."""
    kw.setdefault("seats", thumbs(name))
    return play(MODULES[name], **{"delay": 0, **kw})


def model(name: str, seed: int, **kw) -> TableModel:
    """A model alone, no widget: its bots move only when told to (`run_bots`)."""
    game = MODULES[name]
    kw.setdefault("seats", thumbs(name))
    m = TableModel(game, game.new_game(seed=seed), seed=seed, **kw)
    m.run_bots()
    return m


def confirm_is_grey(button) -> bool:
    """Confirm while the selection is no move: drawn grey, yet a press still reaches the table."""
    return not button.disabled and "cardlearn-unusable" in classes_of(button) and not button.button_style


def one(widget, css: str):
    found = [w for w in walk(widget) if css in classes_of(w)]
    assert len(found) == 1, f"{len(found)} widgets with class {css}"
    return found[0]


def shown_text(table: Table) -> str:
    """Everything the widget shows: HTML, button labels, tooltips and CSS classes."""
    parts = []
    for w in walk(table):
        parts += [
            str(getattr(w, "value", "")),
            str(getattr(w, "description", "")),
            str(getattr(w, "tooltip", "") or ""),
            " ".join(classes_of(w)),
        ]
    return "\n".join(parts).replace(stylesheet(), "")


def card_button(table: Table, zone: str, card) -> CardButton:
    """An unselected, shown button for `card` in `zone`."""
    for button in table.card_buttons(zone):
        if button.card == str(card) and not button.selected:
            return button
    raise AssertionError(f"no button for {card} in {zone}")


def selected_cards(table: Table) -> list[str | None]:
    return [b.card for b in table.card_buttons() if b.selected]


def click_move(table: Table, action) -> None:
    """Make `action` the way a player would: its cards (or target zones), then Confirm if
    still needed, or its own button."""
    state = table.state
    tokens = table.game.action_cards(state, action)
    if table.model.exact() == [action]:  # a forced move comes selected: Confirm makes it
        one(table, "cardlearn-confirm").click()
        return
    if not tokens:
        label = table.game.command(state, action, table.lang, who=table.model.who)
        [button] = [b for b in table.find("cardlearn-action") if b.description == label]
        button.click()
        return
    for zone, card in tokens:
        assert table.state is state, "played before every card was selected"
        (table.target_button(zone) if card is None else card_button(table, zone, card)).click()
    if table.state is state:
        confirm = one(table, "cardlearn-confirm")
        assert not confirm.disabled
        confirm.click()


def click_tokens(m: TableModel, action) -> None:
    """The same on the model alone: click each token where the snapshot shows it."""
    if m.exact() == [action]:  # a forced move comes selected: Confirm makes it
        assert m.confirm()
        return
    for zone, card in m.game.action_cards(m.state, action):
        if card is None:
            m.click(zone, None)
            continue
        snap = m.snapshot()
        cell = next(c for c in snap.cells() if c.token == (zone, card) and not c.selected)
        m.click(cell.zone, cell.index)
    if m.snapshot().confirm:
        assert m.confirm()


def choice_action(state, game):
    """A legal move that is a real choice (not quiet), preferring the last."""
    quiet = getattr(game, "quiet", lambda s, a: False)
    return next(a for a in reversed(state.legal_actions()) if not quiet(state, a))


# ---------------------------------------------------------------------------------------
# The model, every game: no widget; the test moves the bots (`run_bots`)


def _act(m: TableModel, action) -> bool:
    """A human move, then the bots' replies (what the widget does with `delay=0`)."""
    made = m.act(action)
    m.run_bots()
    return made


def go_on(m: TableModel) -> TableModel:
    """The bots' moves, Áfram pressed at every deal's summary, until a human must move."""
    while True:
        m.run_bots()
        if not m.paused:
            return m
        m.dismiss()


def finish(table: Table) -> Table:
    """Áfram at every deal's summary of a table of bots alone (delay 0) until the end."""
    for _ in range(1000):
        if table.state.is_over:
            return table
        table.dismiss()
    raise AssertionError("the match never ended")


@pytest.mark.parametrize("name", ALL)
def test_whole_match_through_act(name):
    m, rng = model(name, seed=3), random.Random(1)
    forced_seen = 0
    for _ in range(5000):
        if m.state.is_over:
            break
        if m.paused:  # a deal's end: nothing moves until Áfram
            assert m.pending_bot() is None and not m.act(m.state.legal_actions()[0])
            assert m.message == WORDS["is"]["press_continue"].format(button="Áfram")
            m.dismiss()
            m.run_bots()
            continue
        assert m.state.to_move == 0 and m.pending_bot() is None
        legal = m.state.legal_actions()
        if len(legal) == 1:  # a forced move is the pupil's too: selected, said, and made by Confirm
            forced_seen += 1
            snap = m.snapshot()
            said = m.game.command(m.state, legal[0], "is")
            assert said in snap.message and snap.message.startswith("Þú átt aðeins einn leik")
            assert snap.confirm or [b.action for b in snap.buttons] == legal
        moves = len(m.state.history)
        assert _act(m, rng.choice(legal))
        assert len(m.state.history) > moves
        assert f"Leikir í viðureigninni: {len(m.state.history)}" in m.snapshot().status
    assert m.state.is_over
    snap = m.snapshot()
    assert snap.status.startswith(WORDS["is"]["over"])
    assert snap.banner is not None
    winner = result(m.state.winner, m.state.teams, m.state.players, m.seats, "is")
    assert winner in snap.banner.said  # the banner names the winner, and the standing by side
    standing = ", ".join(f"{n}: {number(v, 'is')}" for n, v in zip(m.sides(), m.state.scores))
    assert snap.banner.standing.endswith(standing)  # true minus signs
    # the end: a banner with the final sheet, each row in the game's words
    assert snap.sheet and snap.sheet == tuple(m.game.sheet_row(r, "is", m.who) for r in m.state.score_sheet)
    assert not m.act(m.state)  # anything after the end only says so
    assert m.message == WORDS["is"]["is_over"] == m.snapshot().message


@pytest.mark.parametrize("name", ALL)
def test_illegal_act_shows_message_and_changes_nothing(name):
    m = model(name, seed=4)
    before, moves = m.state, m.moves
    assert not m.act("this is no move")
    assert m.state is before and m.moves == moves
    assert m.message.startswith("Það má ekki:") and m.snapshot().message == m.message
    assert _act(m, choice_action(m.state, m.game))
    assert m.message == ""


def to_choice(m: TableModel) -> TableModel:
    """Confirm the pupil's forced moves (the bots replying) until a real choice is due."""
    while m.forced() is not None:
        assert m.confirm()
        go_on(m)
    return m


@pytest.mark.parametrize("name", ALL)
def test_undo(name):
    m = to_choice(model(name, seed=5))
    start, log = m.state, m.snapshot().log  # forced moves may come first
    assert not m.undo()  # nothing to undo at the start
    assert m.state is start and m.message == WORDS["is"]["nothing_to_undo"]
    _act(m, choice_action(start, m.game))
    assert m.message == ""  # the message went with the next action
    after_one = m.state
    _act(m, choice_action(after_one, m.game))
    assert len(m.state.history) > len(after_one.history)
    assert m.undo() and m.state is after_one
    assert m.undo() and m.state is start
    assert m.snapshot().log == log


@pytest.mark.parametrize("name", ALL)
def test_hint_lists_three_moves_at_most_strongest_bot_first(name):
    m = model(name, seed=6)
    assert m.snapshot().hints is None
    state = m.state
    hints = m.hint()
    legal = [str(a) for a in state.legal_actions()]
    assert len({text for text, _ in hints}) == len(hints) == min(3, len(legal))
    assert all(text in legal for text, _ in hints)
    strongest = m.game.BOTS[m.game.INFO.strongest_bot](seed=6)  # the table's seed
    thought = m.thought
    if thought is None or not thought.stopped_by_clock:  # a search cut by the clock may differ
        assert hints[0][0] == str(strongest.choose(state, 0))
    assert all(isinstance(why, str) and why for _, why in hints)
    shown = m.snapshot().hints
    assert shown is not None and [why for _, why in shown] == [why for _, why in hints]
    assert _act(m, hints[0][0])  # the hint's text is a move the table accepts
    assert m.snapshot().hints is None  # a hint belongs to one position


@pytest.mark.parametrize("lang", ["is", "en"])
def test_hint_shows_how_often_each_move_won_in_the_search_in_the_teachers_view_only(lang):
    kozel = GAMES["kozel"]
    m = TableModel(kozel, kozel.new_game(seed=6), seed=6, lang=lang)
    m.run_bots()
    state = m.state
    hints = m.hint()
    thought = m.thought
    assert thought is not None, "the strongest level is a search bot: the hint keeps its thought"
    assert all(why == kozel.explain(state, text, lang) for text, why in hints)  # words alone
    m.teacher = True
    hints = m.hint()
    for text, why in hints:
        result = thought.result(state.apply(text).history[-1])
        assert result.simulations >= 5  # the moves listed were tried in enough deals
        said = simulated_words(result, lang)
        assert f"({said}" in why and why.startswith(kozel.explain(state, text, lang)), why
        assert f"{round(100 * result.win_rate)} %" in said and str(result.simulations) in said
    shown = m.snapshot().hints
    assert shown is not None and len(shown) == len(hints)
    assert all(WORDS[lang]["simulated"].split(" ")[0] in why for _, why in shown)


@pytest.mark.parametrize("name", ALL)
def test_a_click_on_an_unusable_card_says_why_and_the_next_click_clears_it(name):
    m = model(name, seed=8)
    state = m.state
    unusable = [c for c in m.snapshot().cells() if not c.usable and c.card is not None]
    for cell in unusable:
        m.click(cell.zone, cell.index)
        assert m.state is state
        assert m.message, f"no reason for {cell}"
        for lang in ("en", "is"):
            m.lang = lang
            assert m.snapshot().message == m.message != ""
    usable = [c for c in m.snapshot().cells() if c.usable]
    if usable:
        m.click(usable[0].zone, usable[0].index)
        assert m.message == ""


@pytest.mark.parametrize("name", ALL)
def test_new_game(name):
    m = model(name, seed=11)
    _act(m, choice_action(m.state, m.game))
    m.new_game(seed=12)
    m.run_bots()
    assert m.state == model(name, seed=12).state
    assert m.snapshot().log == () and m.message == ""
    m.ask_new()  # nothing chosen yet: a fresh random game at once
    m.run_bots()
    assert not m.asking and m.state != model(name, seed=12).state
    assert m.undo_stops() == []  # at most forced moves


@pytest.mark.parametrize("name", ALL)
def test_new_game_asks_before_throwing_a_match_away(name):
    m = model(name, seed=11)
    _act(m, choice_action(m.state, m.game))
    playing = m.state
    m.ask_new()
    assert m.state is playing and m.asking and m.snapshot().asking
    m.answer_new(False)
    assert m.state is playing and not m.asking
    m.ask_new()
    m.answer_new(True)
    m.run_bots()
    assert m.state is not playing and not m.asking
    assert m.undo_stops() == []


@pytest.mark.parametrize("name", ALL)
def test_bots_alone_play_a_whole_match(name):
    game = MODULES[name]
    n = game.new_game(seed=13).players
    m = TableModel(game, game.new_game(seed=13), seats={s: "random" for s in range(n)}, seed=13)
    assert m.humans == () and m.pending_bot() is not None
    made = m.run_bots()
    assert made == len(m.moves) > 0
    if not m.state.is_over:  # the bots stop at the first deal's end, until Áfram
        assert m.paused and m.pending_bot() is None and m.snapshot().summary is not None
        go_on(m)
    assert m.state.is_over and m.pending_bot() is None
    assert all(m.states[i].to_move == seat for i, (seat, _) in enumerate(m.moves))


# ---------------------------------------------------------------------------------------
# The model: Kasína


def _kasina_must_take_position():
    """A position where seat 0 must take and holds a card that cannot."""
    kasina = GAMES["kasina"]
    for seed in range(200):
        state = kasina.new_game(seed=seed)
        takes = {a.card for a in state.legal_actions() if a.captured}
        idle = [c for c in state.hands[0] if c not in takes]
        if takes and idle:
            return state, idle[0]
    raise AssertionError("no such deal in 200 seeds")


def test_kasina_unusable_card_gives_the_engines_reason():
    kasina = GAMES["kasina"]
    state, idle = _kasina_must_take_position()
    m = TableModel(kasina, state)
    cell = next(c for c in m.snapshot().hand if c.card == str(idle))
    assert not cell.usable
    m.click("hand", cell.index)
    assert m.state is state
    expected = kasina.RULE_WORDS["is"]["must_take"].split(":")[0]
    assert m.message.startswith("Það má ekki: ") and expected in m.message
    m.lang = "en"
    assert kasina.RULE_WORDS["en"]["must_take"].split(":")[0] in m.message


def test_illegal_kasina_card_names_the_rule():
    kasina = GAMES["kasina"]
    m = TableModel(kasina, kasina.new_game(seed=4), seed=4)
    m.run_bots()
    before = m.state
    absent = next(c for c in kasina.DECK if str(c) not in before.observation(0)["hand"])
    assert not m.act(str(absent))
    assert m.state is before
    assert "þú ert ekki með" in m.message and "á hendi" in m.message  # the rule, in Icelandic
    assert str(absent) in m.message or absent.symbol in m.message
    m.lang = "en"
    m.act(str(absent))
    assert "is not in your hand" in m.message


@pytest.mark.slow
def test_kasina_last_move_marked_and_deal_summary_until_played_on():
    kasina = GAMES["kasina"]
    # the rule of thumb, not the default search bot: the marks and the panel do not depend on
    # how well the computer plays, and a whole match of searching took 19 s of the suite
    m = TableModel(kasina, kasina.new_game(seed=21), seats={0: "human", 1: "thumb"}, seed=21)
    m.run_bots()
    rng = random.Random(3)
    summary_seen = False
    while not m.state.is_over:
        snap = m.snapshot()
        marks = [c for c in snap.cells() if c.last]
        if m.moves:
            seat, action = m.moves[-1]
            said = m.game.describe(m.states[-2], action, "is", viewer=0)
            assert said in snap.last_move
            if seat == 1 and not action.captured and snap.summary is None:
                assert [c.card for c in marks] == [str(action.card)]  # its trail, marked
        if snap.summary is not None:
            summary_seen = True
            deal = len(m.state.score_sheet)
            assert snap.summary.deal == deal and snap.summary.row == m.state.score_sheet[-1]
            assert any(x.startswith(WORDS["is"]["last_move"] + ": ") for x in snap.summary.lines)
            assert snap.sides == ("Þú", "Tölvan")
            ended = "— " + WORDS["is"]["deal_over"].format(n=deal)
            assert any((line.divider or "").startswith(ended) for line in snap.log) or len(m.moves) > 12
            if rng.random() < 0.5:
                m.dismiss()
                assert m.snapshot().summary is None
        _act(m, rng.choice(m.state.legal_actions()))
        assert m.snapshot().summary is None or len(m.state.score_sheet) > 0
    assert summary_seen


def test_kasina_score_sheet_is_labelled_by_player():
    kasina = GAMES["kasina"]
    m = TableModel(kasina, kasina.new_game(seed=2), seats={0: "random", 1: "random"}, seed=2)
    m.run_bots()
    assert m.snapshot().sides == ("Tölva 0", "Tölva 1")
    human = TableModel(kasina, kasina.new_game(seed=2), seed=2)
    human.run_bots()
    _act(human, human.state.legal_actions()[0])
    assert "Þú: 0, Tölvan: 0" in human.snapshot().status


# ---------------------------------------------------------------------------------------
# The model: what Kasína cannot show, the fake four-seat game


def test_fake_undo_skips_quiet_and_forced_decisions():
    m = model("fake", seed=4)
    start = m.state
    _act(m, m.state.legal_actions()[0])
    _act(m, "pass")  # quiet: no undo stop
    assert m.state.phase == "play"
    m.undo()
    assert m.state is start
    rng = random.Random(4)
    while len(m.state.score_sheet) == 0:
        _act(m, rng.choice(m.state.legal_actions()))
    forced = [i for i, (s, _) in enumerate(m.moves) if s == 0 and len(m.states[i].legal_actions()) == 1]
    assert forced, "the last trick is always forced"
    assert not set(forced) & set(m.undo_stops())


def test_fake_trick_entries_name_who_played_and_owned_zones_sit_by_their_seat():
    m, rng = model("fake", seed=5), random.Random(5)
    while m.state.phase != "play" or not m.state.trick:
        if m.state.is_over:
            m.new_game(seed=rng.randrange(100))
        _act(m, rng.choice(m.state.legal_actions()))
    snap = m.snapshot()
    trick = snap.zone("trick").cells
    assert trick and all(c.caption.startswith(("Þú", "Tölva")) for c in trick)
    assert any("hæst" in c.caption for c in trick)
    assert any(c.last for c in trick)
    [seat1] = [s for s in snap.seats if s.seat == 1]
    assert [z.name for z in seat1.zones] == ["won-1"]


def test_fake_off_suit_card_gets_the_engines_reason_and_buttons_need_no_card():
    start = fakegame.new_game(seed=7)
    hands = tuple(parse_cards(h) for h in ("KS QS AH", "JS KH QH", "AD KD QD", "JD AC KC"))
    state = dataclasses.replace(start, hands=hands, trick=((3, Card.parse("AS")),), turn=0, stage="play",
                                passes=4)
    m = TableModel(fakegame, state)
    ace = next(c for c in m.snapshot().hand if c.card == "AH")
    assert not ace.usable
    m.click("hand", ace.index)  # the engine's rule, found by trying the move "p:AH"
    assert m.state is state and m.message.startswith("Það má ekki: fylgja verður lit: A♥")
    m.click("hand", m.entries("hand").index("KS"))
    assert m.message == "" and m.state is state  # a click selects: only Confirm plays
    assert m.confirm() and "p:KS" in map(str, m.state.history)
    claim = dataclasses.replace(start, stage="claim", turn=0)
    m = TableModel(fakegame, claim)
    m.click("hand", 0)
    assert m.message == WORDS["is"]["not_now"] and m.state is claim
    assert [b.label for b in m.snapshot().buttons] == ["tekur forystu", "pass"]


def test_an_owned_zone_captions_its_owners_cards_by_their_note_alone():
    """In a seat's own zone (a meld) the note, e.g. a joker's binding, is what must show."""
    m = TableModel(fakegame, fakegame.new_game(seed=1))
    entry = {"card": "AS", "seat": 2, "note": "= 10♥"}
    [owned] = cells(m, "meld-2-0", [entry], owner=2)
    [loose] = cells(m, "trick", [entry])
    assert owned.caption == "= 10♥"
    assert loose.caption.endswith(" · = 10♥") and loose.caption != owned.caption


# ---------------------------------------------------------------------------------------
# The model's mechanics: layout, selection, hot seat, undo stops, bot steps, places, hints


def test_the_model_runs_without_ipywidgets():
    """`model` and `snapshot` (with what they import) never import ipywidgets: loaded with
    ipywidgets made unimportable, and without the package's `__init__` (the widget)."""
    code = """if True:
        import pathlib, sys, types
        sys.modules["ipywidgets"] = None  # any import of it now fails
        import cardlearn
        table = types.ModuleType("cardlearn.table")
        table.__path__ = [str(pathlib.Path(cardlearn.__file__).parent / "table")]
        sys.modules["cardlearn.table"] = table
        from cardlearn.games import kasina
        from cardlearn.table.model import TableModel
        m = TableModel(kasina, kasina.new_game(seed=1), seats={0: "human", 1: "thumb"})
        m.act(m.state.legal_actions()[0])
        m.run_bots()
        assert len(m.moves) >= 2 and m.snapshot().log
    """
    root = str(__import__("pathlib").Path(__file__).resolve().parents[1])
    env = {**__import__("os").environ, "PYTHONPATH": root}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def _variant(**names) -> types.ModuleType:
    """Fjarki with some module names replaced."""
    game = types.ModuleType("fakegame_variant")
    game.__dict__.update({k: v for k, v in vars(fakegame).items() if not k.startswith("__")})
    game.__dict__.update(names)
    return game


def test_default_opponents_are_the_games_strongest_bot_by_its_facts():
    """`INFO.strongest_bot`, not the last key of `BOTS`."""
    game = _variant(BOTS={"first": fakegame.FirstBot, "random": fakegame.RandomBot})
    m = TableModel(game, fakegame.new_game(seed=1))
    assert m.seats == {0: "human", 1: "first", 2: "first", 3: "first"}
    assert m.humans == (0,)


@pytest.mark.parametrize("name", ALL)
def test_snapshot_marks_exactly_the_tokens_of_the_legal_moves(name):
    m = model(name, seed=8)
    state = m.state
    tokens = {t for a in state.legal_actions() for t in m.game.action_cards(state, a)}
    snap = m.snapshot()
    assert isinstance(snap, Snapshot) and snap.passing is None and snap.my_turn
    for cell in snap.cells():
        assert cell.usable is (cell.token in tokens), cell  # a face-down card (token None) never is
        assert not cell.selected
    for zone in snap.every_zone():
        assert zone.target_usable is (zone.target and (zone.name, None) in tokens), zone
    assert not snap.confirm
    plain = [a for a in state.legal_actions() if not m.game.action_cards(state, a)]
    assert [b.action for b in snap.buttons] == plain
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.message = "changed"  # type: ignore[misc]


@pytest.mark.parametrize("name", ALL)
def test_model_clicks_make_the_same_move_as_act(name):
    start = model(name, seed=7).state
    for action in start.legal_actions():
        clicked, acted = model(name, seed=7), model(name, seed=7)
        click_tokens(clicked, action) if clicked.game.action_cards(start, action) else clicked.act(action)
        acted.act(action)
        assert clicked.state == acted.state and clicked.moves == acted.moves, str(action)


def _kasina_capture_state():
    kasina = GAMES["kasina"]
    # packets: 2 cards to seat 0, 2 to seat 1, 2 to the table, and again
    top = parse_cards("5S 9C 4D 7H 5D 2C KH 8S 6C QC JD 3H")
    return kasina, kasina.new_game(seed=1, deck=top + tuple(c for c in kasina.DECK if c not in top))


def test_model_selection_grows_deselects_swaps_and_says_why_not():
    """No snapshot is taken: every click is resolved from the layout the model asks for."""
    kasina, state = _kasina_capture_state()
    m = TableModel(kasina, state)
    hand, laid = m.entries("hand"), m.entries("table")
    five, king, nine = hand.index("5S"), hand.index("KH"), hand.index("9C")
    m.click("hand", five)
    assert m.selected == {("hand", five)} and m.selection() == Counter([("hand", Card.parse("5S"))])
    assert m.token_of(("table", laid.index("5D"))) == ("table", Card.parse("5D"))
    m.click("table", laid.index("5D"))  # 5♠ could take 2♣ + 3♥ as well: wait for Confirm
    assert m.state is state and len(m.selected) == 2
    assert [str(a) for a in m.exact()] == ["5S:5D"] and len(m.fitting()) > 1
    m.click("table", laid.index("5D"))  # deselected again
    assert m.selected == {("hand", five)} and m.message == ""
    m.click("table", laid.index("JD"))  # 5♠ cannot take J♦: the engine says why; the choice stays
    assert m.message.startswith("Það má ekki:") and m.selected == {("hand", five)}
    m.lang = "en"
    assert m.message.startswith("Not allowed:")  # the reason is made again in the new language
    m.lang = "is"
    m.click("hand", nine)  # 9♣ takes nothing, and taking is compulsory
    assert m.message.startswith("Það má ekki:") and m.selected == {("hand", five)}
    m.click("hand", king)  # another usable hand card replaces the 5♠, and says so
    assert m.selected == {("hand", king)} and m.message == "K♥ kemur í stað 5♠."
    assert not m.confirm() and m.state is state  # K♥ alone is not a move here


def test_model_plays_a_move_only_on_confirm_and_ignores_backs():
    m = model("fake", seed=2)
    mine = m.entries("hand")[0]
    m.click("hand", 0)
    assert m.state.history == () and m.snapshot().zone("kitty").target_usable
    m.click("kitty", None)  # the kitty is the only place for it: still a click only selects
    assert m.state.history == () and m.snapshot().confirm
    assert m.confirm()
    assert str(m.state.history[0]) == f"d:{mine}" and m.selected == frozenset()
    m.run_bots()
    kitty = m.entries("kitty")
    assert kitty == [mine, None, None, None]  # the others' discards lie face down
    before, moves = m.state, m.moves
    m.click("kitty", 1)  # a face-down card is no token
    m.click("kitty", 9)  # nor is a card not shown
    assert m.state is before and m.moves == moves and m.selected == frozenset() and m.message == ""
    with pytest.raises(ValueError, match="face down"):
        m.token_of(("kitty", 1))


def test_model_hot_seat_resolves_clicks_in_the_hand_of_the_seat_shown():
    m = TableModel(fakegame, fakegame.new_game(seed=10), seats={0: "human", 1: "human"})
    assert m.seats[2] == m.seats[3] == "first"
    snap = m.snapshot()
    assert m.must_pass() and snap.passing == "Spilari 0" and snap.hand == () and snap.seats == ()
    m.click("hand", 0)
    assert m.message == WORDS["is"]["press_ready"] and m.selected == frozenset()
    m.ready()
    assert m.shown_seat() == 0 and m.token_of(("hand", 0)) == ("hand", m.state.hands[0][0])
    m.click("hand", 0)
    m.click("kitty", None)
    m.confirm()
    assert m.state.to_move == 1 and m.must_pass()
    m.ready()  # no snapshot between: the next click reads seat 1's layout all the same
    assert m.shown_seat() == 1 and m.token_of(("hand", 0)) == ("hand", m.state.hands[1][0])
    m.click("hand", 0)
    m.click("kitty", None)
    m.confirm()
    assert [s for s, _ in m.moves] == [0, 1]


def test_model_undo_stops_skip_quiet_and_forced_decisions():
    m = model("fake", seed=4)
    start = m.state
    assert m.undo_stops() == [] and not m.undo()
    assert m.message == WORDS["is"]["nothing_to_undo"]
    m.lang = "en"
    assert m.message == WORDS["en"]["nothing_to_undo"]
    m.act(m.state.legal_actions()[0])
    assert m.message == ""
    m.run_bots()
    assert m.state.phase == "claim" and m.state.to_move == 0
    m.act("pass")  # quiet: no undo stop
    m.run_bots()
    assert m.undo_stops() == [0] and m.is_undo_stop(0)
    assert not any(m.is_undo_stop(i) for i, (seat, _) in enumerate(m.moves) if seat != 0)
    generation = m.generation
    assert m.undo() and m.state is start and m.moves == () and m.states == (start,)
    assert m.generation > generation  # bot turns handed out before are stale


def test_model_bot_turns_are_steps_the_caller_drives():
    seats = {0: "human", 1: "first", 2: "first", 3: "first"}
    m = TableModel(fakegame, fakegame.new_game(seed=3), seats=seats)
    assert m.pending_bot() is None and not m.bot_step()  # seat 0 begins
    m.act(m.state.legal_actions()[0])
    turn = m.pending_bot()
    assert turn is not None and turn.seat == 1 and turn.state is m.state and m.is_current(turn)
    assert WORDS["is"]["thinking"].format(who="Tölva 1") in m.snapshot().status
    action = m.think(turn)
    assert m.state is turn.state  # thinking changes nothing
    assert m.complete(turn, action) and m.moves[-1] == (1, action)
    assert not m.is_current(turn) and not m.complete(turn, action)  # a turn is made once
    assert m.run_bots() == 2 and m.pending_bot() is None and m.state.to_move == 0
    m.act("pass")  # three quiet passes by the bots follow
    turn = m.pending_bot()
    assert turn is not None and m.quiet(turn.state, m.think(turn))
    m.new_game(seed=5)  # a new game: the turn handed out is stale
    assert not m.is_current(turn) and not m.complete(turn, m.think(turn))
    assert m.state == fakegame.new_game(seed=5) and m.moves == ()


def test_a_bots_error_is_shown_then_raised():
    class Stumbles:
        label = {"is": "hrasar", "en": "stumbles"}

        def __init__(self, seed: int = 0):
            pass

        def choose(self, state, seat):
            raise RuntimeError("no idea")

    game = _variant(BOTS={**fakegame.BOTS, "stumbles": Stumbles})
    seats = {0: "human", 1: "stumbles", 2: "first", 3: "first"}
    m = TableModel(game, fakegame.new_game(seed=3), seats=seats)
    m.act(m.state.legal_actions()[0])
    with pytest.raises(RuntimeError, match="no idea"):
        m.bot_step()
    assert m.message == WORDS["is"]["bot_error"].format(msg="no idea")
    table = play(game, seats=seats, seed=3, delay=0)
    with pytest.raises(RuntimeError, match="no idea"):
        table.act(table.state.legal_actions()[0])
    # drawn before it surfaced, in the bot's words
    assert WORDS["is"]["bot_error"].format(msg="no idea") in one(table, "cardlearn-message").value


def test_a_clicks_error_is_shown_as_the_programs_then_raised(monkeypatch):
    """A click's callback error would reach only a log: it is said on the message line
    (not as a computer player's error), the table redrawn, and it surfaces."""
    table = play("kasina", seed=3, delay=0)

    def broken(zone, index):
        raise RuntimeError("a broken click")

    monkeypatch.setattr(table.model, "click", broken)
    with pytest.raises(RuntimeError, match="a broken click"):
        table.click("hand", 0)
    said = WORDS["is"]["program_error"].format(msg="RuntimeError: a broken click")
    assert table.model.message == said and said in one(table, "cardlearn-message").value


@pytest.mark.parametrize("name", ["kozel", "fake", "kinaskak"])
def test_places_follow_the_teams_not_the_number_of_seats(name):
    """A partner across (Kozel, Fjarki); four seats without partners (Kínaskák) all along
    the top, and the last move then beside the middle, with its cards."""
    m = model(name, seed=1)
    snap = m.snapshot()
    assert m.state.players == 4
    partners = any(len(team) > 1 for team in m.state.teams)
    assert snap.sides_taken is partners
    want = {1: "left", 2: "top", 3: "right"} if partners else {1: "top", 2: "top", 3: "top"}
    assert {s.seat: s.place for s in snap.seats} == want
    table = new(name, seed=1)
    right = one(table, "cardlearn-right")
    beside = [w for w in walk(right) if "cardlearn-last-move" in classes_of(w)]
    assert bool(beside) is not partners
    for seat, place in want.items():
        assert one(table, f"cardlearn-seat-{seat}") in list(walk(one(table, f"cardlearn-{place}")))


def test_places_in_pure_terms():
    assert places(((0, 2), (1, 3)), 4, 0) == {1: "left", 2: "top", 3: "right"}
    assert places(((0, 2), (1, 3)), 4, 1) == {2: "left", 3: "top", 0: "right"}
    assert places(((0,), (1,), (2,), (3,)), 4, 2) == {3: "top", 0: "top", 1: "top"}
    assert places(((0,), (1,), (2,)), 3, 0) == {1: "top", 2: "top"}
    assert places(((0, 3), (1, 4), (2, 5)), 6, 0) == {1: "left", 2: "left", 3: "top", 4: "right", 5: "right"}


def test_model_hint_order_and_reasons():
    m = model("kasina", seed=6, seats={0: "human", 1: "thumb"})
    state = m.state
    assert m.snapshot().hints is None and m.thought is None
    hints = m.hint()
    thought = m.thought
    assert thought is not None and hints[0][0] == str(thought.choice)  # the strongest, a search bot
    assert [text for text, _ in hints] == [str(a) for a in m.hint_moves(state)]
    assert m.hint_moves(state) == m.hint_order(state)[:1] + m.hint_moves(state)[1:]
    assert set(m.hint_moves(state)) <= set(m.hint_order(state)) and len(m.hint_moves(state)) <= 3
    assert m.snapshot().hints == tuple(
        (m.game.describe(state, a, "is", viewer=0, who=m.who), m.reason(state, a))
        for a in m.hint_moves(state)
    )
    m.act(hints[0][0])
    assert m.snapshot().hints is None  # a hint belongs to one position
    m.run_bots()
    bots = TableModel(fakegame, fakegame.new_game(seed=1), seats={s: "first" for s in range(4)})
    assert bots.hint() == [] and bots.message == WORDS["is"]["no_hint"]


# ---------------------------------------------------------------------------------------
# Words


def test_words_agree_in_number_and_name_seats():
    assert count_cards(1, "en") == "1 card" and count_cards(2, "en") == "2 cards"
    assert count_cards(1, "is") == "1 spil" and count_cards(5, "is") == "5 spil"
    roles = {0: "human", 1: "thumb"}
    assert seat_name(1, roles, "is") == "Tölvan" and seat_name(0, roles, "is") == "Þú"
    assert result(0, ((0,), (1,)), 2, roles, "en") == "You win!"
    assert result(1, ((0,), (1,)), 2, roles, "is") == "Tölvan vinnur!"
    assert result(None, ((0,), (1,)), 2, roles, "is") == "jafntefli"
    assert set(WORDS["is"]) == set(WORDS["en"])
    w = WORDS["is"]
    assert (w["new"], w["undo"], w["your_hand"], w["thinking"].format(who=w["computer"])) == (
        "Nýr leikur",
        "Afturkalla",
        "Spilin þín",
        "Tölvan hugsar…",
    )


def test_simulated_words_say_a_decimal_comma():
    from cardlearn.bots import MoveResult
    six = MoveResult("x", [2.5, 1.0, -1.0, 0.0, 0.5, 0.5])
    assert simulated_words(six, "en") == "tried in 6 imagined deals, won 75 %, mean margin +0.6"
    assert simulated_words(six, "is") == "prófað í 6 ímynduðum spilum, sigur í 75 % þeirra, meðalmunur +0,6"



# ---------------------------------------------------------------------------------------
# The widget: `play`, what it draws, its buttons and hooks, its bots on a thread


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_default_opponents_are_search_bots_and_play_at_once(name):
    table = play(name, delay=0, seed=5)
    assert GAMES[name].INFO.strongest_bot == "search"
    assert table.seats[0] == "human" and all(r == "search" for s, r in table.seats.items() if s)
    assert table.state.to_move == 0 or table.state.is_over  # the bots moved inside play()
    if not table.state.is_over:
        table.act(table.state.legal_actions()[0])
        assert table.state.to_move == 0 or table.state.is_over


@pytest.mark.parametrize("name", ALL)
def test_clicks_make_the_same_move_as_act(name):
    start = new(name, seed=7).state
    for action in start.legal_actions():
        clicked, acted = new(name, seed=7), new(name, seed=7)
        click_move(clicked, action)
        acted.act(action)
        assert clicked.state == acted.state, str(action)


@pytest.mark.parametrize("name", ALL)
def test_card_buttons_follow_the_legal_moves(name):
    table = new(name, seed=8)
    state = table.state
    tokens = {t for a in state.legal_actions() for t in table.game.action_cards(state, a)}
    buttons = table.card_buttons()
    assert buttons == table.find("cardlearn-card")  # every card picture clicked is a CardButton
    for button in buttons:
        assert not button.disabled  # a click on any card must reach the table
        classes = classes_of(button)
        assert f"cardlearn-zone-{css_name(button.zone)}" in classes  # the DOM contract (browserkit)
        if button.card is None:
            assert "cardlearn-back" in classes and button.token is None
            continue
        assert f"cardlearn-card-{css_name(button.card)}" in classes
        fits = button.token in tokens
        assert button.usable is fits
        assert button.button_style == ("info" if fits else "")
    assert confirm_is_grey(one(table, "cardlearn-confirm"))


@pytest.mark.parametrize("name", ALL)
def test_language_switch(name):
    table = new(name, seed=9)
    labels = (
        "cardlearn-undo",
        "cardlearn-hint",
        "cardlearn-new",
        "cardlearn-confirm",
        "cardlearn-lang",
        "cardlearn-teacher",
    )
    for lang in ("is", "en", "is"):
        assert table.lang == lang
        now = [one(table, css).description for css in labels]
        assert now == [WORDS[lang][k] for k in ("undo", "hint", "new", "confirm", "lang", "teacher")]
        assert f"{WORDS[lang]['moves']}: 0" in one(table, "cardlearn-status").value
        other = "en" if lang == "is" else "is"  # the page's text follows the table's language
        assert f".cardlearn-page-{other}{{display:none" in shown_text(table)
        one(table, "cardlearn-lang").click()
    assert new(name, seed=9, lang="en").find("cardlearn-undo")[0].description == "Undo"
    table.lang = "is"
    table.act("this is no move")  # the message line follows the language too
    assert one(table, "cardlearn-message").value.startswith("Það má ekki:")
    table.lang = "en"
    assert one(table, "cardlearn-message").value.startswith("Not allowed:")
    assert one(table, "cardlearn-lang").description == "Íslenska"


@pytest.mark.parametrize("name", ALL)
def test_hot_seat_hides_the_hands(name):
    table = new(name, seats={0: "human", 1: "human"}, seed=10)

    def hidden() -> bool:
        passing = table.find("cardlearn-pass")
        if passing:
            assert f"Spilari {table.state.to_move}" in passing[0].value
        return table.find("cardlearn-zone-hand") == [] and bool(table.find("cardlearn-ready"))

    assert hidden()  # nobody has said "ready" yet
    for _ in range(200):
        seat = table.state.to_move
        one(table, "cardlearn-ready").click()
        assert not hidden()
        hand = sorted(b.card for b in table.card_buttons("hand"))
        assert hand == sorted(table.state.observation(seat)["hand"])
        while table.state.to_move == seat:
            table.act(table.state.legal_actions()[0])
        if table.state.to_move in (0, 1):
            assert hidden()  # another human's turn: hands hidden until "ready"
            return
    raise AssertionError("the two humans never took turns")


@pytest.mark.parametrize("name", ALL)
def test_replay(name):
    n = new(name, seed=14).state.players
    final = finish(new(name, seats={s: "random" for s in range(n)}, seed=14)).state
    assert final.start().history == ()
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
    assert view.index == 0 and "svg" in one(view, "cardlearn-replay-picture").value
    assert not re.search(r"0x[0-9a-f]+", repr(view))


def test_replay_needs_a_recorded_start_and_shows_all_only_at_the_end():
    kasina = GAMES["kasina"]
    state = new("kasina", seed=1).state
    with pytest.raises(ValueError, match="no recorded start"):
        replay(kasina.determinize(state, 0, random.Random(1)))
    with pytest.raises(ValueError, match="finished game"):
        replay(state, show_all=True)


@pytest.mark.parametrize("name", ALL)
def test_repr_has_no_address(name):
    table = new(name, seed=15)
    assert repr(table) == f"<cardlearn Table: {MODULES[name].NAME['is']}, seat 0 to move>"
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


def test_cardlearn_seed_fixes_the_deal_of_an_unseeded_table(monkeypatch):
    monkeypatch.setenv("CARDLEARN_SEED", "77")
    assert play("kasina", delay=0).state == play("kasina", delay=0).state
    assert play("kasina", seed=5, delay=0).state.seed == 5  # an explicit seed wins
    monkeypatch.setenv("CARDLEARN_SEED", "seven")
    with pytest.raises(ValueError, match="CARDLEARN_SEED"):
        play("kasina", delay=0)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_with_cardlearn_seed_the_computers_think_by_count_not_by_the_clock(monkeypatch, name):
    """A fixed seed must play the same game on a busy machine: no search bot of the table,
    of demo mode or of a hint may stop on the clock (it stopped after `seconds`, so a busy
    machine made other moves)."""
    from cardlearn.bots import SearchBot
    from cardlearn.table.choices import Advice
    monkeypatch.setenv("CARDLEARN_SEED", "5")
    model = TableModel(MODULES[name], MODULES[name].new_game(seed=5), seats={0: "human"})
    model.demo = True
    bots = list(model.bots.values())  # the computer seats' and demo mode's
    assert any(isinstance(b, SearchBot) for b in bots)
    assert all(b.seconds is None for b in bots if isinstance(b, SearchBot))
    searched: list[float | None] = []
    monkeypatch.setattr(SearchBot, "think", lambda self, state, seat: searched.append(self.seconds) or
                        types.SimpleNamespace(choice=state.legal_actions()[0], worlds=0))
    state = MODULES[name].new_game(seed=5)
    Advice(MODULES[name], state, seed=1)
    assert searched == [None]
    monkeypatch.delenv("CARDLEARN_SEED")  # a pupil's table keeps its pace
    model = TableModel(MODULES[name], MODULES[name].new_game(seed=5), seats={0: "human"})
    assert all(b.seconds is not None for b in model.bots.values() if isinstance(b, SearchBot))


@pytest.mark.parametrize("name", ALL)
def test_a_click_while_the_bot_thinks_is_ignored(name):
    synchronous = new(name, seed=16)
    table = play(MODULES[name], seed=16, delay=0.3, seats=dict(synchronous.seats))
    # The bot's thread thinks until the test has clicked: a loaded machine cannot let the
    # bot's move land first (the pause alone made this test flaky under load).
    clicked = threading.Event()
    think = table.model.think

    def think_after_the_clicks(turn, seconds=None):
        assert clicked.wait(10)
        return think(turn, seconds)

    table.model.think = think_after_the_clicks  # type: ignore[method-assign]
    try:
        first = choice_action(table.state, table.game)
        table.act(first)
        synchronous.act(first)
        quiet = getattr(table.game, "quiet", lambda s, a: False)
        thinking = table.state
        # A bot is due and thinks for `delay` (a quiet decision is made at once): clicks change nothing.
        if thinking.to_move != 0 and not any(quiet(thinking, a) for a in thinking.legal_actions()):
            table.act(first)
            for button in table.find("cardlearn-card"):
                button.click()
            assert table.state is thinking
            assert table.message == WORDS["is"]["wait"].format(who=table.model.who(thinking.to_move))
        clicked.set()
        assert table.wait(10)
        assert table.state == synchronous.state
        states = table.model.states
        for i, (seat, action) in enumerate(table.model.moves):  # the record is one legal chain
            assert states[i].to_move == seat
            assert states[i].apply(action) == states[i + 1]
    finally:
        table.close()


@pytest.mark.parametrize("name", ALL)
def test_undo_while_the_bot_thinks(name):
    table = play(MODULES[name], seed=17, delay=0.05)
    try:
        start = table.state
        table.act(choice_action(start, table.game))
        table.undo()
        assert table.state is start
        time.sleep(0.2)  # the cancelled bot move must not arrive late
        assert table.wait(10) and table.state is start
    finally:
        table.close()


@pytest.mark.parametrize("name", ALL)
def test_teacher_view_shows_every_hand_marked_and_bots_play_the_same(name):
    plain, teaching = new(name, seed=18), new(name, seed=18)
    assert not plain.teacher and not plain.find("cardlearn-teacher-on")
    state = plain.state
    others = [s for s in range(state.players) if s != 0]
    hidden = [c for s in others for c in teaching.game.layout(state, s, "is")["hand"]]
    text = shown_text(plain)
    assert not any(f"cardlearn-card-{c} " in text for c in hidden if c not in state.observation(0)["hand"])
    one(teaching, "cardlearn-teacher").click()
    assert teaching.teacher and one(teaching, "cardlearn-felt") is one(teaching, "cardlearn-teacher-on")
    assert WORDS["is"]["teacher_on"] in one(teaching, "cardlearn-teacher-note").value
    text = shown_text(teaching)
    assert all(f"cardlearn-card-{c} " in text for c in hidden)
    for _ in range(3):  # the bots choose exactly as they do without the teacher's view
        if plain.state.is_over:
            break
        action = choice_action(plain.state, plain.game)
        plain.act(action)
        teaching.act(action)
        assert plain.state == teaching.state


def test_kasina_capture_choice_needs_confirm():
    kasina = GAMES["kasina"]
    # packets: 2 cards to seat 0, 2 to seat 1, 2 to the table, and again
    top = parse_cards("5S 9C 4D 7H 5D 2C KH 8S 6C QC JD 3H")
    deck = top + tuple(c for c in kasina.DECK if c not in top)
    table = play(kasina.new_game(seed=1, deck=deck), delay=0)
    assert sorted(map(str, table.state.table)) == sorted(map(str, parse_cards("5D 2C JD 3H")))
    card_button(table, "hand", "5S").click()
    assert confirm_is_grey(one(table, "cardlearn-confirm"))
    assert not card_button(table, "table", "JD").usable and not card_button(table, "hand", "9C").usable
    card_button(table, "table", "5D").click()
    assert len(table.state.history) == 0  # 5S could take 2C + 3H as well: wait for Confirm
    assert selected_cards(table) == ["5D", "5S"]
    [five] = table.find("cardlearn-card-5D")
    five.click()  # deselect it again
    assert selected_cards(table) == ["5S"]
    card_button(table, "table", "JD").click()  # 5♠ cannot take J♦: the engine says why
    assert len(table.state.history) == 0 and "J" in table.message and table.message.startswith("Það má ekki:")
    assert selected_cards(table) == ["5S"]
    card_button(table, "hand", "9C").click()  # 9♣ takes nothing, and taking is compulsory
    assert table.message.startswith("Það má ekki:") and len(table.state.history) == 0
    card_button(table, "hand", "KH").click()  # another usable hand card replaces the 5♠, and says so
    assert table.message == "K♥ kemur í stað 5♠."
    assert selected_cards(table) == ["KH"]
    card_button(table, "hand", "5S").click()
    card_button(table, "table", "5D").click()
    one(table, "cardlearn-confirm").click()
    assert str(table.state.history[0]) == "5S:5D"
    assert "Þú tekur 5♦ með 5♠" in one(table, "cardlearn-log").value


def test_fake_seats_round_the_table_and_team_names():
    table = new("fake", seed=1)
    for place, seat in (("left", 1), ("top", 2), ("right", 3)):
        [box] = one(table, f"cardlearn-{place}").children
        assert isinstance(box, SeatBox) and box.seat == seat and f"cardlearn-seat-{seat}" in classes_of(box)
    # a seat's own zones sit by it, in its box
    assert [w for w in walk(one(table, "cardlearn-seat-1")) if "cardlearn-zone-won-1" in classes_of(w)]
    status = one(table, "cardlearn-status").value
    assert "<td>Þið Tölva 2</td><td class=cardlearn-score>0</td>" in status
    assert "<td>Tölva 1 og Tölva 3</td><td class=cardlearn-score>0</td>" in status
    assert result(0, fakegame.TEAMS, 4, table.seats, "is") == "Þið Tölva 2 vinnið!"
    assert result(1, fakegame.TEAMS, 4, table.seats, "en") == "Computer 1 and Computer 3 win!"


def test_fake_target_zone_face_down_entries_and_what_the_log_may_say():
    table = new("fake", seed=2)
    mine = table.state.observation(0)["hand"][0]
    card_button(table, "hand", mine).click()
    assert table.state.history == () and table.target_button("kitty").usable
    table.target_button("kitty").click()
    one(table, "cardlearn-confirm").click()
    assert str(table.state.history[0]) == f"d:{mine}"
    kitty = table.card_buttons("kitty")
    assert [b.card for b in kitty] == [mine, None, None, None]
    assert ["cardlearn-back" in classes_of(b) for b in kitty] == [False, True, True, True]
    assert [b.description for b in kitty] == ["Þú · þitt", "Tölva 1", "Tölva 2", "Tölva 3"]
    log = one(table, "cardlearn-log").value
    assert f"Þú: leggur {Card.parse(mine).symbol} á grúfu" in log and log.count("leggur spil á grúfu") == 3
    hidden = [str(c) for s, c in table.state.kitty if s != 0]
    assert not any(
        f"cardlearn-card-{c} " in shown_text(table)
        for c in hidden
        if c not in table.state.observation(0)["hand"]
    )
    table.teacher = True  # the all-seeing teacher's log names every discard
    assert one(table, "cardlearn-log").value.count("leggur spil á grúfu") == 0


def test_fake_quiet_bot_decisions_take_no_delay_and_forced_moves_are_made():
    table = play(fakegame, seats={0: "human", 1: "first", 2: "first", 3: "first"}, seed=3, delay=0.4)
    try:
        table.act(table.state.legal_actions()[0])  # a discard; three bot discards follow, 0.4 s each
        assert table.wait(10) and table.state.phase == "claim"
        began = time.monotonic()
        table.act("pass")  # three quiet bot passes: no pause at all
        assert table.wait(10)
        # three paced passes would take 3 × 0.4 s at least; none is paced (a busy machine may
        # still take a while to draw, so the bound is the pacing, not a speed)
        assert time.monotonic() - began < 1.2 and table.state.phase == "play" and table.state.to_move == 0
        assert one(table, "cardlearn-log").value.count("cardlearn-quiet") == 4
    finally:
        table.close()


@pytest.mark.parametrize("name", ALL)
def test_the_end_of_a_match_is_drawn(name):
    """A banner with the final sheet (each side a column), the message line, the repr."""
    n = MODULES[name].new_game(seed=13).players
    table = finish(new(name, seats={s: "random" for s in range(n)}, seed=13))  # bots alone, inside `play`
    assert table.state.is_over
    assert WORDS["is"]["over"] in one(table, "cardlearn-status").value
    banner = one(table, "cardlearn-banner").value
    winner = result(table.state.winner, table.state.teams, n, table.seats, "is")
    assert winner in banner and "<table" in banner  # the banner names the winner
    sheet = one(table, "cardlearn-sheet").value
    assert "<table" in sheet and all(f"<th>{side}</th>" in sheet for side in table.model.sides())
    table.act(table.state)  # anything after the end only says so
    assert one(table, "cardlearn-message").value == WORDS["is"]["is_over"]
    assert repr(table) == f"<cardlearn Table: {MODULES[name].NAME['is']}, match over>"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_sheets_write_numbers_as_the_table_does(name):
    """Every score on a sheet (the panel's, the banner's, the log's deal line) with a true
    minus sign, and the deal column headed by the game's own word for a deal."""
    n = MODULES[name].new_game(seed=13).players
    table = finish(new(name, seats={s: "random" for s in range(n)}, seed=13))
    word = GAMES[name].INFO.deal_word["is"].replace("{n}.", "").strip()
    for css in ("cardlearn-banner", "cardlearn-sheet", "cardlearn-log"):
        text = one(table, css).value
        assert not re.search(r"(?<![\w-])-\d", re.sub("<[^>]+>", " ", text)), (css, text[:400])
    sheet = one(table, "cardlearn-sheet").value
    assert f'<th rowspan="2">{word[:1].upper() + word[1:]}</th>' in sheet
    if name == "lomber":  # payments sum to nothing: someone always pays
        assert "−" in sheet


@pytest.mark.parametrize("name", ALL)
def test_the_side_column_sheet_is_short_with_the_whole_on_request(name):
    """The side column's sheet (issue 32): a row per side with its total in each of the last
    three deals and its standing; the whole sheet (every category) inside a <details>,
    opened on request."""
    n = MODULES[name].new_game(seed=13).players
    table = finish(new(name, seats={s: "random" for s in range(n)}, seed=13))
    sheet = one(table, "cardlearn-sheet").value
    short, _, whole = sheet.partition("<details>")
    assert "cardlearn-sheet-short" in short and "<summary>" in whole and 'rowspan="2"' in whole
    assert 'rowspan="2"' not in short and "colspan" not in short  # no category groups
    head = short.split("<thead>")[1].split("</thead>")[0]
    deals = len(table.model.snapshot().sheet)
    assert re.findall(r"<th>(\d+)</th>", head) == [str(i) for i in range(max(1, deals - 2), deals + 1)]
    assert WORDS["is"]["standing"] in head
    assert all(f'<tr><th scope="row">{side}</th>' in short for side in table.model.sides())


@pytest.mark.parametrize("name", ["kasina", "fake"])
def test_the_hint_button_shows_the_list(name):
    table = new(name, seed=6)
    assert one(table, "cardlearn-hints").value == ""
    one(table, "cardlearn-hint").click()
    shown = one(table, "cardlearn-hints").value
    legal = table.state.legal_actions()
    assert shown.count("<li") == min(3, len(legal)) and "cardlearn-hint-best" in shown
    assert WORDS["is"]["simulated"].split(" ")[0] not in shown  # no figures for a pupil
    if table.model.thought is not None:  # how each move did in the search: the teacher's view
        one(table, "cardlearn-teacher").click()
        one(table, "cardlearn-hint").click()
        shown = one(table, "cardlearn-hints").value
        assert shown.count(WORDS["is"]["simulated"].split(" ")[0]) == min(3, len(legal))
        one(table, "cardlearn-teacher").click()
    assert table.hint() == table.model.hint()
    table.act(table.model.hint()[0][0])
    assert one(table, "cardlearn-hints").value == ""  # a hint belongs to one position


def test_the_new_game_button_asks_before_throwing_a_match_away():
    table = new("fake", seed=11)
    one(table, "cardlearn-new").click()  # nothing chosen yet: a fresh random game at once
    assert not table.find("cardlearn-ask")
    table.act(choice_action(table.state, table.game))
    playing = table.state
    one(table, "cardlearn-new").click()
    assert table.state is playing and one(table, "cardlearn-ask")
    assert WORDS["is"]["new_ask"] in one(table, "cardlearn-ask-text").value
    one(table, "cardlearn-new-no").click()
    assert table.state is playing and not table.find("cardlearn-ask")
    one(table, "cardlearn-new").click()
    one(table, "cardlearn-new-yes").click()
    assert table.state is not playing and not table.find("cardlearn-ask")
    table.new_game(seed=12)
    assert table.state == new("fake", seed=12).state
    assert one(table, "cardlearn-log").value == "" and table.message == ""


def test_the_deal_summary_is_drawn_until_dismissed():
    table, rng = new("kasina", seed=21), random.Random(3)
    while not table.find("cardlearn-summary"):
        assert not table.state.is_over
        table.act(rng.choice(table.state.legal_actions()))
    text = one(table, "cardlearn-summary-text").value
    heading = deal_over(GAMES["kasina"].INFO.deal_word["is"], 1, "is")  # "1. spili lokið"
    assert heading == "1. spili lokið"
    assert heading in text
    board = one(table, "cardlearn-summary-table").value
    assert "<table" in board and "Þú" in board and "Tölvan" in board
    assert WORDS["is"]["last_move"] in text
    assert "— " + heading in one(table, "cardlearn-log").value
    assert not table.card_buttons("hand")  # the panel takes the place of your cards: the next deal waits
    one(table, "cardlearn-dismiss").click()
    assert not table.find("cardlearn-summary")


def test_view_hooks_name_what_each_button_stands_for():
    table = new("fake", seed=2)
    snap = table.model.snapshot()
    drawn = Counter((b.zone, b.index, b.card) for b in table.card_buttons())
    assert drawn == Counter((c.zone, c.index, c.card) for c in snap.cells())
    for button in table.card_buttons("hand"):
        assert button.token == ("hand", Card.parse(button.card)) and button.usable
    target = table.target_button("kitty")
    assert target.token == ("kitty", None) and target.description == snap.zone("kitty").label
    cell = CellView("hand", 0, "AS", "", selected=False, usable=False, last=True)
    button = CardButton("hand", 0, lambda zone, index: None)
    button.show(cell)
    assert classes_of(button) == ("cardlearn-card", "cardlearn-card-AS", "cardlearn-zone-hand",
                                  "cardlearn-last", "cardlearn-unusable")
    set_classes(button, "cardlearn-card", "", "cardlearn-back")
    assert classes_of(button) == ("cardlearn-card", "cardlearn-back")


# ---------------------------------------------------------------------------------------
# The second edition's flow: forced moves, the pause at a deal's end, one click model, undo's
# words, demo mode, the scoreboard, a pile drawn stacked


def _fake_forced_position():
    """Fjarki's last trick: seat 0 holds one card, so its play is forced."""
    m = model("fake", seed=4)
    rng = random.Random(4)
    while m.forced() is None:
        _act(m, rng.choice(m.state.legal_actions()))
    return m


def test_a_forced_move_is_selected_and_said_and_waits_for_confirm():
    m = _fake_forced_position()
    state, [only] = m.state, m.state.legal_actions()
    snap = m.snapshot()
    assert m.state.to_move == 0 and snap.confirm  # nothing was played for the pupil
    assert snap.message == WORDS["is"]["forced"].format(move=fakegame.command(state, only, "is"))
    assert [c.card for c in snap.hand if c.selected] == [str(only.card)]
    m.lang = "en"
    assert m.message.startswith("You have only one move: ")
    assert m.confirm() and m.state.history[-1] == only


def test_a_click_only_selects_even_when_it_means_one_move():
    """The misclick the review saw in Kozel: one card that alone is a whole move is only
    selected; Confirm plays it, and a faded (unusable) card is never played."""
    start = fakegame.new_game(seed=7)
    hands = tuple(parse_cards(h) for h in ("KS QS AH", "JS KH QH", "AD KD QD", "JD AC KC"))
    state = dataclasses.replace(start, hands=hands, trick=((3, Card.parse("AS")),), turn=0, stage="play",
                                passes=4)
    m = TableModel(fakegame, state)
    m.click("hand", m.entries("hand").index("KS"))
    assert m.state is state and m.snapshot().confirm
    m.click("hand", m.entries("hand").index("AH"))  # faded: a reason, never a move
    assert m.state is state and m.message.startswith("Það má ekki")
    m.click("hand", m.entries("hand").index("QS"))  # another usable card replaces the K♠
    assert m.state is state and m.selected == {("hand", m.entries("hand").index("QS"))}
    assert m.confirm() and str(m.state.history[-1]) == "p:QS"


def test_a_deals_end_pauses_the_table_until_afram():
    m, rng = model("fake", seed=8), random.Random(8)
    while not m.paused:
        _act(m, rng.choice(m.state.legal_actions()))
    snap, i = m.snapshot(), m.summary_at
    assert snap.paused and snap.summary is not None and m.pending_bot() is None and not m.bot_step()
    before, after = m.states[i], m.states[i + 1]
    assert snap.summary.lines[0] == fakegame.deal_result(before, after, "is", m.who)  # the verdict first
    assert snap.summary.heading == "1. spili lokið"
    assert snap.turn == WORDS["is"]["press_continue"].format(button="Áfram")
    assert not snap.buttons and not snap.confirm
    moves = m.moves
    if m.state.to_move == 0:
        assert not m.act(m.state.legal_actions()[0]) and m.moves == moves
    m.click("hand", 0)
    assert m.moves == moves and m.message == WORDS["is"]["press_continue"].format(button="Áfram")
    assert m.hint() == [] and m.moves == moves
    m.dismiss()
    assert not m.paused and m.snapshot().summary is None and m.message in ("", m.snapshot().message)
    assert m.pending_bot() is not None or m.human_to_move()


def test_a_bots_move_clears_the_wait_message_and_a_hint_clears_a_reason():
    seats = {0: "human", 1: "first", 2: "first", 3: "first"}
    m = TableModel(fakegame, fakegame.new_game(seed=3), seats=seats)
    m.act(m.state.legal_actions()[0])
    m.click("hand", 0)
    assert m.message == WORDS["is"]["wait"].format(who="Tölva 1")
    m.bot_step()
    assert m.message == ""  # the situation changed: the stale "wait" is gone
    m.run_bots()
    m.click("kitty", 0)  # a card that is no token now: a reason
    m.hint()
    assert m.message == ""


def test_undo_says_what_it_takes_back():
    m = model("fake", seed=4)
    assert m.undo_says() == WORDS["is"]["undo_nothing"]
    first = m.state.legal_actions()[0]
    _act(m, first)
    said = fakegame.describe(m.states[0], first, "is", viewer=0, who=m.who)
    bots = len(m.moves) - 1
    assert m.undo_says() == WORDS["is"]["undo_what"].format(move=said) + \
        WORDS["is"]["undo_more"].format(n=bots)
    assert m.snapshot().undo_says == m.undo_says()
    table = new("fake", seed=4)
    table.act(first)
    assert one(table, "cardlearn-undo").tooltip == m.undo_says()


def test_demo_mode_plays_every_seat_stops_at_each_deal_and_gives_the_seat_back():
    m = model("fake", seed=9)
    assert m.pending_bot() is None and m.human_to_move()
    m.demo = True
    turn = m.pending_bot()
    assert turn is not None and turn.seat == 0  # the computer plays the pupil's seat too
    m.click("hand", 0)
    assert m.message == WORDS["is"]["demo_on"] and m.moves == ()
    m.run_bots()
    assert m.paused and m.snapshot().summary is not None  # it stops at the deal's end
    assert any(seat == 0 for seat, _ in m.moves)
    assert m.snapshot().turn == WORDS["is"]["press_continue"].format(button="Áfram")
    m.dismiss()
    assert m.pending_bot() is not None
    m.bot_step()
    m.demo = False
    assert m.pending_bot() is None or m.pending_bot().seat != 0
    go_on(m)
    assert m.state.is_over or m.human_to_move()
    table = new("fake", seed=9)
    one(table, "cardlearn-demo").click()
    assert (table.demo and table.state.to_move != 0) or table.model.paused
    assert table.model.paused  # delay 0: it played the first deal at once, then waited
    one(table, "cardlearn-dismiss").click()
    one(table, "cardlearn-demo").click()
    assert not table.demo and (table.state.is_over or table.state.to_move == 0)


@pytest.mark.parametrize("sign, better", [(1, "því fleiri tapstig, því betra"),
                                          (-1, "því færri tapstig, því betra")])
def test_the_scoreboard_names_the_unit_and_which_way_is_better(sign, better):
    unit = {"is": "tapstig", "en": "loss points"}
    info = dataclasses.replace(fakegame.INFO, score_sign=sign, score_unit=unit)
    game = types.SimpleNamespace(**{k: getattr(fakegame, k) for k in dir(fakegame) if not k.startswith("__")})
    game.INFO = info
    m = TableModel(game, fakegame.new_game(seed=1))
    snap = m.snapshot()
    assert snap.score_unit == "tapstig" and snap.score_better == better
    assert snap.scoreboard == (("Þið Tölva 2", "0"), ("Tölva 1 og Tölva 3", "0"))
    assert f"Tapstig ({better})" in snap.status


def test_kasina_summary_names_the_card_the_last_move_laid_down():
    kasina = GAMES["kasina"]
    for seed in range(60):
        m = TableModel(kasina, kasina.new_game(seed=seed), seats={0: "random", 1: "random"}, seed=seed)
        m.run_bots()
        i = m.summary_at
        if i is None:
            continue
        action = m.moves[i][1]
        if action.captured or not m.states[i].table:  # a trail onto a table with cards on it
            continue
        lines = m.snapshot().summary.lines
        [left] = [x for x in lines if "spilin sem eftir lágu" in x]
        assert left.startswith(m.who(m.state.last_deal.table_to))  # who got them
        assert action.card.symbol in left
        assert all(c.symbol in left for c in m.states[i].table)
        return
    raise AssertionError("no deal ended with a trail in 60 seeds")


def test_a_pile_drawn_stacked_shows_its_top_and_opens_on_a_click():
    from cardlearn.table.snapshot import ZoneView
    from cardlearn.table.view import ZoneBox

    clicks = []
    box = ZoneBox("discard", lambda zone, index: clicks.append((zone, index)))
    cellz = tuple(CellView("discard", i, c, "", False, i == 2, False)
                  for i, c in enumerate(("2H", "3S", "KD")))
    zone = ZoneView("discard", "kastbunki", None, False, False, False, cellz, 0, "3 spil", stack=True)
    box.show(zone)
    shown = [w for w in walk(box) if isinstance(w, CardButton)]
    assert [(b.card, b.index) for b in shown] == [("KD", 2)]  # the top card keeps its index
    shown[0].click()
    assert clicks == [("discard", 2)]
    assert any("3 spil" in str(getattr(w, "value", "")) for w in walk(box))  # the pile's size, in words
    [opener] = [w for w in walk(box) if "cardlearn-pile-open" in classes_of(w)]
    opener.click()
    assert [b.card for b in walk(box) if isinstance(b, CardButton)] == ["2H", "3S", "KD"]
    opener.click()
    assert [b.card for b in walk(box) if isinstance(b, CardButton)] == ["KD"]


# ---------------------------------------------------------------------------------------
# The games' layouts for a 1024 × 768 projector (second edition)


def _play_until(game, seed: int, done, limit: int = 3000):
    """Random moves from a new match of `game` until `done(before, after)`; the pair."""
    rng, state = random.Random(seed), game.new_game(seed=seed)
    for _ in range(limit):
        after = state.apply(rng.choice(state.legal_actions()))
        if done(state, after):
            return state, after
        state = after if not after.is_over else game.new_game(seed=rng.randrange(10**6))
    raise AssertionError("never reached")


@pytest.mark.slow
def test_lomber_keeps_the_last_trick_until_the_next_lead_and_shows_the_trump():
    lomber = GAMES["lomber"]
    _, after = _play_until(lomber, 3, lambda b, a: len(b.trick) == 2 and not a.trick and not a.is_over
                           and len(a.played) > len(b.played) and a.to_move is not None)
    zones = {z["name"]: z for z in lomber.layout(after, 0, "is")["zones"]}
    leader, cards = after.played[-1]
    played = [{"card": str(c), "seat": (leader + i) % 3} for i, c in enumerate(cards)]
    assert zones["last-trick"]["cards"] == played
    if after.trump:
        assert {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[after.trump] in zones["trump"]["label"]
    lead = after.apply(next(a for a in after.legal_actions()))
    names = [z["name"] for z in lomber.layout(lead, 0, "is")["zones"]]
    assert "last-trick" not in names  # the next lead: the trick on the table is the new one


@pytest.mark.slow
def test_kozel_face_down_target_only_while_answering_stock_beside_the_trick():
    kozel = GAMES["kozel"]
    state = kozel.new_game(seed=2)
    names = [z["name"] for z in kozel.layout(state, 0, "is")["zones"]]
    assert names[:2] == ["stock", "trick"] and "discard" not in names  # a lead: nothing to lay face down
    _, answering = _play_until(kozel, 2, lambda b, a: a.phase == "respond")
    names = [z["name"] for z in kozel.layout(answering, 0, "is")["zones"]]
    assert names[:5] == ["stock", "trick", "discard", "trump", "last-trick"]


@pytest.mark.slow
def test_kinaskak_pile_is_a_stack_and_melds_are_named_by_their_owner():
    kinaskak = GAMES["kinaskak"]
    _, after = _play_until(kinaskak, 5, lambda b, a: sum(map(len, a.melds)) >= 2 and len(a.discard) > 2)
    m = TableModel(kinaskak, after, seats={s: "thumb" for s in range(1, after.players)})
    zones = {z["name"]: z for z in kinaskak.layout(after, 0, "is", who=m.who)["zones"]}
    assert zones["discard"]["stack"] and zones["discard"]["cards"] == [str(c) for c in after.discard]
    pile = m.snapshot().zone("discard")
    assert pile.stack and pile.count == count_cards(len(after.discard), "is")
    melds = [z for z in zones.values() if z["name"].startswith("meld-")]
    assert melds
    for z in melds:
        assert not re.search(r"\d+-\d+", z["label"]) and genitive(m.who(z["owner"]), "is") in z["label"]


def test_confirm_is_not_drawn_where_no_move_takes_a_card():
    start = fakegame.new_game(seed=7)
    table = play(dataclasses.replace(start, stage="claim", turn=0), delay=0)
    assert one(table, "cardlearn-confirm").layout.display == "none"  # claim or pass: buttons only
    table = new("fake", seed=7)
    assert one(table, "cardlearn-confirm").layout.display is None


def test_the_felt_shows_the_deal_that_ended_until_afram():
    """Paused at a deal's end the picture is the deal that ended (its title, its table), not
    the next deal the engine has already dealt underneath; Áfram shows the next one."""
    kasina = GAMES["kasina"]
    m = TableModel(kasina, kasina.new_game(seed=5), seats={0: "random", 1: "random"}, seed=5)
    m.run_bots()
    i = m.summary_at
    assert i is not None and m.state.deals_done == 1
    snap = m.snapshot()
    ended = kasina.layout(m.states[i], 0, "is", who=m.who)
    assert snap.title == ended["title"] != kasina.layout(m.state, 0, "is", who=m.who)["title"]
    assert not any(s.to_move for s in snap.seats)  # nobody is to move while the table waits
    assert snap.prompt == ""
    m.dismiss()
    assert m.snapshot().title == kasina.layout(m.state, 0, "is", who=m.who)["title"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_felt_at_a_deals_end_shows_what_its_last_move_left(name):
    """The felt waiting for Áfram is the position after the deal's last move: Kozel's and
    Lomber's last trick whole (its last card too, marked as the last move's), Kasína's
    leftover table cards, Kínaskák's melds as the round ended; not the one before it."""
    game = GAMES[name]
    m = TableModel(game, game.new_game(seed=11), seats={s: "random" for s in range(game.PLAYERS[0])},
                   seed=11)
    m.run_bots()
    i = m.summary_at
    assert i is not None and m.state.deals_done == 1
    end, before = m.state.last_deal, m.states[i]
    assert end is not None
    snap = m.snapshot()
    every = (*snap.zones, *snap.own_zones, *(z for seat in snap.seats for z in seat.zones))
    felt = {z.name: sorted(c.card for c in z.cells or () if c.card) for z in every}

    def faces(position: Any) -> dict[str, list[str]]:  # each zone's face-up cards in the game's layout
        zones = game.layout(position, 0, "is")["zones"]
        return {z["name"]: sorted(e if isinstance(e, str) else e["card"] for e in z.get("cards", [])
                                  if isinstance(e, str) or e.get("card")) for z in zones}

    # Each game's layout of the deal's last position says what lies there (Kozel's and
    # Lomber's last trick whole, Kasína's leftover table cards, Kínaskák's melds): the felt
    # shows exactly that, zone by zone, and not the position before the last move.
    ended = faces(m.state.last_deal_position)
    assert {z: cs for z, cs in felt.items() if z in ended} == ended
    moved = [str(c) for _, c in game.action_cards(before, m.moves[i][1]) if c is not None]
    assert all(card in snap.last_cards for card in moved if any(card in cs for cs in ended.values()))
    assert [c.card for c in snap.hand if c.card] == [str(c) for c in end.hands[0]]
    assert snap.prompt == "" and not any(s.to_move for s in snap.seats)
