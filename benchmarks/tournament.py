"""The search bot's tournament: in every game, the search bot against the rule-of-thumb
bot and against random, deal by deal.

    python -m benchmarks --only tournament                 # every game, 200 deals per pairing
    python -m benchmarks --only tournament --game kozel --deals 400 --jobs 2

One *deal* is one row of the score sheet (a Kasína hand, a Kozel deal, a Kínaskák round, a
Lomber deal).  Deal number d starts from `new_game(seed=40_000 + d)` played on by
rule-of-thumb bots through `d % 8` deals (so later rounds, dealers and scores turn up too),
and is then played once for each side of the table with the search bot's side rotating:
in Kozel the search bots are one team, elsewhere one seat against the others, so the same
cards are played by both kinds of bot (duplicate deals).  Per pairing it prints

- the win rate of the search side (a deal won counts 1, a tied one ½: its side's row total
  better than the other sides' mean) with a 95 % Wilson interval;
- the mean margin (that side's row total minus the others' mean, turned so that more is
  better: Kasína points, Kozel loss points, Kínaskák penalty points, Lomber payments) with a
  95 % interval;
- the search bot's think time per move with a choice: median and 95th percentile.

The win rate's interval treats every played side as independent.  The margin's interval is
taken over *deals*, each deal's margin being the mean over its sides, as in duplicate
bridge: the same cards were played from every side of the table, so the luck of the cards
cancels and what is left is the difference between the bots (counting the sides as
independent would make the interval wider than the spread of that difference).  Numbers
are printed, never asserted (shared machines are noisy); `--jobs 2` plays two deals at a
time, one per core.
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardlearn.bots import SearchBot
from cardlearn.games import GAMES
from cardlearn.protocol import AnyState

FIRST_SEED = 40_000
T = TypeVar("T")
FAST_FORWARD = 8  # deal d starts after d % 8 deals played by rule-of-thumb bots


# play_deal's arguments: game, opponent level, deal, the search bot's team, its iterations
Job = tuple[str, str, int, int, int | None]


@dataclass
class Outcome:
    deal: int
    margin: float
    think: list[float] = field(default_factory=list)  # seconds, moves with a choice only


@functools.lru_cache(maxsize=8)
def deal_start(game_name: str, d: int) -> AnyState:
    """The position at the start of deal number `d` (see the module docstring); kept, as
    each deal is played once per side (states are immutable)."""
    game = GAMES[game_name]
    state: AnyState = game.new_game(seed=FIRST_SEED + d)
    thumbs = [game.BOTS["thumb"](seed=d) for _ in range(state.players)]
    for _ in range(d % FAST_FORWARD):
        played = state
        while not played.is_over and played.deals_done == state.deals_done:
            seat = played.to_move
            assert seat is not None  # a match not over has a seat to move
            played = played.apply(thumbs[seat].choose(played, seat))
        if played.is_over:
            break  # the match would end: play the last deal that started
        state = played
    return state


def play_deal(game_name: str, opponent: str, d: int, team: int, iterations: int | None) -> Outcome:
    """Deal `d` with the search bot playing `team`'s seats and `opponent` the others."""
    game = GAMES[game_name]
    state = deal_start(game_name, d)
    search = game.BOTS["search"]
    bots = {s: (search(seed=s, iterations=iterations) if s in state.teams[team]
                else game.BOTS[opponent](seed=d * 10 + s)) for s in range(state.players)}
    outcome, row = Outcome(d, 0.0), state.deals_done
    while not state.is_over and state.deals_done == row:
        seat = state.to_move
        assert seat is not None  # a match not over has a seat to move
        started = time.perf_counter()
        action = bots[seat].choose(state, seat)
        if seat in state.teams[team] and len(state.legal_actions()) > 1:
            outcome.think.append(time.perf_counter() - started)
        state = state.apply(action)
    totals = state.score_sheet[row]["total"]
    others = [x for t, x in enumerate(totals) if t != team]
    outcome.margin = state.SCORE_SIGN * (totals[team] - sum(others) / len(others))
    return outcome


def _play(job: Job) -> Outcome:
    return play_deal(*job)


def deal_margins(outcomes: list[Outcome]) -> list[float]:
    """Each deal's margin: the mean of the margins its sides got (in the order of deals)."""
    sides: dict[int, list[float]] = {}
    for o in outcomes:
        sides.setdefault(o.deal, []).append(o.margin)
    return [statistics.fmean(sides[d]) for d in sorted(sides)]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre, spread = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and the ends of its normal 95 % interval."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


