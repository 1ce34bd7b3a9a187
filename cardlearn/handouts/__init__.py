"""Printable one-page rules handouts: `python -m cardlearn.handouts handouts` (`make handouts`).

For each game with a content module here (`cardlearn/handouts/kasina.py` …) and each
language, one A4 portrait page a teacher can print, written as PDF and as SVG:
`<folder>/<game>-is.pdf`, `<game>-is.svg`, `<game>-en.pdf`, `<game>-en.svg`.

A content module holds the game's page as data and nothing else: a function
`handout(lang) -> Handout` that fills in a title, the whole default game in short
`Section`s, a worked `Example` drawn with cards and a scoring table — taking every number
the engine knows (card values, points, deal sizes, contracts, the target) from the engine,
and computing the example with the engine (a stacked deck played through `new_game`, or the
rule functions on the cards shown).  All the drawing is here, and so are the checks every
content module makes (`check_defaults`, `minus`), so every page has the same shape and adding
a game is adding its content module (and `handout=True` in the game's `INFO`, which the tests
check against the modules here).

The page is drawn with matplotlib (imported only when drawing): text in the DejaVu Sans
fonts that ship with matplotlib (so the suit symbols ♠♥♦♣ are there and no system font is
picked up), cards as matplotlib patches.  A second run writes byte-identical files: no
dates, no software versions, a fixed SVG id salt, and SVG text as paths (no font needed to
view it).  Content that does not fit on the page raises `ValueError` rather than being cut.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardlearn.cards import SUIT_SYMBOLS, Card
from cardlearn.draw import BACK, BLACK, GOLD, SUIT_COLOURS

if TYPE_CHECKING:  # matplotlib itself is imported only when a handout is drawn
    from matplotlib.typing import RcKeyType

# The matplotlib the committed files in handouts/ were drawn with.  Another version may
# lay out glyphs differently by a hair; the files are then redrawn, not compared.
DRAWN_WITH = "3.11.2"

__all__ = [
    "LANGS", "CardRow", "Example", "Handout", "Section", "check_defaults", "count_is", "draw", "games",
    "handout", "main", "minus", "number_word", "plain_text", "symbol", "write", "write_all",
]

LANGS = ("is", "en")


# ---------------------------------------------------------------------------------------
# The content of a page (what a game's module fills in)

@dataclass(frozen=True)
class CardRow:
    """A line of card pictures and short words, drawn left to right, then a `note`
    wrapped in the room left on the right.  `captions` go under the cards, one per card;
    `None` among the items is a card's back (a card laid face down)."""

    items: tuple[Card | str | None, ...]
    captions: tuple[str, ...] = ()
    note: str = ""
    height: float = 0.0  # the cards' height in mm (0: the page's usual size for the place)


Points = int | str | tuple[int | str, ...]


@dataclass(frozen=True)
class Section:
    """One rule of the game: a heading and its text.  Paragraphs are separated by
    newlines; a paragraph starting with "• " is a bullet.  `covers` names the items of
    the notebook's "Rules at a glance" that this section states (checked by the tests);
    `cards` is an optional picture under the text: a row of cards, or several rows."""

    heading: str
    text: str
    covers: tuple[str, ...] = ()
    cards: CardRow | tuple[CardRow, ...] | None = None

    @property
    def card_rows(self) -> tuple[CardRow, ...]:
        return () if self.cards is None else self.cards if isinstance(self.cards, tuple) else (self.cards,)


@dataclass(frozen=True)
class Example:
    """A worked example: a heading, a line saying what happens, rows of cards, a note."""

    heading: str
    text: str
    rows: tuple[CardRow, ...]
    note: str = ""


