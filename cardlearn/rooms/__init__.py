"""Rooms: a table that lasts and that a class can share, kept as an append-only move log.

A match is fully determined by its game, rules, seed and moves, so a room stores those
(and which seats are pupils, which are computers with their level) and nothing else: the
position is the replay of the log (`cardlearn.rooms.log`).  The log lives in a database
(`cardlearn.rooms.store`: SQLite by default, PostgreSQL for a school), and every write is
a compare-and-append at the log's length, so of two moves made at once exactly one lands.
Every check — the seat's token, whose turn it is, the move's legality, the log length the
caller saw — is made before anything is written; a refused call writes nothing.

    room = rooms.create("kasina", humans=[0, 1], seed=7)
    token = room.tokens[0]                # plain tokens: only on the created room
    room = rooms.open(room.id)            # anywhere else (another page, another process)
    state = room.play(0, token, "8S", after=len(room))

A computer seat's move is written once: the page's kernel that wins
`room.claim(len(room), holder)` thinks and calls `room.play_computer(action, after)`, and
the compare-and-append refuses any second writer (see docs/rooms.md).

The teacher holds a room with `room.pause()` (a lesson's end: `room.pause("end")`) and lets
it go on with `room.resume()`: while it is held, every move, undo and Áfram is refused
(`Paused`) and nothing is written.  `room.tally(seat)` gives the hints a pupil seat asked
for and its moves the table refused, by rule (the table counts them, `TALLY_PREF`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypedDict

from cardlearn.core import fresh_seed, rules_from_dict, rules_to_dict, same_json
from cardlearn.games import GAMES
from cardlearn.protocol import AnyGame, AnyState
from cardlearn.rooms.errors import (
    CorruptLog,
    NoSuchRoom,
    NotYourTurn,
    Paused,
    RoomError,
    StaleMove,
    WrongToken,
)
from cardlearn.rooms.log import BY, WHY, Entry, Replay, continue_refused, effective_moves, new_state, replay
from cardlearn.rooms.store import RoomRow, Store, connect, default_path, location

__all__ = [
    "FORMAT",
    "HELD_RULES",
    "HUMAN",
    "TALLY_PREF",
    "CorruptLog",
    "Entry",
    "NoSuchRoom",
    "NotYourTurn",
    "Paused",
    "Room",
    "RoomError",
    "StaleMove",
    "Store",
    "Tally",
    "WrongToken",
    "connect",
    "create",
    "default_path",
    "effective_moves",
    "open",
    "replay",
]

FORMAT = 1  # the room row's format; a row of another format is refused as foreign
HUMAN = "human"  # a pupil's seat (the others hold a bot level)
TOKEN_BYTES = 16  # 128 random bits per seat: unguessable
ID_BYTES = 9  # a room id of 12 characters (the tokens guard the seats, not the id)
# A teacher's pause or resume is tried again this often when a pupil's move lands first:
# each refusal means the log grew, and a class of pupils cannot keep it growing for long.
HOLD_TRIES = 5
HELD_RULES = {"pause": "paused", "end": "ended"}  # a hold's reason -> the rule `Paused` names


def new_room_id() -> str:
    """A fresh room id: URL-safe, and never beginning with '-', which a command line would
    read as an option (`python -m cardlearn.rooms show -x3…` failed for about 1 id in 64)."""
    while (room_id := secrets.token_urlsafe(ID_BYTES)).startswith("-"):
        pass
    return room_id


def create(game: str, humans: Iterable[int], *, seed: int | None = None, rules: Any = None,
           level: str | None = None, players: int | None = None, store: Store | None = None,
           names: Mapping[int, str] | None = None) -> Room:
    """A new room of `game` (a name in `GAMES`) whose pupil seats are `humans`; the other
    seats are computers of `level` (default the game's strongest bot).  `rules` is the
    game's `Rules` or a dict of its options; `seed` defaults to a fresh one; `names` the
    pupils' own names by seat (some or all), by which the other pupils' pages name them
    (`Room.names`).  The room returned carries the seats' plain `tokens` (only it: the
    store keeps their hashes)."""
    module = _game(game)
    rules = _rules(module, rules)
    seed = fresh_seed() if seed is None else seed
    start = _start(module, rules, seed, players)
    seats = _seats(module, start.players, humans, level)
    given = pupil_names(seats, names or {})
    tokens = {s: secrets.token_urlsafe(TOKEN_BYTES) for s, role in seats.items() if role == HUMAN}
    row = RoomRow(id=new_room_id(), format=FORMAT, game=game,
                  rules=_dumps(rules_to_dict(rules)), seed=seed, players=start.players,
                  seats=_dumps({str(s): r for s, r in seats.items()}),
                  tokens=_dumps({str(s): _hash(t) for s, t in tokens.items()}), created=time.time())
    store = store or default_store()
    store.create(row)
    for seat, name in given.items():
        store.set_pref(row.id, seat, NAME_PREF, _dumps(name))
    room = Room(store, row)
    room.tokens = tokens
    return room


NAME_PREF = "name"  # a pupil seat's own name, kept with its preferences
NAME_LENGTH = 24
# Names the table gives seats itself: a pupil called so would be taken for another seat.
_TABLE_NAMES = ("þú", "you", "tölvan", "the computer", "tölva ", "computer ", "spilari ", "player ",
                "þið ", "you and ")


def pupil_name(name: str) -> str:
    """`name` as a pupil's name is kept (its spaces made single), checked: a short name of
    letters (spaces, hyphens and apostrophes between), not a name the table gives a seat
    itself ("Þú", "Tölva 2"); `RoomError` (rule "bad_name") otherwise."""
    name = " ".join(str(name).split())
    letters = name.replace(" ", "").replace("-", "").replace("'", "")
    if len(name) > NAME_LENGTH or not letters.isalpha():
        raise RoomError(f"a pupil's name is letters only, at most {NAME_LENGTH}, not {name!r}",
                        rule="bad_name")
    low = name.casefold() + " "
    if any(low.startswith(t if t.endswith(" ") else t + " ") for t in _TABLE_NAMES):
        raise RoomError(f"{name!r} is a name the table gives a seat itself", rule="bad_name")
    return name


def pupil_names(seats: Mapping[int, str], names: Mapping[int, str]) -> dict[int, str]:
    """`names` checked: pupil seats only, each a pupil's name (`pupil_name`), all
    different; `RoomError` (rule "bad_name") otherwise.  Blank names are left out."""
    given = {s: str(n) for s, n in names.items() if str(n).strip()}
    for seat, name in given.items():
        if seats.get(seat) != HUMAN:
            raise RoomError(f"a name is given to pupil seats only, not to seat {seat!r}", rule="bad_name")
        given[seat] = pupil_name(name)
    if len({n.casefold() for n in given.values()}) < len(given):
        raise RoomError(f"two pupils have the same name: {sorted(given.values())}", rule="bad_name")
    return given


TALLY_PREF = "tally"  # a pupil seat's hints asked and moves refused, kept with its preferences


class Tally(TypedDict):
    """A pupil seat's tally: the hints it asked for, and its moves the table refused, by
    the rule that refused them ("not_your_turn", "paused", an engine's rule ...)."""

    hints: int
    refused: dict[str, int]


def read_tally(value: Any) -> Tally:
    """A stored tally checked (`ValueError` naming what is wrong); None is an empty one."""
    if value is None:
        return {"hints": 0, "refused": {}}
    ok = (isinstance(value, dict) and set(value) == {"hints", "refused"} and _count(value["hints"])
          and isinstance(value["refused"], dict)
          and all(isinstance(r, str) and _count(n) for r, n in value["refused"].items()))
    if not ok:
        raise ValueError(f"a tally is {{'hints': n, 'refused': {{rule: n}}}}, counts from 0, not {value!r}")
    return {"hints": value["hints"], "refused": dict(value["refused"])}


def _count(n: Any) -> bool:
    return type(n) is int and n >= 0


def open(id: str, store: Store | None = None) -> Room:
    """The room `id` (`NoSuchRoom` if the store has none; `CorruptLog` if its row is of
    another format, an unknown game or otherwise not what `create` writes)."""
    store = store or default_store()
    row = store.room(id)
    if row is None:
        raise NoSuchRoom(f"no room {id!r} in {store.location}")
    return Room(store, row)


_stores: dict[str, Store] = {}
_stores_lock = threading.Lock()


def default_store() -> Store:
    """The store `CARDLEARN_ROOMS` names (or the default file), one per process and place."""
    where = location()
    with _stores_lock:
        if where not in _stores:
            _stores[where] = connect(where)
        return _stores[where]


class Room:
    """A room read from its store: see the module docstring.  Thread-safe: a page may wait
    for moves on one thread and play on another."""

    def __init__(self, store: Store, row: RoomRow):
        self.store = store
        self.id: str = row.id
        self.game: str = _stored_game(row)
        self.module: AnyGame = GAMES[self.game]
        try:
            self.rules: Any = rules_from_dict(_rules_class(self.module), _loads(row.rules))
            self._start = _start(self.module, self.rules, row.seed, row.players)
            self.seats: dict[int, str] = _read_seats(self.module, self._start.players, _loads(row.seats))
            self._hashes = _read_hashes(self.seats, _loads(row.tokens))
        except ValueError as err:  # not what `create` writes: edited, or from other code
            raise CorruptLog(f"room {row.id}: {err}") from None
        self.seed: int = row.seed
        self.players: int = self._start.players
        self.humans: tuple[int, ...] = tuple(s for s, r in self.seats.items() if r == HUMAN)
        self.created: float = row.created
        self.tokens: dict[int, str] = {}  # plain tokens: filled only by `create`
        self._lock = threading.RLock()
        self._replay = Replay(self._start, self.seats)

    def __repr__(self) -> str:
        return f"<Room {self.id} {self.game} seats={self.seats}>"

    # -- reading --------------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of log entries: the move count `after` is compared with."""
        return self.store.length(self.id)

    def __bool__(self) -> bool:  # a room is a room even before its first entry (len 0)
        return True

    def entries(self) -> list[Entry]:
        return self.store.entries(self.id)

    def _refresh(self) -> Replay:
        """The cached replay brought up to the log: only entries it has not seen are applied.
        One read, from the last entry seen on, which must still be there (a shorter log is
        corrupt)."""
        with self._lock:
            seen = self._replay.length
            new = self.store.entries(self.id, max(seen - 1, 0))
            if seen:
                if not new or new[0].seq != seen - 1:
                    raise CorruptLog(f"room {self.id}: the log has lost entry {seen - 1}, read before")
                new = new[1:]
            return self._replay.extend(new)

    def state(self) -> AnyState:
        """The position the log gives (replayed once, then only new entries on top)."""
        return self._refresh().state

    def states(self) -> tuple[AnyState, ...]:
        """Every effective position, from the new game to `state()` (undo targets index it)."""
        return tuple(self._refresh().states)

    def moves(self) -> list[tuple[int, str]]:
        """The effective moves (undos applied), as (seat, action text)."""
        return list(self._refresh().moves)

    def continued(self, deal: int | None = None) -> frozenset[int]:
        """The seats that pressed Áfram after `deal` (default the latest finished deal)."""
        with self._lock:
            replay = self._refresh()
            deal = replay.state.deals_done if deal is None else deal
            return replay.continued.get(deal, frozenset())

    @property
    def names(self) -> dict[int, str]:
        """The pupils' own names by seat, as the teacher gave them (some seats may have none)."""
        given = {s: self.pref(s, NAME_PREF) for s in self.humans}
        return {s: n for s, n in given.items() if isinstance(n, str) and n}

    @property
    def paused(self) -> str | None:
        """"pause" while the teacher holds the room, "end" once its lesson has ended, else None."""
        return self._refresh().paused

    def tally(self, seat: int) -> Tally:
        """Pupil seat `seat`'s hints asked and moves refused (empty if none were counted)."""
        if seat not in self.humans:
            raise RoomError(f"room {self.id}: seat {seat!r} is not a pupil seat: it has no tally",
                            rule="bad_seat")
        try:
            return read_tally(self.pref(seat, TALLY_PREF))
        except ValueError as err:
            raise CorruptLog(f"room {self.id}: seat {seat}'s tally: {err}") from None

    def pref(self, seat: int, key: str, default: Any = None) -> Any:
        """A seat's stored preference (e.g. "lang"), or `default`."""
        text = self.store.get_pref(self.id, seat, key)
        if text is None:
            return default
        try:
            return json.loads(text)
        except ValueError:
            raise CorruptLog(f"room {self.id}: seat {seat}'s preference {key!r} is not JSON") from None

    def wait(self, after: int, timeout: float) -> int:
        """The log's length as soon as it is more than `after`, or the length at `timeout`."""
        return self.store.wait(self.id, after, timeout)

    # -- checks ---------------------------------------------------------------------------
    def check(self, seat: int, token: str) -> None:
        """`WrongToken` unless `token` is pupil seat `seat`'s."""
        want = self._hashes.get(seat) if type(seat) is int else None
        if want is None or not isinstance(token, str) or not hmac.compare_digest(want, _hash(token)):
            raise WrongToken(f"room {self.id}: that is not seat {seat!r}'s token")

    def _current(self, after: int | None) -> Replay:
        """The replay now, for a move, undo or Áfram: refused while the teacher holds the
        room (`Paused`), and (`StaleMove`) if the caller saw another log length."""
        replay = self._refresh()
        if replay.paused == "end":
            raise Paused(f"room {self.id}: the lesson has ended: nothing moves any more",
                         rule=HELD_RULES["end"])
        if replay.paused is not None:
            raise Paused(f"room {self.id}: the teacher has paused the game: "
                         "nothing moves until it is resumed", rule=HELD_RULES["pause"])
        if after is not None and after != replay.length:
            raise StaleMove(f"room {self.id}: the log has {replay.length} entries, not {after}: "
                            f"someone moved first", length=replay.length)
        return replay

    # -- writing --------------------------------------------------------------------------
    def play(self, seat: int, token: str, action: Any, after: int | None = None, *,
             by: str = HUMAN) -> AnyState:
        """Pupil seat `seat` plays `action` (an action or its text); checked in order: the
        token, `after` (the log length the caller saw; None: now), whose turn it is, the
        move's legality (the engine's `IllegalMove`), then compare-and-append.  `by` is
        "demo" for a move demo mode chose for the pupil."""
        self.check(seat, token)
        if by not in (HUMAN, "demo"):
            raise RoomError(f"a pupil seat's move is by 'human' or 'demo', not {by!r}", rule="bad_by")
        with self._lock:
            return self._move(self._current(after), seat, action, by)

    def play_computer(self, action: Any, after: int) -> AnyState:
        """The computer seat now to move plays `action`; `NotYourTurn` if a pupil (or
        nobody) is to move.  Call it after winning `claim(after, holder)`."""
        with self._lock:
            replay = self._current(after)
            seat = replay.state.to_move
            if seat is None or self.seats[seat] == HUMAN:
                who = "nobody (the match is over)" if seat is None else f"pupil seat {seat}"
                raise NotYourTurn(f"room {self.id}: {who} is to move, not a computer seat")
            return self._move(replay, seat, action, "computer")

    def _move(self, replay: Replay, seat: int, action: Any, by: str) -> AnyState:
        state = replay.state
        if state.to_move != seat:
            mover = "nobody: the match is over" if state.to_move is None else f"seat {state.to_move} is"
            raise NotYourTurn(f"room {self.id}: seat {seat} may not move now ({mover} to move)")
        text = str(state.check(action))  # the engine's IllegalMove, naming the rule
        assert by in BY
        return self._append(replay, Entry(replay.length, "move", seat, {"action": text, "by": by}))

    def _append(self, replay: Replay, entry: Entry) -> AnyState:
        self.store.append(self.id, entry)  # StaleMove if another writer got there first
        replay.add(entry)
        return replay.state

    # -- the teacher's hold ---------------------------------------------------------------
    def pause(self, why: str = "pause") -> None:
        """Hold the room: nothing moves until `resume` ("pause"), or ever again ("end": the
        lesson has ended).  Pausing a room held for the same reason does nothing (a double
        click); an ended room is not paused again (`RoomError`, rule "ended").  Not
        token-checked: a lesson checks the teacher's key before it calls."""
        if why not in WHY:
            raise RoomError(f"a room is paused for one of {', '.join(WHY)}, not {why!r}", rule="bad_pause")

        def entry(replay: Replay) -> Entry | None:
            if replay.paused == why:
                return None
            if replay.paused == "end":
                raise RoomError(f"room {self.id}: the lesson has ended: it is not paused again", rule="ended")
            return Entry(replay.length, "pause", 0, {"why": why})

        self._hold(entry)

    def resume(self) -> None:
        """Let a paused room go on; a room not paused is left as it is, an ended one is
        refused (`RoomError`, rule "ended").  Not token-checked (see `pause`)."""

        def entry(replay: Replay) -> Entry | None:
            if replay.paused == "end":
                raise RoomError(f"room {self.id}: the lesson has ended: it cannot be resumed", rule="ended")
            return None if replay.paused is None else Entry(replay.length, "resume", 0, {})

        self._hold(entry)

    def _hold(self, entry_for: Callable[[Replay], Entry | None]) -> None:
        """Append the entry `entry_for` makes of the replay now (None: nothing to write),
        by compare-and-append: a pupil's move landing first makes it read and try again,
        up to `HOLD_TRIES` times (then the last `StaleMove` is raised)."""
        for attempt in range(HOLD_TRIES):
            with self._lock:
                replay = self._refresh()
                entry = entry_for(replay)
                if entry is None:
                    return
                try:
                    self._append(replay, entry)
                    return
                except StaleMove:
                    if attempt == HOLD_TRIES - 1:
                        raise

    def claim(self, seq: int, holder: str, ttl: float = 30.0) -> bool:
        """May `holder` (a page's kernel) write entry `seq`, a computer seat's move?  True if
        the claim is new, already `holder`'s, or taken over from a claim older than `ttl` s."""
        return self.store.claim(self.id, seq, holder, ttl)

    def undo(self, seat: int, token: str, to: int, after: int | None) -> AnyState:
        """Pupil seat `seat` cuts the effective moves back to the first `to` (0 ≤ to <
        number of moves); who may undo in a shared room is the pages' rule."""
        self.check(seat, token)
        with self._lock:
            replay = self._current(after)
            if type(to) is not int or not 0 <= to < len(replay.moves):
                raise RoomError(f"room {self.id}: cannot undo to {to!r} with {len(replay.moves)} moves made",
                                rule="nothing_to_undo")
            return self._append(replay, Entry(replay.length, "undo", seat, {"to": to}))

    def proceed(self, seat: int, token: str, after: int | None) -> AnyState:
        """Pupil seat `seat` presses Áfram after the latest finished deal (a "continue"
        entry); refused if no deal has ended or the seat already pressed it."""
        self.check(seat, token)
        with self._lock:
            replay = self._current(after)
            deal = replay.state.deals_done
            why = continue_refused(replay.state, deal, seat, replay.continued.get(deal, frozenset()))
            if why:
                raise RoomError(f"room {self.id}: {why}", rule="nothing_to_continue")
            return self._append(replay, Entry(replay.length, "continue", seat, {"deal": deal}))

    def set_pref(self, seat: int, token: str, key: str, value: Any) -> None:
        """Store pupil seat `seat`'s preference `key` (a JSON value, e.g. "lang": "en")."""
        self.check(seat, token)
        if not isinstance(key, str) or not key:
            raise RoomError(f"a preference's key is a non-empty text, not {key!r}", rule="bad_pref")
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            raise RoomError(f"preference {key!r}: {value!r} is not a JSON value", rule="bad_pref") from None
        self.store.set_pref(self.id, seat, key, text)


# -- helpers ------------------------------------------------------------------------------
def _stored_game(row: RoomRow) -> str:
    """The game of a stored room row; another format or an unknown game is foreign."""
    if not same_json(row.format, FORMAT):
        raise CorruptLog(f"room {row.id}: format {row.format!r} is not this code's format {FORMAT}")
    if row.game not in GAMES:
        raise CorruptLog(f"room {row.id}: unknown game {row.game!r} (games: {', '.join(GAMES)})")
    return row.game


def _game(game: Any) -> AnyGame:
    if not isinstance(game, str) or game not in GAMES:
        raise RoomError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}", rule="bad_room")
    return GAMES[game]


