"""Benchmark rows for answers that are right today: the change register's check at build time,
and the latency of the answers that read it (/regel on a number a document cites, /mechanik with a "Heute"
block, /ruling with today's statement). Used by ``bench/run.py`` (``rows(quick)``); runnable alone:
``python bench/bench_time.py [--quick]``. Needs no reference files.
"""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.answers import AnswerContext, run_answer  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build, changes  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402

Row = tuple[str, str, str, str]
#: (command, option, value) answered from the register.
QUERIES = (
    ("rule", "search", "104.3f"), ("rule", "search", "701.19"), ("rule", "search", "502.46a"),
    ("rule", "search", "701.19z"), ("mechanic", "name", "Einberufen"), ("mechanic", "name", "Geteilte Karten"),
    ("ruling", "search", "geteilte Karte benennen"), ("ruling", "card", "Spektraler Scheinwerfer"),
)
TABLES = ("changes", "change_entries", "change_terms", "entry_terms", "today_cr", "today_status", "old_numbers")


def _register_ms(db: Path, rounds: int) -> list[float]:
    """Time of reading data/changes.toml + terms.tsv and checking/writing them against a built store."""
    out = []
    for _ in range(rounds):
        conn = sqlite3.connect(db)
        try:
            for table in TABLES:
                conn.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names
            t0 = time.perf_counter()
            changes.apply(conn, changes.read_register(), changes.read_terms())
            out.append((time.perf_counter() - t0) * 1000)
            conn.rollback()
        finally:
            conn.close()
    return out


async def _answers_ms(db: Path, rounds: int) -> list[float]:
    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        samples = []
        for _ in range(rounds):
            for command, option, value in QUERIES:
                t0 = time.perf_counter()
                await run_answer(ctx, command, **{option: value})
                samples.append((time.perf_counter() - t0) * 1000)
        return samples
    finally:
        await store.close()


def rows(quick: bool) -> list[Row]:
    """Register check (best / median) and answer latency p50 / p99 over :data:`QUERIES`."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "regelbot.sqlite3"
        build(db, DEFAULT_SOURCES)
        reg = _register_ms(db, 3 if quick else 10)
        samples = sorted(asyncio.run(_answers_ms(db, 5 if quick else 30)))
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return [
        ("change register: read, check against the store, write (best / median)",
         f"{min(reg):.1f} / {statistics.median(reg):.1f} ms", "", "python bench/bench_time.py"),
        (f"answers from the register p50 / p99 ({len(QUERIES)} queries: /regel 104.3f, /mechanik, /ruling …)",
         f"{statistics.median(samples):.1f} / {p99:.1f} ms", "≤ 300 ms", "python bench/bench_time.py"),
    ]


if __name__ == "__main__":
    for row in rows("--quick" in sys.argv):
        print(" · ".join(row))
