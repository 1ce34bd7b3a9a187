"""The meld search: can a hand still make a round's contract (`completable`,
`can_lay_down`), and which melds may it lay now so that the rest still can (`meld_specs`,
the steps of a lay-down).  A rule algorithm of its own, beside the rule facts of
`rules.py`: it tries each run window with each choice of jokers, and counts the sets
greedily.  Every function here is pure; `completable` keys its cache on `Rules.meld_config`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations
from operator import attrgetter
from typing import Any, NamedTuple

from cardlearn.cards import JOKER, RANKS, SUITS, Card, parse_cards, without

from .rules import (
    CONTRACTS,
    FINAL_ROUND,
    HAND_SIZE,
    JOKER_KEY,
    MeldConfig,
    Rules,
    fit_run,
    max_jokers,
    rank_at,
    run_cards,
    run_lows,
)

# ---------------------------------------------------------------------------------------
# Can a hand still make the contract?  (Backtracking over runs, then a greedy count of sets.)

# The search counts cards by their small-int `Card.key` (suit index × 16 + rank index in
# `RANKS`; a joker 100): int keys hash in C, where a `Card` key costs a Python-level
# `__hash__` per look-up, and the search makes hundreds of look-ups per hand.
_JOKER_ID = id(JOKER)


@cache
def _rank_bits(wrap: bool) -> tuple[int, ...]:
    """Per rank (in `RANKS` order), its positions on the run scale as bits (an ace: 1 and 14)."""
    scale = range(13) if wrap else range(1, 15)
    return tuple(sum(1 << p for p in scale if rank_at(p, wrap) == rank) for rank in RANKS)


@cache
def _present_windows(suit: str, wrap: bool) -> tuple[tuple[int, dict[int, tuple[int, ...]]], ...]:
    """The windows of four of a suit: their positions as bits, and for each part of those
    bits (the positions a hand holds), the keys of the window's cards there, in order:
    looked up, not gathered card by card (the search asks this for hundreds of hands)."""
    out = []
    for low in run_lows(4, wrap, True):
        slots = [1 << (p % 13 if wrap else p) for p in range(low, low + 4)]
        keys = tuple(c.key for c in run_cards(suit, low, 4, wrap))
        present = {}
        for n in range(16):  # every subset of the four slots
            chosen = [i for i in range(4) if n >> i & 1]
            present[sum(slots[i] for i in chosen)] = tuple(keys[i] for i in chosen)
        out.append((sum(slots), present))
    return tuple(out)


def _sets_ok(count: dict[int, int], jokers: int, sets: int, used_ranks: frozenset[str],
             limit: str, distinct: bool) -> bool:
    """Can `sets` sets of three be made (`count`: natural cards by key)?"""
    by_rank = [0] * 13
    for key, n in count.items():
        by_rank[key & 15] += n
    return _sets_ok_by_rank(by_rank, jokers, sets, used_ranks, limit, distinct)


def _sets_ok_by_rank(by_rank: list[int], jokers: int, sets: int, used_ranks: frozenset[str],
                     limit: str, distinct: bool) -> bool:
    """`_sets_ok` from the natural cards per rank index (`by_rank[i]`, rank `RANKS[i]`).  The
    t-th set of a rank with c naturals costs max(0, 3t − c) jokers in all; the extra cost
    grows with t, so taking the cheapest extra costs first is optimal (the order the ranks
    are tried in does not matter: the costs are sorted)."""
    if sets == 0:
        return True
    fewest = 3 - max_jokers(3, limit)  # naturals each set needs
    costs: list[int] = []
    for rank, c in enumerate(by_rank):
        if c < fewest:  # not one set (and 0 < fewest: a set holds a natural card)
            continue
        if distinct and RANKS[rank] in used_ranks:
            continue
        most = c // fewest
        if distinct and most > 1:
            most = 1
        if most > sets:  # a rank's extra costs only grow: no more than its first `sets` are chosen
            most = sets
        before = 0
        for three_t in range(3, 3 * most + 1, 3):
            cost = three_t - c if three_t > c else 0
            costs.append(cost - before)
            before = cost
    if len(costs) < sets:
        return False
    costs.sort()
    return sum(costs[:sets]) <= jokers


def _runs_ok(count: dict[int, int], jokers: int, runs: int, options: tuple[tuple[tuple[int, ...], ...], ...],
             sets: int, used_ranks: frozenset[str], cfg: MeldConfig, by_rank: list[int]) -> bool:
    """Choose a window for each of `runs` runs, one suit each (`options`: per suit, the
    natural cards of each window that the hand can fill with its jokers), then the sets.
    `by_rank` is `count` summed per rank index, kept in step with it."""
    if runs == 0:
        return _sets_ok_by_rank(by_rank, jokers, sets, used_ranks, cfg[2], cfg[3])  # joker_limit, distinct
    most_j = max_jokers(4, cfg[2])
    for i in range(len(options) - runs + 1):
        for present in options[i]:
            need = 4 - len(present)
            if need > jokers:
                continue
            # With sets still to make, a joker may stand in for a natural the sets need.
            spare = min(jokers - need, most_j - need, len(present) - 1) if sets else 0
            for k in range(spare + 1):
                for used in combinations(present, len(present) - k):
                    for c in used:
                        count[c] -= 1
                        by_rank[c & 15] -= 1
                    ok = _runs_ok(count, jokers - need - k, runs - 1, options[i + 1:], sets, used_ranks, cfg,
                                  by_rank)
                    for c in used:
                        count[c] += 1
                        by_rank[c & 15] += 1
                    if ok:
                        return True
    return False


def jokers_in(hand: Sequence[Card]) -> int:
    """How many jokers end a sorted hand (jokers sort last); no `==` on cards, which is slow."""
    i = len(hand)
    while i and hand[i - 1] is JOKER:
        i -= 1
    return len(hand) - i


_key_of = attrgetter("key")


def hand_key(hand: Sequence[Card]) -> bytes:
    """The cards of `hand`, in order, as one byte each (`Card.key` is below 128): a cache
    key hashed in C, where a tuple of cards calls the Python-level `Card.__hash__` per card."""
    return bytes(map(_key_of, hand))


# `completable`'s cache: a dict keyed by `hand_key`, not an `lru_cache` keyed by the hand
# (see `hand_key`); bounded by starting afresh, which changes no answer.
_COMPLETABLE: dict[tuple[Any, ...], bool] = {}
_COMPLETABLE_MAX = 1 << 16


def completable(hand: tuple[Card, ...], runs: int, sets: int, used_suits: frozenset[str],
                used_ranks: frozenset[str], exact: bool, cfg: MeldConfig) -> bool:
    """Can `hand` (a sorted tuple) still supply `runs` runs in suits not in `used_suits` and
    `sets` sets (ranks not in `used_ranks` when set ranks must differ)?  With `exact`
    (round 8) they must use every card.  Melds of minimum length suffice: a longer meld
    always holds a shorter one with a natural card in it."""
    key = (hand_key(hand), runs, sets, used_suits, used_ranks, exact, cfg)
    known = _COMPLETABLE.get(key)
    if known is None:
        if len(_COMPLETABLE) >= _COMPLETABLE_MAX:
            _COMPLETABLE.clear()
        known = _COMPLETABLE[key] = _completable(hand, runs, sets, used_suits, used_ranks, exact, cfg)
    return known


def _completable(hand: tuple[Card, ...], runs: int, sets: int, used_suits: frozenset[str],
                 used_ranks: frozenset[str], exact: bool, cfg: MeldConfig) -> bool:
    need = 4 * runs + 3 * sets
    if len(hand) < need or (exact and len(hand) != need):
        return False
    if not runs and not sets:
        return True
    jokers = jokers_in(hand)
    # the natural cards by key, counted in C (a Counter, in hand order like a dict)
    count: dict[int, int] = Counter(map(_key_of, hand[:len(hand) - jokers]))
    count.pop(JOKER_KEY, None)  # a joker out of place (an unsorted hand) is no natural card
    wrap, _, limit, distinct = cfg
    by_rank = [0] * 13
    for key, n in count.items():
        by_rank[key & 15] += n
    if not runs:
        return _sets_ok_by_rank(by_rank, jokers, sets, used_ranks, limit, distinct)
    if sets and not _sets_ok_by_rank(by_rank, jokers, sets, used_ranks, limit, distinct):
        return False  # runs only take cards away from the sets
    options = []
    fill = min(jokers, max_jokers(4, limit))
    bits = _rank_bits(wrap)
    masks = [0, 0, 0, 0]  # per suit (in `SUITS` order), a bit for each scale position held
    for key in count:
        masks[key >> 4] |= bits[key & 15]
    for i, suit in enumerate(SUITS):
        mask = masks[i]
        if not mask or suit in used_suits:
            continue
        windows = _fillable_windows(suit, wrap, fill, mask)
        if windows:
            options.append(windows)
    if len(options) < runs:
        return False
    return _runs_ok(count, jokers, runs, tuple(options), sets, used_ranks, cfg, by_rank)


@lru_cache(maxsize=1 << 16)
def _fillable_windows(suit: str, wrap: bool, fill: int, mask: int) -> tuple[tuple[int, ...], ...]:
    """The windows of four of `suit` that a hand holding the scale positions `mask` of that
    suit can complete with `fill` jokers: for each, the keys of the cards it has there.
    Cached: a few hundred masks per suit come up again and again (ints: hashed in C)."""
    return tuple(present[mask & wmask] for wmask, present in _present_windows(suit, wrap)
                 if 4 - (mask & wmask).bit_count() <= fill)


def can_lay_down(hand: Iterable[Card | str] | str, round_no: int,
                 rules: Rules = Rules()) -> bool:  # noqa: B008 -- frozen: one shared default is safe
    """True iff some sub-multiset of `hand` is exactly the contract of round `round_no`
    (extra cards may remain); in round 8 the whole hand must be 14 cards forming it."""
    if type(round_no) is not int or not 1 <= round_no <= FINAL_ROUND:
        raise ValueError(f"round_no is 1 to 8, not {round_no!r}")
    cards = tuple(sorted(parse_cards(hand)))
    contract = CONTRACTS[round_no - 1]
    exact = round_no == FINAL_ROUND
    if exact and len(cards) != HAND_SIZE + 1:
        return False
    cfg = rules.meld_config
    return completable(cards, contract.runs, contract.sets, frozenset(), frozenset(), exact, cfg)


# ---------------------------------------------------------------------------------------
# Melds a hand can lay now (the steps of a lay-down)

class MeldSpec(NamedTuple):
    """A meld to lay: `kind` "run" or "set"; `key` its suit (run) or rank (set); `low`
    the run's first position (0 for a set); `cards` in place order (runs) or sorted."""

    kind: str
    key: str
    low: int
    cards: tuple[Card, ...]


