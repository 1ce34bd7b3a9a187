"""Bot code shared by every game.

A bot sees a position only through `state.observation(seat)`, `state.legal_actions()`
and `determinize(...)`.  Its randomness is seeded from its own seed *and* that
observation, so a bot with the same seed makes the same choice in two positions that
look the same from its seat, whatever happened before.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import EllipsisType
from typing import Any, ClassVar, NamedTuple

from cardlearn.protocol import AnyState


class Bot:
    """Base class: `choose(state, seat)` returns one of `state.legal_actions()`."""

    label = {"is": "tölva", "en": "computer"}

    def __init__(self, seed: int | None = 0):
        self.seed = 0 if seed is None else seed

    def rng(self, state: AnyState, seat: int) -> random.Random:
        """A generator that depends only on this bot's seed and what `seat` sees."""
        return random.Random(f"{self.seed}:{state.observation_digest(seat)}")

    def choose(self, state: AnyState, seat: int) -> Any:
        raise NotImplementedError

    def considered(self, state: AnyState) -> list[Any]:
        """The legal moves this bot will choose among: all of them, unless the game's bots
        leave out a legal move that only looks like a blunder to a class (Kínaskák:
        throwing back the card just taken).  Never empty; in `legal_actions()` order."""
        return list(state.legal_actions())


class RandomBot(Bot):
    """Plays a legal move chosen uniformly at random (among those it `considered`)."""

    label = {"is": "slembi", "en": "random"}

    def choose(self, state: AnyState, seat: int) -> Any:
        return self.rng(state, seat).choice(self.considered(state))


# ---------------------------------------------------------------------------------------
# The search bot: determinized Monte Carlo, one class for every game
# ---------------------------------------------------------------------------------------


@dataclass
class MoveResult:
    """What the simulations said about one legal move."""

    action: Any
    margins: list[float] = field(default_factory=list)  # one per simulation, world by world

    @property
    def simulations(self) -> int:
        return len(self.margins)

    @property
    def wins(self) -> float:
        """Simulated deals the bot's side won; a tied one counts ½."""
        return sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in self.margins)

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.margins) if self.margins else 0.0

    @property
    def mean_margin(self) -> float:
        return sum(self.margins) / len(self.margins) if self.margins else 0.0


@dataclass
class Thought:
    """A search bot's reasoning for one choice: `choice`, the rule-of-thumb bot's own
    choice `preferred`, and a `MoveResult` per legal move (in `legal_actions()` order);
    `worlds` deals of the hidden cards were imagined."""

    choice: Any
    preferred: Any
    moves: list[MoveResult]
    worlds: int = 0
    seconds: float = 0.0
    stopped_by_clock: bool = False

    @property
    def simulations(self) -> int:
        return sum(m.simulations for m in self.moves)

    def result(self, action: Any) -> MoveResult:
        return next(m for m in self.moves if m.action == action)


