"""The teacher's command line for lessons (the store: `CARDLEARN_ROOMS`, see docs/lesson.md).

    python -m cardlearn.lesson new GAME --pupils N [--level L] [--names Anna,Bjarki,...]
                                [--players N] [--lang is|en] [--url http://192.168.1.20:8866/]
    python -m cardlearn.lesson results CODE [--csv] [--lang is|en]

`new` makes a lesson and prints `code: <CODE>`, the address pupils open (`--url`, else
CARDLEARN_PUPILS_URL, else this machine's `make pages` address), a QR code of the two and
`teacher: <path>`, the teacher's page relative to the pages server's root (its key in it:
keep it to yourself).  `results` prints a row per pupil, or CSV with a header row.  Any
error is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from cardlearn.games import GAMES
from cardlearn.lesson import classroom as lessons
from cardlearn.lesson.overview import CSV_COLUMNS, results, results_csv
from cardlearn.lesson.server import PUPILS_URL, teacher_path
from cardlearn.rooms import RoomError

LOCAL_URL = "http://127.0.0.1:8866/"  # `make pages` on this machine


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        fail(f"{message} (python -m cardlearn.lesson --help)")


def fail(message: str) -> NoReturn:
    print(f"python -m cardlearn.lesson: {message}", file=sys.stderr)
    sys.exit(2)


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m cardlearn.lesson", description="A lesson: a class joins by code.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    new = sub.add_parser("new", help="make a lesson and print its code and the teacher's page")
    new.add_argument("game", choices=sorted(GAMES))
    new.add_argument("--pupils", type=int, help="the class's size (default: as many as --names)")
    new.add_argument("--names", default="", help="the class list, comma separated (optional)")
    new.add_argument("--level", help="the computers' level (default the game's strongest)")
    new.add_argument("--players", type=int, help="seats at a table (a game of 2-6 players)")
    new.add_argument("--lang", default="is", choices=("is", "en"))
    new.add_argument("--url", help="the address pupils open (default CARDLEARN_PUPILS_URL or this machine)")
    res = sub.add_parser("results", help="a row per pupil: deals, points, hints, refusals")
    res.add_argument("code")
    res.add_argument("--csv", action="store_true", help="CSV with a header row (UTF-8)")
    res.add_argument("--lang", default="is", choices=("is", "en"))
    return p


def qr_text(text: str) -> str:
    """`text` as a QR code drawn with block characters, for a terminal (or none without segno)."""
    try:
        import segno
    except ImportError:
        return ""
    lines = []
    matrix = [list(row) for row in segno.make(text, error="m").matrix_iter(scale=1, border=2)]
    for top, bottom in zip(matrix[::2], [*matrix[1::2], [0] * len(matrix[0])]):  # two rows per line
        lines.append("".join(" ▄▀█"[(1 - a) * 2 + (1 - b)] for a, b in zip(top, bottom)))
    return "\n".join(lines)


def new(args: argparse.Namespace) -> None:
    names = [n.strip() for n in args.names.split(",") if n.strip()]
    if args.pupils is None and not names:
        fail("give --pupils N or --names")
    lesson, key = lessons.create(args.game, args.pupils, level=args.level, lang=args.lang,
                                 players=args.players, names=names)
    url = args.url or os.environ.get(PUPILS_URL) or LOCAL_URL
    url = url if url.endswith("/") else url + "/"
    print(f"code: {lesson.code}")
    print(f"pupils open: {url}  (and type the code)")
    print(qr_text(f"{url}?code={lesson.code}"))
    print(f"teacher: {teacher_path(lesson.code, key)}")


def show_results(args: argparse.Namespace) -> None:
    lesson = lessons.read(args.code)
    rows = results(lesson, args.lang)
    if args.csv:
        sys.stdout.write(results_csv(rows, args.lang))
        return
    if not rows:
        print(f"lesson {lesson.code}: no pupil is seated yet")
    for row in rows:
        print("  ".join(f"{c}={row.get(c, '')}" for c in CSV_COLUMNS))


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    try:
        new(args) if args.command == "new" else show_results(args)
    except (RoomError, ValueError) as err:
        fail(str(err))


if __name__ == "__main__":
    main()
