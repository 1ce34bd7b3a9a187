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
    assert "joker" not in kasina and "JK" not in kasina and "T for ten" not in kasina
    kozel = str(refusal("kozel", "5J"))
    assert "2-10" not in kozel and "joker" not in kozel and "nothing below the six" in kozel


def test_a_rule_broken_speaks_the_language_set() -> None:
    state = GAMES["kasina"].new_game(seed=1)
    legal = {str(a) for a in state.legal_actions()}
    hand = state.observation(state.to_move)["hand"]
    other = next(c for c in GAMES["kasina"].new_game(seed=2).observation(0)["hand"] if c not in hand)
    assert other not in legal
    with pytest.raises(IllegalMove) as err:
        state.apply(other)
    set_language("is")
    assert "á hendi þinni" in str(err.value)


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
