"""Without matplotlib, numpy and pillow (the static site's Python, in a browser): the engine,
the table, the lessons and the lab import and play, and a plotting cell shows the picture
stored with the notebook (`cardlearn.stored`, gathered by tools/site/build.py), saying so."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "site"))
import build as site_build  # noqa: E402

# Run first in the child: importing any of these fails, as in Pyodide.
BLOCK = """
import importlib.abc, sys
class _NoNative(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("matplotlib", "numpy", "PIL"):
            raise ImportError(f"no {name} here (as in the browser)")
        return None
sys.meta_path.insert(0, _NoNative())
"""


def run_without_native(code: str, tmp_path: Path, **env: str) -> str:
    script = tmp_path / "child.py"
    script.write_text(BLOCK + textwrap.dedent(code))
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                            cwd=ROOT, env={**_env(), **env})
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    return result.stdout


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != "CARDLEARN_STORED"}


@pytest.mark.slow
def test_engine_table_lessons_and_lab_need_no_native_package(tmp_path):
    out = run_without_native("""
        import importlib, pkgutil
        import cardlearn
        for info in pkgutil.walk_packages(cardlearn.__path__, "cardlearn."):
            if info.name.endswith("__main__") or info.name.startswith("cardlearn.rooms.postgres"):
                continue  # command lines; the school's database driver, not in the browser
            importlib.import_module(info.name)
        from cardlearn import play
        from cardlearn.draw import state_html
        from cardlearn.games import GAMES
        for name, game in GAMES.items():
            table = play(name, seed=3, delay=0)
            table.act(table.state.legal_actions()[0])
            assert table.message == "" or "Villa" not in table.message, table.message
            state_html(game.new_game(seed=1))
        import sys
        assert not {"matplotlib", "numpy", "PIL"} & set(sys.modules)
        print("ok")
    """, tmp_path)
    assert out.strip().endswith("ok")


def stored_cell(notebook: Path, source_start: str) -> tuple[str, str]:
    """(the cell's source, its stored PNG in base64) of the cell whose source starts so."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith(source_start):
            [png] = [o["data"]["image/png"] for o in cell["outputs"] if "image/png" in o.get("data", {})]
            return source, "".join(png) if isinstance(png, list) else png
    raise AssertionError(f"no cell starting {source_start!r} in {notebook}")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "is"])
def test_a_lab_cell_shows_its_stored_picture_without_matplotlib(tmp_path, lang):
    notebook = ROOT / "notebooks" / ("is" if lang == "is" else "") / "05-lab.ipynb"
    store = tmp_path / "stored"
    site_build.write_pictures(store, site_build.gather_pictures(site_build.notebooks()))
    source, png = stored_cell(notebook, 'dealer = lab.run("kasina.dealer"')
    out = run_without_native(f"""
        from cardlearn import lab
        from cardlearn.stored import NOTE
        SEED, LANG = 2026, {lang!r}
        ns = dict(lab=lab, SEED=SEED, LANG=LANG)
        *body, last = {source!r}.strip().splitlines()
        exec("\\n".join(body), ns)
        shown = eval(last, ns)
        print("HTML:" + shown.data)
    """, tmp_path, CARDLEARN_STORED=str(store), CARDLEARN_LAB_CACHE=str(tmp_path / "lab-cache"))
    shown = out.split("HTML:", 1)[1]
    from cardlearn.stored import NOTE
    assert NOTE[lang] in shown
    assert f"data:image/png;base64,{base64.b64encode(base64.b64decode(png)).decode()}" in shown


def test_no_stored_picture_says_so_and_a_stored_one_is_found(tmp_path, monkeypatch):
    from cardlearn import stored

    store = tmp_path / "stored"
    site_build.write_pictures(store, [("Header\nthe numbers 1 2 3\nfooter\n", b"\x89PNG fake")])
    monkeypatch.setenv("CARDLEARN_STORED", str(store))
    assert stored.stored_png("the numbers 1 2 3") == b"\x89PNG fake"
    assert stored.stored_png("the numbers 1 2 4") is None
    assert stored.stored_png("  ") is None
    html = stored.stored_picture("other numbers", "is").data
    assert stored.NONE_STORED["is"] in html and "<img" not in html
    html = stored.stored_picture("the numbers 1 2 3", "en").data
    assert stored.NOTE["en"] in html and base64.b64encode(b"\x89PNG fake").decode() in html


def test_the_site_keeps_each_classroom_pages_words_and_shows_them(tmp_path, monkeypatch):
    """The site's classroom pages run in a console, with no markdown cells: the build keeps
    each page's words (the game at a glance, both languages, each marked with its language
    so that the table's language button shows one) and the page shows them under its table."""
    from cardlearn import stored

    words = site_build.page_words()
    assert sorted(words) == sorted(site_build.PAGES)
    for game, text in words.items():
        cells = json.loads((ROOT / "pages" / f"{game}.ipynb").read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] == "markdown":  # whole, but the learn link made the site's
                source = "".join(cell["source"])
                lang = "en" if "cardlearn-page-en" in source else "is"
                mine = f'href="{site_build.learn_file(game, lang)}" target="_self"'
                assert site_build.LEARN_HREF.sub(mine, source) in text
                assert mine in text, (game, lang)  # the guided deal in the words' language
        assert 'class="cardlearn-page-is"' in text and 'class="cardlearn-page-en"' in text, game
        assert "?learn=1" not in text, game
    kept = tmp_path / "stored"
    (kept / stored.PAGE_WORDS).mkdir(parents=True)
    (kept / stored.PAGE_WORDS / "kasina.md").write_text(words["kasina"], encoding="utf-8")
    monkeypatch.setenv("CARDLEARN_STORED", str(kept))
    assert stored.page_words("kasina") == words["kasina"] and stored.page_words("kozel") == ""
    shown: list[object] = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    stored.show_page_words("kasina")
    stored.show_page_words("kozel")  # none kept: nothing shown, no error
    assert len(shown) == 1 and shown[0].data == words["kasina"]
