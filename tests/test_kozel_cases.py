"""Kozel (Geit) against its rule file, docs/rules/kozel.md: every worked case of section 4
("Acceptance test cases", T1-T12) and a test for each rule fact of section 2 (2.1-2.5) that
section 4 does not already cover, plus the variant options those cases name (section 3).

Seats N, E, S, W = 0, 1, 2, 3 (clockwise); team A = {N, S} = 0, team B = {E, W} = 1.
Action notation: ``"AS+10S"`` leads or beats with these cards face up, ``"discard:7S+8H"``
lays them face down, ``"claim"`` / ``"pass"`` answer a four-of-a-suit claim window.

Positions are reached only through the public API: a stacked deck (see `stack`) fixes the
first deal, scripted moves are played with `apply`, and later deals are played out by
`play_deal`, which keeps its own all-seeing tally of every trick (from the rule file, not
from the engine) and checks the engine's legal moves, observations and score sheet row
against it.  The match cases (T11, T12) steer whole deals until they end as the case needs.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import pytest

from cardlearn import IllegalMove
from cardlearn.cards import SUITS, Card, parse_cards

kozel = pytest.importorskip("cardlearn.games.kozel")

N, E, S, W = 0, 1, 2, 3
SEAT = {"N": N, "E": E, "S": S, "W": W}
# §2.1: the 36 cards, six to ace in each suit (suit by suit, as `kozel.DECK` orders them).
DECK = tuple(Card(rank, suit) for suit in SUITS for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A"))

# The rule file's own facts (section 2.1), written out here so the engine is checked
# against the text and not against itself.
RANKS = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")  # low to high: the 10 above the king
POINTS = {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
OBSERVATION_KEYS = {"seat", "to_move", "hand", "trump", "trump_card", "trump_card_position", "trick",
                    "stock_size", "hand_sizes", "points", "tricks", "eggs_count", "scores"}
RULE_DEFAULTS = {  # section 3, the "Option values (name)" column with its defaults
    "trump_reveal": "middle_return", "trump_index_range": "middle", "must_beat_if_able": False,
    "pairing": "free", "four_suit_interrupt": "after_plays",
    "four_suit_priority": "clockwise", "eggs_rule": "none", "eggs_same_dealer": False,
    "next_dealer": "clockwise", "allow_beat_partner": True, "beat_target": "current_winner",
    "deal_packet": 1, "match_limit": 12, "first_lead": "dealer_left", "discards_visible": "none",
}


def ref_beats(x: Card, y: Card, trump: str) -> bool:
    """Section 2.1: same suit and higher in RANKS, or x a trump and y not."""
    if x.suit == y.suit:
        return RANKS.index(x.rank) > RANKS.index(y.rank)
    return x.suit == trump


def ref_loss(points: int, tricks: int) -> int:
    """Section 2.4 for one team: 0 for the winner and for eggs (60 can only be 60-60)."""
    if points >= 60:
        return 0
    if points >= 31:
        return 2
    return 4 if tricks else 6


def card_points(cards: Iterable[Card]) -> int:
    return sum(POINTS[c.rank] for c in cards)


# ---------------------------------------------------------------------------------------
# Building positions

def stack(hands: dict[int, str], stock: str = "", *, trump: str | None = None, dealer: int = 3) -> str:
    """A stacked 36-card deck for `new_game(deck=...)`, top card first.

    Mapping (rule file, "How this maps to the API"): card c_k, k = 0..15, goes to seat
    (dealer + 1 + k) % 4, one card at a time clockwise, so seat s holds
    c_(4i + (s - dealer - 1) % 4) for i = 0..3 (dealer W: N gets c0 c4 c8 c12, W gets
    c3 c7 c11 c15).  c16..c35 is the stock, top first: `stock` gives c16, c17, ... in
    order.  `trump` is the trump indicator, which a stacked deck puts at stock index 1,
    i.e. c17 (if `stock` is longer than one card, its second card must be `trump`).
    Every place not named is filled from the unused cards, low ranks first, without ever
    giving a hand four cards of one suit (which would open claim windows)."""
    slots: dict[int, Card] = {}
    for seat, text in hands.items():
        for i, card in enumerate(parse_cards(text)):
            slots[4 * i + (seat - dealer - 1) % 4] = card
    for i, card in enumerate(parse_cards(stock)):
        slots[16 + i] = card
    if trump is not None:
        assert slots.setdefault(17, Card.parse(trump)) == Card.parse(trump), "c17 is the trump card"
    used = list(slots.values())
    assert len(set(used)) == len(used), f"a card is placed twice: {sorted(map(str, used))}"
    free = sorted((c for c in DECK if c not in used), key=lambda c: (RANKS.index(c.rank), c.suit))
    for seat in range(4):
        places = [4 * i + (seat - dealer - 1) % 4 for i in range(4)]
        for place in places:
            if place in slots:
                continue
            held = [slots[p].suit for p in places if p in slots]
            card = next(c for c in free if held.count(c.suit) < 3)
            slots[place] = card
            free.remove(card)
    for place in range(16, 36):
        if place not in slots:
            slots[place] = free.pop(0)
    assert not free and sorted(slots) == list(range(36))
    return " ".join(str(slots[k]) for k in range(36))


def game(hands: dict[int, str], stock: str = "", *, trump: str | None = None, dealer: int = 3,
         seed: int = 0, **rules: Any) -> Any:
    deck = stack(hands, stock, trump=trump, dealer=dealer)
    return kozel.new_game(seed=seed, deck=deck, rules=kozel.Rules(**rules), dealer=dealer)


def play(state: Any, *moves: str) -> Any:
    """Apply scripted moves written `"N 7S+KS"`, `"E discard:8H"`, `"W claim"`, checking
    that the named seat is the one to move."""
    for move in moves:
        who, action = move.split(" ", 1)
        assert state.to_move == SEAT[who], f"{who} should move before {action!r}, not seat {state.to_move}"
        state = state.apply(action)
    return state


def canon(text: str) -> str:
    """The canonical text of a set of cards: sorted in `Card` order, joined by '+'."""
    return "+".join(str(c) for c in sorted(parse_cards(text)))


def discard(text: str) -> str:
    return "discard:" + canon(text)


def legal(state: Any) -> set[str]:
    actions = [str(a) for a in state.legal_actions()]
    assert len(actions) == len(set(actions)), f"a legal action is listed twice: {actions}"
    return set(actions)


def hand(state: Any, seat: int) -> set[str]:
    return set(state.observation(seat)["hand"])


def cards_of(state: Any, seat: int) -> list[Card]:
    return sorted(Card.parse(t) for t in state.observation(seat)["hand"])


def snapshot(state: Any) -> str:
    return json.dumps([state.observation(s) for s in range(4)] + [sorted(legal(state))], sort_keys=True)


def assert_illegal(state: Any, action: str) -> None:
    """The action raises IllegalMove and leaves the state as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalMove):
        state.apply(action)
    assert snapshot(state) == before


CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([SHDC♠♥♦♣])(?![0-9A-Za-z])")
SYMBOL_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def shown_cards(value: Any) -> set[str]:
    """Every card named anywhere in an observation (or part of one), canonical."""
    text = json.dumps(value, ensure_ascii=False)
    return {str(Card.parse(rank + SYMBOL_SUIT.get(suit, suit))) for rank, suit in CARD_TOKEN.findall(text)}


def per_team(value: Any) -> tuple[int, ...]:
    return tuple(value)


# ---------------------------------------------------------------------------------------
# Playing out whole deals with an all-seeing tally

@dataclass
class Tally:
    """One deal as the rule file scores it (sections 2.3 and 2.4), kept by the test."""

    points: list[int] = field(default_factory=lambda: [0, 0])    # every card won, per team
    face_up: list[int] = field(default_factory=lambda: [0, 0])   # face-up cards won only
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    played: int = 0                                              # cards played this deal
    hidden: list[tuple[int, Card]] = field(default_factory=list)  # (discarder, card)
    last_winner: int | None = None

    @property
    def eggs(self) -> bool:
        return self.points == [60, 60]

    @property
    def loss(self) -> tuple[int, int]:
        return (ref_loss(self.points[0], self.tricks[0]), ref_loss(self.points[1], self.tricks[1]))


class Policy:
    """Chooses single-card plays: a random lead; a responder beats with probability
    `beat` (when it can), else discards a random card."""

    def __init__(self, rng: random.Random, beat: float = 0.5):
        self.rng, self.beat = rng, beat

    def lead(self, seat: int, hand: list[Card], tally: Tally) -> Card:
        return self.rng.choice(hand)

    def wants_to_beat(self, seat: int, winner: int, tally: Tally) -> bool:
        return self.rng.random() < self.beat

    def respond(self, seat: int, hand: list[Card], beaters: list[Card], winner: int,
                tally: Tally) -> tuple[str, Card]:
        if beaters and self.wants_to_beat(seat, winner, tally):
            return "beat", self.rng.choice(beaters)
        return "discard", self.rng.choice(hand)


class Steer(Policy):
    """Pushes team A's card points towards `goal`: while A is behind the goal's pace its
    players beat (when the trick is not already theirs) and B's players discard, and the
    other way round when A is ahead; a little noise keeps the tries different."""

    def __init__(self, rng: random.Random, goal: int):
        super().__init__(rng)
        self.goal = goal

    def wants_to_beat(self, seat: int, winner: int, tally: Tally) -> bool:
        if winner % 2 == seat % 2:
            return self.rng.random() < 0.1
        a_behind = tally.points[0] < self.goal * tally.played / 36
        helps = (seat % 2 == 0) == a_behind
        return self.rng.random() < (0.9 if helps else 0.1)


class NobodyBeats(Policy):
    """Every responder discards its first card, so the leader's side takes every trick."""

    def __init__(self) -> None:
        super().__init__(random.Random(0), beat=0.0)

    def lead(self, seat: int, hand: list[Card], tally: Tally) -> Card:
        return hand[0]

    def respond(self, seat, hand, beaters, winner, tally):
        return "discard", hand[0]


def four_of_a_suit(cards: list[Card]) -> bool:
    return len(cards) == 4 and len({c.suit for c in cards}) == 1


def same_suit_leads(cards: list[Card]) -> set[str]:
    return {"+".join(map(str, sorted(combo))) for n in range(1, len(cards) + 1)
            for combo in combinations(cards, n) if len({c.suit for c in combo}) == 1}


def decline_claims(state: Any, responder: int, unplayed: list[int]) -> Any:
    """Answer `pass` for every seat asked in a claim window before `responder` plays, and
    check who is asked: nobody if the responder itself may claim (it is asked first, the
    claim added to its plays), else every eligible seat yet to play, in clockwise order."""
    eligible = [s for s in unplayed if four_of_a_suit(cards_of(state, s))]
    expected = [] if responder in eligible else [s for s in eligible if s != responder]
    asked = []
    while state.to_move != responder:
        assert legal(state) == {"claim", "pass"}, f"seat {state.to_move} asked out of turn: {legal(state)}"
        asked.append(state.to_move)
        state = state.apply("pass")
    assert asked == expected, f"claim window asked {asked}, the rule file asks {expected}"
    return state


def play_trick(state: Any, policy: Policy, tally: Tally) -> Any:
    """One trick with a single-card lead, checked move by move against the rule file."""
    trump, leader = state.trump, state.to_move
    mine = cards_of(state, leader)
    assert legal(state) == same_suit_leads(mine), "lead: 1 to 4 cards of one suit (section 2.3)"
    lead = policy.lead(leader, mine, tally)
    state = state.apply(str(lead))
    won, target, winner = [lead], lead, leader
    face_up = POINTS[lead.rank]
    for k in (1, 2, 3):
        seat = (leader + k) % 4
        state = decline_claims(state, seat, [(leader + j) % 4 for j in range(k, 4)])
        mine = cards_of(state, seat)
        beaters = [c for c in mine if ref_beats(c, target, trump)]
        expected = {str(c) for c in beaters} | {"discard:" + str(c) for c in mine}
        if four_of_a_suit(mine):
            expected.add("claim")
        assert legal(state) == expected, f"seat {seat} answering {target} with trump {trump}"
        kind, card = policy.respond(seat, mine, beaters, winner, tally)
        if kind == "beat":
            state = state.apply(str(card))
            target, winner = card, seat
            face_up += POINTS[card.rank]
        else:
            # Face down: hidden from the others while the trick lies on the table too (after
            # the trick, if the deal goes on, play_deal checks again).  A card the seat saw
            # named before (the trump indicator, a record of an earlier deal) is no news.
            others = [s for s in range(4) if s != seat] if k < 3 else []
            before = {s: shown_cards(state.observation(s)) for s in others}
            state = state.apply("discard:" + str(card))
            tally.hidden.append((seat, card))
            for other in others:
                news = shown_cards(state.observation(other)) - before[other]
                assert str(card) not in news, f"seat {other} sees seat {seat}'s discard {card}"
        won.append(card)
    team = winner % 2
    tally.points[team] += card_points(won)
    tally.face_up[team] += face_up
    tally.tricks[team] += 1
    tally.played += 4
    tally.last_winner = winner
    return state


