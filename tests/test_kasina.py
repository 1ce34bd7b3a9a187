"""Kasína against its rule file, docs/rules/kasina.md: every worked case of §A4, one or
more tests per rule of §A2 and per variant flag of §A3, random-play properties, bad input
and saved games.  Notation as in §A4: T = table, H = hand of the player to move,
P0 = the non-dealer (seat 0 when seat 1 deals)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlearn import IllegalMove
from cardlearn.cards import Card, parse_cards, standard_deck
from cardlearn.games import kasina
from cardlearn.games.kasina import Rules, capture_options, hand_score, match_winner
from cardlearn.games.kasina.view import counted

DECK = standard_deck()
CATEGORIES = ("little_casino", "big_casino", "sweeps", "last_trick", "spades", "aces", "cards")
DEFAULT = Rules()
VALUE = {"J": 11, "Q": 12, "K": 13}  # §A1 card values; 2..10 by pips; ace below


# ---------------------------------------------------------------------------------------
# Helpers

def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def move(text: str) -> tuple[Card, frozenset[Card]]:
    """A move as (played card, taken cards), read without the engine's action parser."""
    played, _, taken = text.partition(":")
    return Card.parse(played), frozenset(parse_cards(taken.replace("+", " ")))


def moves(state: kasina.State) -> set[tuple[Card, frozenset[Card]]]:
    """The legal moves as (card, captured) pairs, checking that none is listed twice."""
    actions = state.legal_actions()
    pairs = {(a.card, frozenset(a.captured)) for a in actions}
    assert len(pairs) == len(actions), "a legal move is listed twice"
    return pairs


def options(card: str, table: str, rules: Rules | None = None) -> set[frozenset[Card]]:
    result = capture_options(Card.parse(card), cards(table), *([rules] if rules else []))
    sets = {frozenset(o) for o in result}
    assert len(sets) == len(result), "capture_options lists a set twice"
    return sets


def sets(*texts: str) -> set[frozenset[Card]]:
    return {frozenset(cards(t)) for t in texts}


def unused(*used: tuple[Card, ...], n: int) -> tuple[Card, ...]:
    """`n` cards of the deck not among `used`, low hearts and clubs first (plain cards)."""
    taken = set().union(*map(set, used))
    plain = [c for c in DECK if c.suit in "HC" and c.rank != "A"] + list(DECK)
    out: list[Card] = []
    for c in plain:
        if c not in taken and c not in out:
            out.append(c)
    return tuple(out[:n])


def position(table: str, hand: str, *, other: str | None = None, stock: str = "",
             rules: Rules = DEFAULT, dealer: int = 1) -> kasina.State:
    """A mid-deal position: the non-dealer (to move) holds `hand`, the dealer `other`
    (by default as many plain cards unused elsewhere), `table` face up."""
    t, h, s = cards(table), cards(hand), cards(stock)
    o = unused(t, h, s, n=len(h)) if other is None else cards(other)
    hands = [(), ()]
    hands[1 - dealer], hands[dealer] = h, o
    state = replace(kasina.new_game(seed=0, rules=rules, dealer=dealer), hands=tuple(hands),
                    table=t, stock=s, piles=((), ()))
    assert state.to_move == 1 - dealer
    return state


def last_play(table: str, card: str, *, piles=((), ()), sweeps=(0, 0), last=None,
              totals=(0, 0), rules: Rules = DEFAULT) -> kasina.State:
    """The hand's last turn: the stock is empty, seat 0 (non-dealer) has played out and
    seat 1 (dealer) holds `card`."""
    state = replace(kasina.new_game(seed=0, rules=rules), hands=((), cards(card)), table=cards(table),
                    stock=(), piles=tuple(map(tuple, piles)), sweeps=sweeps, last_capturer=last,
                    totals=totals)
    assert state.to_move == 1
    return state


def build_piles(n0: int, spades0: int, aces0: int, *, p0_has: str = "", p1_has: str = ""):
    """All 52 cards split into two piles: P0 gets `n0` cards, `spades0` spades and `aces0`
    aces among them, and the cards `p0_has`; P1 gets the rest, including `p1_has`."""
    must0, must1 = set(cards(p0_has)), set(cards(p1_has))
    p0 = list(must0)
    free = [c for c in DECK if c not in must0 | must1]

    def add(pick, count):
        for c in [c for c in free if pick(c) and c not in p0][:max(0, count)]:
            p0.append(c)

    add(lambda c: c.suit == "S" and c.rank != "A", spades0 - sum(c.suit == "S" for c in p0))
    add(lambda c: c.rank == "A" and c.suit != "S", aces0 - sum(c.rank == "A" for c in p0))
    add(lambda c: c.suit != "S" and c.rank != "A", n0 - len(p0))
    p1 = [c for c in DECK if c not in p0]
    assert len(p0) == n0 and sum(c.suit == "S" for c in p0) == spades0
    assert sum(c.rank == "A" for c in p0) == aces0 and must1 <= set(p1)
    return tuple(p0), tuple(p1)


def counts(pile) -> tuple[int, int, int]:
    return len(pile), sum(c.suit == "S" for c in pile), sum(c.rank == "A" for c in pile)


def make_row(**items: tuple[int, int]) -> dict[str, tuple[int, int]]:
    """A score-sheet row: the items given (others 0) and their `total`."""
    row = {c: items.get(c, (0, 0)) for c in CATEGORIES}
    row["total"] = tuple(sum(row[c][s] for c in CATEGORIES) for s in (0, 1))
    return row


def stack(seed: int = 7) -> tuple[Card, ...]:
    """Some fixed order of the 52 cards, c0 first."""
    return tuple(random.Random(seed).sample(DECK, 52))


def all_cards(state: kasina.State) -> Counter:
    return Counter(state.stock + state.table + sum(state.hands, ()) + sum(state.piles, ()))


def play_first_legal(state: kasina.State, steps: int) -> kasina.State:
    for _ in range(steps):
        state = state.apply(state.legal_actions()[0])
    return state


def save_of(state: kasina.State) -> dict:
    return json.loads(state.to_json())


# ---------------------------------------------------------------------------------------
# §A4 acceptance tests, cases 1–15

def test_case_01_two_groups_with_one_card():
    state = position("2C 3H 5D", "5S")
    assert moves(state) == {move("5S:5D"), move("5S:2C+3H"), move("5S:2C+3H+5D")}
    after = state.apply("5S:2C+3H+5D")
    assert after.table == () and after.sweeps == (1, 0)


