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
- `questions()` / `quiz(questions)` / `check_quiz(questions)` — the notebook's quiz, every
  answer computed by the engine, checked without being shown; the shared pieces of
  `cardlearn.lessons.common`;
- `OPTIONS` / `options_table()` — every field of `lomber.Rules`: default and meaning;
- `turned_trumps(card)` — a túrnir whose turned card is `card`;
- `OBSERVATION` / `observation_table(state, seat)` — every field of `state.observation(seat)`:
  its value in one position and its meaning;
- `answers(questions)` — the quiz's answers with their reasons, for a copy that was not run.

Everything is built on the public API of `cardlearn.games.lomber` and on `cardlearn.draw`;
pictures are HTML strings with no ids and no dates, so stored notebook outputs are
reproduced exactly.  Seats are numbered in playing order, which at a Lomber table is
counter-clockwise: seat 1 sits to seat 0's right.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, NamedTuple

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
from cardlearn.protocol import FinishedDeal

ROLES = ("forehand", "middlehand", "rearhand")  # F = dealer + 1, M = dealer + 2, R = the dealer
ROLES_IS = {"forehand": "forhönd", "middlehand": "millihönd", "rearhand": "bakhönd"}
TRUMP_NAMES = ("spadda", "manilía", "basti", "ponti")  # the top trumps' names, in order
SUIT_EN = {"S": "spades ♠", "H": "hearts ♥", "D": "diamonds ♦", "C": "clubs ♣"}
SUIT_IS = {"S": "spaði", "H": "hjarta", "D": "tígull", "C": "lauf"}


def _cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(Card.parse(str(c)) for c in cards)


def role(seat: int, dealer: int) -> str:
    """'forehand', 'middlehand' or 'rearhand' (the dealer) for `seat` in a deal."""
    return ROLES[(seat - dealer - 1) % 3]


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


def seating_picture(dealer: int = 2) -> HTML:
    """The three seats seen from above, seat 0 at the bottom, the direction of play
    (counter-clockwise: seat 1 sits to seat 0's right) as arrows, each seat's role in the
    deal, the dealer marked."""
    parts = [f'<ellipse cx="{CX}" cy="{CY}" rx="80" ry="62" fill="{TABLE_GREEN}"/>',
             f'<text x="{CX}" y="{CY - 4}" font-size="12" fill="#fff" text-anchor="middle">counter-</text>',
             f'<text x="{CX}" y="{CY + 11}" font-size="12" fill="#fff" text-anchor="middle">clockwise</text>']
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
        lines = [(14, "bold", f"Seat {seat}"), (11, "normal", f"{r} ({ROLES_IS[r]})")]
        if seat == dealer:
            lines.append((11, "normal", "deals (gefur)"))
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


def deal_picture(dealer: int = 2) -> HTML:
    """The 40 cards of an unshuffled deck, each captioned with where the deal puts it."""
    return labelled(lomber.DECK, deal_targets(dealer), height=50)


def hands_picture(state: lomber.State) -> HTML:
    """Every hand of the deal now running face up, trumps first where they are known (an
    all-seeing view, for studying a deal), each seat with its role; the talon as a count."""
    rows = []
    for s in range(3):
        cards = display_order(state, state.hands[s])
        rows.append(f'<div style="margin-top:6px"><b>Seat {s}</b> ({role(s, state.dealer)})</div>'
                    + cards_row(cards, height=56))
    rows.append(f'<div style="margin-top:6px"><b>Talon</b> (stokkur): {len(state.talon)} cards, '
                'face down</div>')
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


def trump_picture(trumps: Iterable[str] = ("S", "C", "H", "D")) -> HTML:
    """One row per trump suit: its trumps from `lomber.trump_order`, highest first."""
    rows = [_order_row(f"{SUIT_EN[t]} trumps (tromp: {SUIT_IS[t]}): {len(lomber.trump_order(t))} trumps",
                       lomber.trump_order(t), trump_captions(t)) for t in trumps]
    return HTML("".join(rows))


def plain_picture(trump: str) -> HTML:
    """The three other suits when `trump` is trumps, from `lomber.plain_order`, highest first."""
    rows = []
    for s in ("S", "H", "D", "C"):
        cards = lomber.plain_order(s, trump)
        if cards:
            rows.append(_order_row(f"{SUIT_EN[s]}, {len(cards)} cards, highest first", cards,
                                   [(str(i + 1), "") for i in range(len(cards))], height=48))
    return HTML(f"<div><i>{escape(SUIT_EN[trump])} are trumps:</i></div>" + "".join(rows))


