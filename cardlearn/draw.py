"""Pictures of cards and tables, drawn by our own code as SVG and HTML text.

Every function returns the same bytes for the same input (no random ids, no dates), so
notebook outputs can be compared by nbval.  A card is 70 × 100 units:

- `card_svg(card, face_up=True, four_colour=False)` — one card, or its back (the same for
  every card); with `four_colour` ♦ is drawn blue and ♣ green (`FOUR_COLOURS`);
- `hand_svg(cards)` / `sheet_svg(rows)` — overlapping rows of cards as one SVG;
- `card_html(card, height=72)` — a card sized for inlining in HTML;
- `state_html(state, seat)` / `state_svg(state, seat)` — the table as `seat` sees it,
  built only from the game's `layout(state, seat, lang)` (see `cardlearn.games`) by way
  of `table_rows`, so it never shows a hidden card: a face-down entry of a zone is drawn
  as a back, and an entry's seat and note are written under it.

Nothing here imports ipywidgets or matplotlib.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import lru_cache
from html import escape
from typing import NamedTuple

from cardlearn.cards import Card
from cardlearn.protocol import AnyGame, AnyState, Entry, Layout

__all__ = ["FOUR_COLOURS", "SUIT_COLOURS", "Row", "card_html", "card_svg", "hand_svg", "sheet_svg",
           "state_html", "state_svg", "table_rows"]

WIDTH, HEIGHT = 70, 100
FONT = "DejaVu Sans, Arial, sans-serif"
RED, BLACK, GOLD, BACK = "#c8102e", "#1b1b1b", "#e8b923", "#1f4e8c"
SUIT_COLOURS = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
# The four-colour deck a seat may choose (issue 33): ♦ blue, ♣ green.  Both have at least
# 4.5:1 against the white face and the cream of a court card's frame, and stay apart from
# black and red under protanopia and deuteranopia (see tests/test_four_colour.py).
BLUE, GREEN = "#0b57d0", "#0a6420"
FOUR_COLOURS = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}

# Suit shapes as paths in a box from -1 to 1 (nonzero fill: the club's parts overlap).
_CIRCLE = "M{x},{y}m-.44,0a.44,.44 0 1,0 .88,0a.44,.44 0 1,0 -.88,0"
SUIT_PATHS = {
    "S": "M0,-1C-.35,-.55 -1,-.2 -1,.28C-1,.72 -.42,.86 -.08,.45L-.3,1H.3L.08,.45"
         "C.42,.86 1,.72 1,.28C1,-.2 .35,-.55 0,-1Z",
    "H": "M0,1C-.35,.62 -1,.2 -1,-.36C-1,-.86 -.3,-1.04 0,-.5C.3,-1.04 1,-.86 1,-.36"
         "C1,.2 .35,.62 0,1Z",
    "D": "M0,-1L.74,0L0,1L-.74,0Z",
    "C": "".join(_CIRCLE.format(x=x, y=y) for x, y in ((0, -.5), (-.5, .14), (.5, .14)))
         + "M0,0L-.32,1H.32Z",
}

# Pip centres for 2–10: columns L, C, R and rows from the top; rows below the middle
# are drawn upside down, as on a printed card.
_X = {"L": 23, "C": 35, "R": 47}
_Y = {"t": 20, "u": 35, "v": 30, "h": 40, "m": 50, "i": 60, "w": 70, "l": 65, "b": 80}
PIPS = {
    "2": "Ct Cb", "3": "Ct Cm Cb", "4": "Lt Rt Lb Rb", "5": "Lt Rt Cm Lb Rb",
    "6": "Lt Rt Lm Rm Lb Rb", "7": "Lt Rt Cu Lm Rm Lb Rb", "8": "Lt Rt Cu Lm Rm Cl Lb Rb",
    "9": "Lt Rt Lh Rh Cm Li Ri Lb Rb", "10": "Lt Rt Cv Lh Rh Li Ri Cw Lb Rb",
}
COURT = {"J": "jack", "Q": "queen", "K": "king"}


def _num(x: float) -> str:
    """A coordinate as short, stable text."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _pip(suit: str, x: float, y: float, size: float, *, flip: bool = False) -> str:
    turn = " rotate(180)" if flip else ""
    return (f'<path transform="translate({_num(x)},{_num(y)}){turn} scale({_num(size)})" '
            f'd="{SUIT_PATHS[suit]}"/>')


