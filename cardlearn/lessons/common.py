"""Pieces every game's lesson helpers share: rows of cards, small HTML tables, a quiz and
the table of a game's variant options.

- `cards_row(cards)` / `labelled(cards, labels)` — rows of card pictures (with captions);
- `html_table(head, rows)` — a small bordered table; `ROW` — a flex row for a line of HTML;
- `play_out(state, moves)` — the position after moves written in the notation;
- `new_cards(before, after, seat)` — the cards that came into a seat's hand between two
  positions, as that seat sees them;
- `play_deal(state, bots)` — the deal in progress played to its end by bots, with its
  final position (`state.last_deal`); `finished_deals(state)` — every finished deal's;
- `positions(state)` — every position of a game with the move made from it;
- `Question` / `quiz(questions, name)` / `check_quiz(questions)` — radio-button questions
  with a Check button, and the check that only the right answer says "Rétt"; a quiz that is
  not run (an HTML export, a notebook opened without a kernel) shows `quiz_html(questions)`:
  every question with its pictures and options, never its answer, and a note that the
  answers are in the closed box of the notebook's section *Svör / Answers*, before its glossary;
- `options_table(rules_class, notes)` — every field of a game's `Rules`: default and meaning.

Pictures are HTML strings (wrapped in `IPython.display.HTML` where a notebook shows them)
with no ids and no dates, so stored notebook outputs are reproduced exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any, NamedTuple, TypeVar, cast

import ipywidgets as widgets
from IPython.display import HTML

from cardlearn.cards import Card, parse_cards
from cardlearn.draw import card_html
from cardlearn.protocol import AnyState, Bot, FinishedDeal

AState = TypeVar("AState", bound=AnyState)

ROW = '<div style="display:flex;align-items:center;flex-wrap:wrap;gap:6px;margin-top:4px">{}</div>'


# ---------------------------------------------------------------------------------------
# Rows of cards and small tables

def cards_row(cards: str | Iterable[Card | str], height: float = 48) -> str:
    """Cards as a small row of pictures (HTML), e.g. for a question's text."""
    cards = parse_cards(cards) if isinstance(cards, str) else cards
    pictures = "".join(card_html(c, height=height) for c in cards)
    return f'<div style="display:flex;gap:3px;margin:4px 0">{pictures}</div>'


def labelled_html(cards: Iterable[Card | str | None], labels: Iterable[str], height: float = 64) -> str:
    """A row of cards, each with a caption under it; `None` draws a card's back."""
    cells = "".join(f'<div style="text-align:center;font-size:12px">'
                    f"{card_html(c or '', face_up=c is not None, height=height)}"
                    f"<br>{escape(label)}</div>" for c, label in zip(cards, labels))
    return f'<div style="display:flex;flex-wrap:wrap;gap:4px">{cells}</div>'


def labelled(cards: Iterable[Card | str | None], labels: Iterable[str], height: float = 64) -> HTML:
    """A row of cards, each with a caption under it (`None`: a face-down card)."""
    return HTML(labelled_html(cards, labels, height))


def html_table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A small bordered HTML table; cells are HTML already."""
    cell = 'style="border:1px solid #999;padding:2px 6px;text-align:left;vertical-align:top"'
    lines = ["".join(f"<th {cell}>{h}</th>" for h in head)]
    lines += ["".join(f"<td {cell}>{c}</td>" for c in row) for row in rows]
    return ('<table style="border-collapse:collapse;font-size:13px">'
            + "".join(f"<tr>{line}</tr>" for line in lines) + "</table>")


def new_cards(before: AnyState, after: AnyState, seat: int = 0) -> tuple[Card, ...]:
    """The cards that came into `seat`'s hand between two positions (a draw, a take, a
    purchase, a stolen joker), found as the seat itself would: by comparing its own hand in
    `observation(seat)` before and after, card by card (a hand may hold two of a card)."""
    left = list(before.observation(seat)["hand"])
    came = []
    for card in after.observation(seat)["hand"]:
        if card in left:
            left.remove(card)
        else:
            came.append(Card.parse(card))
    return tuple(came)


def play_out(state: AState, moves: str) -> AState:
    """`state` after the moves, written in the game's notation and separated by commas."""
    for move in moves.split(","):
        state = cast(AState, state.apply(move.strip()))  # a game's apply gives its own State
    return state