@dataclass(frozen=True)
class Handout:
    """One game's page in one language."""

    game: str
    lang: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    example: Example
    scoring_heading: str
    scoring: tuple[tuple[str, Points], ...]  # (what scores, points: one column or several)
    scoring_note: str
    footer: str
    title_cards: tuple[Card, ...] = field(default=())  # drawn beside the title
    scoring_columns: tuple[str, ...] = ()  # heads of the points columns (none: no head row)
    split: float = 0.56  # the example's share of the width at the foot of the page
    body: float = 10.0  # the text's size in points (a page with many rules sets it smaller)

    def __post_init__(self) -> None:
        if self.lang not in LANGS:
            raise ValueError(f"a handout's language is one of {LANGS}, not {self.lang!r}")


def plain_text(page: Handout) -> str:
    """Every word printed on the page, in reading order (for tests and for searching)."""
    parts = [page.title, page.subtitle]
    for section in page.sections:
        parts += [section.heading, section.text]
        for row in section.card_rows:
            parts += _row_words(row)
    example = page.example
    parts += [example.heading, example.text]
    for row in example.rows:
        parts += _row_words(row)
    parts += [example.note, page.scoring_heading]
    parts += [" ".join(page.scoring_columns)]
    parts += [" ".join((what, *map(str, _columns(points)))) for what, points in page.scoring]
    parts += [page.scoring_note, page.footer]
    return "\n".join(p for p in parts if p)


def _row_words(row: CardRow) -> list[str]:
    words = [item.symbol if isinstance(item, Card) else item or "▮" for item in row.items]
    return [" ".join(words), *row.captions, row.note]


def _columns(points: Points) -> tuple[int | str, ...]:
    return points if isinstance(points, tuple) else (points,)


def count_is(n: int, one: str, many: str) -> str:
    """"61 punktur", "28 punktar": Icelandic takes the singular after a number ending in 1
    (but not 11)."""
    return f"{n} {one if n % 10 == 1 and n % 100 != 11 else many}"


def symbol(card: Card, lang: str) -> str:
    """A card as running text prints it: "5♥", and a joker as the word (the page's font has
    no joker glyph)."""
    return ("jóker" if lang == "is" else "joker") if card.is_joker else card.symbol


def minus(number: int) -> str:
    """A signed number as printed: a real minus sign, not a hyphen (−2, +2, 0)."""
    return f"−{-number}" if number < 0 else (f"+{number}" if number > 0 else "0")


# Numbers in words, for running text (a sentence does not start with a digit, and the review
# asks for "fjögur spil", not "4 spil", where a count is small).  Icelandic one to four
# decline: by gender (masculine *slagur*, feminine *umferð*, neuter *spil*) and case; five
# and up do not.
_EN_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen")
_IS_WORDS = ("", "", "", "", "", "fimm", "sex", "sjö", "átta", "níu", "tíu", "ellefu", "tólf", "þrettán")
_IS_LOW = {  # (gender, case) -> one, two, three, four
    ("n", "nf"): ("eitt", "tvö", "þrjú", "fjögur"), ("n", "þgf"): ("einu", "tveimur", "þremur", "fjórum"),
    ("f", "nf"): ("ein", "tvær", "þrjár", "fjórar"), ("f", "þgf"): ("einni", "tveimur", "þremur", "fjórum"),
    ("k", "nf"): ("einn", "tveir", "þrír", "fjórir"), ("k", "þgf"): ("einum", "tveimur", "þremur", "fjórum"),
    ("n", "þf"): ("eitt", "tvö", "þrjú", "fjögur"), ("f", "þf"): ("eina", "tvær", "þrjár", "fjórar"),
    ("k", "þf"): ("einn", "tvo", "þrjá", "fjóra"),
}


def number_word(n: int, lang: str, gender: str = "n", case: str = "nf") -> str:
    """`n` in words ("fjögur", "four"), or in digits beyond thirteen.  Icelandic: `gender`
    "k", "f" or "n" and `case` "nf", "þf" or "þgf"."""
    if lang == "en":
        return _EN_WORDS[n] if 0 <= n < len(_EN_WORDS) else str(n)
    if 1 <= n <= 4:
        return _IS_LOW[(gender, case)][n - 1]
    return _IS_WORDS[n] if 5 <= n < len(_IS_WORDS) else str(n)


