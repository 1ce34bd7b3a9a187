"""Helpers for the Kozel (Geit) notebook, so that its rules sections read as prose and pictures.

- `seating_picture(dealer)` — the four seats round the table, the two teams, the dealer;
- `order_picture(suit)` — one suit from low to high, each card with its card points;
- `deal_picture()` — where the top 16 cards of a deck go in the deal, one at a time;
- `stacked(hands, trump, stock)` / `position(...)` — a game whose first deal gives these cards;
- `pairings(cards, target, trump)` / `beat_picture(cards, target, trump)` — every way a set
  of cards beats another one-to-one, drawn as pairs;
- `trick_picture(state, viewer)` — the cards on the table now, each with who played it and
  how; a face-down card is drawn as a back (unless `viewer` played it);
- `deal_end(state, deal_no)` / `deal_end_picture(end)` — a finished deal: every trick with
  its winner, each team's card points and tricks, and the deal's row of the score sheet;
  `deal_end_picture(state.last_deal)` draws the engine's own record of the deal just
  finished instead: each team's pile and the last trick;
- `match_sheet(state)` — the score sheet of a match, deal by deal, with running sums;
- `record_text(end, lang)` — the engine's record of a finished deal, written out;
- `bot_match(levels, seed, dealer)` — a whole match between computer players;
- `questions()` / `quiz(questions)` / `check_quiz(questions)` — the notebook's six questions
  (answers computed by the engine), as radio buttons with a Check button (and as static HTML
  where the notebook is not run), and the teacher's check of them, which prints no answer;
- the shared pieces of `cardlearn.lessons.common`;
- `OPTIONS` / `options_table()` — every field of `kozel.Rules`: default and meaning;
- `trump_card_where(state)` / `trump_note(state, seat)` — where the shown trump card is now, as
  everyone knows it, and the words the table writes beside it;
- `OBSERVATION` / `observation_table(state, seat)` — every field of `state.observation(seat)`:
  its value in one position and its meaning;
- `answers(questions)` — the quiz's answers with their reasons, for a copy that was not run.

Every picture, table and sentence takes the notebook's language, `lang` ("en" or "is"; see
`cardlearn.lessons.language`): the English notebook and its Icelandic twin share their code,
and `SAY` holds the sentences their cells print, in both languages.

Everything is built on the public API of `cardlearn.games.kozel` and on `cardlearn.draw`;
pictures are HTML strings with no ids and no dates, so stored notebook outputs are
reproduced exactly.  Seats are numbered clockwise; teams are A (seats 0 and 2) and B
(seats 1 and 3), partners sitting across from each other.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any, NamedTuple, cast

from IPython.display import HTML

from cardlearn.cards import Card, parse_cards
from cardlearn.draw import card_html
from cardlearn.games import kozel
from cardlearn.lessons import common, reading
from cardlearn.lessons.common import (  # noqa: F401 -- the shared pieces, offered here too
    Question,
    cards_row,
    finished_deals,
    labelled,
    play_deal,
    positions,
)
from cardlearn.lessons.language import Sayings, check_lang, yes_no
from cardlearn.lessons.numbers import formatted
from cardlearn.protocol import FinishedDeal

TEAM_LETTERS = ("A", "B")
HOW = {"lead": "led", "beat": "beats", "discard": "face down"}  # how a card came to the trick
HOW_WORDS = {"en": HOW, "is": {"lead": "út", "beat": "slær", "discard": "á grúfu"}}  # the table's words

# The words of the pictures, per language.  The Icelandic follows the table's own words
# (`kozel.layout`): "út", "slær", "á grúfu", "punktar" for card points, "tapstig" for loss
# points, "spil" for a deal.
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "team": "team {t} (seats {a} and {b})", "seat": "seat {n}", "Seat": "Seat {n}",
        "play_goes": "play goes", "clockwise": "clockwise:", "team_short": "team {t}", "deals": " · deals",
        "pts": "{n} pts", "to_beat": "To beat:", "pairing_n": "Pairing {n}", "pairing": "The pairing",
        "pair_beats": "beats",
        "cannot": "<b>cannot beat them</b>: whatever the pairing, some card fails to beat its partner",
        "move_lead": "lead", "move_beat": "beat", "move_discard": "face down",
        "move_claim": "claim", "move_pass": "pass",
        "claimed": "led four of a suit (claimed)", "empty": "no cards on the table",
        "everyone": "Drawn as everyone sees it.", "viewer": "Drawn as seat {n} sees it.",
        "winning": "Winning so far: <b>seat {n}</b> ({team}).",
        "trick_head": "<b>Trick {n}</b><br>to seat {w}, team {t}<br>{points}",
        "eggs": "60–60: eggs (egg)! Nobody gets loss points this deal.",
        "why_light": "{pts} (31–59)",
        "why_heavy": "only {pts} (30 or fewer) but {tricks}",
        "why_none": "not a single trick",
        "verdict": "{Winner} has {p} (61 or more) and wins the deal; {loser} took {why}: "
                   "{n} loss points.",
        "pile": "<b>{Team}</b> took {tricks}: {points}",
        "last_trick": "<b>The last trick</b><br>to seat {w}, team {t}: it leads the next deal",
        "deal_head": "<b>Deal {n}</b> — seat {d} dealt; the trump card was {card}, so {suit} was trump. "
                     "Pale cards were played face down.",
        "total": "{team}: {points} in {tricks}", "sheet": "<b>Score sheet, deal {n}</b>",
        "col_deal": "deal", "col_dealer": "dealer", "col_points": "card points", "col_tricks": "tricks",
        "col_loss": "loss points", "col_sum": "running sum (A – B)", "sheet_eggs": "  eggs!",
        "in_stock": "in the stock, with {n} card(s) above it",
        "in_hand": "in seat {n}'s hand: seat {n} drew it, and everyone saw",
        "in_trick": "played: it lies in a trick",
        "unknown": "no longer known: the seat that drew it has laid cards face down since",
    },
    "is": {
        "team": "lið {t} (sæti {a} og {b})", "seat": "sæti {n}", "Seat": "Sæti {n}",
        "play_goes": "spilað er", "clockwise": "réttsælis:", "team_short": "lið {t}", "deals": " · gjafari",
        "pts": "{n} punktar", "to_beat": "Slá þarf:", "pairing_n": "Pörun {n}", "pairing": "Pörunin",
        "pair_beats": "slær",
        "cannot": "<b>slá þau ekki</b>: hvernig sem spilin eru pöruð, slær eitthvert þeirra ekki "
                  "spilið sem það á að slá",
        "move_lead": "út", "move_beat": "slær", "move_discard": "á grúfu",
        "move_claim": "krefjast útspils", "move_pass": "sleppa",
        "claimed": "út, fjögur í lit (eftir kröfu)", "empty": "engin spil á borðinu",
        "everyone": "Svona sjá allir slaginn.", "viewer": "Svona sér sæti {n} slaginn.",
        "winning": "Á slaginn í bili: <b>sæti {n}</b>, {team}.",
        "trick_head": "<b>{n}. slagur</b><br>sæti {w} fær hann, lið {t}<br>{points}",
        "eggs": "60 gegn 60: egg! Hvorugt lið fær tapstig fyrir þetta spil.",
        "why_light": "{pts} (31–59)",
        "why_heavy": "aðeins {pts} (30 eða færri) en {tricks}",
        "why_none": "engan slag",
        "verdict": "{Winner} fékk {p} (61 eða fleiri) og vinnur spilið; {loser} fékk {why}: "
                   "{n} tapstig.",
        "pile": "<b>{Team}</b> fékk {tricks}: {points}",
        "last_trick": "<b>Síðasti slagurinn</b><br>sæti {w} fær hann, lið {t}: það spilar út í næsta spili",
        "deal_head": "<b>{n}. spil</b> — sæti {d} gaf og sýndi {card}, svo að {suit} var tromp. Fölu "
                     "spilin voru lögð á grúfu.",
        "total": "{team}: {points} í {tricks}", "sheet": "<b>Stigablað, {n}. spil</b>",
        "col_deal": "spil", "col_dealer": "gjafari", "col_points": "punktar", "col_tricks": "slagir",
        "col_loss": "tapstig", "col_sum": "staða (A – B)", "sheet_eggs": "  egg!",
        "in_stock": "í stokknum, {n} spil ofan á því",
        "in_hand": "á hendi sætis {n}: sæti {n} dró það og allir sáu það",
        "in_trick": "búið að spila því: það liggur í slag",
        "unknown": "ekki lengur vitað: sætið sem dró það hefur síðan lagt spil á grúfu",
    },
}


# What the notebook's code cells print, in both languages (see `cardlearn.lessons.language`):
# a cell prints `say(key, ...)`, with `say = lesson.SAY.speaker(LANG)`.  The English is what
# the English notebook printed before it had a twin.
SAY = Sayings({
    "order": {"en": "order, low to high: {order}", "is": "röðin, frá lægsta til hæsta: {order}"},
    "card_points": {"en": "card points: {points}", "is": "punktar: {points}"},
    "deck": {"en": "{n} cards, {points} card points in all", "is": "{n} spil, {points} punktar alls"},
    "shows": {"en": "the dealer shows the {card}: {suit} is trump",
              "is": "spilið sem gjafarinn sýnir er {card}: {suit} er tromp"},
    "beats": {"en": "{a:>3} beats {b:>3}: {result}", "is": "{a:>3} slær {b:>3}: {result}"},
    "face_up": {"en": "{move}: face up, the {cards}", "is": "{move}: upp í loft, {cards}"},
    "face_down": {"en": "{move}: face down, the {cards}", "is": "{move}: á grúfu, {cards}"},
    "instead": {"en": "face down instead: {what}", "is": "í staðinn: {what}"},
    "trick_points": {"en": "cards in the trick: {n} card points", "is": "spilin í slagnum: {n} punktar"},
    "sizes": {"en": "hands: {hands} — stock: {n} cards", "is": "á hendi: {hands} — í stokknum: {n} spil"},
    "may": {"en": "seat {seat} may: {moves}", "is": "sæti {seat} á þessa kosti: {moves}"},
    "claimed": {"en": "seat {seat} {what}: {cards}", "is": "sæti {seat} {what}: {cards}"},
    "asked": {"en": "seat {seat} is asked: {moves}", "is": "sæti {seat} er spurt: {moves}"},
    "did": {"en": "  → seat {seat} {what}", "is": "  → sæti {seat} {what}"},
    "loss": {"en": "{points:>3} card points in {tricks} trick(s): {loss} loss points",
             "is": "punktar {points:>3}, slagir {tricks}: {loss} tapstig"},
    "line": {"en": "{start}seat {seat}: {what}", "is": "{start}sæti {seat}: {what}"},
    "goats": {"en": "\nteam {team} are the goats: {a} – {b} loss points",
              "is": "\nlið {team} er geitin: {a} – {b} í tapstigum"},
    "goats_eggs": {"en": "\nteam {team} are the goats with the eggs: {a} – {b} loss points",
                   "is": "\nlið {team} er geitin með eggin: {a} – {b} í tapstigum"},
    "tournament": {"en": "the rule-of-thumb team won {wins} of {n} matches against the random team",
                   "is": "þumalputtaliðið vann {wins} af {n} leikjum gegn slembiliðinu"},
    "moment": {"en": "deal {deal}, seat {seat} to move; trump {suit}; hand: {hand}; stock: {stock} cards",
               "is": "{deal}. spil, sæti {seat} á leik; tromp {suit}; á hendi: {hand}; "
                     "í stokknum: {stock} spil"},
    "legal": {"en": "legal moves: {moves}", "is": "löglegir leikir: {moves}"},
    "trump_where": {"en": "the trump card {card}: {where}; beside it the table writes {note!r}",
                    "is": "trompspilið {card}: {where}; við hlið þess skrifar borðið „{note}“"},
    "imagined": {"en": "{worlds} imagined deals, {sims} simulations",
                 "is": "{worlds} ímynduð spil, {sims} hermanir"},
    "search_plays": {"en": "the search plays {choice}; the rule of thumb would play {preferred}",
                     "is": "leitarinn spilar {choice}; þumalputtinn myndi spila {preferred}"},
    "better": {"en": "in the same {deals} imagined deals, {choice} ended {gain} loss points a deal better "
                     "off on average; luck alone would explain about {spread}",
               "is": "í sömu {deals} ímynduðu spilunum kom {choice} að meðaltali {gain} tapstigum betur út "
                     "á spil; heppni ein gæti skýrt um {spread}"},
    "first_margins": {"en": "mean margins in the first {first} imagined deals: {margins}",
                      "is": "meðalmunur í fyrstu {first} ímynduðu spilunum: {margins}"},
    "unseen": {"en": "{n} cards seat {seat} has not seen; of them,",
               "is": "{n} spil hefur sæti {seat} ekki séð; af þeim"},
    "beaten_by": {"en": "  {card:>3} can be beaten by {cards}", "is": "  {card:>3} má slá með {cards}"},
    "played_then": {"en": "in the match seat {seat} played {move}; the deal ended {a}–{b} in card points",
                    "is": "í leiknum spilaði sæti {seat} {move}; spilið endaði {a}–{b} í punktum"},
    "your_hand": {"en": "your hand: {hand} — trump {suit}", "is": "þú ert með: {hand} — tromp {suit}"},
    "your_moves": {"en": "your moves: {moves}", "is": "leikirnir þínir: {moves}"},
    "your_moves_now": {"en": "your moves now: {moves}", "is": "leikirnir þínir núna: {moves}"},
    "bot_line": {"en": "seat {seat}: {seen:<26} (narrator: {told})",
                 "is": "sæti {seat}: {seen:<26} (sögumaður: {told})"},
    "match_end": {"en": "{deals} deals; loss points {a} – {b}: team {team} are the goats",
                  "is": "{deals} spil; tapstig {a} – {b}: lið {team} er geitin"},
    "next_deal": {"en": "\nnow deal {n} is dealt, by seat {dealer}; seat {seat}, who took the last trick, "
                        "leads",
                  "is": "\nnú er {n}. spil gefið, sæti {dealer} gefur; sæti {seat}, sem fékk síðasta "
                        "slaginn, spilar út"},
    "you": {"en": "you:    {what}", "is": "sæti 0 (þú): {what}"},
    "typed": {"en": "you typed {text!r}: not allowed: {why}",
              "is": "þú skrifaðir „{text}“ — ekki leyfilegt: {why}"},
})



def _row(end: FinishedDeal | DealEnd) -> kozel.SheetRow:
    """A finished deal's score-sheet row, typed as this game's: a kozel state's record holds
    a kozel row (`FinishedDeal.row` is typed for any game)."""
    return end.row if isinstance(end, DealEnd) else cast(kozel.SheetRow, end.row)

def card_names(cards: Iterable[Card], lang: str = "en") -> str:
    """The cards' names joined for a sentence: "ten of spades and the ace of spades" (after
    "the"), "spaðatía og spaðaás"."""
    joint = " and the " if check_lang(lang) == "en" else " og "
    return joint.join(c.name(lang) for c in cards)


def number(value: float, lang: str = "en", spec: str = ".2f") -> str:
    """A number for a sentence: "0.59" in English, "0,59" with the Icelandic decimal comma and "−0,41"
    with a real minus sign (as the search bot's picture writes them)."""
    return formatted(value, spec, lang)


def _w(lang: str) -> dict[str, str]:
    return _WORDS[check_lang(lang)]


def _n(n: int, one: str, many: str, lang: str) -> str:
    """`n` with its noun: "1 trick", "3 tricks"; in Icelandic the singular goes with every
    number ending in 1 but 11 ("21 punktur", "11 punktar")."""
    single = n % 10 == 1 and n % 100 != 11 if lang == "is" else n == 1
    return f"{n} {one if single else many}"


def team_name(team: int, lang: str = "en") -> str:
    """'team A (seats 0 and 2)' for team 0 ("lið A (sæti 0 og 2)" in Icelandic)."""
    a, b = kozel.TEAMS[team]
    return _w(lang)["team"].format(t=TEAM_LETTERS[team], a=a, b=b)


def _cap(text: str) -> str:
    """The text with its first letter in capitals ("Team A (seats 0 and 2)")."""
    return text[:1].upper() + text[1:]


def _tricks(n: int, lang: str = "en", case: str = "acc") -> str:
    """'1 trick', '2 tricks'; in Icelandic in the case the sentence needs: accusative ("tók 2
    slagi") or dative ("í 2 slögum")."""
    if lang == "is":
        return _n(n, "slag", "slögum", lang) if case == "dat" else _n(n, "slag", "slagi", lang)
    return _n(n, "trick", "tricks", lang)


def _points(n: int, lang: str = "en", case: str = "nom") -> str:
    """'38 card points'; in Icelandic "38 punktar" (nominative) or "38 punkta" (accusative),
    "31 punktur" / "31 punkt"."""
    if lang == "is":
        return _n(n, "punkt", "punkta", lang) if case == "acc" else _n(n, "punktur", "punktar", lang)
    return f"{n} card points"



# ---------------------------------------------------------------------------------------
# The table, the cards and the deal

_SEAT_XY = {0: (220, 262), 1: (70, 150), 2: (220, 38), 3: (370, 150)}  # seat 0 at the bottom
_TEAM_COLOURS = ("#c0392b", "#1f5fa8")


def seating_picture(dealer: int = 3, lang: str = "en") -> HTML:
    """The four seats seen from above, seat 0 at the bottom: partners across the table,
    play going clockwise (0 → 1 → 2 → 3), the dealer marked."""
    w = _w(lang)
    parts = ['<rect x="140" y="70" width="160" height="160" rx="16" fill="#1e6b3c"/>',
             f'<text x="220" y="140" font-size="13" fill="#fff" text-anchor="middle">{w["play_goes"]}</text>',
             f'<text x="220" y="157" font-size="13" fill="#fff" text-anchor="middle">{w["clockwise"]}</text>',
             '<text x="220" y="174" font-size="13" fill="#fff" text-anchor="middle">0 → 1 → 2 → 3</text>']
    for seat, (x, y) in _SEAT_XY.items():
        team = kozel.team_of(seat)
        colour = _TEAM_COLOURS[team]
        extra = w["deals"] if seat == dealer else ""
        parts.append(f'<rect x="{x - 62}" y="{y - 22}" width="124" height="44" rx="8" fill="#fff" '
                     f'stroke="{colour}" stroke-width="3"/>')
        parts.append(f'<text x="{x}" y="{y - 3}" font-size="14" font-weight="bold" text-anchor="middle" '
                     f'fill="{colour}">{w["Seat"].format(n=seat)}</text>')
        parts.append(f'<text x="{x}" y="{y + 14}" font-size="12" text-anchor="middle">'
                     f"{w['team_short'].format(t=TEAM_LETTERS[team])}{extra}</text>")
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="440" height="300" viewBox="0 0 440 300" '
           'font-family="DejaVu Sans, sans-serif">' + "".join(parts) + "</svg>")
    return HTML(svg)