def _text(x: float, y: float, size: float, text: str, extra: str = "") -> str:
    return (f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" '
            f'text-anchor="middle"{extra}>{escape(text)}</text>')


def _corners(rank: str, suit: str) -> str:
    """Rank and a small pip in the top-left corner, and the same turned round bottom-right."""
    squeeze = ' textLength="13" lengthAdjust="spacingAndGlyphs"' if rank == "10" else ""
    one = _text(8, 14, 13, rank, ' font-weight="bold"' + squeeze) + _pip(suit, 8, 22.5, 4)
    return f"<g>{one}</g><g transform=\"rotate(180 35 50)\">{one}</g>"


def _pips(rank: str, suit: str) -> str:
    return "".join(_pip(suit, _X[p[0]], _Y[p[1]], 6, flip=_Y[p[1]] > 50)
                   for p in PIPS[rank].split())


def _court(rank: str, suit: str, colour: str) -> str:
    """J, Q, K: a frame holding a double-ended half figure (crown or cap, face, shoulders
    with the suit on the chest), the big letter and a pip in its upper corners."""
    gold = f'fill="{GOLD}" stroke="{colour}" stroke-width=".7"'
    hats = {
        "K": f'<path d="M28,27V18l3.5,4 3.5,-6 3.5,6 3.5,-4v9Z" {gold}/>',
        "Q": (f'<path d="M28.5,27l1,-6.5 2.7,3 2.8,-5 2.8,5 2.7,-3 1,6.5Z" {gold}/>'
              f'<circle cx="35" cy="17.5" r="1.5" fill="{colour}"/>'),
        "J": (f'<path d="M28.5,27.5C28.5,19 41.5,19 41.5,27.5Z" fill="{colour}"/>'
              f'<path d="M40.5,23l4,-3.5v6Z" fill="{colour}"/>'),
    }
    half = (
        f'<path d="M23,49C23,40 27,37.5 35,37.5C43,37.5 47,40 47,49Z" fill="{colour}"/>'
        f'<g fill="#ffffff">{_pip(suit, 35, 44, 3.2)}</g>'
        f'<circle cx="35" cy="31.5" r="5" fill="#fbe3c8" stroke="{colour}" stroke-width=".7"/>'
        + hats[rank] + _pip(suit, 49, 18, 3.2)
        + _text(21, 22, 9, rank, ' font-weight="bold"')
    )
    frame = f'<rect x="15" y="11" width="40" height="78" fill="#fff8e7" stroke="{colour}" stroke-width=".8"/>'
    return (frame + f"<g>{half}</g><g transform=\"rotate(180 35 50)\">{half}</g>"
            f'<line x1="15" y1="50" x2="55" y2="50" stroke="{colour}" stroke-width=".6"/>')


def _face(card: Card, four_colour: bool = False) -> str:
    if card.rank is None or card.suit is None:  # the joker
        turns = [(r, k * math.pi / 5) for k, r in enumerate((17, 7) * 5)]
        star = " ".join(f"{_num(35 + r * math.sin(t))},{_num(50 - r * math.cos(t))}" for r, t in turns)
        word = _text(35, 20, 9, "JÓKER", ' font-weight="bold" letter-spacing="1"')
        bells = "".join(f'<circle cx="{x}" cy="{y}" r="2.2" fill="{GOLD}" stroke="{BLACK}" '
                        'stroke-width=".6"/>' for x, y in ((21, 36), (49, 36), (35, 29)))
        return (f'<g fill="{BLACK}">{word}<g transform="rotate(180 35 50)">{word}</g></g>'
                f'<polygon points="{star}" fill="{RED}" stroke="{BLACK}" stroke-width=".8"/>'
                f'<path d="M21,36Q28,45 35,44Q42,45 49,36Q42,42 35,29Q28,42 21,36Z" fill="{BLACK}"/>{bells}')
    colour = (FOUR_COLOURS if four_colour else SUIT_COLOURS)[card.suit]
    if card.rank in COURT:
        middle = _court(card.rank, card.suit, colour)
    elif card.rank == "A":
        middle = _pip(card.suit, 35, 50, 15)
    else:
        middle = _pips(card.rank, card.suit)
    return f'<g fill="{colour}">{_corners(card.rank, card.suit)}{middle}</g>'


