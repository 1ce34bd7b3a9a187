"""The projector's board (sýningartafla): one table as the back row of a classroom sees it,
an HTML fragment the lesson's server sends (the page around it, and its polling, are the
server's).

- `board_html(room, lang, open_hands=False)` — a room's table now.
- `demo_state(game, seed, steps, level=None)` / `demo_board_html(game, seed, steps, lang)` —
  a demo match played by computers alone, after `steps` moves.

The board shows whose turn it is, the last move in the words of the table's move log, the
open zones (the middle, the trick, piles, melds: whatever the game lays out for every
seat), each seat's name and card count, and the match score: words at 36 px and more,
cards twice the table's size (`CARD_WIDTH`), each card named in `lang` for a screen
reader.  Unless `open_hands`, it shows no card that any seat cannot see: the last move is
said as an onlooker hears it (a card laid face down unnamed).  After a deal's last move
the board shows the next deal, and that move under "Síðasti leikur — 1. spili lokið".

It is built from the generic table's snapshot (`cardlearn.table.snapshot.take`) and knows
no game.  A table's model always shows the table from a seat, and a seat's view holds
more than its hand that others may not see (Lomber's own discards, a zone of its own;
Kozel's cards laid face down in the trick, shown face up in its player's view).  So the
board takes every seat's view (`_Onlooker`) and shows a card face up only where every
view shows the same card there (`_meet`); with `open_hands`, where any view does, and
every hand too.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple, TypeVar

from cardlearn.bots import SearchBot
from cardlearn.cards import Card
from cardlearn.draw import FONT, TABLE_GREEN, card_html
from cardlearn.games import GAMES
from cardlearn.lesson.report import NOBODY, score_unit, sides
from cardlearn.protocol import AnyGame, AnyState, Bot
from cardlearn.rooms import Room
from cardlearn.table import look
from cardlearn.table.history import Move
from cardlearn.table.look import esc
from cardlearn.table.model import TableModel, new_state
from cardlearn.table.snapshot import CellView, Snapshot, ZoneView, deal_heading, said, take
from cardlearn.table.textview import sayable
from cardlearn.table.words import WORDS, check_lang, count_cards, number, result

__all__ = ["CARD_WIDTH", "MIN_TEXT_PX", "DemoDeal", "board_html", "demo_board_html", "demo_level",
           "demo_state"]

T = TypeVar("T")

# ---------------------------------------------------------------------------------------
# The look: read from the back of a classroom

BOARD_SCALE = 2  # the board's cards against the table's
CARD_WIDTH = f"calc({BOARD_SCALE} * {look.CARD_WIDTH})"  # follows the table's card if that changes
MIN_TEXT_PX = 36  # the least size of any word on the board
PACKED_FROM = 5  # a zone of this many cards and more, none captioned, overlaps them (a long meld)
FELT, INK, MARK = TABLE_GREEN, "#ffffff", "#ffe082"  # white 6.5:1 and yellow 5:1 on the felt

STYLE = (
    "<style>"
    f".cardlearn-board{{--cw:{CARD_WIDTH};--ch:calc(var(--cw) * 10 / 7);background:{FELT};color:{INK};"
    f"font-family:{FONT};font-size:40px;line-height:1.25;padding:16px 24px;border-radius:16px;"
    "box-sizing:border-box}"
    "@media (min-width:900px){.cardlearn-board{display:grid;"
    "grid-template-columns:minmax(0,1fr) minmax(0,30%);gap:0 40px;align-items:start}}"
    ".cardlearn-board h2{font-size:44px;margin:0}"
    f".cardlearn-board h3{{font-size:38px;margin:10px 0 2px;color:{MARK}}}"
    ".cardlearn-board h4, .cardlearn-board h5{font-size:40px;margin:8px 0 4px}"
    f".cardlearn-board .cardlearn-board-status{{font-size:56px;font-weight:bold;color:{MARK};margin:0}}"
    ".cardlearn-board .cardlearn-board-last p{font-size:52px;margin:0}"
    ".cardlearn-board .cardlearn-board-zones{display:flex;flex-wrap:wrap;gap:8px 48px;align-items:flex-start}"
    ".cardlearn-board ul{list-style:none;margin:0;padding:0}"
    ".cardlearn-board ul.cardlearn-board-cards{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}"
    ".cardlearn-board ul.cardlearn-board-packed{gap:0}"
    # a long meld overlapped, each card's corner (its rank and suit) left in sight
    ".cardlearn-board ul.cardlearn-board-packed > li + li{margin-left:calc(var(--cw) * -0.62)}"
    ".cardlearn-board .cardlearn-board-card svg{display:block;width:var(--cw);height:var(--ch)}"
    f".cardlearn-board .cardlearn-board-last-card svg{{outline:6px solid {MARK};outline-offset:2px}}"
    ".cardlearn-board .cardlearn-board-caption{display:block;font-size:36px;max-width:var(--cw);"
    "text-align:center;overflow-wrap:anywhere}"
    ".cardlearn-board .cardlearn-board-count{font-size:40px}"
    # read by a screen reader, not drawn (the usual visually-hidden pattern)
    ".cardlearn-board .cardlearn-board-unseen{position:absolute;width:1px;height:1px;overflow:hidden;"
    "clip:rect(0 0 0 0);white-space:nowrap}"
    ".cardlearn-board .cardlearn-board-seats{display:flex;flex-wrap:wrap;gap:8px 48px}"
    ".cardlearn-board .cardlearn-board-side .cardlearn-board-seats{flex-direction:column}"
    f".cardlearn-board .cardlearn-board-to-move{{border-left:10px solid {MARK};padding-left:12px}}"
    ".cardlearn-board .cardlearn-board-seats p{margin:0;font-size:40px}"
    ".cardlearn-board table{font-size:40px;border-collapse:collapse}"
    ".cardlearn-board caption{font-size:36px;text-align:left}"
    ".cardlearn-board th, .cardlearn-board td{padding:2px 16px 2px 0;text-align:left;"
    f"border-bottom:2px solid {INK}}}"
    "</style>"
)

BOARD_WORDS = {
    "is": {"board": "Tafla", "last_move": "Síðasti leikur", "no_move": "Ekkert leikið enn",
           "table": "Á borðinu", "players": "Spilarar", "to_move": "á leik", "hands": "Spil á hendi",
           "score": "Staðan", "empty": "engin spil"},
    "en": {"board": "Board", "last_move": "Last move", "no_move": "No move yet",
           "table": "On the table", "players": "The players", "to_move": "to move", "hands": "Hands",
           "score": "The score", "empty": "nothing"},
}


# ---------------------------------------------------------------------------------------
# Every seat's view of one table


class _Onlooker(TableModel):
    """A table that is only looked at: given positions and moves (`moves[i]` from
    `states[i]`), seen from one seat at a time (`look_from`), never clicked; its pupils
    named as to an onlooker (`NOBODY`'s eyes: "Anna", never "Þú")."""

    def __init__(self, game: AnyGame, states: Sequence[AnyState], moves: Sequence[Move],
                 seats: Mapping[int, str], names: Mapping[int, str], lang: str):
        self._given = dict(names)  # before the base class, which may name seats while starting
        super().__init__(game, states[0], seats=seats, lang=lang)
        self._history.replace(list(states), list(moves))  # as a room's model fills it from its log

    def look_from(self, seat: int) -> Snapshot:
        """The table as `seat`'s page shows it, hand and all."""
        self._selection.viewer = seat
        return take(self)

    @property
    def names(self) -> Mapping[int, str]:
        return self._given

    @property
    def own_seat(self) -> int:
        return NOBODY

    def must_pass(self) -> bool:
        return False  # each seat's view is taken on purpose: no screen is handed over

    def human_to_move(self) -> bool:
        return False  # nobody clicks the board: no usable marks, no buttons, no forced move

    def undo_target(self) -> int | None:
        return None  # nothing is undone here (and the history is not searched for undo stops)


def _meet(values: Sequence[T | None], everyone: bool) -> T | None:
    """What the views show: with `everyone`, the value every view shows alike (else None:
    some seat does not see it so); otherwise the first any view shows."""
    if everyone:
        return values[0] if values and all(v == values[0] for v in values) else None
    return next((v for v in values if v is not None), None)


class Face(NamedTuple):
    """A card as the board draws it: `card` None is face down."""

    card: str | None
    caption: str
    last: bool


@dataclass(frozen=True)
class Shown:
    """A zone as the board draws it: `faces`, or a face-down pile of `backs` (`faces` None)."""

    owner: int | None
    label: str
    faces: tuple[Face, ...] | None
    backs: int
    count: str
    stack: bool


def _faces(cells: Sequence[tuple[CellView, ...]], everyone: bool) -> tuple[Face, ...]:
    """A zone's cards across the views that show it; where their numbers differ the views
    disagree on the whole zone, and with `everyone` it is drawn face down."""
    if everyone and len({len(c) for c in cells}) > 1:
        return tuple(Face(None, "", False) for _ in cells[0])
    longest = max(cells, key=len)
    faces = []
    for i in range(len(longest)):
        at = [c[i] for c in cells if i < len(c)]
        card = _meet([c.card for c in at], everyone)
        caption = _meet([c.caption for c in at], everyone) or ""
        faces.append(Face(card, caption, card is not None and any(c.last for c in at)))
    return tuple(faces)


def _zone(views: Sequence[ZoneView], everyone: bool) -> Shown:
    first = views[0]
    cells = [v.cells for v in views if v.cells is not None]
    hidden = not cells or (everyone and len(cells) < len(views))  # a pile in some view
    faces = None if hidden else _faces(cells, everyone)
    # a pile's count shows no card, and every seat sees how high a pile is
    return Shown(first.owner, _meet([v.label for v in views], everyone) or "", faces, first.backs,
                 first.count, first.stack)


def _is_button(zone: ZoneView) -> bool:
    """An empty zone that is only something to click (Kozel's "face down" target), not a
    place on the table."""
    return zone.target and not zone.cells and not zone.backs


def _zones(snaps: Sequence[Snapshot], everyone: bool) -> list[Shown]:
    """The zones the views show, each once, in the order they are laid out: with
    `everyone`, only those every view shows (a seat's own discards are not)."""
    found: dict[tuple[int | None, str], list[ZoneView]] = {}
    for snap in snaps:
        for zone in snap.every_zone():
            found.setdefault((zone.owner, zone.name), []).append(zone)
    return [_zone(views, everyone) for views in found.values()
            if (len(views) == len(snaps) or not everyone) and not _is_button(views[0])]


class Seat(NamedTuple):
    seat: int
    name: str
    label: str  # "4 spil · gjafari"
    to_move: bool
    hand: tuple[str, ...]  # face up, with `open_hands` only


def _seats(snaps: Sequence[Snapshot], model: _Onlooker, open_hands: bool) -> list[Seat]:
    """Every seat: its name, and its hand's size and facts as the other seats' views give
    them (the words every one of them agrees on, else the count alone)."""
    lang, state = model.lang, model.state
    seats = []
    for seat, own in enumerate(snaps):
        others = [v for snap in snaps for v in snap.seats if v.seat == seat]
        label = _meet([v.label for v in others], True) or count_cards(len(own.hand), lang)
        hand = tuple(c.card for c in own.hand if c.card) if open_hands else ()
        seats.append(Seat(seat, model.who(seat), label, state.to_move == seat, hand))
    return seats


def _last_move(model: _Onlooker, open_hands: bool) -> str:
    """The last move as the table's log says it to an onlooker (a seat that did not make it,
    so a card laid face down stays unnamed); with `open_hands`, as the teacher's view says it."""
    if not model.moves:
        return ""
    i = len(model.moves) - 1
    mover = model.moves[i][0]
    onlooker = None if open_hands else (mover + 1) % model.state.players
    return said(model, i, onlooker)


def _last_heading(model: _Onlooker) -> str:
    """ "Síðasti leikur", and "1. spili lokið" after it when that move ended a deal: the
    cards it names were dealt anew since, and the felt shows the next deal."""
    heading = BOARD_WORDS[model.lang]["last_move"]
    states = model.states
    if len(states) > 1 and states[-1].deals_done > states[-2].deals_done:
        return f"{heading} — {deal_heading(model, len(states[-1].score_sheet))}"
    return heading


def _status(model: _Onlooker) -> str:
    """Whose turn it is, by name ("Anna á leik"), or who won the match."""
    state, w = model.state, WORDS[model.lang]
    if state.to_move is None:
        won = result(state.winner, state.teams, state.players, model.seats, model.lang, NOBODY, model.names)
        return f"{w['over']} — {won}"
    return w["turn"].format(who=model.who(state.to_move))


# ---------------------------------------------------------------------------------------
# Drawing


def _card(face: Face, lang: str) -> str:
    """One card, large, named for a screen reader (its name, who put it there, "in the last
    move"); its picture, and its caption that the name already says, hidden from it."""
    w = WORDS[lang]
    name = Card.parse(face.card).name(lang) if face.card else w["card_back"]
    caption = sayable(face.caption, lang)  # "Tromp: lauf", not the symbol ♣
    said_name = " · ".join(x for x in (name, caption, w["card_last"] if face.last else "") if x)
    picture = card_html(face.card or "", face_up=face.card is not None)
    picture = picture.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)
    data = f' data-card="{esc(face.card)}"' if face.card else ""
    mark = " cardlearn-board-last-card" if face.last else ""
    shown = (f'<span class="cardlearn-board-caption" aria-hidden="true">{esc(face.caption)}</span>'
             if face.caption else "")
    return (f'<li><span class="cardlearn-board-card{mark}" role="img" aria-label="{esc(said_name)}"{data}>'
            f"{picture}</span>{shown}</li>")


