"""Lomber engine: properties of random play, the legal-play function against a direct reading of
§2.6 on random positions, and the engine's phases, saves, views and bad input.  The worked
cases of the rule file's §4 are in test_lomber_cases.py.  Section numbers, and the rows
(#1 …) of the ambiguity table §3, are those of the rule file, docs/rules/lomber.md."""

from __future__ import annotations

import json
import random
import statistics
from collections import Counter

import conformance
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_lomber_cases import play, stack

from benchmarks.lomber_bidding import play_deal
from cardlearn import IllegalMove
from cardlearn.cards import Card, parse_cards
from cardlearn.games import lomber
from cardlearn.games.lomber import Rules, legal_plays

F, M, R = 0, 1, 2
VARIANTS = list(lomber.EXAMPLES.variants)  # declared beside the game (examples.py)


def random_states(seed: int, rules: Rules | None = None):
    return list(conformance.random_match(lomber, seed, rules=rules or Rules()))


# ---------------------------------------------------------------------------------------
# The shared contract runs on Lomber from tests/test_conformance.py (it is in GAMES, with
# the VARIANTS below among its non-default rule sets).

def test_game_facts():
    state = lomber.new_game(seed=1)
    assert state.GAME is lomber and state.players == 3 and state.teams == ((0,), (1,), (2,))
    assert lomber.NAME == {"is": "Lomber", "en": "L'Hombre"} and lomber.PLAYERS == (3, 3)
    assert state.max_game_length == 12 * 63 and state.start() == state
    assert set(lomber.RULE_WORDS["is"]) == set(lomber.RULE_WORDS["en"])
    assert set(lomber.SHEET_NAMES["is"]) == set(lomber.SHEET_NAMES["en"]) >= {
        "contract", "declarer", "tricks", "outcome", "payments", "total"}


# ---------------------------------------------------------------------------------------
# Properties of random play

def _places(state) -> Counter:
    return Counter([*state.talon, *state.trick, *(c for h in state.hands for c in h),
                    *(c for d in state.discards for c in d), *(c for _, cs in state.played for c in cs)])


@pytest.mark.parametrize("seed, rules", [(30, Rules()), (31, Rules()), (32, VARIANTS[0]), (33, VARIANTS[1])])
def test_every_card_in_one_place_payments_zero_sum_tricks_nine(seed, rules):
    deck = Counter(lomber.DECK)
    states = random_states(seed, rules)
    for state in states:
        if not state.is_over:
            assert _places(state) == deck, "a card is missing, doubled or in two places"
        assert sum(state.scores) == 0
    for row in states[-1].score_sheet:
        assert sum(row["payments"]) == 0 and row["total"] == row["payments"]
        stopped = rules.nolo_stop_early and row["contract"] in ("kupp", "hrein_nolo", "hrein_yfir")
        if row["outcome"] in ("win", "loss", "remis", "krukk") and not stopped:
            assert sum(row["tricks"]) == 9
        if row["outcome"] in ("all_pass", "conceded"):
            assert row["tricks"] == [0, 0, 0]
    dealers = [s.dealer for s in states if not s.is_over]
    assert dealers[0] == 2 and set(dealers) == {0, 1, 2}


def test_dealer_passes_to_the_right_and_deals_are_fresh():
    """§2.1: the next dealer is the previous forehand; an all-pass deal counts (API map)."""
    state = play(lomber.new_game(seed=4), "pass", "pass", "pass")
    row = state.score_sheet[0]
    assert row == {"contract": None, "declarer": None, "tricks": [0, 0, 0], "outcome": "all_pass",
                   "payments": [0, 0, 0], "total": [0, 0, 0]}
    assert state.dealer == 0 and state.to_move == 1 and state.deal_no == 1
    assert state.hands != lomber.new_game(seed=4).hands


def test_match_ends_after_twelve_deals_with_winner_by_net_score():
    state = lomber.new_game(seed=4)
    for _ in range(12):
        state = play(state, "pass", "pass", "pass")
    assert state.is_over and state.phase == "over" and state.winner is None
    assert len(state.score_sheet) == 12 and state.legal_actions() == []


# ---------------------------------------------------------------------------------------
# The legal-play function against a direct reading of §2.6

