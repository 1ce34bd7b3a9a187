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

Everything is built on the public API of `cardlearn.games.kozel` and on `cardlearn.draw`;
pictures are HTML strings with no ids and no dates, so stored notebook outputs are
reproduced exactly.  Seats are numbered clockwise; teams are A (seats 0 and 2) and B
(seats 1 and 3), partners sitting across from each other.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, NamedTuple

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
from cardlearn.protocol import FinishedDeal

TEAM_LETTERS = ("A", "B")
HOW = {"lead": "led", "beat": "beats", "discard": "face down"}  # how a card came to the trick


def team_name(team: int) -> str:
    """'team A (seats 0 and 2)' for team 0."""
    a, b = kozel.TEAMS[team]
    return f"team {TEAM_LETTERS[team]} (seats {a} and {b})"


def _cap(text: str) -> str:
    """The text with its first letter in capitals ("Team A (seats 0 and 2)")."""
    return text[:1].upper() + text[1:]


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"



# ---------------------------------------------------------------------------------------
# The table, the cards and the deal

_SEAT_XY = {0: (220, 262), 1: (70, 150), 2: (220, 38), 3: (370, 150)}  # seat 0 at the bottom
_TEAM_COLOURS = ("#c0392b", "#1f5fa8")


def seating_picture(dealer: int = 3) -> HTML:
    """The four seats seen from above, seat 0 at the bottom: partners across the table,
    play going clockwise (0 → 1 → 2 → 3), the dealer marked."""
    parts = ['<rect x="140" y="70" width="160" height="160" rx="16" fill="#1e6b3c"/>',
             '<text x="220" y="140" font-size="13" fill="#fff" text-anchor="middle">play goes</text>',
             '<text x="220" y="157" font-size="13" fill="#fff" text-anchor="middle">clockwise:</text>',
             '<text x="220" y="174" font-size="13" fill="#fff" text-anchor="middle">0 → 1 → 2 → 3</text>']
    for seat, (x, y) in _SEAT_XY.items():
        team = kozel.team_of(seat)
        colour = _TEAM_COLOURS[team]
        extra = " · deals" if seat == dealer else ""
        parts.append(f'<rect x="{x - 62}" y="{y - 22}" width="124" height="44" rx="8" fill="#fff" '
                     f'stroke="{colour}" stroke-width="3"/>')
        parts.append(f'<text x="{x}" y="{y - 3}" font-size="14" font-weight="bold" text-anchor="middle" '
                     f'fill="{colour}">Seat {seat}</text>')
        parts.append(f'<text x="{x}" y="{y + 14}" font-size="12" text-anchor="middle">'
                     f"team {TEAM_LETTERS[team]}{extra}</text>")
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="440" height="300" viewBox="0 0 440 300" '
           'font-family="DejaVu Sans, sans-serif">' + "".join(parts) + "</svg>")
    return HTML(svg)


def order_picture(suit: str = "S") -> HTML:
    """One suit in `kozel.RANK_ORDER`, lowest first, each card with its card points."""
    cards = [Card(rank, suit) for rank in kozel.RANK_ORDER]
    return labelled(cards, [f"{kozel.CARD_POINTS[c.rank]} pts" for c in cards], height=60)


def deal_picture(dealer: int = 3) -> HTML:
    """The top 16 cards of an unshuffled 36-card deck, each captioned with the seat the
    deal gives it: one card at a time, clockwise from the dealer's left."""
    order = kozel.deal_order(dealer)
    return labelled(kozel.DECK[:len(order)], [f"seat {s}" for s in order], height=56)


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


def _pair_html(card: Card, target: Card, height: float) -> str:
    return (f'<div style="display:flex;align-items:center;gap:4px;border:1px solid #bbb;border-radius:6px;'
            f'padding:3px 6px">{card_html(card, height=height)}<span style="font-size:13px">beats</span>'
            f"{card_html(target, height=height)}</div>")


