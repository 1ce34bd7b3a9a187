"""Helpers for the Lomber notebook, so that its rules sections read as prose and pictures.

- `seating_picture(dealer)` — the three seats seen from above, play going counter-clockwise;
- `deal_picture()` — where the 40 cards of an unshuffled deck go in the deal;
- `hands_picture(state)` — every hand of the deal now running, face up;
- `trump_picture(trumps)`, `plain_picture(trump)`, `nolo_picture()` — the card orders,
  highest first, drawn from `lomber.trump_order`, `plain_order` and `nullo_order`;
- `tricks_picture(examples)` — example tricks, the winning card marked;
- `legal_picture(hand, trick, contract, trump)` — a trick so far, then a hand with every card
  marked "may play" or "may not", as `lomber.legal_plays` decides;
- `contracts_table()` — the contracts in bidding order, read from `lomber.CONTRACTS`, with
  what each pays when won, lost, lost by krúkk and conceded;
- `stacked(...)` / `position(...)` — a game whose first deal gives these cards;
- `calls(state)` — the auction of the deal now running, in words;
- `deal_start(state, deal_no)`, `played_deals(state)` — where a deal began; the deals played out;
- `deal_log(state, deal_no)` — every move of a finished deal, in words;
- `deal_end(state, deal_no)` / `deal_end_picture(end)` — a finished deal: its nine tricks
  and its row of the score sheet, drawn (`end` may be `state.last_deal`, the engine's record
  of the deal just finished; `record_end(record)` reads it as a `DealEnd`);
- `match_sheet(state)` — the score sheet of a match, deal by deal, with running totals;
- `bot_match(levels, seed)` / `mini_tournament(matches, seed)` — computer players at work;
- `questions(lang)` / `quiz(questions, lang)` / `check_quiz(questions, lang)` — the notebook's quiz, every
  answer computed by the engine, checked without being shown; the shared pieces of
  `cardlearn.lessons.common`;
- `OPTIONS` / `options_table()` — every field of `lomber.Rules`: default and meaning;
- `turned_trumps(card)` — a túrnir whose turned card is `card`;
- `OBSERVATION` / `observation_table(state, seat)` — every field of `state.observation(seat)`:
  its value in one position and its meaning;
- `answers(questions, lang)` — the quiz's answers with their reasons, for a copy that was not run.

Every picture, table and printout takes `lang` ("en", the default, or "is"): the English
notebook's output stays as it was (some of it bilingual, as it always was), the Icelandic twin
(`notebooks/is/04-lomber.ipynb`) gets Icelandic only.  The sentences the notebook's cells print
are in `SAY` (see `cardlearn.lessons.language`); `table_text(state, lang)` and
`record_text(end, lang)` are `print(state)` and `print(state.last_deal)` in either language;
`OPTIONS_IS` and `OBSERVATION_IS` are the Icelandic notes of the options and observation
tables; `suit_shown`, `call_shown`, `outcome_shown` and `decimal` write an engine value as a
printout in that language shows it (the engine's notation in English, a word in Icelandic).

Everything is built on the public API of `cardlearn.games.lomber` and on `cardlearn.draw`;
pictures are HTML strings with no ids and no dates, so stored notebook outputs are
reproduced exactly.  Seats are numbered in playing order, which at a Lomber table is
counter-clockwise: seat 1 sits to seat 0's right.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any, NamedTuple, cast

from IPython.display import HTML

from cardlearn.cards import Card, parse_cards
from cardlearn.draw import FONT, TABLE_GREEN, card_html
from cardlearn.games import lomber
from cardlearn.games.lomber import OUTCOME_NAMES, display_order
from cardlearn.lessons import common, reading
from cardlearn.lessons.common import (  # noqa: F401 -- shared pieces, offered here too
    Question,
    cards_row,
    finished_deals,
    labelled,
    new_cards,
    play_deal,
    play_out,
    positions,
)
from cardlearn.lessons.language import Sayings, check_lang
from cardlearn.lessons.numbers import formatted
from cardlearn.protocol import FinishedDeal

ROLES = ("forehand", "middlehand", "rearhand")  # F = dealer + 1, M = dealer + 2, R = the dealer
ROLES_IS = {"forehand": "forhönd", "middlehand": "millihönd", "rearhand": "bakhönd"}
TRUMP_NAMES = ("spadda", "manilía", "basti", "ponti")  # the top trumps' names, in order
SUIT_EN = {"S": "spades ♠", "H": "hearts ♥", "D": "diamonds ♦", "C": "clubs ♣"}
SUIT_IS = {"S": "spaði", "H": "hjarta", "D": "tígull", "C": "lauf"}
SEAT = {"en": "seat {s}", "is": "sæti {s}"}  # a seat as the notebook's prose writes it (0-based)



def _row(end: FinishedDeal | DealEnd) -> lomber.SheetRow:
    """A finished deal's score-sheet row, typed as this game's: a lomber state's record holds
    a lomber row (`FinishedDeal.row` is typed for any game)."""
    return end.row if isinstance(end, DealEnd) else cast(lomber.SheetRow, end.row)

def _cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(Card.parse(str(c)) for c in cards)


def role(seat: int, dealer: int, lang: str = "en") -> str:
    """'forehand', 'middlehand' or 'rearhand' (the dealer) for `seat` in a deal; in
    Icelandic 'forhönd', 'millihönd', 'bakhönd'."""
    word = ROLES[(seat - dealer - 1) % 3]
    return ROLES_IS[word] if check_lang(lang) == "is" else word


def seat_word(seat: int | None, lang: str = "en") -> str:
    """'seat 1' / 'sæti 1'."""
    return SEAT[check_lang(lang)].format(s=seat)


def suit_shown(suit: str | None, lang: str = "en") -> str:
    """A trump suit as a printout shows it: the engine's letter in English ('D', as the
    moves write it), the suit's name in Icelandic ('tígull'); '-' for none."""
    if suit is None:
        return "-"
    return SUIT_IS[suit] if check_lang(lang) == "is" else suit


def call_shown(call: str, lang: str = "en") -> str:
    """A call as a printout shows it: the engine's notation in English ('hrein_nolo', as it is
    typed), the contract's name in Icelandic ('hrein nóló')."""
    return lomber.CONTRACT_NAMES["is"].get(call, call) if check_lang(lang) == "is" else call


def outcome_shown(outcome: str, lang: str = "en") -> str:
    """A deal's outcome as a printout shows it: the engine's word in English ('krukk', as
    the score sheet stores it), its name in Icelandic ('krúkk', 'unnið')."""
    return OUTCOME_NAMES["is"].get(outcome, outcome) if check_lang(lang) == "is" else outcome


def decimal(x: float, spec: str, lang: str = "en") -> str:
    """`format(x, spec)`, with the Icelandic decimal comma and a true minus sign in Icelandic."""
    return formatted(x, spec, lang)


def name(contract: str | None, lang: str = "is") -> str:
    """A contract's name: 'betra spil' (is) or 'betra spil (game in spades)' (en)."""
    return lomber.CONTRACT_NAMES[lang][contract or "-"]


# ---------------------------------------------------------------------------------------
# Seats and the deal

CX, CY = 230, 135  # the centre of the seating picture


def _ellipse(angle: float, rx: float, ry: float) -> tuple[float, float]:
    """The point at `angle` degrees (counter-clockwise from the right) of an ellipse about
    the picture's centre (SVG's y axis points down)."""
    a = math.radians(angle)
    return CX + rx * math.cos(a), CY - ry * math.sin(a)


_SEATING = {"en": ("counter-", "clockwise", "Seat {s}", "{role} ({role_is})", "deals (gefur)"),
            "is": ("á móti", "sólu", "Sæti {s}", "{role_is}", "gjafari")}


