"""A lesson's code and seating (issue 34, begun): the rules as pure functions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlearn.lesson import (
    ALPHABET,
    CODE_LENGTH,
    LessonError,
    arrange,
    joined_name,
    lay_out,
    new_code,
    read_code,
)
from cardlearn.rooms.errors import RoomError

LOOK_ALIKES = "0OQD1ILJ2Z5S6G8BUV"


def test_codes_have_no_look_alikes_and_are_read_however_typed() -> None:
    assert not set(ALPHABET) & set(LOOK_ALIKES)
    rng = random.Random(7)
    codes = {new_code(rng) for _ in range(500)}
    assert len(codes) > 495 and all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in codes)
    code = sorted(codes)[0]
    typed = f" {code[:2].lower()}-{code[2:]} "
    assert read_code(typed) == code


@pytest.mark.parametrize(("typed", "says"), [("TX4M0", "'0'"), ("tx4m", "not 4"), ("TX4M97", "not 6"),
                                              ("Þ3479", "'Þ'")])
def test_a_wrong_code_is_refused_by_name(typed: str, says: str) -> None:
    with pytest.raises(LessonError) as err:
        read_code(typed)
    assert err.value.rule == "bad_code" and says in str(err.value)
    assert isinstance(err.value, ValueError)


def test_a_name_taken_gets_a_letter_and_says_so() -> None:
    assert joined_name("  Anna ", []) == ("Anna", False)
    assert joined_name("anna", ["Anna"]) == ("anna B", True)
    assert joined_name("Anna", ["Anna", "anna b"]) == ("Anna C", True)
    for bad in ("Tölva 2", "Þú", "R2D2", ""):
        with pytest.raises(RoomError) as err:
            joined_name(bad, [])
        assert err.value.rule == "bad_name"


@given(st.integers(0, 60), st.integers(2, 6))
def test_a_class_is_laid_out_evenly_with_as_few_computers_as_it_allows(pupils: int, size: int) -> None:
    names = [f"Nemi {chr(65 + i % 26)}{'a' * (i // 26)}" for i in range(pupils)]
    tables = lay_out(names, size)
    assert all(len(t) == size for t in tables)
    seated = [p for t in tables for p in t if p is not None]
    assert seated == names  # everyone, once, in the order they joined
    assert len(tables) == max(1, -(-pupils // size))  # no table more than needed
    counts = [size - t.count(None) for t in tables]
    assert max(counts) - min(counts) <= 1
    if pupils:
        assert min(counts) >= 1  # never a table of computers alone


def test_the_teacher_moves_pupils_between_tables_before_the_start() -> None:
    names = ["A", "B", "C", "D", "E"]
    assert arrange(names, 4, {}) == lay_out(names, 4)  # 3 + 2: the second table has two computers
    # E to the first table: into its computer's seat
    assert arrange(names, 4, {4: 0}) == [["A", "B", "C", "E"], ["D", None, None, None]]
    # D alone at a new table: its old table keeps E
    assert arrange(names, 4, {3: 2}) == [["A", "B", "C", None], ["E", None, None, None],
                                         ["D", None, None, None]]
    # both of the second table to the first: D takes the computer's seat, E changes places
    # with a pupil the teacher did not place (A)
    assert arrange(names, 4, {3: 0, 4: 0}) == [["E", "B", "C", "D"], ["A", None, None, None]]
    # a table left without pupils is dropped, never computers alone
    assert arrange(["A", "B", "C"], 2, {2: 0}) == [["C", "B"], ["A", None]]
    assert arrange(["A", "B", "C", "D"], 2, {2: 2, 3: 2}) == [["A", "B"], ["C", "D"]]
    # nonsense placements are left
    assert arrange(names, 4, {9: 0, 0: -1}) == lay_out(names, 4)