def nolo_picture() -> HTML:
    """The four suits in the nolo contracts (no trumps), from `lomber.nullo_order`."""
    rows = [_order_row(f"{SUIT_EN[s]}, highest first", lomber.nullo_order(s),
                       [(str(i + 1), "") for i in range(10)], height=48) for s in ("S", "C", "H", "D")]
    return HTML("".join(rows))


def tricks_picture(examples: Iterable[tuple[str, str, str | None]]) -> HTML:
    """One row per example trick (cards in playing order, leader first; the contract; the
    trump), the winning card marked as `lomber.trick_winner` finds it."""
    rows = []
    for cards, contract, trump in examples:
        trick = _cards(cards)
        won = lomber.trick_winner(trick, contract, trump)
        caps = [("led" if i == 0 else f"{i + 1}{'nd' if i == 1 else 'rd'}") + (" ★ wins" if i == won else "")
                for i in range(len(trick))]
        what = name(contract, "en") + (f", {SUIT_EN[trump]} trumps" if trump else ", no trumps")
        rows.append(f'<div style="display:flex;align-items:center;gap:14px;margin-top:6px">'
                    f'<div style="width:230px">{escape(what)}</div>'
                    + common.labelled_html(trick, caps, height=52) + "</div>")
    return HTML("".join(rows))


def legal_picture(hand: str | Iterable[Card | str], trick: str | Iterable[Card | str], contract: str,
                  trump: str | None) -> HTML:
    """The trick so far (the first card led), then the hand, each card captioned "may
    play" or "may not" as `lomber.legal_plays` decides."""
    hand, trick = _cards(hand), _cards(trick)
    legal = set(lomber.legal_plays(hand, trick, contract, trump))
    led = common.labelled_html(trick, ["led", "2nd", "3rd"][:len(trick)], height=56)
    mine = common.labelled_html(hand, ["✔ may play" if c in legal else "✘ may not" for c in hand], height=56)
    what = name(contract, "en") + (f", {SUIT_EN[trump]} trumps" if trump else "")
    return HTML(f"<div><i>{escape(what)}</i></div>"
                f'<div style="display:flex;gap:28px;align-items:flex-start;margin-top:4px">'
                f"<div><b>On the table</b>{led}</div><div><b>Your hand</b>{mine}</div></div>")


# ---------------------------------------------------------------------------------------
# The contracts

_TRUMP_WORDS = {"named": "the declarer names one", "S": "spades", "turned": "the suit of the turned card"}
_EXCHANGE_WORDS = {"all": "declarer, then the defenders", "declarer": "the declarer only",
                   "defenders": "the defenders only", "none": "nobody"}


def contract_trumps(contract: str) -> str:
    """What is trumps in `contract`, in words."""
    c = lomber.CONTRACTS[contract]
    if c.kind == "nolo":
        return "none (nolo order)"
    if c.kind == "grandisamo":
        return "only spadda and basti"
    if contract == "spil":
        return "the declarer names ♥, ♦ or ♣"
    if contract == "solo":
        return "the declarer names ♣, ♥ or ♦"
    assert c.trump is not None  # only the nolo contracts have no trumps
    return _TRUMP_WORDS[c.trump]


def contracts_table(rules: lomber.Rules | None = None) -> HTML:
    """Every contract, lowest first, with its level, aim, trumps, who may buy and the bits
    each defender pays or is paid when it is won, lost (or remis), lost by krúkk and
    conceded, all read from `lomber.CONTRACTS`."""
    rules = rules or lomber.Rules()
    head = ["level", "contract (is)", "in English", "declarer must", "trumps", "who may buy",
            "won: each defender pays", "lost or remis: declarer pays each", "krúkk: declarer pays each",
            "conceded: declarer pays each"]
    rows = []
    for cid, c in sorted(lomber.CONTRACTS.items(), key=lambda kv: lomber.contract_level(kv[0], rules)):
        if cid == "grandisamo" and not rules.enable_grandisamo:
            continue
        won, lost, krukk, conceded = c.pay
        loss = "2 + 1 per trick after the first" if cid == "kupp" else str(lost)
        may_concede = c.concede and rules.allow_concede and conceded is not None
        rows.append([str(lomber.contract_level(cid, rules)), f"<b>{escape(name(cid))}</b> <code>{cid}</code>",
                     escape(name(cid, "en").partition(" (")[2].rstrip(")") or name(cid, "en")),
                     "take no trick" if c.kind == "nolo" else "take most tricks",
                     escape(contract_trumps(cid)), _EXCHANGE_WORDS[c.exchange], str(won), loss,
                     "— (no krúkk in nolo)" if krukk is None else str(krukk),
                     str(conceded) if may_concede else "may not concede"])
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