def beat_picture(cards: str | Iterable[Card | str], target: str | Iterable[Card | str], trump: str,
                 height: float = 56) -> HTML:
    """The cards to beat, then each way `cards` beat them: every beating card drawn next
    to the card it beats.  Says so when there is no way."""
    cards, target = parse_cards(cards), parse_cards(target)
    found = pairings(cards, target, trump)
    row = "".join(card_html(c, height=height) for c in target)
    parts = [common.ROW.format(f"<b>To beat:</b> {row}")]
    for n, pairs in enumerate(found, 1):
        name = f"Pairing {n}" if len(found) > 1 else "The pairing"
        shown = "".join(_pair_html(c, t, height) for c, t in pairs)
        parts.append(common.ROW.format(f"<b>{name}:</b>{shown}"))
    if not found:
        mine = "".join(card_html(c, height=height) for c in cards)
        parts.append(common.ROW.format(f"{mine} <b>cannot beat them</b>: whatever the pairing, "
                                       "some card fails to beat its partner"))
    return HTML("".join(parts))


def moves_picture(state: kozel.State, height: float = 44) -> HTML:
    """Every legal move of the seat to move, each as its cards (face-down ones marked) with
    its notation under them; `claim` and `pass` as words."""
    cells = []
    for action in state.legal_actions():
        pics = "".join(card_html(c, height=height) for c in action.cards) or f"<i>{action.kind}</i>"
        how = {"discard": "face down", "play": "lead" if not state.plays else "beat"}.get(action.kind, "")
        cells.append(f'<div style="text-align:center;font-size:12px;border:1px solid #bbb;border-radius:6px;'
                     f'padding:3px 5px"><div style="display:flex;gap:2px;justify-content:center">{pics}</div>'
                     f"<code>{escape(str(action))}</code><br>{how}</div>")
    return HTML(f'<div style="display:flex;flex-wrap:wrap;gap:6px">{"".join(cells)}</div>')


# ---------------------------------------------------------------------------------------
# A trick on the table

def _play_html(seat: int, how: str, cards: Sequence[Card | None], height: float, pale: bool = False,
               claimed: bool = False) -> str:
    """One play to a trick: its cards side by side (None: a back), with who played them and
    how; a lead that came from a claim is marked "four of a suit", as the table marks it."""
    pics = "".join(card_html(c or "", face_up=c is not None, height=height) for c in cards)
    dim = "opacity:.55;" if pale else ""
    caption = "led four of a suit (claimed)" if claimed and how == "lead" else HOW[how]
    return (f'<div style="text-align:center;font-size:12px;{dim}">'
            f'<div style="display:flex;gap:2px">{pics}</div>seat {seat}: {caption}</div>')


def trick_picture(state: kozel.State, viewer: int | None = None, height: float = 60) -> HTML:
    """The cards played to the trick now, in order, each play captioned with its seat and
    how it was played.  A face-down card is drawn as a back, unless `viewer` is the seat
    that laid it (nobody else ever sees it, not even a partner)."""
    groups = []
    for seat, how, played in state.plays:
        shown = how != "discard" or viewer == seat or state.rules.discards_visible == "all"
        groups.append(_play_html(seat, how, [c if shown else None for c in played], height,
                                 claimed=state.interrupted))
    if not groups:
        return HTML("<div><i>no cards on the table</i></div>")
    who = "everyone" if viewer is None else f"seat {viewer}"
    winner = state.trick_winner
    note = (f"<div style='font-size:13px;margin-top:4px'>Drawn as {who} sees it. Winning so far: "
            f"<b>seat {winner}</b> ({team_name(kozel.team_of(winner))}).</div>")
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
    row: dict[str, Any]               # the engine's score-sheet row for this deal


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


def _trick_html(n: int, trick: Trick, height: float) -> str:
    plays = "".join(_play_html(seat, how, cards, height, pale=how == "discard")
                    for seat, how, cards in trick.plays)
    pts = kozel.card_points(c for _, _, cards in trick.plays for c in cards)
    head = (f'<div style="width:140px;font-size:12px"><b>Trick {n}</b><br>to seat {trick.winner}, '
            f"team {TEAM_LETTERS[kozel.team_of(trick.winner)]}<br>{pts} card points</div>")
    return common.ROW.format(head + f'<div style="display:flex;flex-wrap:wrap;gap:12px">{plays}</div>')


def score_row_html(row: dict[str, Any]) -> str:
    """One row of the Kozel score sheet as a small table: a column per category
    (Icelandic and English names), a line per team."""
    names_is, names_en = kozel.SHEET_NAMES["is"], kozel.SHEET_NAMES["en"]
    head = ["", *(f"{escape(names_is[k])}<br><i>{escape(names_en[k])}</i>" for k in row)]

    def cell(key: str, team: int) -> str:
        value = row[key]
        text = ("yes" if value else "no") if isinstance(value, bool) else str(value[team])
        return f"<b>{text}</b>" if key == "total" else text

    lines = [[f"<b>{escape(team_name(t))}</b>", *(cell(k, t) for k in row)] for t in (0, 1)]
    return common.html_table(head, lines)