def seating_picture(dealer: int = 2, lang: str = "en") -> HTML:
    """The three seats seen from above, seat 0 at the bottom, the direction of play
    (counter-clockwise: seat 1 sits to seat 0's right) as arrows, each seat's role in the
    deal, the dealer marked."""
    top, bottom, seat_name, role_name, deals = _SEATING[check_lang(lang)]
    parts = [f'<ellipse cx="{CX}" cy="{CY}" rx="80" ry="62" fill="{TABLE_GREEN}"/>',
             f'<text x="{CX}" y="{CY - 4}" font-size="12" fill="#fff" text-anchor="middle">{top}</text>',
             f'<text x="{CX}" y="{CY + 11}" font-size="12" fill="#fff" text-anchor="middle">{bottom}</text>']
    for seat in range(3):  # an arrow from each seat towards the next one in playing order
        a0, a1 = 270 + 120 * seat + 32, 270 + 120 * seat + 88
        (x0, y0), (x1, y1) = _ellipse(a0, 112, 92), _ellipse(a1, 112, 92)
        parts.append(f'<path d="M {x0:.1f} {y0:.1f} A 112 92 0 0 0 {x1:.1f} {y1:.1f}" '
                     'fill="none" stroke="#555" stroke-width="2"/>')
        t = math.radians(a1)
        ux, uy = -112 * math.sin(t), -92 * math.cos(t)  # the direction of travel at the tip
        size = math.hypot(ux, uy)
        ux, uy = ux / size, uy / size
        bx, by = x1 - 10 * ux, y1 - 10 * uy
        parts.append(f'<polygon points="{x1:.1f},{y1:.1f} {bx - 5 * uy:.1f},{by + 5 * ux:.1f} '
                     f'{bx + 5 * uy:.1f},{by - 5 * ux:.1f}" fill="#555"/>')
    for seat in range(3):
        x, y = _ellipse(270 + 120 * seat, 150, 118)
        r = role(seat, dealer)
        parts.append(f'<rect x="{x - 80:.1f}" y="{y - 28:.1f}" width="160" height="56" rx="8" fill="#fff" '
                     'stroke="#333" stroke-width="2"/>')
        lines = [(14, "bold", seat_name.format(s=seat)),
                 (11, "normal", role_name.format(role=r, role_is=ROLES_IS[r]))]
        if seat == dealer:
            lines.append((11, "normal", deals))
        for i, (size, weight, text) in enumerate(lines):
            parts.append(f'<text x="{x:.1f}" y="{y - 10 + 15 * i:.1f}" font-size="{size}" '
                         f'font-weight="{weight}" text-anchor="middle">{escape(text)}</text>')
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * CX}" height="290" '
           f'viewBox="0 0 {2 * CX} 290" font-family="{FONT}">' + "".join(parts) + "</svg>")
    return HTML(svg)


def deal_targets(dealer: int = 2) -> list[str]:
    """Where each card of the deck goes, top card first: 'seat s' for the 27 dealt three
    at a time (forehand, middlehand, rearhand, three times round), then 'talon' for 13."""
    return [f"seat {(dealer + 1 + i // 3) % 3}" for i in range(27)] + ["talon"] * 13


def deal_picture(dealer: int = 2, lang: str = "en") -> HTML:
    """The 40 cards of an unshuffled deck, each captioned with where the deal puts it."""
    targets = deal_targets(dealer)
    if check_lang(lang) == "is":
        targets = ["stokkur" if t == "talon" else t.replace("seat", "sæti") for t in targets]
    return labelled(lomber.DECK, targets, height=50)


_HANDS = {"en": ("Seat", "<b>Talon</b> (stokkur): {n} cards, face down"),
          "is": ("Sæti", "<b>Stokkur</b>: {n} spil á grúfu")}


def hands_picture(state: lomber.State, lang: str = "en") -> HTML:
    """Every hand of the deal now running face up, trumps first where they are known (an
    all-seeing view, for studying a deal), each seat with its role; the talon as a count."""
    seat_name, talon = _HANDS[check_lang(lang)]
    rows = []
    for s in range(3):
        cards = display_order(state, state.hands[s])
        rows.append(f'<div style="margin-top:6px"><b>{seat_name} {s}</b> '
                    f'({role(s, state.dealer, lang)})</div>' + cards_row(cards, height=56))
    rows.append('<div style="margin-top:6px">' + talon.format(n=len(state.talon)) + '</div>')
    return HTML("".join(rows))


# ---------------------------------------------------------------------------------------
# Card orders

def _captioned(cards: Sequence[Card], captions: Sequence[tuple[str, str]], height: float = 54) -> str:
    """A row of cards, each with one or two short caption lines under it (a second line
    only where some card of the row has one)."""
    two = any(bottom for _, bottom in captions)
    cells = "".join(f'<div style="text-align:center;font-size:11px;line-height:1.25">'
                    f"{card_html(c, height=height)}<br>{escape(top)}"
                    + (f"<br><i>{escape(bottom)}</i>" if two else "") + "</div>"
                    for c, (top, bottom) in zip(cards, captions))
    return f'<div style="display:flex;flex-wrap:wrap;gap:5px">{cells}</div>'


def _order_row(title: str, cards: Sequence[Card], captions: Sequence[tuple[str, str]],
               height: float = 54) -> str:
    return f'<div style="margin-top:8px"><b>{escape(title)}</b></div>' + _captioned(cards, captions, height)


def trump_captions(trump: str) -> list[tuple[str, str]]:
    """Under each trump: its place (1 = highest) and, for the top ones, its name."""
    order = lomber.trump_order(trump)
    named = 4 if trump in ("H", "D") else 3  # a red trump suit has a ponti, a black one not
    return [(str(i + 1), TRUMP_NAMES[i] if i < named else "") for i in range(len(order))]


_ORDER_WORDS = {
    "en": {"trumps": "{suit_en} trumps (tromp: {suit_is}): {n} trumps",
           "plain": "{suit_en}, {n} cards, highest first", "are_trumps": "{suit_en} are trumps:",
           "nolo": "{suit_en}, highest first"},
    "is": {"trumps": "Þegar {suit_is} er tromp: {n} tromp",
           "plain": "{Suit_is}: {n} spil, hæsta fyrst", "are_trumps": "{Suit_is} er tromp:",
           "nolo": "{Suit_is}, hæsta spil fyrst"},
}


def _order_words(lang: str, key: str, suit: str, n: int = 0) -> str:
    return _ORDER_WORDS[check_lang(lang)][key].format(suit_en=SUIT_EN[suit], suit_is=SUIT_IS[suit],
                                                      Suit_is=SUIT_IS[suit].capitalize(), n=n)


def trump_picture(trumps: Iterable[str] = ("S", "C", "H", "D"), lang: str = "en") -> HTML:
    """One row per trump suit: its trumps from `lomber.trump_order`, highest first."""
    rows = [_order_row(_order_words(lang, "trumps", t, len(lomber.trump_order(t))),
                       lomber.trump_order(t), trump_captions(t)) for t in trumps]
    return HTML("".join(rows))


def plain_picture(trump: str, lang: str = "en") -> HTML:
    """The three other suits when `trump` is trumps, from `lomber.plain_order`, highest first."""
    rows = []
    for s in ("S", "H", "D", "C"):
        cards = lomber.plain_order(s, trump)
        if cards:
            rows.append(_order_row(_order_words(lang, "plain", s, len(cards)), cards,
                                   [(str(i + 1), "") for i in range(len(cards))], height=48))
    return HTML(f"<div><i>{escape(_order_words(lang, 'are_trumps', trump))}</i></div>" + "".join(rows))


def nolo_picture(lang: str = "en") -> HTML:
    """The four suits in the nolo contracts (no trumps), from `lomber.nullo_order`."""
    rows = [_order_row(_order_words(lang, "nolo", s), lomber.nullo_order(s),
                       [(str(i + 1), "") for i in range(10)], height=48) for s in ("S", "C", "H", "D")]
    return HTML("".join(rows))


_PLACES = {"en": ("led", "2nd", "3rd"), "is": ("útspil", "2.", "3.")}  # a card's place in its trick
_TRICK_WORDS = {"en": {"wins": " ★ wins", "trumps": ", {suit} trumps", "no_trumps": ", no trumps",
                       "led_by": "trick {n}, led by seat {s}"},
                "is": {"wins": " ★ tekur", "trumps": ", {suit} tromp", "no_trumps": ", engin tromp",
                       "led_by": "{n}. slagur, sæti {s} spilaði út"}}


def _what(contract: str | None, trump: str | None, lang: str, none: bool = True) -> str:
    """'spil (game), hearts ♥ trumps' / 'spil, hjarta tromp'."""
    w = _TRICK_WORDS[check_lang(lang)]
    suit = (SUIT_EN if lang == "en" else SUIT_IS)[trump] if trump else ""
    return name(contract, lang) + (w["trumps"].format(suit=suit) if trump else w["no_trumps"] if none else "")


def tricks_picture(examples: Iterable[tuple[str, str, str | None]], lang: str = "en") -> HTML:
    """One row per example trick (cards in playing order, leader first; the contract; the
    trump), the winning card marked as `lomber.trick_winner` finds it."""
    w = _TRICK_WORDS[check_lang(lang)]
    rows = []
    for cards, contract, trump in examples:
        trick = _cards(cards)
        won = lomber.trick_winner(trick, contract, trump)
        caps = [_PLACES[lang][i] + (w["wins"] if i == won else "") for i in range(len(trick))]
        what = _what(contract, trump, lang)
        rows.append(f'<div style="display:flex;align-items:center;gap:14px;margin-top:6px">'
                    f'<div style="width:230px">{escape(what)}</div>'
                    + common.labelled_html(trick, caps, height=52) + "</div>")
    return HTML("".join(rows))