def check_defaults(game: str, rules: object, describes: dict[str, Any]) -> None:
    """Refuse to draw a page whose words describe other defaults than the engine's: each
    content module lists the `Rules` fields its words take for granted (the numbers are
    read from the engine, but a changed rule would make the prose wrong)."""
    differ = {k: getattr(rules, k, "(no such option)") for k, v in describes.items()
              if getattr(rules, k, "(no such option)") != v}
    if differ:
        raise ValueError(f"the {game} handout describes other defaults than {game}.Rules(): {differ}")


# ---------------------------------------------------------------------------------------
# Which games have a handout

def games() -> tuple[str, ...]:
    """The games with a content module in this package, by name."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")))


def handout(game: str, lang: str) -> Handout:
    """The content of `game`'s page in `lang` ("is" or "en")."""
    if game not in games():
        raise ValueError(f"no handout for {game!r}; there are handouts for {', '.join(games())}")
    if lang not in LANGS:
        raise ValueError(f"language {lang!r} is not one of {LANGS}")
    content: Callable[[str], Handout] = importlib.import_module(f"{__name__}.{game}").handout
    return content(lang)


# ---------------------------------------------------------------------------------------
# Drawing a page.  Lengths are in millimetres from the top-left corner of the page;
# font sizes in points.

PAGE_W, PAGE_H = 210.0, 297.0  # A4 portrait
MARGIN = 13.0
PT = 25.4 / 72  # millimetres per point
HEAD_W = 31.0  # the column of section headings
GAP = 3.0
BODY, SMALL, HEAD, TITLE, FOOTER = 10.0, 8.5, 10.5, 24.0, 7.5  # font sizes
LEADING = 1.3  # line height, as a multiple of the font size
GREY, RULE, PANEL, CREAM = "#555555", "#bbbbbb", "#f3f1ea", "#fff8e7"
ACCENT = BACK  # the card backs' blue
SECTION_CARD, EXAMPLE_CARD = 14.0, 13.5  # cards' usual heights (mm) under a section, in the example


def _font(size: float, bold: bool = False) -> Any:  # -> matplotlib.font_manager.FontProperties
    """DejaVu Sans from matplotlib's own data folder: the same glyphs on every machine."""
    import matplotlib
    from matplotlib.font_manager import FontProperties

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return FontProperties(fname=str(Path(matplotlib.get_data_path(), "fonts", "ttf", name)), size=size)