def play_deal(state: Any, policy: Policy, tally: Tally | None = None, *,
              factor: int = 1) -> tuple[Any, Tally]:
    """Play the rest of the current deal with single-card leads, then check its score
    sheet row, the running scores and the next deal's leader against the tally.
    `factor` is the eggs multiplier the rule variant puts on this deal's total."""
    tally = tally or Tally()
    rows, scores = len(state.score_sheet), per_team(state.scores)
    eggs_count = state.observation(0)["eggs_count"]
    # Cards each seat has seen named when this deal is taken up (the trump indicator, the
    # record of an earlier deal's last trick, ...): seeing them again reveals nothing.
    known = {s: shown_cards(state.observation(s)) - {str(c) for _, c in tally.hidden} for s in range(4)}
    assert state.to_move is not None
    while len(state.score_sheet) == rows:
        assert len({len(state.observation(s)["hand"]) for s in range(4)}) == 1, "hands stay the same size"
        state = play_trick(state, policy, tally)
        if len(state.score_sheet) > rows:
            break
        assert state.to_move == tally.last_winner, "the trick winner leads the next trick (section 2.3)"
        for seat in range(4):
            seen = state.observation(seat)
            assert per_team(seen["points"]) == tuple(tally.face_up), "points: face-up cards only"
            assert per_team(seen["tricks"]) == tuple(tally.tricks)
            secret = {str(c) for who, c in tally.hidden if who != seat} - known[seat]
            assert not shown_cards(seen) & secret, f"seat {seat} sees another seat's discard"
    row = state.score_sheet[-1]
    assert len(state.score_sheet) == rows + 1
    assert sum(tally.points) == 120 and tally.played == 36
    assert per_team(row["points"]) == tuple(tally.points), "card points of each pile, discards included"
    assert per_team(row["tricks"]) == tuple(tally.tricks)
    assert bool(row["eggs"]) == tally.eggs
    assert per_team(row["loss_points"]) == tally.loss
    total = tuple(factor * v for v in tally.loss)
    assert per_team(row["total"]) == total
    assert per_team(state.scores) == tuple(s + t for s, t in zip(scores, total))
    assert state.observation(0)["eggs_count"] == eggs_count + tally.eggs
    if not state.is_over:
        assert state.to_move == tally.last_winner, "the last trick's winner leads the next deal (section 2.5)"
        fresh = state.observation(state.to_move)
        assert fresh["stock_size"] == 20 and tuple(fresh["hand_sizes"]) == (4, 4, 4, 4)
        assert per_team(fresh["points"]) == (0, 0) and per_team(fresh["tricks"]) == (0, 0)
    return state, tally


def steer(state: Any, goal: int, want: Callable[[Tally], bool], rng: random.Random, *,
          factor: int = 1, tries: int = 3000) -> tuple[Any, Tally]:
    """Play the current deal again and again (states are immutable) until it ends as
    `want` asks; every try is itself checked by `play_deal`."""
    for _ in range(tries):
        after, tally = play_deal(state, Steer(rng, goal), factor=factor)
        if want(tally):
            return after, tally
    pytest.fail(f"no deal ending as wanted in {tries} tries (goal {goal})")


def eggs(t: Tally) -> bool:
    return t.eggs


GOAL = {(0, 2): 75, (2, 0): 45, (4, 0): 18, (0, 4): 102}  # team A's points that give a loss pair


def want_loss(loss: tuple[int, int]) -> Callable[[Tally], bool]:
    return lambda t: t.loss == loss


# ---------------------------------------------------------------------------------------
# Section 4, case 1 and section 2.1: cards

def test_case_1_card_comparison():
    """§4 case 1 (T1): card comparison with hearts trump."""
    c = Card.parse
    assert kozel.beats(c("9H"), c("7H"), "H") is True
    assert kozel.beats(c("10C"), c("QC"), "H") is True      # the 10 ranks above the queen
    assert kozel.beats(c("6H"), c("AS"), "H") is True       # any trump beats any plain card
    assert kozel.beats(c("AS"), c("10D"), "H") is False     # two plain suits: incomparable
    assert kozel.beats(c("10D"), c("AS"), "H") is False
    assert kozel.beats(c("KS"), c("6H"), "H") is False      # a plain card never beats a trump


def test_rank_order_and_card_points():
    """§2.1: RANK_ORDER low to high with the 10 above the king; CARD_POINTS total 120."""
    assert tuple(kozel.RANK_ORDER) == RANKS
    assert dict(kozel.CARD_POINTS) == POINTS
    assert sum(kozel.CARD_POINTS[c.rank] for c in DECK) == 120
    assert len(DECK) == 36 and len(set(DECK)) == 36
    assert kozel.DECK == DECK  # the engine's deck, in the order its seeded shuffles use


def test_beats_is_exactly_the_rule_on_every_pair():
    """§2.1: beats(x, y, trump) for all 36 x 36 pairs and 4 trumps: same suit and higher,
    or x trump and y not; never a card against itself; never both ways."""
    for trump in "SHDC":
        for x in DECK:
            for y in DECK:
                got = kozel.beats(x, y, trump)
                assert got == ref_beats(x, y, trump), f"beats({x}, {y}, {trump})"
                if got:
                    assert not kozel.beats(y, x, trump)
            assert not kozel.beats(x, x, trump)


def test_stacked_deck_must_be_the_36_card_deck():
    """§2.1: the deck is 36 cards, 6 to ace; a stacked deck with other cards is refused."""
    good = stack({})
    kozel.new_game(deck=good)
    cards = good.split()
    for bad in (cards[:35], [*cards[:35], "5S"], [*cards[:35], cards[0]], [*cards, "6S"]):
        with pytest.raises(ValueError):
            kozel.new_game(deck=" ".join(bad))


# ---------------------------------------------------------------------------------------
# Section 4, cases 2-7: leads, responses, trick winners

def test_case_2_legal_leads():
    """§4 case 2 (T2): N holds 7S KS AS 9D on lead: exactly 8 leads; AS+9D (mixed suits),
    a face-down lead and a card N does not hold are refused."""
    state = game({N: "7S KS AS 9D"}, trump="6H")
    assert state.to_move == N
    assert legal(state) == {"7S", "KS", "AS", "9D", "7S+KS", "7S+AS", "KS+AS", "7S+KS+AS"}
    for bad in ("AS+9D", "9D+AS", "7S+KS+AS+9D", "discard:7S", "QS", "7S+7S"):
        assert_illegal(state, bad)


def test_action_text_is_case_insensitive_and_canonical():
    """Notation: parsing ignores case and card order; str(action) sorts the cards."""
    state = game({N: "7S KS AS 9D"}, trump="6H")
    assert state.apply("ks+7s") == state.apply("7S+KS") == state.apply("KS+7S")
    assert str(state.apply("as+ks").history[-1]) == "KS+AS"
    after = state.apply("9d")
    assert after.apply("DISCARD:" + sorted(hand(after, E))[0].lower()) == \
        after.apply("discard:" + sorted(hand(after, E))[0])
    for action in state.legal_actions():
        text = str(action)
        assert text == canon(text.replace("+", " "))
        assert state.apply(text) == state.apply(action)
    for bad in ("", "discard:", "ZZ", "7S+", "claim", "pass", "lead:7S"):
        assert_illegal(state, bad)


