"""The Kasína and deck lessons speak both notebook languages: numbers written the Icelandic
way, Icelandic pictures and tables without English words, the quiz's teacher's check in
both languages, and the deck notebook's picture found from either notebook folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlearn.games import kasina
from cardlearn.lessons import deck
from cardlearn.lessons import kasina as lesson
from cardlearn.lessons.language import LANGS
from cardlearn.lessons.numbers import NumberSayings, Written, written

ROOT = Path(__file__).resolve().parents[1]
SEED = 2020  # the Kasína notebook's seed


def words(html: str) -> str:
    """The text of an HTML picture: tags, card pictures and styles left out."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<(svg|style).*?</\1>", " ", html, flags=re.S))


@pytest.fixture(scope="module")
def match() -> kasina.State:
    return lesson.bot_match({0: "thumb", 1: "thumb"}, seed=SEED)


def test_numbers_are_written_the_icelandic_way_and_english_is_unchanged():
    assert format(Written(-0.19, "is"), "+.2f") == "−0,19"
    assert format(Written(0.69, "is"), "4.0%") == " 69 %"
    assert format(Written(-0.19, "en"), "+.2f") == "-0.19" and written("69%", "en") == "69%"
    say = NumberSayings({"m": {"en": "margin {m:+.2f} in {n} deals", "is": "munur {m:+.2f} í {n} spilum"}})
    assert say.speaker("is")("m", m=0.03, n=29) == "munur +0,03 í 29 spilum"  # ints stay as they are
    assert say.speaker("en")("m", m=0.03, n=29) == "margin +0.03 in 29 deals"


@pytest.mark.parametrize("module", [lesson, deck], ids=["kasina", "deck"])
def test_every_saying_is_written_in_both_languages(module):
    assert all(set(texts) == set(LANGS) for texts in module.SAY.table.values())


def test_counts_take_the_right_number(match):
    assert [lesson.counted(n, "sweeps", "is") for n in (1, 2, 21)] == ["1 svippur", "2 svippar", "21 svippur"]
    assert lesson.counted(11, "aces", "is") == "11 ásar" and lesson.counted(1, "ties", "en") == "1 tie"
    assert lesson.counted(2, "ties", "is") == "jafnt í 2 flokkum"


def test_icelandic_pictures_and_tables_have_no_english_words(match):
    end = lesson.hand_end(match, hand_no=0)
    shown = {
        "first deal": lesson.first_deal_picture(lang="is").data,
        "options": lesson.options_picture("5S", "2C 3H 5D", lang="is").data,
        "hand end": lesson.hand_end_picture(end, lang="is").data,
        "options table": lesson.options_table(lang="is").data,
    }
    english = re.compile(r"\b(seat|table|takes|written|pile|cards|spades|aces|last trick|Score sheet|"
                         r"meaning|default)\b")
    for name, html in shown.items():
        text = words(html).replace("<code>", "")
        found = english.findall(text)
        assert not found, f"{name}: English words {found}"
    assert "Bunki sætis 0" in shown["hand end"] and "Seat 0's pile" in lesson.hand_end_picture(end).data
    assert lesson.match_sheet(match, "is").splitlines()[0].split()[:2] == ["spil", "gjafari"]
    assert lesson.deal_packets(5, first=True, lang="is").count("3 til sætis") == 2


def test_the_record_of_a_hand_in_icelandic_keeps_the_engines_cards(match):
    _, end = lesson.play_deal(kasina.new_game(seed=SEED), kasina.BOTS["thumb"](seed=1))
    assert lesson.deal_record(end, "en") == str(end)
    icelandic = lesson.deal_record(end, "is")
    assert icelandic.startswith("1. spil (röð 0 á stigablaðinu), sæti 1 gaf")
    for cards in end.taken:
        assert " ".join(c.symbol for c in cards) in icelandic
    assert f"Alls: {end.row['total']}" in icelandic


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_has_the_same_answers_in_both_languages_and_checks_in_each(match, lang):
    questions = lesson.questions(match, lang)
    assert lesson.check_quiz(questions, lang) == sum(len(q.options) for q in questions)
    english = lesson.questions(match, "en")
    numbers = [q.answer for q in questions if isinstance(q.answer, int)]
    assert numbers == [q.answer for q in english if isinstance(q.answer, int)]
    assert [q.options.index(q.answer) for q in questions] == [q.options.index(q.answer) for q in english]


def test_the_quiz_check_refuses_answers_in_the_other_language(match):
    with pytest.raises(AssertionError):
        lesson.check_quiz(lesson.questions(match, "is"), "en")


def test_the_repository_is_found_from_either_notebook_folder(tmp_path):
    for folder in (ROOT / "notebooks", ROOT / "notebooks" / "is"):
        assert deck.repository_path("images", "decks.png", start=folder) == ROOT / "images" / "decks.png"
    with pytest.raises(FileNotFoundError):
        deck.repository_path("images", start=tmp_path)
