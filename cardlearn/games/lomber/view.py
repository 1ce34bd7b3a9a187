"""Lomber in words and zones: the view description of `cardlearn.games` (names, reasons
for illegal moves, score sheet headings, moves in words, the layout each seat sees)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardlearn.cards import Card
from cardlearn.core import VIEW_NAMES, unreadable_words
from cardlearn.grammar import capital, form, mid, number, person, rule_texts, singular, team_subject
from cardlearn.protocol import Layout, Opponent, ShownRow, Token, Zone

from .rules import (
    CONTRACTS,
    NAME,
    SUIT_LETTERS,
    TRUMP,
    SheetRow,
    contract_kind,
    contract_level,
    ladder,
    matadors,
    trick_winner,
    trump_order,
)
from .state import DECK_RANKS, NOTATION, Action, State, parse_action

# The names the package re-exports: those every game's view gives, `core.VIEW_NAMES`, and its own.
# Computed, so hidden from mypy, which reads only a literal `__all__` (as in the package).
if not TYPE_CHECKING:
    __all__ = [*VIEW_NAMES, "CONTRACT_NAMES", "OUTCOME_NAMES", "display_order"]

CONTRACT_NAMES = {
    "is": {"spil": "spil", "betra_spil": "betra spil", "turnir": "túrnir", "kupp": "kúpp",
           "grand_turnir": "grand-túrnir", "solo": "sóló", "grandisamo": "grandisamó",
           "spadasolo": "spaðasóló", "hrein_nolo": "hrein nóló", "hrein_yfir": "hrein-yfir",
           "pass": "pass", "-": "-"},
    "en": {"spil": "spil (game)", "betra_spil": "betra spil (game in spades)",
           "turnir": "túrnir (tourné)",
           "kupp": "kúpp (buying nolo)", "grand_turnir": "grand-túrnir (grand tourné)",
           "solo": "sóló (solo)", "grandisamo": "grandisamó (black-aces solo)",
           "spadasolo": "spaðasóló (spade solo)",
           "hrein_nolo": "hrein nóló (pure nolo)", "hrein_yfir": "hrein-yfir (nolo ouvert)",
           "pass": "pass", "-": "-"},
}
# A bid as the object of "segir" (accusative) where it differs: "segir túrni", not "túrnir".
_ACCUSATIVE = {"turnir": "túrni", "grand_turnir": "grand-túrni", "hrein_nolo": "hreina nóló"}
SUIT_WORDS = {"is": {"S": "spaði", "H": "hjarta", "D": "tígull", "C": "lauf"},
              "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}}
OUTCOME_NAMES = {
    "is": {"win": "unnið", "loss": "tapað", "remis": "remis", "krukk": "krúkk", "conceded": "lagði sig",
           "all_pass": "allir sögðu pass"},
    "en": {"win": "won", "loss": "lost", "remis": "remis (tie)", "krukk": "krúkk (codille)",
           "conceded": "conceded", "all_pass": "all passed"},
}

_RULES = {  # why a move is illegal (IllegalMove.rule), in each language; see RULE_WORDS
    "en": {"not_now": "the move “{move}” does not fit this point of the deal",
           "write_discard": "to lay {card} away in the exchange, write 'discard {card}'",
           "bid_too_low": "{bid} does not overbid {high}: a later seat must bid higher (the auction)",
           "hold_same_contract": "to hold {high} at its level you must name the same contract, "
                                 "not {bid} (the auction)",
           "grand_turnir_aces": "grand-túrnir may be bid only by a player dealt both black aces, "
                                "spadda (A♠) and basti (A♣) (the auction)",
           "grandisamo_off": "grandisamó is not played with these rules (enable_grandisamo)",
           "spil_trump": "in spil the trump may not be spades: a spade game is betra spil (the auction)",
           "solo_trump": "a sóló is in clubs, hearts or diamonds: a spade solo is spaðasóló (the auction)",
           "exchange_closed": "no exchange now: the seats the contract allows buy from the talon, "
                              "each in turn, after the auction and before the first lead (the exchange)",
           "exchange_max": "you may exchange at most {n} cards now (the talon and the rules limit it)",
           "exchange_min": "you must lay away at least {n} before you draw (the exchange)",
           "exposed_card": "{card} has been shown to the table and stays in your hand",
           "no_concede": "the declarer may not concede in {contract} (the exchange)",
           "no_concede_yet": "nobody may concede before a contract is bid and the exchange is over",
           "not_in_hand": "{card} is not in your hand",
           "must_follow": "you may not play {card}: follow the led suit (trumps count as one suit; but "
                          "you may keep back spadda (the ace of spades, the highest trump) and a "
                          "matador (one of the three highest trumps) above the one led); play one "
                          "of {cards}"},
    "is": {"not_now": "leikurinn „{move}“ á ekki við á þessu stigi gjafarinnar",
           "write_discard": "til að leggja {card} frá þér í kaupunum skaltu skrifa 'discard {card}'",
           "bid_too_low": "{bid} er ekki hærri sögn en {high}: sá sem segir síðar verður að segja hærra "
                          "(sagnir)",
           "hold_same_contract": "til að halda sögninni á sama þrepi þarf sögnin að vera sú sama, {high}, "
                                 "ekki {bid} (sagnir)",
           "grand_turnir_aces": "grand-túrni má aðeins sá segja sem fékk báða svörtu ásana, "
                                "spöddu (A♠) og basta (A♣) (sagnir)",
           "grandisamo_off": "grandisamó er ekki spilað eftir þessum reglum",
           "spil_trump": "í spili má spaði ekki vera tromp: spil í spaða heitir betra spil (sagnir)",
           "solo_trump": "sóló er í laufi, hjarta eða tígli: spaðasóló er sérstök sögn (sagnir)",
           "exchange_closed": "engin kaup núna: þeir sem sögnin leyfir kaupa úr stokknum, hver á "
                              "fætur öðrum, eftir sagnir og fyrir fyrsta útspil (kaupin)",
           "exchange_max": "þú mátt kaupa í mesta lagi {n} spil núna (kaupin)",
           "exchange_min": "þú verður að leggja frá þér að minnsta kosti {n} spil áður en þú kaupir "
                           "(kaupin)",
           "exposed_card": "{card} hefur verið sýnt öllum og verður kyrrt á hendi þinni",
           "no_concede": "sagnhafi má ekki leggja sig þegar sögnin er {contract} (kaupin)",
           "no_concede_yet": "enginn getur lagt sig fyrr en sögn liggur fyrir og kaupin eru búin",
           "not_in_hand": "þú ert ekki með {card} á hendi",
           "must_follow": "þú mátt ekki spila {card}: þú verður að fylgja lit (öll tromp teljast einn "
                          "litur), en spöddu (spaðaásnum, hæsta trompinu) og matador (einu af þremur "
                          "hæstu trompunum) máttu halda eftir ef lægra tromp var spilað út; "
                          "spilaðu einu af þessum: {cards}"},
}

_VERBS = {"is": {"trump": "tromp", "discard": "leggja frá sér", "done": "kaupa", "play": "spila",
                  "concede": "leggja sig", "totus": "tótus", "convert": "breyta"},
          "en": {"trump": "trumps", "discard": "discard", "done": "done", "play": "play",
                 "concede": "concede", "totus": "tótus", "convert": "convert"}}


def _token_words(lang: str, token: str) -> str:
    """One word of a move's text form as a pupil reads it: a card as its symbol, a bid by
    its name, a verb in the language."""
    if token in CONTRACT_NAMES[lang]:
        return CONTRACT_NAMES[lang][token]
    if token in _VERBS[lang]:
        return _VERBS[lang][token]
    if token in SUIT_WORDS[lang]:
        return SUIT_WORDS[lang][token]
    try:
        return Card.parse(token).symbol
    except ValueError:
        return token


def _param_words(lang: str, key: str, value: str) -> str:
    """An engine value of an illegal-move message in words: contract ids by their names
    ("grand-túrnir", not grand_turnir), cards as symbols, a move's text word by word."""
    if key in ("bid", "high", "contract"):
        return CONTRACT_NAMES[lang].get(value, value)
    if key in ("card", "cards", "move"):
        return " ".join(_token_words(lang, t) for t in value.split())
    return value


