"""The text view (issue 33, point 5): the table as headed lines from the seat's snapshot,
and moves typed in the game's notation or by card words in either language.  Each of the
four games from a seeded deal, the pupil at seat 0 against the rule of thumb; the widget
driven through its public methods (`typed`, `text_view`, `find`)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardlearn.cards import Card
from cardlearn.core import IllegalMove
from cardlearn.games import GAMES
from cardlearn.table import Table, play
from cardlearn.table.messages import illegal
from cardlearn.table.textview import (
    TypedMoveError,
    describe_table,
    named_cards,
    parse_typed_move,
    plain,
    table_html,
)
from cardlearn.table.words import WORDS

NAMES = sorted(GAMES)
STEPS = 120  # pupil's turns walked at most to find a position a test needs


def table(name: str, seed: int = 7) -> Table:
    game = GAMES[name]
    players = game.new_game(seed=seed).players
    t = play(name, seed=seed, delay=0, seats={0: "human", **{s: "thumb" for s in range(1, players)}})
    t.text_view = True
    return t


def turns(t: Table, seed: int = 1) -> Iterator[Table]:
    """The pupil's turns, one after another: the pupil plays a random legal move after each
    (a deal's summary dismissed)."""
    rng = random.Random(seed)
    for _ in range(STEPS):
        if t.state.is_over:
            return
        if t.model.paused:
            t.dismiss()
            continue
        if t.model.human_to_move():
            yield t
            if t.model.human_to_move():  # the test did not move
                t.act(rng.choice(t.state.legal_actions()))


def cards_of(t: Table, action: Any) -> Counter[Card]:
    return Counter(c for _, c in t.game.action_cards(t.state, action) if c is not None)


def text_of(t: Table) -> str:
    return "\n".join(line for _, lines in describe_table(t.model.snapshot()) for line in lines)


def name_in(card: Card, text: str, lang: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(card.name(lang))}(?!\w)", text) is not None


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["is", "en"])
def test_text_names_the_hand_and_hides_what_the_seat_may_not_see(name: str, lang: str) -> None:
    t = table(name)
    t.lang = lang
    for n, _ in enumerate(turns(t)):
        snap = t.model.snapshot()
        text = text_of(t)
        hand = [Card.parse(c.card) for c in snap.hand if c.card]
        assert hand and all(name_in(c, text, lang) for c in hand)
        # the cards the pupil sees somewhere: a two-deck game's twin of a hidden card may be one
        seen = {Card.parse(c.card) for c in snap.cells() if c.card}
        seen |= {Card.parse(code) for line in snap.log
                 for code in re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", line.text)}
        hidden = set(t.game.hidden_cards(t.state, 0)) - seen
        assert hidden, "some cards are hidden from the pupil"
        # a card hidden from the pupil never appears (another seat's hand, the stock)
        assert not [c for c in hidden if name_in(c, text, lang) and not c.is_joker]
        others = [c for s in range(1, t.state.players) for c in t.game.layout(t.state, s, lang)["hand"]]
        assert others
        html = table_html(describe_table(snap), lang)
        assert f'lang="{lang}"' in html and html.count("<h3>") >= 5
        if n >= 3:
            break


@pytest.mark.parametrize("name", NAMES)
def test_a_move_typed_in_notation_is_made(name: str) -> None:
    t = table(name)
    before = len(t.model.moves)
    action = t.state.legal_actions()[-1]
    assert t.typed(str(action)), t.message
    assert t.model.moves[before] == (0, action)


def unique_by_cards(t: Table) -> Any | None:
    """A legal move with cards that no other legal move's cards contain."""
    legal = t.state.legal_actions()
    for a in legal:
        mine = cards_of(t, a)
        if mine and not any(mine <= cards_of(t, b) for b in legal if b != a):
            return a
    return None


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["is", "en"])
def test_a_move_typed_by_card_words_is_made(name: str, lang: str) -> None:
    t = table(name)
    made = 0
    for _ in turns(t):
        action = unique_by_cards(t)
        if action is None:
            continue
        words = " ".join(c.name(lang) for c in cards_of(t, action).elements())
        before = len(t.model.moves)
        # the table in the other language: card words of either are read
        t.lang = "en" if lang == "is" else "is"
        typed = plain(words) if made % 2 else words.upper()  # without accents, in capitals
        assert t.typed(typed), (typed, t.message)
        assert t.model.moves[before] == (0, action)
        made += 1
        if made == 2:
            return
    pytest.fail("no move named by its cards alone")


