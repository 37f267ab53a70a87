"""A new store without a restart (bot/core.py, Core.reload / follow): the application core switches to a store file
renamed over its path, on request (SIGHUP's reload) and by watching the path; interactions in flight finish on the
old store, which is closed after them; a file that fails the start-up check is refused and the old store kept.

The new store is the real one built with a rules file newer than the change register's basis (2026-08-01, in which
702.51a changed): its /info counts 9 register rows "zu prüfen", the old store's none.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import shutil
import sqlite3
import weakref
from pathlib import Path

import pytest

from bot.commands import TABLE
from bot.core import GC_YOUNG, Core, file_stamp, settle_heap
from bot.custom_id import Invocation
from bot.store import Store, StoreClosed
from tests.conftest import settings_for

REVIEW_LINE = "9 Registerzeilen zu prüfen"


def put(source: Path, target: Path) -> None:
    """Copy ``source`` next to ``target`` and rename it over ``target`` (as ``build`` and ``update`` do)."""
    temp = target.with_name(target.name + ".neu")
    shutil.copyfile(source, temp)
    temp.replace(target)


async def info_text(core: Core) -> str:
    reply = await core.run(Invocation.answer("info"))
    return "\n".join(f.value for f in reply.pages[0].fields)


async def closed(store: Store) -> bool:
    """True when ``store``'s connection is closed (a query then raises :class:`bot.store.StoreClosed`, the German
    „bitte erneut versuchen“ of an answer still running, tests/test_core_close.py)."""
    try:
        await store.fetchone("SELECT 1")
    except StoreClosed:
        return True
    return False


@pytest.fixture
async def swap_core(built_db: Path, tmp_path: Path):
    """A core on a copy of the session store in ``tmp_path`` (the tests rename other files over it)."""
    db = tmp_path / "regelbot.sqlite3"
    put(built_db, db)
    core = Core(settings_for(db, tmp_path))
    await core.open(TABLE.warm)
    try:
        yield core
    finally:
        await core.close()


async def test_reload_switches_to_the_renamed_store_and_closes_the_old(swap_core: Core, newer_db: Path):
    old = swap_core.store
    assert old is not None and REVIEW_LINE not in await info_text(swap_core)
    put(newer_db, swap_core.settings.db_path)
    assert await swap_core.reload("Test") is True
    assert swap_core.store is not old
    assert REVIEW_LINE in await info_text(swap_core)  # the per-store caches (today's register) are new
    heute = await swap_core.run(Invocation.answer("mechanic", name="Einberufen"))
    assert "or Vehicle of that color" in heute.pages[0].body  # the new official text of 702.51a
    await asyncio.sleep(0)  # the old store had no interaction running: closed at once
    for _ in range(50):
        if await closed(old):
            break
        await asyncio.sleep(0.01)
    assert await closed(old)


async def test_an_interaction_in_flight_finishes_on_the_old_store(swap_core: Core, newer_db: Path):
    old = swap_core.store
    async with swap_core.using() as running:  # an interaction that started before the swap
        put(newer_db, swap_core.settings.db_path)
        assert await swap_core.reload("Test")
        await asyncio.sleep(0.05)
        assert running.store is old and not await closed(old)
        assert REVIEW_LINE not in "\n".join(f.value for f in (await _info(running)).pages[0].fields)
        assert swap_core.context.store is not old  # new interactions get the new store meanwhile
        assert REVIEW_LINE in await info_text(swap_core)
    for _ in range(100):
        if await closed(old):
            break
        await asyncio.sleep(0.01)
    assert await closed(old)


async def _info(context):
    from bot.answers.meta import info_answer

    return await info_answer(context)


async def test_a_damaged_store_is_refused_and_the_old_one_kept(swap_core: Core, tmp_path: Path, caplog):
    old = swap_core.store
    bad = tmp_path / "kaputt.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 4000)  # a header, then nothing a store has
    put(bad, swap_core.settings.db_path)
    with caplog.at_level(logging.INFO, logger="bot.core"):
        assert await swap_core.reload("Test") is False
    refused = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(refused) == 1 and "\n" not in refused[0]
    assert refused[0].startswith("Neue Datenbank abgelehnt (Test), die bisherige bleibt in Betrieb: Datenbank")
    assert "`python -m bot build` ausführen" in refused[0]
    assert swap_core.store is old and not await closed(old)
    card = await swap_core.run(Invocation.answer("card", name="Boros-Rekrut"))
    assert card.pages[0].title == "Boros-Rekrut"


def damaged(folder: Path, name: str = "kaputt.sqlite3") -> Path:
    """A file with SQLite's header and nothing a store has (refused: "Datenbank beschädigt …")."""
    bad = folder / name
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 4000)
    return bad