def order_picture(suit: str = "S", lang: str = "en") -> HTML:
    """One suit in `kozel.RANK_ORDER`, lowest first, each card with its card points."""
    cards = [Card(rank, suit) for rank in kozel.RANK_ORDER]
    return labelled(cards, [_w(lang)["pts"].format(n=kozel.CARD_POINTS[c.rank]) for c in cards], height=60)


def deal_picture(dealer: int = 3, lang: str = "en") -> HTML:
    """The top 16 cards of an unshuffled 36-card deck, each captioned with the seat the
    deal gives it: one card at a time, clockwise from the dealer's left."""
    order = kozel.deal_order(dealer)
    return labelled(kozel.DECK[:len(order)], [_w(lang)["seat"].format(n=s) for s in order], height=56)


def stacked(hands: dict[int, str], trump: str = "", stock: str = "") -> tuple[Card, ...]:
    """A 36-card deck, top card first, for `kozel.new_game(deck=...)` with seat 3 dealing:
    seat s gets the cards named in `hands[s]`; `trump` is the indicator card (stock card 2,
    deck card 17) and `stock` the top of the stock (its second card is `trump` if given).
    Places not named get unused cards, chosen so that no hand holds four of one suit."""
    slots: dict[int, Card] = {}
    for seat, text in hands.items():
        cards = parse_cards(text)
        if len(cards) > kozel.HAND_SIZE:
            raise ValueError(f"a hand holds {kozel.HAND_SIZE} cards, not {len(cards)} (seat {seat})")
        for i, card in enumerate(cards):
            slots[4 * i + seat] = card  # seat 3 deals: seat s gets cards s, s+4, s+8, s+12
    for i, card in enumerate(parse_cards(stock)):
        slots[16 + i] = card
    if trump:
        slots[17] = Card.parse(trump)
    named = list(slots.values())
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice: a deck has each card once")
    free = [c for c in kozel.DECK if c not in named]
    for seat in range(4):
        places = [4 * i + seat for i in range(4)]
        for place in (p for p in places if p not in slots):
            suits = [slots[p].suit for p in places if p in slots]
            card = next(c for c in free if suits.count(c.suit) < 3)
            slots[place] = card
            free.remove(card)
    for place in (p for p in range(16, 36) if p not in slots):
        slots[place] = free.pop(0)
    return tuple(slots[k] for k in range(36))


