"""Running a question: in this process, in a pool of processes (`jobs`), or on a Dask
cluster (`dask="local"` starts a `LocalCluster` on this machine; an address such as
"tcp://10.0.0.5:8786" joins a running scheduler whose workers have cardlearn installed).

The samples are cut into chunks of consecutive indices; whoever plays a chunk, each sample
comes from its own seed (`deal_seed`), and the chunks are put back in index order before
`summarize` sees them, so every way of running gives the same estimates, bit for bit.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TextIO

from . import cache
from .core import Question, Result, play_chunk, question
from .stats import LabError

MAX_DEALS = 10_000_000
Progress = Callable[[int, int], None]  # (samples done, samples in all)


def check_count(value: object, what: str, low: int = 1, high: int = MAX_DEALS) -> int:
    """A whole number from `low` to `high`, or `LabError` naming `what` (JSON's `true` is no
    count, nor is 2.0)."""
    if type(value) is not int or not low <= value <= high:
        raise LabError(f"{what} must be a whole number from {low:,} to {high:,}, not {value!r}")
    return value


def chunks(deals: int, workers: int) -> list[tuple[int, int]]:
    """Consecutive index ranges: about eight per worker (so a slow chunk does not leave the
    others idle, and the progress bar moves), at most 200 samples each."""
    size = max(1, min(200, math.ceil(deals / (8 * workers))))
    return [(start, min(deals, start + size)) for start in range(0, deals, size)]


def run(name: str, deals: int | None = None, seed: int = 0, *, jobs: int = 1, dask: str | None = None,
        cache_results: bool = True, progress: Progress | None = None,
        cache_root: Path | None = None) -> Result:
    """Run question `name` on `deals` samples (its default if None) seeded `seed`.

    `jobs` > 1 plays the chunks in that many processes; `dask` ("local" or a scheduler's
    address) on a Dask cluster instead (not both).  With `cache_results` the answer is read
    from the disk cache when it is there and written to it when it is not (`cache_root`
    overrides `cache.cache_dir()`).  Every argument is checked before anything runs or is
    written: bad ones raise `LabError` (a `ValueError`)."""
    q = question(name)
    deals = q.deals if deals is None else check_count(deals, "deals")
    seed = check_count(seed, "seed", 0, 2**63 - 1)
    jobs = check_count(jobs, "jobs", 1, 256)
    if dask is not None:
        if not isinstance(dask, str) or not dask.strip():
            raise LabError(f"dask is 'local' or a scheduler address such as tcp://host:8786, not {dask!r}")
        if jobs != 1:
            raise LabError("give either jobs (a process pool) or dask (a cluster), not both")
    if cache_results:
        found = cache.load(q, deals, seed, cache_root)
        if found is not None:
            if progress:
                progress(deals, deals)
            return Result(q.name, deals, seed, found, cached=True)
    samples = simulate(q, deals, seed, jobs=jobs, dask=dask, progress=progress)
    estimates = tuple(q.summarize(samples))
    if cache_results:
        cache.store(q, deals, seed, estimates, cache_root)
    return Result(q.name, deals, seed, estimates)


def simulate(q: Question, deals: int, seed: int, *, jobs: int = 1, dask: str | None = None,
             progress: Progress | None = None) -> list[Any]:
    """Every sample of the run, in index order."""
    if dask is not None:
        return _on_dask(q, deals, seed, dask, progress)
    parts = chunks(deals, jobs)
    if jobs == 1:
        out: list[Any] = []
        for start, stop in parts:
            out += play_chunk(q.name, seed, start, stop)
            if progress:
                progress(len(out), deals)
        return out
    # "spawn": a fresh interpreter per worker, safe whatever threads the caller runs (a
    # notebook kernel, Dask); each imports the question by its name.
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        futures = {pool.submit(play_chunk, q.name, seed, a, b): a for a, b in parts}
        return _merge(((futures[f], f.result()) for f in as_completed(futures)), deals, progress)


def _merge(done: Iterable[tuple[int, list[Any]]], deals: int, progress: Progress | None) -> list[Any]:
    """Chunks as they finish, put back in index order."""
    by_start: dict[int, list[Any]] = {}
    count = 0
    for start, samples in done:
        by_start[start] = samples
        count += len(samples)
        if progress:
            progress(count, deals)
    return [s for start in sorted(by_start) for s in by_start[start]]


def _on_dask(q: Question, deals: int, seed: int, address: str, progress: Progress | None) -> list[Any]:
    try:
        from distributed import Client, LocalCluster
        from distributed import as_completed as dask_completed
    except ImportError:  # pragma: no cover - dask is in the lab extra
        raise LabError("--dask needs dask[distributed]: pip install 'cardlearn[lab]'") from None
    cluster = None
    try:
        if address == "local":
            workers = max(1, min(4, os.cpu_count() or 1))
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=40)
            client = Client(cluster)
        else:
            try:
                client = Client(address, timeout=10)
            except (OSError, ValueError, TimeoutError) as err:
                raise LabError(f"cannot join the Dask scheduler at {address!r}: {err}") from None
        try:
            parts = chunks(deals, max(1, len(client.scheduler_info().get("workers", {})) or 1))
            futures = [client.submit(play_chunk, q.name, seed, a, b, pure=False) for a, b in parts]
            starts = {f.key: a for f, (a, _) in zip(futures, parts)}
            return _merge(((starts[f.key], f.result()) for f in dask_completed(futures)), deals, progress)
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


class TextBar:
    """A progress bar in plain text on a stream (stderr by default), redrawn in place at
    most ten times a second: `[██████······]  512/1,000 hands  12 s`."""

    def __init__(self, unit: str, stream: TextIO | None = None, width: int = 30, lang: str = "en"):
        self.unit, self.stream, self.width = unit, stream or sys.stderr, width
        self.started = time.monotonic()
        self.drawn = 0.0
        self.thousands = "." if lang == "is" else ","  # 1.000 spil, 1,000 hands

    def _count(self, n: int) -> str:
        return f"{n:,}".replace(",", self.thousands)

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.drawn < 0.1:
            return
        self.drawn = now
        filled = self.width * done // max(1, total)
        bar = "█" * filled + "·" * (self.width - filled)
        width = len(self._count(total))
        seconds = now - self.started
        self.stream.write(f"\r[{bar}] {self._count(done):>{width}}/{self._count(total)} {self.unit}  "
                          f"{seconds:.0f} s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
