"""Two pieces every game notebook shows the same way, for a reader who may have only an
exported copy (HTML or PDF) and no kernel:

- `answers(questions, name)` — the quiz's answers, each computed by the engine (the
  `Question.answer` the quiz itself checks against), with its reason.  In HTML they sit in a
  `<details>` box, closed until the reader opens it, so that the quiz can be tried first; the
  notebooks show them in a section of their own, after "Your turn" and before the glossary.
  Printed (a PDF made from the HTML, or one made through LaTeX, which uses the plain-text
  form) they are written out in full.  There is one copy only: a Markdown export keeps the closed box;
- `fields_table(observation, meanings)` — every field of a game's `state.observation(seat)`,
  in the engine's order, with its value in one position and what it means.  A field without a
  meaning, or a meaning for a field the engine does not give, is an error: the table cannot
  silently fall behind the engine.

The pieces are HTML strings with no ids and no dates, so stored notebook outputs are
reproduced exactly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from IPython.display import HTML

from cardlearn.lessons.common import Question, html_table

# A closed <details> box prints closed: in print its content is made visible.  The rule sits
# inside the box, so that where styles are dropped (a Markdown export) its text stays closed
# away with the answers, and there is no second, print-only copy that would show open there.
_PRINT_CSS = ("<style>@media print{details.cl-answers-box::details-content"
              "{content-visibility:visible;display:block}}</style>")


ANSWER_WORDS = {
    "en": {"title": "Svör / Answers", "open": "click to open, after you have tried the questions"},
    "is": {"title": "Svör", "open": "smelltu til að opna, þegar þú hefur reynt við spurningarnar"},
}
FIELDS_HEAD = {"en": ("field", "value here", "meaning"), "is": ("svið", "gildi hér", "merking")}


class Answers:
    """The answers of a quiz, shown as a closed box in HTML and as plain text elsewhere."""

    def __init__(self, questions: Sequence[Question], name: str = "", lang: str = "en") -> None:
        self.questions, self.name, self.lang = tuple(questions), name, lang

    def lines(self) -> list[tuple[int, str, str]]:
        """(number, answer, reason) for each question, numbered from 1 as in the quiz."""
        return [(n, str(q.answer), q.why) for n, q in enumerate(self.questions, 1)]

    def _repr_html_(self) -> str:
        items = "".join(f"<li><b>{escape(answer)}</b> — {why}</li>" for _, answer, why in self.lines())
        listing = f"<ol style='margin:4px 0'>{items}</ol>"
        w = ANSWER_WORDS[self.lang]
        title = f"{w['title']}{f' ({escape(self.name)})' if self.name else ''}"
        return (f"<details class='cl-answers-box'><summary><b>{title}</b>: "
                f"{w['open']}</summary>{_PRINT_CSS}{listing}</details>")

    def __repr__(self) -> str:
        title = f"{ANSWER_WORDS[self.lang]['title']}{f' ({self.name})' if self.name else ''}"
        return "\n".join([title] + [f"{n}. {answer} — {_plain(why)}" for n, answer, why in self.lines()])


def _plain(html: str) -> str:
    """A reason's text without its few tags (<i>, <b>), for the plain-text form."""
    for tag in ("<i>", "</i>", "<b>", "</b>"):
        html = html.replace(tag, "")
    return html


def answers(questions: Sequence[Question], name: str = "", lang: str = "en") -> Answers:
    """The quiz's answers (the engine's, as the quiz checks them) with their reasons."""
    return Answers(questions, name, lang)


def _shown(value: Any, width: int = 70) -> str:
    """A field's value as JSON, cut to `width` characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[:width - 1] + "…"


def fields_table(observation: Mapping[str, Any], meanings: Mapping[str, str], lang: str = "en") -> HTML:
    """Every field of `observation`, in its order: the field, its value here, its meaning."""
    missing = [k for k in observation if k not in meanings]
    extra = [k for k in meanings if k not in observation]
    if missing or extra:
        raise ValueError(f"observation fields without a meaning: {missing}; meanings of no field: {extra}")
    rows = [(f"<code>{escape(k)}</code>", f"<code>{escape(_shown(v))}</code>", meanings[k])
            for k, v in observation.items()]
    return HTML(html_table(FIELDS_HEAD[lang], rows))
