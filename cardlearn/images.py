"""Regenerate every picture in `images/`: `python -m cardlearn.images images` (`make images`).

Each picture is drawn by our own code, from the package alone, and a second run gives
byte-identical files (no dates, no random ids, no software versions in the metadata).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cardlearn.cards import (
    JOKER,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    standard_deck,
)
from cardlearn.draw import BLACK, RED, SUIT_COLOURS, hand_svg, sheet_svg, state_svg
from cardlearn.games import GAMES, kasina

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["PICTURES", "decks", "decks_figure", "main", "write_all"]

def decks() -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """The decks the games use, from the registry: (a game's Icelandic name, its deck) for
    each game in `GAMES`, the deck read off a finished first deal at the game's own number
    of seats (`last_deal.cards` holds the deck exactly once, as conformance checks), so a
    new game gets its row in the picture with nothing typed here."""
    from cardlearn.lessons.common import play_deal

    rows = []
    for game in GAMES.values():
        _, end = play_deal(game.new_game(seed=0), game.BOTS["random"](seed=0))
        assert end is not None  # a deal played to its end leaves its record
        rows.append((game.INFO.name["is"], tuple(sorted(end.cards))))
    return tuple(rows)


def deck_svg() -> str:
    """All 52 cards, one suit to a row (spaði, hjarta, tígull, lauf), two up to ace."""
    deck = standard_deck()
    return sheet_svg([deck[i:i + 13] for i in range(0, 52, 13)])


def specials_svg() -> str:
    """The joker, the back, and a jack, queen, king and ace (one of each suit)."""
    return sheet_svg([[JOKER, None, "JS", "QH", "KD", "AC"]], gap=4, overlap=-0.06)


def hand_sample_svg() -> str:
    """A fanned hand: what a Kozel player might hold."""
    return hand_svg("6S 10S AS 7H KH 9D QD JC AC", overlap=0.55, fan=5)


def kasina_deal_svg() -> str:
    """The opening deal of `kasina.new_game(seed=2026)`, as seat 0 sees it."""
    return state_svg(kasina.new_game(seed=2026), seat=0, lang="is")


_ROUND = "round,pad=0,rounding_size=0.1"


def _sum(counts: Counter[Card]) -> str:
    """How a deck of several packs adds up, e.g. " = 2 × 52 + 4 jókerar"."""
    copies = max(n for card, n in counts.items() if not card.is_joker)
    if copies == 1 and not counts[JOKER]:
        return ""
    distinct = sum(1 for card in counts if not card.is_joker)
    return f" = {copies} × {distinct} + {counts[JOKER]} jókerar"


def decks_figure() -> Figure:  # matplotlib is imported only when drawing
    """A matplotlib figure: for each game, which cards of the 52 its deck holds, how many
    copies of each, and its jokers."""
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch

    rows = decks()
    fig = Figure(figsize=(8.6, 0.4 + 2.25 * len(rows)), dpi=100)  # 9.4 in tall for four games
    fig.patch.set_facecolor("white")
    step = 0.98 / len(rows)  # each game's share of the height (0.245 for four), its axes 0.2 of 0.245
    for n, (game, deck) in enumerate(rows):
        ax = fig.add_axes((0.04, 1.005 - (n + 1) * step, 0.92, step * 0.2 / 0.245))
        counts = Counter(deck)
        ax.set_xlim(-1.2, len(RANKS) + 1.3)
        ax.set_ylim(-0.2, 4.3)
        ax.axis("off")
        ax.set_title(f"{game}: {len(deck)} spil" + _sum(counts), loc="left", fontsize=13, fontweight="bold")
        for row, suit in enumerate(SUITS):
            y = 3 - row
            ax.text(-0.6, y + 0.4, SUIT_SYMBOLS[suit], color=SUIT_COLOURS[suit], fontsize=15,
                    ha="center", va="center")
            for col, rank in enumerate(RANKS):
                copies = counts[Card(rank, suit)]
                for k in reversed(range(copies) if copies else [0]):  # copies as a small stack
                    ax.add_patch(FancyBboxPatch((col + 0.06 + 0.07 * k, y + 0.06 + 0.07 * k), 0.82, 0.66,
                                                boxstyle=_ROUND, facecolor="white" if copies else "#e6e6e6",
                                                edgecolor="#777" if copies else "#ccc", lw=0.8))
                if copies:
                    ax.text(col + 0.47, y + 0.39, rank, color=SUIT_COLOURS[suit], ha="center", va="center",
                            fontsize=10, fontweight="bold")
        jokers = counts[JOKER]
        if jokers:
            ax.add_patch(FancyBboxPatch((len(RANKS) + 0.2, 0.06), 0.95, 3.72,
                                        boxstyle=_ROUND, facecolor="#fff4d6",
                                        edgecolor="#777", lw=0.8))
            ax.text(len(RANKS) + 0.68, 1.95, f"jóker ×{jokers}", rotation=90, fontsize=10, color=RED,
                    ha="center", va="center", fontweight="bold")
    fig.text(0.5, 0.012, "Hvaða spil hver leikur notar (which cards each game uses)", ha="center",
             fontsize=10, color=BLACK)
    return fig


def _text(make: Callable[[], str]) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        path.write_text(make() + "\n", encoding="utf-8")
    return write


def _figure(path: Path) -> None:
    """decks.png, drawn with matplotlib; without it (the site, in a browser) the picture
    already there is kept, and one line says so."""
    from cardlearn.stored import NOTE, have_matplotlib

    if not have_matplotlib() and path.exists():
        print(NOTE["is" if "/is/" in str(Path.cwd()) + "/" else "en"])
        return
    import matplotlib
    matplotlib.use("Agg")
    decks_figure().savefig(path, metadata={"Software": None}, facecolor="white")


PICTURES: dict[str, Callable[[Path], None]] = {
    "deck.svg": _text(deck_svg),
    "specials.svg": _text(specials_svg),
    "hand.svg": _text(hand_sample_svg),
    "kasina-deal.svg": _text(kasina_deal_svg),
    "decks.png": _figure,
}


def write_all(folder: str | Path) -> list[Path]:
    """Draw every picture into `folder` (created if missing); return the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, write in PICTURES.items():
        write(folder / name)
        paths.append(folder / name)
    return paths


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m cardlearn.images FOLDER", file=sys.stderr)
        return 2
    for path in write_all(args[0]):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
