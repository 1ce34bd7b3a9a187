"""Lomber against its rule file, docs/rules/lomber.md: one test per worked case of §4 (acceptance tests), and
the dealing map of the section "How this maps to the API".  Seats: F = 0, M = 1, R = 2
(dealer seat 2, the default)."""

from __future__ import annotations

import pytest

from cardlearn import IllegalMove
from cardlearn.cards import Card, parse_cards
from cardlearn.games import lomber
from cardlearn.games.lomber import (
    Rules,
    deal_payments,
    legal_plays,
    nullo_order,
    plain_order,
    trick_winner,
    trump_order,
)

F, M, R = 0, 1, 2


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def legal(hand: str, trick: str, contract: str, trump: str | None) -> set[Card]:
    return set(legal_plays(cards(hand), cards(trick), contract, trump))


def stack(f: str = "", m: str = "", r: str = "", talon: str = "") -> list[Card]:
    """A stacked deck (dealer seat 2) giving F, M, R these cards (completed from the rest
    of the deck in deck order) and the talon these top cards."""
    given = [list(cards(x)) for x in (f, m, r, talon)]
    used = {c for g in given for c in g}
    spare = [c for c in lomber.DECK if c not in used]
    for g in given[:3]:
        while len(g) < 9:
            g.append(spare.pop(0))
    talon_cards = given[3] + spare
    deck: list[Card] = []
    for k in range(3):
        for g in given[:3]:
            deck += g[3 * k:3 * k + 3]
    return deck + talon_cards


def play(state, *moves: str):
    for move in moves:
        state = state.apply(move)
    return state


# ---------------------------------------------------------------------------------------
# How this maps to the API

def test_api_map_deal_three_at_a_time():
    """API map: c0..c2 to F, c3..c5 to M, c6..c8 to R, three times round; talon c27..c39."""
    deck = lomber.DECK[::-1]
    state = lomber.new_game(deck=deck, seed=1)
    for seat in range(3):
        expect = {deck[9 * k + 3 * seat + i] for k in range(3) for i in range(3)}
        assert set(state.hands[seat]) == expect
    assert state.talon == tuple(deck[27:])
    assert state.to_move == F and state.phase == "auction"


def test_api_map_dealer_choice_moves_the_forehand():
    """API map: in general c0..c2 go to the forehand F = dealer + 1."""
    deck = lomber.DECK
    state = lomber.new_game(deck=deck, seed=1, dealer=0)
    assert set(state.hands[1]) >= set(deck[0:3]) and state.to_move == 1


# ---------------------------------------------------------------------------------------
# §4 acceptance tests

def test_case_1_spades_trump_order():
    """§4 case 1: spades-trump order, clubs plain order; KS, AC, 2S: R wins (manille)."""
    assert trump_order("S") == cards("AS 2S AC KS QS JS 7S 6S 5S 4S 3S")
    assert plain_order("C", "S") == cards("KC QC JC 7C 6C 5C 4C 3C 2C")
    assert trick_winner(cards("KS AC 2S"), "betra_spil", "S") == R


def test_case_2_clubs_trump_order():
    """§4 case 2: clubs-trump order; 3C KC 2C: R (manille); KS 2S 4C: R (4C is a trump)."""
    assert trump_order("C") == cards("AS 2C AC KC QC JC 7C 6C 5C 4C 3C")
    assert trick_winner(cards("3C KC 2C"), "spil", "C") == R
    assert trick_winner(cards("KS 2S 4C"), "spil", "C") == R


def test_case_3_hearts_trump_order():
    """§4 case 3: hearts-trump order (12 trumps); 2H AH KH: M (ponti); 6H 5H 7D: M."""
    assert trump_order("H") == cards("AS 7H AC AH KH QH JH 2H 3H 4H 5H 6H")
    assert trick_winner(cards("2H AH KH"), "spil", "H") == M
    assert trick_winner(cards("6H 5H 7D"), "spil", "H") == M