def play_deal(state: AState, bots: Bot | Sequence[Bot] | Mapping[int, Bot]) -> tuple[AState, FinishedDeal]:
    """The deal in progress played to its end, each move chosen by the seat's bot: `bots`
    is one bot for every seat, a list with one per seat, or a dict seat -> bot.  Gives the
    position after the deal (the next deal is already dealt unless the match is over) and
    the finished deal's final position, `state.last_deal`.  The loop it runs::

        start = state.deals_done
        while state.deals_done == start:
            seat = state.to_move
            state = state.apply(bots[seat].choose(state, seat))
    """
    if state.is_over:
        raise ValueError("the match is over: no deal is left to play")

    def bot_for(seat: int) -> Bot:
        if isinstance(bots, Mapping):
            return bots[seat]
        return bots[seat] if isinstance(bots, Sequence) else bots

    start = state.deals_done
    while state.deals_done == start:
        seat = state.to_move
        assert seat is not None  # every match ends at the end of a deal, counted in deals_done
        state = cast(AState, state.apply(bot_for(seat).choose(state, seat)))
    end = state.last_deal
    assert end is not None and end.index == start  # the deal just played
    return state, end


def finished_deals(state: AState) -> list[FinishedDeal]:
    """Every finished deal of the match up to `state`, first to last, each as `last_deal`
    gave it when it ended (the match is replayed from `state.start()`): the end of deal 1
    after a whole match, say, is `finished_deals(state)[0]`."""
    ends: list[FinishedDeal] = []
    now = state.start()
    for move in state.history:
        now = now.apply(move)
        if now.deals_done > len(ends):
            end = now.last_deal
            assert end is not None and end.index == len(ends)  # one finished deal at a time
            ends.append(end)
    return ends


def positions(state: AState) -> list[tuple[AState, Any]]:
    """Every position of the game up to `state`, each with the move made from it."""
    now, out = cast(AState, state.start()), []
    for move in state.history:
        out.append((now, move))
        now = cast(AState, now.apply(move))
    return out


# ---------------------------------------------------------------------------------------
# A quiz

class Question(NamedTuple):
    """One question: `prompt` (HTML), its `options`, the right `answer` (computed by the
    engine) and `why` it is right."""

    prompt: str
    options: Sequence[Any]
    answer: Any
    why: str


# The quiz's words.  English keeps both languages side by side, as the English notebooks
# always have (their readers meet the Icelandic words they will hear); the Icelandic twin
# speaks Icelandic only.
QUIZ_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "note": ("Keyrðu minnisbókina til að velja svar og ýta á "
                 "<b>Athuga</b>; svörin, með rökum, eru í lokaða kassanum <i>Svör / Answers</i>, í kafla "
                 "á undan orðasafninu. / Run the notebook to pick an answer and press <b>Check</b>; the "
                 "answers, with their reasons, are in the closed box <i>Svör / Answers</i>, in a section "
                 "before the glossary."),
        "check": "Athuga / Check", "choose": "Veldu svar / Choose an answer first.",
        "right": "✔ Rétt! / Right. {why}", "wrong": "✘ Rangt / Not quite — try again.",
        "text": "<{name}: {count} questions — run the notebook to answer them>",
        "named": "{name} quiz", "unnamed": "Quiz",
    },
    "is": {
        "note": ("Keyrðu minnisbókina til að velja svar og ýta á <b>Athuga</b>; svörin, með rökum, "
                 "eru í lokaða kassanum <i>Svör</i>, í kafla á undan orðasafninu."),
        "check": "Athuga", "choose": "Veldu fyrst svar.",
        "right": "✔ Rétt! {why}", "wrong": "✘ Ekki alveg — reyndu aftur.",
        "text": "<{name}: {count} spurningar — keyrðu minnisbókina til að svara þeim>",
        "named": "Próf í {name}", "unnamed": "Próf",
    },
}


def quiz_html(questions: Sequence[Question], lang: str = "en") -> str:
    """The questions as static HTML, numbered from 1: each prompt (with its card pictures)
    and its options as empty circles.  The answer and the reason stay out of it: a reader
    of a copy that was not run sees the questions here, and finds the answers with their
    reasons in the closed box *Svör / Answers* (`reading.answers`) that the notebook shows
    in a section of its own, before the glossary, to open after trying them."""
    items = []
    for n, q in enumerate(questions, 1):
        options = "".join(f"<li>○ {escape(str(o))}</li>" for o in q.options)
        items.append(f"<div style='margin-top:10px'><b>{n}.</b> {q.prompt}"
                     f"<ul style='list-style:none;margin:4px 0;padding-left:12px'>{options}</ul></div>")
    note = f"<div style='font-size:12px;opacity:.8'>{QUIZ_WORDS[lang]['note']}</div>"
    return f"<div>{''.join(items)}{note}</div>"