def _back() -> str:
    """A geometric back: a lattice of small diamonds round a medallion; no text at all."""
    diamonds = "".join(f"M{x},{y - 3}l3,3 -3,3 -3,-3Z"
                       for row, y in enumerate(range(11, 92, 6))
                       for x in range(11 + 4 * (row % 2), 61, 8))
    return (f'<rect x="5" y="5" width="60" height="90" rx="3" fill="{BACK}"/>'
            f'<path d="{diamonds}" fill="#5b86c5"/>'
            f'<circle cx="35" cy="50" r="13" fill="{BACK}" stroke="{GOLD}" stroke-width="1.5"/>'
            f'<path d="M35,39L38,47 46,50 38,53 35,61 32,53 24,50 32,47Z" fill="{GOLD}"/>')


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


@lru_cache(maxsize=256)
def _body(text: str, face_up: bool, four_colour: bool = False) -> str:
    """The drawing inside one card's 70 × 100 box, as SVG elements."""
    outline = '<rect x=".5" y=".5" width="69" height="99" rx="6" fill="{}" stroke="#777"/>'
    if not face_up:
        return outline.format("#ffffff") + _back()
    card = Card.parse(text)
    return f"<title>{escape(card.symbol)}</title>" + outline.format("#ffffff") + _face(card, four_colour)


def _svg(width: float, height: float, inner: str, view: str | None = None) -> str:
    view = view or f"0 0 {_num(width)} {_num(height)}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
            f'viewBox="{view}" font-family="{FONT}">{inner}</svg>')


@lru_cache(maxsize=256)
def _card_svg(text: str, face_up: bool, height: float, four_colour: bool = False) -> str:
    return _svg(WIDTH * height / HEIGHT, height, _body(text, face_up, four_colour), f"0 0 {WIDTH} {HEIGHT}")


def card_svg(card: Card | str, *, face_up: bool = True, four_colour: bool = False) -> str:
    """A standalone SVG picture of one card (70 × 100), or of its back if not `face_up`;
    `four_colour`: ♦ blue and ♣ green (`FOUR_COLOURS`) instead of red and black."""
    text = str(_as_card(card)) if face_up else ""
    return _card_svg(text, face_up, HEIGHT, four_colour)


def card_html(card: Card | str, *, face_up: bool = True, height: float = 72,
              four_colour: bool = False) -> str:
    """The card as an inline `<svg>` element `height` pixels high, for HTML pages."""
    text = str(_as_card(card)) if face_up else ""
    return _card_svg(text, face_up, height, four_colour)


def sheet_svg(rows: Iterable[Iterable[Card | str | None]], *, face_up: bool = True,
              overlap: float = 0.0, gap: float = 4, fan: float = 0.0) -> str:
    """Rows of cards as one SVG; `None` in a row draws a back.  Each card covers
    `overlap` (0–1) of the one before it; `fan` turns neighbouring cards by that many degrees."""
    step = WIDTH * (1 - overlap)
    pivot = HEIGHT * 2.5  # fanned cards turn about a point below the row
    parts, right, bottom, top, left = [], 0.0, 0.0, 0.0, 0.0
    for r, row in enumerate(rows):
        cards = list(row)
        y = r * (HEIGHT + gap)
        for i, card in enumerate(cards):
            up = face_up and card is not None
            body = _body(str(_as_card(card)) if face_up and card is not None else "", up)
            x, angle = i * step, fan * (i - (len(cards) - 1) / 2)
            ox, oy = x + WIDTH / 2, y + pivot
            turn = f' transform="rotate({_num(angle)} {_num(ox)} {_num(oy)})"' if angle else ""
            parts.append(f'<g{turn}><svg x="{_num(x)}" y="{_num(y)}" width="{WIDTH}" height="{HEIGHT}">'
                         f"{body}</svg></g>")
            cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            for dx, dy in ((-WIDTH / 2, -pivot), (WIDTH / 2, -pivot), (-WIDTH / 2, HEIGHT - pivot),
                           (WIDTH / 2, HEIGHT - pivot)):
                px, py = ox + dx * cos - dy * sin, oy + dx * sin + dy * cos
                left, right, top, bottom = min(left, px), max(right, px), min(top, py), max(bottom, py)
    left, top, right, bottom = (math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom))
    return _svg(right - left, bottom - top, "".join(parts),
                f"{left} {top} {right - left} {bottom - top}")