def position(hands: dict[int, str], trump: str = "", stock: str = "", **rules: Any) -> kozel.State:
    """A new game (seat 3 deals, seat 0 leads) whose first deal gives these cards (see
    `stacked`); `rules` are `kozel.Rules` fields.  `trump` is a *card* ("6H"), not a suit:
    the dealer shows a real card of the stock, and that card must be placed in the deck;
    its suit letter is then `state.trump` ("H"), what `kozel.beats` and `kozel.can_beat`
    take."""
    return kozel.new_game(seed=0, deck=stacked(hands, trump, stock), rules=kozel.Rules(**rules))


def play(state: kozel.State, *moves: str) -> kozel.State:
    """The position after these moves, one after the other."""
    for move in moves:
        state = state.apply(move)
    return state


# ---------------------------------------------------------------------------------------
# Beating several cards

def pairings(cards: str | Iterable[Card | str], target: str | Iterable[Card | str],
             trump: str) -> list[tuple[tuple[Card, Card], ...]]:
    """Every way `cards` beat `target` one-to-one: lists of (beating card, card it beats),
    checked with `kozel.beats` card by card (free pairing: any card may take any target)."""
    cards, target = parse_cards(cards), parse_cards(target)
    if len(cards) != len(target):
        return []
    return [tuple(zip(cards, order)) for order in itertools.permutations(target)
            if all(kozel.beats(c, t, trump) for c, t in zip(cards, order))]


def _pair_html(card: Card, target: Card, height: float, lang: str = "en") -> str:
    return (f'<div style="display:flex;align-items:center;gap:4px;border:1px solid #bbb;border-radius:6px;'
            f'padding:3px 6px">{card_html(card, height=height)}'
            f'<span style="font-size:13px">{_w(lang)["pair_beats"]}</span>'
            f"{card_html(target, height=height)}</div>")


def beat_picture(cards: str | Iterable[Card | str], target: str | Iterable[Card | str], trump: str,
                 height: float = 56, lang: str = "en") -> HTML:
    """The cards to beat, then each way `cards` beat them: every beating card drawn next
    to the card it beats.  Says so when there is no way."""
    w = _w(lang)
    cards, target = parse_cards(cards), parse_cards(target)
    found = pairings(cards, target, trump)
    row = "".join(card_html(c, height=height) for c in target)
    parts = [common.ROW.format(f"<b>{w['to_beat']}</b> {row}")]
    for n, pairs in enumerate(found, 1):
        name = w["pairing_n"].format(n=n) if len(found) > 1 else w["pairing"]
        shown = "".join(_pair_html(c, t, height, lang) for c, t in pairs)
        parts.append(common.ROW.format(f"<b>{name}:</b>{shown}"))
    if not found:
        mine = "".join(card_html(c, height=height) for c in cards)
        parts.append(common.ROW.format(f"{mine} {w['cannot']}"))
    return HTML("".join(parts))


def moves_picture(state: kozel.State, height: float = 44, lang: str = "en") -> HTML:
    """Every legal move of the seat to move, each as its cards (face-down ones marked) with
    its notation under them; `claim` and `pass` as words."""
    w = _w(lang)
    cells = []
    for action in state.legal_actions():
        pics = ("".join(card_html(c, height=height) for c in action.cards)
                or f"<i>{w.get('move_' + action.kind, action.kind)}</i>")
        how = {"discard": w["move_discard"],
               "play": w["move_lead"] if not state.plays else w["move_beat"]}.get(action.kind, "")
        cells.append(f'<div style="text-align:center;font-size:12px;border:1px solid #bbb;border-radius:6px;'
                     f'padding:3px 5px"><div style="display:flex;gap:2px;justify-content:center">{pics}</div>'
                     f"<code>{escape(str(action))}</code><br>{how}</div>")
    return HTML(f'<div style="display:flex;flex-wrap:wrap;gap:6px">{"".join(cells)}</div>')


# ---------------------------------------------------------------------------------------
# A trick on the table

