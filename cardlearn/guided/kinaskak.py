"""Kínaskák's guided first deal: the first round (contract: one run and one set) for two.  The
computer (seat 1) plays first and lets the upcard, the K♥, lie; the pupil (seat 0) buys it; the
computer lays down a run with a joker and a set and lays off on them; the pupil takes its
discarded king, lays the contract down, lays its own joker off at the bottom of its run, steals
the computer's joker with the card it stands for and lays that off too, and discards its ace.
The computer then lays off on the pupil's run and goes out; the pupil has one more turn, and
the cards left in its hand are counted as penalty points.  Every move is scripted to the end.

The pupil lays off only jokers, at a run's low end, and the computer goes out: at the table a
lay-off's meld (like a draw's stock) is a zone, which a guided deal cannot light; a joker at a
run's low end is chosen by the run's first card, which it can."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import cast

from cardlearn.cards import Card
from cardlearn.games import kinaskak
from cardlearn.guided.guide import Guide, Step, played_out
from cardlearn.protocol import AnyState

PLAYERS = 2
PUPIL, COMPUTER = 0, 1
DEALER = 0  # so that the computer plays first and the pupil may buy the upcard it lets lie
# The first round, one card at a time from the dealer's left (the computer first): the pupil
# holds the run 5♣–8♣, the K♠, a joker, the 4♠ and loose cards; the computer its contract
# (3♠ joker 5♠ 6♠, three queens), the 7♠, the K♦ it discards and clubs for the pupil's run.
# Then the upcard (K♥), then the stock's top: the card the pupil gets with its buy, the
# computer's draw after the buy (Q♣), its last draw (J♣); the rest of the two decks in the
# engine's order.
HANDS = (
    ("5C", "6C", "7C", "8C", "KS", "JK", "4S", "AD", "10H", "9D", "3D", "7H", "2H"),
    ("3S", "JK", "5S", "6S", "7S", "QS", "QH", "QD", "KD", "3C", "9C", "10C", "8H"),
)
UPCARD = "KH"
STOCK = ("6D", "QC", "JC")
HEAD = (*(card for pair in zip(HANDS[COMPUTER], HANDS[PUPIL]) for card in pair), UPCARD, *STOCK)
SEED = 2026  # the later rounds' shuffle (the guided deal is the first round only)
PENALTY = 35  # the pupil's 9♦ 3♦ 7♥ 2♥ 6♦ 8♥ at the end: 10 + 5 × 5

TAUGHT = (
    Step("draw", {
        "is": "Tölvan á fyrsta leik. Hún vildi ekki hjartakónginn sem snúið var upp og dregur því "
              "úr stokknum.",
        "en": "The computer moves first. It did not want the K♥ turned up, so it draws from the "
              "stock."}),
    Step("buy", {
        "is": "Nú máttu kaupa hjartakónginn: þá færðu hann og efsta spil stokksins með, en kastar "
              "engu. Kauptu hann, því að samningur fyrstu umferðar er ein röð og ein þrenna: röðina, "
              "5♣ til 8♣, áttu þegar, og nú eru kóngarnir orðnir tveir. Þegar samningurinn er tvær "
              "raðir eða fleiri er hver þeirra í sínum lit.",
        "en": "Now you may buy the K♥: you get it and the top card of the stock with it, and "
              "discard nothing. Buy it, because the contract of the first round is one run and one "
              "set: you already hold the run, 5♣ to 8♣, and this makes two kings. When a contract "
              "asks for two runs or more, each is of a suit of its own."},
         term="samningur"),
    Step("run 3S JK=4S 5S 6S", {
        "is": "Tölvan lagði niður röð í spaða með jóker: 3♠, jóker, 5♠ og 6♠. Jóker getur staðið "
              "fyrir hvaða spil sem er, og þessi stendur fyrir 4♠.",
        "en": "The computer laid down a run of spades with a joker: 3♠, joker, 5♠ and 6♠. A joker "
              "can stand for any card, and this one stands for the 4♠."}, term="jóker"),
    Step("set QD QH QS", {
        "is": "Og þrennu af drottningum: þar með er samningurinn hennar kominn niður.",
        "en": "And a set of queens: with that its contract is down."}),
    Step("off 7S 1-0 high", {
        "is": "Svo bætti hún spaðasjöunni við röðina sína.",
        "en": "Then it laid off the 7♠ on its run."}),
    Step("off QC 1-1", {
        "is": "Og laufadrottningunni við þrennuna.",
        "en": "And the Q♣ on its set."}),
    Step("discard KD", {
        "is": "Loks kastaði hún tígulkónginum.",
        "en": "Finally it discarded the K♦."}),
    Step("take", {
        "is": "Taktu tígulkónginn sem tölvan kastaði: hann er þriðji kóngurinn þinn.",
        "en": "Take the K♦ the computer discarded: it is your third king."}),
    Step("run 5C 6C 7C 8C", {
        "is": "Nú áttu allan samninginn og mátt leggja niður, fyrst röðina: 5♣, 6♣, 7♣ og 8♣.",
        "en": "Now you hold the whole contract and may lay down, the run first: 5♣, 6♣, 7♣ and 8♣."},
         term="leggja niður"),
    Step("set KD KH KS", {
        "is": "Svo þrennuna, kóngana þrjá. Þá hefurðu lagt niður.",
        "en": "Then the set, the three kings. Now you have laid down."}),
    Step("off JK 0-0 low", {
        "is": "Nú máttu bæta við hvaða röð eða þrennu sem er á borðinu, en nýjar raðir eða þrennur "
              "leggurðu ekki niður eftir samninginn. Byrjaðu á jókernum, sem gæfi "
              "20 refsistig ef hann sæti eftir á hendi: settu hann neðst í röðina þína, þar sem hann "
              "stendur fyrir 4♣.",
        "en": "Now you may lay off cards on any run or set on the table, but you lay down no new runs "
              "or sets after your contract. Start with your joker, "
              "which would cost 20 penalty points if it were left in your hand: put it at the bottom "
              "of your run, where it stands for the 4♣."}, term="bæta við"),
    Step("steal 4S 1-0", {
        "is": "Spaðafjarkinn þinn er spilið sem jóker tölvunnar stendur fyrir. Settu hann í stað "
              "jókersins og taktu jókerinn: það heitir að stela jóker, og það má aðeins sá sem hefur "
              "lagt niður.",
        "en": "Your 4♠ is the card the computer's joker stands for. Put it in the joker's place and "
              "take the joker: that is stealing a joker, which only a player who has laid down may "
              "do."}, term="stela jóker"),
    Step("off JK 1-0 low", {
        "is": "Þannig losnaðirðu við fjarkann. Bættu nú jókernum neðst við röð tölvunnar, þar sem "
              "hann stendur fyrir 2♠: þú mátt líka bæta við raðir annarra.",
        "en": "That got rid of your four. Now lay the joker off at the bottom of the computer's run, "
              "where it stands for the 2♠: you may lay off on other players' runs too."}),
    Step("discard AD", {
        "is": "Hin spilin þín passa hvergi. Kastaðu tígulásnum, sem gæfi 15 refsistig, því að best "
              "er að losna fyrst við háu spilin.",
        "en": "Your other cards fit nowhere. Discard the A♦, which would cost 15 penalty points, "
              "since it is best to get rid of the high cards first."}, term="refsistig"),
    Step("draw", {
        "is": "Tölvan lét ásinn liggja og dró úr stokknum.",
        "en": "The computer let the ace lie and drew from the stock."}),
    Step("off 3C 0-0 low", {
        "is": "Hún bætti laufaþristinum neðst við röðina þína.",
        "en": "It laid off the 3♣ at the bottom of your run."}),
    Step("off 9C 0-0 high", {
        "is": "Svo laufaníunni efst.",
        "en": "Then the 9♣ at the top."}),
    Step("off 10C 0-0 high", {
        "is": "Og laufatíunni.",
        "en": "And the 10♣."}),
    Step("off JC 0-0 high", {
        "is": "Og laufagosanum, sem hún hafði dregið.",
        "en": "And the J♣ it had drawn."}),
    Step("discard 8H", {
        "is": "Loks kastaði hún síðasta spilinu, hjartaáttunni, og hefur þar með lokað: höndin er "
              "tóm. Þú færð að gera einu sinni enn, og svo er umferðin gerð upp.",
        "en": "Finally it discarded its last card, the 8♥, and has gone out: its hand is empty. You "
              "get one more turn, and then the round is scored."}, term="loka"),
    Step("take", {
        "is": "Taktu hjartaáttuna: hún gefur aðeins 5 refsistig, en spil úr stokknum gæti gefið meira.",
        "en": "Take the 8♥: it costs only 5 penalty points, while a card from the stock might cost "
              "more."}),
    Step("discard 10H", {
        "is": f"Kastaðu svo hjartatíunni, sem gæfi 10. Þá lýkur umferðinni: tölvan fær 0 refsistig "
              f"en þú {PENALTY} fyrir spilin sex sem eftir eru á hendi þinni.",
        "en": f"Then discard the 10♥, which would cost 10. That ends the round: the computer scores 0 "
              f"penalty points and you {PENALTY} for the six cards left in your hand."}),
)

INTRO = {
    "is": "Í kínaskák reynirðu að losna við öll spilin á hendi: fyrst leggurðu niður samning "
          "umferðarinnar, raðir og þrennur, og síðan bætirðu spilum við það sem liggur á borðinu. "
          "Sá sem fyrstur lokar lýkur umferðinni, hinir fá refsistig fyrir spilin sem þeir sitja "
          "uppi með, og eftir átta umferðir vinnur sá sem hefur fæst. Í þessari kennslu spilarðu við "
          "eina tölvu (tveir spilarar), og alvöru spilið á eftir líka.",
    "en": "In Kínaskák you try to get rid of every card in your hand: first you lay down the round's "
          "contract, runs and sets, and then you lay off cards on what lies on the table. Whoever "
          "goes out first ends the round, the others score penalty points for the cards they are "
          "left with, and after eight rounds the lowest total wins. In this lesson you play one "
          "computer (two players), and the real game after it too.",
}
TIP = {
    "is": "Sá sem lokar fær 0, en hinir fá refsistig fyrir hvert spil á hendi: jóker 20, ás 15, nía, "
          "tía og mannspil 10, tvistur til átta 5. Ráð: losaðu þig fyrst við jókera og há spil, því "
          "að enginn veit hvenær næsti maður lokar.",
    "en": "Whoever goes out scores 0, and the others score penalty points for each card in hand: "
          "joker 20, ace 15, nine, ten and court cards 10, two to eight 5. A tip: get rid of jokers "
          "and high cards first, for you never know when someone will go out.",
}


def deal() -> AnyState:
    """The stacked first round for two (seat 0 deals, the computer plays first): `HEAD` on
    top, then the rest of the two decks in the engine's order (a multiset: each duplicate in
    `HEAD` is taken once)."""
    rest = Counter(str(c) for c in kinaskak.deck_for(PLAYERS)) - Counter(HEAD)
    order = list(HEAD)
    for card in map(str, kinaskak.deck_for(PLAYERS)):
        if rest[card] > 0:
            rest[card] -= 1
            order.append(card)
    state: AnyState = kinaskak.new_game(players=PLAYERS, seed=SEED, deck=" ".join(order), dealer=DEALER)
    return state


# -- what must happen in it (the tests check each) ----------------------------------------------
Test = Callable[[Sequence[AnyState], Sequence[str]], bool]


def _moves(states: Sequence[AnyState], moves: Sequence[str]) -> list[tuple[kinaskak.State, kinaskak.Action,
                                                                          kinaskak.State]]:
    """Each move of the first round with the positions before and after it."""
    ks = cast("Sequence[kinaskak.State]", states)
    return [(ks[i], ks[i].check(m), ks[i + 1]) for i, m in enumerate(moves) if ks[i].deals_done == 0]


def _first(states: Sequence[AnyState], moves: Sequence[str], test: Callable[..., bool]) -> int | None:
    return next((i for i, (a, act, b) in enumerate(_moves(states, moves)) if test(a, act, b)), None)


def _drew(a: kinaskak.State, act: kinaskak.Action, b: kinaskak.State) -> bool:
    """Taking the live discard or declining it for the stock."""
    return act.verb in ("take", "draw") and a.phase == "draw"


def _bought(a: kinaskak.State, act: kinaskak.Action, b: kinaskak.State) -> bool:
    """A buy that went through: the buyer holds the declined card and a stock card more."""
    seat = a.to_move
    return (act.verb == "buy" and seat is not None and b.buys_used[seat] == a.buys_used[seat] + 1
            and len(b.hands[seat]) == len(a.hands[seat]) + 2)


def _laid_down(a: kinaskak.State, act: kinaskak.Action, b: kinaskak.State) -> bool:
    """The pupil's melds on the table make the round's contract: one run and one set."""
    kinds = Counter(m.kind for m in b.melds[PUPIL])
    contract = kinaskak.CONTRACTS[0]
    return (not a.laid_down[PUPIL] and b.laid_down[PUPIL]
            and kinds == Counter({"run": contract.runs, "set": contract.sets}))


def _laid_off(a: kinaskak.State, act: kinaskak.Action, b: kinaskak.State) -> bool:
    """The pupil's card joined a meld on the table."""
    if act.verb != "off" or a.player != PUPIL or act.meld is None or b.deals_done:
        return False
    before, after = a.meld_at(act.meld), b.meld_at(act.meld)
    return before is not None and after is not None and len(after.cards) == len(before.cards) + 1


