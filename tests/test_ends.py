"""A deal's end as the pupil reads it (issue 32, points 5 and 6): numbers that agree on the
felt, in the panel and on the sheet; a deal-end sentence that says the outcome first, in
plain words; Lomber's terms glossed; a new deal's felt that starts clean."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import conformance
import pytest

from cardlearn.games import kozel
from cardlearn.games.kozel import Rules


def deal_ends(game: Any, seed: int, **new_game: Any) -> Iterator[tuple[Any, Any]]:
    """(the position before a deal's last move, the one after) for each deal of a random match."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed, **new_game)
    while not state.is_over:
        after = state.apply(rng.choice(list(state.legal_actions())))
        if after.deals_done > state.deals_done:
            yield state, after
        state = after


# -- 5. numbers that agree -------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_kozel_felt_counts_the_face_down_cards_at_a_deals_end(seed: int) -> None:
    """At a deal's end the felt's captions say the score sheet's card points, for every seat."""
    checked = 0
    for _, after in deal_ends(kozel, seed):
        end = after.last_deal_position
        points = after.score_sheet[end.deals_done]["points"]
        for positions in (end, after) if after.is_over else (end,):
            for seat in range(4):
                for lang, word in (("is", "punktar"), ("en", "card points")):
                    view = kozel.layout(positions, seat, lang)
                    captions = [view["info"], *(o["info"] for o in view["opponents"])]
                    for s, caption in zip([seat, *((seat + k) % 4 for k in (1, 2, 3))], captions):
                        assert f"{word} {points[kozel.team_of(s)]}," in caption, (caption, points)
        assert end.observation(0)["points"] == list(points)
        checked += 1
    assert checked


def test_face_down_cards_turned_up_only_once_the_last_trick_is_taken() -> None:
    state = kozel.new_game(seed=3)
    assert not kozel.face_down_turned_up(state.hands, state.stock, state.plays)
    assert kozel.face_down_turned_up(((), (), (), ()), (), ())
    _, after = next(deal_ends(kozel, 3))
    end = after.last_deal_position
    assert end.face_down_shown and not after.face_down_shown
    assert kozel.hidden_cards(end, 0) == ()
    faces = [card for pile in end.observation(1)["hidden"] for _, card in pile]
    assert None not in faces and len(faces) == sum(map(len, end.hidden))


@pytest.mark.parametrize("rules", [Rules(), *kozel.EXAMPLES.variants], ids=lambda r: r.discards_visible)
def test_kozel_deal_ends_keep_the_contract(rules: Rules) -> None:
    """The deal's last position and the match's final one, where the face-down cards are
    turned up, keep the conformance contract: observation, determinize, layout."""
    rng = random.Random(5)
    for seed in (1, 2):
        for _, after in deal_ends(kozel, seed, rules=rules):
            for state in (after.last_deal_position, after):
                conformance.check_observation(kozel, state, rng)
                conformance.check_determinize(kozel, state, rng)
                for seat in range(4):  # check_view's first part (a deal's end has no move to click)
                    world = kozel.determinize(state, seat, random.Random(rng.random()))
                    assert kozel.layout(world, seat, "en") == kozel.layout(state, seat, "en")
            conformance.check_view(kozel, after, rng)