def test_case_4_diamonds_trump_order_and_red_plain_order():
    """§4 case 4: diamonds-trump order; KD 7D AS: R; plain red K Q J A 2…7: 2H AH 3H: M."""
    assert trump_order("D") == cards("AS 7D AC AD KD QD JD 2D 3D 4D 5D 6D")
    assert plain_order("H", "D") == cards("KH QH JH AH 2H 3H 4H 5H 6H 7H")
    assert trick_winner(cards("KD 7D AS"), "spil", "D") == R
    assert trick_winner(cards("2H AH 3H"), "spil", "D") == M


def test_case_5_black_ace_is_not_in_its_plain_suit():
    """§4 case 5: trump ♥, 5S led: {AS, 3S, 4D} must play 3S; {AS, 4D} may play either."""
    assert legal("AS 3S 4D", "5S", "spil", "H") == set(cards("3S"))
    assert legal("AS 4D", "5S", "spil", "H") == set(cards("AS 4D"))


def test_case_6_matador_privilege_on_a_small_trump():
    """§4 case 6: trump ♣, 5C led; M's only trump is spadda, protected: all three legal."""
    assert legal("AS KH 3D", "5C", "spil", "C") == set(cards("AS KH 3D"))


def test_case_7_higher_matador_forces_a_lower_one():
    """§4 case 7: trump ♣, spadda led: basti is forced."""
    assert legal("AC KH 3D", "AS", "spil", "C") == set(cards("AC"))


def test_case_8_manille_led_forces_basti_not_spadda():
    """§4 case 8: trump ♥, 7H (manille) led: {AS, AC}; 2D illegal."""
    assert legal("AS AC 2D", "7H", "spil", "H") == set(cards("AS AC"))


def test_case_9_ordinary_trump_and_matador():
    """§4 case 9: trump ♠, 4S led: must trump, with either {2S, 6S}."""
    assert legal("2S 6S KH", "4S", "betra_spil", "S") == set(cards("2S 6S"))


def test_case_10_nolo_ranking_and_no_privilege():
    """§4 case 10: kúpp: 2S AS 3S: R (…3 2 A); 7H AH 2H: M (K Q J A 2…7); 5S led: {AS}."""
    assert nullo_order("S") == cards("KS QS JS 7S 6S 5S 4S 3S 2S AS")
    assert trick_winner(cards("2S AS 3S"), "kupp", None) == R
    assert trick_winner(cards("7H AH 2H"), "kupp", None) == M
    assert legal("AS 5H", "5S", "kupp", None) == set(cards("AS"))


def test_case_11_grandisamo():
    """§4 case 11: grandisamó: AS led forces AC; KC led: 2C (AC is no club); AC led: AS free."""
    assert legal("AC KC 3H", "AS", "grandisamo", None) == set(cards("AC"))
    assert legal("AC 2C", "KC", "grandisamo", None) == set(cards("2C"))
    assert legal("AS 3H", "AC", "grandisamo", None) == set(cards("AS 3H"))


@pytest.mark.parametrize("contract, tricks, result, net, rules", [
    ("spil", (5, 2, 2), "win", 2, Rules()),
    ("spil", (4, 3, 2), "win", 2, Rules()),
    ("spil", (4, 4, 1), "remis", -2, Rules()),
    ("spil", (3, 3, 3), "remis", -2, Rules()),
    ("spil", (4, 5, 0), "krukk", -4, Rules()),
    ("grand_turnir", (3, 4, 2), "krukk", -6, Rules()),
    ("kupp", (3, 4, 2), "loss", -8, Rules()),
    ("kupp", (3, 4, 2), "loss", -8, Rules(kupp_loss_cap=4)),
    ("kupp", (0, 4, 5), "win", 4, Rules()),
    ("solo", (5, 4, 0), "win", 4, Rules()),
])
def test_case_12_outcomes_and_payments(contract, tricks, result, net, rules):
    """§4 case 12: outcomes and rasle payments, tricks as (declarer, defender, defender)."""
    outcome, payments = deal_payments(contract, 0, tricks, rules)
    assert outcome == result and payments[0] == net
    assert payments[1] == payments[2] == -net // 2 and sum(payments) == 0