def _counted(end: DealEnd | FinishedDeal) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each team's card points and tricks: counted again from the tricks (`DealEnd`), or as
    the engine's record wrote them in the deal's row (`state.last_deal`)."""
    if isinstance(end, FinishedDeal):
        return tuple(end.row["points"]), tuple(end.row["tricks"])
    return end.points, end.trick_counts


def verdict(end: DealEnd | FinishedDeal) -> str:
    """The deal's result in one sentence, from its card points and tricks."""
    points, trick_counts = _counted(end)
    a, b = points
    if a == b:
        return "60–60: eggs (egg)! Nobody gets loss points this deal."
    loser = 0 if a < b else 1
    pts, tricks = points[loser], trick_counts[loser]
    why = (f"{pts} card points (31–59)" if pts >= 31 else
           f"only {pts} card points (30 or fewer) but {_tricks(tricks)}"
           if tricks else "not a single trick")
    return (f"{_cap(team_name(1 - loser))} has {points[1 - loser]} card points (61 or more) "
            f"and wins the deal; {team_name(loser)} took {why}: "
            f"{kozel.loss_points(pts, tricks)} loss points.")


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


def _record_picture(end: FinishedDeal, height: float) -> list[str]:
    """The body of `deal_end_picture` for the engine's record: each team's pile, then the
    last trick as the table saw it (a face-down card as a back)."""
    parts = []
    for team in (0, 1):
        down = [card for _, card in end.details["face_down"][team]]
        points, tricks = end.row["points"][team], end.tricks[team] if end.tricks else 0
        parts.append(f"<div><b>{escape(_cap(team_name(team)))}</b> took {_tricks(tricks)}: "
                     f"{points} card points</div>" + _team_pile_html(end.taken[team], down, height))
    last = end.details["last_trick"]
    if last:
        plays = "".join(_play_html(seat, how, [*cards] if how != "discard" else [None] * count, height,
                                   pale=how == "discard")
                        for seat, how, cards, count in last)
        winner = next(seat for seat, how, _, _ in reversed(last) if how != "discard")
        parts.append(common.ROW.format(
            f'<div style="width:140px;font-size:12px"><b>The last trick</b><br>to seat {winner}, '
            f"team {TEAM_LETTERS[kozel.team_of(winner)]}: it leads the next deal</div>"
            f'<div style="display:flex;flex-wrap:wrap;gap:12px">{plays}</div>'))
    return parts


def deal_end_picture(end: DealEnd | FinishedDeal, height: float = 44) -> HTML:
    """The end of a deal, then each team's total, the result and the deal's row of the
    score sheet.  From `deal_end(...)`: every trick in order with who played what
    (face-down cards, turned up for the count, drawn pale), who took it and its points.
    From the engine's record, `state.last_deal`: each team's pile of won cards (the
    face-down ones pale) and the last trick."""
    record = isinstance(end, FinishedDeal)
    number = end.number if isinstance(end, FinishedDeal) else end.deal_no + 1
    trump_card: Card = end.details["trump_card"] if isinstance(end, FinishedDeal) else end.trump_card
    trump = trump_card.symbol
    parts = [f"<div><b>Deal {number}</b> — seat {end.dealer} dealt; the trump card was {trump}, so "
             f"{trump[-1]} was trump. Pale cards were played face down.</div>"]
    if isinstance(end, FinishedDeal):
        parts += _record_picture(end, height)
    else:
        parts += [_trick_html(n, trick, height) for n, trick in enumerate(end.tricks, 1)]
    points, trick_counts = _counted(end)
    if not record:
        totals = _cap("; ".join(f"{team_name(t)}: {points[t]} card points in {_tricks(trick_counts[t])}"
                                for t in (0, 1)))
        parts.append(f"<div style='margin-top:8px'>{escape(totals)}.</div>")
    parts.append(f"<div>{escape(verdict(end))}</div>")
    parts.append(f"<div style='margin-top:8px'><b>Score sheet, deal {number}</b></div>"
                 + score_row_html(end.row))
    return HTML("".join(parts))