class _Page:
    """A figure the size of the page, one axes over all of it in millimetres (y down),
    and the text measuring the layout needs."""

    def __init__(self, name: str) -> None:
        from matplotlib.figure import Figure
        from matplotlib.textpath import text_to_path

        self.name = name
        self.fig = Figure(figsize=(PAGE_W / 25.4, PAGE_H / 25.4), dpi=72)
        self._measure = text_to_path.get_text_width_height_descent
        self.ax = self.fig.add_axes((0, 0, 1, 1))
        self.ax.set_xlim(0, PAGE_W)
        self.ax.set_ylim(PAGE_H, 0)
        self.ax.axis("off")
        self._widths: dict[tuple[str, float, bool], float] = {}

    # -- text ----------------------------------------------------------------------------
    def width(self, text: str, size: float, bold: bool = False) -> float:
        """How wide `text` is printed, in mm: measured on the font's outlines without hinting,
        as the PDF and SVG draw it (a screen renderer's hinted widths come out narrower)."""
        key = (text, size, bold)
        if key not in self._widths:
            self._widths[key] = self._measure(text, _font(size, bold), ismath=False)[0] * PT
        return self._widths[key]

    def text(self, x: float, baseline: float, text: str, size: float, *, bold: bool = False,
             colour: str = BLACK, ha: str = "left", rotation: float = 0) -> None:
        self.ax.text(x, baseline, text, fontproperties=_font(size, bold), color=colour, ha=ha,
                     va="baseline", rotation=rotation, parse_math=False)

    def wrap(self, text: str, width: float, size: float, bold: bool = False,
             hang: str = "") -> list[str]:
        """Greedy word wrap to `width` mm; continuation lines are indented by `hang`'s width
        (for bullets).  A word too wide for the line is an error, not an overflow."""
        lines: list[str] = []
        line = ""
        for word in text.split(" "):  # not at no-break spaces: "2\u00a0+\u00a03" stays whole
            if not word:
                continue
            room = width - (self.width(hang, size, bold) if lines and hang else 0)
            trial = f"{line} {word}" if line else word
            if self.width(trial, size, bold) <= room:
                line = trial
                continue
            if not line:
                raise ValueError(f"{self.name}: the word {word!r} is wider than its column")
            lines.append(line)
            line = word
            if self.width(line, size, bold) > width - self.width(hang, size, bold):
                raise ValueError(f"{self.name}: the word {word!r} is wider than its column")
        if line:
            lines.append(line)
        return lines

    def paragraphs(self, x: float, top: float, width: float, text: str, size: float = BODY, *,
                   bold: bool = False, colour: str = BLACK) -> float:
        """Draw `text` (paragraphs on separate lines, "• " bullets with a hanging indent)
        from `top`; return the y just below it."""
        step = size * LEADING * PT
        y = top
        for paragraph in text.split("\n"):
            hang = "• " if paragraph.startswith("• ") else ""
            for n, line in enumerate(self.wrap(paragraph, width, size, bold, hang)):
                indent = self.width(hang, size, bold) if n and hang else 0
                self.text(x + indent, y + size * 0.8 * PT, line, size, bold=bold, colour=colour)
                y += step
            y += step * 0.25 if hang else 0
        return y

    # -- shapes --------------------------------------------------------------------------
    def box(self, x: float, y: float, w: float, h: float, *, fill: str, edge: str = "none",
            lw: float = 0.8, rounding: float = 2.0, z: float = 0) -> None:
        from matplotlib.patches import FancyBboxPatch

        self.ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle=f"round,pad=0,rounding_size={rounding}",
                                         facecolor=fill, edgecolor=edge, lw=lw, zorder=z))

    def line(self, x0: float, x1: float, y: float, colour: str = RULE, lw: float = 0.6) -> None:
        self.ax.plot([x0, x1], [y, y], color=colour, lw=lw, solid_capstyle="butt")

    def card(self, x: float, y: float, card: Card, h: float) -> float:
        """One card face, `h` mm tall, top-left corner at (x, y); returns its width.
        Rank and suit in the top-left corner and again, turned round, bottom-right; a big
        suit in the middle, or for a jack, queen and king the letter in a cream frame."""
        w = h * 0.7
        self.box(x, y, w, h, fill="white", edge="#777777", lw=0.7, rounding=h * 0.07, z=2)
        rank, suit_letter = card.rank, card.suit
        corner = h * 0.19 / PT  # the corner rank's size in points
        if rank is None or suit_letter is None:  # a joker: a gold star over the word, stars in the corners
            word = h * 0.13 / PT
            word *= min(1.0, w * 0.8 / self.width("JOKER", word, True))
            self.ax.text(x + w / 2, y + h * 0.47, "★", fontproperties=_font(h * 0.42 / PT), color=GOLD,
                         ha="center", va="center_baseline", zorder=3, parse_math=False)
            self.ax.text(x + w / 2, y + h * 0.8, "JOKER", fontproperties=_font(word, True), color=ACCENT,
                         ha="center", va="baseline", zorder=3, parse_math=False)
            for cx, cy, turn in ((x + w * 0.16, y + h * 0.17, 0), (x + w * 0.84, y + h * 0.83, 180)):
                self.ax.text(cx, cy, "★", fontproperties=_font(corner * 0.7), color=GOLD, ha="center",
                             va="center_baseline", rotation=turn, zorder=3, parse_math=False)
            return w
        colour, suit = SUIT_COLOURS[suit_letter], SUIT_SYMBOLS[suit_letter]
        for cx, cy, turn in ((x + w * 0.16, y + h * 0.2, 0), (x + w * 0.84, y + h * 0.8, 180)):
            sign = 1 if turn == 0 else -1
            self.ax.text(cx, cy, rank, fontproperties=_font(corner * (0.85 if rank == "10" else 1), True),
                         color=colour, ha="center", va="baseline", rotation=turn, zorder=3,
                         parse_math=False)
            self.ax.text(cx, cy + sign * h * 0.15, suit, fontproperties=_font(corner * 0.75), color=colour,
                         ha="center", va="baseline", rotation=turn, zorder=3, parse_math=False)
        middle = (x + w / 2, y + h / 2)
        if rank in ("J", "Q", "K"):
            self.box(x + w * 0.34, y + h * 0.26, w * 0.32, h * 0.48, fill=CREAM, edge=colour, lw=0.5,
                     rounding=0.3, z=2.5)
            self.ax.text(*middle, rank, fontproperties=_font(h * 0.24 / PT, True), color=colour,
                         ha="center", va="center_baseline", zorder=3, parse_math=False)
        else:
            self.ax.text(*middle, suit, fontproperties=_font(h * 0.32 / PT), color=colour,
                         ha="center", va="center_baseline", zorder=3, parse_math=False)
        return w

    def back(self, x: float, y: float, h: float) -> float:
        """A card's back, `h` mm tall (a card laid face down); returns its width."""
        w = h * 0.7
        self.box(x, y, w, h, fill=BACK, edge="#777777", lw=0.7, rounding=h * 0.07, z=2)
        self.box(x + w * 0.12, y + h * 0.09, w * 0.76, h * 0.82, fill="none", edge=GOLD, lw=0.6,
                 rounding=h * 0.04, z=2.5)
        return w

    def card_row(self, x: float, top: float, width: float, row: CardRow, h: float,
                 size: float = BODY, label_w: float = 0.0) -> float:
        """Draw `row` from (x, top) within `width`; return the y just below it.  A leading
        label takes at least `label_w` mm, so that the cards of several rows line up."""
        h = row.height or h
        cx = x
        cards = 0
        for n, item in enumerate(row.items):
            if isinstance(item, Card) or item is None:
                w = self.card(cx, top, item, h) if item is not None else self.back(cx, top, h)
                if cards < len(row.captions):
                    self.text(cx + w / 2, top + h + size * 1.05 * PT, row.captions[cards], size, ha="center")
                cards += 1
                cx += w + h * 0.1
            else:
                self.text(cx + 0.6, top + h / 2 + size * 0.35 * PT, item, size)
                cx += max(self.width(item, size), label_w if n == 0 else 0) + 2.2
        if cx - h * 0.1 > x + width + 0.01:
            raise ValueError(f"{self.name}: a row of cards is wider than its column")
        bottom = top + h + (size * 1.5 * PT if row.captions else 0)
        if row.note:
            note_x = cx + 1.5
            lines = self.wrap(row.note, x + width - note_x, size)
            step = size * LEADING * PT
            first = top + h / 2 - (len(lines) - 1) * step / 2 + size * 0.35 * PT
            for n, line in enumerate(lines):
                self.text(note_x, first + n * step, line, size)
            bottom = max(bottom, first + (len(lines) - 1) * step + size * 0.3 * PT)
        return bottom

    def check_fits(self, bottom: float, limit: float = PAGE_H - MARGIN) -> None:
        if bottom > limit + 0.01:
            raise ValueError(f"{self.name} runs {bottom - limit:.1f} mm off the page: shorten its text")


