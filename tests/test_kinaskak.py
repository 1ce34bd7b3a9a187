"""Kínaskák: the shared contract (conformance) with 2, 4 and 6 players, properties
(cards conserved, `can_lay_down` against brute force, every match ends), bad input,
saves, variant options and the view.  The worked cases of §B4 are in
`test_kinaskak_cases.py`."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlearn import IllegalMove
from cardlearn.bots import RandomBot
from cardlearn.cards import JOKER, Card, parse_cards
from cardlearn.games import kinaskak as k
from cardlearn.games.kinaskak import Rules

# Non-default rule sets (every option of the ambiguity table off its default at least once),
# for the shared contract in test_conformance.
VARIANTS = list(k.EXAMPLES.variants)  # declared beside the game (examples.py)


def all_cards(state: k.State) -> Counter:
    cards = [*state.stock, *state.discard, *(c for h in state.hands for c in h),
             *(c for ms in state.melds for m in ms for c in m.cards),
             *(c for m in state.pending for c in m.cards)]
    return Counter(cards)


def random_states(players: int, seed: int, rules: Rules = Rules()):  # noqa: B008 -- frozen
    state = k.new_game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


# -- the shared contract runs from tests/test_conformance.py (Kínaskák is in GAMES; these
# VARIANTS are among its rule sets there, and 2 and 6 players are checked there too).

def test_variants_cover_every_option():
    changed = {f.name for f in dataclasses.fields(Rules) for v in VARIANTS
               if getattr(v, f.name) != f.default}
    assert changed == {f.name for f in dataclasses.fields(Rules)} - {"dealer_rotation"}  # one value only


def test_game_facts():
    state = k.new_game(players=5, seed=1)
    assert state.GAME is k and state.players == 5 and state.teams == tuple((s,) for s in range(5))
    assert state.phase == "draw" and state.to_move == 0 and k.PLAYERS == (2, 6)
    assert state.start() == state and state.max_game_length > 0
    assert k.NAME == {"is": "Kínaskák", "en": "Kinaskak (contract rummy)"}
    with pytest.raises(ValueError):
        k.determinize(state, 0, random.Random(1)).start()


# -- properties ---------------------------------------------------------------------------------

@pytest.mark.slow  # whole matches: make test
@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_cards_conserved_through_every_action(players):
    deck = Counter(k.deck_for(players))
    assert sum(deck.values()) == (108 if players <= 4 else 162)
    for state in random_states(players, seed=100 + players):
        assert all_cards(state) == deck
        assert all(h == tuple(sorted(h)) for h in state.hands)


def _brute(hand: tuple[Card, ...], runs: int, sets: int, suits: frozenset = frozenset()) -> bool:
    """Try every sub-multiset as the next meld (runs first, then sets)."""
    if runs == 0 and sets == 0:
        return True
    seen = set()
    for size in range(3 if not runs else 4, len(hand) + 1):
        for idx in combinations(range(len(hand)), size):
            meld = tuple(sorted(hand[i] for i in idx))
            if meld in seen:
                continue
            seen.add(meld)
            rest = tuple(c for i, c in enumerate(hand) if i not in idx)
            if runs:
                suit = next((c.suit for c in meld if c is not JOKER), None)
                if suit not in suits and k.is_run(meld) and _brute(rest, runs - 1, sets, suits | {suit}):
                    return True
            elif k.is_set(meld) and _brute(rest, 0, sets - 1, suits):
                return True
    return False


_POOL = parse_cards("AH 2H 3H 4H 5H 6H KH QH AS 2S 3S 4S 5S 6S KS 2D 3D 2C JK") * 2


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(_POOL))), min_size=6, max_size=10, unique=True),
       st.sampled_from([1, 2, 3, 6]))
def test_can_lay_down_agrees_with_brute_force(picks, round_no):
    hand = tuple(_POOL[i] for i in picks)
    contract = k.CONTRACTS[round_no - 1]
    assert k.can_lay_down(hand, round_no) == _brute(hand, contract.runs, contract.sets)


def test_can_lay_down_round_8_and_bad_round():
    hand = "3H 4H 5H 6H 9S 10S JS QS 8C 8D 8H KC KD KS"
    assert k.can_lay_down(hand, 8)
    assert not k.can_lay_down(hand + " 2C", 8)  # the whole hand, exactly
    assert not k.can_lay_down(hand.replace("KS", "2C"), 8)
    with pytest.raises(ValueError):
        k.can_lay_down(hand, 9)


@pytest.mark.slow  # whole matches: make test
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_random_match_ends(players):
    for seed in range(2):
        states = list(random_states(players, seed=seed))
        assert states[-1].is_over and len(states) - 1 <= states[0].max_game_length


@pytest.mark.parametrize("rules", [Rules(stock_exhaustion="end_round"), Rules(max_reshuffles=0),
                                   Rules(max_turns_per_round=8),
                                   Rules(max_buys=0, buy_priority="seat_order")])
def test_rounds_end_when_nobody_goes_out(rules):
    """Players who always take the discard and never lay down: the turn limit and the
    stock rule still end every round."""
    state = k.new_game(players=3, seed=4, rules=rules)
    steps = 0
    while not state.is_over:
        acts = state.legal_actions()
        choice = next((a for a in acts if a.verb in ("take", "pass")), None) or \
            next(a for a in acts if a.verb == "discard")
        state = state.apply(choice)
        steps += 1
        assert steps <= state.max_game_length
    assert [row["went_out"] for row in state.score_sheet] == [None] * 8


def test_turn_limit_counts_turns():
    state = k.new_game(players=2, seed=1, rules=Rules(max_turns_per_round=5))
    while state.round_no == 1:
        acts = state.legal_actions()
        state = state.apply(next((a for a in acts if a.verb in ("take", "pass")), None)
                            or next(a for a in acts if a.verb == "discard"))
    assert state.score_sheet[0]["went_out"] is None and state.score_sheet[0]["total"] == state.scores


# -- bad input leaves the state unchanged -----------------------------------------------------

def test_bad_moves_name_the_rule_and_change_nothing():
    state = k.new_game(seed=2)
    before = state.to_json()
    for move, rule in [("buy", "no_buy_now"), ("discard 2C", "draw_first"), ("off 2C 1-0", "draw_first")]:
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert err.value.rule == rule
        assert err.value.say(k.RULE_WORDS["is"]) and err.value.say(k.RULE_WORDS["en"])
    state2 = state.apply("take")
    card = next(c for c in k.deck_for(4) if c not in state2.hands[0])
    with pytest.raises(IllegalMove) as err:
        state2.apply(f"discard {card}")
    assert err.value.rule == "not_in_hand"
    for move in ["run 3H 4H", "set 8C", "off 7H x-y", "steal 7H 0-0 low", "discard", "draw now",
                 "run 3H JK 5H 6H"]:
        with pytest.raises(IllegalMove):
            state2.apply(move)
    assert state.to_json() == before


def test_meld_that_breaks_the_contract_is_refused():
    from test_kinaskak_cases import draw_unbought, game
    state = draw_unbought(game({0: "3H 4H 5H 6H 9H 10H JH QH 2C 5D 7S 9C KD"}, round_no=3, stock="4S"))
    with pytest.raises(IllegalMove) as err:
        state.apply("run 3H 4H 5H 6H")
    # the second run of the contract cannot be made of the rest (the hearts are used)
    assert err.value.rule == "contract_rest" and err.value.params["missing"] == "1:0"
    with pytest.raises(IllegalMove) as err:
        state.apply("set 3H 4H 5H")
    assert err.value.rule == "not_a_set"


def test_stacked_deck_and_options_are_checked():
    with pytest.raises(ValueError, match="stacked deck"):
        k.new_game(players=4, deck=k.deck_for(5))
    with pytest.raises(ValueError):
        k.new_game(players=7)
    with pytest.raises(ValueError):
        k.new_game(players=4, dealer=4)
    for bad in [dict(max_buys=-1), dict(joker_limit="none"), dict(buy_priority="fastest"), dict(decks=9),
                dict(max_turns_per_round=0), dict(run_wrap=1)]:
        with pytest.raises(ValueError):
            Rules(**bad)


def test_every_option_of_the_ambiguity_table_is_a_rule():
    names = {f.name: f.default for f in dataclasses.fields(Rules)}
    table = {"jokers_per_deck": 2, "decks": "by_players", "run_wrap": False, "run_ace_both_ends": True,
             "distinct_set_ranks": False, "joker_limit": "min_one_natural", "extra_melds_on_laydown": False,
             "new_melds_after_laydown": False, "layoff_same_turn": True, "joker_steal_from_sets": True,
             "joker_steal_by_owner": True, "stolen_joker_must_be_used": False, "max_buys": 3,
             "excess_buy_penalty": None, "buy_priority": "lot", "discarder_may_buy": False,
             "buy_initial_upcard": True, "buy_in_final_lap": False, "round8_draw_source": "stock",
             "go_out_by_discard": True, "forbid_same_card_discard": False, "dealer_rotation": "clockwise",
             "stock_exhaustion": "reshuffle", "max_reshuffles": 1, "max_turns_per_round": None,
             "tie_break": "shared"}
    assert names == table


@pytest.mark.slow  # whole matches under each variant: make test
@pytest.mark.parametrize("rules", [
    Rules(jokers_per_deck=3, decks=3), Rules(run_wrap=True), Rules(run_ace_both_ends=False),
    Rules(distinct_set_ranks=True), Rules(joker_limit="one_per_meld"),
    Rules(joker_limit="not_more_than_naturals"),
    Rules(extra_melds_on_laydown=True, new_melds_after_laydown=True), Rules(layoff_same_turn=False),
    Rules(joker_steal_from_sets=False, joker_steal_by_owner=False, stolen_joker_must_be_used=True),
    Rules(excess_buy_penalty=200),
    Rules(discarder_may_buy=True, buy_initial_upcard=False, buy_in_final_lap=True),
    Rules(round8_draw_source="either", go_out_by_discard=False, forbid_same_card_discard=True),
    Rules(tie_break="fewest_total_cards")])
def test_variants_play_to_the_end(rules):
    deck = Counter(k.deck_for(4, rules))
    for state in random_states(4, seed=9, rules=rules):
        assert all_cards(state) == deck
    assert state.is_over
    again = k.State.from_json(state.to_json())
    assert again == state


def test_variant_details():
    from test_kinaskak_cases import draw_unbought, game, play
    # go_out_by_discard=False: nothing may leave exactly one card in hand.
    hand = "3H 4H 5H 6H 8C 8D 8S 7H 8H 9H 10H JH 2C"
    moves = ["run 3H 4H 5H 6H", "set 8C 8D 8S", *(f"off {c}H 0-0 high" for c in ("7", "8", "9", "10", "J"))]
    free = play(draw_unbought(game({0: hand}, stock="QH")), *moves)
    assert free.hands[0] == parse_cards("QH 2C")
    assert "off QH 0-0 high" in [str(a) for a in free.legal_actions()]
    strict = play(draw_unbought(game({0: hand}, stock="QH", rules=Rules(go_out_by_discard=False))), *moves)
    assert "off QH 0-0 high" not in [str(a) for a in strict.legal_actions()]
    with pytest.raises(IllegalMove) as err:
        strict.apply("off QH 0-0 high")
    assert err.value.rule == "keep_two"
    # forbid_same_card_discard: the card just taken may not go straight back.
    taken = game({}, up="KH", rules=Rules(forbid_same_card_discard=True)).apply("take")
    assert "discard KH" not in [str(a) for a in taken.legal_actions()]
    with pytest.raises(IllegalMove) as err:
        taken.apply("discard KH")
    assert err.value.rule == "same_card"
    # excess_buy_penalty: a fourth buy is allowed and costs the penalty.
    assert Rules(excess_buy_penalty=200).excess_buy_penalty == 200


def test_tie_break():
    state = k.new_game(players=2, seed=1)
    over = dataclasses.replace(state, step="over", totals=(50, 50), cards_left=(9, 7))
    assert over.winner is None
    assert dataclasses.replace(over, rules=Rules(tie_break="fewest_total_cards")).winner == 1
    assert dataclasses.replace(over, totals=(40, 50)).winner == 0


# -- saves and determinize ----------------------------------------------------------------------

def test_determinized_snapshot_round_trip_and_checks():
    states = list(random_states(4, seed=21))
    for state in states[::150]:
        world = k.determinize(state, 1, random.Random(3))
        assert world.origin is None and world.observation(1) == state.observation(1)
        assert k.hidden_cards(world, 1) == k.hidden_cards(state, 1)
        again = k.State.from_json(world.to_json())
        assert again == world
    data = json.loads(world.to_json())
    data["stock"] = data["stock"].replace("JK", "2C", 1) if "JK" in data["stock"] else data["stock"] + " 2C"
    with pytest.raises(ValueError, match="deck"):
        k.State.from_json(json.dumps(data))


def test_tampered_history_is_refused():
    state = k.new_game(seed=8)
    for _ in range(30):
        state = state.apply(state.legal_actions()[-1])
    data = json.loads(state.to_json())
    data["history"][3] = "discard JK"
    with pytest.raises(ValueError, match=r"corrupted|inconsistent"):
        k.State.from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["totals"] = [1, 0, 0, 0]
    with pytest.raises(ValueError, match="inconsistent"):
        k.State.from_json(json.dumps(data))


def test_known_cards_stay_with_their_holder_in_determinize():
    state = k.new_game(seed=3).apply("take")  # seat 0 took the upcard: everyone saw it
    up = k.new_game(seed=3).discard[-1]
    for seed in range(5):
        world = k.determinize(state, 2, random.Random(seed))
        assert up in world.hands[0]
    assert k.hidden_cards(state, 2).count(up) == 2 - 1 - state.hands[2].count(up)


# -- view ---------------------------------------------------------------------------------------

def test_words_never_name_a_stock_card():
    """A draw names the discard it leaves (the others may buy it, when they may), never the
    stock card drawn."""
    state = k.new_game(seed=6)  # the upcard 5♦ is left; J♥ is drawn
    top = state.discard[-1].symbol
    words = {"en": f"leaves {top} (the others may buy it) and draws from the stock",
             "is": f"lætur {top} liggja (hinir mega kaupa það) og dregur úr stokknum"}
    for lang in ("is", "en"):
        for viewer in (None, 0, 1):
            text = k.describe(state, "draw", lang, viewer=viewer)
            assert text == words[lang]
            assert [c for c in set(k.deck_for(4)) if c.symbol in text] == [state.discard[-1]]
    no_buyers = dataclasses.replace(state, rules=k.Rules(buy_initial_upcard=False))
    assert k.describe(no_buyers, "draw", "en") == f"leaves {top} and draws from the stock"
    bought = state.apply("draw")
    words = k.describe(bought, "buy", "en")
    assert "buy" in words and state.discard[-1].symbol in words
    assert k.quiet(bought, "pass") and not k.quiet(bought, "buy")


def test_layout_shows_melds_with_joker_notes():
    from test_kinaskak_cases import tables
    state = tables()
    view = k.layout(state, 2, "en")
    zones = {z["name"]: z for z in view["zones"]}
    run = zones["meld-0-0"]
    assert run["owner"] == 0 and run["target"] is True
    assert run["cards"][1] == {"card": "JK", "note": "= 4♥"}  # the zone, not the card, names the owner
    assert zones["stock"]["backs"] == len(state.stock)
    assert zones["discard"]["cards"] == [str(c) for c in state.discard]
    assert view["title"].startswith("Kinaskak") and "1 run + 1 set" in view["title"]
    assert k.action_cards(state, "off 7H 0-0 high") == (("hand", Card("7", "H")), ("meld-0-0", None))
    assert k.action_cards(state, "off JK 0-0 low") == (("hand", JOKER), ("meld-0-0", Card("3", "H")))
    assert k.SHEET_NAMES["is"]["penalty"] and set(k.SHEET_NAMES["is"]) == set(k.SHEET_NAMES["en"])
    assert set(k.RULE_WORDS["is"]) == set(k.RULE_WORDS["en"])
    assert str(state).startswith("Kínaskák")


# -- variant options, one by one ------------------------------------------------------------------

def test_variant_ace_both_ends():
    run = k.Meld(0, "run", "H", 2, parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"))
    ace = Card("A", "H")
    for rules in (Rules(), Rules(run_ace_both_ends=False)):
        assert k.state.layoff_ends(run, ace, rules) == ("low", "high")
    low = k.state.laid_off(run, ace, "low", False)
    assert k.state.layoff_ends(low, ace, Rules()) == ("high",)
    assert k.state.layoff_ends(low, ace, Rules(run_ace_both_ends=False)) == ()
    assert not k.is_run("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", Rules(run_ace_both_ends=False))


def test_variant_decks_and_jokers():
    assert len(k.deck_for(4, Rules(decks=3, jokers_per_deck=3))) == 165
    assert k.new_game(players=2, seed=1, rules=Rules(decks=3)).stock.__len__() == 162 - 27


def test_variant_joker_steal_by_owner():
    from test_kinaskak_cases import draw_unbought, game, play
    hand = "3H 4H JK 5H 6H 8C 8D 8S 2C 2D 9S 9D KC"
    for rules, offered in ((Rules(), True), (Rules(joker_steal_by_owner=False), False)):
        state = draw_unbought(game({0: hand}, stock="QC", rules=rules))
        state = play(state, "run 3H JK=4H 5H 6H", "set 8C 8D 8S")
        assert ("steal 4H 0-0" in [str(a) for a in state.legal_actions()]) is offered
        if not offered:
            with pytest.raises(IllegalMove) as err:
                state.apply("steal 4H 0-0")
            assert err.value.rule == "steal_own"


def test_variant_layoff_same_turn_and_new_melds():
    from test_kinaskak_cases import draw_unbought, game, play
    hand = "3H 4H 5H 6H 7H 8C 8D 8S 9C 9D 9S 2C KD"
    late = draw_unbought(game({0: hand}, stock="QC", rules=Rules(layoff_same_turn=False)))
    acts = [str(a) for a in late.legal_actions()]
    assert "run 3H 4H 5H 6H 7H" in acts  # longer melds are offered, as lay-offs must wait
    late = play(late, "run 3H 4H 5H 6H", "set 8C 8D 8S")
    assert not [a for a in late.legal_actions() if a.verb == "off"]
    with pytest.raises(IllegalMove) as err:
        late.apply("off 7H 0-0 high")
    assert err.value.rule == "layoff_same_turn"
    rules = Rules(new_melds_after_laydown=True)
    state = play(draw_unbought(game({0: hand}, stock="QC", rules=rules)), "run 3H 4H 5H 6H", "set 8C 8D 8S")
    nines = k.Action.parse("set 9C 9D 9S")
    assert str(nines) == "set 9S 9D 9C"  # a set is written in card order
    assert nines not in state.legal_actions()  # not in the lay-down turn
    state = state.apply("discard KD")
    for _ in range(3):  # the others draw and discard
        state = draw_unbought(state) if state.phase == "draw" else state
        state = state.apply(next(a for a in state.legal_actions() if a.verb == "discard"))
    state = draw_unbought(state) if state.phase == "draw" else state
    assert state.player == 0 and nines in state.legal_actions()


def test_variant_buy_windows():
    from test_kinaskak_cases import game
    assert game({}, up="KH", rules=Rules(buy_initial_upcard=False)).apply("draw").phase == "discard"
    state = game({}, up="KH")
    state = state.apply("draw")
    while state.phase == "buy":
        state = state.apply("pass")
    state = state.apply(next(a for a in state.legal_actions() if a.verb == "discard"))
    assert state.apply("draw").buy_queue == (2, 3)  # seat 0 discarded it: not asked
    mine = game({}, up="KH", rules=Rules(discarder_may_buy=True)).apply("draw")
    while mine.phase == "buy":
        mine = mine.apply("pass")
    mine = mine.apply(next(a for a in mine.legal_actions() if a.verb == "discard"))
    assert mine.apply("draw").buy_queue == (2, 3, 0)


def test_variant_excess_buy_penalty():
    """With `excess_buy_penalty`, buying past `max_buys` is allowed and costs its points."""
    from test_kinaskak_cases import game
    rules = Rules(max_buys=1, excess_buy_penalty=200, max_turns_per_round=6)
    state = game({}, up="KH", rules=rules)
    while state.round_no == 1:
        if state.phase == "buy":
            state = state.apply("buy" if state.to_move == 1 else "pass")
        elif state.phase == "draw":
            state = state.apply("draw")
        else:
            before, move = state, next(a for a in state.legal_actions() if a.verb == "discard")
            state = state.apply(move)
    bought = before.buys_used[1]
    assert bought >= 2 and before.fines[1] == 200 * (bought - 1)
    left = list(before.hands[1])
    if before.player == 1:
        left.remove(move.cards[0])
    assert state.score_sheet[0]["penalty"][1] == k.penalty(left) + 200 * (bought - 1)


def test_variant_stock_exhaustion_end_round():
    state = k.new_game(players=2, seed=6, rules=Rules(stock_exhaustion="end_round"))
    while state.round_no == 1:
        acts = state.legal_actions()
        state = state.apply(next((a for a in acts if a.verb in ("draw", "pass")), None)
                            or next(a for a in acts if a.verb == "discard"))
        assert state.reshuffles == 0
    assert state.score_sheet[0]["went_out"] is None


def test_thumb_bot_plays_whole_matches():
    """The rule-of-thumb bot in one seat against random ones, two seeded matches (how much
    stronger it is: `python -m benchmarks --only bots --game kinaskak`)."""
    for seat, seed in enumerate((7, 8)):
        bots = [k.ThumbBot(seed=seed) if s == seat else RandomBot(seed=seed + s) for s in range(4)]
        state = k.new_game(players=4, seed=seed)
        while not state.is_over:
            state = state.apply(bots[state.to_move].choose(state, state.to_move))
        assert len(state.score_sheet) == 8 and len(state.history) <= state.max_game_length
        assert state.scores == tuple(sum(row["total"][s] for row in state.score_sheet) for s in range(4))
    assert k.BOTS["thumb"].label["is"] and list(k.BOTS) == ["random", "thumb", "search"]


def test_a_joker_may_stand_in_for_a_natural_the_sets_need():
    """Only a joker in the run for 5♥ frees 5♥ for the set of fives (one joker per meld)."""
    rules = Rules(joker_limit="one_per_meld")
    hand = parse_cards("3H 4H 5H 6H 5S JK JK")
    assert k.can_lay_down(hand, 1, rules)
    assert not k.can_lay_down(hand[:-1], 1, rules)
    from test_kinaskak_cases import draw_unbought, game
    state = draw_unbought(game({0: "3H 4H 5H 6H 5S JK JK 2C 7D 9C JD QS KS"}, stock="8C", rules=rules))
    assert "run 3H 4H JK=5H 6H" in [str(a) for a in state.legal_actions()]
    assert "run 3H 4H 5H 6H" not in [str(a) for a in state.legal_actions()]


def test_two_players_can_buy_only_the_upcard():
    """With two players the only other seat is the discarder, so only the initial upcard
    (which nobody discarded) can be bought."""
    windows = 0
    for state in random_states(2, seed=31):
        if state.phase == "buy":
            windows += 1
            assert state.discarder is None and state.buy_queue == (1 - state.player,)
    assert windows >= 1


def test_thumb_bots_against_each_other_finish():
    bots = [k.ThumbBot(seed=s) for s in range(4)]
    state = k.new_game(players=4, seed=2)
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state, state.to_move))
    assert len(state.score_sheet) == 8 and len(state.history) <= state.max_game_length


def test_thumb_progress_counts_the_fullest_rank_and_run_window():
    from cardlearn.games.kinaskak.bots import progress
    hand = parse_cards("5H 5S 5D 7C 8C 9C 10C")
    # three fives make the set (3^1.5); the clubs 7-10 fill one run window (4^1.5)
    assert progress(hand, 1, 1) == pytest.approx(3 ** 1.5 + 4 ** 1.5)
    assert progress((*hand, JOKER), 1, 1) == pytest.approx(3 ** 1.5 + 4 ** 1.5 + 2.5)
    # cards counted for a set are not counted again in a run: the 5s leave the hearts window
    assert progress(parse_cards("5H 5S 5D 6H 7H"), 1, 1) == pytest.approx(3 ** 1.5 + 2 ** 1.5)
    assert progress(parse_cards("5H 6H 7H"), 1, 0) == pytest.approx(3 ** 1.5)