def _words_html(text: str, lang: str) -> str:
    """Words that may hold card symbols ("Tölva 2 kastar Q♦"): shown as written, and said
    with the cards' names for a screen reader ("Q♦ (tíguldrottning)")."""
    spoken = sayable(text, lang)
    if spoken == text:
        return f"<p>{esc(text)}</p>"
    return (f'<p><span aria-hidden="true">{esc(text)}</span>'
            f'<span class="cardlearn-board-unseen">{esc(spoken)}</span></p>')


def _cards(faces: Sequence[Face], lang: str) -> str:
    packed = len(faces) >= PACKED_FROM and not any(f.caption for f in faces)
    kind = "cardlearn-board-cards cardlearn-board-packed" if packed else "cardlearn-board-cards"
    return f'<ul class="{kind}">' + "".join(_card(f, lang) for f in faces) + "</ul>"


def _zone_html(zone: Shown, lang: str, level: int = 4) -> str:
    """A zone under its label (a heading of `level`): its cards; a pile as its top card (or
    a back) and its count."""
    head = f"<h{level}>{esc(zone.label)}</h{level}>" if zone.label else ""
    if zone.faces is None or zone.stack:
        top = zone.faces[-1:] if zone.faces else (Face(None, "", False),) if zone.backs else ()
        count = f'<span class="cardlearn-board-count">{esc(zone.count)}</span>'
        body = (_cards(top, lang) if top else "") + count
    elif zone.faces:
        body = _cards(zone.faces, lang)
    else:
        body = f'<span class="cardlearn-board-count">{esc(BOARD_WORDS[lang]["empty"])}</span>'
    return f'<section class="cardlearn-board-zone">{head}{body}</section>'


