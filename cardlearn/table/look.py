"""How the table looks: the look's constants and its one stylesheet.

The stylesheet (the felt, card sizes that scale with the screen, the marks for usable,
selected, unusable and last-moved cards) is the package resource `look.css`, read once;
the pictures of the card faces and the back are added here, made from `cardlearn.draw`.
The HTML of the parts that are drawn, not clicked, is `cardlearn.table.fragments`.

CSS hooks (for tests and pages): the root has `cardlearn-table`, every card picture
`cardlearn-card` (a face `cardlearn-card-<code>`, a back `cardlearn-back`), the message
line `cardlearn-message`; a card of the last move also has `cardlearn-last`, an unusable
one `cardlearn-unusable`.  A table whose seat chose the four-colour deck has
`cardlearn-deck-four` on its root, and `four_colour_style` redraws its ♦ and ♣ faces.
"""

from __future__ import annotations

import base64
import html
import re
from functools import lru_cache
from importlib import resources
from string import Template
from typing import Any

from cardlearn.cards import Card, make_deck
from cardlearn.draw import FONT, TABLE_GREEN, card_svg

# Card width: at least 70 px (readable on a 1024 × 768 projector), growing with the
# window so that three rows of cards and the buttons still fit its height.
CARD_WIDTH = "clamp(70px, min(7vw, 9.6vh), 132px)"
# Words read from the back of a classroom: at least 18 px (status, captions, prompt, messages,
# last move, end panel); a little more on a larger screen.
TEXT = "clamp(18px, 1.75vw, 24px)"


def css_name(text: Any) -> str:
    """A string made safe for a CSS class name."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", str(text))


def esc(text: Any) -> str:
    return html.escape(str(text))


def _picture(svg: str) -> str:
    return "url(data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode() + ")"


@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The one <style> of a table: sent once per table, so that a redraw changes only
    classes and a few texts (a handful of small widget messages).

    `look.css` names four values that Python also uses, as `string.Template` fields:
    `$card_width` and `$text` (`CARD_WIDTH`, `TEXT`: at once the custom properties `--cw`
    and `--big` every other rule reads), `$font` and `$table_green` (`cardlearn.draw`'s,
    so that the felt and the card pictures agree).  The faces and the back are data URLs
    of `cardlearn.draw`'s pictures, one rule per card."""
    rules = Template(resources.files(__package__).joinpath("look.css").read_text(encoding="utf-8"))
    css = rules.substitute(card_width=CARD_WIDTH, text=TEXT, font=FONT, table_green=TABLE_GREEN)
    faces = "".join(f".cardlearn-card-{css_name(str(c))}{{background-image:{_picture(card_svg(c))}}}"
                    for c in (*make_deck(), Card.parse("JK")))
    back = f".cardlearn-widget .cardlearn-back{{background-image:{_picture(card_svg('AS', face_up=False))}}}"
    # the stylesheet has always opened with a line break after its tag: kept, so that the
    # style sent is the same to the byte
    return "<style>\n" + css + faces + back + "</style>"


@lru_cache(maxsize=1)
def script_html() -> str:
    """The table's page script (`access.js`: names, live regions, focus, keys; see its
    head), as HTML an ipywidgets HTML widget runs wherever it is drawn.  A widget's HTML is
    set as `innerHTML`, where a <script> never runs but an image's error handler does: an
    empty data URL is no picture, so its `onerror` runs the script once (it guards itself
    against a second table on the page).  Voilà, JupyterLab and the static site alike."""
    code = resources.files(__package__).joinpath("access.js").read_text(encoding="utf-8")
    return f'<img alt="" hidden src="data:," onerror="{html.escape(code, quote=True)}">'


FOUR_COLOUR_ROOT = "cardlearn-deck-four"  # the class of a table root drawn in four colours


@lru_cache(maxsize=1)
def four_colour_style() -> str:
    """The rules that draw ♦ blue and ♣ green (`cardlearn.draw.FOUR_COLOURS`) inside a
    table root with `FOUR_COLOUR_ROOT`: only the 26 faces that change, sent only to a seat
    that chose four colours (the stylesheet itself stays the same for everyone).  Two
    classes, so they win over the stylesheet's one-class face rules."""
    return "<style>" + "".join(
        f".{FOUR_COLOUR_ROOT} .cardlearn-card-{css_name(str(c))}"
        f"{{background-image:{_picture(card_svg(c, four_colour=True))}}}"
        for c in make_deck() if c.suit in ("D", "C")) + "</style>"