_LEGAL_WORDS = {"en": ("✔ may play", "✘ may not", "On the table", "Your hand"),
                "is": ("✔ má", "✘ má ekki", "Á borðinu", "Á hendi þinni")}


def legal_picture(hand: str | Iterable[Card | str], trick: str | Iterable[Card | str], contract: str,
                  trump: str | None, lang: str = "en") -> HTML:
    """The trick so far (the first card led), then the hand, each card captioned "may
    play" or "may not" as `lomber.legal_plays` decides."""
    may, may_not, table, yours = _LEGAL_WORDS[check_lang(lang)]
    hand, trick = _cards(hand), _cards(trick)
    legal = set(lomber.legal_plays(hand, trick, contract, trump))
    led = common.labelled_html(trick, list(_PLACES[lang])[:len(trick)], height=56)
    mine = common.labelled_html(hand, [may if c in legal else may_not for c in hand], height=56)
    what = _what(contract, trump, lang, none=False)
    return HTML(f"<div><i>{escape(what)}</i></div>"
                f'<div style="display:flex;gap:28px;align-items:flex-start;margin-top:4px">'
                f"<div><b>{table}</b>{led}</div><div><b>{yours}</b>{mine}</div></div>")


# ---------------------------------------------------------------------------------------
# The contracts

_CONTRACT_WORDS = {
    "en": {"named": "the declarer names one", "S": "spades", "turned": "the suit of the turned card",
           "nolo": "none (nolo order)", "grandisamo": "only spadda and basti",
           "spil": "the declarer names ♥, ♦ or ♣", "solo": "the declarer names ♣, ♥ or ♦",
           "all": "declarer, then the defenders", "declarer": "the declarer only",
           "defenders": "the defenders only", "none": "nobody",
           "no_trick": "take no trick", "most": "take most tricks",
           "kupp_loss": "2 + 1 per trick after the first", "no_krukk": "— (no krúkk in nolo)",
           "no_concede": "may not concede"},
    "is": {"named": "sagnhafi nefnir tromp", "S": "spaði", "turned": "litur spilsins sem velt er",
           "nolo": "engin (nóló-röð)", "grandisamo": "aðeins spadda og basti",
           "spil": "sagnhafi nefnir ♥, ♦ eða ♣", "solo": "sagnhafi nefnir ♣, ♥ eða ♦",
           "all": "sagnhafi, síðan mótspilararnir", "declarer": "sagnhafi einn",
           "defenders": "mótspilararnir einir", "none": "enginn",
           "no_trick": "fá engan slag", "most": "fá flesta slagi",
           "kupp_loss": "2 + 1 fyrir hvern slag eftir þann fyrsta", "no_krukk": "— (ekkert krúkk í nóló)",
           "no_concede": "má ekki leggja sig"},
}
_CONTRACT_HEAD = {
    "en": ["level", "contract (is)", "in English", "declarer must", "trumps", "who may buy",
           "won: each defender pays", "lost or remis: declarer pays each", "krúkk: declarer pays each",
           "conceded: declarer pays each"],
    "is": ["þrep", "sögn", "sagnhafi þarf að", "tromp", "hverjir mega kaupa",
           "unnið: hvor mótspilari greiðir", "tapað eða remis: sagnhafi greiðir hvorum",
           "krúkk: sagnhafi greiðir hvorum", "lagði sig: sagnhafi greiðir hvorum"],
}


def contract_trumps(contract: str, lang: str = "en") -> str:
    """What is trumps in `contract`, in words."""
    w = _CONTRACT_WORDS[check_lang(lang)]
    c = lomber.CONTRACTS[contract]
    if c.kind == "nolo":
        return w["nolo"]
    if c.kind == "grandisamo":
        return w["grandisamo"]
    if contract in ("spil", "solo"):
        return w[contract]
    assert c.trump is not None  # only the nolo contracts have no trumps
    return w[c.trump]


def contracts_table(rules: lomber.Rules | None = None, lang: str = "en") -> HTML:
    """Every contract, lowest first, with its level, aim, trumps, who may buy and the bits
    each defender pays or is paid when it is won, lost (or remis), lost by krúkk and
    conceded, all read from `lomber.CONTRACTS`.  The English table names each contract in
    both languages; the Icelandic one needs no gloss."""
    rules = rules or lomber.Rules()
    w = _CONTRACT_WORDS[check_lang(lang)]
    head = _CONTRACT_HEAD[lang]
    rows = []
    for cid, c in sorted(lomber.CONTRACTS.items(), key=lambda kv: lomber.contract_level(kv[0], rules)):
        if cid == "grandisamo" and not rules.enable_grandisamo:
            continue
        won, lost, krukk, conceded = c.pay
        loss = w["kupp_loss"] if cid == "kupp" else str(lost)
        may_concede = c.concede and rules.allow_concede and conceded is not None
        english = [escape(name(cid, "en").partition(" (")[2].rstrip(")") or name(cid, "en"))]
        rows.append([str(lomber.contract_level(cid, rules)), f"<b>{escape(name(cid))}</b> <code>{cid}</code>",
                     *(english if lang == "en" else []),
                     w["no_trick"] if c.kind == "nolo" else w["most"],
                     escape(contract_trumps(cid, lang)), w[c.exchange], str(won), loss,
                     w["no_krukk"] if krukk is None else str(krukk),
                     str(conceded) if may_concede else w["no_concede"]])
    return HTML(common.html_table(head, rows))


# ---------------------------------------------------------------------------------------
# Stacked positions

def stacked(hands: dict[int, str], talon: str = "", dealer: int = 2) -> tuple[Card, ...]:
    """A 40-card deck, top card first, whose first deal (by `dealer`) gives seat s the
    cards of `hands[s]` (at most 9) and puts `talon` on top of the talon; every other place
    gets the unused cards in deck order."""
    targets = deal_targets(dealer)
    chosen = {f"seat {s}": list(_cards(text)) for s, text in hands.items()}
    chosen["talon"] = list(_cards(talon))
    for where, cards in chosen.items():
        if len(cards) > targets.count(where):
            raise ValueError(f"the deal gives {where} only {targets.count(where)} cards, not {len(cards)}")
    named = [c for cards in chosen.values() for c in cards]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice: a deck has each card once")
    rest = [c for c in lomber.DECK if c not in named]
    return tuple((chosen.get(where) or rest).pop(0) for where in targets)


def position(hands: dict[int, str], talon: str = "", dealer: int = 2,
             rules: lomber.Rules | None = None) -> lomber.State:
    """A new match whose first deal gives these cards (see `stacked`)."""
    return lomber.new_game(deck=stacked(hands, talon, dealer), dealer=dealer, rules=rules or lomber.Rules())


# ---------------------------------------------------------------------------------------
# A deal in words and pictures

def _who(state: lomber.State, seat: int | None, lang: str = "en") -> str:
    assert seat is not None  # only a position with a seat to move is narrated
    return f"{seat_word(seat, lang)} ({role(seat, state.dealer, lang)})"


def calls(state: lomber.State, lang: str = "en") -> str:
    """The calls of the auction so far in this deal, one line each."""
    start = len(state.history) - _deal_moves(state)
    lines = []
    for before, move in positions(state)[start:]:
        if move.kind != "bid":
            break
        lines.append(f"{_who(before, before.to_move, lang)}: {lomber.describe(before, move, lang)}")
    return "\n".join(lines)


def _deal_moves(state: lomber.State) -> int:
    """How many moves of the history belong to the deal now running."""
    n = 0
    for before, _ in positions(state):
        n = 0 if before.deal_no != state.deal_no else n + 1
    return n


def deal_moves(state: lomber.State, deal_no: int) -> list[tuple[lomber.State, Any]]:
    """The positions of deal `deal_no` of the match, each with the move made from it."""
    return [(before, move) for before, move in positions(state) if before.deal_no == deal_no]


def deal_start(state: lomber.State, deal_no: int) -> lomber.State:
    """The position at the start of deal `deal_no` of the match (cards dealt, no call yet)."""
    moves = deal_moves(state, deal_no)
    if not moves:
        raise ValueError(f"deal {deal_no + 1} has no moves in this match")
    return moves[0][0]


def played_deals(state: lomber.State) -> list[int]:
    """The deals of the match that were played out to the ninth trick (not passed, not
    conceded), counted from 0."""
    return [n for n, row in enumerate(state.score_sheet) if row["outcome"] not in ("all_pass", "conceded")]


