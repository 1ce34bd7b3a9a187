"""Kínaskák's shortcuts for the search bot's simulations give exactly what the plain way
gives: `State.sight` against the observation, the rule-of-thumb bot's `progress` and its
choice of discard against plain versions written here, `fits_a_meld` against
`layoff_ends`, and the per-meld facts a state hands on to the next against a fresh state's."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from cardlearn.bots import RandomBot
from cardlearn.cards import JOKER, RANKS, SUITS, Card, parse_cards
from cardlearn.games import kinaskak as k
from cardlearn.games.kinaskak import Rules
from cardlearn.games.kinaskak.bots import least_needed, progress
from cardlearn.games.kinaskak.rules import card_penalty, rank_at, run_lows
from cardlearn.games.kinaskak.state import layoff_ends

RULES = [Rules(), Rules(run_wrap=True, joker_steal_by_owner=False, joker_limit="one_per_meld"),
         Rules(stolen_joker_must_be_used=True, layoff_same_turn=False, go_out_by_discard=False,
               extra_melds_on_laydown=True, new_melds_after_laydown=True, forbid_same_card_discard=True)]


def positions(rules: Rules, seed: int, every: int = 3) -> Iterator[k.State]:
    """Every `every`-th position of a four-player match, rule-of-thumb and random seats."""
    state = k.new_game(players=4, seed=seed, rules=rules)
    bots = [(k.ThumbBot if s % 2 == 0 else RandomBot)(seed=seed + s) for s in range(4)]
    n = 0
    while not state.is_over:
        if n % every == 0:
            yield state
        state = state.apply(bots[state.to_move].choose(state, state.to_move))
        n += 1


def discard(card: Card) -> k.Action:
    return k.Action("discard", (card,))


# -- plain versions: what the rule-of-thumb bot computed before it was made faster ------

def plain_progress(hand: list[Card], runs: int, sets: int, wrap: bool = False) -> float:
    jokers = 0
    by_rank: dict[str, int] = {}
    for c in hand:
        if c is JOKER:
            jokers += 1
        else:
            by_rank[c.rank] = by_rank.get(c.rank, 0) + 1
    score = 0.0
    used_ranks = sorted(by_rank, key=by_rank.__getitem__, reverse=True)[:sets] if sets else []
    score += sum(min(3, by_rank[r]) ** 1.5 for r in used_ranks)
    if runs:
        windows = [{rank_at(p, wrap) for p in range(low, low + 4)} for low in run_lows(4, wrap, True)]
        best = []
        for suit in SUITS:
            ranks = {c.rank for c in hand if c is not JOKER and c.suit == suit and c.rank not in used_ranks}
            best.append(max(len(ranks & w) for w in windows))
        best.sort(reverse=True)
        score += sum(b ** 1.5 for b in best[:runs])
    return score + 2.5 * jokers


def plain_least_needed(hand: tuple[Card, ...], discards: list[k.Action], runs: int, sets: int,
                       wrap: bool) -> k.Action:
    rest = list(hand)

    def keep_score(a: k.Action) -> tuple[float, int]:
        rest.remove(a.cards[0])
        value = plain_progress(rest, runs, sets, wrap)
        rest.append(a.cards[0])
        return value, card_penalty(a.cards[0])

    return max(discards, key=keep_score)


CONTRACT_SHAPES = [(1, 1), (0, 2), (2, 0), (1, 2), (2, 1), (0, 3), (3, 0), (2, 2)]


def random_hands(n: int, seed: int) -> Iterator[tuple[tuple[Card, ...], int, int, bool]]:
    deck = k.deck_for(4)
    rng = random.Random(seed)
    for _ in range(n):
        hand = tuple(sorted(rng.sample(deck, rng.randint(2, 17))))
        runs, sets = rng.choice(CONTRACT_SHAPES)
        yield hand, runs, sets, rng.random() < 0.25


def test_progress_is_the_plain_sum_bit_for_bit():
    for hand, runs, sets, wrap in random_hands(5000, 1):
        assert repr(progress(hand, runs, sets, wrap)) == repr(plain_progress(list(hand), runs, sets, wrap))
    hand = parse_cards("5H 5S 5D 6H 7H 8H JK")  # the set's fives are not counted for the run
    assert progress(hand, 1, 1) == plain_progress(list(hand), 1, 1) == 3 ** 1.5 + 3 ** 1.5 + 2.5


@pytest.mark.slow
def test_least_needed_discard_is_the_plain_choice():
    rng = random.Random(2)
    for hand, runs, sets, wrap in random_hands(5000, 2):
        discards = [discard(c) for c in dict.fromkeys(hand)]
        if rng.random() < 0.3:
            rng.shuffle(discards)
        plain = plain_least_needed(hand, discards, runs, sets, wrap)
        assert least_needed(hand, discards, runs, sets, wrap) is plain


def test_least_needed_keeps_the_order_that_breaks_ties_between_ranks():
    # One card of each rank, two sets wanted: the two ranks seen first count for the sets,
    # and each card tried goes back at the end of the hand, which changes that order for
    # the next try.  Ranks taken in card order would choose JC; the hand kept as it was, 10D.
    hand = parse_cards("10D QD 3C 7C JC")
    discards = [discard(c) for c in hand]
    assert plain_least_needed(hand, discards, 1, 2, False) == discard(Card.parse("3C"))
    assert least_needed(hand, discards, 1, 2, False) == discard(Card.parse("3C"))


@pytest.mark.parametrize("rules", RULES, ids=["default", "wrap", "variants"])
def test_sight_is_the_observation_read_as_cards(rules):
    seen_laid_down = False
    for state in positions(rules, seed=11):
        for seat in range(state.n):
            obs, sight = state.observation(seat), state.sight(seat)
            assert sight.seat == obs["seat"] == seat
            assert sight.hand == parse_cards(obs["hand"])
            assert sight.round_no == obs["round"]
            top = obs["discard_top"]
            assert sight.discard_top == (None if top is None else Card.parse(top))
            assert sight.laid_down is obs["laid_down"][seat]
            seen_laid_down |= sight.laid_down
    assert seen_laid_down


@pytest.mark.parametrize("rules", RULES, ids=["default", "wrap", "variants"])
def test_fits_a_meld_is_any_layoff_end(rules):
    cards = [JOKER, *(Card(r, s) for s in SUITS for r in RANKS)]
    tables = 0
    for state in positions(rules, seed=12, every=7):
        melds = [m for ms in state.melds for m in ms]
        tables += bool(melds)
        for card in cards:
            assert state.fits_a_meld(card) == any(layoff_ends(m, card, rules) for m in melds)
    assert tables > 5


@pytest.mark.parametrize("rules", RULES, ids=["default", "wrap", "variants"])
def test_legal_actions_do_not_depend_on_facts_handed_on(rules):
    """A state made by `apply` reuses the meld facts of the one before; a copy made from
    its fields alone starts afresh: both must offer the same moves."""
    offs = steals = 0
    for state in positions(rules, seed=13, every=1):
        legal = state.legal_actions()
        assert dataclasses.replace(state).legal_actions() == legal
        offs += sum(a.verb == "off" for a in legal)
        steals += sum(a.verb == "steal" for a in legal)
    assert offs and steals
