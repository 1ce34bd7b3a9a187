"""Lomber's guided first deal: a stacked first deal in which the pupil (seat 0, the forehand)
bids spil, Computer 1 bids sóló and the pupil holds it, becoming the declarer (the ombre);
the pupil names hearts trumps, the two defenders buy from the talon (in sóló only they may),
and in the play a defender keeps its basti back from a small trump lead (the matadors'
exemption) while the other follows suit, until the pupil leads the manilía, which draws the
basti and takes the trick.  The rest of the deal is played out by the rule-of-thumb computer
in every seat, the pupil's moves suggested one by one, to the payment."""

from __future__ import annotations

from collections.abc import Sequence

from cardlearn.games import lomber
from cardlearn.games.lomber import DECK, ladder, trick_winner, trump_order
from cardlearn.games.lomber.rules import TRUMP
from cardlearn.guided.guide import Guide, Step, played_out, stacked
from cardlearn.protocol import AnyState

# The first deal (seat 2 deals; three cards at a time to seat 0, 1, 2, three times round),
# written hand by hand: the pupil holds spadda, the manilía 7♥ and four more hearts;
# Computer 1 two small trumps and diamonds for its sóló; Computer 2 the basti as its only
# trump.  Then the talon, top first: the defenders buy from its top, the hearts lie deepest.
HANDS = (
    ("AS", "7H", "AH", "KH", "QH", "2H", "2S", "KD", "QD"),
    ("JH", "3H", "7D", "AD", "JD", "2D", "3D", "KC", "QC"),
    ("AC", "QS", "JS", "7S", "6S", "5S", "2C", "3C", "4C"),
)
TALON = ("JC", "6D", "7C", "5D", "4S", "3S", "KS", "6C", "5C", "4D", "6H", "5H", "4H")
HEAD = tuple(card for r in range(3) for hand in HANDS for card in hand[3 * r:3 * r + 3]) + TALON
SEED = 2026  # the later deals' shuffle (the guided deal is the first deal only)