_LOG_WORDS = {"en": {"trick": "trick {n}: ", "play": "plays the game out (does not concede)",
                     "thrown": "discards {cards}, ", "nothing": "nothing"},
              "is": {"trick": "{n}. slagur: ", "play": "spilar áfram (leggur sig ekki)",
                     "thrown": "leggur {cards} frá sér, ", "nothing": "ekkert"}}


def deal_log(state: lomber.State, deal_no: int = 0, lang: str = "en") -> str:
    """Every move of deal `deal_no`, in words, by an all-seeing narrator: the auction,
    the declaring steps and the exchanges, then the nine tricks one line each."""
    w = _LOG_WORDS[check_lang(lang)]
    moves = deal_moves(state, deal_no)
    if not moves:
        raise ValueError(f"deal {deal_no + 1} has no moves in this match")
    lines, trick = [], []
    for before, move in moves:
        if move.kind == "card":
            who = before.to_move
            trick.append(f"{seat_word(who, lang)} {move.arg.symbol}")
            if len(before.trick) == 2:
                cards = (*before.trick, move.arg)
                won = (before.leader + lomber.trick_winner(cards, before.contract, before.trump)) % 3
                lines.append(w["trick"].format(n=len(before.played) + 1) + ", ".join(trick)
                             + f" → {seat_word(won, lang)}")
                trick = []
            continue
        if move.kind == "discard":
            continue  # folded into the line of its 'done'
        text = lomber.describe(before, move, lang)
        if move.kind == "say" and before.step == "concede":
            text = w["play"] if move.arg == "play" else text
        seat = before.to_move
        assert seat is not None  # a move was made from this position
        if move.kind == "done":
            thrown = " ".join(c.symbol for c in before.discards[seat][before.bought[seat]:])
            text = w["thrown"].format(cards=thrown or w["nothing"]) + text
        lines.append(f"{_who(before, seat, lang)}: {text}")
    return "\n".join(lines)


class DealEnd(NamedTuple):
    """A finished deal, worked out again from its moves."""

    deal_no: int                                  # 0 for the first deal
    dealer: int
    contract: str | None
    declarer: int | None
    trump: str | None
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]  # (leader, cards, winner) per trick
    row: lomber.SheetRow                          # the engine's score-sheet row for this deal


def record_end(end: FinishedDeal) -> DealEnd:
    """The engine's record of a finished deal (`state.last_deal`) as a `DealEnd`: each
    trick of `details["played"]` with the seat that won it (`lomber.trick_winner`)."""
    contract, trump = end.details["contract"], end.details["trump"]
    tricks = tuple((leader, tuple(cards), (leader + lomber.trick_winner(cards, contract, trump)) % 3)
                   for leader, cards in end.details["played"])
    return DealEnd(end.index, end.dealer, contract, end.details["declarer"], trump, tricks, _row(end))


def deal_end(state: lomber.State, deal_no: int = 0) -> DealEnd:
    """Deal `deal_no` of the match `state` (which must be past it), from the record the
    engine kept when it ended (`finished_deals(state)[deal_no]`): after the last card
    the engine pays and deals the next one at once."""
    sheet = state.score_sheet
    if not 0 <= deal_no < len(sheet):
        raise ValueError(f"deal {deal_no + 1} is not finished in this match ({len(sheet)} finished)")
    return record_end(common.finished_deals(state)[deal_no])


def score_row_html(row: Mapping[str, Any], dealer: int | None = None, lang: str = "en") -> str:
    """One row of the score sheet as a small table: one line per seat with its tricks and
    payment, under Icelandic and English headings (Icelandic only in the Icelandic
    notebook); the outcome named in both languages (or in Icelandic)."""
    names_is, names_en = lomber.SHEET_NAMES["is"], lomber.SHEET_NAMES["en"]
    icelandic = check_lang(lang) == "is"

    def head(key: str) -> str:
        if icelandic:
            return escape(names_is[key])
        return f"{escape(names_is[key])}<br><i>{escape(names_en[key])}</i>"

    lines = []
    for s in range(3):
        who = f"<b>{seat_word(s, lang)}</b>" + (f" ({role(s, dealer, lang)})" if dealer is not None else "")
        mark = (" ← sagnhafi" if icelandic else " ← declarer") if row["declarer"] == s else ""
        lines.append([who + mark, str(row["tricks"][s]), f"<b>{row['payments'][s]:+d}</b>"])
    outcome = row["outcome"]
    words = (OUTCOME_NAMES["is"][outcome] if icelandic
             else f"{OUTCOME_NAMES['is'][outcome]} / {OUTCOME_NAMES['en'][outcome]}")
    top = (f"<div>{head('contract').replace('<br>', ' ')}: <b>{escape(name(row['contract']))}</b> · "
           f"{head('outcome').replace('<br>', ' ')}: <b>{escape(words)}</b></div>")
    return top + common.html_table(["", head("tricks"), head("payments")], lines)


_END_WORDS = {"en": {"title": "<b>Deal {n}</b> — {what}", "by": "{c} by seat {d}", "wins": "★ wins",
                     "holds": "<b>seat {s}</b> still holds: {cards}"},
              "is": {"title": "<b>{n}. gjöf</b> — {what}", "by": "{c}, sagnhafi sæti {d}", "wins": "★ tekur",
                     "holds": "<b>sæti {s}</b> á enn á hendi: {cards}"}}


def deal_end_picture(end: DealEnd | FinishedDeal, lang: str = "en") -> HTML:
    """The tricks of a deal (nine, unless it ended early), each card captioned with who
    played it and the winner marked, then the deal's row of the score sheet.  `end` is
    `deal_end(...)` or the engine's own record, `state.last_deal`; from the record the
    cards still held at the end (after a concession, say) are drawn too."""
    held = end.hands if isinstance(end, FinishedDeal) else ()
    if isinstance(end, FinishedDeal):
        end = record_end(end)
    w, tw = _END_WORDS[check_lang(lang)], _TRICK_WORDS[lang]
    suits = SUIT_IS if lang == "is" else SUIT_EN
    what = w["by"].format(c=name(end.contract), d=end.declarer) + (
        tw["trumps"].format(suit=suits[end.trump]) if end.trump else "")
    parts = [f"<div>{w['title'].format(n=end.deal_no + 1, what=escape(what))}</div>"]
    cells = []
    for n, (leader, cards, won) in enumerate(end.tricks, 1):
        seats = [(leader + i) % 3 for i in range(3)]
        caps = [(seat_word(s, lang), w["wins"] if s == won else "") for s in seats]
        led_by = tw["led_by"].format(n=n, s=leader)
        first, _, rest = led_by.partition(",")  # the trick's number in bold
        cells.append(f'<div style="border:1px solid #bbb;border-radius:6px;padding:3px">'
                     f'<div style="font-size:12px"><b>{first}</b>,{rest}</div>'
                     + _captioned(cards, caps, height=48) + "</div>")
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 10px 0">'
                 + "".join(cells) + "</div>")
    parts += [common.ROW.format(w["holds"].format(s=s, cards=common.cards_row(hand, height=40)))
              for s, hand in enumerate(held) if hand]
    parts.append(score_row_html(_row(end), end.dealer, lang))
    return HTML("".join(parts))


# ---------------------------------------------------------------------------------------
# Matches

_SHEET_HEAD = {"en": ("deal", "dealer", "contract", "decl.", "tricks", "outcome", "payments", "totals"),
               "is": ("gjöf", "gjafari", "sögn", "sagnh.", "slagir", "úrslit", "greiðslur", "staða")}


def match_sheet(state: lomber.State, lang: str = "en") -> str:
    """The score sheet of a match as text: per deal its dealer, contract and declarer,
    tricks, outcome, payments and the running totals."""
    deal, dealer_, contract, decl, tricks_, outcome, payments, totals_ = _SHEET_HEAD[check_lang(lang)]
    wide = max([9] + [len(outcome_shown(r["outcome"], lang)) + 1 for r in state.score_sheet])
    dw, rw = max(6, len(dealer_)), max(5, len(decl))  # the columns' widths fit the heading
    lines = [f"{deal:>4} {dealer_:>{dw}}  {contract:<13}{decl:>{rw}}  {tricks_:<8}{outcome:<{wide}}"
             f"{payments:<13}{totals_}"]
    totals = [0, 0, 0]
    for n, row in enumerate(state.score_sheet):
        dealer = (state.start().dealer + n) % 3
        totals = [t + p for t, p in zip(totals, row["payments"])]
        declarer = "-" if row["declarer"] is None else str(row["declarer"])
        tricks = "-".join(map(str, row["tricks"])) if row["contract"] else "-"
        pays = " ".join(f"{p:+d}" for p in row["payments"])
        lines.append(f"{n + 1:>4} {dealer:>{dw}}  {name(row['contract']):<13}{declarer:>{rw}}  {tricks:<8}"
                     f"{outcome_shown(row['outcome'], lang):<{wide}}{pays:<13}"
                     + " ".join(f"{t:+d}" for t in totals))
    return "\n".join(lines)


