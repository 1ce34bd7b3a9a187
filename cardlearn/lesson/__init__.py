"""A lesson (kennslustund): a class joins by a short code and is seated at tables.

Begun (issue 34): the code pupils type (`codes`) and the rules of seating a class
(`seating`): pure functions, with their errors (`errors`).  The lesson kept in the rooms'
store, its join page, the teacher's page and the board come next."""

from __future__ import annotations

from cardlearn.lesson.codes import ALPHABET, CODE_LENGTH, new_code, read_code
from cardlearn.lesson.errors import LessonError
from cardlearn.lesson.seating import arrange, joined_name, lay_out, table_count

__all__ = [
           "ALPHABET",
           "CODE_LENGTH",
           "LessonError",
           "arrange",
           "joined_name",
           "lay_out",
           "new_code",
           "read_code",
           "table_count",
]
