"""Checks on the repository as a user receives it, and on every game notebook's content.

A user or maintainer who clones the project has nothing beside it, so no tracked file (the
tests included) may send them outside the repository: the rules travel with the project, in
`docs/rules/` for a maintainer and in each notebook's last section, "Reglur í hnotskurn /
Rules at a glance", for a learner, which must cover every variant option of the game's `Rules`.
These tests read files only; the notebooks themselves run under nbval.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
from html import escape
from pathlib import Path

import pytest

from cardlearn.games import GAMES, kasina

ROOT = Path(__file__).resolve().parent.parent
# Folders a user of the repository does not have; spelt in two parts so that this file,
# which must name them, does not match itself.
OUTSIDE_PATHS = ("../" + "shared", "shared" + "/rules/", "shared" + "/API.md", "shared" + "/seeds/",
                 "shared" + "/reviews/")
GLANCE = "Reglur í hnotskurn / Rules at a glance"
GLANCE_IS = "Reglur í hnotskurn"  # the Icelandic twins' last section


def tracked_files() -> list[str]:
    """The files git tracks in this checkout (what a clone gives a user)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    return [name for name in out.stdout.decode().split("\0") if name]


def mentions(root: Path, names: list[str], needles: tuple[str, ...]) -> list[str]:
    """`path: needle` for each named text file under `root` that contains one of
    `needles`; binary files are skipped."""
    found = []
    for name in names:
        try:
            text = (root / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        found += [f"{name}: {needle}" for needle in needles if needle in text]
    return found


def test_no_tracked_file_points_outside_the_repository():
    assert mentions(ROOT, tracked_files(), OUTSIDE_PATHS) == []


def test_the_outside_path_check_can_fail(tmp_path):
    outside = "../" + "shared"
    (tmp_path / "README.md").write_text(f"The rules are in `{outside}/rules/kasina.md`.\n")
    (tmp_path / "ok.py").write_text("# the rules are in docs/rules/kasina.md\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "t.py").write_text(f"# see {outside}/API.md\n")  # tests are no exception
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\xff\xfe " + outside.encode())
    names = ["README.md", "ok.py", "tests/t.py", "logo.png"]
    assert mentions(tmp_path, names, OUTSIDE_PATHS) == [
        f"README.md: {outside}", "README.md: " + "shared" + "/rules/",
        f"tests/t.py: {outside}", "tests/t.py: " + "shared" + "/API.md"]


# ---------------------------------------------------------------------------------------
# The game notebooks: `notebooks/<stem>.ipynb` for each game whose INFO names a notebook

def game_notebooks() -> dict[str, Path]:
    """Each game's notebook, by its INFO's `notebook`: `01-kasina.ipynb` is the Kasína
    notebook, `is/01-kasina.ipynb` its Icelandic twin (keyed "is/kasina")."""
    found = {}
    for folder, prefix in ((ROOT / "notebooks", ""), (ROOT / "notebooks" / "is", "is/")):
        for game, module in GAMES.items():
            if module.INFO.notebook:
                found[prefix + game] = folder / f"{module.INFO.notebook}.ipynb"
    return found


NOTEBOOKS = game_notebooks()
GLANCE_FACTS = {  # what each game's rules at a glance must say (its notation included)
    "kasina": ("21", "svippur", "litla kasína", "stóra kasína", "last trick", "deals the next hand",
               "only if no card in your hand", "5S:2C+3H+5D"),
    "kozel": ("36 cards", "the ten is above the king", "120", "61 or more", "60–60", "12 loss points",
              "AS+10S", "discard:7S+8H", "`claim`", "`pass`", "four cards of one suit", "face down",
              "last player to beat", "trump", "one card at a time"),
    "lomber": ("40 cards", "spadda", "manilía", "basti", "krúkk", "remis", "counter-clockwise"),
    "kinaskak": ("108 cards", "162 cards", "13 cards", "different suits", "stops at the ace",
                 "the top card of the stock", "three times", "round 8", "one more turn", "whole hand at once",
                 "joker 20, ace 15", "lowest total wins", "rebuilt once a round", "lot", "`take`", "`draw`",
                 "`buy`", "`pass`", "set 8C 8D JK", "discard 7H"),
    # the twins: the same facts in the words of the Icelandic notebooks (the notation as it is)
    "is/kozel": ("36 spil", "tían er hærri en kóngurinn", "120", "61 eða", "60–60", "12 tapstigum",
                 "AS+10S", "discard:7S+8H", "`claim`", "`pass`", "fjögur spil í sama lit", "á grúfu",
                 "Sá sem sló síðast", "Eitt spil í einu"),
    "is/kinaskak": ("108 spil", "162 spil", "hver í sínum lit", "endar við ásinn", "efsta spil stokksins",
                    "þrisvar", "einu sinni enn", "alla höndina niður í einu", "jóker 20, ás 15",
                    "lægstu töluna", "hlutkesti", "`take`", "`draw`", "`buy`", "`pass`", "set 8C 8D JK",
                    "discard 7H"),
    "is/kasina": ("21", "svippur", "litla kasína", "stóra kasína", "5S:2C+3H+5D"),
    "is/lomber": ("40 spil", "spadda", "manilía", "basti", "krúkk", "remis"),
}


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def headings(cell: dict) -> list[str]:
    return re.findall(r"^## (.+)$", source(cell), flags=re.M) if cell["cell_type"] == "markdown" else []


def glance_cells(all_cells: list[dict]) -> list[dict]:
    """The cells of the notebook's last section, from its `##` heading to the end."""
    starts = [i for i, c in enumerate(all_cells) if headings(c)]
    assert starts, "the notebook has no sections"
    last = starts[-1]
    assert headings(all_cells[last])[-1] in (GLANCE, GLANCE_IS), (
        "the notebook must end with the rules at a glance")
    return all_cells[last:]


def output_text(cell: dict) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        for kind in ("text/html", "text/plain", "text/markdown"):
            parts.append("".join(out.get("data", {}).get(kind, "")))
    return "\n".join(parts)


def missing_options(all_cells: list[dict], rules_class: type) -> list[str]:
    """The `Rules` fields whose name or default the glance section's outputs do not show."""
    shown = "\n".join(output_text(c) for c in glance_cells(all_cells))
    missing = []
    for field in dataclasses.fields(rules_class):
        default = escape(repr(field.default))
        if f"<code>{field.name}</code>" not in shown or f"<code>{default}</code>" not in shown:
            missing.append(field.name)
    return missing


def visible_definitions(all_cells: list[dict]) -> list[str]:
    """Code cells that define a function or class without being hidden: set-up code
    belongs in `cardlearn.lessons`."""
    return [source(c) for c in all_cells if c["cell_type"] == "code"
            and re.search(r"^\s*(def|class) ", source(c), flags=re.M)
            and not c["metadata"].get("jupyter", {}).get("source_hidden")]


def seed_cells(all_cells: list[dict]) -> list[int]:
    """The code cells that set `SEED`."""
    return [i for i, c in enumerate(all_cells) if c["cell_type"] == "code"
            and re.search(r"^SEED = ", source(c), flags=re.M)]


@pytest.fixture(params=sorted(NOTEBOOKS), ids=str)
def game(request) -> str:
    return request.param


def test_every_game_notebook_is_found():
    assert {"kasina", "kozel"} <= set(NOTEBOOKS)


def game_of(key: str) -> str:
    """"is/kozel" → "kozel"."""
    return key.rpartition("/")[2]


def test_notebook_ends_with_the_rules_at_a_glance(game):
    all_cells = cells(NOTEBOOKS[game])
    text = "\n".join(source(c) for c in glance_cells(all_cells))
    heading = headings(glance_cells(all_cells)[0])[-1]
    assert heading == (GLANCE_IS if game.startswith("is/") else GLANCE)
    assert GAMES[game_of(game)].NAME["en"] in text or GAMES[game_of(game)].NAME["is"] in text
    flowing = " ".join(text.split())  # a fact may be broken over two lines of the cell
    for fact in GLANCE_FACTS.get(game, ()):
        assert fact in flowing, f"the rules at a glance do not mention {fact!r}"


def test_rules_at_a_glance_lists_every_rules_field_with_its_default(game):
    assert missing_options(cells(NOTEBOOKS[game]), GAMES[game_of(game)].Rules) == []


def test_set_up_code_is_in_helpers_or_hidden(game):
    assert visible_definitions(cells(NOTEBOOKS[game])) == [], "move set-up code to cardlearn.lessons"


def test_seed_is_set_once_near_the_top(game):
    all_cells = cells(NOTEBOOKS[game])
    sets = seed_cells(all_cells)
    assert len(sets) == 1 and sets[0] < len(all_cells) // 5


def test_table_is_set_near_the_end(game):
    all_cells = cells(NOTEBOOKS[game])
    calls = [i for i, c in enumerate(all_cells)
             if c["cell_type"] == "code" and f'play("{game_of(game)}"' in source(c)]
    assert calls and calls[-1] > len(all_cells) * 3 // 4


def test_notebook_points_nowhere_outside_the_repository(game):
    text = NOTEBOOKS[game].read_text(encoding="utf-8")
    assert not [p for p in OUTSIDE_PATHS if p in text]


def test_the_notebook_checks_can_fail():
    """Each check on a made-up notebook that breaks its rule once."""
    def cell(kind: str, text: str, outputs: tuple[str, ...] = ()) -> dict:
        made = {"cell_type": kind, "source": [text], "metadata": {}}
        if kind == "code":
            made["outputs"] = [{"output_type": "execute_result", "data": {"text/html": o}} for o in outputs]
        return made

    table = "<code>target</code> <code>21</code> <code>hand_size</code> <code>4</code>"
    good = [cell("code", "SEED = 1"), cell("markdown", f"## {GLANCE}"), cell("code", "x", (table,))]
    late = [cell("markdown", f"## {GLANCE}"), cell("markdown", "## Glossary")]
    defines = [cell("code", "def helper():\n    pass"), cell("code", "SEED = 1\nSEED = 2")]
    assert glance_cells(good) == good[1:]
    with pytest.raises(AssertionError, match="must end with the rules at a glance"):
        glance_cells(late)
    partial = [f.name for f in dataclasses.fields(kasina.Rules)]
    assert missing_options(good, kasina.Rules) == [f for f in partial if f not in ("target", "hand_size")]
    assert visible_definitions(good) == [] and len(visible_definitions(defines)) == 1
    assert seed_cells(good) == [0] and seed_cells(defines + good) == [1, 2]


def test_readme_points_to_the_rules_at_a_glance():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Rules at a glance" in readme


# ---------------------------------------------------------------------------------------
# Markdown that renders as written in JupyterLab (its renderer, marked, is not CommonMark)

_NUMBERED = re.compile(r"^(\s*)(\d+)[.)]\s")


def stray_list_items(text: str) -> list[str]:
    """Lines of a paragraph that start with a number and a dot ("200. Það", "  6. A team"):
    JupyterLab's markdown renderer starts a numbered list there, at that number, in the
    middle of the sentence.  A line is a list item when the paragraph's line above it is
    blank or the item before it, at the same indentation, has the number before its own."""
    found, lines = [], text.splitlines()
    for i, line in enumerate(lines):
        m = _NUMBERED.match(line)
        if not m or i == 0 or not lines[i - 1].strip():
            continue
        indent, n = m.group(1), int(m.group(2))
        earlier = (_NUMBERED.match(lines[k]) for k in range(i - 1, -1, -1)
                   if lines[k].startswith(indent) and not lines[k][len(indent):][:1].isspace())
        before = next(earlier, None)
        if before is None or before.group(1) != indent or int(before.group(2)) != n - 1:
            found.append(line.strip()[:40])
    return found


MARKDOWN_FILES = sorted([*(ROOT / "notebooks").rglob("*.ipynb"), *(ROOT / "pages").glob("*.ipynb")])


@pytest.mark.parametrize("path", MARKDOWN_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_sentence_turns_into_a_numbered_list(path):
    bad = [line for c in cells(path) if c["cell_type"] == "markdown" for line in stray_list_items(source(c))]
    assert not bad, f"a line of a paragraph starts with a number and a dot (rewrap it): {bad}"


def test_the_numbered_list_check_can_fail():
    items = "1. **Deal** four cards\n   each.\n2. **Play** one card.\n\n10. a list may start anywhere"
    assert stray_list_items(items) == []
    assert stray_list_items("the team won all\n200. That proves nothing") == ["200. That proves nothing"]
    assert stray_list_items("- **Scoring**: no trick at all,\n  6. A team with 61") == ["6. A team with 61"]


def test_no_two_test_modules_share_a_name() -> None:
    """pytest imports test modules by their file's name (rootdir-relative packages are not
    used here): two `test_x.py` in different folders break the whole run's collection."""
    from collections import Counter

    names = Counter(p.name for p in (ROOT / "tests").rglob("test_*.py"))
    assert not [n for n, k in names.items() if k > 1]
