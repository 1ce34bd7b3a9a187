"""Every notebook has an Icelandic twin in notebooks/is/, kept in step with it: the same cells
in the same order, the same code but for the one language line, both executed (their stored
outputs are then checked cell by cell by nbval, like every notebook's)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from cardlearn.games import GAMES
from cardlearn.lessons.language import BadSaying, Sayings, UnknownLanguage, fields, yes_no

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = sorted((ROOT / "notebooks").glob("*.ipynb"))
LANG_LINE = re.compile(r'^LANG = "(en|is)"(\s*#.*)?$', re.MULTILINE)


def twin(path: Path) -> Path:
    return path.parent / "is" / path.name


def code_without_language(source: str) -> str:
    """A code cell with its language line reduced to `LANG = …` (the twins' one difference)."""
    return LANG_LINE.sub("LANG = …", source)


def test_there_are_notebooks() -> None:
    assert len(ENGLISH) >= 5


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_every_notebook_has_an_icelandic_twin_in_step(english: Path) -> None:
    icelandic = twin(english)
    assert icelandic.exists(), f"{english.name} has no Icelandic twin in notebooks/is/"
    en, is_ = nbformat.read(english, as_version=4), nbformat.read(icelandic, as_version=4)
    assert [c.cell_type for c in en.cells] == [c.cell_type for c in is_.cells], (
        "the twins' cells differ in kind or number")
    pairs = [(a, b) for a, b in zip(en.cells, is_.cells) if a.cell_type == "code"]
    languages = [LANG_LINE.findall(c.source) for c in en.cells if c.cell_type == "code"]
    assert sum(len(found) for found in languages) == 1, "the English notebook sets LANG once"
    assert [m[0] for found in languages for m in found] == ["en"]
    assert [m[0] for c in is_.cells if c.cell_type == "code" for m in LANG_LINE.findall(c.source)] == ["is"]
    for number, (a, b) in enumerate(pairs):
        assert code_without_language(a.source) == code_without_language(b.source), (
            f"code cell {number} differs between the twins:\n{a.source}\n---\n{b.source}")
    for name, nb in ((english.name, en), (f"is/{icelandic.name}", is_)):
        code = [c for c in nb.cells if c.cell_type == "code"]
        unrun = [n for n, c in enumerate(code) if c.execution_count is None]
        assert not unrun, f"{name}: code cells {unrun} have no stored run"


def test_no_icelandic_notebook_without_an_english_one() -> None:
    english = {p.name for p in ENGLISH}
    orphans = [p.name for p in (ROOT / "notebooks" / "is").glob("*.ipynb") if p.name not in english]
    assert not orphans


def test_a_saying_must_be_written_in_both_languages_with_the_same_fields() -> None:
    with pytest.raises(BadSaying, match="not written in is"):
        Sayings({"order": {"en": "order: {order}"}})
    with pytest.raises(BadSaying, match="different fields"):
        Sayings({"order": {"en": "order: {order}", "is": "röð: {röð}"}})
    say = Sayings({"beats": {"en": "{a:>3} beats {b}", "is": "{a:>3} drepur {b}"}}).speaker("is")
    assert say("beats", a="9♥", b="7♥") == " 9♥ drepur 7♥"
    assert fields("{a:>3} beats {b.symbol} {c[0]}") == {"a", "b", "c"}
    assert yes_no(True, "is") == "já" and yes_no(False, "en") == "no"
    with pytest.raises(UnknownLanguage):
        Sayings({}).speaker("de")


PAGES = sorted((ROOT / "pages").glob("*.ipynb"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_a_pages_rules_box_points_to_the_notebook_in_its_language(page: Path) -> None:
    """The Icelandic rules box names the Icelandic notebook and its "Reglur í hnotskurn"; the
    English one names the English notebook and its twin: the game's own notebook (its INFO's
    `notebook`), or none where the game has no notebook."""
    cells = nbformat.read(page, as_version=4).cells
    boxes = {lang: next(c.source for c in cells if f'class="cardlearn-page-{lang}"' in c.source)
             for lang in ("is", "en")}
    named = {lang: re.findall(r"`(notebooks/[^`]+\.ipynb)`", text) for lang, text in boxes.items()}
    stem = GAMES[page.stem].INFO.notebook
    if stem is None:
        assert named == {"is": [], "en": []}, f"{page.name} names notebooks its game has not"
        return
    assert named["is"] == [f"notebooks/is/{stem}.ipynb"]
    assert "„Reglur í hnotskurn“" in boxes["is"]
    assert sorted(named["en"]) == [f"notebooks/{stem}.ipynb", f"notebooks/is/{stem}.ipynb"]