def test_case_02_king_takes_ace_and_queen():
    state = position("AH QC", "KS")
    assert moves(state) == {move("KS:AH+QC")}
    assert state.apply("KS:AH+QC").sweeps == (1, 0)


def test_case_03_ace_as_14():
    want = sets("AS", "6D 8C", "KH AS", "6D 8C AS", "6D 8C KH AS")
    assert options("AC", "6D 8C KH AS") == want
    state = position("6D 8C KH AS", "AC")
    assert moves(state) == {(Card.parse("AC"), s) for s in want}
    assert state.apply("AC:6D+8C+KH+AS").sweeps == (1, 0)


def test_case_04_ace_takes_ace_nothing_else():
    assert moves(position("AH 7C", "AS")) == {move("AS:AH")}
    finnish = position("AH 7C", "AS", rules=Rules(ace_values="finnish"))
    assert moves(finnish) == {move("AS")}


def test_case_05_face_cards_in_sums():
    state = position("JC 2D 9H 4S", "KS")
    assert moves(state) == {move("KS:JC+2D"), move("KS:9H+4S"), move("KS:JC+2D+9H+4S")}
    assert state.apply("KS:JC+2D+9H+4S").sweeps == (1, 0)


def test_case_06_forced_trail():
    assert moves(position("KC QD", "2H 3H")) == {move("2H"), move("3H")}


def test_case_07_compulsory_capture_and_its_variants():
    def legal(trail_rule):
        return moves(position("4C 9D", "4H JS", rules=Rules(trail_rule=trail_rule)))

    assert legal("only_if_no_capture") == {move("4H:4C")}
    assert legal("card_cannot_capture") == {move("4H:4C"), move("JS")}
    assert legal("free") == {move("4H:4C"), move("4H"), move("JS")}


def test_case_08_disjointness():
    assert moves(position("2C 3D 2H", "5S")) == {move("5S:2C+3D"), move("5S:2H+3D")}


def test_case_09_many_combinations():
    groups = ["6C", "6D", "3H 3S"]
    unions = {" ".join(c) for k in (1, 2, 3) for c in combinations(groups, k)}
    assert len(unions) == 7
    state = position("6C 6D 3H 3S", "6H")
    assert moves(state) == {move("6H:" + u.replace(" ", "+")) for u in unions}
    assert state.apply("6H:6C+6D+3H+3S").sweeps == (1, 0)


def test_case_10_scoring_a_full_hand():
    piles = build_piles(28, 7, 2, p0_has="2S", p1_has="10D")
    assert counts(piles[0]) == (28, 7, 2) and counts(piles[1]) == (24, 6, 2)
    row = hand_score(piles, (1, 2), 1, Rules())
    assert row == make_row(little_casino=(2, 0), big_casino=(0, 5), sweeps=(1, 2),
                           last_trick=(0, 1), spades=(1, 0), aces=(0, 0), cards=(1, 0))
    assert row["total"] == (5, 8)
    assert sum(row["total"]) == 13 == (11 - 1) + 3


def test_case_11_card_count_tie():
    piles = build_piles(26, 7, 3, p0_has="10D", p1_has="2S")
    assert counts(piles[0]) == (26, 7, 3) and counts(piles[1]) == (26, 6, 1)
    row = hand_score(piles, (0, 0), 1, Rules())
    assert row["cards"] == (0, 0)
    assert row["total"] == (7, 3)
    assert sum(row["total"]) == 10 == 11 - 1


def case_12_row() -> dict[str, tuple[int, int]]:
    """A hand worth P0 +6, P1 +5 (case 12), scored by hand_score."""
    row = hand_score(build_piles(27, 7, 3, p0_has="2S", p1_has="10D"), (0, 0), 0, Rules())
    assert row["total"] == (6, 5)
    return row


@pytest.mark.parametrize(("before", "winner"), [((17, 19), 1), ((16, 17), None), ((15, 15), 0)])
def test_case_12_game_end(before, winner):
    assert match_winner(before, case_12_row(), 1, Rules()) == winner


@pytest.mark.parametrize(("before", "winner"), [((17, 19), 1), ((16, 17), None), ((15, 15), 0)])
def test_case_12_game_end_in_the_engine(before, winner):
    final = build_piles(27, 7, 3, p0_has="2S 9H", p1_has="10D")
    p0 = tuple(c for c in final[0] if c != Card.parse("9H"))
    state = last_play("", "9H", piles=(p0, final[1]), last=0, totals=before).apply("9H")
    assert state.score_sheet[-1]["total"] == (6, 5)
    assert state.scores == (before[0] + 6, before[1] + 5)
    assert state.winner == winner and state.is_over == (winner is not None)
    if winner is None:  # 22–22: another hand, and the dealer changes
        assert state.hand_no == 1 and state.dealer == 0 and state.to_move == 1


@pytest.mark.parametrize(("sweep_on_final_play", "sweeps"), [(True, (0, 1)), (False, (0, 0))])
def test_case_13_final_card_sweep_and_last_trick(sweep_on_final_play, sweeps):
    rules = Rules(sweep_on_final_play=sweep_on_final_play)
    final = build_piles(26, 7, 2, p0_has="2S", p1_has="KS AH QC")
    p1 = tuple(c for c in final[1] if c not in cards("KS AH QC"))
    state = last_play("AH QC", "KS", piles=(final[0], p1), rules=rules)
    row = state.apply("KS:AH+QC").score_sheet[-1]
    assert row["sweeps"] == sweeps and row["last_trick"] == (0, 1)
    assert row == hand_score(final, sweeps, 1, rules)  # no leftovers anywhere


@pytest.mark.parametrize("sweep_on_final_play", [True, False])
def test_words_and_sweep_count_agree_on_a_final_play(sweep_on_final_play):
    """One sweep rule (`is_sweep`) for the score, the move log and the hint: a final play
    that clears the table says "svippur" exactly when it scores one."""
    rules = Rules(sweep_on_final_play=sweep_on_final_play)
    final = build_piles(26, 7, 2, p0_has="2S", p1_has="KS AH QC")
    p1 = tuple(c for c in final[1] if c not in cards("KS AH QC"))
    state = last_play("AH QC", "KS", piles=(final[0], p1), rules=rules)
    move = kasina.Action.parse("KS:AH+QC")
    scored = state.apply(move).score_sheet[-1]["sweeps"][1] == 1
    assert kasina.is_sweep(state, move) is scored is sweep_on_final_play
    # the move says "svippur", its hint the point it scores (one word for it per line)
    for lang, word, why in (("is", "svippur", "hreinsar borðið: 1 stig"),
                            ("en", "sweep", "clear the table: 1 point")):
        assert (word in kasina.describe(state, move, lang)) is scored
        assert (why in kasina.explain(state, move, lang)) is scored