def test_case_3_single_card_response():
    """§4 case 3 (T3): trump D, N leads QS, E holds KS 6D 8S AC: beats exactly KS and 6D,
    any of the 4 cards as a discard; with must_beat_if_able the discards go."""
    hands = {N: "QS 7C 8C 9H", E: "KS 6D 8S AC"}
    state = play(game(hands, trump="7D"), "N QS")
    assert state.trump == "D"
    assert legal(state) == {"KS", "6D", "discard:KS", "discard:6D", "discard:8S", "discard:AC"}
    for bad in ("8S", "AC", "KS+6D", "discard:KS+6D", "QS"):
        assert_illegal(state, bad)

    strict = play(game(hands, trump="7D", must_beat_if_able=True), "N QS")
    assert legal(strict) == {"KS", "6D"}
    assert_illegal(strict, "discard:8S")
    # A player who cannot beat may still discard under must_beat_if_able (A3).
    unable = play(game({N: "AS 7C 8C 9H", E: "KS 7H 8S AC"}, trump="7D", must_beat_if_able=True), "N AS")
    assert legal(unable) == {"discard:KS", "discard:7H", "discard:8S", "discard:AC"}


def test_case_4_multi_card_beat_free_pairing_no_partial_beat():
    """§4 case 4 (T4): trump D, N leads QS 7S, E holds 9D JS 8H 6C: the only beat is
    {9D, JS} (JS->7S, 9D->QS, found by free pairing); all 6 pairs are discards.  Then
    trump H, lead KS 7S: AS+8D is refused as a beat (8D covers nothing), fine as a discard."""
    state = play(game({N: "QS 7S 9H 10C", E: "9D JS 8H 6C"}, trump="7D"), "N 7S+QS")
    pairs = {discard(" ".join(p)) for p in combinations(("9D", "JS", "8H", "6C"), 2)}
    assert len(pairs) == 6
    assert legal(state) == {canon("9D JS")} | pairs
    assert_illegal(state, "9D")                   # one card against a 2-card lead
    assert_illegal(state, "discard:9D+JS+8H")     # three cards against a 2-card lead
    after = state.apply("JS+9D")
    assert after.to_move == S
    assert hand(after, E) == {"8H", "6C"}

    second = play(game({N: "KS 7S 9C 10C", E: "AS 8D 6C 7C"}, trump="7H"), "N 7S+KS")
    assert second.trump == "H"
    assert canon("AS 8D") not in legal(second)
    assert_illegal(second, "AS+8D")
    after = second.apply("discard:AS+8D")
    assert hand(after, E) == {"6C", "7C"} and after.to_move == S


def test_free_pairing_is_any_bijection():
    """§2.3 beat, A5 free pairing: trump S, N leads 7H QH; E's 6S+8H beats them only as
    6S->QH and 8H->7H (pairing the cards in sorted order, 6S->7H and 8H->QH, fails)."""
    state = play(game({N: "7H QH 9C 10C", E: "6S 8H 6C 7C"}, trump="7S"), "N 7H+QH")
    assert canon("6S 8H") in legal(state)
    after = state.apply("8H+6S")
    assert after.to_move == S and hand(after, E) == {"6C", "7C"}


def test_case_5_beat_the_last_beater_not_the_lead():
    """§4 case 5 (T5): trump D, N leads QS 7S, E beats with 9D JS; S (KD 8D 9S 6H) can
    beat only with KD+8D; KD+9S beats the lead but not E's cards.  Under
    beat_target="lead" S may beat with KD+8D, KD+9S or 8D+9S."""
    hands = {N: "QS 7S 10C AC", E: "9D JS 7C 8C", S: "KD 8D 9S 6H"}
    state = play(game(hands, trump="7D"), "N 7S+QS", "E JS+9D")
    pairs = {discard(" ".join(p)) for p in combinations(("KD", "8D", "9S", "6H"), 2)}
    assert legal(state) == {canon("KD 8D")} | pairs
    assert_illegal(state, "KD+9S")
    assert_illegal(state, "9S+8D")

    lead_rule = play(game(hands, trump="7D", beat_target="lead"), "N 7S+QS", "E JS+9D")
    assert legal(lead_rule) == {canon("KD 8D"), canon("KD 9S"), canon("8D 9S")} | pairs
    # The last beater takes the trick under either rule: S beats, W (last to play) discards.
    for start in (state, lead_rule):
        end = play(start, "S 9S+KD" if start is lead_rule else "S 8D+KD")
        end = play(end, f"W {discard(' '.join(sorted(hand(end, W))[:2]))}")
        assert end.to_move == S
        assert per_team(end.observation(N)["tricks"]) == (1, 0)


def test_case_6_last_beater_wins_discards_hidden_and_counted():
    """§4 case 6 (T6): trump H; N leads 8C, E beats KC, S beats 6H, W discards AS face
    down: the trick is S's (team A: 0 + 4 + 0 + 11 = 15 card points, of which the face-up
    4 show at once); N, E and S never see AS; the score sheet counts it for team A."""
    hands = {N: "8C 7S 8S 9D", E: "KC 7D 8D 9S", S: "6H 10D JD 10S", W: "AS QS JC 6D"}
    state = game(hands, trump="7H", seed=6)
    state = play(state, "N 8C", "E KC", "S 6H")
    assert "discard:AS" in legal(state)
    state = play(state, "W discard:AS")
    assert state.to_move == S, "the last beater (S, N's partner) leads next"
    for seat in (N, E, S):
        assert "AS" not in shown_cards(state.observation(seat)), f"seat {seat} sees the discarded AS"
    seen = state.observation(N)
    assert per_team(seen["points"]) == (4, 0) and per_team(seen["tricks"]) == (1, 0)
    # The rest of the deal, played out; its row must count the 15 (AS included) for A.
    play_deal(state, Policy(random.Random(6)), Tally(points=[15, 0], face_up=[4, 0], tricks=[1, 0],
                                                      played=4, hidden=[(W, Card.parse("AS"))],
                                                      last_winner=S))


