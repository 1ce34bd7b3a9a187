"""The sentences the deck notebook (`notebooks/00-spilastokkurinn.ipynb` and its Icelandic
twin) prints, in both languages: `SAY`, read by `say = lesson.SAY.speaker(LANG)`.

The numbers in them are computed in the notebook's cells; only the words around them are
written here (see `cardlearn.lessons.language`).
"""

from __future__ import annotations

from pathlib import Path

from cardlearn.lessons.numbers import NumberSayings

SAY = NumberSayings({
    "cards_different": {"en": "{n} cards, {distinct} different",
                        "is": "{n} spil, {distinct} mismunandi"},
    "kinaskak_4": {"en": "Kínaskák (4 players)", "is": "Kínaskák (4 leikmenn)"},
    "deck_size": {"en": "{game:<22} {n:>3} cards", "is": "{game:<22} {n:>3} spil"},
    "exact": {"en": "{fraction} ≈ {value:.4f}", "is": "{fraction} ≈ {value:.4f}"},
    "ace_hits": {"en": "{hits} of {trials} hands hold the ace of spades: {estimate:.4f} (exact {exact:.4f})",
                 "is": "spaðaásinn lenti á hendinni í {hits} af {trials} gjöfum: {estimate:.4f} "
                       "(rétt gildi {exact:.4f})"},
})


def repository_path(*parts: str, start: Path | None = None) -> Path:
    """A path inside the repository, found from the notebook's folder upwards: the first
    folder holding both `notebooks/` and `images/`.  The English notebook runs in
    `notebooks/`, its Icelandic twin in `notebooks/is/`; their shared code cannot name
    the repository as `..`, which is a different folder for each."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "notebooks").is_dir() and (folder / "images").is_dir():
            return folder.joinpath(*parts)
    raise FileNotFoundError(f"no repository (a folder with notebooks/ and images/) above {here}")
