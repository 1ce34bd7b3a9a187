"""The table widget, driven without a browser: `act`, `undo`, `hint`, `button.click()`
and trait assignment.  Generic tests run for every game in `GAMES`, for the toy game, and
for `fakegame` (four seats in teams, owners, face-down entries, a target zone, quiet and
forced moves — what Kasína cannot exercise)."""

from __future__ import annotations

import random
import re
import time

import fakegame
import pytest
import toygame

from cardlearn.cards import Card, parse_cards
from cardlearn.games import GAMES
from cardlearn.table import WORDS, Replay, Table, play, replay, states_of
from cardlearn.table.look import stylesheet
from cardlearn.table.words import count_cards, result, seat_name, simulated_words

MODULES = {"toy": toygame, "fake": fakegame, **GAMES}
NAMES = sorted(MODULES)


def new(name: str, **kw) -> Table:
    """A table with no delay; its computer seats play by rules of thumb unless `seats` says
    otherwise: these tests play whole matches, and a search bot thinks ~0.1 s a move (the
    default opponent, the search bot, is tested on its own below)."""
    game = MODULES[name]
    if "seats" not in kw and "thumb" in game.BOTS:
        players = game.new_game(seed=0).players
        kw["seats"] = {0: "human", **{s: "thumb" for s in range(1, players)}}
    return play(game, **{"delay": 0, **kw})


def one(table: Table | Replay, css: str):
    found = [w for w in _walk(table) if css in w._dom_classes]
    assert len(found) == 1, f"{len(found)} widgets with class {css}"
    return found[0]


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def shown_text(table: Table) -> str:
    """Everything the widget shows: HTML, button labels, tooltips and CSS classes."""
    parts = []
    for w in _walk(table):
        parts += [
            str(getattr(w, "value", "")),
            str(getattr(w, "description", "")),
            str(getattr(w, "tooltip", "") or ""),
            " ".join(w._dom_classes),
        ]
    return "\n".join(parts).replace(stylesheet(), "")


def usable(button) -> bool:
    return "cardlearn-unusable" not in button._dom_classes


def card_button(table: Table, zone: str, card) -> object:
    """An unselected, shown button for `card` in `zone`."""
    for button in table.find(f"cardlearn-card-{card}"):
        if f"cardlearn-zone-{zone}" in button._dom_classes and button.button_style != "success":
            return button
    raise AssertionError(f"no button for {card} in {zone}")


def target_button(table: Table, zone: str) -> object:
    [button] = [b for b in table.find("cardlearn-target") if f"cardlearn-zone-{zone}" in b._dom_classes]
    return button


def click_move(table: Table, action) -> None:
    """Make `action` the way a player would: its cards (or target zones), then Confirm if
    still needed, or its own button."""
    state = table.state
    tokens = table.game.action_cards(state, action)
    if not tokens:
        label = table.game.describe(state, action, table.lang, viewer=state.to_move)
        [button] = [b for b in table.find("cardlearn-action") if b.description == label]
        button.click()
        return
    for zone, card in tokens:
        assert table.state is state, "played before every card was selected"
        (target_button(table, zone) if card is None else card_button(table, zone, card)).click()
    if table.state is state:
        confirm = one(table, "cardlearn-confirm")
        assert not confirm.disabled
        confirm.click()


def choice_action(state, game):
    """A legal move that is a real choice (not quiet), preferring the last."""
    quiet = getattr(game, "quiet", lambda s, a: False)
    return next(a for a in reversed(state.legal_actions()) if not quiet(state, a))


# ---------------------------------------------------------------------------------------
# Generic: every game


