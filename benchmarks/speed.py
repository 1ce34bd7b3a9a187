"""Engine speed against RLCard's gin rummy, in one run: µs per random step and deals per
second with one and two processes.

    python -m benchmarks --only speed                  # the defaults below
    python -m benchmarks.speed --rounds 9 --steps 4000 --game kozel

A *step* is one applied move of uniformly random play (seeded): the mover's legal moves
are listed and one of them, picked with `random.Random.choice`, is applied.  New matches
(or, for RLCard, new games) are started as they end, and their dealing is timed too.
RLCard is stepped two ways:

- *game*: its `Game` API as its environment drives it (`judge.get_legal_actions()`, then
  `game.step(action)`, which also builds the next player's state dict), with the same
  chooser as ours.  The stricter comparison (no observation encoding), and the one the
  ratios are taken against.
- *env*: its own random play, `rlcard.make('gin-rummy')` with `RandomAgent`s stepped the
  way `Env.run` steps them (`agent.step(state)`, `env.step(action)`, which encodes each
  observation as numpy arrays), printed for reference.

Steps are timed in CPU time (`time.process_time`: a process waiting for a shared core is
not charged for the wait).  The machine may be shared and noisy, so the engines take turns:
each round times every engine once over the same number of steps (A B C … A B C …), each ratio is taken within
a round, and the medians over the rounds are printed.  Kínaskák plays with four seats (two
decks and four jokers, 108 cards), its default.

Deals per second: `--deals` (4,000: with fewer, a fast game's two processes spent their time
starting, and Lomber showed no gain) whole matches' worth of deals (score-sheet rows; a gin rummy
game is one deal) per engine, played by one process and then split between two
(`multiprocessing`, the pool started before the clock), timed by the wall clock.  Numbers are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardlearn.games import GAMES

RLCARD = "rlcard-game"
RLCARD_ENV = "rlcard-env"


def our_steps(name: str, steps: int, seed: int) -> float:
    """Seconds for `steps` random steps of our game `name`, matches restarted as they end."""
    game = GAMES[name]
    options: dict[str, Any] = {"players": 4} if name == "kinaskak" else {}
    rng = random.Random(seed)
    choice = rng.choice
    match = seed * 1000
    start = time.process_time()
    state = game.new_game(seed=match, **options)
    for _ in range(steps):
        if state.is_over:
            match += 1
            state = game.new_game(seed=match, **options)
        state = state.apply(choice(state.legal_actions()))
    return time.process_time() - start


def _gin_rummy(seed: int) -> Any:
    import numpy as np
    import rlcard
    env = rlcard.make("gin-rummy", config={"seed": seed})
    env.game.np_random = np.random.RandomState(seed)
    return env


def rlcard_game_steps(steps: int, seed: int) -> float:
    """Seconds for `steps` random steps through RLCard gin rummy's `Game` API."""
    game = _gin_rummy(seed).game
    choice = random.Random(seed).choice
    start = time.process_time()
    game.init_game()
    for _ in range(steps):
        if game.is_over():
            game.init_game()
        game.step(choice(game.judge.get_legal_actions()))
    return time.process_time() - start


def rlcard_env_steps(steps: int, seed: int) -> float:
    """Seconds for `steps` steps of RLCard's own random play (`RandomAgent`s, `Env.step`)."""
    import numpy as np
    from rlcard.agents import RandomAgent
    env = _gin_rummy(seed)
    agent = RandomAgent(num_actions=env.num_actions)
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    start = time.process_time()
    state, _ = env.reset()
    for _ in range(steps):
        if env.is_over():
            state, _ = env.reset()
        state, _ = env.step(agent.step(state))
    return time.process_time() - start


def steppers(names: Sequence[str]) -> dict[str, Callable[[int, int], float]]:
    out: dict[str, Callable[[int, int], float]] = {RLCARD: rlcard_game_steps, RLCARD_ENV: rlcard_env_steps}
    for name in names:
        out[name] = functools.partial(our_steps, name)
    return out