def _who(state: lomber.State, seat: int | None) -> str:
    assert seat is not None  # only a position with a seat to move is narrated
    return f"seat {seat} ({role(seat, state.dealer)})"


def calls(state: lomber.State) -> str:
    """The calls of the auction so far in this deal, one line each."""
    start = len(state.history) - _deal_moves(state)
    lines = []
    for before, move in positions(state)[start:]:
        if move.kind != "bid":
            break
        lines.append(f"{_who(before, before.to_move)}: {lomber.describe(before, move, 'en')}")
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


def deal_log(state: lomber.State, deal_no: int = 0) -> str:
    """Every move of deal `deal_no`, in words, by an all-seeing narrator: the auction,
    the declaring steps and the exchanges, then the nine tricks one line each."""
    moves = deal_moves(state, deal_no)
    if not moves:
        raise ValueError(f"deal {deal_no + 1} has no moves in this match")
    lines, trick = [], []
    for before, move in moves:
        if move.kind == "card":
            who = before.to_move
            trick.append(f"seat {who} {move.arg.symbol}")
            if len(before.trick) == 2:
                won = lomber.describe(before, move, "en").split("trick to ")[-1]
                lines.append(f"trick {len(before.played) + 1}: " + ", ".join(trick) + f" → {won}")
                trick = []
            continue
        if move.kind == "discard":
            continue  # folded into the line of its 'done'
        text = lomber.describe(before, move, "en")
        if move.kind == "say" and before.step == "concede":
            text = "plays the game out (does not concede)" if move.arg == "play" else text
        seat = before.to_move
        assert seat is not None  # a move was made from this position
        if move.kind == "done":
            thrown = " ".join(c.symbol for c in before.discards[seat][before.bought[seat]:])
            text = f"discards {thrown or 'nothing'}, " + text
        lines.append(f"{_who(before, seat)}: {text}")
    return "\n".join(lines)


class DealEnd(NamedTuple):
    """A finished deal, worked out again from its moves."""

    deal_no: int                                  # 0 for the first deal
    dealer: int
    contract: str | None
    declarer: int | None
    trump: str | None
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]  # (leader, cards, winner) per trick
    row: dict[str, Any]                           # the engine's score-sheet row for this deal


def record_end(end: FinishedDeal) -> DealEnd:
    """The engine's record of a finished deal (`state.last_deal`) as a `DealEnd`: each
    trick of `details["played"]` with the seat that won it (`lomber.trick_winner`)."""
    contract, trump = end.details["contract"], end.details["trump"]
    tricks = tuple((leader, tuple(cards), (leader + lomber.trick_winner(cards, contract, trump)) % 3)
                   for leader, cards in end.details["played"])
    return DealEnd(end.index, end.dealer, contract, end.details["declarer"], trump, tricks, end.row)


def deal_end(state: lomber.State, deal_no: int = 0) -> DealEnd:
    """Deal `deal_no` of the match `state` (which must be past it), from the record the
    engine kept when it ended (`finished_deals(state)[deal_no]`): after the last card
    the engine pays and deals the next one at once."""
    sheet = state.score_sheet
    if not 0 <= deal_no < len(sheet):
        raise ValueError(f"deal {deal_no + 1} is not finished in this match ({len(sheet)} finished)")
    return record_end(common.finished_deals(state)[deal_no])