def draw(page: Handout) -> Any:  # -> matplotlib.figure.Figure
    """The whole page as a matplotlib figure (A4 portrait)."""
    with _style():
        return _draw(page)


def _draw(page: Handout) -> Any:
    p = _Page(f"the {page.game}-{page.lang} handout")
    left, right = MARGIN, PAGE_W - MARGIN
    y = _draw_title(p, page, left, right)
    y = _draw_sections(p, page.sections, left, right, y, page.body)
    y = _draw_bottom(p, page, left, right, y + 2.0)
    p.check_fits(y, PAGE_H - MARGIN - FOOTER * 2 * PT)  # room for the footer
    footer = p.wrap(page.footer, right - left, FOOTER)
    if len(footer) > 1:
        raise ValueError(f"{p.name}: the footer is longer than one line")
    p.text(left, PAGE_H - MARGIN, page.footer, FOOTER, colour=GREY)
    return p.fig


def _draw_title(p: _Page, page: Handout, left: float, right: float) -> float:
    card_h = 17.0
    cards_w = sum(card_h * 0.7 + 1.5 for _ in page.title_cards)
    x = right - cards_w + 1.5
    for card in page.title_cards:
        x += p.card(x, MARGIN - 2.0, card, card_h) + 1.5
    p.text(left, MARGIN + TITLE * 0.8 * PT, page.title, TITLE, bold=True, colour=ACCENT)
    y = p.paragraphs(left, MARGIN + TITLE * 1.25 * PT, right - left - cards_w - GAP, page.subtitle, 11,
                     colour=GREY)
    y = max(y, MARGIN - 2.0 + card_h) + 2.0
    p.line(left, right, y, colour=ACCENT, lw=1.2)
    return y + 2.5


