"""A table bound to a room (`cardlearn.rooms`): the classroom pages' table.

A room is a game, its rules and seed, which seats are pupils' and which computers', and an
append-only log of moves; its state is the replay of the log.  `RoomModel` is a
`TableModel` whose every change goes through the room first: a pupil's move, a computer's
or demo's move, an undo and Áfram are written to the log (compare-and-append on the
log's length, so of two moves made at once one lands), and only then shown, by reading
the log back (`catch_up`).  So a reload, a kernel restart or a restart of the pages server
shows the same position: the page reads the log again.  Moves made on other pages arrive
the same way: `RoomTable` waits on the room from a thread and redraws by itself.

- **One seat per page.**  The model shows only its own seat (`seat`), never a hot seat;
  the widgets draw that seat's layout, so other seats' hidden cards never reach the page.
- **Computer seats.**  Every page of the room could think for a computer; the page whose
  kernel wins `room.claim(len(room), holder)` does and writes the move
  (`room.play_computer`), the others wait for the entry.  A claim older than its time to
  live is taken over, so a page closed while thinking does not stop the table.
- **A deal's end.**  Every page shows the deal's summary until its pupil presses Áfram
  (a "continue" entry); computers and pupils go on only once every pupil seat of the room
  has pressed it for that deal.
- **Someone moved first.**  A move refused because the log grew meanwhile (`StaleMove`)
  is not lost silently: the table catches up and says so.
- **A shared room** (more than one pupil seat): the teacher's view and demo mode are off,
  "Nýr leikur" belongs to the teacher (`python -m cardlearn.rooms new`, or the index
  page's form), and undo is *by agreement*: a pupil's "Taka aftur" asks for it (stored
  as that seat's `undo` preference, naming the position and the log's length); the undo is
  written once every pupil seat has asked for the same one, and any move made meanwhile
  makes the requests stale.
- **A solo room** (one pupil): everything as on a table of one's own; "Nýr leikur"
  starts a new room, and the page's address is rewritten to name it.

The page's address carries the room, the seat and the seat's token
(`?room=<id>&seat=<n>&token=<t>`); `address()` reads it (in Voilà's preheated kernels it
waits for the page's request), `page_widget` opens the room, checks the token (a wrong one
gets a refusal and no table) or makes a new solo room when the address names none, and
answers the teacher's form (`?new=1&humans=0,2&level=thumb`) with the seats' links.  The
table's root carries `data-moves` (the log's length) and `data-seat`: ipywidgets cannot
set attributes on a box, so a hidden child (`cardlearn-room-data`) carries them and the
pages' template script copies them to the root and rewrites the address.
"""

from __future__ import annotations

import dataclasses
import html
import os
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode

import ipywidgets as widgets

from cardlearn import rooms
from cardlearn.games import GAMES
from cardlearn.protocol import State
from cardlearn.rooms import NotYourTurn, Room, RoomError, StaleMove, WrongToken
from cardlearn.table.fixed import seed_from_environment
from cardlearn.table.model import BotTurn, TableModel
from cardlearn.table.snapshot import HUMAN, Snapshot
from cardlearn.table.widget import Table
from cardlearn.table.words import WORDS, check_lang

