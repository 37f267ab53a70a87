"""The data layer: SQL only in the store, the running bot without the importer, the per-store
cache, and the citation date of today's rules taken from the store's build."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.answers import AnswerContext
from bot.answers.mana import mana_total
from bot.render import to_text
from bot.search import NameIndex
from bot.store import Store
from tests.conftest import ROOT

#: What a running bot imports: the client (with its cogs), the answers, the CLI's run path, the console.
RUNNING_MODULES = ("bot.gateway.client", "bot.answers", "bot.console", "bot.serve", "bot.store", "bot.search")


def _imports_importer(modules: tuple[str, ...]) -> list[str]:
    code = (
        "import importlib, sys\n"
        f"for name in {list(modules)!r}:\n"
        "    importlib.import_module(name)\n"
        "import bot.gateway.client, pkgutil, cogs\n"
        "for info in pkgutil.iter_modules(cogs.__path__):\n"
        "    importlib.import_module('cogs.' + info.name)\n"
        "print('\\n'.join(sorted(m for m in sys.modules if m == 'bot.importer' or m.startswith('bot.importer.'))))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


def test_running_bot_does_not_import_the_importer():
    assert _imports_importer(RUNNING_MODULES) == []
    # the check can fail: the build path does import it
    assert "bot.importer" in _imports_importer(("bot.importer.writer",))


def test_no_sql_outside_the_store():
    answers = sorted((ROOT / "bot" / "answers").glob("*.py"))
    assert len(answers) > 10
    offenders = [p.name for p in answers if "SELECT" in p.read_text(encoding="utf-8")]
    assert offenders == []


async def test_memo_is_per_store_and_cleared_on_close(built_db: Path):
    first = await Store.open(built_db)
    second = await Store.open(built_db)
    calls: list[str] = []

    async def load(tag: str) -> str:
        calls.append(tag)
        return tag

    try:
        assert await first.memo("k", lambda: load("a")) == "a"
        assert await first.memo("k", lambda: load("b")) == "a"  # from memory
        assert await second.memo("k", lambda: load("c")) == "c"  # another store, its own cache
    finally:
        await first.close()
        await second.close()
    assert calls == ["a", "c"]
    assert await first.memo("k", lambda: load("d")) == "d"  # emptied by close (no query runs here)


async def _total_text(db: Path) -> tuple[str | None, str]:
    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        reply = await mana_total(ctx, cost="{1}{R}", reduction="{3}")
        return await store.cr_effective(), to_text(reply)
    finally:
        await store.close()


async def test_cr_citation_date_comes_from_the_store(built_db: Path, tmp_path: Path):
    effective, text = await _total_text(built_db)
    assert effective == "2026-04-17"  # the register's rule texts (data/changes.toml), built without --cr
    assert "[Regeln (Comprehensive Rules, 17.04.2026)] • 601.2f: " in text
    assert "• 601.2f: Die Gesamtkosten sinken nicht unter {0}." in text
    other = tmp_path / "other.sqlite3"
    shutil.copy(built_db, other)
    with sqlite3.connect(other) as conn:
        conn.execute("UPDATE today_cr SET effective = '2027-01-15'")
    effective, text = await _total_text(other)
    assert effective == "2027-01-15"
    assert "[Regeln (Comprehensive Rules, 15.01.2027)] • 601.2f: " in text
    assert "17.04.2026" not in text


async def test_one_stop_word_list_for_every_search(store: Store):
    from bot.analysis import STOP_WORDS as ANALYSIS_STOP_WORDS
    from bot.ranking import ranker
    from bot.text import GERMAN_STOP_WORDS, STOP_WORDS

    assert GERMAN_STOP_WORDS < STOP_WORDS <= ANALYSIS_STOP_WORDS
    # the documents' search drops every function and question word, German or English
    a = (await ranker(store)).analyser
    assert a.analyse("Wann kann der Spieler auf dem Stapel reagieren", question=True).words == [
        "spieler", "stapel", "reagieren"]
    assert a.analyse("the stack", question=True).words == ["stack"]
    assert a.analyse("kann der", question=True).all_terms() == []  # nothing left: no query