def _seat_html(seat: Seat, zones: Sequence[Shown], lang: str) -> str:
    mark = f" ({BOARD_WORDS[lang]['to_move']})" if seat.to_move else ""
    kind = ' class="cardlearn-board-to-move"' if seat.to_move else ""
    own = "".join(_zone_html(z, lang, 5) for z in zones if z.owner == seat.seat)  # under the seat's name
    return f"<li{kind}><h4>{esc(seat.name)}{esc(mark)}</h4><p>{esc(seat.label)}</p>{own}</li>"


def _hands_html(seats: Sequence[Seat], lang: str) -> str:
    w = WORDS[lang]
    hands = "".join(f'<section><h4>{esc(w["hand_of"].format(who=s.name))}</h4>'
                    f"{_cards([Face(c, '', False) for c in s.hand], lang)}</section>" for s in seats)
    head = f'<h3>{esc(BOARD_WORDS[lang]["hands"])}</h3>'
    return f'<section class="cardlearn-board-hands">{head}{hands}</section>'


def _score_html(model: _Onlooker) -> str:
    lang, state = model.lang, model.state
    unit = score_unit(model.game, lang)
    rows = "".join(f'<tr><th scope="row">{esc(s["name"])}</th><td>{esc(number(s["score"], lang))}</td></tr>'
                   for s in sides(state, model.seats, model.names, lang))
    caption = f"{BOARD_WORDS[lang]['score']} ({unit})"
    return f'<table class="cardlearn-board-score"><caption>{esc(caption)}</caption>{rows}</table>'