def an_illegal_text(t: Table) -> tuple[str, IllegalMove] | None:
    """A move in the game's notation that the engine refuses by a rule: a legal move with
    one of its cards swapped for another card of the hand, or a card of the hand alone."""
    hand = [Card.parse(c.card) for c in t.model.snapshot().hand if c.card]
    tries = [str(c) for c in hand] + [f"discard {c}" for c in hand]
    for a in t.state.legal_actions():
        for c in cards_of(t, a):
            tries += [str(a).replace(str(c), str(h), 1) for h in hand if h != c]
    for text in tries:
        try:
            t.state.check(text)
        except IllegalMove as err:
            if err.rule not in (None, "unreadable"):
                return text, err
    return None


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_move_is_refused_with_the_engines_reason(name: str) -> None:
    t = table(name)
    for _ in turns(t):
        found = an_illegal_text(t)
        if found is None:
            continue
        text, err = found
        state, moves = t.state, t.model.moves
        assert not t.typed(text)
        assert t.message == illegal(t.game, err)("is")
        assert t.state is state and t.model.moves == moves
        t.lang = "en"  # said again in English
        assert t.message == illegal(t.game, err)("en")
        return
    pytest.fail("no illegal move found")


@pytest.mark.parametrize("name", NAMES)
def test_ambiguous_or_unknown_text_is_refused_and_changes_nothing(name: str) -> None:
    t = table(name)
    state = t.state
    assert not t.typed("blárra hestur")
    example = str(state.legal_actions()[0])
    assert t.message == WORDS["is"]["typed_unknown"].format(text="blárra hestur", move=example)
    assert t.state is state
    for _ in turns(t):
        legal = t.state.legal_actions()
        texts = [c.name("en") for c in Counter(c for a in legal for c in cards_of(t, a).elements())]
        texts += [t.game.command(t.state, a, "is").split()[0] for a in legal]
        for text in texts:
            try:
                parse_typed_move(text, t.state, t.game, "is")
            except TypedMoveError as err:
                if err.key != "typed_which":
                    continue
                state, moves = t.state, t.model.moves
                assert not t.typed(text)
                message = t.message
                assert message.startswith("Hvaða leik áttu við?")
                choices = [a for a in legal if str(a) in message]
                assert len(choices) >= 2
                assert t.state is state and t.model.moves == moves
                t.lang = "en"
                assert t.message.startswith("Which move do you mean?")
                return
            except ValueError:
                continue
    pytest.fail("no ambiguous text found")


def test_card_words_in_both_languages() -> None:
    cards, words = named_cards("Tígulnía með laufníu, TIGULNIA, nine of diamonds, 9♦, td, 10 of clubs, "
                               "jókerinn")
    assert [str(c) for c in cards] == ["9D", "9C", "9D", "9D", "9D", "10D", "10C", "JK"]
    assert words == []
    cards, words = named_cards("leggja hjartaás niður")
    assert [str(c) for c in cards] == ["AH"] and words == ["leggja", "nidur"]
    assert [str(c) for c in named_cards("spadathristur, laufþrist, spada as, queen of spade")[0]] == [
        "3S", "3C", "AS", "QS"]


def test_the_toggle_and_the_panel() -> None:
    t = play("kasina", seed=7, delay=0, seats={0: "human", 1: "thumb"})
    assert not t.find("cardlearn-textview")
    [toggle] = t.find("cardlearn-textview-toggle")
    assert toggle.description == "Textasýn" and toggle.button_style == ""
    toggle.click()
    assert t.text_view and toggle.button_style == "success"
    [panel] = t.find("cardlearn-textview")
    [field] = t.find("cardlearn-typed")
    assert field.description == "Skrifaðu leik"
    assert field.placeholder == f"t.d. {t.state.legal_actions()[0]}"
    assert "<h3>" in panel.text.value and 'lang="is"' in panel.text.value
    # the text committed (Enter in the browser) plays; the field is emptied
    moves = len(t.model.moves)
    field.value = str(t.state.legal_actions()[0])
    assert len(t.model.moves) > moves and field.value == ""
    # a refusal keeps the text to mend; "Leika" says it again
    field.value = "blárra hestur"
    assert field.value == "blárra hestur" and t.message.startswith("Ég skil ekki")
    [play_button] = t.find("cardlearn-typed-play")
    assert play_button.description == "Leika"
    t.model.refuse(ValueError("x"))
    play_button.click()
    assert t.message.startswith("Ég skil ekki")
    t.lang = "en"
    assert toggle.description == "Text view" and field.description == "Type a move"
    toggle.click()
    assert not t.find("cardlearn-textview") and not t.text_view


def test_cards_in_a_sentence_are_named_without_breaking_its_grammar() -> None:
    """English names the card in place; Icelandic keeps the sentence as the game wrote it
    (a name in place would need its case) and names the cards after it, in brackets; a
    lone suit symbol is the suit's name."""
    from cardlearn.table.textview import sayable

    assert sayable("Tölva 1 slær með 9♦ + K♣.", "is") == "Tölva 1 slær með 9♦ + K♣ (tígulnía, laufkóngur)."
    assert sayable("7♠ nýtist ekki með A♥", "is") == "7♠ (spaðasjöa) nýtist ekki með A♥ (hjartaás)"
    assert sayable("Computer 1 beats with 9♦", "en") == "Computer 1 beats with nine of diamonds"
    assert sayable("Tromp: ♣", "is") == "Tromp: lauf"
    assert sayable("Tromp: ♣; Þú slærð með 9♦", "is") == "Tromp: lauf; Þú slærð með 9♦ (tígulnía)"
