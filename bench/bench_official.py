"""Benchmark rows for the official sources: ``build`` with both CRs and the RAV MTGJSON file,
and the latency of the CR answer. Used by ``bench/run.py`` (``rows(quick)``); runnable alone:
``python bench/bench_official.py``. Needs the reference files (../shared/reference or
$REGELBOT_REFERENCE); without them it prints one row saying so.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.answers import AnswerContext, UserError  # noqa: E402
from bot.answers.official import official_rule_reply  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402

Row = tuple[str, str, str, str]
FILES = ("MagicCompRules_20260417.txt", "CR-2010-10-01_MagicCompRules_20101001.txt", "mtgjson3_RAV.json")
QUERIES = ("701.30d", "701.19", "701.19c", "502.46", "103.1", "Mana Value", "Einberufen", "Fehde gewinnen",
           "Startspieler", "Friedhof Reihenfolge", "702", "999.9")
COMMAND = ("python -m bot build --cr MagicCompRules_20260417.txt --cr CR-2010-10-01_MagicCompRules_20101001.txt"
           " --cards mtgjson3_RAV.json")


def _reference() -> Path:
    env = os.environ.get("REGELBOT_REFERENCE")
    return Path(env) if env else ROOT.parent / "shared" / "reference"


async def _answer_latency(db: Path, rounds: int) -> list[float]:
    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        samples = []
        for _ in range(rounds):
            for q in QUERIES:
                t0 = time.perf_counter()
                with contextlib.suppress(UserError):
                    await official_rule_reply(ctx, q)
                samples.append((time.perf_counter() - t0) * 1000)
        return samples
    finally:
        await store.close()


def rows(quick: bool) -> list[Row]:
    """Build time (best / median of 3 or 5) and CR answer latency p50 / p99 over :data:`QUERIES`."""
    files = [_reference() / name for name in FILES]
    if not all(f.is_file() for f in files):
        return [("build with --cr/--cards", "no reference files", "≤ 3 s", COMMAND)]
    db = Path(tempfile.mkdtemp(prefix="regelbot-bench-official-")) / "official.sqlite3"
    times = []
    for _ in range(3 if quick else 5):
        t0 = time.perf_counter()
        build(db, DEFAULT_SOURCES, cr_files=files[:2], card_files=files[2:])
        times.append(time.perf_counter() - t0)
    samples = sorted(asyncio.run(_answer_latency(db, 3 if quick else 10)))
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return [
        ("build with 2 CRs + RAV MTGJSON (best / median)", f"{min(times):.2f} / {statistics.median(times):.2f} s",
         "≤ 3 s", COMMAND),
        ("CR answer latency p50 / p99", f"{statistics.median(samples):.1f} / {p99:.1f} ms", "≤ 300 ms",
         "official_rule_reply over " + ", ".join(QUERIES[:4]) + ", …"),
    ]


if __name__ == "__main__":
    for row in rows("--quick" in sys.argv):
        print("  ".join(row))