# The words of a table in a room, Icelandic as card players say it, with English twins.
ROOM_WORDS: dict[str, dict[str, str]] = {
    "is": {
        "moved_first": "Einhver varð á undan þér: borðið sýnir nú nýjasta leikinn.",
        "waiting_continue": "Beðið eftir að {who} ýti á „Áfram“",
        "waiting_continue_msg": "Beðið eftir að {who} ýti á „Áfram“ — svo heldur spilið áfram.",
        "shared_new": "Kennarinn stofnar nýtt borð fyrir sameiginlegt spil.",
        "shared_teacher": "Kennarasýn er lokuð við sameiginlegt borð: hver sér aðeins sín spil.",
        "shared_demo": "Sýnikennsla er lokuð við sameiginlegt borð.",
        "undo_asked": "Þú baðst um að taka aftur. Beðið eftir að {who} samþykki.",
        "undo_ask_other": "{who} vill taka aftur: {move} Smelltu á „Afturkalla“ til að samþykkja.",
        "undo_stale": "Beiðnin um að taka aftur féll niður: leikið var á meðan.",
        "refused": "Þetta borð opnast ekki: {why}",
        "wrong_token": "aðgangsorðið í slóðinni passar ekki við sætið. Fáðu rétta slóð hjá kennaranum.",
        "no_such_room": "ekkert borð með þessu auðkenni. Fáðu rétta slóð hjá kennaranum.",
        "bad_address": "slóðin er ekki rétt: {why}",
        "other_game": "þetta borð er fyrir {game}, ekki þennan leik.",
        "corrupt": "leikjaskrá borðsins er skemmd ({why}).",
        "links_shown": "slóðirnar að borðinu voru sýndar þegar það var stofnað (aðgangsorðin eru "
                       "ekki geymd). Stofnaðu nýtt borð á forsíðunni.",
        "links_title": "Nýtt borð: {game}",
        "links_intro": "Hver nemandi opnar sína slóð (hún gildir aðeins fyrir það sæti):",
        "link_seat": "Sæti {n}",
        "computers": "Tölvur í hinum sætunum: {level}.",
        "and": " og ",
    },
    "en": {
        "moved_first": "Someone moved first: the table now shows the latest move.",
        "waiting_continue": "Waiting for {who} to press “Continue”",
        "waiting_continue_msg": "Waiting for {who} to press “Continue” — then play goes on.",
        "shared_new": "The teacher starts a new table for a shared game.",
        "shared_teacher": "The teacher's view is off at a shared table: each sees only their own cards.",
        "shared_demo": "Demo mode is off at a shared table.",
        "undo_asked": "You asked to take back. Waiting for: {who}.",
        "undo_ask_other": "{who} wants to take back: {move} Click “Undo” to agree.",
        "undo_stale": "The request to take back lapsed: a move was made meanwhile.",
        "refused": "This table does not open: {why}",
        "wrong_token": "the token in the address is not this seat's. Ask the teacher for the right link.",
        "no_such_room": "there is no table with this id. Ask the teacher for the right link.",
        "bad_address": "the address is not right: {why}",
        "other_game": "this table is for {game}, not this game.",
        "corrupt": "the table's log is damaged ({why}).",
        "links_shown": "the table's links were shown when it was made (the tokens are not kept). "
                       "Make a new table on the index page.",
        "links_title": "New table: {game}",
        "links_intro": "Each pupil opens their own link (it is good for that seat only):",
        "link_seat": "Seat {n}",
        "computers": "Computers at the other seats: {level}.",
        "and": " and ",
    },
}

WATCH_TIMEOUT = 1.0  # seconds a page waits on the room before looking at claims and requests
UNDO_KEY = "undo"  # a seat's undo request: "<to>@<log length>"


def room_words(lang: str) -> dict[str, str]:
    return ROOM_WORDS[check_lang(lang)]


def page_path(game: str) -> str:
    """A game's page, relative to the root of the `make pages` server."""
    return f"voila/render/{game}.ipynb"


def seat_query(room: str, seat: int, token: str) -> str:
    """The query string that names a room and seat (with the seat's token)."""
    return "?" + urlencode({"room": room, "seat": seat, "token": token})


