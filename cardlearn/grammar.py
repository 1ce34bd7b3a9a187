"""Small grammar for the games' words, in Icelandic and English, with no other import (the
games' views and the table's words both use it): which person a subject takes, a word
table's form in that person, a seat's name in the genitive or inside a sentence, numbers
with a true minus sign, and the Icelandic singular after 1, 21, 31… (but not 11).

A game's word table gives a move's third-person form under its key ("slær með {cards}"),
the second person after "Þú"/"You" under "key@2" ("slærð með {cards}", "beat with
{cards}") and a button's command under "key@cmd" (the Icelandic infinitive "slá með
{cards}"; English falls back on the second person, which is its imperative).

`move_sentences` makes a game's `describe` and `command` from its predicate, the move's
words in a given person; a game whose sentences need more (the seats' names inside the
predicate) writes its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

YOU = {"is": "Þú", "en": "You"}  # the table's name for the only human seat
YOU_AND = {"is": "Þið ", "en": "You and "}  # a team with the pupil in it ("Þið Tölva 2")
COMPUTER = {"is": "Tölvan", "en": "The computer"}  # the only computer seat ("the computer" in a sentence)


def singular(n: int, lang: str) -> bool:
    """Does a count take the singular: English 1 only; Icelandic 1, 21, 31… (not 11, 111)."""
    return n % 10 == 1 and n % 100 != 11 if lang == "is" else n == 1


def is_you(name: str, lang: str) -> bool:
    """Is `name` the pupil addressed as "Þú"/"You" (so the verb takes the second person)?"""
    return name in (YOU[lang], YOU[lang].lower())


def person(name: str, lang: str) -> str:
    """The person a subject `name` takes: "2" for "Þú"/"You" (and a team "Þið …"), else "3"."""
    if is_you(name, lang) or name.startswith(YOU_AND[lang]):
        return "2"
    return "3"


def form(words: dict[str, str], key: str, who: str = "3") -> str:
    """A word table's `key` in person `who` ("3", "2" or "cmd"): "key@2" or "key@cmd" where
    the table gives one; a command falls back on the second person (English "take", the
    same as "you take"), and either on the third-person form."""
    chain = {"2": ("@2",), "cmd": ("@cmd", "@2")}.get(who, ())
    for suffix in chain:
        if key + suffix in words:
            return words[key + suffix]
    return words[key]


# A game's predicate: (state, action, lang, viewer, person) -> the move in words without its
# subject, the verb in `person` ("3"; "2" after "Þú"/"You"; "cmd" for a button), through `form`.
Predicate = Callable[[Any, Any, str, "int | None", str], str]


def move_sentences(predicate: Predicate, describe_examples: str,
                   command_examples: str) -> tuple[Callable[..., str], Callable[..., str]]:
    """A game's `describe(state, action, lang="is", viewer=None, who=None)` and
    `command(state, action, lang="is", who=None)` (docs/view.md), made from its `predicate`.
    `describe` gives the predicate alone without `who`, and with `who` naming the seats
    the whole sentence, the subject first and the verb in its person; `command` is the
    predicate as a button says it.  The examples (the game's own words) go into their
    docstrings."""
    def describe(state: Any, action: Any, lang: str = "is", viewer: int | None = None,
                 who: Callable[[int], str] | None = None) -> str:
        if who is None or state.to_move is None:
            return predicate(state, action, lang, viewer, "3")
        name = who(state.to_move)
        return f"{name} {predicate(state, action, lang, viewer, person(name, lang))}"

    def command(state: Any, action: Any, lang: str = "is", who: Callable[[int], str] | None = None) -> str:
        return capital(predicate(state, action, lang, state.to_move, "cmd"))

    describe.__doc__ = (
        "The move `action` of the seat to move in `state`, in words, as `viewer` may see it\n"
        "(None: every card named).  Without `who`, the predicate alone; with `who` naming the\n"
        "seats, the whole sentence with its subject and the verb in its person: "
        + describe_examples + ".")
    command.__doc__ = "The move as a button says it to the player who makes it: " + command_examples + "."
    for made in (describe, command):
        made.__module__ = predicate.__module__
    return describe, command


def mid(name: str, lang: str) -> str:
    """A seat's or team's name inside a sentence: the pupil's pronoun in lower case ("þú",
    "you", "þið Tölva 2"), any other name as it is ("Tölva 1")."""
    if is_you(name, lang) or name == COMPUTER["en"]:
        return name.lower()
    return name[:1].lower() + name[1:] if name.startswith(YOU_AND[lang]) else name


def listed(name: str, lang: str) -> str:
    """A seat's name as an item of a list inside an English sentence, in lower case as any
    word there ("the score: you: 6, the computer: 7"); Icelandic lists keep the table's
    names as they stand on the scoreboard ("staðan: Þú: 6, Tölvan: 7")."""
    return mid(name, lang) if lang == "en" else name


def one_stop(text: str) -> str:
    """A sentence made from a template ending "{move}." whose move ends its own sentence
    ("… — svippur!"): no full stop after the "!"."""
    return text.replace("!.", "!")


def capital(text: str) -> str:
    """The first letter in capitals (a button's command, a sentence's start)."""
    return text[:1].upper() + text[1:]


def genitive(name: str, lang: str) -> str:
    """A seat's name in the genitive, to own something: "Tölvu 1", "Tölvunnar", "sætis 2";
    English "Computer 1's"; a name it cannot inflect as it is (see `inflected_genitive`).
    (The pupil owns with a pronoun instead: see the games' "your" forms.)"""
    if lang == "en":
        return f"{mid(name, lang) if name == COMPUTER['en'] else name}'s"  # "the computer's"
    return inflected_genitive(name) or name


def inflected_genitive(name: str) -> str | None:
    """The Icelandic genitive of the table's own names ("Tölvu 1", "Tölvunnar", "Leikmanns
    2"); None for a name it cannot inflect (a pupil's own name, "Anna": the sentence is then
    turned so that the name stays in the nominative, "þrenna sem Anna á")."""
    if name == COMPUTER["is"]:
        return "Tölvunnar"
    for word, gen in (("Tölva ", "Tölvu "), ("Spilari ", "Spilara "), ("Sæti ", "sætis "),
                      ("sæti ", "sætis ")):
        if name.startswith(word):
            return gen + name[len(word):]
    return None


def number(n: float, lang: str, signed: bool = False) -> str:
    """A number as the table prints it: a true minus sign (−5, not -5), the Icelandic decimal
    comma, and with `signed` a plus sign on positive numbers (none on zero)."""
    spec = ("+" if signed and n else "") + (".1f" if isinstance(n, float) else "d")
    text = format(n, spec).replace("-", "−")
    return text.replace(".", ",") if lang == "is" else text


AND = {"is": " og ", "en": " and "}


def listing(items: Sequence[str], lang: str) -> str:
    """Names (or any words) listed in a sentence: commas between, "og"/"and" before the
    last, "Bjarki, Sigga og Dóra" ("Bjarki, Sigga and Dóra"); two as "Anna og Dóra", one as
    it is.  Every list of seats the table writes goes through here."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + AND[lang] + items[-1]


def team_subject(names: list[str], lang: str) -> str:
    """A team as the subject of a sentence: "Tölva 1 og Tölva 3"; with the pupil in it,
    "Þið Tölva 2" ("you and Computer 2", the verb then in the second person plural)."""
    others = [n for n in names if not is_you(n, lang)]
    if len(others) < len(names) and others:
        return YOU_AND[lang] + listing([listed(n, lang) for n in others], lang)
    return listing(names, lang)


class RuleText(str):
    """A `RULE_WORDS` message whose `format` first puts the engine's values into words: the
    engine passes card codes ("7S JS"), step names ("draw") and ids, and `words(key, value)`
    turns each into what a pupil reads ("7♠ J♠").  It is a `str` in every other way, so
    `IllegalMove.say` and every reader of the tables work unchanged."""

    words: Callable[[str, str], str]

    def __new__(cls, text: str, words: Callable[[str, str], str]) -> RuleText:
        made = super().__new__(cls, text)
        made.words = words
        return made

    def format(self, *args: object, **kwargs: object) -> str:
        return str.format(self, *args, **{k: self.words(k, str(v)) for k, v in kwargs.items()})


def rule_texts(table: dict[str, dict[str, str]],
               words: Callable[[str, str, str], str]) -> dict[str, dict[str, str]]:
    """Every message of a `RULE_WORDS` table as a `RuleText` whose values go through
    `words(lang, key, value)`."""
    def said(lang: str) -> Callable[[str, str], str]:
        return lambda key, value: words(lang, key, value)
    return {lang: {rule: RuleText(text, said(lang)) for rule, text in texts.items()}
            for lang, texts in table.items()}
