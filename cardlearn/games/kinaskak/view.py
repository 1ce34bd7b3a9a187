"""Kínaskák in words and pictures: move descriptions, hints, the layout a seat sees, and
the reasons for illegal moves, in Icelandic and English."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from cardlearn.cards import JOKER, RANK_NAMES, Card
from cardlearn.core import VIEW_NAMES, unreadable_words
from cardlearn.grammar import (
    capital,
    form,
    genitive,
    inflected_genitive,
    is_you,
    mid,
    person,
    rule_texts,
    team_subject,
)
from cardlearn.protocol import Entry, EntryDict, Layout, Opponent, ShownRow, Token, Zone

from .bots import progress
from .legality import NOTATION, layoff_ends
from .rules import (
    CONTRACTS,
    FINAL_ROUND,
    NAME,
    SheetRow,
    card_penalty,
    end_placings,
    fit_run,
    in_place_order,
    penalty,
    run_cards,
)
from .state import Action, Meld, State

# The names the package re-exports: those every game's view gives, `core.VIEW_NAMES`.
# Computed, so hidden from mypy, which reads only a literal `__all__` (as in the package).
if not TYPE_CHECKING:
    __all__ = [*VIEW_NAMES, "may_grow", "selected_move"]

Namer = Callable[[int], str]

_RULES = {  # why a move is illegal (IllegalMove.rule), in each language; see RULE_WORDS
    "en": {
        "wrong_step": "not now: {step}",
        "no_buy_now": "you may not buy now: buying is for the other players right after the player "
                      "in turn declines the discard, at most {max} a round each",
        "no_buy_round8": "there is no buying in the eighth round",
        "not_in_hand": "you do not hold {cards}",
        "same_card": "you may not discard {card}, the card you just took (forbid_same_card_discard)",
        "not_a_set": "{cards} is not a set (þrenna): three or more cards of one rank, jokers wild",
        "not_a_run": "{cards} is not a run (röð): four or more cards of one suit in sequence, the ace "
                     "low or high, no wrap-around",
        "run_placing": "{cards}: each joker stands for the card missing at its place; a joker at an end "
                       "stands for the card just above the run or, declared so, just below it; with "
                       "several jokers at the ends, each end may take some of them",
        "no_new_melds": "you have laid down already: no new melds, only lay-offs",
        "final_round_whole_hand": "in the eighth round you lay down your whole hand at once: "
                                  "two runs and two sets with all 14 cards",
        "meld_length": "lay a meld at its shortest (run 4, set 3) and add cards by laying off",
        "contract": "that meld does not lead to round {round}'s contract with the rest of your hand "
                    "(runs in one contract must be of different suits)",
        "not_laid_down": "you must lay down your contract before you lay off or steal a joker",
        "final_round": "no lay-offs or joker steals in the eighth round",
        "layoff_same_turn": "you may not lay off in the turn you laid down (layoff_same_turn)",
        "no_such_meld": "that meld is not on the table",
        "keep_two": "you may not empty your hand but by laying everything down (go_out_by_discard)",
        "bad_layoff": "{card} does not fit that meld: a run grows at its ends in its suit, up to the ace; "
                      "a set takes its rank",
        "steal_own": "you may not take back your own joker",
        "steal_from_set": "jokers may not be taken from sets (joker_steal_from_sets)",
        "bad_steal": "{card} is not the card that joker stands for: swap in exactly that card",
        "steal_unused": "a stolen joker must be used this turn, and it could not be",
        "draw_first": "first draw a card from the stock or take the top card of the discard pile, "
                      "then you can use {card}",
        "contract_rest": "{cards} make {kind}, but the contract ({contract}) also needs {missing}, "
                         "and the rest of your hand cannot make it",
        "layoff_rank": "{card} is not of the set's rank ({rank}): a set takes only cards of its rank",
        "layoff_run_end": "{card} does not fit that run: a run grows only by the next card below or "
                          "above it in its suit, here {ends}",
        "layoff_run_full": "{card} does not fit that run: it is already full, from ace to ace",
    },
    "is": {
        "wrong_step": "ekki núna: {step}",
        "no_buy_now": "þú mátt ekki kaupa núna: aðeins má kaupa strax eftir að sá sem á leik afþakkar "
                      "efsta spil kastbunkans, mest {max} á mann í umferð",
        "no_buy_round8": "í áttundu umferð er ekkert keypt",
        "not_in_hand": "þú ert ekki með {cards} á hendi",
        "same_card": "þú mátt ekki kasta {card}, spilinu sem þú varst að taka",
        "not_a_set": "þetta er ekki þrenna ({cards}): þrenna er þrjú spil eða fleiri af sama gildi, "
                     "og jóker má nota",
        "not_a_run": "þetta er ekki röð ({cards}): röð er fjögur spil eða fleiri í sama lit, hvert "
                     "á eftir öðru; ásinn má vera neðst eða efst, en röðin fer ekki hringinn",
        "run_placing": "{cards}: jóker stendur fyrir spilið sem vantar á sínum stað; jóker á enda "
                       "stendur fyrir spilið fyrir ofan röðina eða, ef þú velur það, fyrir neðan hana; "
                       "séu fleiri jókerar á endunum máttu skipta þeim á báða enda",
        "no_new_melds": "þú hefur þegar lagt niður: engar nýjar raðir eða þrennur, aðeins má bæta við",
        "final_round_whole_hand": "í áttundu umferð leggurðu öll spilin niður í einu: tvær raðir og "
                                  "tvær þrennur úr öllum 14 spilunum",
        "meld_length": "leggðu röð eða þrennu niður eins stutta og hægt er (röð 4 spil, þrennu 3) "
                       "og bættu svo við",
        "contract": "með þessu næst ekki samningur {round}. umferðar úr hinum spilunum á hendi "
                    "(raðir í sama samningi eru hver í sínum lit)",
        "not_laid_down": "þú verður að leggja samninginn niður áður en þú bætir við eða tekur jóker",
        "final_round": "í áttundu umferð er hvorki bætt við né teknir jókerar",
        "layoff_same_turn": "þú mátt ekki bæta við í sama sinn og þú lagðir niður",
        "no_such_meld": "sú röð eða þrenna er ekki á borðinu",
        "keep_two": "þú mátt ekki losa þig við öll spilin nema með því að leggja allt niður",
        "bad_layoff": "{card} passar ekki þar: röð lengist á endunum í sínum lit, upp að ás; "
                      "við þrennu bætast aðeins spil af sama gildi",
        "steal_own": "þú mátt ekki taka þinn eigin jóker",
        "steal_from_set": "ekki má taka jókera úr þrennum",
        "bad_steal": "{card} er ekki spilið sem jókerinn stendur fyrir: settu nákvæmlega það spil í staðinn",
        "steal_unused": "jóker sem þú tekur verður að nota í sama sinn, og það gengur ekki hér",
        "draw_first": "fyrst dregurðu spil úr stokknum eða tekur efsta spilið af kastbunkanum, "
                      "svo geturðu notað {card}",
        "contract_rest": "{cards} eru {kind}, en samningurinn ({contract}) krefst líka {missing}, "
                         "og hin spilin á hendi duga ekki til þess",
        "layoff_rank": "{card} er ekki af sama gildi og þrennan ({rank}): við þrennu bætast aðeins "
                       "spil af sama gildi",
        "layoff_run_end": "{card} passar ekki við röðina: röð lengist aðeins um næsta spil fyrir neðan "
                          "eða ofan hana í sama lit, hér {ends}",
        "layoff_run_full": "{card} passar ekki við röðina: hún er þegar full, frá ási upp í ás",
    },
}

# The engine names the step a move came at; a pupil reads what may be done then.
_STEPS = {
    "is": {"draw": "fyrst dregur þú: taktu efsta spil kastbunkans eða dragðu úr stokknum",
           "buy": "nú er spurt um kaup: keyptu spilið eða slepptu því",
           "meld": "þú ert að leggja niður samninginn: leggðu næstu röð eða þrennu hans",
           "discard": "nú leggur þú niður, bætir við eða kastar spili"},
    "en": {"draw": "first you draw: take the top of the discard pile or draw from the stock",
           "buy": "the buy is being asked: buy the card or pass",
           "meld": "you are laying down your contract: lay its next meld",
           "discard": "now you lay down, lay off or discard a card"},
}


def _param_words(lang: str, key: str, value: str) -> str:
    """An engine value of an illegal-move message in words: cards as symbols (🃏 for a
    joker), a step as what may be done at it."""
    if key in ("card", "cards"):
        return " ".join(Card.parse(c).symbol for c in value.split())
    if key == "step":
        return _STEPS[lang].get(value, value)
    if key == "ends":  # the cards a run may still take: "4♠ eða 9♠"
        return _OR[lang].join(Card.parse(c).symbol for c in value.split())
    if key == "kind":  # the meld a selection makes: "þrenna", "a run"
        return _KIND[lang][value]
    if key == "contract" and value.isdigit():
        return contract_words(int(value), lang)
    if key == "missing":  # "runs:sets" still to make: "raðar", "a run and a set"
        runs, sets = map(int, value.split(":"))
        return _AND[lang].join(_MISSING[lang][kind][n - 1] for kind, n in (("run", runs), ("set", sets)) if n)
    if key == "max" and value.isdigit():  # "einu sinni", "3 sinnum"; "once", "3 times"
        return _TIMES[lang][0] if int(value) == 1 else _TIMES[lang][1].format(n=value)
    return value


_TIMES = {"is": ("einu sinni", "{n} sinnum"), "en": ("once", "{n} times")}
_OR = {"is": " eða ", "en": " or "}
_AND = {"is": " og ", "en": " and "}
_KIND = {"is": {"run": "röð", "set": "þrenna"}, "en": {"run": "a run", "set": "a set"}}
# what a contract still needs, in the genitive after "krefst" (one, two, three of a kind)
_MISSING = {"is": {"run": ("raðar", "tveggja raða", "þriggja raða"),
                   "set": ("þrennu", "tveggja þrenna", "þriggja þrenna")},
            "en": {"run": ("a run", "two runs", "three runs"),
                   "set": ("a set", "two sets", "three sets")}}


_UNREADABLE = unreadable_words(NOTATION, jokers=True)  # the notation, or why a card is none of the deck's
RULE_WORDS = {lang: {"unreadable": _UNREADABLE[lang], **texts}
              for lang, texts in rule_texts(_RULES, _param_words).items()}

SHEET_NAMES = {
    "is": {"round": "Umferð", "contract": "Samningur", "went_out": "Lokaði", "penalty": "Refsistig",
           "total": "Alls"},
    "en": {"round": "Round", "contract": "Contract", "went_out": "Went out", "penalty": "Penalty points",
           "total": "Total"},
}

_W = {  # "key@2": after "Þú"/"You"; "key@cmd": a button's command (see cardlearn.grammar)
    "is": {"take": "tekur {card} af kastbunkanum", "take@cmd": "Taka {card} af kastbunkanum",
           "draw": "dregur úr stokknum", "draw@cmd": "Draga úr stokknum",
           "leave": "lætur {card} liggja og dregur úr stokknum",
           "leave@cmd": "Láta {card} liggja og draga úr stokknum",
           "leave_buy": "lætur {card} liggja (hinir mega kaupa það) og dregur úr stokknum",
           "leave_buy@cmd": "Láta {card} liggja (hinir mega kaupa það) og draga úr stokknum",
           "joker_low": "Jóker neðst",
           "buy": "kaupir {card} og dregur eitt spil úr stokknum",
           "buy@cmd": "Kaupa {card} (og draga eitt spil úr stokknum)",
           "ask": "vill kaupa {card} (dregið um ef fleiri vilja)",
           "ask@2": "vilt kaupa {card} (dregið um ef fleiri vilja)",
           "ask@cmd": "Kaupa {card} (dregið um ef fleiri vilja)",
           "pass": "kaupir ekki", "pass@cmd": "Kaupa ekki",
           "run": "leggur niður röð {cards}", "run@cmd": "Leggja niður röð {cards}",
           "set": "leggur niður þrennu {cards}", "set@cmd": "Leggja niður þrennu {cards}",
           "off": "bætir {card} við {meld}", "off@cmd": "Bæta {card} við {meld}",
           "steal": "setur {card} í stað jókersins í {meld_in} og tekur jókerinn",
           "steal@cmd": "Setja {card} í stað jókersins í {meld_in} og taka jókerinn",
           "discard": "kastar {card}", "discard@cmd": "Kasta {card}",
           "out": " og lokar", "out@cmd": " og loka",
           # a meld by its owner: the label (nominative), after "við" (accusative) and "í" (dative)
           "run_yours": "röðin þín", "run_yours_acc": "röðina þína", "run_yours_dat": "röðinni þinni",
           "set_yours": "þrennan þín", "set_yours_acc": "þrennuna þína", "set_yours_dat": "þrennunni þinni",
           "run_of": "röð {owner}", "run_of_acc": "röð {owner}", "run_of_dat": "röð {owner}",
           "set_of": "þrenna {owner}", "set_of_acc": "þrennu {owner}", "set_of_dat": "þrennu {owner}",
           # a pupil's own name, which the table cannot inflect, stays in the nominative
           "run_held": "röð sem {owner} á", "run_held_acc": "röð sem {owner} á",
           "run_held_dat": "röð sem {owner} á",
           "set_held": "þrenna sem {owner} á", "set_held_acc": "þrennu sem {owner} á",
           "set_held_dat": "þrennu sem {owner} á",
           "run_own_acc": "röð sína", "run_own_dat": "röð sinni",
           "set_own_acc": "þrennu sína", "set_own_dat": "þrennu sinni",
           "nth": "{k}. {meld}",
           "low": " (neðst)", "high": " (efst)",
           "seat": "Sæti {n}", "round": "umferð {n}", "runs": "{n} röð", "runs_pl": "{n} raðir",
           "sets": "{n} þrenna", "sets_pl": "{n} þrennur", "stock": "Stokkur", "discard_pile": "Kastbunki",
           "dealer": "gjafari", "laid": "hefur lagt samninginn niður", "buys": "kaup {n}/{m}",
           "pending": "ófrágengin", "kind_run": "röð", "kind_set": "þrenna",
           "kind_set_acc": "þrennu", "kind_set_dat": "þrennu",
           "why_take": "{card} {helps}", "why_draw": "{card} {helps}; þú færð óþekkt spil í staðinn",
           "why_buy": "færð {card} og spil úr stokknum en kastar engu, svo að spilunum á hendi "
                      "fjölgar um tvö; {card} {helps}",
           "helps": "nýtist í samninginn", "fits": "passar við röð eða þrennu á borðinu",
           "useless": "nýtist lítið eins og er",
           "why_pass": "færri spil á hendi ef umferðinni lýkur",
           "why_meld": "hluti af samningnum ({contract}); hin spilin á hendi duga fyrir afganginum",
           "why_free": "ný röð eða þrenna: {n} spil færri á hendi",
           "why_off": "{p} refsistig fara af hendinni", "why_steal": "nærð í jóker sem passar hvar sem er",
           "why_discard": "{p} refsistig fara af hendinni",
           "why_out": "síðasta spilið: umferðinni lýkur og hinir fá refsistig fyrir spilin sín",
           "prompt_draw": "Taktu {card} eða dragðu úr stokknum",
           "prompt_buy": "Viltu kaupa {card}?", "prompt_meld": "Leggðu næstu röð eða þrennu samningsins",
           "prompt_discard": "Leggðu niður, bættu við eða kastaðu spili", "over": "Leiknum er lokið",
           "winner": "{who} vinnur!", "winner@2": "{who} vinnur!",
           "waiting": "{who} á leik", "waiting@2": "{who} átt leik",
           "tie": "Jafntefli", "title": "{name} — {r}. umferð: {contract}",
           # the end of a round (deal_result)
           "went_out": "{who} lokaði umferðinni", "went_out@2": "{who} lokaðir umferðinni",
           "nobody_out": "Enginn lokaði umferðinni",
           # the last lap (B2.8): after the first goes out, each other seat has one more turn
           "went_out_first": "{who} lokaði umferðinni fyrst",
           "went_out_first@2": "{who} lokaðir umferðinni fyrst",
           "last_lap": "hinir fengu svo einn leik hver, og {who} lokaði líka",
           "last_lap@2": "hinir fengu svo einn leik hver, og {who} lokaðir líka",
           "last_lap_many": "hinir fengu svo einn leik hver, og {who} lokuðu líka",
           "last_lap_many@2": "hinir fengu svo einn leik hver, og {who} lokuðuð líka",
           "lead": "{who} er með fæst refsistig eftir {r}. umferð af {last} ({n} refsistig)",
           "lead@2": "{who} ert með fæst refsistig eftir {r}. umferð af {last} ({n} refsistig)",
           "lead_many": "{who} eru jöfn með fæst refsistig eftir {r}. umferð af {last} ({n} refsistig)",
           "lead_many@2": "{who} eruð jöfn með fæst refsistig eftir {r}. umferð af {last} ({n})",
           "won": "{who} vinnur leikinn með fæst refsistig ({n})",
           "won_tie": "{who} eru jöfn með fæst refsistig ({n})",
           "won_tie@2": "{who} eruð jöfn með fæst refsistig ({n})",
           "nobody": "—"},
    "en": {"take": "takes {card} from the discard pile", "take@2": "take {card} from the discard pile",
           "draw": "draws from the stock", "draw@2": "draw from the stock",
           "leave": "leaves {card} and draws from the stock",
           "leave@2": "leave {card} and draw from the stock",
           "leave_buy": "leaves {card} (the others may buy it) and draws from the stock",
           "leave_buy@2": "leave {card} (the others may buy it) and draw from the stock",
           "joker_low": "Joker as the low end",
           "buy": "buys {card} and draws a stock card", "buy@2": "buy {card} and draw a stock card",
           "ask": "asks to buy {card} (lots are drawn if several ask)",
           "ask@2": "ask to buy {card} (lots are drawn if several ask)",
           "ask@cmd": "Buy {card} (lots are drawn if several ask)",
           "pass": "does not buy", "pass@2": "do not buy", "pass@cmd": "Don't buy",
           "run": "lays down a run {cards}", "run@2": "lay down a run {cards}",
           "set": "lays down a set {cards}", "set@2": "lay down a set {cards}",
           "off": "adds {card} to {meld}", "off@2": "add {card} to {meld}",
           "steal": "puts {card} in place of the joker in {meld_in}, taking the joker",
           "steal@2": "put {card} in place of the joker in {meld_in}, taking the joker",
           "discard": "discards {card}", "discard@2": "discard {card}",
           "out": " and goes out", "out@2": " and go out",
           "run_yours": "your run", "run_yours_acc": "your run", "run_yours_dat": "your run",
           "set_yours": "your set", "set_yours_acc": "your set", "set_yours_dat": "your set",
           "run_of": "{owner} run", "run_of_acc": "{owner} run", "run_of_dat": "{owner} run",
           "set_of": "{owner} set", "set_of_acc": "{owner} set", "set_of_dat": "{owner} set",
           "run_held": "{owner}'s run", "run_held_acc": "{owner}'s run", "run_held_dat": "{owner}'s run",
           "set_held": "{owner}'s set", "set_held_acc": "{owner}'s set", "set_held_dat": "{owner}'s set",
           "run_own_acc": "its own run", "run_own_dat": "its own run",
           "set_own_acc": "its own set", "set_own_dat": "its own set",
           "nth": "{meld} {k}",
           "low": " (low end)", "high": " (high end)",
           "seat": "Seat {n}", "round": "round {n}", "runs": "{n} run", "runs_pl": "{n} runs",
           "sets": "{n} set", "sets_pl": "{n} sets", "stock": "Stock", "discard_pile": "Discard pile",
           "dealer": "dealer", "laid": "laid down", "buys": "buys {n}/{m}", "pending": "being laid down",
           "kind_run": "run", "kind_set": "set",
           "why_take": "{card} {helps}", "why_draw": "{card} {helps}; you get an unseen card instead",
           "why_buy": "you get {card} and a stock card, discarding nothing: two more cards in hand; "
                      "{card} {helps}",
           "helps": "works toward your contract", "fits": "fits a meld on the table",
           "useless": "does little for you now",
           "why_pass": "fewer cards in your hand if the round ends",
           "why_meld": "part of the contract ({contract}); the rest of your hand can make the rest",
           "why_free": "a new meld: {n} cards fewer in hand",
           "why_off": "{p} penalty points out of your hand",
           "why_steal": "you get a joker, which fits anywhere",
           "why_discard": "{p} penalty points out of your hand",
           "why_out": "your last card: the round ends, and the others score penalty points for "
                      "the cards they hold",
           "prompt_draw": "Take {card} or draw from the stock",
           "prompt_buy": "Buy {card}?", "prompt_meld": "Lay the next meld of the contract",
           "prompt_discard": "Lay down, lay off or discard a card", "over": "The game is over",
           "winner": "{who} wins!", "winner@2": "{who} win!",
           "waiting": "{who} to move", "tie": "A tie", "title": "{name} — round {r}: {contract}",
           "went_out": "{who} went out", "nobody_out": "Nobody went out",
           "went_out_first": "{who} went out first",
           "last_lap": "the others then had one more turn each, and {who} went out too",
           "last_lap_many": "the others then had one more turn each, and {who} went out too",
           "lead": "{who} has the fewest penalty points after round {r} of {last} ({n} points)",
           "lead@2": "{who} have the fewest penalty points after round {r} of {last} ({n} points)",
           "lead_many": "{who} share the fewest penalty points after round {r} of {last} ({n} points)",
           "won": "{who} wins the game with the fewest penalty points ({n})",
           "won@2": "{who} win the game with the fewest penalty points ({n})",
           "won_tie": "{who} share the fewest penalty points ({n})",
           "nobody": "—"},
}


def contract_words(round_no: int, lang: str = "is") -> str:
    """"1 röð + 1 þrenna" / "1 run + 1 set"."""
    w, c = _W[lang], CONTRACTS[round_no - 1]
    parts = []
    if c.runs:
        parts.append(w["runs" if c.runs == 1 else "runs_pl"].format(n=c.runs))
    if c.sets:
        parts.append(w["sets" if c.sets == 1 else "sets_pl"].format(n=c.sets))
    return " + ".join(parts)


def _parse(action: Action | str) -> Action:
    return Action.parse(action) if isinstance(action, str) else action


def _run_text(cards: tuple[Card, ...], binds: tuple[Card, ...]) -> str:
    return " ".join(c.symbol if c is not JOKER else f"🃏({b.symbol})" for c, b in zip(cards, binds))


def _default_who(lang: str) -> Namer:
    """Seats by number, for words asked for without the table's names (notebooks)."""
    return lambda s: _W[lang]["seat"].format(n=s)