# ---------------------------------------------------------------------------------------
# The model


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
        self.on_new: Callable[[], None] | None = None  # "Nýr leikur": the widget makes a new room
        start = rooms.log.new_state(room.module, room.rules, room.seed, room.players)
        self._replay = rooms.log.Replay(start, room.seats)  # the log as read so far
        stored = room.pref(seat, "lang", None)
        self._pupils = room.names  # given when the room was made: read once
        super().__init__(room.module, start, seats=room.seats, seed=room.seed,
                         lang=lang or (stored if stored in WORDS else "is"))
        self.catch_up()

    # -- what it is --------------------------------------------------------------------
    @property
    def shared(self) -> bool:
        """More than one pupil seat: a table a class shares."""
        return len(self._humans) > 1

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
        joined by "og"."""
        return room_words(lang)["and"].join(self.namer(lang)(s) for s in seats)

    # -- the language, the teacher's view and demo ---------------------------------------
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = check_lang(lang)
        if getattr(self, "room", None) is not None:  # the base class sets it while starting
            self.room.set_pref(self.seat, self._token, "lang", self._lang)

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
        return self._demo

    @demo.setter
    def demo(self, on: bool) -> None:
        if on and self.shared:
            self._say_room("shared_demo")
            return
        TableModel.demo.fset(self, on)  # type: ignore[attr-defined]

    def _say_room(self, key: str, **kw: Any) -> None:
        self._note = lambda lang: room_words(lang)[key].format(**kw)

    # -- reading the log -------------------------------------------------------------------
    def _reset(self, state: State) -> None:
        super()._reset(state)
        self._viewer = self.seat  # one seat per page: never a hot seat

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
        self._replay.extend(fresh)
        states = self._replay.states
        if len(states) < len(self._states) or states[len(self._states) - 1] is not last:
            self.cancel_bots()  # an undo, here or on another page: a thinking bot gives up
        self._states = list(states)
        self._moves = [(seat, states[i + 1].history[-1]) for i, (seat, _) in enumerate(self._replay.moves)]
        self._seen = self._replay.length
        self._place_summary()
        self._selected.clear()
        self._note = None
        self._settle()
        return True

    def _place_summary(self) -> None:
        """The summary is shown while the last move ended a deal (not the match) and this
        seat has not pressed Áfram for it; the table waits for every pupil seat's Áfram."""
        self._summary_at, self._waiting = None, ()
        if not self._moves:
            return
        before, after = self._states[-2], self._states[-1]
        if after.deals_done <= before.deals_done or after.is_over:
            return
        pressed = self._replay.continued.get(after.deals_done, frozenset())
        if self.seat not in pressed:
            self._summary_at = len(self._moves) - 1
        self._waiting = tuple(s for s in self._humans if s not in pressed)

    # -- moves -----------------------------------------------------------------------------
    def human_to_move(self) -> bool:
        return (self.state.to_move == self.seat and not self.paused and not self._waiting
                and not self._demo)

    def _refuse(self) -> bool:
        seat = self.state.to_move
        if seat is not None and not self.paused and self._waiting and not self._demo:
            self._say_room("waiting_continue_msg", who=self._names(self._waiting, self._lang))
            return True
        if seat is not None and seat != self.seat and not self.paused and not self._demo:
            self._say("wait", who=self.who(seat))
            return True
        return super()._refuse()

    def _play(self, action: Any) -> bool:
        """The pupil's move: checked by the engine (an illegal one only sets the message),
        written to the room, then shown."""
        state = self.state
        try:
            after = state.apply(action)
        except ValueError as err:
            self._note = self._illegal(err)
            return False
        return self._write(lambda: self.room.play(self.seat, self._token, str(after.history[-1]),
                                                  after=self._seen))

    def _write(self, write: Callable[[], object]) -> bool:
        """Write to the room, then read the log back; when someone wrote first (the log grew
        meanwhile), catch up and say so.  True if this page's entry landed."""
        try:
            write()
        except (StaleMove, NotYourTurn):
            self.catch_up()
            self._say_room("moved_first")
            return False
        self.catch_up()
        return True

    def dismiss(self) -> None:
        """Áfram: this seat's "continue" for the deal that ended.  Pressed at the same moment
        as another seat's, it may find the log grown: it is not a choice the other entry can
        change, so after catching up it is written again (while still due)."""
        for _ in range(3):
            if self._summary_at is None:
                return
            try:
                self.room.proceed(self.seat, self._token, after=self._seen)
            except StaleMove:
                self.catch_up()
                continue
            self.catch_up()
            return

    def undo(self) -> bool:
        """Back to the latest undo stop: at once in a solo room; in a shared room only once
        every pupil seat has asked for the same undo (see the module docstring)."""
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
            self._say_room("undo_asked", who=self._names(missing, self._lang))
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
                who=self._names(askers, lang), move=move if move.endswith(".") else move + ".")
            return True
        return False

    def new_game(self, seed: int | None = None) -> None:
        """A new room (the widget makes it and binds the table to it); a shared room's new
        table is the teacher's to make."""
        self._asking = False
        if self.shared:
            self._say_room("shared_new")
            return
        if self.on_new is not None:
            self.on_new()

    # -- computers -------------------------------------------------------------------------
    def pending_bot(self) -> BotTurn | None:
        """The computer's (or demo's) turn now due, if this page's kernel holds the claim to
        write it; the other pages wait for the entry."""
        if self._waiting:
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
            self._write(lambda: self.room.play(self.seat, self._token, text, after=self._seen, by="demo"))
        else:
            self._write(lambda: self.room.play_computer(text, after=self._seen))
        return True

    # -- the picture -----------------------------------------------------------------------
    def turn_words(self, lang: str | None = None) -> str | None:
        """Whose turn, by name ("Tölva 1 á leik", "Sæti 2 á leik", "Þú átt leik"), or None
        where the plain table's words say it (the match over, your summary, demo)."""
        lang = lang or self._lang
        seat = self.state.to_move
        if seat is None or self.paused or self._demo:
            return None
        if self._waiting:
            return room_words(lang)["waiting_continue"].format(who=self._names(self._waiting, lang))
        w = WORDS[lang]
        return w["your_turn"] if seat == self.seat else w["turn"].format(who=self.namer(lang)(seat))

    def snapshot(self) -> Snapshot:
        snap = super().snapshot()
        turn = self.turn_words()
        return snap if turn is None else dataclasses.replace(snap, turn=turn)