def test_case_14_empty_table_at_a_new_deal():
    stock = "2H 3H 4H 5H 6H 7H 8H 9H"
    state = replace(last_play("AH QC", "KS"), stock=cards(stock))
    state = state.apply("KS:AH+QC")
    assert state.sweeps == (0, 1) and state.table == ()
    assert len(state.hands[0]) == len(state.hands[1]) == 4
    assert moves(state) == {(c, frozenset()) for c in state.hands[state.to_move]}


def test_case_15_deal_structure():
    c = stack()
    state = kasina.new_game(deck=c)
    assert Counter(state.hands[0]) == Counter(c[i] for i in (0, 1, 6, 7))
    assert Counter(state.hands[1]) == Counter(c[i] for i in (2, 3, 8, 9))
    assert Counter(state.table) == Counter(c[i] for i in (4, 5, 10, 11))
    deals = 1
    for deal in range(1, 6):
        state = play_first_legal(state, 8)
        deals += 1
        first = 12 + 8 * (deal - 1)
        assert Counter(state.hands[0]) == Counter(c[first + i] for i in (0, 1, 4, 5))
        assert Counter(state.hands[1]) == Counter(c[first + i] for i in (2, 3, 6, 7))
    assert state.stock == ()
    state = play_first_legal(state, 8)
    assert (deals, state.hand_no) == (6, 1)


def test_case_15_hand_size_5():
    state = kasina.new_game(seed=3, rules=Rules(hand_size=5))
    sizes, table = [len(state.hands[0])], len(state.table)
    assert len(state.hands[1]) == sizes[0]
    while state.hand_no == 0:
        after = state.apply(state.legal_actions()[0])
        if after.hand_no == 0 and len(after.hands[1]) > len(state.hands[1]):  # a new deal
            sizes.append(len(after.hands[1]))
            assert len(after.hands[0]) == sizes[-1]
        state = after
    assert (sizes, table) == ([5, 5, 5, 5, 4], 4)


# ---------------------------------------------------------------------------------------
# §A2.1 Components

def test_a2_1_one_52_card_deck_no_jokers():
    state = kasina.new_game(seed=4)
    assert all_cards(state) == Counter(DECK)


def test_a2_1_exactly_two_players():
    assert kasina.new_game(players=2, seed=1).to_move == 0
    for players in (1, 3, 4):
        with pytest.raises(ValueError, match=str(players)):
            kasina.new_game(players=players)


# ---------------------------------------------------------------------------------------
# §A2.2 Dealing

def test_a2_2_default_dealer_is_seat_1():
    state = kasina.new_game(seed=2)
    assert state.dealer == 1 and state.to_move == 0


def test_a2_2_first_deal_goes_non_dealer_first_when_seat_0_deals():
    c = stack(8)
    state = kasina.new_game(deck=c, dealer=0)
    assert Counter(state.hands[1]) == Counter(c[i] for i in (0, 1, 6, 7))
    assert Counter(state.hands[0]) == Counter(c[i] for i in (2, 3, 8, 9))
    assert Counter(state.table) == Counter(c[i] for i in (4, 5, 10, 11))


def test_a2_2_later_deals_add_no_table_cards():
    state = kasina.new_game(seed=9)
    for _ in range(5):
        before = play_first_legal(state, 7)
        action = before.legal_actions()[0]
        state = before.apply(action)
        assert len(state.hands[0]) == len(state.hands[1]) == 4  # a new deal
        played = Counter() if action.captured else Counter([action.card])
        assert Counter(state.table) == Counter(before.table) - Counter(action.captured) + played


def test_a2_2_hand_size_5_packets():
    c = stack(11)
    state = kasina.new_game(deck=c, rules=Rules(hand_size=5))
    assert Counter(state.hands[0]) == Counter(c[i] for i in (0, 1, 6, 7, 8))
    assert Counter(state.hands[1]) == Counter(c[i] for i in (2, 3, 9, 10, 11))
    assert Counter(state.table) == Counter(c[i] for i in (4, 5, 12, 13))
    state = play_first_legal(state, 10)
    assert Counter(state.hands[0]) == Counter(c[i] for i in (14, 15, 18, 19, 20))
    assert Counter(state.hands[1]) == Counter(c[i] for i in (16, 17, 21, 22, 23))


# ---------------------------------------------------------------------------------------
# §A2.3 Turn order

@pytest.mark.parametrize("dealer", [0, 1])
def test_a2_3_non_dealer_plays_first(dealer):
    assert kasina.new_game(seed=5, dealer=dealer).to_move == 1 - dealer


def test_a2_3_players_alternate_and_play_one_card_each():
    state = kasina.new_game(seed=6)
    for turn in range(24):
        seat = state.to_move
        assert seat == turn % 2  # the non-dealer also leads every later deal
        before = [len(h) for h in state.hands]
        state = state.apply(state.legal_actions()[-1])
        after = [len(h) for h in state.hands]
        if after[seat] != 4:  # not a fresh deal
            assert after[seat] == before[seat] - 1 and after[1 - seat] == before[1 - seat]


# ---------------------------------------------------------------------------------------
# §A2.4 Capture

def test_a2_4_same_rank_takes_single_card():
    assert options("6S", "6D 2C") == sets("6D")
    assert options("QS", "QD 5C") == sets("QD")


def test_a2_4_cards_adding_up_to_the_value():
    assert options("9S", "4D 5C KH") == sets("4D 5C")
    assert options("3S", "AH 2C") == sets("AH 2C")  # a table ace counts 1


def test_a2_4_king_cannot_take_queen_alone():
    assert frozenset(cards("QC")) not in options("KS", "AH QC")


def test_a2_4_every_group_matches_the_played_value():
    assert options("5S", "2C 3D 6H") == sets("2C 3D")


def test_a2_4_several_disjoint_groups():
    assert frozenset(cards("2C 3H 5D")) in options("5S", "2C 3H 5D")