def test_case_7_nobody_beats_so_the_leader_wins():
    """§4 case 7 (T7): trump C, N leads AS TS, E, S and W discard 2 each: N's trick
    (21 face-up points plus the discards' points), and N leads next."""
    hands = {N: "AS 10S 6H 6D", E: "KH QD 7S 8S", S: "JH 9D 9S QS", W: "10H AD JS KS"}
    state = game(hands, trump="7C", seed=7)
    assert state.trump == "C"
    state = play(state, "N TS+AS", "E discard:KH+QD")
    for seat in (N, S, W):
        assert not shown_cards(state.observation(seat)) & {"KH", "QD"}, f"seat {seat} sees E's discard"
    state = play(state, "S discard:JH+9D", "W discard:10H+AD")
    assert state.to_move == N
    seen = state.observation(E)
    assert per_team(seen["points"]) == (21, 0) and per_team(seen["tricks"]) == (1, 0)
    assert tuple(seen["hand_sizes"]) == (4, 4, 4, 4) and seen["stock_size"] == 12
    discarded = card_points(parse_cards("KH QD JH 9D 10H AD"))
    hidden = [(E, Card.parse("KH")), (E, Card.parse("QD")), (S, Card.parse("JH")), (S, Card.parse("9D")),
              (W, Card.parse("10H")), (W, Card.parse("AD"))]
    play_deal(state, Policy(random.Random(7)), Tally(points=[21 + discarded, 0], face_up=[21, 0],
                                                      tricks=[1, 0], played=8, hidden=hidden, last_winner=N))


def test_partner_may_beat_partner_unless_the_variant_forbids_it():
    """§2.3 (A9): S may beat its partner N's winning card and then takes the trick; with
    allow_beat_partner=False S may not, but may still beat an opponent's card."""
    hands = {N: "8C 7S 8S 9D", E: "JC 7D 8D 9S", S: "9C QC 10D JD", W: "6D 6S JS QS"}
    state = play(game(hands, trump="7H"), "N 8C", "E discard:7D")
    assert {"9C", "QC"} <= legal(state)
    state = play(state, "S 9C", "W discard:6D")
    assert state.to_move == S and per_team(state.observation(W)["tricks"]) == (1, 0)

    strict = play(game(hands, trump="7H", allow_beat_partner=False), "N 8C", "E discard:7D")
    assert legal(strict) == {discard(c) for c in ("9C", "QC", "10D", "JD")}
    assert_illegal(strict, "9C")
    beaten = play(game(hands, trump="7H", allow_beat_partner=False), "N 8C", "E JC")
    assert "QC" in legal(beaten) and "9C" not in legal(beaten)


def test_response_must_be_as_many_cards_from_the_hand():
    """§2.3: a response is exactly N cards from the responder's own hand."""
    state = play(game({N: "7S 8S 9S 6D", E: "JS QS 6C 7C"}, trump="6H"), "N 7S+8S")
    for bad in ("QS", "discard:6C", "JS+QS+6C", "discard:6C+7C+JS", "discard:6C+AH", "QS+AS",
                "discard:6C+6C", "9S+JS"):
        assert_illegal(state, bad)
    assert legal(state) >= {"JS+QS", "discard:6C+7C"}


# ---------------------------------------------------------------------------------------
# Section 4, case 8: refill

def test_case_8_refill_order_stock_of_eight():
    """§4 case 8 (T8): W wins a trick with a 2-card lead, all hands at 2, stock c1..c8:
    W, N, E, S draw in turn twice (W c1 c5, N c2 c6, E c3 c7, S c4 c8); every hand 4; W leads.
    Reached by a 3-card lead won by N (refill of 12 from N: N c16 c20 c24, E c17 ...)."""
    deck = ("6S JC 10C 9H  7S QC AC KS  8S KC JS AS  6D 9S QS 10S  "   # c0..c15, N E S W
            "7D 6H 9D 10H  8C 7C QD 7H  9C JH KH 6C  "                  # c16..c27
            "8H QH AH 8D 10D JD KD AD")                                  # c28..c35
    state = kozel.new_game(seed=8, deck=deck)
    assert state.trump == "H" and state.observation(N)["trump_card"] == "6H"
    state = play(state, "N 6S+7S+8S", "E discard:JC+QC+KC", "S discard:10C+AC+JS", "W discard:KS+AS+10S")
    assert state.to_move == N
    assert hand(state, N) == {"6D", "7D", "8C", "9C"}
    assert hand(state, E) == {"9S", "6H", "7C", "JH"}
    assert hand(state, S) == {"QS", "9D", "QD", "KH"}
    assert hand(state, W) == {"9H", "10H", "7H", "6C"}
    assert state.observation(S)["stock_size"] == 8
    assert state.observation(S)["trump_card_position"] is None   # E drew it, c17
    assert state.observation(S)["trump_card"] == "6H" and state.trump == "H"

    state = play(state, "N 6D+7D", "E discard:9S+7C", "S discard:QS+9D", "W 7H+9H")
    assert state.to_move == W
    assert hand(state, W) == {"10H", "6C", "8H", "10D"}
    assert hand(state, N) == {"8C", "9C", "QH", "JD"}
    assert hand(state, E) == {"6H", "JH", "AH", "KD"}
    assert hand(state, S) == {"QD", "KH", "8D", "AD"}
    seen = state.observation(E)
    assert seen["stock_size"] == 0 and tuple(seen["hand_sizes"]) == (4, 4, 4, 4)


def test_case_8_refill_order_stock_of_four():
    """§4 case 8 (T8), second case: stock c1..c4 after a 2-card trick won by W: one card
    each (W, N, E, S), every hand then 3.  Reached by N leading four spades (the leader may
    lead four of a suit), the others discarding 4 each."""
    deck = ("6S JC 10C 9H  7S QC AC 10H  8S KC 7D JH  9S 6D 8D 6C  "
            "10S QH KS AS  JS QS 7H 8H  6H 7C 8C 9C  9D 10D JD QD  "
            "KH AH KD AD")
    state = kozel.new_game(seed=9, deck=deck)
    assert "6S+7S+8S+9S" in legal(state)
    state = play(state, "N 6S+7S+8S+9S", "E discard:JC+QC+KC+6D", "S discard:10C+AC+7D+8D",
                 "W discard:9H+10H+JH+6C")
    assert hand(state, N) == {"10S", "JS", "6H", "9D"}
    assert hand(state, W) == {"AS", "8H", "9C", "QD"}
    assert state.observation(N)["stock_size"] == 4
    state = play(state, "N 10S+JS", "E discard:7C+10D", "S discard:8C+JD", "W AS+8H")
    assert state.to_move == W
    assert hand(state, W) == {"9C", "QD", "KH"}
    assert hand(state, N) == {"6H", "9D", "AH"}
    assert hand(state, E) == {"QH", "QS", "KD"}
    assert hand(state, S) == {"KS", "7H", "AD"}
    seen = state.observation(W)
    assert seen["stock_size"] == 0 and tuple(seen["hand_sizes"]) == (3, 3, 3, 3)


