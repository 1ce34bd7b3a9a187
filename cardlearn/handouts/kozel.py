"""Kozel's (Geit's) handout: the default game, `kozel.Rules()`, on one page in Icelandic and English.

The words follow the notebook's "Reglur í hnotskurn / Rules at a glance" and the game's
Icelandic vocabulary: *spila út* (lead), *slá* (beat), *leggja á grúfu* (lay face down),
*upp í loft* (face up), *tromp*, *slagur*, *makker*, *punktar* for card points (kept apart
from *tapstig*, the loss points), *egg* for 60–60 and *geitin* for the losers.  Seats are
named by compass point, as at a bridge table (Suður, Vestur, Norður, Austur clockwise,
partners across), never by the engine's 0-based numbers.

Every number — players, deck, rank order, card points, hand size, stock, the loss-point
table, the match limit — is read from `cardlearn.games.kozel`; the worked example is one
trick of a stacked deal played through `kozel.new_game`, and what the page says about it
(what is legal, who takes the trick, its points) is read from the resulting state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlearn.cards import SUIT_NAMES, Card, parse_cards
from cardlearn.games import kozel
from cardlearn.games.kozel.rules import pairings
from cardlearn.handouts import CardRow, Example, Handout, Section, check_defaults, count_is, number_word

# The `kozel.Rules` defaults the words below describe (the numbers are read, not assumed).
DESCRIBES: dict[str, Any] = {
    "trump_reveal": "middle_return", "must_beat_if_able": False,
    "pairing": "free", "four_suit_interrupt": "after_plays", "four_suit_priority": "clockwise",
    "eggs_rule": "none", "next_dealer": "clockwise", "allow_beat_partner": True,
    "beat_target": "current_winner", "first_lead": "dealer_left", "discards_visible": "none",
}

# Seats by compass point, clockwise from seat 0 (partners across: Suður–Norður is team A).
SEATS = {"is": ("Suður", "Vestur", "Norður", "Austur"), "en": ("South", "West", "North", "East")}

# The worked example: a stacked first deal, dealer Suður (seat 0), so Vestur leads.  The
# hands are dealt one card at a time clockwise from the dealer's left; the trump card is
# shown from the stock.  The moves are the trick's four plays, in the engine's notation.
EXAMPLE_DEALER = 0
EXAMPLE_HANDS = {1: "KS QS 7D 6C", 2: "10S 6H 8C 9D", 3: "7C 8D JC QD", 0: "AS 9H 7S KC"}
EXAMPLE_TRUMP = "JH"
EXAMPLE_MOVES = ("KS+QS", "10S+6H", "discard:7C+8D", "AS+9H")
EXAMPLE_CARD = 11.0  # mm: four rows of two cards beside their notes
SPLIT = 0.6  # the example panel takes more of the width than the short loss-point table


# ---------------------------------------------------------------------------------------
# Facts from the engine

def facts() -> dict[str, Any]:
    """The numbers the page prints, each read from the engine."""
    rules = kozel.Rules()
    check_defaults("kozel", rules, DESCRIBES)
    total = kozel.card_points(kozel.DECK)
    half = total // 2
    boundary = rules.loss_table[0]
    (_, eggs_loss), eggs = kozel.deal_loss((half, half), (1, 1), rules)
    if not eggs:
        raise ValueError("the Kozel handout describes 60–60 as eggs")
    dealt = kozel.HAND_SIZE * kozel.PLAYERS[0]
    return {
        "players": kozel.PLAYERS[0], "deck": len(kozel.DECK), "hand": kozel.HAND_SIZE,
        "hand_is": number_word(kozel.HAND_SIZE, "is"), "hand_en": number_word(kozel.HAND_SIZE, "en"),
        "stock": len(kozel.DECK) - dealt, "total": total, "half": half, "win": half + 1,
        "boundary": boundary, "limit": rules.match_limit, "packet": rules.deal_packet,
        # the loss table, each row from loss_points itself
        "loss": {
            "win": kozel.loss_points(half + 1, 1, rules.loss_table),
            "eggs": eggs_loss,
            "mild": kozel.loss_points(boundary, 1, rules.loss_table),
            "bad": kozel.loss_points(boundary - 1, 1, rules.loss_table),
            "none": kozel.loss_points(0, 0, rules.loss_table),
        },
    }


def order_row(note: str) -> CardRow:
    """One suit in Kozel's order, low to high, each card's points under it."""
    cards = [Card(rank, "S") for rank in kozel.RANK_ORDER]
    return CardRow(tuple(cards), tuple(str(kozel.card_points([c])) for c in cards), note=note)


def example_deck() -> list[Card]:
    """The 36 cards in dealing order: the four hands, then the stock with the trump card
    at the place the engine shows from a stacked deck (the stock's second card)."""
    hands = {seat: parse_cards(cards) for seat, cards in EXAMPLE_HANDS.items()}
    dealt = [hands[(EXAMPLE_DEALER + 1 + k) % 4][r] for r in range(kozel.HAND_SIZE) for k in range(4)]
    trump = Card.parse(EXAMPLE_TRUMP)
    rest = [c for c in kozel.DECK if c not in dealt and c != trump]
    return dealt + rest[:1] + [trump] + rest[1:]


def example_trick() -> tuple[str, list[tuple[int, str, tuple[Card, ...]]], int, int]:
    """The example trick as the engine plays it: (trump suit, [(seat, how, cards)], the
    winner, the trick's card points)."""
    state = kozel.new_game(seed=0, deck=example_deck(), dealer=EXAMPLE_DEALER)
    trump = state.trump
    for move in EXAMPLE_MOVES:
        if kozel.Action.parse(move) not in state.legal_actions():
            raise ValueError(f"the Kozel example's move {move!r} is not legal")
        state = state.apply(move)
    seen = state.observation(0)
    # a face-down play is hidden from the others in `last_trick`: its cards are the move's
    plays = [(seat, how, tuple(parse_cards(cards)) if how != "discard" else
              tuple(parse_cards(EXAMPLE_MOVES[n].split(":")[1].replace("+", " "))))
             for n, (seat, how, cards, _) in enumerate(seen["last_trick"])]
    winner = seen["leader"]  # whoever took the trick leads the next
    return trump, plays, winner, sum(seen["points"])


def example(lang: str) -> Example:
    trump, plays, winner, points = example_trick()
    seats = SEATS[lang]
    is_ = lang == "is"
    suit = SUIT_NAMES[lang][trump]
    rows = []
    target: tuple[Card, ...] = ()
    for seat, how, cards in plays:
        if how == "lead":
            note = (f"spilar út {_count_is(len(cards))} í sama lit" if is_
                    else f"leads {number_word(len(cards), 'en')} cards of one suit")
            target = cards
        elif how == "beat":
            pairs = next(zip(cards, p) for p in pairings(tuple(cards), tuple(target), trump))
            beaten = ", ".join(f"{c.symbol} slær {t.symbol}" if is_ else f"{c.symbol} beats {t.symbol}"
                               for c, t in pairs)
            note = (f"slær: {beaten}" if is_ else f"beats: {beaten}")
            target = cards
        else:
            note = (f"leggur {number_word(len(cards), 'is')} á grúfu (enginn annar sér þau)" if is_
                    else f"lays {number_word(len(cards), 'en')} face down (nobody else sees them)")
        if seat == winner:
            note += (f" — sló síðast og tekur slaginn: {count_is(points, 'punktur', 'punktar')}" if is_
                     else f" — beat last, takes the trick: {points} points")
        shown: Sequence[Card | None] = cards if how != "discard" else [None] * len(cards)
        rows.append(CardRow((f"{seats[seat]}:", *shown), note=note, height=EXAMPLE_CARD))
    team = (" og " if is_ else " and ").join(seats[s] for s in kozel.TEAMS[kozel.team_of(winner)])
    leader = seats[plays[0][0]]
    hands = "; ".join(f"{seats[s]} " + " ".join(c.symbol for c in parse_cards(EXAMPLE_HANDS[s]))
                      for s in sorted(EXAMPLE_HANDS, key=lambda s: (s - plays[0][0]) % 4))
    if is_:
        text = f"Tromp er {suit} og {leader} á út. Hendurnar (raðaður stokkur): {hands}."
        note = (f"Spilin á grúfu fylgja slagnum: {team} fá {count_is(points, 'punkt', 'punkta')}. "
                f"{seats[winner]} dregur "
                "fyrstur og spilar næst út.")
        return Example("Dæmi: einn slagur", text, tuple(rows), note)
    text = f"Trumps are {suit} and {leader} leads. The hands (a stacked deck): {hands}."
    note = (f"The face-down cards go with the trick: {team} get {points} points. {seats[winner]} "
            "draws first and leads next.")
    return Example("Example: one trick", text, tuple(rows), note)


def _count_is(n: int) -> str:
    """'einu spili', 'tveimur spilum' … (spila út governs the dative)."""
    return f"{number_word(n, 'is', 'n', 'þgf')} {'spili' if n == 1 else 'spilum'}"


# ---------------------------------------------------------------------------------------
# The page

def scoring(f: dict[str, Any], lang: str) -> tuple[tuple[str, int | str], ...]:
    loss = f["loss"]
    if lang == "is":
        return ((f"{count_is(f['win'], 'punktur', 'punktar')} eða fleiri: vinnur", loss["win"]),
                (f"{f['half']} gegn {f['half']}: egg", loss["eggs"]),
                (f"{f['boundary']}–{f['half'] - 1} punktar", loss["mild"]),
                (f"{count_is(f['boundary'] - 1, 'punktur', 'punktar')} eða færri, með slag", loss["bad"]),
                ("Enginn slagur", loss["none"]))
    return ((f"{f['win']} card points or more: wins", loss["win"]),
            (f"{f['half']}–{f['half']}: eggs (egg)", loss["eggs"]),
            (f"{f['boundary']}–{f['half'] - 1} card points", loss["mild"]),
            (f"{f['boundary'] - 1} or fewer, with a trick", loss["bad"]),
            ("No trick at all", loss["none"]))


def handout(lang: str) -> Handout:
    f = facts()
    if lang == "is":
        return Handout("kozel", "is", "Geit (Kozel)", _is_subtitle(f), _is_sections(f), example("is"),
                       "Tapstig liðs í lok spils", scoring(f, "is"),
                       f"Liðið sem fyrst nær {f['limit']} tapstigum er geitin og tapar leiknum; "
                       f"hafi eitthvert spilið farið {f['half']} gegn {f['half']} heitir það „geiturnar "
                       "með eggin“.",
                       "Sjálfgefnu reglurnar í cardlearn. Afbrigði og saga leiksins: "
                       "notebooks/is/02-kozel.ipynb.", split=SPLIT)
    if lang == "en":
        return Handout("kozel", "en", "Kozel (Geit, the goat)", _en_subtitle(f), _en_sections(f),
                       example("en"), "Loss points of a team per deal", scoring(f, "en"),
                       f"The first team to {f['limit']} loss points are the goats and lose the match; "
                       f"after a {f['half']}–{f['half']} deal, \"the goats with the eggs\".",
                       "The default rules of cardlearn. Variants and the game's "
                       "history: notebooks/02-kozel.ipynb.", split=SPLIT)
    raise ValueError(f"language {lang!r} is not one of ('is', 'en')")


def _is_subtitle(f: dict[str, Any]) -> str:
    return (f"Reglurnar á einu blaði · {f['players']} leikmenn í tveimur liðum · það lið tapar sem "
            f"fyrst fær {f['limit']} tapstig")


def _en_subtitle(f: dict[str, Any]) -> str:
    return (f"The rules on one page · {f['players']} players in two teams · the first team to "
            f"{f['limit']} loss points loses")


def _is_sections(f: dict[str, Any]) -> tuple[Section, ...]:
    return (
        Section("Leikmenn og spil",
                f"{f['players']} leikmenn í tveimur liðum; makkerar sitja andspænis hvor öðrum og "
                f"spilað er réttsælis. {f['deck']} spil, sexa upp í ás. Röðin í hverjum lit er þessi, "
                "frá lægsta spili: tían er fyrir ofan kónginn.",
                covers=("Players and cards", "Card points"),
                cards=order_row(f"Undir spilunum: punktar þeirra, alls {f['total']} í stokknum.")),
        Section("Gjöf og tromp",
                "Gefið er eitt spil í einu réttsælis, fyrst þeim sem situr gjafara á vinstri hönd, "
                f"{f['hand_is']} á mann; hin {f['stock']} eru stokkurinn. Gjafarinn sýnir öllum spil úr "
                "miðjum stokknum og stingur því aftur inn: litur þess er tromp í spilinu. Í fyrsta "
                "spili leiksins spilar sá fyrst út sem fékk fyrsta spilið. Eftir hvern "
                f"slag draga allir úr stokknum, eitt spil í einu, sá fyrstur sem tók slaginn, uns "
                f"þeir hafa {f['hand_is']} spil (eða stokkurinn er búinn). Sá sem tók slaginn á út næst.",
                covers=("Deal", "Drawing")),
        Section("Hvað slær hvað",
                "Spil slær lægra spil í sama lit, og tromp slær hvaða spil sem er í öðrum lit. Tvö "
                "spil í ólíkum litum, hvorugt tromp, slá ekki hvort annað.",
                covers=("Beating",)),
        Section("Slagurinn",
                f"Sá sem á út spilar {_count_is(1).split()[0]} til {_count_is(f['hand'])} í sama lit, "
                "upp í loft. Hinir, hver á "
                "fætur öðrum réttsælis, leggja jafnmörg spil:\n"
                "• slá spilin sem eiga slaginn (útspilið, eða spilin sem síðast slógu, líka makkers): "
                "öll í einu, hvert með sínu spili, í hvaða pörun sem er, upp í loft; eða\n"
                "• leggja hvaða spil sem er á grúfu: enginn annar sér þau, ekki heldur makker.\n"
                "Enginn þarf að fylgja lit né slá. Sá sem sló síðast tekur slaginn, með öllum "
                "spilum hans, líka þeim sem lágu á grúfu; hafi enginn slegið tekur sá sem spilaði út.",
                covers=("A trick",)),
        Section("Fjögur í lit",
                f"Sá sem á {f['hand_is']} spil í sama lit og hefur ekki enn lagt spil í slaginn má krefjast "
                "útspils (eða sleppa því): öll spil á borðinu fara aftur til eigenda sinna og hann "
                "spilar út sínum fjórum. Ein krafa í hverjum slag, líka eftir útspil fjögurra spila. "
                "Geti fleiri krafist er sá spurður fyrst sem næstur situr upphaflega útspilaranum, "
                "réttsælis; sleppi hann er sá næsti spurður.",
                covers=("Four of one suit",)),
        Section("Talning og leikslok",
                "Þegar hendur og stokkur eru tóm telur hvort lið punktana í slögum sínum. Lið sem fær "
                f"{f['win']} eða fleiri vinnur spilið; hitt liðið fær tapstig (sjá töfluna). Næsti "
                "maður réttsælis gefur næst; sá sem tók síðasta slaginn spilar fyrst út.",
                covers=("Counting", "Match")),
    )


def _en_sections(f: dict[str, Any]) -> tuple[Section, ...]:
    return (
        Section("Players and cards",
                f"{f['players']} players in two teams, partners sitting across; play goes clockwise. "
                f"{f['deck']} cards, six to ace in each suit, ranked as shown, low to high: the ten "
                "is above the king.",
                covers=("Players and cards", "Card points"),
                cards=order_row(f"Under each card: its card points, {f['total']} in the deck.")),
        Section("Deal and trumps",
                "One card at a time, clockwise from the dealer's left, "
                f"{f['hand_en']} each; the other {f['stock']} are the stock. The dealer shows everyone a "
                "card from the middle of the stock and puts it back: its suit is trumps (tromp) for "
                "the deal. The dealer's left-hand neighbour leads the match's first deal. After each "
                "trick everyone draws one card at a time, the trick's winner first, until they hold "
                f"{f['hand_en']} again (or the stock is empty). The winner leads next.",
                covers=("Deal", "Drawing")),
        Section("Beating",
                "A card beats a lower card of its own suit, and a trump beats any card that is not "
                "a trump. Two cards of different suits, neither trump, do not beat each other.",
                covers=("Beating",)),
        Section("A trick",
                f"The leader plays one to {f['hand_en']} cards of one suit, face up. Each other player in "
                "turn, clockwise, plays as many cards, either\n"
                "• beating (slá) the cards winning the trick now (the lead, or the last beat — a "
                "partner's too): every one of them, each card beating a different one, in any "
                "pairing, face up; or\n"
                "• face down (á grúfu), any cards: nobody else sees them, not even a partner.\n"
                "Nobody need follow suit or beat. The last player to beat takes the trick with "
                "every card in it, face-down ones too; if nobody beat, the leader takes it.",
                covers=("A trick",)),
        Section("Four of one suit",
                f"A player holding {f['hand_en']} cards of one suit who has not yet played to the trick "
                "may claim the lead (or pass): all cards on the table go back to their owners and he "
                "leads his four. One claim per trick, even after a lead of four. If several could "
                "claim, the one nearest the trick's first leader, clockwise, is asked first; if he "
                "passes, the next one is asked.",
                covers=("Four of one suit",)),
        Section("Counting and the match",
                "When the hands and the stock are empty, each team counts the card points in its "
                f"tricks. {f['win']} or more wins the deal; the other team gets loss points (see the "
                "table). The next player clockwise deals the next deal, and the winner of the last "
                "trick leads it.",
                covers=("Counting", "Match")),
    )