def _play_html(seat: int, how: str, cards: Sequence[Card | None], height: float, pale: bool = False,
               claimed: bool = False, lang: str = "en") -> str:
    """One play to a trick: its cards side by side (None: a back), with who played them and
    how; a lead that came from a claim is marked "four of a suit", as the table marks it."""
    w = _w(lang)
    pics = "".join(card_html(c or "", face_up=c is not None, height=height) for c in cards)
    dim = "opacity:.55;" if pale else ""
    caption = w["claimed"] if claimed and how == "lead" else HOW_WORDS[lang][how]
    return (f'<div style="text-align:center;font-size:12px;{dim}">'
            f'<div style="display:flex;gap:2px">{pics}</div>{w["seat"].format(n=seat)}: {caption}</div>')


def trick_picture(state: kozel.State, viewer: int | None = None, height: float = 60,
                  lang: str = "en") -> HTML:
    """The cards played to the trick now, in order, each play captioned with its seat and
    how it was played.  A face-down card is drawn as a back, unless `viewer` is the seat
    that laid it (nobody else ever sees it, not even a partner)."""
    groups = []
    for seat, how, played in state.plays:
        shown = how != "discard" or viewer == seat or state.rules.discards_visible == "all"
        groups.append(_play_html(seat, how, [c if shown else None for c in played], height,
                                 claimed=state.interrupted, lang=lang))
    w = _w(lang)
    if not groups:
        return HTML(f"<div><i>{w['empty']}</i></div>")
    who = w["everyone"] if viewer is None else w["viewer"].format(n=viewer)
    winner = state.trick_winner
    note = (f"<div style='font-size:13px;margin-top:4px'>{who} "
            f"{w['winning'].format(n=winner, team=team_name(kozel.team_of(winner), lang))}</div>")
    return HTML(f'<div style="display:flex;flex-wrap:wrap;gap:14px">{"".join(groups)}</div>' + note)


# ---------------------------------------------------------------------------------------
# The end of a deal

class Trick(NamedTuple):
    """One finished trick: the plays `(seat, "lead" | "beat" | "discard", cards)` in
    order (after any claim) and the seat that took it."""

    plays: tuple[tuple[int, str, tuple[Card, ...]], ...]
    winner: int


class DealEnd(NamedTuple):
    """A finished deal, worked out again from its moves by an all-seeing narrator."""

    deal_no: int                      # 0 for the first deal
    dealer: int
    trump_card: Card
    tricks: tuple[Trick, ...]
    points: tuple[int, int]           # card points per team, face-down cards included
    trick_counts: tuple[int, int]
    last_winner: int                  # took the last trick: leads the next deal
    row: kozel.SheetRow# the engine's score-sheet row for this deal


def deal_end(state: kozel.State, deal_no: int = 0) -> DealEnd:
    """Deal `deal_no` of the match `state` (which must be past it), rebuilt from its moves:
    every trick with its winner (the last seat that beat, else the leader), and each
    team's card points counted from the tricks it took."""
    sheet = state.score_sheet
    if not 0 <= deal_no < len(sheet):
        raise ValueError(f"deal {deal_no + 1} is not finished in this match ({len(sheet)} finished)")
    moves = [(before, move) for before, move in positions(state) if before.deal_no == deal_no]
    tricks = []
    for before, move in moves:
        if len(before.plays) == 3 and move.kind in ("play", "discard"):  # the fourth play
            kind = "discard" if move.kind == "discard" else "beat"
            seat = before.to_move
            assert seat is not None  # a move was made from this position
            plays = (*before.plays, (seat, kind, move.cards))
            winner = next(seat for seat, how, _ in reversed(plays) if how != "discard")
            tricks.append(Trick(plays, winner))
    points, counts = [0, 0], [0, 0]
    for trick in tricks:
        team = kozel.team_of(trick.winner)
        points[team] += kozel.card_points(c for _, _, cards in trick.plays for c in cards)
        counts[team] += 1
    first = moves[0][0]
    return DealEnd(deal_no, first.dealer, first.trump_card, tuple(tricks), (points[0], points[1]),
                   (counts[0], counts[1]), tricks[-1].winner, sheet[deal_no])


def _trick_html(n: int, trick: Trick, height: float, lang: str = "en") -> str:
    plays = "".join(_play_html(seat, how, cards, height, pale=how == "discard", lang=lang)
                    for seat, how, cards in trick.plays)
    pts = kozel.card_points(c for _, _, cards in trick.plays for c in cards)
    words = _w(lang)["trick_head"].format(n=n, w=trick.winner, t=TEAM_LETTERS[kozel.team_of(trick.winner)],
                                          points=_points(pts, lang))
    head = f'<div style="width:140px;font-size:12px">{words}</div>'
    return common.ROW.format(head + f'<div style="display:flex;flex-wrap:wrap;gap:12px">{plays}</div>')


def score_row_html(row: Mapping[str, Any], lang: str = "en") -> str:
    """One row of the Kozel score sheet as a small table: a column per category, a line per
    team.  The English keeps the Icelandic names above the English ones (the sheet's words
    at the table); the Icelandic twin writes Icelandic alone."""
    names_is, names_en = kozel.SHEET_NAMES["is"], kozel.SHEET_NAMES["en"]
    if check_lang(lang) == "is":
        head = ["", *(escape(names_is[k]) for k in row)]
    else:
        head = ["", *(f"{escape(names_is[k])}<br><i>{escape(names_en[k])}</i>" for k in row)]

    def cell(key: str, team: int) -> str:
        value = row[key]
        text = yes_no(value, lang) if isinstance(value, bool) else str(value[team])
        return f"<b>{text}</b>" if key == "total" else text

    lines = [[f"<b>{escape(team_name(t, lang))}</b>", *(cell(k, t) for k in row)] for t in (0, 1)]
    return common.html_table(head, lines)


def _counted(end: DealEnd | FinishedDeal) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each team's card points and tricks: counted again from the tricks (`DealEnd`), or as
    the engine's record wrote them in the deal's row (`state.last_deal`)."""
    if isinstance(end, FinishedDeal):
        return _row(end)["points"], _row(end)["tricks"]
    return end.points, end.trick_counts


def verdict(end: DealEnd | FinishedDeal, lang: str = "en") -> str:
    """The deal's result in one sentence, from its card points and tricks."""
    w = _w(lang)
    points, trick_counts = _counted(end)
    a, b = points
    if a == b:
        return w["eggs"]
    loser = 0 if a < b else 1
    pts, tricks = points[loser], trick_counts[loser]
    why = (w["why_light"].format(pts=_points(pts, lang, "acc")) if pts >= 31 else
           w["why_heavy"].format(pts=_points(pts, lang, "acc"), tricks=_tricks(tricks, lang))
           if tricks else w["why_none"])
    return w["verdict"].format(Winner=_cap(team_name(1 - loser, lang)),
                               p=_points(points[1 - loser], lang, "acc"), loser=team_name(loser, lang),
                               why=why, n=kozel.loss_points(pts, tricks))


def _team_pile_html(pile: Sequence[Card], face_down: Sequence[Card], height: float) -> str:
    """A team's won cards, sorted, those that were played face down drawn pale (turned up
    now for the count)."""
    down = list(face_down)
    cells = []
    for card in sorted(pile):
        pale = card in down
        if pale:
            down.remove(card)
        dim = "opacity:.55;" if pale else ""
        cells.append(f'<span style="{dim}">{card_html(card, height=height)}</span>')
    return f'<div style="display:flex;flex-wrap:wrap;gap:2px;margin:2px 0 8px 0">{"".join(cells)}</div>'


def _record_picture(end: FinishedDeal, height: float, lang: str = "en") -> list[str]:
    """The body of `deal_end_picture` for the engine's record: each team's pile, then the
    last trick as the table saw it (a face-down card as a back)."""
    parts = []
    for team in (0, 1):
        down = [card for _, card in end.details["face_down"][team]]
        points, tricks = _row(end)["points"][team], end.tricks[team] if end.tricks else 0
        words = _w(lang)["pile"].format(Team=escape(_cap(team_name(team, lang))),
                                        tricks=_tricks(tricks, lang), points=_points(points, lang))
        parts.append(f"<div>{words}</div>" + _team_pile_html(end.taken[team], down, height))
    last = end.details["last_trick"]
    if last:
        plays = "".join(_play_html(seat, how, [*cards] if how != "discard" else [None] * count, height,
                                   pale=how == "discard", lang=lang)
                        for seat, how, cards, count in last)
        winner = next(seat for seat, how, _, _ in reversed(last) if how != "discard")
        words = _w(lang)["last_trick"].format(w=winner, t=TEAM_LETTERS[kozel.team_of(winner)])
        parts.append(common.ROW.format(
            f'<div style="width:140px;font-size:12px">{words}</div>'
            f'<div style="display:flex;flex-wrap:wrap;gap:12px">{plays}</div>'))
    return parts


