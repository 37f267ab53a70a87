"""A damaged store: detected at start-up by ``PRAGMA quick_check`` and at query time
(any SQLITE_CORRUPT, also from FTS5 pages), always with the German "Datenbank beschädigt … `python -m bot
build`", never a traceback or the generic internal error. The stores are real builds with pages overwritten."""

from __future__ import annotations

import shutil
import struct

import pytest

from bot.answers import AnswerContext, run_answer
from bot.search import NameIndex
from bot.store import CORRUPT_TITLE, Store, StoreError
from tests.conftest import call_cli

PAGE = 4096


def overwrite_pages(db, first: int, last: int | None = None, *, bump_counter: bool = False) -> None:
    """Fill pages ``first``..``last`` (1-based, inclusive; default: to the end) with garbage; with
    ``bump_counter`` also change the file change counter, as any writer would, so open connections drop
    their page cache."""
    data = bytearray(db.read_bytes())
    pages = len(data) // PAGE
    for page in range(first, (last or pages) + 1):
        start = (page - 1) * PAGE
        data[start:start + PAGE] = bytes((i * 37 + page) % 251 for i in range(PAGE))
    if bump_counter:
        counter = struct.unpack(">I", data[24:28])[0] + 1
        data[24:28] = struct.pack(">I", counter)
        data[92:96] = struct.pack(">I", counter)
    db.write_bytes(bytes(data))


@pytest.fixture
def damaged(built_db, tmp_path):
    db = tmp_path / "kaputt.sqlite3"
    shutil.copy(built_db, db)
    return db


def test_start_up_finds_overwritten_pages(damaged):
    overwrite_pages(damaged, 40, 60)  # the header and schema stay intact: only a check finds this
    proc = call_cli("call", "/karte name: Boros-Rekrut", db=damaged)
    assert proc.returncode == 1
    assert "Datenbank beschädigt" in proc.stderr and "`python -m bot build` ausführen" in proc.stderr
    assert "Traceback" not in proc.stderr and "Unerwarteter Fehler" not in proc.stderr


async def test_open_raises_store_error_for_damaged_pages(damaged):
    overwrite_pages(damaged, 100, 101)
    with pytest.raises(StoreError, match="Datenbank beschädigt"):
        await Store.open(damaged)


async def test_damage_after_start_is_a_german_reply_at_query_time(damaged):
    store = await Store.open(damaged)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        overwrite_pages(damaged, 3, bump_counter=True)  # everything after the schema, FTS pages included
        for key, options in [("ruling", {"search": "Bibliothek"}), ("card", {"name": "Boros-Rekrut"}),
                             ("rule", {"search": "Fehde"})]:
            reply = await run_answer(ctx, key, **options)
            assert reply.error and reply.ephemeral, key
            assert reply.pages[0].title == CORRUPT_TITLE, (key, reply.pages[0].title)
            assert "`python -m bot build`" in reply.pages[0].body
    finally:
        await store.close()


async def test_a_large_store_is_checked_after_the_start(damaged, built_db, monkeypatch: pytest.MonkeyPatch, caplog):
    """A store over CHECK_AT_OPEN_BYTES opens without reading every page; its check runs later in a thread of its
    own and logs the damage as one German error line."""
    import bot.store.base
    from bot.store.check import check_later, check_now

    overwrite_pages(damaged, 100, 101)
    later: list[tuple[str, object]] = []
    monkeypatch.setattr(bot.store.base, "CHECK_AT_OPEN_BYTES", damaged.stat().st_size - 1)
    monkeypatch.setattr(bot.store.base, "check_later", lambda uri, path: later.append((uri, path)))
    store = await Store.open(damaged)  # not checked now
    await store.close()
    assert [path for _uri, path in later] == [damaged]
    with caplog.at_level("INFO", logger="bot.store.check"):
        assert check_now(later[0][0], damaged) is False
        assert check_now(built_db.resolve().as_uri() + "?mode=ro", built_db) is True
    errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and errors[0].startswith(f"Datenbank beschädigt ({damaged}): `python -m bot build`")
    timer = check_later(later[0][0], damaged, delay=3600)
    assert timer.daemon and timer.is_alive()
    timer.cancel()


async def test_closing_a_large_store_drops_its_later_check(built_db, monkeypatch: pytest.MonkeyPatch):
    """The later page check belongs to the open store: closing it (a swap, the end of the process) cancels a
    check not yet begun, so no thread reads a file the bot no longer uses."""
    import bot.store.base

    monkeypatch.setattr(bot.store.base, "CHECK_AT_OPEN_BYTES", 0)
    store = await Store.open(built_db)
    timer = store.check_timer
    assert timer is not None and timer.is_alive()  # waiting its 30 s
    await store.close()
    timer.join(5)
    assert not timer.is_alive()
