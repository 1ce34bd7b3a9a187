"""What a picture of the table shows: `Snapshot`, read-only data made by `take(model)` from
a `TableModel`'s public methods, every text already in the table's language.

A front end draws a snapshot and nothing else: the other seats round the top (a partner
across, see `places`), the open zones in the middle, the seat shown at the bottom with its
hand and the buttons, the status, log, sheet, end-of-deal summary, match banner and hints.
Each card is a `CellView` naming its zone and its index there: a click on it is
`model.click(zone, index)`.  No widgets here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from cardlearn.cards import Card
from cardlearn.grammar import form, number, person
from cardlearn.protocol import AnyState, Entry, ScoreRow, ShownRow, Token, Zone
from cardlearn.table.words import WORDS, better_words, count_cards, deal_noun, deal_over, result, symbols

if TYPE_CHECKING:
    from cardlearn.table.model import TableModel

HUMAN = "human"
LOG_SHOWN = 12  # the move log shows this many latest moves
SYMBOL = r"(?<![0-9A-Za-z]){}(?![0-9A-Za-z])"  # a card code or symbol, not part of a longer one

Key = tuple[str, int | None]  # a click: (zone or "hand", index of its entry), or (zone, None): the zone
Place = Literal["top", "left", "right"]


def entry_parts(entry: Entry) -> tuple[str | None, int | None, str]:
    """A layout entry as (card text or None for face down, seat, note)."""
    if isinstance(entry, dict):
        return entry.get("card"), entry.get("seat"), entry.get("note", "")
    return str(entry), None, ""


def places(teams: Sequence[Sequence[int]], players: int, viewer: int) -> dict[int, Place]:
    """Where each other seat sits, seen from `viewer` at the bottom: a lone partner (by
    `state.teams`) across at the top, the seats between left (the next in playing order)
    and right; without exactly one partner, every other seat along the top, in order."""
    others = [(viewer + k) % players for k in range(1, players)]
    team = next((t for t in teams if viewer in t), (viewer,))
    partners = [s for s in team if s != viewer]
    if len(partners) != 1 or players < 4:
        return {s: "top" for s in others}
    across = others.index(partners[0])
    return {s: "left" if i < across else "top" if i == across else "right" for i, s in enumerate(others)}


def named(text: str, card: str) -> bool:
    """Does a move's description name `card` (by its symbol)?"""
    return re.search(SYMBOL.format(re.escape(Card.parse(card).symbol)), text) is not None


# ---------------------------------------------------------------------------------------
# The parts of a snapshot


@dataclass(frozen=True)
class CellView:
    """One entry of a zone (or the hand) as drawn: `card` is its canonical text (None: a
    face-down card); `index` its place among the zone's entries (what a click names)."""

    zone: str
    index: int
    card: str | None
    caption: str
    selected: bool
    usable: bool  # some legal move still fits the selection with it (never for a back)
    last: bool  # a card of the last move (not in the hand)
    suggested: bool = False  # a guided deal suggests clicking it next (`cardlearn.guided`)

    @property
    def token(self) -> Token | None:
        """What clicking this cell offers: `(zone, Card)`; None for a face-down card."""
        return None if self.card is None else (self.zone, Card.parse(self.card))


@dataclass(frozen=True)
class ZoneView:
    """A zone as drawn: its cells, or a face-down stack of `backs` (`cells` None)."""

    name: str
    label: str
    owner: int | None
    target: bool  # the zone itself is clickable, as the token (name, None)
    target_selected: bool
    target_usable: bool
    cells: tuple[CellView, ...] | None
    backs: int
    count: str  # the stack's size in words ("3 spil"); of the cards, for a pile drawn stacked
    stack: bool = False  # a face-up pile: drawn as its last card with the count, opened on a click


@dataclass(frozen=True)
class SeatView:
    """Another seat at the table: where it sits, its name, its hand in words, the hand's
    faces in the teacher's view only (else `faces` is empty), its own zones."""

    seat: int
    place: Place
    name: str
    hand_size: int
    label: str  # "4 spil · gjafari"
    to_move: bool
    faces: tuple[str, ...]
    zones: tuple[ZoneView, ...]