def count_checks(core: Core, monkeypatch) -> list[str]:
    """Record each check of a store file (one :meth:`Core._open_store`) in the list returned."""
    checks: list[str] = []
    real = core._open_store

    async def counted():
        checks.append(str(core.settings.db_path))
        return await real()

    monkeypatch.setattr(core, "_open_store", counted)
    return checks


def swap_lines(caplog) -> list[tuple[int, str]]:
    """(level, text) of the core's log lines about a refused file."""
    return [(r.levelno, r.getMessage()) for r in caplog.records if "abgelehnt" in r.getMessage()]


async def test_a_file_refused_by_the_watch_is_not_checked_again(swap_core: Core, tmp_path: Path, caplog,
                                                                 monkeypatch):
    """The file watch refuses a damaged file, looks again, then the operator's SIGHUP (``update`` renames, then
    ``systemctl reload``): the file is checked once, one ERROR line; the watch's second look is not logged at
    INFO, the SIGHUP is answered in one WARNING line that this unchanged file was refused already (README:
    the SIGHUP row of "Operator messages"); the store in use stays."""
    old = swap_core.store
    checks = count_checks(swap_core, monkeypatch)
    put(damaged(tmp_path), swap_core.settings.db_path)
    with caplog.at_level(logging.INFO, logger="bot.core"):
        assert await swap_core.reload("Datei ersetzt") is False
        assert await swap_core.reload("Datei ersetzt") is False
        assert await swap_core.reload("SIGHUP") is False
    assert len(checks) == 1
    lines = swap_lines(caplog)
    assert [level for level, _ in lines] == [logging.ERROR, logging.WARNING]
    assert lines[0][1].startswith("Neue Datenbank abgelehnt (Datei ersetzt), die bisherige bleibt in Betrieb: "
                                  "Datenbank beschädigt oder keine Regelbot-Datenbank (")
    reason = lines[0][1].split("in Betrieb: ", 1)[1]
    assert lines[1][1] == ("Datenbank unverändert (SIGHUP), bereits abgelehnt (Datei ersetzt) und nicht erneut "
                           f"geprüft; die bisherige bleibt in Betrieb: {reason}")
    assert swap_core.store is old


@pytest.mark.parametrize("first", ["SIGHUP", "Datei ersetzt"])
async def test_the_watch_and_a_sighup_at_once_check_the_file_once(swap_core: Core, tmp_path: Path, caplog,
                                                                   monkeypatch, first: str):
    """The watch and a SIGHUP notice the same damaged file at once (the second waits for the first's check):
    one check, one ERROR line naming the one that came first; a SIGHUP that came second answers in one WARNING
    line, a watch that came second says nothing at INFO."""
    checks = count_checks(swap_core, monkeypatch)
    put(damaged(tmp_path), swap_core.settings.db_path)
    second = "Datei ersetzt" if first == "SIGHUP" else "SIGHUP"
    with caplog.at_level(logging.INFO, logger="bot.core"):
        assert await asyncio.gather(swap_core.reload(first), swap_core.reload(second)) == [False, False]
    assert len(checks) == 1
    lines = swap_lines(caplog)
    assert lines[0] == (logging.ERROR, lines[0][1])
    assert lines[0][1].startswith(f"Neue Datenbank abgelehnt ({first}), die bisherige bleibt in Betrieb: ")
    if second == "SIGHUP":
        assert [level for level, _ in lines] == [logging.ERROR, logging.WARNING]
        assert lines[1][1].startswith("Datenbank unverändert (SIGHUP), bereits abgelehnt (Datei ersetzt) und ")
    else:
        assert len(lines) == 1