def test_three_trick_deal_with_leads_of_four_four_and_one():
    """§2.3 end of deal: leads of 4, 4 and 1 make a deal of 3 tricks; §2.4: N's side takes
    all 120, B took no trick: B +6 (zero tricks); the last trick's winner N leads again."""
    deck = ("6S 10S KS 9D  7S JS AS 10D  8S QS 7D JD  9S 6D 8D 6C  "
            "6H 7C JH QH  7H 10H KD AD  8H QD 9C JC  9H 8C 10C QC  "
            "KH AH KC AC")
    state = kozel.new_game(seed=10, deck=deck)
    assert state.trump == "C"
    state = play(state, "N 6S+7S+8S+9S", "E discard:10S+JS+QS+6D", "S discard:KS+AS+7D+8D",
                 "W discard:9D+10D+JD+6C")
    assert hand(state, N) == {"6H", "7H", "8H", "9H"}
    state = play(state, "N 6H+7H+8H+9H", "E discard:7C+10H+QD+8C", "S discard:JH+KD+9C+10C",
                 "W discard:QH+AD+JC+QC")
    assert hand(state, N) == {"KH"} and hand(state, E) == {"AH"}
    assert len(state.score_sheet) == 0
    state = play(state, "N KH", "E discard:AH", "S discard:KC", "W discard:AC")
    assert len(state.score_sheet) == 1
    row = state.score_sheet[0]
    assert per_team(row["points"]) == (120, 0) and per_team(row["tricks"]) == (3, 0)
    assert per_team(row["loss_points"]) == (0, 6) and per_team(row["total"]) == (0, 6)
    assert not row["eggs"]
    assert per_team(state.scores) == (0, 6) and state.winner is None
    assert state.to_move == N


# ---------------------------------------------------------------------------------------
# Section 4, case 9 and section 2.3: the four-of-a-suit interrupt

T9_HANDS = {N: "7D 8D 9S 10S", E: "6C 9C JC AC", S: "7S 8S 9D 10D", W: "6H 8H QH KH"}


def test_case_9_four_of_a_suit_interrupt_and_priority():
    """§4 case 9 (T9): trump S, N leads 7D; E (clubs) and W (hearts) may claim; E, first
    in priority and the next responder, has `claim` among its plays (no `pass`) and
    claims; 7D goes back to N; E leads its four clubs; S, W, N answer; W can no longer
    claim; E takes the trick and draws first."""
    start = game(T9_HANDS, trump="6S")
    assert start.trump == "S"
    state = play(start, "N 7D")
    assert state.to_move == E
    choices = legal(state)
    assert "claim" in choices and "pass" not in choices
    assert choices == {"claim"} | {discard(c) for c in ("6C", "9C", "JC", "AC")}
    state = play(state, "E claim")
    assert hand(state, N) == {"7D", "8D", "9S", "10S"}
    assert hand(state, E) == set()
    trick = shown_cards(state.observation(S)["trick"])
    assert {"6C", "9C", "JC", "AC"} <= trick and "7D" not in trick
    assert state.to_move == S
    assert legal(state) == {discard("7S 8S 9D 10D")}
    state = play(state, "S discard:7S+8S+9D+10D")
    assert state.to_move == W
    assert legal(state) == {discard("6H 8H QH KH")}, "no second claim in a trick (A6)"
    assert_illegal(state, "claim")
    state = play(state, "W discard:6H+8H+QH+KH", "N discard:7D+8D+9S+10S")
    assert state.to_move == E
    deck = stack(T9_HANDS, trump="6S").split()
    assert hand(state, E) == {deck[16], deck[20], deck[24], deck[28]}, "E, the winner, draws first"
    assert state.observation(E)["stock_size"] == 4


def test_case_9_no_claims_when_the_interrupt_is_off():
    """§4 case 9 (T9) under four_suit_interrupt="off": neither E nor W may claim."""
    state = play(game(T9_HANDS, trump="6S", four_suit_interrupt="off"), "N 7D")
    assert state.to_move == E and legal(state) == {discard(c) for c in ("6C", "9C", "JC", "AC")}
    assert_illegal(state, "claim")
    state = play(state, "E discard:6C", "S discard:7S")
    assert state.to_move == W and "claim" not in legal(state)
    assert_illegal(state, "claim")


def test_claim_window_order_follows_priority():
    """§2.3 interrupt: with S and W eligible but not E, the window after N's lead asks S
    (clockwise distance 2) then W (3), each with claim/pass, before E answers; under
    four_suit_priority="counterclockwise" W is asked before S."""
    hands = {N: "7D 8D 9S 10S", E: "7S 8S 9D 10D", S: "6C 9C JC AC", W: "6H 8H QH KH"}
    state = play(game(hands, trump="6S"), "N 7D")
    assert state.to_move == S and legal(state) == {"claim", "pass"}
    state = play(state, "S pass")
    assert state.to_move == W and legal(state) == {"claim", "pass"}
    state = play(state, "W pass")
    assert state.to_move == E and "claim" not in legal(state) and "pass" not in legal(state)

    ccw = play(game(hands, trump="6S", four_suit_priority="counterclockwise"), "N 7D")
    assert ccw.to_move == W and legal(ccw) == {"claim", "pass"}
    ccw = play(ccw, "W pass")
    assert ccw.to_move == S and legal(ccw) == {"claim", "pass"}
    claimed = play(ccw, "S claim")
    assert claimed.to_move == W, "responses follow clockwise from the claimant S"
    assert hand(claimed, N) == {"7D", "8D", "9S", "10S"}


def test_counterclockwise_priority_asks_w_before_the_responder_e():
    """A6b: E and W both eligible; counterclockwise, W (distance 1) is asked first with
    claim/pass; after W's pass E, the next responder, has claim among its plays."""
    state = play(game(T9_HANDS, trump="6S", four_suit_priority="counterclockwise"), "N 7D")
    assert state.to_move == W and legal(state) == {"claim", "pass"}
    claimed = play(state, "W claim")
    assert claimed.to_move == N and hand(claimed, N) == {"7D", "8D", "9S", "10S"}
    assert hand(claimed, W) == set()
    passed = play(state, "W pass")
    assert passed.to_move == E and "claim" in legal(passed) and "pass" not in legal(passed)


def test_a_pass_covers_one_window_and_a_claim_returns_every_card_played():
    """§2.3 interrupt: only W is eligible.  W passes after N's lead, is asked again after
    E's play and passes, then claims as the next responder after S's play: every card on
    the table, the face-down discards too, goes back to its owner; W leads; N answers."""
    hands = {N: "7D 8D 9S 10S", E: "6C 9C JC 7S", S: "8S 9D 10D AC", W: "6H 8H QH KH"}
    state = play(game(hands, trump="6S"), "N 7D")
    assert state.to_move == W and legal(state) == {"claim", "pass"}
    state = play(state, "W pass")
    assert state.to_move == E and "claim" not in legal(state)
    state = play(state, "E discard:6C")
    assert state.to_move == W and legal(state) == {"claim", "pass"}, "asked again after the next play"
    state = play(state, "W pass", "S discard:AC")
    assert state.to_move == W
    assert "claim" in legal(state) and "pass" not in legal(state)
    state = play(state, "W claim")
    for seat in (N, E, S):
        assert hand(state, seat) == set(hands[seat].split()), f"seat {seat} gets its cards back"
    assert hand(state, W) == set()
    assert state.to_move == N
    assert legal(state) == {discard("7D 8D 9S 10S")}


