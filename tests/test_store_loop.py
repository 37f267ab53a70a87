"""The store's reads on the event loop (bot/store/base.py, LoopReader): a look-up by key runs on a plain sqlite3
connection within a budget of SQLite steps, what is over the budget or meets a lock runs through aiosqlite's
thread, the rows are the same either way, and a store swap (Core.reload) moves every connection to the new file.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from bot.commands import TABLE
from bot.core import Core
from bot.custom_id import Invocation
from bot.store import Store
from bot.store.base import LOOP_BUDGET_STEPS, LoopReader
from tests.conftest import settings_for


class _NoThread:
    """Stands in for aiosqlite's connection: any query sent to its thread fails the test."""

    def __getattr__(self, name: str):
        raise AssertionError(f"aiosqlite used: {name}")


async def test_a_card_is_looked_up_on_the_loop_without_aiosqlite(ctx, store: Store):
    real, store._conn = store._conn, _NoThread()  # type: ignore[assignment]
    try:
        before = store.loop_reads
        card = await store.card(ctx.names.resolve("Boros-Rekrut").card_id)
    finally:
        store._conn = real
    # Ravnica FAQ (document 001): "Boros-Rekrut / {R/W} / Kreatur -- Goblin, Soldat / 1/1"
    assert card is not None and (card.name, card.mana_cost, card.power_toughness) == ("Boros-Rekrut", "{R/W}", "1/1")
    assert store.loop_reads == before + 2  # the card row and its faces


async def test_passages_are_read_by_id_on_the_loop_and_searched_through_the_thread(store: Store):
    ids = [pid for (pid,) in await store.fetchall("SELECT id FROM passages WHERE kind = 'ruling' ORDER BY id LIMIT 5")]
    expected = await store._thread_fetchall(
        "SELECT text FROM passages WHERE id IN (?, ?, ?, ?, ?) ORDER BY id", tuple(ids))
    real, store._conn = store._conn, _NoThread()  # type: ignore[assignment]
    try:
        found = await store.passages(ids)
    finally:
        store._conn = real
    assert sorted(found) == ids and [(found[i].text,) for i in ids] == expected
    assert all(found[i].terms for i in ids)  # the analysed terms of the FTS table, read by rowid
    thread = store.thread_reads
    assert await store.passage_candidates("fehde", 5)  # a MATCH: through aiosqlite's thread
    assert store.thread_reads == thread + 1


@pytest.mark.parametrize("sql", [
    "SELECT * FROM card_rows ORDER BY id",
    "SELECT * FROM ruling_rows WHERE card_id IS NOT NULL ORDER BY card_id, d_id, position LIMIT 40",
    "SELECT word, count, lemma FROM vocabulary ORDER BY word",
    "SELECT key, value FROM meta ORDER BY key",
])
async def test_the_same_rows_on_the_loop_and_through_the_thread(store: Store, sql: str):
    on_thread = await store._thread_fetchall(sql, ())
    assert on_thread and await store.fetchall(sql) == on_thread
    assert await store.fetchone(sql) == on_thread[0]


async def test_a_query_over_the_budget_runs_through_the_thread_from_then_on(store: Store, built_db: Path):
    # the analyser's vocabulary, one row per word of the documents: a catalogue far over the loop's budget
    sql = "SELECT word, count, lemma FROM vocabulary"
    with sqlite3.connect(built_db) as plain:
        expected = plain.execute(sql).fetchall()
    assert len(expected) > 1000
    loop, thread = store.loop_reads, store.thread_reads
    assert await store.fetchall(sql) == expected
    assert (store.loop_reads, store.thread_reads) == (loop, thread + 1)
    assert await store.fetchall(sql) == expected  # straight to the thread, not tried on the loop again
    assert (store.loop_reads, store.thread_reads) == (loop, thread + 2)
    with pytest.raises(sqlite3.OperationalError, match="interrupted"):
        store._loop.run(sql, (), False)  # type: ignore[union-attr]


def test_the_budget_counts_steps_not_rows(built_db: Path):
    reader = LoopReader(built_db.resolve().as_uri() + "?mode=ro", budget=LOOP_BUDGET_STEPS)
    small = LoopReader(built_db.resolve().as_uri() + "?mode=ro", budget=1000)
    try:
        # one row, but a scan of every ruling's text: stopped by the budget of steps, whatever the rows
        scan = "SELECT count(*) FROM rulings WHERE text LIKE '%Fehde%'"
        with pytest.raises(sqlite3.OperationalError, match="interrupted"):
            small.run(scan, (), True)
        assert reader.run("SELECT name FROM cards WHERE id = ?", (1,), True) is not None
    finally:
        reader.close()
        small.close()


async def test_a_locked_file_is_read_through_the_thread_without_stopping_the_loop(ctx, store: Store,
                                                                                 built_db: Path, tmp_path: Path):
    db = tmp_path / "locked.sqlite3"
    shutil.copyfile(built_db, db)
    locked = await Store.open(db)
    lock = sqlite3.connect(db, isolation_level=None, timeout=0)
    card_id = ctx.names.resolve("Boros-Rekrut").card_id
    try:
        lock.execute("BEGIN EXCLUSIVE")
        t0 = time.monotonic()
        with pytest.raises(sqlite3.OperationalError) as refused:
            locked._loop.run("SELECT name FROM cards WHERE id = ?", (card_id,), True)  # type: ignore[union-attr]
        assert refused.value.sqlite_errorcode & 0xFF == 5  # SQLITE_BUSY at once: no busy wait on the loop
        assert time.monotonic() - t0 < 2.0  # aiosqlite's connection would wait 5 s
        reading = asyncio.create_task(locked.card(card_id))
        await asyncio.sleep(0.1)
        assert not reading.done()  # waiting in aiosqlite's thread while this coroutine runs
        lock.execute("ROLLBACK")
        card = await reading
        assert card is not None and card.name == "Boros-Rekrut"
        assert locked.thread_reads >= 1
    finally:
        lock.close()
        await locked.close()


async def test_a_store_swap_moves_the_loop_reads_to_the_new_file(built_db: Path, newer_db: Path, tmp_path: Path):
    db = tmp_path / "regelbot.sqlite3"
    shutil.copyfile(built_db, db)
    core = Core(settings_for(db, tmp_path))
    await core.open(TABLE.warm)
    try:
        old = core.store
        assert old is not None and old._loop is not None
        temp = db.with_name("neu.sqlite3")
        shutil.copyfile(newer_db, temp)
        temp.replace(db)
        assert await core.reload("Test")
        new = core.store
        assert new is not old and new is not None and new._loop is not None
        before = new.loop_reads
        heute = await core.run(Invocation.answer("mechanic", name="Einberufen"))
        assert "or Vehicle of that color" in heute.pages[0].body  # 702.51a as the newer rules file words it
        assert new.loop_reads > before
        for _ in range(100):  # the old store had no interaction running: closed at once, its loop reader too
            try:
                old._loop.conn.execute("SELECT 1")
            except sqlite3.ProgrammingError:
                break
            await asyncio.sleep(0.01)
        with pytest.raises(sqlite3.ProgrammingError):
            old._loop.conn.execute("SELECT 1")
    finally:
        await core.close()