TAUGHT = (
    Step("spil", {
        "is": "Þú ert forhönd og segir fyrst. Segðu spil, lægstu sögnina: sá sem segir á eftir þér "
              "verður að segja hærra, en þú situr framar og mátt segja sömu sögn og hann.",
        "en": "You are the forehand and bid first. Bid spil, the lowest bid: whoever bids after you "
              "must bid higher, but you sit earlier and may name the same bid as they do."}),
    Step("solo", {
        "is": "Tölva 1 sagði sóló: þá spilar sagnhafinn án þess að kaupa, og sóló er miklu hærri "
              "sögn en spil.",
        "en": "Computer 1 bid solo: the declarer then plays without buying any cards, and solo is "
              "a much higher bid than spil."}, term="sóló"),
    Step("solo", {
        "is": "Segðu líka sóló: fyrra sætið má halda, það er segja sömu sögn aftur. Með spöddu og "
              "fimm hjörtum er hönd þín nógu sterk til að spila án þess að kaupa.",
        "en": "Hold sóló: the earlier seat may hold, naming the same bid again. With spadda (the A♠) "
              "and five hearts your hand is strong enough to play without buying."}, term="halda"),
    Step("pass", {"is": "Tölva 1 sagði pass.", "en": "Computer 1 passed."}),
    Step("pass", {"is": "Tölva 2 sagði líka pass, svo að þú ert sagnhafi í sóló.",
                  "en": "Computer 2 passed too, so you are the declarer in solo."}),
    Step("trump H", {
        "is": "Í sóló nefnir sagnhafi tromp strax. Nefndu hjarta: þá áttu sex tromp, þar á meðal "
              "spöddu, A♠, sem er alltaf hæsta trompið, og hjartasjöuna, sem er næsthæst.",
        "en": "In solo the declarer names trumps at once. Name hearts: then you hold six trumps, "
              "among them spadda, the A♠, always the highest trump, and the 7♥, the manilía, the second "
              "highest."}, term="tromp"),
    Step("discard QC", {}),
    Step("discard 3D", {}),
    Step("done", {
        "is": "Tölva 1 keypti tvö spil: hún lagði tvö frá sér á grúfu og dró jafnmörg úr stokknum. "
              "Í sóló mega aðeins mótspilararnir kaupa, ekki sagnhafinn.",
        "en": "Computer 1 bought two cards: it laid two aside face down and drew as many from the "
              "talon. In solo only the defenders may buy, not the declarer."}, term="kaupa"),
    Step("discard 5S", {}),
    Step("discard 4C", {}),
    Step("discard 3C", {}),
    Step("done", {"is": "Tölva 2 keypti þrjú spil á sama hátt.",
                  "en": "Computer 2 bought three cards the same way."}),
    Step("KH", {
        "is": "Forhönd spilar alltaf út í fyrsta slag. Spilaðu út hjartakóngnum til að ná "
              "trompunum af mótspilurunum, því að þeir verða að fylgja lit ef þeir geta.",
        "en": "The forehand always leads to the first trick. Lead the K♥ to draw the defenders' "
              "trumps, since they must follow suit if they can."}),
    Step("3H", {"is": "Tölva 1 fylgdi lit með hjartaþristi. Röð spilanna er önnur en þú átt að venjast: "
                      "í lit sem er ekki tromp er hún í rauðu kóngur, drottning, gosi, ás, tvistur og "
                      "svo niður í sjöu, en í svörtu kóngur, drottning, gosi og svo sjöa niður í tvist; "
                      "svörtu ásarnir eru alltaf tromp.",
                "en": "Computer 1 followed suit with the 3♥. The card order is not the usual one: in a "
                      "suit that is not trumps it runs, in red, king, queen, jack, ace, two and on down "
                      "to the seven, and in black king, queen, jack, then seven down to two; the black "
                      "aces are always trumps."}),
    Step("2C", {
        "is": "Tölva 2 lét lauftvistinn þótt trompi væri spilað út. Það má hún ef hún á ekkert tromp, "
              "eða ef einu trompin hennar eru matadorar, spadda, manilía eða basti: þeir eru "
              "undanþegnir þegar lægra trompi er spilað út.",
        "en": "Computer 2 played the 2♣ although a trump was led. It may do so if it holds no trump, "
              "or if its only trumps are matadors, spadda, manilía or basti: they are exempt when "
              "a lower trump is led."}, term="matadorar"),
    Step("7H", {
        "is": "Þú fékkst slaginn. Spilaðu nú út hjartasjöunni: hún er manilía, og aðeins spadda, "
              "sem þú átt sjálfur, er hærri; sá sem á basta og ekkert annað tromp verður nú að láta "
              "hann, því að hærri matador var spilað út.",
        "en": "You took the trick. Now lead the 7♥: it is the manilía, and only spadda, which you "
              "hold yourself, is higher; whoever holds basti and no other trump must now play it, "
              "because a higher matador was led."}, term="manilía"),
    Step("JH", {"is": "Tölva 1 fylgdi lit með hjartagosa.",
                "en": "Computer 1 followed suit with the J♥."}),
    Step("AC", {
        "is": "Tölva 2 átti basta, A♣, og varð nú að láta hann. Manilían tók slaginn, og basti "
              "fylgdi með.",
        "en": "Computer 2 held basti, the A♣, and now had to play it. The manilía took the trick, "
              "basti with it."}),
)

INTRO = {
    "is": "Í lomber spilar sagnhafinn einn á móti hinum tveimur og vinnur ef hann fær fleiri slagi "
          "en hvor þeirra; hér verður þú sagnhafi. Fyrst er sagt, svo eru tromp nefnd og keypt úr "
          "stokknum, síðan eru níu slagir spilaðir og loks gert upp í bitum.",
    "en": "In Lomber the declarer (the ombre) plays alone against the other two and wins by taking "
          "more tricks than either of them; here you are the declarer. First comes the bidding, "
          "then trumps are named and cards bought from the talon, then nine tricks are played, and "
          "last the deal is settled in chips.",
}
TIP = {
    "is": "Sagnhafinn gerir upp við hvorn mótspilara: vinni hann sóló greiðir hvor þeirra honum tvo "
          "bita, en tapi hann greiðir hann hvorum tvo, og þrjá ef annar þeirra fékk fleiri slagi en "
          "hann (krúkk). Ráð: spilaðu út trompi snemma þegar þú átt mörg, en geymdu spöddu, því að "
          "hana þarftu aldrei að láta fyrr en þú vilt.",
    "en": "The declarer settles with each defender: if he wins a solo each of them pays him two "
          "chips, and if he loses he pays each of them two, three if one of them took more tricks "
          "than he did (codille). A tip: lead trumps early when you hold many, but keep spadda "
          "back, for you never have to play it until you want to.",
}


