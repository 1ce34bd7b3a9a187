"""One registry (docs/adding-a-game.md): `cardlearn.games.GAMES` and each game's `INFO`.
What a game has beyond its package (a course notebook, a classroom page, lab questions, a
handout) is stated by its INFO, and everything that lists games takes them from there; these
tests check that the INFO tells the truth about the files, and that the lists follow it."""

from __future__ import annotations

import dataclasses
import html
import runpy
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import jinja2
import pytest
import toygame
from traitlets.config import Config

from cardlearn import handouts, lab
from cardlearn.games import GAMES
from cardlearn.games.extras import EXTRAS, games_with, page_index, seats

ROOT = Path(__file__).resolve().parents[1]
VOILA = ROOT / "pages" / ".voila"
TEMPLATE = VOILA / "voila" / "templates" / "cardlearn"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_info_tells_the_truth_about_its_extras(game: str) -> None:
    info = GAMES[game].INFO
    assert (info.page is not None) == (ROOT / "pages" / f"{game}.ipynb").is_file(), "INFO.page"
    assert info.lab == (ROOT / "cardlearn" / "lab" / f"{game}.py").is_file(), "INFO.lab"
    assert info.handout == (ROOT / "cardlearn" / "handouts" / f"{game}.py").is_file(), "INFO.handout"
    named = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob(f"notebooks/**/[0-9][0-9]-{game}.ipynb"))
    stem = info.notebook
    assert named == ([] if stem is None else [f"notebooks/{stem}.ipynb", f"notebooks/is/{stem}.ipynb"]), (
        "INFO.notebook names the notebook pair notebooks/<stem>.ipynb and notebooks/is/<stem>.ipynb")


def test_every_page_and_extra_module_belongs_to_a_game() -> None:
    """No page or lab or handout module of a game the registry has not (it would be skipped)."""
    assert {p.stem for p in (ROOT / "pages").glob("*.ipynb")} <= set(GAMES)
    assert set(handouts.games()) <= set(GAMES)
    assert {p.stem for p in (ROOT / "cardlearn" / "lab").glob("*.py")} - set(GAMES) == {
        "__init__", "__main__", "cache", "core", "plot", "runner", "stats", "words"}


def test_the_lists_of_games_follow_the_registry() -> None:
    assert list(lab.GAMES) == games_with("lab")
    assert handouts.games() == tuple(sorted(games_with("handout")))
    assert games_with("page") == [g for g in GAMES if GAMES[g].INFO.page]
    for extra in EXTRAS:
        assert set(games_with(extra)) <= set(GAMES)
    with pytest.raises(ValueError, match="extra is one of"):
        games_with("lesson")


def test_a_games_extras_are_checked_where_they_are_declared() -> None:
    info = toygame.INFO
    assert (info.notebook, info.page, info.lab, info.handout) == (None, None, False, False)
    assert dataclasses.replace(info, notebook="07-toy", page="Hæsta spil").notebook == "07-toy"
    for stem in ("07-toy.ipynb", "toy", "7-toy", "notebooks/07-toy"):
        with pytest.raises(ValueError, match="file stem"):
            dataclasses.replace(info, notebook=stem)
    with pytest.raises(ValueError, match="title"):
        dataclasses.replace(info, page=" ")
    assert [seats(p) for p in ((2, 2), (2, 6), (3, 3))] == ["2", "2–6", "3"]


def render_index(index: dict[str, Any], pages: list[str]) -> str:
    """The pages' index as Voilà draws it (autoescaped), for a folder of these pages."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATE), autoescape=True)
    notebooks = [{"type": "notebook", "name": f"{p}.ipynb", "path": f"{p}.ipynb"} for p in sorted(pages)]
    contents = {"content": iter([{"type": "directory", "name": "x", "path": "x"}, *notebooks])}
    return env.get_template("tree-lab.html").render(contents=contents, base_url="/", cardlearn_index=index)


def test_the_pages_server_hands_the_index_its_games_from_the_registry() -> None:
    config = runpy.run_path(str(VOILA / "voila.py"), init_globals={"get_config": Config})["c"]
    assert config.Voila.tornado_settings["jinja_template_vars"] == {"cardlearn_index": page_index()}
    assert page_index()["names"] == {"kasina": "Kasína", "kozel": "Geit (Kozel)", "kinaskak": "Kínaskák",
                                     "lomber": "Lomber"}


def test_the_index_names_each_page_with_its_seats_and_notebooks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fifth game with a page and a notebook is on the index with no edit of the template."""
    info = dataclasses.replace(toygame.INFO, page="Hæsta spil", notebook="07-toy", players=(2, 3))
    monkeypatch.setitem(GAMES, "toy", SimpleNamespace(INFO=info))  # type: ignore[arg-type]
    text = render_index(page_index(), [*games_with("page")])
    for game in games_with("page"):
        info = GAMES[game].INFO
        title = html.escape(str(info.page))
        assert f'<a class="cardlearn-game-{game}" href="/voila/render/{game}.ipynb">{title}</a>' in text
        assert (f'class="cardlearn-room-new-{game}" formaction="/voila/render/{game}.ipynb">'
                f"{title} · {seats(info.players)} sæti</button>") in text
        assert (f"<li>{title}: <code>notebooks/is/{info.notebook}.ipynb</code> (íslenska) ·\n"
                f"            <code>notebooks/{info.notebook}.ipynb</code> "
                '(<span lang="en">English</span>)</li>') in text
    assert "Hæsta spil · 2–3 sæti" in text and "notebooks/07-toy.ipynb" in text
