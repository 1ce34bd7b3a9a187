"""The teacher's command line for rooms (the store: `CARDLEARN_ROOMS`, see docs/rooms.md).

    python -m cardlearn.rooms new GAME --humans 0,1 [--names Anna,Bjarki] [--seed N] [--rules JSON]
                              [--level L] [--players N]
    python -m cardlearn.rooms show ID

`new` makes a room and prints one line per pupil seat, the page's address relative to the
root of the `make pages` server (`seat N: voila/render/<game>.ipynb?room=...&seat=N&token=...`);
each pupil opens their own.  `show` prints a room and its log.  Any error is one line on
stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from cardlearn import rooms
from cardlearn.games import GAMES
from cardlearn.rooms.log import Entry


def page_link(room: rooms.Room, seat: int) -> str:
    """Seat `seat`'s page, relative to the root of the `make pages` server."""
    return f"voila/render/{room.game}.ipynb?room={room.id}&seat={seat}&token={room.tokens[seat]}"


def seat_list(text: str) -> list[int]:
    try:
        return [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--humans is a list of seats such as 0,1, not {text!r}") from None


def name_list(text: str) -> list[str]:
    return [n.strip() for n in text.split(",")]


def rules_json(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(f"--rules is a JSON object of rule options: {err}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f"--rules is a JSON object of rule options, not {text!r}")
    return value


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        fail(f"{message} (python -m cardlearn.rooms --help)")


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m cardlearn.rooms", description="Rooms: shared tables kept as a move log.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    new = sub.add_parser("new", help="make a room and print each pupil seat's page")
    new.add_argument("game", choices=list(GAMES))
    new.add_argument("--humans", type=seat_list, required=True, help="the pupils' seats, e.g. 0,1")
    new.add_argument("--seed", type=int)
    new.add_argument("--rules", type=rules_json, help='rule options as JSON, e.g. {"target": 11}')
    new.add_argument("--level", help="the computer seats' bot level (default the strongest)")
    new.add_argument("--players", type=int, help="the number of seats, where the game allows several")
    new.add_argument("--names", type=name_list, default=[],
                     help="the pupils' names in the order of --humans, e.g. Anna,Bjarki (the other "
                          "pupils' pages name them so)")
    show = sub.add_parser("show", help="print a room and its log")
    show.add_argument("id")
    return p


def new(args: argparse.Namespace) -> None:
    if len(args.names) > len(args.humans):
        fail(f"--names gives {len(args.names)} names for {len(args.humans)} pupil seats")
    room = rooms.create(args.game, args.humans, seed=args.seed, rules=args.rules, level=args.level,
                        players=args.players, names=dict(zip(args.humans, args.names)))
    for seat in room.humans:
        print(f"seat {seat}: {page_link(room, seat)}")


def entry_line(entry: Entry) -> str:
    data = entry.data
    said: dict[str, Callable[[], str]] = {
        "move": lambda: f"{data.get('action')} ({data.get('by')})",
        "undo": lambda: f"back to {data.get('to')} moves",
        "continue": lambda: f"Áfram after deal {data.get('deal')}",
        "pause": lambda: "the lesson ended" if data.get("why") == "end" else "paused by the teacher",
        "resume": lambda: "resumed by the teacher",
    }
    what = said.get(entry.kind, entry.data_json)()  # another kind: `show` then says it is corrupt
    return f"  {entry.seq:4d}  seat {entry.seat}  {entry.kind:8s} {what}"


def show(args: argparse.Namespace) -> None:
    room = rooms.open(args.id)
    seats = ", ".join(f"{s} {'pupil' if r == rooms.HUMAN else 'computer (' + r + ')'}"
                      for s, r in room.seats.items())
    print(f"room {room.id}: {room.game}, {room.players} seats, seed {room.seed} ({room.store.location})")
    print(f"seats: {seats}")
    print(f"rules: {room.rules}")
    entries = room.entries()
    print(f"log: {len(entries)} entries")
    for entry in entries:
        print(entry_line(entry))
    state = room.state()  # a corrupt log fails here, after the entries are shown
    print(f"position: {position(state)}")
    if room.paused is not None:
        print("held: " + ("the lesson has ended" if room.paused == "end" else "paused by the teacher"))


def position(state: Any) -> str:
    if state.is_over:
        return f"the match is over after {state.deals_done} deals; scores {state.scores}"
    return f"deal {state.deal_number}, seat {state.to_move} to move; scores {state.scores}"


def fail(message: str) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    try:
        new(args) if args.command == "new" else show(args)
    except ValueError as err:  # every refusal of the rooms is a ValueError naming its rule
        sys.stdout.flush()
        fail(str(err))


if __name__ == "__main__":
    main()
