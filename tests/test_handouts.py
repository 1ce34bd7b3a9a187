"""The printable rules handouts (`cardlearn.handouts`): the committed files in `handouts/` are
exactly what the package draws, one A4 page each, and each page states every rule of the
notebook's "Rules at a glance" with the engine's numbers."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardlearn import handouts
from cardlearn.cards import Card, parse_cards
from cardlearn.games import kasina
from cardlearn.handouts import kasina as kasina_page

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "handouts"
COMMAND = "python -m cardlearn.handouts handouts"
GLANCE = "## Reglur í hnotskurn / Rules at a glance"
NOTEBOOKS = {"kasina": ROOT / "notebooks" / "01-kasina.ipynb"}
A4 = (595.28, 841.89)  # points


def expected_names() -> set[str]:
    return {f"{game}-{lang}.{fmt}" for game in handouts.games() for lang in handouts.LANGS
            for fmt in ("pdf", "svg")}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    """The handouts drawn afresh, through the command's own entry point."""
    folder = tmp_path_factory.mktemp("handouts")
    assert handouts.main([str(folder)]) == 0
    return folder


# ---------------------------------------------------------------------------------------
# The files

@pytest.mark.slow
def test_every_game_with_a_handout_has_its_files_committed(fresh):
    assert {p.name for p in fresh.iterdir()} == expected_names()
    committed = {p.name for p in COMMITTED.iterdir()} if COMMITTED.is_dir() else set()
    assert committed == expected_names(), f"handouts/ is out of date: run `{COMMAND}`"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(expected_names()))
def test_committed_handout_is_regenerated_byte_for_byte(fresh, name):
    import matplotlib
    if matplotlib.__version__ != handouts.DRAWN_WITH:
        pytest.skip(f"handouts/ was drawn with matplotlib {handouts.DRAWN_WITH}, this is "
                    f"{matplotlib.__version__}: run `{COMMAND}` and set DRAWN_WITH")
    new, old = (fresh / name).read_bytes(), (COMMITTED / name).read_bytes()
    assert new == old, f"handouts/{name} differs from what the package draws: run `{COMMAND}`"


@pytest.mark.slow
def test_drawing_twice_gives_the_same_bytes(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    handouts.write("kasina", one, langs=["en"])
    handouts.write("kasina", two, langs=["en"])
    for name in ("kasina-en.pdf", "kasina-en.svg"):
        assert (one / name).read_bytes() == (two / name).read_bytes()


@pytest.mark.slow
def test_a_users_matplotlibrc_changes_nothing(tmp_path):
    rc = tmp_path / "matplotlibrc"
    rc.write_text("font.family: serif\nlines.linewidth: 4\nsvg.hashsalt: mine\npdf.compression: 0\n"
                  "svg.fonttype: none\nsavefig.facecolor: yellow\n")
    code = f"from cardlearn import handouts; handouts.write('kasina', {str(tmp_path)!r}, langs=['en'])"
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "MATPLOTLIBRC": str(rc)})
    for name in ("kasina-en.pdf", "kasina-en.svg"):
        assert (tmp_path / name).read_bytes() == (COMMITTED / name).read_bytes(), name


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(n for n in expected_names() if n.endswith(".pdf")))
def test_each_pdf_is_one_a4_page_without_dates(fresh, name):
    data = (fresh / name).read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == 1
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    assert box and (float(box[1]), float(box[2])) == pytest.approx(A4, abs=0.1)
    assert b"/CreationDate" not in data and b"/Producer" not in data and b"Matplotlib" not in data


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(n for n in expected_names() if n.endswith(".svg")))
def test_each_svg_is_a4_with_text_as_paths_and_no_date(fresh, name):
    text = (fresh / name).read_text(encoding="utf-8")
    assert re.search(r'<svg [^>]*width="595\.\d+pt" height="841\.\d+pt"', text)
    assert "<text" not in text  # no font needed to view it
    assert "<dc:date>" not in text and "Matplotlib" not in text


def test_the_command_names_its_usage_and_refuses_an_unknown_game(tmp_path, capsys):
    assert handouts.main([]) == 2
    assert "python -m cardlearn.handouts FOLDER" in capsys.readouterr().err
    assert handouts.main([str(tmp_path), "whist"]) == 1
    assert "no handout for 'whist'" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_importing_the_handouts_does_not_load_matplotlib():
    code = "import sys, cardlearn.handouts.kasina; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------------------------------
# The content: every rule at a glance, with the engine's numbers

