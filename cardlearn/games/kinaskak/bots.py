"""Kínaskák bots.  `ThumbBot` plays by rules of thumb: it keeps the cards that work toward
the round's contract, takes or buys a discard only when it helps, lays down as soon as it
can, lays off and steals jokers whenever it can (highest penalties first), and otherwise
discards the card its contract needs least, the highest first.  It reads only
`state.sight(seat)` (the part of `state.observation(seat)` it needs, as cards),
`state.legal_actions()`, `state.taken` (observation "taken": the whole table saw it taken)
and `state.fits_a_meld(card)` (of the public melds), so it never peeks.

No bot here (and so no hint, which is the search bot's choice) throws back in the same turn
the card it took from the discard pile (`sensible_moves`): the default rules allow it, and
it may even keep the card from the next player, but to a class it looks like a bug."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from cardlearn.bots import Bot
from cardlearn.bots import RandomBot as _Random
from cardlearn.bots import SearchBot as _Search
from cardlearn.cards import JOKER, RANKS, Card
from cardlearn.protocol import AnyState

from .rules import CONTRACTS, JOKER_KEY, card_penalty, rank_at, run_lows
from .state import Action, Sight, State

__all__ = [  # this module's part of the game API: the package re-exports these
    "BOTS",
    "SearchBot",
    "ThumbBot",
]


@functools.cache
def _window_masks(wrap: bool) -> tuple[int, ...]:
    """The run windows (four ranks in a row) as masks of rank bits, bit i for `RANKS[i]`;
    the same for every suit."""
    return tuple(sum({1 << RANKS.index(rank_at(p, wrap)) for p in range(low, low + 4)})
                 for low in run_lows(4, wrap, True))


# n ** 1.5 for the counts `progress` adds up (a rank's, capped at 3; a window's, up to 4),
# looked up rather than computed: the same floats, so the same sums.
_POWERS = tuple(n ** 1.5 for n in range(5))


@functools.cache
def _fullest_powers(wrap: bool) -> tuple[float, ...]:
    """Per mask of rank bits (all 2 ** 13), its fullest run window's count ** 1.5: the
    search bot's simulations ask `progress` tens of thousands of times per move, so a
    suit's fullest window is looked up, not counted card by card."""
    windows = _window_masks(wrap)
    return tuple(_POWERS[max((mask & w).bit_count() for w in windows)] for mask in range(1 << len(RANKS)))


_KEY_BITS = tuple(1 << k for k in range(JOKER_KEY + 1))  # a card's key → its bit in one int
_ALL_RANKS = (1 << len(RANKS)) - 1


def progress(hand: list[Card] | tuple[Card, ...], runs: int, sets: int, wrap: bool = False) -> float:
    """How near a hand is to a contract of `runs` runs and `sets` sets: the best ranks'
    counts (up to 3 each) and the best suits' fullest run windows (up to 4 each), a joker
    counting as a card of any meld.  Cards counted for a set are not counted again."""
    return _progress_keys([c.key for c in hand], runs, sets, wrap)


def _progress_keys(keys: list[int], runs: int, sets: int, wrap: bool) -> float:
    """`progress` of the cards with these keys (`Card.sort_key()`: suit index × 16 + rank
    index; a joker 100).  The search bot's simulations ask it tens of thousands of times
    per move, so it counts ints and looks powers up: the same counts, ranks in the same
    first-seen order, the same floats added in the same order."""
    bits = _KEY_BITS
    held = 0  # a bit per card held (its key): suit s's ranks are bits 16s to 16s + 12
    by_rank: dict[int, int] = {}  # rank index → count, in the order first seen
    if sets:
        get = by_rank.get
        for k in keys:
            held |= bits[k]
            if k != JOKER_KEY:
                r = k & 15
                by_rank[r] = get(r, 0) + 1
    else:
        for k in keys:
            held |= bits[k]
    return _score(keys.count(JOKER_KEY), held, by_rank, by_rank, runs, sets, wrap)


