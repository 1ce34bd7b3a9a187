"""Cards and decks: the French-suited deck used by every cardlearn game.

A `Card` is an immutable value with a canonical ASCII text form (`"AS"`, `"10D"`,
`"JK"` for a joker) that round-trips through `Card.parse`.  Cards from several decks
compare equal, so hands and piles are multisets (tuples).

Icelandic names: the suits are *spaði* (spades), *hjarta* (hearts), *tígull*
(diamonds) and *lauf* (clubs); a card's name joins the suit's stem to the rank's
name, as in *spaðaás* (ace of spades) or *tíguldrottning* (queen of diamonds).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import ClassVar

__all__ = [
    "JOKER",
    "RANKS",
    "SUITS",
    "Card",
    "NotACard",
    "Suit",
    "card_reason",
    "cards_text",
    "deck_card",
    "is_card",
    "make_deck",
    "parse_cards",
    "standard_deck",
    "without",
]


class Suit(StrEnum):
    """A suit, equal to its letter: `Suit.SPADES == "S"`."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
JOKER_SYMBOL = "🃏"

# Icelandic: the stem a suit takes in compounds, and the rank's own word.
_SUIT_STEM_IS = {"S": "spaða", "H": "hjarta", "D": "tígul", "C": "lauf"}
SUIT_NAMES = {
    "is": {"S": "spaði", "H": "hjarta", "D": "tígull", "C": "lauf"},
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
}
RANK_NAMES = {
    "is": {"2": "tvistur", "3": "þristur", "4": "fjarki", "5": "fimma", "6": "sexa",
           "7": "sjöa", "8": "átta", "9": "nía", "10": "tía", "J": "gosi",
           "Q": "drottning", "K": "kóngur", "A": "ás"},
    "en": {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
           "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen",
           "K": "king", "A": "ace"},
}
_JOKER_NAMES = {"is": "jóker", "en": "joker"}
LANGS = ("is", "en")