def glance_bullets(notebook: Path) -> dict[str, str]:
    """The notebook's rules at a glance: each bullet's bold name → its text."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = next("".join(c["source"]) for c in cells
                if c["cell_type"] == "markdown" and "".join(c["source"]).startswith(GLANCE))
    bullets = re.split(r"^- \*\*(.+?)\.\*\*", text, flags=re.M)
    return {name: body for name, body in zip(bullets[1::2], bullets[2::2])}


@pytest.mark.parametrize("game", sorted(NOTEBOOKS))
def test_the_notebook_has_rules_at_a_glance(game):
    assert len(glance_bullets(NOTEBOOKS[game])) >= 5


@pytest.mark.parametrize("lang", handouts.LANGS)
@pytest.mark.parametrize("game", sorted(NOTEBOOKS))
def test_handout_states_every_rule_at_a_glance(game, lang):
    page = handouts.handout(game, lang)
    bullets = glance_bullets(NOTEBOOKS[game])
    covered = [name for section in page.sections for name in section.covers]
    assert sorted(covered) == sorted(bullets), "each rule at a glance is stated by exactly one section"
    text = handouts.plain_text(page)
    for name, body in bullets.items():
        prose = re.sub(r"`[^`]*`", "", body)  # the move notation is not printed on the page
        for number in set(re.findall(r"\d+", prose)):
            assert re.search(rf"(?<!\d){number}(?!\d)", text), f"{lang}: {name!r} says {number}"
        for term in re.findall(r"(?<!\*)\*([^*\n]+)\*(?!\*)", prose):  # Icelandic terms in italics
            assert term.lower() in text.lower(), f"{lang}: {name!r} names {term!r}"


def test_the_coverage_check_can_fail():
    page = handouts.handout("kasina", "en")
    bullets = glance_bullets(NOTEBOOKS["kasina"])
    fewer = dataclasses.replace(page, sections=page.sections[:-1])
    assert sorted(n for s in fewer.sections for n in s.covers) != sorted(bullets)


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_cards_are_written_with_suit_symbols_not_codes(lang):
    text = handouts.plain_text(handouts.handout("kasina", lang))
    assert not re.search(r"\b(10|[2-9JQKA])[SHDC]\b", text)
    assert "2♠" in text and "10♦" in text


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_kasina_numbers_are_the_engines(lang):
    page = handouts.handout("kasina", lang)
    row = kasina.hand_score((kasina.DECK, ()), sweeps=(1, 0), last_trick=0)
    assert [points for _, points in page.scoring] == [row[c][0] for c in kasina.CATEGORIES]
    assert [points for _, points in page.scoring] == [2, 5, 1, 1, 1, 1, 1]
    text = handouts.plain_text(page)
    assert f"{kasina.Rules().target}" in page.subtitle
    assert re.search(r"\b11\b", page.scoring_note)  # points per hand, without sweeps
    values = page.sections[1].cards
    assert values is not None
    assert [c.symbol for c in values.items] == [c.symbol for c in parse_cards(
        "2S 3H 4D 5C 6S 7H 8D 9C 10S JH QD KC AS")]
    assert values.captions == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "1 / 14")
    assert "52" in text


def test_kasina_page_follows_the_engine_when_it_changes(monkeypatch):
    real_score, rules = kasina.hand_score, kasina.Rules(target=25)

    def dearer(*args, **kwargs):  # an engine where litla kasína is worth 3
        row = dict(real_score(*args, **kwargs))
        extra = tuple(p // 2 for p in row["little_casino"])
        row["little_casino"] = tuple(p + e for p, e in zip(row["little_casino"], extra))
        row["total"] = tuple(t + e for t, e in zip(row["total"], extra))
        return row

    monkeypatch.setattr(kasina, "hand_score", dearer)
    monkeypatch.setattr(kasina, "Rules", lambda: rules)
    page = handouts.handout("kasina", "is")
    assert page.scoring[0][1] == 3
    assert "25" in page.subtitle and "21" not in handouts.plain_text(page)
    assert re.search(r"\b12\b", page.scoring_note)


def test_kasina_page_refuses_defaults_its_words_do_not_describe(monkeypatch):
    rules = kasina.Rules(trail_rule="free")
    monkeypatch.setattr(kasina, "Rules", lambda: rules)
    with pytest.raises(ValueError, match="trail_rule"):
        handouts.handout("kasina", "en")


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_kasina_example_is_every_capture_option(lang):
    example = handouts.handout("kasina", lang).example
    card, table = kasina_page.EXAMPLE_CARD, kasina_page.EXAMPLE_TABLE
    shown = [frozenset(i for i in row.items if isinstance(i, Card) and i != card) for row in example.rows[1:]]
    assert shown == kasina.capture_options(card, table)
    assert [i for i in example.rows[0].items if isinstance(i, Card)] == list(table)
    assert "svippur" in example.rows[-1].note and "svippur" not in example.rows[1].note
    assert "2\u00a0+\u00a03\u00a0=\u00a05" in example.rows[2].note


def test_kasina_groups_split_a_capture_into_its_parts():
    # The notebook's ace example: a played ace (14) takes the table ace by rank, 6 + 8, K + A.
    options = kasina.capture_options("AS", "AD 6C 8H KS")

    def split(cards: str) -> list[list[str]]:
        return sorted(sorted(map(str, g)) for g in kasina_page.groups(frozenset(parse_cards(cards)), options))

    assert split("AD 6C 8H KS") == [["6C", "8H"], ["AD", "KS"]]
    assert split("AD 6C 8H") == [["6C", "8H"], ["AD"]]
    assert split("AD KS") == [["AD", "KS"]]


@pytest.mark.slow
def test_a_page_that_does_not_fit_is_refused():
    page = handouts.handout("kasina", "en")
    longer = dataclasses.replace(page, sections=page.sections + page.sections[-2:])
    with pytest.raises(ValueError, match="off the page"):
        handouts.draw(longer)
