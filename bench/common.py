"""What several benchmarks share, with no import of the ``bot`` package (``rank_dump.py --tree`` and
``bench_searches.py --vs`` import another checkout's ``bot`` after this module): the official rules files the
stores with ``--cr`` are built from, how a ratio over repeated runs is printed, a store given or built, and a
call's best and median time."""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The folder of the official files: ``$REGELBOT_REFERENCE``, else ``../shared/reference`` beside the checkout.
REFERENCE = Path(os.environ.get("REGELBOT_REFERENCE", ROOT.parent / "shared" / "reference"))
#: The two Comprehensive Rules files of :data:`REFERENCE` a store "with both CR files" is built with (2010-10-01 and
#: 2026-04-17).
CR_FILES = ("CR-2010-10-01_MagicCompRules_20101001.txt", "MagicCompRules_20260417.txt")


def cr_paths() -> list[Path]:
    """The paths of :data:`CR_FILES` in :data:`REFERENCE` (they may be missing: the caller checks)."""
    return [REFERENCE / name for name in CR_FILES]


def ratio_text(values: list[float]) -> str:
    """``best 1.80×, median 1.90× (1.80, 1.90, 2.10)`` of one ratio over the runs (best: the smallest)."""
    each = ", ".join(f"{v:.2f}" for v in values)
    return f"best {min(values):.2f}×, median {statistics.median(values):.2f}× ({each})"


@contextlib.contextmanager
def given_or_built(db: Path | None, prefix: str, build: Callable[[Path], object]) -> Iterator[Path]:
    """The store ``db`` (a benchmark's ``--db``) when given, else one that ``build(path)`` writes into a temporary
    folder (named with ``prefix``), removed when the block ends."""
    if db is not None:
        yield db
        return
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        built = Path(tmp) / "regelbot.sqlite3"
        build(built)
        yield built


def timed(work: Callable[[], object], runs: int = 5) -> tuple[float, float]:
    """Best and median of ``runs`` calls of ``work`` in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)
