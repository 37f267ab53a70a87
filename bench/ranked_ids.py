"""Every tuning question's ranking as ``/frage`` ranks it (read and searched by
:func:`bot.answers.frage_search.frage_search`, since 2026-12-08; the raw text before; no question left out: the
store's translation table and earlier questions as a process reads them), one line a question: its id and the ranked
passage keys with their scores. Run in two trees against their own stores and compare the outputs byte for byte: a
change meant to leave the answers as they were (the translation table stored by ``build`` instead of learned at
start) must give the same file (with ``PYTHONHASHSEED=0`` in both: set orders, and so the last bits of a score's
sums, follow the hash seed; the keys do not).

Run: ``python bench/ranked_ids.py [--db data/regelbot.sqlite3] [--parts tuning,tuning2,…,tuning6] > out.txt``
(the tuning parts only: never a held-out or the validation part).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import DEPTH, TUNING_PARTS, load_part  # noqa: E402
from held_reading import held  # noqa: E402

from bot.answers.frage_search import frage_search  # noqa: E402
from bot.answers.registry import AnswerContext  # noqa: E402
from bot.prior import prior_index  # noqa: E402
from bot.ranking import Ranker, ranker  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.translation import translations  # noqa: E402


async def main(db: Path, parts: list[str], held_reading: str = "") -> None:
    """Print each question's ranked keys and scores (see the module doc); ``held_reading`` a git revision: the
    earlier questions' index and the translation table learned from the questions as that revision's players'
    tables read them (bench/held_reading.py), the table learned here, not read from the store.

    Raises:
        SystemExit: a part that is not a tuning part.
    """
    if not set(parts) <= set(TUNING_PARTS):
        raise SystemExit(f"only the tuning parts {TUNING_PARTS}, not {parts}")
    async with opened_ranker(db, held_reading) as (store, r, names):
        for part in parts:
            for q in load_part(part):
                found = (await frage_search(AnswerContext(store, names), r, q.text, DEPTH)).found
                print(q.id, " ".join(f"{h.passage.key}={h.score!r}" for h in found.hits))


@contextlib.asynccontextmanager
async def opened_ranker(db: Path, held_reading: str = "") -> AsyncIterator[tuple[Store, Ranker, NameIndex]]:
    """The store ``db`` opened, its name index and ``/frage``'s ranker made and warmed as the bot's start-up does
    (:func:`bot.ranking.ranker`, :meth:`bot.ranking.Ranker.warm`); ``held_reading``: its learned parts as
    :func:`main` says; the store closed on leaving."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        r = await ranker(store)
        if held_reading:
            h = held(r.analyser, held_reading)
            r = r.variant()
            r.prior = await prior_index(store, h)
            r.translations = await translations(store, h, stored=False)
        r.warm(names)
        yield store, r, names
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--parts", default=",".join(TUNING_PARTS))
    parser.add_argument("--held-reading", default="", metavar="REV",
                        help="the learned parts read the earlier questions with REV's players' tables")
    args = parser.parse_args()
    asyncio.run(main(args.db, args.parts.split(","), args.held_reading))
