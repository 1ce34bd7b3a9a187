"""Kasína's handout: the default game, `kasina.Rules()`, on one page in Icelandic and English.

The words follow the notebook's section "Reglur í hnotskurn / Rules at a glance" and its
glossary: in Icelandic *spil* is a card, and one round through the deck (six deals) is a
*spil* in the game sense, named so once in the deal's section.  Every number the engine
knows — players, deck, card values, deal sizes, points per category, points per hand, the
target — is read from `cardlearn.games.kasina`, and the worked example is computed by
`kasina.capture_options`.  The rules the words describe but the engine holds as options
are listed in `DESCRIBES`; if the engine's defaults ever differ, `handout` refuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlearn.cards import RANKS, SUITS, Card, parse_cards
from cardlearn.games import kasina
from cardlearn.handouts import CardRow, Example, Handout, Section, check_defaults

# The `kasina.Rules` defaults the words below describe (the numbers are read, not assumed).
DESCRIBES: dict[str, Any] = {
    "ace_values": "hand_1_or_14_table_1", "trail_rule": "only_if_no_capture",
    "must_capture_maximal": False, "builds": False, "sweep_on_final_play": True,
    "sweeps_cancel": False, "ace_scoring": "majority", "simultaneous_target": "higher_total",
}

# The worked example: the blog post's own ("a two, a three and a five on the table … take
# both 2+3 and 5 with one five").
EXAMPLE_CARD, EXAMPLE_TABLE = Card.parse("5S"), parse_cards("2C 3H 5D")

SCORING_WORDS = {
    "is": {"little_casino": "Litla kasína, {little}", "big_casino": "Stóra kasína, {big}",
           "sweeps": "Hver svippur", "last_trick": "Síðasti slagurinn",
           "spades": "Flestir spaðar (spaðarnir)", "aces": "Flestir ásar (ásarnir)",
           "cards": "Flest spil (bunkinn)"},
    "en": {"little_casino": "Little casino (litla kasína), {little}",
           "big_casino": "Big casino (stóra kasína), {big}", "sweeps": "Each sweep (svippur)",
           "last_trick": "Last trick (síðasti slagurinn)", "spades": "Most spades (spaðarnir)",
           "aces": "Most aces (ásarnir)", "cards": "Most cards (bunkinn, the pile)"},
}


# ---------------------------------------------------------------------------------------
# Facts from the engine

def facts() -> dict[str, Any]:
    """The numbers the page prints, each read from the engine."""
    rules = kasina.Rules()
    check_defaults("kasina", rules, DESCRIBES)
    first = kasina.deal_pattern(first=True, size=rules.hand_size)
    sizes = kasina.deal_sizes(rules)
    if len(set(sizes)) != 1 or len({len(p) for p in first}) != 1:
        raise ValueError("the Kasína handout describes deals of equal size in equal packets")
    # One pile holding the whole deck, with one svippur and the last trick, wins every
    # category: its row is the points of each.
    row = kasina.hand_score((kasina.DECK, ()), sweeps=(1, 0), last_trick=0, rules=rules)
    no_sweep = kasina.hand_score((kasina.DECK, ()), sweeps=(0, 0), last_trick=0, rules=rules)
    ace = Card("A", "S")
    return {
        "players": kasina.PLAYERS[0], "deck": len(kasina.DECK),
        "jokers": sum(c.is_joker for c in kasina.DECK), "target": rules.target,
        "packet": len(first[0]), "hand": sizes[0], "deals": len(sizes),
        "table": sum(len(p) for p in first if p[0] == "t"),
        "J": kasina.table_value(Card("J", "S")), "Q": kasina.table_value(Card("Q", "S")),
        "K": kasina.table_value(Card("K", "S")),
        "ace_table": kasina.table_value(ace), "ace_hand": kasina.played_value(ace),
        "points": {category: row[category][0] for category in kasina.CATEGORIES},
        "per_hand": no_sweep["total"][0],
        "little": kasina.LITLA_KASINA.symbol, "big": kasina.STORA_KASINA.symbol,
    }


def values_row() -> CardRow:
    """One card of each rank (the suits in turn, for colour), its value under it: one
    number, or on the table / from the hand where they differ (the ace)."""
    cards = [Card(rank, SUITS[i % 4]) for i, rank in enumerate(RANKS)]

    def caption(card: Card) -> str:
        on_table, from_hand = kasina.table_value(card), kasina.played_value(card)
        return str(on_table) if on_table == from_hand else f"{on_table} / {from_hand}"

    return CardRow(tuple(cards), tuple(caption(c) for c in cards))


def groups(taken: frozenset[Card], options: Sequence[frozenset[Card]]) -> list[frozenset[Card]]:
    """`taken` split into the single groups it is made of (a card of the same rank, or
    cards adding up to the played card's value): a group is a choice that is not two
    smaller choices put together."""
    single = [o for o in options if not any(a < o and (o - a) in options for a in options)]

    def split(rest: frozenset[Card]) -> list[frozenset[Card]] | None:
        if not rest:
            return []
        for group in single:
            if group <= rest:
                tail = split(rest - group)
                if tail is not None:
                    return [group, *tail]
        return None

    return split(taken) or [taken]


def example(lang: str) -> Example:
    """Every choice `EXAMPLE_CARD` has on `EXAMPLE_TABLE`, as computed by the engine."""
    card, table = EXAMPLE_CARD, EXAMPLE_TABLE
    options = kasina.capture_options(card, table)
    words = {"is": ("tekur", "{taken} (sama gildi)", " og ", " — borðið autt: svippur!"),
             "en": ("takes", "{taken} by rank", " and ", " — the table is empty: a svippur!")}[lang]
    rows = [CardRow(("Í borði:" if lang == "is" else "Table:", *table))]
    for taken in options:
        parts = []
        for group in sorted(groups(taken, options), key=lambda g: min(table.index(c) for c in g)):
            one = next(iter(group))
            if len(group) == 1 and one.rank == card.rank:
                parts.append(words[1].format(taken=one.symbol, card=card.symbol))
            else:
                values = [kasina.table_value(c) for c in _in_order(group, table)]
                total = " + ".join(map(str, values)) + f" = {kasina.played_value(card)}"
                parts.append(total.replace(" ", "\u00a0"))  # a sum is not broken over two lines
        sweep = words[3] if taken == set(table) else ""
        rows.append(CardRow((card, words[0], *_in_order(taken, table)), note=words[2].join(parts) + sweep))
    shown = " ".join(c.symbol for c in table)
    if lang == "is":
        text = f"Í borði liggja {shown} og þú spilar {card.symbol}. Þú mátt velja eitt af þessu:"
        note = f"{card.symbol} má ekki leggja niður: það getur tekið." if options else ""
        return Example("Dæmi: að taka", text, tuple(rows), note)
    text = f"On the table: {shown}. You play {card.symbol}; choose any one of these:"
    note = f"{card.symbol} may not be laid down: it can take." if options else ""
    return Example("Example: taking", text, tuple(rows), note)


def _in_order(cards: frozenset[Card], table: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(c for c in table if c in cards)


# ---------------------------------------------------------------------------------------
# The page

def handout(lang: str) -> Handout:
    f = facts()
    scoring = tuple((SCORING_WORDS[lang][c].format(**f), f["points"][c]) for c in kasina.CATEGORIES)
    cards = (kasina.LITLA_KASINA, kasina.STORA_KASINA)
    if lang == "is":
        return Handout("kasina", "is", "Kasína", _is_subtitle(f), _is_sections(f), example("is"),
                       "Stig í lok hvers spils", scoring,
                       f"Alls {f['per_hand']} stig í hverju spili, auk svippanna. Jafnt í spöðum, "
                       "ásum eða spilafjölda gefur engum stig.",
                       "Sjálfgefnu reglurnar í cardlearn (Stekkjargerðisreglurnar). Afbrigði og saga "
                       "leiksins: notebooks/is/01-kasina.ipynb.", cards)
    if lang == "en":
        return Handout("kasina", "en", "Kasína (Icelandic Casino)", _en_subtitle(f), _en_sections(f),
                       example("en"), "Points in each hand", scoring,
                       f"{f['per_hand']} points in every hand, plus the sweeps. A tie in spades, aces "
                       "or cards gives nobody that point.",
                       "The default rules of cardlearn (the Stekkjargerði rules). Variants and the "
                       "game's history: notebooks/01-kasina.ipynb.", cards)
    raise ValueError(f"language {lang!r} is not one of ('is', 'en')")


def _is_subtitle(f: dict[str, Any]) -> str:
    return (f"Reglurnar á einu blaði · {f['players']} leikmenn · sá vinnur sem fyrstur nær "
            f"{f['target']} stigi")


def _en_subtitle(f: dict[str, Any]) -> str:
    return f"The rules on one page · {f['players']} players · the first to {f['target']} points wins"


def _is_sections(f: dict[str, Any]) -> tuple[Section, ...]:
    return (
        Section("Leikmenn og spil",
                f"{f['players']} leikmenn og einn venjulegur spilastokkur, {f['deck']} spil, "
                f"{'án jókera' if not f['jokers'] else 'með jókerum'}. Litirnir (♠ ♥ ♦ ♣) skipta "
                "engu máli þegar tekið er.",
                covers=("Players and cards",)),
        Section("Gildi spilanna",
                f"Spilin frá tvisti upp í tíu gilda tölu sína, gosi {f['J']}, drottning {f['Q']}, "
                f"kóngur {f['K']}. "
                f"Ás gildir {f['ace_table']} í borði en {f['ace_hand']} af hendi. "
                "Undir spilunum: gildi þeirra (ás: í borði / af hendi).",
                covers=("Values",), cards=values_row()),
        Section("Gjöfin",
                f"Gjafarinn gefur hinum {f['packet']} spil, sjálfum sér {f['packet']} og leggur "
                f"{f['packet']} upp í loft á borðið, og svo aftur eins: hvor leikmaður hefur {f['hand']} "
                f"spil á hendi og {f['table']} liggja í borði. Afgangurinn er stokkurinn. Þegar báðir "
                f"hafa spilað öllum spilum sínum gefur gjafarinn hvorum {f['hand']} spil til viðbótar úr "
                f"stokknum, {f['packet']} í senn, en aldrei á borðið, jafnvel þótt það sé autt. "
                f"Stokkurinn dugir í {f['deals']} gjafir, og allt það heitir eitt spil.\n"
                "Sá sem gaf ekki byrjar; síðan eiga leikmenn leik til skiptis.",
                covers=("Deal",)),
        Section("Að eiga leik",
                "Þú spilar einu spili af hendi og annaðhvort tekur með því eða leggur það niður:\n"
                "• Taka: spilið tekur spil í borði sem eru eins (sexa tekur sexu) og hvern flokk "
                "spila í borði sem samanlagt eru jafnhá því — marga flokka í einu, en ekkert spil "
                "tvisvar. Spilið þitt og það sem þú tekur fara á grúfu í bunkann þinn. Ekki er skylt "
                "að taka allt sem hægt er.\n"
                "• Leggja niður spil: spilið fer upp í loft á borðið. Það má aðeins ef ekkert spil á "
                "hendi þinni getur tekið: skylt er að taka ef hægt er.",
                covers=("A turn",)),
        Section("Svippur",
                f"Slagur sem hreinsar borðið er svippur og gefur {f['points']['sweeps']} stig, líka "
                "þótt hann sé tekinn með allra síðasta spilinu. Eftir svipp er borðið autt og hinn "
                "verður að leggja niður spil.",
                covers=("Svippur",)),
        Section("Lok spils",
                "Þegar stokkurinn og hendur beggja eru tómar fær sá sem tók síðast spilin sem "
                f"eftir liggja í borði og {f['points']['last_trick']} stig fyrir síðasta slaginn "
                "(það er ekki svippur). Svo eru stigin talin.",
                covers=("End of a hand",)),
        Section("Sigur",
                "Stigin eru aðeins lögð saman í lok spils. Sá vinnur sem fyrstur hefur "
                f"{f['target']} stig eða fleiri. Ef báðir ná {f['target']} í sama spili vinnur sá sem "
                f"hefur fleiri stig; ef jafnt er, er spilað áfram. Hafi enginn náð {f['target']} er "
                "stokkað og hinn leikmaðurinn gefur næsta spil.",
                covers=("Winning",)),
    )


def _en_sections(f: dict[str, Any]) -> tuple[Section, ...]:
    return (
        Section("Players and cards",
                f"{f['players']} players, one {f['deck']}-card deck, "
                f"{'no jokers' if not f['jokers'] else 'with jokers'}. Suits (♠ ♥ ♦ ♣) do not matter "
                "for taking.",
                covers=("Players and cards",)),
        Section("Values",
                f"2 to 10 count their pips, jack {f['J']}, queen {f['Q']}, king {f['K']}. An ace "
                f"counts {f['ace_table']} while it lies on the table and {f['ace_hand']} when it is played "
                "from the hand. Under each card: its value (the ace: on the table / from the hand).",
                covers=("Values",), cards=values_row()),
        Section("The deal",
                f"The dealer gives the other player {f['packet']} cards, himself {f['packet']} and "
                f"{f['packet']} face up to the table, then the same again: each holds {f['hand']} cards "
                f"and {f['table']} lie on the table. The rest is the stock. When both have played all "
                f"their cards, the dealer gives each {f['hand']} more from the stock, {f['packet']} at a "
                f"time, never to the table, even if it is empty. {f['deals']} deals make "
                "one hand (spil).\n"
                "The player who did not deal plays first; then the players take turns.",
                covers=("Deal",)),
        Section("A turn",
                "Play one card from your hand, either taking with it or laying it down:\n"
                "• Take: your card takes table cards of the same rank (a six takes a six) and groups "
                "of table cards that add up to its value — several groups at once, no card used "
                "twice; your card and those taken go face down to your pile. You need not take all "
                "you could.\n"
                "• Lay down: put your card face up on the table. Allowed only if no card in your "
                "hand can take: taking is compulsory.",
                covers=("A turn",)),
        Section("Svippur (sweep)",
                f"A take that leaves the table empty is a svippur: {f['points']['sweeps']} point, also "
                "with the last card of the hand. The other player then faces an empty table and "
                "must lay a card down.",
                covers=("Svippur",)),
        Section("End of a hand",
                "When the stock and both hands are empty, whoever took last gets the cards left on "
                f"the table and {f['points']['last_trick']} point for the last trick (not a "
                "svippur). Then the points are counted.",
                covers=("End of a hand",)),
        Section("Winning",
                "Points are added up only at the end of a hand. The first to have "
                f"{f['target']} points or more wins. If both reach {f['target']} in the same hand, the "
                f"higher total wins; equal totals play on. If nobody has {f['target']}, the cards are "
                "shuffled and the other player deals the next hand.",
                covers=("Winning",)),
    )

