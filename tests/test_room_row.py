"""`room_from_row`: a `rooms` row read back has the column types `RoomRow` declares, or is
refused as foreign (`CorruptLog`) before `cardlearn.rooms.open` reads what it means."""

from __future__ import annotations

from typing import Any

import pytest

from cardlearn.rooms import CorruptLog
from cardlearn.rooms.store import COLUMNS, RoomRow, room_from_row

GOOD: tuple[Any, ...] = ("r1", 1, "kasina", "{}", 5, 2, '{"0": "human"}', "{}", 1.5)


def test_a_row_of_the_declared_types_is_read_as_it_is() -> None:
    row = room_from_row("r1", GOOD)
    assert row == RoomRow(*GOOD)
    assert room_from_row("r1", (*GOOD[:-1], 2)).created == 2  # a whole number is a time too


@pytest.mark.parametrize("column, value", [
    ("format", "1"), ("game", 3), ("rules", None), ("seed", -0.5), ("seed", True), ("players", 2.0),
    ("seats", b"{}"), ("created", "now"),
])
def test_a_column_of_another_type_is_foreign(column: str, value: Any) -> None:
    found = list(GOOD)
    found[COLUMNS["rooms"].index(column)] = value
    with pytest.raises(CorruptLog, match=f"room r1: its {column} is"):
        room_from_row("r1", found)


def test_a_row_of_other_columns_is_foreign() -> None:
    with pytest.raises(ValueError):
        room_from_row("r1", GOOD[:-1])
