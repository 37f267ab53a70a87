"""Excerpt figures (bot/snippets.py): what an answer's excerpts cost with the passage's sentence analysis prepared
anew (as on a passage's first answer) and read from the per-process cache (every later answer showing it), and the
memory the cache takes when it holds every passage of the store.

For every passage of a store built from data/sources, one question made of the passage's own first words (many
terms to score and mark) asks :func:`bot.excerpts.excerpt` for an excerpt with bold marks (``/regel suche``,
``/ruling suche``, 550 characters) and for a further candidate's (``/frage``, 900 characters): first with empty
caches, then again from the cache; best of three rounds each. Memory: the bytes the caches hold after one round
(``tracemalloc``), in all and per passage.

    .venv/bin/python bench/bench_snippets.py [--db STORE]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from common import given_or_built
from harness import build_store

from bot import snippets
from bot.excerpts import excerpt
from bot.ranking import ranker
from bot.store import Store


def _round(cases: list, a: object) -> float:
    """Seconds of CPU for the excerpts of every case."""
    c0 = time.process_time()
    for text, question, analysis in cases:
        excerpt(text, analysis, a, question, 550, bold=True)  # type: ignore[arg-type]
        excerpt(text, analysis, a, question, 900)  # type: ignore[arg-type]
    return time.process_time() - c0


async def measure(db: Path) -> list[str]:
    """The printed figures for the store ``db``."""
    store = await Store.open(db)
    try:
        a = (await ranker(store)).analyser
        rows = await store.fetchall("SELECT text FROM passages ORDER BY id")
        asked = [(text, " ".join(text.split()[:12])) for (text,) in rows]
        cases = [(text, q, a.analyse(q, question=True)) for text, q in asked]
        cold, warm = [], []
        for _ in range(3):
            snippets._caches.clear()
            cold.append(_round(cases, a))
            warm.append(_round(cases, a))
        snippets._caches.clear()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        _round(cases, a)
        held = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        sizes = snippets.cache_sizes(a)
    finally:
        await store.close()
    n = len(cases)
    return [
        f"excerpts of {n} passages (a search hit's bold excerpt and a /frage candidate's each), CPU per passage, "
        "best of 3:",
        f"  analysed anew (first answer showing it): {min(cold) / n * 1e6:.0f} µs",
        f"  from the cache (every later answer):     {min(warm) / n * 1e6:.0f} µs  "
        f"(ratio {min(cold) / min(warm):.1f}×)",
        f"cache after one round: {sizes} entries, {held / 1e6:.2f} MB ({held / max(1, sum(sizes.values())):.0f} B per "
        f"entry); bounds per kind: {snippets.CACHE_TEXTS} texts, {snippets.CACHE_CHARS} characters, each text ≤ "
        f"{snippets.MAX_CACHED_CHARS} characters",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None, help="a built store (default: build one from data/sources)")
    args = parser.parse_args()
    with given_or_built(args.db, "bench_snippets_", build_store) as db:
        print("\n".join(asyncio.run(measure(db))))


if __name__ == "__main__":
    main()