def deal_end_picture(end: DealEnd | FinishedDeal, height: float = 44, lang: str = "en") -> HTML:
    """The end of a deal, then each team's total, the result and the deal's row of the
    score sheet.  From `deal_end(...)`: every trick in order with who played what
    (face-down cards, turned up for the count, drawn pale), who took it and its points.
    From the engine's record, `state.last_deal`: each team's pile of won cards (the
    face-down ones pale) and the last trick."""
    record = isinstance(end, FinishedDeal)
    number = end.number if isinstance(end, FinishedDeal) else end.deal_no + 1
    trump_card: Card = end.details["trump_card"] if isinstance(end, FinishedDeal) else end.trump_card
    trump = trump_card.symbol
    w = _w(lang)
    parts = [f"<div>{w['deal_head'].format(n=number, d=end.dealer, card=trump, suit=trump[-1])}</div>"]
    if isinstance(end, FinishedDeal):
        parts += _record_picture(end, height, lang)
    else:
        parts += [_trick_html(n, trick, height, lang) for n, trick in enumerate(end.tricks, 1)]
    points, trick_counts = _counted(end)
    if not record:
        totals = _cap("; ".join(w["total"].format(team=team_name(t, lang), points=_points(points[t], lang),
                                                  tricks=_tricks(trick_counts[t], lang, "dat"))
                                for t in (0, 1)))
        parts.append(f"<div style='margin-top:8px'>{escape(totals)}.</div>")
    parts.append(f"<div>{escape(verdict(end, lang))}</div>")
    parts.append(f"<div style='margin-top:8px'>{w['sheet'].format(n=number)}</div>"
                 + score_row_html(_row(end), lang))
    return HTML("".join(parts))


def match_sheet(state: kozel.State, lang: str = "en") -> str:
    """The score sheet of a match as text: per finished deal its dealer, both teams'
    card points and tricks, the deal's loss points (the row's `total`: its loss points after
    any eggs rule) and the running sum of loss points so far (what the table calls Score)."""
    dealers: dict[int, int] = {}
    for before, _ in positions(state):
        dealers.setdefault(before.deal_no, before.dealer)
    w = _w(lang)
    head = (f"{w['col_deal']:>4}  {w['col_dealer']:<7} {w['col_points']:>11} {w['col_tricks']:>7} "
            f"{w['col_loss']:>11}")
    lines = [f"{head}   {w['col_sum']}"]
    totals = [0, 0]
    for n, row in enumerate(state.score_sheet):
        totals = [t + p for t, p in zip(totals, row["total"])]
        points, tricks, loss = (f"{row[k][0]} – {row[k][1]}" for k in ("points", "tricks", "total"))
        eggs = w["sheet_eggs"] if row["eggs"] else ""
        lines.append(f"{n + 1:>4}  {w['seat'].format(n=dealers[n]):<7} {points:>11} {tricks:>7} {loss:>11}   "
                     f"{totals[0]:>2} – {totals[1]}{eggs}")
    return "\n".join(lines)


def record_text(end: FinishedDeal, lang: str = "en") -> str:
    """The engine's record of a finished deal (`state.last_deal`) written out: in English
    its own text, `str(end)`; in Icelandic the same lines in Icelandic words, the fields of
    `details` keeping their names (they are code) and the engine's way of writing values."""
    english = str(end)
    if check_lang(lang) == "en":
        return english

    def cards(row: Sequence[Card]) -> str:
        return " ".join(c.symbol for c in row) or "-"

    lines = [f"{end.number}. spil (lína {end.index} á stigablaðinu); sæti {end.dealer} gaf"]
    lines += [f"  sæti {s} er með: {cards(hand)}" for s, hand in enumerate(end.hands)]
    for team, won in enumerate(end.taken):
        tricks = "" if end.tricks is None else f" í {_tricks(end.tricks[team], lang, 'dat')}"
        lines.append(f"  lið {TEAM_LETTERS[team]} fékk{tricks}: {cards(won)}")
    by_key = {line.split(":", 1)[0].strip(): line for line in english.splitlines()[1:]}
    lines += [by_key[key] for key in end.details]  # "  trump_card: 8♠", as the engine writes it
    lines.append("  lína stigablaðsins: " + by_key["score sheet row"].split(": ", 1)[1])
    return "\n".join(lines)


def bot_match(levels: Sequence[str], seed: int, dealer: int = 3) -> kozel.State:
    """A whole match between computer players: `levels[t]` is the level (in `kozel.BOTS`)
    of both players of team t; the deal and the bots are seeded from `seed`."""
    bots = {s: kozel.BOTS[levels[kozel.team_of(s)]](seed=seed * 4 + s) for s in range(4)}
    state = kozel.new_game(seed=seed, dealer=dealer)
    while (seat := state.to_move) is not None:
        state = state.apply(bots[seat].choose(state, seat))
    return state


# ---------------------------------------------------------------------------------------
# A quiz: new positions, not the worked examples again, each answered by the engine

# What the teacher expects the engine to answer, in each language's words; `check_quiz`
# compares, without printing.
_EXPECTED = {
    "en": (2, "10♠ or 7♥", "seat 3", "yes", "seat 3 is asked whether to claim", "team A are the goats"),
    "is": (2, "10♠ eða 7♥", "sæti 3", "já", "sæti 3 er spurt hvort það krefjist útspils", "lið A er geitin"),
}

# The quiz's words: the options the engine's answers are written in, and the prompts.
_QUIZ_WORDS: dict[str, dict[str, str]] = {
    "en": {"or": " or ", "none": "none", "only": "only {cards}", "seat": "seat {n}",
           "asked": "seat {n} is asked whether to claim", "answers": "seat {n} answers the 7♦",
           "asked_again": "seat 2 is asked again", "again": "the trick starts again",
           "goats": "team {t} are the goats", "another": "another deal is played"},
    "is": {"or": " eða ", "none": "ekkert", "only": "aðeins {cards}", "seat": "sæti {n}",
           "asked": "sæti {n} er spurt hvort það krefjist útspils", "answers": "sæti {n} svarar 7♦",
           "asked_again": "sæti 2 er spurt aftur", "again": "slagurinn byrjar upp á nýtt",
           "goats": "lið {t} er geitin", "another": "annað spil er gefið"},
}