def step_times(names: Sequence[str], rounds: int, steps: int) -> dict[str, list[float]]:
    """µs per step of each engine, one figure per round; the engines take turns."""
    engines = steppers(names)
    for run in engines.values():  # warm up: imports, and the engines' caches of rule facts
        run(max(1, steps // 4), 10_000)
    times: dict[str, list[float]] = {key: [] for key in engines}
    for r in range(rounds):
        for key, run in engines.items():
            times[key].append(run(steps, r) / steps * 1e6)
    return times


def report_steps(times: dict[str, list[float]], names: Sequence[str]) -> None:
    rl, env = times[RLCARD], times[RLCARD_ENV]
    rounds = len(rl)
    print(f"speed: random play, µs per step (legal moves + apply), median of {rounds} interleaved rounds")
    print(f"  {'RLCard gin rummy, Game API':34s} {statistics.median(rl):8.1f} µs/step")
    print(f"  {'RLCard gin rummy, Env + RandomAgent':34s} {statistics.median(env):8.1f} µs/step")
    for name in names:
        ours = times[name]
        ratio = statistics.median(o / g for o, g in zip(ours, rl))
        ratio_env = statistics.median(o / e for o, e in zip(ours, env))
        spread = sorted(o / g for o, g in zip(ours, rl))
        label = name + (" (4 seats, 108 cards)" if name == "kinaskak" else "")
        print(f"  {label:34s} {statistics.median(ours):8.1f} µs/step   {ratio:5.2f}× RLCard's Game step "
              f"(rounds {spread[0]:.2f}–{spread[-1]:.2f}), {ratio_env:5.2f}× its Env step")


# -- deals per second ---------------------------------------------------------------------

def _deals(job: tuple[str, int, int]) -> int:
    """Play random matches of `name` from `first` until `deals` deals are done; the count."""
    name, first, deals = job
    choice = random.Random(first).choice
    done, match = 0, first
    if name == RLCARD:
        game = _gin_rummy(first).game
        while done < deals:
            game.init_game()
            while not game.is_over():
                game.step(choice(game.judge.get_legal_actions()))
            done += 1
        return done
    game_module = GAMES[name]
    options: dict[str, Any] = {"players": 4} if name == "kinaskak" else {}
    while done < deals:
        state = game_module.new_game(seed=match, **options)
        match += 1
        while not state.is_over and done + state.deals_done < deals:
            state = state.apply(choice(state.legal_actions()))
        done += state.deals_done
    return done


def deals_per_second(names: Sequence[str], deals: int, pool: Any) -> dict[str, tuple[float, float]]:
    out = {}
    for name in [RLCARD, *names]:
        start = time.perf_counter()
        one = _deals((name, 1, deals))
        alone = one / (time.perf_counter() - start)
        start = time.perf_counter()
        two = sum(pool.map(_deals, [(name, 1, deals // 2), (name, 100_001, deals - deals // 2)]))
        both = two / (time.perf_counter() - start)
        out[name] = alone, both
    return out


def report_deals(rates: dict[str, tuple[float, float]]) -> None:
    print("speed: random deals per second (score-sheet rows; a gin rummy game is one deal)")
    for name, (one, two) in rates.items():
        label = "RLCard gin rummy" if name == RLCARD else name
        print(f"  {label:34s} {one:8.1f} deals/s with 1 process   {two:8.1f} with 2   ({two / one:.2f}×)")


def main(argv: Sequence[str] | None = None, games: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds of step timing")
    parser.add_argument("--steps", type=int, default=4000, help="steps per engine per round")
    parser.add_argument("--deals", type=int, default=4000,
                        help="deals per engine for deals per second (enough that two processes pay off)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games")
    args = parser.parse_args(argv)
    names = list(args.game or games or GAMES)
    report_steps(step_times(names, args.rounds, args.steps), names)
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_deals, [(RLCARD, 0, 1), (RLCARD, 0, 1)])  # started and warm before the clock
        report_deals(deals_per_second(names, args.deals, pool))


if __name__ == "__main__":
    main()
