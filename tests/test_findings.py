"""The rule findings of an independent reference (issue 20, "Rule fidelity"): one test per
finding, each stated from the rule files (docs/rules/<game>.md) rather than from the code."""

from __future__ import annotations

from cardlearn.cards import parse_cards
from cardlearn.games import lomber
from cardlearn.games.lomber.rules import concession_pay


# ---------------------------------------------------------------------------------------
# Lomber: a conceded grand-túrnir under grand_turnir_spade_bonus (docs/rules/lomber.md §2.9,
# §3 row 18)

LOMBER_SEED9 = ("AS AC 4C 3D QH 2H 5C 2C 5H 3C 7S KH JH 7D QC 6D KD 6H 5D JS JD 4S AD 2D 6C QS JC"
                " KS 6S 3S 4D 7H QD 4H KC 7C 2S 3H 5S AH")


def _conceded_grand_turnir(bonus: bool) -> dict:
    """Seat 0 bids grand-túrnir (a spade is turned), the others pass, seat 0 lays away one
    card, the defenders buy nothing, seat 0 concedes."""
    rules = lomber.Rules(grand_turnir_spade_bonus=bonus)
    state = lomber.new_game(seed=9, deck=list(parse_cards(LOMBER_SEED9)), rules=rules)
    for move in ("grand_turnir", "pass", "pass"):
        state = state.apply(move)
    assert state.trump == "S" and state.step == "ex0"
    state = state.apply(str(state.legal_actions()[0]))  # one card laid away ...
    while state.step != "concede":
        state = state.apply("done")  # ... the turned card drawn for it; nobody else buys
    assert state.to_move == 0
    row: dict = state.apply("concede").score_sheet[0]
    return row


def test_lomber_conceded_grand_turnir_pays_the_stake_of_its_row():
    plain = _conceded_grand_turnir(bonus=False)
    assert plain["outcome"] == "conceded" and plain["payments"] == [-4, 2, 2]
    # paid as spaðasóló: a concession costs that row's loss, 3 to each defender
    spade = _conceded_grand_turnir(bonus=True)
    assert spade["outcome"] == "conceded" and spade["payments"] == [-6, 3, 3]


def test_lomber_concession_costs_a_lost_game():
    for contract in ("spil", "betra_spil", "turnir", "grand_turnir"):
        assert concession_pay(contract) == lomber.CONTRACTS[contract].pay[1]
    assert concession_pay("grand_turnir", "spadasolo") == 3
