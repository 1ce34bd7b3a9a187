"""Lomber's (L'Hombre's) handout: the default game, `lomber.Rules()`, on one page in
Icelandic and English.

The words follow the notebook's "Reglur í hnotskurn / Rules at a glance" and the source's
vocabulary (*Múlaþing* 1985): *spadda* (þf./þgf. *spöddu*), *manilía*, *basti* (þf. *basta*),
*ponti*, *matadorar*, *sagnhafi*, *forhönd · millihönd · bakhönd*, *stokkurinn* for the talon,
*kaupa* (exchange), *leggja sig* (concede; never *gefa*, which is to deal), *krúkk*, *remis*,
*bitar*; plain suits are written out as the source does ("kóngur, drottning, gosi, 7 …").

Every number — players, deck, the ranks left out, hand and talon sizes, the packets of the
deal, the trump and plain orders, the contracts' levels, who buys, the payments, the
match's length — is read from `cardlearn.games.lomber`; the worked example is the first
trick of a stacked deal played through `lomber.new_game`: what each seat may play and who
takes the trick are read from the state, and the payment line from `deal_payments`.
"""

from __future__ import annotations

from typing import Any

from cardlearn.cards import RANK_NAMES, RANKS, Card, parse_cards
from cardlearn.games import lomber
from cardlearn.games.lomber.rules import (
    HAND_SIZE,
    SPIL_FAMILY,
    TALON_SIZE,
    TRICKS,
    nullo_order,
    plain_order,
    trump_order,
)
from cardlearn.games.lomber.view import CONTRACT_NAMES, SUIT_WORDS
from cardlearn.handouts import CardRow, Example, Handout, Section, check_defaults, minus, number_word, symbol

# The `lomber.Rules` defaults the words below describe (the numbers are read, not assumed).
DESCRIBES: dict[str, Any] = {
    "betra_spil_position": "below_turnir", "level7_hold": "same_contract",
    "trump_named": "after_declarer_exchange", "turnir_card": "to_declarer", "enable_grandisamo": True,
    "enable_totus": False, "kupp_loss_cap": None, "must_trump_when_void": False, "must_overtake": False,
    "allow_spil_to_kupp": True, "allow_concede": True, "grand_turnir_spade_bonus": False,
    "defender_exchange_order": "ccw_from_declarer",
}

# Seats by their place in the deal (seat 0 is the forehand when seat 2 deals).
SEATS = {"is": ("Forhönd", "Millihönd", "Bakhönd"), "en": ("Forehand", "Middlehand", "Rearhand")}

# The worked example: a stacked first deal, seat 2 dealing.  The forehand bids spil, the
# others pass, nobody buys, hearts are trumps; the first trick shows the matadors'
# privilege (the middlehand's basti need not follow a small trump) and spadda winning.
EXAMPLE_DEALER = 2
EXAMPLE_HANDS = ("3H KH QH JH 2H KD QD KC QC", "AC 2S 4S 5S 6S 2D 3D 4D 5D", "AS 5H 7S JS QS KS 6D 7D JD")
EXAMPLE_MOVES = ("spil", "pass", "pass", "spil", "done", "trump H", "done", "done", "play")
EXAMPLE_TRICK = ("3H", "2S", "AS")
EXAMPLE_TRICKS = (5, 2, 2)  # the payment line: a won spil, five tricks to two and two
EXAMPLE_CARD = 10.0
TRUMP_CARD = 11.5  # mm: twelve red trumps in a row, with room for a note
BODY = 8.6  # points: the longest rules of the four games


# ---------------------------------------------------------------------------------------
# Facts from the engine

def facts() -> dict[str, Any]:
    """The numbers the page prints, each read from the engine."""
    rules = lomber.Rules()
    check_defaults("lomber", rules, DESCRIBES)
    # the packets of the deal: how many of the top cards of a stacked deck the forehand gets
    state = lomber.new_game(seed=0, deck=lomber.DECK, dealer=EXAMPLE_DEALER)
    forehand = state.hands[(EXAMPLE_DEALER + 1) % 3]
    packet = next(i for i, c in enumerate(lomber.DECK) if c not in forehand)
    kupp = [lomber.deal_payments("kupp", 0, (t, TRICKS - t, 0), rules)[1][1] for t in (1, 2)]
    return {
        "players": lomber.PLAYERS[0], "deck": len(lomber.DECK), "hand": HAND_SIZE, "talon": TALON_SIZE,
        "missing": [r for r in RANKS if all(c.rank != r for c in lomber.DECK)], "packet": packet,
        "rounds": HAND_SIZE // packet, "tricks": TRICKS, "deals": rules.match_deals,
        "black_trumps": len(trump_order("C")), "red_trumps": len(trump_order("H")),
        "kupp_first": kupp[0], "kupp_more": kupp[1] - kupp[0],
    }