@pytest.mark.parametrize("name", NAMES)
def test_whole_match_through_act(name):
    table = new(name, seed=3)
    rng = random.Random(1)
    for _ in range(5000):
        if table.state.is_over:
            break
        assert table.state.to_move == 0
        assert len(table.state.legal_actions()) > 1  # a forced move is made by itself
        moves = len(table.state.history)
        table.act(rng.choice(table.state.legal_actions()))
        assert len(table.state.history) > moves
        assert f"Leikir: {len(table.state.history)}" in one(table, "cardlearn-status").value
    assert table.state.is_over
    assert WORDS["is"]["over"] in one(table, "cardlearn-status").value
    banner = one(table, "cardlearn-banner").value
    assert WORDS["is"]["over"] in banner and "<table" in banner  # the end: a banner with the final sheet
    assert table.state.score_sheet and "<table" in one(table, "cardlearn-sheet").value
    table.act(table.state)  # anything after the end only says so
    assert one(table, "cardlearn-message").value == WORDS["is"]["is_over"]


@pytest.mark.parametrize("name", NAMES)
def test_illegal_act_shows_message_and_changes_nothing(name):
    table = new(name, seed=4)
    before = table.state
    table.act("this is no move")
    assert table.state is before
    assert one(table, "cardlearn-message").value.startswith("Ólöglegt:")
    table.act(choice_action(table.state, table.game))
    assert one(table, "cardlearn-message").value == ""


@pytest.mark.parametrize("name", NAMES)
def test_undo(name):
    table = new(name, seed=5)
    start, log = table.state, one(table, "cardlearn-log").value  # forced moves may come first
    table.undo()  # nothing to undo at the start
    assert table.state is start and table.message == WORDS["is"]["nothing_to_undo"]
    table.act(choice_action(start, table.game))
    assert table.message == ""  # the message went with the next action
    after_one = table.state
    table.act(choice_action(after_one, table.game))
    assert len(table.state.history) > len(after_one.history)
    table.undo()
    assert table.state is after_one
    table.undo()
    assert table.state is start
    assert one(table, "cardlearn-log").value == log


@pytest.mark.parametrize("name", NAMES)
def test_hint_lists_the_legal_moves_strongest_bot_first(name):
    table = new(name, seed=6)
    assert one(table, "cardlearn-hints").value == ""
    state = table.state
    hints = table.hint()
    assert sorted(text for text, _ in hints) == sorted(str(a) for a in state.legal_actions())
    assert len(hints) == len(state.legal_actions())
    strongest = table.game.BOTS[list(table.game.BOTS)[-1]](seed=6)  # the table's seed
    thought = table._advice[2]
    if thought is None or not thought.stopped_by_clock:  # a search cut by the clock may differ
        assert hints[0][0] == str(strongest.choose(state, 0))
    assert all(isinstance(why, str) and why for _, why in hints)
    shown = one(table, "cardlearn-hints").value
    assert shown.count("<li") == len(hints) and "cardlearn-hint-best" in shown
    table.act(hints[0][0])  # the hint's text is a move the table accepts
    assert one(table, "cardlearn-hints").value == ""  # a hint belongs to one position
    one(table, "cardlearn-hint").click()
    assert one(table, "cardlearn-hints").value.count("<li") == len(table.state.legal_actions())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_default_opponents_are_search_bots_and_play_at_once(name):
    table = play(name, delay=0, seed=5)
    assert table.seats[0] == "human" and all(r == "search" for s, r in table.seats.items() if s)
    assert table.state.to_move == 0 or table.state.is_over  # the bots moved inside play()
    if not table.state.is_over:
        table.act(table.state.legal_actions()[0])
        assert table.state.to_move == 0 or table.state.is_over


@pytest.mark.parametrize("lang", ["is", "en"])
def test_hint_shows_how_often_each_move_won_in_the_search(lang):
    table = play("kozel", seed=6, lang=lang, delay=0)
    state = table.state
    hints = table.hint()
    thought = table._advice[2]
    assert thought is not None, "the strongest level is a search bot: the hint keeps its thought"
    for text, why in hints:
        result = thought.result(state.apply(text).history[-1])
        said = simulated_words(result, lang)
        assert why.endswith(f"({said})"), why
        assert f"{round(100 * result.win_rate)} %" in said and str(result.simulations) in said
    shown = one(table, "cardlearn-hints").value
    assert shown.count(WORDS[lang]["simulated"].split(" ")[0]) == len(hints)