def direct_reading(hand, trick, contract, trump):
    """§2.6 read literally, without the engine's tables."""
    nolo = contract in ("kupp", "hrein_nolo", "hrein_yfir")
    black_aces = {Card("A", "S"), Card("A", "C")}
    if contract == "grandisamo":
        trumps, privileged = black_aces, [Card("A", "S"), Card("A", "C")]
    elif nolo:
        trumps, privileged = set(), []
    else:
        manille = Card("2" if trump in "SC" else "7", trump)
        trumps = {c for c in lomber.DECK if c.suit == trump} | black_aces
        privileged = [Card("A", "S"), manille, Card("A", "C")]  # highest first

    def suit_of(card):
        return "trump" if card in trumps else card.suit

    if not trick:
        return set(hand)
    led = trick[0]
    same = {c for c in hand if suit_of(c) == suit_of(led)}
    if suit_of(led) != "trump":
        return same or set(hand)
    protected = {m for m in same if m in privileged and not (
        led in privileged and privileged.index(led) < privileged.index(m))}
    return same if same - protected else set(hand)


CONTRACT_TRUMPS = [("spil", "H"), ("spil", "D"), ("spil", "C"), ("betra_spil", "S"), ("solo", "C"),
                   ("grandisamo", None), ("kupp", None), ("hrein_nolo", None), ("hrein_yfir", None)]


MATADOR_CARDS = parse_cards("AS AC 2S 2C 7H 7D AH AD")  # privileged in some contract, or ponti


@st.composite
def positions(draw, contracts=CONTRACT_TRUMPS):
    """A contract, a hand of 1–9 cards (often holding matadors) and 0–2 cards already
    played to the trick (often led by a matador), all distinct."""
    contract, trump = draw(st.sampled_from(contracts))
    trick = draw(st.lists(st.sampled_from(MATADOR_CARDS + lomber.DECK), unique=True, max_size=2))
    rest = [c for c in lomber.DECK if c not in trick]
    special = draw(st.lists(st.sampled_from([c for c in MATADOR_CARDS if c not in trick]), unique=True,
                            max_size=3))
    others = draw(st.lists(st.sampled_from(rest), unique=True, max_size=9 - len(special)))
    hand = list(dict.fromkeys([*special, *others])) or [rest[0]]
    return contract, trump, tuple(hand), tuple(trick)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(positions())
def test_legal_plays_agrees_with_a_direct_reading(position):
    contract, trump, hand, trick = position
    got = legal_plays(hand, trick, contract, trump)
    assert len(got) == len(set(got)) and set(got) <= set(hand)
    assert set(got) == direct_reading(hand, trick, contract, trump)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(positions(CONTRACT_TRUMPS[:6]))
def test_duties_to_trump_and_overtake_only_narrow_the_choice(position):
    """§3 #13: the two options never allow a card the plain rule forbids, never leave none."""
    contract, trump, hand, trick = position
    plain = set(legal_plays(hand, trick, contract, trump))
    strict = set(legal_plays(hand, trick, contract, trump, must_trump_when_void=True, must_overtake=True))
    assert strict and strict <= plain


# ---------------------------------------------------------------------------------------
# Phases of a deal

def test_turnir_turns_the_top_talon_card_and_gives_it_to_the_declarer():
    """§2.5 and §3 #5: túrnir turns c27 (its suit is trumps); the declarer must discard at
    least one card for it, draws it first, and everyone sees who holds it."""
    deck = stack(talon="KH 5S")
    state = play(lomber.new_game(seed=1, deck=deck), "turnir", "pass", "pass")
    assert state.trump == "H" and state.turned == Card("K", "H") and state.phase == "exchange"
    assert "done" not in {str(a) for a in state.legal_actions()}
    assert state.observation(M)["turned"] == "KH" and state.observation(M)["turned_on_talon"]
    discard = state.hands[F][0]
    state = play(state, f"discard {discard}", "done")
    assert Card("K", "H") in state.hands[F] and state.observation(R)["exposed"] == {"0": ["KH"]}
    assert lomber.describe(state, "done", "en", viewer=R).startswith("buys")


def test_grand_turnir_shows_the_black_aces_which_stay_in_hand():
    deck = stack(f="AS AC", talon="3D")
    state = play(lomber.new_game(seed=1, deck=deck), "grand_turnir", "pass", "pass")
    assert state.trump == "D" and state.observation(M)["exposed"] == {"0": ["AS", "AC"]}
    with pytest.raises(IllegalMove) as err:
        state.apply("discard AS")
    assert err.value.rule == "exposed_card"


