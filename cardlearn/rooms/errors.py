"""The rooms' errors: every one a `ValueError` (bad input, refused before anything is
written) with a `rule` naming the rule it enforces, so a page can say it in its own words.
An action the engine refuses raises the engine's own `cardlearn.core.IllegalMove`."""

from __future__ import annotations


class RoomError(ValueError):
    """Base of the rooms' errors; `rule` names the rule ("bad_room", "nothing_to_undo", ...)."""

    rule = "room"

    def __init__(self, message: str, *, rule: str | None = None):
        super().__init__(message)
        if rule is not None:
            self.rule = rule


class WrongToken(RoomError):
    """The token is not this seat's (or the seat is not a pupil's seat)."""

    rule = "wrong_token"


class StaleMove(RoomError):
    """`after`, the log length the caller saw, is not the log's length: someone wrote first."""

    rule = "stale"

    def __init__(self, message: str, *, length: int | None = None):
        super().__init__(message)
        self.length = length  # the log's length when the append was refused, when known


class NotYourTurn(RoomError):
    """The seat asked to move is not the seat to move (or not a computer seat)."""

    rule = "not_your_turn"


class Paused(RoomError):
    """The teacher holds the room (rule "paused"), or its lesson has ended (rule "ended"):
    nothing moves until it is resumed (an ended room never is)."""

    rule = "paused"


class CorruptLog(RoomError):
    """A room row or log entry the code cannot have written: edited, foreign or of another format."""

    rule = "corrupt_log"


class NoSuchRoom(RoomError):
    """No room with that id in the store."""

    rule = "no_such_room"
