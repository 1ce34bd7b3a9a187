"""Benchmarks: engine speed per game, bot strength, notebook execution time.

    python -m benchmarks                 # everything but the tournament
    python -m benchmarks --only engine   # µs per random step and deals per second
    python -m benchmarks --only speed    # the same against RLCard's gin rummy, interleaved, and
                                         # deals/s with 1 and 2 processes (benchmarks/speed.py)
    python -m benchmarks --only bots     # win rates of each bot against `random`, 95 % intervals
    python -m benchmarks --only contracts  # which Lomber contracts the rule-of-thumb bot reaches
    python -m benchmarks --only think    # each bot's think time per move (median / p95)
    python -m benchmarks --only tournament  # the search bot against thumb and random, deal by deal
                                            # (benchmarks/tournament.py; --deals N, --jobs 2)
    python -m benchmarks --game kasina   # one game only (repeatable)
    python -m benchmarks --only notebooks
    python -m benchmarks --only browser  # click-to-redraw in Chromium (benchmarks/browser_latency.py)
    python -m benchmarks --only pages    # index click → table, and reload, per page (benchmarks/page_open.py)

Numbers are printed, never asserted: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import TypeVar

from benchmarks.tournament import Progress, wilson
from cardlearn.games import GAMES
from cardlearn.protocol import AnyGame, AnyState, Bot

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def random_steps(game: AnyGame, seconds: float) -> tuple[float, float]:
    """Median µs per random step (legal_actions + apply) over many matches, after one
    second of warm-up (engines cache rule facts such as capture searches); and deals
    (score sheet rows) finished per second, dealing included."""
    rng = random.Random(1)
    per_step, deals, spent, seed = [], 0, 0.0, 0
    warm_until = time.perf_counter() + 1.0
    while spent < seconds:
        state = game.new_game(seed=seed)
        seed += 1
        steps, start = 0, time.perf_counter()
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            steps += 1
        took = time.perf_counter() - start
        if start > warm_until:
            spent += took
            per_step.append(took / steps * 1e6)
            deals += len(state.score_sheet)
    return statistics.median(per_step), deals / spent


def bench_engine(args: argparse.Namespace) -> None:
    print("engine: random play, legal_actions + apply")
    for name, game in _games(args):
        us, dps = random_steps(game, args.seconds)
        print(f"  {name:9s} {us:7.1f} µs/step (median of matches)   {dps:8.1f} deals/s")
    if "kasina" in dict(_games(args)):
        bench_capture_options()


def bench_capture_options() -> None:
    """Worst case of kasina.capture_options on a 12-card table (the largest seen in play
    is far smaller): low cards give the most groups summing to a king or an ace."""
    from cardlearn.games import kasina
    tables = {
        "aces, twos, threes and a four, with an ace": ("AS", "AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S"),
        "ace to six of two suits, with a king": ("KS", "AH 2H 3H 4H 5H 6H AD 2D 3D 4D 5D 6D"),
        "ace to queen of hearts, with an ace": ("AS", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"),
    }
    for label, (card, table) in tables.items():
        options, seconds = timed(partial(kasina.capture_options, card, table), cold=True)
        print(f"  kasina capture_options, 12-card table ({label}): {len(options)} options, "
              f"{seconds * 1e3:.1f} ms cold (no cache)")


def timed(fn: Callable[[], T], *, cold: bool = False) -> tuple[T, float]:
    if cold:
        from cardlearn.games.kasina.rules import capture_masks
        capture_masks.cache_clear()
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def bench_bots(args: argparse.Namespace) -> None:
    print(f"bots: each level's team against `random` teams, {args.matches} matches, "
          "the strong team rotating through the teams")
    for name, game in _games(args):
        for level, cls in game.BOTS.items():
            if level in ("random", "search"):  # the search bot has its own tournament
                continue
            wins, ties, start = 0, 0, time.perf_counter()
            scores: list[float] = []  # the strong team's own match score, signed so more is better
            progress = Progress(f"{name} {level}", args.matches)
            for m in range(args.matches):
                state = game.new_game(seed=10_000 + m)
                team = m % len(state.teams)
                bots = {s: (cls if s in state.teams[team] else game.BOTS["random"])(seed=s)
                        for s in range(state.players)}
                final = play_match(state, bots)
                wins += final.winner == team
                ties += final.winner is None
                scores.append(game.INFO.score_sign * final.scores[team])
                progress.step()
            took = time.perf_counter() - start
            low, high = wilson(wins, args.matches)
            mean = statistics.mean(scores)
            half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
            print(f"  {name:9s} {level:10s} won {wins}/{args.matches} = {wins / args.matches:.1%} "
                  f"(95 % interval {low:.1%}–{high:.1%}; ties {ties}); its own match score "
                  f"{mean:+.2f} (95 % interval {mean - half:+.2f} to {mean + half:+.2f}) in {took:.0f} s")


def bench_think(args: argparse.Namespace) -> None:
    """How long each bot level thinks per move (only moves with a real choice), playing
    its team against random teams."""
    print("think time per move with a choice (median / p95), against random")
    matches = max(1, args.matches // 20)
    for name, game in _games(args):
        for level, cls in game.BOTS.items():
            if level in ("random", "search"):  # timed by the tournament
                continue
            times, progress = [], Progress(f"{name} {level}", matches)
            for m in range(matches):
                state = game.new_game(seed=20_000 + m)
                bots = {s: (cls if s in state.teams[0] else game.BOTS["random"])(seed=s)
                        for s in range(state.players)}
                while not state.is_over:
                    seat, start = state.to_move, time.perf_counter()
                    action = bots[seat].choose(state, seat)
                    if seat in state.teams[0] and len(state.legal_actions()) > 1:
                        times.append(time.perf_counter() - start)
                    state = state.apply(action)
                progress.step()
            times.sort()
            p95 = times[int(0.95 * (len(times) - 1))]
            print(f"  {name:9s} {level:10s} {statistics.median(times) * 1e3:6.2f} ms / {p95 * 1e3:6.2f} ms "
                  f"over {len(times)} moves, {matches} matches")


def play_match(state: AnyState, bots: Mapping[int, Bot]) -> AnyState:
    """Play `state` to the end with one bot per seat; the final position."""
    while (seat := state.to_move) is not None:
        state = state.apply(bots[seat].choose(state, seat))
    return state


def _games(args: argparse.Namespace) -> list[tuple[str, AnyGame]]:
    return [(n, g) for n, g in GAMES.items() if not args.game or n in args.game]


def bench_notebooks(args: argparse.Namespace) -> None:
    import nbformat
    from nbclient import NotebookClient
    print("notebooks: time to execute each (fresh kernel)")
    total = 0.0
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        resources = {"metadata": {"path": str(path.parent)}}
        NotebookClient(nb, timeout=600, kernel_name="python3", resources=resources).execute()
        took = time.perf_counter() - start
        total += took
        print(f"  {path.name:40s} {took:6.1f} s")
    print(f"  {'all notebooks':40s} {total:6.1f} s")


def bench_browser(args: argparse.Namespace) -> None:
    from benchmarks import browser_latency
    print("browser: click-to-redraw latency on the Kasína page")
    browser_latency.main([])


def bench_contracts(args: argparse.Namespace) -> None:
    from benchmarks import contracts
    contracts.main(args.deals * 10)


def bench_pages(args: argparse.Namespace) -> None:
    from benchmarks import page_open
    page_open.main([])


def bench_speed(args: argparse.Namespace) -> None:
    from benchmarks import speed
    speed.main([], games=[n for n, _ in _games(args)])


def bench_tournament(args: argparse.Namespace) -> None:
    from benchmarks import tournament
    tournament.main([n for n, _ in _games(args)], deals=args.deals, jobs=args.jobs)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append",
                        choices=["engine", "speed", "bots", "contracts", "think", "tournament", "notebooks",
                                 "browser", "pages"])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game for engine speed")
    parser.add_argument("--matches", type=int, default=200, help="matches per bot level")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games")
    parser.add_argument("--deals", type=int, default=200,
                        help="tournament: deals per pairing (contracts: ten times as many)")
    parser.add_argument("--jobs", type=int, default=1, help="tournament: deals played at once (one per core)")
    args = parser.parse_args()
    parts = {"engine": bench_engine, "speed": bench_speed, "bots": bench_bots, "contracts": bench_contracts,
             "think": bench_think,
             "tournament": bench_tournament, "notebooks": bench_notebooks, "browser": bench_browser,
             "pages": bench_pages}
    for name in args.only or [p for p in parts if p != "tournament"]:  # the tournament is long: asked for
        parts[name](args)


if __name__ == "__main__":
    main()
