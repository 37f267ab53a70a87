"""Whether the store must be built again for the change register (``data/changes.toml``, ``data/terms.tsv``):
what plain ``python -m bot update`` asks when nothing new was downloaded (:mod:`bot.update`).

The store ``update`` built last is compared by the register's SHA-256, recorded in ``abruf.json`` under
:data:`REGISTER_KEY` with the store's ``built_at`` at each build of ``update``; a store ``build`` made (or one of an
older ``update``) by the register files' modification time against its ``built_at``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import sqlite3
from pathlib import Path
from typing import Any

from bot import metrics

#: The key of ``abruf.json`` that records the change register a store of ``update`` was built with.
REGISTER_KEY = "_register"


async def review_note(store: Any) -> tuple[int, str]:
    """The register rows of the open ``store`` (:class:`bot.store.Store`) to review against newer rules, for a
    running bot: ``(rows, "; 3 Registerzeilen zu prüfen: … (data/changes.toml)")``, ``(0, "")`` when there are
    none or the store cannot say; sets ``regelbot_register_rows_to_review``. What ``update`` reports with exit
    code 3 (:data:`bot.exits.REVIEW`), a bot's swap line then repeats as a WARNING (:meth:`bot.core.Core.reload`)."""
    try:
        summary = await store.review_summary()
    except Exception:  # a store of another schema: nothing to say (the swap itself was fine)
        return 0, ""
    metrics.rows_to_review(summary.rows)
    line = summary.line() if summary.rows else None
    return summary.rows, f"; {line} (data/changes.toml)" if line else ""


def register_files() -> tuple[Path, Path]:
    """The change register a build reads: ``data/changes.toml`` and ``data/terms.tsv``
    (:data:`bot.importer.register.CHANGES_PATH`, :data:`~bot.importer.register.TERMS_PATH`, read when called)."""
    # the importer only at the call: bot.core imports this module at every start
    from bot.importer import register

    return register.CHANGES_PATH, register.TERMS_PATH


def register_digest(files: tuple[Path, ...]) -> str:
    """SHA-256 over the change register's ``files`` (name and content of each; a missing file counts as empty)."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\x00")
        with contextlib.suppress(OSError):
            digest.update(path.read_bytes())
        digest.update(b"\x00")
    return digest.hexdigest()


def store_built_at(db: Path) -> str | None:
    """``built_at`` of the store at ``db`` (table ``meta``, ISO time UTC), None for no or an unreadable store."""
    if not db.is_file():
        return None
    readonly = db.resolve().as_uri() + "?mode=ro"
    with contextlib.suppress(sqlite3.Error), contextlib.closing(sqlite3.connect(readonly, uri=True)) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = 'built_at'").fetchone()
        return str(row[0]) if row and row[0] else None
    return None


def register_changed(db: Path, state: dict[str, Any]) -> str | None:
    """Why the store at ``db`` must be built again for the change register (:func:`register_files`), as a German
    line, or None when it was built with the register as it is now. The store ``update`` built last (its
    ``built_at`` is the one recorded in ``abruf.json``) is compared by the register's SHA-256; a store ``build``
    made (or one of an older ``update``) by the register files' modification time against its ``built_at``
    (a file touched without a change rebuilds once, which is harmless)."""
    built = store_built_at(db)
    if built is None:
        return None
    files = register_files()
    names = ", ".join(f"data/{p.name}" for p in files)
    recorded = state.get(REGISTER_KEY)
    if isinstance(recorded, dict) and recorded.get("built_at") == built:
        if recorded.get("sha256") == register_digest(files):
            return None
        return f"Änderungsregister ({names}) geändert seit dem Bau der Datenbank: sie wird neu gebaut"
    try:
        built_ts = dt.datetime.fromisoformat(built).timestamp()
    except ValueError:
        return None
    newer = [p for p in files if p.is_file() and p.stat().st_mtime > built_ts]
    if not newer:
        return None
    return (f"Änderungsregister ({', '.join(f'data/{p.name}' for p in newer)}) nach dem Bau der Datenbank "
            f"({built}) bearbeitet: sie wird neu gebaut")


__all__ = ["REGISTER_KEY", "register_changed", "register_digest", "register_files", "store_built_at"]
