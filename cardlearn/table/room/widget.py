"""`RoomTable`: the playable table of a `RoomModel`, which follows the moves other pages
write (a thread waits on the room) and carries the log's length, the seat and the page's
address in a hidden child for the pages' template script (see `cardlearn.table.room`)."""

from __future__ import annotations

import html
import threading
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlearn import rooms
from cardlearn.rooms import Room
from cardlearn.table.fixed import seed_from_environment
from cardlearn.table.room.model import RoomModel
from cardlearn.table.room.query import seat_query
from cardlearn.table.snapshot import HUMAN
from cardlearn.table.widget import Table
from cardlearn.table.words import WORDS

WATCH_TIMEOUT = 1.0  # seconds a page waits on the room before looking at claims and requests


class RoomTable(Table):
    """The playable table of a `RoomModel`: moves made on other pages are shown by
    themselves (a thread waits on the room), and a hidden child carries the log's length,
    the seat and the page's address for the pages' template script."""

    def __init__(self, model: RoomModel, *, delay: float = 0.5):
        self._data = widgets.HTML(layout=widgets.Layout(display="none"))
        self._data.add_class("cardlearn-room-data")
        # What the page showed at a click: the pages' script writes the log's length it drew
        # (`data-moves`) here just before each click reaches its button, so the click's
        # message follows it on the same channel (see `RoomModel.page_saw`).
        self._saw = widgets.Text(layout=widgets.Layout(display="none"))
        self._saw.add_class("cardlearn-room-saw")
        self._saw.observe(self._page_saw, names="value")
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
            f'data-href="{html.escape(seat_query(model.room.id, model.seat, model.token))}"></span>')
        return (self._data, self._saw)

    def _page_saw(self, change: Mapping[str, Any]) -> None:
        """The log's length the page showed when its pupil clicked (sent by its script)."""
        value = str(change["new"])
        with self._lock:
            self._room_model().page_saw = int(value) if value.isdigit() else None

    def typed(self, text: str) -> bool:
        """A move typed in the text view.  The pages' script writes what the page showed
        only at a click (`_page_saw`); a move typed and sent with Enter carries no count,
        so the last click's count is dropped (it would refuse the move as overtaken): the
        typed move is read against the position now, and refused if illegal there."""
        with self._lock:
            self._room_model().page_saw = None
        return super().typed(text)

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

