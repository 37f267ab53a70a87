"""The passages' records a store keeps in memory (bot/store/passages.py, RecordCache): a record read once comes from
memory afterwards and equals a fresh read of the file, a store swap (Core.reload) leaves the old store's records
behind, and the cache keeps at most its bound, the least recently used dropped first.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.core import Core
from bot.custom_id import Invocation
from bot.store import Store, passages
from bot.store.passages import RECORD_CACHE
from tests.test_core_swap import put, swap_core  # noqa: F401  (swap_core: the fixture, a core on a copy)


async def ids_of(store: Store, *keys: str) -> list[int]:
    """The passage ids of ``keys``, in that order."""
    found = [await store.passage_by_key(key) for key in keys]
    assert all(found), keys
    return [p.id for p in found if p is not None]


async def test_a_record_comes_from_memory_the_second_time_and_equals_a_fresh_read(store: Store, built_db: Path):
    fehde, bann = await ids_of(store, "000:7", "001:1246")
    first = await store.passages([bann, fehde])
    reads, cache = store.loop_reads + store.thread_reads, store.record_cache()
    again = await store.passages([fehde, bann])
    assert store.loop_reads + store.thread_reads == reads  # no query: both from memory
    assert cache.hits >= 2 and again == first and list(again) == sorted(again)  # in the order of their ids
    # the clash article's rule 701.19b and a ruling of the Gildenbund FAQ, as the documents print them
    record = again[fehde]
    assert (record.kind, record.title, record.source, record.date) == (
        "quoted_rule", "Regel 701.19b", "Fehde (Clash) – Artikel zur Schlüsselwort-Aktion", "2007")
    assert record.text == ("„Befehde dich mit einem Gegner“ bedeutet: „Wähle einen Gegner. Du und jener Gegner fehdet "
                           "beide.“")
    assert (again[bann].title, again[bann].source, again[bann].date) == (
        "Bann des Beschwörers", "Gildenbund – Häufig gestellte Fragen", "2005-12-22")
    assert again[bann].text.startswith("Der Bann des Beschwörers betrifft nur Karten.")
    fresh = await Store.open(built_db)  # a new store reads the file again
    try:
        assert await fresh.passages([fehde, bann]) == first
        assert fresh.record_cache().hits == 0
    finally:
        await fresh.close()
    # the analysed terms (stems "fehd", "gegn"; the rule number as a term) and the title's, kept with it
    assert {"fehd", "gegn", "r701x19b"} <= record.terms and record.names == frozenset({"r701x19b", "regel"})


async def test_only_the_records_not_kept_are_read(store: Store):
    kept, new = await ids_of(store, "000:7", "001:1246")
    await store.passages([kept])
    cache = store.record_cache()
    misses = cache.misses
    found = await store.passages([kept, new, 10**9])  # an unknown id is left out, never kept
    assert sorted(found) == sorted([kept, new]) and cache.misses == misses + 2
    assert 10**9 not in cache and new in cache


async def test_a_swapped_store_reads_its_own_records(swap_core: Core, newer_db: Path):  # noqa: F811
    # 003's explanation of rule 103.6: the store built with a rules file names its rule, the documents' store not
    old = swap_core.store
    assert old is not None
    await swap_core.run(Invocation.answer("question", question="Wer beginnt das Spiel?"))
    (pid,) = await ids_of(old, "003:98")
    before = (await old.passages([pid]))[pid]
    assert (before.number, before.title) == (None, "Regelerklärung") and len(old.record_cache()) > 1
    put(newer_db, swap_core.settings.db_path)
    assert await swap_core.reload("Test") is True
    new = swap_core.store
    assert new is not None and new is not old
    after = (await new.passages([pid]))[pid]
    assert (after.key, after.number, after.title) == ("003:98", "103.6", "Regel 103.6 (Erklärung)")
    # nothing of the old store's records: its own cache, which the warm-up filled with its own gold passages (the
    # translation table's, docs/ranking.md ⁶⁶: 003:98 among them) and the record read above is the new one
    assert new.record_cache() is not old.record_cache() and pid in new.record_cache()
    for _ in range(50):  # the old store had no interaction running: closed at once, its records with it
        if not len(old.record_cache()):
            break
        await asyncio.sleep(0.01)
    assert len(old.record_cache()) == 0


async def test_the_cache_keeps_its_bound_and_drops_the_least_recently_used(
    store: Store, built_db: Path, monkeypatch: pytest.MonkeyPatch
):
    assert store.record_cache().size == RECORD_CACHE == 2048
    ids = [pid for (pid,) in await store.fetchall("SELECT id FROM passages ORDER BY id LIMIT 20")]
    monkeypatch.setattr(passages, "RECORD_CACHE", 8)  # a store opened now keeps 8 records
    small = await Store.open(built_db)
    try:
        cache = small.record_cache()
        assert cache.size == 8
        await small.passages(ids[:8])
        assert len(cache) == 8
        await small.passages([ids[0]])  # used again: now the most recently used
        await small.passages(ids[8:10])
        assert len(cache) == 8
        assert ids[0] in cache and ids[1] not in cache and ids[2] not in cache  # the two least recently used went
        await small.passages(ids)
        assert len(cache) == 8 and all(pid in cache for pid in ids[-8:])
    finally:
        await small.close()
    everything = [pid for (pid,) in await store.fetchall("SELECT id FROM passages")]
    await store.passages(everything[:1000])
    await store.passages(everything[1000:])
    cache = store.record_cache()
    assert len(cache) == min(len(everything), RECORD_CACHE) == 1642  # the documents' passages: all of them fit


async def test_the_rules_versions_are_read_once_per_store(newer_db: Path, store: Store):
    newer = await Store.open(newer_db)  # built with one synthetic rules file (tests/importer/newer_rules.py)
    try:
        first = await newer.cr_versions()
        reads = newer.loop_reads + newer.thread_reads
        again = await newer.cr_versions()
        assert newer.loop_reads + newer.thread_reads == reads and again == first and again is not first
        assert [(v.effective, v.file, v.is_current) for v in again] == [
            ("2026-08-01", "MagicCompRules_20260801.txt", True)]
    finally:
        await newer.close()
    assert await store.cr_versions() == []  # the documents' store: no rules file