def bot_match(levels: Sequence[str], seed: int, rules: lomber.Rules | None = None) -> lomber.State:
    """A whole match: seat s is played by a `lomber.BOTS[levels[s]]` bot seeded `seed + s`;
    the deals are shuffled from `seed`.  The final position."""
    bots = [lomber.BOTS[level](seed=seed + s) for s, level in enumerate(levels)]
    state = lomber.new_game(seed=seed, rules=rules or lomber.Rules())
    while (seat := state.to_move) is not None:
        state = state.apply(bots[seat].choose(state, seat))
    return state


class Result(NamedTuple):
    """One match of a mini-tournament: the seat of the strong bot, its net bits, whether it won."""

    seat: int
    net: int
    won: bool


def mini_tournament(matches: int, seed: int, level: str = "thumb") -> list[Result]:
    """`matches` whole matches of one `level` bot against two random bots, the strong bot
    moving round the seats (seat 0, 1, 2, 0, …); match m is seeded `seed + m`."""
    results = []
    for m in range(matches):
        seat = m % 3
        state = bot_match([level if s == seat else "random" for s in range(3)], seed + 10 * m)
        results.append(Result(seat, state.scores[seat], state.winner == seat))
    return results


# ---------------------------------------------------------------------------------------
# A quiz

Q2_HAND, Q2_LED = "7H 3H KS", "AC"  # hearts trumps, basti led: the manilía is higher, 3♥ is not
Q5_CALLS = "spil, turnir, pass, kupp"  # on the unshuffled deck: who speaks after seat 2's kúpp?

# What the teacher expects the engine to answer; `check_quiz` compares, without printing.
_EXPECTED = {"en": ("7♥", "7♥ or 3♥", "remis", 6, "seat 1", 1),
             "is": ("7♥", "7♥ eða 3♥", "remis", 6, "sæti 1", 1)}

# The quiz's words.  The right answers are the engine's, the same in both languages; only
# the words around them differ (Q2's options name sets of cards, Q3's outcomes, Q5's seats).
_QUIZ = {
    "en": {
        "q1": "Hearts are trumps. Which card is the second-highest trump, the manilía?",
        "why1": "With a red trump suit the manilía is its seven: A♠ (spadda), 7♥, A♣ (basti), A♥ (ponti), "
                "K♥, …",
        "q2": "Hearts are trumps and basti (A♣) is led. Your hand:{cards}Which cards may you play?",
        "both": "7♥ or 3♥", "low": "only 3♥", "any": "any of the three", "high": "only 7♥",
        "why2": "Trumps were led, so you must play a trump. Your manilía 7♥ ranks above basti, so it "
                "is protected: you need not play it. But 3♥ is an ordinary trump, so you must play a "
                "trump: 3♥, or the manilía if you choose. K♠ is not allowed.",
        "q3": "The declarer of a grand-túrnir took 4 tricks; the defenders took 1 and 4. "
              "What is the outcome?",
        "why3": "A defender ties the declarer for the most tricks: remis, paid as an ordinary loss. "
                "The other defender's single trick does not matter: the defenders do not add up their "
                "tricks. (Krúkk needs a defender with more tricks than the declarer.)",
        "q4": "The declarer of a kúpp took 5 tricks. How many bits does he pay each defender?",
        "why4": "2 for the first trick and 1 for each of the four more: 2 + 4 = 6 to each defender.",
        "q5": "Seat 0 (forehand) bids spil, seat 1 bids túrnir, seat 0 passes, and seat 2 bids kúpp. "
              "Who speaks next?",
        "why5": "Seat 0 passed, and a pass is final: it is out. Kúpp outbid seat 1's túrnir, so the turn "
                "goes back to seat 1, which sits earlier than seat 2 and may hold kúpp, bid higher or "
                "pass.",
        "q6": "After the exchange, the declarer of a spil fears that a defender will take more "
              "tricks than he does. If he concedes now, how many bits does he pay each defender?",
        "why6": "1, the same as an ordinary loss. Conceding does not make losing cheaper; it saves him "
                "from the risk of a krúkk, which in spil costs 2 to each defender.",
    },
    "is": {
        "q1": "Hjarta er tromp. Hvert er næsthæsta trompið, manilían?",
        "why1": "Þegar rauður litur er tromp er manilían sjöan í tromplitnum: A♠ (spadda), 7♥, A♣ (basti), "
                "A♥ (ponti), K♥, …",
        "q2": "Hjarta er tromp og basta (A♣) er spilað út. Á hendi þinni:{cards}Hvaða spilum máttu "
              "spila?",
        "both": "7♥ eða 3♥", "low": "aðeins 3♥", "any": "hverju þeirra sem er", "high": "aðeins 7♥",
        "why2": "Trompi var spilað út, svo að þú verður að fylgja lit með trompi ef þú getur. Manilían 7♥ "
                "er hærri en basti og því undanþegin: hana þarftu ekki að láta. En 3♥ er "
                "venjulegt tromp, svo að þú verður að láta tromp: 3♥, eða manilíuna ef þú vilt það heldur. "
                "K♠ máttu ekki spila.",
        "q3": "Sagnhafi í grand-túrni fékk 4 slagi; mótspilararnir fengu 1 og 4. Hver eru úrslitin?",
        "why3": "Annar mótspilarinn fékk jafnmarga slagi og sagnhafinn, og enginn fékk fleiri: það er "
                "remis, sem er greitt eins og venjulegt tap. Eini slagur hins skiptir engu máli, því að "
                "slagir mótspilaranna eru ekki lagðir saman. (Krúkk verður aðeins ef mótspilari fær "
                "fleiri slagi en sagnhafinn.)",
        "q4": "Sagnhafi í kúpp fékk 5 slagi. Hve marga bita greiðir hann hvorum mótspilara?",
        "why4": "2 fyrir fyrsta slaginn og 1 fyrir hvern hinna fjögurra: 2 + 4 = 6 hvorum mótspilara.",
        "q5": "Sæti 0 (forhönd) segir spil, sæti 1 segir túrni, sæti 0 segir pass og sæti 2 segir kúpp. "
              "Hver á að segja næst?",
        "why5": "Sæti 0 sagði pass og er úr sögnum: pass verður ekki tekið aftur. Kúpp er "
                "hærri sögn en túrnirinn sem sæti 1 sagði, svo að röðin kemur aftur að sæti 1. Það situr "
                "á undan sæti 2 og má því halda (segja líka kúpp), segja hærra eða segja pass.",
        "q6": "Eftir kaupin óttast sagnhafi í spili að annar mótspilarinn fái fleiri slagi en hann. "
              "Ef hann leggur sig núna, hve marga bita greiðir hann þá hvorum mótspilara?",
        "why6": "1, jafnmikið og fyrir venjulegt tap. Tapið verður ekki ódýrara þótt hann leggi sig, en "
                "hann losnar við hættuna á krúkk, sem kostar 2 bita á mann í spili.",
    },
}


def questions(lang: str | lomber.Rules = "en", rules: lomber.Rules | None = None) -> list[Question]:
    """The notebook's six questions in `lang`.  Every right answer is computed here by the
    engine, the same in both languages; none repeats a worked example of the notebook: each
    asks to use a rule on a new case.  (`questions(rules)`, the older call, still works:
    English questions under those rules.)"""
    if isinstance(lang, lomber.Rules):
        rules, lang = lang, "en"  # the older call, questions(rules)
    language = check_lang(lang)
    w = _QUIZ[language]
    rules = rules or lomber.Rules()
    q2 = {frozenset(_cards("7H 3H")): w["both"], frozenset(_cards("3H")): w["low"],
          frozenset(_cards(Q2_HAND)): w["any"], frozenset(_cards("7H")): w["high"]}
    after = play_out(position({}, rules=rules), Q5_CALLS)
    outcomes = ["win", "remis", "krukk"]
    return [
        Question(w["q1"], ["2♥", "7♥", "A♥", "K♥"], lomber.trump_order("H")[1].symbol, w["why1"]),
        Question(w["q2"].format(cards=cards_row(Q2_HAND)), [w["low"], w["both"], w["any"], w["high"]],
                 q2.get(frozenset(lomber.legal_plays(Q2_HAND, Q2_LED, "spil", "H")), "?"), w["why2"]),
        Question(w["q3"], [outcome_shown(o, language) for o in outcomes],
                 outcome_shown(lomber.outcome("grand_turnir", (4, 1, 4), 0), language), w["why3"]),
        Question(w["q4"], [2, 5, 6, 7], lomber.deal_payments("kupp", 0, (5, 2, 2), rules)[1][1], w["why4"]),
        Question(w["q5"], [seat_word(s, language) for s in range(3)], seat_word(after.to_move, language),
                 w["why5"]),
        Question(w["q6"], [0, 1, 2, 4],
                 lomber.deal_payments("spil", 0, (0, 0, 0), rules, conceded=True)[1][1], w["why6"]),
    ]