def _rules_class(module: AnyGame) -> type:
    kind: type = module.Rules  # type: ignore[assignment]  # the protocol types it as a callable
    return kind


def _rules(module: AnyGame, rules: Any) -> Any:
    if rules is None:
        return module.Rules()
    if isinstance(rules, Mapping):
        try:
            return rules_from_dict(_rules_class(module), dict(rules))
        except ValueError as err:
            raise RoomError(f"rules: {err}".replace("saved game: ", ""), rule="bad_room") from None
    if not isinstance(rules, _rules_class(module)):
        raise RoomError(f"rules must be the game's Rules or a dict of its options, not {rules!r}",
                        rule="bad_room")
    return rules


def _start(module: AnyGame, rules: Any, seed: Any, players: Any) -> AnyState:
    if type(seed) is not int:
        raise RoomError(f"seed must be a whole number, not {seed!r}", rule="bad_room")
    low, high = module.PLAYERS
    if players is not None and (type(players) is not int or not low <= players <= high):
        raise RoomError(f"this game has {low}–{high} players, not {players!r}", rule="bad_room")
    try:
        return new_state(module, rules, seed, players)
    except ValueError as err:
        raise RoomError(f"the game cannot start: {err}", rule="bad_room") from None


def _seats(module: AnyGame, players: int, humans: Iterable[int], level: str | None) -> dict[int, str]:
    level = module.INFO.strongest_bot if level is None else level
    if level not in module.BOTS:
        raise RoomError(f"level {level!r} is not one of {', '.join(module.BOTS)}", rule="bad_room")
    pupils = list(humans)
    seats_ok = all(type(s) is int and 0 <= s < players for s in pupils) and len(set(pupils)) == len(pupils)
    if not pupils or not seats_ok:
        raise RoomError(f"pupil seats are distinct seats from 0 to {players - 1}, at least one, "
                        f"not {pupils!r}", rule="bad_room")
    return {s: HUMAN if s in pupils else level for s in range(players)}


def _read_seats(module: AnyGame, players: int, data: Any) -> dict[int, str]:
    if not isinstance(data, dict) or sorted(data) != sorted(str(s) for s in range(players)):
        raise ValueError(f"its seats {data!r} are not one role per seat 0–{players - 1}")
    seats = {int(s): r for s, r in data.items()}
    bad = {s: r for s, r in seats.items() if r != HUMAN and r not in module.BOTS}
    if bad:
        raise ValueError(f"seats {bad!r} are neither 'human' nor a bot level")
    return dict(sorted(seats.items()))


def _read_hashes(seats: dict[int, str], data: Any) -> dict[int, str]:
    humans = sorted(str(s) for s, r in seats.items() if r == HUMAN)
    ok = isinstance(data, dict) and sorted(data) == humans and all(isinstance(h, str) for h in data.values())
    if not ok:
        raise ValueError("its tokens are not one hash per pupil seat")
    return {int(s): h for s, h in data.items()}


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _loads(text: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        raise ValueError(f"{text!r} is not JSON") from None