def _jokers(cards: Iterable[Card]) -> int:
    """How many jokers, in any order (`tuple.count` would call `Card.__eq__` per card)."""
    return [*map(id, cards)].count(_JOKER_ID)


@cache
def _placed_windows(suit: str, size: int, wrap: bool,
                    ace_both: bool) -> tuple[tuple[int, tuple[Card, ...], frozenset[Card]], ...]:
    return tuple((low, cards, frozenset(cards)) for low in run_lows(size, wrap, ace_both)
                 for cards in (run_cards(suit, low, size, wrap),))


@cache
def _placed_bits(size: int, wrap: bool, ace_both: bool) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each of `_placed_windows`' windows (the same for every suit): its positions as
    bits, and the bit of each of its slots."""
    out = []
    for low in run_lows(size, wrap, ace_both):
        slots = tuple(1 << (p % 13 if wrap else p) for p in range(low, low + size))
        out.append((sum(slots), slots))
    return tuple(out)


def run_specs(hand: tuple[Card, ...], suit: str, size: int, rules: Rules) -> list[MeldSpec]:
    """Runs of exactly `size` cards in `suit` from `hand`, each placed as `end_placings`
    allows: as high as its natural cards allow, and right after it, when jokers can go at
    the ends, every lower placing down to the lowest (the order keeps the high placing,
    the common one, first)."""
    wrap, ace_both = rules.run_wrap, rules.run_ace_both_ends
    jokers = _jokers(hand)
    most_j = max_jokers(size, rules.joker_limit)
    fill = min(jokers, most_j)
    windows = _placed_windows(suit, size, wrap, ace_both)
    count: Counter[Card] | None = None
    # No window of 13 cards or fewer holds a card twice: find the cards it has in hand by
    # bits, a bit per scale position held in `suit` (`key & 15` is the rank's index).
    by_bits = _placed_bits(size, wrap, ace_both) if size <= 13 else None
    mask = 0
    if by_bits is not None:
        bits = _rank_bits(wrap)
        for c in hand:
            if c.suit == suit:
                mask |= bits[c.key & 15]
    out = []
    for w, (low, window, _) in enumerate(windows):
        if by_bits is not None:
            wmask, slots = by_bits[w]
            if size - (mask & wmask).bit_count() > fill:
                continue  # as below, without a list per window
            present = [i for i, bit in enumerate(slots) if mask & bit]
        else:
            if count is None:
                count = Counter(hand)
            avail, present = dict(count), []
            for i, c in enumerate(window):  # an A…A run holds the same ace twice
                if avail.get(c, 0) > 0:
                    avail[c] -= 1
                    present.append(i)
        missing = size - len(present)
        if missing > min(jokers, most_j) or not present:
            continue
        for k in range(min(jokers - missing, most_j - missing, len(present) - 1) + 1):
            for keep in combinations(present, len(present) - k):
                naturals = [window[i] for i in keep]
                if len(set(naturals)) < len(naturals):  # an A…A run: one placing only
                    if fit_run((*naturals, *(JOKER,) * (size - len(naturals))), rules) == (suit, low):
                        out.append(MeldSpec("run", suit, low, tuple(window[i] if i in keep else JOKER
                                                                    for i in range(size))))
                    continue
                if any(all(c in cards for c in naturals) for _, _, cards in windows[w + 1:]):
                    continue  # not the highest placing: offered (if lowest) after the highest
                out.append(MeldSpec("run", suit, low, tuple(window[i] if i in keep else JOKER
                                                            for i in range(size))))
                # the same naturals placed lower, down to the lowest: the end jokers split
                # between the ends, then all at the bottom (a placing standing for the same
                # cards as one already offered, as in a cyclic run of every rank, is one)
                held, offered = set(naturals), [windows[w][2]]
                for first, cards_low, set_low in reversed(windows[:w]):
                    if set_low in offered or not all(c in set_low for c in naturals):
                        continue
                    offered.append(set_low)
                    placed = tuple(c if c in held else JOKER for c in cards_low)
                    out.append(MeldSpec("run", suit, first, placed))
    return out


def set_specs(hand: tuple[Card, ...], rank: str, size: int, rules: Rules) -> list[MeldSpec]:
    """Sets of exactly `size` cards of `rank` from `hand` (each multiset of suits once)."""
    naturals = [c for c in hand if c.rank == rank]
    jokers = _jokers(hand)
    most_j = max_jokers(size, rules.joker_limit)
    out = []
    for k in range(max(1, size - most_j, size - jokers), min(size, len(naturals)) + 1):
        for chosen in sorted(set(combinations(naturals, k))):
            out.append(MeldSpec("set", rank, 0, (*chosen, *(JOKER,) * (size - k))))
    return out


@lru_cache(maxsize=1 << 14)
def meld_specs(hand: tuple[Card, ...], runs: int, sets: int, used_suits: frozenset[str],
               used_ranks: frozenset[str], exact: bool, rules: Rules, *, long: bool = False,
               free: bool = False) -> tuple[MeldSpec, ...]:
    """The melds that may be laid now from `hand` so that the rest can still make `runs`
    more runs and `sets` more sets (`free`: any meld, no contract left to make).  Melds
    are of minimum length (run 4, set 3) unless `long`."""
    cfg = rules.meld_config
    out: list[MeldSpec] = []
    if not free and not completable(hand, runs, sets, used_suits, used_ranks, exact, cfg):
        return ()
    sizes_run = range(4, len(hand) + 1) if long else (4,)
    sizes_set = range(3, len(hand) + 1) if long else (3,)
    if runs or free:
        for suit in SUITS:
            if suit in used_suits and not free:
                continue
            for size in sizes_run:
                for spec in run_specs(hand, suit, size, rules):
                    rest = without(hand, spec.cards)
                    if free or completable(rest, runs - 1, sets, used_suits | {suit}, used_ranks, exact, cfg):
                        out.append(spec)
    if sets or free:
        ranks = sorted({c.rank for c in hand if c.rank is not None}, key=RANKS.index)
        for rank in ranks:
            if rules.distinct_set_ranks and rank in used_ranks and not free:
                continue
            for size in sizes_set:
                for spec in set_specs(hand, rank, size, rules):
                    rest = without(hand, spec.cards)
                    if free or completable(rest, runs, sets - 1, used_suits, used_ranks | {rank}, exact, cfg):
                        out.append(spec)
    return tuple(out)
