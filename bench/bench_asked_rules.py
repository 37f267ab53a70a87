"""Timing of ``/frage`` with rule numbers inside its sentence (bot/answers/asked_rules.py); prints figures (not a
test).

Run: ``PYTHONHASHSEED=0 python bench/bench_asked_rules.py [--db data/regelbot.sqlite3] [--calls 20]``. A question
that names five rule numbers (:data:`QUESTION`: four rules the documents hold and one no rule has) is answered on
the built store: :func:`bot.answers.asked_rules.rule_led` alone (the ranked hits read once before) and the whole
``/frage`` answer; each is called ``--calls`` times per run after one warm-up (the store's catalogues are read
then), three runs, best and median of the runs' milliseconds per call. Run it on two commits to compare them.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.answers import AnswerContext, run_answer  # noqa: E402
from bot.answers.asked_rules import asked_numbers, rule_led  # noqa: E402
from bot.ranking import ranker  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402

#: Five rule numbers: 702.19 (the term table's Trampelschaden), 104.3f and 103.5b (003's entries), 601.2 (quoted by
#: the documents), 999.9 (no rule has it).
QUESTION = "was sagen regel 702.19, 104.3f, 601.2, 103.5b und 999.9 über das spielen?"
RUNS = 3


async def _per_call(fn: Callable[[], Awaitable[object]], calls: int) -> list[float]:
    """Milliseconds per call of ``fn`` in each of :data:`RUNS` runs of ``calls`` calls, after one warm-up call."""
    await fn()
    runs = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        for _ in range(calls):
            await fn()
        runs.append((time.perf_counter() - t0) * 1000 / calls)
    return runs


async def main(db: Path, calls: int) -> None:
    """Print best and median (ms per call) of :func:`rule_led` and of the whole ``/frage`` answer of
    :data:`QUESTION` on the store ``db``."""
    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        assert len(asked_numbers(QUESTION)) == 5, asked_numbers(QUESTION)
        found = await (await ranker(store)).search(store, QUESTION, ctx.names, limit=4)
        rows = [("rule_led (5 Regelnummern)", await _per_call(lambda: rule_led(ctx, QUESTION, found, []), calls)),
                ("/frage ganz", await _per_call(lambda: run_answer(ctx, "question", question=QUESTION), calls))]
        for label, runs in rows:
            print(f"{label:<28} best {min(runs):8.2f} ms   median {statistics.median(runs):8.2f} ms   "
                  f"({RUNS} runs × {calls} calls)")
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(main(args.db, args.calls))