def test_a2_4_a_card_belongs_to_one_group_only():
    assert frozenset(cards("2C 3D 2H")) not in options("5S", "2C 3D 2H")


def test_a2_4_capture_moves_card_and_set_to_the_pile():
    state = position("2C 3H 5D 9S", "5S").apply("5S:2C+3H")
    assert Counter(state.piles[0]) == Counter(cards("5S 2C 3H"))
    assert Counter(state.table) == Counter(cards("5D 9S"))
    assert Card.parse("5S") not in state.hands[0]


def test_a2_4_no_builds_a_trailed_card_is_anyones():
    state = position("KC QD", "5H 3H", other="5C 9C").apply("5H")
    assert move("5C:5H") in moves(state)
    with pytest.raises(ValueError):
        Rules(builds=True)


def test_a2_4_any_legal_set_not_only_the_largest():
    state = position("2C 3H 5D", "5S")
    assert state.apply("5S:5D").table == cards("2C 3H")


def test_a2_4_no_capture_with_nothing_matching():
    assert options("KS", "2C 3D") == set()
    assert options("7S", "") == set()


# ---------------------------------------------------------------------------------------
# §A2.5 Trail and compulsory capture

def test_a2_5_trail_puts_the_card_face_up_on_the_table():
    state = position("KC QD", "2H 3H").apply("3H")
    assert Counter(state.table) == Counter(cards("KC QD 3H"))
    assert state.observation(1)["table"].count("3H") == 1
    assert state.piles == ((), ())


def test_a2_5_trail_only_if_no_card_can_capture():
    state = position("4C 9D", "4H JS")
    with pytest.raises(IllegalMove, match="compulsory"):
        state.apply("JS")


def test_a2_5_after_a_sweep_the_opponent_must_trail():
    state = position("AH QC", "KS 2D", other="3C 4C").apply("KS:AH+QC")
    assert state.to_move == 1
    assert moves(state) == {move("3C"), move("4C")}


# ---------------------------------------------------------------------------------------
# §A2.6 Sweep

def test_a2_6_clearing_the_table_scores_a_sweep():
    state = position("2C 3H 5D", "5S")
    assert state.apply("5S:2C+3H+5D").sweeps == (1, 0)
    assert state.apply("5S:5D").sweeps == (0, 0)


def test_a2_6_capturing_the_only_table_card_is_a_sweep():
    assert position("7D", "7S").apply("7S:7D").sweeps == (1, 0)


def test_a2_6_sweeps_are_counted_per_player():
    start = position("7D", "7S 8H", other="3C JD", stock="2H 3H 4H 5H 6H 9H 10H QH")
    state = replace(start, sweeps=(1, 2)).apply("7S:7D")
    assert state.sweeps == (2, 2)
    state = state.apply("3C").apply("8H")  # seat 1 must trail on the empty table; so must seat 0
    assert state.apply("JD:3C+8H").sweeps == (2, 3)


def test_a2_6_leftover_cards_are_never_a_sweep():
    state = last_play("KC QD", "2H", last=0)
    row = state.apply("2H").score_sheet[-1]
    assert row["sweeps"] == (0, 0) and row["last_trick"] == (1, 0)


def test_a2_6_sweeps_start_from_zero_each_hand():
    state = last_play("AH QC", "KS", sweeps=(3, 1)).apply("KS:AH+QC")
    assert state.score_sheet[-1]["sweeps"] == (3, 2)
    assert state.hand_no == 1 and state.sweeps == (0, 0)


# ---------------------------------------------------------------------------------------
# §A2.7 End of a hand

def test_a2_7_hand_ends_only_when_stock_and_hands_are_empty():
    state = kasina.new_game(seed=12)
    for _ in range(47):
        state = state.apply(state.legal_actions()[0])
        assert state.hand_no == 0 and state.score_sheet == []
    state = state.apply(state.legal_actions()[0])
    assert state.hand_no == 1 and len(state.score_sheet) == 1


def test_a2_7_last_capturer_takes_the_leftovers_and_a_point():
    final = build_piles(27, 7, 2, p0_has="2S KC QD 2H", p1_has="10D")
    p0 = tuple(c for c in final[0] if c not in cards("KC QD 2H"))
    assert len(p0) < len(final[1])  # without the leftovers P0 would not have most cards
    row = last_play("KC QD", "2H", piles=(p0, final[1]), last=0).apply("2H").score_sheet[-1]
    assert row["last_trick"] == (1, 0) and row["cards"] == (1, 0)
    assert row == hand_score(final, (0, 0), 0, Rules())


def test_a2_7_last_trick_point_even_with_no_leftovers():
    row = last_play("AH QC", "KS", last=0).apply("KS:AH+QC").score_sheet[-1]
    assert row["last_trick"] == (0, 1)


def test_a2_7_nobody_captured_nobody_gets_leftovers_or_last_trick():
    row = last_play("KC QD", "2H").apply("2H").score_sheet[-1]
    assert row["last_trick"] == (0, 0) and row["cards"] == (0, 0)
    assert row["total"] == (0, 0)


# ---------------------------------------------------------------------------------------
# §A2.8 Scoring a hand

def test_a2_8_little_casino_2_points():
    assert hand_score(build_piles(26, 7, 2, p0_has="2S"), (0, 0), None)["little_casino"] == (2, 0)
    assert hand_score(build_piles(26, 7, 2, p1_has="2S"), (0, 0), None)["little_casino"] == (0, 2)


def test_a2_8_big_casino_5_points():
    assert hand_score(build_piles(26, 7, 2, p0_has="10D"), (0, 0), None)["big_casino"] == (5, 0)
    assert hand_score(build_piles(26, 7, 2, p1_has="10D"), (0, 0), None)["big_casino"] == (0, 5)


def test_a2_8_one_point_per_sweep():
    assert hand_score(build_piles(26, 7, 2), (3, 1), None)["sweeps"] == (3, 1)


def test_a2_8_last_trick_1_point():
    assert hand_score(build_piles(26, 7, 2), (0, 0), 1)["last_trick"] == (0, 1)
    assert hand_score(build_piles(26, 7, 2), (0, 0), 0)["last_trick"] == (1, 0)


def test_a2_8_most_spades_1_point():
    assert hand_score(build_piles(26, 6, 2), (0, 0), None)["spades"] == (0, 1)
    assert hand_score(build_piles(26, 7, 2), (0, 0), None)["spades"] == (1, 0)


