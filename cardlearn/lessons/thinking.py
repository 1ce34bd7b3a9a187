"""How the computer thinks: the search bot's reasoning for one move, as numbers and a picture.

For any game in `cardlearn.games.GAMES`:

- `think(state, seed, iterations)` — what the game's search bot (`BOTS["search"]`) thinks
  about the position for the seat to move: a `cardlearn.bots.Thought`;
- `move_label(state, action, lang)` — a legal move in the game's words, as the seat to move
  sees it;
- `thinking_lines(state, thought, lang)` — the same numbers the picture shows, as text lines
  (a notebook prints them, so every number in its prose can be checked against them);
- `compare(thought, action, other)` — how much better one move did than another in the
  imagined deals both met, and how much of that luck alone could explain;
- `thinking_figure(state, thought, lang)` — a matplotlib `Figure`: one horizontal bar per
  legal move, as long as the share of its simulated deals that the move won, with the number of
  simulations and the mean margin written beside it; the bot's choice highlighted, the
  rule-of-thumb move marked;
- `thinking_png(...)` / `thinking_image(...)` — that figure as PNG bytes / an
  `IPython.display.Image`, the same bytes on every run.

The search runs with an iteration bound and no clock (`seconds=None`), so its result depends
only on what the seat to move sees and the seed: a notebook's stored output is reproduced
exactly.  matplotlib is imported only when a picture is drawn, so that importing the package
stays fast.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from cardlearn.bots import Comparison, MoveResult, SearchBot, Thought, paired
from cardlearn.protocol import AnyState

if TYPE_CHECKING:  # only for the type hints: the module must not import matplotlib itself
    from IPython.display import HTML, Image
    from matplotlib.figure import Figure

CHOSEN = "#c0392b"    # the bar of the move the search plays
OTHER = "#9aa5b1"     # every other bar
PREFERRED_HATCH = "//"  # the rule-of-thumb move's bar is hatched (and its label says so)

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "row": "won {pct} % of {n} imagined {deals} · mean margin {margin}",
        "none": "not tried",
        "thumb": "rule of thumb",
        "axis": "won in the imagined deals (%)",
        "title": "Seat {seat} to move: {worlds} imagined deals, {sims} simulations",
        "chosen": "the search plays this",
        "preferred": "the rule-of-thumb move",
    },
    "is": {
        "row": "prófað í {n} {deals}, sigur í {pct} % þeirra, meðalmunur {margin}",
        "none": "ekki prófað",
        "thumb": "þumalputti",
        "axis": "hlutfall sigra í ímynduðu spilunum (%)",
        "title": "Sæti {seat} á leik: {worlds} ímynduð spil, {sims} hermanir",
        "chosen": "leitarinn velur þetta",
        "preferred": "þumalputtareglan",
    },
}
_DEALS = {"en": ("deal", "deals"), "is": ("ímynduðu spili", "ímynduðum spilum")}  # one, many


def think(state: AnyState, seed: int = 0, iterations: int = 200) -> Thought:
    """The search bot's thought about `state` for the seat to move.  Bounded by
    `iterations` simulations and by no clock, so the result depends only on that seat's
    observation and `seed`, never on how fast the computer is."""
    if state.to_move is None:
        raise ValueError("the game is over: no seat is to move, so there is nothing to think about")
    # state.GAME is typed Any (see protocol.State); every game's "search" level is a SearchBot
    bot: SearchBot = state.GAME.BOTS["search"](seed=seed, iterations=iterations, seconds=None)
    return bot.think(state, state.to_move)


def move_label(state: AnyState, action: Any, lang: str = "en") -> str:
    """`action` in the game's words, as the seat to move sees it (its own face-down cards
    named, nobody else's); the notation where a game has no `describe`."""
    describe: Callable[..., str] | None = getattr(state.GAME, "describe", None)  # AnyGame.describe
    if describe is None:
        return str(action)
    return describe(state, action, lang, viewer=state.to_move)


def _row_text(result: MoveResult, lang: str) -> str:
    """What is written beside one bar: win rate, simulations, mean margin."""
    w = _WORDS[lang]
    if not result.simulations:
        return w["none"]
    n, margin = result.simulations, f"{result.mean_margin:+.2f}"
    if lang == "is":
        margin = margin.replace(".", ",").replace("-", "\u2212")  # decimal comma and a real minus sign
    return w["row"].format(pct=round(100 * result.win_rate), n=n, deals=_DEALS[lang][n != 1], margin=margin)


