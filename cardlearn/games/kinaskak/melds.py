"""The meld search: can a hand still make a round's contract (`completable`,
`can_lay_down`), and which melds may it lay now so that the rest still can (`meld_specs`,
the steps of a lay-down).  A rule algorithm of its own, beside the rule facts of
`rules.py`: it tries each run window with each choice of jokers, and counts the sets
greedily.  Every function here is pure; `completable` keys its cache on `Rules.meld_config`.
A meld on the table is a `Meld`, defined here.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import combinations
from operator import attrgetter
from typing import Any, NamedTuple

from cardlearn.cards import JOKER, RANKS, SUITS, Card, make_deck, parse_cards

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

__all__ = [  # this module's part of the game API: the package re-exports these
    "can_lay_down",
]


class Meld(NamedTuple):
    """A meld on the table.  `key` is the run's suit or the set's rank; `low` the run's
    first position on the run scale (0 for a set); `cards` in place order, jokers where
    they lie (a set's jokers last)."""

    owner: int
    kind: str
    key: str
    low: int
    cards: tuple[Card, ...]

    def stands_for(self, i: int, wrap: bool) -> Card | str:
        """What slot `i` stands for: a card in a run, a rank in a set (§B2.2, bindings)."""
        if self.kind == "set":
            return self.key
        return Card(rank_at(self.low + i, wrap), self.key)

    @property
    def jokers(self) -> int:
        return self.cards.count(JOKER)


# ---------------------------------------------------------------------------------------
# Can a hand still make the contract?  (Backtracking over runs, then a greedy count of sets.)

# The search reads a hand as the bytes of its cards' small-int `Card.key`s (`hand_key`:
# suit index × 16 + rank index in `RANKS`; a joker 100): bytes are counted, sliced and
# hashed in C, where a `Card` costs a Python-level `__hash__` per look-up, and the search
# makes hundreds of look-ups per hand.  `key & 15` is a card's rank index, `key >> 4` its
# suit index.
_JOKER_ID = id(JOKER)
_JOKER_BYTE = bytes([JOKER_KEY])


@cache
def _rank_bits(wrap: bool) -> tuple[int, ...]:
    """Per rank (in `RANKS` order), its positions on the run scale as bits (an ace: 1 and 14)."""
    scale = range(13) if wrap else range(1, 15)
    return tuple(sum(1 << p for p in scale if rank_at(p, wrap) == rank) for rank in RANKS)


@cache
def _present_windows(wrap: bool) -> tuple[tuple[int, dict[int, tuple[int, ...]]], ...]:
    """The windows of four (of any one suit): their positions as bits, and for each part
    of those bits (the positions a hand holds), the rank indices of the window's cards
    there, in order: looked up, not gathered card by card (the search asks this for
    hundreds of hands).  The run search reads only the ranks: the same for every suit."""
    out = []
    for low in run_lows(4, wrap, True):
        slots = [1 << (p % 13 if wrap else p) for p in range(low, low + 4)]
        ranks = tuple(RANKS.index(rank_at(p, wrap)) for p in range(low, low + 4))
        present = {}
        for n in range(16):  # every subset of the four slots
            chosen = [i for i in range(4) if n >> i & 1]
            present[sum(slots[i] for i in chosen)] = tuple(ranks[i] for i in chosen)
        out.append((sum(slots), present))
    return tuple(out)


def _sets_ok_by_rank(by_rank: list[int], jokers: int, sets: int, used_ranks: frozenset[str],
                     limit: str, distinct: bool) -> bool:
    """Can `sets` sets of three be made from the natural cards per rank index (`by_rank[i]`,
    rank `RANKS[i]`) and `jokers`?  The jokers they need depend only on how many naturals
    each rank has, not on which rank it is (a rank barred by `used_ranks` has none to
    offer): cached by the sorted counts, of which there are few (the search asks this for
    nearly every hand and every choice of runs)."""
    if sets == 0:
        return True
    if distinct and used_ranks:
        by_rank = [0 if RANKS[r] in used_ranks else c for r, c in enumerate(by_rank)]
    key = (bytes(sorted(by_rank)), sets, limit, distinct)
    need = _SET_JOKERS.get(key)
    if need is None:
        if len(_SET_JOKERS) >= _SET_JOKERS_MAX:
            _SET_JOKERS.clear()
        need = _SET_JOKERS[key] = set_jokers(key[0], sets, limit, distinct)
    return need <= jokers


_SET_JOKERS: dict[tuple[bytes, int, str, bool], float] = {}
_SET_JOKERS_MAX = 1 << 16


def set_jokers(counts: Iterable[int], sets: int, limit: str, distinct: bool) -> float:
    """The fewest jokers that make `sets` sets of three with ranks holding `counts` natural
    cards each (inf: not possible).  The t-th set of a rank with c naturals costs
    max(0, 3t − c) jokers in all; the extra cost grows with t, so taking the cheapest extra
    costs first is optimal (the order the ranks are tried in does not matter: the costs
    are sorted)."""
    fewest = 3 - max_jokers(3, limit)  # naturals each set needs
    costs: list[int] = []
    for c in counts:
        if c < fewest:  # not one set (and 0 < fewest: a set holds a natural card)
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
        return math.inf
    costs.sort()
    return sum(costs[:sets])


def _runs_ok(jokers: int, runs: int, options: tuple[tuple[tuple[int, ...], ...], ...],
             sets: int, used_ranks: frozenset[str], cfg: MeldConfig, by_rank: list[int]) -> bool:
    """Choose a window for each of `runs` runs, one suit each (`options`: per suit, the
    rank indices of the natural cards of each window that the hand can fill with its
    jokers), then the sets from the natural cards left, `by_rank` (per rank index), kept
    in step with the runs.  (One window per suit: no card is chosen twice, so only the
    counts per rank matter.)"""
    if runs == 0:
        return _sets_ok_by_rank(by_rank, jokers, sets, used_ranks, cfg[2], cfg[3])  # joker_limit, distinct
    if not sets:  # no sets to leave cards for: the search's answer is the cheapest windows'
        needs = sorted(4 - max(map(len, windows)) for windows in options)
        return len(needs) >= runs and sum(needs[:runs]) <= jokers
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
                    for r in used:
                        by_rank[r] -= 1
                    ok = _runs_ok(jokers - need - k, runs - 1, options[i + 1:], sets, used_ranks, cfg,
                                  by_rank)
                    for r in used:
                        by_rank[r] += 1
                    if ok:
                        return True
    return False


_key_of = attrgetter("key")


def hand_key(hand: Iterable[Card]) -> bytes:
    """The cards of `hand`, in order, as one byte each (`Card.key` is below 128): a cache
    key hashed in C, where a tuple of cards calls the Python-level `Card.__hash__` per card,
    and what the search reads a hand as."""
    return bytes(map(_key_of, hand))


def _less(keys: bytes, gone: Iterable[Card]) -> bytes:
    """`hand_key(without(hand, gone))` from `hand_key(hand)`: one copy of each card less,
    the order kept (each card of `gone` must be there)."""
    rest = bytearray(keys)
    for c in gone:
        rest.remove(c.key)
    return bytes(rest)


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
    return keys_completable(hand_key(hand), runs, sets, used_suits, used_ranks, exact, cfg)


def keys_completable(keys: bytes, runs: int, sets: int, used_suits: frozenset[str],
                     used_ranks: frozenset[str], exact: bool, cfg: MeldConfig) -> bool:
    """`completable` of the hand whose `hand_key` is `keys`."""
    suits = _names(used_suits) if used_suits else ""
    ranks = _names(used_ranks) if used_ranks else ""
    key = (keys, runs, sets, suits, ranks, exact, cfg)
    known = _COMPLETABLE.get(key)
    if known is None:
        if len(_COMPLETABLE) >= _COMPLETABLE_MAX:
            _COMPLETABLE.clear()
        known = _COMPLETABLE[key] = _completable(keys, runs, sets, used_suits, used_ranks, exact, cfg)
    return known


# The cache's keys hold only bytes, ints, strings and bools, never a set: the garbage
# collector then stops tracking them (a tuple of such values cannot be in a cycle), where
# tens of thousands of tracked keys (and their sets) were walked by every full collection.
# So the used suits and ranks are written as text.
_NAMES: dict[frozenset[str], str] = {}


def _names(items: frozenset[str]) -> str:
    """The names in `items`, sorted, as one text ("" for none): equal sets, equal texts."""
    text = _NAMES.get(items)
    if text is None:
        if len(_NAMES) >= 1 << 12:  # subsets of the suits and of the ranks: a bound all the same
            _NAMES.clear()
        text = _NAMES[items] = " ".join(sorted(items))
    return text


def _completable(keys: bytes, runs: int, sets: int, used_suits: frozenset[str],
                 used_ranks: frozenset[str], exact: bool, cfg: MeldConfig) -> bool:
    size = len(keys)
    need = 4 * runs + 3 * sets
    if size < need or (exact and size != need):
        return False
    if not runs and not sets:
        return True
    naturals = keys.rstrip(_JOKER_BYTE)  # jokers sort last
    jokers = size - len(naturals)
    if JOKER_KEY in naturals:  # a joker out of place (an unsorted hand) is no natural card
        naturals = naturals.replace(_JOKER_BYTE, b"")
    wrap, _, limit, distinct = cfg
    by_rank = [0] * 13  # the natural cards per rank index
    if not runs:
        for key in naturals:
            by_rank[key & 15] += 1
        return _sets_ok_by_rank(by_rank, jokers, sets, used_ranks, limit, distinct)
    bits = _rank_bits(wrap)
    masks = [0, 0, 0, 0]  # per suit (in `SUITS` order), a bit for each scale position held
    for key in naturals:
        masks[key >> 4] |= bits[key & 15]
    # The suits that can hold a run first (the cheaper test, and the one most hands fail:
    # the counts per rank are made after it), then the sets alone (runs only take cards
    # away from them), then both together.
    fill = min(jokers, max_jokers(4, limit))
    options = []
    for i, mask in enumerate(masks):
        if mask and SUITS[i] not in used_suits:
            windows = _FILLABLE.get(mask | fill << 15 | wrap << 17)  # `_fillable_windows`, inline
            if windows is None:
                windows = _fillable_windows(wrap, fill, mask)
            if windows:
                options.append(windows)
    if len(options) < runs:
        return False
    for key in naturals:
        by_rank[key & 15] += 1
    if sets and not _sets_ok_by_rank(by_rank, jokers, sets, used_ranks, limit, distinct):
        return False
    return _runs_ok(jokers, runs, tuple(options), sets, used_ranks, cfg, by_rank)


# `_fillable_windows`' cache, keyed by one int (hashed in C): a few hundred masks come up
# again and again.  At most 2 × 4 fills × 2^15 masks: no bound needed.
_FILLABLE: dict[int, tuple[tuple[int, ...], ...]] = {}


def _fillable_windows(wrap: bool, fill: int, mask: int) -> tuple[tuple[int, ...], ...]:
    """The windows of four of a suit that a hand holding the scale positions `mask` of that
    suit can complete with `fill` jokers: for each, the rank indices of the cards it has
    there."""
    key = mask | fill << 15 | wrap << 17
    found = _FILLABLE.get(key)
    if found is None:
        found = _FILLABLE[key] = tuple(present[mask & wmask] for wmask, present in _present_windows(wrap)
                                       if 4 - (mask & wmask).bit_count() <= fill)
    return found


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


@cache
def _window_ranks(suit: str, size: int, wrap: bool, ace_both: bool) -> tuple[int, ...]:
    """For each of `_placed_windows`' windows of 13 cards or fewer (which hold no card
    twice): its cards' ranks as bits, 1 << rank index, which stand for its set of cards."""
    return tuple(sum(1 << (c.key & 15) for c in cards)
                 for _, cards, _ in _placed_windows(suit, size, wrap, ace_both))


def run_specs(hand: tuple[Card, ...], suit: str, size: int, rules: Rules) -> list[MeldSpec]:
    """Runs of exactly `size` cards in `suit` from `hand`, each placed as `end_placings`
    allows: as high as its natural cards allow, and right after it, when jokers can go at
    the ends, every lower placing down to the lowest (the order keeps the high placing,
    the common one, first)."""
    if size > 13:
        return _long_run_specs(hand, suit, size, rules)
    bits = _rank_bits(rules.run_wrap)
    mask = 0
    for c in hand:
        if c.suit == suit:
            mask |= bits[c.key & 15]
    return list(_short_run_specs(suit, size, rules, mask, _jokers(hand)))


# `_short_run_specs`' cache, keyed by one int: a suit's runs depend on the hand only through
# the positions it holds in that suit and how many jokers it can spend.
_RUN_SPECS: dict[int, tuple[MeldSpec, ...]] = {}
_RUN_SPECS_MAX = 1 << 16


def _short_run_specs(suit: str, size: int, rules: Rules, mask: int, jokers: int) -> tuple[MeldSpec, ...]:
    """`run_specs` of a hand that holds the scale positions `mask` of `suit` (bits as
    `_rank_bits` gives them) and `jokers` jokers, for `size` ≤ 13: no window holds a card
    twice, so the cards a window has in hand are found by bits, and a set of cards is
    the bits of their ranks (`_window_ranks`)."""
    wrap, ace_both = rules.run_wrap, rules.run_ace_both_ends
    fill = min(jokers, max_jokers(size, rules.joker_limit))  # the jokers a run may hold
    key = (mask | fill << 15 | size << 19 | SUITS.index(suit) << 23 | wrap << 25 | ace_both << 26
           | _LIMITS.index(rules.joker_limit) << 27)
    found = _RUN_SPECS.get(key)
    if found is not None:
        return found
    windows = _placed_windows(suit, size, wrap, ace_both)
    by_bits = _placed_bits(size, wrap, ace_both)
    ranks = _window_ranks(suit, size, wrap, ace_both)
    out = []
    for w, (low, window, _) in enumerate(windows):
        wmask, slots = by_bits[w]
        if size - (mask & wmask).bit_count() > fill:
            continue
        present = [i for i, bit in enumerate(slots) if mask & bit]
        if not present:
            continue
        for k in range(min(fill - (size - len(present)), len(present) - 1) + 1):
            for keep in combinations(present, len(present) - k):
                held = 0  # the naturals kept, as rank bits
                for i in keep:
                    held |= 1 << (window[i].key & 15)
                if any(not held & ~r for r in ranks[w + 1:]):
                    continue  # not the highest placing: offered (if lowest) after the highest
                out.append(MeldSpec("run", suit, low, tuple(window[i] if i in keep else JOKER
                                                            for i in range(size))))
                # the same naturals placed lower, down to the lowest: the end jokers split
                # between the ends, then all at the bottom (a placing standing for the same
                # cards as one already offered, as in a cyclic run of every rank, is one)
                offered = [ranks[w]]
                for j in range(w - 1, -1, -1):
                    r = ranks[j]
                    if r in offered or held & ~r:
                        continue
                    offered.append(r)
                    first, cards_low, _ = windows[j]
                    out.append(MeldSpec("run", suit, first, tuple(c if held >> (c.key & 15) & 1 else JOKER
                                                                  for c in cards_low)))
    if len(_RUN_SPECS) >= _RUN_SPECS_MAX:
        _RUN_SPECS.clear()
    found = _RUN_SPECS[key] = tuple(out)
    return found


_LIMITS = ("min_one_natural", "not_more_than_naturals", "one_per_meld")  # `Rules.joker_limit`'s values


def _long_run_specs(hand: tuple[Card, ...], suit: str, size: int, rules: Rules) -> list[MeldSpec]:
    """`run_specs` for `size` > 13 (long melds only): a window may hold the same ace twice."""
    wrap, ace_both = rules.run_wrap, rules.run_ace_both_ends
    jokers = _jokers(hand)
    most_j = max_jokers(size, rules.joker_limit)
    windows = _placed_windows(suit, size, wrap, ace_both)
    count = Counter(hand)
    out = []
    for w, (low, window, _) in enumerate(windows):
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
    naturals = bytes(c.key for c in hand if c.rank == rank)
    return list(_set_specs(naturals, rank, size, max_jokers(size, rules.joker_limit), _jokers(hand)))


# `_set_specs`' cache: a rank's sets depend on the hand only through its cards of that
# rank and how many jokers it holds (no more than the set's size count).
_SET_SPECS: dict[tuple[bytes, int, int, int], tuple[MeldSpec, ...]] = {}
_SET_SPECS_MAX = 1 << 16


def _set_specs(naturals: bytes, rank: str, size: int, most_j: int, jokers: int) -> tuple[MeldSpec, ...]:
    """`set_specs` of a hand whose cards of `rank` have the keys `naturals`, with `jokers`
    jokers; a set may hold `most_j` of them.  Tuples of cards sort as their keys do."""
    key = (naturals, size, most_j, min(jokers, size))
    found = _SET_SPECS.get(key)
    if found is not None:
        return found
    out = []
    for k in range(max(1, size - most_j, size - jokers), min(size, len(naturals)) + 1):
        for chosen in sorted(set(combinations(naturals, k))):
            out.append(MeldSpec("set", rank, 0, (*map(_CARD_OF.__getitem__, chosen), *(JOKER,) * (size - k))))
    if len(_SET_SPECS) >= _SET_SPECS_MAX:
        _SET_SPECS.clear()
    found = _SET_SPECS[key] = tuple(out)
    return found


_CARD_OF = {c.key: c for c in make_deck(jokers=1)}  # every card by its key


@lru_cache(maxsize=1 << 14)
def meld_specs(hand: tuple[Card, ...], runs: int, sets: int, used_suits: frozenset[str],
               used_ranks: frozenset[str], exact: bool, rules: Rules, *, long: bool = False,
               free: bool = False) -> tuple[MeldSpec, ...]:
    """The melds that may be laid now from `hand` so that the rest can still make `runs`
    more runs and `sets` more sets (`free`: any meld, no contract left to make).  Melds
    are of minimum length (run 4, set 3) unless `long`."""
    return keyed_meld_specs(hand, hand_key(hand), runs, sets, used_suits, used_ranks, exact, rules, long,
                            free)


def keyed_meld_specs(hand: tuple[Card, ...], keys: bytes, runs: int, sets: int, used_suits: frozenset[str],
                     used_ranks: frozenset[str], exact: bool, rules: Rules, long: bool,
                     free: bool) -> tuple[MeldSpec, ...]:
    """`meld_specs`, uncached, given also the hand's `hand_key`, `keys`: the hand as the
    search reads it (each meld's rest is `_less` of it)."""
    cfg = rules.meld_config
    out: list[MeldSpec] = []
    if not free and not keys_completable(keys, runs, sets, used_suits, used_ranks, exact, cfg):
        return ()
    sizes_run = range(4, len(hand) + 1) if long else (4,)
    sizes_set = range(3, len(hand) + 1) if long else (3,)
    total, jokers = len(keys), keys.count(JOKER_KEY)
    # A rest that owes sets alone is judged from the hand's counts per rank, less the
    # meld's cards (`_sets_rest_ok`), when the hand's jokers all end it (a sorted hand).
    by_rank: list[int] | None = None
    if not free and JOKER_KEY not in keys.rstrip(_JOKER_BYTE):
        by_rank = [0] * 13
        for key in keys[:total - jokers]:
            by_rank[key & 15] += 1
    if runs or free:
        bits = _rank_bits(rules.run_wrap)
        masks = [0, 0, 0, 0]  # per suit, the scale positions held (as `run_specs` finds them)
        for key in keys:
            if key != JOKER_KEY:
                masks[key >> 4] |= bits[key & 15]
        for i, suit in enumerate(SUITS):
            if suit in used_suits and not free:
                continue
            now_used = used_suits | {suit}
            for size in sizes_run:
                specs = _short_run_specs(suit, size, rules, masks[i], jokers) if size <= 13 else \
                    _long_run_specs(hand, suit, size, rules)
                for spec in specs:
                    if free:
                        ok = True
                    elif runs == 1 and by_rank is not None:
                        ok = _sets_rest_ok(total, by_rank, jokers, spec.cards, sets, used_ranks, exact, cfg)
                    else:
                        rest = _less(keys, spec.cards)
                        ok = keys_completable(rest, runs - 1, sets, now_used, used_ranks, exact, cfg)
                    if ok:
                        out.append(spec)
    if sets or free:
        of_rank: dict[int, bytearray] = {}  # per rank index held, its cards' keys in hand order
        for key in keys:
            if key != JOKER_KEY:
                of_rank.setdefault(key & 15, bytearray()).append(key)
        for r in sorted(of_rank):  # in `RANKS` order
            rank = RANKS[r]
            if rules.distinct_set_ranks and rank in used_ranks and not free:
                continue
            naturals = bytes(of_rank[r])
            now_used = used_ranks | {rank}
            for size in sizes_set:
                for spec in _set_specs(naturals, rank, size, max_jokers(size, rules.joker_limit), jokers):
                    if free:
                        ok = True
                    elif not runs and by_rank is not None:
                        ok = _sets_rest_ok(total, by_rank, jokers, spec.cards, sets - 1, now_used, exact, cfg)
                    else:
                        rest = _less(keys, spec.cards)
                        ok = keys_completable(rest, runs, sets - 1, used_suits, now_used, exact, cfg)
                    if ok:
                        out.append(spec)
    return tuple(out)


def _sets_rest_ok(size: int, by_rank: list[int], jokers: int, meld: tuple[Card, ...], sets: int,
                  used_ranks: frozenset[str], exact: bool, cfg: MeldConfig) -> bool:
    """`keys_completable` of a hand less the cards of `meld`, for `sets` sets and no runs:
    the same steps as `_completable`, from the hand's size, its natural cards per rank
    index (`by_rank`) and its `jokers`, all at its end (so they end the rest too)."""
    size -= len(meld)
    need = 3 * sets
    if size < need or (exact and size != need):
        return False
    if not sets:
        return True
    rest, spent = by_rank.copy(), 0
    for c in meld:
        if c is JOKER:
            spent += 1
        else:
            rest[c.key & 15] -= 1
    return _sets_ok_by_rank(rest, jokers - spent, sets, used_ranks, cfg[2], cfg[3])
