"""What the table gives a screen reader (issue 33): each card button's name in the page's
language, and the hidden `.cardlearn-say` child the pages' script reads into the live
regions: the moves since the last redraw and whose turn (polite), a refusal (assertive)."""

from __future__ import annotations

import html
import re

from cardlearn import play
from cardlearn.cards import Card
from cardlearn.table import WORDS
from cardlearn.table.textview import sayable


def said(table: object) -> dict[str, str]:
    value = table.view._say.value  # type: ignore[attr-defined]
    return {k: html.unescape(v) for k, v in re.findall(r'data-([a-z-]+)="([^"]*)"', value)}


def test_cards_are_named_in_the_tables_language() -> None:
    t = play("kozel", seed=3, delay=0)
    try:
        hand = t.view.card_buttons("hand")
        assert hand and all(b.tooltip == Card.parse(b.card).name("is") for b in hand if b.card)
        t.lang = "en"
        hand = t.view.card_buttons("hand")
        assert all(b.tooltip == Card.parse(b.card).name("en") for b in hand if b.card)
        assert said(t)["lang"] == "en"
    finally:
        t.close()


def test_a_move_is_said_then_whose_turn_and_a_refusal_is_said_at_once() -> None:
    t = play("kasina", seed=5, delay=0)
    try:
        first = said(t)
        assert first["polite"].startswith(WORDS["is"]["your_turn"]) and first["assertive"] == ""
        n = int(first["n"])
        t.act(t.state.legal_actions()[0])  # the pupil moves, the computer answers at once
        after = said(t)
        assert int(after["n"]) > n
        lines = [line.text for line in t.model.snapshot().log][-2:]
        assert all(sayable(line, "is") in after["polite"] for line in lines), (lines, after["polite"])
        assert after["polite"].endswith(t.model.snapshot().turn + ".")
        # a click on a faded card: why, said at once
        faded = [b for b in t.view.card_buttons() if b.card and not b.usable]
        assert faded
        faded[0].click()
        refusal = said(t)
        assert refusal["assertive"] == sayable(t.model.snapshot().message, "is") != ""
    finally:
        t.close()


def test_the_table_brings_its_page_script_and_names_its_page() -> None:
    """The script runs wherever the table is drawn (Voilà, JupyterLab, the static site): it
    is the table's own hidden HTML, an image whose error handler is `access.js` whole."""
    from importlib import resources

    from cardlearn.table.view import walk

    t = play("lomber", seed=2, delay=0)
    try:
        values = [w.value for w in walk(t) if hasattr(w, "value") and isinstance(w.value, str)]
        carriers = [v for v in values if v.startswith("<img") and "onerror=" in v]
        assert len(carriers) == 1
        code = html.unescape(re.search(r'onerror="([^"]*)"', carriers[0]).group(1))  # type: ignore[union-attr]
        assert code == resources.files("cardlearn.table").joinpath("access.js").read_text(encoding="utf-8")
        assert said(t)["title"] == "Lomber · spil"
        t.lang = "en"
        assert said(t)["title"] == f"{t.game.NAME['en']} · card game"
    finally:
        t.close()


def test_a_chosen_move_a_hint_and_a_new_deal_are_said() -> None:
    """Once the chosen cards (and zone) make one move, what Staðfesta would do is said with
    the key to press; a hint asked for is said; a new deal's title is said."""
    from test_table import card_button

    t = play("kozel", seed=3, delay=0)
    try:
        state = t.state
        assert state.to_move == 0
        hints_before = said(t)["n"]
        t.hint()
        best = t.model.snapshot().hints
        assert best and said(t)["n"] != hints_before
        assert sayable(f"{WORDS['is']['best']}: {best[0][0]}", "is") in said(t)["polite"]
        action = next(a for a in state.legal_actions() if len(t.game.action_cards(state, a)) == 1)
        [(zone, card)] = t.game.action_cards(state, action)
        if t.model.exact() != [action]:
            card_button(t, zone, card).click()
        ready = t.model.snapshot().ready
        assert ready == t.game.command(state, action, "is", who=t.model.who)
        assert sayable(WORDS["is"]["ready_say"].format(move=ready), "is") in said(t)["polite"]
        title = t.model.snapshot().title
        while t.model.snapshot().title == title:  # play on to the next deal
            if t.model.summary_at is not None:
                t.dismiss()
                continue
            t.act(t.state.legal_actions()[0])
        assert said(t)["polite"].startswith(t.model.snapshot().title)
    finally:
        t.close()


def test_new_games_question_is_asked_aloud_too() -> None:
    """The "new game?" question shows above the table, out of a screen reader's way: the
    live region asks it (a pupil who missed it thought the button did nothing)."""
    t = play("kasina", seed=5, delay=0)
    try:
        while not t.model.undo_stops():  # a real choice made: the button asks first
            t.act(t.state.legal_actions()[0])
        t._change(t.model.ask_new)  # as the button's handler does
        assert t.model.asking and WORDS["is"]["new_ask"] in said(t)["polite"]
    finally:
        t.close()
