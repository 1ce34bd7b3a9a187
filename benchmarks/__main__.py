"""Benchmarks: engine speed per game, bot strength, notebook execution time.

    python -m benchmarks                 # everything
    python -m benchmarks --only engine   # µs per random step and deals per second
    python -m benchmarks --only bots     # win rates of each bot against `random`
    python -m benchmarks --only notebooks
    python -m benchmarks --only browser  # click-to-redraw in Chromium (benchmarks/browser_latency.py)

Numbers are printed, never asserted: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from cardlearn.games import GAMES

ROOT = Path(__file__).resolve().parent.parent


def random_steps(game, seconds: float) -> tuple[float, float]:
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


def bench_engine(args) -> None:
    print("engine: random play, legal_actions + apply")
    for name, game in GAMES.items():
        us, dps = random_steps(game, args.seconds)
        print(f"  {name:9s} {us:7.1f} µs/step (median of matches)   {dps:8.1f} deals/s")
    if "kasina" in GAMES:
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
        options, seconds = timed(lambda c=card, t=table: kasina.capture_options(c, t), cold=True)
        print(f"  kasina capture_options, 12-card table ({label}): {len(options)} options, "
              f"{seconds * 1e3:.1f} ms cold (no cache)")


def timed(fn: Callable, *, cold: bool = False):
    if cold:
        from cardlearn.games import kasina
        kasina._capture_masks.cache_clear()
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def bench_bots(args) -> None:
    print(f"bots: each level against `random`, {args.matches} matches, seats alternating")
    for name, game in GAMES.items():
        for level, cls in game.BOTS.items():
            if level == "random":
                continue
            wins, ties, start = 0, 0, time.perf_counter()
            for m in range(args.matches):
                seat = m % 2
                winner = play_match(game, seed=10_000 + m, bots=_lineup(game, cls, seat))
                wins += winner == _side(game, seat)
                ties += winner is None
            took = time.perf_counter() - start
            print(f"  {name:9s} {level:10s} won {wins}/{args.matches} = {wins / args.matches:.1%} "
                  f"(ties {ties}) in {took:.0f} s")


def _lineup(game, strong_cls, strong_seat: int) -> dict[int, object]:
    n = len(game.new_game(seed=0).hands) if hasattr(game.new_game(seed=0), "hands") else 2
    return {s: (strong_cls if s % 2 == strong_seat % 2 else game.BOTS["random"])(seed=s) for s in range(n)}


def _side(game, seat: int) -> int:
    return seat % 2 if game.__name__.endswith("kozel") else seat


def play_match(game, seed: int, bots: dict[int, object]):
    state = game.new_game(seed=seed)
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state, state.to_move))
    return state.winner


def bench_notebooks(args) -> None:
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


def bench_browser(args) -> None:
    from benchmarks import browser_latency
    print("browser: click-to-redraw latency on the Kasína page")
    browser_latency.main([])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["engine", "bots", "notebooks", "browser"], action="append")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game for engine speed")
    parser.add_argument("--matches", type=int, default=200, help="matches per bot level")
    args = parser.parse_args()
    parts = {"engine": bench_engine, "bots": bench_bots, "notebooks": bench_notebooks,
             "browser": bench_browser}
    for name in args.only or parts:
        parts[name](args)


if __name__ == "__main__":
    main()
