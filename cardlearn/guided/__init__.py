"""Learn by playing (issue 35): a guided first deal on the ordinary table.

    from cardlearn import learn
    learn("kasina", lang="is")        # the guided deal as a widget, in a notebook or a page

Each game's guide is a module here (`cardlearn.guided.kasina`: `GUIDE`); `guide.py` plays one.
`GUIDES` names the games that have one."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from cardlearn.games import GAMES
from cardlearn.guided.guide import GUIDE_WORDS, Guide, GuideModel, OffScript, Step

# The games with a guided first deal: a module here per game (`<game>.py` with its `GUIDE`).
GUIDES = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name in GAMES))

__all__ = ["GUIDES", "GUIDE_WORDS", "Guide", "GuideModel", "OffScript", "Step", "guide", "learn"]


def guide(game: str) -> Guide:
    """The guided first deal of `game` (a name in `GUIDES`)."""
    if game not in GUIDES:
        raise ValueError(f"no guided deal for {game!r} yet: there is one for {', '.join(GUIDES)}")
    found: Guide = importlib.import_module(f"cardlearn.guided.{game}").GUIDE
    return found


def learn(game: str, lang: str = "is", delay: float = 0.8) -> Any:
    """The guided first deal of `game` as a table widget, in `lang` ("is" or "en"); the
    computers wait `delay` seconds before each move, so that each is read."""
    from cardlearn.table.widget import Table

    found = guide(game)
    model = GuideModel(found, lang=lang)
    return Table(GAMES[game], model.state, lang=lang, delay=delay, model=model)