def deal() -> AnyState:
    """The stacked first deal (seat 2 deals, seat 0 bids first and leads)."""
    return stacked("lomber", SEED, HEAD, DECK)


# -- what must happen in it (the tests check each) ----------------------------------------------
def _actions(states: Sequence[AnyState], moves: Sequence[str]) -> list[tuple[lomber.State, lomber.Action]]:
    """Each move of the first deal as the engine reads it, with the position it was made in."""
    out = []
    for state, move in zip(states, moves, strict=False):
        if isinstance(state, lomber.State) and state.deals_done == 0:
            out.append((state, state.check(move)))
    return out


def bid_and_hold(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """A seat bids, a later seat bids higher, and the earlier seat holds: names that bid again
    and keeps it, becoming the declarer of it."""
    bid = False
    for state, a in _actions(states, moves):
        if a.kind != "bid" or a.arg == "pass":
            continue
        if state.auction.high is None:
            bid = True
        elif bid and state.auction.may_hold() and a.arg == state.auction.high:
            seat = state.to_move
            return any(isinstance(s, lomber.State) and s.declarer == seat and s.contract == a.arg
                       for s in states)
    return False


def exchange(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """A seat discards face down and draws as many from the talon."""
    for state, a in _actions(states, moves):
        seat = state.to_move
        if a.kind == "done" and seat is not None and state.pending > 0:
            after = state.apply(a)
            if after.bought[seat] == state.bought[seat] + state.pending and \
                    len(after.talon) == len(state.talon) - state.pending:
                return True
    return False


def naming_trump(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """The declarer, the pupil, names the trump suit."""
    return any(a.kind == "trump" and state.to_move == state.declarer == 0 and state.apply(a).trump == a.arg
               for state, a in _actions(states, moves))


def matador_exemption(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """A trump is led; one seat follows suit with a trump, and in the same trick another, whose
    only trumps are privileged matadors not outranked by the lead, keeps them and plays a card
    of another suit (without the exemption it would have to play its trump)."""
    followed: set[tuple[int, int]] = set()  # (deal's trick number, seat)
    for state, a in _actions(states, moves):
        if a.kind != "card" or not state.trick or state.trump is None:
            continue
        lad = ladder("trump", state.trump)
        seat = state.to_move
        assert seat is not None
        if lad.eff[state.trick[0]] != TRUMP:
            continue
        trick_no = len(state.played)
        if lad.eff[a.arg] == TRUMP:
            followed.add((trick_no, seat))
            continue
        trumps = [c for c in state.hands[seat] if lad.eff[c] == TRUMP]
        led = state.trick[0]
        outranked = led in lad.privileged and any(lad.power[c] < lad.power[led] for c in trumps)
        if trumps and set(trumps) <= lad.privileged and not outranked and \
                any(t == trick_no and s != seat for t, s in followed):
            return True
    return False


def manilia_takes(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """A trick's last card is played and the manilía (the trump suit's second trump) wins it."""
    for state, a in _actions(states, moves):
        if a.kind == "card" and len(state.trick) == 2 and state.trump is not None:
            trick = (*state.trick, a.arg)
            if trick[trick_winner(trick, state.contract, state.trump)] == trump_order(state.trump)[1]:
                return True
    return False


def payment(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """The deal is settled: the declarer and each defender pay each other (rasle), the
    payments sum to zero and stand in the match score."""
    last = states[-1]
    if last.deals_done != 1 or not isinstance(last, lomber.State):
        return False
    row = last.score_sheet[0]
    pay, d = row["payments"], row["declarer"]
    return (d is not None and sum(pay) == 0 and pay[d] != 0
            and all(pay[s] == -pay[d] // 2 for s in range(3) if s != d)
            and list(last.scores) == list(pay))


GUIDE = Guide(
    game="lomber", pupil=0, deal=deal, intro=INTRO, steps=played_out("lomber", deal(), TAUGHT, SEED), tip=TIP,
    events={"a bid and a hold": bid_and_hold, "the exchange": exchange, "naming trump": naming_trump,
            "following suit with a matador's exemption": matador_exemption,
            "manilía taking a trick": manilia_takes, "the payment": payment},
)