def test_case_12_spil_conceded_after_buying():
    """§4 case 12, last row: spil conceded after buying costs the declarer 2 (1 each)."""
    state = play(lomber.new_game(seed=3, deck=stack(f="KH QH JH")), "spil", "pass", "pass", "spil",
                 "discard 2S", "done", "trump H", "done", "done")
    assert state.phase == "declare" and {str(a) for a in state.legal_actions()} == {"play", "concede"}
    after = state.apply("concede")
    row = after.score_sheet[0]
    assert row["outcome"] == "conceded" and row["payments"] == [-2, 1, 1] and after.scores == (-2, 1, 1)


def test_case_13_auction_precedence_and_holding():
    """§4 case 13: F spil, M túrnir, F holds túrnir, M kúpp, F passes; R sóló, M holds
    sóló, R passes: M declares sóló."""
    state = play(lomber.new_game(seed=5), "spil", "turnir", "turnir", "kupp", "pass", "solo", "solo", "pass")
    assert (state.contract, state.declarer) == ("solo", M)
    assert state.phase == "declare" and state.to_move == M


def test_case_13_later_seat_must_overbid():
    """§4 case 13: after F's spaðasóló, M's hrein nóló is not higher (illegal); hrein-yfir is."""
    state = lomber.new_game(seed=5).apply("spadasolo")
    with pytest.raises(IllegalMove) as err:
        state.apply("hrein_nolo")
    assert err.value.rule == "bid_too_low"
    assert state.apply("hrein_yfir").auction.high == "hrein_yfir"


def test_case_13_grand_turnir_needs_both_black_aces():
    """§4 case 13: M may not bid grand-túrnir without being dealt both AS and AC."""
    state = lomber.new_game(seed=1, deck=stack(f="AS", m="AC")).apply("pass")
    with pytest.raises(IllegalMove) as err:
        state.apply("grand_turnir")
    assert err.value.rule == "grand_turnir_aces" and state.to_move == M
    eligible = lomber.new_game(seed=1, deck=stack(m="AS AC")).apply("pass")
    assert "grand_turnir" in {str(a) for a in eligible.legal_actions()}


def _exchangers(state) -> list[int]:
    """Who exchanges, in order, from here to the first lead (every exchanger buys nothing)."""
    seats = []
    while state.phase != "play":
        if state.phase == "exchange":
            seats.append(state.to_move)
            if "done" not in {str(a) for a in state.legal_actions()}:
                state = state.apply(state.legal_actions()[0])
                continue
        moves = state.legal_actions()
        state = state.apply(moves[-1] if state.phase == "exchange" else moves[0])
    return seats


def test_case_14_solo_declarer_does_not_buy():
    """§4 case 14: sóló by M: M may not exchange, F and R may (R first, the player to M's
    right in playing order)."""
    state = play(lomber.new_game(seed=2), "pass", "solo", "pass", "trump H")
    assert _exchangers(state) == [R, F]


def test_case_14_kupp_declarer_buys_up_to_nine_alone():
    """§4 case 14: kúpp by F: F may exchange any number, up to all 9 cards; M and R may not."""
    state = play(lomber.new_game(seed=2), "kupp", "pass", "pass")
    assert state.phase == "exchange" and state.to_move == F
    hand = state.hands[F]
    for card in hand:
        state = state.apply(f"discard {card}")
    assert state.legal_actions() == [lomber.Action("done")]
    state = state.apply("done")
    assert state.bought == (9, 0, 0) and not set(hand) & set(state.hands[F])
    assert state.phase == "play"


def test_case_14_hrein_nolo_nobody_exchanges():
    """§4 case 14: hrein nóló: nobody exchanges; play begins at once, F leading."""
    state = play(lomber.new_game(seed=2), "pass", "hrein_nolo", "pass")
    assert state.phase == "play" and state.to_move == F and state.bought == (0, 0, 0)
