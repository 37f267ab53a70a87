"""``/frage``'s search step in process: :func:`bot.answers.abolished.asked_search` (the register's word order and the
one ranked search) over the questions of a tuning part, p50 and mean per question (ms), after a warm-up of 20.

Compare two trees side by side in one run of the shell, best and median of 3 (``--tree`` imports the ``bot`` package
of another checkout, e.g. ``git worktree add --detach /work/base-x main``)::

    for i in 1 2 3; do for t in /work/base-x .; do
        .venv/bin/python bench/bench_asked.py --tree $t --db data/regelbot.sqlite3; done; done

The store must exist (``python -m bot build``). Only tuning parts are read.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import tomllib
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parents[1]


async def run(db: Path, part: str) -> str:
    """The figures line of the imported checkout on the store ``db`` for the questions of ``part``."""
    from bot.answers.abolished import asked_search
    from bot.ranking import ranker
    from bot.search import NameIndex
    from bot.store import Store

    store = await Store.open(db)
    try:
        r = await ranker(store)
        ctx = SimpleNamespace(store=store, names=NameIndex.from_store(store.stored_names()))
        data = tomllib.loads((HERE / "tests" / "questions" / f"{part}.toml").read_text(encoding="utf-8"))
        questions = [q["text"] for q in data["question"]]
        for q in questions[:20]:  # warm-up: caches of the store and the analyser
            await asked_search(ctx, r, q, 5)  # type: ignore[arg-type]
        times = []
        for q in questions:
            t0 = time.perf_counter()
            await asked_search(ctx, r, q, 5)  # type: ignore[arg-type]
            times.append((time.perf_counter() - t0) * 1000)
        import bot

        root = Path(bot.__file__).parent.parent  # the checkout whose package ran
        return (f"{root}: {len(times)} questions, asked_search p50 {statistics.median(times):.2f} ms, "
                f"mean {statistics.mean(times):.2f} ms")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="the store (python -m bot build)")
    parser.add_argument("--tree", type=Path, default=HERE, help="import the bot package of this checkout")
    parser.add_argument("--part", default="tuning", choices=("tuning", "tuning2", "tuning3"))
    args = parser.parse_args()
    if not args.db.exists():
        parser.error(f"{args.db}: no store (python -m bot build)")
    sys.path.insert(0, str(args.tree.resolve()))
    print(asyncio.run(run(args.db.resolve(), args.part)))


if __name__ == "__main__":
    main()