def test_a2_8_most_aces_1_point_and_2_2_scores_nothing():
    assert hand_score(build_piles(26, 7, 3), (0, 0), None)["aces"] == (1, 0)
    assert hand_score(build_piles(26, 7, 1), (0, 0), None)["aces"] == (0, 1)
    assert hand_score(build_piles(26, 7, 2), (0, 0), None)["aces"] == (0, 0)


def test_a2_8_most_cards_1_point_and_26_26_scores_nothing():
    assert hand_score(build_piles(27, 7, 2), (0, 0), None)["cards"] == (1, 0)
    assert hand_score(build_piles(25, 7, 2), (0, 0), None)["cards"] == (0, 1)
    assert hand_score(build_piles(26, 7, 2), (0, 0), None)["cards"] == (0, 0)


def test_a2_8_score_sheet_row_has_the_categories_and_total():
    state = kasina.new_game(seed=13)
    while not state.score_sheet:
        state = state.apply(state.legal_actions()[0])
    row = state.score_sheet[0]
    assert set(row) == {*CATEGORIES, "total"}
    assert row["total"] == tuple(sum(row[c][s] for c in CATEGORIES) for s in (0, 1))
    assert state.scores == row["total"]


# ---------------------------------------------------------------------------------------
# §A2.9 Game end and next dealer

def test_a2_9_totals_change_only_at_the_end_of_a_hand():
    state = kasina.new_game(seed=14)
    while state.hand_no == 0:
        assert state.scores == (0, 0) and state.winner is None
        state = state.apply(state.legal_actions()[0])
    assert state.scores == state.score_sheet[0]["total"]


def test_a2_9_below_target_new_hand_and_other_player_deals():
    state = last_play("AH QC", "KS").apply("KS:AH+QC")
    assert max(state.scores) < 21 and state.winner is None
    assert (state.hand_no, state.dealer, state.to_move) == (1, 0, 1)
    assert len(state.hands[0]) == len(state.hands[1]) == len(state.table) == 4
    assert all_cards(state) == Counter(DECK)


def test_a2_9_exactly_one_at_target_wins():
    assert match_winner((20, 0), make_row(last_trick=(1, 0), big_casino=(0, 5)), 1, Rules()) == 0
    assert match_winner((0, 20), make_row(big_casino=(0, 5)), 1, Rules()) == 1
    assert match_winner((10, 10), make_row(big_casino=(0, 5)), 1, Rules()) is None


def test_a2_9_both_at_target_higher_total_wins():
    row = make_row(little_casino=(2, 0), big_casino=(0, 5))
    assert match_winner((20, 20), row, 1, Rules()) == 1
    assert match_winner((23, 20), row, 1, Rules()) is None  # 25–25: play on


# ---------------------------------------------------------------------------------------
# §A3 Variant flags (numbered as in the table)

POSITIONS = [("2C 3H 5D", "5S"), ("AH QC", "KS"), ("6D 8C KH AS", "AC"), ("AH 7C", "AS"),
             ("JC 2D 9H 4S", "KS"), ("2C 3D 2H", "5S"), ("6C 6D 3H 3S", "6H"), ("AH AD 6C", "AS")]


def test_a3_01_both_anywhere_behaves_as_the_default():
    rules = Rules(ace_values="both_anywhere")
    for table, hand in POSITIONS:
        assert options(hand, table, rules) == options(hand, table)
        assert moves(position(table, hand, rules=rules)) == moves(position(table, hand))


def test_a3_01_default_ace_takes_each_lone_ace():
    assert options("AS", "AH AD 6C") == sets("AH", "AD", "AH AD")


def test_a3_01_finnish_ace_is_14_in_hand_1_on_table_no_ace_takes_ace():
    rules = Rules(ace_values="finnish")
    assert options("AC", "6D 8C KH AS", rules) == sets("6D 8C", "KH AS", "6D 8C KH AS")
    assert options("3S", "AH 2C", rules) == sets("AH 2C")


def test_a3_01_unknown_ace_values_refused():
    with pytest.raises(ValueError):
        Rules(ace_values="high")


def test_a3_02_card_cannot_capture_refuses_trailing_a_capturing_card():
    state = position("4C 9D", "4H JS", rules=Rules(trail_rule="card_cannot_capture"))
    assert state.apply("JS").table[-1] == Card.parse("JS")
    with pytest.raises(IllegalMove, match="4♥"):  # the card's symbol, never its code
        state.apply("4H")


def test_a3_02_unknown_trail_rule_refused():
    with pytest.raises(ValueError):
        Rules(trail_rule="sometimes")


def test_a3_03_must_capture_maximal():
    rules = Rules(must_capture_maximal=True)
    assert moves(position("2C 3H 5D", "5S", rules=rules)) == {move("5S:2C+3H+5D")}
    # "no further disjoint group may remain": {6D,8C,AS} leaves KH, which takes nothing alone
    assert options("AC", "6D 8C KH AS", rules) == sets("6D 8C AS", "6D 8C KH AS")
    assert moves(position("2C 3D 2H", "5S", rules=rules)) == {move("5S:2C+3D"), move("5S:2H+3D")}
    with pytest.raises(IllegalMove, match="must_capture_maximal"):
        position("2C 3H 5D", "5S", rules=rules).apply("5S:5D")


def test_a3_05_builds_are_not_supported():
    assert Rules().builds is False
    with pytest.raises(ValueError, match="build"):
        Rules(builds=True)


def test_a3_06_sweep_on_final_play_off_keeps_mid_hand_sweeps():
    rules = Rules(sweep_on_final_play=False)
    assert position("7D", "7S", rules=rules).apply("7S:7D").sweeps == (1, 0)


def test_a3_08_sweeps_cancel():
    piles = build_piles(26, 7, 2)
    assert hand_score(piles, (3, 1), None)["sweeps"] == (3, 1)
    assert hand_score(piles, (3, 1), None, Rules(sweeps_cancel=True))["sweeps"] == (2, 0)
    assert hand_score(piles, (1, 2), None, Rules(sweeps_cancel=True))["sweeps"] == (0, 1)


def test_a3_08_sweeps_cancel_in_the_engine():
    state = last_play("AH QC", "KS", sweeps=(2, 1), rules=Rules(sweeps_cancel=True))
    assert state.apply("KS:AH+QC").score_sheet[-1]["sweeps"] == (0, 0)