def test_spil_trump_is_named_after_the_declarers_exchange_and_not_spades():
    """§2.5 and §3 #3: the declarer of spil buys, then names trumps (hearts, diamonds or
    clubs), then the defenders buy; with trump_named="at_bid" he names them first."""
    state = play(lomber.new_game(seed=6), "spil", "pass", "pass", "spil")
    assert state.phase == "exchange" and state.trump is None
    state = state.apply("done")
    assert [str(a) for a in state.legal_actions()] == ["trump H", "trump D", "trump C"]
    with pytest.raises(IllegalMove) as err:
        state.apply("trump S")
    assert err.value.rule == "spil_trump"
    early = play(lomber.new_game(seed=6, rules=Rules(trump_named="at_bid")), "spil", "pass", "pass", "spil")
    assert early.phase == "declare" and early.step == "trump"


def test_spil_may_turn_into_kupp():
    """§2.4 and §3 #16: a spil declarer may turn it into kúpp before buying."""
    state = play(lomber.new_game(seed=6), "spil", "pass", "pass", "kupp")
    assert state.contract == "kupp" and state.trump is None and state.to_move == F
    assert state.phase == "exchange"
    plain = play(lomber.new_game(seed=6, rules=Rules(allow_spil_to_kupp=False)), "spil", "pass", "pass")
    assert plain.phase == "exchange"


def test_no_concession_in_solo_and_kupp():
    """§2.5: a declarer may not concede in kúpp or sóló."""
    state = play(lomber.new_game(seed=2), "pass", "solo", "pass", "trump H", "done", "done")
    assert state.phase == "play"
    with pytest.raises(IllegalMove) as err:
        state.apply("concede")
    assert err.value.rule == "no_concede"


def test_defenders_may_not_exceed_the_talon():
    """§2.5: each exchange is limited by what is left of the talon (13 cards)."""
    state = play(lomber.new_game(seed=2), "pass", "solo", "pass", "trump H")
    first = state.to_move
    for card in state.hands[first]:
        state = state.apply(f"discard {card}")
    state = state.apply("done")
    assert len(state.talon) == 4 and state.to_move == F
    for card in state.hands[F][:4]:
        state = state.apply(f"discard {card}")
    assert state.legal_actions() == [lomber.Action("done")]
    with pytest.raises(IllegalMove) as err:
        state.apply(f"discard {state.hands[F][0]}")
    assert err.value.rule == "exchange_max"


def test_hrein_yfir_hand_is_shown_after_the_first_lead():
    """§2.6: the hrein-yfir declarer's cards are laid face up after the first lead."""
    state = play(lomber.new_game(seed=2), "pass", "hrein_yfir", "pass")
    assert state.observation(F)["exposed"] == {}
    state = state.apply(state.legal_actions()[0])
    assert state.observation(F)["exposed"] == {"1": [str(c) for c in state.hands[M]]}


def test_renege_is_refused_naming_the_rule():
    """§2.6: following suit; a renege raises IllegalMove and changes nothing."""
    deck = stack(f="KH", m="3H 4S")
    state = play(lomber.new_game(seed=1, deck=deck), "pass", "hrein_nolo", "pass", "KH")
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply("4S")
    assert err.value.rule == "must_follow" and "3♥" in str(err.value)
    assert err.value.say(lomber.RULE_WORDS["is"]).startswith("þú mátt ekki spila 4♠")
    assert state.to_json() == before


def test_bad_moves_name_their_rule():
    state = lomber.new_game(seed=1)
    with pytest.raises(IllegalMove) as err:
        state.apply("discard 5H")
    assert err.value.rule == "exchange_closed"
    with pytest.raises(IllegalMove):
        state.apply("BID 99")
    with pytest.raises(ValueError, match="8S"):
        lomber.new_game(deck=[*lomber.DECK[:-1], Card("8", "S")])
    with pytest.raises(ValueError):
        lomber.new_game(players=4)
    with pytest.raises(ValueError, match="multiple of 3"):
        Rules(match_deals=10)
    with pytest.raises(ValueError):
        Rules(turnir_card="elsewhere")


def test_totus_announced_after_five_tricks():
    """§2.8 tótus (optional): after winning the first five tricks the declarer may promise
    all nine; the promise pays totus_bonus more or less."""
    _, won = lomber.deal_payments("solo", 0, (9, 0, 0), Rules(enable_totus=True), totus=True)
    _, lost = lomber.deal_payments("solo", 0, (8, 1, 0), Rules(enable_totus=True), totus=True)
    assert won[0] == 2 * (2 + 1) and lost[0] == 2 * (2 - 1)


# ---------------------------------------------------------------------------------------
# Saves and determinize

