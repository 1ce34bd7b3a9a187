"""The lab's own sentences (the notebook prints them; each question's answer is in its
game's module)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import say_table

if TYPE_CHECKING:
    from cardlearn.lessons.language import Sayings

SAY: Sayings = say_table({
    "run": {"en": "{question}: {deals} {unit}, seed {seed}",
            "is": "{question} ({deals} {unit}, slembifræ {seed})"},
    "command": {"en": "The same with more deals: {command}", "is": "Sama hermun með fleiri spilum, í "
                                                                   "skipanalínu: {command}"},
    "can": {"en": "What the simulation can show: {text}", "is": "Hvað hermunin getur sýnt: {text}"},
    "cannot": {"en": "What it cannot show: {text}", "is": "Hvað hermunin getur ekki sýnt: {text}"},
    "listed": {"en": "{name:<18} {title}", "is": "{name:<18} {title}"},
})


def report(result: object, lang: str) -> str:
    """What the notebook prints for a run: which run it was, the answer, what the simulation
    can and cannot show, and the command that repeats it with the question's full count."""
    from .core import Result, question

    assert isinstance(result, Result)
    q = question(result.question)
    say = SAY.speaker(lang)
    deals = f"{result.deals:,}".replace(",", "." if lang == "is" else ",")
    return "\n".join([
        say("run", question=q.title[lang], deals=deals, unit=q.unit[lang], seed=result.seed),
        result.answer(lang),
        say("can", text=q.can[lang]),
        say("cannot", text=q.cannot[lang]),
        say("command", command=result.command()),
    ])