async def test_a_sighup_checks_again_a_file_refused_because_it_could_not_be_read(swap_core: Core, newer_db: Path,
                                                                                 caplog, monkeypatch):
    """A file this process could not read (rights: ``StoreUnreadable``) is refused and not tried again by the
    watch; once the operator fixed the rights (the file's stamp unchanged), a SIGHUP checks it again and opens it."""
    from bot.store import StoreUnreadable

    checks = count_checks(swap_core, monkeypatch)
    counted = swap_core._open_store
    unreadable = StoreUnreadable(f"Datenbank nicht lesbar ({swap_core.settings.db_path}): keine Leserechte")

    async def refused_once():
        if not checks:
            checks.append("keine Leserechte")
            raise unreadable
        return await counted()

    monkeypatch.setattr(swap_core, "_open_store", refused_once)
    put(newer_db, swap_core.settings.db_path)
    with caplog.at_level(logging.INFO, logger="bot.core"):
        assert await swap_core.reload("Datei ersetzt") is False
        assert await swap_core.reload("Datei ersetzt") is False  # the watch: not tried again
        assert len(checks) == 1
        assert await swap_core.reload("SIGHUP") is True
    assert len(checks) == 2
    assert [level for level, _ in swap_lines(caplog)] == [logging.ERROR]
    assert REVIEW_LINE in await info_text(swap_core)


async def test_an_unchanged_file_is_not_opened_again(swap_core: Core, caplog):
    old = swap_core.store
    with caplog.at_level(logging.INFO, logger="bot.core"):
        assert await swap_core.reload("SIGHUP") is False
    assert swap_core.store is old
    assert any(r.getMessage().startswith("Datenbank unverändert (SIGHUP)") for r in caplog.records)


async def test_follow_opens_a_replaced_file_and_skips_a_refused_one(swap_core: Core, newer_db: Path, tmp_path: Path,
                                                                     caplog):
    old = swap_core.store
    swap_core.follow(0.02)
    bad = tmp_path / "leer.sqlite3"
    bad.write_bytes(b"")
    with caplog.at_level(logging.INFO, logger="bot.core"):
        put(bad, swap_core.settings.db_path)
        await asyncio.sleep(0.3)  # many looks at the same refused file
        assert swap_core.store is old
        refused = [r for r in caplog.records if r.getMessage().startswith("Neue Datenbank abgelehnt")]
        assert len(refused) == 1, "a refused file is tried once"
        put(newer_db, swap_core.settings.db_path)
        for _ in range(200):
            if swap_core.store is not old:
                break
            await asyncio.sleep(0.02)
    assert swap_core.store is not old
    assert any(r.getMessage().startswith(f"Neue Datenbank in Betrieb (Datei ersetzt): {swap_core.settings.db_path}; ")
               for r in caplog.records)
    assert REVIEW_LINE in await info_text(swap_core)


async def test_close_closes_a_replaced_store_still_in_use(swap_core: Core, newer_db: Path):
    old = swap_core.store
    assert old is not None
    async with swap_core.using():
        put(newer_db, swap_core.settings.db_path)
        assert await swap_core.reload("Test")
        new = swap_core.store
        assert new is not None
        await swap_core.close(wait=0.05)  # this block is the interaction still running: closed under it
        assert await closed(old) and await closed(new)
    assert not swap_core.is_open


