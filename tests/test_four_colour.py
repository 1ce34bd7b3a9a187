"""The four-colour deck (issue 33, point 6): ♦ blue and ♣ green, chosen per seat and kept
like the language.  The card pictures' new colours are checked by computation: at least
4.5:1 against the card's face (WCAG's ratio), and still apart from black and red for a
reader without red or green cones (the Machado–Oliveira–Fernandes simulation)."""

from __future__ import annotations

import base64
import itertools
import re

import pytest

# the room tests' own: every test's rooms in a file of its own (autouse here too), a page reopened
from test_room_table import reopen, rooms_file  # noqa: F401

from cardlearn import rooms
from cardlearn.draw import BLACK, BLUE, FOUR_COLOURS, GREEN, RED, SUIT_COLOURS, card_svg
from cardlearn.table import Table, play
from cardlearn.table.look import FOUR_COLOUR_ROOT, four_colour_style, stylesheet
from cardlearn.table.room import RoomModel, RoomTable
from cardlearn.table.view import classes_of, walk

FACE, COURT_FRAME = "#ffffff", "#fff8e7"  # a card's face, and the cream inside a court card's frame


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _rgb(colour: str) -> tuple[float, float, float]:
    r, g, b = (_linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return r, g, b


def luminance(colour: str) -> float:
    r, g, b = _rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours (#rrggbb)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
SIMULATIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
}


def lab(colour: str, seen_by: str) -> tuple[float, float, float]:
    """CIELAB (D65) of `colour` as a reader with `seen_by` vision sees it."""
    rgb = _rgb(colour)
    r, g, b = (min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb)))) for row in SIMULATIONS[seen_by])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str, seen_by: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a, seen_by), lab(b, seen_by))) ** 0.5


# -- the pictures ----------------------------------------------------------------------


def fills(svg: str) -> set[str]:
    return set(re.findall(r'(?:fill|stroke)="(#[0-9a-f]{6})"', svg))


@pytest.mark.parametrize("card, old, new", [("7D", RED, BLUE), ("KD", RED, BLUE), ("AC", BLACK, GREEN),
                                             ("QC", BLACK, GREEN)])
def test_a_diamond_or_club_is_drawn_in_its_new_colour_only_with_four_colours(card, old, new):
    two, four = card_svg(card), card_svg(card, four_colour=True)
    assert old in fills(two) and new not in fills(two)
    assert new in fills(four) and old not in fills(four)


@pytest.mark.parametrize("card", ["7H", "KH", "AS", "QS", "JK"])
def test_hearts_spades_the_joker_and_the_back_are_the_same_in_both_decks(card):
    assert card_svg(card, four_colour=True) == card_svg(card)
    assert card_svg(card, face_up=False, four_colour=True) == card_svg(card, face_up=False)


def test_the_two_colour_deck_is_unchanged():
    assert SUIT_COLOURS == {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
    assert FOUR_COLOURS == {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}


@pytest.mark.parametrize("colour", sorted(set(FOUR_COLOURS.values())))
@pytest.mark.parametrize("ground", [FACE, COURT_FRAME])
def test_each_suits_colour_has_at_least_4_5_to_1_on_the_card(colour, ground):
    # the pips and indices on the white face, a court card's figure on its cream frame (and
    # the small white pip on the figure's chest, on the colour: the same ratio as the face)
    assert contrast(colour, ground) >= 4.5, f"{colour} on {ground}: {contrast(colour, ground):.2f}:1"


def test_the_contrast_computation_is_wcags():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the familiar grey


@pytest.mark.parametrize("seen_by", sorted(SIMULATIONS))
def test_the_four_suits_colours_stay_apart_without_red_or_green_cones(seen_by):
    # ΔE*ab 15 is many times a just-noticeable difference (≈2.3); red and green are the
    # closest pair for protanopes and deuteranopes (≈19), the suit's shape is there too
    for (a, x), (b, y) in itertools.combinations(FOUR_COLOURS.items(), 2):
        apart = delta_e(x, y, seen_by)
        assert apart >= 15, f"{a} {x} and {b} {y} for {seen_by}: {apart:.1f}"


# -- the table -------------------------------------------------------------------------


def four_button(table: Table):
    [button] = table.find("cardlearn-four-colour")
    return button


def style_texts(table: Table) -> list[str]:
    """Every <style> a table's widgets carry."""
    values = [getattr(w, "value", None) for w in walk(table)]
    return [v for v in values if isinstance(v, str) and "<style" in v]


def test_the_table_in_four_colours_has_the_class_and_only_the_changed_faces_rules():
    table = play("kozel", seed=3, delay=0)
    assert not table.four_colour and FOUR_COLOUR_ROOT not in classes_of(table)
    assert not any(FOUR_COLOUR_ROOT in s for s in style_texts(table))  # nothing extra is sent
    assert four_button(table).button_style == ""
    assert four_button(table).description == "Fjórir litir"
    assert four_button(table).tooltip == "Tígull blár, lauf grænt"
    four_button(table).click()
    assert table.four_colour and FOUR_COLOUR_ROOT in classes_of(table)
    assert "cardlearn-table" in classes_of(table) and "cardlearn-widget" in classes_of(table)
    assert four_button(table).button_style == "success"  # pressed: the pages' mod-success
    [extra] = [s for s in style_texts(table) if FOUR_COLOUR_ROOT in s]
    assert extra == four_colour_style()
    scoped = re.findall(r"\.cardlearn-deck-four \.cardlearn-card-(\w+)\{", extra)
    assert len(scoped) == 26 and {code[-1] for code in scoped} == {"D", "C"}
    assert stylesheet() in style_texts(table)  # the big stylesheet is the same for everyone
    table.lang = "en"
    assert four_button(table).description == "Four colours"
    assert four_button(table).tooltip == "Diamonds blue, clubs green"
    table.new_game()
    assert table.four_colour and FOUR_COLOUR_ROOT in classes_of(table)  # a new game keeps it
    four_button(table).click()
    assert not table.four_colour and FOUR_COLOUR_ROOT not in classes_of(table)
    assert not any(FOUR_COLOUR_ROOT in s for s in style_texts(table))
    assert four_button(table).button_style == ""
    table.close()


def test_the_four_colour_rules_draw_the_four_colour_pictures():
    css = four_colour_style()
    pictures = {code: base64.b64decode(data).decode() for code, data in
                re.findall(r"\.cardlearn-card-(\w+)\{background-image:url\(data:image/svg\+xml;base64,([^)]+)\)",
                           css)}
    assert pictures["7D"] == card_svg("7D", four_colour=True)
    assert pictures["KC"] == card_svg("KC", four_colour=True)


# -- a room's seat ---------------------------------------------------------------------


def test_a_room_seats_choice_is_kept_across_a_reopened_page_and_is_its_own():
    room = rooms.create("kasina", [0, 1], seed=3)
    first, second = (RoomModel(room, s, room.tokens[s]) for s in (0, 1))
    assert not first.four_colour and room.pref(0, "deck", None) is None
    first.four_colour = True
    assert room.pref(0, "deck", None) == "four"
    again = reopen(first)
    assert again.four_colour
    assert not reopen(second).four_colour  # the other seat's pupil chose nothing
    table = RoomTable(again, delay=0)
    try:
        assert FOUR_COLOUR_ROOT in classes_of(table)
        four_button(table).click()  # off again, through the page's button
        assert rooms.open(room.id).pref(0, "deck", None) == "two"
    finally:
        table.close()
    assert not reopen(first).four_colour