def test_a_claim_after_a_beat_restarts_the_trick():
    """§2.3 interrupt: W claims after E beat N's lead; E's beating card goes back and the
    trick is W's four-card lead."""
    hands = {N: "7D 8D 9S 10S", E: "QD 9C JC 7S", S: "8S 9D 10D AC", W: "6H 8H QH KH"}
    state = play(game(hands, trump="6S"), "N 7D", "W pass", "E QD", "W claim")
    assert hand(state, E) == {"QD", "9C", "JC", "7S"} and hand(state, N) == set(hands[N].split())
    trick = shown_cards(state.observation(N)["trick"])
    assert {"6H", "8H", "QH", "KH"} <= trick and not trick & {"7D", "QD"}


# ---------------------------------------------------------------------------------------
# Section 4, case 10 and section 2.4: scoring a deal

def test_case_10_loss_points():
    """§4 case 10 (T10): loss points per team from (card points, tricks)."""
    lp = kozel.loss_points
    assert (lp(75, 5), lp(45, 4)) == (0, 2)
    assert (lp(89, 6), lp(31, 3)) == (0, 2)
    assert (lp(90, 6), lp(30, 1)) == (0, 4)
    assert (lp(120, 9), lp(0, 0)) == (0, 6)
    assert (lp(120, 8), lp(0, 1)) == (0, 4)      # a trick of four zero-point cards is a trick
    assert (lp(60, 4), lp(60, 5)) == (0, 0)      # eggs
    for points in range(0, 121):
        for tricks in range(0, 10):
            if points == 0 or tricks > 0:
                assert lp(points, tricks) == ref_loss(points, tricks), (points, tricks)


class OneBeat(NobodyBeats):
    """Leads `lead` when it can, beats with `beat` when it can; otherwise discards."""

    def __init__(self, lead: str, beat: str):
        super().__init__()
        self.first, self.beater = Card.parse(lead), Card.parse(beat)

    def lead(self, seat, hand, tally):
        return self.first if self.first in hand else hand[0]

    def respond(self, seat, hand, beaters, winner, tally):
        return ("beat", self.beater) if self.beater in beaters else ("discard", hand[0])


def test_case_10_zero_point_trick_is_still_a_trick():
    """§4 case 10 (T10), row 120-0 with one trick: E's trick holds 6C 7C 8D 9D (no card
    points); then S beats E's 6S with the ace of trumps and team A takes every later
    trick: B has 0 card points but 1 trick, so B +4, not +6."""
    hands = {N: "6C JS QS KS", E: "7C 6S 7S 8S", S: "8D JD QD 10S", W: "9D 10D AD AS"}
    state = game(hands, trump="AH", seed=12)
    state = play(state, "N 6C", "E 7C", "S discard:8D", "W discard:9D")
    assert state.to_move == E and "AH" in hand(state, S) and "6S" in hand(state, E)
    assert per_team(state.observation(N)["tricks"]) == (0, 1)
    tally = Tally(tricks=[0, 1], played=4, hidden=[(S, Card.parse("8D")), (W, Card.parse("9D"))],
                  last_winner=E)
    state, tally = play_deal(state, OneBeat("6S", "AH"), tally)
    row = state.score_sheet[0]
    assert per_team(row["points"]) == (120, 0) and per_team(row["tricks"]) == (8, 1)
    assert per_team(row["loss_points"]) == (0, 4) and per_team(row["total"]) == (0, 4)


def test_points_and_loss_of_random_deals_match_the_rule_file():
    """§2.3-2.4 on whole deals: for several seeds, every legal move, every observation's
    points and tricks, and every score sheet row (points incl. discards, tricks, loss
    points, eggs, total) match the test's own tally from the rule file."""
    for seed in range(4):
        state = kozel.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(3):
            if state.is_over:
                break
            state, _ = play_deal(state, Policy(rng, beat=rng.random()))


def test_case_10_eggs_row():
    """§4 case 10 (T10), last row: a 60-60 deal is eggs: no loss points, eggs_count 1,
    `with_eggs` true afterwards."""
    state = kozel.new_game(seed=13)
    assert not state.with_eggs and state.observation(0)["eggs_count"] == 0
    state, _ = steer(state, 60, eggs, random.Random(13))
    row = state.score_sheet[-1]
    assert row["eggs"] and per_team(row["loss_points"]) == (0, 0) and per_team(row["total"]) == (0, 0)
    assert per_team(state.scores) == (0, 0)
    assert all(state.observation(s)["eggs_count"] == 1 for s in range(4))
    assert state.with_eggs


# ---------------------------------------------------------------------------------------
# Section 4, cases 11 and 12 and sections 2.2, 2.5: match, deal, next leader

@pytest.mark.slow
def test_case_11_match_ends_at_twelve_goats_with_eggs():
    """§4 case 11 (T11): loss points A 10, B 4 after an earlier eggs deal; the next deal
    ends A 40, B 80: A +2 reaches 12, the match is over, B wins, A are the goats,
    with_eggs is true."""
    rng = random.Random(11)
    state = kozel.new_game(seed=11)
    for loss in ("eggs", (2, 0), (4, 0), (0, 2), (2, 0), (0, 2), (2, 0)):
        if loss == "eggs":
            state, _ = steer(state, 60, eggs, rng)
        else:
            state, _ = steer(state, GOAL[loss], want_loss(loss), rng)
        assert not state.is_over and state.winner is None and state.to_move is not None
    assert per_team(state.scores) == (10, 4) and state.with_eggs
    state, _ = steer(state, 40, lambda t: t.points == [40, 80], rng)
    row = state.score_sheet[-1]
    assert per_team(row["loss_points"]) == (2, 0) and per_team(row["total"]) == (2, 0)
    assert per_team(state.scores) == (12, 4)
    assert state.is_over and state.to_move is None and state.phase == "over"
    assert state.winner == 1, "the team that did not reach 12 wins"
    assert state.with_eggs
    assert state.legal_actions() == []
    with pytest.raises(IllegalMove):
        state.apply("6S")