class SearchBot(Bot):
    """Determinized Monte Carlo search (a "perfect information Monte Carlo" player).

    For one choice the bot imagines *worlds*: deals of the cards its seat cannot see,
    made by the game's `determinize` (so it never looks at them).  In each world it tries
    moves and lets the game's rule-of-thumb bot (`policy`) play every seat to the end of
    the deal; the deal's score-sheet row gives a *margin*: its side's total minus the
    other sides' mean, turned by the game's `SCORE_SIGN` so that more is better.

    Moves are weeded out by *sequential halving*: a budget of `iterations` simulations is
    spread over rounds; in each round every move still in the running meets the same new
    worlds (so moves differ by what they do, not by luck), and the worse half by mean
    margin drops out.  The rule-of-thumb bot's own move (`baseline`) never drops out,
    and the bot plays another move only if it did better world by world by more than
    chance would explain (its mean gain exceeds `caution` standard errors): with few
    simulations the search mostly plays the rule of thumb's move, with many it is free
    to differ.  (In Kozel, 120 simulations a move won 47.5 % of 60 deals against the rule
    of thumb without that caution, noise picking the "best" move, and 66 % with it.)

    Thinking stops after `iterations` simulations or `seconds` of wall time, whichever
    comes first (the clock is read between worlds).  With `seconds=None` the choice
    depends only on the seat's observation and the seed: that is how it is tested for
    peeking.  `horizon` (optional) cuts simulations after that many moves and scores the
    position with the game's `deal_estimate(state)` instead.  A game may also replace the
    simulation itself (`simulate`): Kasína's deals are short enough to be played out by a
    full search (`kasina.solve_deal`) rather than by the rule of thumb.
    """

    label = {"is": "leitari", "en": "search"}
    policy: ClassVar[type[Bot]] = RandomBot  # each game sets its rule-of-thumb bot
    # whose move the search keeps unless another is clearly better (default: `policy`; a
    # game whose thumb is too slow to play simulations names it here, a quicker policy above)
    baseline: ClassVar[type[Bot] | None] = None
    iterations: int = 200
    seconds: float | None = 1.0
    horizon: ClassVar[int | None] = None
    caution: ClassVar[float] = 1.0

    def __init__(self, seed: int | None = 0, *, iterations: int | None = None,
                 seconds: float | EllipsisType | None = ...):
        super().__init__(seed)
        if iterations is not None:
            if iterations < 1:
                raise ValueError(f"iterations must be at least 1, not {iterations}")
            self.iterations = iterations
        if seconds is not ...:
            if seconds is not None and seconds <= 0:
                raise ValueError(f"seconds must be positive or None, not {seconds}")
            self.seconds = seconds
        self._policy = self.policy(seed=self.seed)
        self._baseline = (self.baseline or self.policy)(seed=self.seed)

    def choose(self, state: AnyState, seat: int) -> Any:
        return self.think(state, seat).choice

    def budget(self, state: AnyState) -> tuple[int, float | None]:
        """How many simulations, and how many seconds at most, a move in `state` gets: the
        bot's settings, unless a game gives some of its decisions less (see Lomber's)."""
        return self.iterations, self.seconds

    def think(self, state: AnyState, seat: int) -> Thought:
        """Search for `seat`'s move in `state`, keeping what every move scored."""
        started = time.perf_counter()
        actions = state.legal_actions()
        if len(actions) == 1:
            return Thought(actions[0], actions[0], [MoveResult(actions[0])])
        # every legal move keeps its row (a hint lists them all); the moves left out of
        # `considered` are never simulated, so never chosen
        considered = self.considered(state)
        if len(considered) == 1:
            return Thought(considered[0], considered[0], [MoveResult(a) for a in actions])
        preferred = self._baseline.choose(state, seat)
        moves = [MoveResult(a) for a in actions]
        thought = Thought(preferred, preferred, moves)
        rng = self.rng(state, seat)
        iterations, seconds = self.budget(state)
        deadline = None if seconds is None else started + seconds
        first = actions.index(preferred)
        others = range(len(actions)) if len(considered) == len(actions) else [
            i for i, a in enumerate(actions) if a in considered]
        alive = [first, *(i for i in others if i != first)]
        rounds = max(1, math.ceil(math.log2(len(alive))))
        team = team_of(state, seat)
        for r in range(rounds):
            for _ in range(max(1, iterations // (len(alive) * rounds))):
                if deadline is not None and thought.worlds and time.perf_counter() > deadline:
                    thought.stopped_by_clock = True
                    break
                world = self._world(state, seat, random.Random(rng.getrandbits(64)))
                thought.worlds += 1
                for i in alive:
                    moves[i].margins.append(self.simulate(world.apply(actions[i]), team, state.deals_done))
            # a stable sort: among equal means the rule-of-thumb move (first) stays first
            alive.sort(key=lambda i: -moves[i].mean_margin)
            if thought.stopped_by_clock:
                break
            if r < rounds - 1:
                keep = alive[:max(1, math.ceil(len(alive) / 2))]
                alive = keep if first in keep else [*keep, first]
        best = alive[0]
        if best != first and paired(moves[best].margins, moves[first].margins).clearly_better(self.caution):
            thought.choice = actions[best]
        thought.seconds = time.perf_counter() - started
        return thought

    def _world(self, state: AnyState, seat: int, rng: random.Random) -> Any:
        """One imagined deal of the cards `seat` cannot see (the only way the bot learns
        about them: the no-peeking tests break this on purpose)."""
        world: AnyState = state.GAME.determinize(state, seat, rng)
        return world

    def simulate(self, world: AnyState, team: int, deals_done: int) -> float:
        """Play `world` to the end of the deal with the rule-of-thumb bot in every seat;
        the margin of `team` in that deal's row (more is better).  The one hook a game's
        search bot may override: Kasína solves the rest of the deal instead."""
        policy, moves = self._policy, 0
        while world.deals_done == deals_done and not world.is_over:
            if self.horizon is not None and moves >= self.horizon:
                return margin(world.GAME.deal_estimate(world), team, world.SCORE_SIGN)
            mover = world.to_move
            assert mover is not None  # the match is not over
            world = world.apply(policy.choose(world, mover))
            moves += 1
        return margin(world.score_sheet[deals_done]["total"], team, world.SCORE_SIGN)


def team_of(state: AnyState, seat: int) -> int:
    """The index in `state.teams` of the team `seat` plays for."""
    return next(t for t, seats in enumerate(state.teams) if seat in seats)


def margin(totals: Sequence[float], team: int, sign: int) -> float:
    """A team's row total minus the other teams' mean, signed so that more is better."""
    others = [x for t, x in enumerate(totals) if t != team]
    return sign * (totals[team] - sum(others) / len(others))


class Comparison(NamedTuple):
    """One move against another, world by world, over the imagined worlds both met."""

    deals: int     # imagined deals both moves were tried in
    gain: float    # the mean of (this move's margin − the other's) over those deals
    spread: float  # the standard error of that mean: about how much of it luck alone could give

    def clearly_better(self, caution: float = 1.0) -> bool:
        """What the search bot asks before it leaves the rule-of-thumb move for another: a
        gain of more than `caution` standard errors, more than luck would explain."""
        if self.deals < 2:
            return self.gain > 0 and caution <= 0
        return self.gain > caution * self.spread


def paired(mine: list[float], theirs: list[float]) -> Comparison:
    """Margins got in the same worlds compared: the shorter list pairs with the start of
    the longer one (a move that dropped out keeps the worlds it met, in order)."""
    gains = [a - b for a, b in zip(mine, theirs)]
    n = len(gains)
    if n == 0:
        return Comparison(0, 0.0, 0.0)
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else 0.0
    return Comparison(n, mean, spread)

