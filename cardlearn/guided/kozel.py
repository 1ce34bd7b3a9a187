"""Kozel's (Geit's) guided first deal: a stacked first deal in which the trump is shown, the
pupil (seat 0, the first to lead) leads two cards, Computer 1 beats them, the partner
(Computer 2) lays two face down, Computer 3 claims the lead with four of a suit (four trumps),
the pupil answers face down, everyone draws back up to four, and the pupil beats three cards
with an ace and two trumps.  The rest of the deal is played out by the rule-of-thumb computer
in every seat, the pupil's moves suggested one by one, to the count and the loss points."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from cardlearn.games import kozel
from cardlearn.games.kozel import DECK, four_of_a_suit
from cardlearn.guided.guide import Guide, Step, played_out, stacked
from cardlearn.protocol import AnyState

# The first deal, one card at a time from the dealer's (seat 3's) left: seat 0 gets c0 c4 c8
# c12 (7♥ 8♥ 6♦ 7♦), seat 1 four hearts (9♥ J♥ Q♥ K♥), seat 2 four clubs (6♣ 7♣ 8♣ 9♣) and
# seat 3 four spades (6♠ 8♠ J♠ K♠); then the stock, c16 first: c17 (Q♠) is the trump shown,
# and after the claimed trick c16..c31 are drawn, Computer 3 first (seat 0 draws c17 c21 c25
# c29).  The last four stock cards are the rest of the deck in the engine's order.
HEAD = ("7H", "9H", "6C", "6S", "8H", "JH", "7C", "8S", "6D", "QH", "8C", "JS", "7D", "KH", "9C", "KS",
        "8D", "QS", "9D", "10H", "JD", "AD", "6H", "JC", "QD", "9S", "10D", "QC", "KD", "7S", "AH", "KC")
SEED = 2026  # the later deals' shuffle (the guided deal is the first deal only)

TAUGHT = (
    Step("7H+8H", {
        "is": "Spaðadrottningin var sýnd úr stokknum, svo spaði er tromp: tromp slær hvert spil í "
              "öðrum lit. Spilaðu út hjartasjöunni og hjartaáttunni saman, því að út má spila fleiri "
              "spilum en einu ef þau eru í sama lit, og þessi eru punktalaus.",
        "en": "The Q♠ was shown from the stock, so spades are trumps: a trump beats any card of "
              "another suit. Lead your 7♥ and 8♥ together: you may lead more than one card if they "
              "are of one suit, and these are worth no points."}, term="tromp"),
    Step("9H+JH", {
        "is": "Tölva 1 sló hjörtun þín tvö með hjartaníu og hjartagosa: hvert spil sem slær þarf að "
              "slá eitt spilanna sem fyrir eru, hér með hærra spili í sama lit.",
        "en": "Computer 1 beat your two hearts with the 9♥ and the J♥: each beating card must beat "
              "one of the cards before it, here with a higher card of the same suit."}),
    Step("discard:6C+7C", {
        "is": "Makker þinn gat ekki slegið hjörtun og lagði tvö spil á grúfu: enginn sér þau, en "
              "þau fara til liðsins sem fær slaginn.",
        "en": "Your partner could not beat the hearts and laid two cards face down: nobody sees "
              "them, but they go to the team that takes the trick."}, term="á grúfu"),
    Step("claim", {
        "is": "Tölva 3 átti fjögur í lit, fjögur tromp, og krafðist útspils utan röðar: spilin á "
              "borðinu fóru aftur á hendur eigenda sinna, hjörtun þín líka, og hún spilar út "
              "trompunum fjórum.",
        "en": "Computer 3 held four of a suit, four trumps, and claimed the lead out of turn: the "
              "cards on the table went back to their owners, your hearts too, and it leads its "
              "four trumps."},
         term="fjögur í lit"),
    Step("discard:6D+7D+7H+8H", {
        "is": "Þú átt ekkert tromp og getur ekki slegið: leggðu því öll fjögur spilin þín á grúfu. "
              "Þau eru punktalaus, svo að mótherjarnir græða ekkert á þeim: punktarnir ráða því "
              "hvort liðið fær tapstig.",
        "en": "You hold no trump and cannot beat them, so lay all four of your cards face down. "
              "They are worth no points, so the opponents gain nothing from them: the card points "
              "decide which team gets loss points."}, term="tapstig"),
    Step("discard:9H+JH+QH+KH", {
        "is": "Tölva 1 gat ekki heldur slegið og lagði fjögur spil á grúfu.",
        "en": "Computer 1 could not beat them either and laid four cards face down."}),
    Step("discard:6C+7C+8C+9C", {
        "is": "Makker þinn lagði líka fjögur spil á grúfu, og Tölva 3 fékk slaginn.",
        "en": "Your partner laid four cards face down too, and Computer 3 took the trick."}),
    Step("JD+QD+KD", {
        "is": "Allir drógu úr stokknum aftur upp í fjögur spil, eitt í einu, Tölva 3 fyrst því að "
              "hún fékk slaginn, og þú fékkst spaðadrottninguna sem sýnd var. Tölva 3 spilar nú út "
              "þremur tíglum: gosa, drottningu og kóngi.",
        "en": "Everyone drew from the stock back up to four cards, one at a time, Computer 3 first "
              "as it took the trick, and you drew the Q♠ that was shown. Computer 3 now leads three "
              "diamonds: the jack, the queen and the king."}),
    Step("7S+QS+AD", {
        "is": "Til að fá slaginn þarftu að slá öll þrjú spilin: tígulásinn slær kónginn, og "
              "trompin þín tvö, spaðasjöan og spaðadrottningin, slá gosann og drottninguna. Þá fær "
              "lið þitt punktana níu á borðinu.",
        "en": "To take the trick you must beat all three cards: your A♦ beats the king, and your "
              "two trumps, the 7♠ and the Q♠, beat the jack and the queen. Then your team gets the "
              "nine card points on the table."}),
)

INTRO = {
    "is": "Í Geit spilar þú með makker þínum, Tölvu 2, gegn Tölvu 1 og Tölvu 3, og liðið sem fær 61 "
          "af 120 punktum í slögum sínum vinnur spilið. Hver hefur fjögur spil á hendi: í hverjum "
          "slag er spilað út einu spili eða fleirum í sama lit, hinir slá þau eða leggja jafnmörg "
          "spil á grúfu, og svo draga allir aftur upp í fjögur.",
    "en": "In Kozel (the Goat) you play with your partner, Computer 2, against Computers 1 and 3, "
          "and the team that takes 61 of the 120 card points in its tricks wins the deal. Everyone "
          "holds four cards: in each trick one or more cards of one suit are led, the others beat "
          "them or lay as many cards face down, and then everyone draws back up to four.",
}
TIP = {
    "is": "Í lok spilsins telur hvort lið punktana í slögum sínum, spilin á grúfu líka: lið sem fær 61 "
          "eða fleiri vinnur, og hitt fær 2 tapstig, 4 með 30 punkta eða færri og 6 ef það fékk "
          "engan slag. Ráð: leggðu punktaspil á grúfu þegar makker þinn á slaginn og þú leggur "
          "síðastur í hann, en lág spil þegar mótherji á hann.",
    "en": "At the end each team counts the card points in its tricks, the face-down cards too: a "
          "team with 61 or more wins, and the other gets 2 loss points, 4 with 30 points or fewer "
          "and 6 if it took no trick. A tip: lay points face down when your partner is winning the "
          "trick and you play last to it, but low cards when an opponent is winning it.",
}


def deal() -> AnyState:
    """The stacked first deal (seat 3 deals, seat 0 leads)."""
    return stacked("kozel", SEED, HEAD, DECK)


# -- what must happen in it (the tests check each) ----------------------------------------------
def _actions(states: Sequence[AnyState], moves: Sequence[str]) -> list[tuple[int, kozel.Action]]:
    """Each move as the engine reads it in its position, with its index."""
    return [(i, states[i].check(m)) for i, m in enumerate(moves)]


def _first_deal(states: Sequence[AnyState]) -> list[kozel.State]:
    return [s for s in states if isinstance(s, kozel.State) and s.deals_done == 0]


def trump_shown(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """The trump card is shown to everyone from the stock, not from a hand."""
    start = states[0]
    assert isinstance(start, kozel.State)
    obs = start.observation(0)
    return (obs["trump_card"] == str(start.trump_card) and obs["trump_card_position"] is not None
            and start.trump_card in start.stock and obs["trump"] == start.trump)


def lead_of_two(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    return any(states[i].phase == "lead" and a.kind == "play" and len(a.cards) == 2
               for i, a in _actions(states, moves))


def a_beat(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    return any(states[i].phase == "respond" and a.kind == "play" for i, a in _actions(states, moves))


def face_down(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    return any(states[i].phase == "respond" and a.kind == "discard" for i, a in _actions(states, moves))


def a_claim(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """A seat claims the lead and its four cards of one suit become the lead."""
    for i, a in _actions(states, moves):
        after = states[i + 1]
        if a.kind == "claim" and isinstance(after, kozel.State) and after.interrupted:
            seat, kind, cards = after.plays[0]
            if seat == states[i].to_move and kind == "lead" and len(cards) == 4 and four_of_a_suit(cards):
                return True
    return False


def draw_to_four(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """A trick ends with hands short, and everyone draws from the stock back up to four."""
    deal_one = _first_deal(states)
    for before, after in pairwise(deal_one):
        if len(before.plays) == 3 and not after.plays and after.deals_done == 0:
            short = min(map(len, before.hands)) < 4
            if short and all(len(h) == 4 for h in after.hands) and len(after.stock) < len(before.stock):
                return True
    return False


def counted(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """The deal ended and was counted: the card points, face-down cards included, make 120."""
    last = states[-1]
    if last.deals_done != 1 or not isinstance(last, kozel.State):
        return False
    row = last.score_sheet[0]
    return sum(row["points"]) == 120 and not row["eggs"]


def loss_points(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """The team with fewer card points got loss points, and they stand in the match score."""
    last = states[-1]
    if last.deals_done != 1 or not isinstance(last, kozel.State):
        return False
    row = last.score_sheet[0]
    loser = 0 if row["points"][0] < row["points"][1] else 1
    loss = row["loss_points"]
    return loss[loser] > 0 and loss[1 - loser] == 0 and last.scores == row["total"]


GUIDE = Guide(
    game="kozel", pupil=0, deal=deal, intro=INTRO, steps=played_out("kozel", deal(), TAUGHT, SEED), tip=TIP,
    events={"the trump shown": trump_shown, "a lead of two cards": lead_of_two, "a beat": a_beat,
            "an answer face down": face_down, "a claim with four of a suit": a_claim,
            "drawing back to four": draw_to_four, "the count": counted, "loss points": loss_points},
)