_UNREADABLE = unreadable_words(NOTATION, DECK_RANKS)  # the notation, or why a card is none of the deck's
RULE_WORDS = {lang: {"unreadable": _UNREADABLE[lang], **texts}
              for lang, texts in rule_texts(_RULES, _param_words).items()}

SHEET_NAMES = {
    "is": {"contract": "Sögn", "declarer": "Sagnhafi", "tricks": "Slagir", "outcome": "Úrslit",
           "payments": "Greiðslur", "total": "Alls"},
    "en": {"contract": "Contract", "declarer": "Declarer", "tricks": "Tricks", "outcome": "Outcome",
           "payments": "Payments", "total": "Total"},
}

# suits after "í" (dative): "sóló í tígli", "spil í hjarta"
_SUIT_IN = {"is": {"S": "í spaða", "H": "í hjarta", "D": "í tígli", "C": "í laufi"},
            "en": {"S": "in spades", "H": "in hearts", "D": "in diamonds", "C": "in clubs"}}

_WORDS = {  # "key@2": after "Þú"/"You"; "key@cmd": a button's command (see cardlearn.grammar)
    "is": {"pass": "segir pass", "pass@cmd": "Segja pass",
           "bids": "segir {c}", "bids@cmd": "Segja {c}",
           "holds": "segir líka {c}", "holds@cmd": "Segja líka {c}",
           "keep": "lætur sögnina „spil“ standa", "keep@cmd": "Láta sögnina standa",
           "convert": "breytir í kúpp", "convert@cmd": "Breyta í kúpp",
           "trump": "nefnir tromp: {s}", "trump@cmd": "Nefna tromp: {s}",
           "discard": "leggur {card} frá sér", "discard@2": "leggur {card} frá þér",
           "discard@cmd": "Leggja {card} frá sér",
           "discard_hidden": "leggur spil frá sér", "discard_hidden@2": "leggur spil frá þér",
           "done": "kaupir {n} spil", "done@cmd": "Kaupa {n} spil",
           "done_none": "kaupir ekkert", "done_none@cmd": "Kaupa ekkert",
           "play": "spilar áfram (leggur sig ekki)", "play@2": "spilar áfram (leggur þig ekki)",
           "play@cmd": "Spila áfram",
           "concede": "leggur sig (gefst upp)", "concede@2": "leggur þig (gefst upp)",
           "concede@cmd": "Leggja sig (gefast upp)",
           "totus": "segir tótus!", "totus@cmd": "Segja tótus!",
           "no_totus": "spilar áfram án tótus", "no_totus@cmd": "Spila áfram án tótus",
           "card": "spilar {card}", "card@cmd": "Spila {card}",
           "trick_to": " — {who} fær slaginn", "trick_to@2": " — {who} færð slaginn",
           "trick_to_seat": " — sæti {n} fær slaginn",
           "deal": "{n}. gjöf", "seat": "Sæti {n}", "trick": "Slagur", "talon": "Stokkur",
           "turned": "Velta", "shown": "Sýnt", "discards": "Afkast", "tricks": "slagir",
           "bought": "keypt", "discarding": "leggur frá sér {n}",
           "dealer": "gjafari", "forehand": "forhönd", "declarer": "sagnhafi",
           "prompt_auction": "Segðu sögn eða pass",
           "prompt_convert": "Láta sögnina „spil“ standa eða breyta í kúpp?",
           "prompt_trump": "Nefndu tromp", "prompt_exchange": "Veldu spil til að leggja frá þér og "
           "kauptu svo", "prompt_concede": "Spila áfram eða leggja sig?", "prompt_totus": "Segja tótus?",
           "prompt_play": "Spilaðu spili", "over": "Leik lokið",
           "why_strength": "sterkasti liturinn þinn er {s}: þú átt {k}, og ef {s} verður tromp áttu {t}{m}",
           "why_pass": "lætur hinum eftir að spila; {strength}",
           "why_trump": "ef {s} verður tromp áttu {t}{m}",
           "top_trumps": ", þar af {n} hæstu trompin",
           "top_trumps_one": ", þar af hæsta trompið",
           "top_trumps_all": ", og þau eru hæstu trompin",
           "top_trumps_all_one": ", og það er hæsta trompið",
           "why_discard_weak": "lítið spil utan trompa",
           "why_discard_keep": "gott spil: betra að halda því",
           "why_done": "færð {n} ný spil úr stokknum í stað þeirra sem þú lagðir frá þér",
           "why_done_one": "færð 1 nýtt spil úr stokknum í stað þess sem þú lagðir frá þér",
           "why_done_none": "heldur spilunum sem þú fékkst",
           "why_win": "átt slaginn eins og er", "why_win_last": "hæsta spilið í slagnum",
           "why_lose": "færð ekki slaginn", "why_lose_last": "annað spil í slagnum er hærra",
           "why_lead": "útspil: hinir verða að fylgja lit ef þeir geta",
           "why_concede": "kostar {n} bita á mann, eins og tap, en þá áttu ekki á hættu remis eða krúkk",
           "why_play": "þú vinnur ef þú færð fleiri slagi en hvor hinna",
           "why_keep": "þú nefnir svo tromp: {strength}",
           "why_kupp": "kúpp: þú mátt kaupa allt að 9 spil en mátt engan slag fá",
           "why_totus": "þú lofar að taka alla 9 slagina",
           # the end of a deal (deal_result)
           # the outcome first, in a short clause; then why, then the details
           "all_pass": "Gjöfin var ekki spiluð: allir sögðu pass",
           "won_deal": "{who} vann spilið", "won_deal@2": "{who} vannst spilið",
           "lost_deal": "{who} tapaði spilinu", "lost_deal@2": "{who} tapaðir spilinu",
           "gave_up": "{who} gafst upp og tapaði spilinu", "gave_up@2": "{who} gafst upp og tapaðir spilinu",
           "end_win": "hinir fengu báðir færri slagi",
           "end_win_nolo": "{who} fékk engan slag, eins og sögnin krefst",
           "end_win_nolo@2": "{who} fékkst engan slag, eins og sögnin krefst",
           "end_loss": "{who} mátti engan slag fá en fékk {n}",
           "end_loss@2": "{who} máttir engan slag fá en fékkst {n}",
           "end_krukk": "{top} fékk fleiri slagi en {who} — það heitir krúkk",
           "end_krukk@2": "{top} fékkst fleiri slagi en {who} — það heitir krúkk",
           "end_krukk_two": "{top} fengu fleiri slagi en {who} — það heitir krúkk",
           "end_krukk_two@2": "{top} fenguð fleiri slagi en {who} — það heitir krúkk",
           "end_remis": "{top} fékk jafnmarga slagi og {who} — það heitir remis",
           "end_remis@2": "{top} fékkst jafnmarga slagi og {who} — það heitir remis",
           "end_remis_two": "{top} fengu jafnmarga slagi og {who} — það heitir remis",
           "end_remis_two@2": "{top} fenguð jafnmarga slagi og {who} — það heitir remis",
           "end_conceded": "það heitir að leggja sig",
           "tricks_of": "slagir — {list}", "paid": "greiðslur — {list}",
           "standing": "staðan — {list}; {left} eftir", "left_one": "1 gjöf", "left_many": "{n} gjafir",
           "won": "{who} vinnur leikinn með {n}", "tie": "leiknum lýkur með jafntefli",
           "chips_one": "{n} bita", "chips_many": "{n} bitum"},
    "en": {"pass": "passes", "pass@2": "pass",
           "bids": "bids {c}", "bids@2": "bid {c}",
           "holds": "holds {c}", "holds@2": "hold {c}",
           "keep": "keeps the spil", "keep@2": "keep the spil",
           "convert": "turns it into kúpp", "convert@2": "turn it into kúpp",
           "trump": "names {s} trumps", "trump@2": "name {s} trumps",
           "discard": "discards {card}", "discard@2": "discard {card}",
           "discard_hidden": "discards a card", "discard_hidden@2": "discard a card",
           "done": "buys {n} cards", "done@2": "buy {n} cards",
           "done_one": "buys 1 card", "done_one@2": "buy 1 card",
           "done_none": "buys none", "done_none@2": "buy none", "done_none@cmd": "Buy nothing",
           "play": "plays on (does not concede)", "play@2": "play on (do not concede)", "play@cmd": "Play on",
           "concede": "concedes (leggur sig)", "concede@2": "concede (leggja sig)",
           "totus": "announces tótus!", "totus@2": "announce tótus!",
           "no_totus": "plays on without tótus", "no_totus@2": "play on without tótus",
           "card": "plays {card}", "card@2": "play {card}",
           "trick_to": " — {who} takes the trick", "trick_to@2": " — {who} take the trick",
           "trick_to_seat": " — trick to seat {n}",
           "deal": "Deal {n}", "seat": "Seat {n}", "trick": "Trick", "talon": "Talon",
           "turned": "Turned", "shown": "Shown", "discards": "Discards", "tricks": "tricks",
           "bought": "bought", "discarding": "discarding {n}",
           "dealer": "dealer", "forehand": "forehand", "declarer": "declarer",
           "prompt_auction": "Bid or pass", "prompt_convert": "Keep the bid “spil” or turn it into kúpp?",
           "prompt_trump": "Name trumps", "prompt_exchange": "Pick cards to discard, then buy",
           "prompt_concede": "Play on or concede?", "prompt_totus": "Announce tótus?",
           "prompt_play": "Play a card", "over": "Match over",
           "why_strength": "your strongest suit is {s}: you hold {k}, and with {s} as trumps {t}{m}",
           "why_pass": "you leave the play to the others; {strength}",
           "why_trump": "{s} as trumps: then you hold {t}{m}",
           "top_trumps": ", the {n} highest among them",
           "top_trumps_one": ", the highest among them",
           "top_trumps_all": ", the highest trumps all",
           "top_trumps_all_one": ", the highest trump",
           "why_discard_weak": "a small card outside trumps",
           "why_discard_keep": "a good card: better kept",
           "why_done": "you get {n} new cards from the talon for the ones you laid away",
           "why_done_one": "you get 1 new card from the talon for the one you laid away",
           "why_done_none": "you keep the cards you were dealt",
           "why_win": "you hold the trick so far", "why_win_last": "the highest card in the trick",
           "why_lose": "you do not take the trick", "why_lose_last": "another card in the trick is higher",
           "why_lead": "your lead: the others must follow suit if they can",
           "why_concede": "it costs {chips} each, as a loss, but you no longer risk remis or krúkk",
           "why_play": "you win if you take more tricks than either opponent",
           "why_keep": "you name trumps next: {strength}",
           "why_kupp": "kúpp: you may buy up to 9 cards but must take no trick",
           "why_totus": "you promise to take all 9 tricks",
           "all_pass": "The deal was not played: everyone passed",
           "won_deal": "{who} won the deal", "lost_deal": "{who} lost the deal",
           "gave_up": "{who} gave up and lost the deal",
           "end_win": "neither of the others took as many tricks",
           "end_win_nolo": "{who} took no trick, as the contract asks",
           "end_loss": "{who} had to take no trick but took {n}",
           "end_krukk": "{top} took more tricks than {who} — that is called krúkk",
           "end_krukk_two": "{top} took more tricks than {who} — that is called krúkk",
           "end_remis": "{top} took as many tricks as {who} — that is called remis",
           "end_remis_two": "{top} took as many tricks as {who} — that is called remis",
           "end_conceded": "that is called conceding, leggja sig",
           "tricks_of": "tricks — {list}", "paid": "payments — {list}",
           "standing": "the score — {list}; {left} to go", "left_one": "1 deal", "left_many": "{n} deals",
           "won": "{who} wins the match with {n}", "won@2": "{who} win the match with {n}",
           "tie": "the match ends in a tie", "chips_one": "{n} chip", "chips_many": "{n} chips"},
}


