"""Benchmarks of card names in chat; prints figures (not a test).

Run: ``python bench/bench_chat.py [--quick]`` (also a section of ``bench/run.py``). Figures:

* the free-text name scan of "Karten erklären" over a 4000-character message (Discord's longest), at the
  real names and at 100 000 synthetic names (the index size that bench/run.py uses for autocomplete);
* building the scanner (once per name index) and its memory;
* the cost of an ordinary message for the ``[[Karte]]`` listener: without ``[[`` (the common case) and with
  five mentions.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.run import synthetic_names  # noqa: E402
from bot.mentions import NameScanner, bracket_mentions  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import NameEntry, Store  # noqa: E402

Row = tuple[str, str, str, str]
CMD = "python bench/bench_chat.py"


def _message(names: list[str], rng: random.Random, length: int = 4000) -> str:
    """German chat text of ``length`` characters with a card name every few sentences."""
    filler = ["Wer gewinnt hier eigentlich", "ich glaube das geht nicht", "und dann tappe ich alles",
              "laut FAQ ist das so", "Beispiel", "wirklich?", "mit zwei Kreaturen"]
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < length:
        parts.append(rng.choice(names) if rng.random() < 0.15 else rng.choice(filler))
    return " ".join(parts)[:length]


def _times(fn, repeat: int) -> tuple[float, float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    out.sort()
    return statistics.median(out), out[min(len(out) - 1, int(len(out) * 0.99))]


async def _real_names() -> list[str]:
    import os

    from bot.config import DEFAULT_DB

    db = Path(os.environ.get("REGELBOT_BENCH_DB") or DEFAULT_DB)
    store = await Store.open(db)
    try:
        return sorted({e.name for e in await store.name_entries()})
    finally:
        await store.close()


def rows(quick: bool) -> list[Row]:
    """The figures of the module docstring, as rows for ``bench/run.py``."""
    rng = random.Random(5)
    real = asyncio.run(_real_names())
    repeat = 50 if quick else 300
    out: list[Row] = []
    for label, names in (("real", real), ("100k", synthetic_names(real, 100_000))):
        index = NameIndex.from_entries(NameEntry(i, n, n, "name") for i, n in enumerate(names))
        t0 = time.perf_counter()
        scanner = NameScanner(index)
        built = time.perf_counter() - t0
        tracemalloc.start()  # memory measured in a second build (tracing slows the build down)
        NameScanner(index)
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        texts = itertools.cycle([_message(real, rng) for _ in range(20)])
        p50, p99 = _times(lambda s=scanner, m=texts: s.scan(next(m), 10), repeat)
        out.append((f"chat: name scan of a 4000-char message, {label} ({len(names)} names) p50/p99",
                    f"{p50:.2f} / {p99:.2f} ms", "≪ 50 ms", CMD))
        out.append((f"  scanner build / memory ({label})", f"{built * 1000:.0f} ms / {peak / 2**20:.1f} MB", "", CMD))
    plain = _message(real, rng)
    five = " ".join(f"[[{n}]]" for n in real[:5]) + " " + plain[:3900]
    p50, p99 = _times(lambda: bracket_mentions(plain, 5), repeat * 10)
    out.append(("chat: message without [[ (listener cost) p50/p99", f"{p50 * 1000:.1f} / {p99 * 1000:.1f} µs", "", CMD))
    p50, p99 = _times(lambda: bracket_mentions(five, 5), repeat * 10)
    out.append(("chat: message with 5 [[…]], parsing p50/p99", f"{p50 * 1000:.1f} / {p99 * 1000:.1f} µs", "", CMD))
    return out


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    for figure, value, target, _cmd in rows(args.quick):
        print(f"{figure:<75} {value:>22}  {target}")


if __name__ == "__main__":
    main()