def quiz(questions: Sequence[Question], lang: str = "en") -> common.Quiz:
    """The questions, numbered from 1, as one widget (static HTML, without the answers,
    where it is not run)."""
    return common.quiz(questions, "Lomber", lang)


def check_quiz(questions: Sequence[Question], lang: str = "en") -> int:
    """The teacher's check (`common.check_answers`), which prints no answer."""
    return common.check_answers(questions, _EXPECTED[check_lang(lang)])


# ---------------------------------------------------------------------------------------
# The variant options

OPTIONS: dict[str, tuple[str, str]] = {  # Rules field -> (meaning of the default, other choices)
    "betra_spil_position": ("betra spil (a game in spades) ranks between spil and túrnir",
                            "'above_turnir': betra spil ranks just above túrnir"),
    "level7_hold": ("at level 7 an earlier seat holds only by naming the same contract "
                    "(spaðasóló holds spaðasóló, hrein nóló holds hrein nóló), as at level 6, "
                    "where it is always so",
                    "'any_level7': either level-7 contract holds the other (level 6 has no such "
                    "option)"),
    "trump_named": ("in spil the declarer names trumps after his own exchange, before the defenders'",
                    "'at_bid': trumps are named as soon as the auction is won"),
    "declarer_exchange_min": ("the declarer of spil or betra spil may exchange no card at all; in "
                              "túrnir and grand-túrnir he must still buy one card, the turned one "
                              "(see turnir_card)",
                              "any number from 0 to declarer_exchange_max: the fewest cards the "
                              "declarer of those four contracts must exchange"),
    "declarer_exchange_max": ("that declarer may exchange up to all 9 cards (as the talon allows)",
                              "any number from declarer_exchange_min to 9"),
    "turnir_card": ("in túrnir the turned card goes to the declarer as his first bought card",
                    "'stays_on_talon': it only names trumps and stays on top of the talon"),
    "enable_grandisamo": ("grandisamó (only the black aces are trumps) may be bid, at the sóló level",
                          "False: no grandisamó"),
    "enable_totus": ("no tótus", "True: a declarer who won the first five tricks may announce tótus, "
                                 "promising all nine"),
    "totus_bonus": ("a tótus pays 1 bit more from each defender (or costs 1 more if it fails)",
                    "any whole number ≥ 0; used only with enable_totus"),
    "kupp_loss_cap": ("no cap: a lost kúpp costs 2 for the first trick and 1 for each further "
                      "one, to each defender", "a whole number ≥ 2 (often 4, 5 or 6): the most it costs"),
    "must_trump_when_void": ("a player who cannot follow suit may play any card",
                             "True: he must play a trump if he has one"),
    "must_overtake": ("a player who follows suit need not beat the trick",
                      "True: he must beat it if he can"),
    "nolo_stop_early": ("a nolo contract is played to the ninth trick (kúpp pays per trick)",
                        "True: it stops as soon as the declarer takes a trick"),
    "allow_spil_to_kupp": ("the winner of a spil auction may turn it into kúpp before exchanging",
                           "False: a spil stays a spil"),
    "allow_concede": ("the declarer of spil, betra spil, túrnir or grand-túrnir may concede "
                      "(leggja sig) after the exchange: he pays what a plain loss costs, and so escapes the "
                      "risk of a krúkk", "False: every game is played out"),
    "grand_turnir_spade_bonus": ("grand-túrnir pays as grand-túrnir whatever card is turned",
                                 "True: a grand-túrnir that turns a spade pays as spaðasóló"),
    "match_deals": ("a match is 12 deals, so each seat deals four times",
                    "any positive multiple of 3 (3, 6, 9, …)"),
    "defender_exchange_order": ("the defenders exchange in playing order from the declarer",
                                "'seat_order': forehand first, then the next defender"),
    "variant": ("classic lomber", "no other yet ('rauðuása-lomber' is played at Skriðuklaustur, "
                                  "but its rules are not written down)"),
}


OPTIONS_IS: dict[str, tuple[str, str]] = {  # the same notes in Icelandic, for the Icelandic notebook
    "betra_spil_position": ("betra spil (spil í spaða) er á milli spils og túrnis",
                            "'above_turnir': betra spil er næst fyrir ofan túrni"),
    "level7_hold": ("á 7. þrepi heldur sá sem situr á undan aðeins með því að segja sömu sögn "
                    "(spaðasóló heldur spaðasóló, hrein nóló heldur hreinni nóló), eins og á 6. þrepi, "
                    "þar sem svo er alltaf",
                    "'any_level7': hvor sögnin á 7. þrepi heldur hinni (á 6. þrepi er enginn slíkur "
                    "kostur)"),
    "trump_named": ("í spili nefnir sagnhafi tromp eftir sín eigin kaup, á undan kaupum mótspilaranna",
                    "'at_bid': tromp er nefnt um leið og sögnin er fengin"),
    "declarer_exchange_min": ("sagnhafi í spili eða betra spili má sleppa því að kaupa; í túrni og "
                              "grand-túrni verður hann þó að kaupa eitt spil, spilið sem velt var "
                              "(sjá turnir_card)",
                              "hver tala frá 0 upp í declarer_exchange_max: fæst spil sem sagnhafi í "
                              "þessum fjórum sögnum verður að kaupa"),
    "declarer_exchange_max": ("þessi sagnhafi má kaupa allt að 9 spil (eins og stokkurinn leyfir)",
                              "hver tala frá declarer_exchange_min upp í 9"),
    "turnir_card": ("í túrni fær sagnhafi spilið sem velt var sem fyrsta keypta spilið sitt",
                    "'stays_on_talon': það ræður aðeins trompinu og liggur áfram efst á stokknum"),
    "enable_grandisamo": ("grandisamó (aðeins svörtu ásarnir eru tromp) má segja, jafnhátt sóló",
                          "False: ekkert grandisamó"),
    "enable_totus": ("ekkert tótus", "True: sagnhafi sem fékk fimm fyrstu slagina má segja tótus og "
                                     "lofar þá öllum níu"),
    "totus_bonus": ("tótus gefur 1 bita meira frá hvorum mótspilara (eða kostar 1 meira ef það bregst)",
                    "hver heil tala ≥ 0; gildir aðeins með enable_totus"),
    "kupp_loss_cap": ("ekkert hámark: tapað kúpp kostar 2 fyrir fyrsta slaginn og 1 fyrir hvern sem "
                      "á eftir kemur, hvorum mótspilara",
                      "heil tala ≥ 2 (oft 4, 5 eða 6): það mesta sem tapað kúpp kostar"),
    "must_trump_when_void": ("sá sem getur ekki fylgt lit má láta hvaða spil sem er",
                             "True: hann verður að trompa ef hann á tromp"),
    "must_overtake": ("sá sem fylgir lit þarf ekki að taka slaginn",
                      "True: hann verður að fara yfir ef hann getur"),
    "nolo_stop_early": ("nóló-sögn er spiluð til níunda slags (kúpp er greitt eftir slagafjölda)",
                        "True: spilinu lýkur um leið og sagnhafi fær slag"),
    "allow_spil_to_kupp": ("sá sem fær sögnina spil má breyta henni í kúpp áður en keypt er",
                           "False: spil er alltaf spil"),
    "allow_concede": ("sagnhafi í spili, betra spili, túrni eða grand-túrni má leggja sig eftir "
                      "kaupin: hann greiðir það sem venjulegt tap kostar og losnar þannig við hættuna "
                      "á krúkk", "False: öll spil eru spiluð til enda"),
    "grand_turnir_spade_bonus": ("grand-túrnir er greiddur sem grand-túrnir hvaða spili sem velt er",
                                 "True: grand-túrnir þar sem spaða er velt er greiddur sem spaðasóló"),
    "match_deals": ("leikurinn er 12 gjafir, svo að hver gefur fjórum sinnum",
                    "hvert jákvætt margfeldi af 3 (3, 6, 9, …)"),
    "defender_exchange_order": ("mótspilararnir kaupa í spilaröð frá sagnhafa",
                                "'seat_order': forhönd fyrst, svo hinn mótspilarinn"),
    "variant": ("klassískt lomber", "engin önnur enn (rauðuása-lomber er spilað á Skriðuklaustri, "
                                    "en reglur þess hafa ekki verið skráðar)"),
}