def test_simulated_words_say_one_deal_and_a_decimal_comma():
    from cardlearn.bots import MoveResult
    one_deal = MoveResult("x", [2.5])
    assert simulated_words(one_deal, "en") == "tried in 1 imagined deal, won 100 %, margin +2.5"
    assert simulated_words(one_deal, "is") == "prófað í 1 hugsuðu spili, vannst í 100 %, munur +2,5"
    three = MoveResult("x", [1.0, -1.0, 0.0])
    assert simulated_words(three, "en") == "tried in 3 imagined deals, won 50 %, mean margin +0.0"


@pytest.mark.parametrize("name", NAMES)
def test_clicks_make_the_same_move_as_act(name):
    start = new(name, seed=7).state
    for action in start.legal_actions():
        clicked, acted = new(name, seed=7), new(name, seed=7)
        click_move(clicked, action)
        acted.act(action)
        assert clicked.state == acted.state, str(action)


@pytest.mark.parametrize("name", NAMES)
def test_card_buttons_follow_the_legal_moves(name):
    table = new(name, seed=8)
    state = table.state
    tokens = {t for a in state.legal_actions() for t in table.game.action_cards(state, a)}
    for button in table.find("cardlearn-card"):
        assert not button.disabled  # a click on any card must reach the table
        card = next((c[15:] for c in button._dom_classes if c.startswith("cardlearn-card-")), None)
        if card is None:
            assert "cardlearn-back" in button._dom_classes
            continue
        zone = next(c for c in button._dom_classes if c.startswith("cardlearn-zone-"))[15:]
        fits = any(z == zone and str(c) == card for z, c in tokens)
        assert usable(button) is fits
        assert button.button_style == ("info" if fits else "")
    assert one(table, "cardlearn-confirm").disabled


@pytest.mark.parametrize("name", NAMES)
def test_a_click_on_an_unusable_card_says_why_and_the_next_click_clears_it(name):
    table = new(name, seed=8)
    state = table.state
    unusable = [
        b for b in table.find("cardlearn-card") if not usable(b) and "cardlearn-back" not in b._dom_classes
    ]
    for button in unusable:
        button.click()
        assert table.state is state
        assert table.message, f"no reason for {button._dom_classes}"
        for lang in ("en", "is"):
            table.lang = lang
            assert one(table, "cardlearn-message").value == table.message != ""
    usable_cards = [b for b in table.find("cardlearn-card") if usable(b) and b.button_style == "info"]
    if usable_cards:
        usable_cards[0].click()
        assert table.message == ""


@pytest.mark.parametrize("name", NAMES)
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
    assert one(table, "cardlearn-message").value.startswith("Ólöglegt:")
    table.lang = "en"
    assert one(table, "cardlearn-message").value.startswith("Illegal move:")
    assert one(table, "cardlearn-lang").description == "Íslenska"


@pytest.mark.parametrize("name", NAMES)
def test_hot_seat_hides_the_hands(name):
    table = new(name, seats={0: "human", 1: "human"}, seed=10)

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
        hand = sorted(
            b._dom_classes[1][15:]
            for b in table.find("cardlearn-card")
            if "cardlearn-zone-hand" in b._dom_classes
        )
        assert hand == sorted(table.state.observation(seat)["hand"])
        while table.state.to_move == seat:
            table.act(table.state.legal_actions()[0])
        if table.state.to_move in (0, 1):
            assert hidden()  # another human's turn: hands hidden until "ready"
            return
    raise AssertionError("the two humans never took turns")


@pytest.mark.parametrize("name", NAMES)
def test_new_game(name):
    table = new(name, seed=11)
    table.act(choice_action(table.state, table.game))
    table.new_game(seed=12)
    assert table.state == new(name, seed=12).state
    assert one(table, "cardlearn-log").value == "" and table.message == ""
    one(table, "cardlearn-new").click()  # nothing chosen yet: a fresh random game at once
    assert not table.find("cardlearn-ask") and table.state != new(name, seed=12).state
    assert not any(table._undo_stop(i) for i in range(len(table._moves)))  # at most forced moves