@dataclass(frozen=True)
class MoveButton:
    """A move made by one button: it needs no card, or the selection fits several moves."""

    label: str
    action: Any
    suggested: bool = False  # the move a guided deal suggests next


class LogLine(NamedTuple):
    number: int
    text: str
    quiet: bool
    divider: str | None  # a deal's end after this move


@dataclass(frozen=True)
class Summary:
    """The end-of-deal panel: deal `deal`'s row of the sheet and lines about its end (the
    game's sentence on who won it first, when it gives one); `heading` names the deal by
    the game's own word ("1. umferð — lokið")."""

    deal: int
    row: ShownRow
    lines: tuple[str, ...]
    heading: str = ""


@dataclass(frozen=True)
class Banner:
    """The end of the match: who won, and the standing."""

    said: str
    standing: str


@dataclass(frozen=True)
class Snapshot:
    """Everything a picture of the table shows, at one moment, in `lang`.

    With `passing` set (hot seat: the next human must take the screen) the hands and zones
    are hidden: `seats`, `zones`, `own_zones` and `hand` are empty."""

    lang: str
    game_name: str
    title: str
    status: str
    message: str
    teacher: bool
    asking: bool  # "throw this game away?" is asked
    passing: str | None  # who must take the screen now, by name
    seat: int  # the seat shown at the bottom
    my_turn: bool  # that seat is to move
    seats: tuple[SeatView, ...]
    zones: tuple[ZoneView, ...]  # the open zones (no owner), in the layout's order
    own_zones: tuple[ZoneView, ...]  # those of the seat shown
    hand_title: str
    hand_info: str
    prompt: str
    hand: tuple[CellView, ...]
    confirm: bool  # the selection is exactly one move
    buttons: tuple[MoveButton, ...]
    last_move: str  # "Tölvan: tekur 5♦ með 5♠", "" before any move
    last_cards: tuple[str, ...]  # its cards the seat shown may see, sorted
    log: tuple[LogLine, ...]
    sides: tuple[str, ...]  # a name per team, as the sheet and the status use them
    scores: tuple[Any, ...]
    sheet: tuple[ShownRow, ...]
    sheet_names: Mapping[str, str]
    summary: Summary | None
    banner: Banner | None
    hints: tuple[tuple[str, str], ...] | None  # (move in words, reason), best first, ≤ 3; None: not asked
    turn: str = ""  # whose turn, in words ("Þú átt leik"), the status line's first part
    scoreboard: tuple[tuple[str, str], ...] = ()  # (side's name, its score) per side
    score_unit: str = ""  # what the score counts ("tapstig")
    deal_noun: str = ""  # the game's word for a deal, as the sheet's column head ("Gjöf")
    score_better: str = ""  # which way is better ("lægra er betra")
    undo_says: str = ""  # what Undo would take back
    demo: bool = False  # demo mode: the computer plays every seat
    demo_pace: str = "normal"  # its pace: "slow", "normal", "step" (see `TableModel.demo_pace`)
    paused: bool = False  # waiting at a deal's summary for Áfram
    moves: int = 0  # moves made in the match so far
    confirm_shown: bool = True  # some legal move is made with cards (else Confirm is not drawn)
    ready: str = ""  # with `confirm`, the move Confirm would make, in words ("Leggja 6♠ 6♦ á grúfu")
    four_colour: bool = False  # the seat chose the four-colour deck (♦ blue, ♣ green)
    text_view: bool = False  # the text view is on (`cardlearn.table.textview`)
    typed_moves: tuple[tuple[str, str], ...] = ()  # with it on, the moves to type: (notation, words)
    dismiss: str = ""  # the deal-end panel's button ("Áfram"; a guided deal's "Spilaðu alvöru spil")
    step: str = ""  # a guided deal's step: what to do next and why (`cardlearn.guided`); "" at a table

    @property
    def sides_taken(self) -> bool:
        """Do other seats sit left and right (a partner across), or all along the top?"""
        return any(s.place != "top" for s in self.seats)

    def every_zone(self) -> list[ZoneView]:
        """Every zone drawn: the other seats' own, the open ones, those of the seat shown."""
        return [*(z for s in self.seats for z in s.zones), *self.zones, *self.own_zones]

    def cells(self) -> list[CellView]:
        """Every card drawn: those of `every_zone()`, then the hand."""
        return [c for z in self.every_zone() for c in z.cells or ()] + list(self.hand)

    def zone(self, name: str) -> ZoneView:
        """A zone drawn now, by name (`KeyError` if none)."""
        found = [z for z in self.every_zone() if z.name == name]
        if not found:
            raise KeyError(name)
        return found[0]