def chips(n: int, lang: str) -> str:
    """ "1 bita", "5 bitum" (the dative after "með"; singular after 1, 21, but not 11); "1
    chip", "5 chips".  A sign stays on (a winner may end below zero)."""
    key = "chips_one" if singular(abs(n), lang) else "chips_many"
    return _WORDS[lang][key].format(n=number(n, lang))


def _action(state: State, action: Action | str) -> Action:
    return parse_action(action, state.step) if isinstance(action, str) else action


def _predicate(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
               who: str = "3", namer: Callable[[int], str] | None = None) -> str:
    """The move in words, without who makes it, in person `who` ("3", "2" after "Þú",
    "cmd" for a button); a discard names its card only to the seat that makes it (or an
    all-seeing narrator, `viewer=None`).  A trick's last card says who takes the trick, by
    name when `namer` names the seats, else by seat number (a button does not say it)."""
    a, w = _action(state, action), _WORDS[lang]
    names = CONTRACT_NAMES[lang]
    if a.kind == "bid":
        if a.arg == "pass":
            return form(w, "pass", who)
        auction = state.auction
        held = auction.may_hold() and auction.high is not None and contract_level(
            a.arg, state.rules) == contract_level(auction.high, state.rules)
        said = _ACCUSATIVE.get(a.arg, names[a.arg]) if lang == "is" else names[a.arg]
        return form(w, "holds" if held else "bids", who).format(c=said)
    if a.kind == "convert":
        return form(w, "keep" if a.arg == "spil" else "convert", who)
    if a.kind == "trump":
        return form(w, "trump", who).format(s=SUIT_WORDS[lang][a.arg])
    if a.kind == "discard":
        if viewer is None or viewer == state.to_move:
            return form(w, "discard", who).format(card=a.arg.symbol)
        return form(w, "discard_hidden", who)
    if a.kind == "done":
        n = state.pending
        key = "done_none" if not n else "done_one" if n == 1 and "done_one" in w else "done"
        return form(w, key, who).format(n=n)
    if a.kind == "say":
        if a.arg == "play":
            return form(w, "no_totus" if state.step == "totus" else "play", who)
        return form(w, a.arg, who)
    text = form(w, "card", who).format(card=a.arg.symbol)
    if who != "cmd" and len(state.trick) == 2 and state.contract is not None:
        trick = (*state.trick, a.arg)
        seat = (state.leader + trick_winner(trick, state.contract, state.trump)) % 3
        if namer is None:  # no names given (notebooks, lessons): the seat by its number
            return text + w["trick_to_seat"].format(n=seat)
        taker = namer(seat)
        text += form(w, "trick_to", person(taker, lang)).format(who=mid(taker, lang))
    return text


