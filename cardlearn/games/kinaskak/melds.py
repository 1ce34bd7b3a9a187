"""Kínaskák rule facts: decks, contracts, runs (*raðir*), sets (*þrennur*), penalties, and
the search that decides whether a hand can still make a round's contract.

Everything here is a pure function of cards and `Rules`; the engine (`state.py`) and the
notebook both use it.  Positions on the run scale: ace low 1, 2 … 10, J 11, Q 12, K 13,
ace high 14 (§B2.1); with `run_wrap` the scale is cyclic over the thirteen ranks instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from operator import methodcaller
from typing import Literal, NamedTuple

from cardlearn.cards import JOKER, RANKS, SUITS, Card, make_deck, parse_cards
from cardlearn.core import check_rule_types

__all__ = [
    "CONTRACTS",
    "Contract",
    "Rules",
    "can_lay_down",
    "card_penalty",
    "deck_for",
    "end_placings",
    "is_run",
    "is_set",
    "penalty",
]


@dataclass(frozen=True)
class Rules:
    """Variant options: one per row of the rule file's ambiguity table (§B3), each with
    the rule file's default.  `max_turns_per_round=None` means 60 × players."""

    jokers_per_deck: int = 2
    decks: Literal["by_players"] | int = "by_players"
    run_wrap: bool = False
    run_ace_both_ends: bool = True
    distinct_set_ranks: bool = False
    joker_limit: Literal["min_one_natural", "not_more_than_naturals", "one_per_meld"] = "min_one_natural"
    extra_melds_on_laydown: bool = False
    new_melds_after_laydown: bool = False
    layoff_same_turn: bool = True
    joker_steal_from_sets: bool = True
    joker_steal_by_owner: bool = True
    stolen_joker_must_be_used: bool = False
    max_buys: int = 3
    excess_buy_penalty: int | None = None
    buy_priority: Literal["lot", "seat_order"] = "lot"
    discarder_may_buy: bool = False
    buy_initial_upcard: bool = True
    buy_in_final_lap: bool = False
    round8_draw_source: Literal["stock", "either"] = "stock"
    go_out_by_discard: bool = True
    forbid_same_card_discard: bool = False
    dealer_rotation: Literal["clockwise"] = "clockwise"
    stock_exhaustion: Literal["reshuffle", "end_round"] = "reshuffle"
    max_reshuffles: int = 1
    max_turns_per_round: int | None = None
    tie_break: Literal["shared", "fewest_total_cards"] = "shared"

    def __post_init__(self) -> None:
        check_rule_types(self)
        checks = [
            (0 <= self.jokers_per_deck <= 4, "jokers_per_deck is from 0 to 4"),
            (self.decks == "by_players" or 2 <= self.decks <= 4, "decks is 'by_players' or 2 to 4"),
            (self.max_buys >= 0, "max_buys is 0 or more"),
            (self.excess_buy_penalty is None or self.excess_buy_penalty >= 0,
             "excess_buy_penalty is None or 0 or more points"),
            (self.max_reshuffles >= 0, "max_reshuffles is 0 or more"),
            (self.max_turns_per_round is None or self.max_turns_per_round >= 1,
             "max_turns_per_round is None or at least 1"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)
        # The facts the meld search needs, as one small hashable tuple (cheap cache keys).
        object.__setattr__(self, "_cfg", (self.run_wrap, self.run_ace_both_ends, self.joker_limit,
                                          self.distinct_set_ranks))


DEFAULT = Rules()


class Contract(NamedTuple):
    """A round's goal (*samningur*): how many runs and sets the first lay-down must hold."""

    runs: int
    sets: int

    @property
    def min_cards(self) -> int:
        return 4 * self.runs + 3 * self.sets


CONTRACTS: tuple[Contract, ...] = (
    Contract(1, 1), Contract(0, 2), Contract(2, 0), Contract(1, 2),
    Contract(2, 1), Contract(0, 3), Contract(3, 0), Contract(2, 2),
)
FINAL_ROUND = 8
HAND_SIZE = 13


def deck_for(players: int, rules: Rules = DEFAULT) -> tuple[Card, ...]:
    """Two decks and 2 jokers each for 2–4 players, three for 5–6 (§B2.1, flags 1–2)."""
    if type(players) is not int or not 2 <= players <= 6:
        raise ValueError(f"Kínaskák is for 2 to 6 players, not {players!r}")
    copies = (2 if players <= 4 else 3) if rules.decks == "by_players" else rules.decks
    return make_deck(copies=copies, jokers=rules.jokers_per_deck * copies)


# ---------------------------------------------------------------------------------------
# Penalties (§B1 "End of rounds and scoring")

_PENALTY = {"A": 15, "9": 10, "10": 10, "J": 10, "Q": 10, "K": 10}


def card_penalty(card: Card) -> int:
    """Joker 20, ace 15, 9, 10 and faces 10, 2–8 5."""
    return 20 if card.rank is None else _PENALTY.get(card.rank, 5)


def penalty(cards: Iterable[Card | str] | str) -> int:
    """The penalty points of the cards left in a hand."""
    return sum(card_penalty(c) for c in parse_cards(cards))


# ---------------------------------------------------------------------------------------
# The run scale

_LOW_SCALE = ("A", *RANKS)  # position 1 is the low ace, 14 the high ace


def rank_at(pos: int, wrap: bool) -> str:
    """The rank standing at a position of the run scale."""
    return RANKS[pos % 13] if wrap else _LOW_SCALE[pos - 1]


def max_jokers(size: int, limit: str) -> int:
    """How many jokers a meld of `size` cards may hold (§B2.2, flag `joker_limit`)."""
    if limit == "one_per_meld":
        return 1
    if limit == "not_more_than_naturals":
        return size // 2
    return size - 1


def run_lows(size: int, wrap: bool, ace_both: bool) -> range:
    """Where a run of `size` cards may start on the scale."""
    if wrap:
        return range(13) if size <= 13 else range(0)
    top = 14 if ace_both or size < 14 else 13
    return range(1, top - size + 2)


def run_cards(suit: str, low: int, size: int, wrap: bool) -> tuple[Card, ...]:
    """The natural cards a run of `size` from position `low` stands for."""
    return tuple(Card(rank_at(p, wrap), suit) for p in range(low, low + size))


def fit_run(cards: Sequence[Card], rules: Rules = DEFAULT) -> tuple[str, int] | None:
    """(suit, low) of the highest placing of these cards as one run, or None (§B2.2): a
    joker at an end stands for the card above the naturals when there is room.  This is
    the placing a lay-down gets when the player clicks its cards alone."""
    placings = run_placings(cards, rules)
    return placings[-1] if placings else None


def end_placings(cards: Sequence[Card], rules: Rules = DEFAULT) -> list[tuple[str, int]]:
    """The placings a player may declare for these cards as one run: the highest, and
    the lowest too when its jokers stand for other cards (§B4.4: JK 4H 5H 6H may be
    declared as 3H–6H or 4H–7H).  Between them, with two or more jokers at the ends, lie
    middle placings (JK=4H 5H 6H JK=7H); the engine does not offer those: each extra
    declaration is one more move to click apart at the table."""
    placings = run_placings(cards, rules)
    if not placings:
        return []
    high, low = placings[-1], placings[0]
    size, wrap = len(cards), rules.run_wrap
    if low == high or set(run_cards(*low, size, wrap)) == set(run_cards(*high, size, wrap)):
        return [high]  # one placing, or a cyclic run that holds every rank whichever its start
    return [high, low]


def run_placings(cards: Sequence[Card], rules: Rules = DEFAULT) -> list[tuple[str, int]]:
    """Every (suit, low) at which these cards form a run, lowest first."""
    naturals = [c for c in cards if c.rank is not None]
    size = len(cards)
    if size < 4 or not naturals or size - len(naturals) > max_jokers(size, rules.joker_limit):
        return []
    suit = naturals[0].suit
    if any(c.suit != suit for c in naturals):
        return []
    want = Counter(naturals)
    out = []
    for low in run_lows(size, rules.run_wrap, rules.run_ace_both_ends):
        have = Counter(run_cards(suit, low, size, rules.run_wrap))
        if not want - have:
            out.append((suit, low))
    return out


def is_run(cards: Iterable[Card | str] | str, rules: Rules = DEFAULT) -> bool:
    """At least four cards of one suit in sequence, ace low or high, no wrap-around;
    jokers stand in for any missing card (any binding that works is accepted)."""
    return bool(run_placings(parse_cards(cards), rules))


def is_set(cards: Iterable[Card | str] | str, rules: Rules = DEFAULT) -> bool:
    """At least three cards of one rank, any suits (duplicates allowed), jokers wild."""
    cards = parse_cards(cards)
    ranks = {c.rank for c in cards if c.rank is not None}
    jokers = sum(c.rank is None for c in cards)
    return len(cards) >= 3 and len(ranks) == 1 and jokers <= max_jokers(len(cards), rules.joker_limit)


# ---------------------------------------------------------------------------------------
# Can a hand still make the contract?  (Backtracking over runs, then a greedy count of sets.)

# The search counts cards by their small-int `sort_key()` (suit index × 16 + rank index in
# `RANKS`; a joker 100): int keys hash in C, where a `Card` key costs a Python-level
# `__hash__` per look-up, and the search makes hundreds of look-ups per hand.
_SORT_KEY = methodcaller("sort_key")
_JOKER_KEY = JOKER.sort_key()
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
        keys = tuple(map(_SORT_KEY, run_cards(suit, low, 4, wrap)))
        present = {}
        for n in range(16):  # every subset of the four slots
            chosen = [i for i in range(4) if n >> i & 1]
            present[sum(slots[i] for i in chosen)] = tuple(keys[i] for i in chosen)
        out.append((sum(slots), present))
    return tuple(out)


def _sets_ok(count: dict[int, int], jokers: int, sets: int, used_ranks: frozenset[str],
             limit: str, distinct: bool) -> bool:
    """Can `sets` sets of three be made (`count`: natural cards by key)?  The t-th set of
    a rank with c naturals costs max(0, 3t − c) jokers in all; the extra cost grows with
    t, so taking the cheapest extra costs first is optimal."""
    if sets == 0:
        return True
    by_rank: dict[int, int] = {}
    for key, n in count.items():
        if n:
            rank = key & 15
            by_rank[rank] = by_rank.get(rank, 0) + n
    fewest = 3 - max_jokers(3, limit)  # naturals each set needs
    costs: list[int] = []
    for rank, c in by_rank.items():
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


def _runs_ok(count: dict[int, int], jokers: int, runs: int, options: tuple[list[tuple[int, ...]], ...],
             sets: int, used_ranks: frozenset[str], cfg: tuple) -> bool:
    """Choose a window for each of `runs` runs, one suit each (`options`: per suit, the
    natural cards of each window that the hand can fill with its jokers), then the sets."""
    if runs == 0:
        return _sets_ok(count, jokers, sets, used_ranks, cfg[2], cfg[3])
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
                    ok = _runs_ok(count, jokers - need - k, runs - 1, options[i + 1:], sets, used_ranks, cfg)
                    for c in used:
                        count[c] += 1
                    if ok:
                        return True
    return False


def jokers_in(hand: Sequence[Card]) -> int:
    """How many jokers end a sorted hand (jokers sort last); no `==` on cards, which is slow."""
    i = len(hand)
    while i and hand[i - 1] is JOKER:
        i -= 1
    return len(hand) - i


@lru_cache(maxsize=1 << 16)
def completable(hand: tuple[Card, ...], runs: int, sets: int, used_suits: frozenset[str],
                used_ranks: frozenset[str], exact: bool, cfg: tuple) -> bool:
    """Can `hand` (a sorted tuple) still supply `runs` runs in suits not in `used_suits` and
    `sets` sets (ranks not in `used_ranks` when set ranks must differ)?  With `exact`
    (round 8) they must use every card.  Melds of minimum length suffice: a longer meld
    always holds a shorter one with a natural card in it."""
    need = 4 * runs + 3 * sets
    if len(hand) < need or (exact and len(hand) != need):
        return False
    if not runs and not sets:
        return True
    jokers = jokers_in(hand)
    count: dict[int, int] = {}
    for i in range(len(hand) - jokers):
        key = hand[i].key  # its sort_key(), without a method call per card
        count[key] = count.get(key, 0) + 1
    count.pop(_JOKER_KEY, None)  # a joker out of place (an unsorted hand) is no natural card
    if not runs:
        return _sets_ok(count, jokers, sets, used_ranks, cfg[2], cfg[3])
    if sets and not _sets_ok(count, jokers, sets, used_ranks, cfg[2], cfg[3]):
        return False  # runs only take cards away from the sets
    options = []
    fill = min(jokers, max_jokers(4, cfg[2]))
    bits = _rank_bits(cfg[0])
    masks = [0, 0, 0, 0]  # per suit (in `SUITS` order), a bit for each scale position held
    for key in count:
        masks[key >> 4] |= bits[key & 15]
    for i, suit in enumerate(SUITS):
        mask = masks[i]
        if not mask or suit in used_suits:
            continue
        windows = [present[mask & wmask] for wmask, present in _present_windows(suit, cfg[0])
                   if 4 - (mask & wmask).bit_count() <= fill]
        if windows:
            options.append(windows)
    if len(options) < runs:
        return False
    return _runs_ok(count, jokers, runs, tuple(options), sets, used_ranks, cfg)


def can_lay_down(hand: Iterable[Card | str] | str, round_no: int, rules: Rules = DEFAULT) -> bool:
    """True iff some sub-multiset of `hand` is exactly the contract of round `round_no`
    (extra cards may remain); in round 8 the whole hand must be 14 cards forming it."""
    if type(round_no) is not int or not 1 <= round_no <= FINAL_ROUND:
        raise ValueError(f"round_no is 1 to 8, not {round_no!r}")
    cards = tuple(sorted(parse_cards(hand)))
    contract = CONTRACTS[round_no - 1]
    exact = round_no == FINAL_ROUND
    if exact and len(cards) != HAND_SIZE + 1:
        return False
    return completable(cards, contract.runs, contract.sets, frozenset(), frozenset(), exact, rules._cfg)


# ---------------------------------------------------------------------------------------
# Melds a hand can lay now (the steps of a lay-down)

class MeldSpec(NamedTuple):
    """A meld to lay: `kind` "run" or "set"; `key` its suit (run) or rank (set); `low`
    the run's first position (0 for a set); `cards` in place order (runs) or sorted."""

    kind: str
    key: str
    low: int
    cards: tuple[Card, ...]


def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    # Cards are interned (one object per card), so identity is equality: `list.remove`
    # would call the Python-level `Card.__eq__` on every card it passes.
    rest, ids = list(hand), list(map(id, hand))
    for c in cards:
        i = ids.index(id(c))
        del rest[i], ids[i]
    return tuple(rest)


def _jokers(cards: Iterable[Card]) -> int:
    """How many jokers, in any order (`tuple.count` would call `Card.__eq__` per card)."""
    return [*map(id, cards)].count(_JOKER_ID)


@cache
def _placed_windows(suit: str, size: int,
                    cfg: tuple) -> tuple[tuple[int, tuple[Card, ...], frozenset[Card]], ...]:
    return tuple((low, cards, frozenset(cards)) for low in run_lows(size, cfg[0], cfg[1])
                 for cards in (run_cards(suit, low, size, cfg[0]),))


@cache
def _placed_bits(size: int, cfg: tuple) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each of `_placed_windows`' windows (the same for every suit): its positions as
    bits, and the bit of each of its slots."""
    wrap = cfg[0]
    out = []
    for low in run_lows(size, wrap, cfg[1]):
        slots = tuple(1 << (p % 13 if wrap else p) for p in range(low, low + size))
        out.append((sum(slots), slots))
    return tuple(out)


def run_specs(hand: tuple[Card, ...], suit: str, size: int, rules: Rules) -> list[MeldSpec]:
    """Runs of exactly `size` cards in `suit` from `hand`, each placed as `end_placings`
    allows: as high as its natural cards allow, and right after it, when a joker can go
    at either end, as low (the order keeps the high placing, the common one, first)."""
    cfg = rules._cfg
    jokers = _jokers(hand)
    most_j = max_jokers(size, rules.joker_limit)
    fill = min(jokers, most_j)
    windows = _placed_windows(suit, size, cfg)
    count: Counter[Card] | None = None
    by_bits = None
    if size <= 13:  # no window holds a card twice: find the cards it has in hand by bits
        by_bits, bits, mask = _placed_bits(size, cfg), _rank_bits(cfg[0]), 0
        for c in hand:
            if c.suit == suit:
                mask |= bits[c.key & 15]  # the rank's index: its sort_key() without a method call
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
                below = next(j for j in range(w + 1) if all(c in windows[j][2] for c in naturals))
                first, cards_low, set_low = windows[below]
                if below != w and set_low != windows[w][2]:  # the same naturals, jokers at the bottom
                    held = set(naturals)
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
    cfg = rules._cfg
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
                    rest = _remove(hand, spec.cards)
                    if free or completable(rest, runs - 1, sets, used_suits | {suit}, used_ranks, exact, cfg):
                        out.append(spec)
    if sets or free:
        ranks = sorted({c.rank for c in hand if c.rank is not None}, key=RANKS.index)
        for rank in ranks:
            if rules.distinct_set_ranks and rank in used_ranks and not free:
                continue
            for size in sizes_set:
                for spec in set_specs(hand, rank, size, rules):
                    rest = _remove(hand, spec.cards)
                    if free or completable(rest, runs, sets - 1, used_suits, used_ranks | {rank}, exact, cfg):
                        out.append(spec)
    return tuple(out)