def _ranks(cards: tuple[Card, ...], lang: str) -> str:
    """A suit's order as the source writes it: "kóngur, drottning, gosi, 7, 6 …" / "K Q J 7 6 …"."""
    if lang == "en":
        return " ".join(c.rank or "" for c in cards)
    return ", ".join(RANK_NAMES["is"][c.rank] if c.rank in "JQKA" else c.rank for c in cards if c.rank)


def trump_rows(lang: str) -> tuple[CardRow, CardRow]:
    """The trumps of a black suit (clubs) and of a red one (hearts), highest first."""
    black, red = trump_order("C"), trump_order("H")
    if lang == "is":
        return (CardRow(black, note=f"Lauf tromp: {len(black)} spil", height=TRUMP_CARD),
                CardRow(red, note=f"Hjarta tromp: {len(red)} spil", height=TRUMP_CARD))
    return (CardRow(black, note=f"Clubs trumps: {len(black)} cards", height=TRUMP_CARD),
            CardRow(red, note=f"Hearts trumps: {len(red)} cards", height=TRUMP_CARD))


def payments(lang: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each contract by level, with the bits the declarer gets from each defender when it is
    won, and pays each when lost (or remis), in krúkk and when he concedes."""
    names = CONTRACT_NAMES["is"]
    rows = []
    for c in lomber.CONTRACTS.values():
        cells = tuple("–" if p is None else str(p) for p in c.pay)
        if c.id == "kupp":
            cells = (cells[0], f"{cells[1]}+", "–", "–")
        name = names[c.id] if lang == "is" else CONTRACT_NAMES["en"][c.id].split(" (")[0]
        rows.append((f"{c.level} {name}", cells))
    return tuple(rows)


def example_play() -> dict[str, Any]:
    """The example deal's first trick as the engine plays it: per card, the seat, how many
    cards it might have played, and who takes the trick."""
    hands = [parse_cards(h) for h in EXAMPLE_HANDS]
    seats = [(EXAMPLE_DEALER + 1 + k) % 3 for k in range(3)]  # forehand, middlehand, rearhand
    deck: list[Card] = []
    for _ in range(HAND_SIZE // 3):
        for seat in seats:
            hand = hands[seat]
            deck += hand[len([c for c in deck if c in hand]):][:3]
    deck += [c for c in lomber.DECK if c not in deck]
    state = lomber.new_game(seed=0, deck=deck, dealer=EXAMPLE_DEALER)
    for move in EXAMPLE_MOVES:
        state = _apply(state, move)
    plays = []
    for move in EXAMPLE_TRICK:
        plays.append((state.to_move, Card.parse(move), len(state.legal_actions())))
        state = _apply(state, move)
    winner = state.observation(0)["leader"]
    result, pay = lomber.deal_payments("spil", 0, EXAMPLE_TRICKS, lomber.Rules())
    return {"plays": plays, "winner": winner, "trump": state.trump, "result": result, "pay": pay,
            "hands": hands}


def _apply(state: lomber.State, move: str) -> lomber.State:
    if move not in {str(a) for a in state.legal_actions()}:
        raise ValueError(f"the Lomber example's move {move!r} is not legal")
    return state.apply(move)


def example(lang: str) -> Example:
    play = example_play()
    is_ = lang == "is"
    seats = SEATS[lang]
    trump = SUIT_WORDS[lang][play["trump"]]
    mid_legal = play["plays"][1][2]
    rear, _, rear_legal = play["plays"][2]
    rows = []
    hands = play["hands"]
    if is_:
        notes = ("spilar út trompi",
                 f"á ekkert tromp nema basta, sem er undanþeginn: má spila hverju sem er ({mid_legal} "
                 "spil) og heldur basta",
                 f"á {_list(hands[rear], play['trump'], lang)} og verður því að láta tromp ({rear_legal} "
                 "spil); má nota spöddu")
    else:
        notes = ("leads a trump",
                 f"has no trump but basti, which is privileged: may play anything ({mid_legal} cards) "
                 "and keeps basti",
                 f"holds {_list(hands[rear], play['trump'], lang)}, so must play a trump ({rear_legal} "
                 "cards); may use spadda")
    for (seat, card, _), note in zip(play["plays"], notes):
        if seat == play["winner"]:
            note += " — á slaginn" if is_ else " — wins the trick"
        rows.append(CardRow((f"{seats[seat]}:", card), note=note, height=EXAMPLE_CARD))
    shown = "; ".join(f"{seats[s]} " + " ".join(symbol(c, lang) for c in h) for s, h in enumerate(hands))
    won, each = play["result"], play["pay"]
    if won != "win":
        raise ValueError(f"the Lomber example's payment line describes a won spil, not {won!r}")
    line = " / ".join(minus(p) for p in each)
    d, *others = EXAMPLE_TRICKS
    bits = -each[1]  # what the declarer gets from each defender
    if is_:
        text = (f"Raðaður stokkur: {shown}. Forhönd segir spil, hinir pass; enginn kaupir og {trump} "
                "er tromp. Fyrsti slagurinn:")
        note = (f"Fái sagnhafinn {d} slagi og hinir {others[0]} og {others[1]} hefur hann unnið: "
                f"bitarnir verða {line} (hann fær {number_word(bits, 'is', 'k', 'þf')} bita frá hvorum).")
        return Example("Dæmi: fyrsti slagurinn", text, tuple(rows), note)
    text = (f"A stacked deck: {shown}. Forehand bids spil, the others pass; nobody buys and {trump} "
            "are trumps. The first trick:")
    note = (f"If the declarer takes {d} tricks and the others {others[0]} and {others[1]}, he has won: "
            f"the chips are {line} ({number_word(bits, 'en')} from each defender).")
    return Example("Example: the first trick", text, tuple(rows), note)


def _list(hand: tuple[Card, ...], trump: str, lang: str) -> str:
    """The trumps of a hand, highest first, as words join them."""
    order = trump_order(trump)
    trumps = sorted((c for c in hand if c in order), key=order.index)
    return (" og " if lang == "is" else " and ").join(c.symbol for c in trumps)


# ---------------------------------------------------------------------------------------
# The page

HEADS = {"is": ("vinnur", "tapar", "krúkk", "leggur sig"), "en": ("won", "lost", "krúkk", "conceded")}


def handout(lang: str) -> Handout:
    f = facts()
    if lang == "is":
        return Handout("lomber", "is", "Lomber", _is_subtitle(f), _is_sections(f), example("is"),
                       "Sagnir og bitar", payments("is"),
                       "Bitar milli sagnhafa og hvors hinna: sagnhafinn fær þá frá hvorum (vinnur) eða "
                       "greiðir hvorum (tapar, remis, krúkk, leggur sig); hver gjöf jafnast út. Kúpp "
                       f"tapað: {f['kupp_first']}, og {f['kupp_more']} fyrir hvern slag umfram einn.",
                       "Sjálfgefnu reglurnar í cardlearn. Afbrigði og saga leiksins: "
                       "notebooks/is/04-lomber.ipynb.", scoring_columns=HEADS["is"], split=0.5, body=BODY)
    if lang == "en":
        return Handout("lomber", "en", "Lomber (L'Hombre)", _en_subtitle(f), _en_sections(f), example("en"),
                       "Contracts and chips", payments("en"),
                       "Chips between the declarer and each defender: he gets them from each (won) or pays "
                       "each (lost, remis, krúkk, conceded); every deal sums to 0. Kúpp lost: "
                       f"{f['kupp_first']}, and {f['kupp_more']} more per trick beyond the first.",
                       "The default rules of cardlearn. Variants and the game's history: "
                       "notebooks/04-lomber.ipynb.", scoring_columns=HEADS["en"], split=0.5, body=BODY)
    raise ValueError(f"language {lang!r} is not one of ('is', 'en')")


def _is_subtitle(f: dict[str, Any]) -> str:
    return (f"Reglurnar á einu blaði · {number_word(f['players'], 'is', 'k')} leikmenn · "
            f"{f['deals']} gjafir · sá vinnur sem á flesta bita")


def _en_subtitle(f: dict[str, Any]) -> str:
    return (f"The rules on one page · {number_word(f['players'], 'en')} players · {f['deals']} deals · "
            "the most chips win")


# The spil family in the dative, as "í spili, betra spili …" needs it.
_DATIVE = {"spil": "spili", "betra_spil": "betra spili", "turnir": "túrni", "grand_turnir": "grand-túrni"}


def _family(lang: str) -> str:
    """The contracts in which both sides buy and the declarer may concede, by their
    Icelandic names: "spili, betra spili, túrni og grand-túrni" (after *í*), in English
    "spil, betra spil, túrnir and grand-túrnir"."""
    names = [_DATIVE[c] if lang == "is" else CONTRACT_NAMES["is"][c] for c in SPIL_FAMILY]
    return ", ".join(names[:-1]) + (" og " if lang == "is" else " and ") + names[-1]


def _is_sections(f: dict[str, Any]) -> tuple[Section, ...]:
    words = [{"8": "áttur", "9": "níur", "10": "tíur"}[r] for r in f["missing"]]
    missing = f"{', '.join(words[:-1])} og {words[-1]} ({', '.join(f['missing'])})"
    red = plain_order("H", "S")
    return (
        Section("Leikmenn og gjöf",
                f"{number_word(f['players'], 'is', 'k').capitalize()} leikmenn, {f['deck']} spil: "
                f"{missing} eru teknar úr. Spilað og gefið er á móti sólu: forhönd situr gjafara á "
                "hægri hönd, þá "
                "millihönd, og gjafarinn er bakhönd. Gefin eru "
                f"{number_word(f['packet'], 'is', 'n', 'nf')} spil í einu, forhönd fyrst, "
                f"{_times(f['rounds'])} hringinn: {number_word(f['hand'], 'is')} á mann; hin "
                f"{f['talon']} eru stokkurinn, á grúfu. Gjöfin gengur til hægri; leikurinn er "
                f"{f['deals']} gjafir og flestir bitar vinna.",
                covers=("Players, cards, seats", "Deal", "Match")),
        Section("Tromp",
                "Hæst eru spadda (A♠), manilía (tvistur í svörtu trompi, sjöa í rauðu) og basti "
                "(A♣), matadorarnir; í rauðu trompi er trompásinn, ponti, næstur. Svörtu ásarnir eru "
                "tromp í öllum trompsögnum. Aðrir litir, ofan frá: svartir "
                f"{_ranks(plain_order('C', 'H'), 'is')}; rauðir {_ranks(red, 'is')}. Í nóló eru engin "
                f"tromp: svartir {_ranks(nullo_order('C'), 'is')}, rauðir eins og áður.",
                covers=("Trumps", "Plain suits"), cards=trump_rows("is")),
        Section("Slagir",
                f"Hæsta tromp tekur slaginn, annars hæsta spil í litnum sem spilað var út. Forhönd "
                f"spilar fyrst út, síðan sá sem tók síðasta slaginn; {number_word(f['tricks'], 'is', 'k')} "
                "slagir. Fylgja verður lit ef hægt er (svörtu ásarnir teljast tromp), annars má spila "
                "hverju sem er. Undanþága: sé trompi spilað út þarf ekki að láta spöddu, manilíu né "
                "basta nema hærri matador hafi verið spilað út; eigi maður annað tromp verður hann "
                "samt að láta tromp. Engin undanþága í nóló.",
                covers=("Tricks", "Following suit")),
        Section("Sagnir",
                "Forhönd byrjar; hver segir sögn eða pass. Síðari maður verður að segja hærra; fyrri "
                "maður má halda með sömu sögn (á 6. og 7. þrepi nákvæmlega sömu sögn). Þeir tveir "
                "halda áfram uns annar segir pass, þá á sá sem eftir er við þriðja manninn. Sá sem "
                "hefur sagt pass segir ekki meira; segi allir pass fellur gjöfin niður. Sá sem á "
                "síðustu sögnina er sagnhafi og spilar einn gegn hinum tveimur. Grand-túrni má aðeins "
                "sá segja sem fékk báða svörtu "
                "ásana. Þrepin og bitarnir eru í töflunni.",
                covers=("Contracts", "Auction")),
        Section("Tromp og kaup",
                "Spil: láta sögnina standa eða breyta í kúpp; kaupa, svo nefna ♥, ♦ eða ♣. Betra spil og "
                "spaðasóló: spaði. Túrnir og grand-túrnir: litur efsta spils stokksins, sem sagnhafi "
                "fær. Sóló: nefna ♣, ♥ eða ♦. Grandisamó: aðeins A♠ og A♣ (lægri) eru tromp. Nólósagnir: "
                "engin tromp. Að kaupa er að leggja spil á grúfu og draga jafnmörg úr stokknum, "
                f"sagnhafinn fyrst, svo hinir í röð frá honum. Kaupa: allir í {_family('is')}; hinir "
                "einir í sóló, spaðasóló og grandisamó; sagnhafinn einn í kúpp; enginn í hreinu nóló "
                "og hrein-yfir (í hrein-yfir sést hönd sagnhafa eftir fyrsta útspil). Fyrir fyrsta "
                f"útspil má sagnhafi í {_family('is')} leggja sig.",
                covers=("Trumps and buying",)),
        Section("Úrslit",
                "Í trompsögn vinnur sagnhafinn ef hann fær fleiri slagi en hvor hinna; fái annar hinna "
                "fleiri er það krúkk; annars remis (greitt sem tap). Í nóló vinnur hann ef hann fær "
                "engan slag.",
                covers=("Outcome", "Payment")),
    )


def _times(n: int) -> str:
    return {1: "einu sinni", 2: "tvisvar", 3: "þrisvar"}.get(n, f"{number_word(n, 'is', 'n', 'þgf')} sinnum")


def _en_sections(f: dict[str, Any]) -> tuple[Section, ...]:
    missing = ", ".join(f"{r}s" for r in f["missing"])
    red = plain_order("H", "S")
    return (
        Section("Players and deal",
                f"{number_word(f['players'], 'en').capitalize()} players, {f['deck']} cards (no {missing}). "
                "Play and the deal go counter-clockwise: forehand sits on the dealer's right, then "
                f"middlehand, and the dealer is rearhand. {number_word(f['packet'], 'en').capitalize()} "
                f"cards at a time, forehand first, {number_word(f['rounds'], 'en')} times round: "
                f"{number_word(f['hand'], 'en')} each; the other {f['talon']} are the talon "
                f"(stokkurinn), face down. The deal passes to the right; a match is {f['deals']} deals "
                "and the most chips win.",
                covers=("Players, cards, seats", "Deal", "Match")),
        Section("Trumps",
                "Highest are spadda (A♠), the manilía (the two of a black trump suit, the seven of a "
                "red one) and basti (A♣), the matadors; in a red trump suit the trump ace, ponti, "
                "comes next. The black aces are trumps in every trump game. Plain suits, high to "
                f"low: black {_ranks(plain_order('C', 'H'), 'en')}; red {_ranks(red, 'en')}. Nolo has "
                f"no trumps: black {_ranks(nullo_order('C'), 'en')}, red as before.",
                covers=("Trumps", "Plain suits"), cards=trump_rows("en")),
        Section("Tricks",
                "The highest trump wins, else the highest card of the suit led. Forehand leads "
                f"first, then the winner of each trick; {number_word(f['tricks'], 'en')} tricks. "
                "Follow suit if you can (the black aces count as trumps); if not, play anything. "
                "Privilege: when trumps are led, spadda, manilía and basti need not be played unless "
                "a higher one of them was led; with another trump in hand you must still play a "
                "trump. No privilege in nolo.",
                covers=("Tricks", "Following suit")),
        Section("Auction",
                "Forehand first; bid or pass. A later seat must bid higher; an earlier seat may hold "
                "with the same contract (at levels 6 and 7 exactly the same). The two go on until "
                "one passes, then the survivor meets the third. A pass is final; all pass: a passed "
                "deal. The standing bid makes its bidder the declarer, alone against the other two. "
                "Grand-túrnir only with both black aces dealt. Levels and chips: the table.",
                covers=("Contracts", "Auction")),
        Section("Trumps and buying",
                "Spil: keep it or turn it into kúpp; buy, then name ♥, ♦ or ♣. Betra spil, "
                "spaðasóló: spades. Túrnir, grand-túrnir: the suit of the talon's top card, which the "
                "declarer takes. Sóló: name ♣, ♥ or ♦. Grandisamó: only A♠ and A♣ (lower) are trumps. "
                "The nolo "
                "games: no trumps. Buying (kaupa): discard face down, then draw as many from the "
                f"talon, the declarer first, then the defenders in order from him. Who buys: all in "
                f"{_family('en')}; the defenders only in sóló, spaðasóló, grandisamó; the declarer "
                "only in kúpp; nobody in hrein nóló and hrein-yfir (its hand is shown after the first "
                f"lead). Before the first lead the declarer of {_family('en')} may concede (leggja sig).",
                covers=("Trumps and buying",)),
        Section("Outcome",
                "Trump games: the declarer wins with more tricks than each defender; krúkk if a "
                "defender has more; otherwise remis (paid as a loss). Nolo: won with no trick.",
                covers=("Outcome", "Payment")),
    )
