"""The Kozel notebook's helpers speak both notebook languages: the twins share their code, so
every picture, table, quiz and sentence must come out in the language asked for, with the
same numbers and the same right answers in both."""

from __future__ import annotations

import re

import pytest

from cardlearn.games import kozel
from cardlearn.lessons import kozel as lesson
from cardlearn.lessons.language import LANGS, UnknownLanguage

# English words that must not leak into an Icelandic picture (whole words, case-insensitive).
ENGLISH = re.compile(r"\b(seat|seats|team|trick|tricks|beats|led|face down|card points|pairing|deal|"
                     r"dealt|yes|no|played|score sheet|loss points)\b", re.IGNORECASE)


def _text(html: object) -> str:
    """The words of an HTML picture, without its tags, and without the code it quotes (field
    names and values are code, the same in both languages)."""
    data = re.sub(r"<code>.*?</code>", " ", str(getattr(html, "data", html)))
    return re.sub(r"<[^>]+>", " ", data)


@pytest.fixture(scope="module")
def match() -> kozel.State:
    return lesson.bot_match(("thumb", "thumb"), seed=1937)


def pictures(match: kozel.State, lang: str) -> list[str]:
    trick = lesson.play(lesson.position({0: "QC 8C 6S 7S", 1: "KC AC 9H 10H", 2: "7D 9S JD QD"}, trump="6H"),
                        "8C+QC", "KC+AC", "discard:7D+9S")
    leader = lesson.position({0: "7S KS AS 9D", 1: "6C 9C JC AC"}, trump="6H")
    claim = lesson.position({0: "7D 8S 9H 10S", 2: "6C 9C JC AC"}, trump="6S").apply("7D")
    return [_text(p) for p in (
        lesson.seating_picture(3, lang=lang), lesson.order_picture("S", lang=lang),
        lesson.deal_picture(3, lang=lang), lesson.moves_picture(leader, lang=lang),
        lesson.moves_picture(claim, lang=lang),
        lesson.beat_picture("9D JS", "QS 7S", "D", lang=lang),
        lesson.beat_picture("JS 8H", "QS 7S", "D", lang=lang),
        lesson.trick_picture(trick, viewer=0, lang=lang), lesson.trick_picture(trick, lang=lang),
        lesson.deal_end_picture(lesson.deal_end(match, 0), lang=lang),
        lesson.deal_end_picture(lesson.finished_deals(match)[0], lang=lang),
        lesson.match_sheet(match, lang), lesson.trump_card_where(match, lang),
        lesson.options_table(lang=lang), lesson.observation_table(kozel.new_game(seed=1937), 0, lang),
    )]


def test_the_icelandic_pictures_have_no_english_words(match: kozel.State) -> None:
    for text in pictures(match, "is"):
        words = re.sub(r"'[^']*'", " ", text)  # an option's other values, quoted, are code too
        assert not ENGLISH.findall(words), words


def test_the_english_pictures_speak_english(match: kozel.State) -> None:
    english = "\n".join(pictures(match, "en"))
    for phrase in ("play goes", "Seat 0", "team A", "beats", "Trick 1", "card points", "The pairing",
                   "cannot beat them", "Score sheet, deal 1", "running sum", "wins the deal"):
        assert phrase in english
    assert "Sæti 0" not in english and "slær" not in english.replace("Slagir", "")


def test_numbers_agree_in_icelandic() -> None:
    assert lesson._points(21, "is") == "21 punktur" and lesson._points(11, "is") == "11 punktar"
    assert lesson._points(31, "is", "acc") == "31 punkt" and lesson._points(38, "is", "acc") == "38 punkta"
    assert lesson._tricks(1, "is", "dat") == "1 slag" and lesson._tricks(3, "is", "dat") == "3 slögum"
    assert lesson._tricks(2, "is") == "2 slagi" and lesson._tricks(1, "en") == "1 trick"
    assert lesson.number(-0.41, "is", "+.2f") == "\u22120,41" and lesson.number(0.59, "en") == "0.59"


def test_the_quiz_asks_the_same_in_both_languages() -> None:
    asked = {lang: lesson.questions(lang) for lang in LANGS}
    for en, is_ in zip(asked["en"], asked["is"]):
        assert len(en.options) == len(is_.options)
        # the right answer is the same option in both twins
        right = [list(map(str, q.options)).index(str(q.answer)) for q in (en, is_)]
        assert right[0] == right[1]
        assert en.prompt != is_.prompt and en.why != is_.why
    for lang in LANGS:
        assert lesson.check_quiz(asked[lang], lang) == sum(len(q.options) for q in asked[lang])
    with pytest.raises(AssertionError):  # the Icelandic answers are not the English ones
        lesson.check_quiz(asked["is"], "en")


def test_every_saying_fills_in_and_a_language_is_checked() -> None:
    for lang in LANGS:
        say = lesson.SAY.speaker(lang)
        assert "sæti 1" in say("may", seat=1, moves="claim") or lang == "en"
    assert set(lesson.OPTIONS_IS) == set(lesson.OPTIONS)
    assert set(lesson.OBSERVATION_IS) == set(lesson.OBSERVATION)
    with pytest.raises(UnknownLanguage):
        lesson.seating_picture(3, lang="de")


def test_the_record_of_a_deal_is_written_in_the_notebooks_language() -> None:
    _, end = lesson.play_deal(kozel.new_game(seed=1937), kozel.BOTS["thumb"](seed=1))
    assert lesson.record_text(end, "en") == str(end)
    icelandic = lesson.record_text(end, "is")
    assert icelandic.splitlines()[0] == "1. spil (lína 0 á stigablaðinu); sæti 3 gaf"
    assert "  lið A fékk í 2 slögum: " in icelandic and "  trump_card: 8♠" in icelandic
    assert not ENGLISH.findall(re.sub(r"\(\(.*|\{.*\}|[a-z]+_[a-z_]+", " ", icelandic))
    assert len(icelandic.splitlines()) == len(str(end).splitlines())
