"""Kínaskák's handout: the default game, `kinaskak.Rules()`, on one page in Icelandic and English.

The words follow the notebook's "Reglur í hnotskurn / Rules at a glance" and the source's
vocabulary: *röð* (run) and *þrenna* (set), *samningur* for a round's contract with the
source's own word *markmið* beside it, *kastbunki* (discard pile), *kaupa* (buy), *loka*
(go out), *stela jóker* (steal a joker), *refsistig* (penalty points), *umferð* (round),
*litur* for suit throughout (the source's *sort* named once).

Every number — players, decks, jokers, deck sizes, hand size, meld sizes, the contracts, the
buys, the penalty of each card, the turn limit, the rounds — is read from
`cardlearn.games.kinaskak`; the worked example is a stacked round 1 played through
`kinaskak.new_game`: what the player lays down, the joker's card and the penalty of what is
left are read from the resulting state.
"""

from __future__ import annotations

from typing import Any

from cardlearn.cards import JOKER, Card, parse_cards
from cardlearn.games import kinaskak
from cardlearn.games.kinaskak.rules import FINAL_ROUND, HAND_SIZE, Contract, card_penalty, deck_for
from cardlearn.games.kinaskak.view import contract_words
from cardlearn.handouts import CardRow, Example, Handout, Section, check_defaults, number_word, symbol

# The `kinaskak.Rules` defaults the words below describe (the numbers are read, not assumed).
DESCRIBES: dict[str, Any] = {
    "decks": "by_players", "run_wrap": False, "run_ace_both_ends": True, "distinct_set_ranks": False,
    "joker_limit": "min_one_natural", "extra_melds_on_laydown": False, "new_melds_after_laydown": False,
    "joker_steal_from_sets": True, "excess_buy_penalty": None, "buy_priority": "lot",
    "discarder_may_buy": False, "buy_in_final_lap": False, "round8_draw_source": "stock",
    "go_out_by_discard": True, "stock_exhaustion": "reshuffle", "max_reshuffles": 1,
    "max_turns_per_round": None, "tie_break": "shared",
}

# The worked example: round 1 for four players, a stacked deck.  Jóna (the source's own
# example player) sits on the dealer's left and moves first; her hand, the upcard and the
# card she draws are fixed, the other hands are the rest of the deck in its order.
PLAYERS = 4
EXAMPLE_HAND = "5H 7H 8H JK 9C 9D 9S KC 2D 4S QH 3C AD"
EXAMPLE_UPCARD, EXAMPLE_DRAWN = "2C", "6D"
EXAMPLE_MOVES = ("draw", "pass", "pass", "pass", "run 5H JK=6H 7H 8H", "set 9S 9D 9C", "discard KC")
EXAMPLE_CARD = 10.0  # mm: the longest row is the six cards left in hand
BODY = 9.0  # points: seven sections of rules and an example with five rows


# ---------------------------------------------------------------------------------------
# Facts from the engine