# ---------------------------------------------------------------------------------------
# The widget


class RoomTable(Table):
    """The playable table of a `RoomModel`: moves made on other pages are shown by
    themselves (a thread waits on the room), and a hidden child carries the log's length,
    the seat and the page's address for the pages' template script."""

    def __init__(self, model: RoomModel, *, delay: float = 0.5):
        self._data = widgets.HTML(layout=widgets.Layout(display="none"))
        self._data.add_class("cardlearn-room-data")
        self._closed = threading.Event()
        super().__init__(model.game, model.state, delay=delay, model=model)
        self._bind(model)
        self._watcher = threading.Thread(target=self._watch, daemon=True, name="cardlearn-room")
        self._watcher.start()

    @property
    def room(self) -> Room:
        return self._room_model().room

    def _room_model(self) -> RoomModel:
        model = self.model
        assert isinstance(model, RoomModel)
        return model

    def _bind(self, model: RoomModel) -> None:
        model.on_new = self._new_room
        for css in ("cardlearn-teacher", "cardlearn-demo"):  # off at a shared table
            for button in self.find(css):
                button.layout.display = "none" if model.shared else None

    def _extra(self) -> tuple[widgets.Widget, ...]:
        model = self._room_model()
        self._data.value = (
            f'<span data-moves="{model.seen}" data-seat="{model.seat}" '
            f'data-room="{html.escape(model.room.id)}" '
            f'data-href="{html.escape(seat_query(model.room.id, model.seat, model._token))}"></span>')
        return (self._data,)

    def _new_room(self) -> None:
        """"Nýr leikur" in a solo room: a new room with the same game, rules and seats (a
        new deal), the table bound to it, the address rewritten to name it."""
        old = self._room_model()
        room = rooms.create(old.room.game, list(old.room.humans), rules=old.room.rules,
                            seed=seed_from_environment(), players=old.room.players,
                            level=_level_of(old.room.seats), store=_store_of(old.room))
        self._cancel_bots()
        model = RoomModel(room, old.seat, room.tokens[old.seat], lang=old.lang)
        model.teacher = old.teacher
        self.model = model
        self._bind(model)

    def _watch(self) -> None:
        """Show what other pages write, as soon as the room's log grows; every
        `WATCH_TIMEOUT` also look at claims (a computer's move whose page went away) and
        at undo requests."""
        while not self._closed.is_set():
            model = self._room_model()
            try:
                model.room.wait(model.seen, WATCH_TIMEOUT)
                with self._lock:
                    if self.model is not model or self._closed.is_set():
                        continue
                    if model.catch_up() or model.look_at_requests():
                        self._go_on()
                    elif model.pending_bot() is not None and self._thinking is None:
                        self._go_on()  # a claim taken over from a page that went away
            except Exception as err:  # a thread's exception would vanish: show it, go on
                with self._lock:
                    model._note = lambda lang, e=str(err): WORDS[lang]["bot_error"].format(msg=e)
                    self._render()
                self._closed.wait(WATCH_TIMEOUT)

    def close(self) -> None:
        self._closed.set()
        super().close()


def _level_of(seats: Mapping[int, str]) -> str | None:
    levels = {r for r in seats.values() if r != HUMAN}
    return levels.pop() if len(levels) == 1 else None


def _store_of(room: Room) -> Any:
    return getattr(room, "store", None)


# ---------------------------------------------------------------------------------------
# The page: its address, a refusal, the teacher's links


@dataclass(frozen=True)
class Address:
    """What a page's query string asks for: a room and seat (with its token), nothing (a
    new solo room), or the teacher's new shared room (`new`, `humans`, `level`)."""

    query: Mapping[str, str]

    @classmethod
    def parse(cls, query: str) -> Address:
        fields = parse_qs(query.lstrip("?"), keep_blank_values=True)
        # the teacher's form sends one `humans` per ticked seat; an address gives "0,2"
        return cls({k: ",".join(v) if k == "humans" else v[-1] for k, v in fields.items()})


def address(query: str | None = None) -> Address:
    """The page's address (`query`, else the page request's query string: in a preheated
    Voilà kernel this waits for the request, see `cardlearn.table.voila_query`; outside
    Voilà it is empty)."""
    if query is None:
        from cardlearn.table.voila_query import wait_for_query

        query = wait_for_query()
    return Address.parse(query)