def test_tampered_save_is_refused():
    state = _mid_play(3)
    data = json.loads(state.to_json())
    data["hands"][0], data["hands"][1] = data["hands"][1], data["hands"][0]
    with pytest.raises(ValueError, match="inconsistent"):
        lomber.State.from_json(json.dumps(data))


def _mid_play(seed: int):
    """A position of a random match with every hand full and the first lead to come."""
    return next(s for s in random_states(seed) if s.phase == "play" and not s.played and not s.trick)


def test_snapshot_of_a_determinized_state_is_checked():
    state = _mid_play(3)
    world = lomber.determinize(state, 0, random.Random(1))
    assert lomber.State.from_json(world.to_json()) == world
    data = json.loads(world.to_json())
    hand = data["hands"][1].split()
    data["hands"][1] = " ".join(hand[:-1])
    data["talon"] += " " + hand[-1]
    with pytest.raises(ValueError, match="saved game"):
        lomber.State.from_json(json.dumps(data))
    with pytest.raises(ValueError):
        world.start()


@pytest.mark.parametrize("rules", [Rules(), VARIANTS[0]])
def test_determinized_positions_save_and_load_as_checked_snapshots(rules):
    for i, state in enumerate(random_states(9, rules)):
        if i % 4 == 0:
            world = lomber.determinize(state, i % 3, random.Random(i))
            assert lomber.State.from_json(world.to_json()) == world


def test_determinize_respects_a_revealed_void():
    """A seat that did not follow a plain lead is never dealt that suit again."""
    deck = stack(f="KS QS", m="3H 4H 5H 6H 2D 3D 4D 5D 6D", r="7S")
    state = play(lomber.new_game(seed=1, deck=deck), "pass", "hrein_nolo", "pass", "KS", "3H")
    assert lomber.voids(state.observation(R))[M] >= set(parse_cards("KS QS JS 7S 6S 5S 4S 3S 2S"))
    for i in range(40):
        world = lomber.determinize(state, R, random.Random(i))
        assert not any(c.suit == "S" for c in world.hands[M])
        assert world.observation(R) == state.observation(R)


def test_determinize_keeps_shown_cards_and_only_redeals_hidden_ones():
    deck = stack(f="AS AC", talon="3D")
    state = play(lomber.new_game(seed=1, deck=deck), "grand_turnir", "pass", "pass")
    hidden = lomber.hidden_cards(state, M)
    assert Card("A", "S") not in hidden and Card("3", "D") not in hidden and len(hidden) == 40 - 9 - 3
    world = lomber.determinize(state, M, random.Random(3))
    assert {Card("A", "S"), Card("A", "C")} <= set(world.hands[F]) and world.talon[0] == Card("3", "D")


# ---------------------------------------------------------------------------------------
# Words and zones

def test_discards_are_named_only_to_their_owner():
    state = play(lomber.new_game(seed=2), "kupp", "pass", "pass")
    card = state.hands[F][0]
    action = f"discard {card}"
    assert card.symbol in lomber.describe(state, action, "en", viewer=F)
    for viewer in (M, R):
        for lang in ("is", "en"):
            assert card.symbol not in lomber.describe(state, action, lang, viewer=viewer)
    after = state.apply(action)
    assert after.observation(M)["discarding"] == 1 and "discards" not in json.dumps(lomber.layout(after, M))


def test_layout_shows_trick_talon_and_counts():
    state = play(lomber.new_game(seed=2), "pass", "hrein_nolo", "pass")
    state = state.apply(state.legal_actions()[0])
    view = lomber.layout(state, R, "en")
    zones = {z["name"]: z for z in view["zones"]}
    assert zones["trick"]["cards"] == [{"card": str(state.trick[0]), "seat": F}]
    assert zones["talon"]["backs"] == 13 and "bought 0" in view["opponents"][0]["info"]
    assert lomber.action_cards(state, state.legal_actions()[0]) == (("hand", state.legal_actions()[0].arg),)
    assert lomber.action_cards(lomber.new_game(seed=1), "pass") == ()


# ---------------------------------------------------------------------------------------
# Options of the ambiguity table, through the engine