def facts() -> dict[str, Any]:
    """The numbers the page prints, each read from the engine."""
    rules = kinaskak.Rules()
    check_defaults("kinaskak", rules, DESCRIBES)
    low, high = kinaskak.PLAYERS
    small, big = deck_for(low, rules), deck_for(high, rules)
    sizes = [len(deck_for(n, rules)) for n in range(low, high + 1)]
    if sizes != [len(small)] * (5 - low) + [len(big)] * (high - 4):
        raise ValueError("the Kínaskák handout describes one deck size for 2-4 players, one for 5-6")
    final = kinaskak.CONTRACTS[FINAL_ROUND - 1]
    if final.min_cards != HAND_SIZE + 1:
        raise ValueError("the Kínaskák handout describes a last round laid down with the whole hand")
    turns = {kinaskak.new_game(players=n, seed=0).turn_limit // n for n in range(low, high + 1)}
    if len(turns) != 1:
        raise ValueError("the Kínaskák handout describes a turn limit per player")
    return {
        "low": low, "high": high, "small": len(small), "big": len(big),
        "small_jokers": sum(c.is_joker for c in small), "big_jokers": sum(c.is_joker for c in big),
        "small_decks": small.count(SPADE_ACE), "big_decks": big.count(SPADE_ACE),
        "hand": HAND_SIZE, "run": Contract(1, 0).min_cards, "set": Contract(0, 1).min_cards,
        "rounds": len(kinaskak.CONTRACTS), "final": FINAL_ROUND, "buys": rules.max_buys,
        "final_runs": final.runs, "final_sets": final.sets, "turns": turns.pop(),
    }


SPADE_ACE = Card("A", "S")  # one in each deck: counting them counts the decks


def _times_is(n: int) -> str:
    """'einu sinni', 'tvisvar', 'þrisvar', 'fjórum sinnum' …"""
    return {1: "einu sinni", 2: "tvisvar", 3: "þrisvar"}.get(n, f"{number_word(n, 'is', 'n', 'þgf')} sinnum")


def penalty_row(note: str) -> CardRow:
    """A card of each penalty, highest first, its penalty points under it."""
    cards = (JOKER, *parse_cards("AS KH QD JC 10S 9H 8D 2C"))
    return CardRow(cards, tuple(str(card_penalty(c)) for c in cards), note=note)


def contracts(lang: str) -> tuple[tuple[str, str], ...]:
    """Each round's contract, in the table's own words (`contract_words`)."""
    head = "{n}. umferð" if lang == "is" else "Round {n}"
    return tuple((head.format(n=n), contract_words(n, lang)) for n in range(1, len(kinaskak.CONTRACTS) + 1))


def example_deck() -> list[Card]:
    """Round 1's cards in dealing order: one at a time clockwise from the dealer's left
    (Jóna first), then the upcard, then the stock with the drawn card on top."""
    hand = parse_cards(EXAMPLE_HAND)
    rest = list(deck_for(PLAYERS))
    for card in (*hand, Card.parse(EXAMPLE_UPCARD), Card.parse(EXAMPLE_DRAWN)):
        rest.remove(card)
    others = [rest[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(PLAYERS - 1)]
    hands = [list(hand), *others]
    dealt = [hands[k][r] for r in range(HAND_SIZE) for k in range(PLAYERS)]
    return [*dealt, Card.parse(EXAMPLE_UPCARD), Card.parse(EXAMPLE_DRAWN), *rest[(PLAYERS - 1) * HAND_SIZE:]]


def example_play() -> dict[str, Any]:
    """Jóna's first turn as the engine plays it: her melds (cards and what each joker
    stands for), her discard, and the cards left with their penalty."""
    dealer = PLAYERS - 1  # Jóna, seat 0, is on the dealer's left
    state = kinaskak.new_game(players=PLAYERS, seed=0, deck=example_deck(), dealer=dealer)
    seat = state.to_move
    assert seat is not None, "round 1 starts with a player to move"
    for move in EXAMPLE_MOVES:
        if kinaskak.Action.parse(move) not in state.legal_actions():
            raise ValueError(f"the Kínaskák example's move {move!r} is not legal")
        state = state.apply(move)
    melds = [m for m in state.observation(seat)["melds"] if m["owner"] == seat]
    return {"seat": seat, "melds": melds, "left": state.hands[seat],
            "penalty": kinaskak.penalty(state.hands[seat]), "discard": state.discard[-1],
            "contract": contract_words(1, "is"), "contract_en": contract_words(1, "en")}


def example(lang: str) -> Example:
    play = example_play()
    is_ = lang == "is"
    rows = []
    for meld in play["melds"]:
        cards = parse_cards(meld["cards"])
        jokers = [Card.parse(b).symbol for c, b in zip(cards, meld["binds"]) if c.is_joker and b]
        kind = meld["kind"]
        label = ({"run": "Röð:", "set": "Þrenna:"} if is_ else {"run": "Run:", "set": "Set:"})[kind]
        note = (("jókerinn er " if is_ else "the joker is ") + ", ".join(jokers)) if jokers else ""
        rows.append(CardRow((label, *cards), note=note, height=EXAMPLE_CARD))
    rows.append(CardRow(("Kastar:" if is_ else "Discards:", play["discard"]), height=EXAMPLE_CARD))
    left = tuple(play["left"])
    rows.append(CardRow(("Eftir:" if is_ else "Left:", *left), tuple(str(card_penalty(c)) for c in left),
                        height=EXAMPLE_CARD))
    hand = " ".join(symbol(c, lang) for c in parse_cards(EXAMPLE_HAND))
    up, drawn = Card.parse(EXAMPLE_UPCARD).symbol, Card.parse(EXAMPLE_DRAWN).symbol
    if is_:
        text = (f"1. umferð ({play['contract']}), {number_word(PLAYERS, 'is', 'k')} leikmenn, raðaður "
                f"stokkur. Jóna á fyrsta leik, með {hand}. Hún vill ekki {up}, enginn kaupir það og "
                f"hún dregur {drawn} úr stokknum. Svo leggur hún niður samninginn og kastar:")
        note = (f"Ef umferðinni lyki núna fengi Jóna {play['penalty']} refsistig fyrir spilin sem "
                "eftir eru. Héðan í frá má hún bæta spilum við allar raðir og þrennur á borðinu.")
        return Example("Dæmi: að leggja niður", text, tuple(rows), note)
    text = (f"Round 1 ({play['contract_en']}), {number_word(PLAYERS, 'en')} players, a stacked deck. "
            f"Jóna moves first holding {hand}. She leaves {up} on the discard pile, nobody buys it "
            f"and she draws {drawn}. Then she lays down the contract and discards:")
    note = (f"If the round ended now, Jóna would score {play['penalty']} penalty points for the cards "
            "left. From now on she may lay off onto any meld on the table.")
    return Example("Example: laying down", text, tuple(rows), note)


# ---------------------------------------------------------------------------------------
# The page

def handout(lang: str) -> Handout:
    f = facts()
    if lang == "is":
        return Handout("kinaskak", "is", "Kínaskák", _is_subtitle(f), _is_sections(f), example("is"),
                       "Samningar (markmið)", contracts("is"),
                       "Raðir í sama samningi eru hver í sínum lit.",
                       "Sjálfgefnu reglurnar í cardlearn. Afbrigði og dæmi: "
                       "notebooks/is/03-kinaskak.ipynb.", (JOKER,), split=0.6, body=BODY)
    if lang == "en":
        return Handout("kinaskak", "en", "Kínaskák (contract rummy)", _en_subtitle(f), _en_sections(f),
                       example("en"), "Contracts (markmið)", contracts("en"),
                       "The runs of one contract are of different suits.",
                       "The default rules of cardlearn. Variants and examples: "
                       "notebooks/03-kinaskak.ipynb.", (JOKER,), split=0.6, body=BODY)
    raise ValueError(f"language {lang!r} is not one of ('is', 'en')")


def _is_subtitle(f: dict[str, Any]) -> str:
    return (f"Reglurnar á einu blaði · {f['low']}–{f['high']} leikmenn · {number_word(f['rounds'], 'is')} "
            "umferðir · sá vinnur sem fær fæst refsistig")


def _en_subtitle(f: dict[str, Any]) -> str:
    return (f"The rules on one page · {f['low']}–{f['high']} players · {number_word(f['rounds'], 'en')} "
            "rounds · the fewest penalty points win")


def _is_sections(f: dict[str, Any]) -> tuple[Section, ...]:
    mid = f["low"] + 2  # the most players the smaller deck serves (2-4)
    return (
        Section("Leikmenn og gjöf",
                f"{f['low']}–{mid} leikmenn: {number_word(f['small_decks'], 'is', 'k')} stokkar og "
                f"{f['small_jokers']} jókerar, {f['small']} spil; {mid + 1}–{f['high']} leikmenn: "
                f"{number_word(f['big_decks'], 'is', 'k')} stokkar og {f['big_jokers']} jókerar, "
                f"{f['big']} spil. Hver fær {f['hand']} spil, eitt í einu réttsælis, fyrst sá sem situr "
                "gjafara á vinstri hönd, og hann byrjar. Næsta spil fer upp í loft á kastbunkann, hin "
                "eru stokkurinn. Gjöfin gengur réttsælis.",
                covers=("Players and cards", "Deal")),
        Section("Raðir og þrennur",
                f"Röð: minnst {number_word(f['run'], 'is')} spil í sama lit (sort), hvert á eftir öðru. "
                "Ásinn má vera lægstur, hæstur eða hvort tveggja (A 2 … K A), en röð fer ekki hringinn. "
                f"Þrenna: minnst {number_word(f['set'], 'is')} eins spil (sama gildi, t.d. þrjár áttur), "
                "í hvaða lit sem er. Jóker getur staðið fyrir hvaða spil sem er; sá sem leggur hann "
                "segir fyrir hvaða spil hann stendur. Í hverri röð og þrennu er minnst eitt ekta spil.",
                covers=("Melds",)),
        Section("Samningar",
                f"Hver umferð, 1–{f['rounds']}, hefur sinn samning (sjá töfluna). Það sem leikmaður "
                "leggur fyrst niður í umferð er nákvæmlega samningurinn; eftir það bætir hann aðeins "
                "spilum við.",
                covers=("Contracts",)),
        Section("Að eiga leik",
                f"Í 1.–{f['final'] - 1}. umferð: taktu efsta spil kastbunkans eða dragðu úr stokknum "
                "(hinir mega þá kaupa spilið sem þú vildir ekki). Síðan, í hvaða röð sem er: leggðu "
                "niður samninginn, eina röð eða þrennu í einu; hafirðu lagt niður máttu bæta spilum "
                "við hvaða röð eða þrennu sem er og stela jóker með því að setja nákvæmlega spilið sem "
                "hann stendur fyrir í hans stað. Loks kastarðu einu spili.",
                covers=("A turn",)),
        Section("Kaup",
                "Vilji sá sem á leik ekki efsta spil kastbunkans mega hinir (ekki sá sem kastaði því) "
                "kaupa það: kaupandinn tekur það og dregur líka efsta spil stokksins, en kastar engu. "
                f"Mest {_times_is(f['buys'])} á mann í umferð; hinir eru spurðir "
                "einn í einu réttsælis frá vinstri hönd þess sem á leik, og vilji fleiri kaupa er dregið "
                f"um það. Ekki er keypt í {f['final']}. umferð né eftir að einhver hefur lokað.",
                covers=("Buying",)),
        Section("Að loka",
                "Sá lokar sem losar sig við öll spilin: kastar síðasta spilinu, bætir því við á "
                f"borðinu, eða, aðeins í {f['final']}. umferð, leggur alla höndina niður. Hinir fá þá "
                "einn leik enn hver, réttsælis, og svo er talið; aðeins sá fyrsti sem lokar lýkur "
                f"umferðinni. Í {f['final']}. umferð er aðeins dregið úr stokknum, ekkert bætt við og "
                f"aðeins lokað með allri höndinni í einu: {f['hand']} + 1 = {f['hand'] + 1} spil sem "
                f"{number_word(f['final_runs'], 'is', 'f')} raðir og "
                f"{number_word(f['final_sets'], 'is', 'f')} "
                "þrennur, án þess að kasta.",
                covers=("Going out", "Round 8")),
        Section("Refsistig og sigur",
                "Sá sem lokar (eða tæmir höndina í lokahringnum) fær 0; hinir fá refsistig fyrir "
                "hvert spil á hendi. Klárist stokkurinn er kastbunkinn (nema efsta spilið) stokkaður og "
                "verður nýr stokkur, einu sinni í umferð; klárist hann aftur lýkur umferðinni og allir "
                f"fá refsistig fyrir höndina, og eins eftir {f['turns']} leiki á hvern leikmann. Eftir "
                f"{f['rounds']} umferðir vinnur sá sem fæst hefur refsistigin; jafnir deila sigri.",
                covers=("Penalty points", "The stock rule", "Winning"),
                cards=penalty_row("Undir spilunum: refsistig þeirra (2–8: 5).")),
    )


def _en_sections(f: dict[str, Any]) -> tuple[Section, ...]:
    mid = f["low"] + 2
    return (
        Section("Players and deal",
                f"{f['low']}–{mid} players: {number_word(f['small_decks'], 'en')} decks and "
                f"{f['small_jokers']} jokers, {f['small']} cards; {mid + 1}–{f['high']} players: "
                f"{number_word(f['big_decks'], 'en')} decks and {f['big_jokers']} jokers, {f['big']} "
                f"cards. {f['hand']} cards each, one at a time clockwise from the dealer's left; the "
                "next card face up starts the discard pile; the rest is the stock. The dealer's "
                "left-hand neighbour plays first; the deal passes clockwise.",
                covers=("Players and cards", "Deal")),
        Section("Runs and sets",
                f"A run (röð): {number_word(f['run'], 'en')} or more cards of one suit in sequence; "
                "the ace low or high, but a run stops at the ace (ace to ace allowed). A set (þrenna): "
                f"{number_word(f['set'], 'en')} or more of one rank, any suits. A joker stands for any "
                "card; whoever lays it says which. Every meld holds at least one real card.",
                covers=("Melds",)),
        Section("Contracts",
                f"Each round, 1–{f['rounds']}, has its contract (see the table). A player's first "
                "lay-down in a round is exactly the contract; after that, only lay-offs.",
                covers=("Contracts",)),
        Section("A turn",
                f"Rounds 1–{f['final'] - 1}: take the top discard or draw from the stock (the others "
                "may then buy the card you left). Then, in any order: lay down the contract, one "
                "meld at a time; once laid down, lay off onto any meld, and steal a joker by putting "
                "in exactly the card it stands for. Then discard one card.",
                covers=("A turn",)),
        Section("Buying (kaupa)",
                "When the player in turn leaves the top discard, the others (not the one who "
                "discarded it) may buy it: the buyer takes it and the top card of the stock, and "
                f"discards nothing. At most {number_word(f['buys'], 'en')} times per player per round; "
                "the others are asked one at a time, clockwise from the left of the player in turn; "
                f"several buyers: a lot decides. No buying in round {f['final']}, nor after someone "
                "has gone out.",
                covers=("Buying",)),
        Section("Going out",
                "Empty your hand: discard the last card, lay it off, or, in round "
                f"{f['final']} only, lay down the whole hand. The others get one more turn each, "
                "clockwise, then the round is scored; only the first to go out ends it. In round "
                f"{f['final']}: draw from the stock only, no lay-offs, and go out only with the whole "
                f"hand at once: {f['hand']} + 1 = {f['hand'] + 1} cards as "
                f"{number_word(f['final_runs'], 'en')} runs and {number_word(f['final_sets'], 'en')} "
                "sets, no discard.",
                covers=("Going out", "Round 8")),
        Section("Penalty points and winning",
                "Whoever goes out (or empties the hand in the last lap) scores 0; the others score "
                "penalty points for each card in hand. An empty stock is rebuilt from the discards "
                "(all but the top) once a round; when it runs out again the round ends and everyone "
                f"scores their hand; so does any round after {f['turns']} turns per player. After "
                f"{f['rounds']} rounds "
                "the lowest total wins; equal lowest totals share the win.",
                covers=("Penalty points", "The stock rule", "Winning"),
                cards=penalty_row("Under each card: its penalty points (2–8: 5).")),
    )
