"""A refused move's `str()` follows the language the notebook or the table set, and names
only what its game has (issue 35, point 4)."""

from __future__ import annotations

import pytest

from cardlearn import IllegalMove, set_language
from cardlearn.core import message_language
from cardlearn.games import GAMES
from cardlearn.lessons.language import Sayings
from cardlearn.table.model import TableModel

# A typo per game (a card that is no card) and a well-formed move the rules forbid at the start.
TYPOS = {"kasina": "5J:5H", "kozel": "5J", "kinaskak": "discard SQ", "lomber": "SQ"}


def refusal(game: str, move: str) -> IllegalMove:
    state = GAMES[game].new_game(seed=1)
    with pytest.raises(IllegalMove) as err:
        state.check(move)
    return err.value


@pytest.mark.parametrize("game", sorted(TYPOS))
def test_a_typo_is_told_in_the_games_own_words_in_either_language(game: str) -> None:
    err = refusal(game, TYPOS[game])
    english = str(err)
    assert english == GAMES[game].RULE_WORDS["en"][err.rule].format(**err.params)
    set_language("is")
    assert str(err) == err.say(GAMES[game].RULE_WORDS["is"]) != english
    set_language("en")
    assert str(err) == english


def test_the_english_words_name_no_joker_and_no_small_ranks_where_the_game_has_none() -> None:
    kasina = str(refusal("kasina", "5J:5H"))
    assert "'5J' is not a card" in kasina and "2-10 (T for ten)" in kasina
    assert "joker" not in kasina and "JK" not in kasina
    kozel = str(refusal("kozel", "5J"))
    assert "'5J' is not a card" in kozel and "rank 6-10 (T for ten)" in kozel
    assert "2-10" not in kozel and "joker" not in kozel
    lomber = str(refusal("lomber", "discard 8H"))
    assert "'8H' is not in this deck" in lomber and "rank 2-7, J, Q, K or A" in lomber
    assert "T for ten" not in lomber and "10D" not in lomber and "joker" not in lomber
    kinaskak = str(refusal("kinaskak", "run 3X 4X 5X 6X"))
    assert "'3X' is not a card" in kinaskak and "2-10 (T for ten)" in kinaskak
    assert "a joker is 'JK'" in kinaskak


CARD_TYPOS = {"kasina": ("2C:5J", "5J"), "kozel": ("5S", "5S"), "kinaskak": ("run 3X 4X 5X 6X", "3X"),
              "lomber": ("JK", "JK")}


@pytest.mark.parametrize("game", sorted(CARD_TYPOS))
def test_a_card_that_is_none_of_the_decks_is_named_in_either_language(game: str) -> None:
    """The Icelandic refusal keeps the reason the English one gives: which card, and how a
    card of this game's deck is written (the ranks it has, the suits' letters)."""
    move, card = CARD_TYPOS[game]
    err = refusal(game, move)
    assert err.rule == "unreadable" and err.params["typed"] == card
    icelandic = err.say(GAMES[game].RULE_WORDS["is"])
    assert icelandic.startswith(f"ekki tókst að lesa leikinn '{move}': '{card}' er ")
    assert "S (spaði), H (hjarta), D (tígull) eða C (lauf)" in icelandic
    assert ("jóker" in icelandic) == (game == "kinaskak")
    assert ("T má standa fyrir 10" in icelandic) == (game != "lomber")


def test_the_card_notation_follows_the_deck() -> None:
    from cardlearn.cards import card_notation, card_reason

    assert card_notation("en", ("6", "7", "8", "9", "10", "J", "Q", "K", "A"), jokers=False).startswith(
        "a card is a rank 6-10 (T for ten), J, Q, K or A")
    assert card_notation("is", ("2", "3", "4", "5", "6", "7", "J", "Q", "K", "A"), jokers=False).startswith(
        "spil er skrifað með gildi, 2–7, J, Q, K eða A")
    lacking = card_reason("8H", "is", ("2", "7", "A"), jokers=False)
    assert lacking.startswith("'8H' er ekki til í þessum stokki: ")
    assert card_reason("XX", "en").startswith("'XX' is not a card: ") and card_reason("XX").endswith("'JK'")


def test_a_rule_broken_speaks_the_language_set() -> None:
    state = GAMES["kasina"].new_game(seed=1)
    legal = {str(a) for a in state.legal_actions()}
    hand = state.observation(state.to_move)["hand"]
    other = next(c for c in GAMES["kasina"].new_game(seed=2).observation(0)["hand"] if c not in hand)
    assert other not in legal
    with pytest.raises(IllegalMove) as err:
        state.apply(other)
    set_language("is")
    assert str(err.value).startswith("þú ert ekki með ") and "á hendi" in str(err.value)


def test_the_match_over_refusal_speaks_both() -> None:
    from cardlearn.core import match_over

    set_language("is")
    assert str(match_over()).startswith("leiknum er lokið")


def test_a_notebooks_speaker_and_a_tables_language_button_set_it() -> None:
    Sayings({"x": {"en": "x", "is": "x"}}).speaker("is")
    assert message_language() == "is"
    table = TableModel(GAMES["kasina"], GAMES["kasina"].new_game(seed=1), lang="is")
    table.lang = "en"
    assert message_language() == "en"
    with pytest.raises(ValueError, match="'en' or 'is'"):
        set_language("fr")
    assert message_language() == "en"
