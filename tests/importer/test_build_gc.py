"""The build's garbage-collector threshold (:data:`bot.importer.BUILD_GC_YOUNG`): set while a store is written, the
one of before set again after, also when the build fails."""

from __future__ import annotations

import gc
import sqlite3
from pathlib import Path

import pytest

from bot import importer
from bot.importer.report import BuildReport


def test_the_threshold_while_writing_and_after() -> None:
    before = gc.get_threshold()
    seen = []

    @importer._young_collections(importer.BUILD_GC_YOUNG)
    def write() -> None:
        seen.append(gc.get_threshold())
        raise RuntimeError("the build fails")

    with pytest.raises(RuntimeError):
        write()
    assert seen == [(100_000, *before[1:])]
    assert gc.get_threshold() == before


def test_fill_writes_under_the_threshold(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen = []

    def schema_fails(*_args: object) -> None:
        seen.append(gc.get_threshold()[0])
        raise RuntimeError("stop after the first step")

    monkeypatch.setattr(importer.writer, "write", schema_fails)
    inputs = importer._Inputs(importer.DEFAULT_SOURCES, [], [], None, {}, [], [], importer.KEYWORDS_PATH)
    with pytest.raises(RuntimeError):
        importer._fill(tmp_path / "s.sqlite3", inputs, BuildReport(db_path=tmp_path / "s.sqlite3"))
    assert seen == [importer.BUILD_GC_YOUNG]


def test_fill_makes_the_store_with_its_page_size(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The store gets :data:`bot.importer.BUILD_PAGE_SIZE` before its first table (set after, SQLite keeps 4096)."""

    def stop(*_args: object) -> None:
        raise RuntimeError("stop after the schema")

    monkeypatch.setattr(importer.writer, "write", stop)
    inputs = importer._Inputs(importer.DEFAULT_SOURCES, [], [], None, {}, [], [], importer.KEYWORDS_PATH)
    store = tmp_path / "s.sqlite3"
    with pytest.raises(RuntimeError):
        importer._fill(store, inputs, BuildReport(db_path=store))
    conn = sqlite3.connect(store)
    try:
        assert conn.execute("PRAGMA page_size").fetchone()[0] == importer.BUILD_PAGE_SIZE == 16384
        assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'passages'").fetchone()[0] == 1
    finally:
        conn.close()