def _best_suit(hand: tuple[Card, ...]) -> tuple[str, int, int, int]:
    """The suit with most trumps (ties: more matadors), its trump count, matadors, kings."""
    def count(s: str) -> tuple[int, int]:
        return sum(c in trump_order(s) for c in hand), max(0, matadors(hand, s))
    best = max(SUIT_LETTERS, key=count)
    t, m = count(best)
    return best, t, m, sum(c.rank == "K" for c in hand)


# Counts said in words in a hint's reason (a pupil reads "þrjú tromp", not "tromp 3"):
# "tromp" is neuter, the same in both numbers; kings in the accusative ("þú átt einn kóng").
_TRUMPS = {"is": ("ekkert tromp", "eitt tromp", "tvö tromp", "þrjú tromp", "fjögur tromp", "fimm tromp",
                  "sex tromp", "sjö tromp", "átta tromp", "níu tromp"),
           "en": ("no trumps", "one trump", "two trumps", "three trumps", "four trumps", "five trumps",
                  "six trumps", "seven trumps", "eight trumps", "nine trumps")}
_TOP = {"is": ("", "eitt", "tvö", "þrjú", "fjögur", "fimm", "sex", "sjö", "átta", "níu"),
        "en": ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")}
_KINGS = {"is": ("engan kóng", "einn kóng", "tvo kónga", "þrjá kónga", "fjóra kónga"),
          "en": ("no king", "one king", "two kings", "three kings", "four kings")}


def _trumps(t: int, m: int, lang: str) -> tuple[str, str]:
    """ "þrjú tromp", ", þar af tvö hæstu trompin" (the matadors, the unbroken run from the
    highest trump down, said without the word a pupil does not know yet)."""
    if m <= 0:
        return _TRUMPS[lang][t], ""
    key = "top_trumps" + ("_all" if m == t else "") + ("_one" if m == 1 else "")
    return _TRUMPS[lang][t], _WORDS[lang][key].format(n=_TOP[lang][m])


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    """A one-line reason for the move, for the seat to move (the hint button)."""
    a, w = _action(state, action), _WORDS[lang]
    seat = state.to_move
    hand = state.hands[seat] if seat is not None else ()
    if a.kind == "bid" or (a.kind == "convert" and a.arg == "spil"):
        s, t, m, k = _best_suit(hand)
        trumps, top = _trumps(t, m, lang)
        strength = w["why_strength"].format(t=trumps, m=top, k=_KINGS[lang][k], s=SUIT_WORDS[lang][s])
        if a.kind == "convert":  # keeping spil: say what it is kept for
            return w["why_keep"].format(strength=strength)
        # a pass is weighed on the same hand as a bid, but says it declines to play
        return w["why_pass"].format(strength=strength) if a.arg == "pass" else strength
    if a.kind == "convert":
        return w["why_kupp"]
    if a.kind == "trump":
        trumps, top = _trumps(sum(c in trump_order(a.arg) for c in hand), max(0, matadors(hand, a.arg)), lang)
        return w["why_trump"].format(t=trumps, m=top, s=SUIT_WORDS[lang][a.arg])
    if a.kind == "discard":
        strong = (state.trump is not None and a.arg in trump_order(state.trump)) or a.arg.rank == "K"
        return w["why_discard_keep" if strong else "why_discard_weak"]
    if a.kind == "done":  # what the buy brings (the move itself says how many)
        n = state.pending
        return w["why_done_none" if not n else "why_done_one" if n == 1 else "why_done"].format(n=n)
    if a.kind == "say":
        if a.arg == "concede":
            assert state.contract is not None  # conceding comes after the auction
            pay = CONTRACTS[state.contract].pay[3]  # "kostar 1 bita" (accusative), "costs 1 chip"
            assert pay is not None  # a contract that may not be conceded offers no concession
            return w["why_concede"].format(n=pay, chips=chips(pay, lang))
        return w["why_totus" if a.arg == "totus" else "why_play"]
    if not state.trick:
        return w["why_lead"]
    trick = (*state.trick, a.arg)
    wins = trick_winner(trick, state.contract, state.trump) == len(trick) - 1
    if len(trick) == 3:  # the move already says who takes the trick: say why
        return w["why_win_last" if wins else "why_lose_last"]
    return w["why_win" if wins else "why_lose"]


def action_cards(state: State, action: Action | str) -> tuple[Token, ...]:
    """The tokens of a move: a played or discarded card is the hand card itself; bids,
    trump naming, 'done', conceding are plain buttons."""
    a = _action(state, action)
    return (("hand", a.arg),) if a.kind in ("card", "discard") else ()


def quiet(state: State, action: Action | str) -> bool:
    """No Lomber decision is quiet: every one is made in turn by the seat to move, and even
    a pass in the auction or a 'done' in the exchange is a choice worth a pause (there is no
    out-of-turn offer to decline, as buying a discard is in Kínaskák)."""
    return False


def display_order(state: State, cards: tuple[Card, ...]) -> list[Card]:
    """Cards sorted for the eye: trumps first, then each suit, strongest first (before
    trumps are known, the black aces first: they are trumps in every game but the nolos)."""
    kind = contract_kind(state.contract) if state.contract else "grandisamo"
    if kind == "trump" and state.trump is None:
        kind = "grandisamo"
    lad = ladder(kind, state.trump if kind == "trump" else None)
    suits = (TRUMP, *SUIT_LETTERS)
    return sorted(cards, key=lambda c: (suits.index(lad.eff[c]), -lad.power[c]))


def contract_words(state: State, lang: str) -> str:
    """The contract with its trump suit where the contract leaves it open: "spil í hjarta",
    "sóló í tígli"; "spaðasóló" and "betra spil" say their suit already."""
    assert state.contract is not None  # asked only once a contract is settled
    name = CONTRACT_NAMES[lang][state.contract]
    fixed = CONTRACTS[state.contract].trump in ("S", None)  # spades by name, or no trump
    return name if fixed or state.trump is None else f"{name} {_SUIT_IN[lang][state.trump]}"


def _seat_info(state: State, s: int, lang: str) -> str:
    w = _WORDS[lang]
    parts = [f"{w['tricks']} {state.tricks[s]}", f"{w['bought']} {state.bought[s]}"]
    if s == state.to_move and state.pending:
        parts.append(w["discarding"].format(n=state.pending))
    if s == state.dealer:
        parts.append(w["dealer"])
    if s == state.forehand:
        parts.append(w["forehand"])
    if s == state.declarer:
        assert state.contract is not None  # a declarer has a contract
        parts.append(f"{w['declarer']}: {contract_words(state, lang)}")
    return ", ".join(parts)


_FELT = {  # the felt's own labels (the layout's alone)
    "is": {"last_trick": "Síðasti slagur", "trump": "Tromp: {suit}"},
    "en": {"last_trick": "Last trick", "trump": "Trumps: {suit}"},
}


def _suit_symbol(suit: str) -> str:
    """A suit letter ("H") as its symbol ("♥")."""
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(str(suit), str(suit))


def layout(state: State, seat: int, lang: str = "is", who: Callable[[int], str] | None = None) -> Layout:
    """What `seat` sees: its hand, the trick (who played what), the talon as backs, the
    cards shown to everyone by their owner, its own discards; counts bought per seat."""
    w = _WORDS[lang]
    lead = state.leader
    zones: list[Zone] = [
        {"name": "trick", "label": w["trick"],
         "cards": [{"card": str(c), "seat": (lead + i) % 3} for i, c in enumerate(state.trick)]},
    ]
    # The last whole trick stays in view until the next lead (as in Kozel), and the trump is
    # shown on the felt, not only in a caption.
    if state.played and not state.trick:  # this deal's tricks only (last_trick outlives a deal)
        leader, cards = state.played[-1]
        zones.append({"name": "last-trick", "label": _FELT[lang]["last_trick"],
                      "cards": [{"card": str(c), "seat": (leader + i) % 3} for i, c in enumerate(cards)]})
    if state.trump:
        zones.append({"name": "trump", "label": _FELT[lang]["trump"].format(suit=_suit_symbol(state.trump)),
                      "cards": [], "label_only": True})
    turned_shown = state.turned is not None and bool(state.talon) and state.talon[0] == state.turned
    # the turned card lies face up beside the talon: the backs are the others
    zones.append({"name": "talon", "label": w["talon"], "backs": len(state.talon) - turned_shown})
    if turned_shown:
        zones.append({"name": "turned", "label": w["turned"], "owner": state.declarer,
                      "cards": [str(state.turned)]})
    for s, cards in sorted(state.exposed.items()):
        zones.append({"name": f"exposed-{s}", "label": w["shown"], "owner": s,
                      "cards": [str(c) for c in display_order(state, cards)]})
    if state.discards[seat]:
        zones.append({"name": "discards", "label": w["discards"], "owner": seat,
                      "cards": [str(c) for c in state.discards[seat]]})
    prompt = w["over"] if state.step == "over" else w["prompt_" + (
        "exchange" if state.step.startswith("ex") else state.step)]
    opponents: list[Opponent] = [
        {"seat": s, "hand_size": len(state.hands[s]), "info": _seat_info(state, s, lang)}
        for s in ((seat + 1) % 3, (seat + 2) % 3)]
    return {
        "title": f"{NAME[lang]} — {w['deal'].format(n=state.deal_no + 1)}",
        "info": _seat_info(state, seat, lang),
        "hand": [str(c) for c in display_order(state, state.hands[seat])],
        "scores": list(state.totals),
        "prompt": prompt,
        "opponents": opponents,
        "zones": zones,
    }


def text_picture(state: State) -> str:
    """The whole table as text, every hand shown (for notebooks and terminals): an
    all-seeing view; `state.observation(seat)` is what one seat may see.  Each card of the
    trick on the table is written with the seat that played it."""
    contract = state.contract or "-"
    trick = ", ".join(f"seat {(state.leader + i) % 3} {c.symbol}" for i, c in enumerate(state.trick))
    lines = [f"Lomber — deal {state.deal_no + 1}, dealer seat {state.dealer}, contract {contract}"
             + (f" by seat {state.declarer}" if state.declarer is not None else "")
             + (f", trump {state.trump}" if state.trump else "") + f", step {state.step}",
             f"talon {len(state.talon)}, trick on the table: " + (trick or "-")]
    for s in range(3):
        mark = " <- to move" if state.to_move == s else ""
        hand = " ".join(c.symbol for c in display_order(state, state.hands[s])) or "-"
        lines.append(f"seat {s}: {hand}   tricks {state.tricks[s]}, bought {state.bought[s]}{mark}")
    lines.append("scores: " + " ".join(f"{t:+d}" for t in state.totals))
    return "\n".join(lines)


def sheet_row(row: SheetRow, lang: str, who: Callable[[int], str]) -> ShownRow:
    """A row of `state.score_sheet` as the pupil reads it: the contract and the outcome by
    their names ("hrein-yfir", "krúkk"), the declarer by name ("—" when all passed)."""
    out: ShownRow = dict(row)
    out["contract"] = CONTRACT_NAMES[lang].get(row["contract"] or "-", "—")
    out["declarer"] = "—" if row["declarer"] is None else who(row["declarer"])
    out["outcome"] = OUTCOME_NAMES[lang].get(row["outcome"], row["outcome"])
    if out["contract"] == "-":
        out["contract"] = "—"
    return out


def deal_result(before: State, after: State, lang: str, who: Callable[[int], str]) -> str:
    """One sentence for the end-of-deal panel: how the declarer did in the deal that
    `before`'s last move finished (`after` is the state after it), the payments, and the
    match (the most chips after the last deal wins); `who` names a seat as the table does
    ("Þú", "Tölva 1").  The outcome first, in plain words, then why and the details: "Tölva
    1 tapaði spilinu: Þú fékkst fleiri slagi en Tölva 1 — það heitir krúkk (spil í hjarta;
    slagir — Þú: 4, Tölva 1: 3, Tölva 2: 2); greiðslur — Þú: +2, Tölva 1: −4, Tölva 2: +2;
    staðan — …; 11 gjafir eftir." (a colon after each name: "Tölva 1: 3", never "Tölva 1 3")"""
    w = _WORDS[lang]
    row = after.score_sheet[-1]
    seats = range(3)
    if row["outcome"] == "all_pass" or row["declarer"] is None:
        head = w["all_pass"]
    else:
        name = who(row["declarer"])
        tricks = w["tricks_of"].format(list=", ".join(f"{who(s)}: {row['tricks'][s]}" for s in seats))
        played = row["contract"]
        assert played is not None  # a deal with a declarer played a contract
        contract = contract_words(before, lang) if before.contract else CONTRACT_NAMES[lang][played]
        outcome, you = row["outcome"], person(name, lang)
        verdict = {"win": "won_deal", "conceded": "gave_up"}.get(outcome, "lost_deal")
        head = form(w, verdict, you).format(who=name)
        if outcome in ("krukk", "remis"):  # the defenders with the most tricks, by name
            most = max(row["tricks"][s] for s in seats if s != row["declarer"])
            tops = [who(s) for s in seats if s != row["declarer"] and row["tricks"][s] == most]
            top = team_subject(tops, lang)
            key = "end_" + outcome + ("_two" if len(tops) > 1 else "")
            why = form(w, key, person(top, lang)).format(top=mid(top, lang), who=mid(name, lang))
        elif outcome == "win" and CONTRACTS[played].kind == "nolo":
            why = form(w, "end_win_nolo", you).format(who=mid(name, lang))
        elif outcome == "loss":  # only a nolo contract is lost outright
            why = form(w, "end_loss", you).format(who=mid(name, lang), n=row["tricks"][row["declarer"]])
        else:
            why = w["end_" + outcome]
        head += f": {why} ({contract}" + (f"; {tricks})" if outcome != "conceded" else ")")
        head += "; " + w["paid"].format(list=", ".join(
            f"{who(s)}: {number(row['payments'][s], lang, signed=True)}" for s in seats))
    if after.is_over:
        if after.winner is None:
            tail = w["tie"]
        else:
            name = who(after.winner)
            tail = form(w, "won", person(name, lang)).format(who=mid(name, lang),
                                                               n=chips(after.totals[after.winner], lang))
    else:
        left = after.rules.match_deals - after.deals_done
        tail = w["standing"].format(
            list=", ".join(f"{who(s)}: {number(after.totals[s], lang, signed=True)}" for s in seats),
            left=w["left_one"] if left == 1 else w["left_many"].format(n=left))
    return f"{head}; {tail}."


def describe(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
             who: Callable[[int], str] | None = None) -> str:
    """The move `action` of the seat to move in `state`, in words, as `viewer` may see it
    (None: every card named).  Without `who`, the predicate alone ("spilar K♦"); with `who`
    naming the seats, the whole sentence with its subject and the verb in its person ("Þú
    spilar K♦ — Tölva 1 fær slaginn", "You bid sóló (solo)")."""
    if who is None or state.to_move is None:
        return _predicate(state, action, lang, viewer)
    name = who(state.to_move)
    return f"{name} {_predicate(state, action, lang, viewer, person(name, lang), who)}"


def command(state: State, action: Action | str, lang: str = "is",
            who: Callable[[int], str] | None = None) -> str:
    """The move as a button says it to the player who makes it: "Segja pass", "Kaupa 3
    spil", "Halda sögninni (spil)", "Bid sóló (solo)"."""
    return capital(_predicate(state, action, lang, state.to_move, "cmd"))