def test_rules_has_every_option_of_the_ambiguity_table_with_its_default():
    """§3: one Rules field per toggle, with the recommended default."""
    assert {f: getattr(Rules(), f) for f in Rules.__dataclass_fields__} == {
        "betra_spil_position": "below_turnir", "level7_hold": "same_contract",
        "trump_named": "after_declarer_exchange", "declarer_exchange_min": 0, "declarer_exchange_max": 9,
        "turnir_card": "to_declarer", "enable_grandisamo": True, "enable_totus": False, "totus_bonus": 1,
        "kupp_loss_cap": None, "must_trump_when_void": False, "must_overtake": False,
        "nolo_stop_early": False, "allow_spil_to_kupp": True, "allow_concede": True,
        "grand_turnir_spade_bonus": False, "match_deals": 12, "defender_exchange_order": "ccw_from_declarer",
        "variant": "classic"}


def _run_out(state):
    """Play to the end of the deal: each seat its first legal card, tótus announced."""
    deal = state.deal_no
    while state.deal_no == deal and not state.is_over:
        texts = [str(a) for a in state.legal_actions()]
        choice = "totus" if "totus" in texts else texts[-1] if state.phase == "exchange" else texts[0]
        state = state.apply(choice)
    return state


def test_totus_through_the_engine():
    """§2.8, §3 #9: with the nine top spades, spaðasóló wins five tricks, announces tótus
    and takes all nine: 3 + 1 from each defender."""
    deck = stack(f="AS 2S AC KS QS JS 7S 6S 5S")
    rules = Rules(enable_totus=True)
    state = play(lomber.new_game(seed=1, deck=deck, rules=rules), "spadasolo", "pass", "pass")
    for _ in range(40):
        if state.step == "totus":
            break
        moves = state.legal_actions()
        state = state.apply(moves[-1] if state.phase == "exchange" else moves[0])
    assert state.step == "totus" and state.tricks == (5, 0, 0) and state.to_move == F
    row = _run_out(state).score_sheet[0]
    assert row["outcome"] == "win" and row["tricks"] == [9, 0, 0] and row["payments"] == [8, -4, -4]
    plain = _run_out(play(lomber.new_game(seed=1, deck=deck), "spadasolo", "pass", "pass"))
    assert plain.score_sheet[0]["payments"] == [6, -3, -3]


def test_grand_turnir_turning_a_spade_can_pay_as_spadasolo():
    """§3 #18: off by default (2 each); on, a spade turned pays as spaðasóló (3 each)."""
    deck = stack(f="AS AC 2S KS QS JS 7S 6S 5S", talon="4S")
    for rules, each in ((Rules(), 2), (Rules(grand_turnir_spade_bonus=True), 3)):
        state = play(lomber.new_game(seed=1, deck=deck, rules=rules), "grand_turnir", "pass", "pass")
        assert state.trump == "S"
        row = _run_out(state).score_sheet[0]
        assert row["outcome"] == "win" and row["payments"] == [2 * each, -each, -each]


def test_legal_actions_stay_small():
    for state in random_states(8):
        assert len(state.legal_actions()) <= 11


# ---------------------------------------------------------------------------------------
# Bots

def test_thumb_bot_bids_from_its_hand():
    strong = lomber.new_game(seed=1, deck=stack(f="AS 2S AC KS QS JS 7S 6S 5S"))
    assert str(lomber.ThumbBot(seed=0).choose(strong, F)) == "spadasolo"
    weak = lomber.new_game(seed=1, deck=stack(f="3H 4H 5D 6D 2C 3C 4D 5H 6H", m="AS AC 2S KS"))
    assert str(lomber.ThumbBot(seed=0).choose(weak, F)) == "pass"


def forehand_bid(hand: str) -> str:
    return str(lomber.ThumbBot(seed=0).choose(lomber.new_game(seed=1, deck=stack(f=hand)), F))


def test_thumb_bot_bids_spil_on_matadors_and_trumps_the_exchange_will_add_to():
    """The notebook's advice: "a good hand for bidding has matadors, many trumps and plain
    kings", and in spil the declarer buys first.  Spadda and the manilía with two more trumps
    is such a hand (counted as dealt it was passed, and over a third of deals were passed out); basti
    with two small trumps and no king, or a hand of small cards, is not."""
    assert forehand_bid("AS 7H KH 3H 2C 4D 5D 6S 3C") == "spil"        # ♥: spadda, manilía, K, 3
    assert forehand_bid("AS 2S 5S 4S 3D 4D 6C 7C 2H") == "betra_spil"  # ♠: spadda, manilía, 5, 4
    assert forehand_bid("AC QH 2H 4S 5S 3D 4D 6C 7C") == "pass"        # basti, Q♥ 2♥, no king
    assert forehand_bid("3H 4H 5D 6D 2C 3C 4D 5H 6H") == "pass"        # small cards only