def options_table(notes: dict[str, tuple[str, str]] | None = None, lang: str = "en") -> HTML:
    """Every field of `lomber.Rules`, in order, with its default, meaning and alternatives.
    A field without a note is an error, so the table cannot silently fall behind the engine."""
    own = OPTIONS_IS if check_lang(lang) == "is" else OPTIONS
    return common.options_table(lomber.Rules, own if notes is None else notes, lang)


# ---------------------------------------------------------------------------------------
# What a seat may see, and the quiz's answers for a copy that was not run

OBSERVATION: dict[str, str] = {  # a field of `state.observation(seat)` -> what it means
    "seat": "the seat this observation is for",
    "to_move": "the seat that must act now; <code>null</code> (Python <code>None</code>) once the match "
               "is over",
    "hand": "the cards this seat holds",
    "phase": "the part of the deal: <code>auction</code>, <code>declare</code> (the declarer decides: "
             "keep spil or turn it into kúpp, name trumps, play or concede), <code>exchange</code>, "
             "<code>play</code>, <code>over</code>",
    "step": "the step within it, the one the moves are for (see \"How moves are written\"): "
            "<code>auction</code>, <code>convert</code>, <code>trump</code>, <code>ex0</code>/"
            "<code>ex1</code>/<code>ex2</code> (that seat's exchange), <code>concede</code>, "
            "<code>totus</code>, <code>play</code>, <code>over</code>",
    "deal_no": "which deal of the match this is, <b>counted from 0</b>: 0 in the first deal, the one "
               "the table's title calls <i>1. gjöf</i> (<i>Deal 1</i> in English)",
    "dealer": "the seat that dealt this deal (the rearhand); the forehand sits on its right",
    "bids": "the calls of this deal's auction so far, in order, as [seat, call]",
    "contract": "the contract being played, as the engine writes it (<code>\"spil\"</code>, "
                "<code>\"turnir\"</code>, …); <code>null</code> during the auction",
    "declarer": "the seat that won the auction; <code>null</code> before",
    "trump": "the trump suit's letter; <code>null</code> before it is fixed, and in the nolo contracts "
             "and grandisamó (no trump suit)",
    "talon_size": "how many cards are left in the talon, the turned card of a túrnir included",
    "turned": "the card turned up in túrnir or grand-túrnir; <code>null</code> otherwise",
    "turned_on_talon": "<code>true</code> while the turned card still lies face up on the talon",
    "leader": "the seat that leads (or led) the trick on the table",
    "trick": "the cards of the trick on the table, in the order played from the leader",
    "played": "the finished tricks of this deal, as [leader, cards]",
    "tricks": "how many tricks each seat has taken this deal (the defenders are not added together)",
    "hand_sizes": "how many cards each seat holds",
    "bought": "how many cards each seat has bought (drawn from the talon) this deal",
    "discarding": "in an exchange: how many cards the seat exchanging has laid away and not yet "
                  "replaced (0 outside an exchange)",
    "discards": "the cards <b>this seat</b> has laid away this deal; nobody else's are shown",
    "exposed": "cards in a hand that everyone has seen, by seat: the turned túrnir card after the "
               "declarer draws it, grand-túrnir's black aces, the hrein-yfir hand after the first lead",
    "totus": "<code>true</code> if the declarer has announced tótus (all nine tricks; an option)",
    "last_trick": "the latest finished trick, as [leader, cards], kept into the next deal; "
                  "<code>null</code> before the first",
    "scores": "each seat's bits in the match so far (they always sum to 0)",
    "score_sheet": "one row per finished deal: <code>contract</code>, <code>declarer</code>, "
                   "<code>tricks</code>, <code>outcome</code>, <code>payments</code>, <code>total</code>",
    "rules": "the options of <code>lomber.Rules</code> in play",
}


OBSERVATION_IS: dict[str, str] = {  # the same meanings in Icelandic
    "seat": "sætið sem þessi sýn er fyrir",
    "to_move": "sætið sem á að leika núna; <code>null</code> (<code>None</code> í Python) þegar "
               "leiknum er lokið",
    "hand": "spilin sem þetta sæti hefur á hendi",
    "phase": "hluti gjafarinnar: <code>auction</code> (sagnir), <code>declare</code> (sagnhafi "
             "ákveður: lætur spil standa eða breytir í kúpp, nefnir tromp, spilar eða leggur sig), "
             "<code>exchange</code> (kaup), <code>play</code> (spilað), <code>over</code> (lokið)",
    "step": "skrefið innan hans, það sem leikirnir miðast við (sjá „Hvernig leikir eru skrifaðir“): "
            "<code>auction</code>, <code>convert</code>, <code>trump</code>, <code>ex0</code>/"
            "<code>ex1</code>/<code>ex2</code> (kaup þess sætis), <code>concede</code>, "
            "<code>totus</code>, <code>play</code>, <code>over</code>",
    "deal_no": "hvaða gjöf leiksins þetta er, <b>talið frá 0</b>: 0 í fyrstu gjöf, þeirri sem "
               "borðið kallar <i>1. gjöf</i>",
    "dealer": "sætið sem gaf í þessari gjöf (bakhönd); forhönd situr á hægri hönd þess",
    "bids": "sagnirnar í þessari gjöf til þessa, í röð, sem [sæti, sögn]",
    "contract": "sögnin sem er spiluð, eins og vélin skrifar hana (<code>\"spil\"</code>, "
                "<code>\"turnir\"</code>, …); <code>null</code> meðan sagnir standa",
    "declarer": "sætið sem fékk sögnina; <code>null</code> fram að því",
    "trump": "bókstafur trompsins; <code>null</code> áður en tromp er ákveðið, og í nóló-sögnum og "
             "grandisamó (enginn tromplitur)",
    "talon_size": "hve mörg spil eru eftir í stokknum, spilið sem velt var í túrni meðtalið",
    "turned": "spilið sem velt var í túrni eða grand-túrni; annars <code>null</code>",
    "turned_on_talon": "<code>true</code> meðan spilið sem velt var liggur enn upp í loft á stokknum",
    "leader": "sætið sem spilar (eða spilaði) út í slaginn á borðinu",
    "trick": "spilin í slagnum á borðinu, í þeirri röð sem þau komu, frá útspilinu",
    "played": "slagir gjafarinnar sem er lokið, sem [sá sem spilaði út, spil]",
    "tricks": "hve marga slagi hvert sæti hefur fengið í gjöfinni (slagir mótspilaranna eru ekki "
              "lagðir saman)",
    "hand_sizes": "hve mörg spil hvert sæti hefur á hendi",
    "bought": "hve mörg spil hvert sæti hefur keypt (dregið úr stokknum) í gjöfinni",
    "discarding": "í kaupum: hve mörgum spilum sætið sem kaupir hefur lagt frá sér án þess að fá "
                  "ný í staðinn (0 utan kaupa)",
    "discards": "spilin sem <b>þetta sæti</b> hefur lagt frá sér í gjöfinni; spil annarra eru ekki sýnd",
    "exposed": "spil á hendi sem allir hafa séð, eftir sætum: spilið sem velt var í túrni eftir að "
               "sagnhafi dregur það, svörtu ásarnir í grand-túrni, hönd sagnhafa í hrein-yfir eftir "
               "fyrsta útspil",
    "totus": "<code>true</code> ef sagnhafi hefur sagt tótus (alla níu slagina; valkvætt)",
    "last_trick": "síðasti slagur sem lokið er, sem [sá sem spilaði út, spil], geymdur fram í næstu "
                  "gjöf; <code>null</code> fyrir fyrsta slag",
    "scores": "bitar hvers sætis í leiknum til þessa (samtalan er alltaf 0)",
    "score_sheet": "ein lína fyrir hverja gjöf sem lokið er: <code>contract</code> (sögn), "
                   "<code>declarer</code> (sagnhafi), <code>tricks</code> (slagir), <code>outcome</code> "
                   "(úrslit), <code>payments</code> (greiðslur), <code>total</code> (staða)",
    "rules": "stillingar <code>lomber.Rules</code> sem gilda",
}


def observation_table(state: lomber.State, seat: int = 0, lang: str = "en") -> HTML:
    """Every field of `state.observation(seat)`, with its value here and its meaning."""
    meanings = OBSERVATION_IS if check_lang(lang) == "is" else OBSERVATION
    return reading.fields_table(state.observation(seat), meanings, lang)


