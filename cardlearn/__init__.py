"""cardlearn: teaching notebooks and playable tables for card games played in Iceland.

The rules engines (`cardlearn.games`) are pure Python; the pictures and the table widget
are imported only when first used, so a game module loads fast and without ipywidgets.
"""

from __future__ import annotations

from typing import Any

from cardlearn.cards import Card, parse_cards
from cardlearn.core import IllegalMove, set_language

__all__ = ["Card", "IllegalMove", "card_svg", "learn", "parse_cards", "play", "replay", "set_language"]
__version__ = "0.1.0"

_LAZY = {"card_svg": "cardlearn.draw", "play": "cardlearn.table", "replay": "cardlearn.table",
         "learn": "cardlearn.guided"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'cardlearn' has no attribute {name!r}")
