"""Pictures stored for a Python without matplotlib (the static site's, in the browser).

matplotlib is an optional extra (`pip install cardlearn[plots]`; `make lab` and `make test`
install it).  Where it is missing, a function that draws a plot shows instead the picture
stored with the notebook, and one line saying that plots are recomputed in the full install:
the cell is not left empty, and nothing pretends the picture was drawn anew.

The site's build (`tools/site`) gathers the stored pictures: each notebook cell that shows a
PNG and prints text gives one entry, `{"text": what the cell printed, "png": file}`, kept in
the wheel it builds, in `cardlearn/_stored/`.  A plotting function finds its picture by the
text its own cell prints (a lab run's `report`, the thinking lines of a search): the same
numbers give the same picture, so a cell run with other numbers finds none and says so.

The build keeps there, too, the words under each classroom page's table (`pages/<game>.md`,
from the page's markdown cells): the site's pages run in a console, which has none.
"""

from __future__ import annotations

import base64
import html
import json
import os
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING

from cardlearn.lessons.language import check_lang

if TYPE_CHECKING:
    from IPython.display import HTML

FOLDER = "_stored"  # inside the package, only in the site's wheel
INDEX = "index.json"
PAGE_WORDS = "pages"  # the classroom pages' words, one `<game>.md` each

NOTE = {
    "en": "Plots are recomputed in the full install (with matplotlib); here, the picture stored with "
          "the notebook.",
    "is": "Myndir eru reiknaðar upp á nýtt í fullri uppsetningu (með matplotlib); hér er myndin "
          "sem geymd var með vinnubókinni.",
}
NONE_STORED = {
    "en": "Plots are recomputed in the full install (with matplotlib); no picture is stored for "
          "these numbers.",
    "is": "Myndir eru reiknaðar upp á nýtt í fullri uppsetningu (með matplotlib); engin mynd er "
          "geymd fyrir þessar tölur.",
}


def have_matplotlib() -> bool:
    """Can plots be drawn here?  (Asked only when a plot is due, which imports it anyway.)"""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def folder() -> Traversable:
    """Where the stored pictures are: `$CARDLEARN_STORED` if set (a test's), else the
    package's `_stored/` (only the site's wheel has one)."""
    override = os.environ.get("CARDLEARN_STORED")
    return Path(override) if override else resources.files("cardlearn").joinpath(FOLDER)


@cache
def _entries(where: str) -> tuple[tuple[str, str], ...]:
    index = folder().joinpath(INDEX)
    if not index.is_file():
        return ()
    return tuple((e["text"], e["png"]) for e in json.loads(index.read_text(encoding="utf-8")))


def stored_png(text: str) -> bytes | None:
    """The stored picture of the cell that printed `text` (it may have printed more around
    it), or None."""
    key = text.strip()
    if not key:
        return None
    for printed, name in _entries(str(folder())):  # (cached per folder)
        if key in printed:
            return folder().joinpath(name).read_bytes()
    return None


def page_words(game: str) -> str:
    """The words under `game`'s classroom page's table (the game at a glance, a part per
    language, each shown with the table's language), kept in the site's wheel in
    `_stored/pages/`; "" where none are kept (the full install's pages have their own)."""
    words = folder().joinpath(PAGE_WORDS, f"{game}.md")
    return words.read_text(encoding="utf-8") if words.is_file() else ""


def show_page_words(game: str) -> None:
    """Shows `page_words(game)` as markdown, as the classroom page in Voilà shows its own
    (the site's classroom pages run in a console, which has no markdown cells)."""
    from IPython.display import Markdown, display

    text = page_words(game)
    if text:
        display(Markdown(text))


def stored_picture(text: str, lang: str) -> HTML:
    """What a plotting cell shows without matplotlib: its stored picture (found by `text`,
    see `stored_png`) under a one-line note, or the note alone."""
    from IPython.display import HTML

    lang = check_lang(lang)
    png = stored_png(text)
    if png is None:
        return HTML(f'<p class="cardlearn-stored-note"><i>{html.escape(NONE_STORED[lang])}</i></p>')
    data = base64.b64encode(png).decode("ascii")
    return HTML(f'<p class="cardlearn-stored-note"><i>{html.escape(NOTE[lang])}</i></p>'
                f'<img src="data:image/png;base64,{data}" alt="">')