@pytest.mark.parametrize("name", NAMES)
def test_new_game_asks_before_throwing_a_match_away(name):
    table = new(name, seed=11)
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
    assert not any(table._undo_stop(i) for i in range(len(table._moves)))


@pytest.mark.parametrize("name", NAMES)
def test_bots_alone_play_a_whole_match(name):
    n = new(name, seed=13).state.players
    table = new(name, seats={s: "random" for s in range(n)}, seed=13)
    assert table.state.is_over
    assert repr(table) == f"<cardlearn Table: {MODULES[name].NAME['is']}, match over>"


@pytest.mark.parametrize("name", NAMES)
def test_replay(name):
    n = new(name, seed=14).state.players
    final = new(name, seats={s: "random" for s in range(n)}, seed=14).state
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
    assert view.index == 0 and "svg" in view.children[2].value
    assert not re.search(r"0x[0-9a-f]+", repr(view))


def test_replay_needs_a_recorded_start_and_shows_all_only_at_the_end():
    kasina = GAMES["kasina"]
    state = new("kasina", seed=1).state
    with pytest.raises(ValueError, match="no recorded start"):
        replay(kasina.determinize(state, 0, random.Random(1)))
    with pytest.raises(ValueError, match="finished game"):
        replay(state, show_all=True)


@pytest.mark.parametrize("name", NAMES)
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


@pytest.mark.parametrize("name", NAMES)
def test_a_click_while_the_bot_thinks_is_ignored(name):
    synchronous = new(name, seed=16)
    table = play(MODULES[name], seed=16, delay=0.3, seats=dict(synchronous.seats))
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


@pytest.mark.parametrize("name", NAMES)
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


# ---------------------------------------------------------------------------------------
# Kasína


def test_kasina_capture_choice_needs_confirm():
    kasina = GAMES["kasina"]
    # packets: 2 cards to seat 0, 2 to seat 1, 2 to the table, and again
    top = parse_cards("5S 9C 4D 7H 5D 2C KH 8S 6C QC JD 3H")
    deck = top + tuple(c for c in kasina.DECK if c not in top)
    table = play(kasina.new_game(seed=1, deck=deck), delay=0)
    assert sorted(map(str, table.state.table)) == sorted(map(str, parse_cards("5D 2C JD 3H")))
    card_button(table, "hand", "5S").click()
    assert one(table, "cardlearn-confirm").disabled
    assert not usable(card_button(table, "table", "JD")) and not usable(card_button(table, "hand", "9C"))
    card_button(table, "table", "5D").click()
    assert len(table.state.history) == 0  # 5S could take 2C + 3H as well: wait for Confirm
    assert [b.button_style for b in table.find("cardlearn-card")].count("success") == 2
    [five] = table.find("cardlearn-card-5D")
    five.click()  # deselect it again
    assert [b.button_style for b in table.find("cardlearn-card")].count("success") == 1
    card_button(table, "table", "JD").click()  # 5♠ cannot take J♦: the engine says why
    assert len(table.state.history) == 0 and "J" in table.message and table.message.startswith("Ólöglegt:")
    assert [b.button_style for b in table.find("cardlearn-card")].count("success") == 1
    card_button(table, "hand", "9C").click()  # 9♣ takes nothing, and taking is compulsory
    assert table.message.startswith("Ólöglegt:") and len(table.state.history) == 0
    card_button(table, "hand", "KH").click()  # another usable hand card replaces the 5♠
    assert table.message == ""
    assert [b._dom_classes[1] for b in table.find("cardlearn-card") if b.button_style == "success"] == [
        "cardlearn-card-KH"
    ]
    card_button(table, "hand", "5S").click()
    card_button(table, "table", "5D").click()
    one(table, "cardlearn-confirm").click()
    assert str(table.state.history[0]) == "5S:5D"
    assert "Þú: tekur 5♦ með 5♠" in one(table, "cardlearn-log").value


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
    table = play(state, delay=0)
    button = card_button(table, "hand", str(idle))
    assert not usable(button)
    button.click()
    assert table.state is state
    expected = kasina.RULE_WORDS["is"]["must_take"].split(":")[0]
    assert table.message.startswith("Ólöglegt: ") and expected in table.message
    table.lang = "en"
    assert kasina.RULE_WORDS["en"]["must_take"].split(":")[0] in table.message