def _moves(states: Sequence[AnyState]) -> list[Move]:
    """The moves between positions: each by the seat to move before it, as the engine keeps it."""
    moves = []
    for before, after in pairwise(states):
        assert before.to_move is not None  # a position moved on from had a seat to move
        moves.append((before.to_move, after.history[-1]))
    return moves


def _board(game: AnyGame, states: Sequence[AnyState], seats: Mapping[int, str], names: Mapping[int, str],
           lang: str, open_hands: bool) -> str:
    """The board of a table whose positions are `states` (the match so far)."""
    lang = check_lang(lang)
    model = _Onlooker(game, states, _moves(states), seats, names, lang)
    snaps = [model.look_from(s) for s in range(model.state.players)]
    everyone, bw = not open_hands, BOARD_WORDS[lang]
    zones = _zones(snaps, everyone)
    players = _seats(snaps, model, open_hands)
    title = _meet([s.title for s in snaps], True) or game.NAME[lang]
    last = _last_move(model, open_hands) or bw["no_move"]
    middle = "".join(_zone_html(z, lang) for z in zones if z.owner is None)
    # two columns on a projector (the table's news on the left, who plays and the score on
    # the right), so that a 1024 × 768 screen holds the board whole; one column on a phone
    parts = [
        '<div class="cardlearn-board-main">',
        f"<h2>{esc(title)}</h2>",
        f'<p class="cardlearn-board-status">{esc(_status(model))}</p>',
        f'<section class="cardlearn-board-last"><h3>{esc(_last_heading(model))}</h3>'
        f"{_words_html(last, lang)}</section>",
        f'<section class="cardlearn-board-middle"><h3>{esc(bw["table"])}</h3>'
        f'<div class="cardlearn-board-zones">{middle}</div></section>',
        _hands_html(players, lang) if open_hands else "",
        '</div><div class="cardlearn-board-side">',
        f'<section><h3>{esc(bw["players"])}</h3><ul class="cardlearn-board-seats">'
        + "".join(_seat_html(p, zones, lang) for p in players) + "</ul></section>",
        _score_html(model),
        "</div>",
    ]
    label = f"{bw['board']}: {title}"
    return (f'<section class="cardlearn-board" lang="{lang}" aria-label="{esc(label)}">{STYLE}'
            + "".join(parts) + "</section>")


