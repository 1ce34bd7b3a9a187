"""The printable rules handouts (`cardlearn.handouts`): the committed files in `handouts/` are
exactly what the package draws, one A4 page each, and each page states every rule of the
notebook's "Rules at a glance" with the engine's numbers and a worked example the engine
computed."""

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
from cardlearn.games import GAMES as REGISTRY
from cardlearn.games import kasina, kinaskak, kozel, lomber
from cardlearn.games.extras import games_with
from cardlearn.games.kinaskak.view import contract_words
from cardlearn.handouts import kasina as kasina_page
from cardlearn.handouts import kinaskak as kinaskak_page
from cardlearn.handouts import kozel as kozel_page
from cardlearn.handouts import lomber as lomber_page

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "handouts"
COMMAND = "python -m cardlearn.handouts handouts"
GLANCE = "## Reglur í hnotskurn / Rules at a glance"
GAMES = tuple(sorted(games_with("handout")))  # the games whose INFO says they have a handout
# their notebooks, whose rules at a glance a handout states
NOTEBOOKS = {game: ROOT / "notebooks" / f"{REGISTRY[game].INFO.notebook}.ipynb"
             for game in GAMES if REGISTRY[game].INFO.notebook}
# Glance items about the Python API, not the rules: a printed page has no use for them.
NOT_ON_PAGE = {"kinaskak": {"Steps", "Notation"}, "lomber": {"Notation"}}
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


def test_every_game_has_a_handout():
    assert handouts.games() == GAMES


def test_importing_the_handouts_does_not_load_matplotlib():
    modules = ", ".join(f"cardlearn.handouts.{g}" for g in GAMES)
    code = f"import sys, {modules}; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------------------------------
# The content: every rule at a glance, with the engine's numbers

