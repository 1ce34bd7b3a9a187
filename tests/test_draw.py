"""Pictures: cards and tables are deterministic, well-formed, and never show a hidden card."""

from __future__ import annotations

import random
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import cardlearn
from cardlearn.cards import JOKER, Card, parse_cards, standard_deck
from cardlearn.draw import BLACK, RED, card_html, card_svg, hand_svg, sheet_svg, state_html, state_svg
from cardlearn.games import kasina

EVERY_CARD = (*standard_deck(), JOKER)
SVG = "{http://www.w3.org/2000/svg}"


def test_card_svg_is_deterministic_and_accepts_text():
    for card in EVERY_CARD:
        assert card_svg(card) == card_svg(card) == card_svg(str(card)) == card_svg(Card.parse(str(card)))
    assert card_svg("10D") == card_svg("TD") == card_svg("10♦")


def test_card_svg_is_stable_across_processes():
    code = ("from cardlearn.draw import card_svg; "
            "print(card_svg('QH') + card_svg('JK') + card_svg('2S', face_up=False))")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
            for _ in range(2)}
    assert runs == {card_svg("QH") + card_svg("JK") + card_svg("2S", face_up=False) + "\n"}


@pytest.mark.parametrize("face_up", [True, False])
def test_every_card_is_well_formed_svg(face_up):
    for card in EVERY_CARD:
        root = ET.fromstring(card_svg(card, face_up=face_up))
        assert root.tag == SVG + "svg"
        assert root.get("viewBox") == "0 0 70 100"
        assert "font-family" in root.attrib


def test_every_card_looks_different():
    pictures = {card_svg(card) for card in EVERY_CARD}
    assert len(pictures) == len(EVERY_CARD) == 53
    assert card_svg("AS", face_up=False) not in pictures


def test_a_face_down_card_hides_what_it_is():
    backs = {card_svg(card, face_up=False) for card in EVERY_CARD}
    assert len(backs) == 1
    back = backs.pop()
    root = ET.fromstring(back)
    assert not root.findall(f".//{SVG}text") and not root.findall(f".//{SVG}title")
    for symbol in "♠♥♦♣🃏":
        assert symbol not in back


def test_face_up_cards_name_themselves():
    for card in EVERY_CARD:
        root = ET.fromstring(card_svg(card))
        assert root.find(f"{SVG}title").text == card.symbol
        texts = "".join(t.text for t in root.iter(f"{SVG}text"))
        assert ("JÓKER" in texts) if card.is_joker else (card.rank in texts)


def test_red_and_black_suits():
    for card in standard_deck():
        picture = card_svg(card)
        if card.suit in "HD":
            assert RED in picture and BLACK not in picture, card
        else:
            assert BLACK in picture and RED not in picture, card


def test_card_repr_svg_and_package_entry_point_use_card_svg():
    for text in ("AS", "10D", "QH", "JK"):
        assert Card.parse(text)._repr_svg_() == card_svg(text)
    assert cardlearn.card_svg is card_svg


def test_card_html_scales_the_same_drawing():
    small = card_html("KC", height=72)
    assert 'height="72"' in small and 'width="50.4"' in small
    assert small.split(">", 1)[1] == card_svg("KC").split(">", 1)[1]


def test_hand_and_sheet_svgs():
    hand = hand_svg("AS 10D QH", overlap=0.5)
    root = ET.fromstring(hand)
    assert [t.text for t in root.iter(f"{SVG}title")] == ["A♠", "10♦", "Q♥"]
    assert hand == hand_svg(parse_cards("AS 10D QH"), overlap=0.5)
    assert root.get("width") == str(70 + 2 * 35)
    fanned = ET.fromstring(hand_svg("AS 10D QH", fan=8))
    assert fanned.get("viewBox").startswith("-")
    backs = sheet_svg([["AS", None], [None]])
    assert [t.text for t in ET.fromstring(backs).iter(f"{SVG}title")] == ["A♠"]
    assert "<text" not in hand_svg("AS 10D QH", face_up=False)


def _hidden_and_seen(state, seat):
    """The cards `seat` cannot see and those it can (kasina): other hand + stock vs. own hand + table."""
    hidden = list(state.hands[1 - seat]) + list(state.stock)
    seen = list(state.hands[seat]) + list(state.table)
    return hidden, seen


def _positions():
    state = kasina.new_game(seed=2026)
    rng = random.Random(7)
    for _ in range(30):
        yield state
        state = state.apply(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("draw", [state_html, state_svg])
def test_the_table_shows_exactly_what_the_seat_may_see(draw):
    for state in _positions():
        for seat in (0, 1):
            picture = draw(state, seat)
            shown = [t.text for t in ET.fromstring(picture).iter(f"{SVG}title")]
            hidden, seen = _hidden_and_seen(state, seat)
            assert sorted(shown) == sorted(c.symbol for c in seen)
            for card in hidden:  # one deck: no hidden card has a twin in sight
                assert card.symbol not in picture, card
            backs = picture.count('fill="#1f4e8c"') // 2  # each back: its panel and its medallion
            assert backs == len(state.hands[1 - seat]) + min(len(state.stock), 3)


def test_state_html_is_deterministic_and_has_no_scripts():
    state = kasina.new_game(seed=2026)
    html = state_html(state)
    assert html == state_html(kasina.new_game(seed=2026)) == state._repr_html_()
    assert "<script" not in html and " id=" not in html
    assert "Kasína" in html and "Sæti 0 (þú)" in html and "Borð" in html
    english = state_html(state, 1, "en")
    assert "Casino" in english and "Seat 1 (you)" in english and "Seat 0 — to move" in english


def test_state_html_after_the_match_defaults_to_seat_zero():
    state = kasina.new_game(seed=3, rules=kasina.Rules(target=1))
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state_html(state) == state_html(state, 0)
    assert "leik lokið" in state_html(state)


def test_drawing_does_not_weigh_down_the_engines():
    code = ("import cardlearn.games.kasina, cardlearn.draw, sys; "
            "assert 'matplotlib' not in sys.modules and 'ipywidgets' not in sys.modules, "
            "[m for m in sys.modules if m.startswith(('matplotlib', 'ipywidgets'))]")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.slow
def test_images_command_writes_every_picture_the_same_way_twice(tmp_path):
    from cardlearn.images import PICTURES
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in (first, second):
        subprocess.run([sys.executable, "-m", "cardlearn.images", str(folder)], check=True,
                       capture_output=True)
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(PICTURES) and {"deck.svg", "decks.png", "kasina-deal.svg"} <= set(names)
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    deck = ET.parse(first / "deck.svg").getroot()
    titles = [t.text for t in deck.iter(f"{SVG}title")]
    assert sorted(titles) == sorted(c.symbol for c in standard_deck()), "every card once"
    assert (first / "decks.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
