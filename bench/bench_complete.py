"""Autocomplete sources, per call: p50 and p99 of every completer of the command table over the query set of
``tests/choices.py`` (every prefix of sampled card names, terms, section titles and rule numbers, in the order
they are typed, plus blank input, typos, umlauts and 6 000 characters), on the store of the documents and on
the store with both Comprehensive Rules files.

Each pass opens the store afresh as a process does at start (name index, the command table's warm-ups), then
sends every query once through :func:`bot.answers.registry.run_completer` (input bounds and Discord's limits
included, as every door calls it). Figures: per source, the p50 and p99 over the queries of each query's best
time in 3 such passes (so a call the machine's other load interrupted counts with an uninterrupted one, and
every call counted is the first of its query on a fresh store), and the median of the passes' own p99.
Targets: p99 ≤ 100 µs on the documents, ≤ 200 µs with both CR files.

    python bench/bench_complete.py [--quick] [--reference DIR]

Without ``--reference`` (default ``../shared/reference``) or when its CR files are missing, only the documents'
store is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.answers import COMPLETERS, run_completer  # noqa: E402
from bot.commands import TABLE  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.core import Core  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from tests.choices import REFERENCE_CR, query_set  # noqa: E402

Row = tuple[str, str, str, str]


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


async def one_pass(db: Path, folder: Path) -> dict[str, list[float]]:
    """Open ``db`` as at start, then every query once per source: key → each query's wall time in µs."""
    core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=folder, log_level="WARNING"))
    await core.open(TABLE.warm)
    try:
        ctx = core.context
        queries = await query_set(ctx)
        out = {}
        for key in sorted(COMPLETERS):
            fn = COMPLETERS[key]
            times = []
            for q in queries:
                started = time.perf_counter()
                await run_completer(ctx, fn, q)
                times.append((time.perf_counter() - started) * 1e6)
            out[key] = times
        return out
    finally:
        await core.close()


def measure(db: Path, label: str, passes: int, target: str) -> list[Row]:
    """Rows for the store ``db``: per source, over ``passes`` passes each on a freshly opened store, the p50 and
    p99 of every query's best time (a call the machine's other load interrupted in one pass counts with its
    time of another pass; every call is the first of its query on that store), and the median p99 of the
    passes themselves (interruptions included)."""
    with tempfile.TemporaryDirectory() as folder:
        runs = [asyncio.run(one_pass(db, Path(folder))) for _ in range(passes)]
    rows = []
    for key in sorted(COMPLETERS):
        best = sorted(min(times) for times in zip(*(r[key] for r in runs), strict=True))
        raw = statistics.median(percentile(sorted(r[key]), 0.99) for r in runs)
        value = (f"p50 {percentile(best, 0.5):6.1f} µs, p99 {percentile(best, 0.99):6.1f} µs "
                 f"(per query best of {passes}; {len(best)} queries; p99 per pass, median {raw:.0f} µs)")
        rows.append((f"autocomplete {key}, {label}", value, target, "python bench/bench_complete.py"))
    return rows


def rows(quick: bool, reference: Path | None = None) -> list[Row]:
    """Figures for ``bench/run.py`` (``quick``: two passes instead of three)."""
    passes = 2 if quick else 3
    reference = reference or ROOT.parent / "shared" / "reference"
    out: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        docs = Path(folder) / "documents.sqlite3"
        build(docs, DEFAULT_SOURCES)
        out += measure(docs, "documents", passes, "p99 ≤ 100 µs")
        crs = [reference / name for name in REFERENCE_CR]
        if all(p.is_file() for p in crs):
            full = Path(folder) / "cr.sqlite3"
            build(full, DEFAULT_SOURCES, cr_files=crs)
            out += measure(full, "with both CR files", passes, "p99 ≤ 200 µs")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two passes instead of three")
    parser.add_argument("--reference", type=Path, default=None, help="folder with both CR files")
    args = parser.parse_args()
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):  # the builds' reports
        found = rows(args.quick, args.reference)
    for figure, value, target, _cmd in found:
        print(f"{figure:<48} {value:<86} {target}")


if __name__ == "__main__":
    main()