_PROMPTS: dict[str, tuple[tuple[str, str], ...]] = {  # (prompt, reason) for each question
    "en": (
        ("Diamonds are trump. How many of these cards beat 10♣?{row}",
         "Two: A♣ (the ace is above the ten) and 6♦ (a trump). K♣ and J♣ are below the ten — "
         "the ten is above the king — and 9♥ is another suit."),
        ("Hearts are trump. Seat 0 leads 9♠ and seat 1 beats it with K♠. You are seat 2 and "
         "hold{row}Which of your cards may you play face up?",
         "You must beat the card winning now, K♠, not the lead 9♠: Q♠ is below the king, 10♠ is "
         "above it, and 7♥ is a trump. 8♣ beats nothing here."),
        ("Clubs are trump. Seat 0 leads A♦ 7♦; seat 1 beats them with 6♣ 8♣; seat 2 lays two "
         "cards face down; seat 3 beats with 9♣ J♣. Who takes the trick?",
         "The last player who beat takes the trick: seat 3 (its 9♣ J♣ beat seat 1's 6♣ 8♣). "
         "It leads the next trick."),
        ("Diamonds are trump. Seat 0 leads K♥, seat 1 lays a card face down. Seat 2, seat 0's "
         "partner, holds A♥. May seat 2 beat its partner's K♥ with the A♥?",
         "Yes: you may beat your partner too. It keeps the trick for your team, but the ace "
         "could have been saved."),
        ("Spades are trump. Seat 0 leads 7♦. Seat 2 holds four clubs and seat 3 four hearts. "
         "Seat 2 is asked first whether to claim the lead, and passes. What happens next?",
         "The next seat that could claim is asked: seat 3. Only one claim is allowed per trick, "
         "but a pass is not a claim. Seat 2 will be asked again only after the next card."),
        ("Team A has 10 loss points, team B 4. The next deal ends with 40 card points for team A "
         "(in 2 tricks) and 80 for team B. What happens?",
         "Team A took 31–59 card points: 2 loss points, so 12 in all — 12 loss points lose the "
         "match. Card points start from nothing each deal; loss points add up."),
    ),
    "is": (
        ("Tígull er tromp. Hve mörg þessara spila slá 10♣?{row}",
         "Tvö: A♣ (ásinn er hærri en tían) og 6♦ (tromp). K♣ og J♣ eru lægri en tían — tían er "
         "hærri en kóngurinn — og 9♥ er í öðrum lit."),
        ("Hjarta er tromp. Sæti 0 spilar út 9♠ og sæti 1 slær það með K♠. Þú ert í sæti 2 og ert "
         "með{row}Hverju spilanna máttu spila upp í loft?",
         "Þú þarft að slá spilið sem á slaginn núna, K♠, ekki útspilið 9♠: Q♠ er lægri en kóngurinn, "
         "10♠ hærri, og 7♥ er tromp. 8♣ slær ekkert hér."),
        ("Lauf er tromp. Sæti 0 spilar út A♦ 7♦; sæti 1 slær þau með 6♣ 8♣; sæti 2 leggur tvö spil "
         "á grúfu; sæti 3 slær með 9♣ J♣. Hver fær slaginn?",
         "Sá sem sló síðast fær slaginn: sæti 3 (9♣ J♣ slá 6♣ 8♣ frá sæti 1). Það spilar út í "
         "næsta slag."),
        ("Tígull er tromp. Sæti 0 spilar út K♥ og sæti 1 leggur spil á grúfu. Sæti 2, makker "
         "sætis 0, er með A♥. Má sæti 2 slá K♥ makkers síns með ásnum?",
         "Já: það má líka slá spil makkers. Slagurinn helst hjá liðinu, en ásinn hefði sæti 2 "
         "getað geymt."),
        ("Spaði er tromp. Sæti 0 spilar út 7♦. Sæti 2 er með fjögur lauf og sæti 3 fjögur hjörtu. "
         "Sæti 2 er fyrst spurt hvort það krefjist útspils, og það sleppir því. Hvað gerist næst?",
         "Næsta sæti sem getur krafist útspils er spurt: sæti 3. Aðeins ein krafa er leyfð í "
         "hverjum slag, en að sleppa er engin krafa. Sæti 2 er ekki spurt aftur fyrr en eftir "
         "næsta spil."),
        ("Lið A er með 10 tapstig og lið B 4. Næsta spil endar þannig að lið A fær 40 punkta (í 2 "
         "slögum) og lið B 80. Hvað gerist?",
         "Lið A fékk 31–59 punkta: 2 tapstig, svo að það er komið með 12 — og 12 tapstig tapa "
         "leiknum. Punktarnir eru taldir upp á nýtt í hverju spili; tapstigin leggjast saman."),
    ),
}


def _face_up_choices(state: kozel.State, lang: str = "en") -> str:
    """The cards the seat to move may play face up, in words ("10♠ or 7♥", "none")."""
    w = _QUIZ_WORDS[lang]
    shown = [" + ".join(c.symbol for c in a.cards) for a in state.legal_actions() if a.kind == "play"]
    return w["or"].join(shown) or w["none"]


def _who_is_asked(state: kozel.State, lang: str = "en") -> str:
    """What the engine does next, in the words of question 5's options."""
    w = _QUIZ_WORDS[lang]
    return w["asked" if state.phase == "claim" else "answers"].format(n=state.to_move)


def _match_after(scores: tuple[int, int], points: tuple[int, int], tricks: tuple[int, int],
                 lang: str = "en") -> str:
    """The match after one more deal with these card points and tricks (default rules)."""
    loss, _eggs = kozel.deal_loss(points, tricks)
    new = [s + n for s, n in zip(scores, loss)]
    losers = [t for t in (0, 1) if new[t] >= kozel.Rules().match_limit]
    w = _QUIZ_WORDS[lang]
    return w["goats"].format(t=TEAM_LETTERS[losers[0]]) if losers else w["another"]


def questions(lang: str = "en") -> list[Question]:
    """The notebook's six questions, in `lang`.  Every right answer is computed here by the
    engine, on positions the notebook has not shown, so that a question tests the rule, not
    memory; the two languages ask the same questions and get the same answers, each in its
    own words."""
    w, texts = _QUIZ_WORDS[check_lang(lang)], _PROMPTS[lang]
    to_beat = parse_cards("AC KC 6D JC 9H")
    winning_now = play(position({0: "9S", 1: "KS", 2: "QS 10S 7H 8C"}, trump="6H"), "9S", "KS")
    last_beat = play(position({0: "AD 7D", 1: "6C 8C", 2: "9H 10H", 3: "9C JC"}, trump="7C"),
                     "7D+AD", "6C+8C", "discard:9H+10H", "9C+JC")
    partner = play(position({0: "KH", 1: "7S", 2: "AH 6S 7C 8D"}, trump="9D"), "KH", "discard:7S")
    claim = position({0: "7D 8S 9H 10S", 2: "6C 9C JC AC", 3: "6H 8H QH KH"}, trump="6S").apply("7D")
    return [
        Question(texts[0][0].format(row=cards_row(to_beat)),
                 [0, 1, 2, 3, 4, 5], sum(kozel.beats(c, Card.parse("10C"), "D") for c in to_beat),
                 texts[0][1]),
        Question(texts[1][0].format(row=cards_row("QS 10S 7H 8C")),
                 [w["or"].join(["Q♠, 10♠", "7♥"]), w["or"].join(["10♠", "7♥"]), w["only"].format(cards="7♥"),
                  w["none"]], _face_up_choices(winning_now, lang), texts[1][1]),
        Question(texts[2][0], [w["seat"].format(n=n) for n in range(4)],
                 w["seat"].format(n=last_beat.to_move), texts[2][1]),
        Question(texts[3][0], [yes_no(True, lang), yes_no(False, lang)],
                 yes_no("AH" in map(str, partner.legal_actions()), lang), texts[3][1]),
        Question(texts[4][0],
                 [w["answers"].format(n=1), w["asked"].format(n=3), w["asked_again"], w["again"]],
                 _who_is_asked(claim.apply("pass"), lang), texts[4][1]),
        Question(texts[5][0], [w["goats"].format(t="A"), w["goats"].format(t="B"), w["another"]],
                 _match_after((10, 4), (40, 80), (2, 5), lang), texts[5][1]),
    ]


def quiz(questions: Sequence[Question], lang: str = "en") -> common.Quiz:
    """The questions, numbered from 1, as one widget (static HTML where it is not run)."""
    return common.quiz(questions, kozel.NAME[check_lang(lang)], lang)


def check_quiz(questions: Sequence[Question], lang: str = "en") -> int:
    """The teacher's check (`common.check_answers`), which prints no answer: the answers
    must be the ones the reasons in `lang` were written for."""
    return common.check_answers(questions, _EXPECTED[check_lang(lang)])


# ---------------------------------------------------------------------------------------
# The variant options

OPTIONS: dict[str, tuple[str, str]] = {  # Rules field -> (meaning of the default, other choices)
    "trump_reveal": ("the dealer shows a card from the middle of the stock to everyone; its suit is "
                     "trump, and it goes back to its place, to be drawn later like any card",
                     "'top_to_bottom': the top card of the stock is turned up and put face up under "
                     "the stock, drawn last; 'middle_to_bottom': a middle card, put face up under the stock"),
    "trump_index_range": ("'middle': the shown card is never the top or the bottom card of the stock",
                          "'any': any card of the stock may be shown"),
    "must_beat_if_able": ("False: you may always lay cards face down instead of beating",
                          "True: if you can beat, you must"),
    "pairing": ("'free': your beating cards may be paired with the cards to beat in any way "
                "that works; the engine finds a pairing",
                "'declared': you write which card beats which, e.g. 'AS>KS+10S>9S'"),
    "four_suit_interrupt": ("'after_plays': after any card is played to a trick, a player holding four "
                            "cards of one suit who has not yet played to it may claim the lead (even "
                            "when the leader led four cards); one claim per trick",
                            "'off': no claims"),
    "four_suit_priority": ("'clockwise': when two players could claim, the one nearer the trick's first "
                           "leader going clockwise (who would play sooner) is asked first; if he "
                           "passes, the other is asked",
                           "'counterclockwise': nearer going the other way"),
    "eggs_rule": ("'none': eggs (60–60) are only a joke; no loss points, nothing carried over",
                  "'double_next': the next deal's loss points count twice; 'double_cumulative': "
                  "twice per egg deal in a row; 'add_two': 2 more loss points next deal"),
    "eggs_same_dealer": ("False: after eggs the deal passes on as usual",
                         "True: after eggs the same player deals again"),
    "next_dealer": ("'clockwise': the deal passes to the left each deal",
                    "'last_trick_winner_right': the player to the right of the last trick's "
                    "winner deals, so that the winner sits at the dealer's left"),
    "allow_beat_partner": ("True: you may beat your partner's winning cards",
                           "False: when your partner is winning, you lay cards face down"),
    "beat_target": ("'current_winner': you must beat the cards winning the trick now (the last "
                    "beat, or the lead)",
                    "'lead': every beat is measured against the lead; the last to beat wins"),
    "deal_packet": ("1: the dealer deals one card at a time",
                    "2 or 4: packets of two or four cards"),
    "loss_table": ("(31, 2, 4, 6): four numbers. A losing team with at least 31 card points gets 2 "
                   "loss points; with fewer (30 or less) but at least one trick it gets 4; with no "
                   "trick at all it gets 6",
                   "any four whole numbers in the same order: the card points that count as a "
                   "light loss, then the loss points for a light loss, for a heavy loss, and for no "
                   "trick at all; e.g. (31, 1, 2, 3) makes every loss cost half as much"),
    "match_limit": ("12: the first team with 12 loss points loses the match — the goats",
                    "any number from 1 to 1000 (16 in some places)"),
    "first_lead": ("'dealer_left': the dealer's left-hand neighbour leads the first trick of the "
                   "match; later deals are led by whoever took the last trick",
                   "'random': the first leader is drawn by lot"),
    "discards_visible": ("'none': face-down cards are seen by nobody but the one who laid them, "
                         "not even a partner",
                         "'all': discards are laid face up"),
}


