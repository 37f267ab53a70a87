"""Card resolution and the document answers, timed in process on the store of the documents.

Figures (p50 / p99 per call): ``NameIndex.resolve`` over every name of the store, every strict prefix that ends
inside a word, every name with a word left out and one typo per name; ``/karte`` for every card, ``/ruling karte``
for every card with rulings, ``/mechanik`` for every section (each answer once warm: the register and the
catalogues are read on first use). Only public answer functions are called, so the same file times any checkout
(``PYTHONPATH=<checkout> python bench/bench_shape.py``).

Run: ``python bench/bench_shape.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import tempfile
import time
from pathlib import Path

from bot.answers import AnswerContext, run_action, run_answer
from bot.importer import DEFAULT_SOURCES, build
from bot.search import NameIndex
from bot.store import Store


def p50_p99(samples: list[float]) -> tuple[float, float]:
    """Median and 99th percentile of ``samples``."""
    s = sorted(samples)
    return statistics.median(s), s[min(len(s) - 1, int(len(s) * 0.99))]


def typed_names(names: list[str]) -> list[str]:
    """Every name, its prefixes that end inside a word, the name with each word left out, and one typo each."""
    rng = random.Random(3)
    out = []
    for name in names:
        out.append(name)
        out += [name[:i] for i in range(1, len(name)) if name[i - 1].isalnum() and name[i].isalnum()]
        words = [w for w in re.split(r"[\s\-/,]+", name) if w]
        out += [" ".join(words[:i] + words[i + 1 :]) for i in range(len(words))] if len(words) > 1 else []
        i = rng.randrange(len(name))
        out.append(name[:i] + rng.choice("aeiklmnrst") + name[i + 1 :])
    return out


async def timed(calls: list, repeat: int) -> list[float]:
    """Milliseconds per awaited call, each call ``repeat`` times after one warm-up."""
    for call in calls[:1]:
        await call()
    out = []
    for _ in range(repeat):
        for call in calls:
            t0 = time.perf_counter()
            await call()
            out.append((time.perf_counter() - t0) * 1000)
    return out


async def main(repeat: int) -> None:
    """Build the store, time each kind, print one line per figure."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "regelbot.sqlite3"
        build(db, DEFAULT_SOURCES)
        store = await Store.open(db)
        try:
            ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
            queries = typed_names(sorted({e.name for e in ctx.names.entries}))
            resolve = []
            for q in queries * repeat:
                t0 = time.perf_counter()
                ctx.names.resolve(q)
                resolve.append((time.perf_counter() - t0) * 1000)
            cards = await store.fetchall("SELECT c.id, c.name, (SELECT count(*) FROM rulings r WHERE r.card_id = c.id)"
                                         " FROM cards c")
            sections = await store.fetchall("SELECT id FROM mechanics")
            rows = [
                (f"resolve ({len(queries)} typed names)", resolve),
                ("/karte (every card)", await timed(
                    [lambda n=n: run_answer(ctx, "card", name=n) for _i, n, _c in cards], repeat)),
                ("/ruling karte (every card with rulings)", await timed(
                    [lambda i=i: run_action(ctx, "rulings", str(i)) for i, _n, c in cards if c], repeat)),
                ("/mechanik (every section)", await timed(
                    [lambda i=i: run_action(ctx, "mechanic", str(i)) for (i,) in sections], repeat)),
            ]
        finally:
            await store.close()
    for label, samples in rows:
        p50, p99 = p50_p99(samples)
        print(f"{label:45} p50 {p50:8.3f} ms   p99 {p99:8.3f} ms   ({len(samples)} calls)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="times each call is repeated (default 3)")
    asyncio.run(main(parser.parse_args().repeat))