def match_sheet(state: kozel.State) -> str:
    """The score sheet of a match as text: per finished deal its dealer, both teams'
    card points and tricks, the deal's loss points (the row's `total`: its loss points after
    any eggs rule) and the running sum of loss points so far (what the table calls Score)."""
    dealers: dict[int, int] = {}
    for before, _ in positions(state):
        dealers.setdefault(before.deal_no, before.dealer)
    head = f"{'deal':>4}  {'dealer':<7} {'card points':>11} {'tricks':>7} {'loss points':>11}"
    lines = [f"{head}   running sum (A – B)"]
    totals = [0, 0]
    for n, row in enumerate(state.score_sheet):
        totals = [t + p for t, p in zip(totals, row["total"])]
        points, tricks, loss = (f"{row[k][0]} – {row[k][1]}" for k in ("points", "tricks", "total"))
        eggs = "  eggs!" if row["eggs"] else ""
        lines.append(f"{n + 1:>4}  seat {dealers[n]:<2} {points:>11} {tricks:>7} {loss:>11}   "
                     f"{totals[0]:>2} – {totals[1]}{eggs}")
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

# What the teacher expects the engine to answer; `check_quiz` compares, without printing.
_EXPECTED = (2, "10♠ or 7♥", "seat 3", "yes", "seat 3 is asked whether to claim", "team A are the goats")


def _face_up_choices(state: kozel.State) -> str:
    """The cards the seat to move may play face up, in words ("10♠ or 7♥", "none")."""
    shown = [" + ".join(c.symbol for c in a.cards) for a in state.legal_actions() if a.kind == "play"]
    return " or ".join(shown) or "none"


def _who_is_asked(state: kozel.State) -> str:
    """What the engine does next, in the words of question 5's options."""
    if state.phase == "claim":
        return f"seat {state.to_move} is asked whether to claim"
    return f"seat {state.to_move} answers the 7♦"


def _match_after(scores: tuple[int, int], points: tuple[int, int], tricks: tuple[int, int]) -> str:
    """The match after one more deal with these card points and tricks (default rules)."""
    loss, _eggs = kozel.deal_loss(points, tricks)
    new = [s + n for s, n in zip(scores, loss)]
    losers = [t for t in (0, 1) if new[t] >= kozel.Rules().match_limit]
    return f"team {TEAM_LETTERS[losers[0]]} are the goats" if losers else "another deal is played"