def board_html(room: Room, lang: str, open_hands: bool = False) -> str:
    """The projector's board of `room`'s table now, an HTML fragment in `lang` (see the
    module docstring); every hand face up too with `open_hands` (the teacher's choice)."""
    return _board(room.module, room.states(), room.seats, room.names, lang, open_hands)


# ---------------------------------------------------------------------------------------
# A demo match: computers alone


def demo_level(game: AnyGame) -> str:
    """The demo's computers: the game's middle level (`BOTS` lists them weakest first): it
    plays sensibly and at once, where the strongest thinks for a while."""
    levels = list(game.BOTS)
    return levels[len(levels) // 2]


def _demo_bot(game: AnyGame, level: str, seed: int) -> Bot:
    """A computer of `level` that plays the same moves on every machine: a search thinks by
    count, never by the clock (as `cardlearn.table.fixed` does with a fixed seed)."""
    kind = game.BOTS[level]
    search = kind if isinstance(kind, type) and issubclass(kind, SearchBot) else None
    if search is None:
        return kind(seed=seed)
    return search(seed=seed, seconds=None)


@dataclass(frozen=True)
class DemoDeal:
    """A demo match after some moves: its positions (`states[0]` the deal) and moves."""

    game: str
    seed: int
    level: str
    states: tuple[AnyState, ...]
    moves: tuple[Move, ...]

    @property
    def state(self) -> AnyState:
        return self.states[-1]

    @property
    def seats(self) -> dict[int, str]:
        return {s: self.level for s in range(self.state.players)}


class _DemoRun:
    """A demo match played as far as anyone asked: its bots carry on from the last position."""

    def __init__(self, game: AnyGame, seed: int, level: str):
        self.states: list[AnyState] = [new_state(game, seed, None, None)]
        self.moves: list[Move] = []
        self.bots = {s: _demo_bot(game, level, seed + s) for s in range(self.states[0].players)}
        self.lock = threading.Lock()

    def play_to(self, steps: int) -> None:
        with self.lock:
            while len(self.moves) < steps and not self.states[-1].is_over:
                state = self.states[-1]
                seat = state.to_move
                assert seat is not None  # a match not over has a seat to move
                after = state.apply(self.bots[seat].choose(state, seat))
                self.states.append(after)
                self.moves.append((seat, after.history[-1]))


DEMOS_KEPT = 16  # demo matches kept played, the latest asked for
_demos: OrderedDict[tuple[str, int, str], _DemoRun] = OrderedDict()
_demos_lock = threading.Lock()


def _demo_run(game: str, seed: int, level: str) -> _DemoRun:
    key = (game, seed, level)
    with _demos_lock:
        run = _demos.get(key)
        if run is None:
            run = _demos[key] = _DemoRun(GAMES[game], seed, level)
            while len(_demos) > DEMOS_KEPT:
                _demos.popitem(last=False)
        _demos.move_to_end(key)
        return run


def demo_state(game: str, seed: int, steps: int, level: str | None = None) -> DemoDeal:
    """Demo match `seed` of `game`, every seat a computer of `level` (default `demo_level`),
    after `steps` moves (fewer if the match ends sooner).  The same seed gives the same
    moves; a match is played once and kept, so the next step costs one move."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    module = GAMES[game]
    level = demo_level(module) if level is None else level
    if level not in module.BOTS:
        raise ValueError(f"level {level!r} is not one of {', '.join(module.BOTS)}")
    if type(steps) is not int or steps < 0:
        raise ValueError(f"steps is a whole number from 0, not {steps!r}")
    run = _demo_run(game, seed, level)
    run.play_to(steps)
    with run.lock:
        made = min(steps, len(run.moves))
        return DemoDeal(game, seed, level, tuple(run.states[:made + 1]), tuple(run.moves[:made]))


def demo_board_html(game: str, seed: int, steps: int, lang: str, open_hands: bool = False,
                    level: str | None = None) -> str:
    """The board of demo match `seed` of `game` after `steps` moves (see `demo_state`)."""
    deal = demo_state(game, seed, steps, level)
    return _board(GAMES[game], deal.states, deal.seats, {}, lang, open_hands)
