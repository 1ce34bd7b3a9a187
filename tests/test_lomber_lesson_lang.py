"""The Lomber lesson helpers speak the notebook's language: in Icelandic (the twin,
notebooks/is/04-lomber.ipynb) no English word of the English pictures, tables and printouts is
left, while every number stays the engine's, the same in both languages.  (The English output
itself is checked cell by cell by nbval on the English notebook.)"""

from __future__ import annotations

import re

import pytest

from cardlearn.games import lomber
from cardlearn.lessons import lomber as lesson
from cardlearn.lessons.language import LANGS, UnknownLanguage

# Words of the English pictures that an Icelandic reader must not meet in the twin.
ENGLISH = re.compile(r"\b(seat|Seat|trumps|may play|may not|On the table|Your hand|led|wins|"
                     r"declarer|defenders?|Talon|cards|face down|highest first|nobody|"
                     r"trick|Deal|still holds|clockwise|deals|level|won|lost|conceded)\b")


def text(picture: object) -> str:
    """A picture's words, without its HTML and SVG tags (and their English attribute names)."""
    html = picture.data if hasattr(picture, "data") else str(picture)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.fixture(scope="module")
def match() -> lomber.State:
    return lesson.bot_match(["thumb"] * 3, 1985)


def icelandic_pictures(match: lomber.State) -> dict[str, str]:
    walk = lesson.position({0: "AS AC 7H AH KH QH 3C 4D 5S"})
    _, first = lesson.play_deal(lomber.new_game(seed=1985), lomber.BOTS["thumb"](seed=1))
    return {
        "seating": text(lesson.seating_picture(2, lang="is")),
        "deal": text(lesson.deal_picture(2, lang="is")),
        "hands": text(lesson.hands_picture(walk, lang="is")),
        "trumps": text(lesson.trump_picture(lang="is")),
        "plain": text(lesson.plain_picture("S", lang="is")),
        "nolo": text(lesson.nolo_picture(lang="is")),
        "tricks": text(lesson.tricks_picture([("KS AC 2S", "betra_spil", "S"), ("2S AS 3S", "kupp", None)],
                                             lang="is")),
        "legal": text(lesson.legal_picture("AS 3S 4D", "5S", "spil", "H", lang="is")),
        "contracts": text(lesson.contracts_table(lang="is")),
        "end": text(lesson.deal_end_picture(lesson.deal_end(match, 0), lang="is")),
        "sheet": lesson.match_sheet(match, "is"),
        "log": lesson.deal_log(match, 0, "is"),
        "table": lesson.table_text(lomber.new_game(seed=1985), "is"),
        "record": lesson.record_text(first, "is"),
    }


def test_icelandic_pictures_and_printouts_have_no_english_words(match):
    for name, words in icelandic_pictures(match).items():
        assert not ENGLISH.findall(words), f"{name}: {sorted(set(ENGLISH.findall(words)))}"


def test_english_pictures_still_speak_english(match):
    """The check above can fail: the English pictures are full of those words."""
    assert ENGLISH.search(text(lesson.legal_picture("AS 3S 4D", "5S", "spil", "H")))
    assert ENGLISH.search(lesson.deal_log(match, 0))
    assert lesson.table_text(match) == str(match)


def test_the_numbers_are_the_same_in_both_languages(match):
    def numbers(words: str) -> list[str]:
        return re.findall(r"[+−-]?\d+", words.replace("−", "-"))

    assert numbers(lesson.match_sheet(match, "is")) == numbers(lesson.match_sheet(match, "en"))
    assert numbers(lesson.deal_log(match, 0, "is")) == numbers(lesson.deal_log(match, 0, "en"))
    state = lomber.new_game(seed=1985)
    assert numbers(lesson.table_text(state, "is")) == numbers(str(state))


def test_the_quiz_has_the_same_answers_in_both_languages():
    en, is_ = lesson.questions("en"), lesson.questions("is")
    assert [q.answer for q in en][3:4] == [q.answer for q in is_][3:4] == [6]
    for q_en, q_is in zip(en, is_):  # the right option sits at the same place in both
        assert [str(o) for o in q_en.options].index(str(q_en.answer)) == \
            [str(o) for o in q_is.options].index(str(q_is.answer))
        assert q_en.prompt != q_is.prompt and q_en.why != q_is.why
    assert lesson.check_quiz(is_, "is") == lesson.check_quiz(en, "en") == 22
    assert [q.answer for q in lesson.questions(lomber.Rules())] == [q.answer for q in en]  # the older call


def test_every_option_and_observation_field_has_an_icelandic_note():
    assert set(lesson.OPTIONS_IS) == set(lesson.OPTIONS)
    assert set(lesson.OBSERVATION_IS) == set(lesson.OBSERVATION)
    assert "stilling" in text(lesson.options_table(lang="is"))
    assert "svið" in text(lesson.observation_table(lomber.new_game(seed=1985), lang="is"))


def test_every_saying_is_written_in_both_languages():
    for key, texts in lesson.SAY.table.items():
        assert set(texts) == set(LANGS), key
    say = lesson.SAY.speaker("is")
    assert say("tried", action="pass", n=34, pct=37.0, margin=lesson.decimal(-0.79, "+.2f", "is")) == (
        "pass        prófað í 34 ímynduðum spilum, sigur í  37 % þeirra, meðalmunur  −0,79 bitar")


def test_an_unknown_language_is_refused():
    with pytest.raises(UnknownLanguage):
        lesson.seating_picture(2, lang="de")
    with pytest.raises(UnknownLanguage):
        lesson.questions("de")
