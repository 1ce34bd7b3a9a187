"""Lomber questions: how often the declarer (*sagnhafi*) wins each contract, how that
depends on the matadors and the trump length, the translator's remark in the *Múlaþing*
text that nine matadors in one hand "is very rare and newsworthy", and the matadors'
privilege the text describes ("Maður þarf aldrei að viðurkenna með spöddu": spadda need
never follow suit) turned into advice: hold the matadors back when trumps are led.

A sample is the first deal (*gjöf*) of a match between three rule-of-thumb players
(`ThumbBot`); the search bot is far too slow for thousands of deals."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from cardlearn import protocol
from cardlearn.cards import Card
from cardlearn.games import lomber as G
from cardlearn.games.lomber.bots import ThumbBot
from cardlearn.games.lomber.rules import (
    BID_ORDER,
    SUIT_LETTERS,
    TRUMP,
    contract_kind,
    ladder,
    matadors,
    trump_order,
)
from cardlearn.games.lomber.view import CONTRACT_NAMES

from .core import Question, play_deal, register, say_table
from .stats import Estimate, interval, mean, percent, share, signed

DEALS = {"en": "deals", "is": "gjafir"}
HANDS = {"en": "hands", "is": "hendur"}

if TYPE_CHECKING:
    from cardlearn.lessons.language import Sayings

SAY: Sayings = say_table({
    "contracts": {
        "en": "The rule-of-thumb declarer wins {common_name}, the commonest contract ({common_share} of "
              "deals), {common_win} of the time (95 % interval {common_ci}); {best_name} most often "
              "({best_win}) and {worst_name} least often ({worst_win}).",
        "is": "Þegar þumalputti er sagnhafi vinnur hann „{common_name}“, algengasta samninginn "
              "({common_share} gjafa), í {common_win} tilvika (95 % öryggisbil {common_ci}); "
              "„{best_name}“ oftast ({best_win}) og „{worst_name}“ sjaldnast ({worst_win})."},
    "matadors": {
        "en": "In a trump contract the declarer with three matadors or more wins {many} of deals (95 % "
              "interval {many_ci}) and with none {none} ({none_ci}); with six trumps or more {long}, with "
              "four or fewer {short}.",
        "is": "Í trompspili vinnur sagnhafi með þrjá matadora eða fleiri {many} gjafa (95 % öryggisbil "
              "{many_ci}) en án matadora {none} ({none_ci}); með sex tromp eða fleiri {long}, með fjögur "
              "eða færri {short}."},
    "nine": {
        "en": "Nine matadors came in none of {hands} hands here (95 % interval up to {upper}); exactly, a "
              "hand holds them once in {odds} deals of a hand, while three or more come in {three} of "
              "hands.",
        "is": "Níu matadorar komu ekki upp í neinni af {hands} höndum hér (95 % öryggisbil upp í "
              "{upper}); nákvæmlega reiknað kemur það fyrir í einni hönd af hverjum {odds}, en þrír eða "
              "fleiri í {three} handa."},
    "nine.seen": {
        "en": "Nine matadors came in {nine} of {hands} hands here (95 % interval up to {upper}); exactly, "
              "a hand holds them once in {odds} deals of a hand, while three or more come in {three} of "
              "hands.",
        "is": "Níu matadorar komu upp í {nine} af {hands} höndum hér (95 % öryggisbil upp í {upper}); "
              "nákvæmlega reiknað kemur það fyrir í einni hönd af hverjum {odds}, en þrír eða fleiri í "
              "{three} handa."},
    "hold": {
        "en": "Holding the matadors back when trumps are led changes a player's result by {gain} chips a "
              "deal (95 % interval {ci}); it made a difference in {changed} of deals.",
        "is": "Að halda matadorunum eftir þegar trompi er spilað út breytir útkomu spilarans um {gain} "
              "bita í gjöf (95 % öryggisbil {ci}); það skipti máli í {changed} gjafa."},
})


class DealFacts(NamedTuple):
    contract: str | None   # None: everyone passed
    won: bool              # the declarer won outright (not remis, krúkk, a loss or a concession)
    matadors: int          # the declarer's as play began (false matadors count as none); 0 in a nolo
    trumps: int            # trumps in the declarer's hand as play began; 0 in a nolo


def _deal_facts(seed: int, index: int) -> DealFacts:
    seen: dict[str, Any] = {}

    def watch(state: Any, action: Any) -> None:
        if state.phase == "play" and not seen and state.declarer is not None:
            seen["hand"] = state.hands[state.declarer]
            seen["trump"] = state.trump

    state = play_deal(G.new_game(seed=seed), [ThumbBot(seed + s) for s in range(3)], watch)
    row = state.last_deal.row
    contract = row["contract"]
    if contract is None or contract == "-" or row["declarer"] is None:
        return DealFacts(None, False, 0, 0)
    trump = seen.get("trump")
    hand = seen.get("hand", ())
    count = max(0, matadors(hand, trump)) if trump else 0
    length = sum(c in set(trump_order(trump)) for c in hand) if trump else 0
    return DealFacts(contract, row["outcome"] == "win", count, length)


def _contracts_summary(samples: Sequence[Any]) -> list[Estimate]:
    played = [s for s in samples if s[0] is not None]
    out = [share("passed", {"en": "all passed", "is": "allir pössuðu"},
                 [float(s[0] is None) for s in samples])]
    for c in BID_ORDER:
        games = [float(s[1]) for s in played if s[0] == c]
        if games:
            wins = {"en": ": declarer wins", "is": ": sagnhafi vinnur"}
            out.append(share(c, {lang: CONTRACT_NAMES[lang][c] + wins[lang]
                                 for lang in ("en", "is")}, games))
    for c in BID_ORDER:
        if any(s[0] == c for s in played):
            out.append(share(f"bid_{c}", {lang: CONTRACT_NAMES[lang][c] + (": share of deals" if lang == "en"
                                                                           else ": hlutfall gjafa")
                                          for lang in ("en", "is")}, [float(s[0] == c) for s in samples]))
    return out


def _contracts_answer(e: Mapping[str, Estimate], lang: str) -> str:
    bids = [c for c in BID_ORDER if c in e]
    common = max(bids, key=lambda c: e[f"bid_{c}"].value)
    enough = [c for c in bids if e[c].n >= 10] or bids  # best and worst among contracts seen 10 times
    best = max(enough, key=lambda c: e[c].value)
    worst = min(enough, key=lambda c: e[c].value)
    name = CONTRACT_NAMES["is" if lang == "is" else "en"]
    short = {c: name[c].split(" (")[0] for c in name}
    return SAY.say("contracts", lang, common_name=short[common],
                   common_share=percent(e[f"bid_{common}"].value, lang),
                   common_win=percent(e[common].value, lang), common_ci=interval(e[common], lang),
                   best_name=short[best], best_win=percent(e[best].value, lang),
                   worst_name=short[worst], worst_win=percent(e[worst].value, lang))


_BOTS = {"en": "three rule-of-thumb players", "is": "þrír þumalputtar"}
_SHARE = {"share": {"en": "share", "is": "hlutfall"}}

register(Question(
    name="lomber.contracts",
    title={"en": "Lomber: how often is each contract won?", "is": "Lomber: hve oft vinnst hver samningur?"},
    unit=DEALS, deals=4000, rules={"default": G.Rules()}, bots=_BOTS,
    play=_deal_facts, summarize=_contracts_summary, answer=_contracts_answer,
    can={"en": "how often the rule-of-thumb bots bid each contract and how often its declarer wins it "
               "outright.",
         "is": "hve oft þumalputtarnir segja hvern samning og hve oft sagnhafinn vinnur hann."},
    cannot={"en": "the odds at a real table: the bots bid by thresholds that were tuned by playing each "
                  "other, and rare contracts are played too seldom here for a narrow interval.",
            "is": "líkurnar við alvöruborð: tölvurnar segja eftir mörkum sem voru stillt með því að láta "
                  "þær spila hver við aðra, og sjaldgæfir samningar koma of sjaldan upp hér til að bilið "
                  "verði þröngt."},
    axis=_SHARE,
    revision=2,  # the rule-of-thumb bots bid on the bought hand and concede less (cache key)
))


def _matadors_summary(samples: Sequence[Any]) -> list[Estimate]:
    trump_games = [s for s in samples if s[0] is not None and contract_kind(s[0]) == "trump"]
    groups: list[tuple[str, dict[str, str], Callable[[Sequence[Any]], bool]]] = [
              ("m0", {"en": "no matadors", "is": "engir matadorar"}, lambda s: s[2] == 0),
              ("m1", {"en": "1 matador", "is": "1 matador"}, lambda s: s[2] == 1),
              ("m2", {"en": "2 matadors", "is": "2 matadorar"}, lambda s: s[2] == 2),
              ("m3", {"en": "3 matadors or more", "is": "3 matadorar eða fleiri"}, lambda s: s[2] >= 3),
              ("t4", {"en": "4 trumps or fewer", "is": "4 tromp eða færri"}, lambda s: s[3] <= 4),
              ("t5", {"en": "5 trumps", "is": "5 tromp"}, lambda s: s[3] == 5),
              ("t6", {"en": "6 trumps or more", "is": "6 tromp eða fleiri"}, lambda s: s[3] >= 6)]
    return [share(key, label, [float(s[1]) for s in trump_games if test(s)]) for key, label, test in groups]


def _matadors_answer(e: Mapping[str, Estimate], lang: str) -> str:
    return SAY.say("matadors", lang, many=percent(e["m3"].value, lang), many_ci=interval(e["m3"], lang),
                   none=percent(e["m0"].value, lang), none_ci=interval(e["m0"], lang),
                   long=percent(e["t6"].value, lang), short=percent(e["t4"].value, lang))


register(Question(
    name="lomber.matadors",
    title={"en": "Lomber: how many matadors make a safe game?",
           "is": "Lomber: hve marga matadora þarf í öruggt spil?"},
    unit=DEALS, deals=4000, rules={"default": G.Rules()}, bots=_BOTS,
    play=_deal_facts, summarize=_matadors_summary, answer=_matadors_answer,
    can={"en": "the declarer's win rate in the trump contracts by the matadors and the trumps held as "
               "play began (after the exchange).",
         "is": "vinningshlutfall sagnhafa í trompspilum eftir matadorum og trompum á hendi þegar spilið "
               "hófst (eftir kaupin)."},
    cannot={"en": "cause and effect in general: the bots bid only with hands they judge strong, so a "
                  "declarer without matadors has other strength; and the bots' defence is not a person's.",
            "is": "orsök og afleiðingu almennt: tölvurnar segja aðeins á hendur sem þær telja sterkar, "
                  "svo sagnhafi án matadora hefur annan styrk; og vörn tölvanna er ekki vörn manneskju."},
    axis={"share": {"en": "declarer wins (share of trump contracts)", "is": "sagnhafi vinnur (hlutfall "
                                                                            "trompspila)"}},
    lines={"share": 0.5},
    revision=2,  # the rule-of-thumb bots bid on the bought hand and concede less (cache key)
))


# ---------------------------------------------------------------------------------------
# lomber.nine — "nine matadors in one hand is very rare and newsworthy"

def best_matadors(hand: Sequence[Any]) -> int:
    """The most matadors a hand holds over the four trump suits (false ones count none)."""
    return max(max(0, matadors(hand, suit)) for suit in SUIT_LETTERS)


def nine_matador_odds() -> int:
    """One hand in how many holds nine matadors, exactly: the nine top trumps of one suit
    make the whole hand, the four suits' top nines differ (each has its own manilía), so
    the four events are disjoint: 4 hands of the C(40, 9) possible."""
    return math.comb(len(G.DECK), 9) // 4


def _nine_play(seed: int, index: int) -> list[int]:
    return [best_matadors(hand) for hand in G.new_game(seed=seed).hands]


def _nine_summary(samples: Sequence[Sequence[int]]) -> list[Estimate]:
    hands = [m for s in samples for m in s]
    out = [share(f"at_least{k}", {"en": f"at least {k} matador" + "s" * (k > 1),
                                  "is": f"minnst {k} matador" + "ar" * (k > 1)},
                 [float(m >= k) for m in hands]) for k in range(1, 6)]
    out.append(share("nine", {"en": "9 matadors", "is": "9 matadorar"}, [float(m >= 9) for m in hands]))
    return out


def _nine_answer(e: Mapping[str, Estimate], lang: str) -> str:
    nine = e["nine"]
    sep = "." if lang == "is" else ","
    fields = dict(hands=f"{nine.n:,}".replace(",", sep), upper=percent(nine.high, lang, 3),
                  odds=f"{nine_matador_odds():,}".replace(",", sep),
                  three=percent(e['at_least3'].value, lang))
    if nine.value == 0:
        return SAY.say("nine", lang, **fields)
    return SAY.say("nine.seen", lang, nine=round(nine.value * nine.n), **fields)


register(Question(
    name="lomber.nine",
    title={"en": "Lomber: how rare are many matadors?", "is": "Lomber: hve sjaldgæfir eru margir matadorar?"},
    unit=DEALS, deals=20000, rules={"default": G.Rules()},
    bots={"en": "none: the dealt hands are only counted", "is": "engir: gefnu hendurnar eru aðeins taldar"},
    play=_nine_play, summarize=_nine_summary, answer=_nine_answer,
    can={"en": "how often a dealt hand holds at least k matadors for its best trump suit; and that a "
               "simulation cannot see an event as rare as nine, which counting does.",
         "is": "hve oft gefin hönd hefur minnst k matadora í besta tromplitnum; og að hermun sér ekki "
               "jafn sjaldgæfan atburð og níu matadora, en talning gerir það."},
    cannot={"en": "the matadors after the exchange (buying can add trumps), which the lomber.matadors "
                  "question measures.",
            "is": "matadora eftir kaupin (kaup geta bætt við trompum); það mælir spurningin "
                  "lomber.matadors."},
    axis={"share": {"en": "share of dealt hands", "is": "hlutfall gefinna handa"}},
    revision=1,
))


# ---------------------------------------------------------------------------------------
# lomber.hold — the matadors' privilege as advice

def privileged(trump: str) -> tuple[Any, ...]:
    """Spadda, manilía and basti: the top three trumps, which need not follow a smaller trump."""
    return trump_order(trump)[:3]


class HoldsMatadors(ThumbBot):
    """The rule-of-thumb player that, when another player has led a trump, keeps its
    privileged matadors back whenever the rules let it play something else: it plays its
    lowest other card instead of the matador the rule of thumb chose."""

    def choose(self, state: protocol.AnyState, seat: int) -> Any:
        choice = super().choose(state, seat)
        obs = state.observation(seat)
        trump, trick = obs["trump"], obs["trick"]
        if obs["phase"] != "play" or not trick or not trump or contract_kind(obs["contract"]) != "trump":
            return choice
        lad = ladder("trump", trump)
        led = Card.parse(trick[0])
        top = privileged(trump)
        if lad.eff[led] != TRUMP or choice.arg not in top:
            return choice
        others = [a for a in state.legal_actions() if a.arg not in top]
        if not others:
            return choice
        return min(others, key=lambda a: (lad.eff[a.arg] == TRUMP, lad.power[a.arg]))


def _hold_play(seed: int, index: int) -> tuple[int, int]:
    """Seat `index % 3` plays by the rule of thumb, then holding its matadors back, on the
    same cards: (its payment, the same with the advice)."""
    seat = index % 3
    bots: list[Any] = [ThumbBot(seed + s) for s in range(3)]
    plain = play_deal(G.new_game(seed=seed), bots).last_deal.row["total"][seat]
    bots[seat] = HoldsMatadors(seed + seat)
    held = play_deal(G.new_game(seed=seed), bots).last_deal.row["total"][seat]
    return plain, held


def _hold_summary(samples: Sequence[Sequence[int]]) -> list[Estimate]:
    return [
        mean("gain", {"en": "holding back − rule of thumb: chips a deal", "is": "halda eftir − "
                                                                                "þumalputti: bitar"},
             [float(b - a) for a, b in samples]),
        share("changed", {"en": "deals where it changed the result",
                          "is": "gjafir þar sem útkoman breyttist"},
              [float(a != b) for a, b in samples]),
    ]


def _hold_answer(e: Mapping[str, Estimate], lang: str) -> str:
    return SAY.say("hold", lang, gain=signed(e["gain"].value, lang, 3), ci=interval(e["gain"], lang, 3),
                   changed=percent(e['changed'].value, lang))


register(Question(
    name="lomber.hold",
    title={"en": "Lomber: should you hold your matadors back when trumps are led?",
           "is": "Lomber: á að halda matadorunum eftir þegar trompi er spilað út?"},
    unit=DEALS, deals=4000, rules={"default": G.Rules()},
    bots={"en": "three rule-of-thumb players; one, by turns, holds its matadors back in the second playing",
          "is": "þrír þumalputtar; einn, til skiptis, heldur matadorunum eftir í seinna skiptið"},
    play=_hold_play, summarize=_hold_summary, answer=_hold_answer,
    can={"en": "what using the privilege this way does to a rule-of-thumb player's result on the same "
               "cards, as declarer or defender.",
         "is": "hvaða áhrif það hefur á útkomu þumalputta með sömu spilum að nýta sér regluna "
               "svona, hvort sem hann er sagnhafi eða í vörn."},
    cannot={"en": "when a good player should hold back: the test is all or nothing, and the source states "
                  "the privilege as a rule, not as advice; the advice is ours to test.",
            "is": "hvenær góður spilari ætti að halda eftir: hér er það alltaf eða aldrei, og heimildin "
                  "setur regluna fram sem reglu, ekki heilræði; heilræðið er okkar að prófa."},
    axis={"mean": {"en": "chips a deal gained", "is": "bitar unnir í gjöf"},
          "share": {"en": "share of deals", "is": "hlutfall gjafa"}},
    lines={"mean": 0.0},
    revision=2,  # the rule-of-thumb bots bid on the bought hand and concede less (cache key)
))
