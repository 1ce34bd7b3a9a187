"""Lomber rule facts: the game's facts (`INFO`), the deck, the variant options, the card
orders, the contracts, the legal-play function, the trick winner and the payments of one
deal.  Pure functions and data only; the moving parts live in `state`.  Section numbers
(§2.3, the rows of the ambiguity table §3) are those of the rule file, docs/rules/lomber.md."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal, NamedTuple

from cardlearn.cards import RANKS, Card, make_deck, parse_cards
from cardlearn.core import check_rule_types
from cardlearn.protocol import GameInfo, ScoreRow

__all__ = [  # this module's part of the game API: the package re-exports these
    "CONTRACTS",
    "DECK",
    "INFO",
    "NAME",
    "PLAYERS",
    "Contract",
    "Rules",
    "SheetRow",
    "contract_level",
    "deal_payments",
    "ladder",
    "legal_plays",
    "matadors",
    "nullo_order",
    "outcome",
    "plain_order",
    "trick_winner",
    "trump_order",
]

INFO = GameInfo(
    name={"is": "Lomber", "en": "L'Hombre"},
    players=(3, 3),
    # The declarer plays alone against the other two, and who declares changes from deal
    # to deal: there are no fixed teams, every seat scores for itself.
    partnerships=False,
    score_sign=+1,  # payments: more is better
    phases=("auction", "exchange", "declare", "play", "over"),
    strongest_bot="search",
    has_deal_estimate=False,  # no deal_estimate: the search plays every simulation out,
    score_unit={"is": "bitar", "en": "chips"},
    deal_word={"is": "{n}. gjöf", "en": "Deal {n}"},
    notebook="04-lomber",
    page="Lomber",
    lab=True,
    handout=True,
)
NAME = INFO.name
PLAYERS = INFO.players

DECK = make_deck(r for r in RANKS if r not in ("8", "9", "10"))  # 40 cards: no eights, nines, tens
SUIT_LETTERS = ("S", "H", "D", "C")
BLACK = ("S", "C")
SPADDA = Card("A", "S")  # spadille, always the highest trump
BASTI = Card("A", "C")   # basto, always the third trump
HAND_SIZE, TALON_SIZE, TRICKS = 9, 13, 9


class SheetRow(ScoreRow):
    """A Lomber score-sheet row: the `contract` played (None when all passed), its
    `declarer`, each seat's `tricks`, the `outcome` ("win", "remis", "krukk", "loss", ...),
    each seat's `payments` in bits, and `total` (the same payments)."""

    contract: str | None
    declarer: int | None
    tricks: list[int]
    outcome: str
    payments: list[int]


