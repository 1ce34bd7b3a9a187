"""The Kínaskák lesson helpers speak the notebook's language: the English words are what the
English notebook always showed, the Icelandic twin gets the same facts in Icelandic, and the
quiz has the same answers (computed by the engine) in both."""

from __future__ import annotations

import dataclasses
import re

import pytest

from cardlearn import IllegalMove
from cardlearn.games import kinaskak
from cardlearn.lessons import kinaskak as lesson
from cardlearn.lessons.language import fields

START = {0: "3H JK 5H 6H 8C 8D 8S 7H KS 2D 9C QD 4C", 1: "9S 10S JS QS KD KH KC 4H 4D"}
ENGLISH_WORDS = re.compile(r"\b(Round|Seat|seat|cards|Discard|stock|penalty|points|went out|nobody|turn)\b")


@pytest.fixture(scope="module")
def quiz_positions():
    """The notebook's positions for the quiz: seat 1 has laid down next to seat 0's run
    with a joker, and a buy of Q♦ (seat 0's discard) by seat 2 or 3."""
    start = lesson.position(START, up="8H", stock="2C 5S", seed=1930)
    after0 = lesson.play_out(start, "take, run 3H JK=4H 5H 6H, set 8C 8D 8S, off 7H 0-0 high, off 8H 0-1, "
                                    "discard QD")
    window = after0.apply("draw")
    bought = lesson.play_out(window, "buy, buy")
    buyer = bought.buys_used.index(1)
    laid1 = lesson.play_out(bought, "run 9S 10S JS QS, set KH KD KC")
    return laid1, window, bought, buyer


def test_the_words_are_written_in_both_languages_with_the_same_fields():
    en, is_ = lesson.WORDS["en"], lesson.WORDS["is"]
    assert set(en) == set(is_)
    for key, text in en.items():
        if isinstance(text, str):
            assert fields(text) == fields(is_[key]), key


def test_every_option_and_observation_field_is_explained_in_icelandic():
    names = {f.name for f in dataclasses.fields(kinaskak.Rules)}
    assert set(lesson.OPTIONS_IS) == set(lesson.OPTIONS) == names
    assert set(lesson.OBSERVATION_IS) == set(lesson.OBSERVATION)
    state = kinaskak.new_game(players=4, seed=1930)
    html = lesson.options_table(lang="is").data + lesson.observation_table(state, lang="is").data
    assert "hvað sjálfgefna gildið þýðir" in html and "gildi hér" in html


def test_english_text_is_the_engines_own():
    state = kinaskak.new_game(players=4, seed=1930)
    assert lesson.state_text(state, "en") == str(state)
    state, end = lesson.play_deal(state, kinaskak.BOTS["thumb"](seed=1))
    assert lesson.record_text(end, "en") == str(end)


def test_icelandic_text_tells_the_same_numbers():
    state = kinaskak.new_game(players=4, seed=1930)
    english = re.findall(r"\((\d+) cards, (\d+) points\)", lesson.state_text(state, "en"))
    icelandic = re.findall(r"\((\d+) spil, (\d+) refsistig\)", lesson.state_text(state, "is"))
    assert english == icelandic and len(icelandic) == 4
    _, end = lesson.play_deal(state, kinaskak.BOTS["thumb"](seed=1))
    text = lesson.record_text(end, "is")
    assert f"lokaði: sæti {end.details['went_out']}" in text
    assert f"refsistig {end.row['penalty']}" in text and not ENGLISH_WORDS.search(text)


def test_icelandic_pictures_have_no_english_words(quiz_positions):
    laid1, *_ = quiz_positions
    game = lesson.bot_match(["thumb"] * 4, 1930, rounds=1)
    shown = [lesson.table_picture(laid1, lang="is").data, lesson.deck_table("is").data,
             lesson.contracts_table("is").data, lesson.deal_picture(lang="is").data,
             lesson.round_end_picture(lesson.round_end(game, 1), lang="is").data,
             lesson.hands_picture([lesson.Hand(1, ("run 3H 4H 5H 6H", "set 8C 8D 8S"), "2C")], "is").data,
             lesson.round_events(game, 1, "is"), lesson.match_sheet(game, "is")]
    for text in shown:
        plain = re.sub(r"<[^>]+>", " ", text)
        assert not ENGLISH_WORDS.search(plain), ENGLISH_WORDS.search(plain)
    assert "contract" in lesson.contracts_table("en").data  # the English table keeps both languages


def test_the_quiz_has_the_same_answers_in_both_languages(quiz_positions):
    english = lesson.questions(*quiz_positions, "en")
    icelandic = lesson.questions(*quiz_positions, "is")
    assert [q.answer for q in english] == list(lesson.EXPECTED)
    got = [q.answer for q in icelandic]
    assert got[0] == english[0].answer and got[1] == english[1].answer and got[4] == english[4].answer
    assert got[2] == "nei" and got[3] == lesson.GAIN_WORDS["is"][2]
    assert lesson.check_quiz(icelandic) == sum(len(q.options) for q in icelandic)


def test_an_illegal_move_is_told_in_the_notebooks_language(quiz_positions):
    _, window, *_ = quiz_positions
    with pytest.raises(IllegalMove) as caught:
        window.apply("draw")
    assert lesson.why_not(caught.value, "en") == str(caught.value)
    assert lesson.why_not(caught.value, "is").startswith("ekki núna: nú er spurt um kaup")


def test_a_joker_in_a_set_is_named_in_icelandic_words():
    assert lesson.meld_captions(lesson.written("set JC JD JK"), "is") == ["", "", "= gosi"]
    assert lesson.meld_captions(lesson.written("set JC JD JK"), "en") == ["", "", "= J"]