def test_file_stamp_changes_with_a_rename_only(tmp_path: Path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_bytes(b"x")
    b.write_bytes(b"x")
    first = file_stamp(a)
    assert first is not None and file_stamp(a) == first
    b.replace(a)
    assert file_stamp(a) != first  # another inode
    assert file_stamp(tmp_path / "fehlt") is None


async def retired(core: Core) -> None:
    """Wait until ``core`` has closed and let go every store a swap replaced (:attr:`bot.core.Core.retiring`; up to
    10 s: the old store closes in a task, its aiosqlite thread slow on a loaded machine). Its ``closed`` flag is no
    such sign: a store refuses queries from the start of its close on, while the retirement still holds it."""
    for _ in range(1000):
        if not core.retiring:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{core.retiring} replaced stores not let go after 10 s")


async def test_a_replaced_store_and_what_was_built_from_it_are_let_go(swap_core: Core, newer_db: Path, built_db: Path):
    """After a swap nothing keeps the old store, its name index or its caches (today's register, catalogues):
    three swaps leave no old generation in memory, also one whose kept bodies hold a reference cycle (the
    retirement lets the generation go before it settles the heap, so the cycle is collected, not frozen)."""
    gone = []
    for n in range(3):
        await info_text(swap_core)  # fill the per-store caches (today's register) and the completers' data
        await swap_core.run(Invocation.answer("mechanic", name="Einberufen"))
        old = swap_core.store
        assert old is not None and swap_core.choice_bodies is not None
        cycle = _Body(b"{}")
        cycle.me = (cycle, old)  # freed only by a collection, which never looks at it once frozen
        swap_core.choice_bodies[("Zyklus", str(n))] = cycle
        gone += [weakref.ref(old), weakref.ref(swap_core.context.names)]
        del cycle
        put(newer_db if n % 2 == 0 else built_db, swap_core.settings.db_path)
        assert await swap_core.reload("Test")
        await retired(swap_core)
        assert await closed(old), n
        del old
    gc.collect()
    assert [ref() is None for ref in gone] == [True] * 6


async def test_a_slow_close_holds_the_store_until_it_ends(swap_core: Core, newer_db: Path, monkeypatch):
    """A close that takes its time (the aiosqlite thread of a loaded machine): the old store refuses queries from
    the start of its close, the core counts it as retiring until the close has ended, then it is let go."""
    import aiosqlite

    close = aiosqlite.Connection.close

    async def slow_close(conn: aiosqlite.Connection) -> None:
        await asyncio.sleep(0.3)
        await close(conn)

    monkeypatch.setattr(aiosqlite.Connection, "close", slow_close)
    old = swap_core.store
    assert old is not None
    gone = weakref.ref(old)
    put(newer_db, swap_core.settings.db_path)
    assert await swap_core.reload("Test")
    for _ in range(100):
        if await closed(old):
            break
        await asyncio.sleep(0.01)
    assert await closed(old) and swap_core.retiring == 1  # refused, still held: its connection is closing
    del old
    await retired(swap_core)
    gc.collect()
    assert gone() is None


async def test_the_completers_answer_from_the_new_store_after_a_swap(swap_core: Core, newer_db: Path):
    """The completers' prepared data (numbers by prefix, in the store's cache) is the new store's after a swap:
    the old store has no CR, the newer rules have 709.4f (709.4a moved there) and no 106.4."""
    from bot.answers.official import cr_rule_choices
    from bot.answers.rules import rule_queries

    async def values(completer, typed: str) -> list[str]:
        return [c.value for c in await swap_core.complete(completer, typed)]

    # no CR: the rules the change register quotes for the split cards' rows (709.4, 709.4a, 709.4b, each answered
    # by /regel suche with the rows resting on it), none of the newer rules' subrules (709.4f)
    old = ["709.4", "709.4a", "709.4b"]
    assert await values(cr_rule_choices, "709.4") == [] and await values(rule_queries, "709.4") == old
    assert "106.4" in await values(rule_queries, "106.")
    put(newer_db, swap_core.settings.db_path)
    assert await swap_core.reload("Test")
    assert await values(cr_rule_choices, "709.4") == ["709.4", "709.4b", "709.4f"]
    assert await values(rule_queries, "709.4") == ["709.4", "709.4b", "709.4f"]
    assert await values(rule_queries, "106.") == ["106.3"]  # 106.4 gone from the rules the new store holds


async def test_a_swap_is_one_info_line_naming_what_changed(swap_core: Core, newer_db: Path, tmp_path: Path,
                                                           caplog):
    """Opening the new store, its index and closing the old one are DEBUG; the one INFO line of the swap names both
    stores' build times and rules files (the newer store was built with ``--cr``, the old one without)."""
    from prometheus_client import REGISTRY

    from bot import metrics

    metrics.enable()  # as serve and run with METRICS_PORT: the gauge of rows to review is set by the swap
    old = await swap_core.store.build_info()
    # The run builds both stores; built in the same second they have the same build time (ISO, seconds): the
    # newer one is given a later one, so the line's "gebaut … → …" is seen whatever the timing.
    newer = tmp_path / "neuer.sqlite3"
    shutil.copyfile(newer_db, newer)
    with contextlib.closing(sqlite3.connect(newer)) as conn, conn:
        conn.execute("UPDATE meta SET value = '2099-01-01T00:00:00+00:00' WHERE key = 'built_at'")
    async with _opened(newer) as store:
        new = await store.build_info()
    assert old["built_at"] != new["built_at"] and old["sources_sha256"] == new["sources_sha256"]
    put(newer, swap_core.settings.db_path)
    with caplog.at_level(logging.DEBUG, logger="bot"):
        assert await swap_core.reload("SIGHUP") is True
        for _ in range(100):
            if any(r.getMessage() == "Alte Datenbank geschlossen" for r in caplog.records):
                break
            await asyncio.sleep(0.01)
    info = [(r.levelname, r.getMessage()) for r in caplog.records if r.levelno >= logging.INFO]
    # the newer store has register rows to review (newer rules): the swap line says so, as a WARNING
    assert info == [("WARNING", f"Neue Datenbank in Betrieb (SIGHUP): {swap_core.settings.db_path}; gebaut "
                     f"{old['built_at']} → {new['built_at']}, Quellen {new['sources_sha256'][:12]} (gleich), "
                     f"Regeldateien {old['cr_files']} → {new['cr_files']}; {REVIEW_LINE}: 3 zitierte Regeln sind in "
                     "den Comprehensive Rules vom 01.08.2026 anders (data/changes.toml)")]
    assert REGISTRY.get_sample_value("regelbot_register_rows_to_review") == 9
    debug = {r.getMessage().split(":")[0].split(" (")[0] for r in caplog.records if r.levelno == logging.DEBUG}
    assert {"Store geöffnet", "Integritätsprüfung ok", "Namensindex", "Alte Datenbank geschlossen"} <= debug


@contextlib.asynccontextmanager
async def _opened(path: Path):
    store = await Store.open(path)
    try:
        yield store
    finally:
        await store.close()


def _with_alias(source: Path, target: Path, alias: str, card: str) -> None:
    """Copy ``source`` to ``target`` and add ``alias`` for ``card`` to the stored name index only (not to
    ``card_aliases``): a process that folded the names itself would not know it."""
    from bot.namedata import name_strings
    from bot.store.names import KEYS, RKEYS, WORDS, words_column

    shutil.copyfile(source, target)
    with sqlite3.connect(target) as conn:
        card_id = conn.execute("SELECT id FROM cards WHERE name = ?", (card,)).fetchone()[0]
        entry = conn.execute("SELECT max(entry) + 1 FROM name_entries").fetchone()[0]
        keys, words = name_strings(alias)
        conn.execute("INSERT INTO name_entries VALUES (?, ?, ?, ?, 'alias', ?)",
                     (entry, card_id, card, alias, words_column(words)))
        conn.executemany("INSERT INTO name_keys VALUES (?, ?, ?)",
                         [(KEYS, k, entry) for k in keys] + [(RKEYS, k[::-1], entry) for k in keys]
                         + [(WORDS, w, entry) for w in words])


@pytest.mark.parametrize("in_memory", [20_000, 0], ids=["read into memory", "answered from the tables"])
async def test_a_swap_takes_the_new_stores_stored_name_index(swap_core: Core, built_db: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch, in_memory: int):
    """The name index after a swap is the one the new store holds (read into memory for a small store, answered
    from its tables for a large one), and the old store's index connection is closed with it."""
    from bot.store.names import StoredNames

    monkeypatch.setattr("bot.search.IN_MEMORY_ENTRIES", in_memory)
    _with_alias(built_db, tmp_path / "alias.sqlite3", "Rekrutin der Boros", "Boros-Rekrut")
    old = swap_core.store
    assert old is not None and swap_core.context.names.resolve("Rekrutin der Boros") is None
    old_names = old.stored_names()
    put(tmp_path / "alias.sqlite3", swap_core.settings.db_path)
    assert await swap_core.reload("Test")
    names = swap_core.context.names
    assert isinstance(names.data, StoredNames) == (in_memory == 0)
    hit = names.resolve("Rekrutin der Boros")
    assert hit is not None and (hit.card_name, hit.matched) == ("Boros-Rekrut", "Rekrutin der Boros")
    assert names.resolve("boros rekrut") is not None  # the store's own names as before
    reply = await swap_core.run(Invocation.answer("card", name="rekrutin der boros"))
    assert reply.pages[0].title.startswith("Boros-Rekrut")
    for _ in range(100):
        if await closed(old):
            break
        await asyncio.sleep(0.01)
    with pytest.raises(StoreClosed):  # closed with the old store (German „bitte erneut versuchen“, not sqlite3's
        old_names.entry_count()  # ProgrammingError: tests/test_core_close.py)


@pytest.fixture
def gc_restored():
    """The garbage collector as it was (thresholds, nothing frozen) after a test that settles the heap."""
    threshold = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


class _Node:
    """An object that can sit in a reference cycle (freed only by the garbage collector, not by its count)."""

    me: object = None


class _Body(bytes):
    """A kept autocomplete body that can sit in a reference cycle (:class:`_Node`)."""

    me: object = None


def test_settle_heap_collects_first_freezes_the_rest_and_a_second_call_lets_it_go(gc_restored):
    garbage, kept = _Node(), _Node()
    garbage.me, kept.me = garbage, kept
    dead, alive = weakref.ref(garbage), weakref.ref(kept)
    del garbage
    settle_heap()
    assert dead() is None  # cyclic garbage collected before the freeze
    assert gc.get_freeze_count() > 0 and gc.get_threshold()[0] == GC_YOUNG == 10_000
    del kept  # frozen, then garbage (as a store retired by a swap)
    gc.collect()
    assert alive() is not None  # no collection looks at the frozen objects ...
    settle_heap()
    assert alive() is None  # ... until the next settle unfreezes and collects them


async def test_after_a_swap_the_new_store_is_frozen_and_the_old_one_let_go(swap_core: Core, newer_db: Path,
                                                                           gc_restored):
    """A door settles the heap once its core is open (the store frozen with the rest). After a swap the retiring
    settles it again (:meth:`bot.core.Core._retire`): the old store, unfrozen, is let go, and the new one is frozen
    in its place (no collection traverses it: it is in no generation of ``gc.get_objects()``)."""
    await info_text(swap_core)  # the per-store caches filled
    settle_heap()
    old = swap_core.store
    assert old is not None and not any(o is old for o in gc.get_objects())
    gone = [weakref.ref(old), weakref.ref(swap_core.context.names)]
    put(newer_db, swap_core.settings.db_path)
    assert await swap_core.reload("Test")
    new = swap_core.store
    assert any(o is new for o in gc.get_objects())  # opened after the freeze
    await retired(swap_core)
    del old
    gc.collect()  # the probes' exceptions (tracebacks holding the old store) came after the settle
    assert [ref() is None for ref in gone] == [True, True]
    assert not any(o is new for o in gc.get_objects())  # frozen by the retiring's settle


async def test_kept_autocomplete_bodies_are_the_old_stores_only(swap_core: Core, newer_db: Path):
    """The encoded bodies ``serve`` keeps (:func:`bot.autocomplete.choices_bytes`) belong to the store they were
    made on: after a swap the same typed text is completed again on the new store (its CR's 709.4, 709.4b and
    709.4f; the old store, without a CR, offers the change register's quoted 709.4, 709.4a and 709.4b)."""
    import orjson

    from bot.autocomplete import choices_bytes

    data = {"name": "rule", "options": [{"name": "search", "type": 3, "value": "709.4", "focused": True}]}

    async def values() -> list[str]:
        return [c["value"] for c in orjson.loads(await choices_bytes(swap_core, data))["data"]["choices"]]

    old = ["709.4", "709.4a", "709.4b"]
    assert await values() == old and await values() == old  # the second from the kept bodies
    put(newer_db, swap_core.settings.db_path)
    assert await swap_core.reload("Test")
    assert await values() == ["709.4", "709.4b", "709.4f"]


async def test_kept_command_answers_are_the_old_stores_only(swap_core: Core, newer_db: Path):
    """The command answers ``serve`` keeps (:mod:`bot.answer_bodies`) belong to the store they were made on: a
    swapped store starts with none, and the same command is answered from the new store (its /info names the
    newer rules file, which the old store lacks)."""
    import orjson

    from bot.serve import RestClient
    from bot.serve_interactions import Interactions

    http = Interactions(swap_core, RestClient(), defer_after=60.0)
    payload = {"type": 2, "id": "1300000000000000001", "application_id": "9", "token": "t",
               "data": {"name": "info", "type": 1, "options": []}}

    async def info() -> bytes:
        ctype, body = await http.respond(payload)
        assert ctype == 4
        return body

    before = await info()
    assert await info() == before and len(swap_core.kept_answers or ()) == 1  # the second from the kept answers
    put(newer_db, swap_core.settings.db_path)
    assert await swap_core.reload("Test")
    assert swap_core.kept_answers is not None and len(swap_core.kept_answers) == 0
    after = await info()
    assert after != before
    assert "MagicCompRules_20260801.txt" in str(orjson.loads(after)) and "20260801" not in str(orjson.loads(before))
