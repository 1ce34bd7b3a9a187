"""`RoomModel`: a `TableModel` whose every change goes through its room first (see
`cardlearn.table.room` for what a room's table does): moves, undo and Áfram are written to
the room's log and shown by reading the log back (`catch_up`).  While the teacher holds the
room (`halted`) nothing moves; every hint and refused move is counted in the seat's tally."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardlearn import rooms
from cardlearn.protocol import AnyState
from cardlearn.rooms import HELD_RULES, TALLY_PREF, NotYourTurn, Paused, Room, StaleMove
from cardlearn.table.history import MOVES_NAMED, Move, said_moves, taken_back
from cardlearn.table.messages import illegal, rule_of
from cardlearn.table.model import BotTurn, TableModel
from cardlearn.table.room.words import room_words
from cardlearn.table.snapshot import Snapshot
from cardlearn.table.words import WORDS, listing

UNDO_KEY = "undo"  # a seat's undo request: "<to>@<log length>"
SHOWN_KEPT = 16  # log lengths whose positions a model keeps, to read a click's "saw" against
OWN = "own"  # `_overtaken`: the click came before the page drew this pupil's own entries


def _common(a: Sequence[AnyState], b: Sequence[AnyState]) -> int:
    """How many moves two histories share: the index of their last common position."""
    n = 0
    while n + 1 < min(len(a), len(b)) and a[n + 1] is b[n + 1]:
        n += 1
    return n


class RoomModel(TableModel):
    """A `TableModel` bound to `room` at pupil seat `seat` (with its `token`): see the
    module docstring.  `holder` names this page's kernel in the room's claims."""

    def __init__(self, room: Room, seat: int, token: str, *, holder: str | None = None,
                 lang: str | None = None):
        room.check(seat, token)  # WrongToken: nothing is shown, nothing written
        self.room, self.seat, self._token = room, seat, token
        self.holder = holder or secrets.token_hex(8)
        self._seen = 0  # how many of the log's entries this model has read
        self._waiting: tuple[int, ...] = ()  # pupil seats still to press Áfram for the last deal
        self._undo_request: str | None = None  # what the last undo request said (shared rooms)
        # The log's length the page showed when its pupil last clicked, as the page's script
        # sends it with each click (`RoomTable`); None: no page said (a test, JupyterLab).
        self.page_saw: int | None = None
        # log length → the positions and moves shown then
        self._shown: dict[int, tuple[tuple[AnyState, ...], tuple[Move, ...]]] = {}
        self._mine: set[int] = set()  # the log entries this page wrote for its pupil
        self.on_new: Callable[[], None] | None = None  # "Nýr leikur": the widget makes a new room
        start = rooms.log.new_state(room.module, room.rules, room.seed, room.players)
        self._replay = rooms.log.Replay(start, room.seats)  # the log as read so far
        stored = room.pref(seat, "lang", None)
        self._pupils = room.names  # given when the room was made: read once
        super().__init__(room.module, start, seats=room.seats, seed=room.seed,
                         lang=lang or (stored if stored in WORDS else "is"))
        self._four_colour = room.pref(seat, "deck", None) == "four"
        self._text_view = room.pref(seat, "textview", False) is True
        self.catch_up()
        self._remember()

    # -- what it is --------------------------------------------------------------------
    @property
    def shared(self) -> bool:
        """More than one pupil seat: a table a class shares."""
        return len(self._humans) > 1

    @property
    def token(self) -> str:
        """This seat's token, as the page's address carries it (a reload opens the seat again)."""
        return self._token

    @property
    def seen(self) -> int:
        """The log's length as this model last read it (what `data-moves` shows)."""
        return self._seen

    @property
    def humans(self) -> tuple[int, ...]:
        """The pupil seats as the picture counts them: this page's seat only (the others
        are other pupils' pages; the room knows them all, `room.humans`)."""
        return (self.seat,)

    @property
    def halted(self) -> str | None:
        """"pause" while the teacher holds the room, "end" once the lesson has ended, else
        None (as this page last read the log): then nothing moves, computers do not think,
        and the status and every click say the teacher's words."""
        return self._replay.paused

    @property
    def waiting(self) -> tuple[int, ...]:
        """The pupil seats that have not yet pressed Áfram after the deal that just ended."""
        return self._waiting

    @property
    def own_seat(self) -> int:
        """This page's seat is "Þú" although other pupils play at the table too."""
        return self.seat

    @property
    def names(self) -> Mapping[int, str]:
        """The other pupils' own names, as the teacher gave them ("Spilari 2" without)."""
        return self._pupils

    def _names(self, seats: tuple[int, ...], lang: str) -> str:
        """Seats by name ("Þú" for this page's seat, "Anna" or "Spilari 2", "Tölva 1"),
        listed as a sentence lists them ("Bjarki, Sigga og Dóra")."""
        return listing([self.namer(lang)(s) for s in seats], lang)

    # -- the seat's choices, the teacher's view and demo ----------------------------------
    def _keep(self, key: str, value: object) -> None:
        """The seat's language, deck and text view, kept in the room per seat: its page
        reopens with them."""
        if getattr(self, "room", None) is not None:  # the base class sets them while starting
            self.room.set_pref(self.seat, self._token, key, value)

    @property
    def teacher(self) -> bool:
        return self._teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        if on and self.shared:
            self._say_room("shared_teacher")
            return
        self._teacher = bool(on)

    @property
    def demo(self) -> bool:
        return self._turns.demo

    @demo.setter
    def demo(self, on: bool) -> None:
        if on and self.shared:
            self._say_room("shared_demo")
            return
        TableModel.demo.fset(self, on)  # type: ignore[attr-defined]

    def _say_room(self, key: str, **kw: Any) -> None:
        self._note = lambda lang: room_words(lang)[key].format(**kw)

    # -- reading the log -------------------------------------------------------------------
    def _reset(self, state: AnyState) -> None:
        super()._reset(state)
        self._selection.viewer = self.seat  # one seat per page: never a hot seat

    def must_pass(self) -> bool:
        return False

    def catch_up(self) -> bool:
        """Read the entries written since this model last looked and show them: new moves
        are played on, an undo cuts the moves back, Áfram presses are counted (the room's
        own replay, `cardlearn.rooms.log.Replay`, one entry at a time).  True if the log
        had grown."""
        fresh = self.room.store.entries(self.room.id, self._replay.length)
        if not fresh:
            return False
        last = self.state
        before = self._history.states, self._history.moves
        self._replay.extend(fresh)
        states = self._replay.states
        shown = len(self._history.states)
        if len(states) < shown or states[shown - 1] is not last or self.halted is not None:
            # an undo, here or on another page, or the teacher's pause: a thinking bot gives up
            self.cancel_bots()
        self._history.replace(list(states), [(seat, states[i + 1].history[-1])
                                             for i, (seat, _) in enumerate(self._replay.moves)])
        self._seen = self._replay.length
        self._place_summary()
        self._changed()
        kept = _common(before[0], self._history.states)
        if kept < len(before[1]):  # an undo, this page's or by agreement: say what it took back
            self._note = taken_back(self, before[0][kept:-1], before[1][kept:])
        self._remember()
        return True

    def _remember(self) -> None:
        """Keep what the page shows at this log length (a click names the length it saw)."""
        self._shown[self._seen] = tuple(self._history.states), tuple(self._history.moves)
        for old in sorted(self._shown)[:-SHOWN_KEPT]:
            del self._shown[old]

    # -- racing clicks ---------------------------------------------------------------------
    def _overtaken(self) -> str | None:
        """Was the pupil's click made on a position that has changed meanwhile (another
        pupil's move, a computer's, an undo landed since the page drew what it showed)?
        Then the table catches up, the click does nothing else, and the message line says
        what happened ("Einhver varð á undan þér: Dóra spilar út K♥."): "stale".  A click
        after this page's own entries only (a double click on Staðfesta) is dropped
        without a word: `OWN`.  One after "Áfram" presses, a pause or a resume alone, the
        position unchanged, goes on: None."""
        saw = self._seen if self.page_saw is None else self.page_saw
        self.catch_up()
        if saw == self._seen:
            return None
        then = self._shown.get(saw)
        if then is not None and then[0][-1] is self.state:
            return None  # only "Áfram" presses (or the teacher's hold) landed: the click means what it meant
        if set(range(saw, self._seen)) <= self._mine:
            return OWN  # the page had not yet drawn this pupil's own move
        if then is None:  # a length this model never showed: say it without the moves
            self._say_room("moved_first")
            return StaleMove.rule
        states, moves = then
        kept = _common(states, self._history.states)

        def say(lang: str) -> str:
            w = room_words(lang)
            parts = []
            if kept < len(moves):
                parts.append(w["first_undone"].format(
                    moves="; ".join(said_moves(self, states[kept:-1], moves[kept:], lang))))
            made = said_moves(self, self._history.states[kept:-1], self._history.moves[kept:], lang)
            if len(made) > MOVES_NAMED:
                parts.append(w["first_many"].format(n=len(made), move=made[-1]))
            elif made:
                parts.append("; ".join(made))
            return w["first_what"].format(what="; ".join(parts))

        self._note = say
        return StaleMove.rule

    def _place_summary(self) -> None:
        """The summary is shown while the last move ended a deal (not the match) and this
        seat has not pressed Áfram for it; the table waits for every pupil seat's Áfram."""
        history = self._history
        history.summary_at, self._waiting = None, ()
        if not history.moves:
            return
        before, after = history.states[-2], history.states[-1]
        if after.deals_done <= before.deals_done or after.is_over:
            return
        pressed = self._replay.continued.get(after.deals_done, frozenset())
        if self.seat not in pressed:
            history.summary_at = len(history.moves) - 1
        self._waiting = tuple(s for s in self._humans if s not in pressed)

    # -- moves -----------------------------------------------------------------------------
    def human_to_move(self) -> bool:
        return (self.state.to_move == self.seat and not self.paused and not self._waiting
                and not self._turns.demo and self.halted is None)

    def _refuse(self) -> bool:
        """Say why this seat may not move now, if so, and count it in the seat's tally."""
        overtaken = self._overtaken()
        if overtaken == OWN:  # the pupil's own double click: no refusal to say or count
            return True
        if overtaken is not None:
            self._refused(overtaken)
            return True
        if self._halted_says():
            return True
        seat = self.state.to_move
        if seat is not None and not self.paused and self._waiting and not self._turns.demo:
            self._say_room("waiting_continue_msg", who=self._names(self._waiting, self._lang))
            self._refused("waiting_continue")
            return True
        if seat is not None and seat != self.seat and not self.paused and not self._turns.demo:
            self._say("wait", who=self.who(seat))
            self._refused(NotYourTurn.rule)
            return True
        return super()._refuse()  # it counts its own refusals (`Turns.refuse`)

    def _halted_says(self, count: bool = True) -> bool:
        """While the teacher holds the room: the teacher's words on the message line (and,
        for a move, `count`, in the seat's tally, by the rule "paused" or "ended"): True."""
        if self.halted is None:
            return False
        rule = HELD_RULES[self.halted]  # the room's own rule, and the key of its words
        self._say_room(rule)
        if count:
            self._refused(rule)
        return True

    def _play(self, action: Any) -> bool:
        """The pupil's move: checked by the engine (an illegal one only sets the message),
        written to the room, then shown."""
        state = self.state
        try:
            after = state.apply(action)
        except ValueError as err:
            self._note = illegal(self.game, err)
            self._refused(rule_of(err))
            return False
        return self._write(lambda: self.room.play(self.seat, self._token, str(after.history[-1]),
                                                  after=self._seen), move=True)

    def _write(self, write: Callable[[], object], mine: bool = True, move: bool = False) -> bool:
        """Write to the room, then read the log back; when someone wrote first (the log grew
        meanwhile), catch up and say so; when the teacher holds the room, say the
        teacher's words.  True if this page's entry landed.  `mine`: the entry is the
        pupil's own (a move, an undo), not a computer's or demo's; `move`: the pupil's
        move, whose refusal counts in the seat's tally."""
        try:
            write()
        except (StaleMove, NotYourTurn, Paused) as err:
            self.catch_up()
            self._say_room(err.rule if isinstance(err, Paused) else "moved_first")
            if move:
                self._refused(err.rule)
            return False
        if mine:
            self._mine.add(self._seen)  # the entry just written
        self.catch_up()
        return True

    def dismiss(self) -> None:
        """Áfram: this seat's "continue" for the deal that ended.  Pressed at the same moment
        as another seat's, it may find the log grown: it is not a choice the other entry can
        change, so after catching up it is written again (while still due)."""
        for _ in range(3):
            if self.summary_at is None:
                return
            try:
                self.room.proceed(self.seat, self._token, after=self._seen)
            except StaleMove:
                self.catch_up()
                continue
            except Paused as err:  # the room is held (this page may not have read it yet)
                self.catch_up()
                self._say_room(err.rule)
                return
            self.catch_up()
            return

    def undo(self) -> bool:
        """Back to the latest undo stop: at once in a solo room; in a shared room only once
        every pupil seat has asked for the same undo (see the module docstring).  A press
        made on a position that has changed meanwhile asks nothing: it is refused, saying
        what happened, so a request always names the move its pupil saw."""
        if self._overtaken() or self._halted_says(count=False):
            return False
        target = self.undo_target()
        if target is None:
            self._say("nothing_to_undo")
            return False
        if not self.shared:
            return self._write(lambda: self.room.undo(self.seat, self._token, target, after=self._seen))
        request = f"{target}@{self._seen}"
        self.room.set_pref(self.seat, self._token, UNDO_KEY, request)
        missing = tuple(s for s in self._humans if self.room.pref(s, UNDO_KEY, None) != request)
        if missing:
            asked = self._history.states[target:target + 1], self._history.moves[target:target + 1]
            self._note = lambda lang: room_words(lang)["undo_asked"].format(
                move=said_moves(self, *asked, lang)[0], who=self._names(missing, lang))
            return False
        return self._write(lambda: self.room.undo(self.seat, self._token, target, after=self._seen))

    def look_at_requests(self) -> bool:
        """Another pupil's undo request for the position now, shown on the message line
        (a shared room's pages look every `WATCH_TIMEOUT`); True if the message changed."""
        if not self.shared:
            return False
        target = self.undo_target()
        request = None if target is None else f"{target}@{self._seen}"
        askers = tuple(s for s in self._humans if s != self.seat and request is not None
                       and self.room.pref(s, UNDO_KEY, None) == request)
        mine = self.room.pref(self.seat, UNDO_KEY, None) == request
        said = f"{askers}:{mine}:{request}"
        if said == self._undo_request:
            return False
        self._undo_request = said
        if askers and not mine and target is not None:
            move = self.describe_move(target)
            self._note = lambda lang: room_words(lang)["undo_ask_other"].format(
                who=self._names(askers, lang), move=move.rstrip("."))
            return True
        return False

    def new_game(self, seed: int | None = None) -> None:
        """A new room (the widget makes it and binds the table to it); a shared room's new
        table is the teacher's to make."""
        self._asking = False
        if self._halted_says(count=False):  # a new room would leave the teacher's lesson
            return
        if self.shared:
            self._say_room("shared_new")
            return
        if self.on_new is not None:
            self.on_new()

    # -- computers -------------------------------------------------------------------------
    def pending_bot(self) -> BotTurn | None:
        """The computer's (or demo's) turn now due, if this page's kernel holds the claim to
        write it; the other pages wait for the entry."""
        if self._waiting or self.halted is not None:  # no claim either: nothing moves
            return None
        turn = super().pending_bot()
        if turn is None or not self.room.claim(self._seen, self.holder):
            return None
        return turn

    def complete(self, turn: BotTurn, action: Any) -> bool:
        """Write the computer's move (demo's: as this pupil's seat) to the room, then show
        it; False, changing nothing, for a stale turn."""
        if not self.is_current(turn):
            return False
        text = str(turn.state.apply(action).history[-1])
        if turn.seat == self.seat:  # demo mode plays the pupil's own seat
            self._write(lambda: self.room.play(self.seat, self._token, text, after=self._seen, by="demo"),
                        mine=False)
        else:
            self._write(lambda: self.room.play_computer(text, after=self._seen), mine=False)
        return True

    # -- the picture -----------------------------------------------------------------------
    def turn_words(self, lang: str | None = None) -> str | None:
        """Whose turn, by name ("Tölva 1 á leik", "Sæti 2 á leik", "Þú átt leik"), or None
        where the plain table's words say it (the match over, your summary, demo)."""
        lang = lang or self._lang
        if self.halted is not None:
            return room_words(lang)[HELD_RULES[self.halted]]
        seat = self.state.to_move
        if seat is None or self.paused or self._turns.demo:
            return None
        if self._waiting:
            return room_words(lang)["waiting_continue"].format(who=self._names(self._waiting, lang))
        w = WORDS[lang]
        return w["your_turn"] if seat == self.seat else w["turn"].format(who=self.namer(lang)(seat))

    def snapshot(self) -> Snapshot:
        snap = super().snapshot()
        turn = self.turn_words()
        if turn is None:
            return snap
        if self.halted is not None:  # the teacher's words instead of a turn: nothing is asked of the pupil
            return dataclasses.replace(snap, turn=turn, my_turn=False, prompt="")
        return dataclasses.replace(snap, turn=turn)

    # -- the seat's tally ------------------------------------------------------------------
    def hint(self) -> list[tuple[str, str]]:
        """The hint, as at any table; counted in the seat's tally once per position it is
        shown in (pressed again, it shows the same).  While the teacher holds the room,
        only the teacher's words."""
        if self._halted_says(count=False):
            return []
        again = self.hint_shown
        hints = super().hint()
        if hints and not again:
            self._count(hint=True)
        return hints

    def _tally(self, rule: str) -> None:
        self._count(refused=rule)

    def _count(self, *, hint: bool = False, refused: str | None = None) -> None:
        """Add a hint, or a move refused by `refused`, to the seat's tally in the room (for
        the teacher's lesson).  Read afresh each time, so a reload or another page of the
        seat keeps counting (two such pages counting at one instant may lose one count).
        The tally is an aside: when it cannot be read or written (a corrupt tally, the
        database away for a moment) the table goes on without it, saying nothing."""
        try:
            tally = self.room.tally(self.seat)
            tally["hints"] += int(hint)
            if refused is not None:
                tally["refused"][refused] = tally["refused"].get(refused, 0) + 1
            self.room.set_pref(self.seat, self._token, TALLY_PREF, tally)
        except Exception:  # whatever failed, the pupil's move or hint must not
            return

