"""The guided first deal (issue 35, point 1; Kasína so far): followed by its suggestions
alone it reaches the deal's end in both languages, every step a sentence; what it must teach
happens; a click off the suggestion is answered and nothing moves; then a real deal."""

from __future__ import annotations

import re

import pytest

from cardlearn.core import IllegalMove
from cardlearn.guided import GUIDES, GuideModel, guide
from cardlearn.table.snapshot import take

RAW = re.compile(r"\{|\}|\bNone\b|\b(10|[2-9TJQKA])[SHDC]\b")  # the game's notation, or a format hole


def follow(model: GuideModel) -> list[str]:
    """Play the guided deal by its suggestions alone (as a pupil clicking what is lit), the
    computers by their script; the steps said on the way."""
    said = [model.step_text()]  # at the start, and at each of the pupil's turns
    for _ in range(400):
        if model.paused:
            break
        if not model.human_to_move():
            assert model.bot_step()
            if model.human_to_move() or model.paused:
                said.append(model.step_text())
            continue
        else:
            snap = take(model)
            buttons = [b for b in snap.buttons if b.suggested]
            if buttons:
                assert model.act(buttons[0].action)
            else:
                lit = [c for c in snap.cells() if c.suggested]
                # a forced move comes already chosen (the table selects it): then only Confirm
                assert lit or snap.confirm, f"nothing suggested at move {len(model.moves)}"
                for cell in lit:
                    model.click(cell.zone, cell.index)
                assert not model.message.startswith(("Ekki ", "Not ")), model.message  # never refused
                assert model.confirm(), f"the lit cards make no move at move {len(model.moves)}"
        if model.human_to_move() or model.paused:
            said.append(model.step_text())
    return said


@pytest.mark.parametrize("lang", ["is", "en"])
@pytest.mark.parametrize("game", GUIDES)
def test_the_guided_deal_followed_by_its_suggestions_reaches_its_end(game: str, lang: str) -> None:
    model = GuideModel(guide(game), lang=lang)
    said = follow(model)
    assert model.paused and model.state.deals_done == 1  # on the deal-end panel
    assert len(model.moves) == len(guide(game).steps)
    for text in said:
        assert text and text[-1] in ".!", text  # every step sentences
        assert "!." not in text and "! —" not in text, text  # "svippur!" ends its sentence
        assert not RAW.search(text), text
    assert guide(game).tip[lang] in said[-1]
    model.dismiss()
    model.new_game(seed=5)  # then a real deal: the computers choose, nothing suggested
    assert model.guide is None and model.step_text() == ""


@pytest.mark.parametrize("game", GUIDES)
def test_past_the_guided_deals_end_the_match_goes_on_as_a_real_one(game: str) -> None:
    model = GuideModel(guide(game), lang="is")
    follow(model)
    assert model.snapshot().dismiss == "Spilaðu alvöru spil"  # the deal-end panel's button
    assert "„Spilaðu alvöru spil“" in model.step_text()
    assert model.snapshot().turn == "Smelltu fyrst á „Spilaðu alvöru spil“ til að halda leiknum áfram."
    model.dismiss()  # the panel's button: a real game of its own, the computers on their own
    assert model.guide is None and model.step_text() == "" and model.snapshot().dismiss == "Áfram"
    assert model.state.deals_done == 0 and not any(model.state.scores) and not model.paused
    for _ in range(12):  # the computers choose without a script (it has no more moves)
        if model.human_to_move() or model.paused or model.state.is_over:
            break
        assert model.bot_step()
    assert not model.suggested()


@pytest.mark.parametrize("game", GUIDES)
def test_what_the_guided_deal_teaches_happens_in_it(game: str) -> None:
    found = guide(game)
    state = found.deal()
    states, moves = [state], [s.move for s in found.steps]
    for move in moves:
        state = state.apply(move)
        states.append(state)
    for name, happened in found.events.items():
        assert happened(states, moves), f"{game}: the guided deal has no {name}"
    said = " ".join(s.say.get("is", "") for s in found.steps)
    for term in (s.term for s in found.steps if s.term):
        assert term in said.lower()  # the sources' word, in the step that uses it


def test_a_click_off_the_suggestion_is_answered_and_nothing_moves() -> None:
    model = GuideModel(guide("kasina"), lang="is")
    snap = take(model)
    off = next(c for c in snap.hand if not c.suggested)
    model.click(off.zone, off.index)
    assert model.selected == frozenset() and len(model.moves) == 0
    assert model.message.startswith("Ekki ") and "7♦" in model.message  # what to do instead
    assert not RAW.search(model.message), model.message  # the card as 6♦, not its notation
    # a legal move the script does not take: refused by the guide, nothing moves
    other = next(a for a in model.state.legal_actions() if str(a) != guide("kasina").steps[0].move)
    assert model.act(other) is False and len(model.moves) == 0
    # a move against the rules: the engine's own reason
    with pytest.raises(IllegalMove):
        model.state.check("2S")  # laying a card down while a card can take
    assert model.act("2S") is False and "skylt er að taka" in model.message and len(model.moves) == 0


def test_a_game_without_a_guide_says_so() -> None:
    with pytest.raises(ValueError, match="no guided deal"):
        guide("chess")


def test_the_hints_asked_in_a_deal_are_shown_at_its_end() -> None:
    model = GuideModel(guide("kasina"), lang="is")
    assert model.hint()  # at the first position
    assert model.hint()  # the same position again: counted once
    follow(model)
    summary = take(model).summary
    assert summary is not None
    assert "Vísbendingar sem þú baðst um: 1" in summary.lines


def test_a_wrong_button_in_the_guided_deal_points_to_the_lit_button() -> None:
    model = GuideModel(guide("lomber"), lang="is")
    while not model.human_to_move():
        assert model.bot_step()
    wanted = model.suggested_move()
    assert wanted is not None and not model.suggested()  # a bid: a button, no cards
    other = next(a for a in model.state.legal_actions() if a != wanted)
    n = len(model.moves)
    assert model.act(other) is False and len(model.moves) == n
    assert "Hnappurinn sem á að smella á er lýstur upp" in model.message
