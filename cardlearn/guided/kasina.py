"""Kasína's guided first deal: a stacked first spil in which the pupil (seat 0, the first to
play) takes a pair, two groups with one card, a sum that clears the table (a svippur), the
little casino with a sum and the big casino with a pair; the computer shows that taking is
compulsory.  The rest of the spil is played out by the rule-of-thumb computer for both
seats, the pupil's moves suggested one by one, to the last capture and the count."""

from __future__ import annotations

from collections.abc import Sequence

from cardlearn.games import kasina
from cardlearn.games.kasina.rules import DECK
from cardlearn.guided.guide import Guide, Step, played_out, stacked
from cardlearn.protocol import AnyState

# The first deal (c0 c1 c6 c7 to seat 0, c2 c3 c8 c9 to the dealer, seat 1; c4 c5 c10 c11 on
# the table), then the second deal's first cards; the rest of the deck in the engine's order.
HEAD = ("7D", "6S", "3H", "5D", "7C", "6H", "8H", "2S", "9C", "KS", "4S", "2D", "JD", "10S", "10D", "5H")
SEED = 2026  # the later spil's shuffle (the guided deal is the first spil only)

TAUGHT = (
    Step("7D:7C", {
        "is": "Spil tekur spil af sama gildi: taktu laufsjöuna á borðinu með tígulsjöunni þinni. "
              "Veldu sjöuna á hendi þinni, svo sjöuna á borðinu, og staðfestu.",
        "en": "A card takes a card of its own rank: take the 7♣ on the table with your 7♦. "
              "Choose the seven in your hand, then the one on the table, and confirm."}),
    Step("3H", {
        "is": "Tölvan gat ekkert tekið og lagði því hjartaþristinn niður. Það má aðeins þegar ekkert "
              "spil á hendi getur tekið: skylt er að taka.",
        "en": "The computer could take nothing, so it laid the 3♥ down. That is allowed only when no "
              "card in hand can take anything: taking is compulsory."}),
    Step("6S:2D+4S+6H", {
        "is": "Eitt spil getur tekið fleiri en einn hóp í einu: spaðasexan tekur hjartasexuna og líka "
              "fjarkann og tvistinn, því að 4 + 2 = 6.",
        "en": "One card can take more than one group at once: your 6♠ takes the 6♥, and also the "
              "4 and the 2, because 4 + 2 = 6."}),
    Step("5D", {"is": "Tölvan lagði tígulfimmuna niður.", "en": "The computer laid the 5♦ down."}),
    Step("8H:3H+5D", {
        "is": "Spil tekur líka spil sem samanlagt eru jafnhá því: hjartaáttan tekur þristinn og "
              "fimmuna (3 + 5 = 8). Þá er borðið autt: það heitir svippur og gefur eitt stig.",
        "en": "A card also takes cards that add up to its value: your 8♥ takes the 3 and the 5 "
              "(3 + 5 = 8). That clears the table: a svippur (a sweep), worth a point."},
         term="svippur"),
    Step("9C", {"is": "Borðið var autt, svo tölvan varð að leggja niður: laufníuna.",
                "en": "The table was empty, so the computer had to lay a card down: the 9♣."}),
    Step("2S", {
        "is": "Spaðatvisturinn getur ekkert tekið, svo þú leggur hann niður. Hann er litla kasína, "
              "tveggja stiga virði: reyndu að ná honum aftur.",
        "en": "Your 2♠ can take nothing, so lay it down. It is the little casino, worth 2 points: "
              "try to win it back."}, term="litla kasína"),
    Step("KS", {"is": "Tölvan gat hvorki tekið níuna né tvistinn og lagði spaðakónginn niður.",
                "en": "The computer could take neither the nine nor the two and laid the K♠ down."}),
    Step("JD:2S+9C", {
        "is": "Nú er gefið aftur, fjögur spil á mann. Gosi gildir 11, drottning 12, kóngur 13, og ás "
              "14 af hendi en 1 á borði (jöfn spil taka þó alltaf hvort annað: ás tekur ás). "
              "Tígulgosinn tekur níuna og tvistinn (9 + 2 = 11), og þar með litlu kasínu.",
        "en": "Four new cards each. A jack counts 11, a queen 12, a king 13, and an ace 14 from your "
              "hand but 1 on the table (equal cards always take each other, though: an ace takes an "
              "ace). Your J♦ takes the nine and the two (9 + 2 = 11), and with them the little "
              "casino."}),
    Step("10D", {"is": "Tölvan lagði tígultíuna niður: það er stóra kasína, fimm stiga virði!",
                 "en": "The computer laid down the 10♦: the big casino, worth 5 points!"}),
    Step("10S:10D", {"is": "Taktu stóru kasínu með spaðatíunni þinni.",
                     "en": "Take the big casino with your 10♠."}, term="stóra kasína"),
)

INTRO = {
    "is": "Í kasínu reynirðu að taka sem flest spil af borðinu, einkum spaða, ása og kasínurnar tvær. "
          "Þú leggur eitt spil af hendi í hverjum leik og tekur með því spil á borðinu ef þú getur.",
    "en": "In Kasína you try to take as many cards from the table as you can, above all spades, aces "
          "and the two casinos. Each turn you play one card from your hand and take table cards "
          "with it if you can.",
}
TIP = {
    "is": "Sá sem tók síðast fær það sem eftir er á borðinu og eitt stig. Svo eru stigin talin: flest "
          "spil, flestir spaðar, flestir ásar, kasínurnar og svipparnir. Ráð: þegar þú getur valið, "
          "taktu heldur spaða og ása.",
    "en": "Whoever took last gets what is left on the table and a point. Then the points are counted: "
          "most cards, most spades, most aces, the casinos and the sweeps. A tip: when you can "
          "choose, take spades and aces.",
}


def deal() -> AnyState:
    """The stacked first spil (seat 0 plays first)."""
    return stacked("kasina", SEED, HEAD, DECK)


# -- what must happen in it (the tests check each) ----------------------------------------------
def _captures(states: Sequence[AnyState], moves: Sequence[str]) -> list[tuple[int, kasina.Action]]:
    return [(i, states[i].check(m)) for i, m in enumerate(moves) if ":" in m]


def pair(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    return any(len(a.captured) == 1 and next(iter(a.captured)).rank == a.card.rank
               for _, a in _captures(states, moves))


def two_groups(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    return any(len(a.captured) >= 3 for _, a in _captures(states, moves))


def a_sum(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    return any(len(a.captured) == 2 and all(c.rank != a.card.rank for c in a.captured)
               for _, a in _captures(states, moves))


def svippur(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    return any(kasina.is_sweep(states[i], a) for i, a in _captures(states, moves))  # type: ignore[arg-type]


def a_kasina(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    casinos = {"2S", "10D"}
    return any({str(c) for c in a.captured} & casinos for _, a in _captures(states, moves))


def counted(states: Sequence[AnyState], moves: Sequence[str]) -> bool:
    """The spil ended and was counted, the last capture's remainder with it."""
    last = states[-1].last_deal
    return states[-1].deals_done == 1 and last is not None


GUIDE = Guide(
    game="kasina", pupil=0, deal=deal, intro=INTRO, steps=played_out("kasina", deal(), TAUGHT, SEED), tip=TIP,
    events={"pair": pair, "sum": a_sum, "two groups": two_groups, "svippur": svippur,
            "kasína": a_kasina, "last capture and count": counted},
)
