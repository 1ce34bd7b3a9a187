"""A lab question's plot: each estimate a dot with its 95 % interval as a bar, one panel
per kind of estimate (shares in %, means in the question's unit), labels in the notebook's
language.  Drawn with Agg and matplotlib's own defaults, and saved without a software
version, so the same estimates give the same PNG bytes on every run (the notebook's stored
pictures are checked byte for byte)."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from .core import Question
from .stats import Estimate

if TYPE_CHECKING:
    from matplotlib.figure import Figure

DOT = "#c8102e"
BAR = "#1b1b1b"
_SAMPLES = {"en": "{n} {unit}, seed {seed}: dots are estimates, bars 95 % intervals",
            "is": "{n} {unit}, slembifræ {seed}: punktarnir eru mat, strikin 95 % öryggisbil"}
_KINDS = ("share", "mean")


@contextmanager
def _style() -> Iterator[None]:
    """matplotlib's defaults whatever a user's matplotlibrc says (the same picture everywhere)."""
    import matplotlib

    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        yield


def _thousands(n: int, lang: str) -> str:
    return f"{n:,}".replace(",", ".") if lang == "is" else f"{n:,}"


def figure(q: Question, estimates: Sequence[Estimate], deals: int, seed: int, lang: str) -> Figure:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    kinds = [k for k in _KINDS if any(e.kind == k for e in estimates)]
    rows = {k: [e for e in estimates if e.kind == k] for k in kinds}
    with _style():
        heights = [0.6 + 0.38 * len(rows[k]) for k in kinds]
        fig = Figure(figsize=(9, 1.0 + sum(heights) + 0.5 * len(kinds)), dpi=100)
        FigureCanvasAgg(fig)
        fig.patch.set_facecolor("white")
        axes = fig.subplots(len(kinds), 1, squeeze=False, gridspec_kw={"height_ratios": heights})[:, 0]
        for ax, kind in zip(axes, kinds):
            scale = 100.0 if kind == "share" else 1.0
            es = rows[kind]
            ys = list(range(len(es)))
            for y, e in zip(ys, es):
                ax.plot([scale * e.low, scale * e.high], [y, y], color=BAR, linewidth=2,
                        solid_capstyle="butt")
                ax.plot([scale * e.low] * 2, [y - 0.18, y + 0.18], color=BAR, linewidth=1)
                ax.plot([scale * e.high] * 2, [y - 0.18, y + 0.18], color=BAR, linewidth=1)
                ax.plot([scale * e.value], [y], "o", color=DOT, markersize=6, zorder=3)
            if kind in q.lines:
                ax.axvline(scale * q.lines[kind], color="#888888", linewidth=1, linestyle="--", zorder=0)
            ax.set_yticks(ys, [e.label[lang] for e in es])
            ax.set_ylim(len(es) - 0.5, -0.5)  # the first estimate on top
            ax.xaxis.grid(True, color="#dddddd")
            ax.set_axisbelow(True)
            ax.set_xlabel(q.axis[kind][lang] + (" (%)" if kind == "share" else ""))
            if kind == "share":
                low = min(scale * e.low for e in es)
                high = max(scale * e.high for e in es)
                pad = max(1.0, 0.08 * (high - low))
                ax.set_xlim(max(0.0, low - pad), min(100.0, high + pad))
        fig.suptitle(q.title[lang], x=0.02, ha="left", fontsize=12)
        note = _SAMPLES[lang].format(n=_thousands(deals, lang), unit=q.unit[lang], seed=seed)
        fig.text(0.02, 0.005, note, fontsize=8, color="#555555", va="bottom")
        fig.tight_layout(rect=(0, 0.03, 1, 0.97))
    return fig


def png(fig: Figure) -> bytes:
    """The figure as PNG bytes with no software version in them (the same bytes every run)."""
    out = io.BytesIO()
    with _style():
        fig.savefig(out, format="png", metadata={"Software": None}, facecolor="white",
                    bbox_inches="tight", pad_inches=0.15)
    return out.getvalue()
