"""The cards API of docs/API.md ("Cards — cardlearn.cards") and each game's deck."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlearn.cards import (
    RANKS,
    SUITS,
    Card,
    cards_text,
    parse_cards,
    standard_deck,
    without,
)
from cardlearn.core import stacked_deck
from cardlearn.games import kinaskak, kozel, lomber

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_WORDS = {"T": "10"}


def card(rank: str, suit: str) -> Card:
    """The card of `rank` and `suit`, as Card.parse reads its canonical text."""
    return Card.parse(rank + suit)


WHITE_SYMBOLS = {"S": "♤", "H": "♡", "D": "♢", "C": "♧"}


def valid_spellings() -> set[str]:
    """Every spelling API.md allows: rank (or T) then suit letter or symbol, any case; JK.
    The white suit symbols (♤ ♡ ♢ ♧) are suit symbols too, so they are allowed here."""
    out = {"JK", "jk", "Jk", "jK"}
    for rank in (*RANKS, "T"):
        for r in {rank, rank.lower()}:
            for suit in SUITS:
                out |= {r + suit, r + suit.lower(), r + SYMBOLS[suit], r + WHITE_SYMBOLS[suit]}
    return out


# Spellings the engine accepts beyond API.md's list; whether they should be errors is an
# open question of the API (reported), so the random-text test leaves them alone.
EXTRA_JOKER_SPELLINGS = {"JOKER", "🃏"}


VALID = valid_spellings()


def names_text(message: str, text: str) -> bool:
    return text in message or repr(text) in message


# -- Card.parse: the examples of API.md ------------------------------------------------

@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("AS", "A", "S"), ("10D", "10", "D"), ("TD", "10", "D"), ("qh", "Q", "H"),
    ("K♣", "K", "C"), ("A♠", "A", "S"),
])
def test_parse_api_examples(text, rank, suit):
    c = Card.parse(text)
    assert (c.rank, c.suit, c.is_joker) == (rank, suit, False)


def test_parse_joker():
    joker = Card.parse("JK")
    assert joker.is_joker
    assert joker.rank is None and joker.suit is None
    assert str(joker) == "JK"


def test_parse_is_case_insensitive_and_t_means_ten():
    assert Card.parse("td") == Card.parse("Td") == Card.parse("10d") == Card.parse("10D")
    assert Card.parse("js") == Card.parse("JS")


@pytest.mark.parametrize("suit", SUITS)
def test_parse_symbol_equals_letter(suit):
    for rank in RANKS:
        assert Card.parse(rank + SYMBOLS[suit]) == Card.parse(rank + suit)


# -- Card.parse: everything else is a ValueError naming the text ---------------------------

MALFORMED = [
    "", " ", "A", "S", "10", "1S", "0S", "11S", "14S", "01S", "AX", "ZS", "5Z", "AS5", "ASS",
    "A S", "SA", "S10", "10S10", "KK", "♠A", "A♠♠", "AJK", "JKS", "J", "K", "1OD", "TT",
    "A♤S", "AS,", "AS:", "A-S", "A.S", "ÁS", "AΣ", "AS KS", "joker of spades", "2♥♥", "XJK",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_raises_value_error_naming_it(text):
    with pytest.raises(ValueError) as err:
        Card.parse(text)
    assert names_text(str(err.value), text)


@pytest.mark.parametrize("thing", [None, 42, 3.5, ("A", "S"), b"AS"])
def test_non_text_raises_value_error(thing):
    with pytest.raises(ValueError):
        Card.parse(thing)


@given(st.text(max_size=6))
def test_random_text_parses_only_if_a_valid_spelling(text):
    if text.strip() in VALID or text.strip().upper() in EXTRA_JOKER_SPELLINGS or "ſ" in text:
        return  # valid; blanks around it are the engine's choice; "ſ": see the test below
    with pytest.raises(ValueError) as err:
        Card.parse(text)
    assert names_text(str(err.value), text)


@pytest.mark.parametrize("text", ["Aſ"])
def test_unicode_upper_casing_does_not_make_a_card(text):
    # "ſ" (long s) upper-cases to "S"; it is not a suit letter, so this is "anything else"
    with pytest.raises(ValueError):
        Card.parse(text)


@given(st.sampled_from(sorted(VALID)))
def test_every_valid_spelling_parses_to_its_canonical_card(text):
    c = Card.parse(text)
    if text.upper() == "JK":
        assert c.is_joker
    else:
        rank = text[:-1].upper()
        assert c.rank == RANK_WORDS.get(rank, rank)
        assert text[-1] in (c.suit, c.suit.lower(), SYMBOLS[c.suit], WHITE_SYMBOLS[c.suit])


# -- canonical text, rank, suit, symbol ----------------------------------------------------

def test_str_round_trip_for_all_52_and_the_joker():
    cards = [*standard_deck(), Card.parse("JK")]
    for c in cards:
        assert Card.parse(str(c)) == c
    assert {str(c) for c in standard_deck()} == {r + s for r in RANKS for s in SUITS}


def test_str_is_canonical_ascii():
    assert [str(Card.parse(t)) for t in ("AS", "10D", "TD", "qh", "K♣", "A♠", "JK")] == [
        "AS", "10D", "10D", "QH", "KC", "AS", "JK"]
    assert all(str(c).isascii() for c in standard_deck())


def test_rank_suit_is_joker():
    for c in standard_deck():
        assert c.rank in RANKS and c.suit in SUITS and not c.is_joker
        assert str(c) == f"{c.rank}{c.suit}"


def test_symbol():
    assert Card.parse("AS").symbol == "A♠"
    assert Card.parse("10D").symbol == "10♦"
    assert Card.parse("qh").symbol == "Q♥"
    assert Card.parse("2C").symbol == "2♣"
    for c in standard_deck():
        assert Card.parse(c.symbol) == c
    assert Card.parse("JK").symbol  # a joker has some Unicode picture too


# -- names ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "icelandic"), [
    ("AS", "spaðaás"), ("KH", "hjartakóngur"), ("QD", "tíguldrottning"), ("JC", "laufgosi"),
    ("2S", "spaðatvistur"), ("10H", "hjartatía"), ("3D", "tígulþristur"), ("4C", "lauffjarki"),
    ("5S", "spaðafimma"), ("6H", "hjartasexa"), ("7D", "tígulsjöa"), ("8C", "laufátta"),
    ("9S", "spaðanía"), ("AD", "tígulás"), ("AC", "laufás"), ("JK", "jóker"),
])
def test_icelandic_names(text, icelandic):
    assert Card.parse(text).name("is") == icelandic


@pytest.mark.parametrize(("text", "english"), [
    ("AS", "ace of spades"), ("10D", "ten of diamonds"), ("KH", "king of hearts"),
    ("QC", "queen of clubs"), ("JD", "jack of diamonds"), ("2S", "two of spades"),
    ("9H", "nine of hearts"), ("JK", "joker"),
])
def test_english_names(text, english):
    assert Card.parse(text).name("en") == english


def test_names_are_distinct_in_both_languages():
    for lang in ("is", "en"):
        assert len({c.name(lang) for c in standard_deck()}) == 52


def test_unknown_language_is_value_error():
    with pytest.raises(ValueError):
        Card.parse("AS").name("de")


# -- parse_cards ----------------------------------------------------------------------------

def test_parse_cards_spaces():
    assert parse_cards("AS 10D 2S") == (Card.parse("AS"), Card.parse("10D"), Card.parse("2S"))


def test_parse_cards_commas_and_mixed_separators():
    want = parse_cards("AS 10D 2S")
    assert parse_cards("AS,10D,2S") == want
    assert parse_cards("AS, 10D ,2S") == want
    assert parse_cards("  AS  10D\t2S ") == want


def test_parse_cards_returns_tuple_keeps_order_and_repeats():
    cards = parse_cards("KH 2C KH")
    assert isinstance(cards, tuple)
    assert [str(c) for c in cards] == ["KH", "2C", "KH"]
    assert parse_cards("") == ()


def test_parse_cards_bad_item_names_it():
    with pytest.raises(ValueError, match="ZZ"):
        parse_cards("AS ZZ 2S")


# -- equality, hashing, ordering -------------------------------------------------------

def test_cards_are_immutable():
    c = Card.parse("AS")
    with pytest.raises((AttributeError, TypeError)):
        c.rank = "K"  # type: ignore[misc]


def test_equal_spellings_are_equal_and_hash_alike():
    spellings = ["AS", "as", "A♠", "aS"]
    cards = [Card.parse(t) for t in spellings]
    assert len(set(cards)) == 1
    assert len({hash(c) for c in cards}) == 1
    assert {cards[0]: 1}[cards[-1]] == 1


def test_cards_from_several_decks_are_a_multiset():
    two = kinaskak.deck_for(2)
    counts = Counter(two)
    assert set(counts.values()) == {2, 4}
    assert counts[Card.parse("JK")] == 4
    assert counts[Card.parse("AS")] == 2
    assert len(set(two)) == 53
    assert Counter(parse_cards("AS KH AS")) == Counter({Card.parse("AS"): 2, Card.parse("KH"): 1})


def test_display_order_is_a_total_order_consistent_with_equality():
    cards = [*standard_deck(), Card.parse("JK")]
    for a in cards:
        for b in cards:
            assert (a < b) + (b < a) + (a == b) == 1


def test_display_order_by_suit_then_rank_jokers_last():
    # the order cards.py documents: suits ♠ ♥ ♦ ♣, ranks 2 up to ace, jokers last
    shuffled = [*reversed(standard_deck()), Card.parse("JK")]
    ordered = sorted(shuffled)
    assert ordered[-1].is_joker
    assert ordered[:-1] == [card(r, s) for s in SUITS for r in RANKS]
    assert sorted(parse_cards("AS 2S 10S")) == list(parse_cards("2S 10S AS"))


# -- decks ---------------------------------------------------------------------------------

def test_standard_deck_is_52_distinct_cards():
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert set(deck) == {card(r, s) for r in RANKS for s in SUITS}
    assert not any(c.is_joker for c in deck)


def test_kozel_deck_is_six_to_ace():
    deck = kozel.DECK
    assert len(deck) == 36 and len(set(deck)) == 36
    assert {c.rank for c in deck} == {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    assert Counter(c.suit for c in deck) == dict.fromkeys(SUITS, 9)


def test_lomber_deck_has_no_eights_nines_tens():
    deck = lomber.DECK
    assert len(deck) == 40 and len(set(deck)) == 40
    assert {c.rank for c in deck} == set(RANKS) - {"8", "9", "10"}
    assert Counter(c.suit for c in deck) == dict.fromkeys(SUITS, 10)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kinaskak_deck_two_decks_four_jokers(players):
    deck = kinaskak.deck_for(players)
    assert len(deck) == 108
    assert Counter(deck) == Counter(standard_deck() * 2) + Counter({Card.parse("JK"): 4})


@pytest.mark.parametrize("players", [5, 6])
def test_kinaskak_deck_three_decks_six_jokers(players):
    deck = kinaskak.deck_for(players)
    assert len(deck) == 162
    assert Counter(deck) == Counter(standard_deck() * 3) + Counter({Card.parse("JK"): 6})


@pytest.mark.parametrize("players", [-1, 0, 1, 7, 12])
def test_kinaskak_deck_other_player_counts_are_value_errors(players):
    with pytest.raises(ValueError, match=str(players)):
        kinaskak.deck_for(players)


@pytest.mark.parametrize("players", [2.5, "3", None])
def test_kinaskak_deck_non_integer_player_counts_are_value_errors(players):
    with pytest.raises(ValueError):
        kinaskak.deck_for(players)


def test_key_is_suit_then_rank_and_orders_like_the_cards():
    assert [Card.parse(t).key for t in ("2S", "AS", "2H", "AC", "JK")] == [0, 12, 16, 60, 100]
    cards = [*standard_deck(), Card.parse("JK")]
    assert sorted(cards, key=lambda c: c.key) == sorted(cards)
    assert all(c.key & 15 == RANKS.index(c.rank) and SUITS[c.key >> 4] == c.suit for c in standard_deck())
    with pytest.raises(AttributeError):
        Card.parse("AS").key = 3


def test_cards_text_reads_back():
    cards = parse_cards("AS 10D JK 2C")
    assert cards_text(cards) == "AS 10D JK 2C" and parse_cards(cards_text(cards)) == cards
    assert cards_text(()) == ""


def test_without_takes_one_copy_of_each_card_and_keeps_the_order():
    hand = parse_cards("AS 7H AS JK 2C JK")
    assert without(hand, parse_cards("AS JK")) == parse_cards("7H AS 2C JK")
    assert without(hand, ()) == hand
    assert without(hand, parse_cards("JK JK AS AS")) == parse_cards("7H 2C")


def test_without_a_card_not_in_the_hand_names_it():
    with pytest.raises(ValueError, match="KD"):
        without(parse_cards("AS 7H"), parse_cards("KD"))
    with pytest.raises(ValueError, match="AS"):
        without(parse_cards("AS 7H"), parse_cards("AS AS"))  # only one copy to take


# -- core.stacked_deck ------------------------------------------------------------------

def test_stacked_deck_accepts_its_own_deck_in_any_order():
    deck = tuple(reversed(standard_deck()))
    assert stacked_deck(deck, standard_deck(), "Kasína") == deck
    assert stacked_deck(" ".join(map(str, deck)), standard_deck(), "Kasína") == deck


def test_stacked_deck_names_missing_and_extra_cards():
    deck = [c for c in standard_deck() if str(c) != "QH"] + [Card.parse("2S")]
    with pytest.raises(ValueError) as err:
        stacked_deck(deck, standard_deck(), "Kasína")
    message = str(err.value)
    assert "Kasína" in message and "QH" in message and "2S" in message


def test_stacked_deck_too_short_names_the_missing_card():
    with pytest.raises(ValueError, match="AS"):
        stacked_deck([c for c in standard_deck() if str(c) != "AS"], standard_deck(), "Kasína")


def test_stacked_deck_bad_text_names_it():
    with pytest.raises(ValueError, match="XQ"):
        stacked_deck("AS XQ", standard_deck(), "Kasína")
