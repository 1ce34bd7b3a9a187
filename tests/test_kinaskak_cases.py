"""Kínaskák: every worked case of its rule file's section B4 (docs/rules/kinaskak.md),
one test each, on the module directly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardlearn import IllegalMove
from cardlearn.cards import JOKER, Card, parse_cards
from cardlearn.games import kinaskak as k
from cardlearn.games.kinaskak import Rules


def stacked(hands: dict[int, str], *, players: int = 4, up: str | None = None, stock: str = "",
            dealer: int | None = None, rules: Rules = Rules(),  # noqa: B008 -- frozen
            seed: int = 0) -> list[Card]:
    """A deck that deals `hands` (seat → cards; the other seats get random cards), then
    turns up `up`, then has `stock` on top of the stock."""
    dealer = players - 1 if dealer is None else dealer
    pool = Counter(k.deck_for(players, rules))
    fixed = {s: list(parse_cards(h)) for s, h in hands.items()}
    extra = list(parse_cards(up or "")) + list(parse_cards(stock))
    for cards in [*fixed.values(), extra]:
        short = Counter(cards) - pool
        assert not short, f"more copies than the deck has: {short}"
        pool -= Counter(cards)
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    for s in range(players):
        got = fixed.setdefault(s, [])
        while len(got) < 13:
            got.append(rest.pop())
    if up is None:
        extra.insert(0, rest.pop())
    order = [(dealer + 1 + i) % players for i in range(players)]
    deck = [fixed[s][i] for i in range(13) for s in order]
    return deck + extra + rest


def game(hands: dict[int, str], *, round_no: int = 1, **kw) -> k.State:
    """A match whose round `round_no` is dealt from `stacked(hands, ...)`."""
    players, rules = kw.get("players", 4), kw.get("rules", Rules())
    deck = stacked(hands, **kw)
    if round_no == 1:
        return k.new_game(players=players, deck=deck, rules=rules, dealer=kw.get("dealer"), seed=0)
    start = k.new_game(players=players, rules=rules, seed=0)
    return start.deal_round(round_no, deck, kw.get("dealer", players - 1))  # a later round, stacked


def play(state: k.State, *moves: str) -> k.State:
    for move in moves:
        state = state.apply(move)
    return state


def draw_unbought(state: k.State) -> k.State:
    """The player in turn declines the live discard and nobody buys it."""
    state = state.apply("draw")
    while state.phase == "buy":
        state = state.apply("pass")
    return state


def texts(state: k.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# -- B4.1 -------------------------------------------------------------------------------

@pytest.mark.parametrize("players, total, jokers, stock",
                         [(3, 108, 4, 68), (4, 108, 4, 55), (5, 162, 6, 96), (6, 162, 6, 83)])
def test_b4_1_deck_size(players, total, jokers, stock):
    """B4.1 Deck size: 108 cards with 4 jokers for 3–4 players, 162 with 6 for 5–6; the
    stock after dealing 13 each and turning the upcard."""
    deck = k.deck_for(players)
    assert len(deck) == total and deck.count(JOKER) == jokers
    state = k.new_game(players=players, seed=3)
    assert len(state.stock) == stock and len(state.discard) == 1 and state.live
    assert all(len(h) == 13 for h in state.hands)


# -- B4.2 – B4.4, B4.11: rule facts -------------------------------------------------------

@pytest.mark.parametrize("cards", ["3H 4H 5H 6H", "AS 2S 3S 4S", "JC QC KC AC",
                                   "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "6H 3H 5H 4H"])
def test_b4_2_valid_runs(cards):
    """B4.2 Run validity: these are runs (ace low or high, A…A with duplicate decks)."""
    assert k.is_run(cards)


@pytest.mark.parametrize("cards", ["QH KH AH 2H", "3H 4H 5H", "3H 4H 5S 6H", "3H 5H 6H 7H"])
def test_b4_2_invalid_runs(cards):
    """B4.2 Run validity: wrap, too short, mixed suit, gap are not runs."""
    assert not k.is_run(cards)


def test_b4_2_wrap_is_a_variant():
    """B4.2 with the variant flag `run_wrap=True`, Q K A 2 is a run."""
    assert k.is_run("QH KH AH 2H", Rules(run_wrap=True))


def test_b4_3_sets():
    """B4.3 Set validity: three or more of a rank, duplicate suits allowed, five tens."""
    for cards in ("8C 8D 8H", "8H 8H 8C", "10S 10H 10D 10C 10S"):
        assert k.is_set(cards)
    for cards in ("8C 8D 9H", "8C 8D"):
        assert not k.is_set(cards)


def test_b4_4_jokers():
    """B4.4 Jokers: 3H JK 5H 6H is a run (JK = 4H); {JK 4H 5H 6H} is a run whose joker is
    declared when laid, as 3H or as 7H, and the binding stays; 8C JK JK is a set of 8s;
    JK JK JK is not a meld."""
    assert k.is_run("3H JK 5H 6H") and k.is_run("JK 4H 5H 6H") and k.is_set("8C JK JK")
    assert not k.is_set("JK JK JK") and not k.is_run("JK JK JK JK")
    assert k.is_run("3H 4H 5H 6H JK") and not k.is_run("JK JK JK 5H", Rules(joker_limit="one_per_meld"))
    state = draw_unbought(game({0: "JK 4H 5H 6H 8C 8D 8S 2C 3D 10S JC QD KS"}, stock="9S"))
    runs = [str(a) for a in state.legal_actions() if a.verb == "run"]
    assert runs == ["run 4H 5H 6H JK=7H", "run JK=3H 4H 5H 6H"]  # both declarations, the high one first
    declarations = (("run 4H 5H 6H JK=7H", 4, 3, "7H"), ("run JK=3H 4H 5H 6H", 3, 0, "3H"))
    for move, low, joker_at, stands in declarations:
        laid = play(state, move, "set 8C 8D 8S")
        meld = laid.melds[0][0]
        assert (meld.low, meld.cards[joker_at]) == (low, JOKER)
        assert meld.stands_for(joker_at, False) == Card.parse(stands)  # fixed from then on
        assert laid.observation(1)["melds"][0]["binds"][joker_at] == stands
    # A three in the run's place is laid, not a joker's: JK=3H 4H 5H 6H takes 3H only by a steal.
    three = draw_unbought(game({0: "JK 4H 5H 6H 8C 8D 8S 3H 3D 10S JC QD KS"}, stock="9S"))
    laid = play(three, "run JK=3H 4H 5H 6H", "set 8C 8D 8S")
    assert "steal 3H 0-0" in texts(laid) and "off 3H 0-0 low" not in texts(laid)


def test_b4_4_the_two_declarations_are_clicked_apart():
    """The table tells the two declarations of B4.4 apart: the cards alone lay the joker at
    the high end; the same cards and the target zone "joker-low", shown to the seat laying
    down, lay it at the low end."""
    state = draw_unbought(game({0: "JK 4H 5H 6H 8C 8D 8S 2C 3D 10S JC QD KS"}, stock="9S"))
    cards = tuple(("hand", c) for c in parse_cards("4H 5H 6H JK"))
    assert k.action_cards(state, "run 4H 5H 6H JK=7H") == cards
    low = k.action_cards(state, "run JK=3H 4H 5H 6H")
    assert Counter(low) == Counter((*cards, ("joker-low", None)))
    for lang, label in (("en", "Joker as the low end"), ("is", "Jóker neðst")):
        zones = {z["name"]: z for z in k.layout(state, 0, lang)["zones"]}
        assert zones["joker-low"] == {"name": "joker-low", "label": label, "owner": 0, "target": True,
                                      "cards": []}
    assert "joker-low" not in {z["name"] for z in k.layout(state, 1, "en")["zones"]}  # not the mover
    laid = play(state, "run 4H 5H 6H JK=7H", "set 8C 8D 8S")
    assert "joker-low" not in {z["name"] for z in k.layout(laid, 0, "en")["zones"]}  # nothing to declare


def test_b4_4_other_bindings_are_refused():
    """A joker stands for the card missing at its place, or at an end for the card just
    above or below the run: JK=2H JK=4H 5H 6H and JK=5H 5H 6H JK=7H are refused (two end
    jokers may be split between the ends: tests/test_findings.py)."""
    state = draw_unbought(game({0: "JK JK 5H 6H 8C 8D 8S 2C 3D 10S JC QD KS"}, stock="9S"))
    runs = {str(a) for a in state.legal_actions() if a.verb == "run"}
    assert {"run 5H 6H JK=7H JK=8H", "run JK=3H JK=4H 5H 6H"} <= runs
    for move in ("run JK=2H JK=4H 5H 6H", "run JK=5H 5H 6H JK=7H"):
        assert move not in runs
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert err.value.rule == "run_placing"


def test_lay_offs_work_on_either_declaration():
    """Once laid, a run with its joker at either end grows at both ends, and its joker is
    stolen with exactly the card it was declared as."""
    hand = "JK 4H 5H 6H 8C 8D 8S 2H 3H 7H 8H 10S KS"
    state = draw_unbought(game({0: hand}, stock="9S"))
    cases = (("run JK=3H 4H 5H 6H", "2H", "7H", "3H", "JK 4H 5H 6H", "2H JK 4H 5H 6H 7H"),
             ("run 4H 5H 6H JK=7H", "3H", "8H", "7H", "4H 5H 6H JK", "3H 4H 5H 6H JK 8H"))
    for run, below, above, steal, cards, grown in cases:
        laid = play(state, run, "set 8C 8D 8S")
        assert laid.melds[0][0].cards == parse_cards(cards)
        moves = texts(laid)
        assert {f"off {below} 0-0 low", f"off {above} 0-0 high", f"steal {steal} 0-0"} <= set(moves)
        longer = play(laid, f"off {below} 0-0 low", f"off {above} 0-0 high")
        assert longer.melds[0][0].cards == parse_cards(grown)
        swapped = play(laid, f"steal {steal} 0-0")
        assert JOKER not in swapped.melds[0][0].cards and JOKER in swapped.hands[0]


def test_b4_11_penalty():
    """B4.11 Penalty counting: 75 for {JK AS 10H KC 9D 8S 2H}, the seed's {K 10 A} = 35,
    an empty hand 0."""
    assert k.penalty("JK AS 10H KC 9D 8S 2H") == 75
    assert k.penalty("KS 10D AH") == 35
    assert k.penalty([]) == 0


# -- B4.5 contract matching ----------------------------------------------------------------

def test_b4_5_contract_matching():
    """B4.5 Contract matching: round 1 run + set; round 3 needs runs of different suits;
    round 2 sets may share a rank unless `distinct_set_ranks`."""
    assert k.can_lay_down("3H 4H 5H 6H 8C 8D 8S", 1)
    assert not k.can_lay_down("3H 4H 5H 6H 9H 10H JH QH", 3)
    assert k.can_lay_down("3H 4H 5H 6H 9S 10S JS QS", 3)
    assert k.can_lay_down("8C 8D 8S 8H 8H 8C", 2)
    assert not k.can_lay_down("8C 8D 8S 8H 8H 8C", 2, Rules(distinct_set_ranks=True))
    assert k.can_lay_down("8C 8D 8S 8H 8H 8C 2S 9D", 2)  # extra cards may remain


def test_b4_5_no_third_meld_at_lay_down():
    """B4.5 Round 1 with a run and two sets: laying down the run and one set is legal; the
    third meld is not (default), and is with `extra_melds_on_laydown=True`."""
    hand = "3H 4H 5H 6H 8C 8D 8S KC KD KS 2C 2D 4S"
    state = draw_unbought(game({0: hand}, stock="9S"))
    state = play(state, "run 3H 4H 5H 6H", "set 8C 8D 8S")
    assert state.laid_down[0] and state.phase == "discard"
    assert k.Action.parse("set KC KD KS") not in state.legal_actions()
    with pytest.raises(IllegalMove) as err:
        state.apply("set KC KD KS")
    assert err.value.rule == "no_new_melds"
    extra = Rules(extra_melds_on_laydown=True)
    state = draw_unbought(game({0: hand}, stock="9S", rules=extra))
    state = play(state, "run 3H 4H 5H 6H", "set 8C 8D 8S", "set KC KD KS")
    assert len(state.melds[0]) == 3


def test_b4_5_steps_offered_only_if_completable():
    """B4.5 (steps): a meld is offered only if the rest of the hand still makes the
    contract: with 3H–6H and 9H–QH (same suit) no run is offered in round 3."""
    state = draw_unbought(game({0: "3H 4H 5H 6H 9H 10H JH QH 2C 5D 7S 9C KD"}, round_no=3, stock="4S"))
    assert not [a for a in texts(state) if a.startswith("run")]
    state = draw_unbought(game({0: "3H 4H 5H 6H 9S 10S JS QS 2C 5D 7S 9C KD"}, round_no=3, stock="4C"))
    assert set(a for a in texts(state) if a.startswith("run")) == {"run 3H 4H 5H 6H", "run 9S 10S JS QS"}
    state = state.apply("run 9S 10S JS QS")
    assert state.phase == "meld" and texts(state) == ["run 3H 4H 5H 6H"]
    assert state.observation(2)["melds"][0]["pending"] is True


# -- B4.6 round 8 ------------------------------------------------------------------------

def test_b4_6_round8_close():
    """B4.6 Round 8: after drawing, the 14 cards 3H–6H, 9S–QS, 8C 8D 8H, KC KD KS go out
    with no discard; so do 3H JK 5H 6H and 8C 8D JK in their places."""
    for hand, drawn in [("3H 4H 5H 6H 9S 10S JS QS 8C 8D 8H KC KD", "KS"),
                        ("3H JK 5H 6H 9S 10S JS QS 8C 8D JK KC KD", "KS")]:
        state = game({0: hand}, round_no=8, stock=drawn)
        assert state.phase == "discard" and len(state.hands[0]) == 14  # drawn from the stock at once
        melds = [a for a in state.legal_actions() if a.verb in ("run", "set")]
        while melds:
            state = state.apply(melds[0])
            melds = [a for a in state.legal_actions() if a.verb in ("run", "set")]
        assert state.went_out == 0 and not state.hands[0] and len(state.melds[0]) == 4
        assert state.discard == game({0: hand}, round_no=8, stock=drawn).discard  # no discard


def test_b4_6_round8_same_suit_runs_and_loose_cards():
    """B4.6 Round 8: two heart runs cannot close (must discard); nor can two runs, one set
    and three loose cards."""
    for hand, drawn in [("3H 4H 5H 6H 9H 10H JH QH 8C 8D 8H KC KD", "KS"),
                        ("3H 4H 5H 6H 9S 10S JS QS 8C 8D 8H 2C 5D", "KS")]:
        state = game({0: hand}, round_no=8, stock=drawn)
        assert {a.verb for a in state.legal_actions()} == {"discard"}
        assert not k.can_lay_down(state.hands[0], 8)


# -- B4.7 and B4.8 buying ----------------------------------------------------------------

def test_b4_7_buy_mechanics():
    """B4.7 Buying: Q buys the declined discard and the top stock card (15 cards, no
    discard), P then draws the next stock card; after three buys Q holds 19 cards and is
    never asked again this round; taking the discard leaves nothing to buy."""
    state = game({}, up="KH", stock="2C 3C 4C 5C")
    p_hand = state.hands[0]
    state = state.apply("draw")
    assert state.phase == "buy" and state.to_move == 1 and state.buy_queue == (1, 2, 3)
    state = play(state, "buy", "pass", "pass")
    assert len(state.hands[1]) == 15 and state.buys_used[1] == 1
    assert Counter(state.hands[1]) - Counter(game({}, up="KH", stock="2C 3C 4C 5C").hands[1]) == \
        Counter(parse_cards("KH 2C"))
    assert Counter(state.hands[0]) - Counter(p_hand) == Counter(parse_cards("3C"))
    assert state.to_move == 0 and state.phase == "discard"
    # Seat 1 buys twice more (it is never asked for its own discard or in its own turn).
    while state.buys_used[1] < 3:
        if state.phase == "buy":
            state = state.apply("buy" if state.to_move == 1 else "pass")
        elif state.phase == "draw":
            state = state.apply("draw")
        else:
            state = state.apply(next(a for a in state.legal_actions() if a.verb == "discard"))
    while state.phase == "buy":
        state = state.apply("pass")
    assert len(state.hands[1]) == 19
    for _ in range(12):  # a lap and more: seat 1 is never asked, and "buy" is never its move
        if state.phase == "buy":
            assert 1 not in state.buy_queue
            state = state.apply("pass")
        elif state.phase == "draw":
            state = state.apply("draw")
        else:
            state = state.apply(next(a for a in state.legal_actions() if a.verb == "discard"))
        if state.to_move == 1:
            assert "buy" not in texts(state)
    taken = game({}, up="KH").apply("take")
    assert taken.phase == "discard" and Card("K", "H") in taken.hands[0] and not taken.live


def test_b4_7_no_buying_in_round_8():
    """B4.7 In round 8 Buy is never legal: the stock is drawn at once, and with
    `round8_draw_source="either"` declining the discard opens no buy window."""
    state = game({}, round_no=8)
    for _ in range(20):
        assert state.phase != "buy" and "buy" not in texts(state)
        with pytest.raises(IllegalMove) as err:
            state.apply("buy")
        assert err.value.rule == "no_buy_round8"
        state = state.apply(next(a for a in state.legal_actions() if a.verb in ("discard", "draw")))
    either = game({}, round_no=8, rules=Rules(round8_draw_source="either"))
    assert either.phase == "draw" and either.apply("draw").phase == "discard"


def test_b4_8_buy_conflict_by_lot():
    """B4.8 Q and R both ask to buy: exactly one gets it, drawn by the game's seeded RNG
    (the same seed gives the same buyer; over seeds both win sometimes)."""
    winners = set()
    for seed in range(12):
        state = game({}, up="KH", seed=seed)
        state = dataclass_replace(state, seed=seed)
        after = play(state, "draw", "buy", "buy", "pass")
        buyers = [s for s in (1, 2) if after.buys_used[s]]
        assert len(buyers) == 1 and len(after.hands[buyers[0]]) == 15
        again = play(state, "draw", "buy", "buy", "pass")
        assert again == after
        winners.add(buyers[0])
    assert winners == {1, 2}


def test_b4_8_buy_conflict_seat_order():
    """B4.8 with `buy_priority="seat_order"` the nearest buyer clockwise from P gets it at
    once; the others are not asked."""
    state = game({}, up="KH", rules=Rules(buy_priority="seat_order"))
    state = play(state, "draw", "pass", "buy")
    assert state.buys_used == (0, 0, 1, 0) and state.phase == "discard" and state.to_move == 0


def dataclass_replace(state: k.State, **changes) -> k.State:
    import dataclasses
    return dataclasses.replace(state, **changes)


# -- B4.9 and B4.10: steals and lay-offs ----------------------------------------------------

A_HAND = "3H JK 5H 6H 8C 8D JK 10H JH QH KH 2S 7D"  # run 3H JK(4H) 5H 6H, set 8C 8D JK, run 10H–KH
B_HAND = "9S 10S JS QS KC KD KS 4H 4D 8S 7H 2H AH"


def tables(rules: Rules = Rules()) -> k.State:  # noqa: B008 -- frozen
    """Seat 0 lays down a run with a joker and a set with a joker (round 1: run + set) and
    a second run; seat 1 is next, with the cards to lay down, lay off and steal."""
    state = game({0: A_HAND, 1: B_HAND}, stock="2C 3C 4C 5C 6C", rules=rules)
    state = draw_unbought(state)
    state = play(state, "run 3H JK=4H 5H 6H", "set 8C 8D JK")
    return state


def test_b4_9_joker_steal():
    """B4.9 Joker steals: B may not steal before laying down; after, 4H takes the joker of
    A's run 3H JK(4H) 5H 6H into B's hand, 4D does not; any 8 takes the joker of A's set
    of 8s, unless `joker_steal_from_sets=False`."""
    state = play(tables(), "discard 2S")
    assert state.to_move == 1
    state = draw_unbought(state)
    with pytest.raises(IllegalMove) as err:
        state.apply("steal 4H 0-0")
    assert err.value.rule == "not_laid_down"
    before = state
    state = play(state, "run 9S 10S JS QS", "set KC KD KS")
    assert "steal 4H 0-0" in texts(state) and "steal 8S 0-1" in texts(state)
    with pytest.raises(IllegalMove) as err:
        state.apply("steal 4D 0-0")
    assert err.value.rule == "bad_steal"
    stolen = state.apply("steal 4H 0-0")
    assert stolen.hands[1].count(JOKER) == 1 and Card("4", "H") not in stolen.hands[1]
    assert stolen.melds[0][0].cards == parse_cards("3H 4H 5H 6H")
    assert "JK" in stolen.observation(2)["known"][1]
    strict = play(before, "run 9S 10S JS QS", "set KC KD KS")
    strict = dataclass_replace(strict, rules=Rules(joker_steal_from_sets=False))
    assert "steal 8S 0-1" not in texts(strict) and "steal 4H 0-0" in texts(strict)


def test_b4_10_layoffs():
    """B4.10 Lay-offs: B, laid down, may lay 7H or 2H on A's run 3H–6H and any 8 on A's
    set of 8s; C, not laid down, may not; on 10H JH QH KH an AH fits, then a 2H does not."""
    state = play(tables(), "discard 2S")
    state = draw_unbought(state)
    state = play(state, "run 9S 10S JS QS", "set KC KD KS")
    acts = texts(state)
    assert {"off 7H 0-0 high", "off 2H 0-0 low", "off 8S 0-1"} <= set(acts)
    assert "off 4D 0-0 low" not in acts
    with pytest.raises(IllegalMove) as err:
        state.apply("off 4D 0-0 high")
    assert err.value.rule == "layoff_run_end" and err.value.params["ends"] == "2H 7H"
    state = play(state, "discard 4D")
    state = draw_unbought(state)  # seat 2 (C) has not laid down
    with pytest.raises(IllegalMove) as err:
        state.apply(f"off {state.hands[2][0]} 0-0 high")
    assert err.value.rule == "not_laid_down"
    # A high run on the table: the ace fits at its high end, a two after it does not.
    run = game({0: "10H JH QH KH 8C 8D 8S 2C 3D 4S 5S 6S 7C", 1: "9S 10S JS QS KC KD KS AH 2H 4C 5C 6C 7S"},
               stock="9C 9D 9H 2D")
    run = play(draw_unbought(run), "run 10H JH QH KH", "set 8C 8D 8S", "discard 2C")
    run = play(draw_unbought(run), "run 9S 10S JS QS", "set KC KD KS", "off AH 0-0 high")
    assert run.melds[0][0].cards == parse_cards("10H JH QH KH AH")
    assert not [a for a in texts(run) if a.startswith("off 2H 0-0")]
    with pytest.raises(IllegalMove):
        run.apply("off 2H 0-0 high")


# -- B4.12 and B4.13: ends of rounds ---------------------------------------------------------

def test_b4_12_round_end():
    """B4.12 Round end: A goes out in round 2; B, C and D each get exactly one more turn;
    C also empties her hand and scores 0; the round is scored and round 3 is dealt by the
    next dealer clockwise."""
    a = "8C 8C 8D 8D 8S 8S 8H KC KC KD KD KS KS"
    c = "QC QC QD QD QS QS QH JC JC JD JD JS JS"
    state = game({0: a, 2: c}, round_no=2, stock="8H 2C 3C 2D 3D")
    assert state.round_no == 2 and state.dealer == 3 and state.to_move == 0
    state = draw_unbought(state)
    state = play(state, "set 8C 8C 8D", "set KC KC KD", "off 8D 0-0", "off 8S 0-0", "off 8S 0-0",
                 "off 8H 0-0", "off 8H 0-0", "off KD 0-1", "off KS 0-1", "off KS 0-1")
    assert state.went_out == 0 and state.final_left == (1, 2, 3) and state.to_move == 1
    turns = []
    while state.round_no == 2:
        seat = state.player
        turns.append(seat)
        if state.phase == "draw":
            state = state.apply("draw")
        if seat == 2:
            state = play(state, "set QC QC QD", "set JC JC JD", "off QD 2-0", "off QS 2-0", "off QS 2-0",
                         "off QH 2-0", "off JD 2-1", "off JS 2-1", "off JS 2-1")
            assert len(state.hands[2]) == 1
            state = state.apply(f"discard {state.hands[2][0]}")
        else:
            state = state.apply(next(a for a in state.legal_actions() if a.verb == "discard"))
    assert turns == [1, 2, 3]
    row = state.score_sheet[-1]
    assert row["round"] == 2 and row["went_out"] == 0 and row["contract"] == {"runs": 0, "sets": 2}
    assert row["penalty"][0] == 0 and row["penalty"][2] == 0
    assert row["penalty"][1] > 0 and row["penalty"][3] > 0
    assert row["total"] == row["penalty"] and state.scores == row["total"]
    assert state.round_no == 3 and state.dealer == 0 and state.player == 1


def test_b4_13_going_out_rounds_1_to_7():
    """B4.13 Going out in rounds 1–7: a laid-down player draws, lays off all but one card
    and discards it to go out; one whose hand empties through lay-offs goes out with no
    discard."""
    emptied = draw_unbought(game({0: "3H 4H 5H 6H 8C 8D 8S 7H 8H 2H 9H 8C 10H"}, stock="AH"))
    emptied = play(emptied, "run 3H 4H 5H 6H", "set 8C 8D 8S", "off 7H 0-0 high", "off 8H 0-0 high",
                   "off 2H 0-0 low", "off 9H 0-0 high", "off 8C 0-1", "off 10H 0-0 high")
    assert emptied.hands[0] == (Card("A", "H"),)
    discarded = emptied.apply("discard AH")
    assert discarded.went_out == 0 and discarded.discard[-1] == Card("A", "H")
    by_layoff = emptied.apply("off AH 0-0 low")
    assert by_layoff.went_out == 0 and by_layoff.discard == emptied.discard and by_layoff.to_move == 1
