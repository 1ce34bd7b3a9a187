"""Kínaskák's moves and their legality: the move as a value (`Action`, with its notation
and `Action.parse`), the moves legal in a position (`legal_moves`, `State`'s `_legal` hook),
and why a move is not (`why_illegal`, its `_why_illegal` hook).  Every function here is a
function of the state it is given and changes nothing (`table_facts` keeps its answers in
the state's instance dict, a cache); what a move does is in `state.py`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from cardlearn.cards import JOKER, Card, NotACard, make_deck
from cardlearn.core import IllegalMove, unreadable

from .melds import Meld, hand_key, keyed_meld_specs
from .rules import (
    CONTRACTS,
    FINAL_ROUND,
    Rules,
    end_placings,
    fit_run,
    in_place_order,
    is_set,
    max_jokers,
    rank_at,
    run_cards,
)

if TYPE_CHECKING:
    from .state import State

_KEY = attrgetter("key")  # Card order without a Python-level __lt__ per comparison


_TEXTS: dict[Any, str] = {}  # action → its text, filled as moves are written (saves write many)


# How a Kínaskák move is written, for the refusal of one that cannot be read (`unreadable`).
NOTATION = {
    "en": "the moves are written take, draw, buy, pass, run …, set …, off CARD SEAT-N [low|high], "
          "steal CARD SEAT-N and discard CARD (cards like '7H' or '10D', a joker 'JK')",
    "is": "leikir eru skrifaðir take, draw, buy, pass, run …, set …, off SPIL SÆTI-N [low|high], "
          "steal SPIL SÆTI-N og discard SPIL (spil eins og '7H' eða '10D', jóker 'JK')",
}


class Action(NamedTuple):
    """One decision.  `verb`: take, draw, buy, pass, run, set, off, steal, discard.
    `cards`: the hand cards it uses (a run's in place order); `binds`: for a run, the card
    each slot stands for; `meld`: (owner, index) of the meld laid off on or stolen from;
    `end`: "low" or "high" for a lay-off on a run."""

    verb: str
    cards: tuple[Card, ...] = ()
    binds: tuple[Card, ...] = ()
    meld: tuple[int, int] | None = None
    end: str = ""

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is None:
            if len(_TEXTS) > 200_000:  # the actions ever seen are few; a cap all the same
                _TEXTS.clear()
            text = _TEXTS[self] = self._text()
        return text

    def _text(self) -> str:
        v = self.verb
        if v in ("take", "draw", "buy", "pass"):
            return v
        if v == "run":
            return "run " + " ".join(str(c) if c is not JOKER else f"JK={b}"
                                     for c, b in zip(self.cards, self.binds))
        if v == "set":
            return "set " + " ".join(map(str, self.cards))
        if v == "discard":
            return f"discard {self.cards[0]}"
        assert self.meld is not None  # the verbs left, off and steal, name a meld
        where = f"{self.meld[0]}-{self.meld[1]}"
        if v == "steal":
            return f"steal {self.cards[0]} {where}"
        return f"off {self.cards[0]} {where}" + (f" {self.end}" if self.end else "")

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: Any) -> Action:
        if not isinstance(text, str):
            raise IllegalMove(f"a Kínaskák move is text like 'take', 'discard 7H' or 'run 3H 4H 5H 6H', "
                              f"not {text!r}")
        words = text.split()
        if not words:
            raise IllegalMove("an empty move: write e.g. 'draw', 'discard 7H' or 'off 7H 1-0 high'")
        verb, rest = words[0].lower(), words[1:]
        try:
            if verb in ("take", "draw", "buy", "pass") and not rest:
                return cls(verb)
            if verb == "discard" and len(rest) == 1:
                return cls(verb, (Card.parse(rest[0]),))
            if verb == "set" and len(rest) >= 3:
                return cls(verb, tuple(sorted(map(Card.parse, rest))))
            if verb == "run" and len(rest) >= 4:
                return _parse_run(rest)
            if verb in ("off", "steal") and len(rest) in (2, 3):
                card = Card.parse(rest[0])
                owner, _, index = rest[1].partition("-")
                if not (owner.isdigit() and index.isdigit()):
                    raise ValueError(f"{rest[1]!r} is not a meld like '2-0' (seat, then its meld number)")
                end = rest[2].lower() if len(rest) == 3 else ""
                if end not in ("", "low", "high") or (verb == "steal" and end):
                    raise ValueError(f"{rest[2]!r} is not an end: 'low' or 'high'")
                return cls(verb, (card,), meld=(int(owner), int(index)), end=end)
        except NotACard as err:  # the card that is none of the deck's, named in the refusal
            raise unreadable(text, NOTATION["en"], err.typed.strip(), jokers=True) from None
        except ValueError:
            raise unreadable(text, NOTATION["en"]) from None
        raise unreadable(text, NOTATION["en"])


def _parse_run(words: list[str]) -> Action:
    cards, binds = [], []
    for w in words:
        card_text, eq, bind = w.partition("=")
        card = Card.parse(card_text)
        if card is JOKER:
            if not eq:
                raise ValueError("a joker in a run is written with the card it stands for, e.g. JK=4H")
            bound = Card.parse(bind)
            if bound is JOKER:
                raise ValueError("a joker stands for a card, not for a joker")
        elif eq:
            raise ValueError(f"only a joker takes '=': {w!r}")
        else:
            bound = card
        cards.append(card)
        binds.append(bound)
    return Action("run", tuple(cards), tuple(binds))


TAKE, DRAW, BUY, PASS = Action("take"), Action("draw"), Action("buy"), Action("pass")
_NONE: frozenset[str] = frozenset()  # no suits or ranks used yet


def _has_joker(cards: Iterable[Card]) -> bool:
    return any(c is JOKER for c in cards)


# Every card by its `Card.key` (the joker's is 100), and one discard action per card
# (immutable, so shared): looked up by an int, where a dict keyed by the card called the
# Python-level `Card.__hash__` for every card of every hand at every discard.
_CARD_AT: dict[int, Card] = {c.key: c for c in make_deck(jokers=1)}
_DISCARD_AT: dict[int, Action] = {k: Action("discard", (c,)) for k, c in _CARD_AT.items()}


# Cached: trying each placing costs ~150 µs (a `Counter` per window), and the same few
# runs are laid again and again in a search bot's simulations.
@lru_cache(maxsize=1 << 12)
def run_placing(action: Action, rules: Rules) -> tuple[str, int] | None:
    """(suit, low) of the run `action` lays, if its jokers' declared cards are one of the
    placings the engine offers (`rules.end_placings`: every placing of its cards)."""
    size, wrap = len(action.cards), rules.run_wrap
    for placed in end_placings(action.cards, rules):
        if run_cards(placed[0], placed[1], size, wrap) == action.binds:
            return placed
    return None


def layoff_ends(meld: Meld, card: Card, rules: Rules) -> tuple[str, ...]:
    """Where `card` may be laid off on `meld` (§B2.5): "" for a set; "low"/"high" for the
    ends of a run (a joker, or an ace on a 2–K run, may fit both)."""
    size = len(meld.cards) + 1
    if card is JOKER and meld.jokers + 1 > max_jokers(size, rules.joker_limit):
        return ()
    if meld.kind == "set":
        return ("",) if card is JOKER or card.rank == meld.key else ()
    if card is not JOKER and card.suit != meld.key:
        return ()
    wrap, low, high = rules.run_wrap, meld.low, meld.low + len(meld.cards) - 1
    if wrap:
        if size > 13:
            return ()
        ends = [("low", low - 1), ("high", high + 1)]
    else:
        both = rules.run_ace_both_ends
        ends = [e for e in (("low", low - 1), ("high", high + 1)) if 1 <= e[1] <= 14]
        if not both:
            ends = [e for e in ends if not (min(low, e[1]) == 1 and max(high, e[1]) == 14)]
    return tuple(name for name, pos in ends if card is JOKER or rank_at(pos, wrap) == card.rank)


def steal_slot(meld: Meld, card: Card, wrap: bool) -> int | None:
    """The slot of the joker that `card` may replace (§B2.5 StealJoker), or None."""
    if card is JOKER:
        return None
    for i, c in enumerate(meld.cards):
        if c is JOKER and (meld.stands_for(i, wrap) == (card.rank if meld.kind == "set" else card)):
            return i
    return None


def stolen_from(meld: Meld, card: Card, slot: int) -> Meld:
    cards = (*meld.cards[:slot], card, *meld.cards[slot + 1:])
    return meld._replace(cards=tuple(sorted(cards)) if meld.kind == "set" else cards)


class _MeldFacts:
    """What one meld on the table offers, whatever the hand: the natural cards that may be
    laid off on it, the cards its jokers stand for, and the lay-off and steal actions per
    card, made once (melds and actions are immutable).  See `table_facts`."""

    __slots__ = ("_layoffs", "_steals", "ends", "has_joker", "meld", "rules", "stand_ins", "where")

    def __init__(self, meld: Meld, where: tuple[int, int], rules: Rules):
        wrap = rules.run_wrap
        self.meld, self.where, self.rules = meld, where, rules
        # a run: the cards just below and above it (None for a set: any card of its rank)
        self.ends: tuple[Card, ...] | None = None
        if meld.kind == "run":
            below = Card(rank_at(meld.low - 1, wrap), meld.key) if wrap or meld.low > 1 else None
            top = meld.low + len(meld.cards)
            above = Card(rank_at(top, wrap), meld.key) if wrap or top <= 14 else None
            self.ends = tuple(c for c in dict.fromkeys((below, above)) if c is not None)
        self.has_joker = _has_joker(meld.cards)
        # a run's jokers: the cards they stand for, in card order
        self.stand_ins: tuple[Card, ...] = ()
        if meld.kind == "run" and self.has_joker:
            slots = [j for j, c in enumerate(meld.cards) if c is JOKER]
            stand_ins = dict.fromkeys(meld.stands_for(j, wrap) for j in slots)
            # (in a run each slot stands for a card: the filter only tells the checker so)
            self.stand_ins = tuple(sorted((c for c in stand_ins if isinstance(c, Card)), key=_KEY))
        # per card, by its key (an int hashes in C, a `Card` by a Python-level `__hash__`)
        self._layoffs: dict[int, tuple[Action, ...]] = {}
        self._steals: dict[int, Action] = {}

    def layoffs(self, card: Card) -> tuple[Action, ...]:
        """Laying `card` off on this meld, at each end where it fits."""
        actions = self._layoffs.get(card.key)
        if actions is None:
            actions = self._layoffs[card.key] = tuple(Action("off", (card,), meld=self.where, end=end)
                                                      for end in layoff_ends(self.meld, card, self.rules))
        return actions

    def steal(self, card: Card) -> Action:
        action = self._steals.get(card.key)
        if action is None:
            action = self._steals[card.key] = Action("steal", (card,), meld=self.where)
        return action


# Cached: a hand that is not laid down asks for its melds after every draw, and turning the
# specs into actions (sorting each meld's cards to drop doubles) costs as much as finding
# them; the actions are immutable, so shared.  A dict of our own rather than an
# `lru_cache`: its key names the hand by its cards' int keys (`hand_key`) and the rules by
# `id`, where an `lru_cache` hashed the hand card by card and the whole `Rules` (Python-level
# `__hash__`s, about 40 per look-up) at every discard, and in random play it almost never
# hit.  The entry keeps its `Rules` object alive, so that `id` is not reused while the entry
# stands.
_MELD_MOVES: dict[tuple[Any, ...], tuple[Rules, tuple[Action, ...]]] = {}
_MELD_MOVES_MAX = 1 << 14


def _meld_moves(hand: tuple[Card, ...], keys: bytes, runs: int, sets: int, used_suits: frozenset[str],
                used_ranks: frozenset[str], exact: bool, rules: Rules, long: bool,
                free: bool) -> tuple[Action, ...]:
    """The run and set actions for `melds.meld_specs` of these arguments (`keys`: the
    hand's `hand_key`), doubles dropped."""
    key = (keys, runs, sets, used_suits, used_ranks, exact, id(rules), long, free)
    hit = _MELD_MOVES.get(key)
    if hit is not None:
        return hit[1]
    # `meld_specs` without its own cache: this one stands in front of it
    specs = keyed_meld_specs(hand, keys, runs, sets, used_suits, used_ranks, exact, rules, long, free)
    if not rules.go_out_by_discard:
        specs = tuple(s for s in specs if len(hand) - len(s.cards) != 1)
    out, seen = [], set()
    for s in specs:
        k = (bytes(sorted(map(_KEY, s.cards))), s.low)  # the cards (by key, hashed in C), and the placing
        if k in seen:
            continue
        seen.add(k)
        if s.kind == "run":
            out.append(Action("run", s.cards, run_cards(s.key, s.low, len(s.cards), rules.run_wrap)))
        else:
            out.append(Action("set", s.cards))
    moves = tuple(out)
    if moves:  # none to lay: `meld_specs` finds that again at the cost of a look-up in its own cache
        if len(_MELD_MOVES) >= _MELD_MOVES_MAX:  # bounded: start afresh (no decision depends on it)
            _MELD_MOVES.clear()
        _MELD_MOVES[key] = (rules, moves)
    return moves


# -- the legal moves and why a move is not one ------------------------------------------

def legal_moves(state: State) -> tuple[Action, ...]:
    """The legal moves of `state` (the `_legal` hook of `GameState`): in the draw and
    buy steps the two choices; else the melds the hand may lay (those that leave the
    rest of the contract makeable), lay-offs and joker steals once laid down, and the
    discards."""
    step = state.step
    if step == "draw":
        return (TAKE, DRAW)
    if step == "buy":
        return (BUY, PASS)
    p, hand = state.player, state.hands[state.player]
    keys = hand_key(hand)  # the hand as the meld search reads it
    melds = meld_actions(state, hand, keys)
    if step == "meld":
        return melds
    rules = state.rules
    may_add = rules.layoff_same_turn or not state.laid_turn
    held = dict.fromkeys(keys)  # the distinct cards' keys, in hand order
    adds: tuple[Action, ...] = ()
    if state.laid_down[p] and state.round_no < FINAL_ROUND and may_add:
        by_rank, facts = held_by_rank(held), table_facts(state)
        adds = (*layoff_moves(state, hand, held, by_rank, facts), *steal_moves(state, held, by_rank, facts))
    taken = state.taken
    if rules.forbid_same_card_discard and taken is not None:
        discards = tuple(map(_DISCARD_AT.__getitem__, [k for k in held if k != taken.key] or held))
    else:
        discards = tuple(map(_DISCARD_AT.__getitem__, held))
    return melds + adds + discards if melds or adds else discards


def buy_window(state: State) -> tuple[int, ...]:
    """Who would be asked, clockwise from the player's left, whether they buy the live
    discard if the player in turn declined it now (§B2.6); () when no buy window opens."""
    rules, p = state.rules, state.player
    if state.round_no == FINAL_ROUND or (state.went_out is not None and not rules.buy_in_final_lap):
        return ()
    if state.discarder is None and not rules.buy_initial_upcard:
        return ()
    spare = len(state.discard) - 2 if rules.stock_exhaustion == "reshuffle" and \
        state.reshuffles < rules.max_reshuffles else 0
    if len(state.stock) + max(0, spare) < 2:
        return ()
    n, discarder, buys_used, most = state.n, state.discarder, state.buys_used, rules.max_buys
    anyone, fined = rules.discarder_may_buy, rules.excess_buy_penalty is not None
    out = []
    for k in range(1, n):
        s = (p + k) % n
        if (s != discarder or anyone) and (buys_used[s] < most or fined):
            out.append(s)
    return tuple(out)



def meld_actions(state: State, hand: tuple[Card, ...], keys: bytes) -> tuple[Action, ...]:
    """The run and set moves the player in turn may make with `hand` (`keys`: its
    `melds.hand_key`): the next meld of a lay-down, or an extra meld after it where the
    rules allow one."""
    rules, p = state.rules, state.player
    final = state.round_no == FINAL_ROUND
    pending = state.pending
    if pending or not state.laid_down[p]:
        runs, sets = CONTRACTS[state.round_no - 1]
        used_suits = used_ranks = _NONE
        if pending:  # a lay-down under way: the melds and the suits or ranks it still needs
            runs -= sum(m.kind == "run" for m in pending)
            sets -= sum(m.kind == "set" for m in pending)
            used_suits = frozenset(m.key for m in pending if m.kind == "run")
            used_ranks = frozenset(m.key for m in pending if m.kind == "set")
        long = not rules.layoff_same_turn and not final
        left = len(hand) - 4 * runs - 3 * sets
        if not rules.go_out_by_discard and not long and left == 1:
            return ()
        return _meld_moves(hand, keys, runs, sets, used_suits, used_ranks, final, rules, long, False)
    if not final and ((state.laid_turn and rules.extra_melds_on_laydown)
                      or (not state.laid_turn and rules.new_melds_after_laydown)):
        return _meld_moves(hand, keys, 0, 0, _NONE, _NONE, False, rules, False, True)
    return ()


def table_facts(state: State) -> tuple[_MeldFacts, ...]:
    """A `_MeldFacts` per meld on the table, in owner order.  Kept in the instance dict
    under a name `derived` does not clear, so `_evolve_with` hands them on to the next
    state: they are rebuilt only when `melds` is another tuple (and then only for the
    melds that changed).  A laid-down player's every move asks them."""
    memo = state.__dict__.get("_facts_memo")
    melds, rules = state.melds, state.rules
    if memo is not None and memo[0] is melds and memo[1] is rules:
        kept: tuple[_MeldFacts, ...] = memo[2]  # the instance dict's values are untyped
        return kept
    before = {} if memo is None or memo[1] is not rules else {f.where: f for f in memo[2]}
    facts = []
    for owner, ms in enumerate(melds):
        for i, m in enumerate(ms):
            f = before.get((owner, i))
            facts.append(f if f is not None and f.meld is m else _MeldFacts(m, (owner, i), rules))
    out = tuple(facts)
    state.__dict__["_facts_memo"] = (melds, rules, out)
    return out


def held_by_rank(held: dict[int, None]) -> dict[str | None, list[Card]]:
    """The distinct cards held (`held`: their keys), by rank (None: the joker), in hand order."""
    by_rank: dict[str | None, list[Card]] = {}
    for k in held:
        c = _CARD_AT[k]
        by_rank.setdefault(c.rank, []).append(c)
    return by_rank


def layoff_moves(state: State, hand: tuple[Card, ...], held: dict[int, None],
                 by_rank: dict[str | None, list[Card]], facts: tuple[_MeldFacts, ...]) -> list[Action]:
    """The lay-offs the player in turn may make from the distinct cards `held` (their keys;
    `by_rank`: the same cards by rank) on the melds whose `facts` are given."""
    if not state.rules.go_out_by_discard and len(hand) == 2:
        return []
    jokers = by_rank.get(None, [])
    out: list[Action] = []
    for f in facts:
        if f.ends is None:  # a set: the cards of its rank, and jokers
            fits = by_rank.get(f.meld.key)
            if fits is None:
                if not jokers:
                    continue  # (most melds, most turns: no list made)
                fits = jokers
            elif jokers:
                fits = fits + jokers
        else:  # a run: only the cards just below and above it, and jokers (in hand order)
            fits = [c for c in f.ends if c.key in held]
            if len(fits) == 2:
                order = [*held]
                fits.sort(key=lambda c: order.index(c.key))
            fits += jokers
        for card in fits:
            out += f.layoffs(card)
    return out


def steal_moves(state: State, held: dict[int, None], by_rank: dict[str | None, list[Card]],
                facts: tuple[_MeldFacts, ...]) -> list[Action]:
    """The joker steals the player in turn may make with the distinct cards `held`."""
    rules, p, wrap = state.rules, state.player, state.rules.run_wrap
    out: list[Action] = []
    for f in facts:
        m = f.meld
        if not f.has_joker or (f.where[0] == p and not rules.joker_steal_by_owner) or \
                (m.kind == "set" and not rules.joker_steal_from_sets):
            continue
        # a set: the cards of its rank held, in hand order; a run: its jokers' cards held
        wanted = by_rank.get(m.key, []) if m.kind == "set" else [c for c in f.stand_ins if c.key in held]
        for card in wanted:
            if rules.stolen_joker_must_be_used:
                slot = steal_slot(m, card, wrap)
                assert slot is not None  # `wanted` holds only cards its jokers stand for
                if not joker_fits(state, f.where, stolen_from(m, card, slot)):
                    continue
            out.append(f.steal(card))
    return out


def joker_fits(state: State, where: tuple[int, int], changed: Meld) -> bool:
    """Could a joker be laid off somewhere once `where` has become `changed`?"""
    for owner, ms in enumerate(state.melds):
        for i, m in enumerate(ms):
            if layoff_ends(changed if (owner, i) == where else m, JOKER, state.rules):
                return True
    return False


def in_place(state: State, action: Any) -> Any:
    """A run written in any order, in place order (as sets are read in card order):
    `run QC JC 10C 9C` is `run 9C 10C JC QC`.  Other moves, and runs whose declared
    cards are no run, as they are."""
    if isinstance(action, Action) and action.verb == "run":
        placed = in_place_order(action.cards, action.binds, state.rules)
        if placed is not None:
            return action._replace(cards=placed[0], binds=placed[1])
    return action


def why_illegal(state: State, action: Any) -> tuple[str, dict[str, str]]:
    """Why the well-formed `action` is not legal in `state` (the `_why_illegal` hook of
    `GameState`): a key of `view.RULE_WORDS` and the values to fill in."""
    if not isinstance(action, Action):
        raise IllegalMove(f"{action!r} is not a Kínaskák move")
    action = in_place(state, action)
    verb, step, p = action.verb, state.step, state.player
    allowed = {"draw": ("take", "draw"), "buy": ("buy", "pass"), "meld": ("run", "set"),
               "discard": ("run", "set", "off", "steal", "discard")}[step]
    if verb not in allowed:
        if step == "draw" and action.cards:  # a card of the hand, before drawing
            return "draw_first", {"card": str(action.cards[0])}
        if verb == "buy" and step != "buy":
            if state.round_no == FINAL_ROUND:
                return "no_buy_round8", {}
            return "no_buy_now", {"max": str(state.rules.max_buys)}
        return "wrong_step", {"step": step, "moves": ", ".join(allowed)}
    if verb == "buy":
        return "no_buy_now", {"max": str(state.rules.max_buys)}
    hand = state.hands[p]
    missing = Counter(action.cards) - Counter(hand)
    if missing:
        return "not_in_hand", {"cards": " ".join(map(str, sorted(missing.elements())))}
    if verb == "discard":
        return "same_card", {"card": str(action.cards[0])}
    if verb in ("run", "set"):
        return why_not_meld(state, action)
    if not state.laid_down[p]:
        return "not_laid_down", {}
    if state.round_no == FINAL_ROUND:
        return "final_round", {}
    if state.laid_turn and not state.rules.layoff_same_turn:
        return "layoff_same_turn", {}
    where = "?" if action.meld is None else f"{action.meld[0]}-{action.meld[1]}"
    meld = None if action.meld is None else state.meld_at(action.meld)
    if meld is None:
        return "no_such_meld", {"meld": where}
    if verb == "steal":
        return why_not_steal(state, action, meld)
    if not state.rules.go_out_by_discard and len(hand) == 2:
        return "keep_two", {}
    return why_not_layoff(state, action.cards[0], meld, action.meld or (0, 0))


def why_not_layoff(state: State, card: Card, meld: Meld,
                   where: tuple[int, int]) -> tuple[str, dict[str, str]]:
    """Why `card` may not be laid off on `meld` (at `where`): a set takes its own rank
    only; a run only the card just below or above it, in its suit (§B2.5)."""
    at = f"{where[0]}-{where[1]}"
    if card is not JOKER:
        if meld.kind == "set" and card.rank != meld.key:
            return "layoff_rank", {"card": str(card), "rank": meld.key}
        facts = _MeldFacts(meld, where, state.rules)
        if meld.kind == "run" and facts.ends is not None and card not in facts.ends:
            if not facts.ends:
                return "layoff_run_full", {"card": str(card)}
            return "layoff_run_end", {"card": str(card), "ends": " ".join(map(str, facts.ends))}
    return "bad_layoff", {"card": str(card), "meld": at}


def why_not_meld(state: State, action: Action) -> tuple[str, dict[str, str]]:
    """Why the run or set `action` may not be laid now."""
    rules = state.rules
    text = " ".join(map(str, action.cards))
    if action.verb == "set" and not is_set(action.cards, rules):
        return "not_a_set", {"cards": text}
    if action.verb == "run":
        if fit_run(action.cards, rules) is None or \
                any(c is not JOKER and c != b for c, b in zip(action.cards, action.binds)):
            return "not_a_run", {"cards": text}
        if run_placing(action, rules) is None:
            return "run_placing", {"cards": text}
    if state.laid_down[state.player] and not state.pending:
        return "no_new_melds", {}
    if state.round_no == FINAL_ROUND:
        return "final_round_whole_hand", {}
    if not rules.layoff_same_turn or len(action.cards) > (4 if action.verb == "run" else 3):
        return "meld_length", {}
    runs, sets = CONTRACTS[state.round_no - 1]
    runs -= sum(m.kind == "run" for m in state.pending) + (action.verb == "run")
    sets -= sum(m.kind == "set" for m in state.pending) + (action.verb == "set")
    if runs > 0 or sets > 0:  # the rest of the hand cannot make the rest of the contract
        return "contract_rest", {"cards": text, "kind": action.verb, "contract": str(state.round_no),
                                 "missing": f"{max(runs, 0)}:{max(sets, 0)}"}
    return "contract", {"round": str(state.round_no)}


def why_not_steal(state: State, action: Action, meld: Meld) -> tuple[str, dict[str, str]]:
    """Why `action` may not steal the joker of `meld`."""
    rules = state.rules
    if meld.owner == state.player and not rules.joker_steal_by_owner:
        return "steal_own", {}
    if meld.kind == "set" and not rules.joker_steal_from_sets:
        return "steal_from_set", {}
    if steal_slot(meld, action.cards[0], rules.run_wrap) is None:
        return "bad_steal", {"card": str(action.cards[0])}
    return "steal_unused", {}