def score_row_html(row: dict[str, Any], dealer: int | None = None) -> str:
    """One row of the score sheet as a small table: one line per seat with its tricks and
    payment, under Icelandic and English headings; the outcome named in both languages."""
    names_is, names_en = lomber.SHEET_NAMES["is"], lomber.SHEET_NAMES["en"]

    def head(key: str) -> str:
        return f"{escape(names_is[key])}<br><i>{escape(names_en[key])}</i>"

    lines = []
    for s in range(3):
        who = f"<b>seat {s}</b>" + (f" ({role(s, dealer)})" if dealer is not None else "")
        mark = " ← declarer" if row["declarer"] == s else ""
        lines.append([who + mark, str(row["tricks"][s]), f"<b>{row['payments'][s]:+d}</b>"])
    outcome = row["outcome"]
    words = f"{OUTCOME_NAMES['is'][outcome]} / {OUTCOME_NAMES['en'][outcome]}"
    top = (f"<div>{head('contract').replace('<br>', ' ')}: <b>{escape(name(row['contract']))}</b> · "
           f"{head('outcome').replace('<br>', ' ')}: <b>{escape(words)}</b></div>")
    return top + common.html_table(["", head("tricks"), head("payments")], lines)


def deal_end_picture(end: DealEnd | FinishedDeal) -> HTML:
    """The tricks of a deal (nine, unless it ended early), each card captioned with who
    played it and the winner marked, then the deal's row of the score sheet.  `end` is
    `deal_end(...)` or the engine's own record, `state.last_deal`; from the record the
    cards still held at the end (after a concession, say) are drawn too."""
    held = end.hands if isinstance(end, FinishedDeal) else ()
    if isinstance(end, FinishedDeal):
        end = record_end(end)
    what = f"{name(end.contract)} by seat {end.declarer}" + (
        f", {SUIT_EN[end.trump]} trumps" if end.trump else "")
    parts = [f"<div><b>Deal {end.deal_no + 1}</b> — {escape(what)}</div>"]
    cells = []
    for n, (leader, cards, won) in enumerate(end.tricks, 1):
        seats = [(leader + i) % 3 for i in range(3)]
        caps = [(f"seat {s}", "★ wins" if s == won else "") for s in seats]
        cells.append(f'<div style="border:1px solid #bbb;border-radius:6px;padding:3px">'
                     f'<div style="font-size:12px"><b>trick {n}</b>, led by seat {leader}</div>'
                     + _captioned(cards, caps, height=48) + "</div>")
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 10px 0">'
                 + "".join(cells) + "</div>")
    parts += [common.ROW.format(f"<b>seat {s}</b> still holds: {common.cards_row(hand, height=40)}")
              for s, hand in enumerate(held) if hand]
    parts.append(score_row_html(end.row, end.dealer))
    return HTML("".join(parts))


# ---------------------------------------------------------------------------------------
# Matches

def match_sheet(state: lomber.State) -> str:
    """The score sheet of a match as text: per deal its dealer, contract and declarer,
    tricks, outcome, payments and the running totals."""
    lines = [f"{'deal':>4} {'dealer':>6}  {'contract':<13}{'decl.':>5}  {'tricks':<8}{'outcome':<9}"
             f"{'payments':<13}totals"]
    totals = [0, 0, 0]
    for n, row in enumerate(state.score_sheet):
        dealer = (state.start().dealer + n) % 3
        totals = [t + p for t, p in zip(totals, row["payments"])]
        declarer = "-" if row["declarer"] is None else str(row["declarer"])
        tricks = "-".join(map(str, row["tricks"])) if row["contract"] else "-"
        pays = " ".join(f"{p:+d}" for p in row["payments"])
        lines.append(f"{n + 1:>4} {dealer:>6}  {name(row['contract']):<13}{declarer:>5}  {tricks:<8}"
                     f"{row['outcome']:<9}{pays:<13}" + " ".join(f"{t:+d}" for t in totals))
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
_EXPECTED = ("7♥", "7♥ or 3♥", "remis", 6, "seat 1", 1)