class Refusal(widgets.HTML):
    """A page that does not open: why, in both languages, and no table."""

    def __init__(self, key: str, **kw: Any):
        texts = []
        for lang in ("is", "en"):
            w = room_words(lang)
            why = w[key].format(**{k: (v[lang] if isinstance(v, dict) else v) for k, v in kw.items()})
            texts.append(f'<p lang="{lang}">{html.escape(w["refused"].format(why=why))}</p>')
        box = ("font-size:1.25em;margin:16px 0;padding:12px 18px;border:2px solid #b71c1c;"
               "border-radius:10px;background:#fff3f3;color:#7f0000")
        super().__init__(f'<div style="{box}">{"".join(texts)}</div>')
        self.key = key
        self.add_class("cardlearn-refusal")


def page_widget(game: str, where: Address, *, delay: float = 0.5, store: Any = None) -> widgets.Widget:
    """What a game's page shows for its address: the table of the room and seat it names,
    a new solo room's table (no room named), the teacher's links (`new`), or a refusal."""
    q = where.query
    try:
        if "new" in q:
            return new_room_links(game, q, store=store)
        if "shown" in q:  # the links page reloaded: its address was rewritten (no second room)
            return Refusal("links_shown")
        if not q.get("room"):
            room = rooms.create(game, [0], seed=seed_from_environment(), store=store)
            return RoomTable(RoomModel(room, 0, room.tokens[0]), delay=delay)
        try:
            seat = int(q.get("seat", ""))
        except ValueError:
            return Refusal("bad_address", why=f"seat={q.get('seat', '')!r}")
        room = rooms.open(q["room"], store=store)
        if room.game != game:
            return Refusal("other_game", game=dict(GAMES[room.game].NAME))
        return RoomTable(RoomModel(room, seat, q.get("token", "")), delay=delay)
    except WrongToken:
        return Refusal("wrong_token")
    except rooms.NoSuchRoom:
        return Refusal("no_such_room")
    except rooms.CorruptLog as err:
        return Refusal("corrupt", why=str(err))
    except (RoomError, ValueError) as err:
        return Refusal("bad_address", why=str(err))


def new_room_links(game: str, q: Mapping[str, str], *, store: Any = None) -> widgets.Widget:
    """The teacher's form: a new shared room of `game` with the pupil seats `humans`
    ("0,2") and computers of `level`; shows each pupil seat's link (as `python -m
    cardlearn.rooms new` prints them)."""
    humans = [int(s) for s in q.get("humans", "").replace(" ", "").split(",") if s]
    if not humans:
        raise ValueError("choose at least one pupil seat (humans=0,1)")
    module = GAMES[game]
    players = int(q["players"]) if q.get("players") else None
    if players is None and module.PLAYERS[0] != module.PLAYERS[1]:
        default = module.new_game(seed=0).players  # a game of 2-6: at least as many seats as named
        players = max(default, max(humans) + 1)
    level = q.get("level") or None
    names = {s: q[f"name{s}"] for s in humans if q.get(f"name{s}", "").strip()}
    room = rooms.create(game, humans, level=level, players=players, seed=seed_from_environment(),
                        store=store, names=names)
    named = room.names
    base = os.environ.get("VOILA_BASE_URL", "/")
    lines = []
    for lang in ("is", "en"):
        w = room_words(lang)
        items = "".join(
            f'<li><a class="cardlearn-room-link cardlearn-room-link-{s}" lang="{lang}" '
            f'href="{html.escape(base + page_path(game) + seat_query(room.id, s, room.tokens[s]))}">'
            f'{html.escape(w["link_seat"].format(n=s) + (" — " + named[s] if s in named else ""))}</a> '
            f'<code>{html.escape(page_path(game) + seat_query(room.id, s, room.tokens[s]))}</code></li>'
            for s in room.humans)
        levels = sorted({str(getattr(module.BOTS[r], "label", {}).get(lang, r))
                         for r in room.seats.values() if r != HUMAN})
        computers = f"<p>{html.escape(w['computers'].format(level=', '.join(levels)))}</p>" if levels else ""
        title = w["links_title"].format(game=GAMES[game].NAME[lang])
        lines.append(f'<div class="cardlearn-page-{lang}"><h2>{html.escape(title)}</h2>'
                     f'<p>{html.escape(w["links_intro"])}</p><ul>{items}</ul>{computers}</div>')
    # The script rewrites the address, so that a reload does not make another room.
    lines.append('<span class="cardlearn-links-data" data-href="?shown=1"></span>')
    links = widgets.HTML("".join(lines))
    links.add_class("cardlearn-room-links")
    return links


__all__ = ["ROOM_WORDS", "Address", "Refusal", "RoomModel", "RoomTable", "address", "page_widget"]