def meld_name(state: State, where: tuple[int, int], lang: str, who: Namer | None, case: str = "",
              mover: int | None = None, actor: int | None = None) -> str:
    """A meld by its owner, as a pupil says it: "röðin þín", "þrenna Tölvu 2", "2. röð
    Tölvu 1" when its owner has more than one of that kind; `case` "_acc" or "_dat" for
    "bætir 7♥ við röðina þína", "í þrennu Tölvu 1".  "Þín/your" is the pupil's (the seat
    `who` calls "Þú"), or, with `mover` set, that seat's (a button speaks to its player); a
    meld of `actor`, the seat making the move, is its own ("Tölva 2 bætir 7♣ við röð sína")."""
    w = _W[lang]
    owner, i = where
    meld = state.meld_at(where)
    kind = meld.kind if meld is not None else "set"
    if who is None:  # no names (a notebook): the notation's "run 0-1", which a typed move uses
        return f"{w.get(f'kind_{kind}{case}', w[f'kind_{kind}'])} {owner}-{i}"
    name = who(owner)
    # the pupil's melds are "þín" to the pupil; a seat's own, in its own move, "sín"
    yours = owner == mover if mover is not None else is_you(name, lang)
    if yours or is_you(name, lang):
        text = w[f"{kind}_yours{case}"]
    elif case and owner == actor:
        text = w[f"{kind}_own{case}"]
    elif lang == "is" and inflected_genitive(name) is None:
        text = w[f"{kind}_held{case}"].format(owner=name)
    else:
        text = w[f"{kind}_of{case}"].format(owner=genitive(name, lang))
    same = [m for m in state.melds[owner] if m.kind == kind]
    if len(same) > 1:  # which one: counted in the order they were laid
        k = sum(m.kind == kind for m in state.melds[owner][: i + 1])
        text = w["nth"].format(k=k, meld=text)
    return text