OPTIONS_IS: dict[str, tuple[str, str]] = {  # the same, in Icelandic (the twin's table)
    "trump_reveal": ("gjafarinn sýnir öllum spil úr miðjum stokknum; litur þess er tromp, og spilið "
                     "fer aftur á sinn stað og er dregið síðar eins og hvert annað spil",
                     "'top_to_bottom': efsta spili stokksins er snúið við og það lagt upp í loft undir "
                     "stokkinn, dregið síðast; 'middle_to_bottom': spil úr miðjum stokknum, lagt upp í "
                     "loft undir stokkinn"),
    "trump_index_range": ("'middle': spilið sem er sýnt er aldrei efsta né neðsta spil stokksins",
                          "'any': sýna má hvaða spil stokksins sem er"),
    "must_beat_if_able": ("False: alltaf má leggja spil á grúfu í stað þess að slá",
                          "True: sá sem getur slegið verður að slá"),
    "pairing": ("'free': spilin sem slá má para við spilin sem á að slá á hvaða veg sem gengur; "
                "forritið finnur pörun",
                "'declared': þú skrifar hvaða spil slær hvert, t.d. 'AS>KS+10S>9S'"),
    "four_suit_interrupt": ("'after_plays': eftir hvert spil sem lagt er í slag má sá sem á fjögur spil "
                            "í sama lit og hefur ekki enn lagt í slaginn krefjast útspils (líka þegar "
                            "spilað var út fjórum spilum); ein krafa í hverjum slag",
                            "'off': engar kröfur"),
    "four_suit_priority": ("'clockwise': ef tveir geta krafist útspils er sá spurður fyrst sem er nær "
                           "þeim sem spilaði fyrst út í slaginn, réttsælis talið (sá sem ætti fyrr að "
                           "spila); sleppi hann því er hinn spurður",
                           "'counterclockwise': nær, talið rangsælis"),
    "eggs_rule": ("'none': egg (60 gegn 60) eru bara grín; engin tapstig og ekkert flyst yfir",
                  "'double_next': tapstig næsta spils tvöfaldast; 'double_cumulative': tvöfaldast fyrir "
                  "hvert eggjaspil í röð; 'add_two': 2 tapstig bætast við í næsta spili"),
    "eggs_same_dealer": ("False: eftir egg færist gjöfin áfram eins og venjulega",
                         "True: eftir egg gefur sami gjafari aftur"),
    "next_dealer": ("'clockwise': gjöfin færist til vinstri eftir hvert spil",
                    "'last_trick_winner_right': sá sem situr hægra megin við þann sem fékk síðasta "
                    "slaginn gefur, svo að sá sem fékk slaginn situr gjafaranum á vinstri hönd"),
    "allow_beat_partner": ("True: þú mátt slá spil makkers sem eiga slaginn",
                           "False: þegar makker á slaginn leggur þú spil á grúfu"),
    "beat_target": ("'current_winner': þú þarft að slá spilin sem eiga slaginn núna (þau sem slógu "
                    "síðast, eða útspilið)",
                    "'lead': alltaf er slegið á útspilið; sá sem slær síðast fær slaginn"),
    "deal_packet": ("1: gjafarinn gefur eitt spil í einu",
                    "2 eða 4: tvö eða fjögur spil í senn"),
    "loss_table": ("(31, 2, 4, 6): fjórar tölur. Tapliðið fær 2 tapstig ef það fékk minnst 31 punkt; "
                   "4 ef það fékk færri (30 eða minna) en minnst einn slag; 6 ef það fékk engan slag",
                   "hvaða fjórar heiltölur sem er, í sömu röð: punktarnir sem duga til vægs taps, og "
                   "svo tapstigin fyrir vægt tap, fyrir stórt tap og fyrir engan slag; t.d. gerir "
                   "(31, 1, 2, 3) hvert tap helmingi ódýrara"),
    "match_limit": ("12: liðið sem fyrst nær 12 tapstigum tapar leiknum — það er geitin",
                    "hvaða tala sem er frá 1 til 1000 (sums staðar 16)"),
    "first_lead": ("'dealer_left': sá sem situr gjafaranum á vinstri hönd spilar út í fyrsta slag "
                   "leiksins; í síðari spilum spilar sá út sem fékk síðasta slaginn",
                   "'random': dregið er um hver spilar fyrst út"),
    "discards_visible": ("'none': spil á grúfu sér enginn nema sá sem lagði þau, ekki einu sinni "
                         "makker",
                         "'all': spilin eru lögð upp í loft"),
}
_OPTIONS = {"en": OPTIONS, "is": OPTIONS_IS}


def options_table(notes: dict[str, tuple[str, str]] | None = None, lang: str = "en") -> HTML:
    """Every field of `kozel.Rules`, in order, with its default, meaning and alternatives."""
    return common.options_table(kozel.Rules, _OPTIONS[check_lang(lang)] if notes is None else notes, lang)


# ---------------------------------------------------------------------------------------
# Who holds the trump card; what a seat may see; the quiz's answers for a copy not run

def trump_card_where(state: kozel.State, lang: str = "en") -> str:
    """Where the card the dealer showed is now, as everyone at the table knows it (read from
    the public fields `trump_card_position` and `known` of an observation, and from the
    tricks and the piles): in the stock, in a seat's hand, or played."""
    w = _w(lang)
    seen = state.observation(0)  # the same for every seat: all of this is public
    card = str(state.trump_card)
    if seen["trump_card_position"] is not None:
        return w["in_stock"].format(n=seen["trump_card_position"])
    holder = next((s for s, cards in enumerate(seen["known"]) if card in cards), None)
    if holder is not None:
        return w["in_hand"].format(n=holder)
    played = [p for p, _, cards in state.plays if state.trump_card in cards]
    if played or any(card in pile for pile in seen["piles"]) or any(
            card in cards for _, _, cards, _ in seen["last_trick"]):
        return w["in_trick"]
    return w["unknown"]


def trump_note(state: kozel.State, seat: int = 0, lang: str = "en") -> str:
    """The words the table writes beside the trump card (`kozel.layout`'s trump zone)."""
    zone = next(z for z in kozel.layout(state, seat, lang)["zones"] if z["name"] == "trump")
    entry = zone["cards"][0]  # the trump zone holds one entry: the shown card, with its note
    return str(entry.get("note", "")) if isinstance(entry, dict) else ""


