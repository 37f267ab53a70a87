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
    python bench/bench_complete.py --vs DIR

``--vs DIR`` (a checkout of other code, e.g. ``git archive main | tar -x -C DIR``): card names only, that checkout's
``bot/search.py`` and this one's answering :meth:`bot.search.NameIndex.complete` for the recorded query set of
``tests/choices/documents.json.gz`` in one process, interleaved query by query (which one goes first alternates), on
fresh indexes of the documents' store in each of 3 rounds; CPU time of the thread per call (a loaded machine's
waiting for a CPU is not counted). Prints per round p50/p99 of both and their ratio, and over each query's best of
the 3 rounds. ``--vs`` with this checkout itself shows the noise (an A/A comparison).

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


def versus(other: Path, rounds: int = 3) -> list[str]:
    """Lines comparing ``other``'s card-name search with this one's (see the module docstring, ``--vs``)."""
    import contextlib
    import importlib.util
    import io

    from bot.search import NameIndex
    from bot.store.names import StoredNames
    from tests.choices import HERE, load

    spec = importlib.util.spec_from_file_location("other_search", other / "bot" / "search.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"no bot/search.py in {other}")
    theirs = importlib.util.module_from_spec(spec)
    sys.modules["other_search"] = theirs  # dataclasses look their module up
    spec.loader.exec_module(theirs)
    queries, _choices = load(HERE / "documents.json.gz")
    lines = []
    runs: list[tuple[list[float], list[float]]] = []
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "documents.sqlite3"
        with contextlib.redirect_stdout(io.StringIO()):
            build(db, DEFAULT_SOURCES)
        for n in range(rounds):
            sides = []
            for cls in (theirs.NameIndex, NameIndex):
                index = cls.from_store(StoredNames(db))
                index.prepare_first_keystrokes()
                sides.append((index, []))
            for i, q in enumerate(queries):
                for index, times in sides if i % 2 else sides[::-1]:
                    started = time.thread_time()
                    index.complete(q)
                    times.append((time.thread_time() - started) * 1e6)
            a, b = sides[0][1], sides[1][1]
            runs.append((a, b))
            lines.append(_versus_line(f"round {n + 1}", a, b))
    best_a = [min(t) for t in zip(*(r[0] for r in runs), strict=True)]
    best_b = [min(t) for t in zip(*(r[1] for r in runs), strict=True)]
    lines.append(_versus_line(f"each query's best of {rounds}", best_a, best_b))
    return lines


def _versus_line(label: str, theirs: list[float], ours: list[float]) -> str:
    a, b = sorted(theirs), sorted(ours)
    p50a, p99a, p50b, p99b = percentile(a, 0.5), percentile(a, 0.99), percentile(b, 0.5), percentile(b, 0.99)
    return (f"card names, {label}: other p50 {p50a:.1f} p99 {p99a:.1f} µs, this p50 {p50b:.1f} p99 {p99b:.1f} µs "
            f"(CPU time); this / other p50 {p50b / p50a:.3f}, p99 {p99b / p99a:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two passes instead of three")
    parser.add_argument("--reference", type=Path, default=None, help="folder with both CR files")
    parser.add_argument("--vs", type=Path, default=None, help="checkout to compare card-name search with")
    args = parser.parse_args()
    if args.vs is not None:
        print("\n".join(versus(args.vs)))
        return
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):  # the builds' reports
        found = rows(args.quick, args.reference)
    for figure, value, target, _cmd in found:
        print(f"{figure:<48} {value:<86} {target}")


if __name__ == "__main__":
    main()
