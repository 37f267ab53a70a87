"""The build's last step: the translation table of the ``transl`` part (:mod:`bot.translation`, docs/ranking.md ⁶⁶)
learned once from the earlier questions (:data:`bot.prior.PRIOR_FILE`) and the new store's own gold passages, and
stored in it (``meta`` :data:`bot.translation.TABLE_META`, JSON under :func:`bot.translation.table_key`), so a
process reads it at start (a few ms) instead of running EM at every start-up and store swap (≈ 0.8 s of CPU, each
``serve`` worker and shard again).

The table is learned by the code the ranker learns it with at start when no table fits: the store is opened as a
reader (:class:`bot.store.Store`), its questions analysed by the ranker's analyser
(:func:`bot.learned.store_analyser`) and the table taken from :class:`bot.translation.Translations` with
``stored=False``, so the stored table is the one a start-up would learn, to the last bit of each float.
"""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.prior import PRIOR_FILE
from bot.translation import TABLE_META, table_json, table_key


async def learned_table(db: Path, prior: Path = PRIOR_FILE) -> tuple[str, int] | None:
    """The :data:`~bot.translation.TABLE_META` value (:func:`bot.translation.table_json`) of the store ``db``, learned
    from ``prior``'s questions, and the number of question terms it translates; None when ``prior`` cannot be read
    (logged, as at start).

    Raises:
        bot.store.StoreError: ``db`` is no readable store.
    """
    from bot.learned import store_analyser  # the ranker's analysis: imported by this step only
    from bot.store import Store
    from bot.translation import translations

    store = await Store.open(db)
    try:
        found = await translations(store, await store_analyser(store), prior, stored=False)
        if found is None:
            return None
        return table_json(table_key(found.questions), found.table), len(found.table)
    finally:
        await store.close()


def write_table(db: Path, prior: Path = PRIOR_FILE) -> int | None:
    """Learn the translation table of the written store ``db`` (:func:`learned_table`, on an event loop of its own in
    a worker thread: the build may be called from a running loop) and insert it into ``db``'s ``meta``; returns the
    number of question terms it translates, or None when ``prior`` cannot be read (no table stored: a process
    learns as without one). Takes ≈ 1 s of CPU for the 1 096 earlier questions.

    Raises:
        bot.store.StoreError, sqlite3.Error: ``db`` cannot be read or written.
    """
    with ThreadPoolExecutor(1, thread_name_prefix="transl-table") as pool:
        learned = pool.submit(asyncio.run, learned_table(db, prior)).result()
    if learned is None:
        return None
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA journal_mode = OFF")  # the build's temp file, fsynced and renamed after (as _fill writes)
        with conn:
            conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (TABLE_META, learned[0]))
    finally:
        conn.close()
    return learned[1]