@pytest.mark.slow
def test_case_11_eggs_double_the_next_deal():
    """§4 case 11 (T11) under eggs_rule="double_next": a deal right after eggs counts
    twice (row `loss_points` 2, `total` 4); one further on counts once."""
    rng = random.Random(111)
    state = kozel.new_game(seed=111, rules=kozel.Rules(eggs_rule="double_next"))
    state, _ = steer(state, 60, eggs, rng)
    state, _ = steer(state, GOAL[(0, 2)], want_loss((0, 2)), rng, factor=2)
    assert per_team(state.scores) == (0, 4)
    for loss in ((4, 0), (4, 0), (2, 0)):
        state, _ = steer(state, GOAL[loss], want_loss(loss), rng)
    assert per_team(state.scores) == (10, 4) and not state.is_over
    state, _ = steer(state, 60, eggs, rng)
    state, _ = steer(state, 40, want_loss((2, 0)), rng, factor=2)
    row = state.score_sheet[-1]
    assert per_team(row["loss_points"]) == (2, 0) and per_team(row["total"]) == (4, 0)
    assert per_team(state.scores) == (14, 4) and state.is_over and state.winner == 1


def test_match_starts_clean():
    """§2.2 match state: no loss points, no eggs, no winner; teams N-S and E-W; seat 0
    (left of the default dealer W) leads."""
    state = kozel.new_game(seed=1)
    assert per_team(state.scores) == (0, 0) and state.score_sheet == []
    assert state.winner is None and not state.is_over and not state.with_eggs
    assert state.teams == ((0, 2), (1, 3)) and state.players == 4
    assert state.to_move == N and state.phase != "over"
    for seat in range(4):
        seen = state.observation(seat)
        assert set(seen) >= OBSERVATION_KEYS
        json.dumps(seen)
        assert seen["seat"] == seat and seen["eggs_count"] == 0
        assert per_team(seen["scores"]) == (0, 0)


def test_rules_defaults_are_the_rule_files():
    """§3: the Rules fields carry the rule file's defaults; a bad option is a ValueError."""
    rules = kozel.Rules()
    for name, value in RULE_DEFAULTS.items():
        assert getattr(rules, name) == value, name
    with pytest.raises(ValueError):
        kozel.Rules(pairing="nonsense")
    with pytest.raises(ValueError):
        kozel.Rules(four_suit_interrupt="always")


@pytest.mark.parametrize("dealer", [3, 0, 1, 2])
def test_case_12_deal_one_card_at_a_time_from_the_dealers_left(dealer):
    """§4 case 12 (T12) and §2.2: c0 goes to next(dealer), then clockwise one card at a
    time; the dealer's last card is the 16th; 20 cards stay in the stock; the stacked
    deck's trump indicator is c17 (stock index 1), public to every seat; the player left
    of the dealer leads."""
    deck = stack({}, dealer=dealer).split()
    state = kozel.new_game(seed=2, deck=" ".join(deck), dealer=dealer)
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        assert hand(state, seat) == {deck[k], deck[k + 4], deck[k + 8], deck[k + 12]}
    assert deck[15] in hand(state, dealer)
    assert state.to_move == (dealer + 1) % 4
    assert state.trump == Card.parse(deck[17]).suit
    for seat in range(4):
        seen = state.observation(seat)
        assert seen["trump_card"] == deck[17] and seen["trump_card_position"] == 1
        assert seen["stock_size"] == 20 and tuple(seen["hand_sizes"]) == (4, 4, 4, 4)
        assert seen["trump"] == state.trump


def test_case_12_trump_indicator_from_the_middle_of_the_stock():
    """§4 case 12 (T12), §2.2 trump selection: with a shuffled deck the indicator sits at
    an index 1..18 of the 20-card stock (never top or bottom), every such index occurs,
    the trump is its suit and it is in nobody's hand."""
    positions = set()
    for seed in range(300):
        state = kozel.new_game(seed=seed)
        seen = state.observation(0)
        positions.add(seen["trump_card_position"])
        assert seen["stock_size"] == 20
        assert Card.parse(seen["trump_card"]).suit == state.trump == seen["trump"]
        assert all(seen["trump_card"] not in hand(state, s) for s in range(4))
    assert positions == set(range(1, 19))


def test_trump_index_range_any_and_the_indicator_under_the_stock():
    """§2.2 with A1/A2: trump_index_range="any" may show the top or bottom card too;
    "top_to_bottom" turns up the top card (c16) and puts it under the stock (position 19),
    "middle_to_bottom" does the same with the middle card (c17 for a stacked deck)."""
    anywhere = {kozel.new_game(seed=s, rules=kozel.Rules(trump_index_range="any"))
                .observation(0)["trump_card_position"] for s in range(400)}
    assert anywhere == set(range(20))
    deck = stack({})
    cards = deck.split()
    for reveal, card in (("top_to_bottom", cards[16]), ("middle_to_bottom", cards[17])):
        state = kozel.new_game(seed=3, deck=deck, rules=kozel.Rules(trump_reveal=reveal))
        seen = state.observation(1)
        assert seen["trump_card"] == card and state.trump == Card.parse(card).suit
        assert seen["trump_card_position"] == 19 and seen["stock_size"] == 20
        after = play_trick(state, NobodyBeats(), Tally())
        assert after.observation(1)["trump_card_position"] == 15
        assert all(card not in hand(after, s) for s in range(4))


def test_trump_card_stays_in_place_and_is_drawn_in_turn():
    """§2.2 (A1 default "middle_return"): the indicator stays at its index, which falls by
    one for each card drawn above it, and goes to the seat whose draw reaches it."""
    seed = next(s for s in range(100) if kozel.new_game(seed=s).observation(0)["trump_card_position"] >= 9)
    state = kozel.new_game(seed=seed)
    card, position = state.observation(0)["trump_card"], state.observation(0)["trump_card_position"]
    while position is not None:
        leader = state.to_move
        state = play_trick(state, NobodyBeats(), Tally())
        assert state.to_move == leader
        seen = state.observation(2)
        assert seen["trump_card"] == card and Card.parse(card).suit == state.trump
        if position >= 4:
            assert seen["trump_card_position"] == position - 4
            position -= 4
        else:
            assert seen["trump_card_position"] is None
            assert card in hand(state, (leader + position) % 4), "drawn by the seat whose turn reaches it"
            position = None


def test_case_12_last_trick_winner_leads_the_next_deal():
    """§4 case 12 (T12), §2.5: W wins the last trick of the first deal (dealer W): the next
    dealer is N, yet the first lead of the new deal is W's, not E's (N's left)."""
    state = kozel.new_game(seed=12)
    rng = random.Random(12)
    for _ in range(3000):
        after, tally = play_deal(state, Policy(rng, beat=rng.random()))
        if tally.last_winner == W and not after.is_over:
            break
    else:
        pytest.fail("W never took the last trick")
    assert after.to_move == W
    seen = after.observation(W)
    assert seen["stock_size"] == 20
    if "dealer" in seen:  # not a key the rule file names; checked only where given
        assert seen["dealer"] == N