def test_a3_10_ace_scoring_each():
    piles = build_piles(26, 7, 3)
    assert hand_score(piles, (0, 0), None, Rules(ace_scoring="each"))["aces"] == (3, 1)
    assert hand_score(piles, (0, 0), None)["aces"] == (1, 0)
    with pytest.raises(ValueError):
        Rules(ace_scoring="some")


def test_a3_11_target():
    row = case_12_row()
    assert match_winner((14, 0), row, 1, Rules()) is None
    assert match_winner((14, 0), row, 1, Rules(target=20)) == 0
    with pytest.raises(ValueError):
        Rules(target=0)


def test_a3_11_target_in_the_engine():
    def play(rules):
        return last_play("AH QC", "KS", totals=(0, 15), rules=rules).apply("KS:AH+QC")

    twenty = play(Rules(target=20))
    assert twenty.scores == (0, 20) and twenty.winner == 1 and twenty.to_move is None
    assert play(Rules()).winner is None


def test_a3_12_hand_size_only_4_or_5():
    for size in (3, 6):
        with pytest.raises(ValueError):
            Rules(hand_size=size)


def test_a3_13_count_out_first_to_target_in_seed_order():
    row = make_row(little_casino=(2, 0), big_casino=(0, 5), spades=(1, 0), sweeps=(0, 2),
                   last_trick=(0, 1))
    before = (19, 16)  # 22 v 24: the higher total is P1, but P0 reaches 21 with little casino
    assert match_winner(before, row, 1, Rules()) == 1
    assert match_winner(before, row, 1, Rules(simultaneous_target="count_out")) == 0


@pytest.mark.parametrize(("dealer", "winner"), [(1, 0), (0, 1)])
def test_a3_13_count_out_non_dealer_first_within_an_item(dealer, winner):
    row = make_row(little_casino=(2, 0), big_casino=(0, 5), sweeps=(5, 5), last_trick=(1, 0),
                   spades=(1, 0), cards=(1, 0))
    before = (14, 11)  # both reach 21 with the sweeps
    assert match_winner(before, row, dealer, Rules(simultaneous_target="count_out")) == winner
    assert match_winner(before, row, dealer, Rules()) == 0  # 24 v 21


def test_a3_13_unknown_simultaneous_target_refused():
    with pytest.raises(ValueError):
        Rules(simultaneous_target="toss")


def test_a3_14_first_dealer():
    assert kasina.new_game(seed=1, dealer=0).to_move == 1
    with pytest.raises(ValueError):
        kasina.new_game(seed=1, dealer=2)


def test_a3_15_three_or_four_players_not_supported():
    for players in (3, 4):
        with pytest.raises(ValueError):
            kasina.new_game(players=players)


# ---------------------------------------------------------------------------------------
# Random play (hypothesis): conservation, hand points, match end (§A2.6–A2.9)

def expected_row(states_and_moves, rules=DEFAULT) -> tuple[dict, int]:
    """Score one hand from its moves alone, as §A2.6–A2.8 say; also the sweeps made."""
    piles, sweeps, last = ([], []), [0, 0], None
    final = len(states_and_moves) - 1
    for i, (state, action) in enumerate(states_and_moves):
        seat = state.to_move
        if action.captured:
            piles[seat].extend([action.card, *action.captured])
            last = seat
            if set(state.table) <= action.captured and (rules.sweep_on_final_play or i < final):
                sweeps[seat] += 1
    if last is not None:
        taken = set(piles[0]) | set(piles[1])
        piles[last].extend(c for c in DECK if c not in taken)

    def most(f):
        a, b = (sum(map(f, p)) for p in piles)
        return (int(a > b), int(b > a))

    row = make_row(little_casino=tuple(2 * (Card.parse("2S") in p) for p in piles),
                   big_casino=tuple(5 * (Card.parse("10D") in p) for p in piles),
                   sweeps=tuple(sweeps), last_trick=tuple(int(last == s) for s in (0, 1)),
                   spades=most(lambda c: c.suit == "S"), aces=most(lambda c: c.rank == "A"),
                   cards=most(lambda c: 1))
    return row, sum(sweeps)


def random_match(seed: int, choices: int, rules: Rules = DEFAULT):
    """Yield (state, action, next_state) through a whole match of random play."""
    pick = random.Random(choices)
    state = kasina.new_game(seed=seed, rules=rules)
    for _ in range(3000):
        if state.is_over:
            return
        action = pick.choice(state.legal_actions())
        after = state.apply(action)
        yield state, action, after
        state = after
    raise AssertionError("match did not end")


seeds = st.integers(0, 2**32)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(seed=seeds, choices=seeds)
def test_random_play_conserves_the_52_cards_at_every_step(seed, choices):
    steps = 0
    for state, _, after in random_match(seed, choices):
        assert all_cards(state) == all_cards(after) == Counter(DECK)
        steps += 1
    assert steps >= 48


@settings(max_examples=30, deadline=None)
@given(seed=seeds, choices=seeds)
def test_random_play_hand_points_are_11_plus_sweeps_minus_ties(seed, choices):
    hand: list = []
    for state, action, after in random_match(seed, choices):
        hand.append((state, action))
        if len(after.score_sheet) > len(state.score_sheet):
            row, sweeps = expected_row(hand)
            got = after.score_sheet[-1]
            ties = sum(got[c] == (0, 0) for c in ("spades", "aces", "cards"))
            assert sum(got["total"]) == 11 + sweeps - ties
            assert got == row
            hand = []


@settings(max_examples=30, deadline=None)
@given(seed=seeds, choices=seeds, target=st.sampled_from([21, 20, 8]))
def test_random_play_match_ends_with_the_winner_of_a2_9(seed, choices, target):
    rules = Rules(target=target)
    dealers = [kasina.new_game(seed=seed, rules=rules).dealer]
    for state, _, after in random_match(seed, choices, rules):
        if after.hand_no != state.hand_no:
            dealers.append(after.dealer)
    final = after
    assert final.is_over and final.to_move is None and final.legal_actions() == []
    totals = (0, 0)
    rows = final.score_sheet
    for n, row in enumerate(rows, 1):
        totals = tuple(t + r for t, r in zip(totals, row["total"]))
        reached = [s for s in (0, 1) if totals[s] >= target]
        decided = len(reached) == 1 or (len(reached) == 2 and totals[0] != totals[1])
        assert decided == (n == len(rows)), "the match must end at the first decisive count"
    assert final.scores == totals
    assert final.winner == max((0, 1), key=lambda s: totals[s]) and totals[final.winner] >= target
    assert dealers == [(1 + i) % 2 for i in range(len(dealers))] and len(dealers) == len(rows)