def _predicate(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
               who: str = "3", namer: Namer | None = None) -> str:
    """The move in words, without who makes it, in person `who` ("3", "2" after "Þú", "cmd"
    for a button); `namer` names the owners of melds.  Every card named is face up at the
    table (a stock card, drawn or bought, is never named), so `viewer` changes nothing.  A
    `draw` leaves the live discard: to the others to buy, when a buy window opens."""
    a, w = _parse(action), _W[lang]
    names = namer
    top = state.discard[-1].symbol if state.discard else "-"
    if a.verb == "take":
        return form(w, "take", who).format(card=top)
    if a.verb == "draw":
        if state.step != "draw":  # not a decision about a live discard (only reached for words)
            return form(w, "draw", who)
        return form(w, "leave_buy" if state.buyers() else "leave", who).format(card=top)
    if a.verb == "pass":
        return form(w, "pass", who)
    if a.verb == "buy":
        return form(w, "buy" if state.rules.buy_priority == "seat_order" else "ask", who).format(card=top)
    if a.verb == "run":
        return form(w, "run", who).format(cards=_run_text(a.cards, a.binds))
    if a.verb == "set":
        return form(w, "set", who).format(cards=" ".join(c.symbol for c in a.cards))
    card = a.cards[0].symbol
    if a.verb == "discard":
        last = len(state.hands[state.player]) == 1
        return form(w, "discard", who).format(card=card) + (form(w, "out", who) if last else "")
    assert a.meld is not None  # the moves left (off, steal) name a meld
    target = state.meld_at(a.meld)
    kind = target.kind if target is not None else "set"
    mover = state.player if who == "cmd" else None
    meld = meld_name(state, a.meld, lang, names, "_acc", mover, state.player)
    meld_in = meld_name(state, a.meld, lang, names, "_dat", mover, state.player)
    text = form(w, a.verb, who).format(card=card, meld=meld, meld_in=meld_in) + (
        w[a.end] if a.end and kind == "run" else "")
    if a.verb == "off" and len(state.hands[state.player]) == 1:
        text += form(w, "out", who)
    return text


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    """A one-line reason for the move, for the seat to move (the hint button)."""
    a, w = _parse(action), _W[lang]
    top = state.discard[-1].symbol if state.discard else "-"
    if a.verb in ("take", "draw", "buy"):
        return w["why_" + a.verb].format(card=top, helps=w[_use_of_top(state)])
    if a.verb == "pass":
        return w["why_pass"]
    if a.verb in ("run", "set"):
        if state.laid_down[state.player] and not state.pending:
            return w["why_free"].format(n=len(a.cards))
        return w["why_meld"].format(contract=contract_words(state.round_no, lang))
    card = a.cards[0]
    if a.verb == "steal":
        return w["why_steal"]
    if a.verb == "discard" and len(state.hands[state.player]) == 1:
        return w["why_out"]
    return w["why_" + a.verb].format(card=card.symbol, p=card_penalty(card))


