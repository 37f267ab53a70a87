"""Stores the start-up check refuses besides damaged ones (bot/store/base.py): a file this process may not read
(a store built by root, the service running as another user) and a store that lacks a table or a column of
``data/schema.sql``. Each is one German line naming the file and what is wrong, exit code 1, no traceback."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bot.store import Store, StoreError
from bot.store.base import expected_schema
from tests.conftest import ROOT, call_cli

NOBODY = 65534


def test_the_expected_schema_is_read_from_schema_sql():
    schema = expected_schema()
    assert {"id", "card_id", "mechanic_id", "text"} <= schema["rulings"]  # data/schema.sql: CREATE TABLE rulings
    assert "card_rows" in schema and "passages_fts" in schema


@pytest.fixture
def copy(built_db, tmp_path):
    db = tmp_path / "store.sqlite3"
    shutil.copy(built_db, db)
    return db


def _sql(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


async def test_a_missing_table_is_named(copy):
    _sql(copy, "DROP TABLE keywords")
    with pytest.raises(StoreError) as refused:
        await Store.open(copy)
    assert str(refused.value) == (f"Datenbank unvollständig ({copy}): Tabelle keywords fehlt; "
                                  "`python -m bot build` ausführen.")


async def test_a_missing_full_text_index_is_named_once_not_with_its_shadow_tables(copy):
    _sql(copy, "DROP TABLE passages_fts")
    with pytest.raises(StoreError, match=r"Tabelle passages_fts fehlt; `python"):
        await Store.open(copy)


async def test_a_missing_column_is_named(copy):
    _sql(copy, "ALTER TABLE cards DROP COLUMN english_match")
    with pytest.raises(StoreError, match=r"unvollständig .*: Spalte cards\.english_match fehlt; `python -m bot build`"):
        await Store.open(copy)


def test_a_store_missing_a_table_does_not_start(copy):
    _sql(copy, "DROP TABLE mechanics")
    proc = call_cli("call", "/karte name: Boros-Rekrut", db=copy)  # main's exit code and output, in process
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        f"Datenbank unvollständig ({copy}): Tabelle mechanics fehlt; `python -m bot build` ausführen."]
    assert proc.stdout == ""


def _as_another_user(args: list[str], db: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` on ``db`` as a user who may not read it: as root, the process runs as ``nobody``
    (``setpriv``) and the store is root's with mode 600; as anyone else, the store gets mode 000."""
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL"}}
    env.update(REGELBOT_DB=str(db), DISCORD_TOKEN="", PYTHONDONTWRITEBYTECODE="1")
    argv = [sys.executable, "-m", "bot", *args]
    if os.getuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: no way to be a user who cannot read the store")
        db.chmod(0o600)
        argv = [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *argv]
    else:
        db.chmod(0o000)
    return subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_an_unreadable_store_is_named_with_the_user(built_db):
    folder = Path(tempfile.mkdtemp(prefix="regelbot-perm-"))  # pytest's tmp_path is private to its user
    try:
        folder.chmod(0o755)
        db = folder / "store.sqlite3"
        shutil.copy(built_db, db)
        proc = _as_another_user(["call", "/karte name: Boros-Rekrut"], db)
        if proc.returncode == 0:
            pytest.skip("this user can read any file (no permission checks here)")
        assert proc.returncode == 1, proc.stderr
        line, = proc.stderr.strip().splitlines()
        assert line.startswith(f"Datenbank nicht lesbar ({db}): keine Leserechte für ")
        assert "Rechte der Datei und ihres Ordners prüfen" in line
        assert "Unerwartet" not in line and "Traceback" not in proc.stderr
    finally:
        shutil.rmtree(folder)