def glance_bullets(notebook: Path, game: str = "") -> dict[str, str]:
    """The notebook's rules at a glance: each bullet's bold name → its text (without the
    items about the Python API, `NOT_ON_PAGE`)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = next("".join(c["source"]) for c in cells
                if c["cell_type"] == "markdown" and "".join(c["source"]).startswith(GLANCE))
    text = text.split("\nThe same facts")[0]  # the bullets end where the engine's check begins
    # "- **Deal.** …", "- **Contracts**, rounds 1–8: …", "- **Buying** (*kaupa*). …"
    bullets = re.split(r"^- \*\*(.+?)\.?\*\*", text, flags=re.M)
    return {name: body for name, body in zip(bullets[1::2], bullets[2::2])
            if name not in NOT_ON_PAGE.get(game, ())}


@pytest.mark.parametrize("game", sorted(NOTEBOOKS))
def test_the_notebook_has_rules_at_a_glance(game):
    assert len(glance_bullets(NOTEBOOKS[game])) >= 5


@pytest.mark.parametrize("lang", handouts.LANGS)
@pytest.mark.parametrize("game", sorted(NOTEBOOKS))
def test_handout_states_every_rule_at_a_glance(game, lang):
    page = handouts.handout(game, lang)
    bullets = glance_bullets(NOTEBOOKS[game], game)
    covered = [name for section in page.sections for name in section.covers]
    assert sorted(covered) == sorted(bullets), "each rule at a glance is stated by exactly one section"
    text = handouts.plain_text(page)
    for name, body in bullets.items():
        prose = re.sub(r"`[^`]*`", "", body)  # the move notation is not printed on the page
        # nor are the engine's 0-based seat numbers: the pages name seats by place
        prose = re.sub(r"\bseats? \d+(?: and \d+)?", "", prose)
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
@pytest.mark.parametrize("game", GAMES)
def test_cards_are_written_with_suit_symbols_not_codes(game, lang):
    text = handouts.plain_text(handouts.handout(game, lang))
    assert not re.search(r"\b(10|[2-9JQKA])[SHDC]\b|\bJK\b", text)
    assert re.search(r"(10|[2-9JQKA])[♠♥♦♣]", text)


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


# ---------------------------------------------------------------------------------------
# The other three games: their numbers are the engine's, their examples the engine's play

def test_handouts_refuse_defaults_their_words_do_not_describe(monkeypatch):
    for module, rules in ((kozel, kozel.Rules(eggs_rule="double_next")),
                          (kinaskak, kinaskak.Rules(buy_priority="seat_order")),
                          (lomber, lomber.Rules(enable_totus=True))):
        with monkeypatch.context() as m:
            m.setattr(module, "Rules", lambda rules=rules: rules)
            name = module.__name__.rsplit(".", 1)[1]
            with pytest.raises(ValueError, match="describes other defaults"):
                handouts.handout(name, "en")


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_kozel_numbers_are_the_engines(lang):
    page = handouts.handout("kozel", lang)
    table = kozel.Rules().loss_table
    engine = [kozel.loss_points(p, t, table) for p, t in ((61, 1), (60, 1), (31, 1), (30, 1), (0, 0))]
    assert [p for _, p in page.scoring] == engine
    assert [p for _, p in page.scoring] == [0, 0, 2, 4, 6]
    order = page.sections[0].card_rows[0]
    assert [c.rank for c in order.items if isinstance(c, Card)] == list(kozel.RANK_ORDER)
    assert order.captions == tuple(str(kozel.CARD_POINTS[r]) for r in kozel.RANK_ORDER)
    text = handouts.plain_text(page)
    assert "120" in text and "61" in text and "31–59" in text and "12" in page.subtitle


def test_kozel_page_follows_the_engine_when_it_changes(monkeypatch):
    rules = kozel.Rules(loss_table=(25, 3, 5, 7), match_limit=10)
    monkeypatch.setattr(kozel, "Rules", lambda: rules)
    page = handouts.handout("kozel", "is")
    assert [p for _, p in page.scoring] == [0, 0, 3, 5, 7]
    assert "25–59" in handouts.plain_text(page) and "10 tapstig" in page.subtitle


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_kozel_example_is_the_engines_trick(lang):
    example = handouts.handout("kozel", lang).example
    played = [[c for c in row.items if isinstance(c, Card) or c is None] for row in example.rows]
    moves = [m.split(":")[-1].split("+") for m in kozel_page.EXAMPLE_MOVES]
    for shown, move in zip(played, moves):  # face-down cards are drawn as backs
        assert shown == [None] * len(move) or sorted(map(str, shown)) == sorted(move)
    # the trick's points counted apart from the engine's pile: every card played, face down too
    points = kozel.card_points(parse_cards(" ".join(c for m in moves for c in m)))
    assert points == 28 and f"{points}" in example.rows[-1].note
    winner = "Suður" if lang == "is" else "South"  # the last to beat: seat 0
    assert example.rows[-1].items[0] == f"{winner}:" and winner in example.note
    assert all("tekur" not in row.note and "takes" not in row.note for row in example.rows[:-1])


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_kinaskak_numbers_are_the_engines(lang):
    page = handouts.handout("kinaskak", lang)
    assert page.scoring[0][0] == ("1. umferð" if lang == "is" else "Round 1")
    assert [p for _, p in page.scoring] == [contract_words(n, lang) for n in range(1, 9)]
    penalties = page.sections[-1].card_rows[0]
    cards = [c for c in penalties.items if isinstance(c, Card)]
    assert penalties.captions == tuple(str(kinaskak.card_penalty(c)) for c in cards)
    assert penalties.captions == ("20", "15", "10", "10", "10", "10", "10", "5", "5")
    text = handouts.plain_text(page)
    for number in ("108", "162", "13 + 1 = 14", "60"):
        assert number in text


def test_kinaskak_page_follows_the_engine_when_it_changes(monkeypatch):
    rules = kinaskak.Rules(max_buys=2, max_turns_per_round=None)
    monkeypatch.setattr(kinaskak, "Rules", lambda: rules)
    text = handouts.plain_text(handouts.handout("kinaskak", "is"))
    assert "Mest tvisvar á mann" in text and "þrisvar" not in text


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_kinaskak_example_is_the_engines_lay_down(lang):
    example = handouts.handout("kinaskak", lang).example
    run, group, discard, left = example.rows
    assert [str(c) for c in run.items[1:]] == ["5H", "JK", "7H", "8H"] and "6♥" in run.note
    assert sorted(str(c) for c in group.items[1:]) == ["9C", "9D", "9S"]
    assert [str(c) for c in discard.items[1:]] == ["KC"]
    hand = (*parse_cards(kinaskak_page.EXAMPLE_HAND), Card.parse(kinaskak_page.EXAMPLE_DRAWN))
    gone = [c for row in (run, group, discard) for c in row.items[1:]]
    rest = sorted(hand, key=lambda c: c.key)
    for card in gone:
        rest.remove(card)
    assert sorted(left.items[1:], key=lambda c: c.key) == rest  # type: ignore[union-attr]
    assert f"{kinaskak.penalty(rest)}" in example.note and kinaskak.penalty(rest) == 45


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_lomber_numbers_are_the_engines(lang):
    page = handouts.handout("lomber", lang)
    levels = [str(c.level) for c in lomber.CONTRACTS.values()]
    assert [what.split(" ")[0] for what, _ in page.scoring] == levels
    for (_, cells), contract in zip(page.scoring, lomber.CONTRACTS.values()):
        assert isinstance(cells, tuple) and cells[0] == str(contract.pay[0])
    assert page.scoring[0][1] == ("1", "1", "2", "1")
    kupp = dict(page.scoring)["4 kúpp"]  # a lost kúpp costs more with each trick: "2+" and the note
    assert kupp == ("2", "2+", "–", "–")
    # what each defender gets when the kúpp declarer takes one trick, and two
    assert [lomber.deal_payments("kupp", 0, (t, 9 - t, 0), lomber.Rules())[1][1] for t in (1, 2)] == [2, 3]
    assert ("Kúpp tapað: 2, og 1 fyrir hvern slag" if lang == "is" else "Kúpp lost: 2, and 1 more") in \
        handouts.plain_text(page)
    black, red = page.sections[1].card_rows
    assert black.items == lomber.rules.trump_order("C") and red.items == lomber.rules.trump_order("H")
    assert len(black.items) == 11 and len(red.items) == 12
    assert "12" in page.subtitle and "40" in handouts.plain_text(page)


def test_lomber_page_follows_the_engine_when_it_changes(monkeypatch):
    rules = lomber.Rules(match_deals=9)
    monkeypatch.setattr(lomber, "Rules", lambda: rules)
    page = handouts.handout("lomber", "is")
    assert "9 gjafir" in page.subtitle and "12 gjafir" not in handouts.plain_text(page)


@pytest.mark.parametrize("lang", handouts.LANGS)
def test_lomber_example_is_the_engines_trick(lang):
    example = handouts.handout("lomber", lang).example
    lead, middle, rear = (row.items[1] for row in example.rows)
    assert [str(lead), str(middle), str(rear)] == list(lomber_page.EXAMPLE_TRICK)
    hands = [parse_cards(h) for h in lomber_page.EXAMPLE_HANDS]
    # the legal plays counted by the rule function, apart from the state the page played
    assert len(lomber.legal_plays(hands[1], [lead], "spil", "H")) == 9
    assert len(lomber.legal_plays(hands[2], [lead, middle], "spil", "H")) == 2
    assert "(9 " in example.rows[1].note and "(2 " in example.rows[2].note
    assert lomber.trick_winner([lead, middle, rear], "spil", "H") == 2
    assert ("á slaginn" if lang == "is" else "wins the trick") in example.rows[2].note
    assert "+2 / −1 / −1" in example.note


# The Icelandic review's items on the handouts: the phrases it named are gone, its
# suggestions are used.
REVIEWED = {
    "kasina": ({"sú umferð", "leggst saman", "eins og 5♠", "Sortirnar", "spilað út öllum", "á hinn autt",
                "í borð,", "upp í loft í borð"},
               {"samanlagt eru jafnhá", "(sama gildi)", "Litirnir", "leggja niður spil",
                "upp í loft á borðið"}),
    "kozel": ({"minna en 61", "Stig "}, {"tapstig", "egg", "Fjögur í lit"}),
    "kinaskak": ({"sömu tegundar", "rommý", "í lagningu", "hugsuð"},
                 {"þrjú eins spil", "markmið", "refsistig"}),
    "lomber": ({"gefur spilið", "gefið (", "sæti "},
               {"leggja sig", "leggur sig", "krúkk", "spöddu", "basta"}),
}


@pytest.mark.parametrize("game", sorted(REVIEWED))
def test_icelandic_review_items_are_fixed(game):
    text = handouts.plain_text(handouts.handout(game, "is"))
    gone, used = REVIEWED[game]
    assert not [phrase for phrase in gone if phrase in text]
    assert not [phrase for phrase in used if phrase not in text]


def test_numbers_in_words():
    assert [handouts.number_word(n, "is", "n") for n in (1, 2, 4, 5, 13)] == ["eitt", "tvö", "fjögur", "fimm",
                                                                               "þrettán"]
    assert handouts.number_word(2, "is", "k", "þf") == "tvo" and handouts.number_word(3, "is", "f") == "þrjár"
    assert handouts.number_word(4, "en") == "four" and handouts.number_word(40, "is") == "40"
    assert handouts.minus(-1) == "−1" and handouts.minus(2) == "+2" and handouts.minus(0) == "0"
    assert [handouts.count_is(n, "punktur", "punktar") for n in (1, 11, 21, 28, 61)] == [
        "1 punktur", "11 punktar", "21 punktur", "28 punktar", "61 punktur"]
    assert "61 punktur eða fleiri: vinnur" in handouts.plain_text(handouts.handout("kozel", "is"))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_longer_page_is_refused_for_every_game(game):
    page = handouts.handout(game, "is")
    longer = dataclasses.replace(page, sections=page.sections + page.sections[-3:])
    with pytest.raises(ValueError, match="off the page"):
        handouts.draw(longer)