class Progress:
    """A progress bar on stderr, with the time left; lines instead on a non-terminal."""

    def __init__(self, label: str, total: int):
        self.label, self.total, self.done, self.started = label, total, 0, time.perf_counter()
        self.tty = sys.stderr.isatty()

    def step(self) -> None:
        self.done += 1
        spent = time.perf_counter() - self.started
        left = spent / self.done * (self.total - self.done)
        bar = "#" * (20 * self.done // self.total)
        text = f"  {self.label} [{bar:20s}] {self.done}/{self.total}, {left:4.0f} s left"
        if self.tty:
            end = "\r" + " " * len(text) + "\r" if self.done == self.total else ""
            print("\r" + text + end, end="", file=sys.stderr, flush=True)
        elif self.done == self.total or self.done % max(1, self.total // 10) == 0:
            print(text, file=sys.stderr, flush=True)


@dataclass
class Pairing:
    game: str
    opponent: str
    outcomes: list[Outcome]
    seconds: float

    def lines(self) -> list[str]:
        n = len(self.outcomes)
        margins = [o.margin for o in self.outcomes]
        score = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins)
        ties = sum(m == 0 for m in margins)
        low, high = wilson(score, n)
        deals = deal_margins(self.outcomes)
        mean, m_low, m_high = mean_interval(deals)
        think = sorted(t for o in self.outcomes for t in o.think)
        p95 = think[int(0.95 * (len(think) - 1))] if think else 0.0
        median = statistics.median(think) if think else 0.0
        return [
            f"  {self.game:9s} search vs {self.opponent:6s} won {score:g}/{n} deals = {score / n:.1%} "
            f"(95 % {low:.1%}–{high:.1%}; {ties} tied)",
            f"  {'':9s} {'':17s} margin {mean:+.2f} per deal (95 % {m_low:+.2f} to {m_high:+.2f} "
            f"over {len(deals)} deals, each the mean of its {n // len(deals)} sides)",
            f"  {'':9s} {'':17s} think {median * 1e3:.0f} ms median, {p95 * 1e3:.0f} ms p95 "
            f"over {len(think)} moves with a choice; {self.seconds:.0f} s",
        ]


def run_pairing(game_name: str, opponent: str, deals: int, jobs: int, iterations: int | None) -> Pairing:
    teams = len(GAMES[game_name].new_game(seed=FIRST_SEED).teams)
    per_side = math.ceil(deals / teams)
    work = [(game_name, opponent, d, t, iterations) for d in range(per_side) for t in range(teams)]
    started = time.perf_counter()
    # a chunk holds one deal's sides together, so its start is worked out once
    outcomes = run_jobs(_play, work, jobs, Progress(f"{game_name} vs {opponent}", len(work)), chunksize=teams)
    return Pairing(game_name, opponent, outcomes, time.perf_counter() - started)


def run_jobs(play: Callable[[Any], T], work: list[Any], jobs: int, progress: Progress,
             chunksize: int = 1) -> list[T]:
    """`play` of every job in `work`, `jobs` at a time (one process per core; in the order
    they finish), stepping `progress` after each."""
    done: list[T] = []
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for result in pool.imap_unordered(play, work, chunksize=chunksize):
                done.append(result)
                progress.step()
    else:
        for job in work:
            done.append(play(job))
            progress.step()
    return done


def main(games: list[str] | None = None, deals: int = 200, jobs: int = 1, iterations: int | None = None,
         opponents: tuple[str, ...] = ("thumb", "random")) -> list[Pairing]:
    print(f"tournament: the search bot against each opponent, {deals} deals per pairing "
          f"(seats rotated), {jobs} job(s); iterations: {iterations or 'each game default'}")
    results = []
    for name in games or list(GAMES):
        level = GAMES[name].BOTS["search"]
        assert isinstance(level, type) and issubclass(level, SearchBot), name
        print(f"  {name}: search = {iterations or level.iterations} simulations, "
              f"at most {level.seconds} s per move; rule-of-thumb policy {level.policy.__name__}")
        for opponent in opponents:
            pairing = run_pairing(name, opponent, deals, jobs, iterations)
            print("\n".join(pairing.lines()), flush=True)
            results.append(pairing)
    return results