def test_bought_estimate_adds_what_the_purchase_brings():
    """`bought_estimate`: a hand of trumps and plain kings lays nothing away and is counted as
    dealt; a hand with cards to lay away counts more than as dealt, and more the more it buys."""
    estimate, bought = lomber.bots.trick_estimate, lomber.bots.bought_estimate
    full = parse_cards("AS 7H AC AH KH QH JH KD KC")  # nothing to lay away
    assert bought(full, "H") == pytest.approx(estimate(full, "H"))
    four = parse_cards("AS 7H KH 3H 2C 4D 5D 6S 3C")  # lays away five
    two = parse_cards("AS 7H 2C 4D 5D 6S 3C 3D 4C")   # lays away seven
    assert bought(four, "H") > estimate(four, "H") + 0.8
    assert bought(two, "H") - estimate(two, "H") > bought(four, "H") - estimate(four, "H")


def test_thumb_bot_plays_on_a_bought_game_it_may_still_make():
    """A concession costs what a lost game costs and spares only the krúkk, so the declarer
    plays on with a middling hand (spadda, basti, K♥ Q♥ and K♦: 3.6 likely tricks) and
    concedes only a hopeless one (one small trump)."""
    for hand, trump, move in (("AS AC KH QH KD 3S 4S 5S 6S", "H", "play"),
                              ("KS QS JS 7S 6D 4D 6C 7C 2H", "H", "concede")):
        state = play(lomber.new_game(seed=1, deck=stack(f=hand)),
                     "spil", "pass", "pass", "spil", "done", f"trump {trump}", "done", "done")
        assert state.step == "concede" and state.to_move == F
        assert str(lomber.ThumbBot(seed=0).choose(state, F)) == move


@pytest.mark.slow
def test_most_deals_of_rule_of_thumb_bots_are_played():
    """Three rule-of-thumb bots over 400 seeded first deals: a passed-out deal is the exception
    (under a quarter: 37 % before the bots counted what the purchase brings), and the
    declarer still wins most deals he plays (`python -m benchmarks.lomber_bidding`)."""
    deals = [play_deal("thumb", d) for d in range(400)]
    passed = sum(d.outcome == "all_pass" for d in deals)
    played = [d for d in deals if d.outcome not in ("all_pass", "conceded")]
    assert passed < 0.25 * len(deals), passed
    assert len(played) > 0.6 * len(deals), len(played)
    assert sum(d.outcome == "win" for d in played) > 0.6 * len(played)


def test_thumb_bot_beats_random_bots():
    """A handful of matches, the thumb bot's seat moving round, against two random bots: it
    comes out ahead, by more than chance explains, and wins most matches outright (the
    strength is measured by `python -m benchmarks --only bots --game lomber`)."""
    nets, wins, matches = [], 0, 6
    for m in range(matches):
        seat = m % 3
        bots = [lomber.RandomBot(seed=10_000 + 3 * m + s) for s in range(3)]
        bots[seat] = lomber.ThumbBot(seed=m)
        state = lomber.new_game(seed=10_000 + m)
        while not state.is_over:
            state = state.apply(bots[state.to_move].choose(state, state.to_move))
        nets.append(state.scores[seat])
        wins += state.winner == seat
    mean, half = statistics.mean(nets), 1.96 * statistics.stdev(nets) / matches ** 0.5
    assert mean > 0 and mean - half > 0 and wins >= matches / 2


def test_determinize_keeps_the_black_aces_with_a_grand_turnir_bidder():
    """A bid of grand-túrnir shows that its bidder was dealt spadda and basti."""
    deck = stack(m="AS AC")
    state = play(lomber.new_game(seed=1, deck=deck), "pass", "grand_turnir", "solo", "pass")
    assert (state.contract, state.declarer) == ("solo", R)
    for i in range(20):
        world = lomber.determinize(state, F, random.Random(i))
        assert {Card("A", "S"), Card("A", "C")} <= set(world.hands[M])


def test_matador_count():
    """§2.3: matadors are the unbroken run of top trumps from spadda; a run from the
    manilía without spadda is false matadors (counted negative here)."""
    assert lomber.matadors(parse_cards("AS 2S AC KS 5S"), "S") == 4
    assert lomber.matadors(parse_cards("AS 7H AC AH KH 3D"), "H") == 5
    assert lomber.matadors(parse_cards("2C AC KC 7S"), "C") == -3
    assert lomber.matadors(parse_cards("KS QS"), "S") == 0


