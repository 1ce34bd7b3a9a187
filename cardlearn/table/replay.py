"""Stepping through a game afterwards (`replay`, `Replay`): ⏮ ◀ ▶ ⏭ and a slider.

The table is drawn as one seat sees it, and each move is told as that seat would have
heard it (`describe(..., viewer=seat)`): a face-down discard stays face down.  Only a
finished game may be shown with every hand open (`show_all=True`, an all-seeing narrator).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from cardlearn.table.look import esc
from cardlearn.table.words import WORDS, check_lang, symbols


def states_of(state: Any) -> list[Any]:
    """Every position of `state`'s game, from `state.start()` to `state` itself."""
    states = [state.start()]
    for action in state.history:
        states.append(states[-1].apply(action))
    if states[-1] != state:
        raise ValueError("replaying this game's moves from its start does not give the same position")
    return states


def replay(state: Any, *, seat: int | None = None, show_all: bool = False, lang: str = "is") -> Replay:
    """A widget to step through `state`'s game; see `Replay`."""
    return Replay(state, seat=seat, show_all=show_all, lang=lang)


class Replay(widgets.VBox):
    """Steps back and forth through a game; `index` is the number of moves made (0 to
    `len(state.history)`).  The table is drawn as `seat` sees it (default seat 0);
    `show_all` (a finished game only) tells every move in full and adds every hand."""

    def __init__(self, state: Any, *, seat: int | None = None, show_all: bool = False, lang: str = "is"):
        super().__init__()
        if show_all and not state.is_over:
            raise ValueError("show_all shows every hidden card, so it is only for a finished game")
        if seat is not None and seat not in range(state.players):
            raise ValueError(f"seat {seat!r} is not a seat of this game: seats are 0 to {state.players - 1}")
        self.game, self.states, self.moves = state.GAME, states_of(state), tuple(state.history)
        self.seat, self.show_all, self.lang = (0 if seat is None else seat), show_all, check_lang(lang)
        self._slider = widgets.IntSlider(min=0, max=len(self.moves), value=0)
        self._slider.add_class("cardlearn-replay-slider")
        self._slider.observe(lambda _change: self._render(), "value")
        steps = [
            ("|◀", lambda: 0, "first"),
            ("◀", lambda: self.index - 1, "back"),
            ("▶", lambda: self.index + 1, "forward"),
            ("▶|", lambda: len(self.moves), "last"),
        ]
        buttons = []
        for label, where, css in steps:
            button = widgets.Button(description=label, layout=widgets.Layout(width="44px"))
            button.on_click(lambda _b, where=where: setattr(self, "index", where()))
            button.add_class(f"cardlearn-replay-{css}")
            buttons.append(button)
        self._caption, self._picture, self._hands = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self._caption.add_class("cardlearn-replay-move")
        self._picture.add_class("cardlearn-replay-picture")
        self.add_class("cardlearn-replay")
        self.children = (widgets.HBox([*buttons, self._slider]), self._caption, self._picture, self._hands)
        self._render()

    @property
    def index(self) -> int:
        value: int = self._slider.value  # an IntSlider's value (ipywidgets is untyped)
        return value

    @index.setter
    def index(self, value: int) -> None:
        self._slider.value = max(0, min(len(self.moves), int(value)))

    @property
    def state(self) -> Any:
        return self.states[self.index]

    @property
    def viewer(self) -> int | None:
        """Whose eyes the words use: the seat shown, or nobody's (all-seeing) with `show_all`."""
        return None if self.show_all else self.seat

    def caption(self, i: int) -> str:
        """Move `i` (1-based) in words, as the viewer heard it."""
        w, before = WORDS[self.lang], self.states[i - 1]
        said: str = self.game.describe(before, self.moves[i - 1], self.lang, viewer=self.viewer,
                                       who=lambda s: w["seat"].format(n=s))
        return said

    def _render(self) -> None:
        from cardlearn.draw import state_html

        w, i = WORDS[self.lang], self.index
        if i == 0:
            self._caption.value = f"<b>{esc(w['start'])}</b>"
        else:
            self._caption.value = (
                f"<b>{esc(w['move_n'].format(i=i, n=len(self.moves)))}</b> — {esc(self.caption(i))}"
            )
        self._picture.value = state_html(self.state, self.seat, self.lang)
        if self.show_all:
            hands = (
                (s, self.game.layout(self.state, s, self.lang).get("hand", []))
                for s in range(self.state.players)
            )
            self._hands.value = "<br>".join(
                f"{esc(w['seat'].format(n=s))}: {esc(symbols(_face_up(h)) or w['nothing'])}" for s, h in hands
            )

    def __repr__(self) -> str:
        return f"<cardlearn Replay: {self.game.NAME[self.lang]}, move {self.index} of {len(self.moves)}>"


def _face_up(entries: list[Any]) -> list[str]:
    cards = (e.get("card") if isinstance(e, dict) else e for e in entries)
    return [str(c) for c in cards if c]