# ---------------------------------------------------------------------------------------
# Taking one


def cells(
    model: TableModel, zone: str, entries: Sequence[Entry], owner: int | None = None,
    last: frozenset[str] = frozenset(),
) -> tuple[CellView, ...]:
    """How `entries` of `zone` are drawn now: captions (who put a card there, unless it is
    the zone's `owner`, and its note), selected, usable, and last-move marks for the card
    texts in `last`."""
    human = model.human_to_move()
    selection = model.selection() if human else Counter()
    fits = [t for _, t in model.fitting(selection)] if human else []
    chosen = model.selected
    suggested = model.suggested() if human else Counter()
    drawn = []
    for i, entry in enumerate(entries):
        text, seat, note = entry_parts(entry)
        # In a seat's own zone (a meld) its own cards need no name: the note ("= 10♥") shows.
        who = model.who(seat) if seat is not None and seat != owner else ""
        caption = " · ".join(x for x in (who, note) if x)
        selected = text is not None and (zone, i) in chosen
        wanted = selection + Counter([(zone, Card.parse(text))]) if text is not None else selection
        usable = (
            text is not None
            and not selected
            and (any(wanted <= t for t in fits)  # or a meld growing (`Choices.may_grow`)
                 or (bool(selection) and human and model.choices().may_grow(model.game, wanted)))
        )
        marked = text is not None and zone != "hand" and text in last
        hinted = text is not None and not selected and suggested[(zone, Card.parse(text))] > 0
        drawn.append(CellView(zone, i, text, caption, selected, usable, marked, hinted))
    return tuple(drawn)


def _zone_view(model: TableModel, zone: Zone, last: frozenset[str]) -> ZoneView:
    name = zone["name"]
    target = bool(zone.get("target"))
    usable = target and model.human_to_move() and any(t[(name, None)] for _, t in model.fitting())
    cards = zone.get("cards")
    backs = zone.get("backs", 0)
    return ZoneView(
        name=name,
        label=zone["label"],
        owner=zone.get("owner"),
        target=target,
        target_selected=target and (name, None) in model.selected,
        target_usable=usable,
        cells=None if cards is None else cells(model, name, cards, zone.get("owner"), last),
        backs=backs,
        count=count_cards(len(cards) if zone.get("stack") and cards is not None else backs, model.lang),
        stack=bool(zone.get("stack")) and cards is not None,
    )


def said(model: TableModel, i: int, viewer: int | None) -> str:
    """Move `i` in words, with who made it (the game's whole sentence, its subject named
    by the table's `who`), as `viewer` heard it."""
    _, action = model.moves[i]
    return model.game.describe(model.states[i], action, model.lang, viewer=viewer, who=model.who)


def last_cards(model: TableModel, i: int | None = None) -> frozenset[str]:
    """The cards of the last move (or of move `i`) that the seat shown may see: those its
    words name."""
    if not model.moves:
        return frozenset()
    i = len(model.moves) - 1 if i is None else i
    before, action = model.states[i], model.moves[i][1]
    words = model.game.describe(before, action, model.lang, viewer=model.log_viewer())
    return frozenset(
        str(c) for _, c in model.game.action_cards(before, action) if c is not None and named(words, str(c))
    )


def _new_deal(model: TableModel) -> bool:
    """Did the last move end a deal, now dealt anew (the pupil has moved on past its
    summary)?  Then the new deal's felt starts clean: no "last move" of the old deal."""
    states = model.states
    return len(states) > 1 and not states[-1].is_over and states[-1].deals_done > states[-2].deals_done