# ---------------------------------------------------------------------------------------
# Bad input: IllegalMove names the rule and changes nothing

def test_stacked_deck_must_be_the_52_cards():
    short = [c for c in stack() if c != Card.parse("QH")]
    with pytest.raises(ValueError, match="QH"):
        kasina.new_game(deck=short)
    with pytest.raises(ValueError, match="QH"):
        kasina.new_game(deck=[*short, Card.parse("2S")])
    with pytest.raises(ValueError, match="JK"):
        kasina.new_game(deck=[*short, Card.parse("JK")])
    with pytest.raises(ValueError, match="ZZ"):
        kasina.new_game(deck="ZZ " + " ".join(map(str, short)))


@pytest.mark.parametrize(("action", "words"), [
    ("5S:2C+5D", ["5♠", "take"]),                 # 2+5 is not 5: §A2.4
    ("5S:2C+3H+5D+9C", ["9♣ is not", "table"]),   # 9C is not on the table
    ("5S:2C+3H+5D+9C+8H", ["8♥ 9♣ are not", "table"]),  # the verb agrees with two cards
    ("9C:9D", ["9♣", "hand"]),                     # 9C is not in the hand
    ("5S", ["compulsory"]),                        # a trail while a capture exists: §A2.5
])
def test_illegal_move_names_the_rule_and_changes_nothing(action, words):
    state = position("2C 3H 5D", "5S 9H", other="9C 8C")
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply(action)
    for word in words:
        assert word.lower() in str(err.value).lower()
    assert state.to_json() == before


@pytest.mark.parametrize("text", ["", "  ", "5X", "5S:", ":5D", "5S:2C:3H", "5S::5D", "5S:2C+2C",
                                  "5S:ZZ", "5S 2C", "JK", "5S;5D", "take 5D"])
def test_malformed_action_is_illegal_move(text):
    state = position("2C 3H 5D", "5S")
    before = state.to_json()
    with pytest.raises(IllegalMove):
        state.apply(text)
    assert state.to_json() == before


@pytest.mark.parametrize("thing", [None, 42, Card.parse("5S"), ("5S", "5D")])
def test_non_action_is_illegal_move(thing):
    state = position("2C 3H 5D", "5S")
    with pytest.raises(IllegalMove):
        state.apply(thing)


def test_action_text_any_order_and_case():
    state = position("2C 3H 5D", "5S")
    assert state.apply("5s:5d+3H+2c") == state.apply("5S:2C+3H+5D")
    for action in state.legal_actions():
        assert state.apply(str(action)) == state.apply(action)


def test_no_move_after_the_match_is_over():
    state = last_play("AH QC", "KS", totals=(0, 25)).apply("KS:AH+QC")
    assert state.is_over
    with pytest.raises(IllegalMove):
        state.apply("2H")


# ---------------------------------------------------------------------------------------
# capture_options: sets of frozensets, checked against a brute-force reference (§A2.4)

def table_value(card: Card) -> int:
    return 1 if card.rank == "A" else VALUE.get(card.rank) or int(card.rank)


def played_value(card: Card) -> int:
    return 14 if card.rank == "A" else table_value(card)


def is_group(card: Card, group) -> bool:
    return (len(group) == 1 and group[0].rank == card.rank) or (
        sum(map(table_value, group)) == played_value(card))


def splits_into_groups(card: Card, items: list[Card]) -> bool:
    """Try every partition of `items` (the block holding the first card, then the rest),
    giving up on a partition as soon as one of its blocks is not a matching group."""
    if not items:
        return True
    first, rest = items[0], items[1:]
    for k in range(len(rest) + 1):
        for others in combinations(rest, k):
            if is_group(card, (first, *others)) and splits_into_groups(
                    card, [c for c in rest if c not in others]):
                return True
    return False


def is_capture(card: Card, taken) -> bool:
    return bool(taken) and splits_into_groups(card, list(taken))


def reference_options(card: Card, table) -> set[frozenset[Card]]:
    return {frozenset(s) for k in range(1, len(table) + 1) for s in combinations(table, k)
            if is_capture(card, s)}


def test_capture_options_are_frozensets_listed_once():
    result = capture_options(Card.parse("5S"), cards("2C 3H 5D"))
    assert all(isinstance(o, frozenset) for o in result)
    assert set(result) == sets("5D", "2C 3H", "2C 3H 5D") and len(result) == 3


def test_capture_options_accepts_text():
    assert set(capture_options("5S", "2C 3H 5D")) == options("5S", "2C 3H 5D")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
def test_capture_options_match_the_reference(picked):
    card, table = picked[0], picked[1:]
    assert options(str(card), " ".join(map(str, table))) == reference_options(card, table)


WORST = "AH AD AC 2S 2H 2D 3S 3H 3D 4S 4H 4D"


@pytest.mark.slow
@pytest.mark.parametrize("card", ["AS", "KS", "10C", "7C", "5C"])
def test_capture_options_worst_case_12_card_table(card):
    got = options(card, WORST)
    assert len(got) > 100
    assert got == reference_options(Card.parse(card), cards(WORST))


# ---------------------------------------------------------------------------------------
# Saved games (API: from_json refuses malformed or inconsistent JSON)

def midgame(moves_made: int = 11) -> kasina.State:
    return play_first_legal(kasina.new_game(seed=21), moves_made)


def test_json_round_trip():
    state = midgame()
    again = kasina.State.from_json(state.to_json())
    assert again == state and again.legal_actions() == state.legal_actions()


def test_json_edited_history_move_refused():
    state = midgame()
    data = save_of(state)
    data["history"][3] = data["history"][1]  # that card was already played
    with pytest.raises(ValueError, match="move 4"):
        kasina.State.from_json(json.dumps(data))


def test_json_edited_totals_refused():
    data = save_of(midgame(60))  # one hand scored
    assert data["totals"] != [0, 0]
    data["totals"] = [data["totals"][0] + 1, data["totals"][1]]
    with pytest.raises(ValueError, match=r"totals|scores"):
        kasina.State.from_json(json.dumps(data))


