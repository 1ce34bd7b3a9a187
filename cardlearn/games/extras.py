"""What each game has beyond its package, read from the registry: its `INFO` says whether
it has a course notebook, a classroom page, lab questions and a handout (the `GameInfo`
fields `notebook`, `page`, `lab`, `handout`).  The lab, the pages' index, the static site,
the benchmarks and the tests take their games from here, so a new game needs no list of
names edited outside its package (docs/adding-a-game.md)."""

from __future__ import annotations

from cardlearn.games import GAMES

__all__ = ["EXTRAS", "games_with", "page_index", "seats"]

EXTRAS = ("notebook", "page", "lab", "handout")


def games_with(extra: str) -> list[str]:
    """The games whose `INFO` switches `extra` on (one of `EXTRAS`), in the order of `GAMES`."""
    if extra not in EXTRAS:
        raise ValueError(f"a game's extra is one of {', '.join(EXTRAS)}, not {extra!r}")
    return [name for name, module in GAMES.items() if getattr(module.INFO, extra)]


def seats(players: tuple[int, int]) -> str:
    """A game's seats in words: "3", or "2–6" where the number may vary."""
    low, high = players
    return str(low) if low == high else f"{low}–{high}"


def page_index() -> dict[str, dict[str, str]]:
    """What the classroom pages' index (pages/.voila/voila/templates/cardlearn/tree-lab.html,
    given it by pages/.voila/voila.py) says of each game with a page, by the game's name:
    `names` its title, `seats` its seats in words, and `course` its notebook's stem (of the
    games that have one)."""
    pages = games_with("page")
    return {
        "names": {game: str(GAMES[game].INFO.page) for game in pages},
        "seats": {game: seats(GAMES[game].INFO.players) for game in pages},
        "course": {game: str(GAMES[game].INFO.notebook) for game in pages if GAMES[game].INFO.notebook},
    }