def test_illegal_kasina_card_names_the_rule():
    table = play("kasina", seed=4, delay=0)
    before = table.state
    absent = next(c for c in GAMES["kasina"].DECK if str(c) not in before.observation(0)["hand"])
    table.act(str(absent))
    assert table.state is before
    assert "er ekki á hendi þinni" in table.message  # the rule, in Icelandic
    assert str(absent) in table.message or absent.symbol in table.message
    table.lang = "en"
    table.act(str(absent))
    assert "is not in your hand" in table.message


def test_kasina_last_move_marked_and_deal_summary_until_played_on():
    table = play("kasina", seed=21, delay=0)
    rng = random.Random(3)
    summary_seen = False
    while not table.state.is_over:
        marks = [b for b in table.find("cardlearn-card") if "cardlearn-last" in b._dom_classes]
        last_html = one(table, "cardlearn-last-move").value
        if table._moves:
            seat, action = table._moves[-1]
            said = table.game.describe(table._states[-2], action, "is", viewer=0)
            assert said in last_html
            if seat == 1 and not action.captured and not table.find("cardlearn-summary"):
                assert [b._dom_classes[1][15:] for b in marks] == [str(action.card)]  # its trail, marked
        if table.find("cardlearn-summary"):
            summary_seen = True
            text = one(table, "cardlearn-summary-text").value
            assert WORDS["is"]["deal_over"].format(n=len(table.state.score_sheet)) in text
            assert "<table" in text and "Þú" in text and "Tölvan" in text
            assert (
                "— " + WORDS["is"]["deal_over"].format(n=len(table.state.score_sheet))
                in one(table, "cardlearn-log").value
                or len(table._moves) > 12
            )
            if rng.random() < 0.5:
                one(table, "cardlearn-dismiss").click()
                assert not table.find("cardlearn-summary")
        table.act(rng.choice(table.state.legal_actions()))
        assert not table.find("cardlearn-summary") or len(table.state.score_sheet) > 0
    assert summary_seen


def test_kasina_score_sheet_is_labelled_by_player():
    table = play("kasina", seats={0: "random", 1: "random"}, seed=2, delay=0)
    sheet = one(table, "cardlearn-sheet").value
    assert "<th>Tölva 0</th>" in sheet and "<th>Tölva 1</th>" in sheet
    human = play("kasina", seed=2, delay=0)
    human.act(human.state.legal_actions()[0])
    assert "Þú: 0, Tölvan: 0" in one(human, "cardlearn-status").value


# ---------------------------------------------------------------------------------------
# What Kasína cannot show: the fake four-seat game


def test_fake_seats_round_the_table_and_team_names():
    table = new("fake", seed=1)
    assert [b._dom_classes[1] for b in one(table, "cardlearn-left").children] == ["cardlearn-seat-1"]
    assert [b._dom_classes[1] for b in one(table, "cardlearn-top").children] == ["cardlearn-seat-2"]
    assert [b._dom_classes[1] for b in one(table, "cardlearn-right").children] == ["cardlearn-seat-3"]
    assert "Þú og Tölva 2: 0, Tölva 1 og Tölva 3: 0" in one(table, "cardlearn-status").value
    assert result(0, fakegame.TEAMS, 4, table.seats, "is") == "Þú og Tölva 2 vinna!"
    assert result(1, fakegame.TEAMS, 4, table.seats, "en") == "Computer 1 and Computer 3 win!"


def test_fake_target_zone_face_down_entries_and_what_the_log_may_say():
    table = new("fake", seed=2)
    mine = table.state.observation(0)["hand"][0]
    card_button(table, "hand", mine).click()
    assert table.state.history == () and usable(target_button(table, "kitty"))
    target_button(table, "kitty").click()
    assert str(table.state.history[0]) == f"d:{mine}"
    kitty = [b for b in table.find("cardlearn-card") if "cardlearn-zone-kitty" in b._dom_classes]
    assert [b._dom_classes[1] for b in kitty] == [f"cardlearn-card-{mine}"] + ["cardlearn-back"] * 3
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
        assert time.monotonic() - began < 0.3 and table.state.phase == "play" and table.state.to_move == 0
        assert one(table, "cardlearn-log").value.count("cardlearn-quiet") == 4
    finally:
        table.close()