def _longest_auction(state, memo: dict) -> int:
    """The most calls left in the auction from `state`, over every way of bidding."""
    if state.step != "auction" or state.deal_no:
        return 0
    if state.auction not in memo:
        memo[state.auction] = max(1 + _longest_auction(state.apply(a), memo) for a in state.legal_actions())
    return memo[state.auction]


ODD_AUCTION = Rules(level7_hold="any_level7", betra_spil_position="above_turnir")


@pytest.mark.parametrize("rules", [Rules(), ODD_AUCTION])
def test_longest_auction_fits_the_bound(rules):
    """Every auction ends within 16 calls, whoever holds both black aces: a search over all
    auction positions (the legal calls depend only on the auction and the dealt hands)."""
    for aces in ("f", "m", "r"):
        start = lomber.new_game(seed=1, deck=stack(**{aces: "AS AC"}), rules=rules)
        assert _longest_auction(start, {}) <= 16
    assert lomber.state.PER_DEAL_BOUND >= 16 + 4 + 16 + 27


@pytest.mark.parametrize("contract, tricks, rules, result, net", [
    ("kupp", (1, 4, 4), Rules(), "loss", -4),                 # 2 for the first trick
    ("kupp", (6, 2, 1), Rules(), "loss", -14),                # 2 + 5 more tricks, 7 each
    ("kupp", (6, 2, 1), Rules(kupp_loss_cap=4), "loss", -8),  # capped at 4 each (§3 #10)
    ("hrein_nolo", (1, 4, 4), Rules(), "loss", -6),
    ("hrein_yfir", (0, 4, 5), Rules(), "win", 12),
    ("spadasolo", (4, 5, 0), Rules(), "krukk", -8),
    ("grandisamo", (3, 3, 3), Rules(), "remis", -4),          # remis pays as a loss
])
def test_nolo_and_solo_payments(contract, tricks, rules, result, net):
    """§2.8–2.9: a nolo is lost by a single trick; kúpp pays per trick; the sóló rows."""
    outcome, payments = lomber.deal_payments(contract, 0, tricks, rules)
    assert (outcome, payments[0], sum(payments)) == (result, net, 0)


def test_moves_in_words():
    state = play(lomber.new_game(seed=5), "spil", "turnir")
    assert lomber.describe(state, "turnir", "en") == "holds túrnir (tourné)"
    assert lomber.describe(state, "kupp", "is") == "segir kúpp"
    assert lomber.describe(state, "pass", "is") == "segir pass"
    for lang in ("is", "en"):
        assert lomber.explain(state, "turnir", lang)
    auction = lomber.new_game(seed=5)
    assert lomber.explain(auction, "pass", "en").startswith("you leave the play to the others")
    assert lomber.explain(auction, "pass", "en") != lomber.explain(auction, "spil", "en")
    sold = play(lomber.new_game(seed=2), "kupp", "pass", "pass")
    sold = play(sold, *(f"discard {c}" for c in sold.hands[F][:3]))
    assert lomber.describe(sold, "done", "en", viewer=M) == "buys 3 cards"


# ---------------------------------------------------------------------------------------
# Each toggle of the ambiguity table changes what it says (§3)