def questions() -> list[Question]:
    """The notebook's six questions.  Every right answer is computed here by the engine, on
    positions the notebook has not shown, so that a question tests the rule, not memory."""
    to_beat = parse_cards("AC KC 6D JC 9H")
    winning_now = play(position({0: "9S", 1: "KS", 2: "QS 10S 7H 8C"}, trump="6H"), "9S", "KS")
    last_beat = play(position({0: "AD 7D", 1: "6C 8C", 2: "9H 10H", 3: "9C JC"}, trump="7C"),
                     "7D+AD", "6C+8C", "discard:9H+10H", "9C+JC")
    partner = play(position({0: "KH", 1: "7S", 2: "AH 6S 7C 8D"}, trump="9D"), "KH", "discard:7S")
    claim = position({0: "7D 8S 9H 10S", 2: "6C 9C JC AC", 3: "6H 8H QH KH"}, trump="6S").apply("7D")
    return [
        Question(f"Diamonds are trump. How many of these cards beat 10♣?{cards_row(to_beat)}",
                 [0, 1, 2, 3, 4, 5], sum(kozel.beats(c, Card.parse("10C"), "D") for c in to_beat),
                 "Two: A♣ (the ace is above the ten) and 6♦ (a trump). K♣ and J♣ are below the ten — "
                 "the ten is above the king — and 9♥ is another suit."),
        Question(f"Hearts are trump. Seat 0 leads 9♠ and seat 1 beats it with K♠. You are seat 2 and "
                 f"hold{cards_row('QS 10S 7H 8C')}Which of your cards may you play face up?",
                 ["Q♠, 10♠ or 7♥", "10♠ or 7♥", "only 7♥", "none"], _face_up_choices(winning_now),
                 "You must beat the card winning now, K♠, not the lead 9♠: Q♠ is below the king, 10♠ is "
                 "above it, and 7♥ is a trump. 8♣ beats nothing here."),
        Question("Clubs are trump. Seat 0 leads A♦ 7♦; seat 1 beats them with 6♣ 8♣; seat 2 lays two "
                 "cards face down; seat 3 beats with 9♣ J♣. Who takes the trick?",
                 ["seat 0", "seat 1", "seat 2", "seat 3"], f"seat {last_beat.to_move}",
                 "The last player who beat takes the trick: seat 3 (its 9♣ J♣ beat seat 1's 6♣ 8♣). "
                 "It leads the next trick."),
        Question("Diamonds are trump. Seat 0 leads K♥, seat 1 lays a card face down. Seat 2, seat 0's "
                 "partner, holds A♥. May seat 2 beat its partner's K♥ with the A♥?",
                 ["yes", "no"], "yes" if "AH" in map(str, partner.legal_actions()) else "no",
                 "Yes: you may beat your partner too. It keeps the trick for your team, but the ace "
                 "could have been saved."),
        Question("Spades are trump. Seat 0 leads 7♦. Seat 2 holds four clubs and seat 3 four hearts. "
                 "Seat 2 is asked first whether to claim the lead, and passes. What happens next?",
                 ["seat 1 answers the 7♦", "seat 3 is asked whether to claim", "seat 2 is asked again",
                  "the trick starts again"], _who_is_asked(claim.apply("pass")),
                 "The next seat that could claim is asked: seat 3. Only one claim is allowed per trick, "
                 "but a pass is not a claim. Seat 2 will be asked again only after the next card."),
        Question("Team A has 10 loss points, team B 4. The next deal ends with 40 card points for team A "
                 "(in 2 tricks) and 80 for team B. What happens?",
                 ["team A are the goats", "team B are the goats", "another deal is played"],
                 _match_after((10, 4), (40, 80), (2, 5)),
                 "Team A took 31–59 card points: 2 loss points, so 12 in all — 12 loss points lose the "
                 "match. Card points start from nothing each deal; loss points add up."),
    ]


def quiz(questions: Sequence[Question]) -> common.Quiz:
    """The questions, numbered from 1, as one widget (static HTML where it is not run)."""
    return common.quiz(questions, "Kozel")


def check_quiz(questions: Sequence[Question]) -> int:
    """The teacher's check (`common.check_answers`), which prints no answer."""
    return common.check_answers(questions, _EXPECTED)


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


def options_table(notes: dict[str, tuple[str, str]] | None = None) -> HTML:
    """Every field of `kozel.Rules`, in order, with its default, meaning and alternatives."""
    return common.options_table(kozel.Rules, OPTIONS if notes is None else notes)


# ---------------------------------------------------------------------------------------
# Who holds the trump card; what a seat may see; the quiz's answers for a copy not run

def trump_card_where(state: kozel.State) -> str:
    """Where the card the dealer showed is now, as everyone at the table knows it (read from
    the public fields `trump_card_position` and `known` of an observation, and from the
    tricks and the piles): in the stock, in a seat's hand, or played."""
    seen = state.observation(0)  # the same for every seat: all of this is public
    card = str(state.trump_card)
    if seen["trump_card_position"] is not None:
        return f"in the stock, with {seen['trump_card_position']} card(s) above it"
    holder = next((s for s, cards in enumerate(seen["known"]) if card in cards), None)
    if holder is not None:
        return f"in seat {holder}'s hand: seat {holder} drew it, and everyone saw"
    played = [w for w, _, cards in state.plays if state.trump_card in cards]
    if played or any(card in pile for pile in seen["piles"]) or any(
            card in cards for _, _, cards, _ in seen["last_trick"]):
        return "played: it lies in a trick"
    return "no longer known: the seat that drew it has laid cards face down since"


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
              "<code>null</code> unless this seat laid it (or <code>discards_visible=\"all\"</code>)",
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


def observation_table(state: kozel.State, seat: int = 0) -> HTML:
    """Every field of `state.observation(seat)`, with its value here and its meaning."""
    return reading.fields_table(state.observation(seat), OBSERVATION)


def answers(questions: Sequence[Question]) -> reading.Answers:
    """The quiz's answers, as the engine computed them, with their reasons: a closed box in
    HTML (open it after trying the quiz), written out in print and in plain text."""
    return reading.answers(questions, "Kozel")