def deal_end(model: TableModel, i: int) -> AnyState:
    """The position move `i`, the last of a deal, left on the table before the deal was
    scored (the game keeps it: `last_deal_position`); the one before that move where a
    game kept none."""
    states = model.states
    kept = states[i + 1].last_deal_position
    return kept if kept is not None else states[i]


def _turn(model: TableModel) -> str:
    """Whose turn, in words: the status line's first part."""
    w, state, seats = WORDS[model.lang], model.state, model.seats
    seat = state.to_move
    if seat is None:
        winner = result(state.winner, state.teams, state.players, seats, model.lang, model.own_seat,
                        model.names)
        return f"{w['over']} — {winner}"
    if model.paused:
        return w["press_continue"].format(button=model.dismiss_words())  # the end panel's button
    if seats[seat] == HUMAN and not model.demo:
        return w["your_turn"] if len(model.humans) == 1 else w["turn"].format(who=model.who(seat))
    if model.demo:  # the demo's own count: its moves since it began, this one too
        n = model.demo_moves + 1
        who = model.who(seat)  # "Þú" for the pupil's own seat, which the computer plays too
        key = "demo_step_status" if model.demo_pace == "step" else "demo_busy"
        return form(w, key, person(who, model.lang)).format(n=n, who=who)
    streak = model.bot_streak  # a long stretch of computer moves shows its progress
    return w["bots_busy"].format(who=model.who(seat), n=streak) if streak >= 3 else \
        w["thinking"].format(who=model.who(seat))


def score_unit(model: TableModel) -> str:
    """What the score counts, in the table's language ("tapstig"), from the game's facts."""
    unit = model.game.INFO.score_unit
    return str(unit.get(model.lang, unit.get("en", "")))


def score_better(model: TableModel) -> str:
    """Which way the score is better ("því færri tapstig, því betra"), from `score_sign`."""
    return better_words(score_unit(model), model.game.INFO.score_sign, model.lang)


def sheet_row(model: TableModel, row: ScoreRow) -> ShownRow:
    """A row of the score sheet as the pupil reads it: the game's names for its contracts,
    outcomes and seats (`sheet_row` of the game), the numbers as they are."""
    return model.game.sheet_row(row, model.lang, model.who)

def _status(model: TableModel) -> str:
    w, state = WORDS[model.lang], model.state
    standing = ", ".join(f"{name}: {number(s, model.lang)}" for name, s in zip(model.sides(), state.scores))
    unit = score_unit(model)
    return (f"{_turn(model)} · {w['moves']}: {len(state.history)} · "
            f"{unit[:1].upper() + unit[1:]} ({score_better(model)}) — {standing}")


def _log(model: TableModel) -> tuple[LogLine, ...]:
    moves, states = model.moves, model.states
    first = max(0, len(moves) - LOG_SHOWN)  # only the latest moves, numbered as played
    viewer, lines = model.log_viewer(), []
    for i in range(first, len(moves)):
        before, after = states[i], states[i + 1]
        divider = _deal_line(model, after) if after.deals_done > before.deals_done else None
        lines.append(LogLine(i + 1, said(model, i, viewer), model.quiet(before, moves[i][1]), divider))
    return tuple(lines)


def deal_heading(model: TableModel, n: int) -> str:
    """ "1. umferð lokið": deal `n`'s end, named by the game's own word for a deal."""
    word = model.game.INFO.deal_word
    return deal_over(str(word.get(model.lang, word.get("en", "{n}"))), n, model.lang)

def _deal_noun(model: TableModel) -> str:
    """ "Gjöf", "Umferð", "Spil": the game's word for a deal, as a column head."""
    word = model.game.INFO.deal_word
    return deal_noun(str(word.get(model.lang, word.get("en", ""))), model.lang)