def test_json_bad_card_text_refused():
    data = save_of(midgame())
    data["history"][2] = "ZZ"
    with pytest.raises(ValueError, match="ZZ"):
        kasina.State.from_json(json.dumps(data))
    data = save_of(midgame())
    data["table"] = data["table"] + " 11S"
    with pytest.raises(ValueError, match="table"):
        kasina.State.from_json(json.dumps(data))


def test_json_origin_dealer_true_refused():
    """JSON `true` is not seat 1: such an origin once loaded, compared equal (True == 1) and
    was written back as `"dealer": true`."""
    data = save_of(midgame())
    assert data["origin"][1] == 1 and data["dealer"] == 1
    data["origin"][1] = True
    with pytest.raises(ValueError, match="origin"):
        kasina.State.from_json(json.dumps(data))


def test_json_not_a_save_refused():
    for text in ["", "[]", "{", '{"game": "kozel", "format": 1}', "null"]:
        with pytest.raises(ValueError):
            kasina.State.from_json(text)


@pytest.mark.parametrize("moves_made", [0, 1, 2, 5])
def test_json_determinized_position_loads_back(moves_made):
    state = kasina.determinize(midgame(moves_made), 0, random.Random(moves_made))
    assert kasina.State.from_json(state.to_json()) == state


def test_json_snapshot_with_bad_card_text_refused():
    data = save_of(kasina.determinize(midgame(2), 0, random.Random(1)))
    data["stock"] = data["stock"].replace(data["stock"].split()[0], "QX", 1)
    with pytest.raises(ValueError, match="QX"):
        kasina.State.from_json(json.dumps(data))


def test_json_snapshot_claiming_a_winner_below_target_refused():
    data = save_of(kasina.determinize(midgame(2), 0, random.Random(1)))
    assert data["totals"] == [0, 0]
    data["winner"] = 0  # nobody has 21: §A2.9 allows no winner
    with pytest.raises(ValueError):
        kasina.State.from_json(json.dumps(data))


# ---------------------------------------------------------------------------------------
# What a seat may infer (§A2.5): a trail shows that no card in the trailer's hand could take.

def test_determinize_respects_what_trails_reveal():
    """Over random play, the inference never rules out a card the opponent really holds,
    determinized hands never contain a ruled-out card, and it does rule some out."""
    rng = random.Random(4)
    ruled_out = 0
    for seed in range(6):
        state = kasina.new_game(seed=seed)
        bot = kasina.BOTS["random"](seed=seed)
        while not state.is_over:
            seat = state.to_move
            obs = state.observation(seat)
            excluded = kasina.cannot_hold(obs, state.rules)
            ruled_out += len(excluded)
            assert not excluded & set(state.hands[1 - seat])
            guess = kasina.determinize(state, seat, rng)
            assert not excluded & set(guess.hands[1 - seat])
            assert guess.observation(seat) == obs
            state = state.apply(bot.choose(state, seat))
    assert ruled_out > 0


def test_no_inference_when_trailing_is_free():
    state = kasina.new_game(seed=3, rules=kasina.Rules(trail_rule="free"))
    bot = kasina.BOTS["random"](seed=1)
    for _ in range(30):
        state = state.apply(bot.choose(state, state.to_move))
        assert kasina.cannot_hold(state.observation(state.to_move), state.rules) == set()


def test_every_illegal_move_reason_is_said_in_both_languages():
    import string
    fields = {lang: {k: {f for _, f, _, _ in string.Formatter().parse(t) if f}
                     for k, t in kasina.RULE_WORDS[lang].items()} for lang in ("is", "en")}
    assert fields["is"] == fields["en"]
    state = kasina.new_game(seed=4)
    absent = next(c for c in kasina.DECK if c not in state.hands[0])
    with pytest.raises(IllegalMove) as caught:
        state.apply(str(absent))
    assert caught.value.rule == "not_in_hand"
    assert caught.value.say(kasina.RULE_WORDS["is"]).startswith(f"þú ert ekki með {absent.symbol} á hendi")


def test_sweepable_tells_whether_one_card_could_clear_the_table():
    assert kasina.sweepable(parse_cards("2C 3H"))        # a five takes 2 + 3
    assert kasina.sweepable(parse_cards("AH QC"))        # a king takes A + Q
    assert not kasina.sweepable(parse_cards("KC QD"))    # 25: no card is worth that
    assert not kasina.sweepable(())
    state = kasina.new_game(seed=3, rules=Rules(trail_rule="free"))
    free = replace(state, hands=(parse_cards("2H 3S 4S QS"), state.hands[1]), table=parse_cards("QD"))
    assert kasina.explain(free, "2H", "en").endswith("the opponent might clear the table")  # A: 12 + 2
    assert kasina.explain(free, "3S", "en").endswith("the opponent can hardly use the card")


def test_hint_counts_agree_in_number_in_both_languages():
    """"1 ás", "2 ása", "1 ace", "2 aces" (issue 9: no "1 ása"); Icelandic 21 takes the singular.
    The count is of the cards that go to the pile, the played card with those it takes
    (issue 21: "tekur 2 spil" read as two cards taken from the table)."""
    aces = position("AC 9D", "AS")  # the 9 stays: no sweep in the hint
    assert kasina.explain(aces, "AS:AC", "is") == "færð 2 spil í bunkann, þar af 1 spaða og 2 ása"
    assert kasina.explain(aces, "AS:AC", "en") == "2 cards to your pile, among them 1 spade and 2 aces"
    one_ace = position("AH QD 9C", "KS")  # K (13) takes A (1) + Q (12)
    assert kasina.explain(one_ace, "KS:AH+QD", "is") == "færð 3 spil í bunkann, þar af 1 spaða og 1 ás"
    assert kasina.explain(one_ace, "KS:AH+QD", "en") == "3 cards to your pile, among them 1 spade and 1 ace"
    plain = position("5D 9C", "5H")
    assert kasina.explain(plain, "5H:5D", "is") == "færð 2 spil í bunkann"
    assert kasina.explain(plain, "5H:5D", "en") == "2 cards to your pile"
    assert [counted(n, "aces", "is") for n in (1, 2, 11, 21)] == ["1 ás", "2 ása", "11 ása", "21 ás"]
    assert [counted(n, "aces", "en") for n in (1, 2, 21)] == ["1 ace", "2 aces", "21 aces"]