def _score(jokers: int, held: int, ranks: Iterable[int], counts: dict[int, int], runs: int, sets: int,
           wrap: bool) -> float:
    """`progress` from its counts: `held` a bit per card key held, `ranks` the ranks held
    in the order first seen, `counts` their counts (read only when `sets`)."""
    score = 0.0
    used_bits = 0
    if sets:
        # the fullest ranks first; among equal counts the first seen (sorting is stable)
        used_ranks = sorted(ranks, key=counts.__getitem__, reverse=True)[:sets]
        score += sum([_POWERS[min(3, counts[r])] for r in used_ranks])
        for r in used_ranks:
            used_bits |= 1 << r
    if runs:
        free = _ALL_RANKS & ~used_bits  # the ranks counted for a set are left out of the runs
        table = _fullest_powers(wrap)
        best = [table[held & free], table[held >> 16 & free],
                table[held >> 32 & free], table[held >> 48 & free]]
        best.sort(reverse=True)
        score += sum(best[:runs])
    return score + 2.5 * jokers


def least_needed(hand: tuple[Card, ...], discards: list[Action], runs: int, sets: int, wrap: bool) -> Action:
    """The discard whose loss hurts `progress` least, the dearest among equals (the first
    such in `discards`): `max(discards, key=...)` with `progress` of the hand less each."""
    # The hand is counted once; each candidate only takes one off.  Which of two equally
    # full ranks counts first for a set depends on the order of the cards, so that is kept
    # exactly as the plain way did it: take the card out (its first copy, `list.remove`),
    # score, put it back at the end.  Cards are interned, so a card's key finds the very card.
    keys = [c.key for c in hand]
    ranks = [-1 if k == JOKER_KEY else k & 15 for k in keys]  # -1: a joker, of no rank
    copies: dict[int, int] = {}  # per card key
    counts: dict[int, int] = {}  # per rank
    for k, r in zip(keys, ranks):
        copies[k] = copies.get(k, 0) + 1
        counts[r] = counts.get(r, 0) + 1
    jokers = counts.pop(-1, 0)
    held = 0
    for k in copies:
        held |= _KEY_BITS[k]
    best: Action | None = None
    best_score: tuple[float, int] | None = None
    for a in discards:
        card = a.cards[0]
        key = card.key
        i = keys.index(key)
        rank = ranks[i]
        del keys[i], ranks[i]
        held_less = held & ~_KEY_BITS[key] if copies[key] == 1 else held
        jokers_less = jokers - (rank < 0)
        if sets:
            less = counts
            if rank >= 0:
                less = counts.copy()
                less[rank] -= 1
            value = _score(jokers_less, held_less, _first_seen(ranks), less, runs, sets, wrap)
        else:
            value = _score(jokers_less, held_less, (), counts, runs, 0, wrap)
        keys.append(key)
        ranks.append(rank)
        score = (value, card_penalty(card))
        if best_score is None or score > best_score:  # `max`: the first of the highest
            best, best_score = a, score
    assert best is not None
    return best


def _first_seen(ranks: list[int]) -> list[int]:
    """The ranks (not -1, a joker) in the order first seen."""
    order = dict.fromkeys(ranks)
    order.pop(-1, None)
    return list(order)


def throws_back(action: Action, taken: Card | None) -> bool:
    """Does `action` discard the card taken from the discard pile this turn (`taken`; the
    other copy of the same card, from the second deck, looks just the same)?"""
    return action.verb == "discard" and action.cards[0] is taken  # cards are interned


def strands_taken(action: Action, hand: tuple[Card, ...], taken: Card) -> bool:
    """Would `action` (a lay-down or a lay-off) leave nothing in `hand` but copies of the
    card taken, so that the turn could only end by throwing it back?"""
    if action.verb not in ("run", "set", "off"):
        return False
    rest = list(hand)
    for card in action.cards:
        rest.remove(card)
    return bool(rest) and all(c is taken for c in rest)