def _use_of_top(state: State) -> str:
    """Does the discard top help the seat to move: "helps" its contract, "fits" a meld on
    the table (once laid down), or is of little "useless" use."""
    seat, card = state.to_move, state.discard[-1]
    assert seat is not None  # asked only for a move of the seat to move
    if state.laid_down[seat]:
        fits = card is JOKER or any(layoff_ends(m, card, state.rules) for ms in state.melds for m in ms)
        return "fits" if fits else "useless"
    c, hand, wrap = state.contract, state.hands[seat], state.rules.run_wrap
    gain = progress((*hand, card), c.runs, c.sets, wrap) - progress(hand, c.runs, c.sets, wrap)
    return "helps" if card is JOKER or gain >= 1 else "useless"


def quiet(state: State, action: Action | str) -> bool:
    """Declining to buy needs no pause and no undo stop."""
    return _parse(action).verb == "pass"


def meld_zone(owner: int, i: int) -> str:
    return f"meld-{owner}-{i}"


JOKER_LOW = "joker-low"  # the target zone that declares a joker at the end of a run as its low end


def low_binding(state: State, action: Action) -> bool:
    """Is `action` a run laid with a joker declared below it (`rules.end_placings`): any
    placing but the highest of its cards, the one a player gets by clicking them alone?
    With two or more jokers at the ends there are several (all below, or split between
    the ends); they share their tokens, so the table offers a button for each."""
    if action.verb != "run":
        return False
    placed = fit_run(action.cards, state.rules)
    return placed is not None and \
        run_cards(placed[0], placed[1], len(action.cards), state.rules.run_wrap) != action.binds


