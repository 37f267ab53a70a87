"""The store's page check (``PRAGMA quick_check``, https://sqlite.org/pragma.html#pragma_quick_check): at open for
a store of at most :data:`CHECK_AT_OPEN_BYTES`, after the start for a larger one.

The check reads every page, so its time grows with the file: on the store of a card file of 100 000 printings
(about 700 MB) it took most of a second of CPU before the bot could connect. Such a store is checked in a thread
of its own once the start is over (:func:`check_later`); damage found there is logged as an error, and a query
that meets a damaged page answers with the German "Datenbank beschädigt" reply as before
(:class:`bot.store.base.StoreCorrupt`).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

#: Longest time ``PRAGMA quick_check`` may take at open (seconds); a store that needs longer is checked partly.
QUICK_CHECK_BUDGET = 3.0
#: Largest store file checked at open (bytes, 64 MiB: the documents' store has 3 MB, with two rules files and a
#: set file about 20 MB); a larger one is checked by :func:`check_later`.
CHECK_AT_OPEN_BYTES = 64 * 1024 * 1024
#: Seconds after the open before a large store's check starts (the start-up's work is done by then).
CHECK_DELAY = 30.0


async def quick_check(conn: aiosqlite.Connection, path: Path) -> None:
    """``PRAGMA quick_check`` within :data:`QUICK_CHECK_BUDGET` seconds (a progress handler stops it
    after that, logged as a partial check).

    Raises:
        sqlite3.DatabaseError: the check found damage (its first finding is the message).
    """
    deadline = time.monotonic() + QUICK_CHECK_BUDGET
    stopped = False

    def over_budget() -> int:
        nonlocal stopped
        stopped = time.monotonic() > deadline
        return 1 if stopped else 0

    await conn.set_progress_handler(over_budget, 10_000)
    started = time.monotonic()
    try:
        async with conn.execute("PRAGMA quick_check(5)") as cur:
            rows = [r[0] for r in await cur.fetchall()]
    except sqlite3.OperationalError:
        if not stopped:
            raise
        log.warning("Integritätsprüfung nach %.1f s abgebrochen (große Datenbank %s); nur teilweise geprüft",
                    QUICK_CHECK_BUDGET, path)
        return
    finally:
        await conn.set_progress_handler(over_budget, 0)  # N < 1 turns the handler off (sqlite3_progress_handler)
    if rows != ["ok"]:
        raise sqlite3.DatabaseError("; ".join(rows[:3]))
    log.debug("Integritätsprüfung ok (%.3f s)", time.monotonic() - started)


def check_now(uri: str, path: Path) -> bool:
    """The whole ``PRAGMA quick_check`` of the store at ``uri`` (read-only, on a connection of its own); False
    (and one German error line in the log) when it finds damage or cannot read the file, True when it is whole."""
    started = time.monotonic()
    try:
        conn = sqlite3.connect(uri, uri=True)
        try:
            rows = [r[0] for r in conn.execute("PRAGMA quick_check(5)")]
        finally:
            conn.close()
    except sqlite3.Error as exc:
        rows = [str(exc)]
    if rows != ["ok"]:
        log.error("Datenbank beschädigt (%s): `python -m bot build` ausführen. Integritätsprüfung: %s", path,
                  "; ".join(rows[:3]))
        return False
    log.info("Integritätsprüfung ok (%s, %.1f s)", path, time.monotonic() - started)
    return True


def check_later(uri: str, path: Path, delay: float = CHECK_DELAY) -> threading.Timer:
    """Run :func:`check_now` on the store at ``uri`` after ``delay`` seconds in a daemon thread (it does not keep
    the process alive; SQLite lets the thread wait on the disk without holding the interpreter); returns the timer
    (``cancel()`` drops a check not yet begun)."""
    timer = threading.Timer(delay, check_now, (uri, path))
    timer.daemon = True
    timer.name = "regelbot-store-check"
    timer.start()
    return timer
