"""FTS search over all rulings: p50/p99 of ``search_rulings`` for words taken from the rulings themselves.

Run: ``python bench/bench_fts.py [--quick]``; ``bench/run.py`` imports :func:`rows`.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.answers.rulings import search_rulings  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.search import words  # noqa: E402
from bot.store import Store  # noqa: E402

Row = tuple[str, str, str, str]


async def _measure(db: Path, n: int) -> tuple[list[float], int]:
    store = await Store.open(db)
    try:
        texts = [r[0] for r in await store.fetchall("SELECT text FROM rulings")]
        rng = random.Random(5)
        vocab = sorted({w for t in texts for w in words(t) if len(w) > 3})
        queries = [" ".join(rng.sample(vocab, rng.choice((1, 2, 2, 3)))) for _ in range(n)]
        queries += [w[: rng.randint(3, len(w))] for w in rng.sample(vocab, n // 4)]  # prefixes ("Eismarke")
        for q in queries[:20]:
            await search_rulings(store, q)
        times = []
        for q in queries:
            t0 = time.perf_counter()
            await search_rulings(store, q)
            times.append((time.perf_counter() - t0) * 1000)
        return times, len(texts)
    finally:
        await store.close()


def rows(quick: bool) -> list[Row]:
    """p50/p99 of a ruling search (all words → any word → word parts), in ms."""
    db_env = os.environ.get("REGELBOT_BENCH_DB")
    if db_env:
        db = Path(db_env)
    else:
        db = Path(tempfile.mkdtemp(prefix="regelbot-fts-")) / "fts.sqlite3"
        build(db, DEFAULT_SOURCES)
    times, count = asyncio.run(_measure(db, 200 if quick else 1000))
    times.sort()
    p50, p99 = times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))]
    cmd = "python bench/bench_fts.py" + (" --quick" if quick else "")
    return [
        (f"ruling search over {count} rulings p50/p99 ({len(times)} queries)", f"{p50:.2f} / {p99:.2f} ms", "", cmd)
    ]


if __name__ == "__main__":
    for figure, value, _target, _cmd in rows("--quick" in sys.argv):
        print(f"{figure}: {value}")
