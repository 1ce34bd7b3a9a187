"""Kozel (Geit) engine: the shared contract (conformance), properties of random play, one
test per variant option that changes behaviour, hidden information (observation,
determinize), bad input, saved games, the view description and the bots.  The worked
cases of the rule file's section 4 (docs/rules/kozel.md) are in `test_kozel_cases.py`.

Seats N, E, S, W = 0, 1, 2, 3; team A = {0, 2} = 0, team B = {1, 3} = 1.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import conformance
import pytest

from cardlearn import IllegalMove
from cardlearn.cards import Card, parse_cards
from cardlearn.games import kozel
from cardlearn.games.kozel import Rules

N, E, S, W = 0, 1, 2, 3
DECK = kozel.DECK
POINTS = {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}


# ---------------------------------------------------------------------------------------
# Helpers

def stack(hands: dict[int, str], stock: str = "", dealer: int = 3) -> str:
    """A 36-card stacked deck: seat s gets c[4i + (s - dealer - 1) % 4]; `stock` is c16...
    (its second card, c17, is the trump indicator).  Free places are filled from the unused
    cards so that no hand not named holds four of a suit."""
    slots: dict[int, Card] = {}
    for seat, text in hands.items():
        for i, card in enumerate(parse_cards(text)):
            slots[4 * i + (seat - dealer - 1) % 4] = card
    for i, card in enumerate(parse_cards(stock)):
        slots[16 + i] = card
    free = [c for c in DECK if c not in slots.values()]
    for seat in range(4):
        places = [4 * i + (seat - dealer - 1) % 4 for i in range(4)]
        for place in places:
            if place not in slots:
                suits = [slots[p].suit for p in places if p in slots]
                card = next(c for c in free if suits.count(c.suit) < 3)
                slots[place] = card
                free.remove(card)
    for place in range(16, 36):
        if place not in slots:
            slots[place] = free.pop(0)
    return " ".join(str(slots[k]) for k in range(36))


def game(hands: dict[int, str], stock: str = "", **rules: object) -> kozel.State:
    return kozel.new_game(seed=7, deck=stack(hands, stock), rules=Rules(**rules))


def play(state: kozel.State, *moves: str) -> kozel.State:
    for move in moves:
        state = state.apply(move)
    return state


def texts(state: kozel.State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def random_states(seed: int, rules: Rules | None = None) -> list[kozel.State]:
    rules = rules or Rules()
    rng = random.Random(seed)
    state = kozel.new_game(seed=seed, rules=rules)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def where_cards_are(state: kozel.State) -> list[Card]:
    """Every card of the position, from every place it can be."""
    return [*state.stock, *(c for h in state.hands for c in h), *(c for _, _, cs in state.plays for c in cs),
            *(c for p in state.piles for c in p), *(c for h in state.hidden for _, c in h)]


# ---------------------------------------------------------------------------------------
# The shared contract runs on Kozel from tests/test_conformance.py (it is in GAMES, with
# its non-default rule sets in VARIANTS there).

def test_game_facts():
    state = kozel.new_game(seed=1)
    assert state.players == 4 and state.teams == ((0, 2), (1, 3))
    assert state.max_game_length is None and state.phase == "lead" and state.to_move == 0
    assert kozel.NAME == {"is": "Geit", "en": "Kozel"} and kozel.PLAYERS == (4, 4)
    assert state.start() == state
    with pytest.raises(ValueError, match="no recorded start"):
        kozel.determinize(state, 0, random.Random(1)).start()


# ---------------------------------------------------------------------------------------
# Properties of random play (issue 11, point 2)

@pytest.mark.parametrize("seed", range(6))
def test_every_card_in_one_place_120_points_and_equal_hands(seed):
    deals = 0
    for before, state in zip(random_states(seed), random_states(seed)[1:]):
        cards = where_cards_are(state)
        assert Counter(cards) == Counter(DECK), "a card is missing or in two places"
        assert sum(POINTS[c.rank] for c in cards) == 120
        if not state.plays and not state.is_over:  # after each refill (and each deal)
            assert len({len(h) for h in state.hands}) == 1, "hands differ in size after a refill"
            assert len(state.stock) % 4 == 0
        if len(state.sheet) > len(before.sheet):
            deals += 1
            row = state.score_sheet[-1]
            assert sum(row["points"]) == 120, "a deal's card points must total 120"
            assert 3 <= sum(row["tricks"]) <= 9
            assert row["total"] == row["loss_points"]  # no eggs multiplier by default
    assert deals >= 1


def test_trick_count_and_observation_keys():
    state = kozel.new_game(seed=3)
    obs = state.observation(1)
    for key in ("seat", "to_move", "hand", "trump", "trump_card", "trump_card_position", "trick",
                "stock_size",
                "hand_sizes", "points", "tricks", "eggs_count", "scores"):
        assert key in obs
    assert obs["trump"] == state.trump == state.trump_card.suit
    assert obs["trump_card_position"] in range(1, 19) and obs["stock_size"] == 20
    assert state.stock[obs["trump_card_position"]] == state.trump_card


# ---------------------------------------------------------------------------------------
# Rule functions

def test_rule_functions():
    assert kozel.RANK_ORDER == ("6", "7", "8", "9", "J", "Q", "K", "10", "A")
    assert kozel.CARD_POINTS == POINTS and sum(kozel.CARD_POINTS[c.rank] for c in DECK) == 120
    c = Card.parse
    assert kozel.beats(c("10C"), c("QC"), "H") and kozel.beats(c("6H"), c("AS"), "H")
    assert not kozel.beats(c("AS"), c("10D"), "H") and not kozel.beats(c("KS"), c("6H"), "H")
    assert kozel.can_beat(parse_cards("9D JS"), parse_cards("QS 7S"), "D")  # JS>7S, 9D>QS
    assert not kozel.can_beat(parse_cards("AS 8D"), parse_cards("KS 7S"), "H")
    assert not kozel.can_beat(parse_cards("AS"), parse_cards("KS 7S"), "H")
    assert kozel.four_of_a_suit(parse_cards("6C 9C JC AC"))
    assert not kozel.four_of_a_suit(parse_cards("6C 9C JC"))
    cases = [(61, 5), (60, 3), (59, 2), (31, 1), (30, 1), (0, 1), (0, 0)]
    assert [kozel.loss_points(p, t) for p, t in cases] == [0, 0, 2, 2, 4, 4, 6]
    assert kozel.loss_points(25, 2, (21, 2, 4, 6)) == 2 and kozel.loss_points(20, 2, (21, 2, 4, 6)) == 4
    assert kozel.deal_loss((60, 60), (4, 3)) == ((0, 0), True)
    assert kozel.deal_loss((90, 30), (5, 1)) == ((0, 4), False)
    assert kozel.deal_order(3)[:5] == (0, 1, 2, 3, 0) and kozel.deal_order(0, 2)[:4] == (1, 1, 2, 2)


def test_egg_rules():
    loss = (0, 2)
    assert kozel.egg_bonus(loss, 1, Rules()) == (0, 2)
    assert kozel.egg_bonus(loss, 0, Rules(eggs_rule="double_next")) == (0, 2)
    assert kozel.egg_bonus(loss, 2, Rules(eggs_rule="double_next")) == (0, 4)
    assert kozel.egg_bonus(loss, 2, Rules(eggs_rule="double_cumulative")) == (0, 8)
    assert kozel.egg_bonus(loss, 1, Rules(eggs_rule="add_two")) == (0, 4)


# ---------------------------------------------------------------------------------------
# Variant options, one test each

def test_rules_defaults_and_bad_values():
    assert Rules().loss_table == (31, 2, 4, 6) and Rules().match_limit == 12
    bad = [{"trump_reveal": "bottom"}, {"trump_index_range": "edge"}, {"must_beat_if_able": 1},
           {"pairing": "fixed"}, {"four_suit_interrupt": "before_lead"},
           {"four_suit_priority": "left"}, {"eggs_rule": "triple"}, {"eggs_same_dealer": "yes"},
           {"next_dealer": "random"}, {"allow_beat_partner": None}, {"beat_target": "first"},
           {"deal_packet": 3}, {"loss_table": (31, 2, 4)}, {"loss_table": (0, 2, 4, 6)}, {"match_limit": 0},
           {"first_lead": "dealer"}, {"discards_visible": "partner"}]
    for options in bad:
        with pytest.raises(ValueError):
            Rules(**options)


def test_stacked_deck_deal_and_trump_reveal_options():
    deck = parse_cards(stack({}))
    state = kozel.new_game(deck=deck, seed=1)
    assert state.hands[0] == tuple(sorted(deck[0:16:4])) and state.hands[3] == tuple(sorted(deck[3:16:4]))
    assert state.stock == deck[16:] and state.trump_card == deck[17] and state.trump_pos == 1
    top = kozel.new_game(deck=deck, seed=1, rules=Rules(trump_reveal="top_to_bottom"))
    assert top.trump_card == deck[16] and top.stock == (*deck[17:], deck[16]) and top.trump_pos == 19
    middle = kozel.new_game(deck=deck, seed=1, rules=Rules(trump_reveal="middle_to_bottom"))
    assert middle.trump_card == deck[17] and middle.stock[-1] == deck[17] and middle.trump_pos == 19
    packets = kozel.new_game(deck=deck, seed=1, rules=Rules(deal_packet=2))
    assert packets.hands[0] == tuple(sorted(deck[0:2] + deck[8:10]))


def test_trump_index_range():
    middle = {kozel.new_game(seed=s).trump_pos for s in range(300)}
    anywhere = {kozel.new_game(seed=s, rules=Rules(trump_index_range="any")).trump_pos for s in range(300)}
    assert middle <= set(range(1, 19)) and {0, 19} <= anywhere


def test_trump_indicator_drawn_in_turn_and_then_known():
    state = game({N: "7S 8S 9D 6C", E: "6H 7H 9S 8C"}, "10D QH KH JC")  # trump QH at stock index 1
    state = play(state, "7S", "discard:6H", f"discard:{state.hands[S][0]}", f"discard:{state.hands[W][0]}")
    # N won (nobody beat) and draws first: N gets 10D, E gets QH, the trump indicator.
    assert state.trump_pos is None and Card.parse("QH") in state.hands[E]
    assert state.observation(N)["known"][E] == ["QH"]
    world = kozel.determinize(state, N, random.Random(3))
    assert Card.parse("QH") in world.hands[E]


def test_must_beat_if_able():
    hands = {N: "QS 7C 8C 9H", E: "KS 6D 8S AC"}
    free = play(game(hands, "6S 8D"), "QS")  # trump D
    assert {"KS", "6D"} <= texts(free) and "discard:8S" in texts(free)
    forced = play(game(hands, "6S 8D", must_beat_if_able=True), "QS")
    assert texts(forced) == {"KS", "6D"}
    with pytest.raises(IllegalMove, match="must"):
        forced.apply("discard:8S")


def test_declared_pairing():
    hands = {N: "QS 7S 8C 9H", E: "9D JS 8H 6C"}
    state = play(game(hands, "6S 8D", pairing="declared"), "7S+QS")
    assert {t for t in texts(state) if "discard" not in t} == {"JS>7S+9D>QS"}
    with pytest.raises(IllegalMove):
        state.apply("9D>7S+JS>QS")
    with pytest.raises(IllegalMove, match="target"):
        state.apply("9D+JS")
    assert state.apply("jS>7s+9d>qs") == state.apply("9D>QS+JS>7S")
    assert kozel.action_cards(state, "9D>QS+JS>7S") == (("JS>7S", None), ("9D>QS", None))


def test_allow_beat_partner():
    hands = {N: "8C 7S 9S 6H", E: "6C 7D 8D 9D", S: "KC AC 10H 7H"}
    state = play(game(hands, "6S 8H"), "8C", "discard:6C")  # trump H
    assert "KC" in texts(state)
    no_partner = play(game(hands, "6S 8H", allow_beat_partner=False), "8C", "discard:6C")
    assert all(t.startswith("discard") for t in texts(no_partner))
    with pytest.raises(IllegalMove, match="partner"):
        no_partner.apply("KC")


def test_beat_target_lead():
    hands = {N: "QS 7S 8C 9H", E: "9D JS 8H 6C", S: "KD 8D 9S 6H"}
    state = play(game(hands, "6S 7D"), "7S+QS", "9D+JS")  # trump D
    assert "8D+KD" in texts(state) and "9S+KD" not in texts(state)
    lead = play(game(hands, "6S 7D", beat_target="lead"), "7S+QS", "9D+JS")
    assert {"8D+KD", "9S+KD", "9S+8D"} <= texts(lead)


def test_four_suit_interrupt_and_priority():
    hands = {N: "7D 8S 9H 6S", E: "6C 9C JC AC", W: "6H 8H QH KH"}
    state = play(game(hands, "7S 10S"), "7D")  # trump S
    assert state.to_move == E and state.phase == "respond" and "claim" in texts(state)
    claimed = state.apply("claim")
    assert claimed.plays == ((E, "lead", parse_cards("6C 9C JC AC")),) and len(claimed.hands[N]) == 4
    assert claimed.to_move == S and "claim" not in texts(claimed)
    three = {N: "7D 8S 9H 6S", E: "6C 9C JC AC", S: "6H 8H QH KH"}
    twice = play(game(three, "7S 10S"), "7D", "claim")
    assert twice.to_move == S and kozel.four_of_a_suit(twice.hands[S])
    with pytest.raises(IllegalMove) as err:
        twice.apply("claim")
    assert err.value.rule == "claim_once"
    off = play(game(hands, "7S 10S", four_suit_interrupt="off"), "7D")
    assert off.to_move == E and "claim" not in texts(off)
    with pytest.raises(IllegalMove, match="off"):
        off.apply("claim")
    # Counter-clockwise priority: W is closer, so W is asked first (claim / pass).
    ccw = play(game(hands, "7S 10S", four_suit_priority="counterclockwise"), "7D")
    assert ccw.to_move == W and ccw.phase == "claim" and texts(ccw) == {"claim", "pass"}
    assert kozel.quiet(ccw, "pass") and not kozel.quiet(ccw, "claim")
    passed = ccw.apply("pass")
    assert passed.to_move == E and "claim" in texts(passed)  # then E, with its own moves
    after_e = passed.apply("discard:6C")
    assert after_e.to_move == W and after_e.phase == "claim", "a pass covers only one window"


def test_claim_returns_cards_and_they_stay_known():
    hands = {N: "7D 8S 9H 6S", E: "7H 6D 10D QD", S: "6C 9C JC AC"}
    state = play(game(hands, "7S 10S"), "7D")
    assert state.to_move == S and state.phase == "claim"  # S is asked first, then E plays
    state = play(state, "pass", "10D")  # E beats face up; S, next to play, may claim
    assert state.to_move == S and state.phase == "respond" and "claim" in texts(state)
    claimed = state.apply("claim")
    assert Card.parse("10D") in claimed.hands[E] and Card.parse("7D") in claimed.hands[N]
    assert claimed.observation(W)["known"][E] == ["10D"]
    world = kozel.determinize(claimed, W, random.Random(5))
    assert Card.parse("10D") in world.hands[E] and Card.parse("7D") in world.hands[N]


def test_determinize_keeps_a_claim_window():
    hands = {N: "7D 8S 9H 6S", E: "6C 9C JC AC", W: "6H 8H QH KH"}
    ccw = play(game(hands, "7S 10S", four_suit_priority="counterclockwise"), "7D")
    for seed in range(5):
        world = kozel.determinize(ccw, N, random.Random(seed))
        assert world.to_move == W and kozel.four_of_a_suit(world.hands[W])
        assert world.observation(N) == ccw.observation(N)


def test_next_dealer_leader_and_match_limit():
    variants = (Rules(), Rules(next_dealer="last_trick_winner_right"))
    for seed, rules in itertools.product(range(8, 12), variants):
        states = random_states(seed, rules)
        end = next(i for i, s in enumerate(states) if s.sheet)
        before, after = states[end - 1], states[end]
        last = after.history[-1]
        last_winner = before.to_move if last.kind == "play" else before.trick_winner
        assert after.deal_no == 1 and not after.plays and all(len(h) == 4 for h in after.hands)
        assert after.to_move == after.leader == last_winner, "the last trick's winner leads the next deal"
        if rules.next_dealer == "clockwise":
            assert after.dealer == (before.dealer + 1) % 4
        else:
            assert after.dealer == (last_winner - 1) % 4
    short = random_states(9, Rules(match_limit=2))[-1]
    assert short.is_over and len(short.sheet) <= 2
    assert short.winner == 1 - short.scores.index(max(short.scores)) and max(short.scores) >= 2


def test_first_lead_random():
    leaders = {kozel.new_game(seed=s, rules=Rules(first_lead="random")).to_move for s in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert {kozel.new_game(seed=s).to_move for s in range(10)} == {0}
    assert kozel.new_game(seed=1, dealer=1).to_move == 2


def last_trick_position(last: str = "6S 6H 6D 6C", streak: int = 0, **rules: object) -> kozel.State:
    """The last trick of a deal, built as a snapshot: N, E, S, W hold one card each (`last`),
    team A has 60 face-up points so far (B the rest), and `streak` deals of eggs came just
    before.  With the default last trick (no points) the deal ends 60-60, eggs."""
    a = parse_cards("AS 10S KS QS JS AH 10H KH QH JH")  # 60 points
    final = parse_cards(last)
    b = tuple(c for c in DECK if c not in a and c not in final)
    state = kozel.new_game(seed=2, rules=Rules(**rules))
    sheet = [{"points": [40, 80], "tricks": [3, 4], "loss_points": [2, 0], "eggs": False, "total": [2, 0]}]
    eggs = {"points": [60, 60], "tricks": [3, 4], "loss_points": [0, 0], "eggs": True, "total": [0, 0]}
    sheet += [eggs] * streak
    data = json.loads(state.to_json())
    data.update(origin=None, history=[], stock="", trump_pos=None, plays=[], known=["", "", "", ""],
                hands=[str(c) for c in final], piles=[" ".join(map(str, a)), " ".join(map(str, b))],
                hidden=[[], []], tricks=[3, 3], leader=0, original_leader=0, dealer=3, totals=[2, 0],
                sheet=sheet, eggs_count=streak, egg_streak=streak)
    return kozel.State.from_json(json.dumps(data))


def finish(state: kozel.State) -> kozel.State:
    lead = str(state.hands[N][0])
    return play(state, lead, *(f"discard:{state.hands[s][0]}" for s in (E, S, W)))


def test_eggs_and_eggs_same_dealer():
    end = finish(last_trick_position())
    row = end.score_sheet[-1]
    assert row["points"] == (60, 60) and row["eggs"] and row["total"] == (0, 0)
    assert end.eggs_count == 1 and end.with_eggs and end.dealer == 0 and end.to_move == 0
    same = finish(last_trick_position(eggs_same_dealer=True))
    assert same.dealer == 3 and same.to_move == 0


@pytest.mark.parametrize("eggs_rule, streak, total", [
    ("none", 1, 2), ("double_next", 0, 2), ("double_next", 1, 4), ("double_next", 2, 4),
    ("double_cumulative", 2, 8), ("add_two", 1, 4)])
def test_eggs_rule_in_play(eggs_rule, streak, total):
    end = finish(last_trick_position("AD 6H 6D 6C", streak, eggs_rule=eggs_rule))  # A 71, B 49
    row = end.score_sheet[-1]
    assert row["points"] == (71, 49) and row["loss_points"] == (0, 2) and row["total"] == (0, total)
    assert end.scores == (2, total) and end.egg_streak == 0


def test_loss_table_and_match_limit_in_play():
    strict = finish(last_trick_position("AD 6H 6D 6C", loss_table=(50, 2, 4, 6)))
    assert strict.score_sheet[-1]["loss_points"] == (0, 4)  # 49 is below the boundary 50
    going_on = finish(last_trick_position("AD 6H 6D 6C", match_limit=5))
    assert not going_on.is_over and going_on.scores == (2, 2) and going_on.deal_no == 1
    ended = finish(last_trick_position("AD 6H 6D 6C", 1, match_limit=3, eggs_rule="add_two"))
    assert ended.is_over and ended.winner == 0 and ended.scores == (2, 4) and ended.with_eggs
    with pytest.raises(ValueError, match="winner"):  # A already has 2: the match would be over
        last_trick_position(match_limit=2)


def test_discards_visible():
    hands = {N: "8C 7S 9S 6H", E: "6C 7D 8D 9D"}
    hidden = play(game(hands, "6S 8H"), "8C", "discard:6C")
    assert hidden.observation(N)["trick"][1] == {"seat": E, "kind": "discard", "count": 1}
    assert hidden.observation(E)["trick"][1]["cards"] == ["6C"]
    assert "6C" not in json.dumps(hidden.observation(S))
    open_ = play(game(hands, "6S 8H", discards_visible="all"), "8C", "discard:6C")
    assert open_.observation(N)["trick"][1]["cards"] == ["6C"]
    assert Counter(kozel.hidden_cards(hidden, N)) - Counter(kozel.hidden_cards(open_, N)) == Counter(
        [Card.parse("6C")])


# ---------------------------------------------------------------------------------------
# Bad input

def test_illegal_and_malformed_moves_name_the_rule():
    hands = {N: "7S KS AS 9D", E: "KC 6D 8S AC"}
    state = game(hands, "6S 8D")  # trump D
    before = state.to_json()
    for move, rule in [("AS+9D", "lead_one_suit"), ("discard:7S", "lead_face_up"), ("QH", "not_in_hand"),
                       ("claim", "no_claim"), ("pass", "pass_only_claim")]:
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert err.value.rule == rule, move
    led = state.apply("AS+KS")
    for move, rule in [("8S", "wrong_count"), ("AC+KC", "not_a_beat"), ("discard:8S", "wrong_count")]:
        with pytest.raises(IllegalMove) as err:
            led.apply(move)
        assert err.value.rule == rule, move
        assert err.value.say(kozel.RULE_WORDS["is"])
    for bad in ["", "AS+", "discard:", "AS+AS", "JK", "AS>KS", "discard:AS>KS", "claim now", 7, None]:
        with pytest.raises(IllegalMove):
            state.apply(bad)
    assert state.to_json() == before


def test_bad_new_game_arguments():
    for deck in ["AS KS", " ".join(["AS"] * 36), " ".join(map(str, DECK[:-1])) + " 2S"]:
        with pytest.raises(ValueError, match="stacked deck"):
            kozel.new_game(deck=deck)
    for kwargs in [{"players": 3}, {"dealer": 4}, {"dealer": "0"}, {"seed": "x"}, {"rules": {}}]:
        with pytest.raises(ValueError):
            kozel.new_game(**kwargs)


def test_corrupted_saves_are_refused():
    states = random_states(6)
    middle = states[len(states) // 2]
    good = json.loads(middle.to_json())
    assert kozel.State.from_json(middle.to_json()) == middle
    corrupt = [("history", [*good["history"][:-1], "AS+AH"]), ("totals", [0, 99]), ("origin", [1, 9, None]),
               ("origin", "x"), ("hands", ["", "", "", ""]), ("rules", {"pairing": "mixed"}),
               ("rules", {"unknown": 1}), ("seed", good["seed"] + 1), ("format", 2)]
    for key, value in corrupt:
        with pytest.raises(ValueError):
            kozel.State.from_json(json.dumps({**good, key: value}))


def test_determinized_snapshot_round_trips_and_bad_snapshots_are_refused():
    state = random_states(7)[40]
    world = kozel.determinize(state, state.to_move, random.Random(1))
    again = kozel.State.from_json(world.to_json())
    assert again == world and again.legal_actions() == world.legal_actions()
    snap = json.loads(world.to_json())
    hands = snap["hands"]
    stolen = [hands[0] + " " + hands[1].split()[0], " ".join(hands[1].split()[1:]), hands[2], hands[3]]
    bad = [("hands", stolen), ("trump_pos", 19), ("stock", snap["stock"] + " AS"), ("winner", 0),
           ("plays", [[0, "smuggle", "AS"]]), ("sheet", [{"points": [1, 2]}]), ("passed", [7]),
           ("hidden", [[[0, "XX"]], []]), ("known", ["", "", "", hands[0].split()[0]]), ("interrupted", "no")]
    for key, value in bad:
        with pytest.raises(ValueError):
            kozel.State.from_json(json.dumps({**snap, key: value}))


# ---------------------------------------------------------------------------------------
# The view description

def test_view_hides_discards_and_separates_beat_from_discard():
    hands = {N: "8C 7S 9S 6H", E: "KC 7D 8D 9D"}
    state = play(game(hands, "6S 8H"), "8C")
    assert kozel.action_cards(state, "KC") == (("hand", Card.parse("KC")),)
    assert kozel.action_cards(state, "discard:KC") == (("hand", Card.parse("KC")), ("discard", None))
    assert kozel.action_cards(state, "claim") == ()
    assert kozel.describe(state, "discard:KC", "en", viewer=S) == "lays 1 card face down"
    assert "K♣" in kozel.describe(state, "discard:KC", "en", viewer=E)
    assert "K♣" in kozel.describe(state, "discard:KC", "is")
    after = state.apply("discard:KC")
    trick = {z["name"]: z for z in kozel.layout(after, S, "en")["zones"]}["trick"]["cards"]
    assert trick[1] == {"card": None, "seat": E, "note": "face down"} and trick[0]["seat"] == N
    own = {z["name"]: z for z in kozel.layout(after, E, "is")["zones"]}["trick"]["cards"]
    assert own[1]["card"] == "KC"
    zones = {z["name"]: z for z in kozel.layout(after, S, "en")["zones"]}
    assert zones["discard"]["target"] and zones["stock"]["backs"] == 20 and zones["trump"]["cards"]
    for lang in ("is", "en"):
        assert set(kozel.SHEET_NAMES[lang]) == {"points", "tricks", "loss_points", "eggs", "total"}
        assert set(kozel.RULE_WORDS[lang]) == set(kozel.RULE_WORDS["en"])
        assert kozel.explain(state, "discard:KC", lang) and kozel.explain(state, "KC", lang)


# ---------------------------------------------------------------------------------------
# Bots

def test_thumb_bot_lets_partner_win_and_throws_points_last():
    hands = {N: "8C 7S 9S 6H", E: "6C 7D 8D 9D", S: "KC 10D 7H JC", W: "AC 6S 10S QD"}
    state = play(game(hands, "QS 8H"), "8C", "discard:6C", "KC")  # trump H; S (partner of N) wins
    bot = kozel.ThumbBot(seed=1)
    choice = bot.choose(state, W)  # W (opponent of S) beats with the ace of clubs, 15 points
    assert str(choice) == "AC"
    partner = play(game(hands, "QS 8H"), "8C", "discard:6C")
    s_choice = bot.choose(partner, S)  # N (partner) wins: S lets it stand
    assert s_choice.kind == "discard"


def test_thumb_team_beats_random_team():
    wins = 0
    matches = 24
    for m in range(matches):
        thumb = m % 2
        bots = {s: kozel.BOTS["thumb" if s % 2 == thumb else "random"](seed=m * 4 + s) for s in range(4)}
        state = kozel.new_game(seed=500 + m, dealer=m % 4)
        while not state.is_over:
            state = state.apply(bots[state.to_move].choose(state, state.to_move))
        wins += state.winner == thumb
    assert wins >= 0.8 * matches


def test_contract_holds_around_claims():
    """Random matches seldom deal four of a suit: check the per-state contract on the
    positions of a claim (asked, passed, claimed, cards given back) explicitly."""
    hands = {N: "7D 8S 9H 6S", E: "6C 9C JC AC", W: "6H 8H QH KH"}
    start = game(hands, "7S 10S", four_suit_priority="counterclockwise")
    states = [start]
    for move in ("7D", "pass", "discard:6C", "claim"):
        states.append(states[-1].apply(move))
    for _ in range(3):  # N, E and S answer the four hearts; then W leads again
        states.append(states[-1].apply(states[-1].legal_actions()[-1]))
    assert states[-1].to_move == W and states[-1].tricks == (0, 1)
    assert states[4].plays[0] == (W, "lead", parse_cards("6H 8H QH KH"))
    rng = random.Random(4)
    for state in states:
        conformance.check_legal_actions(state)
        conformance.check_apply_pure(state)
        conformance.check_json_round_trip(kozel, state)
        conformance.check_observation(kozel, state, rng)
        conformance.check_determinize(kozel, state, rng)
        conformance.check_bots_do_not_peek(kozel, state, rng)
        conformance.check_view(kozel, state, rng)
        conformance.check_malformed_actions(state, ["claim", "pass", "AS", "discard:AS"])
        for seat in range(4):
            world = kozel.determinize(state, seat, random.Random(seat))
            assert kozel.State.from_json(world.to_json()) == world


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_determinized_states_are_valid_positions(seed):
    """Every re-deal is a position the rules allow (the snapshot loader's checks), looks the
    same from the seat, and never puts a drawn trump indicator back into the stock."""
    rng = random.Random(seed)
    state = kozel.new_game(seed=seed, rules=Rules(four_suit_priority="counterclockwise"))
    while not state.is_over:
        for seat in range(4):
            world = kozel.determinize(state, seat, random.Random(seed * 1000 + seat))
            assert kozel.State.from_json(world.to_json()) == world
            assert world.observation(seat) == state.observation(seat)
            if state.trump_pos is None:
                assert state.trump_card not in world.stock
            else:
                assert world.stock[state.trump_pos] == state.trump_card
        state = state.apply(rng.choice(state.legal_actions()))


def test_hint_tells_a_face_card_lead_from_a_low_one():
    for seed in range(50):
        state = kozel.new_game(seed=seed)
        single = {a.cards[0].rank: a for a in state.legal_actions()
                  if a.kind == "play" and len(a.cards) == 1 and a.cards[0].suit != state.trump}
        if "K" in single and ({"6", "7", "8", "9"} & set(single)):
            break
    low = single[next(r for r in ("6", "7", "8", "9") if r in single)]
    assert kozel.explain(state, single["K"], "en") == "a face card: 4 card points at stake if it is beaten"
    assert kozel.explain(state, low, "en") == "a low lead, no points at stake"


def test_the_shown_trump_card_says_who_drew_it_then_that_it_was_played():
    """The trump card beside the stock: "(Tölva 1 drew it)" while its holder is known, then
    "(played)" once it has gone into a trick, never a bare card that looks still in play."""
    from cardlearn.games import kozel
    notes = []
    for seed in range(30):
        state, bot = kozel.new_game(seed=seed), kozel.BOTS["random"](seed=seed)
        while not state.is_over and state.deals_done == 0:
            if state.trump_pos is None:
                [trump] = [z for z in kozel.layout(state, 0, "en")["zones"] if z["name"] == "trump"]
                notes.append(trump["cards"][0]["note"])
            state = state.apply(bot.choose(state, state.to_move))
    assert any("drew it" in n for n in notes) and any(n.endswith("(played)") for n in notes)
    assert all("(" in n for n in notes)  # once drawn, the card always says where it is


def test_a_tricks_last_play_says_who_takes_the_trick() -> None:
    """With the seats named (the table's log, read out to a pupil who does not see the
    felt), a trick's last play ends with who takes it: the last to beat, who leads next;
    earlier plays, and the predicate alone (no names), say nothing of it."""
    names = {0: "Þú", 1: "Tölva 1", 2: "Tölva 2", 3: "Tölva 3"}
    state = kozel.new_game(seed=11)
    seen = 0
    while not state.is_over and seen < 12:
        action = state.legal_actions()[-1]
        said = kozel.describe(state, action, "is", who=names.get)
        after = state.apply(action)
        last = len(state.plays) == 3 and state.to_move is not None
        if last and after.deals_done == state.deals_done:
            taker = names[after.to_move]
            ending = " færð slaginn" if taker == "Þú" else " fær slaginn"
            assert said.endswith(f" — {taker}{ending}"), said
            assert "slaginn" not in kozel.describe(state, action, "is")
            seen += 1
        elif not last:
            assert "slaginn" not in said, said
        state = after
    assert seen >= 3