def thinking_lines(state: AnyState, thought: Thought, lang: str = "en") -> list[str]:
    """One line per legal move, in `legal_actions()` order: its words, notation and numbers,
    `*` before the move the search plays and `(rule of thumb)` after the rule-of-thumb move."""
    lines = []
    for result in thought.moves:
        mark = "*" if result.action == thought.choice else " "
        thumb = f" ({_WORDS[lang]['thumb']})" if result.action == thought.preferred else ""
        lines.append(f"{mark} {move_label(state, result.action, lang)} [{result.action}]: "
                     f"{_row_text(result, lang)}{thumb}")
    return lines


def compare(thought: Thought, action: Any, other: Any) -> Comparison:
    """`action` against `other` in the same imagined deals (`cardlearn.bots.paired`): every
    move still in the running meets the same new deals in the same order, and a move that
    dropped out keeps the deals it met.  `.clearly_better(caution)` is what the search bot
    asks before it leaves the rule-of-thumb move (the game's `BOTS["search"].caution`)."""
    return paired(thought.result(action).margins, thought.result(other).margins)


@contextmanager
def _style() -> Iterator[None]:
    """matplotlib's own defaults, whatever a user's matplotlibrc says: the same picture,
    byte for byte, on every machine with the same matplotlib."""
    import matplotlib

    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        yield


def thinking_figure(state: AnyState, thought: Thought, lang: str = "en") -> Figure:
    """One horizontal bar per legal move (top to bottom in `legal_actions()` order), labelled
    with the move's words; bar length = the share of its simulated deals the move won (0–100 %),
    the number of simulations and the mean margin written beside it.  The move the search plays
    is the red bar; the rule-of-thumb move is hatched and says so in its label."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    w = _WORDS[lang]
    results = thought.moves
    labels = [move_label(state, r.action, lang)
              + (f"  ({w['thumb']})" if r.action == thought.preferred else "") for r in results]
    with _style():
        # Agg explicitly: the picture does not depend on the notebook's backend.
        fig = Figure(figsize=(10, 1.3 + 0.42 * len(results)), dpi=100)
        FigureCanvasAgg(fig)
        fig.patch.set_facecolor("white")
        height = fig.get_figheight()
        ax = fig.add_axes((0.35, 0.9 / height, 0.3, 1 - 1.45 / height))
        rows = range(len(results))
        bars = ax.barh(rows, [100 * r.win_rate for r in results], height=0.6,
                       color=[CHOSEN if r.action == thought.choice else OTHER for r in results],
                       edgecolor="black", linewidth=0.6)
        for bar, result in zip(bars, results):
            bar.set_gid(str(result.action))  # lets a test find each move's bar by its notation
            if result.action == thought.preferred:
                bar.set_hatch(PREFERRED_HATCH)
        ax.set_yticks(list(rows), labels)
        ax.set_ylim(len(results) - 0.5, -0.5)  # the first legal move on top
        ax.set_xlim(0, 100)
        ax.set_xticks([0, 25, 50, 75, 100])
        ax.xaxis.grid(True, color="#dddddd")
        ax.set_axisbelow(True)
        ax.set_xlabel(w["axis"])
        for row, result in zip(rows, results):
            # Beside the axes rather than at the bar's end, so a bar near 100 % has room too.
            ax.text(1.02, row, _row_text(result, lang), transform=ax.get_yaxis_transform(),
                    va="center", fontsize=9)
        ax.set_title(w["title"].format(seat=state.to_move, worlds=thought.worlds, sims=thought.simulations),
                     loc="left", fontsize=11)
        handles = [Patch(facecolor=CHOSEN, edgecolor="black", label=w["chosen"]),
                   Patch(facecolor="white", edgecolor="black", hatch=PREFERRED_HATCH, label=w["preferred"])]
        fig.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.35, 0.0), ncols=2, frameon=False,
                   fontsize=9)
    return fig


def thinking_png(state: AnyState, thought: Thought, lang: str = "en") -> bytes:
    """`thinking_figure` as PNG bytes, with no software version in them: the same bytes on
    every call, so a notebook's stored picture does not change when it is run again."""
    fig = thinking_figure(state, thought, lang)
    out = io.BytesIO()
    with _style():
        # `bbox_inches="tight"`: the margins fit the longest label, however long a game's words are.
        fig.savefig(out, format="png", metadata={"Software": None}, facecolor="white", bbox_inches="tight",
                    pad_inches=0.15)
    return out.getvalue()


def thinking_image(state: AnyState, thought: Thought, lang: str = "en") -> Image | HTML:
    """`thinking_png` for a notebook cell to show; without matplotlib (the site, in a
    browser), the picture stored for these thinking lines, saying so (`cardlearn.stored`)."""
    from IPython.display import Image

    from cardlearn.stored import have_matplotlib, stored_picture

    if not have_matplotlib():
        return stored_picture("\n".join(thinking_lines(state, thought, lang)), lang)
    return Image(data=thinking_png(state, thought, lang))
