"""The meld search's shortcuts give exactly what the plain way gives: runs found by bits
and cached by the suit's positions held against the general search by cards, sets cached
by the rank's cards against every combination of them, and the melds offered (a rest
judged from the hand's key bytes, or from its counts per rank when it owes sets alone)
against `run_specs`/`set_specs` filtered by `completable` of each meld's rest made with
`without`."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from cardlearn.cards import JOKER, RANKS, SUITS, Card, make_deck, without
from cardlearn.games.kinaskak import Rules
from cardlearn.games.kinaskak import melds as m


def _name(r: Rules) -> str:
    return f"wrap={r.run_wrap}-{r.joker_limit}-{r.run_ace_both_ends}-{r.distinct_set_ranks}"


RULES = [Rules(), Rules(run_wrap=True), Rules(run_ace_both_ends=False), Rules(distinct_set_ranks=True),
         Rules(joker_limit="not_more_than_naturals"), Rules(joker_limit="one_per_meld", run_wrap=True)]


def hands(n: int, seed: int) -> Iterator[tuple[Card, ...]]:
    """Random hands of 3 to 20 cards from three decks and six jokers, half of them from
    one or two suits (so that runs are common); one in ten not in card order."""
    deck = make_deck(copies=3, jokers=6)
    rng = random.Random(seed)
    for _ in range(n):
        suits = rng.sample(SUITS, rng.randint(1, 2)) if rng.random() < 0.5 else SUITS
        pool = [c for c in deck if c is JOKER or c.suit in suits]
        hand = rng.sample(pool, min(len(pool), rng.randint(3, 20)))
        yield tuple(hand) if rng.random() < 0.1 else tuple(sorted(hand, key=lambda c: c.key))


def plain_set_specs(hand: tuple[Card, ...], rank: str, size: int, rules: Rules) -> list[m.MeldSpec]:
    naturals = [c for c in hand if c.rank == rank]
    jokers = sum(c is JOKER for c in hand)
    most = m.max_jokers(size, rules.joker_limit)
    return [m.MeldSpec("set", rank, 0, (*chosen, *(JOKER,) * (size - k)))
            for k in range(max(1, size - most, size - jokers), min(size, len(naturals)) + 1)
            for chosen in sorted(set(combinations(naturals, k)))]


def plain_meld_specs(hand: tuple[Card, ...], runs: int, sets: int, used_suits: frozenset[str],
                     used_ranks: frozenset[str], exact: bool, rules: Rules, long: bool,
                     free: bool) -> tuple[m.MeldSpec, ...]:
    cfg = rules.meld_config
    if not free and not m.completable(hand, runs, sets, used_suits, used_ranks, exact, cfg):
        return ()
    out = []
    if runs or free:
        for suit in SUITS:
            if suit in used_suits and not free:
                continue
            for size in range(4, len(hand) + 1) if long else (4,):
                for spec in m.run_specs(hand, suit, size, rules):
                    rest = without(hand, spec.cards)
                    now_used = used_suits | {suit}
                    if free or m.completable(rest, runs - 1, sets, now_used, used_ranks, exact, cfg):
                        out.append(spec)
    if sets or free:
        for rank in sorted({c.rank for c in hand if c.rank is not None}, key=RANKS.index):
            if rules.distinct_set_ranks and rank in used_ranks and not free:
                continue
            for size in range(3, len(hand) + 1) if long else (3,):
                for spec in plain_set_specs(hand, rank, size, rules):
                    rest = without(hand, spec.cards)
                    now_used = used_ranks | {rank}
                    if free or m.completable(rest, runs, sets - 1, used_suits, now_used, exact, cfg):
                        out.append(spec)
    return tuple(out)


@pytest.mark.parametrize("rules", RULES, ids=_name)
def test_runs_by_bits_are_the_general_search(rules):
    found = 0
    for hand in hands(300, 1):
        for suit in SUITS:
            for size in (4, 5, 7, 13):
                fast = m.run_specs(hand, suit, size, rules)
                assert fast == m._long_run_specs(hand, suit, size, rules), (hand, suit, size)
                found += bool(fast)
    assert found > 100


@pytest.mark.parametrize("rules", RULES[:2], ids=["default", "wrap"])
def test_sets_are_every_combination_of_the_ranks_cards(rules):
    for hand in hands(300, 2):
        for rank in RANKS:
            for size in (3, 4, 6):
                assert m.set_specs(hand, rank, size, rules) == plain_set_specs(hand, rank, size, rules)


@pytest.mark.parametrize("rules", RULES, ids=_name)
def test_melds_offered_are_the_plain_filter(rules):
    rng = random.Random(3)
    offered = 0
    for hand in hands(400, 4):
        runs, sets = rng.randint(0, 3), rng.randint(0, 3)
        used_suits = frozenset(rng.sample(SUITS, rng.randint(0, 1)))
        used_ranks = frozenset(rng.sample(RANKS, rng.randint(0, 1)))
        exact, long, free = rng.random() < 0.2, rng.random() < 0.3, rng.random() < 0.1
        args = (hand, runs, sets, used_suits, used_ranks, exact, rules)
        fast = m.meld_specs.__wrapped__(*args, long=long, free=free)
        assert fast == plain_meld_specs(*args, long, free), args
        offered += bool(fast)
    assert offered > 30