class Quiz(widgets.VBox):  # ipywidgets has no type hints: VBox is Any (pyproject allows it here)
    """A column of questions.  Where widgets cannot run it shows as static HTML (every
    question and its options, no answers; `quiz_html`) and as plain text."""

    name = ""  # the game's name, for the text form
    questions: Sequence[Question] = ()
    lang = "en"

    def __repr__(self) -> str:
        w = QUIZ_WORDS[self.lang]
        name = w["named"].format(name=self.name) if self.name else w["unnamed"]
        return w["text"].format(name=name, count=len(self.children))

    def _repr_html_(self) -> str:
        return quiz_html(self.questions, self.lang)


def question_box(n: int, q: Question, lang: str = "en") -> widgets.VBox:
    """Question `n`: its text, radio buttons, a Check button and a feedback line."""
    if str(q.answer) not in map(str, q.options):
        raise ValueError(f"question {n}: the answer {q.answer!r} is not among its options")
    if len(set(map(str, q.options))) != len(q.options):
        raise ValueError(f"question {n}: two options read the same")
    choice = widgets.RadioButtons(options=[str(o) for o in q.options], value=None)
    w = QUIZ_WORDS[lang]
    check, feedback = widgets.Button(description=w["check"]), widgets.HTML()

    def on_click(_button: widgets.Button) -> None:
        feedback.value = (w["choose"] if choice.value is None else
                          w["right"].format(why=q.why) if choice.value == str(q.answer) else
                          w["wrong"])

    check.on_click(on_click)
    return widgets.VBox([widgets.HTML(f"<br><b>{n}.</b> {q.prompt}"), choice, check, feedback])


def quiz(questions: Sequence[Question], name: str = "", lang: str = "en") -> Quiz:
    """The questions, numbered from 1, as one widget (`name`: the game, for its text form;
    `lang`: the notebook's language)."""
    box = Quiz([question_box(n, q, lang) for n, q in enumerate(questions, 1)])
    box.name, box.questions, box.lang = name, tuple(questions), lang
    return box


def check_answers(questions: Sequence[Question], expected: Sequence[Any]) -> int:
    """The teacher's check, which prints no answer: the engine's answers to the first
    questions must be the `expected` ones the reasons were written for, and in a fresh copy
    of the quiz only the right option may say "Rétt".  Returns the number of options tried."""
    got = tuple(q.answer for q in questions[:len(expected)])
    if got != tuple(expected):
        wrong = [n for n, (a, b) in enumerate(zip(got, expected), 1) if a != b]
        raise AssertionError(f"the engine's answer to question(s) {wrong or 'count'} changed: "
                             "check their reasons")
    return check_quiz(questions)


def check_quiz(questions: Sequence[Question]) -> int:
    """Answer a fresh copy of the quiz with every option in turn: only the right answer may
    say "Rétt".  Returns the number of options tried."""
    tried = 0
    for n, box in enumerate(quiz(questions).children, 1):
        _, choice, check, feedback = box.children
        for option in choice.options:
            choice.value = option
            check.click()
            right = option == str(questions[n - 1].answer)
            if feedback.value.startswith("✔") != right:
                raise AssertionError(f"question {n}: option {option!r} got the wrong feedback")
            tried += 1
    return tried


# ---------------------------------------------------------------------------------------
# The variant options

OPTIONS_HEAD = {"en": ("option", "default", "meaning of the default", "other choices"),
                "is": ("stilling", "sjálfgefið", "hvað sjálfgefna gildið þýðir", "aðrir kostir")}


def options_table(rules_class: type, notes: dict[str, tuple[str, str]], lang: str = "en") -> HTML:
    """Every field of `rules_class` (a game's `Rules`), in order, with its default, the
    meaning of the default and the other choices (`notes[field]`).  A field without a note
    is an error, so the table cannot silently fall behind the engine."""
    fields = dataclasses.fields(rules_class)
    missing = [f.name for f in fields if f.name not in notes]
    if missing:
        raise ValueError(f"no description for Rules field(s): {', '.join(missing)}")
    head = OPTIONS_HEAD[lang]
    rows = [(f"<code>{f.name}</code>", f"<code>{escape(repr(f.default))}</code>",
             escape(notes[f.name][0]), escape(notes[f.name][1])) for f in fields]
    return HTML(html_table(head, rows))
