"""The build's translation table (bot/importer/transl_table.py): learned from the earlier questions and the written
store, stored in ``meta`` under the running bot's key; none without the questions' file."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.importer.transl_table import write_table
from bot.prior import read_prior
from bot.translation import TABLE_META, read_table, table_key


def _row(db: Path) -> str | None:
    conn = sqlite3.connect(db)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (TABLE_META,)).fetchone()
    finally:
        conn.close()
    return None if row is None else str(row[0])


@pytest.fixture
def without_table(built_db: Path, tmp_path: Path) -> Path:
    """A copy of the session's store with its table's row deleted (as a build before the table left it)."""
    db = tmp_path / "regelbot.sqlite3"
    shutil.copyfile(built_db, db)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("DELETE FROM meta WHERE key = ?", (TABLE_META,))
    conn.close()
    return db


def test_the_build_stores_the_table_under_the_bots_key(built_db: Path, without_table: Path):
    stored, why = read_table(_row(built_db), table_key(read_prior()))
    assert why == "" and stored is not None and stored["tok"][0][0] == "spielstein"
    assert _row(without_table) is None
    assert write_table(without_table) == len(stored)  # the same table learned again, its question terms counted
    assert _row(without_table) == _row(built_db)


def test_without_the_earlier_questions_no_table_is_stored(without_table: Path, tmp_path: Path,
                                                          caplog: pytest.LogCaptureFixture):
    assert write_table(without_table, tmp_path / "prior_questions.tsv") is None
    assert _row(without_table) is None and "Frühere Fragen nicht gelesen" in caplog.text


async def test_the_table_is_learned_also_when_the_build_runs_inside_an_event_loop(without_table: Path):
    assert asyncio.get_running_loop() is not None
    assert write_table(without_table) is not None and _row(without_table) is not None


async def test_the_build_info_kept_per_store_leaves_the_table_out(built_db: Path):
    """The table (≈ 48 KB) is in the store's ``meta`` but not in :meth:`bot.store.Store.build_info`, which each loaded
    store keeps and a swap logs; the build's own records are."""
    from bot.store import Store

    assert _row(built_db) is not None
    store = await Store.open(built_db)
    try:
        info = await store.build_info()
    finally:
        await store.close()
    assert TABLE_META not in info and {"built_at", "sources_sha256"} <= set(info)
