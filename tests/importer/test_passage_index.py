"""The passages' full-text index (``passages_fts`` of data/schema.sql) indexes the view ``passage_index`` of the
``passages`` rows and stores no copy of their texts: what a reader gets from the index is what ``passages`` holds,
and the index agrees with it row for row (FTS5 ``integrity-check`` against the content)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest


@pytest.fixture
def conn(built_db: Path):
    """The built store of data/sources, opened read-only."""
    connection = sqlite3.connect(f"file:{built_db}?mode=ro", uri=True)
    yield connection
    connection.close()


def test_index_keeps_no_copy_of_the_texts(conn: sqlite3.Connection):
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE name LIKE 'passages_fts%'")}
    assert tables == {"passages_fts", "passages_fts_data", "passages_fts_idx", "passages_fts_docsize",
                      "passages_fts_config"}  # no passages_fts_content


def test_index_rows_are_the_passages_columns(conn: sqlite3.Connection):
    # The term Trampelschaden of 003 (Regeln erklärt): its analysed name and text and its text as written.
    names, terms, raw, title, text = conn.execute(
        "SELECT f.names, f.terms, f.raw, p.title, p.text FROM passages_fts f JOIN passages p ON p.id = f.rowid"
        " WHERE p.key = 'term:Trampelschaden'"
    ).fetchone()
    assert names == "zzktrample trampelschad"
    assert terms.startswith("zzktrample zzkkeywordxability trampelschad englisch trampl")
    assert raw == f"{title}\n{text}"
    assert raw.startswith("Trampelschaden\nTrampelschaden (englisch Trample): Schlüsselwortfähigkeit, heute Regel"
                          " 702.19.")
    assert conn.execute("SELECT count(*) FROM passages_fts").fetchone() == conn.execute(
        "SELECT count(*) FROM passages").fetchone()


def test_index_agrees_with_its_content(built_db: Path, tmp_path: Path):
    copy = tmp_path / "store.sqlite3"
    source = sqlite3.connect(f"file:{built_db}?mode=ro", uri=True)
    target = sqlite3.connect(copy)
    try:
        source.backup(target)
        target.execute("INSERT INTO passages_fts (passages_fts, rank) VALUES ('integrity-check', 1)")
        # A word the raw text holds is found in that column: "Trampelschaden" only as typed, not as analysed.
        found = target.execute("SELECT p.key FROM passages_fts f JOIN passages p ON p.id = f.rowid"
                               " WHERE passages_fts MATCH 'raw : Trampelschaden' AND p.kind = 'term'").fetchall()
        assert ("term:Trampelschaden",) in found
        # A passage's terms changed without its index: the check sees the index no longer matches its content.
        target.execute("UPDATE passages SET terms = terms || ' zzzzunbekannt' WHERE key = 'term:Trampelschaden'")
        with pytest.raises(sqlite3.DatabaseError):
            target.execute("INSERT INTO passages_fts (passages_fts, rank) VALUES ('integrity-check', 1)")
    finally:
        source.close()
        target.close()
