"""Rooms played by computers for the lesson's report and board tests: every seat chooses
with the game's "thumb" bot (seeded, so a test sees the same match each run); a pupil seat's
choice is written as the pupil's move, a computer seat's as the computer's."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from cardlearn import rooms
from cardlearn.rooms import Room, connect

GAMES = ("kasina", "kozel", "kinaskak", "lomber")


def new_room(game: str, where: Path, *, humans: Sequence[int] = (0,), seed: int = 3,
             names: Mapping[int, str] | None = None) -> Room:
    return rooms.create(game, list(humans), seed=seed, level="thumb", names=names,
                        store=connect(where / f"{game}.sqlite"))


def play(room: Room, moves: int) -> Iterator[Room]:
    """Play up to `moves` moves (fewer if the match ends), yielding the room after each."""
    bots = {s: room.module.BOTS["thumb"](seed=100 + s) for s in range(room.players)}
    for _ in range(moves):
        state = room.state()
        seat = state.to_move
        if seat is None:
            return
        action = str(bots[seat].choose(state, seat))
        if seat in room.humans:
            room.play(seat, room.tokens[seat], action, after=len(room))
        else:
            room.play_computer(action, after=len(room))
        yield room