def _draw_sections(p: _Page, sections: Sequence[Section], left: float, right: float, y: float,
                   size: float = BODY) -> float:
    body_x = left + HEAD_W + GAP
    for n, section in enumerate(sections):
        if n:
            p.line(left, right, y - 1.3)
        heading_end = p.paragraphs(left, y, HEAD_W, section.heading, HEAD, bold=True, colour=ACCENT)
        end = p.paragraphs(body_x, y, right - body_x, section.text, size)
        for row in section.card_rows:
            end = p.card_row(body_x, end + 0.8, right - body_x, row, SECTION_CARD, SMALL)
        y = max(heading_end, end) + 2.4 * size / BODY
    return y


def _draw_bottom(p: _Page, page: Handout, left: float, right: float, top: float) -> float:
    """The worked example (left) and the scoring table (right), each on a panel."""
    split = left + (right - left) * page.split
    pad = 3.0
    # the example
    x, w = left + pad, split - GAP / 2 - left - 2 * pad
    example = page.example
    y = p.paragraphs(x, top + pad, w, example.heading, HEAD + 1, bold=True, colour=ACCENT) + 0.5
    size = page.body
    y = p.paragraphs(x, y, w, example.text, size)
    labels = [row.items[0] for row in example.rows if row.items and isinstance(row.items[0], str)]
    label_w = max(p.width(label, size) for label in labels) if len(labels) == len(example.rows) else 0
    for row in example.rows:
        y = p.card_row(x, y + 1.0, w, row, EXAMPLE_CARD, size, label_w=label_w) + 0.4
    if example.note:
        y = p.paragraphs(x, y + 1.2, w, example.note, size)
    example_bottom = y + pad
    # the scoring table
    x2 = split + GAP / 2 + pad
    w2 = right - x2 - pad
    y = p.paragraphs(x2, top + pad, w2, page.scoring_heading, HEAD + 1, bold=True, colour=ACCENT) + 0.5
    y = _draw_scoring(p, page, x2, w2, y, page.body)
    y = p.paragraphs(x2, y + 1.5, w2, page.scoring_note, SMALL)
    bottom = max(example_bottom, y + pad)
    p.box(left, top, split - GAP / 2 - left, bottom - top, fill=PANEL, z=0)
    p.box(split + GAP / 2, top, right - split - GAP / 2, bottom - top, fill=PANEL, z=0)
    return bottom


