"""Seating a class (að raða í sæti): names as pupils give them, tables of the game's size.

Pure rules, no store: a name a pupil types is checked as a room's pupil names are
(`cardlearn.rooms.pupil_name`) and, when another pupil of the lesson has it already, gets
a letter ("Anna B"), which the join page says; the class is laid out in tables of the
game's size with as few computers (tölvur) as the class allows, spread so that no table
has more than one computer more than another, and never a table of computers alone; the
teacher may move pupils between tables before the start (`arrange`)."""

from __future__ import annotations

import math
import string
from collections.abc import Mapping, Sequence

from cardlearn.lesson.errors import LessonError
from cardlearn.rooms import pupil_name

Table = list[str | None]  # a table's seats in order: a pupil's name, or None for a computer


def joined_name(wanted: str, taken: Sequence[str]) -> tuple[str, bool]:
    """The name a joining pupil sits under, and whether it differs from the one typed:
    `wanted` checked (`RoomError`, rule "bad_name"), then, if a pupil of the lesson has
    it already (in any case), with the first free letter after it ("Anna B")."""
    name = pupil_name(wanted)
    used = {t.casefold() for t in taken}
    if name.casefold() not in used:
        return name, False
    for letter in string.ascii_uppercase[1:]:
        marked = f"{name} {letter}"
        if marked.casefold() not in used:
            return pupil_name(marked), True
    raise LessonError(f"too many pupils are called {name!r}: give another name", rule="bad_name")


def table_count(pupils: int, size: int) -> int:
    """How many tables of `size` seats a class of `pupils` needs (at least one)."""
    if size < 1:
        raise ValueError(f"a table has at least one seat, not {size}")
    return max(1, math.ceil(pupils / size))


def lay_out(pupils: Sequence[str], size: int) -> list[Table]:
    """The class in tables of `size` seats, in the order the pupils joined: as few tables
    as hold them all, the pupils spread evenly over them (tables differ by one pupil at
    most), each table's empty seats, at its end, for computers (None)."""
    n = table_count(len(pupils), size)
    base, extra = divmod(len(pupils), n)
    tables: list[Table] = []
    start = 0
    for i in range(n):
        k = base + (1 if i < extra else 0)
        tables.append([*pupils[start:start + k], *([None] * (size - k))])
        start += k
    return tables


def arrange(pupils: Sequence[str], size: int, placed: Mapping[int, int]) -> list[Table]:
    """The class laid out as `lay_out` does, then each pupil the teacher placed (`placed`:
    pupil number -> table number) moved to that table: into a computer's seat, else in
    exchange for an unplaced pupil, who takes the mover's old seat.  A table number past
    the last makes a new table; a table left without pupils is dropped (never computers
    alone).  A placement that cannot be kept (its table full of placed pupils) is left."""
    tables = lay_out(pupils, size)
    where = {name: t for t, table in enumerate(tables) for name in table if name is not None}
    for n, t in placed.items():
        if not 0 <= n < len(pupils) or not 0 <= t < len(pupils) or where[pupils[n]] == t:
            continue
        name = pupils[n]
        while t >= len(tables):
            tables.append([None] * size)
        old = tables[where[name]]
        if None in tables[t]:
            tables[t][tables[t].index(None)] = name
            old[old.index(name)] = None
        else:
            other = next((p for p in tables[t] if p is not None and pupils.index(p) not in placed), None)
            if other is None:
                continue
            tables[t][tables[t].index(other)], old[old.index(name)] = name, other
            where[other] = where[name]
        where[name] = t
    # computers' seats at each table's end, as `lay_out` leaves them
    return [[*[p for p in t if p is not None], *[None] * t.count(None)] for t in tables if any(t)]