def sensible_moves(state: State) -> list[Action]:
    """The legal moves less those that throw back the card just taken (or leave only it to
    discard); at the draw, no take of a card the hand would hold nothing but copies of.
    If that would leave no way to end the turn, all of them stay."""
    actions: list[Action] = list(state.legal_actions())
    taken = state.taken
    if taken is None:
        if state.phase == "draw" and state.discard:
            top, hand = state.discard[-1], state.hands[state.player]
            if hand and all(c is top for c in hand):
                return [a for a in actions if a.verb != "take"]
        return actions
    hand = state.hands[state.player]
    kept = [a for a in actions if not throws_back(a, taken) and not strands_taken(a, hand, taken)]
    return kept if any(a.verb == "discard" for a in kept) or (state.phase == "meld" and kept) else actions


class RandomBot(_Random):
    """A legal move at random, but never the card just taken thrown back (`sensible_moves`)."""

    def considered(self, state: AnyState) -> list[Action]:
        assert isinstance(state, State)  # a Kínaskák bot is given Kínaskák positions (BOTS is per game)
        return sensible_moves(state)


class ThumbBot(Bot):
    """Rules of thumb (see the module docstring)."""

    label = {"is": "þumalputti", "en": "rule of thumb"}

    def considered(self, state: AnyState) -> list[Action]:
        assert isinstance(state, State)
        return sensible_moves(state)

    def choose(self, state: AnyState, seat: int) -> Action:
        assert isinstance(state, State)  # a Kínaskák bot is given Kínaskák positions (BOTS is per game)
        actions = self.considered(state)
        if len(actions) == 1:
            return actions[0]
        # `sight` is the part of `observation(seat)` read here, as cards: the search bot's
        # simulations spent a third of their time writing observations out and parsing them.
        seen = state.sight(seat)
        hand = seen.hand
        c = CONTRACTS[seen.round_no - 1]
        wrap = state.rules.run_wrap
        by_verb: dict[str, list[Action]] = {}
        for a in actions:
            by_verb.setdefault(a.verb, []).append(a)
        top = seen.discard_top
        if "take" in by_verb or "buy" in by_verb:
            want = top is not None and self._wants(top, seen, state, c.runs, c.sets, wrap)
            if "take" in by_verb:
                return by_verb["take"][0] if want else by_verb["draw"][0]
            buy = want and not seen.laid_down and len(hand) <= 15
            return by_verb["buy"][0] if buy else by_verb["pass"][0]
        melds = by_verb.get("run", []) + by_verb.get("set", [])
        if melds:  # lay down as soon as possible
            return melds[0]
        for verb in ("steal", "off"):  # then shed: a joker first, then the dearest card
            if verb in by_verb:
                return max(by_verb[verb], key=lambda a: (card_penalty(a.cards[0]), a.end == "high"))
        discards = by_verb.get("discard", [])
        if seen.laid_down:
            return max(discards, key=lambda a: (a.cards[0] is not JOKER, card_penalty(a.cards[0])))
        return least_needed(hand, discards, c.runs, c.sets, wrap)

    @staticmethod
    def _wants(card: Card, seen: Sight, state: State, runs: int, sets: int, wrap: bool) -> bool:
        if card is JOKER:
            return True
        if seen.laid_down:
            return state.fits_a_meld(card)  # a meld on the table takes it (public)
        hand = seen.hand
        return progress((*hand, card), runs, sets, wrap) - progress(hand, runs, sets, wrap) >= 1.0


class SearchBot(_Search):
    """Determinized Monte Carlo search (`cardlearn.bots.SearchBot`), each simulation played
    by `ThumbBot` in every seat for 45 moves (a round runs to 150 or more), then scored by
    the penalties each seat may expect at the round's end (`deal_estimate`).  Measured
    against the rule of thumb (200 deals each): 60 simulations cut at 30 moves won 52-53 %,
    45 cut at 45 won 61 % in 94 ms a move, 80 cut at 40 won 61 % in 153 ms (times before the
    simulations were made cheaper: 45 at 45 now takes 47 ms, 60 against random bots)."""

    policy = ThumbBot
    iterations = 45
    horizon = 45

    def considered(self, state: AnyState) -> list[Action]:
        assert isinstance(state, State)
        return sensible_moves(state)


BOTS = {"random": RandomBot, "thumb": ThumbBot, "search": SearchBot}  # weakest first
