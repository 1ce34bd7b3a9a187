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
  is not lost silently: the table catches up and says so.  And a click made on a position
  that has changed since the page drew it (the page's script sends the log length it drew,
  `RoomModel.page_saw`) is refused, saying what happened ("Einhver varð á undan þér: Dóra
  spilar út K♥."), and does nothing else: an undo request names the move its pupil saw.
- **A shared room** (more than one pupil seat): the teacher's view and demo mode are off,
  "Nýr leikur" belongs to the teacher (`python -m cardlearn.rooms new`, or the index
  page's form), and undo is *by agreement*: a pupil's "Taka aftur" asks for it (stored
  as that seat's `undo` preference, naming the position and the log's length); the undo is
  written once every pupil seat has asked for the same one, and any move made meanwhile
  makes the requests stale.
- **The teacher's hold.**  A room paused by the teacher's lesson (`Room.pause`, a "pause"
  entry) shows "Kennarinn gerði hlé. Bíddu andartak." where it says whose turn, answers
  every click with it and writes nothing; no computer claims or thinks; after the resume
  (or, for "end", never) play goes on by itself (`RoomModel.halted`).
- **Tallies.**  Every hint shown and every move refused (by rule) is counted in the seat's
  `tally` preference, which the teacher's lesson reads (`Room.tally`).
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

The modules: `model` (`RoomModel`), `widget` (`RoomTable`), `query` (`Address`, `address`:
a page's query string), `page` (`page_widget`, `Refusal`, the teacher's links) and `words`
(`ROOM_WORDS`).  Every name is imported from here, `cardlearn.table.room`.
"""

from __future__ import annotations

from cardlearn.table.room.model import UNDO_KEY, RoomModel
from cardlearn.table.room.page import Refusal, new_room_links, page_widget
from cardlearn.table.room.query import Address, address, page_path, seat_query
from cardlearn.table.room.widget import WATCH_TIMEOUT, RoomTable
from cardlearn.table.room.words import ROOM_WORDS, room_words

__all__ = [
    "ROOM_WORDS", "UNDO_KEY", "WATCH_TIMEOUT", "Address", "Refusal", "RoomModel", "RoomTable", "address",
    "new_room_links", "page_path", "page_widget", "room_words", "seat_query",
]