def _jokers(cards: Sequence[Card]) -> int:
    return sum(c.rank is None for c in cards)


def _stole(a: kinaskak.State, act: kinaskak.Action, b: kinaskak.State) -> bool:
    """The pupil swapped a natural card in for a joker on the table and holds the joker."""
    if act.verb != "steal" or a.player != PUPIL or act.meld is None:
        return False
    before, after = a.meld_at(act.meld), b.meld_at(act.meld)
    return (before is not None and after is not None and _jokers(after.cards) == _jokers(before.cards) - 1
            and _jokers(b.hands[PUPIL]) == _jokers(a.hands[PUPIL]) + 1)


def _went_out(a: kinaskak.State, act: kinaskak.Action, b: kinaskak.State) -> bool:
    """A seat emptied its hand first, ending the round after one more turn for the other."""
    seat = a.player
    return (a.went_out is None and b.deals_done == 0 and b.went_out == seat and not b.hands[seat]
            and b.final_left == (1 - seat,))


def _event(test: Callable[[kinaskak.State, kinaskak.Action, kinaskak.State], bool]) -> Test:
    return lambda states, moves: _first(states, moves, test) is not None


def counted(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """The round ended and was scored: 0 for the computer, which went out; the pupil the
    penalty values of the cards left in hand, as its last step says."""
    last = cast("kinaskak.State", states[-1])
    end = last.last_deal
    if last.deals_done != 1 or end is None:
        return False
    row = last.score_sheet[0]
    left = end.hands[PUPIL]
    return (row["went_out"] == COMPUTER and row["penalty"] == (kinaskak.penalty(left), 0) == (PENALTY, 0)
            and len(left) == 6)


def in_order(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """Drawing, buying, the pupil's lay-down, its lay-off, the joker stolen, going out: in order."""
    found = [_first(states, moves, t) for t in (_drew, _bought, _laid_down, _laid_off, _stole, _went_out)]
    return None not in found and found == sorted(i for i in found if i is not None)


GUIDE = Guide(
    game="kinaskak", pupil=PUPIL, deal=deal, intro=INTRO, steps=played_out("kinaskak", deal(), TAUGHT, SEED),
    tip=TIP,
    events={"taking or drawing": _event(_drew), "buying": _event(_bought),
            "laying down the contract": _event(_laid_down), "laying off": _event(_laid_off),
            "a joker stolen": _event(_stole), "going out": _event(_went_out),
            "the penalty count": counted, "all in the issue's order": in_order},
)
