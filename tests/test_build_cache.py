"""The run's build cache of the tests (tests/build_cache.py): a second build with the same inputs is a copy of the
first, placed as the real build places its file; any input that differs in name or bytes is another build."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from bot.importer import DEFAULT_SOURCES, KEYWORDS_PATH, changes
from tests.build_cache import BuildCache

FIX = Path(__file__).parent / "importer" / "fixtures"


def _counts(db: Path) -> tuple[int, int, str]:
    with sqlite3.connect(db) as conn:
        passages = conn.execute("SELECT count(*) FROM passages").fetchone()[0]
        cards = conn.execute("SELECT count(*) FROM cards").fetchone()[0]
        built_at = conn.execute("SELECT value FROM meta WHERE key = 'built_at'").fetchone()[0]
    return passages, cards, built_at


def test_the_same_inputs_are_built_once_and_placed_like_a_build(tmp_path: Path):
    cache = BuildCache(tmp_path / "cache")
    first = cache.build(tmp_path / "a.sqlite3")
    target = tmp_path / "b.sqlite3"
    target.write_bytes(b"old store")
    target.chmod(0o640)
    inode = target.stat().st_ino
    second = cache.build(target)
    assert cache.built == 1  # the second was a copy
    assert second.db_path == target and first.db_path == tmp_path / "a.sqlite3"
    assert second.files == first.files and second.files  # the counts of the real build, per document
    assert _counts(target)[:2] == _counts(tmp_path / "a.sqlite3")[:2] and _counts(target)[0] > 1000
    assert target.stat().st_ino != inode and target.stat().st_mode & 0o777 == 0o640  # renamed over, bits kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.sqlite3", "b.sqlite3", "cache"]  # no temp file left


def test_a_file_of_another_name_or_content_is_another_build(tmp_path: Path):
    def key(*cr: Path) -> str:
        return BuildCache.key(DEFAULT_SOURCES, cr, (), KEYWORDS_PATH, changes.CHANGES_PATH, changes.TERMS_PATH)

    rules = FIX / "cr_2026_bom_crcrlf.txt"
    renamed = tmp_path / "MagicCompRules_20260417.txt"
    shutil.copy(rules, renamed)
    assert key(rules) == key(rules) and key(rules) != key()
    assert key(renamed) != key(rules)  # the store records the file's name
    changed = tmp_path / rules.name
    changed.write_bytes(rules.read_bytes() + b"\n")
    assert key(changed) != key(rules)
    sources = tmp_path / "sources"
    shutil.copytree(DEFAULT_SOURCES, sources)
    assert BuildCache.key(sources, (), (), KEYWORDS_PATH, changes.CHANGES_PATH, changes.TERMS_PATH) == key()
    (sources / "manifest.toml").write_text((sources / "manifest.toml").read_text() + "\n", encoding="utf-8")
    assert BuildCache.key(sources, (), (), KEYWORDS_PATH, changes.CHANGES_PATH, changes.TERMS_PATH) != key()
