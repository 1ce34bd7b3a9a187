"""The lab from a shell.

    python -m cardlearn.lab list [--lang is]
    python -m cardlearn.lab run NAME [--deals N] [--seed S] [--jobs J | --dask ADDRESS|local] [--no-cache]
                                     [--lang is]

`list` prints one question a line; `run` shows a progress bar on stderr and prints the
estimates, then the one-sentence answer with its 95 % interval as the last line.  `--lang
is` says it all in Icelandic (the titles, the bar's unit, the table and the answer).  Bad
arguments (an unknown question, a count that is not a positive whole number, both --jobs
and --dask) stop with a message naming the problem and exit code 2, before anything runs
or is written.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from .core import question, questions
from .runner import TextBar, run
from .stats import LabError


class _Parser(argparse.ArgumentParser):
    """argparse that raises `LabError` instead of printing usage and exiting by itself."""

    def error(self, message: str) -> NoReturn:
        raise LabError(message)


def _count(text: str) -> int:
    """A whole number as the user typed it (the runner checks its range)."""
    # 4000, 4_000, 4,000 or 4.000 (the Icelandic way, as the progress bar writes it); 2.5 is
    # no whole number, not 25
    if not re.fullmatch(r"-?(?:\d+|\d{1,3}(?:_\d{3})+|\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+)", text.strip()):
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(re.sub(r"[_,.]", "", text))


FROM_CACHE = {"en": "(from the cache; --no-cache recomputes)",
              "is": "(lesið úr skyndiminni; með --no-cache er reiknað upp á nýtt)"}


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m cardlearn.lab", description="The strategy and variant lab.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    listing = sub.add_parser("list", help="one question a line")
    listing.add_argument("--lang", default="en", choices=("en", "is"), help="the titles' language")
    r = sub.add_parser("run", help="run one question")
    r.add_argument("name", help="a question, e.g. kasina.dealer")
    r.add_argument("--deals", type=_count, default=None, help="samples to play (default: the question's)")
    r.add_argument("--seed", type=_count, default=0, help="the run's seed (default 0)")
    where = r.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=_count, default=1, help="processes to play in (default 1)")
    where.add_argument("--dask", default=None, metavar="ADDRESS|local",
                       help="a Dask scheduler's address, or 'local' for a LocalCluster on this machine")
    r.add_argument("--no-cache", action="store_true", help="recompute, and do not write the cache")
    r.add_argument("--lang", default="en", choices=("en", "is"), help="the answer's language")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        if args.command == "list":
            for name, q in questions().items():
                print(f"{name:<20} {q.title[args.lang]}")
            return 0
        q = question(args.name)
        deals = q.deals if args.deals is None else args.deals
        bar = TextBar(q.unit[args.lang], lang=args.lang)
        result = run(args.name, deals, args.seed, jobs=args.jobs, dask=args.dask,
                     cache_results=not args.no_cache, progress=bar)
    except LabError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(result.table(args.lang))
    if result.cached:
        print(FROM_CACHE[args.lang], file=sys.stderr)
    print(result.answer(args.lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