OBSERVATION: dict[str, str] = {  # a field of `state.observation(seat)` -> what it means
    "seat": "the seat this observation is for",
    "to_move": "the seat that must act now (the leader, the next to answer, or a seat asked whether "
               "to claim); <code>null</code> (Python <code>None</code>) once the match is over",
    "hand": "the cards this seat holds, by suit (♠ ♥ ♦ ♣), each suit low to high",
    "phase": "what <code>to_move</code> must do: <code>\"lead\"</code>, <code>\"respond\"</code> (beat or "
             "lay face down; a claim may be among the moves), <code>\"claim\"</code> (a seat that is not "
             "next is asked: <code>claim</code> or <code>pass</code>), <code>\"over\"</code>",
    "trump": "the trump suit's letter",
    "trump_card": "the card the dealer showed. It stays the same all deal: after someone draws it, and "
                  "after it is played, it still names that card (and <code>state.trump_card</code> too)",
    "trump_card_position": "where that card lies in the stock: how many cards are above it (0: it is "
                           "drawn next); <code>null</code> once it has been drawn",
    "trick": "the trick on the table, one entry per play: <code>seat</code>, <code>kind</code> "
             "(<code>lead</code>, <code>beat</code>, <code>discard</code> = face down), "
             "<code>count</code>, and <code>cards</code>, left out for another seat's face-down cards",
    "stock_size": "how many cards are left in the stock",
    "hand_sizes": "how many cards each seat holds, seat 0 to 3",
    "points": "the card points of the <b>face-up</b> cards each team has taken this deal (team A, "
              "team B); the face-down ones count only when the deal is over",
    "tricks": "how many tricks each team has taken this deal",
    "eggs_count": "how many deals of the match so far ended 60–60 (eggs)",
    "scores": "each team's loss points in the match so far (12 lose)",
    "deal_no": "which deal of the match this is, <b>counted from 0</b>: 0 in the first deal, the one "
               "the table's title calls <i>Deal 1</i>",
    "dealer": "the seat that dealt this deal",
    "leader": "the seat whose cards lead this trick (after a claim: the claimant)",
    "original_leader": "the seat that led this trick first, before any claim (the claims are asked from it)",
    "interrupted": "<code>true</code> once someone has claimed in this trick (one claim per trick)",
    "passed": "the seats that passed up a claim in this trick",
    "last_trick": "the trick before this one, one entry per play: [seat, kind, cards, count]; another "
                  "seat's face-down cards show as <code>[]</code> with their count",
    "piles": "the face-up cards each team has taken this deal",
    "hidden": "the face-down cards in each team's pile, as [who laid it, card]; the card is "
              "<code>null</code> unless this seat laid it (or <code>discards_visible=\"all\"</code>, or "
              "the deal's last trick is taken: then they are turned up for the count)",
    "known": "for each seat, the cards everyone knows it holds: the trump card, from the moment it is "
             "drawn, and cards a claim gave back; a seat's list empties when it plays those cards, or "
             "plays any cards face down (then nobody can be sure they are still in the hand). This is "
             "the way to follow who holds the trump card",
    "egg_streak": "how many deals in a row, just before this one, ended in eggs (for the eggs variants)",
    "score_sheet": "one row per finished deal: <code>points</code>, <code>tricks</code>, "
                   "<code>loss_points</code>, <code>eggs</code>, <code>total</code>",
    "winner": "the team that won the match (0 = team A, 1 = team B); <code>null</code> while it goes on",
    "rules": "the options of <code>kozel.Rules</code> in play",
}


OBSERVATION_IS: dict[str, str] = {  # the same, in Icelandic (the twin's table)
    "seat": "sætið sem þessi sýn er fyrir",
    "to_move": "sætið sem á leik núna (sá sem spilar út, sá sem svarar næst, eða sæti sem er spurt "
               "hvort það krefjist útspils); <code>null</code> (<code>None</code> í Python) þegar "
               "leiknum er lokið",
    "hand": "spilin sem sætið er með á hendi, raðað eftir lit (♠ ♥ ♦ ♣), hver litur frá lægsta til hæsta",
    "phase": "hvað <code>to_move</code> á að gera: <code>\"lead\"</code> (spila út), "
             "<code>\"respond\"</code> (slá eða leggja á grúfu; krafa getur verið meðal leikjanna), "
             "<code>\"claim\"</code> (sæti sem á ekki næsta leik er spurt: <code>claim</code> eða "
             "<code>pass</code>), <code>\"over\"</code> (lokið)",
    "trump": "bókstafur tromplitarins",
    "trump_card": "spilið sem gjafarinn sýndi. Það breytist ekki allt spilið: eftir að einhver dregur "
                  "það, og eftir að það er komið í slag, nefnir þetta svið enn sama spilið (og "
                  "<code>state.trump_card</code> líka)",
    "trump_card_position": "hvar spilið liggur í stokknum: hve mörg spil eru ofan á því (0: það er "
                           "dregið næst); <code>null</code> eftir að það hefur verið dregið",
    "trick": "slagurinn á borðinu, ein færsla fyrir hvern leik í honum: <code>seat</code> (sæti), "
             "<code>kind</code> (<code>lead</code> út, <code>beat</code> slær, <code>discard</code> á "
             "grúfu), <code>count</code> (fjöldi) og <code>cards</code> (spilin), sem vantar þegar annað "
             "sæti lagði spilin á grúfu",
    "stock_size": "hve mörg spil eru eftir í stokknum",
    "hand_sizes": "hve mörg spil hvert sæti er með á hendi, sæti 0 til 3",
    "points": "punktar spilanna sem hvort lið hefur fengið <b>upp í loft</b> í þessu spili (lið A, lið "
              "B); spilin á grúfu teljast ekki með fyrr en spilinu er lokið",
    "tricks": "hve marga slagi hvort lið hefur fengið í þessu spili",
    "eggs_count": "hve mörg spil leiksins til þessa hafa endað 60 gegn 60 (egg)",
    "scores": "tapstig hvors liðs í leiknum til þessa (12 tapa)",
    "deal_no": "hvaða spil leiksins þetta er, <b>talið frá 0</b>: 0 í fyrsta spilinu, því sem borðið "
               "kallar <i>1. spil</i>",
    "dealer": "sætið sem gaf í þessu spili",
    "leader": "sætið sem á útspilið í þessum slag (eftir kröfu: sá sem krafðist)",
    "original_leader": "sætið sem spilaði fyrst út í þessum slag, á undan kröfu (spurt er um kröfur "
                       "út frá því)",
    "interrupted": "<code>true</code> eftir að einhver hefur krafist útspils í þessum slag (ein krafa í "
                   "slag)",
    "passed": "sætin sem hafa sleppt kröfu í þessum slag",
    "last_trick": "slagurinn á undan þessum, ein færsla fyrir hvern leik í honum: [sæti, tegund, spil, "
                  "fjöldi]; spil sem annað sæti lagði á grúfu birtast sem <code>[]</code> ásamt fjöldanum",
    "piles": "spilin upp í loft sem hvort lið hefur fengið í þessu spili",
    "hidden": "spilin á grúfu í bunka hvors liðs, sem [hver lagði það, spil]; spilið er "
              "<code>null</code> nema þetta sæti hafi lagt það (eða <code>discards_visible=\"all\"</code>, "
              "eða síðasti slagur spilsins er tekinn: þá er þeim snúið við og þau talin)",
    "known": "fyrir hvert sæti: spilin sem allir vita að það er með: trompspilið, frá því að það er "
             "dregið, og spil sem krafa skilaði aftur á höndina; listinn tæmist þegar sætið spilar "
             "þessum spilum, eða leggur einhver spil á grúfu (þá getur enginn verið viss um að þau séu "
             "enn á hendi). Svona er hægt að fylgjast með því hver er með trompspilið",
    "egg_streak": "hve mörg spil í röð, rétt á undan þessu, enduðu í eggjum (fyrir afbrigðin um egg)",
    "score_sheet": "ein lína fyrir hvert spil sem er lokið: <code>points</code> (punktar), "
                   "<code>tricks</code> (slagir), <code>loss_points</code> (tapstig), <code>eggs</code> "
                   "(egg), <code>total</code> (alls)",
    "winner": "liðið sem vann leikinn (0 = lið A, 1 = lið B); <code>null</code> á meðan leikið er",
    "rules": "stillingar <code>kozel.Rules</code> sem gilda",
}
_OBSERVATION = {"en": OBSERVATION, "is": OBSERVATION_IS}


def observation_table(state: kozel.State, seat: int = 0, lang: str = "en") -> HTML:
    """Every field of `state.observation(seat)`, with its value here and its meaning."""
    return reading.fields_table(state.observation(seat), _OBSERVATION[check_lang(lang)], lang)


def answers(questions: Sequence[Question], lang: str = "en") -> reading.Answers:
    """The quiz's answers, as the engine computed them, with their reasons: a closed box in
    HTML (open it after trying the quiz), written out in print and in plain text."""
    return reading.answers(questions, kozel.NAME[check_lang(lang)], lang)