def action_cards(state: State, action: Action | str) -> tuple[Token, ...]:
    """The tokens of a move: hand cards, the discard top, the stock, a meld zone or the
    card of a meld.  A run's cards alone lay it with a joker at an end as high as it goes;
    the same cards and the target zone `JOKER_LOW` declare a joker at the low end instead
    (§B4.4): one move when that placing is the only lower one, else the lower placings
    (jokers split between the ends, or all below) fit those tokens alike and the table's
    choices show each as a button, its jokers' cards named.  A run written out of place
    order is read in place order, as `apply` reads it.  A lay-off names its meld zone; when
    the card fits both ends of a run (a joker, or an ace on a 2–K run), the low end is
    chosen by clicking the run's first card instead.  A joker steal names the joker in the
    meld.  Buy and pass are buttons."""
    a = _parse(action)
    if isinstance(action, str) and a.verb == "run":
        placed = in_place_order(a.cards, a.binds, state.rules)
        if placed is not None:
            a = a._replace(cards=placed[0], binds=placed[1])
    if a.verb == "take":
        return (("discard", state.discard[-1]),)
    if a.verb == "draw":
        return (("stock", None),)
    if a.verb in ("buy", "pass"):
        return ()
    if a.verb in ("run", "set", "discard"):
        tokens = tuple(("hand", c) for c in a.cards)
        return (*tokens, (JOKER_LOW, None)) if low_binding(state, a) else tokens
    assert a.meld is not None  # the moves left (off, steal) name a meld
    zone = meld_zone(*a.meld)
    card = a.cards[0]
    if a.verb == "steal":
        return (("hand", card), (zone, JOKER))
    meld = state.meld_at(a.meld)
    if a.end == "low" and meld is not None and len(layoff_ends(meld, card, state.rules)) == 2:
        return (("hand", card), (zone, meld.cards[0]))
    return (("hand", card), (zone, None))


