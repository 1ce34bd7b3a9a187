"""The lab's own sentences (the notebook prints them; each question's answer is in its
game's module)."""

from __future__ import annotations

from .core import say_table

SAY = say_table({
    "run": {"en": "{question}: {deals} {unit}, seed {seed}",
            "is": "{question}: {deals} {unit}, fræ {seed}"},
    "command": {"en": "more deals: {command}", "is": "fleiri spil: {command}"},
    "can": {"en": "What it can show: {text}", "is": "Hvað hún getur sýnt: {text}"},
    "cannot": {"en": "What it cannot show: {text}", "is": "Hvað hún getur ekki sýnt: {text}"},
    "listed": {"en": "{name:<18} {title}", "is": "{name:<18} {title}"},
})
