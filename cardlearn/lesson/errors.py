"""A lesson's errors: each a `ValueError` (bad input, refused before anything changes)
with a `rule` naming the rule it enforces, so that a page says it in its own words."""

from __future__ import annotations

from cardlearn.rooms.errors import RoomError


class LessonError(RoomError):
    """Base of a lesson's errors; `rule` names the rule ("bad_code", "bad_name", ...)."""

    rule = "lesson"
