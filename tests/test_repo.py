"""Checks on the repository as a user receives it, and on the Kasína notebook's content.

A user who clones the project has no `../shared` folder, so nothing outside `tests/` may send
them there; the rules travel with the project in each notebook's last section, "Reglur í
hnotskurn / Rules at a glance", which must cover every variant option of the game's `Rules`.
These tests read files only; the notebooks themselves run under nbval.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
from pathlib import Path

import pytest

from cardlearn.games import kasina

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE_PATHS = ("../shared", "shared/rules/")  # folders a user of the repository does not have
GLANCE = "Reglur í hnotskurn / Rules at a glance"
KASINA_NOTEBOOK = ROOT / "notebooks" / "01-kasina.ipynb"


def tracked_files() -> list[str]:
    """The files git tracks in this checkout (what a clone gives a user)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    return [name for name in out.stdout.decode().split("\0") if name]


def mentions(root: Path, names: list[str], needles: tuple[str, ...]) -> list[str]:
    """`path: needle` for each named text file under `root` (outside `tests/`) that
    contains one of `needles`; binary files are skipped."""
    found = []
    for name in names:
        if name.startswith("tests/"):
            continue
        try:
            text = (root / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        found += [f"{name}: {needle}" for needle in needles if needle in text]
    return found


def test_no_tracked_file_points_outside_the_repository():
    assert mentions(ROOT, tracked_files(), OUTSIDE_PATHS) == []


def test_the_outside_path_check_can_fail(tmp_path):
    (tmp_path / "README.md").write_text("The rules are in `../shared/rules/kasina.md`.\n")
    (tmp_path / "ok.py").write_text("# the rules are in the notebook\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "t.py").write_text("# ../shared is fine in a test\n")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\xff\xfe ../shared")
    names = ["README.md", "ok.py", "tests/t.py", "logo.png"]
    assert mentions(tmp_path, names, OUTSIDE_PATHS) == ["README.md: ../shared", "README.md: shared/rules/"]


# ---------------------------------------------------------------------------------------
# The Kasína notebook

def cells() -> list[dict]:
    return json.loads(KASINA_NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def headings(cell: dict) -> list[str]:
    return re.findall(r"^## (.+)$", source(cell), flags=re.M) if cell["cell_type"] == "markdown" else []


def glance_cells() -> list[dict]:
    """The cells of the notebook's last section, from its `##` heading to the end."""
    all_cells = cells()
    starts = [i for i, c in enumerate(all_cells) if headings(c)]
    assert starts, "the notebook has no sections"
    last = starts[-1]
    assert headings(all_cells[last])[-1] == GLANCE, "the notebook must end with the rules at a glance"
    return all_cells[last:]


def output_text(cell: dict) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        for kind in ("text/html", "text/plain", "text/markdown"):
            parts.append("".join(out.get("data", {}).get(kind, "")))
    return "\n".join(parts)


def test_notebook_ends_with_the_rules_at_a_glance():
    text = "\n".join(source(c) for c in glance_cells())
    for fact in ("21", "svippur", "litla kasína", "stóra kasína", "last trick", "deals the next hand",
                 "only if no card in your hand", "5S:2C+3H+5D"):
        assert fact in text, f"the rules at a glance do not mention {fact!r}"


def test_rules_at_a_glance_lists_every_rules_field_with_its_default():
    shown = "\n".join(output_text(c) for c in glance_cells())
    for field in dataclasses.fields(kasina.Rules):
        assert f"<code>{field.name}</code>" in shown, f"option {field.name} is missing from the table"
        default = repr(field.default).replace("'", "&#x27;")
        assert f"<code>{default}</code>" in shown, f"the default of {field.name} is not shown"


def test_set_up_code_is_in_helpers_or_hidden():
    for cell in cells():
        if cell["cell_type"] == "code" and re.search(r"^\s*(def|class) ", source(cell), flags=re.M):
            hidden = cell["metadata"].get("jupyter", {}).get("source_hidden")
            why = "visible code defines something; move it to cardlearn.lessons or hide it"
            assert hidden, f"{why}:\n{source(cell)}"


def test_seed_is_set_once():
    sets = [c for c in cells() if c["cell_type"] == "code" and re.search(r"^SEED = ", source(c), flags=re.M)]
    assert len(sets) == 1


def test_readme_points_to_the_rules_at_a_glance():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Rules at a glance" in readme
