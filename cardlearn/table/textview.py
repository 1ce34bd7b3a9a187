"""The table as text, and a move typed (issue 33, point 5; lichess's blind mode the model).

`describe_table(snap)` puts a `Snapshot` (what the seat shown may see, nothing
more) into headed short lines: whose turn, your hand (each card by name, in order, marked
when it is of no use now), the table's zones and the other seats' own (a face-down card
is "spil á grúfu", never its face), the last moves in the log's words, the scores, and
the moves you may make.  `table_html` draws them as headings and lists.

`parse_typed_move(text, state, game, lang)` reads a typed move: the game's own notation
(what `state.check` reads: "9D:9C", "discard 5S", "spil"), or card words in either
language ("tígulnía", "tigulnia", "nine of diamonds", "9♦"), with a move's own words to
choose between moves ("leggja", "lay down"), resolved to one legal move.  Words it cannot
read, or that fit several moves, raise `TypedMoveError` (its sentence in any language:
`say`, the choices listed); a move the rules forbid raises the engine's own `IllegalMove`.

Pure: no widgets.  The vocabulary: *hönd* / *spilin þín* (hand), *borð* (table),
*á grúfu* (face down), *leikur* (move), *tromp* (trump).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from cardlearn.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUIT_SYMBOLS, Card
from cardlearn.core import IllegalMove
from cardlearn.protocol import AnyGame, AnyState, Token
from cardlearn.table.choices import Choices
from cardlearn.table.look import esc
from cardlearn.table.snapshot import Snapshot, ZoneView, entry_parts
from cardlearn.table.words import WORDS, listing

LAST_SHOWN = 5  # the text view's last moves
MOVES_SHOWN = 15  # and the moves you may make, listed at most
CHOICES_SHOWN = 8  # an ambiguous typed move lists at most this many choices

Section = tuple[str, tuple[str, ...]]  # a heading and its lines


# ---------------------------------------------------------------------------------------
# Cards in words


_CARD_SYMBOL = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])|🃏")
_SUIT_SYMBOL = re.compile("[♠♥♦♣]")


_CARD_RUN = re.compile(r"(?:(?:10|[2-9JQKA])[♠♥♦♣]|🃏)(?:\s*[+,]\s*(?:(?:10|[2-9JQKA])[♠♥♦♣]|🃏))*")


def sayable(text: str, lang: str) -> str:
    """`text` with its card symbols ("9♦", "🃏") said as the cards' names, what a screen
    reader reads well.  In English a symbol becomes the name in place ("beat with nine of
    diamonds").  An Icelandic sentence keeps its symbols and names each group of cards
    right after it, in brackets ("Tölva 1 slær með 9♦ + K♣ (tígulnía, laufkóngur)"): a name
    in place would need the case the sentence gives it ("með tígulníu"), which only the
    game's words know.  A lone suit symbol is said as the suit's name ("Tromp: lauf")."""
    suits = {sym: SUIT_NAMES[lang][s] for s, sym in SUIT_SYMBOLS.items()}
    if lang == "is":
        def glossed(m: re.Match[str]) -> str:
            names = [Card.parse(c.group(0)).name(lang) for c in _CARD_SYMBOL.finditer(m.group(0))]
            return f"{m.group(0)} ({', '.join(names)})"

        # a lone suit symbol between the groups of cards is said as its suit's name
        parts = [_SUIT_SYMBOL.sub(lambda m: suits[m.group(0)], p) for p in _CARD_RUN.split(text)]
        runs = [glossed(m) for m in _CARD_RUN.finditer(text)] + [""]
        return "".join(p + r for p, r in zip(parts, runs, strict=True))
    named = _CARD_SYMBOL.sub(lambda m: Card.parse(m.group(0)).name(lang), text)
    return _SUIT_SYMBOL.sub(lambda m: suits[m.group(0)], named)


_LETTERS = str.maketrans({"þ": "th", "ð": "d", "æ": "ae"})


def plain(text: str) -> str:
    """Lower case without accents, as typed on a keyboard without Icelandic letters
    ("Tígulnía" → "tigulnia", "þristur" → "thristur", "niður" → "nidur")."""
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Icelandic card names decline: "tígulnía" is "tígulníu" after "með"; the rank's forms.
_RANK_FORMS_IS: dict[str, tuple[str, ...]] = {
    "2": ("tvistur", "tvist", "tvisti", "tvists"),
    "3": ("þristur", "þrist", "þristi", "þrists"),
    "4": ("fjarki", "fjarka"),
    "5": ("fimma", "fimmu"),
    "6": ("sexa", "sexu"),
    "7": ("sjöa", "sjöu"),
    "8": ("átta", "áttu"),
    "9": ("nía", "níu"),
    "10": ("tía", "tíu"),
    "J": ("gosi", "gosa"),
    "Q": ("drottning", "drottningu", "drottningar"),
    "K": ("kóngur", "kóng", "kóngi", "kóngs"),
    "A": ("ás", "ási", "áss"),
}
_SUIT_STEMS_IS = {"S": ("spaða",), "H": ("hjarta",), "D": ("tígul",), "C": ("lauf",)}
_JOKER_FORMS = ("jóker", "jókerinn", "jókerinn", "jókernum", "jókersins", "jókers", "joker", "jokers")


@cache
def _card_words() -> tuple[re.Pattern[str], dict[str, Card]]:
    """Every way a card is named in words, in `plain` form, each mapped to its card, and
    one pattern that finds them (the longest first)."""
    names: dict[str, Card] = {}
    assert set(_RANK_FORMS_IS) == set(RANKS) and RANK_NAMES["is"]["9"] == "nía"
    for suit, stems in _SUIT_STEMS_IS.items():
        for rank, forms in _RANK_FORMS_IS.items():
            for stem in stems:
                for f in forms:
                    for joint in ("", " ", "-"):
                        names[plain(stem + joint + f)] = Card(rank, suit)
    en_suits = SUIT_NAMES["en"]
    for suit in en_suits:
        for rank in RANKS:
            for r in (RANK_NAMES["en"][rank], *((rank,) if rank.isdigit() else ())):
                for s in (en_suits[suit], en_suits[suit][:-1]):
                    for joint in (" of ", " "):
                        names[plain(r + joint + s)] = Card(rank, suit)
    for f in _JOKER_FORMS:
        names[plain(f)] = Card(None, None)
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)"), names


_CODE = re.compile(r"(?<![0-9a-z])(?:(10|[2-9tjqka])([shdc♠♥♦♣])|(jk|🃏))(?![0-9a-z])")
_STOP = frozenset({"med", "with", "og", "and", "of", "the", "a", "an", "eg", "vil", "i", "to"})


def named_cards(text: str) -> tuple[list[Card], list[str]]:
    """The cards `text` names, by words in either language or by code ("9D", "9♦"), in
    order, and its other words (in `plain` form, small words left out)."""
    pattern, names = _card_words()
    found: list[tuple[int, Card]] = []
    flat = plain(text)

    def word(m: re.Match[str]) -> str:
        found.append((m.start(), names[m.group(0)]))
        return " " * len(m.group(0))

    rest = pattern.sub(word, flat)

    def code(m: re.Match[str]) -> str:
        found.append((m.start(), Card.parse(m.group(0))))
        return " " * len(m.group(0))

    rest = _CODE.sub(code, rest)
    words = [w for w in re.findall(r"\w+", rest) if w not in _STOP]
    return [c for _, c in sorted(found, key=lambda f: f[0])], words


# ---------------------------------------------------------------------------------------
# The table in lines


def _cards_said(cards: Iterable[str | None], lang: str) -> list[str]:
    return [Card.parse(c).name(lang) if c is not None else WORDS[lang]["card_back"] for c in cards]


def zone_line(zone: ZoneView, lang: str) -> str:
    """One zone in words: "Borð: laufsjöa, spaðaátta"; "Stokkur: 40 spil á grúfu";
    a face-up pile by its size and top card."""
    w = WORDS[lang]
    label = sayable(zone.label, lang)
    if zone.cells is None:
        said = w["tv_backs"].format(n=zone.backs) if zone.backs else w["tv_none"]
        return f"{label}: {said}"
    if zone.stack and zone.cells:
        top = _cards_said([zone.cells[-1].card], lang)[0]
        return f"{label}: {zone.count}, {w['tv_top'].format(card=top)}"
    parts = []
    for cell in zone.cells:
        name = _cards_said([cell.card], lang)[0]
        marks = [sayable(cell.caption, lang)] if cell.caption and cell.caption != zone.label else []
        if cell.selected:
            marks.append(w["tv_chosen"])
        parts.append(f"{name} ({', '.join(marks)})" if marks else name)
    more = [w["tv_backs"].format(n=zone.backs)] if zone.backs else []
    return f"{label}: {', '.join(parts + more) or w['tv_none']}"


def describe_table(snap: Snapshot) -> tuple[Section, ...]:
    """The table as `snap` shows it, in headed short lines in `snap.lang`: whose turn (and
    the message line), the seat's hand, the table, the other seats, the last moves, the
    scores, and the moves the seat may type now (`snap.typed_moves`, with the text view
    on).  Only what `snap` holds: no hidden card."""
    lang, moves = snap.lang, snap.typed_moves
    w = WORDS[lang]
    sections: list[Section] = []
    turn = [sayable(snap.banner.said, lang)] if snap.banner is not None else [sayable(snap.turn, lang)]
    if snap.prompt:
        turn.append(sayable(snap.prompt, lang))
    if snap.message:
        turn.append(f"{w['tv_message']}: {sayable(snap.message, lang)}")
    sections.append((w["tv_turn"], tuple(turn)))
    if snap.passing is not None:
        sections.append((w["tv_turn"], (w["pass"].format(who=snap.passing),)))
        return tuple(sections)
    if snap.summary is not None:
        sections.append((snap.summary.heading, tuple(sayable(x, lang) for x in snap.summary.lines)))
    hand = []
    for cell in snap.hand:
        name = _cards_said([cell.card], lang)[0]
        marks = [w["tv_chosen"]] if cell.selected else []
        if snap.my_turn and cell.card is not None and not cell.usable and not cell.selected:
            marks.append(w["card_unusable"])
        hand.append(f"{name} ({', '.join(marks)})" if marks else name)
    head = snap.hand_title + (f" · {sayable(snap.hand_info, lang)}" if snap.hand_info else "")
    hand_lines = [", ".join(hand) or w["tv_none"]] + [zone_line(z, lang) for z in snap.own_zones]
    sections.append((head, tuple(hand_lines)))
    sections.append((w["tv_table"], tuple(zone_line(z, lang) for z in snap.zones) or (w["tv_none"],)))
    others = []
    for seat in snap.seats:
        line = f"{seat.name}: {sayable(seat.label, lang)}"
        if seat.faces:  # the teacher's view only
            line += " — " + ", ".join(_cards_said(seat.faces, lang))
        others.append(line)
        others += [f"{seat.name}, {zone_line(z, lang)}" for z in seat.zones]
    if others:
        sections.append((w["tv_others"], tuple(others)))
    last = [f"{line.number}. {sayable(line.text, lang)}" for line in snap.log[-LAST_SHOWN:]]
    sections.append((w["tv_last"], tuple(last) or (w["tv_none"],)))
    unit = snap.score_unit[:1].upper() + snap.score_unit[1:]
    scores = tuple(f"{name}: {score}" for name, score in snap.scoreboard)
    sections.append((f"{unit} ({snap.score_better})" if unit else w["tv_scores"], scores))
    if moves:
        listed = [f"{notation} — {sayable(words, lang)}" for notation, words in moves[:MOVES_SHOWN]]
        if len(moves) > MOVES_SHOWN:
            listed.append(w["tv_more"].format(n=len(moves) - MOVES_SHOWN))
        sections.append((w["tv_moves"], tuple(listed)))
    return tuple(sections)


def table_html(sections: Sequence[Section], lang: str) -> str:
    """The sections as HTML: a heading (h3) and a list each, in `lang`."""
    parts = [f"<h3>{esc(head)}</h3><ul>{''.join(f'<li>{esc(x)}</li>' for x in lines)}</ul>"
             for head, lines in sections]
    return f'<div class="cardlearn-textview-text" lang="{esc(lang)}">{"".join(parts)}</div>'


def example(game: AnyGame, state: AnyState) -> str:
    """A move to show in the typing field: the first legal move's notation ("" if none)."""
    legal = state.legal_actions() if state.to_move is not None else []
    return str(legal[0]) if legal else ""


# ---------------------------------------------------------------------------------------
# A move typed


class TypedMoveError(ValueError):
    """A typed move that is not read as one legal move: unknown words, or several moves.
    `say(lang)` is its sentence in either language; `str(err)` the one asked for."""

    def __init__(self, key: str, params: dict[str, Callable[[str], str]], lang: str = "is"):
        self.key, self.params, self.lang = key, params, lang
        super().__init__(self.say(lang))

    def say(self, lang: str) -> str:
        return WORDS[lang][self.key].format(**{k: f(lang) for k, f in self.params.items()})

    @property
    def rule(self) -> str:
        """Why the text is no move, by name ("typed_unknown", "typed_which" ...): a refusal's rule."""
        return self.key

    def __str__(self) -> str:
        return self.say(self.lang)


def _same(text: str) -> Callable[[str], str]:
    return lambda _lang: text


def _move_texts(game: AnyGame, state: AnyState, action: Any) -> list[str]:
    seat = state.to_move
    texts = [str(action)]
    for lang in WORDS:
        texts += [game.command(state, action, lang), game.describe(state, action, lang, viewer=seat)]
    return [plain(t).rstrip(". ") for t in texts]


def _fits(word: str, texts: Sequence[str]) -> bool:
    """Is a typed word one of a move's words, or a form of one ("leggja", "leggur")?"""
    for text in texts:
        for m in re.findall(r"\w+", text):
            if m.startswith(word) or (len(m) >= 3 and word.startswith(m)) or \
                    (len(word) >= 4 and len(m) >= 4 and m[:4] == word[:4]):
                return True
    return False


def _which(game: AnyGame, state: AnyState, moves: Sequence[Any], lang: str) -> TypedMoveError:
    def listed(lg: str) -> str:
        said = [f"{a} ({sayable(game.command(state, a, lg), lg)})" for a in moves[:CHOICES_SHOWN]]
        if len(moves) > CHOICES_SHOWN:
            said.append(WORDS[lg]["tv_more"].format(n=len(moves) - CHOICES_SHOWN))
        return "; ".join(said)

    return TypedMoveError("typed_which", {"moves": listed}, lang)


def _cards_named(cards: Sequence[Card]) -> Callable[[str], str]:
    return lambda lang: listing([c.name(lang) for c in cards], lang)


def _where(game: AnyGame, state: AnyState, card: Card, lang: str) -> str | None:
    """The zone ("hand" or a zone's name) where the seat to move sees `card`, if anywhere."""
    seat = state.to_move
    assert seat is not None
    view = game.layout(state, seat, lang)
    if any(entry_parts(e)[0] == str(card) for e in view["hand"]):
        return "hand"
    for zone in view["zones"]:
        if any(entry_parts(e)[0] == str(card) for e in zone.get("cards") or ()):
            return zone["name"]
    return None


def parse_typed_move(text: str, state: AnyState, game: AnyGame, lang: str) -> Any:
    """The legal move `text` names for the seat to move in `state` (the engine's own
    object).  Read first as the game's notation (also without accents, with "_" for a
    space: "betra spil"); else by the cards it names, in words or codes, and its other
    words ("leggja", "pass", "kaupa"), matched against each legal move's cards and the
    words of its button and sentence in both languages.  An illegal move raises the
    engine's `IllegalMove` (why, in the rules' words); words read as no move, or as several,
    a `TypedMoveError` in `lang` (the moves listed, with their notation)."""
    typed = text.strip()
    hint = _same(example(game, state))
    if not typed:
        raise TypedMoveError("typed_empty", {"move": hint}, lang)
    if state.to_move is None:
        state.check(typed)  # the engine's "the match is over"
    flat = plain(typed)
    for variant in dict.fromkeys((typed, flat, re.sub(r"[\s-]+", "_", flat))):
        try:
            return state.check(variant)
        except IllegalMove as err:
            if err.rule != "unreadable":
                raise
        except ValueError:
            continue
    legal = state.legal_actions()
    cards, words = named_cards(typed)
    texts = {i: _move_texts(game, state, a) for i, a in enumerate(legal)}
    # words that fit no move at all ("please") are left out; the others must all fit
    words = [x for x in words if any(_fits(x, t) for t in texts.values())]
    wanted = Counter(cards)
    found = []
    for i, action in enumerate(legal):
        own = Counter(c for _, c in game.action_cards(state, action) if c is not None)
        if wanted <= own and all(_fits(x, texts[i]) for x in words):
            found.append(action)
    if not cards and not words:
        raise TypedMoveError("typed_unknown", {"text": _same(typed), "move": hint}, lang)
    if len(found) > 1:  # a move's words exactly ("kaupa ekki") settle it
        exact = [a for a in found if flat.rstrip(". ") in _move_texts(game, state, a)]
        if len(exact) == 1:
            return exact[0]
        raise _which(game, state, found, lang)
    if found:
        return found[0]
    if not cards:
        raise TypedMoveError("typed_unknown", {"text": _same(typed), "move": hint}, lang)
    places = [_where(game, state, c, lang) for c in cards]
    unseen = [c for c, z in zip(cards, places) if z is None]
    if unseen:
        raise TypedMoveError("typed_not_seen", {"cards": _cards_named(unseen)}, lang)
    tokens: Counter[Token] = Counter((z, c) for c, z in zip(cards, places) if z is not None)
    choices = Choices(game, state)
    reason = choices.engine_reason(tokens) or choices.selected_reason(game, tokens)
    if reason is not None:
        raise reason
    raise TypedMoveError("typed_no_move", {"cards": _cards_named(cards)}, lang)