class Card:
    """One playing card; `rank` and `suit` are `None` for a joker.  Immutable."""

    __slots__ = ("_hash", "key", "rank", "suit")
    rank: str | None
    suit: str | None
    # One small int per card, for order and speed: suit index * 16 + rank index (2 is 0,
    # ace 12), 100 for a joker.  `key & 15` is the rank index, `key >> 4` the suit index.
    # Engines compare and hash these instead of cards: a Card's own __lt__ is Python code.
    key: int
    _hash: int

    _cache: ClassVar[dict[str, Card]] = {}
    _made: ClassVar[dict[tuple[str | None, str | None], Card]] = {}

    def __new__(cls, rank: str | None, suit: str | None) -> Card:
        # One object per card: equal cards are then identical, and Python's dicts and
        # sets (which try identity first) seldom need to call __eq__.
        made = cls._made.get((rank, suit))
        if made is not None:
            return made
        if (rank is None) != (suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")
        if rank is not None and (rank not in RANKS or suit not in SUITS):
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}")
        card = super().__new__(cls)
        set_ = object.__setattr__
        set_(card, "rank", rank)
        set_(card, "suit", None if suit is None else str(suit))
        # One small int orders cards for display (suit ♠ ♥ ♦ ♣, then 2 … A; jokers
        # last) and makes comparing cheap: the engines do it a lot.
        key = 100 if rank is None else SUITS.index(suit) * 16 + RANKS.index(rank)
        set_(card, "key", key)
        # Spread over the bits, so that cards seldom share a slot in a small set (each
        # clash costs a Python-level __eq__); fixed, unlike str hashes, so set order is too.
        set_(card, "_hash", (key + 1) * 2654435761 % 4294967291)
        cls._made[(rank, card.suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Card cannot be changed")

    def __reduce__(self) -> tuple[type, tuple[str | None, str | None]]:
        return (Card, (self.rank, self.suit))

    # No `__eq__`: cards are interned (`__new__` and `__reduce__` give the one object per
    # card), so two cards are equal exactly when they are the same object, and `object`'s
    # own equality, written in C, says so.  A Python-level `__eq__` made every `==`, `in`
    # and `index` on cards (and on moves and tuples holding cards) a Python call per card.
    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `"AS"`, `"10D"`, `"TD"`, `"qh"`, `"K♣"`, `"A♠"` or `"JK"` (joker)."""
        card = cls._cache.get(text) if isinstance(text, str) else None
        if card is None:
            card = cls._parse_new(text)
            cls._cache[text] = card
        return card

    @classmethod
    def _parse_new(cls, text: str) -> Card:
        if not isinstance(text, str):
            raise ValueError(f"a card is written as text like 'AS' or '10D', not {text!r}")
        read = _rank_and_suit(text)
        if read is None:
            raise NotACard(text)
        return cls(*read)

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def symbol(self) -> str:
        """Unicode form: `"A♠"`, `"10♦"`, `"🃏"`."""
        if self.rank is None or self.suit is None:
            return JOKER_SYMBOL
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    def name(self, lang: str = "is") -> str:
        """The card's name: `"spaðaás"` / `"ace of spades"`."""
        if lang not in LANGS:
            raise ValueError(f"language {lang!r} is not one of {LANGS}")
        if self.rank is None or self.suit is None:
            return _JOKER_NAMES[lang]
        if lang == "is":
            return _SUIT_STEM_IS[self.suit] + RANK_NAMES["is"][self.rank]
        return f"{RANK_NAMES['en'][self.rank]} of {SUIT_NAMES['en'][self.suit]}"

    def sort_key(self) -> int:
        """Display order: by suit (♠ ♥ ♦ ♣), then rank from 2 up to ace; jokers last."""
        return self.key

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key < other.key

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key <= other.key

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key > other.key

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key >= other.key

    def __str__(self) -> str:
        return "JK" if self.rank is None else f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from cardlearn.draw import card_svg
        return card_svg(self)


JOKER = Card(None, None)


def _rank_and_suit(text: str) -> tuple[str | None, str | None] | None:
    """The rank and suit `text` writes (both None for a joker), or None if it is no card."""
    body = text.strip()
    if not body[:-1].isascii():  # "ſ".upper() is "S": only ASCII letters may be upper-cased
        body = "?"
    body = body[:-1].upper() + (body[-1:].upper() if body[-1:].isascii() else body[-1:])
    if body in ("JK", "JOKER", JOKER_SYMBOL):
        return None, None
    rank, suit = body[:-1], _SYMBOL_SUITS.get(body[-1:], body[-1:])
    rank = "10" if rank == "T" else rank
    return (rank, suit) if rank in RANKS and suit in SUITS else None


# How a card is written, said for the deck of the game being played: the ranks it has (a
# Kozel deck starts at the six, a Lomber deck has no 8, 9 or 10) and whether it has jokers.
# Every game's refusal of a card it cannot read goes through `card_reason`, in its language.
_NOTATION = {
    "en": {"ranks": "a card is a rank {numbers}{ten}, J, Q, K or A, then a suit S, H, D or C "
                    "(or ♠ ♥ ♦ ♣), e.g. 'AS' or '{example}'",
           "ten": " (T for ten)", "joker": "; a joker is 'JK'",
           "no_card": "{typed} is not a card: ", "not_here": "{typed} is not in this deck: "},
    "is": {"ranks": "spil er skrifað með gildi, {numbers}{ten}, J, Q, K eða A, og síðan lit, S (spaði), "
                    "H (hjarta), D (tígull) eða C (lauf), eða ♠ ♥ ♦ ♣; t.d. 'AS' eða '{example}'",
           "ten": " (T má standa fyrir 10)", "joker": "; jóker er skrifaður 'JK'",
           "no_card": "{typed} er ekki spil: ", "not_here": "{typed} er ekki til í þessum stokki: "},
}


def card_notation(lang: str, ranks: Sequence[str] = RANKS, jokers: bool = True) -> str:
    """How a card of a deck with these `ranks` (and jokers, or none) is written, in `lang`:
    "a card is a rank 6-10 (T for ten), J, Q, K or A, then a suit …" for a Kozel deck."""
    w = _NOTATION[lang]
    numbers = [r for r in RANKS if r.isdigit() and r in ranks]
    dash = "–" if lang == "is" else "-"
    span = f"{numbers[0]}{dash}{numbers[-1]}" if len(numbers) > 1 else "".join(numbers)
    text = w["ranks"].format(numbers=span, ten=w["ten"] if "10" in numbers else "",
                             example=f"{numbers[-1]}D" if numbers else "KD")
    return text + (w["joker"] if jokers else "")


def is_card(text: str) -> bool:
    """Does `text` write a card (of the full deck, jokers included)?"""
    return _rank_and_suit(text) is not None


def card_reason(typed: str, lang: str = "en", ranks: Sequence[str] = RANKS, jokers: bool = True) -> str:
    """Why `typed` is no card of the deck (`ranks`, `jokers`): "'3X' is not a card: a card
    is a rank …", or, for a card the deck lacks, "'8H' is not in this deck: …"."""
    head = "no_card" if _rank_and_suit(typed) is None else "not_here"
    return _NOTATION[lang][head].format(typed=repr(typed)) + card_notation(lang, ranks, jokers)


class NotACard(ValueError):
    """Text that is no card (of the deck being played, `deck_card`); `typed` is the text,
    and the message says, in English, how a card of that deck is written."""

    def __init__(self, typed: str, ranks: Sequence[str] = RANKS, jokers: bool = True) -> None:
        super().__init__(card_reason(typed, "en", ranks, jokers))
        self.typed = typed


def deck_card(text: str, ranks: Sequence[str] = RANKS, jokers: bool = False) -> Card:
    """`Card.parse(text)`, for a deck with only these `ranks` (and jokers if `jokers`): a
    card the deck lacks, like any text that is no card, is a `NotACard`."""
    try:
        card = Card.parse(text)
    except NotACard:
        raise NotACard(text, ranks, jokers) from None
    if (card.rank is None and not jokers) or (card.rank is not None and card.rank not in ranks):
        raise NotACard(text, ranks, jokers)
    return card


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """`"AS 10D 2S"` (spaces or commas) or an iterable of cards/strings → a tuple of cards."""
    if isinstance(text, str):
        items: Iterable[str | Card] = text.replace(",", " ").split()
    else:
        items = text
    return tuple(item if isinstance(item, Card) else Card.parse(item) for item in items)


def cards_text(cards: Iterable[Card]) -> str:
    """The cards in their canonical text, space-separated (`parse_cards` reads it back)."""
    return " ".join(map(str, cards))


def without(hand: Sequence[Card], gone: Iterable[Card]) -> tuple[Card, ...]:
    """`hand` less one copy of each card of `gone` (a multiset difference, order kept); a card
    not in `hand` is a `ValueError`.  Cards are interned (one object per card), so identity
    is equality, and `index` compares in C."""
    if type(gone) is tuple and len(gone) == 1 and type(hand) is tuple:  # the usual case, quicker
        try:
            i = hand.index(gone[0])
        except ValueError:
            raise ValueError(f"{gone[0]} is not among the cards {cards_text(hand)}") from None
        return hand[:i] + hand[i + 1:]
    rest, ids = list(hand), list(map(id, hand))
    for card in gone:
        try:
            i = ids.index(id(card))
        except ValueError:
            raise ValueError(f"{card} is not among the cards {cards_text(hand)}") from None
        del rest[i], ids[i]
    return tuple(rest)


def make_deck(ranks: Iterable[str] = RANKS, *, copies: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """`copies` full suits of `ranks` in each of the four suits, then `jokers` jokers."""
    ranks = tuple(ranks)
    one = tuple(Card(rank, suit) for suit in SUITS for rank in ranks)
    return one * copies + (JOKER,) * jokers


def standard_deck() -> tuple[Card, ...]:
    """The 52-card French deck (Kasína)."""
    return make_deck()