def _entries(meld: Meld, wrap: bool, lang: str) -> list[Entry]:
    out: list[Entry] = []
    for i, c in enumerate(meld.cards):
        if c is JOKER:
            stands = meld.stands_for(i, wrap)
            # a run's joker is a card ("= 5♦"), a set's a rank, named in words ("= gosi")
            note = stands.symbol if isinstance(stands, Card) else RANK_NAMES[lang].get(stands, stands)
            out.append(EntryDict(card="JK", note=f"= {note}"))  # the zone names the owner
        else:
            out.append(str(c))
    return out


def layout(state: State, seat: int, lang: str = "is", who: Callable[[int], str] | None = None) -> Layout:
    """What `seat` sees: its hand; every meld as a zone by its owner (jokers noted with
    what they stand for); the discard pile face up; the stock as backs."""
    w, wrap = _W[lang], state.rules.run_wrap
    zones: list[Zone] = []
    names = who or _default_who(lang)
    for owner, ms in enumerate(state.melds):
        for i, m in enumerate(ms):
            label = capital(meld_name(state, (owner, i), lang, who))
            zones.append(Zone(name=meld_zone(owner, i), label=label, owner=owner, target=True,
                              cards=_entries(m, wrap, lang)))
    for j, m in enumerate(state.pending):
        label = f"{capital(w['kind_' + m.kind])} ({w['pending']})"
        zones.append(Zone(name=f"pending-{j}", label=label, owner=m.owner, target=False,
                          cards=_entries(m, wrap, lang)))
    if state.to_move == seat and any(low_binding(state, a) for a in state.legal_actions()):
        zones.append(Zone(name=JOKER_LOW, label=w["joker_low"], owner=seat, target=True, cards=[]))
    # The discard pile as a stack (its top card, the only one in play, and a count; the table
    # opens it on a click): fanned in one row it pushed the hand below a 768 px window.
    zones.append(Zone(name="discard", label=w["discard_pile"], owner=None, target=False,
                      cards=[str(c) for c in state.discard], stack=True))
    zones.append(Zone(name="stock", label=w["stock"], owner=None, target=True, backs=len(state.stock)))

    def info(s: int) -> str:
        bits = [w["buys"].format(n=state.buys_used[s], m=state.rules.max_buys)]
        if state.laid_down[s]:
            bits.append(w["laid"])
        if state.dealer == s:
            bits.append(w["dealer"])
        return ", ".join(bits)

    top = state.discard[-1].symbol if state.discard else "-"
    if state.step == "over":
        if state.winner is None:
            result = w["tie"]
        else:
            name = names(state.winner)
            result = form(w, "winner", person(name, lang)).format(who=name)
        prompt = w["over"] + ". " + result
    elif state.to_move != seat:
        assert state.to_move is not None  # a round in play has a seat to move
        name = names(state.to_move)
        prompt = form(w, "waiting", person(name, lang)).format(who=name)
    else:
        prompt = w["prompt_" + state.step].format(card=top)
    title = w["title"].format(name=NAME[lang], r=state.round_no,
                              contract=contract_words(state.round_no, lang))
    return Layout(
        title=title, info=info(seat), hand=[str(c) for c in state.hands[seat]],
        scores=list(state.totals), prompt=prompt,
        opponents=[Opponent(seat=s, hand_size=len(state.hands[s]), info=info(s))
                   for s in range(state.n) if s != seat],
        zones=zones,
    )


