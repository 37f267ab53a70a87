"""The core of :class:`bot.store.Store`: opening and checking the file, running parameterised SQL,
telling a damaged file from other errors, and the per-store cache (:meth:`StoreBase.memo`).

Two read-only connections to the one file: the long-lived aiosqlite connection, whose thread runs what may take
long (full-text searches over user text, the catalogues loaded once per store, reads while another process locks
the file), and a plain ``sqlite3`` connection (:class:`LoopReader`) on which :meth:`StoreBase.fetchall` and
:meth:`StoreBase.fetchone` first try a query directly on the event loop, within :data:`LOOP_BUDGET_STEPS` of
SQLite's virtual-machine steps: a look-up by key or indexed name costs a few µs of CPU there instead of ≈ 200 µs
through aiosqlite's thread and queue (docs/performance.md). A query over that budget, or one that meets
a lock, is run again through aiosqlite; SQL once over the budget goes there directly from then on.

The query methods live in the modules of :mod:`bot.store` by concern; each subclasses :class:`StoreBase`.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.errors import StoreClosed, UserError
from bot.paths import DATA_DIR
from bot.store.check import CHECK_AT_OPEN_BYTES, check_later, quick_check
from bot.store.names import StoredNames

log = logging.getLogger(__name__)

#: Must equal ``PRAGMA user_version`` in data/schema.sql.
SCHEMA_VERSION = 7


class StoreError(Exception):
    """The store cannot be used; the message is German and says what to do."""


class StoreUnreadable(StoreError):
    """This process could not read the store file (rights of the file or its folder, an I/O error): a cause
    outside the file's content, which the operator may fix without replacing the file."""


#: SQLite's primary result codes for a damaged file: SQLITE_CORRUPT (11) and SQLITE_NOTADB (26)
#: (https://sqlite.org/rescode.html); extended codes (e.g. SQLITE_CORRUPT_VTAB of FTS5) share the low byte.
CORRUPT_CODES = frozenset({11, 26})
CORRUPT_TITLE = "Datenbank beschädigt"
CORRUPT_BODY = ("Die Datenbank des Bots ist beschädigt. Der Betreiber muss sie mit `python -m bot build` "
                "neu bauen; bis dahin kann diese Frage nicht beantwortet werden.")


class StoreCorrupt(UserError):
    """A query hit a damaged page (SQLITE_CORRUPT / SQLITE_NOTADB). Shown to the user as the German
    "Datenbank beschädigt … `python -m bot build`" (a :class:`~bot.errors.UserError`), logged as an error."""

    def __init__(self) -> None:
        super().__init__(CORRUPT_TITLE, CORRUPT_BODY)


class SearchIndexMissing(UserError):
    """The store has no full-text index (built by an older version): German "Datenbank veraltet"."""

    def __init__(self) -> None:
        super().__init__(
            "Datenbank veraltet", "Der Suchindex fehlt in dieser Datenbank: `python -m bot build` ausführen."
        )