def questions(rules: lomber.Rules | None = None) -> list[Question]:
    """The notebook's six questions.  Every right answer is computed here by the engine;
    none repeats a worked example of the notebook: each asks to use a rule on a new case."""
    rules = rules or lomber.Rules()
    q2 = {frozenset(_cards("7H 3H")): "7♥ or 3♥", frozenset(_cards("3H")): "only 3♥",
          frozenset(_cards(Q2_HAND)): "any of the three", frozenset(_cards("7H")): "only 7♥"}
    after = play_out(position({}, rules=rules), Q5_CALLS)
    return [
        Question("Hearts are trumps. Which card is the second-highest trump, the manilía?",
                 ["2♥", "7♥", "A♥", "K♥"], lomber.trump_order("H")[1].symbol,
                 "With a red trump suit the manilía is its seven: A♠ (spadda), 7♥, A♣ (basti), A♥ (ponti), "
                 "K♥, …"),
        Question(f"Hearts are trumps and basti (A♣) is led. Your hand:{cards_row(Q2_HAND)}"
                 "Which cards may you play?",
                 ["only 3♥", "7♥ or 3♥", "any of the three", "only 7♥"],
                 q2.get(frozenset(lomber.legal_plays(Q2_HAND, Q2_LED, "spil", "H")), "?"),
                 "Trumps were led, so you must play a trump. Your manilía 7♥ ranks above basti, so it "
                 "is protected: you need not play it. But 3♥ is an ordinary trump, so you must play a "
                 "trump: 3♥, or the manilía if you choose. K♠ is not allowed."),
        Question("The declarer of a grand-túrnir took 4 tricks; the defenders took 1 and 4. "
                 "What is the outcome?",
                 ["win", "remis", "krukk"], lomber.outcome("grand_turnir", (4, 1, 4), 0),
                 "A defender ties the declarer for the most tricks: remis, paid as an ordinary loss. "
                 "The other defender's single trick does not matter: the defenders do not add up their "
                 "tricks. (Krúkk needs a defender with more tricks than the declarer.)"),
        Question("The declarer of a kúpp took 5 tricks. How many bits does he pay each defender?",
                 [2, 5, 6, 7], lomber.deal_payments("kupp", 0, (5, 2, 2), rules)[1][1],
                 "2 for the first trick and 1 for each of the four more: 2 + 4 = 6 to each defender."),
        Question("Seat 0 (forehand) bids spil, seat 1 bids túrnir, seat 0 passes, and seat 2 bids kúpp. "
                 "Who speaks next?",
                 ["seat 0", "seat 1", "seat 2"], f"seat {after.to_move}",
                 "Seat 0 passed, and a pass is final: it is out. Kúpp outbid seat 1's túrnir, so the turn "
                 "goes back to seat 1, which sits earlier than seat 2 and may hold kúpp, bid higher or "
                 "pass."),
        Question("After the exchange, the declarer of a spil fears that a defender will take more "
                 "tricks than he does. If he concedes now, how many bits does he pay each defender?",
                 [0, 1, 2, 4], lomber.deal_payments("spil", 0, (0, 0, 0), rules, conceded=True)[1][1],
                 "1, the same as an ordinary loss. Conceding does not make losing cheaper; it saves him "
                 "from the risk of a krúkk, which in spil costs 2 to each defender."),
    ]


def quiz(questions: Sequence[Question]) -> common.Quiz:
    """The questions, numbered from 1, as one widget (static HTML, without the answers,
    where it is not run)."""
    return common.quiz(questions, "Lomber")


def check_quiz(questions: Sequence[Question]) -> int:
    """The teacher's check (`common.check_answers`), which prints no answer."""
    return common.check_answers(questions, _EXPECTED)


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


def options_table(notes: dict[str, tuple[str, str]] | None = None) -> HTML:
    """Every field of `lomber.Rules`, in order, with its default, meaning and alternatives.
    A field without a note is an error, so the table cannot silently fall behind the engine."""
    return common.options_table(lomber.Rules, OPTIONS if notes is None else notes)


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


def observation_table(state: lomber.State, seat: int = 0) -> HTML:
    """Every field of `state.observation(seat)`, with its value here and its meaning."""
    return reading.fields_table(state.observation(seat), OBSERVATION)


def answers(questions: Sequence[Question]) -> reading.Answers:
    """The quiz's answers, as the engine computed them, with their reasons: a closed box in
    HTML (open it after trying the quiz), written out in print and in plain text."""
    return reading.answers(questions, "Lomber")


def turned_trumps(turned: str, hand: str = "7D AD KD 3D 4C 5H 6H QC 2H") -> lomber.State:
    """A túrnir on a stacked deck: seat 0 (holding `hand`) bids túrnir, the others pass, and
    the top card of the talon is `turned`."""
    return common.play_out(position({0: hand}, talon=turned), "turnir, pass, pass")