def hand_svg(cards: Iterable[Card | str] | str, *, face_up: bool = True, overlap: float = 0.45,
             fan: float = 0.0) -> str:
    """A hand as one overlapping (or with `fan` degrees, fanned) row of cards."""
    cards = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    return sheet_svg([cards], face_up=face_up, overlap=overlap, fan=fan)


# ---------------------------------------------------------------------------------------
# The table, from a game's view description

_WORDS = {
    "is": {"seat": "Sæti {n}", "you": "Sæti {n} (þú)", "cards": "{n} spil", "score": "Staða",
           "empty": "engin spil", "to_move": "á leik", "over": "leik lokið"},
    "en": {"seat": "Seat {n}", "you": "Seat {n} (you)", "cards": "{n} cards", "score": "Score",
           "empty": "empty", "to_move": "to move", "over": "game over"},
}
PILE_SHOWN = 3  # a face-down pile is drawn as at most this many backs (hands: every card)
TABLE_GREEN = "#1e6b3c"


class Row(NamedTuple):
    """One row of the table picture: `cards` (None: a face-down card), or `backs`
    face-down cards; `captions`, where given, go under the cards one by one."""

    label: str
    note: str
    cards: tuple[str | None, ...] = ()
    backs: int = 0
    pile: bool = False  # a pile is drawn as a few backs; a hand shows every back
    captions: tuple[str, ...] = ()


def _entries(
    entries: Iterable[Entry], w: Mapping[str, str]
) -> tuple[tuple[str | None, ...], tuple[str, ...]]:
    """A zone's entries (card strings, or dicts with "card", "seat", "note") as cards and
    captions; no captions at all when no entry has a seat or a note."""
    cards, captions = [], []
    for entry in entries:
        if isinstance(entry, dict):
            seat, note = entry.get("seat"), entry.get("note", "")
            cards.append(entry.get("card"))
            who = "" if seat is None else w["seat"].format(n=seat)
            captions.append(" ".join(x for x in (who, note) if x))
        else:
            cards.append(str(entry))
            captions.append("")
    return tuple(cards), tuple(captions) if any(captions) else ()


def table_rows(state: AnyState, seat: int | None = None, lang: str = "is") -> tuple[str, list[Row], str]:
    """The table as `seat` sees it (default: the seat to move, or 0 when the match is
    over): a title, rows from the game's `layout` alone, and a score line."""
    game: AnyGame = state.GAME
    to_move = state.to_move
    seat = (0 if to_move is None else to_move) if seat is None else seat
    view: Layout = game.layout(state, seat, lang)
    w = _WORDS[lang]

    def who(key: str, s: int) -> str:
        return w[key].format(n=s) + (f" — {w['to_move']}" if s == to_move else "")

    rows = []
    for opp in view["opponents"]:
        note = ", ".join(filter(None, (w["cards"].format(n=opp["hand_size"]), opp.get("info", ""))))
        rows.append(Row(who("seat", opp["seat"]), note, backs=opp["hand_size"]))
    for zone in view["zones"]:
        owner = zone.get("owner")
        label = zone["label"] if owner is None else f"{w['seat'].format(n=owner)}: {zone['label']}"
        if "cards" in zone:
            cards, captions = _entries(zone["cards"], w)
            empty = "" if cards or zone.get("label_only") else w["empty"]  # a label alone says all
            rows.append(Row(label, empty, cards, captions=captions))
        else:
            n = zone.get("backs", 0)
            rows.append(Row(label, w["cards"].format(n=n), backs=n, pile=True))
    hand, _ = _entries(view["hand"], w)
    rows.append(Row(who("you", seat), view["info"], hand))
    title = view["title"] + (f" ({w['over']})" if to_move is None else "")
    scores = view["scores"]
    return title, rows, f"{w['score']}: {' – '.join(map(str, scores))}" if scores else ""


