"""What a lab question is (`Question`), what running it gives (`Result`), the registry of
questions by name, and the per-deal seeds.

A question is a seeded simulation: `play(seed, index)` plays one sample (a deal, a hand or a
match, the question's `unit`) from its own seed and returns what it saw; `summarize(samples)`
turns the samples, in deal order, into estimates with 95 % intervals; `answer(estimates,
lang)` says the result in one sentence.  Each sample's seed is derived from the question's
name, the run's seed and the sample's index alone (`deal_seed`), so a sample is the same
whichever process plays it and in whatever order, and the samples are merged by index: one
process, a pool or a Dask cluster give the same numbers.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardlearn.games.extras import games_with
from cardlearn.lessons.language import check_lang

from .stats import Estimate, LabError

if TYPE_CHECKING:
    from IPython.display import HTML, Image
    from matplotlib.figure import Figure

# The games with lab questions (their INFO says `lab`), in the order of the registry: each
# one's questions are in `cardlearn.lab.<game>`.
GAMES = tuple(games_with("lab"))


class UnknownQuestion(LabError):
    """A question name the lab does not have (`python -m cardlearn.lab list` lists them)."""


@dataclass(frozen=True)
class Question:
    """One question of the lab, named `<game>.<question>`.

    - `title` — the question as a learner asks it, per language.
    - `unit` — what one sample is, per language, in the plural ("hands", "spil").
    - `deals` — how many samples `run` plays by default (the CLI's `--deals`).
    - `rules` — every `Rules` the simulation plays, by a short label: part of the cache key,
      so a change of a game's defaults is never answered from an old cache.
    - `bots` — the players, in words (part of the cache key too, and of the notebook's prose).
    - `play(seed, index)` — one sample; `summarize(samples)` — the estimates;
      `answer(estimates, lang)` — the one-sentence answer (from a `Sayings` table).
    - `can` / `cannot` — what the simulation can and cannot show, per language.
    - `axis` — per estimate kind ("share", "mean"), the plot's axis label per language;
      `lines` — per kind, where a reference line is drawn (no effect: 0, even: 50 %).
    - `revision` — raised whenever the question's code changes what it measures (cache key).
    """

    name: str
    title: Mapping[str, str]
    unit: Mapping[str, str]
    deals: int
    rules: Mapping[str, Any]
    bots: Mapping[str, str]
    play: Callable[[int, int], Any]
    summarize: Callable[[Sequence[Any]], list[Estimate]]
    answer: Callable[[Mapping[str, Estimate], str], str]
    can: Mapping[str, str]
    cannot: Mapping[str, str]
    axis: Mapping[str, Mapping[str, str]]
    lines: Mapping[str, float] = field(default_factory=dict)
    revision: int = 1

    @property
    def game(self) -> str:
        return self.name.partition(".")[0]


_REGISTRY: dict[str, Question] = {}


def register(question: Question) -> Question:
    """Add a question to the lab (each game's module does this when imported)."""
    game, dot, short = question.name.partition(".")
    if game not in GAMES or not dot or not short.isidentifier():
        raise ValueError(f"a question is named <game>.<question>, not {question.name!r}")
    if question.name in _REGISTRY:
        raise ValueError(f"question {question.name!r} is registered twice")
    if question.deals < 1:
        raise ValueError(f"{question.name}: default deals must be at least 1")
    _REGISTRY[question.name] = question
    return question


def questions() -> dict[str, Question]:
    """Every question, by name, game by game (imports the question modules on first use:
    a worker process that is handed only a name finds its question the same way)."""
    for game in GAMES:
        importlib.import_module(f"cardlearn.lab.{game}")
    return {name: _REGISTRY[name] for game in GAMES for name in _REGISTRY if name.startswith(game + ".")}


def question(name: str) -> Question:
    found = questions()
    if not isinstance(name, str) or name not in found:
        raise UnknownQuestion(f"no lab question {name!r}; the questions are: {', '.join(found)}")
    return found[name]


def deal_seed(name: str, seed: int, index: int) -> int:
    """The seed of sample `index` of question `name` in a run seeded `seed`: a 63-bit number
    from SHA-256, the same on every machine, process and Python (unlike `hash`)."""
    digest = hashlib.sha256(f"cardlearn.lab:{name}:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_chunk(name: str, seed: int, start: int, stop: int) -> list[Any]:
    """Samples `start` to `stop − 1` of a run, in order: the unit of work a process or a
    Dask worker is given."""
    q = question(name)
    return [q.play(deal_seed(name, seed, i), i) for i in range(start, stop)]


@dataclass(frozen=True)
class Result:
    """What a run of a question found: its estimates, for `deals` samples seeded `seed`."""

    question: str
    deals: int
    seed: int
    estimates: tuple[Estimate, ...]
    cached: bool = False  # read from the disk cache rather than simulated now

    def __getitem__(self, key: str) -> Estimate:
        for e in self.estimates:
            if e.key == key:
                return e
        raise KeyError(key)

    @property
    def by_key(self) -> dict[str, Estimate]:
        return {e.key: e for e in self.estimates}

    def answer(self, lang: str = "en") -> str:
        """The one-sentence answer, its 95 % interval in it."""
        return question(self.question).answer(self.by_key, check_lang(lang))

    def command(self, deals: int | None = None) -> str:
        """The command that reproduces this run (with `deals` samples, by default the
        question's full count)."""
        n = question(self.question).deals if deals is None else deals
        return f"python -m cardlearn.lab run {self.question} --deals {n} --seed {self.seed}"

    def figure(self, lang: str = "en") -> Figure:
        from .plot import figure

        return figure(question(self.question), self.estimates, self.deals, self.seed, check_lang(lang))

    def png(self, lang: str = "en") -> bytes:
        from .plot import png

        return png(self.figure(lang))

    def image(self, lang: str = "en") -> Image | HTML:
        """The plot for a notebook cell to show; without matplotlib (the site, in a
        browser), the picture stored for this run's report, saying so (`cardlearn.stored`)."""
        from IPython.display import Image

        from cardlearn.stored import have_matplotlib, stored_picture

        if not have_matplotlib():
            from .words import report

            return stored_picture(report(self, lang), lang)
        return Image(data=self.png(lang))

    def table(self, lang: str = "en") -> str:
        """The estimates as text lines: label, value, 95 % interval, samples."""
        from .stats import interval, value

        check_lang(lang)
        width = max(len(e.label[lang]) for e in self.estimates)
        return "\n".join(f"{e.label[lang]:<{width}}  {value(e, lang):>9}  [{interval(e, lang)}]  n={e.n}"
                         for e in self.estimates)


def play_deal(state: Any, bots: Sequence[Any], on_move: Callable[[Any, Any], None] | None = None) -> Any:
    """Play `state` to the end of its current deal with `bots[seat]` in each seat; the
    state after the deal's last move (`state.last_deal` then holds the finished deal).
    `on_move(state, action)` sees every move before it is applied."""
    done = state.deals_done
    while state.deals_done == done and not state.is_over:
        seat = state.to_move
        action = bots[seat].choose(state, seat)
        if on_move is not None:
            on_move(state, action)
        state = state.apply(action)
    return state


def play_match(state: Any, bots: Sequence[Any], on_move: Callable[[Any, Any], None] | None = None) -> Any:
    """Play `state` to the end of the match (see `play_deal`)."""
    while not state.is_over:
        state = play_deal(state, bots, on_move)
    return state


def say_table(table: Mapping[str, Mapping[str, str]]) -> Any:
    """A question module's sentences as a `Sayings` table (checked when the module loads)."""
    from cardlearn.lessons.language import Sayings

    return Sayings(table)
