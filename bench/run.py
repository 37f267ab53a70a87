"""Regelbot benchmarks: prints one table of figures (not a test; nothing asserts).

Usage: ``python bench/run.py [--quick]`` (``--quick`` keeps the whole run near 30 seconds).

Figures, each with the command that produced it and the machine's CPU count:
* autocomplete latency p50/p99 over the real card names and over 100 000 synthetic names (made by
  combining real name parts), against a naive baseline in the same run: SQL ``LIKE '%…%'`` over the
  same names in an in-memory SQLite table; the ratio baseline/ours is the figure that matters;
* store build time from the documents;
* peak RSS of this process after building and loading everything;
* extra sections registered in ``EXTRA`` (FTS search, interaction round trip) when their modules exist.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.search import NameIndex, words  # noqa: E402
from bot.store import NameEntry, Store  # noqa: E402

#: Optional benchmark modules contributing rows: each has ``rows(quick: bool) -> list[tuple]``.
EXTRA = (
    "bench.bench_rules",
    "bench.bench_calc",
    "bench.bench_fts",
    "bench.bench_e2e",
    "bench.bench_official",
    "bench.bench_align",
    "bench.bench_time",
    "bench.bench_ops",
    "bench.bench_names",
    "bench.bench_chat",
    "bench.bench_scale",
    "bench.bench_complete",
    "bench.bench_startup",
)

Row = tuple[str, str, str, str]  # (figure, value, target, command)


def percentiles(samples_ms: list[float]) -> tuple[float, float]:
    """(p50, p99) in milliseconds."""
    s = sorted(samples_ms)
    return statistics.median(s), s[min(len(s) - 1, int(len(s) * 0.99))]


def time_calls(fn: Callable[[str], object], queries: list[str]) -> list[float]:
    """Latency of ``fn(q)`` for each query, in milliseconds."""
    out = []
    for q in queries:
        t0 = time.perf_counter()
        fn(q)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def synthetic_names(real: list[str], n: int, seed: int = 7) -> list[str]:
    """``n`` distinct names made by combining words of the real names (German-looking, realistic lengths)."""
    rng = random.Random(seed)
    parts = sorted({w.capitalize() for name in real for w in words(name) if len(w) > 2})
    out: set[str] = set(real)
    while len(out) < n:
        k = rng.choice((1, 2, 2, 3))
        out.add(("-" if rng.random() < 0.3 else " ").join(rng.choice(parts) for _ in range(k)))
    return sorted(out)


def queries_for(names: list[str], count: int, seed: int = 11) -> list[str]:
    """Typed prefixes (2–8 letters), whole words and typos of real names — what users type."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        name = rng.choice(names)
        r = rng.random()
        if r < 0.5:
            out.append(name[: rng.randint(2, min(8, len(name)))])
        elif r < 0.8:
            out.append(rng.choice(name.split()))
        else:
            i = rng.randrange(len(name))
            out.append(name[:i] + name[i + 1 :])  # one letter dropped
    return out


def like_baseline(names: list[str]) -> Callable[[str], object]:
    """The naive way: ``SELECT name FROM names WHERE name LIKE '%q%' LIMIT 25`` on an in-memory table."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE names (name TEXT)")
    conn.executemany("INSERT INTO names VALUES (?)", [(n,) for n in names])

    def search(q: str) -> object:
        return conn.execute("SELECT name FROM names WHERE name LIKE ? LIMIT 25", (f"%{q}%",)).fetchall()

    return search


def bench_autocomplete(real: list[str], quick: bool) -> list[Row]:
    """Autocomplete p50/p99 at the real names and at 100 000 names, ours vs the LIKE baseline."""
    rows: list[Row] = []
    sizes = [("real", real), ("100k", synthetic_names(real, 100_000))]
    for label, names in sizes:
        index = NameIndex.from_entries(NameEntry(i, n, n, "name") for i, n in enumerate(names))
        queries = queries_for(real, 300 if quick else 2000)
        ours = time_calls(lambda q, ix=index: ix.search(q, limit=25), queries)
        base = time_calls(like_baseline(names), queries)
        o50, o99 = percentiles(ours)
        b50, b99 = percentiles(base)
        target = "≤ 1 ms p99" if label == "real" else "≤ 10 ms p99"
        cmd = "python bench/run.py" + (" --quick" if quick else "")
        rows.append((f"autocomplete {label} ({len(names)} names) p50/p99", f"{o50:.3f} / {o99:.3f} ms", target, cmd))
        rows.append((f"  baseline LIKE %q% ({label}) p50/p99", f"{b50:.3f} / {b99:.3f} ms", "", cmd))
        rows.append((f"  ratio baseline/ours at p99 ({label})", f"{b99 / o99:.1f}×", "", cmd))
    return rows


def bench_build(quick: bool) -> tuple[list[Row], Path]:
    """Store build time from data/sources (best of N)."""
    tmp = Path(tempfile.mkdtemp(prefix="regelbot-bench-"))
    times = []
    db = tmp / "bench.sqlite3"
    for _ in range(3 if quick else 7):
        t0 = time.perf_counter()
        build(db, DEFAULT_SOURCES)
        times.append(time.perf_counter() - t0)
    row = (
        "store build from data/sources (best / median)",
        f"{min(times):.3f} / {statistics.median(times):.3f} s",
        "≤ 1 s",
        "python -m bot build",
    )
    return [row], db


async def _real_names(db: Path) -> list[str]:
    store = await Store.open(db)
    try:
        return sorted({e.name for e in await store.name_entries()})
    finally:
        await store.close()


def main() -> None:
    """Run every benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about 30 seconds in total")
    args = parser.parse_args()
    rows, db = bench_build(args.quick)
    real = asyncio.run(_real_names(db))
    rows += bench_autocomplete(real, args.quick)
    os.environ.setdefault("REGELBOT_BENCH_DB", str(db))
    for name in EXTRA:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        if hasattr(module, "rows"):
            rows += module.rows(args.quick)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows.append(
        (
            "peak RSS of this benchmark process (incl. the 100k-name index)",
            f"{peak_mb:.0f} MB",
            "",
            "python bench/run.py",
        )
    )
    width = max(len(r[0]) for r in rows)
    print(f"Regelbot benchmarks · {os.cpu_count()} CPUs · Python {sys.version.split()[0]}")
    print(f"{'figure'.ljust(width)}  {'value':>22}  {'target':<14}  command")
    for figure, value, target, cmd in rows:
        print(f"{figure.ljust(width)}  {value:>22}  {target:<14}  {cmd}")


if __name__ == "__main__":
    main()