def is_corruption(exc: BaseException) -> bool:
    """True when ``exc`` is an ``sqlite3.DatabaseError`` meaning a damaged file (not a lock or a syntax error)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return (code & 0xFF) in CORRUPT_CODES
    text = str(exc)
    return "malformed" in text or "not a database" in text or "corrupt" in text


#: The ``meta`` key of the translation table ``python -m bot build`` learns and stores (:mod:`bot.translation`:
#: JSON by :func:`bot.translation.table_json`).
TABLE_META = "translation_table"


@dataclass(frozen=True)
class DocumentRecord:
    """A source document (one FAQ of file 001 is one document)."""

    id: int
    file: str
    part: int
    kind: str
    title: str
    set_name: str | None
    language: str
    date: str | None


def _cancel(timer: threading.Timer | None) -> None:
    """Drop the later page check ``timer`` of a store that is closed or failed to open (a check already running
    finishes; it reads the file through its own read-only connection)."""
    if timer is not None:
        timer.cancel()


def _check_readable(path: Path) -> None:
    """Refuse a store that is missing or that this process may not read (a file built by another user).

    Raises:
        StoreError: ``Datenbank fehlt`` naming the file; :class:`StoreUnreadable`: ``Datenbank nicht lesbar``
            naming the file and the reason.
    """
    try:
        with path.open("rb") as f:  # one read at start-up: the permission problem shows here, not as "unerwartet"
            f.read(16)
    except FileNotFoundError:
        raise StoreError(f"Datenbank fehlt ({path}): `python -m bot build` ausführen.") from None
    except IsADirectoryError:
        raise StoreError(f"Datenbank fehlt ({path} ist ein Ordner): `python -m bot build` ausführen.") from None
    except PermissionError:
        user = _user_name()
        raise StoreUnreadable(f"Datenbank nicht lesbar ({path}): keine Leserechte für {user}. Rechte der Datei und "
                         "ihres Ordners prüfen (z. B. `chmod a+r`) oder den Bot als ihr Besitzer starten.") from None
    except OSError as exc:
        raise StoreUnreadable(f"Datenbank nicht lesbar ({path}): {exc.strerror or exc}.") from None


def _user_name() -> str:
    """The user this process runs as, for the operator (``Benutzer regelbot (uid 10001)``)."""
    uid = os.getuid() if hasattr(os, "getuid") else None
    try:
        import pwd

        return f"Benutzer {pwd.getpwuid(uid).pw_name} (uid {uid})" if uid is not None else "diesen Benutzer"
    except (ImportError, KeyError):
        return f"uid {uid}" if uid is not None else "diesen Benutzer"


@functools.cache
def expected_schema() -> dict[str, frozenset[str]]:
    """The tables and views of ``data/schema.sql`` with their columns (``{"rulings": {"id", "text", …}}``):
    the script run once on an in-memory database (FTS5's own shadow tables included)."""
    mem = sqlite3.connect(":memory:")
    try:
        mem.executescript((DATA_DIR / "schema.sql").read_text(encoding="utf-8"))
        return _columns(mem.execute(_NAMES_SQL).fetchall(), mem.execute(_COLUMNS_SQL).fetchall())
    finally:
        mem.close()


#: Every table and view; the columns of every table (SQLite's table-valued ``pragma_table_info``). A view's
#: columns are not read: reading them fails when a table it selects from is missing, which the names tell.
_NAMES_SQL = "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite%'"
_COLUMNS_SQL = ("SELECT m.name, p.name FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p "
                "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite%'")


def _columns(names: Iterable[Sequence[Any]], columns: Iterable[Sequence[Any]]) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {name: set() for (name,) in names}
    for table, column in columns:
        found.setdefault(table, set()).add(column)
    return {table: frozenset(cols) for table, cols in found.items()}


async def _check_schema(conn: aiosqlite.Connection, path: Path) -> None:
    """Refuse a store that lacks a table, view or column of ``data/schema.sql`` (a store built by hand or
    damaged by a tool), instead of starting and failing every query that needs it.

    Raises:
        StoreError: ``Datenbank unvollständig`` naming the file and the first missing tables or columns.
    """
    async with conn.execute(_NAMES_SQL) as cur:
        names = await cur.fetchall()
    async with conn.execute(_COLUMNS_SQL) as cur:
        have = _columns(names, await cur.fetchall())
    missing: list[str] = []
    gone: list[str] = []
    for table, columns in sorted(expected_schema().items()):
        if table not in have:
            if not any(table.startswith(f"{g}_") for g in gone):  # FTS5's shadow tables of a missing index
                missing.append(f"Tabelle {table} fehlt")
            gone.append(table)
        else:
            missing += [f"Spalte {table}.{c} fehlt" for c in sorted(columns - have[table])]
    if missing:
        more = f" (und {len(missing) - 3} weitere)" if len(missing) > 3 else ""
        raise StoreError(f"Datenbank unvollständig ({path}): {', '.join(missing[:3])}{more}; "
                         "`python -m bot build` ausführen.")


#: SQLite virtual-machine steps a query may take on the event loop (:class:`LoopReader`) before it is stopped and run
#: through aiosqlite's thread instead. The look-ups of an answer take 0–4 500 (a card by id ≈ 40, the cards of a
#: mechanic's rulings ≈ 4 500); 10 000 steps are ≤ 2.5 ms of CPU here even for a query returning a row every few
#: steps (4 000 steps per ms with rows, 28 000 without). Whole-table catalogues (20 000+ steps) go to the thread.
LOOP_BUDGET_STEPS = 10_000
#: How often (in steps) SQLite calls the budget's progress handler.
LOOP_CHECK_EVERY = 500
#: Distinct SQL texts remembered as over the budget (the code's own query texts; a bound, not a working limit).
LOOP_SLOW_MAX = 1024
#: SQLite's primary result codes after which a query on the loop is run again through aiosqlite: SQLITE_BUSY (5)
#: and SQLITE_LOCKED (6) (another process holds a lock: aiosqlite's thread waits for it, the loop must not), and
#: SQLITE_INTERRUPT (9) (:data:`LOOP_BUDGET_STEPS` used up).
_AGAIN_OFF_LOOP = frozenset({5, 6, 9})
_SQLITE_INTERRUPT = 9


class LoopReader:
    """A plain read-only ``sqlite3`` connection to the store file (``mode=ro``, ``query_only``, no busy wait) for
    queries run directly on the event loop, each stopped after :data:`LOOP_BUDGET_STEPS` virtual-machine steps
    (SQLite's progress handler). Used by one event loop at a time (the store's); not thread-safe by itself.

    Raises (from :meth:`run`): ``sqlite3.OperationalError`` with ``sqlite_errorcode`` 9 (SQLITE_INTERRUPT) when
    the budget was used up, 5/6 when another process locks the file, any other ``sqlite3.Error`` unchanged.
    """

    def __init__(self, uri: str, budget: int = LOOP_BUDGET_STEPS) -> None:
        self.conn = sqlite3.connect(uri, uri=True, timeout=0, check_same_thread=False, isolation_level=None)
        try:
            self.conn.execute("PRAGMA query_only = ON")
        except sqlite3.Error:
            self.conn.close()
            raise
        self.budget = budget
        self._ticks = 0
        self.conn.set_progress_handler(self._tick, LOOP_CHECK_EVERY)

    def _tick(self) -> int:
        """SQLite's progress handler: nonzero (stop the query) once the query's budget is used up."""
        self._ticks -= 1
        return 1 if self._ticks < 0 else 0

    def run(self, sql: str, params: tuple[Any, ...], one: bool) -> Any:
        """Run ``sql`` with ``params`` within the budget; its first row or None (``one``), else all rows."""
        self._ticks = self.budget // LOOP_CHECK_EVERY
        cur = self.conn.execute(sql, params)
        try:
            return cur.fetchone() if one else cur.fetchall()
        finally:
            cur.close()

    def close(self) -> None:
        """Close the connection (idempotent)."""
        self.conn.close()


def _result_code(exc: sqlite3.Error) -> int:
    """SQLite's primary result code of ``exc`` (Python ≥ 3.11 names it; else read from the message)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return int(code) & 0xFF
    text = str(exc)
    return _SQLITE_INTERRUPT if "interrupted" in text else 5 if "locked" in text else 0


def document_from_row(row: Sequence[Any]) -> DocumentRecord:
    """The first eight columns of a view row (card_rows, ruling_rows, document_rows)."""
    return DocumentRecord(*row[:8])


T = TypeVar("T")
S = TypeVar("S", bound="StoreBase")


class StoreBase:
    """One read-only aiosqlite connection, the :class:`LoopReader` beside it (module docstring) and the cache.
    Create a :class:`bot.store.Store` with :meth:`open`.

    Attributes:
        loop_reads: queries answered on the event loop so far; ``thread_reads``: through aiosqlite's thread
            (the full-text searches, queries over the loop's budget or meeting a lock, all of a store without a
            :class:`LoopReader`). For tests and benchmarks.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path, loop_reader: LoopReader | None = None) -> None:
        self._conn = conn
        self.path = path
        self._memo: dict[str, Any] = {}
        self._names: StoredNames | None = None
        self._loop = loop_reader
        #: The page check of a large store not yet run (:func:`bot.store.check.check_later`), cancelled at close.
        self.check_timer: threading.Timer | None = None
        #: SQL texts that used up the loop's budget once: run through aiosqlite directly from then on.
        self._slow: set[str] = set()
        self.loop_reads = 0
        self.thread_reads = 0
        #: True from the start of :meth:`close` on: every query then raises :class:`bot.errors.StoreClosed`.
        self.closed = False

    def stored_names(self) -> StoredNames:
        """The name index the build stored (:class:`bot.store.names.StoredNames`, over its own synchronous
        read-only connection to the same file; opened at the first call, closed with the store).

        Raises:
            StoreError: the file cannot be opened (German message).
        """
        if self._names is None:
            try:
                self._names = StoredNames(self.path)
            except sqlite3.Error as exc:
                raise StoreUnreadable(f"Datenbank nicht lesbar ({self.path}): {exc}.") from None
        return self._names

    @classmethod
    async def open(cls: type[S], path: Path) -> S:
        """Open ``path`` read-only and check its schema version and its pages (``PRAGMA quick_check``: at once
        for a file of at most :data:`bot.store.check.CHECK_AT_OPEN_BYTES`, else in the background after the start,
        :func:`bot.store.check.check_later`).

        Raises:
            StoreError: the file is missing, from another schema version, or not a valid store
                (German message naming ``python -m bot build``).
        """
        _check_readable(path)
        uri = path.resolve().as_uri() + "?mode=ro"  # noqa: ASYNC240
        timer: threading.Timer | None = None
        try:
            conn = await aiosqlite.connect(uri, uri=True)
        except sqlite3.OperationalError as exc:  # e.g. the folder lets no one but its owner create the journal
            raise StoreUnreadable(f"Datenbank nicht lesbar ({path}): {exc} – Rechte der Datei und ihres Ordners "
                             "für den Benutzer des Bots prüfen.") from None
        try:
            async with conn.execute("PRAGMA user_version") as cur:
                row = await cur.fetchone()
            version = row[0] if row else 0
            if version == 0:
                raise StoreError(f"Keine Regelbot-Datenbank ({path}): `python -m bot build` ausführen.")
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"Datenbank neuer als dieser Bot (Schema {version}, erwartet {SCHEMA_VERSION}): Bot "
                    "aktualisieren oder mit dieser Version `python -m bot build` ausführen."
                )
            if version != SCHEMA_VERSION:
                raise StoreError(
                    f"Datenbank veraltet ({path}: Schema {version}, erwartet {SCHEMA_VERSION}): "
                    "`python -m bot build` ausführen (mit Regel- oder Kartendateien: `python -m bot update "
                    "--rebuild`, es baut aus den in quellen/ behaltenen Dateien)."
                )
            await _check_schema(conn, path)
            if path.stat().st_size <= CHECK_AT_OPEN_BYTES:  # noqa: ASYNC240
                await quick_check(conn, path)
            else:  # a large store (a card file of 100 000 printings: 700 MB) is checked after the start
                timer = check_later(uri, path)
            loop_reader = LoopReader(uri)
        except sqlite3.DatabaseError as exc:
            _cancel(timer)
            await conn.close()
            # SQLite's report (quick_check: several English lines) only for LOG_LEVEL=DEBUG; one German line.
            log.debug("Integritätsprüfung von %s: %s", path, exc)
            raise StoreError(
                f"Datenbank beschädigt oder keine Regelbot-Datenbank ({path}): `python -m bot build` ausführen."
            ) from None
        except StoreError:
            _cancel(timer)
            await conn.close()
            raise
        log.debug("Store geöffnet: %s", path)
        store = cls(conn, path, loop_reader)
        store.check_timer = timer
        return store

    async def close(self) -> None:
        """Close the connections, empty the cache and drop a page check not yet begun (idempotent). From its
        start on, a query of an answer still running raises :class:`bot.errors.StoreClosed` (its German „bitte
        erneut versuchen“), not sqlite3's ``ProgrammingError`` or aiosqlite's ``ValueError``; a query already
        handed to aiosqlite's thread finishes first (the close waits behind it in the thread's queue)."""
        self.closed = True
        _cancel(self.check_timer)
        self._memo.clear()
        if self._names is not None:
            self._names.close()
        if self._loop is not None:
            self._loop.close()
        await self._conn.close()

    async def build_info(self) -> dict[str, str]:
        """What ``build`` recorded about this store (table ``meta``): ``built_at`` (ISO time, UTC),
        ``sources_sha256`` (the documents read), ``cr_files`` and ``card_files`` (JSON lists of file names), …;
        ``{}`` for a store without them. Not the learned translation table (:data:`TABLE_META`, ≈ 48 KB that
        :func:`bot.translation.translations` reads itself): the info is kept per loaded store and logged at a swap."""
        return dict(await self.fetchall("SELECT key, value FROM meta WHERE key != ?", (TABLE_META,)))

    async def memo(self, key: str, load: Callable[[], Awaitable[T]]) -> T:
        """``await load()`` once per ``key`` for this store; later calls answer from memory until :meth:`close`.

        Autocomplete must answer within Discord's 3 seconds, so catalogues (rule numbers, mechanic
        titles, the change register) are loaded from the read-only store on first use and kept while it
        is open.
        """
        if key not in self._memo:
            self._memo[key] = await load()
        return self._memo[key]

    def _on_loop(self, sql: str, params: tuple[Any, ...], one: bool) -> tuple[bool, Any]:
        """Try ``sql`` on the event loop (:class:`LoopReader`): (True, rows or row), or (False, None) when it is
        to run through aiosqlite (no loop reader, known or found over the budget, a lock).

        Raises:
            StoreCorrupt: the query read a damaged page.
            bot.errors.StoreClosed: the store was closed (:meth:`close`).
            sqlite3.DatabaseError: any other SQLite error (syntax, a write refused), unchanged.
        """
        if self.closed:
            raise StoreClosed()
        if self._loop is None or sql in self._slow:
            return False, None
        try:
            rows = self._loop.run(sql, params, one)
        except sqlite3.DatabaseError as exc:
            code = _result_code(exc)
            if code not in _AGAIN_OFF_LOOP:
                raise self._corrupt(exc) from exc
            if code == _SQLITE_INTERRUPT and len(self._slow) < LOOP_SLOW_MAX:
                self._slow.add(sql)
            return False, None
        self.loop_reads += 1
        return True, rows

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        """Run one parameterised query and return all rows (tuples): on the event loop within its budget, else
        through aiosqlite's thread (module docstring); the same rows either way.

        Raises:
            StoreCorrupt: the query read a damaged page (German message for the user).
            bot.errors.StoreClosed: the store was closed (:meth:`close`; German „bitte erneut versuchen“).
            sqlite3.DatabaseError: any other SQLite error (locks, syntax), unchanged.
        """
        args = tuple(params)
        done, rows = self._on_loop(sql, args, False)
        if done:
            return rows
        return await self._thread_fetchall(sql, args)

    async def _thread_fetchall(self, sql: str, args: tuple[Any, ...]) -> list[Any]:
        """All rows of ``sql`` through aiosqlite's thread, in one hop (errors as :meth:`fetchall`)."""
        if self.closed:  # the full-text queries (fetch_search) come here without _on_loop
            raise StoreClosed()
        self.thread_reads += 1
        try:
            return list(await self._conn.execute_fetchall(sql, args))
        except sqlite3.DatabaseError as exc:
            raise self._corrupt(exc) from exc

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any:
        """Run one parameterised query and return its first row or None (where and errors as :meth:`fetchall`)."""
        args = tuple(params)
        done, row = self._on_loop(sql, args, True)
        if done:
            return row
        if self.closed:
            raise StoreClosed()
        self.thread_reads += 1
        try:
            async with self._conn.execute(sql, args) as cur:
                return await cur.fetchone()
        except sqlite3.DatabaseError as exc:
            raise self._corrupt(exc) from exc

    async def fetch_search(self, sql: str, params: Iterable[Any] = (), by_key: bool = False) -> list[Any]:
        """Run a query over the full-text (FTS5) tables: as :meth:`fetchall`, but through aiosqlite's thread (a
        MATCH over the user's text does its work inside single SQLite steps: the loop's step budget cannot bound
        it), a store without the search tables raises :class:`SearchIndexMissing`, and any other SQLite error is
        logged and read as no hits. ``by_key``: the query reads rows by their ids only (no MATCH, a bounded id
        list), so it is tried on the loop first, as :meth:`fetchall` does.

        An FTS5 syntax error cannot come from :func:`bot.textsearch.fts_match`; should one occur the user
        gets "nichts gefunden", never a traceback.
        """
        args = tuple(params)
        try:
            if by_key:
                done, rows = self._on_loop(sql, args, False)
                if done:
                    return rows
            return await self._thread_fetchall(sql, args)
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                raise SearchIndexMissing() from None
            log.warning("FTS-Abfrage fehlgeschlagen (%s): %r", exc, args)
            return []

    def _corrupt(self, exc: sqlite3.DatabaseError) -> BaseException:
        if not is_corruption(exc):
            return exc
        log.error("Datenbank beschädigt (%s): %s – `python -m bot build` ausführen", self.path, exc)
        return StoreCorrupt()

    @staticmethod
    def json_list(value: str | None) -> list[str]:
        """Decode a JSON list column (examples, see_also, terms); '' or NULL → []."""
        return list(json.loads(value)) if value else []
