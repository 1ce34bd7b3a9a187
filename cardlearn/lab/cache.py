"""The lab's disk cache: one small JSON file per run, so that a notebook re-executes in
seconds and a command asked twice answers at once.

A file is keyed by everything that decides the answer: the question and its revision, the
rules it plays (every option), its bots, the number of samples, the seed and the package
version.  The key is stored in the file as well as hashed into its name, and a file is used
only if it reads back whole, with that very key and well-formed estimates; anything else (a
truncated write, a file edited by hand, another version's) is ignored and recomputed, never
a crash and never a wrong answer.  Files are written whole and then renamed into place, so a
run stopped half-way leaves no half file behind.

Where: `$CARDLEARN_LAB_CACHE` if set, else `$XDG_CACHE_HOME/cardlearn/lab`, else
`~/.cache/cardlearn/lab`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import cardlearn

from .core import Question
from .stats import Estimate

FORMAT = 1  # the file layout; raised if it ever changes


def cache_dir() -> Path:
    override = os.environ.get("CARDLEARN_LAB_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardlearn" / "lab"


def _plain(value: Any) -> Any:
    """A rules option as JSON writes it (tuples as lists)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def run_key(q: Question, deals: int, seed: int) -> dict[str, Any]:
    """Everything the answer depends on, as JSON."""
    rules = {label: {f.name: _plain(getattr(r, f.name)) for f in dataclasses.fields(r)}
             for label, r in q.rules.items()}
    return {"format": FORMAT, "question": q.name, "revision": q.revision, "rules": rules,
            "bots": dict(q.bots), "deals": deals, "seed": seed, "version": cardlearn.__version__}


def cache_path(q: Question, deals: int, seed: int, root: Path | None = None) -> Path:
    key = json.dumps(run_key(q, deals, seed), sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(key.encode()).hexdigest()[:20]
    return (root or cache_dir()) / f"{q.name}-{deals}-{seed}-{digest}.json"


def load(q: Question, deals: int, seed: int, root: Path | None = None) -> tuple[Estimate, ...] | None:
    """The cached estimates of this run, or None (no file, or one that is not exactly this
    run's, or not readable)."""
    path = cache_path(q, deals, seed, root)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("key") != run_key(q, deals, seed):
            return None
        raw = data.get("estimates")
        if not isinstance(raw, list) or not raw:
            return None
        return tuple(Estimate.from_json(e) for e in raw)
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None  # a missing, truncated or foreign file: recompute


def store(q: Question, deals: int, seed: int, estimates: tuple[Estimate, ...],
          root: Path | None = None) -> None:
    """Write this run's estimates (whole, then renamed into place).  A cache that cannot be
    written (a read-only disk) is skipped: the answer does not depend on it."""
    path = cache_path(q, deals, seed, root)
    text = json.dumps({"key": run_key(q, deals, seed), "estimates": [e.to_json() for e in estimates]},
                      ensure_ascii=False, sort_keys=True, indent=1)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except OSError:
        return
