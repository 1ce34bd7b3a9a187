"""The strategy and variant lab: questions about the four games answered by seeded
simulation, each with a 95 % interval, a one-sentence answer and a plot.

    from cardlearn import lab
    result = lab.run("kasina.dealer", deals=200, seed=1)
    print(result.answer("en"))      # the sentence, its interval in it
    result.image("en")              # the plot, in a notebook

From a shell: `python -m cardlearn.lab list` and `python -m cardlearn.lab run NAME
[--deals N] [--seed S] [--jobs J | --dask ADDRESS|local] [--no-cache]`.  `docs/lab.md`
says how a question is built and how to add one.
"""

from __future__ import annotations

from .cache import cache_dir
from .core import GAMES, Question, Result, UnknownQuestion, deal_seed, question, questions
from .runner import run
from .stats import Estimate, LabError, mean_interval, wilson
from .words import SAY, report

__all__ = ["GAMES", "SAY", "Estimate", "LabError", "Question", "Result", "UnknownQuestion", "cache_dir",
           "deal_seed", "mean_interval", "question", "questions", "report", "run", "wilson"]