def test_fake_undo_skips_quiet_and_forced_decisions():
    table = new("fake", seed=4)
    start = table.state
    table.act(table.state.legal_actions()[0])
    table.act("pass")  # quiet: no undo stop
    assert table.state.phase == "play"
    table.undo()
    assert table.state is start
    rng = random.Random(4)
    while len(table.state.score_sheet) == 0:
        table.act(rng.choice(table.state.legal_actions()))
    forced = [
        i for i, (s, _) in enumerate(table._moves) if s == 0 and len(table._states[i].legal_actions()) == 1
    ]
    assert forced, "the last trick is always forced"
    stops = [i for i in range(len(table._moves)) if table._undo_stop(i)]
    assert not set(forced) & set(stops)


def test_fake_trick_entries_name_who_played_and_owned_zones_sit_by_their_seat():
    table, rng = new("fake", seed=5), random.Random(5)
    while table.state.phase != "play" or not table.state.trick:
        if table.state.is_over:
            table.new_game(seed=rng.randrange(100))
        table.act(rng.choice(table.state.legal_actions()))
    trick = [b for b in table.find("cardlearn-card") if "cardlearn-zone-trick" in b._dom_classes]
    assert trick and all(b.description.startswith(("Þú", "Tölva")) for b in trick)
    assert any("hæst" in b.description for b in trick)
    assert any("cardlearn-last" in b._dom_classes for b in trick)
    seat1 = one(table, "cardlearn-seat-1")
    assert [w for w in _walk(seat1) if "cardlearn-zone-won-1" in w._dom_classes]


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


def test_fake_off_suit_card_gets_the_engines_reason_and_buttons_need_no_card():
    import dataclasses

    start = fakegame.new_game(seed=7)
    hands = tuple(parse_cards(h) for h in ("KS QS AH", "JS KH QH", "AD KD QD", "JD AC KC"))
    state = dataclasses.replace(start, hands=hands, trick=((3, Card.parse("AS")),), turn=0, stage="play",
                                passes=4)
    table = play(state, delay=0)
    assert not usable(card_button(table, "hand", "AH"))
    card_button(table, "hand", "AH").click()  # the engine's rule, found by trying the move "p:AH"
    assert table.state is state and table.message.startswith("Ólöglegt: fylgja verður lit: A♥")
    card_button(table, "hand", "KS").click()
    assert table.message == "" and "p:KS" in map(str, table.state.history)
    claim = dataclasses.replace(start, stage="claim", turn=0)
    table = play(claim, delay=0)
    card_button(table, "hand", str(claim.hands[0][0])).click()
    assert table.message == WORDS["is"]["not_now"] and table.state is claim


def test_cardlearn_seed_fixes_the_deal_of_an_unseeded_table(monkeypatch):
    monkeypatch.setenv("CARDLEARN_SEED", "77")
    assert play("kasina", delay=0).state == play("kasina", delay=0).state
    assert play("kasina", seed=5, delay=0).state.seed == 5  # an explicit seed wins
    monkeypatch.setenv("CARDLEARN_SEED", "seven")
    with pytest.raises(ValueError, match="CARDLEARN_SEED"):
        play("kasina", delay=0)


def test_an_owned_zone_captions_its_owners_cards_by_their_note_alone():
    """In a seat's own zone (a meld) the note, e.g. a joker's binding, is what must show."""
    table = play(fakegame.new_game(seed=1), delay=0)
    entry = {"card": "AS", "seat": 2, "note": "= 10♥"}
    [(_, owned, _, _)] = table._looks("meld-2-0", [entry], set(), 2)
    [(_, loose, _, _)] = table._looks("trick", [entry], set())
    assert owned == "= 10♥"
    assert loose.endswith(" · = 10♥") and loose != owned
