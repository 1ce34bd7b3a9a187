"""The shortcuts the engines took for speed give what the plain rule functions give, on
random inputs (tests/test_speed_golden.py pins whole matches; this pins the pieces, and
names the one that broke)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from cardlearn.cards import Card, make_deck, without
from cardlearn.games import GAMES, kozel
from cardlearn.games.kasina import rules as kasina_rules
from cardlearn.games.kozel import rules as kozel_rules
from cardlearn.games.kozel.legality import _leads, _leads_sorted
from cardlearn.games.kozel.state import State as KozelState
from cardlearn.games.kozel.state import _last_beater, _one_card_each


def test_equal_cards_are_one_object_however_made():
    ace = Card.parse("AS")
    assert ace is Card("A", "S") is copy.copy(ace) is copy.deepcopy(ace) is pickle.loads(pickle.dumps(ace))
    assert ace == Card.parse("a♠") and ace != Card.parse("AH") and ace != "AS"
    assert make_deck(copies=2)[0] is make_deck()[0]


def test_without_one_card_is_the_general_multiset_difference():
    rng = random.Random(1)
    deck = make_deck(copies=2)
    for _ in range(2000):
        hand = tuple(rng.sample(deck, rng.randint(1, 8)))
        card = rng.choice(hand)
        rest = without(hand, (card,))
        assert rest == without(list(hand), [card])  # the general path: a list, not a tuple
        assert sorted((*rest, card), key=Card.sort_key) == sorted(hand, key=Card.sort_key)
        assert hand.index(card) == next(i for i, c in enumerate(hand) if c is card)
    two = make_deck()[:2]
    with pytest.raises(ValueError, match="QS is not among the cards 2S 3S"):
        without(two, (Card.parse("QS"),))


def _random_table(rng: random.Random, size: int, ordered: bool) -> tuple[Card, ...]:
    cards = rng.sample(kasina_rules.DECK, size)
    return kasina_rules.table_order(cards) if ordered else tuple(cards)


def test_kasina_subset_sums_are_the_totals_some_cards_make():
    rng = random.Random(2)
    for _ in range(500):
        values = kasina_rules.table_values(_random_table(rng, rng.randint(0, 7), ordered=False))
        totals = {sum(v for i, v in enumerate(values) if m >> i & 1) for m in range(1 << len(values))}
        want = sum(1 << t for t in totals if t <= 14)
        assert kasina_rules.subset_sums(values) == want


def test_kasina_table_captures_are_capture_masks_of_the_whole_table():
    rng = random.Random(3)
    for _ in range(1500):
        values = kasina_rules.table_values(_random_table(rng, rng.randint(0, 10), rng.random() < 0.8))
        for value in range(2, 15):
            for ace in (False, True):
                for maximal in (False, True):
                    got = kasina_rules.table_captures(value, values, ace, maximal)
                    assert got == kasina_rules.capture_masks(value, values, ace, maximal), (value, values)
                    reachable = kasina_rules.subset_sums(values) >> value & 1 or (ace and 1 in values)
                    assert bool(got) == bool(reachable)  # the quick test `_legal` trusts


def test_kasina_table_with_is_the_whole_table_sorted():
    rng = random.Random(4)
    for _ in range(3000):
        cards = rng.sample(kasina_rules.DECK, rng.randint(1, 13))
        table = kasina_rules.table_order(cards[1:]) if rng.random() < 0.7 else tuple(cards[1:])
        assert kasina_rules.table_with(table, cards[0]) == kasina_rules.table_order((*table, cards[0]))


def test_kozel_leads_of_a_hand_in_card_order_are_the_sorted_leads():
    rng = random.Random(5)
    for _ in range(5000):
        hand = rng.sample(kozel_rules.DECK, rng.randint(1, 4))
        if rng.random() < 0.8:
            hand.sort(key=Card.sort_key)
        assert _leads(tuple(hand)) == _leads_sorted(tuple(hand)), hand


def test_kozel_deal_order_is_cached_and_unchanged():
    assert kozel_rules.deal_order(3, 1) == tuple((3 + k) % 4 for _ in range(4) for k in range(1, 5))
    assert kozel_rules.deal_order(0, 2) == (1, 1, 2, 2, 3, 3, 0, 0) * 2
    assert kozel_rules.deal_order(0, 4) is kozel_rules.deal_order(0, 4)


# Every Kozel variant option that changes how a trick is played, turned, won or refilled.
_KOZEL_VARIANTS: dict[str, list[object]] = {
    "trump_reveal": ["middle_return", "top_to_bottom", "middle_to_bottom"],
    "must_beat_if_able": [False, True],
    "pairing": ["free", "declared"],
    "four_suit_interrupt": ["after_plays", "off"],
    "four_suit_priority": ["clockwise", "counterclockwise"],
    "allow_beat_partner": [True, False],
    "beat_target": ["current_winner", "lead"],
    "deal_packet": [1, 2, 4],
    "discards_visible": ["none", "all"],
}


def _kozel_steps(seed: int, matches: int):
    """(position, move, position after it) of seeded random Kozel matches, each under
    random variant options."""
    rng = random.Random(seed)
    for match in range(matches):
        options = {name: rng.choice(values) for name, values in _KOZEL_VARIANTS.items()}
        state = kozel.new_game(seed=match, rules=kozel.Rules(**options))
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            after = state.apply(action)
            yield state, action, after
            state = after


def test_kozel_successor_sets_every_derived_value():
    # Kozel's moves hand on exactly the derived values its class declares (`_READY`); the
    # class refuses to be made if it has another (core.GameState.__init_subclass__)
    assert set(KozelState._cached_names()) == set(KozelState._READY) == {"_turn", "to_move", "is_over"}


def test_kozel_turn_kept_by_a_move_is_the_turn_worked_out():
    kept = claims = 0
    for _, _, after in _kozel_steps(7, 60):
        if "_turn" in after.__dict__:  # set by the move itself, not worked out when asked
            kept += 1
            claims += after.phase == "claim"
            assert after.__dict__["_turn"] == after._whose_turn(), after.history
            assert after.__dict__["to_move"] == after._turn[0]
            assert after.__dict__.get("is_over", after.is_over) is (after._whose_turn()[0] is None)
    assert kept > 10_000 and claims > 20  # most moves keep it, and claim windows were among them


def test_kozel_play_leaves_the_hand_less_its_cards_and_the_last_beater_leads():
    for before, action, after in _kozel_steps(8, 40):
        if action.kind not in ("play", "discard") or after.deals_done != before.deals_done:
            continue
        seat = before.to_move
        if len(before.plays) < 3:
            assert after.hands[seat] == without(before.hands[seat], action.cards)
        else:  # this move ends the trick: its cards went to a pile, and someone drew
            kind = "discard" if action.kind == "discard" else "beat"
            assert after.leader == _last_beater((*before.plays, (seat, kind, action.cards)))
            assert after.plays == () and after.last_trick[-1][0] == seat
            rest = without(before.hands[seat], action.cards)
            assert not without(after.hands[seat], rest) or before.stock  # drawn, if any, from the stock


def _plain_one_card_replies(state: KozelState) -> tuple[kozel.Action, ...]:
    """A reply to a one-card lead under free pairing, from the rule functions alone."""
    seat = state.to_move
    hand, rules = state.hands[seat], state.rules
    team = kozel_rules.team_of
    may_beat = rules.allow_beat_partner or team(state.trick_winner) != team(seat)
    beats = [kozel.Action("play", (c,)) for c in hand
             if may_beat and kozel_rules.beats(c, state.target[0], state.trump)]
    discards = [] if beats and rules.must_beat_if_able else [kozel.Action("discard", (c,)) for c in hand]
    claim = [kozel.Action("claim")] if state._windows_open and state._may_claim(seat) else []
    return (*beats, *discards, *claim)


def test_kozel_one_card_replies_are_the_plain_rule():
    replies = 0
    for before, _, _ in _kozel_steps(9, 60):
        if before.phase == "respond" and len(before.plays[0][2]) == 1 and before.rules.pairing == "free":
            replies += 1
            assert before._legal() == _plain_one_card_replies(before), before.history
    assert replies > 2000


@pytest.mark.parametrize("name", sorted(GAMES))
def test_apply_by_identity_is_check_then_next(name):
    # `GameState.apply` takes a listed move found by identity straight to `_next`: the
    # same state as the plain way (`check`, then `_next`), for every move of random play
    rng = random.Random(10)
    state = GAMES[name].new_game(seed=3)
    assert "_legal_cache" not in state.__dict__ or state.__dict__["_legal_cache"] is None
    assert state._legal_cache is None  # the class default, read before any move is listed
    for _ in range(300):
        if state.is_over:
            break
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        after = state.apply(action)
        assert after == state._next(state.check(str(action))) and after.history[-1] is action
        state = after


def test_kozel_one_card_each_is_each_hand_sorted_with_its_card():
    rng = random.Random(11)
    for _ in range(3000):
        cards = rng.sample(kozel_rules.DECK, 16)
        hands = [tuple(cards[i:i + 3]) for i in range(0, 12, 3)]
        hands = [kozel_rules.sorted_cards(h) if rng.random() < 0.9 else h for h in hands]
        stock, winner = tuple(cards[12:]), rng.randrange(4)
        want = [kozel_rules.sorted_cards((*h, stock[(seat - winner) % 4])) for seat, h in enumerate(hands)]
        assert _one_card_each(hands, stock, winner) == want, (hands, stock, winner)


def _plain_refill(hands: list[tuple[Card, ...]], stock: tuple[Card, ...], winner: int):
    """Everyone draws up to four, one card at a time, the winner first (§2.3)."""
    hands, stock = [list(h) for h in hands], list(stock)
    while stock and any(len(h) < kozel_rules.HAND_SIZE for h in hands):
        for i in range(4):
            h = hands[(winner + i) % 4]
            if stock and len(h) < kozel_rules.HAND_SIZE:
                h.append(stock.pop(0))
    return [kozel_rules.sorted_cards(h) for h in hands], tuple(stock)


def test_kozel_refill_at_a_tricks_end_is_one_card_at_a_time_winner_first():
    refills = 0
    for before, action, after in _kozel_steps(12, 60):
        if len(before.plays) != 3 or action.kind not in ("play", "discard") or not before.stock:
            continue
        refills += 1
        seat = before.to_move
        hands = list(before.hands)
        hands[seat] = without(hands[seat], action.cards)
        want_hands, want_stock = _plain_refill(hands, before.stock, after.leader)
        if after.deals_done == before.deals_done:
            assert list(after.hands) == want_hands and after.stock == want_stock, before.history
    assert refills > 1000