def _texts(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_toggle_1_betra_spil_position():
    """#1: betra spil below túrnir by default; above it with "above_turnir"."""
    assert "betra_spil" not in _texts(lomber.new_game(seed=1).apply("turnir"))
    odd = lomber.new_game(seed=1, rules=Rules(betra_spil_position="above_turnir")).apply("turnir")
    assert "betra_spil" in _texts(odd) and "turnir" not in _texts(odd.apply("betra_spil").apply("pass"))


def test_toggle_2_level7_hold():
    """#2: at level 7 the holder names the same contract, unless "any_level7"."""
    state = play(lomber.new_game(seed=1), "spil", "spadasolo")
    assert "hrein_nolo" not in _texts(state) and "spadasolo" in _texts(state)
    with pytest.raises(IllegalMove) as err:
        state.apply("hrein_nolo")
    assert err.value.rule == "hold_same_contract"
    loose = play(lomber.new_game(seed=1, rules=Rules(level7_hold="any_level7")), "spil", "spadasolo")
    assert {"hrein_nolo", "spadasolo"} <= _texts(loose)


def test_toggle_4_declarer_exchange_bounds():
    """#4: the spil declarer discards at least min and at most max cards."""
    rules = Rules(declarer_exchange_min=2, declarer_exchange_max=3)
    state = play(lomber.new_game(seed=1, rules=rules), "spil", "pass", "pass", "spil")
    for n in range(4):
        assert ("done" in _texts(state)) == (n >= 2)
        assert any(t.startswith("discard") for t in _texts(state)) == (n < 3)
        if n < 3:
            state = state.apply(f"discard {state.hands[F][0]}")


def test_toggle_5_turned_card_stays_on_the_talon():
    """#5: with "stays_on_talon" the declarer need not buy; the next buyer draws the
    turned card, and everyone sees that it went to him."""
    deck = stack(talon="KH")
    state = play(lomber.new_game(seed=1, deck=deck, rules=Rules(turnir_card="stays_on_talon")),
                 "turnir", "pass", "pass", "done")
    assert state.to_move == M and state.observation(R)["turned_on_talon"]
    state = play(state, f"discard {state.hands[M][0]}", "done")
    assert Card("K", "H") in state.hands[M] and state.observation(R)["exposed"] == {"1": ["KH"]}


def test_toggle_8_grandisamo_can_be_left_out():
    state = lomber.new_game(seed=1, rules=Rules(enable_grandisamo=False))
    assert "grandisamo" not in _texts(state)
    with pytest.raises(IllegalMove) as err:
        state.apply("grandisamo")
    assert err.value.rule == "grandisamo_off"


def test_toggle_13_duties_to_trump_and_to_overtake():
    """#13: none by default; "must_trump_when_void" forces a trump on a void player, and
    "must_overtake" a card that beats the trick on a player who follows."""
    hand, trick = parse_cards("4D 3H"), parse_cards("5S")
    assert set(legal_plays(hand, trick, "spil", "H")) == set(hand)
    assert legal_plays(hand, trick, "spil", "H", must_trump_when_void=True) == parse_cards("3H")
    hand = parse_cards("2S 7S")
    assert set(legal_plays(hand, trick, "spil", "H")) == set(hand)
    assert legal_plays(hand, trick, "spil", "H", must_overtake=True) == parse_cards("7S")


def test_toggle_14_nolo_stops_at_the_declarers_first_trick():
    """#14: all nine tricks by default; with "nolo_stop_early" the deal ends at once."""
    deck = stack(f="KS QS JS 7S 6S 5S 4S 3S 2S", m="AS")
    for rules, tricks in ((Rules(), None), (Rules(nolo_stop_early=True), [1, 0, 0])):
        state = play(lomber.new_game(seed=1, deck=deck, rules=rules),
                     "hrein_nolo", "pass", "pass", "KS", "AS")
        state = state.apply(state.legal_actions()[0])
        if tricks is None:
            assert state.deal_no == 0 and state.tricks == (1, 0, 0)
        else:
            assert state.score_sheet[0]["tricks"] == tricks and state.score_sheet[0]["payments"] == [-6, 3, 3]


def test_toggle_17_concession_can_be_switched_off():
    state = play(lomber.new_game(seed=3, rules=Rules(allow_concede=False)), "spil", "pass", "pass", "spil",
                 "done", "trump H", "done", "done")
    assert state.phase == "play"


def test_toggle_21_defender_exchange_order():
    """#21: declarer M: R then F by default; F then R with "seat_order"."""
    state = play(lomber.new_game(seed=2, rules=Rules(defender_exchange_order="seat_order")),
                 "pass", "solo", "pass", "trump H")
    assert state.to_move == F and state.apply("done").to_move == R


def test_toggle_23_only_the_classic_variant():
    with pytest.raises(ValueError):
        Rules(variant="raudu_asa")


def test_the_talon_backs_do_not_count_the_turned_card_shown_beside_them():
    from cardlearn.games import lomber
    seen = 0
    for seed in range(200):
        state, bot = lomber.new_game(seed=seed), lomber.BOTS["random"](seed=seed)
        while not state.is_over and state.deals_done == 0:
            zones = {z["name"]: z for z in lomber.layout(state, 0, "en")["zones"]}
            if "turned" in zones:
                seen += 1
                assert zones["talon"]["backs"] + len(zones["turned"]["cards"]) == len(state.talon)
            state = state.apply(bot.choose(state, state.to_move))
    assert seen, "no túrnir turned a card in 200 deals"


def test_no_concession_before_there_is_a_contract():
    """Conceding typed in the auction names the reason: no contract yet (not a "-")."""
    state = lomber.new_game(seed=2)
    with pytest.raises(IllegalMove) as err:
        state.apply("concede")
    assert err.value.rule == "no_concede_yet"
    assert "-" not in err.value.say(lomber.RULE_WORDS["is"])