def _deal_line(model: TableModel, state: AnyState) -> str:
    """ "— 1. spil — lokið: Þú 3, Tölvan 8 —": a deal's end, with its row's totals."""
    sheet = state.score_sheet
    n = len(sheet)
    totals = sheet[n - 1].get("total", ())
    values = totals if isinstance(totals, (tuple, list)) else ()
    named_totals = ", ".join(f"{name}: {number(v, model.lang)}" for name, v in zip(model.sides(), values))
    head = deal_heading(model, n)
    return f"— {head}: {named_totals} —" if named_totals else f"— {head} —"


def _summary(model: TableModel) -> Summary | None:
    """The end-of-deal panel: the deal's row of the sheet, the deal's last move, and the
    loose cards left over (see `leftovers`)."""
    i = model.summary_at
    if i is None or model.state.is_over:
        return None
    before, after = model.states[i], model.states[i + 1]
    verdict = model.game.deal_result(before, after, model.lang, model.who)
    asked = model.hints_in_deal(i)
    lines = (*((verdict,) if verdict else ()),
             f"{WORDS[model.lang]['last_move']}: {said(model, i, model.log_viewer())}",
             *leftovers(model, after),
             *((WORDS[model.lang]["hints_in_deal"].format(n=asked),) if asked else ()))
    n = len(after.score_sheet)
    return Summary(n, sheet_row(model, after.score_sheet[-1]), lines, deal_heading(model, n))


def leftovers(model: TableModel, after: AnyState) -> list[str]:
    """The cards left lying in the open when the deal ended, and who got them (Kasína's
    table cards, to the last capturer), from the finished deal's record; a pile nobody
    gets (Kínaskák's discards) is not listed."""
    end = after.last_deal
    if end is None or not end.table or end.table_to is None:
        return []
    name = model.who(end.table_to)
    key = form(WORDS[model.lang], "leftover_to", person(name, model.lang))
    return [key.format(who=name, cards=symbols(end.table))]

def _banner(model: TableModel) -> Banner | None:
    state = model.state
    if not state.is_over:
        return None
    winner = result(state.winner, state.teams, state.players, model.seats, model.lang, model.own_seat,
                    model.names)
    standing = ", ".join(f"{name}: {number(s, model.lang)}" for name, s in zip(model.sides(), state.scores))
    return Banner(WORDS[model.lang]["match_won"].format(who=winner), f"{score_unit(model)}: {standing}")


def _hints(model: TableModel) -> tuple[tuple[str, str], ...] | None:
    state = model.state
    if not model.hint_shown:
        return None
    return tuple(
        (model.game.describe(state, a, model.lang, viewer=state.to_move, who=model.who),
         model.reason(state, a))
        for a in model.hint_moves(state)
    )


def _buttons(model: TableModel) -> tuple[bool, tuple[MoveButton, ...]]:
    """Whether Confirm plays the selection, and a button per move that needs no card
    (bids, "buy", "pass") and per move when the selection fits several at once."""
    if not model.human_to_move():
        return False, ()
    state, exact = model.state, model.exact()
    moves = model.choices().plain() + (exact if len(exact) > 1 else [])
    labels = [model.game.command(state, a, model.lang, who=model.who) for a in moves]
    wanted = model.suggested_move()
    return len(exact) == 1, tuple(MoveButton(label, a, wanted is not None and a == wanted)
                                  for label, a in zip(labels, moves))