def _shown(row: Row) -> tuple[int, float]:
    """How many backs to draw for a row, and how much of each the next one covers."""
    if row.pile:
        return min(row.backs, PILE_SHOWN), 0.82
    return row.backs, 0.65


def state_html(state: AnyState, seat: int | None = None, lang: str = "is", *, height: float = 72) -> str:
    """The table as `seat` sees it, as HTML: other hands and hidden piles as backs, open
    zones and the seat's own hand face up (see `table_rows`).  No scripts, no ids."""
    title, rows, scores = table_rows(state, seat, lang)
    back = card_html("", face_up=False, height=height)
    parts = [f'<div style="font-size:1.15em;font-weight:bold;margin-bottom:6px">{escape(title)}</div>']
    for row in rows:
        note = row.note and f' <span style="font-weight:normal;opacity:.85">· {escape(row.note)}</span>'
        shown, cover = _shown(row)
        shift = -round(WIDTH * height / HEIGHT * cover)
        faces = [card_html(c or "", face_up=c is not None, height=height) for c in row.cards]
        if row.captions:  # who put each card there, and its note, under the card
            faces = [f'<span style="display:inline-flex;flex-direction:column;align-items:center;'
                     f'font-size:11px">{f}<span>{escape(cap)}</span></span>'
                     for f, cap in zip(faces, row.captions)]
        inner = "".join(faces) + "".join(
            f'<span style="display:inline-flex;margin-left:{shift if i else 0}px">{back}</span>'
            for i in range(shown))
        gap = 4 if row.cards else 0
        parts.append(f'<div style="font-weight:bold">{escape(row.label)}{note}</div>'
                     f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:{gap}px;'
                     f'min-height:{_num(height)}px;margin:2px 0 8px 0">{inner}</div>')
    if scores:
        parts.append(f"<div>{escape(scores)}</div>")
    style = (f"font-family:{FONT};background:{TABLE_GREEN};color:#fff;padding:10px 14px;"
             "border-radius:10px;display:inline-block;min-width:320px")
    return f'<div class="cardlearn-table" style="{style}">' + "".join(parts) + "</div>"


def state_svg(state: AnyState, seat: int | None = None, lang: str = "is", *, height: float = 72) -> str:
    """The same picture as `state_html`, as one standalone SVG (for files and READMEs)."""
    title, rows, scores = table_rows(state, seat, lang)
    width, pad, line = WIDTH * height / HEIGHT, 12, 18
    parts = [f'<text x="{pad}" y="{pad + 14}" font-size="16" font-weight="bold">{escape(title)}</text>']
    y: float = pad + 24
    right: float = 360
    for row in rows:
        note = f" · {row.note}" if row.note else ""
        parts.append(f'<text x="{pad}" y="{_num(y + 13)}" font-size="13">'
                     f'<tspan font-weight="bold">{escape(row.label)}</tspan>{escape(note)}</text>')
        y += line
        shown, cover = _shown(row)
        faces = [(c or "", c is not None, (width + 4) * i) for i, c in enumerate(row.cards)]
        faces += [("", False, width * (1 - cover) * i) for i in range(shown)]
        for text, up, x in faces:
            parts.append(f'<svg x="{_num(pad + x)}" y="{_num(y)}" width="{_num(width)}" '
                         f'height="{_num(height)}" viewBox="0 0 {WIDTH} {HEIGHT}">{_body(text, up)}</svg>')
            right = max(right, pad + x + width + pad)
        y += height + 8
    if scores:
        parts.append(f'<text x="{pad}" y="{_num(y + 13)}" font-size="13">{escape(scores)}</text>')
        y += line
    w, h = math.ceil(right), math.ceil(y + pad)
    background = f'<rect width="{w}" height="{h}" rx="10" fill="{TABLE_GREEN}"/>'
    return _svg(w, h, background + f'<g fill="#ffffff">{"".join(parts)}</g>')