def text_picture(state: State) -> str:
    lines = [f"Kínaskák — round {state.round_no} ({contract_words(state.round_no, 'en')}), dealer seat "
             f"{state.dealer}, stock {len(state.stock)}, discard "
             f"{state.discard[-1].symbol if state.discard else '-'}{' (live)' if state.live else ''}, "
             f"scores {'-'.join(map(str, state.totals))}"]
    for s in range(state.n):
        mark = " <- to move" if state.to_move == s else ""
        hand = " ".join(c.symbol for c in state.hands[s]) or "-"
        held = state.hands[s]
        lines.append(f"seat {s}: {hand}  ({len(held)} cards, {penalty(held)} points){mark}")
        for i, m in enumerate(state.melds[s]):
            lines.append(f"   {s}-{i} {m.kind}: " + " ".join(
                c.symbol if c is not JOKER else "🃏" for c in m.cards))
    if state.round_no == FINAL_ROUND and state.step == "over":
        lines.append("over: " + ("tie" if state.winner is None else f"seat {state.winner} wins"))
    return "\n".join(lines)


def sheet_row(row: SheetRow, lang: str, who: Namer) -> ShownRow:
    """A row of `state.score_sheet` as the pupil reads it: the contract in words ("1 röð +
    1 þrenna"), who went out by name ("—" for nobody); the numbers as they are."""
    out: ShownRow = dict(row)
    out["contract"] = contract_words(row["round"], lang)
    out["went_out"] = _W[lang]["nobody"] if row["went_out"] is None else who(row["went_out"])
    return out