def _draw_scoring(p: _Page, page: Handout, x: float, w: float, top: float, size: float = BODY) -> float:
    """The scoring table: a line per row, its points right-aligned in one column or more
    (under `scoring_columns`' heads, if any); returns the y below it."""
    step = size * 1.75 * PT
    rows = [(what, tuple(map(str, _columns(points)))) for what, points in page.scoring]
    count = max(len(cells) for _, cells in rows)
    heads = page.scoring_columns
    if (heads and len(heads) != count) or any(len(cells) != count for _, cells in rows):
        raise ValueError(f"{p.name}: every scoring row needs {count} points, one under each head")
    # each column as wide as its widest entry (heads in the small size), right-aligned
    widths = [max([p.width(cells[i], size, True) for _, cells in rows]
                  + ([p.width(heads[i], SMALL, True)] if heads else [])) for i in range(count)]
    rights: list[float] = []
    edge = x + w
    for width in reversed(widths):
        rights.insert(0, edge)
        edge -= width + 2.5
    y = top
    if heads:
        for head, right in zip(heads, rights):
            p.text(right, y + SMALL * 0.9 * PT, head, SMALL, bold=True, colour=GREY, ha="right")
        y += SMALL * 1.3 * PT
    for n, (what, cells) in enumerate(rows):
        if n % 2 == 0:
            p.box(x - 1.0, y, w + 2.0, step, fill="white", rounding=0.8, z=1)
        if len(p.wrap(what, edge - x - 0.5, size)) > 1:
            raise ValueError(f"{p.name}: the scoring line {what!r} is too long for its column")
        baseline = y + step / 2 + size * 0.35 * PT
        p.text(x, baseline, what, size)
        for cell, right in zip(cells, rights):
            p.text(right, baseline, cell, size, bold=True, ha="right")
        y += step
    return y


# ---------------------------------------------------------------------------------------
# Writing the files

# Byte-identical output: the SVG ids come from a fixed salt instead of a random one, SVG text
# is drawn as paths (the file needs no font), PDF fonts are Type 3, which matplotlib builds
# itself (Type 42 subsets go through fontTools, whose version could change the bytes), and no
# date or software version is written (`_metadata`).
_RC: dict[RcKeyType, Any] = {"svg.hashsalt": "cardlearn-handouts", "svg.fonttype": "path", "pdf.fonttype": 3}


@contextmanager
def _style() -> Iterator[None]:
    """matplotlib's own defaults (a user's matplotlibrc must not change the files), then `_RC`."""
    import matplotlib

    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        matplotlib.rcParams.update(_RC)
        yield


def _metadata(fmt: str, title: str) -> dict[str, Any]:
    if fmt == "pdf":
        return {"Creator": None, "Producer": None, "CreationDate": None, "Title": title}
    return {"Date": None, "Creator": None, "Title": title}


def write(game: str, folder: str | Path, langs: Iterable[str] = LANGS) -> list[Path]:
    """Write `game`'s handouts (PDF and SVG per language) into `folder`; return the paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for lang in langs:
        page = handout(game, lang)
        with _style():
            fig = _draw(page)
            for fmt in ("pdf", "svg"):
                path = folder / f"{game}-{lang}.{fmt}"
                fig.savefig(path, format=fmt, metadata=_metadata(fmt, page.title), facecolor="white")
                paths.append(path)
    return paths


def write_all(folder: str | Path) -> list[Path]:
    """Every game's handouts into `folder`."""
    return [path for game in games() for path in write(game, folder)]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 1:
        print("usage: python -m cardlearn.handouts FOLDER [GAME ...]  "
              f"(games: {', '.join(games())})", file=sys.stderr)
        return 2
    folder, chosen = args[0], args[1:] or games()
    try:
        paths = [path for game in chosen for path in write(game, folder)]
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0
