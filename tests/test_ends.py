"""A deal's end as the pupil reads it (issue 32, points 5 and 6): numbers that agree on the
felt, in the panel and on the sheet; a deal-end sentence that says the outcome first, in
plain words; Lomber's terms glossed; a new deal's felt that starts clean."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import conformance
import pytest
from test_words import namer

from cardlearn.games import GAMES, kinaskak, kozel, lomber
from cardlearn.games.kozel import Rules
from cardlearn.table import TableModel


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


# -- 6. ends that read -----------------------------------------------------------------------

# The short outcome clause each deal-end sentence opens with, before the first colon or
# semicolon: who won or lost, went out, or that nobody played; never a number first.
OUTCOME = {
    "is": re.compile(r"^(\S+( \d)?( og \S+ \d)?|Þið \S+ \d) (vannst|vann|unnu|unnuð|tapaðir|tapaði|"
                     r"gafst upp og tapaðir?|lokaðir?) (spilið|spilinu|umferðinni)( fyrst)?[:;]"
                     r"|^(Spilið fór jafnt|Jafnt — egg|Gjöfin var ekki spiluð|Enginn lokaði umferðinni)[:;]"),
    "en": re.compile(r"^((The computer|\S+( \d)?)( and \S+ \d)?|You and \S+ \d) "
                     r"(won|lost|gave up and lost) the (deal|hand)[:;]"
                     r"|^(You|\S+ \d) went out( first)?[:;]"
                     r"|^(The hand was a tie|A tie — eggs|The deal was not played|Nobody went out)[:;]"),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_deal_result_says_the_outcome_first(name: str) -> None:
    game = GAMES[name]
    seen = 0
    for seed in range(3):
        for before, after in deal_ends(game, seed):
            for lang in ("is", "en"):
                said = game.deal_result(before, after, lang, namer(after.players, lang))
                assert OUTCOME[lang].match(said), said
                head = re.split(r"[:;]", said, maxsplit=1)[0]
                assert len(head.split()) <= 8 and not re.search(r"\d{2}", head), head
            seen += 1
            if seen > 12:
                return


def test_lomber_says_who_took_more_tricks_in_krukk_and_who_won() -> None:
    for seed in range(60):
        for before, after in deal_ends(lomber, seed):
            row = after.score_sheet[-1]
            if row["outcome"] != "krukk" or row["declarer"] != 0:
                continue
            top = max((1, 2), key=lambda s: row["tricks"][s])
            said = lomber.deal_result(before, after, "is", namer(3, "is"))
            assert said.startswith(f"Þú tapaðir spilinu: Tölva {top} fékk fleiri slagi en þú — "
                                   "það heitir krúkk")
            said = lomber.deal_result(before, after, "en", namer(3, "en"))
            assert said.startswith(f"You lost the deal: Computer {top} took more tricks than you — "
                                   "that is called krúkk")
            return
    pytest.fail("no krúkk of the pupil's in 60 seeds")


def test_kozel_sentence_tells_the_deals_loss_points_from_the_matchs() -> None:
    """The row's total ("Alls í spilinu") is this deal's; the sentence says the match's apart."""
    assert kozel.SHEET_NAMES["is"]["total"] == "Alls í spilinu"
    assert kozel.SHEET_NAMES["en"]["total"] == "Deal total"
    for before, after in deal_ends(kozel, 4):
        _, _, _, _, total = after.sheet[-1]
        lost = 0 if total[0] > total[1] else 1
        if not any(total) or after.deals_done < 2:
            continue
        said = kozel.deal_result(before, after, "is", namer(4, "is"))
        assert f"{total[lost]} tapstig fyrir spilið" in said
        assert f"{after.totals[lost]} samtals í leiknum" in said
        english = kozel.deal_result(before, after, "en", namer(4, "en"))
        assert f"for this deal, {after.totals[lost]} in the match so far" in english
        return
    pytest.fail("no second decided deal")


def test_kinaskak_says_the_last_lap_when_another_seat_goes_out_too() -> None:
    for seed in range(40):
        for before, after in deal_ends(kinaskak, seed):
            end = after.last_deal_position
            out = after.score_sheet[-1]["went_out"]
            if out is None or sum(not h for h in end.hands) < 2:
                continue
            said = kinaskak.deal_result(before, after, "is", namer(4, "is"))
            assert " lokaði umferðinni fyrst: hinir fengu svo einn leik hver, og " in said or \
                said.startswith("Þú lokaðir umferðinni fyrst: hinir fengu svo einn leik hver, og "), said
            english = kinaskak.deal_result(before, after, "en", namer(4, "en"))
            assert "went out first: the others then had one more turn each, and " in english, english
            return
    pytest.fail("no round where two seats emptied their hands")


def test_lomber_follow_suit_refusal_glosses_its_terms() -> None:
    for lang, spadda, matador in (("is", "spöddu (spaðaásnum, hæsta trompinu)",
                                   "matador (einu af þremur hæstu trompunum)"),
                                  ("en", "spadda (the ace of spades, the highest trump)",
                                   "matador (one of the three highest trumps)")):
        text = lomber.RULE_WORDS[lang]["must_follow"]
        assert spadda in text and matador in text, text
        assert "undanþegin" not in text and "exempt" not in text


@pytest.mark.parametrize("name", ["kozel", "lomber", "kasina", "kinaskak"])
def test_a_new_deals_felt_has_no_last_trick_and_no_last_move(name: str) -> None:
    """Once the pupil has pressed Áfram, the new deal's felt starts clean: no last trick of
    the deal before, no "Síðasti leikur" of it."""
    game = GAMES[name]
    m = TableModel(game, game.new_game(seed=11), seats={s: "random" for s in range(game.PLAYERS[0])}, seed=11)
    m.run_bots()
    assert m.summary_at is not None and m.state.deals_done == 1
    m.dismiss()
    assert m.state.deals_done == 1
    layout = game.layout(m.state, 0, "is", who=m.who)
    last = [z for z in layout["zones"] if z["name"] == "last-trick"]
    assert not any(z["cards"] for z in last), last
    snap = m.snapshot()
    assert snap.last_move == "" and not snap.last_cards