def take(model: TableModel) -> Snapshot:
    """What a picture of `model`'s table shows now."""
    game, state, lang = model.game, model.state, model.lang
    w = WORDS[lang]
    seat = model.shown_seat()
    passing = model.who(model.pass_to()) if model.must_pass() else None
    seats: list[SeatView] = []
    zones: tuple[ZoneView, ...] = ()
    own: tuple[ZoneView, ...] = ()
    hand: tuple[CellView, ...] = ()
    confirm: bool = False
    buttons: tuple[MoveButton, ...] = ()
    title, info, prompt, mine, last_said = game.NAME[lang], "", "", "", ""
    last: frozenset[str] = frozenset()
    # Paused at a deal's end, the felt shows the deal that ended as its last move left it
    # (the last trick whole, the leftover cards: the game keeps that position), not the
    # next deal, which the engine has already dealt; nobody is asked to move on it.
    ended = model.summary_at if model.summary_at is not None and not state.is_over else None
    shown = state if ended is None else deal_end(model, ended)
    if passing is None:  # the hands are shown
        view = model.layout() if ended is None else game.layout(shown, seat, lang, who=model.who)
        title, info = view["title"], view["info"]
        prompt = view.get("prompt", "") if ended is None else ""
        last = last_cards(model, ended) if ended is not None or not _new_deal(model) else frozenset()
        owned: dict[int, list[Zone]] = {}
        for zone in view["zones"]:
            owner = zone.get("owner")
            if owner is not None:
                owned.setdefault(owner, []).append(zone)
        hands = {o["seat"]: o for o in view["opponents"]}
        for other, place in places(shown.teams, shown.players, seat).items():
            opponent = hands.get(other)
            size = opponent["hand_size"] if opponent else 0
            about = opponent.get("info", "") if opponent else ""
            faces: tuple[str, ...] = ()
            if model.teacher:  # every hand face up: only the picture, the bots never see it
                theirs = game.layout(shown, other, lang, who=model.who)["hand"]
                faces = tuple(c for c in (entry_parts(e)[0] for e in theirs) if c)
            seats.append(SeatView(
                seat=other, place=place, name=model.who(other), hand_size=size,
                label=" · ".join(x for x in (count_cards(size, lang), about) if x),
                to_move=ended is None and state.to_move == other, faces=faces,
                zones=tuple(_zone_view(model, z, last) for z in owned.get(other, [])),
            ))
        zones = tuple(_zone_view(model, z, last) for z in view["zones"] if z.get("owner") is None)
        own = tuple(_zone_view(model, z, last) for z in owned.get(seat, []))
        hand = cells(model, "hand", view["hand"], None, last)
        confirm, buttons = _buttons(model)
        mine = w["your_hand"] if len(model.humans) == 1 else w["hand_of"].format(who=model.who(seat))
        if model.moves and (ended is not None or not _new_deal(model)):
            last_said = said(model, len(model.moves) - 1, model.log_viewer())
    return Snapshot(
        lang=lang,
        game_name=game.NAME[lang],
        title=title,
        status=_status(model),
        message=model.message,
        teacher=model.teacher,
        asking=model.asking,
        passing=passing,
        seat=seat,
        my_turn=state.to_move == seat,
        seats=tuple(seats),
        zones=zones,
        own_zones=own,
        hand_title=mine,
        hand_info=info,
        prompt=prompt,
        hand=hand,
        confirm=confirm,
        buttons=buttons,
        last_move=last_said,
        last_cards=tuple(sorted(last, key=lambda c: Card.parse(c).sort_key())),
        log=_log(model),
        sides=tuple(model.sides()),
        scores=tuple(state.scores),
        sheet=tuple(sheet_row(model, row) for row in state.score_sheet),
        sheet_names=game.SHEET_NAMES.get(lang, {}),
        summary=_summary(model),
        banner=_banner(model),
        hints=_hints(model) if passing is None else None,
        turn=_turn(model),
        scoreboard=tuple((name, number(s, lang)) for name, s in zip(model.sides(), state.scores)),
        score_unit=score_unit(model),
        deal_noun=_deal_noun(model),
        score_better=score_better(model),
        undo_says=model.undo_says(),
        demo=model.demo,
        demo_pace=model.demo_pace,
        paused=model.paused,
        moves=len(state.history),
        confirm_shown=model.human_to_move() and model.choices().any_tokens(),
        ready=game.command(state, model.exact()[0], lang, who=model.who) if confirm else "",
        four_colour=model.four_colour,
        text_view=model.text_view,
        typed_moves=_typed_moves(model) if model.text_view and passing is None else (),
        dismiss=model.dismiss_words(),
        step=model.step_text(),
    )


def _typed_moves(model: TableModel) -> tuple[tuple[str, str], ...]:
    """The moves the seat shown may type now, each as `(notation, its button's words)`."""
    if not model.human_to_move() or model.state.to_move != model.shown_seat():
        return ()
    state = model.state
    return tuple((str(a), model.game.command(state, a, model.lang, who=model.who))
                 for a in state.legal_actions())