def answers(questions: Sequence[Question], lang: str = "en") -> reading.Answers:
    """The quiz's answers, as the engine computed them, with their reasons: a closed box in
    HTML (open it after trying the quiz), written out in print and in plain text."""
    return reading.answers(questions, "Lomber", lang)


def turned_trumps(turned: str, hand: str = "7D AD KD 3D 4C 5H 6H QC 2H") -> lomber.State:
    """A túrnir on a stacked deck: seat 0 (holding `hand`) bids túrnir, the others pass, and
    the top card of the talon is `turned`."""
    return common.play_out(position({0: hand}, talon=turned), "turnir, pass, pass")


# ---------------------------------------------------------------------------------------
# The sentences the notebook's cells print, in both languages (see cardlearn.lessons.language)

SAY = Sayings({
    "may_say": {"en": "seat {seat} may say: {moves}", "is": "sæti {seat} má segja: {moves}"},
    "seat_may_say": {"en": "seat {seat} may say {moves}", "is": "sæti {seat} má segja {moves}"},
    "now_holds": {"en": "seat {seat} now holds: {cards}", "is": "sæti {seat} hefur nú á hendi: {cards}"},
    "next": {"en": "next: {step} — seat {seat} may say {moves}",
             "is": "næst: {step} — sæti {seat} getur valið {moves}"},
    "refused_call": {"en": "seat {seat} says {call}: {err}",
                     "is": "sæti {seat} reynir sögnina „{call}“: {err}"},
    "refused_text": {"en": "seat {seat} writes {text}: {err}", "is": "sæti {seat} skrifar {text}: {err}"},
    "turned": {"en": "turned card: {card} — trumps: {trump} — step: {step}",
               "is": "{card} var velt upp — tromp: {trump} — skref: {step}"},
    "turned_top": {"en": "turned {card}: trumps {trump}; the top trumps {top}",
                   "is": "{card} velt upp: tromp er {trump}; hæstu trompin {top}"},
    "case": {"en": "{contract:<13} tricks {tricks}  →  {result:<6} payments {payments}",
             "is": "{contract:<13} slagir {tricks}  →  {result:<6} greiðslur {payments}"},
    "hand": {"en": "seat {seat}'s hand: {hand}", "is": "sæti {seat} hefur á hendi: {hand}"},
    "sizes": {"en": "cards in each hand: {sizes} — talon: {talon} — calls so far: {bids}",
              "is": "spil á hverri hendi: {sizes} — í stokknum: {talon} — sagnir til þessa: {bids}"},
    "sees": {"en": "seat {seat} sees:  {words}", "is": "sæti {seat} sér:  {words}"},
    "bot_says": {"en": "the bot says {move} — {why}", "is": "tölvan segir {move} — {why}"},
    "next_deal": {"en": "\nnow deal {n} is dealt, by seat {dealer}; "
                        "seat {forehand}, the forehand, speaks first",
                  "is": "\nnú er {n}. gjöf gefin, sæti {dealer} gaf; sæti {forehand}, forhönd, segir fyrst"},
    "seat_move": {"en": "seat {seat}: {words}", "is": "sæti {seat}: {words}"},
    "typed_refused": {"en": "you typed {text!r}: not allowed: {err}",
                      "is": "þú skrifaðir „{text}“ — ekki leyfilegt: {err}"},
    "you": {"en": "you:    {words}", "is": "þú:     {words}"},
    "into_hand": {"en": "        into your hand: {cards}", "is": "        ný spil á hendi: {cards}"},
    "deal": {"en": "deal {n}", "is": "{n}. gjöf"},
    "row": {"en": "{contract} by seat {seat}: tricks {tricks}, {outcome}, payments {payments}",
            "is": "{contract}, sagnhafi sæti {seat}: slagir {tricks}, {outcome}, greiðslur {payments}"},
    "final_one": {"en": "\nfinal standing {scores}: seat {seat} wins",
                  "is": "\nlokastaða {scores}: sæti {seat} vinnur"},
    "final_shared": {"en": "\nfinal standing {scores}: seats {seats} share the top",
                     "is": "\nlokastaða {scores}: sæti {seats} eru jöfn efst"},
    "mini": {"en": "the rule-of-thumb bot won {won} of {n} matches, on average {mean} bits per match "
                   "(the random bots lose that between them)",
             "is": "þumalputtinn vann {won} af {n} leikjum, að meðaltali {mean} bita í leik "
                   "(slembitölvurnar tapa því sín á milli)"},
    "tried": {"en": "{action:11s} tried in {n:2d} imagined deals, won {pct:3.0f} %, "
                    "mean margin {margin:>6} bits",
              "is": "{action:11s} prófað í {n:2d} ímynduðum spilum, sigur í {pct:3.0f} % þeirra, "
                    "meðalmunur {margin:>6} bitar"},
    "worlds": {"en": "\n{worlds} imagined deals; the rule of thumb says {preferred}, "
                     "the search bot plays {choice}",
               "is": "\n{worlds} ímynduð spil; þumalputtareglan segir {preferred}, leitarinn velur {choice}"},
    "tries": {"en": "tries: {tries} = {total} (at most {most})",
              "is": "hermanir: {tries} = {total} (mest {most})"},
})


def table_text(state: lomber.State, lang: str = "en") -> str:
    """The whole table as text, every hand face up: `print(state)` in English; the same
    lines in Icelandic (the engine's own text form is English)."""
    if check_lang(lang) == "en":
        return str(state)
    contract = lomber.CONTRACT_NAMES["is"].get(state.contract or "-", "-")
    trick = ", ".join(f"sæti {(state.leader + i) % 3} {c.symbol}" for i, c in enumerate(state.trick))
    lines = [f"Lomber — {state.deal_no + 1}. gjöf, gjafari sæti {state.dealer}, sögn {contract}"
             + (f", sagnhafi sæti {state.declarer}" if state.declarer is not None else "")
             + (f", tromp {SUIT_IS[state.trump]}" if state.trump else "") + f", skref {state.step}",
             f"í stokknum {len(state.talon)}, slagur á borðinu: " + (trick or "-")]
    for s in range(3):
        mark = " <- á leik" if state.to_move == s else ""
        hand = " ".join(c.symbol for c in display_order(state, state.hands[s])) or "-"
        lines.append(f"sæti {s}: {hand}   slagir {state.tricks[s]}, keypt {state.bought[s]}{mark}")
    lines.append("staða: " + " ".join(f"{t:+d}" for t in state.totals))
    return "\n".join(lines)


_DETAILS_IS = {"contract": "sögn", "declarer": "sagnhafi (sæti)", "trump": "tromp", "talon": "stokkur",
               "discards": "afkast", "played": "spilaðir slagir"}
_ROW_IS = {"contract": "sögn", "declarer": "sagnhafi (sæti)", "tricks": "slagir", "outcome": "úrslit",
           "payments": "greiðslur", "total": "staða"}


def _value_is(key: str, value: Any) -> Any:
    """A record's value in Icelandic where it is a word: a contract's or an outcome's name,
    a suit's name."""
    if key == "contract":
        return lomber.CONTRACT_NAMES["is"].get(value or "-", "-")
    if key == "outcome":
        return OUTCOME_NAMES["is"].get(value, value)
    if key == "trump":
        return SUIT_IS.get(value, "-") if value else "-"
    if value is None:  # no declarer (everyone passed): a word, never Python's None
        return "enginn" if key == "declarer" else "-"
    return value


def record_text(end: FinishedDeal, lang: str = "en") -> str:
    """The engine's record of a finished deal (`state.last_deal`) as text: `print(end)` in
    English; the same lines in Icelandic."""
    if check_lang(lang) == "en":
        return str(end)
    from cardlearn.protocol import _shown  # the record's own way of writing values, shared

    lines = [f"{end.number}. gjöf (lína {end.index} á stigablaðinu), gjafari sæti {end.dealer}"]
    lines += [f"  sæti {s} hefur á hendi: {_shown(h)}" for s, h in enumerate(end.hands)]
    for s, won in enumerate(end.taken):
        n = (end.tricks or (0, 0, 0))[s]
        word = "slag" if n % 10 == 1 and n % 100 != 11 else "slagi"  # singular after 1, 21, not 11
        lines.append(f"  sæti {s} fékk {n} {word}: {_shown(won)}")
    lines += [f"  {_DETAILS_IS.get(k, k)}: {_shown(_value_is(k, v))}" for k, v in end.details.items()]
    row = {_ROW_IS.get(k, k): _value_is(k, v) for k, v in _row(end).items()}
    lines.append(f"  lína á stigablaðinu: {_shown(row)}")
    return "\n".join(lines)