def deal_result(before: State, after: State, lang: str, who: Namer) -> str:
    """One sentence for the end-of-round panel: who went out in the round that `before`'s
    last move finished (`after` is the state after it) and who leads the match (fewest
    penalty points after eight rounds wins); `who` names a seat as the table does ("Þú",
    "Tölva 1").  E.g. "Tölva 1 lokaði umferðinni; Tölva 1 er með fæst refsistig eftir 1.
    umferð af 8 (0 refsistig)." """
    w = _W[lang]
    row = after.score_sheet[-1]
    out = row["went_out"]
    if out is None:
        head = w["nobody_out"]
    else:
        name = who(out)
        # Others who emptied their hands in the last lap (one more turn each, B2.8): said,
        # so that "Þú kastar 6♣ og lokar" under "Tölva 1 lokaði" reads as it happened.
        end = after.last_deal_position
        also = [who(s) for s in range(after.players) if s != out and end is not None and not end.hands[s]]
        if also:
            head = form(w, "went_out_first", person(name, lang)).format(who=name)
            others = team_subject(also, lang)
            key = "last_lap_many" if len(also) > 1 else "last_lap"
            head += ": " + form(w, key, person(others, lang)).format(who=mid(others, lang))
        else:
            head = form(w, "went_out", person(name, lang)).format(who=name)
    best = min(after.totals)
    leaders = [who(s) for s, t in enumerate(after.totals) if t == best]
    subject = mid(team_subject(leaders, lang), lang)  # "Tölva 2", "þið Tölva 1", "þú"
    many = len(leaders) > 1
    you = person(team_subject(leaders, lang), lang)
    key = "won" if after.is_over else "lead"
    key += ("_tie" if after.is_over else "_many") if many else ""
    tail = form(w, key, you).format(who=subject, n=best, r=row["round"], last=FINAL_ROUND)
    # the round's penalties per seat are in the panel's table beside the sentence: the
    # sentence says only who went out and who leads (a shorter panel fits a 768 px window)
    return f"{head}; {tail}."


def describe(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
             who: Namer | None = None) -> str:
    """The move `action` of the seat to move in `state`, in words, as `viewer` may see it
    (None: every card named).  Without `who`, the predicate alone ("tekur 7♥ af
    kastbunkanum"); with `who` naming the seats, the whole sentence with its subject and the
    verb in its person ("Þú bætir 7♥ við röðina þína (efst)", "Tölva 1 kastar K♦")."""
    if who is None or state.to_move is None:
        return _predicate(state, action, lang, viewer)
    name = who(state.to_move)
    return f"{name} {_predicate(state, action, lang, viewer, person(name, lang), who)}"


def command(state: State, action: Action | str, lang: str = "is", who: Namer | None = None) -> str:
    """The move as a button says it to the player who makes it: "Kaupa 10♥ (og draga eitt
    spil úr stokknum)", "Kaupa ekki", "Bæta 7♥ við röðina þína"; `who`, where given, names
    the owners of other seats' melds."""
    return capital(_predicate(state, action, lang, state.to_move, "cmd", who))


# -- what a selection that is no legal move names (the table's refusals) ---------------

def _meld_of_zone(name: str) -> tuple[int, int] | None:
    """The (owner, index) of a meld zone's name ("meld-2-0"), else None."""
    head, _, rest = name.partition("-")
    owner, _, index = rest.partition("-")
    return (int(owner), int(index)) if head == "meld" and owner.isdigit() and index.isdigit() else None


def selected_move(state: State, tokens: Counter[Token]) -> Action | None:
    """The move the selected `tokens` would make, legal or not, for the engine to judge
    (`state.check`): hand cards alone are a discard (one card), a set (one rank, jokers
    wild) or a run (else); a hand card and a meld lay it off, or with the meld's joker
    steal it.  None for a selection that names no move (the stock, the discard pile)."""
    hand = sorted((c for (z, c) in tokens.elements() if z == "hand" and c is not None), key=_card_key)
    rest = [t for t in tokens.elements() if t[0] != "hand"]
    if not hand:
        return None
    if not rest:
        if len(hand) == 1:
            return Action("discard", (hand[0],))
        natural = {c.rank for c in hand if c is not JOKER}
        if len(natural) <= 1:
            return Action("set", tuple(hand))
        return _run_of(state, tuple(hand))
    if len(hand) != 1 or len(rest) != 1:
        return None
    (zone, card) = rest[0]
    where = _meld_of_zone(zone)
    if where is None:
        return None
    return Action("steal" if card is JOKER else "off", (hand[0],), meld=where)


def may_grow(state: State, tokens: Counter[Token]) -> bool:
    """May these hand cards be selected together although no legal move is made of them
    yet: they are a meld, or part of one (one rank, or one suit with no card twice; jokers
    wild), while the player in turn may still lay melds down, so that the pupil is told
    what the meld or the contract still needs."""
    if state.step not in ("meld", "discard") or any(z != "hand" for z, _ in tokens):
        return False
    if state.laid_down[state.player] and not state.pending:
        return False
    cards = [c for _, c in tokens.elements() if c is not None]
    natural = [c for c in cards if c is not JOKER]
    if len({c.rank for c in natural}) <= 1:
        return True
    return len({c.suit for c in natural}) == 1 and len({c.rank for c in natural}) == len(natural)


def _run_of(state: State, cards: tuple[Card, ...]) -> Action:
    """The run these cards would lay, its jokers placed as the engine would place them
    (the cards as they are where they make no run)."""
    for suit, low in end_placings(cards, state.rules):
        binds = run_cards(suit, low, len(cards), state.rules.run_wrap)
        placed = in_place_order(cards, binds, state.rules)
        if placed is not None:
            return Action("run", placed[0], placed[1])
    return Action("run", cards, cards)


def _card_key(card: Card) -> int:
    return card.key
