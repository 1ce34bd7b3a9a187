"""How many Lomber deals get played: over seeded first deals, three bots of one level (the
classroom page's opponents: `thumb`, and the table's default, `lomber.INFO.strongest_bot`)
bid, buy and play one deal; prints the share of deals passed out (all three said pass),
conceded (the declarer laid his game down, *leggja sig*) and played, and how often the
declarer won the deals he played, each with a 95 % Wilson interval, and his mean payment.

    python -m benchmarks.lomber_bidding --deals 200            # both levels
    python -m benchmarks.lomber_bidding --deals 200 --level thumb --jobs 2

Deal d is the first deal of `lomber.new_game(seed=50_000 + d)`; each seat's bot is seeded
by its seat and d, and the search bot thinks by count alone (`seconds=None`, as at a table
with CARDLEARN_SEED set), so a run gives the same numbers on any machine.  Progress goes to
stderr.  Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from dataclasses import dataclass

from benchmarks.tournament import Progress, run_jobs, wilson
from cardlearn.bots import SearchBot
from cardlearn.games import lomber

FIRST_SEED = 50_000


@dataclass(frozen=True)
class Deal:
    """One deal's row of the score sheet, as far as the benchmark needs it."""

    contract: str | None
    outcome: str      # all_pass, conceded, win, remis, krukk, loss
    declarer_pay: int  # the declarer's net payment (0 when all passed)


def play_deal(level: str, d: int) -> Deal:
    """The first deal of seed FIRST_SEED + d, every seat played by a bot of `level`."""
    kind = lomber.BOTS[level]
    searching = isinstance(kind, type) and issubclass(kind, SearchBot)
    bots = [kind(seed=d * 3 + s, seconds=None) if searching else kind(seed=d * 3 + s)  # type: ignore[call-arg]
            for s in range(3)]
    state = lomber.new_game(seed=FIRST_SEED + d)
    while state.deals_done == 0:
        seat = state.to_move
        assert seat is not None  # the first deal never ends the match
        state = state.apply(bots[seat].choose(state, seat))
    row = state.score_sheet[0]
    pay = 0 if row["declarer"] is None else row["payments"][row["declarer"]]
    return Deal(row["contract"], row["outcome"], pay)


def _play(job: tuple[str, int]) -> Deal:
    return play_deal(*job)


def run(level: str, deals: int, jobs: int = 1) -> list[Deal]:
    """`deals` deals at `level` (in the order they finish), with a progress bar on stderr."""
    work = [(level, d) for d in range(deals)]
    return run_jobs(_play, work, jobs, Progress(f"lomber {level}", deals))


def share(count: int, n: int) -> str:
    low, high = wilson(count, n)
    return f"{count:4d}/{n} = {count / n:6.1%} (95 % {low:.1%}–{high:.1%})"


def report(level: str, deals: list[Deal], seconds: float) -> list[str]:
    n = len(deals)
    outcomes = Counter(d.outcome for d in deals)
    passed, conceded = outcomes["all_pass"], outcomes["conceded"]
    played = [d for d in deals if d.outcome not in ("all_pass", "conceded")]
    bid = [d for d in deals if d.outcome != "all_pass"]
    won = sum(d.outcome == "win" for d in played)
    pay = statistics.fmean(d.declarer_pay for d in bid) if bid else 0.0
    contracts = Counter(d.contract for d in bid)
    lines = [
        f"lomber, three `{level}` bots, {n} seeded first deals ({seconds:.0f} s)",
        f"  passed out         {share(passed, n)}",
        f"  conceded           {share(conceded, n)}",
        f"  played             {share(len(played), n)}",
        f"  declarer won       {share(won, len(played)) if played else '-'}   of the deals played",
        f"  declarer's payment {pay:+.2f} bits a deal bid (conceded ones included)",
        "  contracts          " + ", ".join(f"{c} {k}" for c, k in contracts.most_common()),
    ]
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="seeded first deals per level")
    parser.add_argument("--level", action="append", choices=sorted(lomber.BOTS),
                        help=f"bot level (repeatable; default thumb and {lomber.INFO.strongest_bot})")
    parser.add_argument("--jobs", type=int, default=1, help="deals played at once (one per core)")
    args = parser.parse_args(argv)
    levels = args.level or list(dict.fromkeys(["thumb", lomber.INFO.strongest_bot]))
    for level in levels:
        started = time.perf_counter()
        deals = run(level, args.deals, args.jobs)
        print("\n".join(report(level, deals, time.perf_counter() - started)), flush=True)


if __name__ == "__main__":
    main()
