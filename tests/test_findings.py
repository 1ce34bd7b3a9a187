"""The rule findings of an independent reference (issue 20, "Rule fidelity"): one test per
finding, each stated from the rule files (docs/rules/<game>.md) rather than from the code."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from test_kinaskak_cases import draw_unbought, play
from test_kinaskak_cases import game as kinaskak_game

from cardlearn import IllegalMove
from cardlearn.cards import parse_cards
from cardlearn.core import rules_from_dict
from cardlearn.games import GAMES, kasina, kinaskak, kozel, lomber
from cardlearn.games.kasina import rules as kasina_rules
from cardlearn.games.kinaskak.state import layoff_ends, steal_slot
from cardlearn.games.kinaskak.view import JOKER_LOW
from cardlearn.games.lomber.rules import concession_pay
from cardlearn.table import snapshot
from cardlearn.table.choices import Choices
from cardlearn.table.model import TableModel

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


# ---------------------------------------------------------------------------------------
# Kínaskák: every binding of a run's end jokers (docs/rules/kinaskak.md §B2.2, §B4.4)

def _two_end_jokers():
    return draw_unbought(kinaskak_game({0: "JK JK 5H 6H 8C 8D 8S 2C 3D 10S JC QD KS"}, stock="9S"))


def test_kinaskak_end_jokers_may_be_split_between_the_ends():
    state = _two_end_jokers()
    runs = [str(a) for a in state.legal_actions() if a.verb == "run" and "H" in str(a)]
    assert runs == ["run 5H 6H JK=7H JK=8H", "run JK=4H 5H 6H JK=7H", "run JK=3H JK=4H 5H 6H"]
    laid = play(state, "run JK=4H 5H 6H JK=7H", "set 8C 8D 8S")
    meld = laid.melds[0][0]
    assert (meld.low, meld.cards) == (4, parse_cards("JK 5H 6H JK"))
    assert laid.observation(1)["melds"][0]["binds"] == ["4H", None, None, "7H"]
    # the binding decides the lay-offs (3H below, 8H above) and the steals (4H, 7H)
    fits = {str(c): layoff_ends(meld, c, laid.rules) for c in parse_cards("2H 3H 4H 7H 8H 9H")}
    assert fits == {"2H": (), "3H": ("low",), "4H": (), "7H": (), "8H": ("high",), "9H": ()}
    assert [steal_slot(meld, c, False) for c in parse_cards("3H 4H 7H 8H")] == [None, 0, 3, None]


def test_kinaskak_every_binding_is_a_choice_at_the_table():
    """The cards alone lay the highest placing; with the zone "joker-low" the lower ones,
    which the table offers as a button each (several moves fit the selection exactly)."""
    state = _two_end_jokers()
    cards = Counter(("hand", c) for c in parse_cards("5H 6H JK JK"))
    choices = Choices(kinaskak, state)
    assert [str(a) for a in choices.exact(cards)] == ["run 5H 6H JK=7H JK=8H"]
    low = cards + Counter([(JOKER_LOW, None)])
    assert [str(a) for a in choices.exact(low)] == ["run JK=4H 5H 6H JK=7H", "run JK=3H JK=4H 5H 6H"]


def test_kinaskak_the_table_shows_a_button_per_lower_binding():
    state = _two_end_jokers()
    m = TableModel(kinaskak, state, seats={0: "human", 1: "random", 2: "random", 3: "random"})
    hand = m.entries("hand")
    for card in ("5H", "6H", "JK"):
        m.click("hand", hand.index(card))
    m.click("hand", len(hand) - 1 - hand[::-1].index("JK"))  # the other joker
    m.click(JOKER_LOW, None)
    snap = snapshot.take(m)
    assert not snap.confirm  # two moves fit: one button each, in words
    assert [str(b.action) for b in snap.buttons] == ["run JK=4H 5H 6H JK=7H", "run JK=3H JK=4H 5H 6H"]
    assert [b.label for b in snap.buttons] == [kinaskak.command(state, b.action, "is")
                                               for b in snap.buttons]  # as the player says it
    m.act(snap.buttons[0].action)
    assert snapshot.take(m).confirm  # the set, the only move left, is picked for the player
    assert m.confirm()
    assert m.state.melds[0][0].low == 4


# ---------------------------------------------------------------------------------------
# Kínaskák: a run's cards in any order, as a set's (docs/rules/kinaskak.md, "Actions")

def test_kinaskak_run_cards_in_any_order():
    state = draw_unbought(kinaskak_game({0: "9C 10C JC QC 8C 8D 8S JK JK 5H 6H 10S KS"}, stock="9S"))
    for written, laid in (("run QC JC 10C 9C", "run 9C 10C JC QC"), ("run JC 9C QC 10C", "run 9C 10C JC QC"),
                          ("run 6H JK=7H 5H JK=4H", "run JK=4H 5H 6H JK=7H"),
                          ("run JK=8H JK=7H 6H 5H", "run 5H 6H JK=7H JK=8H")):
        after = state.apply(written)
        assert str(after.history[-1]) == laid  # as the legal move is written, in place order
        assert after.pending[0] == state.apply(laid).pending[0]
    for written, rule in (("run KC QC JC 10C", "not_in_hand"),
                          ("run QC 10C 9C 8C", "not_a_run"),  # still no run, in any order
                          ("run QC JC 9C 10S", "not_a_run"),
                          ("run JK=7H 6H 5H JK=3H", "run_placing")):  # a joker stands for a card missing
        with pytest.raises(IllegalMove) as err:
            state.apply(written)
        assert err.value.rule == rule


# ---------------------------------------------------------------------------------------
# Saves: JSON true/false is no whole number (bool is an int subclass in Python: True == 1)

def _int_leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _int_leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _int_leaves(v, (*path, i))
    elif type(value) is int:
        yield path


@pytest.mark.parametrize("name", sorted(GAMES))
def test_saves_refuse_a_bool_for_a_number(name):
    """Every whole number of a save, replayed (from its origin) or read as a snapshot (a
    determinized position), turned into `true` or `false`: the save is refused."""
    game = GAMES[name]
    rng = random.Random(1)
    state = game.new_game(seed=3)
    for _ in range(25):
        state = state.apply(rng.choice(state.legal_actions()))
    for saved in (state, game.determinize(state, state.to_move, random.Random(5))):
        text = saved.to_json()
        paths = [p for p in _int_leaves(json.loads(text)) if p[0] != "rules"]
        assert ("dealer",) in paths or ("origin", 1) in paths
        for path in paths:
            for flag in (True, False):
                data = json.loads(text)
                inner = data
                for step in path[:-1]:
                    inner = inner[step]
                inner[path[-1]] = flag
                with pytest.raises(ValueError):
                    game.State.from_json(json.dumps(data))


def test_kasina_dealer_true_is_refused_by_name():
    state = kasina.new_game(seed=3, dealer=1)
    data = json.loads(state.to_json())
    data["dealer"] = True
    with pytest.raises(ValueError, match="'dealer' must be a whole number, not true"):
        kasina.State.from_json(json.dumps(data))


# ---------------------------------------------------------------------------------------
# Kozel: no `allow_partial_beat` (docs/rules/kozel.md §3 row A4): no source gives a partial
# beat a meaning, so the option that could only be False is gone

def test_kozel_has_no_partial_beat_option():
    assert "allow_partial_beat" not in {f.name for f in dataclasses.fields(kozel.Rules)}
    with pytest.raises(ValueError, match="unknown rule option"):
        rules_from_dict(kozel.Rules, {"allow_partial_beat": True})


def test_kozel_saves_that_name_the_dropped_option_as_false_still_load():
    state = kozel.new_game(seed=4)
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    for snapshot_of in (state, kozel.determinize(state, 0, random.Random(2))):
        data = json.loads(snapshot_of.to_json())
        data["rules"] = {**data["rules"], "allow_partial_beat": False}
        loaded = kozel.State.from_json(json.dumps(data))
        assert loaded.to_json() == snapshot_of.to_json()
        data["rules"]["allow_partial_beat"] = True
        with pytest.raises(ValueError, match="unknown rule option"):
            kozel.State.from_json(json.dumps(data))


# ---------------------------------------------------------------------------------------
# Kasína: the capture search grows with the captures, not with the ways to split them, and
# a move is checked without listing every legal move (docs/rules/kasina.md §A2.4)

def test_kasina_one_capture_is_checked_as_the_search_lists_them():
    """`is_capture` (one capture, judged by the counts of its values) against the list of
    every capture (`capture_masks`), on random tables, every card value and option."""
    rng = random.Random(20)
    for _ in range(150):
        table = kasina_rules.table_order(rng.sample(kasina_rules.DECK, rng.randint(0, 12)))
        values = kasina_rules.table_values(table)
        for value in range(2, 15):
            for ace in (False, True) if value == 14 else (False,):
                for maximal in (False, True):
                    every = kasina_rules.capture_masks(value, values, ace, maximal)
                    for taken in [*every, *(tuple(sorted(rng.sample(range(len(values)), k)))
                                            for k in range(1, len(values) + 1))]:
                        assert kasina_rules.is_capture(value, values, taken, ace, maximal) == (taken in every)


@pytest.mark.parametrize("rules", [kasina.Rules(), kasina.Rules(trail_rule="free"),
                                   kasina.Rules(trail_rule="card_cannot_capture", must_capture_maximal=True),
                                   kasina.Rules(ace_values="finnish", must_capture_maximal=True)])
def test_kasina_a_move_is_checked_as_legal_actions_would(rules):
    """`apply` judges a move by the rules directly; it must take exactly the legal moves."""
    rng = random.Random(3)
    state = kasina.new_game(seed=8, rules=rules)
    for _ in range(150):
        if state.is_over:
            break
        legal = set(state.legal_actions())
        fresh = dataclasses.replace(state)  # the same position, no legal moves listed yet
        seat = fresh.to_move
        tries = list(legal) + [kasina.Action(card, frozenset(rng.sample(fresh.table, k)))
                               for card in fresh.hands[seat] for k in range(len(fresh.table) + 1)]
        for action in tries:
            again = dataclasses.replace(state)
            try:
                again.apply(action)
                made = True
            except IllegalMove:
                made = False
            assert made == (action in legal), action
        state = state.apply(rng.choice(sorted(legal, key=str)))


def test_kasina_a_hand_where_nobody_takes_finishes():
    """`trail_rule="free"`: both players lay every card down; the table grows to 52 cards,
    where the legal captures are far too many to list, and the hand still ends."""
    state = kasina.new_game(seed=5, rules=kasina.Rules(trail_rule="free"))
    while state.hand_no == 0:
        hand = state.hands[state.to_move]
        state = state.apply(f"{hand[0]}")
    row = state.score_sheet[0]
    assert row["total"] == (0, 0) and row["last_trick"] == (0, 0)