@dataclass(frozen=True)
class Rules:
    """Variant options: one field per row of the rule file's ambiguity table
    (docs/rules/lomber.md, §3), each with its recommended default; the comment on each
    field gives its row of that table."""

    betra_spil_position: Literal["below_turnir", "above_turnir"] = "below_turnir"   # row 1
    level7_hold: Literal["same_contract", "any_level7"] = "same_contract"           # row 2
    trump_named: Literal["after_declarer_exchange", "at_bid"] = "after_declarer_exchange"  # row 3
    declarer_exchange_min: int = 0                                                   # row 4
    declarer_exchange_max: int = 9                                                   # row 4
    turnir_card: Literal["to_declarer", "stays_on_talon"] = "to_declarer"            # row 5
    enable_grandisamo: bool = True                                                   # row 8
    enable_totus: bool = False                                                       # row 9
    totus_bonus: int = 1                                                             # row 9
    kupp_loss_cap: int | None = None                                                 # row 10
    must_trump_when_void: bool = False                                               # row 13
    must_overtake: bool = False                                                      # row 13
    nolo_stop_early: bool = False                                                    # row 14
    allow_spil_to_kupp: bool = True                                                  # row 16
    allow_concede: bool = True                                                       # row 17
    grand_turnir_spade_bonus: bool = False                                           # row 18
    match_deals: int = 12                                                            # row 20
    defender_exchange_order: Literal["ccw_from_declarer", "seat_order"] = "ccw_from_declarer"  # row 21
    variant: Literal["classic"] = "classic"                                          # row 23

    def __post_init__(self) -> None:
        check_rule_types(self)
        checks = [
            (0 <= self.declarer_exchange_min <= self.declarer_exchange_max <= HAND_SIZE,
             "declarer_exchange_min and _max must satisfy 0 <= min <= max <= 9"),
            (self.totus_bonus >= 0, "totus_bonus must be 0 or more"),
            (self.kupp_loss_cap is None or self.kupp_loss_cap >= 2,
             "kupp_loss_cap is None or at least 2 (the price of the first trick)"),
            (self.match_deals > 0 and self.match_deals % 3 == 0,
             "match_deals must be a positive multiple of 3, so that each seat deals equally"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)


# ---------------------------------------------------------------------------------------
# Card orders (§2.3)

def _suit(suit: str | None) -> str:
    if suit not in SUIT_LETTERS:
        raise ValueError(f"a suit is one of S, H, D, C, not {suit!r}")
    return str(suit)


def _cards(ranks: str, suit: str) -> tuple[Card, ...]:
    return tuple(Card(r, suit) for r in ranks.split())


def trump_order(trump: str) -> tuple[Card, ...]:
    """The trumps, highest first: spadda (AS), the manilía (the two of a black trump suit,
    the seven of a red one), basti (AC), in red the ponti (the trump ace), then the rest."""
    t = _suit(trump)
    if t in BLACK:
        return (SPADDA, Card("2", t), BASTI, *_cards("K Q J 7 6 5 4 3", t))
    return (SPADDA, Card("7", t), BASTI, *_cards("A K Q J 2 3 4 5 6", t))


def plain_order(suit: str, trump: str | None) -> tuple[Card, ...]:
    """The non-trump cards of `suit`, highest first, when `trump` is trumps (None: in
    grandisamó, where only the black aces are trumps).  A black suit runs K Q J 7 … 2 (its
    ace is always a trump), a red one K Q J A 2 … 7.  Empty for the trump suit itself."""
    s = _suit(suit)
    if trump is not None and _suit(trump) == s:
        return ()
    return _cards("K Q J 7 6 5 4 3 2", s) if s in BLACK else _cards("K Q J A 2 3 4 5 6 7", s)


def nullo_order(suit: str) -> tuple[Card, ...]:
    """A suit in the nolo contracts (kúpp, hrein nóló, hrein-yfir), highest first: no
    trumps, and a black ace is the lowest card of its suit."""
    s = _suit(suit)
    return _cards("K Q J 7 6 5 4 3 2 A", s) if s in BLACK else _cards("K Q J A 2 3 4 5 6 7", s)


TRUMP = "T"  # the effective suit of every trump


class Ladder(NamedTuple):
    """A contract's ranking: each card's effective suit (`TRUMP` for trumps) and power
    (higher beats lower within an effective suit), and the privileged matadors."""

    eff: dict[Card, str]
    power: dict[Card, int]
    privileged: frozenset[Card]


@cache
def ladder(kind: str, trump: str | None) -> Ladder:
    """The ranking of a contract kind: "trump" (with its trump suit), "grandisamo" or "nolo"."""
    eff: dict[Card, str] = {}
    power: dict[Card, int] = {}

    def rank(cards: Sequence[Card], suit: str) -> None:
        for i, card in enumerate(cards):
            eff[card], power[card] = suit, len(cards) - i

    if kind == "nolo":
        for s in SUIT_LETTERS:
            rank(nullo_order(s), s)
        return Ladder(eff, power, frozenset())
    trumps: tuple[Card, ...]
    privileged: tuple[Card, ...]
    plain_trump: str | None
    if kind == "grandisamo":
        trumps = privileged = (SPADDA, BASTI)
        plain_trump = None
    elif kind == "trump":
        plain_trump = _suit(trump)  # a trump contract needs its suit (ValueError without)
        trumps = trump_order(plain_trump)
        privileged = trumps[:3]
    else:
        raise ValueError(f"no such contract kind {kind!r}")
    for s in SUIT_LETTERS:
        rank(plain_order(s, plain_trump), s)
    rank(trumps, TRUMP)
    return Ladder(eff, power, frozenset(privileged))


# ---------------------------------------------------------------------------------------
# Contracts (§2.4, §2.5, §2.9)

class Contract(NamedTuple):
    """One contract: `kind` ranks the cards, `trump` says where the trump comes from
    ("S", "named", "turned" or None), `exchange` who buys, `pay` the bits per defender
    for (won, lost or remis, krúkk, conceded); None where the row does not apply."""

    id: str
    level: int
    kind: str
    trump: str | None
    exchange: str
    concede: bool
    pay: tuple[int, int, int | None, int | None]


CONTRACTS: dict[str, Contract] = {c.id: c for c in (
    Contract("spil", 1, "trump", "named", "all", True, (1, 1, 2, 1)),
    Contract("betra_spil", 2, "trump", "S", "all", True, (1, 1, 2, 1)),
    Contract("turnir", 3, "trump", "turned", "all", True, (1, 1, 2, 1)),
    Contract("kupp", 4, "nolo", None, "declarer", False, (2, 2, None, None)),
    Contract("grand_turnir", 5, "trump", "turned", "all", True, (2, 2, 3, 2)),
    Contract("solo", 6, "trump", "named", "defenders", False, (2, 2, 3, None)),
    Contract("grandisamo", 6, "grandisamo", None, "defenders", False, (2, 2, 3, None)),
    Contract("spadasolo", 7, "trump", "S", "defenders", False, (3, 3, 4, None)),
    Contract("hrein_nolo", 7, "nolo", None, "none", False, (3, 3, None, None)),
    Contract("hrein_yfir", 8, "nolo", None, "none", False, (6, 6, None, None)),
)}
BID_ORDER = tuple(CONTRACTS)  # the order bids are offered in
SPIL_FAMILY = ("spil", "betra_spil", "turnir", "grand_turnir")  # declarer buys, then defenders


def contract_level(contract: str, rules: Rules) -> int:
    """A contract's bidding level; `betra_spil_position` may put betra spil above túrnir."""
    if rules.betra_spil_position == "above_turnir" and contract in ("betra_spil", "turnir"):
        return 5 - CONTRACTS[contract].level  # swaps levels 2 and 3
    return CONTRACTS[contract].level


def may_hold(held: str, bid: str, rules: Rules) -> bool:
    """May an earlier seat answer the standing `held` with `bid` of the same level?  At
    levels 6 and 7 it must be the same contract (level 7: unless `level7_hold` allows any)."""
    level = contract_level(held, rules)
    if contract_level(bid, rules) != level:
        return False
    return bid == held or (level == 7 and rules.level7_hold == "any_level7")


def is_nolo(contract: str) -> bool:
    return CONTRACTS[contract].kind == "nolo"


def contract_kind(contract: str | None) -> str:
    return "nolo" if contract is None else CONTRACTS[contract].kind


def trump_choices(contract: str) -> tuple[str, ...]:
    """The suits a declarer may name: spil any but spades (a spade spil is betra spil),
    sóló clubs, hearts or diamonds (a spade sóló is spaðasóló)."""
    return ("H", "D", "C") if contract == "spil" else ("C", "H", "D")


# ---------------------------------------------------------------------------------------
# Play (§2.6, §2.7)

def _as_cards(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    """Cards given as text or Card objects, as a tuple of cards (the engine passes tuples
    of cards, which are used as they are)."""
    if isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards):
        return cards
    return parse_cards(cards)


def legal_plays(hand: Iterable[Card | str], trick: Iterable[Card | str], contract: str | None,
                trump: str | None, *, must_trump_when_void: bool = False,
                must_overtake: bool = False) -> tuple[Card, ...]:
    """The cards of `hand` that may be played to `trick` (cards played so far, leader's
    first), in hand order (§2.7): follow the led card's effective suit if able; when a
    trump is led, a privileged matador (spadda, manilía, basti) need not be played unless
    a higher privileged matador was led; no privilege in nolo.  The two options of §3 row 13
    add a duty to trump when void and to beat the trick when following (trump contracts).
    `contract` None (no contract yet) ranks the cards as in the nolo contracts."""
    return plays(_as_cards(hand), _as_cards(trick), contract, trump,
                 must_trump_when_void, must_overtake)


def plays(hand: tuple[Card, ...], trick: tuple[Card, ...], contract: str | None, trump: str | None,
          must_trump_when_void: bool, must_overtake: bool) -> tuple[Card, ...]:
    """`legal_plays` for tuples of cards (the engine's own, asked at every play): the
    ladder read by card key (`_key_ladder`), so that no look-up calls `Card.__hash__`."""
    if not trick:
        return hand
    kind = contract_kind(contract)
    eff, power, privileged = _key_ladder(kind, trump if kind == "trump" else None)
    led = trick[0].key
    suit = eff[led]
    same = tuple([c for c in hand if eff[c.key] == suit])
    if suit == TRUMP:
        led_power = power[led] if led in privileged else 0
        forcing = [c for c in same if c.key not in privileged or power[c.key] < led_power]
        options = same if forcing else hand
    else:
        options = same or hand
    if kind == "nolo":
        return options
    if must_trump_when_void and not same:
        trumps = tuple(c for c in hand if eff[c.key] == TRUMP)
        options = trumps or options
    if must_overtake and same and options == same:
        best = trick[winning_index(trick, contract, trump)].key
        beating = tuple(c for c in options if _key_beats(c.key, best, eff, power))
        options = beating or options
    return options


KeyLadder = tuple[list[str | None], list[int], frozenset[int]]


@cache
def _key_ladder(kind: str, trump: str | None) -> KeyLadder:
    """`ladder(kind, trump)` indexed by `Card.key` (a list each, and the privileged
    matadors' keys): the same facts, read without a Python-level hash per card."""
    lad = ladder(kind, trump)
    eff: list[str | None] = [None] * 101
    power = [0] * 101
    for card, suit in lad.eff.items():
        eff[card.key], power[card.key] = suit, lad.power[card]
    return eff, power, frozenset(c.key for c in lad.privileged)


def _key_beats(card: int, best: int, eff: list[str | None], power: list[int]) -> bool:
    """`_beats` by card keys."""
    if eff[card] == eff[best]:
        return power[card] > power[best]
    return eff[card] == TRUMP


def _beats(card: Card, best: Card, lad: Ladder) -> bool:
    if lad.eff[card] == lad.eff[best]:
        return lad.power[card] > lad.power[best]
    return lad.eff[card] == TRUMP


def trick_winner(trick: Sequence[Card | str], contract: str | None, trump: str | None) -> int:
    """The index in `trick` of the winning card: the highest trump if any, else the
    highest card of the led effective suit."""
    return winning_index(_as_cards(trick), contract, trump)


def winning_index(trick: tuple[Card, ...], contract: str | None, trump: str | None) -> int:
    """`trick_winner` for a tuple of cards (the engine's own, at every trick's end)."""
    kind = contract_kind(contract)
    eff, power, _ = _key_ladder(kind, trump if kind == "trump" else None)
    best = 0
    for i in range(1, len(trick)):
        if _key_beats(trick[i].key, trick[best].key, eff, power):
            best = i
    return best


def matadors(hand: Iterable[Card | str], trump: str) -> int:
    """How many matadors a hand holds: the unbroken run of top trumps from spadda (false
    matadors, a run from the manilía without spadda, are counted as a negative number)."""
    held, order = set(_as_cards(hand)), trump_order(trump)
    run = 0
    start = 0 if SPADDA in held else 1
    for card in order[start:]:
        if card not in held:
            break
        run += 1
    return run if start == 0 else -run


# ---------------------------------------------------------------------------------------
# Result and payments (§2.8, §2.9)

def outcome(contract: str, tricks: Sequence[int], declarer: int) -> str:
    """`win`, `remis` or `krukk` in a trump contract (most tricks alone wins; a defender
    with more is krúkk; a tie for most is remis); `win` or `loss` in a nolo contract."""
    d = tricks[declarer]
    others = [t for s, t in enumerate(tricks) if s != declarer]
    if is_nolo(contract):
        return "win" if d == 0 else "loss"
    if all(d > t for t in others):
        return "win"
    return "krukk" if max(others) > d else "remis"


def concession_pay(contract: str, pay_as: str | None = None) -> int:
    """The bits a conceding declarer (*leggja sig*) pays each defender.  In every row of
    §2.9 that allows a concession it costs what a lost game costs (spil family 1, grand-túrnir
    2): conceding saves the risk of krúkk, never the stake.  A grand-túrnir paid by another
    row (`pay_as`, the spaðasóló row under `grand_turnir_spade_bonus`, §3 row 18) has no
    concession amount of its own there, so it pays that row's loss, 3 (the same rule: the
    stake of the row that pays the deal, without krúkk)."""
    own = CONTRACTS[contract].pay[3]
    if own is None:
        raise ValueError(f"{contract} cannot be conceded (rule no_concede)")
    if pay_as is None or pay_as == contract:
        return own
    return CONTRACTS[pay_as].pay[1]


def deal_payments(contract: str, declarer: int, tricks: Sequence[int], rules: Rules, *,
                  conceded: bool = False, totus: bool = False, pay_as: str | None = None
                  ) -> tuple[str, tuple[int, int, int]]:
    """The outcome and the payments per seat of one deal in rasle scoring: the declarer
    settles with each defender alone, so the row sums to zero.  `pay_as` pays by another
    contract's row (grand-túrnir turning a spade, as spaðasóló, §3 row 18); `totus` is an
    announced tótus, paid `totus_bonus` more either way (§2.8).  A concession is allowed by
    the contract itself; its price is `concession_pay` of the row that pays the deal."""
    win, loss, krukk, _ = CONTRACTS[pay_as or contract].pay
    if conceded:
        result, each = "conceded", -concession_pay(contract, pay_as)
    else:
        result = outcome(contract, tricks, declarer)
        d = tricks[declarer]
        if result == "win":
            each = win
        elif result == "loss" and contract == "kupp":
            each = -(2 + (d - 1))
            if rules.kupp_loss_cap is not None:
                each = max(each, -rules.kupp_loss_cap)
        elif result == "krukk":
            each = -(krukk or loss)
        else:
            each = -loss
        if totus:
            each += rules.totus_bonus if d == TRICKS else -rules.totus_bonus
    payments = [-each] * 3
    payments[declarer] = 2 * each
    return result, (payments[0], payments[1], payments[2])
